#!/bin/bash
# A short libFuzzer run of tests/fuzz/fuzz_analyze in CI: builds the target
# with clang (ASan + UBSan + coverage) in a build directory of its own,
# seeds it from corpus/ and tests/fixtures/robust/, fuzzes for
# WL_FUZZ_SECONDS (default 60) or WL_FUZZ_RUNS executions, and fails on any
# crash, leak, sanitizer report or broken promise (the target aborts when
# --fix is not idempotent or a finding lies outside the file).
#
# A crashing input is kept in BUILD_DIR/fuzz-artifacts/: minimize it
# (fuzz_analyze -minimize_crash=1 FILE), fix the bug, and add it to
# tests/fuzz/regressions/, which every build replays (ctest fuzz/regressions).
#
# Skips (77) if clang-19 (or CC) cannot build a libFuzzer program.
# Needs SOURCE_DIR and BUILD_DIR (set by ctest).

set -u
: "${SOURCE_DIR:?}" "${BUILD_DIR:?}"
FUZZ_CC=${WL_FUZZ_CC:-clang-19}
FUZZ_BUILD_DIR=${FUZZ_BUILD_DIR:-$BUILD_DIR/build-fuzz}
SECONDS_TO_RUN=${WL_FUZZ_SECONDS:-60}
ARTIFACTS=$BUILD_DIR/fuzz-artifacts

probe=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$probe" "$work"' EXIT
cat >"$probe/p.c" <<'C'
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }
C
if ! command -v "$FUZZ_CC" >/dev/null ||
	! "$FUZZ_CC" -fsanitize=fuzzer,address,undefined "$probe/p.c" \
		-o "$probe/p" 2>/dev/null ||
	! "$probe/p" -runs=1 >/dev/null 2>&1; then
	echo "SKIP: $FUZZ_CC cannot build a libFuzzer program"
	exit 77
fi

echo "== build fuzz_analyze in $FUZZ_BUILD_DIR"
CC=$FUZZ_CC cmake -S "$SOURCE_DIR" -B "$FUZZ_BUILD_DIR" -DWL_FUZZ=ON \
	-DCMAKE_BUILD_TYPE=RelWithDebInfo >"$work/configure.log" 2>&1 || {
	cat "$work/configure.log"
	exit 1
}
cmake --build "$FUZZ_BUILD_DIR" -j"${WL_FUZZ_JOBS:-2}" --target fuzz_analyze \
	>"$work/build.log" 2>&1 || {
	tail -40 "$work/build.log"
	exit 1
}
FUZZER=$FUZZ_BUILD_DIR/tests/fuzz/fuzz_analyze

# Seeds: every corpus kernel and fixture (copied: libFuzzer writes new
# inputs into the first directory, which must not be the source tree).
mkdir -p "$work/seeds" "$work/new" "$ARTIFACTS"
find "$SOURCE_DIR/corpus" "$SOURCE_DIR/tests/fixtures/robust" \
	"$SOURCE_DIR/tests/fuzz/regressions" -type f \
	\( -name '*.cu' -o -name '*.cuh' -o -name 'crash-*' -o -name '*.bin' \) \
	-size -64k -exec cp -t "$work/seeds" {} + 2>/dev/null

export LIBCLANG_DISABLE_CRASH_RECOVERY=1
# No alternate signal stacks: see test_sanitize.sh.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:use_sigaltstack=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

echo "== replay regressions"
regs=("$SOURCE_DIR"/tests/fuzz/regressions/*)
for r in "${regs[@]}"; do
	case $r in *README*|*'*') continue ;; esac
	"$FUZZER" "$r" >"$work/replay.log" 2>&1 || {
		echo "regression $r fails again:" >&2
		tail -40 "$work/replay.log" >&2
		exit 1
	}
done

runs=()
[ -n "${WL_FUZZ_RUNS:-}" ] && runs=("-runs=$WL_FUZZ_RUNS")
echo "== fuzz for ${SECONDS_TO_RUN} s${WL_FUZZ_RUNS:+ or $WL_FUZZ_RUNS runs}"
# -timeout: one input taking this long is a hang, reported as a crash.
# The memory walk's size bound caps the slowest input (corpus
# WL301/search-cut-short.cu: 0.8 s in a release build, 21 s under ASan,
# UBSan and coverage, more beside Valgrind in CI).
"$FUZZER" -max_total_time="$SECONDS_TO_RUN" "${runs[@]}" -max_len=16384 \
	-timeout=120 -rss_limit_mb=4096 -print_final_stats=1 \
	-dict="$SOURCE_DIR/tests/fuzz/cuda.dict" \
	-artifact_prefix="$ARTIFACTS/" \
	"$work/new" "$work/seeds" >"$work/fuzz.log" 2>&1
rc=$?
grep -E "^stat::|Done [0-9]+ runs" "$work/fuzz.log"
if [ "$rc" -ne 0 ]; then
	echo "fuzz_analyze failed (exit $rc); inputs kept in $ARTIFACTS:" >&2
	ls -la "$ARTIFACTS" >&2
	grep -B5 -A60 "ERROR\|fuzz_analyze:\|==ERROR\|runtime error" \
		"$work/fuzz.log" | head -120 >&2
	exit 1
fi
echo "no crash"
