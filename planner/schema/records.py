"""One schema per catalog record: GPU, price, architecture, workload, profile, tariff, grid, cloud.

The ``data/`` loader checks each TOML record against these with ``context={"tier": "catalog"}``;
a `.gpubuild` file's GPU and model snapshots use the same declarations (the ``*Snapshot``
classes add the keys only a file holds). The rules that tie fields of one record together (an
idle figure below the board power, a transformer's shape) are model validators here; the ones
between records and files (an architecture that exists) are the loader's.
"""

from __future__ import annotations

import typing
from typing import Annotated, Any

from pydantic import ValidationInfo, model_validator

from planner.core.models.layouts import HEADS, KNOWN_ARCHS
from planner.core.records.specs import (
    ActivationProfile,
    Architecture,
    GpuSpec,
    GridCarbon,
    Segment,
    Workload,
    WorkloadFamily,
)
from planner.schema import limits as lim
from planner.schema.base import Record, fmt, id_text, notes_text, record_problem
from planner.schema.dated import (
    PriceRecord,
)
from planner.schema.fields import (
    ID_PATTERN,
    Flag,
    Nested,
    Num,
    Range,
    Text,
    Texts,
    spec_of,
    tier,
)

VENDORS = ("NVIDIA", "AMD", "Intel")
MEMORY_TYPES = ("GDDR5", "GDDR5X", "GDDR6", "GDDR6X", "GDDR7", "HBM", "HBM2", "HBM2e", "HBM3",
                "HBM3e", "HBM4", "LPDDR5", "LPDDR5X")
TRANSFORMER_FAMILIES = ("decoder", "encoder", "encoder-decoder", "vit")
TEXT_FAMILIES = ("decoder", "encoder", "encoder-decoder")
PROFILED_FAMILIES = ("cnn", "diffusion-unet")
_POS = 10**9
_TFLOPS_HIGH = 1_000_000


def _tflops(label: str, hint: str = "TFLOPS, dense") -> Any:
    return Num(label, above=0, high=_TFLOPS_HIGH, hint=hint, catalog=Range(above=0, high=50_000))


class GpuRecord(Record):
    """One GPU model as its datasheet describes it.

    Its checked form is :class:`planner.core.records.specs.GpuSpec`.
    """

    core = GpuSpec

    id: Annotated[str, id_text("GPU id")]
    vendor: Annotated[str, Text("GPU vendor", catalog_choices=VENDORS)]
    name: Annotated[str, Text("GPU name", "name")]
    architecture: Annotated[str, Text("GPU architecture", pattern=ID_PATTERN)]
    segment: Annotated[str, Text("GPU segment", choices=typing.get_args(Segment))]
    form_factor: Annotated[str, Text("GPU form factor")]
    memory_gb: Annotated[float, Num("GPU memory", above=0, high=lim.MAX_MEMORY_GB, hint="GB",
                                    catalog=Range(above=0, high=2048))]
    memory_type: Annotated[str, Text("GPU memory type", catalog_choices=MEMORY_TYPES)]
    memory_bandwidth_gbs: Annotated[float, Num("Memory bandwidth", above=0, high=1_000_000,
                                               hint="GB/s, not TB/s",
                                               catalog=Range(low=20, high=100_000))]
    tdp_w: Annotated[float, Num("Board power", above=0, high=100_000, hint="watts",
                                catalog=Range(low=10, high=5_000))]
    sources: Annotated[list[str], Texts("GPU sources", required=True)]
    memory_bus_bits: Annotated[int | None, Num("Memory bus width", low=1, high=65_536,
                                               integer=True,
                                               catalog=Range(above=0, high=16_384))] = None
    idle_w: Annotated[float | None, Num("Idle power", low=0, high=100_000, hint="watts",
                                        catalog=Range(above=0, high=1_000))] = None
    fp32_tflops: Annotated[float | None, Num("FP32 throughput", above=0, high=_TFLOPS_HIGH,
                                             hint="TFLOPS",
                                             catalog=Range(above=0, high=1_000))] = None
    fp16_tensor_tflops: Annotated[float | None, _tflops("FP16 tensor throughput")] = None
    bf16_tensor_tflops: Annotated[float | None, _tflops("BF16 tensor throughput")] = None
    fp8_tensor_tflops: Annotated[float | None, _tflops("FP8 tensor throughput")] = None
    int8_tensor_tops: Annotated[float | None, _tflops("INT8 tensor throughput",
                                                      "TOPS, dense")] = None
    fp4_tensor_tflops: Annotated[float | None, _tflops("FP4 tensor throughput")] = None
    compute_capability: Annotated[str | None, Text("Compute capability",
                                                   pattern=r"\d+\.\d+")] = None
    rocm_support: Annotated[str | None, Text(
        "ROCm support", catalog_choices=("supported", "unofficial", "unsupported"))] = None
    interconnect: Annotated[str | None, Text("GPU interconnect")] = None
    interconnect_bandwidth_gbs: Annotated[float | None, Num(
        "Interconnect bandwidth", above=0, high=1_000_000, hint="GB/s",
        catalog=Range(above=0, high=100_000))] = None
    pcie_gen: Annotated[int | None, Num("PCIe generation", low=1, high=16, integer=True,
                                        catalog=Range(low=1, high=7))] = None
    pcie_lanes: Annotated[int | None, Num("PCIe lanes", low=1, high=64, integer=True,
                                          catalog_choices=(1, 2, 4, 8, 16))] = None
    ecc: Annotated[bool | None, Flag("ECC")] = None
    slot_width: Annotated[float | None, Num("Slot width", above=0, high=10,
                                            catalog=Range(above=0, high=6))] = None
    power_connectors: Annotated[str | None, Text("Power connectors")] = None
    connectors_16pin: Annotated[int | None, Num("Number of 16-pin connectors", low=0, high=16,
                                                integer=True, catalog=Range(low=0, high=8))] = None
    connectors_8pin: Annotated[int | None, Num("Number of 8-pin connectors", low=0, high=16,
                                               integer=True, catalog=Range(low=0, high=8))] = None
    launch_year: Annotated[int | None, Num("Launch year", low=1990, high=2100, integer=True,
                                           catalog=Range(low=2015, high=2030))] = None
    notes: Annotated[str, notes_text("GPU notes")] = ""

    @model_validator(mode="after")
    def _consistent(self, info: ValidationInfo) -> GpuRecord:
        if tier(info) == "document":
            return self
        if self.compute_capability is not None and self.vendor != "NVIDIA":
            raise record_problem("compute_capability", f"has compute_capability but is an "
                                 f"{self.vendor} card; only NVIDIA cards have a CUDA compute "
                                 "capability")
        if self.rocm_support is not None and self.vendor != "AMD":
            raise record_problem("rocm_support", f"has rocm_support but is an {self.vendor} "
                                 "card; only AMD cards run ROCm")
        if self.idle_w is not None and self.idle_w >= self.tdp_w:
            raise record_problem("idle_w", f"has idle_w = {fmt(self.idle_w)}, which must be "
                                 f"below tdp_w = {fmt(self.tdp_w)}")
        return self


class PricedGpu(GpuRecord):
    """A GPU with its dated prices (which ``data/`` keeps apart, in ``prices.toml``)."""

    prices: Annotated[list[PriceRecord], Nested("GPU prices", "list")] = []  # noqa: RUF012


class GpuSnapshot(PricedGpu):
    """A GPU as a `.gpubuild` file keeps it: a datasheet record, or the user's own card."""

    custom: Annotated[bool, Flag("GPU custom flag")] = False


class ArchitectureRecord(Record):
    """A GPU micro-architecture and which matrix data types its tensor/matrix units run."""

    core = Architecture

    id: Annotated[str, id_text("Architecture id")]
    vendor: Annotated[str, Text("Architecture vendor", catalog_choices=VENDORS)]
    name: Annotated[str, Text("Architecture name", "name")]
    launch_year: Annotated[int, Num("Launch year", low=2010, high=2030, integer=True)]
    process_node: Annotated[str, Text("Process node", "source")] = ""
    matrix_core_generation: Annotated[str, Text("Matrix core generation", "source")] = ""
    fp16: Annotated[bool, Flag("FP16")]
    bf16: Annotated[bool, Flag("BF16")]
    fp8: Annotated[bool, Flag("FP8")]
    fp4: Annotated[bool, Flag("FP4")]
    int8: Annotated[bool, Flag("INT8")]
    tf32: Annotated[bool, Flag("TF32")] = False
    transformer_engine: Annotated[bool, Flag("Transformer engine")] = False
    structured_sparsity: Annotated[bool, Flag("Structured sparsity")] = False
    interconnect: Annotated[str, Text("Interconnect", "source")] = ""
    features: Annotated[list[str], Texts("Features")] = []  # noqa: RUF012 - pydantic copies
    sources: Annotated[list[str], Texts("Architecture sources", required=True)]
    notes: Annotated[str, notes_text("Architecture notes")] = ""


def _bytes(label: str, high: int = 10**15) -> Num:
    return Num(label, low=1, high=high, integer=True, catalog=Range(above=0))


class ActivationProfileRecord(Record):
    """Measured activation bytes of a model no closed formula describes."""

    core = ActivationProfile

    image_size: Annotated[int, Num("Profile image size", low=1, high=1_000_000, integer=True,
                                   catalog=Range(above=0))]
    fp32_bytes_per_sample: Annotated[int, _bytes("Profile FP32 bytes per sample")]
    bf16_bytes_per_sample: Annotated[int, _bytes("Profile BF16 bytes per sample")]
    checkpointed_fp32_bytes_per_sample: Annotated[
        int | None, _bytes("Profile checkpointed FP32 bytes")] = None
    checkpointed_bf16_bytes_per_sample: Annotated[
        int | None, _bytes("Profile checkpointed BF16 bytes")] = None
    inference_fp32_bytes_per_sample: Annotated[
        int | None, _bytes("Profile inference bytes")] = None
    forward_flops_per_sample: Annotated[
        int | None, _bytes("Profile FLOPs per sample", 10**18)] = None


class ProfileFileRecord(ActivationProfileRecord):
    """A profile in ``activation_profiles.toml``: the workload's id and where it was measured."""

    id: Annotated[str, id_text("Profile id")]
    sources: Annotated[list[str], Texts("Profile sources")] = []  # noqa: RUF012 - pydantic copies
    notes: Annotated[str, notes_text("Profile notes")] = ""


def _shape(label: str, low: int = 1) -> Num:
    return Num(label, low=low, high=_POS, integer=True,
               catalog=Range(above=0) if low else Range(low=0))


class WorkloadRecord(Record):
    """A model a buyer asks about, with the hyper-parameters the estimator needs."""

    core = Workload

    id: Annotated[str, id_text("Workload id")]
    name: Annotated[str, Text("Workload name", "name")]
    family: Annotated[str, Text("Model family", choices=typing.get_args(WorkloadFamily))]
    parameters: Annotated[int, Num("Parameter count", low=1, high=10**15, integer=True,
                                   catalog=Range(low=1_000, high=10**14))]
    sources: Annotated[list[str], Texts("Workload sources", required=True)]
    layers: Annotated[int | None, _shape("Layer count")] = None
    decoder_layers: Annotated[int | None, _shape("Decoder layer count")] = None
    hidden: Annotated[int | None, _shape("Hidden size")] = None
    heads: Annotated[int | None, _shape("Attention head count")] = None
    kv_heads: Annotated[int | None, _shape("KV head count")] = None
    head_dim: Annotated[int | None, _shape("Head dimension")] = None
    intermediate: Annotated[int | None, _shape("Intermediate size")] = None
    vocab: Annotated[int | None, _shape("Vocabulary size")] = None
    context: Annotated[int | None, _shape("Context length")] = None
    gated_mlp: Annotated[bool, Flag("Gated MLP flag")] = False
    qkv_bias: Annotated[bool, Flag("QKV bias flag")] = False
    tie_embeddings: Annotated[bool, Flag("Tied embeddings flag")] = False
    norm: Annotated[str, Text("Normalization", catalog_choices=(
        "layernorm", "rmsnorm", "batchnorm", "groupnorm"))] = "layernorm"
    position: Annotated[str, Text("Position encoding", catalog_choices=(
        "learned", "rope", "relative", "alibi", "sinusoidal", "none"))] = "learned"
    experts: Annotated[int | None, _shape("Expert count")] = None
    experts_per_token: Annotated[int | None, _shape("Experts per token")] = None
    moe_intermediate: Annotated[int | None, _shape("Expert intermediate size")] = None
    shared_experts: Annotated[int | None, _shape("Shared expert count", low=0)] = None
    image_size: Annotated[int | None, _shape("Image size")] = None
    patch_size: Annotated[int | None, _shape("Patch size")] = None
    encoder_context: Annotated[int | None, _shape("Encoder context length")] = None
    activation: Annotated[str | None, Text("Activation function")] = None
    # Second-generation estimator fields (planner.core.records.specs.Workload documents each); files
    # and catalogs from before them leave them out.
    arch: Annotated[str | None, Text("Model architecture", choices=KNOWN_ARCHS)] = None
    head: Annotated[str | None, Text("Task head", choices=HEADS)] = None
    num_labels: Annotated[int | None, _shape("Label count")] = None
    linear_bias: Annotated[bool, Flag("Linear bias flag")] = False
    layer_norms: Annotated[int | None, _shape("Norms per layer")] = None
    qk_norm: Annotated[bool, Flag("Query/key norm flag")] = False
    post_norm: Annotated[bool, Flag("Post-norm flag")] = False
    embed_dim: Annotated[int | None, _shape("Embedding width")] = None
    sliding_window: Annotated[int | None, _shape("Sliding window")] = None
    global_every: Annotated[int | None, _shape("Global attention layer interval")] = None
    kv_lora_rank: Annotated[int | None, _shape("Compressed KV width")] = None
    q_lora_rank: Annotated[int | None, _shape("Compressed query width")] = None
    rope_head_dim: Annotated[int | None, _shape("RoPE head dimension")] = None
    v_head_dim: Annotated[int | None, _shape("Value head dimension")] = None
    dense_layers: Annotated[int | None, _shape("Dense layer count", low=0)] = None
    shared_expert_intermediate: Annotated[int | None, _shape("Shared expert width")] = None
    state_size: Annotated[int | None, _shape("SSM state size")] = None
    conv_kernel: Annotated[int | None, _shape("Convolution width")] = None
    dt_rank: Annotated[int | None, _shape("Time-step rank")] = None
    cross_layers: Annotated[int | None, _shape("Cross-attention layer count", low=0)] = None
    vision_parameters: Annotated[int | None, Num("Vision tower parameter count", low=1,
                                                 high=10**15, integer=True)] = None
    vision_layers: Annotated[int | None, _shape("Vision layer count")] = None
    vision_hidden: Annotated[int | None, _shape("Vision hidden size")] = None
    vision_heads: Annotated[int | None, _shape("Vision head count")] = None
    vision_intermediate: Annotated[int | None, _shape("Vision intermediate size")] = None
    vision_tokens: Annotated[int | None, _shape("Vision tokens per sample")] = None
    default_batch: Annotated[int, Num("Default batch size", low=1, high=lim.MAX_BATCH,
                                      integer=True, catalog=Range(above=0))] = 1
    default_seq: Annotated[int | None, Num("Default sequence length", low=1, high=lim.MAX_SEQ,
                                           integer=True, catalog=Range(above=0))] = None
    notes: Annotated[str, notes_text("Workload notes")] = ""

    @model_validator(mode="after")
    def _consistent(self, info: ValidationInfo) -> WorkloadRecord:
        if tier(info) == "document":
            return self
        family = self.family
        needed: list[str] = []
        if family in TRANSFORMER_FAMILIES:
            needed += ["layers", "hidden", "heads"]
        if family in TEXT_FAMILIES:
            needed.append("vocab")
        if family == "vit":
            needed += ["image_size", "patch_size"]
        if family in PROFILED_FAMILIES:
            needed.append("image_size")
        for key in needed:
            if getattr(self, key) is None:
                raise record_problem(key, f"is a {family} model but is missing '{key}'")
        heads, kv, hidden = self.heads, self.kv_heads, self.hidden
        if heads and kv and (kv > heads or heads % kv):
            raise record_problem("kv_heads", f"has kv_heads = {kv}, which must divide heads = "
                                 f"{heads}")
        if heads and hidden and self.head_dim is None and hidden % heads:
            raise record_problem("head_dim", f"has hidden = {hidden} not divisible by heads = "
                                 f"{heads}; set head_dim from the config")
        experts, per_token = self.experts, self.experts_per_token
        if (experts is None) != (per_token is None):
            raise record_problem("experts_per_token", "has only one of experts and "
                                 "experts_per_token; a mixture-of-experts model needs both")
        if experts is not None and per_token is not None and per_token > experts:
            raise record_problem("experts_per_token", f"has experts_per_token = {per_token}, "
                                 f"which is more than experts = {experts}")
        return self


class WorkloadSnapshot(WorkloadRecord):
    """A model as a `.gpubuild` file keeps it, with its measured profile if it has one."""

    optional_keys = frozenset({
        "arch", "head", "num_labels", "linear_bias", "layer_norms", "qk_norm", "post_norm",
        "embed_dim", "sliding_window", "global_every", "kv_lora_rank", "q_lora_rank",
        "rope_head_dim", "v_head_dim", "dense_layers", "shared_expert_intermediate",
        "state_size", "conv_kernel", "dt_rank", "cross_layers", "vision_parameters",
        "vision_layers", "vision_hidden", "vision_heads", "vision_intermediate",
        "vision_tokens"})

    profile: Annotated[ActivationProfileRecord | None, Nested("Activation profile")] = None
    custom: Annotated[bool, Flag("Workload custom flag")] = False


class CarbonRecord(Record):
    """Average grid carbon intensity of a region."""

    core = GridCarbon

    id: Annotated[str, id_text("Carbon id")]
    region: Annotated[str, Text("Carbon region")]
    g_co2_per_kwh: Annotated[float, Num("Carbon intensity", low=0, high=2_000,
                                        hint="grams of CO2 per kWh")]
    year: Annotated[int, Num("Year", low=2000, high=2030, integer=True)]
    sources: Annotated[list[str], Texts("Carbon sources", required=True)]
    notes: Annotated[str, notes_text("Carbon notes")] = ""




def catalog_range(key: str) -> Range:
    """The range a GPU figure must lie in to be stored in the catalog (for input widgets)."""
    return spec_of(GpuRecord.model_fields[key]).effective
