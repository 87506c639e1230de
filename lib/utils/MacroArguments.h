//===-- MacroArguments.h - Macro arguments a fix must not edit -*- C++ -*-===//
//
// Code in a macro argument is rewritten like any other code, unless the
// macro pastes that argument into another token with `##`: then the new
// spelling makes another name. HDF5's `H5_CHECKED_ASSIGN(dst, int, src,
// size_t)` is a plain cast in a release build and, in a debug build, calls
// `ASSIGN_size_t_TO_int`: retyped to `MPI_Count`, the debug build looks
// for `ASSIGN_size_t_TO_MPI_Count`. The analysis sees one build, so the
// definitions in the #if branches the preprocessor skipped are read too.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_UTILS_MACROARGUMENTS_H
#define MPIX_TIDY_UTILS_MACROARGUMENTS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class IdentifierInfo;
class MacroInfo;
class PPCallbacks;
class Preprocessor;
class SourceManager;
} // namespace clang

namespace mpix {

class MacroArguments {
public:
  /// Callbacks that fill this record while \p PP runs; it must outlive them.
  std::unique_ptr<clang::PPCallbacks> recorder(const clang::Preprocessor &PP);

  void clear();

  /// Why an edit at \p At cannot be made: it is in an argument that the
  /// invoked macro, in this build or in a definition the preprocessor
  /// skipped, pastes with `##`. None when it can.
  std::optional<std::string> pastedArgument(clang::SourceLocation At,
                                            const clang::SourceManager &SM) const;

private:
  friend class MacroArgumentsRecorder;
  /// A function-like macro invoked in a file: from its name to its `)`.
  struct Invocation {
    clang::SourceLocation Begin, End;
    const clang::IdentifierInfo *Name;
    const clang::MacroInfo *Macro;
  };
  /// A definition of \p Name whose parameter \p Index is pasted, if any:
  /// where it is, as `file:line`.
  std::optional<std::string> pastingDefinition(const Invocation &I,
                                               unsigned Index,
                                               const clang::SourceManager &SM) const;

  /// In the order they came, sorted by their start once a fix asks.
  mutable std::vector<Invocation> Invocations;
  mutable bool SortedByBegin = false;
  /// The #if branches the preprocessor skipped, per file.
  llvm::DenseMap<clang::FileID, llvm::SmallVector<clang::SourceRange, 4>> Skipped;
};

} // namespace mpix

#endif
