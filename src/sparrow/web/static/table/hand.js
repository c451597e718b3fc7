// Your hand and your choices: the hand row (the tile you chose marked, the drawn tile apart), your sets
// beside it, the buttons of what you are asked (Ron or Tsumo, the claims, Pass, the discard) and the
// keys of the hand. The page's script (table.js against the computer, room.js in a room) keeps the
// state — the tile chosen, whether a decision is on its way — and passes it in with what to do.
import { parseTiles, sortTiles, tileElement, tileName, tileRow } from "../tiles.js";
import { meldElement } from "./board.js";
import { canRiichi, ownTiles } from "./family.js";
import { $ } from "./state.js";
import { T } from "./texts.js";

// Your concealed tiles in order, the drawn one last (or left out while it is still being drawn); as
// the family writes them where it says more (a red five "0p").
export function handTiles(obs, drawnShown) {
  const own = ownTiles(obs);
  const drawn = own ? own.drawn : obs.drawn;
  const tiles = sortTiles(parseTiles(own ? own.hand : obs.hand));
  if (drawn) {
    const at = tiles.lastIndexOf(drawn);
    if (at >= 0) tiles.splice(at, 1);
    if (drawnShown) tiles.push(drawn);
  }
  return tiles;
}

// The tiles you may discard now (with riichi: those that declare it), or null when any may be.
export function discardable(legal, riichi = false) {
  const discards = (legal || []).filter((a) => a.action === "discard" && (!riichi || a.riichi));
  return discards.length ? new Set(discards.map((a) => a.tile)) : null;
}

// The hand row and your sets. onTile(code, index) is called on a click when you may discard.
export function drawHand(obs, { drawnShown, melds, arrived = false, selected = -1, discardable = false, allowed = null, onTile }) {
  const hand = $("hand");
  hand.replaceChildren();
  const tiles = handTiles(obs, drawnShown);
  hand.classList.toggle("active", discardable);
  const drawn = (ownTiles(obs) || obs).drawn;
  tiles.forEach((code, index) => {
    const el = tileElement(code, { size: "large", button: true });
    if (drawn && drawnShown && index === tiles.length - 1) el.classList.add("drawn");
    if (index === selected) {
      el.classList.add("selected");
      el.setAttribute("aria-selected", "true");
    }
    el.disabled = !discardable || Boolean(allowed && !allowed.has(code));
    el.addEventListener("click", () => onTile && onTile(code, index));
    hand.append(el);
  });
  const sets = $("my-melds");
  sets.replaceChildren();
  melds.forEach((meld, index) => {
    sets.append(meldElement(meld, obs.seat, { size: "small", arrived: arrived && index === melds.length - 1 }));
  });
  sets.hidden = !melds.length;
}

function actionButton(label, action, extra, onAction) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `button ${extra}`;
  button.dataset.action = action.action;
  if (action.tile) button.dataset.tile = action.tile;
  if (typeof label === "string") button.textContent = label;
  else button.append(...label);
  button.addEventListener("click", () => onAction(action));
  return button;
}

// Why a complete hand may not win (too few faan): where the Ron or Tsumo button would be.
function refusedNotice(refused) {
  const box = document.createElement("div");
  box.className = "refused";
  box.id = "refused-win";
  box.setAttribute("role", "note");
  box.setAttribute("aria-disabled", "true");
  const head = document.createElement("b");
  head.textContent = refused.win_by === "self_draw" ? T("Tsumo") : T("Ron");
  const text = document.createElement("span");
  text.textContent = refused.win_by === "self_draw"
    ? T("No win by self-draw on {tile}: {reason}", { tile: tileName(refused.tile), reason: refused.reason })
    : T("No win on {tile}: {reason}", { tile: tileName(refused.tile), reason: refused.reason });
  box.append(head, tileElement(refused.tile, { size: "mini" }), text);
  return box;
}

// The action as it is sent back: as listed, without the seat (its flags, red and riichi, kept).
function sent(a) {
  const action = { ...a };
  delete action.seat;
  return action;
}

// The tiles a call shows: the claimed tile with what it takes from the hand (a red five when `red`).
export function callTiles(a, claim) {
  const red = (code) => (a.red && code[0] === "5" && code[1] !== "z" ? `0${code[1]}` : code);
  if (a.action === "chow") {
    const run = [0, 1, 2].map((k) => `${Number(a.tile[0]) + k}${a.tile[1]}`);
    const fromHand = run.filter((code) => code !== claim);
    return [...run.filter((code) => code === claim), ...fromHand.map((code, i) => (i === 0 ? red(code) : code))];
  }
  if (!claim) return [];
  const copies = a.action === "kong" ? 3 : 2;
  return [claim, ...Array.from({ length: copies }, (_, i) => (i === 0 ? red(claim) : claim))];
}

// The buttons of the legal actions into `box`: onAction(action) for a win, claim or pass,
// onDiscard(tile) for the discard of the chosen tile (`selected` in `tiles`). Where the family has
// riichi, a Riichi button beside the discard: onRiichi() turns `riichi` (the discard declares it).
export function drawChoices(box, legal, {
  turn, refused = null, selected = -1, tiles = [], claim = null, riichi = false, onAction, onDiscard, onRiichi,
}) {
  for (const a of legal) {
    if (a.action === "win") box.append(actionButton(turn ? T("Tsumo") : T("Ron"), sent(a), "win primary", onAction));
  }
  if (refused && !legal.some((a) => a.action === "win")) box.append(refusedNotice(refused));
  const words = { chow: "Chi", pung: "Pong", kong: "Kong" };
  for (const a of legal) {
    const action = sent(a);
    if (a.action in words) {
      box.append(actionButton([`${T(words[a.action])} `, tileRow(callTiles(a, claim), { size: "mini" })], action, "claim", onAction));
    } else if (a.action === "concealed_kong" || a.action === "added_kong") {
      box.append(actionButton([`${T("Kong")} `, tileElement(a.tile, { size: "mini" })], action, "claim", onAction));
    } else if (a.action === "abortive_draw") {
      box.append(actionButton(T("Nine terminals (abortive draw)"), action, "claim", onAction));
    }
  }
  if (legal.some((a) => a.action === "pass")) box.append(actionButton(T("Pass"), { action: "pass" }, "pass", onAction));
  if (canRiichi(legal) && onRiichi) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button riichi" + (riichi ? " primary" : "");
    button.id = "riichi";
    button.dataset.action = "riichi";
    button.setAttribute("aria-pressed", String(riichi));
    button.textContent = T("Riichi");
    button.title = T("Riichi: choose the discard that leaves your hand ready.");
    button.addEventListener("click", () => onRiichi());
    box.append(button);
  }
  if (legal.some((a) => a.action === "discard")) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button primary";
    button.id = "discard";
    button.disabled = selected < 0;
    button.textContent = selected >= 0
      ? (riichi ? T("Riichi with {tile}", { tile: tileName(tiles[selected]) }) : T("Discard {tile}", { tile: tileName(tiles[selected]) }))
      : (riichi ? T("Riichi: choose the discard") : T("Choose a tile to discard"));
    button.addEventListener("click", () => selected >= 0 && onDiscard(tiles[selected]));
    box.append(button);
  }
}

// The keys of a hand: ← → choose a tile, Enter discards it, Escape forgets the choice, a tile typed
// (5p, 7z) chooses it. `active()`: whether you may discard now; `tiles()`: the hand row's tiles;
// `selected()`: the index chosen (-1: none); select(index), discard(tile), clear().
export function handKeys({ active, tiles, selected, select, discard, clear }) {
  let typed = "";
  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("dialog, input, select, textarea")) return;
    if (!active()) return;
    const row = tiles();
    const chosen = selected();
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      const step = event.key === "ArrowLeft" ? -1 : 1;
      const start = chosen < 0 ? (step > 0 ? -1 : row.length) : chosen;
      select((start + step + row.length) % row.length);
    } else if (event.key === "Enter") {
      if (chosen >= 0) {
        event.preventDefault();
        discard(row[chosen]);
      }
    } else if (event.key === "Escape") {
      typed = "";
      clear();
    } else if (/^[1-9mpsz]$/i.test(event.key)) {
      typed = (typed + event.key.toLowerCase()).slice(-2);
      if (/^[1-9][mpsz]$/.test(typed)) {
        const at = row.lastIndexOf(typed);
        if (at >= 0) select(at);
        typed = "";
      }
    }
  });
}
