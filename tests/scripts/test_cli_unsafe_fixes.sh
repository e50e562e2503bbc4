#!/bin/bash
# Safety levels of fixes (ruff's applicability): a fix whose mask rests on
# a guess is "unsafe".  --fix must leave it alone and say so, every report
# format must label it, and only --fix --unsafe-fixes applies it.
#
# Needs WARPLINT (set by ctest).

set -u
: "${WARPLINT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
failures=0

fail()
{
	echo "FAIL: $*" >&2
	failures=$((failures + 1))
}

# A helper with no caller in the file: which lanes call it is a guess.
# A kernel with no divergence: the full mask is proved.
cat >k.cu <<'EOF'
__device__ float guessed_sum(float v)
{
	for (int o = 16; o > 0; o /= 2)
		v += __shfl_down(v, o);
	return v;
}

__global__ void proved(int *out)
{
	out[threadIdx.x] = __ballot(out[threadIdx.x] > 0);
}
EOF
cp k.cu orig.cu

"$WARPLINT" --no-config k.cu >text.out 2>&1
grep -q "unsafe fix: use '__shfl_down_sync'.*not applied: unsafe fix" text.out ||
	fail "text report does not label the guessed fix unsafe: $(cat text.out)"
grep -q "note: fix: use '__ballot_sync'" text.out ||
	fail "text report does not show the proved fix as a fix"

"$WARPLINT" --no-config --format=json k.cu >json.out
python3 - json.out <<'EOF' || fail "JSON report: wrong safety fields"
import json, sys
d = json.load(open(sys.argv[1]))
fixes = {f["rule"]: f["fix"] for f in d["files"][0]["findings"] if f["fix"]}
assert fixes["WL101"]["safety"] == "unsafe", fixes
assert fixes["WL101"]["applied"] is False, fixes
assert "unsafeReason" in fixes["WL101"], fixes
assert fixes["WL102"]["safety"] == "safe", fixes
assert fixes["WL102"]["applied"] is True, fixes
EOF

"$WARPLINT" --no-config --format=sarif k.cu >sarif.out
python3 - sarif.out <<'EOF' || fail "SARIF report: wrong safety property"
import json, sys
d = json.load(open(sys.argv[1]))
safety = {r["ruleId"]: r["fixes"][0]["properties"]["safety"]
          for r in d["runs"][0]["results"] if r.get("fixes")}
assert safety == {"WL101": "unsafe", "WL102": "safe"}, safety
EOF

# --fix: the proved fix only.
"$WARPLINT" --no-config -q --fix k.cu >/dev/null 2>&1
grep -q "__ballot_sync" k.cu || fail "--fix did not apply the safe fix"
grep -q "__shfl_down(v, o)" k.cu || fail "--fix applied the unsafe fix"

# --fix-dry-run and --export-fixes follow --fix.
cp orig.cu k.cu
"$WARPLINT" --no-config -q --fix-dry-run k.cu >diff.out 2>&1
grep -q "__shfl_down_sync" diff.out && fail "--fix-dry-run shows the unsafe fix"
"$WARPLINT" --no-config -q --export-fixes=fixes.yaml k.cu >/dev/null 2>&1
grep -q "__shfl_down_sync" fixes.yaml && fail "--export-fixes exports the unsafe fix"
grep -q "__ballot_sync" fixes.yaml || fail "--export-fixes lost the safe fix"

# --fix --unsafe-fixes: both, and a second run changes nothing.
"$WARPLINT" --no-config -q --fix --unsafe-fixes k.cu >/dev/null 2>&1
# A helper with no caller in the file: the mask comes in as a parameter.
grep -q "__shfl_down_sync(mask, v, o)" k.cu ||
	fail "--unsafe-fixes did not apply the unsafe fix: $(cat k.cu)"
cp k.cu once.cu
"$WARPLINT" --no-config -q --fix --unsafe-fixes k.cu >/dev/null 2>&1
cmp -s k.cu once.cu || fail "a second --fix --unsafe-fixes changed the file"

if [ "$failures" -ne 0 ]; then
	echo "0 passed, $failures failed"
	exit 1
fi
echo "1 passed, 0 failed"
