// The score calculator: a tile picker and the compact notation kept in sync, the score card from the
// server (POST /api/calculator/read, which scores with the code of `sparrow score`), and under NTS all
// four hands and their settlement (POST /api/settle). The hand lives in the address (handlink).
// Under Riichi: red fives (0m 0p 0s) in the picker, dora and ura dora indicators, honba and riichi
// sticks, Riichi's moments and ways of winning, the preset, and a card of yaku, fu and who pays.
import { api } from "./api.js";
import { plainValueText, scoreCardTable } from "./scorecard.js";
import { parseTiles, sortTiles, tileElement, tileKind } from "./tiles.js";
import { formatNumber, signedNumber } from "./numbers.js";

const DATA = JSON.parse(document.getElementById("calc-data").textContent);
const TEXTS = DATA.texts;
const T = (word, values = {}) => (TEXTS[word] || word).replace(/\{(\w+)\}/g, (_, key) => values[key] ?? "");
const SEATS = ["E", "S", "W", "N"];
const SEAT_NAMES = { E: "East", S: "South", W: "West", N: "North" };
const MOMENTS = ["last_tile", "fourth_tile", "heavenly", "earthly", "first_round", "kong_on_kong"];
const RIICHI_MOMENTS = ["riichi", "double_riichi", "ippatsu", "last_tile", "heavenly", "earthly"];
const RIICHI_WIN_BY = [
  ["discard", "Ron (on a discard)"],
  ["self_draw", "Tsumo (self-drawn)"],
  ["kong_replacement", "Rinshan kaihou (on a kan replacement)"],
  ["robbing_kong", "Chankan (robbing a kan)"],
];
const SELF_DRAWN = new Set(["self_draw", "kong_replacement", "flower_replacement"]);
const HONOURS = [1, 2, 3, 4, 5, 6, 7].map((rank) => `${rank}z`);
const BONUS = [1, 2, 3, 4, 5, 6, 7, 8].map((rank) => `${rank}f`);

const $ = (id) => document.getElementById(id);
const emptyHand = () => ({ concealed: [], melds: [], winning: null, bonus: [] });

const state = {
  rules: DATA.rules[0].name,
  options: {},
  round: "E",
  active: "E",
  hands: { E: emptyHand(), S: emptyHand(), W: emptyHand(), N: emptyHand() },
  winBy: "discard",
  moments: [],
  discarder: "",
  mode: "hand",
  pending: [],
  pendingOpen: true,
  // Riichi's own facts: the indicators in the order they were turned over, the counters on the table.
  dora: [],
  ura: [],
  honba: 0,
  sticks: 0,
};
const scored = {}; // seat -> the server's answer for that hand as it is now (or {error})
let notice = "";
let requestNumber = 0;

const isNts = () => state.rules === "nts";
const isRiichi = () => state.rules === "riichi";
const momentsOf = () => (isRiichi() ? RIICHI_MOMENTS : MOMENTS);
const rankOf = (tile) => Number(tileKind(tile)[0]);
const ruleset = () => DATA.rules.find((r) => r.name === state.rules);
const seatsInPlay = () => (isNts() ? SEATS : [state.active]);
const current = () => state.hands[state.active];
const winnerSeat = () => seatsInPlay().find((seat) => state.hands[seat].winning) || null;

// ---------------------------------------------------------------------------- the hand as data

function meldKind(tiles) {
  if (tiles.every((t) => tileKind(t) === tileKind(tiles[0]))) return tiles.length === 4 ? "kong" : "pung";
  return "chow";
}

function formatTiles(tiles) {
  // 123m456p: each run of one suit written once after its ranks, in the order given.
  let text = "";
  let run = "";
  let suit = "";
  for (const tile of tiles) {
    if (tile[1] !== suit && run) {
      text += run + suit;
      run = "";
    }
    suit = tile[1];
    run += tile[0];
  }
  return run ? text + run + suit : text;
}

function tileCount(hand) {
  return hand.concealed.length + (hand.winning ? 1 : 0) + hand.melds.reduce((n, m) => n + m.tiles.length, 0);
}

function expectedCount(hand) {
  return (hand.winning ? 14 : 13) + hand.melds.filter((m) => m.tiles.length === 4).length;
}

function copies() {
  // Every playing tile on the table (all four hands under NTS): a fifth copy cannot exist.
  const counts = {};
  for (const seat of seatsInPlay()) {
    const hand = state.hands[seat];
    const all = [...hand.concealed, ...hand.melds.flatMap((m) => m.tiles), ...(hand.winning ? [hand.winning] : [])];
    for (const tile of all) counts[tileKind(tile)] = (counts[tileKind(tile)] || 0) + 1; // a red five is a five
    for (const tile of all) if (tile[0] === "0") counts[tile] = (counts[tile] || 0) + 1;
    for (const tile of hand.bonus) counts[tile] = (counts[tile] || 0) + 4; // one of each bonus tile
  }
  return counts;
}

function complete(seat) {
  const hand = state.hands[seat];
  const counts = copies();
  const over = Object.values(counts).some((n) => n > 4);
  return !over && tileCount(hand) === expectedCount(hand) && tileCount(hand) > 0;
}

function situation(seat) {
  const hand = state.hands[seat];
  const data = { rules: state.rules };
  if (Object.keys(state.options).length) data.options = { ...state.options };
  data.concealed = formatTiles(sortTiles(hand.concealed));
  data.melds = hand.melds.map((m) => ({ kind: meldKind(m.tiles), tiles: formatTiles(m.tiles), open: m.open }));
  data.winning_tile = hand.winning;
  data.win_by = hand.winning ? state.winBy : "discard";
  data.seat_wind = seat;
  data.round_wind = state.round;
  data.bonus = formatTiles(sortTiles(hand.bonus));
  data.moments = hand.winning ? momentsOf().filter((m) => state.moments.includes(m)) : [];
  if (isRiichi()) {
    if (state.dora.length) data.dora = formatTiles(state.dora);
    if (state.ura.length) data.ura_dora = formatTiles(state.ura);
    if (state.honba) data.honba = state.honba;
    if (state.sticks) data.riichi_sticks = state.sticks;
  }
  return data;
}

function tilesText(hand) {
  const parts = [formatTiles(sortTiles(hand.concealed))];
  for (const meld of hand.melds) {
    const tiles = formatTiles(meld.tiles);
    parts.push(meld.open ? `[${tiles}]` : `(${tiles})`);
  }
  return parts.filter(Boolean).join(" ");
}

// The compact notation as `sparrow score --hand` reads it (format_compact's canonical form).
function notation(seat) {
  const hand = state.hands[seat];
  const parts = [`${state.rules}:`, tilesText(hand)];
  if (hand.winning) parts.push(`+${hand.winning}${state.winBy === "self_draw" ? "*" : ""}`);
  parts.push(`seat=${seat}`, `round=${state.round}`);
  if (hand.winning && !["discard", "self_draw"].includes(state.winBy)) parts.push(`win_by=${state.winBy}`);
  if (hand.bonus.length) parts.push(`bonus=${formatTiles(sortTiles(hand.bonus))}`);
  const moments = hand.winning ? momentsOf().filter((m) => state.moments.includes(m)) : [];
  if (moments.length) parts.push(`moments=${moments.join(",")}`);
  if (isRiichi()) {
    if (state.dora.length) parts.push(`dora=${formatTiles(state.dora)}`);
    if (state.ura.length) parts.push(`ura_dora=${formatTiles(state.ura)}`);
    if (state.honba) parts.push(`honba=${state.honba}`);
    if (state.sticks) parts.push(`riichi_sticks=${state.sticks}`);
  }
  for (const [name, value] of Object.entries(state.options)) parts.push(`${name}=${value}`);
  return parts.filter(Boolean).join(" ");
}

function loadSituation(data, seat = data.seat_wind) {
  state.rules = data.rules;
  state.options = { ...(data.options || {}) };
  state.round = data.round_wind;
  const hand = {
    concealed: parseTiles(data.concealed),
    melds: data.melds.map((m) => ({ tiles: parseTiles(m.tiles), open: m.open })),
    winning: data.winning_tile,
    bonus: parseTiles(data.bonus),
  };
  state.hands[seat] = hand;
  state.dora = parseTiles(data.dora || "");
  state.ura = parseTiles(data.ura_dora || "");
  state.honba = data.honba || 0;
  state.sticks = data.riichi_sticks || 0;
  if (hand.winning) {
    state.winBy = data.win_by;
    state.moments = [...data.moments];
    if (isNts()) for (const other of SEATS) if (other !== seat) state.hands[other].winning = null;
  }
}

// ---------------------------------------------------------------------------- the picker

function tap(tile) {
  notice = "";
  const hand = current();
  if (tile.endsWith("f")) {
    if (!hand.bonus.includes(tile)) hand.bonus.push(tile);
  } else if (state.mode === "dora" || state.mode === "ura") {
    // An indicator is the tile turned over: its colour does not matter (a red five points at the six).
    (state.mode === "dora" ? state.dora : state.ura).push(tileKind(tile));
  } else if (state.mode === "set") {
    if (state.pending.length < 4) state.pending.push(tile);
  } else if (state.mode === "win") {
    if (isNts()) {
      const others = SEATS.filter((s) => s !== state.active && state.hands[s].winning);
      if (others.length) notice = T("Only one hand has a winning tile: this one now wins.");
      for (const other of others) state.hands[other].winning = null;
    }
    hand.winning = tile;
    setMode("hand");
  } else {
    hand.concealed.push(tile);
  }
  changed();
}

function addSet() {
  const tiles = sortTiles(state.pending);
  const same = tiles.every((t) => tileKind(t) === tileKind(tiles[0]));
  const run =
    tiles.length === 3 &&
    tiles[0][1] !== "z" &&
    tiles.every((t) => t[1] === tiles[0][1]) &&
    rankOf(tiles[1]) === rankOf(tiles[0]) + 1 &&
    rankOf(tiles[2]) === rankOf(tiles[0]) + 2;
  if (!((same && tiles.length >= 3) || run)) {
    notice = T("A set is three or four tiles: a chow, a pung or a kong.");
  } else if (!state.pendingOpen && !(same && tiles.length === 4)) {
    current().concealed.push(...tiles);
    notice = T("Only a kong can be declared concealed; a concealed pung or chow stands in the hand.");
    state.pending = [];
  } else {
    current().melds.push({ tiles, open: state.pendingOpen });
    state.pending = [];
    notice = "";
  }
  changed();
}

function setMode(mode) {
  state.mode = mode;
  for (const button of document.querySelectorAll("[data-mode]")) {
    button.setAttribute("aria-pressed", String(button.dataset.mode === mode));
  }
  $("set-builder").hidden = mode !== "set";
}

function buildPalette() {
  // The tiles of the ruleset's set: Riichi's has a red five in each suit and no flowers or seasons.
  const palette = $("palette");
  const riichi = isRiichi();
  palette.replaceChildren();
  palette.dataset.rules = state.rules;
  palette.classList.toggle("riichi", riichi);
  const groups = [];
  for (const suit of ["m", "p", "s"]) {
    const row = [];
    for (let rank = 1; rank <= 9; rank++) {
      row.push(`${rank}${suit}`);
      if (riichi && rank === 5) row.push(`0${suit}`);
    }
    groups.push(row);
  }
  groups.push(HONOURS);
  if (!riichi) groups.push(BONUS);
  for (const group of groups) {
    const row = document.createElement("div");
    row.className = "palette-row";
    for (const tile of group) {
      const button = tileElement(tile, { button: true });
      if (tile[0] === "0") button.title = `${T("Red five")} (${tile})`;
      button.addEventListener("click", () => tap(tile));
      row.append(button);
    }
    palette.append(row);
  }
}

// ---------------------------------------------------------------------------- showing it

function removable(tile, onRemove, over) {
  const el = tileElement(tile, { button: true, size: "small" });
  el.title = T("Tap a tile to remove it.");
  if (over) el.classList.add("over");
  el.addEventListener("click", () => {
    onRemove();
    changed();
  });
  return el;
}

function showHand() {
  if ($("palette").dataset.rules !== state.rules) buildPalette();
  const hand = current();
  const counts = copies();
  const over = (tile) => counts[tileKind(tile)] > 4;
  $("view-concealed").replaceChildren(
    ...sortTiles(hand.concealed).map((tile) =>
      removable(tile, () => hand.concealed.splice(hand.concealed.indexOf(tile), 1), over(tile)),
    ),
  );
  $("view-melds").replaceChildren(
    ...hand.melds.map((meld, index) => {
      const box = document.createElement("button");
      box.type = "button";
      box.className = "meld" + (meld.open ? "" : " concealed");
      box.title = T("Remove this set");
      box.setAttribute("aria-label", `${meld.open ? "" : "concealed "}${meldKind(meld.tiles)} ${formatTiles(meld.tiles)}`);
      for (const tile of meld.tiles) {
        const el = tileElement(tile, { size: "small" });
        if (over(tile)) el.classList.add("over");
        box.append(el);
      }
      box.addEventListener("click", () => {
        hand.melds.splice(index, 1);
        changed();
      });
      return box;
    }),
  );
  $("view-winning").replaceChildren(
    ...(hand.winning ? [removable(hand.winning, () => (hand.winning = null), over(hand.winning))] : []),
  );
  $("view-bonus").replaceChildren(
    ...sortTiles(hand.bonus).map((tile) => removable(tile, () => hand.bonus.splice(hand.bonus.indexOf(tile), 1))),
  );
  for (const [part, list] of [["dora", state.dora], ["ura", state.ura]]) {
    $(`view-${part}`).replaceChildren(...list.map((tile, index) => removable(tile, () => list.splice(index, 1))));
  }
  $("pending").replaceChildren(...state.pending.map((tile) => tileElement(tile, { size: "small" })));
  for (const button of $("palette").querySelectorAll(".tile")) {
    const tile = button.dataset.tile;
    button.classList.toggle("over", over(tile));
    const used = tile[0] === "0" ? (counts[tile] || 0) >= 1 : (counts[tile] || 0) >= 4; // one red five a suit
    button.classList.toggle("used", !tile.endsWith("f") && used);
  }
  // What is wrong with the tiles, in one sentence.
  const problems = [];
  if (Object.values(counts).some((n) => n > 4)) problems.push(T("This tile is already in the hand four times."));
  const count = tileCount(hand);
  if (count === 0) problems.push(T("No tiles yet: tap the tiles below."));
  else if (count !== expectedCount(hand)) problems.push(T("A hand has {expected} tiles here, this one has {count}.", { expected: expectedCount(hand), count }));
  if (notice) problems.push(notice);
  $("hand-problem").textContent = problems.join(" ");
  $("hand-problem").hidden = !problems.length;
  $("hand-problem").classList.toggle("bad", problems.length > (notice ? 1 : 0) && count > 0);
}

// The ways of winning the page offers for the other rulesets, as the template lists them.
const WIN_BY_OTHER = [...document.querySelectorAll("#calc-win-by option")].map((o) => [o.value, o.textContent]);

function showFamily() {
  // What only Riichi has (red fives, indicators, counters, its moments) or only the others (flowers).
  const riichi = isRiichi();
  for (const el of document.querySelectorAll("[data-family]")) el.hidden = (el.dataset.family === "riichi") !== riichi;
  const select = $("calc-win-by");
  const family = riichi ? "riichi" : "other";
  if (select.dataset.family !== family) {
    select.dataset.family = family;
    const ways = riichi ? RIICHI_WIN_BY.map(([value, label]) => [value, T(label)]) : WIN_BY_OTHER;
    select.replaceChildren(...ways.map(([value, label]) => new Option(label, value)));
  }
  const field = $("calc-notation");
  if (!field.dataset.placeholder) field.dataset.placeholder = field.placeholder;
  field.placeholder = riichi ? "riichi: 234m340p66s12378s +9s* seat=S moments=riichi dora=1m" : field.dataset.placeholder;
  if (!riichi) return;
  const preset = $("calc-preset");
  const option = ruleset().options.find((o) => o.name === "preset");
  if (option && preset.options.length !== option.choices.length) {
    preset.replaceChildren(...option.choices.map((c) => new Option(c.label, c.value)));
  }
  if (option) preset.value = state.options.preset ?? option.default;
  for (const [id, value] of [["calc-honba", state.honba], ["calc-sticks", state.sticks]]) {
    if (document.activeElement !== $(id)) $(id).value = String(value);
  }
}

// Leaving a ruleset for another: what the new one has no place for goes (flowers under Riichi, red
// fives, indicators and counters elsewhere), and a way of winning or moment it does not know.
function adaptTo(rules) {
  const riichi = rules === "riichi";
  for (const seat of SEATS) {
    const hand = state.hands[seat];
    if (riichi) hand.bonus = [];
    else {
      hand.concealed = hand.concealed.map(tileKind);
      hand.melds = hand.melds.map((m) => ({ ...m, tiles: m.tiles.map(tileKind) }));
      if (hand.winning) hand.winning = tileKind(hand.winning);
    }
  }
  if (!riichi) {
    state.dora = [];
    state.ura = [];
    state.honba = 0;
    state.sticks = 0;
    if (["dora", "ura"].includes(state.mode)) setMode("hand");
  }
  const ways = riichi ? RIICHI_WIN_BY.map(([value]) => value) : WIN_BY_OTHER.map(([value]) => value);
  if (!ways.includes(state.winBy)) state.winBy = "discard";
  const moments = riichi ? RIICHI_MOMENTS : MOMENTS;
  state.moments = state.moments.filter((m) => moments.includes(m));
}

function showControls() {
  $("calc-rules").value = state.rules;
  $("calc-round").value = state.round;
  showFamily();
  $("calc-win-by").value = state.winBy;
  const winner = winnerSeat();
  for (const box of $("calc-moments").querySelectorAll("input")) box.checked = state.moments.includes(box.value);
  const label = $("seats-label");
  label.textContent = isNts() ? label.dataset.all : label.dataset.single;
  for (const button of document.querySelectorAll(".seat-tab")) {
    const seat = button.dataset.seat;
    button.setAttribute("aria-pressed", String(seat === state.active));
    const total = button.querySelector(".seat-total");
    const answer = scored[seat];
    total.textContent = isNts() && answer && answer.card ? ` ${formatNumber(answer.card.total)}` : "";
    button.classList.toggle("winner", isNts() && seat === winner);
  }
  const needsDiscarder = isNts() && winner && ["discard", "robbing_kong"].includes(state.winBy);
  $("discarder-label").hidden = !needsDiscarder;
  const select = $("calc-discarder");
  select.replaceChildren(new Option("—", ""));
  for (const seat of SEATS.filter((s) => s !== winner)) select.append(new Option(T(SEAT_NAMES[seat]), seat));
  if (state.discarder === winner) state.discarder = "";
  select.value = state.discarder;
  showOptions();
}

// An option's value when none is given: the preset's (Riichi), else the ruleset's default.
function optionDefault(option) {
  const rules = ruleset();
  if (rules.presets && option.name !== "preset") {
    const preset = rules.presets[state.options.preset ?? "tenhou"] || {};
    if (option.name in preset) return preset[option.name];
  }
  return option.default;
}

function orderOptions(rules) {
  // Options in the ruleset's order, as the canonical notation lists them (any others, from a link, after).
  const ordered = {};
  for (const o of rules.options) if (o.name in state.options) ordered[o.name] = state.options[o.name];
  for (const [name, value] of Object.entries(state.options)) if (!(name in ordered)) ordered[name] = value;
  state.options = ordered;
}

function showOptions() {
  const box = $("calc-options");
  const rules = ruleset();
  if (box.dataset.rules === rules.name) {
    for (const input of box.querySelectorAll("[data-option]")) {
      const option = rules.options.find((o) => o.name === input.dataset.option);
      if (!option) continue;
      const value = state.options[option.name] ?? optionDefault(option);
      if (option.type === "bool") input.checked = value;
      else input.value = String(value);
    }
    return;
  }
  box.dataset.rules = rules.name;
  box.replaceChildren();
  $("calc-options-box").hidden = !rules.options.length;
  for (const option of rules.options) {
    if (rules.presets && option.name === "preset") continue; // a field of its own, beside the counters
    const label = document.createElement("label");
    let input;
    if (option.type === "bool") {
      label.className = "check";
      input = document.createElement("input");
      input.type = "checkbox";
      label.append(input, " " + option.label);
    } else if (option.type === "choice") {
      input = document.createElement("select");
      for (const choice of option.choices) input.append(new Option(choice.label, choice.value));
      label.append(option.label, input);
    } else {
      input = document.createElement("input");
      input.type = "number";
      input.inputMode = "numeric";
      input.step = "1";
      label.append(option.label, input);
    }
    input.dataset.option = option.name;
    input.name = `o.${option.name}`;
    input.addEventListener("change", () => {
      // A field of another ruleset's options, losing focus as the list is replaced: nothing to change.
      if (state.rules !== rules.name || !input.isConnected) return;
      let value = option.type === "bool" ? input.checked : option.type === "int" ? Number(input.value) : input.value;
      if (option.type === "int" && !Number.isInteger(value)) value = optionDefault(option);
      if (value === optionDefault(option)) delete state.options[option.name];
      else state.options[option.name] = value;
      orderOptions(rules);
      changed();
    });
    box.append(label);
  }
  showOptions();
}

function cardTable(card) {
  const limitUnit = (ruleset() && ruleset().limit_unit) || "points";
  return scoreCardTable(card, { T, valueText: (item) => plainValueText(item, T, limitUnit), totalId: "card-total" });
}

// Riichi's card: the yaku and their han, the fu lines, han + fu + limit, the points and who pays what.
function listTable(testid, rows, foot) {
  const table = document.createElement("table");
  table.className = "scorecard";
  table.dataset.testid = testid;
  const body = table.createTBody();
  for (const [name, value, className] of rows) {
    const row = body.insertRow();
    row.className = className || "item";
    row.insertCell().textContent = name;
    const cell = row.insertCell();
    cell.className = "num";
    cell.textContent = value;
  }
  if (foot) {
    const row = body.insertRow();
    row.className = "total";
    for (const [index, text] of foot.slice(0, 2).entries()) {
      const th = document.createElement("th");
      th.textContent = text;
      if (index) {
        th.className = "num";
        if (foot[2]) th.id = foot[2];
      }
      row.append(th);
    }
  }
  return table;
}

const capital = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);

function riichiCard(answer, box) {
  const card = answer.card;
  const d = card.details;
  const items = card.items || [];
  const value = (item) => `${formatNumber(item.value)} ${T(item.kind)}`;
  const head = document.createElement("p");
  head.className = "riichi-summary";
  head.dataset.testid = "riichi-summary";
  const hanFu = d.yakuman ? "" : T("{han} han {fu} fu", { han: d.han, fu: d.fu });
  head.textContent = [hanFu, capital(card.limit)].filter(Boolean).join(" · ");
  box.append(head);
  const yaku = items.filter((item) => item.kind !== "fu");
  const yakuFoot = d.yakuman ? [T("Yakuman"), String(d.yakuman)] : [T("Han"), String(d.han)];
  const heading = (text) => Object.assign(document.createElement("h3"), { textContent: text });
  box.append(heading(T("Yaku")), listTable("yaku", yaku.map((item) => [item.name, value(item), `item ${item.kind}`]), yakuFoot));
  const fu = items.filter((item) => item.kind === "fu");
  if (fu.length) box.append(heading(T("Fu")), listTable("fu", fu.map((item) => [item.name, value(item), "item fu"]), [T("Fu"), String(d.fu)]));
  if (card.arithmetic) box.append(Object.assign(document.createElement("p"), { className: "arith", textContent: card.arithmetic }));
  box.append(listTable("points", [], [T("Points"), formatNumber(card.total), "card-total"]));
  const pay = d.payments;
  if (!pay) return;
  const rows = [];
  if (pay.ron) rows.push([T("The discarder pays"), formatNumber(pay.ron)]);
  else if (pay.dealer) rows.push([T("The dealer pays"), formatNumber(pay.dealer)], [T("Each non-dealer pays"), formatNumber(pay.non_dealer)]);
  else rows.push([T("Each other player pays"), formatNumber(pay.non_dealer)]);
  const situation = answer.situation || {};
  if (pay.honba) rows.push([T("Honba ({n}), included", { n: situation.honba || "" }), signedNumber(pay.honba), "item extra"]);
  if (pay.riichi_sticks) rows.push([T("Riichi sticks ({n})", { n: situation.riichi_sticks || "" }), signedNumber(pay.riichi_sticks), "item extra"]);
  box.append(heading(T("Who pays")), listTable("payments", rows, [T("The winner receives"), formatNumber(pay.total)]));
}

function showCard() {
  const box = $("card");
  box.replaceChildren();
  const answer = scored[state.active];
  if (!answer || !answer.card) {
    const p = document.createElement("p");
    p.className = "muted";
    p.textContent = answer && answer.error ? answer.error : T("Complete the hand to see its score.");
    if (answer && answer.error) {
      p.className = "error";
      p.dataset.testid = "card-error";
      // Said beside the tiles too: the hand stays as it is, to be put right.
      $("hand-problem").textContent = answer.error;
      $("hand-problem").hidden = false;
      $("hand-problem").classList.add("bad");
    }
    box.append(p);
    return;
  }
  const card = answer.card;
  if (isRiichi() && card.valid && card.details && "han" in card.details) {
    riichiCard(answer, box);
    return;
  }
  if (card.limit) {
    const p = document.createElement("p");
    p.className = "limit-name";
    p.textContent = `${T("Limit hand")}: ${card.limit}`;
    box.append(p);
  }
  box.append(cardTable(card));
  for (const decision of card.decisions || []) {
    const p = document.createElement("p");
    p.className = "card-decision";
    p.dataset.testid = "decision";
    p.textContent = `${T("Decision")}: ${decision}`;
    box.append(p);
  }
  if (!card.valid && card.reason) {
    const p = document.createElement("p");
    p.className = "error";
    p.id = "card-reason";
    p.textContent = `${T("Not a legal win")}: ${card.reason}`;
    box.append(p);
  }
}

// ---------------------------------------------------------------------------- the server

function keyOf(seat) {
  return JSON.stringify(situation(seat));
}

async function scoreHands() {
  const number = ++requestNumber;
  const jobs = seatsInPlay().map(async (seat) => {
    if (!complete(seat)) {
      delete scored[seat];
      return;
    }
    const key = keyOf(seat);
    if (scored[seat] && scored[seat].key === key) return;
    try {
      const answer = await api("POST", "/api/calculator/read", { situation: situation(seat) });
      scored[seat] = { ...answer, key };
    } catch (error) {
      scored[seat] = { error: error.message, key };
    }
  });
  await Promise.all(jobs);
  if (number !== requestNumber) return;
  showControls();
  showCard();
  showNotation();
  updateAddress();
  const total = scored[state.active] && scored[state.active].card ? formatNumber(scored[state.active].card.total) : "–";
  $("card-bar-total").textContent = total;
  delete $("to-sheet-status").dataset.done;
  $("to-sheet-status").className = "status";
  await settle(number);
  if (number === requestNumber) showSheetPanel();
}

async function settle(number) {
  const box = $("settlement");
  if (!isNts()) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const body = $("settlement-body");
  const winner = winnerSeat();
  const ready = SEATS.every((seat) => scored[seat] && scored[seat].card);
  const scores = {};
  for (const seat of SEATS) if (scored[seat] && scored[seat].card) scores[seat] = scored[seat].card.total;
  let payments = null;
  const waiting = ready ? "" : T("The settlement needs every hand complete.");
  let problem = "";
  if (ready && winner && !scored[winner].card.valid) {
    // A false mahjong: the hand is dead and the game goes on; nothing to settle yet.
    problem = `${T("Not a legal win")}: ${scored[winner].card.reason}`;
  } else if (ready) {
    const data = { rules: "nts", winner, scores };
    if (winner) {
      data.win_by = state.winBy;
      if (["discard", "robbing_kong"].includes(state.winBy)) data.discarder = state.discarder || null;
    }
    try {
      payments = (await api("POST", "/api/settle", data)).payments;
    } catch (error) {
      problem = error.message;
    }
  }
  if (number !== requestNumber) return;
  const table = document.createElement("table");
  table.className = "payments";
  table.dataset.testid = "settlement";
  const head = table.createTHead().insertRow();
  for (const word of ["", "Hand scores", "Gain or loss"]) {
    const th = document.createElement("th");
    th.textContent = word ? T(word) : "";
    if (word) th.className = "num";
    head.append(th);
  }
  const tbody = table.createTBody();
  for (const seat of SEATS) {
    const row = tbody.insertRow();
    row.dataset.seat = seat;
    const who = row.insertCell();
    who.textContent = `${T(SEAT_NAMES[seat])}${seat === winner ? " · " + T("Winner") : ""}`;
    const score = row.insertCell();
    score.className = "num";
    score.textContent = seat in scores ? formatNumber(scores[seat]) : "–";
    const pay = row.insertCell();
    pay.className = "num payment";
    if (payments) {
      const amount = payments[seat];
      pay.textContent = signedNumber(amount);
      pay.classList.add(amount > 0 ? "gain" : amount < 0 ? "loss" : "even");
    } else {
      pay.textContent = "–";
    }
  }
  const note = document.createElement("p");
  note.className = problem ? "error" : "muted";
  note.id = "settlement-note";
  note.textContent =
    problem ||
    waiting ||
    (winner
      ? T("The winner pays nobody. East pays and receives double: every payment East makes or receives is doubled, the winner's score and the differences between losers alike.")
      : T("Drawn hand"));
  body.replaceChildren(table, note);
}

// ---------------------------------------------------------------------------- into a score sheet

// The sheets this hand can go on (the session's open sheets of the same rules), or, opened from a
// sheet's row ("check in the calculator"), that row: its hands are saved back into it.
const target = (() => {
  const params = new URLSearchParams(location.search);
  const row = Number(params.get("row"));
  return params.get("sheet") && Number.isInteger(row) && row > 0 ? { id: params.get("sheet"), row } : null;
})();
let sheets = [];
let targetSheet = null;

async function loadSheets() {
  try {
    if (target) targetSheet = await api("GET", `/api/sheets/${encodeURIComponent(target.id)}`);
    else sheets = await api("GET", "/api/sheets");
  } catch (error) {
    sheets = [];
    targetSheet = null;
  }
}

function chosenSheet() {
  if (targetSheet) return targetSheet;
  return sheets.find((s) => s.id === $("to-sheet-choice").value) || null;
}

function seatNames(sheet) {
  // seat -> player: the row's own seating, or the next hand's (the dealer is East, then round the table)
  if (targetSheet) {
    const row = targetSheet.rows[target.row - 1];
    const names = {};
    for (const [name, seat] of Object.entries((row && row.seats) || {})) names[seat] = name;
    return names;
  }
  const players = sheet.players;
  const dealer = Math.max(0, players.indexOf(sheet.dealer));
  const names = {};
  players.forEach((_, i) => (names[SEATS[i]] = players[(dealer + i) % players.length]));
  return names;
}

function sheetRow(sheet, names) {
  // The row the calculator's hands make, or {problem}.
  const seats = isNts() ? SEATS : [state.active];
  if (isNts() && !seats.every((seat) => scored[seat] && scored[seat].card)) return { problem: T("Every hand must be complete to go on the sheet.") };
  const winner = winnerSeat();
  if (!isNts() && !winner) return { problem: T("The hand needs a winning tile to go on the sheet.") };
  if (winner && !(scored[winner] && scored[winner].card && scored[winner].card.valid)) return { problem: T("Only a legal win goes on the sheet.") };
  const hands = {};
  for (const seat of seats) if (names[seat] && scored[seat] && scored[seat].notation) hands[names[seat]] = scored[seat].notation;
  const body = { hands };
  if (isNts()) body.round_wind = state.round;
  if (!winner) return { body: { drawn: true, ...body } };
  body.winner = names[winner];
  body.win_by = state.winBy;
  if (["discard", "robbing_kong"].includes(state.winBy)) {
    const seat = isNts() ? state.discarder : $("to-sheet-discarder").value;
    if (!seat || !names[seat]) return { problem: T("Choose the discarder."), discarder: !isNts() };
    body.discarder = names[seat];
  }
  const card = scored[winner].card;
  if (isNts()) {
    body.scores = {};
    for (const seat of SEATS) body.scores[names[seat]] = scored[seat].card.total;
  } else if (state.rules === "hkos" && !(sheet.options && sheet.options.practice) && card.details && card.details.faan !== undefined) {
    body.faan = card.details.faan; // the HKOS sheet counts faan (seed 003)
  } else {
    body.scores = { [names[winner]]: card.total };
  }
  return { body };
}

function showSheetPanel() {
  const panel = $("to-sheet");
  const choice = $("to-sheet-choice");
  const open = sheets.filter((s) => s.rules === state.rules && !s.over);
  if (targetSheet) {
    $("to-sheet-title").textContent = T("Save the hands in row {n}", { n: target.row });
    $("to-sheet-add").textContent = T("Save the hands in row {n}", { n: target.row });
    $("to-sheet-choice-label").hidden = true;
  } else {
    const before = choice.value;
    choice.replaceChildren(...open.map((s) => new Option(s.title || s.players.join(" · "), s.id)));
    if (open.some((s) => s.id === before)) choice.value = before;
    $("to-sheet-choice-label").hidden = !open.length;
  }
  panel.hidden = !targetSheet && !["nts", "hkos", "chinese", "casual"].includes(state.rules);
  const sheet = chosenSheet();
  const add = $("to-sheet-add");
  const seating = $("to-sheet-seating");
  const discarderLabel = $("to-sheet-discarder-label");
  if (!sheet || (targetSheet && targetSheet.rules !== state.rules)) {
    seating.textContent = targetSheet ? "" : T("No open sheet of these rules: start one under Score sheets.");
    add.disabled = true;
    discarderLabel.hidden = true;
    return;
  }
  const names = seatNames(sheet);
  seating.textContent = (isNts() ? SEATS : SEATS.filter((seat) => names[seat]))
    .filter((seat) => names[seat])
    .map((seat) => `${T(SEAT_NAMES[seat])}: ${names[seat]}`)
    .join(" · ");
  const winner = winnerSeat();
  const needsOwnDiscarder = !isNts() && winner && ["discard", "robbing_kong"].includes(state.winBy);
  discarderLabel.hidden = !needsOwnDiscarder;
  if (needsOwnDiscarder) {
    const select = $("to-sheet-discarder");
    const before = select.value;
    select.replaceChildren(new Option("—", ""), ...SEATS.filter((seat) => seat !== winner && names[seat]).map((seat) => new Option(names[seat], seat)));
    select.value = [...select.options].some((o) => o.value === before) ? before : "";
  }
  const made = sheetRow(sheet, names);
  add.disabled = Boolean(made.problem) && !made.discarder;
  add.title = made.problem || "";
  if (made.problem && !$("to-sheet-status").dataset.done) $("to-sheet-status").textContent = made.problem;
  else if (!$("to-sheet-status").dataset.done) $("to-sheet-status").textContent = "";
}

async function addToSheet() {
  const sheet = chosenSheet();
  if (!sheet) return;
  const status = $("to-sheet-status");
  const made = sheetRow(sheet, seatNames(sheet));
  if (made.problem) {
    status.textContent = made.problem;
    return;
  }
  const id = encodeURIComponent(sheet.id);
  try {
    const answer = targetSheet
      ? await api("PUT", `/api/sheets/${id}/rows/${target.row}`, made.body)
      : await api("POST", `/api/sheets/${id}/rows`, made.body);
    const n = targetSheet ? target.row : answer.rows.length;
    status.replaceChildren(
      document.createTextNode(`${targetSheet ? T("Row {n} now keeps these hands.", { n }) : T("Added as row {n}.", { n })} `),
      Object.assign(document.createElement("a"), { href: `/sheets/${id}`, textContent: T("Open the sheet") }),
    );
    status.dataset.done = "true";
    status.className = "status ok";
    if (targetSheet) targetSheet = answer;
    else sheets = sheets.map((s) => (s.id === answer.id ? { ...s, dealer: answer.dealer, over: answer.over } : s));
    $("calculator").dataset.added = String(n);
  } catch (error) {
    status.textContent = error.message;
    status.className = "status error";
    delete status.dataset.done;
  }
}

// The notation field shows the hand being edited, unless someone is typing in it.
function showNotation() {
  const field = $("calc-notation");
  if (document.activeElement === field) return;
  const answer = scored[state.active];
  field.value = answer && answer.notation && answer.key === keyOf(state.active) ? answer.notation : notation(state.active);
  $("notation-error").hidden = true;
}

let typing = null;
let reading = null; // the notation text whose reading is on its way to the server
function typed() {
  clearTimeout(typing);
  typing = setTimeout(() => {
    typing = null;
    readNotation();
  }, 250);
}

function leftNotation() {
  if (typing !== null) {
    // Read what was typed last before anything rewrites the field.
    clearTimeout(typing);
    typing = null;
    readNotation();
  } else if (reading === null && $("notation-error").hidden) {
    showNotation(); // (a read still on its way writes the field itself when it comes back)
  }
}

async function readNotation() {
  const field = $("calc-notation");
  const text = field.value.trim();
  const error = $("notation-error");
  if (!text) return;
  reading = text;
  try {
    const answer = await api("POST", "/api/calculator/read", { notation: text });
    if (field.value.trim() !== text) return; // typed on meanwhile
    const seat = answer.situation.seat_wind;
    if (!isNts() || answer.situation.rules !== "nts") {
      // One hand: it moves to the seat the notation names.
      for (const other of SEATS) if (other !== seat) state.hands[other] = emptyHand();
    }
    loadSituation(answer.situation, seat);
    state.active = seat;
    scored[seat] = { ...answer, key: keyOf(seat) };
    error.hidden = true;
    changed({ fromNotation: true });
  } catch (problem) {
    if (field.value.trim() !== text) return;
    error.textContent = problem.message;
    error.hidden = false;
  } finally {
    if (reading === text) reading = null;
  }
}

// ---------------------------------------------------------------------------- the address

function addressQuery() {
  const winner = winnerSeat();
  const main = winner || (isNts() ? "E" : state.active);
  const answer = scored[main];
  if (!answer || !answer.link || answer.key !== keyOf(main)) return null;
  const params = new URLSearchParams(answer.link);
  if (isNts()) {
    for (const seat of SEATS) {
      if (seat === main || !complete(seat)) continue;
      const hand = state.hands[seat];
      params.set(`hand.${seat}`, tilesText(hand));
      if (hand.bonus.length) params.set(`bonus.${seat}`, formatTiles(sortTiles(hand.bonus)));
    }
    if (winner && state.discarder && ["discard", "robbing_kong"].includes(state.winBy)) params.set("discarder", state.discarder);
  }
  return params.toString();
}

function updateAddress() {
  const query = addressQuery();
  let full = query;
  if (target) {
    // opened from a sheet's row: the address keeps it, so a reload still saves into that row
    const params = new URLSearchParams(query || "");
    params.set("sheet", target.id);
    params.set("row", String(target.row));
    full = params.toString();
  }
  const url = full === null ? location.pathname : `${location.pathname}?${full}`;
  if (url !== location.pathname + location.search) history.replaceState(null, "", url);
  for (const link of document.querySelectorAll("a[data-lang]")) {
    const params = new URLSearchParams(query || "");
    params.set("lang", link.dataset.lang);
    link.href = `${location.pathname}?${params}`;
  }
}

async function openLink() {
  const params = new URLSearchParams(location.search);
  if (!params.has("hand")) {
    // a row typed without hands: its ruleset, the winner's seat, the wind and how it was won
    const rules = params.get("rules");
    if (rules && DATA.rules.some((r) => r.name === rules)) state.rules = rules;
    if (SEATS.includes(params.get("seat"))) state.active = params.get("seat");
    if (SEATS.includes(params.get("round"))) state.round = params.get("round");
    const winBy = params.get("win_by");
    if (winBy && [...$("calc-win-by").options].some((o) => o.value === winBy)) state.winBy = winBy;
    return;
  }
  try {
    const answer = await api("POST", "/api/calculator/link", { query: location.search });
    for (const hand of answer.hands) {
      loadSituation(hand.situation, hand.seat);
      scored[hand.seat] = { ...hand, key: keyOf(hand.seat) };
    }
    state.active = answer.hands[0].seat;
    state.discarder = answer.discarder || "";
  } catch (error) {
    $("notation-error").textContent = error.message;
    $("notation-error").hidden = false;
    $("calc-notation").value = params.get("hand");
  }
}

// ---------------------------------------------------------------------------- wiring

function changed({ fromNotation = false } = {}) {
  showHand();
  showControls();
  if (!fromNotation) {
    const field = $("calc-notation");
    if (document.activeElement !== field) field.value = notation(state.active);
  }
  scoreHands();
}

function wire() {
  $("calc-notation").addEventListener("input", typed);
  $("calc-notation").addEventListener("blur", leftNotation);
  $("calc-notation").addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault(); // one line: Enter reads it now
    clearTimeout(typing);
    typing = null;
    readNotation();
  });
  $("calc-rules").addEventListener("change", (event) => {
    const hand = current();
    adaptTo(event.target.value);
    state.rules = event.target.value;
    state.options = {};
    if (!isNts()) {
      for (const seat of SEATS) if (seat !== state.active) state.hands[seat] = emptyHand();
      state.hands[state.active] = hand;
    }
    changed();
  });
  $("calc-round").addEventListener("change", (event) => {
    state.round = event.target.value;
    changed();
  });
  $("calc-win-by").addEventListener("change", (event) => {
    state.winBy = event.target.value;
    changed();
  });
  $("calc-discarder").addEventListener("change", (event) => {
    state.discarder = event.target.value;
    changed();
  });
  for (const box of $("calc-moments").querySelectorAll("input")) {
    box.addEventListener("change", () => {
      state.moments = momentsOf().filter((m) => (m === box.value ? box.checked : state.moments.includes(m)));
      changed();
    });
  }
  $("calc-preset").addEventListener("change", (event) => {
    const rules = ruleset();
    if (!rules.presets) return;
    if (event.target.value === "tenhou") delete state.options.preset;
    else state.options.preset = event.target.value;
    // An option set to what the new preset says anyway is no longer an override.
    const values = rules.presets[event.target.value] || {};
    for (const [name, value] of Object.entries(state.options)) if (name in values && values[name] === value) delete state.options[name];
    orderOptions(rules);
    changed();
  });
  for (const [id, key] of [["calc-honba", "honba"], ["calc-sticks", "sticks"]]) {
    $(id).addEventListener("change", (event) => {
      const number = Number(event.target.value);
      state[key] = Number.isInteger(number) && number >= 0 ? number : 0;
      changed();
    });
  }
  for (const button of document.querySelectorAll(".seat-tab")) {
    button.addEventListener("click", () => {
      const seat = button.dataset.seat;
      if (!isNts() && seat !== state.active) {
        // One hand: it changes seat.
        state.hands[seat] = current();
        state.hands[state.active] = emptyHand();
      }
      state.active = seat;
      state.pending = [];
      notice = "";
      changed();
    });
  }
  for (const button of document.querySelectorAll("[data-mode]")) {
    button.addEventListener("click", () => setMode(button.dataset.mode));
  }
  $("set-open").addEventListener("click", () => {
    state.pendingOpen = true;
    $("set-open").setAttribute("aria-pressed", "true");
    $("set-concealed").setAttribute("aria-pressed", "false");
  });
  $("set-concealed").addEventListener("click", () => {
    state.pendingOpen = false;
    $("set-open").setAttribute("aria-pressed", "false");
    $("set-concealed").setAttribute("aria-pressed", "true");
  });
  $("set-add").addEventListener("click", addSet);
  $("calc-clear").addEventListener("click", () => {
    for (const seat of SEATS) state.hands[seat] = emptyHand();
    state.moments = [];
    state.dora = [];
    state.ura = [];
    state.honba = 0;
    state.sticks = 0;
    state.discarder = "";
    state.pending = [];
    notice = "";
    changed();
  });
  $("to-sheet-add").addEventListener("click", addToSheet);
  $("to-sheet-choice").addEventListener("change", showSheetPanel);
  $("to-sheet-discarder").addEventListener("change", showSheetPanel);
  $("calc-copy").addEventListener("click", async () => {
    let done = false;
    try {
      await navigator.clipboard.writeText(location.href);
      done = true;
    } catch (error) {
      done = false;
    }
    $("copy-status").textContent = done ? T("Link copied.") : location.href;
  });
}

async function start() {
  buildPalette();
  wire();
  setMode("hand");
  await Promise.all([openLink(), loadSheets()]);
  changed();
  document.getElementById("calculator").dataset.ready = "true";
}

start();
