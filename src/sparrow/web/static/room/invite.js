// A room before its game starts: the invitation link (with a copy button), the chairs with who sits
// where, "Sit here" on every free chair (or "Move here" once you sit), the host's Start button.
import { api } from "../api.js";
import { $ } from "../table/state.js";
import { T } from "../table/texts.js";

const NAME_KEY = "sparrow-room-name";

export function setupInvitation(roomId, { onView, onError }) {
  const name = $("name");
  name.value = localStorage.getItem(NAME_KEY) || "";
  // Without a configured public address (sparrow serve --public-url) the server sends the room's
  // path alone: the link to send is this page's own address, as the browser shows it.
  const link = $("room-link");
  if (link.value.startsWith("/")) link.value = location.origin + link.value;
  $("copy-link").addEventListener("click", async () => {
    const link = $("room-link");
    try {
      await navigator.clipboard.writeText(link.value);
    } catch (error) {
      link.select(); // no clipboard (an older browser, an insecure page): the old way
      document.execCommand("copy");
    }
    $("copied").textContent = T("Copied");
  });
  $("start-room").addEventListener("click", async () => {
    $("start-room").disabled = true;
    try {
      onView(await api("POST", `/api/rooms/${roomId}/start`, {}));
    } catch (error) {
      onError(error.message);
    }
    $("start-room").disabled = false;
  });
  return async function sit(chair) {
    const chosen = name.value.trim();
    if (!chosen) {
      onError(T("Choose a name first."));
      name.focus();
      return;
    }
    try {
      const view = await api("POST", `/api/rooms/${roomId}/chair`, { chair, name: chosen });
      localStorage.setItem(NAME_KEY, chosen);
      onError("");
      onView(view);
    } catch (error) {
      onError(error.message);
    }
  };
}

export function drawInvitation(room, sit) {
  const list = $("chairs");
  list.replaceChildren();
  const full = room.chairs.every((chair) => chair !== null);
  room.chairs.forEach((chair, index) => {
    const li = document.createElement("li");
    li.className = "chair" + (chair ? " taken" : " free") + (index === room.chair ? " mine" : "");
    li.dataset.chair = String(index);
    const title = document.createElement("b");
    title.textContent = T("Chair {number}", { number: index + 1 });
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = chair ? chair.name + (index === room.chair ? ` ${T("(you)")}` : "") : T("Free");
    li.append(title, who);
    if (!chair) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "button small sit";
      button.textContent = room.chair === null ? T("Sit here") : T("Move here");
      button.addEventListener("click", () => sit(index));
      li.append(button);
    }
    list.append(li);
  });
  if (room.chair !== null && !$("name").value) $("name").value = room.chairs[room.chair].name;
  $("start-room").hidden = !room.host;
  $("room-status").textContent = room.host
    ? T("Take a free chair, then start: empty chairs get computer players.")
    : room.chair !== null ? T("Waiting for the host to start the game.")
    : full ? T("The room is full: you may watch.") : T("Take a chair to play, or watch as a spectator.");
}
