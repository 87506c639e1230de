//===-- TopologyCheckBase.cpp - Shared driver of the topology checks ------===//

#include "TopologyCheckBase.h"
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

static bool hasCommParameter(const FunctionDecl *F) {
  return llvm::any_of(F->parameters(), [](const ParmVarDecl *P) {
    return isMPICommType(P->getType());
  });
}

void TopologyCheckBase::check(const MatchFinder::MatchResult &Result) {
  if (!Scope.consume(Result))
    return;
  Context = Result.Context;
  Provenance = std::make_unique<CommProvenance>(*Context);
  std::shared_ptr<FunctionAnalyses> Analyses = FunctionAnalyses::of(*Context);
  // A communicator that reaches a callee through a parameter is known only
  // once all of the callee's call sites are: collect them all first.
  std::vector<MPICall> Calls;
  UnitCallSites = Analyses->callSites(Scope);
  llvm::DenseSet<const FunctionDecl *> Callees;
  for (const CallSite &Site : UnitCallSites) {
    if (llvm::any_of(Site.Call->arguments(), [](const Expr *A) {
          return A->isTypeDependent() || A->isValueDependent();
        }))
      continue;
    StringRef Name = mpiName(Site.Callee);
    if (!Name.empty()) {
      Calls.push_back({Site.Call, Site.Caller, Name});
      // A few functions are called many times: each name is hashed once.
      if (Callees.insert(Site.Callee).second)
        CalledNames.insert(Name);
    } else if (Site.Callee->hasBody() && hasCommParameter(Site.Callee)) {
      Provenance->addCallSite(Site.Call, Site.Caller);
    }
  }
  for (const MPICall &C : Calls)
    analyze(C);
  UnitCallSites = {};
}

void TopologyCheckBase::onEndOfTranslationUnit() {
  CalledNames.clear();
  Provenance.reset();
  Context = nullptr;
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
