#!/bin/bash
# clang-tidy's command line (issue 12): -I, -isystem, -D, -U, -include and
# -std= taken directly, joined or separate; '--' followed by a compiler
# command (nvcc's flags dropped, the parser's kept, a file named there
# analysed); and the parse errors that a missing flag causes, named once.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cd "$tmp" || exit 1

mkdir -p inc sys
cat >inc/width.h <<'H'
#define LANES 32
H
cat >sys/feature.h <<'H'
#define HAVE_VOTE 1
H
cat >pre.h <<'H'
#define FROM_PRE 1
H
cat >k.cu <<'CU'
#include "width.h"
#include <feature.h>
__global__ void k(int *p)
{
	int v = p[threadIdx.x] + LANES;
#if X == 1 && defined(HAVE_VOTE) && FROM_PRE && !defined(DROPPED)
	v = __shfl_xor(v, 1);
#endif
	p[threadIdx.x] = v;
}
CU
wl() { "$WARPLINT" --no-config --no-guess-includes --color=never "$@" 2>&1; }

# Nothing given: the header is missing, a warning naming it.
out=$(wl k.cu); rc=$?
[ "$rc" = 1 ] || fail "bare: status $rc: $out"
echo "$out" | grep -q "k.cu:1:10: warning: 'width.h' file not found \[WL900\]" ||
	fail "bare: no root cause: $out"
echo "$out" | grep -q 'WL101' && fail "bare: the #if branch was active: $out"

# Joined, separate, and every option of the kind.
for args in "-Iinc -isystem sys -DX=1 -include pre.h" \
	    "-I inc -isystemsys -D X=1 -include pre.h" \
	    "-Iinc -isystem sys -D X=1 -DDROPPED -UDROPPED -include pre.h -std=c++14" \
	    "-I inc -isystem sys -DX=1 -D DROPPED -U DROPPED -include pre.h"; do
	out=$(wl $args k.cu); rc=$?
	[ "$rc" = 1 ] || fail "'$args': status $rc: $out"
	echo "$out" | grep -q 'k.cu:7:6: error: .*\[WL101\]' ||
		fail "'$args': no WL101: $out"
	echo "$out" | grep -q 'WL900' && fail "'$args': parse error: $out"
done
# The options may follow the file, as with a compiler.
out=$(wl k.cu -Iinc -isystem sys -DX=1 -include pre.h)
echo "$out" | grep -q 'k.cu:7:6: error: .*\[WL101\]' || fail "flags after the file: $out"
# -DX=2 leaves the branch off; -U wins over an earlier -D.
wl -Iinc -isystem sys -DX=2 -include pre.h k.cu | grep -q WL101 &&
	fail "-DX=2 still enabled the branch"
wl -Iinc -isystem sys -DX=1 -include pre.h -DDROPPED k.cu | grep -q WL101 &&
	fail "-DDROPPED did not disable the branch"

# clang-tidy's '--': the rest is a compiler command.
out=$(wl k.cu -- -Iinc -isystem sys -DX=1 -include pre.h); rc=$?
[ "$rc" = 1 ] || fail "'--': status $rc: $out"
echo "$out" | grep -q 'k.cu:7:6: error: .*\[WL101\]' || fail "'--': $out"
echo "$out" | grep -q 'WL900' && fail "'--': parse error: $out"
# nvcc's own flags are dropped, with their values; -o's value is no input.
out=$(wl k.cu -- nvcc -gencode arch=compute_60,code=sm_60 -arch sm_60 \
	--expt-relaxed-constexpr -O3 -Xcompiler -fPIC -Iinc -isystem sys \
	-DX=1 -include pre.h -c k.cu -o k.o); rc=$?
[ "$rc" = 1 ] || fail "nvcc command: status $rc: $out"
echo "$out" | grep -q 'k.cu:7:6: error: .*\[WL101\]' || fail "nvcc command: $out"
[ "$(echo "$out" | grep -c '\[WL101\]')" = 1 ] ||
	fail "k.cu named twice was reported twice: $out"
# Only '--' and a file after it: the file is analysed.
cp k.cu ./-dash.cu
out=$(wl -- -dash.cu -Iinc -isystem sys -DX=1 -include pre.h)
echo "$out" | grep -q -- '-dash.cu:7:6: error: .*\[WL101\]' || fail "'-- -dash.cu': $out"

# A value missing, an unknown option: usage errors.
"$WARPLINT" k.cu -I >/dev/null 2>&1; [ $? = 3 ] || fail "-I without a value"
"$WARPLINT" k.cu -std >/dev/null 2>&1; [ $? = 3 ] || fail "-std without '='"
"$WARPLINT" --frobnicate k.cu >/dev/null 2>&1; [ $? = 3 ] || fail "unknown option"
"$WARPLINT" --help | grep -q -- '-- ARGS' || fail "--help does not show '--'"
echo PASS
