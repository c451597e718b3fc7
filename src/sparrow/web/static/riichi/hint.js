// The hint panel of the Riichi table against the computer: how far your hand is from ready and the
// best discards (what each leaves, the tiles that improve it or its waits with what a win on each
// would score, furiten, and the players in riichi it is safe from), as the server's hint says
// (GET /api/games/{id}/hint: play/riichi_hints.py). The server works the hint out from what your
// seat sees only; this module just lays it out. A room's page has no hint: it does not load this.
import { api } from "../api.js";
import { tileElement } from "../tiles.js";

const ROWS = 6; // the best discards shown: the rest are worse and would only push the log away

// T: the board's text lookup; board: the riichiBoard (its view() and playerName()); box: the panel;
// toggle: the button that opens and closes it; open: whether it starts open (the user's hints
// setting); onToggle(open): the page's, to remember the choice.
export function riichiHint({ T, board, gameId, box, toggle, open = false, onToggle }) {
  let asked = 0; // the latest question: an older answer arriving late must not overwrite a newer one

  const view = () => board.view();

  function shantenWords(shanten) {
    if (shanten < 0) return T("Complete: declare the win");
    if (shanten === 0) return T("Ready (tenpai)");
    if (shanten === 1) return T("1 tile from ready");
    return T("{count} tiles from ready", { count: shanten });
  }

  function value(win) {
    if (!win.valid) return T("no yaku");
    const points = win.points.toLocaleString();
    if (win.yakuman) return T("yakuman · {points}", { points });
    return T("{han} han {fu} fu · {points}", { han: win.han, fu: win.fu, points });
  }

  // The winds the hint names (riichi threats) as the board names their players.
  function names(winds) {
    const seats = view().observation.seats;
    return winds.map((wind) => {
      const seat = seats.findIndex((s) => s.wind === wind);
      return seat < 0 ? wind : board.playerName(seat);
    }).join(", ");
  }

  function tiles(codes) {
    const row = document.createElement("span");
    row.className = "hint-tiles";
    for (const code of codes) row.append(tileElement(code, { size: "mini" }));
    return row;
  }

  function waitList(waits) {
    const list = document.createElement("ul");
    list.className = "hint-waits";
    for (const wait of waits) {
      const li = document.createElement("li");
      li.dataset.testid = "hint-wait";
      const tile = tileElement(wait.tile, { size: "mini" });
      const count = document.createElement("span");
      count.className = "count";
      count.textContent = `×${wait.unseen}`;
      const ron = document.createElement("span");
      ron.className = "value" + (wait.ron.valid ? "" : " no-yaku");
      ron.textContent = `${T("Ron")} ${value(wait.ron)}`;
      const tsumo = document.createElement("span");
      tsumo.className = "value" + (wait.tsumo.valid ? "" : " no-yaku");
      tsumo.textContent = `${T("Tsumo")} ${value(wait.tsumo)}`;
      li.append(tile, count, ron, tsumo); // (a grid: the two values one under the other)
      list.append(li);
    }
    return list;
  }

  function marker(text, kind) {
    const mark = document.createElement("span");
    mark.className = `hint-mark ${kind}`;
    mark.textContent = text;
    return mark;
  }

  // Your hand's tiles of a kind (a red five counts as a five): a row hovered shows which tile it means.
  function highlight(code, on) {
    const kind = code.replace(/^0/, "5");
    for (const el of document.querySelectorAll("#hand .tile")) {
      if ((el.dataset.tile || "").replace(/^0/, "5") === kind) el.classList.toggle("hinted", on);
    }
  }

  // A discard is two rows: the tile, what it leaves and how many tiles help; below it, across the
  // table, those tiles or the waits with their values, and the furiten and genbutsu marks (a column
  // of their own would not fit the side column or a phone).
  function discardRows(option) {
    const group = document.createElement("tbody");
    group.dataset.testid = "hint-discard";
    group.dataset.tile = option.discard;
    group.tabIndex = 0;
    const main = document.createElement("tr");
    const tile = document.createElement("td");
    tile.append(tileElement(option.discard, { size: "mini" }));
    const leaves = document.createElement("td");
    leaves.className = "leaves";
    leaves.textContent = shantenWords(option.shanten);
    const count = document.createElement("td");
    count.className = "unseen";
    count.textContent = T("({unseen} unseen)", { unseen: option.unseen });
    main.append(tile, leaves, count);
    const more = document.createElement("tr");
    more.className = "detail";
    const what = document.createElement("td");
    what.colSpan = 3;
    what.append(option.ready && option.waits.length ? waitList(option.waits) : tiles(option.tiles));
    if (option.furiten) what.append(marker(T("furiten"), "furiten"));
    if (option.safe_from.length) what.append(marker(T("safe from {names}", { names: names(option.safe_from) }), "safe"));
    more.append(what);
    group.append(main, more);
    for (const [event, on] of [["mouseenter", true], ["mouseleave", false], ["focus", true], ["blur", false]]) {
      group.addEventListener(event, () => highlight(option.discard, on));
    }
    return group;
  }

  function render(data) {
    box.replaceChildren();
    const head = document.createElement("h3");
    head.dataset.testid = "hint-shanten";
    head.textContent = shantenWords(data.shanten);
    box.append(head);
    const rows = (data.discards || []).slice(0, ROWS);
    if (rows.length) {
      const table = document.createElement("table");
      table.className = "hint-discards";
      const headRow = document.createElement("tr");
      for (const text of [T("Discard"), T("Leaves"), T("Tiles")]) {
        const th = document.createElement("th");
        th.scope = "col";
        th.textContent = text;
        headRow.append(th);
      }
      const thead = document.createElement("thead");
      thead.append(headRow);
      table.append(thead, ...rows.map(discardRows));
      box.append(table);
    } else if ((data.waits || []).length) {
      // Between turns: a ready hand's waits (and whether a ron is barred).
      const line = document.createElement("p");
      line.className = "hint-line";
      line.textContent = T("waits on");
      box.append(line, waitList(data.waits));
      if (data.furiten) box.append(marker(T("furiten"), "furiten"));
    }
    box.hidden = false;
  }

  function clear() {
    asked += 1;
    box.replaceChildren();
    box.hidden = true;
  }

  // Asked only while a hand is in play and you have something to decide: between your turns the
  // hand does not change, and once the hand is over the server has nothing to hint (409).
  async function refresh() {
    const v = view();
    toggle.setAttribute("aria-pressed", String(open));
    if (!open || !v || v.hand_over || v.spectating || !v.observation.legal_actions.length) {
      clear(); // (a hint of an earlier turn would mislead)
      return;
    }
    const question = ++asked;
    let data;
    try {
      data = await api("GET", `/api/games/${gameId}/hint`);
    } catch (error) {
      if (question === asked) clear();
      return;
    }
    if (question !== asked || !open) return;
    render(data);
  }

  toggle.addEventListener("click", () => {
    open = !open;
    if (onToggle) onToggle(open);
    refresh();
  });
  toggle.setAttribute("aria-pressed", String(open));

  // The hints setting changed elsewhere (the Settings dialog): open or close the panel to match.
  function setOpen(value) {
    if (value === open) return;
    open = value;
    refresh();
  }

  return { refresh, isOpen: () => open, setOpen };
}
