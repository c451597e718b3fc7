"""What :func:`check` refuses in a :class:`~sparrow.rules.riichi.hand.RiichiHand`: input no table
can produce, each error naming the field at fault.

Every hand scored passes here first, so the common case is a few comparisons, and the module is
compiled with mypyc (``sparrow._compiled``). The hand's fields are read as ``Any``: they hold what the
caller gave (a count that is not a number, a flag that is 1), and a compiled cast would fail on
those with a ``TypeError`` before the check could name them.
"""

from __future__ import annotations

from typing import Any, Final

from sparrow.core.messages import quote
from sparrow.core.tiles import SEATS, Tile
from sparrow.rules.riichi.hand import RiichiError, RiichiHand

__all__ = ["check", "checked_counts"]

_WINDS: Final = frozenset(SEATS)


def check(hand: RiichiHand) -> None:
    """Raise :class:`RiichiError` for a hand no table can produce."""
    checked_counts(hand)


def checked_counts(hand: RiichiHand) -> list[int]:
    """Check the hand (:class:`RiichiError` for input no table can produce) and return the counts of
    the 34 kinds over every tile of it: standing, winning and declared."""
    facts: Any = hand
    seat = facts.seat_wind
    round_ = facts.round_wind
    if seat not in _WINDS or round_ not in _WINDS:
        name = "seat_wind" if seat not in _WINDS else "round_wind"
        raise RiichiError(name, f"expected E, S, W or N, got {quote(seat if name == 'seat_wind' else round_)}")
    dealer = facts.dealer
    if dealer is not (seat == "E"):
        raise RiichiError("dealer", f"the dealer sits East; seat wind {seat} is {'not ' * bool(dealer)}the dealer")
    honba = facts.honba
    sticks = facts.riichi_sticks
    if type(honba) is not int or honba < 0 or type(sticks) is not int or sticks < 0:
        bad_honba = type(honba) is not int or honba < 0
        name = "honba" if bad_honba else "riichi_sticks"
        raise RiichiError(name, f"must be a whole number of 0 or more, got {quote(honba if bad_honba else sticks)}")
    melds: tuple[Any, ...] = facts.melds
    concealed: tuple[int, ...] = facts.concealed
    if len(melds) > 4:
        raise RiichiError("melds", f"a hand has at most four declared sets, got {len(melds)}")
    if len(concealed) != 13 - 3 * len(melds):
        raise RiichiError(
            "concealed",
            f"expected {13 - 3 * len(melds)} standing tiles besides the winning tile with {len(melds)} declared sets, got {len(concealed)}",
        )
    counts = [0] * 34
    for tile in concealed:
        counts[tile] += 1
    winning: int = facts.winning_tile
    counts[winning] += 1
    for meld in melds:
        tiles: tuple[int, ...] = meld.tiles
        for tile in tiles:
            counts[tile] += 1
    dora: tuple[int, ...] = facts.dora_indicators
    ura: tuple[int, ...] = facts.ura_dora_indicators
    indicators = dora + ura if ura else dora
    fault = False
    for count in counts:
        if count > 4:
            fault = True
    for tile in indicators:
        if counts[tile] + indicators.count(tile) > 4:
            fault = True
    if fault:
        seen = list(counts)
        for tile in indicators:
            seen[tile] += 1
        kind = max(range(34), key=seen.__getitem__)
        raise RiichiError(
            "concealed", f"{seen[kind]} copies of {Tile(kind)} in the hand and the indicators; the set has four"
        )
    if facts.aka:
        _check_red_fives(facts.aka, counts)
    if len(dora) > 5:
        raise RiichiError("dora_indicators", f"at most five dora indicators are turned over, got {len(dora)}")
    if (
        facts.riichi
        or facts.double_riichi
        or facts.ippatsu
        or ura
        or facts.chankan
        or facts.rinshan
        or facts.haitei
        or facts.houtei
        or facts.tenhou
        or facts.chiihou
        or facts.renhou
    ):
        _check_flags(facts)
    return counts


def _check_red_fives(aka: Any, held: list[int]) -> None:
    if type(aka) is int:
        suits = (held[4] > 0) + (held[13] > 0) + (held[22] > 0)
        if not 0 <= aka <= 3:
            raise RiichiError("aka", f"the set has three red fives, one of each suit; got {aka}")
        if aka > suits:
            raise RiichiError("aka", f"{aka} red fives but fives of only {suits} suits held")
        return
    if type(aka) is tuple and len(aka) == 3:
        red_m, red_p, red_s = aka
        if (
            type(red_m) is int
            and type(red_p) is int
            and type(red_s) is int
            and 0 <= red_m <= min(1, held[4])
            and 0 <= red_p <= min(1, held[13])
            and 0 <= red_s <= min(1, held[22])
        ):
            return
    if not (isinstance(aka, tuple) and len(aka) == 3 and all(type(n) is int for n in aka)):
        raise RiichiError("aka", f"expected a count 0-3 or one count per suit (m, p, s), got {quote(aka)}")
    for suit, (red, count) in enumerate(zip(aka, (held[4], held[13], held[22]))):
        if red > 1:
            raise RiichiError("aka", f"more than one red five of {'mps'[suit]}: the set has one red five per suit")
        if red < 0 or red > count:
            raise RiichiError("aka", f"{red} red 5{'mps'[suit]} but {count} held")


def _check_flags(facts: Any) -> None:
    riichi = facts.riichi or facts.double_riichi
    melds: tuple[Any, ...] = facts.melds
    if riichi and any(meld.open for meld in melds):
        raise RiichiError("riichi", "riichi is declared only with a closed hand (a closed kan keeps it closed)")
    dora: tuple[int, ...] = facts.dora_indicators
    ura: tuple[int, ...] = facts.ura_dora_indicators
    if ura and not riichi:
        raise RiichiError("ura_dora_indicators", "ura dora are turned over only for a riichi winner")
    if len(ura) > len(dora):
        raise RiichiError("ura_dora_indicators", "there is one ura dora indicator under each dora indicator")
    if facts.ippatsu and not riichi:
        raise RiichiError("ippatsu", "ippatsu needs riichi")
    chankan, rinshan, haitei, houtei = facts.chankan, facts.rinshan, facts.haitei, facts.houtei
    tenhou, chiihou, renhou = facts.tenhou, facts.chiihou, facts.renhou
    if not (chankan or rinshan or haitei or houtei or tenhou or chiihou or renhou):
        return
    tsumo = facts.tsumo
    dealer = bool(facts.dealer)
    rules = (
        (chankan and tsumo, "chankan", "robbing a kan is a win on another player's tile, not tsumo"),
        (rinshan and not tsumo, "rinshan", "the replacement tile after a kan is self-drawn"),
        (
            rinshan and not any(meld.is_kong for meld in melds),
            "rinshan",
            "a win on the replacement tile needs a kan",
        ),
        (haitei and not tsumo, "haitei", "haitei is a self-drawn win on the last tile (houtei is by ron)"),
        (houtei and tsumo, "houtei", "houtei is a win by ron on the last discard (haitei is tsumo)"),
        (haitei and rinshan, "haitei", "the last tile of the wall is not a replacement tile"),
        (houtei and chankan, "houtei", "the last discard is not a kan robbed"),
        (
            tenhou and not (dealer and tsumo and not melds),
            "tenhou",
            "tenhou is the dealer's tsumo on the first draw, nothing declared",
        ),
        (
            chiihou and not (not dealer and tsumo and not melds),
            "chiihou",
            "chiihou is a non-dealer's tsumo on the first draw, nothing declared",
        ),
        (
            renhou and (dealer or tsumo or bool(melds)),
            "renhou",
            "renhou is a non-dealer's ron before the first draw, nothing declared",
        ),
        (
            renhou and facts.options.renhou == "none",
            "renhou",
            "renhou is not played under these options (option renhou)",
        ),
        ((tenhou or chiihou or renhou) and riichi, "riichi", "no riichi before the first draw"),
    )
    for fault, name, message in rules:
        if fault:
            raise RiichiError(name, message)
