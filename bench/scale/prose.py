"""Deterministic pseudo-random prose: pseudo-words, sentences, names and the seed articles they make.

The same seed number always gives the same words, so the same sizes always give the same corpus.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Any

from explainer.text.quotemarks import MARKS
from explainer.text.textmatch import NormalizedText, normalize

SEED = 20240319  # fixed: the same sizes always give the same corpus


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
                i for i in range(max(0, len(words) - 3)) if not any(ch in MARKS for w in words[i : i + 4] for ch in w)
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
