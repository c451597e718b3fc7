// The pages' shared behaviour: the phone menu, signing out, the new-game form (and whether the game as
// chosen is ranked), the sign-in and sign-up forms.
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

// The phone menu of the table's pages (style.css shows the button there only): open and close it.
const menuToggle = document.getElementById("menu-toggle");
function openMenu(open) {
  menuToggle.setAttribute("aria-expanded", String(open));
  menuToggle.closest("header").classList.toggle("menu-open", open);
}
menuToggle?.addEventListener("click", () => openMenu(menuToggle.getAttribute("aria-expanded") !== "true"));
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && menuToggle?.getAttribute("aria-expanded") === "true") {
    openMenu(false);
    menuToggle.focus();
  }
});

document.getElementById("signout")?.addEventListener("click", async () => {
  try {
    await api("POST", "/api/auth/logout");
    await forgetOfflineSheets();
  } finally {
    location.href = "/";
  }
});

// The chosen family's match choices and, on the home page, its words on how a hand is played.
function showChoicesOf(rules) {
  for (const part of document.querySelectorAll("fieldset.match-choices[data-rules], .family-intro[data-rules]")) {
    part.hidden = part.dataset.rules !== rules;
  }
}

// The home page says whether the game as chosen is ranked: a choice marked data-ranked="false" unranks
// it when it is away from its default (the box of an outside opponent: when it is chosen at all).
function unrankingChoices() {
  const box = document.querySelector("fieldset.match-choices:not([hidden])");
  const options = box ? [...box.querySelectorAll("[data-option][data-ranked='false']")] : [];
  return [...options, ...document.querySelectorAll("input[name=level][data-ranked='false']")];
}

function unranks(input) {
  if (input.name === "level") return input.checked;
  const value = input.type === "checkbox" ? input.checked : JSON.parse(input.value);
  return value !== JSON.parse(input.dataset.default);
}

function showRanking() {
  const line = document.getElementById("ranking");
  if (!line) return;
  const choices = unrankingChoices();
  const ranked = !choices.some(unranks);
  line.dataset.ranked = String(ranked);
  // The hint on the marks only where the chosen family has a choice that is marked.
  const hint = choices.length ? ` ${line.dataset.marksText}` : "";
  line.textContent = ranked ? line.dataset.rankedText + hint : line.dataset.unrankedText;
}

const rulesSelect = document.getElementById("rules");
rulesSelect?.addEventListener("change", () => showChoicesOf(rulesSelect.value));
if (rulesSelect) showChoicesOf(rulesSelect.value); // a browser may keep the last choice on reload
document.getElementById("new-game")?.addEventListener("change", showRanking);
showRanking();

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
