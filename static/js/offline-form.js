/* The hand form, offline (issue 15): each form carries an idempotency key (a hand sent
   twice is stored once). Save with no connection, or behind hands still waiting, keeps
   the hand on this phone (queue.js) with its key and the version the form was opened at,
   and goes back to the scoreboard; offline.js sends it when the connection is back.
   "Enter it again" (?again=KEY, issue 23) opens with every value typed and the hand's own
   number; its Save puts the values back into that same entry, which waits again in its
   place and is sent from the scoreboard: it leaves "Needs a look" only once stored. */
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

  // the number a hand takes: the server's next plus the hands of this game kept before it
  // ("Enter it again" on hand 5 opens as hand 5, not as the server's next)
  O.numbers = function (waiting, entries) {
    var before = waiting;
    if (again) {
      var mine = (entries || []).filter(function (entry) { return entry.game === O.game; });
      var index = mine.map(function (entry) { return entry.key; }).indexOf(again);
      before = index >= 0 ? index : waiting;
    }
    document.querySelector("h1").textContent = O.fill(again ? S.hand : S.row, { n: opened + before });
    form.querySelector(".save-bar button").textContent = O.fill(S.save, { n: opened + before });
    var dealer = document.querySelector("h1 + p.muted");
    if (dealer && before) dealer.firstChild.nodeValue = S.dealer + " ";
  };
  O.ready.then(function (entries) { if (O.held || again) O.numbers(O.held, entries); });

  // What was typed, as the scoreboard's rows say a hand: "Cal 300 ♥ · Us 190+150 · Them 60"
  function typed() {
    function value(name) {
      var input = form.querySelector('input[name="' + name + '"]:not([type=radio]):not([type=hidden])');
      if (input && input.value.trim()) return input.value.trim(); // a bid typed wins over a chip
      input = form.querySelector('input[name="' + name + '"]:checked');
      return input ? input.value.trim() : "";
    }
    function words(input) { // a choice as the page labels it
      var label = input.closest("label");
      return label ? label.textContent.trim() : "";
    }
    var trump = form.querySelector("input[name=trump]:checked");
    var out = [[value("bidder"), value("bid"), trump ? words(trump) : ""].filter(Boolean).join(" ")];
    form.querySelectorAll("input.meld").forEach(function (meld, side) {
      var label = form.querySelector('label[for="' + meld.id + '"]');
      var counters = value("counters_" + side);
      if (meld.value.trim() || counters) {
        out.push((label ? label.textContent.trim() + " " : "") + (meld.value.trim() || "0") + (counters ? "+" + counters : ""));
      }
    });
    // the rarer outcomes: "Thrown in", "Renege: Them", "Result: Made"
    form.querySelectorAll("input[type=checkbox]:checked, input[type=radio]:checked").forEach(function (input) {
      if (/^(bidder|bid|trump)$/.test(input.name) || !input.value) return;
      var set = input.type === "radio" && input.closest("fieldset");
      var legend = set && set.querySelector("legend");
      var name = legend ? legend.firstChild.textContent.split(":")[0].trim() + ": " : "";
      out.push(name + words(input).split(":")[0].trim());
    });
    return out.filter(Boolean).join(" · ");
  }

  // hands kept on this phone were stored while this form was open: the game's version and
  // number are the server's answer now (else Save would be refused as recorded meanwhile)
  var untouched = typed();
  O.sent = function (answer) {
    if (typed() === untouched) return location.reload(); // nothing typed yet: the server's form
    form.elements.version.value = answer.version;
    opened = answer.number + 1;
  };

  function posted(submitter) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "idempotency_key" && typeof value === "string") fields.push([name, value]);
    });
    // the button's own answer ("It is a new hand": same_as), as the page's post sends it
    if (submitter && submitter.name) fields.push([submitter.name, submitter.value]);
    return fields;
  }

  function keep(entries, submitter) {
    // behind every hand of this game kept here, waiting or needing a look: in its place
    var waiting = entries.filter(function (entry) { return entry.game === O.game; });
    var entry = {
      key: field.value, game: O.game, action: form.getAttribute("action"), fields: posted(submitter),
      version: form.elements.version.value, after: waiting.length ? waiting[waiting.length - 1].key : null,
      number: opened + waiting.length, typed: typed(), state: "waiting", messages: [],
      before: S.before, refused: S.refused, at: Date.now()
    };
    return window.HandQueue.put(entry).then(function () { return waiting.length; });
  }

  // "Enter it again", saved: the same entry takes what is typed now and waits again, in its
  // place (the hands typed after it wait behind it again); it leaves the list only once the
  // server stores it, or when it is discarded
  function retype(entries, submitter) {
    var entry = entries.filter(function (one) { return one.key === again; })[0];
    if (!entry) return keep(entries, submitter); // discarded meanwhile: a new hand
    entry.fields = posted(submitter);
    entry.version = form.elements.version.value;
    entry.typed = typed();
    entry.state = "waiting";
    entry.messages = [];
    delete entry.same_as;
    var behind = O.behind(entries, entry.key);
    return Promise.all([entry].concat(behind).map(function (one) {
      one.state = "waiting";
      one.messages = [];
      return window.HandQueue.put(one);
    })).then(function () {
      return entries.filter(function (one) { return one.game === O.game && one.state === "waiting"; }).length
        + behind.length;
    });
  }

  function back(waiting) {
    return Promise.resolve().then(function () {
      try { localStorage.removeItem("scorekeeper-draft:" + draft); } catch (error) { /* no draft kept */ }
      if (waiting >= 0) sessionStorage.setItem("offline-said", O.plural(S.saved, waiting + 1));
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
    if (!again && !O.offline() && !O.held) return; // the page's own post, with its key
    event.preventDefault();
    var locks = navigator.locks; // not while a flush sends this game's hands (two tabs: two hands after one)
    var submitter = event.submitter;
    function put() {
      return window.HandQueue.all().then(function (entries) {
        return again ? retype(entries, submitter) : keep(entries, submitter);
      });
    }
    (locks ? locks.request("scorekeeper-queue", put) : put()).then(function (waiting) {
      // online, the scoreboard sends it at once (and says what the server answered)
      // online behind a hand that needs a look: the scoreboard says where it stands
      return back((again || !O.waiting) && !O.offline() ? -1 : waiting);
    });
  });
})();
