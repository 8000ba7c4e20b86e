"""The wall circuit is worded as a buyer reads it, the region's own, in both languages (#29)."""

from __future__ import annotations

from planner.core.plan.physics import BuildWarning
from planner.words.warnings import warning_text
from planner.words.wording import circuit_text

# A Beijing build of five RTX 4090s: 5 x 450 W + 200 W host = 2,450 W on a 2,200 W outlet.
BEIJING = BuildWarning("circuit", "core's sentence", {"watts": "2450", "circuit": "220V-10A"})


def test_the_warning_names_the_220_volt_outlet(qapp) -> None:  # type: ignore[no-untyped-def]
    text = warning_text(BEIJING)
    assert "220 V / 10 A" in text and "2,450" in text and "2,200" in text
    assert "120" not in text and "220V-10A" not in text


def test_several_circuits_are_counted() -> None:
    assert circuit_text("220V-10A") == "220 V / 10 A"
    assert circuit_text("2×220V-10A") == "2 × 220 V / 10 A"
    assert circuit_text("something else") == "something else"


def test_chinese_reader(chinese) -> None:  # type: ignore[no-untyped-def]
    assert circuit_text("2×220V-10A") == "2 路 220 V / 10 A"
    text = warning_text(BEIJING)
    assert "220 V / 10 A" in text and "120" not in text
