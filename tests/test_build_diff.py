"""Compare two versions of a build: each difference is named once, with both values."""

from __future__ import annotations

from dataclasses import replace

from gpubuild_samples import gpu_variant, sample_build

from planner.core.build import BuildSlot
from planner.documents.build_diff import build_differences


def test_equal_builds_have_no_differences() -> None:
    assert build_differences(sample_build(), sample_build()) == []


def test_name_notes_and_settings() -> None:
    mine = sample_build()
    theirs = replace(mine, name="Theirs", notes=mine.notes + " more",
                     usage=replace(mine.usage, hours_per_day=6.0),
                     cost=replace(mine.cost, years=5))
    assert build_differences(mine, theirs) == [
        "Name: 'Lab workstation' in yours, 'Theirs' in theirs.",
        "The notes differ.",
        f"Usage: hours per day in yours {mine.usage.hours_per_day:g}, in theirs 6.",
        f"Costs: years of ownership in yours {mine.cost.years}, in theirs 5.",
    ]


def test_gpus_added_removed_recounted_and_refigured() -> None:
    mine = sample_build(slots=2)
    first, second = mine.slots
    extra = gpu_variant(7)
    theirs = replace(mine, slots=(
        replace(first, count=first.count + 2, gpu=replace(first.gpu, tdp_w=500.0)),
        BuildSlot(extra, 3)))
    assert build_differences(mine, theirs) == [
        f"{first.gpu.name}: {first.count}× in yours, {first.count + 2}× in theirs.",
        f"{first.gpu.name}: board power in yours {first.gpu.tdp_w:g} W, in theirs 500 W.",
        f"{second.count}× {second.gpu.name}: only in yours.",
        f"3× {extra.name}: only in theirs.",
    ]


def test_workload_settings_and_task() -> None:
    mine = sample_build()
    tracked = mine.workloads[0]
    changed = replace(tracked, training=replace(tracked.training, batch=64),
                      task="inference" if tracked.task == "train" else "train")
    theirs = replace(mine, workloads=(changed,))
    lines = build_differences(mine, theirs)
    name = tracked.workload.name
    words = {"train": "training", "inference": "inference"}
    assert lines[0] == (f"{name}: {words[tracked.task]} in yours, {words[changed.task]} in "
                        f"theirs.")
    assert lines[1] == (f"{name} (training): batch size in yours {tracked.training.batch}, in "
                        f"theirs 64.")
    gone = mine.workloads[1]
    assert lines[2] == f"{gone.workload.name} ({words[gone.task]}): only in yours."
    assert len(lines) == 3


def test_only_the_order_differs() -> None:
    mine = sample_build(slots=2)
    theirs = replace(mine, slots=mine.slots[::-1])
    assert build_differences(mine, theirs) == ["The GPUs are the same but in a different order."]
