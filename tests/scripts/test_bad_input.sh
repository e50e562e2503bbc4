#!/bin/bash
# The bad-input matrix (DESIGN.md, "Robustness"): every broken input gets a
# clear message naming the file, the other inputs are still analyzed, and
# the exit status follows the documented codes (0 clean, 1 findings, 2 an
# input could not be read or parsed, 3 usage).  Each case runs warplint on
# the bad input between two good files, so a case also fails if one bad
# file stops or reorders the rest.
#
# Needs WARPLINT and SOURCE_DIR (set by ctest).

set -u
: "${WARPLINT:?}" "${SOURCE_DIR:?}"

FIXTURES=$SOURCE_DIR/tests/fixtures/robust
T=$(mktemp -d)
trap 'chmod -R u+rwX "$T" 2>/dev/null; rm -rf "$T"' EXIT
cd "$T" || exit 1

failures=0
CASE=
OUT=
RC=

fail()
{
	echo "FAIL [$CASE]: $*" >&2
	echo "----- output:" >&2
	printf '%s\n' "$OUT" | head -40 >&2
	echo "-----" >&2
	failures=$((failures + 1))
}

# run ARGS...: run warplint, output (stdout and stderr) in OUT, status in RC.
# A hang (say, open() waiting on a FIFO) fails the case instead of the run.
run()
{
	OUT=$(timeout 120 "$WARPLINT" --color=never "$@" 2>&1)
	RC=$?
	[ "$RC" != 124 ] || fail "timed out after 120 s"
}

expect_rc()
{
	[ "$RC" = "$1" ] || fail "exit status $RC, expected $1"
	# A signal (128+n) is a crash whatever was expected.
	[ "$RC" -lt 128 ] || fail "killed by signal $((RC - 128))"
}

expect_out()
{
	grep -qF -- "$1" <<<"$OUT" || fail "output lacks: $1"
}

expect_no_out()
{
	! grep -qF -- "$1" <<<"$OUT" || fail "output has: $1"
}

# The good files' findings are there, and in input order around the bad one.
expect_good_around()
{
	local order
	expect_out "g1.cu:6:10: error:"
	expect_out "g2.cu:6:10: error:"
	order=$(grep -oE '^(g1\.cu|g2\.cu|'"$1"')' <<<"$OUT" | uniq | tr '\n' ' ')
	[ "$order" = "g1.cu $1 g2.cu " ] ||
		fail "report order is '$order', expected 'g1.cu $1 g2.cu '"
}

cp "$FIXTURES/good.cu" g1.cu
cp "$FIXTURES/good.cu" g2.cu

CASE="good files alone"
run g1.cu g2.cu
expect_rc 1
expect_out "[WL101]"

CASE="missing file"
run g1.cu missing.cu g2.cu
expect_rc 2
expect_out "missing.cu: error: cannot open: No such file or directory"
expect_good_around missing.cu

CASE="directory"
mkdir dir.cu
run g1.cu dir.cu g2.cu
expect_rc 2
expect_out "dir.cu: error: is a directory"
expect_good_around dir.cu

CASE="not a regular file"
mkfifo fifo.cu
run g1.cu fifo.cu g2.cu
expect_rc 2
expect_out "fifo.cu: error: not a regular file"
expect_good_around fifo.cu

CASE="unreadable file"
cp "$FIXTURES/good.cu" unreadable.cu
chmod 000 unreadable.cu
if cat unreadable.cu >/dev/null 2>&1; then
	# root (or CAP_DAC_OVERRIDE) reads it anyway: nothing to test.
	echo "SKIP [$CASE]: chmod 000 does not stop reads here (uid $(id -u))"
else
	run g1.cu unreadable.cu g2.cu
	expect_rc 2
	expect_out "unreadable.cu: error: cannot open: Permission denied"
	expect_good_around unreadable.cu
fi

CASE="empty file"
: >empty.cu
run empty.cu
expect_rc 0
expect_no_out ": error:"
run g1.cu empty.cu g2.cu
expect_rc 1

CASE="binary file"
printf '\177ELF\2\1\1\0\0\0__shfl(x)\0\0' >binary.cu
run g1.cu binary.cu g2.cu
expect_rc 2
expect_out "binary.cu: error: binary file (contains NUL bytes), not CUDA source"
expect_good_around binary.cu

CASE="file over the size limit"
# Sparse: the size is refused from fstat, before anything is read.
truncate -s 65M huge.cu
run g1.cu huge.cu g2.cu
expect_rc 2
expect_out "huge.cu: error: file too large"
expect_good_around huge.cu

CASE="invalid UTF-8"
# Latin-1 bytes and a stray continuation byte in a comment and a string.
printf '// caf\351 \377\376\n__global__ void k(int *o, int v)\n{\n\tconst char *s = "\351\200";\n\to[0] = __shfl(v, 0) + s[0];\n}\n' >latin1.cu
cp latin1.cu latin1.orig
run g1.cu latin1.cu g2.cu
expect_rc 1
expect_out "latin1.cu:5:9: error:"
run --fix -q latin1.cu
# The fix edits only the call: every other byte must survive.
printf '// caf\351 \377\376\n__global__ void k(int *o, int v)\n{\n\tconst char *s = "\351\200";\n\to[0] = __shfl_sync(0xffffffff, v, 0) + s[0];\n}\n' >latin1.want
cmp -s latin1.cu latin1.want || fail "--fix changed bytes it should not"

CASE="UTF-8 byte order mark"
# clang counts the three BOM bytes in the first line's columns.
printf '\357\273\277__global__ void k(int *o, int v) { o[0] = __shfl(v, 0); }\n' >bom.cu
run g1.cu bom.cu g2.cu
expect_rc 1
expect_out "bom.cu:1:46: error:"
run --fix -q bom.cu
printf '\357\273\277__global__ void k(int *o, int v) { o[0] = __shfl_sync(0xffffffff, v, 0); }\n' >bom.want
cmp -s bom.cu bom.want || fail "--fix lost or moved the BOM"

CASE="CRLF line endings"
sed 's/$/\r/' "$FIXTURES/fixable.cu" >crlf.cu
run crlf.cu
expect_rc 1
# Lines and columns as in the LF file: CR is not a column of its own.
expect_out "crlf.cu:7:7: error:"
run --fix -q crlf.cu
if grep -q $'[^\r]$' crlf.cu || grep -q '^$' crlf.cu; then
	fail "--fix left a line without CRLF: $(grep -n $'[^\r]$\|^$' crlf.cu | head -3)"
fi
cp "$FIXTURES/fixable.cu" lf.cu
run --fix -q lf.cu
sed 's/$/\r/' lf.cu >lf-as-crlf.cu
cmp -s crlf.cu lf-as-crlf.cu || fail "CRLF fix differs from the LF fix"

CASE="tabs"
# Byte columns, a tab counting one, as clang prints them.
printf '\t__global__ void k(int *o, int v) {\to[0] =\t__shfl(v, 0); }\n' >tabs.cu
run tabs.cu
expect_rc 1
expect_out "tabs.cu:1:44: error:"
if command -v clang-19 >/dev/null; then
	# The same bytes as C, with an error at the same place: clang's own
	# column must be the one we print.
	printf '\t__global__ void k(int *o, int v) {\to[0] =\tundeclared_x; }\n' >tabs.c
	CLANG=$(clang-19 -fsyntax-only -D__global__= tabs.c 2>&1 |
		grep -o '^tabs.c:[0-9]*:[0-9]*' | head -1)
	[ "$CLANG" = "tabs.c:1:44" ] || fail "clang says $CLANG, we say 1:44"
fi

CASE="10 MB file"
# Mostly constant tables, with a kernel every 1,000 lines: the size and
# the line numbers are what is tested; how the analysis scales with the
# number of kernels is bench/'s (its 100,000-line file), and 100,000
# kernels here made this the slowest test of the suite.
awk 'BEGIN {
	for (i = 0; size < 10 * 1024 * 1024; i++) {
		if (i % 1000 == 0)
			s = sprintf("__global__ void k%d(int *o, int v)\n{\n\tint x = v * %d;\n\tif (threadIdx.x < 64)\n\t\to[threadIdx.x] = x;\n}\n", i, i);
		else
			s = sprintf("__device__ const int t%d[] = {%d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d};\n", i, i, i + 1, i + 2, i + 3, i + 4, i + 5, i + 6, i + 7, i + 8, i + 9, i + 10, i + 11);
		printf "%s", s; size += length(s); lines += (i % 1000 == 0) ? 6 : 1
	}
	printf "__global__ void last(int *o, int v) { o[0] = __shfl(v, 0); }\n"
	print lines + 1 > "big.line"
}' >big.cu
# run's time-out (120 s) guards against a hang; how fast is bench/'s
# business (a wall-clock limit here failed on a loaded machine).
run g1.cu big.cu g2.cu
expect_rc 1
expect_out "big.cu:$(cat big.line):46: error:"
expect_good_around big.cu

CASE="deeply nested blocks"
{
	printf '__global__ void k(int *o, int v)\n{\n'
	for i in $(seq 5000); do printf '{'; done
	printf 'o[0] = __shfl(v, 0);'
	for i in $(seq 5000); do printf '}'; done
	printf '\n}\n'
} >deep.cu
run g1.cu deep.cu g2.cu
# The kernel's declaration parsed: a partial parse, a warning (issue 12).
expect_rc 1
expect_out "warning: bracket nesting level exceeded maximum of 256 [WL900]"
expect_good_around deep.cu
{
	printf '__global__ void k(int *o, int v)\n{\n'
	for i in $(seq 200); do printf 'if (v > %d) {\n' "$i"; done
	printf 'o[0] = __shfl(v, 0);\n'
	for i in $(seq 200); do printf '}\n'; done
	printf '}\n'
	printf '__device__ int e(int v) { return '
	for i in $(seq 250); do printf '('; done
	printf '__shfl(v, 1)'
	for i in $(seq 250); do printf ')'; done
	printf '; }\n'
} >nested.cu
run nested.cu
expect_rc 1
expect_out "nested.cu:203:8: error:"
expect_out "nested.cu:405:284: error:"

CASE="unterminated comment"
printf '__global__ void k(int *o, int v)\n{\n\to[0] = __shfl(v, 0);\n}\n/* never closed\n' >comment.cu
run g1.cu comment.cu g2.cu
expect_rc 1
expect_out "comment.cu:3:9: error:"
expect_out "comment.cu:5:1: warning: unterminated /* comment [WL900]"
expect_good_around comment.cu

CASE="unterminated string"
printf '__global__ void k(int *o, int v)\n{\n\to[0] = __shfl(v, 0);\n}\nconst char *s = "never closed;\n' >string.cu
run g1.cu string.cu g2.cu
expect_rc 1
expect_out "string.cu:3:9: error:"
expect_out "string.cu:5:"
expect_out "[WL900]"
expect_good_around string.cu

CASE="include cycle"
cp "$FIXTURES/cycle_a.cuh" "$FIXTURES/cycle_b.cuh" .
printf '#include "cycle_a.cuh"\n__global__ void k(int *o, int v) { o[0] = __shfl(v, 1); }\n' >cycle.cu
run g1.cu cycle.cu g2.cu
expect_rc 1
expect_out "#include nested too deeply"
expect_out "cycle.cu:2:43: error:"
expect_good_around cycle.cu

CASE="missing includes"
printf '#include "no/such/header.cuh"\n#include <no_such_system_header.h>\n__global__ void k(int *o, int v) { o[0] = __shfl(v, 0); }\n' >noinc.cu
run g1.cu noinc.cu g2.cu
# One WL900 names the first missing header; the note counts the others.
expect_rc 1
expect_out "noinc.cu:1:10: warning: 'no/such/header.cuh' file not found [WL900]"
expect_out "1 more header not found"
expect_no_out "'no_such_system_header.h' file not found [WL900]"
expect_out "noinc.cu:3:43: error:"
expect_good_around noinc.cu
# The WL900 warning counts under --fail-level like other findings.
run --fail-level=error noinc.cu
expect_rc 1
run --disable=WL101 --fail-level=error noinc.cu
expect_rc 0

CASE="no device code parsed"
# An unknown export macro makes every kernel's declaration invalid.
printf 'EXPORT_API __global__ void k(int *o, int v) { o[0] = __shfl(v, 0); }\n' >nodev.cu
run g1.cu nodev.cu g2.cu
expect_rc 2
expect_out "nodev.cu:1:1: error: unknown type name 'EXPORT_API' [WL900]"
expect_out "1 device function skipped"
expect_good_around nodev.cu

CASE="paths with spaces and non-ASCII names"
mkdir -p "dir with space/ünïcødé"
P="dir with space/ünïcødé/k é.cu"
cp "$FIXTURES/good.cu" "$P"
run g1.cu "$P" g2.cu
expect_rc 1
expect_out "$P:6:10: error:"
run --fix -q "$P"
expect_rc 1
grep -q "__shfl_down_sync" "$P" || fail "--fix did not fix '$P'"
run --format=json "$P"
# JSON may escape non-ASCII (\u00e9); either way it must name the file.
grep -qiF -e 'ünïcødé/k é.cu' -e 'dir with space/\u00fcn\u00efc\u00f8d\u00e9/k \u00e9.cu' <<<"$OUT" ||
	fail "JSON report does not name '$P'"

CASE="usage errors"
run --no-such-option g1.cu
expect_rc 3
run
expect_rc 3
run --timeout=soon g1.cu
expect_rc 3
expect_out "bad timeout 'soon'"

if [ "$failures" -ne 0 ]; then
	echo "$failures failure(s)" >&2
	exit 1
fi
echo "all bad-input cases passed"
