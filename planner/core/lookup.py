"""Find a GPU or workload from what a person types: an id, a name, or enough words of it.

"4090", "rtx 4090", "GeForce RTX 4090" and "nvidia-rtx-4090" all find the same card; a query
that matches several cards equally well is refused with their names rather than guessed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeVar

from planner.core.precision import EstimateError
from planner.core.specs import GpuSpec, Workload

T = TypeVar("T", GpuSpec, Workload)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9.]+", text.lower())


def _find(items: Sequence[T], query: str, kind: str) -> T:
    q = query.strip().lower()
    if not q:
        raise EstimateError(f"Name a {kind}.")
    for item in items:
        if item.id == q or item.name.lower() == q:
            return item
    words = _words(q)
    hits = [i for i in items
            if all(any(w == t or (len(w) > 2 and t.startswith(w)) for t in
                       _words(f"{getattr(i, 'vendor', '')} {i.name} {i.id}")) for w in words)]
    if len(hits) == 1:
        return hits[0]
    if hits:
        # Prefer the shortest name: "RTX 4090" should not be ambiguous with "RTX 4090 D".
        hits.sort(key=lambda i: len(i.name))
        if len(hits[0].name) < len(hits[1].name) and all(
                w in _words(hits[0].name + " " + hits[0].id) for w in words):
            return hits[0]
        names = ", ".join(h.name for h in hits[:6])
        raise EstimateError(f"'{query}' matches several {kind}s ({names}); be more specific.")
    listing = "gpus" if kind == "GPU" else "models"
    raise EstimateError(f"No {kind} called '{query}' is in the catalog; "
                        f"'gpu-planner catalog {listing}' lists them.")


def find_gpu(gpus: Sequence[GpuSpec], query: str) -> GpuSpec:
    """The one GPU a query names."""
    return _find(gpus, query, "GPU")


def find_workload(workloads: Sequence[Workload], query: str) -> Workload:
    """The one workload a query names."""
    return _find(workloads, query, "model")
