"""Speed of the estimators: one estimate (target ≤ 50 µs) and a whole-catalog recommendation
(every GPU × counts 1–8 × strategies × workloads; target ≤ 50 ms).

Run: python bench/bench_core.py  (prints p50/p95; not a test — timings vary with the machine).
"""

from __future__ import annotations

import statistics
import time

from planner.catalog.datafiles import load_catalog
from planner.core.estimator.memory import (
    InferenceSetup,
    TrainingSetup,
    estimate_inference,
    estimate_training,
)
from planner.core.estimator.speed import training_speed
from planner.core.plan.build import TrackedWorkload
from planner.core.plan.recommend import recommend


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def time_calls(fn, runs: int) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def main() -> None:
    catalog = load_catalog()
    cases = [
        ("llama-3-8b train amp-bf16 b4 s2048", lambda: estimate_training(
            catalog.workload("llama-3-8b"), TrainingSetup(batch=4, seq=2048))),
        ("llama-3-70b train fsdp×8 ckpt", lambda: estimate_training(
            catalog.workload("llama-3-70b"),
            TrainingSetup(batch=1, seq=4096, gpus=8, strategy="fsdp", checkpointing=True))),
        ("t5-large train eager", lambda: estimate_training(
            catalog.workload("t5-large"), TrainingSetup(batch=8, seq=512, attention="eager"))),
        ("resnet-50 train fp32 b64", lambda: estimate_training(
            catalog.workload("resnet-50"), TrainingSetup(precision="fp32", batch=64, seq=224))),
        ("mixtral-8x7b inference int4 tp2", lambda: estimate_inference(
            catalog.workload("mixtral-8x7b"),
            InferenceSetup(precision="int4", batch=8, seq=8192, gpus=2))),
        ("llama-3.1-8b qlora all-linear chunked", lambda: estimate_training(
            catalog.workload("llama-3.1-8b"),
            TrainingSetup(batch=2, seq=2048, qlora=True, lora_rank=16,
                          lora_targets="all-linear", checkpointing=True, loss="chunked"))),
        ("llama-3.1-8b full paged-8bit in-bwd", lambda: estimate_training(
            catalog.workload("llama-3.1-8b"),
            TrainingSetup(precision="bf16", optimizer="paged-adamw-8bit", batch=2, seq=2048,
                          optimizer_in_backward=True, checkpointing=True))),
        ("llama-3-70b zero3×8 offload selective", lambda: estimate_training(
            catalog.workload("llama-3-70b"),
            TrainingSetup(batch=1, seq=4096, gpus=8, strategy="zero3", offload="all",
                          checkpointing=True, checkpoint_mode="selective"))),
        ("deepseek-v2-lite inference MLA", lambda: estimate_inference(
            catalog.workload("deepseek-v2-lite"), InferenceSetup(batch=4, seq=16384))),
        # Speed over the links (communication and overlap on top of the FLOP count).
        ("speed llama-3-70b ddp 4× RTX 4090", lambda: training_speed(
            catalog.workload("llama-3-70b"), TrainingSetup(seq=2048, checkpointing=True),
            catalog.gpu("nvidia-rtx-4090"), 4)),
        ("speed llama-3.1-8b fsdp 8× H100", lambda: training_speed(
            catalog.workload("llama-3.1-8b"), TrainingSetup(batch=2, seq=8192, strategy="fsdp"),
            catalog.gpu("nvidia-h100-sxm"), 8)),
        ("speed llama-3.1-8b qlora fsdp 2× 4090", lambda: training_speed(
            catalog.workload("llama-3.1-8b"), TrainingSetup(
                seq=2048, strategy="fsdp", qlora=True, lora_rank=64, lora_targets="all-linear"),
            catalog.gpu("nvidia-rtx-4090"), 2)),
    ]
    print("One estimate (µs):")
    for name, fn in cases:
        times = [t * 1e6 for t in time_calls(fn, 5000)]
        p50, p95 = statistics.median(times), percentile(times, .95)
        print(f"  {name:<38} p50 {p50:6.1f}  p95 {p95:6.1f}")

    ids = ["bert-base", "llama-3-8b", "unet-sd-1.5", "resnet-50", "gpt2-medium"]
    every = [TrackedWorkload(w, "train", training=TrainingSetup(
        batch=w.default_batch, seq=w.default_seq)) for w in catalog.workloads]
    times = [t * 1e3 for t in time_calls(
        lambda: [recommend(catalog.gpus, [t]) for t in every], 5)]
    print(f"Recommendation for each of the {len(every)} catalog workloads in turn "
          f"(whole catalog): p50 {statistics.median(times):.1f} ms  "
          f"p95 {percentile(times, .95):.1f} ms")
    for n in (1, 3, 5):
        tracked = [TrackedWorkload(catalog.workload(i), "train",
                                   training=TrainingSetup(batch=4, seq=512 if i != "resnet-50"
                                                          and i != "unet-sd-1.5" else 224))
                   for i in ids[:n]]
        times = [t * 1e3 for t in time_calls(
            lambda: recommend(catalog.gpus, tracked), 50)]  # noqa: B023
        print(f"Recommendation, {len(catalog.gpus)} GPUs × 1–8 × {n} workload(s): "
              f"p50 {statistics.median(times):.1f} ms  p95 {percentile(times, .95):.1f} ms")


if __name__ == "__main__":
    main()
