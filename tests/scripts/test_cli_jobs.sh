#!/bin/bash
# -j 1 and -j 2 print the same bytes in every format, and one file that
# cannot be read stops nothing: the others are still analyzed and the
# exit status is 2.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# A snapshot of the inputs: both runs must read the same bytes.
mkdir -p "$tmp/in/tests/golden"
cp "$SOURCE_DIR/tests/golden/ci-sample.cu" "$tmp/in/tests/golden/"
cp -r "$SOURCE_DIR/corpus" "$tmp/in/"
cd "$tmp/in" || exit 1
files=(tests/golden/ci-sample.cu)
# Eight corpus kernels are enough to interleave two workers; all of them
# would make six runs too slow for a shared machine.
for f in corpus/*/*.cu; do
	case "$f" in *.fixed.cu) ;; *) files+=("$f") ;; esac
	[ "${#files[@]}" -ge 9 ] && break
done
# The missing file sits in the middle, not at an end.
files=("${files[@]:0:3}" tests/golden/no-such-file.cu "${files[@]:3}")
[ "${#files[@]}" -gt 4 ] || fail "too few inputs"

for fmt in text json sarif; do
	for j in 1 2; do
		"$WARPLINT" --no-config --color=never --format=$fmt -j $j \
			"${files[@]}" >"$tmp/$fmt.$j" 2>"$tmp/$fmt.$j.err"
		echo $? >"$tmp/$fmt.$j.rc"
	done
	cmp "$tmp/$fmt.1" "$tmp/$fmt.2" || fail "$fmt output differs with -j 2"
	cmp "$tmp/$fmt.1.err" "$tmp/$fmt.2.err" || fail "$fmt stderr differs"
	[ "$(cat "$tmp/$fmt.1.rc")" = 2 ] || fail "$fmt: exit status is not 2"
done

# The files after the missing one were analyzed too.
grep -q 'no-such-file.cu: error:' "$tmp/text.1" || fail "missing file not reported"
last="${files[${#files[@]}-1]}"
grep -q "\"path\": \"$last\"" "$tmp/json.1" || fail "last file not in the report"
python3 - "$tmp/json.1" <<'PY' || fail "findings missing around the bad file"
import json, sys
doc = json.load(open(sys.argv[1]))
ok = [f for f in doc["files"] if f["error"] is None and f["findings"]]
bad = [f for f in doc["files"] if f["error"] is not None]
assert len(bad) == 1 and len(ok) >= 2, (len(bad), len(ok))
PY

# --quiet drops the summary; no progress line when stderr is not a tty.
"$WARPLINT" --no-config -q "${files[@]}" >/dev/null 2>"$tmp/quiet.err"
grep -q 'in [0-9]* files' "$tmp/quiet.err" && fail "--quiet printed a summary"
grep -q '\[[0-9]*/[0-9]*\]' "$tmp/text.1.err" && fail "progress line without a tty"
echo PASS
