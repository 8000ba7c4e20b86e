"""Hand-made builds for the document tests, independent of the bundled catalog's contents.

Figures are an RTX 4090's and Llama-3-8B's/ResNet-50's as published, so messages read naturally;
the real catalog is exercised by the examples instead.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from planner.core.costs.energy import Usage
from planner.core.estimator.memory import InferenceSetup, TrainingSetup
from planner.core.plan.build import Build, BuildSlot, CostSettings, TrackedWorkload
from planner.core.records.specs import ActivationProfile, GpuSpec, Price, Workload
from planner.documents import dumps_document

CREATED = "2026-01-15T09:00:00Z"
MODIFIED = "2026-01-20T17:30:00Z"

RTX_4090 = GpuSpec(
    id="nvidia-rtx-4090", vendor="NVIDIA", name="GeForce RTX 4090", architecture="ada-lovelace",
    segment="consumer", form_factor="pcie-card", memory_gb=24.0, memory_type="GDDR6X",
    memory_bandwidth_gbs=1008.0, tdp_w=450.0,
    sources=("NVIDIA Ada Lovelace GPU architecture whitepaper v2.1",),
    memory_bus_bits=384, idle_w=21.0, fp32_tflops=82.6, fp16_tensor_tflops=165.2,
    bf16_tensor_tflops=165.2, fp8_tensor_tflops=330.3, int8_tensor_tops=660.6,
    compute_capability="8.9", pcie_gen=4, pcie_lanes=16, ecc=False, slot_width=3.0,
    power_connectors="1× 16-pin", connectors_16pin=1, connectors_8pin=0, launch_year=2022,
    prices=(Price(1599.0, "USD", "2022-10-12", "msrp", "US", "NVIDIA launch announcement"),
            Price(1599.0, "USD", "2025-11-01", "street", "US", "example retailer listing")),
)

LLAMA_3_8B = Workload(
    id="llama-3-8b", name="Llama 3 8B", family="decoder", parameters=8_030_261_248,
    sources=("meta-llama/Meta-Llama-3-8B config.json",), layers=32, hidden=4096, heads=32,
    kv_heads=8, intermediate=14336, vocab=128256, context=8192, gated_mlp=True,
    norm="rmsnorm", position="rope", activation="silu", default_seq=2048,
)

RESNET_50 = Workload(
    id="resnet-50", name="ResNet-50", family="cnn", parameters=25_557_032,
    sources=("torchvision resnet50",), image_size=224, default_batch=32, default_seq=224,
    norm="batchnorm", position="none",
    profile=ActivationProfile(224, 104_000_000, 53_000_000, 30_000_000, 16_000_000,
                              9_000_000, 8_200_000_000),
)


def gpu_variant(i: int) -> GpuSpec:
    """Distinct GPUs for many-slot builds."""
    return replace(RTX_4090, id=f"test-gpu-{i}", name=f"Test GPU {i}",
                   memory_gb=8.0 * (1 + i % 12))


def sample_build(slots: int = 1, workloads: int = 2, name: str = "Lab workstation") -> Build:
    """A build with ``slots`` GPU models (4090 first) and ``workloads`` tracked models."""
    gpus = (RTX_4090, *(gpu_variant(i) for i in range(1, slots)))
    models = [
        TrackedWorkload(LLAMA_3_8B, "train", TrainingSetup(
            precision="amp-bf16", optimizer="adam-8bit", batch=4, seq=2048, checkpointing=True,
            gpus=4, lora_rank=16, qlora=True, lora_targets="all-linear")),
        TrackedWorkload(RESNET_50, "inference", inference=InferenceSetup(
            precision="fp16", batch=64, seq=224, kv_precision=None, strategy="ddp")),
    ]
    tracked = tuple(models[i % 2] for i in range(workloads))
    return Build(
        name=name, notes="Four cards.\nNo NVLink.",
        slots=tuple(BuildSlot(g, 4 if i == 0 else 1) for i, g in enumerate(gpus[:slots])),
        workloads=tracked,
        usage=Usage(hours_per_day=10.0, utilization=0.7, host_watts=250.0, psu_efficiency=0.92),
        cost=CostSettings(currency="USD", tariff_id="us-ca-commercial", price_per_kwh=None,
                          carbon_id="us-national-2022", years=3),
        display_reserve_bytes=512 * 1024**2,
    )


def sample_bytes(build: Build | None = None) -> bytes:
    """Deterministic file bytes of a build (the sample by default)."""
    return dumps_document(build or sample_build(), created=CREATED, modified=MODIFIED,
                          catalog_version="test")


def sample_object(build: Build | None = None) -> dict[str, Any]:
    """The sample document as a plain JSON object, ready to be broken."""
    result: dict[str, Any] = json.loads(sample_bytes(build))
    return result


def to_bytes(doc: Any) -> bytes:
    """Any JSON value back to file bytes (NaN allowed, as a careless writer would)."""
    return json.dumps(doc, ensure_ascii=False, indent=2).encode("utf-8")


def is_one_sentence(message: str) -> bool:
    """One line, capitalised, ending with a period, no traceback-like text."""
    return (bool(message) and "\n" not in message and message.endswith(".")
            and message[0].isupper() and "Traceback" not in message and len(message) < 600)
