"""The `.gpubuild` document: its header and the settings records, on the GPU and model snapshots.

The reader checks a file level by level (header, each slot, each snapshot) so it can say *which*
GPU or model is wrong; :class:`Document` puts the levels together for the JSON Schema in
``docs/gpubuild.schema.json``.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, PydanticCustomError, core_schema

from planner.core.costs.energy import Usage
from planner.core.costs.money import CURRENCIES
from planner.core.costs.prices import BASES, MAX_AMOUNT, QUOTE, SlotPrice
from planner.core.estimator.allocator import LENGTHS
from planner.core.estimator.inference_memory import CACHES, MAX_GROUP
from planner.core.estimator.memory import LORA_TARGETS, InferenceSetup, TrainingSetup
from planner.core.estimator.stacks import STACKS
from planner.core.plan.build import CostSettings
from planner.core.plan.study import MAX_VARIANTS
from planner.core.records.precision import (
    ADAPTER_DTYPES,
    LOSSES,
    OFFLOADS,
    OPTIMIZER_IMPLS,
    OPTIMIZER_STATES,
    QUANTIZATION_BYTES,
    STRATEGIES,
    TRAINING_PRECISIONS,
)
from planner.core.records.specs import Price
from planner.schema import limits as lim
from planner.schema.base import Record
from planner.schema.fields import TEXT_LIMITS, Date, Flag, Nested, Num, Text
from planner.schema.records import GpuSnapshot, WorkloadSnapshot


def _int(label: str, low: int, high: int) -> Num:
    return Num(label, low=low, high=high, integer=True)


#: A module name as PEFT targets it (``q_proj``, ``query_key_value``, ``Wqkv``).
_MODULE = r"[A-Za-z_][A-Za-z0-9_.]*"
_MODULE_LIST = re.compile(rf"{_MODULE}( *, *{_MODULE})*")


class LoraTargets(Text):
    """``attention``, ``all-linear`` or a comma-separated list of module names.

    The file holds the names as written; whether the model has them is the estimator's question
    (:func:`planner.core.estimator.lora.parse_targets`), answered where the model is known: the app
    marks
    the setting with core's sentence, the CLI refuses it. A file is thus never refused for a
    layer name, which a later version may know for a family.
    """

    def __init__(self) -> None:
        super().__init__("LoRA targets", "name")
        self.rule = (f"{', '.join(LORA_TARGETS[:-1])}, {LORA_TARGETS[-1]} or a comma-separated "
                     "list of module names such as q_proj,v_proj")

    def _check(self, value: str, info: core_schema.ValidationInfo) -> str:
        value = super()._check(value, info)
        if value not in LORA_TARGETS and not _MODULE_LIST.fullmatch(value):
            raise PydanticCustomError("choice", "is not one of the choices")
        return value

    def _json(self) -> dict[str, Any]:
        return {}

    def __get_pydantic_json_schema__(self, schema: CoreSchema,
                                     handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        return {"description": self.label, "anyOf": [
            {"enum": list(LORA_TARGETS)},
            {"type": "string", "maxLength": TEXT_LIMITS["name"][0],
             "pattern": f"^{_MODULE_LIST.pattern}$"}]}


class TrainingRecord(Record):
    """Training settings of a tracked workload, per GPU."""

    core = TrainingSetup

    precision: Annotated[str, Text("Training precision", choices=tuple(TRAINING_PRECISIONS))]
    optimizer: Annotated[str, Text("Optimizer", choices=tuple(OPTIMIZER_STATES))]
    batch: Annotated[int, _int("Batch size", 1, lim.MAX_BATCH)]
    seq: Annotated[int | None, _int("Sequence length", 1, lim.MAX_SEQ)]
    checkpointing: Annotated[bool, Flag("Gradient checkpointing")]
    accumulation: Annotated[int, _int("Gradient accumulation", 1, lim.MAX_BATCH)]
    attention: Annotated[str, Text("Attention kernel", choices=("flash", "eager"))]
    gpus: Annotated[int, _int("Training GPU count", 1, lim.MAX_TP_GPUS)]
    strategy: Annotated[str, Text("Training strategy", choices=STRATEGIES)]
    lora_rank: Annotated[int | None, _int("LoRA rank", 1, lim.MAX_BATCH)]
    qlora: Annotated[bool, Flag("QLoRA flag")]
    lora_targets: Annotated[str, LoraTargets()]
    # Second-generation recipe settings: files from before them leave them out (core's defaults).
    checkpoint_mode: Annotated[str, Text("Checkpointing mode")] = "full"
    adapter_dtype: Annotated[str, Text("Adapter dtype", choices=tuple(ADAPTER_DTYPES))] = "fp32"
    double_quant: Annotated[bool, Flag("Double quantization flag")] = True
    int8_base: Annotated[bool, Flag("INT8 base flag")] = False
    optimizer_impl: Annotated[str, Text("Optimizer step", choices=OPTIMIZER_IMPLS)] = "foreach"
    optimizer_in_backward: Annotated[bool, Flag("Optimizer in backward flag")] = False
    loss: Annotated[str, Text("Loss", choices=LOSSES)] = "full"
    offload: Annotated[str, Text("Offload", choices=OFFLOADS)] = "none"
    keep_gradients: Annotated[bool, Flag("Keep-gradients flag")] = False
    # Third-generation settings (format 5): absent in older files, meaning core's defaults.
    target_seq: Annotated[int | None, _int("Target length", 1, lim.MAX_SEQ)] = None
    activation_offloading: Annotated[bool, Flag("Activation offloading flag")] = False
    stack: Annotated[str, Text("Software stack", choices=tuple(STACKS))] = "modern"
    kbit_prep: Annotated[bool, Flag("PEFT's prepare_model_for_kbit_training flag")] = False
    # Fourth-generation settings: DeepSpeed ZeRO's buffer knobs in elements, absent in older
    # files, meaning DeepSpeed's own defaults (core's).
    reduce_bucket_size: Annotated[int, _int("DeepSpeed reduce bucket size", 0,
                                            lim.MAX_ZERO_ELEMENTS)] = 500_000_000
    prefetch_bucket_size: Annotated[int, _int("DeepSpeed prefetch bucket size", 0,
                                              lim.MAX_ZERO_ELEMENTS)] = 50_000_000
    max_live_parameters: Annotated[int, _int("DeepSpeed max live parameters", 0,
                                             lim.MAX_ZERO_ELEMENTS)] = 1_000_000_000
    max_reuse_distance: Annotated[int, _int("DeepSpeed max reuse distance", 0,
                                            lim.MAX_ZERO_ELEMENTS)] = 1_000_000_000
    sub_group_size: Annotated[int, _int("DeepSpeed sub-group size", 0,
                                        lim.MAX_ZERO_ELEMENTS)] = 1_000_000_000
    overlap_comm: Annotated[bool, Flag("DeepSpeed overlap_comm flag")] = False
    lengths: Annotated[str, Text("Batch lengths", choices=LENGTHS)] = "fixed"
    expandable_segments: Annotated[bool, Flag("Expandable-segments flag")] = False

    optional_keys = frozenset({
        "checkpoint_mode", "adapter_dtype", "double_quant", "int8_base", "optimizer_impl",
        "optimizer_in_backward", "loss", "offload", "keep_gradients", "target_seq",
        "activation_offloading", "stack", "kbit_prep", "reduce_bucket_size",
        "prefetch_bucket_size", "max_live_parameters", "max_reuse_distance", "sub_group_size",
        "overlap_comm", "lengths", "expandable_segments"})


class InferenceRecord(Record):
    """Inference settings of a tracked workload."""

    core = InferenceSetup

    precision: Annotated[str, Text("Inference precision", choices=tuple(QUANTIZATION_BYTES))]
    batch: Annotated[int, _int("Batch size", 1, lim.MAX_BATCH)]
    seq: Annotated[int | None, _int("Sequence length", 1, lim.MAX_SEQ)]
    kv_precision: Annotated[str | None, Text("KV cache precision",
                                             choices=tuple(QUANTIZATION_BYTES))]
    gpus: Annotated[int, _int("Inference GPU count", 1, lim.MAX_TP_GPUS)]
    strategy: Annotated[str, Text("Inference strategy", choices=STRATEGIES)]
    # Fourth-generation settings, absent in older files: int4's group and the generating loop's
    # cache (core's defaults: group 128, the current dynamic cache).
    group_size: Annotated[int, _int("Quantization group size", 0, MAX_GROUP)] = 128
    cache: Annotated[str, Text("Generation cache", choices=CACHES)] = "dynamic"

    optional_keys = frozenset({"group_size", "cache"})


class UsageRecord(Record):
    """How the machine is used, for the energy figures."""

    core = Usage

    hours_per_day: Annotated[float, Num("Hours per day", low=0, high=24)]
    days_per_year: Annotated[float, Num("Days per year", low=0, high=366)]
    utilization: Annotated[float, Num("Utilization", low=0, high=1)]
    idle_when_not_running: Annotated[bool, Flag("Idle when not running")]
    host_watts: Annotated[float, Num("Host power", low=0, high=100_000)]
    psu_efficiency: Annotated[float, Num("PSU efficiency", above=0, high=1)]
    pue: Annotated[float, Num("PUE", low=1, high=5)]
    base_kwh_per_year: Annotated[float, Num("Other household consumption", low=0, high=1e9)]


class CostRecord(Record):
    """Money and carbon settings."""

    core = CostSettings

    currency: Annotated[str, Text("Currency", choices=CURRENCIES)]
    tariff_id: Annotated[str | None, Text("Tariff id", "id")]
    price_per_kwh: Annotated[float | None, Num("Electricity price", low=0, high=1_000)]
    carbon_id: Annotated[str | None, Text("Grid carbon id", "id")]
    years: Annotated[int, _int("Years of ownership", 1, 50)]
    cloud_instance_id: Annotated[str | None, Text("Cloud instance id", "id")]
    price_basis: Annotated[str, Text("Price basis", choices=BASES)]
    price_per_kwh_currency: Annotated[str | None, Text("Electricity price currency",
                                                       choices=CURRENCIES)]
    # Issue 29: written only when the user asked for them, so a file that does not ask opens in
    # earlier versions of the app too.
    rent_any_kind: Annotated[bool, Flag("Rent interruptible and marketplace offers")] = False

    optional_keys = frozenset({"rent_any_kind"})


class IsoDate(Date):
    """A date that must be an ISO date (YYYY-MM-DD) in a file too: a quote is worth its date."""

    def _check(self, value: str, info: core_schema.ValidationInfo) -> str:
        value = super()._check(value, info)
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            raise PydanticCustomError("iso_date", "is not an ISO date")
        return value


class QuoteRecord(Record):
    """A price a buyer was quoted for the cards of one slot: amount, currency, date, vendor."""

    amount: Annotated[float, Num("Quoted price", above=0, high=MAX_AMOUNT)]
    currency: Annotated[str, Text("Quote currency", choices=CURRENCIES)]
    as_of: Annotated[str, IsoDate("Quote date")]
    source: Annotated[str, Text("Quote vendor", "source", allow_empty=True)]

    def to_price(self) -> Price:
        """The quote as the price record core prices a slot with."""
        return Price(self.amount, self.currency, self.as_of, QUOTE, "global", self.source)


class SlotEntry(Record):
    """One GPU model of the build and how many (the snapshot checked on its own)."""

    optional_keys = frozenset({"price_basis", "quote"})

    id: Annotated[str, Text("GPU id", "id")]
    count: Annotated[int, _int("GPU count", 1, lim.MAX_GPU_COUNT)]
    spec: Annotated[dict[str, Any], Nested("GPU snapshot")]
    price_basis: Annotated[str | None, Text("Slot price basis", choices=BASES)] = None
    quote: Annotated[QuoteRecord | None, Nested("Quoted price")] = None

    def slot_price(self) -> SlotPrice | None:
        """How the slot is priced over the build's basis (None: as the build)."""
        if self.price_basis is None and self.quote is None:
            return None
        return SlotPrice(self.price_basis, self.quote.to_price() if self.quote else None)


#: The largest training job a file states (tokens or samples): 10^16 is over a thousand times
#: the largest published pre-training run.
MAX_JOB = 10**16


class TrackedEntry(Record):
    """A workload with both tasks' settings (each part checked on its own)."""

    id: Annotated[str, Text("Workload id", "id")]
    task: Annotated[str, Text("Task", choices=("train", "inference"))]
    workload: Annotated[dict[str, Any], Nested("Workload snapshot")]
    training: Annotated[dict[str, Any], Nested("Training settings")]
    inference: Annotated[dict[str, Any], Nested("Inference settings")]
    job: Annotated[int | None, _int("Training job size", 1, MAX_JOB)]


class VariantEntry(Record):
    """One candidate build of the document: its name and hardware (slots checked on their own)."""

    name: Annotated[str, Text("Variant name", "name")]
    gpus: Annotated[list[Any], Nested("The GPU list", "list")]
    display_reserve_bytes: Annotated[int, _int("Display reserve", 0, lim.MAX_RESERVE_BYTES)]


class ExtraEntry(Record):
    """One free-form metadata entry other tools may keep in a file."""

    key: Annotated[str, Text("Extra metadata key", "id")]
    value: Annotated[str, Text("Extra metadata value", "source")]


class DocumentHeader(Record):
    """The top level of a file; the lists and settings are checked on their own."""

    optional_keys = frozenset({"extra"})

    format: Annotated[str, Text("Format marker", choices=(lim.FORMAT_NAME,))]
    version: Annotated[int, _int("Format version", 1, lim.FORMAT_VERSION)]
    app_version: Annotated[str, Text("App version")]
    created: Annotated[str, Text("Creation time")]
    modified: Annotated[str, Text("Modification time")]
    catalog_version: Annotated[str, Text("Catalog version")]
    name: Annotated[str, Text("Build name", "name")]
    notes: Annotated[str, Text("Build notes", "text")]
    variants: Annotated[list[Any], Nested("The variant list", "list")]
    active_variant: Annotated[int, _int("Active variant", 0, MAX_VARIANTS - 1)]
    workloads: Annotated[list[Any], Nested("The workload list", "list")]
    usage: Annotated[dict[str, Any], Nested("Usage settings")]
    cost: Annotated[dict[str, Any], Nested("Cost settings")]
    extra: Annotated[dict[str, Any] | None, Nested("Extra metadata")] = None


# --- the whole document, for the JSON Schema --------------------------------------------------


class Slot(SlotEntry):
    """One GPU model of the build and how many."""

    spec: Annotated[GpuSnapshot, Nested("GPU snapshot")]  # type: ignore[assignment]


class Tracked(TrackedEntry):
    """A workload with both tasks' settings."""

    workload: Annotated[WorkloadSnapshot, Nested("Workload snapshot")]  # type: ignore[assignment]
    training: Annotated[TrainingRecord, Nested("Training settings")]  # type: ignore[assignment]
    inference: Annotated[InferenceRecord, Nested("Inference settings")]  # type: ignore[assignment]


class Variant(VariantEntry):
    """One candidate build: its name and its GPU slots."""

    gpus: Annotated[list[Slot], Nested("The GPU list", "list")]


class Document(DocumentHeader):
    """A whole `.gpubuild` file of the current format version."""

    variants: Annotated[list[Variant], Nested("The variant list", "list")]
    workloads: Annotated[list[Tracked], Nested("The workload list", "list")]
    usage: Annotated[UsageRecord, Nested("Usage settings")]  # type: ignore[assignment]
    cost: Annotated[CostRecord, Nested("Cost settings")]  # type: ignore[assignment]
    extra: Annotated[dict[str, str] | None, Nested("Extra metadata")] = None
