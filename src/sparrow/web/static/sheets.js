// The score sheet pages: the list with its new-sheet and import forms (/sheets), and one sheet
// (/sheets/{id}): its rows, the entry form (add or edit a row), undo, end, export, delete, standings.
// The server does every sum (sparrow.sheets); this script only shows the Sheet it answers.
import { api } from "./api.js";

const WINDS = ["E", "S", "W", "N"];
const WIND_NAMES = { E: "East", S: "South", W: "West", N: "North" };
const WIN_BY = {
  discard: "On a discard",
  self_draw: "Self-drawn",
  kong_replacement: "On a kong replacement",
  flower_replacement: "On a flower replacement",
  robbing_kong: "Robbing a kong",
};
const CASUAL_WIN_BY = ["discard", "self_draw", "kong_replacement"];
const DRAWN = "__drawn";

function readJson(id) {
  const node = document.getElementById(id);
  return node ? JSON.parse(node.textContent) : null;
}

const TEXTS = readJson("sheet-texts") || {};
function t(text, values = {}) {
  const found = TEXTS[text] || text;
  return found.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
}

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") node.textContent = value;
    else if (name === "className") node.className = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

function showError(id, message) {
  const box = document.getElementById(id);
  if (!box) return;
  box.textContent = message || "";
  box.hidden = !message;
}

function reason(error) {
  return error.status === 0 ? t("The server cannot be reached: check the connection and try again.") : error.message;
}

function signed(value) {
  return value > 0 ? `+${number(value)}` : number(value);
}

const LANG = document.documentElement.lang || "en";
const RIICHI_STICK = 1000; // a riichi stick is worth 1,000 table points
function number(value) {
  // Points: ½ and ¾ exactly, a third to two decimals, with the page's decimal mark and thousands
  // separator (0,5 and 12.000 in Dutch; 0.5 and 12,000 in English).
  if (typeof value !== "number") return String(value);
  return value.toLocaleString(LANG, { maximumFractionDigits: 2 });
}

// One or several: the catalogue holds both forms ("{count} row ..." and "{count} rows ...").
function counted(count, one, many) {
  return t(count === 1 ? one : many, { count });
}

function result(value) {
  // A riichi result with uma and oka: its sign and one decimal, with the page's decimal mark (+51,2).
  const text = Math.abs(value).toLocaleString(LANG, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}

function grouped(value) {
  // Table points as a table writes them: 41,200 (41.200 in Dutch).
  return typeof value === "number" ? value.toLocaleString(LANG) : String(value);
}

function tablePoints(text) {
  // Final points as typed, the digits grouped or not (41200, 41,200, 41.200, 41 200), a minus sign as - or −.
  const value = text.trim().replace(/^[−–]/, "-");
  if (value === "") return null;
  return /^-?\d{1,3}([.,' \u00a0\u202f]\d{3})+$/.test(value) || /^-?\d+$/.test(value) ? Number(value.replace(/[^\d-]/g, "")) : value;
}

const FAAN_POINTS = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128]; // seed 003: 10 faan or more is the limit

// ---------------------------------------------------------------------------- the list page

function listPage() {
  const form = document.getElementById("new-sheet");
  const choices = readJson("sheet-choices") || [];
  const rules = document.getElementById("sheet-rules");
  const length = document.getElementById("sheet-length");
  const three = document.getElementById("sheet-three");
  const threeBox = document.getElementById("three-box");

  function refresh(event) {
    const choice = choices.find((c) => c.name === rules.value) || choices[0];
    if (event && event.target === rules) {
      // each ruleset's own lengths, its default first
      length.replaceChildren(...choice.lengths.map((l) => el("option", { value: l.name, text: l.label })));
    }
    const riichi = rules.value === "riichi";
    document.getElementById("preset-box").hidden = !riichi;
    length.closest("label").hidden = riichi; // a riichi sheet is as many games as are played
    const threeAllowed = rules.value === "hkos" || rules.value === "free";
    threeBox.hidden = !threeAllowed;
    if (!threeAllowed) three.checked = false;
    const fourth = form.querySelector(".player[data-seat='3']");
    fourth.hidden = three.checked;
  }
  rules.addEventListener("change", refresh);
  three.addEventListener("change", refresh);
  refresh();

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const count = three.checked ? 3 : 4;
    const players = [];
    for (let i = 0; i < count; i++) players.push(document.getElementById(`player${i}`).value);
    const body = { rules: rules.value, players, length: length.value, title: document.getElementById("sheet-title").value };
    if (rules.value === "hkos" && three.checked) body.options = { three_players: true };
    if (rules.value === "riichi") body.options = { preset: document.getElementById("sheet-preset").value };
    const button = document.getElementById("create-sheet");
    button.disabled = true;
    try {
      const sheet = await api("POST", "/api/sheets", body);
      location.href = `/sheets/${sheet.id}`;
    } catch (error) {
      showError("new-sheet-error", reason(error));
      button.disabled = false;
    }
  });

  document.getElementById("import-sheet").addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = document.getElementById("import-file").files[0];
    if (!file) return;
    let data;
    try {
      data = JSON.parse(await file.text());
    } catch (error) {
      showError("import-error", t("The request body is not valid JSON."));
      return;
    }
    try {
      const sheet = await api("POST", "/api/sheets/import", data);
      location.href = `/sheets/${sheet.id}`;
    } catch (error) {
      showError("import-error", reason(error));
    }
  });
}

// ---------------------------------------------------------------------------- one sheet

function sheetPage() {
  const root = document.getElementById("sheet");
  let sheet = readJson("sheet-data");
  let editing = null; // the row number being edited, or null when adding
  const rules = sheet.rules;
  const free = rules === "free";
  const nts = rules === "nts";
  const riichi = rules === "riichi";
  const winBy = rules === "casual" ? CASUAL_WIN_BY : Object.keys(WIN_BY);
  const faanSheet = rules === "hkos" && !(sheet.options && sheet.options.practice);

  // -- offline: the last sheet the server answered and the rows typed since without a connection
  const SHEET_KEY = `sparrow-sheet-${sheet.id}`;
  const QUEUE_KEY = `sparrow-pending-${sheet.id}`;
  let fixing = false; // a row typed offline was refused and is in the form to be corrected
  let flushing = false;

  let generation = 0; // counts the server's answers to changes: an older read never overwrites them
  function keep() {
    generation += 1;
    try {
      localStorage.setItem(SHEET_KEY, JSON.stringify(sheet));
    } catch (error) {
      /* storage full or refused: the page still works online */
    }
  }
  function pending() {
    try {
      return JSON.parse(localStorage.getItem(QUEUE_KEY) || "[]");
    } catch (error) {
      return [];
    }
  }
  function setPending(list) {
    try {
      if (list.length) localStorage.setItem(QUEUE_KEY, JSON.stringify(list));
      else localStorage.removeItem(QUEUE_KEY);
    } catch (error) {
      /* as above */
    }
  }
  function unreachable(error) {
    return error && error.status === 0;
  }

  function windName(wind) {
    return wind ? t(WIND_NAMES[wind]) : t("not noted");
  }

  function renderStatus() {
    const status = document.getElementById("sheet-status");
    if (sheet.over) {
      status.textContent = t("The match is over.");
    } else if (riichi) {
      const games = sheet.rows.filter((row) => !row.chombo).length; // a chombo row is no game
      status.textContent = counted(games, "{count} game played", "{count} games played");
    } else if (free) {
      status.textContent = "";
    } else {
      const parts = [`${t("Deals next")}: ${sheet.dealer}`];
      parts.push(nts ? t("Roll the dice for the prevailing wind") : `${t("Round wind")}: ${windName(sheet.round_wind)}`);
      status.textContent = parts.join(" · ");
    }
    const waiting = pending().length;
    const note = document.getElementById("sheet-pending");
    note.textContent = waiting
      ? counted(waiting, "{count} row waits to be sent: the server cannot be reached.", "{count} rows wait to be sent: the server cannot be reached.")
      : "";
    note.hidden = !waiting;
    root.dataset.pending = String(waiting);
    root.dataset.over = sheet.over ? "true" : "false";
    root.dataset.rows = String(sheet.rows.length);
    root.dataset.dealer = sheet.dealer || "";
  }

  // -- chombo rows: a penalty outside the hands (sheet.chombo, what one costs, is the family's data;
  // null where the sheet has none). The row is not numbered among the hands and cannot be edited:
  // undo takes it back while it is the last row.
  function chomboRow(row, labelCells, show) {
    // The label takes the place of the number (and the winner, where the sheet has that column).
    const tr = el("tr", { "data-n": row.n, className: "chombo-row", "data-chombo": row.chombo });
    tr.append(el("td", { className: "chombo-cell", colspan: labelCells > 1 ? labelCells : null }, el("b", { text: t("Chombo") }), el("span", { className: "offender", text: row.chombo })));
    for (const name of sheet.players) {
      const value = row.points[name];
      const cell = el("td", { className: `num points${value < 0 ? " minus" : ""}`, "data-player": name });
      cell.append(el("span", { className: "added", text: value ? show(value) : "" }));
      cell.append(el("small", { className: "running", title: t("Running total"), text: `Σ ${show === result ? result(row.totals[name]) : row.totals[name]}` }));
      tr.append(cell);
    }
    return tr;
  }

  function renderChomboForm() {
    // A form of its own under the entry form, built here so that a sheet without chombo has none.
    if (sheet.chombo === null || sheet.chombo === undefined || document.getElementById("chombo-form")) return;
    const cost = riichi ? result(-sheet.chombo) : signed(-sheet.chombo);
    const offender = el("select", { name: "chombo", id: "chombo-player" }, ...sheet.players.map((name) => el("option", { value: name, text: name })));
    const form = el(
      "form",
      { className: "card chombo", id: "chombo-form", novalidate: true },
      el("h2", { text: t("Chombo") }),
      el("p", { className: "muted", text: t("A chombo costs the player {points} on the totals; it is no hand and does not move the deal.", { points: cost }) }),
      el("div", { className: "chombo-fields" }, el("label", { className: "field" }, t("Who made the chombo"), offender), el("button", { type: "submit", className: "button", id: "chombo-submit", text: t("Add chombo") })),
      el("p", { className: "error", role: "alert", id: "chombo-error", hidden: true }),
    );
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (pending().length) {
        showError("chombo-error", t("{count} rows wait to be sent: the server cannot be reached.", { count: pending().length }));
        return;
      }
      if (await change("POST", `${base}/rows`, { chombo: offender.value }, "chombo-error")) render();
    });
    document.getElementById("row-form").after(form);
  }

  function renderRiichiRows() {
    // One row per game: each player's result with uma and oka, the final points and the place under
    // it, and the running total of the results.
    const table = document.getElementById("rows");
    const players = sheet.players;
    const head = el("tr", {}, el("th", { text: `# · ${t("First dealer")}`, className: "n" }), ...players.map((name) => el("th", { className: "num", text: name })), el("th", {}));
    const body = el("tbody");
    if (!sheet.rows.length && !pending().length) {
      body.append(el("tr", { className: "empty" }, el("td", { colspan: players.length + 1, text: t("No games yet: enter the first game's final points below.") })));
    }
    for (const row of sheet.rows) {
      if (row.chombo) {
        body.append(chomboRow(row, 1, result));
        continue;
      }
      const tr = el("tr", { "data-n": row.n, className: editing === row.n ? "editing" : null });
      const edit = el("button", { type: "button", className: "link edit", "data-n": row.n, text: t("Edit"), "aria-label": t("Edit game {n}", { n: row.hand ?? row.n }) });
      edit.addEventListener("click", () => startEdit(row.n));
      tr.append(el("td", { className: "n" }, el("b", { text: String(row.hand ?? row.n) }), el("span", { className: "dealer-name", text: row.first_dealer || players[0] }), edit));
      for (const name of players) {
        const value = row.points[name];
        const cell = el("td", { className: `num points${value > 0 ? " plus" : value < 0 ? " minus" : ""}`, "data-player": name, "data-place": row.places[name] });
        cell.append(el("span", { className: "added", title: t("Result"), text: result(value) }));
        cell.append(el("small", { className: "final", title: `${t("Place")} · ${t("Final points")}`, text: `${row.places[name]}. · ${grouped(row.scores[name])}` }));
        cell.append(el("small", { className: "running", title: t("Running total"), text: `Σ ${result(row.totals[name])}` }));
        tr.append(cell);
      }
      body.append(tr);
    }
    for (const [index, typed] of pending().entries()) {
      const tr = el("tr", { className: "pending", "data-pending": index + 1 });
      tr.append(el("td", { className: "n" }, el("b", { text: "…" }), el("small", { text: t("waiting to be sent") })));
      for (const name of players) {
        const value = typed.scores?.[name];
        tr.append(el("td", { className: "num points", "data-player": name }, el("span", { className: "added", text: value === undefined ? "" : `(${grouped(value)})` })));
      }
      body.append(tr);
    }
    const foot = el(
      "tfoot",
      {},
      el("tr", {}, el("th", { text: t("Totals") }), ...players.map((name) => el("th", { className: "num total", "data-player": name, text: result(sheet.totals[name]) }))),
    );
    table.replaceChildren(el("thead", {}, head), body, foot);
    table.classList.add("riichi");
  }

  function renderRiichiStandings() {
    const table = document.getElementById("standings");
    const head = el(
      "tr",
      {},
      el("th", { text: t("Player") }),
      el("th", { className: "num", text: t("Rank points") }),
      el("th", { className: "num", text: t("Games") }),
      el("th", { className: "num", text: t("Average place") }),
      el("th", { className: "num", text: t("Places 1-2-3-4") }),
    );
    const body = el("tbody");
    for (const s of sheet.standings) {
      body.append(
        el(
          "tr",
          { "data-player": s.player },
          el("td", { className: "who" }, el("span", { className: "place", text: `${s.place}.` }), ` ${s.player}`),
          el("td", { className: "num rank-points", text: result(s.total) }),
          el("td", { className: "num", text: String(s.games) }),
          el("td", { className: "num", text: s.average_place === null ? "–" : s.average_place.toLocaleString(LANG, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) }),
          el("td", { className: "num", text: s.places.join("-") }),
        ),
      );
    }
    table.replaceChildren(el("thead", {}, head), body);
    table.classList.toggle("over", sheet.over);
  }

  function renderRows() {
    if (riichi) return renderRiichiRows();
    const table = document.getElementById("rows");
    const players = sheet.players;
    const head = el(
      "tr",
      {},
      el("th", { text: free ? "#" : `# · ${t("Dealer")}`, className: "n" }),
      el("th", { text: t("Winner") }),
      ...players.map((name) =>
        el("th", { className: `num${name === sheet.dealer ? " dealer" : ""}`, title: name === sheet.dealer ? t("Deals next") : null, text: name }),
      ),
      el("th", {}),
    );
    const body = el("tbody");
    if (!sheet.rows.length) {
      body.append(el("tr", { className: "empty" }, el("td", { colspan: players.length + 2, text: t("No rows yet: enter the first hand below.") })));
    }
    for (const row of sheet.rows) {
      if (row.chombo) {
        body.append(chomboRow(row, 2, signed));
        continue;
      }
      const tr = el("tr", { "data-n": row.n, className: editing === row.n ? "editing" : null });
      const edit = el("button", { type: "button", className: "link edit", "data-n": row.n, text: t("Edit"), "aria-label": t("Edit row {n}", { n: row.hand ?? row.n }) });
      edit.addEventListener("click", () => startEdit(row.n));
      const first = el("td", { className: "n" }, el("b", { text: String(row.hand ?? row.n) }));
      if (!free) {
        const label = nts ? t("Prevailing wind") : t("Round wind");
        first.append(
          el("span", { className: "dealer-name", text: row.dealer }),
          el("small", { title: label, text: nts && !row.round_wind ? "" : windName(row.round_wind) }),
        );
      }
      first.append(edit);
      const check = el("a", {
        className: "check-link",
        href: `/sheets/${encodeURIComponent(sheet.id)}/rows/${row.n}/calculator`,
        "data-n": row.n,
        title: t("Check in the calculator"),
        "aria-label": `${t("Check in the calculator")} (${row.n})`,
        "data-hands": row.hands && Object.keys(row.hands).length ? "true" : "false",
        text: t("Check"),
      });
      if (!free) first.append(check);
      tr.append(first);
      let winner;
      if (row.drawn) winner = el("span", { className: "drawn", text: t("drawn") });
      else if (row.winner) {
        const how = row.win_by ? t(WIN_BY[row.win_by]) : "";
        const from = row.discarder ? ` ← ${row.discarder}` : "";
        const faan = row.faan !== null && row.faan !== undefined ? ` · ${row.faan} ${t("faan")}` : "";
        winner = el("span", {}, el("b", { text: row.winner }), el("small", { text: `${how}${from}${faan}` }));
      } else winner = el("span", { className: "muted", text: "–" });
      tr.append(el("td", { className: "winner-cell" }, winner));
      for (const name of players) {
        const points = row.points[name];
        const cell = el("td", { className: `num points${points > 0 ? " plus" : points < 0 ? " minus" : ""}`, "data-player": name });
        cell.append(el("span", { className: "added", text: signed(points) }));
        if (nts && !row.drawn) {
          const dead = (row.dead || []).includes(name);
          cell.append(el("small", { className: "hand", title: t("Hand scores"), text: dead ? t("dead") : `(${row.scores[name] ?? 0})` }));
        }
        cell.append(el("small", { className: "running", title: t("Running total"), text: `Σ ${row.totals[name]}` }));
        tr.append(cell);
      }
      body.append(tr);
    }
    for (const [index, typed] of pending().entries()) {
      const tr = el("tr", { className: "pending", "data-pending": index + 1 });
      tr.append(el("td", { className: "n" }, el("b", { text: "…" }), el("small", { text: t("waiting to be sent") })));
      const who = typed.drawn ? el("span", { className: "drawn", text: t("drawn") }) : el("b", { text: typed.winner || "–" });
      tr.append(el("td", { className: "winner-cell" }, who));
      for (const name of players) {
        let value = free ? typed.points?.[name] : typed.scores?.[name];
        if (value === undefined && typed.faan !== undefined && name === typed.winner) value = `${typed.faan} ${t("faan")}`;
        tr.append(el("td", { className: "num points", "data-player": name }, el("span", { className: "added", text: value === undefined ? "" : `(${value})` })));
      }
      body.append(tr);
    }
    const foot = el(
      "tfoot",
      {},
      el(
        "tr",
        {},
        el("th", { colspan: 2, text: t("Totals") }),
        ...players.map((name) => el("th", { className: "num total", "data-player": name, text: number(sheet.totals[name]) })),
      ),
    );
    table.replaceChildren(el("thead", {}, head), body, foot);
  }

  function renderStandings() {
    if (riichi) return renderRiichiStandings();
    const table = document.getElementById("standings");
    const tablePoints = nts;
    const head = el(
      "tr",
      {},
      el("th", { text: t("Player") }),
      el("th", { className: "num", text: t("Points") }),
      el("th", { className: "num games-won", text: t("Games won") }),
      el("th", { className: "num", text: t("Mahjongs") }),
      free ? null : el("th", { className: "num", text: t("Deal-ins") }),
      tablePoints ? el("th", { className: "num", text: t("Table points") }) : null,
    );
    const body = el("tbody");
    for (const s of sheet.standings) {
      body.append(
        el(
          "tr",
          { "data-player": s.player },
          el("td", { className: "who" }, el("span", { className: "place", text: `${s.place}.` }), ` ${s.player}`),
          el("td", { className: "num", text: number(s.total) }),
          el("td", { className: "num games-won", text: String(s.games_won) }),
          el("td", { className: "num", text: String(s.mahjongs) }),
          free ? null : el("td", { className: "num", text: String(s.deal_ins) }),
          tablePoints ? el("td", { className: "num table-points", text: number(s.table_points) }) : null,
        ),
      );
    }
    table.replaceChildren(el("thead", {}, head), body);
    table.classList.toggle("over", sheet.over);
  }

  // -- the entry form

  function select(name, label, options, value) {
    const box = el("select", { name, id: `row-${name}` });
    for (const [optionValue, text] of options) box.append(el("option", { value: optionValue, text }));
    if (value !== undefined && value !== null) box.value = value;
    return el("label", { className: `field field-${name}` }, label, box);
  }

  function numberInput(name, label, value, player) {
    const input = el("input", { name, type: "text", inputmode: "numeric", autocomplete: "off", "data-player": player, id: `row-${name}` });
    if (value !== undefined && value !== null) input.value = String(value);
    return el("label", { className: `field field-score` }, label, input);
  }

  function renderForm(row = null) {
    const fields = document.getElementById("row-fields");
    const players = sheet.players;
    const parts = [];
    if (riichi) {
      parts.push(select("first_dealer", t("First dealer"), players.map((p) => [p, p]), row ? row.first_dealer || players[0] : players[0]));
      const grid = el("div", { className: "scores" });
      for (const [i, name] of players.entries()) {
        const input = numberInput(`score${i}`, name, row ? row.scores[name] : "", name);
        input.querySelector("input").setAttribute("placeholder", grouped(sheet.match.start_points));
        input.querySelector("input").removeAttribute("inputmode"); // a busted player's score is below zero: the minus sign
        input.querySelector("input").addEventListener("input", showSum);
        grid.append(input);
      }
      const sum = el("small", { className: "sum", id: "riichi-sum", "aria-live": "polite" });
      parts.push(el("fieldset", { className: "score-grid final-points" }, el("legend", { text: t("Final points") }), grid, sum));
    } else if (free) {
      parts.push(select("winner", t("Winner"), [["", t("Nobody")], ...players.map((p) => [p, p])], row ? row.winner || "" : ""));
      const grid = el("div", { className: "scores" });
      for (const [i, name] of players.entries()) grid.append(numberInput(`score${i}`, name, row ? row.points[name] : "", name));
      parts.push(el("fieldset", { className: "score-grid" }, el("legend", { text: t("Points") }), grid));
    } else {
      const winnerValue = row ? (row.drawn ? DRAWN : row.winner) : players[0];
      parts.push(select("winner", t("Who won (or drawn)"), [...players.map((p) => [p, p]), [DRAWN, t("Drawn hand")]], winnerValue));
      parts.push(select("win_by", t("How it was won"), winBy.map((w) => [w, t(WIN_BY[w])]), row && row.win_by ? row.win_by : "discard"));
      parts.push(select("discarder", t("Discarder"), players.map((p) => [p, p]), row ? row.discarder : null));
      if (nts) {
        const windValue = row ? row.round_wind || "" : "";
        parts.push(select("round_wind", t("Prevailing wind"), [["", t("not noted")], ...WINDS.map((w) => [w, t(WIND_NAMES[w])])], windValue));
        const grid = el("div", { className: "scores" });
        for (const [i, name] of players.entries()) {
          const field = el("div", { className: "score-field" }, numberInput(`score${i}`, name, row && !row.drawn ? row.scores[name] : "", name));
          const dead = el("input", { type: "checkbox", name: `dead${i}`, id: `row-dead${i}`, "data-player": name });
          dead.checked = Boolean(row && row.dead && row.dead.includes(name));
          dead.addEventListener("change", syncForm);
          field.append(el("label", { className: "check dead" }, dead, ` ${t("Dead hand")}`));
          grid.append(field);
        }
        parts.push(el("fieldset", { className: "score-grid hand-scores" }, el("legend", { text: t("Hand scores") }), grid));
      } else if (faanSheet) {
        // Seed 003: count the faan, the sheet turns them into points.
        const faan = row && row.winner && row.faan !== null && row.faan !== undefined ? row.faan : "";
        const field = numberInput("faan", t("Winner's faan"), faan, null);
        field.append(el("small", { className: "faan-points", id: "faan-points", "aria-live": "polite" }));
        parts.push(field);
      } else {
        const points = row && row.winner ? row.scores[row.winner] : "";
        parts.push(numberInput("points", t("Winner's points"), points, null));
      }
    }
    fields.replaceChildren(...parts);
    fields.querySelectorAll("select").forEach((box) => box.addEventListener("change", syncForm));
    const faanBox = document.getElementById("row-faan");
    if (faanBox) faanBox.addEventListener("input", showFaanPoints);
    syncForm();
    showFaanPoints();
  }

  function showSum() {
    const box = document.getElementById("riichi-sum");
    if (!box) return;
    const form = document.getElementById("row-form");
    const values = sheet.players.map((name, i) => tablePoints(form.elements[`score${i}`].value));
    const expected = 4 * sheet.match.start_points;
    if (values.every((v) => v === null)) {
      box.textContent = "";
      box.dataset.state = "";
      return;
    }
    if (values.some((v) => typeof v !== "number")) {
      box.textContent = t("Sum {sum} of {expected}", { sum: grouped(values.reduce((a, v) => a + (typeof v === "number" ? v : 0), 0)), expected: grouped(expected) });
      box.dataset.state = "partial";
      return;
    }
    const sum = values.reduce((a, v) => a + v, 0);
    let text = t("Sum {sum} of {expected}", { sum: grouped(sum), expected: grouped(expected) });
    if (sum > expected) text += ` · ${t("{difference} too many", { difference: grouped(sum - expected) })}`;
    if (sum < expected) text += ` · ${t("{difference} too few", { difference: grouped(expected - sum) })}`;
    box.textContent = text;
    box.dataset.state = sum === expected ? "ok" : "off";
    const sticks = (expected - sum) / RIICHI_STICK;
    if (Number.isInteger(sticks) && sticks > 0) box.append(" ", sticksLeft(form, values, sticks));
  }

  // Final points short by whole riichi sticks: sticks left on the table at the end of the game, which
  // go to the first place. Say that they are missing from the totals, and offer to give them to the
  // player on top (the first of equals from the first dealer on, as the sheet ranks ties).
  function sticksLeft(form, values, sticks) {
    const dealer = Math.max(0, sheet.players.indexOf(form.elements.first_dealer ? form.elements.first_dealer.value : ""));
    const order = sheet.players.map((_, k) => (dealer + k) % sheet.players.length);
    const top = order.reduce((best, i) => (values[i] > values[best] ? i : best), order[0]);
    const points = sticks * RIICHI_STICK;
    const note = el("span", { className: "sticks-left", "data-testid": "sticks-left" });
    note.append(t(sticks === 1 ? "A riichi stick left on the table ({points}) is missing from the totals: it goes to the first place."
      : "{count} riichi sticks left on the table ({points}) are missing from the totals: they go to the first place.",
    { count: sticks, points: grouped(points) }));
    const give = el("button", { type: "button", className: "button small", "data-testid": "give-sticks",
      text: t("Add {points} to {name}", { points: grouped(points), name: sheet.players[top] }) });
    give.addEventListener("click", () => {
      form.elements[`score${top}`].value = String(values[top] + points);
      showSum();
    });
    note.append(" ", give);
    return note;
  }

  function syncForm() {
    if (riichi) return showSum();
    if (free) return;
    const form = document.getElementById("row-form");
    const winner = form.elements.winner.value;
    const drawn = winner === DRAWN;
    const how = form.elements.win_by.value;
    form.querySelector(".field-win_by").hidden = drawn;
    const discarder = form.elements.discarder;
    const needsDiscarder = !drawn && (how === "discard" || how === "robbing_kong");
    form.querySelector(".field-discarder").hidden = !needsDiscarder;
    for (const option of discarder.options) option.disabled = option.value === winner;
    if (discarder.value === winner || !discarder.value) {
      const other = [...discarder.options].find((o) => !o.disabled);
      if (other) discarder.value = other.value;
    }
    if (nts) {
      form.querySelector(".hand-scores").hidden = drawn;
      sheet.players.forEach((name, i) => {
        const dead = form.elements[`dead${i}`];
        if (name === winner) dead.checked = false;
        dead.closest("label").hidden = name === winner;
        form.elements[`score${i}`].disabled = dead.checked;
        if (dead.checked) form.elements[`score${i}`].value = "0";
      });
    }
    else form.querySelector(".field-score").hidden = drawn;
  }

  function showFaanPoints() {
    const box = document.getElementById("faan-points");
    const input = document.getElementById("row-faan");
    if (!box || !input) return;
    const faan = /^\d+$/.test(input.value.trim()) ? Number(input.value.trim()) : null;
    box.textContent = faan === null ? "" : t("{faan} faan = {points} points", { faan, points: FAAN_POINTS[Math.min(faan, 10)] });
  }

  function typed(text) {
    const value = text.trim();
    if (value === "") return null;
    return /^-?\d+$/.test(value) ? Number(value) : value; // anything else goes as typed: the server names it
  }

  function rowBody() {
    const form = document.getElementById("row-form");
    const players = sheet.players;
    if (riichi) {
      const scores = {};
      players.forEach((name, i) => {
        const value = tablePoints(form.elements[`score${i}`].value);
        if (value !== null) scores[name] = value;
      });
      const body = { scores };
      if (form.elements.first_dealer.value !== players[0]) body.first_dealer = form.elements.first_dealer.value;
      return body;
    }
    if (free) {
      const points = {};
      players.forEach((name, i) => {
        const value = typed(form.elements[`score${i}`].value);
        if (value !== null) points[name] = value;
      });
      const body = { points };
      if (form.elements.winner.value) body.winner = form.elements.winner.value;
      return body;
    }
    const winner = form.elements.winner.value;
    const wind = nts ? form.elements.round_wind.value : "";
    if (winner === DRAWN) return wind ? { drawn: true, round_wind: wind } : { drawn: true };
    const how = form.elements.win_by.value;
    const body = { winner, win_by: how };
    if (how === "discard" || how === "robbing_kong") body.discarder = form.elements.discarder.value;
    const scores = {};
    if (nts) {
      const dead = players.filter((name, i) => form.elements[`dead${i}`].checked);
      if (dead.length) body.dead = dead;
      players.forEach((name, i) => {
        const value = typed(form.elements[`score${i}`].value);
        if (value !== null) scores[name] = value;
        else if (name !== winner) scores[name] = 0; // a loser left empty scored nothing
      });
      if (wind) body.round_wind = wind;
    } else if (faanSheet) {
      const value = typed(form.elements.faan.value);
      if (value === null) body.scores = {}; // the server says what is missing
      else body.faan = value;
      return body;
    } else {
      const value = typed(form.elements.points.value);
      if (value !== null) scores[winner] = value;
    }
    body.scores = scores;
    return body;
  }

  function startEdit(n) {
    editing = n;
    const row = sheet.rows.find((r) => r.n === n);
    // The number the rows show: a chombo row has none, so a hand's number is not its row's.
    document.getElementById("row-form-title").textContent = t(riichi ? "Edit game {n}" : "Edit row {n}", { n: row && row.hand != null ? row.hand : n });
    document.getElementById("row-submit").textContent = t("Save");
    document.getElementById("row-cancel").hidden = false;
    document.getElementById("row-form").hidden = false;
    showError("row-error", "");
    renderForm(row);
    renderRows();
    document.getElementById("row-form").scrollIntoView({ block: "nearest" });
  }

  function stopEdit() {
    editing = null;
    document.getElementById("row-form-title").textContent = t(riichi ? "Add game" : "Add row");
    document.getElementById("row-submit").textContent = t(riichi ? "Add game" : "Add row");
    document.getElementById("row-cancel").hidden = true;
  }

  function render() {
    renderStatus();
    renderRows();
    renderStandings();
    const form = document.getElementById("row-form");
    form.hidden = sheet.over && editing === null;
    const waiting = pending().length > 0;
    document.getElementById("undo").disabled = !sheet.rows.length && !waiting;
    document.getElementById("end").disabled = sheet.over || waiting;
    root.querySelectorAll("#rows .edit").forEach((button) => (button.disabled = waiting));
    root.dataset.version = String((Number(root.dataset.version) || 0) + 1);
  }

  async function change(method, path, body, errorBox) {
    showError(errorBox, "");
    root.dataset.busy = "true";
    try {
      sheet = await api(method, path, body);
      keep();
      return true;
    } catch (error) {
      showError(errorBox, reason(error));
      return false;
    } finally {
      root.dataset.busy = "false";
    }
  }

  const base = `/api/sheets/${encodeURIComponent(sheet.id)}`;

  document.getElementById("row-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = rowBody();
    const wasEditing = editing;
    if (wasEditing === null && (pending().length || fixing)) {
      enqueue(body); // after the rows already waiting, in the order they were played
      return;
    }
    if (wasEditing === null) {
      showError("row-error", "");
      root.dataset.busy = "true";
      // One row at a time: the form waits (nothing typed is lost) until this row is answered or kept.
      const form = document.getElementById("row-form");
      const controls = [...form.elements];
      controls.forEach((control) => (control.disabled = true));
      try {
        sheet = await api("POST", `${base}/rows`, body);
        keep();
      } catch (error) {
        if (unreachable(error)) enqueue(body);
        else showError("row-error", error.message);
        return;
      } finally {
        controls.forEach((control) => (control.disabled = false));
        syncForm();
        root.dataset.busy = "false";
      }
    } else if (!(await change("PUT", `${base}/rows/${wasEditing}`, body, "row-error"))) {
      return;
    }
    stopEdit();
    renderForm();
    render();
  });

  function enqueue(body) {
    const list = pending();
    if (fixing) list.unshift(body); // the corrected row goes back where it was
    else list.push(body);
    fixing = false;
    setPending(list);
    showError("row-error", "");
    renderForm();
    render();
    flush();
  }

  async function flush() {
    if (flushing || fixing || !pending().length) return;
    flushing = true;
    root.dataset.busy = "true";
    try {
      let list = pending();
      while (list.length) {
        try {
          sheet = await api("POST", `${base}/rows`, list[0]);
          keep();
        } catch (error) {
          if (unreachable(error)) break; // still offline: try again later
          // refused: the row goes into the form to be corrected; the rows after it wait
          const refused = list.shift();
          setPending(list);
          fixing = true;
          renderForm(refused);
          document.getElementById("row-cancel").hidden = false; // or leave the refused row out
          render();
          showError("row-error", `${t("A row typed offline was refused")}: ${error.message}`);
          return;
        }
        list = pending();
        list.shift();
        setPending(list);
        render();
      }
    } finally {
      flushing = false;
      root.dataset.busy = "false";
      render();
    }
  }
  document.getElementById("row-cancel").addEventListener("click", () => {
    const wasFixing = fixing;
    fixing = false;
    stopEdit();
    showError("row-error", "");
    renderForm();
    render();
    if (wasFixing) flush(); // the refused row is left out; the rows after it are sent
  });
  document.getElementById("undo").addEventListener("click", async () => {
    const list = pending();
    if (list.length) {
      list.pop(); // the last row typed offline was never sent: forget it
      setPending(list);
      render();
      return;
    }
    if (await change("DELETE", `${base}/rows/last`, undefined, "tools-error")) {
      stopEdit();
      renderForm();
      render();
    }
  });
  document.getElementById("end").addEventListener("click", async () => {
    if (await change("POST", `${base}/end`, undefined, "tools-error")) render();
  });
  document.getElementById("delete").addEventListener("click", async () => {
    if (!confirm(t("Delete this sheet and all its rows?"))) return;
    try {
      await api("DELETE", base);
      setPending([]);
      localStorage.removeItem(SHEET_KEY);
      location.href = "/sheets";
    } catch (error) {
      showError("tools-error", reason(error));
    }
  });

  async function refresh() {
    // The page may come from the service worker's copy: ask the server for the sheet as it is now,
    // or, without a connection, take the last one it answered here.
    root.dataset.busy = "true";
    const start = generation;
    try {
      const current = await api("GET", base);
      if (generation === start) {
        sheet = current;
        keep();
      }
    } catch (error) {
      if (unreachable(error) && generation === start) {
        try {
          const last = JSON.parse(localStorage.getItem(SHEET_KEY) || "null");
          if (last && last.id === sheet.id) sheet = last;
        } catch (ignored) {
          /* nothing kept */
        }
      }
    } finally {
      root.dataset.busy = "false";
    }
    render(); // the form is left as it is: what is being typed stays
    flush();
  }

  window.addEventListener("online", flush);
  setInterval(() => {
    if (pending().length) flush();
  }, 15000);
  if (riichi) {
    stopEdit(); // the form's title and button say "Add game"
    document.getElementById("undo").textContent = t("Undo last game");
  }
  renderForm();
  renderChomboForm();
  render();
  refresh();
}

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sheets-sw.js", { scope: "/sheets" }).catch(() => undefined);
}
if (document.getElementById("new-sheet")) listPage();
if (document.getElementById("sheet")) sheetPage();
