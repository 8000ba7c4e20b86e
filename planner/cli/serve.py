"""``gpu-planner serve``: how many users a build carries, how fast, and what a million tokens costs.

Prints :func:`~planner.core.views.serving.serving_figures`, the figures the serving panel, the
sheet and ``show --json`` print. A build comes from ``--gpu``/``--count`` (with the energy
command's money assumptions) or from a ``.gpubuild`` file (its own assumptions and, when it keeps
one, its serving settings, which the flags given here override).
"""

from __future__ import annotations

import argparse
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from planner.core.estimator.serving import KV_CHOICES, SPLITS, ServingSetup
from planner.core.estimator.serving_engines import ENGINES
from planner.core.records.precision import QUANTIZATION_BYTES

WEIGHTS = tuple(k for k in QUANTIZATION_BYTES if k != "nf4")


def add_parser(sub: Any) -> None:
    """The ``serve`` subcommand's options (docs/cli.md lists them)."""
    sv = sub.add_parser("serve", help="serve a model: users, speed, cost per million tokens",
                        description="How many users a build's memory holds at the stated "
                                    "prompt and output lengths, the speed each gets, the "
                                    "knee past which more users add little, and a million "
                                    "output tokens owned, rented and from APIs.")
    sv.add_argument("file", type=Path, nargs="?", help="a .gpubuild file (else --gpu)")
    sv.add_argument("--variant", metavar="NAME", help="the file's variant (default: active)")
    sv.add_argument("--model", help="a catalog model id (default: the file's serving model)")
    sv.add_argument("--gpu", help="a catalog GPU id or name (without a file)")
    sv.add_argument("--count", type=int, default=1, help="how many GPUs (default: %(default)s)")
    sv.add_argument("--engine", choices=tuple(ENGINES), help="serving engine (default: vllm)")
    sv.add_argument("--weights", choices=WEIGHTS, help="weight precision (default: bf16)")
    sv.add_argument("--kv", choices=KV_CHOICES, help="KV cache precision (default: auto, the "
                                                    "model's 16-bit)")
    sv.add_argument("--prompt", type=int, help="prompt tokens per request (default: 1000)")
    sv.add_argument("--output", type=int, help="output tokens per request (default: 500)")
    who = sv.add_mutually_exclusive_group()
    who.add_argument("--users", type=int, help="users asking at once (default: as many as fit)")
    who.add_argument("--target", type=float, metavar="TOK/S",
                     help="per-user tokens/s to meet: the most users that still get it")
    sv.add_argument("--gpus", type=int, help="GPUs per copy of the model (default: all)")
    sv.add_argument("--split", choices=SPLITS, help="tensor (tp) or pipeline (pp) parallel "
                                                    "(default: tp)")
    sv.add_argument("--memory-share", type=float, dest="fraction", metavar="F",
                    help="the engine's memory knob: vLLM gpu_memory_utilization (0.9), SGLang "
                         "mem_fraction_static (0.85), TensorRT-LLM free_gpu_memory_fraction "
                         "(0.9)")
    sv.add_argument("--batched-tokens", type=int, dest="batched_tokens",
                    help="vLLM max_num_batched_tokens for its profiling pass (default: vLLM's "
                         "for the card)")
    sv.add_argument("--currency", default=None, help="USD, CNY or EUR (default: the file's, "
                                                     "else USD)")
    sv.add_argument("--hours-per-day", type=float, default=None,
                    help="hours a day serving (default: the file's, else 10)")
    sv.add_argument("--years", type=int, default=None,
                    help="years the build is paid off over (default: the file's, else 3)")
    sv.add_argument("--price", type=float, help="electricity price per kWh, in --currency")
    sv.add_argument("--json", action="store_true", help="one JSON object instead of text")


def setup_from(args: argparse.Namespace, base: ServingSetup) -> ServingSetup:
    """``base`` with every setting the command line states."""
    given = {f.name: getattr(args, f.name) for f in fields(ServingSetup)
             if getattr(args, f.name, None) is not None}
    if given.get("users") is not None:
        given["target"] = None
    if given.get("target") is not None:
        given["users"] = None
    return replace(base, **given)


def _build_and_choice(args: argparse.Namespace, catalog: Any) -> tuple[Any, str, ServingSetup]:
    """The build to serve on, the model id and the serving setup the arguments name."""
    from planner.cli.errors import UsageError
    from planner.core.costs.money import check_currency
    from planner.core.plan.build import Build, BuildSlot
    from planner.core.plan.serving_settings import serving_of
    from planner.core.records.lookup import find_gpu

    if args.file is not None:
        from planner.documents import DocumentError, load_document

        try:
            doc = load_document(args.file)
        except DocumentError as exc:
            raise UsageError(str(exc)) from None
        study = doc.study
        index = study.index_of(args.variant) if args.variant else None
        if args.variant and index is None:
            raise UsageError(f"This build has no variant called {args.variant}; its variants "
                             f"are {', '.join(study.names())}.")
        build = study.build(index)
        choice = serving_of(build)
        model_id = args.model or (choice.model_id if choice else None)
        base = choice.setup if choice else ServingSetup()
    else:
        if not args.gpu:
            raise UsageError("Name a .gpubuild file or a GPU with --gpu.")
        if args.count < 1:
            raise UsageError(f"--count must be a whole number of at least 1 (got {args.count}).")
        build = Build(slots=(BuildSlot(find_gpu(catalog.gpus, args.gpu), args.count),))
        model_id, base = args.model, ServingSetup()
    if not model_id:
        raise UsageError("Name the model to serve with --model (a catalog id; "
                         "'gpu-planner catalog models' lists them).")
    cost, usage = build.cost, build.usage
    if args.currency is not None:
        cost = replace(cost, currency=check_currency(args.currency),
                       price_per_kwh_currency=check_currency(args.currency))
    if args.years is not None:
        if not 1 <= args.years <= 50:
            raise UsageError(f"--years must be a whole number from 1 to 50 (got {args.years}).")
        cost = replace(cost, years=args.years)
    if args.price is not None:
        cost = replace(cost, tariff_id=None, price_per_kwh=args.price,
                       price_per_kwh_currency=cost.currency)
    if args.hours_per_day is not None:
        usage = replace(usage, hours_per_day=args.hours_per_day)
    return replace(build, cost=cost, usage=usage), model_id, setup_from(args, base)


def run_serve(args: argparse.Namespace) -> int:
    """Print the serving view of a build (text, or JSON with --json)."""
    from planner.catalog.api_prices import load_api_prices
    from planner.catalog.rates import bundled_rates
    from planner.cli.common import catalog_store, emit
    from planner.cli.errors import UsageError
    from planner.cli.text import formatter
    from planner.core.plan.serving_settings import served_model
    from planner.core.records.lookup import find_workload
    from planner.core.views.serving import serving_figures, serving_view

    catalog = catalog_store().catalog()
    build, model_id, setup = _build_and_choice(args, catalog)
    model = served_model(build, catalog, model_id) or find_workload(catalog.workloads, model_id)
    view = serving_view(build, catalog, bundled_rates(), model, setup, load_api_prices())
    if view.error:
        raise UsageError(view.error)
    figures = serving_figures(view)
    if args.json:
        emit(figures)
    else:
        print("\n".join(serve_lines(figures, formatter(build.cost.currency))))
    return 0


def serve_lines(f: dict[str, Any], fmt: Any) -> list[str]:
    """The text the command prints: the figures, each with what bounds it."""
    from planner.core.views.serving import BOUND_ENGLISH

    cap: dict[str, Any] = f["capacity"]
    gib = 1024**3
    lines = [f"{f['model']} on {f['gpus_per_copy']} x {f['gpu']} per copy "
             f"({f['copies']} {'copy' if f['copies'] == 1 else 'copies'}), {f['engine']}, "
             f"weights {f['weights']}, KV {f['kv']}",
             f"  request             {f['prompt']:,} prompt + {f['output']:,} output tokens",
             f"  per GPU             {cap['weights_bytes_per_gpu'] / gib:.1f} GiB weights, "
             f"{cap['kv_bytes_per_gpu'] / gib:.1f} GiB KV cache "
             f"({cap['kv_tokens']:,} tokens in all)",
             f"  users at once       {cap['max_users']:,} (bound: {BOUND_ENGLISH[cap['bound']]})"]
    for key, label in (("at", "served"), ("knee", "knee")):
        load = f.get(key)
        if not load:
            continue
        ttft = "saturated" if load["saturated"] else f"{load['ttft_s']:.2f} s to first token"
        lines.append(f"  {label:<19} {load['users']:,} users: {load['per_user_tokens_per_s']:.1f} "
                     f"tokens/s each, {load['aggregate_tokens_per_s']:,.0f} in all, {ttft} "
                     f"(bound: {BOUND_ENGLISH[load['bound']]})")
    if f.get("users_queued"):
        lines.append(f"  waiting             {f['users_queued']:,} users do not fit and queue")
    cost = f.get("cost")
    if cost:
        def money(x: float | None) -> str:
            return "no price on record" if x is None else fmt.money(x, cost["currency"])

        lines.append(f"  per million output  own {money(cost['own_per_million'])} (hardware "
                     f"{money(cost['own_hardware_per_million'])} + electricity "
                     f"{money(cost['own_power_per_million'])}), rent "
                     f"{money(cost['rent_per_million'])}")
        for api in cost["apis"]:
            lines.append(f"  {'':<19} {api['provider']} {api['model']}: "
                         f"{money(api['output_per_million'])} ({api['as_of']})")
    return lines
