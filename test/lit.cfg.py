# lit configuration for mpix-tidy's check and tool tests.
#
# The suite is run once per MPI flavour (--param mpi=mpich|openmpi): tests see
# that flavour's real mpi.h through %mpi_cflags, and can spell expectations
# that differ between flavours with the check suffix %mpi.
import os
import lit.formats

config.name = "mpix-tidy"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".c", ".cpp", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["Inputs", "runtime", "table", "unit", "CMakeLists.txt"]

flavour = lit_config.params.get("mpi", "mpich")
if flavour not in config.mpi_cflags:
    lit_config.fatal("--param mpi must be one of: " + ", ".join(config.mpi_cflags))
config.name += "-" + flavour
# ctest runs both flavours at once: each needs its own Output directories.
config.test_exec_root = os.path.join(config.mpix_obj_root, "test", "lit-" + flavour)
config.available_features.add("mpi-" + flavour)
# Tests that compile fixed code against libmpix's generated header need the
# runtime in this build (-DMPIX_BUILD_RUNTIME=ON, the default).
if config.mpix_runtime:
    config.available_features.add("mpix-runtime")
# The official SARIF schema, fetched by scripts/setup.sh.
if os.path.exists(config.sarif_schema):
    config.available_features.add("sarif-schema")
config.substitutions.append(("%sarif_schema", config.sarif_schema))
# Memory errors that do not always crash (scripts/setup.sh installs it).
import shutil
if shutil.which("valgrind"):
    config.available_features.add("valgrind")

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, os.path.dirname(config.mpix_tidy), config.environment.get("PATH", "")])

check = os.path.join(config.mpix_src_root, "test", "check_mpix_tidy.py")
config.substitutions.append(("%check_mpix_tidy",
    "%s %s --tidy %s --plugin %s" % (config.python, check, config.mpix_tidy, config.mpix_plugin)))
config.substitutions.append(("%mpix_tidy", config.mpix_tidy))
config.substitutions.append(("%mpix_plugin", config.mpix_plugin))
config.substitutions.append(("%mpi_cflags", config.mpi_cflags[flavour]))
# libmpix's headers for compiling code the fixes rewrote to MPIX_*_x: the
# backend the runtime tests build for this flavour.
backend = "native" if flavour == "mpich" else "emulated"
config.substitutions.append(("%mpix_cflags", "-I%s -I%s" % (
    os.path.join(config.mpix_src_root, "runtime", "include"),
    os.path.join(config.mpix_obj_root, "test", "runtime",
                 "mpixt_%s_%s" % (flavour, backend), "include"))))
# ... and the library to link them with, and the flavour's launcher.
config.substitutions.append(("%mpix_ldflags", os.path.join(
    config.mpix_obj_root, "lib", "libmpixt_%s_%s.a" % (flavour, backend))))
config.substitutions.append(("%mpiexec", "mpiexec." + flavour + (
    " --allow-run-as-root --oversubscribe" if flavour == "openmpi" else "")))
config.substitutions.append(("%mpicc", "mpicc." + flavour))
config.substitutions.append(("%mpicxx", "mpicxx." + flavour))
config.substitutions.append(("%mpi", flavour))
config.substitutions.append(("%python", config.python))
config.substitutions.append(("%src_root", config.mpix_src_root))
