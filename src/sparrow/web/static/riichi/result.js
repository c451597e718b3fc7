// The end of a Riichi hand: each winner's score card (the hand, the ura dora, yaku with han, the fu
// lines, the points), the draw's ready seats, the settlement, the final standings once the match is
// over, and the button that deals the next hand (or leaves the finished match).
import { sortTiles, tileElement } from "../tiles.js";

// A table's header row, one cell a text.
function headings(table, texts) {
  const row = table.createTHead().insertRow();
  for (const text of texts) {
    const th = document.createElement("th");
    th.textContent = text;
    row.append(th);
  }
}

function scoreCard(ctx, win) {
  const { T, playerName, mine } = ctx;
  const card = document.createElement("div");
  card.className = "win-card";
  card.dataset.testid = "win-card";
  const head = document.createElement("h3");
  const yours = mine() !== null && win.seat === mine();
  const fields = { name: playerName(win.seat), from: mine() !== null && win.from === mine() ? T("you") : playerName(win.from) };
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

// What each payment was for, as the settlement's reasons name it.
const REASONS = {
  ron: "ron",
  tsumo: "tsumo",
  pao: "liability (pao)",
  honba: "honba",
  noten: "noten payment",
  nagashi: "nagashi mangan",
};

// Who paid whom what: the win (each payer on a tsumo), liability, the honba, the riichi sticks taken,
// the noten payments, the sticks left to the top at the end.
function payments(ctx, rows) {
  const { T, playerName, mine } = ctx;
  const me = (seat) => mine() !== null && seat === mine();
  const name = (seat) => (me(seat) ? T("you") : playerName(seat));
  const list = document.createElement("ul");
  list.className = "payments";
  list.dataset.testid = "payments";
  for (const row of rows) {
    const item = document.createElement("li");
    const fields = { payer: name(row.payer), payee: name(row.payee), points: row.points.toLocaleString() };
    if (row.reason === "sticks" || row.reason === "leftover") {
      const what = row.reason === "sticks" ? "the riichi sticks" : "the sticks left on the table";
      item.textContent = T(me(row.payee) ? `You take ${what}: {points}` : `{payee} takes ${what}: {points}`, fields);
    } else {
      fields.what = T(REASONS[row.reason] || row.reason);
      item.textContent = T(me(row.payer) ? "You pay {payee} {points} ({what})" : "{payer} pays {payee} {points} ({what})", fields);
    }
    list.append(item);
  }
  return list;
}

function standings(ctx, rows) {
  const { T, playerName, mine } = ctx;
  const box = document.createElement("div");
  box.className = "final";
  box.dataset.testid = "standings";
  const head = document.createElement("h2");
  head.textContent = T("Final results (uma and oka included)");
  box.append(head);
  const table = document.createElement("table");
  headings(table, [T("Rank"), T("Player"), T("Points"), T("Result"), T("Hands won")]);
  const body = table.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    if (mine() !== null && row.seat === mine()) tr.className = "you";
    tr.insertCell().textContent = row.place;
    tr.insertCell().textContent = playerName(row.seat);
    tr.insertCell().textContent = row.points.toLocaleString();
    tr.insertCell().textContent = row.result_text;
    tr.insertCell().textContent = row.hands_won;
  }
  const scroll = document.createElement("div");
  scroll.className = "scroll";
  scroll.append(table);
  box.append(scroll);
  return box;
}

const WIND_CHARS = { E: "東", S: "南", W: "西", N: "北" };
const HOW = { tsumo: "tsumo", ron: "ron", exhaustive: "Exhaustive draw" };

// The hands of the match, a line each: the hand, who won and how (or the draw), each chair's change.
function history(ctx, lines) {
  const { T, playerName } = ctx;
  const wrap = document.createElement("div");
  wrap.className = "scroll";
  const sub = document.createElement("h3");
  sub.textContent = T("The hands of the match");
  const table = document.createElement("table");
  table.className = "history";
  table.dataset.testid = "history";
  headings(table, [T("Hand"), T("Winner"), T("How"), ...[0, 1, 2, 3].map(playerName)]);
  const body = table.createTBody();
  for (const line of lines) {
    const tr = body.insertRow();
    const name = `${WIND_CHARS[line.round_wind]} ${line.hand}` + (line.honba ? ` · ${line.honba} ${T("honba")}` : "");
    const cells = [
      name,
      line.winners.length ? line.winners.map(playerName).join(", ") : T("Drawn hand"),
      T(HOW[line.how] || line.how),
      ...line.deltas.map((delta) => (delta > 0 ? `+${delta.toLocaleString()}` : delta ? delta.toLocaleString() : "")),
    ];
    cells.forEach((value, index) => {
      const td = tr.insertCell();
      td.textContent = value;
      if (index > 2) {
        td.className = "num";
        const delta = line.deltas[index - 3];
        if (delta) td.classList.add(delta > 0 ? "gain" : "loss");
      }
    });
  }
  wrap.append(sub, table);
  return wrap;
}

// The result of the view's hand into `box` (hidden while the hand is in play). `onNext` deals the next
// hand (null: this viewer may not, so no button); `newGame` is where the finished match leads;
// `replay`, the address of the hand's step-by-step replay (none: no link).
export function drawResult(ctx, box, { onNext, newGame, replay }) {
  const { T, playerName } = ctx;
  const view = ctx.view();
  box.hidden = !view.hand_over;
  box.replaceChildren();
  if (!view.hand_over || !view.result) return;
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
    for (const win of r.wins) box.append(scoreCard(ctx, win));
  }
  const changes = document.createElement("table");
  changes.className = "settlement";
  changes.dataset.testid = "settlement";
  headings(changes, [T("Player"), T("This hand"), T("Score")]);
  const body = changes.createTBody();
  for (let seat = 0; seat < 4; seat++) {
    const row = body.insertRow();
    row.insertCell().textContent = playerName(seat);
    const delta = r.deltas[seat];
    row.insertCell().textContent = delta > 0 ? `+${delta.toLocaleString()}` : delta.toLocaleString();
    row.insertCell().textContent = r.scores[seat].toLocaleString();
  }
  box.append(changes);
  if (r.payments && r.payments.length) box.append(payments(ctx, r.payments));
  if (r.standings) box.append(standings(ctx, r.standings));
  if (r.history && r.history.length) box.append(history(ctx, r.history));
  const next = document.createElement("button");
  next.type = "button";
  next.className = "button primary";
  if (view.match_over) {
    next.textContent = T(newGame.text);
    next.addEventListener("click", () => (window.location.href = newGame.href));
    box.append(next);
  } else if (onNext) {
    next.id = "next-hand";
    next.textContent = T("Next hand");
    next.addEventListener("click", onNext);
    box.append(next);
  }
  if (replay) {
    const link = document.createElement("a");
    link.className = "button replay-link";
    link.href = replay;
    link.textContent = T("Replay this hand");
    box.append(" ", link);
  }
}
