/* The room's display follows the night: every few seconds it asks for the night's change
   stamp (a few bytes) and, when it differs, fetches the page again and swaps its <main>:
   no reload, no flash. Off the network it keeps asking, and catches up once back.
   A list cut into pages (the tables, the standings) shows its next page every turn
   (data-turn-seconds), each list on its own count of pages. */
(function () {
  "use strict";
  var body = document.body;
  var turn = parseInt(body.getAttribute("data-turn"), 10) || 0;
  var every = (parseInt(body.getAttribute("data-turn-seconds"), 10) || 10) * 1000;
  function turnPages() {
    var lists = document.querySelectorAll("main section");
    for (var i = 0; i < lists.length; i++) {
      var pages = lists[i].querySelectorAll(".display-page");
      for (var j = 0; j < pages.length; j++) pages[j].hidden = j !== turn % pages.length;
    }
  }
  setInterval(function () { turn += 1; turnPages(); }, every);
  var url = body.getAttribute("data-display-changed");
  if (!url || !window.fetch || !window.DOMParser) return;
  var stamp = body.getAttribute("data-display-stamp");
  var busy = false;
  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var main = fresh.querySelector("main");
    if (!main) return;
    document.querySelector("main").replaceWith(main);
    turnPages(); // the fresh page at this turn's pages, not the turn it was made for
    stamp = fresh.body.getAttribute("data-display-stamp") || stamp;
  }
  // a request that hangs (a half-open connection) is given up, so the next tick asks
  function get(address) {
    var options = { cache: "no-store", credentials: "same-origin" };
    if (window.AbortController) {
      var stop = new AbortController();
      window.setTimeout(function () { stop.abort(); }, 10000);
      options.signal = stop.signal;
    }
    return fetch(address, options);
  }
  function ask() {
    if (busy) return;
    busy = true;
    get(url)
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) {
        if (!answer || answer.stamp === stamp) return null;
        return get(location.href)
          .then(function (response) { return response.ok ? response.text() : null; })
          .then(function (html) { if (html) swap(html); });
      })
      .catch(function () { /* off the network: ask again at the next tick */ })
      .then(function () { busy = false; });
  }
  setInterval(ask, 3000);
  window.addEventListener("online", ask);
})();
