// The score card of one hand, as the calculator, the replay and the table draw it: every item with its
// value, the limit hand, why a hand is not a win, the arithmetic and the total. Each page says how a
// value reads (`valueText`), in its language (`T`), and how its total is found by its tests.
import { formatNumber } from "./numbers.js";

// "3 points", "1 doubling", "2 faan": a limit item counts in the ruleset's own unit (HKOS: faan).
export function plainValueText(item, T, limitUnit = "points") {
  const kind = item.kind === "limit" ? limitUnit || "points" : item.kind;
  const unit =
    kind === "points"
      ? item.value === 1 ? "point" : "points"
      : kind === "doubling" ? (item.value === 1 ? "doubling" : "doublings") : kind;
  return `${formatNumber(item.value)} ${T(unit)}`;
}

function wideRow(body, className, text) {
  const row = body.insertRow();
  row.className = className;
  const cell = row.insertCell();
  cell.colSpan = 2;
  cell.textContent = text;
}

export function scoreCardTable(card, { T, valueText, testid = "scorecard", totalId = null, totalTestid = null, showReason = false }) {
  const table = document.createElement("table");
  table.className = "scorecard";
  table.dataset.testid = testid;
  const body = table.createTBody();
  const items = card.items || [];
  for (const item of items) {
    const row = body.insertRow();
    row.className = `item ${item.kind}`;
    row.insertCell().textContent = item.name;
    const value = row.insertCell();
    value.className = "num";
    value.textContent = valueText(item);
  }
  if (card.limit && !items.some((item) => item.kind === "limit")) {
    const row = body.insertRow();
    row.className = "limit";
    row.insertCell().textContent = T("Limit hand");
    row.insertCell().textContent = card.limit;
  }
  if (showReason && card.valid === false && card.reason && !items.length) wideRow(body, "arith", card.reason);
  if (card.arithmetic) wideRow(body, "arith", card.arithmetic);
  const total = body.insertRow();
  total.className = "total";
  const head = document.createElement("th");
  head.textContent = T("Total");
  const number = document.createElement("th");
  number.className = "num";
  if (totalId) number.id = totalId;
  if (totalTestid) number.dataset.testid = totalTestid;
  number.textContent = formatNumber(card.total);
  total.append(head, number);
  return table;
}
