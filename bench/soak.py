#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Run warplint over real checkouts the way a user would, and summarise.

    bench/soak.py [--warplint BIN] [--timeout S] [--fix] [--jobs N]
                  [--out DIR] [--flags-from FILE] [--every N] CHECKOUT...

Each CHECKOUT is a project tree (an old commit of a public project).  Every
.cu and .cuh file in it is analysed with `warplint --format=json FILE`, run
in the checkout's root with no other flags (bare, as a new user runs it),
plus the flags FILE gives for that checkout (--flags-from: lines
`CHECKOUT: ARG...`).  The summary counts exit statuses, files whose WL900
names a standard-library clash, crashes, sanitizer reports, time-outs and
findings per rule.

With --fix, each checkout is first copied to a scratch folder; every file
that has a safe fix to give is fixed with `warplint --fix`, re-analysed (no
WL101-WL103 may be left that has a safe fix: those --fix applies), and
fixed again (nothing may change).

Exit status 0 when there were no crashes, sanitizer reports or hangs (and,
with --fix, no broken idempotence), 1 otherwise.
"""
import argparse
import collections
import concurrent.futures
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

# A sanitizer that fails itself ("LeakSanitizer has encountered a fatal
# error") has not checked the run: it counts as a report too.
SANITIZER_MARKS = ("ERROR: AddressSanitizer", "runtime error:",
                   "ERROR: LeakSanitizer", "UndefinedBehaviorSanitizer",
                   "Sanitizer has encountered a fatal error")
STDLIB_NOISE = ("cannot overload __host__ __device__ function",
                "cannot overload __host__ function",
                "/usr/include/c++/")


def cuda_files(root):
    out = []
    for base, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.endswith((".cu", ".cuh")):
                out.append(os.path.relpath(os.path.join(base, name), root))
    return out


def run(cmd, cwd, timeout):
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                           errors="replace", timeout=timeout)
        return p.returncode, p.stdout, p.stderr, time.monotonic() - start
    except subprocess.TimeoutExpired:
        return None, "", "", time.monotonic() - start


def analyse(args, root, rel, flags):
    cmd = [args.warplint, "--format=json", "--no-config", "-j1"] + \
        (["--timeout=%d" % args.timeout] if args.isolate else []) + \
        flags + [rel]
    rc, out, err, secs = run(cmd, root, args.timeout + 30)
    rec = {"file": rel, "rc": rc, "secs": round(secs, 3), "rules": {},
           "fixes": 0, "safe_fixes": 0, "wl900": [], "sanitizer": False,
           "crash": False}
    rec["sanitizer"] = any(m in err for m in SANITIZER_MARKS)
    if rc is None:
        rec["hang"] = True
        return rec
    if rc < 0 or rc > 3:
        rec["crash"] = True
    try:
        doc = json.loads(out)
    except ValueError:
        rec["bad_json"] = True
        return rec
    for f in doc.get("files", []):
        if f.get("error"):
            rec["error"] = f["error"]
        for fd in f.get("findings", []):
            rule = fd["rule"]
            rec["rules"][rule] = rec["rules"].get(rule, 0) + 1
            if fd.get("fix"):
                rec["fixes"] += 1
                rec["safe_fixes"] += fd["fix"].get("safety") == "safe"
            if rule == "WL900":
                rec["wl900"].append(fd["message"])
    return rec


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def fix_check(args, root, rel, flags):
    """--fix twice on a scratch copy; report WL1xx left and changes."""
    base = [args.warplint, "--no-config", "-j1", "-q"] + flags
    rec = {"file": rel}
    rc, _, err, _ = run(base + ["--fix", rel], root, args.timeout + 30)
    rec["fix_rc"] = rc
    rec["sanitizer"] = any(m in err for m in SANITIZER_MARKS)
    first = digest(os.path.join(root, rel))
    rc, out, err, _ = run(base + ["--format=json", rel], root,
                          args.timeout + 30)
    left = []
    try:
        for f in json.loads(out).get("files", []):
            for fd in f.get("findings", []):
                fix = fd.get("fix") or {}
                # an unsafe fix is held back by design (--unsafe-fixes)
                if (fd["rule"] in ("WL101", "WL102", "WL103") and
                        fix.get("safety") == "safe"):
                    left.append("%s:%d" % (fd["rule"], fd["line"]))
    except ValueError:
        rec["bad_json"] = True
    rec["wl1xx_fixable_left"] = left
    run(base + ["--fix", rel], root, args.timeout + 30)
    rec["second_fix_changed"] = digest(os.path.join(root, rel)) != first
    return rec


def load_flags(path):
    flags = {}
    if not path:
        return flags
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#") or ":" not in line:
                continue
            name, rest = line.split(":", 1)
            flags[name.strip()] = rest.split()
    return flags


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--warplint", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "build", "warplint"))
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--isolate", action="store_true",
                    help="also pass --timeout to warplint (child process)")
    ap.add_argument("--fix", action="store_true")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", default=None, help="write per-file JSON lines here")
    ap.add_argument("--flags-from", default=None)
    ap.add_argument("--every", type=int, default=1,
                    help="analyse one file in N of each checkout (a sample "
                         "for a slow sanitizer build)")
    ap.add_argument("checkouts", nargs="+")
    args = ap.parse_args()
    args.warplint = os.path.abspath(args.warplint)
    flagmap = load_flags(args.flags_from)

    records = []
    fixrecs = []
    scratch = tempfile.mkdtemp(prefix="warplint-soak-") if args.fix else None
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for co in args.checkouts:
            co = os.path.abspath(co)
            name = os.path.basename(co.rstrip("/"))
            flags = flagmap.get(name, [])
            files = cuda_files(co)[::max(args.every, 1)]
            for rec in pool.map(lambda r: analyse(args, co, r, flags), files):
                rec["checkout"] = name
                records.append(rec)
            if args.fix:
                # --fix applies safe fixes only: other files cannot change
                fixable = [r["file"] for r in records[-len(files):]
                           if r.get("safe_fixes")] if files else []
                copy = os.path.join(scratch, name)
                shutil.copytree(co, copy, symlinks=True)
                # One at a time: two files that include one header would
                # fix it at once, and the second run rightly refuses a
                # header that changed since it parsed it, which read as
                # a fix left undone.
                for rec in map(lambda r: fix_check(args, copy, r, flags),
                               fixable):
                    rec["checkout"] = name
                    fixrecs.append(rec)
                shutil.rmtree(copy)
    if scratch:
        shutil.rmtree(scratch, ignore_errors=True)

    if args.out:
        with open(args.out, "w") as f:
            for rec in records + fixrecs:
                f.write(json.dumps(rec) + "\n")

    bad = False
    print("%-18s %6s %6s %6s %6s %6s %6s %8s" % (
        "checkout", "files", "rc0", "rc1", "rc2", "wl900", "noise", "secs"))
    per = collections.OrderedDict()
    for rec in records:
        per.setdefault(rec["checkout"], []).append(rec)
    for name, recs in per.items():
        rc = collections.Counter(r["rc"] for r in recs)
        print("%-18s %6d %6d %6d %6d %6d %6d %8.1f" % (
            name, len(recs), rc[0], rc[1], rc[2],
            sum(1 for r in recs if r["wl900"]),
            sum(1 for r in recs if any(any(n in m for n in STDLIB_NOISE)
                                       for m in r["wl900"])),
            sum(r["secs"] for r in recs)))
    rules = collections.Counter()
    fixes = 0
    for r in records:
        rules.update(r["rules"])
        fixes += r["fixes"]
    print("findings: " + ", ".join("%s %d" % kv for kv in sorted(rules.items())))
    print("findings with a fix: %d (safe: %d)"
          % (fixes, sum(r.get("safe_fixes", 0) for r in records)))
    crashes = [r for r in records if r.get("crash") or r.get("bad_json")]
    hangs = [r for r in records if r.get("hang")]
    sans = [r for r in records + fixrecs if r.get("sanitizer")]
    for what, lst in (("crashes", crashes), ("hangs", hangs),
                      ("sanitizer reports", sans)):
        print("%s: %d" % (what, len(lst)))
        for r in lst[:20]:
            print("  %s/%s" % (r["checkout"], r["file"]))
        bad |= bool(lst)
    if args.fix:
        left = [r for r in fixrecs if r["wl1xx_fixable_left"]]
        changed = [r for r in fixrecs if r["second_fix_changed"]]
        print("fix: files %d, fixable WL1xx left %d, second --fix changed %d"
              % (len(fixrecs), len(left), len(changed)))
        for r in (left + changed)[:20]:
            print("  %s/%s %s" % (r["checkout"], r["file"],
                                  r["wl1xx_fixable_left"]))
        bad |= bool(left or changed)
    print("%d passed, %d failed" % (0 if bad else 1, 1 if bad else 0))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
