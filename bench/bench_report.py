"""Time to make the comparison sheet of four variants headless (target: <= 1 s).

Writes the PDF of a study of four variants (examples/three-variants.gpubuild plus a fourth
variant) with QPdfWriter on the offscreen platform, as ``gpu-planner report`` does after the
catalog is open: layout, the vector chart, the font set-up and writing the file. The first run
of a process includes making the searchable CJK font (docs/fonts.md); later runs reuse it.

Run: python bench/bench_report.py [--runs 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtGui import QGuiApplication

from planner.catalog.datafiles import load_catalog
from planner.catalog.rates import load_rates
from planner.core.plan.build import BuildSlot
from planner.core.plan.study import Study, Variant
from planner.documents import load_document
from planner.report import write_pdf

ROOT = Path(__file__).resolve().parent.parent


def four_variants() -> Study:
    """The shipped three-variant example plus 2× A100 80GB PCIe."""
    catalog = load_catalog()
    study = load_document(ROOT / "examples" / "three-variants.gpubuild").study
    a100 = catalog.gpu("nvidia-a100-pcie-80gb")
    assert a100 is not None
    return replace(study, variants=(*study.variants, Variant("2× A100 PCIe",
                                                             (BuildSlot(a100, 2),))))


def main(argv: list[str] | None = None) -> int:
    """Time the sheet and print the first (cold) run and the median of the rest."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    app = QGuiApplication.instance() or QGuiApplication(sys.argv)
    catalog, rates = load_catalog(), load_rates()
    study = four_variants()
    times, pages = [], 0
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "sheet.pdf"
        for _ in range(args.runs):
            start = time.perf_counter()
            pages = write_pdf(study, out, catalog, rates)
            times.append(time.perf_counter() - start)
        info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True).stdout
    result = {"variants": len(study.variants), "pages": pages,
              "first_s": round(times[0], 3),
              "median_later_s": round(statistics.median(times[1:] or times), 3),
              "pdfinfo_pages": next((line.split()[-1] for line in info.splitlines()
                                     if line.startswith("Pages:")), "?")}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"sheet of {result['variants']} variants, {pages} pages: first {times[0]:.3f} s "
              f"(with the font set-up), later median {result['median_later_s']:.3f} s")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
