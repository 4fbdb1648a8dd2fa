/* A wide table on a small screen (the standings on a phone, issue 15) scrolls sideways inside
   its .table-responsive box instead of squeezing or clipping its columns; this adds a visible
   hint above such a box while columns lie beyond its right edge ("Swipe sideways for more
   columns", translated in base.html's data-scroll-hint), and hides it once scrolled to the end
   or when everything fits. Re-applied after htmx swaps (the live pages poll their tables). */
(function () {
  "use strict";

  function text() {
    return document.body.getAttribute("data-scroll-hint") || "→";
  }

  function update(box) {
    if (box.closest("#hall-stage")) {
      return; // the hall screen pages through its lists; it never scrolls
    }
    var hint = box.previousElementSibling;
    if (!hint || !hint.classList.contains("scroll-hint")) {
      hint = document.createElement("p");
      hint.className = "scroll-hint";
      hint.textContent = text();
      hint.setAttribute("aria-hidden", "true");
      box.parentNode.insertBefore(hint, box);
    }
    if (!box.hasAttribute("data-scroll-hint-bound")) {
      box.setAttribute("data-scroll-hint-bound", "");
      box.addEventListener("scroll", function () { update(box); }, { passive: true });
    }
    var fits = box.scrollWidth - box.clientWidth <= 2;
    var more = !fits && box.scrollWidth - box.clientWidth - box.scrollLeft > 2;
    // scrolled to the end the hint goes invisible but keeps its line: the table never jumps
    hint.hidden = fits;
    hint.classList.toggle("is-at-end", !fits && !more);
    box.classList.toggle("has-more-columns", more);
    // a region that scrolls sideways is reachable by keyboard (arrow keys scroll it)
    if (fits) { box.removeAttribute("tabindex"); } else { box.setAttribute("tabindex", "0"); }
  }

  function all() {
    document.querySelectorAll("main .table-responsive").forEach(update);
  }

  document.addEventListener("DOMContentLoaded", all);
  document.addEventListener("htmx:afterSettle", all);
  window.addEventListener("resize", all);
}());
