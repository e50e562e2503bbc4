#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""gpu_verify on real code: the sources, the bundle and the report.

    gpu_verify/real/real.py sources [--src DIR]
    gpu_verify/real/real.py prepare [--src DIR] [--bundle DIR] [--only P]
    gpu_verify/real/real.py report BUNDLE RESULTS [--md F] [--json F]
    gpu_verify/real/real.py list

The kernel set lives in manifest.yaml beside this script: which files of
which public projects, at which commit, which kernels, with which flags,
specs (specs/) and headers to fix as well.  No project code is kept in
this repository: `sources` takes each project's tree at its commit from
its git mirror (git archive) into --src (default build-gpu/real-src,
ignored by git), once.  `prepare` runs gv-prepare on every file of the
manifest into one bundle (default build-gpu/real-bundle) and records
each file's exit status in BUNDLE/prepare.tsv; the GPU machine then runs
`gpu_verify/run_on_gpu.sh BUNDLE RESULTS`, and `report` writes
gpu_verify/REAL.md and REAL.json from both, with gpu_verify/REAL-notes.md
(a reviewer's reading of the run) at the end when it exists.  `list` prints the kernel set.

GV_MIRRORS names the mirrors' folder (default /work/.mirror; each
project is MIRRORS/<owner+name>/repo); GV_PREPARE the gv-prepare binary
(default build-gpu/gv-prepare, else build/gv-prepare).
"""
import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def load_manifest(path):
    try:
        import yaml
    except ImportError:
        sys.exit("real.py: needs PyYAML (python3-yaml) to read the manifest")
    with open(path) as f:
        m = yaml.safe_load(f)
    for key in ("projects", "files"):
        if key not in m:
            sys.exit("real.py: %s: no '%s'" % (path, key))
    for e in m["files"]:
        if e.get("project") not in m["projects"]:
            sys.exit("real.py: %s: file %s names unknown project %s"
                     % (path, e.get("file"), e.get("project")))
        for k in e.get("kernels", []):
            if not isinstance(k, dict) or "name" not in k or "why" not in k:
                sys.exit("real.py: %s: %s: each kernel needs a name and a "
                         "why" % (path, e["file"]))
    return m


def project_dir(src, name, proj):
    return os.path.join(src, "%s-%s" % (name, proj["commit"][:10]))


def extract(git_dir, commit, paths, dest):
    """The files of @commit under @paths into @dest, blob by blob, so
    that a mirror without some blobs still gives the rest.  Returns the
    paths it could not read."""
    git = ["git", "--git-dir", git_dir]
    ls = subprocess.run(git + ["ls-tree", "-r", "-z", commit, "--"] + paths,
                        stdout=subprocess.PIPE, check=True).stdout
    entries = []
    for rec in ls.split(b"\0"):
        if not rec:
            continue
        meta, path = rec.split(b"\t", 1)
        mode, kind, sha = meta.split()
        if kind == b"blob" and mode != b"120000":
            entries.append((sha.decode(), path.decode()))
    missing = []
    cat = subprocess.Popen(git + ["cat-file", "--batch"],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    for sha, path in entries:
        cat.stdin.write((sha + "\n").encode())
        cat.stdin.flush()
        head = cat.stdout.readline().split()
        if len(head) < 3 or head[1] != b"blob":
            missing.append(path)
            continue
        data = cat.stdout.read(int(head[2]))
        cat.stdout.read(1)
        out = os.path.join(dest, path)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "wb") as f:
            f.write(data)
    cat.stdin.close()
    cat.wait()
    return missing


def sources(m, src, only=None):
    """Each project's tree at its commit, from its mirror, once."""
    mirrors = os.environ.get("GV_MIRRORS", "/work/.mirror")
    os.makedirs(src, exist_ok=True)
    for name, p in sorted(m["projects"].items()):
        if only and name not in only:
            continue
        dest = project_dir(src, name, p)
        stamp = os.path.join(dest, ".gv-commit")
        if os.path.exists(stamp) and open(stamp).read().strip() == p["commit"]:
            continue
        git_dir = os.path.join(mirrors, p["mirror"], "repo")
        if not os.path.isdir(git_dir):
            sys.exit("real.py: no mirror %s (fetch %s first)"
                     % (git_dir, p["repo"]))
        tmp = dest + ".part"
        shutil.rmtree(tmp, ignore_errors=True)
        os.makedirs(tmp)
        missing = extract(git_dir, p["commit"], p.get("paths", []), tmp)
        if missing:
            # A partial mirror lacks some blobs (large binaries, as a
            # rule): named here; a header among them becomes a stub.
            with open(os.path.join(tmp, ".gv-missing"), "w") as f:
                f.write("\n".join(missing) + "\n")
        with open(os.path.join(tmp, ".gv-commit"), "w") as f:
            f.write(p["commit"] + "\n")
        shutil.rmtree(dest, ignore_errors=True)
        os.rename(tmp, dest)
        print("sources: %s at %s in %s" % (name, p["commit"][:10], dest))


def flag_list(flags, base):
    """-I/-isystem/-include paths relative to the project root made
    absolute; the rest as written."""
    out, i = [], 0
    while i < len(flags):
        f = flags[i]
        if f.startswith("-I") and len(f) > 2 and not os.path.isabs(f[2:]):
            out.append("-I" + os.path.join(base, f[2:]))
        elif f in ("-I", "-isystem", "-iquote", "-include") and \
                i + 1 < len(flags):
            v = flags[i + 1]
            out += [f, v if os.path.isabs(v) else os.path.join(base, v)]
            i += 1
        else:
            out.append(f)
        i += 1
    return out


def case_id(e):
    stem = os.path.splitext(os.path.basename(e["file"]))[0]
    return "%s-%s" % (e["project"], stem)


def prepare(m, src, bundle, prep, only=None):
    sources(m, src, only)
    shutil.rmtree(bundle, ignore_errors=True)
    os.makedirs(bundle)
    status = 0
    with open(os.path.join(bundle, "prepare.tsv"), "w") as tsv, \
            open(os.path.join(bundle, "prepare.log"), "w") as log:
        for e in m["files"]:
            if only and e["project"] not in only:
                continue
            p = m["projects"][e["project"]]
            base = project_dir(src, e["project"], p)
            cmd = [prep, os.path.join(base, e["file"]), "--out", bundle,
                   "--case", case_id(e),
                   "--kernels", ",".join(k["name"] for k in e["kernels"]),
                   "--origin", "project=" + e["project"],
                   "--origin", "repo=" + p["repo"],
                   "--origin", "commit=" + p["commit"],
                   "--origin", "file=" + e["file"]]
            if e.get("spec"):
                cmd += ["--spec", os.path.join(HERE, "specs", e["spec"])]
            for h in e.get("fix_also", []):
                cmd += ["--fix-also", os.path.join(base, h)]
            cmd += flag_list(p.get("flags", []) + e.get("flags", []), base)
            log.write("$ %s\n" % " ".join(cmd))
            log.flush()
            rc = subprocess.run(cmd, stdout=log, stderr=log).returncode
            tsv.write("%s\t%s\t%d\n" % (e["file"], e["project"], rc))
            tsv.flush()
            print("prepare %s %s: %d" % (e["project"], e["file"], rc))
            status |= rc >= 2
    return status


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("verb", choices=["sources", "prepare", "report", "list"])
    ap.add_argument("rest", nargs="*")
    ap.add_argument("--manifest", default=os.path.join(HERE, "manifest.yaml"))
    ap.add_argument("--src", default=os.path.join(ROOT, "build-gpu",
                                                  "real-src"))
    ap.add_argument("--bundle", default=os.path.join(ROOT, "build-gpu",
                                                     "real-bundle"))
    ap.add_argument("--only", action="append",
                    help="only this project (repeatable)")
    ap.add_argument("--md", default=os.path.join(ROOT, "gpu_verify",
                                                 "REAL.md"))
    ap.add_argument("--json", default=os.path.join(ROOT, "gpu_verify",
                                                   "REAL.json"))
    a = ap.parse_args()
    m = load_manifest(a.manifest)
    if a.verb == "list":
        for e in m["files"]:
            for k in e["kernels"]:
                print("%s\t%s\t%s\t%s" % (e["project"], e["file"],
                                          k["name"], k["why"]))
        return 0
    if a.verb == "sources":
        sources(m, a.src, a.only)
        return 0
    prep = os.environ.get("GV_PREPARE")
    for cand in (prep, os.path.join(ROOT, "build-gpu", "gv-prepare"),
                 os.path.join(ROOT, "build", "gv-prepare")):
        if cand and os.access(cand, os.X_OK):
            prep = cand
            break
    if a.verb == "prepare":
        if not prep:
            sys.exit("real.py: no gv-prepare (build it, or set GV_PREPARE)")
        return prepare(m, a.src, a.bundle, prep, a.only)
    if len(a.rest) != 2:
        sys.exit("real.py: report BUNDLE RESULTS")
    report = os.path.join(os.path.dirname(prep or ""), "gv-report")
    cmd = [report, a.rest[0], a.rest[1], "--real", "--md", a.md,
           "--json", a.json]
    # a reviewer's reading of the run, kept with it (as REPORT-notes.md)
    notes = os.path.join(ROOT, "gpu_verify", "REAL-notes.md")
    if os.path.exists(notes):
        cmd += ["--notes", notes]
    return subprocess.run(cmd).returncode


if __name__ == "__main__":
    sys.exit(main())
