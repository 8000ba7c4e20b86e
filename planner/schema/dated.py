"""The dated records: prices, tariffs, cloud offers and exchange rates (with their history).

Each carries ``as_of`` and, when older than 18 months, ``kept_because`` (the staleness rule in
docs/data-format.md); older readings of a cloud offer or of the rates live in ``history``.
"""

from __future__ import annotations

import itertools
from typing import Annotated, Any

from pydantic import ValidationInfo, model_validator

from planner.core.costs.money import CURRENCIES, Rates
from planner.core.records.specs import CloudInstance, CloudReading, Price, Tariff, TariffTier
from planner.schema.base import Record, fmt, id_text, notes_text, record_problem
from planner.schema.fields import (
    CURRENCY_PATTERN,
    ID_PATTERN,
    Date,
    Flag,
    Nested,
    Num,
    Range,
    Text,
    Texts,
)

PRICE_KINDS = ("msrp", "list", "street", "estimate", "used")
REGION_PATTERN = r"[A-Z]{2}|global"
_KEPT = "Reason a stale figure is kept"


class PriceRecord(Record):
    """One dated price of a card (see :class:`planner.core.records.specs.Price` for the kinds)."""

    core = Price

    amount: Annotated[float, Num("Price", low=0, high=1e12, catalog=Range(above=0))]
    currency: Annotated[str, Text("Price currency", pattern=CURRENCY_PATTERN,
                                  catalog_choices=CURRENCIES, choices=CURRENCIES)]
    as_of: Annotated[str, Date("Price date")]
    kind: Annotated[str, Text("Price kind", choices=PRICE_KINDS)] = "street"
    region: Annotated[str, Text("Price region", pattern=REGION_PATTERN)] = "global"
    source: Annotated[str, Text("Price source", "source")]
    note: Annotated[str, Text("Price note", "text", allow_empty=True)] = ""
    kept_because: Annotated[str, Text(_KEPT, "source", allow_empty=True)] = ""


class PriceFileRecord(PriceRecord):
    """A price in ``data/prices.toml``, naming its card."""

    gpu_id: Annotated[str, Text("Price GPU", "id", pattern=ID_PATTERN)]


class TierRecord(Record):
    """One step of a tiered tariff (the last one open-ended)."""

    core = TariffTier

    up_to_kwh: Annotated[float | None, Num("Tier limit", above=0, high=1e12)] = None
    price_per_kwh: Annotated[float, Num("Tier price", above=0, high=1e6)]


TIERS_SHAPE = "a non-empty list of tables { up_to_kwh, price_per_kwh }"


class TariffRecord(Record):
    """An electricity price, flat (``price_per_kwh``) or tiered (``tiers``), with its date."""

    core = Tariff

    id: Annotated[str, id_text("Tariff id")]
    name: Annotated[str, Text("Tariff name", "name")]
    region: Annotated[str, Text("Tariff region")]
    kind: Annotated[str, Text("Tariff kind", catalog_choices=("residential",
                                                               "commercial"))] = "residential"
    currency: Annotated[str, Text("Tariff currency", pattern=CURRENCY_PATTERN)]
    as_of: Annotated[str, Date("Tariff date")]
    price_per_kwh: Annotated[float | None, Num("Electricity price", above=0, high=1e6,
                                               hint="per kWh")] = None
    tiers: Annotated[list[TierRecord] | None, Nested("Tiers", "list")] = None
    sources: Annotated[list[str], Texts("Tariff sources", required=True)]
    notes: Annotated[str, notes_text("Tariff notes")] = ""
    kept_because: Annotated[str, Text(_KEPT, "source", allow_empty=True)] = ""

    @model_validator(mode="after")
    def _consistent(self, info: ValidationInfo) -> TariffRecord:
        flat, tiers = self.price_per_kwh, self.tiers
        if tiers is not None and not tiers:
            raise record_problem("tiers", f"has tiers = [], which must be {TIERS_SHAPE}")
        if (flat is None) == (tiers is None):
            raise record_problem("price_per_kwh", "must have exactly one of price_per_kwh "
                                 "(flat) and tiers")
        last_limit = 0.0
        for n, tier_ in enumerate(tiers or (), start=1):
            key, limit = f"tiers[{n}].up_to_kwh", tier_.up_to_kwh
            if n == len(tiers or ()):
                if limit is not None:
                    raise record_problem(key, f"has a limit on its last tier ({key}); the last "
                                         "tier must be open-ended")
            elif limit is None:
                raise record_problem(key, f"has no up_to_kwh on tier {n}; only the last tier "
                                     "may be open-ended")
            elif limit <= last_limit:
                raise record_problem(key, f"has tier limits that do not increase ({key} = "
                                     f"{fmt(limit)})")
            else:
                last_limit = limit
        return self

    def to_core(self, **overrides: Any) -> Any:
        """The core tariff; a flat price becomes one open-ended tier."""
        tiers = (tuple(t.to_core() for t in self.tiers) if self.tiers is not None
                 else (TariffTier(None, float(self.price_per_kwh or 0)),))
        return super().to_core(tiers=tiers, **overrides)


class CloudReadingRecord(Record):
    """An older hourly price of a cloud offer, kept as history."""

    core = CloudReading

    price_per_hour: Annotated[float, Num("Price per hour", above=0, high=1e6,
                                         hint="per hour, as priced")]
    as_of: Annotated[str, Date("Reading date")]
    source: Annotated[str, Text("Reading source", "source")]


CLOUD_PRICING = ("on-demand", "spot", "reserved", "reserved-1y", "reserved-3y", "community")
#: What renting an offer means (core's ``planner.core.costs.rental.KINDS``): on-demand hours
#: from the provider's own machines, interruptible (spot, bid) hours that can be taken back,
#: a marketplace of third parties' machines, or a reserved price that needs a commitment.
CLOUD_KINDS = ("on-demand", "interruptible", "marketplace", "reserved")
#: The kinds a pricing can be: community hosts are a marketplace (some let a bid interrupt).
_PRICING_KINDS = {"on-demand": ("on-demand", "marketplace"), "spot": ("interruptible",),
                  "community": ("marketplace", "interruptible"), "reserved": ("reserved",),
                  "reserved-1y": ("reserved",), "reserved-3y": ("reserved",)}


class CloudInstanceRecord(Record):
    """A rentable machine (or per-GPU offer) priced by the hour at a stated date, with history.

    ``per_gpu``: the price is for ONE GPU-hour and 1..``gpu_count`` GPUs can be rented at a time;
    otherwise it is for the whole unit of ``gpu_count`` GPUs.
    """

    core = CloudInstance

    id: Annotated[str, id_text("Instance id")]
    provider: Annotated[str, Text("Provider")]
    name: Annotated[str, Text("Instance name", "name")]
    gpu_id: Annotated[str, Text("Instance GPU", "id", pattern=ID_PATTERN)]
    gpu_count: Annotated[int, Num("GPU count", low=1, high=256, integer=True)]
    per_gpu: Annotated[bool, Flag("Priced per GPU")] = False
    price_per_hour: Annotated[float, Num("Price per hour", above=0, high=1e6,
                                         hint="per hour for the whole instance, or per GPU-hour "
                                              "when per_gpu")]
    currency: Annotated[str, Text("Instance currency", pattern=CURRENCY_PATTERN,
                                  catalog_choices=CURRENCIES)]
    region: Annotated[str, Text("Instance region")]
    pricing: Annotated[str, Text("Pricing", catalog_choices=CLOUD_PRICING)] = "on-demand"
    as_of: Annotated[str, Date("Instance price date")]
    sources: Annotated[list[str], Texts("Instance sources", required=True)]
    notes: Annotated[str, notes_text("Instance notes")] = ""
    kept_because: Annotated[str, Text(_KEPT, "source", allow_empty=True)] = ""
    history: Annotated[list[CloudReadingRecord], Nested("Price history", "list")] = []  # noqa: RUF012
    kind: Annotated[str | None, Text("Offer kind", catalog_choices=CLOUD_KINDS)] = None
    kind_source: Annotated[str, Text("Offer kind evidence", "source", allow_empty=True)] = ""

    @model_validator(mode="after")
    def _kind_is_shown(self, info: ValidationInfo) -> CloudInstanceRecord:
        """A stated kind says what in the source shows it, and agrees with the pricing."""
        if self.kind is None:
            return self
        if not self.kind_source.strip():
            raise record_problem("kind_source", f"states kind = {fmt(self.kind)} but no "
                                 "kind_source: quote what in the source shows it")
        allowed = _PRICING_KINDS.get(self.pricing, CLOUD_KINDS)
        if self.kind not in allowed:
            raise record_problem("kind", f"has kind = {fmt(self.kind)} with pricing = "
                                 f"{fmt(self.pricing)}; that pricing is "
                                 f"{' or '.join(allowed)}")
        return self

    def to_core(self, **overrides: Any) -> Any:
        """The core offer; a kind not stated is "" (core then reads the pricing)."""
        return super().to_core(kind=self.kind or "", **overrides)

    @model_validator(mode="after")
    def _history_is_older(self, info: ValidationInfo) -> CloudInstanceRecord:
        dates = [self.as_of, *(h.as_of for h in self.history)]
        for n, (newer, older) in enumerate(itertools.pairwise(dates), start=1):
            if older > newer:
                raise record_problem(f"history[{n}].as_of", f"has history[{n}].as_of = "
                                     f"{fmt(older)}, which is newer than the reading before it "
                                     f"({fmt(newer)}); history runs newest first")
        return self


class RatesRecord(Record):
    """The newest exchange rates (CNY per unit, as the CFETS central parity is published)."""

    core = Rates

    as_of: Annotated[str, Date("Rates date")]
    sources: Annotated[list[str], Texts("Rates sources", required=True)]
    cny_per_usd: Annotated[float, Num("CNY per USD", above=0, high=1_000)]
    cny_per_eur: Annotated[float, Num("CNY per EUR", above=0, high=1_000)]
    kept_because: Annotated[str, Text(_KEPT, "source", allow_empty=True)] = ""

    def to_core(self, **overrides: Any) -> Any:
        """The core rates (its first source named)."""
        return super().to_core(source=self.sources[0] if self.sources else "", **overrides)


class RateReadingRecord(Record):
    """An older reading of the rates, kept as history."""

    core = Rates

    as_of: Annotated[str, Date("Rates date")]
    cny_per_usd: Annotated[float, Num("CNY per USD", above=0, high=1_000)]
    cny_per_eur: Annotated[float, Num("CNY per EUR", above=0, high=1_000)]
    source: Annotated[str, Text("Rates source", "source")]


class CurrencyFile(Record):
    """``data/currency.toml``: the newest rates and older readings, newest first."""

    rates: Annotated[RatesRecord, Nested("Rates")]
    history: Annotated[list[RateReadingRecord], Nested("Rates history", "list")] = []  # noqa: RUF012

    def to_core(self, **overrides: Any) -> Any:
        """The newest rates, carrying the older readings for conversions at a past date."""
        older = tuple(h.to_core() for h in self.history)
        return self.rates.to_core(history=older, **overrides)
