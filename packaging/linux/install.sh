#!/bin/sh
# Install GPU Build Planner for the current user (no root): the program under ~/.local/lib, a
# command in ~/.local/bin, a menu entry, an icon, and .gpubuild files opening in the app.
#   ./install.sh              install (or upgrade) from the folder this script is in
#   ./install.sh --uninstall  remove exactly what install.sh wrote (your builds and catalog stay)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
data_home=${XDG_DATA_HOME:-$HOME/.local/share}
prefix=$HOME/.local
app_dir=$prefix/lib/gpu-build-planner
bin_link=$prefix/bin/gpu-planner
desktop=$data_home/applications/gpu-build-planner.desktop
mime_xml=$data_home/mime/packages/gpu-build-planner.xml
app_icon=$data_home/icons/hicolor/scalable/apps/gpu-build-planner.svg
app_icon_png=$data_home/icons/hicolor/256x256/apps/gpu-build-planner.png
doc_icon=$data_home/icons/hicolor/scalable/mimetypes/application-x-gpubuild.svg
doc_icon_png=$data_home/icons/hicolor/256x256/mimetypes/application-x-gpubuild.png

# The program's path as one Exec= argument (Desktop Entry spec): in double quotes, with " ` $ and
# \ escaped by a backslash; then every backslash doubled, as in any string value of the file.
# A HOME with a space (or a quote, or a dollar sign) still starts the app.
exec_argument() {
    printf '"%s"' "$(printf '%s' "$1" | sed -e 's/[\\"`$]/\\&/g')" | sed -e 's/\\/\\\\/g'
}

# The same path as a plain string value (TryExec=): only backslashes are escaped.
string_value() {
    printf '%s' "$1" | sed -e 's/\\/\\\\/g'
}

refresh() {
    # Each tool is optional: a desktop without it simply picks the files up at next login.
    if command -v update-mime-database >/dev/null 2>&1; then
        update-mime-database "$data_home/mime" >/dev/null 2>&1 || true
    fi
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database "$data_home/applications" >/dev/null 2>&1 || true
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1; then
        # -f: rebuilt even when the folder looks unchanged, so an uninstall drops our icons.
        gtk-update-icon-cache -f -q -t "$data_home/icons/hicolor" >/dev/null 2>&1 || true
    fi
}

if [ "${1:-}" = "--uninstall" ]; then
    if command -v xdg-mime >/dev/null 2>&1 &&
        [ "$(xdg-mime query default application/x-gpubuild 2>/dev/null)" = "gpu-build-planner.desktop" ]; then
        conf=${XDG_CONFIG_HOME:-$HOME/.config}/mimeapps.list
        [ -f "$conf" ] && sed -i '/^application\/x-gpubuild=gpu-build-planner.desktop;\?$/d' "$conf"
    fi
    rm -f "$bin_link" "$desktop" "$mime_xml" "$app_icon" "$app_icon_png" "$doc_icon" "$doc_icon_png"
    rm -rf "$app_dir"
    refresh
    echo "GPU Build Planner removed (your builds and catalog are kept)."
    exit 0
fi

[ -x "$here/gpu-planner" ] || { echo "install.sh: run it from the unpacked gpu-planner folder." >&2; exit 2; }

mkdir -p "$prefix/lib" "$prefix/bin" "$(dirname "$desktop")" "$(dirname "$mime_xml")" \
    "$(dirname "$app_icon")" "$(dirname "$app_icon_png")" "$(dirname "$doc_icon")" \
    "$(dirname "$doc_icon_png")"
if [ "$here" != "$app_dir" ]; then
    rm -rf "$app_dir.new"
    cp -a "$here" "$app_dir.new"
    rm -rf "$app_dir"
    mv "$app_dir.new" "$app_dir"
fi
ln -sf "$app_dir/gpu-planner" "$bin_link"
share=$app_dir/share
# awk, not sed: the path goes in verbatim whatever it holds (| & and \ are special to sed).
EXEC_ARG=$(exec_argument "$app_dir/gpu-planner") TRY_EXEC=$(string_value "$app_dir/gpu-planner") awk '
    function put(line, value,   i, out) {
        out = ""
        while ((i = index(line, "@EXEC@")) > 0) {
            out = out substr(line, 1, i - 1) value
            line = substr(line, i + 6)
        }
        return out line
    }
    /^Exec=/ { print put($0, ENVIRON["EXEC_ARG"]); next }
    { print put($0, ENVIRON["TRY_EXEC"]) }
' "$share/gpu-build-planner.desktop.in" > "$desktop"
chmod 644 "$desktop"
cp "$share/gpu-build-planner-mime.xml" "$mime_xml"
cp "$share/app.svg" "$app_icon"
cp "$share/app-256.png" "$app_icon_png"
cp "$share/gpubuild-document.svg" "$doc_icon"
cp "$share/gpubuild-document-256.png" "$doc_icon_png"
refresh
if command -v xdg-mime >/dev/null 2>&1; then
    xdg-mime default gpu-build-planner.desktop application/x-gpubuild
fi
echo "GPU Build Planner installed: run gpu-planner, or find it in your applications menu."
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "($prefix/bin is not on your PATH; the menu entry works regardless.)" ;;
esac
