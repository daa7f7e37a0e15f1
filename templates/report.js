// ttrtool's report page: choose a finding to mark its subjects, hover the board, sort tables,
// switch the heatmap and the player count.  Plain script, no library, nothing fetched.
(function () {
  "use strict";
  var hover = JSON.parse(document.getElementById("ttr-hover").textContent || "{}");
  var board = document.getElementById("board-frame");
  var tip = document.getElementById("tip");

  // ---- findings: mark exactly the chosen finding's subjects ----
  function clearMarks() {
    document.querySelectorAll(".hl").forEach(function (e) { e.classList.remove("hl"); });
    document.querySelectorAll("li.finding.chosen").forEach(function (li) {
      li.classList.remove("chosen"); li.setAttribute("aria-pressed", "false");
    });
    document.body.classList.remove("focus");
  }
  function mark(ids, keys) {
    ids.forEach(function (id) {
      var e = document.getElementById(id);
      if (e) { e.classList.add("hl"); }
    });
    document.querySelectorAll("tr[data-key]").forEach(function (tr) {
      if (keys.indexOf(tr.getAttribute("data-key")) >= 0) { tr.classList.add("hl"); }
    });
    document.body.classList.add("focus");
  }
  function choose(li) {
    var again = li.classList.contains("chosen");
    clearMarks();
    if (again) { return; }
    li.classList.add("chosen"); li.setAttribute("aria-pressed", "true");
    mark(JSON.parse(li.getAttribute("data-targets") || "[]"),
         JSON.parse(li.getAttribute("data-rows") || "[]"));
  }
  // A table row about a route, a ticket or a colour: choosing it marks that on the board.
  var rowTargets = JSON.parse(document.getElementById("ttr-rows").textContent || "{}");
  document.querySelectorAll("tr[data-key]").forEach(function (tr) {
    var key = tr.getAttribute("data-key");
    if (!Object.prototype.hasOwnProperty.call(rowTargets, key)) { return; }
    tr.classList.add("pickable");
    tr.addEventListener("click", function () {
      var again = tr.classList.contains("hl") && !document.querySelector("li.finding.chosen");
      clearMarks();
      if (!again) { mark(rowTargets[key], [key]); }
    });
  });
  document.querySelectorAll("li.finding").forEach(function (li) {
    li.addEventListener("click", function () { choose(li); });
    li.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); choose(li); }
    });
  });
  document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") { clearMarks(); } });
  var clear = document.getElementById("clear-selection");
  if (clear) { clear.addEventListener("click", clearMarks); }

  // ---- hover: what is known about a route or a place ----
  function hoverTarget(e) {
    while (e && e !== board) {
      if (e.id && Object.prototype.hasOwnProperty.call(hover, e.id)) { return e; }
      e = e.parentNode;
    }
    return null;
  }
  if (board && tip) {
    board.addEventListener("mousemove", function (ev) {
      var t = hoverTarget(ev.target);
      if (!t) { tip.hidden = true; return; }
      tip.textContent = hover[t.id].join("\n");
      tip.setAttribute("data-for", t.id);
      tip.hidden = false;
      var x = Math.min(ev.clientX + 14, window.innerWidth - tip.offsetWidth - 8);
      var y = Math.min(ev.clientY + 14, window.innerHeight - tip.offsetHeight - 8);
      tip.style.left = x + "px"; tip.style.top = y + "px";
    });
    board.addEventListener("mouseleave", function () { tip.hidden = true; });
    // The drawing's own <title> tooltips would stack on ours.
    board.querySelectorAll("#layer-routes title, #layer-cities title").forEach(function (t) {
      t.parentNode.removeChild(t);
    });
  }

  // ---- layers that can be switched off: the heatmap, the basemap ----
  [["toggle-heatmap", "no-heat"], ["toggle-basemap", "no-basemap"]].forEach(function (t) {
    var box = document.getElementById(t[0]);
    if (box) {
      box.addEventListener("change", function () {
        document.body.classList.toggle(t[1], !box.checked);
      });
    }
  });

  // ---- player-count tabs ----
  document.querySelectorAll(".tabs").forEach(function (tabs) {
    var buttons = tabs.querySelectorAll("button[data-show]");
    buttons.forEach(function (b) {
      b.addEventListener("click", function () {
        buttons.forEach(function (o) {
          var on = o === b;
          o.setAttribute("aria-selected", on ? "true" : "false");
          document.getElementById(o.getAttribute("data-show")).hidden = !on;
        });
      });
    });
  });

  // ---- sortable tables ----
  function key(td) {
    var s = td.hasAttribute("data-sort") ? td.getAttribute("data-sort") : td.textContent;
    var n = parseFloat(s);
    return isNaN(n) || String(n) !== String(Number(s)) ? { n: null, s: s.toLowerCase() } : { n: n, s: "" };
  }
  function compare(a, b) {
    if (a.n !== null && b.n !== null) { return a.n - b.n; }
    if (a.n !== null) { return -1; }
    if (b.n !== null) { return 1; }
    return a.s < b.s ? -1 : a.s > b.s ? 1 : 0;
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    var heads = table.querySelectorAll("thead th");
    heads.forEach(function (th, col) {
      th.querySelector("button.sort").addEventListener("click", function () {
        var down = th.getAttribute("aria-sort") === "ascending";
        heads.forEach(function (o) { o.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", down ? "descending" : "ascending");
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows).map(function (tr, i) {
          return { tr: tr, k: key(tr.cells[col]), i: i };
        });
        rows.sort(function (a, b) { return (down ? -1 : 1) * compare(a.k, b.k) || a.i - b.i; });
        rows.forEach(function (r) { body.appendChild(r.tr); });
      });
    });
  });
})();
