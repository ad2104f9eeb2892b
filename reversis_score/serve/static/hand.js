// The hand page: step through the tricks with the buttons or the arrow keys. Every step is
// in the page already (the links work without script); this only shows one at a time.
(function () {
  "use strict";
  var steps = Array.prototype.slice.call(document.querySelectorAll("section.step"));
  if (!steps.length) { return; }
  var at = steps.findIndex(function (s) { return !s.hidden; });
  function show(i) {
    i = Math.max(0, Math.min(steps.length - 1, i));
    steps.forEach(function (s, k) { s.hidden = k !== i; });
    at = i;
    history.replaceState(null, "", "?step=" + i);
  }
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) { return; }
    if (e.key === "ArrowRight") { show(at + 1); e.preventDefault(); }
    if (e.key === "ArrowLeft") { show(at - 1); e.preventDefault(); }
  });
  document.addEventListener("click", function (e) {
    var link = e.target.closest("a[data-step]");
    if (!link) { return; }
    e.preventDefault();
    show(parseInt(link.getAttribute("data-step"), 10));
  });
})();
