// ttrtool preview: ask the server for the map's state a few times a second; draw the board
// when a newer drawing arrives, list the diagnostics and mark them on the board, and show
// why a save could not be drawn while the last good drawing stays.
(function () {
  "use strict";
  var frame = document.getElementById("board-frame");
  var status = document.getElementById("preview-status");
  var error = document.getElementById("preview-error");
  var list = document.getElementById("diagnostics");
  var count = document.getElementById("diagnostics-count");
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
      li.textContent = where + d.severity + " " + d.code + " " + d.name + ": " + d.message;
      li.setAttribute("data-targets", JSON.stringify(d.targets));
      list.appendChild(li);
    });
    count.textContent = state.diagnostics.length ? state.diagnostics.length + " diagnostic(s)"
                                                 : "No diagnostics.";
    mark(state.diagnostics);
    error.hidden = !state.error;
    error.textContent = state.error || "";
    status.setAttribute("data-generation", String(generation));
    status.setAttribute("data-drawn", String(drawn));
    status.textContent = (state.error ? "the last save could not be drawn; showing the drawing of "
                          : "drawn ") + new Date().toLocaleTimeString() + " (reading " + generation + ")";
  }

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
