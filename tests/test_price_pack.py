"""Price packs read from files and from a real local HTTP server: every bad pack is refused whole.

The server is ``http.server`` on 127.0.0.1 in a thread; one handler drops the connection half-way
through the body (with and without a ``Content-Length``), one never answers in time.
"""

from __future__ import annotations

import http.server
import shutil
import threading
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from planner.catalog.price_pack import (
    PACK_FORMAT,
    PackError,
    build_pack_text,
    canonical_sha256,
    pack_text,
    parse_pack,
    read_pack,
)

FIXTURES = Path(__file__).parent / "fixtures" / "data"


def _pack() -> bytes:
    return build_pack_text(FIXTURES).encode("utf-8")


def _refusal(data: bytes) -> PackError:
    with pytest.raises(PackError) as caught:
        parse_pack(data)
    return caught.value


def test_the_tool_s_pack_reads_back_as_the_fixture_prices() -> None:
    pack = parse_pack(_pack())
    raw = tomllib.loads((FIXTURES / "prices.toml").read_text(encoding="utf-8"))["price"]
    assert pack.count == len(raw) == 6
    assert [p.amount for p in pack.readings["nvidia-rtx-4090"]] == [1599.0, 1899.0, 12999.0]
    assert pack.catalog_version == (FIXTURES / "VERSION").read_text().strip()
    assert pack.as_of == "2026-01-01"  # the newest reading's date
    assert pack.sha256 == canonical_sha256(raw)


def test_the_same_folder_gives_the_same_bytes() -> None:
    assert _pack() == _pack()


def test_the_checksum_ignores_layout_but_not_figures() -> None:
    # Independent of the file's spacing and key order; any figure changes it.
    one = [{"gpu_id": "a", "amount": 1.0}]
    assert canonical_sha256(one) == canonical_sha256([{"amount": 1.0, "gpu_id": "a"}])
    assert canonical_sha256(one) != canonical_sha256([{"gpu_id": "a", "amount": 2.0}])


def test_a_corrupted_figure_fails_the_checksum() -> None:
    data = _pack().replace(b"amount = 1899.0", b"amount = 1399.0")
    assert _refusal(data).code == "checksum"


def test_a_wrong_checksum_is_refused() -> None:
    text = _pack().decode()
    head, _, rest = text.partition("sha256 = ")
    data = (head + 'sha256 = "' + "0" * 64 + '"' + rest[rest.index("\n"):]).encode()
    error = _refusal(data)
    assert error.code == "checksum"
    assert str(error).count(".") == 1 and "\n" not in str(error)  # one sentence


def test_a_pack_cut_between_records_is_incomplete() -> None:
    data = _pack()
    cut = data[: data.rindex(b"[[price]]")]
    error = _refusal(cut)
    assert error.code == "truncated"
    assert error.values == ("6", "5")


def test_a_pack_cut_mid_record_is_refused() -> None:
    data = _pack()
    assert _refusal(data[: len(data) // 2]).code in ("damaged", "truncated", "checksum")
    # Cut inside the last record: all six are there, the last without its later fields.
    inside_last = data[: data.rindex(b"amount = ") + len(b"amount = 25000.0")]
    assert _refusal(inside_last).code == "checksum"
    # Cut inside a value: not TOML any more.
    assert _refusal(data[: data.rindex(b'source = "') + 12]).code == "damaged"


def test_a_newer_format_is_refused() -> None:
    data = _pack().replace(f"format = {PACK_FORMAT}".encode(),
                           f"format = {PACK_FORMAT + 1}".encode())
    error = _refusal(data)
    assert error.code == "newer"
    assert "update the app" in str(error)


def test_a_file_without_a_header_is_not_a_pack() -> None:
    assert _refusal((FIXTURES / "prices.toml").read_bytes()).code == "not_a_pack"


def test_a_record_missing_its_source_is_malformed_even_with_a_good_checksum() -> None:
    record = {"gpu_id": "nvidia-rtx-4090", "amount": 1.0, "currency": "USD",
              "as_of": "2026-01-01", "kind": "street", "region": "US"}
    error = _refusal(pack_text([record], name="n", as_of="2026-01-01",
                               catalog_version="v").encode())
    assert error.code == "malformed"
    assert "source" in str(error)


def test_only_http_https_and_file_addresses_are_read(tmp_path: Path) -> None:
    with pytest.raises(PackError) as caught:
        read_pack("ftp://example.org/prices.toml")
    assert caught.value.code == "scheme"
    path = tmp_path / "pack.toml"
    path.write_bytes(_pack())
    assert read_pack(path.as_uri()).count == 6
    assert read_pack(str(path)).count == 6
    with pytest.raises(PackError) as caught:
        read_pack(str(tmp_path / "missing.toml"))
    assert caught.value.code == "no_file"


# -- a real local server ------------------------------------------------------------------------

class _Handler(http.server.BaseHTTPRequestHandler):
    body = b""
    release = threading.Event()

    def log_message(self, *args: object) -> None:  # keep the test output quiet
        pass

    def do_GET(self) -> None:
        data = self.body
        if self.path == "/missing.toml":
            self.send_error(404, "Not Found")
            return
        if self.path == "/slow.toml":
            self.release.wait(10)  # until the test is over: the client has given up by then
            return
        self.send_response(200)
        if self.path != "/half-no-length.toml":
            self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.path.startswith("/half"):
            self.wfile.write(data[: len(data) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        self.wfile.write(data)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = False  # server_close() waits for every handler: no socket outlives a test


@pytest.fixture
def server() -> Iterator[str]:
    """An HTTP server on 127.0.0.1 serving the fixture pack; yields its base address."""
    release = threading.Event()
    handler = type("Handler", (_Handler,), {"body": _pack(), "release": release})
    httpd = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        release.set()
        httpd.shutdown()
        httpd.server_close()
        thread.join()


def _fetch_error(url: str, timeout: float = 10.0) -> PackError:
    with pytest.raises(PackError) as caught:
        read_pack(url, timeout=timeout)
    return caught.value


def test_a_pack_downloads_whole(server: str) -> None:
    assert read_pack(server + "/prices.toml").readings == parse_pack(_pack()).readings


def test_a_connection_dropped_half_way_is_refused(server: str) -> None:
    error = _fetch_error(server + "/half.toml")
    assert error.code == "cut"
    assert "nothing was applied" in str(error)


def test_a_connection_dropped_half_way_without_a_length_is_refused(server: str) -> None:
    assert _fetch_error(server + "/half-no-length.toml").code in ("damaged", "truncated",
                                                                  "checksum")


def test_a_missing_pack_says_what_the_server_answered(server: str) -> None:
    error = _fetch_error(server + "/missing.toml")
    assert error.code == "http"
    assert "404" in str(error)


def test_a_silent_server_times_out(server: str) -> None:
    error = _fetch_error(server + "/slow.toml", timeout=0.3)
    assert error.code == "timeout"


def test_the_release_tool_writes_the_same_pack_twice(tmp_path: Path) -> None:
    import subprocess
    import sys

    tool = Path(__file__).resolve().parent.parent / "tools" / "make_price_pack.py"
    for name in ("a.toml", "b.toml"):
        subprocess.run([sys.executable, str(tool), "--data", str(FIXTURES), "--out",
                        str(tmp_path / name)], check=True, capture_output=True)
    assert (tmp_path / "a.toml").read_bytes() == (tmp_path / "b.toml").read_bytes()
    assert parse_pack((tmp_path / "a.toml").read_bytes()).count == 6
    broken = tmp_path / "broken"
    shutil.copytree(FIXTURES, broken)
    (broken / "VERSION").write_text("", encoding="utf-8")
    done = subprocess.run([sys.executable, str(tool), "--data", str(broken)],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip().startswith("VERSION:") and "Traceback" not in done.stderr
