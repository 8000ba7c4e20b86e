"""Words the UI shapes itself: a menu entry's text as a tool-bar button shows it.

Which translations load, and from where, is :mod:`planner.translations`.
"""

from __future__ import annotations

import re

#: A mnemonic the way Chinese, Japanese and Korean menus write it: "新建(&N)".
_CJK_MNEMONIC = re.compile(r"\s*[(（]&\w[)）]")


def button_text(menu_text: str) -> str:
    """A menu entry's text as a tool-bar button shows it: no mnemonic, no trailing ellipsis.

    Qt drops a bare "&" for buttons but keeps the "(&N)" that CJK translations append, so the
    Chinese tool bar would read "新建(N)".
    """
    text = _CJK_MNEMONIC.sub("", menu_text).replace("&&", "\0").replace("&", "")
    return text.replace("\0", "&").removesuffix("…").removesuffix("...").strip()
