"""Which records a disagreement puts in doubt, from the links editors declare on the disagreements.

A disagreement of substance lists, under `concerns`, the records it puts in doubt without taking a side (the
event whose poster is disputed), and each answer lists the records that state its side (the quote as one
article gives it to one speaker, the same words as another gives them to another). Every such record, and
every answer, is disputed by that disagreement. A quote is a disputed *attribution* when the quotes on the
sides of one disagreement have different speakers. Differences of wording (kind: wording) dispute nothing.
Nothing here reads the records' text.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from explainer.content import model


@dataclass(frozen=True)
class Side:
    """One answer of a disagreement, with the quotes that state it."""

    answer: model.Answer
    quotes: tuple[model.Quote, ...]


@dataclass
class Disputes:
    disputed_by: dict[str, list[model.Disagreement]] = field(default_factory=dict)  # record id -> disagreements
    sides: dict[str, list[Side]] = field(default_factory=dict)  # disagreement id -> its answers and their quotes

    def of(self, record_id: str) -> list[model.Disagreement]:
        return self.disputed_by.get(record_id, [])

    def attributions(self, quote_id: str) -> list[tuple[model.Disagreement, list[Side]]]:
        """The disagreements over who said this quote: those whose sides give their quotes to different speakers."""
        result = []
        for disagreement in self.of(quote_id):
            sides = self.sides.get(disagreement.id, [])
            on_a_side = any(q.id == quote_id for side in sides for q in side.quotes)
            speakers = {speaker_key(q.speaker) for side in sides for q in side.quotes}
            if on_a_side and len(speakers) > 1:
                result.append((disagreement, [side for side in sides if side.quotes]))
        return result


def speaker_key(voice: model.Voice | None) -> tuple[str, str | None, str | None]:
    """Who a voice is, ignoring where it was written: two voices are the same speaker when these agree."""
    if voice is None:
        return ("article", None, None)
    return (voice.kind, voice.person, voice.label)


def collect_disputes(disagreements: list[model.Disagreement], quotes: dict[str, model.Quote]) -> Disputes:
    """Index the `concerns` links (checked by the resolve step) of every disagreement of substance."""
    disputes = Disputes()
    for disagreement in disagreements:
        if disagreement.kind != "substance":
            continue
        linked = [*disagreement.concerns, *(r for answer in disagreement.answers for r in answer.concerns)]
        for record_id in [answer.id for answer in disagreement.answers] + list(dict.fromkeys(linked)):
            disputes.disputed_by.setdefault(record_id, []).append(disagreement)
        disputes.sides[disagreement.id] = [
            Side(answer, tuple(quotes[r] for r in answer.concerns if r in quotes)) for answer in disagreement.answers
        ]
    return disputes
