"""The family as a structure to draw: couples, and the children of each couple or single parent.

Everything comes from the declared relations (each declared once, on either person) and the ages the
people's facts report (checked against their passages in ages.py). A couple is a spouse or
former-spouse relation; a child belongs to the couple formed by its two parents when they are one,
otherwise to each parent alone. Nothing is assumed that no relation states: two parents of one child
who are not declared a couple stay two single parents.
"""

from __future__ import annotations

from dataclasses import dataclass

from explainer.content import model
from explainer.evidence.ages import ReportedAge


@dataclass(frozen=True)
class Member:
    id: str
    name: str
    ages: tuple[ReportedAge, ...]


@dataclass(frozen=True)
class Couple:
    a: str  # the person who declares the relation
    b: str
    kind: str  # "spouse" or "former-spouse"
    relation: str  # id of the relation


@dataclass(frozen=True)
class ChildLink:
    child: str
    parents: tuple[tuple[str, str], ...]  # (parent id, id of the relation that states it), one per parent


@dataclass(frozen=True)
class Family:
    """Children of one couple, or of one parent (`couple` None, `parents` of one)."""

    parents: tuple[str, ...]
    couple: Couple | None
    children: tuple[ChildLink, ...]


@dataclass(frozen=True)
class FamilyTree:
    members: dict[str, Member]
    couples: tuple[Couple, ...]
    families: tuple[Family, ...]

    @property
    def relation_count(self) -> int:
        return len(self.couples) + sum(len(link.parents) for f in self.families for link in f.children)


def build_family(people: list[model.Person], ages: dict[str, list[ReportedAge]]) -> FamilyTree:
    """The family of everyone who has a relation, with people, couples and children in file order."""
    by_id = {p.id: p for p in people}
    couples: list[Couple] = []
    parents_of: dict[str, list[tuple[str, str]]] = {}  # child -> (parent, relation id)
    involved: list[str] = []

    def involve(*ids: str) -> None:
        for person_id in ids:
            if person_id not in involved:
                involved.append(person_id)

    for person in people:
        for relation in person.relations:
            involve(person.id, relation.person)
            if relation.kind in ("spouse", "former-spouse"):
                couples.append(Couple(person.id, relation.person, relation.kind, relation.id))
            elif relation.kind == "child":
                parents_of.setdefault(relation.person, []).append((person.id, relation.id))
            else:  # parent: the other person is this one's parent
                parents_of.setdefault(person.id, []).append((relation.person, relation.id))
    couple_of = {frozenset((c.a, c.b)): c for c in couples}
    families: dict[tuple[str, ...], list[ChildLink]] = {}
    family_couple: dict[tuple[str, ...], Couple | None] = {}
    for child in involved:
        links = parents_of.get(child)
        if not links:
            continue
        parent_ids = [p for p, _ in links]
        couple = couple_of.get(frozenset(parent_ids)) if len(parent_ids) == 2 else None
        if couple is not None:
            key = (couple.a, couple.b)
            family_couple[key] = couple
            families.setdefault(key, []).append(ChildLink(child, tuple(links)))
        else:
            for parent, relation_id in links:
                family_couple.setdefault((parent,), None)
                families.setdefault((parent,), []).append(ChildLink(child, ((parent, relation_id),)))
    members = {
        person_id: Member(person_id, by_id[person_id].name, tuple(ages.get(person_id, ())))
        for person_id in involved
        if person_id in by_id
    }
    return FamilyTree(
        members,
        tuple(couples),
        tuple(Family(key, family_couple[key], _oldest_first(children, members)) for key, children in families.items()),
    )


def _oldest_first(children: list[ChildLink], members: dict[str, Member]) -> tuple[ChildLink, ...]:
    """Children by their highest reported age, oldest first; those of the same or no reported age keep file order."""

    def key(link: ChildLink) -> tuple[int, int]:
        ages = members[link.child].ages if link.child in members else ()
        return (0, -max(a.age for a in ages)) if ages else (1, 0)

    return tuple(sorted(children, key=key))
