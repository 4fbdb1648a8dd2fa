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
  document.body.addEventListener("htmx:afterRequest", function () {
    window.setTimeout(draw, 0); // after htmx has given the sent form's button back
  });
  draw();
})();
