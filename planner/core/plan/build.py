"""A build: GPUs with counts, the workloads the user tracks, and the usage assumptions.

Immutable on purpose: the document swaps whole `Build` values, so an undo command stores the
before and after and can never leave half an edit behind. Pure Python; no Qt, no database.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from planner.core.costs.energy import Usage
from planner.core.costs.money import Rates
from planner.core.costs.prices import (
    DEFAULT_BASIS,
    BuildPrice,
    PickedPrice,
    SlotPrice,
    build_price,
    card_price,
)
from planner.core.estimator.memory import (
    InferenceSetup,
    MemoryEstimate,
    TrainingSetup,
    estimate_inference,
    estimate_training,
)
from planner.core.records.specs import GpuSpec, Workload

MAX_GPU_COUNT = 64
TASKS = ("train", "inference")


@dataclass(frozen=True, slots=True)
class BuildSlot:
    """One GPU model in the build and how many of it.

    ``price`` overrides how these cards are priced (bought used, or a vendor's quote); None:
    the build's price basis.
    """

    gpu: GpuSpec
    count: int = 1
    price: SlotPrice | None = None


@dataclass(frozen=True, slots=True)
class TrackedWorkload:
    """A workload the user watches, with all its settings (both tasks keep theirs).

    ``job`` is the size of the training run the user plans, counted in the unit the workload's
    speed is counted in (tokens for language models, samples otherwise): with it, a build's
    throughput becomes the time the job takes. ``None``: no job stated.
    """

    workload: Workload
    task: str = "train"
    training: TrainingSetup = field(default_factory=TrainingSetup)
    inference: InferenceSetup = field(default_factory=InferenceSetup)
    job: int | None = None


@dataclass(frozen=True, slots=True)
class CostSettings:
    """Money and carbon assumptions that travel with the document."""

    currency: str = "USD"
    tariff_id: str | None = None
    price_per_kwh: float | None = 0.15
    """A typed electricity price, in ``price_per_kwh_currency`` (used without a tariff)."""
    carbon_id: str | None = None
    years: int = 3
    cloud_instance_id: str | None = None
    price_basis: str = DEFAULT_BASIS
    """What a card costs: new, used or launch MSRP (see :mod:`planner.core.costs.prices`)."""
    price_per_kwh_currency: str | None = None
    """The currency the typed electricity price is in (a tariff states its own). Left out, it
    is ``currency`` (set so on creation, so the amount keeps it when ``currency`` changes)."""
    rent_any_kind: bool = False
    """Whether the rental compared may be interruptible, a marketplace host's or reserved (the
    user asked); otherwise only on-demand offers are rented (planner.core.costs.rental)."""

    def __post_init__(self) -> None:
        if self.price_per_kwh_currency is None:
            object.__setattr__(self, "price_per_kwh_currency", self.currency)

    @property
    def kwh_currency(self) -> str:
        """The currency of the typed electricity price."""
        return self.price_per_kwh_currency or self.currency

    def with_currency(self, currency: str, rates: Rates) -> CostSettings:
        """The settings in another currency, the typed electricity price converted to it.

        Converted at the newest reading of ``rates`` (the price is today's), so changing the
        currency never makes electricity cheaper or dearer; a tariff keeps its own currency.
        """
        price = self.price_per_kwh
        if price is not None and self.kwh_currency != currency:
            price = round(rates.convert(price, self.kwh_currency, currency), 3)
        return replace(self, currency=currency, price_per_kwh=price,
                       price_per_kwh_currency=currency)


@dataclass(frozen=True, slots=True)
class Build:
    """The document's content; every panel reads its figures from this one value."""

    name: str = ""
    notes: str = ""
    slots: tuple[BuildSlot, ...] = ()
    workloads: tuple[TrackedWorkload, ...] = ()
    usage: Usage = field(default_factory=Usage)
    cost: CostSettings = field(default_factory=CostSettings)
    display_reserve_bytes: int = 0
    extra: dict[str, str] = field(default_factory=dict, compare=False)

    @property
    def gpu_count(self) -> int:
        """All cards in the build."""
        return sum(s.count for s in self.slots)

    def gpus(self) -> list[GpuSpec]:
        """Every card, repeated by count (the order slots appear)."""
        return [s.gpu for s in self.slots for _ in range(s.count)]

    def with_gpu_added(self, gpu: GpuSpec, count: int = 1) -> Build:
        """Add a card: a new slot, or more of one already there."""
        if count < 1:
            raise ValueError("count must be at least 1")
        for i, slot in enumerate(self.slots):
            if slot.gpu.id == gpu.id:
                new = min(MAX_GPU_COUNT, slot.count + count)
                return self.with_slot(i, replace(slot, count=new))
        return replace(self, slots=(*self.slots, BuildSlot(gpu, min(count, MAX_GPU_COUNT))))

    def with_gpu_spec(self, gpu: GpuSpec) -> Build:
        """Every slot holding a card with ``gpu``'s id now holds ``gpu``'s figures.

        A build keeps a snapshot of each card (so a file means the same on another machine);
        when the user corrects a card in their catalog, the build they are editing should use the
        correction rather than the figures it was built with.
        """
        slots = tuple(replace(s, gpu=gpu) if s.gpu.id == gpu.id else s for s in self.slots)
        return self if slots == self.slots else replace(self, slots=slots)

    def with_slot(self, index: int, slot: BuildSlot) -> Build:
        """Replace one slot."""
        slots = list(self.slots)
        slots[index] = slot
        return replace(self, slots=tuple(slots))

    def with_count(self, index: int, count: int) -> Build:
        """Set a slot's count (1..64)."""
        if not 1 <= count <= MAX_GPU_COUNT:
            raise ValueError(f"count must be 1..{MAX_GPU_COUNT}")
        return self.with_slot(index, replace(self.slots[index], count=count))

    def without_slot(self, index: int) -> Build:
        """Remove a slot."""
        return replace(self, slots=self.slots[:index] + self.slots[index + 1:])

    def with_slot_moved(self, src: int, dst: int) -> Build:
        """Reorder: move slot ``src`` to position ``dst``."""
        slots = list(self.slots)
        slot = slots.pop(src)
        slots.insert(max(0, min(dst, len(slots))), slot)
        return replace(self, slots=tuple(slots))

    def with_workload(self, index: int, tracked: TrackedWorkload) -> Build:
        """Replace one tracked workload's settings."""
        items = list(self.workloads)
        items[index] = tracked
        return replace(self, workloads=tuple(items))

    def with_workload_added(self, tracked: TrackedWorkload) -> Build:
        """Track one more workload."""
        return replace(self, workloads=(*self.workloads, tracked))

    def without_workload(self, index: int) -> Build:
        """Stop tracking a workload."""
        return replace(self, workloads=self.workloads[:index] + self.workloads[index + 1:])


def slot_price(build: Build, slot: BuildSlot, rates: Rates | None,
               today: str | None = None) -> PickedPrice | None:
    """One slot's unit price as its card shows it.

    In the build's currency and basis, or the slot's own (see
    :func:`planner.core.costs.prices.card_price`).
    """
    return card_price(slot.gpu, build.cost.currency, rates, build.cost.price_basis, slot.price,
                      today)


def purchase(build: Build, rates: Rates | None, today: str | None = None) -> BuildPrice:
    """What the build's cards cost together, each slot priced as its card shows it."""
    return build_price([(s.gpu, s.count, s.price) for s in build.slots], build.cost.currency,
                       rates, build.cost.price_basis, today)


def estimate_for(tracked: TrackedWorkload, gpu_count: int) -> MemoryEstimate:
    """Per-GPU estimate of a tracked workload spread over ``gpu_count`` cards."""
    n = max(1, gpu_count)
    if tracked.task == "inference":
        return estimate_inference(tracked.workload, replace(tracked.inference, gpus=n))
    return estimate_training(tracked.workload, replace(tracked.training, gpus=n))
