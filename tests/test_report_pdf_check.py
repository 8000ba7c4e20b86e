"""planner.report.pdf_check reads Qt's sheet PDFs as poppler (or pypdf) does.

The self-test trusts this reader to say whether a sheet's text copies out, so it is checked
against independent readers on real sheets: a Latin build name, a Chinese note, the embedded
font list of ``pdffonts``.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from planner.report.pdf_check import PdfCheckError, read_sheet

ROOT = Path(__file__).resolve().parents[1]
NOTE = "显存够用：两张卡做推理"


def _independent_text(pdf: Path) -> str:
    if shutil.which("pdftotext"):
        return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                              check=True).stdout
    pypdf = pytest.importorskip("pypdf", reason="neither pdftotext nor pypdf is installed")
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(str(pdf)).pages)


@pytest.fixture(scope="module")
def sheet(tmp_path_factory: pytest.TempPathFactory, real_catalog) -> Path:  # type: ignore[no-untyped-def]
    from planner.catalog.rates import bundled_rates
    from planner.documents import load_document
    from planner.report import write_pdf

    loaded = load_document(ROOT / "examples" / "entry-level.gpubuild", real_catalog)
    study = dataclasses.replace(loaded.study, notes=NOTE)
    out = tmp_path_factory.mktemp("sheet") / "sheet.pdf"
    write_pdf(study, out, real_catalog, bundled_rates())
    return out


def test_text_matches_an_independent_reader(sheet: Path) -> None:
    ours = read_sheet(sheet.read_bytes())
    theirs = _independent_text(sheet)
    for phrase in ("Entry-level learning rig", NOTE, "RTX 3060 12GB"):
        assert phrase.replace(" ", "") in re.sub(r"\s+", "", theirs)  # the reference sees it
        assert ours.contains(phrase)
    assert not ours.contains("RTX 4090 24GB")  # not on this sheet, for either reader
    assert "RTX4090" not in re.sub(r"\s+", "", theirs)
    assert len(ours.pages) == int(re.search(r"Pages:\s+(\d+)", subprocess.run(
        ["pdfinfo", str(sheet)], capture_output=True, text=True).stdout).group(1)) \
        if shutil.which("pdfinfo") else len(ours.pages) >= 1


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="poppler's pdffonts is absent")
def test_embedded_fonts_match_pdffonts(sheet: Path) -> None:
    listing = subprocess.run(["pdffonts", str(sheet)], capture_output=True, text=True,
                             check=True).stdout.splitlines()[2:]
    # pdffonts: name type encoding emb sub uni object ID; subset names carry a XXXXXX+ prefix.
    embedded = {line.split()[0].split("+")[-1] for line in listing
                if line.split()[-5] == "yes"}
    ours = read_sheet(sheet.read_bytes())
    assert set(ours.embedded_fonts) == embedded
    assert ours.unembedded_fonts == ()


def test_not_a_pdf_is_one_sentence() -> None:
    with pytest.raises(PdfCheckError, match="not a PDF"):
        read_sheet(b"GIF89a")
