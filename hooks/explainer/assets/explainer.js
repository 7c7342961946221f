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
})();
