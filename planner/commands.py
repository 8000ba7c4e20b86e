"""The headless ``gpu-planner`` commands over the same core the app uses.

The command-line contract (flag names, precision/optimizer/strategy names, JSON keys) is public:
scripts rely on it (see docs/cli.md). Every error is one sentence on stderr and exit status 2 —
never a traceback. Heavy modules (Qt, SQLAlchemy) are imported only by the commands that need them;
:mod:`planner.cli` imports this module only when a command is given, so starting the app does not
pay for argparse and the estimators' tables.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from planner import __version__
from planner.core.layouts import HEADS
from planner.core.precision import (
    ADAPTER_DTYPES,
    LOSSES,
    OFFLOADS,
    OPTIMIZER_IMPLS,
    OPTIMIZER_STATES,
    QUANTIZATION_BYTES,
    STRATEGIES,
    TRAINING_PRECISIONS,
    EstimateError,
)

if TYPE_CHECKING:
    from planner.catalog.store import CatalogStore
    from planner.core.money import Rates

EXIT_USAGE = 2
MAX_CONFIG_BYTES = 1_000_000


class UsageError(Exception):
    """A user mistake on the command line; its message is printed as one sentence."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        text = message[0].upper() + message[1:]
        raise UsageError(text.rstrip(".") + f"; see '{self.prog} --help'.")


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="gpu-planner", description=(
        "Plan GPU builds for machine learning. Without a command, starts the app "
        "(optionally opening FILE.gpubuild)."))
    parser.add_argument("--version", action="version", version=f"gpu-planner {__version__}")
    parser.add_argument("--self-test", action="store_true", help=(
        "check this installation (open an example offscreen, draw every panel, write and print "
        "the PDF sheet, open the catalog), print one line and exit 0 or 1"))
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    cat = sub.add_parser("catalog", help="list GPUs, models or architectures")
    cat.add_argument("kind", choices=("gpus", "models", "architectures"))
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
                     metavar="full|selective|every:N",
                     help="activation checkpointing: every layer (bare flag or full), the "
                          "attention sub-blocks only (selective) or one layer in N (every:N)")
    est.add_argument("--loss", choices=LOSSES, default="full",
                     help="cross-entropy over the whole vocabulary at once (full) or a chunk of "
                          "tokens at a time (chunked, as torchtune) (default: %(default)s)")
    est.add_argument("--accumulation", type=int, default=1,
                     help="gradient accumulation steps (default: %(default)s)")
    est.add_argument("--attention", choices=("flash", "eager"), default="flash",
                     help="flash (FlashAttention / SDPA) or eager (saves the s×s scores)")
    est.add_argument("--gpus", type=int, default=1, help="GPUs the job spans (default: 1)")
    est.add_argument("--strategy", choices=STRATEGIES,
                     help="how the GPUs split the job (default: ddp to train, tp to serve)")
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
    est.add_argument("--json", action="store_true", help="one JSON object instead of text")

    rec = sub.add_parser("recommend", help="cheapest builds that fit some workloads")
    rec.add_argument("--model", action="append", required=True)
    rec.add_argument("--task", choices=("train", "inference"), required=True)
    rec.add_argument("--precision")
    rec.add_argument("--batch", type=int)
    rec.add_argument("--seq", type=int)
    rec.add_argument("--budget", type=float)
    rec.add_argument("--currency", default="USD")
    rec.add_argument("--headroom", type=float, default=0.1)
    rec.add_argument("--objective", choices=("price", "power", "speed"), default="price")
    rec.add_argument("--json", action="store_true")

    en = sub.add_parser("energy", help="annual electricity, cost and carbon")
    en.add_argument("--gpu", required=True)
    en.add_argument("--count", type=int, default=1)
    en.add_argument("--hours-per-day", type=float, default=10.0)
    en.add_argument("--days", type=float, default=365.0)
    en.add_argument("--utilization", type=float, default=1.0)
    en.add_argument("--pue", type=float, default=1.0)
    en.add_argument("--host-watts", type=float, default=0.0)
    en.add_argument("--price", type=float, help="electricity price per kWh")
    en.add_argument("--tariff", help="a catalog tariff id (e.g. tiered Beijing residential)")
    en.add_argument("--currency", default="USD")
    en.add_argument("--carbon", help="grid carbon region id (g CO2/kWh from the catalog)")
    en.add_argument("--json", action="store_true")

    chk = sub.add_parser("check", help="validate a .gpubuild file")
    chk.add_argument("file", type=Path)

    rep = sub.add_parser("report", help="comparison sheet as PDF")
    rep.add_argument("file", type=Path)
    rep.add_argument("--pdf", type=Path, required=True)
    rep.add_argument("--variants", metavar="A,B",
                     help="names of the variants to compare, comma-separated (at most 4; "
                          "default: the first four)")
    rep.add_argument("--paper", choices=("A4", "Letter"), default="A4")
    return parser


def run(args_list: Sequence[str]) -> int:
    """Run a command (or --help/--version); return the exit status."""
    try:
        args = _build_parser().parse_args(list(args_list))
        return int(_dispatch(args) or 0)
    except (UsageError, EstimateError) as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:
        print(f"Could not read or write {exc.filename or 'a file'}: "
              f"{exc.strerror or exc}.", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130


def _dispatch(args: argparse.Namespace) -> int:
    handlers = {"catalog": _catalog, "estimate": _estimate, "recommend": _recommend,
                "energy": _energy, "check": _check, "report": _report}
    if args.command is None:
        raise UsageError("Name a command; see 'gpu-planner --help'")
    return handlers[args.command](args)


def _emit(payload: Any) -> None:
    print(json.dumps(payload, ensure_ascii=False, indent=2, allow_nan=False))


def _store() -> CatalogStore:
    from planner.catalog.store import open_store

    store = open_store()
    if store.notice:
        print(store.notice, file=sys.stderr)
    return store


def _catalog(args: argparse.Namespace) -> int:
    from planner.catalog import export

    catalog = _store().catalog()
    if args.kind == "gpus":
        records = [export.gpu_record(g) for g in catalog.gpus]
    elif args.kind == "models":
        records = [export.workload_record(w) for w in catalog.workloads]
    else:
        records = [export.architecture_record(a) for a in catalog.architectures]
    if args.json:
        _emit(records)
    else:
        print(export.format_table(args.kind, records))
    return 0


def _load_hf_config(path: Path) -> Any:
    try:
        size = path.stat().st_size
    except OSError:
        raise UsageError(f"Cannot read '{path}': no such file.") from None
    if size > MAX_CONFIG_BYTES:
        raise UsageError(f"'{path}' is too large to be a config.json.")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise UsageError(f"'{path}' is not valid JSON, so it cannot be read as a "
                         f"config.json.") from None


def _estimate(args: argparse.Namespace) -> int:
    from planner.core.build import TrackedWorkload, estimate_for
    from planner.core.capability import refuses
    from planner.core.headroom import headroom
    from planner.core.hfconfig import workload_from_hf_config
    from planner.core.layouts import with_head
    from planner.core.lookup import find_gpu, find_workload
    from planner.core.memory import InferenceSetup, TrainingSetup
    from planner.core.speed import DEFAULT_BANDWIDTH_EFFICIENCY, DEFAULT_MFU
    from planner.core.views_compare import speed_unit, workload_speed

    catalog = None
    if args.hf_config is not None:
        workload = workload_from_hf_config(_load_hf_config(args.hf_config),
                                           name=args.hf_config.name, head=args.head)
    else:
        catalog = _store().catalog()
        workload = with_head(find_workload(catalog.workloads, args.model), args.head)
    for name in ("batch", "accumulation", "gpus"):
        if getattr(args, name) < 1:
            raise UsageError(f"--{name} must be a whole number of at least 1 "
                             f"(got {getattr(args, name)}).")
    if args.seq is not None and args.seq < 1:
        raise UsageError(f"--seq must be a whole number of at least 1 (got {args.seq}).")
    strategy = args.strategy or ("ddp" if args.task == "train" else "tp")
    if args.task == "train":
        precision = args.precision or "amp-bf16"
        if precision not in TRAINING_PRECISIONS:
            raise UsageError(f"'{precision}' is an inference precision; for training use one "
                             f"of {', '.join(TRAINING_PRECISIONS)}.")
        if args.int8_base and args.lora is None:
            raise UsageError("--int8-base quantizes the frozen base under LoRA; add --lora RANK.")
        from planner.core.activations import checkpoint_every

        if args.checkpointing is not None:  # bare --checkpointing means full
            checkpoint_every(args.checkpointing)  # one sentence for a malformed mode
        checkpointing, mode = args.checkpointing is not None, args.checkpointing or "full"
        rank = args.lora or args.qlora
        tracked = TrackedWorkload(workload, "train", training=TrainingSetup(
            precision=precision, optimizer=args.optimizer, batch=args.batch, seq=args.seq,
            checkpointing=checkpointing, checkpoint_mode=mode, accumulation=args.accumulation,
            attention=args.attention, gpus=args.gpus, strategy=strategy,
            lora_rank=rank, qlora=args.qlora is not None, lora_targets=args.lora_targets,
            adapter_dtype=args.adapter_dtype, double_quant=args.double_quant,
            int8_base=args.int8_base, optimizer_impl=args.optimizer_impl,
            optimizer_in_backward=args.optimizer_in_backward, loss=args.loss,
            offload=args.offload))
    else:
        precision = args.precision or "bf16"
        if precision not in QUANTIZATION_BYTES or precision == "nf4":
            raise UsageError(f"'{precision}' is a training recipe; for inference use fp32, "
                             f"fp16, bf16, fp8, int8 or int4.")
        tracked = TrackedWorkload(workload, "inference", inference=InferenceSetup(
            precision=precision, batch=args.batch, seq=args.seq, gpus=args.gpus,
            strategy=strategy))
    estimate = estimate_for(tracked, args.gpus)
    result: dict[str, Any] = {
        "model": workload.id,
        "head": workload.task_head,
        "task": args.task,
        "precision": precision,
        "gpus": args.gpus,
        "strategy": strategy,
        "parameters": estimate.parameters,
        "trainable_parameters": estimate.trainable_parameters,
        "total_bytes": estimate.total_bytes,
        "breakdown": estimate.breakdown(),
        "host_bytes": estimate.host_bytes,
        "peak_phase": estimate.peak_phase,
        "provenance": estimate.provenance,
        "error_band": estimate.error_band,
        "notes": [n.message for n in estimate.notes],
        "note_codes": [{"code": n.code, "params": dict(n.params)} for n in estimate.notes],
    }
    if args.gpu:
        catalog = catalog or _store().catalog()
        gpu = find_gpu(catalog.gpus, args.gpu)
        compute = (TRAINING_PRECISIONS[precision].compute if args.task == "train"
                   else None)
        arch = catalog.architecture(gpu.architecture)
        if compute and refuses(gpu, compute, arch):
            raise UsageError(f"{gpu.name} ({arch.name if arch else gpu.architecture}) has no "
                             f"{compute.upper()} tensor units; choose another --precision.")
        if args.reserve_mib < 0 or not math.isfinite(args.reserve_mib):
            raise UsageError("--reserve-mib must be 0 or more.")
        fit = headroom(estimate, gpu, int(args.reserve_mib * 1024**2))
        result.update(gpu=gpu.id, usable_bytes=fit.usable_bytes,
                      headroom_bytes=fit.headroom_bytes, verdict=fit.verdict)
        speed = workload_speed(tracked, gpu, args.gpus)
        if speed is None and compute and gpu.tensor_tflops(compute) is None:
            result["speed_unknown"] = f"no {compute.upper()} tensor figure on record for this card"
        result["speed"] = None if speed is None else {
            "per_second": speed, "unit": speed_unit(tracked),
            "assumes": (f"{DEFAULT_MFU:.0%} of peak dense tensor throughput (MFU)"
                        if args.task == "train" else
                        f"{DEFAULT_BANDWIDTH_EFFICIENCY:.0%} of memory bandwidth")}
    if args.json:
        _emit(result)
    else:
        _print_estimate(workload.name, result)
    return 0


def _print_estimate(name: str, r: dict[str, Any]) -> None:
    def _gib(n: float) -> str:
        return f"{n / 1024**3:,.2f} GiB"

    print(f"{name} ({r['head']}) — {r['task']}, {r['precision']}, {r['gpus']} GPU(s) "
          f"({r['strategy']})")
    print(f"  {'parameters':<22} {r['parameters']:,}")
    if r["trainable_parameters"] and r["trainable_parameters"] != r["parameters"]:
        print(f"  {'trainable':<22} {r['trainable_parameters']:,}")
    for key, value in r["breakdown"].items():
        print(f"  {key:<22} {_gib(value)}")
    print(f"  {'total per GPU':<22} {_gib(r['total_bytes'])}  (peak: {r['peak_phase']}, "
          f"±{r['error_band']:.0%} {r['provenance']})")
    if r["host_bytes"]:
        print(f"  {'host_bytes':<22} {_gib(r['host_bytes'])} of host RAM per GPU process")
    if "verdict" in r:
        print(f"  on {r['gpu']}: usable {_gib(r['usable_bytes'])}, headroom "
              f"{_gib(r['headroom_bytes'])} → {r['verdict']}")
    if r.get("speed"):
        s = r["speed"]
        print(f"  speed                  ~{s['per_second']:,.0f} {s['unit']} on {r['gpus']} "
              f"GPU(s) (assumes {s['assumes']})")
    if r.get("speed_unknown"):
        print(f"  speed                  unknown: {r['speed_unknown']}")
    for text in r["notes"]:
        print(f"  note: {text}")


def _rates() -> Rates:
    from planner.catalog.rates import load_rates

    return load_rates()


def _recommend(args: argparse.Namespace) -> int:
    from planner.core.build import TrackedWorkload
    from planner.core.lookup import find_workload
    from planner.core.memory import InferenceSetup, TrainingSetup
    from planner.core.money import check_currency
    from planner.core.recommend import recipe_summary, recommend

    catalog = _store().catalog()
    tracked = []
    for query in args.model:
        w = find_workload(catalog.workloads, query)
        if args.task == "train":
            setup = TrainingSetup(precision=args.precision or "amp-bf16",
                                  batch=args.batch or w.default_batch, seq=args.seq)
            tracked.append(TrackedWorkload(w, "train", training=setup))
        else:
            inf = InferenceSetup(precision=args.precision or "bf16", batch=args.batch or 1,
                                 seq=args.seq)
            tracked.append(TrackedWorkload(w, "inference", inference=inf))
    currency = check_currency(args.currency)
    rates = _rates()
    budget_usd = None
    if args.budget is not None:
        if not math.isfinite(args.budget) or args.budget <= 0:
            raise UsageError("--budget must be more than zero.")
        budget_usd = rates.convert(args.budget, currency, "USD")
    results = recommend(catalog.gpus, tracked, headroom=args.headroom, budget_usd=budget_usd,
                        objective=args.objective, architectures=catalog.architectures,
                        rates=rates)
    rows: list[dict[str, Any]] = [{
        "gpu": c.gpu.id, "name": c.gpu.name, "count": c.count,
        "strategies": list(c.strategies),
        "price": None if c.price_usd is None else round(
            rates.convert(c.price_usd, "USD", currency), 2),
        "currency": currency, "tdp_w": c.tdp_w, "worst_headroom": round(c.worst_headroom, 4),
    } for c in results]
    assumed = [recipe_summary(t) for t in tracked]
    if args.json:
        _emit({"candidates": rows, "assumptions": assumed, "rates_as_of": rates.as_of})
    elif not rows:
        print("No build of up to 8 identical GPUs in the catalog fits these workloads"
              + (" within the budget." if budget_usd else "."))
    else:
        from planner.core.money import format_money

        for r in rows:
            print(f"{r['count']}× {r['name']:<28} {format_money(r['price'], currency):>12}  "
                  f"{r['tdp_w']:>6.0f} W  headroom {r['worst_headroom']:.0%}  "
                  f"{'/'.join(r['strategies'])}")
        for line in assumed:
            print(f"  sized for {line}")
    return 0


def _energy(args: argparse.Namespace) -> int:
    from planner.core.energy import Usage, annual_energy, co2_kg, flat_tariff, tariff_cost
    from planner.core.lookup import find_gpu
    from planner.core.money import check_currency

    catalog = _store().catalog()
    gpu = find_gpu(catalog.gpus, args.gpu)
    if args.count < 1:
        raise UsageError(f"--count must be a whole number of at least 1 (got {args.count}).")
    usage = Usage(hours_per_day=args.hours_per_day, days_per_year=args.days,
                  utilization=args.utilization, pue=args.pue, host_watts=args.host_watts)
    energy = annual_energy([(gpu, args.count)], usage)
    currency = check_currency(args.currency)
    cost = None
    if args.tariff:
        tariff = next((t for t in catalog.tariffs if t.id == args.tariff), None)
        if tariff is None:
            raise UsageError(f"No tariff '{args.tariff}' in the catalog.")
        cost = _rates().convert(tariff_cost(tariff, energy.kwh_per_year), tariff.currency,
                                currency)
    elif args.price is not None:
        cost = tariff_cost(flat_tariff(args.price, currency), energy.kwh_per_year)
    co2 = None
    if args.carbon:
        grid = next((c for c in catalog.carbon if c.id == args.carbon), None)
        if grid is None:
            raise UsageError(f"No grid carbon region '{args.carbon}' in the catalog.")
        co2 = co2_kg(energy.kwh_per_year, grid.g_co2_per_kwh)
    result = {
        "gpu": gpu.id, "count": args.count,
        "kwh_per_year": round(energy.kwh_per_year, 3),
        "kwh_load_per_year": round(energy.kwh_load_per_year, 3),
        "kwh_idle_per_year": round(energy.kwh_idle_per_year, 3),
        "idle_power_known": energy.idle_known,
        "cost_per_year": None if cost is None else round(cost, 2),
        "currency": currency,
        "co2_kg_per_year": None if co2 is None else round(co2, 1),
    }
    if args.json:
        _emit(result)
    else:
        idle = (f"{result['kwh_idle_per_year']:,.0f} idle" if energy.idle_known
                or not usage.idle_when_not_running or usage.hours_per_day >= 24
                else "idle not counted: no source states its idle power")
        print(f"{args.count}× {gpu.name}: {result['kwh_per_year']:,.0f} kWh a year "
              f"({result['kwh_load_per_year']:,.0f} at load, {idle})")
        if cost is not None:
            print(f"  cost {cost:,.2f} {currency} a year")
        if co2 is not None:
            print(f"  {co2:,.0f} kg CO2 a year")
    return 0


def _check(args: argparse.Namespace) -> int:
    from planner.documents import DocumentError, load_document

    try:
        doc = load_document(args.file)
    except DocumentError as exc:
        raise UsageError(str(exc)) from None
    print(doc.summary())
    return 0


def _report(args: argparse.Namespace) -> int:
    from planner.documents import DocumentError, load_document
    from planner.report import write_pdf

    try:
        doc = load_document(args.file)
    except DocumentError as exc:
        raise UsageError(str(exc)) from None
    names = [n for n in (args.variants or "").split(",") if n.strip()] or None
    try:
        pages = write_pdf(doc, args.pdf, variants=names, paper=args.paper)
    except ValueError as exc:  # a variant name the file does not have: one sentence
        raise UsageError(str(exc)) from None
    print(f"Wrote {args.pdf} ({pages} page{'' if pages == 1 else 's'}, {args.paper})")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run(sys.argv[1:]))
