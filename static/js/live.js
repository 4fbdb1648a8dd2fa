// Public live pages (templates/scoring/live/): polling helpers, the hall screen's rotation and
// the table page's redirect. No user-visible strings here: the server renders them.
//
// Polling: elements marked data-live poll a small partial with htmx (hx-trigger "every Ns").
// The server answers 304 Not Modified when nothing changed; the browser then hands htmx the
// cached copy as a 200, so we compare the ETag with the last one seen for that element and
// skip the swap when it is the same (no flicker, focus and scroll stay). A finished match
// answers 286 and htmx stops polling by itself.
(function () {
  "use strict";

  var lastEtag = {};

  function liveElement(event) {
    var elt = event.detail && event.detail.elt;
    if (!elt || !elt.hasAttribute || !elt.hasAttribute("data-live") || !elt.id) {
      return null;
    }
    return elt;
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var elt = liveElement(event);
    var xhr = event.detail.xhr;
    if (!elt || !xhr || xhr.status !== 200) {
      return;
    }
    var etag = xhr.getResponseHeader("ETag");
    if (etag && lastEtag[elt.id] === etag) {
      event.detail.shouldSwap = false;
    }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = liveElement(event);
    var xhr = event.detail.xhr;
    if (!elt || !xhr) {
      return;
    }
    if (xhr.status === 200 || xhr.status === 286) {
      var etag = xhr.getResponseHeader("ETag");
      if (etag) {
        lastEtag[elt.id] = etag;
      }
      // The connection is back: drop the network error shown by app.js.
      var alert = document.querySelector("#messages .alert-danger[role='alert']");
      if (alert) {
        alert.remove();
      }
    }
  });

  // The table page (QR code on the table label) follows the table: when a match is called
  // there, the polled part carries its address and we go to it.
  function followTable(root) {
    var target = (root || document).querySelector("[data-live-redirect]");
    if (target && target.getAttribute("data-live-redirect")) {
      window.location.assign(target.getAttribute("data-live-redirect"));
    }
  }

  document.addEventListener("htmx:afterSettle", function () {
    followTable(document);
  });

  // Hall screen: rotate through the slides for hours without anybody touching it.
  function startHall(root) {
    var stage = document.getElementById("hall-stage");
    var label = root.querySelector("[data-hall-label]");
    var clock = root.querySelector("[data-hall-clock]");
    var slides = Array.prototype.map.call(
      root.querySelectorAll(".hall-slides li[data-url]"),
      function (li) {
        return { url: li.getAttribute("data-url"), label: li.textContent };
      }
    );
    var seconds = parseInt(root.getAttribute("data-hall-seconds"), 10) || 15;
    var index = 0;
    var busy = false;

    function show(i) {
      if (!window.htmx || !stage || busy) {
        return;
      }
      var slide = slides[i];
      busy = true;
      window.htmx
        .ajax("GET", slide.url, { target: stage, swap: "innerHTML" })
        .then(
          function () {
            busy = false;
            if (label) {
              label.textContent = slide.label;
            }
            root.setAttribute("data-hall-index", String(i));
          },
          function () {
            busy = false;
          }
        );
    }

    if (slides.length) {
      window.setInterval(function () {
        index = (index + 1) % slides.length;
        show(index);
      }, seconds * 1000);
    }

    function tick() {
      if (!clock) {
        return;
      }
      var now = new Date();
      // the tournament's time zone and the 24-hour clock of the hall, whatever the browser says
      var options = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
      var zone = clock.getAttribute("data-hall-tz");
      if (zone) {
        options.timeZone = zone;
      }
      try {
        clock.textContent = now.toLocaleTimeString(document.documentElement.lang || undefined,
                                                   options);
      } catch (err) {
        delete options.timeZone;
        clock.textContent = now.toLocaleTimeString(undefined, options);
      }
      clock.setAttribute("datetime", now.toISOString());
    }
    tick();
    window.setInterval(tick, 10000);

    // A fresh page every two hours (new events, new code), but only when the server answers:
    // a projector must never end up on a browser error page.
    var reloadUrl = root.getAttribute("data-hall-reload-url");
    if (reloadUrl && window.fetch) {
      window.setInterval(function () {
        window
          .fetch(reloadUrl, { cache: "no-store", credentials: "same-origin" })
          .then(function (response) {
            if (response.ok) {
              window.location.reload();
            }
          })
          .catch(function () {});
      }, 2 * 60 * 60 * 1000);
    }

    // Keep the screen on where the browser allows it.
    var lock = null;
    function keepAwake() {
      if (navigator.wakeLock && document.visibilityState === "visible" && !lock) {
        navigator.wakeLock
          .request("screen")
          .then(function (sentinel) {
            lock = sentinel;
            lock.addEventListener("release", function () {
              lock = null;
            });
          })
          .catch(function () {});
      }
    }
    keepAwake();
    document.addEventListener("visibilitychange", keepAwake);

    var full = root.querySelector("[data-hall-fullscreen]");
    if (full && document.documentElement.requestFullscreen) {
      full.hidden = false;
      full.addEventListener("click", function () {
        document.documentElement.requestFullscreen().catch(function () {});
      });
    }
  }

  function init() {
    var hall = document.querySelector("[data-hall]");
    if (hall) {
      startHall(hall);
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
