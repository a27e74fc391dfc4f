/* The service worker (served at /sw.js by web/offline.py, which writes VERSION: a hash of
   the static files, so a deploy replaces the cache). It keeps only same-origin GETs: the
   pages of a game the person opened (list, scoreboard, hand form, meld checker) and the
   static files; a page from the cache carries data-offline-at (offline.js shows the
   banner). Other pages, offline, get /offline ("needs a connection"). */
"use strict";
var VERSION = "dev";
var CACHE = "scorekeeper-" + VERSION;
var KEPT = /^\/(games\/\d+(\/hands\/new)?|meld)?$/;
importScripts("/static/js/queue.js");

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return keep(cache, "/offline");
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("scorekeeper-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// Keep a page (stamped with the time) and the static files it links.
function keep(cache, path) {
  return fetch(path, { credentials: "same-origin" }).then(function (response) {
    return store(cache, path, response).then(function (text) {
      var links = (text || "").match(/(?:href|src)="\/static\/[^"?#]+/g) || [];
      return Promise.all(links.map(function (link) {
        var url = link.slice(link.indexOf('"') + 1);
        return cache.match(url).then(function (hit) { return hit || cache.add(url); });
      }));
    });
  }).catch(function () {});
}

function store(cache, path, response) {
  if (!response.ok || response.redirected || response.type !== "basic") return Promise.resolve("");
  return response.text().then(function (text) {
    var headers = { "Content-Type": response.headers.get("Content-Type"), "X-Kept-At": String(Date.now()) };
    return cache.put(path, new Response(text, { headers: headers })).then(function () { return text; });
  });
}

function cached(path) {
  return caches.open(CACHE).then(function (cache) { return cache.match(path); }).then(function (hit) {
    if (!hit) return null;
    return hit.text().then(function (text) {
      text = text.replace("<html", '<html data-offline-at="' + hit.headers.get("X-Kept-At") + '"');
      return new Response(text, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(request).then(function (hit) {
        return hit || fetch(request).then(function (response) {
          if (response.ok) cache.put(request, response.clone());
          return response;
        });
      });
    }));
    return;
  }
  if (request.mode !== "navigate") return;
  var kept = KEPT.test(url.pathname);
  // the hand form with a bidder or "enter it again" is the form; a meld check with cards is not
  var page = kept && (!url.search || /\/hands\/new$/.test(url.pathname)) ? url.pathname : null;
  event.respondWith(fetch(request).then(function (response) {
    if (kept && !url.search) {
      var copy = response.clone();
      event.waitUntil(caches.open(CACHE).then(function (cache) { return store(cache, url.pathname, copy); }));
    }
    return response;
  }, function () {
    return (page ? cached(page) : Promise.resolve(null)).then(function (hit) {
      return hit || cached("/offline").then(function (other) { return other || Response.error(); });
    });
  }));
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.warm) {
    event.waitUntil(caches.open(CACHE).then(function (cache) {
      return Promise.all(data.warm.filter(function (path) { return KEPT.test(path); }).map(function (path) {
        return keep(cache, path);
      }));
    }));
  }
});

self.addEventListener("sync", function (event) {
  if (event.tag !== "scorekeeper-hands") return;
  event.waitUntil(self.HandQueue.flush().then(function (result) {
    return self.clients.matchAll().then(function (pages) {
      pages.forEach(function (page) { page.postMessage({ queue: result }); });
      if (result.state === "later") throw new Error("no connection yet"); // the browser tries again
    });
  }));
});
