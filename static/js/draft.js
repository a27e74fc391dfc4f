/* A draft on the phone: what is typed in the new-hand form is kept in localStorage,
   per game and hand number, and put back when the form opens again (a reload, a
   closed tab, a lost connection). The scoreboard clears a draft once its hand is
   recorded: a draft that was sent and whose number the game has reached.

   Keys: "scorekeeper-draft:<game>:<hand>", values {sent, fields: {name: value},
   checked: ["name=value", ...]}. The server decides everything: a draft only
   puts typed values back into the fields, as the person typed them.
   "scorekeeper-recorded:<game>": the hands its scoreboard last showed (see stale). */
(function () {
  "use strict";

  var PREFIX = "scorekeeper-draft:";
  var SKIP = /^(csrf_token|version|return_to)$/; // the server's, never the person's
  var storage;
  try {
    storage = window.localStorage;
    storage.getItem(PREFIX); // private modes may refuse even a read
  } catch (error) {
    return;
  }

  function read(key) {
    try {
      return JSON.parse(storage.getItem(key) || "null");
    } catch (error) {
      return null;
    }
  }

  function write(key, draft) {
    try {
      storage.setItem(key, JSON.stringify(draft));
    } catch (error) {
      // storage full or refused: the form still works, without a draft
    }
  }

  // The drafts of ``game``, as [key, hand number] pairs.
  function draftsOf(game) {
    var found = [];
    for (var i = 0; i < storage.length; i++) {
      var key = storage.key(i);
      var start = PREFIX + game + ":";
      if (key && key.indexOf(start) === 0) found.push([key, Number(key.slice(start.length))]);
    }
    return found;
  }

  // --- the scoreboard: a recorded hand's draft is done with ------------------------------------

  var RECORDED = "scorekeeper-recorded:"; // per game: the hands the scoreboard last showed
  var board = document.querySelector("[data-draft-game]");
  if (board) {
    var hands = Number(board.getAttribute("data-draft-hands"));
    write(RECORDED + board.getAttribute("data-draft-game"), hands);
    draftsOf(board.getAttribute("data-draft-game")).forEach(function (pair) {
      var draft = read(pair[0]);
      if (!draft || (draft.sent && pair[1] <= hands)) storage.removeItem(pair[0]);
    });
  }

  // --- the hand form ------------------------------------------------------------------------------

  var form = document.querySelector("form.hand-form[data-draft]");
  if (!form) return;
  var parts = form.getAttribute("data-draft").split(":");
  // the game's scoreboard: the form's own address up to /hands (a club's /c/<slug> kept)
  var scoreboard = form.getAttribute("action").replace(/\/hands\/.*$/, "");
  var key = PREFIX + parts[0] + ":" + parts[1];

  // Back after Save shows this form as sent, for a hand since recorded: the scoreboard
  // instead (this history entry replaced)
  function stale() {
    return Number(read(RECORDED + parts[0])) >= Number(parts[1]);
  }
  var back = (performance.getEntriesByType("navigation")[0] || {}).type === "back_forward";
  if (back && stale()) {
    window.location.replace(scoreboard);
    return;
  }
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && stale()) window.location.replace(scoreboard);
  });

  // drafts of hands before this one are left over (that hand was recorded meanwhile)
  draftsOf(parts[0]).forEach(function (pair) {
    if (pair[1] < Number(parts[1])) storage.removeItem(pair[0]);
  });

  function own(input) {
    return input.name && !SKIP.test(input.name) && !input.classList.contains("auto");
  }

  function take() {
    var draft = { sent: false, fields: {}, checked: [] };
    Array.prototype.forEach.call(form.querySelectorAll("input"), function (input) {
      if (!own(input)) return;
      if (input.type === "radio" || input.type === "checkbox") {
        if (input.checked) draft.checked.push(input.name + "=" + input.value);
      } else if (input.value.trim()) {
        draft.fields[input.name] = input.value;
      }
    });
    return draft;
  }

  function empty(draft) {
    return !Object.keys(draft.fields).length && !draft.checked.length;
  }

  // Put ``draft`` back into the fields the address does not name (a bidder tapped on
  // the scoreboard comes with the address and wins).
  function putBack(draft) {
    var given = new URLSearchParams(window.location.search);
    var changed = [];
    Array.prototype.forEach.call(form.querySelectorAll("input"), function (input) {
      if (!own(input) || given.has(input.name)) return;
      if (input.type === "radio" || input.type === "checkbox") {
        var on = draft.checked.indexOf(input.name + "=" + input.value) >= 0;
        if (input.checked !== on) {
          input.checked = on;
          changed.push(input);
        }
      } else if (input.type !== "submit" && input.type !== "button") {
        var value = draft.fields[input.name] || "";
        if (input.value !== value) {
          input.value = value;
          changed.push(input);
        }
      }
    });
    // the other scripts hear of it as of typing (hints, chips, the counters filled)
    changed.forEach(function (input) {
      var kind = input.type === "radio" || input.type === "checkbox" ? "change" : "input";
      input.dispatchEvent(new Event(kind, { bubbles: true }));
    });
  }

  var kept = read(key);
  var fresh = form.hasAttribute("data-draft-restore") && !/[?&]meld_for=/.test(location.search);
  if (kept && fresh && !empty(kept)) putBack(kept);

  function keep() {
    var draft = take();
    if (empty(draft)) storage.removeItem(key);
    else write(key, draft);
  }
  form.addEventListener("input", keep);
  form.addEventListener("change", keep);
  form.addEventListener("submit", function () {
    var draft = take();
    if (empty(draft)) return;
    draft.sent = true; // cleared by the scoreboard once the game has this hand
    write(key, draft);
  });
})();
