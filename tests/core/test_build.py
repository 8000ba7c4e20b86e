from dataclasses import replace

from planner.core.build import Build


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
