"""What the spec leaves out of the bundle by name, and why the team catalog's libraries stay.

The frozen app is checked end to end by tests/test_packaging_bundle.py (slow); these check the
rules themselves on names as PyInstaller collects them on Linux and Windows.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _bundle_config() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bundle_config_for_trim_rules",
                                                  ROOT / "packaging" / "bundle_config.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_team_drivers_openssl_and_pythons_stay() -> None:
    bc = _bundle_config()
    # psycopg_binary's libpq links these (auditwheel and delvewheel names, from its wheels);
    # Python's _ssl links the plain ones (Linux, and python.org's Windows build).
    for name in ("psycopg_binary.libs/libssl-6a9b88ec.so.3", "libcrypto-3a0647ea.so.3",
                 "psycopg_binary.libs/libcrypto-3-x64-603336241ac4aead8eb72978e6c2590a.dll",
                 "psycopg_binary.libs/libssl-3-x64-237d8d45fc53d319080edc5a2b23511f.dll",
                 "libssl.so.3", "libcrypto.so.3", "libssl-3.dll", "libcrypto-3.dll"):
        assert bc.keep_library(name), name
    assert "ssl" not in bc.EXCLUDED_MODULES and "_ssl" not in bc.EXCLUDED_MODULES


def test_the_systems_openssl_goes_only_where_pythons_ssl_is_not_bundled() -> None:
    bc = _bundle_config()
    qt_hook = [("libssl.so.3", "/usr/lib/x86_64-linux-gnu/libssl.so.3", "BINARY"),
               ("libcrypto.so.3", "/usr/lib/x86_64-linux-gnu/libcrypto.so.3", "BINARY"),
               ("psycopg_binary.libs/libssl-6a9b88ec.so.3", "/x/libssl-6a9b88ec.so.3", "BINARY"),
               ("libQt6Network.so.6", "/x/libQt6Network.so.6", "BINARY")]
    ssl = ("python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so", "/x/_ssl.so",
           "EXTENSION")
    # The bare hello: Qt's hook brought OpenSSL, nothing loads it.
    assert [d for d, _, _ in bc.trim(qt_hook)] == [
        "psycopg_binary.libs/libssl-6a9b88ec.so.3", "libQt6Network.so.6"]
    # The app: _ssl links it.
    assert [d for d, _, _ in bc.trim([*qt_hook, ssl])] == [d for d, _, _ in [*qt_hook, ssl]]
    windows = [("libssl-3.dll", "C:/p/DLLs/libssl-3.dll", "BINARY"),
               ("_ssl.pyd", "C:/p/DLLs/_ssl.pyd", "EXTENSION")]
    assert bc.trim(windows) == windows and bc.trim(windows[:1]) == []


def test_cups_and_what_only_it_brings_are_left_to_the_system() -> None:
    bc = _bundle_config()
    toc = [("libcups.so.2", "/usr/lib/x86_64-linux-gnu/libcups.so.2", "BINARY"),
           ("libgnutls.so.30", "/usr/lib/x86_64-linux-gnu/libgnutls.so.30", "BINARY"),
           ("libavahi-client.so.3", "/usr/lib/x86_64-linux-gnu/libavahi-client.so.3", "BINARY"),
           ("libQt6PrintSupport.so.6", "/x/libQt6PrintSupport.so.6", "BINARY"),
           ("PySide6/Qt/plugins/printsupport/libcupsprintersupport.so", "/x/p.so", "BINARY"),
           ("libffi.so.8", "/usr/lib/x86_64-linux-gnu/libffi.so.8", "BINARY")]
    kept = [dest for dest, _, _ in bc.trim(toc)]
    # Qt's CUPS plugin stays (it loads the system's libcups); libffi is also _ctypes' library.
    assert kept == ["libQt6PrintSupport.so.6",
                    "PySide6/Qt/plugins/printsupport/libcupsprintersupport.so", "libffi.so.8"]


def test_psycopg_needs_pythons_ssl_module() -> None:
    # Why ssl may not be excluded: the binary driver imports it when it loads libpq (as the
    # frozen app once showed: "couldn't import psycopg 'binary' implementation: No module
    # named 'ssl'").
    if importlib.util.find_spec("psycopg_binary") is None:
        pytest.skip("psycopg[binary] is not installed (the team extra)")
    # A finder that answers for ssl as a bundle without it does (the module is not there).
    code = ("import sys\n"
            "class NoSsl:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name in ('ssl', '_ssl'):\n"
            "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
            "sys.meta_path.insert(0, NoSsl())\n"
            "try:\n    import psycopg\nexcept ImportError as e:\n    print('refused', e)\n"
            "else:\n    print('imported', psycopg.pq.__impl__)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.startswith("refused") and "ssl" in done.stdout, done.stdout + done.stderr
