"""The texts of the Riichi table page (``/games/{id}`` of a Riichi game), in English and Dutch.

``riichi-table.js`` writes every text through ``T(msgid, fields)``, looked up in the dict :func:`texts`
gives for the page's language: the table page's own texts (``table_texts``) and the Riichi ones
listed in :data:`SCRIPT` (marked with ``N_`` so ``python -m sparrow.i18n extract`` collects them).
"""

from __future__ import annotations

from sparrow.i18n import N_, gettext
from sparrow.web import table_texts

__all__ = ["SCRIPT", "PAGE", "texts", "preset_name"]

SCRIPT = (
    N_("Riichi"), N_("Double riichi"), N_("honba"), N_("sticks"), N_("Dora indicators"),
    N_("Ura dora indicators"), N_("{wind} round, hand {number}"),
    N_("{honba} honba, {sticks} riichi sticks on the table"),
    N_("Pon"), N_("Kan"), N_("Closed kan"), N_("Added kan"), N_("Nine terminals (abortive draw)"),
    N_("Riichi: choose the discard"), N_("Riichi with {tile}"),
    N_("You can win on this discard: Ron or Pass."), N_("Claim the discard or pass."),
    N_("Riichi: choose the discard that leaves your hand ready."), N_("Furiten: you cannot win by ron"),
    N_("{wind} round: {name} deals, honba {honba}."), N_("Dora indicator: {tile}"),
    N_("{name}: riichi, discards {tile}"), N_("{name} puts down a riichi stick."),
    N_("{name} calls {call} on {tile} from {from}: {meld}"), N_("{name} declares a closed kan: {tiles}"),
    N_("{name} adds to a pon: a kan of {tiles}"), N_("{name} wins by ron on {tile} from {from}!"),
    N_("{name} wins by tsumo on {tile}!"), N_("The wall is empty: an exhaustive draw."), N_("An abortive draw."),
    N_("{name} wins by tsumo"), N_("{name} wins by ron from {from}"), N_("han"), N_("fu"),
    N_("Exhaustive draw"), N_("Ready (tenpai): {names}"), N_("Nobody was ready."), N_("Abortive draw: {what}"),
    N_("Score"), N_("Final results (uma and oka included)"), N_("Points"), N_("Result"),
    N_("chi"), N_("pon"), N_("daiminkan"), N_("ankan"), N_("kakan"),
    N_("{wind} round: you deal, honba {honba}."), N_("You declare riichi and discard {tile}"),
    N_("You put down a riichi stick."), N_("You call {call} on {tile} from {from}: {meld}"),
    N_("You declare a closed kan: {tiles}"), N_("You add to your pon: a kan of {tiles}"),
    N_("You win by ron on {tile} from {from}!"), N_("You win by tsumo on {tile}!"),
    N_("You win by tsumo"), N_("You win by ron from {from}"),
    # who paid what (riichi/result.js)
    N_("{payer} pays {payee} {points} ({what})"), N_("{payee} takes the riichi sticks: {points}"),
    N_("{payee} takes the sticks left on the table: {points}"), N_("You pay {payee} {points} ({what})"),
    N_("You take the riichi sticks: {points}"), N_("You take the sticks left on the table: {points}"),
    N_("ron"), N_("tsumo"), N_("liability (pao)"),
    N_("noten payment"), N_("nagashi mangan"),
    # the hint panel (riichi/hint.js)
    N_("1 tile from ready"), N_("{count} tiles from ready"), N_("Leaves"), N_("Tiles"), N_("no yaku"),
    N_("yakuman · {points}"), N_("{han} han {fu} fu · {points}"), N_("furiten"), N_("safe from {names}"),
)  # fmt: skip

# The texts riichi_table.html translates with _().
PAGE = (
    N_("Click a tile to choose it and again to discard it (or ← → and Enter); Riichi first to declare riichi with "
       "that discard."),
)  # fmt: skip

# The presets as the page's bar names them (the rooms' and clubs' own names, the same in every language).
_PRESETS = {
    "tenhou": "Tenhou",
    "mahjong-soul": "Mahjong Soul",
    "m-league": "M-League",
    "wrc": "WRC",
}


def texts(lang: str) -> dict[str, str]:
    """The texts riichi-table.js writes, in ``lang`` (English msgid → text)."""
    _ = gettext(lang)
    return table_texts.texts(lang) | {msgid: _(msgid) for msgid in SCRIPT}


def preset_name(preset: object) -> str:
    """The preset a game is played under, as the page names it."""
    return _PRESETS.get(str(preset), str(preset))
