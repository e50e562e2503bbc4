#!/bin/bash
# Findings in headers (issue 12), on tests/fixtures/warpkit: a header two
# sources include is reported once; a kernel body kept in a .cuh included
# inside the kernel, and a .cuh included inside a namespace, are analysed;
# --header-filter chooses the headers; --fix edits a header once and a
# second --fix changes nothing; a header outside the repository is
# reported but not edited; JSON has one FILE per reported file and SARIF
# one artifact each.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cp -r "$SOURCE_DIR/tests/fixtures/warpkit" "$tmp/wk"
cd "$tmp/wk" || exit 1
wl() { "$WARPLINT" --no-config --color=never "$@" 2>&1; }
count() { grep -c -- "$1" <<<"$2"; }

out=$(wl -j2 src/*.cu); rc=$?
[ "$rc" = 1 ] || fail "status $rc: $out"
# reduce.cuh is included by all three sources: one finding.
[ "$(count 'include/warpkit/reduce.cuh:6:8: error: .*__shfl_xor.*\[WL101\]' "$out")" = 1 ] ||
	fail "reduce.cuh not reported exactly once: $out"
# Its callers are all kernels reached by every lane: a proven full mask.
echo "$out" | grep -q "reduce.cuh:6:8: note: mask '0xffffffff': every lane" ||
	fail "the callers in the .cu files were not seen: $out"
# The body included inside tile_sum, and the helper inside a namespace.
for want in 'tile_body.cuh:5:9: error: .*\[WL101\]' \
	    'tile_body.cuh:6:9: error: .*\[WL101\]' \
	    'tile_body.cuh:7:6: error: .*__all.*\[WL102\]' \
	    'detail/lanes.cuh:4:9: error: .*__ballot.*\[WL102\]'; do
	echo "$out" | grep -q "$want" || fail "missing $want: $out"
done
# The headers are reported themselves: their wrappers' calls are not.
echo "$out" | grep -q 'which wraps' && fail "wrapper calls reported twice: $out"
# The same with one worker: the same bytes.
[ "$(wl -j1 src/*.cu)" = "$out" ] || fail "-j1 and -j2 differ"

# --header-filter: only the matching headers; '' for none.
out=$(wl --header-filter='detail/' src/*.cu)
echo "$out" | grep -q 'lanes.cuh' || fail "filter dropped the match: $out"
echo "$out" | grep -q '^include/warpkit/reduce.cuh' &&
	fail "filter kept reduce.cuh: $out"
# A header left out: its legacy code is reported where it is used.
echo "$out" | grep -q "src/scan.cu:26:26: error: call of 'warpkit_sum', which wraps legacy '__shfl_xor' (reduce.cuh:6)" ||
	fail "filtered wrapper not reported at its call: $out"
echo "$out" | grep -q "src/tiles.cu:12:35: error: call of 'votes'" &&
	fail "a wrapper whose header is reported is reported again at its call: $out"
out=$(wl --header-filter= src/*.cu)
echo "$out" | grep -q '^[^ ]*\.cuh:' && fail "empty filter reported a header: $out"
echo "$out" | grep -q 'src/scan.cu:11:12: error:' || fail "empty filter lost scan.cu"
"$WARPLINT" --header-filter='(' src/scan.cu >/dev/null 2>&1
[ $? = 3 ] || fail "a bad regex is not a usage error"

# JSON: one FILE per reported file, headers marked, each once.
wl --format=json src/*.cu >r.json
python3 - r.json <<'PY' || fail "JSON report"
import json, sys
doc = json.load(open(sys.argv[1]))
paths = [f["path"] for f in doc["files"]]
assert len(paths) == len(set(paths)), paths
heads = {f["path"]: f for f in doc["files"] if f["header"]}
assert "include/warpkit/reduce.cuh" in heads, paths
assert [x["rule"] for x in heads["include/warpkit/reduce.cuh"]["findings"]] == ["WL101"]
inputs = [f["path"] for f in doc["files"] if not f["header"]]
assert inputs == ["src/histogram.cu", "src/scan.cu", "src/tiles.cu"], inputs
PY
# SARIF: an artifact per file, results pointing at the header's.
wl --format=sarif src/*.cu >r.sarif
python3 - r.sarif <<'PY' || fail "SARIF report"
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
uris = [a["location"]["uri"] for a in run["artifacts"]]
assert len(uris) == len(set(uris)) and "include/warpkit/reduce.cuh" in uris, uris
for r in run["results"]:
    loc = r["locations"][0]["physicalLocation"]["artifactLocation"]
    assert uris[loc["index"]] == loc["uri"], (loc, uris)
PY

# --fix edits the header once, idempotently, and the sources.
wl -q --fix src/*.cu >/dev/null
grep -q '__shfl_xor_sync(0xffffffff, v, d)' include/warpkit/reduce.cuh ||
	fail "reduce.cuh not fixed: $(cat include/warpkit/reduce.cuh)"
[ "$(grep -c '_sync' include/warpkit/reduce.cuh)" = 1 ] || fail "fixed twice"
grep -q '__ballot_sync' include/warpkit/detail/lanes.cuh || fail "lanes.cuh not fixed"
grep -q '__all_sync' include/warpkit/tile_body.cuh || fail "tile_body.cuh not fixed"
sum1=$(cat src/*.cu include/warpkit/*.cuh include/warpkit/detail/*.cuh | md5sum)
wl -q --fix src/*.cu >/dev/null
sum2=$(cat src/*.cu include/warpkit/*.cuh include/warpkit/detail/*.cuh | md5sum)
[ "$sum1" = "$sum2" ] || fail "a second --fix changed something"
out=$(wl src/*.cu)
echo "$out" | grep -q 'WL10[12]' && fail "legacy calls left after --fix: $out"

# A header from outside the repository is reported, not edited.
mkdir -p "$tmp/vendor"
printf '__device__ int vsum(int v) { return v + __shfl_down(v, 1); }\n' \
	>"$tmp/vendor/vendor.cuh"
printf '#include "vendor.cuh"\n__global__ void k(int *p) { p[0] = vsum(p[0]); }\n' \
	>src/uses_vendor.cu
out=$(wl -I"$tmp/vendor" --fix src/uses_vendor.cu)
echo "$out" | grep -q "$tmp/vendor/vendor.cuh:1:41: error: .*\[WL101\]" ||
	fail "vendor header not reported: $out"
echo "$out" | grep -q 'not applied: the header is outside the repository' ||
	fail "vendor header fix not refused: $out"
grep -q '_sync' "$tmp/vendor/vendor.cuh" && fail "a header outside the repository was edited"
# A caller in a third file is named with its file, and its text quoted:
# the header's own lines would point elsewhere.
mkdir -p "$tmp/x/inc"
cat >"$tmp/x/inc/vote.h" <<'CU'
#pragma once
__device__ int all_of(int p, unsigned mask) { return __all_sync(mask, p); }
CU
cat >"$tmp/x/inc/poll.h" <<'CU'
#pragma once
#include "vote.h"
__device__ int poll(const int *s)
{
	int v = 0;
	if (s[threadIdx.x] > 0)
		v = all_of(s[threadIdx.x] > 1, 0xffffffff);
	return v;
}
CU
printf '#include "inc/poll.h"\n__global__ void k(const int *s, int *o) { o[threadIdx.x] = poll(s); }\n' >"$tmp/x/k.cu"
out=$(cd "$tmp/x" && wl k.cu)
echo "$out" | grep -q "inc/vote.h:2:54: error: .*'all_of' is called at line 7 of poll.h, where only some lanes arrive \[WL202\]" ||
	fail "caller in another header: $out"
echo "$out" | grep -q "the argument '0xffffffff' that the callers pass (line 7 of poll.h)" ||
	fail "caller's argument in another header: $out"
# A header's helper is walked from the kernels that call it, and its
# dependent calls reach other headers: the fold tail in fold.cuh writes
# through `Op::Combine`, whose reducers live in ops.h (mshadow's layout).
mkdir -p "$tmp/y/lib"
cat >"$tmp/y/lib/ops.h" <<'CU'
#pragma once
struct sum_op {
	template <typename T>
	__device__ static void Combine(volatile T &dst, volatile T src) { dst += src; }
};
struct max_op {
	template <typename T>
	__device__ static void Combine(volatile T &dst, volatile T src) { if (dst < src) dst = src; }
};
CU
cat >"$tmp/y/lib/fold.cuh" <<'CU'
#pragma once
template <typename Op, typename T>
__device__ void fold_tail(volatile T *buf, int tid)
{
	if (tid < 16) Op::Combine(buf[tid], buf[tid + 16]);
	if (tid < 8) Op::Combine(buf[tid], buf[tid + 8]);
}
CU
cat >"$tmp/y/k.cu" <<'CU'
#include "lib/ops.h"
#include "lib/fold.cuh"
template <typename Op>
__global__ void fold(float *data)
{
	__shared__ volatile float s[32];
	s[threadIdx.x] = data[threadIdx.x];
	fold_tail<Op>(s, threadIdx.x);
	data[threadIdx.x] = s[0];
}
template __global__ void fold<sum_op>(float *);
CU
out=$(cd "$tmp/y" && wl k.cu)
echo "$out" | grep -q "lib/fold.cuh:6:.*reads buf\[tid + 8\], written by .*\[WL301\]" ||
	fail "fold tail through another header's reducers: $out"
# A helper in one header loops on what a helper of another header
# returns after its barrier (SHOC's QTC: a block-wide argmin in
# kernels_common.h, the growing loop in kernels_full_storage.h): the
# callee is judged from its code in the first header's pass, its
# uniform result included, so the loop's barrier is no WL501.
mkdir -p "$tmp/z/inc"
cat >"$tmp/z/inc/pick.h" <<'CU'
#pragma once
__device__ int pick_first(int v)
{
	__shared__ int which[64];

	which[threadIdx.x] = v;
	__syncthreads();
	if (threadIdx.x == 0)
		for (int j = 1; j < 64; j++)
			if (which[j] >= 0)
				which[0] = which[j];
	__syncthreads();
	return which[0];
}
CU
cat >"$tmp/z/inc/grow.h" <<'CU'
#pragma once
__device__ int grow(const int *cand, int limit)
{
	int cnt = 0;
	bool more = true;

	while (cnt < limit && more) {
		if (pick_first(cand[threadIdx.x]) >= 0)
			cnt++;
		else
			more = false;
		__syncthreads();
	}
	return cnt;
}
__device__ int grow_each(const int *cand, int limit)
{
	int cnt = 0;

	while (cnt < limit && cand[threadIdx.x + cnt] >= 0) {
		cnt++;
		__syncthreads();
	}
	return cnt;
}
CU
printf '#include "inc/pick.h"\n#include "inc/grow.h"\n__global__ void k(const int *c, int *o, int n) { o[blockIdx.x] = grow(c, n) + grow_each(c, n); }\n' >"$tmp/z/k.cu"
out=$(cd "$tmp/z" && wl k.cu)
echo "$out" | grep -q "inc/grow.h:12:.*\[WL501\]" &&
	fail "a uniform result of another header's helper: $out"
echo "$out" | grep -q "inc/grow.h:22:.*\[WL501\]" ||
	fail "a per-thread loop in the same header: $out"

# An unqualified call in a member function runs its own class's
# overload, also when that class is in another header than the one
# analysed (b40c: WarpScan's Sum overload calls Invoke(v, op, lane, W);
# the tile's Invoke of the same arity, in the analysed header, holds
# barriers and is no callee of the warp-0 branch).
mkdir -p "$tmp/cls/inc"
cat >"$tmp/cls/inc/tile.h" <<'CU'
#pragma once
struct Tile {
	template <typename T>
	static __device__ void Invoke(T *s, T v, int n, int first)
	{
		s[threadIdx.x] = v;
		__syncthreads();
		if (threadIdx.x == 0 && n > first)
			s[0] += s[n - 1];
		__syncthreads();
	}
};
CU
cat >"$tmp/cls/inc/warp.h" <<'CU'
#pragma once
struct Plus {
	template <typename T>
	__device__ T operator()(T a, T b) const { return a + b; }
};
template <int W>
struct WarpSum {
	template <typename T, typename Op>
	static __device__ T Invoke(T v, Op op, int lane, int width)
	{
		for (int o = width / 2; o > 0; o /= 2)
			v = op(v, __shfl_xor_sync(0xffffffff, v, o, width));
		return lane == 0 ? v : T();
	}
	template <typename T>
	static __device__ T Invoke(T v, int lane)
	{
		Plus op;
		return Invoke(v, op, lane, W);
	}
};
CU
printf '#include "inc/tile.h"\n#include "inc/warp.h"\n__global__ void k(int *o, int n) { __shared__ int s[256]; Tile::Invoke(s, o[threadIdx.x], n, 1); if (threadIdx.x < 32) o[threadIdx.x] = WarpSum<32>::Invoke(s[threadIdx.x], (int)threadIdx.x); }\n' >"$tmp/cls/k.cu"
out=$(cd "$tmp/cls" && wl k.cu)
echo "$out" | grep -q "inc/tile.h:.*\[WL501\]" &&
	fail "another header's namesake taken for the class's own overload: $out"

# A header's helper that shifts a bit row through a pointer, called by
# another header's kernel only from thread 0 (`idx == 0`, idx a local of
# that kernel: CUDPP's Huffman tree).  The helper's header also holds an
# unrelated barrier, so that its pass runs: the walk entering the
# helper from the kernel must see the kernel's guard, and finds no
# race.  A near miss: the same helper called by every thread races.
mkdir -p "$tmp/h/cta" "$tmp/h/kernel"
cat >"$tmp/h/cta/bits.cuh" <<'CU'
#pragma once
struct bit_row {
	unsigned char bytes[32];
	unsigned int count;
};
template <class T>
__device__ void step_search(T *keys, int &j, int bump)
{
	if (keys[j] < keys[threadIdx.x])
		j += bump;
	__syncthreads();
}
__device__ void row_shift(bit_row *r, unsigned int by)
{
	for (unsigned int i = 0; i < by; i++)
		for (unsigned int j = 0; j + 1 < r->count / 8; j++)
			r->bytes[j] = r->bytes[j + 1] << 1;
}
CU
cat >"$tmp/h/kernel/rows.cuh" <<'CU'
#include "../cta/bits.cuh"
__global__ void build_rows(unsigned char *out, unsigned int n)
{
	unsigned int idx = threadIdx.x + blockIdx.x * blockDim.x;
	__shared__ bit_row row;

	if (idx == 0) {
		row.count = 256;
		for (unsigned int k = 0; k < n; k++)
			row_shift(&row, 1);
		out[0] = row.bytes[0];
	}
}
CU
printf '#include "kernel/rows.cuh"\n' >"$tmp/h/one.cu"
out=$(cd "$tmp/h" && wl one.cu)
echo "$out" | grep -q "\[WL301\]" &&
	fail "a helper another header's kernel calls from one thread: $out"
sed 's/if (idx == 0) {/if (idx < 4096) {/' "$tmp/h/kernel/rows.cuh" \
	>"$tmp/h/kernel/all.cuh"
printf '#include "kernel/all.cuh"\n' >"$tmp/h/all.cu"
out=$(cd "$tmp/h" && wl all.cu)
echo "$out" | grep -q "cta/bits.cuh:17:.*\[WL301\]" ||
	fail "the same helper called by every thread: $out"

# A header's helper with barriers, called by a kernel of another file in
# a loop on what a helper of that file returns: thread 0 steals a tile
# offset into a __shared__ variable, and every thread returns it after a
# barrier.  The header's pass models the kernel's callees too, so the
# loop is uniform; a helper that returns its own per-thread local keeps
# the barriers divergent.
mkdir -p "$tmp/s"
cat >"$tmp/s/tile.cuh" <<'CU'
#pragma once
struct tile {
	int *out;
	__device__ void process(int offset)
	{
		__shared__ int buf[128];
		buf[threadIdx.x] = offset + threadIdx.x;
		__syncthreads();
		out[offset + threadIdx.x] = buf[127 - threadIdx.x];
		__syncthreads();
	}
};
CU
cat >"$tmp/s/steal.cu" <<'CU'
#include "tile.cuh"
__device__ int steal(int *counter, int count)
{
	__shared__ int s_offset;
	if (threadIdx.x == 0)
		s_offset = atomicAdd(counter, count);
	__syncthreads();
	return s_offset;
}
__global__ void run(int *counter, int *out, int n)
{
	tile t;
	t.out = out;
	while (steal(counter, 128) < n)
		t.process(n);
}
CU
sed -e 's/__shared__ int s_offset;/int s_offset = counter[threadIdx.x];/' \
	-e '/if (threadIdx.x == 0)/d' -e '/s_offset = atomicAdd/d' \
	"$tmp/s/steal.cu" >"$tmp/s/own.cu"
out=$(cd "$tmp/s" && wl steal.cu)
echo "$out" | grep -q "\[WL501\]" &&
	fail "a loop on a block-uniform steal: $out"
out=$(cd "$tmp/s" && wl own.cu)
[ "$(echo "$out" | grep -c "tile.cuh:.*\[WL501\]")" = 2 ] ||
	fail "a loop on a per-thread value: $out"

# A header's helper whose fix the sources see differently: a full mask
# from the two that call it in converged code, none from the one that
# calls it under a lane-dependent branch.  No fix, and the note says so
# once, however many passes disagree.
mkdir -p "$tmp/d"
cat >"$tmp/d/vote.cuh" <<'CU'
#pragma once
__device__ unsigned int lanes_with(int p)
{
	return __ballot(p);
}
CU
for f in a c; do
	cat >"$tmp/d/$f.cu" <<'CU'
#include "vote.cuh"
__global__ void count_set(const int *in, unsigned int *out)
{
	out[threadIdx.x] = lanes_with(in[threadIdx.x]);
}
CU
done
cat >"$tmp/d/b.cu" <<'CU'
#include "vote.cuh"
__global__ void count_some(const int *in, unsigned int *out)
{
	if (in[threadIdx.x] > 0)
		out[threadIdx.x] = lanes_with(1);
}
CU
out=$(cd "$tmp/d" && wl a.cu b.cu c.cu)
echo "$out" | grep -q "vote.cuh:4:9: error: .*\[WL102\]" ||
	fail "the header's ballot: $out"
[ "$(grep -o 'it would differ between the files' <<<"$out" | wc -l)" = 1 ] ||
	fail "the note on differing fixes is not said once: $out"

# A source that includes the header and never calls the helper (a build
# probe, a kernel file that uses another part of the header) saw no lane
# enter it: the passes that saw callers decide, and their proved fix
# stands, whichever order the files come in.
cat >"$tmp/d/probe.cu" <<'CU'
#include "vote.cuh"
__global__ void nothing(int *out)
{
	out[threadIdx.x] = 0;
}
CU
for order in "probe.cu a.cu c.cu" "a.cu probe.cu c.cu" "a.cu c.cu probe.cu"; do
	out=$(cd "$tmp/d" && wl -j1 $order)
	echo "$out" | grep -q "vote.cuh:4:9: note: fix: use '__ballot_sync' with mask '0xffffffff'" ||
		fail "a source that never calls the helper vetoed its fix ($order): $out"
	echo "$out" | grep -q 'it would differ' &&
		fail "an uncalled helper's pass counted as a disagreement ($order): $out"
done
# Alone, the probe shows why it proposes no fix: what it says is kept.
out=$(cd "$tmp/d" && wl probe.cu)
echo "$out" | grep -q "vote.cuh:4:9: note: fix:" &&
	fail "the probe alone proved a mask: $out"

# The kernel that decides a header helper's lanes is seldom its direct
# caller: the source wraps it (k -> block_part -> warp_sum).  The
# header's pass climbs the source's chain to the kernel: a proved full
# mask where the kernel calls the wrapper with every lane, the lanes of
# the branch where it calls it under one.
mkdir -p "$tmp/chain"
cat >"$tmp/chain/h.cuh" <<'CU'
#pragma once
__device__ float warp_sum(float v)
{
	for (int o = 16; o > 0; o /= 2)
		v += __shfl_down(v, o);
	return v;
}
CU
cat >"$tmp/chain/all.cu" <<'CU'
#include "h.cuh"
__device__ float scaled(float v)
{
	return warp_sum(v * 2.0f);
}
__device__ float block_part(float v)
{
	return scaled(v) + 1.0f;
}
__global__ void k(const float *in, float *out)
{
	float s = block_part(in[threadIdx.x]);
	if (threadIdx.x % 32 == 0)
		out[threadIdx.x / 32] = s;
}
CU
sed 's/float s = block_part(in\[threadIdx.x\]);/float s = 0; if (threadIdx.x < 16) s = block_part(in[threadIdx.x]);/' \
	"$tmp/chain/all.cu" >"$tmp/chain/half.cu"
out=$(cd "$tmp/chain" && wl all.cu)
echo "$out" | grep -q "h.cuh:5:8: note: fix: use '__shfl_down_sync' with mask '0xffffffff'" ||
	fail "the source's chain to its kernel was not climbed: $out"
out=$(cd "$tmp/chain" && wl half.cu)
echo "$out" | grep -q "h.cuh:5:8: note: fix: use '__shfl_down_sync' with mask '0x0000ffff'" ||
	fail "the branch around the chain's call was not seen: $out"

# The chain's branches on its own locals: `lane = threadIdx.x & 31; if
# (lane < 16)` in the includer's helper is no uniform condition, so the
# header's shuffle gets the lanes 0-15, never the full mask; and a
# __syncthreads() that a fix would put in a header helper, reached
# through another file's `if (warpid == 0)`, is not written.
cat >"$tmp/chain/mid.cuh" <<'CU'
#pragma once
#include "h.cuh"
__device__ float half_sum(float v)
{
	int lane = threadIdx.x & 31;
	if (lane < 16)
		v = warp_sum(v);
	return v;
}
CU
cat >"$tmp/chain/local.cu" <<'CU'
#include "mid.cuh"
__global__ void k(const float *in, float *out)
{
	out[threadIdx.x] = half_sum(in[threadIdx.x]);
}
CU
out=$(cd "$tmp/chain" && wl local.cu)
echo "$out" | grep -q "h.cuh:5:8: note: fix: use '__shfl_down_sync' with mask '0x0000ffff'" ||
	fail "a context local was taken for a uniform value: $out"
cat >"$tmp/chain/scan.cuh" <<'CU'
#pragma once
__device__ int scan_step(volatile int *p)
{
	int t = p[0];
	t += p[-1]; p[0] = t;
	t += p[-2]; p[0] = t;
	return t;
}
CU
cat >"$tmp/chain/block.cuh" <<'CU'
#pragma once
#include "scan.cuh"
__device__ int block_scan(volatile int *p, int *spine)
{
	int warpid = threadIdx.x >> 5;
	int sum = scan_step(p);
	__syncthreads();
	if (warpid == 0)
		scan_step(spine + threadIdx.x);
	__syncthreads();
	return sum;
}
CU
cat >"$tmp/chain/scan.cu" <<'CU'
#include "block.cuh"
__global__ void scan(int *out, const int *in)
{
	__shared__ int s[256], spine[64];
	s[threadIdx.x] = in[threadIdx.x];
	__syncthreads();
	out[threadIdx.x] = block_scan(s + threadIdx.x, spine + 16);
}
CU
out=$(cd "$tmp/chain" && wl scan.cu)
echo "$out" | grep -q "scan.cuh:.*note: fix: __syncthreads()" &&
	fail "a block barrier behind another file's divergent call: $out"

# A race in a header's kernel whose write is in another header's helper:
# the line is that header's, and the message names it.
mkdir "$tmp/two"
cat >"$tmp/two/step.cuh" <<'CU'
__device__ void put_partial(float *s, int t, float v)
{
	s[t] = v;
}
CU
cat >"$tmp/two/kern.cuh" <<'CU'
#include "step.cuh"
template <int N>
__global__ void neighbour_sum(const float *in, float *out)
{
	__shared__ float s[N];
	int t = threadIdx.x;

	put_partial(s, t, in[t]);
	out[t] = s[t] + s[(t + 1) % N];
}
CU
printf '#include "kern.cuh"\ntemplate __global__ void neighbour_sum<32>(const float *, float *);\n' >"$tmp/two/user.cu"
out=$(cd "$tmp/two" && wl user.cu)
echo "$out" | grep -q "kern.cuh:9:2: error: .*written by lane t + 1 at line 3 of step.cuh without __syncwarp()" ||
	fail "the writer's header is not named: $out"

# A race across files: a header's helper stores each lane's word in the
# caller's shared row, and the kernel of the source that includes it
# reads the next lane's word right after the call.  The header's pass
# walks that kernel and counts its accesses too: the store is reported
# in the header, naming the read's line in the source, with no fix.  A
# near miss: a helper whose own __syncwarp() ends the store.
mkdir -p "$tmp/xf"
cat >"$tmp/xf/publish.cuh" <<'CU'
#pragma once
__device__ void publish(unsigned *row, unsigned word)
{
	row[threadIdx.x % 32] = word;
}
__device__ void publish_synced(unsigned *row, unsigned word)
{
	row[threadIdx.x % 32] = word;
	__syncwarp();
}
CU
cat >"$tmp/xf/rotate.cu" <<'CU'
#include "publish.cuh"
__global__ void rotate(unsigned *out, const unsigned *in)
{
	__shared__ unsigned rows[4][32];
	unsigned *row = rows[threadIdx.x / 32];

	publish(row, in[threadIdx.x]);
	out[threadIdx.x] = row[(threadIdx.x + 1) % 32];
}
CU
out=$(cd "$tmp/xf" && wl rotate.cu)
echo "$out" | grep -q "publish.cuh:4:2: error: .*reads it at line 8 of rotate.cu without __syncwarp() \[WL301\]" ||
	fail "a store in a header read in the source: $out"
sed 's/publish(row/publish_synced(row/' "$tmp/xf/rotate.cu" >"$tmp/xf/synced.cu"
out=$(cd "$tmp/xf" && wl synced.cu)
echo "$out" | grep -q "\[WL301\]" &&
	fail "a helper that ends its store with a barrier: $out"
# A stretch that runs from a header's helper into its caller: the
# unrolled warp sum of reduce.cuh, called at the end of a loop whose next
# trip rewrites the buffer with no barrier first.  No fix covers the
# stretch as a whole (it would edit the source too), but the races
# within the helper get theirs, in the header, as in one file; its last
# __syncwarp() also orders the next trip's write.  A second --fix
# changes nothing.
mkdir -p "$tmp/lc"
cat >"$tmp/lc/warp_sum.cuh" <<'CU'
#pragma once
inline __device__ void warp_sum(volatile float *s, int t)
{
	s[t] += s[t + 32];
	s[t] += s[t + 16];
	s[t] += s[t + 8];
	s[t] += s[t + 4];
	s[t] += s[t + 2];
	s[t] += s[t + 1];
}
CU
cat >"$tmp/lc/sums.cu" <<'CU'
#include "warp_sum.cuh"
__global__ void sums(const float *in, float *out, int n)
{
	__shared__ float buf[128];
	int t = threadIdx.x;

	for (int k = 0; k < n; k++) {
		buf[t] = in[k * 128 + t];
		__syncthreads();
		if (t < 64)
			buf[t] += buf[t + 64];
		__syncthreads();
		if (t < 32)
			warp_sum(buf, t);
		if (t == 0)
			out[k] = buf[0];
	}
}
CU
out=$(cd "$tmp/lc" && wl sums.cu)
whole="no fix for the stretch as a whole: part of it is another file's code"
own="the fix covers the races within 'warp_sum' only"
note="warp_sum.cuh:4:2: note: $whole (line 8 of sums.cu); $own"
echo "$out" | grep -q "$note" ||
	fail "the helper's own races in a stretch that leaves the header: $out"
(cd "$tmp/lc" && wl --fix sums.cu >/dev/null)
grep -q "__syncwarp(0xffffffff);" "$tmp/lc/warp_sum.cuh" ||
	fail "the header was not fixed: $(cat "$tmp/lc/warp_sum.cuh")"
out=$(cd "$tmp/lc" && wl sums.cu)
echo "$out" | grep -q "WL301" && fail "races left after the fix: $out"
cp "$tmp/lc/warp_sum.cuh" "$tmp/lc/once.cuh"
(cd "$tmp/lc" && wl --fix sums.cu >/dev/null)
cmp -s "$tmp/lc/warp_sum.cuh" "$tmp/lc/once.cuh" ||
	fail "a second --fix changed the header"
echo PASS
