// Explainer front end, progressive enhancement over pages that work without it:
// - citation chips become disclosure buttons whose popover (a bottom sheet on phones) lists each cited
//   article with the passage in its sentence; without JavaScript a chip is a link to the first passage and
//   the notes are a list at the end of the page;
// - "Hide citations" and "Show all cited passages" reading toggles, remembered in localStorage;
// - printing: chips print as [N] and the page's notes as endnotes;
// - article pages: the passage a reader came for is highlighted exactly, with what it was cited for and a
//   way back; selecting any passage shows the statements that cite it;
// - copy-link controls copy the absolute link and say so in a polite live region.
// Every word it shows comes from the page: the JSON in <script id="ex-words"> (the site's words, from the
// engine's catalogue), whose plural forms are chosen by the browser's CLDR rules for the site's language.
(function () {
  "use strict";
  var root = document.documentElement;
  var phone = window.matchMedia("(max-width: 44.9375em)");

  var catalogue = (function () {
    var source = document.getElementById("ex-words");
    try { return source ? JSON.parse(source.textContent) : null; } catch (e) { return null; }
  })() || { language: root.lang || "en", words: {} };
  var plurals = window.Intl && Intl.PluralRules ? new Intl.PluralRules(catalogue.language) : null;
  // The entry `key`, its `{name}` placeholders filled from `values` (`{n}`: the count that picks a plural form).
  function t(key, values) {
    var entry = catalogue.words[key];
    values = values || {};
    if (entry === undefined) return key;
    if (typeof entry === "object") entry = entry[plurals ? plurals.select(values.n) : values.n === 1 ? "one" : "other"] || entry.other;
    return entry.replace(/\{\{|\}\}|\{(\w+)\}/g, function (match, name) {
      return name === undefined ? match.charAt(0) : String(values[name]);
    });
  }

  // The reader's choices last (localStorage); what one tab needs only, for that tab (area "sessionStorage").
  function stored(key, area) {
    try { return window[area || "localStorage"].getItem(key); } catch (e) { return null; }
  }
  function store(key, value, area) {
    try {
      var storage = window[area || "localStorage"];
      if (value === null) storage.removeItem(key); else storage.setItem(key, value);
    } catch (e) { /* private mode */ }
  }
  function closest(node, selector) {
    return node && node.nodeType === 1 ? node.closest(selector) : node && node.parentElement ? node.parentElement.closest(selector) : null;
  }
  function headerBottom() {
    var header = document.querySelector(".md-header");
    return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  }
  function closeButton(label) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "ex-pop__close";
    button.setAttribute("aria-label", label);
    button.textContent = "×";
    return button;
  }

  // ---- live region and copy links ------------------------------------------------------------------------------
  function liveRegion() {
    var live = document.getElementById("ex-live");
    if (!live) {
      live = document.createElement("div");
      live.id = "ex-live";
      live.className = "ex-visually-hidden";
      live.setAttribute("aria-live", "polite");
      live.setAttribute("role", "status");
      document.body.appendChild(live);
    }
    return live;
  }
  document.addEventListener("click", function (event) {
    var control = closest(event.target, "a.ex-copylink");
    if (!control || !navigator.clipboard) return;
    event.preventDefault();
    var url = new URL(control.getAttribute("href"), window.location.href).href;
    navigator.clipboard.writeText(url).then(function () {
      history.replaceState(null, "", url);
      control.setAttribute("data-copied", t("copied"));
      liveRegion().textContent = t("link_copied");
      setTimeout(function () { control.removeAttribute("data-copied"); }, 2000);
    }, function () {
      window.location.hash = control.getAttribute("href");
    });
  });

  // ---- the page's notes: markup kept as text in a <noscript>, parsed once when first needed --------------------
  var notesSource = document.querySelector("noscript.ex-notes-source");
  var parsedNotes = null;
  function notes() {
    if (!parsedNotes) {
      var template = document.createElement("template");
      template.innerHTML = notesSource ? notesSource.textContent : "";
      parsedNotes = template.content;
    }
    return parsedNotes;
  }
  function noteOf(chip) {
    return notes().getElementById("note-" + chip.getAttribute("data-note"));
  }

  // ---- chips and their popover --------------------------------------------------------------------------------
  var chips = document.querySelectorAll("a.ex-chip[data-note]");
  var pop = null, popBox, popTitle, popExplain, popBody;
  var current = null, pinned = false, openTimer = 0, closeTimer = 0;

  function buildPopover() {
    pop = document.createElement("div");
    pop.id = "ex-pop";
    pop.className = "ex-pop";
    pop.hidden = true;
    pop.tabIndex = -1;
    pop.setAttribute("role", "dialog");
    pop.setAttribute("aria-labelledby", "ex-pop-title");
    popBox = document.createElement("div");
    popBox.className = "ex-pop__box";
    var head = document.createElement("div");
    head.className = "ex-pop__head";
    popTitle = document.createElement("p");
    popTitle.className = "ex-pop__title";
    popTitle.id = "ex-pop-title";
    var close = closeButton(t("close_citations"));
    close.addEventListener("click", function () { closePopover(true); });
    head.appendChild(popTitle);
    head.appendChild(close);
    popExplain = document.createElement("p");
    popExplain.className = "ex-pop__explain";
    popBody = document.createElement("div");
    popBox.appendChild(head);
    popBox.appendChild(popExplain);
    popBox.appendChild(popBody);
    pop.appendChild(popBox);
    document.body.appendChild(pop);  // hidden until a chip opens it (and moved after that chip)
  }

  function placePopover(chip) {
    if (phone.matches) { pop.style.left = pop.style.top = ""; return; }  // a bottom sheet, placed by CSS
    pop.style.left = "0px";
    pop.style.top = "0px";
    popBox.style.maxHeight = "";
    var origin = pop.getBoundingClientRect();
    var at = chip.getBoundingClientRect();
    var right = root.clientWidth - 8;
    var below = window.innerHeight - at.bottom - 8, above = at.top - headerBottom() - 8;
    // Below the chip unless there is more room above; no taller than that room (the list scrolls).
    var side = pop.offsetHeight <= below || below >= above ? "below" : "above";
    var room = side === "below" ? below : above;
    if (pop.offsetHeight > room) popBox.style.maxHeight = Math.max(room - (pop.offsetHeight - popBox.offsetHeight), 80) + "px";
    var width = pop.offsetWidth, height = pop.offsetHeight;
    var left = Math.max(8, Math.min(at.left, right - width));
    // Touching the chip: no gap for the pointer to cross.
    var top = side === "below" ? at.bottom : at.top - height;
    pop.style.left = (left - origin.left) + "px";
    pop.style.top = (top - origin.top) + "px";
  }

  function openPopover(chip, how) {
    var note = noteOf(chip);
    var list = note && note.querySelector(".ex-note__passages");
    if (!list) return false;
    clearTimeout(openTimer);
    clearTimeout(closeTimer);
    if (current && current !== chip) current.setAttribute("aria-expanded", "false");
    current = chip;
    pinned = how !== "hover";
    popTitle.textContent = chip.getAttribute("aria-label");
    // Which articles copy each other, and a link to how copying is measured.
    var copies = Array.prototype.map.call(note.querySelectorAll(".ex-note__copies"), function (e) { return e.textContent; });
    popExplain.textContent = copies.join(" ");
    if (copies.length && notesSource.getAttribute("data-copying")) {
      var how = document.createElement("a");
      how.href = notesSource.getAttribute("data-copying");
      how.textContent = t("how_copying");
      popExplain.appendChild(document.createTextNode(" "));
      popExplain.appendChild(how);
    }
    popExplain.hidden = !copies.length;
    popBody.replaceChildren(list.cloneNode(true));
    chip.after(pop);  // right after its chip, so that Tab goes from the chip into the popover and on
    // A block that waits below the screen until scrolled near (content-visibility, explainer.css) contains
    // what is inside it, which would clip the popover: the block it opens in is drawn in full from now on.
    for (var block = chip.parentElement; block; block = block.parentElement) {
      if (getComputedStyle(block).contentVisibility === "auto") block.classList.add("ex-drawn");
    }
    pop.hidden = false;
    chip.setAttribute("aria-expanded", "true");
    placePopover(chip);
    if (phone.matches) {  // keep the chip in sight above the sheet
      var hidden = chip.getBoundingClientRect().bottom + 8 - pop.getBoundingClientRect().top;
      if (hidden > 0) window.scrollBy(0, hidden);
    }
    if (how !== "hover") pop.focus({ preventScroll: true });
    return true;
  }

  function closePopover(returnFocus) {
    clearTimeout(openTimer);
    clearTimeout(closeTimer);
    if (!current) return;
    var chip = current;
    var focusInside = pop.contains(document.activeElement);
    current = null;
    pinned = false;
    pop.hidden = true;
    popBody.replaceChildren();
    chip.setAttribute("aria-expanded", "false");
    if (returnFocus || focusInside) chip.focus();
  }

  if (chips.length && notesSource) {
    buildPopover();  // so that every chip's aria-controls names an element from the start
    Array.prototype.forEach.call(chips, function (chip) {
      chip.setAttribute("role", "button");
      chip.setAttribute("aria-expanded", "false");
      chip.setAttribute("aria-controls", "ex-pop");
    });
    document.addEventListener("click", function (event) {
      var chip = closest(event.target, "a.ex-chip[aria-controls]");
      if (chip) {
        // A modified click still opens the passage (in a new tab, say), as the link it also is.
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
        if (current === chip && pinned) { event.preventDefault(); closePopover(true); return; }
        if (openPopover(chip, event.detail === 0 ? "keyboard" : "click")) event.preventDefault();
        return;
      }
      if (current && !pop.contains(event.target)) closePopover(false);  // a click outside
      else if (current && closest(event.target, "a[href]")) rememberReturn(current);  // off to the article, say
    });
    document.addEventListener("keydown", function (event) {
      var chip = closest(event.target, "a.ex-chip[aria-controls]");
      if (chip && (event.key === " " || event.key === "Spacebar")) {  // a button opens on Space too
        event.preventDefault();
        if (current === chip && pinned) closePopover(true);
        else openPopover(chip, "keyboard");
      } else if (event.key === "Escape" && current) {
        event.preventDefault();
        closePopover(pop.contains(document.activeElement) || document.activeElement === current);
      }
    });
    // Hovering opens after a moment; the popover stays while the pointer is on the chip or on it.
    document.addEventListener("pointerover", function (event) {
      if (event.pointerType !== "mouse") return;
      var chip = closest(event.target, "a.ex-chip[aria-controls]");
      if (chip) {
        clearTimeout(closeTimer);
        if (chip !== current && !pinned) {
          clearTimeout(openTimer);
          openTimer = setTimeout(function () { openPopover(chip, "hover"); }, 200);
        }
      } else if (pop && pop.contains(event.target)) {
        clearTimeout(closeTimer);
      } else {
        clearTimeout(openTimer);
        if (current && !pinned) {
          clearTimeout(closeTimer);
          closeTimer = setTimeout(function () { closePopover(false); }, 300);
        }
      }
    });
    // Focus moving on past the popover (Tab) closes it; moving back to its chip does not.
    document.addEventListener("focusin", function (event) {
      if (current && event.target !== current && !pop.contains(event.target)) closePopover(false);
    });
    window.addEventListener("resize", function () { if (current) placePopover(current); });
    // Back from the article (the page restored as it was left): close the popover, focus on its chip.
    window.addEventListener("pageshow", function (event) {
      if (event.persisted && current) closePopover(true);
      if (event.persisted) forgetReturn();
    });
    // Back from the article to a page loaded anew: the browser restores the scroll offset, but blocks above
    // that waited (content-visibility) have their real heights only once drawn, so the chip the reader left
    // from may stand elsewhere. Put it back where it was on the screen, and the focus on it.
    var RETURN = "explainer.return";  // which chip the reader followed into an article, for this tab only
    var back = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
    var left = back && back.type === "back_forward" ? readReturn() : null;
    if (left) {
      forgetReturn();
      window.addEventListener("load", function () {
        var chip = document.getElementById(left.chip);
        if (!chip || !chip.getClientRects().length) return;  // gone, or in a section now collapsed
        var settle = function (times) {
          window.scrollBy(0, chip.getBoundingClientRect().top - left.top);
          if (times > 1) requestAnimationFrame(function () { settle(times - 1); });
          else chip.focus({ preventScroll: true });
        };
        requestAnimationFrame(function () { settle(3); });
      });
    }
  }
  function rememberReturn(chip) {
    var heading = document.querySelector(".md-content h1");
    if (heading) {  // its words, without the permalink's mark
      heading = heading.cloneNode(true);
      heading.querySelectorAll(".headerlink, .ex-copylink").forEach(function (e) { e.remove(); });
    }
    var left = { page: location.pathname, chip: chip.id, top: chip.getBoundingClientRect().top,
                 title: (heading ? heading.textContent : document.title).trim() };
    store(RETURN, JSON.stringify(left), "sessionStorage");
  }
  function readReturn() {
    try {
      var left = JSON.parse(stored(RETURN, "sessionStorage") || "null");
      return left && left.page === location.pathname && left.chip ? left : null;
    } catch (e) { return null; }  // not ours
  }
  function forgetReturn() { store(RETURN, null, "sessionStorage"); }
  // The page a reader followed a citation from, on the article's page: the one the browser came from.
  function cameFrom() {
    try {
      var left = JSON.parse(stored(RETURN, "sessionStorage") || "null");
      var from = document.referrer && new URL(document.referrer);
      return left && left.chip && left.title && from && from.origin === location.origin && from.pathname === left.page
        ? left : null;
    } catch (e) { return null; }
  }

  // ---- reading toggles --------------------------------------------------------------------------------------------
  var toggles = {
    citations: { key: "explainer.citations", on: "hidden", element: root, className: "ex-cites-hidden" },
    passages: { key: "explainer.passages", on: "shown", element: document.querySelector(".ex-source-text"), className: "ex-show-cited" }
  };
  function applyToggle(name, on) {
    var toggle = toggles[name];
    if (toggle.element) toggle.element.classList.toggle(toggle.className, on);
    Array.prototype.forEach.call(document.querySelectorAll('[data-ex-toggle="' + name + '"]'), function (button) {
      button.setAttribute("aria-pressed", on ? "true" : "false");
    });
    if (name === "citations" && on) closePopover(false);
    if (toggle.changed) toggle.changed(on);
  }
  Object.keys(toggles).forEach(function (name) {
    if (document.querySelector('[data-ex-toggle="' + name + '"]')) applyToggle(name, stored(toggles[name].key) === toggles[name].on);
  });
  document.addEventListener("click", function (event) {
    var button = closest(event.target, "[data-ex-toggle]");
    var toggle = button && toggles[button.getAttribute("data-ex-toggle")];
    if (!toggle) return;
    var on = button.getAttribute("aria-pressed") !== "true";
    store(toggle.key, on ? toggle.on : null);
    applyToggle(button.getAttribute("data-ex-toggle"), on);
  });

  // ---- printing: the notes become endnotes ------------------------------------------------------------------------
  var endnotes = null;
  function showEndnotes() {
    if (endnotes || !notesSource) return;
    closePopover(false);
    var section = notes().querySelector(".ex-notes");
    if (!section) return;
    endnotes = section.cloneNode(true);
    endnotes.classList.add("ex-notes--print");
    notesSource.after(endnotes);
  }
  function hideEndnotes() {
    if (endnotes) endnotes.remove();
    endnotes = null;
  }
  window.addEventListener("beforeprint", showEndnotes);
  window.addEventListener("afterprint", hideEndnotes);
  var printing = window.matchMedia("print");
  if (printing.addEventListener) printing.addEventListener("change", function (event) { if (event.matches) showEndnotes(); else hideEndnotes(); });

  // ---- article pages --------------------------------------------------------------------------------------------
  var text = document.querySelector(".ex-source-text");
  if (text) articlePage(text);

  function articlePage(text) {
    var reader = text.parentElement;
    // Decided in the page head (theme/main.html), before anything is drawn.
    var highlights = root.classList.contains("ex-has-highlights");
    // Text nodes with their offsets: the text content of .ex-source-text is the article, character for character.
    var nodes = [], starts = [], length = 0;
    var walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      nodes.push(walker.currentNode);
      starts.push(length);
      length += walker.currentNode.length;
    }
    var passages = Array.prototype.map.call(text.querySelectorAll(".ex-passage[id]"), function (element) {
      var m = /^q-(\d+)-(\d+)$/.exec(element.id);
      return { element: element, id: element.id, start: +m[1], end: +m[2] };
    });
    var byId = {};
    passages.forEach(function (p) { byId[p.id] = p; });

    function nodeAt(offset) {
      var lo = 0, hi = starts.length - 1;
      while (lo < hi) {
        var mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= offset) lo = mid; else hi = mid - 1;
      }
      return lo;
    }
    function rangeOf(p) {
      var range = document.createRange();
      var a = nodeAt(p.start), b = nodeAt(Math.max(p.start, p.end - 1));
      range.setStart(nodes[a], p.start - starts[a]);
      range.setEnd(nodes[b], p.end - starts[b]);
      return range;
    }
    function paint(name, list) {
      if (!highlights) return;
      if (list.length) CSS.highlights.set(name, new Highlight(...list.map(rangeOf)));
      else CSS.highlights.delete(name);
    }
    toggles.passages.changed = function (on) { paint("ex-cited", on ? passages : []); };
    if (toggles.passages.element.classList.contains("ex-show-cited")) paint("ex-cited", passages);

    function offsetOf(node, offset) {  // where a DOM position is in the article's text
      if (!node || !text.contains(node)) return -1;
      var range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(node, offset);
      return range.toString().length;
    }
    function passagesAt(offset) {
      return passages.filter(function (p) { return p.start <= offset && offset < p.end; })
        .sort(function (a, b) { return (a.end - a.start) - (b.end - b.start); });
    }

    // The card of statements citing the passage(s) at one place of the text.
    var card = null;
    function closeCard() {
      if (card) card.remove();
      card = null;
      paint("ex-selected", []);
    }
    function showCard(found, selected) {
      closeCard();
      if (!found.length) return;
      card = document.createElement("aside");
      card.className = "ex-card";
      card.setAttribute("aria-label", t("what_cites"));
      var head = document.createElement("div");
      head.className = "ex-card__head";
      var title = document.createElement("span");
      var count = 0;
      var lists = found.map(function (p) {
        var entry = document.getElementById("by-" + p.id);
        if (!entry) return null;
        var list = entry.querySelector("ul");
        if (list) {
          list = list.cloneNode(true);
        } else {
          // Cited for one statement: the entry names it in its sentence ("... — cited for: fact: <a>"); the
          // list's data-cited-for holds the words that come before the statement's kind.
          var link = entry.querySelector("a[data-statement]");
          if (!link) return null;
          list = document.createElement("ul");
          var item = document.createElement("li");
          var label = link.previousSibling ? link.previousSibling.textContent : "";
          var marker = entry.parentNode.getAttribute("data-cited-for") || "";
          var at = marker ? label.lastIndexOf(marker) : -1;
          item.appendChild(document.createTextNode((at < 0 ? label : label.slice(at + marker.length)).replace(/^\s+/, "")));
          for (var node = link; node; node = node.nextSibling) item.appendChild(node.cloneNode(true));
          list.appendChild(item);
        }
        count += list.children.length;
        var block = document.createElement("div");
        if (found.length > 1) {
          var quote = document.createElement("p");
          quote.textContent = entry.querySelector("a").textContent;
          block.appendChild(quote);
        }
        block.appendChild(list);
        return block;
      }).filter(Boolean);
      title.textContent = t("cited_for_count", { n: count });
      var close = closeButton(t("close_what_cites"));
      close.addEventListener("click", closeCard);
      head.appendChild(title);
      head.appendChild(close);
      card.appendChild(head);
      lists.forEach(function (block) { card.appendChild(block); });
      var anchor = found[0].element;
      var wide = window.matchMedia("(min-width: 60em)").matches;
      if (wide) {
        card.classList.add("ex-card--margin");
        reader.appendChild(card);
        var top = anchor.getClientRects()[0] || anchor.getBoundingClientRect();
        card.style.top = Math.max(0, top.top - reader.getBoundingClientRect().top) + "px";
      } else {
        // Under the paragraph, so as not to cut a sentence in two.
        card.classList.add("ex-card--inline");
        var breaks = text.querySelectorAll(".ex-break"), after = null;
        for (var i = 0; i < breaks.length && !after; i++) {
          if (anchor.compareDocumentPosition(breaks[i]) & Node.DOCUMENT_POSITION_FOLLOWING && !anchor.contains(breaks[i])) after = breaks[i];
        }
        if (after) after.before(card); else text.appendChild(card);
      }
      if (selected) paint("ex-selected", found.filter(function (p) { return !p.element.matches(":target"); }));
    }
    // A click (or tap) in the text, or a selection made in it, shows what cites the passage there.
    text.addEventListener("click", function (event) {
      if (closest(event.target, ".ex-card")) return;
      if (closest(event.target, "a")) return;
      closeCard();  // first, so that its text does not count in the offsets
      var selection = window.getSelection();
      var offset = selection && selection.rangeCount ? offsetOf(selection.anchorNode, selection.anchorOffset) : -1;
      if (offset < 0) {
        var element = closest(event.target, ".ex-passage[id]");
        offset = element ? byId[element.id].start : -1;
      }
      if (offset >= 0) showCard(passagesAt(offset), true);
    });
    document.addEventListener("keyup", function (event) {  // a selection made with the keyboard
      if (!event.shiftKey) return;
      var selection = window.getSelection();
      if (!selection || selection.isCollapsed || !text.contains(selection.anchorNode) || (card && card.contains(selection.anchorNode))) return;
      var node = selection.anchorNode, at = selection.anchorOffset;
      closeCard();
      showCard(passagesAt(offsetOf(node, at)), true);
    });

    // The passage a reader came for.
    var banner = null;
    function landed() {
      var id = decodeURIComponent(window.location.hash.slice(1));
      var p = byId[id];
      paint("ex-landed", p ? [p] : []);
      if (!p) return;
      showCard([p], false);
      var wanted = new URLSearchParams(window.location.search).get("for");
      var link = wanted && document.querySelector("#by-" + CSS.escape(id) + ' a[data-statement="' + CSS.escape(wanted) + '"]');
      if (link) showBanner(link);
    }
    function showBanner(link) {
      if (banner) banner.remove();
      banner = document.createElement("div");
      banner.className = "ex-landed";
      banner.setAttribute("role", "region");
      banner.setAttribute("aria-label", t("why_highlighted"));
      var what = document.createElement("p");
      what.className = "ex-landed__text";
      var label = document.createElement("strong");
      label.textContent = t("cited_for");
      what.appendChild(label);
      what.appendChild(document.createTextNode(link.textContent));
      var back = document.createElement("a");
      // Back to where the reader came from (the page, at the chip they followed), and say which page that is;
      // a reader who arrived from elsewhere is offered the statement's own place instead.
      var left = cameFrom();
      back.href = left ? left.page + "#" + left.chip : link.href;
      back.textContent = left ? t("back_to_page", { page: left.title }) : t("back_to_statement");
      back.addEventListener("click", function (event) {
        var from = document.referrer && new URL(document.referrer);
        if (from && from.origin === window.location.origin && from.pathname === back.pathname && window.history.length > 1) {
          event.preventDefault();
          window.history.back();  // going back restores the page as it was, scroll and all
        }
      });
      var close = closeButton(t("close_banner"));
      close.addEventListener("click", function () {
        banner.remove();
        banner = null;
        root.style.scrollPaddingTop = root.style.scrollPaddingBottom = "";
      });
      banner.appendChild(what);
      banner.appendChild(back);
      banner.appendChild(close);
      document.body.appendChild(banner);
      // Keep focused elements clear of the banner too (SC 2.4.11): it sits under the header, or at the bottom
      // of a short screen (explainer.css).
      var box = banner.getBoundingClientRect();
      if (box.top < window.innerHeight / 2) root.style.scrollPaddingTop = (box.bottom + 12) + "px";
      else root.style.scrollPaddingBottom = (window.innerHeight - box.top + 12) + "px";
    }
    window.addEventListener("hashchange", landed);
    landed();
  }
  // The theme's drawer and search toggles are checkboxes without autocomplete="off" (which HTML does not
  // allow on checkboxes; see theme/base.html). A browser restoring form state on reload or history
  // navigation could reopen them: close them, telling the theme through the usual change event.
  function closeRestoredToggles() {
    ["__drawer", "__search"].forEach(function (id) {
      var toggle = document.getElementById(id);
      if (toggle && toggle.checked) {
        toggle.checked = false;
        toggle.dispatchEvent(new Event("change"));
      }
    });
  }
  closeRestoredToggles();

  // The published palette stylesheet turns transitions off while <body> has data-ex-color-switching (see
  // assets.py: Material's own attribute is also set on every page load, and restyled every element). Set
  // it while the reader switches colours, or the system does, for the frame that draws the new colours.
  function switchingColours() {
    document.body.setAttribute("data-ex-color-switching", "");
    requestAnimationFrame(function () {
      requestAnimationFrame(function () { document.body.removeAttribute("data-ex-color-switching"); });
    });
  }
  document.addEventListener("change", function (event) {
    if (event.target && event.target.name === "__palette") switchingColours();
  }, true);
  if (window.matchMedia) {
    var scheme = window.matchMedia("(prefers-color-scheme: light)");
    if (scheme.addEventListener) scheme.addEventListener("change", switchingColours);
  }

  // The search form's submit button (theme/partials/search.html) does what Enter in the field does:
  // go to the best result, if there is one.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || form.getAttribute("name") !== "search") return;
    event.preventDefault();
    var best = null;
    var bestScore = -Infinity;
    form.closest(".md-search").querySelectorAll(".md-search-result :first-child [href]").forEach(function (link) {
      var score = parseFloat((link.firstElementChild || link).getAttribute("data-md-score") || "0");
      if (score > bestScore) { best = link; bestScore = score; }
    });
    if (best) best.click();
  });
})();
