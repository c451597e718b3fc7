// The log of a Riichi table: the hand's events as sentences, in the page's language. What you did is
// written in the first person ("You discard 5p"), another seat's with its name; a spectator sits
// nowhere, so every line of theirs names the seat.

// The first-person form of each line about a seat.
const YOURS = {
  "{name} discards {tile}": "You discard {tile}",
  "{name}: riichi, discards {tile}": "You declare riichi and discard {tile}",
  "{name} puts down a riichi stick.": "You put down a riichi stick.",
  "{name} calls {call} on {tile} from {from}: {meld}": "You call {call} on {tile} from {from}: {meld}",
  "{name} declares a closed kan: {tiles}": "You declare a closed kan: {tiles}",
  "{name} adds to a pon: a kan of {tiles}": "You add to your pon: a kan of {tiles}",
  "{name} wins by ron on {tile} from {from}!": "You win by ron on {tile} from {from}!",
  "{name} wins by tsumo on {tile}!": "You win by tsumo on {tile}!",
};

// The log writer of a board: `ctx` is the board's (T, the names, the seat you play or null).
export function riichiLog(ctx, list) {
  const { T, who, mine, windOf, windName } = ctx;
  let logged = 0; // events of the current hand already written
  let loggedHand = 0;

  function eventLine(e) {
    const name = e.seat ? who(e.seat) : "";
    const L = (msgid, fields = {}) => [msgid, fields]; // eventText translates it, in the person it needs
    switch (e.event) {
      case "hand_start":
        // The dealer is a seat wind (always East: the log's version 2 on).
        return L(mine() !== null && e.dealer === windOf(mine()) ? "{wind} round: you deal, honba {honba}." : "{wind} round: {name} deals, honba {honba}.", { wind: windName(e.round_wind), name: who(e.dealer), honba: e.honba });
      case "dora":
        return L("Dora indicator: {tile}", { tile: e.indicator });
      case "discard":
        return e.riichi ? L("{name}: riichi, discards {tile}", { name, tile: e.tile }) : L("{name} discards {tile}", { name, tile: e.tile });
      case "riichi":
        return L("{name} puts down a riichi stick.", { name });
      case "claim":
        if (e.kind === "win") return null;
        return L("{name} calls {call} on {tile} from {from}: {meld}", { name, call: T(e.call), tile: e.tile, from: who(e.from), meld: e.meld.join("") });
      case "kong":
        return L(e.kind === "concealed" ? "{name} declares a closed kan: {tiles}" : "{name} adds to a pon: a kan of {tiles}", { name, tiles: e.tiles.join("") });
      case "win":
        return e.from ? L("{name} wins by ron on {tile} from {from}!", { name, tile: e.tile, from: who(e.from) }) : L("{name} wins by tsumo on {tile}!", { name, tile: e.tile });
      case "exhausted":
        return L("The wall is empty: an exhaustive draw.");
      case "abort":
        return L("An abortive draw.");
      default:
        return null;
    }
  }

  function eventText(e) {
    const text = eventLine(e);
    if (!text) return null;
    const [msgid, fields] = text;
    const own = mine() !== null && e.seat && e.seat === windOf(mine()) && YOURS[msgid];
    return T(own || msgid, fields);
  }

  // The events of the view not written yet (all of them once a new hand begins).
  return function write(view) {
    if (loggedHand !== view.hand_number) {
      loggedHand = view.hand_number;
      logged = 0;
      list.replaceChildren();
    }
    for (const e of view.events.slice(logged)) {
      const text = eventText(e);
      if (!text) continue;
      const item = document.createElement("li");
      item.textContent = text;
      list.append(item);
    }
    logged = view.events.length;
    while (list.children.length > 60) list.firstChild.remove();
    // The list scrolls, not the page: in a room the events come while you look at the table.
    list.scrollTop = list.scrollHeight;
  };
}
