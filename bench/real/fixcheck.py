#!/usr/bin/env python3
"""Apply warplint --fix to the labelled real projects and compile with nvcc.

Issue 13 asks that default fixes never break a build: every file of the
labelled set (bench/real) that nvcc 13 compiles for sm_90 before the fix
must still compile after it, and the fixes applied are counted by safety.

For each project a scratch copy of its checkout is made, warplint runs
once over the project's labelled files with the build's flags (first
--format=json to count the fixes, then --fix to apply them, as a user
would), and every labelled .cu file is compiled with nvcc -c for sm_90
before and after.  Headers are compiled through the files that include
them.  With --unsafe-fixes the unsafe fixes are applied too.

    python3 bench/real/fixcheck.py --warplint build/warplint --json out.json

Prints one line per file whose outcome changed, then the totals.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import eval as labelled  # noqa: E402  (bench/real/eval.py)


def nvcc_flags(project, root, roots):
    """The build's flags for nvcc; -std is left to nvcc 13's default."""
    out = []
    for flag in project["flags"]:
        flag = flag.replace("{root}", root)
        for name, path in roots.items():
            flag = flag.replace("{co:%s}" % name, path)
        if not flag.startswith("-std="):
            out.append(flag)
    return out


def compile_one(nvcc, root, rel, flags, timeout):
    cmd = [nvcc, "-arch=sm_90", "-w", "-c", rel, "-o", os.devnull] + flags
    try:
        p = subprocess.run(cmd, cwd=root, capture_output=True, text=True,
                           errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"ok": False, "error": "timeout"}
    first = next((line for line in p.stderr.splitlines()
                  if "error" in line), p.stderr.strip()[:200])
    return {"ok": p.returncode == 0, "error": None if p.returncode == 0
            else first}


def count_fixes(doc, counts):
    for f in doc.get("files", []):
        for fd in f.get("findings", []):
            fix = fd.get("fix")
            counts[fix["safety"] if fix else "none"] += 1


def run_warplint(args, root, files, flags, fix):
    cmd = [args.warplint, "--no-config", "-j1", "-q"] + flags
    cmd += (["--fix"] + (["--unsafe-fixes"] if args.unsafe else [])
            if fix else ["--format=json"])
    p = subprocess.run(cmd + files, cwd=root, capture_output=True,
                       text=True, errors="replace", timeout=args.timeout)
    if fix:
        return p.returncode, None
    try:
        return p.returncode, json.loads(p.stdout)
    except ValueError:
        return p.returncode, {}


def check_project(args, project, roots, scratch):
    name = project["name"]
    root = os.path.join(scratch, name)
    shutil.copytree(roots[name], root, symlinks=True)
    files = [f["path"] for f in project["files"]]
    units = [f for f in files if f.endswith(".cu")]
    flags = nvcc_flags(project, root, roots)
    wflags = labelled.expand_flags(project, root, roots, args.direct)
    res = {"project": name, "fixes": collections.Counter(), "files": []}
    before = {rel: compile_one(args.nvcc, root, rel, flags, args.timeout)
              for rel in units}
    rc, doc = run_warplint(args, root, files, wflags, False)
    count_fixes(doc, res["fixes"])
    rc_fix, _ = run_warplint(args, root, files, wflags, True)
    res["warplint_rc"] = [rc, rc_fix]
    for rel in units:
        after = compile_one(args.nvcc, root, rel, flags, args.timeout)
        res["files"].append({"path": rel, "before": before[rel],
                             "after": after})
    shutil.rmtree(root, ignore_errors=True)
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--warplint",
                    default=os.path.join(labelled.REPO, "build", "warplint"))
    ap.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    ap.add_argument("--cache", default="/work/real")
    ap.add_argument("--mirrors", default="/work/.mirror")
    ap.add_argument("--project", action="append", default=[])
    ap.add_argument("--unsafe", action="store_true",
                    help="apply unsafe fixes too (--unsafe-fixes)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    args.warplint = os.path.abspath(args.warplint)
    try:
        projects = labelled.load_set(os.path.join(HERE, "labels"),
                                     os.path.join(HERE, "projects.yaml"),
                                     args.project)
        wanted = args.project or list(projects)
        need = set(wanted)
        for n in wanted:
            need.update(projects[n]["deps"])
        roots = {n: os.path.abspath(labelled.make_checkout(
            projects[n], args.cache, args.mirrors,
            lambda m: print(m, file=sys.stderr))) for n in need}
    except labelled.BadInput as e:
        print("fixcheck.py: %s" % e, file=sys.stderr)
        return 2
    args.direct = labelled.probe_options(args.warplint)
    scratch = tempfile.mkdtemp(prefix="wl-fixcheck-")
    results = []
    try:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            futs = [pool.submit(check_project, args, projects[n], roots,
                                scratch) for n in wanted]
            for fut in concurrent.futures.as_completed(futs):
                results.append(fut.result())
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    results.sort(key=lambda r: r["project"])

    totals = collections.Counter()
    fixes = collections.Counter()
    for r in results:
        fixes.update(r["fixes"])
        for f in r["files"]:
            b, a = f["before"]["ok"], f["after"]["ok"]
            totals["files"] += 1
            totals["compiled before"] += b
            totals["compile after"] += a
            if b and not a:
                totals["broken by the fix"] += 1
                print("BROKEN %s/%s: %s" % (r["project"], f["path"],
                                            f["after"]["error"]))
            elif a and not b:
                totals["compile only after"] += 1
                print("fixed  %s/%s" % (r["project"], f["path"]))
    print("fixes found: safe %d, unsafe %d, no fix %d"
          % (fixes["safe"], fixes["unsafe"], fixes["none"]))
    for k in ("files", "compiled before", "compile after",
              "compile only after", "broken by the fix"):
        print("%-20s %d" % (k, totals[k]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"unsafe_applied": args.unsafe, "results": results,
                       "totals": totals, "fixes": fixes}, f, indent=1)
    return 1 if totals["broken by the fix"] else 0


if __name__ == "__main__":
    sys.exit(main())
