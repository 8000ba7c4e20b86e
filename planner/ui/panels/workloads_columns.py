"""The workloads table's columns and every text it shows, in the user's language.

Which column edits which setting, with which editor and range, and the words for each choice.
Which settings apply to which workload is core's rule (:mod:`planner.core.workload_settings`);
the model (:mod:`planner.ui.panels.workloads_model`) puts the two together.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from planner.core.build import TASKS
from planner.core.formatting import GIB, Formatter
from planner.core.headroom import DOES_NOT_FIT, FITS, TIGHT
from planner.core.precision import OPTIMIZER_LABELS, STRATEGIES, TRAINING_PRECISIONS
from planner.core.views_headroom import ERROR, NO_GPU
from planner.core.workload_settings import INFERENCE_PRECISIONS, INFERENCE_STRATEGIES
from planner.report.wording import verdict_text
from planner.ui.panels.figure_model import Option

(NAME, ESTIMATE, TASK, PRECISION, BATCH, SEQ, OPTIMIZER, CHECKPOINTING, ACCUMULATION, ATTENTION,
 STRATEGY, ADAPTER, RANK, REMOVE) = range(14)
COLUMN_COUNT = 14
#: Width of the model-name column, as the panel always had it (names are long; the user can widen).
NAME_WIDTH = 150
#: Short names for the narrow parallelism column; the full label is the item's tooltip.
STRATEGY_SHORT = {"ddp": "DDP", "zero1": "ZeRO-1", "zero2": "ZeRO-2", "zero3": "ZeRO-3",
                  "fsdp": "FSDP", "tp": "TP", "pp": "PP"}
#: The setting (a :data:`planner.core.workload_settings.SETTINGS` name) each column edits.
FIELDS: dict[int, str] = {
    TASK: "task", PRECISION: "precision", BATCH: "batch", SEQ: "seq", OPTIMIZER: "optimizer",
    CHECKPOINTING: "checkpointing", ACCUMULATION: "accumulation", ATTENTION: "attention",
    STRATEGY: "strategy", ADAPTER: "adapter", RANK: "lora_rank",
}
#: Columns edited with a spin box, and its range (seq 0 means the workload's default).
SPIN_RANGES: dict[int, tuple[int, int]] = {
    BATCH: (1, 65536), SEQ: (0, 1_048_576), ACCUMULATION: (1, 4096), RANK: (1, 4096),
}
#: Columns edited with a combo box of the cell's options.
COMBO_COLUMNS = (TASK, PRECISION, OPTIMIZER, ATTENTION, STRATEGY, ADAPTER)
#: Largest estimate the column is sized for ("9,999.9 GiB"): wider than any card holds.
WIDEST_ESTIMATE_BYTES = 9999.9 * GIB


class WorkloadLabels(QObject):
    """Every text of the table in the current language, built once per language.

    Cells are rebuilt on every edit of their row; a dozen translations per cell would cost more
    than the rest of the row.
    """

    def __init__(self, fmt: Formatter | None = None) -> None:
        super().__init__()
        self.fmt = fmt or Formatter()
        self.headers: tuple[tuple[str, str], ...] = (
            (self.tr("Model"), ""),
            (self.tr("Per GPU"), self.tr("Memory per GPU and whether it fits")),
            (self.tr("Task"), ""),
            (self.tr("Precision"), ""),
            (self.tr("Batch"), self.tr("Micro-batch per GPU")),
            (self.tr("Seq / px"), self.tr("Sequence length in tokens, or image side in pixels")),
            (self.tr("Optimizer"), ""),
            (self.tr("Ckpt"), self.tr("Gradient checkpointing")),
            (self.tr("Accum."), self.tr("Gradient accumulation steps")),
            (self.tr("Attention"), ""),
            (self.tr("Parallel"), self.tr("How the workload is split over the GPUs")),
            (self.tr("Adapter"), self.tr("Full fine-tuning, LoRA or QLoRA")),
            (self.tr("Rank"), self.tr("LoRA rank")),
            ("", ""),
        )
        self.default = self.tr("default")
        self.remove_tip = self.tr("Stop tracking this workload")
        self.estimate = self.tr("%1 · %2")
        self._per_gpu: dict[int, str] = {}
        training, inference = self.tr("Training"), self.tr("Inference")
        tasks = tuple((training if task == "train" else inference, task, "") for task in TASKS)
        optimizers = tuple((label, key, "") for key, label in OPTIMIZER_LABELS.items())
        attention = ((self.tr("Flash / SDPA"), "flash", ""), (self.tr("Eager"), "eager", ""))
        adapters = ((self.tr("Full"), "full", ""), (self.tr("LoRA"), "lora", ""),
                    (self.tr("QLoRA"), "qlora", ""))
        # keyed by (column, training?): precision and strategy lists differ by task
        self.options: dict[tuple[int, bool], tuple[Option, ...]] = {}
        for is_training in (True, False):
            self.options[TASK, is_training] = tasks
            self.options[OPTIMIZER, is_training] = optimizers
            self.options[ATTENTION, is_training] = attention
            self.options[ADAPTER, is_training] = adapters
        self.options[PRECISION, True] = tuple((p.label, p.name, "")
                                              for p in TRAINING_PRECISIONS.values())
        self.options[PRECISION, False] = tuple((p.upper(), p, "") for p in INFERENCE_PRECISIONS)
        tips = {
            "ddp": self.tr("Data parallel (DDP): a full copy on every GPU"),
            "zero1": self.tr("ZeRO-1: optimizer state sharded over the GPUs"),
            "zero2": self.tr("ZeRO-2: optimizer state and gradients sharded"),
            "zero3": self.tr("ZeRO-3: weights, gradients and optimizer state sharded"),
            "fsdp": self.tr("FSDP (full shard): weights, gradients and optimizer state sharded"),
            "tp": self.tr("Tensor parallel: each layer split over the GPUs"),
            "pp": self.tr("Pipeline parallel: consecutive layers on each GPU"),
        }
        self.options[STRATEGY, True] = tuple((STRATEGY_SHORT[k], k, tips.get(k, ""))
                                             for k in STRATEGIES)
        # Serving replicas: every GPU holds the whole model and answers its own requests (core
        # counts any strategy but tp/pp/zero3/fsdp that way); files store it as "ddp".
        replicas = (self.tr("Replicas"), "ddp",
                    self.tr("A full copy of the model on every GPU, each serving its own "
                            "requests"))
        self.options[STRATEGY, False] = (replicas, *((STRATEGY_SHORT[k], k, tips[k])
                                                     for k in INFERENCE_STRATEGIES))
        self._by_key = {column_task: {o[1]: o for o in options}
                        for column_task, options in self.options.items()}

    def option(self, column: int, training: bool, key: str) -> Option:
        """The (label, key, tooltip) of a stored key; an unknown key shows as itself."""
        return self._by_key[column, training].get(key, (key, key, ""))

    def per_gpu(self, n: int) -> str:
        """The estimate's tooltip for a build of ``n`` GPUs (plural forms differ by language)."""
        text = self._per_gpu.get(n)
        if text is None:
            text = self._per_gpu[n] = self.tr("Per GPU over the build's %n GPU(s)", "", n)
        return text

    def parameters(self, count: int) -> str:
        """A model's size for its tooltip: "8,030,261,248 parameters"."""
        return self.tr("%1 parameters").replace("%1", self.fmt.integer(count))

    def estimate_text(self, needed_bytes: float, verdict: str) -> str:
        """"12.3 GiB · fits": the figure and the verdict in words (colour is never the only cue)."""
        return self.estimate.replace("%1", self.fmt.memory(needed_bytes)).replace(
            "%2", verdict_text(verdict))

    def widest(self, column: int) -> tuple[str, ...]:
        """The texts a column can show, for sizing it once instead of measuring every row."""
        if column == ESTIMATE:
            return (*(self.estimate_text(WIDEST_ESTIMATE_BYTES, v)
                      for v in (FITS, TIGHT, DOES_NOT_FIT, NO_GPU)), verdict_text(ERROR))
        if column in COMBO_COLUMNS:
            return tuple(o[0] for t in (True, False) for o in self.options[column, t])
        if column in SPIN_RANGES:
            return (str(SPIN_RANGES[column][1]), *((self.default,) if column == SEQ else ()))
        if column == REMOVE:
            return ("✕",)
        return ()
