"""Plain records for the things the planner reasons about: GPUs, architectures, workloads, tariffs.

These are the one vocabulary shared by every layer: the catalog builds them from its rows, the
`.gpubuild` reader builds them from a file's snapshot, and the estimators take nothing else. They
are frozen so a spec handed to a panel can never be changed behind the document's back. This module
must not import Qt or the database.

Units are in the field names: ``_gb`` is the vendor's capacity figure (which is GiB for every card
we ship; see :func:`GpuSpec.memory_bytes`), ``_gbs`` is 10^9 bytes per second, ``_w`` watts,
``_tflops`` 10^12 dense operations per second.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

GIB = 1024**3

Vendor = Literal["NVIDIA", "AMD", "Intel"]
Segment = Literal["consumer", "workstation", "datacenter"]
WorkloadFamily = Literal["decoder", "encoder", "encoder-decoder", "vit", "cnn", "diffusion-unet"]


PriceKind = Literal["msrp", "list", "street", "estimate", "used"]


@dataclass(frozen=True, slots=True)
class Price:
    """One dated price record of a card; a price without a date is worthless.

    ``kind``: ``msrp`` (the vendor's suggested price), ``list`` (a vendor or distributor list
    price, a procurement record), ``street`` (what a retailer charged on ``as_of``), ``estimate``
    (a press or analyst figure) or ``used`` (second-hand). ``region`` is an ISO 3166 country code
    or ``global``. ``kept_because`` says why a record older than 18 months is still shipped.
    """

    amount: float
    currency: str
    as_of: str
    kind: str = "street"
    region: str = "global"
    source: str = ""
    note: str = ""
    kept_because: str = ""


@dataclass(frozen=True, slots=True)
class GpuSpec:
    """One GPU model as its datasheet describes it.

    Tensor throughputs are *dense* (no 2:4 sparsity) with FP32 accumulate where the vendor
    distinguishes (GeForce cards run FP16 with FP32 accumulate at half the FP16-accumulate rate).
    ``None`` means the chip lacks the feature or no datasheet states the figure; the catalog never
    guesses.
    """

    id: str
    vendor: str
    name: str
    architecture: str
    segment: str
    form_factor: str
    memory_gb: float
    memory_type: str
    memory_bandwidth_gbs: float
    tdp_w: float
    sources: tuple[str, ...]
    memory_bus_bits: int | None = None
    idle_w: float | None = None
    fp32_tflops: float | None = None
    fp16_tensor_tflops: float | None = None
    bf16_tensor_tflops: float | None = None
    fp8_tensor_tflops: float | None = None
    int8_tensor_tops: float | None = None
    fp4_tensor_tflops: float | None = None
    compute_capability: str | None = None
    rocm_support: str | None = None
    interconnect: str | None = None
    interconnect_bandwidth_gbs: float | None = None
    pcie_gen: int | None = None
    pcie_lanes: int | None = None
    ecc: bool | None = None
    slot_width: float | None = None
    power_connectors: str | None = None
    connectors_16pin: int | None = None
    connectors_8pin: int | None = None
    launch_year: int | None = None
    prices: tuple[Price, ...] = ()
    notes: str = ""
    custom: bool = False

    @property
    def memory_bytes(self) -> int:
        """Capacity in bytes: vendors' "24 GB" on a GPU is 24 GiB of DRAM."""
        return round(self.memory_gb * GIB)

    @property
    def has_peer_link(self) -> bool:
        """True when cards can talk over NVLink / Infinity Fabric instead of PCIe alone."""
        return bool(self.interconnect) and self.interconnect_bandwidth_gbs is not None

    def tensor_tflops(self, precision: str) -> float | None:
        """Peak dense throughput for a compute precision name (fp32, fp16, bf16, fp8, int8, fp4)."""
        return {
            "fp32": self.fp32_tflops,
            "fp16": self.fp16_tensor_tflops,
            "bf16": self.bf16_tensor_tflops,
            "fp8": self.fp8_tensor_tflops,
            "int8": self.int8_tensor_tops,
            "int4": self.int8_tensor_tops,
            "fp4": self.fp4_tensor_tflops,
        }.get(precision)


@dataclass(frozen=True, slots=True)
class Architecture:
    """A GPU micro-architecture and what its matrix units can do.

    The precision flags (``fp16`` ... ``tf32``) say which data types the tensor/matrix units run
    natively: whether a card *can* run a precision is answered here, never by whether its
    speed figure is on record (see :mod:`planner.core.records.capability`).
    """

    id: str
    vendor: str
    name: str
    launch_year: int
    process_node: str
    matrix_core_generation: str
    bf16: bool
    fp8: bool
    fp4: bool
    transformer_engine: bool
    structured_sparsity: bool
    interconnect: str
    features: tuple[str, ...]
    sources: tuple[str, ...]
    notes: str = ""
    fp16: bool = True
    int8: bool = False
    tf32: bool = False


@dataclass(frozen=True, slots=True)
class ActivationProfile:
    """Measured bytes saved for backward per sample, for models no closed formula describes.

    Measured with PyTorch on the CPU by ``tools/measure_memory.py`` at ``image_size`` pixels;
    scaled by pixel count for other sizes (convolutions' feature maps scale with area).
    """

    image_size: int
    fp32_bytes_per_sample: int
    bf16_bytes_per_sample: int
    checkpointed_fp32_bytes_per_sample: int | None = None
    checkpointed_bf16_bytes_per_sample: int | None = None
    inference_fp32_bytes_per_sample: int | None = None
    forward_flops_per_sample: int | None = None


@dataclass(frozen=True, slots=True)
class Workload:
    """A model a buyer asks about, with the hyper-parameters the estimator needs.

    Transformers carry their exact configuration (as in their Hugging Face ``config.json``); CNNs
    and diffusion UNets carry a measured :class:`ActivationProfile` instead.
    """

    id: str
    name: str
    family: str
    parameters: int
    sources: tuple[str, ...]
    layers: int | None = None
    decoder_layers: int | None = None
    hidden: int | None = None
    heads: int | None = None
    kv_heads: int | None = None
    head_dim: int | None = None
    intermediate: int | None = None
    vocab: int | None = None
    context: int | None = None
    gated_mlp: bool = False
    qkv_bias: bool = False
    tie_embeddings: bool = False
    norm: str = "layernorm"
    position: str = "learned"
    experts: int | None = None
    experts_per_token: int | None = None
    moe_intermediate: int | None = None
    shared_experts: int | None = None
    image_size: int | None = None
    patch_size: int | None = None
    encoder_context: int | None = None
    activation: str | None = None
    default_batch: int = 1
    default_seq: int | None = None
    profile: ActivationProfile | None = None
    notes: str = ""
    custom: bool = False
    # --- Second-generation fields: all optional, so older files and catalogs still read. ---
    #: Hugging Face ``model_type`` (``"falcon"``, ``"deepseek_v3"`` …): picks the exact layout;
    #: ``None`` keeps the layout the flags above describe (Llama-like or GPT-2-like).
    arch: str | None = None
    #: The task head loaded on top: causal-lm, seq-cls, token-cls, masked-lm, qa, base, seq2seq;
    #: ``None`` is the family's usual one (see :attr:`task_head`).
    head: str | None = None
    num_labels: int | None = None
    #: o_proj and MLP projections carry biases (GPT-NeoX, Phi-1/2, OPT, BLOOM, Falcon ``bias``).
    linear_bias: bool = False
    #: Norms per layer where the family has other than two (Phi-1/2 and Falcon-7B share one
    #: between parallel attention and MLP; Gemma 2/3 have four).
    layer_norms: int | None = None
    #: Per-head RMSNorm of queries and keys (Qwen3, Gemma 3).
    qk_norm: bool = False
    #: Post-norm blocks without a final norm (OPT-350m's ``do_layer_norm_before = false``).
    post_norm: bool = False
    #: Token-embedding width when it differs from ``hidden`` (OPT's ``word_embed_proj_dim``).
    embed_dim: int | None = None
    #: Sliding-window attention: tokens each query sees, and 1 layer in ``global_every`` that
    #: attends to the whole context (Gemma 2: 2, Gemma 3: 6; ``None``: every layer slides).
    sliding_window: int | None = None
    global_every: int | None = None
    #: Multi-head latent attention (DeepSeek-V2/V3): the compressed KV width, the query
    #: compression, the decoupled RoPE key width and the value head width. ``head_dim`` is the
    #: query/key head width (no-RoPE + RoPE parts).
    kv_lora_rank: int | None = None
    q_lora_rank: int | None = None
    rope_head_dim: int | None = None
    v_head_dim: int | None = None
    #: Leading layers of an MoE model that keep a dense MLP (DeepSeek's first_k_dense_replace).
    dense_layers: int | None = None
    #: Width of Qwen-MoE's gated shared expert, when it has one.
    shared_expert_intermediate: int | None = None
    #: Mamba: SSM state per channel, depthwise conv width, Δ projection rank (``intermediate``
    #: holds the inner width, expand × hidden).
    state_size: int | None = None
    conv_kernel: int | None = None
    dt_rank: int | None = None
    #: Cross-attention layers among ``layers`` (Mllama's text model).
    cross_layers: int | None = None
    #: Vision tower of a vision-language model: its parameters (counted from its config), its
    #: shape, and the patch tokens it encodes per sample.
    vision_parameters: int | None = None
    vision_layers: int | None = None
    vision_hidden: int | None = None
    vision_heads: int | None = None
    vision_intermediate: int | None = None
    vision_tokens: int | None = None

    @property
    def is_transformer(self) -> bool:
        """True when memory follows from the hyper-parameters rather than a measured profile."""
        return self.family in ("decoder", "encoder", "encoder-decoder", "vit")

    @property
    def is_ssm(self) -> bool:
        """A state-space model (Mamba): a fixed-size state per sequence instead of a KV cache."""
        return self.arch == "mamba"

    @property
    def task_head(self) -> str:
        """The head this workload loads: the stated one, else the family's usual one."""
        if self.head:
            return self.head
        return {"encoder": "masked-lm", "encoder-decoder": "seq2seq", "vit": "image-cls",
                "cnn": "image-cls", "diffusion-unet": "noise-prediction"}.get(
                    self.family, "causal-lm")

    @property
    def kv_head_count(self) -> int:
        """KV heads (GQA/MQA); equal to the attention heads when the config does not say."""
        return self.kv_heads or self.heads or 0

    @property
    def head_dimension(self) -> int:
        """Per-head width; some configs (Gemma, Qwen3) set it apart from hidden/heads."""
        if self.head_dim:
            return self.head_dim
        return (self.hidden or 0) // (self.heads or 1)


@dataclass(frozen=True, slots=True)
class TariffTier:
    """One step of a tiered tariff: the price applies to the kWh of a year up to ``up_to_kwh``."""

    up_to_kwh: float | None
    price_per_kwh: float


@dataclass(frozen=True, slots=True)
class Tariff:
    """An electricity price, flat or tiered (China's residential ladder is yearly tiers)."""

    id: str
    name: str
    region: str
    currency: str
    tiers: tuple[TariffTier, ...]
    as_of: str
    sources: tuple[str, ...]
    kind: str = "residential"
    notes: str = ""
    kept_because: str = ""


@dataclass(frozen=True, slots=True)
class GridCarbon:
    """Average grid carbon intensity of a region, grams of CO2 per kWh consumed."""

    id: str
    region: str
    g_co2_per_kwh: float
    year: int
    sources: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CloudReading:
    """An older hourly price of a cloud offer (newest first in :attr:`CloudInstance.history`)."""

    price_per_hour: float
    as_of: str
    source: str


@dataclass(frozen=True, slots=True)
class CloudInstance:
    """A rentable machine with its GPUs, priced by the hour at a stated date.

    ``per_gpu``: ``price_per_hour`` is ONE GPU-hour and 1..``gpu_count`` GPUs can be rented at a
    time (Lambda, RunPod, AutoDL ...); otherwise it is the whole unit of ``gpu_count`` GPUs.
    ``kind`` says what renting it means (on-demand, interruptible, marketplace, reserved;
    ``planner.core.costs.rental.offer_kind`` reads it, "" when the record states none) and
    ``kind_source`` what in the source shows it.
    """

    id: str
    provider: str
    name: str
    gpu_id: str
    gpu_count: int
    price_per_hour: float
    currency: str
    region: str
    as_of: str
    sources: tuple[str, ...]
    pricing: str = "on-demand"
    notes: str = ""
    per_gpu: bool = False
    kept_because: str = ""
    history: tuple[CloudReading, ...] = ()
    kind: str = ""
    kind_source: str = ""


@dataclass(frozen=True, slots=True)
class Catalog:
    """Everything the estimators and recommender look up, as one immutable bundle."""

    gpus: tuple[GpuSpec, ...] = ()
    architectures: tuple[Architecture, ...] = ()
    workloads: tuple[Workload, ...] = ()
    tariffs: tuple[Tariff, ...] = ()
    carbon: tuple[GridCarbon, ...] = ()
    cloud: tuple[CloudInstance, ...] = ()
    version: str = ""
    _gpu_index: dict[str, GpuSpec] = field(default_factory=dict, compare=False, repr=False)

    def gpu(self, gpu_id: str) -> GpuSpec | None:
        """Look a GPU up by id; ``None`` when this catalog does not have it."""
        if not self._gpu_index and self.gpus:
            self._gpu_index.update({g.id: g for g in self.gpus})
        return self._gpu_index.get(gpu_id)

    def architecture(self, architecture_id: str) -> Architecture | None:
        """Look an architecture up by id; ``None`` for one this catalog lacks (a custom GPU's)."""
        return next((a for a in self.architectures if a.id == architecture_id), None)

    def workload(self, workload_id: str) -> Workload | None:
        """Look a workload up by id."""
        return next((w for w in self.workloads if w.id == workload_id), None)
