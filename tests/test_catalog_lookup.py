"""Names: exact first, then a token match that leaves nothing unsaid, else refused with candidates.

Card names are NVIDIA's and AMD's own ("GeForce RTX 3060 12GB" and "GeForce RTX 3060 Ti" are two
cards); the expected answers are what a buyer means, written out per case.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from planner.catalog.store import open_store
from planner.core.records.lookup import find_gpu, find_workload
from planner.core.records.precision import EstimateError
from planner.core.records.specs import Catalog


@pytest.mark.parametrize(("query", "expected"), [
    ("nvidia-rtx-4090", "GeForce RTX 4090"),        # the id
    ("geforce rtx 4090", "GeForce RTX 4090"),       # the name, any case
    ("RTX 4090", "GeForce RTX 4090"),               # brand words may be left out...
    ("4090", "GeForce RTX 4090"),
    ("4070", "GeForce RTX 4070"),                   # ...and the SUPER/Ti are other cards
    ("4070 ti", "GeForce RTX 4070 Ti"),
    ("RTX 3060 12GB", "GeForce RTX 3060 12GB"),
    ("3080 ti", "GeForce RTX 3080 Ti"),
    ("a100 sxm4 80gb", "A100 SXM4 80GB"),
])
def test_a_name_that_leaves_nothing_unsaid_finds_the_card(real_catalog: Catalog, query: str,
                                                          expected: str) -> None:
    assert find_gpu(real_catalog.gpus, query).name == expected


@pytest.mark.parametrize(("query", "candidates"), [
    ("RTX 3060", ["GeForce RTX 3060 12GB", "GeForce RTX 3060 Ti"]),
    ("RTX 3080", ["GeForce RTX 3080 10GB", "GeForce RTX 3080 12GB", "GeForce RTX 3080 Ti"]),
    ("a100 80gb", ["A100 PCIe 80GB", "A100 SXM4 80GB"]),
])
def test_an_ambiguous_name_is_refused_with_the_candidates(real_catalog: Catalog, query: str,
                                                          candidates: list[str]) -> None:
    with pytest.raises(EstimateError) as info:
        find_gpu(real_catalog.gpus, query)
    message = str(info.value)
    assert message.startswith(f"'{query}' matches several GPUs (") and message.endswith(
        "be more specific.")
    for name in candidates:
        assert name in message


def test_unknown_and_empty_names(real_catalog: Catalog) -> None:
    with pytest.raises(EstimateError, match="No GPU called 'RTX 9999'"):
        find_gpu(real_catalog.gpus, "RTX 9999")
    with pytest.raises(EstimateError, match="Name a GPU"):
        find_gpu(real_catalog.gpus, "  ")
    assert find_workload(real_catalog.workloads, "llama 3 8b").name == "Llama 3 8B"


def test_app_search_lists_exact_and_complete_matches_first(tmp_path: Path) -> None:
    with open_store(tmp_path / "catalog.sqlite") as store:
        names = [g.name for g in store.search_gpus("GeForce RTX 4070")]
        assert names[0] == "GeForce RTX 4070"
        assert set(names[1:]) == {"GeForce RTX 4070 SUPER", "GeForce RTX 4070 Ti",
                                  "GeForce RTX 4070 Ti SUPER"}
        both = [g.name for g in store.search_gpus("RTX 3060")]
        assert both == ["GeForce RTX 3060 12GB", "GeForce RTX 3060 Ti"]
