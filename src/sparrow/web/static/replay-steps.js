// The step controls of a replay page (replay.js, for every family): « First, ◀, ▶, Last », Autoplay
// (a step every 0.7 s, stopping at the end) and the ← → keys, over `count` steps. `show(index)` draws
// step `index`; T looks up the Autoplay and Pause words in the page's texts. Returns go(index).
export function stepControls({ count, show, T }) {
  const $ = (id) => document.getElementById(id);
  let index = 0;
  let timer = null;

  function go(to) {
    index = Math.max(0, Math.min(count - 1, to));
    show(index);
  }

  function toggle() {
    if (timer) {
      clearInterval(timer);
      timer = null;
      $("play").textContent = T("Autoplay");
      return;
    }
    $("play").textContent = T("Pause");
    timer = setInterval(() => {
      if (index >= count - 1) return toggle();
      go(index + 1);
    }, 700);
  }

  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(index - 1));
  $("next").addEventListener("click", () => go(index + 1));
  $("last").addEventListener("click", () => go(count - 1));
  $("play").addEventListener("click", toggle);
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") go(index + 1);
    if (event.key === "ArrowLeft") go(index - 1);
  });
  return go;
}
