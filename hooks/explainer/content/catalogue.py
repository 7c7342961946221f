"""The words the engine shows readers, from one catalogue that a translation can replace.

Every word of the generated pages, of the theme's overrides, of explainer.js, of the feed and of the structured
data comes from `words/en.yaml` by key; nothing the engine shows is written anywhere else. A site names its
language (`extra.explainer.language`: the plural rules, and the catalogue the engine ships for it, if any) and
may give a file of its own (`extra.explainer.words`) whose entries replace the catalogue's of the same key.

An entry is one of three shapes, fixed by the English catalogue:
- a text, with `{name}` placeholders filled by the engine (written `{{`/`}}` for a brace itself);
- plural forms, a mapping of CLDR plural categories (`one`, `few`, `other`, ...) to texts, chosen by the
  count `{n}` under the language's rules (CLDR, through Babel): a translation gives each form its language has;
- a list of texts of a fixed length (the month names).

A site's file is checked against the English entries: known keys, the same shape, no placeholder the engine does
not fill, the plural forms of its language. Every text is escaped where it is shown (a site's words are editor
input); placeholders filled with markup by the engine (a link, a badge) keep it.
"""

from __future__ import annotations

import functools
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from markupsafe import Markup, escape

from explainer.content.options import CONFIG_FILE, Options
from explainer.content.yamlload import MappingNode, Node, ScalarNode, SequenceNode, load_yaml, node_pos
from explainer.core import codes
from explainer.core.diagnostics import Pos, Report
from explainer.core.tree import linked_on_the_way
from explainer.text.clip import did_you_mean

BUILT_IN = "words"  # the package folder of the catalogues the engine ships, one per language: en.yaml, ...
ENGLISH = "en"
CATEGORIES = ("zero", "one", "two", "few", "many", "other")  # CLDR plural categories, in CLDR's order
SCRIPT_GROUP = "script"  # the entries explainer.js reads, from the page (see `script_words`)

Plural = Mapping[str, str]
Entry = str | Plural | tuple[str, ...]


class WordsError(Exception):
    """The engine's own catalogue is broken: a bug of the engine, never of a site."""


def _plural_rule(language: str) -> Any:
    from babel.core import Locale  # only where a language's rules are needed: importing Babel takes a while

    return Locale.parse(language, sep="-").plural_form


def plural_categories(language: str) -> tuple[str, ...]:
    """The plural forms `language` distinguishes, in CLDR's order, always ending in 'other'."""
    tags = _plural_rule(language).tags
    return tuple(c for c in CATEGORIES if c in tags or c == "other")


def placeholders(template: str) -> set[str]:
    """The names a text fills in; ValueError for braces that are not `{name}` (or `{{`, `}}`)."""
    names = set()
    for _, name, spec, conversion in string.Formatter().parse(template):
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion:
            raise ValueError(
                f"'{{{name}{'!' + conversion if conversion else ''}{':' + spec if spec else ''}}}' is not a placeholder"
            )
        names.add(name)
    return names


@dataclass(frozen=True)
class Words:
    """A complete catalogue in one language: every key of the English one, each of its shape."""

    language: str
    entries: Mapping[str, Entry]
    rule: Any = field(repr=False, compare=False)  # babel's PluralRule: count -> category
    # Each count's category, as the rule gave it: babel evaluates its rule in Python, and a site names counts
    # tens of thousands of times (a support's name for each statement).
    _categories: dict[int, str] = field(default_factory=dict, repr=False, compare=False)

    def _form(self, key: str, n: int | None) -> str:
        entry = self.entries[key]
        if isinstance(entry, str):
            return entry
        if isinstance(entry, tuple):
            raise TypeError(f"words: '{key}' is a list; use words.items('{key}')")
        if n is None:
            raise TypeError(f"words: '{key}' has plural forms and needs a count")
        if type(n) is not int:  # 1.0 may be of another category than 1 (it shows a decimal)
            return entry.get(self.rule(n)) or entry["other"]
        category = self._categories.get(n)
        if category is None:
            category = self._categories[n] = self.rule(n)
        return entry.get(category) or entry["other"]

    def text(self, key: str, n: int | None = None, /, **values: object) -> str:
        """The entry as plain text (for titles, structured data, the feed), its placeholders filled."""
        return self._form(key, n).format(n=n, **values)

    def html(self, key: str, n: int | None = None, /, **values: object) -> Markup:
        """The entry escaped for HTML; values are escaped too, unless they are markup already (a link)."""
        template = self._form(key, n)
        parsed = _escaped_template(template)
        if parsed is None:  # a placeholder other than {name}: markupsafe's own formatter, which knows them all
            return Markup(escape(template)).format(n=n, **values)
        # What Markup.format gives for {name} placeholders (each value the text names escaped, or kept if it is
        # markup), with str.format: markupsafe formats in pure Python, and pages ask for words tens of thousands of
        # times. A name the text uses and no value gives raises KeyError, as there.
        escaped, names = parsed
        given = {"n": n, **values}
        return Markup(escaped.format_map({name: _filled(given[name]) for name in names}))

    def items(self, key: str) -> tuple[str, ...]:
        entry = self.entries[key]
        if not isinstance(entry, tuple):
            raise TypeError(f"words: '{key}' is not a list")
        return entry

    def separator(self, style: str, position: int, length: int) -> str:
        """What follows item `position` (from 1) of `length` items joined in `style` (a `list.*` group):
        `between` items, `pair` between two, `last` before the last of more; nothing after the last."""
        if position >= length:
            return ""
        if position == length - 1:
            return self.text(f"{style}.pair" if length == 2 else f"{style}.last")
        return self.text(f"{style}.between")

    def join(self, items: Sequence[str], style: str = "list.and") -> str:
        return "".join(item + self.separator(style, i, len(items)) for i, item in enumerate(items, start=1))

    def number(self, value: float, decimals: int = 0) -> str:
        text = f"{value:.{decimals}f}"
        return text.replace(".", self.text("number.decimal_point")) if decimals else text

    def percent(self, share: float, decimals: int = 0) -> str:
        """A share (0 to 1) as a percentage: '20%', '5.3%'."""
        return self.text("number.percent", value=self.number(share * 100, decimals))

    def script_words(self) -> dict[str, Any]:
        """What explainer.js needs: the language (for its plural rules) and the `script.*` entries."""
        prefix = SCRIPT_GROUP + "."
        picked = {
            k.removeprefix(prefix): (dict(v) if isinstance(v, Mapping) else v)
            for k, v in self.entries.items()
            if k.startswith(prefix)
        }
        return {"language": self.language, "words": picked}


# ---- reading catalogues ------------------------------------------------------------------------------------


def _flatten(path: str, node: Node, report: Report, prefix: str = "") -> dict[str, tuple[Entry, Node, Node]]:
    """Every entry under `node`, by dotted key, with the nodes of its value and of its key; problems reported."""
    found: dict[str, tuple[Entry, Node, Node]] = {}
    if not isinstance(node, MappingNode):
        report.error(
            codes.WORDS_NOT_A_MAPPING,
            node_pos(path, node),
            "expected a mapping of words by key",
            "copy the layout of the engine's words/en.yaml",
        )
        return found
    for key_node, value in node.value:
        key = f"{prefix}{key_node.value}"
        if isinstance(value, ScalarNode):
            if value.tag != "tag:yaml.org,2002:str":
                report.error(
                    codes.WORD_WRONG_SHAPE, node_pos(path, value), f"'{key}' must be text", "put the words in quotes"
                )
                continue
            found[key] = (value.value, value, key_node)
        elif isinstance(value, SequenceNode):
            if not all(isinstance(item, ScalarNode) and item.tag == "tag:yaml.org,2002:str" for item in value.value):
                report.error(codes.WORD_WRONG_SHAPE, node_pos(path, value), f"'{key}' must be a list of texts")
                continue
            found[key] = (tuple(item.value for item in value.value), value, key_node)
        elif any(k.value == "other" for k, _ in value.value):
            forms: dict[str, str] = {}
            for form_key, form in value.value:
                if form_key.value not in CATEGORIES:
                    report.error(
                        codes.UNKNOWN_PLURAL_FORM,
                        node_pos(path, form_key),
                        f"'{form_key.value}' is not a plural form",
                        f"plural forms are named {', '.join(CATEGORIES)}",
                    )
                elif not isinstance(form, ScalarNode) or form.tag != "tag:yaml.org,2002:str":
                    report.error(
                        codes.WORD_WRONG_SHAPE,
                        node_pos(path, form),
                        f"the '{form_key.value}' form of '{key}' must be text",
                        "put the words in quotes",
                    )
                else:
                    forms[form_key.value] = form.value
            found[key] = (forms, value, key_node)
        else:
            found.update(_flatten(path, value, report, key + "."))
    return found


def _shape(entry: Entry) -> str:
    if isinstance(entry, str):
        return "a text"
    if isinstance(entry, tuple):
        return f"a list of {len(entry)} texts"
    return "plural forms"


def _check_entry(
    path: str, key: str, entry: Entry, node: Node, english: Entry, categories: tuple[str, ...], report: Report
) -> bool:
    """Whether a site's entry can replace the English one; why not is reported at its place."""
    if _shape(entry) != _shape(english):
        report.error(
            codes.WORD_WRONG_SHAPE,
            node_pos(path, node),
            f"'{key}' must be {_shape(english)}, as in the engine's catalogue",
            f"the English entry: {english!r}",
        )
        return False
    texts = list(entry.values()) if isinstance(entry, Mapping) else list(entry) if isinstance(entry, tuple) else [entry]
    allowed: set[str] = set()
    for text in (
        list(english.values()) if isinstance(english, Mapping) else [english] if isinstance(english, str) else []
    ):
        allowed |= placeholders(text)
    if isinstance(english, Mapping):
        allowed.add("n")
    ok = True
    for text in texts:
        try:
            used = placeholders(text)
        except ValueError as exc:
            report.error(
                codes.WORD_BAD_PLACEHOLDER,
                node_pos(path, node),
                f"'{key}': {exc}",
                "write {{ and }} for a brace itself",
            )
            ok = False
            continue
        unknown = sorted(used - allowed)
        if unknown:
            hint = (
                f"it may use {', '.join('{' + a + '}' for a in sorted(allowed))}"
                if allowed
                else "it has no placeholders"
            )
            report.error(
                codes.WORD_BAD_PLACEHOLDER,
                node_pos(path, node),
                f"'{key}' uses {', '.join('{' + u + '}' for u in unknown)}, which the engine does not fill",
                hint,
            )
            ok = False
    if isinstance(entry, Mapping) and ok:
        missing = [c for c in categories if c not in entry]
        extra = [c for c in entry if c not in categories]
        if missing or extra:
            problem = (
                f"lacks the form{'s' if len(missing) != 1 else ''} {', '.join(missing)}"
                if missing
                else f"has the form{'s' if len(extra) != 1 else ''} {', '.join(extra)}, which the language does not use"
            )
            report.error(
                codes.WORD_PLURAL_FORMS,
                node_pos(path, node),
                f"'{key}' {problem}",
                f"this language's plural forms are {', '.join(categories)}",
            )
            ok = False
    return ok


def _filled(value: object) -> str:
    """A value as markupsafe's formatter fills a {name} with it (EscapeFormatter.format_field, no spec)."""
    if type(value) is str:
        return escape(value)
    if hasattr(value, "__html_format__"):
        shown = value.__html_format__("")
    elif hasattr(value, "__html__"):
        shown = value.__html__()
    else:
        shown = format(value, "")
    return escape(shown)


@functools.lru_cache(maxsize=4096)
def _escaped_template(template: str) -> tuple[str, frozenset[str]] | None:
    """`template` escaped for HTML and the names it fills, or None when a placeholder in it is not a plain {name}
    (Words.html)."""
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError:
        return None
    names = [name for _, name, _, _ in fields if name is not None]
    if any(
        name is not None and (not name.isidentifier() or spec or conversion) for _, name, spec, conversion in fields
    ):
        return None
    return str(escape(template)), frozenset(names)


@functools.cache
def _catalogue(language: str) -> dict[str, Entry] | None:
    """The catalogue the engine ships for `language`, or None; a problem in it is the engine's bug."""
    source = resources.files("explainer.content").joinpath(BUILT_IN, f"{language}.yaml")
    if not source.is_file():
        return None
    report = Report()
    with resources.as_file(source) as path:
        node = load_yaml(path, f"{BUILT_IN}/{language}.yaml", report)
    entries = _flatten(f"{BUILT_IN}/{language}.yaml", node, report) if node is not None else {}
    if report.items:
        raise WordsError("\n".join(d.format_text() for d in report.items))
    return {key: entry for key, (entry, _, _) in entries.items()}


@functools.cache
def english() -> Words:
    """The engine's own words: what a site shows without a language or words of its own."""
    entries = _catalogue(ENGLISH)
    assert entries is not None
    return Words(ENGLISH, entries, _plural_rule(ENGLISH))


def load_words(root: Path, options: Options, report: Report) -> Words:
    """The site's words: its language's catalogue with the entries of its words file in place of the
    catalogue's; every problem of the file reported at its place, and every entry left in English (a
    language the engine ships no catalogue for) reported as a warning."""
    english_entries = _catalogue(ENGLISH)
    assert english_entries is not None
    language = options.language
    categories = plural_categories(language)
    replaced: dict[str, Entry] = {}
    shown = options.words
    if shown and (link := linked_on_the_way(root, root / shown)) is not None:
        # load_yaml refuses a link as the file itself; a linked folder on the way would lead anywhere too.
        report.error(
            codes.UNREADABLE_FILE, Pos(shown), f"the file is not read: {link} is a symbolic link", "use the file itself"
        )
        shown = ""
    if shown:
        node = load_yaml(root / shown, shown, report, options)
        entries = _flatten(shown, node, report) if node is not None else {}
        for key, (entry, at, key_at) in entries.items():
            if key not in english_entries:
                report.error(
                    codes.UNKNOWN_WORD,
                    node_pos(shown, key_at),
                    f"'{key}' is not a word of the engine",
                    did_you_mean(key, english_entries) or "the keys are those of the engine's words/en.yaml",
                )
            elif _check_entry(shown, key, entry, at, english_entries[key], categories, report):
                replaced[key] = entry
    if language != ENGLISH and _catalogue(language) is None:
        untranslated = [key for key in english_entries if key not in replaced]
        if untranslated:
            where = Pos(shown) if shown else Pos(CONFIG_FILE)
            listed = ", ".join(untranslated[:8]) + (
                f" and {len(untranslated) - 8} more" if len(untranslated) > 8 else ""
            )
            report.warning(
                codes.UNTRANSLATED_WORDS,
                where,
                f"{len(untranslated)} of the engine's words have no '{language}' form and stay in English: {listed}",
                "give them in the words file (start from a copy of the engine's words/en.yaml)",
            )
    if language == ENGLISH and not replaced:
        return english()
    return Words(language, {**english_entries, **(_catalogue(language) or {}), **replaced}, _plural_rule(language))
