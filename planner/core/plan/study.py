"""A study: one or more named variants of a build that share the tracked workloads and assumptions.

A purchase is decided between candidates ("4× RTX 4090, or 1× H100, or 2× RTX 6000 Ada?"), so a
document holds several variants. What differs between them is the hardware (the GPU slots and the
display reserve that goes with a desktop card); what they are judged on is shared: the same
tracked workloads, the same usage and money assumptions, the same document name and notes. Each
variant seen with the shared parts is an ordinary :class:`~planner.core.plan.build.Build`, so every
estimator, view and panel works on a variant without knowing variants exist.

Immutable, like :class:`Build`: an edit returns a new study, so an undo command can swap whole
values. Pure Python; no Qt, no database.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from planner.core.costs.energy import Usage
from planner.core.plan.build import Build, BuildSlot, CostSettings, TrackedWorkload


def cards_name(slots: tuple[BuildSlot, ...]) -> str:
    """A build called after its cards: "4× GeForce RTX 4090", "2× A + 1× B" ("" without any)."""
    return " + ".join(f"{s.count}× {s.gpu.name}" for s in slots)


def study_title(study: Study) -> str:
    """What a study is called: its name, else after its shown variant's cards ("" if neither).

    A new build has no name until the user gives it one; till then it is called after what it
    holds, so a sheet printed for a meeting never says "Untitled build" above four RTX 4090s.
    """
    return study.name.strip() or cards_name(study.variant.slots)


#: The most variants one document holds (the compare view shows up to four side by side).
MAX_VARIANTS = 8
MAX_VARIANT_NAME = 200


@dataclass(frozen=True, slots=True)
class Variant:
    """One candidate build: its name and its hardware."""

    name: str
    slots: tuple[BuildSlot, ...] = ()
    display_reserve_bytes: int = 0


@dataclass(frozen=True, slots=True)
class Study:
    """The document's content: variants over shared workloads and assumptions.

    ``active`` is the variant the build area shows and edits. There is always at least one
    variant; names are unique (the compare view and the sheet tell variants apart by name).
    """

    name: str = ""
    """The name the user gave (empty: unnamed, see :func:`study_title`)."""
    notes: str = ""
    variants: tuple[Variant, ...] = (Variant("A"),)
    active: int = 0
    workloads: tuple[TrackedWorkload, ...] = ()
    usage: Usage = field(default_factory=Usage)
    cost: CostSettings = field(default_factory=CostSettings)
    extra: dict[str, str] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if not self.variants:
            raise ValueError("a study holds at least one variant")
        if not 0 <= self.active < len(self.variants):
            raise ValueError(f"active variant {self.active} is not one of "
                             f"{len(self.variants)}")
        names = [v.name for v in self.variants]
        if len(set(names)) != len(names):
            raise ValueError("variant names must differ")

    # --- reading -------------------------------------------------------------------------------

    @classmethod
    def of(cls, build: Build, variant_name: str | None = None) -> Study:
        """A one-variant study holding ``build`` (an old file, a new document)."""
        name = " ".join((variant_name or build.name).split()) or "A"  # one line, never blank
        variant = Variant(name, build.slots, build.display_reserve_bytes)
        return cls(name=build.name, notes=build.notes, variants=(variant,), active=0,
                   workloads=build.workloads, usage=build.usage, cost=build.cost,
                   extra=dict(build.extra))

    @property
    def variant(self) -> Variant:
        """The active variant."""
        return self.variants[self.active]

    def names(self) -> list[str]:
        """Variant names in order."""
        return [v.name for v in self.variants]

    def index_of(self, name: str) -> int | None:
        """The index of the variant called ``name``, or None."""
        return next((i for i, v in enumerate(self.variants) if v.name == name), None)

    def build(self, index: int | None = None) -> Build:
        """Variant ``index`` (default: the active one) with the shared parts, as a Build."""
        v = self.variants[self.active if index is None else index]
        return Build(name=self.name, notes=self.notes, slots=v.slots, workloads=self.workloads,
                     usage=self.usage, cost=self.cost,
                     display_reserve_bytes=v.display_reserve_bytes, extra=dict(self.extra))

    def builds(self) -> list[Build]:
        """Every variant as a Build, in order."""
        return [self.build(i) for i in range(len(self.variants))]

    # --- editing -------------------------------------------------------------------------------

    def with_build(self, build: Build) -> Study:
        """The active variant's hardware and the shared parts taken from ``build``.

        This is how an edit made on the active variant (a card added, a workload tracked, an
        assumption changed) lands in the study: the hardware goes to that variant alone, the
        rest to every variant.
        """
        variants = list(self.variants)
        variants[self.active] = replace(self.variant, slots=build.slots,
                                        display_reserve_bytes=build.display_reserve_bytes)
        return replace(self, name=build.name, notes=build.notes, variants=tuple(variants),
                       workloads=build.workloads, usage=build.usage, cost=build.cost,
                       extra=dict(build.extra))

    def with_active(self, index: int) -> Study:
        """Show and edit another variant."""
        if not 0 <= index < len(self.variants):
            raise IndexError(f"no variant {index}")
        return replace(self, active=index)

    def free_name(self, wanted: str) -> str:
        """``wanted`` if no variant has that name, else ``wanted 2``, ``wanted 3`` …."""
        wanted = " ".join(wanted.split())[:MAX_VARIANT_NAME - 4] or "A"
        taken = set(self.names())
        if wanted not in taken:
            return wanted
        n = 2
        while f"{wanted} {n}" in taken:
            n += 1
        return f"{wanted} {n}"

    def with_variant_duplicated(self, index: int, name: str) -> Study:
        """A copy of variant ``index`` named ``name`` (made unique), placed after it and shown."""
        if len(self.variants) >= MAX_VARIANTS:
            raise ValueError(f"a document holds at most {MAX_VARIANTS} variants")
        copy = replace(self.variants[index], name=self.free_name(name))
        variants = (*self.variants[:index + 1], copy, *self.variants[index + 1:])
        return replace(self, variants=variants, active=index + 1)

    def with_variant_renamed(self, index: int, name: str) -> Study:
        """Variant ``index`` called ``name`` (spaces tidied); refused when another has it."""
        name = " ".join(name.split())
        if not name:
            raise ValueError("a variant needs a name")
        if len(name) > MAX_VARIANT_NAME:
            raise ValueError(f"a variant name has at most {MAX_VARIANT_NAME} characters")
        other = self.index_of(name)
        if other is not None and other != index:
            raise ValueError(f"another variant is already called {name}")
        variants = list(self.variants)
        variants[index] = replace(variants[index], name=name)
        return replace(self, variants=tuple(variants))

    def without_variant(self, index: int) -> Study:
        """Variant ``index`` removed; the last one cannot be."""
        if len(self.variants) <= 1:
            raise ValueError("a document keeps at least one variant")
        variants = self.variants[:index] + self.variants[index + 1:]
        active = self.active
        if index < active or active >= len(variants):
            active -= 1
        return replace(self, variants=variants, active=max(0, active))

    def with_variant_moved(self, src: int, dst: int) -> Study:
        """Reorder: variant ``src`` to position ``dst``; the active variant stays active."""
        variants = list(self.variants)
        shown = variants[self.active]
        moved = variants.pop(src)
        variants.insert(max(0, min(dst, len(variants))), moved)
        return replace(self, variants=tuple(variants), active=variants.index(shown))
