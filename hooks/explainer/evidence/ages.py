"""Reported ages: the `age` an editor puts on a person's fact is checked against the passages it cites.

The family tree shows ages, so an age must come from the evidence: every passage the fact cites has to
print the number (as in "Carmen, 11," or "29-year-old daughter Ireland"). Nothing is read from the
fact's own words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from explainer.core import codes
from explainer.core.diagnostics import Report
from explainer.evidence.verify import Verified


@dataclass(frozen=True)
class ReportedAge:
    age: int
    fact: str  # id of the person fact that reports it


def _prints(passage: str, number: int) -> bool:
    return re.search(rf"(?<!\d){number}(?!\d)", passage) is not None


def check_ages(verified: Verified, report: Report) -> None:
    """An error on every `age` that is given on a source's fact or that a cited passage does not print."""
    index = verified.index
    for source in index.content.sources:
        for fact in source.facts:
            if fact.age is not None:
                report.error(
                    codes.AGE_ON_SOURCE_FACT,
                    fact.at("age"),
                    "'age' is for facts about a person, not about a source",
                    "move the fact to the person, or remove 'age:'",
                )
    for person in index.content.people:
        for fact in person.facts:
            if fact.age is None:
                continue
            for located in verified.located.get(fact.id, ()):
                if not _prints(located.exact, fact.age):
                    report.error(
                        codes.AGE_NOT_IN_PASSAGE,
                        fact.at("age"),
                        f'age {fact.age} is not printed in the passage cited from {located.seed}: "{located.exact}"',
                        "cite the passage that gives the age, or correct 'age:'",
                    )


def reported_ages(verified: Verified) -> dict[str, list[ReportedAge]]:
    """Person id -> the ages its facts report, in file order."""
    ages: dict[str, list[ReportedAge]] = {}
    for person in verified.index.content.people:
        for fact in person.facts:
            if fact.age is not None:
                ages.setdefault(person.id, []).append(ReportedAge(fact.age, fact.id))
    return ages
