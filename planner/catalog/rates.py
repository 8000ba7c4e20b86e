"""Default exchange rates from ``data/currency.toml`` (dated CFETS central parity, with history)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from planner.core.costs.money import Rates
from planner.paths import bundled_data_dir


def load_rates(data_dir: Path | None = None) -> Rates:
    """Read the bundled default rates; the user may override them in Preferences.

    Checked by the same schema as the rest of ``data/``; a bad file raises
    :class:`~planner.catalog.datafiles.DataFileError` with one sentence. The loader (and the
    schema under it) is imported here, when rates are first needed, not with this module: the
    window imports the formatter before anything has a price to convert.
    """
    from planner.catalog.datafiles import read_rates

    return read_rates(data_dir or bundled_data_dir())


@cache
def bundled_rates() -> Rates:
    """The bundled rates, read once per process: the one loader for the UI, sheet and CLI.

    Read from the file the program's build wrote with the same loader (see
    :mod:`planner.catalog.prebuilt`) when there is a current one: then neither pydantic nor the
    schema is imported for them.
    """
    from planner.catalog.prebuilt import built_rates

    return built_rates(bundled_data_dir()) or load_rates()
