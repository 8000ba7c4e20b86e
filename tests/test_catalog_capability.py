"""Capability is not a figure: every catalog card is estimated as a user would ask for it.

``gpu-planner estimate --gpu <card>`` must never refuse a precision the card's architecture runs,
whatever tensor figure ``data/`` lacks; a missing figure only makes the speed unknown. The
expected answer comes from the architecture flags in data/architectures.toml (whitepaper facts),
not from the code under test.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from planner.cli.commands import run
from planner.core.records.capability import can_run
from planner.core.records.specs import Architecture, Catalog, GpuSpec


def _estimate(capsys: pytest.CaptureFixture[str], gpu: GpuSpec, precision: str) -> dict[str, Any]:
    code = run(["estimate", "--model", "resnet-50", "--task", "train", "--precision", precision,
                "--gpu", gpu.id, "--json"])
    out = capsys.readouterr()
    assert code == 0, f"{gpu.name} refused {precision}: {out.err.strip()}"
    result: dict[str, Any] = json.loads(out.out)
    return result


def test_every_card_estimates_under_its_architectures_amp_and_fp32(
        real_catalog: Catalog, capsys: pytest.CaptureFixture[str]) -> None:
    refused = []
    for gpu in real_catalog.gpus:
        arch = real_catalog.architecture(gpu.architecture)
        assert arch is not None, gpu.id
        amp = "amp-bf16" if arch.bf16 else "amp-fp16"
        for precision in (amp, "fp32"):
            try:
                result = _estimate(capsys, gpu, precision)
            except AssertionError as exc:
                refused.append(str(exc))
                continue
            assert result["gpu"] == gpu.id and result["verdict"]
    assert refused == []


def test_a_card_lacking_the_precision_is_refused_by_its_architecture(
        real_catalog: Catalog, capsys: pytest.CaptureFixture[str]) -> None:
    # Turing's tensor cores run FP16 and INT8 but not BF16 (Turing whitepaper); the refusal
    # names the architecture, not a missing figure.
    turing = next(g for g in real_catalog.gpus if g.architecture == "turing")
    code = run(["estimate", "--model", "resnet-50", "--task", "train", "--precision",
                "amp-bf16", "--gpu", turing.id])
    err = capsys.readouterr().err
    assert code == 2
    assert "Turing" in err and "BF16" in err and err[-1] == "\n" and err.count("\n") == 1


def test_a_missing_figure_means_speed_unknown_not_no(
        real_catalog: Catalog, capsys: pytest.CaptureFixture[str]) -> None:
    ampere = real_catalog.architecture("ampere")
    assert ampere is not None and ampere.bf16
    gpu = next(g for g in real_catalog.gpus if g.architecture == "ampere")
    from dataclasses import replace

    bare = replace(gpu, bf16_tensor_tflops=None)
    assert can_run(bare, "bf16", ampere) is True
    assert can_run(bare, "fp8", ampere) is False  # Ampere has no FP8 tensor units


def test_without_the_architecture_only_a_figure_proves_anything() -> None:
    custom = GpuSpec(id="my-card", vendor="NVIDIA", name="My card", architecture="unheard-of",
                     segment="consumer", form_factor="pcie-card", memory_gb=12,
                     memory_type="GDDR6", memory_bandwidth_gbs=360, tdp_w=170, sources=(),
                     fp16_tensor_tflops=50.0)
    assert can_run(custom, "fp16", None) is True
    assert can_run(custom, "bf16", None) is None  # unknown, not "cannot"
    assert can_run(custom, "fp32", None) is True
    other = Architecture("other", "NVIDIA", "Other", 2020, "", "", False, False, False, False,
                         False, "", (), ())
    assert can_run(custom, "bf16", other) is None  # a different architecture says nothing
