// Hints (when the settings ask for them): how far the hand is from ready, the best discards and
// what each waits on, as the server's hint says.
import { api } from "../api.js";
import { tileElement, tileRow } from "../tiles.js";
import { callTiles } from "./hand.js";
import { $, gameId, settings, view } from "./state.js";
import { T, label } from "./texts.js";

export async function drawHint() {
  const box = $("hint");
  $("hint-toggle").setAttribute("aria-pressed", String(settings.hints));
  if (!settings.hints || !view || view.hand_over || !view.observation.legal_actions.length) {
    box.hidden = true;
    return;
  }
  let data;
  try {
    data = await api("GET", `/api/games/${gameId}/hint`);
  } catch (error) {
    box.hidden = true;
    return;
  }
  box.replaceChildren();
  const head = document.createElement("h3");
  // Ready only on a wait that can win: a shape short of the minimum is said to be so.
  head.textContent = data.shanten < 0 ? T("Complete: declare the win")
    : data.shanten === 0 ? (data.ready === false ? T("Waiting, but no wait reaches the minimum") : T("Ready (tenpai)"))
    : T("Shanten {count}", { count: data.shanten });
  box.append(head);
  const list = document.createElement("ul");
  const waitLine = (wait) => {
    const li = document.createElement("li");
    li.append(tileElement(wait.tile, { size: "mini" }));
    const ron = wait.discard;
    const tsumo = wait.self_draw;
    const text = ron.valid ? T("{unseen} left · ron {ron}, tsumo {tsumo}", { unseen: wait.unseen, ron: ron.total, tsumo: tsumo.total })
      : T("{unseen} left · cannot win: {reason}", { unseen: wait.unseen, reason: ron.reason || T("not a legal win") });
    li.append(` ${text}`);
    return li;
  };
  // A claim, a win or a kong to decide: what each choice is worth, in expected points, best first.
  if ((data.options || []).length) {
    const li = document.createElement("li");
    li.className = "hint-options";
    li.append(`${T("Each choice, in expected points")}: `);
    data.options.forEach((option, index) => {
      const choice = document.createElement(index ? "span" : "strong");
      choice.append(...optionParts(option), ` ${signed(option.value)}`);
      li.append(...(index ? [" · "] : []), choice);
    });
    list.append(li);
  }
  // The match's last hand, where places pay (Riichi's uma and oka): the figures below count them.
  if (data.places_at_stake) {
    const li = document.createElement("li");
    li.className = "hint-places";
    li.textContent = T("The match's last hand: the figures count the places at stake (uma and oka)");
    list.append(li);
  }
  // Facing a threat (a player in riichi, or one that looks ready): the safest discards against
  // it, whatever they do to the hand (folding starts here). (Only the discards the seat may make
  // now: the evaluator values those alone.)
  const threats = data.threats || [];
  const risky = (data.discards || []).filter((option) => option.risk && typeof option.value === "number");
  if (threats.length && risky.length) {
    const worst = (option) => Math.max(0, ...option.risk.filter((r) => threats.includes(r.seat)).map((r) => r.percent));
    const safest = [...risky].sort((a, b) => worst(a) - worst(b)).slice(0, 3);
    const li = document.createElement("li");
    li.append(`${T("Safest against {names}", { names: threats.map(label).join(", ") })}: `);
    safest.forEach((option, index) => {
      li.append(index ? ", " : "", tileElement(option.discard, { size: "mini" }), ` ${number(worst(option))}%`);
    });
    list.append(li);
  }
  for (const option of (data.discards || []).slice(0, 5)) {
    const li = document.createElement("li");
    li.append(`${T("Discard")} `, tileElement(option.discard, { size: "mini" }),
      ` → ${option.ready ? T("waits on") : option.short ? T("waits, short of the minimum, on")
        : T("shanten {count}, improves with", { count: option.shanten })} `);
    li.append(tileRow(option.tiles, { size: "mini" }), ` ${T("({unseen} unseen)", { unseen: option.unseen })}`);
    // The evaluator's figures: the chance to win, a win's worth and the expected points.
    if (typeof option.win_chance === "number") {
      li.append(` · ${T("win {chance}%, worth {worth}, expected {value}", {
        chance: number(option.win_chance), worth: number(option.win_value), value: signed(option.value),
      })}`);
    }
    // What a family's hint tells more (Riichi: furiten after this discard, safe from whom in riichi,
    // and how likely it is to deal in to each player in riichi, with the reading that says so).
    if (option.furiten) li.append(` · ${T("furiten")}`);
    if (option.safe_from && option.safe_from.length) {
      li.append(` · ${T("safe from {names}", { names: option.safe_from.map(label).join(", ") })}`);
    }
    // (a chance under half a percent is not worth a word; the expected points count it)
    const risks = (option.risk || []).filter((r) => r.percent >= 0.5);
    if (risks.length) li.append(` · ${T("deal-in risk")}: ${risks.map(riskText).join("; ")}`);
    const why = (option.reasons || []).map(reasonParts).filter((parts) => parts.length);
    if (why.length) {
      const line = document.createElement("div");
      line.className = "hint-why";
      line.append(`${T("Why")}: `);
      why.forEach((parts, index) => line.append(...(index ? ["; "] : []), ...parts));
      li.append(line);
    }
    if (option.waits) {
      const sub = document.createElement("ul");
      for (const wait of option.waits) sub.append(waitLine(wait));
      li.append(sub);
    }
    list.append(li);
  }
  for (const wait of data.waits || []) list.append(waitLine(wait));
  if (data.furiten) {
    const li = document.createElement("li");
    li.textContent = T("Furiten: you cannot win by ron");
    list.append(li);
  }
  if (data.improves) {
    const li = document.createElement("li");
    li.append(`${T("Improves with")} `, tileRow(data.improves.tiles, { size: "mini" }),
      ` ${T("({unseen} unseen)", { unseen: data.improves.unseen })}`);
    list.append(li);
  }
  box.append(list);
  box.hidden = false;
}

// A choice as its button says it: Ron or Tsumo, Chi/Pong/Kong with the tiles, Pass, a discard.
function optionParts(option) {
  const claim = view.observation.claim_tile;
  switch (option.action) {
    case "win": return [claim ? T("Ron") : T("Tsumo")];
    case "pass": return [T("Pass")];
    case "chow": return [`${T("Chi")} `, tileRow(callTiles(option, claim), { size: "mini" })];
    case "pung": return [`${T("Pong")} `, tileRow(callTiles(option, claim), { size: "mini" })];
    case "kong": return [`${T("Kong")} `, tileRow(callTiles(option, claim), { size: "mini" })];
    case "concealed_kong": case "added_kong": return [`${T("Kong")} `, tileElement(option.tile, { size: "mini" })];
    case "abortive_draw": return [T("Nine terminals (abortive draw)")];
    default: return [`${option.riichi ? T("Riichi") : T("Discard")} `, tileElement(option.tile, { size: "mini" })];
  }
}

// "South 8% (no suji 2/8, one chance)": the reading and what adjusted it, translated.
function riskText(risk) {
  const why = [risk.why, ...(risk.notes || [])].map((key) => T(key)).join(", ");
  return T("{name} {percent}% ({why})", { percent: number(risk.percent), name: label(risk.seat), why });
}

// One of the evaluator's reasons (bots/reasons.py) in the page's words, its tiles as pictures: what
// the discard keeps, what it gives up, and what the reading adds against a riichi beyond the
// deal-in line above (suji of which tile, no chance; genbutsu is "safe from" there already).
const TILES = "\u0001";
function reasonParts(reason) {
  const name = reason.seat ? label(reason.seat) : "";
  const tiles = reason.waits || reason.of || reason.walls || (reason.tile ? [reason.tile] : []);
  let text;
  switch (reason.code) {
    case "ready": text = T("ready on {tiles} ({left} left)", { tiles: TILES, left: reason.left }); break;
    case "furiten": text = T("ready on {tiles}, by tsumo only (furiten)", { tiles: TILES }); break;
    case "no_yaku": text = T("no yaku in sight"); break;
    case "short": text = T("nothing in sight reaches the minimum"); break;
    case "accepts": text = reason.tiles === 1 ? T("1 tile brings it closer")
      : T("{count} tiles bring it closer", { count: reason.tiles }); break;
    case "slower": text = reason.steps === 1 ? T("a step behind the fastest discard")
      : T("{count} steps behind the fastest discard", { count: reason.steps }); break;
    case "lets_dora_go": text = T("lets {tiles} go, {han} han of dora", { tiles: TILES, han: reason.han }); break;
    case "suji": text = reason.riichi_tile ? T("suji of the riichi tile {tiles} ({name})", { name, tiles: TILES })
      : T("suji of {tiles} (discarded by {name})", { name, tiles: TILES }); break;
    case "no_chance": text = T("no chance against {name}: every {tiles} in view", { name, tiles: TILES }); break;
    default: return [];
  }
  // (a translation may name {tiles} once, twice or not at all)
  return text.split(TILES).flatMap((part, index) => (index ? [tileRow(tiles, { size: "mini" }), part] : [part]));
}

// Numbers as the page's language writes them (12,000 / 12.000; 1.4 / 1,4).
const LANG = document.documentElement.lang || undefined;
const number = (value) => value.toLocaleString(LANG, { maximumFractionDigits: 1 });
const signed = (value) => (value > 0 ? "+" : "") + number(value);
