"""Write the example `.gpubuild` files in examples/ from the real bundled catalog.

Snapshots in the examples are the catalog's own records, so the examples show real data and a test
can check that they still load. Re-run after a catalog change and commit the outputs:

    python tools/make_examples.py            # examples/*.gpubuild
    python tools/make_examples.py --v1       # also the frozen version-1 fixtures (only when a new
                                             # past version is frozen; they must not drift)

Timestamps are fixed so re-running on an unchanged catalog rewrites identical bytes.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from planner.catalog.datafiles import load_catalog
from planner.core.costs.energy import Usage
from planner.core.estimator.memory import InferenceSetup, TrainingSetup
from planner.core.plan.build import Build, BuildSlot, CostSettings, TrackedWorkload
from planner.core.plan.study import Study, Variant
from planner.core.records.specs import Catalog, GpuSpec, Workload
from planner.documents import dumps_document, loads_document

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
V1_FIXTURES = ROOT / "tests" / "fixtures" / "gpubuild"
CREATED = "2026-01-15T09:00:00Z"
MODIFIED = "2026-01-20T17:30:00Z"
MIB = 1024**2


def _gpu(catalog: Catalog, gpu_id: str) -> GpuSpec:
    gpu = catalog.gpu(gpu_id)
    if gpu is None:
        raise SystemExit(f"the catalog has no GPU '{gpu_id}'")
    return gpu


def _model(catalog: Catalog, workload_id: str) -> Workload:
    w = catalog.workload(workload_id)
    if w is None:
        raise SystemExit(f"the catalog has no workload '{workload_id}'")
    return w


def entry_level(c: Catalog) -> Build:
    return Build(
        name="Entry-level learning rig",
        notes="One RTX 3060 12GB that also drives the monitor: enough for course work with "
              "ResNet-50 and BERT-base fine-tuning.",
        slots=(BuildSlot(_gpu(c, "nvidia-rtx-3060-12gb"), 1),),
        workloads=(
            TrackedWorkload(_model(c, "resnet-50"), "train",
                            TrainingSetup(precision="amp-fp16", batch=32, seq=224)),
            TrackedWorkload(_model(c, "bert-base"), "train",
                            TrainingSetup(precision="amp-fp16", batch=16, seq=128)),
        ),
        usage=Usage(hours_per_day=4.0, utilization=0.8, host_watts=120.0,
                    psu_efficiency=0.88),
        cost=CostSettings(currency="USD", tariff_id="us-average-residential",
                          price_per_kwh=None, carbon_id="us-national-2022", years=3),
        display_reserve_bytes=512 * MIB,
    )


def workstation(c: Catalog) -> Build:
    return Build(
        name="Lab workstation",
        notes="Four air-cooled RTX 4090s on a Threadripper board, PCIe 4.0 x16 each; no NVLink.",
        slots=(BuildSlot(_gpu(c, "nvidia-rtx-4090"), 4),),
        workloads=(
            TrackedWorkload(_model(c, "llama-3-8b"), "train", TrainingSetup(
                precision="amp-bf16", optimizer="adam-8bit", batch=4, seq=2048,
                checkpointing=True, gpus=4, strategy="ddp", lora_rank=16, qlora=True,
                lora_targets="all-linear")),
            TrackedWorkload(_model(c, "unet-sdxl"), "inference",
                            inference=InferenceSetup(precision="fp16", batch=4, seq=1024,
                                                     strategy="ddp")),
            TrackedWorkload(_model(c, "bert-large"), "train", TrainingSetup(
                precision="amp-bf16", batch=32, seq=512, gpus=4, strategy="ddp")),
        ),
        usage=Usage(hours_per_day=10.0, utilization=0.7, host_watts=250.0,
                    psu_efficiency=0.92),
        cost=CostSettings(currency="USD", tariff_id="us-ca-commercial", price_per_kwh=None,
                          carbon_id="us-national-2022", years=3,
                          cloud_instance_id="aws-p4d-24xlarge"),
    )


def server(c: Catalog) -> Build:
    llama = _model(c, "llama-3-70b")
    return Build(
        name="8× H100 SXM training server",
        notes="HGX H100 8-GPU board with NVLink; full fine-tuning of Llama 3 70B with FSDP and "
              "serving it with tensor parallelism.",
        slots=(BuildSlot(_gpu(c, "nvidia-h100-sxm"), 8),),
        workloads=(
            TrackedWorkload(llama, "train", TrainingSetup(
                precision="amp-bf16", optimizer="adamw", batch=1, seq=4096, checkpointing=True,
                accumulation=16, gpus=8, strategy="fsdp")),
            TrackedWorkload(llama, "inference", inference=InferenceSetup(
                precision="bf16", batch=16, seq=8192, gpus=8, strategy="tp")),
        ),
        usage=Usage(hours_per_day=24.0, utilization=0.85, idle_when_not_running=False,
                    host_watts=2000.0, psu_efficiency=0.94, pue=1.4),
        cost=CostSettings(currency="USD", tariff_id="us-average-commercial",
                          price_per_kwh=None, carbon_id="us-national-2022", years=4,
                          cloud_instance_id="aws-p5-48xlarge"),
    )


def custom_gpu(c: Catalog) -> Build:
    base = _gpu(c, "nvidia-rtx-4090")
    modded = replace(
        base, id="custom-rtx-4090-48gb", name="RTX 4090 48GB (modified)", memory_gb=48.0,
        prices=(), custom=True,
        sources=("Own measurement: nvidia-smi reports 49140 MiB",),
        notes="A board with 24 × 2 GB GDDR6X modules, reworked by a repair shop; every other "
              "figure is the stock RTX 4090's.")
    return Build(
        name="Custom 48 GB cards",
        notes="Two modified RTX 4090s with doubled memory; not in the catalog.",
        slots=(BuildSlot(modded, 2),),
        workloads=(
            TrackedWorkload(_model(c, "llama-3-8b"), "inference", inference=InferenceSetup(
                precision="bf16", batch=8, seq=8192, gpus=2, strategy="tp")),
            TrackedWorkload(_model(c, "llama-3-8b"), "train", TrainingSetup(
                precision="amp-bf16", batch=2, seq=4096, checkpointing=True, gpus=2,
                strategy="ddp", lora_rank=64, lora_targets="all-linear")),
        ),
        usage=Usage(hours_per_day=8.0, utilization=0.75, host_watts=200.0,
                    psu_efficiency=0.9),
    )


def chinese(c: Catalog) -> Build:
    return Build(
        name="实验室深度学习工作站",
        notes="两张 RTX 4090，用于大模型 LoRA 微调和 ViT 训练。\n"
              "电费按北京居民阶梯电价计算，价格以人民币显示。",
        slots=(BuildSlot(_gpu(c, "nvidia-rtx-4090"), 2),),
        workloads=(
            TrackedWorkload(_model(c, "llama-3-8b"), "train", TrainingSetup(
                precision="amp-bf16", batch=2, seq=2048, checkpointing=True, gpus=2,
                lora_rank=16)),
            TrackedWorkload(_model(c, "vit-b-16"), "train", TrainingSetup(
                precision="amp-bf16", batch=64, seq=224, gpus=2)),
        ),
        usage=Usage(hours_per_day=8.0, utilization=0.8, host_watts=150.0,
                    psu_efficiency=0.9, base_kwh_per_year=2400.0),
        cost=CostSettings(currency="CNY", tariff_id="cn-beijing-residential",
                          price_per_kwh=None, carbon_id="cn-national-2022", years=3),
    )


def three_variants(c: Catalog) -> Study:
    """The purchase a lab weighs: four consumer cards, one datacenter card or two workstation
    cards, judged on the same workloads and renting 8× A100 as the alternative."""
    llama = _model(c, "llama-3-8b")
    return Study(
        name="Lab GPU purchase 2027",
        notes="Three ways to spend the equipment grant, judged on the same jobs: a QLoRA "
              "fine-tune of Llama 3 8B on 2 billion tokens, BERT-large pre-training on 40 "
              "billion tokens, and serving Llama 3 8B. Renting 8× A100 is the alternative.",
        variants=(
            Variant("4× RTX 4090 workstation", (BuildSlot(_gpu(c, "nvidia-rtx-4090"), 4),)),
            Variant("1× H100 PCIe", (BuildSlot(_gpu(c, "nvidia-h100-pcie"), 1),)),
            Variant("2× RTX 6000 Ada", (BuildSlot(_gpu(c, "nvidia-rtx-6000-ada"), 2),)),
        ),
        active=0,
        workloads=(
            TrackedWorkload(llama, "train", TrainingSetup(
                precision="amp-bf16", optimizer="adamw", batch=4, seq=2048, checkpointing=True,
                strategy="ddp", lora_rank=16, qlora=True, lora_targets="all-linear"),
                job=2_000_000_000),
            TrackedWorkload(_model(c, "bert-large"), "train", TrainingSetup(
                precision="amp-bf16", batch=32, seq=512, strategy="ddp"), job=40_000_000_000),
            TrackedWorkload(llama, "inference", inference=InferenceSetup(
                precision="bf16", batch=8, seq=8192, strategy="tp")),
        ),
        usage=Usage(hours_per_day=10.0, utilization=0.7, host_watts=250.0,
                    psu_efficiency=0.92),
        cost=CostSettings(currency="USD", tariff_id="us-ca-commercial", price_per_kwh=None,
                          carbon_id="us-national-2022", years=3,
                          cloud_instance_id="lambda-8x-a100-sxm4-80gb"),
    )


EXAMPLE_BUILDS: dict[str, Callable[[Catalog], Build | Study]] = {
    "entry-level": entry_level,
    "workstation-4x4090": workstation,
    "server-8xh100": server,
    "custom-gpu": custom_gpu,
    "chinese-notes": chinese,
    "three-variants": three_variants,
}


def downgrade_to_v1(data: bytes) -> bytes:
    """The version-1 layout of a current file: ``usage.hours``, no ``cost``, one build.

    (Version-1 snapshots carried ``launch_msrp_usd``; the frozen fixtures keep theirs.)"""
    doc = json.loads(data)
    doc["version"] = 1
    doc["app_version"] = "0.0.9"
    doc["usage"] = {("hours" if k == "hours_per_day" else k): v
                    for k, v in doc["usage"].items()}
    del doc["cost"]
    first = doc.pop("variants")[0]
    del doc["active_variant"]
    doc["gpus"], doc["display_reserve_bytes"] = first["gpus"], first["display_reserve_bytes"]
    for tracked in doc["workloads"]:
        del tracked["job"]
    return (json.dumps(doc, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, help="catalog data folder (default: bundled)")
    parser.add_argument("--v1", action="store_true", help="also write version-1 fixtures")
    args = parser.parse_args(argv)
    catalog = load_catalog(args.data)
    EXAMPLES.mkdir(exist_ok=True)
    for stem, make in EXAMPLE_BUILDS.items():
        made = make(catalog)
        study = made if isinstance(made, Study) else Study.of(made)
        data = dumps_document(study, created=CREATED, modified=MODIFIED,
                              catalog_version=catalog.version)
        assert loads_document(data).study == study
        (EXAMPLES / f"{stem}.gpubuild").write_bytes(data)
        print(f"examples/{stem}.gpubuild: {loads_document(data).summary()}")
        if args.v1 and stem in ("entry-level", "workstation-4x4090", "chinese-notes"):
            V1_FIXTURES.mkdir(parents=True, exist_ok=True)
            (V1_FIXTURES / f"v1-{stem}.gpubuild").write_bytes(downgrade_to_v1(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
