"""Random winning Riichi hands, for the differential test and the benchmark.

:func:`random_riichi_hand` builds a :class:`RiichiHand` that is complete by construction (four sets and
a pair, now and then seven pairs or thirteen orphans), with declared chows, pungs and kans (open and
closed), a winning tile taken from the standing tiles, and circumstances consistent with each other
(riichi only when closed, rinshan only after a kan, ...). A hand is drawn around a *theme* now and then
(one suit, simples, terminals and honours, all pungs, green tiles...) so that the rarer yaku and yakuman
come up too. Whether the hand has a yaku is the scorer's question. All randomness comes from ``rng``.
"""

from __future__ import annotations

import random

from sparrow.core.hand import Meld, MeldKind
from sparrow.core.tiles import SEATS, Tile
from sparrow.rules.riichi.hand import RiichiHand, RiichiOptions

__all__ = ["random_riichi_hand", "random_options"]

_ORPHANS = tuple(t for t in range(34) if t >= 27 or t % 9 in (0, 8))
_THEMES = (
    ("any", 40),
    ("one_suit", 10),
    ("one_suit_honours", 10),
    ("simples", 8),
    ("orphans", 5),
    ("pungs", 8),
    ("honours", 5),
    ("green", 2),
    ("chows", 8),
    ("nine_gates", 2),
    ("twins", 2),
    ("sanshoku", 4),
    ("ittsu", 4),
    ("outside", 6),
    ("winds", 3),
)


def random_options(rng: random.Random) -> RiichiOptions:
    """Options drawn at random (the double wind pair at its default)."""
    return RiichiOptions(
        open_tanyao=rng.random() < 0.7,
        aka_dora=rng.random() < 0.7,
        kiriage=rng.random() < 0.3,
        kazoe_yakuman=rng.random() < 0.7,
        double_yakuman=rng.random() < 0.4,
        renhou=rng.choice(("none", "none", "mangan", "yakuman")),
    )


def _tiles_of(theme: str, suit: int) -> list[int]:
    base = 9 * suit
    if theme in ("one_suit", "nine_gates", "twins"):
        return list(range(base, base + 9))
    if theme == "one_suit_honours":
        return list(range(base, base + 9)) + list(range(27, 34))
    if theme == "simples":
        return [t for t in range(27) if t % 9 not in (0, 8)]
    if theme == "orphans":
        return list(_ORPHANS)
    if theme == "honours":
        return list(range(27, 34))
    if theme == "green":
        return [19, 20, 21, 23, 25, 32]
    if theme == "outside":
        return [t for t in range(34) if t >= 27 or t % 9 in (0, 1, 2, 6, 7, 8)]
    if theme == "winds":
        return list(range(27, 31)) + list(range(base, base + 9))
    return list(range(34))


def _sets(rng: random.Random, theme: str, counts: list[int]) -> tuple[list[tuple[str, int]], int] | None:
    """Four sets (kind, first tile) and a pair tile within the theme, or None if the draw failed."""
    suit = rng.randrange(3)
    allowed = _tiles_of(theme, suit)
    if theme == "nine_gates":
        start = 9 * suit
        for tile, n in zip(range(start, start + 9), (3, 1, 1, 1, 1, 1, 1, 1, 3), strict=True):
            counts[tile] += n
        extra = start + rng.randrange(9)
        counts[extra] += 1
        return [], -1  # the caller reads the counts
    chow_chance = {"pungs": 0.0, "honours": 0.0, "orphans": 0.0, "chows": 1.0, "twins": 1.0}.get(theme, 0.5)
    sets: list[tuple[str, int]] = []
    if theme == "sanshoku":
        rank = rng.randrange(7)
        sets = [("chow", rank), ("chow", rank + 9), ("chow", rank + 18)]
    elif theme == "ittsu":
        sets = [("chow", 9 * suit), ("chow", 9 * suit + 3), ("chow", 9 * suit + 6)]
    elif theme == "winds":
        sets = [("pung", wind) for wind in rng.sample(range(27, 31), 3)]
    for kind, tile in sets:
        for t in (tile, tile + 1, tile + 2) if kind == "chow" else (tile, tile, tile):
            counts[t] += 1
    tries = 0
    while len(sets) < 4:
        tries += 1
        if tries > 60:
            return None
        if theme == "twins" and len(sets) % 2 == 1:
            kind, tile = sets[-1]
        else:
            tile = rng.choice(allowed)
            kind = "chow" if rng.random() < chow_chance else ("kan" if rng.random() < 0.12 else "pung")
        if kind == "chow":
            if tile >= 27 or tile % 9 > 6 or tile + 2 not in allowed or tile + 1 not in allowed:
                continue
            if theme == "outside" and tile % 9 not in (0, 6):
                continue
            if any(counts[t] >= 4 for t in (tile, tile + 1, tile + 2)):
                continue
            for t in (tile, tile + 1, tile + 2):
                counts[t] += 1
        else:
            if theme == "outside" and not (tile >= 27 or tile % 9 in (0, 8)):
                continue
            size = 4 if kind == "kan" else 3
            if counts[tile] + size > 4:
                continue
            counts[tile] += size
        sets.append((kind, tile))
    for _ in range(30):
        pair = rng.choice(allowed)
        if theme == "outside" and not (pair >= 27 or pair % 9 in (0, 8)):
            continue
        if counts[pair] <= 2:
            counts[pair] += 2
            return sets, pair
    return None


def random_riichi_hand(rng: random.Random, options: RiichiOptions | None = None) -> RiichiHand:
    """A random complete hand and a consistent way of winning it."""
    while True:
        hand = _attempt(rng, options or random_options(rng))
        if hand is not None:
            return hand


def _attempt(rng: random.Random, options: RiichiOptions) -> RiichiHand | None:
    counts = [0] * 34
    melds: list[Meld] = []
    standing: list[int] = []
    form = rng.random()
    if form < 0.02:  # thirteen orphans
        standing = list(_ORPHANS) + [rng.choice(_ORPHANS)]
        for tile in standing:
            counts[tile] += 1
    elif form < 0.09:  # seven pairs
        pool = _tiles_of(
            rng.choice(("any", "any", "one_suit_honours", "simples", "orphans", "honours")), rng.randrange(3)
        )
        if len(pool) < 7:
            return None
        for tile in rng.sample(pool, 7):
            standing += [tile, tile]
            counts[tile] += 2
    else:
        theme = rng.choices([t for t, _ in _THEMES], [w for _, w in _THEMES])[0]
        drawn = _sets(rng, theme, counts)
        if drawn is None:
            return None
        sets, pair = drawn
        if theme == "nine_gates":
            standing = [t for t in range(34) for _ in range(counts[t])]
        else:
            meld_chance = rng.choice((0.0, 0.0, 0.2, 0.5))
            for kind, tile in sets:
                if kind == "kan":
                    melds.append(Meld(MeldKind.KONG, (Tile(tile),) * 4, rng.random() < 0.5))
                elif rng.random() < meld_chance:
                    if kind == "chow":
                        melds.append(Meld(MeldKind.CHOW, (Tile(tile), Tile(tile + 1), Tile(tile + 2))))
                    else:
                        melds.append(Meld(MeldKind.PUNG, (Tile(tile),) * 3))
                else:
                    standing += [tile, tile + 1, tile + 2] if kind == "chow" else [tile] * 3
            standing += [pair, pair]
    winning = rng.choice(standing)
    standing.remove(winning)
    closed = all(not meld.open for meld in melds)
    tsumo = rng.random() < 0.45
    seat = rng.choice(SEATS)
    round_wind = rng.choice(("E", "E", "S", "S", "W", "N"))
    dealer = seat == "E"
    has_kan = any(meld.is_kong for meld in melds)
    facts: dict[str, object] = {}
    first_turn = not melds and rng.random() < 0.02
    if first_turn:
        if tsumo:
            facts["tenhou" if dealer else "chiihou"] = True
        elif not dealer and options.renhou != "none":
            facts["renhou"] = True
    if closed and not first_turn and rng.random() < 0.5:
        facts["double_riichi" if rng.random() < 0.08 else "riichi"] = True
        if rng.random() < 0.2:
            facts["ippatsu"] = True
    if tsumo and has_kan and rng.random() < 0.3:
        facts["rinshan"] = True
    elif tsumo and rng.random() < 0.05:
        facts["haitei"] = True
    if not tsumo:
        chance = rng.random()
        if chance < 0.05:
            facts["houtei"] = True
        elif chance < 0.08 and counts[winning] == 1:
            facts["chankan"] = True
    # Indicators: tiles still in the set, one to three; as many ura indicators under riichi.
    left = [t for t in range(34) for _ in range(4 - counts[t])]
    rng.shuffle(left)
    number = rng.choice((1, 1, 1, 2, 3))
    dora = tuple(Tile(t) for t in left[:number])
    ura = tuple(Tile(t) for t in left[number : 2 * number]) if facts.get("riichi") or facts.get("double_riichi") else ()
    red = []
    for five in (4, 13, 22):
        held = counts[five]
        red.append(1 if held == 4 or (held and rng.random() < 0.5) else 0)
    return RiichiHand(
        tuple(Tile(t) for t in standing),
        Tile(winning),
        tuple(melds),
        tsumo=tsumo,
        seat_wind=seat,
        round_wind=round_wind,
        dora_indicators=dora,
        ura_dora_indicators=ura,
        aka=(red[0], red[1], red[2]),
        honba=rng.choice((0, 0, 0, 1, 2, 5)),
        riichi_sticks=rng.choice((0, 0, 1, 2)),
        options=options,
        **facts,  # type: ignore[arg-type]
    )
