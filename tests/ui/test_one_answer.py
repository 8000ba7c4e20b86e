"""One build, one answer: each example reads the same in the panels, the CLI and the PDF.

Every example is opened offscreen; the build area's totals, the energy panel and the comparison
of variants are drawn, ``gpu-planner show --json`` and ``gpu-planner energy --json`` are run on
the same file (with every usage setting as its flag) and the sheet is printed and read back with
pdftotext. Any figure — price, kWh a year, running cost, the rental and its GPU count — that one
surface words differently from another fails (issue 19: the CLI left out the host, Compare rented
one H100 against two-GPU builds). The rental's kind and count too (issues 29 and 30: the kind
was never said, and the rental column rented one GPU of a 1× offer against a 2-GPU variant).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from planner.cli.commands import run
from planner.documents import load_document
from planner.words.formats import formatter
from planner.words.rentals import kind_text

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.gpubuild"))


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> dict:  # type: ignore[type-arg]
    assert run(list(args)) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def _energy_args(build, gpu_id: str, count: int) -> list[str]:  # type: ignore[no-untyped-def]
    u, c = build.usage, build.cost
    args = ["energy", "--gpu", gpu_id, "--count", str(count), "--json",
            "--hours-per-day", repr(u.hours_per_day), "--days", repr(u.days_per_year),
            "--utilization", repr(u.utilization), "--pue", repr(u.pue),
            "--host-watts", repr(u.host_watts), "--psu-efficiency", repr(u.psu_efficiency),
            "--base-kwh", repr(u.base_kwh_per_year), "--currency", c.currency,
            "--years", str(c.years)]
    if not u.idle_when_not_running:
        args.append("--no-idle")
    if c.tariff_id:
        args += ["--tariff", c.tariff_id]
    elif c.price_per_kwh is not None:
        assert c.kwh_currency == c.currency  # the flag's price is in --currency
        args += ["--price", repr(c.price_per_kwh)]
    if c.carbon_id:
        args += ["--carbon", c.carbon_id]
    if c.cloud_instance_id:
        args += ["--rent", c.cloud_instance_id]
    if c.rent_any_kind:
        args.append("--any-rental")
    return args


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_surface_says_the_same(path: Path, qapp: object, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    from planner.catalog.store import open_store
    from planner.report import write_pdf
    from planner.ui.build_canvas import BuildCanvas
    from planner.ui.document import BuildDocument
    from planner.ui.panels.compare_variants import ComparePanel
    from planner.ui.panels.energy import COST, KWH, EnergyPanel

    shown = _cli(capsys, "show", str(path), "--json")
    study = load_document(path).study
    catalog = open_store().catalog()
    fmt = formatter(study.cost.currency)
    document = BuildDocument(catalog)
    document.reset(study)
    canvas, energy, compare = BuildCanvas(document), EnergyPanel(document), ComparePanel(document)
    pdf = tmp_path / "sheet.pdf"
    write_pdf(load_document(path), pdf)
    text = ""
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                              text=True, check=True).stdout
    differ: list[str] = []
    for i, variant in enumerate(shown["variants"]):
        document.reset(study.with_active(i))
        canvas.sync()
        energy.refresh()
        compare.refresh()
        price = variant["price"]["amount"] if variant["price"] else None
        kwh = variant["energy"]["kwh_per_year"]
        cost = variant["energy"]["cost_per_year"]
        cost = cost["amount"] if cost else None
        texts = {"price": fmt.money(price), "kwh": fmt.number(kwh),
                 "cost": fmt.money(cost)}
        # The build area and the energy panel.
        if canvas.totals.values["price"].text().split(" (")[0] != texts["price"]:
            differ.append(f"{variant['name']} totals price {canvas.totals.values['price'].text()}"
                          f" ≠ show {texts['price']}")
        total_row = energy.figures.rowCount() - 1
        panel_kwh = energy.figures.cell(total_row, KWH).text.split(" (")[0]
        panel_cost = energy.figures.cell(total_row, COST).text
        if (panel_kwh, panel_cost) != (texts["kwh"], texts["cost"]):
            differ.append(f"{variant['name']} energy panel {panel_kwh}, {panel_cost} ≠ show "
                          f"{texts['kwh']}, {texts['cost']}")
        # The comparison of variants (the same view prints page 1 of the sheet).
        view = compare.view
        assert view is not None
        column = next((c for c, col in enumerate(view.columns) if col.index == i), None)
        if column is not None:
            rent = view.row("rent_total").values[column]
            rental = variant["rental"]
            want_rent = (rental["cost_per_year"]["amount"] * study.cost.years
                         if rental else None)
            if (rent is None) != (want_rent is None) or (
                    rent is not None and rent != pytest.approx(want_rent, abs=0.05)):
                differ.append(f"{variant['name']} compare rent {rent} ≠ show {want_rent}")
            if rental and view.columns[column].rental != (
                    rental["provider"], rental["name"], rental["units"], rental["gpus"]):
                differ.append(f"{variant['name']} compare rents {view.columns[column].rental}")
            if rental and view.columns[column].rental_kind != rental["kind"]:
                differ.append(f"{variant['name']} compare rents {view.columns[column].rental_kind}"
                              f" ≠ show {rental['kind']}")
        # The rental column, when it rents this variant like for like, is this variant's rental.
        rented = next((col for col in view.columns if col.kind == "rental"), None)
        if rented is not None and rented.like_for == i:
            rental = variant["rental"]
            got = view.row("cost_year").values[len(view.columns) - 1]
            if rental is None or rented.rental != (
                    rental["provider"], rental["name"], rental["units"], rental["gpus"]) \
                    or rented.rental_kind != rental["kind"] \
                    or got != pytest.approx(rental["cost_per_year"]["amount"], abs=0.01):
                differ.append(f"{variant['name']} rental column {rented.rental} "
                              f"{rented.rental_kind} {got} ≠ show {rental}")
        # The energy panel names the offer, how many and its kind.
        rental = variant["rental"]
        summary = energy.summary.text()
        if rental and not all(part in summary for part in (
                f"Renting {rental['units']} × {rental['name']}", kind_text(rental["kind"]))):
            differ.append(f"{variant['name']} energy panel says {summary!r} ≠ show {rental}")
            for key, want in (("purchase", price), ("kwh_year", kwh), ("cost_year", cost)):
                got = view.row(key).values[column]
                if (got is None) != (want is None) or (
                        got is not None and got != pytest.approx(want, abs=0.01)):
                    differ.append(f"{variant['name']} compare {key} {got} ≠ show {want}")
        # The energy command, with every usage setting as a flag.
        gpus = variant["gpus"]
        if len(gpus) == 1 and catalog.gpu(gpus[0]["id"]) is not None:
            cli = _cli(capsys, *_energy_args(study.build(i), gpus[0]["id"], gpus[0]["count"]))
            if (cli["kwh_per_year"], cli["cost_per_year"]) != (kwh, cost):
                differ.append(f"{variant['name']} energy CLI {cli['kwh_per_year']}, "
                              f"{cli['cost_per_year']} ≠ show {kwh}, {cost}")
            keys = ("offer", "units", "gpus", "kind")
            mine = {k: (cli["rental"] or {}).get(k) for k in keys}
            theirs = {k: (variant["rental"] or {}).get(k) for k in keys}
            if mine != theirs:
                differ.append(f"{variant['name']} energy CLI rents {mine} ≠ show {theirs}")
        # The printed sheet (its first four variants).
        if text and i < 4:
            flat = " ".join(text.split())
            for what, figure in texts.items():
                if figure != "—" and figure not in flat:
                    differ.append(f"{variant['name']} sheet lacks {what} {figure}")
            if rental:  # page 1's "Renting the same GPUs instead", with the kind
                said = (f"{fmt.money(rental['cost_per_year']['amount'] * study.cost.years)}, "
                        f"{rental['kind']}")
                if said not in flat:
                    differ.append(f"{variant['name']} sheet lacks the rental {said}")
    for widget in (canvas, energy, compare):
        widget.deleteLater()
    assert not differ, "\n".join(differ)
