// The events page: the hand is composed here, tap by tap, and sent as one tap to the entry
// route (the lines `record` takes: dealer, events, one line an event, then the end of them).
// Nothing is written until Save; the server checks and writes it all or nothing.
(function () {
  "use strict";
  const root = document.getElementById("events");
  const data = document.getElementById("players-data");
  if (!root || !data) return;
  const { players, quoted } = JSON.parse(data.textContent);
  const csrfMeta = document.querySelector('meta[name="csrf-token"]');
  const csrf = csrfMeta ? csrfMeta.content : "";
  const base = root.dataset.base;
  const said = document.getElementById("said");
  // The page's own words, in the reader's language (events_entry.EVENT_WORDS: the server's catalogue).
  const W = JSON.parse(document.getElementById("events-words").textContent);
  const ELIDED = /^[AEIOUYHÀÂÄÉÈÊËÎÏÔÖÙÛÜaeiouyhàâäéèêëîïôöùûü]/;
  // W[key] with each {name} filled; a French sentence may write {de_name}: « de Bruno », « d’Anne »
  function t(key, values) {
    return W[key].replace(/\{(de_)?(\w+)\}/g, (m, de, k) => {
      const v = String(values[k]);
      return de ? (ELIDED.test(v) ? "d\u2019" + v : "de " + v) : v;
    });
  }
  const names = { AS: "A♠", AH: "A♥", AD: "A♦", AC: "A♣", JH: W.quinola };
  let seen = root.dataset.seen;
  let question = root.dataset.question;
  let hand = Number(root.dataset.hand);
  // a hand reopened to be corrected: its events as the page's state, and Save rewrites it
  const reopened = document.getElementById("events-state");
  const tapUrl = root.dataset.tap || base + "/tap";
  let state = reopened ? JSON.parse(reopened.textContent) : fresh(root.dataset.proposed);
  let shown = null; // the Ace's question open (how, or which trick): scrolled into view once

  function fresh(proposed) {
    const dealer = players.indexOf(proposed);
    return { dealer: dealer >= 0 ? dealer : null, winner: null, loser: null, talon: null, cards: [],
             picking: null, reverser: null, breaker: null, broken_at: null, espagnolette: null,
             esp_result: null };
  }

  function say(text, ok) {
    said.textContent = "";
    if (!text) return;
    const p = document.createElement("p");
    p.className = ok ? "ok" : "no";
    p.textContent = text.replace(/`/g, "");  // the page's words: no keyboard marks
    said.appendChild(p);
    // the verdict beside the Save button, in view: the finger is there
    said.scrollIntoView({ block: "nearest" });
  }

  // ------------------------------------------------------------ one choice in a row of buttons
  root.querySelectorAll("[data-field]").forEach(function (row) {
    row.addEventListener("click", function (event) {
      const button = event.target.closest("button");
      if (!button) return;
      const field = row.dataset.field;
      const raw = button.dataset.value;
      const value = /^\d+$/.test(raw) && field !== "broken_at" ? Number(raw) : raw;
      const other = { winner: "loser", loser: "winner" }[field];
      if (other && state[field] !== value && state[other] === value) {
        say(t("both", { player: players[value] }), false);  // refused at the tap, not at Save
        return;
      }
      state[field] = state[field] === value ? null : value;
      // a line kept as written gives way to the choice tapped that replaces it
      if (other && state.party_line) state.party_line = null;
      if (field === "talon" && state.talon_line) state.talon_line = null;
      if (other) say("", true);
      draw();
    });
  });

  // ------------------------------------------------------------ an Ace or Quinola: whose, how, which trick
  root.querySelectorAll(".cell").forEach(function (cell) {
    cell.addEventListener("click", function () {
      state.picking = { card: cell.dataset.card, player: Number(cell.dataset.player) };
      state.cards = state.cards.filter((c) => c.card !== cell.dataset.card);
      draw();
    });
  });

  function howChoices() {
    const box = document.getElementById("how-choices");
    box.textContent = "";
    const pick = state.picking;
    const who = players[pick.player];
    document.getElementById("how-title").textContent = t("how", { card: names[pick.card], player: who });
    const add = function (label, how, other) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "big how";
      b.textContent = label;
      b.addEventListener("click", function () {
        pick.how = how;
        pick.other = other;
        draw();
      });
      box.appendChild(b);
    };
    players.forEach(function (p, i) { if (i !== pick.player) add(t("took", { player: p }), "placed", i); });
    players.forEach(function (p, i) { if (i !== pick.player) add(t("forced_on", { player: p }), "forced", i); });
    add(t("led_it", { player: who }), "led", null);
  }

  root.querySelectorAll(".trick").forEach(function (b) {
    b.addEventListener("click", function () {
      const pick = state.picking;
      if (!pick || !pick.how) return;
      pick.trick = Number(b.dataset.trick);
      state.cards.push(pick);
      state.cards.sort((a, c) => a.trick - c.trick);
      state.picking = null;
      draw();
    });
  });

  function cardWords(c) {
    const who = players[c.player], other = c.other === null ? null : players[c.other];
    const card = names[c.card];
    const said = { trick: c.trick, player: who, card: card, other: other };
    if (c.line) return t("as_written", { what: t(c.how === "led" ? "was_led" : c.how === "forced" ? "was_forced" : "was_placed", said), line: c.line.shown });
    return t(c.how === "led" ? "was_led" : c.how === "forced" ? "was_forced" : "was_placed", said);
  }

  function cardLine(c) {
    if (c.line) return c.line.line;  // the suit led, or gathered: sent as written
    const who = quoted[c.player], other = c.other === null ? null : quoted[c.other];
    if (c.how === "led") return c.trick + ". " + who + " leads " + c.card;
    if (c.how === "forced") return c.trick + ". " + other + " forces " + c.card + " from " + who;
    return c.trick + ". " + who + " places " + c.card + ", " + other + " takes it";
  }

  // ------------------------------------------------------------ the page as the state says
  function draw() {
    root.querySelectorAll("[data-field]").forEach(function (row) {
      row.querySelectorAll("button").forEach(function (b) {
        const raw = b.dataset.value;
        const value = /^\d+$/.test(raw) && row.dataset.field !== "broken_at" ? Number(raw) : raw;
        b.setAttribute("aria-pressed", String(state[row.dataset.field] === value));
      });
    });
    root.querySelectorAll(".cell").forEach(function (cell) {
      const done = state.cards.find((c) => c.card === cell.dataset.card && c.player === Number(cell.dataset.player));
      const pick = state.picking;
      cell.classList.toggle("done", Boolean(done));
      cell.classList.toggle("chosen", Boolean(pick && pick.card === cell.dataset.card &&
                                              pick.player === Number(cell.dataset.player)));
      cell.textContent = done ? t("done", { trick: done.trick }) : (cell.dataset.card === "JH" ? W.jh : names[cell.dataset.card]);
    });
    const how = document.getElementById("how"), which = document.getElementById("which");
    how.hidden = !state.picking || Boolean(state.picking.how);
    which.hidden = !state.picking || !state.picking.how;
    if (!how.hidden) howChoices();
    if (!which.hidden) {
      document.getElementById("which-title").textContent = t("which", { card: names[state.picking.card] });
    }
    // the question just opened, in view (below the grid, it may be under the fold)
    const open = !how.hidden ? how : !which.hidden ? which : null;
    if (open && open !== shown) open.scrollIntoView({ block: "nearest" });
    shown = open;
    const list = document.getElementById("list");
    list.textContent = "";
    state.cards.forEach(function (c) {
      const li = document.createElement("li");
      li.textContent = cardWords(c);
      const drop = document.createElement("button");
      drop.type = "button";
      drop.textContent = W.remove;
      drop.setAttribute("aria-label", t("remove_this", { what: cardWords(c) }));
      drop.addEventListener("click", function () {
        state.cards = state.cards.filter((x) => x !== c);
        draw();
      });
      li.appendChild(drop);
      list.appendChild(li);
    });
    drawKept();
    root.querySelectorAll("#number, #save .n").forEach((n) => { n.textContent = String(hand); });
  }

  // the lines of a reopened hand this page cannot tap, kept as written (each with remove)
  function keptLines() {
    return [state.party_line, state.talon_line].concat(state.kept || []).filter(Boolean);
  }
  function drawKept() {
    const box = document.getElementById("kept");
    if (!box) return;
    box.textContent = "";
    const lines = keptLines();
    document.getElementById("kept-step").hidden = !lines.length;
    lines.forEach(function (k) {
      const li = document.createElement("li");
      li.textContent = k.shown;
      const drop = document.createElement("button");
      drop.type = "button";
      drop.textContent = W.remove;
      drop.setAttribute("aria-label", t("remove_this", { what: k.shown }));
      drop.addEventListener("click", function () {
        if (state.party_line === k) state.party_line = null;
        else if (state.talon_line === k) state.talon_line = null;
        else state.kept = state.kept.filter((x) => x !== k);
        draw();
      });
      li.appendChild(drop);
      box.appendChild(li);
    });
  }

  // ------------------------------------------------------------ save: one tap to the entry route
  function entries() {
    const out = [];
    if (state.dealer === null) return { problem: W.who_dealt };
    if (question !== "events" || reopened) out.push("dealer: " + quoted[state.dealer]);
    out.push("events:");
    const reversis = state.reverser !== null;
    if (!reversis) {
      if (state.loser === null) return { problem: W.who_lost };
      out.push(state.party_line ? state.party_line.line :
               "party: " + (state.winner !== null ? quoted[state.winner] + " wins, " : "") + quoted[state.loser] + " loses");
    }
    (state.kept || []).forEach((k) => out.push(k.line));
    if (state.talon_line) out.push(state.talon_line.line);
    else if (state.talon !== null) out.push("talon: " + state.talon + " point" + (state.talon === 1 ? "" : "s"));
    state.cards.forEach((c) => out.push(cardLine(c)));
    if (reversis) {
      if (state.breaker === null) return { problem: W.reversis };
      if (state.breaker === "made") {
        out.push("reversis: " + quoted[state.reverser] + " makes it");
      } else {
        const at = state.broken_at || "10";
        out.push("reversis: " + quoted[state.reverser] + ", broken by " + quoted[Number(state.breaker)] +
                 " in trick " + parseInt(at, 10) + (at.endsWith("q") ? " with Quinola" : ""));
      }
    }
    if (state.espagnolette !== null) {
      out.push("espagnolette: " + quoted[state.espagnolette] + " " + (state.esp_result || "loses"));
    }
    out.push("");
    return { lines: out };
  }

  async function save() {
    const made = entries();
    if (made.problem) { say(made.problem, false); return; }
    const button = document.getElementById("save");
    button.disabled = true;
    try {
      const response = await fetch(tapUrl, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
        body: JSON.stringify({ seen: seen, pending: [], entries: made.lines })
      });
      const answer = await response.json();
      if (answer.view) {
        seen = answer.view.seen;
        question = answer.view.question;
      }
      if (answer.error) { say(answer.error, false); return; }
      if (answer.conflict) {
        say(W.conflict, false);
        return;
      }
      if (answer.refused && answer.refused.length) { say(t("not_saved", { why: answer.refused.join(W.separator) }), false); return; }
      if (reopened) {  // the same hand, corrected: what changed in the settle-up is said
        say([t("corrected", { hand: hand })].concat((answer.said || []).slice(-2)).join(" "), true);
        return;
      }
      const saved = hand;
      hand = answer.view.next_hand;
      state = fresh(answer.view.proposed_dealer);
      say(t("saved", { hand: saved, next: hand }), true);
      const link = document.createElement("a");
      link.href = root.dataset.session + "/hand/" + saved;
      link.textContent = " " + t("see", { hand: saved });
      said.firstChild.appendChild(link);
      draw();
    } catch (err) {
      say(W.no_answer, false);
    } finally {
      button.disabled = false;
    }
  }

  document.getElementById("save").addEventListener("click", save);
  document.getElementById("clear").addEventListener("click", function () {
    state = fresh(players[state.dealer]);
    say("", true);
    draw();
  });
  draw();
  root.dataset.ready = "yes";  // its buttons are live now (a test waits for it)
})();
