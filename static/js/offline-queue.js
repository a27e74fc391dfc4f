/* The hands kept on this phone (queue.js), on a page of their game: the rows waiting, with
   what was typed and no total (the server's engine decides), and those that need a look
   with the server's sentence, one tap to enter it again and one to discard it (asked
   once: "Discard hand 4?"); sent in order on load, when the connection is back, and by
   the service worker's Background Sync. A hand leaves "Needs a look" only once the
   server stores it or the person discards it. */
(function () {
  "use strict";
  var O = window.Offline;
  var Q = window.HandQueue;
  if (!O || !Q) return;
  var S = O.S;
  var game = O.game;
  var fill = O.fill;
  var part = O.part;
  // not carried into "Enter it again": the session's, the form's own, the question answered
  var SKIP = O.SKIP = /^(csrf_token|game_key|version|return_to|idempotency_key|same_as)$/;
  O.waiting = O.held = 0;
  var board = document.querySelector("[data-draft-game]");

  function button(item, text, mark, action) {
    var tap = item.appendChild(document.createElement("button"));
    tap.type = "button";
    tap.className = "secondary";
    tap.setAttribute(mark, "");
    tap.textContent = text;
    tap.addEventListener("click", function () { action(tap); });
  }

  // the entry, changed under the queue's lock (never while a flush sends this game's hands)
  function change(work) {
    var locks = navigator.locks;
    function run() { return Q.all().then(work); }
    return (locks ? locks.request("scorekeeper-queue", run) : run()).then(refresh);
  }

  // hands typed after ``key`` (and after those) that only waited for it: in order
  var behind = O.behind = function (entries, key) {
    var keys = [key];
    return entries.filter(function (one) {
      var held = one.state === "look" && keys.indexOf(one.after) >= 0;
      if (held) keys.push(one.key);
      return held;
    });
  };
  // they wait again, behind what is next
  function release(entries, key) {
    return Promise.all(behind(entries, key).map(function (one) {
      one.state = "waiting";
      one.messages = [];
      return Q.put(one);
    }));
  }

  function discard(entry, number, tap) {
    if (!tap.classList.contains("armed")) { // the first tap asks: "Discard hand 4? Tap again"
      tap.classList.add("armed");
      tap.textContent = fill(S.discarding, { n: number });
      return;
    }
    change(function (entries) {
      return Q.remove(entry.key).then(function () { return release(entries, entry.key); });
    }).then(send); // the hands behind it go on
  }

  function sendNew(entry) { // "Same as hand 6?" answered: it is a new hand, sent again so
    change(function (entries) {
      entry.fields = entry.fields.filter(function (pair) { return pair[0] !== "same_as"; });
      entry.fields.push(["same_as", String(entry.same_as)]);
      entry.state = "waiting";
      entry.messages = [];
      delete entry.same_as;
      return Q.put(entry).then(function () { return release(entries, entry.key); });
    }).then(send);
  }

  function row(entry, number, list) {
    var item = list.appendChild(document.createElement("li"));
    item.appendChild(document.createElement("span")).textContent =
      fill(entry.state === "look" ? S.hand : S.row, { n: number }) + ": " + entry.typed;
    (entry.messages || []).forEach(function (message) {
      var sentence = item.appendChild(document.createElement("p"));
      sentence.className = "field-error";
      sentence.textContent = message;
    });
    if (entry.state !== "look") return;
    var actions = item.appendChild(document.createElement("div"));
    actions.className = "actions";
    if (entry.same_as) button(actions, S.same, "data-send-new", function () { sendNew(entry); });
    // one tap: the form, filled with every value typed, as this hand's own number
    var query = new URLSearchParams();
    entry.fields.forEach(function (pair) { if (!SKIP.test(pair[0]) && pair[1] !== "") query.append(pair[0], pair[1]); });
    query.set("again", entry.key);
    var again = actions.appendChild(document.createElement("a"));
    again.href = entry.action + "?" + query;
    again.className = "button secondary";
    again.textContent = S.again;
    button(actions, S.discard, "data-discard", function (tap) { discard(entry, number, tap); });
  }

  function lists(state) { // <section data-offline-waiting><h2>…</h2><ul>…</ul></section>
    var section = O.root.appendChild(document.createElement("section"));
    section.setAttribute("data-offline-" + state, "");
    section.appendChild(document.createElement("h2"));
    section.appendChild(document.createElement("ul")).className = state === "look" ? "look" : "pending";
    return section;
  }

  // the next hand's number: the server's (the scoreboard's button, the form's) plus the
  // hands of this game kept before it, in the order they are sent
  function base() {
    var shown = document.querySelector("[data-draft-game]"); // the page's now (follow.js swaps it)
    if (shown) return Number(shown.getAttribute("data-draft-hands")) + 1;
    var hands = O.root.getAttribute("data-offline-hands"); // a finished game's scoreboard
    if (hands) return Number(hands) + 1;
    var form = document.querySelector("form.hand-form[data-draft]");
    return form ? Number(form.getAttribute("data-draft").split(":")[1]) : 1;
  }

  function show(entries) {
    var mine = entries.filter(function (entry) { return entry.game === game; });
    ["waiting", "look"].forEach(function (state) {
      var section = part("[data-offline-" + state + "]") || lists(state);
      var list = section.querySelector("ul");
      section.querySelector("h2").textContent = S[state];
      list.textContent = "";
      mine.forEach(function (entry, index) { if (entry.state === state) row(entry, base() + index, list); });
      section.hidden = !list.children.length;
    });
    O.waiting = mine.filter(function (entry) { return entry.state === "waiting"; }).length;
    // a hand that needs a look keeps its number: a new one is recorded behind it
    var held = O.held;
    O.held = mine.length;
    // the numbers after the hands held; none held any more (the last one discarded or
    // stored): the server's again
    if (O.held || held) numbers(O.held, entries);
    if (!O.waiting && !O.offline()) O.say(""); // sent: "Saved on this phone" no longer holds
    return entries;
  }

  function refresh() { return Q.all().then(show); }

  // With hands waiting, the next hand's number is the server's plus theirs; who deals
  // and who bids first are the server's to say once they are sent (the bidder buttons stay:
  // a tap opens the form with its bidder, as ever).
  function numbers(waiting, entries) {
    var shown = document.querySelector("[data-draft-game]"); // the page's now (follow.js swaps it)
    if (shown) {
      var next = Number(shown.getAttribute("data-draft-hands")) + 1 + waiting;
      shown.querySelector("a.button").textContent = fill(S.record, { n: next });
      document.querySelectorAll(".bidders a[aria-label]").forEach(function (link) {
        link.setAttribute("aria-label", link.getAttribute("aria-label").replace(/\d+/, next));
      });
      var status = document.querySelector(".status p");
      if (status && !status.hasAttribute("data-server-said")) status.setAttribute("data-server-said", status.textContent);
      if (status) status.textContent = waiting ? S.dealer : status.getAttribute("data-server-said");
    }
    if (O.numbers) O.numbers(waiting, entries);
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
    // the scoreboard shows the server's totals: again once hands were stored, or once the
    // connection is back on a page kept from before
    if (board && (result.stored || (O.at && result.state === "done"))) return window.location.reload();
    refresh();
  }
  window.addEventListener("online", send);
  O.hear = after; // what the service worker sent, also before this script was loaded
  O.heard.splice(0).forEach(after);

  O.ready = refresh().then(function (entries) {
    if (entries.some(function (entry) { return entry.state === "waiting"; })) send();
    return entries;
  });
})();
