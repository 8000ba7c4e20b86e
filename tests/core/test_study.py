"""A study made from one build names its single variant after the build, as a name can be."""

from __future__ import annotations

import pytest

from planner.core.plan.build import Build
from planner.core.plan.study import Study


@pytest.mark.parametrize(("build_name", "variant"), [
    ("Lab rig", "Lab rig"),
    ("  Lab   rig ", "Lab rig"),  # spaces tidied, as a renamed variant's are
    ("   ", "A"),  # a blank name leaves a variant that must still be named
    ("", "A"),
])
def test_the_one_variant_is_named_after_the_build(build_name, variant):
    study = Study.of(Build(name=build_name))
    assert study.names() == [variant]
    assert study.name == build_name  # the document keeps the name as typed
    assert Study.of(Build(name=build_name), "Option B").names() == ["Option B"]
