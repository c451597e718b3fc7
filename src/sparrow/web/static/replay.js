// A finished hand, step by step: every tile on the table after the deal and after each decision, each
// event told as a player would say it ("You discard 5p", "East pongs 5p from West"), and after the last
// step the score card of the win and the payments. Every text comes from the server in the page's
// language (replay_texts.py, through T()); the score card is translated by the server (get_replay).
import { api } from "./api.js";
import { stepControls } from "./replay-steps.js";
import { plainValueText, scoreCardTable } from "./scorecard.js";
import { abortSentence, centrePanel, meldsOf, resultPanel, riverOf, seatMark } from "./table/family.js";
import { meldElement, tileElement, tileName, tileRow, tilesName, useTileNames } from "./tiles.js";
import { formatNumber, signedNumber } from "./numbers.js";

const root = document.getElementById("replay");
const $ = (id) => document.getElementById(id);
const PAGE = JSON.parse(document.getElementById("replay-data").textContent);
const TEXTS = PAGE.texts || {};
useTileNames(PAGE.tile_names); // tiles in the sentences by name, in the page's language
const T = (word, values = {}) => (TEXTS[word] || word).replace(/\{(\w+)\}/g, (_, key) => values[key] ?? "");
const SEAT_NAMES = { E: "East", S: "South", W: "West", N: "North" };
let data = null;
let index = 0;

// ---------------------------------------------------------------------------- the words

const isYou = (seat) => seat !== null && seat !== undefined && seat === data.you;
const wind = (seat) => (seat in SEAT_NAMES ? T(SEAT_NAMES[seat]) : String(seat ?? ""));
// Another seat as the subject ("East"), or any seat as an object ("from you", "from East").
const whom = (seat) => (isYou(seat) ? T("you") : wind(seat));
// A computer player's name ("Normal 2") with its level in the page's language, as the table writes it.
function botName(text) {
  const bot = /^(Easy|Normal|Expert) (\d+)$/.exec(text || "");
  return bot ? `${T(bot[1])} ${bot[2]}` : text;
}
const name = (seat) => (isYou(seat) ? T("You") : botName(data.players && data.players[seat]) || wind(seat));

// One sentence said of `seat`: the "You" form for the person at the table, else the other seat's.
function said(seat, mine, theirs, values = {}) {
  return isYou(seat) ? T(mine, values) : T(theirs, { ...values, who: wind(seat) });
}


function winSentence(seat, winBy, from) {
  const values = from ? { whom: whom(from) } : {};
  switch (winBy) {
    case "discard":
      return said(seat, "You win on a discard from {whom} (Ron).", "{who} wins on a discard from {whom} (Ron).", values);
    case "robbing_kong":
      return said(seat, "You win by robbing the kong of {whom}.", "{who} wins by robbing the kong of {whom}.", values);
    case "kong_replacement":
      return said(seat, "You win on the replacement tile after a kong (Tsumo).",
        "{who} wins on the replacement tile after a kong (Tsumo).");
    case "flower_replacement":
      return said(seat, "You win on the replacement tile after a flower (Tsumo).",
        "{who} wins on the replacement tile after a flower (Tsumo).");
    default:
      return said(seat, "You win by self-draw (Tsumo).", "{who} wins by self-draw (Tsumo).");
  }
}

function describe(event) {
  const seat = event.seat;
  switch (event.event) {
    case "hand_start":
      return isYou(event.dealer)
        ? T("Round wind {wind}; you are the dealer.", { wind: wind(event.round_wind) })
        : T("Round wind {wind}; {who} is the dealer.", { wind: wind(event.round_wind), who: wind(event.dealer) });
    case "deal":
      return T("The tiles are dealt.");
    case "draw":
      return event.source === "replacement"
        ? said(seat, "You draw a replacement tile: {tile}.", "{who} draws a replacement tile: {tile}.", { tile: tileName(event.tile) })
        : said(seat, "You draw {tile}.", "{who} draws {tile}.", { tile: tileName(event.tile) });
    case "discard":
      if (event.riichi) {
        return isYou(seat) ? T("You declare riichi and discard {tile}", { tile: tileName(event.tile) })
          : T("{name}: riichi, discards {tile}", { name: wind(seat), tile: tileName(event.tile) });
      }
      return said(seat, "You discard {tile}.", "{who} discards {tile}.", { tile: tileName(event.tile) });
    case "riichi":
      return isYou(seat) ? T("You put down a riichi stick.") : T("{name} puts down a riichi stick.", { name: wind(seat) });
    case "dora":
      return T("Dora indicator: {tile}", { tile: tileName(event.indicator) });
    case "bonus": {
      const values = { bonus: tileName(event.tile), tile: event.replacement && tileName(event.replacement) };
      return event.replacement
        ? said(seat, "You set aside {bonus} and draw {tile}.", "{who} sets aside {bonus} and draws {tile}.", values)
        : said(seat, "You set aside {bonus}.", "{who} sets aside {bonus}.", values);
    }
    case "claim": {
      const values = { tile: tileName(event.tile), whom: whom(event.from), meld: tilesName(event.meld) };
      if (event.kind === "chow") return said(seat, "You chow {tile} from {whom}: {meld}.", "{who} chows {tile} from {whom}: {meld}.", values);
      if (event.kind === "pung") return said(seat, "You pong {tile} from {whom}.", "{who} pongs {tile} from {whom}.", values);
      if (event.kind === "kong") return said(seat, "You kong {tile} from {whom}.", "{who} kongs {tile} from {whom}.", values);
      return null; // a claim to win: the win event that follows tells it
    }
    case "kong": {
      const tile = tileName(Array.isArray(event.tiles) ? event.tiles.at(-1) : (event.tiles || "").replace(/^(\d)\d*([mpsz])$/, "$1$2"));
      return event.kind === "added"
        ? said(seat, "You add the fourth {tile} to your pung: an open kong.",
          "{who} adds the fourth {tile} to their pung: an open kong.", { tile })
        : said(seat, "You declare a concealed kong of {tile}.", "{who} declares a concealed kong of {tile}.", { tile });
    }
    case "win":
      return winSentence(seat, event.situation ? event.situation.win_by : event.from ? "discard" : "self_draw", event.from);
    case "false_win":
      return said(seat, "You declare a win that is not one ({reason}): your hand is dead.",
        "{who} declares a win that is not one ({reason}): a dead hand.", { reason: event.reason_text || event.reason });
    case "exhausted":
      return T("The wall is empty: a drawn hand.");
    case "abort":
      return abortSentence(event, { T, name: wind, mine: isYou });
    default:
      return null; // rob (the win tells it), hand_end (the result below tells it)
  }
}

// ---------------------------------------------------------------------------- the result

function scoreCard(card, limitUnit) {
  return scoreCardTable(card, { T, valueText: (item) => plainValueText(item, T, limitUnit), totalTestid: "score-total" });
}

function paymentsTable(result) {
  const table = document.createElement("table");
  table.className = "payments";
  table.dataset.testid = "payments";
  const withScores = result.scores_losers && result.winner;
  const heads = [T("Player"), ...(withScores ? [T("Hand score")] : []), T("Gain or loss"),
    ...(result.totals ? [T("Total")] : [])];
  const headRow = table.createTHead().insertRow();
  heads.forEach((text, column) => {
    const th = document.createElement("th");
    th.textContent = text;
    if (column) th.className = "num";
    headRow.append(th);
  });
  const body = table.createTBody();
  for (const seat of Object.keys(result.payments)) {
    const row = body.insertRow();
    row.dataset.seat = seat;
    if (seat === result.winner) row.className = "winner";
    const who = row.insertCell();
    who.textContent = `${name(seat)} (${wind(seat)})`;
    if ((result.dead || []).includes(seat)) {
      const dead = document.createElement("span");
      dead.className = "dead";
      dead.textContent = ` · ${T("Dead hand")}`;
      who.append(dead);
    }
    if (withScores) {
      const score = row.insertCell();
      score.className = "num";
      score.dataset.testid = "hand-score";
      score.textContent = formatNumber(result.scores[seat] ?? "");
    }
    const amount = result.payments[seat];
    const pay = row.insertCell();
    pay.className = "num " + (amount > 0 ? "gain" : amount < 0 ? "loss" : "");
    pay.textContent = signedNumber(amount);
    if (result.totals) {
      const total = row.insertCell();
      total.className = "num";
      total.textContent = formatNumber(result.totals[seat]);
    }
  }
  return table;
}

function drawResult(show) {
  const box = $("result");
  const result = data.result;
  if (!show || !result) {
    box.hidden = true;
    return;
  }
  box.replaceChildren();
  // The last step's lines above tell how the hand ended; here its numbers.
  const title = document.createElement("h2");
  title.dataset.testid = "result-title";
  title.textContent = T("Result");
  const parts = document.createElement("div");
  parts.className = "result-parts";
  const part = (heading, table) => {
    const div = document.createElement("div");
    const head = document.createElement("h3");
    head.textContent = T(heading);
    div.append(head, table);
    parts.append(div);
  };
  if (result.score) part("Score card", scoreCard(result.score, result.limit_unit));
  part("Payments", paymentsTable(result));
  box.append(title, parts);
  // A family's result says more (Riichi: the ura dora, who paid whom what, the sticks and honba).
  const more = resultPanel(result, { T, label: name, me: () => data.you });
  if (more) box.append(more);
  box.hidden = false;
}

// ---------------------------------------------------------------------------- the table

function tilesLeft(count) {
  return T(count === 1 ? "{count} tile left in the wall" : "{count} tiles left in the wall", { count });
}

function draw() {
  const frame = data.frames[index];
  const last = index === data.frames.length - 1;
  $("step").textContent = `${T("Step {step} of {steps}", { step: index + 1, steps: data.frames.length })} · ${tilesLeft(frame.live_wall)}`;
  const what = $("what");
  what.replaceChildren();
  for (const event of frame.events) {
    const text = describe(event);
    if (!text) continue;
    const line = document.createElement("li");
    line.textContent = text;
    if (isYou(event.seat)) line.className = "mine";
    what.append(line);
  }
  drawResult(last);
  // A family's view of the table (Riichi: red fives, the riichi discard turned, the dora indicators).
  const family = frame.family ? frame.family.view : null;
  const centre = family && centrePanel(family, T, last && data.result ? data.result.family : null);
  const shown = $("replay-family");
  if (shown) shown.remove();
  if (centre) {
    centre.id = "replay-family";
    what.before(centre);
  }
  const seats = $("seats");
  seats.replaceChildren();
  for (const seat of Object.keys(frame.hands)) {
    const box = document.createElement("section");
    const winner = last && data.result && data.result.winner === seat;
    box.className = "replay-seat card" + (frame.turn === seat && frame.phase !== "over" ? " turn" : "") + (winner ? " winner" : "");
    box.dataset.seat = seat;
    const head = document.createElement("h3");
    head.textContent = `${name(seat)} · ${wind(seat)}`;
    const stick = family && seatMark(family, seat, T);
    if (stick) head.append(" ", stick);
    box.append(head);
    const hand = document.createElement("div");
    hand.className = "exposed";
    const own = frame.family && frame.family.hands[seat];
    hand.append(tileRow(own || frame.hands[seat], { size: "small" }));
    const melds = (family && meldsOf(family, seat)) || frame.melds[seat];
    for (const meld of melds) hand.append(meldElement(meld, { size: "small" }));
    if (frame.bonus[seat]) hand.append(tileRow(frame.bonus[seat], { size: "small" }));
    box.append(hand);
    const pile = document.createElement("div");
    pile.className = "pile";
    const river = family && riverOf(family, seat);
    if (river) {
      const row = document.createElement("span");
      row.className = "tiles";
      river.tiles.forEach((code, at) => {
        const el = tileElement(code, { size: "small" });
        if (river.turned.has(at)) {
          el.classList.add("sideways", "riichi-discard");
          el.dataset.testid = "riichi-discard";
        }
        row.append(el);
      });
      pile.append(row);
    } else {
      pile.append(tileRow(frame.discards[seat], { size: "small" }));
    }
    box.append(pile);
    seats.append(box);
  }
  root.dataset.step = String(index);
}

// The frames as the server sends them give the family's view in full in the first frame, then only
// what changed (views.py, _family_change): each frame gets its whole view back here.
function mergeSeat(before, change) {
  if (!change) return before;
  const seat = { ...before };
  for (const [key, value] of Object.entries(change)) {
    if (key.startsWith("+")) seat[key.slice(1)] = [...(before[key.slice(1)] || []), ...value];
    else seat[key] = value;
  }
  return seat;
}

function unfold(frames) {
  let family = null;
  for (const frame of frames) {
    if (!frame.family) continue;
    if (family) {
      const { view: change, hands } = frame.family;
      const view = { ...family.view, ...change };
      if (Array.isArray(change.seats)) view.seats = change.seats.map((seat, at) => mergeSeat(family.view.seats[at], seat));
      frame.family = { view, hands: { ...family.hands, ...hands } };
    }
    family = frame.family;
  }
}

(async () => {
  try {
    // The score card comes in the page's language.
    const lang = encodeURIComponent(document.documentElement.lang || "en");
    data = await api("GET", `/api/games/${root.dataset.game}/hands/${root.dataset.hand}/replay?lang=${lang}`);
    unfold(data.frames);
  } catch (error) {
    $("error").textContent = error.message;
    $("error").hidden = false;
    return;
  }
  stepControls({
    count: data.frames.length,
    show: (at) => {
      index = at;
      draw();
    },
    T,
  })(0);
})();
