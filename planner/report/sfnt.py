"""A CJK font whose character map a PDF's text layer can be rebuilt from, made from a system font.

Qt writes each embedded font's ToUnicode map (what copy and search read back) by asking, for
every glyph it drew, which is the *lowest* code point the font maps to that glyph. CJK fonts map
a Kangxi radical (U+2F00–U+2FDF) or a CJK radical supplement (U+2E80–U+2EFF) to the same glyph as
its ideograph, and the radical's code point is the lower one: "工" (U+5DE5) comes back out of the
PDF as "⼯" (U+2F2F), and a Chinese reader's search for the build's name fails.

This module copies one face of a TrueType/OpenType file (or collection) into a standalone font
whose ``cmap`` no longer maps those radicals onto glyphs an ideograph also uses (a radical with
a glyph of its own keeps it), under a family name of our own so it never shadows the system
font. Every other table is copied byte for byte; the outlines are not touched. Pure Python.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable

#: The radical blocks: CJK Radicals Supplement and Kangxi Radicals.
RADICALS = range(0x2E80, 0x2FE0)
#: Tables rewritten here; every other table is copied as it is.
_REWRITTEN = (b"cmap", b"name")


class FontFileError(ValueError):
    """The file is not a font this module can read (no Unicode map, a truncated table …)."""


def _face_offsets(data: bytes) -> list[int]:
    if data[:4] == b"ttcf":
        (count,) = struct.unpack_from(">I", data, 8)
        return list(struct.unpack_from(f">{count}I", data, 12))
    return [0]


def _directory(data: bytes, offset: int) -> tuple[int, dict[bytes, tuple[int, int, int]]]:
    version, count = struct.unpack_from(">IH", data, offset)
    tables: dict[bytes, tuple[int, int, int]] = {}
    for i in range(count):
        tag, checksum, start, length = struct.unpack_from(">4sIII", data, offset + 12 + 16 * i)
        if start + length > len(data):
            raise FontFileError(f"table {tag!r} runs past the end of the file")
        tables[tag] = (checksum, start, length)
    return version, tables


def face_names(data: bytes, tables: dict[bytes, tuple[int, int, int]]) -> dict[int, str]:
    """The face's Windows-platform names by name id (1 family, 2 style, 4 full, 6 PostScript)."""
    if b"name" not in tables:
        return {}
    _c, start, _length = tables[b"name"]
    _fmt, count, strings = struct.unpack_from(">HHH", data, start)
    names: dict[int, str] = {}
    for i in range(count):
        platform, _enc, lang, name_id, length, at = struct.unpack_from(
            ">6H", data, start + 6 + 12 * i)
        if platform == 3 and (name_id not in names or lang == 0x409):
            raw = data[start + strings + at: start + strings + at + length]
            names[name_id] = raw.decode("utf-16-be", "replace")
    return names


def _format12(data: bytes, at: int) -> dict[int, int]:
    (groups,) = struct.unpack_from(">I", data, at + 12)
    mapping: dict[int, int] = {}
    for first, last, glyph in struct.iter_unpack(">III", data[at + 16: at + 16 + 12 * groups]):
        for k in range(last - first + 1):
            mapping[first + k] = glyph + k
    return mapping


def _format4(data: bytes, at: int) -> dict[int, int]:
    (segx2,) = struct.unpack_from(">H", data, at + 6)
    n = segx2 // 2
    ends = struct.unpack_from(f">{n}H", data, at + 14)
    starts = struct.unpack_from(f">{n}H", data, at + 16 + segx2)
    deltas = struct.unpack_from(f">{n}h", data, at + 16 + 2 * segx2)
    range_at = at + 16 + 3 * segx2
    offsets = struct.unpack_from(f">{n}H", data, range_at)
    mapping: dict[int, int] = {}
    for i in range(n):
        for code in range(starts[i], ends[i] + 1):
            if code == 0xFFFF:
                continue
            if offsets[i] == 0:
                glyph = (code + deltas[i]) & 0xFFFF
            else:
                where = range_at + 2 * i + offsets[i] + 2 * (code - starts[i])
                (glyph,) = struct.unpack_from(">H", data, where)
                glyph = (glyph + deltas[i]) & 0xFFFF if glyph else 0
            if glyph:
                mapping[code] = glyph
    return mapping


def unicode_map(data: bytes, tables: dict[bytes, tuple[int, int, int]]) -> dict[int, int]:
    """The face's Unicode character map (format 12 preferred, else format 4)."""
    if b"cmap" not in tables:
        raise FontFileError("the font has no character map")
    _c, start, _length = tables[b"cmap"]
    (count,) = struct.unpack_from(">H", data, start + 2)
    found: dict[int, int] = {}
    for i in range(count):
        platform, encoding, at = struct.unpack_from(">HHI", data, start + 4 + 8 * i)
        if (platform, encoding) not in ((3, 10), (3, 1), (0, 3), (0, 4), (0, 6)):
            continue
        (fmt,) = struct.unpack_from(">H", data, start + at)
        if fmt == 12:
            return _format12(data, start + at)
        if fmt == 4 and not found:
            found = _format4(data, start + at)
    if not found:
        raise FontFileError("the font has no Unicode character map")
    return found


def shared_radicals(mapping: dict[int, int]) -> list[int]:
    """Radical code points whose glyph an ideograph (or any other character) also maps to."""
    others: set[int] = {g for cp, g in mapping.items() if cp not in RADICALS}
    return sorted(cp for cp in RADICALS if mapping.get(cp) in others)


def _cmap_table(mapping: dict[int, int]) -> bytes:
    """A ``cmap`` with one format-12 subtable, under both Unicode encodings."""
    groups: list[list[int]] = []
    for cp in sorted(mapping):
        glyph = mapping[cp]
        if groups and groups[-1][1] == cp - 1 and groups[-1][2] + cp - groups[-1][0] == glyph:
            groups[-1][1] = cp
        else:
            groups.append([cp, cp, glyph])
    body = b"".join(struct.pack(">III", *g) for g in groups)
    subtable = struct.pack(">HHIII", 12, 0, 16 + len(body), 0, len(groups)) + body
    return struct.pack(">HHHHIHHI", 0, 2, 0, 4, 20, 3, 10, 20) + subtable


def _name_table(family: str, style: str) -> bytes:
    records = [(1, family), (2, style), (4, f"{family} {style}"),
               (6, f"{family}-{style}".replace(" ", ""))]
    entries, strings = b"", b""
    for name_id, text in records:
        raw = text.encode("utf-16-be")
        entries += struct.pack(">6H", 3, 1, 0x409, name_id, len(raw), len(strings))
        strings += raw
    return struct.pack(">HHH", 0, len(records), 6 + 12 * len(records)) + entries + strings


def _checksum(table: bytes) -> int:
    padded = table + b"\0" * (-len(table) % 4)
    words: tuple[int, ...] = struct.unpack(f">{len(padded) // 4}I", padded)
    return sum(words) & 0xFFFFFFFF


def choose_face(data: bytes, wanted: Iterable[tuple[str, str]]) -> int:
    """The offset of the first face with a wanted (family, style), else of that family, else 0.

    A collection holds several faces: Noto Sans CJK one per region (SC, TC, JP …), PingFang one
    per weight.
    """
    offsets = _face_offsets(data)
    names = [face_names(data, _directory(data, off)[1]) for off in offsets]
    wanted = list(wanted)
    for family, style in wanted:
        for off, name in zip(offsets, names, strict=True):
            if name.get(1) == family and name.get(2, "Regular") == style:
                return off
    for family, _style in wanted:
        for off, name in zip(offsets, names, strict=True):
            if name.get(1) == family:
                return off
    return offsets[0]


def searchable_font(data: bytes, family: str, style: str = "Regular",
                    wanted: Iterable[tuple[str, str]] = ()) -> tuple[bytes, list[int]]:
    """A standalone font of one face of ``data``, renamed ``family``, radicals unshared.

    Returns the font's bytes and the radical code points it no longer maps.
    """
    try:
        version, tables = _directory(data, choose_face(data, wanted))
        mapping = unicode_map(data, tables)
    except struct.error as exc:
        raise FontFileError(f"the font is truncated ({exc})") from None
    dropped = shared_radicals(mapping)
    for cp in dropped:
        del mapping[cp]
    content = {tag: data[start:start + length] for tag, (_c, start, length) in tables.items()}
    content[b"cmap"] = _cmap_table(mapping)
    content[b"name"] = _name_table(family, style)
    tags = sorted(content)
    count = len(tags)
    power = 1 << (count.bit_length() - 1)
    header = struct.pack(">IHHHH", version, count, power * 16, power.bit_length() - 1,
                         count * 16 - power * 16)
    offset = 12 + 16 * count
    entries, blobs = [], []
    for tag in tags:
        table = content[tag]
        checksum = _checksum(table) if tag in _REWRITTEN else tables[tag][0]
        entries.append(struct.pack(">4sIII", tag, checksum, offset, len(table)))
        padded = table + b"\0" * (-len(table) % 4)
        blobs.append(padded)
        offset += len(padded)
    return header + b"".join(entries) + b"".join(blobs), dropped
