/* The hand form, offline (issue 15): each form carries an idempotency key (a hand sent
   twice is stored once). Save with no connection, or behind hands still waiting, keeps
   the hand on this phone (queue.js) with its key and the version the form was opened at,
   and goes back to the scoreboard; offline.js sends it when the connection is back. */
(function () {
  "use strict";
  var O = window.Offline;
  var form = document.querySelector("form.hand-form[data-draft]");
  if (!O || !form) return;
  var S = O.S;
  var draft = form.getAttribute("data-draft");
  var opened = Number(draft.split(":")[1]); // the number the server gave this form
  var query = new URLSearchParams(location.search);
  var again = query.get("again");

  function key() { return crypto.randomUUID ? crypto.randomUUID() : Date.now() + "-" + Math.random(); }
  var field = form.appendChild(document.createElement("input"));
  field.type = "hidden";
  field.name = "idempotency_key";
  field.value = key();

  if (O.offline()) O.say(S.hints);
  if (document.documentElement.hasAttribute("data-offline-at")) {
    // the form from the cache: put in what the address names, as the server does
    query.forEach(function (value, name) {
      form.querySelectorAll('[name="' + name + '"]').forEach(function (input) {
        if (/radio|checkbox/.test(input.type)) input.checked = input.value === value;
        else input.value = value;
        input.dispatchEvent(new Event("change", { bubbles: true }));
      });
    });
  }

  O.numbers = function (waiting) {
    document.querySelector("h1").textContent = O.fill(S.row, { n: opened + waiting });
    form.querySelector(".save-bar button").textContent = O.fill(S.save, { n: opened + waiting });
    var dealer = document.querySelector("h1 + p.muted");
    if (dealer) dealer.firstChild.nodeValue = S.dealer + " ";
  };
  O.ready.then(function () { if (O.waiting) O.numbers(O.waiting); });

  // What was typed, as the page labels it: "Bidder Bea · Trump ♥ · Meld Us 100"
  function typed() {
    var out = [];
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || O.SKIP.test(input.name) || /hidden|submit|button/.test(input.type)) return;
      if ((/radio|checkbox/.test(input.type) && !input.checked) || !input.value.trim()) return;
      var set = input.closest("fieldset");
      var legend = set && set.querySelector("legend");
      var label = input.closest("label") || (input.id && form.querySelector('label[for="' + input.id + '"]'));
      var words = [legend ? legend.firstChild.textContent.trim() : "", label ? label.textContent.trim() : ""];
      if (!/radio|checkbox/.test(input.type)) words.push(input.value);
      out.push(words.filter(Boolean).join(" "));
    });
    return out.join(" · ");
  }

  // hands kept on this phone were stored while this form was open: the game's version and
  // number are the server's answer now (else Save would be refused as recorded meanwhile)
  var untouched = typed();
  O.sent = function (answer) {
    if (typed() === untouched) return location.reload(); // nothing typed yet: the server's form
    form.elements.version.value = answer.version;
    opened = answer.number + 1;
  };

  function keep(entries, submitter) {
    var waiting = entries.filter(function (entry) { return entry.game === O.game && entry.state === "waiting"; });
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "idempotency_key" && typeof value === "string") fields.push([name, value]);
    });
    // the button's own answer ("It is a new hand": same_as), as the page's post sends it
    if (submitter && submitter.name) fields.push([submitter.name, submitter.value]);
    var entry = {
      key: field.value, game: O.game, action: form.getAttribute("action"), fields: fields,
      version: form.elements.version.value, after: waiting.length ? waiting[waiting.length - 1].key : null,
      number: opened + waiting.length, typed: typed(), state: "waiting", messages: [],
      before: S.before, refused: S.refused, at: Date.now()
    };
    return window.HandQueue.put(entry).then(function () { return waiting.length; });
  }

  function back(waiting) {
    return Promise.resolve().then(function () {
      try { localStorage.removeItem("scorekeeper-draft:" + draft); } catch (error) { /* no draft kept */ }
      sessionStorage.setItem("offline-said", O.plural(S.saved, waiting + 1));
      return navigator.serviceWorker && navigator.serviceWorker.ready;
    }).then(function (registration) {
      if (registration && registration.sync) return registration.sync.register("scorekeeper-hands").catch(function () {});
    }).then(function () {
      location.assign(document.querySelector("a.back").href); // the scoreboard, as after a save
    });
  }

  form.addEventListener("submit", function (event) {
    if (event.submitter && event.submitter.getAttribute("formaction")) { // check meld
      if (O.offline()) {
        event.preventDefault();
        O.say(S.verdict);
      }
      return;
    }
    if (event.defaultPrevented) return;
    var done = again ? window.HandQueue.remove(again) : Promise.resolve();
    if (!O.offline() && !O.waiting) return; // the page's own post, with its key
    event.preventDefault();
    var locks = navigator.locks; // not while a flush sends this game's hands (two tabs: two hands after one)
    done.then(function () {
      function put() { return window.HandQueue.all().then(function (entries) { return keep(entries, event.submitter); }); }
      return locks ? locks.request("scorekeeper-queue", put) : put();
    }).then(back);
  });
})();
