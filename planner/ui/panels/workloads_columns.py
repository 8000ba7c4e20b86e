"""The workloads table's columns and every text it shows, in the user's language.

Which column edits which setting, with which editor and range, and the words for each choice
(the recipe editor, :mod:`planner.ui.panels.workload_recipe`, words its choices from here too).
Which settings apply to which workload is core's rule (:mod:`planner.core.plan.workload_settings`);
the model (:mod:`planner.ui.panels.workloads_model`) puts the two together.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from planner.core.costs.formatting import GIB, Formatter
from planner.core.estimator.headroom import DOES_NOT_FIT, FITS, TIGHT
from planner.core.plan.build import TASKS
from planner.core.plan.workload_settings import (
    INFERENCE_PRECISIONS,
    INFERENCE_STRATEGIES,
    RECIPE_SETTINGS,
    ShownSettings,
)
from planner.core.records.precision import OPTIMIZER_LABELS, STRATEGIES, TRAINING_PRECISIONS
from planner.core.views.headroom import ERROR, NO_GPU
from planner.ui.panels.figure_model import Option
from planner.words.names import precision_name
from planner.words.wording import verdict_text

(NAME, ESTIMATE, TASK, PRECISION, BATCH, SEQ, OPTIMIZER, CHECKPOINTING, ACCUMULATION, ATTENTION,
 STRATEGY, ADAPTER, RANK, RECIPE, REMOVE) = range(15)
COLUMN_COUNT = 15
#: Width of the model-name column, as the panel always had it (names are long; the user can widen).
NAME_WIDTH = 150
#: Short names for the narrow parallelism column; the full label is the item's tooltip.
STRATEGY_SHORT = {"ddp": "DDP", "zero1": "ZeRO-1", "zero2": "ZeRO-2", "zero3": "ZeRO-3",
                  "fsdp": "FSDP", "tp": "TP", "pp": "PP"}
#: The setting (a :data:`planner.core.plan.workload_settings.SETTINGS` name) each column edits.
FIELDS: dict[int, str] = {
    TASK: "task", PRECISION: "precision", BATCH: "batch", SEQ: "seq", OPTIMIZER: "optimizer",
    CHECKPOINTING: "checkpointing", ACCUMULATION: "accumulation", ATTENTION: "attention",
    STRATEGY: "strategy", ADAPTER: "adapter", RANK: "lora_rank",
}
#: The column that shows a setting the estimate refused: its own, else the recipe's.
SETTING_COLUMNS: dict[str, int] = {
    **{name: column for column, name in FIELDS.items()},
    **{name: RECIPE for name in RECIPE_SETTINGS},
    "gpus": STRATEGY,
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
            (self.tr("Recipe"), self.tr("Head, LoRA targets, optimizer step, loss, checkpointing "
                                        "mode and offload: click to edit")),
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
        self.options[PRECISION, True] = tuple((precision_name(p.label), p.name, "")
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
        self._recipe_words()

    def _recipe_words(self) -> None:
        """The recipe editor's choices and the recipe column's words for each setting."""
        self.heads = {
            "causal-lm": self.tr("Causal LM"), "seq-cls": self.tr("Sequence classification"),
            "token-cls": self.tr("Token classification"), "masked-lm": self.tr("Masked LM"),
            "qa": self.tr("Question answering"), "base": self.tr("Base model (no head)"),
            "seq2seq": self.tr("Seq2seq LM"),
        }
        self.auto_head = self.tr("Auto (%1)")
        #: (label, key, tooltip) per recipe setting with a fixed set of values.
        self.recipe_options: dict[str, tuple[Option, ...]] = {
            "adapter_dtype": ((self.tr("FP32"), "fp32", self.tr("PEFT's default: adapters in "
                                                                "fp32 beside a 16-bit base")),
                              (self.tr("BF16"), "bf16", ""), (self.tr("FP16"), "fp16", "")),
            "optimizer_impl": (
                (self.tr("For-each (PyTorch default)"), "foreach",
                 self.tr("Batches every tensor: the step's temporaries for all parameters at "
                         "once")),
                (self.tr("Fused"), "fused", self.tr("One kernel per step: no temporaries")),
                (self.tr("Per tensor"), "per-tensor",
                 self.tr("foreach=False: only the largest tensor's temporaries at once"))),
            "loss": ((self.tr("Full cross-entropy"), "full", ""),
                     (self.tr("Chunked cross-entropy"), "chunked",
                      self.tr("torchtune / Liger: the loss's fp32 work one chunk of tokens at "
                              "a time")),
                     (self.tr("Shifted logits (transformers)"), "shifted",
                      self.tr("transformers' ForCausalLMLoss: upcasts the returned logits to "
                              "fp32 and copies the shifted positions")),
                     (self.tr("FP32 logits held"), "fp32-logits",
                      self.tr("transformers before 4.46: fp32 logits returned and kept through "
                              "backward by the training loop"))),
            "stack": ((self.tr("Modern (CUDA 11.7+, PyTorch 2)"), "modern",
                       self.tr("Lazy module loading: a 512 MiB CUDA context; zero_grad frees "
                               "the gradients")),
                      (self.tr("PyTorch 1 on CUDA 11"), "torch1-cuda11",
                       self.tr("Every kernel loaded at start (1,343 MB measured on a V100); "
                               "zero_grad keeps the gradients allocated"))),
            "offload": ((self.tr("None"), "none", ""),
                        (self.tr("Optimizer state"), "optimizer",
                         self.tr("ZeRO-Offload: master weights and optimizer state in host RAM")),
                        (self.tr("Optimizer state and parameters"), "all",
                         self.tr("FSDP CPU offload: weights and gradients too"))),
            "checkpoint_mode": (
                (self.tr("None"), "none", ""),
                (self.tr("Every layer"), "full", self.tr("Keeps each layer's input and "
                                                         "recomputes the layer in backward")),
                (self.tr("Selective, op level (torchtitan)"), "selective-op",
                 self.tr("Keeps matmul and attention outputs; recomputes norms, RoPE and "
                         "activation functions")),
                (self.tr("Attention only (selective)"), "selective",
                 self.tr("Recomputes each layer's attention sub-block; keeps the MLP's "
                         "activations")),
                (self.tr("One layer in N"), "every",
                 self.tr("Checkpoints every N-th layer and keeps the others"))),
            "lora_targets": ((self.tr("Attention projections"), "attention", ""),
                             (self.tr("All linear layers"), "all-linear", ""),
                             (self.tr("Chosen layers"), "list", "")),
        }
        self._target_phrases = {"attention": self.tr("attention projections"),
                                "all-linear": self.tr("all linear layers")}
        self.recipe_defaults = self.tr("Defaults")
        self.recipe_tip = self.tr("Click to edit this workload's recipe")
        self.recipe_separator = self.tr(" · ")
        self._recipe_word = {
            "adapter_dtype": self.tr("%1 adapters"), "double_quant": self.tr("no double quant."),
            "int8_base": self.tr("8-bit base"), "optimizer_impl": self.tr("%1 step"),
            "optimizer_in_backward": self.tr("step in backward"),
            "loss": self.tr("chunked loss"), "offload": self.tr("offload: %1"),
            "checkpoint_selective": self.tr("selective ckpt"),
            "checkpoint_every": self.tr("ckpt 1 layer in %1"), "head": self.tr("%1 head"),
            "lora_targets": self.tr("LoRA on %1"),
            "checkpoint_op": self.tr("op-level ckpt"),
            "loss_shifted": self.tr("shifted-logits loss"),
            "loss_fp32-logits": self.tr("fp32 logits held"),
            "activation_offloading": self.tr("activations offloaded"),
            "target_seq": self.tr("target %1 tokens"), "stack": self.tr("stack: %1"),
            "kbit_prep": self.tr("fp32 unquantized modules"),
        }

    def head_label(self, head: str) -> str:
        """A head in words ("Causal LM"); an unknown one as itself."""
        return self.heads.get(head, head)

    def targets_label(self, targets: str) -> str:
        """LoRA targets as a choice: the named set, or the module names as the model has them."""
        named = {o[1]: o[0] for o in self.recipe_options["lora_targets"]}
        return named.get(targets) or ", ".join(n.strip() for n in targets.split(","))

    def targets_phrase(self, targets: str) -> str:
        """LoRA targets inside a sentence ("LoRA on all linear layers")."""
        return self._target_phrases.get(targets) or self.targets_label(targets)

    def recipe_summary(self, shown: ShownSettings, changed: tuple[str, ...]) -> str:
        """The recipe column's text: the settings that differ from a fresh workload's."""
        words: list[str] = []
        for name in changed:
            match name:
                case "head":
                    text = self._recipe_word["head"].replace("%1", self.head_label(shown.head))
                case "checkpoint_mode":
                    if shown.checkpoint_mode == "selective":
                        text = self._recipe_word["checkpoint_selective"]
                    elif shown.checkpoint_mode == "selective-op":
                        text = self._recipe_word["checkpoint_op"]
                    else:
                        text = self._recipe_word["checkpoint_every"].replace(
                            "%1", shown.checkpoint_mode.partition(":")[2])
                case "lora_targets":
                    text = self._recipe_word["lora_targets"].replace(
                        "%1", self.targets_phrase(shown.lora_targets))
                case "loss" if shown.loss != "chunked":
                    text = self._recipe_word[f"loss_{shown.loss}"]
                case "target_seq":
                    text = self._recipe_word["target_seq"].replace(
                        "%1", self.fmt.integer(shown.target_seq or 0))
                case "adapter_dtype" | "optimizer_impl" | "offload" | "stack":
                    value = str(getattr(shown, name))
                    label = next((o[0] for o in self.recipe_options[name] if o[1] == value),
                                 value)
                    text = self._recipe_word[name].replace("%1", label if name != "adapter_dtype"
                                                           else value.upper())
                case _:
                    text = self._recipe_word[name]
            words.append(text)
        return self.recipe_separator.join(words) or self.recipe_defaults

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
        if column == RECIPE:  # a typical summary; longer ones elide (the tooltip has them all)
            return (self.recipe_defaults, self.recipe_separator.join(
                (self._recipe_word["loss"], self._recipe_word["optimizer_in_backward"])))
        return ()
