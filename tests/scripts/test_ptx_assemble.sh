#!/bin/bash
# The PTX checker the corpus runner uses (tests/ptxcheck.c) must be able to
# fail: ptxas rejects the rewrite issue 13 saw (a second .sync and a fifth
# operand on a vote that had its mask), and legacy shfl for sm_90, and
# accepts both positions of .sync.  Skipped (77) without ptxas.
#
# Needs BUILD_DIR (set by ctest).

set -u
: "${BUILD_DIR:?}"

PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
TOOL=$BUILD_DIR/tests/ptx_assemble
[ -x "$PTXAS" ] || { echo "no ptxas at $PTXAS: skipped"; exit 77; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
failures=0

check()
{
	local name=$1 want=$2 text=$3 rc

	printf '%s\n' "$text" > "$T/$name.cu"
	"$TOOL" --ptxas "$PTXAS" "$T/$name.cu" > "$T/$name.out" 2>&1
	rc=$?
	if [ "$rc" != "$want" ]; then
		echo "FAIL [$name]: exit $rc, want $want" >&2
		cat "$T/$name.out" >&2
		failures=$((failures + 1))
	fi
}

check double-sync 1 '__device__ unsigned f(int p)
{
	unsigned b;
	asm("{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.sync.b32 %0, q, 0xffffffff, %2; }"
	    : "=r"(b) : "r"(p), "r"(0xffffffff));
	return b;
}'
check legacy-shfl 1 '__device__ int f(int v)
{
	asm volatile("shfl.up.b32 %0, %0, 1, 0x0;" : "+r"(v));
	return v;
}'
check missing-operand 1 '__device__ int f(int v)
{
	asm volatile("shfl.sync.up.b32 %0, %0, 1, 0x0, %1;" : "+r"(v));
	return v;
}'
check sync-after-mode 0 '__device__ unsigned f(int p)
{
	unsigned b;
	asm("{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.ballot.sync.b32 %0, q, 0xffffffff; }"
	    : "=r"(b) : "r"(p));
	return b;
}'
check sync-first 0 '#define SHFL_IDX(v, l) \
	asm volatile("shfl.sync.idx.b32 %0, %1, %2, 0x1f, %3;" : "=r"(v) : "r"(v), "r"(l), "r"(0xffffffffu))
__device__ float g(float x)
{
	asm("{ .reg .f32 r0; .reg .pred p; shfl.sync.down.b32 r0|p, %1, 2, 0x1f, %2; @p add.f32 r0, r0, %1; mov.f32 %0, r0; }"
	    : "=f"(x) : "f"(x), "r"(0xffffffff));
	return x;
}'
exit $((failures > 0))
