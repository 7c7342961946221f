"""The words readers see come from one catalogue (words/en.yaml): every key is used and every used key exists,
a site's own words file replaces entries (checked with file, line and column), plural forms follow the
language's rules, and nothing the engine shows is written anywhere else."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from markupsafe import Markup, escape

from conftest import ROOT, make_project, run_explainer, run_mkdocs
from explainer.content import model
from explainer.content.catalogue import CATEGORIES, Words, english, load_words
from explainer.content.options import Options
from explainer.content.schema import sections
from explainer.core.diagnostics import Report
from explainer.site.pages import OTHER_PAGES
from explainer.site.sitemodel import KIND_IDS

sys.path.insert(0, str(Path(__file__).parent / "tools"))
from sitetext import page_text

ENGINE = ROOT / "hooks" / "explainer"
SITE = ENGINE / "site"
TEMPLATES = [*sorted((SITE / "templates").glob("*.html")), *sorted((SITE / "theme").rglob("*.html"))]
# The diff tool speaks to editors, and names fields by dotted paths ('attribution.kind'): not reader words.
PYTHON = [
    *(p for p in sorted(ENGINE.rglob("*.py")) if p.name not in ("diff.py", "diffview.py")),
    ROOT / "hooks" / "explainer_hook.py",
]
FILE_NAME = re.compile(r"\.(html|md|atom|yaml|yml|js|css|json|jsonld|txt)$")
SCRIPTS = sorted((ENGINE / "site" / "assets").glob("*.js"))
assert TEMPLATES and SCRIPTS, "the engine's templates and scripts moved"

# Keys made from data: a prefix, and the values that complete it (what the content or the code can hold).
# The pages declared with the kinds (model.py) and those of no kind: each has a title and a description, an
# index page also its name in a new site's menu.
_PAGES = [
    *(page for cls in sections(model.Content).values() for page in (cls.KIND.page, cls.KIND.index) if page is not None),
    *OTHER_PAGES,
]
_INDEXES = {cls.KIND.index.words for cls in sections(model.Content).values() if cls.KIND.index is not None}
DYNAMIC = {
    "voice.": set(model.VOICE_KINDS) - {"person"},
    "relation.": set(model.INVERSE_RELATION),
    "kind.": set(KIND_IDS),
    "date.precision.": {"day", "month", "year", "range"},
    "date.part.": set(model.DATE_PARTS),
    "date.end.": {"earliest", "latest"},
    "timeline.came_": {"after", "before"},
    "chart.group_": {"unordered", "partial"},  # what a bracket of the timeline's picture says (chronology's groups)
    # The differences that dispute nothing: a heading, an intro and a badge per kind (disagreements.html).
    "disagreements.": {f"{k}{part}" for k in set(model.DISAGREEMENT_KINDS) - {"substance"} for part in ("", "_intro")},
    "dispute.": {f"{k}_badge" for k in set(model.DISAGREEMENT_KINDS) - {"substance"}},
    # How a quote's words were given, where not simply said: a badge in lists, a line on its page (macros.html).
    "quote.delivery.": set(model.DELIVERIES) - {"said"},
    "quote.given_by.": set(model.DELIVERIES) - {"said"},
    "page.": {f"{page.words}.{what}" for page in _PAGES for what in ("title", "description")}
    | {f"{name}.nav" for name in _INDEXES | {page.words for page in OTHER_PAGES}},
}
LIST_STYLE_PARTS = ("between", "pair", "last")


def _literal_keys() -> set[str]:
    """Every catalogue key the engine names literally: in templates, Python and (as script.*) explainer.js."""
    groups = {key.split(".")[0] for key in english().entries}
    found: set[str] = set()
    for path in [*TEMPLATES, *PYTHON]:
        for key in re.findall(r"""["']([a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+)["']""", path.read_text(encoding="utf-8")):
            if key.split(".")[0] in groups and not FILE_NAME.search(key) and not key.endswith(("_", ".")):
                found.add(key)
    for path in SCRIPTS:
        found |= {f"script.{key}" for key in re.findall(r"""\bt\("([a-z_]+)"[,)]""", path.read_text(encoding="utf-8"))}
    return found


def test_every_catalogue_key_is_used_and_every_used_key_exists() -> None:
    entries = english().entries
    literal = _literal_keys()
    styles = {key for key in literal if key.startswith("list.") and key.count(".") == 1} | {
        "list.and"
    }  # sep()'s default
    used = set(literal) - styles
    used |= {f"{style}.{part}" for style in styles for part in LIST_STYLE_PARTS}
    for prefix, values in DYNAMIC.items():
        used |= {prefix + value for value in values}
    assert sorted(used - set(entries)) == []  # every key the engine names is in the catalogue
    assert sorted(set(entries) - used) == []  # and every entry is named somewhere


def test_the_english_catalogue_is_well_formed() -> None:
    words = english()
    for key, entry in words.entries.items():
        if isinstance(entry, dict):
            assert set(entry) == {"one", "other"}, key  # English has two plural forms
    assert len(words.items("date.months")) == len(words.items("date.months_short")) == 12
    assert set(CATEGORIES) >= {"one", "other"}


def test_no_english_words_in_the_scripts() -> None:
    # explainer.js shows only what t() takes from the page; its literals are selectors, classes and keys.
    for path in SCRIPTS:
        code = re.sub(r"//[^\n]*", "", path.read_text(encoding="utf-8"))
        literals = re.findall(r'"((?:[^"\\]|\\.)*)"', code)
        words = [
            lit
            for lit in literals
            if re.search(r"[A-Za-z]{2,} [A-Za-z]{2,}", lit)
            and not re.search(r"[.#\[\]>:=]", lit)
            and lit != "use strict"
        ]
        assert words == [], path.name


def test_no_words_in_the_stylesheets() -> None:
    # Generated content in CSS is punctuation and symbols only; a word it shows comes from an attribute.
    for path in sorted((ENGINE / "site" / "assets").glob("*.css")):
        shown = re.findall(r'content:\s*((?:"[^"]*"|attr\([^)]*\)|\s)+)', path.read_text(encoding="utf-8"))
        strings = [text for value in shown for text in re.findall(r'"([^"]*)"', value)]
        assert [text for text in strings if re.search(r"[A-Za-z]{2,}", text)] == [], path.name


def test_plural_forms_follow_the_language(tmp_path: Path) -> None:
    (tmp_path / "words.yaml").write_text(
        "support:\n  articles:\n    one: '{n} artykuł'\n    few: '{n} artykuły'\n"
        "    many: '{n} artykułów'\n    other: '{n} artykułu'\n",
        encoding="utf-8",
    )
    report = Report()
    words = load_words(tmp_path, Options(language="pl", words="words.yaml"), report)
    shown = [words.text("support.articles", n) for n in (1, 2, 4, 5, 12, 22, 25, 101)]
    assert shown == [
        "1 artykuł",
        "2 artykuły",
        "4 artykuły",
        "5 artykułów",
        "12 artykułów",
        "22 artykuły",
        "25 artykułów",
        "101 artykułów",
    ]
    assert [d.severity.value for d in report.items] == ["warning"]  # the rest of the words stay English, and it says so
    assert "have no 'pl' form and stay in English" in report.items[0].message
    assert (
        english().text("support.articles", 1) == "1 article" and english().text("support.articles", 0) == "0 articles"
    )


BAD_WORDS = [
    (
        "unknown key",
        "people:\n  intros: Alle.\n",
        "words.yaml:2:3: error EX015 unknown-word: 'people.intros' is not a word of the engine\n    hint: did you mean "
        "'people.intro'?",
    ),
    (
        "placeholder the engine does not fill",
        "person:\n  quotes_by: 'Zitate von {name}'\n",
        "words.yaml:2:14: error EX013 word-bad-placeholder: 'person.quotes_by' uses {name}, which the engine does not "
        "fill\n    hint: it may use {person}",
    ),
    (
        "format spec",
        "person:\n  quotes_by: 'Zitate von {person.__class__}'\n",
        "words.yaml:2:14: error EX013 word-bad-placeholder: 'person.quotes_by': '{person.__class__}' is not a "
        "placeholder",
    ),
    (
        "missing plural form",
        "support:\n  articles:\n    one: '{n} artykuł'\n    other: '{n} artykułu'\n",
        "words.yaml:3:5: error EX014 word-plural-forms: 'support.articles' lacks the forms few, many\n    hint: this "
        "language's plural forms are one, few, many, other",
    ),
    (
        "wrong shape",
        "date:\n  months: Januar\n",
        "words.yaml:2:11: error EX011 word-wrong-shape: 'date.months' must be a list of 12 texts, as in the engine's "
        "catalogue",
    ),
    (
        "list of the wrong length",
        "date:\n  months: [Januar, Februar]\n",
        "words.yaml:2:11: error EX011 word-wrong-shape: 'date.months' must be a list of 12 texts, as in the engine's "
        "catalogue",
    ),
]


@pytest.mark.parametrize(("case", "text", "expected"), BAD_WORDS, ids=[c[0] for c in BAD_WORDS])
def test_a_bad_words_file_is_reported_with_its_place(tmp_path: Path, case: str, text: str, expected: str) -> None:
    project = make_project(tmp_path / "p")
    (project / "words.yaml").write_text(text, encoding="utf-8")
    with (project / "mkdocs.yml").open("a", encoding="utf-8") as config:
        config.write("extra:\n  explainer:\n    language: pl\n    words: words.yaml\n")
    check = run_explainer("check", "--root", str(project))
    assert check.returncode == 1, check.stdout
    assert expected in check.stdout


@pytest.mark.parametrize(
    ("block", "expected"),
    [
        (
            "language: klingon-x",
            "mkdocs.yml:{line}:15: error EX007 option-invalid-value: language 'klingon-x' is not a language code that "
            "CLDR knows, such as 'en', 'de' or 'pt-BR'",
        ),
        (
            "words: ../words.yaml",
            "mkdocs.yml:{line}:12: error EX007 option-invalid-value: words '../words.yaml' must be a YAML file inside "
            "the project, written like 'words.yaml' or 'words/de.yaml'",
        ),
    ],
    ids=["unknown language", "file outside"],
)
def test_bad_language_options_are_reported_in_mkdocs_yml(tmp_path: Path, block: str, expected: str) -> None:
    project = make_project(tmp_path / "p")
    line = len((project / "mkdocs.yml").read_text(encoding="utf-8").splitlines()) + 3
    with (project / "mkdocs.yml").open("a", encoding="utf-8") as config:
        config.write(f"extra:\n  explainer:\n    {block}\n")
    check = run_explainer("check", "--root", str(project))
    assert check.returncode == 1 and expected.format(line=line) in check.stdout, check.stdout


GERMAN = """\
date:
  months: [Januar, Februar, März, April, Mai, Juni, Juli, August, September, Oktober, November, Dezember]
  day: "{day}. {month} {year}"
support:
  articles:
    one: "{n} Artikel"
    other: "{n} Artikel"
people:
  intro: Alle, die die Artikel nennen, mit dem, was sie über sie sagen.
timeline:
  event_by_event: Ereignis für Ereignis
theme:
  breadcrumb: Brotkrümel
script:
  link_copied: Link kopiert
  cited_for_count:
    one: "Belegt für {n} Aussage"
    other: "Belegt für {n} Aussagen"
"""

EVENT = """\
events:
  - id: greet
    title: Ann greets Bob
    text: Ann greets Bob.
    participants: [ann]
    date:
      year: {value: 2020, basis: stated}
      month: {value: 3, basis: stated}
      day: {value: 3, basis: stated}
    citations:
      - source: tiny
        quote: to Bob Example on March 3
"""


@pytest.mark.build
def test_a_site_s_own_words_replace_the_engine_s_on_every_page(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", {"events.yaml": EVENT})
    (project / "words").mkdir()
    (project / "words" / "de.yaml").write_text(GERMAN, encoding="utf-8")
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8").replace(
        "  font: false\n", "  font: false\n  features: [navigation.path]\n"
    )
    config.write_text(text + "extra:\n  explainer:\n    words: words/de.yaml\n", encoding="utf-8")
    build = run_mkdocs(project, "build", "--strict")
    assert build.returncode == 0, build.stderr
    site = project / "site"
    texts = {
        p.relative_to(site).as_posix(): "\n".join(page_text(p.read_text(encoding="utf-8")))
        for p in site.rglob("*.html")
    }
    everything = "\n".join(texts.values())
    # The replaced words are shown where the engine's were, and the engine's are gone.
    assert "3. März 2020" in texts["timeline/index.html"] and "March 3, 2020" not in everything
    assert "Alle, die die Artikel nennen, mit dem, was sie über sie sagen." in texts["people/index.html"]
    assert "Everyone the articles name." not in everything
    assert "Ereignis für Ereignis" in texts["timeline/index.html"] and "Event by event" not in everything
    assert "[nav aria-label] Brotkrümel" in texts["people/bob/index.html"] and "Breadcrumb" not in everything
    html = {name: (site / name).read_text(encoding="utf-8") for name in texts}
    chips = [
        m
        for page in html.values()
        for m in re.findall(r'<a class="ex-chip"[^>]*aria-label="([^"]*)"[^>]*>([^<]*)</a>', page)
    ]
    assert chips and all(chip == ("1 Artikel", "1") for chip in chips)  # named in the site's words; a number shown
    # explainer.js gets its words from the page.
    data = json.loads(
        re.search(r'<script type="application/json" id="ex-words">(.*?)</script>', html["people/index.html"]).group(1)
    )
    assert data["language"] == "en" and data["words"]["link_copied"] == "Link kopiert"
    assert data["words"]["cited_for_count"] == {"one": "Belegt für {n} Aussage", "other": "Belegt für {n} Aussagen"}


def test_words_are_escaped_where_they_are_shown(tmp_path: Path) -> None:
    (tmp_path / "words.yaml").write_text("people:\n  intro: '<script>alert(1)</script> & more'\n", encoding="utf-8")
    words: Words = load_words(tmp_path, Options(words="words.yaml"), Report())
    assert str(words.html("people.intro")) == "&lt;script&gt;alert(1)&lt;/script&gt; &amp; more"
    assert str(words.html("person.quotes_by", person="<b>Ann</b>")) == "Quotes by &lt;b&gt;Ann&lt;/b&gt;"


class _Shown:
    """A value that is markup by its own account (as a link the engine made is)."""

    def __html__(self) -> str:
        return "<a href='x'>shown</a>"

    def __str__(self) -> str:
        return "plain"


class _Unshowable:
    """A value that cannot be shown: a text that does not name it must not ask."""

    def __html__(self) -> str:
        raise AssertionError("shown")


@pytest.mark.parametrize(
    ("template", "n", "values"),
    [
        ("No placeholder & <b>", None, {}),
        ("Quotes by {person}", None, {"person": "Ann", "unused": _Unshowable()}),
        ("{n} of {total} \"quoted\" 'apostrophe'", 3, {"total": 7}),
        ("Quotes by {person}", None, {"person": "<b>Ann</b> & 'Bo'"}),
        ("Quotes by {person}", None, {"person": Markup("<b>Ann</b>")}),
        ("Quotes by {person}", None, {"person": _Shown()}),
        ("{{braces}} kept, {n} filled", 1, {}),
        ("{n}", None, {}),
        ("{n} {x}", 2.5, {"x": True}),
        ("{n:,} formatted", 12345, {}),  # not a site's placeholder: markupsafe's formatter handles it
        ("{n!r} converted", 1, {}),
    ],
)
def test_words_html_formats_as_markupsafe_does(template: str, n: object, values: dict[str, object]) -> None:
    # Words.html fills {name} placeholders with str.format (markupsafe formats in pure Python): the same
    # text, escaped the same, as Markup(escape(template)).format(...) for every kind of value.
    words = Words("en", {"key": template}, english().rule)
    expected = Markup(escape(template)).format(n=n, **values)
    shown = words.html("key", n, **values)  # type: ignore[arg-type]
    assert isinstance(shown, Markup) and str(shown) == str(expected)


def test_words_html_refuses_what_markupsafe_refuses() -> None:
    words = Words("en", {"key": "Quotes by {person}", "spec": "{person:>5}"}, english().rule)
    with pytest.raises(KeyError):
        words.html("key")
    with pytest.raises(ValueError):
        words.html("spec", person=Markup("<b>x</b>"))  # markup takes no format spec


@pytest.mark.build
def test_the_build_reads_the_words_file_as_the_check_does(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p")
    (project / "words.yaml").write_text(BAD_WORDS[0][1], encoding="utf-8")
    with (project / "mkdocs.yml").open("a", encoding="utf-8") as config:
        config.write("extra:\n  explainer:\n    words: words.yaml\n")
    build = run_mkdocs(project, "build", "--strict")
    assert build.returncode != 0 and BAD_WORDS[0][2] in build.stderr
    assert not (project / "site").exists()
