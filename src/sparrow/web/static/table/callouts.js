// Call-outs: a claim, a kong or a win is called out ("Pong!") by the seat that makes it.
import { positionOf } from "./board.js";
import { callOf } from "./events.js";
import { $, root } from "./state.js";

// A big "Pong!" by the seat that claims, fading away.
function callOut(seat, text, kind) {
  if (!text) return;
  const position = positionOf(seat);
  for (const earlier of $("callouts").querySelectorAll(`.at-${position}`)) earlier.remove();
  const bubble = document.createElement("div");
  bubble.className = `callout at-${position} ${kind || ""}`;
  bubble.dataset.seat = seat;
  bubble.textContent = text;
  $("callouts").append(bubble);
  root.dataset.callout = `${kind}:${seat}`; // for tests and tools: the last call-out
  bubble.addEventListener("animationend", () => bubble.remove());
  setTimeout(() => bubble.remove(), 4000); // without animations (reduced motion) too
}

function callKind(event) {
  if (event.event === "claim") return event.kind;
  if (event.event === "kong") return "kong";
  if (event.event === "rob") return "win";
  return "tsumo";
}

export function announce(event) {
  const text = callOf(event);
  if (text) callOut(event.seat, text, callKind(event));
}
