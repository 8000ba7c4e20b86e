"""Multi-GPU training speed against published throughput (tests/data/published_throughput.json).

Each row carries the settings its source states and what we had to guess. A row with a
``reference`` is held as a speed-up: est(row) / est(reference) against measured(row) /
measured(reference), rows of one source (mostly of one card), so the one-GPU rate (MFU, which
this model does not claim to know per run) cancels and what is left is what the links and the
overlap model answer for. Rows without one are held as they stand (torchtitan's 8-GPU row) or
are anchors whose absolute error is reported in docs/estimation.md. ``expected_miss`` rows are
misses said out loud: losses the link model does not claim (the harness loses as much on
NVLink), and the one validation row that missed when first run. Strict xfail, so a model that
starts explaining them is noticed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from planner.core.estimator.links import gpu_link
from planner.core.estimator.memory import TrainingSetup
from planner.core.estimator.speed import training_speed

DATA = Path(__file__).resolve().parents[1] / "data" / "published_throughput.json"
DOC = json.loads(DATA.read_text(encoding="utf-8"))
ROWS: dict[str, dict[str, Any]] = {r["id"]: r for r in DOC["rows"]}
TOLERANCE = 0.25
#: Rows without a reference held as they stand: multi-GPU runs whose one-GPU rate the model
#: gets from the datasheet (the Answer.AI anchors' error is QLoRA's compute, reported apart).
ABSOLUTE = ("torchtitan-llama31-8b-fsdp-h100-x8",)


def estimate(row: dict[str, Any], catalog: Any) -> float:
    """The planner's throughput for a published row, in the row's unit."""
    w, g = catalog.workload(row["workload"]), catalog.gpu(row["gpu"])
    setup = TrainingSetup(
        precision=row["precision"], batch=row["batch"], accumulation=row["accumulation"],
        seq=row["seq"], checkpointing=row["checkpointing"],
        checkpoint_mode=row.get("checkpoint_mode", "full"), gpus=row["count"],
        strategy=row["strategy"], lora_rank=row.get("lora_rank"), qlora=row.get("qlora", False),
        lora_targets=row.get("lora_targets", "attention"))
    link = gpu_link(g, row["count"], bool(row.get("workstation")))
    s = training_speed(w, setup, g, row["count"], link=link)
    value = s.tokens_per_second if row["unit"] == "tokens/s" else s.samples_per_second
    assert value is not None
    return value


def error(row: dict[str, Any], catalog: Any) -> float:
    """Relative error of the row as it is held (speed-up against its reference, or absolute)."""
    ref = row.get("reference")
    if ref is None:
        return estimate(row, catalog) / row["measured"] - 1
    base = ROWS[ref]
    return ((estimate(row, catalog) / estimate(base, catalog))
            / (row["measured"] / base["measured"]) - 1)


HELD = [r for r in DOC["rows"] if r.get("reference") or r["id"] in ABSOLUTE]


@pytest.mark.parametrize(
    "row", [pytest.param(r, id=r["id"], marks=pytest.mark.xfail(
        strict=True, reason=r["expected_miss"])) if r.get("expected_miss")
        else pytest.param(r, id=r["id"]) for r in HELD])
def test_published_row_within_25_percent(row, real_catalog):
    err = error(row, real_catalog)
    assert abs(err) <= TOLERANCE, f"{row['id']}: {err:+.1%} ({row['reading']})"


def test_rows_are_complete_and_split():
    assert {r["set"] for r in DOC["rows"]} == {"calibration", "validation"}
    sources = {r["source"]: r["set"] for r in DOC["rows"]}
    assert len(sources) >= 3
    for r in DOC["rows"]:  # one set per source: a source is never split
        assert sources[r["source"]] == r["set"]
        assert r["url"] and r["reading"] and r["measured"] > 0
        if r.get("reference"):
            ref = ROWS[r["reference"]]
            assert ref["source"] == r["source"] and ref["unit"] == r["unit"]


@pytest.mark.parametrize("pair", DOC["orderings"], ids=lambda p: p["slower"])
def test_published_orderings_hold(pair, real_catalog):
    faster, slower = ROWS[pair["faster"]], ROWS[pair["slower"]]
    assert faster["measured"] > slower["measured"]
    assert estimate(faster, real_catalog) > estimate(slower, real_catalog), pair["why"]


def test_two_4090s_were_shown_faster_than_an_a100_before_the_links(real_catalog):
    # The ordering row that failed before: 2 x 165.2 TFLOPS x 40 % on BERT-large (6 x
    # 334,092,288 + 12 x 24 x 1,024 x 384 = 2,117,799,936 FLOPs a token, 384 tokens) is
    # 2 x 81.0 = 162.1 sequences/s against one A100's 153.0; Lambda measured 139 and 152.
    # With the link the pair runs 121.0: an all-reduce of 1.34 GB of fp32 gradients through
    # host memory over x8/x8 (3.94 GB/s) outlasts the 0.23 s backward of a 28-sequence batch.
    row = ROWS["lambda-bert-large-rtx-4090-x2"]
    assert estimate(row, real_catalog) == pytest.approx(121.0, rel=5e-3)
