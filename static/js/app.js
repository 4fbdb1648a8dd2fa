// Site-wide behaviour. All JavaScript lives in static/js/ (no inline scripts: see SECURE_CSP).
//
// When an htmx request fails (no network, or a server error), show a message in the
// #messages area. The texts are rendered, translated, by the server into data attributes
// of #messages (templates/base.html), so this file holds no user-visible strings.
(function () {
  "use strict";

  function showError(kind) {
    var area = document.getElementById("messages");
    if (!area) {
      return;
    }
    var text = area.dataset[kind];
    if (!text) {
      return;
    }
    var alert = document.createElement("div");
    alert.className = "alert alert-danger";
    alert.setAttribute("role", "alert");
    alert.textContent = text;
    area.replaceChildren(alert);
  }

  document.addEventListener("htmx:sendError", function () {
    showError("networkError");
  });
  document.addEventListener("htmx:timeout", function () {
    showError("networkError");
  });
  document.addEventListener("htmx:responseError", function (event) {
    if (event.detail.xhr && event.detail.xhr.status >= 500) {
      showError("serverError");
    }
  });
})();
