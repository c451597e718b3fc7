// The texts of the table and the names of seats and players. Every text the table's scripts write
// is looked up with T() in the texts the server put into the page (web/table_texts.py), in the
// page's language.
import { useTileNames } from "../tiles.js";
import { view } from "./state.js";

const PAGE = JSON.parse(document.getElementById("table-data").textContent);
const TEXTS = PAGE.texts || {};
useTileNames(PAGE.tile_names); // tiles in the log and status lines by name, in the page's language
// The page's text for an English msgid, its {fields} filled in.
export const T = (msgid, fields = {}) =>
  (TEXTS[msgid] || msgid).replace(/\{(\w+)\}/g, (all, key) => (key in fields ? String(fields[key]) : all));
const SEAT_NAMES = { E: "East", S: "South", W: "West", N: "North" };

// ------------------------------------------------------------------ names

// Your seat; null for a spectator (a room's page: view.spectating), who sits nowhere.
export const me = () => (view.spectating ? null : view.observation.seat);
export const seatsOf = (obs) => obs.seats || Object.keys(obs.hand_sizes);
export const dealer = () => view.dealer || "E"; // the seat whose wind is East deals
export const windName = (seat) => T(SEAT_NAMES[seat] || seat);

// A bot's name ("Normal 2") with its level in the page's language; the human is "You".
export function playerName(name) {
  if (name === "You") return T("You");
  const bot = /^(Easy|Normal|Expert) (\d+)$/.exec(name || "");
  return bot ? `${T(bot[1])} ${bot[2]}` : name || "";
}

// "Normal 2 (West)", or "You" for your own seat.
export function label(seat) {
  if (seat === me()) return T("You");
  return `${playerName(view.observation.players[seat]) || seat} (${windName(seat)})`;
}

// Where `other` sits as seen from `owner`: on its left, right or across (play goes counter-clockwise).
export function relation(owner, other) {
  const seats = seatsOf(view.observation);
  const n = seats.length;
  const k = (seats.indexOf(other) - seats.indexOf(owner) + n) % n;
  if (k === 1) return "right";
  if (k === n - 1) return "left";
  return "across";
}
