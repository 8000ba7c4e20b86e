"""Read ``data/api_prices.toml``: the dated API prices a served build is set against.

The file is small and read directly (not seeded into the user's catalog): the serving panel, the
CLI and the sheet ask :func:`load_api_prices`, which refuses a bad record with the same sentences
the catalog's loader words (:mod:`planner.catalog.datafiles`).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from planner.catalog.datafiles import _Loader
from planner.catalog.version import DataFileError
from planner.core.records.api_prices import ApiPrice
from planner.paths import bundled_data_dir
from planner.schema.api_prices import ApiPriceRecord

API_PRICES_FILE = "api_prices.toml"


def check_api_prices(data_dir: Path) -> list[DataFileError]:
    """Every problem in the folder's API price file (empty when it reads cleanly)."""
    loader = _Loader(data_dir)
    loader.unique(loader.records(data_dir / API_PRICES_FILE, "api", "API price",
                                 ApiPriceRecord), "API price")
    return loader.errors


def read_api_prices(data_dir: Path, required: bool = True) -> tuple[ApiPrice, ...]:
    """The folder's API prices; raise the first problem (with the others attached).

    Without ``required`` a folder with no price file has no prices (a checkout older than the
    file): nothing is compared rather than everything refused.
    """
    loader = _Loader(data_dir)
    items = loader.unique(loader.records(data_dir / API_PRICES_FILE, "api", "API price",
                                         ApiPriceRecord, required=required), "API price")
    if loader.errors:
        first = loader.errors[0]
        first.others = loader.errors[1:]
        raise first
    return tuple(r.to_core() for _, r in items)


@cache
def load_api_prices() -> tuple[ApiPrice, ...]:
    """The bundled starter list (read once; none when the bundle has no price file)."""
    return read_api_prices(bundled_data_dir(), required=False)
