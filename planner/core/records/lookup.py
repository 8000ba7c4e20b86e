"""Find a GPU or workload from what a person types: an id, a name, or enough words of it.

Matching goes exact first, then by token: "nvidia-rtx-4090" and "GeForce RTX 4090" are exact;
"rtx 4090" and "4090" name the RTX 4090 because they leave nothing of its name unsaid (brand words
such as GeForce and RTX aside), while "RTX 3060" leaves "12GB" or "Ti" unsaid on both 3060s and is
refused with the candidates rather than guessed. A card is never chosen because its name happens
to be the shortest.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeVar

from planner.core.records.precision import EstimateError
from planner.core.records.specs import GpuSpec, Workload

T = TypeVar("T", GpuSpec, Workload)

#: Words that name a vendor or a product line, not a model: saying them or not changes nothing.
BRAND_WORDS = frozenset({"nvidia", "amd", "intel", "geforce", "rtx", "gtx", "radeon", "rx",
                         "instinct", "arc", "tesla", "quadro", "pro", "data", "center", "gpu"})
EXACT, COMPLETE, PARTIAL = 0, 1, 2


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9.]+", text.lower())


def match_rank(item: GpuSpec | Workload, query: str) -> int | None:
    """How well ``query`` names ``item``: EXACT, COMPLETE, PARTIAL or ``None`` (no match).

    COMPLETE: every query word is one of the item's words and every model word of its name
    (brand words aside) was said. PARTIAL: every query word is, or begins, one of its words.
    """
    q = query.strip().lower()
    if not q:
        return None
    if item.id == q or item.name.lower() == q:
        return EXACT
    words = _words(q)
    own = _words(f"{getattr(item, 'vendor', '')} {item.name} {item.id}")
    if not all(any(w == t or (len(w) > 2 and t.startswith(w)) for t in own) for w in words):
        return None
    model_words = {t for t in _words(item.name) if t not in BRAND_WORDS}
    if all(w in own for w in words) and model_words <= set(words):
        return COMPLETE
    return PARTIAL


def _find(items: Sequence[T], query: str, kind: str) -> T:
    if not query.strip():
        raise EstimateError(f"Name a {kind}.")
    ranked = [(r, i) for i in items if (r := match_rank(i, query)) is not None]
    for level in (EXACT, COMPLETE):
        hits = [i for r, i in ranked if r == level]
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            ranked = [(r, i) for r, i in ranked if r == level]
            break
    if len(ranked) == 1:
        return ranked[0][1]
    if ranked:
        names = ", ".join(i.name for _, i in ranked[:6])
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
