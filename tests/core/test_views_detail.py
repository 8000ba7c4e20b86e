"""Page 2's figures as a view: one column per compared variant, each from that variant's build."""

from __future__ import annotations

from pathlib import Path

from planner.catalog.rates import load_rates
from planner.core.records.specs import Catalog
from planner.core.views.detail import detail_view
from planner.core.views.variants import rental_for, variant_comparison
from planner.documents import load_document

ROOT = Path(__file__).resolve().parents[2]
GIB = 1024**3


def _detail(real_catalog: Catalog, name: str = "three-variants.gpubuild"):
    study = load_document(ROOT / "examples" / name).study
    rates = load_rates()
    view = variant_comparison(study, real_catalog, rates, None,
                              rental_for(study, real_catalog, rates), runs=None)
    return study, detail_view(study, view, real_catalog, rates, runs=None)


def test_every_variant_has_its_column_in_order(real_catalog: Catalog) -> None:
    study, detail = _detail(real_catalog)
    assert [n for n, _i in detail.variants] == ["4× RTX 4090 workstation", "1× H100 PCIe",
                                                "2× RTX 6000 Ada"]
    assert [i for _n, i in detail.variants] == [0, 1, 2]
    assert len(detail.energy) == len(detail.warnings) == 3
    assert all(len(w.cells) == 3 for w in detail.workloads)
    assert [w.name for w in detail.workloads] == [t.workload.name for t in study.workloads]


def test_each_column_is_sized_against_its_own_card(real_catalog: Catalog) -> None:
    """Usable memory follows each variant's card: RTX 4090 24 GB < RTX 6000 Ada 48 GB < H100 80 GB
    (datasheets), so a column taken from the wrong variant shows up at once."""
    _study, detail = _detail(real_catalog)
    for workload in detail.workloads:
        rtx4090, h100, ada = (c.usable_bytes for c in workload.cells if c is not None)
        assert 20 * GIB < rtx4090 <= 24 * GIB
        assert 40 * GIB < ada <= 48 * GIB
        assert 70 * GIB < h100 <= 80 * GIB


def test_energy_follows_each_variants_cards(real_catalog: Catalog) -> None:
    """4× RTX 4090 (450 W each) draws more at the wall than 2× RTX 6000 Ada (300 W each), which
    draws more than 1× H100 PCIe (350 W) — the board powers of the datasheets."""
    _study, detail = _detail(real_catalog)
    walls = [ev.total.wall_watts for ev in detail.energy if ev.total is not None]
    assert walls[0] > walls[2] > walls[1]


def test_the_four_4090_box_warns_about_its_cards_and_the_h100_alone_does_not(real_catalog):
    _study, detail = _detail(real_catalog)
    codes = [{w.code for w in ws} for ws in detail.warnings]
    assert "no-peer-link" in codes[0]  # GeForce 40 series: no NVLink
    assert "no-peer-link" not in codes[1]  # a single card exchanges nothing
