// The umpire tablet's 15-second stroke clock (ICF 50): on screen only, no effect on the
// record. It starts at "Play" (ICF 46), restarts after every stroke (also one recorded on
// another tablet), never after an undo; "Pause" holds it for the stroke in hand only; at 0 it
// beeps, vibrates where the device can and flashes. static/js/umpire.js drives it through
// window.umpireClock (idle, restart, sync); loaded before it (templates/scoring/umpire/match.html).
(function () {
  "use strict";

  var clock = document.getElementById("stroke-clock");
  var clockTime = document.getElementById("stroke-clock-time");
  var clockToggle = document.getElementById("stroke-clock-toggle");
  var clockPlay = document.getElementById("stroke-clock-play");
  var seconds = clock ? parseInt(clock.dataset.seconds, 10) || 15 : 15;
  var remaining = seconds;
  var clockState = "idle"; // "idle" until "Play", then "run" or "paused"
  var revisionSeen = null;
  var warned = false; // the umpire's warning for this stroke is recorded (ICF 50)
  var boardSeen = null;

  function drawClock() {
    if (!clock) {
      return;
    }
    clockTime.textContent = String(remaining);
    clock.classList.toggle("is-low", remaining <= 5 && remaining > 0);
    clock.classList.toggle("is-over", remaining <= 0);
    clock.classList.toggle("is-warned", warned);
    clock.classList.toggle("is-paused", clockState === "paused");
    clock.classList.toggle("is-idle", clockState === "idle");
    clock.dataset.state = clockState;
    clockPlay.hidden = clockState !== "idle";
    clockToggle.hidden = clockState === "idle";
    clockToggle.textContent = clockState === "paused" ? clock.dataset.labelResume :
      clock.dataset.labelPause;
    clockToggle.setAttribute("aria-pressed", clockState === "paused" ? "true" : "false");
  }

  function idleClock() {
    warned = false;
    clockState = "idle";
    remaining = seconds;
    drawClock();
  }

  function restartClock() {
    // after a stroke: the next one has its 15 seconds (a pause was for that stroke only)
    if (clockState !== "idle") {
      clockState = "run";
    }
    warned = false;
    remaining = seconds;
    drawClock();
  }

  var audio = null;

  function signal() {
    if (navigator.vibrate) {
      navigator.vibrate([300, 120, 300]);
    }
    try {
      var Context = window.AudioContext || window.webkitAudioContext;
      if (Context) {
        audio = audio || new Context();
        var tone = audio.createOscillator();
        var gain = audio.createGain();
        tone.frequency.value = 880;
        gain.gain.value = 0.2;
        tone.connect(gain);
        gain.connect(audio.destination);
        tone.start();
        tone.stop(audio.currentTime + 0.6);
      }
    } catch (err) {
      // no sound on this device: the flash still shows
    }
    clock.classList.remove("is-flash");
    void clock.offsetWidth;
    clock.classList.add("is-flash");
    clock.title = clock.dataset.msgOver;
  }

  // after every answer: a new board idles the clock until "Play" (or runs it when the page
  // is reopened during a board); a new revision restarts it, an undo does not
  function syncWithPanel(p, afterUndo) {
    if (!p || !clock) {
      return;
    }
    clock.hidden = p.dataset.clock !== "run" || p.classList.contains("is-carded");
    var board = p.dataset.board;
    if (board !== boardSeen) {
      var started = p.dataset.started === "1";
      if (boardSeen === null && started) {
        clockState = "run"; // reopened during a board
      } else if (!started) {
        clockState = "idle";
      }
      boardSeen = board;
      remaining = seconds;
      warned = false;
      revisionSeen = p.dataset.revision;
    } else if (p.dataset.revision !== revisionSeen) {
      revisionSeen = p.dataset.revision;
      if (!afterUndo) {
        restartClock();
      }
    }
    drawClock();
  }

  if (clock) {
    clockPlay.addEventListener("click", function () {
      clockState = "run";
      remaining = seconds;
      drawClock();
    });
    var warningForm = document.getElementById("warning-form");
    if (warningForm) {
      warningForm.addEventListener("submit", function () {
        warned = true; // one warning per stroke; the next stroke's clock may warn again
        drawClock();
      });
    }
    clockToggle.addEventListener("click", function () {
      clockState = clockState === "paused" ? "run" : "paused";
      drawClock();
    });
    window.setInterval(function () {
      if (clockState === "run" && !clock.hidden && remaining > 0) {
        remaining -= 1;
        drawClock();
        if (remaining === 0) {
          signal();
        }
      }
    }, 1000);
  }

  window.umpireClock = { idle: idleClock, restart: restartClock, sync: syncWithPanel };
})();
