"""Renting instead of buying, like for like: the same GPU model, at least as many of it.

Every surface that sets a build against renting (the energy panel's break-even, the variants
compared side by side, the printed sheet, ``gpu-planner show``) asks :func:`rental_offer`, so
they rent the same offer in the same number and cost it for the same hours. A build of one GPU
model rents that model: per-GPU offers times its count, or whole machines of it — the offer
that rents exactly the build's count if one exists, else the smallest that holds at least that
many; among those, an offer priced in the build's own currency (a CNY build rents from a CNY
price list when one rents like for like), then the cheapest by the hour. A price list in a local
currency is that market's: a USD build never rents a Chinese provider's yuan offer.

Only on-demand offers are rented unless the user asks for the others (``any_kind``):
an interruptible (spot, bid) machine can be taken away mid-run, a marketplace host is a third
party's machine of varying quality and price, a reserved price needs a commitment — none is
what a buyer weighing a purchase would pay for dependable hours, and the issue that asked for
this (29) found a marketplace floor quietly tripling the 8× H100 break-even. The study's chosen
instance is used, whatever its kind, when it rents the build's model; one of another model is
not a like-for-like rental and is set aside (the comparison may still show it as a column of its
own). Pure Python; no Qt, no database.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from planner.core.costs.money import Rates
from planner.core.records.specs import CloudInstance, GpuSpec

ON_DEMAND, INTERRUPTIBLE, MARKETPLACE, RESERVED = (
    "on-demand", "interruptible", "marketplace", "reserved")
#: The kinds of offer, the dependable one first (data/cloud.toml's ``kind``).
KINDS = (ON_DEMAND, INTERRUPTIBLE, MARKETPLACE, RESERVED)
#: The kind an offer that states none has, from its ``pricing`` (a catalog seeded before offers
#: stated their kind, or a record added without one).
PRICING_KINDS = {"on-demand": ON_DEMAND, "spot": INTERRUPTIBLE, "community": MARKETPLACE,
                 "reserved": RESERVED, "reserved-1y": RESERVED, "reserved-3y": RESERVED}


#: The currency of the price lists rented worldwide (every other one is its own market's).
GLOBAL_CURRENCY = "USD"


def offer_kind(inst: CloudInstance) -> str:
    """The offer's kind: as stated, else what its pricing says ("" when neither is known)."""
    return inst.kind or PRICING_KINDS.get(inst.pricing, "")


@dataclass(frozen=True, slots=True)
class RentalOffer:
    """An offer rented for a build: ``units`` machines (or GPUs of a per-GPU offer).

    ``gpus`` is how many GPUs that rents (at least the build's count); ``per_hour`` and
    ``per_year`` are in ``currency`` for the build's hours; ``chosen`` is True when it is the
    instance the study names, ``chosen_set_aside`` when the study names one of another model.
    """

    instance: CloudInstance
    units: int
    gpus: int
    per_hour: float
    per_year: float
    currency: str
    chosen: bool = False
    chosen_set_aside: bool = False

    @property
    def kind(self) -> str:
        """On-demand, interruptible, marketplace or reserved (see :func:`offer_kind`)."""
        return offer_kind(self.instance)


def units_for(inst: CloudInstance, gpus: int) -> int:
    """How many units of an offer cover ``gpus``: GPUs of a per-GPU offer, else machines."""
    return gpus if inst.per_gpu else math.ceil(gpus / inst.gpu_count)


def gpus_rented(inst: CloudInstance, units: int) -> int:
    """GPUs in ``units`` of an offer."""
    return units if inst.per_gpu else units * inst.gpu_count


def _model(cards: Sequence[tuple[GpuSpec, int]]) -> tuple[str, int] | None:
    """The one GPU model of a build and its count (None: mixed or empty)."""
    models = {g.id for g, n in cards if n > 0}
    count = sum(n for _g, n in cards)
    return (next(iter(models)), count) if len(models) == 1 and count > 0 else None


def kinds_left_out(cards: Sequence[tuple[GpuSpec, int]],
                   offers: Sequence[CloudInstance]) -> tuple[str, ...]:
    """The kinds of the build's model's offers that only ``any_kind`` rents, dependable first.

    What a surface names when there is no on-demand rental ("2 marketplace offers are left
    out"), so that "no rental" never reads as "this GPU cannot be rented".
    """
    found = _model(cards)
    if found is None:
        return ()
    kinds = {offer_kind(c) for c in offers if c.gpu_id == found[0]} - {ON_DEMAND}
    return tuple(k for k in (*KINDS, "") if k in kinds)


def rental_offer(cards: Sequence[tuple[GpuSpec, int]], offers: Sequence[CloudInstance],
                 rates: Rates, currency: str, hours_per_year: float,
                 chosen_id: str | None = None, any_kind: bool = False) -> RentalOffer | None:
    """The like-for-like rental of ``(card, count)`` pairs, or None (a mixed build has none).

    ``hours_per_year`` are the hours the build runs (hours a day × days a year); ``any_kind``
    lets interruptible, marketplace and reserved offers compete with on-demand ones.
    """
    found = _model(cards)
    if found is None:
        return None
    model, count = found
    chosen = next((c for c in offers if chosen_id and c.id == chosen_id), None)
    set_aside = chosen is not None and chosen.gpu_id != model
    # A price list in a local currency is that market's (AutoDL and 恒源云 rent to Chinese
    # accounts, in yuan): only a build in that currency rents from it. Dollar price lists are
    # rented worldwide; a build in another currency sees them converted.
    same = [c for c in offers if c.gpu_id == model and c.currency in (GLOBAL_CURRENCY, currency)
            and (any_kind or offer_kind(c) == ON_DEMAND or c is chosen)]

    def hourly(c: CloudInstance) -> float:
        return units_for(c, count) * rates.convert(c.price_per_hour, c.currency, currency)

    if chosen is not None and not set_aside:
        best = chosen
    elif not same:
        return None
    else:
        best = min(same, key=lambda c: (gpus_rented(c, units_for(c, count)),
                                        c.currency != currency, hourly(c), c.id))
    units = units_for(best, count)
    per_hour = hourly(best)
    return RentalOffer(best, units, gpus_rented(best, units), per_hour,
                       per_hour * hours_per_year, currency, best is chosen, set_aside)
