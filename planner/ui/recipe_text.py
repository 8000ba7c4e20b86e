"""What a workload was sized with, in the user's language, from core's recipe parts.

The recommender states per requested workload the precision and recipe it assumed as codes with
parameters (:func:`planner.core.plan.recommend.recipe_parts`, whose English the CLI prints); here
each
code has a translatable template (``%1``, ``%2`` … are the parameters :data:`PARAMETERS` lists)
and setting values are worded as the workloads table words them. A code core grows later falls
back to core's English.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication as Qca

from planner.core.plan.recommend import RecipePart
from planner.core.records.precision import OPTIMIZER_LABELS, TRAINING_PRECISIONS
from planner.ui.panels.workloads_columns import WorkloadLabels
from planner.words.names import precision_name

#: The parameters each code's template takes, in %1, %2 … order.
PARAMETERS: dict[str, tuple[str, ...]] = {
    "inference": ("precision",), "kv-cache": ("kv",), "tokens": ("batch", "seq"),
    "tokens-default": ("batch",), "train": ("precision", "optimizer"), "full": (),
    "lora": ("rank", "targets"), "qlora": ("rank", "targets"), "batch": ("batch", "seq"),
    "batch-default": ("batch",), "head": ("head",), "int8-base": (), "single-quant": (),
    "adapter-dtype": ("dtype",), "optimizer-impl": ("impl",), "optimizer-in-backward": (),
    "checkpointing": ("mode",), "chunked-loss": (), "offload": ("what",),
}


def _template(code: str) -> str | None:
    match code:
        case "inference":
            return Qca.translate("RecipeText", "inference, %1 weights")
        case "kv-cache":
            return Qca.translate("RecipeText", "KV cache %1")
        case "tokens":
            return Qca.translate("RecipeText", "batch %1 × %2 tokens")
        case "tokens-default":
            return Qca.translate("RecipeText", "batch %1 × the model's default length")
        case "train":
            return Qca.translate("RecipeText", "training, %1, %2")
        case "full":
            return Qca.translate("RecipeText", "full fine-tuning")
        case "lora":
            return Qca.translate("RecipeText", "LoRA rank %1 on %2")
        case "qlora":
            return Qca.translate("RecipeText", "QLoRA rank %1 on %2")
        case "batch":
            return Qca.translate("RecipeText", "batch %1 × %2")
        case "batch-default":
            return Qca.translate("RecipeText", "batch %1 × the model's default length")
        case "head":
            return Qca.translate("RecipeText", "%1 head")
        case "int8-base":
            return Qca.translate("RecipeText", "8-bit base")
        case "single-quant":
            return Qca.translate("RecipeText", "no double quantization")
        case "adapter-dtype":
            return Qca.translate("RecipeText", "%1 adapters")
        case "optimizer-impl":
            return Qca.translate("RecipeText", "optimizer step: %1")
        case "optimizer-in-backward":
            return Qca.translate("RecipeText", "optimizer step in backward")
        case "checkpointing":
            return Qca.translate("RecipeText", "checkpointing: %1")
        case "chunked-loss":
            return Qca.translate("RecipeText", "chunked loss")
        case "offload":
            return Qca.translate("RecipeText", "CPU offload: %1")
    return None


class RecipeWords:
    """Words recipe parts in the current language (build one per language: it holds labels)."""

    def __init__(self, labels: WorkloadLabels | None = None) -> None:
        self.labels = labels or WorkloadLabels()
        self.separator = Qca.translate("RecipeText", ", ")

    def _value(self, name: str, value: str) -> str:
        labels = self.labels
        options = labels.recipe_options
        match name:
            case "precision":
                p = TRAINING_PRECISIONS.get(value)
                return precision_name(p.label) if p is not None else value.upper()
            case "kv" | "dtype":
                return value.upper()
            case "optimizer":
                return OPTIMIZER_LABELS.get(value, value)
            case "head":
                return labels.head_label(value)
            case "targets":
                return labels.targets_phrase(value)
            case "impl" | "offload" | "what":
                key = "optimizer_impl" if name == "impl" else "offload"
                return next((o[0] for o in options[key] if o[1] == value), value)
            case "mode":
                if value.startswith("every:"):
                    return Qca.translate("RecipeText", "one layer in %1").replace(
                        "%1", value.partition(":")[2])
                return next((o[0] for o in options["checkpoint_mode"] if o[1] == value), value)
        return value

    def part(self, part: RecipePart) -> str:
        """One part in words."""
        template = _template(part.code)
        names = PARAMETERS.get(part.code)
        if template is None or names is None:
            return part.message
        params = dict(part.params)
        text = template
        for i in range(len(names), 0, -1):  # highest first: %1 never eats the start of %10
            text = text.replace(f"%{i}", self._value(names[i - 1], params.get(names[i - 1], "")))
        return text

    def recipe(self, parts: Sequence[RecipePart]) -> str:
        """A workload's whole recipe in one line."""
        return self.separator.join(self.part(p) for p in parts)
