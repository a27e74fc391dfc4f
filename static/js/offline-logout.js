/* Log out (issue 15): with hands waiting on this phone it asks first, on the button ("2
   hands wait on this phone, not sent yet: tap again ..."); then it empties the caches, the
   queue and the service worker, and logs out. Without it the form logs out as before. */
(function () {
  "use strict";
  var O = window.Offline;
  if (!O) return;
  var S = O.S;

  function forget() {
    var work = [new Promise(function (done) {
      var request = indexedDB.deleteDatabase("scorekeeper-offline");
      request.onsuccess = request.onerror = request.onblocked = done;
    })];
    if (window.caches) {
      work.push(caches.keys().then(function (names) { return Promise.all(names.map(caches.delete, caches)); }));
    }
    if (navigator.serviceWorker) {
      work.push(navigator.serviceWorker.getRegistrations().then(function (all) {
        return Promise.all(all.map(function (registration) { return registration.unregister(); }));
      }));
    }
    return Promise.all(work);
  }
  document.querySelectorAll('form[action$="/logout"]').forEach(function (out) {
    var armed = false;
    out.addEventListener("submit", function (event) {
      event.preventDefault();
      O.loaded.then(function () { return window.HandQueue ? HandQueue.all() : []; }).then(function (entries) {
        if (entries.length && !armed) {
          armed = true;
          out.querySelector("button").textContent = O.plural(S.ask, entries.length);
          return;
        }
        return forget().then(function () { out.submit(); });
      });
    });
  });
})();
