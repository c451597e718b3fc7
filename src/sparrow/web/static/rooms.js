// The rooms lobby (/rooms): a new room's rules and match choices, the computer players' level and the
// turn time; creating it goes to its page, whose link is the invitation.
import { api } from "./api.js";
import { chosenOptions } from "./choices.js";

const form = document.getElementById("new-room");
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const button = document.getElementById("create-room");
  const error = document.getElementById("new-room-error");
  button.disabled = true;
  try {
    const room = await api("POST", "/api/rooms", {
      rules: data.get("rules"),
      options: chosenOptions(data.get("rules")),
      level: data.get("level"),
      turn_seconds: JSON.parse(data.get("turn_seconds")),
    });
    location.href = room.link;
  } catch (failure) {
    error.textContent = failure.message;
    error.hidden = false;
    button.disabled = false;
  }
});
