"""Material's menu is rendered once for the pages it comes out the same on (explainer_mkdocs/shared_nav.py), and
each page still gets the menu Material would render for it: a site's menus, shared, against the same site built
with a custom_dir whose partials/nav.html (Material's own, with a mark naming the page) turns sharing off."""

from __future__ import annotations

import re
from pathlib import Path

import material  # type: ignore[import-untyped]  # Material ships no types
import pytest

from conftest import TINY_MKDOCS, make_project, run_mkdocs
from explainer_mkdocs.shared_nav import SharedNav

MATERIAL = Path(material.__file__).parent / "templates"
MENU = re.compile(
    r'<div class="md-sidebar md-sidebar--primary".*?(?=<div class="md-sidebar md-sidebar--secondary"'
    r'|<div class="md-content")',
    re.S,
)
MARK = re.compile(r"<!-- the menu of '(.*?)' -->")


def menus(site: Path) -> dict[str, str]:
    """Each page's menu (the primary sidebar's), by the page's path in the site."""
    found = {}
    for page in sorted(site.rglob("*.html")):
        match = MENU.search(page.read_text(encoding="utf-8"))
        if match is not None:
            found[page.relative_to(site).as_posix()] = match.group(0)
    return found


def build(project: Path, site: Path) -> Path:
    result = run_mkdocs(project, "build", "--strict", "--site-dir", str(site))
    assert result.returncode == 0, result.stderr[-3000:]
    return site


# Material's features that change the menu: which items it opens, prunes, shows as tabs or as sections, and the
# page's own contents in the menu.
FEATURES = [
    [],
    ["navigation.indexes", "navigation.sections", "navigation.path"],
    ["navigation.tabs", "navigation.prune"],
    ["navigation.expand", "toc.integrate"],
]


@pytest.mark.build
@pytest.mark.parametrize("features", FEATURES, ids=lambda f: "+".join(f) or "none")
def test_each_page_gets_the_menu_material_renders_for_it(
    tmp_path: Path, features: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    project = make_project(tmp_path / "project")
    # A section in the menu, with pages of its own; and pages of the site's own that are not in the menu: one
    # beside the records' pages of an index the menu opens for them (alike in where links lead, not in what is
    # open), two alike in what is open (nothing) and not in where links lead.
    pages = {
        "about/one.md": "# One\n\nIn the menu.\n",
        "about/two.md": "# Two\n\nIn the menu.\n",
        "people/extra.md": "# Extra\n\nNot in the menu.\n",
        "other.md": "# Other\n\nNot in the menu.\n",
        "deep/er/page.md": "# Deeper\n\nNot in the menu.\n",
    }
    for path, text in pages.items():
        (project / "docs" / path).parent.mkdir(parents=True, exist_ok=True)
        (project / "docs" / path).write_text(text, encoding="utf-8")
    config = TINY_MKDOCS + "  - About:\n      - One: about/one.md\n      - Two: about/two.md\n"
    config = config.replace("  font: false", f"  font: false\n  features: [{', '.join(features)}]", 1)
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")
    rendered: list[str] = []
    keep = SharedNav.keep
    monkeypatch.setattr(SharedNav, "keep", lambda self, menu: rendered.append(menu) or keep(self, menu))
    shared = menus(build(project, tmp_path / "shared"))
    # The build runs in this process: the menus it rendered, fewer than its pages (the people's pages share one).
    assert len(rendered) < len(shared), "pages alike did not share their menu"
    monkeypatch.undo()

    # The site's own menu: Material's, and a mark that reads the page. Nothing may be shared of it.
    nav = (MATERIAL / "partials" / "nav.html").read_text(encoding="utf-8")
    own = nav.replace("</nav>", "<!-- the menu of '{{ page.url }}' --></nav>")
    assert own != nav
    (project / "own" / "partials").mkdir(parents=True)
    (project / "own" / "partials" / "nav.html").write_text(own, encoding="utf-8")
    (project / "mkdocs.yml").write_text(config.replace("  font: false", "  font: false\n  custom_dir: own", 1))
    each = menus(build(project, tmp_path / "each"))

    assert sorted(shared) == sorted(each) and len(each) > 10
    kinds = {"in the menu": 0, "under an item": 0, "elsewhere": 0}
    for page, menu in each.items():
        marks = MARK.findall(menu)
        url = "" if page == "404.html" else page.removesuffix("index.html")  # the 404 page has no page object
        assert marks == [url], f"{page}: the site's own menu was not rendered for it: {marks}"
        assert MARK.sub("", menu) == shared[page], f"{page}: the shared menu is not the one rendered for the page"
        if "md-nav__link--active" in menu:
            kinds["in the menu"] += 1
        elif "md-nav__item--active" in menu:
            kinds["under an item"] += 1
        else:
            kinds["elsewhere"] += 1
    # Pages of each kind were compared: in the menu (it marks them), under an item of it (a record's page, whose
    # index page the menu opens), and neither.
    assert all(kinds.values()), kinds
