// Organiser pages: tap-to-call and drag-and-drop on the call-up board, minutes since a call,
// one submit per form (no double draws), htmx error handling. No inline scripts (strict CSP).
(function () {
  "use strict";

  // htmx 2 swaps only 2xx by default; our 409/422 answers carry the re-rendered panel.
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var status = evt.detail.xhr.status;
    if (status === 409 || status === 422 || status === 423) {
      evt.detail.shouldSwap = true;
      evt.detail.isError = false;
    }
    // do not replace the call-up board while the organiser is picking a table
    var target = evt.detail.target;
    if (target && target.id === "callup-board" && target.classList.contains("is-picking") &&
        evt.detail.requestConfig && evt.detail.requestConfig.verb === "get") {
      evt.detail.shouldSwap = false;
    }
  });

  // Forms marked .o-once submit once: the button is disabled after the first tap.
  document.addEventListener("submit", function (evt) {
    var form = evt.target;
    if (!(form instanceof HTMLFormElement) || !form.classList.contains("o-once")) return;
    if (form.dataset.sent === "1") {
      evt.preventDefault();
      return;
    }
    form.dataset.sent = "1";
    form.querySelectorAll("button[type=submit]").forEach(function (b) {
      b.setAttribute("aria-disabled", "true");
      b.classList.add("disabled");
    });
  }, true);

  // --- call-up board ---------------------------------------------------------------------
  function board() { return document.getElementById("callup-board"); }

  function clearSelection(root) {
    root.classList.remove("is-picking");
    root.querySelectorAll(".o-selected").forEach(function (el) { el.classList.remove("o-selected"); });
    root.querySelectorAll(".o-select[aria-pressed=true]").forEach(function (el) {
      el.setAttribute("aria-pressed", "false");
    });
  }

  function call(matchId, tableId) {
    var root = board();
    var form = root && root.querySelector("#call-form");
    if (!form || !matchId || !tableId) return;
    form.querySelector("input[name=match]").value = matchId;
    form.querySelector("input[name=table]").value = tableId;
    clearSelection(root);
    if (typeof form.requestSubmit === "function") {
      form.requestSubmit();
    } else {
      form.submit();
    }
  }

  document.addEventListener("click", function (evt) {
    var root = board();
    if (!root) return;
    var select = evt.target.closest(".o-select");
    if (select && root.contains(select)) {
      var card = select.closest(".o-queue-card");
      var was = card.classList.contains("o-selected");
      clearSelection(root);
      if (!was) {
        card.classList.add("o-selected");
        select.setAttribute("aria-pressed", "true");
        root.classList.add("is-picking");
        root.dataset.picked = select.dataset.match;
      }
      return;
    }
    var table = evt.target.closest(".o-table-card.is-free");
    if (table && root.contains(table) && root.classList.contains("is-picking") &&
        !evt.target.closest("a, button, select, form")) {
      call(root.dataset.picked, table.dataset.table);
    }
  });

  document.addEventListener("keydown", function (evt) {
    if (evt.key !== "Enter" && evt.key !== " ") return;
    var table = evt.target.closest && evt.target.closest(".o-table-card.is-free");
    var root = board();
    if (table && root && root.classList.contains("is-picking")) {
      evt.preventDefault();
      call(root.dataset.picked, table.dataset.table);
    }
  });

  document.addEventListener("dragstart", function (evt) {
    var card = evt.target.closest && evt.target.closest(".o-queue-card[data-match]");
    if (!card) return;
    evt.dataTransfer.setData("text/plain", card.dataset.match);
    evt.dataTransfer.effectAllowed = "move";
    board().classList.add("is-picking");
  });
  document.addEventListener("dragend", function () {
    var root = board();
    if (root) clearSelection(root);
  });
  document.addEventListener("dragover", function (evt) {
    var table = evt.target.closest && evt.target.closest(".o-table-card.is-free");
    if (!table) return;
    evt.preventDefault();
    table.classList.add("is-target");
  });
  document.addEventListener("dragleave", function (evt) {
    var table = evt.target.closest && evt.target.closest(".o-table-card.is-free");
    if (table) table.classList.remove("is-target");
  });
  document.addEventListener("drop", function (evt) {
    var table = evt.target.closest && evt.target.closest(".o-table-card.is-free");
    if (!table) return;
    evt.preventDefault();
    table.classList.remove("is-target");
    call(evt.dataTransfer.getData("text/plain"), table.dataset.table);
  });

  // minutes since a match was called or started, kept current between polls
  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-minutes-of]").forEach(function (el) {
      var since = Date.parse(el.getAttribute("data-minutes-of"));
      if (!isNaN(since)) {
        var minutes = Math.max(0, Math.floor((now - since) / 60000));
        el.textContent = "(" + minutes + " min)";
      }
    });
  }
  setInterval(tick, 30000);

  // event form: show only the options of the chosen format
  function showFormatOptions() {
    var select = document.getElementById("id_format");
    if (!select) return;
    document.querySelectorAll("[data-formats]").forEach(function (el) {
      var formats = el.getAttribute("data-formats").split(" ");
      el.hidden = formats.indexOf(select.value) === -1;
    });
  }
  document.addEventListener("change", function (evt) {
    if (evt.target && evt.target.id === "id_format") showFormatOptions();
  });
  document.addEventListener("DOMContentLoaded", showFormatOptions);
})();
