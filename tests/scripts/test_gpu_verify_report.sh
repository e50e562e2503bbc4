#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# gv-report's verdicts on recorded results, without a GPU: a bundle of
# meta.json files and the results a GPU run would bring back, one kernel
# per way a run can go:
#
#   same      every run identical                        -> pass
#   racy      before differs from itself, racecheck
#             sees it, after clean                       -> before races
#   steady    before repeats itself but differs from the
#             after; racecheck sees its race, warplint
#             found it (WL301), after clean              -> before races
#   order     both sides differ from themselves and from
#             each other, but hold the same elements     -> order-dependent
#   fsum      both sides differ from themselves, every
#             run within the tolerance (float atomics)   -> order-dependent
#   fsumafter as fsum, but the before repeats itself     -> FAIL
#   dropped   the before faults on shape 1 only; the
#             other shapes compare                       -> pass, shape 1 dropped
#   wrong     before repeats itself, after differs       -> FAIL
#   blockrace as wrong, but racecheck still counts hazards
#             after and warplint reports nothing: a race
#             between warps decides the result           -> FAIL, said so
#   faults    the before faults on every shape           -> before fails
#   trap      the after stops (illegal instruction) where
#             the before runs; synccheck errors after    -> FAIL, the fix
#                                                           named wrong
#   unplanned a kernel gv-prepare could not plan         -> listed with why
#
# A finding left in a helper (line 5) counts against the kernel that
# calls it (wrong), not against the others of the file (same, dropped).
#
# and the --real form: project and commit per kernel, the projects at the
# top, the unplanned kernels in a section of their own.
set -u
BUILD_DIR=${BUILD_DIR:-$(cd "$(dirname "$0")/../.." && pwd)/build}
REPORT=$BUILD_DIR/gv-report
[ -x "$REPORT" ] || { echo "FAIL: $REPORT not built"; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
B=$TMP/bundle
R=$TMP/results
mkdir -p "$B/cases/proj-file" "$R"
fail=0

args='[{"name":"out","kind":"buffer","type":"i32","count":"n","from":"signature"}]'
kernel() { # label
	printf '{"name":"%s","label":"%s","mode":"clang-legacy","shapes":3,"seeds":1,"args":%s}' \
		"$1" "$1" "$args"
}
cat >"$B/cases/proj-file/meta.json" <<EOF
{"case":"proj-file","source":"/src/proj/file.cu",
 "origin":{"project":"proj","repo":"https://example.org/proj","commit":"0123456789abcdef","file":"src/file.cu"},
 "findings_before":["WL301"],
 "findings_after":[{"line":5,"rule":"WL301","message":"left in a helper"}],
 "kernel_lines":[{"name":"wrong","lines":[10,20],"calls":[[3,6]]},
  {"name":"same","lines":[22,30],"calls":[]},
  {"name":"dropped","lines":[32,40],"calls":[[42,44]]}],
 "kernels":[$(kernel same),$(kernel racy),$(kernel steady),$(kernel order),$(kernel fsum),$(kernel fsumafter),$(kernel dropped),$(kernel wrong),$(kernel blockrace),$(kernel faults),$(kernel trap),
  {"name":"unplanned","label":"unplanned","skip":"parameter 'p' has type 'struct opaque *': give it in the spec"}]}
EOF

# One run object: shape, identical?, multiset?, repeatable before/after.
run() {
	local diff=""
	[ "$2" = false ] && diff='{"arg":0,"index":3,"count":1,"before":"1","after":"2","max_rel":0,"tolerated":false,"multiset_identical":'$3'}'
	printf '{"shape":%s,"seed":1,"diffs":[%s],"identical":%s,"within_tolerance":%s,"multiset_identical":%s,"before_repeatable":%s,"after_repeatable":%s,"before_multiset_repeatable":true,"after_multiset_repeatable":true}' \
		"$1" "$diff" "$2" "$2" "$3" "$4" "$5"
}
result() { # label runs [extra]
	printf '{"case":"proj-file","kernel":"%s","rc":%s,"run":{"kernel":"%s","runs":[%s],"time_before_us":10.0,"time_after_us":10.1,"status":0,"error":""}%s}\n' \
		"$1" "${4:-0}" "$1" "$2" "${3:-}"
}
{
	result same "$(run 0 true true true true),$(run 1 true true true true),$(run 2 true true true true)"
	result racy "$(run 0 false false false true),$(run 1 true true true true),$(run 2 true true true true)" "" 1
	result steady "$(run 0 false false true true),$(run 1 false false true true),$(run 2 true true true true)" "" 1
	result order "$(run 0 false true false false),$(run 1 false true false false),$(run 2 true true true true)" "" 1
	# identical: false, within the tolerance: true
	close='{"shape":0,"seed":1,"diffs":[{"arg":0,"index":0,"count":1,"before":"216.859222","after":"216.85878","max_rel":2e-06,"tolerated":true,"multiset_identical":true}],"identical":false,"within_tolerance":true,"multiset_identical":true,"before_repeatable":BR,"after_repeatable":false,"before_multiset_repeatable":true,"after_multiset_repeatable":true}'
	result fsum "${close/BR/false},$(run 1 true true true true),$(run 2 true true true true)" "" 1
	result fsumafter "${close/BR/true},$(run 1 true true true true),$(run 2 true true true true)" "" 1
	# The whole run stopped at shape 1; each shape then ran alone.
	printf '{"case":"proj-file","kernel":"dropped","rc":4,"run":{"kernel":"dropped","runs":[%s],"before_error":"kernel: CUDA_ERROR_ILLEGAL_ADDRESS","failed_shape":1,"status":4,"error":""},"after_only":null,"shape_runs":[{"shape":0,"rc":0,"run":{"runs":[%s],"status":0,"error":""}},{"shape":1,"rc":4,"run":{"runs":[],"before_error":"kernel: CUDA_ERROR_ILLEGAL_ADDRESS","status":4,"error":""}},{"shape":2,"rc":0,"run":{"runs":[%s],"time_before_us":5.0,"time_after_us":5.0,"status":0,"error":""}}]}\n' \
		"$(run 0 true true true true)" "$(run 0 true true true true)" "$(run 2 true true true true)"
	result wrong "$(run 0 false false true true),$(run 1 true true true true),$(run 2 true true true true)" "" 1
	result blockrace "$(run 0 false false true true),$(run 1 true true true true),$(run 2 true true true true)" "" 1
	printf '{"case":"proj-file","kernel":"faults","rc":4,"run":{"kernel":"faults","runs":[],"before_error":"kernel: CUDA_ERROR_ILLEGAL_INSTRUCTION","failed_shape":0,"status":4,"error":""},"after_only":{"runs":[%s],"time_after_us":3.0,"status":0,"error":""},"shape_runs":[{"shape":0,"rc":4,"run":{"runs":[],"before_error":"x","status":4,"error":""}},{"shape":1,"rc":4,"run":{"runs":[],"before_error":"x","status":4,"error":""}},{"shape":2,"rc":4,"run":{"runs":[],"before_error":"x","status":4,"error":""}}]}\n' \
		"$(run 0 true true true true)"
	printf '{"case":"proj-file","kernel":"trap","rc":2,"run":{"kernel":"trap","runs":[],"status":2,"error":"kernel: CUDA_ERROR_ILLEGAL_INSTRUCTION"},"after_only":null,"shape_runs":null}\n'
} >"$R/results.jsonl"
: >"$R/builds.jsonl"
for k in same racy steady order fsum fsumafter dropped wrong blockrace faults trap; do
	for side in before after; do
		h=0
		{ [ $k = racy ] || [ $k = steady ]; } && [ $side = before ] && h=512
		[ $k = blockrace ] && h=80
		printf '{"case":"proj-file","kernel":"%s","tool":"racecheck","side":"%s","rc":0,"hazards":%d,"instances":%d,"errors":0,"warnings":%d,"summary":""}\n' \
			"$k" "$side" $((h ? 2 : 0)) "$h" $((h ? 2 : 0))
		e=0
		[ $k = trap ] && [ $side = after ] && e=32
		printf '{"case":"proj-file","kernel":"%s","tool":"synccheck","side":"%s","rc":0,"hazards":null,"instances":null,"errors":%d,"warnings":null,"summary":""}\n' \
			"$k" "$side" $e
	done
done >"$R/sanitizer.jsonl"
echo "gpu: test" >"$R/env.txt"

"$REPORT" "$B" "$R" --md "$TMP/r.md" --json "$TMP/r.json" >"$TMP/out" 2>&1
rc=$?
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, want 1 (wrong fixes)"; cat "$TMP/out"; fail=1; }

verdict() { # kernel -> verdict
	python3 -c 'import json,sys
for k in json.load(open(sys.argv[1]))["kernels"]:
    if k["kernel"] == sys.argv[2]:
        print(k["verdict"])' "$TMP/r.json" "$1"
}
expect() {
	local got
	got=$(verdict "$1")
	[ "$got" = "$2" ] || { echo "FAIL: $1: verdict '$got', want '$2'"; fail=1; }
}
expect same pass
expect racy "before races"
expect steady "before races"
expect order "order-dependent output, multiset-identical"
expect fsum "order-dependent output, within tolerance"
expect fsumafter FAIL
expect dropped pass
expect wrong FAIL
expect blockrace FAIL
expect faults "before fails"
expect trap FAIL
grep -q 'the after fails (kernel: CUDA_ERROR_ILLEGAL_INSTRUCTION) where the legacy before runs: the fix is wrong for this kernel, and synccheck' "$TMP/r.md" ||
	{ echo "FAIL: the after that stops is not explained"; fail=1; }
expect unplanned "not run"
grep -q 'shape 1 dropped: the legacy before faults there' "$TMP/r.md" ||
	{ echo "FAIL: the dropped shape is not named"; fail=1; }
grep -q 'the fix changed the result' "$TMP/r.md" ||
	{ echo "FAIL: the wrong fix is not explained"; fail=1; }
grep -q 'racecheck still counts 80 hazards after the fix: no warp-level finding is left' "$TMP/r.md" ||
	{ echo "FAIL: the race between warps is not explained"; fail=1; }

"$REPORT" "$B" "$R" --real --md "$TMP/real.md" --json "$TMP/real.json" \
	>"$TMP/out" 2>&1
grep -q '| proj | https://example.org/proj | 0123456789abcdef |' "$TMP/real.md" ||
	{ echo "FAIL: REAL.md lacks the project's commit"; fail=1; }
grep -q '## Kernels that could not be planned' "$TMP/real.md" &&
	grep -q "| proj | src/file.cu | \`unplanned\` | parameter 'p'" "$TMP/real.md" ||
	{ echo "FAIL: REAL.md does not list the unplanned kernel"; fail=1; }
python3 -c 'import json,sys
s = json.load(open(sys.argv[1]))["summary"]
assert s["projects"] == 1 and s["order_dependent"] == 2, s
assert s["dropped_shapes"] == 1 and s["racecheck_after"] == 80, s' \
	"$TMP/real.json" || { echo "FAIL: REAL.json summary"; fail=1; }
[ $fail = 0 ] && echo "gv-report: all verdicts as expected"
exit $fail
