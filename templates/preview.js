// ttrtool preview: ask the server for the map's state a few times a second; draw the board
// when a newer drawing arrives, list the diagnostics and mark them on the board, and show
// why a save could not be drawn while the last good drawing stays.  When a diagnostic is one
// `ttrtool fix` can correct, the fix buttons run it on the file (POST /fix, with the page's
// token); the next look draws what it wrote.
(function () {
  "use strict";
  var frame = document.getElementById("board-frame");
  var status = document.getElementById("preview-status");
  var error = document.getElementById("preview-error");
  var list = document.getElementById("diagnostics");
  var count = document.getElementById("diagnostics-count");
  var fixes = document.getElementById("fixes");
  var fixSafe = document.getElementById("fix-safe");
  var fixUnsafe = document.getElementById("fix-unsafe");
  var fixResult = document.getElementById("fix-result");
  var token = document.querySelector('meta[name="token"]').getAttribute("content");
  var drawn = 0;
  var generation = 0;

  function mark(diagnostics) {
    frame.querySelectorAll(".diag").forEach(function (e) { e.classList.remove("diag"); });
    diagnostics.forEach(function (d) {
      d.targets.forEach(function (id) {
        var e = document.getElementById(id);
        if (e) { e.classList.add("diag"); }
      });
    });
  }

  function show(state) {
    if (state.svg) {
      frame.innerHTML = state.svg;
      drawn = state.drawn_generation;
    }
    generation = state.generation;
    list.textContent = "";
    state.diagnostics.forEach(function (d) {
      var li = document.createElement("li");
      li.className = "finding sev-" + d.severity;
      var where = d.line ? d.line + ":" + d.column + " " : "";
      li.textContent = where + d.severity + " " + d.code + " " + d.name + ": " + d.message
        + (d.fix ? " [fixable, " + d.fix + "]" : "");
      li.setAttribute("data-targets", JSON.stringify(d.targets));
      list.appendChild(li);
    });
    count.textContent = state.diagnostics.length ? state.diagnostics.length + " diagnostic(s)"
                                                 : "No diagnostics.";
    mark(state.diagnostics);
    var fixable = state.diagnostics.filter(function (d) { return d.fix; });
    fixes.hidden = !fixable.length;
    fixSafe.hidden = !fixable.some(function (d) { return d.fix === "safe"; });
    error.hidden = !state.error;
    error.textContent = state.error || "";
    status.setAttribute("data-generation", String(generation));
    status.setAttribute("data-drawn", String(drawn));
    status.textContent = (state.error ? "the last save could not be drawn; showing the drawing of "
                          : "drawn ") + new Date().toLocaleTimeString() + " (reading " + generation + ")";
  }

  function fix(unsafe) {
    fixSafe.disabled = fixUnsafe.disabled = true;
    fixResult.hidden = false;
    fixResult.textContent = "fixing…";
    fetch("/fix", { method: "POST", cache: "no-store", body: JSON.stringify({ unsafe: unsafe }),
                    headers: { "Content-Type": "application/json", "X-Token": token } })
      .then(function (r) { return r.json(); })
      .then(function (answer) {
        fixResult.textContent = answer.error ? "not fixed: " + answer.error
                                             : answer.summary.join("\n");
      })
      .catch(function () { fixResult.textContent = "the preview server has stopped"; })
      .then(function () { fixSafe.disabled = fixUnsafe.disabled = false; });
  }
  fixSafe.addEventListener("click", function () { fix(false); });
  fixUnsafe.addEventListener("click", function () { fix(true); });

  function poll() {
    fetch("/state?seen=" + drawn, { cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(function (state) {
        if (state.generation !== generation || state.svg) { show(state); }
      })
      .catch(function () { status.textContent = "the preview server has stopped"; })
      .then(function () { window.setTimeout(poll, 400); });
  }
  poll();
})();
