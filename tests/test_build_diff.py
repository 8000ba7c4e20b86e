"""Compare two versions of a build: each difference is named once, with both values."""

from __future__ import annotations

from dataclasses import replace

from gpubuild_samples import gpu_variant, sample_build

from planner.core.plan.build import BuildSlot
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


def test_the_same_model_tracked_twice_is_matched_by_occurrence() -> None:
    mine = sample_build(workloads=1)
    train = mine.workloads[0]
    serve = replace(train, task="inference")
    ours = replace(mine, workloads=(train, serve))
    # Their second copy serves at batch 8: only that copy's inference batch differs.
    theirs = replace(ours, workloads=(train, replace(serve, inference=replace(
        serve.inference, batch=8))))
    name = train.workload.name
    assert build_differences(ours, theirs) == [
        f"{name} (inference): batch size in yours {serve.inference.batch}, in theirs 8."]
    # A third copy only they track is named once, with its task.
    assert build_differences(ours, replace(ours, workloads=(train, serve, train))) == [
        f"{name} (training): only in theirs."]


def test_two_cards_only_in_yours_and_the_display_reserve() -> None:
    mine = sample_build(slots=3)
    theirs = replace(mine, slots=mine.slots[:1], display_reserve_bytes=0)
    _, second, third = mine.slots
    assert build_differences(mine, theirs) == [
        f"{second.count}× {second.gpu.name}: only in yours.",
        f"{third.count}× {third.gpu.name}: only in yours.",
        "Display memory reserve: 536,870,912 bytes in yours, 0 bytes in theirs.",
    ]


def test_two_workloads_only_in_yours_and_reordered_workloads() -> None:
    mine = sample_build(workloads=2)
    a, b = mine.workloads
    assert build_differences(mine, replace(mine, workloads=())) == [
        f"{a.workload.name} (training): only in yours.",
        f"{b.workload.name} (inference): only in yours.",
    ]
    assert build_differences(mine, replace(mine, workloads=(b, a))) == [
        "The workloads are the same but in a different order."]


def test_a_models_snapshot_and_usage_labels() -> None:
    mine = sample_build(workloads=1)
    tracked = mine.workloads[0]
    bigger = replace(tracked, workload=replace(tracked.workload, layers=40))
    theirs = replace(mine, workloads=(bigger,), usage=replace(mine.usage, pue=1.5))
    lines = build_differences(mine, theirs)
    assert lines[0].startswith(f"{tracked.workload.name}: ") and "32" in lines[0] and \
        "40" in lines[0]
    # An acronym keeps its capitals; an ordinary label starts in lower case.
    assert lines[-1] == "Usage: PUE in yours 1, in theirs 1.5."


def test_labels_keep_the_capitals_of_names_and_acronyms() -> None:
    from planner.documents.compare import in_sentence

    assert in_sentence("Batch size") == "batch size"
    assert in_sentence("LoRA rank") == "LoRA rank"  # not "loRA rank"
    assert in_sentence("KV heads") == "KV heads"
    assert in_sentence("GPU count") == "GPU count"
    assert in_sentence("") == ""
