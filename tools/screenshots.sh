#!/usr/bin/env bash
# Retake docs/screenshots/main-{light,dark,zh,1366}.png and energy-light.png: the app as a user
# starts it, under Xvfb, with the 4×4090 workstation example (tools/screenshots.py takes each).
# Needs xvfb (installed by .ci/run). Usage: tools/screenshots.sh [python] [display number]
set -euo pipefail
cd "$(dirname "$0")/.."
py=${1:-python}
display=:${2:-97}
out=docs/screenshots
example=examples/workstation-4x4090.gpubuild
xvfb=""
start_xvfb() {  # start_xvfb WIDTHxHEIGHT
  stop_xvfb
  Xvfb "$display" -screen 0 "$1x24" -nolisten tcp >/dev/null 2>&1 &
  xvfb=$!
  sleep 1
}
stop_xvfb() {
  if [ -n "$xvfb" ]; then kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true; fi
  xvfb=""
}
trap stop_xvfb EXIT
shot() {  # shot NAME [options for tools/screenshots.py]
  local name=$1; shift
  DISPLAY=$display "$py" tools/screenshots.py "$out/$name.png" "$example" "$@"
  echo "wrote $out/$name.png"
}
start_xvfb 1920x1080  # a desktop screen: the window opens at 1680×994
shot main-light
shot main-dark --scheme dark
shot main-zh --lang zh_CN
shot energy-light --dock energy
shot warnings-light --warnings
start_xvfb 1366x768   # a laptop screen: the window fills it
shot main-1366
