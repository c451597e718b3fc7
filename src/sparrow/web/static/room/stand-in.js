// The host's control beside an absent person's name: "Let the computer play", which hands their chair
// to a computer player until they are back (POST /api/rooms/{id}/stand-in). Offered in a room with no
// turn limit only: with one, a missed turn hands the chair over by itself.
import { api } from "../api.js";
import { T } from "../table/texts.js";

export function standInButton(room, index, { onView, onError }) {
  const chair = room.chairs[index];
  const offered = room.host && room.turn_seconds === null && room.status === "playing";
  if (!offered || !chair || chair.away || index === room.chair) return null;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "button small stand-in";
  button.textContent = T("Let the computer play");
  button.title = T("{name} is not here? A computer player plays for them until they are back.", { name: chair.name });
  button.setAttribute("aria-label", T("Let a computer player play for {name}", { name: chair.name }));
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      onView(await api("POST", `/api/rooms/${room.id}/stand-in`, { chair: index }));
    } catch (error) {
      button.disabled = false;
      onError(error.message);
    }
  });
  return button;
}
