// A finished Riichi hand, step by step (/games/{id}/hands/{n} of a Riichi game): after the deal and
// after every decision, the table as it stood, every hand face up (the hand is over: nothing is
// hidden any more), the log of what happened so far, and at the last step the score cards and the
// changes. Each frame of GET .../replay becomes a GameView that riichi/board.js draws as it draws the
// live table, with `open_hands` for the other seats' tiles and no actions.
import { api } from "./api.js";
import { stepControls } from "./replay-steps.js";
import { riichiBoard } from "./riichi/board.js";

const $ = (id) => document.getElementById(id);
const root = $("game");
const PAGE = JSON.parse($("table-data").textContent);
let data = null;
let index = 0;

function message(text) {
  $("error").textContent = text || "";
  $("error").hidden = !text;
}

const board = riichiBoard({
  texts: PAGE.texts,
  message,
  send: async () => {}, // a replay takes no decisions
  next: null,
  newGame: { href: `/games/${root.dataset.game}`, text: "Back to the game" },
  status: () => board.T("Step {step} of {steps}", { step: index + 1, steps: data.frames.length }),
});

// The GameView of step `at`: the events up to it, your tiles as your hand, everyone's as open hands.
function viewAt(at) {
  const frame = data.frames[at];
  const last = at === data.frames.length - 1;
  const you = data.you;
  return {
    replay: true,
    seat: you,
    names: data.names,
    hand_number: data.hand_number,
    hand_over: last,
    match_over: false,
    open_hands: frame.hands.map((tiles, chair) => (frame.drawn[chair] ? [...tiles, frame.drawn[chair]] : tiles)),
    observation: { ...frame.observation, hand: frame.hands[you], drawn: frame.drawn[you], legal_actions: [], names: data.names },
    events: data.frames.slice(0, at + 1).flatMap((step) => step.events),
    result: last ? data.result : null,
  };
}

function show(at) {
  index = at;
  board.show(viewAt(index));
  $("step").textContent = board.T("Step {step} of {steps}", { step: index + 1, steps: data.frames.length });
  root.dataset.step = String(index);
  root.dataset.steps = String(data.frames.length);
}

(async () => {
  try {
    const lang = encodeURIComponent(document.documentElement.lang || "en"); // the score cards' language
    data = await api("GET", `/api/games/${root.dataset.game}/hands/${root.dataset.hand}/replay?lang=${lang}`);
  } catch (error) {
    message(error.message);
    return;
  }
  stepControls({ count: data.frames.length, show, T: board.T })(0);
})();
