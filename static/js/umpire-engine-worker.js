// The umpire tablet's rules engine while offline (issue 12), in a Web Worker: Pyodide (vendored
// from the npm registry into static/vendor/pyodide/ by tools/fetch_pyodide.py) runs the
// server's own scoring/rules and scoring/rulings from the bundle /umpire-engine/<hash>.zip
// (scoring/offline/bundle.py). No rule is written here: this file only moves JSON.
"use strict";

var engine = null;

function start(config) {
  var t0 = Date.now();
  importScripts(config.pyodide + "pyodide.js");
  progress("pyodide.js");
  return self.loadPyodide({ indexURL: config.pyodide }).then(function (py) {
    progress("pyodide");
    return fetch(config.bundle, { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) {
        throw new Error("engine bundle: HTTP " + response.status);
      }
      return response.arrayBuffer();
    }).then(function (data) {
      progress("bundle");
      py.unpackArchive(data, "zip", { extractDir: "/engine" });
      py.globals.set("engine_lang", String(config.lang || "en").split("-")[0]);
      py.runPython([
        "import os, sys",
        "sys.path.insert(0, '/engine')",
        "from scoring.offline import browser",
        "_mo = '/engine/catalogues/%s.mo' % engine_lang",
        "browser.install_words(open(_mo, 'rb').read() if os.path.exists(_mo) else None)",
        "from scoring import rulings as _words  # imported once, in the page's language",
      ].join("\n"));
      engine = py.globals.get("browser").rule_json;
      return Date.now() - t0;
    });
  });
}

var ready = null;

// Each step of the start that is done tells the page, which waits for a start that is slow
// but moving (a slow tablet) and begins again only one that stands still.
function progress(step) {
  self.postMessage({ type: "progress", step: step });
}

// A start that fails (say, the network went while the files were loading) is reported once,
// by message; Pyodide's other loads that fail with it are not errors of their own.
self.addEventListener("unhandledrejection", function (event) {
  event.preventDefault();
});

self.onmessage = function (event) {
  var m = event.data || {};
  if (m.type === "start" && !ready) {
    try {
      ready = start(m.config);
    } catch (err) {
      ready = Promise.reject(err);
    }
    ready.then(function (ms) {
      self.postMessage({ type: "ready", ms: ms });
    }, function (err) {
      self.postMessage({ type: "failed", error: String(err && err.message || err) });
    });
  } else if (m.type === "rule" && ready) {
    ready.then(function () {
      var t0 = performance.now();
      var answer = JSON.parse(engine(JSON.stringify(m.log), JSON.stringify(m.pending)));
      self.postMessage({ type: "ruled", id: m.id, result: answer, ms: performance.now() - t0 });
    }).catch(function (err) {
      self.postMessage({ type: "ruled", id: m.id, error: String(err && err.message || err) });
    });
  }
};
