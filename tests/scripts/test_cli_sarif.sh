#!/bin/bash
# SARIF output: valid against the SARIF 2.1.0 schema (python3-jsonschema),
# equal to tests/golden/ci-sample.sarif once the version and the source
# root are normalised, and with fingerprints that survive unrelated edits.
# WL_UPDATE_GOLDEN=1 rewrites the golden file instead of comparing.
set -u
golden="$SOURCE_DIR/tests/golden"
tool="python3 $golden/sarif_tool.py"
schema="$golden/sarif-schema-2.1.0.json"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
rules=--disable=all\ --enable=WL101,WL102,WL900,WL901

python3 -c 'import jsonschema' 2>/dev/null || { echo "no jsonschema"; exit 77; }

cd "$SOURCE_DIR" || exit 1
"$WARPLINT" --format=sarif --no-config $rules tests/golden/ci-sample.cu \
	tests/golden/no-such-file.cu >"$tmp/run.sarif"
rc=$?
[ "$rc" = 2 ] || fail "an unreadable file must give exit status 2, got $rc"

$tool validate "$schema" "$tmp/run.sarif" || fail "run.sarif is not valid SARIF"

# The validator must be able to say no: a 0 line is not a SARIF region.
sed 's/"startLine": 9,/"startLine": 0,/' "$tmp/run.sarif" >"$tmp/bad.sarif"
cmp -s "$tmp/run.sarif" "$tmp/bad.sarif" && fail "mutation did not apply"
$tool validate "$schema" "$tmp/bad.sarif" 2>/dev/null &&
	fail "the schema check accepted startLine 0"

$tool normalize "$tmp/run.sarif" >"$tmp/run.norm" || fail "normalize"
if [ "${WL_UPDATE_GOLDEN:-}" = 1 ]; then
	cp "$tmp/run.norm" "$golden/ci-sample.sarif"
else
	diff -u "$golden/ci-sample.sarif" "$tmp/run.norm" ||
		fail "SARIF differs from tests/golden/ci-sample.sarif"
fi

# Unrelated edits (a line above, re-indentation) keep every fingerprint.
mkdir -p "$tmp/tree/tests/golden"
{ echo '#define UNRELATED 1'; echo; sed 's/^\t/    /' tests/golden/ci-sample.cu; } \
	>"$tmp/tree/tests/golden/ci-sample.cu"
(cd "$tmp/tree" && "$WARPLINT" --format=sarif --no-config $rules \
	tests/golden/ci-sample.cu >"$tmp/moved.sarif")
$tool fingerprints "$tmp/run.sarif" >"$tmp/fp1"
$tool fingerprints "$tmp/moved.sarif" >"$tmp/fp2"
[ -s "$tmp/fp1" ] || fail "no fingerprints"
diff -u "$tmp/fp1" "$tmp/fp2" || fail "fingerprints changed under unrelated edits"

# A related edit (the flagged line itself) changes its fingerprint.
sed 's/__shfl_down(v, 16)/__shfl_down(v, 2)/' tests/golden/ci-sample.cu \
	>"$tmp/tree/tests/golden/ci-sample.cu"
(cd "$tmp/tree" && "$WARPLINT" --format=sarif --no-config $rules \
	tests/golden/ci-sample.cu >"$tmp/edited.sarif")
$tool fingerprints "$tmp/edited.sarif" >"$tmp/fp3"
diff -q "$tmp/fp1" "$tmp/fp3" >/dev/null && fail "an edited line kept its fingerprint"
echo PASS
