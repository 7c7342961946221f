"""What a text puts in quotation marks: one grammar, read in one of two modes.

Offsets are code-point offsets into the text given; a `Span`'s `start`/`end` include its marks.

`EDITOR` mode reads what editors write (records' texts, hand-written pages), which every check of editor
text reads the same way (the grounding check, the counts of articles, the sentences of a page):
- “…” and "…" enclose a quotation; so do ‘…’ and '…', and every other pair of quotemarks.py (German „…“,
  guillemets, corner brackets), with care for apostrophes:
- an opening mark follows the start of the text, white space, an opening bracket, a dash, a slash or
  another opening mark, and is followed by a non-space character;
- a closing mark follows a non-space character and is not followed by a letter or digit, so the
  apostrophes of "don't", "Ann’s" and "Ann's" never close a quotation;
- a single mark that opens an elided year or number ("the ’90s", "'90s") is an apostrophe;
- a single closing mark with no single quotation open is an apostrophe ("the Smiths' show");
- quotations nest ("she said 'no'" inside “…”); only the outermost ones are returned, since the
  inner marks are part of the words quoted. An unclosed double mark is reported as unbalanced; an
  unclosed single one is taken for an apostrophe.

`ARTICLE` mode reads the seeds, typeset news prose (the copying measure leaves their quotations out):
“…” and "…" always; ‘…’ and '…' when the opening mark starts a word and the closing one ends it (so the
apostrophes in "I’m" or "couple’s" open or close nothing); no nesting (inside a quotation only its own
closing mark counts). A quotation left open runs to the end of its paragraph, as news style continues a
quotation over paragraphs, and none crosses a paragraph break. Nothing is reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from explainer.text import quotemarks
from explainer.text.sourcetext import paragraphs


class Mode(Enum):
    EDITOR = "editor"
    ARTICLE = "article"


EDITOR, ARTICLE = Mode.EDITOR, Mode.ARTICLE


@dataclass(frozen=True)
class Span:
    """A quotation: `start`/`end` include the marks, `text` is what they enclose."""

    start: int
    end: int
    text: str


@dataclass(frozen=True)
class QuoteScan:
    spans: tuple[Span, ...]
    unclosed: tuple[int, ...]  # offsets of marks (other than single ones) that open a quotation never closed


def scan_quotes(text: str, mode: Mode = EDITOR) -> QuoteScan:
    """The outermost quotations of `text`, and where unbalanced double marks open (see the module's doc)."""
    if mode is ARTICLE:
        return QuoteScan(tuple(_article_spans(text)), ())
    return _editor_scan(text)


def quoted_spans(text: str, mode: Mode = EDITOR) -> list[tuple[int, int]]:
    """(start, end) of every quotation of `text`, marks included."""
    return [(span.start, span.end) for span in scan_quotes(text, mode).spans]


# ---- editor mode ------------------------------------------------------------------------------------

_BEFORE_OPENING = "([{—–-/" + "".join(ch for ch, (_, role) in quotemarks.MARKS.items() if role != "close")
_ELIDED_NUMBER = re.compile(r"\d\d?s?\b")
# The marks that could open or close a quotation: a single mark or straight double mark between two
# letters or digits ("Ann’s", "don't") can do neither, so it is not even looked at. Every branch
# starts with the mark itself (the test of the character before it comes after), so that the regex
# engine skips ahead to the next mark instead of trying each position.
_SOME_MARK = "[" + re.escape(quotemarks.WORD_SENSITIVE) + "]"
_EDITOR_MARK = re.compile("[" + re.escape(quotemarks.ALWAYS) + "]|" + _SOME_MARK + "(?:(?<!\\w.)|(?!\\w))")


def _can_open(text: str, at: int) -> bool:
    before = text[at - 1] if at > 0 else " "
    after = text[at + 1] if at + 1 < len(text) else " "
    return (before.isspace() or before in _BEFORE_OPENING) and not after.isspace()


def _can_close(text: str, at: int) -> bool:
    before = text[at - 1] if at > 0 else " "
    after = text[at + 1] if at + 1 < len(text) else " "
    return not before.isspace() and not after.isalnum()


def _editor_scan(text: str) -> QuoteScan:
    stack: list[tuple[str, int]] = []  # (family, offset of the opening mark)
    spans: list[Span] = []

    def close(kind: str, at: int) -> bool:
        for depth in range(len(stack) - 1, -1, -1):
            if stack[depth][0] == kind:
                opened = stack[depth][1]
                del stack[depth:]  # single marks opened inside and never closed were apostrophes
                if not stack:
                    spans.append(Span(opened, at + 1, text[opened + 1 : at]))
                return True
        return False

    for found in _EDITOR_MARK.finditer(text):  # only the marks: most of a text is plain words
        at, ch = found.start(), found.group()
        kind, role = quotemarks.MARKS[ch]
        inside = any(k == kind for k, _ in stack)
        if stack and stack[-1][0] == kind and text[stack[-1][1]] + ch in quotemarks.LOW_PAIRS:
            close(kind, at)  # German „…“ and ‚…‘: the high mark that elsewhere opens closes the low one
        elif kind == quotemarks.SINGLE:  # also an apostrophe: "don't", "Ann’s", "the ’90s", "the Smiths' show"
            if role != "open" and inside and _can_close(text, at):
                close(kind, at)
            elif role != "close" and _can_open(text, at) and not _ELIDED_NUMBER.match(text, at + 1):
                stack.append((kind, at))
        elif role == "either" and kind == quotemarks.DOUBLE:  # a straight mark: it closes what it opened
            if inside and _can_close(text, at):
                close(kind, at)
            elif _can_open(text, at):
                stack.append((kind, at))
        elif role == "open" or (role == "either" and not inside):
            stack.append((kind, at))
        else:
            close(kind, at)
    unclosed = tuple(at for kind, at in stack if kind != quotemarks.SINGLE)
    return QuoteScan(tuple(spans), unclosed)


# ---- article mode -----------------------------------------------------------------------------------

_ARTICLE_DOUBLE = {"“": "”", '"': '"'}
_ARTICLE_SINGLE_CLOSE = "’'"
_ARTICLE_MARK = re.compile("[“”\"‘’']")


def _article_spans(text: str) -> list[Span]:
    spans: list[Span] = []
    for paragraph in paragraphs(text):
        opened_at: int | None = None
        closer = ""
        single = False
        # Only the marks: the rest of the text opens and closes nothing.
        for mark in _ARTICLE_MARK.finditer(text, paragraph.start, paragraph.end):
            i, ch = mark.start(), mark.group()
            before = text[i - 1] if i > paragraph.start else " "
            after = text[i + 1] if i + 1 < paragraph.end else " "
            if opened_at is None:
                if ch in _ARTICLE_DOUBLE:
                    opened_at, closer, single = i, _ARTICLE_DOUBLE[ch], False
                elif ch == "‘" or (ch == "'" and not before.isalnum() and after.isalnum()):
                    opened_at, closer, single = i, _ARTICLE_SINGLE_CLOSE, True
            elif ch in closer and not (single and before.isalpha() and after.isalpha()):
                spans.append(Span(opened_at, i + 1, text[opened_at + 1 : i]))
                opened_at = None
        if opened_at is not None:
            spans.append(Span(opened_at, paragraph.end, text[opened_at + 1 : paragraph.end]))
    return spans
