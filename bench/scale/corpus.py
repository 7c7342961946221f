"""A synthetic explainer project of N statements, written to disk.

Every citation is checked against its seed with the library's own matcher while generating (with the
fewest words of prefix or suffix that settle an ambiguous passage, as editors are told to write them), so
the corpus has no errors. The project also gets copies of mkdocs.yml, the hook and the project's other
hand-written docs pages (wiki-links made plain text), and a generated docs/index.md.
"""

from __future__ import annotations

import hashlib
import random
import re
import shutil
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from explainer.core.tree import walk
from explainer.evidence.wikilinks import plain_wikilinks
from explainer.text.textmatch import find_passage
from scale.prose import SEED, Prose, SeedText, Utterance

ROOT = Path(__file__).resolve().parents[2]
CLAIMS_PER_FILE = 500
CURLY = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "—": "-"})


class Citer:
    """Picks passages the way editors do: whole sentences, their first or last words, two sentences, short phrases."""

    def __init__(self, rng: random.Random, seeds: list[SeedText]) -> None:
        self.rng = rng
        self.seeds = seeds
        self.stats: dict[str, int] = defaultdict(int)

    def cite(self, seed: SeedText, start: int, end: int) -> dict[str, Any]:
        """A citation of seed.text[start:end], with a prefix or a suffix (or both) when the passage alone is
        ambiguous, as editors are told to write it; an occurrence only where neither settles it."""
        assert seed.normalized is not None
        quote = seed.text[start:end].strip()
        start = seed.text.index(quote, start)
        typed = quote.translate(CURLY) if self.rng.random() < 0.5 else quote  # editors type plain quotes and dashes
        citation: dict[str, Any] = {"source": seed.id, "quote": typed}
        found = find_passage(seed.normalized, typed)
        starts = [m.start for m in found.matches]
        if start not in starts:
            raise AssertionError(f"generator bug: {quote!r} not found at {start} in {seed.file}")
        if len(starts) == 1:
            self.stats["unique"] += 1
            return citation
        end = start + len(quote)
        for words in (4, 8, 16):  # the fewest words before or after that settle it
            prefix = " ".join(seed.text[max(0, start - 20 * words) : start].split()[-words:])
            suffix = " ".join(seed.text[end : end + 20 * words].split()[:words])
            for name, context in (("prefix", {"prefix": prefix}), ("suffix", {"suffix": suffix})):
                if context[name]:
                    pinned = find_passage(seed.normalized, typed, context.get("prefix"), context.get("suffix"))
                    if [m.start for m in pinned.matches] == [start]:
                        self.stats[name] += 1
                        return {**citation, **context}
        self.stats["occurrence"] += 1
        return {**citation, "occurrence": starts.index(start) + 1}

    def random(self, seed: SeedText | None = None) -> dict[str, Any]:
        seed = seed or self.rng.choice(self.seeds)
        index = self.rng.randrange(len(seed.sentences))
        start, end = seed.sentences[index]
        roll = self.rng.random()
        if roll < 0.45:
            return self.cite(seed, start, end)
        if roll < 0.85:
            spaces = [m.start() for m in re.finditer(" ", seed.text[start:end])]
            if len(spaces) >= 6:
                cut = self.rng.randint(4, len(spaces) - 2)
                if roll < 0.65:
                    return self.cite(seed, start, start + spaces[cut])
                return self.cite(seed, start + spaces[-cut - 1] + 1, end)
            return self.cite(seed, start, end)
        if roll < 0.95 and index + 1 < len(seed.sentences) and seed.paragraph_of[index + 1] == seed.paragraph_of[index]:
            return self.cite(seed, start, seed.sentences[index + 1][1])
        # A short phrase (often ambiguous: exercises prefix and occurrence).
        spaces = [m.start() for m in re.finditer(" ", seed.text[start:end])]
        if len(spaces) < 4:
            return self.cite(seed, start, end)
        first = self.rng.randrange(len(spaces) - 3)
        return self.cite(seed, start + spaces[first] + 1, start + spaces[first + self.rng.choice((2, 3))])

    def several(self, low: int, high: int) -> list[dict[str, Any]]:
        chosen = self.rng.sample(self.seeds, self.rng.randint(low, high))
        return [self.random(seed) for seed in chosen]


# ---- the corpus -----------------------------------------------------------------------------------


@dataclass
class Corpus:
    files: dict[str, Any]  # content/<name> -> YAML data
    seeds: list[SeedText]
    index_md: str
    counts: dict[str, int]
    citation_kinds: dict[str, int]


def make_corpus(size: int, seeds: list[SeedText]) -> Corpus:
    """`size` statements: claims mostly, and people, facts, relations, events, inferences, quotes and
    answers in proportion."""
    rng = random.Random(SEED + size)
    prose = Prose(random.Random(SEED + 1), vocabulary=3000)
    citer = Citer(rng, seeds)
    topic_count = max(5, size // 100)
    people_count = max(10, size // 50)
    fact_count = size * 8 // 100
    relation_count = size * 3 // 100
    event_count = size * 4 // 100
    quote_count = size * 8 // 100
    disagreement_count = size * 15 // 1000

    topics = [
        {"id": f"topic-{i:04d}", "title": prose.sentence(2, 5).rstrip("."), "summary": prose.text()}
        for i in range(1, topic_count + 1)
    ]
    people: list[dict[str, Any]] = []
    for i in range(1, people_count + 1):
        name = prose.name()
        person: dict[str, Any] = {"id": f"{name.lower().replace(' ', '-')}-{i}", "name": name}
        if rng.random() < 0.3:
            person["aliases"] = [prose.name()]
        if rng.random() < 0.5:
            person["summary"] = prose.text()
        people.append(person)
    person_ids = [p["id"] for p in people]

    def voice() -> dict[str, Any] | None:
        roll = rng.random()
        if roll < 0.6:
            return None
        if roll < 0.75:
            return {"kind": "article"}
        if roll < 0.9:
            return {"kind": "person", "person": rng.choice(person_ids)}
        if roll < 0.95:
            return {"kind": "insider", "label": "a source close to the " + prose.word()}
        return {"kind": "commenters"}

    def with_voice(record: dict[str, Any], key: str = "attribution") -> dict[str, Any]:
        said_by = voice()
        if said_by is not None:
            record[key] = said_by
        return record

    for n in range(1, fact_count + 1):
        person = rng.choice(people)
        cited = citer.several(1, 2)
        person.setdefault("facts", []).append(
            with_voice({"id": f"fact-{n:05d}", "text": prose.text(cited), "citations": cited})
        )
    # A family that can be drawn (the family tree refuses someone who is their own ancestor): people in four
    # generations, partners within one, children in the next.
    generation = {person["id"]: i * 4 // len(people) for i, person in enumerate(people)}
    pairs: set[frozenset[str]] = set()
    n = 0
    while n < relation_count:
        a, b = rng.sample(people, 2)
        step = generation[b["id"]] - generation[a["id"]]
        kinds = {0: ("spouse", "former-spouse"), 1: ("child",), -1: ("parent",)}.get(step)
        if kinds is None or frozenset((a["id"], b["id"])) in pairs:
            continue
        pairs.add(frozenset((a["id"], b["id"])))
        n += 1
        a.setdefault("relations", []).append(
            {
                "id": f"relation-{n:05d}",
                "kind": rng.choice(kinds),
                "person": b["id"],
                "citations": citer.several(1, 1),
            }
        )

    events: list[dict[str, Any]] = []
    inferences = orders = 0

    def stated(value: int) -> dict[str, Any]:
        return {"value": value, "basis": "stated"}

    for n in range(1, event_count + 1):
        event_citations = citer.several(1, 2)
        event: dict[str, Any] = {
            "id": f"event-{n:05d}",
            "title": prose.sentence(3, 7, numbers=False).rstrip("."),
            "text": prose.text(event_citations),
        }
        roll = rng.random()
        if roll < 0.6:
            date: dict[str, Any] = {"year": stated(rng.randint(1990, 2024))}
            if rng.random() < 0.6:
                date["month"] = stated(rng.randint(1, 12))
                if rng.random() < 0.5:
                    date["day"] = stated(rng.randint(1, 28))
            event["date"] = date
        elif roll < 0.7:
            year, month = rng.randint(1990, 2024), rng.randint(1, 11)
            event["date"] = {
                "earliest": {"year": stated(year), "month": stated(month)},
                "latest": {"year": stated(year), "month": stated(month + 1)},
            }
        elif roll < 0.8:
            inferences += 1
            inference = {"id": f"inference-{n:05d}", "text": prose.sentence(), "citations": citer.several(1, 2)}
            inferred = {"value": rng.randint(1990, 2024), "basis": "inferred", "inference": inference["id"]}
            event["date"] = {"year": inferred, "inferences": [inference], "as_written": "last " + prose.word()}
        elif events:
            # An undated event with a cited order against an earlier one: relations only ever point from
            # an event to a later-numbered undated one, so they can make no cycle.
            orders += 1
            event["after"] = [
                {"id": f"order-{n:05d}", "event": rng.choice(events)["id"], "citations": citer.several(1, 1)}
            ]
        if rng.random() < 0.3:
            event["place"] = prose.name()
        event["participants"] = rng.sample(person_ids, rng.randint(1, 3))
        event["citations"] = event_citations
        events.append(event)
    event_ids = [e["id"] for e in events]

    # Quotes: each cites a dialogue utterance in every article that prints it (a shared one may be worded differently).
    sites: dict[tuple[Any, ...], list[tuple[SeedText, Utterance]]] = defaultdict(list)
    for seed in seeds:
        for j, said in enumerate(seed.utterances):
            key: tuple[Any, ...] = ("shared", said.shared) if said.shared is not None else ("own", seed.id, j)
            if all(s is not seed for s, _ in sites[key]):
                sites[key].append((seed, said))
    keys = sorted(sites, key=str)
    rng.shuffle(keys)
    quotes = []
    for n in range(quote_count):
        where = sites[keys[n % len(keys)]]
        trim = n // len(keys)  # later rounds cite shorter parts of the same utterances
        citations = []
        for seed, said in where if trim == 0 else where[:1]:
            spaces = [m.start() for m in re.finditer(" ", seed.text[said.start : said.end])]
            start, end = said.start, said.end
            if trim and len(spaces) > 2 * trim + 3:
                start, end = said.start + spaces[trim - 1] + 1, said.start + spaces[-trim]
            citations.append(citer.cite(seed, start, end))
        speaker = (
            {"kind": "person", "person": rng.choice(person_ids)}
            if rng.random() < 0.9
            else {"kind": "insider", "label": "an unnamed " + prose.word()}
        )
        quote: dict[str, Any] = {"id": f"quote-{n + 1:05d}", "speaker": speaker}
        if rng.random() < 0.4:
            quote["addressee"] = rng.choice(person_ids)
        if event_ids and rng.random() < 0.3:
            quote["event"] = rng.choice(event_ids)
        if rng.random() < 0.3:
            quote["context"] = prose.text(citations)
        quote["citations"] = citations
        quotes.append(quote)

    disagreements = []
    answers = 0
    for n in range(1, disagreement_count + 1):
        record: dict[str, Any] = {
            "id": f"disagreement-{n:05d}",
            "question": prose.sentence(5, 10, numbers=False).rstrip(".") + "?",
            "kind": "substance" if rng.random() < 0.8 else "detail",
        }
        record["topic"] = rng.choice(topics)["id"]
        record["about"] = rng.sample(person_ids, rng.randint(1, 2))
        record["answers"] = []
        for answer in range(rng.choice((2, 2, 2, 3))):
            answers += 1
            cited = citer.several(1, 1)
            record["answers"].append(
                with_voice({"id": f"answer-{n:05d}-{answer + 1}", "text": prose.text(cited), "citations": cited})
            )
        disagreements.append(record)

    # A few transcripts, half of their lines quotes (cited through the quote), half cited actions.
    transcripts = []
    action_lines = 0
    for n in range(1, max(1, size // 2000) + 1):
        lines: list[dict[str, Any]] = []
        for i in range(1, rng.randint(8, 12) + 1):
            line: dict[str, Any] = {"id": f"transcript-{n:03d}-line-{i:02d}"}
            if rng.random() < 0.5:
                line["quote"] = rng.choice(quotes)["id"]
            else:
                action_lines += 1
                line["citations"] = [citer.random()]
                line["action"] = prose.text(line["citations"], 4, 10)
                with_voice(line, "speaker")
            if rng.random() < 0.2:
                line["note"] = prose.text()
            lines.append(line)
        transcript = {
            "id": f"transcript-{n:03d}",
            "title": prose.sentence(3, 6).rstrip("."),
            "summary": prose.text(),
            "lines": lines,
        }
        if event_ids:
            transcript["event"] = rng.choice(event_ids)
        transcripts.append(transcript)

    claim_count = (
        size - fact_count - relation_count - event_count - inferences - orders - quote_count - answers - action_lines
    )
    claims = []
    for n in range(1, claim_count + 1):
        cited = citer.several(1, rng.choice((1, 1, 1, 2, 2, 3)))
        claim: dict[str, Any] = {"id": f"claim-{n:05d}", "topic": rng.choice(topics)["id"], "text": prose.text(cited)}
        with_voice(claim)
        about = rng.sample(person_ids, rng.choice((0, 1, 1, 2)))
        if n == 1:
            about = person_ids[:2]  # the home page names these two people beside this claim's citation
        if about:
            claim["about"] = about
        if event_ids and rng.random() < 0.1:
            claim["event"] = rng.choice(event_ids)
        claim["citations"] = cited
        claims.append(claim)

    sources = [
        {
            "id": s.id,
            "file": s.file,
            "sha256": hashlib.sha256(s.text.encode()).hexdigest(),
            "title": s.title,
            "title_kind": "headline",
        }
        for s in seeds
    ]
    files: dict[str, Any] = {
        "sources.yaml": {"sources": sources},
        "topics.yaml": {"topics": topics},
        "people.yaml": {"people": people},
        "events.yaml": {"events": events},
        "quotes.yaml": {"quotes": quotes},
        "disagreements.yaml": {"disagreements": disagreements},
        "transcripts.yaml": {"transcripts": transcripts},
    }
    for part, at in enumerate(range(0, len(claims), CLAIMS_PER_FILE)):
        files[f"claims-{part + 1:03d}.yaml"] = {"claims": claims[at : at + CLAIMS_PER_FILE]}
    index_md = (
        "# A synthetic explainer\n\n"
        f"Generated by bench/run.py. It mentions [[{person_ids[0]}]], "
        f"[[{person_ids[1]}|another person]] and [[{quotes[0]['id']}]], and cites a claim. "
        f"[[cite:{claims[0]['id']}]]\n\n"
        f"See also [[{topics[0]['id']}]], [[{event_ids[0]}]] and [[{seeds[0].id}]].\n"
    )
    counts = {
        "claims": claim_count,
        "person_facts": fact_count,
        "relations": relation_count,
        "events": event_count,
        "inferences": inferences,
        "event_orders": orders,
        "quotes": quote_count,
        "answers": answers,
        "disagreements": disagreement_count,
        "transcript_action_lines": action_lines,
        "transcripts": len(transcripts),
        "people": people_count,
        "topics": topic_count,
        "sources": len(seeds),
    }
    return Corpus(files, seeds, index_md, counts, dict(citer.stats))


def write_project(corpus: Corpus, root: Path) -> None:
    """The explainer project: content/, seeds/, docs/index.md, and copies of mkdocs.yml and the hook."""
    (root / "content").mkdir(parents=True)
    (root / "seeds").mkdir()
    (root / "docs").mkdir()
    (root / "hooks").mkdir()
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    for name, data in corpus.files.items():
        text = yaml.dump(data, Dumper=dumper, allow_unicode=True, sort_keys=False, width=4096)
        (root / "content" / name).write_text(text, encoding="utf-8")
    for seed in corpus.seeds:
        (root / seed.file).write_text(seed.text, encoding="utf-8")
    copy_handwritten_docs(root / "docs")
    (root / "docs" / "index.md").write_text(corpus.index_md, encoding="utf-8")
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    shutil.copy(ROOT / "hooks" / "explainer_hook.py", root / "hooks" / "explainer_hook.py")


def copy_handwritten_docs(docs: Path) -> None:
    """The project's other hand-written pages (the nav may list them), with wiki-links made plain text:
    their targets are the real content's records, which the synthetic corpus does not have."""
    files, _ = walk(ROOT, "docs")  # the regular files, as the library reads a project's folder
    for name in files:
        path, relative = ROOT / name, Path(name).relative_to("docs")
        if relative.as_posix() == "index.md":
            continue
        target = docs / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".md":
            text = plain_wikilinks(path.read_text(encoding="utf-8"), lambda link: link.text or link.target)
            target.write_text(text, encoding="utf-8")
        else:
            shutil.copy(path, target)
