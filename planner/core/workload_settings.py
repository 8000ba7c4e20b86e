"""Which setting of a tracked workload applies when, and how one setting is changed.

A tracked workload keeps both a training and an inference setup; which values the user sees and
edits depends on its task (precision, batch, sequence and parallelism come from the setup of the
task), and some settings only mean something for some workloads (attention kernels for
transformers, adapters for models whose layers we know). The adapter the user picks (full
fine-tuning, LoRA or QLoRA) is not a field of its own: it is read from and written to the
training setup's ``lora_rank`` and ``qlora``. These rules belong to the domain, not to a widget,
so the workloads table and anything else that edits a workload share them. Pure Python.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from planner.core.build import TrackedWorkload
from planner.core.memory import TrainingSetup
from planner.core.precision import QUANTIZATION_BYTES

#: Weight precisions a served model can have (NF4 exists only as QLoRA's frozen base).
INFERENCE_PRECISIONS = tuple(k for k in QUANTIZATION_BYTES if k != "nf4")
#: How a served model can be split over GPUs beyond one full copy per GPU (stored as "ddp").
INFERENCE_STRATEGIES = ("tp", "pp")
#: Full fine-tuning, LoRA adapters, or LoRA over a 4-bit base (QLoRA).
ADAPTERS = ("full", "lora", "qlora")
#: The LoRA rank a workload gets when the user switches it to an adapter.
DEFAULT_RANK = 16
#: The settings a tracked workload has, by the name :func:`with_setting` takes.
SETTINGS = ("task", "precision", "batch", "seq", "optimizer", "checkpointing", "accumulation",
            "attention", "strategy", "adapter", "lora_rank")
#: Settings that come from the setup of the workload's task (the others are training's).
_PER_TASK = ("precision", "batch", "seq", "strategy")


@dataclass(frozen=True, slots=True)
class ShownSettings:
    """The value of every setting as the user sees it for the workload's task."""

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


def adapter_of(setup: TrainingSetup) -> str:
    """"qlora", "lora" or "full", from the setup's ``qlora`` flag and ``lora_rank``."""
    if setup.qlora:
        return "qlora"
    return "lora" if setup.lora_rank is not None else "full"


def with_adapter(setup: TrainingSetup, adapter: str) -> TrainingSetup:
    """The setup switched to ``adapter``, keeping its rank (or :data:`DEFAULT_RANK`)."""
    if adapter not in ADAPTERS:
        raise ValueError(f"Unknown adapter '{adapter}'; use one of {', '.join(ADAPTERS)}.")
    rank = setup.lora_rank or DEFAULT_RANK
    if adapter == "full":
        return replace(setup, lora_rank=None, qlora=False)
    return replace(setup, lora_rank=rank, qlora=adapter == "qlora")


def shown_settings(t: TrackedWorkload) -> ShownSettings:
    """Every setting's value for the workload's task (inference shows no adapter: "full")."""
    s = t.training
    training = t.task == "train"
    task_setup = s if training else t.inference
    return ShownSettings(
        task=t.task, precision=task_setup.precision, batch=task_setup.batch,
        seq=task_setup.seq, optimizer=s.optimizer, checkpointing=s.checkpointing,
        accumulation=s.accumulation, attention=s.attention, strategy=task_setup.strategy,
        adapter=adapter_of(s) if training else "full", lora_rank=s.lora_rank or DEFAULT_RANK)


def applies(t: TrackedWorkload, name: str) -> bool:
    """Whether setting ``name`` means anything for this workload and task.

    Task, precision, batch, sequence and parallelism always do. The optimizer, checkpointing
    and accumulation only in training; attention kernels only for training a transformer;
    adapters only for training a model whose layer sizes we know; the LoRA rank only with an
    adapter.
    """
    if name in ("task", *_PER_TASK):
        return True
    if t.task != "train":
        return False
    if name == "attention":
        return t.workload.is_transformer
    if name == "adapter":
        return bool(t.workload.hidden)
    if name == "lora_rank":
        return adapter_of(t.training) != "full"
    return name in SETTINGS


def with_setting(t: TrackedWorkload, name: str, value: object) -> TrackedWorkload:
    """The workload with one setting changed (in the setup of its task where that applies)."""
    if name not in SETTINGS:
        raise ValueError(f"Unknown setting '{name}'; use one of {', '.join(SETTINGS)}.")
    if name == "task":
        return replace(t, task=str(value))
    if name == "adapter":
        return replace(t, training=with_adapter(t.training, str(value)))
    if t.task == "inference" and name in _PER_TASK:
        return replace(t, inference=replace(t.inference, **{name: value}))  # type: ignore[arg-type]
    return replace(t, training=replace(t.training, **{name: value}))  # type: ignore[arg-type]
