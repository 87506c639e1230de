//===-- UnboundedValues.h - what mpix-large-count's warnings rest on ------===//
//
// Most reports on a large code that no real run reaches rest on a few values
// whose scale is a fact of the domain (a supernode's columns, the right-hand
// sides of a solve): the analysis cannot bound them, and each is named in the
// notes of many warnings. After a -j run the driver reads the notes back,
// counts the warnings that rest on each value, and names the most common, as
// the targets mpix-large-count.Ranges takes: where the code does bound one,
// a single statement settles all its warnings.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TOOL_UNBOUNDEDVALUES_H
#define MPIX_TOOL_UNBOUNDEDVALUES_H

#include "clang/Tooling/Core/Diagnostic.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>
#include <vector>

namespace mpix {
namespace tool {

/// A value the analysis could not bound, spelled as a target of
/// mpix-large-count.Ranges, and how many warnings rest on it.
struct UnboundedValue {
  std::string Target;
  unsigned Warnings = 0;
};

/// The Ranges target for a value as the notes spell it: `nrhs` for `nrhs`
/// or `nrhs[i]`, `.m_loc` for `A->m_loc`, `SuperSize()` for `SuperSize(k)`;
/// none for arithmetic, which has no single target.
std::optional<std::string> rangesTargetOf(llvm::StringRef Spelled);

/// The targets one diagnostic's notes name as unbounded, each once.
std::vector<std::string>
unboundedTargetsOf(const clang::tooling::Diagnostic &D);

/// Every target the run's mpix-large-count warnings rest on, most warnings
/// first (then by name); \p Resting is set to the warnings naming any.
std::vector<UnboundedValue>
unboundedValues(llvm::ArrayRef<clang::tooling::Diagnostic> Diags,
                unsigned &Resting);

/// The driver's lines after a run: the most common targets and the option
/// that states them. Nothing when no warning rests on one.
void reportUnboundedValues(llvm::ArrayRef<clang::tooling::Diagnostic> Diags,
                           llvm::raw_ostream &OS);

} // namespace tool
} // namespace mpix

#endif
