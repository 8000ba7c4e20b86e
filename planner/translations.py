"""Translations for every Qt part of the program, ours and Qt's own for standard dialogs.

Ours are resources/i18n/planner_<locale>.qm. QtCore only, so the headless ``report`` command
loads them as the app does: a sheet printed from the command line reads "3 years", not
"3 year(s)", and can be printed in Chinese.

Missing files are fine: the app then speaks English. Which language, first found wins:

1. ``gpu-planner --lang en|zh_CN`` (this start only);
2. the ``GPU_PLANNER_LOCALE`` environment variable (e.g. ``zh_CN``: screenshots, testing a
   translation, a per-user launcher);
3. the language chosen in Preferences (saved; read at start);
4. the system's locale (a language we do not translate into reads English).
"""

from __future__ import annotations

import os

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from planner.paths import resources_dir

LOCALE_ENV = "GPU_PLANNER_LOCALE"


def i18n_dir() -> str:
    """The folder of our compiled translations."""
    return str(resources_dir() / "i18n")


def chosen_locale_name(preference: str = "system", flag: str | None = None) -> str:
    """The locale asked for, in the order the module docstring gives ("" for the system's)."""
    return (flag or "").strip() or os.environ.get(LOCALE_ENV, "").strip() or (
        preference if preference and preference != "system" else "")


def install_translators(app: QCoreApplication, preference: str = "system",
                        flag: str | None = None) -> list[QTranslator]:
    """Load and install the translators that match the locale; returns them (keep them alive).

    ``flag`` is ``--lang``; then the environment override, then the user's choice in Preferences,
    then the system's locale.
    """
    override = chosen_locale_name(preference, flag)
    locale = QLocale(override) if override else QLocale.system()
    if override:
        QLocale.setDefault(locale)
    installed: list[QTranslator] = []
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for name, folder in (("qtbase", qt_dir), ("planner", i18n_dir())):
        translator = QTranslator(app)
        loaded = translator.load(locale, name, "_", folder)
        if not loaded and name == "planner":
            # A locale we do not translate into (or C/POSIX) reads English, and English has
            # plural forms too: "74 GPUs", not "74 GPU(s)".
            loaded = translator.load(QLocale(QLocale.Language.English), name, "_", folder)
        if loaded and app.installTranslator(translator):
            installed.append(translator)
    return installed
