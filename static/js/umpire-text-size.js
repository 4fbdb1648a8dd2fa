// The scoring screen at the reader's own text size (issue 35; WCAG 2.2 1.4.4 Resize Text,
// 1.4.10 Reflow). The screen is laid out to fit one tablet without scrolling, its rows in
// fixed heights tuned to the browser's default text (16 px). A reader who sets a larger text
// size in the browser (the root's font size above 16 px) gets the large-text layout instead
// (static/css/umpire-large-text.css): the rows take their words' height, the words wrap and
// the page scrolls. At the default size nothing changes.
//
// The switch is the root's font size (the browser's text size setting; the pages never set
// it): read at load, and again whenever the screen or its text size changes (a resize of the
// window, or of the menu button, whose width follows its words).
(function () {
  "use strict";

  // Any text above the browser's default (16 px): the fixed screen already clips its words at
  // the browser's "Large" (20 px: the one-tap buttons, "Record stroke", the side panels).
  var LARGE_PX = 16.5;
  var CLASS = "u-large-text";

  function rootPx() {
    return parseFloat(window.getComputedStyle(document.documentElement).fontSize) || 16;
  }

  function apply() {
    var screen = document.getElementById("umpire-app");
    if (!screen) {
      return;
    }
    var large = rootPx() > LARGE_PX;
    if (screen.classList.contains(CLASS) !== large) {
      screen.classList.toggle(CLASS, large);
      // the sheets and the rulings strip measure the screen: they measure it again
      window.dispatchEvent(new Event("resize"));
    }
  }

  window.umpireTextSize = apply;
  apply();
  window.addEventListener("resize", apply);
  var button = document.getElementById("site-menu");
  if (button && window.ResizeObserver) {
    new window.ResizeObserver(apply).observe(button);
  }
})();
