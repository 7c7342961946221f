// Collapsed long sections (<details class="ex-more">): a link to anything inside one opens it, and
// printing opens them all (then closes again those the reader had closed). Browsers that reveal
// fragment targets in closed <details> themselves lose nothing by this.
(function () {
  "use strict";
  function reveal() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (!target) return;
    var opened = false;
    for (var node = target.parentElement; node; node = node.parentElement) {
      if (node.tagName === "DETAILS" && !node.open) { node.open = true; opened = true; }
    }
    if (opened) target.scrollIntoView();
  }
  window.addEventListener("hashchange", reveal);
  document.addEventListener("DOMContentLoaded", reveal);
  var closedForPrint = [];
  window.addEventListener("beforeprint", function () {
    closedForPrint = Array.prototype.slice.call(document.querySelectorAll("details:not([open])"));
    closedForPrint.forEach(function (d) { d.open = true; });
  });
  window.addEventListener("afterprint", function () {
    closedForPrint.forEach(function (d) { d.open = false; });
    closedForPrint = [];
  });
})();
