"""Caps and ranges of the `.gpubuild` format, in one place the docs and the schema quote.

Caps exist so a hostile or broken file costs at most a few milliseconds and a few megabytes: the
size is checked before reading, the nesting before parsing, and every list and string afterwards.
Ranges are the physically or practically possible ones, not the catalog's (custom GPUs and models
may legitimately lie outside what we ship).
"""

from __future__ import annotations

# A build's own rule (core): the format quotes it rather than stating it again.
from planner.core.plan.build import MAX_GPU_COUNT as MAX_GPU_COUNT

FORMAT_NAME = "gpubuild"
FORMAT_VERSION = 6
"""Current format version; see ``planner.documents.migrations`` for older ones."""

MAX_FILE_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 32
MAX_SLOTS = 64
MAX_WORKLOADS = 100
MAX_NAME_CHARS = 200
MAX_NOTES_CHARS = 20_000
MAX_ID_CHARS = 100
MAX_SHORT_CHARS = 100
MAX_SOURCE_CHARS = 2_000
MAX_SOURCES = 50
MAX_EXTRA_ITEMS = 50
MAX_BATCH = 65_536
MAX_SEQ = 10_000_000
#: DeepSpeed's bucket and live-parameter knobs, in elements (its defaults are 5e7 to 1e9).
MAX_ZERO_ELEMENTS = 10**13
MAX_TP_GPUS = 1_024
MAX_MEMORY_GB = 4_096
MAX_RESERVE_BYTES = 1024**4
