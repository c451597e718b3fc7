"""The texts of the game table page (``/games/{id}``), in English and Dutch.

``table.js`` writes every text of its own through ``T(msgid, fields)``: a look-up in the dict
:func:`texts` gives for the page's language (English msgid → text, ``{fields}`` filled in by the
script). :data:`SCRIPT` lists those msgids, :data:`PAGE` the texts ``table.html`` translates itself with
``_()``; both are marked with ``N_`` so ``python -m sparrow.i18n extract`` collects them.
"""

from __future__ import annotations

from sparrow.core.tiles import TILE_CODES, tile_name
from sparrow.i18n import N_, gettext, translate
from sparrow.rules import get_ruleset, ruleset_names

__all__ = ["SCRIPT", "PAGE", "texts", "tile_names", "rules_name"]

# Every msgid table.js looks up (the literal T("...") calls and the words its tables name).
SCRIPT = (
    # seats, players, the centre
    N_("East"), N_("South"), N_("West"), N_("North"),
    N_("Easy"), N_("Normal"), N_("Expert"),
    N_("You"), N_("you"), N_("Dealer"), N_("dealer"),
    N_("Round"), N_("Round wind"), N_("Wall"), N_("Tiles left in the wall"), N_("Hand {number}"),
    N_("{count} concealed tiles"), N_("{name}'s hand"), N_("{name}'s discards"), N_("Your discards"),
    N_("The last discard"), N_("Claimed from {name}"), N_("Flowers and seasons"), N_("concealed"),
    N_("chi"), N_("pong"), N_("kong"), N_("win"), N_("a chi"), N_("a pong"), N_("a kong"),
    # call-outs
    N_("Chi!"), N_("Pong!"), N_("Kong!"), N_("Ron!"), N_("Tsumo!"),
    # the buttons and the status line
    N_("Ron"), N_("Tsumo"), N_("Chi"), N_("Pong"), N_("Kong"), N_("Pass"),
    N_("Discard {tile}"), N_("Choose a tile to discard"),
    N_("No win on {tile}: {reason}"), N_("No win by self-draw on {tile}: {reason}"),
    N_("The match is over."), N_("The hand is over."), N_("The computer players are playing…"),
    N_("Your turn: choose a tile to discard."), N_("{name} discarded {tile}: claim it or pass."),
    N_("{name} adds {tile} to a kong: rob it or pass."), N_("Waiting…"),
    N_("Your {mine} gave way to the {theirs} of {name}."), N_("(passed automatically)"),
    # the log
    N_("Hand {number} starts: round wind {wind}, you deal."),
    N_("Hand {number} starts: round wind {wind}, {name} deals."),
    N_("You discard {tile}"), N_("{name} discards {tile}"), N_("You draw {tile}"),
    N_("You set out {tile}"), N_("{name} sets out {tile}"),
    N_("You win on {tile} from {from}!"), N_("{name} wins on {tile} from {from}!"),
    N_("You claim {kind} from {from}: {meld}"), N_("{name} claims {kind} from {from}: {meld}"),
    N_("You declare a concealed kong: {tiles}"), N_("{name} declares a concealed kong: {tiles}"),
    N_("You add to your pong: a kong of {tiles}"), N_("{name} adds to a pong: a kong of {tiles}"),
    N_("You rob the kong of {from}: {tile}!"), N_("{name} robs the kong of {from}: {tile}!"),
    N_("You win by self-draw (tsumo)!"), N_("{name} wins by self-draw (tsumo)!"),
    N_("You declared a win that is not one: a dead hand."),
    N_("{name} declared a win that is not one: a dead hand."),
    N_("The wall is empty: a drawn hand."),
    # the end of a hand
    N_("A drawn hand: nobody scores."), N_("You win on the discard of {name}!"),
    N_("{winner} wins on your discard."), N_("{winner} wins on the discard of {name}."),
    N_("You win by robbing the kong!"), N_("{winner} wins by robbing the kong."),
    N_("You win by self-draw!"), N_("{winner} wins by self-draw."),
    N_("Score and settlement"), N_("Winner"), N_("Winning tile"), N_("Dead hand"), N_("Limit hand"),
    N_("Total"), N_("Settlement"), N_("Player"), N_("Hand score"), N_("This hand"),
    N_("Next hand"), N_("New game"), N_("Replay this hand"),
    N_("point"), N_("points"), N_("doubling"), N_("doublings"), N_("faan"), N_("fan"), N_("limit"),
    # the final standings
    N_("Final standings"), N_("Rank"), N_("Hands won"), N_("Leaderboard points"),
    N_("You earned {points} leaderboard points in this match."), N_("No leaderboard points in this match."),
    N_("The hands of the match"), N_("Hand"), N_("How"), N_("Drawn hand"),
    N_("on a discard"), N_("self-drawn"), N_("robbing the kong"),
    # hints
    N_("Complete: declare the win"), N_("Ready (tenpai)"), N_("Shanten {count}"),
    N_("Waiting, but no wait reaches the minimum"), N_("waits, short of the minimum, on"),
    N_("{unseen} left · ron {ron}, tsumo {tsumo}"), N_("{unseen} left · cannot win: {reason}"),
    N_("not a legal win"), N_("Discard"), N_("waits on"), N_("shanten {count}, improves with"),
    N_("({unseen} unseen)"), N_("Improves with"),
    # what a family panel shows (table/family.js: Riichi's sticks, dora, who paid what, its hint)
    N_("Riichi!"),
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
    N_("You declare an abortive draw: {what}"), N_("{name} declares an abortive draw: {what}"),
    # the abortive draws by kind (table/family.js ABORTS: family_views.ABORTS's names)
    N_("Nine terminals and honours"), N_("Four of one wind discarded"), N_("Four kongs by several players"),
    N_("Four riichi"), N_("Three players won on one discard"),
    N_("{name} wins by tsumo"), N_("{name} wins by ron from {from}"), N_("han"), N_("fu"),
    N_("Exhaustive draw"), N_("Ready (tenpai): {names}"), N_("Nobody was ready."), N_("Abortive draw: {what}"),
    N_("Score"), N_("Final results (uma and oka included)"), N_("Points"), N_("Result"),
    N_("chi"), N_("pon"), N_("daiminkan"), N_("ankan"), N_("kakan"),
    N_("{wind} round: you deal, honba {honba}."), N_("You declare riichi and discard {tile}"),
    N_("You put down a riichi stick."), N_("You call {call} on {tile} from {from}: {meld}"),
    N_("You declare a closed kan: {tiles}"), N_("You add to your pon: a kan of {tiles}"),
    N_("You win by ron on {tile} from {from}!"), N_("You win by tsumo on {tile}!"),
    N_("You win by tsumo"), N_("You win by ron from {from}"),
    # who paid what (table/family.js)
    N_("{payer} pays {payee} {points} ({what})"), N_("{payee} takes the riichi sticks: {points}"),
    N_("{payee} takes the sticks left on the table: {points}"), N_("You pay {payee} {points} ({what})"),
    N_("You take the riichi sticks: {points}"), N_("You take the sticks left on the table: {points}"),
    N_("ron"), N_("tsumo"), N_("liability (pao)"),
    N_("noten payment"), N_("nagashi mangan"),
    # the hint panel (table/hints.js)
    N_("1 tile from ready"), N_("{count} tiles from ready"), N_("Leaves"), N_("Tiles"), N_("no yaku"),
    N_("yakuman · {points}"), N_("{han} han {fu} fu · {points}"), N_("furiten"), N_("safe from {names}"),
    # the readings of a tile's danger against a riichi (bots/reading.py), and their line
    N_("genbutsu"), N_("honour, 3 seen"), N_("honour, 2 seen"), N_("honour, 1 seen"), N_("honour, none seen"), N_("no chance"),
    N_("suji 1/9"), N_("suji 2/8"), N_("suji 3/7"), N_("both suji 4-6"), N_("half suji 4-6"), N_("no suji 1/9"),
    N_("no suji 2/8"), N_("no suji 3/7"), N_("no suji 4-6"), N_("one chance"), N_("beside the riichi tile"), N_("outside an early discard"),
    N_("Safest against {names}"), N_("{name} {percent}% ({why})"), N_("deal-in risk"),
    N_("The match's last hand: the figures count the places at stake (uma and oka)"),
    # the readings of a tile's danger against a hand that looks ready (bots/danger.py)
    N_("its own discard"), N_("terminal"), N_("2 or 8"), N_("middle tile"), N_("no copy unseen"),
    N_("the suit it collects"), N_("outside the suit it collects"),
    N_("win {chance}%, worth {worth}, expected {value}"),
    N_("Each choice, in expected points"),
    # the evaluator's reasons for a discard (bots/reasons.py), as hints.js words them
    N_("Why"),
    N_("ready on {tiles} ({left} left)"),
    N_("ready on {tiles}, by tsumo only (furiten)"),
    N_("no yaku in sight"),
    N_("nothing in sight reaches the minimum"),
    N_("1 tile brings it closer"),
    N_("{count} tiles bring it closer"),
    N_("a step behind the fastest discard"),
    N_("{count} steps behind the fastest discard"),
    N_("lets {tiles} go, {han} han of dora"),
    N_("suji of the riichi tile {tiles} ({name})"),
    N_("suji of {tiles} (discarded by {name})"),
    N_("no chance against {name}: every {tiles} in view"),
    # take back, in an unranked game (table.js)
    N_("Take back"), N_("Take back your last decision and the computer players' replies to it"),
    N_("Your last decision was taken back."),
)  # fmt: skip

# The texts table.html translates with _() (the rules' short names, the settings dialog, the keys).
PAGE = (
    N_("{rules} vs {level}"), N_("unranked"), N_("Hints"), N_("Settings"), N_("Your hand"), N_("Your sets"),
    N_("What happened"), N_("Computer players' pace"), N_("Slow"), N_("Normal"), N_("Fast"), N_("Instant"),
    N_("Hints (shanten, waits, scores)"), N_("Pass automatically on claims (never on a win)"), N_("Sound"),
    N_("Tile captions (5p, 1z…)"), N_("Done"),
    N_("Keys: ← → choose a tile, Enter discards it; type a tile (5p, 7z) to choose it."),
    N_("Casual"), N_("Chinese"),
)  # fmt: skip


def texts(lang: str) -> dict[str, str]:
    """The texts table.js writes, in ``lang`` (English msgid → text)."""
    _ = gettext(lang)
    return {msgid: _(msgid) for msgid in SCRIPT}


def tile_names(lang: str) -> dict[str, str]:
    """Every tile's name for running text in ``lang``, by its notation (``7z`` -> ``Red Dragon`` /
    ``Rode draak``, ``0p`` -> ``Red 5 Circles``): the core's one list (:func:`sparrow.core.tiles.tile_name`)
    through the catalogue. The table, the room and the replay write tiles in their logs and status lines
    with these (``tileName`` in ``static/tiles.js``), never in the notation."""
    return {code: translate(tile_name(code), lang) for code in TILE_CODES}


def rules_name(rules: str, lang: str) -> str:
    """The short name of a game's rules on its page (``Ruleset.short_name``; NTS and HKOS are the same in
    every language)."""
    name = get_ruleset(rules).short_name if rules in ruleset_names() else rules
    return gettext(lang)(name or get_ruleset(rules).title)
