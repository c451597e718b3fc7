// A room's page (/rooms/{id}): the invitation until the host starts, then the table for several people,
// live. The server is the referee: the page shows the room's view as the live connection sends it (a
// person's own seat, or a spectator's: discards and sets only) and sends the person's decisions, each
// with the number of events it was made from.
//
// The table is drawn with the table page's modules (static/table/): board.js (the seats, discards,
// sets and centre), hand.js (your hand and the buttons of what you are asked), events.js (the log's
// sentences and the public table of a spectator), callouts.js and result.js (the score card, the
// settlement, the final standings). room/live.js keeps the connection, room/invite.js the chairs.
import { api } from "./api.js";
import { follow } from "./room/live.js";
import { drawInvitation, setupInvitation } from "./room/invite.js";
import { standInButton } from "./room/stand-in.js";
import { drawTable } from "./table/board.js";
import { announce } from "./table/callouts.js";
import { callOf, describe, fold, publicOf } from "./table/events.js";
import { discardable, drawChoices, drawHand, handKeys, handTiles } from "./table/hand.js";
import { drawResult, drawStandings, handOverLine } from "./table/result.js";
import { $, root, setView, view } from "./table/state.js";
import { T, label, playerName, windName } from "./table/texts.js";
import { tileName } from "./tiles.js";

const PAGE = JSON.parse($("table-data").textContent);
const roomId = root.dataset.room;
// The server's clock less the browser's (seconds): deadlines are the server's times.
const SKEW = typeof PAGE.now === "number" ? PAGE.now - Date.now() / 1000 : 0;

let room = null; // the last view of the room applied (its events are kept in `events`)
const events = []; // every event of the match received: events[n] is event number n
let result = null; // the result of the last hand that ended (GET .../result)
let resultAsked = -1; // the room version the result was last asked at
let selected = -1; // the tile chosen in your hand
let riichi = false; // the Riichi button is down: the discard declares riichi (where the family has it)
let busy = false; // a decision on its way
let logged = 0; // events written to the log
let logStart = -1; // where the hand in the log begins
let ticker = null;

function message(text) {
  $("room-error").textContent = text || "";
  $("room-error").hidden = !text;
}

// ------------------------------------------------------------------ the room's views

// A view from the live connection or an answer: its events are added (those already here are not
// added again), and a view older than the one shown changes nothing else.
function receive(next) {
  for (const numbered of next.events || []) {
    if (numbered.number === events.length) events.push(numbered);
  }
  if (room && next.version < room.version) return;
  if (next.event_count > events.length) return; // a gap: the connection's next view fills it
  room = next;
  show();
}

function handEvents() {
  let start = events.length - 1;
  while (start > 0 && events[start].event.event !== "hand_start") start -= 1;
  return { start: Math.max(start, 0), hand: events.slice(Math.max(start, 0)).map((n) => n.event) };
}

// A spectator's observation, made from the public events alone: who sits where, the sets, the
// discard piles and how many tiles each one holds (no one's concealed tiles: they are not sent), and
// the family's public view where it has one (Riichi's rivers, dora indicators, sticks: room.family).
function spectatorObservation(hand) {
  const start = hand[0];
  const pub = fold(hand, hand.length);
  const seats = Object.keys(start.players);
  // The points before the hand: a family's log may name them "scores" (by seat, or a list by chair).
  const before = start.totals || (start.scores && !Array.isArray(start.scores) ? start.scores : {});
  // How many tiles each seat holds: the family's public view says so where the deal does not.
  const sizes = { ...pub.sizes };
  for (const seat of (room.family && room.family.seats) || []) {
    if (seat.wind && typeof seat.standing === "number") sizes[seat.wind] = seat.standing;
  }
  return {
    seat: seats[0], seats, players: start.players, scores: before, round_wind: start.round_wind,
    phase: "", turn: pub.turn, hand: "", drawn: null, melds: pub.melds, bonus: {}, discards: {},
    hand_sizes: sizes, live_wall: room.live_wall ?? null, claim_tile: null, claim_from: null, legal_actions: [],
    family: room.family || null,
  };
}

// The room's view as the table modules read a game's (GameView): this hand's events, the
// observation with what you are asked as its legal actions, the result once the hand is over.
function tableView() {
  const { hand } = handEvents();
  const spectating = room.chair === null;
  const number = events.filter((n) => n.event.event === "hand_start").length;
  const observation = spectating || !room.observation
    ? spectatorObservation(hand)
    : { ...room.observation, legal_actions: busy ? [] : room.asked || [] };
  const over = Boolean(room.hand_over);
  return {
    spectating, observation, events: hand, hand_number: number, hand_over: over, match_over: Boolean(room.match_over),
    result: over && result && result.hand_number === number ? result : null, dealer: "E", version: room.version,
  };
}

async function fetchResult() {
  if (resultAsked === room.version) return;
  resultAsked = room.version;
  try {
    result = await api("GET", `/api/rooms/${roomId}/result`);
  } catch (error) {
    message(error.message);
    return;
  }
  show();
}

// ------------------------------------------------------------------ drawing

const canDiscard = () => !busy && view && (view.observation.legal_actions || []).some((a) => a.action === "discard");

function drawPeople() {
  const list = $("people");
  list.replaceChildren();
  // The computer players are named by the room's level, numbered in chair order ("Normal 2").
  const level = room.level.charAt(0).toUpperCase() + room.level.slice(1);
  const seatOf = Object.fromEntries(Object.entries(view.observation.players).map(([seat, name]) => [name, seat]));
  let bots = 0;
  room.chairs.forEach((chair, index) => {
    const li = document.createElement("li");
    li.dataset.chair = String(index);
    const name = chair ? chair.name : `${level} ${(bots += 1)}`;
    const seat = (chair && chair.seat) || seatOf[name];
    if (seat) li.dataset.seat = seat;
    const wind = seat ? `${windName(seat)} · ` : "";
    li.textContent = `${wind}${chair ? name : playerName(name)}${index === room.chair ? " " + T("(you)") : ""}`;
    if (!chair) {
      li.className = "bot";
      li.title = T("Computer player");
    }
    if (chair && chair.away) {
      li.classList.add("away");
      const badge = document.createElement("span");
      badge.className = "away-badge";
      badge.textContent = T("away");
      li.append(" ", badge);
    }
    const standIn = standInButton(room, index, { onView: receive, onError: message });
    if (standIn) li.append(" ", standIn);
    list.append(li);
  });
  // Who is away, on the table too: a badge by the name in their seat's panel.
  for (const chair of room.chairs) {
    if (!chair || !chair.away || !chair.seat) continue;
    const head = document.querySelector(`section.seat[data-seat="${chair.seat}"] .seat-head`);
    if (!head) continue;
    const badge = document.createElement("span");
    badge.className = "away-badge";
    badge.textContent = T("away");
    head.append(badge);
  }
}

function mine() {
  return room.chair === null ? null : room.chairs[room.chair];
}

function statusText() {
  const me = mine();
  if (room.status === "abandoned") return T("Everybody left: the room is closed.");
  if (view.spectating) return T("Spectating: you see the discards and the sets, no one's concealed tiles.");
  if (view.hand_over) return view.match_over ? T("The match is over.") : T("The hand is over.");
  if (me && me.away) return T("Away: a computer player plays for you.");
  const obs = view.observation;
  const legal = obs.legal_actions;
  if (legal.some((a) => a.action === "discard")) return T("Your turn: choose a tile to discard.");
  if (legal.length && obs.phase === "rob") {
    return T("{name} adds {tile} to a kong: rob it or pass.", { name: label(obs.claim_from), tile: tileName(obs.claim_tile) });
  }
  if (legal.length) return T("{name} discarded {tile}: claim it or pass.", { name: label(obs.claim_from), tile: tileName(obs.claim_tile) });
  const away = room.chairs.find((chair) => chair && chair.away && chair.seat === obs.turn);
  if (away) return T("{name} is away: a computer player plays for them.", { name: away.name });
  const turn = obs.turn && obs.players[obs.turn];
  if (turn && room.chairs.some((chair) => chair && chair.name === turn)) return T("Waiting for {name}…", { name: turn });
  return T("Waiting for the other players…");
}

function drawActions() {
  const box = $("actions");
  box.replaceChildren();
  if (view.hand_over) {
    if (view.result) box.append(handOverLine());
    return;
  }
  if (view.spectating || busy) return;
  const obs = view.observation;
  drawChoices(box, obs.legal_actions, {
    turn: obs.phase === "turn", selected, tiles: handTiles(obs, true), claim: obs.claim_tile, riichi,
    onAction: send, onDiscard: discard,
    onRiichi: () => {
      riichi = !riichi;
      const allowed = discardable(obs.legal_actions, riichi);
      if (selected >= 0 && allowed && !allowed.has(handTiles(obs, true)[selected])) selected = -1;
      drawMine(lastPub);
      drawActions();
    },
  });
}

function discard(tile) {
  const allowed = discardable(view.observation.legal_actions, riichi);
  if (allowed && !allowed.has(tile)) return; // not a discard you may make now (after riichi, kuikae)
  send({ action: "discard", tile, ...(riichi ? { riichi: true } : {}) });
}

let lastPub = null; // the public table drawn last, for redrawing your hand alone

function select(index) {
  selected = index;
  drawMine(lastPub);
  drawActions();
  const el = $("hand").children[index];
  if (el) el.focus({ preventScroll: true });
}

function drawMine(pub) {
  lastPub = pub;
  const obs = view.observation;
  $("hand").closest(".hand-row").hidden = view.spectating;
  if (view.spectating) return;
  drawHand(obs, {
    drawnShown: true, melds: pub.melds[obs.seat] || [], selected, discardable: canDiscard(),
    allowed: canDiscard() ? discardable(obs.legal_actions, riichi) : null,
    onTile: (code, index) => {
      if (!canDiscard()) return;
      if (selected === index) discard(code);
      else select(index);
    },
  });
}

function drawLog(start) {
  if (start !== logStart) {
    $("log").replaceChildren();
    logStart = start;
    logged = start;
  }
  const me = view.spectating ? null : view.observation.seat;
  for (; logged < events.length; logged++) {
    const text = describe(events[logged].event);
    if (!text) continue;
    const li = document.createElement("li");
    li.textContent = text;
    if (events[logged].event.seat === me && me) li.className = "mine";
    $("log").append(li);
  }
  $("log").scrollTop = $("log").scrollHeight;
}

function drawTimer() {
  const timer = $("timer");
  clearInterval(ticker);
  const deadline = room.deadline;
  const asked = (view.observation.legal_actions || []).length > 0;
  timer.hidden = view.spectating || view.hand_over || room.status !== "playing" || !asked;
  if (timer.hidden) return;
  if (!deadline) {
    timer.textContent = T("No time limit");
    return;
  }
  const tick = () => {
    const left = Math.max(0, Math.ceil(deadline - SKEW - Date.now() / 1000));
    timer.textContent = T("{seconds} s left", { seconds: left });
    timer.dataset.seconds = String(left);
    timer.classList.toggle("short", left <= 5);
  };
  tick();
  ticker = setInterval(tick, 250);
}

function drawAway() {
  const button = $("away");
  const me = mine();
  button.hidden = !me || room.status !== "playing";
  if (button.hidden) return;
  button.textContent = me.away ? T("I am back") : T("I am away");
  button.setAttribute("aria-pressed", String(Boolean(me.away)));
}

function show() {
  const before = Number(root.dataset.events || 0);
  root.dataset.status = room.status;
  const open = room.status === "open";
  $("invitation").hidden = !open;
  for (const element of [$("table"), document.querySelector(".hand-area"), $("side"), $("people")]) element.hidden = open;
  $("spectating").hidden = open || room.chair !== null;
  root.classList.toggle("spectating", room.chair === null);
  if (open) {
    drawInvitation(room, sit);
    $("result").hidden = true;
    $("standings").hidden = true;
    root.dataset.version = String(room.version);
    root.dataset.events = "0";
    return;
  }
  if (!events.length) return; // the first view of a started room always brings its events
  if (room.hand_over && (!result || result.hand_number < events.filter((n) => n.event.event === "hand_start").length)) {
    fetchResult();
  }
  setView(tableView());
  const obs = view.observation;
  const { start, hand } = handEvents();
  // A spectator's table from the public events, or from the family's public view where it has one.
  const pub = view.spectating && !obs.family ? fold(hand, hand.length) : publicOf(obs, hand);
  if (!canDiscard()) {
    selected = -1;
    riichi = false;
  } else if (selected < 0 && obs.drawn) {
    const last = handTiles(obs, true).length - 1;
    const allowed = discardable(obs.legal_actions, riichi);
    if (!allowed || allowed.has(handTiles(obs, true)[last])) selected = last;
  }
  drawTable(obs, pub, { wall: obs.live_wall ?? "–", current: view.hand_over ? null : pub.turn || obs.turn });
  drawMine(pub);
  drawPeople();
  drawActions();
  drawResult(view.spectating || room.status !== "playing" ? null : nextHand);
  drawStandings();
  drawLog(start);
  drawTimer();
  drawAway();
  $("status").textContent = statusText();
  if (before && events.length > before) {
    const called = events.slice(before).map((n) => n.event).filter((e) => callOf(e)).at(-1);
    if (called && called.seat) announce(called);
  }
  // For tests and tools: the state shown.
  root.dataset.version = String(room.version);
  root.dataset.events = String(events.length);
  root.dataset.hand = String(view.hand_number);
  root.dataset.asked = String((obs.legal_actions || []).length > 0);
  root.dataset.busy = String(busy);
}

// ------------------------------------------------------------------ your decisions

async function send(action) {
  if (busy || !room) return;
  busy = true;
  message("");
  show();
  try {
    const next = await api("POST", `/api/rooms/${roomId}/actions`, { ...action, seen: room.event_count });
    busy = false;
    selected = -1;
    riichi = false;
    receive(next);
  } catch (error) {
    busy = false;
    message(error.message);
    if (error.status === 409) receive(await api("GET", `/api/rooms/${roomId}?since=${events.length}`));
  }
  show();
}

async function post(path) {
  message("");
  try {
    receive(await api("POST", `/api/rooms/${roomId}/${path}`, {}));
  } catch (error) {
    message(error.message);
  }
}

const nextHand = () => post("next");
$("away").addEventListener("click", () => post(mine() && mine().away ? "back" : "away"));

handKeys({
  active: () => Boolean(view) && !view.spectating && canDiscard(),
  tiles: () => handTiles(view.observation, true),
  selected: () => selected,
  select,
  discard,
  clear: () => select(-1),
});

const sit = setupInvitation(roomId, { onView: receive, onError: message });

// ------------------------------------------------------------------ start

receive(PAGE.room);
follow(roomId, {
  since: () => events.length,
  onView: (next) => {
    root.dataset.messages = String(Number(root.dataset.messages || 0) + 1);
    receive(next);
  },
  onError: (error) => message(error.detail),
  onDown: () => {
    $("connection").textContent = T("Connection lost: reconnecting…");
    $("connection").hidden = false;
  },
  onUp: () => {
    $("connection").hidden = true;
  },
});
