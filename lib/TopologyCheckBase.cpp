//===-- TopologyCheckBase.cpp - Shared driver of the topology checks ------===//

#include "TopologyCheckBase.h"
#include "CheckNames.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace mpix {

std::string calleeName(const CallExpr *Call) {
  const FunctionDecl *F = Call->getDirectCallee();
  return F ? F->getNameAsString() : std::string("the call");
}

void TopologyCheckBase::registerMatchers(MatchFinder *Finder) {
  Scope.registerMatcher(Finder, this);
}

/// Arguments not known until instantiation: the call is judged in the
/// instantiation. Only code in a template can have them.
static bool hasDependentArgument(const CallSite &Site) {
  return Site.InTemplate &&
         llvm::any_of(Site.Call->arguments(), [](const Expr *A) {
           return A->isTypeDependent() || A->isValueDependent();
         });
}

void TopologyCheckBase::check(const MatchFinder::MatchResult &Result) {
  if (!Scope.consume(Result))
    return;
  Context = Result.Context;
  Provenance = std::make_unique<CommProvenance>(*Context);
  Analyses = FunctionAnalyses::of(*Context);
  Analyses->joinCallPass(*this, enabledMPIXChecks(Tidy), Scope);
}

void TopologyCheckBase::startUnit(const CallList &Calls) {
  UnitCalls = &Calls;
  llvm::DenseSet<const FunctionDecl *> Callees;
  for (const CallSite &Site : Calls) {
    if (hasDependentArgument(Site)) {
      StringRef Name = mpiName(Site.Callee);
      if (!Name.empty())
        DependentlyCalledNames.insert(Name);
      continue;
    }
    StringRef Name = mpiName(Site.Callee);
    if (!Name.empty()) {
      // A few functions are called many times: each name is hashed once.
      if (Callees.insert(Site.Callee).second)
        CalledNames.insert(Name);
    } else if (Site.Callee->hasBody() && hasCommParameter(Site.Callee)) {
      Provenance->addCallSite(Site.Call, Site.Caller);
    }
  }
}

std::optional<TopologyCheckBase::MPICall>
TopologyCheckBase::mpiCall(const CallSite &Site) const {
  StringRef Name = mpiName(Site.Callee);
  if (Name.empty() || hasDependentArgument(Site))
    return std::nullopt;
  return MPICall{Site.Call, Site.Caller, Name};
}

void TopologyCheckBase::analyzeCall(const CallSite &Site) {
  if (std::optional<MPICall> C = mpiCall(Site))
    analyze(*C);
}

void TopologyCheckBase::forEachMPICall(
    llvm::function_ref<void(const MPICall &)> Visit) {
  if (UnitCalls)
    for (const CallSite &Site : *UnitCalls)
      if (std::optional<MPICall> C = mpiCall(Site))
        Visit(*C);
}

void TopologyCheckBase::finishUnit() { finishAnalysis(); }

void TopologyCheckBase::onEndOfTranslationUnit() {
  if (Analyses)
    Analyses->finishCallPass(Scope);
  Analyses.reset();
  CalledNames.clear();
  DependentlyCalledNames.clear();
  Provenance.reset();
  Context = nullptr;
  UnitCalls = nullptr;
}

std::string TopologyCheckBase::textOf(const Expr *E) const {
  const SourceManager &SM = Context->getSourceManager();
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM,
      Context->getLangOpts());
  StringRef Text = Lexer::getSourceText(Range, SM, Context->getLangOpts());
  return Text.empty() ? std::string("the communicator") : Text.str();
}

} // namespace mpix
