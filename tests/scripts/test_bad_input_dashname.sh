#!/bin/bash
# A source file whose name starts with '-' ("warplint -- -rf.cu") must be
# analyzed like any other: libclang builds a command line from the file
# name, where "-rf.cu" reads as an option, so analyzer/parse.c hands it
# to libclang as "./-rf.cu".  The model must then still recognise that
# file as the main file; if it does not, the file is silently reported
# clean (exit 0, no finding), which this test catches.
#
# Needs WARPLINT and SOURCE_DIR (set by ctest).

set -u
: "${WARPLINT:?}" "${SOURCE_DIR:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1

cp "$SOURCE_DIR/tests/fixtures/robust/good.cu" ./-rf.cu
cp "$SOURCE_DIR/tests/fixtures/robust/good.cu" ./plain.cu
OUT=$(timeout 120 "$WARPLINT" --color=never -- -rf.cu plain.cu 2>&1)
RC=$?
status=0
if [ "$RC" != 1 ]; then
	echo "FAIL: exit status $RC, expected 1" >&2
	status=1
fi
if ! grep -qF -- "-rf.cu:6:10: error:" <<<"$OUT"; then
	echo "FAIL: no finding in -rf.cu (it has the same code as plain.cu)" >&2
	status=1
fi
grep -qF "plain.cu:6:10: error:" <<<"$OUT" ||
	{ echo "FAIL: plain.cu not analyzed" >&2; status=1; }
[ "$status" = 0 ] || printf '%s\n' "$OUT" >&2
exit $status
