from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from planner.core.plan.build import MAX_GPU_COUNT, Build, BuildSlot, TrackedWorkload
from planner.core.records.specs import GpuSpec


def test_with_gpu_spec_replaces_only_that_cards_snapshots(real_catalog):
    a, b = real_catalog.gpu("nvidia-rtx-4090"), real_catalog.gpu("nvidia-rtx-3090")
    build = Build().with_gpu_added(a, 2).with_gpu_added(b)
    corrected = replace(a, tdp_w=400)
    updated = build.with_gpu_spec(corrected)
    assert [s.gpu.tdp_w for s in updated.slots] == [400, b.tdp_w]
    assert [s.count for s in updated.slots] == [2, 1]
    assert build.slots[0].gpu.tdp_w == a.tdp_w  # builds are values: the old one is unchanged
    assert build.with_gpu_spec(a) is build  # nothing to change: the same build
    assert build.with_gpu_spec(replace(a, id="someone-else")) is build


# --- properties of the edits a document makes (hypothesis) --------------------------------------


def _card(n: int) -> GpuSpec:
    return GpuSpec(id=f"card-{n}", vendor="NVIDIA", name=f"Card {n}", architecture="ampere",
                   segment="consumer", form_factor="pcie-card", memory_gb=24, memory_type="GDDR6X",
                   memory_bandwidth_gbs=900, tdp_w=300, sources=("hand-made",))


slot_lists = st.lists(st.integers(1, MAX_GPU_COUNT), min_size=1, max_size=8).map(
    lambda counts: Build(slots=tuple(BuildSlot(_card(i), c) for i, c in enumerate(counts))))


@given(slot_lists, st.data())
def test_moving_a_slot_is_a_move_and_moving_back_undoes_it(build, data):
    n = len(build.slots)
    src = data.draw(st.integers(0, n - 1))
    dst = data.draw(st.integers(0, n + 2))  # past the end means "last"
    moved = build.with_slot_moved(src, dst)
    final = min(dst, n - 1)
    assert moved.slots[final] == build.slots[src]
    # The others keep their order: removing the moved slot from both leaves the same list.
    rest = [s for i, s in enumerate(build.slots) if i != src]
    assert [s for i, s in enumerate(moved.slots) if i != final] == rest
    assert moved.with_slot_moved(final, src) == build
    assert moved.gpu_count == build.gpu_count


@given(slot_lists, st.data())
def test_adding_a_card_already_there_raises_its_count_up_to_the_cap(build, data):
    i = data.draw(st.integers(0, len(build.slots) - 1))
    extra = data.draw(st.integers(1, 100))
    before = build.slots[i].count
    added = build.with_gpu_added(build.slots[i].gpu, extra)
    assert len(added.slots) == len(build.slots)  # no second slot for the same card
    assert added.slots[i].count == min(MAX_GPU_COUNT, before + extra)
    others = [s for j, s in enumerate(added.slots) if j != i]
    assert others == [s for j, s in enumerate(build.slots) if j != i]
    new = build.with_gpu_added(_card(99), extra)
    assert new.slots[:-1] == build.slots and new.slots[-1] == BuildSlot(_card(99),
                                                                        min(extra, MAX_GPU_COUNT))


@given(slot_lists, st.data())
def test_removing_a_slot_and_counts(build, data):
    i = data.draw(st.integers(0, len(build.slots) - 1))
    removed = build.without_slot(i)
    assert removed.gpu_count == build.gpu_count - build.slots[i].count
    assert removed.slots == build.slots[:i] + build.slots[i + 1:]
    assert len(build.gpus()) == build.gpu_count
    count = data.draw(st.integers(1, MAX_GPU_COUNT))
    assert build.with_count(i, count).slots[i] == BuildSlot(build.slots[i].gpu, count)
    for bad in (0, MAX_GPU_COUNT + 1):
        with pytest.raises(ValueError):
            build.with_count(i, bad)
    with pytest.raises(ValueError):
        build.with_gpu_added(build.slots[i].gpu, 0)


def test_workloads_are_added_replaced_and_removed_in_place(real_catalog):
    a, b, c = (TrackedWorkload(real_catalog.workload(w)) for w in
               ("bert-base", "gpt2-small", "resnet-50"))
    build = Build().with_workload_added(a).with_workload_added(b)
    assert build.workloads == (a, b)
    assert build.with_workload(1, c).workloads == (a, c)
    assert build.without_workload(0).workloads == (b,)
    assert build.workloads == (a, b)  # values: the edits made new builds


def test_removing_the_middle_workload_and_estimating_over_the_build(real_catalog):
    a, b, c = (TrackedWorkload(real_catalog.workload(w)) for w in
               ("bert-base", "gpt2-small", "resnet-50"))
    assert Build(workloads=(a, b, c)).without_workload(1).workloads == (a, c)
    from planner.core.estimator.memory import InferenceSetup
    from planner.core.plan.build import estimate_for

    # Served with tensor parallelism over two cards, each holds half of Llama 3 8B's bf16
    # weights: 8,030,261,248 x 2 / 2 bytes. With no cards the estimate is for one.
    llama = TrackedWorkload(real_catalog.workload("llama-3-8b"), "inference",
                            inference=InferenceSetup(precision="bf16", strategy="tp"))
    assert estimate_for(llama, 2).weights == 8_030_261_248
    assert estimate_for(llama, 0).weights == 8_030_261_248 * 2
