"""Runs mpix-tidy and stock clang-tidy-19 with the same check globs and
fails unless both enable the same stock checks (mpix-tidy matches globs with
its own CheckGlobs.cpp). Prints one line per glob list: the number of stock
checks enabled, so that the test also sees the globs select something."""
import subprocess
import sys

MPIX_TIDY = sys.argv[1]

GLOB_LISTS = [
    "-*,mpi-*,mpix-*",
    "*",
    "-*",
    "",
    "-*,bugprone-*",
    "-*,bugprone-*,-bugprone-easily-swappable-parameters",
    " -* ,\n mpi-* , cert-err*",
    "-*,*-*-*-*-*",
    "-*,*sizeof*,-*sizeof-container",
    "-*,readability-braces-around-statements",
    "-*,bugprone-sizeof-expression*",
    "-*,*e",
    "-*,modernize-use-*,-modernize-use-*-*",
    "-*,[a]*,(b)*,a.b*",
]


def stock_checks(tool, globs):
    out = subprocess.run([tool, "--checks=" + globs, "--list-checks", "--"],
                         capture_output=True, text=True)
    names = [l.strip() for l in out.stdout.splitlines()
             if l.startswith("    ")]
    return out.returncode, [n for n in names if not n.startswith("mpix-")]


failed = False
for globs in GLOB_LISTS:
    ours = stock_checks(MPIX_TIDY, globs)
    stock = stock_checks("clang-tidy-19", globs)
    if ours != stock:
        failed = True
        print("DIFFERENT for %r:\n  mpix-tidy %r\n  clang-tidy-19 %r"
              % (globs, ours, stock))
    else:
        print("same %r rc=%d checks=%d" % (globs, ours[0], len(ours[1])))
sys.exit(1 if failed else 0)
