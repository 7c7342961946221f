"""The site's Content-Security-Policy: declared once here, set on every page as a <meta> at the top of <head>.

GitHub Pages cannot send headers, so the policy travels in the page. Scripts may come from the site itself
('self'); an inline script runs only when its text is one the theme's templates write (Material's and the
engine's, and those of a user's custom_dir: templates are code). Each such script's SHA-256 is computed from
the page as built, since some differ from page to page (Material's `__md_scope` names the page's way back to
the site's root). Anything else inline is blocked: a <script> in a hand-written page's raw HTML or front
matter, an event-handler attribute, a javascript: URL. Content is escaped before it reaches a page, so these
can only come from hand-written pages or templates; `secure` lists what it finds, and the build warns
(`--strict` builds stop), so that a page never silently loses a script.

A script's text is trusted by matching it against the templates' inline scripts, not by where it sits on the
page: a hand-written page's front matter is printed by the theme's header, outside the page's content, and
must not run there either. A template's `{{ expression }}` inside a script matches only characters that
cannot end a string or write a call (letters, digits, `./:%?#&=+@!*$~-`), so a value a page controls cannot
turn a trusted script into another. How the page is split into elements here need not match the browser
exactly: the browser runs a script only if the hash of its own reading of the text is listed, and every
listed hash is of a template's script.
"""

from __future__ import annotations

import base64
import hashlib
import html
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

# Every directive, and why. `frame-ancestors` (clickjacking) is ignored in a <meta> policy; SECURITY.md says so.
POLICY: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("default-src", ("'self'",)),  # nothing from another host: the site works offline
    ("script-src", ("'self'",)),  # and the hashes of the templates' inline scripts, per page
    # Style attributes are needed (Markdown's aligned table cells, the compare page's --share and --columns,
    # which are data for the stylesheet); <style> elements are not, so style-src-elem refuses inline ones
    # where browsers know it (where they do not, style-src applies to both).
    ("style-src", ("'self'", "'unsafe-inline'")),
    ("style-src-elem", ("'self'",)),
    ("img-src", ("'self'", "data:")),  # Material's icons are data: URLs in its stylesheet
    ("font-src", ("'self'",)),
    ("connect-src", ("'self'",)),  # the search index, fetched by the search worker
    ("worker-src", ("'self'",)),  # Material's search worker, a file of the site
    ("object-src", ("'none'",)),
    ("frame-src", ("'none'",)),
    ("base-uri", ("'none'",)),  # no page has a <base>; none may redirect the page's relative links
    ("form-action", ("'self'",)),  # the search form, should it ever be submitted without the script
)

# What a template's {{ expression }} inside a trusted script may print: a path or an address, never a quote,
# a backslash, a bracket, a parenthesis, white space or markup.
_FILL = r"[\w./:%?#&=+@!*$~-]*"

# Script types that run (HTML, "prepare the script element"): classic scripts, modules, import maps and
# speculation rules, which script-src governs as well. Any other type is a data block (JSON-LD, __config).
_JAVASCRIPT_TYPES = frozenset(
    [
        "application/ecmascript",
        "application/javascript",
        "application/x-ecmascript",
        "application/x-javascript",
        "text/ecmascript",
        "text/javascript",
        *(f"text/javascript1.{n}" for n in range(6)),
        "text/jscript",
        "text/livescript",
        "text/x-ecmascript",
        "text/x-javascript",
    ]
)
_OTHER_RUNNING_TYPES = frozenset(["module", "importmap", "speculationrules"])

# Elements whose text is not markup: a "<script>" inside a <title> or a <textarea> is text. <noscript> is left
# out on purpose: explainer.js reads the citation notes out of one and puts them on the page.
_RAW_TEXT = "script|style|title|textarea|xmp|iframe|noembed|noframes"
_ATTRIBUTES = r"(?P<{}>(?:[^>\"']++|\"[^\"]*+\"|'[^']*+')*+)"  # possessive: no backtracking on a tag left open
# A tag that cannot matter, in the form most of a page's tags have: no raw-text element, each attribute a name
# and maybe a double-quoted value, with white space before it. The last branch of _TOKEN would take the same
# text as one tag, and `_blocked_attributes` would find nothing in it: no name starts with "on", and no value
# holds "&" (a character reference could spell anything) or a "j" or "J" (so no "javascript:"; no character
# folds to j, o or n under IGNORECASE but J, O and N). Such tags are passed over instead, with the text and the
# tokenless "<" between them, in one match: the Python loop in `secure` sees a seventh of the tokens (half the
# step's time). Any other tag takes the last branch, as before. tests/test_csp.py holds the scan to one that
# takes every tag alone, on random markup and on the site.
_PLAIN_TAG = (
    rf"<(?!(?ai:{_RAW_TEXT})[\s/>])[a-zA-Z][^\s/>\"'&]*+"
    r"(?:\s++(?![oO][nN])[a-zA-Z_:][-a-zA-Z0-9_:.]*+(?:=\"[^\"&jJ]*+\")?)*+\s*+/?>"
)
# A "<" that starts no token: before neither a letter nor "!", or "<!" that opens no comment (<!DOCTYPE>). Letters
# are ASCII letters, in any case, as in HTML's tag names: under IGNORECASE alone, [a-z] would also take the
# Kelvin sign and the dotted and dotless i and long s, which fold to k, i and s ("<ſcript>" read as a script).
_NO_TOKEN = r"<(?![a-zA-Z!])|<!(?!--)"
_TOKEN = re.compile(
    r"<!--.*?(?:-->|\Z)"
    rf"|<(?P<raw>(?ai:{_RAW_TEXT}))(?=[\s/>]){_ATTRIBUTES.format('raw_attrs')}>(?P<text>.*?)"
    rf"(?:</(?ai:(?P=raw))(?=[\s/>])|\Z)"
    rf"|(?:[^<]++|{_PLAIN_TAG}|{_NO_TOKEN})++"
    rf"|<(?P<tag>[a-zA-Z][^\s/>]*+){_ATTRIBUTES.format('attrs')}>",
    re.S,
)
_ATTRIBUTE = re.compile(r"""([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?""")
# Most tags have neither an attribute named on... nor "javascript" in a value (even written with entities or
# with the characters the URL parser skips): those are not taken apart (a third of the step's time). Searched
# only in the attributes _TOKEN finds, which start with white space or "/" (the tag's name before them takes
# everything else), so an attribute named on... always follows one of [\s"'/]; every branch starting with a
# character class lets the search skip ahead (a third faster than with a branch for the start of the text).
_SUSPECT = re.compile(r"[\s\"'/]on|&|" + r"[\x00-\x20]*".join("javascript"), re.I)
_URL_ATTRIBUTES = frozenset(["href", "src", "action", "formaction", "xlink:href", "data", "poster"])
# Chromium's javascript: URL check strips these (the URL parser's leading C0 controls and space, and the tab
# and newlines it removes anywhere).
_URL_JUNK = re.compile(r"[\x00-\x20]")
# Does nothing; Material's search partial writes it on its "share" button, which its script handles.
_INERT_URL = "javascript:void(0)"

# Where the policy goes: right after <meta charset> (which must stay in the first 1024 bytes), before any
# script; else right after <head>.
_CHARSET = re.compile(r"<meta\s[^>]*?charset\s*=[^>]*>", re.I)
_HEAD = re.compile(r"<head(?:\s[^>]*)?>", re.I)
_SCRIPT_START = re.compile(r"<script", re.I)

# In a template: its <script> elements, and the Jinja in their text.
_TEMPLATE_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.S | re.I)
_JINJA_COMMENT = re.compile(r"\{#.*?#\}", re.S)
_JINJA_EXPRESSION = re.compile(r"\{\{(-?)(.*?)(-?)\}\}", re.S)


@dataclass(frozen=True)
class TrustedScripts:
    """The inline scripts the theme's templates write, each as a pattern of the text it prints."""

    patterns: tuple[re.Pattern[str], ...]

    def allows(self, text: str) -> bool:
        return any(pattern.fullmatch(text) for pattern in self.patterns)


@dataclass(frozen=True)
class Secured:
    html: str
    policy: str
    blocked: tuple[str, ...]  # what the policy blocks on the page, one line each, for the build's warning


def policy_text(hashes: Iterable[str] = ()) -> str:
    """The policy, with `hashes` ('sha256-...') allowed as inline scripts."""
    directives = []
    for name, sources in POLICY:
        if name == "script-src":
            sources = (*sources, *(f"'{h}'" for h in sorted(set(hashes))))
        directives.append(" ".join((name, *sources)))
    return "; ".join(directives)


def script_hash(text: str) -> str:
    """The CSP source of an inline script: the SHA-256 of its text as the browser reads it (the HTML parser
    turns CR LF and CR into LF, and NUL into U+FFFD, before a script sees its text)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\0", "\ufffd")
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def secure(page: str, trusted: TrustedScripts) -> Secured:
    """`page` with the policy as a <meta> at the top of its <head>, allowing the inline scripts `trusted`
    knows, and what the policy blocks on it. Raises ValueError when the page has no <head>, or a script
    before it, which a policy set in the page could not cover."""
    hashes: set[str] = set()
    blocked: list[str] = []
    for match in _TOKEN.finditer(page):
        if (raw := match["raw"]) is not None:
            attributes = _attributes(match["raw_attrs"])
            blocked += _blocked_attributes(raw.lower(), attributes)
            if raw.lower() != "script" or "src" in attributes or not _runs(attributes):
                continue
            text = match["text"]
            if trusted.allows(_browser_text(text)):
                hashes.add(script_hash(text))
            else:
                blocked.append(f"an inline script: {_sample(text)}")
        elif (tag := match["tag"]) is not None and _SUSPECT.search(match["attrs"]):
            blocked += _blocked_attributes(tag.lower(), _attributes(match["attrs"]))
    at = _insertion_point(page)
    policy = policy_text(hashes)
    # The policy holds no markup; only what would end the attribute is escaped, so that it reads as written.
    content = policy.replace("&", "&amp;").replace('"', "&quot;")
    meta = f'<meta http-equiv="Content-Security-Policy" content="{content}">'
    return Secured(page[:at] + meta + page[at:], policy, tuple(blocked))


def _insertion_point(page: str) -> int:
    head = _HEAD.search(page)
    if head is None:
        raise ValueError("the page has no <head> to set its Content-Security-Policy in")
    charset = _CHARSET.search(page, head.end())
    at = head.end()
    if charset is not None and not _SCRIPT_START.search(page, head.end(), charset.start()):
        at = charset.end()
    if _SCRIPT_START.search(page, 0, at):
        raise ValueError("a script comes before the page's <head>, where its Content-Security-Policy goes")
    return at


def _attributes(source: str) -> dict[str, str]:
    attributes: dict[str, str] = {}
    for match in _ATTRIBUTE.finditer(source):
        name = match[1].lower()
        value = next((v for v in match.groups()[1:] if v is not None), "")
        attributes.setdefault(name, html.unescape(value))  # the browser keeps the first of a repeated attribute
    return attributes


def _blocked_attributes(tag: str, attributes: dict[str, str]) -> list[str]:
    blocked = []
    for name, value in attributes.items():
        if name.startswith("on"):
            blocked.append(f"an event-handler attribute: <{tag} {name}={_sample(value)}>")
        elif name in _URL_ATTRIBUTES:
            url = _URL_JUNK.sub("", value).lower()
            if url.startswith("javascript:") and url != _INERT_URL:
                blocked.append(f"a javascript: URL: <{tag} {name}={_sample(value)}>")
    return blocked


def _runs(attributes: dict[str, str]) -> bool:
    """Whether a <script> with these attributes is a script, not a data block (HTML's rules, type first)."""
    kind = attributes.get("type")
    if kind is None:
        language = attributes.get("language")
        if not language:
            return True
        kind = "text/" + language
    kind = kind.strip(" \t\n\f\r").lower()
    return kind == "" or kind in _JAVASCRIPT_TYPES or kind in _OTHER_RUNNING_TYPES


def _browser_text(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\0", "\ufffd")


def _sample(text: str) -> str:
    text = text.strip()
    return repr(text if len(text) <= 60 else text[:59] + "…")


# --- the templates' scripts ---------------------------------------------------------------------------------


def template_patterns(template: str) -> list[re.Pattern[str]]:
    """The inline scripts of one template's source, each as a pattern of what it prints. A script whose text
    holds a Jinja statement ({% ... %}) is left out: what it prints cannot be told from its source, so it is
    blocked wherever it appears."""
    patterns = []
    for match in _TEMPLATE_SCRIPT.finditer(_JINJA_COMMENT.sub("", template)):
        attributes = match[1]
        if "{" not in attributes:
            parsed = _attributes(attributes)
            if "src" in parsed or not _runs(parsed):
                continue
        elif re.search(r"\ssrc\s*=", attributes, re.I):
            continue
        body = _browser_text(match[2])
        if "{%" in body:
            continue
        patterns.append(re.compile(_pattern(body), re.S))
    return patterns


def _pattern(body: str) -> str:
    parts: list[str] = []
    literal_end, strip_next = 0, False
    for expression in _JINJA_EXPRESSION.finditer(body):
        literal = body[literal_end : expression.start()]
        if strip_next:
            literal = literal.lstrip()
        if expression[1]:  # {{- removes the white space before it
            literal = literal.rstrip()
        parts += [re.escape(literal), _FILL]
        literal_end, strip_next = expression.end(), bool(expression[3])
    tail = body[literal_end:]
    parts.append(re.escape(tail.lstrip() if strip_next else tail))
    return "".join(parts)


@dataclass(frozen=True)
class _Scan:
    signature: tuple[tuple[str, int, int], ...]  # each template file and folder: path, mtime, size
    trusted: TrustedScripts


_scans: dict[tuple[str, ...], _Scan] = {}


def trusted_scripts(theme_dirs: Sequence[str]) -> TrustedScripts:
    """The inline scripts of every template (*.html) in the theme's folders, in the order the theme looks
    them up. Called for every page: kept until a template changes (`mkdocs serve` rebuilds with new ones)."""
    key = tuple(theme_dirs)
    scan = _scans.get(key)
    if scan is not None and _signature(p for p, _, _ in scan.signature) == scan.signature:
        return scan.trusted
    paths: list[str] = []
    patterns: list[re.Pattern[str]] = []
    for folder in key:
        for here, folders, names in os.walk(folder):
            # Dot folders hold Material's icons (thousands of SVG files), not templates.
            folders[:] = sorted(f for f in folders if not f.startswith("."))
            paths.append(here)
            for name in sorted(names):
                if name.endswith(".html"):
                    path = os.path.join(here, name)
                    paths.append(path)
                    patterns += template_patterns(Path(path).read_text(encoding="utf-8"))
    unique = tuple({p.pattern: p for p in patterns}.values())
    _scans[key] = _Scan(_signature(paths), TrustedScripts(unique))
    return _scans[key].trusted


def _signature(paths: Iterable[str]) -> tuple[tuple[str, int, int], ...]:
    signature = []
    for path in paths:
        try:
            status = os.stat(path)
        except OSError:
            signature.append((path, -1, -1))
        else:
            signature.append((path, status.st_mtime_ns, status.st_size))
    return tuple(signature)
