"""Variants in the app: duplicate, switch, rename, delete (each undoable); the compare panel."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QInputDialog, QMessageBox

from planner.core.plan.build import Build
from planner.core.plan.study import Study
from planner.documents import load_document
from planner.ui import edits
from planner.ui.document import BuildDocument
from planner.ui.panels.compare_variants import ComparePanel
from planner.ui.variant_switcher import VariantSwitcher

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def document(qapp: object, real_catalog: object) -> BuildDocument:
    study = load_document(ROOT / "examples" / "three-variants.gpubuild").study
    return BuildDocument(real_catalog, study)  # type: ignore[arg-type]


def test_duplicate_switch_rename_delete_each_undo(document: BuildDocument) -> None:
    stack = document.undo_stack
    original = document.study
    assert edits.duplicate_variant(document)
    assert document.study.names()[1] == "4× RTX 4090 workstation (copy)"
    assert document.study.active == 1 and document.build.slots == original.build(0).slots
    assert edits.rename_variant(document, 1, "  Two   towers ") is None
    assert document.study.variants[1].name == "Two towers"
    assert edits.rename_variant(document, 1, "1× H100 PCIe") == \
        "Another variant is already called 1× H100 PCIe."
    assert edits.rename_variant(document, 1, " ") == "A variant needs a name."
    edits.switch_variant(document, 3)
    assert document.build.slots == original.build(2).slots
    assert edits.delete_variant(document, 0)
    assert document.study.names()[0] == "Two towers"
    while stack.canUndo():
        stack.undo()
    assert document.study == original


def test_an_edit_changes_only_the_shown_variant(document: BuildDocument) -> None:
    edits.switch_variant(document, 1)
    edits.set_count(document, 0, 2)
    study = document.study
    assert study.variants[1].slots[0].count == 2
    assert study.variants[0].slots[0].count == 4 and study.variants[2].slots[0].count == 2
    document.undo_stack.undo()
    assert document.study.variants[1].slots[0].count == 1


def test_switching_back_and_forth_is_one_undo_step(document: BuildDocument) -> None:
    edits.switch_variant(document, 1)
    edits.switch_variant(document, 2)
    assert document.undo_stack.count() == 1
    edits.switch_variant(document, 0)  # back where it started: no step at all
    assert not document.is_modified()


def test_the_last_variant_cannot_be_deleted(qapp: object, real_catalog: object) -> None:
    doc = BuildDocument(real_catalog, Build(name="one"))  # type: ignore[arg-type]
    assert not edits.delete_variant(doc, 0)
    assert doc.study.names() == ["one"]


def test_switcher_tabs_follow_the_document(document: BuildDocument,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    switcher = VariantSwitcher(document)
    assert [switcher.tabs.tabText(i) for i in range(switcher.tabs.count())] == \
        document.study.names()
    switcher.tabs.setCurrentIndex(2)
    assert document.study.active == 2
    switcher.duplicate.click()
    assert switcher.tabs.count() == 4 and switcher.tabs.currentIndex() == 3
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("<b>x</b>", True))
    switcher.rename(3)
    assert switcher.tabs.tabText(3) == "<b>x</b>"
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("1× H100 PCIe", True))
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: warned.append(text))
    switcher.rename(3)
    assert warned == ["Another variant is already called 1× H100 PCIe."]
    document.undo_stack.undo()  # the rename
    document.undo_stack.undo()  # the duplicate
    assert switcher.tabs.count() == 3


def test_compare_panel_shows_the_views_figures_as_plain_text(document: BuildDocument) -> None:
    study = document.study
    document.reset(Study(name=study.name, variants=(
        study.variants[0].__class__("<img src=x>", study.variants[0].slots),
        *study.variants[1:]), workloads=study.workloads, usage=study.usage, cost=study.cost))
    panel = ComparePanel(document)
    panel.resize(1200, 800)
    panel.show()
    view = panel.view
    assert view is not None
    assert [c.name for c in view.columns][:3] == ["<img src=x>", "1× H100 PCIe",
                                                  "2× RTX 6000 Ada"]
    model = panel.model
    assert model.headerData(0, Qt.Orientation.Horizontal) == "<img src=x>"
    total = next(i for i, r in enumerate(view.rows) if r.key == "total")
    marked = [c for c in range(len(view.columns)) if model.cell(total, c).marked]
    assert marked == list(view.row("total").best)
    boxes = panel.findChildren(QCheckBox)
    assert "<img src=x>" in [b.text() for b in boxes]
    panel.set_compared(1, False)
    assert [c.name for c in panel.view.columns][:2] == ["<img src=x>", "2× RTX 6000 Ada"]
    panel.rental_check.setChecked(False)
    assert all(c.kind == "variant" for c in panel.view.columns)


def test_compare_chart_keeps_the_owned_builds_on_scale(document: BuildDocument) -> None:
    """Renting 8× A100 for three years costs ~10× any workstation: it leaves the scale, named."""
    panel = ComparePanel(document)
    panel.resize(1200, 300)  # a wide, short bottom dock: table beside the chart
    panel.show()
    view = panel.view
    assert view is not None
    # A variant with a card only "last seen" (the example's RTX 6000 Ada snapshot, newest price
    # July 2025) has no current price and so no cost line (issue 29); the others are drawn.
    owned = [c.cumulative[-1] for c in view.columns if c.kind == "variant" and c.cumulative]
    assert len(owned) >= 2
    rental = next(c for c in view.columns if c.kind != "variant")
    assert rental.cumulative[-1] > 3 * max(owned)
    top = panel.plot.getViewBox().viewRange()[1][1]
    assert max(owned) <= top < rental.cumulative[-1]
    labels = [label.text for _sample, label in panel.legend.items]
    assert any(rental.name in t and "off scale" in t for t in labels)
    assert panel.split.orientation() == Qt.Orientation.Horizontal
    panel.resize(600, 800)
    assert panel.split.orientation() == Qt.Orientation.Vertical
