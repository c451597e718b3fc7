"""Where the lab's matches are played: this process, local worker processes, or a Ray cluster.

An executor maps a function over the run's chunks (one match each, :mod:`sparrow.play.lab`) and
yields the results **in chunk order**, drawing chunks only as it needs them: the lab decides how many
hands the next chunk may play from the results already in, and stops drawing when the run has its
hands. Every executor here shares one scheduler (:func:`_in_order`): a few consecutive chunks per
task, ``workers + 1`` tasks in flight, results put back in order as they come. Where a task runs
changes nothing in its result, so every executor gives the same run, log and summary for a seed.

* :func:`local_executor` - ``workers`` processes on this machine (``multiprocessing``).
* :func:`ray_executor` - the tasks on Ray (https://www.ray.io), a local instance or a cluster;
  ``ray`` is imported only here, when asked for.
"""

from __future__ import annotations

import logging
import multiprocessing
import queue
import signal
import socket
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from itertools import islice
from typing import Any

__all__ = ["Executor", "LabClusterError", "check_cluster", "local_executor", "ray_executor"]

# A function from chunks to their results, in order: (play_chunk, chunks) -> results.
Executor = Callable[[Callable[[Any], Any], Iterable[Any]], Iterator[Any]]

# A task sent to a worker should take about this long: short matches (a casual game is one hand) are
# sent several at a time, so that sending them and their results costs little beside playing.
_TASK_SECONDS = 0.1
_MAX_BATCH = 32


class LabClusterError(RuntimeError):
    """A cluster the lab cannot use: Ray not installed, no cluster at the address."""


def _play_batch(function: Callable[[Any], Any], batch: list[Any]) -> list[Any]:
    return [function(chunk) for chunk in batch]


def _in_order(submit: Callable[[list[Any]], Future[list[Any]]], workers: int, chunks: Iterable[Any]) -> Iterator[Any]:
    """Results of ``chunks`` in their order, played as tasks handed to ``submit`` (a batch of
    consecutive chunks in, a future of their results out).

    A task holds one chunk until ``2 * workers`` have finished, then as many as take about
    :data:`_TASK_SECONDS` (measured as the run goes), fewer near the run's end so the last tasks
    finish together. One task per worker is in play and one waits, so a worker that finishes starts
    again at once. Results are handed on as soon as every earlier one is, so the next chunk is drawn
    knowing them and the run's last match is cut as short as it can be; at most a few finished
    results wait for an earlier one."""
    finished: queue.SimpleQueue[tuple[int, list[Any] | None, BaseException | None]] = queue.SimpleQueue()
    iterator = iter(chunks)
    started = time.perf_counter()
    waiting: dict[int, Any] = {}  # finished out of order
    handed = 0  # chunks handed out
    first = 0  # the next chunk to hand on
    done = 0  # chunks finished
    hands = 0  # ...and the hands they played
    tasks = 0  # tasks in play or waiting for a worker

    def report(order: int, future: Future[list[Any]]) -> None:
        if not future.cancelled():
            error = future.exception()
            finished.put((order, None if error is not None else future.result(), error))

    def hand_out() -> bool:
        nonlocal handed, tasks
        head = next(iterator, None)
        if head is None:
            return False
        batch = [head]
        if done >= 2 * workers:
            per_chunk = (time.perf_counter() - started) * workers / done
            size = min(_MAX_BATCH, int(_TASK_SECONDS / per_chunk))
            limit = getattr(head, "limit", None)
            if limit is not None:
                # Near the run's end, smaller tasks: the last ones finish together.
                size = min(size, int(limit * done / (max(1, hands) * (workers + 1))))
            batch += islice(iterator, max(0, size - 1))
        order = handed
        handed += len(batch)
        tasks += 1
        future = submit(batch)
        future.add_done_callback(lambda future: report(order, future))
        return True

    for _ in range(workers + 1):
        hand_out()
    while tasks:
        order, results, error = finished.get()
        tasks -= 1
        if error is not None:
            raise error
        assert results is not None
        for offset, result in enumerate(results):
            waiting[order + offset] = result
            hands += len(result.hands)  # the hands the chunk played
        done += len(results)
        while first in waiting:
            yield waiting.pop(first)
            first += 1
        while tasks <= workers and len(waiting) < 4 * workers * _MAX_BATCH and hand_out():
            pass


def local_executor(workers: int) -> Executor:
    """Chunks on ``workers`` local processes (in this one for a single worker), in chunk order."""

    def run(function: Callable[[Any], Any], chunks: Iterable[Any]) -> Iterator[Any]:
        if workers <= 1:
            for chunk in chunks:
                yield function(chunk)
            return
        _warm_up()  # the forked workers inherit what the parent has loaded
        context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
        # Not multiprocessing.Pool: ending a run with tasks still queued means terminating it, and its
        # terminate() can hang for good on the lock of its task queue (seen about once in a hundred
        # short runs on a loaded machine). An executor's shutdown cancels the queued tasks and waits
        # for the running ones, which are short.
        pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_deaf_to_interrupts)
        try:
            yield from _in_order(lambda batch: pool.submit(_play_batch, function, batch), workers, chunks)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    return run


def _deaf_to_interrupts() -> None:
    """A worker ignores Ctrl-C, which a terminal sends to every process of the run. The run's own
    process ends the run: it cancels the tasks not started and waits for the running ones. A worker
    interrupted itself could die halfway through writing a result to the pipe the run reads them
    from, and the run would wait for the rest of it for ever (seen once in CI: an interrupted run
    that never ended)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _warm_up() -> None:
    """Load what every worker needs before forking, so each does not load it again."""
    from sparrow.core.analysis import shanten

    shanten([0] * 34)


def ray_executor(address: str | None = None, workers: int | None = None) -> Executor:
    """Chunks as Ray tasks, in chunk order.

    ``address`` is where the cluster is, as ``ray.init`` reads it: ``None`` or ``"local"`` starts a
    Ray instance on this machine for the run (with ``workers`` CPUs, default every core) and stops it
    after; ``"auto"`` joins the cluster this machine is part of; ``"HOST:6379"`` or
    ``"ray://HOST:10001"`` a cluster elsewhere. A run joining a cluster keeps ``workers`` tasks in play
    (default: the cluster's CPUs) and leaves the cluster running. Every node needs the same Sparrow
    installed (docs on a cluster: README, "On a Ray cluster")."""
    if workers is not None and workers < 1:
        raise LabClusterError(f"the number of workers must be at least 1, got {workers}")

    def run(function: Callable[[Any], Any], chunks: Iterable[Any]) -> Iterator[Any]:
        ray = _import_ray()
        local = address in (None, "local")
        started_here = False
        if not ray.is_initialized():
            # A Ray started here turns on token authentication and says so on every run: a notice for
            # whoever runs a cluster, not for a lab run on this machine.
            logging.getLogger("ray._private.authentication.authentication_token_setup").setLevel(logging.ERROR)
            if not local:
                _check_reachable(address)  # Ray itself retries an address nobody answers for minutes
            try:
                ray.init(
                    address="local" if local else address,
                    num_cpus=workers if local else None,
                    include_dashboard=False,
                    log_to_driver=False,
                    logging_level=logging.WARNING,
                    configure_logging=True,
                )
            except (ConnectionError, ValueError, RuntimeError) as error:
                if address == "auto":
                    raise LabClusterError(
                        "cannot reach a Ray cluster at 'auto': none runs on this machine (ray start --head starts one)"
                    ) from None
                raise LabClusterError(f"cannot reach a Ray cluster at {address!r}: {_first_line(error)}") from None
            started_here = True
        width = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        remote = ray.remote(_play_batch)
        in_flight: dict[int, Any] = {}  # the tasks not finished, to cancel when the run ends early

        def submit(batch: list[Any]) -> Future[list[Any]]:
            reference = remote.remote(function, batch)
            in_flight[id(reference)] = reference
            future: Future[list[Any]] = reference.future()
            future.add_done_callback(lambda _: in_flight.pop(id(reference), None))
            return future

        ended_early = True
        try:
            yield from _in_order(submit, width, chunks)
            ended_early = False
        finally:
            # Only a run that ended early has tasks to cancel. A finished run's tasks are all done,
            # though a done-callback may not have dropped them from in_flight yet, and cancelling a
            # task as it completes trips a check inside Ray that ends the whole process (seen in CI).
            for reference in list(in_flight.values()) if ended_early else ():
                try:
                    ray.cancel(reference)
                except Exception:  # already finished, or the cluster is gone: nothing to cancel
                    pass
            if started_here:
                ray.shutdown()

    return run


def check_cluster(address: str | None) -> None:
    """Raise :class:`LabClusterError` now, before a run starts, if Ray is not installed or nothing
    answers at ``address`` (see :func:`ray_executor`)."""
    _import_ray()
    if address not in (None, "local"):
        _check_reachable(address)


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise LabClusterError(
            "Ray is not installed: pip install 'sparrow-mahjong[ray]' (or the ray package) on every machine of the run"
        ) from None
    return ray


def _check_reachable(address: str | None, timeout: float = 5.0) -> None:
    """Raise :class:`LabClusterError` at once when ``address`` names a host and port (``HOST:PORT``
    or ``ray://HOST:PORT``) where nothing accepts a connection."""
    if not address or address == "auto":
        return
    target = address.removeprefix("ray://")
    host, _, port = target.rpartition(":")
    if not host or not port.isdigit():
        raise LabClusterError(f"a Ray address is auto, HOST:PORT or ray://HOST:PORT, not {address!r}")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise LabClusterError(f"cannot reach a Ray cluster at {address!r}: {reason}") from None


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
