"""How many articles a statement rests on, and how many independent reports: copies count as one.

The articles are the distinct sources of a statement's located citations; the reports are the copy
groups among them (see copying.py), so two articles that share their narrative are one report, while
two that only quote the same speaker are two.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from explainer.evidence.copying import Copying
from explainer.evidence.verify import Verified


@dataclass(frozen=True)
class Support:
    articles: int
    independent_reports: int
    groups: tuple[tuple[str, ...], ...]  # source ids, grouped by copy group

    @property
    def copies(self) -> bool:
        """Whether some of the articles copy each other."""
        return self.independent_reports < self.articles


def support_of_sources(sources: Iterable[str], copying: Copying) -> Support:
    groups = copying.groups_among(sources)
    return Support(sum(len(g) for g in groups), len(groups), tuple(tuple(g) for g in groups))


def support_of(verified: Verified, statement_id: str) -> Support:
    return support_of_sources((c.source for c in verified.located.get(statement_id, ())), verified.copying)
