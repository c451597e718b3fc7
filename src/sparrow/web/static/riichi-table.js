// The Riichi table page (a game against the computer). The server is the referee: this page shows the
// view it answers (your seat's observation, its legal actions and the hand's events as your seat sees
// them) and sends your choices. The table itself is drawn by riichi/board.js, which a room's page
// (riichi-room.js) shares; every text is looked up in the texts the server put into the page
// (web/riichi_table_texts.py), in the page's language.
import { api } from "./api.js";
import { riichiBoard } from "./riichi/board.js";

const $ = (id) => document.getElementById(id);
const root = $("game");
const gameId = root.dataset.game;
const PAGE = JSON.parse($("table-data").textContent);

function message(text) {
  const box = $("error");
  box.textContent = text || "";
  box.hidden = !text;
}

// Each decision carries the version it was made on: one made on an old view is refused (409).
const board = riichiBoard({
  texts: PAGE.texts,
  message,
  send: async (data) => board.show(await api("POST", `/api/games/${gameId}/actions`, { ...data, version: board.view().version })),
  next: async () => board.show(await api("POST", `/api/games/${gameId}/next`)),
});

api("GET", `/api/games/${gameId}`).then(board.show, (error) => message(error.message));
