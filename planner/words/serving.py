"""The serving figures' words: what bounds each figure, and the sheet's serving row.

Core names a bound by a code (:mod:`planner.core.estimator.serving`); the panel and the printed
sheet word it here, in the user's language, under one translation context.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject


class Serving(QObject):
    """Translation context of the serving words (``Serving.tr("…", "", n)`` for plurals)."""

    @classmethod
    def tr(cls, text: str, disambiguation: str | None = None, n: int = -1) -> str:
        """Translate a serving word (a class method: these words have no object)."""
        return QCoreApplication.translate("Serving", text, disambiguation, n)


#: The engines by id, as the panel lists them (product names; listed so lupdate sees them).
ENGINE_NAMES = {
    "vllm": QT_TRANSLATE_NOOP("Serving", "vLLM"),
    "sglang": QT_TRANSLATE_NOOP("Serving", "SGLang"),
    "trtllm": QT_TRANSLATE_NOOP("Serving", "TensorRT-LLM"),
    "llamacpp": QT_TRANSLATE_NOOP("Serving", "llama.cpp"),
    "transformers": QT_TRANSLATE_NOOP("Serving", "Hugging Face transformers"),
}

#: Weight quantizations named by the methods that produce them.
PRECISION_NAMES = {
    "int8": QT_TRANSLATE_NOOP("Serving", "int8 (GPTQ, LLM.int8)"),
    "int4": QT_TRANSLATE_NOOP("Serving", "int4 (AWQ, GPTQ)"),
}


def engine_text(engine_id: str) -> str:
    """An engine's name."""
    name = ENGINE_NAMES.get(engine_id)
    return QCoreApplication.translate("Serving", str(name)) if name else engine_id


def precision_text(precision: str) -> str:
    """A precision as the serving panel lists it."""
    name = PRECISION_NAMES.get(precision)
    return QCoreApplication.translate("Serving", str(name)) if name else precision


def bound_text(code: str | None) -> str:
    """What bounds a figure, as a short phrase."""
    match code:
        case "kv-cache":
            return Serving.tr("the KV cache")
        case "max-seqs":
            return Serving.tr("the engine's cap on sequences a step")
        case "weights":
            return Serving.tr("the weights leave no KV cache")
        case "memory-bandwidth":
            return Serving.tr("memory bandwidth")
        case "compute":
            return Serving.tr("compute")
        case "link":
            return Serving.tr("the link between the GPUs")
        case "engine-overhead":
            return Serving.tr("the engine's fixed cost per step")
    return code or ""


def users_text(n: int) -> str:
    """A count of users: "1 user", "20 users"."""
    return Serving.tr("%n user(s)", "", n)


def serving_row_label() -> str:
    """The comparison sheet's row heading."""
    return Serving.tr("Serving")


def serving_row_text(model: str, users: int, per_user: str, cost: str) -> str:
    """The sheet's cell: model, users at once, per-user speed, own cost per million tokens."""
    return Serving.tr("%1: %2 at once, %3 tokens/s each, %4 per million output tokens") \
        .replace("%1", model).replace("%2", users_text(users)).replace("%3", per_user) \
        .replace("%4", cost)
