// The umpire tablet (templates/scoring/umpire/match.html). No inline scripts (strict CSP):
// everything the page does in the browser is here. User-visible texts come, translated, from
// data attributes rendered by the server.
//
// - htmx swaps the answers 409 (someone else recorded: the reloaded state), 422 (refused:
//   nothing changed) and 423 (locked) like successes; 403 and 5xx show a banner.
// - Strokes are queued on the tablet (localStorage) while the network is gone: each with its
//   own request key (client_id) and the revision it will be recorded at, shown as pending in
//   the history, sent in order when the connection is back, kept over a reload or a closed
//   tab. A stroke the server refuses holds the queue until the umpire decides. The pad stays
//   usable: it offers counts up to what the last known position minus the pending strokes
//   leaves (the rulings come when the strokes are recorded: no copy of the rules here).
// - A service worker (/umpire-sw.js) keeps the page and its static files for a reopening
//   without network; the last screen is kept too and shown again.
// - An idle tablet polls the match's revision (304 while unchanged) and fetches the panel
//   when another tablet recorded.
// - Between boards one card holds the pad until the umpire goes on ("Sides changed": the
//   side panels then turn to match the seats); the interval (IT 102) counts down first.
// - The 15-second stroke clock (ICF 50) starts at "Play" (ICF 46), restarts after every
//   stroke (not after an undo), pauses only for the stroke in hand, signals at 0.
// - Full screen and the Screen Wake Lock where the browser has them.
(function () {
  "use strict";

  var app = document.getElementById("umpire-app");
  if (!app || !window.htmx) {
    return;
  }

  window.htmx.config.timeout = 10000;
  // htmx settles "style" by setAttribute, which the strict CSP (style-src 'self') refuses
  // with a console error for every element a script had given an inline style
  window.htmx.config.attributesToSettle = ["class", "width", "height"];
  window.htmx.config.responseHandling = [
    { code: "204", swap: false },
    { code: "[23]..", swap: true },
    { code: "409", swap: true, error: false },
    { code: "422", swap: true, error: false },
    { code: "423", swap: true, error: false },
    { code: "[45]..", swap: false, error: true },
  ];

  var msg = app.dataset;
  var pageKey = msg.pageUrl || location.pathname;
  var QUEUE_KEY = "umpire-queue:" + pageKey;
  var SCREEN_KEY = "umpire-screen:" + pageKey;
  var RETRY_EVERY_MS = 3000;
  var ENGINE_WARM_MS = 1500; // the offline engine starts this long after the page opens
  var POLL_EVERY_MS = 2000;

  // The network is gone when the browser says so (navigator.onLine false), when a request got
  // no answer, or when this page is the service worker's kept copy (network first: kept means
  // the network failed). On the hall's Wi-Fi with the server out of reach, or on a page
  // reopened from the kept copy, navigator.onLine can still say true: only the failed request
  // tells. A request answered by the server says the network is back.
  var unreachable = isKeptPage();

  function isKeptPage() {
    var entries = window.performance && window.performance.getEntriesByType ?
      window.performance.getEntriesByType("navigation") : [];
    return !!entries.length && entries[0].deliveryType === "cache-storage";
  }

  function offline() {
    return navigator.onLine === false || unreachable;
  }

  function unanswered() {
    if (!unreachable) {
      unreachable = true;
      wantEngine();
    }
  }

  function answered() {
    unreachable = false;
  }

  function load(key, fallback) {
    try {
      var text = window.localStorage.getItem(key);
      return text ? JSON.parse(text) : fallback;
    } catch (err) {
      return fallback;
    }
  }

  function store(key, value) {
    try {
      if (value === null) {
        window.localStorage.removeItem(key);
      } else {
        window.localStorage.setItem(key, JSON.stringify(value));
      }
    } catch (err) {
      // storage full or off: the queue still lives in this page
    }
  }

  function newKey() {
    if (window.crypto && window.crypto.randomUUID) {
      return window.crypto.randomUUID();
    }
    var b = window.crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 15) | 64;
    b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) {
      return (x < 16 ? "0" : "") + x.toString(16);
    }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" +
      h.slice(16, 20) + "-" + h.slice(20);
  }

  function panel() {
    return document.getElementById("panel");
  }

  function panelRevision() {
    var p = panel();
    return p ? parseInt(p.dataset.revision, 10) || 0 : 0;
  }

  function csrf() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    if (input) {
      return input.value;
    }
    var found = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    return found ? decodeURIComponent(found[1]) : "";
  }

  // --- the banner ------------------------------------------------------------------------

  var banner = document.getElementById("net-banner");
  var bannerText = document.getElementById("net-banner-text");
  var bannerRetry = document.getElementById("net-banner-retry");
  var bannerReload = document.getElementById("net-banner-reload");
  var skipButton = document.getElementById("queue-skip");
  var dropButton = document.getElementById("queue-drop");
  var netState = document.getElementById("net-state");
  var netStateText = document.getElementById("net-state-text");

  function showBanner(kind, text) {
    if (!banner) {
      return;
    }
    var key = "msg" + kind.charAt(0).toUpperCase() + kind.slice(1);
    bannerText.textContent = text || msg[key] || "";
    banner.dataset.kind = kind;
    banner.hidden = false;
    bannerRetry.hidden = kind !== "offline" && kind !== "server";
    bannerReload.hidden = kind !== "forbidden";
    skipButton.hidden = kind !== "refused";
    dropButton.hidden = kind !== "refused";
    // on a tablet the banner lies at the top of the history: the list starts under it
    app.style.setProperty("--u-banner-h", (banner.offsetHeight + 6) + "px");
  }

  function hideBanner() {
    if (banner) {
      banner.hidden = true;
      delete banner.dataset.kind;
      app.style.setProperty("--u-banner-h", "0px");
    }
  }

  // --- the queue of strokes ----------------------------------------------------------------

  var queue = load(QUEUE_KEY, []);
  var sending = false;
  var inFlight = null;
  var offlineBy = null; // who plays the next queued stroke (the umpire may change it)

  function isWrite(elt) {
    return !!(elt && elt.hasAttribute && elt.hasAttribute("data-write"));
  }

  function isStroke(form) {
    if (!isWrite(form) || !/\/event\/$/.test(form.getAttribute("action") || "")) {
      return false;
    }
    var kind = form.querySelector("input[name=kind]");
    return !kind || kind.value === "stroke";
  }

  function origin(event) {
    var config = event.detail.requestConfig;
    return (config && config.elt) || event.detail.elt;
  }

  function fieldsOf(form) {
    var out = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken") {
        out.push([name, String(value)]);
      }
    });
    return out;
  }

  function field(fields, name) {
    for (var i = 0; i < fields.length; i++) {
      if (fields[i][0] === name) {
        return fields[i][1];
      }
    }
    return "";
  }

  function setField(fields, name, value) {
    for (var i = 0; i < fields.length; i++) {
      if (fields[i][0] === name) {
        fields[i][1] = String(value);
        return;
      }
    }
    fields.push([name, String(value)]);
  }

  function other(by) {
    return by === "white" ? "black" : by === "black" ? "white" : by;
  }

  function labelFor(id) {
    var label = document.querySelector('label[for="' + id + '"]');
    return label ? label.textContent.trim() : id;
  }

  // What a queued stroke took off the board, and its words (no rulings: those come from the
  // server when the stroke is recorded).
  function summarise(fields) {
    var by = field(fields, "by");
    var preset = field(fields, "preset");
    var white = 0;
    var black = 0;
    var words = [];
    if (preset === "own" || preset === "opponent" || preset === "white" ||
        preset === "black") {
      var colour = preset === "own" ? by : preset === "opponent" ? other(by) : preset;
      if (colour === "white") { white = 1; } else { black = 1; }
      words.push(msg[preset === "own" ? "msgOwn" : preset === "opponent" ? "msgOpponent" :
        "msgStroke"] + (preset === "white" || preset === "black" ? ": 1 " + colour : ""));
    } else if (preset === "nothing") {
      words.push(msg.msgNothing);
    } else if (preset === "missed") {
      words.push(msg.msgMissed);
    } else {
      white = (parseInt(field(fields, "white"), 10) || 0);
      black = (parseInt(field(fields, "black"), 10) || 0);
      var offWhite = parseInt(field(fields, "off_white"), 10) || 0;
      var offBlack = parseInt(field(fields, "off_black"), 10) || 0;
      if (white) { words.push(white + " × " + msg.msgByWhite); }
      if (black) { words.push(black + " × " + msg.msgByBlack); }
      ["queen", "striker", "foul", "no_contact"].forEach(function (flag) {
        if (field(fields, flag)) { words.push(labelFor("pad-" + flag)); }
      });
      if (offWhite || offBlack) { words.push(labelFor("more-summary")); }
      if (!words.length) { words.push(msg.msgNothing); }
      white += offWhite;
      black += offBlack;
    }
    return { by: by, white: white, black: black, text: words.join(", "),
             keeps: preset === "own" || (!preset && ((by === "white" && white && !black) ||
               (by === "black" && black && !white)) && !field(fields, "foul") &&
               !field(fields, "striker")) };
  }

  // "who: what" as the catalogue words it (French puts a narrow no-break space before the
  // colon): the server's pattern (data-msg-line, the one of scoring.rulings.stroke_line)
  function line(who, what) {
    return (msg.msgLine || "%(player)s: %(stroke)s").replace("%(player)s", function () {
      return who;
    }).replace("%(stroke)s", function () { return what; });
  }

  function byWord(by) {
    if (by === "white") { return msg.msgByWhite; }
    if (by === "black") { return msg.msgByBlack; }
    var side = document.querySelector('.u-side[data-side="' + by + '"] .u-side-name');
    return side ? side.textContent.trim() : by;
  }

  function saveQueue() {
    store(QUEUE_KEY, queue.length ? queue : null);
    app.classList.toggle("is-pending", queue.length > 0);
  }

  function enqueue(form, keepKey) {
    var fields = fieldsOf(form);
    var last = queue[queue.length - 1];
    if (queue.length && offlineBy) {
      setField(fields, "by", offlineBy);
    }
    // a request that got no answer keeps its key (it may be recorded); a new stroke gets one
    var key = keepKey && !queue.length ? field(fields, "client_id") : newKey();
    setField(fields, "client_id", key);
    setField(fields, "revision", last ? last.revision + 1 : panelRevision());
    var summary = summarise(fields);
    queue.push({ id: key, url: form.getAttribute("action"), fields: fields,
                 revision: parseInt(field(fields, "revision"), 10), by: summary.by,
                 white: summary.white, black: summary.black, text: summary.text,
                 state: "pending", reason: "" });
    offlineBy = summary.keeps ? summary.by : nextPlayer(summary.by);
    saveQueue();
    var pad = document.getElementById("pad");
    if (pad) {
      pad.reset();
    }
    drawQueue();
    strokeClock().restart();
  }

  function nextPlayer(by) {
    if (by === "white" || by === "black") {
      return other(by);
    }
    var sides = Array.prototype.map.call(document.querySelectorAll(".u-side[data-side]"),
      function (s) { return s.dataset.side; }).sort();
    var at = sides.indexOf(by);
    return at < 0 ? by : sides[(at + 1) % sides.length];
  }

  // The pad offers no more than the last known position minus the pending strokes leaves.
  function limitPad() {
    var onBoard = document.getElementById("on-board");
    if (!onBoard) {
      return;
    }
    var left = { white: parseInt(onBoard.dataset.white, 10) || 0,
                 black: parseInt(onBoard.dataset.black, 10) || 0 };
    var ruled = engineLeft();
    if (ruled) {
      left = ruled; // the rules engine's position (dues placed back included)
    } else {
      queue.forEach(function (item) {
        if (item.state !== "refused") {
          left.white -= item.white;
          left.black -= item.black;
        }
      });
    }
    ["white", "black", "off_white", "off_black"].forEach(function (name) {
      var colour = name.indexOf("white") >= 0 ? "white" : "black";
      document.querySelectorAll('input.u-seg-input[name="' + name + '"]').forEach(function (input) {
        var over = parseInt(input.value, 10) > Math.max(0, left[colour]);
        input.disabled = over;
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
    queue.forEach(function (item) {
      if (!list) { return; }
      var li = document.createElement("li");
      li.className = "u-history-item is-queued " +
        (item.state === "refused" ? "is-refused" : "is-pending");
      li.dataset.queueId = item.id;
      var what = document.createElement("div");
      what.className = "u-history-what";
      var tag = document.createElement("span");
      tag.className = "u-pending-tag";
      tag.textContent = line(item.state === "refused" ? msg.msgRefused : msg.msgQueued, "");
      what.appendChild(tag);
      what.appendChild(document.createTextNode(item.ruled && item.ruled.text ? item.ruled.text :
        line(byWord(item.by), item.text)));
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
      netStateText.textContent = !queue.length ? "" : waiting ?
        waiting + " · " + msg.msgPending : queue.length + " · " + msg.msgRefused;
    }
    var turn = document.getElementById("turn-player");
    if (turn && queue.length && offlineBy) {
      turn.textContent = byWord(offlineBy);
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
      if (queue.length && offlineBy) {
        input.value = offlineBy;
      }
    });
    limitPad();
    drawStrip();
    drawOnBoard();
    drawEngineState();
    askEngine();
  }

  // --- what the engine says after the kept strokes (issue 28): who is on turn, the break,
  // what the undo takes back, and the board's end: the pad locks until the connection is
  // back and the server's card offers "Start board N" ---------------------------------------

  function drawEngineState() {
    var p = panel();
    var ruled = queue.length && enginePosition && enginePosition.key === engineKey() ?
      enginePosition.position : null;
    // the undo takes back the newest kept stroke: its label says that one
    var what = document.getElementById("undo-what");
    var undo = document.getElementById("undo");
    if (what) {
      if (!what.dataset.drawn) { // as the server drew it (a new element after each answer)
        what.dataset.server = what.textContent;
        what.dataset.drawn = "1";
      }
      var newest = queue.length ? queue[queue.length - 1] : null;
      what.textContent = newest ? (newest.ruled && newest.ruled.text ? newest.ruled.text :
        line(byWord(newest.by), newest.text)) : what.dataset.server;
    }
    if (undo && queue.length && queue[queue.length - 1].state !== "refused") {
      undo.removeAttribute("data-off"); // it takes back the newest kept stroke
      undo.disabled = false;
    }
    var breaker = document.getElementById("next-breaker");
    if (breaker) { breaker.hidden = queue.length > 0; } // the board has begun on this tablet
    if (!p || !ruled) {
      if (p) { p.classList.remove("is-over-offline"); }
      drawChips(false); // as the server drew them
      drawBoardsTable(null, null);
      return;
    }
    // on turn: the side panel of that colour (at the board's end, the next board's breaker,
    // as the engine's screen model says)
    var screen = enginePosition.screen || {};
    var onTurn = "on_turn" in screen ? screen.on_turn : ruled.on_turn;
    // each side's chip as the server drew it for this board: the engine names colours of
    // this board (the chips are drawn anew below at the board's end)
    document.querySelectorAll("#sides .u-side .chip").forEach(function (chip) {
      if (!chip.dataset.colour) {
        chip.dataset.colour = chip.classList.contains("chip-white") ? "white" : "black";
        chip.dataset.label = chip.textContent;
      }
    });
    if (onTurn) {
      document.querySelectorAll("#sides .u-side").forEach(function (side) {
        var mine = !!side.querySelector('.chip[data-colour="' + onTurn + '"]');
        side.classList.toggle("is-on-turn", mine);
        var tag = side.querySelector(".u-on-turn-tag");
        if (mine && !tag) {
          var shown = document.querySelector(".u-on-turn-tag");
          if (shown) { side.querySelector(".u-side-top").appendChild(shown); }
        }
      });
    }
    p.dataset.break = ruled.break_made ? "1" : "0";
    // the queen on the pad (the queen toggle, the cover's words): the engine's state
    p.dataset.queen = ruled.queen;
    p.dataset.cover = ruled.queen === "pending_cover:" + ruled.on_turn ? "1" : "0";
    drawScreen(enginePosition.screen);
    // the board's end: nothing more is taken on this board
    var over = !!ruled.finished;
    p.classList.toggle("is-over-offline", over);
    p.querySelectorAll("#pad input, #pad button, #quick button").forEach(function (el) {
      if (over) { el.disabled = true; }
    });
    // "To play" names the side on turn (at the board's end the next board's breaker), as the
    // server's does; the ⇄ swap is for strokes kept without the engine
    var swap = document.getElementById("offline-by");
    if (swap) { swap.hidden = true; } // the engine says who is on turn
    var turnPlayer = document.getElementById("turn-player");
    var chip = onTurn && document.querySelector('#sides .u-side .chip[data-colour="' + onTurn + '"]');
    var name = chip && chip.closest(".u-side").querySelector(".u-side-name");
    var turn = enginePosition.screen && enginePosition.screen.turn;
    if (turnPlayer && turn) { // doubles: the player of the seat on turn (ICF 49(b))
      turnPlayer.textContent = turn.player;
      var seat = document.querySelector("#turn .u-seat");
      if (seat) { seat.textContent = turn.seat; }
      var sideSeat = document.getElementById("side-seat");
      if (sideSeat) { sideSeat.textContent = turn.side_seat; }
    } else if (turnPlayer && name) { turnPlayer.textContent = name.textContent; }
    drawChips(over && onTurn === "black");
    drawBoardsTable(over && screen.boards_row, screen.boards_words);
    var row = p.querySelector(".u-msg");
    var card = document.getElementById("board-over-card");
    var end = enginePosition.screen && enginePosition.screen.board_end;
    if (over && row && !card) {
      card = boardOverCard(end);
      row.parentNode.insertBefore(card, row.nextSibling); // where the server's card holds the pad
    } else if (!over && card) {
      card.remove();
    }
    if (window.umpirePadFit && !over) { window.umpirePadFit(); }
  }

  // The side panels' colour chips: at a board's end the next board's colours, as the server
  // draws them beside its card (the engine's screen names the next breaker by this board's
  // colour: "black" when the break passes, ICF 49(a); "white" after a void, IT 101).
  function drawChips(swapped) {
    var chips = document.querySelectorAll("#sides .u-side .chip[data-colour]");
    var labels = {};
    chips.forEach(function (chip) { labels[chip.dataset.colour] = chip.dataset.label; });
    chips.forEach(function (chip) {
      var colour = chip.dataset.colour;
      if (swapped) { colour = colour === "white" ? "black" : "white"; }
      chip.classList.toggle("chip-white", colour === "white");
      chip.classList.toggle("chip-black", colour === "black");
      chip.textContent = labels[colour] || chip.dataset.label;
    });
  }

  // "Boards of this game" at a board's end offline: the ended board's row added as the
  // server adds it (its words from the engine's screen model); a board that ended the game
  // leaves the next game's table empty, as online. Taken away when the queue is empty.
  function drawBoardsTable(row, words) {
    var box = document.getElementById("game-boards-box");
    if (!box) { return; }
    var mine = box.querySelectorAll(".is-offline-row");
    mine.forEach(function (el) { el.remove(); });
    box.querySelectorAll(".is-offline-hidden").forEach(function (el) {
      el.hidden = false;
      el.classList.remove("is-offline-hidden");
    });
    if (!row || !words) { return; }
    if (row.new_game) {
      Array.prototype.forEach.call(box.children, function (el) {
        el.hidden = true;
        el.classList.add("is-offline-hidden");
      });
      return;
    }
    var table = document.getElementById("game-boards");
    if (!table) {
      var title = document.createElement("h3");
      title.className = "u-h3 is-offline-row";
      title.textContent = words.title;
      box.appendChild(title);
      table = document.createElement("table");
      table.className = "table table-sm u-boards is-offline-row";
      table.id = "game-boards";
      var head = table.createTHead().insertRow();
      words.head.forEach(function (word) {
        var th = document.createElement("th");
        th.scope = "col";
        th.textContent = word;
        head.appendChild(th);
      });
      table.createTBody();
      box.appendChild(table);
    }
    var tr = table.tBodies[0].insertRow();
    tr.className = "is-offline-row";
    var cells = row["void"] ? [row.number, words["void"]] :
      [row.number, row.winner, row.points, row.law];
    cells.forEach(function (text, i) {
      var td = tr.insertCell();
      td.textContent = String(text);
      if (row["void"] && i === 1) { td.colSpan = 3; }
    });
  }

  // The regions the umpire reads, as the engine's screen model words them after the kept
  // strokes (scoring/offline/browser.py: screen, through scoring/screen_words.py, the words
  // the server's screen uses): the queen fact, the break, the side panels' scores and dues,
  // the history's title. Only text is put in place here; nothing is decided.
  function drawScreen(screen) {
    if (!screen) { return; }
    var queen = document.getElementById("queen-state");
    if (queen) {
      queen.dataset.queen = screen.queen.state;
      setTail(queen, screen.queen.text);
    }
    var breakFact = document.getElementById("break-state");
    if (breakFact) {
      breakFact.textContent = screen["break"];
      breakFact.hidden = !screen["break"];
    }
    ["white", "black"].forEach(function (colour) {
      var chip = document.querySelector("#sides .u-side .chip-" + colour);
      var side = chip && chip.closest(".u-side");
      if (!side) { return; }
      var facts = screen.sides[colour];
      var score = side.querySelector(".u-side-score");
      if (score) { setTail(score, String(facts.score)); }
      var due = side.querySelector(".u-side-due");
      if (facts.dues_text && !due) {
        due = document.createElement("div");
        due.className = "u-side-due";
        side.querySelector(".u-side-info").appendChild(due);
      }
      if (due) {
        due.textContent = facts.dues_text;
        due.hidden = !facts.dues_text;
      }
    });
    // the history: the kept strokes under their own board's title (the server's lines of
    // an earlier board are not this board's)
    var title = document.getElementById("history-title");
    if (title && screen.history_title) {
      if (!title.dataset.server) { title.dataset.server = title.textContent.trim(); }
      // the kept strokes begin a board the server has no event of yet (its history shows
      // an earlier board, a void one's replay under the same number too)
      var data = engineData();
      var fresh = !!(data && data.log && data.log.events && !data.log.events.length);
      var other = fresh || title.dataset.server !== screen.history_title;
      title.textContent = screen.history_title;
      title.classList.remove("visually-hidden");
      document.querySelectorAll("#history-list > .u-history-item:not(.is-queued)")
        .forEach(function (li) { li.hidden = other; });
    }
  }

  // the element's last text node (after its hidden label or its coin) says ``text``
  function setTail(el, text) {
    var last = el.lastChild;
    if (last && last.nodeType === Node.TEXT_NODE) {
      last.textContent = text;
    } else {
      el.appendChild(document.createTextNode(text));
    }
  }

  // The between-boards card as the server draws it (its title and result from the engine's
  // screen model); "Start board N" waits for the connection: the server starts the board.
  function boardOverCard(end) {
    var card = document.createElement("div");
    card.className = "u-card is-offline";
    card.id = "board-over-card";
    card.setAttribute("role", "status");
    if (end) {
      var part = document.createElement("div");
      part.className = "u-card-part u-card-result";
      part.id = "board-end";
      var title = document.createElement("p");
      title.className = "u-card-title";
      title.textContent = end.title;
      part.appendChild(title);
      if (end.result) {
        var result = document.createElement("p");
        result.className = "u-result";
        result.id = "board-result";
        result.textContent = end.result;
        if (end.law) {
          var law = document.createElement("span");
          law.className = "law";
          law.textContent = "(" + end.law + ")";
          result.appendChild(document.createTextNode(" "));
          result.appendChild(law);
        }
        part.appendChild(result);
      }
      card.appendChild(part);
      if (end.game) { card.appendChild(gameOverPart(end.game)); }
    }
    var line = document.createElement("p");
    line.id = "board-over-offline";
    line.className = "u-pad-hint";
    line.textContent = app.dataset.msgBoardOver || "";
    card.appendChild(line);
    return card;
  }

  // The game's end under the board's, as the server's card shows it (the engine's screen
  // words it: scoring/screen_words.py); the next game's steps wait for the connection.
  function gameOverPart(game) {
    var part = document.createElement("div");
    part.className = "u-card-part";
    part.id = "game-end";
    var title = document.createElement("p");
    title.className = "u-card-title";
    title.textContent = game.title;
    part.appendChild(title);
    var result = document.createElement("p");
    result.className = "u-result";
    result.textContent = game.result + " " + game.scores.map(function (side) {
      return side[0] + " " + side[1];
    }).join(" – ");
    part.appendChild(result);
    return part;
  }

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
    if (step.revision === log.revision + 1 && step.board === log.board) {
      log.events.push(step.event);
      log.revision = step.revision;
    } else if (step.revision > log.revision) {
      log = null;
    }
    dataEl.dataset.log = JSON.stringify(log);
  }

  function engineKey() {
    return queue.map(function (item) { return item.id + ":" + item.state; }).join(",");
  }

  function engineLeft() {
    if (!queue.length || !enginePosition || enginePosition.key !== engineKey()) {
      return null;
    }
    var on = enginePosition.position.on_board;
    return { white: on.white, black: on.black };
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
      if (result.position.on_turn && !result.position.finished) {
        offlineBy = result.position.on_turn; // who plays next, as the laws say
      }
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
    var newest = queue.length ? queue[queue.length - 1].ruled : null;
    if (!strip || !newest || !newest.rulings) {
      return;
    }
    var list = document.createElement("ul");
    list.className = "u-ruling-list is-offline";
    newest.rulings.forEach(function (r) { list.appendChild(rulingLine(r, "u-ruling ")); });
    strip.replaceChildren(list);
    if (window.umpireFitStrip) { window.umpireFitStrip(); } // "+N more" (umpire-sheets.js)
  }

  function reasonOf(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var box = doc.getElementById("panel-error") || doc.getElementById("panel-notice");
    return box ? box.textContent.trim() : "";
  }

  function refresh() {
    var p = panel();
    if (msg.panelUrl && p) {
      window.htmx.ajax("GET", msg.panelUrl, { target: "#panel", swap: "outerHTML" });
    }
  }

  function flush() {
    if (sending || inFlight || !queue.length || navigator.onLine === false) {
      return;
    }
    var item = queue[0];
    if (item.state === "refused") {
      return;
    }
    sending = true;
    showBanner("retrying");
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
      sending = false;
      answered();
      if (answer.status === 200) {
        queue.shift();
        saveQueue();
        if (queue.length) {
          drawQueue();
          flush();
        } else {
          offlineBy = null;
          hideBanner();
          refresh();
        }
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
      sending = false;
      unanswered();
      showBanner("offline");
    });
  }

  function showRefused(item) {
    showBanner("refused", line(msg.msgRefused, line(byWord(item.by), item.text)) +
      (item.reason ? " — " + item.reason : ""));
  }

  function rebase() {
    var revision = panelRevision();
    queue.forEach(function (item, i) {
      item.revision = revision + i;
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
      queue = [];
      offlineBy = null;
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
      offlineBy = nextPlayer(offlineBy);
      drawQueue();
    }
  });

  // --- writes through htmx: one at a time; strokes go to the queue when it is not empty ----

  var lastWrite = "";

  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (!isWrite(elt)) {
      return;
    }
    if (inFlight || sending) {
      event.preventDefault();
      return;
    }
    if (queue.length || offline()) {
      event.preventDefault();
      if (isStroke(elt)) {
        enqueue(elt, false);
        if (queue[0].state !== "refused") {
          showBanner(offline() ? "offline" : "retrying");
        }
        flush();
      } else if (elt.classList.contains("u-undo-form") && queue.length &&
                 queue[queue.length - 1].state !== "refused") {
        queue.pop(); // the newest kept stroke is taken back before it is sent
        saveQueue();
        drawQueue();
      } else {
        showBanner("offline");
      }
      return;
    }
    inFlight = elt;
    lastWrite = elt.classList.contains("u-undo-form") ? "undo" : "write";
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
    inFlight = null;
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

  // --- tablets in step: a cheap poll of the revision (304 while unchanged) -----------------

  var etag = "";

  function poll() {
    if (!msg.stateUrl || document.visibilityState !== "visible" || inFlight || sending ||
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
      etag = response.headers.get("ETag") || "";
      return response.json();
    }, function () {
      unanswered(); // no answer: the engine rules on the strokes from now on
      return null;
    }).then(function (data) {
      if (data && data.revision !== panelRevision() && !inFlight && !queue.length) {
        refresh();
      }
    }).catch(function () {});
  }
  window.setInterval(poll, POLL_EVERY_MS);

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && !queue.length && !inFlight) {
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

  var NO_CLOCK = { idle: function () {}, restart: function () {}, sync: function () {} };

  function strokeClock() {
    return window.umpireClock || NO_CLOCK;
  }

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
      store(SCREEN_KEY, { revision: panelRevision(), html: app.innerHTML });
    }
  }

  // reopened without network (the service worker's kept page): show the last screen seen
  var kept = load(SCREEN_KEY, null);
  if (kept && offline() && kept.revision > panelRevision()) {
    app.innerHTML = kept.html;
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
