// The umpire tablet's common ground (templates/scoring/umpire/match.html), the first of its
// scripts: the page's words and settings (data attributes), "offline", the kept data
// (localStorage), the request keys, the connection banner, a form's fields and the words a
// kept stroke is shown with. The others (umpire-queue.js, umpire-offline.js, umpire.js) find
// them on window.umpireTablet, and each other's functions through ``late`` (called once all
// are loaded: the scripts are deferred, in this order). No inline scripts (strict CSP).
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

  var queue = load(QUEUE_KEY, []); // the kept items, one array for every module
  var net = { sending: false, inFlight: null }; // a queued item or a write on its way

  // late: another module's function, looked up when called
  function late(name) {
    return function () {
      return window.umpireTablet[name].apply(null, arguments);
    };
  }
  var wantEngine = late("wantEngine");

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

  function labelFor(id) {
    var label = document.querySelector('label[for="' + id + '"]');
    return label ? label.textContent.trim() : id;
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

  // --- the 15-second stroke clock (ICF 50): static/js/umpire-clock.js --------------------

  var NO_CLOCK = { idle: function () {}, restart: function () {}, sync: function () {} };

  function strokeClock() {
    return window.umpireClock || NO_CLOCK;
  }


  window.umpireTablet = {
    app: app,
    msg: msg,
    QUEUE_KEY: QUEUE_KEY,
    SCREEN_KEY: SCREEN_KEY,
    RETRY_EVERY_MS: RETRY_EVERY_MS,
    ENGINE_WARM_MS: ENGINE_WARM_MS,
    POLL_EVERY_MS: POLL_EVERY_MS,
    banner: banner,
    bannerRetry: bannerRetry,
    skipButton: skipButton,
    dropButton: dropButton,
    netState: netState,
    netStateText: netStateText,
    answered: answered,
    byWord: byWord,
    csrf: csrf,
    field: field,
    fieldsOf: fieldsOf,
    hideBanner: hideBanner,
    isKeptPage: isKeptPage,
    isStroke: isStroke,
    isWrite: isWrite,
    labelFor: labelFor,
    line: line,
    load: load,
    newKey: newKey,
    offline: offline,
    origin: origin,
    panel: panel,
    panelRevision: panelRevision,
    setField: setField,
    showBanner: showBanner,
    store: store,
    strokeClock: strokeClock,
    unanswered: unanswered,
    queue: queue,
    net: net,
    late: late,
  };
})();
