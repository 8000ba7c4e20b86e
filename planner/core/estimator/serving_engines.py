"""Serving engines: how each one reserves GPU memory and what a decode step costs it beyond reads.

An engine decides how much of a card its KV cache gets. vLLM takes ``gpu_memory_utilization`` of
the card's memory (default 0.9) and fills what the weights, the runtime's own allocations and the
peak of a profiling forward pass leave with 16-token blocks; SGLang's ``mem_fraction_static`` is
the share for weights plus KV pool together; TensorRT-LLM gives the KV cache a share of the memory
still free once the engine is built (``free_gpu_memory_fraction``, 0.9); llama.cpp allocates the
context (``-c``) up front and splits it between its parallel slots; Hugging Face transformers
keeps a growing cache per request with no pool at all.

A decode step reads the weights and the cache at a share of the card's bandwidth and pays a fixed
overhead (kernel launches, the scheduler, sampling) that grows with the number of layers. The
three numbers of each engine (``bandwidth_efficiency``, ``step_overhead_s``, ``layer_overhead_s``)
are fitted on the calibration rows of ``tests/data/published_serving.json`` by
``tools/fit_serving.py`` and never on its validation rows; engines without calibration rows take
vLLM's and say so (``fitted = False``). Pure Python; no Qt, no database.
"""

from __future__ import annotations

from dataclasses import dataclass

from planner.core.records.precision import EstimateError

GIB = 1024**3

#: Share of a card's memory the driver hands to CUDA/ROCm: 23.58 of 24 GiB on an RTX 3090
#: (vllm-project/vllm#14447: "total_gpu_memory (23.58GiB)"), 39.38 of 40 GiB on an A100 40GB
#: (vllm-project/vllm#16570: "total_gpu_memory (39.38GiB)"); their mean.
USABLE_SHARE = 0.984

#: Memory a serving runtime allocates outside PyTorch's pool (NCCL, cuBLAS workspaces): vLLM logs
#: it as ``non_torch_memory``: 0.20 GiB on an RTX 3090 (vllm#14447), 0.34-0.43 GiB per A100 40GB
#: at tensor-parallel 4 (vllm#16570), 0.03 GiB on an RTX 4060 (vllm#13882). We reserve 0.3 GiB.
RUNTIME_BYTES = int(0.3 * GIB)

#: A CUDA context when the engine does not count it inside its own budget (llama.cpp,
#: transformers): 512 MiB, the planner's ``modern`` software stack (estimator/stacks.py).
CONTEXT_BYTES = 512 * 1024**2

#: vLLM's batch defaults for ``vllm serve`` (vllm/engine/arg_utils.py, EngineArgs batch defaults):
#: 8192 tokens a step and 1024 sequences on cards of at least 70 GiB other than the A100,
#: 2048 tokens and 256 sequences elsewhere.
VLLM_BIG_CARD_GIB = 70
VLLM_BATCHED_TOKENS = {"big": 8192, "other": 2048}
VLLM_MAX_SEQS = {"big": 1024, "other": 256}

#: llama.cpp's physical batch (``-ub``, default 512): the compute buffer holds one of it.
LLAMACPP_UBATCH = 512


@dataclass(frozen=True, slots=True)
class Engine:
    """One serving engine's memory rule and step costs.

    ``pool``: ``share-of-card`` (vLLM: ``fraction`` of the card for everything), ``static-share``
    (SGLang: ``fraction`` for weights and KV pool), ``share-of-free`` (TensorRT-LLM: ``fraction``
    of what is free after weights and workspace), ``whole-card`` (llama.cpp, transformers: the
    rest of the card). ``block`` is tokens per KV page (1: no paging). ``fraction_name`` is the
    engine's own name for its memory knob.
    """

    id: str
    name: str
    pool: str
    fraction: float | None
    fraction_name: str
    block: int
    bandwidth_efficiency: float
    step_overhead_s: float
    layer_overhead_s: float
    fitted: bool
    source: str


# Fitted by tools/fit_serving.py on the calibration rows (see the module docstring).
_VLLM_FIT = (0.84, 0.0010, 0.00010)
_HF_FIT = (0.95, 0.0050, 0.00080)
_LLAMACPP_FIT = (0.82, 0.0035, 0.0)

ENGINES: dict[str, Engine] = {e.id: e for e in (
    Engine("vllm", "vLLM", "share-of-card", 0.9, "gpu_memory_utilization", 16, *_VLLM_FIT, True,
           "vLLM engine arguments: gpu_memory_utilization 0.9, block_size 16 (docs.vllm.ai "
           "engine args); KV blocks = (total x utilization - weights - non-torch - profile "
           "peak) / block bytes (vllm worker determine_available_memory)."),
    Engine("sglang", "SGLang", "static-share", 0.85, "mem_fraction_static", 1, *_VLLM_FIT, False,
           "SGLang: mem_fraction_static = (weights + KV pool) / GPU memory (sglang docs, "
           "hyperparameter tuning, sgl-project/sglang#9083); 0.85 as the Qwen3 speed benchmark "
           "sets it (qwen.readthedocs.io, speed benchmark). Step costs: vLLM's (not fitted)."),
    Engine("trtllm", "TensorRT-LLM", "share-of-free", 0.9, "free_gpu_memory_fraction", 32,
           *_VLLM_FIT, False,
           "TensorRT-LLM KvCacheConfig.free_gpu_memory_fraction 0.9 of the memory free after the "
           "engine loads, 32-token blocks (tokens_per_block). Step costs: vLLM's (not fitted)."),
    Engine("llamacpp", "llama.cpp", "whole-card", None, "", 1, *_LLAMACPP_FIT, True,
           "llama.cpp server: the context (-c) is allocated at start and split between -np "
           "slots; one -ub 512 compute buffer."),
    Engine("transformers", "Hugging Face transformers", "whole-card", None, "", 1, *_HF_FIT,
           True, "transformers generate(): a dynamic cache per request, no pool, no batching "
           "across requests."),
)}


def engine_of(name: str) -> Engine:
    """The engine called ``name``; one plain sentence naming the valid ones otherwise."""
    try:
        return ENGINES[name]
    except KeyError:
        raise EstimateError(f"Unknown serving engine '{str(name)[:40]}'; use one of "
                            f"{', '.join(ENGINES)}.", setting="engine") from None


def vllm_defaults(capacity_gib: float, gpu_name: str) -> tuple[int, int]:
    """VLLM's tokens per step and sequences per step for ``vllm serve`` on this card."""
    big = capacity_gib >= VLLM_BIG_CARD_GIB and "a100" not in gpu_name.lower()
    key = "big" if big else "other"
    return VLLM_BATCHED_TOKENS[key], VLLM_MAX_SEQS[key]
