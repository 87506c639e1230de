//===-- ConditionalRegions.h - The #if branches code was compiled in -*- C++ -*-===//
//
// Many HPC codes build with and without MPI from one source: the MPI calls
// sit in `#ifdef USE_MPI` branches. A fix that adds `#include <mpix.h>` at
// the top of such a file, or retypes a declaration outside the branch to
// MPI_Count, breaks the build without MPI. The preprocessor tells, per
// file, which branches it took and under what condition; a fix asks which
// of them hold a call and not the place it edits.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_UTILS_CONDITIONALREGIONS_H
#define MPIX_TIDY_UTILS_CONDITIONALREGIONS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class PPCallbacks;
class Preprocessor;
class SourceManager;
} // namespace clang

namespace mpix {

/// The branches of #if, #ifdef and #ifndef that the preprocessor took, each
/// with a condition that selects it alone (`#if !defined(A) && (B)` for an
/// #elif), one translation unit's worth.
class ConditionalRegions {
public:
  /// From the directive that opens it to the one that ends it, as
  /// offsets in its file.
  struct Branch {
    unsigned Begin, End;
    std::string Condition;
    /// `#ifndef X_H` followed by `#define X_H`: a header's include guard,
    /// which decides nothing about the build.
    bool IncludeGuard = false;
  };

  /// Callbacks that fill this record while \p PP runs; it must outlive them.
  std::unique_ptr<clang::PPCallbacks> recorder(const clang::Preprocessor &PP);

  /// The branches around file location \p At, outermost first.
  llvm::SmallVector<const Branch *, 2>
  holding(clang::SourceLocation At, const clang::SourceManager &SM) const;

  /// The branches around \p Inside whose condition no branch around
  /// \p Outside has (in the same file or another: a header's prototype
  /// under `#ifdef USE_MPI` is covered like its definition), outermost
  /// first: the conditions code moved from one to the other must keep.
  llvm::SmallVector<const Branch *, 2>
  holdingOnly(clang::SourceLocation Inside, clang::SourceLocation Outside,
              const clang::SourceManager &SM) const;

  /// \p Text wrapped in the conditions of \p Branches.
  static std::string guarded(llvm::ArrayRef<const Branch *> Branches,
                             llvm::StringRef Text);

  void clear() { Branches.clear(); }

private:
  friend class BranchRecorder;
  /// Per file: a unit's headers hold thousands of branches, a query looks
  /// at one file's.
  llvm::DenseMap<clang::FileID, std::vector<Branch>> Branches;
};

} // namespace mpix

#endif
