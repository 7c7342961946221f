// Previews of internal links: pointing at (a mouse) or tabbing to (the keyboard) a link to a record's place on
// the site (a person, an organization, an event, a quote, a claim, a disagreement; a record's page or its
// anchor on another page, timeline/#id) shows a card: the record's kind, its label, a short text, its support
// ("5 articles, 4 independent reports", as its citation chip is named) and whether it is disputed, by which
// question. The card touches its link, so the pointer can move onto it and it stays (WCAG 1.4.13); Escape
// closes it and leaves the focus on the link.
// On a touch screen (a finger or a pen) the first tap on such a link opens the same card as a sheet at the
// bottom of the screen instead of following the link, as a citation's popover is one on a phone (explainer.js):
// a non-modal dialog named by its title, which takes the focus, with a close button and a link on to the
// record; a second tap on the link follows it; a tap outside, the close button or Escape closes the sheet and
// puts the focus back on the link. A tap on a link to no record follows it, as before.
// What the cards say comes from one file of the same site, data/previews.json (explainer.site.urls.PREVIEWS,
// built from the site model by previews.py), fetched the first time a reader points at, tabs to or touches a
// link, not on page load, and kept for the page's life. It is data: every word goes into the page as text.
(function () {
  "use strict";
  var config = document.getElementById("__config");
  var settings = null;
  try { settings = config ? JSON.parse(config.textContent) : null; } catch (e) { settings = null; }
  if (!settings || typeof settings.base !== "string" || !window.fetch || !window.URL) return;
  var base = new URL(settings.base, location.href);  // the site's root, as Material's own scripts find it
  var DATA = new URL("data/previews.json", base).href;
  // Links that are controls of their own (citation chips, copy links, correction marks, permalinks) or that
  // sit in the page's navigation get no preview; nor do links inside a popover or a preview.
  var NOT = ".ex-chip, .ex-copylink, .ex-corrected, .ex-para, .headerlink, .md-content__button, .md-path, .ex-pop, .ex-preview";
  var OPEN_AFTER = 300, CLOSE_AFTER = 300;  // ms: a pointer passing over a link opens nothing

  var data = null, loading = null;
  function load() {
    if (!loading) {
      loading = fetch(DATA, { credentials: "same-origin" }).then(function (response) {
        return response.ok ? response.json() : null;
      }).then(function (json) {
        data = json && json.records ? json : null;
        if (!data) loading = null;  // a later hover tries again
        return data;
      }, function () { loading = null; return null; });
    }
    return loading;
  }

  // Where a link leads, as a record's place: {page, anchor} relative to the site's root, or null.
  function placeOf(link) {
    if (!link || !link.closest(".md-content") || link.closest(NOT)) return null;
    var href = link.getAttribute("href") || link.getAttribute("xlink:href");
    if (!href) return null;
    var url;
    try { url = new URL(href, location.href); } catch (e) { return null; }
    if (url.origin !== base.origin || url.search || url.pathname.indexOf(base.pathname) !== 0) return null;
    if (!url.hash && url.pathname === location.pathname) return null;  // this very page
    var page = url.pathname.slice(base.pathname.length);
    if (/\.(?!html$)[A-Za-z0-9]+$/.test(page)) return null;  // a file (an article's text, data), not a page
    try {
      return { page: decodeURI(page), anchor: decodeURIComponent(url.hash.slice(1)), href: url.href };
    } catch (e) { return null; }
  }
  function linkOf(node) {
    var element = node && node.nodeType === 1 ? node : node && node.parentElement;
    var link = element ? element.closest("a[href]") : null;
    return placeOf(link) ? link : null;
  }
  function recordAt(place) {
    var records = data ? data.records : {};
    var own = place.anchor ? records[place.page + "#" + place.anchor] : undefined;
    // A section of a record's page (a person's quotes, say) previews that record.
    return own || (Object.prototype.hasOwnProperty.call(records, place.page) ? records[place.page] : null);
  }

  // ---- the card ------------------------------------------------------------------------------------------------
  var card = null, box = null;
  var current = null;  // the link whose card is shown
  var hovered = null;  // the link, or the card, under the mouse
  var focused = null;  // the link the keyboard is on
  var dismissed = null;  // the link whose card Escape closed: not shown again until the reader leaves it
  var point = null;  // where the mouse is, to place the card by the line of a link that wraps
  var openTimer = 0, closeTimer = 0;
  var sheet = false;  // the card is open as a touch sheet (a dialog), not as a hover or focus card
  var pending = null;  // the link tapped before the data came
  var returning = null;  // the link the focus goes back to as its sheet closes

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function siteLink(url, text, className) {
    var a = element("a", className, text);
    a.href = new URL(url, base).href;
    if (!sheet) a.tabIndex = -1;  // the keyboard is on the link the card previews, which leads there too
    return a;
  }
  function badge(text, disputed) {  // as the pages draw one (macros.html)
    var span = element("span", "ex-badge", text);
    if (disputed) span.classList.add("ex-badge--disputed");
    return span;
  }
  function build() {
    card = element("div", "ex-preview");
    card.id = "ex-preview";
    card.hidden = true;
    box = element("div", "ex-preview__box");
    card.appendChild(box);
    document.body.appendChild(card);
  }
  // What the card says; a sheet has a close button beside the record's kind, its title (which names the
  // dialog) as text, and after all a link on to where the tapped link leads.
  function fill(record, url, href) {
    var words = data.words || {};
    var parts = [];
    var kind = element("p", "ex-preview__kind", record.kind);
    if (record.status && !record.disputed) {  // a disagreement: what kind of difference it is
      kind.appendChild(document.createTextNode(" "));
      kind.appendChild(badge(record.status, record.difference === "substance"));
    }
    if (sheet) {
      var head = element("div", "ex-preview__head");
      var shut = element("button", "ex-pop__close", "×");  // as explainer.js draws a popover's close button
      shut.type = "button";
      shut.setAttribute("aria-label", words.close || "×");
      shut.addEventListener("click", function () { close(true); });
      head.appendChild(kind);
      head.appendChild(shut);
      parts.push(head);
    } else parts.push(kind);
    var title = element("p", "ex-preview__title");
    var name = sheet ? title : title.appendChild(siteLink(url, undefined));
    if (sheet) title.id = "ex-preview-title";
    if (record.by) name.appendChild(element("q", null, record.label));
    else name.textContent = record.label;
    parts.push(title);
    if (record.by) parts.push(element("p", "ex-preview__by", record.by));
    if (record.text) parts.push(element("p", "ex-preview__text", record.text));
    if (record.sides && record.sides.length) {
      var sides = element("ul", "ex-preview__sides");
      record.sides.forEach(function (side) {
        var item = element("li", null, String(side[0]));
        item.appendChild(element("span", "ex-preview__support", String(side[1])));
        sides.appendChild(item);
      });
      parts.push(sides);
    }
    if (record.support) parts.push(element("p", "ex-preview__support", record.support));
    if (record.disputed && record.disputed.length) {
      var disputed = element("p", "ex-preview__disputed");
      disputed.appendChild(badge(record.status, true));
      disputed.appendChild(document.createTextNode(words.colon || " "));
      record.disputed.forEach(function (question, i) {
        if (i) disputed.appendChild(document.createTextNode(words.between || " "));
        disputed.appendChild(siteLink(String(question[1]), String(question[0])));
      });
      parts.push(disputed);
    }
    var opening = url.indexOf("#") < 0 ? (words.open_page || {})[record.kind] : words.open_place;
    if (sheet && opening) {
      var on = element("p", "ex-preview__open");
      var go = element("a", null, opening);
      go.href = href;
      on.appendChild(go);
      parts.push(on);
    }
    box.replaceChildren.apply(box, parts);
  }

  function headerBottom() {
    var header = document.querySelector(".md-header");
    return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  }
  // Below the link unless there is more room above, touching it: no gap for the pointer to cross.
  function place(link) {
    card.style.left = card.style.top = "0px";
    var origin = card.getBoundingClientRect();
    var rects = link.getClientRects();
    var at = rects[0] || link.getBoundingClientRect();
    if (point && link === hovered) {
      for (var i = 0; i < rects.length; i++) {
        if (point.y >= rects[i].top && point.y <= rects[i].bottom) { at = rects[i]; break; }
      }
    }
    var below = window.innerHeight - at.bottom - 8, above = at.top - headerBottom() - 8;
    var height = card.offsetHeight, width = card.offsetWidth;
    var side = height <= below || below >= above ? "below" : "above";
    var left = Math.max(8, Math.min(at.left, document.documentElement.clientWidth - 8 - width));
    var top = side === "below" ? at.bottom : at.top - height;
    card.setAttribute("data-side", side);
    card.style.left = (left - origin.left) + "px";
    card.style.top = (top - origin.top) + "px";
  }

  function open(link) {
    var where = placeOf(link);
    if (!where || link === dismissed) return;
    load().then(function () {
      if (link !== hovered && link !== focused) return;  // the reader moved on meanwhile
      var record = data && recordAt(where);
      if (!record) {
        if (current && current !== hovered && current !== focused && hovered !== card) close();
        return;
      }
      var url = own(where, record);
      if (!card) build();
      if (sheet) close(false);
      if (current && current !== link) forget(current);
      fill(record, url);
      current = link;
      card.hidden = false;
      place(link);
      // What the card says describes the link (read on request by screen readers; it is there to be seen).
      var described = link.getAttribute("aria-describedby");
      if (!described || described.split(" ").indexOf(card.id) < 0) {
        link.setAttribute("data-ex-described", described || "");
        link.setAttribute("aria-describedby", (described ? described + " " : "") + card.id);
      }
    });
  }
  function own(where, record) {  // the record's own place: the link's, or its page's
    var records = data.records;
    return where.anchor && records[where.page + "#" + where.anchor] === record ? where.page + "#" + where.anchor : where.page;
  }
  function forget(link) {
    if (!link.hasAttribute("data-ex-described")) return;
    var before = link.getAttribute("data-ex-described");
    if (before) link.setAttribute("aria-describedby", before); else link.removeAttribute("aria-describedby");
    link.removeAttribute("data-ex-described");
  }
  // Closing a sheet puts the focus back on its link when asked to, or when the focus was in the sheet (unless
  // told not to: false).
  function close(returnFocus) {
    clearTimeout(openTimer);
    clearTimeout(closeTimer);
    if (!current) return;
    var link = current, wasSheet = sheet, inside = card.contains(document.activeElement);
    forget(current);
    current = null;
    card.hidden = true;
    box.replaceChildren();
    if (!wasSheet) return;
    sheet = false;
    card.classList.remove("ex-preview--sheet");
    card.removeAttribute("role");
    card.removeAttribute("aria-labelledby");
    card.removeAttribute("tabindex");
    if (returnFocus || (inside && returnFocus !== false)) {
      returning = link;
      link.focus();
      returning = null;
    }
  }

  // ---- the sheet, on a touch screen ------------------------------------------------------------------------------
  function openSheet(link, record) {
    var where = placeOf(link);
    close(false);
    sheet = true;
    fill(record, own(where, record), where.href);
    current = link;
    card.classList.add("ex-preview--sheet");
    card.setAttribute("role", "dialog");
    card.setAttribute("aria-labelledby", "ex-preview-title");
    card.tabIndex = -1;
    card.removeAttribute("data-side");
    card.style.left = card.style.top = "";
    card.hidden = false;
    // Keep the link in sight above the sheet (a second tap on it follows it); the sheet's top as it will be
    // once it has slid in (its box is moved while it slides).
    var hidden = link.getBoundingClientRect().bottom + 8 - (window.innerHeight - card.offsetHeight);
    if (hidden > 0) window.scrollBy(0, hidden);
    card.focus({ preventScroll: true });  // a screen reader says the dialog and its name
  }
  function tabbables() {
    return Array.prototype.filter.call(card.querySelectorAll("a[href], button"), function (e) { return e.getClientRects().length; });
  }
  var lastPointer = "";  // what last touched the page: "mouse", "touch", "pen"
  document.addEventListener("pointerdown", function (event) {
    lastPointer = event.pointerType;
    if ((lastPointer === "touch" || lastPointer === "pen") && linkOf(event.target)) load();  // while the finger is down
  }, true);
  function touched(event) {  // a click made by a tap (a keyboard's or a script's has no pointer, and detail 0)
    var type = event.pointerType || (event.detail ? lastPointer : "");
    return type === "touch" || type === "pen";
  }
  // A tap on a link to a record opens its sheet, unless the sheet is that link's already: then it is followed.
  // Tapped before the data came, the link waits for it; if it previews nothing, it is followed then.
  function tap(event, link) {
    if (sheet && link === current) return;
    var where = placeOf(link);
    if (data && !recordAt(where)) return;
    event.preventDefault();
    if (!card) build();
    pending = link;
    load().then(function () {
      if (pending !== link) return;  // the reader tapped elsewhere meanwhile
      pending = null;
      var record = data && recordAt(where);
      if (record) openSheet(link, record);
      else link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
    });
  }
  function closeSoon() {
    clearTimeout(closeTimer);
    closeTimer = setTimeout(function () {
      if (current && current !== hovered && current !== focused && hovered !== card) close();
    }, CLOSE_AFTER);
  }

  // The mouse: a moment on a link opens its card; the card stays while the pointer is on the link or on it.
  document.addEventListener("pointerover", function (event) {
    if (event.pointerType !== "mouse" || sheet) return;
    point = { x: event.clientX, y: event.clientY };
    if (card && card.contains(event.target)) {
      hovered = card;
      clearTimeout(openTimer);
      clearTimeout(closeTimer);
      return;
    }
    var link = linkOf(event.target);
    if (link !== dismissed) dismissed = null;
    hovered = link;
    clearTimeout(openTimer);
    if (link) {
      load();  // fetched while the reader lingers, so that the card has it when it opens
      if (link === current) clearTimeout(closeTimer);
      else openTimer = setTimeout(function () { open(link); }, OPEN_AFTER);
    }
    if (current && link !== current) closeSoon();
  });
  document.addEventListener("pointerout", function (event) {  // the mouse left the window
    if (event.pointerType === "mouse" && !event.relatedTarget && !sheet) {
      hovered = null;
      clearTimeout(openTimer);
      if (current) closeSoon();
    }
  });
  // The keyboard: focus on a link (shown as the keyboard's, not a click's or a tap's) opens its card at once.
  document.addEventListener("focusin", function (event) {
    if (event.target === returning) return;  // back on the link from its sheet
    if (sheet) {
      // On the sheet's own link (a second tap, which follows it, focuses it first) it stays open.
      if (card.contains(event.target) || event.target === current) return;
      close();  // the focus went elsewhere (a non-modal dialog)
    }
    var link = linkOf(event.target);
    dismissed = null;
    if (link && link.matches(":focus-visible")) {
      focused = link;
      open(link);
    } else {
      focused = null;
      if (current && current !== hovered && hovered !== card) close();
    }
  });
  document.addEventListener("focusout", function (event) {
    if (event.target !== focused) return;
    focused = null;
    if (current && current !== hovered && hovered !== card) close();
  });
  document.addEventListener("keydown", function (event) {
    if (!current) return;
    if (sheet && event.key === "Tab") {  // Tab past the sheet's ends goes back to its link
      var stops = tabbables(), at = document.activeElement;
      if (event.shiftKey ? at === card || at === stops[0] : at === stops[stops.length - 1]) {
        event.preventDefault();
        close(true);
      }
      return;
    }
    if (event.key !== "Escape") return;
    if (sheet) { event.preventDefault(); close(true); return; }
    dismissed = current;  // the focus stays on the link
    close();
  });
  document.addEventListener("click", function (event) {
    if (card && card.contains(event.target)) return;  // its links are followed, its button closes it
    var link = linkOf(event.target);
    if (link && touched(event) && !(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)) {
      tap(event, link);
      if (event.defaultPrevented) return;
    }
    pending = null;
    if (current && link !== current) {
      // A tap outside a sheet: the focus back on its link, unless the tap put it on something else.
      var nowhere = !document.activeElement || document.activeElement === document.body;
      close(sheet && nowhere);
    }
  });
  window.addEventListener("resize", function () { if (current && !sheet) place(current); });
  window.addEventListener("pageshow", function (event) {  // back to a page restored as it was left
    if (event.persisted) { hovered = focused = dismissed = null; close(); }
  });
})();
