"""Serving a model from a build: how many users its memory holds, how fast each one reads.

Capacity: the engine's pool (:mod:`serving_engines`) less the weights, the runtime and the peak of
a profiling forward pass is the KV cache; divided by one request's cache (prompt + output tokens,
whole blocks) it is the most requests the build holds at once. Weights and cache bytes come from
:func:`~planner.core.estimator.memory.estimate_inference` (quantization with 16-bit embeddings,
grouped-query and latent attention, tensor-parallel split with replicated KV heads).

Speed: a decode step of ``b`` users reads every weight once and each user's cache, at the card's
bandwidth times the engine's efficiency; it computes 2 FLOPs per active parameter per user at the
planner's stated MFU; over tensor parallelism each layer all-reduces twice on the binding link
(:mod:`links`, :func:`~planner.core.estimator.comms.ring_seconds`); a pipeline passes every stage
in turn; and the engine pays a fixed overhead per step and per layer. The slowest of reads and
compute, plus the link and the overhead, is the step. Prefill is compute-bound. With ``b`` users
each asking ``prompt`` and reading ``output`` tokens, one cycle costs ``output`` steps plus ``b``
prefills. Pure Python; no Qt, no database.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from planner.core.estimator.comms import ring_seconds
from planner.core.estimator.links import Link
from planner.core.estimator.memory import InferenceSetup, estimate_inference, parameters_of
from planner.core.estimator.serving_engines import (
    CONTEXT_BYTES,
    LLAMACPP_UBATCH,
    RUNTIME_BYTES,
    USABLE_SHARE,
    Engine,
    engine_of,
    vllm_defaults,
)
from planner.core.estimator.speed import DEFAULT_MFU, active_parameters
from planner.core.records.precision import QUANTIZATION_BYTES, QUANTIZATION_COMPUTE, EstimateError
from planner.core.records.specs import GpuSpec, Workload

SPLITS = ("tp", "pp")
#: Weight quantizations that keep the embeddings and LM head 16-bit (as estimate_inference does).
KEEP_16BIT_EMBEDDINGS = ("int8", "int4", "fp8")
KV_CHOICES = ("auto", "fp16", "bf16", "fp8", "int8")
#: Bytes of each activation the profiling pass keeps (16-bit compute).
ACTIVATION_BYTES = 2.0
#: Bytes of each logit vLLM's sampler holds (fp32) in its profiling pass.
LOGIT_BYTES = 4.0
#: Share of the largest aggregate throughput at which we place the knee.
KNEE_SHARE = 0.9

# Bound codes (planner/words words them).
BOUND_KV = "kv-cache"
BOUND_SEQS = "max-seqs"
BOUND_WEIGHTS = "weights"
BOUND_MEMORY = "memory-bandwidth"
BOUND_COMPUTE = "compute"
BOUND_LINK = "link"
BOUND_OVERHEAD = "engine-overhead"


@dataclass(frozen=True, slots=True)
class ServingSetup:
    """A serving workload: what is served, by which engine, to how many users.

    ``users`` is the number of people asking at once (None: as many as fit); ``target`` a
    per-user decode speed in tokens/s to meet instead (the most users that still get it).
    ``gpus`` is how many of the build's cards serve one copy (None: all), split by ``split``.
    ``fraction`` is the engine's memory knob (None: its default), ``batched_tokens`` vLLM's
    tokens per step for its profiling pass (None: its default for the card).
    """

    weights: str = "bf16"
    kv: str = "auto"
    engine: str = "vllm"
    prompt: int = 1000
    output: int = 500
    users: int | None = None
    target: float | None = None
    gpus: int | None = None
    split: str = "tp"
    fraction: float | None = None
    batched_tokens: int | None = None

    @property
    def context(self) -> int:
        """Tokens one request holds in cache at its end."""
        return self.prompt + self.output

    def check(self) -> None:
        """Raise one plain sentence for a setting that cannot be served."""
        engine_of(self.engine)
        if self.weights not in QUANTIZATION_BYTES or self.weights == "nf4":
            valid = ", ".join(k for k in QUANTIZATION_BYTES if k != "nf4")
            raise EstimateError(f"Unknown weight precision '{str(self.weights)[:20]}'; use one "
                                f"of {valid}.", setting="weights")
        if self.kv not in KV_CHOICES:
            raise EstimateError(f"Unknown KV cache precision '{str(self.kv)[:20]}'; use one of "
                                f"{', '.join(KV_CHOICES)}.", setting="kv")
        if self.split not in SPLITS:
            raise EstimateError("Split the model over GPUs with tp (tensor parallel) or pp "
                                "(pipeline).", setting="split")
        if self.prompt < 0 or self.output < 1:
            raise EstimateError("A request needs a prompt of 0 or more tokens and an output of "
                                "at least 1 token.", setting="output")
        if self.users is not None and self.users < 1:
            raise EstimateError("Users must be at least 1.", setting="users")
        if self.target is not None and not (self.target > 0 and math.isfinite(self.target)):
            raise EstimateError("The per-user speed to meet must be above 0 tokens/s.",
                                setting="target")
        if self.gpus is not None and self.gpus < 1:
            raise EstimateError("A model needs at least 1 GPU to serve it.", setting="gpus")
        if self.fraction is not None and not 0 < self.fraction <= 1:
            raise EstimateError("The engine's memory share must be above 0 and at most 1.",
                                setting="fraction")
        if self.batched_tokens is not None and self.batched_tokens < 1:
            raise EstimateError("Tokens per step must be at least 1.", setting="batched_tokens")


@dataclass(frozen=True, slots=True)
class ServingMemory:
    """One GPU's memory under the engine, and the users the KV cache holds (per copy)."""

    capacity_bytes: int
    usable_bytes: int
    budget_bytes: int
    weights_bytes: int
    runtime_bytes: int
    activation_bytes: int
    kv_bytes: int
    kv_bytes_per_token: float
    kv_tokens: int
    context: int
    max_seqs: int | None
    max_users: int
    bound: str

    @property
    def fits(self) -> bool:
        """At least one request of the stated length fits."""
        return self.max_users >= 1


def _kv_precision(setup: ServingSetup) -> str | None:
    return None if setup.kv == "auto" else setup.kv


def _per_token_activation(w: Workload, n_tp: int) -> float:
    """Activations one token keeps at the profiling peak: MLP in and out, QKV and the residual."""
    h = float(w.hidden or 0)
    f = float(w.moe_intermediate or w.intermediate or 4 * h) * (w.experts_per_token or 1)
    qkv = h + 2 * w.kv_head_count * w.head_dimension
    return ACTIVATION_BYTES * ((3 * f + qkv) / n_tp + h)


def serving_memory(w: Workload, setup: ServingSetup, gpu: GpuSpec, count: int) -> ServingMemory:
    """Memory of one copy of the model over ``count`` cards of ``gpu``, and the users it holds."""
    setup.check()
    eng = engine_of(setup.engine)
    split = setup.split if count > 1 else "tp"
    est = estimate_inference(w, InferenceSetup(precision=setup.weights, batch=1,
                                               seq=setup.context, kv_precision=_kv_precision(setup),
                                               gpus=count, strategy=split))
    per_token = est.kv_cache / setup.context
    weights = est.weights
    capacity = gpu.memory_bytes
    usable = int(capacity * USABLE_SHARE)
    n_tp = count if split == "tp" else 1
    act_token = _per_token_activation(w, n_tp)
    max_seqs: int | None = None
    if eng.pool == "share-of-card":
        tokens, max_seqs = vllm_defaults(gpu.memory_gb, gpu.name)
        tokens = setup.batched_tokens or tokens
        budget = int(usable * (setup.fraction or eng.fraction or 1.0))
        activation = int(tokens * act_token + max_seqs * (w.vocab or 0) * LOGIT_BYTES)
        runtime = RUNTIME_BYTES
        pool = budget - weights - runtime - activation
    elif eng.pool == "static-share":
        budget = int(usable * (setup.fraction or eng.fraction or 1.0))
        activation, runtime = 0, 0
        pool = budget - weights
    elif eng.pool == "share-of-free":
        budget = usable
        activation = int((setup.batched_tokens or 8192) * act_token)
        runtime = RUNTIME_BYTES
        pool = int((usable - weights - runtime - activation) * (setup.fraction or 0.9))
    else:
        budget = usable
        runtime = CONTEXT_BYTES
        activation = int(min(LLAMACPP_UBATCH, max(1, setup.prompt)) * act_token)
        pool = budget - weights - runtime - activation
    pool = max(0, pool)
    block_bytes = per_token * eng.block
    kv_tokens = int(pool // block_bytes) * eng.block if block_bytes > 0 else 0
    per_request = math.ceil(setup.context / eng.block) * eng.block
    users = kv_tokens // per_request if per_request else 0
    bound = BOUND_KV
    if weights + runtime + activation >= budget:
        bound = BOUND_WEIGHTS
    elif max_seqs is not None and users > max_seqs:
        users, bound = max_seqs, BOUND_SEQS
    return ServingMemory(capacity, usable, budget, int(weights), runtime, activation, int(pool),
                         per_token, kv_tokens, setup.context, max_seqs, int(users), bound)


@dataclass(frozen=True, slots=True)
class Step:
    """One decode step of ``users`` sequences: what it reads, computes, sends and pays."""

    users: int
    memory_s: float
    compute_s: float
    link_s: float
    overhead_s: float

    @property
    def seconds(self) -> float:
        """The step: the slower of reads and compute, then the link and the fixed overhead."""
        return max(self.memory_s, self.compute_s) + self.link_s + self.overhead_s

    @property
    def bound(self) -> str:
        """The largest part of the step."""
        parts = {BOUND_MEMORY: self.memory_s if self.memory_s >= self.compute_s else 0.0,
                 BOUND_COMPUTE: self.compute_s if self.compute_s > self.memory_s else 0.0,
                 BOUND_LINK: self.link_s, BOUND_OVERHEAD: self.overhead_s}
        return max(parts, key=lambda k: parts[k])


def compute_rate(gpu: GpuSpec, weights: str) -> float:
    """FLOP/s the card's tensor units do at the precision the weights compute in (0: unknown)."""
    rate = gpu.tensor_tflops(QUANTIZATION_COMPUTE.get(weights, "fp16"))
    rate = rate or gpu.tensor_tflops("fp16") or gpu.fp32_tflops or 0.0
    return rate * 1e12


def weight_bytes_read(w: Workload, setup: ServingSetup, mem: ServingMemory, count: int,
                      users: int) -> float:
    """Weight bytes one GPU reads in a step of ``users`` users.

    The input embedding table is looked up, not read (unless it is tied to the LM head, which
    is); a mixture of experts reads only the experts its users' tokens are routed to, on
    average ``E x (1 - (1 - k/E)^users)`` of ``E``.
    """
    wb = QUANTIZATION_BYTES[setup.weights]
    emb_b = 2.0 if setup.weights in KEEP_16BIT_EMBEDDINGS else wb
    emb_in = 0 if w.tie_embeddings else (w.vocab or 0) * (w.embed_dim or w.hidden or 0)
    read = mem.weights_bytes - emb_in * emb_b / count
    e, k = w.experts or 0, w.experts_per_token or 0
    if e > k > 0:
        experts_all = (parameters_of(w) - active_parameters(w)) * e / (e - k)
        touched = e * (1.0 - (1.0 - k / e) ** users)
        read -= experts_all * (1.0 - touched / e) * wb / count
    return max(0.0, read)


def decode_step(w: Workload, setup: ServingSetup, mem: ServingMemory, gpu: GpuSpec, count: int,
                link: Link | None, users: int, engine: Engine | None = None) -> Step:
    """A decode step of ``users`` users, each halfway through their output on average."""
    eng = engine or engine_of(setup.engine)
    split = setup.split if count > 1 else "tp"
    layers = w.decoder_layers or w.layers or 1
    read_w = weight_bytes_read(w, setup, mem, count, users)
    kv_read = users * (setup.prompt + setup.output / 2) * mem.kv_bytes_per_token
    bw = gpu.memory_bandwidth_gbs * 1e9 * eng.bandwidth_efficiency
    stages = count if split == "pp" else 1
    memory_s = stages * (read_w + kv_read) / bw
    rate = compute_rate(gpu, setup.weights)
    flops = 2.0 * active_parameters(w) * users
    compute_s = flops / (rate * DEFAULT_MFU * count) * (1 if split == "tp" else count) \
        if rate else 0.0
    link_s = 0.0
    if count > 1 and link is not None:
        act = users * (w.hidden or 0) * ACTIVATION_BYTES
        if split == "tp":
            calls = 2 * layers
            link_s = ring_seconds(2 * (count - 1) / count * act * calls, link, calls)
        else:
            link_s = (count - 1) * ring_seconds(act, link, 1)
    overhead_s = eng.step_overhead_s + eng.layer_overhead_s * layers
    return Step(users, memory_s, compute_s, link_s, overhead_s)


def prefill_seconds(w: Workload, setup: ServingSetup, gpu: GpuSpec, count: int) -> float:
    """Seconds to read one prompt: 2 FLOPs per active parameter per token, attention's n² too."""
    rate = compute_rate(gpu, setup.weights)
    if not rate:
        return 0.0
    p = max(1, setup.prompt)
    layers = w.decoder_layers or w.layers or 1
    attn = 2.0 * layers * p * p * (w.heads or 0) * w.head_dimension  # QK^T and AV, causal half
    flops = 2.0 * active_parameters(w) * p + attn
    n = count if setup.split == "tp" or count == 1 else 1
    return flops / (rate * DEFAULT_MFU * n)


@dataclass(frozen=True, slots=True)
class Load:
    """The build serving ``users`` users at once, each asking and reading in turn."""

    users: int
    step: Step
    prefill_s: float
    per_user_tok_s: float
    aggregate_tok_s: float
    ttft_s: float | None
    saturated: bool


def load_at(w: Workload, setup: ServingSetup, mem: ServingMemory, gpu: GpuSpec, count: int,
            link: Link | None, users: int) -> Load:
    """Speeds at ``users`` users: a cycle is ``output`` steps plus every user's prefill."""
    step = decode_step(w, setup, mem, gpu, count, link, users)
    pre = prefill_seconds(w, setup, gpu, count) + step.overhead_s
    cycle = setup.output * step.seconds + users * pre
    aggregate = users * setup.output / cycle
    per_user = setup.output / (setup.output * step.seconds + (users - 1) * pre)
    busy = users * pre / cycle  # share of the GPU's time spent reading prompts
    saturated = busy >= 1.0
    ttft = None if saturated else pre / (1.0 - busy) + step.seconds
    return Load(users, step, pre, per_user, aggregate, ttft, saturated)


def knee(loads: list[Load]) -> Load | None:
    """The fewest users at which the build reaches 90 % of its largest aggregate throughput."""
    if not loads:
        return None
    top = max(x.aggregate_tok_s for x in loads)
    return next(x for x in loads if x.aggregate_tok_s >= KNEE_SHARE * top)


def user_counts(limit: int) -> list[int]:
    """User counts to evaluate up to ``limit``: every count to 16, then about 6 % steps."""
    out: list[int] = []
    n = 1
    while n <= limit:
        out.append(n)
        n = n + 1 if n < 16 else max(n + 1, int(n * 1.06))
    if limit >= 1 and out[-1] != limit:
        out.append(limit)
    return out
