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
from sparrow.i18n import N_, gettext, translate, translate_result
from sparrow.play.table import HUMAN
from sparrow.rules import get_ruleset

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
    N_("the flower {tile}"),
    N_("the season {tile}"),
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
    """Every text the replay page's script writes, in ``lang`` (English msgid -> text)."""
    _ = gettext(lang)
    return {text: _(text) for text in (*TEXTS, *_SHARED)}


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
    log has no ``hand_end``)."""
    if not events or events[-1].get("event") != "hand_end":
        return None
    start, end = events[0], events[-1]
    win = next((event for event in events if event.get("event") == "win"), None)
    ruleset = get_ruleset(start["rules"])
    payments = dict(end["payments"])
    before = start.get("totals")
    totals = None
    if isinstance(before, Mapping) and set(before) >= set(payments):
        totals = {seat: before[seat] + payments[seat] for seat in payments}
    dead = end.get("dead")
    if dead is None:
        dead = [event["seat"] for event in events if event.get("event") == "false_win"]
    return {
        "winner": win["seat"] if win else None,
        "win_by": win["situation"].get("win_by") if win else None,
        "discarder": win.get("from") if win else None,
        "exhausted": any(event.get("event") == "exhausted" for event in events),
        "dead": list(dead),
        "score": _score_card(win, lang) if win else None,
        "limit_unit": ruleset.limit_unit,
        "scores": dict(end["scores"]),
        "scores_losers": ruleset.table(start.get("options") or {}).scores_losers,
        "payments": payments,
        "totals": totals,
    }
