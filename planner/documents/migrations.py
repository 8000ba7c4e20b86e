"""Bring a document of an older format version up to the current one, one version at a time.

Each migration is a function from the raw JSON object of version N to that of version N+1,
registered in :data:`MIGRATIONS`; opening a version-1 file runs 1→2, a future version-3 reader
would run 1→2→3. Migrations work on raw objects before validation, so they must tolerate a damaged
file (leave what they do not recognise; the reader then reports it in words). Every past version
has a real fixture under ``tests/fixtures/gpubuild/`` that a test opens.

Version history (see docs/gpubuild-format.md):

1. First release: ``usage.hours`` for hours a day; no ``cost`` object (costs used defaults).
2. ``usage.hours`` renamed ``usage.hours_per_day`` (as in the core ``Usage`` record) and a
   ``cost`` object (currency, tariff, electricity price, carbon region, years, cloud instance).
3. A GPU snapshot's ``launch_msrp_usd`` and ``street_price`` become a list of dated ``prices``
   (each with a ``kind``); ``cost.price_kind`` says which kind the build is costed at.
4. Variants: ``gpus`` and ``display_reserve_bytes`` move into ``variants[]`` (named candidate
   builds sharing the workloads and assumptions) with ``active_variant``; a tracked workload
   states its training ``job`` (or null). The second-generation estimator's optional keys,
   which some version-3 files carry and the release before them refused, belong to version 4.
5. The third-generation estimator's optional training keys (``target_seq``,
   ``activation_offloading``, ``stack``, ``kbit_prep``) and the ``selective-op`` checkpointing
   mode and ``shifted``/``fp32-logits`` losses (absent in version 4: the defaults). Money with
   its currency: ``cost.price_kind`` becomes ``cost.price_basis`` (new, used or launch MSRP), the
   typed electricity price states ``cost.price_per_kwh_currency`` (format 4 meant the build's
   currency), and a slot may carry its own ``price_basis`` or a dated ``quote``. A build nobody
   named is unnamed (``name`` "", shown after its cards) rather than "Untitled build".
6. The fourth-generation estimator's optional keys (DeepSpeed ZeRO's buffer knobs, batch
   ``lengths``, ``expandable_segments``; inference ``group_size`` and generation ``cache``) and
   ``cost.rent_any_kind``, all absent in version 5 (the defaults). Every file written now names
   them, so a release that reads version 5 must be told the file is newer, not find keys it does
   not know.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from planner.documents.errors import DocumentError
from planner.schema import limits as lim

Migration = Callable[[dict[str, Any]], dict[str, Any]]

OLDEST_VERSION = 1
#: The cost settings a version-2 file starts with when its version-1 original had none (the
#: defaults of that release, written out: later defaults must not leak into an old format).
_V2_COST: dict[str, Any] = {"currency": "USD", "tariff_id": None, "price_per_kwh": 0.15,
                            "carbon_id": None, "years": 3, "cloud_instance_id": None}


def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Rename ``usage.hours`` to ``hours_per_day``; add the default ``cost`` settings."""
    usage = doc.get("usage")
    if isinstance(usage, dict) and "hours" in usage and "hours_per_day" not in usage:
        usage = {("hours_per_day" if k == "hours" else k): v for k, v in usage.items()}
        doc = {**doc, "usage": usage}
    if "cost" not in doc:
        doc = {**doc, "cost": dict(_V2_COST)}
    return doc


def _v2_prices(spec: dict[str, Any], saved: str) -> dict[str, Any]:
    """A version-2 GPU snapshot's two price fields as version-3 price records.

    The launch price had no date; the file's own date (when its author saw that price) stands
    in, and the note says so.
    """
    if not ("launch_msrp_usd" in spec or "street_price" in spec) or "prices" in spec:
        return spec
    spec = dict(spec)
    msrp, street = spec.pop("launch_msrp_usd", None), spec.pop("street_price", None)
    prices: list[dict[str, Any]] = []
    if isinstance(msrp, int | float) and not isinstance(msrp, bool) and msrp > 0:
        prices.append({"amount": msrp, "currency": "USD", "as_of": saved, "kind": "msrp",
                       "region": "US", "source": "launch_msrp_usd in a format-2 file",
                       "kept_because": "",
                       "note": "Launch price from a format-2 file, which kept it undated; the "
                               "date is when that file was saved."})
    if isinstance(street, dict):
        prices.append({"amount": street.get("amount"), "currency": street.get("currency"),
                       "as_of": street.get("as_of"), "kind": "street", "region": "global",
                       "source": street.get("source"), "note": "", "kept_because": ""})
    elif street is not None:
        prices.append(street)  # not a price at all: the reader says what is wrong with it
    spec["prices"] = prices
    keys = list(spec)  # keep the writer's key order: prices where launch_msrp_usd stood
    if "notes" in keys:
        keys.remove("prices")
        keys.insert(keys.index("notes"), "prices")
    return {k: spec[k] for k in keys}


def _v2_to_v3(doc: dict[str, Any]) -> dict[str, Any]:
    """Dated price records in each GPU snapshot; the build is costed at street prices."""
    modified = doc.get("modified")
    saved = modified[:10] if isinstance(modified, str) else ""
    gpus = doc.get("gpus")
    if isinstance(gpus, list):
        slots = []
        for slot in gpus:
            if isinstance(slot, dict) and isinstance(slot.get("spec"), dict):
                slot = {**slot, "spec": _v2_prices(slot["spec"], saved)}
            slots.append(slot)
        doc = {**doc, "gpus": slots}
    cost = doc.get("cost")
    if isinstance(cost, dict) and "price_kind" not in cost:
        doc = {**doc, "cost": {**cost, "price_kind": "street"}}
    return doc


def _v3_to_v4(doc: dict[str, Any]) -> dict[str, Any]:
    """The build becomes the one variant of the document, named after it; no training jobs."""
    if "variants" in doc:
        return doc  # not a version-3 layout: the reader says what is wrong with it
    out: dict[str, Any] = {}
    name = doc.get("name")
    variant = {"name": name if isinstance(name, str) and name.strip() else "A",
               "gpus": doc.get("gpus"),
               "display_reserve_bytes": doc.get("display_reserve_bytes")}
    for key, value in doc.items():
        if key == "gpus":
            out["variants"] = [variant]
            out["active_variant"] = 0
        elif key == "display_reserve_bytes":
            continue
        elif key == "workloads" and isinstance(value, list):
            out[key] = [{**w, "job": None} if isinstance(w, dict) and "job" not in w else w
                        for w in value]
        else:
            out[key] = value
    return out


#: A version-4 price kind as the version-5 basis it prices.
_BASIS_OF_V4_KIND = {"street": "new", "list": "new", "estimate": "new", "used": "used",
                     "msrp": "msrp"}
#: The name a build had before anyone named it (format 4 wrote it like any other name).
_V4_UNTITLED = "Untitled build"


def _v4_to_v5(doc: dict[str, Any]) -> dict[str, Any]:
    """Price basis for kind, the electricity price with its currency, unnamed builds unnamed.

    The estimator's version-5 keys are optional (absent: the defaults): nothing to add for them.
    """
    out = dict(doc)
    cost = doc.get("cost")
    if isinstance(cost, dict):
        cost = dict(cost)
        if "price_kind" in cost:
            kind = cost.pop("price_kind")
            if "price_basis" not in cost:
                cost["price_basis"] = (_BASIS_OF_V4_KIND.get(kind, kind)
                                       if isinstance(kind, str) else kind)
        if "price_per_kwh_currency" not in cost:
            # Format 4 stated the typed price in the build's currency: say so.
            cost["price_per_kwh_currency"] = cost.get("currency")
        out["cost"] = cost
    if doc.get("name") == _V4_UNTITLED:
        out["name"] = ""
    return out


def _v5_to_v6(doc: dict[str, Any]) -> dict[str, Any]:
    """Nothing to change: version 6's new keys are optional, absent meaning the defaults."""
    return dict(doc)


#: ``MIGRATIONS[n]`` turns a version-n document into version n+1.
MIGRATIONS: dict[int, Migration] = {
    1: _v1_to_v2,
    2: _v2_to_v3,
    3: _v3_to_v4,
    4: _v4_to_v5,
    5: _v5_to_v6,
}


def migrate(doc: dict[str, Any], version: int) -> dict[str, Any]:
    """Return ``doc`` (of ``version``) as a current-version document."""
    if version > lim.FORMAT_VERSION:
        raise DocumentError(f"This file was made by a newer GPU Build Planner (format version "
                            f"{version}); please update to open it.")
    if version < OLDEST_VERSION:
        raise DocumentError(f"This file has format version {version}, which no release of GPU "
                            "Build Planner wrote; it may be damaged.")
    while version < lim.FORMAT_VERSION:
        doc = MIGRATIONS[version](doc)
        version += 1
    return {**doc, "version": version}
