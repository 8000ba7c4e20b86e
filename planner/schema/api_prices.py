"""The schema of ``data/api_prices.toml``: what an API charges per million tokens, dated.

Checked like every catalog record (``planner.catalog.api_prices`` reads the file through it), so a
price without a date, a source or a known currency stops the build with one sentence naming the
record and the field.
"""

from __future__ import annotations

from typing import Annotated

from planner.core.costs.money import CURRENCIES
from planner.core.records.api_prices import ApiPrice
from planner.schema.base import Record, id_text, notes_text
from planner.schema.fields import CURRENCY_PATTERN, Date, Num, Text

_KEPT = "Reason a stale figure is kept"


class ApiPriceRecord(Record):
    """One API's price per million input and output tokens on a date."""

    core = ApiPrice

    id: Annotated[str, id_text("API price id")]
    provider: Annotated[str, Text("API provider")]
    model: Annotated[str, Text("API model", "name")]
    input_per_million: Annotated[float, Num("Input price per million tokens", low=0, high=10_000,
                                            hint="per million input tokens")]
    output_per_million: Annotated[float, Num("Output price per million tokens", above=0,
                                             high=10_000, hint="per million output tokens")]
    currency: Annotated[str, Text("API price currency", pattern=CURRENCY_PATTERN,
                                  catalog_choices=CURRENCIES)]
    as_of: Annotated[str, Date("API price date")]
    source: Annotated[str, Text("API price source", "source")]
    note: Annotated[str, notes_text("API price note")] = ""
    kept_because: Annotated[str, Text(_KEPT, "source", allow_empty=True)] = ""
