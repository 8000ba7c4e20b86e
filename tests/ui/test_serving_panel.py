"""The serving panel, `serve --json`, `show --json` and the printed sheet say the same figures.

One build (two RTX 4090s serving Llama 3.3 70B in int4 to 20 users) is saved, drawn by the panel,
run through both commands and printed; every surface's users at once, per-user speed, aggregate
and cost per million output tokens must read alike (issue 33).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from planner.cli.commands import run
from planner.core.estimator.serving import ServingSetup
from planner.core.plan.build import Build, BuildSlot
from planner.core.plan.serving_settings import ServingChoice, serving_of, with_serving
from planner.documents import load_document, save_document
from planner.words.formats import formatter

CHOICE = ServingChoice("llama-3.3-70b", ServingSetup(weights="int4", users=20, prompt=1000,
                                                    output=500))


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert run(list(args)) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_every_surface_says_the_same(qapp: object, tmp_path: Path, real_catalog: Any,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    from planner.report import write_pdf
    from planner.ui.document import BuildDocument
    from planner.ui.panels.serving import ServingPanel

    build = with_serving(Build(name="Team server",
                               slots=(BuildSlot(real_catalog.gpu("nvidia-rtx-4090"), 2),)),
                         CHOICE)
    path = tmp_path / "serve.gpubuild"
    save_document(build, path)
    served = _cli(capsys, "serve", str(path), "--json")
    shown = _cli(capsys, "show", str(path), "--json")["variants"][0]["serving"]
    assert shown == served

    document = BuildDocument(real_catalog)
    document.reset(load_document(path).study)
    panel = ServingPanel(document)
    panel.resize(1200, 400)
    panel.show()
    panel.refresh()
    fmt = formatter(build.cost.currency)
    at, cap, cost = served["at"], served["capacity"], served["cost"]
    want = {
        "capacity": fmt.integer(cap["max_users"]),
        "served": fmt.number(at["per_user_tokens_per_s"], 1),
        "served_total": fmt.number(at["aggregate_tokens_per_s"]),
        "own": fmt.money(cost["own_per_million"]),
    }
    label = panel.labels
    got = {"capacity": label["capacity"].text(), "served": label["served"].text(),
           "served_total": label["served"].text(), "own": label["own"].text()}
    differ = [f"panel {k}: {want[k]!r} not in {got[k]!r}" for k in want if want[k] not in got[k]]
    # The panel shows the served users and those that wait, as the command says.
    assert f"{served['users_queued']}" in label["served"].text()

    pdf = tmp_path / "sheet.pdf"
    write_pdf(load_document(path), pdf)
    if shutil.which("pdftotext"):
        text = " ".join(subprocess.run(["pdftotext", "-layout", str(pdf), "-"],
                                       capture_output=True, text=True, check=True).stdout.split())
        for key in ("served", "own"):
            if want[key] not in text:
                differ.append(f"sheet lacks {key} {want[key]}")
        if "Serving" not in text:
            differ.append("sheet lacks its Serving row")
    panel.deleteLater()
    assert not differ, "\n".join(differ)


def test_editing_the_panel_keeps_the_setting_in_the_build(qapp: object, real_catalog: Any) -> None:
    from planner.ui.document import BuildDocument
    from planner.ui.panels.serving import ServingPanel

    document = BuildDocument(real_catalog)
    document.reset(load_document_of(Build(slots=(BuildSlot(real_catalog.gpu("nvidia-rtx-4090"),
                                                                    1),))))
    panel = ServingPanel(document)
    panel.show()
    panel.users.setValue(7)
    choice = serving_of(document.study.build())
    assert choice is not None and choice.setup.users == 7
    assert panel.view is not None and panel.view.at is not None
    assert panel.view.at.users == min(7, panel.view.max_users)
    document.undo_stack.undo()
    assert serving_of(document.study.build()) is None
    panel.deleteLater()


def load_document_of(build: Build) -> Any:
    """A study holding ``build`` (what a new document holds)."""
    from planner.core.plan.study import Study

    return Study.of(build)


def test_a_target_speed_finds_the_most_users_that_still_get_it(qapp: object,
                                                               real_catalog: Any) -> None:
    from planner.ui.document import BuildDocument
    from planner.ui.panels.serving import ServingPanel

    document = BuildDocument(real_catalog)
    document.reset(load_document_of(Build(slots=(BuildSlot(real_catalog.gpu("nvidia-rtx-4090"),
                                                                    1),))))
    panel = ServingPanel(document)
    panel.show()
    panel.target.setValue(30.0)
    view = panel.view
    assert view is not None and view.at is not None and view.setup.target == 30.0
    assert view.at.per_user_tok_s >= 30.0
    more = [x for x in view.curve if x.users == view.at.users + 1]
    assert not more or more[0].per_user_tok_s < 30.0  # one user more would read slower
    panel.target.setValue(5000.0)
    assert panel.view is not None and panel.view.at is None
    assert "5,000.0" in panel.labels["served"].text()
    panel.deleteLater()
