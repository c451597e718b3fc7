"""The lab on Ray against the lab on local processes: the same run, two workers each, back to back.

Plays one run with ``--workers 2`` (local processes) and the same run on a Ray started here with two
CPUs (Ray's own start-up timed apart: a cluster is started once and serves many runs), checks that both
give the same result and log, and prints hands per second and the ratio Ray / local.

    .venv/bin/python bench/lab_ray.py --rules hkos --hands 2000
"""

from __future__ import annotations

import argparse
import time

from _common import positive_int

from sparrow.play.executors import ray_executor
from sparrow.play.lab import run_lab


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="hkos")
    parser.add_argument("--players", default="expert,normal,normal,normal")
    parser.add_argument("--hands", type=positive_int, default=2000)
    parser.add_argument("--seed", type=positive_int, default=1)
    parser.add_argument("--duplicate", action="store_true")
    args = parser.parse_args()
    import ray

    players = args.players.split(",")

    def run(**where):
        start = time.perf_counter()
        result = run_lab(args.rules, players, args.hands, args.seed, duplicate=args.duplicate, keep_logs=True, **where)
        return result, time.perf_counter() - start

    local, local_time = run(workers=2)
    start = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    ray_start = time.perf_counter() - start
    try:
        on_ray, ray_time = run(executor=ray_executor(workers=2))
    finally:
        ray.shutdown()
    same = on_ray.to_dict() == local.to_dict() and on_ray.logs == local.logs
    print(f"{args.rules}, {args.hands} hands, {args.players}{', duplicate' if args.duplicate else ''}")
    print(f"  --workers 2        {local_time:7.1f} s  {args.hands / local_time:8.1f} hands/s")
    print(
        f"  Ray, 2 CPUs        {ray_time:7.1f} s  {args.hands / ray_time:8.1f} hands/s  (Ray start-up {ray_start:.1f} s apart)"
    )
    print(f"  ratio Ray / local  {local_time / ray_time:.2f}x   same result and log: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
