// A room's live connection: the WebSocket /api/rooms/{id}/live?since=N, which sends the room's view at
// once and after every change, each time with the events after the last one it sent. When it drops it
// is opened again with since = the number of events the page has, so nothing is missed or shown twice.
const GIVE_UP = new Set([4403, 4404]); // another site's page; no such room

export function follow(roomId, { since, onView, onError, onDown, onUp }) {
  let retry = 0;
  let socket = null;
  const open = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/api/rooms/${roomId}/live?since=${since()}`);
    socket.addEventListener("message", (message) => {
      let data;
      try {
        data = JSON.parse(message.data);
      } catch (error) {
        return;
      }
      if (data.type === "view") {
        if (retry) onUp();
        retry = 0;
        onView(data);
      } else if (data.type === "error") onError(data);
    });
    socket.addEventListener("close", (event) => {
      socket = null;
      if (GIVE_UP.has(event.code)) return;
      onDown();
      retry += 1;
      setTimeout(open, Math.min(4000, 250 * 2 ** Math.min(retry, 5)));
    });
  };
  open();
  return { close: () => socket && socket.close() };
}
