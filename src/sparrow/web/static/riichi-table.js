// The Riichi table page (a game against the computer). The server is the referee: this page shows the
// view it answers (your seat's observation, its legal actions and the hand's events as your seat sees
// them) and sends your choices. The table itself is drawn by riichi/board.js, which a room's page
// (riichi-room.js) shares; every text is looked up in the texts the server put into the page
// (web/riichi_table_texts.py), in the page's language.
import { api } from "./api.js";
import { riichiBoard } from "./riichi/board.js";
import { riichiHint } from "./riichi/hint.js";
import { settingsDialog } from "./settings.js";
import { beep } from "./sound.js";

const $ = (id) => document.getElementById(id);
const root = $("game");
const gameId = root.dataset.game;
const PAGE = JSON.parse($("table-data").textContent);
// The pace of the computer players' moves, as at the other tables (the user's speed setting).
const PACE = { slow: 1100, normal: 550, fast: 200, instant: 0 };
const CLAIMS = new Set(["chi", "pon", "daiminkan", "pass"]);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function message(text) {
  const box = $("error");
  box.textContent = text || "";
  box.hidden = !text;
}

let hint = null;

// Each decision carries the version it was made on: one made on an old view is refused (409).
// (every new view also refreshes the hint panel, which asks the server for the hint of that view)
// With "pass automatically on claims" set, a decision that is only a call or passing (never a ron)
// is passed after a moment, as at the other tables.
async function show(view) {
  await board.show(view);
  hint.refresh();
  const legal = view.observation.legal_actions || [];
  if (!view.hand_over && prefs.current().auto_pass && legal.length && legal.every((a) => CLAIMS.has(a.action))) {
    await sleep(Math.min(PACE[prefs.current().speed] ?? PACE.normal, 300));
    // Only on the decision it was made for: a click in the meantime has answered it already.
    if (board.view().version !== view.version || board.busy()) return;
    await send({ action: "pass" });
  } else if (!view.hand_over && legal.length) beep(prefs.current().sound); // your decision
}

const send = async (data) =>
  show(await api("POST", `/api/games/${gameId}/actions`, { ...data, version: board.view().version }));

const board = riichiBoard({
  texts: PAGE.texts,
  message,
  send,
  next: async () => show(await api("POST", `/api/games/${gameId}/next`)),
  replayOf: (view) => `/games/${gameId}/hands/${view.hand_number}`,
  pace: () => PACE[prefs.current().speed] ?? PACE.normal,
});

const prefs = settingsDialog({
  settings: JSON.parse(root.dataset.settings || "{}"),
  message,
  onSaved: (now) => hint.setOpen(Boolean(now.hints)),
});

// The panel starts open when the user's hints setting is on; the button remembers the choice in
// that setting (as the other families' table does), so the next game opens the same way.
hint = riichiHint({
  T: board.T,
  board,
  gameId,
  box: $("hint"),
  toggle: $("hint-toggle"),
  open: Boolean(prefs.current().hints),
  onToggle: (open) => prefs.save({ hints: open }),
});

api("GET", `/api/games/${gameId}`).then(show, (error) => message(error.message));
