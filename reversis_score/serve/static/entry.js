// Entry at the table: each tap is sent to the server, which checks it with record's draft and
// writes the record as record does; the page only draws the view it is given. The few
// entries record does not write (a question passed, "no deal") are kept in the page's
// address, so a reload sends them again; everything else comes from the file.
// No framework, no build step.
(function () {
  "use strict";
  const root = document.getElementById("entry");
  if (!root) return;
  const base = root.dataset.base;
  const csrfMeta = document.querySelector('meta[name="csrf-token"]');
  const csrf = csrfMeta ? csrfMeta.content : "";
  const CONFLICT = "someone else just entered this card: reloaded";
  let view = JSON.parse(document.getElementById("entry-view").textContent);
  let queue = Promise.resolve();
  let inFlight = 0;
  let taps = 0;  // taps sent so far: a poll begun before one of them must not draw its older view
  let composing = null; // the deal line being tapped: {player, cards}
  let peeked = false;

  const $ = (id) => document.getElementById(id);
  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v; else node.setAttribute(k, v);
    }
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function button(text, entries, primary) {
    const b = el("button", { type: "button", class: "big" + (primary ? " primary" : "") }, text);
    b.addEventListener("click", () => send(entries));
    return b;
  }
  function quoted(name) { return view.quoted[view.players.indexOf(name)] || name; }

  // ------------------------------------------------------------ talking to the server
  function send(entries) {
    queue = queue.then(() => post(entries)).catch((e) => say([], ["the server did not answer: " + e]));
    return queue;
  }
  async function post(entries) {
    inFlight++;
    taps++;
    try {
      const response = await fetch(base + "/tap", {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
        body: JSON.stringify({ seen: view.seen, pending: view.pending, entries: entries }),
      });
      const data = await response.json().catch(() => ({ error: response.statusText }));
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
    for (const r of refused) box.append(el("p", { class: conflict ? "conflict" : "refused", role: "alert" }, r));
    for (const s of said) box.append(el("pre", { class: "said" }, s));
  }

  // ------------------------------------------------------------ drawing the view
  function draw() {
    $("status").textContent = view.status;
    $("prompt").textContent = composing ? "deal: " + composing.player + "'s cards (" +
      composing.cards.length + " of " + dealSize(composing.player) + ")" : view.prompt;
    $("hand-text").textContent = view.hand_text;
    drawTrick();
    drawChoices();
    drawPack();
    fillSelects();
    keepPending();
  }
  function drawTrick() {
    const box = $("trick");
    box.replaceChildren();
    if (view.question !== "card" && !view.trick.length) { box.hidden = true; return; }
    box.hidden = false;
    for (const [player, card] of view.trick) {
      const slot = el("div", { class: "slot" });
      slot.append(el("span", { class: "who" }, player), el("span", { class: "played-card" }, pretty(card)));
      box.append(slot);
    }
    if (view.to_play) {
      const slot = el("div", { class: "slot next" });
      slot.append(el("span", { class: "who" }, view.to_play), el("span", { class: "played-card" }, "?"));
      box.append(slot);
    }
  }
  function drawChoices() {
    const box = $("choices");
    box.replaceChildren();
    const q = view.question;
    if (view.header) {  // a header left unfinished (record writes it line by line)
      box.append(el("p", { class: "hint" }, "the header is not finished: type its line in More… (players: A B C D), or"));
      box.append(button("Pass", [""]));
      $("more").open = true;
    } else if (q === "dealer" || q === "after") {
      for (const p of view.players) box.append(button(p + " deals", ["dealer: " + quoted(p)], p === view.proposed_dealer));
    } else if (q === "deal") {
      if (composing) {
        const ready = composing.cards.length === dealSize(composing.player);
        const write = el("button", { type: "button", class: "big primary" }, "Write " + composing.player + "'s cards");
        write.disabled = !ready;
        write.addEventListener("click", () => { const line = dealLine(); composing = null; send([line]); });
        const clear = el("button", { type: "button", class: "big" }, "Clear");
        clear.addEventListener("click", () => { composing.cards = []; draw(); });
        box.append(el("p", { class: "hint" }, composing.cards.map(pretty).join(" ")), write, clear);
      } else {
        const deal = el("button", { type: "button", class: "big" }, "Enter the deal (" + view.block_next + ")");
        deal.addEventListener("click", () => { composing = { player: view.block_next, cards: [] }; draw(); });
        box.append(el("p", { class: "hint" }, "tap the first card played, or enter the deal"), deal);
        if (view.dealt.length === 0) box.append(button("No deal", [""]));
      }
    } else if (q === "exchange") {
      const who = view.block_next;
      box.append(el("p", { class: "hint" }, who + ": tap the card discarded, or"));
      box.append(button(who + " keeps", ["keeps"]), button("takes without discarding", ["takes without discarding"]));
      const label = el("label", { class: "check" });
      const box2 = el("input", { type: "checkbox" });
      box2.checked = peeked;
      box2.addEventListener("change", () => { peeked = box2.checked; });
      label.append(box2, document.createTextNode(" peeked first"));
      box.append(label, button("No exchange", [""]));
    } else if (q === "announce") {
      box.append(el("p", { class: "hint" }, "tap the first card played, or an announcement"));
      for (const p of view.players) box.append(button("espagnolette: " + p, ["espagnolette " + quoted(p)]));
      box.append(button("No announce", [""]));
    } else if (q === "confirm-undo") {
      box.append(button("Yes, take it back", ["yes"], true), button("No", ["no"]));
    } else if (q === "table") {
      box.append(el("p", { class: "hint" }, "table payments: More… ▸ Paid"), button("Done with payments", [""], true));
    }
  }
  function drawPack() {
    const q = view.question;
    const tappable = composing || ["card", "deal", "exchange", "announce"].includes(q);
    const played = new Set(composing ? view.dealt : view.played);
    const chosen = new Set(composing ? composing.cards : view.trick.map((t) => t[1]));
    const live = !composing && view.live ? new Set(view.live) : null;
    for (const b of document.querySelectorAll("#pack .card")) {
      const card = b.dataset.card;
      const gone = played.has(card) && !chosen.has(card);
      b.classList.toggle("played", gone);
      b.classList.toggle("chosen", chosen.has(card));
      b.classList.toggle("dead", !!live && !live.has(card) && !gone);
      b.disabled = !tappable || gone || (live !== null && !live.has(card)) || (!composing && chosen.has(card));
    }
  }
  function fillSelects() {
    for (const s of document.querySelectorAll("select.players, select.sides")) {
      const keep = s.value;
      s.replaceChildren();
      const names = s.classList.contains("sides") ? view.players.concat(["pool", "pool:1", "pool:2"]) : view.players;
      for (const p of names) s.append(el("option", { value: p }, p));
      if (keep && names.includes(keep)) s.value = keep;
    }
  }
  function pretty(card) {
    const suits = { S: "♠", H: "♥", D: "♦", C: "♣" };
    return card.slice(0, -1).replace("T", "10") + (suits[card.slice(-1)] || card.slice(-1));
  }

  // ------------------------------------------------------------ the deal, tapped
  function dealSize(player) { return 12; }
  function dealLine() {
    const cards = composing.cards;
    const faceDown = view.deck === 48 && composing.player !== view.dealer;
    return faceDown ? cards.slice(0, 11).join(" ") + " | " + cards[11] : cards.join(" ");
  }

  // ------------------------------------------------------------ the pending entries in the address
  function keepPending() {
    const url = new URL(location.href);
    url.hash = view.pending.length ? new URLSearchParams({ s: view.seen, p: JSON.stringify(view.pending) }).toString() : "";
    history.replaceState(null, "", url.hash ? url.href : url.pathname + url.search);
  }
  async function restorePending() {
    const hash = new URLSearchParams(location.hash.slice(1));
    if (!hash.get("p")) return;
    let pending;
    try { pending = JSON.parse(hash.get("p")); } catch (e) { return; }
    if (!Array.isArray(pending)) return;
    const fresh = await fetchView(hash.get("s"), pending);
    if (!fresh) return;
    if (fresh.pending.length < pending.length) say([], [CONFLICT], true);
    view = fresh;
  }

  // ------------------------------------------------------------ live: another device's lines
  // The stamp the other pages poll (live.js): when the file changes, the view is asked again.
  let stamp = root.dataset.stamp;
  async function poll() {
    if (inFlight || composing) return;
    const before = taps;
    try {
      const response = await fetch(root.dataset.stampUrl, { credentials: "same-origin", cache: "no-store" });
      if (!response.ok) return;
      const now = (await response.text()).trim();
      if (inFlight || now === stamp) return;
      stamp = now;
      const hadPending = view.pending.length > 0;
      const fresh = await fetchView(view.seen, view.pending);
      if (!fresh || inFlight || taps !== before) return;  // a tap's newer view came meanwhile
      view = fresh;
      if (hadPending && !fresh.pending.length) say([], [CONFLICT], true);
      draw();
    } catch (e) { /* the server is away for a moment: the next poll tries again */ }
  }

  // ------------------------------------------------------------ wiring
  for (const b of document.querySelectorAll("#pack .card")) {
    b.addEventListener("click", () => {
      const card = b.dataset.card;
      if (composing) {
        const i = composing.cards.indexOf(card);
        if (i >= 0) composing.cards.splice(i, 1);
        else if (composing.cards.length < dealSize(composing.player)) composing.cards.push(card);
        draw();
        return;
      }
      send([view.question === "exchange" && peeked ? "peeks and discards " + card : card]);
      peeked = false;
    });
  }
  $("undo").addEventListener("click", () => {
    if (composing && composing.cards.length) { composing.cards.pop(); draw(); return; }
    composing = null;
    send(["undo"]);
  });
  $("void").addEventListener("click", () => send(["void: misdeal"]));
  $("claims").addEventListener("click", () => send(["claims: waived"]));
  $("irregular").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = e.target;
    send(["irregular: " + f.kind.value + " " + quoted(f.player.value)]);
  });
  $("table").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = e.target;
    const side = (v) => (v.startsWith("pool") ? v : quoted(v));
    send(["table", side(f.payer.value) + " -> " + side(f.payee.value) + " " + f.amount.value.trim()]);
  });
  $("line").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = e.target.line;
    if (input.value.trim()) send([input.value]).then(() => { input.value = ""; });
  });
  restorePending().then(draw, draw);
  setInterval(poll, 1000);
})();
