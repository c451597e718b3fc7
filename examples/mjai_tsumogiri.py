#!/usr/bin/env python3
"""The smallest mjai bot, written to the public mjai messages alone (nothing of Sparrow's): it reads
one JSON array of messages a line and answers one action a line, mjai.app style. It learns its seat
from ``start_game.id``, discards every tile it draws (tsumogiri) and declines everything else.

    sparrow play --rules riichi --opponent 'cmd:python3 examples/mjai_tsumogiri.py'
    sparrow simulate --rules riichi -p 'cmd:python3 examples/mjai_tsumogiri.py,normal,normal,normal'
    (or sparrow.seats.mjai.MjaiProcess in Python)
"""

import json
import sys

me = None
for line in sys.stdin:
    messages = json.loads(line)
    answer = {"type": "none"}
    for message in messages:
        if message["type"] == "start_game":
            me = message.get("id")
    last = messages[-1] if messages else {}
    if last.get("type") == "tsumo" and last.get("actor") == me:
        answer = {"type": "dahai", "actor": me, "pai": last["pai"], "tsumogiri": True}
    print(json.dumps(answer), flush=True)
