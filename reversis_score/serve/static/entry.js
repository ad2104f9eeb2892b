// Entry at the table, for a thumb. Each tap is sent to the server, which checks it with
// record's Recorder and writes the record as record does; the page draws the view it is
// given (the same view the server drew for the first paint). The page's own state is small:
// the deal being tapped for one player (sent as that player's line once the hand is full),
// a card being changed, and the few entries record does not write (a question passed),
// kept in this tab's session storage (never in the address), so that a reload keeps them.
// No framework, no build step.
(function () {
  "use strict";
  const root = document.getElementById("entry");
  if (!root) return;
  const base = root.dataset.base;
  const csrfMeta = document.querySelector('meta[name="csrf-token"]');
  const csrf = csrfMeta ? csrfMeta.content : "";
  // The page's own words, in the reader's language (entry_words.page_words: the server's catalogue).
  const W = JSON.parse(document.getElementById("entry-words").textContent);
  const ELIDED = /^[AEIOUYHÀÂÄÉÈÊËÎÏÔÖÙÛÜaeiouyhàâäéèêëîïôöùûü]/;
  // W[key] with each {name} filled; a French sentence may write {de_name}: « de Bruno », « d’Anne »
  function t(key, values) {
    return W[key].replace(/\{(de_)?(\w+)\}/g, (m, de, k) => {
      const v = String(values[k]);
      return de ? (ELIDED.test(v) ? "d\u2019" + v : "de " + v) : v;
    });
  }
  const CONFLICT = W.conflict;
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const RANKS = W.ranks || {};  // K Q J as the reader writes them (French: R D V)
  const KEY = "reversis-entry:" + root.dataset.name;
  let view = JSON.parse(document.getElementById("entry-view").textContent);
  let queue = Promise.resolve();
  let inFlight = 0;
  let taps = 0; // taps sent so far: a poll begun before one of them must not draw its older view
  let composing = null; // the deal being tapped: {player, cards}
  let fixing = null; // a card played being changed: {trick, player, card}
  let retrick = null; // a reopened hand's trick entered again: {number, players, cards}
  let peeked = false; // the exchange: the player looked at the face-down card first
  let showPack = false; // a finished hand: its cards shown again, to change one

  const $ = (id) => document.getElementById(id);
  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v; else node.setAttribute(k, v);
    }
    if (text !== undefined) node.textContent = text;
    return node;
  }
  // A sentence with players' names in it: each name in its own <bdi>, so that a name holding a
  // right-to-left mark turns round only itself, never the figures beside it (the text reads the same).
  function named(node, text) {
    node.replaceChildren();
    const names = (view.players || []).filter((n) => n).sort((a, b) => b.length - a.length);
    let rest = String(text || "");
    while (rest) {
      let at = -1, found = "";
      for (const n of names) {
        const i = rest.indexOf(n);
        if (i >= 0 && (at < 0 || i < at)) { at = i; found = n; }
      }
      if (at < 0) { node.append(rest); break; }
      if (at > 0) node.append(rest.slice(0, at));
      node.append(el("bdi", {}, found));
      rest = rest.slice(at + found.length);
    }
    return node;
  }
  // The same for plain text (a tooltip, an accessible name): each name between FSI and PDI.
  function isolatedText(text) {
    let out = String(text || "");
    for (const n of (view.players || []).filter((n) => n)) out = out.split(n).join("\u2068" + n + "\u2069");
    return out;
  }
  function button(label, onTap, primary, name) {
    // the words in one span: a button is a flex box (app.css), whose items would each lose
    // the space beside a name ("Annekeeps")
    const b = el("button", { type: "button", dir: "auto", class: "big" + (primary ? " primary" : "") });
    b.append(named(el("span"), label));
    if (name && name !== label) b.setAttribute("aria-label", isolatedText(name));
    b.addEventListener("click", onTap);
    return b;
  }
  function face(card) {
    const rank = card.slice(0, -1);
    return (RANKS[rank] || rank).replace("T", "10") + (SUITS[card.slice(-1)] || card.slice(-1));
  }
  function quoted(name) { return view.quoted[view.players.indexOf(name)] || name; }

  // ------------------------------------------------------------ talking to the server
  function send(entries, fix) {
    queue = queue.then(() => post(entries, fix)).catch(() => say([], [W.no_answer]));
    return queue;
  }
  async function post(entries, fix, trick) {
    inFlight++;
    taps++;
    try {
      const body = { seen: view.seen, pending: view.pending, entries: entries };
      if (fix) body.fix = fix;
      if (trick) body.trick = trick;
      const response = await fetch(base + "/tap", {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
        body: JSON.stringify(body),
      });
      const data = await response.json().catch(() => ({ error: W.no_answer }));
      if (data.view) view = data.view;
      say(data.said || [], data.refused || (data.error ? [data.error] : []), data.conflict);
      draw();
    } finally {
      inFlight--;
    }
  }
  async function fetchView(seen, pending) {
    const q = new URLSearchParams();
    if (seen) q.append("seen", seen);
    for (const p of pending) q.append("p", p);
    const response = await fetch(base + "/view?" + q.toString(), { credentials: "same-origin" });
    const data = await response.json();
    return data.view || null;
  }

  // ------------------------------------------------------------ what is said
  function say(said, refused, conflict) {
    const box = $("messages");
    box.replaceChildren();
    const all = $("said-all");
    for (const r of refused) {
      box.append(named(el("p", { class: conflict ? "conflict" : "refused", "data-word": W.refused }), r));
      all.append(named(el("li", { class: "refused" }), r));
    }
    for (const s of said) {
      box.append(named(el("p", { class: "said" }), s));
      all.append(named(el("li", {}), s));
    }
    fit(box);
  }
  // The last tap's messages whole in the box's fixed height: a smaller type first, then the
  // oldest said ones (a refusal last) left to "Everything said in this hand".
  function fit(box) {
    box.style.fontSize = "";
    for (const size of ["0.82rem", "0.75rem"]) {
      if (box.scrollHeight <= box.clientHeight) return;
      box.style.fontSize = size;
    }
    while (box.children.length > 1 && box.scrollHeight > box.clientHeight) {
      (box.querySelector(".said") || box.firstElementChild).remove();
    }
  }

  // ------------------------------------------------------------ drawing the view
  function draw() {
    syncComposing();
    root.className = "q-" + view.question;
    named($("status"), view.status);
    named($("prompt"), askWords());
    $("hand-text").textContent = view.hand_text;
    if ($("history")) $("history").textContent = view.history || "";
    drawTrick();
    drawChoices();
    drawBoard();
    drawPack();
    drawExchangeOdd();
    fillSelects();
    keep();
    dealerLast();
  }
  function askWords() {
    if (retrick) return t("retrick_ask", { trick: retrick.number, player: retrick.players[retrick.cards.length] });
    if (fixing) return t("fix", { player: fixing.player, card: face(fixing.card), trick: fixing.trick });
    if (composing) {
      const [size, down] = view.deal.sizes[composing.player];
      const n = composing.cards.length;
      const rest = restOfPack();
      if (rest) return t("deal_rest", { player: composing.player, count: rest.length });
      const said = { player: composing.player, n: n, size: size };
      if (n < size) return t(down ? "deal_count_down" : (composing.player === view.dealer ? "deal_count_dealer" : "deal_count"), said);
      return t("deal_down", said);
    }
    return view.ask;
  }
  function drawTrick() {
    const box = $("trick");
    box.replaceChildren();
    if (composing) { drawDealt(box); return; }
    if (retrick) { drawRetrick(box); return; }
    const done = !view.trick.length && view.last_trick && view.last_trick.length ? view.last_trick : null;
    for (const [player, card] of done || view.trick) {
      const won = done && player === view.last_winner;
      const slot = el("div", { class: "slot" + (done ? " done" : "") + (won ? " won" : "") });
      const who = el("span", { class: "who" });
      who.append(el("bdi", {}, player));
      slot.append(who, el("span", { class: "played-card" + ("HD".includes(card.slice(-1)) ? " red" : "") }, face(card)));
      box.append(slot);
    }
    if (view.to_play && !done) {
      const slot = el("div", { class: "slot next" });
      const who = el("span", { class: "who" });
      who.append(el("bdi", {}, view.to_play));
      slot.append(who, el("span", { class: "played-card" }, "?"));
      box.append(slot);
    }
  }
  function drawRetrick(box) {
    // the trick entered again: each player's card so far, the next one asked
    retrick.players.forEach((player, i) => {
      const card = retrick.cards[i];
      const slot = el("div", { class: "slot" + (i === retrick.cards.length ? " next" : "") });
      const who = el("span", { class: "who" });
      who.append(el("bdi", {}, player));
      slot.append(who, el("span", { class: "played-card" + (card && "HD".includes(card.slice(-1)) ? " red" : "") },
        card ? face(card) : "?"));
      box.append(slot);
    });
  }
  function drawDealt(box) {
    // the trick's place shows the deal so far: each player's count
    const counts = {};
    for (const who of Object.values(view.deal.dealt)) counts[who] = (counts[who] || 0) + 1;
    for (const p of view.deal.order) {
      const [size, down] = view.deal.sizes[p];
      const n = p === composing.player ? composing.cards.length : counts[p] || 0;
      const slot = el("div", { class: "slot" + (p === composing.player ? " next" : "") });
      const who = el("span", { class: "who" });
      who.append(el("bdi", {}, p));
      // as the question counts them: the cards of the hand, then the face-down one (+1)
      const count = t(n > size ? "tile_down" : "tile", { n: Math.min(n, size), size: size });
      slot.append(who, el("span", { class: "count" }, count));
      box.append(slot);
    }
  }
  function drawChoices() {
    const box = $("choices");
    box.replaceChildren();
    if (retrick) {
      box.append(button(W.cancel, () => { retrick = null; draw(); }));
      return;
    }
    if (fixing) {
      box.append(button(W.cancel, () => { fixing = null; draw(); }));
      if (view.correcting) {
        const number = fixing.trick;
        box.append(button(t("retrick", { trick: number }), () => {
          const players = view.plays.filter((p) => p[0] === number).map((p) => p[1]);
          fixing = null;
          retrick = { number: number, players: players, cards: [] };
          $("messages").replaceChildren();  // the last verdict is kept under Everything said: the pack whole in view
          draw();
        }));
      }
      return;
    }
    if (composing) {
      box.append(button(W.skip_deal, () => { const lines = view.deal.lines; composing = null; forget();
        send(Array(lines).fill("undo").concat(["tricks:"])); }));  // the record says it: any phone sees it
      if (composing.cards.length) box.append(button(t("clear_cards", { player: composing.player }), () => { composing.cards = []; draw(); }));
      return;
    }
    for (const c of view.choices) {
      box.append(button(c.label, () => send(c.entries), c.primary, c.name));
    }
  }
  function drawBoard() {
    const pack = view.board === "pack" || showPack || fixing || retrick;
    $("pack").hidden = !pack;
    $("settled").hidden = pack || view.board !== "settled";
    $("settled").innerHTML = view.settled_html;  // drawn by the server's template, escaped there
    const show = $("show-pack");
    show.hidden = pack || view.board !== "settled" || !view.started;
    show.textContent = t("change_card", { hand: view.hand });
  }
  function cardState(card) {
    const c = view.cards[card];
    if (composing) {
      if (composing.cards.includes(card)) return { state: "chosen", note: t("chosen", { card: face(card), player: composing.player }) };
      if (c.state === "dealt") return c;
      return { state: "live", note: "" };
    }
    if (retrick) {
      // the trick's own cards are free again; a card played in another trick stays where it lies
      const own = view.plays.some((p) => p[0] === retrick.number && p[2] === card);
      if (retrick.cards.includes(card)) return { state: "chosen", note: "" };
      if (own) return { state: "live", note: "" };
      if (c.state === "played" || c.state === "trick") return { state: c.state, note: c.note, off: true };
      return c.state === "talon" || c.state === "dealt" ? c : { state: "live", note: "" };
    }
    if (fixing) {
      if (c.state === "played" || c.state === "trick") return { state: c.state, note: c.note, off: card !== fixing.card };
      if (c.state === "talon" || c.state === "dealt") return c;
      return { state: "live", note: "" };
    }
    return c;
  }
  function drawPack() {
    const plays = view.plays;
    const last = composing ? composing.cards[composing.cards.length - 1] : (plays.length ? plays[plays.length - 1][2] : null);
    for (const b of document.querySelectorAll("#pack .card")) {
      const card = b.dataset.card;
      const c = cardState(card);
      b.className = "card is-" + c.state + (card === last ? " is-last" : "") +
        (fixing && card === fixing.card ? " is-fixing" : "");
      if (c.note) b.title = isolatedText(c.note); else b.removeAttribute("title");
      // not disabled: a tap on a card that cannot be given now says where it is (a title
      // is never seen on a touch screen)
      b.setAttribute("aria-disabled", ["away", "talon", "dealt", "idle"].includes(c.state) || c.off ? "true" : "false");
    }
  }
  function drawExchangeOdd() {
    const box = $("exchange-odd");
    box.replaceChildren();
    const ex = view.exchange;
    if (view.question !== "exchange" || !ex || ex.dealer || ex.fifty_two) return;
    const label = el("label", { class: "check" });
    const tick = el("input", { type: "checkbox" });
    tick.checked = peeked;
    tick.addEventListener("change", () => { peeked = tick.checked; });
    label.append(tick, document.createTextNode(" " + t("peeked", { player: ex.player })));
    box.append(label, button(t("took_it", { player: ex.player }), () => send(["takes without discarding"])));
  }
  function fillSelects() {
    for (const s of document.querySelectorAll("select.players, select.sides")) {
      const keep = s.value;
      s.replaceChildren();
      const names = s.classList.contains("sides") ? view.players.concat(["pool", "pool:1", "pool:2"]) : view.players;
      for (const p of names) s.append(el("option", { value: p }, (W.sides || {})[p] || p));
      if (keep && names.includes(keep)) s.value = keep;
      else if (s.name === "payee" && names.length > 1) s.value = names[1];
    }
  }

  // ------------------------------------------------------------ the deal, player by player
  function syncComposing() {
    if (view.question !== "deal" || !view.deal) { composing = null; return; }
    if (!composing || composing.player !== view.deal.next) composing = { player: view.deal.next, cards: [] };
    composing.cards = composing.cards.filter((c) => !view.deal.dealt[c]);
  }
  function restOfPack() {
    // the last player's hand is what the others were not dealt: only the face-down card is asked
    if (!composing || view.deal.lines !== 3 || composing.cards.length) return null;
    const rest = Object.keys(view.cards).filter((c) => !view.deal.dealt[c]);
    const [size, down] = view.deal.sizes[composing.player];
    return rest.length === size + down && down ? rest : null;
  }
  function dealTap(card) {
    const rest = restOfPack();
    if (rest) { writeDeal(rest.filter((c) => c !== card).concat([card])); return; }
    const i = composing.cards.indexOf(card);
    if (i >= 0) { composing.cards.splice(i, 1); draw(); return; }
    composing.cards.push(card);
    const [size, down] = view.deal.sizes[composing.player];
    if (composing.cards.length === size + down) writeDeal(composing.cards); else draw();
  }
  function writeDeal(cards) {
    const [size, down] = view.deal.sizes[composing.player];
    const line = quoted(composing.player) + ": " + cards.slice(0, size).join(" ") + (down ? " | " + cards[size] : "");
    composing = null;
    send([line]);
  }
  function dealerLast() {
    // the dealer last in the deal: his twelve are the cards left, written without a tap
    if (!composing || view.deal.lines !== 3 || composing.cards.length) return;
    const [size, down] = view.deal.sizes[composing.player];
    const rest = Object.keys(view.cards).filter((c) => !view.deal.dealt[c]);
    if (!down && rest.length === size && !inFlight) writeDeal(rest);
  }

  // ------------------------------------------------------------ kept on this device
  function keep() {
    try {
      if (view.pending.length || (composing && composing.cards.length)) {
        sessionStorage.setItem(KEY, JSON.stringify({ seen: view.seen, pending: view.pending,
          deal: composing && composing.cards.length ? composing : null }));
      } else sessionStorage.removeItem(KEY);
    } catch (e) { /* storage refused (private mode): a reload asks the question again */ }
  }
  function forget() { try { sessionStorage.removeItem(KEY); } catch (e) { /* nothing kept */ } }
  async function restore() {
    let kept = null;
    try { kept = JSON.parse(sessionStorage.getItem(KEY) || "null"); } catch (e) { return; }
    if (!kept || kept.seen !== view.seen) { forget(); return; }
    if (Array.isArray(kept.pending) && kept.pending.length && !view.pending.length) {
      const fresh = await fetchView(kept.seen, kept.pending.filter((p) => typeof p === "string"));
      if (fresh) view = fresh;
    }
    syncComposing();
    if (kept.deal && composing && kept.deal.player === composing.player && Array.isArray(kept.deal.cards)) {
      composing.cards = kept.deal.cards.filter((c) => view.cards[c] && !view.deal.dealt[c]);
    }
  }

  // ------------------------------------------------------------ live: another device's lines
  let stamp = root.dataset.stamp;
  async function poll() {
    if (inFlight || (composing && composing.cards.length) || fixing || retrick) return;
    const before = taps;
    try {
      const response = await fetch(root.dataset.stampUrl, { credentials: "same-origin", cache: "no-store" });
      if (!response.ok) return;
      const now = (await response.text()).trim();
      if (inFlight || now === stamp) return;
      stamp = now;
      const hadPending = view.pending.length > 0;
      const fresh = await fetchView(view.seen, view.pending);
      if (!fresh || inFlight || taps !== before) return; // a tap's newer view came meanwhile
      view = fresh;
      if (hadPending && !fresh.pending.length) say([], [CONFLICT], true);
      draw();
    } catch (e) { /* the server is away for a moment: the next poll tries again */ }
  }

  // ------------------------------------------------------------ wiring
  for (const b of document.querySelectorAll("#pack .card")) {
    b.addEventListener("click", () => {
      const card = b.dataset.card;
      if (b.getAttribute("aria-disabled") === "true") {
        const note = cardState(card).note;
        if (note) say([note], []);
        return;
      }
      if (composing) { dealTap(card); return; }
      if (retrick) { retrickTap(card); return; }
      const c = view.cards[card];
      if (fixing) {
        const fix = { trick: fixing.trick, player: fixing.player, card: card };
        const same = card === fixing.card;
        fixing = null;
        if (same) { draw(); return; }
        showPack = false;
        send([], fix);
        return;
      }
      if (c.state === "played" || c.state === "trick") {
        const play = view.plays.find((p) => p[2] === card);
        if (play) { fixing = { trick: play[0], player: play[1], card: card }; draw(); }
        return;
      }
      if (view.question === "exchange" && peeked) send(["peeks and discards " + card]);
      else send([card]);
      peeked = false;
    });
  }
  function retrickTap(card) {
    const i = retrick.cards.indexOf(card);
    if (i >= 0) { retrick.cards.splice(i, 1); draw(); return; }  // tapped again: taken back
    retrick.cards.push(card);
    if (retrick.cards.length < 4) { draw(); return; }
    const trick = { number: retrick.number, cards: retrick.cards };
    retrick = null;
    showPack = false;
    sendTrick(trick);
  }
  function sendTrick(trick) {
    queue = queue.then(() => post([], null, trick)).catch(() => say([], [W.no_answer]));
  }
  $("show-pack").addEventListener("click", () => { showPack = true; draw(); });
  $("undo").addEventListener("click", () => {
    if (fixing || retrick) { fixing = retrick = null; draw(); return; }
    if (composing && composing.cards.length) { composing.cards.pop(); draw(); return; }
    composing = null;
    send(["undo"]);
  });
  $("void").addEventListener("click", () => send(["void: misdeal"]));
  $("claims").addEventListener("click", () => send(["claims: waived"]));
  $("announce").addEventListener("submit", (e) => {
    e.preventDefault();
    send(["announce: espagnolette " + quoted(e.target.player.value)]);
  });
  $("irregular").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = e.target;
    send(["irregular: " + f.kind.value + " " + quoted(f.player.value)]);
  });
  $("table").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = e.target;
    const amount = f.amount.value.trim();
    const problem = $("table-problem");
    if (!/^[0-9]+$/.test(amount)) { problem.textContent = W.how_many; return; }
    if (f.payer.value === f.payee.value) { problem.textContent = W.who_paid; return; }
    problem.textContent = "";
    const side = (v) => (v.startsWith("pool") ? v : quoted(v));
    send(["table", side(f.payer.value) + " -> " + side(f.payee.value) + " " + amount]);
  });
  $("line").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = e.target.line;
    if (input.value.trim()) send([input.value]).then(() => { input.value = ""; });
  });
  // ready once drawn: the buttons the server wrote are replaced by live ones (a test waits for it)
  const ready = () => { draw(); root.dataset.ready = "yes"; };
  restore().then(ready, ready);
  setInterval(poll, 1000);
})();
