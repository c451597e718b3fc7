// The Riichi table, drawn from a GameView (the vs-computer page's, or a room's `game`): each seat's
// river in front of it (the riichi discard turned sideways, a called tile dimmed), the centre with the
// round and hand, honba, riichi sticks, the dora indicators and the tiles left in the live wall; each
// seat's score and its riichi stick. Your hand below: click a tile to choose it, again to discard it;
// the Riichi button marks the discards that declare riichi. The page owns the talking to the server:
// `send(action)` and `next()` are its (async; a refusal rejects with an Error whose message is shown),
// and it hands every new view to show(). A spectator's view (view.spectating) is seen from
// view.seat's side with no concealed tiles: that seat's tiles are drawn as backs, with no buttons.
import { backs, sortTiles, tileElement } from "../tiles.js";
import { riichiLog } from "./log.js";
import { drawResult } from "./result.js";

const $ = (id) => document.getElementById(id);

const WIND_CHARS = { E: "東", S: "南", W: "西", N: "北" };
const WIND_NAMES = { E: "East", S: "South", W: "West", N: "North" };
const POND_ROW = 6;
const KAN_WORDS = { daiminkan: "Kan", ankan: "Closed kan", kakan: "Added kan" };

// texts: the page's texts (English msgid -> text). send, next: the page's (next null: no button to deal
// the next hand). message(text): shows a refusal ("" hides it). Options: `names` "computer" (your seat
// is "You", as against the computer) or "room" (everyone by name, yours marked "(you)"); `newGame`,
// where the finished match's button leads; `status()`, the page's own status line (null: the board's);
// `away(seat)`, whether a computer plays for that seat's person now; `canNext()`, whether the viewer
// may deal the next hand now (a room's spectator may not); `replayOf(view)`, the address of a finished
// hand's replay (none: no link).
// `pace()`: how long each other player's move stays on its own before the next is shown (ms; 0:
// all at once), as the user's speed setting says.
export function riichiBoard({
  texts, send, next, message, root = $("game"), names = "computer", newGame, status, away, canNext, replayOf,
  pace = () => 0,
}) {
  const T = (msgid, fields = {}) =>
    ((texts || {})[msgid] || msgid).replace(/\{(\w+)\}/g, (all, key) => (key in fields ? String(fields[key]) : all));
  newGame = newGame || { href: "/", text: "New game" };

  let view = null;
  let selected = -1;
  let riichiMode = false;
  let busy = false;
  let choiceKey = ""; // what the selection was made on: a view with the same hand and choices keeps it

  // ---------------------------------------------------------------- names

  const obs = () => view.observation;
  const me = () => view.seat; // the seat the table is seen from
  const mine = () => (view.spectating ? null : view.seat); // the seat you play (a spectator: none)
  const windOf = (seat) => obs().seats[seat].wind;
  const seatOfWind = (wind) => obs().seats.findIndex((s) => s.wind === wind);
  const windName = (wind) => T(WIND_NAMES[wind]);

  function playerName(seat) {
    if (names === "computer" && seat === mine()) return T("You");
    const name = view.names[seat] || "";
    const bot = /^(Easy|Normal|Expert) (\d+)$/.exec(name);
    const shown = bot ? `${T(bot[1])} ${bot[2]}` : name;
    return seat === mine() ? `${shown} ${T("(you)")}` : shown;
  }

  function who(wind) {
    const seat = seatOfWind(wind);
    return seat < 0 ? wind : playerName(seat);
  }

  function positions() {
    const i = me();
    return { me: i, right: (i + 1) % 4, top: (i + 2) % 4, left: (i + 3) % 4 };
  }

  const ctx = { T, view: () => view, me, mine, playerName, who, windOf, windName };
  const writeLog = riichiLog(ctx, $("log"));

  // ---------------------------------------------------------------- the table

  function meldElement(meld, owner) {
    const box = document.createElement("span");
    box.className = "meld" + (meld.kind === "ankan" ? " concealed" : "");
    box.dataset.kind = meld.kind;
    const tiles = sortTiles(meld.tiles);
    let turned = -1;
    if (meld.called && meld.from) {
      const from = seatOfWind(meld.from);
      const k = (from - owner + 4) % 4; // 1: on the right, 2: across, 3: on the left
      tiles.splice(tiles.indexOf(meld.called), 1);
      turned = k === 3 ? 0 : k === 1 ? tiles.length : 1;
      tiles.splice(turned, 0, meld.called);
      box.title = T("Claimed from {name}", { name: who(meld.from) });
    }
    tiles.forEach((code, index) => {
      if (meld.kind === "ankan" && (index === 0 || index === 3)) {
        const back = document.createElement("span");
        back.className = "tile back mini";
        back.setAttribute("aria-hidden", "true");
        box.append(back);
        return;
      }
      const el = tileElement(code, { size: "mini" });
      if (index === turned) el.classList.add("sideways");
      box.append(el);
    });
    box.setAttribute("aria-label", `${T(meld.kind)} ${meld.tiles.join("")}`);
    return box;
  }

  function seatHead(seat) {
    const o = obs();
    const head = document.createElement("div");
    head.className = "seat-head";
    const wind = document.createElement("span");
    wind.className = "wind";
    wind.textContent = WIND_CHARS[windOf(seat)];
    wind.title = windName(windOf(seat));
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = playerName(seat);
    head.append(wind, name);
    if (seat === o.dealer) {
      const badge = document.createElement("span");
      badge.className = "dealer-badge";
      badge.textContent = T("dealer");
      head.append(badge);
    }
    if (away && away(seat)) {
      const badge = document.createElement("span");
      badge.className = "away-badge";
      badge.textContent = T("away");
      head.append(badge);
    }
    if (o.seats[seat].riichi) {
      const stick = document.createElement("span");
      stick.className = "riichi-stick";
      stick.dataset.testid = "riichi-stick";
      stick.textContent = T("Riichi");
      stick.title = o.seats[seat].double_riichi ? T("Double riichi") : T("Riichi");
      head.append(stick);
    }
    const score = document.createElement("span");
    score.className = "score";
    score.dataset.testid = "score-chip";
    const scores = view.hand_over && view.result ? view.result.scores : o.scores;
    score.textContent = scores[seat].toLocaleString();
    head.append(score);
    if (!view.hand_over && o.turn === seat && o.phase === "turn") head.setAttribute("aria-current", "true");
    return head;
  }

  function seatPanel(box, seat, position) {
    box.replaceChildren();
    box.dataset.seat = windOf(seat);
    box.classList.toggle("turn", !view.hand_over && obs().turn === seat);
    box.append(seatHead(seat));
    // Your own tiles are the hand below; a spectator's bottom seat is a seat like the others.
    if (position === "me" && !view.spectating) return;
    const exposed = document.createElement("div");
    exposed.className = "exposed";
    // Every hand is shown once the hand is over, and at every step of a replay (view.open_hands).
    const revealed = view.open_hands ? view.open_hands[seat] : view.hand_over && view.result && view.result.hands[seat];
    if (revealed) {
      const row = document.createElement("span");
      row.className = "tiles revealed-hand";
      for (const code of revealed) row.append(tileElement(code, { size: "mini" }));
      row.setAttribute("aria-label", T("{name}'s hand", { name: playerName(seat) }));
      exposed.append(row);
    } else {
      const count = obs().seats[seat].standing;
      const row = backs(count, "mini");
      row.setAttribute("aria-label", T("{count} concealed tiles", { count }));
      exposed.append(row);
    }
    for (const meld of obs().seats[seat].melds) exposed.append(meldElement(meld, seat));
    box.append(exposed);
  }

  function pond(box, seat, position) {
    box.replaceChildren();
    box.dataset.seat = windOf(seat);
    box.setAttribute("aria-label", seat === mine() ? T("Your discards") : T("{name}'s discards", { name: playerName(seat) }));
    const river = obs().seats[seat].discards;
    const lines = Math.max(1, Math.ceil(river.length / POND_ROW));
    const lastHere = !view.hand_over && obs().last_discard && obs().turn === seat && obs().phase !== "turn";
    river.forEach((item, index) => {
      const el = tileElement(item.tile, { size: "small" });
      const line = Math.floor(index / POND_ROW);
      const place = index % POND_ROW;
      const [row, column] = {
        me: [line + 1, place + 1],
        top: [lines - line, POND_ROW - place],
        left: [place + 1, lines - line],
        right: [POND_ROW - place, line + 1],
      }[position];
      el.style.gridRow = String(row);
      el.style.gridColumn = String(column);
      if (item.riichi) {
        el.classList.add("riichi-discard");
        el.title = T("Riichi");
      }
      if (item.called) el.classList.add("called");
      if (item.tsumogiri) el.classList.add("tsumogiri");
      if (lastHere && index === river.length - 1) {
        el.classList.add("last");
        el.dataset.testid = "last-discard";
      }
      box.append(el);
    });
  }

  // Chair 0 deals the first hand (against the computer and in a room alike): the hand's number in
  // its round counts the dealers from there.
  const FIRST_DEALER = 0;

  function center() {
    const o = obs();
    const box = $("center");
    box.replaceChildren();
    const compass = document.createElement("div");
    compass.className = "compass";
    for (const [position, seat] of Object.entries(positions())) {
      const dial = document.createElement("span");
      dial.className = `dial ${position}` + (!view.hand_over && o.turn === seat ? " turn" : "") + (seat === o.dealer ? " dealer" : "");
      dial.textContent = WIND_CHARS[windOf(seat)];
      compass.append(dial);
    }
    const info = document.createElement("div");
    info.className = "info riichi-info";
    const round = document.createElement("div");
    round.className = "round";
    round.dataset.testid = "round";
    const dealerNumber = ((o.dealer - FIRST_DEALER + 4) % 4) + 1;
    round.textContent = `${WIND_CHARS[o.round_wind]} ${dealerNumber}`;
    round.title = T("{wind} round, hand {number}", { wind: windName(o.round_wind), number: dealerNumber });
    const counters = document.createElement("div");
    counters.className = "counters";
    counters.dataset.testid = "counters";
    // Once the hand is settled, the sticks still on the table (a win has taken them).
    const sticks = view.hand_over && view.result && view.result.sticks !== undefined ? view.result.sticks : o.sticks;
    counters.textContent = `${T("honba")} ${o.honba} · ${T("sticks")} ${sticks}`;
    counters.title = T("{honba} honba, {sticks} riichi sticks on the table", { honba: o.honba, sticks });
    const dora = document.createElement("div");
    dora.className = "dora";
    dora.dataset.testid = "dora";
    dora.setAttribute("aria-label", T("Dora indicators"));
    dora.title = T("Dora indicators");
    for (const code of o.dora_indicators) dora.append(tileElement(code, { size: "mini" }));
    for (let i = o.dora_indicators.length; i < 5; i++) {
      const back = document.createElement("span");
      back.className = "tile back mini";
      back.setAttribute("aria-hidden", "true");
      dora.append(back);
    }
    const wall = document.createElement("div");
    wall.className = "wall";
    wall.title = T("Tiles left in the wall");
    wall.innerHTML = `<b data-testid="wall"></b> <span></span>`;
    wall.children[0].textContent = o.live_wall;
    wall.children[1].textContent = T("Wall");
    info.append(round, counters, dora, wall);
    box.append(compass, info);
  }

  // ---------------------------------------------------------------- your hand and choices

  function handTiles() {
    const o = obs();
    const tiles = sortTiles(o.hand);
    if (o.drawn) {
      tiles.splice(tiles.indexOf(o.drawn), 1);
      tiles.push(o.drawn);
    }
    return tiles;
  }

  const legal = () => (view.hand_over || view.spectating ? [] : obs().legal_actions);
  const discards = (riichi) => legal().filter((a) => a.action === "discard" && Boolean(a.riichi) === riichi);
  const discardOf = (code) => ({ action: "discard", tile: code, ...(riichiMode ? { riichi: true } : {}) });

  function drawHand() {
    const o = obs();
    const hand = $("hand");
    hand.replaceChildren();
    hand.closest(".hand-row").hidden = Boolean(view.spectating);
    if (view.spectating) return;
    const tiles = handTiles();
    const allowed = new Set(discards(riichiMode).map((a) => a.tile));
    hand.classList.toggle("active", allowed.size > 0 && !busy);
    hand.classList.toggle("riichi-mode", riichiMode);
    tiles.forEach((code, index) => {
      const el = tileElement(code, { size: "large", button: true });
      if (o.drawn && index === tiles.length - 1) el.classList.add("drawn");
      if (index === selected) {
        el.classList.add("selected");
        el.setAttribute("aria-selected", "true");
      }
      el.disabled = busy || !allowed.has(code);
      if (riichiMode && allowed.has(code)) el.classList.add("riichi-choice");
      el.addEventListener("click", () => {
        if (selected === index) act(discardOf(code));
        else {
          selected = index;
          draw();
          const again = $("hand").children[index];
          if (again) again.focus({ preventScroll: true });
        }
      });
      hand.append(el);
    });
    const sets = $("my-melds");
    sets.replaceChildren();
    for (const meld of o.seats[me()].melds) sets.append(meldElement(meld, me()));
    sets.hidden = !o.seats[me()].melds.length;
  }

  // `content`: the button's words, or its words and tile pictures (a call shows the tiles it takes).
  function button(content, data, extra = "") {
    const el = document.createElement("button");
    el.type = "button";
    el.className = `button ${extra}`;
    el.dataset.action = data.action;
    if (Array.isArray(content)) el.append(...content);
    else el.textContent = content;
    el.disabled = busy;
    el.addEventListener("click", () => act(data));
    return el;
  }

  function drawActions() {
    const box = $("actions");
    box.replaceChildren();
    if (view.hand_over || view.spectating) return;
    for (const a of legal()) {
      if (a.action === "tsumo") box.append(button(T("Tsumo"), a, "win primary"));
      else if (a.action === "ron") box.append(button(T("Ron"), a, "win primary"));
    }
    if (discards(true).length) {
      const toggle = document.createElement("button");
      toggle.type = "button";
      toggle.className = "button riichi";
      toggle.id = "riichi-toggle";
      toggle.dataset.action = "riichi";
      toggle.setAttribute("aria-pressed", String(riichiMode));
      toggle.textContent = riichiMode ? T("Riichi: choose the discard") : T("Riichi");
      toggle.disabled = busy;
      toggle.addEventListener("click", () => {
        riichiMode = !riichiMode;
        selected = -1;
        draw();
      });
      box.append(toggle);
    }
    for (const a of legal()) {
      if (a.action === "chi" || a.action === "pon") {
        const tiles = a.tiles.map((code) => tileElement(code, { size: "mini" }));
        const el = button([`${T(a.action === "chi" ? "Chi" : "Pon")} `, ...tiles], a, "claim");
        el.setAttribute("aria-label", `${T(a.action === "chi" ? "Chi" : "Pon")} ${a.tiles.join(" ")}`);
        box.append(el);
      } else if (a.action in KAN_WORDS) {
        const words = T(KAN_WORDS[a.action]);
        const el = button(a.tile ? [`${words} `, tileElement(a.tile, { size: "mini" })] : words, a, "claim");
        if (a.tile) el.setAttribute("aria-label", `${words} ${a.tile}`);
        box.append(el);
      } else if (a.action === "kyuushu") {
        box.append(button(T("Nine terminals (abortive draw)"), a));
      }
    }
    const pass = legal().find((a) => a.action === "pass");
    if (pass) box.append(button(T("Pass"), pass));
    const chosen = selected >= 0 ? handTiles()[selected] : null;
    const allowed = discards(riichiMode).map((a) => a.tile);
    if (chosen && allowed.includes(chosen)) {
      box.append(button(T(riichiMode ? "Riichi with {tile}" : "Discard {tile}", { tile: chosen }), discardOf(chosen), "primary"));
    }
  }

  function drawStatus() {
    const o = obs();
    const box = $("status");
    const own = status ? status() : null;
    if (own) box.textContent = own;
    else if (view.match_over) box.textContent = T("The match is over.");
    else if (view.hand_over) box.textContent = T("The hand is over.");
    else if (legal().some((a) => a.action === "ron")) box.textContent = T("You can win on this discard: Ron or Pass.");
    else if (legal().some((a) => a.action === "discard")) {
      box.textContent = riichiMode ? T("Riichi: choose the discard that leaves your hand ready.") : T("Your turn: choose a tile to discard.");
    } else if (legal().length) box.textContent = T("Claim the discard or pass.");
    else box.textContent = T("Waiting…");
    if (o.furiten && !view.hand_over && !view.spectating) {
      const mark = document.createElement("span");
      mark.className = "furiten";
      mark.dataset.testid = "furiten";
      mark.textContent = ` · ${T("Furiten: you cannot win by ron")}`;
      box.append(mark);
    }
  }

  // ---------------------------------------------------------------- drawing and deciding

  function draw() {
    if (!view) return;
    const place = positions();
    for (const position of ["left", "top", "right", "me"]) {
      seatPanel($(`seat-${position}`), place[position], position);
      pond($(`pond-${position}`), place[position], position);
    }
    center();
    drawHand();
    drawActions();
    drawStatus();
  }

  // The moves between two views of one hand, played out one by one: the table as it was after each
  // (rivers, calls, riichi, sticks and scores, dora, the turn), folded from the earlier view's table
  // and the events since, which the seat saw. A kan, a win or the end of the hand: the rest at once.
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const PLAYED = new Set(["draw", "discard", "claim", "riichi", "dora"]);

  function step(o, event) {
    const seat = o.seats.findIndex((s) => s.wind === event.seat);
    const own = seat === o.seat;
    if (event.event === "draw") {
      o.turn = seat;
      if (event.source === "live") o.live_wall -= 1;
      if (own && event.tile) {
        o.hand.push(event.tile);
        o.drawn = event.tile;
      } else if (!own) o.seats[seat].standing += 1;
    } else if (event.event === "discard") {
      o.turn = seat;
      o.seats[seat].discards.push({ tile: event.tile, tsumogiri: Boolean(event.tsumogiri), riichi: Boolean(event.riichi), called: false });
      o.last_discard = event.tile;
      if (own) {
        const at = o.hand.indexOf(event.tile);
        if (at >= 0) o.hand.splice(at, 1);
        o.drawn = null;
      } else o.seats[seat].standing -= 1;
    } else if (event.event === "claim") {
      const from = o.seats.findIndex((s) => s.wind === event.from);
      const river = o.seats[from].discards;
      if (river.length) river[river.length - 1].called = true;
      o.seats[seat].melds.push({ kind: event.call, tiles: event.meld, called: event.tile, from: event.from });
      o.turn = seat;
      if (own) {
        const taken = [...event.meld];
        taken.splice(taken.indexOf(event.tile), 1);
        for (const code of taken) {
          const at = o.hand.indexOf(code);
          if (at >= 0) o.hand.splice(at, 1);
        }
      } else o.seats[seat].standing -= event.meld.length - 1;
    } else if (event.event === "riichi") {
      o.seats[seat].riichi = true;
      if (event.scores) o.scores = o.seats.map((them) => event.scores[them.wind]); // by wind (log version 3)
      if (event.sticks !== undefined) o.sticks = event.sticks;
    } else if (event.event === "dora") {
      o.dora_indicators.push(event.indicator);
    }
  }

  // Whether there are other players' moves to play out (then a promise of their end), else null.
  function playOut(before, after) {
    const ms = pace();
    if (!before || ms <= 0 || before.hand_number !== after.hand_number || before.hand_over) return null;
    const fresh = after.events.slice(before.events.length);
    const others = fresh.filter((e) => e.seat && e.seat !== after.observation.wind && e.event !== "draw");
    return others.length ? played(before, after, fresh, ms) : null;
  }

  async function played(before, after, fresh, ms) {
    const o = JSON.parse(JSON.stringify(before.observation));
    o.legal_actions = [];
    setBusy(true);
    try {
      for (const event of fresh) {
        // A kan, a win (a ron is a claim of kind "win"), the hand's end: shown with the new view.
        if (!PLAYED.has(event.event) || (event.event === "claim" && !["chi", "pon"].includes(event.call))) break;
        step(o, event);
        view = { ...after, observation: o, events: before.events, hand_over: false, result: null };
        draw();
        const shown = event.seat && event.seat !== after.observation.wind && ["discard", "claim"].includes(event.event);
        if (shown) await sleep(ms);
      }
    } finally {
      setBusy(false);
    }
  }

  // A new view. The tile chosen (and the Riichi button's state) stays while the hand and what you
  // may do are the same: a room's live views also come when someone else goes away or comes back.
  // The other players' moves since the last view are played out first, at the user's pace.
  function show(nextView) {
    const moves = playOut(view, nextView);
    if (moves) return moves.then(() => present(nextView));
    present(nextView);
    return Promise.resolve();
  }

  function present(nextView) {
    view = nextView;
    if (view.version !== undefined) root.dataset.version = String(view.version);
    const o = view.observation;
    const key = JSON.stringify([view.hand_number, view.hand_over, o.hand, o.drawn, o.legal_actions]);
    if (key !== choiceKey) {
      selected = -1;
      riichiMode = false;
      choiceKey = key;
    }
    draw();
    const onNext = next && (!canNext || canNext()) ? nextHand : null;
    drawResult(ctx, $("result"), { onNext, newGame, replay: replayOf && view.hand_over ? replayOf(view) : null });
    writeLog(view); // last: the log scrolls to its end once the page around it is laid out
  }

  function setBusy(value) {
    busy = value;
    root.dataset.busy = String(value);
  }

  async function act(data) {
    if (busy) return;
    setBusy(true);
    message("");
    try {
      await send(data);
    } catch (error) {
      message(error.message);
    }
    setBusy(false);
    draw();
  }

  async function nextHand() {
    if (busy) return;
    setBusy(true);
    try {
      await next();
    } catch (error) {
      message(error.message);
    }
    setBusy(false);
    draw();
  }

  document.addEventListener("keydown", (event) => {
    if (!view || view.hand_over || view.spectating || view.replay || busy) return;
    if (event.target.closest?.("input, select, textarea")) return;
    const tiles = handTiles();
    if (!tiles.length) return;
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      selected = selected < 0 ? tiles.length - 1 : (selected + (event.key === "ArrowLeft" ? tiles.length - 1 : 1)) % tiles.length;
      draw();
      event.preventDefault();
    } else if (event.key === "Enter" && selected >= 0) {
      const code = tiles[selected];
      if (discards(riichiMode).some((a) => a.tile === code)) act(discardOf(code));
      event.preventDefault();
    }
  });

  return { show, draw, T, view: () => view, busy: () => busy, playerName };
}
