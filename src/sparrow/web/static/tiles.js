// Tiles drawn with type: the suit characters 筒 索 萬 under their numbers, the wind and dragon
// characters, flowers and seasons. The notation (5p, 7z) is the language-neutral label. A red five
// (Riichi's aka dora) is written 0m, 0p or 0s: drawn as a 5 in red with a red dot.

// Tiles in running text (a log line, a status line) are named as players write them: "Red Dragon",
// "Bamboe 3", "Red 5 Circles", never in the notation. The names, in the page's language, are the
// server's one list (core/tiles.py tile_name, through the catalogue: web/table_texts.py tile_names),
// which the page hands over with useTileNames.
let TILE_NAMES = {};

export function useTileNames(names) {
  TILE_NAMES = names || {};
}

export const tileName = (code) => TILE_NAMES[code] || code;

// A set or several tiles in a sentence: each different tile named once, in order
// ("3 Bamboo, 4 Bamboo, 5 Bamboo" for a chow; "Red Dragon" for a pung of them).
export function tilesName(tiles) {
  return [...new Set(parseTiles(tiles))].map(tileName).join(", ");
}

const SUITS = { m: "萬", p: "筒", s: "索" };
const HONOURS = { 1: "東", 2: "南", 3: "西", 4: "北", 5: "白", 6: "發", 7: "中" };
const BONUS = { 1: "梅", 2: "蘭", 3: "菊", 4: "竹", 5: "春", 6: "夏", 7: "秋", 8: "冬" };
const ORDER = { m: 0, p: 1, s: 2, z: 3, f: 4 };

// "123m5p" -> ["1m", "2m", "3m", "5p"] (the letter applies to every digit before it); a list of
// tiles (as a family's own log writes its sets, ["5s", "0s", "5s"]) is one already.
export function parseTiles(text) {
  if (Array.isArray(text)) return [...text];
  const tiles = [];
  let digits = [];
  for (const ch of text || "") {
    if (ch >= "0" && ch <= "9") digits.push(ch);
    else if (ch in ORDER) {
      for (const d of digits) tiles.push(d + ch);
      digits = [];
    }
  }
  return tiles;
}

// "0p" (a red five) -> "5p": the kind of tile, whatever its colour.
export function tileKind(code) {
  return code[0] === "0" ? `5${code[1]}` : code;
}

// A red five sorts with the fives, just before them (as 340p5p is written 3405p).
const rankValue = (code) => (code[0] === "0" ? 4.5 : Number(code[0]));

export function sortTiles(tiles) {
  return [...tiles].sort((a, b) => ORDER[a[1]] - ORDER[b[1]] || rankValue(a) - rankValue(b));
}

export function tileElement(code, { size = "", button = false } = {}) {
  const el = document.createElement(button ? "button" : "span");
  if (button) el.type = "button";
  const rank = code[0];
  const suit = code[1];
  const red = rank === "0" && suit in SUITS;
  el.className = `tile t-${suit}${suit === "z" ? " z" + rank : ""}${red ? " red-five" : ""}${size ? " " + size : ""}`;
  el.dataset.tile = code;
  el.setAttribute("aria-label", code);
  if (!button) el.setAttribute("role", "img");
  const face = document.createElement("span");
  face.className = "face";
  face.setAttribute("aria-hidden", "true");
  if (red) {
    face.innerHTML = `<b class="red">5</b><i>${SUITS[suit]}</i><span class="red-dot"></span>`;
  } else if (suit in SUITS) {
    face.innerHTML = `<b>${rank}</b><i>${SUITS[suit]}</i>`;
  } else if (suit === "z") {
    face.innerHTML = `<b class="honour">${HONOURS[rank]}</b>`;
  } else {
    face.innerHTML = `<b class="flower">${BONUS[rank]}</b><i>${((rank - 1) % 4) + 1}</i>`;
  }
  el.append(face);
  const caption = document.createElement("span");
  caption.className = "caption";
  caption.setAttribute("aria-hidden", "true");
  caption.textContent = code;
  el.append(caption);
  return el;
}

export function tileRow(text, options = {}) {
  const row = document.createElement("span");
  row.className = "tiles";
  const tiles = Array.isArray(text) ? text : parseTiles(text);
  for (const code of tiles) row.append(tileElement(code, options));
  return row;
}

export function backs(count, size = "small") {
  const row = document.createElement("span");
  row.className = "tiles backs";
  row.setAttribute("aria-label", `${count} concealed tiles`);
  for (let i = 0; i < count; i++) {
    const back = document.createElement("span");
    back.className = `tile back ${size}`;
    back.setAttribute("aria-hidden", "true");
    row.append(back);
  }
  return row;
}

export function meldElement(meld, options = {}) {
  const box = document.createElement("span");
  box.className = "meld" + (meld.open === false ? " concealed" : "");
  box.append(tileRow(meld.tiles, options));
  box.setAttribute("aria-label", `${meld.open === false ? "concealed " : ""}${meld.kind} ${meld.tiles}`);
  return box;
}
