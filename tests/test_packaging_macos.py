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
