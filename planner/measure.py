"""Record what a real training or serving run used, as a GPU Build Planner run record.

Drop this one file beside a training script (it imports nothing from the planner and needs
nothing outside the standard library; torch, transformers and PEFT are read only when the script
already uses them) and wrap the run::

    import measure
    with measure.Run("run.json", model=model, optimizer=optimizer, model_id="llama-3.1-8b",
                     batch=2, seq=2048):
        train()

or hand a Hugging Face ``Trainer`` ``measure.Callback("run.json", model_id=…)``. The record
(docs/measured-run.md) names the workload the way ``gpu-planner estimate … --json`` prints it
under ``workload``, the GPU and software stack, and the peak memory torch saw; import it with
``gpu-planner runs import run.json`` or File ▸ Import measured runs…, and the planner calibrates
its estimates for that GPU and stack. A log of ``nvidia-smi --query-gpu=… --format=csv -l N``
becomes a record with :func:`from_nvidia_smi` (or ``python measure.py nvidia-smi LOG …``).

Settings are read from the objects handed over (a model's config, dtype, PEFT adapters and
quantization, a torch optimizer, ``TrainingArguments``) and keyword arguments override them.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

FORMAT = "gpu-planner-run"
VERSION = 1
METRICS = ("max_memory_allocated", "max_memory_reserved", "nvidia-smi")
MIB = 1024**2

#: Training-setup keys a record may carry (the planner's ``TrainingSetup`` field names).
TRAINING_KEYS = (
    "precision", "optimizer", "batch", "seq", "checkpointing", "accumulation", "attention",
    "gpus", "strategy", "lora_rank", "qlora", "lora_targets", "checkpoint_mode",
    "adapter_dtype", "double_quant", "int8_base", "optimizer_impl", "optimizer_in_backward",
    "loss", "offload", "keep_gradients", "target_seq", "activation_offloading", "stack",
    "kbit_prep")
#: Inference-setup keys (the planner's ``InferenceSetup`` field names).
INFERENCE_KEYS = ("precision", "batch", "seq", "kv_precision", "gpus", "strategy")

# torch optimizer class names (and bitsandbytes') to the planner's optimizer names.
_OPTIMIZERS = {
    "adamw": "adamw", "adam": "adam", "sgd": "sgd", "adafactor": "adafactor", "lion": "lion",
    "adamw8bit": "adamw-8bit", "adam8bit": "adam-8bit", "pagedadamw": "paged-adamw",
    "pagedadamw8bit": "paged-adamw-8bit", "pagedadamw32bit": "paged-adamw",
}
# TrainingArguments.optim values to optimizer names (and implementations).
_TRAINER_OPTIM = {
    "adamw_torch": ("adamw", "foreach"), "adamw_torch_fused": ("adamw", "fused"),
    "adamw_hf": ("adamw", "per-tensor"), "adamw_bnb_8bit": ("adamw-8bit", None),
    "adamw_8bit": ("adamw-8bit", None), "paged_adamw_8bit": ("paged-adamw-8bit", None),
    "paged_adamw_32bit": ("paged-adamw", None), "adafactor": ("adafactor", None),
    "sgd": ("sgd", None), "lion_32bit": ("lion", None), "adam_8bit": ("adam-8bit", None),
}
_DTYPES = {"float32": "fp32", "float16": "fp16", "bfloat16": "bf16"}


def _get(obj: Any, name: str, default: Any = None) -> Any:
    """An attribute or mapping key, whichever the object has (configs come as both)."""
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def _dtype_name(dtype: Any) -> str | None:
    """``torch.bfloat16`` (or the string) to ``bf16``."""
    return _DTYPES.get(str(dtype).rsplit(".", 1)[-1]) if dtype is not None else None


def from_model(model: Any) -> dict[str, Any]:
    """What a (Hugging Face, possibly PEFT-wrapped) model says about the run."""
    found: dict[str, Any] = {}
    config = _get(model, "config")
    if config is not None:
        to_dict = getattr(config, "to_dict", None)
        found["hf_config"] = dict(to_dict() if callable(to_dict) else config)
        found["hf_config"].pop("quantization_config", None)
        quant = _get(config, "quantization_config")
        if quant is not None:
            quant = quant.to_dict() if callable(getattr(quant, "to_dict", None)) else quant
            if _get(quant, "load_in_4bit"):
                found["qlora"] = True
                found["double_quant"] = bool(_get(quant, "bnb_4bit_use_double_quant", False))
            elif _get(quant, "load_in_8bit"):
                found["int8_base"] = True
    if _get(model, "is_loaded_in_4bit"):
        found["qlora"] = True
    elif _get(model, "is_loaded_in_8bit"):
        found["int8_base"] = True
    dtype = _dtype_name(_get(model, "dtype"))
    if dtype is not None:
        found["dtype"] = dtype
    if _get(model, "is_gradient_checkpointing"):
        found["checkpointing"] = True
    peft = _get(model, "peft_config")
    if isinstance(peft, Mapping) and peft:
        found.update(from_peft(next(iter(peft.values()))))
    return found


def from_peft(peft_config: Any) -> dict[str, Any]:
    """A PEFT ``LoraConfig``: the rank and the module names adapted."""
    found: dict[str, Any] = {}
    rank = _get(peft_config, "r")
    if rank is not None:
        found["lora_rank"] = int(rank)
    targets = _get(peft_config, "target_modules")
    if isinstance(targets, str):
        found["lora_targets"] = "all-linear" if targets == "all-linear" else targets
    elif targets:
        found["lora_targets"] = ",".join(sorted(str(t) for t in targets))
    return found


def from_optimizer(optimizer: Any) -> dict[str, Any]:
    """A torch (or bitsandbytes) optimizer: its kind and how it steps."""
    name = type(optimizer).__name__.lower()
    found: dict[str, Any] = {}
    defaults = _get(optimizer, "defaults") or {}
    if name == "sgd":
        found["optimizer"] = "sgd-momentum" if defaults.get("momentum") else "sgd"
    elif name in _OPTIMIZERS:
        found["optimizer"] = _OPTIMIZERS[name]
    if defaults.get("fused"):
        found["optimizer_impl"] = "fused"
    elif defaults.get("foreach") is False:
        found["optimizer_impl"] = "per-tensor"
    elif "foreach" in defaults:
        found["optimizer_impl"] = "foreach"
    return found


def from_training_args(args: Any) -> dict[str, Any]:
    """Hugging Face ``TrainingArguments``: batch, accumulation, precision, checkpointing."""
    found: dict[str, Any] = {}
    batch = _get(args, "per_device_train_batch_size")
    if batch:
        found["batch"] = int(batch)
    steps = _get(args, "gradient_accumulation_steps")
    if steps:
        found["accumulation"] = int(steps)
    if _get(args, "gradient_checkpointing"):
        found["checkpointing"] = True
    if _get(args, "bf16"):
        found["precision"] = "amp-bf16"
    elif _get(args, "fp16"):
        found["precision"] = "amp-fp16"
    optim = str(_get(args, "optim", "") or "").rsplit(".", 1)[-1].lower()
    if optim in _TRAINER_OPTIM:
        kind, impl = _TRAINER_OPTIM[optim]
        found["optimizer"] = kind
        if impl:
            found["optimizer_impl"] = impl
    return found


def workload(*, task: str = "train", model_id: str | None = None,
             hf_config: Mapping[str, Any] | None = None, head: str | None = None,
             num_labels: int | None = None, **settings: Any) -> dict[str, Any]:
    """The record's ``workload``: the shape ``gpu-planner estimate … --json`` prints.

    ``model_id`` names a catalog model; otherwise ``hf_config`` carries the model's config.json.
    ``settings`` are the training (or inference) setup's keys; unknown keys are refused here,
    so a typo fails in the script rather than at import.
    """
    if task not in ("train", "inference"):
        raise ValueError(f"task must be 'train' or 'inference', not {task!r}")
    keys = TRAINING_KEYS if task == "train" else INFERENCE_KEYS
    unknown = sorted(set(settings) - set(keys))
    if unknown:
        raise ValueError(f"unknown setting(s) for {task}: {', '.join(unknown)}")
    if model_id is None and hf_config is None:
        raise ValueError("name the model: model_id (a catalog id) or hf_config")
    setup = {k: settings[k] for k in keys if settings.get(k) is not None}
    return {"model": model_id, "hf_config": None if model_id else dict(hf_config or {}),
            "head": head, "num_labels": num_labels, "task": task,
            "training" if task == "train" else "inference": setup}


def stack(framework: str | None = None) -> dict[str, str | None]:
    """The software the run used: torch, CUDA, the NVIDIA driver and the training framework."""
    torch = sys.modules.get("torch")
    version = getattr(torch, "__version__", None) if torch else None
    cuda = getattr(getattr(torch, "version", None), "cuda", None) if torch else None
    if framework is None:
        names = [n for n in ("transformers", "peft", "trl", "accelerate", "deepspeed",
                             "torchtune", "lightning") if n in sys.modules]
        framework = ", ".join(f"{n} {getattr(sys.modules[n], '__version__', '?')}"
                              for n in names) or None
    return {"torch": None if version is None else str(version).split("+")[0],
            "cuda": None if cuda is None else str(cuda), "driver": driver_version(),
            "framework": framework}


def driver_version() -> str | None:
    """The NVIDIA driver's version from the kernel module (Linux), else ``None``."""
    try:
        text = Path("/proc/driver/nvidia/version").read_text(encoding="utf-8")
    except OSError:
        return None
    found = re.search(r"Kernel Module\s+(?:for \S+\s+)?([0-9][0-9.]+)", text)
    return found.group(1) if found else None


def record(*, workload: Mapping[str, Any], gpu_name: str, gpu_count: int,
           peak_bytes: int, metric: str, per_gpu: Iterable[int] | None = None,
           stack: Mapping[str, Any] | None = None, when: str | None = None,
           note: str = "") -> dict[str, Any]:
    """A whole run record (docs/measured-run.md), checked for the mistakes a script makes."""
    if metric not in METRICS:
        raise ValueError(f"metric must be one of {', '.join(METRICS)}, not {metric!r}")
    if not isinstance(peak_bytes, int) or peak_bytes <= 0:
        raise ValueError(f"peak_bytes must be a whole number of bytes above 0, not {peak_bytes!r}")
    if gpu_count < 1:
        raise ValueError("gpu_count must be at least 1")
    return {
        "format": FORMAT, "version": VERSION, "workload": dict(workload),
        "gpu": {"name": gpu_name, "count": int(gpu_count)},
        "stack": dict(stack if stack is not None else {"torch": None, "cuda": None,
                                                        "driver": None, "framework": None}),
        "measured": {"peak_bytes": peak_bytes, "metric": metric,
                     "per_gpu": [int(b) for b in per_gpu] if per_gpu else [peak_bytes]},
        "when": when or dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat().replace(
            "+00:00", "Z"),
        "note": note,
    }


def write(path: str | os.PathLike[str], run: Mapping[str, Any]) -> Path:
    """Write a record as UTF-8 JSON (through a temporary file, so a crash leaves no half)."""
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    # default=str: a config may hold a value JSON has no type for (a dtype object, a path)
    tmp.write_text(json.dumps(run, ensure_ascii=False, indent=2, default=str) + "\n",
                   encoding="utf-8")
    tmp.replace(target)
    return target


class Run:
    """A context manager around a run: resets torch's peak statistics, writes the record after.

    ``model``, ``optimizer``, ``training_args`` and ``peft_config`` are read for settings;
    keyword ``settings`` (``batch=2, seq=2048`` …) override what they say. Without torch or a
    CUDA device nothing is written and :attr:`record` stays ``None`` (a CPU run measures no GPU).
    """

    def __init__(self, path: str | os.PathLike[str] | None, *, model: Any = None,
                 optimizer: Any = None, training_args: Any = None, peft_config: Any = None,
                 task: str = "train", model_id: str | None = None, head: str | None = None,
                 num_labels: int | None = None, metric: str = "max_memory_allocated",
                 framework: str | None = None, note: str = "", **settings: Any) -> None:
        self.path = path
        self.objects = (model, optimizer, training_args, peft_config)
        self.options: dict[str, Any] = {"task": task, "model_id": model_id, "head": head,
                                        "num_labels": num_labels}
        self.metric, self.framework, self.note, self.settings = metric, framework, note, settings
        self.record: dict[str, Any] | None = None

    def settings_found(self) -> dict[str, Any]:
        """Settings read from the objects, then the keyword arguments over them."""
        model, optimizer, training_args, peft_config = self.objects
        found: dict[str, Any] = {}
        if model is not None:
            found.update(from_model(model))
        if peft_config is not None:
            found.update(from_peft(peft_config))
        if training_args is not None:
            found.update(from_training_args(training_args))
        if optimizer is not None:  # the object that ran, over the arguments' name for it
            found.update(from_optimizer(optimizer))
        dtype = found.pop("dtype", None)
        if "precision" not in found and dtype is not None:
            # A model loaded in 16 bits and trained without autocast trains in pure 16-bit;
            # served, its dtype is the weights' precision.
            found["precision"] = dtype
        found.update({k: v for k, v in self.settings.items() if v is not None})
        return found

    def __enter__(self) -> Run:
        torch = sys.modules.get("torch")
        if torch is not None and torch.cuda.is_available():
            for i in range(torch.cuda.device_count()):
                torch.cuda.reset_peak_memory_stats(i)
        return self

    def __exit__(self, *exc: object) -> None:
        if exc[0] is None:
            self.finish()

    def finish(self) -> dict[str, Any] | None:
        """Read the peaks and write the record (``None`` without torch and a GPU)."""
        torch = sys.modules.get("torch")
        if torch is None or not torch.cuda.is_available():
            return None
        count = torch.cuda.device_count()
        read = (torch.cuda.max_memory_reserved if self.metric == "max_memory_reserved"
                else torch.cuda.max_memory_allocated)
        per_gpu = [int(read(i)) for i in range(count)]
        used = [b for b in per_gpu if b > 0] or per_gpu
        found = self.settings_found()
        hf_config = found.pop("hf_config", None)
        opts = dict(self.options)
        if opts["task"] == "inference":
            found = {k: v for k, v in found.items() if k in INFERENCE_KEYS}
        else:
            found = {k: v for k, v in found.items() if k in TRAINING_KEYS}
        found.setdefault("gpus", len(used))
        self.record = record(
            workload=workload(hf_config=hf_config, **opts, **found),
            gpu_name=str(torch.cuda.get_device_name(0)), gpu_count=len(used),
            peak_bytes=max(used), metric=self.metric, per_gpu=used,
            stack=stack(self.framework), note=self.note)
        if self.path is not None:
            write(self.path, self.record)
        return self.record


class Callback:
    """A Hugging Face ``Trainer`` callback: measures from ``on_train_begin`` to ``on_train_end``.

    Duck-typed (the Trainer calls ``on_*`` methods by name), so this file needs no transformers
    import; every event it does not use is a no-op.
    """

    def __init__(self, path: str | os.PathLike[str], **kwargs: Any) -> None:
        self.path, self.kwargs = path, kwargs
        self.run: Run | None = None

    def on_train_begin(self, args: Any, state: Any, control: Any, **kw: Any) -> None:
        """Start measuring with what the Trainer hands over."""
        self.run = Run(self.path, model=kw.get("model"), optimizer=kw.get("optimizer"),
                       training_args=args, **self.kwargs)
        self.run.__enter__()

    def on_train_end(self, args: Any, state: Any, control: Any, **kw: Any) -> None:
        """Write the record."""
        if self.run is not None:
            if kw.get("optimizer") is not None:
                self.run.objects = (self.run.objects[0], kw["optimizer"], args,
                                    self.run.objects[3])
            self.run.finish()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("on_"):
            return lambda *args, **kwargs: None
        raise AttributeError(name)


def _mib(cell: str, header: str) -> int:
    """A memory cell of an nvidia-smi CSV in bytes; nvidia-smi prints memory in MiB."""
    text = cell.strip()
    unit = re.search(r"\[(\w+)\]", header)
    number = re.match(r"^([0-9]+(?:\.[0-9]+)?)\s*(MiB|GiB)?$", text)
    if number is None:
        raise ValueError(f"memory.used holds {text!r}, not a figure in MiB")
    scale = 1024 if (number.group(2) or (unit.group(1) if unit else "MiB")) == "GiB" else 1
    return round(float(number.group(1)) * scale * MIB)


def from_nvidia_smi(text: str, *, workload: Mapping[str, Any],
                    indices: Iterable[int] | None = None, stack: Mapping[str, Any] | None = None,
                    note: str = "", when: str | None = None) -> dict[str, Any]:
    """A record from an nvidia-smi CSV log: the peak of ``memory.used`` on each GPU the run used.

    Log with ``nvidia-smi --query-gpu=timestamp,index,name,memory.used,driver_version
    --format=csv -l 1``; ``indices`` names the GPUs the run used (default: every GPU in the
    log). ``memory.used`` counts every process on the card: log a machine running nothing else.
    """
    rows = [r for r in (line.strip() for line in text.splitlines()) if r]
    if not rows:
        raise ValueError("the nvidia-smi log is empty")
    header = [h.strip() for h in rows[0].split(",")]
    names = [h.split(" [")[0] for h in header]
    for needed in ("index", "name", "memory.used"):
        if needed not in names:
            raise ValueError(f"the nvidia-smi log has no {needed} column; log it with "
                             f"--query-gpu=index,name,memory.used")
    col = {n: i for i, n in enumerate(names)}
    wanted = None if indices is None else {int(i) for i in indices}
    peaks: dict[int, int] = {}
    gpu_names: dict[int, str] = {}
    driver, first = None, None
    for line in rows[1:]:
        cells = [c.strip() for c in line.split(",")]
        if cells[: len(names)] == names or cells[0] == header[0] or len(cells) < len(names):
            continue  # a repeated header, or a line cut off when the log was stopped
        index = int(cells[col["index"]])
        if wanted is not None and index not in wanted:
            continue
        used = _mib(cells[col["memory.used"]], header[col["memory.used"]])
        peaks[index] = max(peaks.get(index, 0), used)
        gpu_names[index] = cells[col["name"]]
        if "driver_version" in col:
            driver = cells[col["driver_version"]]
        if "timestamp" in col and first is None:
            first = cells[col["timestamp"]]
    if not peaks:
        raise ValueError("the nvidia-smi log has no sample of the GPUs the run used")
    if len(set(gpu_names.values())) > 1:
        raise ValueError("the run's GPUs are of different models; give indices of one model")
    per_gpu = [peaks[i] for i in sorted(peaks)]
    info = dict(stack or {"torch": None, "cuda": None, "driver": None, "framework": None})
    if info.get("driver") is None and driver:
        info["driver"] = driver
    if when is None and first:
        stamp = re.sub(r"^(\d{4})/(\d\d)/(\d\d) ", r"\1-\2-\3T", first).split(".")[0]
        when = stamp if re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$", stamp) else None
    return record(workload=workload, gpu_name=next(iter(gpu_names.values())),
                  gpu_count=len(per_gpu), peak_bytes=max(per_gpu), metric="nvidia-smi",
                  per_gpu=per_gpu, stack=info, note=note, when=when)


def main(argv: list[str] | None = None) -> int:
    """``python measure.py nvidia-smi LOG --workload ESTIMATE.json --out RUN.json``."""
    parser = argparse.ArgumentParser(prog="measure.py", description=(
        "Turn an nvidia-smi CSV log into a GPU Build Planner run record."))
    sub = parser.add_subparsers(dest="command", required=True)
    smi = sub.add_parser("nvidia-smi", help="a record from an nvidia-smi --format=csv log")
    smi.add_argument("log", type=Path)
    smi.add_argument("--workload", type=Path, required=True, help=(
        "the output of 'gpu-planner estimate … --json' for the run (its workload key is used)"))
    smi.add_argument("--out", type=Path, required=True)
    smi.add_argument("--gpus", help="indices the run used, comma-separated (default: all)")
    for key in ("torch", "cuda", "driver", "framework"):
        smi.add_argument(f"--{key}", help=f"the run's {key} version")
    smi.add_argument("--note", default="")
    args = parser.parse_args(argv)
    try:
        estimate = json.loads(args.workload.read_text(encoding="utf-8"))
        work = estimate.get("workload", estimate) if isinstance(estimate, dict) else None
        if not isinstance(work, dict):
            raise ValueError(f"{args.workload} holds no workload")
        indices = None if not args.gpus else [int(i) for i in args.gpus.split(",")]
        run = from_nvidia_smi(
            args.log.read_text(encoding="utf-8"), workload=work, indices=indices,
            stack={k: getattr(args, k) for k in ("torch", "cuda", "driver", "framework")},
            note=args.note)
        write(args.out, run)
    except (OSError, ValueError) as exc:
        print(f"{exc}.", file=sys.stderr)
        return 2
    print(f"Wrote {args.out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
