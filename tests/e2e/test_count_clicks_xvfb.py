"""Three real clicks on a card's ▲ make ×1 into ×4: the card stays under the mouse.

Each click can add build warnings (no NVLink at ×2, slot width, connectors and the wall circuit
at ×3); when the warnings were a list above the cards, every new one pushed the card down and the
next click landed beside the spin box (the issue's "three clicks gave ×2"). Clicked as a user
clicks: at one screen position, a moment apart, with the real pointer under Xvfb.
"""

from __future__ import annotations

import time
from pathlib import Path

from xvfb_app import needs_xvfb, running_app, save_build, wait_for, xdotool, xvfb

pytestmark = needs_xvfb
GPU = "nvidia-rtx-4090"


def _cards(app) -> list[dict]:  # type: ignore[no-untyped-def]
    return (app.state() or {}).get("cards") or []


def test_three_clicks_on_up_arrow_give_four(tmp_path: Path) -> None:
    document = tmp_path / "one-4090.gpubuild"
    save_build(document, gpus=((GPU, 1),))
    with xvfb("1600x1000") as display, running_app(display, tmp_path, document) as app:
        app.geometry()  # the catalog and panels are in: the window has its final layout
        wait_for("the card with its ▲ on screen",
                 lambda: (c := _cards(app)) and c[0]["up"] is not None)
        time.sleep(0.5)  # the state after the layout settled (the probe writes again at 300 ms)
        up = _cards(app)[0]["up"]
        xdotool(display, "mousemove", str(up["x"]), str(up["y"]))
        for clicks in range(1, 4):
            xdotool(display, "click", "1")
            # A user's pace: the window redraws (warnings and all) before the next click.
            time.sleep(0.8)
            count = _cards(app)[0]["count"]
            assert count == 1 + clicks, f"click {clicks} at the same place gave ×{count}"
        assert app.state()["slots"] == [{"id": GPU, "count": 4}]  # type: ignore[index]
        # The warnings the clicks added (no NVLink, slot width, connectors, the wall circuit)
        # did not move the card: its ▲ is where it was.
        assert _cards(app)[0]["up"] == up
