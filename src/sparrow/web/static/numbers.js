// Numbers as the page's language writes them, wherever a score is shown (the score cards, the
// calculator, the table's and the replay's payments and totals, the sheets): 12,000 in English and
// 12.000 in Dutch, 1.5 and 1,5. The language is the page's own (<html lang>), as the server wrote it.
const LANG = globalThis.document?.documentElement?.lang || undefined;
const WHOLE_OR_FRACTION = new Intl.NumberFormat(LANG, { maximumFractionDigits: 2 });

// A number grouped by thousands; anything that is not a number (a "–", a text) as it is.
export function formatNumber(value) {
  return typeof value === "number" && Number.isFinite(value) ? WHOLE_OR_FRACTION.format(value) : String(value ?? "");
}

// A gain with its plus sign, a loss with its minus: +1,000, -500, 0.
export function signedNumber(value) {
  return typeof value === "number" && value > 0 ? `+${formatNumber(value)}` : formatNumber(value);
}
