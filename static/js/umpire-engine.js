// The umpire tablet's offline rules engine, page side (issue 12): starts the Web Worker
// (static/js/umpire-engine-worker.js) that runs scoring/rules in Pyodide, and answers
// UmpireEngine.rule(log, pending) with the engine's rulings for the queued strokes and the
// position after them. static/js/umpire.js has the service worker keep the engine's files as
// soon as the page is open (prefetch) and starts the engine only when strokes wait or the
// network is gone (start: a few seconds of CPU a tablet spends only then). Where Pyodide does
// not load (or a step of its start stands still for START_LIMIT), UmpireEngine.state is "failed" and the tablet
// shows the queued strokes without rulings; a later need starts it again (up to 3 tries).
"use strict";

(function () {
  var START_LIMIT = 20000;
  var worker = null;
  var calls = {};
  var next = 1;
  var listeners = [];

  var api = {
    state: "idle", // "loading", "ready", "failed"
    tries: 0,
    stalls: [], // the step after which each start that was begun again stood still
    startMs: null,
    lastRuleMs: null,
    error: "",
    onChange: function (fn) { listeners.push(fn); },
    prefetch: keep,
    kept: kept,
    start: start,
    rule: rule,
  };

  function set(state, error) {
    api.state = state;
    api.error = error || "";
    document.documentElement.dataset.umpireEngine = state;
    listeners.forEach(function (fn) { try { fn(state); } catch (e) { /* next */ } });
  }

  // the engine's files: Pyodide's, the rules bundle, the worker's script and this one
  function files(config) {
    var base = new URL(config.pyodide, location.href).href;
    var urls = ["pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                "pyodide-lock.json"].map(function (name) { return base + name; });
    urls.push(new URL(config.bundle, location.href).href,
              new URL(config.worker, location.href).href,
              new URL(config.script, location.href).href);
    return urls;
  }

  function keep(config) {
    // the service worker keeps the engine's files for a reopening without network
    if (!navigator.serviceWorker) { return; }
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) {
        registration.active.postMessage({ cache: files(config) });
      }
    }).catch(function () {});
  }

  // With the network gone, a start can only load what the service worker has kept: true when
  // it holds every file (or where this cannot be known: no Cache API, or still online).
  // ``cut``: the page knows the network is gone though navigator.onLine says true (a request
  // got no answer, or the page is the kept copy: static/js/umpire.js, offline()).
  function loadable(config, cut) {
    if ((navigator.onLine !== false && !cut) || !window.caches || !navigator.serviceWorker ||
        !navigator.serviceWorker.controller) {
      return Promise.resolve(true);
    }
    return kept(config).then(null, function () { return true; });
  }

  // true when the service worker's cache holds every one of the engine's files (each is put
  // there on its own, so some may be there before the others)
  function kept(config) {
    if (!window.caches) { return Promise.resolve(false); }
    return Promise.all(files(config).map(function (url) {
      return window.caches.match(url, { ignoreVary: true });
    })).then(function (found) { return found.every(Boolean); });
  }

  var checking = false;

  function start(config, lang, cut) {
    if (api.state === "loading" || api.state === "ready" || checking) {
      return;
    }
    if (!window.Worker || !window.WebAssembly) {
      set("failed", "no Worker or WebAssembly");
      return;
    }
    // cut off before the files were kept: no start (Pyodide's would break off half way and
    // use up a try); the strokes wait without rulings, and the next need checks again
    checking = true;
    loadable(config, cut).then(function (ok) {
      checking = false;
      if (ok) {
        begin(config, lang, cut);
      } else if (api.state !== "loading" && api.state !== "ready") {
        set("failed", "offline before the engine's files were kept");
      }
    });
  }

  function begin(config, lang, cut) {
    if (worker) {
      worker.terminate(); // a start that failed: begin again
      worker = null;
    }
    api.tries += 1;
    set("loading");
    var step = "worker";
    var timer = null;
    function arm() {
      // START_LIMIT without a step done: a start that stands still is begun again
      window.clearTimeout(timer);
      timer = window.setTimeout(function () {
        if (api.state === "loading") {
          api.stalls.push(step);
          set("failed", "start stood still after " + step);
          if (api.tries < 3) { start(config, lang, cut); }
        }
      }, START_LIMIT);
    }
    arm();
    try {
      worker = new Worker(config.worker);
    } catch (err) {
      set("failed", String(err));
      return;
    }
    worker.onmessage = function (event) {
      var m = event.data || {};
      if (m.type === "progress") {
        step = m.step;
        arm();
      } else if (m.type === "ready") {
        window.clearTimeout(timer);
        api.startMs = m.ms;
        set("ready");
      } else if (m.type === "failed") {
        window.clearTimeout(timer);
        set("failed", m.error);
      } else if (m.type === "ruled" && calls[m.id]) {
        var call = calls[m.id];
        delete calls[m.id];
        api.lastRuleMs = m.ms;
        if (m.error) { call.reject(new Error(m.error)); } else { call.resolve(m.result); }
      }
    };
    worker.onerror = function (event) {
      window.clearTimeout(timer);
      // no message: the worker's script did not load (offline, on a page no service worker
      // controls yet)
      set("failed", String(event.message || "worker script not loaded"));
    };
    worker.postMessage({ type: "start", config: { pyodide: config.pyodide, bundle: config.bundle,
                                                  lang: lang } });
  }

  function rule(log, pending) {
    if (api.state !== "ready") {
      return Promise.reject(new Error("engine not ready"));
    }
    var id = next++;
    return new Promise(function (resolve, reject) {
      calls[id] = { resolve: resolve, reject: reject };
      worker.postMessage({ type: "rule", id: id, log: log, pending: pending });
    });
  }

  window.UmpireEngine = api;
  document.dispatchEvent(new CustomEvent("umpire-engine:loaded"));
})();
