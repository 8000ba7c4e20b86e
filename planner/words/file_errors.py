"""A file that could not be opened or saved, in the user's language.

The document layer words each failure in English (the CLI prints that) and gives failures of the
disk a code and parameters; here each code has a translatable template. Any other refusal (a
damaged or newer file) reads as the document layer wrote it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication as Qca

if TYPE_CHECKING:  # the documents package loads pydantic: kept off the window's first paint
    from planner.documents.errors import DocumentError


def _template(code: str) -> str | None:
    match code:
        case "save:ENOSPC":
            return Qca.translate("FileErrors", "Could not save '%1': the disk is full; free some "
                                               "space and save again.")
        case "save:EDQUOT":
            return Qca.translate("FileErrors", "Could not save '%1': your disk quota is used up; "
                                               "free some space and save again.")
        case "save:EACCES" | "save:EPERM":
            return Qca.translate("FileErrors", "Could not save '%1': you do not have permission "
                                               "to write there; choose another folder.")
        case "save:EROFS":
            return Qca.translate("FileErrors", "Could not save '%1': that disk is read-only; "
                                               "choose another folder.")
        case "save:ENOENT" | "save:ENOTDIR":
            return Qca.translate("FileErrors", "Could not save '%1': its folder does not exist; "
                                               "choose another folder.")
        case "save:EISDIR":
            return Qca.translate("FileErrors", "Could not save '%1': a folder has that name; "
                                               "choose another name.")
        case "save:ENAMETOOLONG":
            return Qca.translate("FileErrors", "Could not save '%1': the name is too long; "
                                               "choose a shorter name.")
        case "open:folder":
            return Qca.translate("FileErrors", "Cannot open '%1': it is a folder, not a file.")
        case "open:not-a-file":
            return Qca.translate("FileErrors", "Cannot open '%1': it is not a regular file.")
        case "open:missing":
            return Qca.translate("FileErrors", "Cannot open '%1': there is no such file.")
        case "open:permission":
            return Qca.translate("FileErrors", "Cannot open '%1': you do not have permission to "
                                               "read it.")
        case "open:other":
            return Qca.translate("FileErrors", "Cannot open '%1': the system says '%2'.")
    if code.startswith("save:"):
        return Qca.translate("FileErrors", "Could not save '%1': the system says '%2'; try again "
                                           "or choose another folder.")
    return None


def document_error_text(exc: DocumentError) -> str:
    """The refusal in the user's language where its code is known, else as the layer wrote it."""
    template = _template(getattr(exc, "code", ""))
    params = getattr(exc, "params", {})
    if template is None or "file" not in params:
        return str(exc)
    return template.replace("%1", params["file"]).replace("%2", params.get("detail", ""))
