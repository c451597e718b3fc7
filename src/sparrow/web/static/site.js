// The pages' shared behaviour: signing out, the new-game form, the sign-in and sign-up forms.
import { api } from "./api.js";
import { chosenOptions } from "./choices.js";

function showError(id, message) {
  const box = document.getElementById(id);
  if (!box) return;
  box.textContent = message;
  box.hidden = !message;
}

// The score sheets keep copies for offline use (the service worker's cache, each sheet and its
// waiting rows in localStorage): whoever uses this browser next must not see them.
async function forgetOfflineSheets() {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith("sparrow-sheet-") || key.startsWith("sparrow-pending-")) localStorage.removeItem(key);
  }
  if ("caches" in window) {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith("sparrow-sheets-")).map((name) => caches.delete(name)));
  }
}

document.getElementById("signout")?.addEventListener("click", async () => {
  try {
    await api("POST", "/api/auth/logout");
    await forgetOfflineSheets();
  } finally {
    location.href = "/";
  }
});

function showChoicesOf(rules) {
  for (const box of document.querySelectorAll("fieldset.match-choices")) box.hidden = box.dataset.rules !== rules;
}

const rulesSelect = document.getElementById("rules");
rulesSelect?.addEventListener("change", () => showChoicesOf(rulesSelect.value));
if (rulesSelect) showChoicesOf(rulesSelect.value); // a browser may keep the last choice on reload

// "Your games": each date in the reader's own time zone and language.
for (const time of document.querySelectorAll("time[datetime]")) {
  const moment = new Date(time.getAttribute("datetime"));
  if (!Number.isNaN(moment.getTime())) {
    time.textContent = moment.toLocaleString(document.documentElement.lang || undefined, { dateStyle: "medium", timeStyle: "short" });
  }
}

const newGame = document.getElementById("new-game");
newGame?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(newGame);
  const button = document.getElementById("start");
  button.disabled = true;
  try {
    const game = await api("POST", "/api/games", { rules: form.get("rules"), level: form.get("level"), options: chosenOptions(form.get("rules")) });
    location.href = `/games/${game.id}`;
  } catch (error) {
    showError("new-game-error", error.message);
    button.disabled = false;
  }
});

const account = document.getElementById("account");
account?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const mode = account.dataset.mode;
  const form = new FormData(account);
  const body = { username: form.get("username"), password: form.get("password") };
  try {
    await api("POST", mode === "signup" ? "/api/auth/signup" : "/api/auth/login", body);
    location.href = "/";
  } catch (error) {
    showError("account-error", error.message);
  }
});
