"""``gpu-planner --self-test`` from the checkout: passes here, fails loudly when a check fails."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _self_test(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "planner", "--self-test", *args], cwd=ROOT,
                          env=env or dict(os.environ), capture_output=True, text=True,
                          timeout=120)


def test_self_test_passes_and_says_so_in_one_line(tmp_path: Path) -> None:
    done = _self_test()
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1 and lines[0].startswith("self-test passed: "), done.stdout
    assert "7 panels" in lines[0] and "translations en+zh_CN" in lines[0]
    assert "Traceback" not in done.stderr


def test_self_test_leaves_the_user_folder_alone(tmp_path: Path) -> None:
    user = tmp_path / "user"
    done = _self_test(env={**os.environ, "GPU_PLANNER_DATA_DIR": str(user)})
    assert done.returncode == 0, done.stdout + done.stderr
    assert not user.exists() or not any(user.iterdir())


def test_self_test_fails_with_exit_1_on_a_bad_build(tmp_path: Path) -> None:
    bad = tmp_path / "broken.gpubuild"
    bad.write_text("{ not json", encoding="utf-8")
    done = _self_test(str(bad))
    assert done.returncode == 1
    assert done.stdout.startswith("self-test FAILED: ")


def test_self_test_fails_when_the_translations_are_missing(tmp_path: Path) -> None:
    # Run the check with a resources folder whose i18n files are gone, as in a careless bundle.
    code = (
        "import sys, planner.paths as p; from pathlib import Path\n"
        f"p.resources_dir = lambda: Path({str(tmp_path)!r})\n"
        "from planner.cli.main import main; sys.exit(main(['--self-test']))\n")
    (tmp_path / "icons").mkdir()
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 1, done.stdout
    assert "planner_zh_CN.qm" in done.stdout


def test_help_lists_the_self_test() -> None:
    done = subprocess.run([sys.executable, "-m", "planner", "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert "--self-test" in done.stdout


def test_self_test_fails_when_the_sheets_chinese_would_be_boxes(tmp_path: Path) -> None:
    # A machine like Windows under Qt's offscreen platform with no Chinese font: fontconfig
    # sees only DejaVu (no CJK glyphs to substitute) and the sheet finds no CJK font file.
    dejavu = Path("/usr/share/fonts/truetype/dejavu")
    if not sys.platform.startswith("linux") or not dejavu.is_dir():
        import pytest

        pytest.skip("needs fontconfig and DejaVu (fonts-dejavu-core)")
    conf = tmp_path / "fonts.conf"
    conf.write_text(f"<?xml version='1.0'?><fontconfig><dir>{dejavu}</dir>"
                    f"<cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>")
    code = (
        "import sys, planner.report.fonts as f\n"
        "f.font_folders = lambda: []\n"
        "from planner.cli.main import main; sys.exit(main(['--self-test']))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=180,
                          env={**os.environ, "FONTCONFIG_FILE": str(conf),
                               "GPU_PLANNER_DATA_DIR": str(tmp_path / "user")})
    assert done.returncode == 1, done.stdout + done.stderr[-2000:]
    assert done.stdout.startswith("self-test FAILED: Chinese text does not copy out of "
                                  "the exported sheet: its glyphs are boxes"), done.stdout
    assert "no Chinese font found" in done.stdout


def test_self_test_names_the_sheet_font() -> None:
    done = _self_test()
    assert done.returncode == 0, done.stdout + done.stderr
    assert ", sheet font " in done.stdout
