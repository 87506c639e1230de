//===-- TopologyCheckBase.h - Shared driver of the topology checks -*- C++ -*-===//
//
// The topology checks need to see every call of the translation unit before
// judging any: a communicator that reaches a callee through a parameter is
// known only once all of the callee's call sites are. So the base takes the
// unit's calls (CallSites.h), records the call sites of functions taking an
// MPI_Comm, and then hands the MPI calls to the check in source order.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_TOPOLOGYCHECKBASE_H
#define MPIX_TIDY_TOPOLOGYCHECKBASE_H

#include "clang-tidy/ClangTidyCheck.h"
#include "utils/CommProvenance.h"
#include "utils/FunctionAnalyses.h"
#include "utils/UserCodeScope.h"
#include "llvm/ADT/StringSet.h"
#include <memory>
#include <vector>

namespace mpix {

class TopologyCheckBase : public clang::tidy::ClangTidyCheck {
public:
  TopologyCheckBase(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context), Scope(*Context) {}
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

protected:
  struct MPICall {
    const clang::CallExpr *Call;
    const clang::FunctionDecl *Function; ///< The caller; null at file scope.
    llvm::StringRef Name;                ///< Without MPI_/PMPI_: "Cart_shift".
  };
  /// Called once per MPI call of the translation unit.
  virtual void analyze(const MPICall &C) = 0;

  CommProvenance &provenance() { return *Provenance; }
  clang::ASTContext &context() { return *Context; }
  LocalKnowledge knowledgeOf(const clang::FunctionDecl *F) {
    return Provenance->knowledgeOf(F);
  }
  std::optional<int64_t> knownArg(const MPICall &C, unsigned Index) {
    return knownInt(C.Call->getArg(Index), knowledgeOf(C.Function), *Context);
  }
  /// Whether the translation unit calls MPI_<Name> (or its PMPI_ / MPIX_
  /// form) anywhere: without a creating call no communicator of that kind
  /// can be traced, and the analysis that would trace one can be skipped.
  bool translationUnitCalls(llvm::StringRef Name) const {
    return CalledNames.contains(Name);
  }
  /// Every call of the translation unit, dependent ones included; valid
  /// while analyze() runs.
  llvm::ArrayRef<CallSite> unitCallSites() const { return UnitCallSites; }
  /// The source text of \p E, for messages.
  std::string textOf(const clang::Expr *E) const;

private:
  UserCodeScope Scope;
  llvm::StringSet<> CalledNames;
  llvm::ArrayRef<CallSite> UnitCallSites;
  std::unique_ptr<CommProvenance> Provenance;
  clang::ASTContext *Context = nullptr;
};

/// "MPI_Cart_shift" for a call of MPI_Cart_shift or PMPI_Cart_shift.
std::string calleeName(const clang::CallExpr *Call);

} // namespace mpix

#endif
