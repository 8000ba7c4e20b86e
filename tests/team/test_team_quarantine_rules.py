"""Which pulled team rows are set aside (no server needed): the rules on record and open_record."""

from __future__ import annotations

import json

import pytest

from planner.catalog.seeding import gpu_columns
from planner.catalog.team.quarantine import pulled_problem

CARD = {"id": "lab-box", "vendor": "NVIDIA", "name": "Lab Box", "architecture": "ada",
        "segment": "workstation", "form_factor": "pcie", "memory_gb": 48.0,
        "memory_type": "GDDR6", "memory_bandwidth_gbs": 960.0, "tdp_w": 300.0,
        # Readings two years apart: the opened record keeps only the last year's (what the price
        # path can choose), so the full record carries a history the opened one cuts.
        "prices": [{"amount": 4000.0 + n, "currency": "USD", "as_of": f"{2022 + 2 * n}-01-01",
                    "kind": "street", "region": "US", "source": f"quote {n}"}
                   for n in range(3)]}


def _row(record: object, opened: object = "same") -> dict[str, object]:
    text = record if isinstance(record, str) else json.dumps(record)
    if opened == "same":
        opened = gpu_columns(record)["open_record"] if isinstance(record, dict) else None
    return {"id": "lab-box", "record": text, "open_record": opened}


def test_a_good_row_with_its_history_passes() -> None:
    row = _row(CARD)
    assert json.loads(str(row["open_record"]))["prices"] != CARD["prices"]  # history cut
    assert pulled_problem(row) is None
    assert pulled_problem(_row(CARD, None)) is None  # an older app's row: checked in full


@pytest.mark.parametrize(("record", "opened", "expected"), [
    ("{not json", None, ("not_json", "")),
    ([1, 2], None, ("not_object", "")),
    ({k: v for k, v in CARD.items() if k != "vendor"}, None, ("field", "vendor")),
    (CARD | {"tdp_w": "hot"}, None, ("field", "tdp_w")),
    # the opened record is what the catalog reads: checked in full even when the record is fine
    (CARD, json.dumps(CARD | {"memory_gb": "lots"}), ("field", "memory_gb")),
    (CARD, "{broken", ("not_json", "")),
    # an older quote in the full record that no reader could build
    (CARD | {"prices": [*CARD["prices"][:2], {"amount": "x", "currency": "USD",  # type: ignore[index]
                                              "as_of": "2026-01-01"}]},
     gpu_columns(CARD)["open_record"], ("field", "prices")),
    (CARD | {"prices": "many"}, gpu_columns(CARD)["open_record"], ("field", "prices")),
])
def test_a_bad_row_is_named_by_what_is_wrong(record: object, opened: object,
                                             expected: tuple[str, str]) -> None:
    found = pulled_problem(_row(record, opened))
    assert found is not None and found[:2] == expected, found
