#!/usr/bin/env python3
"""Runs one mpix check over a test file and matches its output, clang-tidy style.

    check_mpix_tidy.py [options] INPUT CHECK TEMP -- COMPILE_ARGS...

The test file holds its own expectations:
  // CHECK-MESSAGES[-SUFFIX]: :[[@LINE+1]]:3: warning: ... [check-name]
  // CHECK-NOTES[-SUFFIX]:    the same, matched against warnings and notes
  // CHECK-FIXES[-SUFFIX]:    a line of the file after --fix
Every warning (and, with CHECK-NOTES, every note) the tool prints must be
matched: an unexpected one fails the test. The fixes are applied to a copy, so
the input is never modified; that copy is left at TEMP for further RUN lines
(compile it, run the tool on it again).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

CHECK_COMMENT = re.compile(r"//\s*CHECK-(MESSAGES|NOTES|FIXES)[-A-Za-z0-9]*:[^\n]*")


def run(cmd, **kwargs):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, **kwargs)


def filecheck(input_text, check_file, prefix, extra=()):
    cmd = ["FileCheck", "--input-file=-", check_file, "--check-prefix=" + prefix,
           "--dump-input=fail", *extra]
    proc = subprocess.run(cmd, input=input_text, universal_newlines=True)
    if proc.returncode != 0:
        sys.exit("FileCheck failed for prefix " + prefix)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tidy", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--via-plugin", action="store_true",
                        help="run stock clang-tidy-19 --load the plugin instead")
    parser.add_argument("--check-suffix", default="")
    parser.add_argument("--config", default=None,
                        help="--config for the tool, e.g. {CheckOptions: {...}}")
    parser.add_argument("--no-fix", action="store_true")
    parser.add_argument("input")
    parser.add_argument("check")
    parser.add_argument("temp")
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:split])
    compile_args = argv[split + 1:]
    suffix = "-" + args.check_suffix.upper() if args.check_suffix else ""

    with open(args.input) as f:
        source = f.read()
    # Blank out the expectations but keep the line structure, so that
    # [[@LINE]] references and the fixed file's lines stay where they were.
    cleaned = CHECK_COMMENT.sub("//", source)
    ext = os.path.splitext(args.input)[1]
    temp = args.temp if args.temp.endswith(ext) else args.temp + ext
    os.makedirs(os.path.dirname(os.path.abspath(temp)), exist_ok=True)
    with open(temp, "w") as f:
        f.write(cleaned)

    tool = ["clang-tidy-19", "--load", args.plugin] if args.via_plugin else [args.tidy]
    cmd = tool + [temp, "--checks=-*," + args.check, "--quiet"]
    if not args.no_fix:
        cmd.append("--fix-notes" if "CHECK-FIXES-NOTES" in source else "--fix")
    if args.config:
        cmd.append("--config=" + args.config)
    cmd += ["--"] + compile_args
    proc = run(cmd)
    # clang-tidy reports each applied fix as a note, and macro expansions as
    # notes too; the fixed file and the warning's own location say more.
    output = "\n".join(l for l in proc.stdout.splitlines()
                       if "note: FIX-IT applied" not in l and
                       "note: expanded from macro" not in l)
    print("command:", " ".join(cmd))
    print(output)
    if "error:" in output and "clang-diagnostic-error" in output:
        sys.exit("the test file does not compile")

    has = lambda kind: re.search(r"CHECK-%s%s:" % (kind, re.escape(suffix)), source)
    # Notes are expected only by tests that say CHECK-NOTES; otherwise keep only
    # the warnings so that CHECK-MESSAGES need not list every note.
    if has("NOTES"):
        filecheck(output, args.input, "CHECK-NOTES" + suffix,
                  ["--implicit-check-not={{warning|error|note}}:"])
    else:
        warnings = "\n".join(l for l in output.splitlines() if ": note:" not in l)
        filecheck(warnings, args.input, "CHECK-MESSAGES" + suffix,
                  ["--implicit-check-not={{warning|error}}:"] + ([] if has("MESSAGES") else ["--allow-empty"]))
    if has("FIXES"):
        with open(temp) as f:
            fixed = f.read()
        filecheck(fixed, args.input, "CHECK-FIXES" + suffix, ["--strict-whitespace"])


if __name__ == "__main__":
    main()
