//===-- UserCodeScope.h - What the mpix checks walk -------------*- C++ -*-===//
//
// The mpix checks do not use clang-tidy's matcher walk: they match only the
// translation unit and then walk it themselves (CallSites.h). A C file that
// includes <mpi.h>, <stdio.h> and <stdlib.h> has far more declarations in
// system headers than in its own lines, and the checks never report in, nor
// need to visit, system headers (a callee's body or a variable's declaration
// is reached through the AST, not by the walk), so they walk only the
// top-level declarations outside them. When they are the only checks that
// run, the matcher's own walk is cancelled, as clangd narrows it with
// ASTContext::setTraversalScope.
//
// Other checks may rely on the matcher's walk, so it is cancelled only when
// the enabled checks are mpix-* (and clang-diagnostic-*, which are compiler
// warnings and do not walk). With --system-headers the mpix walk covers
// system headers too, as the matcher did.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_UTILS_USERCODESCOPE_H
#define MPIX_TIDY_UTILS_USERCODESCOPE_H

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/StringRef.h"
#include <vector>

namespace clang::tidy {
class ClangTidyContext;
}

namespace mpix {

/// Whether a clang-tidy `Checks` glob list enables no check outside mpix-*
/// and clang-diagnostic-*.
bool enablesOnlyMPIXChecks(llvm::StringRef Checks);

/// Whether \p Loc is in library code: a system header, an MPI interface
/// header, or a file one of those includes.
bool isLibraryCode(const clang::SourceManager &SM, clang::SourceLocation Loc);

class UserCodeScope {
public:
  explicit UserCodeScope(const clang::tidy::ClangTidyContext &Context);

  /// Registers the translation-unit matcher, the only one the checks need.
  void registerMatcher(clang::ast_matchers::MatchFinder *Finder,
                       clang::ast_matchers::MatchFinder::MatchCallback *Check);

  /// Takes the translation-unit match (the walk's first node, seen before its
  /// children are) and cancels the rest of the matcher's walk when no other
  /// check needs it.
  const clang::TranslationUnitDecl *
  consume(const clang::ast_matchers::MatchFinder::MatchResult &Result);

  /// The top-level declarations the checks look into.
  std::vector<clang::Decl *> declarations(const clang::ASTContext &Ctx) const;

private:
  bool UserCodeOnly;
  bool CancelMatcherWalk;
};

} // namespace mpix

#endif
