#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# The GPU half of gpu_verify, run from the repository root on a machine
# with a GPU, nvcc, the driver and compute-sanitizer (no clang needed):
#
#   gpu_verify/run_on_gpu.sh BUNDLE OUTDIR [JOBS]
#
# 1. builds the runner and, with nvcc for the GPU present, every after
#    (and every emulated before) of the bundle, in parallel;
# 2. runs before and after of every kernel over its shapes and seeds,
#    each side twice, compares every buffer and times both (one kernel
#    at a time, so the timings do not share the GPU); when the legacy
#    before faults, every shape runs again alone, in a process of its
#    own, so that the shapes where it faults are dropped (and named)
#    and the others still compare;
# 3. runs compute-sanitizer racecheck and synccheck on each side of each
#    kernel on its small sanitizer shape, JOBS at a time;
# 4. writes OUTDIR/{env.txt,builds.jsonl,results.jsonl,sanitizer.jsonl,
#    logs.tar.gz}, which gv-report turns into REPORT.md.
# GV_BUDGET (seconds, default 540) bounds the whole run: what would start
# after it is recorded as skipped, so a 10-minute slot always returns.
set -u

B=$(cd "${1:?usage: run_on_gpu.sh BUNDLE OUTDIR [JOBS]}" && pwd)
OUTDIR=${2:?usage: run_on_gpu.sh BUNDLE OUTDIR [JOBS]}
JOBS=${3:-8}
mkdir -p "$OUTDIR"
OUTDIR=$(cd "$OUTDIR" && pwd)
ROOT=$(pwd)
GV=$ROOT/gpu_verify
CUDA=${CUDA_HOME:-/usr/local/cuda}
export PATH=$CUDA/bin:$PATH
BUDGET=${GV_BUDGET:-540}
START=$(date +%s)
DEADLINE=$((START + BUDGET))
LOGS=$OUTDIR/logs
mkdir -p "$LOGS"
: >"$OUTDIR/builds.jsonl"
: >"$OUTDIR/results.jsonl"
: >"$OUTDIR/sanitizer.jsonl"

cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null |
	head -1 | tr -d '. ')
ARCH=${GV_ARCH:-sm_${cc:-90}}

{
	echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "gpu: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
	echo "driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
	echo "cuda_driver_api: $(nvidia-smi | grep -o 'CUDA Version: [0-9.]*' | head -1)"
	echo "nvcc: $(nvcc --version | grep -o 'release [0-9.]*, V[0-9.]*')"
	echo "sanitizer: $(compute-sanitizer --version | grep -o 'Version [0-9.]*' | head -1)"
	echo "arch: $ARCH"
	echo "host: $(uname -m), $(nproc) cores"
} >"$OUTDIR/env.txt" 2>&1

# --- 1. build ---------------------------------------------------------
# GV_RUNNER names a runner to use as it is and skips the builds (the
# tests drive this script with a fake one on a machine without a GPU);
# GV_SANITIZE=0 skips step 3.
RUNNER=${GV_RUNNER:-$B/runner}
if [ -z "${GV_RUNNER:-}" ]; then
gcc -O2 -std=c11 -Wall "$GV/runner.c" "$GV/data.c" "$GV/expr.c" \
	-I"$CUDA/include" -L"$CUDA/lib64/stubs" -lcuda -lm \
	-o "$B/runner" >"$LOGS/runner-build.log" 2>&1 ||
	{ echo "runner did not build"; cat "$LOGS/runner-build.log"; exit 2; }

build_one() {
	local cu=$1 d base flags rc
	d=$(dirname "$cu")
	base=$(basename "$cu" .cu)
	flags=$(sed "s|@ROOT@|$ROOT|g; s|@CASE@|$d|g" "$d/nvcc.flags")
	# shellcheck disable=SC2086 # flags is a word list on purpose
	(cd "$d" && nvcc -arch="$ARCH" -cubin -O3 $flags -o "$base.cubin" \
		"$base.cu") >"$d/gpu-build-$base.log" 2>&1
	rc=$?
	printf '{"case":"%s","image":"%s","rc":%d}\n' "$(basename "$d")" \
		"$base" "$rc" >"$d/gpu-build-$base.json"
}
export -f build_one
export ROOT ARCH
find "$B/cases" -mindepth 2 -maxdepth 2 \
	\( -name 'after*.cu' -o -name 'before*.emul.cu' \) |
	sort | xargs -P "$JOBS" -I{} bash -c 'build_one "$@"' _ {}
cat "$B"/cases/*/gpu-build-*.json >>"$OUTDIR/builds.jsonl" 2>/dev/null
echo "build: $(wc -l <"$OUTDIR/builds.jsonl") images in $(($(date +%s) - START)) s"
fi

# The kernels: "CASEDIR<TAB>LABEL" per line.
KLIST=$OUTDIR/kernels.tsv
for plan in "$B"/cases/*/plan.txt; do
	d=$(dirname "$plan")
	awk -v d="$d" '$1 == "kernel" { print d "\t" $2 }' "$plan"
done >"$KLIST"

# --- 2. compare and time ------------------------------------------------
i=0
while IFS=$'\t' read -r d label; do
	i=$((i + 1))
	c=$(basename "$d")
	if [ "$(date +%s)" -ge $((DEADLINE - 120)) ]; then
		printf '{"case":"%s","kernel":"%s","rc":-1,"skipped":"time budget"}\n' \
			"$c" "$label" >>"$OUTDIR/results.jsonl"
		continue
	fi
	mkdir -p "$LOGS/dump$i"
	timeout 60 "$RUNNER" "$d" --kernel "$label" --json "$LOGS/run$i.json" \
		--dump-mismatch "$LOGS/dump$i" >"$LOGS/run$i.log" 2>&1
	rc=$?
	after=null
	shapes=null
	if [ $rc -eq 4 ]; then
		# The before failed on this GPU: run the after alone, then
		# every shape alone, so that only the shapes where the legacy
		# code faults are dropped.
		timeout 60 "$RUNNER" "$d" --kernel "$label" --side after \
			--json "$LOGS/run$i.after.json" >>"$LOGS/run$i.log" 2>&1
		[ -s "$LOGS/run$i.after.json" ] && after=$(cat "$LOGS/run$i.after.json")
		ns=$(awk -v k="$label" '$1 == "kernel" { in_k = ($2 == k) }
			in_k && $1 == "shape" { n++ } END { print n + 0 }' "$d/plan.txt")
		shapes="["
		good=""
		last=""
		for s in $(seq 0 $((ns - 1))); do
			timeout 60 "$RUNNER" "$d" --kernel "$label" --shape "$s" \
				--json "$LOGS/run$i.s$s.json" >>"$LOGS/run$i.log" 2>&1
			src=$?
			[ $src -ne 4 ] && [ -z "$good" ] && good=$s
			[ $src -ne 4 ] && last=$s
			run=null
			[ -s "$LOGS/run$i.s$s.json" ] && run=$(cat "$LOGS/run$i.s$s.json")
			[ "$shapes" != "[" ] && shapes="$shapes,"
			shapes="$shapes{\"shape\":$s,\"rc\":$src,\"run\":$run}"
		done
		# The timing shape dropped: time the last shape that survived.
		ts=$(awk -v k="$label" '$1 == "kernel" { in_k = ($2 == k) }
			in_k && $1 == "timing_shape" { print $2 }' "$d/plan.txt")
		if [ -n "$good" ] && [ -n "$ts" ] && [ -n "$last" ] &&
			! grep -q '"time_before_us"' "$LOGS/run$i.s$ts.json" 2>/dev/null; then
			timeout 60 "$RUNNER" "$d" --kernel "$label" --shape "$last" \
				--time --json "$LOGS/run$i.t.json" >>"$LOGS/run$i.log" 2>&1
			[ -s "$LOGS/run$i.t.json" ] &&
				shapes="$shapes,{\"shape\":$last,\"rc\":0,\"timing_only\":true,\"run\":$(cat "$LOGS/run$i.t.json")}"
		fi
		shapes="$shapes]"
		# Sanitize a shape the before survives.
		[ -n "$good" ] && echo "$good" >"$LOGS/sanshape$i"
	fi
	if [ -s "$LOGS/run$i.json" ]; then
		printf '{"case":"%s","kernel":"%s","rc":%d,"run":%s,"after_only":%s,"shape_runs":%s}\n' \
			"$c" "$label" "$rc" "$(cat "$LOGS/run$i.json")" "$after" "$shapes"
	else
		printf '{"case":"%s","kernel":"%s","rc":%d,"log":"%s"}\n' "$c" \
			"$label" "$rc" \
			"$(tail -c 300 "$LOGS/run$i.log" | tr -d '"\\' | tr '\n\t' '  ')"
	fi >>"$OUTDIR/results.jsonl"
done <"$KLIST"
echo "runs: $i kernels in $(($(date +%s) - START)) s"

# --- 3. sanitizers -------------------------------------------------------
san_one() {
	local d=$1 label=$2 tool=$3 side=$4 n=$5 c log rc sum haz err warn inst
	c=$(basename "$d")
	log=$LOGS/san-$n-$tool-$side.log
	if [ "$(date +%s)" -ge "$DEADLINE" ]; then
		printf '{"case":"%s","kernel":"%s","tool":"%s","side":"%s","skipped":"time budget"}\n' \
			"$c" "$label" "$tool" "$side"
		return
	fi
	shape=()
	[ -s "$LOGS/sanshape$n" ] && shape=(--shape "$(cat "$LOGS/sanshape$n")")
	timeout 90 compute-sanitizer --tool "$tool" --print-limit 1000 \
		"$RUNNER" "$d" --kernel "$label" --side "$side" --quick \
		"${shape[@]}" >"$log" 2>&1
	rc=$?
	# "RACECHECK SUMMARY: 12 hazards displayed (0 errors, 12 warnings)"
	# and "ERROR SUMMARY: 3 errors".
	sum=$(grep -o 'RACECHECK SUMMARY: .*' "$log" | tail -1)
	haz=$(printf '%s' "$sum" | grep -o '[0-9]* hazard' | grep -o '[0-9]*')
	err=$(printf '%s' "$sum" | grep -o '[0-9]* error' | grep -o '[0-9]*')
	warn=$(printf '%s' "$sum" | grep -o '[0-9]* warning' | grep -o '[0-9]*')
	# Each report aggregates "[N hazards]": their sum is the instances.
	inst=$(grep -o '\[[0-9]* hazards\]' "$log" | grep -o '[0-9]*' |
		awk '{ s += $1 } END { print s + 0 }')
	if [ "$tool" != racecheck ]; then
		sum=$(grep -o 'ERROR SUMMARY: .*' "$log" | tail -1)
		err=$(printf '%s' "$sum" | grep -o '[0-9]* error' | grep -o '[0-9]*')
		haz=""
		warn=""
		inst=""
	fi
	printf '{"case":"%s","kernel":"%s","tool":"%s","side":"%s","shape":%s,"rc":%d,"hazards":%s,"instances":%s,"errors":%s,"warnings":%s,"summary":"%s"}\n' \
		"$c" "$label" "$tool" "$side" "${shape[1]:-null}" "$rc" "${haz:-null}" "${inst:-null}" \
		"${err:-null}" "${warn:-null}" "$(printf '%s' "$sum" | tr -d '"\\')"
}
export -f san_one
export B LOGS DEADLINE RUNNER
n=0
[ "${GV_SANITIZE:-1}" = 0 ] && : >"$KLIST.san" || cp "$KLIST" "$KLIST.san"
while IFS=$'\t' read -r d label; do
	n=$((n + 1))
	for tool in racecheck synccheck; do
		for side in before after; do
			printf '%s\t%s\t%s\t%s\t%s\n' "$d" "$label" "$tool" \
				"$side" "$n"
		done
	done
done <"$KLIST.san" |
	xargs -P "$JOBS" -d '\n' -I{} bash -c \
		'IFS=$'"'"'\t'"'"' read -r a b c e f <<<"$1"; san_one "$a" "$b" "$c" "$e" "$f"' _ {} \
		>>"$OUTDIR/sanitizer.jsonl"
echo "sanitizers: $(wc -l <"$OUTDIR/sanitizer.jsonl") runs in $(($(date +%s) - START)) s"

# --- 4. logs -------------------------------------------------------------
# Mismatch dumps of the large shapes would not fit what comes back.
find "$LOGS" -name '*.bin' -size +256k -delete
(cd "$B" && tar czf "$OUTDIR/logs.tar.gz" cases/*/gpu-build-*.log \
	-C "$OUTDIR" logs 2>/dev/null)
rm -f "$KLIST.san"
rm -rf "$LOGS"
echo "done in $(($(date +%s) - START)) s"
