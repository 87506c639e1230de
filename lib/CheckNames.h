//===-- CheckNames.h - The mpix checks' names -------------------*- C++ -*-===//
//
// The module registers the checks under these names, and the checks, which
// share one pass over the unit's calls (FunctionAnalyses::joinCallPass),
// count by them how many of them run on the current file.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_CHECKNAMES_H
#define MPIX_TIDY_CHECKNAMES_H

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

namespace mpix {

inline constexpr llvm::StringLiteral LargeCountCheckName = "mpix-large-count";
inline constexpr llvm::StringLiteral CartTopologyCheckName =
    "mpix-cart-topology";
inline constexpr llvm::StringLiteral GraphSymmetryCheckName =
    "mpix-graph-symmetry";

/// How many mpix checks are enabled for the file being analysed: all of
/// them join the call pass.
inline unsigned enabledMPIXChecks(const clang::tidy::ClangTidyContext &C) {
  return llvm::count_if(
      llvm::ArrayRef<llvm::StringRef>{LargeCountCheckName,
                                      CartTopologyCheckName,
                                      GraphSymmetryCheckName},
      [&](llvm::StringRef Name) { return C.isCheckEnabled(Name); });
}

} // namespace mpix

#endif
