"""A run's worker processes, started and warmed before the run: a served deployment's standby
(`flows.run_standby`) starts them with the settings a run of the deployment would have, so the run's
first batch meets workers whose sandbox, warm-python zygote and LibreOffice are up, instead of
starting them itself (measured, 100 tasks on 2 cores: 1.4-4 s less from Pending to Completed;
docs/deployment.md).

A run takes them only if its pool would be theirs: the same number of workers and the same
`batches.warm_worker` arguments (scratch root, sandbox limits, backend), and an environment that
holds every variable they were started with, unchanged. Prefect gives each task run the flow's
whole environment on top of the worker's own, so a worker started without a variable the run
added (its flow-run id) sees it where it matters; one started with a variable the run lacks or has
changed could see a stale value, so it is not used. Workers that do not fit are stopped and the
run starts its own, as it does when none were kept.
"""

from __future__ import annotations

import io
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from flows import batches, stages
from flows.context import GenerateConfig, RunContext
from flows.fork_server import worker_context
from forge.settings import Settings

_kept: tuple[ProcessPoolExecutor, int, tuple[Any, ...]] | None = None


def pool_arguments(ctx: RunContext) -> tuple[Any, ...]:
    """`batches.warm_worker`'s arguments for a run's pool."""
    return (ctx.scratch_root, ctx.limits, ctx.backend, dict(os.environ))


def start_for_deployment_runs() -> None:
    """Start the workers a run with the deployment's defaults and this process's settings would
    start, each with its LibreOffice up when the run's gates use it; without waiting for them."""
    ctx = RunContext.create(GenerateConfig(), Settings())
    start(ctx.workers, pool_arguments(ctx), office=ctx.libreoffice_roundtrip)


def start(workers: int, arguments: tuple[Any, ...], *, office: bool) -> None:
    """Start `workers` workers with `batches.warm_worker`'s `arguments` (and, with `office`, each
    one's LibreOffice), kept for the next `take`."""
    global _kept
    discard()
    executor = ProcessPoolExecutor(max_workers=workers, mp_context=worker_context(),
                                   initializer=warm_worker_and_office, initargs=(*arguments, office))
    for _ in range(workers):  # a pool starts a process per submit while none is idle
        executor.submit(int)
    _kept = (executor, workers, arguments)


def take(workers: int, arguments: tuple[Any, ...]) -> tuple[ProcessPoolExecutor | None, str | None]:
    """The kept workers if a pool of `workers` with `arguments` would be theirs (else None, and
    they are stopped), and a line for the run's log saying which (None: none were kept)."""
    global _kept
    kept, _kept = _kept, None
    if kept is None:
        return None, None
    executor, kept_workers, kept_arguments = kept
    unfit = _unfit(executor, kept_workers, kept_arguments, workers, arguments)
    if unfit is None:
        pids = ", ".join(str(pid) for pid in sorted(executor._processes))  # type: ignore[attr-defined]
        return executor, f"this run's {workers} worker processes were started before it (pids {pids})"
    executor.shutdown(wait=False, cancel_futures=True)
    return None, f"the worker processes started before this run are not used: {unfit}; it starts its own"


def discard() -> None:
    """Stop the kept workers, if any (a standby that exits unused)."""
    global _kept
    kept, _kept = _kept, None
    if kept is not None:
        kept[0].shutdown(wait=True, cancel_futures=True)


def _unfit(executor: ProcessPoolExecutor, kept_workers: int, kept: tuple[Any, ...], workers: int,
           wanted: tuple[Any, ...]) -> str | None:
    if executor._broken:  # type: ignore[attr-defined]  # a worker died: the pool refuses new work
        return f"one of them exited ({executor._broken})"  # type: ignore[attr-defined]
    if kept_workers != workers:
        return f"the run asks for {workers} workers, not {kept_workers}"
    for name, have, want in zip(("scratch root", "sandbox limits", "sandbox backend"), kept[:3], wanted[:3],
                                strict=True):
        if have != want:
            return f"the run's {name} differs"
    changed = sorted(key for key, value in kept[3].items() if wanted[3].get(key) != value)
    return f"the run's environment lacks or changes {', '.join(changed)}" if changed else None


def warm_worker_and_office(scratch_root: Path, limits: Any, backend: str, environ: dict[str, str],
                           office: bool) -> None:
    """`batches.warm_worker`, then one small round trip per office type, which starts this worker's
    soffice (the one its gates use) and loads Calc, Writer and Impress (~0.7 s of a first office
    task otherwise)."""
    batches.warm_worker(scratch_root, limits, backend, environ)
    if not office:
        return
    from gates.roundtrip import libreoffice_roundtrip, warm_up

    roundtrip = libreoffice_roundtrip(stages.libreoffice_profiles(scratch_root))
    if roundtrip is not None:
        warm_up(roundtrip, _small_office_files())


def _small_office_files() -> dict[str, bytes]:
    import docx
    import openpyxl
    import pptx

    out: dict[str, bytes] = {}
    book = openpyxl.Workbook()
    book.active["A1"] = "warm-up"
    out["xlsx"] = _saved(book)
    document = docx.Document()
    document.add_paragraph("warm-up")
    out["docx"] = _saved(document)
    deck = pptx.Presentation()
    deck.slides.add_slide(deck.slide_layouts[0]).shapes.title.text = "warm-up"
    out["pptx"] = _saved(deck)
    return out


def _saved(document: Any) -> bytes:
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()
