"""Material's menu, rendered once for all the pages it comes out the same on.

Material draws the whole menu (partials/nav.html) into every page: a tenth of the real site's build, and more
as a site grows. On a page that is not itself in the menu, the menu shows the same items whatever the page;
what changes from page to page is which of them are open (`active`: the page's parents) and where each of its
links leads from the page (MkDocs' `url` filter, relative to the page). Pages alike in both get the menu the
first of them rendered. A page in the menu (which marks itself, and may hold its own table of contents there)
is rendered as before; so is every page when any of the menu's templates is not the engine's or Material's own:
a site's custom_dir may override them, and read anything of the page.

The theme's base.html (the engine's) asks `kept()` for the menu, and when there is none renders it as Material
does and hands it to `keep()`. Each page's menu is the one rendered for it alone: tests/test_shared_nav.py compares
a site's with the same site built with a menu of its own, which turns sharing off; the real site is byte for byte
what it was before.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import jinja2
import material  # type: ignore[import-untyped]  # Material ships no types
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from explainer.api import assets

MENU = "explainer_menu"  # the global the theme's base.html finds it by
# partials/nav.html and what it includes, read from the page: each must be the engine's or Material's.
MENU_TEMPLATES = ("partials/nav.html", "partials/nav-item.html", "partials/logo.html", "partials/source.html")
_MATERIAL_TEMPLATES = os.path.join(os.path.dirname(material.__file__), "templates")


class SharedNav:
    """One build's menus (or one save's pages, under `mkdocs serve`), by what the page changes in them."""

    def __init__(self, env: jinja2.Environment, nav: Navigation, config: MkDocsConfig) -> None:
        self._items = list(_items(nav.items))
        self._in_menu = {id(page) for page in nav.pages}
        # Every address the menu's templates pass to the `url` filter: the home page (or extra.homepage),
        # each item's, the logo's.
        # Material writes `config.extra.homepage | d(nav.homepage.url, true) | url`: without either, "".
        homepage = config.extra.get("homepage") or (nav.homepage.url if nav.homepage is not None else "")
        self._addresses = [
            homepage,
            *(getattr(item, "url", None) for item in self._items),
            config.theme.get("logo"),
        ]
        self._url = env.filters["url"]
        self._shared = all(_ours(env, name) for name in MENU_TEMPLATES)
        self._menus: dict[tuple[Any, ...], str] = {}
        self._key: tuple[Any, ...] | None = None

    @jinja2.pass_context
    def kept(self, context: jinja2.runtime.Context) -> str | None:
        """The menu of the page being rendered, if a page alike has rendered it."""
        self._key = self._key_of(context)
        return None if self._key is None else self._menus.get(self._key)

    def keep(self, menu: str) -> str:
        """The menu `kept()` had none of, rendered, for the pages alike that follow."""
        if self._key is not None:
            self._menus[self._key] = menu
        return menu

    def _key_of(self, context: jinja2.runtime.Context) -> tuple[Any, ...] | None:
        page = context.get("page")
        if not self._shared or not isinstance(page, Page) or id(page) in self._in_menu:
            return None
        if any(page == item for item in self._items):  # Material compares pages with ==
            return None
        return (
            tuple(bool(getattr(item, "active", False)) for item in self._items),
            tuple(None if address is None else self._url(context, address) for address in self._addresses),
        )


def menu_titles(nav: Navigation) -> list[str]:
    """What the menu says of each of its items, in order: their titles. A page in the menu without a title of its
    own there takes its heading's, which may show a record's name (a wiki-link): a save that renames it changes the
    menu on every page, which only a full build renders."""
    return [str(item.title) for item in _items(nav.items)]


def _items(items: list[Any]) -> Iterator[Any]:
    """The menu's items and theirs, in the order the menu shows them."""
    for item in items:
        yield item
        yield from _items(getattr(item, "children", None) or [])


def _ours(env: jinja2.Environment, name: str) -> bool:
    """Whether the theme reads template `name` from the engine's own folder or Material's."""
    try:
        _, filename, _ = env.loader.get_source(env, name) if env.loader is not None else ("", None, None)
    except jinja2.TemplateNotFound:
        return False
    if filename is None:
        return False
    folder = os.path.dirname(os.path.dirname(os.path.abspath(filename)))  # above partials/
    return folder in (os.path.abspath(assets.theme_dir()), os.path.abspath(_MATERIAL_TEMPLATES))
