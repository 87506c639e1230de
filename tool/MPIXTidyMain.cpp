//===-- MPIXTidyMain.cpp - The standalone mpix-tidy -----------------------===//
//
// clang-tidy's own driver with the mpix module linked in, so that every
// clang-tidy option, .clang-tidy file and NOLINT comment works as users know
// it. Two defaults differ, both because this binary is not installed next to
// clang's headers and has one job:
//  - clang's builtin headers are taken from clang-19's resource directory;
//  - without --checks, the mpix checks are enabled (on top of any config).
//
//===----------------------------------------------------------------------===//

#include "clang-tidy/tool/ClangTidyMain.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <string>

extern volatile int MPIXTidyModuleAnchorSource;
static int MPIXTidyModuleAnchorDestination = MPIXTidyModuleAnchorSource;

static bool hasOption(int Argc, const char **Argv, llvm::StringRef Name) {
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef Arg(Argv[I]);
    if (Arg == "--")
      break;
    Arg.consume_front("-");
    Arg.consume_front("-");
    if (Arg == Name || (Arg.starts_with(Name) && Arg.drop_front(Name.size()).starts_with("=")))
      return true;
  }
  return false;
}

int main(int Argc, const char **Argv) {
  (void)MPIXTidyModuleAnchorDestination;
  llvm::SmallVector<const char *, 16> Args(Argv, Argv + Argc);
  static const std::string ResourceDir =
      std::string("--extra-arg-before=-resource-dir=") + MPIX_CLANG_RESOURCE_DIR;
  // Inserted right after argv[0] so that a user's own -resource-dir, which
  // comes later on the compile command line, still wins.
  Args.insert(Args.begin() + 1, ResourceDir.c_str());
  if (!hasOption(Argc, Argv, "checks"))
    Args.insert(Args.begin() + 1, "--checks=mpix-*");
  return clang::tidy::clangTidyMain(static_cast<int>(Args.size()), Args.data());
}
