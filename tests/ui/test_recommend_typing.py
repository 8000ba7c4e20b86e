"""Recommend searches off the GUI thread: typing goes on while it ranks, the newest search wins."""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import Qt

from planner.ui.panels import recommend
from planner.ui.panels.recommend import RecommendDialog


def test_typing_works_while_a_slow_search_runs(qtbot, document, monkeypatch) -> None:
    gate = threading.Event()
    started: list[float | None] = []
    ended: list[float | None] = []

    def slow_rows(*args: Any, budget: float | None = None, **kwargs: Any) -> list[Any]:
        started.append(budget)
        gate.wait(timeout=20)  # held until the test has typed
        ended.append(budget)
        return []

    monkeypatch.setattr(recommend, "recommend_rows", slow_rows)
    dialog = RecommendDialog(document)  # its first search starts here, and is held
    qtbot.addWidget(dialog)
    shown: list[bool] = []
    dialog.searched.connect(lambda: shown.append(True))
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.searching
    dialog.budget_on.setChecked(True)
    dialog.budget.setFocus()
    dialog.budget.selectAll()
    qtbot.keyClicks(dialog.budget, "4321")
    qtbot.keyClick(dialog.budget, Qt.Key.Key_Return)
    assert dialog.budget.value() == 4321  # typed while every search is still held
    assert dialog.searching and shown == []
    gate.set()
    # The pool runs two searches at a time: the newest may start only after older ones end, so
    # wait for it by its budget, not by the count of searches begun so far.
    qtbot.waitUntil(lambda: 4321 in ended and not dialog.searching, timeout=20_000)
    qtbot.waitUntil(lambda: len(ended) == len(started), timeout=20_000)
    qtbot.wait(50)  # any superseded result still queued would arrive now
    # Each change started a newer search (pool threads append in no fixed order, so not [-1]).
    assert 4321 in started and len(started) > 2
    assert shown == [True]  # only the newest search's result was shown
