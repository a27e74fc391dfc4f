// A shared scoreboard follows the game: every few seconds it asks the server for the
// game's change stamp and reloads when the stamp differs from the one it was drawn at.
(function () {
  "use strict";
  var body = document.body;
  var url = body.dataset.changed;
  var stamp = body.dataset.stamp;
  var every = (parseInt(body.dataset.poll, 10) || 4) * 1000;
  if (!url) return;
  function ask() {
    if (document.hidden) return; // a phone in a pocket asks nothing
    fetch(url, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 404) { window.location.reload(); return null; } // revoked
        return response.ok ? response.json() : null;
      })
      .then(function (answer) {
        if (answer && answer.stamp !== stamp) window.location.reload();
      })
      .catch(function () { /* off the network for a moment: ask again later */ });
  }
  setInterval(ask, every);
  document.addEventListener("visibilitychange", ask);
})();
