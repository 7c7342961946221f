"""What a page reads of the site model is recorded, and asked again of a new model, answer by answer
(explainer/site/reads.py): the same answers mean the same page; any changed answer means the page is
rendered again."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from explainer.site.reads import Questions, ReadingView, Reads, Sweep


@dataclass
class Person:
    name: str
    age: int


@dataclass
class Index:
    people: dict[str, Person] = field(default_factory=dict)


class Site:
    """A small stand-in for the site model: a namespace, a mapping, methods, a plain value."""

    def __init__(self, people: dict[str, Person], title: str = "Tiny") -> None:
        self.index = Index(people)
        self.title = title

    def label(self, person_id: str) -> str:
        return self.index.people[person_id].name

    def ages(self) -> list[int]:
        return [p.age for p in self.index.people.values()]


ANN, BOB = Person("Ann", 40), Person("Bob", 41)


def view(site: Site, reads: Reads) -> Any:
    return ReadingView(site, reads, (Site, Index))


# What a page does with the site, and for each new site whether its answers hold.
def looks_up_ann(site: Any) -> object:
    return site.index.people["ann"].name


def labels_bob(site: Any) -> object:
    return site.label("bob")


def walks_everyone(site: Any) -> object:
    return [p.name for p in site.index.people.values()]


def asks_for_cal(site: Any) -> object:
    return site.index.people.get("cal")


def checks_for_cal(site: Any) -> object:
    return "cal" in site.index.people


def shows_the_title(site: Any) -> object:
    return site.title


CASES = [
    # (what the page does, the new site, whether its reads still hold)
    (looks_up_ann, Site({"ann": ANN, "bob": Person("Bob", 99)}), True),  # Bob changed, Ann did not
    (looks_up_ann, Site({"ann": Person("Ann", 41), "bob": BOB}), False),  # the record read changed
    (looks_up_ann, Site({"bob": BOB}), False),  # ... or is gone
    (labels_bob, Site({"ann": Person("Ann", 1), "bob": BOB}), True),
    (labels_bob, Site({"ann": ANN, "bob": Person("Robert", 41)}), False),
    (walks_everyone, Site({"ann": ANN, "bob": BOB, "cal": Person("Cal", 2)}), False),  # one more to walk
    (walks_everyone, Site({"ann": ANN, "bob": BOB}), True),
    (asks_for_cal, Site({"ann": ANN}), True),  # still no Cal
    (asks_for_cal, Site({"ann": ANN, "cal": Person("Cal", 2)}), False),
    (checks_for_cal, Site({"ann": ANN, "cal": Person("Cal", 2)}), False),
    (shows_the_title, Site({"ann": ANN}, "Tiny"), True),
    (shows_the_title, Site({"ann": ANN}, "Small"), False),
]


@pytest.mark.parametrize(("page", "new", "holds"), CASES, ids=[f"{c[0].__name__}-{n}" for n, c in enumerate(CASES)])
def test_reads_hold_exactly_when_the_answers_are_the_same(page: Any, new: Site, holds: bool) -> None:
    reads = Reads()
    old = Site({"ann": ANN, "bob": BOB})
    shown = page(view(old, reads))
    assert shown == page(old)  # the view answers as the site does
    assert len(reads) > 0
    assert reads.still_hold(new) is holds
    assert reads.still_hold(old) is True


def test_a_question_whose_argument_came_from_a_changed_answer_leaves_the_page_changed() -> None:
    # The page passes what it read (Ann's id from a walk) to a method: the new site, which has no Ann, cannot
    # answer that question, and the walk's answer changed anyway: the page is rendered again.
    reads = Reads()
    page = view(Site({"ann": ANN}), reads)
    for person_id in page.index.people:
        page.label(person_id)
    assert reads.still_hold(Site({"bob": BOB})) is False


def test_a_page_may_not_change_the_site() -> None:
    with pytest.raises(AttributeError, match="may not change"):
        view(Site({}), Reads()).title = "Changed"


def test_a_question_asked_twice_is_recorded_once_and_pages_share_the_builds_questions() -> None:
    questions = Questions()
    first, second = Reads(questions), Reads(questions)
    site = Site({"ann": ANN})
    for reads in (first, second):
        page = view(site, reads)
        for _ in range(3):
            page.label("ann")
            page.index.people["ann"]
    assert len(first) == len(second) == 2 and len(questions.reads) == 2
    sweep = Sweep([first, second], Site({"ann": ANN}))
    assert sweep.holds(first) and sweep.holds(second)
    assert not Sweep([first, second], Site({"ann": Person("Ann", 1)})).holds(second)


class _Uncomparable:
    def __eq__(self, other: object) -> bool:
        raise TypeError("cannot be compared")

    __hash__ = object.__hash__


class _Fuller(Site):
    """A site whose methods take keywords and whose answers cannot be compared."""

    def greet(self, person_id: str, *, loud: bool = False) -> str:
        name = self.index.people[person_id].name
        return name.upper() if loud else name

    def odd(self) -> _Uncomparable:
        return _Uncomparable()


def test_keywords_are_asked_again_and_answers_that_cannot_be_compared_or_given_are_changes() -> None:
    reads = Reads()
    page = ReadingView(_Fuller({"ann": ANN}), reads, (Site, Index))
    assert page.greet("ann", loud=True) == "ANN"
    assert reads.still_hold(_Fuller({"ann": ANN})) is True
    assert reads.still_hold(_Fuller({"ann": Person("Anne", 40)})) is False
    assert reads.still_hold(Site({"ann": ANN})) is False  # no greet there: a place the new site lacks
    page.odd()
    assert reads.still_hold(_Fuller({"ann": ANN})) is False
