#!/bin/bash
# --write-baseline then --baseline: old findings are hidden even after
# their lines moved, new ones are reported, and a bad baseline is an error.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

mkdir -p "$tmp/src"
cp "$SOURCE_DIR/tests/golden/ci-sample.cu" "$tmp/src/a.cu"
cd "$tmp" || exit 1
"$WARPLINT" --no-config -q --write-baseline=base.json src/a.cu >/dev/null
python3 - base.json <<'PY' || fail "baseline content"
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["schema"] == "warplint-baseline" and doc["version"] == 1
assert len(doc["findings"]) >= 3, doc
assert all(f["path"] == "src/a.cu" and ":" in f["fingerprint"] for f in doc["findings"])
PY

"$WARPLINT" --no-config -q --baseline=base.json src/a.cu >out.txt
[ $? = 0 ] || fail "baselined findings still fail the run: $(cat out.txt)"
[ -s out.txt ] && fail "baselined findings printed: $(cat out.txt)"

# Lines moved down by an unrelated edit: still matched.
{ echo '// a new first line'; echo; cat "$SOURCE_DIR/tests/golden/ci-sample.cu"; } >src/a.cu
"$WARPLINT" --no-config -q --baseline=base.json src/a.cu >out.txt ||
	fail "moved findings no longer matched: $(cat out.txt)"

# A new finding is reported, and only it.
printf '__device__ int f(int v) { return __shfl_up(v, 1); }\n' >>src/a.cu
"$WARPLINT" --no-config -q --baseline=base.json src/a.cu >out.txt
[ $? = 1 ] || fail "new finding did not fail the run"
[ "$(grep -c '\[WL' out.txt)" = 1 ] || fail "expected one finding: $(cat out.txt)"
grep -q "__shfl_up" out.txt || fail "wrong finding reported"

# Not a baseline: usage error naming the file.
echo '{"schema": "something-else"}' >bad.json
err=$("$WARPLINT" --no-config --baseline=bad.json src/a.cu 2>&1 >/dev/null)
[ $? = 3 ] || fail "bad baseline accepted"
echo "$err" | grep -q 'bad.json' || fail "error does not name the file: $err"
echo PASS
