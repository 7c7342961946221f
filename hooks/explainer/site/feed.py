"""The corrections log as an Atom feed (RFC 4287), newest entry first.

Ids are `urn:uuid:` URIs (name-based, RFC 4122 version 5) derived from the feed's address and each
entry's id, so they stay the same from build to build. `updated` comes from the entry dates; a log
without entries has never been updated and says so with the Unix epoch.
"""

from __future__ import annotations

import datetime
import uuid
from xml.etree import ElementTree as ET

from explainer.site import urls
from explainer.site.corrections import long_date, newest_first
from explainer.site.jsonld import absolute
from explainer.site.sitemodel import SiteModel
from explainer.text.clip import clip

ATOM = "http://www.w3.org/2005/Atom"
NEVER = datetime.date(1970, 1, 1)
RELATED_TITLE_CHARS = 200  # a related link's title: what the corrected record says, cut
ET.register_namespace("", ATOM)  # Atom as the default namespace: <feed xmlns="...">, not <ns0:feed>


def _timestamp(date: datetime.date) -> str:
    return f"{date.isoformat()}T00:00:00Z"


def feed_id(site_url: str, site_name: str) -> str:
    name = absolute(site_url, urls.CORRECTIONS_FEED) if site_url else f"explainer:{site_name}"
    return f"urn:uuid:{uuid.uuid5(uuid.NAMESPACE_URL, name)}"


def entry_id(site_url: str, site_name: str, correction_id: str) -> str:
    return f"urn:uuid:{uuid.uuid5(uuid.UUID(feed_id(site_url, site_name)[9:]), correction_id)}"


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attributes: str) -> ET.Element:
    element = ET.SubElement(parent, f"{{{ATOM}}}{tag}", attributes)
    element.text = text
    return element


def _related_title(site: SiteModel, record_id: str) -> str:
    """What a related link names: the record, and, when a disagreement of substance puts it in doubt, that it is
    disputed and by which question (as the site marks it wherever it is shown; an answer is a side itself)."""
    title = clip(site.subject(record_id), RELATED_TITLE_CHARS)
    disputes = [] if site.kind(record_id) == "answer" else site.disputed_by(record_id)
    if not disputes:
        return title
    return site.words.text("feed.related_disputed", title=title, questions=site.words.join([d.question for d in disputes]))


def corrections_feed(site: SiteModel, site_url: str, site_name: str) -> bytes:
    corrections = newest_first(site.index.content.corrections)
    page = absolute(site_url, site.urls.page_url(urls.CORRECTIONS))
    feed = ET.Element(f"{{{ATOM}}}feed")
    _sub(feed, "id", feed_id(site_url, site_name))
    words = site.words
    _sub(feed, "title", words.text("feed.title", site=site_name))
    _sub(feed, "subtitle", words.text("page.corrections.description"))
    _sub(feed, "updated", _timestamp(max((c.date for c in corrections), default=NEVER)))
    author = _sub(feed, "author")
    _sub(author, "name", site_name)
    if site_url:
        _sub(author, "uri", site_url)
    _sub(feed, "link", rel="self", type="application/atom+xml", href=absolute(site_url, urls.CORRECTIONS_FEED))
    _sub(feed, "link", rel="alternate", type="text/html", href=page)
    for correction in corrections:
        entry = _sub(feed, "entry")
        _sub(entry, "id", entry_id(site_url, site_name, correction.id))
        _sub(entry, "title", words.text("feed.entry_title", title=site.correction_title(correction)))
        _sub(entry, "published", _timestamp(correction.date))
        _sub(entry, "updated", _timestamp(correction.date))
        _sub(entry, "link", rel="alternate", type="text/html", href=f"{page}#{correction.id}")
        for statement_id in correction.statements:
            _sub(
                entry,
                "link",
                rel="related",
                type="text/html",
                href=absolute(site_url, site.url_of[statement_id]),
                title=_related_title(site, statement_id),
            )
        _sub(entry, "summary", site.plain(correction.now))
        body = words.text(
            "feed.entry",
            date=long_date(correction.date, words),
            wrong=site.plain(correction.wrong),
            now=site.plain(correction.now),
            why=site.plain(correction.why),
        )
        _sub(entry, "content", body, type="text")
    xml: bytes = ET.tostring(feed, encoding="utf-8", xml_declaration=True)
    return xml + b"\n"
