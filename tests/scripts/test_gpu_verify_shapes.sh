#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# run_on_gpu.sh when the legacy before faults on some shapes, without a
# GPU: a fake runner (GV_RUNNER) stands in for the real one.  Run whole,
# it stops at shape 2 with the before's fault (exit 4); run shape by
# shape, the before faults on shape 2 only, and the timing shape (3)
# survives.  The script must run every shape alone, record each, and
# gv-report must drop shape 2, name it, compare the others and pass.
set -u
SOURCE_DIR=${SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
BUILD_DIR=${BUILD_DIR:-$SOURCE_DIR/build}
REPORT=$BUILD_DIR/gv-report
[ -x "$REPORT" ] || { echo "FAIL: $REPORT not built"; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
B=$TMP/bundle
d=$B/cases/ex-k
mkdir -p "$d"
cat >"$d/plan.txt" <<'EOF'
case ex-k
kernel k
  image clang-legacy before.ptx after.cubin
  entry k k
  arg ptr i32 4 out n -100 100
  shape 1 1 64 1 0 53
  shape 4 1 128 1 0 475
  shape 16 1 256 1 0 4096
  shape 8 1 128 1 0 1000
  seeds 1
  tolerance 0
  timing_shape 3
  sanitize_shape 1
end
EOF
cat >"$d/meta.json" <<'EOF'
{"case":"ex-k","findings_before":[],"findings_after":[],
 "kernels":[{"name":"k","label":"k","mode":"clang-legacy","shapes":4,"seeds":1,
   "args":[{"name":"out","kind":"buffer","type":"i32","count":"n","from":"signature"}]}]}
EOF
cat >"$TMP/runner" <<'EOF'
#!/usr/bin/env bash
# The fake runner: the before faults on shape 2.
shape=-1 json=/dev/stdout side=both
while [ $# -gt 0 ]; do
	case $1 in
	--shape) shape=$2; shift 2 ;;
	--json) json=$2; shift 2 ;;
	--side) side=$2; shift 2 ;;
	*) shift ;;
	esac
done
run() { printf '{"shape":%d,"seed":1,"diffs":[],"identical":true,"within_tolerance":true,"multiset_identical":true,"before_repeatable":true,"after_repeatable":true,"before_multiset_repeatable":true,"after_multiset_repeatable":true}' "$1"; }
if [ "$side" = after ]; then
	printf '{"kernel":"k","runs":[%s,%s,%s,%s],"time_after_us":2.0,"status":0,"error":""}\n' \
		"$(run 0)" "$(run 1)" "$(run 2)" "$(run 3)" >"$json"
	exit 0
fi
if [ "$shape" = -1 ] || [ "$shape" = 2 ]; then
	s=$shape
	[ "$s" = -1 ] && s=2
	printf '{"kernel":"k","runs":[%s],"before_error":"kernel: CUDA_ERROR_ASSERT","failed_shape":%d,"status":4,"error":""}\n' \
		"$([ "$shape" = -1 ] && printf '%s,%s' "$(run 0)" "$(run 1)")" "$s" >"$json"
	exit 4
fi
t=""
[ "$shape" = 3 ] && t=',"timing_shape":3,"time_before_us":5.0,"time_after_us":5.1'
printf '{"kernel":"k","runs":[%s]%s,"status":0,"error":""}\n' "$(run "$shape")" "$t" >"$json"
exit 0
EOF
chmod +x "$TMP/runner"
fail=0
(cd "$SOURCE_DIR" && GV_RUNNER=$TMP/runner GV_SANITIZE=0 \
	bash gpu_verify/run_on_gpu.sh "$B" "$TMP/res" 2) >"$TMP/out" 2>&1 ||
	{ echo "FAIL: run_on_gpu.sh"; cat "$TMP/out"; fail=1; }
python3 - "$TMP/res/results.jsonl" <<'EOT' || { echo "FAIL: shape runs"; fail=1; }
import json, sys
r = json.loads(open(sys.argv[1]).readline())
assert r["rc"] == 4, r["rc"]
rcs = [s["rc"] for s in r["shape_runs"]]
assert rcs == [0, 0, 4, 0], rcs
assert r["after_only"]["time_after_us"] == 2.0
EOT
# The sanitizers would take shape 0, the first the before survives.
tar xzf "$TMP/res/logs.tar.gz" -C "$TMP" 2>/dev/null
[ "$(cat "$TMP/logs/sanshape1" 2>/dev/null)" = 0 ] ||
	{ echo "FAIL: no sanitizer shape recorded"; fail=1; }
# Racecheck and synccheck results, as the sanitizer step would write.
for tool in racecheck synccheck; do
	for side in before after; do
		printf '{"case":"ex-k","kernel":"k","tool":"%s","side":"%s","shape":0,"rc":0,"hazards":%s,"instances":%s,"errors":0,"warnings":null,"summary":""}\n' \
			"$tool" "$side" "$([ $tool = racecheck ] && echo 0 || echo null)" \
			"$([ $tool = racecheck ] && echo 0 || echo null)"
	done
done >"$TMP/res/sanitizer.jsonl"
"$REPORT" "$B" "$TMP/res" --md "$TMP/r.md" --json "$TMP/r.json" >"$TMP/out" 2>&1 ||
	{ echo "FAIL: gv-report"; cat "$TMP/out" "$TMP/r.md"; fail=1; }
python3 - "$TMP/r.json" <<'EOT' || { echo "FAIL: report"; fail=1; }
import json, sys
k = json.load(open(sys.argv[1]))["kernels"][0]
assert k["verdict"] == "pass", k
assert [d["shape"] for d in k["dropped_shapes"]] == [2], k["dropped_shapes"]
assert k["runs"] == 3, k["runs"]
assert k["time_before_us"] == 5.0, k
EOT
grep -q 'shape 2 dropped: the legacy before faults there (kernel: CUDA_ERROR_ASSERT)' \
	"$TMP/r.md" || { echo "FAIL: the dropped shape is not named"; fail=1; }
[ $fail = 0 ] && echo "run_on_gpu.sh: faulting shapes dropped, the rest compared"
exit $fail
