"""The performance-per-money row names the money its figures count per, in the build's currency.

Issue 30: a Chinese sheet read "每 1,000 美元" beside yuan prices. The row now divides by the price
shown above it, and its name says per how much of which currency.
"""

from __future__ import annotations

from planner.core.costs.formatting import Formatter, Money, NumberStyle
from planner.core.views.compare import HIGHER, ComparisonRow
from planner.words.wording import row_label


def _row(amount: float, currency: str) -> ComparisonRow:
    return ComparisonRow("perf_per_dollar", "FP16 TFLOPS per money", "number", (1.0,), HIGHER,
                         per=Money(amount, currency))


def test_english_names_the_currency(qapp) -> None:  # type: ignore[no-untyped-def]
    assert row_label(_row(1000.0, "USD")) == "FP16 TFLOPS per $1,000"
    assert row_label(_row(1000.0, "EUR")) == "FP16 TFLOPS per €1,000"
    assert row_label(_row(10000.0, "CNY")) == "FP16 TFLOPS per ¥10,000"
    # The locale's separators, as the cells beside it write them.
    german = Formatter(NumberStyle(".", ","), "EUR")
    assert row_label(_row(1000.0, "EUR"), fmt=german) == "FP16 TFLOPS per €1.000"


def test_chinese_reads_yuan_not_dollars(chinese) -> None:  # type: ignore[no-untyped-def]
    text = row_label(_row(10000.0, "CNY"))
    assert text == "每 ¥10,000 的 FP16 TFLOPS"
    assert "美元" not in text
