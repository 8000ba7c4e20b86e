"""Default exchange rates from ``data/currency.toml`` (a dated CFETS central parity)."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from planner.core.money import Rates
from planner.paths import bundled_data_dir

CURRENCY_FILE = "currency.toml"


def load_rates(data_dir: Path | None = None) -> Rates:
    """Read the bundled default rates; the user may override them in Preferences."""
    path = (data_dir or bundled_data_dir()) / CURRENCY_FILE
    with path.open("rb") as fh:
        table = tomllib.load(fh)["rates"]
    sources = table.get("sources") or [""]
    return Rates(cny_per_usd=float(table["cny_per_usd"]), cny_per_eur=float(table["cny_per_eur"]),
                 as_of=str(table.get("as_of", "")), source=str(sources[0]))


@cache
def bundled_rates() -> Rates:
    """The bundled rates, read once per process: the one loader for the UI, sheet and CLI."""
    return load_rates()
