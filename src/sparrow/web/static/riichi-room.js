// A Riichi room's page (/rooms/{id} of a room whose rules are "riichi"): the invitation until the host
// starts, then the Riichi table for several people, live. The server is the referee: the page shows
// the room's view as the live connection sends it and sends the person's decisions, each with the
// number of events it was made from. The room's `game` is the table as this person's seat sees it (a
// spectator's: chair 0's side, no concealed tiles), in the shape of the vs-computer page's GameView,
// so riichi/board.js draws it as it draws that page. room/live.js keeps the connection, room/invite.js
// the chairs; the people, the turn timer and the away button are this page's.
import { api } from "./api.js";
import { riichiBoard } from "./riichi/board.js";
import { follow } from "./room/live.js";
import { drawInvitation, setupInvitation } from "./room/invite.js";
import { standInButton } from "./room/stand-in.js";

const $ = (id) => document.getElementById(id);
const root = $("game");
const roomId = root.dataset.room;
const PAGE = JSON.parse($("table-data").textContent);
// The server's clock less the browser's (seconds): deadlines are the server's times.
const SKEW = typeof PAGE.now === "number" ? PAGE.now - Date.now() / 1000 : 0;
const WIND_NAMES = { E: "East", S: "South", W: "West", N: "North" };

let room = null; // the last view of the room shown
let ticker = null;

function message(text) {
  $("room-error").textContent = text || "";
  $("room-error").hidden = !text;
}

const mine = () => (room && room.chair !== null ? room.chairs[room.chair] : null);
const playing = () => room && room.status === "playing";

const board = riichiBoard({
  texts: PAGE.texts,
  message,
  names: "room",
  newGame: { href: "/rooms", text: "New room" },
  send,
  next: () => post("next"),
  canNext: () => playing() && room.chair !== null,
  status: statusText,
  away: (seat) => Boolean(room && room.chairs[seat] && room.chairs[seat].away), // chairs are seats
});
const T = board.T;

// ------------------------------------------------------------------ the room's views

// A view from the live connection or an answer; one older than the one shown changes nothing (an
// answer and the connection's message for the same change may come in either order).
function receive(next) {
  if (!next || (room && next.version < room.version)) return;
  room = next;
  show();
}

// ------------------------------------------------------------------ drawing

// The page's own status line, where the board's does not say enough (null: the board's).
function statusText() {
  const game = room.game;
  if (room.status === "abandoned") return T("Everybody left: the room is closed.");
  if (game.hand_over) return null;
  if (game.spectating) return T("Spectating: you see the discards and the sets, no one's concealed tiles.");
  const me = mine();
  if (me && me.away) return T("Away: a computer player plays for you.");
  if (room.asked && room.asked.length) return null; // what you are asked: the board's words
  const obs = game.observation;
  const chair = obs.phase === "turn" ? room.chairs[obs.turn] : null;
  if (chair && chair.away) return T("{name} is away: a computer player plays for them.", { name: chair.name });
  if (chair) return T("Waiting for {name}…", { name: chair.name });
  return T("Waiting for the other players…");
}

function drawPeople() {
  const list = $("people");
  list.replaceChildren();
  const seats = room.game.observation.seats;
  room.chairs.forEach((chair, index) => {
    const li = document.createElement("li");
    li.dataset.chair = String(index);
    const wind = (chair && chair.seat) || (seats[index] && seats[index].wind);
    if (wind) li.dataset.seat = wind;
    li.textContent = `${wind ? T(WIND_NAMES[wind]) + " · " : ""}${board.playerName(index)}`;
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
}

function drawTimer() {
  const timer = $("timer");
  clearInterval(ticker);
  const asked = Boolean(room.asked && room.asked.length);
  timer.hidden = room.game.spectating || room.game.hand_over || !playing() || !asked;
  if (timer.hidden) return;
  const deadline = room.deadline;
  if (!deadline) {
    timer.textContent = T("No time limit");
    return;
  }
  const tick = () => {
    // (Never more than a turn: the clocks' difference is only known to the page load's latency.)
    const full = room.turn_seconds || Infinity;
    const left = Math.min(full, Math.max(0, Math.ceil(deadline - SKEW - Date.now() / 1000)));
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
  button.hidden = !me || !playing();
  if (button.hidden) return;
  button.textContent = me.away ? T("I am back") : T("I am away");
  button.setAttribute("aria-pressed", String(Boolean(me.away)));
}

function show() {
  root.dataset.status = room.status;
  const open = room.status === "open";
  const game = open ? null : room.game;
  $("invitation").hidden = !open;
  for (const element of [$("table"), document.querySelector(".hand-area"), $("side"), $("people")]) {
    element.hidden = !game;
  }
  $("spectating").hidden = open || room.chair !== null;
  root.classList.toggle("spectating", !open && room.chair === null);
  $("keys").hidden = !game || game.spectating;
  if (open) drawInvitation(room, sit);
  if (!game) {
    $("result").hidden = true;
    $("timer").hidden = true;
    clearInterval(ticker);
  } else {
    board.show({ ...game, version: room.version });
    drawPeople();
    drawTimer();
  }
  drawAway();
  // For tests and tools: the state shown.
  root.dataset.version = String(room.version);
  root.dataset.events = String(room.event_count || 0);
  root.dataset.hand = String(game ? game.hand_number : 0);
  root.dataset.asked = String(Boolean(room.asked && room.asked.length));
  root.dataset.busy = String(board.busy());
}

// ------------------------------------------------------------------ your decisions

// A decision, made on the events seen: one made on an old table is refused (409), and the room as it
// stands now is shown with the refusal (the board shows the error's message). The legal actions name
// their seat; the room knows whose decision it is and takes no seat.
async function send(action) {
  const { seat, ...decision } = action;
  try {
    receive(await api("POST", `/api/rooms/${roomId}/actions`, { ...decision, seen: room.event_count }));
  } catch (error) {
    if (error.status === 409) {
      try {
        receive(await api("GET", `/api/rooms/${roomId}?since=${room.event_count}`));
      } catch (ignored) {
        // the live connection brings the room when it is back
      }
    }
    throw error;
  }
}

async function post(path) {
  receive(await api("POST", `/api/rooms/${roomId}/${path}`, {}));
}

$("away").addEventListener("click", async () => {
  message("");
  try {
    await post(mine() && mine().away ? "back" : "away");
  } catch (error) {
    message(error.message);
  }
});

const sit = setupInvitation(roomId, { onView: receive, onError: message });

// ------------------------------------------------------------------ start

receive(PAGE.room);
follow(roomId, {
  since: () => (room ? room.event_count : 0),
  onView: receive,
  onError: (error) => message(error.detail),
  onDown: () => {
    $("connection").textContent = T("Connection lost: reconnecting…");
    $("connection").hidden = false;
  },
  onUp: () => {
    $("connection").hidden = true;
  },
});
