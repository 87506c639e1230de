//===-- TopologyCheckBase.h - Shared driver of the topology checks -*- C++ -*-===//
//
// The topology checks need to see every call of the translation unit before
// judging any: a communicator that reaches a callee through a parameter is
// known only once all of the callee's call sites are. So the base takes the
// unit's calls (CallSites.h), records the call sites of functions taking an
// MPI_Comm, and then hands the MPI calls to the check in source order, in
// the call pass the mpix checks share (FunctionAnalyses::joinCallPass).
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
      : ClangTidyCheck(Name, Context), Tidy(*Context), Scope(*Context) {}
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
  /// Whether the translation unit calls MPI_<Name> (or its PMPI_ / MPIX_
  /// form) anywhere: without a creating call no communicator of that kind
  /// can be traced, and the analysis that would trace one can be skipped.
  bool translationUnitCalls(llvm::StringRef Name) const {
    return CalledNames.contains(Name);
  }
  /// Whether MPI_<Name> is called somewhere with arguments not known until
  /// instantiation (such calls are not analyzed).
  bool calledDependently(llvm::StringRef Name) const {
    return DependentlyCalledNames.contains(Name);
  }
  /// The source text of \p E, for messages.
  std::string textOf(const clang::Expr *E) const;

private:
  void startUnit(const CallList &Calls) override;
  void analyzeCall(const CallSite &Site) override;
  void finishUnit() override;

  /// The call analyze() is given for \p Site, if any.
  std::optional<MPICall> mpiCall(const CallSite &Site) const;

  const clang::tidy::ClangTidyContext &Tidy;
  UserCodeScope Scope;
  const CallList *UnitCalls = nullptr;
  std::shared_ptr<FunctionAnalyses> Analyses;
  llvm::StringSet<> CalledNames, DependentlyCalledNames;
  std::unique_ptr<CommProvenance> Provenance;
  clang::ASTContext *Context = nullptr;
};

/// "MPI_Cart_shift" for a call of MPI_Cart_shift or PMPI_Cart_shift.
std::string calleeName(const clang::CallExpr *Call);

} // namespace mpix

#endif
