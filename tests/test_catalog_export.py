"""JSON records and CLI tables of catalog entries."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from planner.catalog import export
from planner.catalog.datafiles import load_catalog
from planner.catalog.records import gpu_from_record, workload_from_record
from planner.core.records.specs import GpuSpec, Workload

CATALOG = load_catalog(Path(__file__).parent / "fixtures" / "data")


def test_gpu_record_has_exactly_the_spec_fields() -> None:
    for gpu in CATALOG.gpus:
        record = export.gpu_record(gpu)
        # every spec field, then the fields scripts read before prices were dated, derived
        assert list(record) == [f.name for f in dataclasses.fields(GpuSpec)] + [
            "price_usd", "launch_msrp_usd", "street_price"]
        assert isinstance(record["sources"], list) and isinstance(record["prices"], list)
        json.dumps(record)  # JSON-able
        assert gpu_from_record(record) == gpu  # and lossless
    rtx = export.gpu_record(CATALOG.gpus[1])
    assert rtx["id"] == "nvidia-rtx-4090"
    # the fixture's 4090: MSRP $1,599 (2022), street $1,899 (2026-01-01) and ¥12,999 (2025-11-11)
    assert rtx["street_price"] == {"amount": 1899.0, "currency": "USD", "as_of": "2026-01-01",
                                   "source": "fixture"}
    assert rtx["launch_msrp_usd"] == 1599.0 and rtx["price_usd"] == 1899.0
    assert [p["kind"] for p in rtx["prices"]] == ["msrp", "street", "street"]
    a100 = next(g for g in CATALOG.gpus if g.id == "nvidia-a100-sxm4-80gb")
    record = export.gpu_record(a100)
    assert record["street_price"] is None and record["fp8_tensor_tflops"] is None
    assert record["prices"] == [] and record["price_usd"] is None


def test_workload_and_architecture_records() -> None:
    resnet = next(w for w in CATALOG.workloads if w.id == "resnet-50")
    record = export.workload_record(resnet)
    assert list(record) == [f.name for f in dataclasses.fields(Workload)]
    assert record["profile"]["fp32_bytes_per_sample"] == 108_000_000
    assert workload_from_record(json.loads(json.dumps(record))) == resnet
    arch = export.architecture_record(CATALOG.architectures[0])
    assert isinstance(arch["features"], list) and isinstance(arch["sources"], list)
    for tariff in CATALOG.tariffs:
        json.dumps(export.tariff_record(tariff))


def test_gpu_table() -> None:
    table = export.format_table("gpus", [export.gpu_record(g) for g in CATALOG.gpus])
    lines = table.splitlines()
    assert lines[0].split() == ["Name", "Vendor", "Arch", "VRAM", "GB", "BW", "GB/s", "TDP",
                                "W", "FP16", "TFLOPS", "Year", "Price"]
    assert set(lines[1]) <= {"-", " "}
    assert len(lines) == 2 + len(CATALOG.gpus)
    rtx = next(line for line in lines if "RTX 4090" in line)
    assert "1008" in rtx and "165.2" in rtx and "$1,899 (street 2026-01)" in rtx and "2022" in rtx
    a100 = next(line for line in lines if "A100" in line)
    assert a100.rstrip().endswith("—")  # no price: a dash, never 0
    h100 = next(line for line in lines if "H100" in line)
    assert "€25,000" in h100


def test_whole_prices_keep_their_zeros() -> None:
    """$25,249.95 rounds to $25,250, not "$2525" (a trailing zero was stripped as a decimal)."""
    from planner.core.records.specs import Price

    street = Price(25249.95, "USD", "2025-07-04", kind="street", source="a retailer")
    gpu = dataclasses.replace(CATALOG.gpus[0], prices=(street,), tdp_w=300.0)
    table = export.format_table("gpus", [export.gpu_record(gpu)])
    assert "$25,250 (street 2025-07)" in table
    assert " 300 " in table  # a whole 300 W stays 300, not 3


@pytest.mark.parametrize("kind", ["models", "workloads", "architectures", "tariffs", "carbon",
                                  "cloud"])
def test_other_tables(kind: str) -> None:
    records = {
        "models": [export.workload_record(w) for w in CATALOG.workloads],
        "workloads": [export.workload_record(w) for w in CATALOG.workloads],
        "architectures": [export.architecture_record(a) for a in CATALOG.architectures],
        "tariffs": [export.tariff_record(t) for t in CATALOG.tariffs],
        "carbon": [export.carbon_record(c) for c in CATALOG.carbon],
        "cloud": [export.cloud_record(c) for c in CATALOG.cloud],
    }[kind]
    table = export.format_table(kind, records)
    assert len(table.splitlines()) == 2 + len(records)
    if kind in ("models", "workloads"):
        assert "8.0B" in table and "25.6M" in table


def test_empty_and_unknown_tables() -> None:
    assert len(export.format_table("gpus", []).splitlines()) == 2
    with pytest.raises(ValueError, match="Unknown catalog table 'cpus'"):
        export.format_table("cpus", [])
