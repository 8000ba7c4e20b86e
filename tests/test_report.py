"""The printed sheet: real PDFs of every example, read back with poppler (pdfinfo, pdftotext)."""

from __future__ import annotations

import itertools
import os
import re
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from planner.catalog.rates import load_rates
from planner.core.costs.formatting import Formatter, NumberStyle
from planner.core.plan.build import BuildSlot
from planner.core.plan.study import Study, Variant
from planner.core.records.specs import Catalog
from planner.core.views.variants import rental_for, variant_comparison
from planner.documents import load_document
from planner.report import write_pdf
from planner.words.wording import cell_text

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.gpubuild"))
RADICALS = re.compile("[\u2e80-\u2fdf]")
LIGATURES = re.compile("[\ufb00-\ufb06]")

pytestmark = pytest.mark.skipif(not shutil.which("pdftotext") or not shutil.which("pdfinfo"),
                                reason="poppler-utils not installed")


@pytest.fixture(autouse=True)
def _application(qapp: object) -> None:
    """The sheet is laid out in-process: under the tests' QApplication, not a bare GUI one."""


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


def pdf_info(path: Path) -> dict[str, str]:
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True,
                         check=True).stdout
    info = {}
    for line in out.splitlines():
        key, _, value = line.partition(":")
        info[key.strip()] = value.strip()
    return info


def page_sizes(path: Path) -> list[tuple[float, float]]:
    """Each page's width and height in points, rotation applied."""
    out = subprocess.run(["pdfinfo", "-f", "1", "-l", "99", str(path)], capture_output=True,
                         text=True, check=True).stdout
    sizes = [tuple(map(float, m)) for m in re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)",
                                                      out)]
    rotations = [int(r) for r in re.findall(r"Page\s+\d+ rot:\s+(\d+)", out)]
    return [(h, w) if rot in (90, 270) else (w, h)
            for (w, h), rot in zip(sizes, rotations, strict=True)]


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_is_two_pages_with_core_figures(path: Path, real_catalog: Catalog,
                                                      tmp_path: Path) -> None:
    doc = load_document(path)
    rates = load_rates()
    out = tmp_path / "sheet.pdf"
    assert write_pdf(doc, out, real_catalog, rates) == 2
    assert pdf_info(out)["Pages"] == "2"
    text = pdf_text(out)
    flat = squeezed(text)
    assert squeezed(doc.study.name) in flat
    assert not RADICALS.search(text) and not LIGATURES.search(text)
    # Every figure of page 1 is the one core computes, worded as the panel words it.
    study = doc.study
    view = variant_comparison(study, real_catalog, rates, None,
                              rental_for(study, real_catalog, rates), runs=None)
    fmt = Formatter(NumberStyle(), study.cost.currency, rates)
    for col in view.columns:
        assert squeezed(col.name) in flat, col.name
    for row in view.rows:
        if row.kind == "link":  # the panel's row: page 1 leaves it out to stay one page
            continue
        for c in range(len(view.columns)):
            assert squeezed(cell_text(row, c, fmt)) in flat, (row.key, c)
        for verdict in row.verdicts:
            if verdict:
                assert {"fits": "fits", "tight": "tight",
                        "does-not-fit": "does not fit"}[verdict] in text


def test_chinese_survives_copying(real_catalog: Catalog, tmp_path: Path) -> None:
    """The name and notes come back exactly: no Kangxi radical in place of 工, 用, 大, 人, 民."""
    doc = load_document(ROOT / "examples" / "chinese-notes.gpubuild")
    out = tmp_path / "zh.pdf"
    write_pdf(doc, out, real_catalog, load_rates())
    text = pdf_text(out)
    assert doc.study.name == "实验室深度学习工作站"
    assert "实验室深度学习工作站" in text
    for line in doc.study.notes.splitlines():
        assert line in text, line
    assert not RADICALS.search(text)


def test_latin_copies_without_ligatures(real_catalog: Catalog, tmp_path: Path) -> None:
    doc = load_document(ROOT / "examples" / "entry-level.gpubuild")
    notes = "Stable Diffusion fine-tuning: efficient office workflow, affluent flyers."
    out = tmp_path / "latin.pdf"
    write_pdf(replace(doc.study, notes=notes), out, real_catalog, load_rates())
    text = pdf_text(out)
    assert "Diffusion" in text and "efficient office workflow" in text
    assert not LIGATURES.search(text)


def test_text_from_a_file_is_never_interpreted(real_catalog: Catalog, tmp_path: Path) -> None:
    doc = load_document(ROOT / "examples" / "entry-level.gpubuild")
    study = doc.study
    study = replace(study, name="<b>x</b>", notes='<img src="file:///etc/passwd"> & <i>y</i>',
                    variants=(replace(study.variants[0], name="<img src=x>"),))
    out = tmp_path / "markup.pdf"
    write_pdf(study, out, real_catalog, load_rates())
    text = pdf_text(out)
    assert "<b>x</b>" in text
    assert '<img src="file:///etc/passwd"> & <i>y</i>' in text
    assert "<img src=x>" in text


def test_letter_paper_and_a_chosen_pair(real_catalog: Catalog, tmp_path: Path) -> None:
    doc = load_document(ROOT / "examples" / "three-variants.gpubuild")
    out = tmp_path / "letter.pdf"
    pages = write_pdf(doc, out, real_catalog, load_rates(),
                      variants=["2× RTX 6000 Ada", "1× H100 PCIe"], paper="Letter")
    assert pages == 2
    assert pdf_info(out)["Page size"].startswith("612 x 792")
    text = squeezed(pdf_text(out))
    assert squeezed("2× RTX 6000 Ada") in text and squeezed("1× H100 PCIe") in text
    assert squeezed("4× RTX 4090 workstation") not in text


def test_a_table_too_wide_for_portrait_gets_landscape(real_catalog: Catalog,
                                                      tmp_path: Path) -> None:
    """Four variants of two different cards each: eight GPU columns on the detail page."""
    ids = ["nvidia-rtx-4090", "nvidia-h100-pcie", "nvidia-rtx-6000-ada", "nvidia-a100-pcie-80gb",
           "nvidia-rtx-a6000", "nvidia-l40s", "nvidia-rtx-3090", "nvidia-h100-nvl"]
    gpus = [g for g in (real_catalog.gpu(i) for i in ids) if g is not None]
    assert len(gpus) == 8
    base = load_document(ROOT / "examples" / "three-variants.gpubuild").study
    variants = tuple(Variant(f"V{k}", (BuildSlot(gpus[2 * k], 1), BuildSlot(gpus[2 * k + 1], 1)))
                     for k in range(4))
    out = tmp_path / "wide.pdf"
    write_pdf(replace(base, variants=variants, active=0), out, real_catalog, load_rates())
    sizes = page_sizes(out)
    assert sizes[0][0] < sizes[0][1]  # the decision: portrait A4
    assert sizes[-1][0] > sizes[-1][1]  # the detail's eight GPU columns: landscape


def test_report_cli(tmp_path: Path) -> None:
    env = {**os.environ, "GPU_PLANNER_DATA_DIR": str(tmp_path / "home")}
    out = tmp_path / "sheet.pdf"
    example = str(ROOT / "examples" / "three-variants.gpubuild")
    ok = subprocess.run([sys.executable, "-m", "planner", "report", example, "--pdf", str(out),
                         "--variants", "1× H100 PCIe,4× RTX 4090 workstation", "--paper",
                         "Letter"], capture_output=True, text=True, env=env, timeout=120)
    assert ok.returncode == 0, ok.stderr
    assert "2 pages" in ok.stdout and out.read_bytes().startswith(b"%PDF")
    bad = subprocess.run([sys.executable, "-m", "planner", "report", example, "--pdf",
                          str(tmp_path / "x.pdf"), "--variants", "Nope"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr.strip() == ("This build has no variant called 'Nope'; its variants are "
                                  "4× RTX 4090 workstation, 1× H100 PCIe, 2× RTX 6000 Ada.")
    assert not (tmp_path / "x.pdf").exists() and not list(tmp_path.glob(".sheet-*"))


def test_report_of_a_broken_file_is_one_sentence(tmp_path: Path) -> None:
    bad = tmp_path / "bad.gpubuild"
    bad.write_text("{")
    env = {**os.environ, "GPU_PLANNER_DATA_DIR": str(tmp_path / "home")}
    r = subprocess.run([sys.executable, "-m", "planner", "report", str(bad), "--pdf",
                        str(tmp_path / "x.pdf")], capture_output=True, text=True, env=env,
                       timeout=120)
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_a_bare_build_still_prints(real_catalog: Catalog, tmp_path: Path) -> None:
    """The print path of older callers (a Build, not a Study) gives the same two pages."""
    build = load_document(ROOT / "examples" / "server-8xh100.gpubuild").build
    out = tmp_path / "build.pdf"
    assert write_pdf(build, out, real_catalog, load_rates()) == 2
    assert squeezed(build.name) in squeezed(pdf_text(out))


def test_one_variant_study_is_named_after_its_build() -> None:
    assert Study.of(load_document(ROOT / "examples" / "entry-level.gpubuild").build).names() \
        == ["Entry-level learning rig"]


def test_tables_break_between_rows_and_repeat_their_header(qapp: object,
                                                           tmp_path: Path) -> None:
    from PySide6.QtGui import QPdfWriter

    from planner.report.fonts import sheet_font
    from planner.report.layout import Cell, Composer, Section, Table

    writer = QPdfWriter(str(tmp_path / "t.pdf"))
    writer.setResolution(300)
    font, bold = sheet_font(8), sheet_font(8, bold=True)
    rows = [[Cell(f"row {i}"), Cell("one line" if i % 3 else "two\nlines")] for i in range(150)]
    table = Table([Cell("name"), Cell("value")], rows, font, bold)
    pages = Composer(writer, "A4").flow([Section([table])])
    assert len(pages) >= 2
    spans = [p.placed[0].rows for p in pages]
    assert spans[0][0] == 0 and spans[-1][1] == 150
    for (_a, end), (start, _b) in itertools.pairwise(spans):
        assert end == start  # every row on exactly one page, none split


def test_four_variants_and_a_rental_fit_two_pages(real_catalog: Catalog, tmp_path: Path) -> None:
    study = load_document(ROOT / "examples" / "three-variants.gpubuild").study
    a100 = real_catalog.gpu("nvidia-a100-pcie-80gb")
    assert a100 is not None
    four = replace(study, variants=(*study.variants, Variant("2× A100", (BuildSlot(a100, 2),))))
    out = tmp_path / "four.pdf"
    assert write_pdf(four, out, real_catalog, load_rates()) == 2
    assert pdf_info(out)["Pages"] == "2"


def test_a_line_far_above_the_others_leaves_the_scale() -> None:
    from planner.report.chart import axis_top

    # Renting 8× A100 ($81k a year) against workstations at $13–27k: the owned builds keep the
    # scale (top $26,986) and the rental is named instead of flattening them.
    rent = [0.0, 81468.0, 162936.0, 244404.0]
    owned = [[12520.0, 14285.0, 16050.0, 17815.0], [25250.0, 25829.0, 26408.0, 26986.0]]
    assert axis_top([*owned, rent]) == (26986.0, frozenset({2}))
    # Lines within a factor of three share one scale; one line alone always stays on it.
    assert axis_top([[1.0, 3.0], [0.0, 8.0]]) == (8.0, frozenset())
    assert axis_top([[0.0, 50.0]]) == (50.0, frozenset())
    assert axis_top([[0.0, 0.0], [0.0, 0.0]]) == (1.0, frozenset())


def test_the_sheet_names_an_off_scale_rental_with_its_cost(real_catalog: Catalog,
                                                           tmp_path: Path) -> None:
    doc = load_document(ROOT / "examples" / "three-variants.gpubuild")
    rates = load_rates()
    study = doc.study
    view = variant_comparison(study, real_catalog, rates, None,
                              rental_for(study, real_catalog, rates), runs=None)
    out = tmp_path / "sheet.pdf"
    write_pdf(doc, out, real_catalog, rates)
    text = squeezed(pdf_text(out))
    # The rental's three-year total, as the table's "Total over the horizon" row gives it.
    total = Formatter(NumberStyle(), study.cost.currency, rates).money(
        view.row("total").values[-1])
    assert squeezed(f"↑ {total} after") in text and "(offscale)" in text


@pytest.mark.parametrize(("lang", "words"), [("en", "Cumulative cost over 3 years"),
                                             ("zh_CN", "3 年累计成本")])
def test_report_cli_speaks_the_asked_language(tmp_path: Path, lang: str, words: str) -> None:
    """The CLI's sheet uses the translations too: real English plurals, or Chinese."""
    env = {**os.environ, "GPU_PLANNER_DATA_DIR": str(tmp_path / "home")}
    env.pop("GPU_PLANNER_LOCALE", None)
    out = tmp_path / "sheet.pdf"
    example = str(ROOT / "examples" / "three-variants.gpubuild")  # a 3-year horizon
    done = subprocess.run([sys.executable, "-m", "planner", "report", example, "--pdf", str(out),
                           "--lang", lang], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    text = pdf_text(out)
    assert words in text and "year(s)" not in text


def test_workload_rows_name_their_task_in_the_sheets_language(real_catalog: Catalog,
                                                              tmp_path: Path) -> None:
    """"余量：Llama 3 8B（训练）", not "余量：Llama 3 8B (train)" with core's English task."""
    env = {**os.environ, "GPU_PLANNER_DATA_DIR": str(tmp_path / "home")}
    out = tmp_path / "zh.pdf"
    example = str(ROOT / "examples" / "three-variants.gpubuild")
    done = subprocess.run([sys.executable, "-m", "planner", "report", example, "--pdf", str(out),
                           "--lang", "zh_CN"], capture_output=True, text=True, env=env,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    text = squeezed(pdf_text(out))
    assert "Llama38B（训练）" in text and "Llama38B（推理）" in text
    assert "(train)" not in text and "(inference)" not in text
    # The warnings section too (its words used to live in the UI, out of the sheet's reach):
    assert "没有NVLink或InfinityFabric：GPU之间通过PCIe交换梯度" in text
    assert "has no NVLink" not in text


def _page(path: Path, number: int) -> str:
    return subprocess.run(["pdftotext", "-f", str(number), "-l", str(number), str(path), "-"],
                          capture_output=True, text=True, check=True).stdout


def test_page_two_has_every_variants_column(real_catalog: Catalog, tmp_path: Path) -> None:
    """Each compared variant's own figures are on page 2, read back from the PDF: its name, the
    memory each workload needs of what its card offers, and its yearly kWh."""
    from planner.core.views.detail import detail_view

    doc = load_document(ROOT / "examples" / "three-variants.gpubuild")
    rates = load_rates()
    out = tmp_path / "sheet.pdf"
    assert write_pdf(doc, out, real_catalog, rates) == 2
    first, second = squeezed(_page(out, 1)), squeezed(_page(out, 2))
    study = doc.study
    view = variant_comparison(study, real_catalog, rates, None,
                              rental_for(study, real_catalog, rates), runs=None)
    detail = detail_view(study, view, real_catalog, rates, runs=None)
    fmt = Formatter(NumberStyle(), study.cost.currency, rates)
    assert len(detail.variants) == len(study.variants) == 3
    for v, (name, _index) in enumerate(detail.variants):
        assert squeezed(name) in first and squeezed(name) in second, name
        for workload in detail.workloads:
            cell = workload.cells[v]
            assert cell is not None
            shown = f"{fmt.memory(cell.needed_bytes)}of{fmt.memory(cell.usable_bytes)}"
            assert squeezed(shown) in second, (name, workload.name, shown)
        total = detail.energy[v].total
        assert total is not None and squeezed(fmt.number(total.kwh_load_per_year)) in second
