#!/usr/bin/env python3
"""Compares lib/MPIFunctions.def with the _c prototypes an MPI-4 header declares.

    check_table.py LIB_DIR MPI_INCLUDE_DIR

Every MPI_<Name>_c in mpi_proto.h and mpio.h must have a row, and every row's
roles must give exactly the header's classic and _c parameter types, so that
the checks, the fix-its and libmpix's declarations agree with the standard.
Every row of lib/MPIModel.def must name a function the header declares, with
the row's arity, and argument indices within it.
"""
import re
import sys
from pathlib import Path


def c_type(text):
    """Normalizes a C parameter type: arrays as pointers, single spaces."""
    text = re.sub(r"\bMPIO_Request\b", "MPI_Request", text)
    text = text.replace("[]", "*")
    text = re.sub(r"\s*\*\s*", " *", text)
    return " ".join(text.split())


def parse_param(param):
    param = " ".join(param.split())
    m = re.match(r"(.*?)(\w+)\s*(\[\])?$", param)
    ctype = m.group(1) + ("*" if m.group(3) else "")
    # "const int name" in one MPICH prototype stands for an array.
    return c_type(ctype), m.group(2)


def header_prototypes(include_dir):
    protos = {}
    for name in ("mpi_proto.h", "mpio.h"):
        text = re.sub(r"/\*.*?\*/", "", (include_dir / name).read_text(), flags=re.S)
        for m in re.finditer(r"^int\s+(MPI_\w+)\s*\(([^)]*)\)", text, flags=re.M):
            protos[m.group(1)] = m.group(2)
    wanted = {n for n in protos if n.endswith("_c")}
    wanted |= {n[:-2] for n in wanted}
    return {n: [parse_param(p) for p in protos[n].split(",")] for n in wanted if n in protos}


def table(lib_dir):
    roles = {}
    for m in re.finditer(r"^MPIX_ROLE\((\w+), ([^,]+), ([^,]+), (\w+)\)",
                         (lib_dir / "MPIParamRoles.def").read_text(), flags=re.M):
        roles[m.group(1)] = (c_type(m.group(2)), c_type(m.group(3)))
    rows, special = {}, set()
    text = (lib_dir / "MPIFunctions.def").read_text()
    for m in re.finditer(r"^MPIX_FUNCTION\((\w+), (\w+), (\w+), (.*)\)$", text, flags=re.M):
        rows[m.group(1)] = re.findall(r"P\((\w+), (\w+)\)", m.group(4))
    for m in re.finditer(r"^MPIX_SPECIAL_FUNCTION\((\w+), (\w+)\)$", text, flags=re.M):
        special.add(m.group(1))
    return roles, rows, special


def all_prototypes(include_dir):
    protos = {}
    for name in ("mpi_proto.h", "mpio.h"):
        text = re.sub(r"/\*.*?\*/", "", (include_dir / name).read_text(), flags=re.S)
        for m in re.finditer(r"^int\s+(MPI_\w+)\s*\(([^)]*)\)", text, flags=re.M):
            protos[m.group(1)] = [p for p in m.group(2).split(",") if p.strip() != "void"]
    return protos


def check_model(lib_dir, include_dir):
    """Rows of MPIModel.def against the header's classic prototypes."""
    protos = all_prototypes(include_dir)
    errors, n = [], 0
    text = (lib_dir / "MPIModel.def").read_text()
    for m in re.finditer(r"^MPIX_MODEL(?:_PEER|_TYPE|_FILL|_REDUCE)?\((\w+), (\d+), (-?\w+), (.*)\)$", text, flags=re.M):
        n += 1
        name, arity = "MPI_" + m.group(1), int(m.group(2))
        indices = [int(x) for x in m.group(4).split(",")]
        # A fill row has no role: its third field is an argument index too.
        if re.fullmatch(r"-?\d+", m.group(3)):
            indices.append(int(m.group(3)))
        params = protos.get(name)
        if params is None:
            errors.append("model row %s: not declared" % name)
        elif len(params) != arity:
            errors.append("model row %s: arity %d, header has %d" % (name, arity, len(params)))
        elif any(i >= arity or i < -1 for i in indices):
            errors.append("model row %s: an argument index is out of range" % name)
    return n, errors


def main():
    lib_dir, include_dir = Path(sys.argv[1]), Path(sys.argv[2])
    roles, rows, special = table(lib_dir)
    protos = header_prototypes(include_dir)
    errors = []
    large = sorted(n[4:-2] for n in protos if n.endswith("_c"))
    for name in large:
        if name in special:
            continue
        if name not in rows:
            errors.append("MPI_%s_c is declared but has no row" % name)
            continue
        for binding, column in (("MPI_" + name, 0), ("MPI_%s_c" % name, 1)):
            params = protos.get(binding)
            if params is None:
                errors.append("%s is not declared" % binding)
                continue
            got = [(roles[r][column], n) for r, n in rows[name]]
            want = [(t, n) for t, n in params]
            # The one MPICH prototype that spells an array as "const int x".
            want = [("const int *", n) if t == "const int" else (t, n) for t, n in want]
            if [t for t, _ in got] != [t for t, _ in want]:
                errors.append("%s: table gives %s, header has %s" % (binding, got, want))
    for name in rows:
        if name not in large:
            errors.append("row %s has no MPI_%s_c in the header" % (name, name))
    model_rows, model_errors = check_model(lib_dir, include_dir)
    errors += model_errors
    for e in errors:
        print("error:", e)
    print("%d _c functions in the header, %d rows, %d special, %d model rows; %d errors"
          % (len(large), len(rows), len(special), model_rows, len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
