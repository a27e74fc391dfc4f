/* Offline at the table, on a logged-in person's pages: docs/offline.md */
(function () {
  "use strict";
  var root = document.querySelector("[data-offline]");
  if (!root || !window.indexedDB || !window.Promise) return;
  var S = JSON.parse(root.getAttribute("data-offline"));
  var at = document.documentElement.getAttribute("data-offline-at");
  var workers = navigator.serviceWorker;
  var DB = "scorekeeper-offline";
  var O = window.Offline = { S: S, root: root, game: root.getAttribute("data-offline-game") };

  var fill = O.fill = function (text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, name) { return values[name]; });
  };
  O.plural = function (forms, n) {
    return fill(forms[new Intl.PluralRules(S.lang).select(n)] || forms.other, { n: n });
  };
  O.part = function (selector) { return root.querySelector(selector); };
  O.say = function (text) {
    var said = O.part("[data-offline-said]");
    said.textContent = text;
    said.hidden = !text;
  };
  O.offline = function () { return navigator.onLine === false || !!at; };

  root.hidden = false;
  O.at = at;
  // the banner follows the connection: a page kept from before says when it was kept, a
  // page that loses the connection says so; both go once it is back
  var banner = O.part("[data-offline-banner]");
  var kept = at && fill(S.since, { time: new Date(Number(at)).toLocaleTimeString(S.lang, { hour: "2-digit", minute: "2-digit" }) });
  function connection(off) {
    banner.textContent = kept || S.off;
    banner.hidden = !off;
  }
  if (at) connection(true);
  window.addEventListener("offline", function () { connection(true); });
  window.addEventListener("online", function () { connection(false); });
  var said = sessionStorage.getItem("offline-said");
  sessionStorage.removeItem("offline-said");
  if (said) O.say(said);
  else if (O.offline() && document.getElementById("meld-form")) O.say(S.verdict);

  // the service worker's word on a Background Sync it ran: heard from the start (the queue's
  // script loads later, and a message before it has a listener would be lost), kept till then
  O.heard = [];
  if (workers) {
    workers.addEventListener("message", function (event) {
      if (event.data && event.data.queue) (O.hear || O.heard.push.bind(O.heard))(event.data.queue);
    });
  }

  // the lists and the sending, once this phone keeps hands (the hand form loads them itself)
  O.loaded = document.querySelector('script[src$="/queue.js"]') || !indexedDB.databases ? Promise.resolve()
    : indexedDB.databases().then(function (found) {
      if (!found.some(function (db) { return db.name === DB; })) return;
      return Promise.all(["queue.js", "offline-queue.js"].map(function (name) {
        var script = document.head.appendChild(document.createElement("script"));
        script.async = false;
        script.src = S.js + name;
        return new Promise(function (done) { script.onload = script.onerror = done; });
      }));
    });

  // the scoreboard: the service worker keeps this game's pages
  if (root.hasAttribute("data-offline-register") && workers) {
    workers.register(S.sw).then(function () { return workers.ready; }).then(function (registration) {
      var pages = [location.pathname, S.root + "/meld", S.root + "/"];
      var record = document.querySelector('[data-draft-game] a[href$="/hands/new"]');
      if (record) pages.push(record.getAttribute("href"));
      registration.active.postMessage({ warm: pages });
    }).catch(function () {});
  }
})();
