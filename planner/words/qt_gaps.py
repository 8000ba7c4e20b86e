"""Qt's own words that Qt's Simplified Chinese catalogue does not have, translated here.

Qt 6.11's file dialog labels its fields "&Look in:" and "Files of &type:" (with accelerators);
qtbase_zh_CN.qm still holds only the older "Look in:" and "Files of type:", so the dialog read
English in the Chinese UI (issue 30). Listing the words here puts them in our own catalogue under
Qt's context; our translator is installed after Qt's, so Qt asks ours first.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

QT_GAPS = (
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
)
