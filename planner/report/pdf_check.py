"""Read back a sheet PDF that Qt wrote: which fonts it embeds and what text copies out of it.

The self-test needs to know that a sheet is readable, not only that a file was written: on a
machine where no Chinese font was found, Qt draws Chinese as empty boxes (glyph 0) and the PDF
still "works". What a reader sees is what the PDF's text layer says, so this module reads that
layer the way a viewer does: each font's ``/ToUnicode`` map turns the glyph codes of the page's
``Tj``/``TJ`` operators back into characters; a box maps to U+0000 or to nothing.

Only what Qt's PDF engine writes is understood (uncompressed object table, FlateDecode streams,
Type 0 fonts with Identity-H and a ToUnicode CMap): this is not a general PDF reader, and needs
no library beyond the standard one, so the frozen app can run it. Tests cross-check it with
poppler or pypdf.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass

_OBJECT = re.compile(rb"(\d+)\s+0\s+obj\b(.*?)\bendobj", re.S)
_REF = rb"(\d+)\s+0\s+R"
_TOKEN = re.compile(rb"/([A-Za-z0-9_.+-]+)\s+[-\d.]+\s+Tf|<([0-9A-Fa-f\s]*)>\s*Tj|"
                    rb"\[((?:[^\]\\]|\\.)*)\]\s*TJ|\bBT\b")


class PdfCheckError(ValueError):
    """The file is not a PDF this module can read (one sentence says why)."""


@dataclass(frozen=True, slots=True)
class SheetText:
    """What a reader gets from the PDF: the embedded fonts and each page's text."""

    embedded_fonts: tuple[str, ...]
    unembedded_fonts: tuple[str, ...]
    pages: tuple[str, ...]

    @property
    def text(self) -> str:
        """Every page's text, in page order."""
        return "\n".join(self.pages)

    def contains(self, phrase: str) -> bool:
        """Whether the phrase copies out of the PDF, white space ignored.

        Qt places each glyph on its own, so spaces and line breaks are the layout's, not the
        text's.
        """
        squeeze = re.compile(r"\s+")
        return squeeze.sub("", phrase) in squeeze.sub("", self.text)


class _Pdf:
    def __init__(self, data: bytes) -> None:
        if not data.startswith(b"%PDF-"):
            raise PdfCheckError("the file is not a PDF")
        self.objects = {int(n): body for n, body in _OBJECT.findall(data)}
        if not self.objects:
            raise PdfCheckError("the PDF has no objects")

    def dictionary(self, number: int) -> bytes:
        body = self.objects.get(number, b"")
        return bytes(body.split(b"stream", 1)[0])

    def stream(self, number: int) -> bytes:
        body = self.objects.get(number, b"")
        if b"stream" not in body:
            return b""
        head, rest = body.split(b"stream", 1)
        raw = rest.lstrip(b"\r\n").rsplit(b"endstream", 1)[0]
        if b"/FlateDecode" in head:
            try:
                inflated: bytes = zlib.decompressobj().decompress(raw)
                return inflated
            except zlib.error as exc:
                raise PdfCheckError(f"object {number}: its stream does not inflate") from exc
        return bytes(raw)

    def ref(self, number: int, key: bytes) -> int | None:
        found = re.search(rb"/" + key + rb"\s+" + _REF, self.dictionary(number))
        return int(found.group(1)) if found else None


def _cmap(source: bytes) -> dict[int, str]:
    """Glyph code → text from a ToUnicode CMap (bfchar and bfrange, UTF-16BE targets)."""
    def text(hexes: bytes) -> str:
        return bytes.fromhex(hexes.decode()).decode("utf-16-be", "replace")

    mapping: dict[int, str] = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", source, re.S):
        for src, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>", block):
            mapping[int(src, 16)] = text(dst)
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", source, re.S):
        for lo, hi, dst, array in re.findall(
                rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(?:<([0-9A-Fa-f]+)>|\[(.*?)\])",
                block, re.S):
            first, last = int(lo, 16), int(hi, 16)
            if array:
                for offset, item in enumerate(re.findall(rb"<([0-9A-Fa-f]*)>", array)):
                    mapping[first + offset] = text(item)
            else:
                start = int(dst, 16)
                width = len(dst) // 2
                for code in range(first, last + 1):
                    value = (start + code - first).to_bytes(width, "big")
                    mapping[code] = value.decode("utf-16-be", "replace")
    return mapping


def _codes(hexes: bytes) -> list[int]:
    digits = re.sub(rb"\s", b"", hexes)
    return [int(digits[i:i + 4], 16) for i in range(0, len(digits) - 3, 4)]


def read_sheet(data: bytes) -> SheetText:
    """The fonts and text of a PDF written by Qt (QPdfWriter or QPrinter)."""
    pdf = _Pdf(data)
    pages = [n for n, body in sorted(pdf.objects.items())
             if re.search(rb"/Type\s*/Page\b", pdf.dictionary(n))]
    if not pages:
        raise PdfCheckError("the PDF has no pages")
    embedded: set[str] = set()
    unembedded: set[str] = set()
    texts = []
    for page in pages:
        resources = pdf.ref(page, b"Resources")
        fonts: dict[bytes, dict[int, str]] = {}
        if resources is not None:
            font_table = re.search(rb"/Font\s*<<(.*?)>>", pdf.dictionary(resources), re.S)
            for name, number in re.findall(rb"/([A-Za-z0-9_.+-]+)\s+" + _REF,
                                           font_table.group(1) if font_table else b""):
                font = int(number)
                base = re.search(rb"/BaseFont\s*/([^\s/<>\[\]]+)", pdf.dictionary(font))
                label = base.group(1).decode("latin-1") if base else f"font {font}"
                (embedded if _is_embedded(pdf, font) else unembedded).add(label)
                unicode_map = pdf.ref(font, b"ToUnicode")
                fonts[name] = _cmap(pdf.stream(unicode_map)) if unicode_map else {}
        content = pdf.ref(page, b"Contents")
        chars: list[str] = []
        current: dict[int, str] = {}
        for match in _TOKEN.finditer(pdf.stream(content) if content else b""):
            font_name, shown, array = match.group(1), match.group(2), match.group(3)
            if font_name is not None:
                current = fonts.get(font_name, {})
            elif shown is not None:
                chars += [current.get(code, "\0") for code in _codes(shown)]
            elif array is not None:
                for part in re.findall(rb"<([0-9A-Fa-f\s]*)>", array):
                    chars += [current.get(code, "\0") for code in _codes(part)]
            else:
                chars.append(" ")  # a new text object: a word or line apart
        texts.append("".join(chars))
    return SheetText(tuple(sorted(embedded)), tuple(sorted(unembedded - embedded)),
                     tuple(texts))


def _is_embedded(pdf: _Pdf, font: int) -> bool:
    """Whether the font's program is in the file (FontFile, FontFile2 or FontFile3)."""
    candidates = [font]
    descendants = re.search(rb"/DescendantFonts\s*\[\s*" + _REF, pdf.dictionary(font))
    if descendants:
        candidates.append(int(descendants.group(1)))
    for number in candidates:
        descriptor = pdf.ref(number, b"FontDescriptor")
        if descriptor is None:
            continue
        program = re.search(rb"/FontFile[23]?\s+" + _REF, pdf.dictionary(descriptor))
        if program and len(pdf.stream(int(program.group(1)))) > 100:
            return True
    return False
