"""Random complete hands, for property tests, benchmarks and the engine's tests.

:func:`random_complete_situation` builds a :class:`~sparrow.core.situation.HandSituation` that is a
complete hand by construction (four sets and a pair, or now and then seven pairs or thirteen
orphans where the ruleset allows them), with some sets declared, a winning tile taken from the
standing tiles, a way of winning, winds, bonus tiles and special moments that are consistent with
each other and with the ruleset's table (no bonus tiles in a 136-tile game, no robbing the kong
where it is not allowed). All randomness comes from the ``rng`` passed in, so a seed reproduces
the hand.

The hands are complete *shapes*; whether they reach a family's minimum is for the scorer to say.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from sparrow.core.hand import Meld, MeldKind
from sparrow.core.situation import HandSituation
from sparrow.core.tiles import BONUS_TILES, KINDS, ORPHANS, SEATS, Tile
from sparrow.rules import get_ruleset

__all__ = ["random_complete_situation", "random_settlement_seats"]

_CHOW_STARTS: tuple[Tile, ...] = tuple(t for t in KINDS if t.is_suited and t.rank <= 7)
# How many bonus tiles a player has set out at the end of a hand: with 8 bonus tiles among four
# players, mostly none or one, now and then two or three.
_BONUS_COUNT_WEIGHTS = (40, 35, 18, 7)


def random_complete_situation(
    rng: random.Random,
    rules: str,
    *,
    options: Mapping[str, Any] | None = None,
    winning: bool = True,
    seat_wind: str | None = None,
    round_wind: str | None = None,
    meld_chance: float = 0.3,
    kong_chance: float = 0.1,
    chow_chance: float = 0.5,
    self_draw_chance: float = 0.4,
    special_form_chance: float = 0.04,
    moment_chance: float = 0.05,
) -> HandSituation:
    """A random complete hand under ``rules`` (a ruleset name), as a hand situation.

    Each of the four sets is a chow with ``chow_chance`` (else a pung, a kong with ``kong_chance``)
    and is declared with ``meld_chance`` (a declared kong is concealed half of the time). With
    ``special_form_chance`` the hand is seven different pairs or thirteen orphans instead, when the
    ruleset's forms allow them. With ``winning=False`` the winning tile is left out: a 13-tile
    hand one tile from complete, as NTS scores for the losers. ``seat_wind`` and ``round_wind``
    fix the winds (else they are drawn at random).
    """
    ruleset = get_ruleset(rules)
    resolved = ruleset.resolve_options(options)
    forms = ruleset.forms(resolved)
    table = ruleset.table(resolved)

    # The table's set and seats (hkos' three-player game: no North seat, no claimed chows, the 2-8 of
    # characters and North's flower and season taken out).
    kinds = tuple(t for t in KINDS if t not in table.removed_tiles)
    bonus_tiles = [t for t in BONUS_TILES if t not in table.removed_tiles]
    seats = SEATS[: table.seats]

    special = []
    if forms.seven_pairs:
        special.append("seven_pairs")
    if forms.thirteen_orphans:
        special.append("thirteen_orphans")
    if special and rng.random() < special_form_chance:
        form = rng.choice(special)
        standing = _seven_pairs(rng, kinds) if form == "seven_pairs" else _thirteen_orphans(rng)
        melds: list[Meld] = []
    else:
        standing, melds = _regular_hand(rng, kinds, meld_chance, kong_chance, chow_chance, table.chow)

    winning_tile = rng.choice(standing)
    concealed = list(standing)
    concealed.remove(winning_tile)
    rng.shuffle(concealed)  # the order tiles are written in must not matter to anyone

    all_counts = [0] * 34
    for tile in standing:
        all_counts[tile] += 1
    for meld in melds:
        for tile in meld.tiles:
            all_counts[tile] += 1

    bonus: tuple[Tile, ...] = ()
    if table.bonus_tiles:
        how_many = rng.choices(range(len(_BONUS_COUNT_WEIGHTS)), weights=_BONUS_COUNT_WEIGHTS)[0]
        bonus = tuple(sorted(rng.sample(bonus_tiles, how_many)))

    # Drawn even when given, so that a seed gives the same tiles whatever the winds.
    drawn_seat, drawn_round = rng.choice(seats), rng.choice(seats)
    seat_wind = seat_wind or drawn_seat
    round_wind = round_wind or drawn_round
    kongs = sum(1 for meld in melds if meld.kind is MeldKind.KONG)
    win_by = _win_by(rng, self_draw_chance, kongs, bool(bonus), table.rob_added_kong, all_counts[winning_tile] == 1)
    moments = _moments(rng, moment_chance, win_by, seat_wind, kongs, bool(melds), all_counts[winning_tile] == 1)

    won_on: Tile | None = winning_tile
    if not winning:
        # One tile short of complete: the tile that would have won is not there.
        won_on, win_by, moments = None, "discard", set()
    situation = HandSituation(
        rules=rules,
        concealed=tuple(concealed),
        melds=tuple(melds),
        winning_tile=won_on,
        win_by=win_by,
        seat_wind=seat_wind,
        round_wind=round_wind,
        bonus=bonus,
        moments=frozenset(moments),
        options=dict(options or {}),
    )
    situation.check()
    return situation


def random_settlement_seats(rng: random.Random) -> tuple[str | None, str | None, str | None]:
    """(winner, win_by, discarder) of a random finished hand; one hand in ten is drawn (no winner)."""
    if rng.random() < 0.1:
        return None, None, None
    winner = rng.choice(SEATS)
    if rng.random() < 0.4:
        return winner, "self_draw", None
    discarder = rng.choice([seat for seat in SEATS if seat != winner])
    return winner, "discard", discarder


# ---------------------------------------------------------------------------- the shapes


def _regular_hand(
    rng: random.Random,
    kinds: Sequence[Tile],
    meld_chance: float,
    kong_chance: float,
    chow_chance: float,
    declare_chows: bool,
) -> tuple[list[Tile], list[Meld]]:
    """Four sets and a pair of the tiles in play (``kinds``) within the four copies of each tile:
    (standing tiles, declared melds). Chows are declared only where chows can be claimed."""
    in_play = set(kinds)
    chow_starts = [t for t in _CHOW_STARTS if t in in_play and t + 1 in in_play and t + 2 in in_play]
    while True:
        used = [0] * 34
        standing: list[Tile] = []
        melds: list[Meld] = []
        for _ in range(4):
            for _attempt in range(50):
                if rng.random() < chow_chance:
                    start = rng.choice(chow_starts)
                    tiles: tuple[Tile, ...] = (start, KINDS[start + 1], KINDS[start + 2])
                    kind = MeldKind.CHOW
                else:
                    tile = rng.choice(kinds)
                    kind = MeldKind.KONG if rng.random() < kong_chance else MeldKind.PUNG
                    tiles = (tile,) * (4 if kind is MeldKind.KONG else 3)
                if all(used[t] + tiles.count(t) <= 4 for t in set(tiles)):
                    break
            else:
                break  # the copies ran out; start again
            for tile in tiles:
                used[tile] += 1
            # A kong is always declared (it is four tiles, one more than a set in the hand).
            if kind is MeldKind.KONG:
                melds.append(Meld(kind, tiles, open=rng.random() < 0.5))
            elif rng.random() < meld_chance and (declare_chows or kind is not MeldKind.CHOW):
                melds.append(Meld(kind, tiles, open=True))
            else:
                standing.extend(tiles)
        else:
            pair = rng.choice([t for t in kinds if used[t] <= 2])
            standing.extend((pair, pair))
            return standing, melds


def _seven_pairs(rng: random.Random, kinds: Sequence[Tile]) -> list[Tile]:
    """Seven different pairs (every family that plays seven pairs accepts distinct ones)."""
    return [tile for tile in rng.sample(kinds, 7) for _ in range(2)]


def _thirteen_orphans(rng: random.Random) -> list[Tile]:
    return list(ORPHANS) + [rng.choice(ORPHANS)]


# ---------------------------------------------------------------------------- the circumstances


def _win_by(
    rng: random.Random, self_draw_chance: float, kongs: int, has_bonus: bool, rob_allowed: bool, single_copy: bool
) -> str:
    """How the hand was won, only in ways its tiles allow: a kong replacement needs a kong, a flower
    replacement a bonus tile set out, robbing the kong a winning tile of which the player holds
    no other copy (the other three are in the robbed kong)."""
    if rng.random() < self_draw_chance:
        roll = rng.random()
        if kongs and roll < 0.3:
            return "kong_replacement"
        if has_bonus and roll > 0.8:
            return "flower_replacement"
        return "self_draw"
    if rob_allowed and single_copy and rng.random() < 0.05:
        return "robbing_kong"
    return "discard"


def _moments(
    rng: random.Random, chance: float, win_by: str, seat_wind: str, kongs: int, has_melds: bool, single_copy: bool
) -> set[str]:
    """Special moments, each only where it can happen: the fourth tile when the player holds no other
    copy, heavenly and earthly and first-round wins with nothing declared (no claim has been made
    yet), kong on kong after a second kong."""
    moments: set[str] = set()
    if single_copy and win_by != "robbing_kong" and rng.random() < chance:
        moments.add("fourth_tile")
    if rng.random() < chance and win_by != "robbing_kong":
        moments.add("last_tile")  # the end of the wall: not also a win in the first round
    elif not has_melds and rng.random() < chance:
        if seat_wind == "E" and win_by == "self_draw":
            moments.add("heavenly")
        elif seat_wind != "E" and win_by == "discard":
            moments.add("earthly")
        else:
            moments.add("first_round")
    if win_by == "kong_replacement" and kongs >= 2 and rng.random() < 0.5:
        moments.add("kong_on_kong")
    return moments
