//===-- FunctionAnalyses.cpp - Per-function facts shared by the checks ----===//

#include "FunctionAnalyses.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

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

/// Whether \p F's body spells "MPI": a guess that the checks will want its
/// facts. A wrong guess costs time only: a body without its facts is walked
/// for its calls alone, and its facts, if wanted, are built later.
static bool mentionsMPI(const FunctionDecl *F, const SourceManager &SM) {
  std::optional<llvm::StringRef> Text = fileTextOf(F->getBody(), SM);
  return !Text || Text->contains("MPI");
}

llvm::ArrayRef<CallSite>
FunctionAnalyses::callSites(const UserCodeScope &Scope) {
  if (!Calls) {
    Declarations = Scope.declarations(Ctx);
    // A body whose facts the checks will ask for is walked once, for both.
    Calls = findCallSites(
        Declarations,
        [&](const FunctionDecl *F) -> std::optional<ArrayRef<BodyItem>> {
          if (!mentionsMPI(F, Ctx.getSourceManager()))
            return std::nullopt;
          if (const FunctionFacts *Facts = facts(F))
            return Facts->bodyItems();
          return std::nullopt;
        });
  }
  return *Calls;
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
