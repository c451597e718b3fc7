"""Every level against the others and against an outside greedy player, family by family: the table of
docs/bots.md ("Every family: the levels and the outside greedy players").

Each pairing seats the measured player in one seat and three copies of the other in the rest, in the
duplicate format (every deal, or every match's wall in Riichi, played once per rotation of the players,
so the luck of the tiles cancels). For each pairing it prints the measured player's figures:

* Riichi (measured on whole matches, as its players are ranked): the result per match (final points
  less the return, in thousands, with uma and oka) and the average place, each with its 95% interval
  over boards, and the four rates a Riichi player reads on a stats page: wins, deal-ins, riichi and
  calls (hands in which it claimed a set), each a share of the hands played;
* the other families: the net score per hand and the win-rate difference against the mean of the three
  others, paired board by board, with 95% intervals, and the win, deal-in and calls rates.

The outside players (``bench/peers``) use nothing of Sparrow's players:

* ``greedy``: under Riichi the ``mahjong`` package's shanten and acceptance, riichi whenever it may,
  no calls (``peers.mahjong_greedy``); in the other families cmajiang's shanten, no claims
  (``peers.cmajiang_greedy``);
* ``mjai-greedy`` (Riichi): a separate program speaking mjai, written as an outside author writes a
  first bot (``bench/peers/mjai_greedy.py``: shanten and acceptance, riichi when ready, pon of value
  honours, furiten and kuikae checked, no defence).

    .venv/bin/python bench/family_strength.py                              # every family, every pairing
    .venv/bin/python bench/family_strength.py --rules riichi --matches 1600 --pairings expert-greedy
    .venv/bin/python bench/family_strength.py --rules nts,hkos --hands 4000 --json strength.json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
# The outside players are Python agents (``module:Class``) the lab's workers import too.
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(BENCH), os.environ.get("PYTHONPATH", "")]))

from _common import describe_machine, positive_int, seed_value  # noqa: E402

from sparrow.play.lab import run_lab  # noqa: E402

FAMILIES = ("riichi", "nts", "hkos", "chinese", "casual")
PAIRINGS = ("expert-normal", "normal-easy", "easy-normal", "expert-greedy", "expert-mjai-greedy")
MJAI_GREEDY = f"cmd:{sys.executable} {BENCH / 'peers' / 'mjai_greedy.py'}"


def player(name: str, rules: str) -> str:
    """The lab's player entry for a pairing's name."""
    if name == "greedy":
        if rules == "riichi":  # the one family with riichi: the package's player declares it
            return "peers.mahjong_greedy:MahjongGreedy"
        return "peers.cmajiang_greedy:CmajiangGreedy"
    if name == "mjai-greedy":
        return MJAI_GREEDY
    return name


def pairings_of(rules: str, asked: list[str]) -> list[str]:
    """The pairings asked that the family has (the mjai program plays Riichi only)."""
    return [p for p in asked if rules == "riichi" or "mjai" not in p]


def measure(rules: str, pairing: str, count: int, seed: int, workers: int) -> dict[str, Any]:
    strong, weak = pairing.split("-", 1)
    players = [player(strong, rules)] + [player(weak, rules)] * 3
    result = run_lab(rules, players, count, seed, workers=workers, duplicate=True)
    me, others = result.stats[0], result.stats[1:]
    row: dict[str, Any] = {
        "rules": rules,
        "pairing": pairing,
        "hands": result.hands,
        "boards": len(result.units),
        "win_rate": me.win_rate,
        "deal_in_rate": me.deal_in_rate,
        "call_rate": me.call_rate,
        "others_win_rate": sum(o.win_rate for o in others) / 3,
        "others_deal_in_rate": sum(o.deal_in_rate for o in others) / 3,
        "fallbacks": sum(s.fallbacks for s in result.stats),
    }
    if me.games is not None:
        row.update(
            matches=me.games.matches,
            result=me.games.result,
            result_ci=list(me.games.result_ci),
            place=me.games.place,
            place_ci=list(me.games.place_ci),
            riichi_rate=me.riichi_rate,
        )
    else:
        row.update(
            net_per_hand=me.net_per_hand,
            net_vs_others=list(result.compare(0, [1, 2, 3], "net_per_hand")),
            win_vs_others=list(result.compare(0, [1, 2, 3], "win_rate")),
        )
    return row


def _interval(value: float, ends: list[float], scale: float = 1.0, digits: int = 2) -> str:
    return f"{value * scale:+.{digits}f} ({ends[0] * scale:+.{digits}f} to {ends[1] * scale:+.{digits}f})"


def show(row: dict[str, Any]) -> str:
    rates = f"win {row['win_rate']:.1%}, deal-in {row['deal_in_rate']:.1%}"
    if "result" in row:
        rates += f", riichi {row['riichi_rate']:.1%}, calls {row['call_rate']:.1%}"
        place = f"{row['place']:.2f} ({row['place_ci'][0]:.2f} to {row['place_ci'][1]:.2f})"
        figures = f"result {_interval(row['result'], row['result_ci'])} a match, place {place}"
        size = f"{row['matches']} matches"
    else:
        rates += f", calls {row['call_rate']:.1%}"
        net = row["net_vs_others"]
        win = row["win_vs_others"]
        figures = f"net {_interval(net[0], net[1:])} a hand, win {_interval(win[0], win[1:], 100, 1)} points"
        figures += " against the others"
        size = f"{row['hands']} hands"
    faults = f", {row['fallbacks']} decisions taken over" if row["fallbacks"] else ""
    return f"{row['rules']:8} {row['pairing']:19} {figures}; {rates} ({size}, {row['boards']} boards{faults})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default=",".join(FAMILIES), help="families, comma-separated (default: all)")
    parser.add_argument("--pairings", default=",".join(PAIRINGS), help="strong-weak pairs, comma-separated")
    parser.add_argument("--hands", type=positive_int, default=4000, help="hands a pairing (default 4000)")
    parser.add_argument("--matches", type=positive_int, default=1600, help="Riichi matches a pairing (default 1600)")
    parser.add_argument("--seed", type=seed_value, default=21)
    parser.add_argument("--workers", type=positive_int, default=os.cpu_count() or 1)
    parser.add_argument("--json", metavar="FILE", help="also write every figure to FILE")
    options = parser.parse_args(argv)
    families = [name.strip() for name in options.rules.split(",") if name.strip()]
    asked = [name.strip() for name in options.pairings.split(",") if name.strip()]
    unknown = [name for name in families if name not in FAMILIES] + [name for name in asked if name not in PAIRINGS]
    if unknown:
        parser.error(f"unknown family or pairing: {', '.join(unknown)}")
    machine = describe_machine(None)
    print(f"Python {machine['python']} on {machine['processor']}, {options.workers} workers, seed {options.seed}")
    rows = []
    for rules in families:
        count = options.matches if rules == "riichi" else options.hands
        for pairing in pairings_of(rules, asked):
            row = measure(rules, pairing, count, options.seed, options.workers)
            rows.append(row)
            print(show(row), flush=True)
    if options.json:
        Path(options.json).write_text(json.dumps(rows, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
