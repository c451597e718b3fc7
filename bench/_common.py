"""Timing helpers shared by the benchmarks in ``bench/``.

A benchmark here reports *hands per second on one core*: the process is pinned to a single CPU, thread pools
that numeric libraries start on import are held to one thread, and every engine is timed the same way (wall
clock and process CPU time around the whole loop, after an untimed warm-up).
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import os
import platform
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

# Environment variables read by the thread pools of OpenMP, OpenBLAS, MKL, numexpr and Rust's rayon when they
# start. Set before the first import of a library that starts such a pool, they keep it to one thread.
THREAD_POOL_VARIABLES = (
    "OMP_NUM_THREADS",
    "OPENBLAS_NUM_THREADS",
    "MKL_NUM_THREADS",
    "NUMEXPR_NUM_THREADS",
    "RAYON_NUM_THREADS",
)


def positive_int(text: str) -> int:
    """argparse type: a whole number of at least 1."""
    value = _whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {value}")
    return value


def seed_value(text: str) -> int:
    """argparse type: a seed, a whole number of 0 or more."""
    value = _whole_number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a seed of 0 or more, got {value}")
    return value


def field_changes(pairs: list[str], fields: object) -> dict[str, object]:
    """The fields of a dataclass (``fields``: a temperament) from ``field=value`` pairs (``--expert``
    in tune.py, ``--a``/``--b`` in paired.py), each value read as its field's default is: a boolean
    (``true``/``false``), a number, or for a tuple words joined by ``+`` (``claim_discard_win=chow+pung``;
    ``none`` for the empty one). A pair that names no field or does not read as its type raises
    ValueError with one line saying which."""
    defaults = {f.name: f.default for f in dataclasses.fields(fields)}  # type: ignore[arg-type]
    changes: dict[str, object] = {}
    for pair in pairs:
        name, equals, text = pair.partition("=")
        name, text = name.strip(), text.strip()
        if not equals or name not in defaults:
            known = ", ".join(sorted(defaults))
            raise ValueError(f"expected FIELD=VALUE with FIELD one of {known}; got {pair!r}")
        default = defaults[name]
        value: object
        try:
            if isinstance(default, bool):
                if text.lower() not in ("true", "false"):
                    raise ValueError
                value = text.lower() == "true"
            elif isinstance(default, int):
                value = int(text)
            elif isinstance(default, float):
                value = float(text)
            elif isinstance(default, tuple):
                value = () if text == "none" else tuple(text.split("+"))
            else:
                value = text
        except ValueError:
            kind = type(default).__name__
            raise ValueError(f"{name} takes a {kind}, got {text!r}") from None
        changes[name] = value
    return changes


def _whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def limit_thread_pools() -> None:
    """Ask every thread pool started from now on for a single thread (a value the user set is kept)."""
    for name in THREAD_POOL_VARIABLES:
        os.environ.setdefault(name, "1")


def pin_to_one_core() -> int | None:
    """Pin this process (and threads it starts later) to its least busy CPU; return it, or None if unsupported."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    allowed = sorted(os.sched_getaffinity(0))
    if not allowed:
        return None
    chosen = _least_busy(allowed)
    os.sched_setaffinity(0, {chosen})
    return chosen


def _least_busy(cpus: list[int], sample_seconds: float = 0.2) -> int:
    """The CPU among ``cpus`` that was idle longest over a short sample (the lowest one when unknown or tied).

    Pinning to a core that another process keeps busy would halve the figure; picking the idle one avoids that
    when the machine has one to spare.
    """
    before = _idle_ticks()
    time.sleep(sample_seconds)
    after = _idle_ticks()
    if not before or not after:
        return cpus[0]
    return max(cpus, key=lambda cpu: (after.get(cpu, 0) - before.get(cpu, 0), -cpu))


def _idle_ticks() -> dict[int, int]:
    """Idle plus I/O-wait ticks per CPU from /proc/stat (empty where that file does not exist)."""
    ticks: dict[int, int] = {}
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            for line in stat:
                name, *fields = line.split()
                if name.startswith("cpu") and name[3:].isdigit() and len(fields) >= 5:
                    ticks[int(name[3:])] = int(fields[3]) + int(fields[4])
    except OSError:
        return {}
    return ticks


def thread_count() -> int | None:
    """The number of OS threads in this process right now (Linux only), to spot engines that start their own."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Threads:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


@dataclass(frozen=True)
class Timing:
    """One timed run: how many hands it played, the wall and CPU seconds it took, the threads alive after it."""

    hands: int
    wall: float
    cpu: float
    threads: int | None

    @property
    def hands_per_second(self) -> float:
        """Hands per second of CPU time: the rate on one core, even if another process shared that core."""
        return self.hands / self.cpu if self.cpu > 0 else float("inf")

    @property
    def hands_per_wall_second(self) -> float:
        return self.hands / self.wall if self.wall > 0 else float("inf")

    @property
    def cpu_share(self) -> float:
        """CPU seconds per wall second: about 1.0 for a single-threaded run alone on its core; less when another
        process shared the core, more when the engine ran threads on other cores (impossible once pinned)."""
        return self.cpu / self.wall if self.wall > 0 else 0.0


def time_run(run: Callable[[], int]) -> Timing:
    """Time ``run`` (which plays some hands and returns how many) by wall clock and by process CPU time."""
    # Collect garbage left by an earlier run now, so that this run does not pay for it.
    gc.collect()
    wall_start = time.perf_counter()
    cpu_start = time.process_time()
    hands = run()
    cpu = time.process_time() - cpu_start
    wall = time.perf_counter() - wall_start
    return Timing(hands=hands, wall=wall, cpu=cpu, threads=thread_count())


def median_timing(timings: list[Timing]) -> Timing:
    """The run with the median rate (the lower middle one for an even count), so a single outlier cannot win."""
    if not timings:
        raise ValueError("no timed runs to choose from")
    ordered = sorted(timings, key=lambda timing: timing.hands_per_second)
    return ordered[(len(ordered) - 1) // 2]


def describe_machine(pinned_cpu: int | None) -> dict[str, object]:
    """What a reader needs to compare figures from two runs: interpreter, processor, pinning and the load."""
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "processor": _processor_name(),
        "cpus": os.cpu_count(),
        "pinned_cpu": pinned_cpu,
        "load_average_1min": round(load[0], 2) if load else None,
        "openblas_coretype": os.environ.get("OPENBLAS_CORETYPE"),
        "platform": sys.platform,
    }


def _processor_name() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def name_list(allowed: Sequence[str], allow_none: bool = False) -> Callable[[str], tuple[str, ...]]:
    """An argparse type: a comma-separated list of names from ``allowed`` (or "none")."""

    def parse(text: str) -> tuple[str, ...]:
        if allow_none and text.strip().lower() == "none":
            return ()
        names = tuple(dict.fromkeys(name.strip().lower() for name in text.split(",") if name.strip()))
        unknown = [name for name in names if name not in allowed]
        if unknown or not names:
            choices = ", ".join(allowed) + (", or none" if allow_none else "")
            raise argparse.ArgumentTypeError(
                f"unknown name(s) {', '.join(unknown) or '(empty)'}; choose from {choices}"
            )
        return names

    return parse
