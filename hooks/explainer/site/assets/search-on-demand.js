// Search on demand: the search index (search/search_index.json, the largest file of the site, about four
// times a page's own weight compressed) and the search worker load when the reader opens search, not on
// every page a first visit shows.
//
// mkdocs-material 9.8.1's bundle asks for both as it starts: it creates the search worker at once, and
// requests the index with an XMLHttpRequest (its function `ks`, through `ze`) as soon as the page is served
// over http(s) (`Ei`) and again for search.highlight (`Ai`, the ?h= of a result's link). It has no setting
// to wait, and no global to hand it the index (`__index` is read only on file: pages, from a script). So
// this script, loaded before the bundle (theme/main.html), holds those two requests back, without touching
// the bundle: an XMLHttpRequest for exactly the site's index is sent, and a Worker for exactly the search
// worker's file is started, when the reader first
//   - focuses the search field (a click or a tap on it, the shortcuts "/", "s" and "f", which focus it),
//   - opens the search toggle (the magnifier on a phone; a ?q= link, which Material opens),
//   - arrives with ?h= (a search result's link: the terms to highlight need the index's settings),
//   - or when the browser is idle ten seconds after the page has loaded, where the reader has not asked
//     to save data, so that search is ready before anyone asks.
// Material sees the same objects and events as before, only later; nothing else is held.
(function () {
  "use strict";
  var config = document.getElementById("__config");
  if (!config || !document.forms.namedItem("search")) return;
  var settings;
  try { settings = JSON.parse(config.textContent); } catch (e) { return; }
  var base = new URL(settings.base, location.href);
  var INDEX = new URL("search/search_index.json", base).href;
  var WORKER = settings.search ? new URL(settings.search, location.href).href : null;

  var opened = false;
  var waiting = [];
  function open() {
    if (opened) return;
    opened = true;
    var run = waiting;
    waiting = [];
    run.forEach(function (task) { task(); });
  }
  function whenOpen(task) {
    if (opened) task();
    else waiting.push(task);
  }
  function same(url, target) {
    try { return new URL(String(url), location.href).href === target; } catch (e) { return false; }
  }

  // The index: its request is opened as usual and sent when search opens.
  var held = new WeakSet();
  var request = XMLHttpRequest.prototype;
  var openRequest = request.open;
  var sendRequest = request.send;
  var abortRequest = request.abort;
  request.open = function (method, url) {
    if (String(method).toUpperCase() === "GET" && same(url, INDEX)) held.add(this);
    else held.delete(this);
    return openRequest.apply(this, arguments);
  };
  request.send = function () {
    if (opened || !held.has(this)) return sendRequest.apply(this, arguments);
    var xhr = this;
    var args = arguments;
    waiting.push(function () { if (held.has(xhr)) sendRequest.apply(xhr, args); });
  };
  request.abort = function () { // an aborted request is never sent
    held.delete(this);
    return abortRequest.apply(this, arguments);
  };

  // The worker: Material gets a stand-in at once, with the worker's events and postMessage; the real worker
  // starts when search opens, and receives what was posted before (Material posts nothing before the index).
  var RealWorker = window.Worker;
  if (RealWorker && WORKER && typeof EventTarget === "function") {
    var Deferred = function (url, options) {
      var events = new EventTarget();
      var queue = [];
      var worker = null;
      var ended = false;
      this.addEventListener = events.addEventListener.bind(events);
      this.removeEventListener = events.removeEventListener.bind(events);
      this.dispatchEvent = events.dispatchEvent.bind(events);
      this.postMessage = function () {
        if (worker) worker.postMessage.apply(worker, arguments);
        else queue.push(arguments);
      };
      this.terminate = function () {
        ended = true;
        if (worker) worker.terminate();
      };
      whenOpen(function () {
        if (ended) return;
        worker = new RealWorker(url, options);
        worker.addEventListener("message", function (event) {
          events.dispatchEvent(new MessageEvent("message", { data: event.data }));
        });
        worker.addEventListener("messageerror", function (event) {
          events.dispatchEvent(new MessageEvent("messageerror", { data: event.data }));
        });
        worker.addEventListener("error", function (event) {
          events.dispatchEvent(new ErrorEvent("error", {
            message: event.message, filename: event.filename, lineno: event.lineno, colno: event.colno,
            error: event.error
          }));
        });
        queue.forEach(function (args) { worker.postMessage.apply(worker, args); });
        queue = [];
      });
    };
    var Worker = function (url, options) {
      if (!opened && same(url, WORKER)) return new Deferred(url, options);
      return new RealWorker(url, options);
    };
    Worker.prototype = RealWorker.prototype;
    window.Worker = Worker;
  }

  // What opens search. Listening on the document, in the capture phase, sees each before Material acts on it.
  document.addEventListener("focusin", function (event) {
    if (event.target && event.target.form === document.forms.namedItem("search")) open();
  }, true);
  document.addEventListener("change", function (event) {
    if (event.target && event.target.id === "__search" && event.target.checked) open();
  }, true);
  var query = new URLSearchParams(location.search);
  if (query.has("h") || query.has("q")) open();

  // Idle, well after the page is shown: the index is ready for a reader who searches later.
  var connection = navigator.connection;
  if (!(connection && (connection.saveData || /2g/.test(connection.effectiveType || "")))) {
    var idle = function () {
      if (document.visibilityState === "hidden") return; // a tab in the background waits to be seen
      if (window.requestIdleCallback) window.requestIdleCallback(open, { timeout: 5000 });
      else open();
    };
    var later = function () { window.setTimeout(idle, 10000); };
    if (document.readyState === "complete") later();
    else window.addEventListener("load", later);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible" && !opened) later();
    });
  }
})();
