#!/bin/bash
# compile_commands.json found as clangd finds it (issue 12): the project's
# build/compile_commands.json is used for a file below the project with no
# -p, from any working folder; -p wins; a file the database does not name
# takes the flags of the nearest one it names; --verbose says which.
# Runs on tests/fixtures/warpkit (a generated config header, a feature
# macro that only the build's flags define).
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cp -r "$SOURCE_DIR/tests/fixtures/warpkit" "$tmp/wk"
cd "$tmp/wk" || exit 1
# No guessing: only the database can resolve the generated header.
wl() { "$WARPLINT" --no-config --no-guess-includes --color=never "$@" 2>&1; }

# From the project root: build/compile_commands.json gives -Iinclude,
# -Ibuild/generated (WARPKIT_USE_SHUFFLE on), and nvcc's flags are dropped.
out=$(wl --verbose src/scan.cu); rc=$?
[ "$rc" = 1 ] || fail "status $rc: $out"
echo "$out" | grep -q 'WL900' && fail "parse error with the database: $out"
echo "$out" | grep -q 'src/scan.cu:11:12: error: .*__shfl_up.*\[WL101\]' ||
	fail "the feature branch was not analysed: $out"
echo "$out" | grep -q "flags from $tmp/wk/build/compile_commands.json (its own entry)" ||
	fail "--verbose did not name the database: $out"
# From elsewhere, and from inside build/ (the database's own folder).
(cd / && wl "$tmp/wk/src/scan.cu") | grep -q '__shfl_up.*\[WL101\]' ||
	fail "not found when run from /"
(cd build && wl ../src/scan.cu) | grep -q '__shfl_up.*\[WL101\]' ||
	fail "not found when run from build/"
# A database next to the file is nearer than build/ above it (this one
# lacks the generated header's folder).
cat >src/compile_commands.json <<'JSON'
[ { "directory": ".", "file": "scan.cu",
    "command": "nvcc -I../include -c scan.cu" } ]
JSON
wl src/scan.cu | grep -q "'warpkit_config.h' file not found" ||
	fail "the nearer database was not used"
# -p wins over every database found.
wl -p build src/scan.cu | grep -q '__shfl_up.*\[WL101\]' || fail "-p did not win"
rm src/compile_commands.json

# A header named on the command line takes its nearest file's flags.
out=$(wl --verbose include/warpkit/reduce.cuh)
echo "$out" | grep -q 'the entry of the nearest file' || fail "no interpolation: $out"
echo "$out" | grep -q 'reduce.cuh:6:8: error: .*\[WL101\]' || fail "header input: $out"

# Without the database the generated header is missing: one warning.
mv build/compile_commands.json build/cc.json
out=$(wl src/scan.cu); rc=$?
[ "$rc" = 1 ] || fail "no database: status $rc"
echo "$out" | grep -q "warning: 'warpkit/reduce.cuh' file not found \[WL900\]" ||
	fail "no database: root cause not named: $out"
echo PASS
