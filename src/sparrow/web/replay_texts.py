"""The replay page's words and the result of a replayed hand, in the page's language.

The page's script (``static/replay.js``) writes one sentence per event of the log, as a player would
say it: ``You discard 5p`` for the person at the table, ``East discards 5p`` for the others. It takes
every text from :func:`replay_texts` (English msgid -> text in the page language, the Dutch from the
catalogue), so the sentences are whole templates with ``{fields}``, one for "you" and one for another
seat, and the grammar of each language stays in its own catalogue entry.

:func:`replay_result` is the end of the hand as the page shows it after the last step: how it ended,
the winner's score card (the win event's score result, its lines translated as the calculator's card
is, with the arithmetic of the same scoring), the hand scores (every hand under NTS), the payments and
the running totals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sparrow.core.situation import HandSituation
from sparrow.game.hands import replay_hand
from sparrow.i18n import N_, gettext, translate, translate_result
from sparrow.play.table import HUMAN, family_hands
from sparrow.rules import get_ruleset
from sparrow.web import table_texts
from sparrow.web.family_views import family_result

__all__ = ["TEXTS", "replay_texts", "replay_result", "human_seat", "translate_events"]

# Every text the page and its script show (msgids; the Dutch is in locale/nl). Texts with "You"
# are said of the person at the table; "{who}" is another seat, "{whom}" a seat or "you" as object.
TEXTS = (
    # the page
    N_("Replay of hand {number}"),
    N_("{rules} against {level} computer players"),
    N_("Easy"),
    N_("Normal"),
    N_("Expert"),
    N_("Back to the game"),
    N_("« First"),
    N_("Last »"),
    N_("First step"),
    N_("Previous step"),
    N_("Next step"),
    N_("Last step"),
    N_("Autoplay"),
    N_("Pause"),
    N_("Step {step} of {steps}"),
    N_("{count} tiles left in the wall"),
    N_("{count} tile left in the wall"),
    N_("You"),
    N_("you"),
    # the events
    N_("Round wind {wind}; you are the dealer."),
    N_("Round wind {wind}; {who} is the dealer."),
    N_("The tiles are dealt."),
    N_("You draw {tile}."),
    N_("{who} draws {tile}."),
    N_("You draw a replacement tile: {tile}."),
    N_("{who} draws a replacement tile: {tile}."),
    N_("You discard {tile}."),
    N_("{who} discards {tile}."),
    N_("You set aside {bonus} and draw {tile}."),
    N_("{who} sets aside {bonus} and draws {tile}."),
    N_("You set aside {bonus}."),
    N_("{who} sets aside {bonus}."),
    N_("You chow {tile} from {whom}: {meld}."),
    N_("{who} chows {tile} from {whom}: {meld}."),
    N_("You pong {tile} from {whom}."),
    N_("{who} pongs {tile} from {whom}."),
    N_("You kong {tile} from {whom}."),
    N_("{who} kongs {tile} from {whom}."),
    N_("You declare a concealed kong of {tile}."),
    N_("{who} declares a concealed kong of {tile}."),
    N_("You add the fourth {tile} to your pung: an open kong."),
    N_("{who} adds the fourth {tile} to their pung: an open kong."),
    N_("You win on a discard from {whom} (Ron)."),
    N_("{who} wins on a discard from {whom} (Ron)."),
    N_("You win by self-draw (Tsumo)."),
    N_("{who} wins by self-draw (Tsumo)."),
    N_("You win on the replacement tile after a kong (Tsumo)."),
    N_("{who} wins on the replacement tile after a kong (Tsumo)."),
    N_("You win on the replacement tile after a flower (Tsumo)."),
    N_("{who} wins on the replacement tile after a flower (Tsumo)."),
    N_("You win by robbing the kong of {whom}."),
    N_("{who} wins by robbing the kong of {whom}."),
    N_("You declare a win that is not one ({reason}): your hand is dead."),
    N_("{who} declares a win that is not one ({reason}): a dead hand."),
    N_("The wall is empty: a drawn hand."),
    # the result
    N_("Result"),
    N_("Hand score"),
)

# Texts the catalogue already holds for other pages, which the script uses too.
_SHARED = (
    "East", "South", "West", "North", "Score card", "Total", "Payments", "Player", "Gain or loss",
    "Dead hand", "Limit hand", "points", "point", "doubling", "doublings", "faan", "fan",
)  # fmt: skip


def replay_texts(lang: str) -> dict[str, str]:
    """Every text the replay page's script writes, in ``lang`` (English msgid -> text): its own, and the
    table's, whose family panel (``static/table/family.js``) it draws too."""
    _ = gettext(lang)
    return table_texts.texts(lang) | {text: _(text) for text in (*TEXTS, *_SHARED)}


def human_seat(players: Mapping[str, str] | None) -> str | None:
    """The seat of the person at the table in this hand (the players' name "You"), if any."""
    return next((seat for seat, name in (players or {}).items() if name == HUMAN), None)


def translate_events(frames: Sequence[dict[str, Any]], lang: str) -> None:
    """Give each false claim to win a ``reason_text`` in ``lang`` (the referee's ``reason`` stays)."""
    for frame in frames:
        for event in frame["events"]:
            if event.get("event") == "false_win" and isinstance(event.get("reason"), str):
                event["reason_text"] = translate(event["reason"], lang)


def _score_card(win: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The win's score result as logged, with the arithmetic of scoring its situation again (when
    that gives the same lines and total), its texts in ``lang``."""
    card = dict(win["score"])
    try:
        again = get_ruleset(card["rules"]).score(HandSituation.from_dict(win["situation"]))
    except (ValueError, KeyError, NotImplementedError):
        again = None
    if again is not None and again.total == card.get("total"):
        if [item.to_dict() for item in again.items] == card.get("items"):
            card["arithmetic"] = again.arithmetic
    return translate_result(card, lang)


def replay_result(events: Sequence[Mapping[str, Any]], lang: str) -> dict[str, Any] | None:
    """How a finished hand ended, as the replay page shows it after its last step (``None`` if the
    log has no ``hand_end``): the winner, the score card, the scores, payments and totals by seat,
    and ``family``, what the family says more (Riichi: each win with its ura dora, who paid whom
    what, the sticks and honba; :func:`~sparrow.web.family_views.family_result`), None for others."""
    if not events or events[-1].get("event") != "hand_end":
        return None
    start, end = events[0], events[-1]
    win = next((event for event in events if event.get("event") == "win"), None)
    ruleset = get_ruleset(start["rules"])
    hand = replay_hand(events)
    result = hand.result
    if result is None:
        return None
    payments = dict(result.payments)
    before = start.get("totals")
    if not isinstance(before, Mapping):
        before = start.get("scores")  # a family that names the points before the hand so
    totals = None
    if isinstance(before, Mapping) and set(before) >= set(payments):
        totals = {seat: before[seat] + payments[seat] for seat in payments}
    dead = end.get("dead")
    if dead is None:
        dead = [event["seat"] for event in events if event.get("event") == "false_win"]
    cards = hand.score_cards()
    score = None
    if win is not None and "situation" in win:
        score = _score_card(win, lang)  # the logged card, with the arithmetic of scoring it again
    elif result.winner is not None and result.winner in cards:
        card = cards[result.winner]
        score = translate_result(card.to_dict() | {"arithmetic": card.arithmetic}, lang)
    seen = hand.observation(result.winner or next(iter(payments)))
    return {
        "winner": result.winner,
        "win_by": result.win_by,
        "discarder": result.discarder,
        "exhausted": any(event.get("event") == "exhausted" for event in events),
        "dead": list(dead),
        "score": score,
        "limit_unit": ruleset.limit_unit,
        "scores": dict(result.scores),
        "scores_losers": ruleset.table(start.get("options") or {}).scores_losers,
        "payments": payments,
        "totals": totals,
        "family": family_result(
            result.family,
            hand.events,
            cards,
            None if seen.family is None else seen.family.to_dict(),
            lang,
            hands=family_hands(hand),
        ),
    }
