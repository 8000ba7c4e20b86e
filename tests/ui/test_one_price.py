"""One price per card: every surface shows the same figure for every card, in USD, CNY and EUR.

Each shipped catalog card is put alone in a build of each currency; the catalog column, the
card, the totals, Recommend, the comparison of GPUs and of variants, the energy view and
``show`` must all say what :func:`planner.core.costs.prices.card_price` says — the one price path
(issue 19: the catalog and Recommend used to convert a dollar price at today's rate and showed
another price than the card in 57 of 74 cards of a yuan build).
"""

from __future__ import annotations

import pytest

from planner.catalog.datafiles import load_catalog
from planner.catalog.rates import bundled_rates
from planner.cli.show import variant_json
from planner.core.costs.money import CURRENCIES
from planner.core.costs.prices import card_price
from planner.core.plan.build import Build, BuildSlot, CostSettings, TrackedWorkload
from planner.core.plan.recommend import SOLD_IN, recommend
from planner.core.plan.study import Study
from planner.core.records.specs import Catalog
from planner.core.views.compare import comparison_table
from planner.core.views.energy import energy_view
from planner.core.views.show import variant_figures
from planner.core.views.variants import variant_comparison
from planner.paths import bundled_data_dir

TODAY = "2026-12-03"


@pytest.fixture(scope="module")
def shipped() -> Catalog:
    return load_catalog(bundled_data_dir())


def _alone(gpu, currency: str, count: int = 1) -> Build:  # type: ignore[no-untyped-def]
    return Build(slots=(BuildSlot(gpu, count),), cost=CostSettings(currency=currency))


@pytest.mark.parametrize("currency", CURRENCIES)
def test_every_card_costs_the_same_on_every_core_surface(shipped: Catalog, currency: str) -> None:
    rates = bundled_rates()
    smallest = min(shipped.workloads, key=lambda w: w.parameters or 0)
    tiny = TrackedWorkload(smallest, "inference")
    picks = {c.gpu.id: c for c in recommend(shipped.gpus, [tiny], headroom=0.0, limit=10_000,
                                            architectures=shipped.architectures, rates=rates,
                                            currency=currency, today=TODAY)}
    differ: list[str] = []
    for gpu in shipped.gpus:
        want = card_price(gpu, currency, rates, today=TODAY)
        count = SOLD_IN.get(gpu.form_factor, (1,))[0]
        build = _alone(gpu, currency, count)
        unit = want.amount if want is not None else None
        total = unit * count if unit is not None else None
        seen = {
            "compare GPUs": comparison_table([gpu], build, shipped, rates).row("price").values[0],
            "energy": energy_view(build, shipped, rates, TODAY).purchase,
            "variants": variant_comparison(Study.of(build), shipped, rates, runs=None).row(
                "purchase").values[0],
        }
        shown = variant_json(variant_figures("A", build, shipped, rates, TODAY, runs=None))
        seen["show"] = shown["price"]["amount"] if shown["price"] else None
        unit_shown = shown["gpus"][0]["unit_price"]
        pick = picks.get(gpu.id)
        if pick is not None:  # a card whose architecture refuses the precision is not offered
            seen["recommend"] = pick.price
        for surface, value in seen.items():
            expected = unit if surface == "compare GPUs" else total
            if surface == "show":
                expected = None if total is None else round(total, 2)
            ok = (value is None and expected is None) or (
                value is not None and expected is not None
                and value == pytest.approx(expected, abs=0.01))
            if not ok:
                differ.append(f"{gpu.name} {surface}: {value} ≠ {expected}")
        if (unit_shown is None) != (unit is None) or (
                unit_shown is not None and unit_shown["amount"] != round(unit or 0, 2)):
            differ.append(f"{gpu.name} show unit price: {unit_shown} ≠ {unit}")
    assert not differ, "\n".join(differ)


def test_every_card_reads_the_same_in_the_catalog_on_its_card_and_in_the_totals(
        qapp: object, shipped: Catalog) -> None:
    from PySide6.QtCore import Qt

    from planner.ui.build_canvas import BuildCanvas
    from planner.ui.catalog_model import PRICE, CatalogModel
    from planner.ui.document import BuildDocument
    from planner.words.formats import formatter

    rates = bundled_rates()
    document = BuildDocument(shipped)
    canvas = BuildCanvas(document)
    model = CatalogModel()
    model.set_catalog(shipped)
    differ: list[str] = []
    for currency in CURRENCIES:
        fmt = formatter(currency, rates)
        model.set_pricing(currency, "new", lambda: rates)
        for row, gpu in enumerate(shipped.gpus):
            want = card_price(gpu, currency, rates)
            text = fmt.money(want.amount, currency) if want is not None else "—"
            column = model.data(model.index(row, PRICE), Qt.ItemDataRole.DisplayRole)
            document.reset(_alone(gpu, currency))
            card = canvas.cards[0].figures.text()
            totals = canvas.totals.values["price"].text()
            if column != text:
                differ.append(f"{gpu.name} {currency} catalog: {column} ≠ {text}")
            if want is not None and text not in card:
                differ.append(f"{gpu.name} {currency} card: {card} lacks {text}")
            if totals != text:
                differ.append(f"{gpu.name} {currency} totals: {totals} ≠ {text}")
    canvas.deleteLater()
    assert not differ, "\n".join(differ[:20])
