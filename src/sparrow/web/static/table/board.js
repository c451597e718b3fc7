// Drawing the table: each seat's panel, its discards in front of it, the sets as they lie on the
// table and the centre (round wind, tiles left in the wall, whose turn). Your hand is drawn by
// hand.js. A spectator (me() is null) sees every seat as the others: its tiles' backs and its sets.
import { formatNumber } from "../numbers.js";
import { backs, parseTiles, sortTiles, tileElement, tileRow } from "../tiles.js";
import { centrePanel, pointsNow, seatMark } from "./family.js";
import { $, view } from "./state.js";
import { T, dealer, label, me, playerName, relation, seatsOf, windName } from "./texts.js";

const WIND_CHARS = { E: "東", S: "南", W: "西", N: "北" };
const POND_ROW = 6; // discards per row (per column at the side seats)

function positions(obs) {
  const seats = seatsOf(obs);
  const i = seats.indexOf(obs.seat);
  const after = (k) => seats[(i + k) % seats.length];
  // Play goes counter-clockwise: the next player sits on your right, the one before on your left.
  if (seats.length === 3) return { me: obs.seat, right: after(1), left: after(2), top: null };
  return { me: obs.seat, right: after(1), top: after(2), left: after(3) };
}

export function positionOf(seat) {
  const place = positions(view.observation);
  return Object.keys(place).find((key) => place[key] === seat) || "me";
}

// A set as it lies on the table: a claimed tile turned sideways on the side of the seat it came
// from (left, across: the middle, right), the outer tiles of a concealed kong face down.
export function meldElement(meld, owner, { size = "small", arrived = false } = {}) {
  const box = document.createElement("span");
  box.className = "meld" + (meld.open === false ? " concealed" : "");
  box.dataset.kind = meld.kind;
  const text = Array.isArray(meld.tiles) ? meld.tiles.join("") : meld.tiles;
  box.dataset.tiles = text;
  const tiles = sortTiles(parseTiles(meld.tiles));
  let turned = -1;
  if (meld.from && meld.open !== false) {
    const where = relation(owner, meld.from);
    const claimed = meld.claimed && tiles.includes(meld.claimed) ? meld.claimed : meld.kind === "chow" ? null : tiles[0];
    if (claimed) {
      tiles.splice(tiles.indexOf(claimed), 1);
      turned = where === "left" ? 0 : where === "right" ? tiles.length : 1;
      tiles.splice(turned, 0, claimed);
    }
    box.dataset.from = meld.from;
    box.title = T("Claimed from {name}", { name: label(meld.from) });
  }
  tiles.forEach((code, index) => {
    if (meld.open === false && tiles.length === 4 && (index === 0 || index === 3)) {
      const back = document.createElement("span");
      back.className = `tile back ${size}`;
      back.setAttribute("aria-hidden", "true");
      box.append(back);
      return;
    }
    const el = tileElement(code, { size });
    if (index === turned) {
      el.classList.add("sideways");
      el.dataset.claimed = "true";
      el.title = box.title;
      if (arrived) el.classList.add("arrived");
    }
    box.append(el);
  });
  const kind = { chow: "chi", pung: "pong", kong: "kong" }[meld.kind] || meld.kind;
  box.setAttribute("aria-label", `${meld.open === false ? T("concealed") + " " : ""}${T(kind)} ${text}${meld.from ? " · " + box.title : ""}`);
  return box;
}

function scoreOf(seat) {
  const r = view.hand_over && view.result;
  if (r && r.totals && seat in r.totals) return r.totals[seat];
  const now = pointsNow(view.observation); // a family's points at this moment (riichi sticks paid)
  if (now && seat in now) return now[seat];
  return view.observation.scores[seat] ?? 0;
}

export function seatHead(seat, current) {
  const obs = view.observation;
  const head = document.createElement("div");
  head.className = "seat-head";
  const wind = document.createElement("span");
  wind.className = "wind";
  wind.textContent = WIND_CHARS[seat];
  wind.title = windName(seat);
  const name = document.createElement("span");
  name.className = "name";
  name.textContent = seat === me() ? T("You") : playerName(obs.players[seat]);
  name.title = name.textContent;
  head.append(wind, name);
  if (seat === dealer()) {
    const badge = document.createElement("span");
    badge.className = "dealer-badge";
    badge.textContent = T("dealer");
    badge.title = T("Dealer");
    head.append(badge);
  }
  const stick = seatMark(obs, seat, T);
  if (stick) head.append(stick);
  const score = document.createElement("span");
  score.className = "score";
  score.dataset.testid = "score-chip";
  score.textContent = formatNumber(scoreOf(seat)); // 25,000 / 25.000 as the page's language writes it
  head.append(score);
  if (current === seat) head.setAttribute("aria-current", "true");
  return head;
}

function seatPanel(box, seat, obs, pub, current, arrived) {
  box.replaceChildren();
  box.hidden = !seat;
  box.classList.toggle("turn", Boolean(seat) && current === seat);
  if (!seat) {
    delete box.dataset.seat;
    return;
  }
  box.dataset.seat = seat;
  box.classList.toggle("dealer", seat === dealer());
  box.append(seatHead(seat, current));
  const exposed = document.createElement("div");
  exposed.className = "exposed";
  const name = playerName(obs.players[seat]);
  if (seat !== me()) {
    // Once the hand is over every hand is shown; until then only how many tiles each one holds.
    const revealed = view.hand_over && view.result && view.result.hands[seat];
    if (revealed) {
      const row = tileRow(sortTiles(parseTiles(revealed)), { size: "mini" });
      row.classList.add("revealed-hand");
      row.setAttribute("aria-label", T("{name}'s hand", { name }));
      exposed.append(row);
    } else {
      const count = pub.sizes[seat] || 0;
      const row = backs(count, "mini");
      row.setAttribute("aria-label", T("{count} concealed tiles", { count }));
      exposed.append(row);
    }
    // Your own sets lie next to your hand.
    const melds = pub.melds[seat] || [];
    melds.forEach((meld, index) => {
      exposed.append(meldElement(meld, seat, { size: "mini", arrived: arrived === seat && index === melds.length - 1 }));
    });
  }
  if (pub.bonus[seat] && pub.bonus[seat].length) {
    const bonus = tileRow(pub.bonus[seat], { size: "mini" });
    bonus.classList.add("bonus");
    bonus.title = T("Flowers and seasons");
    exposed.append(bonus);
  }
  box.append(exposed);
}

// A discard pile in front of its seat, six to a row, the first row nearest the centre; the tiles
// run from the seat's own left to its right (so the top seat's from right to left on the screen).
function pond(box, seat, position, obs, pub, taking) {
  box.replaceChildren();
  box.hidden = !seat;
  if (!seat) {
    delete box.dataset.seat;
    return;
  }
  box.dataset.seat = seat;
  box.setAttribute("aria-label", seat === me() ? T("Your discards") : T("{name}'s discards", { name: label(seat) }));
  const tiles = pub.piles[seat] || [];
  const turned = (pub.turned && pub.turned[seat]) || new Set();
  const lines = Math.max(1, Math.ceil(tiles.length / POND_ROW));
  tiles.forEach((code, index) => {
    const el = tileElement(code, { size: "small" });
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
    if (turned.has(index)) {
      el.classList.add("sideways", "riichi-discard"); // the riichi discard, laid sideways
      el.dataset.testid = "riichi-discard";
    }
    const last = index === tiles.length - 1;
    if (last && pub.last && pub.last.seat === seat) {
      el.classList.add("last");
      el.dataset.testid = "last-discard";
      el.title = T("The last discard");
    }
    if (last && taking === seat) el.classList.add("taking");
    box.append(el);
  });
}

function compass(obs, current) {
  const box = document.createElement("div");
  box.className = "compass";
  const place = positions(obs);
  for (const [position, seat] of Object.entries(place)) {
    if (!seat) continue;
    const wind = document.createElement("span");
    wind.className = `dial ${position}` + (seat === current ? " turn" : "") + (seat === dealer() ? " dealer" : "");
    wind.textContent = WIND_CHARS[seat];
    wind.dataset.seat = seat;
    wind.title = `${windName(seat)}: ${seat === me() ? T("You") : playerName(obs.players[seat])}`;
    box.append(wind);
  }
  return box;
}

// The seats, their discards and the centre; table.js draws your hand after it (with the same options).
export function drawTable(obs, pub, { wall, current, taking = null, arrived = null }) {
  const place = positions(obs);
  for (const position of ["left", "top", "right", "me"]) {
    seatPanel($(`seat-${position}`), place[position], obs, pub, current, arrived);
    pond($(`pond-${position}`), place[position], position, obs, pub, taking);
  }
  $("table").dataset.turn = current || "";
  const center = $("center");
  center.replaceChildren();
  center.append(compass(obs, current));
  const info = document.createElement("div");
  info.className = "info";
  const round = document.createElement("div");
  round.className = "round";
  round.title = T("Round wind");
  round.innerHTML = `<b class="wind"></b> <span></span>`;
  round.children[0].textContent = WIND_CHARS[obs.round_wind];
  round.children[1].textContent = T("Round");
  const left = document.createElement("div");
  left.className = "wall";
  left.title = T("Tiles left in the wall");
  left.innerHTML = `<b data-testid="wall"></b> <span></span>`;
  left.children[0].textContent = wall;
  left.children[1].textContent = T("Wall");
  const number = document.createElement("div");
  number.className = "number";
  number.textContent = T("Hand {number}", { number: view.hand_number });
  info.append(round, left, number);
  // A family's: dora indicators, honba and sticks (once the hand is over, those it left).
  const panel = centrePanel(obs, T, view.hand_over && view.result ? view.result.family : null);
  if (panel) info.append(panel);
  center.classList.toggle("with-family", Boolean(panel));
  center.append(info);
}
