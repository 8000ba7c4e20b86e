# ruff: noqa: E501  (long lines are generated prose and table rows)
"""Measure the real memory of ML training steps with PyTorch on the CPU (dev-only tool).

What it measures
----------------
For each *validation run* (a model, batch, sequence length / image size, precision, optimizer,
activation checkpointing and attention kernel) it runs one warm-up training step and then one
measured step, and records, in bytes:

* ``weights_bytes`` / ``gradients_bytes`` / ``optimizer_bytes`` - the storages of the parameters,
  of their ``.grad`` after backward and of every tensor in ``optimizer.state`` after a step
  (AdamW: ``exp_avg`` + ``exp_avg_sq`` + one 4-byte ``step`` tensor per parameter tensor).
  Optimizers use ``foreach=True``, the implementation torch chooses by default for CUDA tensors
  (for CPU tensors torch defaults to a per-tensor loop with smaller temporaries).
* ``activations_bytes`` - the tensors saved for backward during the forward pass (loss included),
  collected with ``torch.autograd.graph.saved_tensors_hooks``, de-duplicated by storage
  (``untyped_storage().data_ptr()``), parameter storages excluded. Under non-reentrant activation
  checkpointing only the tensors saved outside the checkpointed regions are seen, plus the inputs a
  checkpoint keeps for its recomputation (torch saves them through the same hooks).
* ``weight_copies_bytes`` - the part of ``activations_bytes`` that is a low-precision (bf16) copy
  of a parameter made by autocast (found by walking the saved tensor's ``grad_fn`` back through
  views to a ``ToCopyBackward0`` whose input is a parameter's ``AccumulateGrad``). 0 in fp32.
* ``logits_bytes`` - the size of the logits tensor a language model returns (0 otherwise).
* ``peak_bytes`` - the peak of all CPU tensor memory during the measured step (forward, loss,
  backward, ``optimizer.step``), after one warm-up step so the optimizer state exists, with the
  gradients set to ``None`` before the step. Method: the bytes of every live tensor at the start of
  the step (all ``torch.Tensor`` objects the garbage collector knows, de-duplicated by storage) plus
  the running sum of every allocation and free the profiler records during the step
  (``torch.profiler.profile(profile_memory=True)``). The same profile is fed to
  ``torch.profiler._memory_profiler.MemoryProfileTimeline``, whose peak is reported as
  ``timeline_peak_bytes`` (it agrees with ``peak_bytes`` within a few hundred bytes) and whose
  categories at that peak are ``peak_breakdown``. ``accounting_error_bytes`` is the check that
  closes the books: live bytes after the step minus (start bytes + net allocations); it is 0 when
  nothing allocated before profiling was freed during the step.
* ``peak_phase`` - ``forward``, ``backward`` or ``optimizer``: the phase whose time range holds the
  peak (``record_function`` markers); ``phase_peaks`` gives the peak of each phase.
* ``retained_after_forward_bytes`` - net tensor memory the forward pass + loss left allocated (a
  cross-check of ``activations_bytes``; it also holds the loss and outputs still referenced).

For CNN / diffusion-UNet *activation profiles* (``data/activation_profiles.toml``) it runs forward
passes (with grad, then without) at two batch sizes and takes the slope, so fixed parts (autocast's
weight copies, timestep / text embeddings shared by a batch, ...) cancel:

* ``fp32_bytes_per_sample`` / ``bf16_bytes_per_sample`` - saved-for-backward bytes per sample
  (fp32, or ``torch.autocast("cpu", bfloat16)`` with fp32 weights), same hooks as above;
* ``checkpointed_*`` - the same with ``torch.utils.checkpoint`` (non-reentrant) per stage for the
  torchvision CNNs, diffusers' ``enable_gradient_checkpointing()`` for the UNets;
* ``inference_fp32_bytes_per_sample`` - peak working tensor memory of a ``torch.no_grad()``
  forward in eval mode beyond the weights (input batch included), per sample.
The saved-tensor set is fixed by the forward pass, so the profiles need no backward pass.

Making the CPU save what a GPU saves
------------------------------------
* Dropout is routed to ``torch.native_dropout`` (a bool mask, as the CUDA kernel saves) by patching
  ``torch.nn.functional.dropout`` while measuring; the CPU's stock dropout saves a float noise
  tensor. Models keep their default dropout (hidden dropout 0.1 for BERT and GPT-2) unless a run
  says otherwise.
* ``sdpa`` runs use ``attn_implementation="sdpa"`` with attention dropout 0 (with dropout the CPU's
  SDPA falls back to the math kernel and materialises the s x s matrix; with 0 it uses the
  flash-style CPU kernel, which saves the output and a log-sum-exp like FlashAttention does).
* This CPU has no AVX-512-BF16/AMX: bf16 GEMMs and convolutions run 20-300x slower than fp32.
  Under ``amp-bf16`` a ``TorchDispatchMode`` (below autograd, so the graph and every saved tensor
  are untouched) therefore replaces the arithmetic of ``mm``, ``addmm``, ``bmm``, ``baddbmm``,
  ``convolution`` and ``convolution_backward`` on bf16 inputs with a zero-filled output of exactly
  the shape, dtype and strides the real kernel returns (taken from the op's meta kernel). Every
  tensor allocation is the same as with the real kernel; only the numbers are zeros. The real CPU
  kernels' internal scratch buffers, which CUDA's cuBLAS/cuDNN would keep in their own workspaces,
  are not counted either way.

How to run
----------
::

    python3 -m venv /work/torch-venv
    /work/torch-venv/bin/pip install torch==2.14.1 torchvision==0.29.1 transformers diffusers
    /work/torch-venv/bin/python tools/measure_memory.py \\
        --out-json tests/data/measurements.json \\
        --out-profiles data/activation_profiles.toml \\
        --out-doc docs/measurements.md

``--quick`` measures a small subset (minutes) into the same kind of files; ``--only ID`` (repeatable,
substring match) restricts runs and profiles. Each run and each profile workload runs in its own
subprocess (``--worker``), so one model's memory never lingers into the next. Seeds are fixed; the
byte counts do not depend on the random values. Whole run: about 30 minutes on 2 cores (runs
~22, profiles ~8), each worker under 13 GiB of RAM (the largest is the SDXL UNet's 10.3 GB of fp32
weights). ``--rewrite`` regenerates the TOML and Markdown from the JSON without measuring.

Versions used for the committed files: torch 2.14.1 (CPU execution of the CUDA 13.0 wheel),
torchvision 0.29.1, transformers 5.24.0, diffusers 0.42.1, Python 3.11. No weights are
downloaded: every model is built from a config object with random initialisation.

Torch is never a runtime dependency of the app; this script only produces data files.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as _dt
import gc
import json
import os
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

# Heavy imports happen inside functions so ``--help`` works without torch.

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# --------------------------------------------------------------------------------------------
# Run and profile definitions
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """One validation run: a full training step measured end to end."""

    id: str
    workload: str
    batch: int
    seq: int
    precision: str = "fp32"  # "fp32" | "amp-bf16"
    optimizer: str = "adamw"  # "sgd" | "sgd-momentum" | "adamw"
    checkpointing: bool = False
    attention: str | None = None  # "eager" | "sdpa" for transformers, None for CNNs
    quick: bool = False


def _rid(
    workload: str,
    precision: str,
    optimizer: str,
    batch: int,
    seq: int,
    ckpt: bool = False,
    attention: str | None = None,
) -> str:
    parts = [workload, precision, optimizer]
    if attention:
        parts.append(attention)
    parts.append(f"b{batch}")
    parts.append(f"s{seq}")
    if ckpt:
        parts.append("ckpt")
    return "/".join(parts)


def _run(
    workload: str,
    batch: int,
    seq: int,
    precision: str = "fp32",
    optimizer: str = "adamw",
    checkpointing: bool = False,
    attention: str | None = None,
    quick: bool = False,
) -> Run:
    return Run(
        _rid(workload, precision, optimizer, batch, seq, checkpointing, attention),
        workload,
        batch,
        seq,
        precision,
        optimizer,
        checkpointing,
        attention,
        quick,
    )


LLAMA = "llama-style-4l-1024"

RUNS: list[Run] = [
    _run("resnet-50", 8, 224, optimizer="sgd-momentum", quick=True),
    _run("resnet-50", 16, 224, optimizer="sgd-momentum"),
    _run("resnet-50", 32, 224, optimizer="sgd-momentum"),
    _run("resnet-50", 16, 224, "amp-bf16", "adamw"),
    _run("resnet-50", 16, 224, optimizer="sgd-momentum", checkpointing=True),
    _run("vit-b-16", 8, 224, attention="eager"),
    _run("vit-b-16", 8, 224, attention="sdpa"),
    _run("vit-b-16", 8, 224, "amp-bf16", attention="sdpa"),
    _run("bert-base", 8, 128, attention="eager", quick=True),
    _run("bert-base", 8, 128, optimizer="sgd", attention="eager"),
    _run("bert-base", 4, 512, attention="eager"),
    _run("bert-base", 4, 512, attention="sdpa"),
    _run("bert-base", 4, 512, "amp-bf16", attention="eager"),
    _run("bert-large", 4, 128, attention="eager"),
    _run("bert-large", 2, 512, attention="eager", checkpointing=True),
    _run("gpt2-small", 2, 1024, attention="eager"),
    _run("gpt2-small", 2, 1024, attention="sdpa"),
    _run("gpt2-small", 2, 1024, "amp-bf16", attention="sdpa"),
    _run("gpt2-medium", 2, 512, attention="eager"),
    _run("gpt2-medium", 2, 512, attention="eager", checkpointing=True),
    _run(LLAMA, 2, 512, attention="sdpa"),
    _run(LLAMA, 2, 512, attention="sdpa", checkpointing=True),
    _run(LLAMA, 2, 512, "amp-bf16", attention="sdpa"),
    _run(LLAMA, 2, 512, "amp-bf16", attention="sdpa", checkpointing=True, quick=True),
    # One small model of each family the second-generation estimator added
    # (tests/data/hf_configs_cpu), fp32, SDPA, AdamW, batch 2 x 256 tokens.
    # (BLOOM, MPT and Gemma 2 have no SDPA path in transformers: eager; Mamba has no attention.)
    *(_run(f"hf:{name}", 2, 256, attention="sdpa") for name in (
        "phi-2-cpu", "falcon-7b-cpu", "pythia-160m-cpu", "starcoderbase-cpu", "opt-125m-cpu",
        "stablelm-2-cpu", "qwen3-cpu", "qwen3-moe-cpu", "mixtral-cpu", "deepseek-v2-cpu")),
    *(_run(f"hf:{name}", 2, 256, attention="eager") for name in (
        "bloom-560m-cpu", "mpt-7b-cpu", "gemma-2-cpu", "mamba-cpu")),
]


@dataclass(frozen=True)
class ProfileSpec:
    """One CNN / UNet activation profile: per-sample slopes between two batch sizes."""

    id: str
    image_size: int  # pixels of the image measured at
    batches: tuple[int, int] = (2, 4)
    quick: bool = False
    notes: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


PROFILES: list[ProfileSpec] = [
    ProfileSpec(
        "lenet-5",
        32,
        quick=True,
        notes="Classic LeNet-5 defined in tools/measure_memory.py: 1x32x32 input, "
        "conv 6@5x5, tanh, avg-pool, conv 16@5x5, tanh, avg-pool, FC 120-84-10 "
        "(61,706 parameters).",
    ),
    ProfileSpec("resnet-18", 224, quick=True, notes="torchvision resnet18()."),
    ProfileSpec("resnet-50", 224, notes="torchvision resnet50()."),
    ProfileSpec("resnet-152", 224, notes="torchvision resnet152()."),
    ProfileSpec("vgg-16", 224, notes="torchvision vgg16() (no batch norm)."),
    ProfileSpec("efficientnet-b0", 224, notes="torchvision efficientnet_b0()."),
    ProfileSpec("mobilenet-v2", 224, notes="torchvision mobilenet_v2()."),
    ProfileSpec("convnext-tiny", 224, notes="torchvision convnext_tiny()."),
    ProfileSpec("convnext-base", 224, notes="torchvision convnext_base()."),
    ProfileSpec(
        "unet-sd-1.5",
        512,
        batches=(1, 2),
        notes="diffusers UNet2DConditionModel with Stable Diffusion 1.5's config "
        "(block_out_channels 320/640/1280/1280, cross_attention_dim 768, "
        "attention_head_dim 8, layers_per_block 2), 64x64 latents = 512 px image, "
        "77 text tokens, SDPA attention (diffusers' default processor), measured at "
        "full size.",
        extra={"area_check_image_size": 256},
    ),
    ProfileSpec(
        "unet-sdxl",
        256,
        batches=(1, 2),
        notes="diffusers UNet2DConditionModel with SDXL base's config (block_out_channels "
        "320/640/1280, transformer_layers_per_block 1/2/10, attention_head_dim "
        "5/10/20, cross_attention_dim 2048, use_linear_projection, "
        "addition_embed_type text_time, projection_class_embeddings_input_dim 2816), "
        "77 text tokens, SDPA attention. Measured at REDUCED size: 32x32 latents = "
        "256 px image (full size is 128x128 latents = 1024 px, which does not fit "
        "with the 10.3 GB of fp32 weights in this machine's budget); forward saved "
        "tensors only, no optimizer. The estimator scales by area: x16 for 1024 px. "
        "The bf16 figures are measured with the weights cast to bf16 (fp32 weights "
        "plus autocast's 5.1 GB of bf16 copies exceed the memory budget); the copies "
        "are a fixed cost the per-sample slope removes, and unet-sd-1.5's area check "
        "compares both ways. No inference figure: at 256 px and batch 1-2 the "
        "no_grad peak is set by a fixed CPU artefact (oneDNN re-lays out each conv "
        "weight per call; the largest, 1280x2560x3x3, is a 118 MB temporary): "
        "peaks of 127.6 MB (batch 1) and 137.3 MB (batch 2) give no usable slope.",
        extra={"bf16_weights": True, "no_inference": True},
    ),
]


# --------------------------------------------------------------------------------------------
# Measurement helpers (torch imported lazily)
# --------------------------------------------------------------------------------------------


def _torch():
    import torch

    return torch


def storage_key(t) -> tuple[int, int]:
    st = t.untyped_storage()
    return st.data_ptr(), st.nbytes()


def unique_storage_bytes(tensors) -> int:
    seen: dict[int, int] = {}
    for t in tensors:
        if t is None:
            continue
        ptr, n = storage_key(t)
        if n:
            seen[ptr] = max(seen.get(ptr, 0), n)
    return sum(seen.values())


def live_tensor_bytes() -> int:
    """Bytes of every CPU tensor storage the garbage collector can reach (de-duplicated)."""
    torch = _torch()
    gc.collect()
    seen: dict[int, int] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for o in gc.get_objects():
            try:
                if not isinstance(o, torch.Tensor) or o.device.type != "cpu":
                    continue
                st = o.untyped_storage()
            except Exception:
                continue
            n = st.nbytes()
            if n:
                seen[st.data_ptr()] = max(seen.get(st.data_ptr(), 0), n)
    return sum(seen.values())


_VIEW_FNS = {
    "TBackward0",
    "TransposeBackward0",
    "PermuteBackward0",
    "ViewBackward0",
    "UnsafeViewBackward0",
    "ExpandBackward0",
    "ReshapeAliasBackward0",
    "AsStridedBackward0",
    "UnsqueezeBackward0",
    "SqueezeBackward0",
    "SqueezeBackward1",
}


class SavedTensorCollector:
    """``saved_tensors_hooks`` pack hook that records saved storages (parameters excluded)."""

    def __init__(self, params) -> None:
        self.param_ptrs = {p.untyped_storage().data_ptr() for p in params}
        self.param_ids = {id(p) for p in params}
        self.storages: dict[int, int] = {}
        self.weight_copies: set[int] = set()
        # The graph keeps an index, the collector keeps the tensor: returning the tensor itself
        # would make a saved output reference its own grad_fn, a cycle that outlives the
        # forward pass when no backward runs (the profiles).
        self.kept: list[Any] = []

    def _is_weight_cast(self, t) -> bool:
        torch = _torch()
        if t.dtype not in (torch.bfloat16, torch.float16):
            return False
        fn = t.grad_fn
        for _ in range(6):
            if fn is None:
                return False
            name = type(fn).__name__
            if name == "ToCopyBackward0":
                nxt = fn.next_functions[0][0] if fn.next_functions else None
                var = getattr(nxt, "variable", None)
                return var is not None and id(var) in self.param_ids
            if name not in _VIEW_FNS or not fn.next_functions:
                return False
            fn = fn.next_functions[0][0]
        return False

    def pack(self, t):
        ptr, n = storage_key(t)
        if n and ptr not in self.param_ptrs:
            self.storages[ptr] = max(self.storages.get(ptr, 0), n)
            if self._is_weight_cast(t):
                self.weight_copies.add(ptr)
        self.kept.append(t)
        return len(self.kept) - 1

    def unpack(self, index: int):
        return self.kept[index]

    def release(self) -> None:
        self.kept.clear()

    @property
    def total(self) -> int:
        return sum(self.storages.values())

    @property
    def weight_copy_bytes(self) -> int:
        return sum(self.storages[p] for p in self.weight_copies)

    @contextlib.contextmanager
    def active(self) -> Iterator[None]:
        torch = _torch()
        with torch.autograd.graph.saved_tensors_hooks(self.pack, self.unpack):
            yield


@contextlib.contextmanager
def gpu_like_dropout() -> Iterator[None]:
    """Route ``F.dropout`` to ``torch.native_dropout`` (bool mask, as CUDA saves)."""
    torch = _torch()
    F = torch.nn.functional
    original = F.dropout

    def dropout(input, p=0.5, training=True, inplace=False):
        if not training or p == 0.0:
            return input
        out = torch.native_dropout(input, p, True)[0]
        if inplace:
            with torch.no_grad():
                input.copy_(out)
            return input
        return out

    F.dropout = dropout
    try:
        yield
    finally:
        F.dropout = original


def make_skip_lowp_mode():
    """A TorchDispatchMode that skips bf16/fp16 GEMM/conv arithmetic (see module docstring)."""
    torch = _torch()
    from torch.utils import _pytree as pytree
    from torch.utils._python_dispatch import TorchDispatchMode

    aten = torch.ops.aten
    ops = {
        aten.mm.default,
        aten.addmm.default,
        aten.bmm.default,
        aten.baddbmm.default,
        aten.convolution.default,
        aten.convolution_backward.default,
    }
    lowp = (torch.bfloat16, torch.float16)

    def to_meta(t):
        return torch.empty_strided(t.shape, t.stride(), dtype=t.dtype, device="meta")

    def materialise(m):
        return torch.empty_strided(m.shape, m.stride(), dtype=m.dtype, device="cpu").zero_()

    class SkipLowPrecisionArithmetic(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            if func in ops and any(
                isinstance(a, torch.Tensor) and a.dtype in lowp
                for a in pytree.tree_leaves((args, kwargs))
            ):
                margs, mkwargs = pytree.tree_map_only(torch.Tensor, to_meta, (args, kwargs))
                out = func(*margs, **mkwargs)
                return pytree.tree_map_only(torch.Tensor, materialise, out)
            return func(*args, **kwargs)

    return SkipLowPrecisionArithmetic()


def autocast_ctx(precision: str):
    torch = _torch()
    if precision == "amp-bf16":
        return torch.autocast("cpu", dtype=torch.bfloat16)
    if precision == "fp32":
        return contextlib.nullcontext()
    raise ValueError(precision)


def lowp_ctx(precision: str):
    return make_skip_lowp_mode() if precision != "fp32" else contextlib.nullcontext()


# --------------------------------------------------------------------------------------------
# Models
# --------------------------------------------------------------------------------------------


def lenet5():
    nn = _torch().nn
    model = nn.Sequential()
    model.features = nn.Sequential(
        nn.Sequential(nn.Conv2d(1, 6, 5), nn.Tanh(), nn.AvgPool2d(2)),
        nn.Sequential(nn.Conv2d(6, 16, 5), nn.Tanh(), nn.AvgPool2d(2)),
    )
    model.flatten = nn.Flatten()
    model.classifier = nn.Sequential(
        nn.Linear(400, 120), nn.Tanh(), nn.Linear(120, 84), nn.Tanh(), nn.Linear(84, 10)
    )
    return model


class _Checkpointed:  # wrapper factory, built lazily so torch stays optional at import time
    @staticmethod
    def wrap(module):
        torch = _torch()
        from torch.utils.checkpoint import checkpoint

        class Checkpointed(torch.nn.Module):
            def __init__(self, inner) -> None:
                super().__init__()
                self.inner = inner

            def forward(self, x):
                return checkpoint(self.inner, x, use_reentrant=False)

        return Checkpointed(module)


def checkpoint_cnn_stages(model, workload: str) -> str:
    """Wrap each stage of a torchvision CNN in ``torch.utils.checkpoint`` (non-reentrant)."""
    nn = _torch().nn
    wrap = _Checkpointed.wrap
    if workload.startswith("resnet"):
        model.conv1 = wrap(nn.Sequential(model.conv1, model.bn1, model.relu, model.maxpool))
        model.bn1, model.relu, model.maxpool = nn.Identity(), nn.Identity(), nn.Identity()
        for name in ("layer1", "layer2", "layer3", "layer4"):
            setattr(model, name, wrap(getattr(model, name)))
        return "stem, layer1, layer2, layer3, layer4 each checkpointed; pool+fc not"
    if workload.startswith("vgg"):
        blocks, cur = [], []
        for m in model.features:
            cur.append(m)
            if isinstance(m, nn.MaxPool2d):
                blocks.append(wrap(nn.Sequential(*cur)))
                cur = []
        if cur:
            blocks.append(wrap(nn.Sequential(*cur)))
        model.features = nn.Sequential(*blocks)
        return "each conv block up to its max-pool checkpointed (5); classifier not"
    # lenet-5, efficientnet, convnext: every child of .features is a stage
    model.features = nn.Sequential(*[wrap(m) for m in model.features])
    return f"each of the {len(model.features)} children of .features checkpointed; head not"


def build_cnn(workload: str):
    import torchvision

    if workload == "lenet-5":
        return lenet5(), "LeNet-5 (defined in tools/measure_memory.py)"
    fn = {
        "resnet-18": "resnet18",
        "resnet-50": "resnet50",
        "resnet-152": "resnet152",
        "vgg-16": "vgg16",
        "efficientnet-b0": "efficientnet_b0",
        "mobilenet-v2": "mobilenet_v2",
        "convnext-tiny": "convnext_tiny",
        "convnext-base": "convnext_base",
    }[workload]
    return getattr(torchvision.models, fn)(weights=None), f"torchvision.models.{fn}(weights=None)"


def sd15_config() -> dict[str, Any]:
    return {
        "sample_size": 64,
        "in_channels": 4,
        "out_channels": 4,
        "layers_per_block": 2,
        "down_block_types": [
            "CrossAttnDownBlock2D",
            "CrossAttnDownBlock2D",
            "CrossAttnDownBlock2D",
            "DownBlock2D",
        ],
        "up_block_types": [
            "UpBlock2D",
            "CrossAttnUpBlock2D",
            "CrossAttnUpBlock2D",
            "CrossAttnUpBlock2D",
        ],
        "block_out_channels": [320, 640, 1280, 1280],
        "cross_attention_dim": 768,
        "attention_head_dim": 8,
        "norm_num_groups": 32,
        "act_fn": "silu",
        "center_input_sample": False,
        "downsample_padding": 1,
        "flip_sin_to_cos": True,
        "freq_shift": 0,
        "mid_block_scale_factor": 1,
        "norm_eps": 1e-5,
    }


def sdxl_config() -> dict[str, Any]:
    return {
        "sample_size": 128,
        "in_channels": 4,
        "out_channels": 4,
        "layers_per_block": 2,
        "down_block_types": ["DownBlock2D", "CrossAttnDownBlock2D", "CrossAttnDownBlock2D"],
        "up_block_types": ["CrossAttnUpBlock2D", "CrossAttnUpBlock2D", "UpBlock2D"],
        "block_out_channels": [320, 640, 1280],
        "transformer_layers_per_block": [1, 2, 10],
        "attention_head_dim": [5, 10, 20],
        "cross_attention_dim": 2048,
        "use_linear_projection": True,
        "addition_embed_type": "text_time",
        "addition_time_embed_dim": 256,
        "projection_class_embeddings_input_dim": 2816,
        "norm_num_groups": 32,
        "act_fn": "silu",
        "flip_sin_to_cos": True,
        "freq_shift": 0,
        "upcast_attention": False,
        "norm_eps": 1e-5,
    }


def build_unet(workload: str):
    from diffusers import UNet2DConditionModel

    cfg = sd15_config() if workload == "unet-sd-1.5" else sdxl_config()
    return UNet2DConditionModel(**cfg), "diffusers.UNet2DConditionModel(**config)"


# --- transformers ---------------------------------------------------------------------------


def hf_model(workload: str, attention: str):
    """Build a Hugging Face model from a config object (random weights; nothing downloaded)."""
    import transformers as tf

    sdpa = attention == "sdpa"
    dropout: dict[str, float]
    if workload.startswith("hf:"):
        # A family's small config from tests/data/hf_configs_cpu, built with the class its
        # `architectures` names; the record carries the config itself (the estimator reads it).
        name = workload.removeprefix("hf:")
        path = os.path.join(ROOT, "tests", "data", "hf_configs_cpu", f"{name}.json")
        with open(path) as f:
            raw = json.load(f)
        cfg_dict = {k: v for k, v in raw.items() if not k.startswith("_")}
        arch = cfg_dict["architectures"][0]
        cls_ = getattr(tf, arch, None) or next(
            getattr(tf, n) for n in dir(tf) if n.lower() == arch.lower())
        cfg = tf.AutoConfig.for_model(**cfg_dict)
        cfg._attn_implementation = attention
        model = cls_(cfg)
        vocab = cfg_dict.get("vocab_size")
        record = {"hf_config": raw, "vocab": vocab}
        dropout = {k: float(v) for k, v in cfg_dict.items()
                   if "drop" in k and isinstance(v, (int, float))}
        return model, record, dropout, f"transformers.{cls_.__name__}({name})"
    if workload in ("bert-base", "bert-large"):
        kw: dict[str, Any] = {}
        if workload == "bert-large":
            kw = {
                "hidden_size": 1024,
                "num_hidden_layers": 24,
                "num_attention_heads": 16,
                "intermediate_size": 4096,
            }
        if sdpa:
            kw["attention_probs_dropout_prob"] = 0.0
        cfg = tf.BertConfig(attn_implementation=attention, **kw)
        model = tf.BertForMaskedLM(cfg)
        record = {
            "layers": cfg.num_hidden_layers,
            "decoder_layers": None,
            "hidden": cfg.hidden_size,
            "heads": cfg.num_attention_heads,
            "kv_heads": cfg.num_attention_heads,
            "head_dim": None,
            "intermediate": cfg.intermediate_size,
            "vocab": cfg.vocab_size,
            "context": cfg.max_position_embeddings,
            "gated_mlp": False,
            "tie_embeddings": True,
            "norm": "layernorm",
            "position": "learned",
            "image_size": None,
            "patch_size": None,
        }
        dropout = {"hidden": cfg.hidden_dropout_prob, "attention": cfg.attention_probs_dropout_prob}
        cls = "transformers.BertForMaskedLM(BertConfig(...)), loss over every position"
    elif workload in ("gpt2-small", "gpt2-medium"):
        kw = {}
        if workload == "gpt2-medium":
            kw = {"n_embd": 1024, "n_layer": 24, "n_head": 16}
        if sdpa:
            kw["attn_pdrop"] = 0.0
        cfg = tf.GPT2Config(attn_implementation=attention, **kw)
        model = tf.GPT2LMHeadModel(cfg)
        record = {
            "layers": cfg.n_layer,
            "decoder_layers": None,
            "hidden": cfg.n_embd,
            "heads": cfg.n_head,
            "kv_heads": cfg.n_head,
            "head_dim": None,
            "intermediate": 4 * cfg.n_embd,
            "vocab": cfg.vocab_size,
            "context": cfg.n_positions,
            "gated_mlp": False,
            "tie_embeddings": True,
            "norm": "layernorm",
            "position": "learned",
            "image_size": None,
            "patch_size": None,
        }
        dropout = {
            "hidden": cfg.resid_pdrop,
            "embedding": cfg.embd_pdrop,
            "attention": cfg.attn_pdrop,
        }
        cls = "transformers.GPT2LMHeadModel(GPT2Config(...))"
    elif workload == LLAMA:
        cfg = tf.LlamaConfig(
            num_hidden_layers=4,
            hidden_size=1024,
            num_attention_heads=16,
            num_key_value_heads=4,
            intermediate_size=3584,
            vocab_size=128256,
            tie_word_embeddings=False,
            max_position_embeddings=8192,
            rms_norm_eps=1e-5,
            attention_dropout=0.0,
            attn_implementation=attention,
        )
        model = tf.LlamaForCausalLM(cfg)
        record = {
            "layers": 4,
            "decoder_layers": None,
            "hidden": 1024,
            "heads": 16,
            "kv_heads": 4,
            "head_dim": None,
            "intermediate": 3584,
            "vocab": 128256,
            "context": 8192,
            "gated_mlp": True,
            "tie_embeddings": False,
            "norm": "rmsnorm",
            "position": "rope",
            "image_size": None,
            "patch_size": None,
        }
        dropout = {"hidden": 0.0, "attention": 0.0}
        cls = "transformers.LlamaForCausalLM(LlamaConfig(...))"
    elif workload == "vit-b-16":
        cfg = tf.ViTConfig(num_labels=1000, attn_implementation=attention)
        model = tf.ViTForImageClassification(cfg)
        tokens = (cfg.image_size // cfg.patch_size) ** 2 + 1
        record = {
            "layers": cfg.num_hidden_layers,
            "decoder_layers": None,
            "hidden": cfg.hidden_size,
            "heads": cfg.num_attention_heads,
            "kv_heads": cfg.num_attention_heads,
            "head_dim": None,
            "intermediate": cfg.intermediate_size,
            "vocab": None,
            "context": tokens,
            "gated_mlp": False,
            "tie_embeddings": False,
            "norm": "layernorm",
            "position": "learned",
            "image_size": cfg.image_size,
            "patch_size": cfg.patch_size,
        }
        dropout = {"hidden": cfg.hidden_dropout_prob, "attention": cfg.attention_probs_dropout_prob}
        cls = "transformers.ViTForImageClassification(ViTConfig(num_labels=1000))"
    else:
        raise KeyError(workload)
    got = model.config._attn_implementation
    if got != attention:
        raise RuntimeError(f"{workload}: asked for {attention} attention, got {got}")
    return model, record, dropout, cls


def enable_hf_checkpointing(model) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if hasattr(model, "activation_checkpointing_enable"):
            model.activation_checkpointing_enable()
        else:
            model.gradient_checkpointing_enable()


# --------------------------------------------------------------------------------------------
# One training step, measured
# --------------------------------------------------------------------------------------------


def make_optimizer(name: str, params):
    torch = _torch()
    # foreach=True: the implementation torch picks by default for CUDA tensors (on the CPU it
    # would default to the per-tensor loop, whose temporaries are smaller).
    if name == "sgd":
        return torch.optim.SGD(params, lr=1e-3, foreach=True)
    if name == "sgd-momentum":
        return torch.optim.SGD(params, lr=1e-3, momentum=0.9, foreach=True)
    if name == "adamw":
        return torch.optim.AdamW(params, lr=1e-4, foreach=True)
    raise ValueError(name)


def build_run(run: Run):
    """Return (model, inputs, forward_fn, config record, extra info)."""
    torch = _torch()
    F = torch.nn.functional
    g = torch.Generator().manual_seed(0)
    info: dict[str, Any] = {}
    if run.attention is None:  # torchvision CNN
        model, cls = build_cnn(run.workload)
        info["model"] = cls
        if run.checkpointing:
            info["checkpointing_detail"] = checkpoint_cnn_stages(model, run.workload)
        x = torch.randn(run.batch, 3, run.seq, run.seq, generator=g)
        y = torch.randint(0, 1000, (run.batch,), generator=g)
        inputs = {"x": x, "y": y}

        def forward(m, inp):
            out = m(inp["x"])
            return F.cross_entropy(out, inp["y"]), None

        return model, inputs, forward, None, info
    model, record, dropout, cls = hf_model(run.workload, run.attention)
    info["model"] = cls
    info["dropout"] = dropout
    if run.checkpointing:
        enable_hf_checkpointing(model)
        info["checkpointing_detail"] = "HF activation_checkpointing_enable() (non-reentrant)"
    if run.workload == "vit-b-16":
        inputs = {
            "pixel_values": torch.randn(run.batch, 3, run.seq, run.seq, generator=g),
            "labels": torch.randint(0, 1000, (run.batch,), generator=g),
        }
    else:
        ids = torch.randint(0, record["vocab"], (run.batch, run.seq), generator=g)
        inputs = {"input_ids": ids, "labels": ids.clone()}

    def forward(m, inp):
        out = m(**inp)
        return out.loss, out.logits

    return model, inputs, forward, record, info


def _profile_events(prof) -> tuple[list[tuple[int, int]], dict[str, tuple[int, int]]]:
    from torch._C._profiler import _EventType
    from torch.profiler._memory_profiler import OpTree

    tree = OpTree(prof.profiler.kineto_results)
    allocs: list[tuple[int, int]] = []
    marks: dict[str, tuple[int, int]] = {}
    for e in tree.dfs():
        if e.typed[0] == _EventType.Allocation:
            if e.typed[1].device.type == "cpu":
                allocs.append((e.start_time_ns, e.typed[1].alloc_size))
        elif e.name.startswith("measure::"):
            marks[e.name.removeprefix("measure::")] = (e.start_time_ns, e.end_time_ns)
    allocs.sort(key=lambda a: a[0])
    return allocs, marks


def _timeline_peak(prof) -> tuple[int, dict[str, int]]:
    from torch.profiler._memory_profiler import _CATEGORY_TO_INDEX, MemoryProfileTimeline

    timeline = MemoryProfileTimeline(prof._memory_profile())
    _times, sizes = timeline._coalesce_timeline("cpu")
    totals = [sum(s) for s in sizes]
    i = max(range(len(totals)), key=totals.__getitem__)
    breakdown = {}
    for cat, idx in _CATEGORY_TO_INDEX.items():
        name = cat.name if cat is not None else "UNKNOWN"
        breakdown[name] = int(sizes[i][idx + 1])
    return int(totals[i]), breakdown


def measure_run(run: Run) -> dict[str, Any]:
    torch = _torch()
    from torch.profiler import ProfilerActivity, profile, record_function

    torch.manual_seed(0)
    model, inputs, forward, record, info = build_run(run)
    model.train()
    params = [p for p in model.parameters() if p.requires_grad]
    opt = make_optimizer(run.optimizer, params)
    collector = SavedTensorCollector(params)
    logits_bytes = 0

    def step(collect: bool) -> None:
        nonlocal logits_bytes
        opt.zero_grad(set_to_none=True)
        hooks = collector.active() if collect else contextlib.nullcontext()
        with record_function("measure::forward"), hooks, autocast_ctx(run.precision):
            loss, logits = forward(model, inputs)
        if logits is not None:
            logits_bytes = logits.numel() * logits.element_size()
        del logits  # a training loop drops the outputs before backward
        with record_function("measure::backward"):
            loss.backward()
        del loss
        with record_function("measure::optimizer"):
            opt.step()

    t0 = time.time()
    with gpu_like_dropout(), lowp_ctx(run.precision):
        step(collect=True)  # warm-up: creates the optimizer state; collects saved tensors
        collector.release()
        grads = unique_storage_bytes(p.grad for p in params)
        opt.zero_grad(set_to_none=True)
        start = live_tensor_bytes()
        with profile(
            activities=[ProfilerActivity.CPU],
            profile_memory=True,
            record_shapes=True,
            with_stack=True,
        ) as prof:
            step(collect=False)
        end_live = live_tensor_bytes()
    t1 = time.time()

    allocs, marks = _profile_events(prof)
    cur = peak = 0
    peak_t = None
    phase_peaks = {k: 0 for k in marks}
    fwd_end = marks["forward"][1]
    retained_after_forward = None
    for t, size in allocs:
        if retained_after_forward is None and t > fwd_end:
            retained_after_forward = cur
        cur += size
        for k, (a, b) in marks.items():
            if a <= t <= b and cur > phase_peaks[k]:
                phase_peaks[k] = cur
        if cur > peak:
            peak, peak_t = cur, t
    peak_phase = next(
        (k for k, (a, b) in marks.items() if peak_t is not None and a <= peak_t <= b), "unknown"
    )
    timeline_peak, breakdown = _timeline_peak(prof)

    weights = unique_storage_bytes(params)
    state_tensors = [v for s in opt.state.values() for v in s.values() if torch.is_tensor(v)]
    input_bytes = unique_storage_bytes(inputs.values())
    result: dict[str, Any] = {
        "id": run.id,
        "workload": run.workload,
        "config": record,
        "batch": run.batch,
        "seq": run.seq,
        "precision": run.precision,
        "optimizer": run.optimizer,
        "checkpointing": run.checkpointing,
        "attention": run.attention,
        "parameters": sum(p.numel() for p in params),
        "weights_bytes": weights,
        "gradients_bytes": grads,
        "optimizer_bytes": unique_storage_bytes(state_tensors),
        "activations_bytes": collector.total,
        "weight_copies_bytes": collector.weight_copy_bytes,
        "logits_bytes": logits_bytes,
        "peak_bytes": start + peak,
        "peak_breakdown": breakdown,
        "peak_phase": peak_phase,
        "phase_peaks": {k: start + v for k, v in phase_peaks.items()},
        "timeline_peak_bytes": timeline_peak,
        "step_start_bytes": start,
        "input_bytes": input_bytes,
        "retained_after_forward_bytes": retained_after_forward,
        "accounting_error_bytes": end_live - (start + cur),
        "model": info.get("model"),
        "dropout": info.get("dropout"),
        "checkpointing_detail": info.get("checkpointing_detail"),
        "seconds": round(t1 - t0, 1),
    }
    return result


# --------------------------------------------------------------------------------------------
# Activation profiles (forward only)
# --------------------------------------------------------------------------------------------


def _profile_inputs(spec: ProfileSpec, batch: int, image_size: int):
    torch = _torch()
    g = torch.Generator().manual_seed(0)
    if spec.id.startswith("unet"):
        side = image_size // 8
        sdxl = spec.id == "unet-sdxl"
        inp: dict[str, Any] = {
            "sample": torch.randn(batch, 4, side, side, generator=g),
            "timestep": torch.randint(0, 1000, (batch,), generator=g),
            "encoder_hidden_states": torch.randn(batch, 77, 2048 if sdxl else 768, generator=g),
        }
        if sdxl:
            inp["added_cond_kwargs"] = {
                "text_embeds": torch.randn(batch, 1280, generator=g),
                "time_ids": torch.tensor(
                    [[image_size, image_size, 0, 0, image_size, image_size]], dtype=torch.float32
                ).repeat(batch, 1),
            }
        target = torch.randn(batch, 4, side, side, generator=g)
        return inp, target
    channels = 1 if spec.id == "lenet-5" else 3
    x = torch.randn(batch, channels, image_size, image_size, generator=g)
    y = torch.randint(0, 10 if spec.id == "lenet-5" else 1000, (batch,), generator=g)
    return {"x": x}, y


def _profile_forward(spec: ProfileSpec, model, inp, target):
    F = _torch().nn.functional
    if spec.id.startswith("unet"):
        out = model(**inp, return_dict=False)[0]
        return F.mse_loss(out.float(), target)
    return F.cross_entropy(model(inp["x"]), target)


def saved_bytes(spec: ProfileSpec, model, batch: int, image_size: int, precision: str):
    """Saved-for-backward bytes of one forward (+ loss) with grad enabled."""
    torch = _torch()
    params = list(model.parameters())
    inp, target = _profile_inputs(spec, batch, image_size)
    collector = SavedTensorCollector(params)
    model.train()
    with gpu_like_dropout(), lowp_ctx(precision), collector.active(), autocast_ctx(precision):
        loss = _profile_forward(spec, model, inp, target)
    del loss
    collector.release()
    gc.collect()
    torch.manual_seed(0)
    return collector.total, collector.weight_copy_bytes


def forward_flops(spec: ProfileSpec, model) -> int:
    """FLOPs of one sample's forward pass (torch.utils.flop_counter: 2 per multiply-add)."""
    torch = _torch()
    from torch.utils.flop_counter import FlopCounterMode

    model = model.float() if spec.extra.get("bf16_weights") else model
    was_training = model.training
    model.eval()
    inp, _target = _profile_inputs(spec, 1, spec.image_size)
    with torch.no_grad(), FlopCounterMode(display=False) as counter:
        if spec.id.startswith("unet"):
            model(**inp, return_dict=False)
        else:
            model(inp["x"])
    model.train(was_training)
    return int(counter.get_total_flops())


def inference_bytes(spec: ProfileSpec, model, batch: int, image_size: int) -> int:
    """Peak working tensor memory of a no_grad eval forward beyond weights (input included)."""
    torch = _torch()
    from torch.profiler import ProfilerActivity, profile

    inp, _target = _profile_inputs(spec, batch, image_size)
    model.eval()
    unet = spec.id.startswith("unet")
    with torch.no_grad(), profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        out = model(**inp, return_dict=False)[0] if unet else model(inp["x"])
        del out
    allocs, _ = _profile_events(prof)
    cur = peak = 0
    for _t, size in allocs:
        cur += size
        peak = max(peak, cur)
    input_bytes = unique_storage_bytes(
        [v for v in inp.values() if torch.is_tensor(v)]
        + [v for d in inp.values() if isinstance(d, dict) for v in d.values()]
    )
    model.train()
    return peak + input_bytes


def measure_profile(spec: ProfileSpec, quick: bool) -> dict[str, Any]:
    torch = _torch()
    torch.manual_seed(0)
    t0 = time.time()
    b1, b2 = spec.batches
    if spec.id.startswith("unet"):
        model, cls = build_unet(spec.id)
    else:
        model, cls = build_cnn(spec.id)
    model.train()
    for p in model.parameters():
        p.requires_grad_(True)
    raw: dict[str, Any] = {
        "model": cls,
        "batches": [b1, b2],
        "image_size": spec.image_size,
        "parameters": sum(p.numel() for p in model.parameters()),
    }

    def slope(fn: Callable[[int], int]) -> tuple[int, list[int]]:
        a, b = fn(b1), fn(b2)
        return (b - a) // (b2 - b1), [a, b]

    copies: dict[str, int] = {}

    def saved(precision: str, tag: str) -> Callable[[int], int]:
        def fn(b: int) -> int:
            total, weight_copies = saved_bytes(spec, model, b, spec.image_size, precision)
            copies[tag] = weight_copies
            return total

        return fn

    def enable_checkpointing() -> None:
        if spec.id.startswith("unet"):
            model.enable_gradient_checkpointing()
            raw["checkpointing"] = "diffusers enable_gradient_checkpointing() (non-reentrant)"
        else:
            raw["checkpointing"] = checkpoint_cnn_stages(model, spec.id)

    out: dict[str, Any] = {}
    out["fp32_bytes_per_sample"], raw["fp32"] = slope(saved("fp32", "fp32"))
    if spec.extra.get("no_inference"):
        raw["inference_fp32"] = None
    else:
        out["inference_fp32_bytes_per_sample"], raw["inference_fp32"] = slope(
            lambda b: inference_bytes(spec, model, b, spec.image_size)
        )
    area = spec.extra.get("area_check_image_size")
    if area and not quick:
        s, pair = slope(lambda b: saved_bytes(spec, model, b, area, "fp32")[0])
        raw["area_check"] = {
            "image_size": area,
            "fp32_bytes_per_sample": s,
            "raw": pair,
            "scaled_to_image_size": s * (spec.image_size / area) ** 2,
        }
    if spec.extra.get("bf16_weights"):
        # Too large for fp32 weights + autocast's bf16 copies: measure the fp32 figures first,
        # then cast the weights to bf16 so autocast makes no copies. The copies are a fixed cost
        # that the per-sample slope removes anyway; unet-sd-1.5 checks that both ways agree.
        enable_checkpointing()
        out["checkpointed_fp32_bytes_per_sample"], raw["ckpt_fp32"] = slope(
            saved("fp32", "ckpt_fp32")
        )
        model.to(torch.bfloat16)
        gc.collect()
        raw["bf16_weights"] = True
        out["checkpointed_bf16_bytes_per_sample"], raw["ckpt_bf16"] = slope(
            saved("amp-bf16", "ckpt_bf16")
        )
        model.disable_gradient_checkpointing()
        out["bf16_bytes_per_sample"], raw["bf16"] = slope(saved("amp-bf16", "bf16"))
    else:
        out["bf16_bytes_per_sample"], raw["bf16"] = slope(saved("amp-bf16", "bf16"))
        if area and not quick:
            s, pair = slope(lambda b: saved_bytes(spec, model, b, area, "amp-bf16")[0])
            raw["area_check"]["bf16_fp32_weights_bytes_per_sample"] = s
        enable_checkpointing()
        out["checkpointed_fp32_bytes_per_sample"], raw["ckpt_fp32"] = slope(
            saved("fp32", "ckpt_fp32")
        )
        out["checkpointed_bf16_bytes_per_sample"], raw["ckpt_bf16"] = slope(
            saved("amp-bf16", "ckpt_bf16")
        )
        if area and not quick and spec.id.startswith("unet"):
            model.disable_gradient_checkpointing()
            model.to(torch.bfloat16)
            s, pair = slope(lambda b: saved_bytes(spec, model, b, area, "amp-bf16")[0])
            raw["area_check"]["bf16_bf16_weights_bytes_per_sample"] = s
    raw["weight_copies_bytes"] = copies  # bf16 copies of weights saved (fixed, not per sample)
    out["forward_flops_per_sample"] = forward_flops(spec, model)
    raw["seconds"] = round(time.time() - t0, 1)
    return {"id": spec.id, "image_size": spec.image_size, **out, "raw": raw}


# --------------------------------------------------------------------------------------------
# Worker plumbing
# --------------------------------------------------------------------------------------------


def worker(kind: str, ident: str, out_path: str, quick: bool) -> None:
    torch = _torch()
    torch.set_num_threads(max(1, os.cpu_count() or 1))
    warnings.filterwarnings("ignore")
    if kind == "run":
        run = next(r for r in RUNS if r.id == ident)
        if quick:
            run = quick_variant(run)
        result = measure_run(run)
    else:
        spec = next(p for p in PROFILES if p.id == ident)
        result = measure_profile(spec, quick)
    with open(out_path, "w") as f:
        json.dump(result, f)


def quick_variant(run: Run) -> Run:
    """Smaller shapes for ``--quick`` (the recorded batch/seq say what was measured)."""
    if run.workload.startswith(("bert", "gpt2", "llama")) and run.seq > 256:
        return _run(
            run.workload,
            run.batch,
            256,
            run.precision,
            run.optimizer,
            run.checkpointing,
            run.attention,
            True,
        )
    return run


def spawn(kind: str, ident: str, quick: bool) -> dict[str, Any] | None:
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as tmp:
        path = tmp.name
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", kind, ident, path]
    if quick:
        cmd.append("--quick")
    t0 = time.time()
    # Large blocks always mmap'd and returned on free: glibc's adaptive threshold otherwise keeps
    # freed tensor memory in the heap, and the worker's RSS climbs far above its live tensors.
    env = dict(os.environ)
    env.setdefault("MALLOC_MMAP_THRESHOLD_", str(1 << 20))
    env.setdefault("MALLOC_TRIM_THRESHOLD_", str(1 << 20))
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False, env=env)
    dt = time.time() - t0
    if proc.returncode != 0:
        print(f"  FAILED {kind} {ident} after {dt:.0f}s:\n{proc.stderr[-3000:]}", flush=True)
        return None
    with open(path) as f:
        result = json.load(f)
    os.unlink(path)
    print(f"  {kind} {ident}: {dt:.0f}s", flush=True)
    return result


# --------------------------------------------------------------------------------------------
# Writers
# --------------------------------------------------------------------------------------------


def _mib(n: int | None) -> str:
    return "—" if n is None else f"{n / 2**20:,.1f}"


def _merge(
    old: list[dict[str, Any]], new: list[dict[str, Any]], order: list[str]
) -> list[dict[str, Any]]:
    by_id = {r["id"]: r for r in old}
    by_id.update({r["id"]: r for r in new})
    rank = {ident: i for i, ident in enumerate(order)}
    return sorted(by_id.values(), key=lambda r: rank.get(r["id"], len(rank)))


def write_json(
    path: str,
    runs: list[dict[str, Any]],
    profiles: list[dict[str, Any]],
    versions: dict[str, str],
    date: str,
) -> None:
    doc = {
        "torch": versions["torch"],
        "transformers": versions["transformers"],
        "torchvision": versions["torchvision"],
        "diffusers": versions["diffusers"],
        "python": versions["python"],
        "device": "cpu",
        "date": date,
        "tool": "tools/measure_memory.py",
        "runs": runs,
        "profiles": profiles,
    }
    with open(path, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


def _toml_str(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def write_profiles(
    path: str, profiles: list[dict[str, Any]], versions: dict[str, str], date: str
) -> None:
    torch_short = ".".join(versions["torch"].split("+")[0].split(".")[:2])
    lines = [
        "# Measured activation memory per sample for CNN and diffusion-UNet workloads.",
        "# Generated by tools/measure_memory.py - do not edit by hand; re-run the script.",
        "# Bytes saved for backward per sample (slope between two batch sizes, so fixed parts such",
        "# as autocast's weight copies cancel), at image_size pixels; scale by pixel area for",
        "# other sizes. bf16 = torch.autocast(bfloat16) with fp32 weights. inference_* = peak",
        "# working memory of a no_grad forward beyond the weights, per sample.",
        f"# torch {versions['torch']}, torchvision {versions['torchvision']}, "
        f"diffusers {versions['diffusers']}, CPU, {date}.",
        "",
    ]
    keys = [
        "fp32_bytes_per_sample",
        "bf16_bytes_per_sample",
        "checkpointed_fp32_bytes_per_sample",
        "checkpointed_bf16_bytes_per_sample",
        "inference_fp32_bytes_per_sample",
        "forward_flops_per_sample",
    ]
    for p in profiles:
        spec = next(s for s in PROFILES if s.id == p["id"])
        raw = p["raw"]
        notes = spec.notes
        notes += (
            f" Per sample = slope between batch {raw['batches'][0]} and "
            f"{raw['batches'][1]} at {p['image_size']} px."
        )
        notes += f" Checkpointing: {raw['checkpointing']}."
        if "area_check" in raw:
            ac = raw["area_check"]
            notes += (
                f" Area check: at {ac['image_size']} px the fp32 figure is "
                f"{ac['fp32_bytes_per_sample']:,} B/sample, x{(p['image_size'] / ac['image_size']) ** 2:g}"
                f" = {int(ac['scaled_to_image_size']):,} vs {p['fp32_bytes_per_sample']:,} "
                "measured at full size."
            )
            if "bf16_bf16_weights_bytes_per_sample" in ac:
                notes += (
                    f" bf16 at {ac['image_size']} px: "
                    f"{ac['bf16_fp32_weights_bytes_per_sample']:,} B/sample with fp32 weights "
                    f"(autocast copies), {ac['bf16_bf16_weights_bytes_per_sample']:,} with the "
                    "weights cast to bf16."
                )
        if raw.get("bf16_weights"):
            notes += " bf16 figures measured with bf16 weights (see above)."
        lines.append("[[profile]]")
        lines.append(f"id = {_toml_str(p['id'])}")
        lines.append(f"image_size = {p['image_size']}")
        for k in keys:
            if p.get(k) is not None:
                lines.append(f"{k} = {p[k]}")
        lines.append(
            f"sources = [{_toml_str(f'measured: tools/measure_memory.py, torch {torch_short}, {date}')}]"
        )
        lines.append(f"notes = {_toml_str(notes)}")
        lines.append("")
    with open(path, "w") as f:
        f.write("\n".join(lines))


def write_doc(
    path: str,
    runs: list[dict[str, Any]],
    profiles: list[dict[str, Any]],
    versions: dict[str, str],
    date: str,
) -> None:
    out = [
        "# Measured training memory (PyTorch on the CPU)",
        "",
        "Generated by `tools/measure_memory.py` — do not edit the tables by hand; re-run the script.",
        f"torch {versions['torch']}, torchvision {versions['torchvision']}, "
        f"transformers {versions['transformers']}, diffusers {versions['diffusers']}, "
        f"Python {versions['python']}; device: CPU; date {date}.",
        *_later_runs_line(runs),
        "",
        "These numbers validate the VRAM estimator (`tests/data/measurements.json`) and supply the",
        "activation profiles for CNNs and diffusion UNets (`data/activation_profiles.toml`).",
        "",
        "## Method",
        "",
        "Every model is built from a config object with random weights (no download). Each run does",
        "one warm-up training step (forward, loss, backward, `optimizer.step()`), then one measured",
        "step with the gradients set to `None` first, in its own process.",
        "",
        "* **weights / gradients / optimizer**: bytes of the parameter storages, of `.grad` after",
        "  backward, and of every tensor in `optimizer.state` after a step (AdamW keeps `exp_avg`,",
        "  `exp_avg_sq` and a 4-byte `step` tensor per parameter tensor; SGD with momentum a",
        "  `momentum_buffer`; plain SGD nothing). Optimizers are torch's defaults (the `foreach`",
        "  implementation).",
        "* **activations**: tensors saved for backward in the forward pass (loss included), caught with",
        "  `torch.autograd.graph.saved_tensors_hooks`, de-duplicated by storage, parameter storages",
        "  excluded. Input batches saved by the first layer count. With (non-reentrant) activation",
        "  checkpointing this is what is saved outside the checkpointed regions plus the inputs each",
        "  checkpoint keeps for recomputation.",
        "* **weight copies**: under autocast, the bf16 copies of fp32 parameters that autocast makes",
        "  (once per forward, cached) and that are saved for backward; part of *activations*. They",
        "  do not grow with the batch.",
        "* **logits**: size of the logits tensor an LM returns (`batch × seq × vocab`, fp32 here; bf16",
        "  under autocast, where the loss then makes an fp32 copy).",
        "* **peak**: bytes of every live tensor at the start of the measured step (all tensors the",
        "  garbage collector can reach) plus the running sum of the allocations and frees the PyTorch",
        "  profiler (`profile_memory=True`) records during the step. The same profile run through",
        "  `torch.profiler._memory_profiler.MemoryProfileTimeline` gives the same peak within 128 bytes",
        "  (`timeline_peak_bytes`) and the split by category at the peak (`peak_breakdown`:",
        "  PARAMETER, OPTIMIZER_STATE, INPUT, TEMPORARY, ACTIVATION, GRADIENT, AUTOGRAD_DETAIL,",
        "  UNKNOWN — the profiler's own labels, heuristic). After the step the live bytes are",
        "  counted again and must equal start + net allocations (`accounting_error_bytes`, 0 in",
        "  every run). The *phase* is the forward / backward / optimizer range holding the peak.",
        "",
        "Making the CPU save what a GPU saves:",
        "",
        "* Dropout is routed to `torch.native_dropout`, which keeps a 1-byte bool mask like the",
        "  CUDA kernel (stock CPU dropout saves a float noise tensor). Models keep their default",
        "  dropout: hidden and attention dropout 0.1 for BERT and GPT-2 (eager runs), 0 for ViT",
        "  (HF default) and the Llama-style model.",
        '* `sdpa` runs use `attn_implementation="sdpa"` with attention dropout 0, so the CPU uses',
        "  its flash-style kernel, which saves the output and a log-sum-exp (no s×s matrix), like",
        "  FlashAttention / memory-efficient attention on a GPU. With dropout the CPU falls back to",
        "  the math kernel. `eager` runs materialise the s×s scores, probabilities and dropout mask.",
        "* This CPU has no native bf16 matrix units (bf16 GEMM runs 20–300× slower than fp32), so",
        "  under `amp-bf16` the arithmetic of bf16 `mm`/`addmm`/`bmm`/`baddbmm`/`convolution`/",
        "  `convolution_backward` is skipped: a dispatch mode below autograd returns a zero-filled",
        "  tensor of exactly the real output's shape, dtype and strides. The autograd graph, every",
        "  saved tensor and every allocation are the same; only the values are zeros.",
        "* CPU-only artefact left in: oneDNN re-lays out a convolution's weight into a temporary",
        "  on every call (up to one weight's size, e.g. 9 MiB in ResNet-50, 118 MB in SDXL's UNet).",
        "  It is small beside the training peaks here; it is why SDXL has no inference figure.",
        "* CPU autocast's op lists differ a little from CUDA's (both run matmul/conv/linear in bf16",
        "  and softmax / losses / norms in fp32 or mixed); the saved dtypes are what CPU autocast does.",
        "",
        "Activation profiles: forward passes at two batch sizes (2 and 4 for CNNs, 1 and 2 for the",
        "UNets); per sample = the difference divided by the batch difference, which removes fixed",
        "parts (autocast's weight copies, text and timestep embeddings). Inference = peak working",
        "tensor memory of a `torch.no_grad()` eval forward beyond the weights, input included.",
        "",
        "## What a GPU adds on top (known behaviour, not measured here)",
        "",
        "* The CUDA context: roughly 300–500 MiB per process (more with lazy-loading off and with",
        "  large kernel libraries such as cuDNN/cuBLAS loaded), outside PyTorch's allocator.",
        "* cuBLAS / cuBLASLt workspaces (a few MiB to tens of MiB per stream/handle), cuDNN",
        "  convolution workspaces chosen by the autotuner.",
        "* The caching allocator rounds each block up (512 B minimum, 2 MiB segments for small",
        "  blocks, larger segments rounded to 2 MiB or 20 MiB) and keeps freed blocks cached; with",
        "  fragmentation the *reserved* memory is commonly 5–20 % above the allocated peak measured",
        "  here. `torch.cuda.max_memory_allocated()` corresponds to `peak_bytes`;",
        "  `nvidia-smi` shows reserved + context.",
        "* Kernels may choose different layouts or fused paths (e.g. fused AdamW, cuDNN fused",
        "  attention) whose temporaries differ from the CPU's.",
        "",
        "## Runs",
        "",
        "All sizes in MiB (2^20 bytes); the JSON holds exact bytes. act = activations saved for",
        "backward (incl. weight copies); w-copies = autocast's bf16 copies of weights among them.",
        "",
        "| id | params | weights | grads | optimizer | act | w-copies | logits | peak | phase |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in runs:
        out.append(
            f"| `{r['id']}` | {r['parameters']:,} | {_mib(r['weights_bytes'])} | "
            f"{_mib(r['gradients_bytes'])} | {_mib(r['optimizer_bytes'])} | "
            f"{_mib(r['activations_bytes'])} | {_mib(r['weight_copies_bytes'])} | "
            f"{_mib(r['logits_bytes'])} | {_mib(r['peak_bytes'])} | {r['peak_phase']} |"
        )
    out += [
        "",
        "Peak by category (profiler labels, MiB) and per-phase peaks:",
        "",
        "| id | param | opt state | grad | activation | temporary | input | autograd | unknown |"
        " fwd peak | bwd peak | opt peak |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in runs:
        b = r["peak_breakdown"]
        ph = r["phase_peaks"]
        out.append(
            f"| `{r['id']}` | {_mib(b.get('PARAMETER'))} | {_mib(b.get('OPTIMIZER_STATE'))} | "
            f"{_mib(b.get('GRADIENT'))} | {_mib(b.get('ACTIVATION'))} | "
            f"{_mib(b.get('TEMPORARY'))} | {_mib(b.get('INPUT'))} | "
            f"{_mib(b.get('AUTOGRAD_DETAIL'))} | {_mib(b.get('UNKNOWN'))} | "
            f"{_mib(ph.get('forward'))} | {_mib(ph.get('backward'))} | {_mib(ph.get('optimizer'))} |"
        )
    out += [
        "",
        "## Activation profiles",
        "",
        "MiB per sample at the measured image size (`data/activation_profiles.toml` holds bytes).",
        "",
        "| id | image px | params | fp32 | bf16 | ckpt fp32 | ckpt bf16 | inference fp32 |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for p in profiles:
        out.append(
            f"| `{p['id']}` | {p['image_size']} | {p['raw']['parameters']:,} | "
            f"{_mib(p['fp32_bytes_per_sample'])} | {_mib(p['bf16_bytes_per_sample'])} | "
            f"{_mib(p['checkpointed_fp32_bytes_per_sample'])} | "
            f"{_mib(p['checkpointed_bf16_bytes_per_sample'])} | "
            f"{_mib(p.get('inference_fp32_bytes_per_sample'))} |"
        )
    out += [
        "",
        "UNets: `image_size` is the image in pixels (latent = image / 8). SD 1.5 is measured at full",
        "size (512 px); SDXL at 256 px (32×32 latents) because its 10.3 GB of fp32 weights plus",
        "bf16 copies leave no room for full size here — the estimator scales by area (×16 for",
        "1024 px). Attention there is SDPA (memory linear in tokens), so area scaling holds; see the",
        "area check in the SD 1.5 profile's notes.",
        "",
    ]
    with open(path, "w") as f:
        f.write("\n".join(out))


def _later_runs_line(runs: list[dict[str, Any]]) -> list[str]:
    """Runs re-measured later (``--only``) say which versions they used."""
    later = sorted({(r["measured_with"]["torch"], r["measured_with"]["transformers"],
                     r["measured_with"]["date"]) for r in runs if r.get("measured_with")})
    return [f"Runs added later: torch {t}, transformers {tr}, {d} (each run's `measured_with`)."
            for t, tr, d in later]


def versions() -> dict[str, str]:
    import importlib
    import platform

    out = {}
    for name in ("torch", "torchvision", "transformers", "diffusers"):
        try:
            out[name] = importlib.import_module(name).__version__
        except ImportError:
            out[name] = "not installed"
    out["python"] = platform.python_version()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out-json", default=os.path.join(ROOT, "tests/data/measurements.json"))
    ap.add_argument("--out-profiles", default=os.path.join(ROOT, "data/activation_profiles.toml"))
    ap.add_argument("--out-doc", default=os.path.join(ROOT, "docs/measurements.md"))
    ap.add_argument("--quick", action="store_true", help="small subset at reduced sizes")
    ap.add_argument(
        "--only",
        action="append",
        default=[],
        help="substring of run/profile ids to measure (repeatable)",
    )
    ap.add_argument("--no-runs", action="store_true")
    ap.add_argument("--flops-only", action="store_true",
                    help="count forward FLOPs of every profile into --out-json, then rewrite")
    ap.add_argument("--no-profiles", action="store_true")
    ap.add_argument(
        "--rewrite",
        action="store_true",
        help="measure nothing: regenerate the TOML and Markdown from --out-json",
    )
    ap.add_argument("--worker", nargs=3, metavar=("KIND", "ID", "OUT"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        worker(*args.worker, quick=args.quick)
        return 0

    def chosen(ident: str, quick_flag: bool) -> bool:
        if args.only:
            return any(s in ident for s in args.only)
        return quick_flag or not args.quick

    if args.flops_only:
        with open(args.out_json) as f:
            doc = json.load(f)
        for prof in doc["profiles"]:
            spec = next(s for s in PROFILES if s.id == prof["id"])
            model = build_unet(spec.id)[0] if spec.id.startswith("unet") else build_cnn(spec.id)[0]
            prof["forward_flops_per_sample"] = forward_flops(spec, model)
            print(spec.id, prof["forward_flops_per_sample"])
        with open(args.out_json, "w") as f:
            json.dump(doc, f, indent=1)
        args.rewrite = True

    if args.rewrite:
        with open(args.out_json) as f:
            doc = json.load(f)
        vers = {k: doc[k] for k in ("torch", "torchvision", "transformers", "diffusers")}
        vers["python"] = doc.get("python", "?")
        write_profiles(args.out_profiles, doc["profiles"], vers, doc["date"])
        write_doc(args.out_doc, doc["runs"], doc["profiles"], vers, doc["date"])
        return 0

    vers = versions()
    date = _dt.date.today().isoformat()
    if args.only and os.path.exists(args.out_json):
        # A partial re-run keeps the file's versions and date for the runs it does not redo;
        # each new run records its own versions and date.
        with open(args.out_json) as f:
            old_doc = json.load(f)
        run_versions = {k: vers[k] for k in ("torch", "transformers")} | {"date": date}
        vers = {k: old_doc.get(k, "?") for k in ("torch", "torchvision", "transformers",
                                                   "diffusers", "python")}
        date = old_doc.get("date", date)
    else:
        run_versions = {}
    t0 = time.time()
    runs: list[dict[str, Any]] = []
    profiles: list[dict[str, Any]] = []
    failed: list[str] = []
    if not args.no_runs:
        for run in RUNS:
            if chosen(run.id, run.quick):
                res = spawn("run", run.id, args.quick)
                if res and run_versions:
                    res["measured_with"] = run_versions
                (runs.append(res) if res else failed.append(run.id))
    if not args.no_profiles:
        for spec in PROFILES:
            if chosen(spec.id, spec.quick):
                res = spawn("profile", spec.id, args.quick)
                (profiles.append(res) if res else failed.append(spec.id))
    if args.only and os.path.exists(args.out_json):
        # Partial re-run: keep the other records of the existing file.
        with open(args.out_json) as f:
            old = json.load(f)
        runs = _merge(old.get("runs", []), runs, [r.id for r in RUNS])
        profiles = _merge(old.get("profiles", []), profiles, [p.id for p in PROFILES])
    if runs or profiles:
        write_json(args.out_json, runs, profiles, vers, date)
        write_doc(args.out_doc, runs, profiles, vers, date)
    if profiles:
        write_profiles(args.out_profiles, profiles, vers, date)
    print(f"done in {time.time() - t0:.0f}s; failed: {failed or 'none'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
