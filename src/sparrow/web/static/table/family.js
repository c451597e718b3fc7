// The family panel: what a table or a replay shows when the view carries a family's own view
// (`observation.family`, a replay frame's `family.view`; null for the shared families) or a family's
// own result (`result.family`).
// Riichi's, today: the dora indicators, honba and riichi sticks in the centre, the riichi stick
// before a seat in riichi and its riichi discard turned, red fives drawn red in the hand, the rivers
// and the sets, and at the end of a hand each winner's ura dora and who paid whom what. The shared
// board, hand and result modules call these and draw the rest themselves; nothing here asks which
// family it has: each function reads the fields the family view has, and answers null without. It
// reads no page state: the texts (T), the names (label) and your seat (me) are passed in, so the
// table, the room and the replay draw the same panel.
import { tileElement, tileRow } from "../tiles.js";
import { formatNumber } from "../numbers.js";

const MELD_KINDS = { chi: "chow", pon: "pung", daiminkan: "kong", ankan: "kong", kakan: "kong" };

// The abortive draws by the engine's kind (an `abort` event's `kind`), named as a player reads them:
// msgids, the same as the server's (web/family_views.py ABORTS), each translated through T.
export const ABORTS = {
  nine_terminals: "Nine terminals and honours",
  four_winds: "Four of one wind discarded",
  four_kongs: "Four kongs by several players",
  four_riichi: "Four riichi",
  triple_ron: "Three players won on one discard",
};

// The log's sentence for an abortive draw (`abort` event), or null for another event. `words`:
// { T, name(seat) (a seat as the subject), mine(seat) }. A declared one (nine terminals) says who.
export function abortSentence(event, words) {
  if (event.event !== "abort") return null;
  const { T } = words;
  if (!(event.kind in ABORTS)) return T("An abortive draw.");
  const what = T(ABORTS[event.kind]);
  if (event.seat) {
    return words.mine(event.seat) ? T("You declare an abortive draw: {what}", { what })
      : T("{name} declares an abortive draw: {what}", { name: words.name(event.seat), what });
  }
  return T("Abortive draw: {what}", { what });
}

// An observation's family view (or a family view itself, as a replay frame has it).
export const familyOf = (obs) => (obs && (obs.family !== undefined ? obs.family : obs.seats && obs)) || null;

// The family's seat of a wind (its own view lists its seats by chair, each with its wind).
function seatOf(fam, wind) {
  return (fam.seats || []).find((seat) => seat.wind === wind) || null;
}

// Your concealed tiles and the drawn one as the family writes them (a red five "0p"), or null.
export function ownTiles(obs) {
  const fam = familyOf(obs);
  if (!fam || !Array.isArray(fam.hand)) return null;
  return { hand: fam.hand, drawn: fam.drawn || null };
}

// A seat's river as the family shows it: the tiles not called away, in order, and which of them
// lie turned (the riichi discard; a called riichi discard turns the next one), or null.
// The terminal draws the same river by the same rule: river_as_shown in sparrow/cli/play.py.
export function riverOf(obs, wind) {
  const fam = familyOf(obs);
  const seat = fam && seatOf(fam, wind);
  if (!seat || !Array.isArray(seat.discards)) return null;
  const tiles = [];
  const turned = new Set();
  let turnNext = false;
  for (const item of seat.discards) {
    if (item.called) {
      if (item.riichi) turnNext = true;
      continue;
    }
    if (item.riichi || turnNext) turned.add(tiles.length);
    turnNext = false;
    tiles.push(item.tile);
  }
  return { tiles, turned };
}

// A seat's sets as the shared board draws them (kind, tiles, open, from, claimed), red fives kept.
export function meldsOf(obs, wind) {
  const fam = familyOf(obs);
  const seat = fam && seatOf(fam, wind);
  if (!seat || !Array.isArray(seat.melds)) return null;
  return seat.melds.map((meld) => ({
    kind: MELD_KINDS[meld.kind] || meld.kind,
    tiles: meld.tiles,
    open: meld.kind !== "ankan",
    from: meld.from || null,
    claimed: meld.called || null,
  }));
}

// Each seat's points now (the riichi sticks put down this hand taken off), by wind, or null.
export function pointsNow(obs) {
  const fam = familyOf(obs);
  if (!fam || !Array.isArray(fam.scores) || !fam.seats) return null;
  const points = {};
  for (const seat of fam.seats) points[seat.wind] = fam.scores[seat.seat];
  return points;
}

// The riichi stick laid before a seat in riichi (double riichi said in its title), or null.
export function seatMark(obs, wind, T) {
  const fam = familyOf(obs);
  const seat = fam && seatOf(fam, wind);
  if (!seat || !seat.riichi) return null;
  const stick = document.createElement("span");
  stick.className = "riichi-stick";
  stick.dataset.testid = "riichi-stick";
  stick.textContent = T("Riichi");
  stick.title = seat.double_riichi ? T("Double riichi") : T("Riichi");
  return stick;
}

// The centre's lines: the dora indicators, then honba and the riichi sticks on the table (`after`:
// a family result, whose sticks are those the hand left: none when a winner took them), or null.
export function centrePanel(obs, T, after = null) {
  const fam = familyOf(obs);
  if (!fam || !Array.isArray(fam.dora_indicators)) return null;
  const sticks = after ? after.sticks : fam.sticks;
  const honba = fam.honba;
  const box = document.createElement("div");
  box.className = "family-panel";
  const dora = tileRow(fam.dora_indicators, { size: "mini" });
  dora.classList.add("dora");
  dora.dataset.testid = "dora-indicators";
  dora.title = T("Dora indicators");
  const counts = document.createElement("div");
  counts.className = "sticks";
  counts.dataset.testid = "sticks";
  counts.title = T("{honba} honba, {sticks} riichi sticks on the table", { honba, sticks });
  counts.innerHTML = `<span class="honba-stick"></span><b></b> <span class="riichi-mini"></span><b></b>`;
  counts.children[1].textContent = String(honba);
  counts.children[3].textContent = String(sticks);
  box.append(dora, counts);
  return box;
}

// Whether you may declare riichi now: some legal discard declares it.
export function canRiichi(legal) {
  return (legal || []).some((a) => a.action === "discard" && a.riichi);
}

// ------------------------------------------------------------------ the end of a hand

const REASONS = { ron: "ron", tsumo: "tsumo", pao: "liability (pao)", honba: "honba", noten: "noten payment",
  nagashi: "nagashi mangan" };

// A family's win of `seat` (its hand as the family writes it, the winning tile, the ura dora
// indicators, the card), or null.
export function winExtras(result, seat) {
  const r = result && result.family;
  return (r && r.wins.find((w) => w.seat === seat)) || null;
}

// `seat`'s concealed tiles at a hand's end as the family writes them (a red five "0p"), or null.
export function revealedTiles(result, seat) {
  const r = result && result.family;
  const tiles = r && r.hands && r.hands[seat];
  return Array.isArray(tiles) ? tiles : null;
}

function whoPays(p, { T, label, me }) {
  const mine = p.payer && p.payer === me();
  const payee = p.payee ? label(p.payee) : "";
  const points = formatNumber(p.points);
  if (p.reason === "sticks") {
    return p.payee === me() ? T("You take the riichi sticks: {points}", { points })
      : T("{payee} takes the riichi sticks: {points}", { payee, points });
  }
  if (p.reason === "leftover") {
    return p.payee === me() ? T("You take the sticks left on the table: {points}", { points })
      : T("{payee} takes the sticks left on the table: {points}", { payee, points });
  }
  const what = T(REASONS[p.reason] || p.reason);
  return mine ? T("You pay {payee} {points} ({what})", { payee, points, what })
    : T("{payer} pays {payee} {points} ({what})", { payer: label(p.payer), payee, points, what });
}

// What a family's result says more than the shared card: an abortive draw or who was ready, each
// winner's ura dora indicators, and who paid whom what (honba and sticks included); or null.
// `words`: { T, label(seat), me() }.
export function resultPanel(result, words) {
  const { T, label, me } = words;
  const r = result && result.family;
  if (!r) return null;
  const box = document.createElement("div");
  box.className = "family-result";
  box.dataset.testid = "family-result";
  if (r.kind === "abortive") {
    const p = document.createElement("p");
    p.textContent = T("Abortive draw: {what}", { what: r.abort_text || r.abort || "" });
    box.append(p);
  } else if (r.kind === "exhaustive") {
    const p = document.createElement("p");
    p.textContent = r.tenpai.length ? T("Ready (tenpai): {names}", { names: r.tenpai.map(label).join(", ") })
      : T("Nobody was ready.");
    box.append(p);
  }
  for (const win of r.wins) {
    const line = document.createElement("p");
    line.className = "win-line";
    line.dataset.seat = win.seat;
    line.append(win.from ? (win.seat === me() ? T("You win by ron from {from}", { from: label(win.from) })
      : T("{name} wins by ron from {from}", { name: label(win.seat), from: label(win.from) }))
      : (win.seat === me() ? T("You win by tsumo") : T("{name} wins by tsumo", { name: label(win.seat) })));
    line.append(" ", tileElement(win.tile, { size: "mini" }));
    if (win.ura_indicators && win.ura_indicators.length) {
      const ura = tileRow(win.ura_indicators, { size: "mini" });
      ura.classList.add("dora");
      ura.dataset.testid = "ura-indicators";
      line.append(` · ${T("Ura dora indicators")} `, ura);
    }
    box.append(line);
  }
  if (r.payments.length) {
    const list = document.createElement("ul");
    list.className = "who-paid";
    list.dataset.testid = "who-paid";
    for (const p of r.payments) {
      const li = document.createElement("li");
      li.textContent = whoPays(p, words);
      list.append(li);
    }
    box.append(list);
  }
  const left = document.createElement("p");
  left.className = "muted";
  left.textContent = T("{honba} honba, {sticks} riichi sticks on the table", { honba: r.honba, sticks: r.sticks });
  box.append(left);
  return box;
}
