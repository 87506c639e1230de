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
  Functions.registerMatcher(Finder, this);
  Finder->addMatcher(callExpr(callee(functionDecl().bind("callee"))).bind("call"),
                     this);
}

static bool hasCommParameter(const FunctionDecl *F) {
  return llvm::any_of(F->parameters(), [](const ParmVarDecl *P) {
    return isMPICommType(P->getType());
  });
}

void TopologyCheckBase::check(const MatchFinder::MatchResult &Result) {
  if (!Provenance || Context != Result.Context) {
    Context = Result.Context;
    Provenance = std::make_unique<CommProvenance>(*Context);
    Calls.clear();
    CalledNames.clear();
  }
  if (Scope.consume(Result) || Functions.consume(Result))
    return;
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  const auto *Callee = Result.Nodes.getNodeAs<FunctionDecl>("callee");
  const FunctionDecl *Function =
      Functions.functionOf(Call, *Result.SourceManager);
  if (llvm::any_of(Call->arguments(), [](const Expr *A) {
        return A->isTypeDependent() || A->isValueDependent();
      }))
    return;
  StringRef Name = mpiName(Callee);
  if (!Name.empty()) {
    Calls.push_back({Call, Function, Name});
    CalledNames.insert(Name);
  }
  else if (Callee->hasBody() && hasCommParameter(Callee))
    Provenance->addCallSite(Call, Function);
}

void TopologyCheckBase::onEndOfTranslationUnit() {
  for (const MPICall &C : Calls)
    analyze(C);
  Calls.clear();
  CalledNames.clear();
  Functions.reset();
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
