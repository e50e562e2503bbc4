#!/bin/bash
# --shard=I/N and `warplint merge` (CI matrices): the shards of a run
# analyse every file exactly once, and their JSON and SARIF reports merge
# into the very bytes one run over the same files (in path order) writes.
# Also: bad --shard values are usage errors, an empty shard is not, and
# merge refuses reports that do not belong together.
#
# Needs WARPLINT and SOURCE_DIR (set by ctest).

set -u
: "${WARPLINT:?}" "${SOURCE_DIR:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
failures=0

fail()
{
	echo "FAIL: $*" >&2
	failures=$((failures + 1))
}

cd "$SOURCE_DIR" || exit 1
# Every third file of two rules' folders: enough for three shards of
# several files each, without parsing a growing corpus four times.
mapfile -t files < <(find corpus/WL101 corpus/WL301 -name '*.cu' \
	! -name '*.fixed.cu' | LC_ALL=C sort | awk 'NR % 3 == 1')
common=(--no-config --no-prefilter -j2 --extra-arg=-Icorpus/include)

for fmt in json sarif; do
	"$WARPLINT" "${common[@]}" --format=$fmt "${files[@]}" \
		>"$T/one.$fmt" 2>/dev/null
	for i in 1 2 3; do
		"$WARPLINT" "${common[@]}" --format=$fmt --shard=$i/3 \
			"${files[@]}" >"$T/shard$i.$fmt" 2>/dev/null
		rc=$?
		[ "$rc" -le 1 ] || fail "--shard=$i/3 ($fmt) exit status $rc"
	done
	"$WARPLINT" merge -o "$T/merged.$fmt" "$T"/shard[123].$fmt ||
		fail "merge of the $fmt shards failed"
	cmp -s "$T/one.$fmt" "$T/merged.$fmt" ||
		fail "merged $fmt shards differ from one run: $(diff "$T/one.$fmt" "$T/merged.$fmt" | head -20)"
done

# Every input in exactly one shard (JSON lists each analysed file; a
# header with findings is listed too, by every shard whose inputs reach it).
python3 - "$T" "${#files[@]}" <<'EOF' || fail "shards do not partition the files"
import json, sys
seen = []
for i in (1, 2, 3):
    seen += [f["path"] for f in json.load(open("%s/shard%d.json" % (sys.argv[1], i)))["files"]
             if not f["header"]]
assert len(seen) == len(set(seen)) == int(sys.argv[2]), (len(seen), len(set(seen)), sys.argv[2])
EOF

# The split depends on the path only, not on the other files or their order.
"$WARPLINT" "${common[@]}" --format=json --shard=2/3 "${files[0]}" \
	>"$T/alone.json" 2>/dev/null
in_shard2=$(python3 -c "import json,sys; print(sum(f['path']==sys.argv[2] for f in json.load(open(sys.argv[1]))['files']))" "$T/shard2.json" "${files[0]}")
alone=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['files']))" "$T/alone.json")
[ "$in_shard2" = "$alone" ] || fail "a file's shard changed with the file list"

# An empty shard is an empty report (exit 0), not a usage error.
for i in 1 2 3 4; do
	"$WARPLINT" "${common[@]}" --format=json --shard=$i/4 "${files[0]}" \
		>"$T/tiny.json" 2>/dev/null
	rc=$?
	[ "$rc" -le 1 ] || fail "--shard=$i/4 of one file: exit status $rc"
done

for bad in 0/3 4/3 3 a/b 1/0 -1/2; do
	"$WARPLINT" --shard=$bad "${files[0]}" >/dev/null 2>&1
	[ $? -eq 3 ] || fail "--shard=$bad is not a usage error"
done

"$WARPLINT" merge "$T/shard1.json" "$T/shard1.sarif" >/dev/null 2>&1
[ $? -eq 2 ] || fail "merge accepted a JSON and a SARIF report together"
echo '{}' >"$T/other.json"
"$WARPLINT" merge "$T/other.json" >/dev/null 2>&1
[ $? -eq 2 ] || fail "merge accepted a document that is no warplint report"
"$WARPLINT" merge >/dev/null 2>&1
[ $? -eq 3 ] || fail "merge with no reports is not a usage error"

if [ "$failures" -ne 0 ]; then
	echo "0 passed, $failures failed"
	exit 1
fi
echo "1 passed, 0 failed"
