// The round's clock (templates/scoring/partials/round_clock.html): every [data-round-clock]
// counts down from its deadline (data-deadline, ms since 1970) corrected by the server's clock,
// so the tablet, the hall screen and the call-up page show the same remaining time whatever
// the devices' own clocks say. The server's clock is the element's own data-now (the tablet's
// chip, fetched fresh) or else the page's (data-round-clock-server-now on this script's tag,
// rendered into a page that is never kept): the hall's and the call-up page's clocks come in
// htmx regions polled with their ETag (static/js/live.js), and a 304 or a kept answer may bring
// a copy rendered earlier. This file counts down between those polls and polls nothing of them.
// A held clock (data-held: stopped by the organiser) shows its remaining time (data-left).
// The tablet's chip (#round-clock-chip) rides on the tablet's one poll (static/js/umpire.js,
// issue 36): it hands each new chip to window.roundClock.place, and this file polls nothing.
// No user-visible strings here: the server renders them; this file only shows or hides them
// ([data-clock-up], [data-clock-not-up]).
(function () {
  "use strict";

  if (window.roundClock) {
    return; // included twice
  }

  function text(seconds) {
    var total = Math.max(0, Math.ceil(seconds));
    var hours = Math.floor(total / 3600);
    var minutes = Math.floor((total % 3600) / 60);
    var secs = total % 60;
    var ss = (secs < 10 ? "0" : "") + secs;
    if (hours) {
      return hours + ":" + (minutes < 10 ? "0" : "") + minutes + ":" + ss;
    }
    return minutes + ":" + ss;
  }

  // the server's clock minus this device's, measured from a server "now" (ms) when first seen
  function measured(now) {
    now = Number(now);
    return isFinite(now) && now > 0 ? now - Date.now() : 0;
  }

  var pageOffset = null;

  // ms since the page's answer arrived (its "now" was rendered just before): the page is read
  // a moment after; 0 when the browser cannot say (or says something implausible)
  function sinceResponse() {
    var nav = window.performance && performance.getEntriesByType &&
      performance.getEntriesByType("navigation")[0];
    var since = nav ? performance.now() - nav.responseStart : 0;
    return since > 0 && since < 10000 ? since : 0;
  }

  function offset(el) {
    if (el.roundClockOffset === undefined) {
      if (el.hasAttribute("data-now")) {
        el.roundClockOffset = measured(el.getAttribute("data-now"));
      } else {
        if (pageOffset === null) {
          var page = document.querySelector("[data-round-clock-server-now]");
          pageOffset = page ? measured(page.getAttribute("data-round-clock-server-now")) +
            sinceResponse() : 0;
        }
        el.roundClockOffset = pageOffset;
      }
    }
    return el.roundClockOffset;
  }

  function left(el) {
    if (el.hasAttribute("data-held") || !el.getAttribute("data-deadline")) {
      return Number(el.getAttribute("data-left") || 0);
    }
    var deadline = Number(el.getAttribute("data-deadline"));
    return (deadline - (Date.now() + offset(el))) / 1000;
  }

  // The phase as the server decided it (scoring/round_clock.py): the one it was rendered in
  // (data-phase-now), then each coming change (data-phases, "ms:phase,…") once the server's
  // clock has reached it. Nothing is decided here (issue 36).
  function phaseOf(el) {
    var phase = el.getAttribute("data-phase-now") || "running";
    var now = Date.now() + offset(el);
    (el.getAttribute("data-phases") || "").split(",").forEach(function (change) {
      var at = change.indexOf(":");
      if (at > 0 && now >= Number(change.slice(0, at))) {
        phase = change.slice(at + 1);
      }
    });
    return phase;
  }

  function show(box, phase) {
    if (box.getAttribute("data-phase") === phase) {
      return;
    }
    box.setAttribute("data-phase", phase);
    var up = phase === "up";
    box.querySelectorAll("[data-clock-up]").forEach(function (el) { el.hidden = !up; });
    box.querySelectorAll("[data-clock-not-up]").forEach(function (el) { el.hidden = up; });
  }

  function tick() {
    document.querySelectorAll("[data-round-clock]").forEach(function (el) {
      var seconds = left(el);
      var face = el.querySelector("[data-round-clock-time]");
      var shown = text(seconds);
      if (face && face.textContent !== shown) {
        face.textContent = shown;
      }
      var box = el.closest("[data-round-clock-box]");
      if (box) {
        show(box, phaseOf(el));
      }
    });
  }

  // --- the tablet's chip, brought by the tablet's one poll (static/js/umpire.js) ------------

  // ``html``: the chip as the server drew it (views/umpire/reads.py: state); false when it
  // is not the chip (then the poll asks for it again)
  function place(html) {
    var box = document.getElementById("round-clock-chip");
    var holder = document.createElement("template");
    holder.innerHTML = String(html || "").trim();
    var fresh = holder.content.firstElementChild;
    if (!box || !fresh || fresh.id !== box.id) {
      return false;
    }
    box.replaceWith(fresh);
    if (window.htmx) {
      window.htmx.process(fresh);
    }
    tick();
    return true;
  }
  window.roundClock = { place: place };

  function start() {
    offset(document.createElement("span")); // the page's offset, while its "now" is fresh
    tick();
    window.setInterval(tick, 250);
  }

  // htmx answers (the polled regions, the organiser's buttons) bring new countdowns: show
  // them at once
  document.addEventListener("htmx:afterSwap", tick);

  // the tablet's "Time is up" chip opens the "Other decisions" sheet at the time-up form
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("[data-open-time-up]");
    if (!link) {
      return;
    }
    var target = document.getElementById("time-up");
    if (!target) {
      return;
    }
    event.preventDefault();
    var sheet = target.closest("details");
    if (sheet) {
      sheet.open = true;
    }
    target.scrollIntoView({block: "start"});
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
