// The Riichi table page. The server is the referee: this page shows the view it answers (your
// seat's observation, its legal actions and the hand's events as your seat sees them) and sends
// your choices. The table is laid out as on Tenhou or Mahjong Soul: each seat's river in front of
// it (the riichi discard turned sideways, a called tile dimmed), the centre with the round and hand,
// honba, riichi sticks, the dora indicators and the tiles left in the live wall; each seat's score
// and its riichi stick. Your hand below: click a tile to choose it, again to discard it; the Riichi
// button marks the discards that declare riichi. Every text is looked up with T() in the texts the
// server put into the page (web/riichi_table_texts.py), in the page's language.
import { api } from "./api.js";
import { backs, sortTiles, tileElement } from "./tiles.js";

const $ = (id) => document.getElementById(id);
const root = $("game");
const gameId = root.dataset.game;
const PAGE = JSON.parse($("table-data").textContent);
const TEXTS = PAGE.texts || {};
const T = (msgid, fields = {}) =>
  (TEXTS[msgid] || msgid).replace(/\{(\w+)\}/g, (all, key) => (key in fields ? String(fields[key]) : all));

const WIND_CHARS = { E: "東", S: "南", W: "西", N: "北" };
const WIND_NAMES = { E: "East", S: "South", W: "West", N: "North" };
const POND_ROW = 6;

let view = null;
let selected = -1;
let riichiMode = false;
let busy = false;
let logged = 0; // events of the current hand already written to the log
let loggedHand = 0;

// ------------------------------------------------------------------ names

const obs = () => view.observation;
const me = () => view.seat;
const windOf = (seat) => obs().seats[seat].wind;
const seatOfWind = (wind) => obs().seats.findIndex((s) => s.wind === wind);

function playerName(seat) {
  if (seat === me()) return T("You");
  const name = view.names[seat] || "";
  const bot = /^(Easy|Normal|Expert) (\d+)$/.exec(name);
  return bot ? `${T(bot[1])} ${bot[2]}` : name;
}

function who(wind) {
  const seat = seatOfWind(wind);
  return seat < 0 ? wind : playerName(seat);
}

function positions() {
  const i = me();
  return { me: i, right: (i + 1) % 4, top: (i + 2) % 4, left: (i + 3) % 4 };
}

function message(text) {
  const box = $("error");
  box.textContent = text || "";
  box.hidden = !text;
}

// ------------------------------------------------------------------ the table

function meldElement(meld, owner) {
  const box = document.createElement("span");
  box.className = "meld" + (meld.kind === "ankan" ? " concealed" : "");
  box.dataset.kind = meld.kind;
  const tiles = sortTiles(meld.tiles);
  let turned = -1;
  if (meld.called && meld.from) {
    const from = seatOfWind(meld.from);
    const k = (from - owner + 4) % 4; // 1: on the right, 2: across, 3: on the left
    tiles.splice(tiles.indexOf(meld.called), 1);
    turned = k === 3 ? 0 : k === 1 ? tiles.length : 1;
    tiles.splice(turned, 0, meld.called);
    box.title = T("Claimed from {name}", { name: who(meld.from) });
  }
  tiles.forEach((code, index) => {
    if (meld.kind === "ankan" && (index === 0 || index === 3)) {
      const back = document.createElement("span");
      back.className = "tile back mini";
      back.setAttribute("aria-hidden", "true");
      box.append(back);
      return;
    }
    const el = tileElement(code, { size: "mini" });
    if (index === turned) el.classList.add("sideways");
    box.append(el);
  });
  box.setAttribute("aria-label", `${T(meld.kind)} ${meld.tiles.join("")}`);
  return box;
}

function seatHead(seat) {
  const o = obs();
  const head = document.createElement("div");
  head.className = "seat-head";
  const wind = document.createElement("span");
  wind.className = "wind";
  wind.textContent = WIND_CHARS[windOf(seat)];
  wind.title = T(WIND_NAMES[windOf(seat)]);
  const name = document.createElement("span");
  name.className = "name";
  name.textContent = playerName(seat);
  head.append(wind, name);
  if (seat === o.dealer) {
    const badge = document.createElement("span");
    badge.className = "dealer-badge";
    badge.textContent = T("dealer");
    head.append(badge);
  }
  if (o.seats[seat].riichi) {
    const stick = document.createElement("span");
    stick.className = "riichi-stick";
    stick.dataset.testid = "riichi-stick";
    stick.textContent = T("Riichi");
    stick.title = o.seats[seat].double_riichi ? T("Double riichi") : T("Riichi");
    head.append(stick);
  }
  const score = document.createElement("span");
  score.className = "score";
  score.dataset.testid = "score-chip";
  const scores = view.hand_over && view.result ? view.result.scores : o.scores;
  score.textContent = scores[seat].toLocaleString();
  head.append(score);
  if (!view.hand_over && o.turn === seat && o.phase === "turn") head.setAttribute("aria-current", "true");
  return head;
}

function seatPanel(box, seat, position) {
  box.replaceChildren();
  box.dataset.seat = windOf(seat);
  box.classList.toggle("turn", !view.hand_over && obs().turn === seat);
  box.append(seatHead(seat));
  if (position === "me") return;
  const exposed = document.createElement("div");
  exposed.className = "exposed";
  const revealed = view.hand_over && view.result && view.result.hands[seat];
  if (revealed) {
    const row = document.createElement("span");
    row.className = "tiles revealed-hand";
    for (const code of revealed) row.append(tileElement(code, { size: "mini" }));
    row.setAttribute("aria-label", T("{name}'s hand", { name: playerName(seat) }));
    exposed.append(row);
  } else {
    const count = obs().seats[seat].standing;
    const row = backs(count, "mini");
    row.setAttribute("aria-label", T("{count} concealed tiles", { count }));
    exposed.append(row);
  }
  for (const meld of obs().seats[seat].melds) exposed.append(meldElement(meld, seat));
  box.append(exposed);
}

function pond(box, seat, position) {
  box.replaceChildren();
  box.dataset.seat = windOf(seat);
  box.setAttribute("aria-label", seat === me() ? T("Your discards") : T("{name}'s discards", { name: playerName(seat) }));
  const river = obs().seats[seat].discards;
  const lines = Math.max(1, Math.ceil(river.length / POND_ROW));
  const lastHere = !view.hand_over && obs().last_discard && obs().turn === seat && obs().phase !== "turn";
  river.forEach((item, index) => {
    const el = tileElement(item.tile, { size: "small" });
    const line = Math.floor(index / POND_ROW);
    const place = index % POND_ROW;
    const [row, column] = {
      me: [line + 1, place + 1],
      top: [lines - line, POND_ROW - place],
      left: [place + 1, lines - line],
      right: [POND_ROW - place, line + 1],
    }[position];
    el.style.gridRow = String(row);
    el.style.gridColumn = String(column);
    if (item.riichi) {
      el.classList.add("riichi-discard");
      el.title = T("Riichi");
    }
    if (item.called) el.classList.add("called");
    if (item.tsumogiri) el.classList.add("tsumogiri");
    if (lastHere && index === river.length - 1) {
      el.classList.add("last");
      el.dataset.testid = "last-discard";
    }
    box.append(el);
  });
}

function center() {
  const o = obs();
  const box = $("center");
  box.replaceChildren();
  const compass = document.createElement("div");
  compass.className = "compass";
  for (const [position, seat] of Object.entries(positions())) {
    const dial = document.createElement("span");
    dial.className = `dial ${position}` + (!view.hand_over && o.turn === seat ? " turn" : "") + (seat === o.dealer ? " dealer" : "");
    dial.textContent = WIND_CHARS[windOf(seat)];
    compass.append(dial);
  }
  const info = document.createElement("div");
  info.className = "info riichi-info";
  const round = document.createElement("div");
  round.className = "round";
  round.dataset.testid = "round";
  const dealerNumber = ((o.dealer - firstDealer() + 4) % 4) + 1;
  round.textContent = `${WIND_CHARS[o.round_wind]} ${dealerNumber}`;
  round.title = T("{wind} round, hand {number}", { wind: T(WIND_NAMES[o.round_wind]), number: dealerNumber });
  const counters = document.createElement("div");
  counters.className = "counters";
  counters.dataset.testid = "counters";
  counters.textContent = `${T("honba")} ${o.honba} · ${T("sticks")} ${o.sticks}`;
  counters.title = T("{honba} honba, {sticks} riichi sticks on the table", { honba: o.honba, sticks: o.sticks });
  const dora = document.createElement("div");
  dora.className = "dora";
  dora.dataset.testid = "dora";
  dora.setAttribute("aria-label", T("Dora indicators"));
  dora.title = T("Dora indicators");
  for (const code of o.dora_indicators) dora.append(tileElement(code, { size: "mini" }));
  for (let i = o.dora_indicators.length; i < 5; i++) {
    const back = document.createElement("span");
    back.className = "tile back mini";
    back.setAttribute("aria-hidden", "true");
    dora.append(back);
  }
  const wall = document.createElement("div");
  wall.className = "wall";
  wall.title = T("Tiles left in the wall");
  wall.innerHTML = `<b data-testid="wall"></b> <span></span>`;
  wall.children[0].textContent = o.live_wall;
  wall.children[1].textContent = T("Wall");
  info.append(round, counters, dora, wall);
  box.append(compass, info);
}

// The chair that dealt the first hand: you sit the chair after it (South in the first hand).
const firstDealer = () => (me() + 3) % 4;

// ------------------------------------------------------------------ your hand and choices

function handTiles() {
  const o = obs();
  const tiles = sortTiles(o.hand);
  if (o.drawn) {
    tiles.splice(tiles.indexOf(o.drawn), 1);
    tiles.push(o.drawn);
  }
  return tiles;
}

const legal = () => (view.hand_over ? [] : obs().legal_actions);
const discards = (riichi) => legal().filter((a) => a.action === "discard" && Boolean(a.riichi) === riichi);

function drawHand() {
  const o = obs();
  const hand = $("hand");
  hand.replaceChildren();
  const tiles = handTiles();
  const allowed = new Set(discards(riichiMode).map((a) => a.tile));
  hand.classList.toggle("active", allowed.size > 0 && !busy);
  hand.classList.toggle("riichi-mode", riichiMode);
  tiles.forEach((code, index) => {
    const el = tileElement(code, { size: "large", button: true });
    if (o.drawn && index === tiles.length - 1) el.classList.add("drawn");
    if (index === selected) {
      el.classList.add("selected");
      el.setAttribute("aria-selected", "true");
    }
    el.disabled = busy || !allowed.has(code);
    if (riichiMode && allowed.has(code)) el.classList.add("riichi-choice");
    el.addEventListener("click", () => {
      if (selected === index) send({ action: "discard", tile: code, ...(riichiMode ? { riichi: true } : {}) });
      else {
        selected = index;
        draw();
        const again = $("hand").children[index];
        if (again) again.focus({ preventScroll: true });
      }
    });
    hand.append(el);
  });
  const sets = $("my-melds");
  sets.replaceChildren();
  for (const meld of o.seats[me()].melds) sets.append(meldElement(meld, me()));
  sets.hidden = !o.seats[me()].melds.length;
}

function button(text, data, extra = "") {
  const el = document.createElement("button");
  el.type = "button";
  el.className = `button ${extra}`;
  el.dataset.action = data.action;
  el.textContent = text;
  el.disabled = busy;
  el.addEventListener("click", () => send(data));
  return el;
}

const KAN_WORDS = { daiminkan: "Kan", ankan: "Closed kan", kakan: "Added kan" };

function drawActions() {
  const box = $("actions");
  box.replaceChildren();
  if (view.hand_over) return;
  for (const a of legal()) {
    if (a.action === "tsumo") box.append(button(T("Tsumo"), a, "win primary"));
    else if (a.action === "ron") box.append(button(T("Ron"), a, "win primary"));
  }
  if (discards(true).length) {
    const toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "button riichi";
    toggle.id = "riichi-toggle";
    toggle.dataset.action = "riichi";
    toggle.setAttribute("aria-pressed", String(riichiMode));
    toggle.textContent = riichiMode ? T("Riichi: choose the discard") : T("Riichi");
    toggle.disabled = busy;
    toggle.addEventListener("click", () => {
      riichiMode = !riichiMode;
      selected = -1;
      draw();
    });
    box.append(toggle);
  }
  for (const a of legal()) {
    if (a.action === "chi" || a.action === "pon") {
      const label = `${T(a.action === "chi" ? "Chi" : "Pon")} ${a.tiles.join("")}`;
      box.append(button(label, a));
    } else if (a.action in KAN_WORDS) {
      box.append(button(`${T(KAN_WORDS[a.action])}${a.tile ? " " + a.tile : ""}`, a));
    } else if (a.action === "kyuushu") {
      box.append(button(T("Nine terminals (abortive draw)"), a));
    }
  }
  const pass = legal().find((a) => a.action === "pass");
  if (pass) box.append(button(T("Pass"), pass));
  const chosen = selected >= 0 ? handTiles()[selected] : null;
  const allowed = discards(riichiMode).map((a) => a.tile);
  if (chosen && allowed.includes(chosen)) {
    const data = { action: "discard", tile: chosen, ...(riichiMode ? { riichi: true } : {}) };
    box.append(button(T(riichiMode ? "Riichi with {tile}" : "Discard {tile}", { tile: chosen }), data, "primary"));
  }
}

function status() {
  const o = obs();
  const box = $("status");
  if (view.match_over) box.textContent = T("The match is over.");
  else if (view.hand_over) box.textContent = T("The hand is over.");
  else if (legal().some((a) => a.action === "ron")) box.textContent = T("You can win on this discard: Ron or Pass.");
  else if (legal().some((a) => a.action === "discard")) {
    box.textContent = riichiMode ? T("Riichi: choose the discard that leaves your hand ready.") : T("Your turn: choose a tile to discard.");
  } else if (legal().length) box.textContent = T("Claim the discard or pass.");
  else box.textContent = T("Waiting…");
  if (o.furiten && !view.hand_over) {
    const mark = document.createElement("span");
    mark.className = "furiten";
    mark.dataset.testid = "furiten";
    mark.textContent = ` · ${T("Furiten: you cannot win by ron")}`;
    box.append(mark);
  }
}

// ------------------------------------------------------------------ the log

// What you did, in the first person ("You discard 5p"); another seat's, with its name.
const YOURS = {
  "{name} discards {tile}": "You discard {tile}",
  "{name}: riichi, discards {tile}": "You declare riichi and discard {tile}",
  "{name} puts down a riichi stick.": "You put down a riichi stick.",
  "{name} calls {call} on {tile} from {from}: {meld}": "You call {call} on {tile} from {from}: {meld}",
  "{name} declares a closed kan: {tiles}": "You declare a closed kan: {tiles}",
  "{name} adds to a pon: a kan of {tiles}": "You add to your pon: a kan of {tiles}",
  "{name} wins by ron on {tile} from {from}!": "You win by ron on {tile} from {from}!",
  "{name} wins by tsumo on {tile}!": "You win by tsumo on {tile}!",
};

function eventText(e) {
  const text = eventLine(e);
  if (!text) return null;
  const [msgid, fields] = text;
  const mine = e.seat && e.seat === windOf(me()) && YOURS[msgid];
  return T(mine || msgid, fields);
}

function eventLine(e) {
  const name = e.seat ? who(e.seat) : "";
  const L = (msgid, fields = {}) => [msgid, fields]; // eventText translates it, in the person it needs
  switch (e.event) {
    case "hand_start":
      return L(e.dealer === me() ? "{wind} round: you deal, honba {honba}." : "{wind} round: {name} deals, honba {honba}.", { wind: T(WIND_NAMES[e.round_wind]), name: playerName(e.dealer), honba: e.honba });
    case "dora":
      return L("Dora indicator: {tile}", { tile: e.indicator });
    case "discard":
      return e.riichi ? L("{name}: riichi, discards {tile}", { name, tile: e.tile }) : L("{name} discards {tile}", { name, tile: e.tile });
    case "riichi":
      return L("{name} puts down a riichi stick.", { name });
    case "claim":
      if (e.kind === "win") return null;
      return L("{name} calls {call} on {tile} from {from}: {meld}", { name, call: T(e.call), tile: e.tile, from: who(e.from), meld: e.meld.join("") });
    case "kong":
      return L(e.kind === "concealed" ? "{name} declares a closed kan: {tiles}" : "{name} adds to a pon: a kan of {tiles}", { name, tiles: e.tiles.join("") });
    case "win":
      return e.from ? L("{name} wins by ron on {tile} from {from}!", { name, tile: e.tile, from: who(e.from) }) : L("{name} wins by tsumo on {tile}!", { name, tile: e.tile });
    case "exhausted":
      return L("The wall is empty: an exhaustive draw.");
    case "abort":
      return L("An abortive draw.");
    default:
      return null;
  }
}

function writeLog() {
  if (loggedHand !== view.hand_number) {
    loggedHand = view.hand_number;
    logged = 0;
    $("log").replaceChildren();
  }
  const list = $("log");
  for (const e of view.events.slice(logged)) {
    const text = eventText(e);
    if (!text) continue;
    const item = document.createElement("li");
    item.textContent = text;
    list.append(item);
  }
  logged = view.events.length;
  while (list.children.length > 60) list.firstChild.remove();
  list.lastElementChild?.scrollIntoView({ block: "nearest" });
}

// ------------------------------------------------------------------ the end of a hand

function scoreCard(win) {
  const card = document.createElement("div");
  card.className = "win-card";
  card.dataset.testid = "win-card";
  const head = document.createElement("h3");
  const yours = win.seat === me();
  const fields = { name: playerName(win.seat), from: win.from === me() ? T("you") : playerName(win.from) };
  if (win.from === null) head.textContent = T(yours ? "You win by tsumo" : "{name} wins by tsumo", fields);
  else head.textContent = T(yours ? "You win by ron from {from}" : "{name} wins by ron from {from}", fields);
  card.append(head);
  const hand = document.createElement("div");
  hand.className = "tiles";
  for (const code of sortTiles(win.hand)) hand.append(tileElement(code, { size: "small" }));
  const winning = tileElement(win.tile, { size: "small" });
  winning.classList.add("winning");
  hand.append(winning);
  card.append(hand);
  if (win.ura_indicators.length) {
    const ura = document.createElement("p");
    ura.className = "ura";
    ura.append(T("Ura dora indicators") + ": ");
    for (const code of win.ura_indicators) ura.append(tileElement(code, { size: "mini" }));
    card.append(ura);
  }
  const table = document.createElement("table");
  table.className = "items";
  for (const item of win.card.items) {
    const row = table.insertRow();
    row.className = item.kind;
    row.insertCell().textContent = item.name;
    row.insertCell().textContent = `${item.value} ${T(item.kind)}`;
  }
  card.append(table);
  const total = document.createElement("p");
  total.className = "total";
  total.dataset.testid = "hand-points";
  const details = win.card.details || {};
  const limit = win.card.limit ? ` · ${win.card.limit}` : "";
  total.textContent = `${details.yakuman ? "" : `${details.han} ${T("han")} ${details.fu} ${T("fu")}`}${limit} · ${win.card.total.toLocaleString()} ${T("points")}`;
  card.append(total);
  return card;
}

function drawResult() {
  const box = $("result");
  box.hidden = !view.hand_over;
  box.replaceChildren();
  if (!view.hand_over) return;
  const r = view.result;
  const head = document.createElement("h2");
  if (r.kind === "exhaustive") {
    head.textContent = T("Exhaustive draw");
    box.append(head);
    const ready = document.createElement("p");
    ready.textContent = r.tenpai.length
      ? T("Ready (tenpai): {names}", { names: r.tenpai.map(playerName).join(", ") })
      : T("Nobody was ready.");
    box.append(ready);
  } else if (r.kind === "abortive") {
    head.textContent = T("Abortive draw: {what}", { what: r.abort_text || r.abort });
    box.append(head);
  } else {
    head.textContent = T("Score and settlement");
    box.append(head);
    for (const win of r.wins) box.append(scoreCard(win));
  }
  const changes = document.createElement("table");
  changes.className = "settlement";
  changes.dataset.testid = "settlement";
  const top = changes.createTHead().insertRow();
  for (const text of [T("Player"), T("This hand"), T("Score")]) {
    const th = document.createElement("th");
    th.textContent = text;
    top.append(th);
  }
  const body = changes.createTBody();
  for (let seat = 0; seat < 4; seat++) {
    const row = body.insertRow();
    row.insertCell().textContent = playerName(seat);
    const delta = r.deltas[seat];
    row.insertCell().textContent = delta > 0 ? `+${delta.toLocaleString()}` : delta.toLocaleString();
    row.insertCell().textContent = r.scores[seat].toLocaleString();
  }
  box.append(changes);
  if (r.standings) box.append(standings(r.standings));
  const next = document.createElement("button");
  next.type = "button";
  next.className = "button primary";
  if (view.match_over) {
    next.textContent = T("New game");
    next.addEventListener("click", () => (window.location.href = "/"));
  } else {
    next.id = "next-hand";
    next.textContent = T("Next hand");
    next.addEventListener("click", nextHand);
  }
  box.append(next);
}

function standings(rows) {
  const box = document.createElement("div");
  box.className = "final";
  box.dataset.testid = "standings";
  const head = document.createElement("h2");
  head.textContent = T("Final results (uma and oka included)");
  box.append(head);
  const table = document.createElement("table");
  const top = table.createTHead().insertRow();
  for (const text of [T("Rank"), T("Player"), T("Points"), T("Result")]) {
    const th = document.createElement("th");
    th.textContent = text;
    top.append(th);
  }
  const body = table.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    if (row.seat === me()) tr.className = "you";
    tr.insertCell().textContent = row.place;
    tr.insertCell().textContent = playerName(row.seat);
    tr.insertCell().textContent = row.points.toLocaleString();
    tr.insertCell().textContent = row.result_text;
  }
  box.append(table);
  return box;
}

// ------------------------------------------------------------------ talking to the server

function draw() {
  const place = positions();
  for (const position of ["left", "top", "right", "me"]) {
    seatPanel($(`seat-${position}`), place[position], position);
    pond($(`pond-${position}`), place[position], position);
  }
  center();
  drawHand();
  drawActions();
  status();
}

function show(next) {
  view = next;
  root.dataset.version = String(view.version);
  selected = -1;
  riichiMode = false;
  draw();
  writeLog();
  drawResult();
}

function setBusy(value) {
  busy = value;
  root.dataset.busy = String(value);
}

async function send(data) {
  if (busy) return;
  setBusy(true);
  message("");
  try {
    show(await api("POST", `/api/games/${gameId}/actions`, { ...data, version: view.version }));
  } catch (error) {
    message(error.message);
    setBusy(false);
    draw();
    return;
  }
  setBusy(false);
  draw();
}

async function nextHand() {
  if (busy) return;
  setBusy(true);
  try {
    show(await api("POST", `/api/games/${gameId}/next`));
  } catch (error) {
    message(error.message);
  }
  setBusy(false);
  draw();
}

document.addEventListener("keydown", (event) => {
  if (!view || view.hand_over || busy || event.target.closest?.("input, select, textarea")) return;
  const tiles = handTiles();
  if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
    selected = selected < 0 ? tiles.length - 1 : (selected + (event.key === "ArrowLeft" ? tiles.length - 1 : 1)) % tiles.length;
    draw();
    event.preventDefault();
  } else if (event.key === "Enter" && selected >= 0) {
    const code = tiles[selected];
    if (discards(riichiMode).some((a) => a.tile === code)) send({ action: "discard", tile: code, ...(riichiMode ? { riichi: true } : {}) });
    event.preventDefault();
  }
});

api("GET", `/api/games/${gameId}`).then(show, (error) => message(error.message));
