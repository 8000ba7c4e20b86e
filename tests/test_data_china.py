"""China as a market of its own in data/ (issue 29): its cards, its prices, rentals and tariffs.

The figures written out below are the published ones, each with its source (the same sources
the records cite), or arithmetic worked by hand from them; they are not read back from data/.
Files are read with ``tomllib`` as well as through the loader, so a record the loader dropped
cannot hide.
"""

from __future__ import annotations

import datetime as dt
import math
import tomllib
from pathlib import Path
from typing import Any

import pytest

from planner.catalog.datafiles import check_data_dir, load_catalog
from planner.core.records.specs import Catalog

DATA = Path(__file__).resolve().parent.parent / "data"
CHINA_SKUS = ("nvidia-rtx-4090-d", "nvidia-rtx-5090-d", "nvidia-rtx-5090-d-v2", "nvidia-h20",
              "nvidia-l20")
CHINA_SECTION = "China market (issue 29)"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(DATA)


def _china_prices() -> list[dict[str, Any]]:
    """The [[price]] records of prices.toml's China section (the file's last section)."""
    text = (DATA / "prices.toml").read_text(encoding="utf-8")
    assert CHINA_SECTION in text, "prices.toml has no China section"
    section = text[text.index(CHINA_SECTION):]
    section = section[section.index("[[price]]"):]
    records: list[dict[str, Any]] = tomllib.loads(section)["price"]
    return records


def test_every_record_validates_and_loads(catalog: Catalog) -> None:
    assert [str(e) for e in check_data_dir(DATA)] == []
    for gid in CHINA_SKUS:
        assert catalog.gpu(gid) is not None, gid
    tariff_ids = {t.id for t in catalog.tariffs}
    assert {"cn-beijing-residential", "cn-shanghai-residential", "cn-jiangsu-residential",
            "cn-guangdong-residential", "cn-zhejiang-commercial"} <= tariff_ids
    # Every price in the China section reached its card through the loader.
    for record in _china_prices():
        gpu = catalog.gpu(record["gpu_id"])
        assert gpu is not None
        assert any(p.amount == record["amount"] and p.as_of == str(record["as_of"])
                   and p.currency == "CNY" for p in gpu.prices), record


def test_rtx_4090_d_matches_its_launch_specification(catalog: Catalog) -> None:
    g = catalog.gpu("nvidia-rtx-4090-d")
    assert g is not None
    # NVIDIA China / Evertiq 2023-12-29 / benchmark.pl: 24 GB GDDR6X, 384-bit, 1,008 GB/s, 425 W.
    assert (g.memory_gb, g.memory_type, g.memory_bus_bits) == (24.0, "GDDR6X", 384)
    assert (g.memory_bandwidth_gbs, g.tdp_w) == (1008.0, 425.0)
    # 14,592 CUDA cores x 2 FLOPs x 2.520 GHz = 73,543 GFLOPS; 456 Tensor Cores x 2.520 GHz x
    # 128 FLOPs (Ada GeForce, FP32 accumulate) = 147,087 GFLOPS; FP8 x 2, INT8 x 4 of that.
    # hmc-tech lists 73.54 / 147.09 / 294.18 / 588.35.
    assert g.fp32_tflops == pytest.approx(73.54, abs=0.05)
    assert g.bf16_tensor_tflops == pytest.approx(147.09, abs=0.05)
    assert g.fp8_tensor_tflops == pytest.approx(294.18, abs=0.05)
    assert g.int8_tensor_tops == pytest.approx(588.35, abs=0.1)


def test_rtx_5090_d_and_v2_keep_the_ai_tops_cap_and_nothing_invented(catalog: Catalog) -> None:
    d, v2 = catalog.gpu("nvidia-rtx-5090-d"), catalog.gpu("nvidia-rtx-5090-d-v2")
    assert d is not None and v2 is not None
    # Tom's Hardware 2025-08-12: 2,375 AI TOPS (sparse FP4) for both; the dense half is stored.
    assert d.fp4_tensor_tflops == v2.fp4_tensor_tflops == 2375 / 2
    # 32 GB on 512 bits vs 24 GB on 384 bits, both at 28 Gbps: 28 x 512 / 8 = 1,792 GB/s and
    # 28 x 384 / 8 = 1,344 GB/s; 575 W; FP32 104.8 TFLOPS.
    assert (d.memory_gb, d.memory_bus_bits, d.memory_bandwidth_gbs) == (32.0, 512, 1792.0)
    assert (v2.memory_gb, v2.memory_bus_bits, v2.memory_bandwidth_gbs) == (24.0, 384, 1344.0)
    assert d.tdp_w == v2.tdp_w == 575.0 and d.fp32_tflops == v2.fp32_tflops == 104.8
    # The cap's effect on the other precisions is not published: unknown stays unknown.
    for g in (d, v2):
        assert (g.bf16_tensor_tflops, g.fp8_tensor_tflops, g.int8_tensor_tops) == (None,) * 3


def test_h20_and_l20_match_the_published_table(catalog: Catalog) -> None:
    # Tom's Hardware (February 2024), from Vipera's listings: HGX H20 96 GB HBM3, 4.0 TB/s,
    # FP8 296, BF16 148; L20 48 GB GDDR6 with ECC, 864 GB/s, FP8 239, BF16 119.5. H20 400 W
    # (xfastest), NVLink 900 GB/s; L20 275 W (technical.city).
    h20, l20 = catalog.gpu("nvidia-h20"), catalog.gpu("nvidia-l20")
    assert h20 is not None and l20 is not None
    assert (h20.memory_gb, h20.memory_type, h20.memory_bandwidth_gbs) == (96, "HBM3", 4000)
    assert (h20.bf16_tensor_tflops, h20.fp8_tensor_tflops, h20.int8_tensor_tops) == (148, 296, 296)
    assert (h20.tdp_w, h20.interconnect_bandwidth_gbs, h20.form_factor) == (400, 900, "sxm")
    assert (l20.memory_gb, l20.memory_type, l20.memory_bandwidth_gbs, l20.ecc) == (
        48, "GDDR6", 864, True)
    assert (l20.bf16_tensor_tflops, l20.fp8_tensor_tflops, l20.tdp_w) == (119.5, 239, 275)
    # Dense, not sparse: the export limit is TPP = TOPS x bit length < 4,800. H20: 296 x 8 =
    # 2,368; L20: 239 x 8 = 1,912. Sparse figures would be double and the H200's 15,832 would
    # not be "about 6.7 times" the H20's (Tencent Technology, 2025-12-24): 15,832 / 2,368 = 6.69.
    assert h20.fp8_tensor_tflops is not None and l20.fp8_tensor_tflops is not None
    assert h20.fp8_tensor_tflops * 8 < 4800 and l20.fp8_tensor_tflops * 8 < 4800
    assert 15832 / (h20.fp8_tensor_tflops * 8) == pytest.approx(6.7, abs=0.05)


def test_every_cny_reading_is_of_2026_or_says_why() -> None:
    records = _china_prices()
    assert records, "the China section holds no reading"
    for r in records:
        assert r["currency"] == "CNY" and r["region"] == "CN", r
        assert r["source"].strip() and "http" in r["source"], r
        if dt.date.fromisoformat(str(r["as_of"])) < dt.date(2026, 1, 1):
            assert r.get("note", "").startswith("Not 2026: "), (r["gpu_id"], r["as_of"])


def test_module_prices_are_divided_by_eight() -> None:
    # Tencent Technology, 2025-12-24: 8-GPU modules at RMB 880,000 (H20) and 1.4 million (H200).
    by_card = {r["gpu_id"]: r["amount"] for r in _china_prices()
               if str(r["as_of"]) == "2025-12-24"}
    assert by_card["nvidia-h20"] == 880_000 / 8 == 110_000
    assert by_card["nvidia-h200-sxm"] == 1_400_000 / 8 == 175_000


def test_a_cny_rtx_4090_build_has_chinese_on_demand_rentals(catalog: Catalog) -> None:
    chinese = [c for c in catalog.cloud if c.gpu_id == "nvidia-rtx-4090" and c.currency == "CNY"
               and c.region == "CN"]
    assert {c.provider for c in chinese} >= {"AutoDL"}
    assert all(c.pricing == "on-demand" and c.per_gpu for c in chinese)
    # konder/aimc's guide (2025-10-23): AutoDL 'RTX 4090 (24GB): ¥2.5-3.5/小时', midpoint stored.
    autodl = next(c for c in chinese if c.provider == "AutoDL")
    assert autodl.price_per_hour == (2.5 + 3.5) / 2


def test_chinese_tariffs_match_their_published_ladders(catalog: Catalog) -> None:
    tariffs = {t.id: t for t in catalog.tariffs}

    def ladder(tid: str) -> list[tuple[float | None, float]]:
        return [(t.up_to_kwh, t.price_per_kwh) for t in tariffs[tid].tiers]

    # 《上海市市民价格信息指南（2026版）》: peak 0.617 / 0.677 / 0.977 for <=3,120 / <=4,800 / more.
    assert ladder("cn-shanghai-residential") == [(3120, 0.617), (4800, 0.677), (None, 0.977)]
    # 泰兴市重要民生价格手册（2026版）: peak 0.5583, +0.05 above 2,760 kWh, +0.30 above 4,800.
    jiangsu = ladder("cn-jiangsu-residential")
    assert [limit for limit, _ in jiangsu] == [2760, 4800, None]
    assert [p for _, p in jiangsu] == pytest.approx([0.5583, 0.5583 + 0.05, 0.5583 + 0.30])
    # Guangdong: monthly 260 (May-Oct) and 200 (other months), then 600 / 400, as yearly limits.
    guangdong = ladder("cn-guangdong-residential")
    assert [limit for limit, _ in guangdong] == [6 * 260 + 6 * 200, 6 * 600 + 6 * 400, None]
    assert [p for _, p in guangdong] == pytest.approx([0.5889, 0.6389, 0.8889])
    # Beijing, confirmed in 2026: monthly 240 / 400 kWh brackets x 12 months.
    assert ladder("cn-beijing-residential") == [(240 * 12, 0.4883), (400 * 12, 0.5383),
                                                (None, 0.7883)]
    commercial = tariffs["cn-zhejiang-commercial"]
    assert commercial.kind == "commercial" and commercial.currency == "CNY"
    assert math.isclose(commercial.tiers[0].price_per_kwh, 0.736945)
