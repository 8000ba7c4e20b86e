"""Read the bundled ``data/`` TOML files into core records, refusing anything doubtful.

The catalog is reviewed like code, so a bad figure should stop the build (tests load the real
folder) with one plain sentence naming the file, the record and the field, rather than surface
later as a wrong recommendation. What a record must hold is declared once, in
:mod:`planner.schema.records` (checked at the catalog's strictness); this module reads the files,
words each problem for a data author and checks references between files. Rules that hold for
most cards but not all (e.g. FP8 at twice FP16) are deliberately not checked.

The format is described in ``docs/data-format.md``.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from planner.catalog.version import DataFileError, read_version
from planner.catalog.wording import value_problem
from planner.core.costs.money import Rates
from planner.core.records.specs import Catalog
from planner.paths import bundled_data_dir
from planner.schema.base import Record, fmt
from planner.schema.dated import CloudInstanceRecord, CurrencyFile, PriceFileRecord, TariffRecord
from planner.schema.problems import MISSING, UNKNOWN, Problem, check
from planner.schema.records import (
    PROFILED_FAMILIES,
    ArchitectureRecord,
    CarbonRecord,
    GpuRecord,
    PricedGpu,
    ProfileFileRecord,
    WorkloadRecord,
)

PRICES_FILE = "prices.toml"
CURRENCY_FILE = "currency.toml"
GPU_FOLDER = "gpus"
PRECISION_FLAGS = {"bf16_tensor_tflops": "bf16", "fp8_tensor_tflops": "fp8",
                   "fp4_tensor_tflops": "fp4"}
R = TypeVar("R", bound=Record)
Item = tuple[str, Any]  # (file, checked record)


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

    def report(self, raw: Mapping[str, Any], problems: list[Problem]) -> None:
        """Word every problem; a key suggested for an unknown one is not also called missing."""
        suggested: set[str] = set()
        for problem in problems:
            if problem.code != UNKNOWN:
                continue
            parent = _at(raw, problem.path[:-1])
            prefix = problem.dotted[: len(problem.dotted) - len(problem.key)]
            missing = [k for k in problem.model.model_fields if k not in parent]
            key = problem.key
            close = difflib.get_close_matches(key, missing, n=1) or [
                k for k in missing if k.startswith(key) or key.startswith(k)][:1]
            tip = f" (did you mean '{prefix}{close[0]}'?)" if close else ""
            suggested.update(prefix + c for c in close)
            self.fail(problem.dotted, f"has an unknown field '{problem.dotted}'{tip}")
        for problem in problems:
            if problem.code == UNKNOWN:
                continue
            if problem.code == MISSING:
                if problem.dotted not in suggested:
                    self.fail(problem.dotted,
                              f"is missing the required field '{problem.dotted}'")
            elif problem.code == "record":
                self.fail(str(problem.ctx["field"]), str(problem.ctx["message"]))
            else:
                self.fail(problem.dotted, value_problem(problem))


def _at(raw: Any, path: tuple[str | int, ...]) -> Any:
    for part in path:
        raw = raw[part]
    return raw if isinstance(raw, dict) else {}


def _checked(ctx: _Context, model: type[R], raw: Mapping[str, Any],
             level: str = "catalog") -> R | None:
    record, problems = check(model, dict(raw), level)  # type: ignore[arg-type]
    ctx.report(raw, problems)
    return record if isinstance(record, model) else None


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

    def read_document(self, path: Path, required: bool = True) -> dict[str, Any] | None:
        """The whole TOML file, or ``None`` (reported) when it is missing or unreadable."""
        rel = self._rel(path)
        if not path.is_file():
            if required:
                self.file_error(rel, "the file is missing")
            return None
        try:
            with path.open("rb") as fh:
                return tomllib.load(fh)
        except tomllib.TOMLDecodeError as exc:
            self.file_error(rel, f"the file is not valid TOML ({exc})")
        except (OSError, UnicodeDecodeError) as exc:
            self.file_error(rel, f"the file cannot be read ({exc})")
        return None

    def read_table(self, path: Path, key: str, required: bool = True) -> list[Any]:
        """Return the array ``[[key]]`` of a TOML file; other top-level keys are an error."""
        rel = self._rel(path)
        doc = self.read_document(path, required)
        if doc is None:
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

    def records(self, path: Path, key: str, kind: str, model: type[R], required: bool = True,
                positions: list[int] | None = None) -> list[tuple[str, R]]:
        """Return one file's valid records as (file, record) pairs; bad ones are reported.

        Records without an ``id`` (prices) are named by position and the GPU they price.
        """
        return self.check(self._rel(path), self.read_table(path, key, required), kind, model,
                          positions)

    def check(self, rel: str, items: list[Any], kind: str, model: type[R],
              positions: list[int] | None = None) -> list[tuple[str, R]]:
        """Check records read as ``[[kind]]`` tables; bad ones are reported (see records)."""
        out: list[tuple[str, R]] = []
        for index, raw in enumerate(items, start=1):
            label = f"{kind} #{index}"
            if not isinstance(raw, dict):
                self.file_error(rel, f"{label} is not a table")
                continue
            owner = raw.get("gpu_id")
            if "id" not in model.model_fields and isinstance(owner, str) and owner:
                label += f" (for '{owner}')"
            rid = raw.get("id")
            ctx = _Context(rel, kind, label, rid if isinstance(rid, str) and rid else None)
            record = _checked(ctx, model, raw)
            self.errors.extend(ctx.errors)
            if record is not None and not ctx.errors:
                out.append((rel, record))
                if positions is not None:
                    positions.append(index)
        return out

    def unique(self, items: Iterable[tuple[str, R]], kind: str) -> list[tuple[str, R]]:
        """Drop and report records whose id was already used (across all files of the kind)."""
        seen: dict[str, str] = {}
        out: list[tuple[str, R]] = []
        for file, record in items:
            rid = str(getattr(record, "id"))  # noqa: B009 - every file record has an id
            if rid in seen:
                where = "earlier in this file" if seen[rid] == file else f"in {seen[rid]}"
                self.errors.append(DataFileError(
                    file, f"{file}: {kind} '{rid}' has the same id as a {kind} {where}.",
                    record_id=rid, field="id"))
                continue
            seen[rid] = file
            out.append((file, record))
        return out


def check_items(items: list[Any], file: str, kind: str,
                model: type[R]) -> tuple[list[R], list[DataFileError]]:
    """Records read from elsewhere (a price pack's ``[[price]]``) checked as data/'s are.

    Returns the valid records and every problem, each a sentence naming the record and field
    (prefixed with ``file`` when one is given).
    """
    loader = _Loader(Path())
    checked = loader.check(file, items, kind, model)
    return [record for _, record in checked], loader.errors


def check_gpu_record(record: Mapping[str, Any], *, require_sources: bool = False,
                     label: str = "GPU") -> tuple[dict[str, Any] | None, list[DataFileError]]:
    """Check one GPU record from outside the data files (a user's own GPU).

    The same field rules as ``gpus/*.toml`` apply, except that sources are optional unless
    ``require_sources``: a user describing their own card rarely has a datasheet link. Returns the
    normalised record (``None`` when invalid) and the problems, whose messages start with
    ``label`` instead of a file name.
    """
    rid = record.get("id")
    ctx = _Context("", label, label, rid if isinstance(rid, str) and rid else None)
    raw = dict(record)
    if not require_sources:
        raw.setdefault("sources", [])
    checked = _checked(ctx, PricedGpu, raw, "catalog" if require_sources else "user")
    if checked is None or ctx.errors:
        return None, ctx.errors
    return checked.model_dump(), []


def _prices(loader: _Loader, data_dir: Path, gpu_ids: set[str]) -> dict[str, list[Any]]:
    """Core price records per GPU id, in file order; a price for an unknown GPU is an error."""
    found: dict[str, list[Any]] = {}
    orphans: dict[str, list[int]] = {}
    bad_gpus = loader.rejected("gpu")
    positions: list[int] = []
    valid = loader.records(data_dir / PRICES_FILE, "price", "price", PriceFileRecord,
                           positions=positions)
    for index, (_, price) in zip(positions, valid, strict=True):
        if price.gpu_id in gpu_ids:
            found.setdefault(price.gpu_id, []).append(price.to_core())
        elif price.gpu_id not in bad_gpus:
            orphans.setdefault(price.gpu_id, []).append(index)
    for gpu_id, numbers in orphans.items():  # one sentence per unknown id, not per record
        which = (f"price #{numbers[0]} has" if len(numbers) == 1 else
                 f"prices #{', #'.join(map(str, numbers))} have")
        loader.errors.append(DataFileError(
            PRICES_FILE, f"{PRICES_FILE}: {which} gpu_id = '{gpu_id}', which is not the id of "
                         "any GPU in gpus/.", field="gpu_id", kind="price"))
    return found


def read_rates(data_dir: Path) -> Rates:
    """The default exchange rates in ``currency.toml`` with their history, or a sentence."""
    loader = _Loader(data_dir)
    rates = _rates(loader, data_dir)
    if rates is None:
        first = loader.errors[0]
        first.others = loader.errors[1:]
        raise first
    return rates


def _rates(loader: _Loader, data_dir: Path) -> Rates | None:
    doc = loader.read_document(data_dir / CURRENCY_FILE)
    if doc is None:
        return None
    ctx = _Context(CURRENCY_FILE, "rates", "the rates", None)
    checked = _checked(ctx, CurrencyFile, doc)
    loader.errors.extend(ctx.errors)
    return checked.to_core() if checked is not None and not ctx.errors else None


def _gpus(loader: _Loader, data_dir: Path,
          architectures: dict[str, ArchitectureRecord]) -> tuple[list[Item], set[str]]:
    """The valid GPU records, and the ids of every GPU record read (valid or not)."""
    bad_architectures = loader.rejected("architecture")
    gpu_dir = data_dir / GPU_FOLDER
    gpu_files = sorted(gpu_dir.glob("*.toml")) if gpu_dir.is_dir() else []
    if not gpu_files:
        loader.file_error(GPU_FOLDER, "the folder has no .toml files with [[gpu]] records")
    gpu_raw: list[tuple[str, GpuRecord]] = []
    for path in gpu_files:
        gpu_raw += loader.records(path, "gpu", "gpu", GpuRecord)
    items: list[Item] = []
    for file, gpu in loader.unique(gpu_raw, "gpu"):
        ctx = _Context(file, "gpu", "gpu", gpu.id)
        arch = architectures.get(gpu.architecture)
        if arch is None and gpu.architecture in bad_architectures:
            continue
        if arch is None:
            ctx.fail("architecture", f"has architecture = {fmt(gpu.architecture)}, which is "
                                     "not an id in architectures.toml")
        else:
            if arch.vendor != gpu.vendor:
                ctx.fail("architecture", f"is an {gpu.vendor} card but its architecture "
                                         f"'{arch.id}' is {arch.vendor}'s")
            for key, flag in PRECISION_FLAGS.items():
                if getattr(gpu, key) is not None and not getattr(arch, flag):
                    ctx.fail(key, f"has {key} but its architecture '{arch.id}' has "
                                  f"{flag} = false in architectures.toml")
        loader.errors.extend(ctx.errors)
        if not ctx.errors:
            items.append((file, gpu))
    return items, {g.id for _, g in gpu_raw}


def _workloads(loader: _Loader, data_dir: Path) -> list[Item]:
    """Workloads with their activation profiles attached (as core records)."""
    items = loader.unique(loader.records(data_dir / "workloads.toml", "workload", "workload",
                                         WorkloadRecord), "workload")
    by_id = {w.id: w for _, w in items}
    profiles: dict[str, ProfileFileRecord] = {}
    for file, profile in loader.unique(loader.records(
            data_dir / "activation_profiles.toml", "profile", "profile", ProfileFileRecord),
            "profile"):
        if profile.id not in by_id:
            loader.errors.append(DataFileError(
                file, f"{file}: profile '{profile.id}' has no workload with that id in "
                      "workloads.toml.", record_id=profile.id, field="id"))
        else:
            profiles[profile.id] = profile
    bad_profiles = loader.rejected("profile")
    profiles_file = (data_dir / "activation_profiles.toml").is_file()  # else said once already
    for _, workload in items:
        if (profiles_file and workload.family in PROFILED_FAMILIES
                and workload.id not in profiles and workload.id not in bad_profiles):
            loader.errors.append(DataFileError(
                "workloads.toml",
                f"workloads.toml: workload '{workload.id}' is a {workload.family} model "
                "but activation_profiles.toml has no profile for it.",
                record_id=workload.id, field="profile"))
    return [(file, w.to_core(profile=profiles[w.id].to_core() if w.id in profiles else None))
            for file, w in items]


def _collect(data_dir: Path) -> tuple[Catalog | None, list[DataFileError]]:
    loader = _Loader(data_dir)
    version = ""
    try:
        version = read_version(data_dir)
    except DataFileError as exc:
        loader.errors.append(exc)

    arch_items = loader.unique(loader.records(data_dir / "architectures.toml", "architecture",
                                              "architecture", ArchitectureRecord),
                               "architecture")
    gpu_items, gpu_ids = _gpus(loader, data_dir, {a.id: a for _, a in arch_items})
    prices = _prices(loader, data_dir, gpu_ids)
    _rates(loader, data_dir)
    workloads = _workloads(loader, data_dir)
    tariff_items = loader.unique(loader.records(data_dir / "tariffs.toml", "tariff", "tariff",
                                                TariffRecord), "tariff")
    carbon_items = loader.unique(loader.records(data_dir / "carbon.toml", "carbon", "carbon",
                                                CarbonRecord), "carbon")
    cloud_items = loader.unique(loader.records(data_dir / "cloud.toml", "instance", "instance",
                                               CloudInstanceRecord), "instance")
    bad_gpus = loader.rejected("gpu")
    for file, inst in cloud_items:
        if inst.gpu_id not in gpu_ids and inst.gpu_id not in bad_gpus:
            loader.errors.append(DataFileError(
                file, f"{file}: instance '{inst.id}' has gpu_id = '{inst.gpu_id}', which "
                      "is not the id of any GPU in gpus/.", record_id=inst.id, field="gpu_id"))

    if loader.errors:
        return None, loader.errors
    catalog = Catalog(
        gpus=tuple(r.to_core(prices=tuple(prices.get(r.id, ()))) for _, r in gpu_items),
        architectures=tuple(r.to_core() for _, r in arch_items),
        workloads=tuple(w for _, w in workloads),
        tariffs=tuple(r.to_core() for _, r in tariff_items),
        carbon=tuple(r.to_core() for _, r in carbon_items),
        cloud=tuple(r.to_core() for _, r in cloud_items),
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
