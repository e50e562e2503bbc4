#!/bin/bash
# The progress line: on a terminal (script(1) gives one) for a long run
# (more than 20 files), never with --quiet, never for a short run, and
# never in the report itself.
set -u
command -v script >/dev/null || { echo "no script(1)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cd "$tmp" || exit 1
for i in $(seq 1 22); do
	printf '__global__ void k%d(int *p) { p[threadIdx.x] = %d; }\n' "$i" "$i" \
		>"k$i.cu"
done
many=$(ls k*.cu | tr '\n' ' ')
few="k1.cu k2.cu"

on_tty() {	# run warplint with stdout to a file, stderr on a terminal
	script -qec "'$WARPLINT' --no-config $1 >'$tmp/report'" /dev/null |
		tr '\r' '\n' >"$tmp/tty"
}
on_tty "$many"
grep -aq '^\[22/22\] k[0-9]*\.cu' "$tmp/tty" || fail "no progress line: $(cat "$tmp/tty")"
grep -aq '\[[0-9]*/22\]' "$tmp/report" && fail "progress line in the report"
on_tty "-q $many"
grep -aq '\[[0-9]*/22\]' "$tmp/tty" && fail "progress line with --quiet"
# A short run is few files that also end within a second (progress.h):
# on a loaded machine two files may take longer, and then a line is right.
t0=$(date +%s%N)
on_tty "$few"
t1=$(date +%s%N)
if [ $(((t1 - t0) / 1000000)) -lt 900 ]; then
	grep -aq '\[[0-9]*/2\]' "$tmp/tty" && fail "progress line for a short run"
else
	echo "note: the short run took over 0.9 s here; its check is skipped"
fi
"$WARPLINT" --no-config $many >/dev/null 2>"$tmp/err"
grep -aq '\[[0-9]*/22\]' "$tmp/err" && fail "progress line without a terminal"
echo PASS
