"""`explainer check --base REV`: hold the corrections log to the changes made since REV (what is published).

Every published statement whose text, citations, date, attribution or dispute marks changed, every other
published record whose words changed (a person's summary, a transcript line's note), and every published
record taken away needs an entry that is new since the base; every new entry must name only records that
were published and did change; entries of the base stay (the log only grows).
"""

from __future__ import annotations

from explainer.changes.diff import RecordChange, compare_records
from explainer.core import codes
from explainer.core.diagnostics import Pos, Report
from explainer.site.sitemodel import SiteModel

# What makes a change of a published record a correction; re-ordering or re-filing it is not one. A statement
# that a disagreement now marks disputed, or no longer does, changed for its readers too. Records other than
# statements have no citations, dates, attributions or dispute marks of their own: only their words count, and
# their kind (a disagreement re-filed from wording only to told differently reads otherwise).
CORRECTED_AREAS = {
    "reworded": "text reworded",
    "citations": "citations changed",
    "re-dated": "re-dated",
    "attribution": "attribution changed",
    "disputes": "dispute marks changed",
}


def _what_changed(change: RecordChange) -> list[str]:
    if not change.statement:  # its words by key ("summary reworded"), and its kind: a disagreement re-filed
        keys = dict.fromkeys(f.path.split(".", 1)[0] for f in change.fields if f.area == "text")
        refiled = [f"kind changed ({f.old} to {f.new})" for f in change.fields if f.path == "kind"]
        return [f"{key} reworded" for key in keys] + refiled
    return [text for area, text in CORRECTED_AREAS.items() if area in change.areas]


def _published(site: SiteModel, record_id: str) -> bool:
    return type(site.index.records[record_id][1]).KIND.published


def _what(site: SiteModel, record_id: str) -> str:
    """'statement', or the kind of any other record: 'person', 'transcript line'."""
    return (
        "statement" if record_id in site.index.statement_by_id else site.index.records[record_id][0].replace("-", " ")
    )


def check_against_base(base: SiteModel, current: SiteModel, base_label: str, report: Report) -> None:
    """Warn where the corrections log and the changes since `base` disagree."""
    changes = compare_records(base, current)
    changed = {c.id: c for c in changes if c.status == "changed" and _what_changed(c) and _published(current, c.id)}
    base_entries = {c.id: c for c in base.index.content.corrections}
    new_entries = [c for c in current.index.content.corrections if c.id not in base_entries]
    recorded = {record_id for entry in new_entries for record_id in entry.named}
    for statement_id, change in changed.items():
        if statement_id in recorded:
            continue
        record = current.index.records[statement_id][1]
        report.warning(
            codes.UNCORRECTED_CHANGE,
            record.pos,
            f"published {_what(current, statement_id)} '{statement_id}' changed since {base_label} "
            f"({', '.join(_what_changed(change))}) and no new corrections entry records it",
            "if it corrects a mistake a reader may have relied on, add an entry to content/corrections.yaml "
            "(date, statements, wrong, now, why); a typo or style fix needs none",
        )
    for entry in new_entries:
        for statement_id, pos in zip(entry.statements, entry.items_at("statements"), strict=True):
            if statement_id not in current.index.records or not _published(current, statement_id):
                continue  # unknown id: reported as an error by the resolve step
            if statement_id not in base.index.records:
                message = (
                    f"correction '{entry.id}' names '{statement_id}', which is new since {base_label}: only a "
                    f"published {_what(current, statement_id)} can be corrected"
                )
                report.warning(codes.CORRECTION_OF_NEW_STATEMENT, pos, message, "remove it from the entry's statements")
            elif statement_id not in changed:
                unchanged = (
                    "text, citations, date and attribution are"
                    if statement_id in current.index.statement_by_id
                    else "words are"
                )
                message = (
                    f"correction '{entry.id}' names '{statement_id}', but its {unchanged} unchanged since {base_label}"
                )
                report.warning(
                    codes.CORRECTION_WITHOUT_CHANGE,
                    pos,
                    message,
                    "record the correction together with the change it describes, or remove the statement from "
                    "the entry",
                )
    current_files = {c.pos.path for c in current.index.content.corrections} or {"content/corrections.yaml"}
    log_file = sorted(current_files)[0]
    for entry in new_entries:
        for removed in entry.removed:
            if removed.id not in base.index.records:
                message = (
                    f"correction '{entry.id}' removes '{removed.id}', which is new since {base_label}: only a "
                    f"published record is removed through the log"
                )
                report.warning(codes.CORRECTION_OF_NEW_STATEMENT, removed.pos, message, "remove it from 'removed:'")
            elif base.index.records[removed.id][0] == "removed-record":
                message = f"correction '{entry.id}' removes '{removed.id}', which was removed already at {base_label}"
                hint = "remove it from 'removed:'; the entry that removed it is in the log"
                report.warning(codes.CORRECTION_WITHOUT_CHANGE, removed.pos, message, hint)
    # A published record gone without trace (its id free again): the log cannot say what readers lost. A record
    # nested in one that went with it (an answer of a removed disagreement) is reported with its holder only.
    gone = dict.fromkeys(c.id for c in changes if c.status == "removed" and _published(base, c.id))
    for record_id in gone:
        if base.index.owner_of.get(record_id) in gone:
            continue
        report.warning(
            codes.UNCORRECTED_CHANGE,
            Pos(log_file),
            f"published {_what(base, record_id)} '{record_id}' was removed since {base_label} and no new "
            "corrections entry records it",
            "if readers may have relied on it, add an entry to content/corrections.yaml that lists it under "
            "'removed:' (id, was: what readers saw); a duplicate or a record that was never shown needs none",
        )
    for entry_id, entry in base_entries.items():
        if entry_id not in current.index.records or current.index.records[entry_id][0] != "correction":
            path = entry.pos.path if entry.pos.path in current_files else log_file
            message = (
                f"corrections entry '{entry_id}' of {base_label} is gone: the log keeps every correction once published"
            )
            report.warning(
                codes.CORRECTION_REMOVED,
                Pos(path),
                message,
                "restore the entry; correct its wording if needed, but do not remove it",
            )
