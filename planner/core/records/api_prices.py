"""What an API charges per million tokens: the price a served build is set against.

Each price is dated and carries its source (``data/api_prices.toml``, a starter list the user
can edit); a price with no date is worthless, since these move every few months.
Pure Python; no Qt, no database.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ApiPrice:
    """One API's price per million input and output tokens, in ``currency`` on ``as_of``."""

    id: str
    provider: str
    model: str
    input_per_million: float
    output_per_million: float
    currency: str
    as_of: str
    source: str
    note: str = ""
