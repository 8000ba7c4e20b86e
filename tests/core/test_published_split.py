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
    val = [r for r in FROZEN.values() if r["set"] == "validation" and not r.get("added")]
    assert len(val) == 22
    assert sum(r["error"] is not None for r in val) == 19
    assert sum(abs(r["error"]) <= 0.15 for r in val if r["error"] is not None) == 18
    assert all(r["verdict_right"] for r in FROZEN.values() if not r.get("added"))


def test_rows_added_in_issue_32_follow_the_written_rule():
    # A row from a source already in the table takes that source's set (split_rule_issue_32).
    assert "split_rule_issue_32" in TABLE
    added = [r for r in TABLE["rows"] if r["id"] not in FROZEN or FROZEN[r["id"]].get("added")]
    assert added
    frozen_sources = {r["source"] for r in TABLE["rows"]
                      if r["id"] in FROZEN and not FROZEN[r["id"]].get("added")}
    for r in added:
        if r["source"] in frozen_sources:
            assert FROZEN[r["id"]]["set"] == TABLE["sources"][r["source"]]["set"], r["id"]
