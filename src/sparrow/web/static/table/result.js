// The end of a hand (every hand shown, the score cards, the settlement) and, once the match is
// over, its final standings.
import { scoreCardTable } from "../scorecard.js";
import { parseTiles, sortTiles, tileElement, tileRow } from "../tiles.js";
import { meldElement, seatHead } from "./board.js";
import { withClaimedTiles } from "./events.js";
import { meldsOf, resultPanel, revealedTiles, winExtras } from "./family.js";
import { $, gameId, root, view } from "./state.js";
import { T, label, me, playerName, seatsOf } from "./texts.js";
import { formatNumber, signedNumber } from "../numbers.js";

const UNITS = { points: ["point", "points"], doubling: ["doubling", "doublings"], faan: ["faan", "faan"],
  fan: ["fan", "fan"] };
// A limit item counts in the ruleset's own unit (HKOS: faan), as the server says.
const LIMIT_UNIT = UNITS[root.dataset.limitUnit || "points"] || UNITS.points;

// ------------------------------------------------------------------ the result

function valueText(item) {
  const [one, many] = item.kind === "limit" ? LIMIT_UNIT : UNITS[item.kind] || [item.kind, item.kind];
  const unit = T(item.value === 1 ? one : many);
  return item.kind === "limit" ? `${item.value} ${unit} (${T("limit")})` : `${item.value} ${unit}`;
}

function resultTitle() {
  const r = view.result;
  const mine = r.winner === me();
  if (!r.winner) return T("A drawn hand: nobody scores.");
  const winner = label(r.winner);
  if (r.win_by === "discard") {
    if (mine) return T("You win on the discard of {name}!", { name: label(r.discarder) });
    if (r.discarder === me()) return T("{winner} wins on your discard.", { winner });
    return T("{winner} wins on the discard of {name}.", { winner, name: label(r.discarder) });
  }
  if (r.win_by === "robbing_kong") {
    return mine ? T("You win by robbing the kong!") : T("{winner} wins by robbing the kong.", { winner });
  }
  return mine ? T("You win by self-draw!") : T("{winner} wins by self-draw.", { winner });
}

// The tile the hand was won on: the server says it, or the win event does.
function winningTile() {
  const r = view.result;
  if (r.winning_tile) return r.winning_tile;
  const win = view.events.filter((e) => e.event === "win" && e.seat === r.winner).at(-1);
  if (win && win.situation && win.situation.winning_tile) return win.situation.winning_tile;
  const claim = view.events.filter((e) => e.event === "claim" && e.kind === "win" && e.seat === r.winner).at(-1);
  return claim ? claim.tile : null;
}

export function handOverLine() {
  const line = document.createElement("div");
  line.className = "over-line";
  const text = document.createElement("b");
  text.textContent = resultTitle();
  const go = document.createElement("button");
  go.type = "button";
  go.className = "button small";
  go.id = "to-result";
  go.textContent = view.match_over && view.result.standings ? T("Final standings") : T("Score and settlement");
  go.addEventListener("click", () => ($("standings").hidden ? $("result") : $("standings")).scrollIntoView({ behavior: "smooth" }));
  line.append(text, go);
  return line;
}

function scoreCard(card, seat, winner) {
  const box = document.createElement("div");
  box.className = "card-of" + (seat === winner ? " winner" : "");
  box.dataset.seat = seat;
  const head = document.createElement("h3");
  head.textContent = `${label(seat)}${seat === winner ? " · " + T("Winner") : ""}`;
  box.append(head);
  const table = scoreCardTable(card, {
    T,
    valueText,
    testid: seat === winner ? "scorecard" : "card",
    totalTestid: seat === winner ? "score-total" : "card-total",
    showReason: true,
  });
  table.dataset.seat = seat;
  box.append(table);
  return box;
}

function revealedRow(seat, r, winTile) {
  const obs = view.observation;
  const row = document.createElement("div");
  row.className = "revealed-row" + (seat === r.winner ? " winner" : "");
  row.dataset.seat = seat;
  const who = document.createElement("span");
  who.className = "owner";
  who.append(seatHead(seat, null));
  row.append(who);
  // A family's win names its hand as the family writes it (red fives) and its winning tile apart;
  // the family writes every other hand too (revealedTiles), else the shared tiles.
  const win = winExtras(r, seat);
  const own = revealedTiles(r, seat);
  const tiles = win ? sortTiles(win.hand) : sortTiles(own || parseTiles(r.hands[seat] || ""));
  let winning = null;
  if (win) {
    winning = win.tile;
  } else if (seat === r.winner && winTile && tiles.includes(winTile)) {
    tiles.splice(tiles.lastIndexOf(winTile), 1);
    winning = winTile;
  }
  const hand = tileRow(tiles, { size: "small" });
  hand.classList.add("concealed-tiles");
  if (winning) {
    const el = tileElement(winning, { size: "small" });
    el.classList.add("winning");
    el.dataset.testid = "winning-tile";
    el.title = T("Winning tile");
    hand.append(el);
  }
  row.append(hand);
  // The observation's sets name the seat each claimed tile came from (result.melds does not).
  const melds = meldsOf(obs, seat) || withClaimedTiles(seat, obs.melds[seat] || (r.melds && r.melds[seat]) || [], view.events);
  for (const meld of melds) row.append(meldElement(meld, seat, { size: "small" }));
  const bonusText = (r.bonus && r.bonus[seat]) ?? obs.bonus[seat];
  const bonus = parseTiles(bonusText || "");
  if (bonus.length) {
    const flowers = tileRow(bonus, { size: "small" });
    flowers.classList.add("bonus");
    flowers.title = T("Flowers and seasons");
    row.append(flowers);
  }
  if ((r.dead || []).includes(seat)) {
    const dead = document.createElement("span");
    dead.className = "dead";
    dead.textContent = T("Dead hand");
    row.append(dead);
  }
  return row;
}

function settlement(r) {
  const seats = seatsOf(view.observation);
  const withScores = Object.keys(r.cards || {}).length > 1 || seats.some((seat) => seat !== r.winner && (r.scores || {})[seat]);
  const table = document.createElement("table");
  table.className = "payments";
  table.dataset.testid = "settlement";
  const caption = table.createCaption();
  caption.textContent = T("Settlement");
  const head = table.createTHead().insertRow();
  const columns = [T("Player"), ...(withScores ? [T("Hand score")] : []), T("This hand"), T("Total")];
  columns.forEach((text, index) => {
    const th = document.createElement("th");
    th.textContent = text;
    if (index) th.className = "num";
    head.append(th);
  });
  const body = table.createTBody();
  for (const seat of seats) {
    if (!(seat in r.payments)) continue;
    const tr = body.insertRow();
    tr.dataset.seat = seat;
    tr.insertCell().textContent = label(seat);
    if (withScores) {
      const score = tr.insertCell();
      score.className = "num";
      score.textContent = formatNumber((r.scores || {})[seat] ?? "");
    }
    const amount = r.payments[seat];
    const pay = tr.insertCell();
    pay.className = "num " + (amount > 0 ? "gain" : amount < 0 ? "loss" : "");
    pay.dataset.testid = "payment";
    pay.textContent = signedNumber(amount);
    const total = tr.insertCell();
    total.className = "num";
    total.dataset.testid = "running-total";
    total.textContent = formatNumber(r.totals[seat] ?? "");
  }
  return table;
}

// The end-of-hand screen; its "Next hand" button calls onNextHand (none without it: a spectator's).
// The page's root element may name where "New game" goes (data-new-game); the replay link is a
// game's (data-game) only.
export function drawResult(onNextHand) {
  const box = $("result");
  if (!view.hand_over || !view.result) {
    box.hidden = true;
    return;
  }
  const r = view.result;
  box.replaceChildren();
  const title = document.createElement("h2");
  title.textContent = resultTitle();
  box.append(title);
  const hands = document.createElement("div");
  hands.className = "revealed";
  const winTile = r.winner ? winningTile() : null;
  for (const seat of seatsOf(view.observation)) hands.append(revealedRow(seat, r, winTile));
  box.append(hands);
  // Every scored hand's card (NTS scores the losers' hands too), else the winner's.
  const cards = document.createElement("div");
  cards.className = "cards";
  if (r.cards && Object.keys(r.cards).length) {
    const order = seatsOf(view.observation).filter((seat) => r.cards[seat]);
    order.sort((a, b) => (b === r.winner) - (a === r.winner));
    for (const seat of order) cards.append(scoreCard(r.cards[seat], seat, r.winner));
  } else if (r.score && r.winner) {
    cards.append(scoreCard(r.score, r.winner, r.winner));
  }
  if (cards.children.length) box.append(cards);
  const more = resultPanel(r, { T, label, me }); // a family's: ura dora, who paid whom what, the sticks and honba
  if (more) box.append(more);
  box.append(settlement(r));
  const buttons = document.createElement("div");
  buttons.className = "actions";
  if (!view.match_over && onNextHand) {
    const next = document.createElement("button");
    next.type = "button";
    next.className = "button primary";
    next.id = "next-hand";
    next.textContent = T("Next hand");
    next.addEventListener("click", onNextHand);
    buttons.append(next);
  } else if (!r.standings) {
    const again = document.createElement("a");
    again.className = "button primary";
    again.href = root.dataset.newGame || "/";
    again.id = "new-game";
    again.textContent = T("New game");
    buttons.append(again);
  }
  if (gameId) {
    const replay = document.createElement("a");
    replay.className = "button";
    replay.href = `/games/${gameId}/hands/${view.hand_number}`;
    replay.textContent = T("Replay this hand");
    buttons.append(replay);
  }
  box.append(buttons);
  box.hidden = false;
}

// ------------------------------------------------------------------ the final standings

const WIN_BY = { discard: "on a discard", self_draw: "self-drawn", robbing_kong: "robbing the kong",
  kong_replacement: "self-drawn", flower_replacement: "self-drawn" };

const signed = signedNumber;

export function drawStandings() {
  const box = $("standings");
  const r = view.result;
  if (!view.match_over || !r || !r.standings) {
    box.hidden = true;
    return;
  }
  box.replaceChildren();
  const title = document.createElement("h2");
  title.textContent = T("Final standings");
  box.append(title);
  const mine = r.standings.find((row) => row.seat === me() || row.name === view.observation.players[me()]);
  const earned = document.createElement("p");
  earned.className = "earned";
  earned.dataset.testid = "points-earned";
  earned.textContent = mine && mine.points
    ? T("You earned {points} leaderboard points in this match.", { points: mine.points })
    : T("No leaderboard points in this match.");
  if (root.dataset.points !== "none") box.append(earned); // a room's match earns no leaderboard points
  const table = document.createElement("table");
  table.className = "standings";
  table.dataset.testid = "standings";
  const head = table.createTHead().insertRow();
  // Where the family ranks whole games, each player's result with uma and oka ("+53.7").
  const uma = r.standings.some((row) => row.result_text !== undefined);
  [T("Rank"), T("Player"), T("Total"), ...(uma ? [T("Result")] : []), T("Hands won"), T("Leaderboard points")].forEach((text, index) => {
    const th = document.createElement("th");
    th.textContent = text;
    if (index !== 1) th.className = "num";
    head.append(th);
  });
  const body = table.createTBody();
  for (const row of [...r.standings].sort((a, b) => a.rank - b.rank)) {
    const tr = body.insertRow();
    if (row === mine) tr.className = "mine";
    const cells = [row.rank, playerName(row.name), formatNumber(row.total), ...(uma ? [row.result_text] : []), row.hands_won,
      row.points ? `+${row.points}` : "0"];
    cells.forEach((value, index) => {
      const td = tr.insertCell();
      td.textContent = value;
      if (index !== 1) td.className = "num";
    });
    tr.cells[0].classList.add("rank", `rank-${row.rank}`);
  }
  const scroll = document.createElement("div");
  scroll.className = "scroll";
  scroll.append(table);
  box.append(scroll);
  if (r.history && r.history.length) {
    const names = r.standings.map((row) => row.name);
    const sub = document.createElement("h3");
    sub.textContent = T("The hands of the match");
    box.append(sub);
    const wrap = document.createElement("div");
    wrap.className = "scroll";
    const hands = document.createElement("table");
    hands.className = "history";
    hands.dataset.testid = "history";
    const hrow = hands.createTHead().insertRow();
    [T("Hand"), T("Winner"), T("How"), T("Hand score"), ...names.map(playerName)].forEach((text, index) => {
      const th = document.createElement("th");
      th.textContent = text;
      if (index === 0 || index > 2) th.className = "num";
      hrow.append(th);
    });
    const hbody = hands.createTBody();
    for (const hand of r.history) {
      const tr = hbody.insertRow();
      const cells = [
        hand.number,
        hand.winner ? (hand.winners || [hand.winner]).map(playerName).join(", ") : T("Drawn hand"),
        hand.winner ? T(WIN_BY[hand.win_by] || hand.win_by || "") : "",
        hand.winner ? formatNumber(hand.total ?? "") : "",
        ...names.map((name) => (hand.payments && name in hand.payments ? signed(hand.payments[name]) : "")),
      ];
      cells.forEach((value, index) => {
        const td = tr.insertCell();
        td.textContent = value;
        if (index === 0 || index > 2) td.className = "num";
        const amount = index > 3 && hand.payments ? hand.payments[names[index - 4]] : 0;
        if (amount) td.classList.add(amount > 0 ? "gain" : "loss");
      });
    }
    wrap.append(hands);
    box.append(wrap);
  }
  const buttons = document.createElement("div");
  buttons.className = "actions";
  const again = document.createElement("a");
  again.className = "button primary";
  again.href = root.dataset.newGame || "/";
  again.id = "new-game";
  again.textContent = T("New game");
  buttons.append(again);
  box.append(buttons);
  box.hidden = false;
}
