#!/bin/bash
# --timeout=SECONDS: one pathological file must not stall a run.
#
# libclang cannot be interrupted, so with --timeout each file is analyzed
# in a child process (driver/isolate.c, wl_analyze_isolated) that is
# killed at the limit.  Checked here:
#  - a file that keeps libclang busy for minutes (2^30 tokens of
#    preprocessing, constant memory) is given up after the limit, with a
#    message naming it and exit status 2, while the files around it are
#    analyzed and reported in input order, with -j1 and -j2 alike;
#  - the isolated path reports exactly what the in-process path reports
#    (JSON and SARIF, over the corpus), so no field of a finding is
#    lost on the way back from the child;
#  - --fix through the isolated path gives the same files.
#
# Needs WARPLINT and SOURCE_DIR (set by ctest).

set -u
: "${WARPLINT:?}" "${SOURCE_DIR:?}"

FIXTURES=$SOURCE_DIR/tests/fixtures/robust
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1

failures=0
CASE=

fail()
{
	echo "FAIL [$CASE]: $*" >&2
	failures=$((failures + 1))
}

# D30 expands to 2^30 tokens one at a time: minutes of work, little memory.
{
	echo '/* Pathological: 2^30 tokens of preprocessing. */'
	echo '#define D0 1'
	for i in $(seq 30); do echo "#define D$i D$((i - 1))+D$((i - 1))"; done
	echo '#if D30'
	echo 'int x;'
	echo '#endif'
	# A call a rule looks for, so that the prefilter cannot skip the file.
	echo '__global__ void k(int *o, int v) { o[0] = __shfl(v, 0); }'
} >slow.cu
cp "$FIXTURES/good.cu" g1.cu
cp "$FIXTURES/good.cu" g2.cu

for j in 1 2; do
	CASE="a stalling file, -j$j"
	start=$(date +%s)
	OUT=$(timeout 300 "$WARPLINT" --color=never --timeout=2 -j$j \
		g1.cu slow.cu g2.cu 2>&1)
	RC=$?
	took=$(($(date +%s) - start))
	[ "$RC" = 2 ] || fail "exit status $RC, expected 2"
	grep -qF "slow.cu: error: analysis timed out after 2 s" <<<"$OUT" ||
		fail "no timeout message naming slow.cu"
	order=$(grep -oE '^(g1|g2|slow)\.cu' <<<"$OUT" | uniq | tr '\n' ' ')
	[ "$order" = "g1.cu slow.cu g2.cu " ] || fail "report order '$order'"
	# Generous: the machine may be busy; without the limit it takes minutes.
	[ "$took" -lt 60 ] || fail "took $took s despite --timeout=2"
	[ "$(grep -c '^g[12].cu:6:10: error:' <<<"$OUT")" = 2 ] ||
		fail "the good files were not both analyzed"
done

CASE="no child left behind"
sleep 1
if pgrep -f "$T" >/dev/null 2>&1; then
	fail "processes still running: $(pgrep -af "$T")"
fi

CASE="isolated and in-process reports agree"
# A snapshot: the corpus may change under a long run in a shared checkout.
mkdir corpus
[ -d "$SOURCE_DIR/corpus" ] && cp -r "$SOURCE_DIR/corpus/." corpus/
cp "$FIXTURES/good.cu" "$FIXTURES/fixable.cu" corpus/
mapfile -t files < <(find corpus -name '*.cu' | sort)
# JSON over the whole corpus; SARIF, written from the same findings once
# they are back in the parent, over every fifth file (the run is the
# slowest of the suite, and the corpus grows).
mapfile -t fifth < <(printf '%s\n' "${files[@]}" | awk 'NR % 5 == 1')
for fmt in json sarif; do
	[ $fmt = sarif ] && files=("${fifth[@]}")
	"$WARPLINT" --color=never --format=$fmt -j2 --enable=all \
		--extra-arg=-Icorpus/include "${files[@]}" \
		>inproc.$fmt 2>inproc.$fmt.err
	rc1=$?
	"$WARPLINT" --color=never --format=$fmt -j2 --enable=all --timeout=600 \
		--extra-arg=-Icorpus/include "${files[@]}" \
		>isolated.$fmt 2>isolated.$fmt.err
	rc2=$?
	[ "$rc1" = "$rc2" ] || fail "$fmt: exit status $rc1 in process, $rc2 isolated"
	cmp -s inproc.$fmt isolated.$fmt ||
		fail "$fmt reports differ: $(diff inproc.$fmt isolated.$fmt | head -5)"
	cmp -s inproc.$fmt.err isolated.$fmt.err ||
		fail "$fmt: stderr differs: $(diff inproc.$fmt.err isolated.$fmt.err | head -5)"
	[ -s inproc.$fmt ] || fail "$fmt: empty report"
done

CASE="--fix through the isolated path"
cp "$FIXTURES/fixable.cu" a.cu
cp "$FIXTURES/fixable.cu" b.cu
"$WARPLINT" -q --fix a.cu >/dev/null 2>&1
"$WARPLINT" -q --fix --timeout=600 b.cu >/dev/null 2>&1
cmp -s "$FIXTURES/fixable.cu" a.cu && fail "nothing was fixed"
cmp -s a.cu b.cu || fail "isolated --fix differs: $(diff a.cu b.cu | head -5)"

if [ "$failures" -ne 0 ]; then
	echo "$failures failure(s)" >&2
	exit 1
fi
echo "all timeout cases passed"
