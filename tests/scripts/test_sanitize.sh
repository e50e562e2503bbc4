#!/bin/bash
# AddressSanitizer + UBSan over the unit tests, the corpus and the script
# tests' CLI paths: builds the project with -DWL_SANITIZE=ON in a build
# directory of its own and runs ctest there (labels unit, corpus, fuzz;
# never cli, nor memcheck, which holds this script).  Any sanitizer report
# fails a test: ASan aborts on the first error, UBSan is built with
# -fno-sanitize-recover, and LeakSanitizer fails the process at exit.
#
# CI:   ctest -R memcheck/test_sanitize (from the normal build directory)
# hand: SOURCE_DIR=. BUILD_DIR=build bash tests/scripts/test_sanitize.sh
#
# ASAN_BUILD_DIR overrides the build directory (default: BUILD_DIR/build-asan,
# kept between runs so that CI rebuilds only what changed).  The compiler is
# the one CMake picks (CC to override); exits 77 (skip) if it cannot link
# an ASan program.

set -u
: "${SOURCE_DIR:?}" "${BUILD_DIR:?}"
# Absolute: the CLI pass below runs from inside the build directory.
SOURCE_DIR=$(cd "$SOURCE_DIR" && pwd) || exit 1
BUILD_DIR=$(cd "$BUILD_DIR" && pwd) || exit 1
ASAN_BUILD_DIR=${ASAN_BUILD_DIR:-$BUILD_DIR/build-asan}
JOBS=${WL_SANITIZE_JOBS:-2}

CC_TRY=${CC:-cc}
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
echo 'int main(void) { return 0; }' >"$probe/p.c"
if ! "$CC_TRY" -fsanitize=address,undefined "$probe/p.c" -o "$probe/p" \
	2>/dev/null || ! "$probe/p"; then
	echo "SKIP: $CC_TRY cannot build or run an ASan program"
	exit 77
fi

# Report everything, fail on anything; leaks included.  No alternate
# signal stacks: libclang parses each file on a thread of its own, and
# on a loaded machine the runtime's munmap of a finished thread's signal
# stack can fail ("unable to unmap"), which ASan turns into a CHECK
# failure of its own, not of ours (seen in CI).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:halt_on_error=1:detect_stack_use_after_return=0:use_sigaltstack=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# libclang's crash recovery installs its own signal handlers; let the
# sanitizers see a crash as a crash.
export LIBCLANG_DISABLE_CRASH_RECOVERY=1

echo "== configure $ASAN_BUILD_DIR"
mkdir -p "$ASAN_BUILD_DIR"
cmake -S "$SOURCE_DIR" -B "$ASAN_BUILD_DIR" -DWL_SANITIZE=ON \
	-DCMAKE_BUILD_TYPE=RelWithDebInfo >"$ASAN_BUILD_DIR/wl-configure.log" 2>&1 || {
	cat "$ASAN_BUILD_DIR/wl-configure.log"
	exit 1
}
echo "== build (-j$JOBS)"
cmake --build "$ASAN_BUILD_DIR" -j"$JOBS" >"$ASAN_BUILD_DIR/wl-build.log" 2>&1 || {
	tail -40 "$ASAN_BUILD_DIR/wl-build.log"
	exit 1
}
echo "== ctest -L 'unit|corpus|fuzz' under ASan+UBSan"
cd "$ASAN_BUILD_DIR" || exit 1
ctest -L 'unit|corpus|fuzz' -j"$JOBS" --output-on-failure --timeout 600
status=$?
# ctest runs nothing (and succeeds) if the labels are gone: guard that.
n=$(ctest -N -L 'unit|corpus|fuzz' | sed -n 's/^Total Tests: //p')
if [ "${n:-0}" -eq 0 ]; then
	echo "no unit, corpus or fuzz tests found: nothing was checked" >&2
	exit 1
fi

echo "== warplint CLI over the corpus and fixtures under ASan+UBSan"
# The driver paths the ctests above do not take: threads (-j2), the
# isolated --timeout path, --fix-dry-run, every output format.
mapfile -t files < <(find "$SOURCE_DIR/corpus" "$SOURCE_DIR/tests/fixtures/robust" \
	-name '*.cu' 2>/dev/null | sort)
if [ "${#files[@]}" -eq 0 ]; then
	echo "no corpus files under $SOURCE_DIR: nothing was checked" >&2
	exit 1
fi
for args in "-j2" "-j2 --timeout=600" "-j2 --fix-dry-run" \
	"-j1 --format=json" "-j2 --format=sarif"; do
	# shellcheck disable=SC2086
	./warplint -q --enable=all $args \
		--extra-arg=-I"$SOURCE_DIR/corpus/include" "${files[@]}" \
		>cli.out 2>cli.err
	rc=$?
	if [ "$rc" -gt 2 ] || grep -q "Sanitizer\|runtime error:" cli.err; then
		echo "warplint $args: exit $rc" >&2
		grep -A30 "Sanitizer\|runtime error:" cli.err | head -60 >&2
		status=1
	fi
done
exit $status
