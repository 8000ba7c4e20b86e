"""Which setting of a tracked workload applies when, which choices it offers, and how it changes.

A tracked workload keeps both a training and an inference setup; which values the user sees and
edits depends on its task (precision, batch, sequence and parallelism come from the setup of the
task), and some settings only mean something for some workloads (attention kernels for
transformers, adapters for models whose layers we know, a chunked loss for a language-model
head). The adapter the user picks (full fine-tuning, LoRA or QLoRA) is not a field of its own: it
is read from and written to the training setup's ``lora_rank`` and ``qlora``; the checkpointing
mode ``none`` is ``checkpointing`` off; the head is the workload snapshot's own (changing it moves
the parameter count, as ``--head`` does on the command line). These rules belong to the domain,
not to a widget, so the workloads table, its recipe editor and anything else that edits a
workload share them. Pure Python.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from planner.core.estimator.activations import checkpoint_every
from planner.core.estimator.lora import LORA_TARGETS, linear_modules
from planner.core.estimator.memory import TrainingSetup
from planner.core.estimator.stacks import STACKS
from planner.core.models.layouts import HEADS, has_lm_head, with_head
from planner.core.plan.build import TrackedWorkload
from planner.core.records.precision import (
    ADAPTER_DTYPES,
    LOSSES,
    OFFLOADS,
    OPTIMIZER_IMPLS,
    OPTIMIZER_STEP_TEMPORARIES,
    QUANTIZATION_BYTES,
)
from planner.core.records.specs import Workload

#: Weight precisions a served model can have (NF4 exists only as QLoRA's frozen base).
INFERENCE_PRECISIONS = tuple(k for k in QUANTIZATION_BYTES if k != "nf4")
#: How a served model can be split over GPUs beyond one full copy per GPU (stored as "ddp").
INFERENCE_STRATEGIES = ("tp", "pp")
#: Full fine-tuning, LoRA adapters, or LoRA over a 4-bit base (QLoRA).
ADAPTERS = ("full", "lora", "qlora")
#: The LoRA rank a workload gets when the user switches it to an adapter.
DEFAULT_RANK = 16
#: Checkpointing as one choice: off, every layer, torchtitan's op-level selective, attention
#: sub-blocks, one layer in N.
CHECKPOINT_CHOICES = ("none", "full", "selective-op", "selective", "every")
#: N a workload gets when the user picks "one layer in N" without saying which N.
DEFAULT_EVERY = 2
#: The settings the table shows in columns of their own.
TABLE_SETTINGS = ("task", "precision", "batch", "seq", "optimizer", "checkpointing",
                  "accumulation", "attention", "strategy", "adapter", "lora_rank")
#: The less-used recipe settings (edited in a per-workload recipe editor).
RECIPE_SETTINGS = ("head", "lora_targets", "adapter_dtype", "double_quant", "int8_base",
                   "optimizer_impl", "optimizer_in_backward", "loss", "checkpoint_mode",
                   "offload", "activation_offloading", "target_seq", "stack", "kbit_prep")
#: The settings a tracked workload has, by the name :func:`with_setting` takes.
SETTINGS = TABLE_SETTINGS + RECIPE_SETTINGS
#: Settings that come from the setup of the workload's task (the others are training's).
_PER_TASK = ("precision", "batch", "seq", "strategy")
#: Plain training-setup fields with a fixed set of values, and those values.
_CHOICES: dict[str, tuple[str, ...]] = {
    "adapter_dtype": tuple(ADAPTER_DTYPES), "optimizer_impl": OPTIMIZER_IMPLS,
    "loss": LOSSES, "offload": OFFLOADS, "stack": tuple(STACKS),
}
_FLAGS = ("double_quant", "int8_base", "optimizer_in_backward", "activation_offloading",
          "kbit_prep")
#: Heads a model of each family can be loaded with (the first is the family's usual one).
_FAMILY_HEADS: dict[str, tuple[str, ...]] = {
    "decoder": ("causal-lm", "seq-cls", "token-cls", "qa", "base"),
    "encoder": ("masked-lm", "seq-cls", "token-cls", "qa", "base"),
    "encoder-decoder": ("seq2seq",),
}


@dataclass(frozen=True, slots=True)
class ShownSettings:
    """The value of every setting as the user sees it for the workload's task.

    ``checkpoint_mode`` is ``none`` when checkpointing is off; ``head`` the head the snapshot
    loads.
    """

    task: str
    precision: str
    batch: int
    seq: int | None
    optimizer: str
    checkpointing: bool
    accumulation: int
    attention: str
    strategy: str
    adapter: str
    lora_rank: int
    head: str = "causal-lm"
    lora_targets: str = "attention"
    adapter_dtype: str = "fp32"
    double_quant: bool = True
    int8_base: bool = False
    optimizer_impl: str = "foreach"
    optimizer_in_backward: bool = False
    loss: str = "full"
    checkpoint_mode: str = "none"
    offload: str = "none"
    activation_offloading: bool = False
    target_seq: int | None = None
    stack: str = "modern"
    kbit_prep: bool = False


def adapter_of(setup: TrainingSetup) -> str:
    """"qlora", "lora" or "full", from the setup's ``qlora``, ``lora_rank`` and 8-bit base.

    An 8-bit base is always trained through adapters (core sizes it as LoRA at the default rank
    when no rank is set), so it reads as "lora".
    """
    if setup.qlora:
        return "qlora"
    return "lora" if setup.lora_rank is not None or setup.int8_base else "full"


def with_adapter(setup: TrainingSetup, adapter: str) -> TrainingSetup:
    """The setup switched to ``adapter``, keeping its rank (or :data:`DEFAULT_RANK`).

    The 8-bit base goes with LoRA only: full fine-tuning trains every weight and QLoRA has its
    own 4-bit base.
    """
    if adapter not in ADAPTERS:
        raise ValueError(f"Unknown adapter '{adapter}'; use one of {', '.join(ADAPTERS)}.")
    rank = setup.lora_rank or DEFAULT_RANK
    if adapter == "full":
        return replace(setup, lora_rank=None, qlora=False, int8_base=False)
    qlora = adapter == "qlora"
    return replace(setup, lora_rank=rank, qlora=qlora, int8_base=setup.int8_base and not qlora)


def head_choices(w: Workload) -> tuple[str, ...]:
    """Heads this model can be loaded with (none for models without a text head).

    Decoders take a causal-LM, classification, QA or no head; encoders a masked-LM head instead
    of the causal one; encoder-decoders only their seq2seq head; vision models and CNNs keep the
    head they come with. A head a snapshot names outside these stays offered, so it shows.
    """
    heads = _FAMILY_HEADS.get(w.family, ())
    if heads and w.task_head not in heads and w.task_head in HEADS:
        heads = (*heads, w.task_head)
    return heads


def auto_head(w: Workload, loaded: Workload | None = None) -> str:
    """The head "auto" stands for.

    That is the one ``loaded`` (the catalog's entry) names, else the family's usual one (a
    config.json's ``architectures`` is not kept once its model is tracked).
    """
    if loaded is not None and loaded.id == w.id and loaded.task_head in head_choices(w):
        return loaded.task_head
    return replace(w, head=None).task_head


def lora_modules(w: Workload) -> tuple[str, ...]:
    """The linear modules of a block an adapter can target, by the names PEFT uses."""
    if not (w.hidden and w.layers and (w.heads or w.is_ssm)):
        return ()
    return tuple(linear_modules(w)[0])


def attention_modules(w: Workload) -> tuple[str, ...]:
    """The modules ``attention`` adapts (empty when the model has no attention projections)."""
    if not lora_modules(w):
        return ()
    return linear_modules(w)[1]


def explicit_targets(w: Workload, names: Iterable[str]) -> str:
    """An explicit target list as stored: the named modules in the model's order, comma-joined."""
    wanted = set(names)
    return ",".join(n for n in lora_modules(w) if n in wanted)


def target_names(w: Workload, targets: str) -> tuple[str, ...]:
    """The module names a stored ``lora_targets`` value selects (unknown names dropped)."""
    if targets == "attention":
        return attention_modules(w)
    if targets == "all-linear":
        return lora_modules(w)
    listed = {n.strip() for n in targets.split(",")}
    return tuple(n for n in lora_modules(w) if n in listed)


def checkpoint_choices(w: Workload) -> tuple[str, ...]:
    """Checkpointing modes that mean something for this model.

    Selective and every-N checkpointing pick layers or sub-blocks of a transformer; a measured
    CNN or UNet profile knows only on or off.
    """
    return CHECKPOINT_CHOICES if w.is_transformer else CHECKPOINT_CHOICES[:2]


def checkpoint_choice(mode: str) -> tuple[str, int]:
    """A stored mode as (choice, N): ``every:4`` is ("every", 4); N is only meant for "every"."""
    if mode.startswith("every:"):
        return "every", checkpoint_every(mode) or DEFAULT_EVERY
    return mode, DEFAULT_EVERY


def shown_settings(t: TrackedWorkload) -> ShownSettings:
    """Every setting's value for the workload's task (inference shows no adapter: "full")."""
    s = t.training
    training = t.task == "train"
    task_setup = s if training else t.inference
    return ShownSettings(
        task=t.task, precision=task_setup.precision, batch=task_setup.batch,
        seq=task_setup.seq, optimizer=s.optimizer, checkpointing=s.checkpointing,
        accumulation=s.accumulation, attention=s.attention, strategy=task_setup.strategy,
        adapter=adapter_of(s) if training else "full", lora_rank=s.lora_rank or DEFAULT_RANK,
        head=t.workload.task_head, lora_targets=s.lora_targets, adapter_dtype=s.adapter_dtype,
        double_quant=s.double_quant, int8_base=s.int8_base, optimizer_impl=s.optimizer_impl,
        optimizer_in_backward=s.optimizer_in_backward, loss=s.loss,
        checkpoint_mode=s.checkpoint_mode if s.checkpointing else "none", offload=s.offload,
        activation_offloading=s.activation_offloading, target_seq=s.target_seq, stack=s.stack,
        kbit_prep=s.kbit_prep)


def applies(t: TrackedWorkload, name: str) -> bool:
    """Whether setting ``name`` means anything for this workload and task.

    Task, precision, batch, sequence and parallelism always do; the head wherever the model has
    more than one to choose from. The rest only in training: attention kernels for a
    transformer; adapters for a model whose layer sizes we know, and with an adapter its rank,
    targets and dtype (double quantization with QLoRA, an 8-bit base with LoRA); the step
    implementation for an optimizer whose step allocates temporaries; a chunked loss for a
    language-model head.
    """
    if name in ("task", *_PER_TASK):
        return True
    w = t.workload
    if name == "head":
        return len(head_choices(w)) > 1
    if t.task != "train":
        return False
    adapter = adapter_of(t.training)
    match name:
        case "attention":
            return w.is_transformer
        case "adapter":
            return bool(w.hidden)
        case "lora_rank" | "adapter_dtype":
            return adapter != "full"
        case "lora_targets":
            return adapter != "full" and bool(lora_modules(w))
        case "double_quant" | "kbit_prep":
            return adapter == "qlora"
        case "activation_offloading":
            return w.is_transformer
        case "target_seq":
            return w.family == "encoder-decoder" and w.encoder_context is None
        case "int8_base":
            return adapter == "lora" and w.is_transformer
        case "optimizer_impl":
            return OPTIMIZER_STEP_TEMPORARIES.get(t.training.optimizer, 0.0) > 0
        case "loss":
            return w.is_transformer and bool(w.vocab) and has_lm_head(w)
    return name in SETTINGS


def recipe_changes(t: TrackedWorkload) -> tuple[str, ...]:
    """The recipe settings that apply and differ from a fresh workload's (for a summary).

    The head counts as changed when it is not the family's usual one; checkpointing every
    layer is the table's own check box, so only the other modes count.
    """
    shown = shown_settings(t)
    fresh = shown_settings(TrackedWorkload(replace(t.workload, head=None), t.task,
                                           training=TrainingSetup()))
    return tuple(name for name in RECIPE_SETTINGS
                 if applies(t, name) and getattr(shown, name) != getattr(fresh, name)
                 and not (name == "checkpoint_mode" and shown.checkpoint_mode == "full"))


def with_setting(t: TrackedWorkload, name: str, value: object) -> TrackedWorkload:
    """The workload with one setting changed (in the setup of its task where that applies).

    Raises :class:`ValueError` (an :class:`~planner.core.records.precision.EstimateError` for a head
    the model cannot take or a malformed checkpointing mode) for a value the setting cannot
    hold.
    """
    if name not in SETTINGS:
        raise ValueError(f"Unknown setting '{name}'; use one of {', '.join(SETTINGS)}.")
    training = t.training
    match name:
        case "task":
            return replace(t, task=str(value))
        case "adapter":
            return replace(t, training=with_adapter(training, str(value)))
        case "head":
            return replace(t, workload=with_head(t.workload, str(value)))
        case "checkpoint_mode":
            mode = str(value)
            if mode == "none":
                return replace(t, training=replace(training, checkpointing=False))
            if mode == "every":
                mode = f"every:{DEFAULT_EVERY}"
            checkpoint_every(mode)  # one sentence for a malformed mode
            return replace(t, training=replace(training, checkpointing=True,
                                               checkpoint_mode=mode))
        case "lora_targets":
            targets = str(value)
            if targets not in LORA_TARGETS and not [n for n in targets.split(",") if n.strip()]:
                raise ValueError("Name at least one layer to adapt, or use attention or "
                                 "all-linear.")
            return replace(t, training=replace(training, lora_targets=targets))
    if name == "target_seq" and value is not None and (
            not isinstance(value, int) or value < 1):
        raise ValueError(f"The target length must be a whole number of at least 1 "
                         f"(got {value!r}).")
    if name in _CHOICES and value not in _CHOICES[name]:
        raise ValueError(f"{name} must be one of {', '.join(_CHOICES[name])} (got {value!r}).")
    if name in _FLAGS:
        value = bool(value)
    if t.task == "inference" and name in _PER_TASK:
        return replace(t, inference=replace(t.inference, **{name: value}))  # type: ignore[arg-type]
    return replace(t, training=replace(training, **{name: value}))  # type: ignore[arg-type]
