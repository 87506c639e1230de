#!/usr/bin/env python3
"""Checks the recipes in docs/ci.md: every YAML block parses; the workflow
has the permissions, checkout depth, script call and always-run SARIF upload
it relies on; the pre-commit configuration names the hook; the shell hook is
valid sh; and every command-line option the recipes pass to
mpix-tidy-changed.sh is one the script accepts.

    check_ci_doc.py DOC SCRIPT
"""
import re
import subprocess
import sys

import yaml


def fail(msg):
    sys.exit("check_ci_doc: error: " + msg)


def main():
    doc, script = sys.argv[1:3]
    text = open(doc).read()
    blocks = re.findall(r"```(\w+)\n(.*?)```", text, re.S)
    yamls = [yaml.safe_load(b) for lang, b in blocks if lang == "yaml"]
    shells = [b for lang, b in blocks if lang == "sh"]

    workflows = [y for y in yamls if isinstance(y, dict) and "jobs" in y]
    if len(workflows) != 1:
        fail("expected one GitHub Actions workflow, found %d" % len(workflows))
    wf = workflows[0]
    job = wf["jobs"]["mpix-tidy"]
    if job.get("permissions", {}).get("security-events") != "write":
        fail("the job needs permissions: security-events: write to upload SARIF")
    steps = job["steps"]
    checkout = [s for s in steps if str(s.get("uses", "")).startswith("actions/checkout")]
    if not checkout or checkout[0].get("with", {}).get("fetch-depth") != 0:
        fail("checkout needs fetch-depth: 0 for the merge base")
    runs = "\n".join(s.get("run", "") for s in steps)
    if "MPIX_TIDY_CHANGED" not in runs or "-s mpix-tidy.sarif" not in runs:
        fail("the workflow does not run mpix-tidy-changed.sh with -s mpix-tidy.sarif")
    uploads = [s for s in steps if "upload-sarif" in str(s.get("uses", ""))]
    if not uploads or uploads[0].get("if") != "always()" or \
            uploads[0]["with"]["sarif_file"] != "mpix-tidy.sarif":
        fail("the SARIF upload must run always() and upload mpix-tidy.sarif")

    configs = [y for y in yamls if isinstance(y, dict) and "repos" in y]
    if len(configs) != 1:
        fail("expected one .pre-commit-config.yaml")
    hook = configs[0]["repos"][0]["hooks"][0]
    if hook["id"] != "mpix-tidy" or "mpix-tidy-changed.sh" not in hook["entry"]:
        fail("the pre-commit hook does not call mpix-tidy-changed.sh")
    invocations = [hook["entry"]] + re.findall(r"(?:mpix-tidy-changed\.sh|\$MPIX_TIDY_CHANGED\")([^\n]*(?:\\\n[^\n]*)*)", text)

    # Options given to the script must be ones it parses.
    accepted = set(re.findall(r"^\s+(-[a-z])\)", open(script).read(), re.M))
    for inv in invocations:
        inv = inv.split(" -- ")[0]
        for opt in re.findall(r"(?<![\w-])(-[a-zA-Z])\b", inv):
            if opt not in accepted:
                fail("docs pass %s to the script, which accepts %s" % (opt, sorted(accepted)))

    for sh in shells:
        if "mpix-tidy-changed.sh" in sh:
            proc = subprocess.run(["sh", "-n"], input=sh, universal_newlines=True)
            if proc.returncode:
                fail("the shell hook is not valid sh")
    print("ci.md: %d YAML blocks, workflow, pre-commit hook, %d shell blocks: ok"
          % (len(yamls), len(shells)))


if __name__ == "__main__":
    main()
