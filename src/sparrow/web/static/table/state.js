// What the modules of the table page share: the page's game element, and the view and settings it
// shows (a game's GameView, or a room's view as room.js adapts it to one). Only the page's script
// (table.js, room.js) changes the view and the settings (setView, setSettings); the other modules
// import `view` and `settings` and read them when they draw, so they always see the current ones.
export const root = document.getElementById("game");
export const gameId = root.dataset.game;
export const $ = (id) => document.getElementById(id);

export let view = null; // the last GameView
export let settings = JSON.parse(root.dataset.settings);

export function setView(next) {
  view = next;
}

export function setSettings(next) {
  settings = next;
}
