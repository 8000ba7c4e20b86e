"""Calibration held to published measurements, leave-one-out: each row predicted from the rest.

Each group of tests/data/published_measurements.json (sources and URLs there) is one machine
and stack: a source's table on one GPU model. Every memory row of a group becomes a run record —
written with planner.measure and read back through the importer, as a user's would be — and each
row in turn is held out: the user's run book holds the group's other rows, and the held-out
row's error before (the formulas) and after calibration is what a user would see on a
configuration they had not run. The sources' calibration/validation split is the table's own
("set"): the shrinkage's three constants (planner/core/estimator/calibration.py) were chosen on
the calibration set alone; the validation set's figures are the ones to trust.

Figures when this was written (mean absolute error of the held-out rows, on each row's metric;
``python -m pytest tests/test_runs_published.py -s`` prints them, with each row):

    set / group (rows)                              before → after
    calibration  HF guides, V100 (9)                5.2 % → 5.8 %   no consistent bias
    calibration  torchtune README, RTX 4090 (3)    11.2 % → 11.2 %  one run of each kind
    calibration  torchtune README, 8×A100 (3)      13.7 % → 13.7 %  one run of each kind
    calibration  torchtune flags, A100 (9)         12.7 % → 11.9 %
    calibration  torchtune LoRA tutorial, A100 (2) 4.7 % → 4.7 %    one run from the other
    calibration  Answer.AI, 2×RTX 3090 (11)        18.5 % → 10.5 %  consistent bias
    calibration  Answer.AI, 2×RTX 4090 (3)         18.2 % → 18.2 %
    validation   LitGPT, A100 40GB (7)              7.2 % → 1.2 %   QLoRA biased, LoRA not
    validation   torchtitan, 8×H100 (2)             3.4 % → 3.4 %
    validation   PEFT README, A100 (3)             23.4 % → 23.4 %
    validation   LLaMA-Factory, A100 40GB (3)       8.3 % → 4.5 %   consistent bias
    validation   torchtitan, 128×H100 (1)           0.1 % → 0.1 %
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from planner import measure
from planner.catalog.runs import read_records
from planner.core.estimator.calibration import footing_bytes, unseen_bytes
from planner.core.estimator.published import UNITS
from planner.core.plan.runs import MeasuredRun, RunBook

TABLE = json.loads((Path(__file__).resolve().parent / "data" / "published_measurements.json")
                   .read_text(encoding="utf-8"))
METRIC = {"active": "max_memory_allocated", "allocated": "max_memory_allocated",
          "reserved": "max_memory_reserved", "nvidia-smi": "nvidia-smi"}
#: What "beyond noise" means for a group's mean held-out error: one percentage point.
NOISE = 0.01


def _group(row: dict[str, Any]) -> str:
    source = "hf" if row["source"].startswith("hf-") else row["source"]
    return f"{source} {row['gpu']} ×{row['gpus']}"


def _record(row: dict[str, Any]) -> dict[str, Any]:
    setup = dict(row["setup"])
    work = measure.workload(model_id=row["model"], head=row.get("head"),
                            num_labels=row.get("num_labels"), task="train", **setup)
    return measure.record(
        workload=work, gpu_name=row["gpu"], gpu_count=row["gpus"],
        peak_bytes=round(row["value"] * UNITS[row["unit"]]), metric=METRIC[row["metric"]],
        stack={"torch": None, "cuda": None, "driver": None, "framework": _group(row)},
        when="2024-11-18T00:00:00Z", note=row["id"])


def held_out(runs: list[MeasuredRun], i: int) -> tuple[float, float]:
    """Run ``i``'s error before and after calibration from the group's other runs."""
    run = runs[i]
    book = RunBook(tuple(runs[:i] + runs[i + 1:]))
    est = run.estimate()
    footing = footing_bytes(est, run.metric)
    cal = book.calibration_for(run.gpu_id, run.tracked)
    # the calibrated total, less what the row's metric does not see
    after = footing if cal is None else cal.calibrated_bytes(est) - unseen_bytes(est, run.metric)
    return footing / run.peak_bytes - 1, after / run.peak_bytes - 1


def leave_one_out_table(catalog: Any) -> dict[str, tuple[str, list[tuple[str, float, float]]]]:
    """Per group: its set and each row's (id, error before, error after)."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in TABLE["rows"]:
        # Memory rows only (not OOM or largest-context rows), and not the runs that stretched
        # RoPE past the catalog model's context: their record would carry the config.json.
        if (row.get("kind", "memory") == "memory" and not row.get("context")
                and not row.get("config")):  # models the catalog lacks come with their config
            groups.setdefault(_group(row), []).append(row)
    out = {}
    for name, rows in groups.items():
        result = read_records(json.dumps([_record(r) for r in rows]).encode(), catalog, name)
        assert not result.problems, result.problems
        runs = [c.run for c in result.runs]
        out[name] = (TABLE["sources"][rows[0]["source"]]["set"],
                     [(r["id"], *held_out(runs, i)) for i, r in enumerate(rows)])
    return out


def _mean(values: list[float]) -> float:
    return sum(abs(v) for v in values) / len(values)


@pytest.fixture(scope="module")
def table(real_catalog: Any) -> dict[str, tuple[str, list[tuple[str, float, float]]]]:
    found = leave_one_out_table(real_catalog)
    for name, (kind, rows) in found.items():
        print(f"{kind:11} {name}: {_mean([b for _, b, _ in rows]):.1%} → "
              f"{_mean([a for _, _, a in rows]):.1%} ({len(rows)} rows)")
        for row_id, before, after in rows:
            print(f"      {row_id}: {before:+.1%} → {after:+.1%}")
    return found


def test_no_group_gets_worse_beyond_noise(table: dict[str, Any]) -> None:
    for name, (_kind, rows) in table.items():
        before, after = _mean([b for _, b, _ in rows]), _mean([a for _, _, a in rows])
        assert after <= before + NOISE, name


def test_accurate_rows_stay_accurate(table: dict[str, Any]) -> None:
    # The complaint: rows the formulas had within 3 % were moved the wrong way
    # (−1 → −3 %, +2 → −2 %). Held out, none may move away by more than the noise.
    accurate = [(row_id, b, a) for _kind, rows in table.values() for row_id, b, a in rows
                if abs(b) <= 0.03]
    assert len(accurate) >= 8
    for row_id, before, after in accurate:
        assert abs(after) <= abs(before) + NOISE, row_id


def test_where_a_kind_is_biased_one_way_the_held_out_rows_come_closer(
        table: dict[str, Any]) -> None:
    # Answer.AI's 3090 rows are all under-estimated (−6 … −41 %), LitGPT's QLoRA rows all by
    # −10 … −11 %, LLaMA-Factory's by −4 … −12 %: a consistent bias calibration must cut.
    for name, rows_wanted in (("answerai-fsdp-qlora nvidia-rtx-3090 ×2", None),
                              ("litgpt-resource-tables nvidia-a100-sxm4-40gb ×1", "qlora"),
                              ("llamafactory-wiki nvidia-a100-sxm4-40gb ×1", None)):
        rows = [r for r in table[name][1] if rows_wanted is None or rows_wanted in r[0]]
        before, after = _mean([b for _, b, _ in rows]), _mean([a for _, _, a in rows])
        assert after < before - 0.03, name


@pytest.mark.parametrize("kind", ["calibration", "validation"])
def test_each_set_is_nearer_on_the_whole(table: dict[str, Any], kind: str) -> None:
    rows = [r for k, group in table.values() if k == kind for r in group]
    assert len(rows) >= 15
    assert _mean([a for _, _, a in rows]) < _mean([b for _, b, _ in rows]) - 0.01


def test_one_run_of_a_kind_moves_nothing(table: dict[str, Any]) -> None:
    # The LoRA tutorial's two rows: each held out leaves one run of its kind, too few to tell
    # a stack's habit from noise — the held-out error stays the formulas'.
    for _id, before, after in table["torchtune-lora-tutorial nvidia-a100-sxm4-80gb ×1"][1]:
        assert after == before
