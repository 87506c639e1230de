//===-- CallSites.h - The calls the mpix checks look at ---------*- C++ -*-===//
//
// clang-tidy's matcher visits every node of the translation unit and tries
// the registered matchers on each; on a unit that is mostly MPI calls that
// walk alone cost a fifth of the time of parsing, and each check paid for
// matching the calls again. The mpix checks only ever start from a call with
// a known callee, so one plain walk of the declarations they look into lists
// every such call with its caller, once per translation unit, for all of
// them. (In C, a function whose facts are gathered anyway has its calls
// listed by that walk instead: FunctionAnalyses::joinCallPass.)
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_UTILS_CALLSITES_H
#define MPIX_TIDY_UTILS_CALLSITES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <deque>

namespace clang {
class CallExpr;
class Decl;
class FunctionDecl;
} // namespace clang

namespace mpix {

struct CallSite {
  const clang::CallExpr *Call;
  const clang::FunctionDecl *Callee;
  /// The innermost function definition around the call; null at file scope.
  const clang::FunctionDecl *Caller;
  /// The call is in a template: its arguments may not be known until
  /// instantiation.
  bool InTemplate = false;
};

/// Whether some argument of the call is not known until instantiation: the
/// call is judged in each instantiation instead.
bool hasDependentArgument(const CallSite &Site);

/// A unit's calls. Stored in chunks: a vector of ten thousand calls,
/// doubling as it grew, left twice its size in fresh pages behind, and on
/// the VMs this runs on a fresh page costs as much as ~40,000 instructions.
using CallList = std::deque<CallSite>;

using CalleeFilter = llvm::function_ref<bool(const clang::FunctionDecl *)>;

/// The calls under \p Decls whose direct callee \p Wanted accepts, in
/// traversal order (a caller's calls in source order), template
/// instantiations and lambda bodies included, as clang-tidy's matcher would
/// have found them.
CallList findCallSites(llvm::ArrayRef<clang::Decl *> Decls,
                       CalleeFilter Wanted);
/// Appends those of one declaration.
void appendCallSites(clang::Decl *D, CallList &Sites, CalleeFilter Wanted);

} // namespace mpix

#endif
