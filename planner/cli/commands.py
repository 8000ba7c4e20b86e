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
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from planner.cli.common import catalog_store, emit
from planner.cli.errors import UsageError
from planner.cli.options import build_parser
from planner.cli.text import count_of, energy_lines, estimate_lines, formatter, recommend_lines
from planner.core.records.precision import QUANTIZATION_BYTES, TRAINING_PRECISIONS, EstimateError

EXIT_USAGE = 2
MAX_CONFIG_BYTES = 1_000_000
_build_parser = build_parser  # the name tests and tools have imported


def run(args_list: Sequence[str]) -> int:
    """Run a command (or --help/--version); return the exit status."""
    try:
        args = build_parser().parse_args(list(args_list))
        return int(_dispatch(args) or 0)
    except (UsageError, EstimateError) as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # `gpu-planner … | head`: the reader has all it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:
        print(f"Could not read or write {exc.filename or 'a file'}: "
              f"{exc.strerror or exc}.", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130


def _dispatch(args: argparse.Namespace) -> int:
    handlers = {"catalog": _catalog, "estimate": _estimate, "recommend": _recommend,
                "energy": _energy, "runs": _runs, "check": _check, "report": _report,
                "show": _show, "team": _team, "prices": _prices, "serve": _serve}
    if args.command is None:
        raise UsageError("Name a command; see 'gpu-planner --help'")
    return handlers[args.command](args)


def _catalog(args: argparse.Namespace) -> int:
    from planner.catalog import export

    store = catalog_store()
    # An export lists every price record a card holds, not only those a price is chosen from.
    catalog = store.catalog_with_history() if args.kind == "gpus" else store.catalog()
    layers = store.layers() if args.kind == "gpus" else {}
    records = {
        "gpus": lambda: [{**export.gpu_record(g), "layer": layers[g.id].layer}
                         for g in catalog.gpus],
        "models": lambda: [export.workload_record(w) for w in catalog.workloads],
        "architectures": lambda: [export.architecture_record(a) for a in catalog.architectures],
        "tariffs": lambda: [export.tariff_record(t) for t in catalog.tariffs],
        "carbon": lambda: [export.carbon_record(c) for c in catalog.carbon],
        "cloud": lambda: [export.cloud_record(c) for c in catalog.cloud],
    }[args.kind]()
    if args.json:
        emit(records)
    else:
        print(export.format_table(args.kind, records))
    return 0


def _team(args: argparse.Namespace) -> int:
    from planner.cli.team import run as run_team

    return run_team(args, catalog_store())


def _prices(args: argparse.Namespace) -> int:
    from planner.cli.prices import run as run_prices

    return run_prices(args, catalog_store(), emit)


def _serve(args: argparse.Namespace) -> int:
    from planner.cli.serve import run_serve

    return run_serve(args)


def _runs(args: argparse.Namespace) -> int:
    from planner.cli.runs import command

    return command(args, catalog_store())


def _workload_key(tracked: Any, hf_config: Any) -> dict[str, Any]:
    """The ``workload`` key: the model, task and every setting, as a run record holds them."""
    from planner.documents.writer import plain

    setup = tracked.training if tracked.task == "train" else tracked.inference
    return {"model": None if hf_config is not None else tracked.workload.id,
            "hf_config": hf_config, "head": tracked.workload.task_head,
            "num_labels": tracked.workload.num_labels, "task": tracked.task,
            "training" if tracked.task == "train" else "inference": plain(setup)}


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
    from planner.core.estimator.headroom import headroom
    from planner.core.estimator.memory import InferenceSetup, TrainingSetup
    from planner.core.estimator.speed import DEFAULT_BANDWIDTH_EFFICIENCY, DEFAULT_MFU
    from planner.core.models.hfconfig import workload_from_hf_config
    from planner.core.models.layouts import with_head
    from planner.core.plan.build import TrackedWorkload, estimate_for
    from planner.core.records.capability import refuses
    from planner.core.records.lookup import find_gpu, find_workload
    from planner.core.views.compare import speed_unit, workload_speed
    from planner.core.views.links import link_use

    catalog, hf_config = None, None
    if args.calibrated and not args.gpu:
        raise UsageError("--calibrated needs --gpu: calibration is per GPU model, from your "
                         "runs measured on it.")
    if args.hf_config is not None:
        hf_config = _load_hf_config(args.hf_config)
        workload = workload_from_hf_config(hf_config, name=args.hf_config.name, head=args.head)
    else:
        catalog = catalog_store().catalog()
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
        from planner.core.estimator.activations import checkpoint_every

        if args.checkpointing is not None:  # bare --checkpointing means full
            checkpoint_every(args.checkpointing)  # one sentence for a malformed mode
        checkpointing, mode = args.checkpointing is not None, args.checkpointing or "full"
        if args.target_seq is not None and workload.family != "encoder-decoder":
            raise UsageError(f"--target-seq sizes an encoder-decoder model's decoder; "
                             f"{workload.name} is not one, so use --seq alone.")
        if args.kbit_prep and args.qlora is None:
            raise UsageError("--kbit-prep prepares a 4-bit base for QLoRA; add --qlora RANK.")
        rank = args.lora or args.qlora
        tracked = TrackedWorkload(workload, "train", training=TrainingSetup(
            precision=precision, optimizer=args.optimizer, batch=args.batch, seq=args.seq,
            checkpointing=checkpointing, checkpoint_mode=mode, accumulation=args.accumulation,
            attention=args.attention, gpus=args.gpus, strategy=strategy,
            lora_rank=rank, qlora=args.qlora is not None, lora_targets=args.lora_targets,
            adapter_dtype=args.adapter_dtype, double_quant=args.double_quant,
            int8_base=args.int8_base, optimizer_impl=args.optimizer_impl,
            optimizer_in_backward=args.optimizer_in_backward, loss=args.loss,
            offload=args.offload, target_seq=args.target_seq,
            activation_offloading=args.activation_offloading, stack=args.stack,
            kbit_prep=args.kbit_prep, reduce_bucket_size=args.zero_reduce_bucket,
            prefetch_bucket_size=args.zero_prefetch_bucket,
            max_live_parameters=args.zero_max_live, max_reuse_distance=args.zero_reuse_distance,
            sub_group_size=args.zero_sub_group, overlap_comm=args.zero_overlap_comm,
            lengths=args.lengths, expandable_segments=args.expandable_segments))
    else:
        precision = args.precision or "bf16"
        if precision not in QUANTIZATION_BYTES or precision == "nf4":
            raise UsageError(f"'{precision}' is a training recipe; for inference use fp32, "
                             f"fp16, bf16, fp8, int8 or int4.")
        tracked = TrackedWorkload(workload, "inference", inference=InferenceSetup(
            precision=precision, batch=args.batch, seq=args.seq, gpus=args.gpus,
            strategy=strategy, group_size=args.group_size, cache=args.cache))
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
        "workload": _workload_key(tracked, hf_config),
    }
    gpu_name = None
    if args.gpu:
        catalog = catalog or catalog_store().catalog()
        gpu = find_gpu(catalog.gpus, args.gpu)
        gpu_name = gpu.name
        compute = (TRAINING_PRECISIONS[precision].compute if args.task == "train"
                   else None)
        arch = catalog.architecture(gpu.architecture)
        if compute and refuses(gpu, compute, arch):
            raise UsageError(f"{gpu.name} ({arch.name if arch else gpu.architecture}) has no "
                             f"{compute.upper()} tensor units; choose another --precision.")
        if args.reserve_mib < 0 or not math.isfinite(args.reserve_mib):
            raise UsageError("--reserve-mib must be 0 or more.")
        if args.calibrated:
            from planner.cli.runs import calibrate

            estimate = calibrate(catalog_store(), estimate, gpu, result, tracked)
        fit = headroom(estimate, gpu, int(args.reserve_mib * 1024**2))
        result.update(gpu=gpu.id, usable_bytes=fit.usable_bytes,
                      headroom_bytes=fit.headroom_bytes, verdict=fit.verdict)
        speed = workload_speed(tracked, gpu, args.gpus)
        if speed is None and compute and gpu.tensor_tflops(compute) is None:
            result["speed_unknown"] = f"no {compute.upper()} tensor figure on record for this card"
        share = formatter().percent
        result["speed"] = None if speed is None else {
            "per_second": speed, "unit": speed_unit(tracked),
            "assumes": (f"{share(DEFAULT_MFU)} of peak dense tensor throughput (MFU)"
                        if args.task == "train" else
                        f"{share(DEFAULT_BANDWIDTH_EFFICIENCY)} of memory bandwidth")}
        use = link_use(tracked, gpu, args.gpus) if speed is not None else None
        if use is not None:
            result["link"] = {"kind": use.kind, "name": use.name, "lanes_split": use.lanes_split,
                              "bus_gbs": use.bus_gbs, "waiting_share": use.waiting_share}
    if args.json:
        emit(result)
    else:
        print("\n".join(estimate_lines(workload.name, gpu_name, result)))
    return 0


def _recommend(args: argparse.Namespace) -> int:
    from planner.cli.show import unit_price_json
    from planner.core.costs.money import check_currency
    from planner.core.estimator.memory import InferenceSetup, TrainingSetup
    from planner.core.plan.build import TrackedWorkload
    from planner.core.plan.recommend import MAX_COUNT, recipe_summary, recommend
    from planner.core.records.lookup import find_workload

    catalog = catalog_store().catalog()
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
    from planner.catalog.rates import bundled_rates

    fmt, rates = formatter(currency), bundled_rates()
    if args.budget is not None and (not math.isfinite(args.budget) or args.budget <= 0):
        raise UsageError("--budget must be more than zero.")
    results = recommend(catalog.gpus, tracked, headroom=args.headroom, budget=args.budget,
                        objective=args.objective, architectures=catalog.architectures,
                        rates=rates, basis=args.basis, currency=currency)
    rows: list[dict[str, Any]] = [{
        "gpu": c.gpu.id, "name": c.gpu.name, "count": c.count,
        "strategies": list(c.strategies),
        "price": None if c.price is None else round(c.price, 2),
        "unit_price": unit_price_json(c.unit_price),
        "currency": currency, "tdp_w": c.tdp_w, "worst_headroom": round(c.worst_headroom, 4),
        "server": c.server,
        "warnings": [{"code": w.code, "text": w.message} for w in c.warnings],
    } for c in results]
    assumed = [recipe_summary(t) for t in tracked]
    if not rows:
        # Nothing to recommend is a failed request, not an empty success (docs/cli.md).
        remedy = (f" within a budget of {fmt.money(args.budget)}; raise --budget or lower "
                  f"--headroom" if args.budget else
                  "; try a smaller --batch or --seq, or a lower --precision")
        raise UsageError(f"No build of up to {MAX_COUNT} identical GPUs in the catalog fits "
                         f"these workloads{remedy}.")
    if args.json:
        emit({"candidates": rows, "assumptions": assumed, "rates_as_of": rates.as_of})
    else:
        print("\n".join(recommend_lines(rows, assumed, fmt)))
    return 0


def _energy(args: argparse.Namespace) -> int:
    """A year of one GPU model's electricity through the energy panel's own view."""
    from planner.catalog.rates import bundled_rates
    from planner.cli.show import energy_json, rental_lines
    from planner.core.costs.energy import Usage
    from planner.core.costs.money import check_currency
    from planner.core.plan.build import Build, BuildSlot, CostSettings
    from planner.core.records.lookup import find_gpu
    from planner.core.views.energy import energy_view

    catalog = catalog_store().catalog()
    gpu = find_gpu(catalog.gpus, args.gpu)
    if args.count < 1:
        raise UsageError(f"--count must be a whole number of at least 1 (got {args.count}).")
    if not 1 <= args.years <= 50:
        raise UsageError(f"--years must be a whole number from 1 to 50 (got {args.years}).")
    currency = check_currency(args.currency)
    if args.tariff and all(t.id != args.tariff for t in catalog.tariffs):
        raise UsageError(f"No tariff '{args.tariff}' in the catalog; "
                         "'gpu-planner catalog tariffs' lists them.")
    if args.carbon and all(c.id != args.carbon for c in catalog.carbon):
        raise UsageError(f"No grid carbon region '{args.carbon}' in the catalog; "
                         "'gpu-planner catalog carbon' lists them.")
    if args.rent and all(c.id != args.rent for c in catalog.cloud):
        raise UsageError(f"No cloud offer '{args.rent}' in the catalog; "
                         "'gpu-planner catalog cloud' lists them.")
    usage = Usage(hours_per_day=args.hours_per_day, days_per_year=args.days,
                  utilization=args.utilization, idle_when_not_running=not args.no_idle,
                  host_watts=args.host_watts, psu_efficiency=args.psu_efficiency, pue=args.pue,
                  base_kwh_per_year=args.base_kwh)
    cost = CostSettings(currency=currency, tariff_id=args.tariff or None,
                        price_per_kwh=None if args.tariff else args.price,
                        carbon_id=args.carbon or None, years=args.years,
                        cloud_instance_id=args.rent or None, rent_any_kind=args.any_rental)
    build = Build(name="", slots=(BuildSlot(gpu, args.count),), usage=usage, cost=cost)
    rates = bundled_rates()
    view = energy_view(build, catalog, rates)
    if view.error:
        raise UsageError(view.error)
    assert view.total is not None
    total = view.total
    result = {
        "gpu": gpu.id, "count": args.count,
        **energy_json(view, usage),
        "idle_power_known": view.idle_known,
        "cost_per_year": None if total.cost_per_year is None else round(total.cost_per_year, 2),
        "currency": currency,
    }
    if args.json:
        emit(result)
    else:
        fmt = formatter(currency)
        idle = (f"{fmt.energy(total.kwh_idle_per_year)} idle" if total.idle_counted
                else "idle not counted: no source states its idle power")
        print("\n".join([*energy_lines(gpu.name, args.count, result, idle, fmt),
                          *rental_lines(view, fmt)]))
    return 0


def _show(args: argparse.Namespace) -> int:
    """Each variant of a file as the panels show it (docs/cli.md lists the JSON keys)."""
    from planner.catalog.api_prices import load_api_prices
    from planner.catalog.rates import bundled_rates
    from planner.cli.show import show_lines, variant_json
    from planner.core.plan.study import study_title
    from planner.core.views.show import study_figures
    from planner.documents import DocumentError, load_document

    try:
        doc = load_document(args.file)
    except DocumentError as exc:
        raise UsageError(str(exc)) from None
    from planner.cli.runs import run_book

    store = catalog_store()
    catalog = store.catalog()
    rates = bundled_rates()
    try:
        figures = study_figures(doc.study, catalog, rates,
                                [args.variant] if args.variant else None, runs=run_book(store),
                                apis=load_api_prices())
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        emit({"name": doc.study.name, "title": study_title(doc.study),
               "currency": doc.study.cost.currency, "rates_as_of": rates.as_of,
               "variants": [variant_json(v) for v in figures]})
    else:
        print(study_title(doc.study))
        print("\n".join(show_lines(figures, formatter(doc.study.cost.currency))))
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
    from planner.report import ensure_gui_app, write_pdf
    from planner.translations import install_translators

    try:
        doc = load_document(args.file)
    except DocumentError as exc:
        raise UsageError(str(exc)) from None
    names = [n for n in (args.variants or "").split(",") if n.strip()] or None
    translators = install_translators(ensure_gui_app(), flag=args.lang)  # kept alive to the end
    try:
        pages = write_pdf(doc, args.pdf, variants=names, paper=args.paper)
    except ValueError as exc:  # a variant name the file does not have: one sentence
        raise UsageError(str(exc)) from None
    print(f"Wrote {args.pdf} ({count_of(pages, 'page', 'pages')}, {args.paper})")
    del translators
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run(sys.argv[1:]))
