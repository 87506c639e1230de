//===-- IntervalAnalysis.h - Value ranges of integer expressions -*- C++ -*-===//
//
// "Can this count exceed INT_MAX?" is answered by giving an expression an
// interval of possible values, computed exactly in 128-bit arithmetic, so that
// the mathematical value of an `int` product can be compared with the range
// the product is computed in.
//
// Everything a function knows about its own locals is gathered by one walk of
// its body (FunctionFacts); the evaluator then looks facts up, so analysing a
// function stays linear in its size however many MPI calls it makes.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_ANALYSIS_INTERVALANALYSIS_H
#define MPIX_TIDY_ANALYSIS_INTERVALANALYSIS_H

#include "utils/CallSites.h"
#include "analysis/Domain.h"
#include "analysis/NodeKeys.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace mpix {

class ArrayFacts;
class FlowRanges;
struct ProgramArgument;
struct ModelInfo;
struct FillInfo;
struct TypeModelInfo;
enum class ModelConstant;

using ParentTable = NodeMap<clang::Stmt, const clang::Stmt *>;

/// The calls of a C function's body, listed by the walk that gathers its
/// facts, so that the body is walked once instead of twice (CallSites.h).
/// The facts walk leaves out what the call walk visits as implicit code; a
/// body holding any of it is not listed completely, and is walked for its
/// calls after all.
struct CallListing {
  CallList &Out;
  /// Which callees' calls to list (as findCallSites' Wanted).
  CalleeFilter Wanted;
  const clang::FunctionDecl *Caller;
  bool Complete = true;
};

/// Facts about one function body, gathered in a single walk.
class FunctionFacts {
public:
  /// A value stored to a variable (its initializer included). Value is null
  /// when the stored value is not an expression we can see (++, x *= 2).
  struct Write {
    const clang::Expr *Value;
    const clang::Stmt *Site;
    bool Accumulates; ///< A compound `+=` / `-=`: a running sum.
    bool Replaces = true; ///< Value is the new value (not x *= Value).
  };

  /// Walks \p Body, filling \p Arrays and \p Listing too when given.
  FunctionFacts(const clang::Stmt *Body, clang::ASTContext &Ctx,
                ArrayFacts *Arrays = nullptr, CallListing *Listing = nullptr);
  ~FunctionFacts();

  llvm::ArrayRef<Write> writesOf(const clang::VarDecl *V) const;
  /// Stores to V[i] or *(V + i) for an array or pointer V.
  llvm::ArrayRef<Write> elementWritesOf(const clang::VarDecl *V) const;
  /// Stores to B->F[i] or B.F[i] for a variable B and a pointer or array
  /// member F: the ones this function makes (others may make more).
  llvm::ArrayRef<Write> memberElementWritesOf(const clang::VarDecl *B,
                                              const clang::FieldDecl *F) const;
  /// The collectives that fill V one block per process of the communicator
  /// \p At (an MPI call that reads V) reads it for, at At's root for a
  /// rooted one (MPIX_MODEL_FILL): each as the statement that makes it.
  llvm::SmallVector<const clang::Stmt *, 2>
  fillsOf(const clang::VarDecl *V, const clang::Stmt *At) const;
  /// The user functions' calls that take \p Array whole, and the argument
  /// (callsTakingArray), listed once per array.
  llvm::ArrayRef<std::pair<const clang::CallExpr *, unsigned>>
  callsTaking(const clang::VarDecl *Array) const;
  /// The element stores of V that can still be there at \p At: a store
  /// that runs only after \p At (runsOnlyAfter) is left out, and so is a
  /// store to V[K] (K a literal) when a plain `V[K] = ...;` statement of
  /// a compound statement enclosing \p At runs after it and before \p At,
  /// with no label or case between them that a jump could bypass it by.
  llvm::SmallVector<Write, 4> elementWritesReaching(const clang::VarDecl *V,
                                                    const clang::Stmt *At) const;
  /// Per store of elementWritesOf(V), whether it can run before \p At (it
  /// does not runsOnlyAfter At).
  llvm::BitVector storesNotOnlyAfter(const clang::VarDecl *V,
                                     const clang::Stmt *At) const;
  /// K when \p W stores to, steps or hands out `v[K]` (K an integer
  /// literal): that element, and no other, is what it changes.
  static std::optional<uint64_t> literalElementOf(const Write &W);
  /// K when \p Read is `v[K]`, K an integer literal.
  static std::optional<uint64_t> literalElementRead(const clang::Expr *Read);
  /// Its address is taken or a non-const reference binds to it, so writes we
  /// cannot see may happen.
  bool escapes(const clang::VarDecl *V) const { return Escaping.count(V); }
  /// Where: the `&v`, the call binding it to a non-const reference, the
  /// reference's initializer, the lambda.
  llvm::ArrayRef<const clang::Stmt *> escapeSitesOf(const clang::VarDecl *V) const {
    auto It = Escaping.find(V);
    return It == Escaping.end() ? llvm::ArrayRef<const clang::Stmt *>()
                                : llvm::ArrayRef(It->second);
  }
  /// Whether that can happen before \p At runs: a site of it does not come
  /// after At in the text, or shares a loop with At, or a goto label could
  /// take control back (`MPI_Recv(b, n, ...)` and only then `get(&n)`: the
  /// stores before the call are all there is).
  bool escapesBefore(const clang::VarDecl *V, const clang::Stmt *At) const;
  /// Whether \p S runs only after \p At: it comes after At in the text,
  /// no loop holds both, and the function has no goto label.
  bool runsOnlyAfter(const clang::Stmt *S, const clang::Stmt *At) const;
  /// Whether \p S and \p At are in the two branches of one `if` that no
  /// loop holds and no label before its end can bring back: one run of the
  /// function takes only one of them.
  bool inOtherBranch(const clang::Stmt *S, const clang::Stmt *At) const;
  /// The outermost loop of the body around \p S, or null.
  const clang::Stmt *outermostLoopAround(const clang::Stmt *S) const;
  bool isCaptured(const clang::VarDecl *V) const { return Captured.count(V); }
  /// Whether \p Use is the bound of a variable-length array (`int a[n]`):
  /// read where the declaration runs, with no conversion around it.
  bool isArrayBound(const clang::DeclRefExpr *Use) const {
    return ArrayBounds.contains(Use);
  }
  /// The uses of a name a structured binding introduces.
  llvm::ArrayRef<const clang::DeclRefExpr *>
  usesOf(const clang::BindingDecl *B) const {
    auto It = BindingUses.find(B);
    return It == BindingUses.end() ? llvm::ArrayRef<const clang::DeclRefExpr *>()
                                   : llvm::ArrayRef(It->second);
  }
  /// A local pointer to integers whose every store is a fresh malloc,
  /// calloc or new[] block (or null): indexed, it is an array of its own.
  bool holdsOwnAllocation(const clang::VarDecl *Pointer) const;
  /// An array that is only ever indexed: nothing but its element writes
  /// can change it (no decay into a pointer that a callee could write). A
  /// pointer that holdsOwnAllocation may also be tested, freed and stored.
  bool isOnlyIndexed(const clang::VarDecl *Array) const;

  const clang::Stmt *parentOf(const clang::Stmt *S) const;
  /// The node \p S is part of past parentheses and implicit casts: what
  /// reads its value.
  const clang::Stmt *readerOf(const clang::Stmt *S) const;
  /// Whether \p S is \p Outer or lies inside it.
  bool isWithin(const clang::Stmt *S, const clang::Stmt *Outer) const;
  /// True when every path from the write \p W of \p V to \p Use passes a
  /// later plain assignment to \p V (`int n = -1; ... n = k; use(n)`, or
  /// `for (n = 0; ...)` around the use), so W's value never reaches Use.
  /// Decided on the structure of the body, conservatively: W and Use must
  /// sit in different statements of one compound statement, the assignment
  /// must be a whole statement (or a for-init) between them, and no label
  /// may let a jump bypass it.
  /// When it is, \p KillerWrite (if given) is set to the position in
  /// writesOf(V) of the overwriting statement's first write: every write of
  /// V between W and it is overwritten as well.
  bool overwrittenBefore(const Write &W, const clang::VarDecl *V,
                         const clang::Stmt *Use,
                         unsigned *KillerWrite = nullptr) const;
  /// The positions in writesOf(V), ascending, of the writes whose value
  /// may reach \p Use: neither overwrittenBefore it nor, for a variable of
  /// automatic storage, runsOnlyAfter it.
  /// Found by bisection in text order, jumping past each overwriting
  /// statement: a question per MPI call on a local stored before every
  /// call must not judge every store.
  llvm::SmallVector<unsigned, 4> writesMayReach(const clang::VarDecl *V,
                                                const clang::Stmt *Use) const;
  /// Every expression that names V in the body (not its declaration).
  llvm::ArrayRef<const clang::DeclRefExpr *> usesOf(const clang::VarDecl *V) const;
  /// The use of V that comes first in the text after \p Loc, or null.
  /// Found by bisection: a question per MPI call on a variable named at
  /// every call must not read all its uses.
  const clang::DeclRefExpr *firstUseAfter(const clang::VarDecl *V,
                                          clang::SourceLocation Loc) const;
  /// The statement that declares a local (`int a, b;` declares two).
  const clang::DeclStmt *declarationOf(const clang::VarDecl *V) const;

  /// Early exits `if (Cond) { ...; return; }` in a compound statement,
  /// with the index of the statement that holds them; and assert(Cond),
  /// after which Cond holds.
  struct Guard {
    unsigned Index;
    const clang::Expr *Cond;
    bool HoldsAfter = false; ///< The value of Cond once past the statement.
  };
  llvm::ArrayRef<Guard> guardsIn(const clang::CompoundStmt *C) const;
  /// Signed integer products that a statement of a compound evaluates
  /// whenever it runs, with the statement's index: a run past the statement
  /// computed them without overflowing, which would be undefined.
  struct ExecutedProduct {
    unsigned Index;
    const clang::BinaryOperator *Product;
  };
  llvm::ArrayRef<ExecutedProduct>
  productsIn(const clang::CompoundStmt *C) const;
  std::optional<unsigned> indexInCompound(const clang::Stmt *Child) const;
  /// The positions in \p Block, ascending, of its statements that hold a
  /// store of \p V other than its initializer. Listed once per variable
  /// for every block: the questions walking back from each MPI call to the
  /// last store before it must not read every statement on the way.
  llvm::ArrayRef<unsigned> writingStatementsIn(const clang::CompoundStmt *Block,
                                               const clang::VarDecl *V) const;
  /// Whether control reaches statement \p To of \p Block only by running
  /// statement \p Via first (Via < To): no goto label or case lies in
  /// between and the block is not a switch body.
  bool entersOnlyThrough(const clang::CompoundStmt *Block, unsigned Via,
                         unsigned To) const;
  /// A goto label, or a case of a switch outside \p S, in \p S.
  bool hasJumpTargetIn(const clang::Stmt *S) const;
  /// Whether \p Mul, `x *= a` as a statement, multiplies back the quotient
  /// the statement last writing x before it left, `x /= a`, with neither x
  /// nor a changed in between and no way into the statements between but
  /// through it: x is then x - x % a, between 0 and x.
  bool undoesQuotient(const clang::CompoundAssignOperator *Mul) const;
  /// The goto labels of the function.
  llvm::ArrayRef<const clang::LabelStmt *> labels() const { return LabelStmts; }

private:
  friend class FactsCollector;
  const clang::Stmt *Body;
  /// Only of the nodes an analysis may start from and their ancestors,
  /// until a question about another node has them all recorded.
  mutable ParentTable Parents;
  mutable bool AllParentsRecorded = false;
  llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<Write, 2>> Writes;
  llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<Write, 2>>
      ElementWrites;
  llvm::DenseMap<std::pair<const clang::VarDecl *, const clang::FieldDecl *>,
                 llvm::SmallVector<Write, 2>>
      MemberElementWrites;
  /// Per escaping variable, where: the `&v`, the call binding it to a
  /// non-const reference, the reference's initializer, the lambda.
  llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<const clang::Stmt *, 1>>
      Escaping;
  llvm::DenseSet<const clang::VarDecl *> Captured;
  llvm::DenseSet<const clang::DeclRefExpr *> ArrayBounds;
  llvm::DenseMap<const clang::BindingDecl *,
                 llvm::SmallVector<const clang::DeclRefExpr *, 2>>
      BindingUses;
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::SmallVector<const clang::DeclRefExpr *, 4>>
      Uses;
  llvm::DenseMap<const clang::VarDecl *, const clang::DeclStmt *> Declarations;
  llvm::DenseMap<const clang::CompoundStmt *, llvm::SmallVector<Guard, 1>>
      Guards;
  llvm::DenseMap<const clang::CompoundStmt *,
                 llvm::SmallVector<ExecutedProduct, 1>>
      Products;
  NodeMap<clang::Stmt, unsigned> CompoundIndex;
  /// Any label or case in the body: without one, every block is entered at
  /// its start only, and no jump question needs a walk.
  bool HasJumpTargets = false;
  llvm::SmallVector<const clang::LabelStmt *, 2> LabelStmts;
  llvm::SmallVector<const clang::SwitchCase *, 2> Cases;
  /// A statement of a block that assigns a variable whole (or whose for-init
  /// does), with its index and its first write in writesOf().
  struct KillingStatement {
    unsigned Index;
    unsigned FirstWrite;
    const clang::Stmt *S;
  };
  llvm::ArrayRef<KillingStatement> killersIn(const clang::CompoundStmt *Block,
                                             const clang::VarDecl *V) const;
  /// Whether \p Killer, a statement of \p Block, runs on every path from
  /// it to statement \p To of the block with no jump landing in between.
  bool killsOnTheWay(const clang::CompoundStmt *Block,
                     const KillingStatement &Killer, unsigned To) const;
  mutable llvm::DenseMap<
      std::pair<const clang::VarDecl *, const clang::CompoundStmt *>,
      llvm::SmallVector<KillingStatement, 2>>
      Killers;
  mutable llvm::DenseSet<const clang::VarDecl *> KillersListed;
  /// The labels and cases, and every statement around one (for a case, up
  /// to its switch): built on the first jump question.
  mutable std::optional<llvm::DenseSet<const clang::Stmt *>> HoldingJumpTarget;
  mutable llvm::DenseMap<const clang::VarDecl *, bool> HasLiteralElementStores;
  /// writingStatementsIn's index: per variable, every block's positions,
  /// made on the first question about the variable.
  mutable llvm::DenseMap<
      const clang::VarDecl *,
      llvm::DenseMap<const clang::CompoundStmt *, llvm::SmallVector<unsigned, 2>>>
      WritingStatements;
  /// The positions in \p Stores (writesOf or elementWritesOf one variable)
  /// of the stores with a site, in the text order of the sites; stores at
  /// one place (a macro's) keep the walk's order. Listed on first use.
  llvm::ArrayRef<unsigned> sitesInTextOrder(llvm::ArrayRef<Write> Stores) const;
  /// Where, in \p Order (sitesInTextOrder(Stores)), the stores begin that
  /// runsOnlyAfter \p At: past At and past the outermost loop around it.
  /// Order's end when a goto could run a later statement first.
  const unsigned *firstRunningOnlyAfter(llvm::ArrayRef<unsigned> Order,
                                        llvm::ArrayRef<Write> Stores,
                                        const clang::Stmt *At) const;
  mutable llvm::DenseMap<const Write *, llvm::SmallVector<unsigned, 4>>
      SitesInTextOrder;
  /// usesOf(V), in the order of their file positions (firstUseAfter).
  mutable llvm::DenseMap<const clang::VarDecl *,
                         llvm::SmallVector<const clang::DeclRefExpr *, 4>>
      UsesInTextOrder;
  /// A call that fills V one block per process with a constant count of at
  /// least one, whatever its communicator: what fillsOf() filters, found
  /// once per V (every call reading V asks).
  struct FillCall {
    const clang::CallExpr *Call;
    const FillInfo *Row;
    const clang::Stmt *Statement;
  };
  llvm::ArrayRef<FillCall> fillCallsOf(const clang::VarDecl *V) const;
  mutable llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<FillCall, 1>>
      FillCalls;
  mutable llvm::DenseMap<
      const clang::VarDecl *,
      llvm::SmallVector<std::pair<const clang::CallExpr *, unsigned>, 2>>
      CallsTaking;
  const clang::ASTContext &Ctx;
  mutable llvm::DenseMap<const clang::CompoundStmt *,
                         llvm::SmallVector<unsigned, 0>>
      JumpTargetsBefore;
};

/// Sorts \p Indices by the place \p PlaceOf gives each in the text; those
/// at one place (a macro's) stay in ascending order, the order of the walk
/// that listed them.
void sortInTextOrder(llvm::MutableArrayRef<unsigned> Indices,
                     llvm::function_ref<clang::SourceLocation(unsigned)> PlaceOf,
                     const clang::SourceManager &SM);

/// A predefined datatype handle: a constant (MPICH's `(MPI_Datatype)
/// 0x4c000405`) or the address of a library global (Open MPI's
/// `&ompi_mpi_int`). A datatype built by the program is always held in a
/// variable.
bool isPredefinedHandle(const clang::Expr *E, const clang::ASTContext &Ctx);
/// True for `std::min(a, b)`, false for `std::max(a, b)`, none for any
/// other call.
std::optional<bool> isStdMinOrMax(const clang::CallExpr *Call);
/// Whether \p E is spelled as the model constant \p C (MPI_REQUEST_NULL).
bool isSpelledAs(const clang::Expr *E, ModelConstant C,
                 const clang::ASTContext &Ctx);

/// A plain store into a structure member or a global: `x.m = value`,
/// `p->m = value`, `g = value`.
struct PlainStore {
  const clang::BinaryOperator *Assign;
  /// The function definition it is in.
  const clang::FunctionDecl *Function;
};

/// An MPI call that stores an output the model bounds into a global:
/// `MPI_Comm_size(comm, &nprocs)` with a file-scope nprocs.
struct ModelStore {
  const clang::CallExpr *Call;
  const ModelInfo *Model;
  /// The function definition it is in.
  const clang::FunctionDecl *Function;
};

/// A write of a global that the analysis does not follow: an update
/// (`g += n`, `++g`), an address or a reference handed out.
struct UnfollowedWrite {
  const clang::DeclRefExpr *Use;
  /// The function it is in; null at file scope.
  const clang::FunctionDecl *Function;
};

/// What the whole translation unit says about its globals, its internal
/// functions and its structures' members, from one walk of the unit on the
/// first question.
/// Whether \p W stores into an element of \p Array a running sum:
/// displs[i] = displs[i-1] + counts[i-1], displs[i] += ..., or
/// displs[i] = offset with offset += counts[i] elsewhere.
bool storesRunningSum(const FunctionFacts::Write &W,
                      const clang::VarDecl *Array, const FunctionFacts &Facts);
/// The calls that hand \p Array whole to a user function, to fill or read
/// its elements (`fill(v)`, `fill(v.data())`, `fill(c_data(v))`), each with
/// the argument that holds it; calls of MPI, of operators and of members
/// left out.
void callsTakingArray(
    const clang::VarDecl *Array, const FunctionFacts &Facts,
    llvm::SmallVectorImpl<std::pair<const clang::CallExpr *, unsigned>> &Out);

class UnitUses {
public:
  /// \p Decls are the top-level declarations the checks look into (see
  /// UserCodeScope): MPI's and the system's headers cannot name this file's
  /// globals or static functions, and walking their thousands of prototypes
  /// cost 2% of parsing a file.
  UnitUses(clang::ASTContext &Ctx, const std::vector<clang::Decl *> &Decls)
      : Ctx(Ctx), Decls(Decls) {}

  /// The initializer \p V keeps for the whole run, or null: V is an integer
  /// variable (or array of integers) at file scope, not volatile,
  /// initialized here, and every use of it in this unit reads its value
  /// or an element's (no store, increment, address or reference). One
  /// visible to other units must moreover be declared only in the main
  /// file: a header declaration would let another unit write it.
  const clang::Expr *constantInitializer(const clang::VarDecl *V) const;

  /// Every call of \p F, when they are all there is: F is not visible to
  /// other units, not a template or member, and its name is used for
  /// nothing but calling it. Null otherwise, or when a call sits where no
  /// function's facts reach (a lambda, a block, a global initializer).
  const llvm::SmallVector<CallSite, 2> *
  callsOf(const clang::FunctionDecl *F) const;
  /// The unit's calls of \p F, visible to other units or not, when its name
  /// is used here for nothing but calling it from functions (none: empty);
  /// null when it is used otherwise, or is a method, a template, main or
  /// marked for the loader or asm.
  const llvm::SmallVector<CallSite, 2> *
  directCallsOf(const clang::FunctionDecl *F) const;

  /// The plain stores into the integer member \p Field in the unit's
  /// functions, in source order. A count is often kept in a structure: set
  /// by the function that sets a halo up, read by the one that exchanges it.
  llvm::ArrayRef<PlainStore> storesInto(const clang::FieldDecl *Field) const;
  /// The plain stores into elements of the member array (or pointer)
  /// \p Field, `h.counts[p] = v`, in the unit's functions, in source
  /// order: one function fills the counts a structure carries, another
  /// hands them to MPI.
  llvm::ArrayRef<PlainStore>
  elementStoresInto(const clang::FieldDecl *Field) const;
  /// Every write of the integer global \p V, when each is a plain store in
  /// one of the unit's functions and no other unit can write it: V is not
  /// volatile, and not visible to other units unless declared only in the
  /// main file (as for constantInitializer). Its address may be handed to
  /// a pointer-to-const parameter, which only reads. None otherwise.
  std::optional<llvm::ArrayRef<PlainStore>>
  globalStores(const clang::VarDecl *V) const;
  /// The first write of the global \p V in the unit that is neither a
  /// plain store nor a read, when no other unit can write V (as for
  /// globalStores); null otherwise.
  const UnfollowedWrite *unfollowedWrite(const clang::VarDecl *V) const;
  /// The MPI calls that store a model output into the global \p V (as
  /// globalStores: its other writes are plain stores); none otherwise.
  llvm::ArrayRef<ModelStore> modelStoresInto(const clang::VarDecl *V) const;

  /// The unit's calls that receive into a buffer and hand back a request
  /// (MPI_Irecv, MPI_Recv_init; FunctionInfo::requestReceiveCount), all in
  /// their classic form; none when one is in its large-count form.
  std::optional<llvm::ArrayRef<const clang::CallExpr *>> requestReceives() const;

private:
  void collect() const;
  bool isOwnedByMainFile(const clang::FunctionDecl *F) const;
  /// An integer global, not volatile, that no other unit can write.
  bool isOwnedByMainFile(const clang::VarDecl *V) const;

  clang::ASTContext &Ctx;
  const std::vector<clang::Decl *> &Decls;
  mutable bool Collected = false;
  /// Canonical declarations with a use that is not a read of the value.
  mutable llvm::DenseSet<const clang::VarDecl *> Written;
  /// Canonical declarations of functions called only directly, from known
  /// callers.
  mutable llvm::DenseMap<const clang::FunctionDecl *,
                         llvm::SmallVector<CallSite, 2>>
      Calls;
  /// Canonical declarations of functions whose name the unit uses.
  mutable llvm::DenseSet<const clang::FunctionDecl *> NamedFunctions;
  mutable llvm::DenseMap<const clang::FieldDecl *,
                         llvm::SmallVector<PlainStore, 2>>
      MemberStores;
  mutable llvm::DenseMap<const clang::FieldDecl *,
                         llvm::SmallVector<PlainStore, 2>>
      MemberElementStores;
  /// Canonical declarations of globals whose every write is a plain store
  /// in a function, with those stores.
  mutable llvm::DenseMap<const clang::VarDecl *,
                         llvm::SmallVector<PlainStore, 2>>
      GlobalStores;
  mutable llvm::DenseMap<const clang::VarDecl *, UnfollowedWrite> Unfollowed;
  mutable llvm::DenseMap<const clang::VarDecl *,
                         llvm::SmallVector<ModelStore, 1>>
      GlobalModelStores;
  mutable llvm::SmallVector<const clang::CallExpr *, 4> RequestReceives;
  mutable bool LargeRequestReceive = false;
};

/// Facts from outside one function that its ranges may use.
class UnitKnowledge {
public:
  virtual ~UnitKnowledge() = default;
  /// See UnitUses::constantInitializer.
  virtual const clang::Expr *constantInitializer(const clang::VarDecl *V) = 0;
  /// The join of what every call passes for \p P, when all calls are known.
  virtual std::optional<Interval> argumentRange(const clang::ParmVarDecl *P) = 0;
  /// Whether every call of \p P's function, all known, passes a predefined
  /// handle for it (MPI_DOUBLE): a datatype parameter of a static helper.
  virtual bool argumentsPredefined(const clang::ParmVarDecl *P) {
    return false;
  }
  /// Whether every call, all known, passes for \p Index a value below what
  /// it passes for \p Bound (see RangeAnalysis::isIndexBelow).
  virtual bool argumentsIndexBelow(const clang::ParmVarDecl *Index,
                                   const clang::ParmVarDecl *Bound) = 0;
  /// The model of a run the ranges assume; null: none (StrictTypes).
  virtual const RunModel *runModel() const { return nullptr; }
  /// What the records of other units say their calls pass \p P, a
  /// parameter of a function they can call, once argumentRange asked in a
  /// whole program; null otherwise.
  virtual const ProgramArgument *
  programArgumentOf(const clang::ParmVarDecl *P) const {
    return nullptr;
  }
  /// See UnitUses::requestReceives.
  virtual std::optional<llvm::ArrayRef<const clang::CallExpr *>>
  requestReceives() {
    return std::nullopt;
  }
  /// When the unit sees every call of \p P's function: the call that
  /// passes \p P the most (the first it cannot judge, if any), the
  /// function that makes it, and what it passes (\p Passed; none:
  /// unknown); null otherwise.
  virtual const clang::CallExpr *
  widestCallOf(const clang::ParmVarDecl *P, const clang::FunctionDecl *&Caller,
               std::optional<Interval> &Passed) {
    return nullptr;
  }
  /// What the records of a whole program's units say their writes store
  /// into \p Field, once memberRange asked; null otherwise.
  virtual const ProgramArgument *
  programMemberOf(const clang::FieldDecl *Field) const {
    return nullptr;
  }
  /// Whether a call of \p F, a function of the program, never comes back
  /// (bodyNeverReturns, in this unit or in the summary of another's).
  virtual bool neverReturns(const clang::FunctionDecl *F) { return false; }
  /// Whether \p F, a function of the program, changes nothing its callers
  /// see (bodyOnlyReads, in this unit or in the summary of another's).
  virtual bool onlyReads(const clang::FunctionDecl *F) { return false; }
  /// The parameter of \p F that a nonzero result says is a predefined
  /// datatype (RangeAnalysis::returnsPredefinedTest, in this unit or in the
  /// summary of another's).
  virtual std::optional<unsigned>
  predefinedTypeTest(const clang::FunctionDecl *F) {
    return std::nullopt;
  }
  /// The sizes of the `std::vector` a call of \p F returns
  /// (RangeAnalysis::returnedVectorSize, in this unit or in the summary of
  /// another's); none when not known.
  virtual std::optional<Interval> returnedSize(const clang::FunctionDecl *F) {
    return std::nullopt;
  }
  /// Whether \p Call never comes back: a call of a function declared
  /// noreturn or modelled so (callNeverReturns), or of one neverReturns
  /// knows.
  bool callEndsRun(const clang::CallExpr *Call);
  /// What the integer member \p Field can hold in any run: in a whole
  /// program, the join of what every unit's writes into it store
  /// (FunctionAnalyses::memberRange); none when that is not known.
  virtual std::optional<Interval> memberRange(const clang::FieldDecl *Field) {
    return std::nullopt;
  }
  /// The unit's plain stores into the integer member \p Field
  /// (UnitUses::storesInto), for the notes that say where a member's value
  /// comes from.
  virtual llvm::ArrayRef<PlainStore>
  memberStores(const clang::FieldDecl *Field) const {
    return {};
  }
  /// What the global \p V can hold in any run, when the unit shows every
  /// write of it (UnitUses::globalStores): the join of its initial value
  /// and of what each store stores there. None otherwise.
  virtual std::optional<Interval> globalRange(const clang::VarDecl *V) {
    return std::nullopt;
  }
  /// Those stores, for the notes; none when the unit does not show them all.
  virtual std::optional<llvm::ArrayRef<PlainStore>>
  globalStores(const clang::VarDecl *V) const {
    return std::nullopt;
  }
  /// See UnitUses::unfollowedWrite.
  virtual const UnfollowedWrite *
  unfollowedWrite(const clang::VarDecl *V) const {
    return nullptr;
  }
  /// The most bytes a message that a probe of a real process sees can
  /// hold: the largest send of the whole program (RunModel::WholeProgram);
  /// none when the unit does not show every send, or does not bound one.
  virtual std::optional<WideInt> probedMessageBytes() { return std::nullopt; }
  /// The count a status parameter \p P (a pointer to a status, or a status
  /// passed by value) holds in the datatype \p TypeId: the join of what
  /// every call, all known, passes (RangeAnalysis::statusArgumentCount).
  virtual std::optional<Interval>
  statusParameterCount(const clang::ParmVarDecl *P,
                       const llvm::FoldingSetNodeID &TypeId) {
    return std::nullopt;
  }
  /// The values a call of \p F returns when its arguments lie in \p Args
  /// (none: unknown), from F's own body in this unit; \p OverflowSite is
  /// set to an int product or shift in F that can overflow on the way.
  /// None when F has no body here, or is being followed already.
  virtual std::optional<Interval>
  returnRange(const clang::CallExpr *Call, const clang::FunctionDecl *F,
              llvm::ArrayRef<std::optional<Interval>> Args,
              const clang::Expr *&OverflowSite) {
    return std::nullopt;
  }
  /// The same for part \p Part of what F returns, a structure or
  /// std::array built from a braced list (`return {size, count};`), as a
  /// structured binding takes it apart.
  virtual std::optional<Interval>
  returnPartRange(const clang::CallExpr *Call, const clang::FunctionDecl *F,
                  unsigned Part, llvm::ArrayRef<std::optional<Interval>> Args,
                  const clang::Expr *&OverflowSite) {
    return std::nullopt;
  }
  /// The same for what F stores through its output parameter \p Index
  /// (RangeAnalysis::outputRange).
  virtual std::optional<Interval>
  outputRange(const clang::CallExpr *Call, const clang::FunctionDecl *F,
              unsigned Index, llvm::ArrayRef<std::optional<Interval>> Args,
              const clang::Expr *&OverflowSite) {
    return std::nullopt;
  }
};

/// Evaluates expressions to intervals. An `int` (or narrower) product or
/// shift whose mathematical value can leave its type is an overflow site;
/// sums and differences wrap silently instead, since flagging them would flag
/// every `n + 1`.
class RangeAnalysis {
public:
  /// \p Function is the function \p Facts describe, for the pass over its
  /// control flow.
  RangeAnalysis(clang::ASTContext &Ctx, const FunctionFacts *Facts,
                UnitKnowledge *Unit = nullptr,
                const clang::FunctionDecl *Function = nullptr);
  ~RangeAnalysis();

  /// \p C together with what a pass over the function's control flow knows
  /// just before \p S: the stores that reach it, the branches taken to get
  /// there, loop conditions. None when the pass cannot tell (no function,
  /// or \p S is not a statement the pass lists). The pass runs once per
  /// function, on the first question: only a hazard that the cheaper
  /// analysis cannot rule out asks it.
  std::optional<PointFacts> flowFactsAt(const clang::Stmt *S,
                                        const Constraints &C);
  /// Whether the value \p V holds on entering the function can be read
  /// (FlowRanges::readsValueOnEntry); false when the pass cannot tell.
  bool flowReadsValueOnEntry(const clang::VarDecl *V);
  /// What holds just before \p Use where the value \p Store gave \p V
  /// reaches it (FlowRanges::between).
  std::optional<PointFacts> flowBetween(const clang::Stmt *Store,
                                        const clang::VarDecl *V,
                                        const clang::Stmt *Use);

  /// Whether the flow pass follows \p V: a local whose every store is in
  /// the body.
  bool isFlowTracked(const clang::VarDecl *V) const;
  /// isFilledOnlyByMPIFirst without broadcasts, per local (isFlowTracked).
  mutable llvm::DenseMap<const clang::VarDecl *, bool> FilledFirst;
  /// Whether \p Holds holds before \p Use on the runs of each store of the
  /// local \p Value names (through casts), with the value that store gave
  /// it and what the branches taken since say of the other variables:
  /// `if (!big) n = 1; else n = huge; ... if (!big) use(n)` sees only the
  /// first. False when a store is not a plain assignment.
  bool holdsOnEachStore(const clang::Expr *Value, const clang::Stmt *Use,
                        llvm::function_ref<bool(const Constraints &)> Holds);

  struct Result {
    Interval Range;
    /// The outermost product or shift that can overflow, if any.
    const clang::Expr *OverflowSite = nullptr;
  };

  /// The values \p E can take at a point where \p C holds, or none for a
  /// non-integer expression.
  std::optional<Result> evaluate(const clang::Expr *E, const Constraints &C);
  /// The same at \p Site, where \p C holds, refined by what the control
  /// flow knows there: a clamp in a branch before it (`if (t > 4) t = 4;`),
  /// a loop's condition. Helpers' arguments and members' stores are judged
  /// so, as MPI calls are.
  std::optional<Result> evaluateAt(const clang::Expr *E, const clang::Stmt *Site,
                                   const Constraints &C);
  /// The value `x op y` that \p B computes, in its computation type, before
  /// it is converted back to x's: `bytes *= sizeof(T)` on an int bytes is
  /// a size_t product that the store narrows.
  std::optional<Result> evaluateUpdate(const clang::CompoundAssignOperator *B,
                                       const Constraints &C);

  /// What guards and enclosing branches say about variables at \p S.
  Constraints constraintsAt(const clang::Stmt *S);

  /// The join of what this function's return statements give when its
  /// parameters lie in \p Args (a parameter the body changes keeps its own
  /// range); none when one returns no value or a value not an integer.
  /// \p OverflowSite is set to the first int product or shift on the way
  /// that can overflow.
  /// With \p Part, of that part of each return value (see
  /// UnitKnowledge::returnPartRange); none when one is not a braced list.
  std::optional<Interval> returnRange(const clang::FunctionDecl *Self,
                                      llvm::ArrayRef<std::optional<Interval>> Args,
                                      const clang::Expr *&OverflowSite,
                                      std::optional<unsigned> Part = std::nullopt);

  /// The bounds a condition implies when it evaluates to \p Truth.
  void addConstraints(const clang::Expr *Cond, bool Truth, Constraints &C);
  /// Narrows \p V in \p C to the values `V Op Bound` allows; false when
  /// the comparison says nothing of it.
  bool constrainCompared(const clang::VarDecl *V, clang::BinaryOperatorKind Op,
                         const Interval &Bound, Constraints &C) const;
  /// What a helper's result implies of the variables its call passes, when
  /// it is \p Code (\p Equal) or anything else: `int kind = pick(n); if
  /// (kind == 1)`, with pick returning 1 only under `if (nbytes <=
  /// INT_MAX)`, leaves n at most INT_MAX. \p Code none: the result is
  /// non-zero (`if (fits(n))`, a helper that returns its comparison).
  void addResultConstraints(const clang::CallExpr *Call,
                            std::optional<WideInt> Code, bool Equal,
                            Constraints &C);
  /// The conditions of \p Def that hold where it returns the result
  /// addResultConstraints tests for (each with the value it has there);
  /// none when another return can give it too. Computed once per test.
  using Conditions = llvm::SmallVector<std::pair<const clang::Expr *, bool>, 4>;
  const Conditions &conditionsOfResult(const clang::FunctionDecl *Def,
                                       std::optional<WideInt> Code,
                                       bool Equal);
  std::map<std::tuple<const clang::FunctionDecl *, int64_t, bool, bool>,
           Conditions>
      ResultConditions;
  /// Parameters of callees never changed in their bodies (true) or maybe
  /// changed (false), as addCalleeConstraints finds them.
  llvm::DenseMap<const clang::ParmVarDecl *, bool> UnchangedParameters;
  /// \p Cond of the callee of \p Call, holding \p Truth, as bounds on
  /// the variables the call passes for the parameters it compares with
  /// constants (and never changes).
  void addCalleeConstraints(const clang::Expr *Cond, bool Truth,
                            const clang::CallExpr *Call, Constraints &C);
  /// What \p Product, computed without overflow before the point \p C is
  /// for, says of a variable factor that has kept its value since.
  /// \p KeptFrom (default: the product) is where a factor must have its
  /// value already: a store before the product asks from the store.
  void addExecutedProduct(const clang::BinaryOperator *Product,
                          Constraints &C, const clang::Stmt *KeptFrom = nullptr);
  /// The same for a power of one variable (`n * n * n`), of type \p Type.
  void addExecutedPower(const clang::BinaryOperator *Product,
                        const Interval &Type, Constraints &C,
                        const clang::Stmt *KeptFrom);
  /// Whether \p E names a datatype parameter, never changed here, to which
  /// every call passes a predefined handle.
  bool isPredefinedParameter(const clang::Expr *E) const;
  /// The datatype that \p Cond, when true, says is predefined: in a
  /// comparison of MPI_Type_get_envelope's combiner with the model's
  /// COMBINER_NAMED, a local that holds one, a conjunction with one, or a
  /// call of a function whose true result says so of an argument
  /// (UnitKnowledge::predefinedTypeTest). Null otherwise.
  const clang::Expr *predefinedTypeTested(const clang::Expr *Cond,
                                          unsigned Depth = 0);
  /// Whether \p Type, read by \p At, is in the branch of an `if` whose
  /// condition says it is predefined, with nothing before At in that branch
  /// naming what it reads.
  bool guardedAsPredefined(const clang::Expr *Type, const clang::Stmt *At);
  /// The parameter of this function that each of its nonzero returns says
  /// is a predefined datatype (predefinedTypeTested), when every return
  /// does or returns 0: `is_basic(type)`.
  std::optional<unsigned> returnsPredefinedTest();
  /// The sizes of the local `std::vector` every return of this function
  /// returns (sizeOfLocalVector at the return); none otherwise.
  std::optional<Interval> returnedVectorSize();
  /// The values the model gives the output of \p Call that \p M names.
  std::optional<Interval> outputRange(const clang::CallExpr *Call,
                                      const ModelInfo &M);
  /// The values \p Value, stored at \p Site (an assignment or initializer
  /// of this function), can give what it is stored into, as later readers
  /// see it: what holds at the site, and what the signed products every
  /// run past the site computes, without overflowing, say of the variables
  /// the value reads (MemberWrites), and with \p WithFlow what the control
  /// flow knows there (evaluateAt). None for a dependent value;
  /// \p OverflowSite, when given, gets the int product or shift that can
  /// overflow on the way, or null.
  std::optional<Interval>
  storedRange(const clang::Expr *Value, const clang::Stmt *Site,
              bool WithFlow = false,
              const clang::Expr **OverflowSite = nullptr);
  /// Narrows \p V's bound in \p C to \p Within (and V's type).
  void constrain(Constraints &C, const clang::VarDecl *V,
                 const Interval &Within) const;
  /// Whether the signed product \p B cannot overflow because a product
  /// computed before it on every path, without overflowing, is at least as
  /// large: `size * w` then `j * size` with 0 <= j < w. Both factors of each
  /// are locals; those of the earlier one keep their values until B.
  bool isBoundedByProductRunBefore(const clang::BinaryOperator *B);
  /// The values of the int product \p P that a guard on the same product
  /// computed wider allows where P is evaluated: `if ((long long)n * m >
  /// INT_MAX) fatal();` before `n * m`, or `n * m` in the branch where the
  /// wide product is below a bound that fits. None without such a guard, or
  /// when an operand may change after it.
  std::optional<Interval> guardedProduct(const clang::BinaryOperator *P,
                                         const Constraints &C);
  /// The values of type \p SubjectType that the side of comparison \p B
  /// \p IsSubject accepts can hold where B is \p Truth; none when neither
  /// side is, or for `!=`.
  std::optional<Interval>
  valuesAllowedBy(const clang::BinaryOperator *B, bool Truth,
                  llvm::function_ref<bool(const clang::Expr *)> IsSubject,
                  clang::QualType SubjectType, const Constraints &C);
  std::optional<Interval> wideProductBound(const clang::Expr *Cond, bool Truth,
                                           const clang::BinaryOperator *P,
                                           const Constraints &C);

  /// The bound that \p Cond evaluating to \p Truth puts on \p E when the
  /// condition compares E itself, not only a variable: the false branch of
  /// `n + m > INT_MAX ? INT_MAX : n + m` is at most INT_MAX.
  std::optional<Interval> comparedBound(const clang::Expr *Cond, bool Truth,
                                        const clang::Expr *E,
                                        const Constraints &C);
  /// The values of the difference \p D, `X - Y` of two variables, that
  /// the guards around it allow: `off < total` puts it above 0, and
  /// `off + n > total` below n, when the guard's X, Y and n still hold
  /// where D is computed (`if (off + n > total) n = total - off;`). An
  /// unsigned difference needs both, or it may have wrapped.
  std::optional<Interval> guardedDifference(const clang::BinaryOperator *D,
                                            const Constraints &C);
  struct GuardedRegion;
  struct DifferenceBounds {
    std::optional<WideInt> Lo, Hi;
  };
  /// What \p Cond being \p Truth says of D = X - Y, when the values the
  /// guard read hold through \p R.
  void boundDifference(const clang::Expr *Cond, bool Truth,
                       const GuardedRegion &R, const clang::BinaryOperator *D,
                       const clang::VarDecl *X, const clang::VarDecl *Y,
                       const Constraints &C, DifferenceBounds &Out);
  /// Whether \p W, in \p R, runs only after \p D has been computed.
  bool runsAfter(const clang::Stmt *W, const clang::BinaryOperator *D,
                 const GuardedRegion &R) const;
  /// Whether no write of \p V in \p R can run between entering R and
  /// computing \p D (D's own store aside), and nothing unseen writes it.
  bool keepsValue(const clang::VarDecl *V, const GuardedRegion &R,
                  const clang::BinaryOperator *D) const;
  /// keepsValue of every variable \p E reads; E reads no memory and calls
  /// nothing.
  bool keepsValues(const clang::Expr *E, const GuardedRegion &R,
                   const clang::BinaryOperator *D) const;
  /// Whether no call or store through memory in \p R can run between
  /// entering R and computing \p D: what could write a variable handed out
  /// before R.
  bool unseenWritesMissD(const GuardedRegion &R,
                         const clang::BinaryOperator *D) const;
  std::optional<GuardedRegion>
  regionFromDeclaration(const clang::VarDecl *Decl,
                        const clang::BinaryOperator *D) const;
  /// The bound the nearest enclosing `if` that compares \p E itself puts
  /// on it (`if (tot - done < INT_MAX) chunk = tot - done;`), when nothing
  /// E reads is written in the branch.
  std::optional<Interval> enclosingGuardBound(const clang::Expr *E,
                                              const Constraints &C);
  /// The bound a guard on a member or an element itself puts on it where
  /// \p E reads it: `if (v.total > INT_MAX) return -1;` before
  /// `(int)v.total`, or `if (n[p] <= INT_MAX) c = (int)n[p];`. The guard is
  /// an enclosing `if` or an earlier statement of an enclosing block, and
  /// from it to the end of that region nothing E reads is written, no
  /// memory is stored to, and no call runs but those E is an argument of
  /// and calls of functions that only read (changesState).
  std::optional<Interval> guardedAccessBound(const clang::Expr *E,
                                             const Constraints &C);
  /// The same for a call of a function that only reads (onlyReads), whose
  /// arguments change nothing: `if (capacity(m) > INT_MAX) return -1;`
  /// before `(int)capacity(m)`.
  std::optional<Interval> guardedCallBound(const clang::CallExpr *Call,
                                           const Constraints &C);
  /// Whether evaluating \p E can change state: clang's answer, except that
  /// a call of a function that only reads, with arguments that change
  /// nothing, does not.
  bool changesState(const clang::Expr *E);
  /// Whether running \p S before \p Keep can change memory, or what Keep
  /// reads: a store through anything but a local scalar Keep does not
  /// read, or a call that changesState (not a getter: `buf.data()` beside
  /// `(int)buf.size()`). A store or a call that Keep is part of comes after
  /// it (the MPI call Keep is an argument of, `c[k] = (int)n[k]`).
  bool mayChangeAccess(const clang::Stmt *S, const clang::Expr *Keep);
  /// The bound on \p E where the element \p Store writes keeps its value:
  /// `a[i] = (int)size; ... if (size > limit) a[i] = 1;` leaves `(int)size`
  /// in a[i] only where size <= limit (the large-type workaround of codes
  /// that build a derived datatype for a large block). The overwrite is a
  /// statement of the `if`'s branch, the `if` a later statement of Store's
  /// block, and nothing E or the element reads is written in between.
  std::optional<Interval> boundWhereKept(const clang::BinaryOperator *Store,
                                         const clang::Expr *E,
                                         const Constraints &C);
  /// comparedBound through the parts of `&&` and `||` that hold with it.
  std::optional<Interval> conditionBound(const clang::Expr *Cond, bool Truth,
                                         const clang::Expr *E,
                                         const Constraints &C);
  /// The conversion of a returned or stored value to a narrower type that
  /// may not hold it: `return n * sizeof(Msg);` in an int function, or
  /// `*bytes = n * sizeof(Msg);` through an int pointer, loses the
  /// product's high bits as an overflowing int product would.
  const clang::Expr *narrowingConversion(const clang::Expr *Value,
                                         const Constraints &C);

  /// A helper of the unit that a local is handed to for its output:
  /// `&v` as a pointer to v's type, or v to a reference to it.
  struct HelperOutput {
    const clang::CallExpr *Call;
    const clang::FunctionDecl *Callee;
    unsigned Index;
  };
  std::optional<HelperOutput> helperOutputOf(const clang::DeclRefExpr *Use) const;
  /// What the helper stores through that output for the arguments of this
  /// call (see outputRange); \p OverflowSite as returnRange's.
  std::optional<Interval> helperOutputRange(const HelperOutput &Out,
                                            const clang::Expr *&OverflowSite);
  /// The addition by which a loop makes \p V, an int local, a running total
  /// where \p At reads it: `total += counts[i]`, its values each up to half
  /// of INT_MAX at least, and nothing bounding the sum at At (a guard, a
  /// loop of bounded turns). Null otherwise.
  const clang::CompoundAssignOperator *runningTotalAt(const clang::VarDecl *V,
                                                      const clang::Stmt *At);
  /// The step by which \p V, an int local counter (`++cnt`, `cnt += 1`),
  /// can pass INT_MAX where \p At reads it: a loop around the step counts
  /// with a wider counter whose bound can exceed what V holds, no other
  /// store of V is in that loop, and nothing bounds V at At. \p Loop is
  /// set to that loop. Null otherwise.
  const clang::Expr *counterStepPastTypeAt(const clang::VarDecl *V,
                                           const clang::Stmt *At,
                                           const clang::ForStmt *&Loop);
  /// An int local of this function (32 bits at most) whose every write
  /// before \p At the facts see: not handed out before it.
  bool isSeenIntLocal(const clang::VarDecl *V, const clang::Stmt *At) const;
  /// Whether the pass over the control flow keeps \p V below the top of
  /// \p Type at \p At, or knows At is not reached.
  bool keptBelowTypeAt(const clang::VarDecl *V, const clang::Stmt *At,
                       const Interval &Type);
  /// The ranges of \p Call's arguments where it is made.
  llvm::SmallVector<std::optional<Interval>, 4>
  argumentsOf(const clang::CallExpr *Call);
  /// The join of what this function stores through its pointer or
  /// reference parameter \p Out (`*out = e;`) when its parameters lie in
  /// \p Args; none when it does anything else with Out than store through
  /// it, read through it and test it, or stores nothing. \p OverflowSite
  /// gets the int product or shift on the way that can overflow, or null;
  /// with the value unknown, that of any store or update through Out
  /// (`*size *= 1 + rank` after a callback filled it).
  std::optional<Interval> outputRange(const clang::FunctionDecl *Self,
                                      unsigned Out,
                                      llvm::ArrayRef<std::optional<Interval>> Args,
                                      const clang::Expr *&OverflowSite);
  /// What the model stores through argument \p Arg of \p Call, a call of
  /// this function (`MPI_Comm_size(comm, &c->np)`); none when that is no
  /// model output, or one the model does not bound.
  std::optional<Interval> modelOutput(const clang::CallExpr *Call,
                                      unsigned Arg);
  /// The values outputRange joins; none as there.
  std::optional<llvm::SmallVector<const clang::Expr *, 2>>
  valuesStoredThrough(const clang::ParmVarDecl *Out) const;
  /// One way a function gives its output parameter a value: a plain store
  /// of Value, or the pointer handed on as argument Arg of the call
  /// Forward, whose callee's output it becomes.
  struct OutputWrite {
    const clang::Expr *Value = nullptr;
    const clang::Stmt *Site = nullptr;
    const clang::CallExpr *Forward = nullptr;
    unsigned Arg = 0;
  };
  /// Every way \p Out, a pointer parameter, gets a value: the stores of
  /// valuesStoredThrough and the calls it is handed on to. None when the
  /// function does anything else with it (updates through it, moves it).
  std::optional<llvm::SmallVector<OutputWrite, 2>>
  outputWrites(const clang::ParmVarDecl *Out) const;

  /// Whether 0 <= Index < Bound holds at \p At: an enclosing loop counts
  /// Index up from 0 while below Bound, MPI_Comm_rank and MPI_Comm_size of
  /// one communicator gave the two, or every caller passes such a pair.
  bool isIndexBelow(const clang::VarDecl *Index, const clang::VarDecl *Bound,
                    const clang::Stmt *At);

  /// The values the output of reduction \p Call (MPIX_MODEL_REDUCE) can
  /// take: those of its input at the call for a maximum or minimum, times a
  /// number of processes for a sum. None for any other operation, or an
  /// input the analysis does not see (in place, an array of unknown
  /// elements).
  std::optional<Interval> reducedRange(const clang::CallExpr *Call);

  /// The values the int output of \p Query (MPI_Get_count, MPI_Get_elements)
  /// can take under the model: at most the count of the receive that filled
  /// its status, 0 for the null process. None when the model does not
  /// bound it (a probe of a real process, a status filled elsewhere).
  std::optional<Interval> statusCount(const clang::CallExpr *Query,
                                      const ModelInfo &M);

  /// The count in datatype \p TypeId (a profile of a datatype expression,
  /// as statusCount makes it) of the status that argument \p Arg (`&st`,
  /// `st` or a status pointer parameter `s`) of a call or query \p At
  /// names, under the model; none when it does not bound it.
  std::optional<Interval>
  statusArgumentCount(const clang::Expr *Arg,
                      const llvm::FoldingSetNodeID &TypeId,
                      const clang::Stmt *At);

  /// The most bytes the send \p Call (a SEND row, with its count and
  /// datatype argument indices) can put in its message: its count's bound
  /// times its datatype's size (64 for a predefined one; a type built in
  /// this function from bounded counts of predefined ones). None when either
  /// is unbounded.
  std::optional<WideInt> sentBytes(const clang::CallExpr *Call, int CountArg,
                                   int TypeArg);

  /// Why the int product or shift \p Site can overflow at \p At: each
  /// operand with what bounds it ("i up to the communicator size",
  /// "r_num unbounded"), and where the first unbounded operand comes from.
  struct Explanation {
    std::string Why;
    clang::SourceLocation OriginLoc;
    std::string OriginNote;
    /// The bound of a loop counter operand: where its size comes from when
    /// no operand has an origin of its own.
    const clang::Expr *CounterBound = nullptr;
  };
  /// Sets \p X's origin from its counter bound when nothing else did.
  void noteCounterBound(const clang::Stmt *At, const Constraints &C,
                        Explanation &X);
  /// Whether local \p V (a parameter too), whose address is taken, is only
  /// ever handed to calls that copy the root's value to every process
  /// (MPI_Bcast): then its stores (a parameter's: its callers' arguments)
  /// are all that give it a value, as for a local kept in.
  bool isHandedOnlyToBroadcasts(const clang::VarDecl *V) const;
  /// Whether local \p V's address is handed out, and only to MPI calls as
  /// their output, each of which \p Judge accepts.
  bool onlyOutputsTake(const clang::VarDecl *V,
                       llvm::function_ref<bool(const clang::CallExpr *,
                                               const ModelInfo &)>
                           Judge) const;
  /// Whether local \p V, whose address is taken, is only ever handed to
  /// MPI calls that write it while they run (MPI_Type_size(t, &size)), each
  /// before every store into it: then its stores are all that can give it
  /// a value past the MPI calls, and a store that overflows reaches its
  /// uses (`size = size * count`).
  /// \p Broadcasts: broadcasts may take it too, anywhere.
  bool isFilledOnlyByMPIFirst(const clang::VarDecl *V,
                              bool Broadcasts = true) const;
  /// The locals \p Call writes as MPI outputs (`&size` of MPI_Type_size),
  /// each with what the model says it leaves there (FlowRanges::Hooks).
  llvm::SmallVector<std::pair<const clang::VarDecl *, std::optional<Interval>>,
                    1>
  modelOutputs(const clang::CallExpr *Call);
  /// Explanation origins of an unbounded local \p V spelled \p Text: the
  /// use that hands it to a function that may write it, or the last store
  /// before \p At that can make it large. False / nothing set when there is
  /// none.
  bool noteHandedOut(const clang::VarDecl *V, const std::string &Text,
                     Explanation &X);
  /// The origin of \p V in an output of a model call that the model does
  /// not bound there (a reduction of an unbounded input, the extent of a
  /// datatype read from memory), when \p Use is one.
  bool noteUnboundedOutput(const clang::DeclRefExpr *Use,
                           const std::string &Text, Explanation &X);
  /// The origin note of a member read \p M that the analysis cannot bound:
  /// a store of the unit that sets it from a value that is not a constant,
  /// else what the member is read through (a global, a parameter, `this`).
  void noteMemberOrigin(const clang::MemberExpr *M, const std::string &Text,
                        Explanation &X);
  /// The values the update at \p Site (`m *= 2`) stores, computed from
  /// what the variables hold there, and where it wraps; none for other
  /// writes.
  std::optional<Result> updateResult(const clang::Stmt *Site);
  /// Points the note at the first of \p Stores that stores something not
  /// constant; false when there is none.
  bool noteVariableStore(llvm::ArrayRef<PlainStore> Stores,
                         const std::string &Text, Explanation &X);
  /// Where the global \p V's large value comes from: the store of its
  /// unit that is not constant, or other units.
  void noteGlobalOrigin(const clang::VarDecl *V, const std::string &Text,
                        Explanation &X);
  void noteLargeStore(const clang::VarDecl *V, const std::string &Text,
                      const Interval &Full, const clang::Stmt *At,
                      Explanation &X);
  Explanation explainOverflow(const clang::Expr *Site, const clang::Stmt *At);
  /// The product of the same two locals as the int product \p B computed
  /// before it on every path (`alloc(n * m)` before `MPI_Send(b, n * m)`):
  /// it overflows with B, and a fix of B's MPI call leaves it.
  const clang::BinaryOperator *
  sameProductRunBefore(const clang::BinaryOperator *B);
  /// The product like \p B that a `+=` adds to \p Offset (`offset +=
  /// batch * size[i]` after a send of `batch * size[i]` from `buf +
  /// offset`); null when none does.
  const clang::BinaryOperator *
  sameProductAdvancing(const clang::BinaryOperator *B,
                       const clang::VarDecl *Offset) const;
  /// Whether \p S is in the body of the function analysed.
  bool isInFunction(const clang::Stmt *S) const {
    return Function && Facts && Facts->isWithin(S, Function->getBody());
  }
  /// Where the unbounded value \p E at \p At comes from (OriginLoc is
  /// invalid when E is bounded or its origin is not known).
  Explanation explainValue(const clang::Expr *E, const clang::Stmt *At);
  /// Where the status that \p Query (a row of the model, Get_count or
  /// Get_elements) reads gets a count the model cannot bound.
  Explanation explainStatus(const clang::CallExpr *Query, const ModelInfo &M);

private:
  /// The pass over the control flow, built on first use.
  FlowRanges *flow();
  /// A pass over the control flow with \p Initial on entering (the
  /// parameters' ranges at a call); none past a few per function.
  FlowRanges *flowFrom(const Constraints &Initial);
  std::unique_ptr<FlowRanges> makeFlow(Constraints Initial);
  /// \p C together with what \p Pass knows just before \p S.
  static std::optional<PointFacts> factsOf(FlowRanges *Pass,
                                           const clang::Stmt *S,
                                           const Constraints &C);
  const RunModel *model() const {
    const RunModel *M = Unit ? Unit->runModel() : nullptr;
    return M && !M->StrictTypes ? M : nullptr;
  }
  /// A local whose address goes only to model outputs (&nprocs to
  /// MPI_Comm_size): the join of its writes and of those outputs.
  std::optional<Interval> rangeOfModelOutputs(const clang::VarDecl *V);
  /// What \p Use of such a local reads when the last statement before it, in
  /// straight-line code, always stores \p V (`MPI_Get_count(&st, t, &n);`
  /// or `n = e;`): that store's value, not the join of all of them. None
  /// when no such store is found.
  std::optional<Interval> lastStoreBefore(const clang::DeclRefExpr *Use,
                                          const clang::VarDecl *V);
  llvm::DenseMap<const clang::DeclRefExpr *, std::optional<Interval>>
      StoredBefore;
  /// The uses of such a local that may change it, each a store or a model
  /// output (none when another use may), indexed by every statement that
  /// holds one: the change a statement holds, null when it holds several.
  /// Built once per local, as every read of it searches back by them.
  struct LocalChanges {
    bool OnlyStoresAndOutputs = false;
    llvm::DenseMap<const clang::Stmt *, const clang::DeclRefExpr *> Within;
  };
  const LocalChanges &changesOf(const clang::VarDecl *V);
  llvm::DenseMap<const clang::VarDecl *, LocalChanges> ChangesOfLocal;
  /// What a read of the member or element \p Access holds when one of the
  /// few statements just before it stores there (`c->sizes[0] = n;`,
  /// `MPI_Get_count(&st, t, &c->got);`) and nothing between could change
  /// memory or what Access reads.
  std::optional<Interval> accessStoredBefore(const clang::Expr *Access);
  llvm::DenseMap<const clang::Expr *, std::optional<Interval>>
      AccessStoredBefore;
  /// The value found by searching back from \p Use, through the compounds
  /// and if-branches around it (no loop, switch or label), for the first
  /// statement that \p ChangesIn, looking at no more than \p Reach
  /// statements: what \p StoredBy says it always stores, as \p Holder
  /// holds it, or none; with `Further` set by StoredBy, the search goes on
  /// past it.
  std::optional<Interval> storeFoundBefore(
      const clang::Stmt *Use, clang::QualType Holder,
      llvm::function_ref<bool(const clang::Stmt *)> ChangesIn, unsigned Reach,
      llvm::function_ref<std::optional<Interval>(const clang::Stmt *, bool &)>
          StoredBy);
  std::optional<Interval> searchBackForStore(
      const clang::Stmt *Use,
      llvm::function_ref<bool(const clang::Stmt *)> ChangesIn, unsigned Reach,
      llvm::function_ref<std::optional<Interval>(const clang::Stmt *, bool &)>
          StoredBy);
  /// What a use of a status writes: a fill's count, or a store of the whole
  /// status (memset, `st = other`) or of a hidden field (a preset), harmless
  /// when a fill replaces it on every path.
  struct StatusWrite {
    const clang::DeclRefExpr *Use = nullptr;
    const clang::Stmt *Preset = nullptr;
    Interval Filled;
    /// For a preset that is a fill the model cannot bound, what it is.
    const clang::FunctionDecl *UnboundedFill = nullptr;
    bool Probe = false;
  };
  /// A use of a status that does more than read it, judged once for every
  /// query: what it writes, and the statement that always fills the status
  /// when it runs; or why the status is unknown from there on (Where, Note).
  struct StatusUse {
    enum Kind { Skip, Unknown, Written, WrittenUnlessQueried } Verdict = Skip;
    StatusWrite W;
    const clang::Stmt *Fill = nullptr;
    const clang::Stmt *Where = nullptr;
    std::string Note;
  };
  /// The uses of a status, in the order they begin in the text, so that
  /// those that can run before a query are a prefix; with what a query
  /// asks of that prefix found without reading it.
  struct StatusUses {
    std::vector<StatusUse> List;
    /// The first of List that leaves the count unknown, or List.size().
    size_t FirstUnknown = 0;
    /// Those written unless they are the query itself.
    llvm::SmallVector<size_t, 1> UnlessQueried;
    /// Per fill, the first use of List it fills through.
    llvm::DenseMap<const clang::Stmt *, size_t> FirstOfFill;
    /// Whether \p S fills the status through one of the first \p End uses.
    bool fillsAmongFirst(const clang::Stmt *S, size_t End) const {
      auto It = FirstOfFill.find(S);
      return It != FirstOfFill.end() && It->second < End;
    }
  };
  std::shared_ptr<const StatusUses>
  statusUses(const clang::VarDecl *Status, const llvm::FoldingSetNodeID &TypeId);
  /// How many of \p List (in text order) can run before \p At: all of
  /// them when At is null.
  size_t usesBefore(llvm::ArrayRef<StatusUse> List, const clang::Stmt *At) const;
  /// \p Use of status \p Named, which names the status (\p Use itself; for
  /// an array of statuses, the element or the array handed whole).
  StatusUse classifyStatusUse(const clang::DeclRefExpr *Use,
                              const clang::Expr *Named,
                              const llvm::FoldingSetNodeID &TypeId);
  const clang::Expr *statusNamedBy(const clang::DeclRefExpr *Use,
                                   const clang::VarDecl *Status) const;
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::SmallVector<
                     std::pair<llvm::FoldingSetNodeID,
                               std::shared_ptr<const StatusUses>>,
                     1>>
      StatusUsesOf;
  /// What the uses of \p Status that can run before \p At (all of them
  /// when At is null) leave in it.
  /// \p Why, when given, says where an unknown count comes from.
  std::optional<Interval> statusCountIn(const clang::VarDecl *Status,
                                        const llvm::FoldingSetNodeID &TypeId,
                                        const clang::Stmt *At,
                                        Explanation *Why = nullptr);
  /// What identifies the datatype \p Query asks its count in (see
  /// statusCount).
  llvm::FoldingSetNodeID statusTypeId(const clang::CallExpr *Query,
                                      const ModelInfo &M);
  /// What identifies a query of the basic elements of \p Type, a derived
  /// datatype (no receive's count answers it as posted).
  llvm::FoldingSetNodeID elementsTypeId(const clang::Expr *Type);
  /// The local array of statuses whose element \p Element is (`st[i]`).
  const clang::VarDecl *statusArrayOf(const clang::Expr *Element) const;
  /// What any element of \p Array can hold, in datatype \p TypeId.
  std::optional<Interval> statusArrayCount(const clang::VarDecl *Array,
                                           const llvm::FoldingSetNodeID &TypeId);
  /// The query point statusCountIn judges a query \p At of \p Status at:
  /// At, or null (all uses) for a query in a loop or a status of many uses.
  const clang::Stmt *statusQueryPoint(const clang::VarDecl *Status,
                                      const clang::Stmt *At);
  /// Whether a fill of \p Status that every path to the query \p At runs
  /// comes before it: then nothing the status held on entry reaches At.
  bool refilledBefore(const clang::VarDecl *Status,
                      const llvm::FoldingSetNodeID &TypeId,
                      const clang::Stmt *At);
  /// Whether the function of the status parameter \p P only reads the
  /// status (see onlyReadsStatus in the .cpp), found once per parameter;
  /// with \p Writes, whether it uses a status pointer only while it runs,
  /// reading or writing it.
  bool onlyReadsStatusParameter(const clang::ParmVarDecl *P,
                                bool Writes = false);
  /// What a status parameter holds: what its callers pass, when the
  /// function only reads it.
  std::optional<Interval>
  parameterStatusCount(const clang::ParmVarDecl *P,
                       const llvm::FoldingSetNodeID &TypeId);
  /// Whether \p Request, a local request, is null or an inactive persistent
  /// request when \p Completion (a call completing it) runs.
  bool isInactiveAt(const clang::VarDecl *Request,
                    const clang::CallExpr *Completion);
  /// Whether what runs after \p Query cannot run before it: Query is in no
  /// loop, no OpenMP region, and no goto label lies before its end. Then a
  /// use of a status that begins after it is not seen by it.
  bool runsOnceInOrder(const clang::Stmt *Query);
  /// Whether \p S begins after \p Query ends in the source.
  bool beginsAfter(const clang::Stmt *S, const clang::Stmt *Query) const;
  /// Whether \p S begins before \p Other begins in the source.
  bool beginsBefore(const clang::Stmt *S, const clang::Stmt *Other) const;
  /// The count a status filled by \p Call (a RECEIVE or IRECEIVE row) holds
  /// in the datatype \p TypeId: at most the count posted, 0 for the null
  /// process; none in another datatype or for an unbounded count.
  std::optional<Interval> receivedCount(const clang::CallExpr *Call,
                                        const ModelInfo &Filler,
                                        const llvm::FoldingSetNodeID &TypeId);
  /// The count a status holds once \p Request (a request, or an array of
  /// them) completes: the join of the nonblocking receives that set it, 0
  /// for the null request; none when anything else may have set it.
  std::optional<Interval> requestCount(const clang::VarDecl *Request,
                                       const llvm::FoldingSetNodeID &TypeId);
  /// The most elements of the datatype asked (\p TypeId) one element of
  /// datatype \p Posted holds: 1 in the same datatype, else the bytes it
  /// spans (a count or a number of basic elements is at most its bytes);
  /// none when those are unknown.
  std::optional<WideInt> askedPerPosted(const clang::Expr *Posted,
                                        const llvm::FoldingSetNodeID &TypeId);
  /// Whether datatype \p TypeId is the one posted, \p Posted.
  bool isAskedAsPosted(const clang::Expr *Posted,
                       const llvm::FoldingSetNodeID &TypeId);
  /// What a request this unit's receives could have made holds in datatype
  /// \p TypeId, for a request the analysis cannot follow (a parameter, an
  /// element of an array): at most the int count each posts, in its
  /// datatype (requestReceives), counting only the receives posted in
  /// \p TypeId when there are some; none when one is in its large-count
  /// form, or in a datatype whose size is unknown.
  std::optional<Interval>
  unitRequestCount(const llvm::FoldingSetNodeID &TypeId);
  std::optional<Interval> requestCountIn(const clang::VarDecl *Request,
                                         const llvm::FoldingSetNodeID &TypeId);
  /// \p Type when it names a local of this function that only the calls it
  /// is handed to by address can set: no parameter, initializer or capture.
  const clang::VarDecl *datatypeLocal(const clang::Expr *Type) const;
  /// Whether \p Type, a local, names one datatype wherever it is read: one
  /// call that runs once makes it (a constructor's DTYPE_OUT), and the
  /// others only commit or free it.
  bool namesOneBuiltDatatype(const clang::Expr *Type);
  /// The most bytes one element of datatype \p Type holds (a predefined
  /// one, or one this function builds; \p Depth levels of types inside).
  std::optional<WideInt> typeBytes(const clang::Expr *Type, unsigned Depth = 0);
  /// The most bytes the datatype that \p Call (a BUILD row) makes holds.
  std::optional<WideInt> builtBytes(const clang::CallExpr *Call,
                                    const TypeModelInfo &Row, unsigned Depth);
  /// The most bytes an element of datatype array \p Types holds (a local
  /// array that only its element stores set, each to a datatype typeBytes
  /// bounds); none otherwise or when nothing is stored.
  std::optional<WideInt> largestElementBytes(const clang::Expr *Types,
                                             unsigned Depth);
  /// The elements of a local int array that only model outputs
  /// (MPI_Dims_create's dims, a reduction's output) and plain stores set.
  std::optional<Interval> rangeOfOutputElements(const clang::VarDecl *Array);
  /// The communicator whose process grid \p Array, a local array, holds
  /// (its extents or a process's coordinates), when calls that describe
  /// that grid are all that write it; Array itself for extents computed
  /// for no communicator; null otherwise.
  const clang::ValueDecl *gridOfArray(const clang::VarDecl *Array);
  /// Why parameter \p P (spelled \p Text) is unbounded: its callers, or in
  /// a whole program the call of another file that passes the most.
  std::string parameterOrigin(const clang::ParmVarDecl *P,
                              const std::string &Text);
  /// Sets \p X's origin to why \p P is unbounded: the call of the unit that
  /// passes it a value beyond 'int' (or one no rule bounds) when the unit
  /// sees every call, else parameterOrigin at the parameter.
  void noteParameterOrigin(const clang::ParmVarDecl *P, const std::string &Text,
                           Explanation &X);
  std::string describeOperand(const clang::Expr *E, const clang::Stmt *At,
                              const Constraints &C, Explanation &X);
  std::string describeOperandNode(const clang::Expr *E,
                                  const clang::Expr *Whole,
                                  const std::string &Text,
                                  const clang::Stmt *At, const Constraints &C,
                                  Explanation &X);

  /// The signed products every run reaching \p S computed first (those of
  /// the statements before it in each enclosing block).
  void forEachProductRunBefore(
      const clang::Stmt *S,
      llvm::function_ref<void(const clang::BinaryOperator *)> Visit);
  /// fallsThrough of a statement of a block, walked once.
  bool statementFallsThrough(const clang::Stmt *S);
  llvm::DenseMap<const clang::Stmt *, bool> FallsThrough;
  /// The signed products every run going on past \p S computes (those of
  /// the statements after it in each enclosing block, up to a loop, a
  /// switch, or a statement that may not fall through).
  void forEachProductRunAfter(
      const clang::Stmt *S,
      llvm::function_ref<void(const clang::BinaryOperator *)> Visit);
  /// The local variable \p Factor of \p Product names, when its value is
  /// the factor's: its type fits the product's.
  const clang::VarDecl *exactFactor(const clang::Expr *Factor,
                                    const clang::BinaryOperator *Product);
  /// Whether local \p V keeps, after \p Product, the value it had there.
  bool keepsValueFrom(const clang::VarDecl *V, const clang::Stmt *Product);
  bool computeKeepsValueFrom(const clang::VarDecl *V,
                             const clang::Stmt *Product);

  void addLoopConstraints(const clang::ForStmt *For, Constraints &C);
  bool areIndexBelowArguments(const clang::VarDecl *Index,
                              const clang::VarDecl *Bound);
  /// What a share is a quotient of, and what an index counts below: a
  /// local `n`, or a field `p->n` (Field set) of a variable the function
  /// never changes, through which it only reads that field.
  struct Divisor {
    const clang::VarDecl *Var = nullptr;
    const clang::FieldDecl *Field = nullptr;
    explicit operator bool() const { return Var != nullptr; }
    bool operator==(const Divisor &O) const {
      return Var == O.Var && Field == O.Field;
    }
    bool operator!=(const Divisor &O) const { return !(*this == O); }
  };
  static Divisor divisorOf(const clang::Expr *E);
  bool isIndexBelow(const clang::VarDecl *Index, Divisor Bound,
                    const clang::Stmt *At);
  /// Whether a counting loop around \p At keeps \p Index below \p Bound.
  bool isCountedBelowAt(const clang::VarDecl *Index, Divisor Bound,
                        const clang::Stmt *At);
  bool isStableMember(Divisor D) const;
  bool countsBelowIn(const clang::ForStmt *Loop, const clang::VarDecl *Index,
                     Divisor Bound);
  /// The uses of \p V inside \p Loop that do more than read it.
  llvm::ArrayRef<const clang::DeclRefExpr *>
  writingUsesIn(const clang::ForStmt *Loop, const clang::VarDecl *V);
  /// Whether MPI_Comm_size is what gives \p V its value, and nothing else.
  bool isSetBySizeOnly(const clang::VarDecl *V);

  /// The value of \p V at \p Use when a counting loop
  /// `for (V = A; V < B; ++V)` is the last statement before Use to change
  /// V: max(A, B) (see loopExit). None when that is not known.
  std::optional<Interval> loopExitValue(const clang::DeclRefExpr *Use,
                                        const clang::VarDecl *V);
  /// What a counting loop, statement \p Index of \p Block, leaves in its
  /// counter once its condition fails, for any use reached from it.
  struct LoopExit {
    const clang::VarDecl *Counter = nullptr;
    std::optional<Interval> Value;
    /// The variables of the bound: a use sees Value only if none of them
    /// changes between the loop and the use.
    llvm::SmallVector<const clang::VarDecl *, 2> BoundVariables;
  };
  LoopExit loopExit(const clang::ForStmt *Loop,
                    const clang::CompoundStmt *Block, unsigned Index);
  LoopExit computeLoopExit(const clang::ForStmt *Loop,
                           const clang::CompoundStmt *Block, unsigned Index);
  /// The value a counting loop's counter starts from: its init, or else
  /// the statement before the loop that last changes it.
  const clang::Expr *counterStart(const clang::ForStmt *Loop,
                                  const clang::VarDecl *Counter,
                                  const clang::CompoundStmt *Block,
                                  unsigned Index, const clang::Stmt *&Site);
  bool isStableBound(const clang::VarDecl *V, const clang::ForStmt *Loop);
  /// Whether some write of \p V (any use that does not only read it, or its
  /// initializer) lies in one of the statements From..To of \p Block.
  bool changedIn(const clang::VarDecl *V, const clang::CompoundStmt *Block,
                 unsigned From, unsigned To);
  /// The last statement of \p Block at or before \p At that may change \p V.
  std::optional<unsigned> lastChangeIn(const clang::VarDecl *V,
                                       const clang::CompoundStmt *Block,
                                       unsigned At);
  bool isCountedByLoop(const clang::VarDecl *V);
  struct State {
    const clang::Expr *OverflowSite = nullptr;
  };
  /// A difference of two pointers into one block, `base + n - cursor`:
  /// the gap between their offsets from a base that stays put
  /// (PointerPositions.cpp).
  std::optional<Interval> pointerDifference(const clang::BinaryOperator *D,
                                            const Constraints &C, State &S);
  struct PointerPosition;
  /// \p P as an offset from a base (`v`, `v->f`): through `+`, `-`,
  /// `&p[i]` and the stores of local pointers.
  std::optional<PointerPosition> positionOf(const clang::Expr *P,
                                            const Constraints &C, State &S);
  std::optional<PointerPosition> positionOfLocal(const clang::VarDecl *V);
  std::optional<Interval> stepOf(const clang::VarDecl *V,
                                 const FunctionFacts::Write &W);
  /// A parameter never stored to, or a local stored to only by its
  /// declaration, whose address nothing takes.
  bool isSetOnce(const clang::VarDecl *V) const;
  /// Whether what \p Base reads is the same from each of \p Sites to
  /// \p Use: its variable is set once, no store anywhere names its
  /// members, and no call between may reach them.
  bool baseStaysPut(const clang::Expr *Base,
                    llvm::ArrayRef<const clang::Stmt *> Sites,
                    const clang::Expr *Use);
  /// The statement that runs every path from \p Sites to \p Use: their
  /// closest common statement, or the outermost loop around it.
  const clang::Stmt *regionHolding(llvm::ArrayRef<const clang::Stmt *> Sites,
                                   const clang::Stmt *Use) const;
  std::optional<Interval> eval(const clang::Expr *E, const Constraints &C,
                               State &S);
  /// What the user states of \p E (RunModel::Declared): a read of a named
  /// variable, member or element, a call, a macro's expansion.
  LLVM_ATTRIBUTE_NOINLINE std::optional<Interval>
  declaredRange(const clang::Expr *E) const;
  /// \p E evaluated where the user states its range.
  LLVM_ATTRIBUTE_NOINLINE std::optional<Interval>
  evalStated(const clang::Expr *E, const Constraints &C);
  std::optional<Interval> evalNode(const clang::Expr *E, const Constraints &C,
                                   State &S);
  /// Nesting of eval(): each level is two stack frames.
  unsigned EvalDepth = 0;
  static constexpr unsigned MaxEvalDepth = 1000;
  std::optional<Interval> evalBinary(const clang::BinaryOperator *B,
                                     const Constraints &C, State &S);
  /// `x op= y`: the value `x op y` stores into x.
  std::optional<Interval> evalCompound(const clang::CompoundAssignOperator *B,
                                       const Constraints &C, State &S);
  /// `x op y` in B's computation type (see evaluateUpdate).
  std::optional<Interval> evalUpdate(const clang::CompoundAssignOperator *B,
                                     const Constraints &C, State &S);
  /// The interval rule of \p Op on operands in \p L and \p R, computed in
  /// \p T; \p Site is remembered as an overflow site where the rule says.
  std::optional<Interval> arithmetic(clang::BinaryOperatorKind Op,
                                     const Interval &L, const Interval &R,
                                     clang::QualType T,
                                     const clang::Expr *Site, State &S);
  /// What a share holds: quotients X / n of one n, and, when it is kept in
  /// a local, the constants it is otherwise set to (`if (chunk == 0)
  /// chunk = 1;`).
  struct Shares {
    llvm::SmallVector<const clang::BinaryOperator *, 2> Quotients;
    Divisor By;
    llvm::SmallVector<const clang::Expr *, 1> Constants;
  };
  /// The n a share `X / E` is at most X / n of: E itself, or n of
  /// `n * K` with a constant K >= 1.
  Divisor shareDivisorOf(const clang::Expr *E);
  Shares quotientsIn(const clang::Expr *Share);
  Shares storedQuotients(const clang::Expr *Share);
  /// The join of \p Values, each judged at its statement with this
  /// function's parameters in \p Args (those the body does not change);
  /// OverflowSite is the first overflow or narrowing on the way.
  std::optional<Interval>
  joinAt(const clang::FunctionDecl *Self,
         llvm::ArrayRef<std::pair<const clang::Expr *, const clang::Stmt *>> Values,
         llvm::ArrayRef<std::optional<Interval>> Args,
         const clang::Expr *&OverflowSite);
  /// What holds at \p Site with this function's parameters in \p Args
  /// (those the body does not change).
  Constraints
  constraintsWithArguments(const clang::FunctionDecl *Self,
                           const clang::Stmt *Site,
                           llvm::ArrayRef<std::optional<Interval>> Args);
  /// The first int product or shift of a store or update through \p P
  /// that can overflow (outputRange), or null.
  const clang::Expr *
  overflowThrough(const clang::FunctionDecl *Self, const clang::ParmVarDecl *P,
                  llvm::ArrayRef<std::optional<Interval>> Args);
  /// \p B, a product of elements of one process grid at distinct
  /// dimensions (`coords[1] * dims[0] * ny`) and other factors: those
  /// elements multiply to at most the communicator's size.
  std::optional<Interval> gridProduct(const clang::BinaryOperator *B,
                                      const Constraints &C, State &S);
  std::optional<Interval> evalShare(const clang::BinaryOperator *B,
                                    const Constraints &C, State &S);
  /// X when \p Quotient is `X / Y` for \p Y a variable or a constant (the
  /// same value, however spelled): spelled there, assigned there
  /// (`(j = X / Y)`), or held in a local whose store reaches \p At alone
  /// (`t = (n - 1) / nb; kb = n - t * nb;`, storeReaching).
  const clang::Expr *dividendOver(const clang::Expr *Quotient,
                                  const clang::Expr *Y,
                                  const clang::Stmt *At) const;
  /// Whether a store of \p V other than its initializer and \p Except
  /// lies, in the text, from \p Begin to \p End.
  bool writtenBetween(const clang::VarDecl *V, clang::SourceLocation Begin,
                      clang::SourceLocation End,
                      const FunctionFacts::Write *Except = nullptr) const;
  /// The bound a clamp put on \p Local before \p At: M of `if (Local > M)
  /// Local = M;` in a block that holds At's statement further on, with
  /// neither written since (and no jump into the statements between).
  const clang::Expr *clampReaching(const clang::VarDecl *Local,
                                   const clang::Stmt *At) const;
  /// `b * chunk` with chunk clamped to `K / b` before it: at most K, when
  /// b cannot be negative. None for any other product.
  std::optional<Interval> clampedProduct(const clang::BinaryOperator *P,
                                         const Interval &L, const Interval &R,
                                         const Constraints &C);
  /// The store of \p Local that every run reaching \p At made last, with
  /// none of \p Kept written since: a statement of a block that holds
  /// \p At's statement further on, with no jump into the statements between
  /// and no write of either in them or in At's. Null when there is none.
  const FunctionFacts::Write *
  storeReaching(const clang::VarDecl *Local, const clang::Stmt *At,
                llvm::ArrayRef<const clang::VarDecl *> Kept) const;
  /// `X - (X / Y) * Y`, as X % Y; none for other differences.
  std::optional<Interval> remainderOf(const clang::BinaryOperator *B,
                                      const Constraints &C, State &S);
  /// A member, an element, or another leaf evalNode does not take apart.
  std::optional<Interval> evalAccess(const clang::Expr *E, const Constraints &C,
                                     State &S);
  /// The real values a floating-point \p E takes, for the few forms that
  /// make a count: an integer converted, constants, + - * /, ceil, floor,
  /// trunc, round, and `?:` (`(int) ceil((double) n / p)`). None for any
  /// other, or a division by what may be zero.
  std::optional<std::pair<long double, long double>>
  evalReal(const clang::Expr *E, const Constraints &C, State &S);
  std::optional<Interval> evalCall(const clang::CallExpr *Call,
                                   const Constraints &C, State &S);
  /// The string literal \p Pointer holds where it is read: the literal or
  /// `strdup` of one, spelled there or last stored into a local before.
  const clang::StringLiteral *literalHeldBy(const clang::Expr *Pointer);
  std::optional<Interval> rangeOfVariable(const clang::VarDecl *V);
  /// The sizes a local `std::vector` \p V can have: the join of what its
  /// construction (from a call, what the callee returns:
  /// UnitKnowledge::returnedSize), `resize` and `assign(n, x)` give it (a negative `int`
  /// converted to its size type throws there), when nothing else can grow
  /// it (`push_back`, `insert`, an assignment, a non-const reference or
  /// its address handed out) before \p At, where the size is read: what
  /// only runs after At changes nothing there. None otherwise.
  std::optional<Interval> sizeOfLocalVector(const clang::VarDecl *V,
                                            const clang::Stmt *At);
  llvm::DenseMap<std::pair<const clang::VarDecl *, const clang::Stmt *>,
                 std::optional<Interval>>
      VectorSizes;
  std::optional<Interval> rangeOfElements(const clang::VarDecl *Array);
  std::optional<Interval> rangeOfFixedTable(const clang::VarDecl *Table);
  /// A name of a structured binding whose object a helper of the unit
  /// returns as a braced list, every name only read; none otherwise.
  std::optional<Interval> rangeOfBinding(const clang::BindingDecl *B);
  llvm::DenseMap<const clang::BindingDecl *, std::optional<Interval>>
      BindingRanges;
  /// What model outputs \p Outputs and the stores \p Writes of \p V give
  /// together; none when either is unknown.
  std::optional<Interval> withStores(std::optional<Interval> Outputs,
                                     const clang::VarDecl *V,
                                     llvm::ArrayRef<FunctionFacts::Write> Writes);
  std::optional<Interval>
  rangeOfWrites(const clang::VarDecl *V, llvm::ArrayRef<FunctionFacts::Write> W,
                std::optional<Interval> Sources = std::nullopt);
  /// Whether every store in \p Updates, each of which reads \p V, keeps V
  /// within \p Candidate when V is anywhere in it.
  bool updatesStayWithin(const clang::VarDecl *V, Interval Candidate,
                         llvm::ArrayRef<const FunctionFacts::Write *> Updates);
  std::optional<Interval> clampTo(clang::QualType T, Interval I,
                                  const clang::Expr *Site, bool Overflows,
                                  State &S);

  clang::ASTContext &Ctx;
  const FunctionFacts *Facts;
  UnitKnowledge *Unit;
  const clang::FunctionDecl *Function;
  /// The user's ranges; null when there are none.
  const DeclaredRanges *Declared = nullptr;
  std::unique_ptr<FlowRanges> Flow;
  /// The passes of flowFrom, with what they start from.
  std::vector<std::pair<Constraints, std::unique_ptr<FlowRanges>>> CallFlows;
  llvm::DenseMap<const clang::VarDecl *, std::optional<Interval>> VarRanges;
  llvm::DenseMap<const clang::VarDecl *, std::optional<Interval>> ElementRanges;
  llvm::DenseSet<const clang::VarDecl *> InProgress;
  llvm::DenseSet<const clang::VarDecl *> PositionsInProgress;
  /// Answers of isIndexBelow's parts, which read every use of a variable.
  llvm::DenseMap<std::pair<const clang::VarDecl *, const clang::VarDecl *>, bool>
      RankOfSize;
  llvm::DenseMap<std::tuple<const clang::ForStmt *, const clang::VarDecl *,
                            const clang::VarDecl *, const clang::FieldDecl *>,
                 bool>
      CountsBelow;
  /// What a local (element ~0) or a[K] holds when every store to it is a
  /// quotient X / n of one n (or a constant).
  llvm::DenseMap<std::pair<const clang::VarDecl *, uint64_t>, Shares>
      StoredShares;
  llvm::DenseMap<const clang::VarDecl *, bool> SetBySizeOnly;
  llvm::DenseMap<std::pair<const clang::VarDecl *, const clang::Stmt *>, bool>
      KeepsValue;
  llvm::DenseSet<const clang::VarDecl *> WritingUsesIndexed;
  llvm::DenseMap<std::pair<const clang::ForStmt *, const clang::VarDecl *>,
                 llvm::SmallVector<const clang::DeclRefExpr *, 1>>
      WritingUses;
  /// Per variable, for each compound statement around a change of it, the
  /// sorted indices of the statements holding one.
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::DenseMap<const clang::CompoundStmt *,
                                llvm::SmallVector<unsigned, 2>>>
      ChangingStatements;
  llvm::DenseMap<const clang::VarDecl *, bool> CountedByLoop;
  llvm::DenseMap<const clang::ForStmt *, LoopExit> LoopExits;
  llvm::DenseMap<const clang::DeclRefExpr *, std::optional<Interval>>
      ExitValues;
  /// What statusCount found per status, datatype and query (null: for
  /// every query).
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::SmallVector<std::tuple<llvm::FoldingSetNodeID,
                                              const clang::Stmt *,
                                              std::optional<Interval>>,
                                   1>>
      StatusCounts;
  /// onlyReadsStatusParameter's answers.
  llvm::DenseMap<const clang::ParmVarDecl *, bool> StatusParameters;
  llvm::DenseMap<const clang::ParmVarDecl *, bool> StatusWriters;
  /// What requestCount found per request and datatype.
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::SmallVector<std::pair<llvm::FoldingSetNodeID,
                                             std::optional<Interval>>,
                                   1>>
      RequestCounts;
  /// Locals bounded by the model as a process count (true) or a rank.
  llvm::DenseMap<const clang::VarDecl *, bool> ModelledAsSize;
  llvm::DenseMap<const clang::VarDecl *, const clang::ValueDecl *> GridComms;
};

/// The source text \p S spans, from its macros' expansions, when it begins
/// and ends in one file; none otherwise.
std::optional<llvm::StringRef> fileTextOf(const clang::Stmt *S,
                                          const clang::SourceManager &SM);

/// The source text of \p S, from its macros' expansions, last token
/// included; empty when it spans files.
std::string spelledText(const clang::Stmt *S, const clang::ASTContext &Ctx);

/// For `b->f` or `b.f` (a variable b, a member f), b and f.
std::pair<const clang::VarDecl *, const clang::FieldDecl *>
memberOfVariable(const clang::Expr *E);

/// What `b = a = e` stores into b, of type \p Target: e, when a is of
/// b's type (the chain converts it once, as a direct store would).
const clang::Expr *chainedStoreValue(const clang::Expr *Value,
                                     clang::QualType Target);

/// The variable an expression names, looking through parentheses and casts.
const clang::VarDecl *referencedVariable(const clang::Expr *E);

/// The factors of a product, through parentheses, conversions and nested
/// products (`a * (b * 2)`: a, b, 2), or \p E itself.
void factorsOf(const clang::Expr *E,
               llvm::SmallVectorImpl<const clang::Expr *> &Out);
/// Whether \p S reads or names \p V anywhere.
bool mentionsVariable(const clang::Stmt *S, const clang::VarDecl *V);
/// Whether \p A and \p B compute the same thing, parentheses and implicit
/// casts aside.
/// A local or parameter that nothing assigns after its initializer or hands
/// out: it has one value all through the function.
bool holdsOneValue(const clang::VarDecl *V, const FunctionFacts &F);
bool sameExpression(const clang::Expr *A, const clang::Expr *B,
                    const clang::ASTContext &Ctx);

/// Appends the return statements of a body to \p Out, leaving out those of
/// lambdas and blocks defined in it.
void collectReturns(const clang::Stmt *S,
                    llvm::SmallVectorImpl<const clang::ReturnStmt *> &Out);

/// 1 when a standard algorithm's call passes an execution policy (the
/// overloads that take one take it first), else 0.
unsigned executionPolicyArguments(const clang::CallExpr *Call);

/// The standard algorithms that sum a range: `std::accumulate` and
/// `std::reduce` give the sum in the type of their initial value (\p Init
/// set to it); `std::partial_sum`, `std::inclusive_scan` and
/// `std::exclusive_scan` store running sums through an output iterator
/// (\p Output set to it).
struct StandardSum {
  const clang::Expr *Init = nullptr;
  const clang::Expr *Output = nullptr;
};
std::optional<StandardSum> standardSum(const clang::CallExpr *Call);

/// The array an MPI array argument passes: `a` for an array or pointer `a`,
/// and for a std::vector `v`, `v.data()` and `&v[0]`.
const clang::VarDecl *arrayVariable(const clang::Expr *E);
/// Whether \p M hands out a container's elements as a pointer: `data()`,
/// or a method of no parameters that returns what one of its own object
/// returns (`T *dataPtr() { return this->data(); }` of a class derived
/// from std::vector, AMReX's Vector).
bool isDataAccessor(const clang::CXXMethodDecl *M);

/// A call after which the program does not go on by what the callee's
/// declaration says: a noreturn function, or one the model says never
/// returns (MPI_Abort).
bool callNeverReturns(const clang::CallExpr *Call);

/// Whether the body of \p Def never comes back to its caller: it has no
/// return and no label, and one of its top-level statements is a throw or
/// a call that never returns by \p CallNeverReturns (a user's `die()` or
/// assertion handler that ends in MPI_Abort or exit).
bool bodyNeverReturns(
    const clang::FunctionDecl *Def,
    llvm::function_ref<bool(const clang::CallExpr *)> CallNeverReturns);

/// Whether the body of \p Def changes nothing its caller can see: it stores
/// only into its own automatic locals, and every function it calls does
/// the same by \p CalleeOnlyReads (a getter `return self->capacity;`). Two
/// calls of such a function with the same arguments, with nothing changed
/// between them, return the same value, so a test of the first bounds the
/// second (`if (f(m) > INT_MAX) return; n = (int)f(m);`).
bool bodyOnlyReads(
    const clang::FunctionDecl *Def,
    llvm::function_ref<bool(const clang::FunctionDecl *)> CalleeOnlyReads);

/// The array an MPI array argument reads a part of: arrayVariable's, and
/// `a` for `&a[k]` and `a + k`. Every element of the part is one of a's, so
/// what a's stores say of its elements holds of the part's, and widening a
/// widens the part; which elements the part starts at is not known.
const clang::VarDecl *viewedArray(const clang::Expr *E);

/// The array or pointer variable \p E indexes into: a[i], *(a + i), v[i].
const clang::VarDecl *indexedVariable(const clang::Expr *E);

/// The element type of container \p R, its first template argument
/// (`std::vector<int>`); a null type for any other class.
clang::QualType elementTypeOfContainer(const clang::CXXRecordDecl *R);
/// The element type of the array parameter \p P gives access to: the
/// pointee of a pointer, the elements of a container taken by reference;
/// a null type otherwise.
clang::QualType elementTypeOfArrayParameter(const clang::ParmVarDecl *P);

/// `i++`, `--i`, `i += 1`: a counter, which stops at its loop's int bound
/// before it can wrap; `displs[i] = i` is no running sum of sizes.
bool isUnitStep(const clang::Stmt *Write);
/// Whether \p S reads an element of \p Array (displs[i - 1]).
bool readsElementOf(const clang::Stmt *S, const clang::VarDecl *Array);

/// The variable \p For counts upwards by additions (`++i`, `i += 2`,
/// `i = i + 1`), or null: its turns are at most the values it takes.
const clang::VarDecl *addingCounterOf(const clang::ForStmt *For);

/// Whether \p Child is the condition \p P tests: if (counts), p ? a : b.
bool isTruthTestOf(const clang::Stmt *P, const clang::Stmt *Child);

} // namespace mpix

#endif
