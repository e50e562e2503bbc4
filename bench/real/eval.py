#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Score warplint against the hand-labelled set of real legacy CUDA.

    bench/real/eval.py [--warplint BIN] [--cache DIR] [--mirrors DIR]
                       [--modes bare,flags] [--project NAME]... [--jobs N]
                       [--timeout S] [--json OUT] [--warplint-arg ARG]...

The set is described by bench/real/projects.yaml (one entry per project:
the mirror it comes from, the commit, the flags its build uses) and by
bench/real/labels/<project>.yaml (the labelled files, and per file the
labels: line or line range, kind, whether the code is active, a reason).
The labels were written by reading the code against RULES.md, never by
copying warplint's output.

Each checkout is looked for in the cache (default /work/real); a missing
one is recreated from its git mirror with `git archive` (paths whose
objects the mirror lacks are left out).  Every labelled file is analysed
in each mode:

  bare   cwd = the checkout root, the file's path and nothing else, as a
         new user would run it;
  flags  the same plus the project's flags (-I/-D/-std...), passed as
         plain options when this warplint accepts them, else through
         --extra-arg=.

Findings are matched to labels by rule and line (a finding anywhere in a
label's range, or on one of its `also` lines, matches it):

  WL101 legacy-shuffle   WL102 legacy-vote   WL103 legacy-ptx
  WL201 activemask-misuse   WL501 divergent-syncthreads
  WL105 inactive-legacy   WL301/WL302/WL303/WL401 smem-region
  any rule              `other` labels naming that rule

Per-site kinds pair findings and labels one to one; a second finding on
an already matched label is a duplicate (listed, not a false alarm).  A
finding that matches no label is a candidate false alarm; one inside a
`must-not-flag` label for its rule is also a must-not-flag violation.
WL900 (parse error) and WL901 are not matched: the report counts files
that exit 2 and files whose WL900 names the standard library.

Exit status: 0 (this is a measurement), 2 on bad input (labels that do
not validate, a warplint that cannot be run, a checkout that cannot be
made).
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

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))

RULE_KIND = {
    "WL101": "legacy-shuffle",
    "WL102": "legacy-vote",
    "WL103": "legacy-ptx",
    "WL105": "inactive-legacy",
    "WL201": "activemask-misuse",
    "WL301": "smem-region",
    "WL302": "smem-region",
    "WL303": "smem-region",
    "WL401": "smem-region",
    "WL501": "divergent-syncthreads",
}
POSITIVE_KINDS = ("legacy-shuffle", "legacy-vote", "legacy-ptx",
                  "activemask-misuse", "smem-region",
                  "divergent-syncthreads", "inactive-legacy")
REGION_KINDS = ("smem-region",)
KINDS = POSITIVE_KINDS + ("must-not-flag", "other")
UNMATCHED_RULES_SKIP = ("WL900", "WL901")
STDLIB_NOISE = ("cannot overload __host__", "/c++/")
LABEL_KEYS = {"line", "end", "kind", "active", "reason", "rule", "via",
              "also", "found_by"}


class BadInput(Exception):
    pass


# ---------------------------------------------------------------------------
# Loading and validating the set

def load_yaml(path):
    try:
        with open(path) as f:
            return yaml.safe_load(f)
    except (OSError, yaml.YAMLError) as e:
        raise BadInput("%s: %s" % (path, e))


def check_label(where, lab):
    if not isinstance(lab, dict):
        raise BadInput("%s: a label must be a mapping" % where)
    unknown = set(lab) - LABEL_KEYS
    if unknown:
        raise BadInput("%s: unknown keys %s" % (where, sorted(unknown)))
    for key in ("line", "kind", "reason"):
        if key not in lab:
            raise BadInput("%s: missing %s" % (where, key))
    if lab["kind"] not in KINDS:
        raise BadInput("%s: unknown kind %r" % (where, lab["kind"]))
    line = lab["line"]
    end = lab.get("end", line)
    if not (isinstance(line, int) and isinstance(end, int)) or \
            line < 1 or end < line:
        raise BadInput("%s: bad line range %r-%r" % (where, line, end))
    also = lab.get("also", [])
    if not isinstance(also, list) or \
            not all(isinstance(a, int) and a > 0 for a in also):
        raise BadInput("%s: also must be a list of line numbers" % where)
    if lab["kind"] in ("must-not-flag", "other"):
        rule = lab.get("rule")
        if not (isinstance(rule, str) and rule.startswith("WL")):
            raise BadInput("%s: %s needs a rule" % (where, lab["kind"]))
    elif "rule" in lab:
        raise BadInput("%s: only must-not-flag and other take a rule"
                       % where)
    if not isinstance(lab.get("active", True), bool):
        raise BadInput("%s: active must be true or false" % where)
    if lab["kind"] == "inactive-legacy" and lab.get("active", False):
        raise BadInput("%s: inactive-legacy cannot be active" % where)
    if "via" in lab and lab["via"] not in ("direct", "variable", "wrapper",
                                           "macro"):
        raise BadInput("%s: via must be direct, variable, wrapper or macro"
                       % where)


def load_set(labels_dir, projects_file, only):
    doc = load_yaml(projects_file)
    if not isinstance(doc, dict) or not isinstance(doc.get("projects"),
                                                     list):
        raise BadInput("%s: needs a list under projects" % projects_file)
    projects = collections.OrderedDict()
    for p in doc["projects"]:
        for key in ("name", "mirror", "commit"):
            if not isinstance(p.get(key), str):
                raise BadInput("%s: project without %s" % (projects_file,
                                                            key))
        p.setdefault("flags", [])
        p.setdefault("deps", [])
        if not isinstance(p["flags"], list) or \
                not all(isinstance(x, str) for x in p["flags"]):
            raise BadInput("%s: %s: flags must be a list of strings"
                           % (projects_file, p["name"]))
        projects[p["name"]] = p
    for name, p in projects.items():
        for dep in p["deps"]:
            if dep not in projects:
                raise BadInput("%s: %s depends on unknown %s"
                               % (projects_file, name, dep))
        path = os.path.join(labels_dir, name + ".yaml")
        if not os.path.exists(path):
            raise BadInput("%s: no labels for %s" % (path, name))
        lab = load_yaml(path)
        if not isinstance(lab, dict) or lab.get("project") != name or \
                not isinstance(lab.get("files"), list):
            raise BadInput("%s: needs project: %s and a list of files"
                           % (path, name))
        seen = set()
        for f in lab["files"]:
            if not isinstance(f, dict) or not isinstance(f.get("path"), str):
                raise BadInput("%s: a file needs a path" % path)
            if f["path"] in seen:
                raise BadInput("%s: %s listed twice" % (path, f["path"]))
            seen.add(f["path"])
            f.setdefault("labels", [])
            if not isinstance(f["labels"], list):
                raise BadInput("%s: %s: labels must be a list"
                               % (path, f["path"]))
            for i, l in enumerate(f["labels"]):
                check_label("%s: %s label %d" % (path, f["path"], i + 1), l)
        p["files"] = lab["files"]
    if only:
        unknown = [n for n in only if n not in projects]
        if unknown:
            raise BadInput("unknown project(s): %s" % ", ".join(unknown))
    return projects


# ---------------------------------------------------------------------------
# Checkouts

def git_dir(mirrors, mirror):
    base = os.path.join(mirrors, mirror, "repo")
    if os.path.isdir(os.path.join(base, ".git")):
        return os.path.join(base, ".git")
    return base


def missing_paths(gd, commit):
    """Paths of COMMIT whose blobs the (partial) mirror does not hold."""
    tree = subprocess.run(["git", "--git-dir", gd, "ls-tree", "-r", "-z",
                           commit], capture_output=True, check=True).stdout
    entries = []
    for rec in tree.split(b"\0"):
        if not rec:
            continue
        meta, path = rec.split(b"\t", 1)
        mode, kind, oid = meta.split()
        if kind == b"blob":
            entries.append((oid, path))
    check = subprocess.run(["git", "--git-dir", gd, "cat-file",
                            "--batch-check"],
                           input=b"".join(o + b"\n" for o, _ in entries),
                           capture_output=True, check=True).stdout
    missing = {line.split()[0] for line in check.splitlines()
               if line.endswith(b" missing")}
    return [p.decode("utf-8", "replace") for o, p in entries if o in missing]


def make_checkout(project, cache, mirrors, log):
    dest = os.path.join(cache, project["name"])
    origin = os.path.join(dest, ".warplint-origin")
    if os.path.exists(origin):
        with open(origin) as f:
            words = f.read().split()
        if len(words) >= 2 and (words[1].startswith(project["commit"]) or
                                project["commit"].startswith(words[1])):
            return dest
        raise BadInput("%s holds %s, not %s" % (dest, " ".join(words),
                                                project["commit"]))
    gd = git_dir(mirrors, project["mirror"])
    if not os.path.isdir(gd):
        raise BadInput("no mirror %s (fetch it first)" % gd)
    log("recreating %s from %s %s" % (dest, project["mirror"],
                                      project["commit"]))
    tmp = tempfile.mkdtemp(prefix=".eval-", dir=cache)
    try:
        excl = []
        for attempt in range(2):
            cmd = ["git", "--git-dir", gd, "archive", project["commit"]]
            if excl:
                cmd += ["--", "."] + [":(exclude)" + p for p in excl]
            arch = subprocess.Popen(cmd, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE)
            tar = subprocess.run(["tar", "-x", "-C", tmp],
                                 stdin=arch.stdout, capture_output=True)
            arch.stdout.close()
            err = arch.stderr.read().decode("utf-8", "replace")
            arch.wait()
            if arch.returncode == 0 and tar.returncode == 0:
                break
            if attempt == 0:
                excl = missing_paths(gd, project["commit"])
                log("  %d path(s) missing from the mirror, left out"
                    % len(excl))
                shutil.rmtree(tmp)
                os.mkdir(tmp)
                continue
            raise BadInput("git archive %s failed: %s" % (project["commit"],
                                                          err.strip()))
        with open(os.path.join(tmp, ".warplint-origin"), "w") as f:
            f.write("%s %s\n" % (project["mirror"], project["commit"][:12]))
        os.rename(tmp, dest)
    except (subprocess.CalledProcessError, OSError) as e:
        raise BadInput("cannot make %s: %s" % (dest, e))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)   # gone after the rename
    return dest


# ---------------------------------------------------------------------------
# Running warplint

def probe_options(warplint):
    """Which compiler options warplint takes directly (else --extra-arg)."""
    direct = set()
    for opt, probe in (("-I", "-I."), ("-D", "-DWL_EVAL_PROBE=1"),
                       ("-isystem", "-isystem."), ("-std=", "-std=c++14")):
        try:
            p = subprocess.run([warplint, probe, "--version"],
                               capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if p.returncode == 0 and "unknown option" not in p.stderr:
            direct.add(opt)
    return direct


def expand_flags(project, root, roots, direct):
    out = []
    for flag in project["flags"]:
        flag = flag.replace("{root}", root)
        for name, path in roots.items():
            flag = flag.replace("{co:%s}" % name, path)
        if any(flag.startswith(o) for o in direct):
            out.append(flag)
        else:
            out.append("--extra-arg=" + flag)
    return out


def run_one(args, root, rel, extra):
    cmd = [args.warplint, "--format=json", "--no-config", "-j1"] + \
        args.warplint_arg + extra + [rel]
    rec = {"rc": None, "findings": [], "error": None, "other_files": 0,
           "cmd": cmd}
    try:
        p = subprocess.run(cmd, cwd=root, capture_output=True, text=True,
                           errors="replace", timeout=args.timeout)
    except subprocess.TimeoutExpired:
        rec["error"] = "timeout"
        return rec
    rec["rc"] = p.returncode
    try:
        doc = json.loads(p.stdout)
    except ValueError:
        rec["error"] = "no JSON (%s)" % p.stderr.strip()[-200:]
        return rec
    for f in doc.get("files", []):
        if os.path.normpath(f.get("path", "")) != os.path.normpath(rel):
            rec["other_files"] += 1
            continue
        if f.get("error"):
            rec["error"] = f["error"]
        for fd in f.get("findings", []):
            rec["findings"].append({"rule": fd.get("rule"),
                                    "line": fd.get("line", 0),
                                    "message": fd.get("message", "")})
    return rec


# ---------------------------------------------------------------------------
# Matching

def in_label(lab, line):
    return lab["line"] <= line <= lab.get("end", lab["line"]) or \
        line in lab.get("also", [])


def match_file(labels, findings):
    """Pair findings with labels; return per-label hits and the rest."""
    hits = [0] * len(labels)
    matched, dups, unmatched, violations = [], [], [], []
    order = sorted(range(len(findings)),
                   key=lambda i: (findings[i]["line"], findings[i]["rule"]))
    for i in order:
        fd = findings[i]
        rule = fd["rule"]
        if rule in UNMATCHED_RULES_SKIP:
            continue
        kind = RULE_KIND.get(rule)
        cands = [j for j, l in enumerate(labels)
                 if in_label(l, fd["line"]) and
                 ((l["kind"] == kind and kind is not None) or
                  (l["kind"] == "other" and l["rule"] == rule))]
        for j, l in enumerate(labels):
            if l["kind"] == "must-not-flag" and l["rule"] == rule and \
                    in_label(l, fd["line"]):
                violations.append(dict(fd, label=l))
        if not cands:
            unmatched.append(fd)
            continue
        # Prefer a label not yet hit, the one starting closest before.
        free = [j for j in cands if hits[j] == 0]
        region = all(labels[j]["kind"] in REGION_KINDS for j in cands)
        pick = min(free or cands,
                   key=lambda j: abs(fd["line"] - labels[j]["line"]))
        if hits[pick] and not region:
            dups.append(fd)
        else:
            matched.append(fd)
        hits[pick] += 1
    return hits, matched, dups, unmatched, violations


def is_noise(msg):
    return any(n in msg for n in STDLIB_NOISE)


# ---------------------------------------------------------------------------
# Report

def summarise(projects, results, modes):
    out = {"modes": {}}
    for mode in modes:
        recall = collections.OrderedDict((k, [0, 0]) for k in POSITIVE_KINDS)
        via = collections.defaultdict(lambda: [0, 0])
        other = collections.defaultdict(lambda: [0, 0])
        unmatched_by_rule = collections.Counter()
        dups = 0
        per_file = []
        violations = []
        exit2, noise, errors = [], [], []
        mnf_total = 0
        nfiles = 0
        for pname, p in projects.items():
            for f in p["files"]:
                res = results.get((pname, f["path"], mode))
                if res is None:
                    continue
                nfiles += 1
                labels = f["labels"]
                hits, matched, dup, unm, viol = match_file(labels,
                                                           res["findings"])
                for lab, h in zip(labels, hits):
                    k = lab["kind"]
                    if k in recall:
                        recall[k][1] += 1
                        recall[k][0] += bool(h)
                        if k == "activemask-misuse":
                            v = via[lab.get("via", "direct")]
                            v[1] += 1
                            v[0] += bool(h)
                    elif k == "other":
                        o = other[lab["rule"]]
                        o[1] += 1
                        o[0] += bool(h)
                    elif k == "must-not-flag":
                        mnf_total += 1
                dups += len(dup)
                for fd in unm:
                    unmatched_by_rule[fd["rule"]] += 1
                where = "%s/%s" % (pname, f["path"])
                for v in viol:
                    violations.append("%s:%d %s %s (must not: %s)" % (
                        where, v["line"], v["rule"], v["message"],
                        v["label"]["reason"]))
                miss = [lab for lab, h in zip(labels, hits)
                        if not h and lab["kind"] in POSITIVE_KINDS + ("other",)]
                if unm or dup or miss:
                    per_file.append({"file": where, "unmatched": unm,
                                     "duplicates": dup, "missed": miss})
                if res["rc"] == 2:
                    parsed = any(fd["rule"] not in UNMATCHED_RULES_SKIP
                                 for fd in res["findings"])
                    exit2.append({"file": where, "with_findings": parsed})
                wl900 = [fd["message"] for fd in res["findings"]
                         if fd["rule"] == "WL900"]
                if any(is_noise(m) for m in wl900):
                    noise.append(where)
                if res["error"] and res["rc"] not in (0, 1, 2):
                    errors.append("%s: rc %s %s" % (where, res["rc"],
                                                    res["error"]))
        found = sum(v[0] for v in recall.values())
        total = sum(v[1] for v in recall.values())
        out["modes"][mode] = {
            "files": nfiles,
            "recall": {k: {"found": v[0], "labelled": v[1]}
                       for k, v in recall.items()},
            "activemask_by_via": {k: {"found": v[0], "labelled": v[1]}
                                  for k, v in sorted(via.items())},
            "other_by_rule": {k: {"found": v[0], "labelled": v[1]}
                              for k, v in sorted(other.items())},
            "labels_found": found, "labels_total": total,
            "unmatched_by_rule": dict(sorted(unmatched_by_rule.items())),
            "unmatched_total": sum(unmatched_by_rule.values()),
            "duplicates": dups,
            "must_not_flag_labels": mnf_total,
            "must_not_flag_violations": violations,
            "exit2": exit2, "stdlib_noise": noise, "errors": errors,
            "per_file": per_file,
        }
    return out


def pct(a, b):
    return "%5.1f%%" % (100.0 * a / b) if b else "    - "


def print_report(summary, modes, missed=False, file=sys.stdout):
    w = file.write
    for mode in modes:
        s = summary["modes"][mode]
        w("== mode %s: %d files\n" % (mode, s["files"]))
        w("%-24s %6s %8s %7s\n" % ("kind", "found", "labelled", "recall"))
        for k, v in s["recall"].items():
            w("%-24s %6d %8d %7s\n" % (k, v["found"], v["labelled"],
                                      pct(v["found"], v["labelled"])))
        for k, v in s["activemask_by_via"].items():
            w("  activemask via %-8s %6d %8d %7s\n" % (
                k, v["found"], v["labelled"], pct(v["found"],
                                                  v["labelled"])))
        for k, v in s["other_by_rule"].items():
            w("%-24s %6d %8d %7s\n" % ("other " + k, v["found"],
                                      v["labelled"], pct(v["found"],
                                                         v["labelled"])))
        w("%-24s %6d %8d %7s\n" % ("all positive labels", s["labels_found"],
                                  s["labels_total"], pct(s["labels_found"],
                                                         s["labels_total"])))
        w("unmatched findings (candidate false alarms): %d  %s\n" % (
            s["unmatched_total"], " ".join("%s %d" % kv for kv in
                                           s["unmatched_by_rule"].items())))
        w("duplicate findings on a matched label: %d\n" % s["duplicates"])
        w("must-not-flag violations: %d of %d places\n" % (
            len(s["must_not_flag_violations"]), s["must_not_flag_labels"]))
        for v in s["must_not_flag_violations"]:
            w("  %s\n" % v)
        w("files that exit 2: %d (%d of them with findings)\n" % (
            len(s["exit2"]), sum(1 for e in s["exit2"] if e["with_findings"])))
        for e in s["exit2"]:
            w("  %s%s\n" % (e["file"], "  (with findings)"
                            if e["with_findings"] else ""))
        w("files whose WL900 names libstdc++ noise: %d\n"
          % len(s["stdlib_noise"]))
        for n in s["stdlib_noise"]:
            w("  %s\n" % n)
        if s["errors"]:
            w("runs that failed: %d\n" % len(s["errors"]))
            for e in s["errors"]:
                w("  %s\n" % e)
        w("unmatched findings, per file (review these):\n")
        for pf in s["per_file"]:
            for fd in pf["unmatched"]:
                w("  %s:%d %s %s\n" % (pf["file"], fd["line"], fd["rule"],
                                       fd["message"]))
        w("duplicates (a second finding on a matched label), per file:\n")
        for pf in s["per_file"]:
            if pf["duplicates"]:
                w("  %s: %d (%s)\n" % (pf["file"], len(pf["duplicates"]),
                                       " ".join(sorted({"%s:%d" % (
                                           fd["rule"], fd["line"])
                                           for fd in pf["duplicates"]}))))
        if missed:
            w("missed labels, per file:\n")
            for pf in s["per_file"]:
                for lab in pf["missed"]:
                    end = lab.get("end", lab["line"])
                    w("  %s:%s %s%s: %s\n" % (
                        pf["file"], lab["line"] if end == lab["line"]
                        else "%d-%d" % (lab["line"], end),
                        lab["kind"], " " + lab["rule"]
                        if lab["kind"] == "other" else "", lab["reason"]))
        w("\n")
    if len(modes) == 2:
        a, b = (summary["modes"][m] for m in modes)
        fa, fb = a["labels_found"], b["labels_found"]
        diff = abs(fa - fb) / max(fb, 1)
        w("%s vs %s: labels found %d vs %d (%.1f%% apart), unmatched %d vs "
          "%d\n" % (modes[0], modes[1], fa, fb, 100 * diff,
                    a["unmatched_total"], b["unmatched_total"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--warplint",
                    default=os.path.join(REPO, "build", "warplint"))
    ap.add_argument("--cache", default="/work/real",
                    help="where checkouts live (default /work/real)")
    ap.add_argument("--mirrors", default="/work/.mirror",
                    help="git mirrors, <owner>+<name>/repo")
    ap.add_argument("--labels", default=os.path.join(HERE, "labels"))
    ap.add_argument("--projects", default=os.path.join(HERE,
                                                       "projects.yaml"))
    ap.add_argument("--project", action="append", default=[],
                    help="only this project (repeatable)")
    ap.add_argument("--modes", default="bare,flags")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--warplint-arg", action="append", default=[],
                    help="extra option for every warplint run")
    ap.add_argument("--json", default=None, help="write the report here")
    ap.add_argument("--replay", default=None, metavar="JSON",
                    help="score the runs saved by an earlier --json "
                    "instead of running warplint (to check label edits)")
    ap.add_argument("--missed", action="store_true",
                    help="also list every label no finding matched")
    args = ap.parse_args()

    modes = [m for m in args.modes.split(",") if m]
    if not modes or any(m not in ("bare", "flags") for m in modes):
        print("eval.py: --modes takes bare and/or flags", file=sys.stderr)
        return 2
    try:
        projects = load_set(args.labels, args.projects, args.project)
        args.warplint = os.path.abspath(args.warplint)
        if not os.access(args.warplint, os.X_OK):
            raise BadInput("no warplint at %s (build it first)"
                           % args.warplint)
        os.makedirs(args.cache, exist_ok=True)

        def log(msg):
            print(msg, file=sys.stderr)
        wanted = list(args.project) or list(projects)
        need = set(wanted)
        for n in wanted:
            need.update(projects[n]["deps"])
        roots = {}
        for n in projects:
            if n in need:
                roots[n] = os.path.abspath(make_checkout(projects[n],
                                                         args.cache,
                                                         args.mirrors, log))
        for n in wanted:
            for f in projects[n]["files"]:
                if not os.path.isfile(os.path.join(roots[n], f["path"])):
                    raise BadInput("%s: no file %s" % (n, f["path"]))
    except BadInput as e:
        print("eval.py: %s" % e, file=sys.stderr)
        return 2

    results = {}
    if args.replay:
        try:
            with open(args.replay) as f:
                old = json.load(f)
            for r in old["runs"]:
                results[(r["project"], r["file"], r["mode"])] = {
                    "rc": r["rc"], "error": r["error"],
                    "findings": r["findings"]}
            direct = set(old.get("direct_options", []))
        except (OSError, ValueError, KeyError) as e:
            print("eval.py: %s: %s" % (args.replay, e), file=sys.stderr)
            return 2
        modes = [m for m in modes
                 if any(k[2] == m for k in results)]
    else:
        direct = probe_options(args.warplint)
    jobs = []
    for n in wanted:
        p = projects[n]
        flags = expand_flags(p, roots[n], roots, direct)
        for f in p["files"]:
            for mode in modes:
                jobs.append((n, f["path"], mode,
                             flags if mode == "flags" else []))
    if args.replay:
        jobs = []
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        futs = {pool.submit(run_one, args, roots[n], rel, extra):
                (n, rel, mode) for n, rel, mode, extra in jobs}
        for fut in concurrent.futures.as_completed(futs):
            results[futs[fut]] = fut.result()

    selected = collections.OrderedDict((n, projects[n]) for n in wanted)
    summary = summarise(selected, results, modes)
    summary["warplint"] = args.warplint
    summary["direct_options"] = sorted(direct)
    summary["projects"] = {n: {"files": len(p["files"]),
                               "labels": sum(len(f["labels"])
                                             for f in p["files"])}
                           for n, p in selected.items()}
    print("warplint: %s (options taken directly: %s)" % (
        args.warplint, " ".join(sorted(direct)) or "none; --extra-arg="))
    print("projects: %d, files: %d, labels: %d\n" % (
        len(selected), sum(v["files"] for v in summary["projects"].values()),
        sum(v["labels"] for v in summary["projects"].values())))
    print_report(summary, modes, args.missed)
    if args.json:
        summary["runs"] = [{"project": k[0], "file": k[1], "mode": k[2],
                            "rc": v["rc"], "error": v["error"],
                            "findings": v["findings"]}
                           for k, v in sorted(results.items())]
        with open(args.json, "w") as f:
            json.dump(summary, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
