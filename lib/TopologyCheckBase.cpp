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

void TopologyCheckBase::check(const MatchFinder::MatchResult &Result) {
  if (!Scope.consume(Result))
    return;
  Context = Result.Context;
  Provenance = std::make_unique<CommProvenance>(*Context);
  Analyses = FunctionAnalyses::of(*Context);
  Analyses->joinCallPass(*this);
}

/// Whether a function of \p Scope, or of an extern "C" block in it, is
/// named by one of \p Ids and used.
static bool declaresUsed(const DeclContext *Scope,
                         const llvm::SmallPtrSetImpl<const IdentifierInfo *> &Ids) {
  return llvm::any_of(Scope->decls(), [&](const Decl *D) {
    if (const auto *Linkage = dyn_cast<LinkageSpecDecl>(D))
      return declaresUsed(Linkage, Ids);
    const auto *F = dyn_cast<FunctionDecl>(D);
    return F && Ids.contains(F->getIdentifier()) && F->isReferenced();
  });
}

bool TopologyCheckBase::translationUnitUses(StringRef Name) const {
  // A scan of the unit's declarations: a lookup would build the unit's
  // name table, thousands of header declarations, for two names.
  llvm::SmallPtrSet<const IdentifierInfo *, 3> Ids;
  for (StringRef Prefix : {"MPI_", "PMPI_", "MPIX_"}) {
    auto It = Context->Idents.find((Prefix + Name).str());
    if (It != Context->Idents.end())
      Ids.insert(It->getValue());
  }
  return !Ids.empty() &&
         declaresUsed(Context->getTranslationUnitDecl(), Ids);
}

std::optional<TopologyCheckBase::MPICall>
TopologyCheckBase::mpiCall(const CallSite &Site) const {
  StringRef Name = mpiName(Site.Callee);
  if (Name.empty() || hasDependentArgument(Site))
    return std::nullopt;
  return MPICall{Site.Call, Site.Caller, Name};
}

void TopologyCheckBase::analyzeCall(const CallSite &Site) {
  StringRef Name = mpiName(Site.Callee);
  if (Name.empty())
    return;
  if (hasDependentArgument(Site))
    DependentlyCalledNames.insert(Name);
  else
    analyze({Site.Call, Site.Caller, Name});
}

void TopologyCheckBase::forEachMPICall(
    llvm::function_ref<void(const MPICall &)> Visit) {
  for (const CallSite &Site : Analyses->unitCalls())
    if (std::optional<MPICall> C = mpiCall(Site))
      Visit(*C);
}

void TopologyCheckBase::finishUnit() { finishAnalysis(); }

void TopologyCheckBase::onEndOfTranslationUnit() {
  if (Analyses)
    Analyses->finishCallPass(Scope);
  Analyses.reset();
  DependentlyCalledNames.clear();
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
