from dataclasses import replace

import pytest

from planner.core.plan.build import Build, BuildSlot
from planner.core.plan.physics import recommended_psu, summarize
from planner.core.records.specs import GpuSpec, Price


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


# --- each rule at its threshold, on hand-made cards (arithmetic in each test) -------------------


CARD = GpuSpec(id="card", vendor="NVIDIA", name="Card", architecture="ada-lovelace",
               segment="consumer", form_factor="pcie-card", memory_gb=24, memory_type="GDDR6X",
               memory_bandwidth_gbs=1008, tdp_w=450, sources=("hand-made",), slot_width=3.0,
               pcie_lanes=16, connectors_16pin=1, connectors_8pin=0)


def of(*slots: tuple[GpuSpec, int]) -> Build:
    return Build(slots=tuple(BuildSlot(g, n) for g, n in slots))


def by_code(summary):
    return {w.code: w for w in summary.warnings}


def test_three_triple_slot_cards_worked_by_hand():
    s = summarize(of((CARD, 3)))
    # 3 x 450 W = 1,350 W of cards + 200 W host = 1,550 W; / 0.8 = 1,937.5 W -> a 2,000 W PSU;
    # 1,550 W x 3.412 = 5,288.6 BTU/h.
    assert (s.gpu_count, s.total_tdp_w, s.system_w) == (3, 1350, 1550)
    assert s.recommended_psu_w == 2000
    assert s.heat_btu_per_hour == pytest.approx(5288.6)
    assert s.total_memory_bytes == 3 * 24 * 2**30 and s.min_memory_bytes == 24 * 2**30
    # 3 x 3 slots = 9 > 7 on an ATX board; 3 x 16 = 48 lanes > 16; three 16-pin plugs > 2;
    # 1,550 W > the 1,440 W a 120 V / 15 A circuit carries continuously.
    assert (s.expansion_slots, s.pcie_lanes, s.connectors_16pin, s.connectors_8pin) == (
        9, 48, 3, 0)
    w = by_code(s)
    assert set(w) == {"no-peer-link", "slot-width", "pcie-lanes", "connectors", "circuit"}
    assert w["no-peer-link"].params == {"gpu": "Card"}
    assert (w["slot-width"].params, w["slot-width"].severity) == ({"slots": "9"}, "warning")
    assert (w["pcie-lanes"].params, w["pcie-lanes"].severity) == ({"lanes": "48"}, "info")
    assert w["connectors"].params == {"count": "3"}
    assert w["circuit"].params == {"watts": "1550", "circuit": "120V-15A"}
    assert "1,550 W" in w["circuit"].message and "1,440 W" in w["circuit"].message
    assert "9 expansion slots" in w["slot-width"].message


def test_two_cards_stay_under_each_limit_but_the_lanes():
    s = summarize(of((CARD, 2)))
    # 2 x 3 = 6 slots (<= 7), two 16-pin plugs (<= 2), 900 + 200 = 1,100 W (<= 1,440 W):
    # 1,100 / 0.8 = 1,375 W -> 1,500 W. 2 x 16 = 32 lanes still exceed a desktop's 16.
    assert s.recommended_psu_w == 1500
    assert set(by_code(s)) == {"no-peer-link", "pcie-lanes"}


def test_limits_are_inclusive():
    # Exactly 7 slots (2 x 3.5), 16 lanes (2 x 8), two plugs, 1,440 W: nothing to warn of.
    card = replace(CARD, slot_width=3.5, pcie_lanes=8, tdp_w=620.0,
                   interconnect="NVLink", interconnect_bandwidth_gbs=112.5)
    s = summarize(of((card, 2)))  # 2 x 620 + 200 = 1,440 W
    assert s.system_w == 1440 and not s.warnings
    # A PSU loaded to exactly 80 %: 680 W / 0.8 = 850 W.
    assert recommended_psu(680) == 850 and recommended_psu(680.5) == 1000
    # 3,200 W is the largest size: 2,560 W fits it, 2,561 W needs server supplies.
    assert recommended_psu(2560) == 3200 and recommended_psu(2561) is None


def test_a_build_no_single_psu_covers():
    sxm = replace(CARD, form_factor="sxm", segment="datacenter", tdp_w=700.0, slot_width=None,
                  connectors_16pin=None,
                  interconnect="NVLink", interconnect_bandwidth_gbs=900.0)
    s = summarize(of((sxm, 4)), circuit="230V-16A")
    # 4 x 700 + 200 = 3,000 W: over 0.8 x 3,200 = 2,560 W, under the 3,680 W of a 230 V / 16 A
    # circuit. SXM modules take no expansion slots or desktop lanes.
    assert s.recommended_psu_w is None and s.system_w == 3000
    assert (s.expansion_slots, s.pcie_lanes) == (0, 0)
    w = by_code(s)
    assert set(w) == {"psu", "baseboard"}
    assert w["psu"].params == {"watts": "3000"} and "3,000 W" in w["psu"].message
    assert w["baseboard"].params == {"gpu": "Card"} and "SXM module" in w["baseboard"].message


@pytest.mark.parametrize(("form", "segment", "code", "severity"), [
    ("oam", "datacenter", "baseboard", "warning"),
    ("superchip", "datacenter", "baseboard", "warning"),
    ("pcie-card", "datacenter", "passive-cooling", "info"),
    ("pcie-card", "workstation", None, None),
])
def test_what_a_card_needs_around_it(form, segment, code, severity):
    s = summarize(of((replace(CARD, form_factor=form, segment=segment), 1)))
    w = by_code(s)
    assert set(w) == ({code} if code else set())
    if code:
        assert w[code].severity == severity and w[code].params == {"gpu": "Card"}


def test_amd_support_status_and_mixed_vendors():
    mi = replace(CARD, id="mi", vendor="AMD", name="Radeon", architecture="rdna3",
                 rocm_support="unofficial", memory_gb=48)
    s = summarize(of((CARD, 1), (mi, 1)))
    w = by_code(s)
    assert w["mixed-vendors"].severity == "error"
    assert w["rocm-support"].params == {"gpu": "Radeon", "status": "unofficial"}
    assert "mixed-architectures" in w
    assert w["mixed-memory"].severity == "info"  # 24 and 48 GB: the smaller binds
    assert s.min_memory_bytes == 24 * 2**30 and s.total_memory_bytes == 72 * 2**30
    # Only AMD cards carry a ROCm status; a supported one, or an NVIDIA card, raises nothing.
    assert "rocm-support" not in by_code(summarize(of((replace(mi, rocm_support="supported"),
                                                       1))))
    assert "rocm-support" not in by_code(summarize(of((replace(CARD, rocm_support="unofficial"),
                                                       1))))
    # One vendor, one architecture: none of the mixing warnings.
    assert not {"mixed-vendors", "mixed-architectures"} & set(by_code(summarize(of((CARD, 2)))))


def test_unstated_slot_width_and_lanes_count_as_a_dual_slot_x16_card():
    card = replace(CARD, slot_width=None, pcie_lanes=None, connectors_16pin=None,
                   connectors_8pin=2)
    s = summarize(of((card, 4)))
    assert (s.expansion_slots, s.pcie_lanes, s.connectors_16pin, s.connectors_8pin) == (
        8, 64, 0, 8)


def test_price_counts_the_priced_cards_only():
    from planner.core.plan.build import purchase

    priced = replace(CARD, prices=(Price(1599.0, "USD", "2022-10-12", "street", "US", "x"),))
    other = replace(CARD, id="other", name="Other", prices=())
    p = purchase(of((priced, 2), (other, 1)), None, today="2022-12-01")
    assert (p.amount, p.priced_gpus, p.gpu_count) == (3198.0, 2, 3)  # the third has none
    assert purchase(of((other, 1)), None, today="2022-12-01").amount is None


def test_an_empty_build_draws_nothing_and_unsupported_amd_cards_warn():
    s = summarize(Build())
    assert (s.system_w, s.min_memory_bytes, s.total_memory_bytes) == (0, 0, 0)
    mi = replace(CARD, vendor="AMD", name="Radeon", rocm_support="unsupported")
    assert by_code(summarize(of((mi, 1))))["rocm-support"].params == {"gpu": "Radeon",
                                                                       "status": "unsupported"}


def test_a_price_in_yuan_counts_in_dollars_at_the_rate():
    from planner.core.costs.money import Rates
    from planner.core.plan.build import purchase

    card = replace(CARD, prices=(Price(14_000.0, "CNY", "2026-01-01", "street", "CN", "JD"),))
    rates = Rates(cny_per_usd=7.0, cny_per_eur=8.0, as_of="2026-01-05")
    # ¥14,000 / 7.0 = $2,000 a card; without rates no currency is guessed.
    assert purchase(of((card, 2)), rates, "2026-02-01").amount == pytest.approx(4000)
    assert purchase(of((card, 2)), None, "2026-02-01").amount is None
