// Tenhou mjlog XML -> tenhou.net/6 JSON, using two public npm packages by kobalab:
//   @kobalab/tenhou-log (XML -> Majiang "paipu") and @kobalab/tenhou-url-log (paipu -> tenhou.net/6 JSON).
// The only thing added here: tenhou-url-log keeps one 和了 per hand, so for a hand with several
// AGARI tags (double / triple ron) each win is converted on its own and the results are joined
// as tenhou.net/6 does: ["和了", deltas1, info1, deltas2, info2, ...].
// usage: node mjlog2tenhou6.js IN.xml LOG_ID > OUT.json
const fs = require('fs');
const convlog = require('@kobalab/tenhou-log');
const logconv = require('@kobalab/tenhou-url-log');
const [xmlPath, logId] = process.argv.slice(2);
const xml = fs.readFileSync(xmlPath, 'utf8');
const paipu = convlog(xml, logId ? ':' + logId : undefined);
const title = convlog(xml).title.split('\n')[0];          // e.g. 四鳳南喰赤
const disp = title.replace(/^四/, '');                    // tenhou.net/6 writes e.g. 鳳南喰赤
const aka = /赤/.test(disp) ? 1 : 0;
const out = logconv(paipu, null, { disp: disp, aka: aka });
for (let i = 0; i < paipu.log.length; i++) {
  const hand = paipu.log[i];
  const wins = hand.map((d, j) => (d.hule ? j : -1)).filter(j => j >= 0);
  if (wins.length < 2) continue;
  const merged = ['和了'];
  let ura = [];
  for (const w of wins) {
    const only = hand.filter((d, j) => !d.hule || j === w);
    const one = logconv(Object.assign({}, paipu, { log: [only] }), null, { disp: disp, aka: aka });
    const end = one.log[0][16];
    merged.push(end[1], end[2]);
    // tenhou.net/6 keeps one ura dora list per hand: take it from the win that shows it
    // (a winner without riichi shows none)
    if (!ura.length) ura = one.log[0][3];
  }
  out.log[i][3] = ura;
  out.log[i][16] = merged;
}
// tenhou.net/6 lists a red five right after the plain fives of its suit in the starting hands;
// tenhou-url-log puts it first. Sort the same way so the output matches tenhou's own JSON.
const key = t => (t >= 51 && t <= 53 ? (t - 50) * 10 + 5.5 : t);
for (const hand of out.log) for (const s of [4, 7, 10, 13]) hand[s].sort((a, b) => key(a) - key(b));
if (logId) out.ref = logId;
process.stdout.write(JSON.stringify(out) + '\n');
