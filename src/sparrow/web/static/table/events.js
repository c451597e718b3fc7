// The public table, event by event: the discard piles, sets, bonus tiles and hand sizes as your
// seat saw them, the log's sentence for each event and what the table calls out for it.
import { parseTiles, tileKind, tileName, tilesName } from "../tiles.js";
import { abortSentence, meldsOf, riverOf } from "./family.js";
import { view } from "./state.js";
import { T, label, me, seatsOf, windName } from "./texts.js";

const CALLS = { chow: "Chi!", pung: "Pong!", kong: "Kong!", win: "Ron!" };
const A_KIND = { chow: "a chi", pung: "a pong", kong: "a kong" };

// The table as your seat saw it after the first `upto` events of the hand: discard piles, exposed
// sets, bonus tiles and how many tiles each player holds, the last discard, whose turn. Used while
// moves are played out; afterwards the observation itself is shown (with `last` from here).
export function fold(events, upto) {
  const state = { piles: {}, melds: {}, bonus: {}, sizes: {}, turned: {}, turn: null, last: null };
  for (const event of events.slice(0, upto)) {
    const seat = event.seat;
    switch (event.event) {
      case "hand_start":
        for (const s of Object.keys(event.players)) {
          state.piles[s] = [];
          state.melds[s] = [];
          state.bonus[s] = [];
          state.sizes[s] = 0;
          state.turned[s] = new Set();
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
        if (event.riichi) state.turned[seat].add(state.piles[seat].length); // laid sideways
        state.piles[seat].push(event.tile);
        state.turn = seat;
        state.last = { seat, tile: event.tile };
        break;
      case "claim":
        if (event.kind !== "win") {
          const pile = state.piles[event.from];
          if (state.turned[event.from].delete(pile.length - 1)) state.turned[event.from].add(pile.length - 1);
          pile.pop();
          state.melds[seat].push({ kind: event.kind, tiles: event.meld, open: true, from: event.from, claimed: event.tile });
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
        state.last = null;
        break;
      default:
        break;
    }
  }
  return state;
}

// The observation's sets, each claimed one with the tile that was claimed (the claim events tell).
export function withClaimedTiles(seat, melds, events) {
  const claims = events.filter((e) => e.event === "claim" && e.kind !== "win" && e.seat === seat);
  const used = new Set();
  return melds.map((meld) => {
    if (!meld.from || meld.open === false) return meld;
    const first = parseTiles(meld.tiles)[0];
    const at = claims.findIndex((c, k) => !used.has(k) && c.from === meld.from && parseTiles(c.meld)[0] === first);
    if (at < 0) return meld;
    used.add(at);
    return { ...meld, claimed: claims[at].tile };
  });
}

export function publicOf(obs, events) {
  const melds = {};
  const piles = {};
  const bonus = {};
  const turned = {};
  for (const seat of seatsOf(obs)) {
    // A family that shows more of its rivers and sets (red fives, the riichi discard turned) says so.
    const river = riverOf(obs, seat);
    melds[seat] = meldsOf(obs, seat) || withClaimedTiles(seat, obs.melds[seat] || [], events);
    piles[seat] = river ? river.tiles : parseTiles(obs.discards[seat]);
    turned[seat] = river ? river.turned : new Set();
    bonus[seat] = parseTiles(obs.bonus[seat]);
  }
  let last = fold(events, events.length).last;
  if (obs.claim_tile && obs.claim_from) last = { seat: obs.claim_from, tile: obs.claim_tile };
  // The last discard is marked only while it lies at the end of its pile (a red five "0p" is a 5p).
  const end = last && (piles[last.seat] || []).at(-1);
  if (last && end !== last.tile && tileKind(end || "") !== tileKind(last.tile)) last = null;
  return { melds, piles, bonus, turned, sizes: obs.hand_sizes, last, turn: obs.turn };
}

export function describe(event) {
  const mine = event.seat === me();
  const name = event.seat ? label(event.seat) : "";
  const from = event.from ? (event.from === me() ? T("you") : label(event.from)) : "";
  switch (event.event) {
    case "hand_start":
      return event.dealer === me()
        ? T("Hand {number} starts: round wind {wind}, you deal.", { number: view.hand_number, wind: windName(event.round_wind) })
        : T("Hand {number} starts: round wind {wind}, {name} deals.", {
          number: view.hand_number, wind: windName(event.round_wind), name: label(event.dealer) });
    case "discard":
      if (event.riichi) {
        return mine ? T("You declare riichi and discard {tile}", { tile: tileName(event.tile) })
          : T("{name}: riichi, discards {tile}", { name, tile: tileName(event.tile) });
      }
      return mine ? T("You discard {tile}", { tile: tileName(event.tile) }) : T("{name} discards {tile}", { name, tile: tileName(event.tile) });
    case "draw":
      return mine && event.tile ? T("You draw {tile}", { tile: tileName(event.tile) }) : null;
    case "bonus":
      return mine ? T("You set out {tile}", { tile: tileName(event.tile) }) : T("{name} sets out {tile}", { name, tile: tileName(event.tile) });
    case "riichi":
      return mine ? T("You put down a riichi stick.") : T("{name} puts down a riichi stick.", { name });
    case "dora":
      return T("Dora indicator: {tile}", { tile: tileName(event.indicator) });
    case "claim":
      if (event.kind === "win") {
        return mine ? T("You win on {tile} from {from}!", { tile: tileName(event.tile), from })
          : T("{name} wins on {tile} from {from}!", { name, tile: tileName(event.tile), from });
      }
      return mine ? T("You claim {kind} from {from}: {meld}", { kind: T(A_KIND[event.kind]), from, meld: tilesName(event.meld) })
        : T("{name} claims {kind} from {from}: {meld}", { name, kind: T(A_KIND[event.kind]), from, meld: tilesName(event.meld) });
    case "kong":
      if (event.kind === "concealed") {
        return mine ? T("You declare a concealed kong: {tiles}", { tiles: tilesName(event.tiles) })
          : T("{name} declares a concealed kong: {tiles}", { name, tiles: tilesName(event.tiles) });
      }
      return mine ? T("You add to your pong: a kong of {tiles}", { tiles: tilesName(event.tiles) })
        : T("{name} adds to a pong: a kong of {tiles}", { name, tiles: tilesName(event.tiles) });
    case "rob":
      return mine ? T("You rob the kong of {from}: {tile}!", { from, tile: tileName(event.tile) })
        : T("{name} robs the kong of {from}: {tile}!", { name, from, tile: tileName(event.tile) });
    case "win": // a win on a discard was told by its claim already
      if (event.from) return null;
      return mine ? T("You win by self-draw (tsumo)!") : T("{name} wins by self-draw (tsumo)!", { name });
    case "false_win":
      return mine ? T("You declared a win that is not one: a dead hand.")
        : T("{name} declared a win that is not one: a dead hand.", { name });
    case "exhausted":
      return T("The wall is empty: a drawn hand.");
    case "abort":
      return abortSentence(event, { T, name: label, mine: (seat) => seat === me() });
    default:
      return null;
  }
}

// What the table calls out for an event ("Pong!"), or null.
export function callOf(event) {
  if (event.event === "claim") return CALLS[event.kind] ? T(CALLS[event.kind]) : null;
  if (event.event === "kong") return T("Kong!");
  if (event.event === "rob") return T("Ron!");
  if (event.event === "win" && !event.from) return T("Tsumo!");
  if (event.event === "discard" && event.riichi) return T("Riichi!");
  return null;
}
