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


def _table(home: Path, kind: str) -> dict[str, list[str]]:
    """The human table of one catalog kind, as {first cell: the row's cells}."""
    r = run(home, "catalog", kind)
    assert r.returncode == 0, r.stderr
    _header, rule, *rows = r.stdout.splitlines()
    assert set(rule) <= {"-", " "}
    # Columns are separated by two spaces; a name may hold single spaces.
    split = [[c.strip() for c in row.split("  ") if c.strip()] for row in rows]
    return {cells[0]: cells for cells in split}


def test_catalog_gpu_table_shows_published_figures(cli_home):
    table = _table(cli_home, "gpus")
    count = len(json.loads(run(cli_home, "catalog", "gpus", "--json").stdout))
    assert len(table) == count  # one line per card, as many as the JSON lists
    # NVIDIA's RTX 4090 page and the Ada whitepaper: 24 GB, 1,008 GB/s, 450 W, 165.2 dense FP16
    # tensor TFLOPS (FP32 accumulate), 2022; its newest US street price, "$1,800-2,000 new" in
    # RunLocalAI's May 2026 guide, stored at the midpoint: $1,900 (a price once read "$313").
    assert table["GeForce RTX 4090"] == ["GeForce RTX 4090", "NVIDIA", "ada-lovelace", "24",
                                         "1008", "450", "165.2", "2022",
                                         "$1,900 (street 2026-05)", "bundled"]
    # A100 SXM4 80GB datasheet: 80 GB HBM2e, 2,039 GB/s, 400 W, 312 TFLOPS FP16 tensor, 2020.
    assert table["A100 SXM4 80GB"][:8] == ["A100 SXM4 80GB", "NVIDIA", "ampere", "80", "2039",
                                           "400", "312", "2020"]


def test_catalog_model_table_shows_the_configs(cli_home):
    table = _table(cli_home, "models")
    # Meta's Llama 3 8B config.json: 32 layers, hidden 4,096, 32 heads, 8 KV heads, 8,192 context;
    # 8,030,261,248 parameters said as 8.0B.
    assert table["Llama 3 8B"] == ["Llama 3 8B", "decoder", "8.0B", "32", "4096", "32", "8",
                                   "8192", "llama-3-8b"]
    # BERT-base: 12 layers of 768 with 12 heads, 512 positions, no grouped KV heads.
    assert table["BERT-base (uncased)"][2:] == ["109.5M", "12", "768", "12", "—", "512",
                                                "bert-base"]
    # ResNet-50 (torchvision: 25,557,032 parameters) has no transformer shape: dashes, not 0.
    assert table["ResNet-50"][2:] == ["25.6M", "—", "—", "—", "—", "—", "resnet-50"]


def test_catalog_architecture_table_shows_number_formats(cli_home):
    table = {row[-1]: row for row in _table(cli_home, "architectures").values()}
    # NVIDIA whitepapers: BF16 tensor cores from Ampere (2020), FP8 from Ada and Hopper (2022),
    # FP4 from Blackwell (2024); Volta (2017) has none of them.
    assert [table["volta"][i] for i in (2, -4, -3, -2)] == ["2017", "no", "no", "no"]
    assert [table["ampere"][i] for i in (2, -4, -3, -2)] == ["2020", "yes", "no", "no"]
    assert [table["hopper"][i] for i in (2, -4, -3, -2)] == ["2022", "yes", "yes", "no"]
    assert [table["blackwell"][i] for i in (2, -4, -3, -2)] == ["2024", "yes", "yes", "yes"]


def test_estimate_json_keys_and_fit(cli_home):
    r = run(cli_home, "estimate", "--model", "llama-3-8b", "--task", "train", "--qlora", "16",
            "--batch", "1", "--seq", "2048", "--checkpointing", "--gpu", "RTX 4090", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert list(out["breakdown"]) == ["weights", "master_weights", "gradients",
                                      "optimizer_state", "optimizer_temporaries", "activations",
                                      "logits", "kv_cache", "framework"]
    assert out["parameters"] == 8_030_261_248
    # r16 on q, k, v, o of 32 layers: 16 x 26,624 x 32 (PEFT prints the same for Llama-3-8B)
    assert out["trainable_parameters"] == 13_631_488
    assert out["verdict"] in ("fits", "tight")
    assert out["head"] == "causal-lm"
    assert {n["code"] for n in out["note_codes"]} >= {"qlora-base", "checkpointing-full"}
    # QLoRA runs its matmuls in BF16: 165.2 dense TFLOPS x 40 % MFU over its FLOPs per token.
    # A frozen base skips the weights' gradients: forward 2N + the activations' gradients 2N +
    # checkpointing's recomputed forward 2N = 6N, and attention's scores 4/3 of theirs.
    tokens_per_s = 165.2e12 * 0.40 / (6 * 8_030_261_248 + 12 * 32 * 4096 * 2048 * 4 / 3)
    assert out["speed"]["unit"] == "tokens/s"
    assert out["speed"]["per_second"] == pytest.approx(tokens_per_s, rel=0.01)


def test_torchtune_full_finetune_fits_a_4090(cli_home):
    """The issue's example: torchtune's 8B full fine-tune measured at 18.9 GiB on a 24 GB card."""
    r = run(cli_home, "estimate", "--model", "llama-3.1-8b", "--task", "train", "--precision",
            "bf16", "--optimizer", "paged-adamw-8bit", "--optimizer-in-backward",
            "--checkpointing", "--loss", "chunked", "--batch", "2", "--seq", "2048", "--gpu",
            "RTX 4090", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["verdict"] != "does-not-fit"
    # paged 8-bit AdamW: 2 moments x (1 B + an fp32 absmax per 2,048) = 16,091,890,705 B paged
    assert out["breakdown"]["optimizer_state"] == 0
    assert out["host_bytes"] == pytest.approx(8_030_261_248 * 2 * (1 + 4 / 2048), abs=2)
    assert 17 * 1024**3 < out["total_bytes"] < 22 * 1024**3


def test_new_recipe_flags_change_what_they_should(cli_home):
    base = ["estimate", "--model", "llama-3-8b", "--task", "train", "--seq", "1024", "--json"]

    def est(*extra: str) -> dict:
        r = run(cli_home, *base, *extra)
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout)

    lora = est("--lora", "16", "--lora-targets", "all-linear")
    assert lora["trainable_parameters"] == 13_631_488 + 32 * 884_736
    qv = est("--lora", "16", "--lora-targets", "q_proj,v_proj")
    assert qv["trainable_parameters"] == 6_815_744
    dq = est("--qlora", "16", "--double-quant")
    no_dq = est("--qlora", "16", "--no-double-quant")
    assert no_dq["breakdown"]["weights"] > dq["breakdown"]["weights"]
    bare = est("--qlora", "16", "--checkpointing")  # a QLoRA run peaks in backward
    sel = est("--qlora", "16", "--checkpointing", "selective")
    assert bare["total_bytes"] < sel["total_bytes"]
    off = est("--offload", "optimizer", "--optimizer-impl", "fused")
    assert off["host_bytes"] > 0 and off["breakdown"]["optimizer_state"] == 0
    cls = est("--head", "seq-cls")
    assert cls["head"] == "seq-cls" and cls["breakdown"]["logits"] == 0
    assert cls["parameters"] == 8_030_261_248 - 128256 * 4096 + 4096 * 2


def test_help_describes_every_estimate_option(cli_home):
    text = run(cli_home, "estimate", "--help").stdout
    for flag in ("--head", "--lora-targets", "--double-quant", "--no-double-quant",
                 "--optimizer-in-backward", "--loss", "--checkpointing", "--offload",
                 "--optimizer-impl", "--adapter-dtype", "--int8-base", "paged-adamw-8bit",
                 "adamw-8bit", "every:N"):
        assert flag in text, flag
    # every option has a help sentence (argparse prints an option without one on a bare line)
    import argparse

    from planner.cli.commands import _build_parser

    sub = next(a for a in _build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    for action in sub.choices["estimate"]._actions:
        assert action.help, action.option_strings


def test_estimate_decode_speed_is_bandwidth_bound(cli_home):
    r = run(cli_home, "estimate", "--model", "llama-3-8b", "--task", "inference", "--batch",
            "1", "--seq", "1024", "--gpu", "RTX 4090")
    assert r.returncode == 0, r.stderr
    line = next(x for x in r.stdout.splitlines() if x.strip().startswith("speed"))
    assert "tokens/s" in line and "80 % of memory bandwidth" in line
    # every BF16 weight but the input embedding table (7.5 G params = 15.0 GB) plus 0.13 GB of
    # KV cache streamed per token, from 1008 GB/s x 80 %: 53 tokens/s
    value = int(line.split("~")[1].split()[0].replace(",", ""))
    assert 52 <= value <= 54


def test_estimate_names_the_link_multi_gpu_training_waits_on(cli_home):
    # BERT-large, 28 sequences of 384 tokens per GPU, AMP FP16, on two RTX 4090s: a desktop
    # board's x8/x8 (8 x 1.969 = 15.75 GB/s a direction), no peer-to-peer, so through host
    # memory at 25 % = 3.94 GB/s. The fp32 gradients' all-reduce (334,092,288 x 4 B = 1.336 GB,
    # 2 x 1/2 of it) takes 0.34 s + 51 buckets x 12 us, the 28-sequence backward only 0.230 s:
    # about a quarter of each step waits (Lambda measured 139 sequences/s against 2 x 93).
    r = run(cli_home, "estimate", "--model", "bert-large", "--task", "train", "--batch", "28",
            "--seq", "384", "--precision", "amp-fp16", "--gpu", "RTX 4090", "--gpus", "2",
            "--json")
    assert r.returncode == 0, r.stderr
    link = json.loads(r.stdout)["link"]
    assert link["kind"] == "pcie-host" and link["name"] == "PCIe 4.0 x8" and link["lanes_split"]
    assert link["bus_gbs"] == pytest.approx(3.938)
    assert link["waiting_share"] == pytest.approx(0.25, abs=0.01)
    text = run(cli_home, "estimate", "--model", "bert-large", "--task", "train", "--batch", "28",
               "--seq", "384", "--precision", "amp-fp16", "--gpu", "RTX 4090", "--gpus", "2")
    line = next(x for x in text.stdout.splitlines() if x.strip().startswith("link"))
    assert "through host memory" in line and "x8/x8" in line and "25 % of each step" in line
    # One GPU sends nothing: no link at all.
    one = run(cli_home, "estimate", "--model", "bert-large", "--task", "train", "--gpu",
              "RTX 4090", "--json")
    assert "link" not in json.loads(one.stdout)


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


def test_energy_for_humans_worked_by_hand(cli_home):
    r = run(cli_home, "energy", "--gpu", "RTX 4090", "--count", "2", "--hours-per-day", "8",
            "--price", "0.2")
    assert r.returncode == 0, r.stderr
    # With the 200 W host the panels count: (2 x 450 + 200) W x 8 h x 365 d = 3,212 kWh at
    # load; the other 16 hours at the 23 W idle the catalog records (nvidia-smi, eight headless
    # cards): 2 x 23 x 16 x 365 = 268.64 kWh; 3,480.64 kWh at $0.20: $696.13, shown as money
    # from $100 up: whole dollars.
    # The rental is on-demand by default (issue 29): Hyperbolic's RTX 4090 at $0.50 a GPU-hour
    # (data/cloud.toml, 'GPU On-Demand'), 2 x $0.50 x 8 h x 365 d = $2,920 a year; the
    # marketplace ($0.34 RunPod Community) and interruptible ($0.31 Vast.ai) offers are cheaper
    # but left out unless asked for.
    assert r.stdout.splitlines()[:3] == [
        "2× GeForce RTX 4090: 3,481 kWh a year (3,212 kWh at load, 269 kWh idle)",
        "  cost $696 a year",
        "  renting 2× Hyperbolic GPU On-Demand — RTX 4090 (2 GPUs), on-demand: $2,920 a year",
    ]
    asked = run(cli_home, "energy", "--gpu", "RTX 4090", "--count", "2", "--hours-per-day",
                "8", "--price", "0.2", "--any-rental")
    # Asked for: Vast.ai's interruptible floor, 2 x $0.31 x 2,920 h = $1,810.40.
    assert asked.stdout.splitlines()[2] == (
        "  renting 2× Vast.ai RTX 4090 (marketplace, interruptible floor) (2 GPUs), "
        "interruptible: $1,810 a year")


def test_energy_on_a_tiered_tariff_with_carbon(cli_home):
    r = run(cli_home, "energy", "--gpu", "nvidia-rtx-4090", "--count", "4", "--hours-per-day",
            "24", "--tariff", "cn-beijing-residential", "--currency", "CNY", "--carbon",
            "cn-national-2023", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    # Running all day (no idle hours), with the 200 W host: (4 x 450 + 200) W x 24 h x 365 d
    # = 17,520 kWh. Beijing's ladder (Xinhua 2012): 2,880 kWh at ¥0.4883, the next 1,920 at
    # ¥0.5383, the last 12,720 at ¥0.7883: 1,406.304 + 1,033.536 + 10,027.176 = ¥12,467.02.
    # MEE 2023 national factor 0.5306 kg/kWh: 17,520 x 0.5306 = 9,296.1 kg.
    assert (out["kwh_per_year"], out["kwh_idle_per_year"]) == (17520, 0)
    assert (out["cost_per_year"], out["currency"]) == (12467.02, "CNY")
    assert out["co2_kg_per_year"] == 9296.1


def test_recommend_json(cli_home):
    r = run(cli_home, "recommend", "--model", "bert-base", "--task", "train", "--budget",
            "20000", "--currency", "CNY", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    rows = out["candidates"]
    assert rows and all(row["currency"] == "CNY" and row["price"] <= 20000 for row in rows)
    # bert-base's catalog default batch is 32
    assert out["assumptions"] == ["BERT-base (uncased): train, AMP BF16, adamw, full "
                                  "fine-tuning, batch 32 × default"]


def test_recommend_proposes_only_legal_tensor_parallel_layouts(cli_home):
    r = run(cli_home, "recommend", "--model", "llama-3-70b", "--task", "inference", "--seq",
            "4096", "--json")
    assert r.returncode == 0, r.stderr
    for row in json.loads(r.stdout)["candidates"]:
        if "tp" in row["strategies"]:
            assert 64 % row["count"] == 0 and (8 % row["count"] == 0 or row["count"] % 8 == 0)


# Each refusal names what is wrong and says what to do (the brief's one plain sentence).
@pytest.mark.parametrize(("args", "wrong", "todo"), [
    (("estimate", "--model", "no-such-model", "--task", "train"), "No model called "
     "'no-such-model'", "'gpu-planner catalog models' lists them"),
    (("estimate", "--model", "bert-base", "--task", "train", "--batch", "-3"), "(got -3)",
     "--batch must be a whole number of at least 1"),
    (("estimate", "--model", "bert-base", "--task", "train", "--precision", "int4"),
     "'int4' is an inference precision", "for training use one of fp32, amp-fp16, amp-bf16"),
    (("estimate", "--model", "bert-base", "--task", "train", "--precision", "fp8", "--gpu",
      "RTX 3090"), "GeForce RTX 3090", "has no FP8 tensor units; choose another --precision"),
    (("estimate", "--model", "bert-base"), "required: --task", "gpu-planner estimate --help"),
    (("estimate", "--model", "llama-3-8b", "--task", "train", "--seq", "1000000"),
     "1,000,000 tokens is longer than Llama 3 8B's context of 8,192", "use 8,192 or fewer"),
    # 64 query heads and 8 KV heads: a degree must divide 64 and divide 8 or be a multiple of it.
    (("estimate", "--model", "llama-3-70b", "--task", "inference", "--gpus", "5"),
     "over 5 GPUs cannot split", "use 2, 4, 8, 16, 32, 64."),
    (("estimate", "--model", "llama-3-8b", "--task", "train", "--lora", "8", "--lora-targets",
      "c_attn"), "no layer called 'c_attn'", "q_proj, k_proj, v_proj, o_proj, gate_proj"),
    (("estimate", "--model", "resnet-50", "--task", "train", "--qlora", "8"),
     "'ResNet-50' has none", "LoRA sizing needs a transformer's shape"),
    (("estimate", "--model", "llama-3-8b", "--task", "train", "--checkpointing", "every:x"),
     "(got 'x')", "a whole number N of at least 1"),
    (("estimate", "--model", "llama-3-8b", "--task", "train", "--optimizer-in-backward",
      "--accumulation", "4"), "cannot accumulate gradients", "set accumulation to 1"),
    (("energy", "--gpu", "RTX 4090", "--utilization", "3"), "(got 3.0)",
     "must be between 0 and 1"),
    (("energy", "--gpu", "RTX 9999"), "No GPU called 'RTX 9999'",
     "'gpu-planner catalog gpus' lists them"),
    (("energy", "--gpu", "RTX 4090", "--count", "0"), "(got 0)",
     "--count must be a whole number of at least 1"),
    (("catalog", "cards"), "invalid choice: 'cards'", "'gpus', 'models', 'architectures'"),
    (("--frobnicate",), "Unrecognized arguments: --frobnicate", "see 'gpu-planner --help'"),
])
def test_errors_are_one_sentence_exit_2(cli_home, args, wrong, todo):
    msg = one_sentence_error(run(cli_home, *args))
    assert wrong in msg and todo in msg, msg
    assert msg.endswith(".") and msg.count(". ") == 0, msg  # one sentence


def test_malformed_hf_config(cli_home, tmp_path):
    bad = tmp_path / "config.json"
    bad.write_text("{not json")
    one_sentence_error(run(cli_home, "estimate", "--hf-config", str(bad), "--task", "train"))


def test_version_and_help(cli_home):
    from importlib.metadata import version

    # The version pyproject.toml gave the installed distribution, not the module's own constant.
    assert run(cli_home, "--version").stdout == f"gpu-planner {version('gpu-build-planner')}\n"
    text = run(cli_home, "--help").stdout
    for command in ("catalog", "estimate", "recommend", "energy", "check", "report"):
        assert f"    {command}" in text, command


# --- issue 12: human output through the one formatter, plurals, names, no silent failures -------

def test_estimate_text_counts_gpus_in_words_and_names_the_card(cli_home):
    one = run(cli_home, "estimate", "--model", "llama-3-8b", "--task", "inference", "--gpu",
              "nvidia-rtx-4090")
    assert one.returncode == 0, one.stderr
    assert one.stdout.splitlines()[0] == "Llama 3 8B (causal-lm) — inference, bf16, 1 GPU (tp)"
    assert "  on GeForce RTX 4090: usable 24.00 GiB" in one.stdout  # the name, not the id
    assert "nvidia-rtx-4090" not in one.stdout
    five = run(cli_home, "estimate", "--model", "llama-3-8b", "--task", "train", "--gpus", "5",
               "--strategy", "fsdp", "--gpu", "RTX 4090")
    assert five.returncode == 0, five.stderr
    assert "5 GPUs (fsdp)" in five.stdout and "on 5 GPUs (assumes 40 % of peak" in five.stdout
    assert "GPU(s)" not in one.stdout + five.stdout
    # A shortfall reads with a real minus sign and the verdict in words.
    fit = next(x for x in five.stdout.splitlines() if x.startswith("  on GeForce RTX 4090"))
    assert "headroom −" in fit and fit.endswith("→ does not fit")


def test_energy_cost_is_a_money_string(cli_home):
    r = run(cli_home, "energy", "--gpu", "nvidia-h100-sxm", "--hours-per-day", "24", "--price",
            "0.8", "--currency", "CNY")
    assert r.returncode == 0, r.stderr
    # At load round the clock (no idle hours), with the 200 W host: 900 W × 24 h × 365 d
    # = 7,884 kWh; × ¥0.80 = ¥6,307.2.
    assert r.stdout.splitlines()[0].startswith("1× H100 SXM5 80GB: 7,884 kWh a year")
    assert r.stdout.splitlines()[1] == "  cost ¥6,307 a year"


@pytest.mark.parametrize("json_flag", [(), ("--json",)])
def test_recommend_with_nothing_that_fits_is_an_error(cli_home, json_flag):
    r = run(cli_home, "recommend", "--model", "llama-3-70b", "--task", "train", "--budget",
            "100", *json_flag)
    msg = one_sentence_error(r)  # exit 2, one sentence on stderr (it exited 0)
    assert r.stdout == ""
    assert msg == ("No build of up to 8 identical GPUs in the catalog fits these workloads "
                   "within a budget of $100; raise --budget or lower --headroom.")


def test_help_lists_lang_and_refuses_an_unknown_one(cli_home):
    text = run(cli_home, "--help").stdout
    assert "--lang {en,zh_CN}" in text
    msg = one_sentence_error(run(cli_home, "--lang", "fr"))
    assert "'fr'" in msg and "zh_CN" in msg


@pytest.mark.parametrize(("argv", "expected"), [
    (["--lang", "zh_CN"], ([], "zh_CN")),
    (["--lang=en", "a.gpubuild"], (["a.gpubuild"], "en")),
    (["a.gpubuild", "--lang", "zh_CN"], (["a.gpubuild"], "zh_CN")),
    (["a.gpubuild"], (["a.gpubuild"], None)),
    ([], ([], None)),
])
def test_lang_starts_the_app_in_that_language(monkeypatch, tmp_path, argv, expected):
    import planner.ui.app

    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.gpubuild").write_text("{}", encoding="utf-8")  # an existing file opens
    from planner.cli import main as cli

    started = []
    monkeypatch.setattr(planner.ui.app, "run_app",
                        lambda args, lang=None: started.append((args, lang)) or 0)
    assert cli.main(argv) == 0
    assert started == [expected]


@pytest.mark.parametrize(("kind", "known_id"), [("tariffs", "cn-beijing-residential"),
                                                ("cloud", "aws-p4d-24xlarge")])
def test_catalog_lists_the_ids_other_flags_take(cli_home: Path, kind: str, known_id: str) -> None:
    """'No tariff x' points at 'catalog tariffs': that listing must exist and show the ids."""
    listed = run(cli_home, "catalog", kind)
    assert listed.returncode == 0 and known_id in listed.stdout
    wrong = one_sentence_error(run(cli_home, "energy", "--gpu", "RTX 4090", "--tariff", "nope"))
    assert wrong == "No tariff 'nope' in the catalog; 'gpu-planner catalog tariffs' lists them."


@pytest.mark.parametrize(("argv", "said"), [
    (["estimat", "--model", "llama-3-8b"], "'estimat' is not a command (did you mean 'estimate'?)"),
    (["recomend"], "(did you mean 'recommend'?)"),
    (["zzz", "--help"], "'zzz' is not a command or a .gpubuild file"),
    (["lost.gpubuild"], "There is no file 'lost.gpubuild'"),
])
def test_a_mistyped_first_word_is_refused_and_starts_no_window(monkeypatch, capsys, argv, said):
    """A typo used to be taken for a file to open: a window started (or Qt aborted headless)."""
    import planner.ui.app
    from planner.cli import main as cli

    started = []
    monkeypatch.setattr(planner.ui.app, "run_app", lambda *a, **k: started.append(a) or 0)
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1 and not started


def test_an_existing_build_file_still_opens_in_the_app(monkeypatch, tmp_path):
    import planner.ui.app
    from planner.cli import main as cli

    build = tmp_path / "mine.gpubuild"
    build.write_text("{}", encoding="utf-8")
    started = []
    monkeypatch.setattr(planner.ui.app, "run_app",
                        lambda args, lang=None: started.append(args) or 0)
    assert cli.main([str(build)]) == 0 and started == [[str(build)]]
