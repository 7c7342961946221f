#!/usr/bin/env python3
"""Scale benchmark of the explainer: `.venv/bin/python bench/run.py --sizes 1000,10000`.

For every size it generates, in a temporary folder, a synthetic project with that many statements
(mostly claims, plus people with facts and relations, quotes, events with some inferred years,
topics, disagreements and a few transcripts) that cite passages of long, deterministic
pseudo-random seed articles (the same articles for every size). Every citation is checked against
its seed with the library's own matcher while generating, so the corpus has no errors. The
project also gets copies of mkdocs.yml, the hook and the project's other hand-written docs pages
(wiki-links made plain text), and a generated docs/index.md. Then it measures, each in its own
subprocess:

1. `explainer check --root DIR` (load, validate, resolve, verify);
2. the full `mkdocs build` of that project with the explainer hook;
3. `mkdocs build` of a second project with the same mkdocs.yml but no hook. Its docs/ holds what
   the hook hands MkDocs, frozen into files by running the hook's events in this process: every
   generated page as Markdown front matter (the page metadata) plus the rendered HTML fragment,
   the hand-written pages with wiki-links rendered, and the generated assets and exports; its
   mkdocs.yml adds what the hook's on_config adds (stylesheet, script, theme override) and marks
   the entity pages not-in-nav, as the hook does. Build (2) minus build (3) is the hook's own work
   (less the Markdown parsing of raw HTML that only build (3) does, measured separately).

Running the hook's events in this process also times (in CPU seconds of this process) the
library's steps one by one, to show which of them grows non-linearly. Each command runs --repeat
times, interleaved; wall times are the fastest run (all runs are listed), CPU times the median.
Wall time, CPU time (user + system) and peak RSS come from a minimal wrapper process that runs the
command as its only child. One
JSON object per size is printed on stdout, one line each; progress goes to stderr. Numbers are
seconds and ratios, never pass/fail.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import itertools
import json
import math
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

import markdown
import pathspec
import yaml
from mkdocs.config import load_config
from mkdocs.structure.files import get_files
from mkdocs.structure.pages import Page
from mkdocs.utils.meta import get_data

from explainer.content import load
from explainer.evidence import pipeline, verify
from explainer.evidence.wikilinks import plain_wikilinks
from explainer.site import publish, render
from explainer.site.render import PagePlan
from explainer.text import sourcetext
from explainer.text.textmatch import NormalizedText, find_passage, normalize

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
SEED = 20240319  # fixed: the same sizes always give the same corpus
SEED_COUNT = 6
SEED_CHARS = 40_000
CLAIMS_PER_FILE = 500
CURLY = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "—": "-"})

# ---- deterministic pseudo-random prose ------------------------------------------------------------


class Prose:
    """Pseudo-words from syllables, drawn with Zipf-like frequencies, so short phrases repeat and long ones do not."""

    ONSETS = (
        "b",
        "c",
        "d",
        "f",
        "g",
        "h",
        "k",
        "l",
        "m",
        "n",
        "p",
        "r",
        "s",
        "t",
        "v",
        "z",
        "br",
        "st",
        "tr",
        "pl",
        "ch",
        "sh",
    )
    VOWELS = ("a", "e", "i", "o", "u", "ai", "ea", "ou")
    CODAS = ("", "", "", "n", "r", "s", "l", "t", "m", "nd", "st")

    def __init__(self, rng: random.Random, vocabulary: int = 5000) -> None:
        self.rng = rng
        words: set[str] = set()
        while len(words) < vocabulary:
            words.add(self.coin())
        self.vocab = sorted(words)
        rng.shuffle(self.vocab)
        self.cum_weights = list(itertools.accumulate(1 / (rank + 10) for rank in range(len(self.vocab))))

    def coin(self, syllables: int | None = None) -> str:
        count = syllables or self.rng.choice((1, 1, 2, 2, 2, 3, 3, 4))
        return "".join(
            self.rng.choice(self.ONSETS) + self.rng.choice(self.VOWELS) + self.rng.choice(self.CODAS)
            for _ in range(count)
        )

    def word(self) -> str:
        return self.rng.choices(self.vocab, cum_weights=self.cum_weights)[0]

    def words(self, low: int, high: int, numbers: bool = True) -> list[str]:
        result = []
        for _ in range(self.rng.randint(low, high)):
            word = self.word()
            roll = self.rng.random()
            if roll < 0.03:
                word += "’s"
            elif roll < 0.05 and numbers:
                word = str(self.rng.randint(2, 2024))
            elif roll < 0.10:
                word += ","
            result.append(word)
        result[-1] = result[-1].rstrip(",")
        return result

    def sentence(self, low: int = 8, high: int = 24, numbers: bool = True) -> str:
        words = self.words(low, high, numbers)
        if len(words) > 8 and self.rng.random() < 0.08:
            words.insert(len(words) // 2, "—")
        return " ".join(words).capitalize() + "."

    def name(self) -> str:
        return f"{self.coin(2).capitalize()} {self.coin(2).capitalize()}"

    def text(self, citations: list[dict[str, Any]] | None = None, low: int = 8, high: int = 24) -> str:
        """An editor's text that says nothing its passages do not (the grounding check): prose with no
        numbers, names or quotations of its own, and often a phrase of its first passage in quotation marks."""
        sentence = self.sentence(low, high, numbers=False)
        if citations and self.rng.random() < 0.4:
            words = citations[0]["quote"].split()
            # A run of the passage's words with no quotation mark in it, quoted as the passage has it.
            runs = [
                i
                for i in range(max(0, len(words) - 3))
                if not any(ch in w for w in words[i : i + 4] for ch in "'\"‘’“”")
            ]
            if runs:
                at = self.rng.choice(runs)
                phrase = " ".join(words[at : at + self.rng.randint(2, 4)]).strip(",.;:")
                if phrase:
                    sentence = sentence[:-1] + f', as "{phrase}" has it.'
        return sentence


@dataclass
class Utterance:
    start: int
    end: int
    shared: int | None  # index into the shared pool, when several seeds print (a variant of) it


@dataclass
class SeedText:
    id: str
    file: str
    title: str
    text: str
    sentences: list[tuple[int, int]] = field(default_factory=list)
    paragraph_of: list[int] = field(default_factory=list)  # sentence index -> paragraph number
    utterances: list[Utterance] = field(default_factory=list)
    normalized: NormalizedText | None = None


def make_seeds(rng: random.Random, prose: Prose, count: int, chars: int) -> list[SeedText]:
    """`count` articles of about `chars` characters: a headline, then paragraphs; a quarter of the
    sentences are dialogue."""
    speakers = [prose.name() for _ in range(40)]
    pool = [" ".join(prose.words(6, 16)).capitalize() for _ in range(80)]
    seeds = []
    for k in range(count):
        title = " ".join(prose.words(6, 10)).replace(",", "").title()
        seed = SeedText(f"article-{k + 1}", f"seeds/{k:03d}_synthetic.txt", title, "")
        parts = [title, "\n\n"]
        at = len(title) + 2
        paragraph = 0
        while at < chars:
            for i in range(rng.randint(3, 7)):
                if i:
                    parts.append(" ")
                    at += 1
                if rng.random() < 0.25:
                    shared = rng.randrange(len(pool)) if rng.random() < 0.3 else None
                    words = pool[shared].split(" ") if shared is not None else prose.words(6, 16)
                    if shared is not None and rng.random() < 0.3:
                        words[rng.randrange(len(words))] = prose.word()  # this article's variant wording
                    said = " ".join(words)
                    said = said[0].upper() + said[1:]
                    speaker = rng.choice(speakers)
                    if rng.random() < 0.5:
                        head, tail = f"{speaker} said, “", ".”"
                    else:
                        head, tail = "“", f",” {speaker} told {rng.choice(speakers)}."
                    text = head + said + tail
                    seed.utterances.append(Utterance(at + len(head), at + len(head) + len(said), shared))
                else:
                    text = prose.sentence()
                seed.sentences.append((at, at + len(text)))
                seed.paragraph_of.append(paragraph)
                parts.append(text)
                at += len(text)
            parts.append("\n\n")
            at += 2
            paragraph += 1
        seed.text = "".join(parts).rstrip("\n") + "\n"
        seed.normalized = normalize(seed.text)
        seeds.append(seed)
    return seeds


# ---- citations that really are in their seed, unambiguously --------------------------------------


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
                    pinned = find_passage(seed.normalized, typed, **context)
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
            year = {"value": rng.randint(1990, 2024), "basis": "inferred", "inference": inference["id"]}
            event["date"] = {"year": year, "inferences": [inference], "as_written": "last " + prose.word()}
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
        for a in range(rng.choice((2, 2, 2, 3))):
            answers += 1
            cited = citer.several(1, 1)
            record["answers"].append(
                with_voice({"id": f"answer-{n:05d}-{a + 1}", "text": prose.text(cited), "citations": cited})
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
    source = ROOT / "docs"
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source)
        if path.is_dir() or relative.as_posix() == "index.md":
            continue
        target = docs / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".md":
            text = plain_wikilinks(path.read_text(encoding="utf-8"), lambda link: link.text or link.target)
            target.write_text(text, encoding="utf-8")
        else:
            shutil.copy(path, target)


# ---- the hook's work, done in this process: timed step by step, and frozen into a plain project -----


class Timers:
    """Accumulated CPU seconds of this process per step, gathered by temporarily wrapping library functions."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = {}  # per wrapped function's key: how often it ran
        self._restore: list[tuple[Any, str, Any]] = []

    @contextmanager
    def timed(self, key: str) -> Iterator[None]:
        start = time.process_time()
        try:
            yield
        finally:
            self.seconds[key] += time.process_time() - start

    def wrap(self, owner: Any, name: str, key: str) -> None:
        original = getattr(owner, name)
        self.calls[key] = 0

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            self.calls[key] += 1
            with self.timed(key):
                return original(*args, **kwargs)

        self._restore.append((owner, name, original))
        setattr(owner, name, wrapper)

    def unwrap(self) -> None:
        for owner, name, original in reversed(self._restore):
            setattr(owner, name, original)
        self._restore.clear()

    def never_called(self) -> list[str]:
        """The keys of wrapped functions that never ran: the library calls them by another name now."""
        return [key for key, count in self.calls.items() if count == 0]


@dataclass
class Driven:
    statements: int
    pages: int
    steps: dict[str, float]
    by_template: dict[str, float]
    slowest: list[tuple[str, float]]
    passages: dict[str, int]


def import_hook(path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(f"bench_explainer_hook_{id(path)}", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # as MkDocs does: the hook's dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def drive_hook(project: Path, plain: Path) -> Driven:
    """Run the hook's MkDocs events over the project in this process, timing the library's steps, and
    write what the hook hands MkDocs (page metadata and HTML, hand-written pages after wiki-links,
    generated files, config changes) as the plain project: same pages and config, no hook."""
    hook = import_hook(project / "hooks" / "explainer_hook.py")
    timers = Timers()
    # Nested steps are timed inside their caller's: load_yaml_s and validate_s are load_validate_s;
    # copying_s (the seeds' copying measure, made on first use) falls within check_counts_s.
    for owner, name, key in (
        (pipeline, "load_content", "load_validate_s"),
        (load, "load_yaml", "load_yaml_s"),  # reading, composing and the plain-data checks of each file
        (load, "validate_file", "validate_s"),
        (pipeline, "build_index", "resolve_s"),
        (pipeline, "verify", "verify_s"),
        (pipeline, "docs_pages", "read_docs_s"),  # reading the hand-written pages, and Markdown finding their links
        (pipeline, "check_docs", "check_docs_s"),
        (pipeline, "check_counts", "check_counts_s"),
        (verify, "measure_copying", "copying_s"),
        (pipeline, "check_grounding", "grounding_s"),
        (pipeline, "check_page", "page_grounding_s"),
        (render, "measure_sources", "measure_sources_s"),
        (render, "source_layout", "source_layout_s"),
        (sourcetext, "_laminate", "source_layout_laminate_s"),
        (publish, "export_json", "export_json_s"),
        (publish, "annotations_json", "annotations_json_s"),
    ):
        # Wrapped where the caller looks the name up; a name that is gone, or no longer called from
        # there, must fail the benchmark (see below), never time nothing in silence.
        if not callable(getattr(owner, name, None)):
            raise SystemExit(f"bench: {owner.__name__}.{name} no longer exists; update the timers in drive_hook")
        timers.wrap(owner, name, key)
    by_template: dict[str, float] = defaultdict(float)
    slowest: list[tuple[str, float]] = []
    docs = plain / "docs"
    try:
        config = load_config(config_file=str(project / "mkdocs.yml"), site_dir=str(plain / "unused-site"))
        theme_dirs_before = list(config.theme.dirs)
        config.plugins._current_plugin = "explainer_hook"  # as MkDocs sets it while it runs a hook's event
        with timers.timed("on_config_s"):
            config = hook.on_config(config)
        files = get_files(config)
        handwritten = {file.src_uri for file in files}
        with timers.timed("on_files_s"):
            files = hook.on_files(files, config)
        plans: dict[str, PagePlan] = hook._state.current().plans
        site = hook._state.current().renderer.site
        pages = 0
        for file in files:
            target = docs / file.src_uri
            target.parent.mkdir(parents=True, exist_ok=True)
            if not file.is_documentation_page():
                if file.src_uri not in handwritten:
                    target.write_bytes(file.content_bytes)
                else:
                    shutil.copy(file.abs_src_path or "", target)
                continue
            pages += 1
            page = Page(None, file, config)
            page.read_source(config)
            with timers.timed("on_page_markdown_s"):
                body = hook.on_page_markdown(page.markdown or "", page=page, config=config, files=files)
            plan = plans.get(file.src_uri)
            if plan is not None:
                start = time.process_time()
                body = hook.on_page_content("", page=page, config=config, files=files)
                took = time.process_time() - start
                by_template[plan.template] += took
                slowest.append((file.src_uri, took))
            else:
                # Hand-written pages: MkDocs converts them with the hook's wiki-link syntax among the Markdown
                # extensions, then the hook adds the page's citation notes; the plain project gets that HTML
                # as its Markdown (raw HTML passes through).
                page.markdown = body
                with timers.timed("handwritten_markdown_s"):
                    page.render(config, files)
                body = hook.on_page_content(page.content or "", page=page, config=config, files=files)
            meta = {
                key: str(value) if isinstance(value, str) else value for key, value in page.meta.items()
            }  # Markup to str; keep mappings such as search
            front = f"---\n{yaml.safe_dump(meta, allow_unicode=True, width=4096)}---\n\n" if meta else ""
            target.write_text(front + body, encoding="utf-8")
        new_dirs = [d for d in config.theme.dirs if d not in theme_dirs_before]
        if new_dirs:
            shutil.copytree(new_dirs[0], plain / "overrides")
            (plain / "hooks").mkdir(exist_ok=True)
            (plain / "hooks" / "theme_words.py").write_text(THEME_WORDS_HOOK, encoding="utf-8")
        original = (project / "mkdocs.yml").read_text(encoding="utf-8")
        (plain / "mkdocs.yml").write_text(
            plain_config(original, config, files, plans, bool(new_dirs)), encoding="utf-8"
        )
    finally:
        timers.unwrap()
    dead = timers.never_called()
    if dead:
        raise SystemExit(f"bench: never called, so timing nothing: {', '.join(dead)}; update the timers in drive_hook")
    steps = dict(timers.seconds)
    steps["render_pages_s"] = sum(by_template.values())
    slowest.sort(key=lambda item: -item[1])
    passages = {source_id: len(views) for source_id, views in site.passages.items()}
    return Driven(len(site.index.statements), pages, steps, dict(by_template), slowest[:3], passages)


# The plain build's one hook: the theme override prints the engine's words (set by the hook's on_env), so
# the plain project gets those words and nothing else of the hook's work. The generated projects use the
# engine's own English words.
THEME_WORDS_HOOK = '''"""The plain build's only hook: the words the theme override prints; none of the hook's work."""

from typing import Any

from explainer.content.catalogue import english
from explainer.site.publish import theme_globals


def on_env(env: Any, config: Any, files: Any) -> Any:
    env.globals.update(theme_globals(english()))
    return env
'''


def _drop_top_level_keys(text: str, keys: tuple[str, ...]) -> list[str]:
    kept: list[str] = []
    skipping = False
    for line in text.splitlines():
        if re.match(rf"^(?:{'|'.join(keys)})\s*:", line):
            skipping = True
            continue
        if skipping and (line.startswith((" ", "\t", "-")) or not line.strip()):
            continue
        skipping = False
        kept.append(line)
    return kept


def plain_config(original: str, config: Any, files: Any, plans: dict[str, PagePlan], override: bool) -> str:
    """The project's mkdocs.yml without its hook, plus what the hook's on_config added (stylesheets,
    scripts, theme override, with THEME_WORDS_HOOK for the override's words) and its not-in-nav pages as
    `not_in_nav` patterns."""
    kept = _drop_top_level_keys(original, ("hooks", "extra_css", "extra_javascript"))
    if override:
        at = next(i for i, line in enumerate(kept) if re.match(r"^theme\s*:", line))
        kept.insert(at + 1, "  custom_dir: overrides")
        kept += ["", "hooks:", "  - hooks/theme_words.py"]
    kept += ["", "extra_css:", *(f"  - {css}" for css in config.extra_css)]
    kept += ["extra_javascript:", *(f"  - {script}" for script in config.extra_javascript)]
    hidden = {plan.src_uri for plan in plans.values() if not plan.in_nav}
    # Folder wildcards keep matching linear; exact paths only if the wildcards would not say the same.
    folders = sorted({uri.split("/")[0] for uri in hidden if "/" in uri})
    patterns = [p for folder in folders for p in (f"/{folder}/*.md", f"!/{folder}/index.md")]
    spec = pathspec.gitignore.GitIgnoreSpec.from_lines(patterns)
    pages = [file.src_uri for file in files if file.is_documentation_page()]
    if any(spec.match_file(uri) != (uri in hidden) for uri in pages):
        patterns = [f"/{uri}" for uri in sorted(hidden)]
    kept += ["not_in_nav: |", *(f"  {p}" for p in patterns)]
    return "\n".join(kept) + "\n"


def markdown_seconds(root: Path) -> float:
    """Python-Markdown's CPU time on the plain project's pages, with the extensions its mkdocs.yml configures.

    The plain build pays this (Markdown parses every raw-HTML fragment) and the hook build does not
    (generated pages hand MkDocs an empty Markdown body and their HTML afterwards), so build (3) is
    not a pure lower bound: build (3) minus this is the theme's and MkDocs' own share.
    """
    config = load_config(config_file=str(root / "mkdocs.yml"))
    md = markdown.Markdown(extensions=config["markdown_extensions"], extension_configs=config["mdx_configs"])
    start = time.process_time()
    for path in sorted((root / "docs").rglob("*.md")):
        body, _ = get_data(path.read_text(encoding="utf-8"))
        md.reset()
        md.convert(body)
    return time.process_time() - start


# ---- measured subprocesses ----------------------------------------------------------------------


@dataclass
class Run:
    seconds: float
    cpu_seconds: float  # user + system: less sensitive than wall time to other load on the machine
    peak_rss_mb: float
    returncode: int
    timed_out: bool
    log: Path


# Runs the measured command as its only child and reports that child's wall time and peak RSS. A tiny
# separate process is needed: Linux carries the RSS high-water mark of the process that forks over
# exec into the child's ru_maxrss, so measuring straight from this (large) process would overstate it.
WRAPPER = """
import json, resource, subprocess, sys, time
out, timeout, command = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
start = time.perf_counter()
try:
    code, timed_out = subprocess.run(command, timeout=timeout).returncode, False
except subprocess.TimeoutExpired:
    code, timed_out = -9, True
seconds = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(out, "w") as f:
    cpu = usage.ru_utime + usage.ru_stime
    result = {"seconds": seconds, "cpu": cpu, "maxrss": usage.ru_maxrss, "returncode": code, "timed_out": timed_out}
    json.dump(result, f)
"""


def measure(command: list[str], cwd: Path, log: Path, timeout: float) -> Run:
    """Wall time and peak RSS of one subprocess, as seen by a minimal wrapper process that is its parent."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    # Compiled modules are cached, as in ordinary use: without the cache every run compiles the library
    # (and the hook) from source, a fifth of a check's time at 10,000 statements on a busy machine.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    facts_file = log.with_suffix(".json")
    with log.open("wb") as out:
        subprocess.run(
            [PYTHON, "-c", WRAPPER, str(facts_file), str(timeout), *command],
            cwd=cwd,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            check=True,
        )
    facts = json.loads(facts_file.read_text())
    scale = 1024 * 1024 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, KiB on Linux
    return Run(facts["seconds"], facts["cpu"], facts["maxrss"] / scale, facts["returncode"], facts["timed_out"], log)


def site_stats(site: Path) -> tuple[int, float, int]:
    """(HTML pages, megabytes of HTML, citation links) of a built site."""
    pages, size, links = 0, 0, 0
    for path in site.rglob("*.html"):
        if path.name == "404.html":
            continue
        data = path.read_bytes()
        pages += 1
        size += len(data)
        links += data.count(b'class="ex-chip"')
    return pages, size / 1e6, links


def failure(name: str, run: Run) -> str:
    if run.timed_out:
        return f"{name}: killed after {run.seconds:.0f} s"
    tail = run.log.read_text(encoding="utf-8", errors="replace")[-2000:]
    return f"{name}: exit {run.returncode}: {tail}"


# ---- the machine --------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    facts: dict[str, Any] = {
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "mkdocs": metadata.version("mkdocs"),
        "mkdocs_material": metadata.version("mkdocs-material"),
    }
    try:
        cpuinfo = Path("/proc/cpuinfo").read_text()
        model_name = re.search(r"^model name\s*:\s*(.+)$", cpuinfo, re.M)
        facts["cpu_model"] = model_name.group(1).strip() if model_name else platform.processor()
        meminfo = Path("/proc/meminfo").read_text()
        total = re.search(r"^MemTotal:\s*(\d+) kB", meminfo, re.M)
        facts["memory_gb"] = round(int(total.group(1)) / 1024 / 1024, 1) if total else None
    except OSError:
        facts["cpu_model"] = platform.processor()
    return facts


# ---- one size -----------------------------------------------------------------------------------


def bench_size(
    size: int, seeds: list[SeedText], workdir: Path, timeout: float, repeat: int, facts: dict[str, Any]
) -> dict[str, Any]:
    def say(text: str) -> None:
        print(f"[{size}] {text}", file=sys.stderr, flush=True)

    project, plain = workdir / "project", workdir / "plain"
    load_before = os.getloadavg()[0]
    start = time.perf_counter()
    corpus = make_corpus(size, seeds)
    write_project(corpus, project)
    generate_s = time.perf_counter() - start
    say(f"corpus written in {generate_s:.1f} s: {corpus.counts}")

    rendered = drive_hook(project, plain)
    say(f"the hook's events in this process: {', '.join(f'{k}={v:.2f}' for k, v in rendered.steps.items())}")
    plain_markdown_s = markdown_seconds(plain)
    say(f"Python-Markdown on the plain project's pages: {plain_markdown_s:.2f} s")

    result: dict[str, Any] = {"statements": rendered.statements, "pages": rendered.pages}
    errors: list[str] = []

    commands = {
        "check": ([PYTHON, "-m", "explainer.cli", "check", "--root", str(project)], project),
        "build": ([PYTHON, "-m", "mkdocs", "build", "--site-dir", str(workdir / "site")], project),
        "plain": ([PYTHON, "-m", "mkdocs", "build", "--site-dir", str(workdir / "plain-site")], plain),
    }
    runs: dict[str, list[Run]] = {name: [] for name in commands}
    for round_number in range(1, repeat + 1):  # interleaved, so that a slow spell of the machine hits all three alike
        for name, (command, cwd) in commands.items():
            run = measure(command, cwd, workdir / f"{name}.log", timeout)
            runs[name].append(run)
            if run.returncode != 0:
                errors.append(failure(name, run))
            say(
                f"round {round_number}: {name}: {run.seconds:.2f} s wall, {run.cpu_seconds:.2f} s CPU, peak RSS "
                f"{run.peak_rss_mb:.0f} MB"
            )
        if errors:
            break

    def seconds(name: str) -> float:
        # The fastest run: other work on a shared machine only ever adds wall time (all runs are in runs_s).
        return min(run.seconds for run in runs[name])

    def cpu(name: str) -> float:
        return statistics.median(run.cpu_seconds for run in runs[name])

    def peak(name: str) -> float:
        return round(max(run.peak_rss_mb for run in runs[name]), 1)

    ok = not errors
    check_s, build_s, plain_s = seconds("check"), seconds("build"), seconds("plain")
    built = site_stats(workdir / "site") if ok else (0, 0.0, 0)
    plain_built = site_stats(workdir / "plain-site") if ok else (0, 0.0, 0)
    result.update(
        check_s=round(check_s, 2),
        build_s=round(build_s, 2) if ok else None,
        material_plain_s=round(plain_s, 2) if ok else None,
        peak_rss_mb=peak("build"),
        plain_peak_rss_mb=peak("plain"),
        check_peak_rss_mb=peak("check"),
        build_s_per_1000_statements=round(build_s / rendered.statements * 1000, 3) if ok else None,
        plain_s_per_1000_statements=round(plain_s / rendered.statements * 1000, 3) if ok else None,
        check_s_per_1000_statements=round(check_s / rendered.statements * 1000, 3),
        hooks_overhead_ratio=round(build_s / plain_s, 2) if ok else None,
        hooks_overhead_s=round(build_s - plain_s, 2) if ok else None,
        check_cpu_s=round(cpu("check"), 2),
        build_cpu_s=round(cpu("build"), 2) if ok else None,
        plain_cpu_s=round(cpu("plain"), 2) if ok else None,
        hooks_overhead_cpu_ratio=round(cpu("build") / cpu("plain"), 2) if ok else None,
        plain_markdown_cpu_s=round(plain_markdown_s, 2),
        # The hook's own work in CPU seconds, not counting the Markdown parsing of raw HTML that only the
        # plain build does.
        hooks_own_cpu_s=round(cpu("build") - (cpu("plain") - plain_markdown_s), 2) if ok else None,
        hooks_overhead_cpu_ratio_adjusted=round(cpu("build") / (cpu("plain") - plain_markdown_s), 2) if ok else None,
        repeat=repeat,
        runs_s={name: [round(run.seconds, 2) for run in measured] for name, measured in runs.items()},
        html_pages=built[0],
        html_mb=round(built[1], 1),
        plain_html_mb=round(plain_built[1], 1),
        # The plain site must carry the same generated content: same number of citation links.
        same_citation_links=built[2] == plain_built[2] and built[2] > 0,
        citation_links=built[2],
        counts=corpus.counts,
        citations=corpus.citation_kinds,
        passages_per_source=rendered.passages,
        seed_kb=round(sum(len(s.text.encode()) for s in seeds) / len(seeds) / 1000, 1),
        in_process={k: round(v, 3) for k, v in rendered.steps.items()},
        render_by_template={k: round(v, 3) for k, v in sorted(rendered.by_template.items(), key=lambda kv: -kv[1])},
        slowest_pages=[[uri, round(s, 3)] for uri, s in rendered.slowest],
        generate_s=round(generate_s, 2),
        load_average_1min=[
            round(load_before, 2),
            round(os.getloadavg()[0], 2),
        ],  # before and after: other work on the machine skews wall times
        errors=errors,
        **facts,
    )
    return result


def layout_scaling(seed: SeedText, counts: list[int]) -> Iterator[dict[str, Any]]:
    """The source page's passage layout alone, on one seed, as the number of cited passages grows.

    `sourcetext._laminate` gives each passage an element extent in one sorted pass with a stack
    (O(P log P)); the ratio of CPU time to P log P shows whether that still holds as P grows.
    """
    citer = Citer(random.Random(SEED), [seed])
    assert seed.normalized is not None
    spans: list[tuple[int, int]] = []
    for _ in range(max(counts)):
        c = citer.random(seed)
        match = find_passage(seed.normalized, c["quote"], c.get("prefix"), None, c.get("occurrence")).matches[0]
        spans.append((match.start, match.end))
    for count in counts:
        unique = sorted(set(spans[:count]))
        start = time.process_time()
        extent = sourcetext._laminate(unique)
        laminate_s = time.process_time() - start
        start = time.process_time()
        sourcetext.layout(seed.text, spans[:count])
        layout_s = time.process_time() - start
        widened = sum(1 for span, ext in extent.items() if span != ext)
        n_log_n = len(unique) * max(math.log2(len(unique)), 1.0)
        yield {
            "seed_kb": round(len(seed.text.encode()) / 1000, 1),
            "passages": len(unique),
            "widened": widened,
            "laminate_cpu_s": round(laminate_s, 4),
            "layout_cpu_s": round(layout_s, 4),
            "laminate_us_per_p_log_p": round(laminate_s / n_log_n * 1e6, 3),
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="1000,10000", help="comma-separated statement counts (default: 1000,10000)")
    parser.add_argument(
        "--seeds", type=int, default=SEED_COUNT, help=f"number of seed articles (default: {SEED_COUNT})"
    )
    parser.add_argument(
        "--seed-chars",
        type=int,
        default=SEED_CHARS,
        help=f"approximate characters per seed article (default: {SEED_CHARS})",
    )
    parser.add_argument(
        "--timeout", type=float, default=3600, help="seconds before a measured subprocess is killed (default: 3600)"
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="measure each command this many times; wall times are the fastest run, CPU times the median (default: 3)",
    )
    parser.add_argument("--keep", type=Path, default=None, help="keep the generated projects and sites in this folder")
    parser.add_argument(
        "--layout-scaling",
        default=None,
        metavar="COUNTS",
        help="instead: time the source-page passage layout on one seed for these citation counts, e.g. "
        "250,500,1000,2000,4000,8000",
    )
    args = parser.parse_args(argv)
    if args.layout_scaling:
        rng = random.Random(SEED)
        seed = make_seeds(rng, Prose(rng), 1, args.seed_chars)[0]
        for row in layout_scaling(seed, [int(c) for c in args.layout_scaling.split(",")]):
            print(json.dumps(row), flush=True)
        return 0
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    if not sizes or min(sizes) < 100:
        parser.error("sizes must be at least 100 statements")

    facts = machine()
    rng = random.Random(SEED)
    seeds = make_seeds(rng, Prose(rng), args.seeds, args.seed_chars)
    for size in sizes:
        if args.keep is not None:
            workdir = args.keep / f"size-{size}"
            if workdir.exists():
                shutil.rmtree(workdir)
            workdir.mkdir(parents=True)
            result = bench_size(size, seeds, workdir, args.timeout, args.repeat, facts)
        else:
            with tempfile.TemporaryDirectory(prefix=f"explainer-bench-{size}-") as tmp:
                result = bench_size(size, seeds, Path(tmp), args.timeout, args.repeat, facts)
        print(json.dumps(result, ensure_ascii=False), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
