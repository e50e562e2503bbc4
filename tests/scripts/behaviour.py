#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The same findings, fixes and report bytes: a guard for refactoring.

Runs warplint over the corpus and a generated bench corpus in each report
format, splits each report by analysed file, and compares a SHA-256 of
every (format, file) part with tests/behaviour.sha256.  A move of code
that is meant to change nothing must leave every line of that file as it
was; a mismatch names the files and formats that changed.

After a change of behaviour that is meant (a new finding, a better fix),
regenerate the file with --update and commit it with the change: the diff
of behaviour.sha256 then shows which files the change touched.

  tests/scripts/behaviour.py --warplint build/warplint [--update]
"""
import argparse
import glob
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
SNAPSHOT = os.path.join(ROOT, "tests", "behaviour.sha256")

# The report formats, and the options each run adds.  The shuffle style
# changes only WL401's fixes; JSON carries every fix's edits.
RUNS = {
    "text": ["-q", "--color=never"],
    "json": ["--format=json"],
    "sarif": ["--format=sarif"],
    "json-shuffle": ["--format=json", "--fix-style=shuffle"],
}


def sha(data):
    return hashlib.sha256(data.encode()).hexdigest()


def corpus_files():
    files = []
    for ext in ("cu", "cuh"):
        files += glob.glob("corpus/**/*." + ext, recursive=True)
    return sorted(f for f in files
                  if not re.search(r"\.fixed\.cuh?$", f)
                  and not f.startswith("corpus/include/"))


def bench_files(tmp):
    out = os.path.join(tmp, "bench")
    subprocess.run([sys.executable, "bench/gen_corpus.py", "--out", out,
                    "--files", "60", "--seed", "3", "--big", "0",
                    "--scale", ""], check=True, stdout=subprocess.DEVNULL)
    files = []
    for ext in ("cu", "cuh"):
        files += glob.glob(os.path.join(out, "**/*." + ext),
                           recursive=True)
    return out, sorted(files)


def run(warplint, args, files, cwd, env):
    cmd = [warplint, "--enable=all", "--no-config", "-j", "2"] + args
    p = subprocess.run(cmd + files, cwd=cwd, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    if p.returncode not in (0, 1, 2):
        sys.exit("behaviour: %s exited %d:\n%s" %
                 (" ".join(cmd), p.returncode, p.stderr[-2000:]))
    return p.stdout


def split_text(report, files):
    """Each finding's lines under the file they name."""
    parts, current = {}, "(summary)"
    known = set(files)
    for line in report.splitlines(keepends=True):
        m = re.match(r"([^:]+):\d+:\d+: ", line)
        if m and m.group(1) in known:
            current = m.group(1)
        parts[current] = parts.get(current, "") + line
    return parts


def split_json(report):
    doc = json.loads(report)
    parts = {f["path"]: json.dumps(f, sort_keys=True)
             for f in doc.pop("files")}
    parts["(report)"] = json.dumps(doc, sort_keys=True)
    return parts


def split_sarif(report):
    doc = json.loads(report)
    parts = {}
    for r in doc["runs"]:
        for res in r.pop("results", []):
            locs = res.get("locations") or [{}]
            uri = (locs[0].get("physicalLocation", {})
                   .get("artifactLocation", {}).get("uri", "(none)"))
            parts[uri] = parts.get(uri, "") + json.dumps(res,
                                                          sort_keys=True)
    # A rule's page (help, fullDescription) is prose that test_cli_docs
    # checks against rules/WL*.md; editing it changes no behaviour.
    for r in doc["runs"]:
        for rule in r.get("tool", {}).get("driver", {}).get("rules", []):
            for key in ("help", "fullDescription"):
                if key in rule:
                    rule[key] = "(page)"
    parts["(runs)"] = json.dumps(doc, sort_keys=True)
    return parts


def snapshot(warplint):
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        # A cache of its own: the formats after the first parse nothing.
        env = dict(os.environ, WARPLINT_CACHE_DIR=os.path.join(tmp, "c"))
        env.pop("WARPLINT_NO_CACHE", None)
        bench_root, bench = bench_files(tmp)
        sets = [("corpus", ROOT, corpus_files(), ["-I", "corpus/include"]),
                ("bench", bench_root,
                 [os.path.relpath(f, bench_root) for f in bench],
                 ["-I", "include"])]
        for name, cwd, files, inc in sets:
            for fmt, args in RUNS.items():
                # Where the checkout lies is no behaviour (SARIF names
                # it as the source root).
                report = run(warplint, args + inc, files, cwd,
                             env).replace(tmp, "<tmp>").replace(ROOT,
                                                                "<root>")
                if fmt == "text":
                    parts = split_text(report, files)
                elif fmt == "sarif":
                    parts = split_sarif(report)
                else:
                    parts = split_json(report)
                for path, data in parts.items():
                    lines.append("%s %s %s:%s" % (sha(data), fmt, name,
                                                  path))
    return sorted(lines, key=lambda l: l.split(" ", 1)[1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--warplint", required=True)
    ap.add_argument("--update", action="store_true",
                    help="write tests/behaviour.sha256 instead of "
                         "comparing with it")
    args = ap.parse_args()
    os.chdir(ROOT)
    warplint = os.path.abspath(args.warplint)
    now = snapshot(warplint)
    if args.update:
        with open(SNAPSHOT, "w") as f:
            f.write("".join(l + "\n" for l in now))
        print("behaviour: wrote %d lines to %s" % (len(now), SNAPSHOT))
        return 0
    with open(SNAPSHOT) as f:
        want = [l.rstrip("\n") for l in f if l.strip()]
    before = {l.split(" ", 1)[1]: l.split(" ", 1)[0] for l in want}
    after = {l.split(" ", 1)[1]: l.split(" ", 1)[0] for l in now}
    diff = sorted(set(before) | set(after))
    bad = [k for k in diff if before.get(k) != after.get(k)]
    for k in bad:
        what = ("new" if k not in before else
                "gone" if k not in after else "changed")
        print("behaviour: %s: %s" % (what, k))
    if bad:
        print("behaviour: %d of %d parts differ from %s (after a change "
              "that is meant, run with --update)" %
              (len(bad), len(diff), os.path.relpath(SNAPSHOT)))
        return 1
    print("behaviour: %d parts as recorded" % len(now))
    return 0


if __name__ == "__main__":
    sys.exit(main())
