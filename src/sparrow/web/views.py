"""What the API answers about a game: the GameView, the hint, and the frames of a replay.

Everything here is a pure function of a :class:`~sparrow.play.table.Table` (or of a finished hand's log)
and of the game's stored record. Before a hand is over a view is made only of the human seat's
observation and its ``seat_view`` of the events: no other seat's concealed or drawn tile, no wall,
no seed. Every hand is shown once it is over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sparrow.bots.evaluator import places_counted, threats
from sparrow.core.analysis import accepted_tiles, shanten, unseen_count
from sparrow.core.tiles import Tile, tile_counts
from sparrow.game.actions import ActionKind
from sparrow.game.events import tiles_in_order_text, tiles_text
from sparrow.game.hands import Hand, from_hand_start, replay_onto
from sparrow.game.replay import ReplayError
from sparrow.game.state import Observation, Phase
from sparrow.i18n import N_, translate, translate_result
from sparrow.play.hints import with_values, would_score
from sparrow.play.room import RoomTable
from sparrow.play.table import Step, Table
from sparrow.rules import ScoreResult, get_ruleset
from sparrow.store import GameRecord
from sparrow.web.family_views import family_result

__all__ = [
    "game_view",
    "result_view",
    "refused_win",
    "standings",
    "history",
    "finish_of",
    "hint",
    "replay_frames",
    "summary",
]


def summary(game: GameRecord, finish: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A game in a list: what it is and where it stands (``finish``: how a match that is over ended
    for its human player, see :func:`finish_of`)."""
    return {
        "id": game.id,
        "rules": game.rules,
        "level": game.level,
        "options": dict(game.options),
        "ranked": game.ranked,
        "hand_number": game.hand_number,
        "hand_over": game.hand_over,
        "match_over": game.match_over,
        "created_at": game.created_at,
        "updated_at": game.updated_at,
        "finish": dict(finish) if finish is not None else None,
    }


def game_view(game: GameRecord, table: Table, lang: str = "en", points: int = 0) -> dict[str, Any]:
    """The GameView of ``web-api.md`` (plus ``hand_over``, ``version``, ``ranked``, ``dealer`` and
    ``refused_win``); texts meant for the player (score cards, reasons) in ``lang``. ``points``: the
    leaderboard points one won hand earns the human in this game (0 for a guest or an unranked game)."""
    step = table.view()
    view = summary(game)
    del view["updated_at"], view["created_at"], view["finish"]
    view |= {
        "seat": step.seat,
        "hand_number": step.hand_number,
        "hand_over": step.hand_over,
        "match_over": step.match_over,
        "version": game.version,
        "dealer": "E",  # the dealer always sits East: the seats move, the winds do not
        "observation": step.observation.to_dict(),
        "events": list(step.events),
        "refused_win": None if step.hand_over else refused_win(step.observation, step.events, lang),
        "result": result_view(step, lang) if step.hand_over else None,
    }
    if step.match_over and view["result"] is not None:
        view["result"] |= {"standings": standings(table, points), "history": history(table, lang)}
    return view


def _card(score: ScoreResult, lang: str) -> dict[str, Any]:
    return translate_result(score.to_dict() | {"arithmetic": score.arithmetic}, lang)


def result_view(step: Step, lang: str = "en") -> dict[str, Any] | None:
    """How the hand ended: every hand revealed with its sets and bonus tiles, the winning tile, the
    score card of every hand the ruleset scored, the payments and the running totals; ``family``, what
    the family says more of the hand's end (:func:`~sparrow.web.family_views.family_result`: Riichi's
    wins with their cards and ura dora, who paid what, the sticks and honba), None for the others."""
    result = step.result
    if result is None:
        return None
    observation = step.observation
    winning = result.situation.winning_tile if result.situation is not None else None
    family = observation.family
    return {
        "winner": result.winner,
        "win_by": result.win_by,
        "discarder": result.discarder,
        "winning_tile": str(winning) if winning is not None else None,
        "hands": dict(step.hands),
        "melds": {seat: [_meld_view(m) for m in melds] for seat, melds in observation.melds.items()},
        "bonus": {seat: tiles_text(tiles) for seat, tiles in observation.bonus.items()},
        "score": _card(result.score, lang) if result.score is not None else None,
        "cards": {seat: _card(card, lang) for seat, card in step.cards.items()},
        "scores": dict(result.scores),
        "payments": dict(result.payments),
        "totals": dict(step.totals),
        "dead": list(result.dead),
        "other_winners": list(result.other_winners),
        "ending": _ending(result.ending, lang),
        "family": family_result(
            result.family,
            step.events,
            step.cards,
            None if family is None else family.to_dict(),
            lang,
            hands=step.family_hands,
        ),
    }


# How a hand without a winner ends, as the families word it (Riichi's ``HandResult.ending``): the
# templates and the words they hold, for the catalogue.
ENDINGS = (
    N_("The wall is empty: nobody is ready."), N_("The wall is empty: ready {seats}."),
    N_("An abortive draw: {kind}."),
    N_("nine terminals"), N_("four winds"), N_("four kongs"), N_("four riichi"), N_("triple ron"),
)  # fmt: skip


def _ending(text: str | None, lang: str) -> str | None:
    """How a hand without a winner ended, as the family words it (in English), in ``lang``."""
    return translate(text, lang) if text else None


def _winners(result: Any) -> list[str]:
    """Every winner of a hand (several where the family has several at once), by seat."""
    return ([] if result.winner is None else [result.winner]) + list(result.other_winners)


def standings(table: Table | RoomTable, points: int = 0) -> list[dict[str, Any]]:
    """The match's final ranking: each player's total, hands won, and the leaderboard points the
    human earned (``points`` a won hand; the bots earn none). Equal totals share a rank. Where the
    family ranks whole games (``Ruleset.sheet_rows`` "games": places, uma and oka), each row has its
    ``place`` and its ``result`` with uma and oka, in thousands, and as the players write it
    (``result_text``, "+53.7")."""
    seats = table.match.seating() if table.hand is None else dict(table.hand.players)
    seat_of = {name: seat for seat, name in seats.items()}
    human = getattr(table, "human", None)  # a room has several people and no leaderboard points
    won = dict.fromkeys(table.match.players, 0)
    for outcome in table.results:
        for winner in _winners(outcome.result):
            won[outcome.players[winner]] += 1
    if get_ruleset(table.rules).sheet_rows == "games":
        rows = []
        for place, (name, total, text) in enumerate(table.match.placings(), start=1):
            rows.append(
                {
                    "name": name,
                    "seat": seat_of.get(name),
                    "rank": place,
                    "place": place,
                    "total": total,
                    "result": float(text),
                    "result_text": text,
                    "hands_won": won[name],
                    "points": won[name] * points if name == human else 0,
                }
            )
        return rows
    rows = []
    rank = 0
    previous = None
    for place, (name, total) in enumerate(table.match.standings(), start=1):
        if total != previous:
            rank, previous = place, total
        rows.append(
            {
                "name": name,
                "seat": seat_of.get(name),
                "rank": rank,
                "total": total,
                "hands_won": won[name],
                "points": won[name] * points if name == human else 0,
            }
        )
    return rows


def history(table: Table | RoomTable, lang: str = "en") -> list[dict[str, Any]]:
    """Every hand of the match in a line: its winner (a player's name, None for a drawn hand), how
    it was won (a drawn hand's ``ending`` in ``lang``), the winner's total and each player's payment."""
    lines = []
    for number, outcome in enumerate(table.results, start=1):
        result = outcome.result
        lines.append(
            {
                "number": number,
                "winner": outcome.players[result.winner] if result.winner is not None else None,
                "winners": [outcome.players[winner] for winner in _winners(result)],
                "ending": _ending(result.ending, lang),
                "win_by": result.win_by,
                "total": result.score.total if result.score is not None else 0,
                "payments": {outcome.players[seat]: amount for seat, amount in result.payments.items()},
            }
        )
    return lines


def finish_of(table: Table) -> dict[str, Any] | None:
    """How a finished match ended for its human player: rank of how many, and final total; ``drawn``
    when every player ended on the same total."""
    if not table.match_over:
        return None
    rows = standings(table)
    row = next(row for row in rows if row["name"] == table.human)
    finish = {"rank": row["rank"], "of": len(table.match.players), "total": row["total"], "hands_won": row["hands_won"]}
    # Every player on the same total (all share the first rank): the match is drawn, not "1st of 4".
    finish["drawn"] = all(other["rank"] == 1 for other in rows)
    if "result_text" in row:  # uma and oka included, in thousands: "+53.7"
        finish |= {"result": row["result"], "result_text": row["result_text"]}
    return finish


# ---------------------------------------------------------------------------- a refused win


def refused_win(
    observation: Observation, events: Sequence[Mapping[str, Any]], lang: str = "en"
) -> dict[str, Any] | None:
    """Why the human could not win although the tiles made a winning shape: the tile drawn now, or a
    discard since the human's own last move (the table does not stop for a seat that may not claim
    it), that completes the hand with no win offered, because the hand is worth less than the
    family's minimum. None when there is nothing to explain. Made from what the seat sees alone."""
    if any(action.kind is ActionKind.WIN for action in observation.legal_actions):
        return None
    if observation.family is not None:
        return None  # a family with its own view tells why itself (Riichi: furiten, no yaku in the hint)
    seat = observation.seat
    melds = len(observation.melds[seat])
    if observation.phase is Phase.TURN and observation.turn == seat:
        if observation.drawn is None:
            return None
        concealed = list(observation.hand)
        concealed.remove(observation.drawn)
        return _refusal(observation, concealed, melds, observation.drawn, "self_draw", None, lang)
    for event in reversed(events):
        if event.get("seat") == seat:
            break  # the human's own move: what came before it was explained then
        if event.get("event") == "discard":
            tile = Tile.parse(event["tile"])
            refused = _refusal(observation, list(observation.hand), melds, tile, "discard", event["seat"], lang)
            if refused is not None:
                return refused
    return None


def _refusal(
    observation: Observation,
    concealed: list[Tile],
    melds: int,
    tile: Tile,
    win_by: str,
    source: str | None,
    lang: str,
) -> dict[str, Any] | None:
    counts = tile_counts(concealed)
    counts[tile] += 1
    ruleset = get_ruleset(observation.rules)
    if sum(counts) + 3 * melds != 14 or not ruleset.is_complete(counts, melds, observation.options):
        return None
    verdict = would_score(observation, concealed, tile)[win_by]
    if verdict["valid"]:
        return None  # a winning hand the engine did not offer for another reason (none is known)
    reason = translate(verdict["reason"] or "", lang)
    return {"tile": str(tile), "win_by": win_by, "from": source, "reason": reason}


# ---------------------------------------------------------------------------- the hint


def _visible(observation: Observation) -> list[int]:
    """Tiles this seat sees outside its hand: every discard pile and every exposed set."""
    visible = [0] * 34
    for pile in observation.discards.values():
        for tile in pile:
            visible[tile] += 1
    for melds in observation.melds.values():
        for meld in melds:
            for tile in meld.tiles:
                visible[tile] += 1
    return visible


def _waits_with_scores(
    observation: Observation, counts: list[int], melds: int, visible: list[int], waits: Sequence[Tile]
) -> list[dict[str, Any]]:
    concealed = [tile for tile in range(34) for _ in range(counts[tile])]
    kinds = [Tile(t) for t in concealed]
    return [
        {"tile": str(tile), "unseen": unseen_count([tile], counts, visible)} | would_score(observation, kinds, tile)
        for tile in waits
    ]


def _translated_waits(waits: list[dict[str, Any]], lang: str) -> None:
    for wait in waits:
        for win_by in ("discard", "self_draw"):
            verdict = wait.get(win_by)
            if verdict and verdict.get("reason"):
                verdict["reason"] = translate(verdict["reason"], lang)


def hint(observation: Observation, lang: str = "en") -> dict[str, Any]:
    """The hint for the human seat: shanten now; with 14 tiles, per discard what it leaves (the
    waits or the tiles that improve, with how many are unseen) and, on the seat's turn, the
    evaluator's figures and reasons in its order (:func:`~sparrow.play.hints.with_values`); when
    ready, each winning tile and what it would score. Made from the observation alone, so it tells
    nothing hidden."""
    ruleset = get_ruleset(observation.rules)
    options = observation.options
    forms = ruleset.forms(options)
    seat = observation.seat
    counts = tile_counts(observation.hand)
    melds = len(observation.melds[seat])
    visible = _visible(observation)
    size = sum(counts) + 3 * melds
    answer: dict[str, Any] = {"seat": seat, "tiles": tiles_text(observation.hand)}
    if size == 14:
        complete = ruleset.is_complete(counts, melds, options)
        answer["shanten"] = -1 if complete else shanten(counts, melds, forms)
        rows = []
        for kind in sorted(set(observation.hand)):
            counts[kind] -= 1
            waits = ruleset.waits(counts, melds, options)
            after = 0 if waits else shanten(counts, melds, forms)
            improving = waits or accepted_tiles(counts, melds, forms)
            row: dict[str, Any] = {
                "discard": str(kind),
                "shanten": after,
                "tiles": tiles_text(improving),
                "unseen": unseen_count(improving, counts, visible),
                "ready": bool(waits),
            }
            if waits:
                row["waits"] = _waits_with_scores(observation, counts, melds, visible, waits)
                # Ready only on a wait that can win: one short of the minimum is told apart.
                row["ready"] = any(w["discard"]["valid"] or w["self_draw"]["valid"] for w in row["waits"])
                row["short"] = not row["ready"]
            rows.append(row)
            counts[kind] += 1
        rows.sort(key=lambda r: (r["shanten"], -r["unseen"], Tile.parse(r["discard"])))
        # On the seat's turn, the evaluator's figures and order (the chance to win, a win's gain,
        # the chance to deal in against each opponent, the expected points, and why).
        with_values(rows, observation)
        answer["discards"] = rows
        answer["threats"] = threats(observation)  # the opponents that look ready
        answer["places_at_stake"] = places_counted(observation)  # the match's last hand, where places pay
        answer["waits"] = []
        answer["ready"] = any(row["ready"] for row in rows)
    else:
        waits = ruleset.waits(counts, melds, options)
        answer["shanten"] = 0 if waits else shanten(counts, melds, forms)
        answer["discards"] = []
        answer["waits"] = _waits_with_scores(observation, counts, melds, visible, waits) if waits else []
        answer["ready"] = any(w["discard"]["valid"] or w["self_draw"]["valid"] for w in answer["waits"])
        if not waits:
            improving = accepted_tiles(counts, melds, forms)
            answer["improves"] = {"tiles": tiles_text(improving), "unseen": unseen_count(improving, counts, visible)}
    answer["your_turn"] = observation.phase is Phase.TURN and observation.turn == seat
    if lang != "en":  # why a winning tile would not win, in the page language
        _translated_waits(answer["waits"], lang)
        for row in answer["discards"]:
            _translated_waits(row.get("waits", []), lang)
    return answer


# ---------------------------------------------------------------------------- replays


def _meld_view(meld: Any) -> dict[str, Any]:
    return {"kind": meld.kind.value, "tiles": tiles_text(meld.tiles), "open": meld.open}


def _hidden(event: Mapping[str, Any]) -> dict[str, Any]:
    shown = dict(event)
    if shown.get("event") == "hand_start":
        shown["wall"] = None  # long, and every tile is in the frames anyway
        for secret in ("seed", "dice"):
            shown.pop(secret, None)
    return shown


def _family_now(hand: Hand) -> dict[str, Any] | None:
    """The family's own view of the table as everyone sees it (``RoomTable.public_family``'s: no seat's
    own tiles, no legal actions) and each seat's own tiles as the family writes them (a red five
    ``0p``); None for a family without a view of its own."""
    seats = hand.seats
    own = {seat: hand.observation(seat).family for seat in seats}
    first = own[seats[0]]
    if first is None:
        return None
    public = first.to_dict()
    for private in ("hand", "drawn", "furiten", "legal_actions", "seat", "wind"):
        public.pop(private, None)
    return {"view": public, "hands": {seat: list(view.hand_names()) for seat, view in own.items() if view is not None}}


def _seat_change(now: dict[str, Any], before: dict[str, Any]) -> dict[str, Any] | None:
    """A seat of the family's view as it changed (None: unchanged): its keys that changed, a list that
    only grew (a river) as ``"+key"`` with the items added."""
    change: dict[str, Any] = {}
    for key, value in now.items():
        old = before.get(key)
        if value == old:
            continue
        if isinstance(value, list) and isinstance(old, list) and len(old) < len(value) and value[: len(old)] == old:
            change["+" + key] = value[len(old) :]
        else:
            change[key] = value
    change.update((key, None) for key in before.keys() - now.keys())
    return change or None


def _family_change(before: dict[str, Any] | None, now: dict[str, Any] | None) -> dict[str, Any] | None:
    """What a frame says of the family: all of it in the first frame (``before`` None), else what
    changed since the frame before: the view's keys that changed (in ``seats``, a list by the same
    seats, null for a seat unchanged and the keys that changed of another, :func:`_seat_change`) and
    the own tiles of the seats whose tiles changed. The page folds them back (``replay.js``,
    ``unfold``)."""
    if now is None or before is None:
        return now
    view: dict[str, Any] = {}
    for key, value in now["view"].items():
        old = before["view"].get(key)
        if value == old:
            continue
        if key == "seats" and isinstance(old, list) and isinstance(value, list) and len(old) == len(value):
            value = [_seat_change(seat, was) for seat, was in zip(value, old, strict=True)]
        view[key] = value
    view.update((key, None) for key in before["view"].keys() - now["view"].keys())
    hands = {seat: tiles for seat, tiles in now["hands"].items() if before["hands"].get(seat) != tiles}
    return {"view": view, "hands": hands}


def _frame(hand: Hand, new: list[dict[str, Any]], family: dict[str, Any] | None) -> dict[str, Any]:
    """One step of a replay: every tile where it lies (the referee's view), and what changed of the
    family's own view (``family``, :func:`_family_change`: Riichi's red fives in each hand, the
    rivers with their riichi and called marks, the sets, the dora indicators, honba, sticks and
    points), public to everyone."""
    view = hand.table_view()
    seen = hand.observation(hand.seats[0])
    return {
        "events": new,
        "phase": hand.phase.value,
        "turn": seen.turn,
        "hands": {seat: tiles_text(tiles) for seat, tiles in view.hands.items()},
        "melds": {seat: [_meld_view(m) for m in melds] for seat, melds in view.melds.items()},
        "bonus": {seat: tiles_text(tiles) for seat, tiles in view.bonus.items()},
        "discards": {seat: tiles_in_order_text(tiles) for seat, tiles in view.discards.items()},
        "live_wall": seen.live_wall,
        "family": family,
    }


def replay_frames(events: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A finished hand of any family step by step: after the deal, then after each decision, every
    tile on the table (the hand is over, nothing is hidden any more) and the events that led there;
    the family's own view in full in the first frame, then what changed (:func:`_family_change`).

    Made through the one face (``game.hands``) in one pass: the hand is dealt again from its
    ``hand_start`` and the log is played onto that same hand, a longer prefix each time, up to each
    point where the table waits for a decision (a prefix that stops inside what the table does by
    itself does not replay, and is not a step; the hand, played in place, goes on from there with the
    next longer one). Raises ``ReplayError``
    for a log that does not replay to its end."""
    events = [dict(event) for event in events]
    if not events:
        raise ReplayError("a hand's log starts with a hand_start event")
    hand = from_hand_start(events[0])
    family = _family_now(hand)
    frames = [_frame(hand, [_hidden(event) for event in hand.events], family)]
    seen = len(hand.events)
    upto = seen
    while upto < len(events):
        upto += 1
        try:
            hand = replay_onto(hand, events[:upto])
        except ReplayError:
            if upto == len(events):
                raise
            continue  # not a point where the table waits
        if len(hand.events) <= seen:
            continue
        now = _family_now(hand)
        frames.append(_frame(hand, [_hidden(event) for event in hand.events[seen:]], _family_change(family, now)))
        family = now
        seen = upto = len(hand.events)
    if not hand.is_over:
        raise ReplayError("the log stops before the hand's end")
    return frames
