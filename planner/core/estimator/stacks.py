"""The software stack a run uses: what the CUDA context and PyTorch's defaults cost in memory.

The same model and recipe need different memory on different stacks. Before CUDA 11.7 every kernel
of CUDA, cuBLAS and cuDNN is loaded when the context is created (1,343 MB on a V100 with CUDA 11.2);
with lazy module loading (CUDA 11.7+, PyTorch's default since 1.13) only the kernels a run calls
are. PyTorch 1.x's ``zero_grad()`` zeroed gradients in place, so they stayed allocated through the
next forward; since 2.0 it sets them to ``None`` (``set_to_none=True``). PyTorch 1.x's Adam/AdamW
looped over tensors unless ``foreach=True`` was asked for; 2.x defaults to ``foreach`` on CUDA.
Each value carries its source. Pure Python; no Qt, no database.
"""

from __future__ import annotations

from dataclasses import dataclass

from planner.core.records.precision import EstimateError

MIB = 1024**2


@dataclass(frozen=True, slots=True)
class Stack:
    """One generation of CUDA + PyTorch, as memory sees it."""

    id: str
    #: Device memory the CUDA context takes before the first tensor (as nvidia-smi shows it).
    context_bytes: int
    #: Share of the dynamic memory the caching allocator reserves beyond live tensors.
    allocator_slack: float
    #: ``zero_grad()`` leaves the gradients allocated (PyTorch < 2.0).
    keeps_gradients: bool
    source: str


STACKS: dict[str, Stack] = {s.id: s for s in (
    Stack("modern", 512 * MIB, 0.05, False,
          "CUDA >= 11.7 with lazy module loading (PyTorch's default since 1.13), PyTorch >= 2.0: "
          "about 400 MB (ptrblck, pytorch/pytorch#109888), 287 MB lazy vs 667 MB eager "
          "(pytorch/pytorch#86509), 426 MiB on an RTX 6000 Ada with PyTorch 2.10 + CUDA 13.0 "
          "(unslothai/unsloth-zoo#1053); we reserve 512 MiB. zero_grad(set_to_none=True) is the "
          "default since PyTorch 2.0; foreach Adam/AdamW the CUDA default since 2.0."),
    Stack("torch1-cuda11", 1343 * MIB, 0.05, True,
          "CUDA 11.2 without lazy loading: torch.ones((1, 1)).to('cuda') on a V100 shows 1,343 MB "
          "(Hugging Face, 'Model training anatomy'); PyTorch 1.x zero_grad() zeroes gradients in "
          "place (set_to_none became the default in 2.0, pytorch/pytorch#92731)."),
)}


def stack_of(name: str) -> Stack:
    """The stack called ``name``; a plain sentence when there is none."""
    try:
        return STACKS[name]
    except KeyError:
        raise EstimateError(f"Unknown software stack '{str(name)[:40]}'; use one of "
                            f"{', '.join(STACKS)}.", setting="stack") from None
