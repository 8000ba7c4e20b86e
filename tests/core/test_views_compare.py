"""Every row of the comparison tables, for cards whose datasheets are quoted here.

Published figures (dense tensor throughput, FP32 accumulate where it differs):
- GeForce RTX 4090 (NVIDIA Ada whitepaper, Appendix A; nvidia.com RTX 4090 page): 24 GB GDDR6X,
  1,008 GB/s, FP32 82.6, FP16/BF16 165.2, FP8 330.3 TFLOPS, INT8 660.6 TOPS, 450 W, no NVLink.
- H100 SXM5 80GB (NVIDIA H100 datasheet and architecture whitepaper): 80 GB HBM3, 3,350 GB/s,
  FP32 67, FP16/BF16 989.4, FP8 1,978.9 TFLOPS, INT8 1,978.9 TOPS, 700 W, NVLink 4 at 900 GB/s.
Prices are set in each test, so the value rows are worked by hand.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from planner.core.costs.formatting import Money
from planner.core.costs.money import Rates
from planner.core.estimator.headroom import DOES_NOT_FIT, FITS
from planner.core.estimator.memory import InferenceSetup, TrainingSetup
from planner.core.plan.build import Build, BuildSlot, CostSettings, TrackedWorkload
from planner.core.records.specs import Price
from planner.core.views.compare import (
    HIGHER,
    LOWER,
    NO_FIGURE,
    architecture_table,
    best_indices,
    comparison_table,
    default_architectures,
    default_gpus,
    speed_unit,
    workload_speed,
)

RATES = Rates(cny_per_usd=7.0, cny_per_eur=8.0, as_of="2026-01-05")
GIB = 1024**3


@pytest.fixture(scope="module")
def cards(real_catalog):
    rtx = replace(real_catalog.gpu("nvidia-rtx-4090"),
                  prices=(Price(1599.0, "USD", "2022-10-12", "msrp", "US", "NVIDIA"),))
    h100 = replace(real_catalog.gpu("nvidia-h100-sxm"),
                   prices=(Price(30000.0, "USD", "2024-01-01", "msrp", "US", "quote"),))
    return rtx, h100


def _shape(row):
    return row.kind, row.unit, row.decimals, row.better


def test_datasheet_rows(real_catalog, cards):
    rtx, h100 = cards
    table = comparison_table([rtx, h100], Build(cost=CostSettings(price_basis="msrp")),
                             real_catalog, RATES)
    expected = {  # key: (kind, unit, decimals, better), values, best
        "memory": (("number", "GB", 0, HIGHER), (24, 80), (1,)),
        "memory_type": (("text", "", 0, None), ("GDDR6X", "HBM3"), ()),
        "bandwidth": (("number", "GB/s", 0, HIGHER), (1008, 3350), (1,)),
        "fp32": (("number", "TFLOPS", 1, HIGHER), (82.6, 67), (0,)),
        "fp16": (("number", "TFLOPS", 1, HIGHER), (165.2, 989.4), (1,)),
        "bf16": (("number", "TFLOPS", 1, HIGHER), (165.2, 989.4), (1,)),
        "fp8": (("number", "TFLOPS", 1, HIGHER), (330.3, 1978.9), (1,)),
        "int8": (("number", "TOPS", 0, HIGHER), (660.6, 1978.9), (1,)),
        "architecture": (("text", "", 0, None), ("Ada Lovelace (AD10x)", "Hopper (GH100)"), ()),
        # Both have BF16, FP8, the Transformer Engine and 2:4 sparsity; neither FP4: no winner.
        "arch_bf16": (("bool", "", 0, HIGHER), (True, True), ()),
        "arch_fp8": (("bool", "", 0, HIGHER), (True, True), ()),
        "arch_fp4": (("bool", "", 0, HIGHER), (False, False), ()),
        "transformer_engine": (("bool", "", 0, HIGHER), (True, True), ()),
        "sparsity": (("bool", "", 0, HIGHER), (True, True), ()),
        "interconnect": (("text", "", 0, None), (None, "NVLink 4"), ()),
        # One known value is nothing to choose between.
        "link_bandwidth": (("number", "GB/s", 0, HIGHER), (None, 900), ()),
        "tdp": (("number", "W", 0, LOWER), (450, 700), (0,)),
        "price": (("money", "", 0, LOWER), (1599.0, 30000.0), (0,)),
    }
    for key, (shape, values, best) in expected.items():
        row = table.row(key)
        assert (_shape(row), row.values, row.best) == (shape, values, best), key
    assert table.row("process").values[1] == "TSMC 4N (80B transistors, 814 mm2)"
    # FP16 TFLOPS per $1,000: 165.2 / 1,599 x 1,000 = 103.31; 989.4 / 30,000 x 1,000 = 32.98.
    per_dollar = table.row("perf_per_dollar")
    assert _shape(per_dollar) == ("number", "", 2, HIGHER) and per_dollar.best == (0,)
    assert per_dollar.per == Money(1000.0, "USD")
    assert per_dollar.values == pytest.approx((103.315, 32.98), abs=0.001)
    # FP16 GFLOPS per watt: 165,200 / 450 = 367.1; 989,400 / 700 = 1,413.4.
    per_watt = table.row("perf_per_watt")
    assert _shape(per_watt) == ("number", "", 0, HIGHER) and per_watt.best == (1,)
    assert per_watt.values == pytest.approx((367.11, 1413.43), abs=0.01)
    assert [c.id for c in table.columns] == [rtx.id, h100.id]
    assert [c.name for c in table.columns] == ["GeForce RTX 4090", "H100 SXM5 80GB"]
    assert table.columns[0].price_source == "NVIDIA" and table.columns[0].price.amount == 1599
    assert not [r for r in table.rows if r.key.startswith(("workload:", "speed:"))]


def test_prices_follow_the_builds_currency_and_kind(real_catalog, cards):
    rtx, h100 = cards
    rtx = replace(rtx, prices=(*rtx.prices,
                               Price(1999.0, "USD", "2025-08-01", "street", "US", "shop")))
    unpriced = replace(h100, prices=())
    build = Build(cost=CostSettings(currency="CNY", price_basis="new"))
    # Priced on 2026-01-15, the street price of 2025-08-01 is current (167 days old).
    table = comparison_table([rtx, unpriced], build, real_catalog, RATES, today="2026-01-15")
    assert table.currency == "CNY"
    # The street price, $1,999, at 7.0 CNY per dollar: ¥13,993. The H100 has no price at all.
    assert table.row("price").values == pytest.approx((13993.0, None))
    assert table.row("price").best == () and table.columns[1].price_source is None
    # Value per money divides by the price the row above shows, per ¥10,000 (a yuan buys little):
    # 165.2 TFLOPS / ¥13,993 x 10,000 = 118.06 (per $1,000 it was 165.2 / 1,999 x 1,000 = 82.64).
    per_money = table.row("perf_per_dollar")
    assert per_money.values[0] == pytest.approx(118.059, abs=0.001)
    assert per_money.values[1] is None and per_money.per == Money(10000.0, "CNY")
    msrp = comparison_table([rtx], replace(build, cost=CostSettings(currency="USD",
                                                                    price_basis="msrp")),
                            real_catalog, RATES)
    assert msrp.row("price").values == (1599.0,)
    # A year and a half later nothing is current: the price cell holds no figure and the row
    # keeps what the card was last seen at ($1,999 x 7.0 = ¥13,993), for a view to say so.
    later = comparison_table([rtx], build, real_catalog, RATES, today="2027-03-01")
    stale = later.row("price")
    assert stale.values == (None,) and stale.stale[0] is not None
    assert stale.stale[0].amount == pytest.approx(13993.0)
    assert later.row("perf_per_dollar").values == (None,)


def test_workload_and_speed_rows(real_catalog, cards):
    rtx, h100 = cards
    llama = real_catalog.workload("llama-3-8b")
    serve = TrackedWorkload(llama, "inference", inference=InferenceSetup(batch=1, seq=1024))
    full = TrackedWorkload(llama, "train", training=TrainingSetup(precision="amp-bf16", batch=1,
                                                                   seq=1024))
    build = Build(slots=(BuildSlot(rtx, 1),), workloads=(serve, full))
    table = comparison_table([rtx, h100], build, real_catalog, RATES)
    serving, training = table.row("workload:0"), table.row("workload:1")
    assert _shape(serving) == ("headroom", "GiB", 1, HIGHER)
    assert (serving.label, serving.task) == ("Llama 3 8B", "inference")
    assert (training.label, training.task) == ("Llama 3 8B", "train")
    # The same estimate on both cards: the headrooms differ by the memory, 80 − 24 = 56 GiB.
    assert serving.values[1] - serving.values[0] == 56 * GIB
    assert serving.verdicts == (FITS, FITS) and serving.best == (1,)
    # Full fine-tuning of 8 B parameters with AMP AdamW: 16 bytes a parameter, over 120 GB:
    # it fits neither card, so neither has a speed.
    assert training.verdicts == (DOES_NOT_FIT, DOES_NOT_FIT)
    assert training.values[0] < training.values[1] < 0
    decode = table.row("speed:0")
    assert _shape(decode) == ("speed", "tokens/s", 0, HIGHER) and decode.best == (1,)
    # Decoding one sequence reads every weight per token: speed scales with bandwidth.
    assert decode.values[1] / decode.values[0] == pytest.approx(3350 / 1008, rel=1e-6)
    assert decode.notes == (None, None)
    assert [r.key for r in table.rows if r.key.startswith("speed:")] == ["speed:0"]


def test_a_speed_the_card_could_reach_but_has_no_figure_for(real_catalog, cards):
    rtx, _ = cards
    no_fp16 = replace(rtx, id="no-figure", fp16_tensor_tflops=None, bf16_tensor_tflops=None)
    bert = TrackedWorkload(real_catalog.workload("bert-base"), "train",
                           training=TrainingSetup(precision="amp-bf16", batch=8, seq=128))
    table = comparison_table([rtx, no_fp16], Build(workloads=(bert,)), real_catalog, RATES)
    speed = table.row("speed:0")
    assert speed.values[0] is not None and speed.values[1] is None
    assert speed.notes == (None, NO_FIGURE) and speed.unit == "tokens/s"
    # A model that generates nothing has no decode speed, and that is no missing figure.
    resnet = TrackedWorkload(real_catalog.workload("resnet-50"), "inference")
    table = comparison_table([rtx], Build(workloads=(resnet,)), real_catalog, RATES)
    assert not [r for r in table.rows if r.key.startswith("speed:")]


def test_speed_units_and_what_has_no_speed(real_catalog, cards):
    rtx, _ = cards
    bert = real_catalog.workload("bert-base")
    assert speed_unit(TrackedWorkload(bert, "train")) == "tokens/s"
    assert speed_unit(TrackedWorkload(real_catalog.workload("llama-3-8b"))) == "tokens/s"
    assert speed_unit(TrackedWorkload(real_catalog.workload("resnet-50"))) == "samples/s"
    assert speed_unit(TrackedWorkload(real_catalog.workload("t5-base"))) == "tokens/s"
    assert workload_speed(TrackedWorkload(bert, "inference"), rtx, 1) is None  # no decoding
    # A card without the FP8 units refuses an FP8 recipe: no speed, no crash.
    a100 = real_catalog.gpu("nvidia-a100-sxm4-80gb")
    fp8 = TrackedWorkload(bert, "train", training=TrainingSetup(precision="fp8"))
    assert workload_speed(fp8, a100, 1) is None
    # ResNet-50 trains at samples/s: 224 px images, 3 x 2 x 4.09 GFLOPs each (torchvision's
    # 4.09 GMACs), on 165.2 TFLOPS x 40 % MFU: 165.2e12 x 0.4 / 24.54e9 = 2,693 images/s.
    resnet = TrackedWorkload(real_catalog.workload("resnet-50"), "train",
                             training=TrainingSetup(precision="amp-bf16", batch=32))
    assert workload_speed(resnet, rtx, 1) == pytest.approx(165.2e12 * 0.4 / (6 * 4.09e9),
                                                           rel=0.02)


def test_best_of_mixed_and_missing_values():
    assert best_indices([3.0, None, 3.0, 1.0], HIGHER) == (0, 2)  # ties share the mark
    assert best_indices([3.0, None, 3.0, 1.0], LOWER) == (3,)
    assert best_indices(["a", "b"], HIGHER) == ()  # text has no better
    assert best_indices([None, None], LOWER) == ()
    assert best_indices([0.0, -1.0], HIGHER) == (0,) and best_indices([0.0, -1.0], LOWER) == (1,)


def test_architecture_table_every_row(real_catalog):
    table = architecture_table(["ada-lovelace", "hopper", "ampere"], real_catalog)
    assert [c.id for c in table.columns] == ["ada-lovelace", "hopper", "ampere"]
    assert table.columns[1].name == "Hopper (GH100)" and table.columns[1].sources
    rows = {r.key: r for r in table.rows}
    assert list(rows) == ["vendor", "launch_year", "process", "matrix_units", "arch_bf16",
                          "arch_fp8", "arch_fp4", "transformer_engine", "sparsity",
                          "interconnect", "features"]
    assert rows["vendor"].values == ("NVIDIA",) * 3 and rows["vendor"].best == ()
    # Ada and Hopper both launched in 2022, Ampere in 2020: the newer two share the mark.
    assert rows["launch_year"].values == (2022.0, 2022.0, 2020.0)
    assert (rows["launch_year"].kind, rows["launch_year"].best) == ("number", (0, 1))
    assert rows["matrix_units"].values == ("4th-gen Tensor Cores", "4th-gen Tensor Cores",
                                           "3rd-gen Tensor Cores")
    # FP8 and the Transformer Engine came with Ada and Hopper (NVIDIA whitepapers, TE matrix).
    assert (rows["arch_fp8"].values, rows["arch_fp8"].best) == ((True, True, False), (0, 1))
    assert rows["transformer_engine"].best == (0, 1)
    assert rows["arch_bf16"].best == () and rows["arch_fp4"].values == (False,) * 3
    assert rows["sparsity"].values == (True,) * 3 and rows["sparsity"].kind == "bool"
    assert rows["interconnect"].values[0] == "PCIe 4.0 x16"
    hopper_features = rows["features"].values[1]
    assert hopper_features.startswith("Transformer Engine: FP8") and "\n2:4 structured" in \
        hopper_features
    assert architecture_table(["no-such"], real_catalog).rows[0].values == ()


def test_default_gpus_stop_at_four_and_architectures_need_two(real_catalog):
    ids = ["nvidia-rtx-4090", "nvidia-rtx-3090", "nvidia-h100-sxm", "nvidia-a100-sxm4-80gb",
           "nvidia-rtx-3060-12gb"]
    gpus = [real_catalog.gpu(i) for i in ids]
    build = Build(slots=tuple(BuildSlot(g, 1) for g in gpus))
    assert [g.id for g in default_gpus(build, real_catalog)] == ids[:4]
    # One architecture among the cards is nothing to compare: the three defaults stand in.
    assert default_architectures(gpus[:1], real_catalog) == ["ampere", "ada-lovelace", "hopper"]
    assert default_architectures(gpus, real_catalog) == ["ada-lovelace", "ampere", "hopper"]
    custom = replace(gpus[0], id="x", architecture="unknown-arch")
    assert default_architectures([custom, gpus[1]], real_catalog) == ["ampere", "ada-lovelace",
                                                                      "hopper"]
