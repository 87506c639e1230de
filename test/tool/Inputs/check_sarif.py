#!/usr/bin/env python3
"""Validates a SARIF log of mpix-tidy and prints it as lines to FileCheck.

    check_sarif.py SCHEMA LOG

Beyond the JSON schema (the SARIF 2.1.0 subset mpix-tidy writes, next to this
script), it checks what a schema cannot: every result's ruleId/ruleIndex name
a rule; regions are ordered; locations and fix regions resolve, through
originalUriBaseIds, to existing files, and a replacement's charOffset and
charLength agree with its line/column region in the file's text. Any
violation exits non-zero. The printed summary is:

    rule ID | short description | MPI standard reference
    result LEVEL RULE FILE:LINE:COL MESSAGE
      related FILE:LINE:COL MESSAGE
      fix FILE:LINE:COL-LINE:COL -> 'TEXT'
"""
import json
import os
import sys
import urllib.parse

import jsonschema


def fail(msg):
    sys.exit("check_sarif: error: " + msg)


def main():
    schema_path, log_path = sys.argv[1:3]
    with open(schema_path) as f:
        schema = json.load(f)
    with open(log_path) as f:
        log = json.load(f)
    # The official schema is draft-04, the subset one draft-07.
    Validator = jsonschema.validators.validator_for(schema, default=jsonschema.Draft7Validator)
    validator = Validator(schema, format_checker=jsonschema.FormatChecker())
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
    for e in errors:
        print("schema: %s at %s" % (e.message, "/".join(map(str, e.path))), file=sys.stderr)
    if errors:
        fail("%d schema violation(s)" % len(errors))

    run = log["runs"][0]
    rules = run["tool"]["driver"].get("rules", [])
    bases = {k: v["uri"] for k, v in run.get("originalUriBaseIds", {}).items()}
    if run.get("columnKind") != "unicodeCodePoints":
        fail("columnKind must be unicodeCodePoints (columns are counted in code points)")

    def path_of(loc):
        uri = loc["uri"]
        if "uriBaseId" in loc:
            if loc["uriBaseId"] not in bases:
                fail("undefined uriBaseId " + loc["uriBaseId"])
            uri = urllib.parse.urljoin(bases[loc["uriBaseId"]], uri)
        parsed = urllib.parse.urlparse(uri)
        if parsed.scheme != "file":
            fail("not a file URI: " + uri)
        path = urllib.parse.unquote(parsed.path)
        if not os.path.isfile(path):
            fail("no such file: " + path)
        return path

    def text_of(path):
        with open(path, encoding="utf-8") as f:
            return f.read()

    def char_offset(text, line, col):
        lines = text.split("\n")
        if line > len(lines) or col > len(lines[line - 1]) + 2:
            fail("position %d:%d outside the file" % (line, col))
        return sum(len(l) + 1 for l in lines[: line - 1]) + col - 1

    def region(r, path):
        start = (r["startLine"], r.get("startColumn", 1))
        end = (r.get("endLine", start[0]), r.get("endColumn", start[1]))
        if end < start:
            fail("region ends before it starts: %r" % r)
        text = text_of(path)
        b = char_offset(text, *start)
        e = char_offset(text, *end)
        if "charOffset" in r and (r["charOffset"], r["charLength"]) != (b, e - b):
            fail("charOffset/charLength %r disagree with lines/columns (%d, %d)"
                 % ((r["charOffset"], r["charLength"]), b, e - b))
        return "%d:%d" % start, "%d:%d" % end

    for r in rules:
        ref = r.get("properties", {}).get("mpiStandard", "-")
        if not r.get("help", {}).get("text"):
            fail("rule %s has no help text" % r["id"])
        print("rule %s | %s | %s" % (r["id"], r["shortDescription"]["text"], ref))
    for res in run.get("results", []):
        rid, idx = res.get("ruleId"), res.get("ruleIndex")
        if idx is None or idx >= len(rules) or rules[idx]["id"] != rid:
            fail("result's ruleIndex %r does not name rule %r" % (idx, rid))
        where = "-"
        for loc in res.get("locations", []):
            pl = loc["physicalLocation"]
            path = path_of(pl["artifactLocation"])
            start, _ = region(pl["region"], path)
            where = "%s:%s" % (os.path.basename(path), start)
        print("result %s %s %s %s" % (res.get("level", "warning"), rid, where,
                                      res["message"]["text"]))
        ids = [l["id"] for l in res.get("relatedLocations", [])]
        if len(ids) != len(set(ids)):
            fail("relatedLocations ids are not unique")
        for rel in res.get("relatedLocations", []):
            pl = rel["physicalLocation"]
            path = path_of(pl["artifactLocation"])
            start, _ = region(pl["region"], path)
            print("  related %s:%s %s" % (os.path.basename(path), start, rel["message"]["text"]))
        for fix in res.get("fixes", []):
            for change in fix["artifactChanges"]:
                path = path_of(change["artifactLocation"])
                for rep in change["replacements"]:
                    start, end = region(rep["deletedRegion"], path)
                    text = rep.get("insertedContent", {}).get("text", "")
                    print("  fix %s:%s-%s -> %r" % (os.path.basename(path), start, end, text))


if __name__ == "__main__":
    main()
