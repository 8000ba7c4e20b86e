"""Dev-only sanity check for data/prices.toml (the catalog loader does the official validation).

Why: the price researcher edits the file by hand from many sources; this catches a wrong gpu_id,
a missing key, a bad kind/currency/date or a stale record without `kept_because` before the
loader's tests run, and prints the coverage counts the issue asks for.
"""

from __future__ import annotations

import datetime as dt
import sys
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REQUIRED = ("gpu_id", "amount", "currency", "as_of", "kind", "region", "source")
OPTIONAL = ("note", "kept_because")
KINDS = {"msrp", "list", "street", "estimate", "used"}
CURRENCIES = {"USD", "CNY", "EUR"}
STALE_DAYS = 548  # 18 months, roughly; the loader's rule decides exactly


def months_before(today: dt.date, months: int) -> dt.date:
    """Return the same day `months` calendar months before `today` (clamped to month end)."""
    y, m = divmod(today.year * 12 + today.month - 1 - months, 12)
    m += 1
    for day in (today.day, 30, 29, 28):
        try:
            return dt.date(y, m, day)
        except ValueError:
            continue
    raise AssertionError("unreachable")


def main() -> int:
    """Check the file, print counts, return a non-zero exit status on any problem."""
    gpus: dict[str, str] = {}
    for path in sorted((ROOT / "data" / "gpus").glob("*.toml")):
        for g in tomllib.loads(path.read_text(encoding="utf-8")).get("gpu", []):
            gpus[g["id"]] = g.get("segment", "?")
    records = tomllib.loads((ROOT / "data" / "prices.toml").read_text(encoding="utf-8"))["price"]
    today = dt.date.today()
    cut6, cut18 = months_before(today, 6), months_before(today, 18)
    problems: list[str] = []
    warnings: list[str] = []
    by_kind: Counter[str] = Counter()
    by_cur: Counter[str] = Counter()
    by_age: Counter[str] = Counter()
    priced: dict[str, set[str]] = {}
    seen: set[tuple[object, ...]] = set()
    for i, r in enumerate(records, 1):
        where = f"record {i} ({r.get('gpu_id', '?')})"
        for name in REQUIRED:
            if name not in r:
                problems.append(f"{where}: missing {name}")
        for name in r:
            if name not in REQUIRED + OPTIONAL:
                problems.append(f"{where}: unknown key {name}")
        if r.get("gpu_id") not in gpus:
            problems.append(f"{where}: unknown gpu_id")
        amount = r.get("amount")
        if not isinstance(amount, (int, float)) or isinstance(amount, bool) or amount <= 0:
            problems.append(f"{where}: amount must be a positive number")
        if r.get("kind") not in KINDS:
            problems.append(f"{where}: bad kind {r.get('kind')!r}")
        if r.get("currency") not in CURRENCIES:
            problems.append(f"{where}: bad currency {r.get('currency')!r}")
        region = r.get("region", "")
        if not (region == "global" or (len(region) == 2 and region.isupper())):
            problems.append(f"{where}: bad region {region!r}")
        src = r.get("source", "")
        if "http" not in src:
            warnings.append(f"{where}: source has no URL")
        try:
            as_of = dt.date.fromisoformat(str(r.get("as_of")))
        except ValueError:
            problems.append(f"{where}: as_of {r.get('as_of')!r} is not YYYY-MM-DD")
            continue
        if as_of > today:
            problems.append(f"{where}: as_of in the future")
        if as_of < cut18:
            by_age["older (kept_because)"] += 1
            if not str(r.get("kept_because", "")).strip():
                problems.append(f"{where}: as_of {as_of} older than 18 months without kept_because")
        elif as_of < cut6:
            by_age["<=18 months"] += 1
        else:
            by_age["<=6 months"] += 1
        key = (r.get("gpu_id"), r.get("amount"), r.get("currency"), str(as_of), r.get("kind"))
        if key in seen:
            problems.append(f"{where}: duplicate record")
        seen.add(key)
        by_kind[r.get("kind")] += 1
        by_cur[r.get("currency")] += 1
        priced.setdefault(r.get("gpu_id"), set()).add(r.get("kind"))
    missing = sorted(set(gpus) - set(priced))
    for gid in missing:
        problems.append(f"{gid}: no price record")
    weak = sorted(g for g in priced if all(
        r.get("kind") == "estimate" and "seed" in str(r.get("note", "")).lower()
        for r in records if r.get("gpu_id") == g))
    seg: Counter[str] = Counter(gpus[g] for g in priced if g in gpus)
    seg_all: Counter[str] = Counter(gpus.values())
    print(f"{len(records)} records, {len(priced)}/{len(gpus)} cards priced")
    print("by segment:", {s: f"{seg[s]}/{n}" for s, n in sorted(seg_all.items())})
    print("by kind:", dict(sorted(by_kind.items())))
    print("by currency:", dict(sorted(by_cur.items())))
    print("by age:", dict(by_age))
    print("cards with only a weak (seed-article) source:", weak or "none")
    for w in warnings:
        print("warning:", w)
    for p in problems:
        print("PROBLEM:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
