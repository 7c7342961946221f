"""What a reader perceives of a built site, as text, and the difference between two builds.

`python tests/tools/sitetext.py OLD_SITE NEW_SITE` prints, page by page, every line of perceivable text that
differs between two builds of the site and exits 1 if any does: the check that a refactoring changed no word
a reader sees (or exactly the words it meant to). Perceivable text is the text of the page (scripts and styles
left out; <noscript> kept, since the citation popovers are read from it), every attribute a browser shows or
speaks (aria-label, title, alt, placeholder, the description meta tags) and the page's JSON-LD; besides the
pages, the Atom feed and the JSON exports are compared as they are.
"""

from __future__ import annotations

import difflib
import json
import sys
from html.parser import HTMLParser
from pathlib import Path

SPOKEN = ("aria-label", "title", "alt", "placeholder", "aria-roledescription", "aria-valuetext")
META = ("description", "og:title", "og:description", "og:site_name")
TEXT_FILES = ("*.atom", "*.json", "*.jsonld")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self._text: list[str] = []
        self._skip = 0  # inside <script> or <style>, except JSON-LD
        self._jsonld = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name in SPOKEN:
            if values.get(name):
                self._flush()
                self.lines.append(f"[{tag} {name}] {' '.join((values[name] or '').split())}")
        if tag == "meta" and (values.get("name") in META or values.get("property") in META):
            self.lines.append(f"[meta {values.get('name') or values.get('property')}] {values.get('content') or ''}")
        if tag in ("script", "style"):
            self._flush()
            self._jsonld = values.get("type") == "application/ld+json"
            if not self._jsonld:
                self._skip += 1
        elif tag not in VOID and tag in BLOCKS:
            self._flush()

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            if self._jsonld:
                self._flush("[json-ld] ")
                self._jsonld = False
            else:
                self._skip = max(0, self._skip - 1)
        elif tag in BLOCKS:
            self._flush()

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self._text.append(data)

    def _flush(self, prefix: str = "") -> None:
        text = " ".join("".join(self._text).split())
        self._text = []
        if text:
            self.lines.append(prefix + text)

    def close(self) -> None:
        super().close()
        self._flush()


# Elements that start a line of their own, so that a changed word shows in its line, not the page's.
BLOCKS = {
    "p",
    "div",
    "li",
    "ul",
    "ol",
    "dl",
    "dt",
    "dd",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "table",
    "tr",
    "th",
    "td",
    "caption",
    "figcaption",
    "figure",
    "section",
    "nav",
    "header",
    "footer",
    "main",
    "article",
    "aside",
    "details",
    "summary",
    "blockquote",
    "pre",
    "form",
    "button",
    "label",
    "title",
    "desc",
    "text",
    "tspan",
    "noscript",
    "svg",
}


def page_text(html: str) -> list[str]:
    """The perceivable text of one page, a line per block, attribute or JSON-LD script."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.lines


def site_texts(site: Path) -> dict[str, list[str]]:
    """Every page's perceivable text, and every feed and export as it is, by path inside the site."""
    texts = {
        p.relative_to(site).as_posix(): page_text(p.read_text(encoding="utf-8")) for p in sorted(site.rglob("*.html"))
    }
    for pattern in TEXT_FILES:
        for path in sorted(site.rglob(pattern)):
            texts[path.relative_to(site).as_posix()] = _lines(path)
    return texts


def _lines(path: Path) -> list[str]:
    """A file as lines to compare: JSON one value per line (the search index one page section per line)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".json":
        return text.splitlines()
    data = json.loads(text)
    if isinstance(data, dict) and isinstance(data.get("docs"), list):  # the search index
        # White space in the index is the HTML's own and is not shown (results show the text of a section).
        docs = [{k: " ".join(v.split()) if isinstance(v, str) else v for k, v in doc.items()} for doc in data["docs"]]
        return [json.dumps(doc, ensure_ascii=False, sort_keys=True) for doc in docs]
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True).splitlines()


def differences(old: Path, new: Path) -> list[str]:
    """A unified diff per file whose text differs, and a line per file only one build has."""
    before, after = site_texts(old), site_texts(new)
    out: list[str] = []
    for name in sorted(before.keys() | after.keys()):
        if name not in after:
            out.append(f"only in {old}: {name}")
        elif name not in before:
            out.append(f"only in {new}: {name}")
        elif before[name] != after[name]:
            out.extend(difflib.unified_diff(before[name], after[name], f"old/{name}", f"new/{name}", n=1, lineterm=""))
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: sitetext.py OLD_SITE NEW_SITE", file=sys.stderr)
        return 2
    found = differences(Path(argv[0]), Path(argv[1]))
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
