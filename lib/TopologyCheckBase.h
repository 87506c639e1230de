//===-- TopologyCheckBase.h - Shared driver of the topology checks -*- C++ -*-===//
//
// The topology checks need to see every call of the translation unit before
// judging any: a communicator that reaches a callee through a parameter is
// known only once all of the callee's call sites are. So the base collects the
// MPI calls and the call sites of functions taking an MPI_Comm while matching,
// and hands the MPI calls to the check, in source order, at the end of the
// translation unit.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_TOPOLOGYCHECKBASE_H
#define MPIX_TIDY_TOPOLOGYCHECKBASE_H

#include "clang-tidy/ClangTidyCheck.h"
#include "utils/CommProvenance.h"
#include "utils/EnclosingFunction.h"
#include <memory>
#include <vector>

namespace mpix {

class TopologyCheckBase : public clang::tidy::ClangTidyCheck {
public:
  using ClangTidyCheck::ClangTidyCheck;
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
  const LocalKnowledge &knowledgeOf(const clang::FunctionDecl *F) {
    return Provenance->knowledgeOf(F);
  }
  std::optional<int64_t> knownArg(const MPICall &C, unsigned Index) {
    return knownInt(C.Call->getArg(Index), knowledgeOf(C.Function), *Context);
  }
  /// The source text of \p E, for messages.
  std::string textOf(const clang::Expr *E) const;

private:
  EnclosingFunctionTracker Functions;
  std::vector<MPICall> Calls;
  std::unique_ptr<CommProvenance> Provenance;
  clang::ASTContext *Context = nullptr;
};

/// "MPI_Cart_shift" for a call of MPI_Cart_shift or PMPI_Cart_shift.
std::string calleeName(const clang::CallExpr *Call);

} // namespace mpix

#endif
