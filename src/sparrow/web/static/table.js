// The table page. The server is the referee: this page shows the GameView it answers (your
// seat's view only) and sends your intentions. The computer players' moves since your last
// decision come as events; they are played out one by one at the pace set in the settings.
import { api, ApiError } from "./api.js";
import { backs, meldElement, parseTiles, sortTiles, tileElement, tileRow } from "./tiles.js";

const root = document.getElementById("game");
const gameId = root.dataset.game;
let settings = JSON.parse(root.dataset.settings);
const PACE = { slow: 1100, normal: 550, fast: 200, instant: 0 };
const SEAT_NAMES = { E: "East", S: "South", W: "West", N: "North" };
const UNITS = { points: ["point", "points"], doubling: ["doubling", "doublings"], faan: ["faan", "faan"],
  fan: ["fan", "fan"] };
// A limit item counts in the ruleset's own unit (HKOS: faan), as the server says.
const LIMIT_UNIT = UNITS[root.dataset.limitUnit || "points"] || UNITS.points;
UNITS.limit = LIMIT_UNIT.map((unit) => `${unit} (limit)`);

let view = null; // the last GameView
let shown = 0; // events of the current hand already played out
let shownHand = 0;
let selected = -1; // index in the hand row
let typed = "";
let busy = false;
let playing = Promise.resolve();

const $ = (id) => document.getElementById(id);

function message(text) {
  const box = $("error");
  box.textContent = text || "";
  box.hidden = !text;
}

// ------------------------------------------------------------------ the public table, event by event

// The table as your seat saw it after the first `upto` events of the hand: discard piles, exposed
// sets, bonus tiles and how many tiles each player holds. Used only while moves are played out;
// afterwards the observation itself is shown.
function fold(events, upto) {
  const state = { piles: {}, melds: {}, bonus: {}, sizes: {}, turn: null, last: null };
  for (const event of events.slice(0, upto)) {
    const seat = event.seat;
    switch (event.event) {
      case "hand_start":
        for (const s of Object.keys(event.players)) {
          state.piles[s] = [];
          state.melds[s] = [];
          state.bonus[s] = [];
          state.sizes[s] = 0;
        }
        state.turn = event.dealer;
        break;
      case "deal":
        Object.assign(state.sizes, event.hand_sizes);
        break;
      case "bonus":
        state.bonus[seat].push(event.tile);
        break;
      case "draw":
        state.sizes[seat] += 1;
        state.turn = seat;
        break;
      case "discard":
        state.sizes[seat] -= 1;
        state.piles[seat].push(event.tile);
        state.turn = seat;
        state.last = { seat, tile: event.tile };
        break;
      case "claim":
        if (event.kind !== "win") {
          state.piles[event.from].pop();
          state.melds[seat].push({ kind: event.kind, tiles: event.meld, open: true });
          state.sizes[seat] -= parseTiles(event.meld).length - 1;
          state.turn = seat;
          state.last = null;
        }
        break;
      case "kong":
        if (event.kind === "concealed") {
          state.melds[seat].push({ kind: "kong", tiles: event.tiles, open: false });
          state.sizes[seat] -= 4;
        } else {
          const tile = parseTiles(event.tiles)[0];
          const meld = state.melds[seat].find((m) => m.kind === "pung" && parseTiles(m.tiles)[0] === tile);
          if (meld) Object.assign(meld, { kind: "kong", tiles: event.tiles });
          state.sizes[seat] -= 1;
        }
        break;
      default:
        break;
    }
  }
  return state;
}

function describe(event, me, names) {
  const who = (seat) => (seat === me ? "You" : `${names[seat] || seat} (${seat})`);
  const whom = (seat) => (seat === me ? "you" : who(seat)); // not at the start of the sentence
  const s = (seat, verb, plural) => (seat === me ? verb : plural || verb + "s");
  switch (event.event) {
    case "hand_start":
      return `Hand starts: round wind ${SEAT_NAMES[event.round_wind]}, ${whom(event.dealer)} deal${event.dealer === me ? "" : "s"}.`;
    case "discard":
      return `${who(event.seat)} ${s(event.seat, "discard")} ${event.tile}`;
    case "draw":
      return event.seat === me && event.tile ? `You draw ${event.tile}` : null;
    case "bonus":
      return `${who(event.seat)} ${s(event.seat, "set")} out ${event.tile}`;
    case "claim":
      if (event.kind === "win") return `${who(event.seat)} ${s(event.seat, "win")} on ${event.tile} from ${whom(event.from)}!`;
      return `${who(event.seat)} ${s(event.seat, "claim")} ${event.kind === "chow" ? "a chi" : event.kind === "pung" ? "a pong" : "a kong"}: ${event.meld}`;
    case "kong":
      return `${who(event.seat)} ${s(event.seat, "declare")} a ${event.kind} kong: ${event.tiles}`;
    case "rob":
      return `${who(event.seat)} ${s(event.seat, "rob")} the kong of ${whom(event.from)}: ${event.tile}!`;
    case "win":  // a win on a discard was told by its claim already
      return event.from ? null : `${who(event.seat)} ${s(event.seat, "win")} by self-draw (tsumo)!`;
    case "false_win":
      return `${who(event.seat)} declared a win that is not one: a dead hand.`;
    case "exhausted":
      return "The wall is empty: a drawn hand.";
    default:
      return null;
  }
}

// ------------------------------------------------------------------ drawing the table

function positions(obs) {
  const seats = Object.keys(obs.hand_sizes);
  const me = obs.seat;
  const i = seats.indexOf(me);
  const after = (k) => seats[(i + k) % seats.length];
  // Play goes counter-clockwise: the next player sits on your right, the one before on your left.
  if (seats.length === 3) return { right: after(1), left: after(2), top: null };
  return { right: after(1), top: after(2), left: after(3) };
}

function seatPanel(box, seat, obs, pub, current) {
  box.replaceChildren();
  if (!seat) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const name = obs.players[seat] || seat;
  const head = document.createElement("div");
  head.className = "seat-head" + (current === seat ? " turn" : "");
  const wind = document.createElement("span");
  wind.className = "wind";
  wind.textContent = { E: "東", S: "南", W: "西", N: "北" }[seat];
  wind.title = SEAT_NAMES[seat];
  const label = document.createElement("span");
  label.className = "name";
  label.textContent = seat === obs.seat ? "You" : name;
  const score = document.createElement("span");
  score.className = "score";
  score.textContent = obs.scores[seat] ?? 0;
  head.append(wind, label, score);
  if (current === seat) head.setAttribute("aria-current", "true");
  box.append(head);
  const exposed = document.createElement("div");
  exposed.className = "exposed";
  for (const meld of pub.melds[seat] || []) exposed.append(meldElement(meld, { size: "small" }));
  if (pub.bonus[seat] && pub.bonus[seat].length) {
    const bonus = tileRow(pub.bonus[seat], { size: "small" });
    bonus.classList.add("bonus");
    exposed.append(bonus);
  }
  if (seat !== obs.seat) {
    // Once the hand is over every hand is shown; until then only how many tiles each one holds.
    const revealed = view && view.hand_over && view.result && view.result.hands[seat];
    if (revealed) {
      const row = tileRow(revealed, { size: "small" });
      row.classList.add("revealed-hand");
      row.setAttribute("aria-label", `${name}'s hand`);
      exposed.append(row);
    } else {
      exposed.append(backs(pub.sizes[seat] || 0, "mini"));
    }
  }
  box.append(exposed);
  const pile = document.createElement("div");
  pile.className = "pile";
  pile.setAttribute("aria-label", `${seat === obs.seat ? "your" : name + "'s"} discards`);
  const tiles = pub.piles[seat] || [];
  tiles.forEach((code, index) => {
    const el = tileElement(code, { size: "small" });
    if (pub.last && pub.last.seat === seat && index === tiles.length - 1) el.classList.add("last");
    pile.append(el);
  });
  box.append(pile);
}

function publicOf(obs) {
  const melds = {};
  const piles = {};
  const bonus = {};
  for (const seat of Object.keys(obs.hand_sizes)) {
    melds[seat] = obs.melds[seat] || [];
    piles[seat] = parseTiles(obs.discards[seat]);
    bonus[seat] = parseTiles(obs.bonus[seat]);
  }
  const last = obs.claim_tile && obs.claim_from ? { seat: obs.claim_from, tile: obs.claim_tile } : null;
  return { melds, piles, bonus, sizes: obs.hand_sizes, last, turn: obs.turn };
}

function drawTable(obs, pub, { wall, drawnShown, current }) {
  const place = positions(obs);
  seatPanel($("seat-left"), place.left, obs, pub, current);
  seatPanel($("seat-top"), place.top, obs, pub, current);
  seatPanel($("seat-right"), place.right, obs, pub, current);
  seatPanel($("seat-me"), obs.seat, obs, pub, current);
  const center = $("center");
  center.replaceChildren();
  const info = document.createElement("div");
  info.className = "info";
  info.innerHTML = `<span>Hand <b>${view.hand_number}</b></span>
    <span>Round <b class="wind">${{ E: "東", S: "南", W: "西", N: "北" }[obs.round_wind]}</b></span>
    <span>You <b class="wind">${{ E: "東", S: "南", W: "西", N: "北" }[obs.seat]}</b></span>
    <span>Wall <b data-testid="wall">${wall}</b></span>`;
  center.append(info);
  if (pub.last) {
    const last = document.createElement("div");
    last.className = "offer";
    last.append(`${pub.last.seat === obs.seat ? "You" : obs.players[pub.last.seat]} discarded `);
    last.append(tileElement(pub.last.tile));
    center.append(last);
  }
  drawHand(obs, drawnShown);
}

function handTiles(obs, drawnShown) {
  const tiles = sortTiles(parseTiles(obs.hand));
  if (obs.drawn) {
    const at = tiles.indexOf(obs.drawn);
    if (at >= 0) tiles.splice(at, 1);
    if (drawnShown) tiles.push(obs.drawn);
  }
  return tiles;
}

function canDiscard() {
  return view && !busy && view.observation.legal_actions.some((a) => a.action === "discard");
}

function drawHand(obs, drawnShown) {
  const hand = $("hand");
  hand.replaceChildren();
  const tiles = handTiles(obs, drawnShown);
  const discardable = canDiscard();
  hand.classList.toggle("active", discardable);
  tiles.forEach((code, index) => {
    const el = tileElement(code, { size: "large", button: true });
    if (obs.drawn && drawnShown && index === tiles.length - 1) el.classList.add("drawn");
    if (index === selected) {
      el.classList.add("selected");
      el.setAttribute("aria-selected", "true");
    }
    el.disabled = !discardable;
    el.addEventListener("click", () => {
      if (!canDiscard()) return;
      if (selected === index) discard(code);
      else select(index);
    });
    hand.append(el);
  });
}

function select(index) {
  selected = index;
  drawHand(view.observation, true);
  drawActions();
  const el = $("hand").children[index];
  if (el) el.focus({ preventScroll: true });
}

// ------------------------------------------------------------------ actions

const LABELS = { pung: "Pong", kong: "Kong", pass: "Pass" };

function actionButton(label, action, extra = "") {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `button ${extra}`;
  button.dataset.action = action.action;
  if (action.tile) button.dataset.tile = action.tile;
  if (typeof label === "string") button.textContent = label;
  else button.append(...label);
  button.addEventListener("click", () => send(action));
  return button;
}

function drawActions() {
  const box = $("actions");
  box.replaceChildren();
  if (!view || busy || view.hand_over) return;
  const obs = view.observation;
  const legal = obs.legal_actions;
  const turn = obs.phase === "turn";
  for (const a of legal) {
    const action = { action: a.action, ...(a.tile ? { tile: a.tile } : {}) };
    if (a.action === "win") box.append(actionButton(turn ? "Tsumo" : "Ron", action, "win primary"));
  }
  for (const a of legal) {
    const action = { action: a.action, ...(a.tile ? { tile: a.tile } : {}) };
    if (a.action === "chow") {
      const run = [0, 1, 2].map((k) => `${Number(a.tile[0]) + k}${a.tile[1]}`);
      box.append(actionButton(["Chi ", tileRow(run, { size: "mini" })], action, "claim"));
    } else if (a.action === "pung" || a.action === "kong") {
      box.append(actionButton(LABELS[a.action], action, "claim"));
    } else if (a.action === "concealed_kong" || a.action === "added_kong") {
      box.append(actionButton(["Kong ", tileElement(a.tile, { size: "mini" })], action, "claim"));
    }
  }
  if (legal.some((a) => a.action === "pass")) box.append(actionButton("Pass", { action: "pass" }, "pass"));
  if (legal.some((a) => a.action === "discard")) {
    const tiles = handTiles(obs, true);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button primary";
    button.id = "discard";
    button.disabled = selected < 0;
    button.textContent = selected >= 0 ? `Discard ${tiles[selected]}` : "Choose a tile to discard";
    button.addEventListener("click", () => selected >= 0 && discard(tiles[selected]));
    box.append(button);
  }
}

function discard(tile) {
  send({ action: "discard", tile });
}

async function send(action) {
  if (busy) return;
  busy = true;
  root.dataset.busy = "true";
  message("");
  drawActions();
  try {
    const next = await api("POST", `/api/games/${gameId}/actions`, { ...action, version: view.version });
    selected = -1;
    busy = false;
    await show(next);
    root.dataset.busy = "false";
  } catch (error) {
    busy = false;
    root.dataset.busy = "false";
    if (error instanceof ApiError && error.status === 409) {
      message(error.message);
      await show(await api("GET", `/api/games/${gameId}`), { animate: false });
    } else {
      message(error.message);
      drawActions();
      drawHand(view.observation, true);
    }
  }
}

async function nextHand() {
  message("");
  try {
    await show(await api("POST", `/api/games/${gameId}/next`, {}));
  } catch (error) {
    message(error.message);
  }
}

// ------------------------------------------------------------------ the result

function valueText(item) {
  const [one, many] = UNITS[item.kind] || [item.kind, item.kind];
  return `${item.value} ${item.value === 1 ? one : many}`;
}

function drawResult() {
  const box = $("result");
  if (!view.hand_over || !view.result) {
    box.hidden = true;
    return;
  }
  const r = view.result;
  const obs = view.observation;
  const names = (seat) => (seat === obs.seat ? "You" : obs.players[seat]);
  const whose = (seat) => (seat === obs.seat ? "your" : `${obs.players[seat]}'s`);
  box.replaceChildren();
  const title = document.createElement("h2");
  if (r.winner) {
    const how = r.win_by === "discard" ? `on ${whose(r.discarder)} discard` : r.win_by === "robbing_kong" ? "by robbing the kong" : "by self-draw";
    title.textContent = r.winner === obs.seat ? `You win ${how}!` : `${names(r.winner)} wins ${how}.`;
  } else {
    title.textContent = "A drawn hand: nobody scores.";
  }
  box.append(title);
  const hands = document.createElement("div");
  hands.className = "revealed";
  for (const seat of Object.keys(obs.hand_sizes)) {
    const row = document.createElement("div");
    row.className = "revealed-row" + (seat === r.winner ? " winner" : "");
    const label = document.createElement("span");
    label.className = "name";
    label.textContent = `${names(seat)} (${seat})`;
    row.append(label, tileRow(r.hands[seat] || "", { size: "small" }));
    for (const meld of obs.melds[seat] || []) row.append(meldElement(meld, { size: "small" }));
    hands.append(row);
  }
  box.append(hands);
  if (r.score) {
    const card = document.createElement("table");
    card.className = "scorecard";
    card.dataset.testid = "scorecard";
    const body = document.createElement("tbody");
    for (const item of r.score.items) {
      const tr = document.createElement("tr");
      tr.innerHTML = "<td></td><td class='num'></td>";
      tr.children[0].textContent = item.name;
      tr.children[1].textContent = valueText(item);
      body.append(tr);
    }
    if (r.score.arithmetic) {
      const tr = document.createElement("tr");
      tr.className = "arith";
      tr.innerHTML = "<td colspan='2'></td>";
      tr.children[0].textContent = r.score.arithmetic;
      body.append(tr);
    }
    const total = document.createElement("tr");
    total.className = "total";
    total.innerHTML = `<th>Total</th><th class='num' data-testid="score-total">${r.score.total}</th>`;
    body.append(total);
    card.append(body);
    box.append(card);
  }
  const pay = document.createElement("table");
  pay.className = "payments";
  pay.innerHTML = "<thead><tr><th>Player</th><th class='num'>This hand</th><th class='num'>Total</th></tr></thead>";
  const pbody = document.createElement("tbody");
  for (const seat of Object.keys(r.payments)) {
    const tr = document.createElement("tr");
    const amount = r.payments[seat];
    tr.innerHTML = "<td></td><td class='num'></td><td class='num'></td>";
    tr.children[0].textContent = `${names(seat)} (${seat})`;
    tr.children[1].textContent = amount > 0 ? `+${amount}` : `${amount}`;
    tr.children[1].className = "num " + (amount > 0 ? "gain" : amount < 0 ? "loss" : "");
    tr.children[2].textContent = r.totals[seat] ?? "";
    pbody.append(tr);
  }
  pay.append(pbody);
  box.append(pay);
  const buttons = document.createElement("div");
  buttons.className = "actions";
  if (!view.match_over) {
    const next = document.createElement("button");
    next.type = "button";
    next.className = "button primary";
    next.id = "next-hand";
    next.textContent = "Next hand";
    next.addEventListener("click", nextHand);
    buttons.append(next);
  } else {
    const again = document.createElement("a");
    again.className = "button primary";
    again.href = "/";
    again.id = "new-game";
    again.textContent = "New game";
    buttons.append(again);
  }
  const replay = document.createElement("a");
  replay.className = "button";
  replay.href = `/games/${gameId}/hands/${view.hand_number}`;
  replay.textContent = "Replay this hand";
  buttons.append(replay);
  box.append(buttons);
  box.hidden = false;
}

// ------------------------------------------------------------------ hints

async function drawHint() {
  const box = $("hint");
  $("hint-toggle").setAttribute("aria-pressed", String(settings.hints));
  if (!settings.hints || !view || view.hand_over || !view.observation.legal_actions.length) {
    box.hidden = true;
    return;
  }
  let data;
  try {
    data = await api("GET", `/api/games/${gameId}/hint`);
  } catch (error) {
    box.hidden = true;
    return;
  }
  box.replaceChildren();
  const head = document.createElement("h3");
  head.textContent = data.shanten < 0 ? "Complete: declare the win" : data.shanten === 0 ? "Ready (tenpai)" : `Shanten ${data.shanten}`;
  box.append(head);
  const list = document.createElement("ul");
  const waitLine = (wait) => {
    const li = document.createElement("li");
    li.append(tileElement(wait.tile, { size: "mini" }));
    const ron = wait.discard;
    const tsumo = wait.self_draw;
    const text = ron.valid ? ` ${wait.unseen} left · ron ${ron.total}, tsumo ${tsumo.total}` : ` ${wait.unseen} left · cannot win: ${ron.reason || "not a legal win"}`;
    li.append(text);
    return li;
  };
  for (const option of (data.discards || []).slice(0, 5)) {
    const li = document.createElement("li");
    li.append("Discard ", tileElement(option.discard, { size: "mini" }), ` → ${option.ready ? "waits on" : `shanten ${option.shanten}, improves with`} `);
    li.append(tileRow(option.tiles, { size: "mini" }), ` (${option.unseen} unseen)`);
    if (option.waits) {
      const sub = document.createElement("ul");
      for (const wait of option.waits) sub.append(waitLine(wait));
      li.append(sub);
    }
    list.append(li);
  }
  for (const wait of data.waits || []) list.append(waitLine(wait));
  if (data.improves) {
    const li = document.createElement("li");
    li.append("Improves with ", tileRow(data.improves.tiles, { size: "mini" }), ` (${data.improves.unseen} unseen)`);
    list.append(li);
  }
  box.append(list);
  box.hidden = false;
}

// ------------------------------------------------------------------ showing a view

function logLine(text, mine) {
  if (!text) return;
  const li = document.createElement("li");
  li.textContent = text;
  if (mine) li.className = "mine";
  $("log").append(li);
  $("log").scrollTop = $("log").scrollHeight;
}

let audio = null;
function beep() {
  if (!settings.sound) return;
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.value = 0.05;
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.08);
  } catch (error) {
    /* no sound on this device */
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function status() {
  const obs = view.observation;
  let text;
  if (view.hand_over) text = view.match_over ? "The match is over." : "The hand is over.";
  else if (busy) text = "The computer players are playing…";
  else if (obs.legal_actions.some((a) => a.action === "discard")) text = "Your turn: choose a tile to discard.";
  else if (obs.legal_actions.length) text = `${obs.players[obs.claim_from] || "A player"} discarded ${obs.claim_tile}: claim it or pass.`;
  else text = "Waiting…";
  $("status").textContent = text;
}

async function show(next, { animate = true } = {}) {
  const newHand = !view || next.hand_number !== shownHand;
  view = next;
  if (newHand) {
    $("log").replaceChildren();
    shown = 0;
    shownHand = next.hand_number;
  }
  const events = next.events;
  const obs = next.observation;
  const names = obs.players;
  const pace = PACE[settings.speed] ?? 550;
  const pending = events.slice(shown);
  const liveDraws = (from) => events.slice(from).filter((e) => e.event === "draw" && e.source === "live").length;
  if (animate && pace > 0 && pending.length > 1) {
    busy = true;
    $("result").hidden = true;
    $("actions").replaceChildren();
    $("status").textContent = "The computer players are playing…";
    for (let i = shown; i < events.length; i++) {
      const event = events[i];
      const text = describe(event, obs.seat, names);
      logLine(text, event.seat === obs.seat);
      const pub = fold(events, i + 1);
      const drawnShown = !events.slice(i + 1).some((e) => e.event === "draw" && e.seat === obs.seat);
      drawTable(obs, pub, { wall: obs.live_wall + liveDraws(i + 1), drawnShown, current: pub.turn });
      if (text && event.seat !== obs.seat && event.event !== "draw") await sleep(pace);
    }
    busy = false;
  } else {
    for (const event of pending) logLine(describe(event, obs.seat, names), event.seat === obs.seat);
  }
  shown = events.length;
  selected = -1;
  const current = next.hand_over ? null : obs.phase === "turn" ? obs.turn : obs.claim_from;
  drawTable(obs, publicOf(obs), { wall: obs.live_wall, drawnShown: true, current });
  if (obs.drawn && canDiscard()) selected = handTiles(obs, true).length - 1;
  drawHand(obs, true);
  drawActions();
  drawResult();
  status();
  root.dataset.version = String(next.version); // for tests and tools: the state shown
  root.dataset.hand = String(next.hand_number);
  if (!next.hand_over && obs.legal_actions.length) {
    const onlyClaims = obs.legal_actions.every((a) => ["pass", "chow", "pung", "kong"].includes(a.action));
    if (settings.auto_pass && onlyClaims && obs.phase !== "turn") {
      logLine("(passed automatically)", true);
      await sleep(Math.min(pace, 300));
      return send({ action: "pass" });
    }
    beep();
  }
  drawHint();
}

// ------------------------------------------------------------------ keyboard

document.addEventListener("keydown", (event) => {
  if (event.target.closest && event.target.closest("dialog, input, select, textarea")) return;
  if (!view || !canDiscard()) return;
  const tiles = handTiles(view.observation, true);
  if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
    event.preventDefault();
    const step = event.key === "ArrowLeft" ? -1 : 1;
    const start = selected < 0 ? (step > 0 ? -1 : tiles.length) : selected;
    select((start + step + tiles.length) % tiles.length);
  } else if (event.key === "Enter") {
    if (selected >= 0) {
      event.preventDefault();
      discard(tiles[selected]);
    }
  } else if (event.key === "Escape") {
    selected = -1;
    typed = "";
    drawHand(view.observation, true);
    drawActions();
  } else if (/^[1-9mpsz]$/i.test(event.key)) {
    typed = (typed + event.key.toLowerCase()).slice(-2);
    if (/^[1-9][mpsz]$/.test(typed)) {
      const at = tiles.lastIndexOf(typed);
      if (at >= 0) select(at);
      typed = "";
    }
  }
});

// ------------------------------------------------------------------ settings

const dialog = $("settings");
const form = dialog.querySelector("form");

function fillSettings() {
  form.speed.value = settings.speed;
  for (const name of ["hints", "auto_pass", "sound", "captions"]) form[name].checked = settings[name];
}

async function saveSettings(change) {
  try {
    settings = await api("PUT", "/api/settings", change);
  } catch (error) {
    message(error.message);
  }
  root.classList.toggle("captions", settings.captions);
  fillSettings();
  drawHint();
}

$("settings-open").addEventListener("click", () => {
  fillSettings();
  dialog.showModal();
});
form.addEventListener("change", (event) => {
  const field = event.target;
  saveSettings({ [field.name]: field.type === "checkbox" ? field.checked : field.value });
});
$("hint-toggle").addEventListener("click", () => saveSettings({ hints: !settings.hints }));

// ------------------------------------------------------------------ another tab

// The same game may be open in another tab: coming back to this one shows the game as it is now.
document.addEventListener("visibilitychange", async () => {
  if (document.visibilityState !== "visible" || busy || !view) return;
  try {
    const now = await api("GET", `/api/games/${gameId}`);
    if (now.version !== view.version) await show(now, { animate: false });
  } catch (error) {
    message(error.message);
  }
});

// ------------------------------------------------------------------ start

(async () => {
  try {
    await show(await api("GET", `/api/games/${gameId}`), { animate: false });
  } catch (error) {
    message(error.message);
  }
})();
