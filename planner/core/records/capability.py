"""Can a card run a precision? The architecture answers; a missing speed figure never does.

A datasheet figure left out of ``data/`` means "we have no number", not "this card cannot": an
Ampere card runs BF16 whatever our data lacks. So capability comes from the architecture's flags
(:class:`~planner.core.records.specs.Architecture`), and a missing figure only makes the *speed*
unknown.
Pure Python; no Qt, no database.
"""

from __future__ import annotations

from planner.core.records.specs import Architecture, GpuSpec

#: Which architecture flag answers each compute precision (weight-only INT4 computes in FP16).
FLAG_FOR = {"fp16": "fp16", "bf16": "bf16", "fp8": "fp8", "fp4": "fp4", "int8": "int8",
            "int4": "int8", "tf32": "tf32"}


def can_run(gpu: GpuSpec, precision: str, architecture: Architecture | None) -> bool | None:
    """True or False from the architecture; ``None`` when nothing says (unknown, not "no").

    FP32 runs everywhere. Without the architecture (a custom GPU whose architecture the
    catalog lacks) a figure on record still proves the card can; no figure proves nothing.
    """
    if precision == "fp32":
        return True
    if architecture is not None and architecture.id == gpu.architecture:
        flag = FLAG_FOR.get(precision)
        if flag is not None:
            return bool(getattr(architecture, flag))
    return True if gpu.tensor_tflops(precision) is not None else None


def refuses(gpu: GpuSpec, precision: str, architecture: Architecture | None) -> bool:
    """True only when the architecture states the card cannot run ``precision``."""
    return can_run(gpu, precision, architecture) is False
