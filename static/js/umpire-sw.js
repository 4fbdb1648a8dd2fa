// The umpire tablet's service worker (served at /umpire-sw.js by scoring/views/umpire/reads.py, so
// its scope covers u/<token>/ and m/<id>/score/). It keeps the scoring page and its static
// files so that the tablet reopens without network; strokes taken meanwhile wait in the
// page's queue (static/js/umpire.js). It also keeps the offline rules engine: Pyodide
// (/static/vendor/pyodide/) and the engine bundle (/umpire-engine/<hash>.zip, named by its
// content), so a page reopened without network still rules on its strokes. Nothing else of
// the site is touched.
"use strict";

var CACHE = "umpire-v1";

// Files that never change under their name: kept once, not fetched again.
function isEngineFile(url) {
  return url.pathname.indexOf("/static/vendor/pyodide/") === 0 ||
    /^\/umpire-engine\/[0-9a-f]+\.zip$/.test(url.pathname);
}

function isScoringPage(url) {
  return /^\/u\/[^/]+\/$/.test(url.pathname) || /^\/m\/\d+\/score\/$/.test(url.pathname);
}

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

// The page sends the URLs it loaded (its own address, scripts, style sheets).
self.addEventListener("message", function (event) {
  var urls = (event.data && event.data.cache) || [];
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      var kept = isEngineFile(new URL(url, self.location.href)) ? cache.match(url)
        : Promise.resolve(null);
      return kept.then(function (found) {
        return found ? null : fetch(url, { credentials: "same-origin" });
      }).then(function (response) {
        if (!response) {
          return null;
        }
        if (response.ok) {
          return cache.put(url, response);
        }
        return null;
      }).catch(function () { return null; });
    }));
  }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") {
    return;
  }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  if (isScoringPage(url) && !request.headers.get("HX-Request")) {
    // network first: the newest page when there is a connection, the kept one without
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    }).catch(function () {
      return caches.match(request, { ignoreSearch: true, ignoreVary: true }).then(function (kept) {
        return kept || Response.error();
      });
    }));
    return;
  }
  if (url.pathname.indexOf("/static/") === 0 || isEngineFile(url)) {
    event.respondWith(caches.match(request, { ignoreVary: true }).then(function (kept) {
      return kept || fetch(request).then(function (response) {
        if (response.ok) {
          var copy = response.clone();
          caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
        }
        return response;
      });
    }));
  }
});
