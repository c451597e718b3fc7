"""Two settings of the Expert compared on the very same hands: one seat played by setting A, then by
setting B, the other three seats by Normal, everything else equal.

Each board is the first hand of a fresh match (its seed from the run's seed and the board's number),
played once with the Expert in each of the four seats. Setting B only plays a hand where it would
have decided differently from A somewhere along the way; elsewhere the hand is the same. So the
comparison carries none of the luck of the deal, only that of the hands the change touches, and it
finds a change worth a few wins in a thousand hands where a duplicate run of `tune.py` needs several
seeds to tell it from the noise (docs/bots.md, "Tuning", fifth round).

    python bench/paired.py --rules hkos --boards 3000 --seed 2 \\
        --a claim_discard_win=chow+pung+kong --b claim_discard_win=chow+kong

Each ``--a``/``--b`` field is a field of the Expert's temperament (as ``--expert`` in tune.py),
applied over the ruleset's own variant. Prints the hands, how many of them the change touched, the
Expert's wins under A and under B with the paired difference and its 95% interval, the other seats'
wins, the Expert's net score per hand and its deal-ins.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import multiprocessing
import sys

from _common import field_changes, positive_int, seed_value

SEATS = "ESWN"


def _setup(rules: str, a: dict[str, object], b: dict[str, object]) -> tuple:
    from sparrow.bots import players

    base = players.temperaments_by_rules("expert", players.TEMPERAMENTS["expert"]).get(
        rules, players.TEMPERAMENTS["expert"]
    )
    return dataclasses.replace(base, **a), dataclasses.replace(base, **b)


def _play(rules: str, seed: int, seat: str, main, shadow) -> tuple[str | None, str | None, int, bool]:
    """One hand with ``main`` in ``seat``: (winner, discarder, the seat's payment, whether ``shadow``
    would have decided differently at some point)."""
    from sparrow.bots import get_bot
    from sparrow.bots.players import Bot
    from sparrow.game.match import Match

    state = Match(rules, seed).next_hand()
    bots = {s: get_bot("normal", 100 + i) for i, s in enumerate(SEATS)}
    bots[seat] = Bot(main, 100 + SEATS.index(seat))
    other = Bot(shadow, 100 + SEATS.index(seat)) if shadow is not None else None
    differs = False
    while not state.is_over:
        to_act = state.to_act[0]
        observation = state.observation(to_act)
        action = bots[to_act].act(observation)
        if other is not None and to_act == seat and not differs:
            differs = other.act(observation) != action
        state.apply(action)
    end = state.events[-1]
    return end.get("winner"), end.get("discarder"), end["payments"][seat], differs


def _board(job: tuple) -> list[tuple[int, int, int, int, int, int, int, int, bool]]:
    """A board in its four seatings: per seat (A's win, B's win, others' wins under A, under B, A's
    payment, B's, A dealt in, B dealt in, touched)."""
    rules, seed, a, b = job
    rows = []
    for seat in SEATS:
        winner_a, discarder_a, pay_a, differs = _play(rules, seed, seat, a, b)
        winner_b, discarder_b, pay_b = winner_a, discarder_a, pay_a
        if differs:
            winner_b, discarder_b, pay_b, _ = _play(rules, seed, seat, b, None)
        rows.append(
            (
                winner_a == seat,
                winner_b == seat,
                winner_a is not None and winner_a != seat,
                winner_b is not None and winner_b != seat,
                pay_a,
                pay_b,
                discarder_a == seat,
                discarder_b == seat,
                differs,
            )
        )
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="hkos")
    parser.add_argument(
        "--boards", type=positive_int, default=1000, help="hands dealt; each is played in four seatings"
    )
    parser.add_argument("--seed", type=seed_value, default=1)
    parser.add_argument("--a", action="append", default=[], metavar="FIELD=VALUE")
    parser.add_argument("--b", action="append", default=[], metavar="FIELD=VALUE")
    parser.add_argument("--workers", type=positive_int, default=1)
    args = parser.parse_args()
    from sparrow.bots.players import Temperament

    try:
        a, b = _setup(args.rules, field_changes(args.a, Temperament), field_changes(args.b, Temperament))
    except ValueError as error:  # a bad field or value, or a claim kind the temperament refuses
        parser.error(str(error))
    jobs = [(args.rules, args.seed * 1_000_003 + board, a, b) for board in range(args.boards)]
    if args.workers > 1:
        with multiprocessing.Pool(args.workers) as pool:
            boards = pool.map(_board, jobs, chunksize=8)
    else:
        boards = [_board(job) for job in jobs]
    rows = [row for board in boards for row in board]
    n = len(rows)
    wins_a, wins_b = sum(r[0] for r in rows), sum(r[1] for r in rows)
    others_a, others_b = sum(r[2] for r in rows), sum(r[3] for r in rows)
    # The interval is over boards: a board's four seatings share one deal, so they are not independent.
    per_board = [sum(r[1] - r[0] for r in board) / len(board) for board in boards]
    count = len(per_board)
    mean = sum(per_board) / count
    spread = sum((d - mean) ** 2 for d in per_board) / (count - 1) if count > 1 else 0.0
    half = 1.96 * math.sqrt(spread / count)
    ratio_a = wins_a / (others_a / 3) if others_a else float("inf")
    ratio_b = wins_b / (others_b / 3) if others_b else float("inf")
    print(f"{args.rules}: {n} hands, {sum(r[8] for r in rows)} touched by the change")
    print(
        f"Expert's wins A {wins_a} B {wins_b}: B - A {wins_b - wins_a:+d}"
        f" ({100 * mean:+.2f}% of hands [{100 * (mean - half):+.2f}, {100 * (mean + half):+.2f}])"
    )
    print(f"the other seats' wins A {others_a} B {others_b}; Expert / a Normal seat: A {ratio_a:.3f} B {ratio_b:.3f}")
    print(
        f"Expert's net per hand A {sum(r[4] for r in rows) / n:+.2f} B {sum(r[5] for r in rows) / n:+.2f};"
        f" deal-ins A {sum(r[6] for r in rows)} B {sum(r[7] for r in rows)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
