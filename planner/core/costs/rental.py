"""Renting instead of buying, like for like: the same GPU model, at least as many of it.

Every surface that sets a build against renting (the energy panel's break-even, the variants
compared side by side, the printed sheet, ``gpu-planner show``) asks :func:`rental_offer`, so
they rent the same offer in the same number and cost it for the same hours. A build of one GPU
model rents that model: per-GPU offers times its count, or whole machines of it — the offer
that rents exactly the build's count if one exists, else the smallest that holds at least that
many, the cheapest of those by the hour. The study's chosen instance is used when it rents the
build's model; one of another model is not a like-for-like rental and is set aside (the
comparison may still show it as a column of its own). Pure Python; no Qt, no database.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from planner.core.costs.money import Rates
from planner.core.records.specs import CloudInstance, GpuSpec


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


def units_for(inst: CloudInstance, gpus: int) -> int:
    """How many units of an offer cover ``gpus``: GPUs of a per-GPU offer, else machines."""
    return gpus if inst.per_gpu else math.ceil(gpus / inst.gpu_count)


def gpus_rented(inst: CloudInstance, units: int) -> int:
    """GPUs in ``units`` of an offer."""
    return units if inst.per_gpu else units * inst.gpu_count


def rental_offer(cards: Sequence[tuple[GpuSpec, int]], offers: Sequence[CloudInstance],
                 rates: Rates, currency: str, hours_per_year: float,
                 chosen_id: str | None = None) -> RentalOffer | None:
    """The like-for-like rental of ``(card, count)`` pairs, or None (a mixed build has none).

    ``hours_per_year`` are the hours the build runs (hours a day × days a year).
    """
    models = {g.id for g, n in cards if n > 0}
    count = sum(n for _g, n in cards)
    if len(models) != 1 or count <= 0:
        return None
    model = next(iter(models))
    same = [c for c in offers if c.gpu_id == model]
    chosen = next((c for c in offers if chosen_id and c.id == chosen_id), None)
    set_aside = chosen is not None and chosen.gpu_id != model
    if not same:
        return None

    def hourly(c: CloudInstance) -> float:
        return units_for(c, count) * rates.convert(c.price_per_hour, c.currency, currency)

    if chosen is not None and not set_aside:
        best = chosen
    else:
        fewest = min(gpus_rented(c, units_for(c, count)) for c in same)
        best = min((c for c in same if gpus_rented(c, units_for(c, count)) == fewest),
                   key=lambda c: (hourly(c), c.id))
    units = units_for(best, count)
    per_hour = hourly(best)
    return RentalOffer(best, units, gpus_rented(best, units), per_hour,
                       per_hour * hours_per_year, currency, best is chosen, set_aside)
