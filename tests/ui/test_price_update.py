"""Tools ▸ Update Prices…: the diff, Apply, Undo from the notice, refusals, and a slow server.

The pack is built with the release tool's function from the fixture catalog with the RTX 4090's
street reading of 2026-01-01 at $1,749 instead of $1,899.
"""

from __future__ import annotations

import http.server
import threading
from pathlib import Path

import pytest

from planner.catalog.price_book import applied_packs
from planner.catalog.price_pack import build_pack_text
from planner.ui.main_window import MainWindow
from planner.ui.price_update import PriceUpdateDialog

RTX = "nvidia-rtx-4090"


def _quiet(win: MainWindow) -> None:
    win.document.undo_stack.setClean()
    win.document.undo_stack.cleanChanged.disconnect()


@pytest.fixture
def window(qtbot, store):  # type: ignore[no-untyped-def]
    win = MainWindow()
    qtbot.addWidget(win, before_close_func=_quiet)
    win.set_store(store)
    win.show()
    qtbot.waitExposed(win)
    return win


@pytest.fixture
def pack(data: Path, tmp_path: Path) -> Path:
    prices = data / "prices.toml"
    prices.write_text(prices.read_text(encoding="utf-8").replace("amount = 1899.0",
                                                                 "amount = 1749.0"),
                      encoding="utf-8")
    path = tmp_path / "pack.toml"
    path.write_text(build_pack_text(data), encoding="utf-8")
    return path


def _dialog(window: MainWindow) -> PriceUpdateDialog:
    window.update_prices_action.trigger()
    dialog = window.findChild(PriceUpdateDialog)
    assert dialog is not None and dialog.isVisible()
    return dialog


def _street(window: MainWindow) -> list[float]:
    return [p.amount for p in window.document.catalog.gpu(RTX).prices if p.kind == "street"
            and p.currency == "USD"]


def test_show_apply_and_undo_from_the_notice(qtbot, window, store, pack) -> None:
    dialog = _dialog(window)
    assert not dialog.apply_button.isEnabled()
    dialog.source.setText(str(pack))
    dialog.show_button.click()
    qtbot.waitUntil(lambda: not dialog.busy)
    text = dialog.changes.toPlainText()
    assert "GeForce RTX 4090 — 0 added, 1 changed, 0 removed" in text
    assert "  ~ retail (street) price, 2026-01-01: $1,899 → $1,749" in text
    assert "  new price: $1,899 (2026-01-01) → $1,749 (2026-01-01)" in text
    assert dialog.apply_button.isEnabled()
    assert _street(window) == [1899.0]  # nothing applied yet

    dialog.apply_button.click()
    qtbot.waitUntil(lambda: not dialog.busy)
    assert _street(window) == [1749.0]
    assert len(applied_packs(store.engine)) == 1
    notice = window.notices.notices["price-pack"]
    assert "were applied to 1 card" in notice.text.text()
    [undo] = [b for b in notice.buttons if b.text() == "Undo"]
    undo.click()
    qtbot.waitUntil(lambda: not dialog.busy)
    assert _street(window) == [1899.0]
    assert applied_packs(store.engine) == []
    assert not dialog.undo_button.isEnabled()


def test_a_damaged_pack_is_refused_in_one_sentence(qtbot, window, pack) -> None:
    pack.write_bytes(pack.read_bytes().replace(b"1749.0", b"1349.0"))
    dialog = _dialog(window)
    dialog.source.setText(str(pack))
    dialog.show_button.click()
    qtbot.waitUntil(lambda: not dialog.busy)
    assert dialog.status.text() == (
        "The price pack's checksum does not match its readings: it was changed or damaged "
        "after it was built, so nothing was applied; download it again.")
    assert not dialog.apply_button.isEnabled()
    assert dialog.changes.toPlainText() == ""


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = False


def test_the_window_takes_input_while_a_slow_server_answers(qtbot, window, pack) -> None:
    release = threading.Event()
    body = pack.read_bytes()

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            release.wait(10)
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    httpd = _Server(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        dialog = _dialog(window)
        dialog.source.setText(f"http://127.0.0.1:{httpd.server_address[1]}/pack.toml")
        dialog.show_button.click()
        assert dialog.busy and not dialog.show_button.isEnabled()
        dialog.source.clear()
        qtbot.keyClicks(dialog.source, "typed while waiting")
        assert dialog.source.text() == "typed while waiting"
        assert dialog.busy  # the server has not answered yet
        release.set()
        qtbot.waitUntil(lambda: not dialog.busy)
        assert "0 added, 1 changed, 0 removed" in dialog.changes.toPlainText()
    finally:
        release.set()
        httpd.shutdown()
        httpd.server_close()
        thread.join()
