"""Which workload setting applies when, and the adapter mapping (core's rules, no Qt)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from planner.core.build import TrackedWorkload
from planner.core.memory import InferenceSetup, TrainingSetup
from planner.core.specs import Workload
from planner.core.workload_settings import (
    DEFAULT_RANK,
    SETTINGS,
    adapter_of,
    applies,
    shown_settings,
    with_adapter,
    with_setting,
)

LLM = Workload(id="llm", name="An 8B LLM", family="decoder", parameters=8_000_000_000,
               sources=("hand-made",), hidden=4096, layers=32, heads=32, vocab=128_256)
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
    always = {"task", "precision", "batch", "seq", "strategy"}
    assert {s for s in SETTINGS if applies(serve, s)} == always
    assert {s for s in SETTINGS if applies(train, s)} == set(SETTINGS) - {"lora_rank"}
    assert applies(replace(train, training=TrainingSetup(lora_rank=16)), "lora_rank")
    cnn = TrackedWorkload(CNN, "train")
    assert not applies(cnn, "attention")  # no attention kernels in a CNN
    assert not applies(cnn, "adapter")  # layer sizes unknown: no LoRA sizing


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
    from planner.core.workload_settings import ShownSettings

    assert shown_settings(t) == ShownSettings(
        task="train", precision="bf16", batch=3, seq=1024, optimizer="adafactor",
        checkpointing=True, accumulation=5, attention="eager", strategy="fsdp", adapter="full",
        lora_rank=DEFAULT_RANK)
    served = shown_settings(replace(t, task="inference"))
    assert (served.task, served.precision, served.batch, served.seq, served.strategy) == (
        "inference", "fp8", 7, 4096, "tp")
    assert with_setting(t, "task", "inference").task == "inference"
