"""The energy panel's "Build (with host)" row counts the rest of the computer (issue 12).

The row equalled the GPUs' sum (the build's host power was 0 W: the app has no field for it)
while the build's totals counted a 200 W host. A machine without a host does not exist and the
wall meter counts CPU, board, drives and fans too, so the energy row was the wrong one: a build
that states no host power now gets the same 200 W in both places; one that states it, its own.
Worked by hand below, from the fixture catalog's datasheet figures (RTX 4090: 450 W board power).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from planner.core.costs.energy import Usage
from planner.core.costs.money import Rates
from planner.core.plan.build import Build, BuildSlot, CostSettings
from planner.core.records.specs import Catalog
from planner.core.views.energy import energy_view
from planner.ui.document import BuildDocument
from planner.ui.panels.energy import COUNT, GPU, KWH, EnergyPanel
from planner.ui.totals_bar import TotalsBar

RATES = Rates(cny_per_usd=7.1, cny_per_eur=7.8)


def _build(catalog: Catalog, host_watts: float = 0.0) -> Build:
    gpu = catalog.gpu("nvidia-rtx-4090")
    assert gpu is not None and gpu.tdp_w == 450
    # 10 h a day, 365 days, at full board power, nothing counted while idle, $0.10 per kWh.
    usage = Usage(hours_per_day=10, utilization=1.0, idle_when_not_running=False,
                  host_watts=host_watts)
    return Build(slots=(BuildSlot(gpu, 2),), usage=usage,
                 cost=CostSettings(currency="USD", price_per_kwh=0.10))


def test_total_counts_a_200_w_host_when_the_build_states_none(fixture_catalog: Catalog) -> None:
    view = energy_view(_build(fixture_catalog), fixture_catalog, RATES)
    assert view.total is not None and view.error is None
    # Cards: 2 × 450 W = 900 W for 10 h × 365 d = 3,650 h → 3,285 kWh.
    [cards] = view.lines
    assert cards.kwh_per_year == pytest.approx(3285.0)
    # Build: 900 W + 200 W host = 1,100 W × 3,650 h = 4,015 kWh; at $0.10: $401.50.
    assert view.total.kwh_per_year == pytest.approx(4015.0)
    assert view.total.cost_per_year == pytest.approx(401.5)
    assert view.total.wall_watts == pytest.approx(1100.0)
    assert view.host_watts == 200.0


def test_a_stated_host_is_used_as_stated(fixture_catalog: Catalog) -> None:
    view = energy_view(_build(fixture_catalog, host_watts=350), fixture_catalog, RATES)
    assert view.total is not None
    # 900 W + 350 W = 1,250 W × 3,650 h = 4,562.5 kWh.
    assert view.total.kwh_per_year == pytest.approx(4562.5)


def test_no_gpus_no_host(fixture_catalog: Catalog) -> None:
    view = energy_view(Build(), fixture_catalog, RATES)
    assert view.total is not None and view.total.kwh_per_year == 0.0


@pytest.mark.parametrize("host", [0.0, 350.0])
def test_panel_row_and_totals_bar_describe_the_same_machine(qtbot, fixture_catalog: Catalog,
                                                            host: float) -> None:
    document = BuildDocument(fixture_catalog, _build(fixture_catalog, host))
    panel = EnergyPanel(document, rates=RATES)
    qtbot.addWidget(panel)
    panel.resize(900, 600)
    panel.show()
    qtbot.waitExposed(panel)
    model = panel.table.model()
    texts = [[model.index(r, c).data(Qt.ItemDataRole.DisplayRole) for c in (GPU, COUNT, KWH)]
             for r in range(model.rowCount())]
    expected = "4,015" if host == 0 else "4,562"  # 4,562.5 rounds half to even
    assert texts[-1] == ["Build (with host)", "2", expected], texts
    assert texts[0][2] == "3,285"
    totals = TotalsBar()
    qtbot.addWidget(totals)
    totals.show_build(document.build)
    # System power: 900 W of cards + the same host the energy total counts.
    assert totals.values["system"].text() == ("1,100 W" if host == 0 else "1,250 W")
