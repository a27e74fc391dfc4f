/* The hands kept on this phone (IndexedDB), for the pages and the service worker: docs/offline.md */
(function (scope) {
  "use strict";
  function run(mode, work) {
    return new Promise(function (done, fail) {
      var opening = scope.indexedDB.open("scorekeeper-offline", 1);
      opening.onupgradeneeded = function () { opening.result.createObjectStore("hands", { keyPath: "key" }); };
      opening.onerror = function () { fail(opening.error); };
      opening.onsuccess = function () {
        var db = opening.result;
        var tx = db.transaction("hands", mode);
        var asked = work(tx.objectStore("hands"));
        tx.oncomplete = function () { db.close(); done(asked && asked.result); };
        tx.onabort = function () { db.close(); fail(tx.error); };
      };
    });
  }
  function all() {
    return run("readonly", function (store) { return store.getAll(); }).then(function (list) {
      return list.sort(function (a, b) { return a.at - b.at; });
    });
  }
  function put(entry) { return run("readwrite", function (store) { store.put(entry); }); }
  function remove(key) { return run("readwrite", function (store) { store.delete(key); }); }

  // the login page, at the default club's address or at a club's /c/<slug>/
  function login(response) { return response.status === 401 || /^(\/c\/[a-z0-9-]+)?\/login/.test(new URL(response.url).pathname); }

  // resolves with {state: "done" | "later" (no answer) | "login", stored}
  function sendAll() {
    var stored = 0;
    var fresh;
    var looked = {};
    var sent = {}; // by game: the server's answer to the last hand stored ({number, version})
    function end(state) { return { state: state, stored: stored, sent: sent }; }
    return all().then(function (list) {
      list.forEach(function (entry) { looked[entry.key] = entry.state === "look"; });
      var waiting = list.filter(function (entry) { return entry.state === "waiting"; });
      function look(entry, messages, index, same) {
        looked[entry.key] = true;
        entry.state = "look";
        entry.messages = messages;
        if (same) entry.same_as = same; // "Same as hand 6?": the page offers to send it as new
        return put(entry).then(function () { return next(index + 1); });
      }
      function next(index, again) {
        var entry = waiting[index];
        if (!entry) return end("done");
        if (looked[entry.after]) return look(entry, [entry.before], index); // typed after a refused one
        var body = new URLSearchParams(entry.fields);
        body.set("version", entry.version);
        body.set("idempotency_key", entry.key);
        if (fresh) body.set("csrf_token", fresh);
        return scope.fetch(entry.action, { method: "POST", body: body, headers: { Accept: "application/json" } })
          .then(function (response) {
            if (response.status >= 500) return end("later");
            if (login(response)) return end("login");
            if (!/json/.test(response.headers.get("Content-Type"))) { // a 404, a 403: this hand only
              return look(entry, [(entry.refused || "{status}").replace("{status}", response.status)], index);
            }
            return response.json().then(function (answer) {
              // a login by the remember-me cookie (a new session): its token, from the form; again,
              // same key. Up to three times: pages opening at that moment log in too, each with
              // its own session, and the last one's cookie wins (the token fetched may be stale)
              if (answer.error === "csrf_expired" && (again || 0) < 3) return scope.fetch(entry.action).then(function (page) {
                return login(page) ? end("login") : page.text().then(function (text) {
                  fresh = (/name="csrf_token" type="hidden" value="([^"]+)/.exec(text) || [])[1];
                  return next(index, (again || 0) + 1);
                });
              });
              if (response.status !== 201) return look(entry, answer.messages || [], index, answer.same_as);
              stored++;
              sent[entry.game] = answer;
              return Promise.all(waiting.filter(function (later) { return later.after === entry.key; }).map(function (later) {
                later.after = null;
                later.version = answer.version; // the game as this phone's own hand left it
                return put(later);
              })).then(function () { return remove(entry.key); }).then(function () { return next(index + 1); });
            });
          }, function () { return end("later"); });
      }
      return next(0);
    });
  }

  var busy = null;
  function flush() {
    var locks = scope.navigator.locks;
    busy = busy || (locks ? locks.request("scorekeeper-queue", sendAll) : sendAll()).finally(function () { busy = null; });
    return busy;
  }
  scope.HandQueue = { all: all, put: put, remove: remove, flush: flush };
})(self);
