#!/usr/bin/env bash
# The WebKit crash "getauxval () failed: Interrupted system call", shown to be GLib's and WebKit's,
# not this project's (see glib-errno-race.c for the why):
#   tests/webkit/glib-crash/reproduce.sh              GLib's abort, without WebKit: dies within a second
#   tests/webkit/glib-crash/reproduce.sh --count CMD  runs CMD (a WebKit run) counting the signals each
#                                                     process takes and what errno their handlers leave
# Needs gcc and the GLib and GIO libraries WebKitGTK brings; no -dev package.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
lib=/usr/lib/x86_64-linux-gnu

if [ "${1:-}" = --count ]; then
  shift
  gcc -shared -fPIC -O1 -o "$work/count-signals.so" "$here/count-signals.c" -ldl
  KUBEVOL_SIGNALS="$work/signals" LD_PRELOAD="$work/count-signals.so" "$@" || true
  for f in "$work"/signals.*; do
    awk -v pid="${f##*.}" '/^process/ { name = $2 } /^sig/ { n[$2]++; if ($8 == 4) eintr[$2]++ }
      END { for (s in n) printf "%-16s pid %-7s signal %-2s %7d deliveries, %7d left errno EINTR\n", name, pid, s, n[s], eintr[s] }' "$f"
  done | sort -k6 -n
  exit 0
fi

gcc -O1 -o "$work/glib-errno-race" "$here/glib-errno-race.c" -pthread "$lib/libgio-2.0.so.0" "$lib/libglib-2.0.so.0"
status=0
timeout 20 "$work/glib-errno-race" 2> "$work/said" || status=$?
cat "$work/said"
if grep -q "getauxval () failed: Interrupted system call" "$work/said"; then
  echo "reproduced: GLib aborted the process (status $status) with the message WebKit's web process dies with"
else
  echo "not reproduced in 20 s (status $status)"
  exit 1
fi
