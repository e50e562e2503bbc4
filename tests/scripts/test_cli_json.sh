#!/bin/bash
# --format=json: valid against the documented schema (docs/json-format.md,
# tests/golden/warplint-report.schema.json), and its content agrees with
# the input: suppressed findings kept with their justification, the
# summary counts what the findings say, fingerprints match SARIF's.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
python3 -c 'import jsonschema' 2>/dev/null || { echo "no jsonschema"; exit 77; }

cd "$SOURCE_DIR" || exit 1
rules=--disable=all\ --enable=WL101,WL102,WL900,WL901
"$WARPLINT" --no-config --format=json $rules tests/golden/ci-sample.cu \
	tests/golden/no-such-file.cu >"$tmp/r.json"
[ $? = 2 ] || fail "exit status"
"$WARPLINT" --no-config --format=sarif $rules tests/golden/ci-sample.cu \
	>"$tmp/r.sarif"

python3 - "$SOURCE_DIR/tests/golden/warplint-report.schema.json" \
	"$tmp/r.json" "$tmp/r.sarif" <<'PY' || fail "report content"
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
doc = json.load(open(sys.argv[2]))
sarif = json.load(open(sys.argv[3]))
jsonschema.Draft7Validator.check_schema(schema)
jsonschema.validate(doc, schema)
# The schema can fail: a finding without a fingerprint is rejected.
bad = json.loads(json.dumps(doc))
del bad["files"][0]["findings"][0]["fingerprint"]
try:
    jsonschema.validate(bad, schema)
    raise SystemExit("schema accepted a finding without fingerprint")
except jsonschema.ValidationError:
    pass
ok, missing = doc["files"]
assert missing["error"] and missing["findings"] == []
fs = ok["findings"]
sup = [f for f in fs if f["suppressed"]]
assert len(sup) == 1 and sup[0]["justification"] == "built for sm_60", sup
s = doc["summary"]
assert s["suppressed"] == 1 and s["unreadable"] == 1 and s["files"] == 2
for level in ("error", "warning", "note"):
    n = sum(1 for f in fs if f["level"] == level and not f["suppressed"])
    assert s[level + "s"] == n, (level, n, s)
fps = [r["partialFingerprints"]["warplint/v1"] for r in sarif["runs"][0]["results"]]
assert fps == [f["fingerprint"] for f in fs], (fps, fs)
PY
echo PASS
