// Live pages: every second, ask whether the page's records changed (a short stamp); when
// they did, fetch the page again and put its <main> in place. The scorer never reloads.
(function () {
  "use strict";
  var main = document.querySelector("main[data-stamp-url]");
  if (!main) { return; }
  var stamp = main.getAttribute("data-stamp");
  function later() { setTimeout(tick, 1000); }
  function tick() {
    fetch(main.getAttribute("data-stamp-url"), {cache: "no-store", credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.text() : stamp; })
      .then(function (now) {
        if (now.trim() === stamp) { return null; }
        return fetch(location.href, {cache: "no-store", credentials: "same-origin"})
          .then(function (r) { return r.ok ? r.text() : null; });
      })
      .then(function (html) {
        if (!html) { return; }
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.querySelector("main[data-stamp-url]");
        if (!fresh) { return; }
        main.innerHTML = fresh.innerHTML;
        stamp = fresh.getAttribute("data-stamp");
        main.setAttribute("data-stamp", stamp);
        document.title = doc.title;
      })
      .catch(function () { /* the server is away for a moment: try again */ })
      .then(later);
  }
  later();
})();
