"""PyTorch's caching allocator under a run's shape history: what it keeps reserved beyond the total.

A run whose batches all have one shape (padded to a fixed length, or packed) reuses the same
cached blocks every step: the stack's fixed slack (:mod:`~planner.core.estimator.stacks`, 5 %)
covers block rounding. A run whose batches change shape (each padded to its own longest sample)
asks for differently sized blocks every step; freed blocks cut for earlier shapes stay cached and
the reserved pool grows well past the live tensors. That excess is **returned before an
out-of-memory error** (the allocator frees its cached blocks and retries), so it decides what
``torch.cuda.max_memory_reserved`` and ``nvidia-smi`` show on a roomy card, not whether the run
fits: it is reported beside the total (``MemoryEstimate.reserve_bytes``), never added to it.

How large: torchtune's Llama 3 8B QLoRA recipe on alpaca (batches padded to their longest
sample, A100 80GB, 20 steps) peaked at 16.39 GiB with the default allocator and 10.831 GiB with
``expandable_segments:True``, which maps pages to one growing segment and leaves no stranded
blocks; 16.63 against 10.919 GiB with ``torch.compile`` (pytorch/torchtune#1185, 2024-07-16):
51 % and 52 % more. We use 52 % of the live tensors as an upper figure. How sure: little. One
source, one recipe, never validated on another run, and torchtune's LoRA tutorial (alpaca capped
at 512 tokens, also variable) reserves no more than our total (tests/data/published_measurements
.json): the range of shapes, not their mere variety, sets the excess. The note says so.

Pure Python; no Qt, no database.
"""

from __future__ import annotations

from planner.core.estimator.memory_notes import MemoryNote, gib_text, note
from planner.core.estimator.setups import TrainingSetup
from planner.core.records.precision import EstimateError

#: How batches are shaped (:class:`TrainingSetup`'s ``lengths``).
LENGTHS: tuple[str, ...] = ("fixed", "variable")

#: Reserved-but-free share of the dynamic memory after variable-shaped steps, default allocator
#: (pytorch/torchtune#1185: 16.39 / 10.831 - 1 = 0.513, 16.63 / 10.919 - 1 = 0.523).
VARIABLE_RESERVE = 0.52


def check_lengths(setup: TrainingSetup) -> None:
    """Refuse an unknown batch shaping in one sentence."""
    if setup.lengths not in LENGTHS:
        raise EstimateError(f"Lengths must be one of {', '.join(LENGTHS)} "
                            f"(got '{str(setup.lengths)[:40]}').", setting="lengths")


def reserve(setup: TrainingSetup, tensor_bytes: float) -> tuple[float, tuple[MemoryNote, ...]]:
    """Bytes the allocator may keep reserved beyond the total, and the note that says why.

    ``tensor_bytes`` is the peak of live tensors (the total without context and slack).
    """
    if setup.lengths == "fixed":
        return 0.0, ()
    if setup.expandable_segments:
        return 0.0, (note("allocator-expandable"),)
    extra = VARIABLE_RESERVE * tensor_bytes
    return extra, (note("allocator-variable", size=gib_text(extra),
                        share=f"{VARIABLE_RESERVE:.0%}"),)
