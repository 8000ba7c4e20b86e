"""Count the parameters `transformers` builds for each config in tests/data/hf_configs (dev-only).

The test suite holds ``planner.core.models.hfconfig`` to these counts without importing torch or
transformers: this script is the independent witness. Each config is instantiated with the class
its ``architectures`` entry names, on PyTorch's meta device (shapes only, no memory, no download),
and ``sum(p.numel() for p in model.parameters())`` is recorded (shared tensors, e.g. tied
embeddings, counted once, as ``parameters()`` yields them once).

Usage::

    .venv/bin/pip install torch==2.13.0 transformers   # dev tools only
    .venv/bin/python tools/count_hf_parameters.py        # rewrites tests/data/hf_param_counts.json
    .venv/bin/python tools/count_hf_parameters.py --show NAME   # print parameter names and shapes
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIGS = ROOT / "tests" / "data" / "hf_configs"
OUT = ROOT / "tests" / "data" / "hf_param_counts.json"


def build(path: Path):  # type: ignore[no-untyped-def]
    """The model ``path``'s config describes, on the meta device."""
    import torch
    import transformers

    raw = json.loads(path.read_text())
    cfg_dict = {k: v for k, v in raw.items() if not k.startswith("_")}
    arch = cfg_dict["architectures"][0]
    config = transformers.AutoConfig.for_model(**cfg_dict)
    # Remote-code spellings (MPTForCausalLM) map onto the library's class (MptForCausalLM).
    cls = getattr(transformers, arch, None) or next(
        getattr(transformers, n) for n in dir(transformers) if n.lower() == arch.lower())
    with torch.device("meta"):
        model = cls(config)
    return model


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--show", help="print the named parameters of one config")
    args = ap.parse_args(argv)
    import torch
    import transformers

    if args.show:
        model = build(CONFIGS / f"{args.show}.json")
        for name, p in model.named_parameters():
            print(f"{name:70s} {tuple(p.shape)} {p.numel():,}")
        print(f"total {sum(p.numel() for p in model.parameters()):,}")
        return 0
    counts: dict[str, int] = {}
    for path in sorted(CONFIGS.glob("*.json")):
        model = build(path)
        counts[path.stem] = sum(p.numel() for p in model.parameters())
        print(f"{path.stem:40s} {counts[path.stem]:>16,}")
    OUT.write_text(json.dumps({
        "tool": "tools/count_hf_parameters.py",
        "torch": torch.__version__,
        "transformers": transformers.__version__,
        "method": "sum(p.numel() for p in model.parameters()) of the class named by "
                  "architectures[0], built on the meta device",
        "counts": counts,
    }, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
