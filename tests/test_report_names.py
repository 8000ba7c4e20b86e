"""A build's name is its sheet's title: unnamed builds are called after their cards, and a
200-character name with four variants still prints on two pages, its footer clear of the page
number (issue 19)."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from planner.core.plan.study import Study, study_title
from planner.documents import load_document

ROOT = Path(__file__).resolve().parent.parent
THREE = ROOT / "examples" / "three-variants.gpubuild"


def test_an_unnamed_build_is_called_after_its_cards() -> None:
    study = load_document(THREE).study
    unnamed = replace(study, name="")
    assert study_title(unnamed) == "4× GeForce RTX 4090"
    assert study_title(replace(unnamed, variants=(replace(study.variants[0], slots=()),))) == ""
    assert study_title(Study()) == ""


def _text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler's pdftotext")
def test_a_long_name_with_four_variants_prints_on_two_pages(tmp_path: Path) -> None:
    from planner.report import write_pdf

    study = load_document(THREE).study
    fourth = replace(study.variants[0], name="4× RTX 4090 again")
    name = ("Lab GPU purchase for the 2027 budget round, comparing four candidate builds for "
            "fine-tuning and serving Llama 3 models in the department's server room, with "
            "renting in the cloud as the fallback when none fits")[:200]
    assert len(name) == 200
    long = replace(study, name=name, variants=(*study.variants, fourth))
    pdf = tmp_path / "long.pdf"
    pages = write_pdf(long, pdf)
    assert pages == 2
    text = _text(pdf)
    # The title starts the sheet; each page's last line ends with its own page number, the
    # (elided) name before it.
    assert " ".join(text.split()).startswith("Lab GPU purchase for the 2027 budget round")
    for number, page in enumerate(text.split("\f")[:2], start=1):
        last = [line for line in page.splitlines() if line.strip()][-1]
        assert last.replace(" ", "").endswith(f"{number}/2"), last
        assert "…" in last and "GPU Build Planner" in last


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler's pdftotext")
def test_an_unnamed_build_prints_its_cards_as_title(tmp_path: Path) -> None:
    from planner.report import write_pdf

    study = replace(load_document(THREE).study, name="")
    pdf = tmp_path / "unnamed.pdf"
    write_pdf(study, pdf)
    first = next(line for line in _text(pdf).splitlines() if line.strip())
    assert first.strip() == "4× GeForce RTX 4090"
