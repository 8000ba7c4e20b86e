"""Money in a `.gpubuild` file (format 5): the build's price basis, a slot bought used or quoted,
the typed electricity price with its currency — and bad money refused with one sentence that
names the field, the file not opened (issue 19)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from gpubuild_samples import sample_build, sample_bytes

from planner.core.costs.prices import SlotPrice
from planner.core.plan.study import Study
from planner.core.records.specs import Price
from planner.documents import DocumentError, dumps_document, load_document, loads_document

FIXTURES = Path(__file__).parent / "fixtures" / "gpubuild"
QUOTE = Price(11800.0, "CNY", "2026-11-20", "quote", "global", "Vendor X")


def _quoted() -> Study:
    build = sample_build()
    slot = build.slots[0]
    slots = (replace(slot, price=SlotPrice(quote=QUOTE)), *build.slots[1:])
    return Study.of(replace(build, slots=slots))


def test_a_quote_and_a_used_slot_round_trip() -> None:
    study = _quoted()
    again = loads_document(dumps_document(study)).study
    assert again == study
    used = replace(study, variants=(replace(study.variants[0], slots=(
        replace(study.variants[0].slots[0], price=SlotPrice(basis="used")),)),))
    assert loads_document(dumps_document(used)).study.variants[0].slots[0].price == SlotPrice(
        basis="used")


def test_the_v4_fixture_migrates_its_money() -> None:
    doc = load_document(FIXTURES / "v4-untitled-used-cny.gpubuild")
    cost = doc.study.cost
    # Format 4 costed at the 'used' kind in yuan, 0.6 per kWh typed in the build's currency.
    assert (cost.price_basis, cost.currency, cost.price_per_kwh, cost.kwh_currency) == (
        "used", "CNY", 0.6, "CNY")
    assert doc.study.name == ""  # "Untitled build" was the default, not a name


def _doc() -> dict[str, Any]:
    return json.loads(dumps_document(_quoted()))


def _refused(doc: dict[str, Any]) -> str:
    with pytest.raises(DocumentError) as info:
        loads_document(json.dumps(doc).encode())
    text = str(info.value)
    assert "\n" not in text and text.endswith(".")
    return text


def _slot(doc: dict[str, Any]) -> dict[str, Any]:
    return doc["variants"][0]["gpus"][0]  # type: ignore[no-any-return]


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: _slot(d)["spec"]["prices"][0].update(currency="XYZ"), "Price currency"),
    (lambda d: _slot(d)["spec"]["prices"][0].update(kind="bargain"), "Price kind"),
    (lambda d: _slot(d)["quote"].pop("as_of"), "'as_of' is missing"),
    (lambda d: _slot(d)["quote"].update(as_of="soon"), "Quote date"),
    (lambda d: _slot(d)["quote"].update(amount=-5), "Quoted price"),
    (lambda d: _slot(d)["quote"].update(amount=1e9), "Quoted price"),
    (lambda d: _slot(d)["quote"].update(currency="GBP"), "Quote currency"),
    (lambda d: _slot(d).update(price_basis="cheap"), "Slot price basis"),
    (lambda d: d["cost"].update(price_basis="bargain"), "Price basis"),
    (lambda d: d["cost"].update(price_per_kwh_currency="XYZ"), "Electricity price currency"),
    (lambda d: d["cost"].update(price_per_kwh=-1), "Electricity price"),
])
def test_bad_money_is_one_sentence_naming_the_field(change: Any, field: str) -> None:
    doc = _doc()
    change(doc)
    assert field in _refused(doc)


def test_the_sample_itself_is_fine() -> None:
    assert loads_document(sample_bytes()).build == sample_build()
