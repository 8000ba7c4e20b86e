"""The published table's calibration/validation split stays as it was frozen before issue 32.

``tests/data/published_before_32.json`` records every row's set and error at commit 86a5b08,
before any of issue 32's formula changes. A formula may move the errors, never the split: a row
that was validation stays validation (so it can never be tuned on), and no row leaves the table.
"""

import json
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data"
TABLE = json.loads((DATA / "published_measurements.json").read_text(encoding="utf-8"))
FROZEN = json.loads((DATA / "published_before_32.json").read_text(encoding="utf-8"))["rows"]


def test_no_frozen_row_left_the_table_or_changed_set():
    now = {r["id"]: TABLE["sources"][r["source"]]["set"] for r in TABLE["rows"]}
    moved = {rid: (was["set"], now.get(rid)) for rid, was in FROZEN.items()
             if now.get(rid) != was["set"]}
    assert not moved, moved


def test_frozen_validation_counts_as_recorded_at_86a5b08():
    # 19 validation memory figures, 3 OOM rows; 40 calibration figures (docs/estimation.md).
    val = [r for r in FROZEN.values() if r["set"] == "validation"]
    assert len(val) == 22
    assert sum(r["error"] is not None for r in val) == 19
    assert sum(abs(r["error"]) <= 0.15 for r in val if r["error"] is not None) == 18
    assert all(r["verdict_right"] for r in FROZEN.values())
