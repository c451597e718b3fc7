// The table's Settings dialog (templates/_settings.html): the computer players' pace, the hints,
// passing on claims by itself, sound and tile captions. Each change is saved to the user's settings
// (PUT /api/settings) at once, one at a time: two quick changes sent together could be answered out
// of order, and the older answer (without the newer change) would undo it. The game table of every
// family uses it (table.js; a room's page has none); `onSaved(settings)` tells the page what the
// settings are now.
import { api } from "./api.js";

const CHECKS = ["hints", "auto_pass", "sound", "captions"];

export function settingsDialog({ settings, message, onSaved, root = document.getElementById("game") }) {
  const dialog = document.getElementById("settings");
  const form = dialog.querySelector("form");
  let current = settings;

  function fill() {
    form.speed.value = current.speed;
    for (const name of CHECKS) form[name].checked = Boolean(current[name]);
  }

  let saving = Promise.resolve();
  function save(change) {
    saving = saving.then(async () => {
      try {
        current = await api("PUT", "/api/settings", change);
      } catch (error) {
        message(error.message);
      }
      root.classList.toggle("captions", Boolean(current.captions));
      fill();
      onSaved(current);
    });
    return saving;
  }

  document.getElementById("settings-open").addEventListener("click", () => {
    fill();
    dialog.showModal();
  });
  form.addEventListener("change", (event) => {
    const field = event.target;
    save({ [field.name]: field.type === "checkbox" ? field.checked : field.value });
  });
  return { current: () => current, save };
}
