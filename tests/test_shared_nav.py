"""Material's menu is rendered once for the pages it comes out the same on (explainer_mkdocs/shared_nav.py), and
each page still gets the menu Material would render for it: the real site's menus, shared, against the same site
built with a custom_dir whose partials/nav.html (Material's own, with a mark naming the page) turns sharing off."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import material
import pytest

from conftest import ROOT, run_mkdocs

MATERIAL = Path(material.__file__).parent / "templates"
MENU = re.compile(
    r'<div class="md-sidebar md-sidebar--primary".*?(?=<div class="md-sidebar md-sidebar--secondary")', re.S
)
MARK = re.compile(r"<!-- the menu of '(.*?)' -->")


def menus(site: Path) -> dict[str, str]:
    """Each page's menu (the primary sidebar's), by the page's path in the site."""
    found = {}
    for page in sorted(site.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        match = MENU.search(html)
        if match is not None:
            found[page.relative_to(site).as_posix()] = match.group(0)
    return found


def build(project: Path, site: Path) -> Path:
    result = run_mkdocs(project, "build", "--strict", "--site-dir", str(site))
    assert result.returncode == 0, result.stderr[-3000:]
    return site


@pytest.mark.build
def test_each_page_gets_the_menu_material_renders_for_it(built_site: Path, tmp_path: Path) -> None:
    project = tmp_path / "own-menu"
    project.mkdir()
    for folder in ("content", "seeds", "docs"):
        shutil.copytree(ROOT / folder, project / folder)
    (project / "hooks").mkdir()
    shutil.copy(ROOT / "hooks" / "explainer_hook.py", project / "hooks" / "explainer_hook.py")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    (project / "mkdocs.yml").write_text(config.replace("  font: false", "  font: false\n  custom_dir: own", 1))
    # The site's own menu: Material's, and a mark that reads the page. Nothing may be shared of it.
    (project / "own" / "partials").mkdir(parents=True)
    nav = (MATERIAL / "partials" / "nav.html").read_text(encoding="utf-8")
    own = nav.replace("</nav>", "<!-- the menu of '{{ page.url }}' --></nav>")
    assert own != nav
    (project / "own" / "partials" / "nav.html").write_text(own, encoding="utf-8")

    # Pages of the site's own that are not in the menu: one beside the records' pages of an index the menu opens
    # for them (alike in where links lead, not in what is open), two alike in what is open (nothing) and not in
    # where links lead.
    for path in ("people/extra.md", "other.md", "deep/er/page.md"):
        (project / "docs" / path).parent.mkdir(parents=True, exist_ok=True)
        (project / "docs" / path).write_text("# A page of the site's own\n\nNot in the menu.\n", encoding="utf-8")

    with_own_menu = build(project, tmp_path / "own-menu-site")
    (project / "mkdocs.yml").write_text(config)  # the engine's menu, shared
    shared, each = menus(build(project, tmp_path / "site")), menus(with_own_menu)
    assert len(shared) > 100 and sorted(shared) == sorted(each)
    assert menus(built_site)["people/index.html"] == shared["people/index.html"]
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
