//===-- FunctionAnalyses.cpp - Per-function facts shared by the checks ----===//

#include "FunctionAnalyses.h"
#include "CommProvenance.h"
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

static bool mayInterestACheck(const FunctionDecl *Callee) {
  if (!mpiName(Callee).empty())
    return true;
  return Callee->hasBody() && hasCommParameter(Callee);
}

const CallList &FunctionAnalyses::callSites(const UserCodeScope &Scope) {
  if (!Calls) {
    Declarations = Scope.declarations(Ctx);
    Calls = findCallSites(Declarations, mayInterestACheck);
  }
  return *Calls;
}

void FunctionAnalyses::joinCallPass(CallAnalysis &Check, unsigned Checks,
                                    const UserCodeScope &Scope) {
  CallPassChecks.push_back(&Check);
  if (CallPassChecks.size() >= Checks)
    runCallPass(Scope);
}

void FunctionAnalyses::finishCallPass(const UserCodeScope &Scope) {
  if (!CallPassChecks.empty())
    runCallPass(Scope);
}

void FunctionAnalyses::runCallPass(const UserCodeScope &Scope) {
  if (CallPassDone)
    return;
  CallPassDone = true;
  const CallList &Sites = callSites(Scope);
  llvm::DenseMap<const FunctionDecl *, size_t> LastCallOf;
  for (size_t I = 0; I < Sites.size(); ++I)
    LastCallOf[Sites[I].Caller] = I;
  for (CallAnalysis *Check : CallPassChecks)
    Check->startUnit(Sites);
  for (size_t I = 0; I < Sites.size(); ++I) {
    for (CallAnalysis *Check : CallPassChecks)
      Check->analyzeCall(Sites[I]);
    const FunctionDecl *Caller = Sites[I].Caller;
    if (LastCallOf[Caller] != I)
      continue;
    for (CallAnalysis *Check : CallPassChecks)
      Check->finishFunction(Caller);
    // Asked for again (another function's parameter follows its calls),
    // the analyses are built again, the same.
    Entries.erase(Caller);
  }
  for (CallAnalysis *Check : CallPassChecks)
    Check->finishUnit();
}

LocalKnowledge FunctionAnalyses::knowledge(const FunctionDecl *F) {
  Entry *E = entry(F);
  if (!E)
    return {};
  return {E->Facts.get(), E->Arrays.get(), E->Ranges.get()};
}

bool FunctionAnalyses::forEveryCall(
    const FunctionDecl *F,
    llvm::function_ref<bool(const CallSite &, RangeAnalysis &)> Judge) {
  const auto *Sites = F ? Uses.callsOf(F) : nullptr;
  // A function following its own parameters into itself learns nothing.
  if (!Sites || Sites->empty() || !Following.insert(F).second)
    return false;
  bool All = llvm::all_of(*Sites, [&](const CallSite &Site) {
    RangeAnalysis *Ranges = ranges(Site.Caller);
    return Ranges && Judge(Site, *Ranges);
  });
  Following.erase(F);
  return All;
}

std::optional<Interval>
FunctionAnalyses::argumentRange(const ParmVarDecl *P) {
  unsigned Index = P->getFunctionScopeIndex();
  std::optional<Interval> Range;
  bool Known = forEveryCall(
      dyn_cast<FunctionDecl>(P->getDeclContext()),
      [&](const CallSite &Site, RangeAnalysis &Ranges) {
        if (Index >= Site.Call->getNumArgs())
          return false;
        std::optional<RangeAnalysis::Result> R = Ranges.evaluate(
            Site.Call->getArg(Index), Ranges.constraintsAt(Site.Call));
        if (R)
          Range = Range ? Range->join(R->Range) : R->Range;
        return R.has_value();
      });
  return Known ? Range : std::nullopt;
}

bool FunctionAnalyses::argumentsIndexBelow(const ParmVarDecl *Index,
                                           const ParmVarDecl *Bound) {
  if (Index->getDeclContext() != Bound->getDeclContext())
    return false;
  unsigned I = Index->getFunctionScopeIndex();
  unsigned B = Bound->getFunctionScopeIndex();
  return forEveryCall(
      dyn_cast<FunctionDecl>(Index->getDeclContext()),
      [&](const CallSite &Site, RangeAnalysis &Ranges) {
        if (I >= Site.Call->getNumArgs() || B >= Site.Call->getNumArgs())
          return false;
        const VarDecl *A = referencedVariable(Site.Call->getArg(I));
        const VarDecl *N = referencedVariable(Site.Call->getArg(B));
        return A && N && Ranges.isIndexBelow(A, N, Site.Call);
      });
}

} // namespace mpix
