// Copy-link controls: clicking one copies the absolute link to that statement or passage, and says so
// in a polite live region, so that screen-reader users hear it too. Without JavaScript the control
// is still an ordinary link to the anchor.
(function () {
  "use strict";
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
    var control = event.target.closest ? event.target.closest("a.ex-copylink") : null;
    if (!control || !navigator.clipboard) return;
    event.preventDefault();
    var url = new URL(control.getAttribute("href"), window.location.href).href;
    navigator.clipboard.writeText(url).then(function () {
      history.replaceState(null, "", url);
      control.setAttribute("data-copied", "");
      liveRegion().textContent = "Link copied";
      setTimeout(function () { control.removeAttribute("data-copied"); }, 2000);
    }, function () {
      window.location.hash = control.getAttribute("href");
    });
  });
  document.addEventListener("DOMContentLoaded", liveRegion);

  // Citation previews open at their marker; near the right edge, shift them left so they stay in view.
  function placePreview(event) {
    var cite = event.target.closest ? event.target.closest(".ex-cite") : null;
    var tip = cite && cite.querySelector(".ex-cite__tip");
    if (!tip) return;
    tip.style.left = "";
    var box = tip.getBoundingClientRect();
    var right = document.documentElement.clientWidth - 8;
    if (box.width && box.right > right) tip.style.left = Math.max(right - box.right, 8 - box.left) + "px";
  }
  document.addEventListener("mouseover", placePreview);
  document.addEventListener("focusin", placePreview);

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
