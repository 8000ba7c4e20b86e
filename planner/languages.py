"""The languages the app ships a translation for, each named in itself.

One list for ``gpu-planner --lang`` (:mod:`planner.cli`), its help and Preferences' language
menu. English is the source language; the others need their ``resources/i18n/planner_<code>.qm``.
Pure data: :mod:`planner.cli` imports it before deciding whether to start the app.
"""

from __future__ import annotations

LANGUAGES = (("en", "English"), ("zh_CN", "简体中文"))
CODES = tuple(code for code, _name in LANGUAGES)
