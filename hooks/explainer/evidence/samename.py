"""Told apart by name: two people or organizations whose names are the same, or look the same, are an error.

A reader tells the records apart by their names alone, and the grounding check finds each name in the
texts: with two people named alike, every mention of one would be taken for the other, and a name spelled
with a look-alike letter (a Cyrillic "а" in "Alec") shows readers one person while it names another.

Two names look the same when their skeletons are equal: compatibility-decomposed (NFKD), accents and other
marks dropped, the Latin look-alikes of Cyrillic and Greek letters and of digits mapped to the Latin letter,
the letters that sans-serif type draws alike made one ("I" and "l", "rn" and "m"), case folded, and every run
of spaces and punctuation made one space. A name that mixes letters of the Latin, Cyrillic and Greek scripts
is refused by itself: no article spells a name so.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from explainer.content.model import Content
from explainer.core import codes
from explainer.core.diagnostics import Pos, Report

# Cyrillic and Greek letters (lower and upper case) drawn like a Latin letter, and digits drawn like letters.
_LOOK_ALIKE = str.maketrans(
    {
        **dict.fromkeys("аАɑα", "a"),
        **dict.fromkeys("ВвΒβЬь", "b"),
        **dict.fromkeys("сСϲϹ", "c"),
        **dict.fromkeys("ԁԀ", "d"),
        **dict.fromkeys("еЕёЁεΕ", "e"),
        **dict.fromkeys("ɡ", "g"),
        **dict.fromkeys("һНнΗ", "h"),
        **dict.fromkeys("іІӀӏιΙ|1ı", "l"),  # i-like strokes: the "I" that sans-serif draws as "l"
        **dict.fromkeys("јЈϳ", "j"),
        **dict.fromkeys("кКκΚ", "k"),
        **dict.fromkeys("мМΜ", "m"),
        **dict.fromkeys("ΝпηП", "n"),
        **dict.fromkeys("оОοΟσ0", "o"),
        **dict.fromkeys("рРρΡ", "p"),
        **dict.fromkeys("ԛԚ", "q"),
        **dict.fromkeys("ѕЅ", "s"),
        **dict.fromkeys("тТτΤ", "t"),
        **dict.fromkeys("υμ", "u"),
        **dict.fromkeys("νѵѴ", "v"),
        **dict.fromkeys("ԝԜωѡ", "w"),
        **dict.fromkeys("хХχΧ", "x"),
        **dict.fromkeys("уУγΥү", "y"),
        **dict.fromkeys("ΖζꮓΖ", "z"),
        "I": "l",  # capital i and small L: the same stroke in most sans-serif type
        "L": "l",
        "ł": "l",
        "ø": "o",
        "Ø": "o",
        "đ": "d",
        "Đ": "d",
        "ħ": "h",
    }
)
_ALIKE_RUNS = (("rn", "m"), ("vv", "w"), ("cl", "d"))
_SEPARATORS = re.compile(r"[\W_]+")


def skeleton(name: str) -> str:
    """What a reader sees of a name: equal skeletons are names that cannot be told apart (see the module doc)."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    folded = bare.translate(_LOOK_ALIKE).casefold().translate(_LOOK_ALIKE)
    for run, letter in _ALIKE_RUNS:
        folded = folded.replace(run, letter)
    return " ".join(_SEPARATORS.sub(" ", folded).split())


_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")


def mixed_scripts(name: str) -> tuple[str, ...]:
    """The scripts among Latin, Cyrillic and Greek whose letters `name` mixes (empty when it mixes none)."""
    found: list[str] = []
    for ch in name:
        if ch.isalpha():
            script = unicodedata.name(ch, "").split(" ", 1)[0]
            if script in _SCRIPTS and script not in found:
                found.append(script)
    return tuple(found) if len(found) > 1 else ()


@dataclass(frozen=True)
class _Form:
    kind: str  # "person" or "organization"
    id: str
    name: str
    pos: Pos


def _forms(content: Content) -> Iterator[_Form]:
    for kind, records in (("person", content.people), ("organization", content.organizations)):
        for record in records:
            yield _Form(kind, record.id, record.name, record.at("name"))
            for alias, pos in zip(record.aliases, record.items_at("aliases"), strict=True):
                yield _Form(kind, record.id, alias, pos)


def check_distinct_names(content: Content, report: Report) -> None:
    """Report every person's or organization's name or alias that another one's looks the same as, and every
    name that mixes scripts."""
    first: dict[str, _Form] = {}
    for form in _forms(content):
        scripts = mixed_scripts(form.name)
        if scripts:
            report.error(
                codes.CONFUSABLE_NAME,
                form.pos,
                f"the {form.kind}'s name '{form.name}' mixes {' and '.join(s.title() for s in scripts)} letters",
                "write the name in one script, exactly as the articles print it",
            )
            continue
        key = skeleton(form.name)
        other = first.get(key)
        if other is None:
            first[key] = form
        elif (other.kind, other.id) != (form.kind, form.id):
            same = "is the same as" if other.name == form.name else "looks the same as"
            report.error(
                codes.CONFUSABLE_NAME,
                form.pos,
                f"the {form.kind} '{form.id}' is called '{form.name}', which {same} '{other.name}', a name of the "
                f"{other.kind} '{other.id}' (at {other.pos.path}:{other.pos.line})",
                "readers and the checks tell records apart by name: give each the fuller name the articles use "
                "(add a first name, a middle name or a suffix such as 'Jr.'), or merge the two if they are one",
            )
