#!/usr/bin/env bash
# Retake docs/screenshots/main-{light,dark}.png: the app under Xvfb with the 4×4090 example.
# Needs xvfb and imagemagick (installed by .ci/run). Usage: tools/screenshots.sh [python]
set -euo pipefail
cd "$(dirname "$0")/.."
py=${1:-python}
display=:97
Xvfb $display -screen 0 1680x1050x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1
for scheme in light dark; do
  home=$(mktemp -d)
  DISPLAY=$display QT_QPA_PLATFORM=xcb GPU_PLANNER_DATA_DIR=$home GPU_PLANNER_NO_SINGLE_INSTANCE=1 \
    GPU_PLANNER_COLOR_SCHEME=$scheme XDG_CONFIG_HOME=$home/config \
    "$py" -m planner examples/workstation-4x4090.gpubuild >/dev/null 2>&1 &
  app=$!
  sleep 9
  DISPLAY=$display import -window root "docs/screenshots/main-$scheme.png"
  kill $app; wait $app 2>/dev/null || true
  rm -rf "$home"
done
echo "wrote docs/screenshots/main-light.png and main-dark.png"
