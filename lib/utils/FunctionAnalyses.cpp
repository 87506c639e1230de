//===-- FunctionAnalyses.cpp - Per-function facts shared by the checks ----===//

#include "FunctionAnalyses.h"
#include "clang/AST/Decl.h"

using namespace clang;

namespace mpix {

std::shared_ptr<FunctionAnalyses> FunctionAnalyses::of(ASTContext &Ctx) {
  // clang-tidy analyses one translation unit at a time in a process.
  static std::weak_ptr<FunctionAnalyses> Current;
  std::shared_ptr<FunctionAnalyses> Shared = Current.lock();
  if (!Shared || &Shared->Ctx != &Ctx) {
    Shared = std::make_shared<FunctionAnalyses>(Ctx);
    Current = Shared;
  }
  return Shared;
}

FunctionAnalyses::Entry *FunctionAnalyses::entry(const FunctionDecl *F) {
  if (!F || !F->getBody())
    return nullptr;
  Entry &E = Entries[F];
  if (!E.Facts) {
    E.Arrays = std::make_unique<ArrayFacts>();
    E.Facts = std::make_unique<FunctionFacts>(F->getBody(), Ctx, E.Arrays.get());
    E.Ranges = std::make_unique<RangeAnalysis>(Ctx, E.Facts.get(), this);
  }
  return &E;
}

const FunctionFacts *FunctionAnalyses::facts(const FunctionDecl *F) {
  Entry *E = entry(F);
  return E ? E->Facts.get() : nullptr;
}

RangeAnalysis *FunctionAnalyses::ranges(const FunctionDecl *F) {
  Entry *E = entry(F);
  return E ? E->Ranges.get() : nullptr;
}

llvm::ArrayRef<CallSite>
FunctionAnalyses::callSites(const UserCodeScope &Scope) {
  if (!Calls) {
    Declarations = Scope.declarations(Ctx);
    Calls = findCallSites(Declarations);
  }
  return *Calls;
}

LocalKnowledge FunctionAnalyses::knowledge(const FunctionDecl *F) {
  Entry *E = entry(F);
  if (!E)
    return {};
  return {E->Facts.get(), E->Arrays.get(), E->Ranges.get()};
}

std::optional<Interval>
FunctionAnalyses::argumentRange(const ParmVarDecl *P) {
  const auto *F = dyn_cast<FunctionDecl>(P->getDeclContext());
  const auto *Sites = F ? Uses.callsOf(F) : nullptr;
  if (!Sites || Sites->empty() || !Following.insert(F).second)
    return std::nullopt;
  std::optional<Interval> Range;
  for (const CallSite &Site : *Sites) {
    RangeAnalysis *Ranges = ranges(Site.Caller);
    unsigned Index = P->getFunctionScopeIndex();
    std::optional<RangeAnalysis::Result> R;
    if (Ranges && Index < Site.Call->getNumArgs())
      R = Ranges->evaluate(Site.Call->getArg(Index),
                           Ranges->constraintsAt(Site.Call));
    if (!R) {
      Range.reset();
      break;
    }
    Range = Range ? Range->join(R->Range) : R->Range;
  }
  Following.erase(F);
  return Range;
}

bool FunctionAnalyses::argumentsIndexBelow(const ParmVarDecl *Index,
                                           const ParmVarDecl *Bound) {
  const auto *F = dyn_cast<FunctionDecl>(Index->getDeclContext());
  const auto *Sites = F && F == Bound->getDeclContext() ? Uses.callsOf(F)
                                                         : nullptr;
  if (!Sites || Sites->empty() || !Following.insert(F).second)
    return false;
  unsigned I = Index->getFunctionScopeIndex();
  unsigned B = Bound->getFunctionScopeIndex();
  bool Below = llvm::all_of(*Sites, [&](const CallSite &Site) {
    if (I >= Site.Call->getNumArgs() || B >= Site.Call->getNumArgs())
      return false;
    const VarDecl *A = referencedVariable(Site.Call->getArg(I));
    const VarDecl *N = referencedVariable(Site.Call->getArg(B));
    RangeAnalysis *Ranges = ranges(Site.Caller);
    return A && N && Ranges && Ranges->isIndexBelow(A, N, Site.Call);
  });
  Following.erase(F);
  return Below;
}

} // namespace mpix
