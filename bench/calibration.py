"""How well the evaluator's chances come true at the Riichi table: its win chance and deal-in chance
of each discard Expert makes, against what then happened.

Four Expert play whole hands (first hands of fresh deals, seeds from ``--seed`` on). At each
discard a seat not in riichi makes, the evaluator's figures of that discard are recorded: the
chance that the seat wins the hand and the chance that this discard deals in (against every player
in riichi). When the hand is over each record learns what happened: did the seat win the hand, was
this discard the one it dealt in with.

With ``--tenhou`` the discards are those of real players instead: every discard with a real choice
of a player not in riichi in the Phoenix-room games of tests/data/tenhou, replayed at the one table
(``riichi_agreement.py``'s turns), against how those hands ended.

Printed: for each chance, the records in bins of the chance predicted, the mean predicted and the
share observed (a calibrated chance has them equal), and the Brier score beside the peer's, the
base rate predicted for every record (the share over all records): its ratio to the peer's under 1
means the chance tells the discards apart better than the base rate does.

    .venv/bin/python bench/calibration.py --hands 400
    .venv/bin/python bench/calibration.py --tenhou
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from _common import positive_int, seed_value

from sparrow.bots.evaluator import evaluate_discards
from sparrow.bots.riichi import RiichiPlayer
from sparrow.bots.seat_view import SeatView
from sparrow.game import ActionKind, deal
from sparrow.game.hands import from_hand_start, replay_onto

Record = tuple[float, float, bool, bool]

WIN_BINS = (0.0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7, 1.01)
DEAL_IN_BINS = (0.0, 0.001, 0.02, 0.05, 0.1, 0.2, 1.01)


def records(hands: int, seed: int) -> list[Record]:
    """(win chance, deal-in chance, won, dealt in) of every discard of a seat not in riichi."""
    found: list[Record] = []
    for number in range(hands):
        hand = deal("riichi", None, seed + number)
        players = {seat: RiichiPlayer("expert", seed + number) for seat in hand.seats}
        made: list[tuple[str, float, float]] = []
        while not hand.is_over:
            seen = hand.observation(hand.to_act[0])
            action = players[seen.seat].act(seen)
            if action.kind is ActionKind.DISCARD:
                view = SeatView.from_observation(seen)
                if view.seat not in view.riichi:
                    value = next(v for v in evaluate_discards(view) if v.tile == action.tile)
                    made.append((seen.seat, value.win_chance, value.deal_in))
            hand.apply(action)
        result = hand.result
        assert result is not None
        winners = {result.winner, *result.other_winners} - {None}
        # A ron is made on the discarder's last discard: that record dealt in.
        last = max((i for i, (seat, _, _) in enumerate(made) if seat == result.discarder), default=None)
        ron = result.win_by == "discard"
        found.extend(
            (win, deal_in, seat in winners, ron and index == last) for index, (seat, win, deal_in) in enumerate(made)
        )
    return found


def tenhou_records() -> list[Record]:
    """The same of every discard with a real choice of a player not in riichi in the Phoenix games."""
    from riichi_agreement import game_files, hand_logs, turns_of

    found: list[Record] = []
    for path in game_files(None):
        for events in hand_logs(path):
            hand = from_hand_start(events[0])
            replay_onto(hand, events)
            result = hand.result
            if result is None:
                continue
            winners = {result.winner, *result.other_winners} - {None}
            # The discard dealt in with: the last one before the win, when the win was on a discard.
            names = [event.get("event") for event in events]
            won_at = names.index("win") if "win" in names else len(names)
            dealt = max((i for i in range(won_at) if names[i] == "discard"), default=-1)
            for turn in turns_of(events):
                observation = turn.observation
                if observation.seat in getattr(observation.family, "riichi", ()):
                    continue
                value = next((v for v in evaluate_discards(observation) if int(v.tile) == turn.discarded), None)
                if value is None:
                    continue  # (a turn the evaluator does not value that discard on: none to compare)
                ron = result.win_by == "discard" and turn.at == dealt
                found.append((value.win_chance, value.deal_in, observation.seat in winners, ron))
    return found


def table(name: str, pairs: Sequence[tuple[float, bool]], bins: Sequence[float]) -> None:
    print(f"\n{name}: {len(pairs)} discards")
    print(f"{'predicted':>14} {'discards':>9} {'mean predicted':>15} {'observed':>9}")
    for low, high in zip(bins, bins[1:]):
        inside = [(p, o) for p, o in pairs if low <= p < high]
        if not inside:
            continue
        mean = sum(p for p, _ in inside) / len(inside)
        seen = sum(1 for _, o in inside if o) / len(inside)
        print(f"{100 * low:5.1f}-{100 * min(high, 1):5.1f}% {len(inside):9} {100 * mean:14.1f}% {100 * seen:8.1f}%")
    base = sum(1 for _, o in pairs if o) / len(pairs)
    brier = sum((p - o) ** 2 for p, o in pairs) / len(pairs)
    peer = sum((base - o) ** 2 for _, o in pairs) / len(pairs)
    predicted = sum(p for p, _ in pairs) / len(pairs)
    print(f"mean predicted {100 * predicted:.1f}%, observed {100 * base:.1f}%")
    print(f"Brier {brier:.4f}; the base rate (peer) {peer:.4f}; ratio {brier / peer:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=positive_int, default=400, help="hands of four Expert (400)")
    parser.add_argument("--seed", type=seed_value, default=1, help="the first hand's seed (1)")
    parser.add_argument("--tenhou", action="store_true", help="the real players' discards of tests/data/tenhou")
    options = parser.parse_args()
    started = time.perf_counter()
    if options.tenhou:
        found = tenhou_records()
        print(f"the Phoenix games of tests/data/tenhou, {time.perf_counter() - started:.0f} s")
    else:
        found = records(options.hands, options.seed)
        took = time.perf_counter() - started
        print(f"{options.hands} Riichi hands of four Expert, seeds {options.seed} on, {took:.0f} s")
    table("win chance: the seat wins the hand", [(w, won) for w, _, won, _ in found], WIN_BINS)
    table("deal-in chance: this discard deals in", [(d, dealt) for _, d, _, dealt in found], DEAL_IN_BINS)


if __name__ == "__main__":
    main()
