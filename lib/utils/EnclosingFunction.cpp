//===-- EnclosingFunction.cpp - The function a matched call is in ---------===//

#include "EnclosingFunction.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace mpix {

static const char FunctionID[] = "mpix-enclosing-function";

void EnclosingFunctionTracker::registerMatcher(MatchFinder *Finder,
                                               MatchFinder::MatchCallback *Check) {
  Finder->addMatcher(functionDecl(isDefinition()).bind(FunctionID), Check);
}

bool EnclosingFunctionTracker::consume(const MatchFinder::MatchResult &Result) {
  const auto *F = Result.Nodes.getNodeAs<FunctionDecl>(FunctionID);
  if (!F)
    return false;
  if (F->getBody())
    Stack.push_back(F);
  return true;
}

static bool contains(const Stmt *Body, SourceLocation Loc,
                     const SourceManager &SM) {
  SourceLocation Begin = SM.getExpansionLoc(Body->getBeginLoc());
  SourceLocation End = SM.getExpansionLoc(Body->getEndLoc());
  return !SM.isBeforeInTranslationUnit(Loc, Begin) &&
         !SM.isBeforeInTranslationUnit(End, Loc);
}

const FunctionDecl *EnclosingFunctionTracker::functionOf(const Stmt *S,
                                                         const SourceManager &SM) {
  SourceLocation Loc = SM.getExpansionLoc(S->getBeginLoc());
  while (!Stack.empty() && !contains(Stack.back()->getBody(), Loc, SM))
    Stack.pop_back();
  return Stack.empty() ? nullptr : Stack.back();
}

} // namespace mpix
