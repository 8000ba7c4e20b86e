"""Read a Hugging Face ``config.json`` into a Workload, so users can size models we do not ship.

Only reads the dictionary it is given (the caller loads the JSON); follows no path or URL inside
it. The family comes from ``model_type``, the task head from ``architectures`` (``…ForCausalLM``,
``…ForSequenceClassification`` …). Families: see :data:`FAMILY_NAMES`. Anything malformed or
unknown gets one plain sentence. Pure Python; no Qt, no database.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from planner.core.models.hfconfig_families import READERS, int_field
from planner.core.models.layouts import HEADS, count_parameters
from planner.core.records.precision import EstimateError
from planner.core.records.specs import Workload

#: The families we read, as people name them (the sentence for an unknown model names them).
FAMILY_NAMES = ("Llama", "Mistral", "Mixtral", "Qwen2/2.5/3 and their MoE variants",
                "Gemma 1/2/3", "Phi-1.5/2/3", "Falcon", "GPT-NeoX", "GPT-BigCode", "OPT", "BLOOM",
                "MPT", "StableLM", "DeepSeek-V2/V3", "DeepSeekMoE", "OLMo 2", "Mamba", "Mllama",
                "Qwen2-VL", "GPT-2", "BERT/RoBERTa", "T5", "Whisper", "ChatGLM2/3 and GLM-4",
                "Baichuan 2", "InternLM2")

#: ``architectures`` class-name endings and the head each loads (longest first).
HEAD_SUFFIXES: tuple[tuple[str, str], ...] = (
    ("ForSequenceClassification", "seq-cls"),
    ("ForTokenClassification", "token-cls"),
    ("ForQuestionAnswering", "qa"),
    ("ForConditionalGeneration", "causal-lm"),
    ("ForCausalLM", "causal-lm"),
    ("LMHeadModel", "causal-lm"),
    ("ForMaskedLM", "masked-lm"),
    ("ForPreTraining", "masked-lm"),
    ("Model", "base"),
)


def _known_families() -> str:
    return ", ".join(FAMILY_NAMES)


def _norm_name(text: str) -> str:
    return text.lower().replace("_", "").replace("-", "")


def head_from_architectures(cfg: dict[str, Any], model_type: str) -> str | None:
    """The head ``architectures[0]`` names (``None`` when the config lists none).

    Raises a sentence naming the families we know when the class is not one of them.
    """
    arch = cfg.get("architectures")
    if arch is None:
        return None
    if (not isinstance(arch, list) or not arch or not isinstance(arch[0], str)
            or len(arch[0]) > 100):
        raise EstimateError("config.json's 'architectures' must be a list of class names.")
    name = arch[0]
    for suffix, head in HEAD_SUFFIXES:
        if name.endswith(suffix):
            prefix = _norm_name(name[: -len(suffix)])
            family = _norm_name(model_type)
            if prefix and (family.startswith(prefix) or prefix.startswith(family)):
                if head == "causal-lm" and suffix == "ForConditionalGeneration" and (
                        model_type in ("t5", "mt5", "umt5", "whisper")):
                    return "seq2seq"
                return head
            break
    raise EstimateError(
        f"config.json's architectures entry '{name}' is not a model we can size; we know "
        f"{_known_families()}.")


def workload_from_hf_config(cfg: object, name: str = "Custom model",
                            head: str | None = None) -> Workload:
    """Build a Workload from a parsed ``config.json`` dictionary.

    ``head`` overrides the head ``architectures`` names (``None`` or ``"auto"``: use it).
    """
    if not isinstance(cfg, dict):
        raise EstimateError("config.json must be a JSON object.")
    model_type = cfg.get("model_type")
    if not isinstance(model_type, str):
        raise EstimateError("config.json has no 'model_type', so its family is unknown.")
    mt = model_type.lower()
    reader = READERS.get(mt)
    if reader is None:
        raise EstimateError(
            f"Model type '{model_type}' is not supported yet; we know {_known_families()}.")
    found = head_from_architectures(cfg, mt)
    if mt == "chatglm" and found == "base":
        # ChatGLM's remote-code ChatGLMModel holds the output layer (its auto_map loads
        # ChatGLMForConditionalGeneration for causal LM): a language model, not a bare body.
        found = "causal-lm"
    if head in (None, "auto"):
        head = found
    elif head not in HEADS:
        raise EstimateError(f"Unknown head '{head}'; use auto or one of {', '.join(HEADS)}.")
    common: dict[str, Any] = {"id": f"custom-{mt}", "name": name, "parameters": 0,
                              "sources": ("user config.json",), "custom": True}
    w = reader(cfg, common)
    labels = cfg.get("num_labels")
    if labels is None and isinstance(cfg.get("id2label"), dict):
        labels = len(cfg["id2label"])
    if labels is not None:
        labels = int_field({"num_labels": labels}, "num_labels")
    w = replace(w, head=head, num_labels=labels)
    _check_shape(w)
    counted = count_parameters(w)
    if not counted:
        raise EstimateError("config.json describes a model with no parameters.")
    return replace(w, parameters=counted)


def _check_shape(w: Workload) -> None:
    if w.is_ssm:
        if not w.hidden or not w.layers:
            raise EstimateError("config.json describes a Mamba model without layers.")
        return
    if not w.heads or not w.hidden or (w.hidden % w.heads and not w.head_dim):
        raise EstimateError("config.json's hidden size does not divide into its attention heads.")
    if w.kv_heads and w.heads % w.kv_heads:
        raise EstimateError("config.json's attention heads are not a multiple of its KV heads.")
