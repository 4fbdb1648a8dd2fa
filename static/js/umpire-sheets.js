// The umpire tablet's sheets and the site's menu (issue 28).
//
// "More…", "Other decisions…" and "Paper board…" are <details>: their summary keeps its place
// on the pad (a fixed keyboard), and the sheet (.u-sheet) lies over the screen from under the
// top bar down to just above the row of the commit ("Record stroke", or the card's "Start
// board N"), so the commit stays in sight and can be tapped with a sheet open. A sheet closes
// by its "Close" button, its summary, Escape and a tap outside it, and after every decision
// sent from it (the answer draws the screen again; one with an error draws the sheet open).
//
// "Menu" shows the site's header under the top bar, never over its buttons; it closes by the
// same button, Escape and a tap outside it.
(function () {
  "use strict";

  var SHEETS = "#more, #actions, #paper";
  var root = document.documentElement;

  function app() {
    return document.getElementById("umpire-app");
  }

  function visible(el) {
    if (!el) {
      return false;
    }
    var r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  }

  // The commit the sheet leaves in sight: the pad's, or between boards (the pad locked under
  // the card) the card's next step ("Start board N", "Sides changed", the toss's buttons).
  function anchor() {
    var panel = document.getElementById("panel");
    if (panel && panel.classList.contains("is-carded")) {
      var step = panel.querySelector(".u-card .u-card-go");
      if (visible(step)) {
        return step;
      }
    }
    var commit = document.getElementById("commit");
    if (visible(commit)) {
      return commit;
    }
    var go = document.getElementById("card-go");
    return visible(go) ? go : null;
  }

  function topBar() {
    var bar = document.querySelector(".u-screen .u-header");
    return bar ? bar.getBoundingClientRect().bottom : 0;
  }

  // At large text (umpire-text-size.js) the page scrolls: the top bar may have gone up out of
  // sight (the sheet and the menu then start at the screen's top) and the commit may lie
  // above or below the screen (the sheet then takes the screen's whole height).
  function place() {
    var bar = topBar();
    var top = Math.max(4, Math.round(bar + 4));
    var commit = anchor();
    var bottom = 6;
    var right = 8;
    if (commit) {
      var r = commit.getBoundingClientRect();
      if (r.bottom < window.innerHeight / 2) {
        // the card's step over the rulings strip (issue 28): the sheet below it
        top = Math.max(top, Math.round(r.bottom + 6));
      } else if (window.innerWidth > window.innerHeight && r.left > window.innerWidth / 3) {
        // landscape: the sheet stands beside the commit, the screen's whole height
        right = Math.round(window.innerWidth - r.left + 6);
      } else if (r.top > top) { // portrait: above the commit's row, the screen's whole width
        bottom = Math.max(6, Math.round(window.innerHeight - r.top + 6));
      }
    }
    root.style.setProperty("--u-sheet-top", top + "px");
    root.style.setProperty("--u-sheet-right", right + "px");
    root.style.setProperty("--u-sheet-bottom", bottom + "px");
    root.style.setProperty("--u-menu-top", Math.max(0, Math.round(bar)) + "px");
    // a control scrolled to inside a sheet lies below its head (title, "Close"), never under it
    document.querySelectorAll(".u-sheet-head").forEach(function (head) {
      if (head.offsetHeight) {
        head.parentElement.style.scrollPaddingTop = (head.offsetHeight + 4) + "px";
      }
    });
  }

  function openSheets() {
    return Array.prototype.filter.call(document.querySelectorAll(SHEETS),
      function (d) { return d.open; });
  }

  function closeSheets(except) {
    openSheets().forEach(function (d) {
      if (d !== except) {
        d.open = false;
      }
    });
  }

  function menuOpen() {
    return document.body.classList.contains("u-menu-open");
  }

  function setMenu(open) {
    var button = document.getElementById("site-menu");
    place();
    document.body.classList.toggle("u-menu-open", open);
    if (button) {
      button.setAttribute("aria-pressed", open ? "true" : "false");
      button.setAttribute("aria-expanded", open ? "true" : "false");
    }
  }

  // one sheet at a time, placed when it opens
  document.addEventListener("toggle", function (event) {
    var d = event.target;
    if (!d.matches || !d.matches(SHEETS) || !d.open) {
      return;
    }
    var commit = app() && app().classList.contains("u-large-text") ? anchor() : null;
    if (commit) { // the page scrolls at large text: the commit at the screen's foot, in sight
      commit.scrollIntoView({ block: "end", behavior: "instant" });
    }
    place();
    closeSheets(d);
    if (menuOpen()) {
      setMenu(false);
    }
  }, true);

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!target.closest) {
      return;
    }
    if (target.closest("[data-sheet-close]")) {
      var sheet = target.closest("details");
      if (sheet) {
        sheet.open = false;
      }
      return;
    }
    if (target.closest("#site-menu")) {
      setMenu(!menuOpen());
      return;
    }
    if (menuOpen() && !target.closest("body > header")) {
      setMenu(false);
    }
    // a tap outside the open sheet closes it (the tap still does what it does: the commit
    // records the stroke with what the sheet set)
    openSheets().forEach(function (d) {
      if (!d.contains(target)) {
        d.open = false;
      }
    });
  });

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") {
      return;
    }
    if (openSheets().length) {
      closeSheets(null);
      event.preventDefault();
    } else if (menuOpen()) {
      setMenu(false);
      event.preventDefault();
    }
  });

  // a decision sent from a sheet closes it: the answer shows the screen with what it recorded
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    var d = elt && elt.closest && elt.closest(".u-sheet") ? elt.closest("details") : null;
    if (d) {
      d.dataset.sent = "1";
    }
  });
  document.body.addEventListener("htmx:afterSettle", function () {
    document.querySelectorAll(SHEETS).forEach(function (d) {
      if (d.dataset.sent) {
        delete d.dataset.sent;
        d.open = false; // the same element kept by the answer (an error draws a new one open)
      }
    });
    if (openSheets().length) {
      place();
    }
  });

  // --- every ruling of a stroke readable (issue 28): when the strip's fixed height hides
  // some of them, "+N more" says how many and opens the strip over what lies below it (the
  // pad does not move); a second tap, a tap elsewhere or Escape closes it.
  function strip() {
    return document.getElementById("rulings");
  }

  // how many rulings of the strip are not read whole: the bottom of a ruling's last line of
  // words (not its line box, whose leading may reach into the strip's border) below the
  // strip's inner edge
  function hiddenRulings(box) {
    var bottom = box.getBoundingClientRect().top + box.clientTop + box.clientHeight;
    var hidden = 0;
    box.querySelectorAll(".u-ruling-list > li").forEach(function (li) {
      var range = document.createRange();
      range.selectNodeContents(li);
      var lines = range.getClientRects();
      var end = lines.length ? lines[lines.length - 1].bottom : li.getBoundingClientRect().bottom;
      if (end > bottom + 1) { hidden += 1; }
    });
    return hidden;
  }

  function fitStrip() {
    var box = strip();
    var a = app();
    if (!box || !a) {
      return;
    }
    var more = document.getElementById("rulings-more");
    var open = box.classList.contains("is-open");
    var hidden = open ? 0 : hiddenRulings(box);
    if (!hidden && !open) {
      if (more) { more.remove(); }
      return;
    }
    if (!more) {
      more = document.createElement("button");
      more.type = "button";
      more.id = "rulings-more";
      more.className = "btn btn-dark u-rulings-more";
      box.appendChild(more);
      // the words leave room for the button: counted again as they now wrap ("+2 more" was
      // said beside a whole first ruling, counted before the button was there)
      if (!open) { hidden = Math.max(hiddenRulings(box), 1); }
    }
    more.textContent = open ? a.dataset.msgFewerRulings :
      (a.dataset.msgMoreRulings || "+%(n)s").replace("%(n)s", String(hidden));
    more.setAttribute("aria-expanded", open ? "true" : "false");
  }

  function setStrip(open) {
    var box = strip();
    if (box) {
      box.classList.toggle("is-open", open);
      box.scrollTop = 0;
      fitStrip();
    }
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!target.closest) {
      return;
    }
    var box = strip();
    if (target.closest("#rulings-more")) {
      setStrip(!(box && box.classList.contains("is-open")));
    } else if (box && box.classList.contains("is-open") && !target.closest("#rulings")) {
      setStrip(false);
    }
  });
  document.addEventListener("keydown", function (event) {
    var box = strip();
    if (event.key === "Escape" && box && box.classList.contains("is-open")) {
      setStrip(false);
    }
  });
  document.body.addEventListener("htmx:afterSettle", function () {
    window.setTimeout(fitStrip, 0);
  });
  // the offline engine draws the strip too (static/js/umpire.js: drawStrip)
  window.umpireFitStrip = fitStrip;
  window.setTimeout(fitStrip, 0);

  window.addEventListener("resize", place);
  // the page scrolls only at large text: an open sheet or menu follows the commit and the bar
  window.addEventListener("scroll", function () {
    if (openSheets().length || menuOpen()) {
      place();
    }
  }, { passive: true });
  window.addEventListener("resize", fitStrip);
  place();
  if (app()) {
    // the site header's own toggler is not needed on the scoring screen: the menu shows it all
    var nav = document.getElementById("main-menu");
    if (nav) {
      nav.classList.add("u-menu-nav");
    }
  }
})();
