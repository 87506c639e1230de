//===-- EnclosingFunction.h - The function a matched call is in -*- C++ -*-===//
//
// forCallable() finds a node's function through the AST parent map, which
// clang builds for the whole translation unit (every system header included)
// the first time anyone asks: that alone cost ~20 ms per file on MPICH's test
// suite, more than the checks themselves. Matches arrive in traversal order,
// function definitions before the calls in them, so a stack of the
// definitions seen so far, popped to the innermost one whose body contains a
// call, finds the same function in O(1) amortized time and no extra memory.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_UTILS_ENCLOSINGFUNCTION_H
#define MPIX_TIDY_UTILS_ENCLOSINGFUNCTION_H

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/SmallVector.h"

namespace mpix {

class EnclosingFunctionTracker {
public:
  /// Registers the matcher whose results consume() takes.
  void registerMatcher(clang::ast_matchers::MatchFinder *Finder,
                       clang::ast_matchers::MatchFinder::MatchCallback *Check);

  /// Takes a function-definition match; false for any other match.
  bool consume(const clang::ast_matchers::MatchFinder::MatchResult &Result);

  /// The innermost function definition whose body contains \p S, or null at
  /// file scope. \p S must be the latest match, as matches come in order.
  const clang::FunctionDecl *functionOf(const clang::Stmt *S,
                                        const clang::SourceManager &SM);

  void reset() { Stack.clear(); }

private:
  llvm::SmallVector<const clang::FunctionDecl *, 8> Stack;
};

} // namespace mpix

#endif
