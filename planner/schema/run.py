"""The measured-run record (docs/measured-run.md): one real run's workload, GPU, stack and peak.

Checked level by level like a `.gpubuild` file, so a refusal names the field: the top level
(:class:`RunRecord`), then the workload (:class:`RunWorkload`) and its training or inference
settings — the `.gpubuild` format's own :class:`TrainingRecord` and :class:`InferenceRecord`,
with the keys a run leaves out taken from core's defaults. Whether the model, the GPU and the
peak make sense together is the catalog's question (``planner.catalog.runs``).
"""

from __future__ import annotations

from typing import Annotated, Any

from planner.core.estimator.calibration import METRICS
from planner.core.models.layouts import HEADS
from planner.schema.base import Record
from planner.schema.fields import Nested, Num, Text

FORMAT_NAME = "gpu-planner-run"
FORMAT_VERSION = 1
#: Bytes a GPU may report at most (4 TiB: beyond any card, below float precision trouble).
MAX_BYTES = 4 * 1024**4
MAX_NOTE_CHARS = 2_000


def _int(label: str, low: int, high: int) -> Num:
    return Num(label, low=low, high=high, integer=True)


class RunGpu(Record):
    """The GPUs the run used."""

    name: Annotated[str, Text("GPU name", "name")]
    count: Annotated[int, _int("GPU count", 1, 4_096)]


class RunStack(Record):
    """The software the run used (each part free text, or null when unknown)."""

    torch: Annotated[str | None, Text("torch version", allow_empty=True)] = None
    cuda: Annotated[str | None, Text("CUDA version", allow_empty=True)] = None
    driver: Annotated[str | None, Text("Driver version", allow_empty=True)] = None
    framework: Annotated[str | None, Text("Framework", "name", allow_empty=True)] = None


class RunMeasured(Record):
    """The peak and what measured it."""

    peak_bytes: Annotated[int, Num("Peak memory", low=-MAX_BYTES, high=MAX_BYTES, integer=True,
                                   hint="bytes")]
    metric: Annotated[str, Text("Metric", choices=METRICS)]
    per_gpu: Annotated[list[int] | None, Nested("Bytes per GPU", "list")] = None


class RunWorkload(Record):
    """What ran: a catalog model or a config.json, the task and its settings."""

    model: Annotated[str | None, Text("Model id", "name")] = None
    hf_config: Annotated[dict[str, Any] | None, Nested("config.json")] = None
    head: Annotated[str | None, Text("Task head", choices=HEADS)] = None
    num_labels: Annotated[int | None, _int("Number of labels", 1, 1_000_000)] = None
    task: Annotated[str, Text("Task", choices=("train", "inference"))]
    training: Annotated[dict[str, Any] | None, Nested("Training settings")] = None
    inference: Annotated[dict[str, Any] | None, Nested("Inference settings")] = None


class RunRecord(Record):
    """A whole record's top level (the nested parts are checked on their own)."""

    format: Annotated[str, Text("Format marker", choices=(FORMAT_NAME,))]
    version: Annotated[int, _int("Format version", 1, FORMAT_VERSION)]
    workload: Annotated[dict[str, Any], Nested("Workload")]
    gpu: Annotated[dict[str, Any], Nested("GPU")]
    stack: Annotated[dict[str, Any] | None, Nested("Stack")] = None
    measured: Annotated[dict[str, Any], Nested("Measurement")]
    when: Annotated[str, Text("Time of the run", allow_empty=True)] = ""
    note: Annotated[str, Text("Note", "text", allow_empty=True)] = ""
