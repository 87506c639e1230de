//===-- CallSites.h - The calls the mpix checks look at ---------*- C++ -*-===//
//
// clang-tidy's matcher visits every node of the translation unit and tries
// the registered matchers on each; on a unit that is mostly MPI calls that
// walk alone cost a fifth of the time of parsing, and each check paid for
// matching the calls again. The mpix checks only ever start from a call with
// a known callee, so one plain walk of the declarations they look into lists
// every such call with its caller, once per translation unit, for all of
// them.
//
// A function that the checks will analyse has its body walked for its facts
// anyway (FunctionFacts); that walk also lists the body's calls in order, so
// such a body is not walked a second time here.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_UTILS_CALLSITES_H
#define MPIX_TIDY_UTILS_CALLSITES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/PointerUnion.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <vector>

namespace clang {
class CallExpr;
class Decl;
class Expr;
class FunctionDecl;
} // namespace clang

namespace mpix {

struct CallSite {
  const clang::CallExpr *Call;
  const clang::FunctionDecl *Callee;
  /// The innermost function definition around the call; null at file scope.
  const clang::FunctionDecl *Caller;
};

/// What a walk of one body found for the call list, in traversal order: a
/// call with a direct callee; a declaration whose functions are callers of
/// their own (a lambda's class, a local class's method); or implicit code
/// the body walk leaves out (a default argument) but whose calls are the
/// body's.
using BodyItem = llvm::PointerUnion<const clang::CallExpr *, const clang::Decl *,
                                    const clang::Expr *>;

/// The items of \p F's body, or none to have the body walked here.
using BodyItemsFn =
    llvm::function_ref<std::optional<llvm::ArrayRef<BodyItem>>(
        const clang::FunctionDecl *F)>;

/// The calls with a direct callee under \p Decls, in traversal order (a
/// caller's calls in source order), template instantiations and lambda
/// bodies included, as clang-tidy's matcher would have found them.
std::vector<CallSite> findCallSites(llvm::ArrayRef<clang::Decl *> Decls,
                                    BodyItemsFn ItemsOf);

} // namespace mpix

#endif
