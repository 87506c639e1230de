//===-- ConstantArrays.h - Known contents of small int arrays ---*- C++ -*-===//
//
// Topology arguments (remain_dims, index, edges) are usually small arrays
// spelled as initializer lists or filled element by element just before the
// call. This answers "what does the call read from this array?" when every
// element it reads is a constant, and "is this output read before it was
// ever written?" for the outputs a call may leave unchanged.
//
// ArrayFacts adds what FunctionFacts does not record: arrays handed to calls
// that may write them, and reads. It reads them off the uses and parents
// that FunctionFacts records, variable by variable, when asked.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_UTILS_CONSTANTARRAYS_H
#define MPIX_TIDY_UTILS_CONSTANTARRAYS_H

#include "analysis/IntervalAnalysis.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <optional>

namespace mpix {

class ArrayFacts {
public:
  /// What the walk of the body tells: references bound to a variable.
  void recordDeclaration(const clang::VarDecl *V);
  /// The facts of the same body, whose uses and parents answer the rest.
  void attach(const FunctionFacts &Facts) { this->Facts = &Facts; }

  /// Calls that may write \p V: it is an array or pointer, or passed as &V,
  /// to a pointer to non-const (or unprototyped, or variadic) parameter, or
  /// bound to a non-const reference.
  llvm::ArrayRef<const clang::CallExpr *>
  mutatingCallsOf(const clang::VarDecl *V) const {
    return summaryOf(V).MutatingCalls;
  }
  /// Reads of V's value or of its elements (V, V[i] as rvalues), in source
  /// order.
  llvm::ArrayRef<const clang::Expr *> readsOf(const clang::VarDecl *V) const {
    return summaryOf(V).Reads;
  }
  /// Its address is taken other than as a call argument, or a reference
  /// binds to it: an alias we do not follow may write it.
  bool aliased(const clang::VarDecl *V) const {
    const Summary &S = summaryOf(V);
    return S.AddressTaken > S.AddressPassed || ReferenceBound.count(V);
  }

private:
  /// What the uses of one variable do, read off each use's parents when
  /// the variable is first asked about: recording it for every variable
  /// during the walk cost a tenth of the checks on a unit of MPI calls.
  struct Summary {
    llvm::SmallVector<const clang::CallExpr *, 1> MutatingCalls;
    llvm::SmallVector<const clang::Expr *, 2> Reads;
    unsigned AddressTaken = 0, AddressPassed = 0;
  };
  const Summary &summaryOf(const clang::VarDecl *V) const;
  void summarizeUse(const clang::DeclRefExpr *Use, const clang::VarDecl *V,
                    Summary &S) const;
  void recordArgument(const clang::CallExpr *Call, const clang::Expr *Arg,
                      const clang::VarDecl *V, bool AddressOf,
                      Summary &S) const;

  enum : uint8_t { ByReference = 1, WritableThrough = 2 };
  /// Per parameter of \p F, whether it is a reference and whether an array
  /// passed to it may be written; empty for an indirect call.
  llvm::ArrayRef<uint8_t> parameterTraits(const clang::FunctionDecl *F) const;

  const FunctionFacts *Facts = nullptr;
  mutable llvm::DenseMap<const clang::FunctionDecl *,
                         llvm::SmallVector<uint8_t, 8>>
      CalleeTraits;
  mutable llvm::DenseMap<const clang::VarDecl *, Summary> Summaries;
  llvm::DenseSet<const clang::VarDecl *> ReferenceBound;
};

/// What one function knows about its own locals.
struct LocalKnowledge {
  const FunctionFacts *Facts = nullptr;
  const ArrayFacts *Arrays = nullptr;
  RangeAnalysis *Ranges = nullptr;
};

/// The value of an integer expression when it is a single known constant.
std::optional<int64_t> knownInt(const clang::Expr *E, const LocalKnowledge &K,
                                clang::ASTContext &Ctx);

/// The first \p Count elements (all of them when \p Count is none and the
/// array's size is known) of the array \p Arg names, as read by \p Call: a
/// constant global array, a compound literal, a local filled by an
/// initializer and by straight-line constant stores before the call. None
/// when any element is unknown.
std::optional<llvm::SmallVector<int64_t, 8>>
knownElements(const clang::Expr *Arg, std::optional<uint64_t> Count,
              const clang::CallExpr *Call, const LocalKnowledge &K,
              clang::ASTContext &Ctx);

/// `for (int i = A; i < B; ++i) V[i] = f(i);` around a store, with
/// constant A and B, the loop itself on the straight line of its function
/// (no branch or loop around it) and the store on the straight line of the
/// loop's body: it stores every element of V[A..B).
struct FillLoop {
  const clang::ForStmt *Loop;
  const clang::VarDecl *Counter;
  int64_t From, To;
};
std::optional<FillLoop> fillLoopOf(const clang::BinaryOperator *Store,
                                   const LocalKnowledge &K,
                                   clang::ASTContext &Ctx);

/// How a local std::vector is built: `v(n)`, `v(n, c)` or `v = {...}`;
/// null for anything else.
const clang::CXXConstructExpr *vectorConstruction(const clang::VarDecl *V);
/// The list of `std::vector<int> v = {1, 2}`; null for another
/// construction.
const clang::InitListExpr *vectorList(const clang::CXXConstructExpr *C);

/// The number of elements of the array \p Arg names or spells, when its
/// type says.
std::optional<uint64_t> declaredLength(const clang::Expr *Arg);

/// The first read, after \p Call, of an output that \p Call may leave
/// unchanged and that nothing wrote before it: an uninitialized local array
/// (or scalar passed as &x). Null when there is none.
const clang::Expr *readOfUnwrittenOutput(const clang::Expr *Arg,
                                         const clang::CallExpr *Call,
                                         const LocalKnowledge &K,
                                         clang::ASTContext &Ctx);

} // namespace mpix

#endif
