"""Read the bundled ``data/`` TOML files into core records, refusing anything doubtful.

The catalog is reviewed like code, so a bad figure should stop the build (tests load the real
folder) with one plain sentence naming the file, the record and the field, rather than surface
later as a wrong recommendation. Only what is certain is checked: required keys, known keys,
types, units in a physically possible range, sources present, and references between files. Rules
that hold for most cards but not all (e.g. FP8 at twice FP16) are deliberately not checked.

The format is described in ``docs/data-format.md``.
"""

from __future__ import annotations

import datetime as dt
import difflib
import math
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from planner.catalog.records import (
    Record,
    architecture_from_record,
    carbon_from_record,
    cloud_from_record,
    gpu_from_record,
    tariff_from_record,
    workload_from_record,
)
from planner.core.layouts import HEADS, KNOWN_ARCHS
from planner.core.specs import Catalog
from planner.paths import bundled_data_dir

VERSION_FILE = "VERSION"
GPU_FOLDER = "gpus"
ID_PATTERN = r"[a-z0-9][a-z0-9._-]*"
CURRENCY_PATTERN = r"[A-Z]{3}"
VENDORS = ("NVIDIA", "AMD", "Intel")
TRANSFORMER_FAMILIES = ("decoder", "encoder", "encoder-decoder", "vit")
TEXT_FAMILIES = ("decoder", "encoder", "encoder-decoder")
PROFILED_FAMILIES = ("cnn", "diffusion-unet")
PRECISION_FLAGS = {"bf16_tensor_tflops": "bf16", "fp8_tensor_tflops": "fp8",
                   "fp4_tensor_tflops": "fp4"}


class DataFileError(ValueError):
    """A data file that cannot be used, described in one sentence a data author can act on.

    ``file`` is relative to the data folder (e.g. ``gpus/nvidia.toml``); ``record_id`` and
    ``field`` are ``None`` when the problem is with the file as a whole. ``others`` carries the
    remaining problems when several were found, so a reviewer can fix them in one pass.
    """

    def __init__(self, file: str, message: str, *, record_id: str | None = None,
                 field: str | None = None, kind: str | None = None) -> None:
        super().__init__(message)
        self.file = file
        self.record_id = record_id
        self.field = field
        self.kind = kind
        self.message = message
        self.others: list[DataFileError] = []

    def __str__(self) -> str:
        return self.message


Kind = Literal["str", "number", "int", "bool", "strlist", "date", "price", "tiers"]


@dataclass(frozen=True)
class Rule:
    """How one key of a record must look; ranges are the physically possible ones."""

    kind: Kind
    required: bool = False
    low: float | None = None
    high: float | None = None
    above: float | None = None  # exclusive lower bound
    choices: tuple[Any, ...] = ()
    pattern: str | None = None
    allow_empty: bool = False
    default: Any = None
    hint: str = ""


def _req(kind: Kind, **kw: Any) -> Rule:
    return Rule(kind, required=True, **kw)


_SOURCES = _req("strlist")
_NOTES = Rule("str", allow_empty=True, default="")
_ID = _req("str", pattern=ID_PATTERN)
_TFLOPS = Rule("number", above=0, high=50_000, hint="TFLOPS, dense")

GPU_RULES: dict[str, Rule] = {
    "id": _ID,
    "vendor": _req("str", choices=VENDORS),
    "name": _req("str"),
    "architecture": _req("str", pattern=ID_PATTERN),
    "segment": _req("str", choices=("consumer", "workstation", "datacenter")),
    "form_factor": _req("str"),
    "memory_gb": _req("number", above=0, high=2048, hint="GB"),
    "memory_type": _req("str", choices=("GDDR5", "GDDR5X", "GDDR6", "GDDR6X", "GDDR7", "HBM",
                                         "HBM2", "HBM2e", "HBM3", "HBM3e", "HBM4", "LPDDR5",
                                         "LPDDR5X")),
    "memory_bus_bits": Rule("int", above=0, high=16_384),
    "memory_bandwidth_gbs": _req("number", low=20, high=100_000, hint="GB/s, not TB/s"),
    "tdp_w": _req("number", low=10, high=5_000, hint="watts"),
    "idle_w": Rule("number", above=0, high=1_000, hint="watts"),
    "fp32_tflops": Rule("number", above=0, high=1_000, hint="TFLOPS"),
    "fp16_tensor_tflops": _TFLOPS,
    "bf16_tensor_tflops": _TFLOPS,
    "fp8_tensor_tflops": _TFLOPS,
    "int8_tensor_tops": Rule("number", above=0, high=50_000, hint="TOPS, dense"),
    "fp4_tensor_tflops": _TFLOPS,
    "compute_capability": Rule("str", pattern=r"\d+\.\d+"),
    "rocm_support": Rule("str", choices=("supported", "unofficial", "unsupported")),
    "interconnect": Rule("str"),
    "interconnect_bandwidth_gbs": Rule("number", above=0, high=100_000, hint="GB/s"),
    "pcie_gen": Rule("int", low=1, high=7),
    "pcie_lanes": Rule("int", choices=(1, 2, 4, 8, 16)),
    "ecc": Rule("bool"),
    "slot_width": Rule("number", above=0, high=6),
    "power_connectors": Rule("str"),
    "connectors_16pin": Rule("int", low=0, high=8),
    "connectors_8pin": Rule("int", low=0, high=8),
    "launch_year": Rule("int", low=2015, high=2030),
    "launch_msrp_usd": Rule("number", above=0, high=1_000_000, hint="US dollars"),
    "street_price": Rule("price"),
    "sources": _SOURCES,
    "notes": _NOTES,
}

ARCHITECTURE_RULES: dict[str, Rule] = {
    "id": _ID,
    "vendor": _req("str", choices=VENDORS),
    "name": _req("str"),
    "launch_year": _req("int", low=2010, high=2030),
    "process_node": Rule("str", default=""),
    "matrix_core_generation": Rule("str", default=""),
    "bf16": Rule("bool", default=False),
    "fp8": Rule("bool", default=False),
    "fp4": Rule("bool", default=False),
    "transformer_engine": Rule("bool", default=False),
    "structured_sparsity": Rule("bool", default=False),
    "interconnect": Rule("str", default=""),
    "features": Rule("strlist", allow_empty=True, default=[]),
    "sources": _SOURCES,
    "notes": _NOTES,
}

_POS_INT = Rule("int", above=0)
WORKLOAD_RULES: dict[str, Rule] = {
    "id": _ID,
    "name": _req("str"),
    "family": _req("str", choices=("decoder", "encoder", "encoder-decoder", "vit", "cnn",
                                   "diffusion-unet")),
    "parameters": _req("int", low=1_000, high=10**14),
    "layers": _POS_INT,
    "decoder_layers": _POS_INT,
    "hidden": _POS_INT,
    "heads": _POS_INT,
    "kv_heads": _POS_INT,
    "head_dim": _POS_INT,
    "intermediate": _POS_INT,
    "vocab": _POS_INT,
    "context": _POS_INT,
    "gated_mlp": Rule("bool", default=False),
    "qkv_bias": Rule("bool", default=False),
    "tie_embeddings": Rule("bool", default=False),
    "norm": Rule("str", choices=("layernorm", "rmsnorm", "batchnorm", "groupnorm"),
                 default="layernorm"),
    "position": Rule("str", choices=("learned", "rope", "relative", "alibi", "sinusoidal",
                                     "none"), default="learned"),
    "experts": _POS_INT,
    "experts_per_token": _POS_INT,
    "moe_intermediate": _POS_INT,
    "shared_experts": Rule("int", low=0),
    "image_size": _POS_INT,
    "patch_size": _POS_INT,
    "encoder_context": _POS_INT,
    "activation": Rule("str"),
    "default_batch": Rule("int", above=0, default=1),
    "default_seq": _POS_INT,
    "sources": _SOURCES,
    "notes": _NOTES,
    # Second-generation estimator fields (planner.core.specs.Workload documents each).
    "arch": Rule("str", choices=KNOWN_ARCHS),
    "head": Rule("str", choices=HEADS),
    "num_labels": _POS_INT,
    "linear_bias": Rule("bool", default=False),
    "layer_norms": _POS_INT,
    "qk_norm": Rule("bool", default=False),
    "post_norm": Rule("bool", default=False),
    **{k: _POS_INT for k in (
        "embed_dim", "sliding_window", "global_every", "kv_lora_rank", "q_lora_rank",
        "rope_head_dim", "v_head_dim", "shared_expert_intermediate", "state_size",
        "conv_kernel", "dt_rank", "vision_parameters", "vision_layers", "vision_hidden",
        "vision_heads", "vision_intermediate", "vision_tokens")},
    "dense_layers": Rule("int", low=0),
    "cross_layers": Rule("int", low=0),
}

PROFILE_RULES: dict[str, Rule] = {
    "id": _ID,
    "image_size": _req("int", above=0),
    "fp32_bytes_per_sample": _req("int", above=0),
    "bf16_bytes_per_sample": _req("int", above=0),
    "checkpointed_fp32_bytes_per_sample": _POS_INT,
    "checkpointed_bf16_bytes_per_sample": _POS_INT,
    "inference_fp32_bytes_per_sample": _POS_INT,
    "forward_flops_per_sample": _POS_INT,
    "sources": Rule("strlist", allow_empty=True, default=[]),
    "notes": _NOTES,
}

TARIFF_RULES: dict[str, Rule] = {
    "id": _ID,
    "name": _req("str"),
    "region": _req("str"),
    "kind": Rule("str", choices=("residential", "commercial"), default="residential"),
    "currency": _req("str", pattern=CURRENCY_PATTERN),
    "as_of": _req("date"),
    "price_per_kwh": Rule("number", above=0, hint="per kWh"),
    "tiers": Rule("tiers"),
    "sources": _SOURCES,
    "notes": _NOTES,
}

CARBON_RULES: dict[str, Rule] = {
    "id": _ID,
    "region": _req("str"),
    "g_co2_per_kwh": _req("number", low=0, high=2_000, hint="grams of CO2 per kWh"),
    "year": _req("int", low=2000, high=2030),
    "sources": _SOURCES,
    "notes": _NOTES,
}

INSTANCE_RULES: dict[str, Rule] = {
    "id": _ID,
    "provider": _req("str"),
    "name": _req("str"),
    "gpu_id": _req("str", pattern=ID_PATTERN),
    "gpu_count": _req("int", low=1, high=256),
    "price_per_hour": _req("number", above=0, hint="per hour for the whole instance"),
    "currency": _req("str", pattern=CURRENCY_PATTERN),
    "region": _req("str"),
    "pricing": Rule("str", choices=("on-demand", "spot", "reserved"), default="on-demand"),
    "as_of": _req("date"),
    "sources": _SOURCES,
    "notes": _NOTES,
}

PRICE_KEYS = ("amount", "currency", "as_of", "source")


def _fmt(value: Any) -> str:
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _type_name(value: Any) -> str:
    return {bool: "true/false", int: "a whole number", float: "a number", str: "text",
            list: "a list", dict: "a table"}.get(type(value), type(value).__name__)


@dataclass
class _Context:
    """Where a record came from, for the error sentence."""

    file: str
    kind: str
    label: str
    record_id: str | None
    errors: list[DataFileError] = field(default_factory=list)

    def fail(self, key: str | None, problem: str) -> None:
        subject = f"{self.kind} '{self.record_id}'" if self.record_id else self.label
        where = f"{self.file}: " if self.file else ""
        self.errors.append(DataFileError(self.file, f"{where}{subject} {problem}.",
                                         record_id=self.record_id, field=key, kind=self.kind))


def _check_date(ctx: _Context, key: str, value: Any) -> str | None:
    if isinstance(value, dt.datetime):
        value = value.date()
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value).isoformat()
        except ValueError:
            pass
    ctx.fail(key, f"has {key} = {_fmt(value)}, which is not an ISO date like 2026-12-01")
    return None


def _check_range(ctx: _Context, key: str, rule: Rule, value: float) -> bool:
    unit = f" ({rule.hint})" if rule.hint else ""
    if rule.above is not None and not value > rule.above:
        ctx.fail(key, f"has {key} = {_fmt(value)}, which must be greater than "
                      f"{_fmt(rule.above)}{unit}")
        return False
    if rule.low is not None and value < rule.low:
        ctx.fail(key, f"has {key} = {_fmt(value)}, which is below the possible minimum "
                      f"{_fmt(rule.low)}{unit}")
        return False
    if rule.high is not None and value > rule.high:
        ctx.fail(key, f"has {key} = {_fmt(value)}, which is above the possible maximum "
                      f"{_fmt(rule.high)}{unit}")
        return False
    return True


def _check_value(ctx: _Context, key: str, rule: Rule, value: Any) -> tuple[bool, Any]:
    """Check one value; returns (ok, normalised value)."""
    kind = rule.kind
    if kind == "date":
        date = _check_date(ctx, key, value)
        return date is not None, date
    if kind == "price":
        return _check_price(ctx, key, value)
    if kind == "tiers":
        return _check_tiers(ctx, key, value)
    if kind == "bool":
        if not isinstance(value, bool):
            ctx.fail(key, f"has {key} = {_fmt(value)}, which must be true or false")
            return False, None
        return True, value
    if kind in ("number", "int"):
        is_int = isinstance(value, int) and not isinstance(value, bool)
        is_number = is_int or isinstance(value, float)
        if kind == "int" and not is_int:
            ctx.fail(key, f"has {key} = {_fmt(value)}, which must be a whole number, "
                          f"not {_type_name(value)}")
            return False, None
        if not is_number:
            ctx.fail(key, f"has {key} = {_fmt(value)}, which must be a number, "
                          f"not {_type_name(value)}")
            return False, None
        if not math.isfinite(value):
            ctx.fail(key, f"has {key} = {_fmt(value)}, which must be a finite number")
            return False, None
        if rule.choices and value not in rule.choices:
            allowed = ", ".join(_fmt(c) for c in rule.choices)
            ctx.fail(key, f"has {key} = {_fmt(value)}, which must be one of {allowed}")
            return False, None
        if not _check_range(ctx, key, rule, float(value)):
            return False, None
        return True, (value if kind == "int" else float(value))
    if kind == "strlist":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            ctx.fail(key, f"has {key} = {_fmt(value)}, which must be a list of text")
            return False, None
        if any(not v.strip() for v in value):
            ctx.fail(key, f"has an empty entry in {key}")
            return False, None
        if not value and not rule.allow_empty:
            ctx.fail(key, f"has an empty {key} list; at least one is required")
            return False, None
        return True, list(value)
    # plain text
    if not isinstance(value, str):
        ctx.fail(key, f"has {key} = {_fmt(value)}, which must be text, not {_type_name(value)}")
        return False, None
    if not value.strip() and not rule.allow_empty:
        ctx.fail(key, f"has an empty {key}")
        return False, None
    if rule.choices and value not in rule.choices:
        allowed = ", ".join(_fmt(c) for c in rule.choices)
        ctx.fail(key, f"has {key} = {_fmt(value)}, which must be one of {allowed}")
        return False, None
    if rule.pattern and not re.fullmatch(rule.pattern, value):
        what = "a lower-case slug like 'nvidia-rtx-4090'" if rule.pattern == ID_PATTERN else (
            "a three-letter currency code like 'USD'" if rule.pattern == CURRENCY_PATTERN
            else f"of the form {rule.pattern}")
        ctx.fail(key, f"has {key} = {_fmt(value)}, which must be {what}")
        return False, None
    return True, value


def _check_price(ctx: _Context, key: str, value: Any) -> tuple[bool, Any]:
    if not isinstance(value, dict):
        ctx.fail(key, f"has {key} = {_fmt(value)}, which must be a table "
                      "{ amount, currency, as_of, source }")
        return False, None
    rules = {"amount": _req("number", above=0), "currency": _req("str", pattern=CURRENCY_PATTERN),
             "as_of": _req("date"), "source": _req("str")}
    sub = _check_fields(ctx, rules, value, prefix=f"{key}.")
    return sub is not None, sub


def _check_tiers(ctx: _Context, key: str, value: Any) -> tuple[bool, Any]:
    if not isinstance(value, list) or not value or not all(isinstance(t, dict) for t in value):
        ctx.fail(key, f"has {key} = {_fmt(value)}, which must be a non-empty list of tables "
                      "{ up_to_kwh, price_per_kwh }")
        return False, None
    rules = {"up_to_kwh": Rule("number", above=0), "price_per_kwh": _req("number", above=0)}
    tiers: list[Record] = []
    for n, tier in enumerate(value, start=1):
        sub = _check_fields(ctx, rules, tier, prefix=f"{key}[{n}].")
        if sub is None:
            return False, None
        tiers.append(sub)
    last_limit = 0.0
    for n, tier in enumerate(tiers, start=1):
        limit = tier["up_to_kwh"]
        if n == len(tiers):
            if limit is not None:
                ctx.fail(f"{key}[{n}].up_to_kwh", f"has a limit on its last tier ({key}[{n}]"
                                                   ".up_to_kwh); the last tier must be open-ended")
                return False, None
        elif limit is None:
            ctx.fail(f"{key}[{n}].up_to_kwh", f"has no up_to_kwh on tier {n}; only the last "
                                               "tier may be open-ended")
            return False, None
        elif limit <= last_limit:
            ctx.fail(f"{key}[{n}].up_to_kwh", f"has tier limits that do not increase "
                                               f"({key}[{n}].up_to_kwh = {_fmt(limit)})")
            return False, None
        else:
            last_limit = limit
    return True, tiers


def _check_fields(ctx: _Context, rules: Mapping[str, Rule], raw: Mapping[str, Any],
                  prefix: str = "") -> Record | None:
    """Check every key of ``raw`` against ``rules``; the normalised record, or None on errors."""
    before = len(ctx.errors)
    suggested: set[str] = set()
    for key in raw:
        if key not in rules:
            missing = [k for k in rules if k not in raw]
            close = difflib.get_close_matches(key, missing, n=1) or [
                k for k in missing if k.startswith(key) or key.startswith(k)][:1]
            tip = f" (did you mean '{prefix}{close[0]}'?)" if close else ""
            suggested.update(close)
            ctx.fail(prefix + key, f"has an unknown field '{prefix}{key}'{tip}")
    out: Record = {}
    for key, rule in rules.items():
        if key not in raw:
            if rule.required and key not in suggested:  # already said: "did you mean"
                ctx.fail(prefix + key, f"is missing the required field '{prefix}{key}'")
            out[key] = list(rule.default) if isinstance(rule.default, list) else rule.default
            continue
        ok, value = _check_value(ctx, prefix + key, rule, raw[key])
        if ok:
            out[key] = value
    return out if len(ctx.errors) == before else None


@dataclass
class _Loader:
    """Accumulates every problem found, so one run reports them all."""

    data_dir: Path
    errors: list[DataFileError] = field(default_factory=list)

    def _rel(self, path: Path) -> str:
        try:
            return path.relative_to(self.data_dir).as_posix()
        except ValueError:
            return str(path)

    def file_error(self, file: str, message: str) -> None:
        self.errors.append(DataFileError(file, f"{file}: {message}."))

    def read_table(self, path: Path, key: str, required: bool = True) -> list[Any]:
        """Return the array ``[[key]]`` of a TOML file; other top-level keys are an error."""
        rel = self._rel(path)
        if not path.is_file():
            if required:
                self.file_error(rel, "the file is missing")
            return []
        try:
            with path.open("rb") as fh:
                doc = tomllib.load(fh)
        except tomllib.TOMLDecodeError as exc:
            self.file_error(rel, f"the file is not valid TOML ({exc})")
            return []
        except (OSError, UnicodeDecodeError) as exc:
            self.file_error(rel, f"the file cannot be read ({exc})")
            return []
        for other in doc:
            if other != key:
                self.file_error(rel, f"has an unknown top-level table '{other}'; only "
                                     f"[[{key}]] records belong in this file")
        items = doc.get(key, [])
        if not isinstance(items, list):
            self.file_error(rel, f"'{key}' must be an array of tables written as [[{key}]]")
            return []
        return items

    def rejected(self, kind: str) -> set[str]:
        """Return ids of records of ``kind`` already reported as invalid.

        References to them are not reported again: one bad architecture should give one error,
        not one more for each GPU that uses it.
        """
        return {e.record_id for e in self.errors
                if e.record_id is not None and e.kind == kind}

    def records(self, path: Path, key: str, kind: str, rules: Mapping[str, Rule],
                extra: Callable[[_Context, Record], None] | None = None,
                required: bool = True) -> list[tuple[str, Record]]:
        """Return one file's valid records as (file, record) pairs; bad ones are reported."""
        rel = self._rel(path)
        out: list[tuple[str, Record]] = []
        for index, raw in enumerate(self.read_table(path, key, required), start=1):
            label = f"{kind} #{index}"
            if not isinstance(raw, dict):
                self.file_error(rel, f"{label} is not a table")
                continue
            rid = raw.get("id")
            ctx = _Context(rel, kind, label, rid if isinstance(rid, str) and rid else None)
            record = _check_fields(ctx, rules, raw)
            if record is not None and extra is not None:
                extra(ctx, record)
            self.errors.extend(ctx.errors)
            if record is not None and not ctx.errors:
                out.append((rel, record))
        return out

    def unique(self, items: Iterable[tuple[str, Record]], kind: str) -> list[tuple[str, Record]]:
        """Drop and report records whose id was already used (across all files of the kind)."""
        seen: dict[str, str] = {}
        out: list[tuple[str, Record]] = []
        for file, record in items:
            rid = record["id"]
            if rid in seen:
                where = "earlier in this file" if seen[rid] == file else f"in {seen[rid]}"
                self.errors.append(DataFileError(
                    file, f"{file}: {kind} '{rid}' has the same id as a {kind} {where}.",
                    record_id=rid, field="id"))
                continue
            seen[rid] = file
            out.append((file, record))
        return out


def _gpu_extra(ctx: _Context, record: Record) -> None:
    vendor = record["vendor"]
    if record["compute_capability"] is not None and vendor != "NVIDIA":
        ctx.fail("compute_capability", f"has compute_capability but is an {vendor} card; only "
                                       "NVIDIA cards have a CUDA compute capability")
    if record["rocm_support"] is not None and vendor != "AMD":
        ctx.fail("rocm_support", f"has rocm_support but is an {vendor} card; only AMD cards "
                                 "run ROCm")
    idle, tdp = record["idle_w"], record["tdp_w"]
    if idle is not None and idle >= tdp:
        ctx.fail("idle_w", f"has idle_w = {_fmt(idle)}, which must be below tdp_w = {_fmt(tdp)}")


def _workload_extra(ctx: _Context, record: Record) -> None:
    family = record["family"]
    needed: list[str] = []
    if family in TRANSFORMER_FAMILIES:
        needed += ["layers", "hidden", "heads"]
    if family in TEXT_FAMILIES:
        needed.append("vocab")
    if family == "vit":
        needed += ["image_size", "patch_size"]
    if family in PROFILED_FAMILIES:
        needed.append("image_size")
    for key in needed:
        if record[key] is None:
            ctx.fail(key, f"is a {family} model but is missing '{key}'")
    heads, kv, hidden = record["heads"], record["kv_heads"], record["hidden"]
    if heads and kv and (kv > heads or heads % kv):
        ctx.fail("kv_heads", f"has kv_heads = {kv}, which must divide heads = {heads}")
    if heads and hidden and record["head_dim"] is None and hidden % heads:
        ctx.fail("head_dim", f"has hidden = {hidden} not divisible by heads = {heads}; set "
                             "head_dim from the config")
    experts, per_token = record["experts"], record["experts_per_token"]
    if (experts is None) != (per_token is None):
        ctx.fail("experts_per_token", "has only one of experts and experts_per_token; a "
                                      "mixture-of-experts model needs both")
    elif experts is not None and per_token > experts:
        ctx.fail("experts_per_token", f"has experts_per_token = {per_token}, which is more "
                                      f"than experts = {experts}")


def _tariff_extra(ctx: _Context, record: Record) -> None:
    flat, tiers = record["price_per_kwh"], record["tiers"]
    if (flat is None) == (tiers is None):
        ctx.fail("price_per_kwh", "must have exactly one of price_per_kwh (flat) and tiers")
        return
    if flat is not None:
        record["tiers"] = [{"up_to_kwh": None, "price_per_kwh": flat}]


def check_gpu_record(record: Mapping[str, Any], *, require_sources: bool = False,
                     label: str = "GPU") -> tuple[Record | None, list[DataFileError]]:
    """Check one GPU record from outside the data files (a user's own GPU).

    The same field rules as ``gpus/*.toml`` apply, except that sources are optional unless
    ``require_sources``: a user describing their own card rarely has a datasheet link. Returns the
    normalised record (``None`` when invalid) and the problems, whose messages start with
    ``label`` instead of a file name.
    """
    rules = dict(GPU_RULES)
    if not require_sources:
        rules["sources"] = Rule("strlist", allow_empty=True, default=[])
    rid = record.get("id")
    ctx = _Context("", label, label, rid if isinstance(rid, str) and rid else None)
    checked = _check_fields(ctx, rules, record)
    if checked is not None:
        _gpu_extra(ctx, checked)
    return (checked if not ctx.errors else None), ctx.errors


def read_version(data_dir: Path) -> str:
    """Return the catalog version in ``data/VERSION``; a missing or empty file is an error."""
    path = data_dir / VERSION_FILE
    try:
        version = path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise DataFileError(VERSION_FILE, f"{VERSION_FILE}: the file cannot be read ({exc}).")\
            from None
    if not version or len(version.splitlines()) != 1:
        raise DataFileError(VERSION_FILE, f"{VERSION_FILE}: the file must hold one line, the "
                                          "catalog version (e.g. 2026.12.02-1).")
    return version


def _collect(data_dir: Path) -> tuple[Catalog | None, list[DataFileError]]:
    loader = _Loader(data_dir)
    version = ""
    try:
        version = read_version(data_dir)
    except DataFileError as exc:
        loader.errors.append(exc)

    arch_items = loader.unique(loader.records(data_dir / "architectures.toml", "architecture",
                                              "architecture", ARCHITECTURE_RULES),
                               "architecture")
    architectures = {r["id"]: r for _, r in arch_items}
    bad_architectures = loader.rejected("architecture")

    gpu_dir = data_dir / GPU_FOLDER
    gpu_files = sorted(gpu_dir.glob("*.toml")) if gpu_dir.is_dir() else []
    if not gpu_files:
        loader.file_error(GPU_FOLDER, "the folder has no .toml files with [[gpu]] records")
    gpu_raw: list[tuple[str, Record]] = []
    for path in gpu_files:
        gpu_raw += loader.records(path, "gpu", "gpu", GPU_RULES, _gpu_extra)
    gpu_items: list[tuple[str, Record]] = []
    for file, record in loader.unique(gpu_raw, "gpu"):
        ctx = _Context(file, "gpu", "gpu", record["id"])
        arch = architectures.get(record["architecture"])
        if arch is None and record["architecture"] in bad_architectures:
            continue
        if arch is None:
            ctx.fail("architecture", f"has architecture = {_fmt(record['architecture'])}, "
                                     "which is not an id in architectures.toml")
        else:
            if arch["vendor"] != record["vendor"]:
                ctx.fail("architecture", f"is an {record['vendor']} card but its architecture "
                                         f"'{arch['id']}' is {arch['vendor']}'s")
            for key, flag in PRECISION_FLAGS.items():
                if record[key] is not None and not arch[flag]:
                    ctx.fail(key, f"has {key} but its architecture '{arch['id']}' has "
                                  f"{flag} = false in architectures.toml")
        loader.errors.extend(ctx.errors)
        if not ctx.errors:
            gpu_items.append((file, record))
    gpu_ids = {r["id"] for _, r in gpu_raw}

    workload_items = loader.unique(loader.records(data_dir / "workloads.toml", "workload",
                                                  "workload", WORKLOAD_RULES, _workload_extra),
                                   "workload")
    workloads = {r["id"]: r for _, r in workload_items}
    profile_items = loader.unique(loader.records(data_dir / "activation_profiles.toml",
                                                 "profile", "profile", PROFILE_RULES),
                                  "profile")
    for file, profile in profile_items:
        target = workloads.get(profile["id"])
        if target is None:
            loader.errors.append(DataFileError(
                file, f"{file}: profile '{profile['id']}' has no workload with that id in "
                      "workloads.toml.", record_id=profile["id"], field="id"))
        else:
            target["profile"] = profile
    bad_profiles = loader.rejected("profile")
    profiles_file = (data_dir / "activation_profiles.toml").is_file()  # else said once already
    for _, workload in workload_items:
        if (profiles_file and workload["family"] in PROFILED_FAMILIES
                and "profile" not in workload and workload["id"] not in bad_profiles):
            loader.errors.append(DataFileError(
                "workloads.toml",
                f"workloads.toml: workload '{workload['id']}' is a {workload['family']} model "
                "but activation_profiles.toml has no profile for it.",
                record_id=workload["id"], field="profile"))

    tariff_items = loader.unique(loader.records(data_dir / "tariffs.toml", "tariff", "tariff",
                                                TARIFF_RULES, _tariff_extra), "tariff")
    carbon_items = loader.unique(loader.records(data_dir / "carbon.toml", "carbon", "carbon",
                                                CARBON_RULES), "carbon")
    cloud_items = loader.unique(loader.records(data_dir / "cloud.toml", "instance", "instance",
                                               INSTANCE_RULES), "instance")
    bad_gpus = loader.rejected("gpu")
    for file, inst in cloud_items:
        if inst["gpu_id"] not in gpu_ids and inst["gpu_id"] not in bad_gpus:
            loader.errors.append(DataFileError(
                file, f"{file}: instance '{inst['id']}' has gpu_id = '{inst['gpu_id']}', which "
                      "is not the id of any GPU in gpus/.", record_id=inst["id"], field="gpu_id"))

    if loader.errors:
        return None, loader.errors
    catalog = Catalog(
        gpus=tuple(gpu_from_record(r) for _, r in gpu_items),
        architectures=tuple(architecture_from_record(r) for _, r in arch_items),
        workloads=tuple(workload_from_record(r) for _, r in workload_items),
        tariffs=tuple(tariff_from_record(r) for _, r in tariff_items),
        carbon=tuple(carbon_from_record(r) for _, r in carbon_items),
        cloud=tuple(cloud_from_record(r) for _, r in cloud_items),
        version=version,
    )
    return catalog, []


def check_data_dir(data_dir: Path) -> list[DataFileError]:
    """Every problem in a data folder (empty when it loads cleanly); for tests and reviews."""
    return _collect(data_dir)[1]


def load_catalog(data_dir: Path | None = None) -> Catalog:
    """Load the catalog as core records; raise :class:`DataFileError` on the first problem.

    The raised error's ``others`` lists the remaining problems. ``data_dir`` defaults to the
    bundled ``data/`` folder.
    """
    if data_dir is None:
        data_dir = bundled_data_dir()
    catalog, errors = _collect(data_dir)
    if catalog is None:
        first = errors[0]
        first.others = errors[1:]
        raise first
    return catalog
