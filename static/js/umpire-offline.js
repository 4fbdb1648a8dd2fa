// The umpire tablet offline (static/js/umpire-core.js first): the rules engine in the
// browser (static/js/umpire-engine.js: scoring/rules in Pyodide, issue 12) asked about the
// kept strokes and steps, and what it says put on the screen: who is on turn, the facts, the
// card between boards (static/js/umpire-offline-screen.js draws it), the pad's limits.
(function () {
  "use strict";

  var U = window.umpireTablet;
  if (!U) {
    return;
  }
  var msg = U.msg;
  var ENGINE_WARM_MS = U.ENGINE_WARM_MS;
  var offline = U.offline;
  var panel = U.panel;
  var queue = U.queue;
  var drawQueue = U.late("drawQueue");
  var said = U.late("said");
  var saveQueue = U.late("saveQueue");

  // --- what the engine says after the kept strokes (issue 28): who is on turn, the break,
  // what the undo takes back, and the board's end: the pad locks until the connection is
  // back and the server's card offers "Start board N" ---------------------------------------

  function drawEngineState() {
    var p = panel();
    var ruled = queue.length && enginePosition && enginePosition.key === engineKey() ?
      enginePosition.position : null;
    var screen = ruled ? enginePosition.screen || {} : {};
    // the undo takes back the newest kept stroke: its label says that one. After a step
    // between boards the server's undo still names the ended board's last stroke and takes
    // it back (the step with it, umpire.js); a board ended on the server is not undone offline
    var what = document.getElementById("undo-what");
    var undo = document.getElementById("undo");
    var newest = queue.length ? queue[queue.length - 1] : null;
    var stroke = lastStroke();
    if (what) {
      if (!what.dataset.drawn) { // as the server drew it (a new element after each answer)
        what.dataset.server = what.textContent;
        what.dataset.drawn = "1";
      }
      what.textContent = stroke ? said(stroke) : what.dataset.server;
    }
    if (undo && newest && newest.state !== "refused") {
      if (newest.kind === "step" && (!stroke || stroke.state === "refused" ||
                                     queue[queue.length - 2] !== stroke)) {
        undo.disabled = true;
      } else {
        undo.removeAttribute("data-off"); // it takes back the newest kept stroke
        undo.disabled = false;
      }
    }
    var breaker = document.getElementById("next-breaker");
    if (breaker && !breaker.dataset.offline) { breaker.hidden = queue.length > 0; } // begun
    var tossLine = document.getElementById("extra-board"); // ... and the extra board's
    if (tossLine && !tossLine.dataset.offline) { tossLine.hidden = queue.length > 0; }
    var off = window.umpireOfflineScreen;
    if (!p || !ruled || !off) {
      showTurn(true);
      if (p) { p.classList.remove("is-over-offline"); }
      if (off) {
        off.drawTossLine(null);
        off.drawBreakerLine("");
        off.drawChips(null); // as the server drew them
        off.drawBoardsTable(null, null);
      }
      return;
    }
    off.markChips();
    // on turn: the side panel the engine's screen names (at the board's end, the next
    // board's breaker); the panels are named by the colours the server drew them in
    var onTurn = screen.on_turn;
    showTurn(!!onTurn); // nobody before the extra board's toss (ICF 56(b)), as online
    if (onTurn) {
      document.querySelectorAll("#sides .u-side").forEach(function (side) {
        var mine = side === off.sidePanel(onTurn);
        side.classList.toggle("is-on-turn", mine);
        var tag = side.querySelector(".u-on-turn-tag");
        if (mine && !tag) {
          var shown = document.querySelector(".u-on-turn-tag");
          if (shown) { side.querySelector(".u-side-top").appendChild(shown); }
          // doubles: the player and seat on turn go with the tag (issue 28)
          var seatTag = document.getElementById("side-seat");
          if (shown && seatTag) { shown.parentNode.insertBefore(seatTag, shown.nextSibling); }
        }
      });
    }
    p.dataset.break = ruled.break_made ? "1" : "0";
    // the queen on the pad (the queen toggle, the cover's words): the engine's state
    p.dataset.queen = ruled.queen;
    p.dataset.cover = ruled.queen === "pending_cover:" + ruled.on_turn ? "1" : "0";
    var data = engineData();
    var fresh = !!(data && data.log && data.log.events && !data.log.events.length) ||
      screen.history_board > 0;
    off.drawScreen(screen, fresh);
    off.drawTossLine(screen.toss_breaker);
    off.drawBreakerLine(screen.next_breaker);
    // the board's end: nothing more is taken on this board until the card's next step
    var over = !!ruled.finished;
    p.classList.toggle("is-over-offline", over);
    // (the pad locked under the card, and given back when the next board begins offline, by
    // umpire-pad.js's fit, called at the end of this function)
    // "To play" names the side on turn (at the board's end the next board's breaker), as the
    // server's does; the ⇄ swap is for strokes kept without the engine
    var swap = document.getElementById("offline-by");
    if (swap) { swap.hidden = true; } // the engine says who is on turn
    var turnPlayer = document.getElementById("turn-player");
    var side = off.sidePanel(onTurn);
    var name = side && side.querySelector(".u-side-name");
    var turn = screen.turn;
    if (turnPlayer && turn) { // doubles: the player of the seat on turn (ICF 49(b))
      turnPlayer.textContent = turn.player;
      var seat = document.querySelector("#turn .u-seat");
      if (seat) { seat.textContent = turn.seat; }
      var sideSeat = document.getElementById("side-seat");
      if (sideSeat) { sideSeat.textContent = turn.side_seat; }
    } else if (turnPlayer && name) { turnPlayer.textContent = name.textContent; }
    var colours = {};
    Object.keys(screen.sides || {}).forEach(function (c) { colours[c] = screen.sides[c].colour; });
    off.drawChips(colours);
    off.drawBoardsTable(screen.boards, screen.boards_words);
    var row = p.querySelector(".u-msg");
    var card = document.getElementById("board-over-card");
    var end = screen.board_end;
    if (card && (!over || card.dataset.key !== enginePosition.key)) {
      card.remove();
      card = null;
    }
    if (over && row && !card) {
      card = off.boardOverCard(end, msg.msgBoardOver, endedAt());
      card.dataset.key = enginePosition.key;
      row.parentNode.insertBefore(card, row.nextSibling); // where the server's card holds the pad
    }
    if (window.umpirePadFit) { window.umpirePadFit(); } // locked in its place when over
    // the stroke clock hidden under the card (.is-carded, set by the fit), as online
    if (window.umpireClock) { window.umpireClock.sync(p); }
  }

  // who is on turn shown or not (the side panels' tag, "To play")
  function showTurn(shown) {
    ["turn", "side-seat"].forEach(function (id) {
      var el = document.getElementById(id);
      if (el) { el.hidden = !shown; }
    });
    var tag = document.querySelector(".u-on-turn-tag");
    if (tag) { tag.hidden = !shown; }
    if (!shown) {
      document.querySelectorAll("#sides .u-side").forEach(function (side) {
        side.classList.remove("is-on-turn");
      });
    }
  }

  // the newest kept stroke (not a step between boards), or null
  function lastStroke() {
    for (var i = queue.length - 1; i >= 0; i -= 1) {
      if (queue[i].kind !== "step") { return queue[i]; }
    }
    return null;
  }

  // when the tablet kept the stroke that ended the board shown (the newest kept stroke): the
  // interval before the deciding game runs from it (IT 102), as the server's from its record
  function endedAt() {
    for (var i = queue.length - 1; i >= 0; i -= 1) {
      if (queue[i].kind !== "step") { return queue[i].at || Date.now(); }
    }
    return Date.now();
  }

  // the extra board's toss on the card of a board ended offline (ICF 56(b)): kept with the
  // strokes like "Start board N", with the side that won it; the engine begins the extra
  // board with that side breaking (scoring/offline/between.py)
  document.body.addEventListener("click", function (event) {
    var toss = event.target.closest && event.target.closest("#board-over-card .u-btn-toss");
    if (!toss || toss.disabled || !toss.dataset.step) {
      return;
    }
    document.querySelectorAll("#board-over-card .u-btn-toss").forEach(function (b) {
      b.disabled = true;
    });
    U.enqueueStep([["step", toss.dataset.step], ["breaker", toss.dataset.breaker]],
      U.stepUrl(null), toss.textContent.trim());
    U.flush();
  });

  // --- the rules engine while offline (static/js/umpire-engine.js, issue 12) ---------------
  // The queued strokes are ruled on by scoring/rules itself, run in the browser (Pyodide),
  // from the board's log of the panel the server last answered (#umpire-engine-data). Where
  // the engine does not load, the strokes wait without rulings (the fallback above).

  var engineAsked = "";
  var enginePosition = null;

  // the engine's files (kept from the page's load) and the board's log (each answer's)
  function engineData() {
    var files = document.getElementById("umpire-engine-files");
    var el = document.getElementById("umpire-engine-data");
    try {
      if (!files || !el) {
        return null;
      }
      var data = JSON.parse(files.dataset.files);
      data.log = JSON.parse(el.dataset.log);
      return data;
    } catch (err) {
      return null;
    }
  }

  // A stroke that goes on with the board shown brings only its event (#umpire-engine-step):
  // it is appended to the log kept in #umpire-engine-data when it follows that log directly;
  // otherwise the log is out of date and is dropped until the next whole one comes.
  function mergeEngineStep() {
    var stepEl = document.getElementById("umpire-engine-step");
    var dataEl = document.getElementById("umpire-engine-data");
    if (!stepEl || !stepEl.dataset.step || !dataEl) {
      return;
    }
    var step, log;
    try {
      step = JSON.parse(stepEl.dataset.step);
      log = JSON.parse(dataEl.dataset.log);
    } catch (err) {
      return;
    }
    delete stepEl.dataset.step;
    if (!log) {
      return;
    }
    // the event that ended the board comes with the card (step.ends: its board is the next
    // one's key): it ends the board the log follows, so the engine begins the next board from
    // the card's step kept offline (issue 28)
    if (step.revision === log.revision + 1 && (step.board === log.board || step.ends)) {
      log.events.push(step.event);
      log.revision = step.revision;
      // beside the card the side panels show the next board's colours (scoring/offline)
      // and the table of the game's boards has its row (scoring/offline/between.py)
      if (step.ends) {
        log.flip = step.ends === 2; // 2: the panels beside the card are turned
        log.end_shown = true;
      }
    } else if (step.revision > log.revision) {
      log = null;
    }
    dataEl.dataset.log = JSON.stringify(log);
  }

  function engineKey() {
    return queue.map(function (item) { return item.id + ":" + item.state; }).join(",");
  }

  // the board whose history the engine's screen shows (0: the server's, 1: the next one
  // begun offline, …; a board begun offline shows the ended one's until its first stroke)
  function shownBoard() {
    return enginePosition && enginePosition.key === engineKey() && enginePosition.screen ?
      enginePosition.screen.history_board : null;
  }

  // the engine's position after the kept strokes (null while it has not ruled on them all)
  function engineRuled() {
    return queue.length && enginePosition && enginePosition.key === engineKey() ?
      enginePosition.position : null;
  }

  function engineLeft() {
    var ruled = engineRuled();
    return ruled ? { white: ruled.on_board.white, black: ruled.on_board.black } : null;
  }

  function startEngine() {
    var data = engineData();
    if (!data || !data.log || document.getElementById("umpire-engine-script")) {
      return;
    }
    var script = document.createElement("script");
    script.id = "umpire-engine-script";
    script.src = data.script;
    script.onload = function () {
      window.UmpireEngine.onChange(function () { drawQueue(); });
      window.UmpireEngine.prefetch(data);
      wantEngine();
    };
    document.head.appendChild(script);
  }

  // Started in the background soon after the scoring page opens (issue 28: the rulings are
  // there on the first stroke after the network drops), and at once when it is needed.
  var engineWarm = false;
  window.setTimeout(function () {
    engineWarm = true;
    wantEngine();
  }, ENGINE_WARM_MS);

  function wantEngine() {
    var engine = window.UmpireEngine;
    var data = engineData();
    if (!engine || !data || !data.log || (!queue.length && !offline() && !engineWarm)) {
      return;
    }
    if (engine.state === "idle" || (engine.state === "failed" && engine.tries < 3)) {
      engine.start(data, document.documentElement.lang || "en", offline());
    }
  }

  function askEngine() {
    wantEngine();
    var engine = window.UmpireEngine;
    var data = engineData();
    var log = data && data.log;
    if (!engine || engine.state !== "ready" || !queue.length || !log ||
        queue[0].revision !== log.revision) {
      return;
    }
    var key = engineKey();
    if (key === engineAsked) {
      return;
    }
    engineAsked = key;
    engine.rule(log, queue.map(function (item) { return item.fields; })).then(function (result) {
      if (key !== engineKey()) {
        return; // the queue changed meanwhile; drawQueue asks again
      }
      result.items.forEach(function (ruled, n) {
        queue[n].ruled = ruled.ruled ? ruled : null;
      });
      enginePosition = { key: key, position: result.position, screen: result.screen };
      saveQueue();
      drawQueue();
    }).catch(function () {
      engineAsked = "";
    });
  }

  function rulingLine(r, className) {
    var li = document.createElement("li");
    li.className = className + "u-ruling-" + r.tone;
    li.dataset.code = r.code;
    li.appendChild(document.createTextNode(r.text));
    if (r.law) {
      var law = document.createElement("span");
      law.className = "law";
      law.textContent = "(" + r.law + ")";
      li.appendChild(document.createTextNode(" "));
      li.appendChild(law);
    }
    return li;
  }

  function drawRuled(li, ruled) {
    if (!ruled) {
      return;
    }
    li.classList.add("is-ruled");
    var list = document.createElement("ul");
    list.className = "u-history-rulings";
    if (ruled.error) {
      list.appendChild(rulingLine({ text: ruled.error, tone: "warning", code: "refused",
                                    law: "" }, ""));
    }
    (ruled.rulings || []).forEach(function (r) { list.appendChild(rulingLine(r, "")); });
    li.appendChild(list);
  }

  // the pieces on the board, as the engine counts them after the queued strokes
  function drawOnBoard() {
    var left = engineLeft();
    if (left && enginePosition.screen && enginePosition.screen.on_board) {
      left = enginePosition.screen.on_board; // at the board's end: the next board's start
    }
    var onBoard = document.getElementById("on-board");
    if (!left || !onBoard) {
      return;
    }
    ["white", "black"].forEach(function (colour) {
      var coin = onBoard.querySelector(".coin-" + colour);
      var text = coin && coin.nextSibling;
      if (text && text.nodeType === Node.TEXT_NODE) {
        text.textContent = text.textContent.replace(/\d+/, String(left[colour]));
      }
    });
    onBoard.classList.add("is-offline");
  }

  // the rulings strip shows the newest queued stroke's rulings, as it would online
  function drawStrip() {
    var strip = document.getElementById("rulings");
    var kept = lastStroke(); // after a step: the ended board's last stroke, as the server's
    var newest = kept ? kept.ruled : null;
    if (!strip || !newest || !newest.rulings) {
      return;
    }
    var list = document.createElement("ul");
    list.className = "u-ruling-list is-offline";
    newest.rulings.forEach(function (r) { list.appendChild(rulingLine(r, "u-ruling ")); });
    strip.replaceChildren(list);
    if (window.umpireFitStrip) { window.umpireFitStrip(); } // "+N more" (umpire-sheets.js)
  }

  U.askEngine = askEngine;
  U.drawEngineState = drawEngineState;
  U.drawOnBoard = drawOnBoard;
  U.drawRuled = drawRuled;
  U.drawStrip = drawStrip;
  U.engineData = engineData;
  U.engineKey = engineKey;
  U.engineLeft = engineLeft;
  U.engineRuled = engineRuled;
  U.mergeEngineStep = mergeEngineStep;
  U.rulingLine = rulingLine;
  U.shownBoard = shownBoard;
  U.startEngine = startEngine;
  U.wantEngine = wantEngine;
})();
