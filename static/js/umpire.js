// The umpire tablet (templates/scoring/umpire/match.html), the last of its scripts: the
// writes through htmx, the tablets in step, the card between boards, the screen. No inline
// scripts (strict CSP); user-visible texts come, translated, from data attributes rendered by
// the server. Its other scripts, by concern (issue 36, each under 500 lines), loaded before
// it: umpire-core.js (settings, kept data, keys, the banner), umpire-queue.js (strokes and
// steps kept through a Wi-Fi loss), umpire-offline-screen.js and umpire-offline.js (the rules
// engine in the browser and the screen it draws), and beside them umpire-clock.js (the stroke
// clock), umpire-pad.js (the pad), umpire-sheets.js (the sheets and the menu).
//
// - htmx swaps the answers 409 (someone else recorded: the reloaded state), 422 (refused:
//   nothing changed) and 423 (locked) like successes; 403 and 5xx show a banner. A write
//   while items are kept goes to the queue (a stroke, a step between boards).
// - A service worker (/umpire-sw.js) keeps the page and its static files for a reopening
//   without network; the last screen is kept too and shown again.
// - The tablet's one poll (304 while unchanged) brings the match's revision, and the panel is
//   fetched when another tablet recorded, and the round clock's chip (static/js/round-clock.js).
// - Between boards one card holds the pad until the umpire goes on ("Sides changed": the
//   side panels then turn to match the seats); the interval (IT 102) counts down first.
// - The 15-second stroke clock (ICF 50) starts at "Play" (ICF 46), restarts after every
//   stroke (not after an undo), pauses only for the stroke in hand, signals at 0.
// - Full screen and the Screen Wake Lock where the browser has them.
(function () {
  "use strict";

  var U = window.umpireTablet;
  if (!U) {
    return;
  }
  // what this module takes from umpire-core.js (window.umpireTablet), read once
  var {
    app, msg, SCREEN_KEY, RETRY_EVERY_MS, POLL_EVERY_MS, answered, fieldsOf, hideBanner, isStroke,
    isWrite, load, offline, origin, panel, panelRevision, setField, showBanner, store, strokeClock,
    unanswered, queue, net,
  } = U;
  var drawQueue = U.late("drawQueue");
  var enqueue = U.late("enqueue");
  var enqueueStep = U.late("enqueueStep");
  var flush = U.late("flush");
  var isStep = U.late("isStep");
  var refresh = U.late("refresh");
  var said = U.late("said");
  var saveQueue = U.late("saveQueue");
  var showRefused = U.late("showRefused");
  var stepUrl = U.late("stepUrl");
  var engineData = U.late("engineData");
  var mergeEngineStep = U.late("mergeEngineStep");
  var startEngine = U.late("startEngine");
  var wantEngine = U.late("wantEngine");

  // --- writes through htmx: one at a time; strokes go to the queue when it is not empty ----

  var lastWrite = "";

  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (!isWrite(elt)) {
      return;
    }
    if (net.inFlight || net.sending) {
      event.preventDefault();
      return;
    }
    if (queue.length || offline()) {
      event.preventDefault();
      if (isStep(elt)) { // the server's card: its step is kept like a stroke (issue 28)
        var fields = fieldsOf(elt);
        var toss = document.activeElement;
        if (toss && toss.name === "breaker" && elt.contains(toss)) {
          setField(fields, "breaker", toss.value); // the extra board's toss (ICF 56(b))
        }
        var said = toss && toss.name === "breaker" ? toss : elt.querySelector("#card-go");
        enqueueStep(fields, stepUrl(elt), said ? said.textContent.trim() : "");
        showBanner(offline() ? "offline" : "retrying");
        flush();
      } else if (isStroke(elt)) {
        enqueue(elt, false);
        if (queue[0].state !== "refused") {
          showBanner(offline() ? "offline" : "retrying");
        }
        flush();
      } else if (elt.classList.contains("u-undo-form") && queue.length &&
                 queue[queue.length - 1].state !== "refused") {
        // the newest kept stroke is taken back before it is sent; after a step between
        // boards, the step with the stroke that ended the board, as the server's undo
        if (queue.pop().kind === "step" && queue.length) { queue.pop(); }
        saveQueue();
        drawQueue();
      } else {
        showBanner("offline");
      }
      return;
    }
    net.inFlight = elt;
    lastWrite = elt.classList.contains("u-undo-form") ? "undo" : "write";
    app.classList.add("is-busy");
  });

  document.body.addEventListener("htmx:afterRequest", function (event) {
    var elt = origin(event);
    if (!isWrite(elt)) {
      return;
    }
    net.inFlight = null;
    app.classList.remove("is-busy");
    var xhr = event.detail.xhr;
    if (xhr && xhr.status > 0) {
      answered();
    }
    if (xhr && xhr.status > 0 && xhr.status < 500 && xhr.status !== 403) {
      if (!queue.length) { hideBanner(); }
    }
  });

  function lost(event) {
    var elt = event.detail.elt;
    if (!isWrite(elt)) {
      return;
    }
    event.stopPropagation(); // our banner, not the site-wide message
    net.inFlight = null;
    app.classList.remove("is-busy");
    if (isStroke(elt)) {
      enqueue(elt, true); // maybe recorded: sent again with the same key
    }
    unanswered();
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
    showBanner(status === 403 ? "forbidden" : "server");
  });

  window.addEventListener("online", function () {
    answered();
    flush();
  });
  // files the network cut short while they were being kept are asked for again (the service
  // worker skips the engine's files it already holds)
  window.addEventListener("online", function () {
    var data = engineData();
    if (window.UmpireEngine && data) { window.UmpireEngine.prefetch(data); }
  });
  window.addEventListener("offline", function () {
    wantEngine();
    if (queue.length) {
      showBanner("offline");
    }
  });
  window.setInterval(flush, RETRY_EVERY_MS);

  // --- the one poll (issue 36): the revision and the round clock's chip, 304 while unchanged -

  var etag = "";

  function poll() {
    if (!msg.stateUrl || document.visibilityState !== "visible" || net.inFlight || net.sending ||
        queue.length || navigator.onLine === false) {
      return;
    }
    var headers = etag ? { "If-None-Match": etag } : {};
    window.fetch(msg.stateUrl, { headers: headers, cache: "no-store",
                                 credentials: "same-origin" }).then(function (response) {
      answered();
      if (response.status !== 200) {
        return null;
      }
      var tag = response.headers.get("ETag") || "";
      return response.json().then(function (data) { return { tag: tag, data: data }; });
    }, function () {
      unanswered(); // no answer: the engine rules on the strokes from now on
      return null;
    }).then(function (answer) {
      if (!answer || !answer.data) {
        return;
      }
      var data = answer.data;
      // the chip in its place (static/js/round-clock.js); until it is, the next poll asks
      // for it again (no ETag kept)
      var placed = window.roundClock && window.roundClock.place(data.clock);
      etag = placed ? answer.tag : "";
      if (data.revision !== panelRevision() && !net.inFlight && !queue.length) {
        refresh();
      }
    }).catch(function () {});
  }
  window.setInterval(poll, POLL_EVERY_MS);
  // at once when the page is read: the chip (and a page the service worker kept is followed)
  document.addEventListener("DOMContentLoaded", poll);

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && !queue.length && !net.inFlight) {
      refresh();
    }
  });

  // --- between boards: the card, the side change, the interval -----------------------------

  // "Sides changed" / "Start board N" and the organiser's end of the interval are writes
  // kept on the server (services/board_steps.py): the answer shows the pad again and the
  // side panels turned to match the seats.

  function applySteps() {
    drawInterval();
  }

  document.body.addEventListener("click", function (event) {
    var target = event.target.closest ? event.target : null;
    if (target && target.closest("#card-go, #toss-break button")) {
      strokeClock().idle(); // the next board's clock waits for "Play" (ICF 46)
    }
    // the card of a board ended offline (static/js/umpire-offline-screen.js): its step is
    // kept with the strokes, and the engine starts the next board from it
    var go = target && target.closest("#board-over-card #card-go");
    if (go && go.dataset.step && !go.disabled) {
      go.disabled = true;
      enqueueStep([["step", go.dataset.step]], stepUrl(null), go.textContent.trim());
      flush();
    }
  });

  function drawInterval() {
    var box = document.getElementById("interval");
    if (!box) {
      return;
    }
    var end = Date.parse(box.dataset.intervalEnd);
    var left = Math.max(0, Math.round((end - Date.now()) / 1000));
    if (box.dataset.ended === "1") {
      left = 0; // an organiser ended it (IT 102)
    }
    var minutes = Math.floor(left / 60);
    var secs = left % 60;
    var out = document.getElementById("interval-time");
    if (out) {
      out.textContent = minutes + ":" + (secs < 10 ? "0" : "") + secs;
    }
    box.classList.toggle("is-over", left === 0);
    var go = document.getElementById("card-go");
    if (go) {
      go.disabled = left > 0; // the next board waits for the end of the interval
    }
  }
  window.setInterval(drawInterval, 1000);

  // --- the 15-second stroke clock (ICF 50): static/js/umpire-clock.js --------------------

  function syncWithPanel() {
    strokeClock().sync(panel(), lastWrite === "undo");
    lastWrite = "";
  }

  // --- the screen: full screen, the site's menu, the last screen kept -----------------------

  var modeButton = document.getElementById("screen-mode");
  if (modeButton) {
    modeButton.hidden = !document.documentElement.requestFullscreen;
    modeButton.addEventListener("click", function () {
      if (document.fullscreenElement) {
        document.exitFullscreen().catch(function () {});
      } else {
        document.documentElement.requestFullscreen().catch(function () {});
      }
    });
    document.addEventListener("fullscreenchange", function () {
      var on = !!document.fullscreenElement;
      modeButton.textContent = on ? modeButton.dataset.labelOff : modeButton.dataset.labelOn;
      modeButton.setAttribute("aria-pressed", on ? "true" : "false");
    });
  }
  // "Menu": static/js/umpire-sheets.js (under the top bar; closes by a tap outside, Escape)

  function keepScreen() {
    var p = panel();
    if (p && !queue.length) {
      store(SCREEN_KEY, { revision: panelRevision(), html: keptHtml() });
    }
  }

  // The screen as kept: the round clock's chip keeps how far the server's clock is from the
  // tablet's (data-offset, ms), not the server's "now" of its poll, which would be stale when
  // the screen is reopened later (issue 28): reopened, it counts from the tablet's own time.
  function keptHtml() {
    var live = app.querySelectorAll("[data-round-clock][data-now]");
    var copy = app.cloneNode(true);
    copy.querySelectorAll("[data-round-clock][data-now]").forEach(function (el, i) {
      var off = live[i] && live[i].roundClockOffset !== undefined ? live[i].roundClockOffset :
        Number(el.getAttribute("data-now")) - Date.now();
      el.removeAttribute("data-now");
      el.setAttribute("data-offset", String(Math.round(off || 0)));
    });
    return copy.innerHTML;
  }

  // reopened without network (the service worker's kept page): show the last screen seen,
  // the round clock's "now" being the tablet's time corrected by the offset it measured
  var kept = load(SCREEN_KEY, null);
  if (kept && offline() && kept.revision > panelRevision()) {
    app.innerHTML = kept.html;
    app.querySelectorAll("[data-round-clock]").forEach(function (el) {
      var off = Number(el.getAttribute("data-offset"));
      el.removeAttribute("data-offset");
      if (isFinite(off) && el.hasAttribute("data-deadline")) {
        el.setAttribute("data-now", String(Date.now() + off));
      }
    });
    window.htmx.process(app);
  }

  // --- a stroke's answer holds only the regions that changed (templatetags/umpire_regions.py) -
  // The tablet sends the fingerprints of the regions it shows; the server leaves out (or
  // marks hx-preserve) those that are the same. Kept forms then get the new keys here, and a
  // new pad starts from what the server drew.

  document.body.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    if (!app.contains(elt) && elt !== document.body) {
      return;
    }
    // the kept forms carry this screen's keys even if the answer has not settled yet
    syncKeys();
    var p = panel();
    var params = event.detail.parameters;
    if (p && p.contains(elt) && isWrite(elt) && !queue.length && p.dataset.clientId) {
      if (params.client_id !== undefined) { params.client_id = p.dataset.clientId; }
      if (params.revision !== undefined) { params.revision = p.dataset.revision; }
      if (params.by !== undefined && p.dataset.by && params.preset !== undefined) {
        params.by = p.dataset.by;
      }
    }
    var changed = queue.length || document.getElementById("offline-by");
    var known = [];
    app.querySelectorAll("[data-h][id]").forEach(function (region) {
      var name = region.id;
      // strokes kept while offline rewrote who plays in the panel's forms (drawQueue): those
      // regions come again
      if (!(changed && ["facts", "quick", "actions-box"].indexOf(name) >= 0)) {
        known.push(name + ":" + region.dataset.h);
      }
    });
    event.detail.headers["X-Umpire-Regions"] = known.join(",");
    var warnings = document.getElementById("warnings");
    if (warnings) { // the newest warning shown (ICF 50): the answer sends them when newer
      event.detail.headers["X-Umpire-Warnings"] = warnings.dataset.mark || "";
    }
  });

  function syncKeys() {
    var p = panel();
    if (!p || !p.dataset.clientId) {
      return;
    }
    app.querySelectorAll("input[name=client_id]").forEach(function (input) {
      input.value = p.dataset.clientId;
    });
    app.querySelectorAll("input[name=revision]").forEach(function (input) {
      input.value = p.dataset.revision;
    });
    if (!queue.length && p.dataset.by) {
      p.querySelectorAll("#quick input[name=by], #pad > input[name=by]").forEach(
        function (input) { input.value = p.dataset.by; });
    }
  }

  function freshKeys() {
    syncKeys();
    var pad = document.getElementById("pad");
    if (pad && !pad.dataset.fresh) {
      pad.dataset.fresh = "1";
      pad.reset(); // kept rows show again what the server drew (nothing chosen)
      var more = document.getElementById("more");
      if (more) {
        more.open = more.dataset.open === "1";
      }
    }
  }

  function settle() {
    mergeEngineStep();
    startEngine();
    freshKeys();
    applySteps();
    syncWithPanel();
    drawQueue();
    keepScreen();
  }

  document.body.addEventListener("htmx:afterSwap", freshKeys);
  document.body.addEventListener("htmx:oobAfterSwap", freshKeys);
  document.body.addEventListener("htmx:afterSettle", settle);
  settle();
  saveQueue();
  if (queue.length) {
    if (queue[0].state === "refused") {
      showRefused(queue[0]);
    } else {
      showBanner(offline() ? "offline" : "retrying");
      flush();
    }
  }

  if ("serviceWorker" in navigator && msg.swUrl) {
    navigator.serviceWorker.register(msg.swUrl, { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      var urls = [location.href];
      document.querySelectorAll("script[src], link[rel=stylesheet][href], link[rel=icon]")
        .forEach(function (el) { urls.push(el.src || el.href); });
      if (registration.active) {
        registration.active.postMessage({ cache: urls });
      }
    }).catch(function () {});
  }

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
