#!/usr/bin/env python3
"""Helpers for the SARIF script tests (tests/scripts/test_cli_sarif.sh).

  sarif_tool.py validate SCHEMA FILE   exit 0 if FILE is valid, 1 if not,
                                       77 if python3-jsonschema is missing
  sarif_tool.py normalize FILE         FILE with the run-dependent parts
                                       (version, source root) replaced
  sarif_tool.py fingerprints FILE      "ruleId fingerprint" per result
"""
import json
import sys


def validate(schema_path, path):
    try:
        import jsonschema
    except ImportError:
        print("python3-jsonschema is not installed", file=sys.stderr)
        return 77
    with open(schema_path) as f:
        schema = json.load(f)
    with open(path) as f:
        doc = json.load(f)
    cls = jsonschema.Draft7Validator
    cls.check_schema(schema)
    errors = list(cls(schema, format_checker=cls.FORMAT_CHECKER).iter_errors(doc))
    for e in errors:
        print("%s: %s at %s" % (path, e.message, "/".join(map(str, e.path))),
              file=sys.stderr)
    # The checks the schema cannot express: rule indexes point at the rule.
    for run in doc.get("runs", []):
        rules = run["tool"]["driver"].get("rules", [])
        for r in run.get("results", []):
            i = r.get("ruleIndex", -1)
            if i < 0 or i >= len(rules) or rules[i]["id"] != r["ruleId"]:
                print("%s: ruleIndex %d does not name %s" % (path, i, r["ruleId"]),
                      file=sys.stderr)
                errors.append(r)
    return 1 if errors else 0


def normalize(path):
    with open(path) as f:
        doc = json.load(f)
    for run in doc["runs"]:
        driver = run["tool"]["driver"]
        driver["version"] = driver["semanticVersion"] = "VERSION"
        for rule in driver["rules"]:
            # The pages are checked by test_docs_examples, not here.
            rule["help"] = {"text": "PAGE", "markdown": "PAGE"}
            rule["fullDescription"] = {"text": "PAGE"}
        for base in run.get("originalUriBaseIds", {}).values():
            base["uri"] = "file:///SRCROOT/"
    json.dump(doc, sys.stdout, indent=2, sort_keys=False)
    sys.stdout.write("\n")
    return 0


def fingerprints(path):
    with open(path) as f:
        doc = json.load(f)
    for run in doc["runs"]:
        for r in run["results"]:
            print(r["ruleId"], r["partialFingerprints"]["warplint/v1"])
    return 0


def main(argv):
    if len(argv) == 4 and argv[1] == "validate":
        return validate(argv[2], argv[3])
    if len(argv) == 3 and argv[1] == "normalize":
        return normalize(argv[2])
    if len(argv) == 3 and argv[1] == "fingerprints":
        return fingerprints(argv[2])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
