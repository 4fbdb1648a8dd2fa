// The umpire tablet offline (issue 28): the regions the umpire reads, put in place from the
// offline engine's screen model (scoring/offline/browser.py: screen, worded by
// scoring/screen_words.py as the server's screen is). Only text and classes are put in place
// here; nothing is decided: who is on turn, the scores, the colours, the card between boards
// and its next step all come from the engine. static/js/umpire.js calls these with the
// engine's answer; the side panels are found by the colour the server drew them in
// (data-colour, kept on the chip), the engine's screen names them so.
(function () {
  "use strict";

  // the element's last text node (after its hidden label or its coin) says ``text``
  function setTail(el, text) {
    var last = el.lastChild;
    if (last && last.nodeType === Node.TEXT_NODE) {
      last.textContent = text;
    } else {
      el.appendChild(document.createTextNode(text));
    }
  }

  // each side's chip remembers the colour and words the server drew it with
  function markChips() {
    document.querySelectorAll("#sides .u-side .chip").forEach(function (chip) {
      if (!chip.dataset.colour) {
        chip.dataset.colour = chip.classList.contains("chip-white") ? "white" : "black";
        chip.dataset.label = chip.textContent;
      }
    });
  }

  // the side panel the server drew in ``colour``
  function sidePanel(colour) {
    var chip = colour && document.querySelector('#sides .u-side .chip[data-colour="' + colour +
      '"]');
    return chip ? chip.closest(".u-side") : null;
  }

  // The side panels' colour chips: ``colours`` maps each panel (its server colour) to the
  // colour it plays now (at a board's end, the next board's); null: as the server drew them.
  function drawChips(colours) {
    var chips = document.querySelectorAll("#sides .u-side .chip[data-colour]");
    var labels = {};
    chips.forEach(function (chip) { labels[chip.dataset.colour] = chip.dataset.label; });
    chips.forEach(function (chip) {
      var colour = colours ? colours[chip.dataset.colour] : chip.dataset.colour;
      chip.hidden = !colour; // none before the extra board's toss (ICF 56(b))
      chip.classList.toggle("chip-white", colour === "white");
      chip.classList.toggle("chip-black", colour === "black");
      chip.textContent = labels[colour] || chip.dataset.label;
    });
  }

  // "Boards of this game": the rows of boards ended offline added as the server adds them
  // (words from the engine's screen model); a game ended offline leaves the next game's table
  // empty, as online. ``boards`` null: as the server drew it.
  function drawBoardsTable(boards, words) {
    var box = document.getElementById("game-boards-box");
    if (!box) { return; }
    box.querySelectorAll(".is-offline-row").forEach(function (el) { el.remove(); });
    box.querySelectorAll(".is-offline-hidden").forEach(function (el) {
      el.hidden = false;
      el.classList.remove("is-offline-hidden");
    });
    if (!boards || !words) { return; }
    if (boards.hide_server) {
      Array.prototype.forEach.call(box.children, function (el) {
        el.hidden = true;
        el.classList.add("is-offline-hidden");
      });
    }
    if (!boards.rows.length) { return; }
    var table = document.getElementById("game-boards");
    if (!table || table.hidden) {
      var title = document.createElement("h3");
      title.className = "u-h3 is-offline-row";
      title.textContent = words.title;
      box.appendChild(title);
      table = document.createElement("table");
      table.className = "table table-sm u-boards is-offline-row";
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
    boards.rows.forEach(function (row) {
      var tr = table.tBodies[0].insertRow();
      tr.className = "is-offline-row";
      var cells = row["void"] ? [row.number, words["void"]] :
        [row.number, row.winner, row.points, row.law];
      cells.forEach(function (text, i) {
        var td = tr.insertCell();
        td.textContent = String(text);
        if (row["void"] && i === 1) { td.colSpan = 3; }
      });
    });
  }

  // The queen fact, the break, the side panels' scores and dues, the history's title. The
  // server's history lines are hidden when the engine's board is another one than theirs.
  function drawScreen(screen, fresh) {
    if (!screen) { return; }
    var factsLine = document.getElementById("facts"); // empty at the match's end, as online
    if (factsLine) { factsLine.classList.toggle("is-match-over", !!screen.match_over); }
    var queen = document.getElementById("queen-state");
    if (queen) {
      queen.dataset.queen = screen.queen.state;
      setTail(queen, screen.queen.text);
    }
    var where = document.querySelector("#facts .u-where");
    if (where && screen.where) {
      where.textContent = screen.where; // "Game 1 · Board 2"
      if (screen.where_extra) { // "· Extra board" until its toss (ICF 56(b))
        var extra = document.createElement("span");
        extra.className = "u-where-extra";
        extra.textContent = screen.where_extra;
        where.appendChild(document.createTextNode(" · "));
        where.appendChild(extra);
      }
    }
    var breakFact = document.getElementById("break-state");
    if (breakFact) {
      breakFact.textContent = screen["break"];
      breakFact.hidden = !screen["break"];
    }
    Object.keys(screen.sides).forEach(function (colour) {
      var side = sidePanel(colour);
      if (!side) { return; }
      var facts = screen.sides[colour];
      var score = side.querySelector(".u-side-score");
      if (score) { setTail(score, String(facts.score)); }
      // "1 game won" (ICF 57), after the team where the server names one
      var won = side.querySelector(".u-side-extra:not(.u-side-team)");
      if (won && facts.games_won_text) {
        setTail(won, (won.querySelector(".u-side-team") ? " · " : "") + facts.games_won_text);
      }
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
    var title = document.getElementById("history-title");
    if (title && screen.history_title) {
      if (!title.dataset.server) { title.dataset.server = title.textContent.trim(); }
      // the kept strokes begin a board the server has no event of yet (its history shows an
      // earlier board, a void one's replay under the same number too)
      var other = fresh || title.dataset.server !== screen.history_title;
      title.textContent = screen.history_title;
      title.classList.remove("visually-hidden");
      document.querySelectorAll("#history-list > .u-history-item:not(.is-queued)")
        .forEach(function (li) { li.hidden = other; });
    }
  }

  function part(id, className, titleText) {
    var box = document.createElement("div");
    box.className = "u-card-part" + (className ? " " + className : "");
    if (id) { box.id = id; }
    var title = document.createElement("p");
    title.className = "u-card-title";
    title.textContent = titleText;
    box.appendChild(title);
    return box;
  }

  function result(text, law, id) {
    var p = document.createElement("p");
    p.className = "u-result";
    if (id) { p.id = id; }
    p.textContent = text;
    if (law) {
      var span = document.createElement("span");
      span.className = "law";
      span.textContent = "(" + law + ")";
      p.appendChild(document.createTextNode(" "));
      p.appendChild(span);
    }
    return p;
  }

  // The between-boards card as the server draws it (its parts and words from the engine's
  // screen model): the board's end, the game's, the match's, the side change, and the button
  // of the next step ("Start board N", "Sides changed"), which the tablet keeps like a stroke.
  // ``waiting``: the words when the next step waits for the connection (a drawn match).
  // ``endedAt``: when the tablet kept the stroke that ended the board (ms): the interval
  // before the deciding game is timed from it (IT 102; static/js/umpire.js counts it down
  // and holds the card's button until it is over, as online).
  function boardOverCard(end, waiting, endedAt) {
    var card = document.createElement("div");
    card.className = "u-card is-offline";
    card.id = "board-over-card";
    card.setAttribute("role", "status");
    if (!end) { return card; }
    var board = part("board-end", "u-card-result", end.title);
    if (end.result) { board.appendChild(result(end.result, end.law, "board-result")); }
    card.appendChild(board);
    if (end.game) {
      var game = part("game-end", "", end.game.title);
      game.appendChild(result(end.game.result + " " + end.game.scores.map(function (side) {
        return side[0] + " " + side[1];
      }).join(" – "), "", ""));
      card.appendChild(game);
    }
    if (end.match) { card.appendChild(matchOver(end.match)); }
    var next = end.next;
    if (next && next.interval) {
      card.appendChild(intervalPart(next.interval, endedAt));
    }
    if (next && next.toss) {
      var toss = part("extra-board-card", "u-card-sides", next.toss.title);
      appendLaw(toss.firstChild, next.toss.law);
      var why = document.createElement("p");
      why.textContent = next.toss.text;
      toss.appendChild(why);
      toss.setAttribute("role", "status");
      card.appendChild(toss);
    }
    if (next && next.change_sides) {
      var sides = part("change-sides", "u-card-sides", next.change_sides.title);
      var law = document.createElement("span");
      law.className = "law";
      law.textContent = "(" + next.change_sides.law + ")";
      sides.firstChild.appendChild(document.createTextNode(" "));
      sides.firstChild.appendChild(law);
      var text = document.createElement("p");
      text.textContent = next.change_sides.text;
      sides.appendChild(text);
      card.appendChild(sides);
    }
    if (next && next.toss) {
      card.appendChild(tossChoice(next));
    } else if (next) {
      var go = document.createElement("div");
      go.className = "u-card-go";
      var button = document.createElement("button");
      button.type = "button";
      button.className = "btn btn-primary u-btn-go";
      button.id = "card-go";
      button.dataset.step = next.step;
      if (next.change_sides) { button.dataset.ack = "sides"; }
      button.textContent = next.label;
      // held until the interval is over (umpire.js counts it down and lets it go)
      button.disabled = !!next.interval &&
        endedAt + next.interval.seconds * 1000 > Date.now();
      go.appendChild(button);
      card.appendChild(go);
    } else if (end.waits) {
      var line = document.createElement("p");
      line.id = "board-over-offline";
      line.className = "u-pad-hint";
      line.textContent = waiting || "";
      card.appendChild(line);
    }
    return card;
  }

  // ICF 56(b): the extra board begun offline after its toss, until its first stroke: who
  // won the toss and breaks, in the line above the pad where the server draws #extra-board
  // (``line``: the engine's words and law; none: the line drawn offline goes)
  function drawTossLine(line) {
    var shown = document.getElementById("extra-board");
    if (shown && (shown.dataset.offline || line)) { shown.remove(); }
    var row = document.querySelector("#panel .u-msg");
    if (!line || !row) { return; }
    var p = document.createElement("p");
    p.className = "u-next-breaker";
    p.id = "extra-board";
    p.dataset.offline = "1";
    p.textContent = line.text;
    appendLaw(p, line.law);
    row.insertBefore(p, row.firstChild); // first in the row, as the server's
  }

  // A board begun offline ("Start board N"), until its first stroke: "Board 2: Ben Kirk
  // breaks." in the line above the pad where the server draws #next-breaker (``text``: the
  // engine's words, ICF 45; none: the line drawn offline goes)
  function drawBreakerLine(text) {
    var shown = document.getElementById("next-breaker");
    if (shown && (shown.dataset.offline || text)) { shown.remove(); }
    var row = document.querySelector("#panel .u-msg");
    if (!text || !row) { return; }
    var p = document.createElement("p");
    p.className = "u-next-breaker";
    p.id = "next-breaker";
    p.dataset.offline = "1";
    p.textContent = text;
    row.insertBefore(p, row.firstChild); // first in the row, as the server's
  }

  function appendLaw(el, text) {
    var law = document.createElement("span");
    law.className = "law";
    law.textContent = "(" + text + ")";
    el.appendChild(document.createTextNode(" "));
    el.appendChild(law);
  }

  // IT 102: the interval before the deciding game, as the server's card shows it (#interval:
  // static/js/umpire.js counts it down from data-interval-end and holds "Sides changed").
  function intervalPart(words, endedAt) {
    var box = part("interval", "u-card-interval", words.title);
    appendLaw(box.firstChild, words.law);
    var time = document.createElement("span");
    time.className = "u-interval-time";
    time.id = "interval-time";
    time.setAttribute("aria-live", "off");
    var left = Math.max(0, Math.round((endedAt + words.seconds * 1000 - Date.now()) / 1000));
    time.textContent = Math.floor(left / 60) + ":" + (left % 60 < 10 ? "0" : "") + left % 60;
    box.firstChild.appendChild(document.createTextNode(" "));
    box.firstChild.appendChild(time);
    box.dataset.intervalEnd = new Date(endedAt + words.seconds * 1000).toISOString();
    var text = document.createElement("p");
    text.className = "u-muted";
    text.textContent = words.text;
    box.appendChild(text);
    return box;
  }

  // ICF 56(b): the extra board's toss, a button for each side (its winner breaks), as the
  // server's card offers it; the choice is kept like a stroke (static/js/umpire-offline.js).
  function tossChoice(next) {
    var go = document.createElement("div");
    go.className = "u-card-go";
    var set = document.createElement("fieldset");
    set.className = "u-fieldset u-toss-break";
    set.id = "toss-break";
    var legend = document.createElement("legend");
    legend.className = "u-legend";
    legend.textContent = next.toss.legend;
    set.appendChild(legend);
    var choices = document.createElement("div");
    choices.className = "u-choices";
    next.toss.sides.forEach(function (pair) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "btn btn-primary u-btn-go u-btn-toss";
      button.id = "toss-break-" + pair[0];
      button.dataset.step = next.step;
      button.dataset.breaker = pair[0];
      button.textContent = pair[1];
      choices.appendChild(button);
    });
    set.appendChild(choices);
    go.appendChild(set);
    return go;
  }

  // The match's end as the server's screen shows it (templates/scoring/umpire/_finished.html)
  function matchOver(match) {
    var box = document.createElement("div");
    box.className = "u-card-part u-banner-match";
    box.id = "match-result";
    var title = document.createElement("h2");
    title.className = "u-h2";
    title.textContent = match.title;
    box.appendChild(title);
    var won = document.createElement("p");
    won.className = "u-result";
    won.textContent = match.result;
    box.appendChild(won);
    var list = document.createElement("ul");
    list.className = "u-games";
    match.games.forEach(function (line) {
      var li = document.createElement("li");
      li.textContent = line;
      list.appendChild(li);
    });
    box.appendChild(list);
    return box;
  }

  window.umpireOfflineScreen = {
    markChips: markChips,
    sidePanel: sidePanel,
    drawChips: drawChips,
    drawBoardsTable: drawBoardsTable,
    drawScreen: drawScreen,
    drawTossLine: drawTossLine,
    drawBreakerLine: drawBreakerLine,
    boardOverCard: boardOverCard,
    setTail: setTail,
  };
})();
