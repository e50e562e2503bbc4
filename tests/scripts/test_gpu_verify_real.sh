#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# The real-kernel set is well formed, without the projects: every entry
# of gpu_verify/real/manifest.yaml names a known project at a full
# commit, says why each kernel qualifies, and names a spec that exists;
# the set has at least 30 kernels from at least 4 projects.  Exits 77
# (skip) without PyYAML.
set -u
SOURCE_DIR=${SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
python3 -c 'import yaml' 2>/dev/null || { echo "skip: no PyYAML"; exit 77; }
cd "$SOURCE_DIR" || exit 1
python3 - <<'EOT'
import os, re, sys, yaml
m = yaml.safe_load(open("gpu_verify/real/manifest.yaml"))
bad = []
for name, p in m["projects"].items():
    if not re.fullmatch(r"[0-9a-f]{40}", p.get("commit", "")):
        bad.append("%s: commit is not a full hash" % name)
    for k in ("mirror", "repo"):
        if not p.get(k):
            bad.append("%s: no %s" % (name, k))
kernels, projects = 0, set()
for e in m["files"]:
    if e["project"] not in m["projects"]:
        bad.append("%s: unknown project" % e["file"])
    spec = e.get("spec")
    if spec and not os.path.exists(os.path.join("gpu_verify/real/specs", spec)):
        bad.append("%s: no spec %s" % (e["file"], spec))
    for k in e["kernels"]:
        if not k.get("name") or not k.get("why"):
            bad.append("%s: a kernel without name or why" % e["file"])
        kernels += 1
        projects.add(e["project"])
for f in os.listdir("gpu_verify/real/specs"):
    yaml.safe_load(open(os.path.join("gpu_verify/real/specs", f)))
if kernels < 30 or len(projects) < 4:
    bad.append("%d kernels from %d projects" % (kernels, len(projects)))
for b in bad:
    print("FAIL:", b)
print("%d kernels from %d projects" % (kernels, len(projects)))
sys.exit(1 if bad else 0)
EOT
