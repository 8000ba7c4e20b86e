"""Evidence for the catalog's coverage: figures filled per segment, prices by kind and age.

Reads a ``data/`` folder through the app's own loader (default: the bundled one) and prints two
plain tables:

    python tools/catalog_counts.py [--data DIR] [--today YYYY-MM-DD]

Counts are of cards whose record states the figure (a left-out key is "not on record").
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from collections import Counter
from pathlib import Path

from planner.catalog.datafiles import load_catalog
from planner.core.costs.prices import PRICE_KINDS

SEGMENTS = ("consumer", "workstation", "datacenter")
FIELDS = ("fp32_tflops", "fp16_tensor_tflops", "bf16_tensor_tflops", "fp8_tensor_tflops",
          "int8_tensor_tops", "fp4_tensor_tflops", "idle_w", "memory_bus_bits",
          "interconnect_bandwidth_gbs", "launch_year")
AGES = (("< 6 months", 183), ("6-18 months", 548), ("18 months - 3 years", 1096),
        ("> 3 years", None))


def _age_bucket(as_of: str, today: dt.date) -> str:
    days = (today - dt.date.fromisoformat(as_of)).days
    for label, limit in AGES:
        if limit is None or days < limit:
            return label
    return AGES[-1][0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, help="data folder (default: bundled)")
    parser.add_argument("--today", type=dt.date.fromisoformat, default=dt.date.today())
    args = parser.parse_args(argv)
    catalog = load_catalog(args.data)
    by_segment = {s: [g for g in catalog.gpus if g.segment == s] for s in SEGMENTS}
    width = max(len(f) for f in (*FIELDS, "prices (any)"))
    print(f"catalog {catalog.version}: {len(catalog.gpus)} GPUs")
    print(f"{'field':<{width}}  " + "  ".join(f"{s} ({len(by_segment[s])})".rjust(18)
                                             for s in SEGMENTS))
    rows = [(f, lambda g, f=f: getattr(g, f) is not None) for f in FIELDS]
    rows.append(("prices (any)", lambda g: bool(g.prices)))
    rows += [(f"price: {k}", lambda g, k=k: any(p.kind == k for p in g.prices))
             for k in PRICE_KINDS]
    rows.append(("price in CNY", lambda g: any(p.currency == "CNY" for p in g.prices)))
    for label, has in rows:
        cells = [f"{sum(1 for g in by_segment[s] if has(g))}/{len(by_segment[s])}"
                 for s in SEGMENTS]
        print(f"{label:<{width}}  " + "  ".join(c.rjust(18) for c in cells))
    print()
    records = [p for g in catalog.gpus for p in g.prices]
    counts = Counter((p.kind, _age_bucket(p.as_of, args.today)) for p in records)
    kept = Counter(p.kind for p in records if p.kept_because)
    print(f"{len(records)} price records, age on {args.today}:")
    print(f"{'kind':<10}" + "".join(label.rjust(22) for label, _ in AGES) + "    kept_because")
    for kind in PRICE_KINDS:
        print(f"{kind:<10}" + "".join(str(counts[(kind, label)]).rjust(22)
                                      for label, _ in AGES) + f"{kept[kind]:>16}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
