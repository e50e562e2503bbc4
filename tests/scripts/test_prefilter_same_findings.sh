#!/usr/bin/env bash
# The prefilter loses no finding: warplint's JSON report is byte-identical
# with and without --no-prefilter over corpus/, over the prefilter
# fixtures (a legacy call reached only through a macro of a project
# header among them), and over a small generated benchmark corpus.
set -euo pipefail
: "${WARPLINT:?}" "${SOURCE_DIR:?}"
WARPLINT=$(realpath "$WARPLINT")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Run warplint both ways on the files of stdin (one per line, NUL-free),
# with the extra arguments given, and require the same report.
compare() {
	local name=$1
	shift
	local files=()
	mapfile -t files
	[ ${#files[@]} -gt 0 ] || { echo "$name: no files"; exit 1; }
	local status=0
	"$WARPLINT" -q -j2 --format=json "$@" "${files[@]}" \
		>"$tmp/$name.on.json" 2>/dev/null || status=$?
	[ "$status" -le 2 ] || { echo "$name: exit $status"; exit 1; }
	status=0
	"$WARPLINT" -q -j2 --format=json --no-prefilter "$@" "${files[@]}" \
		>"$tmp/$name.off.json" 2>/dev/null || status=$?
	[ "$status" -le 2 ] || { echo "$name: exit $status"; exit 1; }
	if ! cmp -s "$tmp/$name.on.json" "$tmp/$name.off.json"; then
		echo "FAIL $name: findings differ with the prefilter on"
		diff <(python3 -m json.tool "$tmp/$name.off.json") \
		     <(python3 -m json.tool "$tmp/$name.on.json") | head -40
		exit 1
	fi
	echo "ok $name: ${#files[@]} files, same report"
}

fx="$SOURCE_DIR/tests/fixtures/prefilter"
find "$SOURCE_DIR/corpus" -name '*.cu' ! -name '*.fixed.cu' | sort |
	compare corpus --extra-arg="-I$SOURCE_DIR/corpus/include"
find "$fx" -name '*.cu' | sort | compare fixtures --extra-arg="-I$fx/include"

# The macro-only legacy call is found with the prefilter on.
python3 - "$tmp/fixtures.on.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
hits = {(f["path"].rsplit("/", 1)[-1], x["rule"])
        for f in d["files"] for x in f["findings"]}
for want in [("macro_only.cu", "WL101"), ("macro_indirect.cu", "WL101"),
             ("missing_include.cu", "WL900"), ("suppression.cu", "WL901")]:
    if want not in hits:
        sys.exit("FAIL: %s has no %s with the prefilter on" % want)
print("ok fixtures: macro-only legacy calls, WL900 and WL901 found")
PY

python3 "$SOURCE_DIR/bench/gen_corpus.py" --out "$tmp/gen" --files 60 \
	--big 0 --scale "" --seed 7
(cd "$tmp/gen" && find src -name '*.cu' | sort |
	compare generated --extra-arg=-Iinclude)
