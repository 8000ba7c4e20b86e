"""Build a price pack from ``data/`` (docs/data-format.md, "Price packs").

Why: a release of prices must be reproducible. The pack is ``data/prices.toml``'s readings,
re-written in one order of keys behind a ``[pack]`` header with their SHA-256, dated by the newest
reading and named after ``data/VERSION``: the same folder always gives the same bytes, and
``gpu-planner prices update`` refuses a pack whose readings no longer match that checksum.

    python tools/make_price_pack.py --out prices-2026.12.03-5.toml
    python tools/make_price_pack.py --data path/to/data --name "Lab prices" --as-of 2026-12-07
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    """Write the pack (to ``--out`` or standard output); one sentence and exit 2 on a bad folder."""
    sys.path.insert(0, str(ROOT))
    from planner.catalog.price_pack import build_pack_text
    from planner.catalog.version import DataFileError

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT / "data", help="the data folder")
    parser.add_argument("--out", type=Path, help="the pack file to write (default: stdout)")
    parser.add_argument("--name", help="the pack's name (default: after data/VERSION)")
    parser.add_argument("--as-of", help="the pack's date (default: its newest reading's)")
    args = parser.parse_args(argv)
    try:
        text = build_pack_text(args.data, name=args.name, as_of=args.as_of)
    except DataFileError as exc:
        print(exc.message, file=sys.stderr)
        return 2
    if args.out is None:
        sys.stdout.write(text)
    else:
        args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
