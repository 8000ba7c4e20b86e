"""The sheet's typeface: the platform's Simplified Chinese font, made searchable, ligatures off.

One face sets the whole sheet (Latin, digits and CJK alike), so the two scripts share metrics and
a PDF embeds one font per weight. It is the first of these the machine has (docs/fonts.md says
why each):

- Linux: Noto Sans CJK SC (Debian/Ubuntu ``fonts-noto-cjk``, Fedora ``google-noto-sans-cjk``),
  else WenQuanYi Micro Hei / Zen Hei, else Droid Sans Fallback;
- Windows: Microsoft YaHei (``msyh.ttc`` / ``msyhbd.ttc``, on every Windows since Vista), else
  DengXian (``Deng.ttf`` / ``Dengb.ttf``, Windows 10), else SimSun (``simsun.ttc``);
- macOS: PingFang SC (``PingFang.ttc``, in /System/Library/Fonts or, since macOS 13, as a
  downloaded font asset under /System/Library/AssetsV2), else Hiragino Sans GB.

The file is not used as it is: :func:`planner.report.sfnt.searchable_font` makes a copy whose
radicals no longer share the ideographs' glyphs (so "工" copies out of the PDF as "工", not the
Kangxi radical "⼯") and registers it with Qt under its own family name. Latin ligatures are
switched off in every font the sheet uses (:func:`sheet_font`), so "Diffusion" is not written
with an "ﬀ" glyph that copies out as U+FB00. Without any CJK font, the sheet falls back to the
application font and Chinese text prints with whatever Qt substitutes; on Windows and macOS
without the platform's font that can be empty boxes, which ``gpu-planner --self-test`` catches
(it reads the PDF back with :mod:`planner.report.pdf_check`). :func:`sheet_font_source` says
which file the sheet is set in.
"""

from __future__ import annotations

import logging
import sys
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QByteArray, QStandardPaths
from PySide6.QtGui import QFont, QFontDatabase

from planner.report.sfnt import FontFileError, searchable_font

log = logging.getLogger(__name__)

FAMILY = "GPU Planner Sheet"
"""The family name the searchable copy is registered under (never a system family's)."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """A font file pair and the face to take from each: (file, family, style)."""

    regular: tuple[str, str, str]
    bold: tuple[str, str, str]


CANDIDATES = (
    Candidate(("NotoSansCJK-Regular.ttc", "Noto Sans CJK SC", "Regular"),
              ("NotoSansCJK-Bold.ttc", "Noto Sans CJK SC", "Bold")),
    Candidate(("NotoSansCJKsc-Regular.otf", "Noto Sans CJK SC", "Regular"),
              ("NotoSansCJKsc-Bold.otf", "Noto Sans CJK SC", "Bold")),
    Candidate(("msyh.ttc", "Microsoft YaHei", "Regular"),
              ("msyhbd.ttc", "Microsoft YaHei", "Bold")),
    Candidate(("Deng.ttf", "DengXian", "Regular"),
              ("Dengb.ttf", "DengXian", "Bold")),
    Candidate(("simsun.ttc", "SimSun", "Regular"),
              ("simsun.ttc", "SimSun", "Regular")),
    Candidate(("PingFang.ttc", "PingFang SC", "Regular"),
              ("PingFang.ttc", "PingFang SC", "Semibold")),
    Candidate(("Hiragino Sans GB.ttc", "Hiragino Sans GB", "W3"),
              ("Hiragino Sans GB.ttc", "Hiragino Sans GB", "W6")),
    Candidate(("wqy-microhei.ttc", "WenQuanYi Micro Hei", "Regular"),
              ("wqy-microhei.ttc", "WenQuanYi Micro Hei", "Regular")),
    Candidate(("wqy-zenhei.ttc", "WenQuanYi Zen Hei", "Regular"),
              ("wqy-zenhei.ttc", "WenQuanYi Zen Hei", "Regular")),
    Candidate(("DroidSansFallbackFull.ttf", "Droid Sans Fallback", "Regular"),
              ("DroidSansFallbackFull.ttf", "Droid Sans Fallback", "Regular")),
)

_registered: list[str] = []
_source: list[str] = []


def font_folders() -> list[Path]:
    """Where fonts live on this platform (the user's first), as Qt and the OS name them."""
    folders = [Path(p) for p in QStandardPaths.standardLocations(
        QStandardPaths.StandardLocation.FontsLocation)]
    if sys.platform == "darwin":
        folders += [Path("/System/Library/Fonts"), Path("/System/Library/Fonts/Supplemental"),
                    Path("/Library/Fonts")]
        # Fonts macOS downloads on first use (PingFang since macOS 13) live in asset folders.
        assets = Path("/System/Library/AssetsV2")
        if assets.is_dir():
            folders += sorted(p for p in assets.glob("com_apple_MobileAsset_Font*/*/AssetData"))
    elif sys.platform.startswith("win"):
        import os

        folders.append(Path(os.environ.get("WINDIR", r"C:\Windows")) / "Fonts")
    else:
        folders += [Path("/usr/share/fonts"), Path("/usr/local/share/fonts")]
    seen: list[Path] = []
    for folder in folders:
        if folder.is_dir() and folder not in seen:
            seen.append(folder)
    return seen


def find_file(name: str, folders: list[Path]) -> Path | None:
    """A font file by name in the folders (Linux keeps fonts in subfolders: searched too)."""
    for folder in folders:
        direct = folder / name
        if direct.is_file():
            return direct
    for folder in folders:
        if sys.platform.startswith(("win", "darwin")):
            continue
        found = next(folder.rglob(name), None)
        if found is not None:
            return found
    return None


def _register(path: Path, family: str, style: str) -> bool:
    data, dropped = searchable_font(path.read_bytes(), FAMILY, "Bold" if style in (
        "Bold", "Semibold", "W6") else "Regular", wanted=((family, style),))
    font_id = QFontDatabase.addApplicationFontFromData(QByteArray(data))
    if font_id < 0:
        log.warning("Qt could not load the sheet font made from %s", path)
        return False
    log.debug("sheet font from %s (%s %s): %d radicals unshared", path, family, style,
              len(dropped))
    return True


def sheet_family() -> str:
    """The family the sheet is set in: the searchable CJK copy, made once per process.

    The application's default family when no CJK font is found (the sheet still prints; its
    Chinese text may then copy out as radicals).
    """
    if _registered:
        return _registered[0]
    family = QFont().defaultFamily()
    folders = font_folders()
    for candidate in CANDIDATES:
        regular = find_file(candidate.regular[0], folders)
        if regular is None:
            continue
        try:
            if not _register(regular, *candidate.regular[1:]):
                continue
            bold = find_file(candidate.bold[0], folders)
            if bold is not None and candidate.bold != candidate.regular:
                _register(bold, *candidate.bold[1:])
        except (OSError, FontFileError) as exc:
            log.warning("cannot use %s for the sheet: %s", regular, exc)
            continue
        family = FAMILY
        _source.append(f"{candidate.regular[1]} ({regular.name})")
        break
    else:
        log.warning("no Chinese font found for the sheet; using %s", family)
        _source.append(f"{family} (no Chinese font found)")
    _registered.append(family)
    return family


def sheet_font_source() -> str:
    """Which face the sheet is set in and from which file, for the self-test's line."""
    sheet_family()
    return _source[0]


def sheet_font(point_size: float, bold: bool = False) -> QFont:
    """The sheet's font at a size, with the substitutions that break copying switched off.

    A glyph that a substitution puts in (a ligature, or Noto Sans CJK's localized digits) has
    no character of its own, so the PDF's text layer cannot name it: "Diffusion" copies out as
    "Diﬀusion", "4090" as nothing at all. Ligatures and ``locl`` are off; the face chosen for
    Simplified Chinese already maps every character to its Simplified Chinese form.
    """
    font = QFont(sheet_family())
    font.setPointSizeF(point_size)
    font.setBold(bold)
    font.setKerning(True)
    for tag in ("liga", "clig", "dlig", "hlig", "locl"):
        font.setFeature(QFont.Tag(tag), 0)
    return font
