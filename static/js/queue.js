/* The hands kept on this phone (IndexedDB), for the pages (offline.js) and the service
   worker (sw.js: Background Sync). An entry: {key, game, action, fields: [[name, value]],
   version, after, number, typed, state: "waiting" | "look", messages, before, at}.
   Sending posts the fields as the form would, with the key (hand_keys.py): the engine
   on the server reads the hand and decides; whatever it answers wins. */
(function (scope) {
  "use strict";
  var STORE = "hands";

  function open() {
    return new Promise(function (done, fail) {
      var request = scope.indexedDB.open("scorekeeper-offline", 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(STORE, { keyPath: "key" });
      };
      request.onsuccess = function () { done(request.result); };
      request.onerror = function () { fail(request.error); };
    });
  }

  function run(mode, work) {
    return open().then(function (db) {
      return new Promise(function (done, fail) {
        var tx = db.transaction(STORE, mode);
        var asked = work(tx.objectStore(STORE));
        tx.oncomplete = function () { db.close(); done(asked && asked.result); };
        tx.onerror = tx.onabort = function () { db.close(); fail(tx.error); };
      });
    });
  }

  function all() {
    return run("readonly", function (store) { return store.getAll(); }).then(function (list) {
      return (list || []).sort(function (a, b) { return a.at - b.at; });
    });
  }
  function put(entry) { return run("readwrite", function (store) { store.put(entry); }); }
  function remove(key) { return run("readwrite", function (store) { store.delete(key); }); }

  // Send the waiting hands in order; resolves with {state: "done" | "later" | "login", stored}.
  function sendAll() {
    var stored = 0;
    return all().then(function (list) {
      var waiting = list.filter(function (entry) { return entry.state === "waiting"; });
      var looked = {};
      list.forEach(function (entry) { if (entry.state === "look") looked[entry.key] = true; });
      function next(index) {
        var entry = waiting[index];
        if (!entry) return { state: "done", stored: stored };
        if (entry.after && looked[entry.after]) { // typed as the hand after one refused
          looked[entry.key] = true;
          entry.state = "look";
          entry.messages = [entry.before];
          return put(entry).then(function () { return next(index + 1); });
        }
        var body = new URLSearchParams();
        entry.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
        body.set("version", entry.version);
        body.set("idempotency_key", entry.key);
        return scope.fetch(entry.action, {
          method: "POST", body: body, credentials: "same-origin", headers: { Accept: "application/json" }
        }).then(function (response) {
          if ((response.headers.get("Content-Type") || "").indexOf("json") < 0) {
            return { state: response.status >= 500 ? "later" : "login", stored: stored };
          }
          return response.json().then(function (answer) {
            if (response.status >= 500) return { state: "later", stored: stored };
            if (response.status === 201) {
              stored++;
              var after = waiting.filter(function (later) { return later.after === entry.key; });
              return Promise.all(after.map(function (later) {
                later.after = null;
                later.version = answer.version; // the game as this phone's own hand left it
                return put(later);
              })).then(function () { return remove(entry.key); }).then(function () { return next(index + 1); });
            }
            looked[entry.key] = true;
            entry.state = "look";
            entry.messages = answer.messages || [];
            return put(entry).then(function () { return next(index + 1); });
          });
        }, function () {
          return { state: "later", stored: stored }; // no answer: it waits, nothing lost
        });
      }
      return next(0);
    });
  }

  var busy = null;
  function flush() {
    if (busy) return busy;
    var locks = scope.navigator.locks;
    busy = (locks ? locks.request("scorekeeper-queue", sendAll) : sendAll()).then(
      function (result) { busy = null; return result; },
      function (error) { busy = null; throw error; }
    );
    return busy;
  }

  scope.HandQueue = { all: all, put: put, remove: remove, flush: flush };
})(self);
