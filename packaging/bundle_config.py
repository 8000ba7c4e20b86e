"""What goes into the frozen app, decided in plain functions the spec and the tests share.

The PyInstaller spec (``gpu-planner.spec``) imports this module, so the choices made here (the
name and version from pyproject.toml, which Qt files are dropped, which binaries are stripped, the
macOS Info.plist) can be checked by tests without running PyInstaller.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ICONS = Path(__file__).resolve().parent / "icons"

DISPLAY_NAME = "GPU Build Planner"
BUNDLE_ID = "org.gpu-build-planner.planner"
"""Reverse DNS of the settings' organisation domain (``gpu-build-planner.org``)."""
DOCUMENT_UTI = "org.gpu-build-planner.gpubuild"
MIME_TYPE = "application/x-gpubuild"
EXTENSION = "gpubuild"
DESKTOP_ID = "gpu-build-planner"
"""The app calls ``setDesktopFileName("gpu-build-planner")``: the .desktop file's name."""
HELLO_ENV = "GPU_PLANNER_FREEZE_HELLO"
"""Set to a script's path, the spec freezes that script as "hello" (bench/bench_bundle.py)."""
SHIPPED_LANGUAGES = ("en", "zh_CN")
"""Languages we translate into; Qt's own translations for other languages are left out."""

# Python modules the app never imports but its dependencies may offer (hooks would collect them,
# and some bring a runtime hook that costs start-up time: setuptools' imports setuptools).
# Dev tools in the same environment (mypy, hypothesis, pytest, rich, pygments) stay out too
# (pydoc stays: pyqtgraph's parameter tree imports it), and so does _hashlib (hashlib has its own
# digests without OpenSSL). Python's ssl stays: the team catalog's driver (psycopg, binary)
# imports it when it loads libpq, and libpq may speak TLS to the team's server.
EXCLUDED_MODULES = [
    "tkinter", "matplotlib", "scipy", "PIL", "IPython", "pytest", "_pytest", "h5py", "cupy",
    "OpenGL", "setuptools", "pkg_resources", "distutils", "_distutils_hack", "mypy",
    "ast_serialize", "hypothesis", "rich", "pygments", "markdown_it", "mdurl",
    "pydoc_data", "attr", "attrs", "jsonschema", "jsonschema_specifications", "referencing",
    "grimp", "importlinter", "ruff", "PyInstaller", "pydantic.mypy", "pydantic.v1",
    "numpy.f2py", "numpy.distutils", "numpy.testing", "_hashlib", "readline",
    # numpy's random and FFT: numpy loads them only when asked (np.random, np.fft), and nothing
    # the app runs asks (pyqtgraph only for its FFT plot mode and pseudo-scatter, unused here).
    "numpy.random", "numpy.fft",
    # Dev-only readers the tests use (YAML for the release workflow, pypdf for sheets).
    "yaml", "_yaml", "pypdf",
    "PySide6.QtQml", "PySide6.QtQuick", "PySide6.QtQuickWidgets", "PySide6.QtQuickControls2",
    "PySide6.QtQuick3D", "PySide6.QtWebEngineCore", "PySide6.QtWebEngineWidgets",
    "PySide6.QtWebEngineQuick", "PySide6.QtWebChannel", "PySide6.QtWebSockets",
    "PySide6.Qt3DCore", "PySide6.Qt3DRender", "PySide6.QtMultimedia",
    "PySide6.QtMultimediaWidgets", "PySide6.QtDesigner", "PySide6.QtHelp", "PySide6.QtUiTools",
    "PySide6.QtSql", "PySide6.QtXml", "PySide6.QtPdf", "PySide6.QtPdfWidgets",
    "PySide6.QtCharts", "PySide6.QtDataVisualization", "PySide6.QtGraphs",
    "PySide6.QtBluetooth", "PySide6.QtPositioning", "PySide6.QtLocation",
    "PySide6.QtSerialPort", "PySide6.QtTextToSpeech", "PySide6.QtRemoteObjects",
]

# PyInstaller runtime hooks that run before any of our code and serve only multiprocessing's
# and pyqtgraph.multiprocess's child processes, which the app never starts (~9 ms at every start).
SKIPPED_RUNTIME_HOOKS = ("pyi_rth_multiprocessing", "pyi_rth_pyqtgraph_multiprocess")

# Qt plugins kept, by plugin folder (a name part; "*" keeps the whole folder). Folders not listed
# are dropped whole: QML tooling, Designer, SQL drivers, TLS backends, network information,
# generic input (evdev), EGL device integrations, the Wayland compositor side, multimedia.
KEPT_PLUGINS: dict[str, tuple[str, ...]] = {
    "platforms": ("qxcb", "qwayland", "qoffscreen", "qminimal.", "qwindows", "qdirect2d",
                  "qcocoa"),
    "platformthemes": ("*",),       # GTK and the XDG portal: native file dialogs and colours
    "printsupport": ("*",),         # CUPS: printing to a real printer is part of the product
    "imageformats": ("qsvg", "qico", "qjpeg", "qgif", "qicns"),
    "iconengines": ("*",),          # SVG icons
    "styles": ("*",),               # the Windows 11 and macOS styles
    "xcbglintegrations": ("*",),    # pyqtgraph's QtOpenGL under X11
    "platforminputcontexts": ("compose", "ibus"),  # typing Chinese through IBus
    "wayland-shell-integration": ("*",),
    "wayland-decoration-client": ("*",),
    "wayland-graphics-integration-client": ("*",),
}

# Qt libraries (and frameworks, and PySide6's bindings of them) only the dropped modules and
# plugins use: libQt6Quick.so.6, Qt6Quick.dll, QtQuick.framework, QtQuick.abi3.so.
DROPPED_QT_LIBRARIES = re.compile(
    r"^(lib)?Qt6?(Quick|Qml|Pdf|Designer|WebEngine|WebChannel|WebSockets|3D|Multimedia|"
    r"VirtualKeyboard|Labs|Lottie|EglFS|EglFs|WaylandCompositor|WaylandEgl|WlShell|"
    r"ShaderTools|Test|Sql|Help|UiTools|Charts|DataVisualization|Graphs|Location|Positioning|"
    r"TextToSpeech|SpatialAudio|Concurrent|Xml)[.A-Z_]",
)


def project() -> dict[str, Any]:
    """The ``[project]`` table of pyproject.toml."""
    with (ROOT / "pyproject.toml").open("rb") as fh:
        table: dict[str, Any] = tomllib.load(fh)["project"]
    return table


def program_name() -> str:
    """The program's file name: the console script pyproject.toml declares (``gpu-planner``)."""
    (name,) = project()["scripts"]
    return str(name)


def version() -> str:
    """The version from pyproject.toml."""
    return str(project()["version"])


def _parts(dest: str) -> tuple[str, ...]:
    return PurePosixPath(dest.replace("\\", "/")).parts


def keep_qt_file(dest: str) -> bool:
    """Whether a collected file (its path inside the bundle) stays in the frozen app."""
    parts = _parts(dest)
    name = parts[-1] if parts else ""
    if "plugins" in parts:
        i = parts.index("plugins")
        if len(parts) <= i + 2:
            return True
        kept = KEPT_PLUGINS.get(parts[i + 1])
        return kept is not None and ("*" in kept or any(k in name for k in kept))
    if "translations" in parts and name.endswith(".qm"):
        lang = re.match(r"qt(?:base)?_(\w+?)\.qm$", name)
        return lang is not None and lang.group(1) in SHIPPED_LANGUAGES
    if "qml" in parts and "PySide6" in parts:
        return False
    if name.lower() == "opengl32sw.dll":
        # Windows: Mesa's software OpenGL (21 MB), Qt's fallback when a GL context is asked for
        # and the driver cannot give one. The app never makes a GL context: its charts are
        # pyqtgraph on QPainter (useOpenGL stays off), widgets draw through the raster engine.
        return False
    return not any(DROPPED_QT_LIBRARIES.match(part) for part in parts)


# OpenSSL stays where Python's _ssl is bundled: _ssl links it (libssl.so.3, libssl-3.dll), and
# psycopg imports ssl; libpq carries its own copy under a hashed name
# (psycopg_binary.libs/libssl-6a9b88ec.so.3), which always stays. Dropping either by name broke
# the team catalog in the frozen app ("no pq wrapper available"). PyInstaller's QtNetwork hook
# also adds the system's OpenSSL for Qt's TLS plugins, which are left out (KEPT_PLUGINS): in a
# bundle without _ssl (bench's bare hello) nothing would load it, and it goes.
SYSTEM_OPENSSL = re.compile(r"^lib(ssl|crypto)(\.so(\.\d+)*|-\d+(-x64)?\.dll|\.\d+\.dylib)$",
                            re.IGNORECASE)
PYTHON_SSL = re.compile(r"^_ssl\.(cpython|pyd|cp3)")

# Linux: CUPS's client library and what only it brings (GnuTLS and its helpers, Avahi), 7.4 MB.
# Qt's CUPS print plugin loads it when the app prints or lists printers; it is left to the
# system's own copy, which every Linux that can reach a printer has (libcups2), with the GnuTLS
# and p11-kit configuration that copy was built for. Without it the plugin does not load and
# printing still writes PDF files (QPrinter's PDF engine is part of QtPrintSupport); there is no
# printer to print to then anyway. tests/test_packaging_bundle.py proves both, on the frozen app.
SYSTEM_CUPS = frozenset({
    "libcups.so.2", "libavahi-client.so.3", "libavahi-common.so.3", "libgnutls.so.30",
    "libp11-kit.so.0", "libidn2.so.0", "libunistring.so.2", "libtasn1.so.6", "libnettle.so.8",
    "libhogweed.so.6", "libgmp.so.10",
})


def keep_library(dest: str) -> bool:
    """Whether a collected library (its path in the bundle) is not one the system provides."""
    name = _parts(dest)[-1] if _parts(dest) else ""
    return name not in SYSTEM_CUPS


def trim(toc: Iterable[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """The TOC without what :func:`keep_qt_file` and :func:`keep_library` leave out.

    Also without the system's OpenSSL when Python's _ssl, its one user, is not in it.
    """
    entries = list(toc)
    names = [_parts(entry[0])[-1] if _parts(entry[0]) else "" for entry in entries]
    ssl = any(PYTHON_SSL.match(name) for name in names)
    return [entry for entry, name in zip(entries, names, strict=True)
            if keep_qt_file(entry[0]) and keep_library(entry[0])
            and (ssl or not SYSTEM_OPENSSL.match(name))]


def package_data() -> list[tuple[str, str]]:
    """Our data packages as (source folder, folder in the bundle), as pip would install them.

    The packages are where ``importlib.resources`` looks for them in the frozen app: the
    ``__init__.py`` goes along, so ``planner.data`` imports from disk there as it does from a
    wheel. The Alembic scripts go as source files: Alembic reads them from disk.
    """
    return [
        (str(ROOT / "data"), "planner/data"),
        (str(ROOT / "resources"), "planner/resources"),
        (str(ROOT / "examples"), "planner/examples"),
        (str(ROOT / "planner" / "catalog" / "migrations"), "planner/catalog/migrations"),
    ]


def package_data_files() -> list[tuple[str, str]]:
    """Every file of :func:`package_data`, skipping caches and translation sources."""
    files = []
    for source, target in package_data():
        for path in sorted(Path(source).rglob("*")):
            if path.is_dir() or "__pycache__" in path.parts or path.suffix in (".pyc", ".ts"):
                continue
            rel = path.parent.relative_to(source).as_posix()
            files.append((str(path), target if rel == "." else f"{target}/{rel}"))
    return files


def prebuilt_catalog(work: Path) -> list[tuple[str, str, str]]:
    """The catalog database built from data/ now (and its rates), as data entries.

    A first start copies the database into the new profile instead of seeding one, and the
    window reads the rates from beside it (issue 24; see planner/catalog/prebuilt.py). They sit
    beside data/VERSION, where the app looks for them.
    """
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from planner.catalog.prebuilt import PREBUILT_NAME, build, rates_path
    from planner.catalog.store import open_store

    built = build(ROOT / "data", work / "prebuilt" / PREBUILT_NAME, open_store)
    return [(f"planner/data/{path.name}", str(path), "DATA")
            for path in (built, rates_path(built)) if path.is_file()]


# auditwheel's name for a library it vendored into a wheel: the name, a hash, maybe a second one
# (libscipy_openblas64_-32a4b2a6.so, libgfortran-040039e1-0352e75f.so.5.0.0).
VENDORED = re.compile(r"-[0-9a-f]{8}(?:-[0-9a-f]{8})?\.so(?:\.|$)")


def strip_candidates(bundle: Path) -> list[Path]:
    """Shared libraries and extensions to strip of symbols (Linux only).

    Skips wheels' vendored libraries (numpy's OpenBLAS and its libgfortran), which strip
    corrupts ("ELF load command address/offset not page-aligned"): in a ``*.libs/`` folder, or
    by their auditwheel name wherever PyInstaller put them (6.22 collects them at the top).
    """
    found = []
    for path in bundle.rglob("*"):
        if path.is_symlink() or not path.is_file():
            continue
        if any(part.endswith(".libs") for part in path.relative_to(bundle).parts):
            continue
        if VENDORED.search(path.name):
            continue
        if path.suffix == ".so" or ".so." in path.name:
            found.append(path)
    return found


def strip_bundle(bundle: Path) -> int:
    """Strip debug symbols from the bundle's libraries; returns the bytes saved."""
    if not sys.platform.startswith("linux"):
        return 0
    paths = strip_candidates(bundle)
    before = sum(p.stat().st_size for p in paths)
    for chunk in range(0, len(paths), 100):
        subprocess.run(["strip", "--strip-unneeded", *map(str, paths[chunk:chunk + 100])],
                       check=False, capture_output=True)
    return before - sum(p.stat().st_size for p in paths)


# Distributions whose compiled code goes into the .app: each wheel's macOS platform tag
# (macosx_13_0_universal2) is the oldest macOS its binaries load on, and the app is as old as the
# newest of them. PySide6 sets the floor in practice (Qt 6.11 needs macOS 13).
BINARY_DISTRIBUTIONS = ("PySide6-Essentials", "shiboken6", "numpy", "pydantic-core", "SQLAlchemy",
                        "MarkupSafe", "psycopg-binary")
MACOS_TAG = re.compile(r"macosx_(\d+)_(\d+)_")


def macos_floor(tags: Iterable[str]) -> tuple[int, int] | None:
    """The newest macOS version any of these wheel tags requires (``cp311-…-macosx_13_0_arm64``)."""
    found = [(int(m.group(1)), int(m.group(2))) for tag in tags
             if (m := MACOS_TAG.search(tag + "_"))]
    return max(found) if found else None


def installed_wheel_tags(names: Iterable[str] = BINARY_DISTRIBUTIONS) -> list[str]:
    """The ``Tag:`` lines of the installed distributions' WHEEL files."""
    import importlib.metadata as md

    tags = []
    for name in names:
        try:
            wheel = md.distribution(name).read_text("WHEEL") or ""
        except md.PackageNotFoundError:
            continue
        tags += [line.split(":", 1)[1].strip() for line in wheel.splitlines()
                 if line.startswith("Tag:")]
    return tags


PYSIDE6_611_FLOOR = (13, 0)
"""Used only where no macOS wheel is installed (tests on Linux or Windows): the tag of
PySide6-Essentials 6.11's macOS wheel (``cp310-abi3-macosx_13_0_universal2``)."""


_MACHO_64 = 0xFEEDFACF
_FAT = 0xCAFEBABE
_LC_VERSION_MIN_MACOSX = 0x24
_LC_BUILD_VERSION = 0x32


def _thin_macho_minimum(data: bytes, start: int) -> tuple[int, int] | None:
    """The macOS version one 64-bit Mach-O image (at ``start``) was built to run on."""
    import struct

    (ncmds,) = struct.unpack_from("<I", data, start + 16)
    offset, found = start + 32, []
    for _ in range(ncmds):
        if offset + 16 > len(data):
            break
        cmd, size = struct.unpack_from("<II", data, offset)
        if cmd == _LC_BUILD_VERSION:  # platform, minos (xxxx.yy.zz as 16.8.8 bits)
            (version,) = struct.unpack_from("<I", data, offset + 12)
            found.append((version >> 16, (version >> 8) & 0xFF))
        elif cmd == _LC_VERSION_MIN_MACOSX:  # version, sdk
            (version,) = struct.unpack_from("<I", data, offset + 8)
            found.append((version >> 16, (version >> 8) & 0xFF))
        offset += max(size, 8)
    return max(found) if found else None


def macho_minimum(data: bytes) -> tuple[int, int] | None:
    """The newest macOS a Mach-O file (thin or universal) says it needs; None if not Mach-O.

    A wheel's tag can say less than its binaries need (a ``macosx_11_0`` wheel may vendor a
    library built for 14): the release workflow reads every binary in the .app with this and
    checks none needs a newer macOS than ``LSMinimumSystemVersion``.
    """
    import struct

    if len(data) < 32:
        return None
    (magic,) = struct.unpack_from("<I", data, 0)
    if magic == _MACHO_64:
        return _thin_macho_minimum(data, 0)
    (magic_be, count) = struct.unpack_from(">II", data, 0)
    if magic_be != _FAT or count > 16:  # 0xCAFEBABE with a large count is a Java class file
        return None
    found = []
    for i in range(count):
        _cpu, _sub, offset, _size, _align = struct.unpack_from(">iiIII", data, 8 + 20 * i)
        if offset + 32 <= len(data) and struct.unpack_from("<I", data, offset)[0] == _MACHO_64:
            minimum = _thin_macho_minimum(data, offset)
            if minimum:
                found.append(minimum)
    return max(found) if found else None


def newest_macho_minimum(folder: Path) -> tuple[tuple[int, int], str] | None:
    """The newest macOS any binary under ``folder`` (a .app) needs, and that binary's path."""
    newest: tuple[tuple[int, int], str] | None = None
    for path in sorted(folder.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        with path.open("rb") as fh:
            if fh.read(4) not in (b"\xcf\xfa\xed\xfe", b"\xca\xfe\xba\xbe"):
                continue
        minimum = macho_minimum(path.read_bytes())
        if minimum and (newest is None or minimum > newest[0]):
            newest = (minimum, path.relative_to(folder).as_posix())
    return newest


def macos_minimum() -> str:
    """``LSMinimumSystemVersion``: from the installed wheels' own tags when building on macOS."""
    major, minor = macos_floor(installed_wheel_tags()) or PYSIDE6_611_FLOOR
    return f"{major}.{minor}"


def info_plist() -> dict[str, Any]:
    """The macOS bundle's extra Info.plist keys: the document type and its exported UTI."""
    return {
        "CFBundleName": DISPLAY_NAME,
        "CFBundleDisplayName": DISPLAY_NAME,
        "CFBundleShortVersionString": version(),
        "CFBundleVersion": version(),
        "LSMinimumSystemVersion": macos_minimum(),
        "NSHighResolutionCapable": True,
        "NSPrincipalClass": "NSApplication",
        "CFBundleDocumentTypes": [{
            "CFBundleTypeName": "GPU Build",
            "CFBundleTypeRole": "Editor",
            "LSHandlerRank": "Owner",
            "CFBundleTypeIconFile": "gpubuild-document.icns",
            "LSItemContentTypes": [DOCUMENT_UTI],
        }],
        "UTExportedTypeDeclarations": [{
            "UTTypeIdentifier": DOCUMENT_UTI,
            "UTTypeDescription": "GPU Build",
            "UTTypeConformsTo": ["public.json", "public.data"],
            "UTTypeIconFile": "gpubuild-document.icns",
            "UTTypeTagSpecification": {
                "public.filename-extension": [EXTENSION],
                "public.mime-type": [MIME_TYPE],
            },
        }],
    }


def document_icon_datas(icons: dict[str, Path],
                        platform: str = sys.platform) -> list[tuple[str, str, str]]:
    """The TOC entry that puts the .gpubuild icon at the bundle's top level (macOS only).

    BUNDLE moves top-level data files into ``Contents/Resources``, where the Info.plist's
    ``CFBundleTypeIconFile`` looks, before it signs the .app.
    """
    if platform != "darwin":
        return []
    return [("gpubuild-document.icns", str(icons["gpubuild-document.icns"]), "DATA")]


def render_icons(out: Path) -> dict[str, Path]:
    """Render the app and document icons from SVG to PNG, ICO and ICNS in ``out``.

    Qt draws the SVG (no other SVG library needed); Pillow writes ICO and ICNS. Both are dev
    dependencies: the frozen app carries only the results.
    """
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PIL import Image
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer
    from PySide6.QtWidgets import QApplication

    # A QApplication (not QGuiApplication): a test process may go on to create widgets.
    _app = QApplication.instance() or QApplication([])
    out.mkdir(parents=True, exist_ok=True)
    made: dict[str, Path] = {}
    for key, svg in (("app", ROOT / "resources" / "icons" / "app.svg"),
                     ("gpubuild-document", ICONS / "gpubuild-document.svg")):
        png = out / f"{key}.png"
        image = QImage(1024, 1024, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        QSvgRenderer(str(svg)).render(painter)
        painter.end()
        image.save(str(png))
        with Image.open(png) as big:
            big.save(out / f"{key}.ico", sizes=[(s, s) for s in (16, 24, 32, 48, 64, 128, 256)])
            big.save(out / f"{key}.icns")
            big.resize((256, 256), Image.Resampling.LANCZOS).save(out / f"{key}-256.png")
        made |= {f"{key}.png": png, f"{key}.ico": out / f"{key}.ico",
                 f"{key}.icns": out / f"{key}.icns", f"{key}-256.png": out / f"{key}-256.png"}
    return made
