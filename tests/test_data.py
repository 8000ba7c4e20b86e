"""The REAL bundled data/ folder: every record passes the loader's validation, plus coverage.

A failure names the file, record and field to fix. These tests read data/ only (no database).
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from planner.catalog.datafiles import check_data_dir, load_catalog
from planner.core.records.specs import Catalog
from planner.paths import bundled_data_dir

DATA = bundled_data_dir()


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(DATA)


def test_data_folder_is_the_repositorys() -> None:
    assert Path(__file__).resolve().parent.parent / "data" == DATA


def test_every_record_is_valid() -> None:
    problems = [str(e) for e in check_data_dir(DATA)]
    assert problems == [], "\n" + "\n".join(problems)


def test_version(catalog: Catalog) -> None:
    assert re.fullmatch(r"\d{4}\.\d{2}\.\d{2}-\d+", catalog.version), catalog.version
    dt.date.fromisoformat(catalog.version.split("-")[0].replace(".", "-"))


def test_coverage(catalog: Catalog) -> None:
    assert len(catalog.gpus) >= 50
    assert len(catalog.architectures) >= 9
    assert len(catalog.workloads) >= 40
    assert catalog.tariffs and catalog.carbon and catalog.cloud
    assert {g.vendor for g in catalog.gpus} == {"NVIDIA", "AMD", "Intel"}
    assert {g.segment for g in catalog.gpus} == {"consumer", "workstation", "datacenter"}


def test_every_gpu_has_a_source_and_dated_prices(catalog: Catalog) -> None:
    problems = []
    for g in catalog.gpus:
        if not g.sources or not all(s.strip() for s in g.sources):
            problems.append(f"{g.id}: no source")
        for p in g.prices:
            dt.date.fromisoformat(p.as_of)
            if not p.source.strip():
                problems.append(f"{g.id}: {p.kind} price of {p.as_of} without a source")
    assert problems == []


def test_dated_prices_elsewhere(catalog: Catalog) -> None:
    for t in catalog.tariffs:
        dt.date.fromisoformat(t.as_of)
        assert t.sources, t.id
    for c in catalog.cloud:
        dt.date.fromisoformat(c.as_of)
        assert c.sources, c.id
    for c in catalog.carbon:
        assert c.sources, c.id


def test_references_resolve(catalog: Catalog) -> None:
    arch_ids = {a.id for a in catalog.architectures}
    gpu_ids = {g.id for g in catalog.gpus}
    assert {g.architecture for g in catalog.gpus} <= arch_ids
    assert {c.gpu_id for c in catalog.cloud} <= gpu_ids
    assert len(gpu_ids) == len(catalog.gpus)


def test_workloads_carry_what_the_estimator_needs(catalog: Catalog) -> None:
    for w in catalog.workloads:
        assert w.sources, w.id
        if w.family in ("decoder", "encoder", "encoder-decoder"):
            assert w.layers and w.hidden and w.heads and w.vocab, w.id
        if w.family == "vit":
            assert w.layers and w.hidden and w.heads and w.image_size and w.patch_size, w.id
        if w.family in ("cnn", "diffusion-unet"):
            assert w.profile is not None and w.image_size, w.id
