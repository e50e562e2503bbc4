#!/bin/bash
# The precompiled shim (issue 15): the shim is parsed once per set of
# flags and kept in the cache folder's pch/; the report is byte for byte
# the report of a run that parses it as text, whatever state the folder
# is in: empty, reused, stale, damaged, unusable, shared by concurrent
# runs, or full.  --no-pch and WARPLINT_NO_PCH turn it off.
#
# Needs WARPLINT and SOURCE_DIR (set by ctest).

set -u
: "${WARPLINT:?}" "${SOURCE_DIR:?}"
WARPLINT=$(realpath "$WARPLINT")
unset WARPLINT_NO_PCH

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
failures=0

fail()
{
	echo "FAIL: $*" >&2
	failures=$((failures + 1))
}

cd "$SOURCE_DIR" || exit 1
# Three files of four rules: the parse is what changes, not the rules.
files=()
for rule in WL101 WL301 WL202 WL501; do
	mapfile -t -O "${#files[@]}" files < <(ls corpus/$rule/*.cu | head -3)
done

# run DIR OUT [ARGS...]: a JSON report with the cache folder DIR.
run()
{
	local dir=$1 out=$2
	shift 2
	WARPLINT_CACHE_DIR=$dir "$WARPLINT" --no-cache --format=json -j2 \
		--extra-arg=-Icorpus/include "$@" "${files[@]}" >"$out" 2>&1
	echo $? >>"$out"
}

pchs() { find "$1/pch" -name '*.pch' 2>/dev/null | wc -l; }
leftovers() { find "$1/pch" -name '*.XXXXXX' -o -name '*.pch.*' \
	-o -name '*.deps.*' 2>/dev/null | wc -l; }

run "$T/none" "$T/ref" --no-pch
[ -e "$T/none/pch" ] && fail "--no-pch made a folder"
grep -q '"findings"' "$T/ref" || fail "no report to compare with"

C=$T/c
run "$C" "$T/first"
cmp -s "$T/ref" "$T/first" || fail "first run (made the PCH) differs"
# --verbose says which PCH it made, and nothing of one it only used.
WARPLINT_CACHE_DIR=$T/v "$WARPLINT" --no-cache --verbose -q "${files[0]}" \
	--extra-arg=-Icorpus/include >/dev/null 2>"$T/v.err"
grep -q "the shim precompiled for these flags: $T/v/pch/" "$T/v.err" ||
	fail "--verbose did not name the PCH it made"
WARPLINT_CACHE_DIR=$T/v "$WARPLINT" --no-cache --verbose -q "${files[0]}" \
	--extra-arg=-Icorpus/include >/dev/null 2>"$T/v2.err"
grep -q "precompiled" "$T/v2.err" && fail "--verbose spoke of a PCH it reused"
[ "$(pchs "$C")" = 1 ] || fail "expected one PCH, found $(pchs "$C")"
[ "$(find "$C/pch" -name '*.deps' | wc -l)" = 1 ] || fail "no file list"
[ "$(leftovers "$C")" = 0 ] || fail "temporary files left"
pch=$(find "$C/pch" -name '*.pch')
made=$(stat -c %Y.%i "$pch")

sleep 1
run "$C" "$T/second"
cmp -s "$T/ref" "$T/second" || fail "second run (used the PCH) differs"
[ "$(stat -c %Y.%i "$pch")" = "$made" ] || fail "the PCH was made again"

# A header it read changed: the list says so, and it is made again.
deps=${pch%.pch}.deps
awk 'NR == 1 { $1 = $1 + 1 } { print }' "$deps" >"$T/deps" &&
	cat "$T/deps" >"$deps"
run "$C" "$T/stale"
cmp -s "$T/ref" "$T/stale" || fail "run after a header changed differs"
[ "$(stat -c %Y.%i "$pch" 2>/dev/null)" != "$made" ] ||
	fail "a stale PCH was used"

# A damaged PCH: libclang refuses it, the shim is parsed, it is dropped.
head -c 100000 "$pch" >"$T/cut" && cat "$T/cut" >"$pch"
run "$C" "$T/cut.out"
cmp -s "$T/ref" "$T/cut.out" || fail "run with a damaged PCH differs"
[ "$(stat -c %s "$pch" 2>/dev/null || echo 0)" != 100000 ] ||
	fail "the damaged PCH was kept"
echo garbage >"$pch"
run "$C" "$T/garbage"
cmp -s "$T/ref" "$T/garbage" || fail "run with a garbage PCH differs"
echo garbage >"$pch"
WARPLINT_CACHE_DIR=$C "$WARPLINT" --no-cache --verbose -q -j1 "${files[0]}" \
	--extra-arg=-Icorpus/include >/dev/null 2>"$T/refused.err"
grep -q "libclang refused $pch (dropped)" "$T/refused.err" ||
	fail "--verbose did not say the PCH was refused"

# A folder that cannot be made: the shim as text, the same report.
: >"$T/file"
run "$T/file/sub" "$T/unusable"
cmp -s "$T/ref" "$T/unusable" || fail "run with an unusable folder differs"

WARPLINT_NO_PCH=1 run "$T/off" "$T/off.out"
[ -e "$T/off/pch" ] && fail "WARPLINT_NO_PCH made a folder"
cmp -s "$T/ref" "$T/off.out" || fail "WARPLINT_NO_PCH run differs"

# Isolated analyses (--timeout) fork: their PCH table is their own.
run "$C" "$T/isolated" --timeout=120
cmp -s "$T/ref" "$T/isolated" || fail "--timeout run differs"

# Four runs making the same PCH at once.
P=$T/p
for i in 1 2 3 4; do run "$P" "$T/par$i" & done
wait
for i in 1 2 3 4; do
	cmp -s "$T/ref" "$T/par$i" || fail "concurrent run $i differs"
done
[ "$(pchs "$P")" = 1 ] || fail "concurrent runs left $(pchs "$P") PCHs"
[ "$(leftovers "$P")" = 0 ] || fail "concurrent runs left temporary files"

# Flags are part of the key; the folder keeps the newest eight, and
# drops what a killed run left half-written, once it is old.
: >"$C/pch/0123.pch.AAAAAA"
touch -d '1 hour ago' "$C/pch/0123.pch.AAAAAA"
: >"$C/pch/4567.deps.BBBBBB"
files=(corpus/WL101/"$(basename "${files[0]}")")
for i in $(seq 10); do run "$C" "$T/flag$i" --extra-arg=-DWL_PCH_TEST=$i; done
[ "$(pchs "$C")" = 8 ] || fail "expected 8 PCHs after 11 sets of flags," \
	"found $(pchs "$C")"
[ -e "$C/pch/0123.pch.AAAAAA" ] && fail "an old temporary was kept"
[ -e "$C/pch/4567.deps.BBBBBB" ] || fail "a new temporary was removed"
run "$C" "$T/flag1.plain" --no-pch --extra-arg=-DWL_PCH_TEST=1
cmp -s "$T/flag1" "$T/flag1.plain" || fail "run with -D differs"

# A compile database that gives each file flags of its own: a PCH per
# file would cost more than it saves, so a run makes only a few.
D=$T/db
mkdir -p "$D/src"
{
	echo '['
	for i in $(seq 16); do
		printf '__global__ void k%d(int *o) { o[threadIdx.x] = %d; }\n' \
			"$i" "$i" >"$D/src/f$i.cu"
		[ "$i" -gt 1 ] && echo ','
		printf '{"directory": "%s", "file": "src/f%d.cu", ' "$D" "$i"
		printf '"command": "nvcc -DFILE_ID=%d -c src/f%d.cu"}\n' "$i" "$i"
	done
	echo ']'
} >"$D/compile_commands.json"
(cd "$D" && WARPLINT_CACHE_DIR=$T/dbc "$WARPLINT" --no-cache -q -j2 -p . \
	src/*.cu >/dev/null 2>&1)
made=$(pchs "$T/dbc")
[ "$made" -ge 1 ] && [ "$made" -le 5 ] ||
	fail "16 files with 16 sets of flags made $made PCHs (1 to 5 wanted)"

if [ "$failures" -ne 0 ]; then
	echo "$failures failure(s)" >&2
	exit 1
fi
echo "all PCH cases passed"
