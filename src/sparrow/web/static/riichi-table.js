// The Riichi table page (a game against the computer). The server is the referee: this page shows the
// view it answers (your seat's observation, its legal actions and the hand's events as your seat sees
// them) and sends your choices. The table itself is drawn by riichi/board.js, which a room's page
// (riichi-room.js) shares; every text is looked up in the texts the server put into the page
// (web/riichi_table_texts.py), in the page's language.
import { api } from "./api.js";
import { riichiBoard } from "./riichi/board.js";
import { riichiHint } from "./riichi/hint.js";

const $ = (id) => document.getElementById(id);
const root = $("game");
const gameId = root.dataset.game;
const PAGE = JSON.parse($("table-data").textContent);
const settings = JSON.parse(root.dataset.settings || "{}");
// The pace of the computer players' moves, as at the other tables (the user's speed setting).
const PACE = { slow: 1100, normal: 550, fast: 200, instant: 0 };

function message(text) {
  const box = $("error");
  box.textContent = text || "";
  box.hidden = !text;
}

let hint = null;

// Each decision carries the version it was made on: one made on an old view is refused (409).
// (every new view also refreshes the hint panel, which asks the server for the hint of that view)
async function show(view) {
  await board.show(view);
  hint.refresh();
}

const board = riichiBoard({
  texts: PAGE.texts,
  message,
  send: async (data) => show(await api("POST", `/api/games/${gameId}/actions`, { ...data, version: board.view().version })),
  next: async () => show(await api("POST", `/api/games/${gameId}/next`)),
  replayOf: (view) => `/games/${gameId}/hands/${view.hand_number}`,
  pace: () => PACE[settings.speed] ?? PACE.normal,
});

// One change at a time: two quick clicks sent at once could be answered out of order, and the older
// answer would leave the setting as it was before the newer click.
let saving = Promise.resolve();
function saveHints(open) {
  saving = saving.then(() => api("PUT", "/api/settings", { hints: open }).catch((error) => message(error.message)));
}

// The panel starts open when the user's hints setting is on; the button remembers the choice in
// that setting (as the other families' table does), so the next game opens the same way.
hint = riichiHint({
  T: board.T,
  board,
  gameId,
  box: $("hint"),
  toggle: $("hint-toggle"),
  open: Boolean(settings.hints),
  onToggle: saveHints,
});

api("GET", `/api/games/${gameId}`).then(show, (error) => message(error.message));
