"""The command line's options: every command, every option and its help sentence.

Kept apart from :mod:`planner.cli.commands` (what the commands do) so each stays small; imported
only
when a command, ``--help`` or a malformed option is given (``planner.cli`` decides without it).
The names are a public contract (docs/cli.md): scripts rely on them.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from planner import __version__
from planner.cli.errors import SentenceParser
from planner.core.costs.prices import BASES, DEFAULT_BASIS
from planner.core.estimator.allocator import LENGTHS
from planner.core.estimator.inference_memory import CACHES
from planner.core.estimator.stacks import STACKS
from planner.core.models.layouts import HEADS
from planner.core.records.precision import (
    ADAPTER_DTYPES,
    LOSSES,
    OFFLOADS,
    OPTIMIZER_IMPLS,
    OPTIMIZER_STATES,
    QUANTIZATION_BYTES,
    STRATEGIES,
    TRAINING_PRECISIONS,
)
from planner.languages import CODES


def build_parser() -> argparse.ArgumentParser:
    """Every command and option, each with a help sentence (``--help`` shows them all)."""
    parser = SentenceParser(prog="gpu-planner", description=(
        "Plan GPU builds for machine learning. Without a command, starts the app "
        "(optionally opening FILE.gpubuild)."))
    parser.add_argument("--version", action="version", version=f"gpu-planner {__version__}")
    parser.add_argument("--lang", choices=CODES, help=(
        "the app's language for this start, over Preferences and GPU_PLANNER_LOCALE (the "
        "commands below always answer in English)"))
    parser.add_argument("--self-test", action="store_true", help=(
        "check this installation (open an example offscreen, draw every panel, write and print "
        "the PDF sheet, open the catalog), print one line and exit 0 or 1"))
    sub = parser.add_subparsers(dest="command", parser_class=SentenceParser)

    cat = sub.add_parser("catalog", help="list GPUs, models or architectures")
    cat.add_argument("kind", choices=("gpus", "models", "architectures", "tariffs", "carbon",
                                      "cloud"), help="what to list (ids for --tariff, --carbon)")
    cat.add_argument("--json", action="store_true", help="one JSON list of full records")

    est = sub.add_parser(
        "estimate", help="memory per GPU for training or inference",
        description="Memory one GPU needs to train or serve a model, by part (weights, master "
                    "weights, gradients, optimizer state and step temporaries, activations, "
                    "logits, KV cache, framework), with host RAM for offloaded state. Exit 2 "
                    "with one sentence on bad input.")
    src = est.add_mutually_exclusive_group(required=True)
    src.add_argument("--model", help="catalog model id or name ('gpu-planner catalog models')")
    src.add_argument("--hf-config", type=Path, metavar="FILE",
                     help="a Hugging Face config.json (family from model_type, head from "
                          "architectures)")
    est.add_argument("--task", choices=("train", "inference"), required=True,
                     help="train (one training step) or inference (serving with a KV cache)")
    est.add_argument("--head", choices=("auto", *HEADS), default="auto",
                     help="the task head loaded on top: auto takes it from architectures or the "
                          "catalog (default: %(default)s)")
    est.add_argument("--precision", choices=sorted(set(TRAINING_PRECISIONS) | (
        set(QUANTIZATION_BYTES) - {"nf4"})),
        help="training recipe (default amp-bf16) or inference weights (default bf16)")
    est.add_argument("--batch", type=int, default=1,
                     help="micro-batch per GPU (default: %(default)s)")
    est.add_argument("--seq", type=int,
                     help="tokens (at most the model's context), or image side in pixels")
    est.add_argument("--optimizer", choices=tuple(OPTIMIZER_STATES), default="adamw",
                     help="optimizer; *-8bit are bitsandbytes block-wise, paged-* keep state "
                          "in unified memory (default: %(default)s)")
    est.add_argument("--optimizer-impl", choices=OPTIMIZER_IMPLS, default="foreach",
                     help="how the step runs: foreach (PyTorch's CUDA default, temporaries for "
                          "all tensors at once), fused, per-tensor (default: %(default)s)")
    est.add_argument("--optimizer-in-backward", action="store_true",
                     help="step each parameter during backward and free its gradient "
                          "(torchtune optimizer_in_bwd); needs --accumulation 1")
    est.add_argument("--checkpointing", nargs="?", const="full", default=None,
                     metavar="full|selective-op|every:N|selective",
                     help="activation checkpointing: every layer (bare flag or full: Hugging "
                          "Face gradient_checkpointing, torchtune enable_activation_checkpointing, "
                          "torchtitan mode full), torchtitan's op-level selective AC "
                          "(selective-op: matmul and attention outputs kept, pointwise ops "
                          "recomputed), torchtitan's per-layer selective AC on one layer in N "
                          "(every:N) or the attention sub-blocks only (selective)")
    est.add_argument("--activation-offloading", action="store_true",
                     help="keep saved activations in host RAM until backward (torchtune "
                          "enable_activation_offloading)")
    est.add_argument("--target-seq", type=int, metavar="TOKENS",
                     help="decoder (target) tokens of an encoder-decoder model such as T5; "
                          "--seq is then the source (default: as long as the source)")
    est.add_argument("--stack", choices=tuple(STACKS), default="modern",
                     help="CUDA and PyTorch generation: modern (CUDA 11.7+ lazy loading, "
                          "PyTorch 2.x) or torch1-cuda11 (1,343 MB CUDA context, zero_grad keeps "
                          "gradients) (default: %(default)s)")
    est.add_argument("--kbit-prep", action="store_true",
                     help="PEFT prepare_model_for_kbit_training before QLoRA: embeddings, norms "
                          "and the LM head cast to fp32")
    est.add_argument("--loss", choices=LOSSES, default="full",
                     help="cross-entropy on upcast logits (full), a chunk of tokens at a time "
                          "(chunked, torchtune CEWithChunkedOutputLoss), transformers' "
                          "ForCausalLMLoss that upcasts and shifts the returned logits (shifted), "
                          "or fp32 logits returned and held through backward (fp32-logits, "
                          "transformers before 4.46 with the output kept) (default: %(default)s)")
    est.add_argument("--accumulation", type=int, default=1,
                     help="gradient accumulation steps (default: %(default)s)")
    est.add_argument("--attention", choices=("flash", "eager"), default="flash",
                     help="flash (FlashAttention / SDPA) or eager (saves the s×s scores)")
    est.add_argument("--gpus", type=int, default=1, help="GPUs the job spans (default: 1)")
    est.add_argument("--strategy", choices=STRATEGIES,
                     help="how the GPUs split the job (default: ddp to train, tp to serve)")
    est.add_argument("--zero-reduce-bucket", type=int, default=500_000_000, metavar="ELEMENTS",
                     help="DeepSpeed reduce_bucket_size (default: DeepSpeed's 5e8)")
    est.add_argument("--zero-prefetch-bucket", type=int, default=50_000_000, metavar="ELEMENTS",
                     help="DeepSpeed stage3_prefetch_bucket_size (default: 5e7)")
    est.add_argument("--zero-max-live", type=int, default=1_000_000_000, metavar="ELEMENTS",
                     help="DeepSpeed stage3_max_live_parameters (default: 1e9)")
    est.add_argument("--zero-reuse-distance", type=int, default=1_000_000_000,
                     metavar="ELEMENTS", help="DeepSpeed stage3_max_reuse_distance (default: 1e9)")
    est.add_argument("--zero-sub-group", type=int, default=1_000_000_000, metavar="ELEMENTS",
                     help="DeepSpeed sub_group_size (default: 1e9)")
    est.add_argument("--zero-overlap-comm", action="store_true",
                     help="DeepSpeed overlap_comm under ZeRO-2 (a second reduce bucket)")
    est.add_argument("--lengths", choices=LENGTHS, default="fixed",
                     help="batches padded to one length or packed (fixed), or each to its "
                          "longest sample (variable)")
    est.add_argument("--expandable-segments", action="store_true",
                     help="PyTorch's allocator runs with expandable_segments:True")
    est.add_argument("--group-size", type=int, default=128, metavar="WEIGHTS",
                     help="int4 quantization group (GPTQ/AWQ 32, 64, 128; 0 per channel)")
    est.add_argument("--cache", choices=CACHES, default="dynamic",
                     help="generation loop: dynamic (transformers today) or legacy (tuple cache, "
                          "before mid-2024)")
    est.add_argument("--offload", choices=OFFLOADS, default="none",
                     help="move optimizer state (optimizer) or also weights and gradients (all) "
                          "to host RAM, as ZeRO-Offload / FSDP CPU offload (default: none)")
    lora = est.add_mutually_exclusive_group()
    lora.add_argument("--lora", type=int, metavar="RANK",
                      help="train LoRA adapters of this rank on a frozen 16-bit base")
    lora.add_argument("--qlora", type=int, metavar="RANK",
                      help="train LoRA adapters of this rank on a 4-bit NF4 base (QLoRA)")
    est.add_argument("--lora-targets", default="attention",
                     metavar="attention|all-linear|NAME,NAME…",
                     help="layers LoRA adapts: q,k,v,o (attention), every linear layer, or "
                          "module names such as q_proj,v_proj (default: %(default)s)")
    est.add_argument("--adapter-dtype", choices=tuple(ADAPTER_DTYPES), default="fp32",
                     help="dtype of the LoRA adapters and their state (default: %(default)s)")
    est.add_argument("--double-quant", action=argparse.BooleanOptionalAction, default=True,
                     help="QLoRA's double quantization of the block scales (default: on; off: "
                          "fp32 scales, 0.373 bit more per weight)")
    est.add_argument("--int8-base", action="store_true",
                     help="with --lora: the frozen base in 8-bit (bitsandbytes LLM.int8)")
    est.add_argument("--gpu", help="a GPU to check the fit on (id or name)")
    est.add_argument("--reserve-mib", type=float, default=0.0,
                     help="VRAM kept back, e.g. for a display (MiB)")
    est.add_argument("--calibrated", action="store_true",
                     help="with --gpu: add the estimate calibrated from your measured runs on "
                          "that GPU model and stack ('gpu-planner runs list'), and fit with it")
    est.add_argument("--json", action="store_true", help="one JSON object instead of text")

    rec = sub.add_parser(
        "recommend", help="cheapest builds that fit some workloads",
        description="The cheapest (or least power-hungry, or fastest) builds of up to 8 "
                    "identical catalog GPUs that fit every named workload. No build that fits "
                    "is an error: one sentence and exit 2.")
    rec.add_argument("--model", action="append", required=True,
                     help="a catalog model id or name; repeat for several workloads")
    rec.add_argument("--task", choices=("train", "inference"), required=True,
                     help="train or serve the models")
    rec.add_argument("--precision", help="training recipe (default amp-bf16) or inference "
                                         "weights (default bf16)")
    rec.add_argument("--batch", type=int, help="micro-batch per GPU (default: the model's "
                                               "catalog default to train, 1 to serve)")
    rec.add_argument("--seq", type=int, help="tokens, or image side in pixels")
    rec.add_argument("--budget", type=float, help="most the whole build may cost, in --currency")
    rec.add_argument("--currency", default="USD",
                     help="USD, CNY or EUR, for the budget and prices (default: %(default)s)")
    rec.add_argument("--headroom", type=float, default=0.1,
                     help="share of each card's memory kept free (default: %(default)s)")
    rec.add_argument("--objective", choices=("price", "power", "speed"), default="price",
                     help="what to minimise or, for speed, maximise (default: %(default)s)")
    rec.add_argument("--basis", choices=BASES, default=DEFAULT_BASIS,
                     help="price cards new (a card no longer sold new at its used price), used "
                          "or at launch MSRP (default: %(default)s)")
    rec.add_argument("--json", action="store_true", help="one JSON object instead of text")

    en = sub.add_parser("energy", help="annual electricity, cost and carbon")
    en.add_argument("--gpu", required=True, help="a catalog GPU id or name")
    en.add_argument("--count", type=int, default=1, help="how many (default: %(default)s)")
    en.add_argument("--hours-per-day", type=float, default=10.0,
                    help="hours a day at load (default: %(default)s)")
    en.add_argument("--days", type=float, default=365.0,
                    help="days a year in use (default: %(default)s)")
    en.add_argument("--utilization", type=float, default=1.0,
                    help="share of board power drawn at load, 0 to 1 (default: %(default)s)")
    en.add_argument("--pue", type=float, default=1.0,
                    help="data-centre overhead, 1 at home (default: %(default)s)")
    en.add_argument("--host-watts", type=float, default=0.0,
                    help="the rest of the computer at load; 0 counts the 200 W host the app's "
                         "panels count (default: %(default)s)")
    en.add_argument("--psu-efficiency", type=float, default=1.0,
                    help="share of wall power the PSU delivers, above 0 to 1 (default: "
                         "%(default)s)")
    en.add_argument("--no-idle", action="store_true",
                    help="the cards are off, not idle, when no job runs")
    en.add_argument("--base-kwh", type=float, default=0.0,
                    help="kWh a year the household uses anyway, for tiered tariffs (default: "
                         "%(default)s)")
    en.add_argument("--rent", metavar="ID",
                    help="a catalog cloud offer of the same GPU to compare with (default: the "
                         "cheapest on-demand like-for-like rental; 'gpu-planner catalog cloud' "
                         "lists them)")
    en.add_argument("--any-rental", action="store_true",
                    help="let interruptible (spot), marketplace and reserved offers compete "
                         "with on-demand ones for the rental compared")
    en.add_argument("--years", type=int, default=3,
                    help="years of ownership, for the rental comparison (default: %(default)s)")
    en.add_argument("--price", type=float, help="electricity price per kWh, in --currency")
    en.add_argument("--tariff", help="a catalog tariff id (e.g. tiered Beijing residential)")
    en.add_argument("--currency", default="USD",
                    help="USD, CNY or EUR, for --price and the cost (default: %(default)s)")
    en.add_argument("--carbon", help="grid carbon region id (g CO2/kWh from the catalog)")
    en.add_argument("--json", action="store_true", help="one JSON object instead of text")

    sh = sub.add_parser("show", help="what the panels show for a .gpubuild file",
                        description="Each variant's cards and prices, totals, headroom per "
                                    "workload, a year of energy, the like-for-like rental and "
                                    "the warnings: the figures the app's panels show.")
    sh.add_argument("file", type=Path, help="the .gpubuild file")
    sh.add_argument("--variant", metavar="NAME", help="only this variant (default: every one)")
    sh.add_argument("--json", action="store_true", help="one JSON object instead of text")

    runs = sub.add_parser(
        "runs", help="your measured runs: import, list, export (docs/measured-run.md)",
        description="Runs you measured (records written by planner/measure.py) calibrate "
                    "estimates on the same GPU model and stack. An import keeps the good "
                    "records and names each refused one (exit 2 if any was).")
    runs_sub = runs.add_subparsers(dest="action", required=True, parser_class=SentenceParser)
    imp = runs_sub.add_parser("import", help="store run records (files of one or a list)")
    imp.add_argument("files", type=Path, nargs="+", metavar="FILE", help="run record files")
    lst = runs_sub.add_parser("list", help="the stored runs beside their estimates")
    lst.add_argument("--json", action="store_true", help="one JSON list instead of text")
    exp = runs_sub.add_parser("export", help="write every stored run to one file to share")
    exp.add_argument("out", type=Path, metavar="OUT", help="the JSON file to write")
    exp.add_argument("--keep-notes", action="store_true",
                     help="keep your notes and local model paths (left out by default)")

    chk = sub.add_parser("check", help="validate a .gpubuild file")
    chk.add_argument("file", type=Path, help="the .gpubuild file")

    rep = sub.add_parser("report", help="comparison sheet as PDF")
    rep.add_argument("file", type=Path, help="the .gpubuild file")
    rep.add_argument("--pdf", type=Path, required=True, help="where to write the PDF")
    rep.add_argument("--variants", metavar="A,B",
                     help="names of the variants to compare, comma-separated (at most 4; "
                          "default: the first four)")
    rep.add_argument("--paper", choices=("A4", "Letter"), default="A4",
                     help="paper size (default: %(default)s)")
    rep.add_argument("--lang", choices=CODES, help=(
        "the sheet's language (default: GPU_PLANNER_LOCALE, then the system's locale)"))

    from planner.cli.serve import add_parser as add_serve
    from planner.cli.team import add_parser as add_team

    add_serve(sub)
    add_team(sub)
    from planner.cli.prices import add_parser as add_prices

    add_prices(sub)
    return parser
