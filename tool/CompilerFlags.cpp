//===-- CompilerFlags.cpp - Flags of other compilers in compile commands --===//
//
// Compile databases come from real builds, and real builds of MPI codes use
// GCC: `-ftree-vectorizer-verbose=0`, `-fno-tree-pre`, `-Wlogical-op`. Clang
// rejects an unknown argument, so every file of such a database would fail
// to parse, and an unknown warning option is an error under -Werror. As
// clangd does, the driver drops what clang's own option table does not know
// and says so once per distinct flag.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Options.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace mpix {
namespace tool {

namespace {

/// Whether -W<Value> names no warning clang knows. Flags that are not group
/// names (-Werror, -Weverything, ...) and prefixes that wrap a group name
/// (-Wno-, -Werror=, -Wno-error=) are read as clang reads them.
bool isUnknownWarning(StringRef Value) {
  if (llvm::is_contained({"error", "everything", "fatal-errors",
                          "system-headers", "no-system-headers", "no-error",
                          "no-everything", "no-fatal-errors"},
                         Value))
    return false;
  for (StringRef Prefix : {"no-error=", "error=", "fatal-errors=", "no-"})
    if (Value.consume_front(Prefix))
      break;
  return !clang::DiagnosticIDs::getGroupForWarningOption(Value).has_value();
}

} // namespace

std::vector<std::string> dropUnknownFlags(std::vector<std::string> &Command,
                                          size_t First) {
  std::vector<std::string> Dropped;
  if (Command.size() <= First)
    return Dropped;
  std::vector<const char *> Argv;
  for (size_t I = First; I < Command.size(); ++I)
    Argv.push_back(Command[I].c_str());
  const opt::OptTable &Table = clang::driver::getDriverOptTable();
  unsigned MissingIndex = 0, MissingCount = 0;
  opt::InputArgList Args =
      Table.ParseArgs(Argv, MissingIndex, MissingCount,
                      llvm::opt::Visibility(clang::driver::options::ClangOption));
  std::vector<bool> Drop(Command.size(), false);
  for (const opt::Arg *A : Args) {
    bool Unknown = A->getOption().matches(clang::driver::options::OPT_UNKNOWN);
    if (!Unknown && A->getOption().matches(clang::driver::options::OPT_W_Joined))
      Unknown = isUnknownWarning(A->getValue());
    if (!Unknown)
      continue;
    // An unknown flag is one argument: clang cannot know it takes a value.
    Drop[A->getIndex() + First] = true;
    Dropped.push_back(Command[A->getIndex() + First]);
  }
  if (Dropped.empty())
    return Dropped;
  std::vector<std::string> Kept;
  for (size_t I = 0; I < Command.size(); ++I)
    if (!Drop[I])
      Kept.push_back(std::move(Command[I]));
  Command = std::move(Kept);
  return Dropped;
}

void DroppedFlags::add(const std::vector<std::string> &Flags,
                       StringRef Where) {
  for (const std::string &Flag : Flags) {
    auto [It, New] = Files.try_emplace(Flag, Where.str(), 0);
    ++It->second.second;
    if (New)
      Order.push_back(Flag);
  }
}

void DroppedFlags::report() const {
  for (const std::string &Flag : Order) {
    const auto &[First, Count] = Files.at(Flag);
    errs() << "mpix-tidy: note: dropped '" << Flag
           << "', which clang does not know, from " << First;
    if (Count > 1)
      errs() << " and " << Count - 1 << " other command"
             << (Count == 2 ? "" : "s");
    errs() << "\n";
  }
}

} // namespace tool
} // namespace mpix
