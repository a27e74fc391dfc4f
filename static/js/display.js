/* The room's display: a list cut into pages (the tables, the standings) shows its next
   page every turn (data-turn-seconds), each list on its own count of pages. It follows
   the night with follow.js (every 3 s the night's change stamp, a few bytes; when it
   differs, the page fetched again and its <main> swapped: no reload, no flash; off the
   network it keeps asking, and catches up once back). */
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
  // follow.js swaps <main> when the night changes: the fresh page at this turn's pages,
  // not the turn it was made for
  document.addEventListener("page-followed", turnPages);
})();
