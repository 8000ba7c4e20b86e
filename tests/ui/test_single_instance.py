from __future__ import annotations

import os
import socket
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from PySide6.QtCore import QDir

from planner.ui import single_instance
from planner.ui.single_instance import InstanceServer, send_to_running, server_name


def _name() -> str:
    return f"gpu-planner-test-{uuid.uuid4().hex[:10]}"


def test_name_depends_on_user_and_data_folder(monkeypatch, tmp_path):
    first = server_name()
    assert first.startswith("gpu-build-planner-")
    monkeypatch.setenv("GPU_PLANNER_DATA_DIR", str(tmp_path / "other"))
    assert server_name() != first


def test_disable_switch(monkeypatch):
    monkeypatch.setenv(single_instance.DISABLE_ENV, "1")
    assert not single_instance.enabled()
    monkeypatch.setenv(single_instance.DISABLE_ENV, "")
    assert single_instance.enabled()


def test_nobody_listening(qapp):
    assert not send_to_running(["x.gpubuild"], _name())


def test_second_launch_hands_over_its_files(qtbot, tmp_path):
    name = _name()
    server = InstanceServer(name)
    assert server.listen()
    try:
        target = tmp_path / "lab.gpubuild"
        with qtbot.waitSignal(server.files_received, timeout=5000) as received:
            assert send_to_running([str(target)], name)
        assert received.args == [[str(target.resolve())]]
        with qtbot.waitSignal(server.files_received, timeout=5000) as received:
            assert send_to_running([], name)
        assert received.args == [[]]
    finally:
        server.close()


@pytest.mark.skipif(os.name != "posix", reason="stale socket files exist on Unix only")
def test_stale_name_is_taken_over_only_after_connect_fails(qapp):
    name = _name()
    path = Path(QDir.tempPath()) / name
    stale = socket.socket(socket.AF_UNIX)
    stale.bind(str(path))  # bound, never listening, then dropped: what a crash leaves
    stale.close()
    assert path.exists()
    assert not send_to_running([], name)
    server = InstanceServer(name)
    try:
        assert server.listen()
    finally:
        server.close()


def test_real_second_process_hands_over_and_exits(qtbot, tmp_path):
    server = InstanceServer()  # the name this test's data folder gives
    assert server.listen()
    target = tmp_path / "from-second-launch.gpubuild"
    target.write_text("{}", encoding="utf-8")  # a file a user double-clicked exists
    env = dict(os.environ)
    env.pop(single_instance.DISABLE_ENV, None)
    env["QT_QPA_PLATFORM"] = "offscreen"
    try:
        with qtbot.waitSignal(server.files_received, timeout=20000) as received:
            proc = subprocess.Popen([sys.executable, "-m", "planner", str(target)], env=env,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        _out, err = proc.communicate(timeout=30)
        assert proc.returncode == 0, err.decode()
        assert received.args == [[str(target.resolve())]]
    finally:
        server.close()


def test_start_up_path_imports_nothing_heavy_before_the_window_paints():
    """What the first paint waits for: the window's modules, not the database, charts, network.

    (argparse is not listed: shiboken's signature loader imports it with PySide6 itself.)
    """
    code = ("import sys, planner.cli, planner.ui.app, planner.ui.main_window; "
            "heavy = ('PySide6.QtNetwork', 'sqlalchemy', 'sqlmodel', 'pyqtgraph', 'numpy', "
            "'platformdirs', 'planner.core', 'planner.catalog'); "
            "print(sorted(m for m in sys.modules if m.startswith(heavy)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True)
    assert out.stdout.strip() == "[]"
