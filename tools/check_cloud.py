"""Dev-only check of data/cloud.toml, currency.toml, tariffs.toml and carbon.toml.

Checks the shapes agreed in FORMATS.md (issue 10) before the official loader accepts them:
TOML parses, required keys present, no unknown keys, gpu_id names a GPU in data/gpus/, dates are
ISO dates not in the future, history is older than the newest reading and newest first, and the
staleness rule (a dated record more than 18 months old needs `kept_because`). Prints counts by
provider and by age, and the cheapest per-GPU-hour offer for each GPU.

Run: python tools/check_cloud.py [--today YYYY-MM-DD]   (exit status 1 on any problem)
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import tomllib
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data"

CURRENCIES = {"USD", "CNY", "EUR"}
PRICING = {"on-demand", "spot", "reserved-1y", "reserved-3y", "community"}
INSTANCE_REQUIRED = {"id", "provider", "name", "gpu_id", "gpu_count", "price_per_hour",
                     "currency", "region", "pricing", "as_of", "sources"}
INSTANCE_OPTIONAL = {"per_gpu", "notes", "kept_because", "history", "kind", "kind_source"}
HISTORY_KEYS = {"price_per_hour", "as_of", "source"}
RATES_REQUIRED = {"as_of", "sources", "cny_per_usd", "cny_per_eur"}
TARIFF_REQUIRED = {"id", "name", "region", "kind", "currency", "as_of", "sources"}
TARIFF_OPTIONAL = {"price_per_kwh", "tiers", "notes", "kept_because"}
CARBON_REQUIRED = {"id", "region", "g_co2_per_kwh", "year", "sources"}
CARBON_OPTIONAL = {"notes", "kept_because"}


def months_before(day: dt.date, months: int) -> dt.date:
    """The same day `months` calendar months earlier (clamped to the month's last day)."""
    year, month = divmod(day.year * 12 + day.month - 1 - months, 12)
    month += 1
    for d in (day.day, 30, 29, 28):
        try:
            return dt.date(year, month, d)
        except ValueError:
            continue
    raise ValueError(day)


def parse_date(value: Any) -> dt.date | None:
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            return None
    return None


class Checker:
    def __init__(self, today: dt.date) -> None:
        self.today = today
        self.cutoff = months_before(today, 18)
        self.problems: list[str] = []
        self.stale: list[str] = []

    def fail(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}")

    def keys(self, where: str, record: dict[str, Any], required: set[str],
             optional: set[str]) -> None:
        for key in sorted(required - record.keys()):
            self.fail(where, f"missing required key '{key}'")
        for key in sorted(record.keys() - required - optional):
            self.fail(where, f"unknown key '{key}'")

    def dated(self, where: str, record: dict[str, Any], key: str = "as_of") -> dt.date | None:
        day = parse_date(record.get(key))
        if day is None:
            self.fail(where, f"{key} = {record.get(key)!r} is not a YYYY-MM-DD date")
            return None
        if day > self.today:
            self.fail(where, f"{key} {day} is in the future")
        if day < self.cutoff:
            why = record.get("kept_because")
            if not (isinstance(why, str) and why.strip()):
                self.fail(where, f"{key} {day} is older than {self.cutoff} without kept_because")
            else:
                self.stale.append(f"{where} ({day}): {why}")
        elif "kept_because" in record:
            self.fail(where, f"{key} {day} is recent; kept_because is not needed")
        return day

    def sources(self, where: str, record: dict[str, Any]) -> None:
        src = record.get("sources")
        if not (isinstance(src, list) and src and all(isinstance(s, str) and s for s in src)):
            self.fail(where, "sources must be a non-empty list of strings")
        elif not any("http" in s for s in src):
            self.fail(where, "no source carries a URL")


def gpu_ids() -> set[str]:
    ids: set[str] = set()
    for path in sorted((DATA / "gpus").glob("*.toml")):
        with path.open("rb") as f:
            ids.update(g["id"] for g in tomllib.load(f).get("gpu", []))
    return ids


def check_cloud(c: Checker, gpus: set[str]) -> list[dict[str, Any]]:
    with (DATA / "cloud.toml").open("rb") as f:
        instances: list[dict[str, Any]] = tomllib.load(f).get("instance", [])
    seen: set[str] = set()
    for inst in instances:
        where = f"cloud.toml instance '{inst.get('id')}'"
        c.keys(where, inst, INSTANCE_REQUIRED, INSTANCE_OPTIONAL)
        if inst.get("id") in seen:
            c.fail(where, "duplicate id")
        seen.add(inst.get("id", ""))
        if inst.get("gpu_id") not in gpus:
            c.fail(where, f"gpu_id '{inst.get('gpu_id')}' names no GPU in data/gpus/")
        count = inst.get("gpu_count")
        if not (isinstance(count, int) and count >= 1):
            c.fail(where, "gpu_count must be a positive integer")
        price = inst.get("price_per_hour")
        if not (isinstance(price, int | float) and price > 0):
            c.fail(where, "price_per_hour must be a positive number")
        if inst.get("currency") not in CURRENCIES:
            c.fail(where, f"currency {inst.get('currency')!r} not in {sorted(CURRENCIES)}")
        if inst.get("pricing") not in PRICING:
            c.fail(where, f"pricing {inst.get('pricing')!r} not in {sorted(PRICING)}")
        if "per_gpu" in inst and not isinstance(inst["per_gpu"], bool):
            c.fail(where, "per_gpu must be true or false")
        c.sources(where, inst)
        newest = c.dated(where, inst)
        previous = newest
        for n, old in enumerate(inst.get("history", [])):
            hwhere = f"{where} history[{n}]"
            c.keys(hwhere, old, HISTORY_KEYS, set())
            day = parse_date(old.get("as_of"))
            if day is None:
                c.fail(hwhere, "as_of is not a YYYY-MM-DD date")
                continue
            if previous is not None and day > previous:
                c.fail(hwhere, f"{day} is newer than the reading before it ({previous})")
            previous = day
            if not (isinstance(old.get("price_per_hour"), int | float)
                    and old["price_per_hour"] > 0):
                c.fail(hwhere, "price_per_hour must be a positive number")
            if "http" not in str(old.get("source", "")):
                c.fail(hwhere, "source carries no URL")
    return instances


def check_currency(c: Checker) -> dict[str, Any]:
    with (DATA / "currency.toml").open("rb") as f:
        doc = tomllib.load(f)
    rates = doc.get("rates", {})
    c.keys("currency.toml [rates]", rates, RATES_REQUIRED, {"kept_because"})
    c.sources("currency.toml [rates]", rates)
    newest = c.dated("currency.toml [rates]", rates)
    previous = newest
    for n, old in enumerate(doc.get("history", [])):
        where = f"currency.toml history[{n}]"
        c.keys(where, old, {"as_of", "cny_per_usd", "cny_per_eur", "source"}, set())
        day = parse_date(old.get("as_of"))
        if day is None or (previous is not None and day > previous):
            c.fail(where, "as_of missing or not older than the reading before it")
        previous = day
    return rates


def check_tariffs(c: Checker) -> list[dict[str, Any]]:
    with (DATA / "tariffs.toml").open("rb") as f:
        tariffs: list[dict[str, Any]] = tomllib.load(f).get("tariff", [])
    for t in tariffs:
        where = f"tariffs.toml tariff '{t.get('id')}'"
        c.keys(where, t, TARIFF_REQUIRED, TARIFF_OPTIONAL)
        if ("price_per_kwh" in t) == ("tiers" in t):
            c.fail(where, "needs exactly one of price_per_kwh or tiers")
        if t.get("currency") not in CURRENCIES:
            c.fail(where, f"currency {t.get('currency')!r} not in {sorted(CURRENCIES)}")
        c.sources(where, t)
        c.dated(where, t)
    return tariffs


def check_carbon(c: Checker) -> None:
    with (DATA / "carbon.toml").open("rb") as f:
        for rec in tomllib.load(f).get("carbon", []):
            where = f"carbon.toml carbon '{rec.get('id')}'"
            c.keys(where, rec, CARBON_REQUIRED, CARBON_OPTIONAL)
            c.sources(where, rec)


def report(c: Checker, instances: list[dict[str, Any]], rates: dict[str, Any],
           tariffs: list[dict[str, Any]]) -> None:
    print(f"today {c.today}; stale before {c.cutoff}")
    by_provider = Counter(i.get("provider") for i in instances)
    print(f"\n{len(instances)} instances by provider:")
    for provider, n in sorted(by_provider.items()):
        print(f"  {provider:28} {n}")
    ages: Counter[str] = Counter()
    for i in instances:
        day = parse_date(i.get("as_of"))
        if day is not None:
            months = (c.today.year - day.year) * 12 + c.today.month - day.month
            band = "<6 months" if months < 6 else "6-18 months" if months <= 18 else ">18 months"
            ages[band] += 1
    print("instances by age of newest reading:", dict(ages))
    per_gpu: dict[str, list[tuple[float, str, str, str]]] = defaultdict(list)
    for i in instances:
        if i.get("currency") != "USD":
            continue
        hourly = float(i["price_per_hour"])
        one = hourly if i.get("per_gpu") else hourly / int(i["gpu_count"])
        per_gpu[i["gpu_id"]].append((one, i["id"], str(i["as_of"]), str(i["pricing"])))
    print("\ncheapest USD per GPU-hour by GPU (per-GPU offers and whole instances / gpu_count):")
    for gpu, offers in sorted(per_gpu.items()):
        one, rid, day, pricing = min(offers)
        line = f"  {gpu:26} any {one:7.4f} {rid} ({pricing}, {day})"
        on_demand = [o for o in offers if o[3] == "on-demand"]
        if on_demand and min(on_demand) != min(offers):
            one, rid, day, _ = min(on_demand)
            line += f"; on-demand {one:7.4f} {rid} ({day})"
        print(f"{line}; {len(offers)} offers")
    print(f"\nrates {rates.get('as_of')}: {rates.get('cny_per_usd')} CNY/USD, "
          f"{rates.get('cny_per_eur')} CNY/EUR")
    print(f"{len(tariffs)} tariffs")
    if c.stale:
        print("\nkept although older than 18 months:")
        for line in c.stale:
            print("  " + line)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--today", type=dt.date.fromisoformat, default=dt.date.today())
    args = parser.parse_args()
    c = Checker(args.today)
    instances = check_cloud(c, gpu_ids())
    rates = check_currency(c)
    tariffs = check_tariffs(c)
    check_carbon(c)
    report(c, instances, rates, tariffs)
    if c.problems:
        print(f"\n{len(c.problems)} problem(s):")
        for p in c.problems:
            print("  " + p)
        return 1
    print("\nno problems")
    return 0


if __name__ == "__main__":
    sys.exit(main())
