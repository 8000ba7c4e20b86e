"""``gpu-planner prices …``: apply a price pack to the catalog, take it back, list what is applied.

``update FILE|URL`` reads and checks the pack, prints what it would change (readings added,
changed and removed per card, and each default price that moves, in ``--currency``) and applies
it when ``--yes`` is given or the answer to the question is yes; ``--dry-run`` only prints.
``undo`` takes the newest applied pack back; ``list`` names the packs applied. The text is the
app's (``planner/words/price_book.py``); ``--json`` is English data. Errors: one sentence, exit 2
(docs/cli.md).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from planner.cli.errors import UsageError
from planner.languages import CODES


def add_parser(sub: Any) -> None:
    """The ``prices`` command and its three actions."""
    prices = sub.add_parser("prices", help="update the catalog's prices from a price pack, or "
                                           "undo an update")
    prices.add_argument("--lang", choices=CODES, help=(
        "the language of the text (not of --json), over GPU_PLANNER_LOCALE and the system's"))
    actions = prices.add_subparsers(dest="action", required=True, parser_class=type(prices))
    update = actions.add_parser(
        "update", help="show what a price pack changes, then apply it",
        description="Reads a price pack (a file, or an http, https or file address), prints "
                    "what it changes and applies it when confirmed. Nothing is applied when "
                    "the pack is damaged, cut short or altered.")
    update.add_argument("source", metavar="FILE|URL", help="the price pack")
    update.add_argument("--yes", action="store_true", help="apply without asking")
    update.add_argument("--dry-run", action="store_true", help="only print what would change")
    update.add_argument("--currency", default="USD",
                        help="USD, CNY or EUR, for the default prices (default: %(default)s)")
    update.add_argument("--timeout", type=float, default=30.0,
                        help="seconds a server may stay silent (default: %(default)s)")
    update.add_argument("--json", action="store_true", help="one JSON object instead of text")
    actions.add_parser("undo", help="take the newest applied price pack back")
    listing = actions.add_parser("list", help="the price packs applied to your catalog")
    listing.add_argument("--json", action="store_true", help="one JSON list instead of text")


def _picked(p: Any) -> dict[str, Any] | None:
    if p is None:
        return None
    return {"amount": p.amount, "currency": p.currency, "kind": p.kind, "as_of": p.as_of}


def _diff_json(pack: Any, diff: Any, applied: bool) -> dict[str, Any]:
    from planner.catalog.records import to_record

    return {
        "pack": {"name": pack.name, "as_of": pack.as_of, "sha256": pack.sha256,
                 "catalog_version": pack.catalog_version, "readings": pack.count},
        "applied": applied,
        "cards": [{"gpu_id": c.gpu_id, "name": c.name,
                   "added": [to_record(p) for p in c.delta.added],
                   "changed": [[to_record(o), to_record(n)] for o, n in c.delta.changed],
                   "removed": [to_record(p) for p in c.delta.removed],
                   "prices": [{"basis": ch.basis, "before": _picked(ch.before),
                               "after": _picked(ch.after)} for ch in c.changes]}
                  for c in diff.cards],
        "unchanged": diff.unchanged,
        "left_out": list(diff.left_out),
    }


def _confirmed() -> bool:
    if not sys.stdin.isatty():
        return False
    from planner.words.price_book import PriceBookText

    answer = input(PriceBookText.tr("Apply these changes? [y/N] "))
    return answer.strip().lower() in ("y", "yes")


def _update(args: argparse.Namespace, store: Any, emit: Any) -> int:
    from planner.catalog.price_book import apply_pack, preview
    from planner.catalog.price_pack import PackError, read_pack
    from planner.catalog.rates import bundled_rates
    from planner.cli.text import formatter
    from planner.core.costs.money import CURRENCIES
    from planner.words import price_book as words
    from planner.words.price_book import PriceBookText

    currency = args.currency.upper()
    if currency not in CURRENCIES:
        raise UsageError(f"--currency {args.currency} is not one of {', '.join(CURRENCIES)}.")
    try:
        pack = read_pack(args.source, timeout=args.timeout)
    except PackError as exc:
        raise UsageError(words.error_sentence(exc)) from None
    rates = bundled_rates()
    diff = preview(store.engine, pack, currency, rates)
    apply = not args.dry_run and not diff.empty
    if not args.json:
        print("\n".join(words.diff_lines(pack.name, pack.as_of, pack.count, diff,
                                         formatter(currency))))
    if apply and store.path is None:
        raise UsageError(words.memory_only())
    if apply and not args.yes:
        apply = _confirmed()
        if not apply and not args.json:
            print(PriceBookText.tr("Nothing was applied; run again with --yes to apply."))
    if apply:
        try:
            info, diff = apply_pack(store.engine, pack, currency, rates)
        except PackError as exc:
            raise UsageError(words.error_sentence(exc)) from None
        if info is not None and not args.json:
            print(words.applied_sentence(info.name, info.cards))
        apply = info is not None
    if args.json:
        emit(_diff_json(pack, diff, apply))
    return 0


def run(args: argparse.Namespace, store: Any, emit: Any) -> int:
    """Run one ``prices`` action over the opened local catalog, in the user's language."""
    from planner.cli.common import language

    with language(getattr(args, "lang", None)):
        return _action(args, store, emit)


def _action(args: argparse.Namespace, store: Any, emit: Any) -> int:
    from planner.catalog.price_book import applied_packs, undo_pack
    from planner.words import price_book as words
    from planner.words.price_book import PriceBookText

    if args.action == "update":
        return _update(args, store, emit)
    if args.action == "undo":
        from planner.catalog.price_pack import PackError

        try:
            info = undo_pack(store.engine)
        except PackError as exc:
            raise UsageError(words.error_sentence(exc)) from None
        if info is None:
            raise UsageError(words.nothing_to_undo())
        print(words.undone_sentence(info.name, info.cards))
        return 0
    packs = applied_packs(store.engine)
    if args.json:
        emit([{"name": p.name, "as_of": p.as_of, "sha256": p.sha256, "source": p.source,
               "applied_at": p.applied_at, "cards": p.cards} for p in packs])
    elif not packs:
        print(PriceBookText.tr("No price pack is applied."))
    else:
        for p in packs:
            print(words.applied_line(p.name, p.as_of, p.applied_at))
    return 0
