#!/bin/bash
# .warplint configurations (issue 12): each file is analysed once per
# configuration; findings merge into one report, and one that does not
# hold under every configuration says under which it holds (a note in
# text, 'configurations' in JSON and SARIF).  A finding under all of them
# says nothing, a suppression used under one is not unused, and bad
# entries are errors with their line.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cd "$tmp" || exit 1

cat >k.cu <<'CU'
__global__ void k(int *p, int v)
{
	v = __shfl_down(v, 1);
#ifdef USE_VOTE
	p[0] = __ballot(v > 0);
#endif
#if MODE == 2
	p[1] = __any(v); // warplint-disable-line WL102 -- checked by hand
#endif
	p[2] = v;
}
CU
cat >.warplint <<'YAML'
configurations:
  - name: vote
    defines: [USE_VOTE]
  - name: mode2
    defines: [MODE=2]
YAML

out=$("$WARPLINT" --color=never k.cu 2>&1); rc=$?
[ "$rc" = 1 ] || fail "status $rc: $out"
[ "$(grep -c 'k.cu:3:6: error: .*\[WL101\]' <<<"$out")" = 1 ] ||
	fail "the common finding is not reported once: $out"
grep -A3 'k.cu:3:6: error' <<<"$out" | grep -q 'holds under' &&
	fail "a finding under every configuration names one: $out"
grep -q 'k.cu:5:9: error: .*\[WL102\]' <<<"$out" || fail "vote-only finding: $out"
grep -q 'k.cu:5:9: note: .*holds under configuration vote only' <<<"$out" ||
	fail "no configuration note: $out"
# Used under mode2: not an unused suppression, though unused under vote.
grep -q 'WL901' <<<"$out" && fail "suppression reported unused: $out"

"$WARPLINT" --format=json k.cu 2>/dev/null | python3 -c '
import json, sys
fs = json.load(sys.stdin)["files"][0]["findings"]
by = {(f["line"], f["rule"]): f for f in fs}
assert "configurations" not in by[(3, "WL101")], by[(3, "WL101")]
assert by[(5, "WL102")]["configurations"] == ["vote"], by[(5, "WL102")]
' || fail "JSON configurations"
"$WARPLINT" --format=sarif k.cu 2>/dev/null | python3 -c '
import json, sys
rs = json.load(sys.stdin)["runs"][0]["results"]
tagged = [r for r in rs if r.get("properties", {}).get("configurations") and not r.get("suppressions")]
assert len(tagged) == 1 and tagged[0]["properties"]["configurations"] == ["vote"], rs
' || fail "SARIF configurations"

# --fix applies what every configuration agrees on, once.
"$WARPLINT" -q --fix k.cu >/dev/null 2>&1
grep -q '__shfl_down_sync(0xffffffff, v, 1)' k.cu || fail "not fixed: $(cat k.cu)"
grep -q '__ballot_sync' k.cu || fail "the vote-only fix was not applied"

check_error() {	# yaml, expected message
	printf '%b' "$1" >bad.yaml
	err=$("$WARPLINT" --config bad.yaml k.cu 2>&1 >/dev/null)
	[ $? = 3 ] || fail "'$1' accepted"
	grep -q "$2" <<<"$err" || fail "'$1' gave '$err', wanted '$2'"
}
check_error 'configurations:\n  - defines: [A]\n' "bad.yaml:2:5: a configuration needs a 'name'"
check_error 'configurations:\n  - name: a b\n' "bad configuration name 'a b'"
check_error 'configurations:\n  - name: a\n  - name: a\n' "configuration 'a' is listed twice"
check_error 'configurations:\n  - name: a\n    defines: ["=1"]\n' "bad define '=1'"
check_error 'configurations:\n  - name: a\n    flags: [X]\n' "unknown key 'flags' in a configuration"
check_error 'configurations: {a: 1}\n' "'configurations' must be a list"
echo PASS
