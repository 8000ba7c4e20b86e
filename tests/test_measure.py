"""planner/measure.py: records written from a run's objects, with fakes for torch and friends.

The module must work as one file copied beside a training script, so it is also run from a copy
in a temporary folder with the planner nowhere on the path. A real torch (the CPU wheel) is used
where it is installed; those tests are skipped otherwise.
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from planner import measure

MEASURE_FILE = Path(measure.__file__)
GIB = 1024**3


class _Cuda:
    """torch.cuda as a two-GPU machine whose peaks the test sets."""

    def __init__(self, peaks: list[int], *, available: bool = True) -> None:
        self.peaks, self.available = peaks, available
        self.resets: list[int] = []

    def is_available(self) -> bool:
        return self.available

    def device_count(self) -> int:
        return len(self.peaks)

    def reset_peak_memory_stats(self, i: int) -> None:
        self.resets.append(i)

    def max_memory_allocated(self, i: int) -> int:
        return self.peaks[i]

    def max_memory_reserved(self, i: int) -> int:
        return self.peaks[i] + GIB

    def get_device_name(self, i: int) -> str:
        return "NVIDIA GeForce RTX 4090"


def _fake_torch(monkeypatch: pytest.MonkeyPatch, peaks: list[int],
                available: bool = True) -> _Cuda:
    cuda = _Cuda(peaks, available=available)
    torch = types.SimpleNamespace(__version__="2.5.1+cu121", cuda=cuda,
                                  version=types.SimpleNamespace(cuda="12.1"))
    monkeypatch.setitem(sys.modules, "torch", torch)
    for name in ("transformers", "peft", "trl", "accelerate", "deepspeed", "torchtune",
                 "lightning"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setitem(sys.modules, "transformers",
                        types.SimpleNamespace(__version__="4.46.2"))
    monkeypatch.setitem(sys.modules, "peft", types.SimpleNamespace(__version__="0.13.2"))
    return cuda


class _Config:
    def __init__(self, **values: Any) -> None:
        self.__dict__.update(values)

    def to_dict(self) -> dict[str, Any]:
        return {k: (v.to_dict() if isinstance(v, _Config) else v)
                for k, v in self.__dict__.items()}


class AdamW:  # the class name is what the recorder reads, as torch.optim.AdamW's
    def __init__(self, **defaults: Any) -> None:
        self.defaults = defaults


class SGD:
    def __init__(self, **defaults: Any) -> None:
        self.defaults = defaults


def _qlora_model() -> Any:
    config = _Config(model_type="llama", hidden_size=4096, num_hidden_layers=32,
                     quantization_config=_Config(load_in_4bit=True,
                                                 bnb_4bit_use_double_quant=True))
    lora = types.SimpleNamespace(r=16, target_modules={"v_proj", "q_proj"})
    return types.SimpleNamespace(config=config, dtype="torch.bfloat16",
                                 peft_config={"default": lora}, is_gradient_checkpointing=True)


def _trainer_args() -> Any:
    return types.SimpleNamespace(per_device_train_batch_size=2, gradient_accumulation_steps=8,
                                 gradient_checkpointing=True, bf16=True, fp16=False,
                                 optim="OptimizerNames.ADAMW_TORCH_FUSED")


def test_a_run_records_what_its_objects_say(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    cuda = _fake_torch(monkeypatch, [20 * GIB, 21 * GIB])
    out = tmp_path / "run.json"
    with measure.Run(out, model=_qlora_model(), optimizer=AdamW(fused=True, lr=1e-4),
                     training_args=_trainer_args(), seq=2048, note="first try"):
        pass
    assert cuda.resets == [0, 1]
    run = json.loads(out.read_text(encoding="utf-8"))
    assert run["format"] == "gpu-planner-run" and run["version"] == 1
    work = run["workload"]
    assert work["model"] is None and work["task"] == "train"
    # the quantization block is the run's recipe, not the model's architecture
    assert work["hf_config"] == {"model_type": "llama", "hidden_size": 4096,
                                 "num_hidden_layers": 32}
    assert work["training"] == {
        "precision": "amp-bf16", "optimizer": "adamw", "batch": 2, "seq": 2048,
        "checkpointing": True, "accumulation": 8, "gpus": 2, "lora_rank": 16, "qlora": True,
        "lora_targets": "q_proj,v_proj", "double_quant": True, "optimizer_impl": "fused"}
    assert run["gpu"] == {"name": "NVIDIA GeForce RTX 4090", "count": 2}
    assert run["measured"] == {"peak_bytes": 21 * GIB, "metric": "max_memory_allocated",
                               "per_gpu": [20 * GIB, 21 * GIB]}
    assert run["stack"] == {"torch": "2.5.1", "cuda": "12.1",
                            "driver": measure.driver_version(),
                            "framework": "transformers 4.46.2, peft 0.13.2"}
    assert run["note"] == "first try" and run["when"].endswith("Z")


def test_keywords_override_objects_and_a_catalog_id_replaces_the_config(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_torch(monkeypatch, [9 * GIB])
    run = measure.Run(None, model=_qlora_model(), optimizer=SGD(momentum=0.9),
                      model_id="llama-3.1-8b", metric="max_memory_reserved",
                      batch=4, framework="torchtune 0.4.0").finish()
    assert run is not None
    assert run["workload"]["model"] == "llama-3.1-8b" and run["workload"]["hf_config"] is None
    assert run["workload"]["training"]["optimizer"] == "sgd-momentum"
    assert run["workload"]["training"]["batch"] == 4
    # pure bf16 training: the model's dtype without autocast
    assert run["workload"]["training"]["precision"] == "bf16"
    assert run["measured"]["peak_bytes"] == 10 * GIB  # reserved: the fake's peak + 1 GiB
    assert run["stack"]["framework"] == "torchtune 0.4.0"


def test_serving_keeps_only_inference_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_torch(monkeypatch, [5 * GIB])
    run = measure.Run(None, model=_qlora_model(), task="inference", model_id="llama-3.1-8b",
                      batch=1, seq=4096).finish()
    assert run is not None
    assert run["workload"]["inference"] == {"precision": "bf16", "batch": 1, "seq": 4096,
                                            "gpus": 1}
    assert "training" not in run["workload"]


def test_without_a_gpu_nothing_is_written(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    _fake_torch(monkeypatch, [GIB], available=False)
    out = tmp_path / "run.json"
    with measure.Run(out, model_id="gpt2", batch=1) as run:
        pass
    assert run.record is None and not out.exists()


def test_a_failed_run_writes_no_record(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _fake_torch(monkeypatch, [GIB])
    out = tmp_path / "run.json"
    with pytest.raises(RuntimeError), measure.Run(out, model_id="gpt2"):
        raise RuntimeError("CUDA out of memory")
    assert not out.exists()


def test_the_trainer_callback_measures_from_begin_to_end(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    cuda = _fake_torch(monkeypatch, [12 * GIB])
    out = tmp_path / "run.json"
    callback = measure.Callback(out, model_id="llama-3.2-1b", seq=1024)
    args = _trainer_args()
    callback.on_init_end(args, None, None)  # events it does not use are no-ops
    callback.on_train_begin(args, None, None, model=_qlora_model())
    callback.on_step_end(args, None, None)
    callback.on_train_end(args, None, None, optimizer=AdamW(foreach=False))
    assert cuda.resets == [0]
    run = json.loads(out.read_text(encoding="utf-8"))
    assert run["workload"]["training"]["optimizer_impl"] == "per-tensor"
    assert run["workload"]["training"]["accumulation"] == 8
    assert run["measured"]["peak_bytes"] == 12 * GIB
    with pytest.raises(AttributeError):
        callback.not_an_event  # noqa: B018


def test_mistakes_are_refused_in_the_script() -> None:
    with pytest.raises(ValueError, match="unknown setting"):
        measure.workload(model_id="gpt2", batchsize=4)
    with pytest.raises(ValueError, match="name the model"):
        measure.workload(batch=4)
    with pytest.raises(ValueError, match="peak_bytes"):
        measure.record(workload={}, gpu_name="x", gpu_count=1, peak_bytes=0,
                       metric="nvidia-smi")
    with pytest.raises(ValueError, match="metric"):
        measure.record(workload={}, gpu_name="x", gpu_count=1, peak_bytes=1, metric="rss")


SMI_LOG = """timestamp, index, name, memory.used [MiB], memory.total [MiB], driver_version
2026/11/30 10:00:01.123, 0, NVIDIA A100-SXM4-80GB, 512 MiB, 81920 MiB, 550.54.15
2026/11/30 10:00:01.125, 1, NVIDIA A100-SXM4-80GB, 3 MiB, 81920 MiB, 550.54.15
2026/11/30 10:00:02.130, 0, NVIDIA A100-SXM4-80GB, 40960 MiB, 81920 MiB, 550.54.15
timestamp, index, name, memory.used [MiB], memory.total [MiB], driver_version
2026/11/30 10:00:02.131, 1, NVIDIA A100-SXM4-80GB, 41000 MiB, 81920 MiB, 550.54.15
2026/11/30 10:00:03.140, 0, NVIDIA A100-SXM4-80GB, 39000 MiB, 81920 MiB, 550.54.15
2026/11/30 10:00:03.141, 1, NVIDIA A1
"""


def test_an_nvidia_smi_log_becomes_a_record() -> None:
    work = measure.workload(model_id="llama-3.1-8b", batch=2, gpus=2, strategy="fsdp")
    run = measure.from_nvidia_smi(SMI_LOG, workload=work, stack={"torch": "2.5.1"})
    # peaks per GPU: 40960 and 41000 MiB (the cut-off last line and the repeated header skipped)
    assert run["measured"] == {"peak_bytes": 41000 * 1048576, "metric": "nvidia-smi",
                               "per_gpu": [40960 * 1048576, 41000 * 1048576]}
    assert run["gpu"] == {"name": "NVIDIA A100-SXM4-80GB", "count": 2}
    assert run["stack"]["driver"] == "550.54.15"
    assert run["when"] == "2026-11-30T10:00:01"
    one = measure.from_nvidia_smi(SMI_LOG, workload=work, indices=[0])
    assert one["measured"]["per_gpu"] == [40960 * 1048576] and one["gpu"]["count"] == 1


def test_an_nvidia_smi_log_without_units() -> None:
    log = "index, name, memory.used\n0, Tesla V100-SXM2-16GB, 14949\n"
    run = measure.from_nvidia_smi(log, workload=measure.workload(model_id="bert-large"))
    assert run["measured"]["peak_bytes"] == 14949 * 1048576  # nvidia-smi's unit is MiB


@pytest.mark.parametrize(("log", "message"), [
    ("", "empty"),
    ("index, name\n0, x\n", "no memory.used column"),
    ("index, name, memory.used [MiB]\n0, x, N/A\n", "not a figure in MiB"),
    ("index, name, memory.used [MiB]\n0, x, 5 MiB\n1, y, 6 MiB\n", "different models"),
])
def test_a_bad_nvidia_smi_log_says_why(log: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        measure.from_nvidia_smi(log, workload=measure.workload(model_id="gpt2"))


def test_the_module_imports_nothing_of_the_planner() -> None:
    tree = ast.parse(MEASURE_FILE.read_text(encoding="utf-8"))
    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import)
                for a in n.names}
    imported |= {(n.module or "").split(".")[0] for n in ast.walk(tree)
                 if isinstance(n, ast.ImportFrom)}
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}


def test_a_copied_file_turns_a_log_into_a_record(tmp_path: Path) -> None:
    copy = tmp_path / "measure.py"
    shutil.copy(MEASURE_FILE, copy)
    (tmp_path / "log.csv").write_text(SMI_LOG, encoding="utf-8")
    (tmp_path / "estimate.json").write_text(json.dumps(
        {"total_bytes": 1, "workload": measure.workload(model_id="llama-3.1-8b", gpus=2)}),
        encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-I", str(copy), "nvidia-smi", "log.csv", "--workload",
         "estimate.json", "--out", "run.json", "--torch", "2.5.1", "--framework", "torchtune"],
        cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    run = json.loads((tmp_path / "run.json").read_text(encoding="utf-8"))
    assert run["workload"]["model"] == "llama-3.1-8b"
    assert run["stack"] == {"torch": "2.5.1", "cuda": None, "driver": "550.54.15",
                            "framework": "torchtune"}
    bad = subprocess.run([sys.executable, "-I", str(copy), "nvidia-smi", "missing.csv",
                          "--workload", "estimate.json", "--out", "x.json"],
                         cwd=tmp_path, capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and "missing.csv" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_with_a_real_torch_on_the_cpu() -> None:
    torch = pytest.importorskip("torch")
    params = [torch.nn.Parameter(torch.zeros(4))]
    assert measure.from_optimizer(torch.optim.AdamW(params, foreach=False)) == {
        "optimizer": "adamw", "optimizer_impl": "per-tensor"}
    assert measure.from_optimizer(torch.optim.SGD(params, lr=0.1, momentum=0.9))[
        "optimizer"] == "sgd-momentum"
    assert measure._dtype_name(torch.bfloat16) == "bf16"
    layer = torch.nn.Linear(4, 4).to(torch.float16)
    assert measure._dtype_name(next(layer.parameters()).dtype) == "fp16"
    assert measure.stack()["torch"] == torch.__version__.split("+")[0]
    if not torch.cuda.is_available():
        with measure.Run(None, model_id="gpt2") as run:
            torch.ones(8) * 2
        assert run.record is None
