#!/bin/bash
# A header given alone whose names come from the file that includes it
# (the wrappers and types its .cu includes first): analysed in that .cu
# file's translation unit, as a user who runs `warplint kernels/*.cuh`
# expects.  A note and the JSON report name the includer, fixes land in
# the header, --timeout's child process carries it, a header that parses
# alone is analysed alone, and --no-guess-includes turns it off.  The
# arguments a kernel in the includer passes decide a helper's parameter
# (no default argument taken for one).  A header included by a header
# that a .cu includes goes through the .cu.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cd "$tmp" || exit 1
git init -q . 2>/dev/null || mkdir .git
mkdir -p src kernels
cat >src/warp_utils.cuh <<'EOF'
#pragma once
__device__ __forceinline__ unsigned int converged() { return __activemask(); }
__device__ __forceinline__ int vote(int p, unsigned int mask = 0xffffffff)
{
	return __ballot_sync(mask, p);
}
template <typename T> struct Digit {
	static __device__ int of(T v) { return (int)v & 3; }
};
EOF
cat >kernels/count.cuh <<'EOF'
template <typename T>
__device__ void count_digits(int *counts, const T *data, int n)
{
	for (int i = threadIdx.x; i < n; i += blockDim.x) {
		int d = Digit<T>::of(data[i]);
		counts[d] += __popc(vote(d == 1, converged()));
	}
}

__device__ int first_lane_value(int v)
{
	return __shfl(v, 0);
}
EOF
cat >kernels/alone.cuh <<'EOF'
__device__ int next_lane_value(int v)
{
	return __shfl_down(v, 1);
}
EOF
cat >src/count.cu <<'EOF'
#include "warp_utils.cuh"
#include "../kernels/count.cuh"
#include "../kernels/alone.cuh"

__global__ void count_kernel(int *counts, const int *data, int n)
{
	count_digits(counts, data, n);
	counts[32 + threadIdx.x] = first_lane_value(data[threadIdx.x]) +
				   next_lane_value(data[threadIdx.x]);
}
EOF
wl() { "$WARPLINT" --no-config --color=never "$@"; }

out=$(wl kernels/count.cuh 2>&1)
echo "$out" | grep -q 'note: kernels/count.cuh: analysed as included from src/count.cu' ||
	fail "no note naming the includer: $out"
echo "$out" | grep -q 'WL900' && fail "the alone parse's errors shown: $out"
echo "$out" | grep -q "count.cuh:6:.*mask 'converged()' of 'vote'.*\[WL201\]" ||
	fail "the wrapper's mask is not seen: $out"
echo "$out" | grep -q "count.cuh:12:.*'__shfl'.*\[WL101\]" ||
	fail "the legacy shuffle is not reported: $out"

# The same through the forked child of --timeout.
out2=$(wl --timeout=120 kernels/count.cuh 2>&1)
[ "$out" = "$out2" ] || fail "--timeout differs:
$out
---
$out2"

# JSON names the includer.
wl --format=json kernels/count.cuh 2>/dev/null | python3 -c '
import json, sys
f = json.load(sys.stdin)["files"][0]
assert f["includer"].endswith("/src/count.cu"), f["includer"]
assert {x["rule"] for x in f["findings"]} == {"WL101", "WL201"}, f["findings"]
' || fail "JSON includer"

# A header that parses alone is analysed alone.
out=$(wl --format=json kernels/alone.cuh 2>&1)
echo "$out" | python3 -c '
import json, sys
f = json.load(sys.stdin)["files"][0]
assert f["includer"] is None, f["includer"]
assert [x["rule"] for x in f["findings"]] == ["WL101"], f["findings"]
' || fail "a header that parses alone went through an includer: $out"

# Fixes land in the header, once; the includer is left alone.
cp src/count.cu "$tmp/includer"
wl --fix kernels/count.cuh >/dev/null 2>&1
grep -q '__shfl_sync(0xffffffff, v, 0)' kernels/count.cuh ||
	fail "the fix did not land: $(cat kernels/count.cuh)"
cp kernels/count.cuh "$tmp/once"
wl --fix kernels/count.cuh >/dev/null 2>&1
cmp -s kernels/count.cuh "$tmp/once" || fail "a second --fix changed the header"
cmp -s src/count.cu "$tmp/includer" || fail "the includer changed"

# A barrier helper in a header: its kernels' arguments decide.
cat >kernels/barrier.cuh <<'EOF'
__device__ void stage(float *smem, int count, int step = 1)
{
	if (count == 0)
		return;
	smem[threadIdx.x] = step;
	__syncthreads();
}
EOF
cat >src/stage.cu <<'EOF'
#include "../kernels/barrier.cuh"
__global__ void uniform_count(float *p, int n)
{
	__shared__ float smem[256];
	stage(smem, n);
}
EOF
cat >src/lane_stage.cu <<'EOF'
#include "../kernels/barrier.cuh"
__global__ void lane_count(float *p, int n)
{
	__shared__ float smem[256];
	stage(smem, n - threadIdx.x, 2);
}
EOF
out=$(wl src/stage.cu 2>&1)
echo "$out" | grep -q 'WL501' && fail "a kernel's parameter taken to vary: $out"
out=$(wl src/lane_stage.cu 2>&1)
echo "$out" | grep -q "barrier.cuh:6:.*threads that return at line 4.*\[WL501\]" ||
	fail "a lane-varying argument not seen: $out"

# Kernels in a .cuh that a common header includes after the types they
# use, the common header included by the .cu: analysed through the .cu.
mkdir -p chain
cat >chain/types.h <<'EOF'
#pragma once
namespace lib { struct edge { int u, v; }; }
EOF
cat >chain/kernels.cuh <<'EOF'
__global__ void first_ends(const lib::edge *e, int *out)
{
	out[threadIdx.x] = __shfl(e[threadIdx.x].u, 0);
}
EOF
cat >chain/common.h <<'EOF'
#pragma once
#include "types.h"
#include "kernels.cuh"
EOF
printf '#include "common.h"\nint main() { return 0; }\n' >chain/main.cu
out=$(wl chain/kernels.cuh 2>&1)
echo "$out" | grep -q 'analysed as included from chain/main.cu' ||
	fail "a header's includer's includer not used: $out"
echo "$out" | grep -q "kernels.cuh:3:.*'__shfl'.*\[WL101\]" ||
	fail "the chained header's shuffle: $out"
echo "$out" | grep -q 'WL900' && fail "the alone parse's errors shown: $out"

# Off: the header alone, its root cause named.
out=$(wl --no-guess-includes kernels/count.cuh 2>&1)
echo "$out" | grep -q "no template named 'Digit' \[WL900\]" ||
	fail "--no-guess-includes still used the includer: $out"
echo "$out" | grep -q 'included from' && fail "note without guessing: $out"
echo PASS
