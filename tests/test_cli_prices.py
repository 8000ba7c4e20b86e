"""``gpu-planner prices``: update from a file and a local server, dry run, undo, refusals."""

from __future__ import annotations

import http.server
import json
import threading
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from planner.catalog.price_pack import pack_text
from planner.cli.commands import run

DATA = Path(__file__).resolve().parent.parent / "data"
CARD = "nvidia-rtx-4090"


@pytest.fixture(autouse=True)
def _qt_application(qapp: object) -> object:
    """The tests' QApplication first: a command run alone would make a QCoreApplication."""
    return qapp


def _records() -> list[dict[str, Any]]:
    return tomllib.loads((DATA / "prices.toml").read_text(encoding="utf-8"))["price"]


def _pack_with_one_change() -> tuple[bytes, float, float]:
    """The bundled readings with the 4090's first reading $100 dearer; returns (pack, old, new)."""
    records = _records()
    first = next(r for r in records if r["gpu_id"] == CARD)
    old = first["amount"]
    first["amount"] = old + 100.0
    text = pack_text(records, name="test prices", as_of="2026-12-01", catalog_version="t")
    return text.encode(), old, old + 100.0


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    assert run(list(args)) == 0
    return json.loads(capsys.readouterr().out)


def test_dry_run_then_apply_then_undo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, old, new = _pack_with_one_change()
    pack = tmp_path / "pack.toml"
    pack.write_bytes(data)
    shown = _json(capsys, "prices", "update", str(pack), "--dry-run", "--json")
    assert not shown["applied"]
    (card,) = shown["cards"]
    assert card["gpu_id"] == CARD and not card["added"] and not card["removed"]
    assert [[o["amount"], n["amount"]] for o, n in card["changed"]] == [[old, new]]
    assert _json(capsys, "prices", "list", "--json") == []

    # Not at a terminal: nothing is asked and nothing applied.
    assert run(["prices", "update", str(pack)]) == 0
    out = capsys.readouterr().out
    assert "test prices" in out and "--yes" in out
    assert _json(capsys, "prices", "list", "--json") == []

    applied = _json(capsys, "prices", "update", str(pack), "--yes", "--json")
    assert applied["applied"]
    (listed,) = _json(capsys, "prices", "list", "--json")
    assert listed["name"] == "test prices" and listed["cards"] == 1

    assert run(["prices", "undo"]) == 0
    assert "test prices" in capsys.readouterr().out
    assert _json(capsys, "prices", "list", "--json") == []
    assert run(["prices", "undo"]) == 2
    assert capsys.readouterr().err.strip() == ("No price pack is applied, so there is nothing "
                                               "to undo.")


class _Half(http.server.BaseHTTPRequestHandler):
    body = b""

    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body if self.path == "/whole.toml" else
                         self.body[: len(self.body) // 2])


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = False  # server_close() waits for every handler: no socket outlives a test


@pytest.fixture
def server() -> Iterator[str]:
    handler = type("Handler", (_Half,), {"body": _pack_with_one_change()[0]})
    httpd = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


def test_a_server_dropping_half_way_applies_nothing(server: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["prices", "update", server + "/half.toml", "--yes"]) == 2
    err = capsys.readouterr().err.strip()
    assert "nothing was applied" in err and "\n" not in err and "Traceback" not in err
    assert _json(capsys, "prices", "list", "--json") == []
    assert _json(capsys, "prices", "update", server + "/whole.toml", "--yes", "--json")["applied"]
    assert len(_json(capsys, "prices", "list", "--json")) == 1


def test_a_corrupted_pack_is_refused_in_one_sentence(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    data = _pack_with_one_change()[0]
    pack = tmp_path / "pack.toml"
    pack.write_bytes(data.replace(b"[[price]]", b"[[prize]]", 1))
    assert run(["prices", "update", str(pack), "--yes"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("The price pack") and "\n" not in err
    assert _json(capsys, "prices", "list", "--json") == []
