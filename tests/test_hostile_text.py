"""Hostile text: what a reader cannot see, or does not read as the checks do, never slips past them.

The attacks: an invisible character (zero-width, soft hyphen, a bidirectional override) inside a quoted word,
a name or a month, so that the page shows words the grounding check never compared; a quotation in marks the
checker did not know (guillemets, corner brackets, fullwidth or ornamental marks), shown as a quotation and
never checked; two people who share a name, or whose names only look the same, so that every mention of one
is taken for the other.
"""

from __future__ import annotations

import json
import sys
import unicodedata
from pathlib import Path

import pytest

from conftest import make_project
from explainer.evidence.pipeline import Layout, check
from explainer.evidence.samename import mixed_scripts, skeleton
from explainer.text.invisible import INVISIBLE
from explainer.text.quotemarks import MARKS


def found(project: Path) -> list[str]:
    _, diagnostics = check(Layout(project))
    return [f"{d.pos}: {d.code}: {d.message}" for d in diagnostics]


CLAIM = """\
claims:
  - id: ann-greets
    topic: general
    text: {text}
    about: [ann, bob]
    citations:
      - source: tiny
        quote: said "hello there" to Bob
"""


def claim_problems(tmp_path: Path, text: str) -> list[str]:
    project = make_project(tmp_path / "p", {"claims.yaml": CLAIM.format(text=text)}, docs_index="# T\n")
    return found(project)


# ---- invisible characters ----------------------------------------------------------------------------

INVISIBLE_CASES = [
    ("\u200b", "U+200B ZERO WIDTH SPACE"),
    ("\u200c", "U+200C ZERO WIDTH NON-JOINER"),
    ("\u200d", "U+200D ZERO WIDTH JOINER"),
    ("\u2060", "U+2060 WORD JOINER"),
    ("\u00ad", "U+00AD SOFT HYPHEN"),
    ("\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("\u202d", "U+202D LEFT-TO-RIGHT OVERRIDE"),
    ("\u2067", "U+2067 RIGHT-TO-LEFT ISOLATE"),
    ("\u200f", "U+200F RIGHT-TO-LEFT MARK"),
    ("\u061c", "U+061C ARABIC LETTER MARK"),
    ("\ufeff", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
    ("\u2062", "U+2062 INVISIBLE TIMES"),
    ("\U000e0041", "U+E0041 TAG LATIN CAPITAL LETTER A"),
    ("\u3164", "U+3164 HANGUL FILLER"),
    ("\u034f", "U+034F COMBINING GRAPHEME JOINER"),
    ("\ufe0f", "U+FE0F VARIATION SELECTOR-16"),
    ("\ue000", "U+E000 a private-use character"),
]


@pytest.mark.parametrize(("ch", "named"), INVISIBLE_CASES, ids=[n for _, n in INVISIBLE_CASES])
def test_an_invisible_character_in_a_quoted_word_is_refused_at_its_place(tmp_path: Path, ch: str, named: str) -> None:
    # 'Ann said “hel<ZWSP>lo”': the page shows a quotation of the article, the checks would compare other words.
    text = f"Ann said “hel{ch}lo there” to Bob."
    problems = claim_problems(tmp_path, text)
    assert problems == [
        f"content/claims.yaml:4:24: EX119 invisible-character: text contains the invisible character {named}"
    ]


@pytest.mark.parametrize("ch", ["\u200b", "\u00ad", "\u202e", "\u2028", "\u2029"])
def test_an_invisible_character_written_as_an_escape_is_refused_too(tmp_path: Path, ch: str) -> None:
    escaped = json.dumps(f"Ann greets Bo{ch}b.")  # "Ann greets Bo\u200bb.": YAML makes the character
    problems = claim_problems(tmp_path, escaped)
    assert len(problems) == 1 and problems[0].startswith("content/claims.yaml:4:11: EX119 invisible-character: ")


@pytest.mark.parametrize(
    ("where", "files"),
    [
        ("a person's name", {"people.yaml": "people:\n  - id: zed\n    name: Ze\u200bd Example\n"}),
        ("a key", {"claims.yaml": CLAIM.format(text="Ann greets Bob.").replace("topic:", "to\u200bpic:")}),
        ("a month", {"claims.yaml": CLAIM.format(text="Ann greets Bob in Ma\u00adrch.")}),
    ],
)
def test_invisible_characters_are_refused_in_every_value_and_key(
    tmp_path: Path, where: str, files: dict[str, str]
) -> None:
    project = make_project(tmp_path / "p", files, docs_index="# T\n")
    assert any(" EX119 invisible-character: " in p for p in found(project)), where


def test_an_invisible_character_in_a_hand_written_page_is_refused_at_its_line_and_column(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", docs_index="# Tiny\n\nAnn said “hel\u200blo there”.\n")
    assert found(project) == [
        "docs/index.md:3:14: EX119 invisible-character: the page contains the invisible character U+200B ZERO "
        "WIDTH SPACE"
    ]


@pytest.mark.build
def test_the_build_stops_on_an_invisible_character_before_writing(tmp_path: Path) -> None:
    from conftest import run_mkdocs

    project = make_project(tmp_path / "p", {"claims.yaml": CLAIM.format(text="Ann greets B\u200bob.")})
    result = run_mkdocs(project, "build", "--strict", "-d", str(tmp_path / "site"))
    assert result.returncode != 0
    assert "content/claims.yaml:4:" in result.stderr and "EX119 invisible-character" in result.stderr
    assert not (tmp_path / "site").exists()


def test_every_format_character_of_unicode_is_refused() -> None:
    # The ranges are written out (an import costs nothing); the Unicode database of this Python is the judge.
    missing = [
        f"U+{cp:04X}"
        for cp in range(sys.maxunicode + 1)
        if unicodedata.category(chr(cp)) == "Cf" and not INVISIBLE.match(chr(cp))
    ]
    assert missing == []
    for ch in "\u2028\u2029\u115f\u1160\u3164\uffa0\u034f\ufe00\ufe0f\U000e0100\ue000\U000f0000\ufdd0\uffff":
        assert INVISIBLE.match(ch), f"U+{ord(ch):04X}"


def test_ordinary_text_is_not_refused() -> None:
    # Letters with accents, curly quotes, dashes, no-break spaces, emoji without selectors: all visible.
    for text in ("María Lucía", "“Don’t”", "a — b – c", "10\u00a0p.m.", "naïve café", "Ireland", "🎉", "日本語"):
        assert INVISIBLE.search(text) is None, text


# ---- every quotation mark is one ---------------------------------------------------------------------

# Unicode's Quotation_Mark property (PropList.txt): every character that has it.
QUOTATION_MARK_PROPERTY = (
    "\u0022\u0027\u00ab\u00bb\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f\u2039\u203a\u2e42"
    "\u300c\u300d\u300e\u300f\u301d\u301e\u301f\ufe41\ufe42\ufe43\ufe44\uff02\uff07\uff62\uff63"
)


def test_every_character_with_the_quotation_mark_property_is_a_quotation_mark() -> None:
    assert [f"U+{ord(ch):04X}" for ch in QUOTATION_MARK_PROPERTY if ch not in MARKS] == []


INVENTED = "never said it"  # not in the tiny article
QUOTED = [
    ("guillemets", f"«{INVENTED}»"),
    ("guillemets, French spacing", f"«\u00a0{INVENTED}\u00a0»"),
    ("guillemets, German direction", f"»{INVENTED}«"),
    ("single guillemets", f"‹{INVENTED}›"),
    ("corner brackets", f"「{INVENTED}」"),
    ("white corner brackets", f"『{INVENTED}』"),
    ("halfwidth corner brackets", f"｢{INVENTED}｣"),
    ("fullwidth straight marks", f"＂{INVENTED}＂"),
    ("double prime marks", f"〝{INVENTED}〞"),
    ("German low-9 and high-6", f"„{INVENTED}“"),
    ("German single marks", f"‚{INVENTED}‘"),
    ("ornaments", f"❝{INVENTED}❞"),
    ("single ornaments", f"❛{INVENTED}❜"),
    ("curly double", f"“{INVENTED}”"),
    ("straight double", f'\\"{INVENTED}\\"'),
]


@pytest.mark.parametrize(("marks", "quoted"), QUOTED, ids=[m for m, _ in QUOTED])
def test_an_invented_quotation_in_any_quotation_marks_is_caught(tmp_path: Path, marks: str, quoted: str) -> None:
    problems = claim_problems(tmp_path, f'"Ann told Bob {quoted}."')
    assert [p.split(": ")[1] for p in problems] == ["EX608 ungrounded-quote"], (marks, problems)


@pytest.mark.parametrize(("marks", "quoted"), [("guillemets", "«hello there»"), ("corner brackets", "「hello there」")])
def test_a_true_quotation_in_other_marks_passes(tmp_path: Path, marks: str, quoted: str) -> None:
    assert claim_problems(tmp_path, f'"Ann said {quoted} to Bob."') == []


@pytest.mark.parametrize("opened", ["«never closed", "「never closed", "‹never closed"])
def test_a_quotation_opened_in_other_marks_and_never_closed_is_unbalanced(tmp_path: Path, opened: str) -> None:
    problems = claim_problems(tmp_path, f'"Ann said {opened}."')
    assert [p.split(": ")[1] for p in problems] == ["EX604 unbalanced-quote"]


# ---- names that cannot be told apart -----------------------------------------------------------------


def people(*names: str) -> dict[str, str]:
    records = "".join(f"  - id: p{n}\n    name: {json.dumps(name)}\n" for n, name in enumerate(names))
    return {"people2.yaml": "people:\n" + records}


SAME_NAMES = [
    ("the same name", "Ann Example", "is the same as"),
    ("a Cyrillic a", "\u0410nn Example", None),  # mixes scripts: refused by itself
    ("all Cyrillic look-alikes", "\u0410nn Ех\u0430mple", None),
    ("a capital I for l", "Ann ExampIe", "looks the same as"),
    ("a digit 1 for l", "Ann Examp1e", "looks the same as"),
    ("a digit 0 for O", "0tto", "looks the same as"),
    ("an accent", "Ánn Exámple", "looks the same as"),
    ("rn for m", "Ann Exarnple", "looks the same as"),
    ("case", "ANN EXAMPLE", "looks the same as"),
    ("spaces and punctuation", "Ann  Example.", "looks the same as"),
    ("a fullwidth letter", "Ａnn Example", "looks the same as"),
]


@pytest.mark.parametrize(("case", "name", "verdict"), SAME_NAMES, ids=[c for c, _, _ in SAME_NAMES])
def test_a_person_named_like_another_is_refused(tmp_path: Path, case: str, name: str, verdict: str | None) -> None:
    twin = "Otto" if name == "0tto" else "Ann Example"
    files = people(name) if twin == "Ann Example" else people("Otto", name)
    project = make_project(tmp_path / "p", files, docs_index="# T\n")
    problems = [p for p in found(project) if " EX333 " in p]
    assert len(problems) == 1, (case, found(project))
    if verdict is None:
        assert "mixes Cyrillic and Latin letters" in problems[0] or "mixes Latin and Cyrillic letters" in problems[0]
    else:
        assert f"which {verdict} '{twin}'" in problems[0], problems[0]
        assert problems[0].startswith("content/people2.yaml:")


def test_an_organization_named_like_a_person_and_an_alias_like_a_name_are_refused(tmp_path: Path) -> None:
    files = {
        "organizations.yaml": "organizations:\n  - id: ann-inc\n    name: Ann Example\n",
        "people2.yaml": "people:\n  - id: carl\n    name: Carl Example\n    aliases: [Bob Examp1e]\n",
    }
    project = make_project(tmp_path / "p", files, docs_index="# T\n")
    problems = [p.split(": ", 2)[2] for p in found(project) if " EX333 " in p]
    assert sorted(problems) == [
        "the organization 'ann-inc' is called 'Ann Example', which is the same as 'Ann Example', a name of the "
        "person 'ann' (at content/people.yaml:3)",
        "the person 'carl' is called 'Bob Examp1e', which looks the same as 'Bob Example', a name of the person "
        "'bob' (at content/people.yaml:12)",
    ]


def test_one_persons_own_names_may_look_alike_and_distinct_names_pass() -> None:
    # A person's alias may be a form of their own name; these are different people.
    assert skeleton("Hilaria Baldwin") != skeleton("Ilaria Baldwin")
    assert skeleton("Alec Baldwin") != skeleton("Alex Baldwin")
    assert skeleton("María Lucía") == skeleton("Maria Lucia")
    assert (
        mixed_scripts("Алек") == () and mixed_scripts("Alec") == () and mixed_scripts("Аlec") == ("CYRILLIC", "LATIN")
    )
