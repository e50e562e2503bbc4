#!/bin/bash
# Include discovery (issue 12), on tests/fixtures/warpkit without its
# compile database: the project's header folder and the generated
# header's folder are found in the repository and added, a note (and the
# JSON report) names them, the result equals the one with the build's
# flags, --no-guess-includes turns it off, and of two candidates the one
# nearest to the including file wins.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cp -r "$SOURCE_DIR/tests/fixtures/warpkit" "$tmp/wk"
cd "$tmp/wk" || exit 1
wl() { "$WARPLINT" --no-config --color=never "$@"; }
mv build/compile_commands.json build/cc.json

out=$(wl src/scan.cu 2>&1); rc=$?
[ "$rc" = 1 ] || fail "status $rc: $out"
echo "$out" | grep -q 'WL900' && fail "a header is still missing: $out"
echo "$out" | grep -q 'note: src/scan.cu: include folders guessed: -Iinclude -Ibuild/generated' ||
	fail "no note naming the folders: $out"
wl -q src/scan.cu 2>&1 | grep -q 'guessed' && fail "note shown with -q"
# The same findings as with the build's flags.
guessed=$(wl -q src/*.cu 2>/dev/null)
flags=$(wl -q -Iinclude -Ibuild/generated src/*.cu 2>/dev/null)
[ "$guessed" = "$flags" ] || fail "guessed differs from the build's flags:
$guessed
---
$flags"
# JSON names them per input.
wl --format=json src/scan.cu 2>/dev/null | python3 -c '
import json, sys
f = json.load(sys.stdin)["files"][0]
assert [d.rsplit("/", 2)[-2:] for d in f["guessedIncludes"]] == [["wk", "include"], ["build", "generated"]], f["guessedIncludes"]
' || fail "JSON guessedIncludes"

# Off: the missing header is the root cause again.
out=$(wl --no-guess-includes src/scan.cu 2>&1)
echo "$out" | grep -q "'warpkit/reduce.cuh' file not found \[WL900\]" ||
	fail "--no-guess-includes still guessed: $out"
echo "$out" | grep -q 'guessed' && fail "note without guessing: $out"

# Two copies of a header: the one nearest to the includer wins.
mkdir -p tools/include/warpkit
printf '#pragma once\n#define WARPKIT_WRONG_COPY 1\n' >tools/include/warpkit/reduce.cuh
out=$(wl --verbose src/histogram.cu 2>&1)
echo "$out" | grep -q 'guessed: -Iinclude ' || fail "the nearer copy lost: $out"
mkdir -p tools/src
printf '#include "warpkit/reduce.cuh"\n#ifdef WARPKIT_WRONG_COPY\n__global__ void k(int *p) { p[0] = __ballot(p[1]); }\n#endif\n' \
	>tools/src/t.cu
wl tools/src/t.cu 2>&1 | grep -q 'guessed: -Itools/include' ||
	fail "the copy nearer to tools/src lost"

# A guessed folder resolves only what was missing: a Windows compat
# folder holding both the missing generated config and its own
# <sys/time.h> must not shadow the system's.
mkdir -p compat/sys
printf '#pragma once\n#define HAVE_WARPS 1\n' >compat/wconfig.h
printf '#pragma once\ntypedef __int64 win_time_t;\n' >compat/sys/time.h
printf '#include "wconfig.h"\n#include <sys/time.h>\nstruct timeval tv;\n__global__ void k(int *p) { p[0] = __any(p[1] > HAVE_WARPS); }\n' \
	>src/compat_user.cu
out=$(wl src/compat_user.cu 2>&1)
echo "$out" | grep -q 'WL900' && fail "a guessed folder shadowed <sys/time.h>: $out"
echo "$out" | grep -q 'guessed: -idirafter compat ' ||
	fail "the missing config not guessed: $out"
echo "$out" | grep -q '\[WL102\]' || fail "the legacy vote lost: $out"
# A chain of headers, each in a folder of its own, deeper than the
# rounds of parsing: the headers found are read for what they include,
# so one more parse finds them all.  A project copy of <stdio.h> on the
# way stays unused: the system has one.
mkdir -p chain/src stdcopy
for i in 1 2 3 4 5 6; do
	mkdir -p "chain/d$i/c$i"
	next=$((i + 1))
	if [ "$i" = 6 ]; then
		printf '#pragma once\n#include "stdio.h"\n#define CHAIN_END 6\n' >"chain/d$i/c$i/h$i.h"
	else
		printf '#pragma once\n#include "c%s/h%s.h"\n' "$next" "$next" >"chain/d$i/c$i/h$i.h"
	fi
done
printf '#pragma once\n#error the project copy of stdio.h was used\n' >stdcopy/stdio.h
printf '#include "c1/h1.h"\n__global__ void k(int *p) { p[0] = __any(p[1] > CHAIN_END); }\n' \
	>chain/src/deep.cu
out=$(wl chain/src/deep.cu 2>&1)
echo "$out" | grep -q 'WL900' && fail "a header of the chain is missing: $out"
echo "$out" | grep -q 'guessed: -Ichain/d1 -Ichain/d2 .*-Ichain/d6 ' ||
	fail "the chain's folders: $out"
echo "$out" | grep -q 'stdcopy' && fail "the project's stdio.h was added: $out"
echo "$out" | grep -q '\[WL102\]' || fail "the legacy vote lost: $out"
echo PASS
