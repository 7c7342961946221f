"""The corrections log as the pages and the feed show it: entries by record, newest first, dates in words."""

from __future__ import annotations

import datetime
from collections import defaultdict

from explainer.content import model
from explainer.content.catalogue import Words, english


def long_date(date: datetime.date, words: Words | None = None) -> str:
    """A correction's date in words: '11 March 2025'."""
    words = words or english()
    return words.text("date.correction", day=date.day, month=words.items("date.months")[date.month - 1], year=date.year)


def corrections_by_record(corrections: list[model.Correction]) -> dict[str, list[model.Correction]]:
    """Each corrected record's entries (a statement's, a person's ...), oldest first."""
    by_record: dict[str, list[model.Correction]] = defaultdict(list)
    for correction in sorted(corrections, key=lambda c: c.date):
        for record_id in dict.fromkeys(correction.statements):
            by_record[record_id].append(correction)
    return dict(by_record)


def newest_first(corrections: list[model.Correction]) -> list[model.Correction]:
    order = {id(c): n for n, c in enumerate(corrections)}
    return sorted(corrections, key=lambda c: (c.date, order[id(c)]), reverse=True)
