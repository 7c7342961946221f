"""Event dates: the checks on each date's parts, the days a date allows, and how a date reads.

A date gives only the parts the evidence gives (year, month, day), each `stated` (an article gives it)
or `inferred` (our reasoning, named by id); or it is a range, `earliest` to `latest`, when bounds are all
the evidence gives. `span` turns a date into the first and last day it allows, which is all the timeline
needs to compare two dates at the precision both have.
"""

from __future__ import annotations

import calendar
import datetime
from dataclasses import dataclass

from explainer.content import model
from explainer.content.catalogue import Words, english
from explainer.core import codes
from explainer.core.diagnostics import Report

Span = tuple[int, int]  # first and last day (proleptic ordinals) a date allows


def point_span(point: model.DatePoint) -> Span | None:
    """The days a date to the year, month or day allows; None when it is not a calendar date."""
    if point.year is None or (point.day is not None and point.month is None):
        return None
    year = point.year.value
    try:
        if point.month is None:
            return datetime.date(year, 1, 1).toordinal(), datetime.date(year, 12, 31).toordinal()
        month = point.month.value
        if point.day is None:
            last = calendar.monthrange(year, month)[1]
            return datetime.date(year, month, 1).toordinal(), datetime.date(year, month, last).toordinal()
        day = datetime.date(year, month, point.day.value).toordinal()
    except ValueError:
        return None
    return day, day


def span(date: model.EventDate | None) -> Span | None:
    """The days an event's date allows, or None when it has no (valid) date."""
    if date is None:
        return None
    if not date.is_range:
        return point_span(date)
    if date.earliest is None or date.latest is None:
        return None
    first, last = point_span(date.earliest), point_span(date.latest)
    if first is None or last is None or first[0] > last[1]:
        return None
    return first[0], last[1]


# ---- how a date reads ---------------------------------------------------------------------------


def point_text(point: model.DatePoint, with_year: bool = True, words: Words | None = None) -> str:
    """A date as far as it is known, in the words' formats: 'March 11, 2025', 'March 2025', '2025';
    without the year: 'March 11', 'March'."""
    words = words or english()
    year = point.year.value if point.year else None
    if point.month is None:
        return str(year) if year is not None and with_year else ""
    month = words.items("date.months")[point.month.value - 1]
    shown_year = year if with_year else None
    if point.day is None:
        return (
            words.text("date.month", month=month, year=shown_year)
            if shown_year is not None
            else words.text("date.month_only", month=month)
        )
    if shown_year is None:
        return words.text("date.day_only", month=month, day=point.day.value)
    return words.text("date.day", month=month, day=point.day.value, year=shown_year)


def date_text(date: model.EventDate, words: Words | None = None) -> str:
    """'March 11, 2025', 'March 2025', '2021', 'between March 11 and 19, 2025'."""
    words = words or english()
    if not date.is_range:
        return point_text(date, words=words)
    first, last = date.earliest, date.latest
    if first is None or last is None or first.year is None or last.year is None:
        return ""
    if first.year.value != last.year.value or first.month is None:
        return words.text("date.between", first=point_text(first, words=words), last=point_text(last, words=words))
    if last.month is not None and first.month.value == last.month.value and first.day and last.day:
        return words.text(
            "date.between_days", first=point_text(first, False, words), day=last.day.value, year=last.year.value
        )
    return words.text("date.between", first=point_text(first, False, words), last=point_text(last, words=words))


@dataclass(frozen=True)
class Badge:
    text: str  # e.g. "month and year inferred"
    inference: str  # id of the inference it rests on


def inferred_badges(date: model.EventDate, words: Words | None = None) -> list[Badge]:
    """One badge per inference, naming exactly the parts it gives: 'year inferred',
    'day, month and year inferred'; for a range whose ends differ, 'earliest day inferred'."""
    words = words or english()
    uses: dict[str, dict[str, list[str]]] = {}  # inference -> end -> parts
    for end, point in date.ends():
        for name, part in point.parts():
            if part.basis == "inferred" and part.inference:
                uses.setdefault(part.inference, {}).setdefault(end, []).append(words.text(f"date.part.{name}"))
    badges = []
    for inference, by_end in uses.items():
        lists = list(by_end.values())
        if len(lists) == len(date.ends()) and all(parts == lists[0] for parts in lists):
            text = words.text("date.inferred", parts=words.join(lists[0]))
        else:
            ends = [
                words.text("date.end_inferred", end=words.text(f"date.end.{end}"), parts=words.join(parts))
                for end, parts in by_end.items()
            ]
            text = words.join(ends, "list.semicolons")
        badges.append(Badge(text, inference))
    return badges


# ---- checks -------------------------------------------------------------------------------------


def check_date(report: Report, date: model.EventDate) -> list[model.DatePart]:
    """Report every problem of one event's date; return its parts that name an inference."""
    point_keys = [key for key in ("year", "month", "day") if getattr(date, key) is not None]
    if date.is_range and point_keys:
        message = "a date is either a single date (year, month, day) or a range (earliest, latest), not both"
        report.error(
            codes.RANGE_WITH_POINT,
            date.at(point_keys[0]),
            message,
            "move the parts into 'earliest:' and 'latest:', or remove the range",
        )
        return []
    if date.is_range and (date.earliest is None or date.latest is None):
        missing = "latest" if date.latest is None else "earliest"
        hint = (
            "give the widest bound the evidence allows; an order with no date goes in the event's 'after:' or 'before:'"
        )
        report.error(
            codes.INCOMPLETE_RANGE,
            date.pos,
            f"a range needs both 'earliest' and 'latest'; '{missing}' is missing",
            hint,
        )
        return []
    if not date.is_range and date.year is None:
        hint = (
            "omit 'date' when the articles do not say when; if only the year is missing, infer it with reasoning "
            "(basis: inferred)"
        )
        report.error(codes.DATE_WITHOUT_YEAR, date.pos, "a date needs a 'year', or 'earliest' and 'latest'", hint)
        return []
    used: list[model.DatePart] = []
    for _, point in date.ends():
        if point.day is not None and point.month is None:
            report.error(
                codes.DAY_WITHOUT_MONTH, point.at("day"), "a day needs a month", "add 'month:' or remove 'day:'"
            )
        elif point.day is not None and point.month is not None and point.year is not None and point_span(point) is None:
            year, month = point.year.value, point.month.value
            days = calendar.monthrange(year, month)[1]
            month_name = english().items("date.months")[month - 1]  # messages to editors are in English
            report.error(
                codes.NOT_A_CALENDAR_DAY,
                point.at("day"),
                f"{month_name} {point.day.value}, {year} is not a calendar date",
                f"{month_name} {year} has {days} days; check the day and the month",
            )
        for name, part in point.parts():
            if part.basis == "inferred" and part.inference is None:
                hint = "write the reasoning, with its citations, under the date's 'inferences:' and name its id here"
                report.error(
                    codes.INFERRED_WITHOUT_INFERENCE,
                    part.at("basis"),
                    f"an inferred {name} needs 'inference: <id>' naming its reasoning",
                    hint,
                )
            elif part.basis == "stated" and part.inference is not None:
                report.error(
                    codes.STATED_WITH_INFERENCE,
                    part.at("inference"),
                    f"a stated {name} rests on no inference",
                    "remove 'inference:', or set 'basis: inferred' if no article gives this part",
                )
            elif part.inference is not None:
                used.append(part)
    if date.earliest is not None and date.latest is not None:
        first, last = point_span(date.earliest), point_span(date.latest)
        if first is not None and last is not None:
            if first[0] > last[1]:
                report.error(
                    codes.RANGE_REVERSED,
                    date.at("latest"),
                    f"the range ends before it begins: {point_text(date.earliest)} is after {point_text(date.latest)}",
                    "swap 'earliest' and 'latest', or check both",
                )
            elif first == last:
                report.error(
                    codes.RANGE_OF_ONE_DATE,
                    date.at("latest"),
                    f"both ends of the range are {point_text(date.earliest)}",
                    "write it as a single date (year, month, day)",
                )
    return used
