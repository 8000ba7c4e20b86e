"""Measured-run records (docs/measured-run.md): read, check against the catalog, share.

A record is checked through its schema (:mod:`planner.schema.run`), then against the catalog:
the workload must be one the estimator can read, the GPU one the catalog has, the peak a number
of bytes that the GPU can hold. Every refusal is one sentence naming the file and the field; a
file may hold one record or a list of them, and each is judged on its own, so the good ones of a
batch still go in.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

from planner.core.estimator.setups import InferenceSetup, TrainingSetup
from planner.core.models.hfconfig import workload_from_hf_config
from planner.core.models.layouts import with_head
from planner.core.plan.build import TrackedWorkload, estimate_for
from planner.core.plan.runs import STACK_KEYS, MeasuredRun
from planner.core.records.lookup import BRAND_WORDS, find_gpu, find_workload
from planner.core.records.precision import EstimateError
from planner.core.records.specs import Catalog, GpuSpec
from planner.schema import limits as lim
from planner.schema.base import Record, fmt
from planner.schema.document import InferenceRecord, TrainingRecord
from planner.schema.problems import MISSING, UNKNOWN, Problem, check
from planner.schema.run import (
    FORMAT_NAME,
    FORMAT_VERSION,
    RunGpu,
    RunMeasured,
    RunRecord,
    RunStack,
    RunWorkload,
)

MIB = 1024**2
MAX_RECORDS_PER_FILE = 10_000


class RunError(ValueError):
    """One record (or file) that cannot be used; the message is one sentence.

    Refusals the app words in the user's language (planner/words/runs.py) carry a ``code`` and
    its ``params`` too, as :class:`~planner.documents.errors.DocumentError` does; the English
    sentence stays for the CLI and for any refusal without a code. :func:`read_records` adds
    ``file`` and ``record`` (its number in a file of several, else "") to the params.
    """

    def __init__(self, message: str, code: str = "",
                 params: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params = dict(params or {})


@dataclasses.dataclass(frozen=True, slots=True)
class CheckedRun:
    """A record that passed every check: its core run and the record as it will be stored."""

    run: MeasuredRun
    record: dict[str, Any]


@dataclasses.dataclass(frozen=True, slots=True)
class ReadResult:
    """What one import found: the good records and one sentence per refused one."""

    runs: tuple[CheckedRun, ...]
    problems: tuple[str, ...]
    reasons: tuple[RunError, ...] = ()
    """The same refusals, with their codes for the app's words (one per problem)."""


def _defaults(cls: type) -> dict[str, Any]:
    return {f.name: f.default for f in dataclasses.fields(cls)}


def _rule(problem: Problem) -> str:
    spec = problem.spec
    if spec is None:
        return ""
    if getattr(spec, "choices", ()):
        return "one of " + ", ".join(str(c) for c in spec.choices)
    bounds = getattr(spec, "bounds", None)
    if spec.kind == "int" and bounds is not None:
        return f"a whole number from {fmt(bounds.low)} to {fmt(bounds.high)}"
    if spec.kind == "bool":
        return "true or false"
    if spec.kind in ("object", "list"):
        return f"an {spec.kind}" if spec.kind == "object" else "a list"
    return "text on one line"


def _checked(model: type[Record], raw: Any, where: str, part: str) -> Any:
    """Validate one level; the first problem becomes a sentence naming file and field."""
    if not isinstance(raw, dict):
        raise RunError(f"{where}: {part or 'the record'} must be an object.", "not-object",
                       {"field": part})
    record, problems = check(model, raw, "user")
    if not problems:
        return record
    p = problems[0]
    field = ".".join(x for x in (part, p.dotted) if x)
    if p.code == UNKNOWN:
        raise RunError(f"{where}: unknown key '{field}' (a record of a newer version?).",
                       "unknown-key", {"field": field})
    if p.code == MISSING:
        raise RunError(f"{where}: '{field}' is missing.", "missing", {"field": field})
    label = p.spec.label if p.spec is not None else field
    raise RunError(f"{where}: {label} ({field}) must be {_rule(p)} (found {fmt(p.value)}).")


def resolve_gpu(gpus: Sequence[GpuSpec], name: str) -> GpuSpec:
    """The catalog GPU a device name means (``Tesla V100-SXM2-16GB`` is the V100 SXM2 16GB)."""
    try:
        return find_gpu(gpus, name)
    except EstimateError:
        words = [w for w in re.findall(r"[A-Za-z0-9.]+", name) if w.lower() not in BRAND_WORDS]
        return find_gpu(gpus, " ".join(words) or name)


def _workload(raw: dict[str, Any], catalog: Catalog, where: str,
              gpu_count: int) -> TrackedWorkload:
    w = _checked(RunWorkload, raw, where, "workload")
    try:
        if w.model:
            base = find_workload(catalog.workloads, w.model)
        elif w.hf_config:
            base = workload_from_hf_config(w.hf_config, name=str(
                w.hf_config.get("_name_or_path") or "config.json").rsplit("/", 1)[-1])
        else:
            raise RunError(f"{where}: the workload names no model (workload.model or "
                           f"workload.hf_config).")
        if w.num_labels is not None:
            base = dataclasses.replace(base, num_labels=w.num_labels)
        base = with_head(base, w.head or "auto")
    except EstimateError as exc:
        raise RunError(f"{where}: workload.{'model' if w.model else 'hf_config'}: "
                       f"{str(exc).rstrip('.')}.") from None
    key, schema, core = (("training", TrainingRecord, TrainingSetup) if w.task == "train"
                         else ("inference", InferenceRecord, InferenceSetup))
    given = getattr(w, key) or {}
    other = "inference" if key == "training" else "training"
    if getattr(w, other) is not None:
        raise RunError(f"{where}: a {w.task} run holds workload.{key}, not workload.{other}.")
    settings = _checked(schema, {**_defaults(core), **given}, where, f"workload.{key}")
    setup = dataclasses.replace(settings.to_core(), gpus=gpu_count)
    tracked = (TrackedWorkload(base, "train", training=setup) if key == "training"
               else TrackedWorkload(base, "inference", inference=setup))
    try:
        estimate_for(tracked, gpu_count)
    except EstimateError as exc:
        raise RunError(f"{where}: workload.{key}: {str(exc).rstrip('.')}.") from None
    return tracked


def _bytes_problem(value: int, field: str, gpu: GpuSpec, where: str) -> str | None:
    cap = gpu.memory_bytes
    if value <= 0:
        return f"{where}: {field} must be more than 0 bytes (found {value})."
    if value < MIB and value * MIB <= cap:
        return (f"{where}: {field} is {value:,}, which looks like MiB where bytes are expected "
                f"(multiply by 1,048,576).")
    if value > cap:
        return (f"{where}: {field} is {value:,} bytes, more than the {gpu.name}'s memory "
                f"({cap:,} bytes).")
    return None


def run_id(record: dict[str, Any]) -> str:
    """A digest of the record's content: the same record imported twice is one run."""
    text = json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def check_record(raw: Any, catalog: Catalog, where: str) -> CheckedRun:
    """One record checked through the schema and against the catalog (or :class:`RunError`)."""
    header = raw if isinstance(raw, dict) else None
    if header is None:
        raise RunError(f"{where}: a run record must be a JSON object.", "not-object",
                       {"field": ""})
    if header.get("format") != FORMAT_NAME:
        raise RunError(f"{where}: format is {fmt(header.get('format'))}, not "
                       f"'{FORMAT_NAME}': this is not a measured-run record.", "format",
                       {"found": fmt(header.get("format"))})
    version = header.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
        raise RunError(f"{where}: version {version} is newer than this GPU Build Planner reads "
                       f"({FORMAT_VERSION}); please update to import it.", "newer",
                       {"version": str(version), "readable": str(FORMAT_VERSION)})
    top = _checked(RunRecord, raw, where, "")
    gpu_part = _checked(RunGpu, top.gpu, where, "gpu")
    stack = _checked(RunStack, top.stack or {}, where, "stack")
    measured = _checked(RunMeasured, top.measured, where, "measured")
    try:
        gpu = resolve_gpu(catalog.gpus, gpu_part.name)
    except EstimateError:
        raise RunError(f"{where}: gpu.name '{gpu_part.name}' names no GPU in the catalog "
                       f"('gpu-planner catalog gpus' lists them).", "gpu",
                       {"name": str(gpu_part.name)}) from None
    per_gpu = list(measured.per_gpu or [measured.peak_bytes])
    problem = _bytes_problem(measured.peak_bytes, "measured.peak_bytes", gpu, where)
    for i, value in enumerate(per_gpu):
        if problem:
            break
        if not isinstance(value, int) or isinstance(value, bool):
            problem = f"{where}: measured.per_gpu[{i + 1}] must be a whole number of bytes."
        else:
            problem = _bytes_problem(value, f"measured.per_gpu[{i + 1}]", gpu, where)
    if problem:
        raise RunError(problem)
    tracked = _workload(top.workload, catalog, where, gpu_part.count)
    record = dict(raw)
    run = MeasuredRun(
        id=run_id(record), tracked=tracked, gpu_id=gpu.id, gpu_count=gpu_part.count,
        stack=tuple(getattr(stack, k) for k in STACK_KEYS), metric=measured.metric,
        peak_bytes=measured.peak_bytes, per_gpu=tuple(per_gpu), when=top.when, note=top.note)
    return CheckedRun(run, record)


def read_records(text: bytes, catalog: Catalog, name: str) -> ReadResult:
    """Every record of one file's bytes, each checked on its own."""
    if len(text) > lim.MAX_FILE_BYTES:
        return _refused(RunError(f"{name}: the file is larger than {lim.MAX_FILE_BYTES // MIB} "
                                 f"MB, too large for run records.", "too-large",
                                 {"file": name, "mb": str(lim.MAX_FILE_BYTES // MIB)}))
    try:
        data = json.loads(text.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return _refused(RunError(f"{name}: not a JSON run record (it is not valid UTF-8 JSON).",
                                 "not-json", {"file": name}))
    items = data if isinstance(data, list) else [data]
    if len(items) > MAX_RECORDS_PER_FILE:
        return _refused(RunError(f"{name}: more than {MAX_RECORDS_PER_FILE:,} records.",
                                 "too-many", {"file": name, "count": f"{MAX_RECORDS_PER_FILE:,}"}))
    good: list[CheckedRun] = []
    bad: list[RunError] = []
    for i, item in enumerate(items):
        where = name if len(items) == 1 else f"{name} (record {i + 1})"
        try:
            good.append(check_record(item, catalog, where))
        except RunError as exc:
            exc.params.update(file=name, record=str(i + 1) if len(items) > 1 else "")
            bad.append(exc)
    return ReadResult(tuple(good), tuple(str(e) for e in bad), tuple(bad))


def _refused(exc: RunError) -> ReadResult:
    """A whole file refused: one sentence, no runs."""
    exc.params.setdefault("record", "")
    return ReadResult((), (str(exc),), (exc,))


def read_files(paths: Iterable[Path], catalog: Catalog) -> ReadResult:
    """Every record in some files; an unreadable file is one sentence, the others still read."""
    good: list[CheckedRun] = []
    bad: list[RunError] = []
    for path in paths:
        try:
            data = path.read_bytes()
        except OSError as exc:
            detail = str(exc.strerror or exc)
            bad.append(RunError(f"{path}: could not be read ({detail}).", "unreadable",
                                {"file": str(path), "record": "", "detail": detail}))
            continue
        result = read_records(data, catalog, str(path))
        good += result.runs
        bad += result.reasons
    return ReadResult(tuple(good), tuple(str(e) for e in bad), tuple(bad))


def _local_path(text: str) -> bool:
    return (text.startswith(("/", "~", "\\\\", "./", "../"))
            or bool(re.match(r"^[A-Za-z]:[\\/]", text)))


def shareable(record: dict[str, Any], keep_private: bool = False) -> dict[str, Any]:
    """A record to share: the note emptied and local paths cut to their last folder name."""
    if keep_private:
        return record
    out: dict[str, Any] = json.loads(json.dumps(record))
    out["note"] = ""
    config = (out.get("workload") or {}).get("hf_config")
    if isinstance(config, dict) and isinstance(config.get("_name_or_path"), str) \
            and _local_path(config["_name_or_path"]):
        path = config["_name_or_path"]
        pure = PureWindowsPath(path) if "\\" in path else PurePosixPath(path)
        config["_name_or_path"] = pure.name
    return out


def export_text(records: Iterable[dict[str, Any]], keep_private: bool = False) -> str:
    """The records as one JSON list (what ``runs import`` reads back)."""
    return json.dumps([shareable(r, keep_private) for r in records], ensure_ascii=False,
                      indent=2) + "\n"
