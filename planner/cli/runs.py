"""``gpu-planner runs import|list|export`` and the calibration ``estimate --calibrated`` uses.

Runs live in the local catalog (docs/measured-run.md). An import judges each record on its own:
the good ones go in, each refused one is a sentence on stderr, and the exit status is 2 when any
was refused, so a script notices.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from planner.cli.errors import UsageError
from planner.cli.text import formatter

if TYPE_CHECKING:
    from planner.catalog.store import CatalogStore
    from planner.core.estimator.setups import MemoryEstimate
    from planner.core.plan.build import TrackedWorkload
    from planner.core.plan.runs import RunBook
    from planner.core.records.specs import GpuSpec

EXIT_USAGE = 2


def run_book(store: CatalogStore) -> RunBook:
    """The stored runs with the user's switch, as the app reads them.

    A stored run the catalog no longer reads is left out, and said so on stderr.
    """
    book, problems = store.run_book()
    for problem in problems:
        print(f"Not used: {problem}", file=sys.stderr)
    return book


def calibrate(store: CatalogStore, estimate: MemoryEstimate, gpu: GpuSpec,
              result: dict[str, Any], tracked: TrackedWorkload) -> MemoryEstimate:
    """Add ``calibrated_total_bytes`` and ``calibration`` to ``result``; the estimate to fit.

    No calibration of ``tracked``'s kind of run on this GPU model (too few runs, or one that
    does no better than the formulas): the calibrated total is the formulas' and
    ``calibration`` is null. Otherwise ``calibration`` says what was added: ``share`` of the
    part of the estimate ``metric`` sees (``added_bytes``), while ``unseen_bytes`` (what that
    metric leaves out: CUDA context, allocator slack) stays the formulas' own.
    """
    from planner.core.estimator.calibration import unseen_bytes
    from planner.core.plan.runs import calibrated_estimate, stack_text

    book = run_book(store)
    cal = book.calibration_for(gpu.id, tracked)
    if cal is None:
        result.update(calibrated_total_bytes=estimate.total_bytes, calibration=None)
        return estimate
    calibrated = calibrated_estimate(estimate, cal)
    result.update(calibrated_total_bytes=calibrated.total_bytes, calibration={
        "runs": cal.runs, "gpu": cal.gpu_id, "stack": stack_text(cal.stack),
        "family": cal.family, "metric": cal.metric,
        "share": round(cal.share, 4), "observed": round(cal.observed, 4),
        "added_bytes": calibrated.total_bytes - estimate.total_bytes,
        "unseen_bytes": unseen_bytes(estimate, cal.metric),
        "residual": round(cal.residual, 4),
        "leave_one_out": None if cal.loo_error is None else round(cal.loo_error, 4),
        "from_runs": [r.label for r in book.runs_of(cal)]})
    return calibrated


def command(args: argparse.Namespace, store: CatalogStore) -> int:
    """``runs import|list|export``."""
    if args.action == "import":
        return _import(args, store)
    if args.action == "export":
        return _export(args, store)
    return _list(args, store)


def _import(args: argparse.Namespace, store: CatalogStore) -> int:
    from planner.catalog.runs import read_files

    read = read_files(args.files, store.catalog())
    added = store.add_runs(read.runs)
    for problem in read.problems:
        print(problem, file=sys.stderr)
    known = len(read.runs) - added
    print(f"Imported {added} run{'s' if added != 1 else ''}"
          + (f" ({known} already stored)" if known else "")
          + (f"; refused {len(read.problems)}" if read.problems else "") + ".")
    return EXIT_USAGE if read.problems else 0


def _rows(store: CatalogStore) -> list[dict[str, Any]]:
    from planner.core.plan.runs import family_of, stack_text

    book = run_book(store)
    cal_of = {(c.gpu_id, c.stack, c.family): c for c in book.calibrations}
    rows = []
    for p in book.points:
        r = p.run
        cal = cal_of.get((r.gpu_id, r.stack, family_of(r.tracked)))
        rows.append({
            "id": r.id, "model": r.tracked.workload.id, "task": r.tracked.task,
            "gpu": r.gpu_id, "count": r.gpu_count, "stack": stack_text(r.stack),
            "metric": r.metric, "peak_bytes": r.peak_bytes,
            "estimated_bytes": p.estimated_bytes, "total_bytes": p.total_bytes,
            "family": family_of(r.tracked),
            "error": None if p.error is None else round(p.error, 4),
            "calibrated_error": (None if p.calibrated_error is None
                                 else round(p.calibrated_error, 4)),
            "group_runs": cal.runs if cal else 0,
            "leave_one_out": None if cal is None or cal.loo_error is None
            else round(cal.loo_error, 4),
            "calibration_applied": bool(cal and cal.applied),
            "when": r.when, "note": r.note})
    return rows


def _list(args: argparse.Namespace, store: CatalogStore) -> int:
    rows = _rows(store)
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0
    if not rows:
        print("No measured runs stored; 'gpu-planner runs import FILE' adds some.")
        return 0
    fmt = formatter()
    for r in rows:
        err = "—" if r["error"] is None else (
            ("+" if r["error"] > 0 else "") + fmt.percent(r["error"], 1))
        # the estimate on the peak's footing, and the whole total the bar shows when they differ
        est = "" if r["estimated_bytes"] is None else fmt.memory(r["estimated_bytes"], 2) + (
            "" if r["total_bytes"] == r["estimated_bytes"] else
            f" of the {fmt.memory(r['total_bytes'], 2)} total (without the context and slack "
            f"{r['metric']} leaves out)") + " "
        print(f"{r['id']}  {r['model']} ({r['task']}, {r['family']}) on {r['count']}× "
              f"{r['gpu']}, {r['stack']}: {fmt.memory(r['peak_bytes'], 2)} {r['metric']}, "
              f"estimate {est}{err}")
    return 0


def _export(args: argparse.Namespace, store: CatalogStore) -> int:
    from planner.catalog.runs import export_text
    from planner.documents import DocumentError
    from planner.documents.atomic import atomic_write

    records = store.run_records()
    if not records:
        raise UsageError("No measured runs are stored, so there is nothing to export.")
    try:
        atomic_write(args.out, export_text(records, keep_private=args.keep_notes).encode("utf-8"))
    except DocumentError as exc:
        raise UsageError(str(exc)) from None
    print(f"Wrote {len(records)} run{'s' if len(records) != 1 else ''} to {args.out}"
          + ("" if args.keep_notes else " (notes and local paths left out)") + ".")
    return 0
