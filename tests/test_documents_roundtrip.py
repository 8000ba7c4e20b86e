"""Every example and every past-version fixture opens, saves and reopens to the same build."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from gpubuild_samples import CREATED, MODIFIED, RTX_4090, sample_build, sample_bytes

from planner.core.costs.energy import Usage
from planner.core.estimator.memory import InferenceSetup, TrainingSetup
from planner.core.plan.build import Build, BuildSlot, CostSettings, TrackedWorkload
from planner.core.plan.study import Study, Variant
from planner.core.records.specs import ActivationProfile, Catalog, GpuSpec, Price, Workload
from planner.documents import (
    FORMAT_VERSION,
    dumps_document,
    load_document,
    loads_document,
    save_document,
)
from planner.documents.migrations import MIGRATIONS, OLDEST_VERSION
from planner.schema import document as d
from planner.schema import records as r

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.gpubuild"))
FIXTURES = ROOT / "tests" / "fixtures" / "gpubuild"
PAST = sorted(FIXTURES.glob("v*.gpubuild"))
SCHEMA = json.loads((ROOT / "docs" / "gpubuild.schema.json").read_text(encoding="utf-8"))
EXPECTED_EXAMPLES = {"entry-level", "workstation-4x4090", "server-8xh100", "custom-gpu",
                     "chinese-notes", "three-variants"}


def _tool(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_all_examples_are_there() -> None:
    assert {p.stem for p in EXAMPLES} == EXPECTED_EXAMPLES


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_loads_saves_and_reloads(path: Path, tmp_path: Path) -> None:
    doc = load_document(path)
    assert doc.format_version == FORMAT_VERSION and not doc.migrated
    assert doc.build.slots and doc.build.workloads
    copy = tmp_path / path.name
    save_document(doc.build, copy, created=doc.created, catalog_version=doc.catalog_version)
    again = load_document(copy)
    assert again.build == doc.build
    assert again.created == doc.created


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_bytes_are_what_the_writer_produces(path: Path) -> None:
    doc = load_document(path)
    data = dumps_document(doc.study, created=doc.created, modified=doc.modified,
                          catalog_version=doc.catalog_version, app_version=doc.app_version)
    assert data == path.read_bytes()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_matches_the_schema(path: Path) -> None:
    instance = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(
        SCHEMA, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER).validate(instance)


def test_examples_against_the_real_catalog(real_catalog: Catalog) -> None:
    by_stem = {p.stem: load_document(p, real_catalog) for p in EXAMPLES}
    custom = by_stem.pop("custom-gpu")
    assert [g.id for g in custom.unknown_gpus] == ["custom-rtx-4090-48gb"]
    assert custom.unknown_gpus[0].custom
    for stem, doc in by_stem.items():
        assert doc.unknown_gpus == (), stem
    chinese = by_stem["chinese-notes"].build
    assert chinese.cost.currency == "CNY" and chinese.cost.tariff_id == "cn-beijing-residential"
    assert "电" in chinese.notes and not chinese.name.isascii()


def test_summaries() -> None:
    by_stem = {p.stem: load_document(p).summary() for p in EXAMPLES}
    assert by_stem["workstation-4x4090"] == "Lab workstation: 4× GeForce RTX 4090, 3 workloads"
    assert all("\n" not in s for s in by_stem.values())


def test_dumps_is_deterministic() -> None:
    build = sample_build(slots=5, workloads=6)
    first = dumps_document(build, created=CREATED, modified=MODIFIED)
    assert first == dumps_document(build, created=CREATED, modified=MODIFIED)
    text = first.decode("utf-8")
    assert text.startswith('{\n  "format": "gpubuild",\n  "version": 6,')
    assert text.endswith("}\n")


def test_non_ascii_is_kept_readable() -> None:
    build = sample_build(name="实验室工作站")
    assert "实验室工作站".encode() in sample_bytes(build)


def test_extra_metadata_round_trips_sorted() -> None:
    build = dataclasses.replace(sample_build(), extra={"zeta": "1", "alpha": "2"})
    data = sample_bytes(build)
    assert data.index(b'"alpha"') < data.index(b'"zeta"')
    assert loads_document(data).build.extra == {"alpha": "2", "zeta": "1"}


def test_asking_for_any_kind_of_rental_round_trips() -> None:
    # Written only when asked (issue 29), so a file that does not ask opens in earlier versions.
    build = sample_build()
    assert b"rent_any_kind" not in sample_bytes(build)
    asked = dataclasses.replace(build, cost=dataclasses.replace(build.cost, rent_any_kind=True))
    data = sample_bytes(asked)
    assert b'"rent_any_kind": true' in data
    assert loads_document(data).build.cost.rent_any_kind
    assert not loads_document(sample_bytes(build)).build.cost.rent_any_kind


def test_empty_build_round_trips() -> None:
    loaded = loads_document(sample_bytes(Build()))
    assert loaded.build == Build()
    assert loaded.summary() == "Untitled build: no GPUs, 0 workloads"  # unnamed, no cards


def test_summary_of_many_slots() -> None:
    loaded = loads_document(sample_bytes(sample_build(slots=5, workloads=1)))
    assert loaded.summary() == ("Lab workstation: 4× GeForce RTX 4090 + 1× Test GPU 1 + "
                                "1× Test GPU 2 + 2 more GPU models, 1 workload")


# --- past versions --------------------------------------------------------------------------


def test_every_past_version_has_a_fixture_and_a_migration() -> None:
    versions = {int(p.stem.split("-")[0][1:]) for p in PAST}
    assert versions == set(range(OLDEST_VERSION, FORMAT_VERSION))
    assert set(MIGRATIONS) == set(range(OLDEST_VERSION, FORMAT_VERSION))


@pytest.mark.parametrize("path", PAST, ids=lambda p: p.stem)
def test_past_version_migrates(path: Path, tmp_path: Path) -> None:
    raw = json.loads(path.read_text(encoding="utf-8"))
    doc = load_document(path)
    assert doc.format_version == raw["version"] < FORMAT_VERSION and doc.migrated
    if raw["version"] == 1:
        assert doc.build.usage.hours_per_day == raw["usage"]["hours"]
        assert doc.build.cost == CostSettings()
    if raw["version"] <= 3:
        # Every version before 4 is one build: it opens as the one variant, named after it.
        assert doc.study.names() == [raw["name"]] and doc.study.active == 0
        assert doc.build.display_reserve_bytes == raw["display_reserve_bytes"]
        assert all(t.job is None for t in doc.build.workloads)
        raw_slots = raw["gpus"]
    else:
        # Version 4 had variants already; its recipes lack the third-generation keys, which
        # open as the defaults (the stack of today, no offloading, the source's length).
        assert doc.study.names() == [v["name"] for v in raw["variants"]]
        for t in doc.build.workloads:
            if t.training is not None:
                assert (t.training.target_seq, t.training.activation_offloading,
                        t.training.stack, t.training.kbit_prep) == (None, False, "modern", False)
        raw_slots = raw["variants"][raw["active_variant"]]["gpus"]
    # Format 5: a build nobody named is unnamed; a typed kWh price keeps the build's currency.
    assert doc.study.name == ("" if raw["name"] == "Untitled build" else raw["name"])
    cost = raw.get("cost") or {}
    assert doc.build.cost.kwh_currency == cost.get("currency", "USD")
    assert doc.build.cost.price_per_kwh == cost.get("price_per_kwh", 0.15)
    for slot, raw_slot in zip(doc.build.slots, raw_slots, strict=True):
        old = raw_slot["spec"]
        assert slot.count == raw_slot["count"] and slot.gpu.id == old["id"]
        by_kind = {p.kind: p for p in slot.gpu.prices}
        if raw["version"] >= 3:  # prices were dated records already
            assert [(p.amount, p.as_of, p.kind) for p in slot.gpu.prices] == [
                (p["amount"], p["as_of"], p["kind"]) for p in old["prices"]]
            continue
        if old["launch_msrp_usd"] is not None:  # undated: dated when the file was saved
            assert (by_kind["msrp"].amount, by_kind["msrp"].currency) == (
                old["launch_msrp_usd"], "USD")
            assert by_kind["msrp"].as_of == raw["modified"][:10]
        if old["street_price"] is not None:
            street = by_kind["street"]
            assert (street.amount, street.currency, street.as_of, street.source) == tuple(
                old["street_price"][k] for k in ("amount", "currency", "as_of", "source"))
        assert len(slot.gpu.prices) == (old["launch_msrp_usd"] is not None) + (
            old["street_price"] is not None)
    basis = {"street": "new", "list": "new", "estimate": "new", "used": "used", "msrp": "msrp"}
    assert doc.build.cost.price_basis == basis[cost.get("price_kind", "street")]
    saved = tmp_path / path.name
    save_document(doc.study, saved, created=doc.created)
    again = load_document(saved)
    assert again.format_version == FORMAT_VERSION and again.study == doc.study
    assert json.loads(saved.read_text(encoding="utf-8"))["version"] == FORMAT_VERSION


def test_v2_street_price_fixture_carries_its_dated_price() -> None:
    doc = load_document(FIXTURES / "v2-street-price.gpubuild")
    prices = doc.build.slots[0].gpu.prices
    assert [(p.kind, p.amount, p.as_of) for p in prices] == [
        ("msrp", 1599.0, "2026-01-20"), ("street", 1799.0, "2025-11-01")]


def test_v1_with_both_hour_keys_is_not_silently_merged() -> None:
    raw = json.loads(next(p for p in PAST if p.stem.startswith("v1-")).read_text("utf-8"))
    raw["usage"]["hours_per_day"] = 3.0
    with pytest.raises(ValueError, match="unknown key 'hours'"):
        loads_document(json.dumps(raw).encode())


# --- the format keeps in step with core, the schema and the docs ----------------------------


SNAPSHOTS = [
    (GpuSpec, r.GpuSnapshot), (Price, r.PriceRecord), (Workload, r.WorkloadSnapshot),
    (ActivationProfile, r.ActivationProfileRecord), (TrainingSetup, d.TrainingRecord),
    (InferenceSetup, d.InferenceRecord), (Usage, d.UsageRecord), (CostSettings, d.CostRecord),
]


@pytest.mark.parametrize(("record", "model"), SNAPSHOTS)
def test_schema_covers_every_core_field(record: type, model: Any) -> None:
    names = {f.name for f in dataclasses.fields(record) if not f.name.startswith("_")}
    assert set(model.model_fields) == names


def test_build_and_tracked_fields_are_all_stored() -> None:
    assert {f.name for f in dataclasses.fields(Build)} == {
        "name", "notes", "slots", "workloads", "usage", "cost", "display_reserve_bytes",
        "extra"}
    assert {f.name for f in dataclasses.fields(BuildSlot)} == {"gpu", "count", "price"}
    assert {f.name for f in dataclasses.fields(TrackedWorkload)} == {
        "workload", "task", "training", "inference", "job"}
    assert {f.name for f in dataclasses.fields(Study)} == {
        "name", "notes", "variants", "active", "workloads", "usage", "cost", "extra"}
    assert {f.name for f in dataclasses.fields(Variant)} == {
        "name", "slots", "display_reserve_bytes"}


def test_schema_is_current() -> None:
    assert _tool("make_gpubuild_schema").render() == (
        ROOT / "docs" / "gpubuild.schema.json").read_text(encoding="utf-8")


def test_schema_accepts_the_sample_and_rejects_a_broken_one() -> None:
    validator = jsonschema.Draft202012Validator(SCHEMA)
    validator.validate(json.loads(sample_bytes()))
    broken = json.loads(sample_bytes())
    broken["variants"][0]["gpus"][0]["count"] = 65
    assert not validator.is_valid(broken)


def test_docs_name_every_key() -> None:
    text = (ROOT / "docs" / "gpubuild-format.md").read_text(encoding="utf-8")
    for _, model in SNAPSHOTS:
        for key in model.model_fields:
            assert f"`{key}`" in text, key


# --- snapshots against a catalog ------------------------------------------------------------


def test_differences_with_the_catalog_are_sentences() -> None:
    street = Price(1799.0, "USD", "2026-01-01", "street", "US", "x")
    newer = dataclasses.replace(RTX_4090, prices=(*RTX_4090.prices, street), idle_w=18.0,
                                sources=("another source",))
    loaded = loads_document(sample_bytes(), Catalog(gpus=(newer,)))
    assert loaded.build == sample_build()  # the file's snapshot is used
    assert loaded.unknown_gpus == ()
    assert loaded.differences == (
        "GeForce RTX 4090: idle power in the file 21 W, in your catalog 18 W.",
        "GeForce RTX 4090: price in the file $1,599 (street, 2025-11-01), in your catalog $1,799 "
        "(street, 2026-01-01).",
    )


def test_gpus_missing_from_the_catalog_are_listed() -> None:
    loaded = loads_document(sample_bytes(), Catalog())
    assert loaded.unknown_gpus == (RTX_4090,)
    assert loaded.differences == ()
    assert loads_document(sample_bytes()).unknown_gpus == ()  # no catalog: nothing to compare


def test_workload_differences() -> None:
    build = sample_build()
    llama = build.workloads[0].workload
    resnet = build.workloads[1].workload
    changed = dataclasses.replace(llama, context=131072)
    other_profile = dataclasses.replace(resnet, profile=None)
    loaded = loads_document(sample_bytes(), Catalog(gpus=(RTX_4090,),
                                                    workloads=(changed, other_profile)))
    assert loaded.differences == (
        "Llama 3 8B: context length in the file 8,192, in your catalog 131,072.",
        "ResNet-50: the measured activation profile in the file differs from the one in your "
        "catalog.",
    )


def test_inference_and_training_settings_both_survive() -> None:
    build = Build(name="x", workloads=(TrackedWorkload(
        sample_build().workloads[0].workload, "inference",
        TrainingSetup(batch=7, seq=100), InferenceSetup(precision="int4", batch=3)),))
    assert loads_document(sample_bytes(build)).build == build


def test_a_build_named_with_spaces_only_still_saves() -> None:
    """Found by the fuzz test: the variant took the blank name and the save was refused."""
    from dataclasses import replace

    from gpubuild_samples import sample_build

    from planner.documents import dumps_document, loads_document

    build = replace(sample_build(), name="   ")
    loaded = loads_document(dumps_document(build, created="2026-01-01T00:00:00Z"))
    assert loaded.build.slots == build.slots
