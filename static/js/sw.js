/* The service worker: docs/offline.md (VERSION is written by web/offline.py) */
"use strict";
var VERSION = "dev";
// the club's addresses this worker serves: "" for the default club's, "/c/<slug>" for a club's
var ROOT = location.pathname.replace(/\/sw\.js$/, "");
// a cache per club (each club's worker is a worker of its own, with a deploy of its own)
var SCOPE = ROOT ? " " + ROOT : "";
var CACHE = "scorekeeper-" + VERSION + SCOPE;
var KEPT = /^\/(games\/\d+(\/hands\/new)?|meld)?$/;
var STATIC = /^(\/c\/[a-z0-9-]+)?\/static\//;
importScripts("/static/js/queue.js");

// a page of the club's this worker keeps (KEPT, under the club's addresses)
function ours(path) {
  return path.indexOf(ROOT + "/") === 0 && KEPT.test(path.slice(ROOT.length));
}

function box() { return caches.open(CACHE); }
// a cache of this club's worker, of an earlier deploy (another club's are left alone)
function mineToo(name) { return /^scorekeeper-[^ ]*/.test(name) && name.replace(/^scorekeeper-[^ ]*/, "") === SCOPE; }

self.addEventListener("install", function (event) {
  event.waitUntil(box().then(function (cache) { return keep(cache, ROOT + "/offline"); }).then(function () {
    return self.skipWaiting();
  }));
});

// a deploy: the pages the older worker kept (not its static files) come into this cache,
// then the old caches go; once this worker runs, the pages are kept again from the server
// with their static files (not awaited: pages open meanwhile)
self.addEventListener("activate", function (event) {
  var pages = [];
  event.waitUntil(Promise.all([box(), caches.keys()]).then(function (both) {
    return Promise.all(both[1].map(function (name) {
      return name !== CACHE && mineToo(name) && caches.open(name).then(function (old) {
        return old.keys().then(function (requests) {
          return Promise.all(requests.map(function (request) {
            var path = new URL(request.url).pathname;
            return ours(path) && both[0].match(path).then(function (hit) {
              if (!hit) pages.push(path);
              return hit || old.match(request).then(function (page) { return both[0].put(path, page); });
            });
          }));
        });
      }).then(function () { return caches.delete(name); });
    }));
  }).then(function () { return self.clients.claim(); }).then(function () {
    box().then(function (cache) { pages.forEach(function (path) { keep(cache, path); }); });
  }));
});

function store(cache, path, response) {
  if (!response.ok || response.redirected || response.type !== "basic") return Promise.resolve("");
  return response.text().then(function (text) {
    var headers = { "Content-Type": response.headers.get("Content-Type"), "X-Kept-At": Date.now() };
    return cache.put(path, new Response(text, { headers: headers })).then(function () { return text; });
  });
}

// a page and the static files it links
function keep(cache, path) {
  return fetch(path).then(function (response) { return store(cache, path, response); }).then(function (text) {
    return Promise.all((text.match(/(href|src)="(\/c\/[a-z0-9-]+)?\/static\/[^"?#]+/g) || []).map(function (link) {
      var url = link.split('"')[1];
      return cache.match(url).then(function (hit) { return hit || cache.add(url); });
    }));
  }).catch(function () {});
}

function kept(path) {
  return box().then(function (cache) { return cache.match(path); }).then(function (hit) {
    return hit && hit.text().then(function (text) {
      return new Response(text.replace("<html", '<html data-offline-at="' + hit.headers.get("X-Kept-At") + '"'),
        { headers: { "Content-Type": "text/html; charset=utf-8" } });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  var path = url.pathname;
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (STATIC.test(path)) {
    return event.respondWith(box().then(function (cache) {
      return cache.match(request).then(function (hit) {
        return hit || fetch(request).then(function (response) {
          if (response.ok) cache.put(request, response.clone());
          return response;
        });
      });
    }));
  }
  if (request.mode !== "navigate") return;
  var mine = ours(path) && !url.search; // a meld check with cards needs the server
  event.respondWith(fetch(request).then(function (response) {
    var copy = mine && response.clone();
    if (copy) event.waitUntil(box().then(function (cache) { return store(cache, path, copy); }));
    return response;
  }, function () {
    return Promise.resolve((mine || /\/hands\/new$/.test(path)) && kept(path)).then(function (hit) {
      return hit || kept(ROOT + "/offline").then(function (other) { return other || Response.error(); });
    });
  }));
});

self.addEventListener("message", function (event) {
  var warm = (event.data && event.data.warm) || [];
  event.waitUntil(box().then(function (cache) {
    return Promise.all(warm.filter(ours).map(function (path) {
      return keep(cache, path);
    }));
  }));
});

self.addEventListener("sync", function (event) {
  if (event.tag !== "scorekeeper-hands") return;
  event.waitUntil(self.HandQueue.flush().then(function (result) {
    return self.clients.matchAll().then(function (pages) {
      pages.forEach(function (page) { page.postMessage({ queue: result }); });
      if (result.state === "later") throw new Error("no connection yet"); // tried again later
    });
  }));
});
