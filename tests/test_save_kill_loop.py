"""Kill -9 a saving process at random moments: the file is always one whole build, no litter.

A child process saves two different builds in turn, as fast as it can; the test kills it with
SIGKILL at a random moment (uniform over a few saves' time, so every phase is hit: serialising,
writing, fsync, rename, the folder flush, the tidy-up), checks the document and the folder, and
starts the next child. Children come from a fork server that has already imported the documents
package, so each costs milliseconds, not an interpreter start-up.

The leftover temporary files of killed saves are younger than a minute, which a save correctly
leaves alone (it may be another window's save in progress); between kills the test ages them by
two minutes, as if the user saved again later.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import sys
import time
from multiprocessing.connection import Connection
from pathlib import Path

import pytest
from gpubuild_samples import sample_build

from planner.documents import load_document, loads_document, save_document
from planner.documents.atomic import is_our_temp_name

KILLS = 200
MAX_DELAY_S = 0.012


def _builds() -> tuple[object, object]:
    return sample_build(slots=3, name="Old build"), sample_build(slots=2, name="New build")


def _saver(path: str, ready: Connection) -> None:
    """Save the two builds in turn until killed; report once the first save is done."""
    old, new = _builds()
    target = Path(path)
    save_document(new, target)  # its tidy-up has run: only this child's temps can remain
    ready.send(True)
    ready.close()
    while True:
        save_document(old, target)
        save_document(new, target)


def _temps(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.startswith(".")]


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32" or "forkserver" not in
                    multiprocessing.get_all_start_methods(), reason="SIGKILL and a fork server")
def test_kill_during_saves_leaves_a_whole_build_and_no_litter(tmp_path: Path) -> None:
    rng = random.Random(15)
    old, new = _builds()
    path = tmp_path / "build.gpubuild"
    save_document(old, path)
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["planner.documents", "gpubuild_samples"])
    seen = {"Old build": 0, "New build": 0}
    killed_mid_write = 0
    started = time.monotonic()
    for _ in range(KILLS):
        receive, send = context.Pipe(duplex=False)
        child = context.Process(target=_saver, args=(str(path), send))
        child.start()
        send.close()
        assert receive.poll(30), "the saving child did not start"
        receive.recv()
        receive.close()
        time.sleep(rng.uniform(0, MAX_DELAY_S))
        os.kill(child.pid or 0, signal.SIGKILL)
        child.join(30)
        assert child.exitcode == -signal.SIGKILL

        build = loads_document(path.read_bytes()).build  # not load_document: it would tidy
        assert build in (old, new)
        seen[build.name] += 1
        temps = _temps(tmp_path)
        assert len(temps) <= 1, [p.name for p in temps]
        assert all(is_our_temp_name(p.name, path) for p in temps)
        killed_mid_write += len(temps)
        for temp in temps:  # as if the next save came a few minutes later
            past = time.time() - 120
            os.utime(temp, (past, past))

    elapsed = time.monotonic() - started
    leftovers = len(_temps(tmp_path))
    assert leftovers <= 1
    load_document(path)  # an open tidies the last one away
    assert _temps(tmp_path) == []
    assert sum(seen.values()) == KILLS
    print(f"\n{KILLS} kills in {elapsed:.1f} s: whole builds {sum(seen.values())} "
          f"(old {seen['Old build']}, new {seen['New build']}); killed with a temporary file "
          f"on disk {killed_mid_write} times; at the end {leftovers} left before an open, 0 "
          f"after")
