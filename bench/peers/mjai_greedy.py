#!/usr/bin/env python3
"""A plain greedy Riichi bot that speaks mjai, written the way an outside author would write one:
its own program, the standard library only, nothing of Sparrow's: a peer to measure Sparrow's
Riichi players against (three copies of it and one player of Sparrow's at a table).

It reads one JSON array of mjai messages a line on standard input (mjai.app style) and writes one
JSON action a line. What it does:

* keeps its own hand, and counts every tile it has seen (its hand, all rivers, the open sets, the
  dora indicators) to know how many of each kind are still unseen;
* discards the tile that leaves the lowest shanten (regular hands, seven pairs, thirteen orphans),
  ties broken by the most unseen tiles that would lower it further, then honours before terminals
  before middle tiles;
* declares riichi as soon as it is ready with a closed hand, 1,000 points and 4 tiles or more left
  to draw (counted from the draws), and then discards every tile it draws;
* wins whenever it may, with a yaku it knows (riichi, menzen tsumo, tanyao, a value-honour pung,
  seven pairs, thirteen orphans, robbing a kan) and, on another's tile, only when not furiten (a
  wait in its own river, a winning tile let pass since its last discard, or after riichi at all);
* pons only the value honours (dragons, its seat wind, the round wind), out of riichi, when the hand
  is not ready yet and the call does not set it back, and then never discards the kind it just
  called (kuikae); no chi, no kan, no defence.

Run it at a Riichi table:

    sparrow simulate -r riichi -p 'cmd:python3 bench/peers/mjai_greedy.py,normal,normal,normal' -n 8
    sparrow play --rules riichi --opponent 'cmd:python3 bench/peers/mjai_greedy.py'

``--strict`` lets an internal error stop the program (tests use it); without it, a message it does
not understand gets ``{"type":"none"}`` (or, on its own turn, a tile it holds discarded).
"""

import json
import sys
from functools import cache

# --------------------------------------------------------------------------------------- tiles
# Kinds 0-33: 1m-9m, 1p-9p, 1s-9s, then E S W N, then P F C (white, green, red dragons).

SUITS = "mps"
HONOURS = "ESWNPFC"
DRAGONS = (31, 32, 33)
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def kind_of(name):
    """The kind (0-33) of an mjai tile name; red fives (``5mr``) are fives."""
    if len(name) >= 2 and name[0].isdigit() and name[1] in SUITS:
        return SUITS.index(name[1]) * 9 + int(name[0]) - 1
    if name in HONOURS:
        return 27 + HONOURS.index(name)
    raise ValueError(f"not a tile: {name!r}")


def name_of(kind):
    if kind >= 27:
        return HONOURS[kind - 27]
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


def counts_of(names):
    counts = [0] * 34
    for name in names:
        counts[kind_of(name)] += 1
    return counts


def is_simple(kind):
    return kind < 27 and 1 <= kind % 9 <= 7


# ------------------------------------------------------------------------------------- shanten
#
# Shanten counted the exact way: how far the hand is from the nearest complete hand it could become,
# knowing that no kind has a fifth tile. A regular complete hand is sets and a pair; the hand
# "overlaps" a complete hand by the tiles the two have in common, and its shanten is the number of
# tiles it lacks, less one. Kinds of different suits never share a set, so the best overlap is found
# suit by suit (the honours are a "suit" without runs) and the suits' best overlaps are added up.
#
# A suit's table says its best overlap with j sets and h pairs (j 0-4, h 0-1). Read the usual way
# (sets, partial sets and a pair taken out of the suit by a search, and each leftover tile the
# seed of a set still to make) it is exact as long as the suit holds no kind four times; a suit that
# does is read by a slower walk over its kinds that never asks for a fifth tile.


def _keep_best(options):
    """The (sets, partial sets, pair) triples no other triple beats in all three."""
    kept = []
    for option in sorted(set(options), reverse=True):
        if not any(o[0] >= option[0] and o[1] >= option[1] and o[2] >= option[2] for o in kept):
            kept.append(option)
    return tuple(kept)


@cache
def shapes(counts, runs):
    """Every useful way to take sets, partial sets (two tiles a tile short of a set) and at most one
    pair (the head) out of one suit: (sets, partials, head) triples. ``runs``: runs allowed."""
    i = 0
    while i < len(counts) and counts[i] == 0:
        i += 1
    if i == len(counts):
        return ((0, 0, 0),)

    def take(*places):
        rest = list(counts)
        for place in places:
            rest[place] -= 1
        return shapes(tuple(rest), runs)

    found = list(take(i))  # the tile at i left over
    c = counts
    if c[i] >= 3:
        found += [(s + 1, p, h) for s, p, h in take(i, i, i)]
    if c[i] >= 2:
        for s, p, h in take(i, i):
            found.append((s, p + 1, h))
            if h == 0:
                found.append((s, p, 1))
    if runs:
        if i + 2 < len(c) and c[i + 1] and c[i + 2]:
            found += [(s + 1, p, h) for s, p, h in take(i, i + 1, i + 2)]
        if i + 1 < len(c) and c[i + 1]:
            found += [(s, p + 1, h) for s, p, h in take(i, i + 1)]
        if i + 2 < len(c) and c[i + 2]:
            found += [(s, p + 1, h) for s, p, h in take(i, i + 2)]
    return _keep_best(found)


def _at_most(table):
    """Best with at most j sets and h pairs: a set or pair the hand has no tile of goes anywhere."""
    for sets in range(5):
        for pairs in range(2):
            best = table[sets][pairs]
            if sets:
                best = max(best, table[sets - 1][pairs])
            if pairs:
                best = max(best, table[sets][0])
            table[sets][pairs] = best
    return tuple(tuple(row) for row in table)


def shape_table(counts, runs):
    """The suit's table from its shapes: with j sets and h pairs to fill, the sets, then the partial
    sets, then the pair, and a leftover tile for each place still empty."""
    total = sum(counts)
    table = [[0, 0] for _ in range(5)]
    for sets, partials, head in shapes(counts, runs):
        for j in range(5):
            for h in range(2):
                s = min(sets, j)
                p = min(partials, j - s)
                e = min(head, h)
                used = 3 * s + 2 * p + 2 * e
                value = used + min(total - used, (j - s - p) + (h - e))
                if value > table[j][h]:
                    table[j][h] = value
    return _at_most(table)


def walk_table(counts, runs):
    """The suit's table by a walk over its kinds from the lowest, keeping how many runs began one
    and two kinds back (each wants a tile of this kind), the sets placed and whether the pair is
    placed. At each kind it may begin runs, place a pung or the pair there, as long as the complete
    hand wants at most four tiles of the kind; the hand's tiles of the kind it wants are the
    overlap."""
    n = len(counts)
    states = {(0, 0, 0, 0): 0}  # (runs begun one back, two back, sets, pairs) -> overlap
    for i in range(n):
        have = counts[i]
        runs_here = runs and i + 2 < n and (have or counts[i + 1] or counts[i + 2])
        after = {}
        for (one, two, sets, pairs), value in states.items():
            carried = one + two
            most = min(4 - sets, 4 - carried) if runs_here else 0
            for begun in range(most + 1):
                for pung in (0, 1) if have and sets + begun < 4 else (0,):
                    for pair in (0, 1) if have and pairs == 0 else (0,):
                        wanted = carried + begun + 3 * pung + 2 * pair
                        if wanted > 4:
                            continue
                        key = (begun, one, sets + begun + pung, pairs + pair)
                        gained = value + (have if have < wanted else wanted)
                        if after.get(key, -1) < gained:
                            after[key] = gained
        states = after
    table = [[0, 0] for _ in range(5)]
    for (_, _, sets, pairs), value in states.items():
        if value > table[sets][pairs]:
            table[sets][pairs] = value
    return _at_most(table)


@cache
def suit_table(counts, runs):
    """One suit's (or the honours') table: ``table[j][h]``, the best overlap of ``counts`` with j
    sets and h pairs of a complete hand."""
    if 4 in counts:
        return walk_table(counts, runs)
    return shape_table(counts, runs)


@cache
def join(first, second):
    """Two suits' tables as one: the best overlap with j sets and h pairs over both."""
    table = [[0, 0] for _ in range(5)]
    for a in range(5):
        for b in range(5 - a):
            for h in range(2):
                for g in range(2 - h):
                    value = first[a][h] + second[b][g]
                    if value > table[a + b][h + g]:
                        table[a + b][h + g] = value
    return tuple(tuple(row) for row in table)


def best_overlap(first, second, sets):
    """The best overlap of two tables together with ``sets`` sets and the pair."""
    return max(first[a][h] + second[sets - a][1 - h] for a in range(sets + 1) for h in range(2))


def tables(counts):
    return [
        suit_table(tuple(counts[0:9]), True),
        suit_table(tuple(counts[9:18]), True),
        suit_table(tuple(counts[18:27]), True),
        suit_table(tuple(counts[27:34]), False),
    ]


def regular_shanten(counts, called=0):
    """Shanten of sets and a pair, ``called`` of the four sets already declared."""
    t = tables(counts)
    sets = 4 - called
    return 3 * sets + 1 - best_overlap(join(join(t[0], t[1]), t[2]), t[3], sets)


def pairs_shanten(counts):
    pairs = sum(1 for c in counts if c >= 2)
    kinds = sum(1 for c in counts if c)
    return 6 - pairs + max(0, 7 - kinds)


def orphans_shanten(counts):
    kinds = sum(1 for k in ORPHANS if counts[k])
    pair = any(counts[k] >= 2 for k in ORPHANS)
    return 13 - kinds - (1 if pair else 0)


def shanten(counts, called=0):
    """-1 for a complete hand, 0 for ready, and so on; seven pairs and thirteen orphans count only
    for a hand with no declared set."""
    best = regular_shanten(counts, called)
    if called == 0 and sum(counts) >= 13:
        best = min(best, pairs_shanten(counts), orphans_shanten(counts))
    return best


def waits(counts, called=0, melded=None):
    """The kinds that complete a ready hand, less those whose four tiles the player holds itself."""
    found = []
    for kind in range(34):
        held = counts[kind] + (melded[kind] if melded else 0)
        if held >= 4:
            continue
        counts[kind] += 1
        if shanten(counts, called) == -1:
            found.append(kind)
        counts[kind] -= 1
    return found


def discard_order(kind, values):
    """Among equally good discards: the honours that are worth nothing first, then the value
    honours, the terminals, the twos and eights, the middle tiles."""
    if kind >= 27:
        return 1 if kind in values else 0
    rank = kind % 9
    if rank in (0, 8):
        return 2
    if rank in (1, 7):
        return 3
    return 4


def choose_discard(counts, called, unseen, forbidden=(), values=()):
    """The kind to discard from ``counts`` (one tile more than a multiple of three short of 14):
    lowest shanten, then most acceptance, then :func:`discard_order`. Returns (kind, shanten)."""
    by_kind = {}
    for kind in range(34):
        if counts[kind] and kind not in forbidden:
            counts[kind] -= 1
            by_kind[kind] = shanten(counts, called)
            counts[kind] += 1
    if not by_kind:
        return None, None
    low = min(by_kind.values())
    best = None
    for kind, value in by_kind.items():
        if value != low:
            continue
        counts[kind] -= 1
        accept = acceptance(counts, called, value, unseen)
        counts[kind] += 1
        key = (accept, -discard_order(kind, values), -kind)
        if best is None or key > best[0]:
            best = (key, kind)
    return best[1], low


def acceptance(counts, called, now, unseen):
    """How many unseen tiles would lower the hand's shanten from ``now``. (Drawing a tile changes one
    suit's table only, so the other three are joined once, not 34 times.)"""
    t = tables(counts)
    sets = 4 - called
    rest = [
        join(join(t[1], t[2]), t[3]),
        join(join(t[0], t[2]), t[3]),
        join(join(t[0], t[1]), t[3]),
        join(join(t[0], t[1]), t[2]),
    ]
    closed = called == 0 and sum(counts) >= 12
    if closed:
        pairs = sum(1 for c in counts if c >= 2)
        kinds = sum(1 for c in counts if c)
        orphan_kinds = sum(1 for k in ORPHANS if counts[k])
        orphan_pair = any(counts[k] >= 2 for k in ORPHANS)
    total = 0
    for kind in range(34):
        if unseen[kind] <= 0 or counts[kind] >= 4:
            continue
        group = min(kind // 9, 3)
        start = group * 9
        counts[kind] += 1
        table = suit_table(tuple(counts[start : start + (9 if group < 3 else 7)]), group < 3)
        counts[kind] -= 1
        value = 3 * sets + 1 - best_overlap(table, rest[group], sets)
        if closed:
            had = counts[kind]
            value = min(value, 6 - (pairs + (had == 1)) + max(0, 7 - kinds - (had == 0)))
            if kind in ORPHANS:
                value = min(value, 13 - orphan_kinds - (had == 0) - (1 if orphan_pair or had == 1 else 0))
            else:
                value = min(value, 13 - orphan_kinds - (1 if orphan_pair else 0))
        if value < now:
            total += unseen[kind]
    return total


# ----------------------------------------------------------------------------------------- yaku


def has_yaku(counts, melds, *, tsumo, riichi, values, chankan=False):
    """Whether the complete hand (``counts``: its standing tiles and the winning one; ``melds``:
    (type, kind) of its declared sets) has one of the yaku this bot knows. It knows few, and never
    claims one it does not have."""
    closed = not melds
    if riichi or chankan or (tsumo and closed):
        return True
    if closed and sum(counts) == 14:
        if all(c in (0, 2) for c in counts):
            return True  # seven pairs
        if orphans_shanten(counts) == -1:
            return True  # thirteen orphans
    if closed and all(is_simple(k) for k in range(34) if counts[k]):
        return True  # tanyao (kept to closed hands: an open one may not count under every rule)
    for kind in values:
        if counts[kind] >= 3 or any(m == ("pon", kind) for m in melds):
            return True
    return False


# ------------------------------------------------------------------------------------------ bot


class Bot:
    def __init__(self):
        self.me = None
        self.turn = False  # the question is its own turn's: it must discard (or win)
        self.new_hand({})

    def new_hand(self, start):
        self.hand = []  # standing tiles, as mjai names (red fives keep their r)
        self.melds = []  # (type, kind)
        self.melded = [0] * 34  # tiles in its declared sets
        self.seen = [0] * 34
        self.discarded = set()  # kinds in its own river
        self.draws = 0  # tsumo messages this hand (live and replacement)
        self.drawn = None
        self.riichi = False  # its riichi stands (reach_accepted)
        self.declared = False  # it has answered reach this hand
        self.pending = None  # the declaring discard, sent when asked after reach
        self.missed = False  # a winning tile passed since its last discard
        self.riichi_missed = False  # a winning tile passed after riichi
        self.before = (False, False)  # (missed, riichi_missed) before the last tile of another
        self.kuikae = ()
        self.scores = list(start.get("scores") or [25000] * 4)
        self.oya = start.get("oya", 0)
        self.bakaze = start.get("bakaze", "E")

    # --- what it sees

    def see(self, name):
        if name != "?":
            self.seen[kind_of(name)] += 1

    def values(self):
        seat_wind = 27 + (self.me - self.oya) % 4
        round_wind = 27 + "ESWN".index(self.bakaze)
        return {seat_wind, round_wind, *DRAGONS}

    def unseen(self):
        return [4 - s for s in self.seen]

    def counts(self):
        return counts_of(self.hand)

    def wins_with(self, kind):
        counts = self.counts()
        if len(self.hand) % 3 != 1:
            return False
        counts[kind] += 1
        return shanten(counts, len(self.melds)) == -1

    def passes(self, kind):
        """Another seat's tile of ``kind`` went by: furiten if it was a winning tile."""
        self.before = (self.missed, self.riichi_missed)
        if self.wins_with(kind):
            self.missed = True
            if self.riichi or self.declared:
                self.riichi_missed = True

    def update(self, m):
        kind = m.get("type")
        actor = m.get("actor")
        mine = actor is not None and actor == self.me
        if kind == "start_game":
            if m.get("id") is not None:
                self.me = m["id"]
        elif kind == "start_kyoku":
            self.new_hand(m)
            self.hand = list(m["tehais"][self.me])
            for name in self.hand:
                self.see(name)
            self.see(m["dora_marker"])
        elif kind == "tsumo":
            self.draws += 1
            if mine:
                self.hand.append(m["pai"])
                self.see(m["pai"])
                self.drawn = m["pai"]
        elif kind == "dahai":
            if mine:
                self.hand.remove(m["pai"])
                self.discarded.add(kind_of(m["pai"]))
                self.missed = False
                self.kuikae = ()
                self.drawn = None
                self.pending = None
            else:
                self.see(m["pai"])
                self.passes(kind_of(m["pai"]))
        elif kind in ("chi", "pon", "daiminkan"):
            if mine:
                for name in m["consumed"]:
                    self.hand.remove(name)
                called = kind_of(m["pai"])
                self.melds.append((kind, called))
                for name in [m["pai"], *m["consumed"]]:
                    self.melded[kind_of(name)] += 1
                self.kuikae = (called,)
            else:
                for name in m["consumed"]:
                    self.see(name)
        elif kind == "ankan":
            if mine:
                for name in m["consumed"]:
                    self.hand.remove(name)
                    self.melded[kind_of(name)] += 1
                self.melds.append(("ankan", kind_of(m["consumed"][0])))
            else:
                for name in m["consumed"]:
                    self.see(name)
                self.passes(kind_of(m["consumed"][0]))
        elif kind == "kakan":
            if mine:
                self.hand.remove(m["pai"])
                called = kind_of(m["pai"])
                self.melded[called] += 1
                self.melds = [("kakan", k) if (t, k) == ("pon", called) else (t, k) for t, k in self.melds]
            else:
                self.see(m["pai"])
                self.passes(kind_of(m["pai"]))
        elif kind == "dora":
            self.see(m["dora_marker"])
        elif kind == "reach_accepted":
            if actor is not None:
                self.scores[actor] -= 1000
            if mine:
                self.riichi = True

    # --- deciding

    def react(self, messages):
        """Read one line's messages and answer the question the last of them asks."""
        if self.pending is not None and [m.get("type") for m in messages] == ["reach"]:
            answer, self.pending = self.pending, None  # the declaring discard
            return answer
        last = next((m for m in reversed(messages) if m.get("type") not in ("dora", "reach_accepted")), {})
        kind = last.get("type")
        actor = last.get("actor")
        self.turn = False
        for m in messages:
            self.update(m)
        self.turn = actor == self.me and kind in ("tsumo", "pon", "chi")
        if self.me is None:
            return {"type": "none"}
        if kind == "tsumo" and actor == self.me:
            return self.own_turn(drew=True)
        if kind in ("pon", "chi") and actor == self.me:
            return self.own_turn(drew=False)
        if kind == "dahai" and actor != self.me:
            return self.on_discard(actor, last["pai"])
        if kind == "kakan" and actor != self.me:
            return self.on_kan(actor, last["pai"])
        return {"type": "none"}

    def live_left(self):
        return 70 - self.draws

    def own_turn(self, drew):
        counts = self.counts()
        called = len(self.melds)
        values = self.values()
        if drew and shanten(counts, called) == -1:
            if has_yaku(counts, self.melds, tsumo=True, riichi=self.riichi, values=values):
                return {"type": "hora", "actor": self.me, "target": self.me, "pai": self.drawn}
        if self.riichi and drew:
            return self.dahai(self.drawn)
        kind, after = choose_discard(counts, called, self.unseen(), self.kuikae, values)
        tile = self.pick(kind)
        dahai = self.dahai(tile)
        if (
            drew
            and after == 0
            and not self.melds
            and not self.riichi
            and self.scores[self.me] >= 1000
            and self.live_left() >= 4
        ):
            counts[kind] -= 1
            if waits(counts, called, self.melded):
                self.declared = True
                self.pending = dahai
                return {"type": "reach", "actor": self.me}
        return dahai

    def pick(self, kind):
        """The tile of ``kind`` to let go: a plain five before a red one (worth a han), then the
        drawn tile before one it held."""
        names = [n for n in self.hand if kind_of(n) == kind]
        names.sort(key=lambda n: (n.endswith("r"), n != self.drawn))
        return names[0]

    def dahai(self, tile):
        return {"type": "dahai", "actor": self.me, "pai": tile, "tsumogiri": tile == self.drawn}

    def may_ron(self, kind):
        missed, riichi_missed = self.before
        if missed or riichi_missed or not self.wins_with(kind):
            return False
        counts = self.counts()
        if self.discarded & set(waits(counts, len(self.melds))):
            return False
        return True

    def on_discard(self, target, pai):
        kind = kind_of(pai)
        values = self.values()
        if self.may_ron(kind):
            counts = self.counts()
            counts[kind] += 1
            if has_yaku(counts, self.melds, tsumo=False, riichi=self.riichi, values=values):
                return {"type": "hora", "actor": self.me, "target": target, "pai": pai}
        if kind in values and not self.riichi and not self.declared and self.live_left() > 0:
            if self.wants_pon(kind):
                same = [n for n in self.hand if kind_of(n) == kind][:2]
                return {"type": "pon", "actor": self.me, "target": target, "pai": pai, "consumed": same}
        return {"type": "none"}

    def on_kan(self, target, pai):
        kind = kind_of(pai)
        if self.may_ron(kind):  # robbing a kan is a yaku of its own
            return {"type": "hora", "actor": self.me, "target": target, "pai": pai}
        return {"type": "none"}

    def wants_pon(self, kind):
        counts = self.counts()
        if counts[kind] < 2:
            return False
        called = len(self.melds)
        now = shanten(counts, called)
        if now <= 0:
            return False  # ready already: riichi or wait
        counts[kind] -= 2
        _, after = choose_discard(counts, called + 1, self.unseen(), (kind,), self.values())
        return after is not None and after <= now

    def rescue(self):
        """The answer after a surprise: on its own turn a discard it surely holds, else none."""
        try:
            if self.turn and self.hand:
                if self.drawn in self.hand:
                    return self.dahai(self.drawn)
                allowed = [n for n in self.hand if kind_of(n) not in self.kuikae] or self.hand
                return self.dahai(allowed[-1])
        except Exception:
            pass
        return {"type": "none"}


def main():
    strict = "--strict" in sys.argv[1:]
    bot = Bot()
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            answer = bot.react(json.loads(line))
        except Exception:
            if strict:
                raise
            answer = bot.rescue()
        print(json.dumps(answer, separators=(",", ":")), flush=True)


if __name__ == "__main__":
    main()
