"""Serving on the command line, in files and in money: `serve` prints the view the panel shows.

The cost per million tokens is held to arithmetic written out here; the API price list to its
schema; the serving settings a file keeps to a round trip.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from planner.catalog.api_prices import check_api_prices, load_api_prices, read_api_prices
from planner.catalog.rates import bundled_rates
from planner.cli.commands import run
from planner.core.costs.prices import SlotPrice
from planner.core.estimator.serving import ServingSetup
from planner.core.plan.build import Build, BuildSlot, CostSettings
from planner.core.plan.serving_settings import (
    ServingChoice,
    decode,
    encode,
    serving_of,
    with_serving,
)
from planner.core.records.precision import EstimateError
from planner.core.records.specs import Price
from planner.core.views.serving import cost_per_million, serving_figures, serving_view
from planner.documents import load_document, save_document

ROOT = Path(__file__).resolve().parents[1]


def _serve(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = run(["serve", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_cost_per_million_by_hand() -> None:
    """A $2,000 build over 3 years ($666.67 a year) plus $300 of electricity a year, making
    1,000 tokens/s for 10 h a day, 365 days: 1,000 x 3,600 x 3,650 = 13,140,000,000 tokens, or
    13,140 million; (666.67 + 300) / 13,140 = $0.0736 per million."""
    per_year = 2000 / 3 + 300
    assert cost_per_million(per_year, 1000.0, 10 * 365) == pytest.approx(0.073566, rel=1e-4)
    assert cost_per_million(per_year, 0.0, 3650) is None
    assert cost_per_million(per_year, 1000.0, 0) is None


def test_own_cost_is_the_quote_over_its_years_plus_the_energy_view(real_catalog: Any) -> None:
    """One RTX 4090 quoted at $1,800, paid off over 3 years: $600 a year; the electricity is
    the energy panel's own year. Both over the same year of tokens."""
    gpu = real_catalog.gpu("nvidia-rtx-4090")
    quote = Price(1800.0, "USD", "2026-11-01", kind="list", source="a test quote")
    build = Build(slots=(BuildSlot(gpu, 1, SlotPrice(quote=quote)),),
                  cost=CostSettings(currency="USD", years=3, price_per_kwh=0.15))
    view = serving_view(build, real_catalog, bundled_rates(), real_catalog.workload("qwen2.5-7b"),
                        ServingSetup(users=8))
    assert view.error is None and view.costs is not None and view.at is not None
    c = view.costs
    tokens_m = view.at.aggregate_tok_s * 3600 * 10 * 365 / 1e6
    assert c.own_hardware == pytest.approx(600.0 / tokens_m, rel=1e-6)
    from planner.core.views.energy import energy_view

    power = energy_view(build, real_catalog, bundled_rates()).total.cost_per_year  # type: ignore[union-attr]
    assert c.own_power == pytest.approx(power / tokens_m, rel=1e-6)
    assert c.own == pytest.approx(c.own_hardware + c.own_power)


def test_serve_json_prints_the_view(real_catalog: Any, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _serve(capsys, "--gpu", "nvidia-rtx-4090", "--count", "2", "--model",
                            "llama-3.3-70b", "--weights", "int4", "--users", "20", "--json")
    assert code == 0, err
    got = json.loads(out)
    build = Build(slots=(BuildSlot(real_catalog.gpu("nvidia-rtx-4090"), 2),))
    view = serving_view(build, real_catalog, bundled_rates(),
                        real_catalog.workload("llama-3.3-70b"),
                        ServingSetup(weights="int4", users=20), load_api_prices())
    assert got == json.loads(json.dumps(serving_figures(view)))
    assert got["capacity"]["max_users"] < 20 and got["users_queued"] == 20 - got["capacity"][
        "max_users"]
    assert got["link"] == "PCIe 4.0 x8"


def test_serve_text_names_what_bounds_each_figure(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _serve(capsys, "--gpu", "4090", "--model", "qwen2.5-7b", "--users", "10")
    assert code == 0
    assert "users at once" in out and "bound: the KV cache" in out
    assert "bound: memory bandwidth" in out and "per million output" in out


@pytest.mark.parametrize(("args", "said"), [
    (("--gpu", "4090", "--model", "qwen2.5-7b", "--users", "0"), "Users must be at least 1."),
    (("--gpu", "4090", "--model", "resnet-50"), "does not generate text"),
    (("--model", "qwen2.5-7b"), "Name a .gpubuild file or a GPU with --gpu."),
    (("--gpu", "4090"), "Name the model to serve"),
    (("--gpu", "4090", "--model", "qwen2.5-7b", "--gpus", "2"), "has 1 GPU;"),
])
def test_bad_input_is_one_sentence(capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                                   said: str) -> None:
    code, out, err = _serve(capsys, *args)
    assert code == 2 and not out
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and said in lines[0] and "Traceback" not in err


def test_a_file_keeps_its_serving_workload(real_catalog: Any, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    gpu = real_catalog.gpu("nvidia-rtx-4090")
    choice = ServingChoice("qwen2.5-7b", ServingSetup(weights="int4", prompt=2000, output=300,
                                                      users=12, engine="sglang"))
    build = with_serving(Build(name="srv", slots=(BuildSlot(gpu, 1),)), choice)
    path = tmp_path / "srv.gpubuild"
    save_document(build, path)
    back = load_document(path).study.build()
    assert serving_of(back) == choice
    code, out, err = _serve(capsys, str(path), "--json")
    assert code == 0, err
    got = json.loads(out)
    assert (got["model"], got["engine"], got["weights"], got["prompt"]) == (
        "Qwen2.5 7B", "SGLang", "int4", 2000)
    assert run(["show", str(path), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["variants"][0]["serving"] == got  # one answer: show --json and serve --json
    code, out, _ = _serve(capsys, str(path), "--users", "3", "--json")
    assert json.loads(out)["at"]["users"] == 3


def test_settings_round_trip_and_refuse_garbage() -> None:
    choice = ServingChoice("llama-3.1-8b", ServingSetup(kv="fp8", target=25.0, fraction=0.8,
                                                        split="pp", gpus=2))
    assert decode(encode(choice)) == choice
    assert encode(ServingChoice("m", ServingSetup())) == "model=m"
    for bad, said in (("engine=vllm", "name no model"), ("model=x;users=many", "whole number"),
                      ("model=x;colour=red", "not a serving setting"),
                      ("model=x;users=", "needs a value"), ("model=x;weights=int3", "precision")):
        with pytest.raises(EstimateError, match=said):
            decode(bad)
    assert serving_of(replace(Build(), extra={"serving": "model=x;users=many"})) is None


def test_api_price_list_is_dated_sourced_and_in_both_currencies() -> None:
    prices = read_api_prices(ROOT / "data")
    assert len(prices) >= 4
    assert {p.currency for p in prices} >= {"USD", "CNY"}
    for p in prices:
        assert "https://" in p.source and p.as_of <= "2026-12-31"
        assert p.output_per_million > 0


def test_a_bad_api_price_is_one_sentence_naming_the_record(tmp_path: Path) -> None:
    text = (ROOT / "data" / "api_prices.toml").read_text()
    (tmp_path / "api_prices.toml").write_text(text.replace('as_of = "2026-10-13"\n', "", 1))
    errors = check_api_prices(tmp_path)
    assert len(errors) == 1
    message = str(errors[0])
    assert "openrouter-deepseek-v3.2" in message and "as_of" in message and "\n" not in message
    assert read_api_prices(tmp_path / "nowhere", required=False) == ()
