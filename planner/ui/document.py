"""The open document: its variants, the Build every panel reads, undo stack, path, modified flag.

One source of truth: panels never hold their own copy of the build. The document's content is a
core :class:`~planner.core.plan.study.Study` (named variants sharing the workloads and assumptions);
``build`` is its active variant as a plain `Build`, which is all most panels need. An edit is a
whole new immutable study pushed as a `QUndoCommand` that swaps the before and after values, so
undo and redo are exact and a failed edit can never leave half a change. After any change the
document emits `changed` once; panels then ask core for their figures.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from planner.core.plan.build import Build
from planner.core.plan.study import Study
from planner.core.records.specs import Catalog

if TYPE_CHECKING:
    from planner.core.plan.runs import RunBook


class _SwapBuild(QUndoCommand):
    """Replace the study with another; undo puts the old one back."""

    def __init__(self, document: BuildDocument, before: Study, after: Study, text: str,
                 merge_key: str | None = None) -> None:
        super().__init__(text)
        self._document = document
        self._before = before
        self._after = after
        self._merge_key = merge_key

    def redo(self) -> None:
        self._document._set_study(self._after)

    def undo(self) -> None:
        self._document._set_study(self._before)

    def id(self) -> int:
        # Consecutive edits of the same field (typing in a spin box) merge into one undo step.
        return 1 if self._merge_key else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, _SwapBuild) or other._merge_key != self._merge_key:
            return False
        self._after = other._after
        # Typed back to where it started: no step (the stack drops it, and is clean again).
        self.setObsolete(self._after == self._before)
        return True


class BuildDocument(QObject):
    """The document model shared by every panel of one window."""

    changed = Signal()
    """The build changed (edit, undo, redo, open or new); read `build` again."""

    path_changed = Signal()
    """The file path or the modified flag changed; update the title."""

    catalog_changed = Signal()
    """The catalog was replaced (a custom GPU added or edited)."""

    runs_changed = Signal()
    """The user's measured runs, or the calibration switch, changed; read `runs` again."""

    def __init__(self, catalog: Catalog, build: Build | Study | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._catalog = catalog
        self._runs: RunBook | None = None
        self._study = _as_study(build or Build())
        self._build = self._study.build()
        self._path: Path | None = None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)

    @property
    def build(self) -> Build:
        """The active variant with the shared workloads and assumptions (immutable)."""
        return self._build

    @property
    def study(self) -> Study:
        """Every variant of the document (immutable)."""
        return self._study

    @property
    def catalog(self) -> Catalog:
        """The catalog the build's GPUs and workloads come from."""
        return self._catalog

    @property
    def runs(self) -> RunBook | None:
        """The user's measured runs and their calibrations (``None`` before the store opens)."""
        return self._runs

    def set_runs(self, runs: RunBook | None) -> None:
        """Swap in the runs (after an import, or the calibration switched on or off)."""
        self._runs = runs
        self.runs_changed.emit()
        self.changed.emit()

    def set_catalog(self, catalog: Catalog) -> None:
        """Swap in a reloaded catalog (after the user adds or edits a GPU)."""
        self._catalog = catalog
        self.catalog_changed.emit()
        self.changed.emit()

    def adopt_catalog_gpu(self, gpu_id: str, text: str) -> bool:
        """Use the catalog's (just edited) figures for that card in the build, undoably.

        Returns whether the build changed (False when it does not hold that card).
        """
        gpu = self._catalog.gpu(gpu_id)
        if gpu is None:
            return False
        updated = self._build.with_gpu_spec(gpu)
        if updated == self._build:
            return False
        self.apply(updated, text)
        return True

    @property
    def path(self) -> Path | None:
        """Where the document was last saved or opened from (None: never saved)."""
        return self._path

    def is_modified(self) -> bool:
        """True when there are edits since the last save or open."""
        return not self.undo_stack.isClean()

    def apply(self, build: Build, text: str, merge_key: str | None = None) -> None:
        """Make an edit of the active variant: push an undoable command that replaces it."""
        if build == self._build:
            return
        self.apply_study(self._study.with_build(build), text, merge_key)

    def apply_study(self, study: Study, text: str, merge_key: str | None = None) -> None:
        """Make an edit of the variants themselves (add, rename, delete, switch), undoably."""
        if study == self._study:
            return
        self.undo_stack.push(_SwapBuild(self, self._study, study, text, merge_key))

    def apply_extra(self, extra: dict[str, str], text: str, merge_key: str | None = None) -> None:
        """Change the study's free-form ``extra`` map undoably (equality does not see it)."""
        if extra == self._study.extra:
            return
        study = replace(self._study, extra=dict(extra))
        self.undo_stack.push(_SwapBuild(self, self._study, study, text, merge_key))

    def reset(self, build: Build | Study, path: Path | None = None) -> None:
        """Start over with another build or study (New, Open, Recover): clears undo history."""
        self.undo_stack.clear()
        self._path = path
        self._set_study(_as_study(build))
        self.undo_stack.setClean()
        self.path_changed.emit()

    def mark_saved(self, path: Path) -> None:
        """Record a successful save."""
        self._path = path
        self.undo_stack.setClean()
        self.path_changed.emit()

    def _on_clean_changed(self, _clean: bool) -> None:
        self.path_changed.emit()

    def _set_study(self, study: Study) -> None:
        self._study = study
        build = study.build()
        if build != self._build:
            self._build = build
        self.changed.emit()


def _as_study(content: Build | Study) -> Study:
    return content if isinstance(content, Study) else Study.of(content)
