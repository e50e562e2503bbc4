#!/bin/bash
# A file with nothing to report gives its text back as soon as it is
# analysed (a report run without fixes).  The same header reached again
# from another input, with findings this time, is still matched to the
# first copy (by length and hash), reported once, with its lines shown;
# with --fix-dry-run every text is kept and the fix is made.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cd "$tmp" || exit 1
git init -q .
wl() { "$WARPLINT" --no-config --color=never "$@"; }

# Alone, s is a local array; the kernel file makes it __shared__.
cat >pairs.cuh <<'CUH'
#ifndef SHARED_BUF
#define SHARED_BUF
#endif
__device__ void swap_pairs(int *g)
{
	SHARED_BUF int s[64];

	s[threadIdx.x] = g[threadIdx.x];
	g[threadIdx.x] = s[threadIdx.x ^ 1];
}
CUH
cat >kernel.cu <<'CU'
#define SHARED_BUF __shared__
#include "pairs.cuh"
__global__ void k(int *p) { swap_pairs(p); }
CU
printf '__global__ void quiet(int *p) { p[threadIdx.x] = 1; }\n' >quiet.cu

out=$(wl pairs.cuh 2>&1)
echo "$out" | grep -q '^0 errors' || fail "the header alone is not quiet: $out"
out=$(wl quiet.cu pairs.cuh kernel.cu 2>&1)
[ "$(echo "$out" | grep -c 'pairs.cuh:8:2: error: .*\[WL301\]')" = 1 ] ||
	fail "the race in the header, once: $out"
echo "$out" | grep -q '^	s\[threadIdx.x\] = g\[threadIdx.x\];$' ||
	fail "the header's line is not shown: $out"
echo "$out" | grep -q '2 errors, 0 warnings, 0 notes in 3 files' ||
	fail "summary: $out"
wl --format=sarif quiet.cu pairs.cuh kernel.cu 2>/dev/null | python3 -c '
import json, sys
run = json.load(sys.stdin)["runs"][0]
lengths = {a["location"]["uri"].rsplit("/", 1)[-1]: a.get("length") for a in run["artifacts"]}
assert lengths.get("quiet.cu") == 54, lengths
assert all(r.get("partialFingerprints") for r in run["results"]), "no fingerprint"
' || fail "SARIF: a quiet file's length, the header's fingerprints"
# The includer first: the header's entry, with its text, then becomes an
# input whose own copy had nothing to report (that text went); a .cu
# file that another includes, both given (`warplint src/*.cu`), crashed.
out=$(wl kernel.cu quiet.cu pairs.cuh 2>&1)
status=$?
[ $status = 1 ] || fail "includer first: exit $status: $out"
[ "$(echo "$out" | grep -c 'pairs.cuh:8:2: error: .*\[WL301\]')" = 1 ] ||
	fail "includer first: the race in the header, once: $out"
echo "$out" | grep -q '^	s\[threadIdx.x\] = g\[threadIdx.x\];$' ||
	fail "includer first: the header's line is not shown: $out"
out=$(wl --fix-dry-run quiet.cu pairs.cuh kernel.cu 2>&1)
echo "$out" | grep -q '^+	__syncwarp(0xffffffff);' || fail "no fix with --fix-dry-run: $out"
echo PASS
