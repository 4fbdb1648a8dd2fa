// The umpire tablet's quick modifiers (templates/scoring/umpire/_combos.html): one tap sets
// on the pad what goes together in a stroke, and the pad's own rows (the counts 0-9, the
// toggles, the counts off the board under "More…") show what it set, so the pad posts the
// same fields as if each had been tapped (scoring/pad.py reads them, online and offline).
//   Queen + own        the queen and one own carromman (ICF 97(a): covered in one stroke)
//   Striker in a foul  the striker pocketed and the foul (ruling 7: two penalty carrommen)
//   White/Black off the board  one carromman of it off the board (ICF 65)
// A second tap takes it back. The worst realistic stroke (queen, own, opponent's, striker,
// foul, a piece off the board) is "Queen + own", the opponent's count "1", "Striker in a
// foul", "White/Black off the board" and "Record stroke" (tests/e2e/test_tablet_taps.py).
(function () {
  "use strict";

  function pad() {
    return document.getElementById("pad");
  }

  function onTurn(form) {
    var by = form.querySelector(":scope > input[name=by]");
    return by ? by.value : "";
  }

  function count(form, name) {
    var chosen = form.querySelector('input.u-seg-input[name="' + name + '"]:checked');
    return chosen ? parseInt(chosen.value, 10) || 0 : 0;
  }

  function setCount(form, name, n) {
    var input = form.querySelector('input.u-seg-input[name="' + name + '"][value="' + n + '"]');
    if (!input || input.disabled) {
      return false;
    }
    input.checked = true;
    input.dispatchEvent(new Event("change", { bubbles: true }));
    return true;
  }

  function flag(form, name) {
    return form.querySelector('input[type=checkbox][name="' + name + '"]');
  }

  function setFlag(form, name, on) {
    var box = flag(form, name);
    if (box && box.checked !== on) {
      box.checked = on;
      box.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }

  function offCombo(name) {
    return {
      on: function (form) { return count(form, name) > 0; },
      set: function (form, on) {
        if (!on) {
          setCount(form, name, 0);
        } else if (count(form, name) === 0) {
          setCount(form, name, 1);
        }
      }
    };
  }

  var COMBOS = {
    "queen-own": {
      on: function (form) {
        var queen = flag(form, "queen");
        return !!queen && queen.checked && count(form, onTurn(form)) > 0;
      },
      set: function (form, on) {
        var own = onTurn(form);
        setFlag(form, "queen", on);
        if (!on) {
          setCount(form, own, 0);
        } else if (count(form, own) === 0) {
          setCount(form, own, 1);
        }
      }
    },
    "striker-foul": {
      on: function (form) {
        var striker = flag(form, "striker");
        var foul = flag(form, "foul");
        return !!striker && !!foul && striker.checked && foul.checked;
      },
      set: function (form, on) {
        setFlag(form, "striker", on);
        setFlag(form, "foul", on);
      }
    },
    "off-white": offCombo("off_white"),
    "off-black": offCombo("off_black")
  };

  // --- a fixed keyboard (issue 28): what does not apply now is disabled in its place -------

  function applies(el, panel) {
    var list = el.classList;
    if (list.contains("u-when-unbroken")) { return panel.dataset.break !== "1"; }
    if (list.contains("u-when-broken")) { return panel.dataset.break !== "0"; }
    if (list.contains("u-when-queen")) { return panel.dataset.queen === "on_board"; }
    return true;
  }

  // Anything set on the pad: a count above 0, a toggle ticked.
  function holds(form) {
    if (form.querySelector("input.u-seg-input:checked:not([value=\"0\"])")) {
      return true;
    }
    return !!form.querySelector("input[type=checkbox]:checked");
  }

  function fit() {
    var panel = document.getElementById("panel");
    var form = pad();
    if (!panel) {
      return;
    }
    // offline, at the board's end as the engine says: the pad stays locked (static/js/umpire.js)
    var locked = panel.classList.contains("is-over-offline");
    // between boards the pad stays in its place under the server's card, locked until the
    // next step (issue 28); what this locked is given back first, then fitted again below
    var released = panel.querySelectorAll("[data-held-off]");
    released.forEach(function (el) {
      if (el.tagName === "SUMMARY") {
        el.removeAttribute("aria-disabled");
        el.removeAttribute("tabindex");
      } else {
        el.disabled = false;
      }
      delete el.dataset.heldOff;
    });
    // given back, the counts offer again no more than is on the board (umpire-queue.js)
    var tablet = window.umpireTablet;
    if (released.length && tablet && tablet.limitPad) {
      tablet.limitPad();
    }
    // "a card holds the pad", the one class the sheets (umpire-sheets.js) and the CSS read
    var held = panel.classList.contains("is-held") || locked;
    panel.classList.toggle("is-carded", held);
    panel.querySelectorAll("input.u-toggle-input[class*=u-when-], button.u-combo[class*=u-when-]")
      .forEach(function (el) {
        var on = applies(el, panel) && !locked;
        if (!on && el.checked) {
          el.checked = false; // a toggle that no longer applies is not sent
        }
        el.disabled = !on;
      });
    var full = !!form && holds(form);
    panel.querySelectorAll("#quick .u-quick-form").forEach(function (quick) {
      var button = quick.querySelector("button");
      if (button) {
        // one tap records a whole stroke: never while the pad holds another (issue 28)
        button.disabled = !applies(quick, panel) || button.hasAttribute("data-none") || full ||
          locked;
      }
    });
    // buttons the server drew disabled stay so after a request (htmx re-enables the button
    // of the form it sent, and a region kept as it was is the same element)
    panel.querySelectorAll("button[data-off]").forEach(function (button) {
      button.disabled = true;
    });
    var clear = document.getElementById("pad-clear");
    if (clear) {
      clear.disabled = !full;
    }
    // the line that says so, in the panel's message row (its words are the page's: a
    // stroke's answer does not carry them)
    var hint = document.getElementById("pad-hint");
    var row = panel.querySelector(".u-msg");
    var app = document.getElementById("umpire-app");
    if (!hint && row && app && app.dataset.msgPadHint) {
      hint = document.createElement("p");
      hint.className = "u-pad-hint";
      hint.id = "pad-hint";
      hint.setAttribute("role", "status");
      hint.textContent = app.dataset.msgPadHint;
      row.appendChild(hint);
    }
    if (hint) {
      hint.hidden = !full || !document.getElementById("quick") ||
        !!panel.querySelector(".u-msg .u-alert");
    }
    fitCard(panel);
    if (held) {
      panel.querySelectorAll("#play-area button, #play-area input:not([type=hidden]), " +
                             "#play-area select").forEach(function (el) {
        if (!el.disabled) {
          el.disabled = true;
          el.dataset.heldOff = "1";
        }
      });
      // "More…" opens no sheet under the card (a summary has no disabled state)
      panel.querySelectorAll("#play-area summary:not([data-held-off])").forEach(function (el) {
        el.setAttribute("aria-disabled", "true");
        el.setAttribute("tabindex", "-1");
        el.dataset.heldOff = "1";
        var sheet = el.parentElement;
        if (sheet && sheet.open) { sheet.open = false; }
      });
    }
  }

  // The card between boards lies over the strip (umpire-screen.css): it ends above the foot
  // it would otherwise cover (upright) and above the screen's edge or the connection banner;
  // a taller card scrolls inside, its next step first (issue 28).
  function fitCard(panel) {
    var card = panel.querySelector(":scope > .u-card");
    var app = document.getElementById("umpire-app");
    if (card && app && app.classList.contains("u-large-text")) {
      // large text: one column that scrolls, the card after the foot; shown once in sight
      card.style.maxHeight = "";
      if (!card.dataset.seen && card.getClientRects().length) {
        card.dataset.seen = "1";
        card.scrollIntoView({ block: "nearest", behavior: "instant" });
      }
      return;
    }
    if (!card) {
      return;
    }
    var box = card.getBoundingClientRect();
    if (!box.height) {
      return;
    }
    var limit = window.innerHeight - 6;
    var foot = panel.querySelector(".u-foot");
    if (foot) { // where the phone's banner lies above the foot (umpire-screen.css)
      document.documentElement.style.setProperty("--u-foot-room",
        Math.max(6, Math.round(window.innerHeight - foot.getBoundingClientRect().top + 4)) + "px");
    }
    var below = [foot];
    var banner = document.getElementById("net-banner");
    if (banner && !banner.hidden) { below.push(banner); }
    below.forEach(function (el) {
      var r = el && el.getBoundingClientRect();
      // what lies below the card's top in its column
      if (r && r.height && r.top > box.top && r.left < box.right && r.right > box.left) {
        limit = Math.min(limit, r.top - 6);
      }
    });
    card.style.maxHeight = Math.max(120, Math.floor(limit - box.top)) + "px";
  }

  function draw() {
    var form = pad();
    fit();
    if (!form) {
      return;
    }
    form.querySelectorAll("[data-combo]").forEach(function (button) {
      var combo = COMBOS[button.dataset.combo];
      button.setAttribute("aria-pressed", combo && combo.on(form) ? "true" : "false");
    });
  }
  window.umpirePadFit = fit;

  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#pad-clear")) {
      pad().reset(); // the pad as the server drew it: nothing set
      return;
    }
    var button = event.target.closest ? event.target.closest("[data-combo]") : null;
    var form = pad();
    if (!button || !form || !form.contains(button)) {
      return;
    }
    var combo = COMBOS[button.dataset.combo];
    if (combo) {
      combo.set(form, !combo.on(form));
      draw();
    }
  });
  document.addEventListener("change", function (event) {
    if (pad() && pad().contains(event.target)) {
      draw();
    }
  });
  document.addEventListener("reset", function () {
    window.setTimeout(draw, 0); // after the form has been reset
  }, true);
  document.body.addEventListener("htmx:afterSettle", draw);
  window.addEventListener("resize", fit);
  document.body.addEventListener("htmx:afterRequest", function () {
    window.setTimeout(draw, 0); // after htmx has given the sent form's button back
  });
  draw();
})();
