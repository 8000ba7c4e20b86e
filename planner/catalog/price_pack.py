"""A price pack: dated ``[[price]]`` records with a checksummed header, read from a file or a URL.

A release's prices freeze with it; a pack brings newer readings into the user's catalog without
a new release (``gpu-planner prices update``, Tools ▸ Update Prices…). It is ``data/prices.toml``'s
own schema behind a ``[pack]`` table (docs/data-format.md)::

    [pack]
    format = 1
    name = "GPU Build Planner prices"
    as_of = "2026-12-03"
    catalog_version = "2026.12.03-5"
    readings = 152
    sha256 = "…"          # over the canonical readings (:func:`canonical_sha256`)

    [[price]]
    gpu_id = "nvidia-rtx-4090"
    …

Everything is read into memory and checked before anything is applied: a pack cut short, damaged,
altered, malformed or of a newer format is refused with one sentence (:class:`PackError`), and the
catalog is left as it was. ``tools/make_price_pack.py`` builds the pack from ``data/``
(:func:`pack_text`), so a release of prices is reproducible. No Qt.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import http.client
import json
import tomllib
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from planner.core.records.specs import Price

PACK_FORMAT = 1
"""The newest pack format this version reads; a pack of a higher one is refused."""
MAX_PACK_BYTES = 32 * 1024 * 1024
"""The largest pack read (a full catalog's prices are about 100 kB)."""
FETCH_TIMEOUT_S = 30.0
"""How long a server may stay silent before the download is given up."""
URL_SCHEMES = ("http", "https", "file")
_HEADER_KEYS = ("format", "name", "as_of", "catalog_version", "readings", "sha256")
_TOML_KEYS = ("gpu_id", "amount", "currency", "as_of", "kind", "region", "source", "note",
              "kept_because")


class PackError(ValueError):
    """A pack that cannot be read or applied, in one sentence.

    ``code`` names the case and ``values`` what the sentence names (%1, %2 … in its
    translation, :func:`planner.words.price_book.error_sentence`).
    """

    def __init__(self, code: str, message: str, *values: str) -> None:
        super().__init__(message)
        self.code = code
        self.values = values
        self.message = message

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class PricePack:
    """A checked pack: its header and its readings by card id, in the pack's order."""

    name: str
    as_of: str
    catalog_version: str
    sha256: str
    readings: Mapping[str, tuple[Price, ...]]
    source: str = ""

    @property
    def count(self) -> int:
        """How many readings the pack holds."""
        return sum(len(r) for r in self.readings.values())


def canonical_sha256(records: Sequence[Mapping[str, Any]]) -> str:
    """The SHA-256 of the readings as parsed (keys sorted, compact JSON, UTF-8).

    Computed over the values, not the file's text, so comments, spacing and key order may
    change without changing the checksum, and any changed figure changes it.
    """
    text = json.dumps(list(records), sort_keys=True, ensure_ascii=False,
                      separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    return json.dumps(str(value), ensure_ascii=False)  # a JSON string is a TOML basic string


def pack_text(records: Sequence[Mapping[str, Any]], *, name: str, as_of: str,
              catalog_version: str) -> str:
    """A pack file of ``records`` (``[[price]]`` tables as parsed), checksum included.

    The same records always give the same text (a reproducible release).
    """
    header = {"format": PACK_FORMAT, "name": name, "as_of": as_of,
              "catalog_version": catalog_version, "readings": len(records),
              "sha256": canonical_sha256(records)}
    lines = ["# A GPU Build Planner price pack (docs/data-format.md): apply it with",
             "# gpu-planner prices update FILE, or Tools ▸ Update Prices… in the app.", "",
             "[pack]"]
    lines += [f"{key} = {_toml_value(value)}" for key, value in header.items()]
    for record in records:
        lines += ["", "[[price]]"]
        ordered = [k for k in _TOML_KEYS if k in record] + sorted(set(record) - set(_TOML_KEYS))
        lines += [f"{key} = {_toml_value(record[key])}" for key in ordered]
    return "\n".join(lines) + "\n"


def _refuse(code: str, message: str, *values: str) -> PackError:
    return PackError(code, message, *values)


def _malformed(detail: str) -> PackError:
    return _refuse("malformed", f"The price pack is malformed ({detail}), so nothing was "
                                "applied.", detail)


def _too_large() -> PackError:
    return _refuse("too_large", f"The file is larger than a price pack can be "
                                f"({MAX_PACK_BYTES // (1024 * 1024)} MB), so it was not read.")


def _header(doc: Mapping[str, Any]) -> dict[str, Any]:
    head = doc.get("pack")
    if not isinstance(head, dict):
        raise _refuse("not_a_pack", "The file is not a price pack: it has no [pack] table "
                                    "(packs are built by tools/make_price_pack.py).")
    fmt = head.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
        raise _malformed("its [pack] table needs format = 1, a whole number")
    if fmt > PACK_FORMAT:
        raise _refuse("newer", f"The price pack is of format {fmt}, newer than this version of "
                               f"GPU Build Planner reads ({PACK_FORMAT}); update the app to "
                               "apply it.", str(fmt))
    for key in _HEADER_KEYS:
        if key not in head:
            raise _malformed(f"its [pack] table has no '{key}'")
    other = sorted((set(head) - set(_HEADER_KEYS)) | (set(doc) - {"pack", "price"}))
    if other:
        raise _malformed(f"it has an unknown key '{other[0]}'")
    try:
        dt.date.fromisoformat(str(head["as_of"]))
    except ValueError:
        raise _malformed("its as_of is not a date, YYYY-MM-DD") from None
    if not isinstance(head["readings"], int) or not isinstance(head["sha256"], str):
        raise _malformed("readings must be a whole number and sha256 a text")
    return head


def parse_pack(data: bytes, source: str = "") -> PricePack:
    """Check a pack's bytes and return it; raise :class:`PackError` with one sentence."""
    if len(data) > MAX_PACK_BYTES:
        raise _too_large()
    try:
        doc = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        raise _refuse("damaged", "The price pack is damaged or cut short (it is not readable "
                                 "TOML), so nothing was applied; download it again.") from None
    head = _header(doc)
    items = doc.get("price", [])
    if not isinstance(items, list):
        raise _malformed("its readings must be [[price]] tables")
    if len(items) != head["readings"]:
        raise _refuse("truncated", f"The price pack is incomplete: its header counts "
                                   f"{head['readings']} readings but it holds {len(items)}, so "
                                   "nothing was applied; download it again.",
                      str(head["readings"]), str(len(items)))
    if canonical_sha256(items) != head["sha256"].strip().lower():
        raise _refuse("checksum", "The price pack's checksum does not match its readings: it "
                                  "was changed or damaged after it was built, so nothing was "
                                  "applied; download it again.")
    from planner.catalog.datafiles import check_items
    from planner.schema.dated import PriceFileRecord

    checked, errors = check_items(items, "", "price", PriceFileRecord)
    if errors:
        raise _malformed(errors[0].message.rstrip("."))
    readings: dict[str, list[Price]] = {}
    for record in checked:
        readings.setdefault(record.gpu_id, []).append(record.to_core())
    return PricePack(str(head["name"]), str(head["as_of"]), str(head["catalog_version"]),
                     head["sha256"].strip().lower(),
                     {k: tuple(v) for k, v in readings.items()}, source)


class _SameSchemeRedirects(urllib.request.HTTPRedirectHandler):
    """Follow a redirect only to another http(s) address (never to ftp: or file:)."""

    def redirect_request(self, req: Any, fp: Any, code: int, msg: str, headers: Any,
                         newurl: str) -> Any:
        if urlsplit(newurl).scheme.lower() not in ("http", "https"):
            raise _refuse("redirect", f"The server sent the download on to {newurl}, which is "
                                    "not an http or https address, so it was not followed.",
                          newurl)
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def is_url(source: str) -> bool:
    """Whether ``source`` is written as an address (``scheme://…``) rather than a file name."""
    return "://" in source


def _read_body(response: Any) -> bytes:
    """The whole body, or a refusal when it is too large or shorter than the server said.

    ``read(n)`` returns what arrived when the server closes early, without complaint, so the
    length is checked here against ``Content-Length``.
    """
    chunks: list[bytes] = []
    size = 0
    while chunk := response.read(64 * 1024):
        chunks.append(chunk)
        size += len(chunk)
        if size > MAX_PACK_BYTES:
            raise _too_large()
    declared = response.headers.get("Content-Length")
    if declared is not None and declared.strip().isdigit() and int(declared) != size:
        raise _refuse("cut", f"The connection closed after {size:,} of {int(declared):,} bytes "
                             "of the price pack, so nothing was applied; try again.")
    return b"".join(chunks)


def _download(url: str, timeout: float) -> bytes:
    opener = urllib.request.build_opener(_SameSchemeRedirects)
    try:
        with opener.open(url, timeout=timeout) as response:
            return _read_body(response)
    except PackError:
        raise
    except urllib.error.HTTPError as exc:
        exc.close()  # it holds the server's answer (and its socket) open
        raise _refuse("http", f"The price pack could not be downloaded: the server answered "
                              f"{exc.code} {exc.reason}.", f"{exc.code} {exc.reason}") from None
    except (TimeoutError, urllib.error.URLError) as exc:
        reason = getattr(exc, "reason", exc)
        if isinstance(reason, TimeoutError):
            raise _refuse("timeout", f"The server did not answer within {timeout:g} s, so "
                                     "nothing was applied; try again later.",
                          f"{timeout:g}") from None
        text = reason if isinstance(reason, str) else (
            getattr(reason, "strerror", None) or str(reason))
        raise _refuse("unreachable", f"The price pack could not be downloaded ({text}).",
                      str(text)) from None
    except (http.client.HTTPException, OSError) as exc:
        raise _refuse("cut", f"The connection broke off while the price pack was downloading "
                             f"({exc.__class__.__name__}), so nothing was applied; try "
                             "again.") from None


def fetch(source: str, timeout: float = FETCH_TIMEOUT_S) -> bytes:
    """A pack's bytes from a file name or an http, https or file address (nothing else)."""
    if is_url(source):
        scheme = urlsplit(source).scheme.lower()
        if scheme not in URL_SCHEMES:
            raise _refuse("scheme", f"'{scheme}' addresses are not read; give a file name or an "
                                    "http, https or file address.", scheme)
        return _download(source, timeout)
    path = Path(source).expanduser()
    try:
        if path.stat().st_size > MAX_PACK_BYTES:
            raise _too_large()
        return path.read_bytes()
    except FileNotFoundError:
        raise _refuse("no_file", f"There is no file '{source}'; check its name and folder.",
                      source) from None
    except OSError as exc:
        raise _refuse("unreadable", f"The file '{source}' could not be read "
                                    f"({exc.strerror or exc}).", source) from None


def read_pack(source: str, timeout: float = FETCH_TIMEOUT_S) -> PricePack:
    """Fetch and check a pack; raise :class:`PackError` with one sentence."""
    return parse_pack(fetch(source, timeout), source)


def build_pack_text(data_dir: Path, *, name: str | None = None, as_of: str | None = None) -> str:
    """The pack of a data folder's ``prices.toml``, once the whole folder loads cleanly.

    ``as_of`` defaults to the newest reading's date and ``name`` names the catalog version, so
    the same folder always gives the same file (``tools/make_price_pack.py``).
    """
    from planner.catalog.datafiles import PRICES_FILE, load_catalog

    version = load_catalog(data_dir).version  # raises DataFileError with one sentence
    with (data_dir / PRICES_FILE).open("rb") as fh:
        records = tomllib.load(fh).get("price", [])
    newest = max((str(r["as_of"]) for r in records), default=dt.date.today().isoformat())
    return pack_text(records, name=name or f"GPU Build Planner prices {version}",
                     as_of=as_of or newest, catalog_version=version)
