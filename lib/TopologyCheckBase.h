//===-- TopologyCheckBase.h - Shared driver of the topology checks -*- C++ -*-===//
//
// The base hands the MPI calls to the check in source order, in the call
// pass the mpix checks share (FunctionAnalyses::joinCallPass). A
// communicator that reaches a callee through a parameter is known only from
// all of the callee's call sites: CommProvenance lists them from the unit's
// calls when it first follows a parameter.
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

class TopologyCheckBase : public clang::tidy::ClangTidyCheck,
                          private CallAnalysis {
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
  /// Called after the last analyze() of the unit.
  virtual void finishAnalysis() {}
  /// Every call analyze() was given, again, in the same order.
  void forEachMPICall(llvm::function_ref<void(const MPICall &)> Visit);

  CommProvenance &provenance() { return *Provenance; }
  clang::ASTContext &context() { return *Context; }
  LocalKnowledge knowledgeOf(const clang::FunctionDecl *F) {
    return Provenance->knowledgeOf(F);
  }
  std::optional<int64_t> knownArg(const MPICall &C, unsigned Index) {
    return knownInt(C.Call->getArg(Index), knowledgeOf(C.Function), *Context);
  }
  /// Whether the translation unit uses MPI_<Name> (or its PMPI_ / MPIX_
  /// form): without a creating call no communicator of that kind can be
  /// traced, and the analysis that would trace one can be skipped. Read off
  /// the declarations (clang marks those the code refers to), so that it is
  /// known before the calls are listed.
  bool translationUnitUses(llvm::StringRef Name) const;
  /// Whether MPI_<Name> is called somewhere with arguments not known until
  /// instantiation (such calls are not analyzed). Known once every call has
  /// been analyzed (in finishAnalysis()).
  bool calledDependently(llvm::StringRef Name) const {
    return DependentlyCalledNames.contains(Name);
  }
  /// The source text of \p E, for messages.
  std::string textOf(const clang::Expr *E) const;

private:
  void analyzeCall(const CallSite &Site) override;
  void finishUnit() override;

  /// The call analyze() is given for \p Site, if any.
  std::optional<MPICall> mpiCall(const CallSite &Site) const;

  UserCodeScope Scope;
  std::shared_ptr<FunctionAnalyses> Analyses;
  llvm::StringSet<> DependentlyCalledNames;
  std::unique_ptr<CommProvenance> Provenance;
  clang::ASTContext *Context = nullptr;
};

/// "MPI_Cart_shift" for a call of MPI_Cart_shift or PMPI_Cart_shift.
std::string calleeName(const clang::CallExpr *Call);

} // namespace mpix

#endif
