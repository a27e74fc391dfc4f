/* The hands kept on this phone (queue.js), on a page of their game: the rows waiting, with
   what was typed and no total (the server's engine decides), and those that need a look
   with the server's sentence and one tap to enter it again; sent in order on load, when
   the connection is back, and by the service worker's Background Sync. */
(function () {
  "use strict";
  var O = window.Offline;
  var Q = window.HandQueue;
  if (!O || !Q) return;
  var S = O.S;
  var game = O.game;
  var fill = O.fill;
  var part = O.part;
  var SKIP = O.SKIP = /^(csrf_token|version|return_to|idempotency_key|cards_)/;
  O.waiting = 0;

  function row(entry, list) {
    var item = document.createElement("li");
    item.textContent = fill(S.row, { n: entry.number }) + ": " + entry.typed;
    (entry.messages || []).forEach(function (message) {
      var sentence = item.appendChild(document.createElement("p"));
      sentence.className = "field-error";
      sentence.textContent = message;
    });
    if (entry.state === "look") { // one tap: the form, filled with what was typed
      var query = new URLSearchParams();
      entry.fields.forEach(function (pair) { if (!SKIP.test(pair[0])) query.append(pair[0], pair[1]); });
      query.set("again", entry.key);
      var again = item.appendChild(document.createElement("a"));
      again.href = entry.action + "?" + query;
      again.className = "button secondary";
      again.textContent = S.again;
    }
    list.appendChild(item);
  }

  function lists(state) { // <section data-offline-waiting><h2>…</h2><ul>…</ul></section>
    var section = O.root.appendChild(document.createElement("section"));
    section.setAttribute("data-offline-" + state, "");
    section.appendChild(document.createElement("h2"));
    section.appendChild(document.createElement("ul")).className = state === "look" ? "look" : "pending";
    return section;
  }

  function show(entries) {
    var mine = entries.filter(function (entry) { return entry.game === game; });
    ["waiting", "look"].forEach(function (state) {
      var section = part("[data-offline-" + state + "]") || lists(state);
      var list = section.querySelector("ul");
      var these = mine.filter(function (entry) { return entry.state === state; });
      section.querySelector("h2").textContent = S[state];
      list.textContent = "";
      these.forEach(function (entry) { row(entry, list); });
      section.hidden = !these.length;
    });
    O.waiting = mine.filter(function (entry) { return entry.state === "waiting"; }).length;
    if (O.waiting) numbers(O.waiting);
    return entries;
  }

  // With hands waiting, the next hand's number is the server's plus theirs; who deals
  // and who bids first are the server's to say once they are sent.
  function numbers(waiting) {
    var board = document.querySelector("[data-draft-game]");
    if (board) {
      var record = board.querySelector("a.button");
      record.textContent = fill(S.record, { n: Number(board.getAttribute("data-draft-hands")) + 1 + waiting });
      var bidders = document.querySelector(".bidders");
      if (bidders) bidders.hidden = true;
      document.querySelector(".status p").textContent = S.dealer;
    }
    if (O.numbers) O.numbers(waiting);
  }

  var timer = null;
  function send() {
    if (navigator.onLine === false) return;
    Q.flush().then(after, function () {});
  }
  function after(result) {
    window.clearTimeout(timer);
    if (result.state === "later") timer = window.setTimeout(send, 3000); // the server is back soon
    if (result.state === "login") O.say(S.login);
    if (O.sent && result.sent && result.sent[game]) O.sent(result.sent[game]);
    if (result.stored && document.querySelector("[data-draft-game]")) return window.location.reload();
    Q.all().then(show);
  }
  window.addEventListener("online", send);
  if (navigator.serviceWorker) {
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.queue) after(event.data.queue);
    });
  }

  O.ready = Q.all().then(show).then(function (entries) {
    if (entries.some(function (entry) { return entry.state === "waiting"; })) send();
    return entries;
  });
})();
