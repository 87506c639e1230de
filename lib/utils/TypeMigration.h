//===-- TypeMigration.h - Widening int locals for large counts --*- C++ -*-===//
//
// A large-count fix often cannot stop at the call: `int n = nbytes;` must
// become `MPI_Count n = nbytes;`, an `int displs[]` passed to MPI_Gatherv_c
// must become `MPI_Aint displs[]`, with its malloc size and the MPI_INT that
// exchanged it following. TypeMigration plans such a change and checks every
// use of the variable in its function; a use that cannot follow blocks the
// whole fix, so that no fix is ever applied halfway.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_UTILS_TYPEMIGRATION_H
#define MPIX_TIDY_UTILS_TYPEMIGRATION_H

#include "MPIApi.h"
#include "analysis/IntervalAnalysis.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mpix {

/// Grouped declarations a fix splits, with the variables it retypes there.
using DeclSplits =
    llvm::DenseMap<const clang::DeclStmt *,
                   llvm::SmallVector<const clang::VarDecl *, 4>>;

/// The edits of one fix, or the first reason it cannot be made whole.
struct FixPlan {
  std::vector<clang::FixItHint> Hints;
  std::string Blocker;
  clang::SourceLocation BlockerLoc;
  /// Calls renamed by this plan, so each is renamed once.
  llvm::DenseSet<const clang::CallExpr *> Renamed;
  DeclSplits Splits;
  /// The arithmetic the plan computes wide (each product, shift or sum it
  /// casts an operand of).
  llvm::DenseSet<const clang::Expr *> Widened;

  /// The edits of an earlier plan that are all of this one's, shared with
  /// it rather than copied: a copy per call passing the same local would
  /// make the fixes quadratic in the calls. Set, it replaces Hints.
  std::shared_ptr<const std::vector<clang::FixItHint>> SharedHints;

  bool ok() const { return Blocker.empty(); }
  /// The edits to emit: none once the fix is blocked.
  llvm::ArrayRef<clang::FixItHint> edits() const {
    if (!ok())
      return {};
    return SharedHints ? llvm::ArrayRef(*SharedHints) : llvm::ArrayRef(Hints);
  }
  void block(clang::SourceLocation Loc, std::string Why) {
    if (ok()) {
      Blocker = std::move(Why);
      BlockerLoc = Loc;
    }
  }
};

class TypeMigration {
public:
  /// Gives the large-count name (MPI_X_c or MPIX_X_x) a call is renamed to.
  using NameFn = std::function<std::string(const FunctionInfo &)>;

  /// \p Function is the function whose body \p Facts describe (null for
  /// a body that is not a function's).
  TypeMigration(clang::ASTContext &Ctx, const FunctionFacts &Facts,
                const clang::FunctionDecl *Function,
                const clang::CallExpr *FixedCall, const FunctionInfo &Fixed,
                NameFn LargeName)
      : Ctx(Ctx), Facts(Facts), Function(Function), FixedCall(FixedCall),
        Fixed(Fixed), LargeName(std::move(LargeName)) {}

  /// Variables this fix retypes, to \p NewType: values may flow between
  /// them freely.
  void willRetype(const clang::VarDecl *V, llvm::StringRef NewType) {
    Retyping.insert(V);
    RetypedTo[V] = NewType.str();
  }

  /// Plans changing local \p V (an int, int array or int pointer) to hold
  /// \p NewType ("MPI_Count" or "MPI_Aint") instead of int.
  void retype(const clang::VarDecl *V, llvm::StringRef NewType,
              FixPlan &Plan);

  /// Emits the edits that several retyped variables share: a declaration
  /// `int a, b;` is split into one declaration per variable. A declaration
  /// that an earlier fix split differently (\p EarlierSplits) blocks the
  /// fix: the two edits would overlap and clang-tidy would drop one whole.
  void finish(FixPlan &Plan, const DeclSplits *EarlierSplits = nullptr);

  /// Plans changing the int parameter \p P of this function to \p NewType,
  /// in the definition and every declaration this unit sees; its callers
  /// convert their arguments implicitly.
  void retypeParameter(const clang::ParmVarDecl *P, llvm::StringRef NewType,
                       FixPlan &Plan);
  /// For a parameter already as wide as \p NewType (a wrapper's `MPI_Count`
  /// or `size_t` count): its declarations stay, and its uses follow as
  /// retypeParameter's do (another MPI call it feeds is renamed).
  void followWideParameter(const clang::ParmVarDecl *P, llvm::StringRef NewType,
                           FixPlan &Plan);

  /// Plans making the int function \p F (this migration's function) return
  /// \p NewType: its return type in every declaration this unit sees, and
  /// each returned value computed as wide.
  void retypeReturn(const clang::FunctionDecl *F, llvm::StringRef NewType,
                    FixPlan &Plan);

  /// Parameter \p Index of \p Callee is widened by the same fix (another
  /// function's retypeParameter): the variable may be passed there.
  void willWidenParameter(const clang::FunctionDecl *Callee, unsigned Index) {
    WidenedParameters.insert({Callee->getCanonicalDecl(), Index});
  }
  /// Which user functions' parameters a fix widens whenever a variable it
  /// retypes is passed there: a parameter that reaches MPI, whose own fix
  /// goes with the finding the variable makes at that call.
  using WidenedByFix = std::function<bool(const clang::FunctionDecl *, unsigned)>;
  void widensReachingParameters(WidenedByFix Fn) { ReachWidens = std::move(Fn); }
  /// Why another MPI call that a retyped variable renames cannot take its
  /// large form (its buffer is allocated too small for it), if it cannot:
  /// where, and the reason.
  using CallBlocker = std::function<
      std::optional<std::pair<clang::SourceLocation, std::string>>(
          const clang::CallExpr *)>;
  void blocksFollowedCalls(CallBlocker Fn) { FollowedCallBlocker = std::move(Fn); }

  /// Makes the int arithmetic of \p E be computed as \p NewType: the first
  /// operand of each product, shift or sum computed on its own is cast.
  void widenExpression(const clang::Expr *E, llvm::StringRef NewType,
                       FixPlan &Plan);

  /// Makes every value in \p Writes be computed as \p NewType: a widened
  /// local that is still assigned an int product would carry the wrapped
  /// value to MPI, and hide it from the next run.
  void widenStores(llvm::ArrayRef<FunctionFacts::Write> Writes,
                   llvm::StringRef NewType, FixPlan &Plan);

  /// Renames \p Call to its large-count form.
  void rename(const clang::CallExpr *Call, const FunctionInfo &F,
              FixPlan &Plan);

  /// The int locals that hold a sum of \p V's elements (`int total =
  /// std::accumulate(v.begin(), v.end(), 0)`): once \p V is wide, they
  /// must be too, or they would hold the sum truncated.
  llvm::SmallVector<const clang::VarDecl *, 1>
  sumHoldersOf(const clang::VarDecl *V) const;

private:
  void followUses(const clang::VarDecl *V, llvm::StringRef NewType,
                  FixPlan &Plan);
  bool retypeDeclaration(const clang::VarDecl *V, llvm::StringRef NewType,
                         FixPlan &Plan);
  void retypeAllocations(const clang::VarDecl *V, llvm::StringRef NewType,
                         FixPlan &Plan);
  void widenStoredValue(const clang::Expr *Value, llvm::StringRef NewType,
                        FixPlan &Plan);
  /// Casts the first operand of \p E, and of each operand that is computed
  /// on its own, to \p NewType.
  void widenArithmetic(const clang::Expr *E, llvm::StringRef NewType,
                       FixPlan &Plan);
  /// Whether \p E is integer arithmetic that stays narrower than 64 bits
  /// once the retyped variables are wide.
  bool isNarrowArithmetic(const clang::Expr *E) const;
  bool isWideAfterFix(const clang::Expr *E) const;
  /// The std::accumulate, std::partial_sum or scan that the iterator
  /// \p Iterator (v.begin(), v.end() + 1) is an argument of, or null.
  const clang::CallExpr *standardSumFedBy(const clang::Expr *Iterator) const;
  /// A standard sum over a retyped variable's elements: it adds in the type
  /// of its initial value, which is widened, and its result or output must
  /// hold the wide sum.
  void followStandardSum(const clang::CallExpr *Sum, llvm::StringRef NewType,
                         FixPlan &Plan);
  /// Whether a value of the variable (or of one of its elements) may flow
  /// where \p Use stands once it is \p NewType; adds the edits that make it so.
  void checkValueUse(const clang::Expr *Use, llvm::StringRef NewType,
                     FixPlan &Plan);
  void checkPointerUse(const clang::Expr *Use, const clang::VarDecl *V,
                       llvm::StringRef NewType, FixPlan &Plan);
  void checkCallArgument(const clang::CallExpr *Call, unsigned Index,
                         bool IsElementBuffer, llvm::StringRef NewType,
                         FixPlan &Plan);
  bool isWideInteger(clang::QualType T) const;
  /// A 64-bit integer or a floating type: it holds an MPI_Count's value.
  bool holdsWideValue(clang::QualType T) const;
  std::string typeName(clang::QualType T) const;
  /// Whether \p E is a retyped variable or one of its elements.
  bool namesRetypedVariable(const clang::Expr *E) const;
  /// Whether every variable a chained store `m = n = v` passes the value
  /// through on its way to the retyped one holds it wide; blocks if not.
  bool widensChain(const FunctionFacts::Write &W, FixPlan &Plan);
  /// A store into \p LHS: fine when it is wide or is being widened too.
  bool acceptsWideValue(const clang::Expr *LHS) const;
  void exchangeAsWide(const clang::CallExpr *Call, const FunctionInfo &F,
                      unsigned Index, llvm::StringRef NewType, FixPlan &Plan);
  /// Another MPI call that takes a retyped variable as a count, an array of
  /// counts or displacements, or a count output is renamed too, and every
  /// variable it passes where its large-count form takes other types is
  /// retyped with it.
  void followCall(const clang::CallExpr *Call, const FunctionInfo &F,
                  FixPlan &Plan);
  /// Retypes \p V to \p NewType unless this fix does already; a variable
  /// that would need two types blocks the fix.
  void retypeOnce(const clang::VarDecl *V, llvm::StringRef NewType,
                  clang::SourceLocation Where, FixPlan &Plan);
  void updatePrintfFormat(const clang::CallExpr *Call, unsigned Index,
                          FixPlan &Plan);
  const clang::Stmt *parentSkippingCasts(const clang::Stmt *S,
                                         const clang::Stmt *&Child) const;

  clang::ASTContext &Ctx;
  const FunctionFacts &Facts;
  const clang::FunctionDecl *Function;
  const clang::CallExpr *FixedCall;
  const FunctionInfo &Fixed;
  NameFn LargeName;
  llvm::DenseSet<const clang::VarDecl *> Retyping;
  /// The function returns a wide type once fixed (retypeReturn).
  bool ReturnsWide = false;
  llvm::DenseSet<std::pair<const clang::FunctionDecl *, unsigned>>
      WidenedParameters;
  WidenedByFix ReachWidens;
  CallBlocker FollowedCallBlocker;
  llvm::DenseMap<const clang::VarDecl *, std::string> RetypedTo;
  /// Grouped declarations and the new type of each retyped variable in them.
  llvm::MapVector<const clang::DeclStmt *,
                  llvm::SmallDenseMap<const clang::VarDecl *, std::string, 4>>
      GroupedRetypes;
};

/// The variable whose address an output argument passes (&n).
const clang::VarDecl *outputVariable(const clang::Expr *Arg);

/// An argument of a call passed where the function's large-count form takes
/// another element type (an MPI_Count array, an MPI_Count output), with the
/// variable it names (null when it names none) and that type.
struct LargeFormArgument {
  const clang::Expr *Arg;
  const clang::VarDecl *Var;
  llvm::StringRef NewType;
};

/// Every argument of \p Call (a call of \p F) whose variable changes type
/// when the call is renamed to its large-count form.
llvm::SmallVector<LargeFormArgument, 4>
largeFormArguments(const clang::CallExpr *Call, const FunctionInfo &F,
                   clang::ASTContext &Ctx);

/// The element type a large-count parameter wants: MPI_Count or MPI_Aint.
llvm::StringRef largeElementType(const ParamInfo &P);

/// The MPI datatype that describes \p ElementType ("MPI_COUNT", "MPI_AINT").
llvm::StringRef datatypeFor(llvm::StringRef ElementType);

} // namespace mpix

#endif
