//===-- UserCodeScope.h - Match only outside system headers -----*- C++ -*-===//
//
// clang-tidy's matcher walks every declaration of the translation unit, and a
// C file that includes <mpi.h>, <stdio.h> and <stdlib.h> has far more of them
// in system headers than in its own lines: on MPICH's test suite that walk
// alone costs a few percent of parsing. The mpix checks never report in, nor
// need to visit, system headers (a callee's body or a variable's declaration
// is reached through the AST, not by the walk), so when they are the only
// matchers that run, they narrow the walk to the top-level declarations
// outside system headers, as clangd does with ASTContext::setTraversalScope.
//
// Other checks may rely on visiting system headers, so the walk is narrowed
// only when the enabled checks are mpix-* (and clang-diagnostic-*, which are
// compiler warnings and do not walk) and --system-headers is off.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_UTILS_USERCODESCOPE_H
#define MPIX_TIDY_UTILS_USERCODESCOPE_H

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/StringRef.h"

namespace clang::tidy {
class ClangTidyContext;
}

namespace mpix {

/// Whether a clang-tidy `Checks` glob list enables no check outside mpix-*
/// and clang-diagnostic-*.
bool enablesOnlyMPIXChecks(llvm::StringRef Checks);

class UserCodeScope {
public:
  explicit UserCodeScope(const clang::tidy::ClangTidyContext &Context);

  /// Registers the matcher whose results consume() takes; nothing when the
  /// walk must stay whole.
  void registerMatcher(clang::ast_matchers::MatchFinder *Finder,
                       clang::ast_matchers::MatchFinder::MatchCallback *Check);

  /// Takes the translation-unit match (the walk's first node, seen before its
  /// children are) and narrows the walk; false for any other match.
  bool consume(const clang::ast_matchers::MatchFinder::MatchResult &Result);

private:
  bool Narrow;
};

} // namespace mpix

#endif
