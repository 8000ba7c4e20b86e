from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt

from planner.core.records.specs import Catalog
from planner.ui.catalog_model import (
    FP16,
    GPU_ROLE,
    MEMORY,
    NAME,
    PRICE,
    SORT_ROLE,
    TDP,
    CatalogFilterProxy,
    CatalogModel,
)
from planner.ui.catalog_panel import CatalogPanel
from planner.ui.mime import GPU_MIME, gpu_ids


def _model(catalog: Catalog) -> tuple[CatalogModel, CatalogFilterProxy]:
    model = CatalogModel()
    model.set_catalog(catalog)
    proxy = CatalogFilterProxy()
    proxy.setSourceModel(model)
    return model, proxy


def _shown(proxy: CatalogFilterProxy) -> set[str]:
    return {proxy.index(r, NAME).data(GPU_ROLE).id for r in range(proxy.rowCount())}


def test_model_passes_qt_model_tester(qtmodeltester, fixture_catalog):
    model, proxy = _model(fixture_catalog)
    qtmodeltester.check(model)
    qtmodeltester.check(proxy)


def test_model_roles(fixture_catalog):
    model, _proxy = _model(fixture_catalog)
    row = model.row_of("nvidia-rtx-4090")
    gpu = model.index(row, NAME).data(GPU_ROLE)
    assert gpu.id == "nvidia-rtx-4090"
    assert model.index(row, MEMORY).data(SORT_ROLE) == 24
    assert model.index(row, MEMORY).data() == "24 GB"
    assert model.index(row, TDP).data(Qt.ItemDataRole.ToolTipRole) == f"Source: {gpu.sources[0]}"
    assert model.index(row, NAME).data(Qt.ItemDataRole.DecorationRole) is not None
    assert model.headerData(MEMORY, Qt.Orientation.Horizontal) == "VRAM"
    mime = model.mimeData([model.index(row, NAME), model.index(row, MEMORY)])
    assert mime.hasFormat(GPU_MIME)
    assert gpu_ids(mime) == ["nvidia-rtx-4090"]


def test_search_words_in_any_order(fixture_catalog):
    _src, proxy = _model(fixture_catalog)
    proxy.set_search_text("rtx 4090")
    assert _shown(proxy) == {"nvidia-rtx-4090"}
    proxy.set_search_text("4090 RTX")
    assert _shown(proxy) == {"nvidia-rtx-4090"}
    proxy.set_search_text("rtx4090")
    assert _shown(proxy) == {"nvidia-rtx-4090"}
    proxy.set_search_text("nvidia rtx")
    assert _shown(proxy) == {"nvidia-rtx-4090", "nvidia-rtx-3090"}
    proxy.set_search_text("rtx radeon")
    assert _shown(proxy) == set()
    proxy.set_search_text("")
    assert len(_shown(proxy)) == len(fixture_catalog.gpus)


def test_search_finds_architecture_names(fixture_catalog):
    _src, proxy = _model(fixture_catalog)
    arch = next(a for a in fixture_catalog.architectures if a.id == "hopper")
    proxy.set_search_text(arch.name.lower())
    assert _shown(proxy) == {"nvidia-h100-sxm5-80gb"}


def test_filters(fixture_catalog):
    _src, proxy = _model(fixture_catalog)
    everything = {g.id for g in fixture_catalog.gpus}
    proxy.set_vendor("AMD")
    assert _shown(proxy) == {"amd-rx-7900-xtx"}
    proxy.set_vendor(None)
    proxy.set_architecture("ampere")
    assert _shown(proxy) == {g.id for g in fixture_catalog.gpus if g.architecture == "ampere"}
    proxy.set_architecture(None)
    proxy.set_min_memory_gb(48)
    assert _shown(proxy) == {"nvidia-a100-sxm4-80gb", "nvidia-h100-sxm5-80gb"}
    proxy.set_min_memory_gb(None)
    proxy.set_max_power_w(400)
    assert _shown(proxy) == {g.id for g in fixture_catalog.gpus if g.tdp_w <= 400}
    proxy.set_max_power_w(0)
    assert _shown(proxy) == everything
    # Priced on 2026-12-07 (tests/conftest.PRICES_TODAY): the RTX 4090's street $1,899 of
    # 2026-01-01 is current; the 7900 XTX ($999, 2022) and 3090 ($1,499, 2020) have only launch
    # prices, no current price, so no price limit lets them through (issue 29).
    proxy.set_max_price(2000)
    assert _shown(proxy) == {"nvidia-rtx-4090"}
    proxy.set_max_price(1000)
    assert _shown(proxy) == set()
    proxy.set_max_price(None)
    proxy.set_vendor("NVIDIA")
    proxy.set_search_text("3090")
    assert _shown(proxy) == {"nvidia-rtx-3090"}


def test_sorting_numbers_with_unknowns_last(fixture_catalog):
    gpus = list(fixture_catalog.gpus)
    gpus[0] = replace(gpus[0], fp16_tensor_tflops=None)
    catalog = replace(fixture_catalog, gpus=tuple(gpus), _gpu_index={})
    _src, proxy = _model(catalog)
    for order in (Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder):
        proxy.sort(FP16, order)
        values = [proxy.index(r, FP16).data(SORT_ROLE) for r in range(proxy.rowCount())]
        assert values[-1] is None
        known = values[:-1]
        assert known == sorted(known, reverse=order == Qt.SortOrder.DescendingOrder)
    proxy.sort(PRICE, Qt.SortOrder.AscendingOrder)
    proxy.sort(MEMORY, Qt.SortOrder.DescendingOrder)
    assert proxy.index(0, MEMORY).data(SORT_ROLE) == 80


def test_panel_widgets_drive_the_proxy(qtbot, document):
    panel = CatalogPanel(document)
    qtbot.addWidget(panel)
    total = len(document.catalog.gpus)
    assert panel.proxy.rowCount() == total
    assert panel.count_label.text() == f"{total} of {total} GPUs"
    panel.vendor.setCurrentIndex(panel.vendor.findData("AMD"))
    assert panel.proxy.rowCount() == 1
    assert panel.count_label.text() == f"1 of {total} GPUs"
    panel.vendor.setCurrentIndex(0)
    panel.min_memory.setValue(80)
    assert panel.proxy.rowCount() == 2
    panel.min_memory.setValue(0)
    qtbot.keyClicks(panel.search, "4090 geforce")
    assert _shown(panel.proxy) == {"nvidia-rtx-4090"}


def test_panel_reloads_on_catalog_change(qtbot, document, fixture_catalog):
    panel = CatalogPanel(document)
    qtbot.addWidget(panel)
    panel.vendor.setCurrentIndex(panel.vendor.findData("NVIDIA"))
    smaller = replace(fixture_catalog, gpus=fixture_catalog.gpus[:2], _gpu_index={})
    document.set_catalog(smaller)
    assert panel.model.rowCount() == 2
    assert panel.vendor.currentData() == "NVIDIA"


def test_an_edit_leaves_the_catalog_alone_and_a_currency_reprices_it(qtbot, document):
    """Only a new currency or price basis changes the catalog's figures.

    Every edit used to re-sort and re-filter the whole catalog (more than all the panels cost).
    """
    from planner.ui import edits

    panel = CatalogPanel(document)
    qtbot.addWidget(panel)
    panel.view.sortByColumn(PRICE, Qt.SortOrder.AscendingOrder)
    passes: list[str] = []
    panel.proxy.layoutChanged.connect(lambda *_: passes.append("layout"))
    panel.proxy.modelReset.connect(lambda: passes.append("reset"))
    edits.add_gpu_ids(document, ["nvidia-rtx-4090"])
    edits.set_count(document, 0, 3)
    assert passes == []
    row = next(r for r in range(panel.proxy.rowCount())
               if panel.proxy.index(r, NAME).data(GPU_ROLE).id == "nvidia-rtx-4090")
    in_usd = panel.proxy.index(row, PRICE).data()
    build = document.build
    edits.set_assumptions(document, build.usage, replace(build.cost, currency="CNY"), "currency")
    assert passes  # re-sorted and re-filtered in the new currency
    row = next(r for r in range(panel.proxy.rowCount())
               if panel.proxy.index(r, NAME).data(GPU_ROLE).id == "nvidia-rtx-4090")
    in_cny = panel.proxy.index(row, PRICE).data()
    assert in_usd.startswith("$") and in_cny.startswith("¥")
