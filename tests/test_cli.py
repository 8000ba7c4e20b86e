"""The command-line contract, run as a user runs it: a real process, real database, real files."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def cli_home(tmp_path_factory):
    return tmp_path_factory.mktemp("cli-home")


def run(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GPU_PLANNER_DATA_DIR": str(home)}
    return subprocess.run([sys.executable, "-m", "planner", *args], capture_output=True,
                          text=True, env=env, timeout=120, cwd=ROOT)


def one_sentence_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr + result.stdout
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_catalog_gpus_json_lists_at_least_50_with_contract_fields(cli_home):
    r = run(cli_home, "catalog", "gpus", "--json")
    assert r.returncode == 0, r.stderr
    gpus = json.loads(r.stdout)
    assert len(gpus) >= 50
    keys = {"id", "name", "vendor", "architecture", "memory_gb", "memory_bandwidth_gbs",
            "tdp_w", "fp32_tflops", "fp16_tensor_tflops", "bf16_tensor_tflops",
            "fp8_tensor_tflops", "launch_year", "sources"}
    for g in gpus:
        assert keys <= set(g), g["id"]
        assert g["sources"]
    a100 = next(g for g in gpus if g["id"] == "nvidia-a100-sxm4-80gb")
    assert a100["architecture"] == "ampere"  # the article says Hopper; it is Ampere
    assert a100["fp8_tensor_tflops"] is None


def test_catalog_tables_for_humans(cli_home):
    for kind in ("gpus", "models", "architectures"):
        r = run(cli_home, "catalog", kind)
        assert r.returncode == 0 and len(r.stdout.splitlines()) > 9, r.stderr


def test_estimate_json_keys_and_fit(cli_home):
    r = run(cli_home, "estimate", "--model", "llama-3-8b", "--task", "train", "--qlora", "16",
            "--batch", "1", "--seq", "2048", "--checkpointing", "--gpu", "RTX 4090", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert set(out["breakdown"]) == {"weights", "gradients", "optimizer", "activations",
                                     "kv_cache", "overhead"}
    assert out["total_bytes"] == sum(out["breakdown"].values())
    assert out["parameters"] == 8_030_261_248
    assert out["verdict"] in ("fits", "tight")
    assert out["headroom_bytes"] == out["usable_bytes"] - out["total_bytes"]
    # QLoRA runs its matmuls in BF16: 165.2 dense TFLOPS x 40 % MFU over (6N + attention) FLOPs
    # per token, x 3/4 for the recomputed forward under checkpointing
    tokens_per_s = 165.2e12 * 0.40 / (6 * 8_030_261_248 + 12 * 32 * 4096 * 2048) * 3 / 4
    assert out["speed"]["unit"] == "tokens/s"
    assert out["speed"]["per_second"] == pytest.approx(tokens_per_s, rel=0.01)


def test_estimate_decode_speed_is_bandwidth_bound(cli_home):
    r = run(cli_home, "estimate", "--model", "llama-3-8b", "--task", "inference", "--batch",
            "1", "--seq", "1024", "--gpu", "RTX 4090")
    assert r.returncode == 0, r.stderr
    line = next(x for x in r.stdout.splitlines() if x.strip().startswith("speed"))
    assert "tokens/s" in line and "80% of memory bandwidth" in line
    # every BF16 weight but the input embedding table (7.5 G params = 15.0 GB) plus 0.13 GB of
    # KV cache streamed per token, from 1008 GB/s x 80 %: 53 tokens/s
    value = int(line.split("~")[1].split()[0].replace(",", ""))
    assert 52 <= value <= 54


def test_estimate_from_hf_config(cli_home, tmp_path):
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps({"model_type": "mistral", "hidden_size": 4096,
                               "intermediate_size": 14336, "num_attention_heads": 32,
                               "num_hidden_layers": 32, "num_key_value_heads": 8,
                               "vocab_size": 32000}))
    r = run(cli_home, "estimate", "--hf-config", str(cfg), "--task", "inference",
            "--precision", "int4", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["parameters"] == 7_241_732_096  # Mistral-7B-v0.1
    assert out["breakdown"]["kv_cache"] > 0


def test_energy_json_reproduces_article_correction(cli_home):
    loads = {}
    for gid in ("nvidia-a100-sxm4-40gb", "nvidia-h100-sxm"):
        r = run(cli_home, "energy", "--gpu", gid, "--hours-per-day", "10", "--price", "0.1",
                "--json")
        assert r.returncode == 0, r.stderr
        out = json.loads(r.stdout)
        assert {"kwh_per_year", "kwh_load_per_year", "kwh_idle_per_year", "cost_per_year",
                "currency", "co2_kg_per_year"} <= set(out)
        loads[gid] = out["kwh_load_per_year"]
    assert loads["nvidia-h100-sxm"] - loads["nvidia-a100-sxm4-40gb"] == pytest.approx(1095)


def test_recommend_json(cli_home):
    r = run(cli_home, "recommend", "--model", "bert-base", "--task", "train", "--budget",
            "20000", "--currency", "CNY", "--json")
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)["candidates"]
    assert rows and all(row["currency"] == "CNY" and row["price"] <= 20000 for row in rows)


@pytest.mark.parametrize("args", [
    ("estimate", "--model", "no-such-model", "--task", "train"),
    ("estimate", "--model", "bert-base", "--task", "train", "--batch", "-3"),
    ("estimate", "--model", "bert-base", "--task", "train", "--precision", "int4"),
    ("estimate", "--model", "bert-base", "--task", "train", "--precision", "fp8",
     "--gpu", "RTX 3090"),
    ("estimate", "--model", "bert-base"),
    ("energy", "--gpu", "RTX 4090", "--utilization", "3"),
    ("catalog", "cards"),
    ("--frobnicate",),
])
def test_errors_are_one_sentence_exit_2(cli_home, args):
    msg = one_sentence_error(run(cli_home, *args))
    assert msg.endswith(".")


def test_malformed_hf_config(cli_home, tmp_path):
    bad = tmp_path / "config.json"
    bad.write_text("{not json")
    one_sentence_error(run(cli_home, "estimate", "--hf-config", str(bad), "--task", "train"))


def test_version_and_help(cli_home):
    assert run(cli_home, "--version").stdout.startswith("gpu-planner ")
    assert "estimate" in run(cli_home, "--help").stdout
