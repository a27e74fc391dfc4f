// A page that follows its club night by itself (a table's scoreboard on every phone at
// the table, the event page, the room's display): every 3 s it asks
// the server for its change stamp, and when the stamp differs it fetches the page again
// and puts its main part in place, without a reload. Nothing is swapped while the person
// is typing in a field of it, or has changed one: the next tick tries again.
(function () {
  "use strict";
  var body = document.body;
  var url = body.getAttribute("data-follow");
  if (!url || !window.fetch || !window.DOMParser) return;
  var stamp = body.getAttribute("data-follow-stamp");
  var busy = false;
  function typing() {
    var main = document.querySelector("main");
    if (!main) return true;
    var focused = document.activeElement;
    if (main.contains(focused) && /^(INPUT|SELECT|TEXTAREA)$/.test(focused.tagName)) return true;
    var fields = main.querySelectorAll("input, textarea, select");
    for (var i = 0; i < fields.length; i += 1) {
      var field = fields[i];
      if (field.type === "hidden" || field.type === "submit") continue;
      if (field.type === "checkbox" || field.type === "radio") {
        if (field.checked !== field.defaultChecked) return true;
      } else if (field.tagName === "SELECT") {
        var first = 0; // the option shown at first: the one marked selected, else the first
        for (var j = 0; j < field.options.length; j += 1) {
          if (field.options[j].defaultSelected) { first = j; break; }
        }
        if (field.selectedIndex !== first) return true;
      } else if (field.value !== field.defaultValue) {
        return true;
      }
    }
    return false;
  }
  // the offline queue's box (offline.js keeps it: its banner, what was saved on this
  // phone, the hands waiting) stays the same element, with the fresh page's attributes
  function keepOffline(main) {
    var live = document.querySelector("main [data-offline]");
    var coming = main.querySelector("[data-offline]");
    if (!live || !coming) return;
    var names = [];
    for (var i = 0; i < live.attributes.length; i += 1) names.push(live.attributes[i].name);
    names.forEach(function (name) {
      if (name !== "hidden" && !coming.hasAttribute(name)) live.removeAttribute(name);
    });
    for (var j = 0; j < coming.attributes.length; j += 1) {
      var attribute = coming.attributes[j];
      if (attribute.name !== "hidden") live.setAttribute(attribute.name, attribute.value);
    }
    coming.replaceWith(live);
  }
  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var main = fresh.querySelector("main");
    if (!main || typing()) return;
    keepOffline(main);
    document.querySelector("main").replaceWith(main);
    stamp = fresh.body.getAttribute("data-follow-stamp") || stamp;
    document.dispatchEvent(new CustomEvent("page-followed")); // the display turns its pages
  }
  function get(address) {
    var options = { cache: "no-store", credentials: "same-origin" };
    if (window.AbortController) {
      var stop = new AbortController();
      window.setTimeout(function () { stop.abort(); }, 10000);
      options.signal = stop.signal;
    }
    return fetch(address, options);
  }
  function ask() {
    if (busy || document.hidden || typing()) return;
    busy = true;
    get(url)
      .then(function (response) {
        // gone (its round closed and the table code expired, the game or night deleted):
        // the page loaded again says so
        if ([400, 403, 404, 410].indexOf(response.status) >= 0) { window.location.reload(); return null; }
        return response.ok ? response.json() : null;
      })
      .then(function (answer) {
        if (!answer || answer.stamp === stamp) return null;
        return get(location.pathname + location.search)
          .then(function (response) { return response.ok ? response.text() : null; })
          .then(function (html) { if (html) swap(html); });
      })
      .catch(function () { /* off the network: ask again at the next tick */ })
      .then(function () { busy = false; });
  }
  setInterval(ask, 3000);
  document.addEventListener("visibilitychange", ask);
  window.addEventListener("online", ask);
})();
