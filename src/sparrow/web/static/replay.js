// A finished hand, step by step: every tile on the table after the deal and after each decision.
import { api } from "./api.js";
import { meldElement, tileRow } from "./tiles.js";

const root = document.getElementById("replay");
const $ = (id) => document.getElementById(id);
const SEAT_NAMES = { E: "East", S: "South", W: "West", N: "North" };
let data = null;
let index = 0;
let timer = null;

function describe(event, players) {
  const who = (seat) => `${players[seat] || seat} (${seat})`;
  switch (event.event) {
    case "hand_start":
      return `Round wind ${SEAT_NAMES[event.round_wind]}; ${who(event.dealer)} deals.`;
    case "deal":
      return "The tiles are dealt.";
    case "draw":
      return `${who(event.seat)} draws ${event.tile}`;
    case "discard":
      return `${who(event.seat)} discards ${event.tile}`;
    case "bonus":
      return `${who(event.seat)} sets out ${event.tile}`;
    case "claim":
      return event.kind === "win"
        ? `${who(event.seat)} wins on ${event.tile} from ${who(event.from)}`
        : `${who(event.seat)} claims ${event.meld} (${event.kind === "chow" ? "chi" : event.kind === "pung" ? "pong" : "kong"})`;
    case "kong":
      return `${who(event.seat)} declares a ${event.kind} kong ${event.tiles}`;
    case "rob":
      return `${who(event.seat)} robs the kong: ${event.tile}`;
    case "win":
      return `${who(event.seat)} wins${event.from ? "" : " by self-draw"}: ${event.score.total}`;
    case "exhausted":
      return "The wall is empty: a drawn hand.";
    case "hand_end":
      return `Payments: ${Object.entries(event.payments).map(([s, p]) => `${s} ${p > 0 ? "+" : ""}${p}`).join(", ")}`;
    default:
      return null;
  }
}

function draw() {
  const frame = data.frames[index];
  $("step").textContent = `Step ${index + 1} of ${data.frames.length} · wall ${frame.live_wall}`;
  const lines = frame.events.map((e) => describe(e, data.players)).filter(Boolean);
  $("what").textContent = lines.join(" · ");
  const seats = $("seats");
  seats.replaceChildren();
  for (const seat of Object.keys(frame.hands)) {
    const box = document.createElement("section");
    box.className = "replay-seat card" + (frame.turn === seat && frame.phase !== "over" ? " turn" : "");
    const head = document.createElement("h3");
    head.textContent = `${data.players[seat]} · ${SEAT_NAMES[seat]}`;
    box.append(head);
    const hand = document.createElement("div");
    hand.className = "exposed";
    hand.append(tileRow(frame.hands[seat], { size: "small" }));
    for (const meld of frame.melds[seat]) hand.append(meldElement(meld, { size: "small" }));
    if (frame.bonus[seat]) hand.append(tileRow(frame.bonus[seat], { size: "small" }));
    box.append(hand);
    const pile = document.createElement("div");
    pile.className = "pile";
    pile.append(tileRow(frame.discards[seat], { size: "small" }));
    box.append(pile);
    seats.append(box);
  }
}

function go(to) {
  index = Math.max(0, Math.min(data.frames.length - 1, to));
  draw();
}

function toggle() {
  if (timer) {
    clearInterval(timer);
    timer = null;
    $("play").textContent = "Play";
    return;
  }
  $("play").textContent = "Pause";
  timer = setInterval(() => {
    if (index >= data.frames.length - 1) return toggle();
    go(index + 1);
  }, 700);
}

(async () => {
  try {
    data = await api("GET", `/api/games/${root.dataset.game}/hands/${root.dataset.hand}/replay`);
  } catch (error) {
    $("error").textContent = error.message;
    $("error").hidden = false;
    return;
  }
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(index - 1));
  $("next").addEventListener("click", () => go(index + 1));
  $("last").addEventListener("click", () => go(data.frames.length - 1));
  $("play").addEventListener("click", toggle);
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") go(index + 1);
    if (event.key === "ArrowLeft") go(index - 1);
  });
  go(0);
})();
