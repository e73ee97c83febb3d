#!/usr/bin/env bash
# Why scripts/test.sh starts Xvfb with -noreset.
#
# Xvfb, like any X server, resets itself when its last client leaves unless it is started with
# -noreset, and a client that connects during the reset is refused: it prints "cannot open display".
# The WebKit suites start a MiniBrowser per WebDriver session, one after the other, so each session
# ends with the last client leaving. One CI run hung at a new session this way: MiniBrowser could not
# open the display, exited, and WebKitWebDriver, which stops trying to reach a browser that has
# exited without answering the request (Source/WebDriver/glib/SessionHostGlib.cpp), never answered.
#
# This connects xdpyinfo to a fresh Xvfb N times back to back (each one the last client leaving),
# first as xvfb-run starts it by default and then with -noreset, and counts the refusals. With
# both cores busy (two `yes > /dev/null`), 2,000 connections each: 2 and 5 refused by default,
# 0 with -noreset. Needs xvfb and x11-utils (xdpyinfo).
#   tests/webkit/xvfb-reset/reproduce.sh [N]
set -euo pipefail
n="${1:-2000}"
if [ "${XVFB_RESET_INNER:-}" = 1 ]; then
  refused=0
  for _ in $(seq "$n"); do xdpyinfo >/dev/null 2>&1 || refused=$((refused + 1)); done
  echo "$refused of $n connections could not open the display"
  exit 0
fi
for flags in "" "-noreset"; do
  printf 'Xvfb %-9s ' "${flags:-(default)}"
  XVFB_RESET_INNER=1 xvfb-run -a -s "-screen 0 640x480x24 $flags" "$0" "$n"
done
