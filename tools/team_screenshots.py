"""Four pictures of the team catalog: an edited card's marker (with its tooltip), the offline
status bar with edits waiting, the conflict dialog comparing two versions of a card, and the
read-only notice where an edit is offered (the catalog's right-click menu).

No server is needed: the status picture points the app at a closed port (offline); the conflict
dialog gets a conflict as the outbox holds one and words it as the app does; the read-only
picture takes the role a server gave at an earlier connection (kept in the local file).
Each picture is the whole X screen (``import -window root``), so menus and tooltips show.

Usage: xvfb-run -s "-screen 0 1366x800x24" python tools/team_screenshots.py OUTDIR [--lang zh_CN]
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RTX = "nvidia-rtx-4090"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path)
    parser.add_argument("--lang", choices=("en", "zh_CN"), default="en")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    home = tempfile.mkdtemp(prefix="planner-team-shot-")
    os.environ.update({"QT_QPA_PLATFORM": "xcb", "GPU_PLANNER_DATA_DIR": home,
                       "GPU_PLANNER_NO_SINGLE_INSTANCE": "1",
                       "GPU_PLANNER_DATABASE_URL": "postgresql://alice@127.0.0.1:1/lab"})
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtGui import QCursor
    from PySide6.QtWidgets import QApplication, QToolTip

    from planner.catalog.store import open_store
    from planner.translations import install_translators
    from planner.ui.catalog_model import NAME
    from planner.ui.main_window import MainWindow
    from planner.ui.team_conflict_dialog import TeamConflictDialog

    app = QApplication([])
    install_translators(app, args.lang)
    store = open_store()
    window = MainWindow()
    window.set_store(store)
    window.resize(1300, 760)
    window.show()
    rtx = store.catalog().gpu(RTX)
    assert rtx is not None
    window.team.save_edit(dataclasses.replace(rtx, tdp_w=400.0))
    window.team.save_edit(dataclasses.replace(store.catalog().gpu("nvidia-rtx-3090"),
                                              tdp_w=330.0))
    window.team.save_edit(dataclasses.replace(store.catalog().gpu("nvidia-rtx-4080"),
                                              tdp_w=300.0))
    window._team_changed()
    done = []
    window.team.finished.connect(lambda *_: done.append(True))
    window.team.sync_now()
    while not done:
        app.processEvents()

    def settle() -> None:
        for _ in range(30):
            app.processEvents()

    def grab(_widget: object, name: str) -> None:
        settle()
        deadline = time.monotonic() + 0.5
        while time.monotonic() < deadline:
            app.processEvents()
        subprocess.run(["import", "-window", "root", str(args.out / name)], check=True)

    panel = window.catalog_panel
    window.resizeDocks([window.catalog_dock], [560], Qt.Orientation.Horizontal)
    panel.search.setText("RTX 40")
    settle()
    panel.fit_columns()
    row = panel.proxy.mapFromSource(panel.model.index(panel.model.row_of(RTX), NAME))
    rect = panel.view.visualRect(row)
    tip = panel.model.data(panel.model.index(panel.model.row_of(RTX), NAME),
                           Qt.ItemDataRole.ToolTipRole)
    where = panel.view.viewport().mapToGlobal(rect.center())
    QCursor.setPos(where)
    settle()
    QToolTip.showText(where + QPoint(8, 16), tip, panel.view.viewport())
    deadline = time.monotonic() + 1.0
    while time.monotonic() < deadline:
        app.processEvents()
    suffix = "" if args.lang == "en" else "-zh"
    grab(window, f"team-edited-marker{suffix}.png")
    QToolTip.hideText()
    grab(window, f"team-offline-status{suffix}.png")

    from planner.catalog.records import to_record
    from planner.catalog.team import outbox
    from planner.core.records.specs import Price

    def street(amount: float, day: str) -> tuple[Price, ...]:
        return (Price(amount, "USD", day, "street", "US", "the lab's vendor"),)

    mine = dataclasses.replace(rtx, tdp_w=400.0, prices=street(1899.0, "2026-12-03"))
    theirs = dataclasses.replace(rtx, tdp_w=450.0, prices=street(1799.0, "2026-12-02"))
    conflict = outbox.Conflict(seq=1, kind="gpu", key=RTX, mine=to_record(mine),
                               theirs=to_record(theirs), their_version=4, their_author="bob",
                               their_updated_at="2026-12-02T16:20:00+00:00")
    dialog = TeamConflictDialog(rtx.name, "bob", False,
                                lambda: window.team.differences(conflict), window)
    dialog.show()
    dialog.compare()
    grab(dialog, f"team-conflict{suffix}.png")
    dialog.close()

    # carol's app was told "reader" by the server at its last connection.
    outbox.remember_role(store.engine, window.team.address() or "", "reader", "carol")
    window.team.restart()
    settle()
    menu = panel.menu_for(row)
    menu.popup(panel.view.viewport().mapToGlobal(rect.center()))
    grab(menu, f"team-read-only{suffix}.png")
    menu.close()
    window.document.undo_stack.setClean()
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
