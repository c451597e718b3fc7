// The table page. The server is the referee: this page shows the GameView it answers (your
// seat's view only) and sends your intentions. The computer players' moves since your last
// decision come as events; they are played out one by one at the pace set in the settings.
//
// The table is laid out as players know it from Mahjong Soul or a real table: each seat's discards
// in front of it around a centre that shows the round wind, the tiles left in the wall and whose
// turn it is; a claimed set shows the claimed tile turned sideways (on the side it came from); a
// claim is called out. Every text this script writes is looked up with T() in the texts the server
// put into the page (web/table_texts.py), in the page's language.
//
// This module keeps the coordination: your hand and the tile you chose, the actions you send,
// showing a view, the keyboard and the settings. The modules in table/ do the rest: texts.js (T()
// and names), events.js (the public table event by event), board.js (drawing the table),
// hand.js (your hand and the buttons of your choices), callouts.js, result.js (the end of a hand, the
// final standings) and hints.js; state.js holds the view and settings they share.
import { api, ApiError } from "./api.js";
import { settingsDialog } from "./settings.js";
import { beep } from "./sound.js";
import { drawTable } from "./table/board.js";
import { announce } from "./table/callouts.js";
import { callOf, describe, fold, publicOf } from "./table/events.js";
import { discardable, drawChoices, drawHand as drawHandRow, handKeys, handTiles } from "./table/hand.js";
import { drawHint } from "./table/hints.js";
import { drawResult, drawStandings, handOverLine } from "./table/result.js";
import { $, gameId, root, setSettings, setView, settings, view } from "./table/state.js";
import { T, label } from "./table/texts.js";
import { tileName } from "./tiles.js";

const PACE = { slow: 1100, normal: 550, fast: 200, instant: 0 };
const KIND_WORDS = { chow: "chi", pung: "pong", kong: "kong", win: "win" };

let shown = 0; // events of the current hand already played out
let shownHand = 0;
let selected = -1; // index in the hand row
let riichi = false; // the Riichi button is down: the discard declares riichi (where the family has it)
let busy = false;
let asked = null; // the claim you sent last ({kind, tile, at}), to tell you when another seat's won

function message(text) {
  const box = $("error");
  box.textContent = text || "";
  box.hidden = !text;
}

function notice(text) {
  const box = $("notice");
  box.textContent = text || "";
  box.hidden = !text;
}

// ------------------------------------------------------------------ your hand

function canDiscard() {
  return view && !busy && view.observation.legal_actions.some((a) => a.action === "discard");
}

let lastPub = null; // the sets drawn last, for redrawing the hand alone

function drawHand(obs, drawnShown, pub = lastPub, arrived = null) {
  lastPub = pub;
  const melds = (pub && pub.melds[obs.seat]) || obs.melds[obs.seat] || [];
  drawHandRow(obs, {
    drawnShown, melds, arrived: arrived === obs.seat, selected, discardable: canDiscard(),
    allowed: canDiscard() ? discardable(obs.legal_actions, riichi) : null,
    onTile: (code, index) => {
      if (!canDiscard()) return;
      if (selected === index) discard(code);
      else select(index);
    },
  });
}

function select(index) {
  selected = index;
  drawHand(view.observation, true);
  drawActions();
  const el = $("hand").children[index];
  if (el) el.focus({ preventScroll: true });
}

// The table and your hand, as one frame.
function drawBoard(obs, pub, options) {
  drawTable(obs, pub, options);
  drawHand(obs, options.drawnShown, pub, options.arrived ?? null);
}

// ------------------------------------------------------------------ actions

function drawActions() {
  const box = $("actions");
  box.replaceChildren();
  if (!view || busy) return;
  if (view.hand_over) {
    if (view.result) box.append(handOverLine());
    return;
  }
  const obs = view.observation;
  drawChoices(box, obs.legal_actions, {
    turn: obs.phase === "turn", refused: view.refused_win, selected, tiles: handTiles(obs, true),
    claim: obs.claim_tile, riichi, onAction: send, onDiscard: discard,
    onRiichi: () => {
      riichi = !riichi;
      const allowed = discardable(obs.legal_actions, riichi);
      if (selected >= 0 && allowed && !allowed.has(handTiles(obs, true)[selected])) selected = -1;
      drawHand(obs, true);
      drawActions();
    },
  });
}

function discard(tile) {
  const allowed = discardable(view.observation.legal_actions, riichi);
  if (allowed && !allowed.has(tile)) return; // not a discard you may make now (after riichi, kuikae)
  send({ action: "discard", tile, ...(riichi ? { riichi: true } : {}) });
}

async function send(action) {
  if (busy) return;
  busy = true;
  root.dataset.busy = "true";
  message("");
  notice("");
  const obs = view.observation;
  asked = ["chow", "pung", "kong"].includes(action.action)
    ? { kind: action.action, tile: obs.claim_tile, hand: view.hand_number, at: view.events.length }
    : null;
  drawActions();
  try {
    const next = await api("POST", `/api/games/${gameId}/actions`, { ...action, version: view.version });
    selected = -1;
    busy = false;
    await show(next);
    root.dataset.busy = "false";
  } catch (error) {
    busy = false;
    root.dataset.busy = "false";
    if (error instanceof ApiError && error.status === 409) {
      message(error.message);
      await show(await api("GET", `/api/games/${gameId}`), { animate: false });
    } else {
      message(error.message);
      drawActions();
      drawHand(view.observation, true);
    }
  }
}

async function nextHand() {
  message("");
  notice("");
  try {
    await show(await api("POST", `/api/games/${gameId}/next`, {}));
  } catch (error) {
    message(error.message);
  }
}

// A claim you asked for that another seat's claim beat (a chow beaten by a pong, a pong by a win).
function beaten(next) {
  const claim = asked;
  asked = null;
  if (!claim || next.hand_number !== claim.hand) return null;
  const first = next.events.slice(claim.at).find((e) => e.event === "claim");
  if (!first || first.seat === next.observation.seat) return null;
  if (claim.tile && first.tile && first.tile !== claim.tile) return null;
  return T("Your {mine} gave way to the {theirs} of {name}.", {
    mine: T(KIND_WORDS[claim.kind]), theirs: T(KIND_WORDS[first.kind] || first.kind), name: label(first.seat),
  });
}

// ------------------------------------------------------------------ take back (practice)

// In an unranked game your last decision and the computer players' replies to it can be taken back:
// the server plays the game's log again up to that decision, the same wall dealing the same tiles.
// A ranked game has no button (and the server refuses it there).
function takeBackButton() {
  let button = $("take-back");
  if (!button) {
    button = document.createElement("button");
    button.type = "button";
    button.className = "button small";
    button.id = "take-back";
    // An arrow and the word; on a phone the arrow alone (style.css), so the title keeps its room.
    const arrow = document.createElement("span");
    arrow.setAttribute("aria-hidden", "true");
    arrow.textContent = "↶";
    const word = document.createElement("span");
    word.className = "label";
    word.textContent = T("Take back");
    button.append(arrow, word);
    button.setAttribute("aria-label", T("Take back"));
    button.title = T("Take back your last decision and the computer players' replies to it");
    button.addEventListener("click", takeBack);
    $("hint-toggle").before(button);
  }
  return button;
}

function drawTakeBack() {
  if (!view || view.ranked) {
    const button = $("take-back");
    if (button) button.remove();
    return;
  }
  takeBackButton().disabled = busy;
}

async function takeBack() {
  if (busy) return;
  busy = true;
  root.dataset.busy = "true";
  message("");
  notice("");
  drawTakeBack();
  try {
    const next = await api("POST", `/api/games/${gameId}/take-back`, {});
    busy = false;
    shownHand = -1; // the hand is shown again from its start: its log is shorter than the one shown
    await show(next, { animate: false });
    logLine(T("Your last decision was taken back."), true);
  } catch (error) {
    busy = false;
    message(error.message);
    drawTakeBack();
  } finally {
    root.dataset.busy = "false";
  }
}

// ------------------------------------------------------------------ showing a view

function logLine(text, mine) {
  if (!text) return;
  const li = document.createElement("li");
  li.textContent = text;
  if (mine) li.className = "mine";
  $("log").append(li);
  $("log").scrollTop = $("log").scrollHeight;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function status() {
  const obs = view.observation;
  let text;
  if (view.hand_over) text = view.match_over ? T("The match is over.") : T("The hand is over.");
  else if (busy) text = T("The computer players are playing…");
  else if (obs.legal_actions.some((a) => a.action === "discard")) text = T("Your turn: choose a tile to discard.");
  else if (obs.legal_actions.length && obs.phase === "rob") {
    text = T("{name} adds {tile} to a kong: rob it or pass.", { name: label(obs.claim_from), tile: tileName(obs.claim_tile) });
  } else if (obs.legal_actions.length) {
    text = T("{name} discarded {tile}: claim it or pass.", { name: label(obs.claim_from), tile: tileName(obs.claim_tile) });
  } else text = T("Waiting…");
  $("status").textContent = text;
}

async function show(next, { animate = true } = {}) {
  const newHand = !view || next.hand_number !== shownHand;
  setView(next);
  if (newHand) {
    $("log").replaceChildren();
    shown = 0;
    shownHand = next.hand_number;
  }
  const events = next.events;
  const obs = next.observation;
  const pace = PACE[settings.speed] ?? 550;
  const pending = events.slice(shown);
  const liveDraws = (from) => events.slice(from).filter((e) => e.event === "draw" && e.source === "live").length;
  const lost = beaten(next);
  const others = pending.some((e) => e.seat !== obs.seat && e.event !== "draw");
  let arrived = null;
  if (animate && pace > 0 && pending.length && (others || pending.some((e) => e.event === "claim"))) {
    busy = true;
    $("result").hidden = true;
    $("standings").hidden = true;
    $("actions").replaceChildren();
    if (others) $("status").textContent = T("The computer players are playing…");
    for (let i = shown; i < events.length; i++) {
      const event = events[i];
      const text = describe(event);
      logLine(text, event.seat === obs.seat);
      const drawnShown = (upto) => !events.slice(upto).some((e) => e.event === "draw" && e.seat === obs.seat);
      const frame = (upto, extra) => drawBoard(obs, fold(events, upto), {
        wall: obs.live_wall + liveDraws(upto), drawnShown: drawnShown(upto), current: fold(events, upto).turn, ...extra });
      if (event.event === "claim" && event.kind !== "win") {
        // The claimed tile leaves the pile, then lies in the claimer's set.
        frame(i, { taking: event.from });
        await sleep(Math.min(pace, 450));
        frame(i + 1, { arrived: event.seat });
        arrived = i === events.length - 1 ? event.seat : null;
      } else {
        frame(i + 1);
      }
      announce(event);
      if (lost && event.event === "claim" && event.seat !== obs.seat) notice(lost);
      if (text && event.seat !== obs.seat && event.event !== "draw") await sleep(pace);
    }
    busy = false;
  } else {
    for (const event of pending) logLine(describe(event), event.seat === obs.seat);
    if (animate) {
      const called = pending.filter((e) => callOf(e)).at(-1);
      if (called) announce(called);
      const claim = pending.filter((e) => e.event === "claim" && e.kind !== "win").at(-1);
      if (claim) arrived = claim.seat;
    }
  }
  if (lost) {
    notice(lost);
    logLine(lost, true);
  }
  shown = events.length;
  selected = -1;
  riichi = false;
  const current = next.hand_over ? null : obs.turn;
  drawBoard(obs, publicOf(obs, events), { wall: obs.live_wall, drawnShown: true, current, arrived });
  if (obs.drawn && canDiscard()) {
    const last = handTiles(obs, true).length - 1;
    const allowed = discardable(obs.legal_actions);
    if (!allowed || allowed.has(handTiles(obs, true)[last])) selected = last;
  }
  drawHand(obs, true);
  drawActions();
  drawResult(nextHand);
  drawStandings();
  drawTakeBack();
  status();
  root.dataset.version = String(next.version); // for tests and tools: the state shown
  root.dataset.hand = String(next.hand_number);
  if (!next.hand_over && obs.legal_actions.length) {
    const onlyClaims = obs.legal_actions.every((a) => ["pass", "chow", "pung", "kong"].includes(a.action));
    if (settings.auto_pass && onlyClaims && obs.phase !== "turn") {
      logLine(T("(passed automatically)"), true);
      await sleep(Math.min(pace, 300));
      return send({ action: "pass" });
    }
    beep(settings.sound);
  }
  drawHint();
}

// ------------------------------------------------------------------ keyboard

handKeys({
  active: () => Boolean(view) && canDiscard(),
  tiles: () => handTiles(view.observation, true),
  selected: () => selected,
  select,
  discard,
  clear: () => {
    selected = -1;
    drawHand(view.observation, true);
    drawActions();
  },
});

// ------------------------------------------------------------------ settings

const prefs = settingsDialog({
  settings,
  message,
  onSaved: (next) => {
    setSettings(next);
    drawHint();
  },
});
$("hint-toggle").addEventListener("click", () => prefs.save({ hints: !settings.hints }));

// ------------------------------------------------------------------ another tab

// The same game may be open in another tab: coming back to this one shows the game as it is now.
document.addEventListener("visibilitychange", async () => {
  if (document.visibilityState !== "visible" || busy || !view) return;
  try {
    const now = await api("GET", `/api/games/${gameId}`);
    if (now.version !== view.version) await show(now, { animate: false });
  } catch (error) {
    message(error.message);
  }
});

// ------------------------------------------------------------------ start

(async () => {
  try {
    await show(await api("GET", `/api/games/${gameId}`), { animate: false });
  } catch (error) {
    message(error.message);
  }
})();
