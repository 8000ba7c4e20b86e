"""Estimate the measured validation runs, so tests and docs compare the same numbers.

``tests/data/measurements.json`` holds training steps measured with PyTorch on the CPU
(``tools/measure_memory.py``). This module turns one measured run into the workload and setup the
estimator takes, and reports estimate vs. measurement and the popular 16-bytes-per-parameter rule's
figure beside them. Pure Python; no Qt, no database.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from planner.core.estimator.activations import activation_bytes
from planner.core.estimator.memory import (
    MemoryEstimate,
    TrainingSetup,
    estimate_training,
    resolve_seq,
)
from planner.core.models.hfconfig import workload_from_hf_config
from planner.core.models.layouts import count_parameters
from planner.core.records.specs import Catalog, Workload

_WORKLOAD_FIELDS = {f.name for f in fields(Workload)}

#: CPU runs that measure something the estimator does not size, with the reason (shown in docs).
NOT_COMPARABLE: dict[str, str] = {
    "hf:mamba-cpu/fp32/adamw/eager/b2/s256": (
        "Without the mamba-ssm / causal-conv1d CUDA kernels (none exist on the CPU) transformers "
        "runs Mamba's selective scan in plain PyTorch, which saves the discretized state tensors "
        "(batch × inner × tokens × state) for backward; GPU training uses the fused kernels, which "
        "recompute them, and that is what we size. The parameter count still matches exactly."),
}


@dataclass(frozen=True, slots=True)
class Comparison:
    """One validation run: what was measured and what the estimator and the rule say."""

    run_id: str
    workload: Workload
    setup: TrainingSetup
    measured_parameters: int
    estimated_parameters: int
    measured_peak: int
    estimate: MemoryEstimate
    measured_activations: int
    measured_forward_retained: int
    estimated_forward_retained: int

    @property
    def estimated_peak(self) -> int:
        """Tensor bytes at the peak, without CUDA context or allocator slack (a CPU has none)."""
        return self.estimate.tensor_bytes

    @property
    def error(self) -> float:
        """Relative error of the estimate against the measured peak."""
        return self.estimated_peak / self.measured_peak - 1

    @property
    def forward_error(self) -> float:
        """Relative error of what the forward pass leaves allocated (activations + logits)."""
        return self.estimated_forward_retained / self.measured_forward_retained - 1

    @property
    def rule_error(self) -> float:
        """Relative error of 16 bytes per parameter against the measured peak."""
        return 16 * self.measured_parameters / self.measured_peak - 1


def workload_for_run(run: dict[str, Any], catalog: Catalog) -> Workload:
    """The catalog workload, with the run's own hyper-parameters where it used others."""
    config = run.get("config") or {}
    if isinstance(config.get("hf_config"), dict):
        # A family's small config measured as is (tests/data/hf_configs_cpu).
        return workload_from_hf_config(config["hf_config"], name=run["workload"])
    base = catalog.workload(run["workload"])
    if base is None:
        # A configuration measured for validation only (e.g. a 4-layer Llama-style model).
        base = Workload(id=run["workload"], name=run["workload"],
                        family=config.get("family", "decoder"), parameters=0,
                        sources=("tests/data/measurements.json",))
    changes = {k: v for k, v in config.items() if k in _WORKLOAD_FIELDS and v is not None}
    if not changes:
        return base
    w = replace(base, **changes)
    counted = count_parameters(w)
    return replace(w, parameters=counted or base.parameters)


def setup_for_run(run: dict[str, Any]) -> TrainingSetup:
    """The estimator's knobs for a measured run (sdpa = the flash-style kernel)."""
    return TrainingSetup(
        precision=run["precision"],
        optimizer=run["optimizer"],
        batch=int(run["batch"]),
        seq=int(run["seq"]),
        checkpointing=bool(run["checkpointing"]),
        attention="eager" if run.get("attention") == "eager" else "flash",
    )


def compare_run(run: dict[str, Any], catalog: Catalog) -> Comparison:
    """Estimate one measured run."""
    w = workload_for_run(run, catalog)
    setup = setup_for_run(run)
    est = estimate_training(w, setup)
    acts = activation_bytes(w, setup, resolve_seq(w, setup.seq))
    forward = acts.activations + acts.logits
    # Autocast's weight casts are retained by forward too; we count them under weights.
    copies = int(run.get("weight_copies_bytes") or 0)
    return Comparison(
        run_id=run["id"], workload=w, setup=setup,
        measured_parameters=int(run["parameters"]),
        estimated_parameters=count_parameters(w) or w.parameters,
        measured_peak=int(run["peak_bytes"]), estimate=est,
        measured_activations=int(run["activations_bytes"]),
        measured_forward_retained=int(run["retained_after_forward_bytes"]) - copies,
        estimated_forward_retained=round(forward),
    )
