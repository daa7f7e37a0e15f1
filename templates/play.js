// ttrtool play: the page is a client of the game's small JSON API.  GET /state gives the
// position as the seat to move may know it and its legal actions (in the log's notation);
// every click posts one of those actions to POST /action, with the page's token.  The page
// holds no rules: what it offers is exactly the server's list of legal actions.
//
// Why polling: the server plays the bots' moves while it answers the POST that follows a
// human move, so the answer already carries them.  Polling /state now and then only
// catches moves made elsewhere (another tab, a second window of a hot-seat game); it is a
// few hundred bytes a second on 127.0.0.1, and it keeps the server the standard library's
// (server-sent events or websockets would need a long-lived connection per tab).
(function () {
  "use strict";
  var facts = JSON.parse(document.getElementById("play-facts").textContent);
  var token = document.querySelector('meta[name="token"]').getAttribute("content");
  var $ = function (id) { return document.getElementById(id); };
  var state = null;
  var busy = false;
  var selected = null; // {kind: "route"|"city", index}
  var shownSeat = null; // the human seat whose hand the curtain was last lifted for
  var lastMove = -1;
  var SVGNS = "http://www.w3.org/2000/svg";
  var humans = 0;

  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    if (cls) { e.className = cls; }
    return e;
  }

  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

  function seatName(q) {
    return "seat " + (q + 1) + " (" + state.seats[q].player + ")";
  }

  // -- action text, read for people --------------------------------------

  function words(text) { return text.split(/\s+/); }

  function payment(color, cards, locos, subs) {
    var parts = [];
    if (cards > 0) { parts.push(cards + " " + color); }
    if (locos > 0) { parts.push(plural(locos, "locomotive")); }
    if (subs && subs.length) { parts.push("substitutes " + subs.join(", ")); }
    return parts.length ? parts.join(" + ") : "no card";
  }

  function readPay(w, from) { // [color, xN, locoN, with, a:1 ...]
    var subs = [];
    if (w[from + 3] === "with") { subs = w.slice(from + 4).map(function (s) { return s.replace(":", " ×"); }); }
    return payment(w[from], +w[from + 1].slice(1), +w[from + 2].slice(4), subs);
  }

  function describe(text) {
    var w = words(text);
    if (w[0] === "claim") { return "Claim " + facts.routes[+w[1].slice(1)].label + " with " + readPay(w, 2); }
    if (w[0] === "station") { return "Station in " + facts.nodes[+w[1].slice(1)].name + " for " + readPay(w, 2); }
    if (w[0] === "pay") { return "Pay " + readPay(w, 1); }
    if (w[0] === "withdraw") { return "Withdraw (take the cards back)"; }
    if (w[0] === "draw") { return w[1] === "deck" ? "Draw from the deck" : "Take the face-up " + w[1]; }
    if (w[0] === "tickets") { return "Draw destination tickets"; }
    if (w[0] === "keep") { return "Keep " + (w.length - 1) + " ticket(s)"; }
    if (w[0] === "pass") { return "Pass (nothing else is possible)"; }
    return text;
  }

  function legal(prefix) {
    return state.legal.filter(function (a) { return a === prefix || a.indexOf(prefix + " ") === 0; });
  }

  // -- talking to the server ---------------------------------------------

  function say(text, bad) {
    var s = $("status");
    s.textContent = text;
    s.classList.toggle("bad", !!bad);
  }

  function post(action) {
    if (busy) { return; }
    busy = true;
    selected = null;
    fetch("/action", {
      method: "POST", cache: "no-store",
      headers: { "Content-Type": "application/json", "X-Token": token },
      body: JSON.stringify({ action: action, move: state.move })
    }).then(function (r) {
      return r.json().then(function (body) { return { ok: r.ok, body: body }; });
    }).then(function (answer) {
      busy = false;
      if (answer.ok) { show(answer.body); } else { refresh(); say(answer.body.error || "refused", true); }
    }).catch(function () { busy = false; say("the play server has stopped (the game is saved)", true); });
  }

  function refresh() {
    return fetch("/state", { cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(function (s) { if (!busy && (!state || s.move !== state.move || s.over !== state.over)) { show(s); } })
      .catch(function () { say("the play server has stopped (the game is saved)", true); });
  }

  // -- the board ----------------------------------------------------------

  function marks() {
    document.querySelectorAll("#board-frame .owned, #board-frame .can-claim, #board-frame .can-build, #board-frame .picked")
      .forEach(function (e) { e.classList.remove("owned", "can-claim", "can-build", "picked"); });
    document.querySelectorAll("#board-frame .station-mark, #board-frame .train").forEach(function (e) { e.remove(); });
    state.claimed.forEach(function (pair) {
      // A claimed route keeps its colour and gets the claimer's trains on its spaces: a
      // piece in the seat's colour on every space, as on the table.
      var g = $(facts.route_ids[pair[0]]);
      if (!g) { return; }
      var color = facts.seat_colors[pair[1] % facts.seat_colors.length];
      g.classList.add("owned");
      g.style.setProperty("--seat", color);
      g.querySelectorAll("rect.space").forEach(function (space) {
        var w = +space.getAttribute("width"), h = +space.getAttribute("height");
        var piece = document.createElementNS(SVGNS, "rect");
        piece.setAttribute("class", "train");
        piece.setAttribute("x", -w * 0.38); piece.setAttribute("y", -h * 0.32);
        piece.setAttribute("width", w * 0.76); piece.setAttribute("height", h * 0.64);
        piece.setAttribute("rx", h * 0.2);
        piece.setAttribute("transform", space.getAttribute("transform") || "");
        piece.setAttribute("fill", color);
        g.appendChild(piece);
      });
    });
    state.stations.forEach(function (pair) {
      var id = facts.node_ids[pair[0]];
      var c = id && $(id);
      if (!c || !c.getAttribute("cx")) { return; }
      var m = document.createElementNS(SVGNS, "rect");
      var x = +c.getAttribute("cx"), y = +c.getAttribute("cy");
      m.setAttribute("x", x - 3); m.setAttribute("y", y - 11); m.setAttribute("width", 6); m.setAttribute("height", 6);
      m.setAttribute("class", "station-mark");
      m.setAttribute("fill", facts.seat_colors[pair[1] % facts.seat_colors.length]);
      c.parentNode.appendChild(m);
    });
    claimable().forEach(function (r) { var g = $(facts.route_ids[r]); if (g) { g.classList.add("can-claim"); } });
    buildable().forEach(function (n) { var c = facts.node_ids[n] && $(facts.node_ids[n]); if (c) { c.classList.add("can-build"); } });
    if (selected) {
      var id = selected.kind === "route" ? facts.route_ids[selected.index] : facts.node_ids[selected.index];
      var e = id && $(id);
      if (e) { e.classList.add("picked"); }
    }
  }

  function indices(prefix) {
    var seen = {};
    legal(prefix).forEach(function (a) { seen[+words(a)[1].slice(1)] = true; });
    return Object.keys(seen).map(Number).sort(function (a, b) { return a - b; });
  }
  function claimable() { return state && state.phase === "main" ? indices("claim") : []; }
  function buildable() { return state && state.phase === "main" ? indices("station") : []; }

  function pick(kind, index) {
    if (!state || !state.human || busy) { return; }
    selected = { kind: kind, index: index };
    choices();
    marks();
  }

  function choices() {
    var box = $("choices");
    box.textContent = "";
    if (!selected) { return; }
    var prefix = (selected.kind === "route" ? "claim r" : "station c") + selected.index;
    var name = selected.kind === "route" ? facts.routes[selected.index].label : facts.nodes[selected.index].name;
    var options = legal(prefix);
    box.appendChild(el("h3", (selected.kind === "route" ? "Claim " : "Build a station in ") + name));
    if (!options.length) {
      box.appendChild(el("p", selected.kind === "route" ? "You cannot claim this route now (taken, or your cards or trains do not pay for it)."
                                                         : "You cannot build a station here now."));
    }
    options.forEach(function (a) { box.appendChild(button(describe(a), a, "choice")); });
    var cancel = el("button", "Cancel", "cancel");
    cancel.type = "button";
    cancel.addEventListener("click", function () { selected = null; choices(); marks(); });
    box.appendChild(cancel);
    box.scrollIntoView({ block: "nearest" });
  }

  document.querySelectorAll("#board-frame .route").forEach(function (g) {
    var index = facts.route_ids.indexOf(g.id);
    if (index >= 0) { g.addEventListener("click", function () { pick("route", index); }); }
  });
  facts.node_ids.forEach(function (id, n) {
    var c = id && $(id);
    if (c && facts.nodes[n].kind === "city") { c.addEventListener("click", function () { pick("city", n); }); }
  });

  // -- the side panel -----------------------------------------------------

  function button(label, action, cls) {
    var b = el("button", label, cls);
    b.type = "button";
    b.setAttribute("data-action", action);
    b.disabled = !state.human || state.legal.indexOf(action) < 0;
    b.addEventListener("click", function () { post(action); });
    return b;
  }

  function chip(card, count, action) {
    var c = action ? el("button", null, "card") : el("span", null, "card");
    c.style.background = facts.card_colors[card] || "#999";
    c.appendChild(el("span", card + (count > 1 ? " ×" + count : ""), "card-name"));
    if (action) {
      c.type = "button";
      c.setAttribute("data-action", action);
      c.disabled = !state.human || state.legal.indexOf(action) < 0;
      c.addEventListener("click", function () { post(action); });
    }
    return c;
  }

  function ticketLabel(t) { return facts.tickets[t].label; }

  function seatsTable() {
    var t = $("seats");
    t.textContent = "";
    var head = el("tr");
    ["", "Player", "Score", "Trains left", "Stations left", "Cards", "Tickets"].forEach(function (h) { head.appendChild(el("th", h)); });
    t.appendChild(head);
    state.seats.forEach(function (s) {
      var row = el("tr", null, s.seat === state.seat ? "to-move" : "");
      var dot = el("td", "●", "seat-dot");
      dot.style.color = facts.seat_colors[s.seat % facts.seat_colors.length];
      row.appendChild(dot);
      [seatName(s.seat), s.score, s.trains, s.stations, s.cards, s.tickets].forEach(function (v) { row.appendChild(el("td", v)); });
      t.appendChild(row);
    });
  }

  function keepBox(box) {
    var offered = state.offered;
    var form = el("div", null, "keep");
    offered.forEach(function (t) {
      var label = el("label");
      var box2 = document.createElement("input");
      box2.type = "checkbox"; box2.checked = true; box2.value = String(t);
      box2.addEventListener("change", update);
      label.appendChild(box2);
      label.appendChild(document.createTextNode(" " + ticketLabel(t)));
      form.appendChild(label);
    });
    var keep = el("button", "Keep the ticked tickets", "keep-button");
    keep.type = "button"; keep.id = "keep-button";
    function text() {
      var kept = Array.prototype.filter.call(form.querySelectorAll("input"), function (i) { return i.checked; })
        .map(function (i) { return " t" + i.value; });
      return "keep" + kept.join("");
    }
    function update() {
      var ok = state.legal.indexOf(text()) >= 0;
      keep.disabled = !ok || !state.human;
      keep.setAttribute("data-action", text());
      note.textContent = ok ? "" : "Keep more tickets: the rules ask for at least " + minKeep() + ".";
    }
    function minKeep() {
      return Math.min.apply(null, legal("keep").map(function (a) { return words(a).length - 1; }));
    }
    var note = el("p", "", "note");
    keep.addEventListener("click", function () { if (!keep.disabled) { post(text()); } });
    form.appendChild(keep);
    form.appendChild(note);
    box.appendChild(form);
    update();
  }

  function actionsPanel() {
    var box = $("actions");
    box.textContent = "";
    var prompt = $("prompt");
    var phase = state.phase;
    if (state.over) { prompt.textContent = "The game is over."; return; }
    if (!state.human) { prompt.textContent = seatName(state.seat) + " is thinking…"; return; }
    if (phase === "setup_tickets" || phase === "tickets") {
      prompt.textContent = "Choose the destination tickets to keep.";
      keepBox(box);
    } else if (phase === "tunnel") {
      var t = state.tunnel;
      prompt.textContent = "Tunnel " + facts.routes[t.route].label + ": the deck showed " +
        (t.revealed.join(", ") || "nothing") + "; pay " + plural(t.extra, "extra card") + " or withdraw.";
      var shown = el("div", null, "cards revealed");
      t.revealed.forEach(function (card) { shown.appendChild(chip(card, 1)); });
      box.appendChild(shown);
      legal("pay").forEach(function (a) { box.appendChild(button(describe(a), a, "choice")); });
      box.appendChild(button(describe("withdraw"), "withdraw", "choice"));
    } else if (phase === "second_draw") {
      prompt.textContent = "Take a second card: a face-up card (not a locomotive) or from the deck.";
    } else {
      prompt.textContent = "Draw cards (a face-up card or the deck), click a route to claim it, " +
        "click a city for a station, or draw destination tickets.";
      box.appendChild(button(describe("tickets"), "tickets", "choice"));
      if (state.legal.indexOf("pass") >= 0) { box.appendChild(button(describe("pass"), "pass", "choice")); }
      var routes = claimable();
      if (routes.length) {
        var list = el("details", null, "claimable");
        list.appendChild(el("summary", "Routes you can claim (" + routes.length + ")"));
        routes.forEach(function (r) {
          var b = el("button", facts.routes[r].label, "route-pick");
          b.type = "button"; b.setAttribute("data-route", String(r));
          b.addEventListener("click", function () { pick("route", r); });
          list.appendChild(b);
        });
        box.appendChild(list);
      }
      var cities = buildable();
      if (cities.length) {
        var st = el("details", null, "buildable");
        st.appendChild(el("summary", "Cities where you can build a station (" + cities.length + ")"));
        cities.forEach(function (n) {
          var b = el("button", facts.nodes[n].name, "city-pick");
          b.type = "button"; b.setAttribute("data-city", String(n));
          b.addEventListener("click", function () { pick("city", n); });
          st.appendChild(b);
        });
        box.appendChild(st);
      }
    }
  }

  function cardsPanel() {
    var market = $("market");
    market.textContent = "";
    state.market.forEach(function (card) { market.appendChild(chip(card, 1, "draw " + card)); });
    var deck = button("Deck (" + state.deck + ")", "draw deck", "deck");
    deck.id = "deck-button";
    market.appendChild(deck);
    var hand = $("hand");
    hand.textContent = "";
    facts.cards.forEach(function (card) { if (state.hand[card]) { hand.appendChild(chip(card, state.hand[card])); } });
    if (!hand.childNodes.length) { hand.appendChild(el("span", "no cards", "note")); }
    var tickets = $("tickets");
    tickets.textContent = "";
    state.tickets.forEach(function (t) {
      tickets.appendChild(el("li", (t.done ? "✓ " : "") + ticketLabel(t.ticket), t.done ? "done" : ""));
    });
    if (!state.tickets.length) { tickets.appendChild(el("li", "none yet", "note")); }
  }

  function flash() {
    // The bots' moves arrive together with the answer to a human move: the routes they
    // claimed and the cities they built in blink for a moment, so the table sees them.
    if (lastMove < 0) { return; }
    state.recent.forEach(function (m) {
      if (m.move <= lastMove || (m.seat === state.seat && state.human)) { return; }
      var w = words(m.text);
      var id = w[0] === "claim" ? facts.route_ids[+w[1].slice(1)]
             : w[0] === "station" ? facts.node_ids[+w[1].slice(1)] : null;
      var e = id && $(id);
      if (!e) { return; }
      e.classList.remove("just");
      void e.getBoundingClientRect(); // restart the animation
      e.classList.add("just");
    });
  }

  function movesList() {
    var list = $("moves");
    list.textContent = "";
    state.recent.forEach(function (m) {
      var li = el("li", seatName(m.seat) + " " + m.says, m.move > lastMove && lastMove >= 0 ? "new" : "");
      li.style.borderLeftColor = facts.seat_colors[m.seat % facts.seat_colors.length];
      li.title = m.text;
      list.appendChild(li);
    });
    list.scrollTop = list.scrollHeight;
  }

  function table(id, head, rows) {
    var t = $(id);
    t.textContent = "";
    var tr = el("tr");
    head.forEach(function (h) { tr.appendChild(el("th", h)); });
    t.appendChild(tr);
    rows.forEach(function (r) {
      var row = el("tr");
      r.forEach(function (v) { row.appendChild(el("td", v)); });
      t.appendChild(row);
    });
  }

  function finalPanel() {
    var box = $("final");
    box.hidden = !state.over;
    if (!state.over) { return; }
    var f = state.final;
    var extra = {};
    f.players.forEach(function (p) { Object.keys(p.breakdown).forEach(function (k) { extra[k] = true; }); });
    var parts = Object.keys(extra);
    table("final-table", ["Seat", "Score"].concat(parts).concat(["Trains left", "Tickets"]),
      f.players.map(function (p) {
        return [seatName(p.seat) + (f.winners.indexOf(p.seat) >= 0 ? " — wins" : ""), p.score]
          .concat(parts.map(function (k) { return p.breakdown[k] || 0; }))
          .concat([p.trains_left, p.tickets.map(function (t) { return (t.completed ? "✓ " : "✗ ") + t.label + " (" + t.scored + ")"; }).join("; ")]);
      }));
    var r = state.review;
    table("moments", ["Turn", "Seat", "You did", "The " + r.adviser + " would have"],
      r.moments.map(function (m) { return [m.turn, seatName(m.seat), m.human, m.expert]; }));
    if (!r.moments.length) { $("moments").appendChild(el("caption", "You played as the expert would have at every decision that weighs.")); }
    table("compare", ["Seat", "Score", "Tickets done / kept", "Ticket points", "Routes", "Route points", "Mean length", "Longest path", "Trains left"],
      r.seats.map(function (s) {
        return [seatName(s.seat), s.score, s.tickets_completed + " / " + s.tickets_kept, s.ticket_points, s.routes,
                s.route_points, s.mean_length, s.longest_path, s.trains_left];
      }));
    $("log-note").textContent = "The game is logged in " + state.log + " (ttrtool replay re-plays it). Ended: " +
      f.end + " after " + f.turns + " turns.";
  }

  function curtain() {
    // Hot-seat: when the screen passes from one human seat to another, the hand stays hidden
    // until the next player asks for it.
    var c = $("curtain");
    var need = humans > 1 && state.human && shownSeat !== state.seat;
    c.hidden = !need;
    if (need) { $("curtain-text").textContent = "Pass the screen to " + seatName(state.seat) + "."; }
    return need;
  }
  $("curtain-button").addEventListener("click", function () { shownSeat = state.seat; curtain(); });

  function show(s) {
    state = s;
    humans = state.seats.filter(function (q) { return q.player === "human"; }).length;
    if (humans === 1 && state.human) { shownSeat = state.seat; }
    if (selected && !(state.human && state.phase === "main")) { selected = null; }
    $("turn-box").hidden = state.over;
    $("turn-title").textContent = state.over ? "Game over" : state.human ? "Turn of " + seatName(state.seat) : "Bots moving";
    var status = $("status");
    status.setAttribute("data-move", String(state.move));
    status.setAttribute("data-over", String(state.over));
    say(state.over ? "Game over." : "Turn " + state.turn + " · " + seatName(state.seat) + " to move" +
        (state.final_round ? " · final round" + (state.turns_left !== null ? " (" + plural(state.turns_left, "turn") + " left)" : "") : ""));
    seatsTable();
    actionsPanel();
    cardsPanel();
    movesList();
    choices();
    marks();
    finalPanel();
    flash();
    curtain();
    lastMove = state.move - 1;
  }

  refresh();
  window.setInterval(function () { if (!busy) { refresh(); } }, 2000);
})();
