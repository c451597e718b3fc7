#!/usr/bin/env python3
"""A Sparrow seat in plain Python, with no Sparrow import: the line protocol of docs/protocol.md.

It reads one JSON object per line on stdin and answers each request on stdout, with the request's
id: a win when one is legal, else a random legal action. Standard output carries the answers and
nothing else; anything else it has to say goes to standard error. Run it in a seat:

    sparrow simulate --players 'cmd:python3 examples/random_bot.py',normal,normal,normal --hands 100
"""

import json
import random
import sys


def main() -> None:
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
    hands = 0
    for line in sys.stdin:
        if line.startswith('{"type":"event"'):
            # The events tell the game as the seat sees it. This bot keeps no state, so it does not
            # parse them (most of the lines): it only counts the hands.
            hands += '"event":"hand_start"' in line
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "match":
            # A new match: random choices drawn from its seed make a run the same however it is split.
            rng = random.Random(message["seed"])
        elif kind == "request":
            legal = message["legal"]
            wins = [action for action in legal if action["action"] == "win"]
            choice = wins[0] if wins else rng.choice(legal)
            # Answer with the action itself (an index works too: {"choose": 0}) and the request's id,
            # which ties the answer to its request; flush every line.
            # The action as listed (its red five or riichi flag too, where a family has them).
            answer = {**{k: v for k, v in choice.items() if k != "seat"}, "id": message["id"]}
            print(json.dumps(answer), flush=True)
        elif kind == "end":
            break


if __name__ == "__main__":
    main()
