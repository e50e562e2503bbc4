#!/bin/bash
# .warplint: found by walking up from each file, rules enabled, disabled
# and re-levelled, extra-args and exclude applied, the command line wins,
# and errors name the file, line and column.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

mkdir -p "$tmp/proj/src/deep" "$tmp/proj/vendor"
cat >"$tmp/proj/src/deep/a.cu" <<'CU'
__global__ void k(int *p)
{
	int v = p[threadIdx.x];
#ifdef LEGACY
	v += __shfl_down(v, 1);
#endif
	p[threadIdx.x] = __ballot(v > 0);
}
CU
cp "$tmp/proj/src/deep/a.cu" "$tmp/proj/vendor/b.cu"
cat >"$tmp/proj/.warplint" <<'YAML'
# settings for the whole tree
disable: [legacy-vote]
severity:
  WL101: warning
extra-args: [-DLEGACY]
exclude: ["vendor/*"]
YAML
cd "$tmp/proj" || exit 1

out=$("$WARPLINT" -q src/deep/a.cu vendor/b.cu 2>&1)
echo "$out" | grep -q 'a.cu:5:.*warning:.*\[WL101\]' || fail "severity/extra-args: $out"
echo "$out" | grep -q 'WL102' && fail "disable ignored: $out"
echo "$out" | grep -q 'b.cu' && fail "exclude ignored: $out"

# The command line wins over the file.
"$WARPLINT" -q --enable=WL102 src/deep/a.cu | grep -q '\[WL102\]' ||
	fail "--enable did not win over disable:"
# Found from a file's own directory, not from the working directory.
(cd / && "$WARPLINT" -q "$tmp/proj/src/deep/a.cu" | grep -q 'WL102') &&
	fail "config not found when run from elsewhere"
# --no-config and --config.
"$WARPLINT" -q --no-config src/deep/a.cu | grep -q '\[WL102\]' ||
	fail "--no-config still read the file"
printf 'enable: [WL102]\n' >"$tmp/other.yaml"
"$WARPLINT" -q --config "$tmp/other.yaml" src/deep/a.cu | grep -q '\[WL102\]' ||
	fail "--config not used"

# Errors: unknown key, bad level, unknown rule, bad YAML, each with a line.
check_error() {	# yaml, expected message
	printf '%b' "$1" >"$tmp/bad.yaml"
	err=$("$WARPLINT" --config "$tmp/bad.yaml" src/deep/a.cu 2>&1 >/dev/null)
	rc=$?
	[ "$rc" = 3 ] || fail "'$1' gave status $rc"
	echo "$err" | grep -q "$2" || fail "'$1' gave '$err', wanted '$2'"
}
check_error 'enable: [WL101]\nfrobnicate: 1\n' "bad.yaml:2:1: unknown key 'frobnicate'"
check_error 'severity:\n  WL101: fatal\n' "bad.yaml:2:10: bad level 'fatal'"
check_error 'disable: [WL777]\n' "bad.yaml:1:11: unknown rule 'WL777'"
check_error 'enable: [WL101\n' "bad.yaml:2:1: "
check_error 'enable: {a: b}\n' "bad.yaml:1:9: 'enable' must be a list"
echo PASS
