// The umpire tablet (templates/scoring/umpire/match.html). No inline scripts (strict CSP):
// everything the page does in the browser is here. User-visible texts come, translated, from
// data attributes rendered by the server.
//
// - htmx swaps the answers 409 (someone else recorded: the reloaded state), 422 (refused:
//   nothing changed) and 423 (locked) like successes; 403 and 5xx show a banner.
// - A write that gets no answer (offline, timeout) is kept: the panel is frozen, a banner says
//   so plainly, and the same form (the same client_id) is sent again when the connection is
//   back (the online event, and every few seconds). The server records a retried request once.
// - The 15-second stroke clock (ICF 50) restarts whenever the revision changes; it can be
//   paused. The interval timer counts down to the start of the deciding game.
// - The Screen Wake Lock keeps the tablet awake where the browser has it; coming back from
//   sleep, the panel is fetched again (another device may have recorded meanwhile).
(function () {
  "use strict";

  var app = document.getElementById("umpire-app");
  if (!app || !window.htmx) {
    return;
  }

  window.htmx.config.timeout = 10000;
  window.htmx.config.responseHandling = [
    { code: "204", swap: false },
    { code: "[23]..", swap: true },
    { code: "409", swap: true, error: false },
    { code: "422", swap: true, error: false },
    { code: "423", swap: true, error: false },
    { code: "[45]..", swap: false, error: true },
  ];

  // --- writes: double taps, progress, offline ---------------------------------------------

  var RETRY_EVERY_MS = 3000;
  var pending = null; // the form whose request got no answer; sent again with the same key
  var inFlight = null;

  function isWrite(elt) {
    return elt && elt.hasAttribute && elt.hasAttribute("data-write");
  }

  // The element that issued a request. After a swap that removed it, htmx re-sends
  // htmx:afterRequest from an ancestor still in the page, with that ancestor as detail.elt.
  function origin(event) {
    var config = event.detail.requestConfig;
    return (config && config.elt) || event.detail.elt;
  }

  var banner = document.getElementById("net-banner");
  var bannerText = document.getElementById("net-banner-text");
  var bannerRetry = document.getElementById("net-banner-retry");
  var bannerReload = document.getElementById("net-banner-reload");

  function showBanner(kind) {
    if (!banner) {
      return;
    }
    var key = "msg" + kind.charAt(0).toUpperCase() + kind.slice(1);
    bannerText.textContent = app.dataset[key] || "";
    banner.dataset.kind = kind;
    banner.hidden = false;
    bannerRetry.hidden = kind !== "offline" && kind !== "server";
    bannerReload.hidden = kind !== "forbidden";
  }

  function hideBanner() {
    if (banner) {
      banner.hidden = true;
      delete banner.dataset.kind;
    }
  }

  function setPending(form) {
    pending = form;
    app.classList.toggle("is-pending", !!form);
    app.setAttribute("aria-busy", form ? "true" : "false");
  }

  function retry() {
    if (!pending || inFlight) {
      return;
    }
    if (!document.body.contains(pending)) {
      setPending(null);
      return;
    }
    if (navigator.onLine === false) {
      return;
    }
    showBanner("retrying");
    window.htmx.trigger(pending, "submit");
  }

  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (!isWrite(elt)) {
      return;
    }
    if (inFlight || (pending && elt !== pending)) {
      // One write at a time; a kept stroke goes first (it may already be recorded).
      event.preventDefault();
      return;
    }
    inFlight = elt;
    app.classList.add("is-busy");
  });

  document.body.addEventListener("htmx:afterRequest", function (event) {
    var elt = origin(event);
    if (!isWrite(elt)) {
      return;
    }
    inFlight = null;
    app.classList.remove("is-busy");
    var xhr = event.detail.xhr;
    var answered = xhr && xhr.status > 0;
    if (answered) {
      setPending(null);
      if (xhr.status < 500 && xhr.status !== 403) {
        hideBanner();
      }
    }
  });

  function lost(event) {
    var elt = event.detail.elt;
    if (!isWrite(elt)) {
      return;
    }
    event.stopPropagation(); // our banner, not the site-wide message
    setPending(elt);
    showBanner("offline");
  }

  document.body.addEventListener("htmx:sendError", lost);
  document.body.addEventListener("htmx:timeout", lost);

  document.body.addEventListener("htmx:responseError", function (event) {
    var elt = event.detail.elt;
    if (!app.contains(elt) && !isWrite(elt)) {
      return;
    }
    event.stopPropagation();
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (status === 403) {
      showBanner("forbidden");
    } else {
      if (isWrite(elt)) {
        setPending(elt); // nothing was recorded by a failed request: safe to send again
      }
      showBanner("server");
    }
  });

  if (bannerRetry) {
    bannerRetry.addEventListener("click", retry);
  }
  window.addEventListener("online", retry);
  window.addEventListener("offline", function () {
    if (pending) {
      showBanner("offline");
    }
  });
  window.setInterval(retry, RETRY_EVERY_MS);

  // --- back from sleep: show what other devices recorded meanwhile --------------------------

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible" || pending || inFlight) {
      return;
    }
    var panel = document.getElementById("panel");
    if (app.dataset.panelUrl && panel) {
      window.htmx.ajax("GET", app.dataset.panelUrl, { target: "#panel", swap: "outerHTML" });
    }
  });

  // --- the 15-second stroke clock (ICF 50): on screen only, no effect on the record --------

  var clock = document.getElementById("stroke-clock");
  var clockTime = document.getElementById("stroke-clock-time");
  var clockToggle = document.getElementById("stroke-clock-toggle");
  var clockRestart = document.getElementById("stroke-clock-restart");
  var seconds = clock ? parseInt(clock.dataset.seconds, 10) || 15 : 15;
  var remaining = seconds;
  var paused = false;
  var revisionSeen = null;

  function drawClock() {
    if (!clock) {
      return;
    }
    clockTime.textContent = String(remaining);
    clock.classList.toggle("is-low", remaining <= 5 && remaining > 0);
    clock.classList.toggle("is-over", remaining <= 0);
    clock.classList.toggle("is-paused", paused);
    clockToggle.textContent = paused ? clock.dataset.labelResume : clock.dataset.labelPause;
    clockToggle.setAttribute("aria-pressed", paused ? "true" : "false");
  }

  function restartClock() {
    remaining = seconds;
    drawClock();
  }

  function syncWithPanel() {
    var panel = document.getElementById("panel");
    if (!panel || !clock) {
      return;
    }
    clock.hidden = panel.dataset.clock !== "run";
    if (panel.dataset.revision !== revisionSeen) {
      revisionSeen = panel.dataset.revision;
      restartClock();
    }
    drawInterval();
  }

  if (clock) {
    clockToggle.addEventListener("click", function () {
      paused = !paused;
      drawClock();
    });
    clockRestart.addEventListener("click", restartClock);
    window.setInterval(function () {
      if (!paused && !clock.hidden && remaining > 0) {
        remaining -= 1;
        drawClock();
      }
    }, 1000);
  }

  // --- the interval before the deciding game (IT 102) ---------------------------------------

  function drawInterval() {
    var box = document.getElementById("interval");
    if (!box) {
      return;
    }
    var end = Date.parse(box.dataset.intervalEnd);
    var left = Math.max(0, Math.round((end - Date.now()) / 1000));
    var minutes = Math.floor(left / 60);
    var secs = left % 60;
    var out = document.getElementById("interval-time");
    if (out) {
      out.textContent = minutes + ":" + (secs < 10 ? "0" : "") + secs;
    }
    box.classList.toggle("is-over", left === 0);
  }
  window.setInterval(drawInterval, 1000);

  document.body.addEventListener("htmx:afterSettle", syncWithPanel);
  syncWithPanel();

  // --- keep the screen awake ----------------------------------------------------------------

  var wakeLock = null;

  function keepAwake() {
    if (wakeLock || !("wakeLock" in navigator) || document.visibilityState !== "visible") {
      return;
    }
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
      app.dataset.wakeLock = "on";
      lock.addEventListener("release", function () {
        wakeLock = null;
        delete app.dataset.wakeLock;
      });
    }).catch(function () {
      // Not allowed yet (needs a user gesture in some browsers): try again on the next tap.
    });
  }

  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("pointerdown", keepAwake);
  keepAwake();
})();
