from planner.core.build import Build
from planner.core.physics import recommended_psu, summarize


def build_of(catalog, *items):
    b = Build()
    for gid, n in items:
        g = catalog.gpu(gid)
        assert g is not None, gid
        b = b.with_gpu_added(g, n)
    return b


def codes(summary):
    return {w.code for w in summary.warnings}


def test_four_4090s_warn_no_nvlink_slots_and_circuit(real_catalog):
    s = summarize(build_of(real_catalog, ("nvidia-rtx-4090", 4)))
    assert s.gpu_count == 4 and s.total_tdp_w == 1800
    assert {"no-peer-link", "slot-width", "circuit"} <= codes(s)
    assert "4090" in next(w.message for w in s.warnings if w.code == "no-peer-link")
    assert s.total_memory_bytes == 4 * 24 * 1024**3


def test_single_4090_psu_matches_nvidia_recommendation(real_catalog):
    s = summarize(build_of(real_catalog, ("nvidia-rtx-4090", 1)))
    assert s.recommended_psu_w == 850  # NVIDIA: 850 W system power for the RTX 4090
    assert not codes(s) & {"no-peer-link", "circuit"}


def test_sxm_needs_baseboard_and_mixed_builds_warn(real_catalog):
    s = summarize(build_of(real_catalog, ("nvidia-h100-sxm", 8)))
    assert "baseboard" in codes(s)
    assert "no-peer-link" not in codes(s)
    mixed = summarize(build_of(real_catalog, ("nvidia-rtx-4090", 1), ("nvidia-rtx-3090", 1)))
    assert {"mixed-architectures", "mixed-memory"} & codes(mixed)


def test_psu_sizes_keep_load_under_80_percent():
    assert recommended_psu(650) == 850
    assert recommended_psu(1000) == 1300
    assert recommended_psu(10_000) is None


def test_empty_build_has_no_warnings():
    s = summarize(Build())
    assert s.gpu_count == 0 and not s.warnings and s.recommended_psu_w is None
