#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# gpu_verify up to the launch, without a GPU: gv-prepare a few cases,
# then build what the GPU machine would build (the runner against the
# driver stub, every after and every emulated before with nvcc for sm_90)
# and assemble every clang-19 before PTX with ptxas for sm_90.  Exits 77
# (skip) when clang-19 or nvcc is missing.  To keep CI short it takes
# gpu_verify/examples and four corpus files; GV_FULL=1 takes the whole
# corpus (about a second per file).  The host-launch example is checked
# for what a real file needs: a plan with no spec.
set -u
SOURCE_DIR=${SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
BUILD_DIR=${BUILD_DIR:-$SOURCE_DIR/build}
CUDA=${CUDA_HOME:-/usr/local/cuda}
NVCC=$CUDA/bin/nvcc
PTXAS=$CUDA/bin/ptxas
command -v clang-19 >/dev/null || { echo "skip: no clang-19"; exit 77; }
[ -x "$NVCC" ] && [ -x "$PTXAS" ] || { echo "skip: no nvcc/ptxas"; exit 77; }
PREP=$BUILD_DIR/gv-prepare
[ -x "$PREP" ] || { echo "FAIL: $PREP not built"; exit 1; }

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$SOURCE_DIR" || exit 1
if [ "${GV_FULL:-0}" = 1 ]; then
	files=()
else
	files=(gpu_verify/examples/*.cu)
	for f in corpus/WL101/shfl-variants.cu corpus/WL102/vote-divergent.cu \
		corpus/WL301/reduce-complete-unroll-template.cu \
		corpus/WL103/ptx-register-escapes.cu \
		corpus/WL104/double-overload-of-legacy-name.cu \
		corpus/WL101/own-generic-shuffle-template.cu; do
		[ -f "$f" ] && files+=("$f")
	done
fi
GV_PREPARE=$PREP gpu_verify/prepare_corpus.sh "$TMP/b" "${files[@]}" \
	>"$TMP/prepare.out" 2>&1
rc=$?
cat "$TMP/prepare.out"
fail=0
[ $rc -eq 0 ] || { echo "FAIL: prepare"; cat "$TMP/b/prepare.log"; fail=1; }

"$NVCC" -O2 -o "$TMP/runner" gpu_verify/runner.c gpu_verify/data.c \
	gpu_verify/expr.c -L"$CUDA/lib64/stubs" -lcuda -lm >"$TMP/runner.log" 2>&1 ||
	{ echo "FAIL: runner"; cat "$TMP/runner.log"; fail=1; }

n=0
for d in "$TMP"/b/cases/*/; do
	[ -f "$d/plan.txt" ] || { echo "FAIL: $d has no plan"; fail=1; continue; }
	flags=$(sed "s|@ROOT@|$SOURCE_DIR|g; s|@CASE@|${d%/}|g" "$d/nvcc.flags")
	for cu in "$d"/after*.cu "$d"/before*.emul.cu; do
		[ -f "$cu" ] || continue
		# shellcheck disable=SC2086 # a word list
		(cd "$d" && "$NVCC" -arch=sm_90 -cubin $flags -o /dev/null \
			"$(basename "$cu")") >"$TMP/nvcc.log" 2>&1 ||
			{ echo "FAIL: nvcc $cu"; cat "$TMP/nvcc.log"; fail=1; }
		n=$((n + 1))
	done
	for ptx in "$d"/before.ptx; do
		[ -f "$ptx" ] || continue
		# Plain shfl/vote in .target sm_60 PTX assemble with a warning.
		"$PTXAS" -arch=sm_90 -o /dev/null "$ptx" >"$TMP/ptxas.log" 2>&1 ||
			{ echo "FAIL: ptxas $ptx"; grep -v "without '.sync'" "$TMP/ptxas.log"; fail=1; }
		n=$((n + 1))
	done
	# Every kernel of the plan names an entry on both sides.
	awk '$1 == "entry" && NF != 3 { bad = 1 } END { exit bad }' "$d/plan.txt" ||
		{ echo "FAIL: $d plan entries"; fail=1; }
done
echo "$n images built or assembled"

# A file that defines its own legacy shuffle of a double (`width = 32`):
# legacy.h's shuffles of the types CUDA 8 lacked are a template, so the
# genuine before builds; it used to fall back to an emulated before that
# did not build either.
# A project's own generic template of that name wins over legacy.h's.
for c in WL104-double-overload-of-legacy-name \
	 WL101-own-generic-shuffle-template; do
	d=$TMP/b/cases/$c
	if [ -d "$d" ] && [ ! -f "$d/before.ptx" ]; then
		echo "FAIL: $c: the legacy before did not build"
		tail -5 "$d/build.log"
		fail=1
	fi
done

# A file as real projects write them, planned with no spec: host code
# emptied, a missing header stood in for, a struct by value flattened, a
# template instantiated by its host launch, the block taken from a shared
# array, a function pointer passed NULL.
d=$TMP/b/cases/examples-host-launch
if [ -f "$d/meta.json" ]; then
	python3 - "$d/meta.json" <<'EOT' || { echo "FAIL: host-launch plan"; fail=1; }
import json, sys
m = json.load(open(sys.argv[1]))
assert m["build"]["mode"] == "clang-legacy", m["build"]
assert m["missing_headers"] == ["generated/build_config.h"], m["missing_headers"]
assert m["host_bodies_emptied"] >= 1
k = {x["label"]: x for x in m["kernels"]}
s = k["slice_sums<float>"]
assert "skip" not in s, s
assert s["block_from_code"]["exact"] == 128, s
assert [a["name"] for a in s["args"]] == ["v", "sp.len", "sp.scale", "out"]
w = k["warp_prefix"]
assert [a["kind"] for a in w["args"]] == ["buffer", "null", "scalar"], w
EOT
	grep -q '^  arg struct 8$' "$d/plan.txt" ||
		{ echo "FAIL: host-launch: no struct argument"; fail=1; }
	grep -q 'template __global__ void slice_sums<float>' "$d/before.cu" ||
		{ echo "FAIL: host-launch: instance not put back"; fail=1; }
else
	echo "FAIL: no host-launch case"
	fail=1
fi

# nvcc's spelling of a PTX register in asm (`%laneid`), which clang
# rejects: the tree is respelled and the legacy before built by clang,
# not emulated.
d=$TMP/b/cases/WL103-ptx-register-escapes
python3 - "$d/meta.json" <<'EOT' || { echo "FAIL: %laneid: before not built by clang"; fail=1; }
import json, sys
m = json.load(open(sys.argv[1]))
assert m["build"]["mode"] == "clang-legacy", m["build"]
EOT

# Block sizes only the host launches state (a template argument's, a
# dim3's): every default shape stays within them.
d=$TMP/b/cases/examples-launch-block
python3 - "$d/meta.json" <<'EOT' || { echo "FAIL: launch-block plan"; fail=1; }
import json, sys
m = json.load(open(sys.argv[1]))
k = {x["label"]: x for x in m["kernels"]}
assert k["half_sums<16>"]["block_from_code"]["max"] == 16, k["half_sums<16>"]
assert k["pair_swap"]["block_from_code"]["max"] == 64, k["pair_swap"]
EOT
awk '$1 == "shape" && $4 > 64 { bad = 1 } END { exit bad }' "$d/plan.txt" ||
	{ echo "FAIL: launch-block: a shape past the launch's block"; fail=1; }
exit $fail
