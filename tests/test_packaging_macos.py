"""The macOS bundle's Info.plist and icons, checked here; the .app itself is built on macOS CI.

The spec hands ``bundle_config.info_plist()`` to PyInstaller's BUNDLE, which writes it into
``Contents/Info.plist`` with plistlib; the release workflow reads the real one back with plistlib
on the macOS runners. What Finder needs for a double-click to open a .gpubuild in the app
(Apple's "Declaring New Uniform Type Identifiers" and CFBundleDocumentTypes reference): the
document type names our UTI, with role Editor and rank Owner; the UTI is exported, conforms to
public.json and claims the .gpubuild extension; the icon named there is in the bundle.
"""

from __future__ import annotations

import importlib.util
import plistlib
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _config() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bundle_config",
                                                  ROOT / "packaging" / "bundle_config.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def plist() -> dict:
    # Through plistlib both ways, as PyInstaller writes it and Finder reads it.
    return plistlib.loads(plistlib.dumps(_config().info_plist(), fmt=plistlib.FMT_XML))


def test_document_type_is_owned_and_edited_by_the_app(plist: dict) -> None:
    (doc,) = plist["CFBundleDocumentTypes"]
    assert doc["CFBundleTypeRole"] == "Editor"
    assert doc["LSHandlerRank"] == "Owner"
    assert doc["LSItemContentTypes"] == ["org.gpu-build-planner.gpubuild"]
    assert doc["CFBundleTypeIconFile"].endswith(".icns")


def test_gpubuild_uti_is_exported_and_conforms_to_json(plist: dict) -> None:
    (uti,) = plist["UTExportedTypeDeclarations"]
    assert uti["UTTypeIdentifier"] == "org.gpu-build-planner.gpubuild"
    assert "public.json" in uti["UTTypeConformsTo"]
    assert uti["UTTypeTagSpecification"]["public.filename-extension"] == ["gpubuild"]
    assert "UTImportedTypeDeclarations" not in plist


def test_version_is_pyproject_version(plist: dict) -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert plist["CFBundleShortVersionString"] == version
    assert plist["CFBundleName"] == "GPU Build Planner"


def test_spec_bundles_with_identifier_and_without_argv_emulation() -> None:
    spec = (ROOT / "packaging" / "gpu-planner.spec").read_text()
    assert "bundle_identifier=bc.BUNDLE_ID" in spec
    assert "argv_emulation=False" in spec
    assert _config().BUNDLE_ID == "org.gpu-build-planner.planner"


def test_icons_render_as_real_icns_ico_and_png(tmp_path: Path) -> None:
    icons = _config().render_icons(tmp_path)
    for key in ("app", "gpubuild-document"):
        assert icons[f"{key}.icns"].read_bytes()[:4] == b"icns"
        assert icons[f"{key}.ico"].read_bytes()[:4] == b"\0\0\1\0"
        assert icons[f"{key}-256.png"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    name = _config().info_plist()["CFBundleDocumentTypes"][0]["CFBundleTypeIconFile"]
    assert name in icons


def test_minimum_macos_is_the_newest_floor_of_the_bundled_wheels() -> None:
    bc = _config()
    # Tags as PyPI's files name them: PySide6-Essentials 6.11.3 is built for macOS 13 and later
    # (no wheel for macOS 12: pip finds none for --platform macosx_12_0_arm64), numpy's
    # Accelerate build for arm64 for macOS 14.
    pyside = "cp310-abi3-macosx_13_0_universal2"
    assert bc.macos_floor([pyside]) == (13, 0)
    assert bc.macos_floor([pyside, "cp311-cp311-macosx_14_0_arm64"]) == (14, 0)
    assert bc.macos_floor([pyside, "cp311-cp311-macosx_10_9_x86_64"]) == (13, 0)
    assert bc.macos_floor(["cp310-abi3-manylinux_2_34_x86_64"]) is None


def test_plist_minimum_is_pyside6s_floor_off_macos(plist: dict) -> None:
    # Off macOS no macOS wheel is installed: the floor is PySide6 6.11's (13.0), never the
    # 11.0 that Qt 6.11 cannot start on.
    major, minor = map(int, plist["LSMinimumSystemVersion"].split("."))
    assert (major, minor) >= (13, 0)


def test_document_icon_is_in_the_app_before_it_is_signed(tmp_path: Path) -> None:
    bc = _config()
    icons = {"gpubuild-document.icns": tmp_path / "gpubuild-document.icns"}
    assert bc.document_icon_datas(icons, "darwin") == [
        ("gpubuild-document.icns", str(tmp_path / "gpubuild-document.icns"), "DATA")]
    assert bc.document_icon_datas(icons, "win32") == []
    spec = (ROOT / "packaging" / "gpu-planner.spec").read_text()
    # In the data files COLLECT gathers (BUNDLE signs after moving them into Resources), and
    # not copied into the .app once BUNDLE has signed it.
    assert spec.index("bc.document_icon_datas(icons)") < spec.index("COLLECT(")
    assert "shutil.copy" not in spec[spec.index("BUNDLE("):]


def _macho(minos: tuple[int, int], build_version: bool = True) -> bytes:
    """A 64-bit Mach-O header with one load command, laid out as <mach-o/loader.h> says."""
    import struct

    version = (minos[0] << 16) | (minos[1] << 8)
    if build_version:  # LC_BUILD_VERSION: cmd, cmdsize, platform (1 = macOS), minos, sdk, ntools
        command = struct.pack("<IIIIII", 0x32, 24, 1, version, version, 0)
    else:  # LC_VERSION_MIN_MACOSX: cmd, cmdsize, version, sdk
        command = struct.pack("<IIII", 0x24, 16, version, version)
    # magic, cputype (arm64), cpusubtype, filetype (dylib), ncmds, sizeofcmds, flags, reserved
    header = struct.pack("<IiiIIIII", 0xFEEDFACF, 0x0100000C, 0, 6, 1, len(command), 0, 0)
    return header + command


def test_each_binary_says_which_macos_it_needs(tmp_path: Path) -> None:
    import struct

    bc = _config()
    assert bc.macho_minimum(_macho((14, 0))) == (14, 0)
    assert bc.macho_minimum(_macho((10, 9), build_version=False)) == (10, 9)
    assert bc.macho_minimum(b"\x7fELF" + bytes(60)) is None
    # A universal binary: the fat header (big-endian) points at two slices; the newer counts
    # (an arm64 slice always needs 11.0 even in a wheel tagged macosx_10_9_universal2).
    intel, arm = _macho((10, 9)), _macho((11, 0))
    fat = struct.pack(">II", 0xCAFEBABE, 2)
    fat += struct.pack(">iiIII", 0x01000007, 3, 64, len(intel), 3)
    fat += struct.pack(">iiIII", 0x0100000C, 0, 64 + len(intel), len(arm), 3)
    fat = fat.ljust(64, b"\0") + intel + arm
    assert bc.macho_minimum(fat) == (11, 0)
    # A Java class file shares the fat magic; its next word is a version, not a slice count.
    assert bc.macho_minimum(struct.pack(">II", 0xCAFEBABE, 52) + bytes(40)) is None

    app = tmp_path / "GPU Build Planner.app" / "Contents"
    (app / "Frameworks" / "psycopg_binary" / ".dylibs").mkdir(parents=True)
    (app / "MacOS").mkdir()
    (app / "MacOS" / "gpu-planner").write_bytes(_macho((13, 0)))
    (app / "Frameworks" / "psycopg_binary" / ".dylibs" / "libpq.5.dylib").write_bytes(
        _macho((14, 2)))
    (app / "Info.plist").write_bytes(b"<plist/>")
    assert bc.newest_macho_minimum(app.parent) == (
        (14, 2), "Contents/Frameworks/psycopg_binary/.dylibs/libpq.5.dylib")
