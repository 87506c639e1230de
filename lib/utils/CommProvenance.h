//===-- CommProvenance.h - Where a communicator comes from ------*- C++ -*-===//
//
// "What is this communicator?" Follows an MPI_Comm local back to the call
// that created it (MPI_Cart_create, MPI_Cart_sub, MPI_Graph_create, ...)
// through assignments and MPI_Comm_dup in the same function, and through the
// parameters of static or same-file functions whose every call site passes a
// communicator of known origin.
//
// Each function is walked once (FunctionFacts, ArrayFacts) and each local's
// origin is computed once, so the cost stays linear in the size of the
// translation unit however many calls ask.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_UTILS_COMMPROVENANCE_H
#define MPIX_TIDY_UTILS_COMMPROVENANCE_H

#include "ConstantArrays.h"
#include "FunctionAnalyses.h"
#include "analysis/IntervalAnalysis.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <optional>

namespace mpix {

/// The name of an MPI (or libmpix) function without its MPI_, PMPI_ or MPIX_
/// prefix ("Cart_shift"), or empty for any other function.
llvm::StringRef mpiName(const clang::FunctionDecl *F);

/// Whether \p T is spelled MPI_Comm (an int in MPICH, a pointer in Open MPI).
bool isMPICommType(clang::QualType T);

/// Whether some parameter of \p F is an MPI_Comm.
bool hasCommParameter(const clang::FunctionDecl *F);

/// Whether \p E is (the expansion of) the macro \p Name, e.g. MPI_COMM_NULL.
bool isMacro(const clang::Expr *E, llvm::StringRef Name,
             const clang::ASTContext &Ctx);

/// The call that created a communicator value.
struct CommOrigin {
  const clang::CallExpr *Creator = nullptr;
  const clang::FunctionDecl *Function = nullptr; ///< Where Creator is.
  /// A call site on the way into a callee compared it with MPI_COMM_NULL.
  bool NullChecked = false;
};

class CommProvenance {
public:
  explicit CommProvenance(clang::ASTContext &Ctx)
      : Ctx(Ctx), Analyses(FunctionAnalyses::of(Ctx)) {}
  ~CommProvenance();

  /// The origin of the communicator \p Comm evaluated in \p F.
  std::optional<CommOrigin> originOf(const clang::Expr *Comm,
                                     const clang::FunctionDecl *F);

  /// Whether \p Use of \p V in \p F runs only where V != MPI_COMM_NULL: inside
  /// `if (V != MPI_COMM_NULL)`, after `if (V == MPI_COMM_NULL) return;`, on
  /// the right of `V != MPI_COMM_NULL &&`.
  bool isNullChecked(const clang::Expr *Use, const clang::VarDecl *V,
                     const clang::FunctionDecl *F);

  /// Whether \p Use runs only on rank 0 of \p Parent: inside
  /// `if (rank == 0)` with rank from MPI_Comm_rank(Parent, &rank). Rank 0 of
  /// the parent is the process a zero-dimensional communicator always reaches.
  bool isRankZeroOf(const clang::Expr *Parent, const clang::Expr *Use,
                    const clang::FunctionDecl *F);

  /// One function's facts, computed on first use.
  LocalKnowledge knowledgeOf(const clang::FunctionDecl *F) {
    return Analyses->knowledge(F);
  }

private:
  std::optional<CommOrigin> originOfVariable(const clang::VarDecl *V,
                                             const clang::FunctionDecl *F,
                                             unsigned Depth);
  /// Merge the origins of V's assignments, and of the calls that write it
  /// through &V, into Result; false when one is unknown or they disagree.
  bool mergeAssignments(const clang::VarDecl *V, const clang::FunctionDecl *F,
                        unsigned Depth, std::optional<CommOrigin> &Result);
  bool mergeCallOutputs(const clang::VarDecl *V, const clang::FunctionDecl *F,
                        unsigned Depth, std::optional<CommOrigin> &Result);
  std::optional<CommOrigin> originOfParameter(const clang::ParmVarDecl *P,
                                              const clang::FunctionDecl *F,
                                              unsigned Depth);
  std::optional<CommOrigin> originOfOutput(const clang::CallExpr *Call,
                                           unsigned Index,
                                           const clang::FunctionDecl *F,
                                           unsigned Depth, bool &Ignore);
  /// Lists the call sites of the unit's functions that take a communicator,
  /// on the first question about a parameter.
  void listCallSites();
  std::optional<CommOrigin> originAt(const clang::Expr *Comm,
                                     const clang::FunctionDecl *F,
                                     unsigned Depth);

  clang::ASTContext &Ctx;
  std::shared_ptr<FunctionAnalyses> Analyses;
  struct CallSite {
    const clang::CallExpr *Call;
    const clang::FunctionDecl *Caller;
  };
  llvm::DenseMap<const clang::FunctionDecl *, llvm::SmallVector<CallSite, 2>>
      CallSites;
  bool CallSitesListed = false;
  llvm::DenseMap<const clang::VarDecl *, std::optional<CommOrigin>> Origins;
  llvm::DenseSet<const clang::VarDecl *> InProgress;
};

} // namespace mpix

#endif
