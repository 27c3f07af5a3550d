"""Where training's self-play games are played: in this process, in a pool of worker
processes (multiprocessing, the default), or as tasks on a Ray cluster (`train --ray
ADDRESS`, with Ray installed: the optional `ray` extra).

Every job is a pure function of its arguments (a game is its configuration, seed and
index), so the engine decides only where the jobs run and in which order their results
arrive, never what they are: the caller stores each result under its job's own name.
Ray schedules the tasks; nothing here does more than hand them over and collect them.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterator, Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any, TypeVar

Job = TypeVar("Job")
Result = TypeVar("Result")

# `--ray local` starts a Ray instance on this computer for the run (trying the Ray path
# without a cluster); any other address is handed to ray.init: "auto" for the cluster
# this computer belongs to, "ray://HOST:10001" for a remote one.
LOCAL = "local"
MISSING = "--ray needs Ray, which is not installed (pip install 'ray>=2.9')"


class EngineError(Exception):
    """The engine asked for cannot run the jobs (a cluster that cannot be reached)."""


def ray_installed() -> bool:
    return importlib.util.find_spec("ray") is not None


def run_jobs(function: Callable[[Job], Result], jobs: Sequence[Job], workers: int,
             ray: str | None = None) -> Iterator[Result]:
    """`function` applied to every job, the results in the order they are done."""
    if ray is not None:
        yield from _on_ray(function, jobs, workers, ray)
    elif workers == 1 or len(jobs) <= 1:
        for job in jobs:
            yield function(job)
    else:
        with Pool(workers) as pool:
            yield from pool.imap_unordered(function, jobs)


def _on_ray(function: Callable[[Job], Result], jobs: Sequence[Job], workers: int,
            address: str) -> Iterator[Result]:
    import ray  # type: ignore[import-not-found, unused-ignore]

    # The cluster's workers import this project's code from the package shipped with the
    # run, so a cluster needs Ray and the dependencies, not the project installed.
    package = Path(__file__).resolve().parents[1]
    runtime_env: dict[str, Any] = {"py_modules": [str(package)]}
    started = not ray.is_initialized()
    if started:
        try:
            if address == LOCAL:
                ray.init(num_cpus=workers, include_dashboard=False, runtime_env=runtime_env,
                         log_to_driver=False)
            else:
                ray.init(address=address, runtime_env=runtime_env, log_to_driver=False)
        except Exception as e:  # Ray raises several kinds for an unreachable cluster
            raise EngineError(f"cannot start Ray at {address} ({e})") from e
    try:
        task = ray.remote(function)
        pending = [task.remote(job) for job in jobs]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        if started:
            ray.shutdown()
