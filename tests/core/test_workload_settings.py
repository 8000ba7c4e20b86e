"""Which workload setting applies when, and the adapter mapping (core's rules, no Qt)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from planner.core.estimator.memory import InferenceSetup, TrainingSetup
from planner.core.plan.build import TrackedWorkload, estimate_for
from planner.core.plan.workload_settings import (
    DEFAULT_EVERY,
    DEFAULT_RANK,
    SETTINGS,
    adapter_of,
    applies,
    attention_modules,
    auto_head,
    checkpoint_choice,
    checkpoint_choices,
    explicit_targets,
    head_choices,
    lora_modules,
    recipe_changes,
    shown_settings,
    target_names,
    with_adapter,
    with_setting,
)
from planner.core.records.precision import EstimateError
from planner.core.records.specs import Workload

LLM = Workload(id="llm", name="An 8B LLM", family="decoder", parameters=8_000_000_000,
               sources=("hand-made",), hidden=4096, layers=32, heads=32, vocab=128_256)
#: Llama-shaped: gated MLP, RMSNorm, grouped KV heads (PEFT names its layers q_proj … down_proj).
LLAMA = Workload(id="llama", name="A Llama", family="decoder", parameters=8_000_000_000,
                 sources=("hand-made",), hidden=4096, layers=32, heads=32, kv_heads=8,
                 intermediate=14_336, vocab=128_256, arch="llama", gated_mlp=True,
                 norm="rmsnorm")
CNN = Workload(id="cnn", name="A CNN", family="cnn", parameters=25_000_000, sources=("hand-made",))


def test_adapter_read_from_rank_and_qlora_flag() -> None:
    assert adapter_of(TrainingSetup()) == "full"
    assert adapter_of(TrainingSetup(lora_rank=8)) == "lora"
    assert adapter_of(TrainingSetup(lora_rank=8, qlora=True)) == "qlora"  # not "lora"


def test_switching_adapters_keeps_the_rank() -> None:
    full = TrainingSetup()
    lora = with_adapter(full, "lora")
    assert (lora.lora_rank, lora.qlora) == (DEFAULT_RANK, False)
    qlora = with_adapter(replace(lora, lora_rank=64), "qlora")
    assert (qlora.lora_rank, qlora.qlora) == (64, True)
    back = with_adapter(qlora, "full")
    assert (back.lora_rank, back.qlora) == (None, False)
    with pytest.raises(ValueError, match="Unknown adapter"):
        with_adapter(full, "dora")


def test_settings_that_apply_to_training_and_serving() -> None:
    train = TrackedWorkload(LLM, "train")
    serve = TrackedWorkload(LLM, "inference")
    always = {"task", "precision", "batch", "seq", "strategy", "head"}
    assert {s for s in SETTINGS if applies(serve, s)} == always
    adapter_only = {"lora_rank", "lora_targets", "adapter_dtype", "double_quant", "int8_base",
                    "kbit_prep"}
    # A decoder has no target length of its own (that is an encoder-decoder's decoder).
    assert {s for s in SETTINGS if applies(train, s)} == set(SETTINGS) - adapter_only - {
        "target_seq"}
    lora = replace(train, training=TrainingSetup(lora_rank=16))
    assert {s for s in adapter_only if applies(lora, s)} == adapter_only - {
        "double_quant", "kbit_prep"}
    qlora = replace(train, training=TrainingSetup(lora_rank=16, qlora=True))
    assert {s for s in adapter_only if applies(qlora, s)} == adapter_only - {"int8_base"}
    cnn = TrackedWorkload(CNN, "train")
    assert not applies(cnn, "attention")  # no attention kernels in a CNN
    assert not applies(cnn, "adapter")  # layer sizes unknown: no LoRA sizing
    assert not applies(cnn, "loss")  # no vocabulary, no logits to chunk
    assert not applies(cnn, "head")  # nothing to choose


def test_the_step_implementation_and_loss_apply_where_they_change_something() -> None:
    train = TrackedWorkload(LLM, "train")
    assert applies(train, "optimizer_impl")  # AdamW's foreach step allocates temporaries
    for fused_kernel in ("adamw-8bit", "paged-adamw", "paged-adamw-8bit", "sgd"):
        assert not applies(with_setting(train, "optimizer", fused_kernel), "optimizer_impl")
    classifier = with_setting(train, "head", "seq-cls")
    assert not applies(classifier, "loss")  # two logits per sequence: nothing to chunk


def test_heads_offered_by_family() -> None:
    assert head_choices(LLM) == ("causal-lm", "seq-cls", "token-cls", "qa", "base")
    bert = replace(LLM, family="encoder", head="masked-lm")
    assert head_choices(bert) == ("masked-lm", "seq-cls", "token-cls", "qa", "base")
    assert head_choices(replace(LLM, family="encoder-decoder")) == ("seq2seq",)
    assert head_choices(replace(LLM, family="vit")) == ()
    assert head_choices(CNN) == ()
    assert not applies(TrackedWorkload(replace(LLM, family="encoder-decoder"), "train"), "head")


def test_changing_the_head_moves_the_parameters_by_the_heads_difference() -> None:
    t = TrackedWorkload(replace(LLM, head="causal-lm"), "train")
    # An untied causal-LM head is vocab × hidden; a 2-label score is hidden × 2 without bias.
    cls = with_setting(t, "head", "seq-cls")
    assert cls.workload.parameters == 8_000_000_000 - 128_256 * 4096 + 4096 * 2
    assert with_setting(cls, "head", "causal-lm").workload.parameters == 8_000_000_000
    assert auto_head(cls.workload, t.workload) == "causal-lm"  # the catalog's entry decides
    assert auto_head(cls.workload, None) == "causal-lm"  # else the family's usual head
    encoder = replace(LLM, family="encoder", head="qa")
    assert auto_head(replace(encoder, head="base"), encoder) == "qa"
    assert auto_head(replace(encoder, head="base"), None) == "masked-lm"
    with pytest.raises(EstimateError, match="masked-LM head needs"):
        with_setting(t, "head", "masked-lm")


def test_checkpointing_mode_is_one_choice_with_none() -> None:
    t = TrackedWorkload(LLM, "train")
    assert shown_settings(t).checkpoint_mode == "none"
    selective = with_setting(t, "checkpoint_mode", "selective")
    assert (selective.training.checkpointing, selective.training.checkpoint_mode) == (
        True, "selective")
    every = with_setting(t, "checkpoint_mode", "every")
    assert every.training.checkpoint_mode == f"every:{DEFAULT_EVERY}"
    assert checkpoint_choice("every:6") == ("every", 6)
    off = with_setting(with_setting(t, "checkpoint_mode", "every:6"), "checkpoint_mode", "none")
    assert not off.training.checkpointing and off.training.checkpoint_mode == "every:6"
    assert shown_settings(off).checkpoint_mode == "none"
    with pytest.raises(EstimateError, match="whole number N"):
        with_setting(t, "checkpoint_mode", "every:0")
    assert checkpoint_choices(LLM) == ("none", "full", "selective-op", "selective", "every")
    assert checkpoint_choices(CNN) == ("none", "full")  # a measured profile: on or off


def test_one_quantized_base_at_a_time() -> None:
    lora = TrainingSetup(lora_rank=8, int8_base=True)
    assert adapter_of(lora) == "lora"
    assert adapter_of(TrainingSetup(int8_base=True)) == "lora"  # core sizes it with adapters
    assert not with_adapter(lora, "qlora").int8_base
    assert not with_adapter(lora, "full").int8_base
    assert with_adapter(lora, "lora").int8_base


def test_lora_targets_in_the_models_own_names_and_order() -> None:
    assert lora_modules(LLAMA) == ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj",
                                 "down_proj")
    assert attention_modules(LLAMA) == ("q_proj", "k_proj", "v_proj", "o_proj")
    assert explicit_targets(LLAMA, {"down_proj", "q_proj"}) == "q_proj,down_proj"
    assert target_names(LLAMA, "q_proj, v_proj,nope") == ("q_proj", "v_proj")
    assert target_names(LLAMA, "all-linear") == lora_modules(LLAMA)
    assert lora_modules(CNN) == ()
    t = TrackedWorkload(LLAMA, "train", training=TrainingSetup(lora_rank=8))
    assert with_setting(t, "lora_targets", "q_proj,v_proj").training.lora_targets == \
        "q_proj,v_proj"
    with pytest.raises(ValueError, match="at least one layer"):
        with_setting(t, "lora_targets", " , ")
    with pytest.raises(ValueError, match="loss must be one of"):
        with_setting(t, "loss", "focal")


def test_recipe_changes_name_what_differs_from_a_fresh_workload() -> None:
    t = TrackedWorkload(replace(LLM, head="causal-lm"), "train")
    assert recipe_changes(t) == ()
    assert recipe_changes(with_setting(t, "checkpoint_mode", "full")) == ()  # the table's box
    changed = t
    for name, value in (("loss", "chunked"), ("checkpoint_mode", "selective"),
                        ("offload", "optimizer"), ("head", "seq-cls")):
        changed = with_setting(changed, name, value)
    assert recipe_changes(changed) == ("head", "checkpoint_mode", "offload")  # loss: no LM head
    lora = with_setting(with_setting(t, "adapter", "lora"), "lora_targets", "all-linear")
    assert recipe_changes(lora) == ("lora_targets",)


@pytest.mark.parametrize(("build", "setting", "words"), [
    (lambda: TrackedWorkload(replace(LLM, context=8192), "train",
                             training=TrainingSetup(seq=1_000_000)), "seq", "longer than"),
    (lambda: TrackedWorkload(replace(LLM, kv_heads=8), "inference",
                             inference=InferenceSetup(strategy="tp", gpus=3)), "strategy",
     "cannot split"),
    (lambda: TrackedWorkload(LLAMA, "train", training=TrainingSetup(lora_rank=8,
                                                                    lora_targets="q_proj,mlp")),
     "lora_targets", "no layer called 'mlp'"),
    (lambda: TrackedWorkload(CNN, "train", training=TrainingSetup(lora_rank=8, qlora=True)),
     "adapter", "transformer"),
])
def test_bad_input_names_the_setting_at_fault(build, setting: str, words: str) -> None:  # type: ignore[no-untyped-def]
    t = build()
    with pytest.raises(EstimateError, match=words) as caught:
        estimate_for(t, t.inference.gpus if t.task == "inference" else 1)
    assert caught.value.setting == setting
    message = str(caught.value)
    assert message.count(". ") == 0 and message.endswith(".")  # one sentence


def test_a_setting_changes_the_setup_of_the_task() -> None:
    t = TrackedWorkload(LLM, "inference", training=TrainingSetup(batch=4),
                        inference=InferenceSetup(batch=2))
    served = with_setting(t, "batch", 8)
    assert served.inference.batch == 8 and served.training.batch == 4
    trained = with_setting(with_setting(t, "task", "train"), "batch", 16)
    assert trained.training.batch == 16 and trained.inference.batch == 2
    assert with_setting(trained, "adapter", "qlora").training.qlora is True
    with pytest.raises(ValueError, match="Unknown setting"):
        with_setting(t, "gpus", 2)


def test_shown_settings_follow_the_task() -> None:
    t = TrackedWorkload(LLM, "train", training=TrainingSetup(precision="amp-bf16", lora_rank=32,
                                                             qlora=True),
                        inference=InferenceSetup(precision="int4", strategy="pp"))
    shown = shown_settings(t)
    assert (shown.precision, shown.adapter, shown.lora_rank) == ("amp-bf16", "qlora", 32)
    served = shown_settings(replace(t, task="inference"))
    assert (served.precision, served.strategy, served.adapter) == ("int4", "pp", "full")


def test_every_shown_setting_comes_from_the_tasks_own_setup() -> None:
    t = TrackedWorkload(LLM, "train",
                        training=TrainingSetup(precision="bf16", batch=3, seq=1024,
                                               optimizer="adafactor", checkpointing=True,
                                               accumulation=5, attention="eager",
                                               strategy="fsdp"),
                        inference=InferenceSetup(precision="fp8", batch=7, seq=4096,
                                                 strategy="tp"))
    shown = shown_settings(t)
    assert (shown.task, shown.precision, shown.batch, shown.seq, shown.optimizer,
            shown.checkpointing, shown.checkpoint_mode, shown.accumulation, shown.attention,
            shown.strategy, shown.adapter, shown.lora_rank) == (
        "train", "bf16", 3, 1024, "adafactor", True, "full", 5, "eager", "fsdp", "full",
        DEFAULT_RANK)
    assert shown_settings(replace(t, training=replace(t.training, checkpointing=False))
                          ).checkpoint_mode == "none"
    served = shown_settings(replace(t, task="inference"))
    assert (served.task, served.precision, served.batch, served.seq, served.strategy) == (
        "inference", "fp8", 7, 4096, "tp")
    assert with_setting(t, "task", "inference").task == "inference"
