"""The Content-Security-Policy step (hooks/explainer/site/csp.py), without a browser: which inline scripts it trusts
and hashes, what it reports as blocked, where the policy goes, and that every page of the real site carries it.
tests/test_browser_csp.py checks in Chromium that the site's scripts satisfy it and that hostile pages do not."""

from __future__ import annotations

import base64
import hashlib
import os
import re
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from explainer.site import csp

MATERIAL_BASE = (
    '<script>__md_scope=new URL("{{ config.extra.scope | d(base_url) }}",location),'
    "__md_get=(e,_=localStorage)=>JSON.parse(_.getItem(e))</script>"
)
TRUSTED = csp.TrustedScripts(
    tuple(csp.template_patterns(MATERIAL_BASE + '<script>document.documentElement.classList.add("x")</script>'))
)

SETTINGS = settings(max_examples=300, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


def page(head: str = "", body: str = "") -> str:
    return (
        f'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n{head}</head>\n<body>{body}</body></html>'
    )


def material_script(base: str) -> str:
    return f'__md_scope=new URL("{base}",location),__md_get=(e,_=localStorage)=>JSON.parse(_.getItem(e))'


def sha(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def hashes(policy: str) -> set[str]:
    return set(re.findall(r"'(sha256-[^']+)'", policy))


# --- the policy ------------------------------------------------------------------------------------------------------


def test_the_policy_allows_nothing_inline_but_hashed_scripts_and_nothing_off_site() -> None:
    policy = dict(directive.split(" ", 1) for directive in csp.policy_text(["sha256-abc="]).split("; "))
    assert policy["script-src"] == "'self' 'sha256-abc='"
    assert policy["default-src"] == "'self'"
    assert policy["object-src"] == "'none'" and policy["base-uri"] == "'none'" and policy["frame-src"] == "'none'"
    assert policy["style-src-elem"] == "'self'"  # no <style> elements; style attributes only
    sources = {source for value in policy.values() for source in value.split()}
    # Only the site itself, data: images, and the one allowance for style attributes.
    assert sources <= {"'self'", "'none'", "'sha256-abc='", "data:", "'unsafe-inline'"}
    assert "'unsafe-inline'" not in policy["script-src"] and "'unsafe-eval'" not in policy["script-src"]
    assert [name for name, value in policy.items() if "'unsafe-inline'" in value] == ["style-src"]
    assert "frame-ancestors" not in policy and "report-uri" not in policy  # ignored in a <meta>


def test_hashes_are_of_the_text_as_the_browser_reads_it() -> None:
    assert csp.script_hash("alert(1)") == sha("alert(1)")
    # The HTML parser turns CR LF and lone CR into LF, and NUL into U+FFFD, before the script sees its text.
    assert csp.script_hash("a\r\nb\rc") == sha("a\nb\nc")
    assert csp.script_hash("a\0") == sha("a\ufffd")


# --- which scripts are trusted ------------------------------------------------------------------------------------


def test_a_template_expression_matches_a_path_and_nothing_that_could_be_code() -> None:
    for base in ("..", "../..", ".", "/explainer/", "https://example.org/a%20b/"):
        assert TRUSTED.allows(material_script(base)), base
    for hostile in (
        '"),alert(document.domain),("',  # closes the string and calls
        "..\\u0022),alert(1)//",  # a backslash escape
        "x`${alert(1)}`",  # a template literal
        "x</script><script>alert(1)",
        ". ",  # white space
        "x;alert",
    ):
        assert not TRUSTED.allows(material_script(hostile)), hostile
    # The template's own text must be there, whole: a prefix, a suffix or an addition is another script.
    assert not TRUSTED.allows(material_script("..") + ";alert(1)")
    assert not TRUSTED.allows("alert(1);" + material_script(".."))
    assert not TRUSTED.allows(material_script("..")[:-1])


def test_only_running_scripts_without_statements_become_patterns() -> None:
    template = """
    {# <script>commented()</script> #}
    <script src="{{ 'assets/x.js' | url }}"></script>
    <script type="application/json" id="__config">{"base": "{{ base_url }}"}</script>
    <script type="application/ld+json">{{ page.meta.jsonld }}</script>
    <script>{% if x %}conditional(){% endif %}</script>
    <script type="module">moduleCode()</script>
    <SCRIPT Type="Text/JavaScript">typed()</SCRIPT>
    <script language="vbscript">notJavaScript()</script>
    <script>a = {{- x -}}  ;b</script>
    """
    trusted = csp.TrustedScripts(tuple(csp.template_patterns(template)))
    assert trusted.allows("moduleCode()") and trusted.allows("typed()")
    assert trusted.allows("a =1;b")  # {{- and -}} remove the white space beside them, as Jinja does
    assert not trusted.allows("a = 1  ;b")
    for text in ("commented()", "conditional()", "notJavaScript()", '{"base": ".."}', ""):
        assert not trusted.allows(text), text


def test_trusted_scripts_are_read_again_when_a_template_changes(tmp_path: Path) -> None:
    theme = tmp_path / "theme"
    (theme / "partials").mkdir(parents=True)
    (theme / ".icons").mkdir()
    (theme / ".icons" / "icon.html").write_text("<script>icon()</script>", encoding="utf-8")
    template = theme / "partials" / "a.html"
    template.write_text("<script>first()</script>", encoding="utf-8")
    trusted = csp.trusted_scripts([str(theme)])
    assert trusted.allows("first()") and not trusted.allows("icon()")  # dot folders hold icons, not templates
    assert csp.trusted_scripts([str(theme)]) is trusted  # kept between pages
    template.write_text("<script>second()</script>", encoding="utf-8")
    os.utime(template, ns=(time.time_ns(), time.time_ns() + 10**9))
    assert csp.trusted_scripts([str(theme)]).allows("second()")
    (theme / "partials" / "b.html").write_text("<script>third()</script>", encoding="utf-8")
    os.utime(theme / "partials", ns=(time.time_ns(), time.time_ns() + 2 * 10**9))
    assert csp.trusted_scripts([str(theme)]).allows("third()")


# --- a page secured -------------------------------------------------------------------------------------------------


def test_the_policy_goes_right_after_the_charset_and_hashes_each_trusted_script() -> None:
    html = page(
        f"<script>{material_script('..')}</script>\n"
        '<script type="application/ld+json">{"name": "x"}</script>\n'
        '<script id="__config" type="application/json">{"base": ".."}</script>\n',
        '<script>document.documentElement.classList.add("x")</script><script src="assets/x.js"></script>',
    )
    secured = csp.secure(html, TRUSTED)
    assert secured.blocked == ()
    head = secured.html.split("<head>\n", 1)[1]
    assert head.startswith('<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="')
    assert secured.html.replace(head.split(">", 2)[1] + ">", "", 1) == html  # nothing else changed
    assert hashes(secured.policy) == {
        sha(material_script("..")),
        sha('document.documentElement.classList.add("x")'),
    }  # the data blocks are not scripts, nor is a file's script inline
    assert f'content="{secured.policy}"' in secured.html  # nothing in it needs escaping


def test_each_page_gets_the_hashes_of_its_own_scripts() -> None:
    deep = csp.secure(page(f"<script>{material_script('../..')}</script>"), TRUSTED)
    top = csp.secure(page(f"<script>{material_script('.')}</script>"), TRUSTED)
    assert hashes(deep.policy) == {sha(material_script("../.."))}
    assert hashes(top.policy) == {sha(material_script("."))}


@pytest.mark.parametrize(
    ("markup", "report"),
    [
        ("<script>alert(1)</script>", "an inline script: 'alert(1)'"),
        ("<SCRIPT>alert(1)</SCRIPT >", "an inline script: 'alert(1)'"),
        ('<script type="module">alert(1)</script>', "an inline script: 'alert(1)'"),
        ('<script type=" text/javascript ">alert(1)</script>', "an inline script: 'alert(1)'"),
        ('<script language="javascript">alert(1)</script>', "an inline script: 'alert(1)'"),
        ('<script type="importmap">{"imports": {}}</script>', "an inline script"),
        ("<svg><script>alert(1)</script></svg>", "an inline script: 'alert(1)'"),
        # A copy of a trusted script with a call added is not the trusted script.
        (f"<script>{material_script('..')};alert(1)</script>", "an inline script"),
        ("<img src=x onerror=alert(1)>", "an event-handler attribute: <img onerror='alert(1)'>"),
        ('<img/src="x"/ONERROR="alert(1)">', "an event-handler attribute: <img onerror='alert(1)'>"),
        ("<body onload='alert(1)'>", "an event-handler attribute: <body onload='alert(1)'>"),
        ('<svg><animate onbegin="alert(1)"/></svg>', "an event-handler attribute: <animate onbegin='alert(1)'>"),
        ('<a href="javascript:alert(1)">x</a>', "a javascript: URL: <a href='javascript:alert(1)'>"),
        ('<a href="  JaVaScRiPt:alert(1)">x</a>', "a javascript: URL"),
        ('<a href="&#x6A;avascript&colon;alert(1)">x</a>', "a javascript: URL: <a href='javascript:alert(1)'>"),
        ('<a href="java\tscr\nipt:alert(1)">x</a>', "a javascript: URL"),
        ('<form action="javascript:alert(1)"><button formaction="javascript:x">', "a javascript: URL: <form"),
        ('<iframe src="javascript:alert(1)"></iframe>', "a javascript: URL: <iframe src="),
        # The citation notes live in a <noscript> that explainer.js turns into elements: its handlers count.
        ('<noscript><img src=x onerror="alert(1)"></noscript>', "an event-handler attribute: <img onerror="),
    ],
)
def test_what_the_policy_blocks_is_reported(markup: str, report: str) -> None:
    secured = csp.secure(page(body=markup), TRUSTED)
    assert any(line.startswith(report) for line in secured.blocked), secured.blocked
    assert hashes(secured.policy) == set()


@pytest.mark.parametrize(
    "markup",
    [
        "<!-- <script>alert(1)</script> <img onerror=x> -->",
        "<title>a <script>alert(1)</script></title>",
        "<textarea><script>alert(1)</script><img onerror=x></textarea>",
        '<script type="application/ld+json">{"a": "<img onerror=x>"}</script>',
        '<script type="text/plain">alert(1)</script>',
        '<script src="assets/x.js"></script>',
        '<a href="javascript:void(0)" class="md-search__icon">share</a>',  # Material's; does nothing
        '<a href="https://example.org/javascript:x" title="onclick=x">x</a>',
        '<p class="button icon" data-on="1">on=x</p>',
        "<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt;</p>",  # escaped content
    ],
)
def test_what_does_not_run_is_not_reported(markup: str) -> None:
    secured = csp.secure(page(body=markup), TRUSTED)
    assert secured.blocked == ()
    assert hashes(secured.policy) == set()


def test_a_page_the_policy_cannot_cover_is_refused() -> None:
    with pytest.raises(ValueError, match="no <head>"):
        csp.secure("<p>no head</p>", TRUSTED)
    with pytest.raises(ValueError, match="before the page's <head>"):
        csp.secure("<script>early()</script>" + page(), TRUSTED)
    # Without <meta charset> the policy goes right after <head>, still before every script.
    secured = csp.secure("<html><head><script>x()</script></head></html>", TRUSTED)
    assert secured.html.startswith('<html><head><meta http-equiv="Content-Security-Policy"')
    # A <meta charset> after a script is not where the policy goes: the script would run before it.
    secured = csp.secure('<html><head><script>x()</script><meta charset="utf-8"></head></html>', TRUSTED)
    assert secured.html.startswith('<html><head><meta http-equiv="Content-Security-Policy"')


def test_a_tag_left_open_takes_no_time() -> None:
    started = time.process_time()
    csp.secure(page(body="<a " + "b" * 200_000 + '"' + "c" * 50_000), TRUSTED)
    csp.secure(page(body="<script>" + "x" * 200_000), TRUSTED)
    assert time.process_time() - started < 2


# --- the scan passes over plain tags as the tag-by-tag scan would -----------------------------------------------------

# The scan before it passed over plain tags in one match (csp._PLAIN_TAG): every tag a token of its own, each one's
# attributes searched. What `secure` finds must not depend on which of the two read the page.
# Letters are ASCII letters in any case, as in HTML's tag names (under IGNORECASE alone [a-zA-Z] also takes four
# letters that fold to ASCII ones: the scan before took "<ſcript>" for a script, and "<K onclick=...>" for a tag).
TAG_BY_TAG = re.compile(
    r"<!--.*?(?:-->|\Z)"
    rf"|<(?P<raw>(?ai:{csp._RAW_TEXT}))(?=[\s/>]){csp._ATTRIBUTES.format('raw_attrs')}>(?P<text>.*?)"
    rf"(?:</(?ai:(?P=raw))(?=[\s/>])|\Z)"
    rf"|<(?P<tag>[a-zA-Z][^\s/>]*+){csp._ATTRIBUTES.format('attrs')}>",
    re.S,
)


def secured_tag_by_tag(markup: str) -> csp.Secured:
    token = csp._TOKEN
    csp._TOKEN = TAG_BY_TAG
    try:
        return csp.secure(markup, TRUSTED)
    finally:
        csp._TOKEN = token


# Pieces that change how a page is split: tag and attribute starts, quotes, "on", "j", entities, comments,
# raw-text elements in any case, white space, slashes, and the trusted script; and whole tags made of them.
# fmt: off
PIECES = [
    '<', '>', '</', '<!', '<!--', '-->', '/', '/>', '=', '"', "'", ' ', '\n', '\t', '\x0c', '\xa0', '&', '&amp;',
    '&#106;', 'on', 'On', 'oN', 'onclick', 'ONERROR', 'j', 'J', 'javascript:', 'java\tscript:', 'x', 'a', 'p', 'div',
    'class', 'href', 'src', 'data-on', ':', '-', '<a', '<p', '<img', '<svg', '<br/>', '<a href="', '" onclick="',
    '<script>', '</script>', '<Script', '</SCRIPT >', '<title>', '</title>', '<textarea>', '</textarea>', '<style>',
    '</style>', '<noscript>', '<scriptx>', '<script type="text/plain">', '<!DOCTYPE html>', 'alert(1)',
    f"<script>{material_script('..')}</script>", "\u0130", "\u0131", "\u017f", "\u212a", "<\u017fcript>",
    "<\u212a onclick=x>",
]
# fmt: on
# Few names, so that the tags that matter come up often: an event handler, a javascript: URL however written,
# raw-text elements in any case, a "<" inside a tag.
NAMES = ["a", "A", "script", "tiTle", "scriptx", "a<b", "\u212a", "\u017fcript", "t\u0131tle"]
ATTRIBUTE_NAMES = ["href", "onclick", "ONERROR", "xon", "j"]
VALUE_PIECES = ["x", " on", "javascript:", "JavaScript:", "&#106;avascript:", "java\nscript:", "&amp;", "<", ">", "'"]
VALUES = st.lists(st.sampled_from(VALUE_PIECES), max_size=3).map("".join)
ATTRIBUTE = st.tuples(
    st.sampled_from([" ", "\n", "/", " / ", ""]),
    st.sampled_from(ATTRIBUTE_NAMES),
    st.one_of(
        st.just(""),
        VALUES.map(lambda v: f'="{v}"'),
        VALUES.map(lambda v: f"='{v}'"),
        VALUES.map(lambda v: f"={v}"),
        VALUES.map(lambda v: f' = "{v}"'),
    ),
).map("".join)
TAG = st.tuples(
    st.sampled_from(NAMES), st.lists(ATTRIBUTE, max_size=3).map("".join), st.sampled_from([">", "/>", " >", ""])
).map(lambda parts: "<" + "".join(parts))
MARKUP = st.lists(st.one_of(st.sampled_from(PIECES), TAG), max_size=30).map("".join)


@SETTINGS
@given(MARKUP)
@example('<a href="&#106;avascript:x"><a href="javascript:x"><A href="JavaScript:x"><a x onclick="y"><tiTle onclick>')
@example('<a title="<script>alert(1)</script>"></a><p title="x"><script>alert(1)</script>')
@example("<tiTle><script>alert(1)</script></title><Script>alert(2)</script>")
def test_the_scan_finds_what_a_tag_by_tag_scan_finds(markup: str) -> None:
    assert csp.secure(page(body=markup), TRUSTED) == secured_tag_by_tag(page(body=markup))


def test_the_scan_finds_what_a_tag_by_tag_scan_finds_on_the_site(built_site: Path) -> None:
    for path in sorted(built_site.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        assert csp.secure(html, TRUSTED) == secured_tag_by_tag(html), path


# --- the real site ----------------------------------------------------------------------------------------------------


def test_every_page_of_the_site_carries_the_policy_before_any_script(built_site: Path) -> None:
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > 100 and built_site / "404.html" in pages
    meta = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
    for path in pages:
        html = path.read_text(encoding="utf-8")
        found = meta.findall(html)
        assert len(found) == 1, path
        start = html.index('<meta http-equiv="Content-Security-Policy"')
        assert "<script" not in html[:start].lower(), path
        assert html[:start].rstrip().endswith('<meta charset="utf-8">'), path
        # Its hashes are exactly those of the page's inline scripts (Material's and the engine's).
        inline = [m[2] for m in re.finditer(r"<script( [^>]*)?>(.*?)</script>", html, re.S) if not (m[1] or "").strip()]
        assert inline, path
        assert hashes(found[0]) == {csp.script_hash(text) for text in inline}, path
