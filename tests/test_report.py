"""The printed sheet: a real PDF from a real example file, with the figures the panels show."""

import os
import shutil
import subprocess
import sys
import unicodedata
from html import escape
from pathlib import Path

import pytest

from planner import __version__ as planner_version
from planner.catalog.rates import load_rates
from planner.core.views_headroom import headroom_rows
from planner.documents import load_document
from planner.report.sheet import sheet_html

ROOT = Path(__file__).resolve().parents[1]


def test_sheet_carries_the_panels_figures_and_sources(real_catalog):
    doc = load_document(ROOT / "examples" / "workstation-4x4090.gpubuild")
    html = sheet_html(doc.build, real_catalog, load_rates())
    for row in headroom_rows(doc.build):
        assert row.name in html
        assert f"{row.needed_bytes / 1024**3:,.1f} GiB" in html
    for slot in doc.build.slots:
        assert slot.gpu.sources[0].split(":")[0] in html
    assert "2,022" not in html and "2,020" not in html  # years are not thousands


def test_report_cli_writes_a_pdf_with_chinese_text(tmp_path):
    out = tmp_path / "sheet.pdf"
    env = {**os.environ, "GPU_PLANNER_DATA_DIR": str(tmp_path / "home")}
    r = subprocess.run([sys.executable, "-m", "planner", "report",
                        str(ROOT / "examples" / "chinese-notes.gpubuild"), "--pdf", str(out)],
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and len(data) > 10_000
    assert not list(tmp_path.glob(".sheet-*"))
    if shutil.which("pdftotext"):
        # NFKC: CJK fonts map some ideographs to Kangxi radical code points (⼯ for 工).
        text = unicodedata.normalize("NFKC", subprocess.run(
            ["pdftotext", str(out), "-"], capture_output=True, text=True).stdout)
        assert "实验室深度学习工作站" in text
        assert "4090" in text
        assert planner_version in text  # digits must copy out of the PDF too


def test_report_of_a_broken_file_is_one_sentence(tmp_path):
    bad = tmp_path / "bad.gpubuild"
    bad.write_text("{")
    env = {**os.environ, "GPU_PLANNER_DATA_DIR": str(tmp_path / "home")}
    r = subprocess.run([sys.executable, "-m", "planner", "report", str(bad), "--pdf",
                        str(tmp_path / "x.pdf")], capture_output=True, text=True, env=env,
                       timeout=120)
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("name", ["entry-level", "server-8xh100", "custom-gpu"])
def test_every_example_renders(name, real_catalog):
    doc = load_document(ROOT / "examples" / f"{name}.gpubuild")
    html = sheet_html(doc.build, real_catalog, load_rates())
    assert escape(doc.build.name, quote=False) in html  # "8× H100 & co" is written "&amp;"
    for slot in doc.build.slots:
        assert escape(slot.gpu.name, quote=False) in html


def test_sheet_prices_in_the_builds_currency_with_the_rate_date(real_catalog):
    """The sheet words money as the panels do: the build's currency at the dated rate."""
    from dataclasses import replace

    from planner.core.build import Build, BuildSlot, CostSettings
    from planner.core.formatting import NumberStyle
    from planner.core.money import Rates
    from planner.core.specs import Price

    rates = Rates(cny_per_usd=7.1, cny_per_eur=7.8, as_of="2025-06-02")
    # One dollar price only, so the figure below is the conversion and nothing else.
    launch = Price(1599.0, "USD", "2022-10-12", kind="msrp", source="NVIDIA launch price")
    gpu = replace(real_catalog.gpu("nvidia-rtx-4090"), prices=(launch,))
    build = Build(slots=(BuildSlot(gpu, 2),), cost=CostSettings(currency="CNY"))
    html = sheet_html(build, real_catalog, rates)
    build_part = html.split("GPUs side by side")[0]
    assert "¥11,353" in build_part  # the $1,599 launch price × 7.1 = ¥11,352.9 a card
    assert "¥22,706" in build_part  # two cards: ¥22,705.8
    assert "2025-06-02" in build_part and "$" not in build_part
    assert "48 GiB" in build_part  # 2 × 24 GiB, memory in GiB like the panels
    german = sheet_html(build, real_catalog, rates, style=NumberStyle(group=".", decimal=","))
    assert "¥22.706" in german and "1.008" in german  # 1,008 GB/s in German separators
