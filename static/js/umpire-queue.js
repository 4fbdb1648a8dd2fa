// The umpire tablet's queue (static/js/umpire-core.js first): strokes and the steps between
// boards kept on the tablet (localStorage) while the network is gone, each with its own
// request key and the revision it will be recorded at, shown as pending, sent in order when
// the connection is back; a refused one holds the rest until the umpire decides. No rule is
// decided here (issue 36): the offline engine rules on the kept strokes (umpire-offline.js).
(function () {
  "use strict";

  var U = window.umpireTablet;
  if (!U) {
    return;
  }
  // what this module takes from umpire-core.js (window.umpireTablet), read once
  var {
    app, msg, QUEUE_KEY, bannerRetry, skipButton, dropButton, netState, netStateText, answered,
    byWord, csrf, field, fieldsOf, hideBanner, isWrite, labelFor, line, load, newKey, offline,
    origin, panel, panelRevision, setField, showBanner, store, strokeClock, unanswered, queue, net,
  } = U;
  var askEngine = U.late("askEngine");
  var drawEngineState = U.late("drawEngineState");
  var drawOnBoard = U.late("drawOnBoard");
  var drawRuled = U.late("drawRuled");
  var drawStrip = U.late("drawStrip");
  var engineLeft = U.late("engineLeft");
  var engineRuled = U.late("engineRuled");
  var shownBoard = U.late("shownBoard");

  // --- the queue of strokes ----------------------------------------------------------------

  var chosenBy = null; // who plays the next kept stroke, when the umpire chose it (⇄)

  // A kept stroke's words as the umpire entered it (the pad's labels): no rulings and no
  // counting here, the engine rules on it (or the server, when it is recorded).
  function entered(fields) {
    var by = field(fields, "by");
    var preset = field(fields, "preset");
    var words = [];
    if (preset === "own" || preset === "opponent") {
      words.push(msg[preset === "own" ? "msgOwn" : "msgOpponent"]);
    } else if (preset === "white" || preset === "black") {
      words.push(msg.msgStroke + ": 1 " + preset);
    } else if (preset === "nothing") {
      words.push(msg.msgNothing);
    } else if (preset === "missed") {
      words.push(msg.msgMissed);
    } else {
      ["white", "black"].forEach(function (colour) {
        var n = parseInt(field(fields, colour), 10) || 0;
        if (n) { words.push(n + " × " + msg[colour === "white" ? "msgByWhite" : "msgByBlack"]); }
      });
      ["queen", "striker", "foul", "no_contact"].forEach(function (flag) {
        if (field(fields, flag)) { words.push(labelFor("pad-" + flag)); }
      });
      if (parseInt(field(fields, "off_white"), 10) || parseInt(field(fields, "off_black"), 10)) {
        words.push(labelFor("more-summary"));
      }
      if (!words.length) { words.push(msg.msgNothing); }
    }
    return { by: by, text: words.join(", ") };
  }

  // a kept item's words: the engine's, else as entered ("who: what" when the striker is known)
  function said(item) {
    if (item.ruled && item.ruled.text) { return item.ruled.text; }
    return item.kind !== "step" && item.by ? line(byWord(item.by), item.text) : item.text;
  }

  function saveQueue() {
    store(QUEUE_KEY, queue.length ? queue : null);
    app.classList.toggle("is-pending", queue.length > 0);
  }

  // the revision the next kept item is recorded at: a step between boards records no event
  // (services/board_steps.py), so the stroke after it keeps the revision
  function nextRevision(start, items) {
    var revision = start;
    items.forEach(function (item) {
      revision = item.kind === "step" ? item.revision : item.revision + 1;
    });
    return revision;
  }

  function enqueue(form, keepKey) {
    var fields = fieldsOf(form);
    if (queue.length) { // after kept strokes: the engine's, or the umpire's, or when sent
      setField(fields, "by", knownBy());
    }
    // a request that got no answer keeps its key (it may be recorded); a new stroke gets one
    var key = keepKey && !queue.length ? field(fields, "client_id") : newKey();
    setField(fields, "client_id", key);
    setField(fields, "revision", nextRevision(panelRevision(), queue));
    var summary = entered(fields);
    // ``at``: when it was kept (the interval before the deciding game runs from the game's
    // last board, IT 102: umpire-offline.js)
    queue.push({ id: key, url: form.getAttribute("action"), fields: fields,
                 revision: parseInt(field(fields, "revision"), 10), by: summary.by,
                 text: summary.text, state: "pending", reason: "", at: Date.now() });
    chosenBy = null;
    saveQueue();
    var pad = document.getElementById("pad");
    if (pad) {
      pad.reset();
    }
    drawQueue();
    strokeClock().restart();
  }

  // who plays the next kept stroke: the umpire's choice (⇄), else the engine's position
  // after the kept strokes; "" when unknown (sent for the one on turn then: flush)
  function knownBy() {
    if (chosenBy) { return chosenBy; }
    var ruled = engineRuled();
    return ruled && ruled.on_turn && !ruled.finished ? ruled.on_turn : "";
  }

  // ⇄: the next side in the panels' order (the umpire's choice, not a ruling)
  function following(by) {
    var sides = Array.prototype.map.call(document.querySelectorAll(".u-side[data-side]"),
      function (s) { return s.dataset.side; }).sort();
    if (by === "white" || by === "black" || sides.length < 3) {
      return by === "white" ? "black" : "white";
    }
    var at = sides.indexOf(by);
    return sides[(at + 1) % sides.length];
  }

  // "Start board N" / "Sides changed" (and the extra board's toss) taken while strokes wait
  // or the network is gone: kept in order like a stroke, with its own request key, sent when
  // the connection is back (the server records a step once: services/board_steps.py). The
  // offline engine starts the next board from it (scoring/offline/browser.py).
  function enqueueStep(fields, url, label) {
    var key = newKey();
    setField(fields, "client_id", key);
    setField(fields, "revision", nextRevision(panelRevision(), queue));
    queue.push({ id: key, kind: "step", url: url, fields: fields,
                 revision: parseInt(field(fields, "revision"), 10), by: "",
                 text: label || "", state: "pending", reason: "" });
    var p = panel();
    if (p) { p.classList.remove("is-held"); } // the server's card gives way to the pad
    if (window.umpirePadFit) { window.umpirePadFit(); } // ... which it unlocks (umpire-pad.js)
    saveQueue();
    drawQueue();
    strokeClock().idle(); // the next board's clock waits for "Play" (ICF 46)
  }

  function isStep(elt) {
    return isWrite(elt) && /\/step\/$/.test(elt.getAttribute("hx-post") || "");
  }

  function stepUrl(elt) {
    return new URL((elt && elt.getAttribute("hx-post")) || "./step/", location.href).href;
  }

  // The pad offers no more than is on the board: the engine's position after the kept
  // strokes (dues placed back included), else the server's last screen (#on-board).
  function limitPad() {
    var onBoard = document.getElementById("on-board");
    if (!onBoard) {
      return;
    }
    var left = engineLeft() || { white: parseInt(onBoard.dataset.white, 10) || 0,
                                 black: parseInt(onBoard.dataset.black, 10) || 0 };
    ["white", "black", "off_white", "off_black"].forEach(function (name) {
      var colour = name.indexOf("white") >= 0 ? "white" : "black";
      document.querySelectorAll('input.u-seg-input[name="' + name + '"]').forEach(function (input) {
        var over = parseInt(input.value, 10) > Math.max(0, left[colour]);
        // a pad locked under the card between boards stays locked (umpire-pad.js, online and
        // offline): the engine's start or a queue drawn later does not unlock it
        input.disabled = over || !!input.dataset.heldOff;
        var label = document.querySelector('label[for="' + input.id + '"]');
        if (label) {
          label.classList.toggle("is-over", over);
        }
      });
    });
  }

  function drawQueue() {
    document.querySelectorAll(".u-history-item.is-queued").forEach(function (li) {
      li.remove();
    });
    var list = document.getElementById("history-list");
    if (!list && queue.length) {
      var history = document.getElementById("history");
      if (history) {
        list = document.createElement("ol");
        list.id = "history-list";
        list.className = "u-history-list";
        list.setAttribute("reversed", "");
        var empty = history.querySelector(".u-muted");
        if (empty) { empty.remove(); }
        history.insertBefore(list, history.querySelector(".u-h3"));
      }
    }
    var shown = shownBoard();
    queue.forEach(function (item) {
      if (!list || item.kind === "step") { return; }
      var li = document.createElement("li");
      // the history shows the board being played: strokes of a board ended offline go
      li.hidden = shown !== null && !!item.ruled && item.ruled.board !== undefined &&
        item.ruled.board !== shown;
      li.className = "u-history-item is-queued " +
        (item.state === "refused" ? "is-refused" : "is-pending");
      li.dataset.queueId = item.id;
      var what = document.createElement("div");
      what.className = "u-history-what";
      var tag = document.createElement("span");
      tag.className = "u-pending-tag";
      tag.textContent = line(item.state === "refused" ? msg.msgRefused : msg.msgQueued, "");
      what.appendChild(tag);
      what.appendChild(document.createTextNode(said(item)));
      if (item.reason) {
        var why = document.createElement("div");
        why.className = "u-history-rulings";
        why.textContent = item.reason;
        what.appendChild(why);
      }
      li.appendChild(what);
      drawRuled(li, item.ruled);
      list.insertBefore(li, list.firstChild);
    });
    if (netState) {
      var waiting = queue.filter(function (i) { return i.state !== "refused"; }).length;
      netState.hidden = !queue.length;
      // a refused stroke left alone is not "0 · waiting": it says it was not recorded
      // the phone shows the short words on one line ("1 to send"; the stylesheet picks)
      var words = !queue.length ? ["", ""] : waiting ?
        [waiting + " · " + msg.msgPending,
         (msg.msgPendingShort || "%(n)s").replace("%(n)s", String(waiting))] :
        [queue.length + " · " + msg.msgRefused, queue.length + " · " + msg.msgRefused];
      var long = document.createElement("span");
      long.className = "u-net-long";
      long.textContent = words[0];
      var brief = document.createElement("span");
      brief.className = "u-net-short";
      brief.textContent = words[1];
      netStateText.replaceChildren(long, brief);
      netState.classList.toggle("is-refused", !waiting && queue.length > 0);
    }
    var turn = document.getElementById("turn-player");
    var by = knownBy();
    if (turn && queue.length) {
      if (by) { turn.textContent = byWord(by); }
      if (!document.getElementById("offline-by")) {
        var swap = document.createElement("button");
        swap.type = "button";
        swap.id = "offline-by";
        swap.className = "btn btn-outline-dark btn-sm u-offline-by";
        swap.textContent = "⇄";
        swap.setAttribute("aria-label", msg.msgStroke);
        turn.parentNode.appendChild(swap);
      }
    }
    document.querySelectorAll('#panel input[name="by"]').forEach(function (input) {
      if (queue.length) {
        input.value = by;
      }
    });
    limitPad();
    drawStrip();
    drawOnBoard();
    drawEngineState();
    askEngine();
  }

  // who is on turn after a recorded item: the answer's panel says (data-by)
  var sentBy = "";

  function byOf(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var p = doc.getElementById("panel");
    return p ? p.dataset.by || "" : "";
  }

  function reasonOf(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var box = doc.getElementById("panel-error") || doc.getElementById("panel-notice");
    return box ? box.textContent.trim() : "";
  }

  // the ms the server's interval before the deciding game still runs, by its answer's panel
  function intervalLeft(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var p = doc.getElementById("panel");
    var end = p && p.dataset.intervalEnd ? Date.parse(p.dataset.intervalEnd) : NaN;
    return end > Date.now() ? end - Date.now() : 0;
  }

  function refresh() {
    var p = panel();
    if (msg.panelUrl && p) {
      window.htmx.ajax("GET", msg.panelUrl, { target: "#panel", swap: "outerHTML" });
    }
  }

  function flush() {
    if (net.sending || net.inFlight || !queue.length || navigator.onLine === false) {
      return;
    }
    var item = queue[0];
    if (item.state === "refused") {
      return;
    }
    net.sending = true;
    showBanner("retrying");
    if (item.kind !== "step" && !field(item.fields, "by")) {
      // kept without a known striker: the one on turn, as the server's last answer says
      var p = panel();
      setField(item.fields, "by", sentBy || (p && p.dataset.by) || "");
      saveQueue();
    }
    var body = new URLSearchParams();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    body.append("csrfmiddlewaretoken", csrf());
    window.fetch(item.url, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "HX-Request": "true", "X-CSRFToken": csrf() },
    }).then(function (response) {
      return response.text().then(function (html) {
        return { status: response.status, html: html };
      });
    }).then(function (answer) {
      net.sending = false;
      answered();
      if (answer.status === 200) {
        sentBy = byOf(answer.html);
        queue.shift();
        saveQueue();
        if (queue.length) {
          drawQueue();
          flush();
        } else {
          chosenBy = null;
          hideBanner();
          refresh();
        }
        return;
      }
      var held = item.kind === "step" && answer.status === 422 && intervalLeft(answer.html);
      if (held) {
        // IT 102: the server times the interval from when it recorded the game's last board,
        // which reached it late: the step waits for the server's end of the interval and is
        // sent again then (nothing is refused, nothing recorded twice)
        showBanner("retrying");
        window.setTimeout(flush, held + 500);
        return;
      }
      if (answer.status === 409 || answer.status === 422 || answer.status === 423) {
        item.state = "refused";
        item.reason = reasonOf(answer.html);
        saveQueue();
        refresh();
        showRefused(item);
        return;
      }
      if (answer.status === 403) {
        showBanner("forbidden");
        return;
      }
      showBanner("server");
    }).catch(function () {
      net.sending = false;
      unanswered();
      showBanner("offline");
    });
  }

  function showRefused(item) {
    showBanner("refused", line(msg.msgRefused, said(item)) +
      (item.reason ? " — " + item.reason : ""));
  }

  function rebase() {
    var revision = panelRevision();
    queue.forEach(function (item) {
      item.revision = revision;
      revision += item.kind === "step" ? 0 : 1;
      item.id = newKey();
      setField(item.fields, "revision", item.revision);
      setField(item.fields, "client_id", item.id);
    });
  }

  if (skipButton) {
    skipButton.addEventListener("click", function () {
      queue.shift();
      rebase();
      saveQueue();
      hideBanner();
      drawQueue();
      flush();
      if (!queue.length) { refresh(); }
    });
  }
  if (dropButton) {
    dropButton.addEventListener("click", function () {
      queue.length = 0; // the same array for every module
      chosenBy = null;
      saveQueue();
      hideBanner();
      refresh();
    });
  }
  if (bannerRetry) {
    bannerRetry.addEventListener("click", flush);
  }

  document.body.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#offline-by")) {
      chosenBy = following(knownBy() || (panel() && panel().dataset.by) || "white");
      drawQueue();
    }
  });

  U.byOf = byOf;
  U.drawQueue = drawQueue;
  U.enqueue = enqueue;
  U.enqueueStep = enqueueStep;
  U.entered = entered;
  U.flush = flush;
  U.following = following;
  U.isStep = isStep;
  U.knownBy = knownBy;
  U.limitPad = limitPad;
  U.nextRevision = nextRevision;
  U.reasonOf = reasonOf;
  U.rebase = rebase;
  U.refresh = refresh;
  U.said = said;
  U.saveQueue = saveQueue;
  U.showRefused = showRefused;
  U.stepUrl = stepUrl;
})();
