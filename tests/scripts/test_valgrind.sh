#!/bin/bash
# Valgrind Memcheck over warplint on the corpus and the robustness
# fixtures: 0 errors and 0 bytes definitely lost, or the test fails
# (--error-exitcode, and the leak summary checked as well).
#
# One warplint process analyzes every file (-j1: Valgrind runs threads one
# at a time anyway), so the driver's whole life is covered: options,
# per-file analysis, the report, --fix-dry-run diffs, and teardown.  Reports
# inside the uninstrumented system libclang are suppressed by
# tests/fixtures/robust/valgrind-libclang.supp, never ones in our code.
#
# Slow (Memcheck runs libclang 20-50x slower): WL_VALGRIND_FILES=N limits
# the run to the first N files; skips (77) without valgrind.
#
# Needs WARPLINT and SOURCE_DIR (set by ctest).

set -u
: "${WARPLINT:?}" "${SOURCE_DIR:?}"

if ! command -v valgrind >/dev/null; then
	echo "SKIP: valgrind is not installed"
	exit 77
fi

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

mapfile -t files < <(find "$SOURCE_DIR/corpus" "$SOURCE_DIR/tests/fixtures/robust" \
	-name '*.cu' ! -name '*.fixed.cu' 2>/dev/null | sort)
if [ -n "${WL_VALGRIND_FILES:-}" ]; then
	files=("${files[@]:0:$WL_VALGRIND_FILES}")
fi
if [ "${#files[@]}" -eq 0 ]; then
	echo "no input files found" >&2
	exit 1
fi
echo "valgrind memcheck: ${#files[@]} files"

status=0
# The report path with every rule and the fix export over everything; the
# diff path (--fix-dry-run) over the fixtures only, to bound the time.
fixtures=("$SOURCE_DIR"/tests/fixtures/robust/*.cu)
for mode in "--format=sarif --enable=all --export-fixes=$T/fixes.yaml" \
	"--fix-dry-run"; do
	set -- "${files[@]}"
	[ "$mode" = --fix-dry-run ] && set -- "${fixtures[@]}"
	# shellcheck disable=SC2086
	valgrind --tool=memcheck --error-exitcode=99 --leak-check=full \
		--errors-for-leak-kinds=definite --show-leak-kinds=definite \
		--track-origins=no --num-callers=40 \
		--suppressions="$SOURCE_DIR/tests/fixtures/robust/valgrind-libclang.supp" \
		--log-file="$T/vg.log" \
		"$WARPLINT" -q -j1 $mode --extra-arg=-I"$SOURCE_DIR/corpus/include" \
		"$@" >"$T/out" 2>"$T/err"
	rc=$?
	errors=$(sed -n 's/.*ERROR SUMMARY: \([0-9]*\) errors.*/\1/p' "$T/vg.log" | tail -1)
	lost=$(sed -n 's/.*definitely lost: \([0-9,]*\) bytes.*/\1/p' "$T/vg.log" | tail -1)
	echo "warplint $mode: exit $rc, errors ${errors:-?}, definitely lost ${lost:-0} bytes"
	if [ "$rc" = 99 ] || [ "${errors:-1}" != 0 ] || [ "${lost:-0}" != 0 ]; then
		status=1
		grep -v "^==[0-9]*== *$" "$T/vg.log" | head -150 >&2
	elif [ "$rc" -gt 2 ]; then
		status=1
		echo "warplint failed: exit $rc" >&2
		tail -20 "$T/err" >&2
	fi
done
exit $status
