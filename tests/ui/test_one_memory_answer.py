"""One answer for memory: with the user's runs loaded, every surface reports the calibrated figure.

Issue 31: the headroom panel applied the user's measured runs, while Compare Variants, both pages
of the sheet and ``gpu-planner show`` asked the headroom view without them (7.50 GiB on the panel,
6.19 GiB everywhere else for the same build). Here two runs whose peaks are the formulas' figure
plus 1 GiB plus 5 % are imported into the user's store with ``gpu-planner runs import``; a build of
two variants (1× and 2× RTX 4090) tracks a third QLoRA configuration the runs calibrate. The
per-GPU memory and the verdict must then read the same in ``show --json``, on the headroom chart,
in the Workloads table, in Compare Variants and on the printed sheet — and differ from the
formulas' figure, so a surface that forgets the runs fails. Switched off (the one switch the store
keeps for the app and the commands), every surface is back on the formulas.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from measured_runs_data import GIB, tracked, write_runs

from planner.cli.commands import run
from planner.core.plan.build import BuildSlot
from planner.core.plan.study import Study, Variant
from planner.core.views.headroom import headroom_rows
from planner.documents import load_document, save_document
from planner.words.formats import formatter


def _show(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, Any]:
    assert run(["show", str(path), "--json"]) == 0, capsys.readouterr().err
    return dict(json.loads(capsys.readouterr().out))


def _pdf_text(path: Path, tmp_path: Path) -> str:
    from planner.report import write_pdf

    pdf = tmp_path / "sheet.pdf"
    write_pdf(load_document(path), pdf)  # the command line's way: runs from the user's store
    return " ".join(subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                                   text=True, check=True).stdout.split())


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_calibrated_memory_is_the_same_on_every_surface(
        qapp: object, qtbot: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from planner.catalog.store import open_store
    from planner.ui.document import BuildDocument
    from planner.ui.panels.compare_variants import ComparePanel
    from planner.ui.panels.headroom import HeadroomPanel
    from planner.ui.panels.workloads import WorkloadsPanel

    store = open_store()  # the user's store, in this test's own data folder
    catalog = store.catalog()
    records = write_runs(tmp_path, catalog)[:2]
    assert run(["runs", "import", *map(str, records)]) == 0, capsys.readouterr().err
    capsys.readouterr()
    rtx = catalog.gpu("nvidia-rtx-4090")
    assert rtx is not None
    workload = tracked(catalog, batch=2, lora_rank=16)  # a configuration no run measured
    study = Study(variants=(Variant("1x", (BuildSlot(rtx, 1),)),
                            Variant("2x", (BuildSlot(rtx, 2),))), workloads=(workload,))
    path = tmp_path / "two.gpubuild"
    save_document(study, path)

    formulas = [headroom_rows(study.build(i), None)[0] for i in range(2)]
    shown = _show(capsys, path)
    rows = [v["headroom"][0] for v in shown["variants"]]
    for row, formula in zip(rows, formulas, strict=True):
        # The runs say 1 GiB + 5 % more than the formulas: show must carry that, not the formula.
        assert row["per_gpu_bytes"] > formula.needed_bytes + GIB

    book, problems = store.run_book()
    assert not problems and book.enabled
    document = BuildDocument(catalog)
    document.reset(load_document(path, catalog).study)
    document.set_runs(book)
    headroom, table, compare = (HeadroomPanel(document), WorkloadsPanel(document),
                                ComparePanel(document))
    for widget in (headroom, table, compare):
        qtbot.addWidget(widget)
    fmt = formatter(study.cost.currency)
    text = _pdf_text(path, tmp_path)
    differ: list[str] = []
    for i, row in enumerate(rows):
        document.reset(document.study.with_active(i))
        headroom.refresh()
        table.refresh()
        compare.refresh()
        want = row["per_gpu_bytes"]
        if headroom.bars.bars[0].used != pytest.approx(want / GIB):
            differ.append(f"variant {i}: headroom chart {headroom.bars.bars[0].used} GiB")
        if table.model._figures[0][1] != want:
            differ.append(f"variant {i}: Workloads table {table.model._figures[0][1]}")
        view = compare.view
        assert view is not None
        column = next(c for c, col in enumerate(view.columns) if col.index == i)
        fit = view.row("fit:0")
        if fit.values[column] != pytest.approx(row["usable_bytes"] - want):
            differ.append(f"variant {i}: Compare headroom {fit.values[column]}")
        if fit.verdicts[column] != row["verdict"]:
            differ.append(f"variant {i}: Compare verdict {fit.verdicts[column]}")
        # Page 2 prints "needed of usable"; page 1 (the decision) the signed headroom.
        if fmt.memory(want) not in text:
            differ.append(f"variant {i}: page 2 of the sheet lacks {fmt.memory(want)}")
        if fmt.signed_memory(row["usable_bytes"] - want) not in text:
            differ.append(f"variant {i}: page 1 of the sheet lacks "
                          f"{fmt.signed_memory(row['usable_bytes'] - want)}")
    assert not differ, "\n".join(differ)

    # Off: the one switch, kept in the store, puts every surface back on the formulas.
    store.set_calibrating(False)
    off = [v["headroom"][0]["per_gpu_bytes"] for v in _show(capsys, path)["variants"]]
    assert off == [f.needed_bytes for f in formulas]
    text = _pdf_text(path, tmp_path)
    assert all(fmt.memory(f.needed_bytes) in text for f in formulas)
    store.close()
