//===-- FlowRanges.h - Ranges of locals at each point of a body -*- C++ -*-===//
//
// A forward dataflow analysis over clang's CFG: at each point of a function,
// the interval each integer local can hold there. Each use sees the stores
// that reach it, so a later reassignment (`n = min(n, INT_MAX)`), a clamp in
// a branch (`if (piece > INT_MAX) piece = INT_MAX;`) or a loop condition
// (`for (c = 1; c < 660000; c = 2 * c)`) bounds what reaches an MPI call.
//
// The lattice is one interval per tracked local; a local absent from a
// state is unknown to the pass (its flow-insensitive range still applies).
// Joins take the hull; a block entered again after two visits is widened to
// the local's type range in the direction it grew, so loops converge. The
// widened states are then narrowed again by recomputing each block from its
// predecessors (in reverse post-order, so that what a loop's exit gains
// reaches every block after it in the same round).
//
// A loop whose condition keeps a halved variable at 1 or more runs a
// bounded number of times: `while (mask >= 1) { ...; mask >>= 1; }` at
// most as many times as mask's bound has bits. A variable that such a loop
// only steps (`idx += d`, `idx = idx + d`, `level++`, at most once a turn)
// then lies, at the loop's condition, within its value on entering the
// loop plus that many steps (tripBounds()); the narrowing rounds keep that
// bound, where widening had taken the type's.
//
// The pass knows no arithmetic of its own: expressions are evaluated, and
// conditions turned into bounds, by the hooks it is given (RangeAnalysis),
// so that its rules and the flow-insensitive ones cannot disagree.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_ANALYSIS_FLOWRANGES_H
#define MPIX_TIDY_ANALYSIS_FLOWRANGES_H

#include "analysis/NodeKeys.h"
#include "analysis/Domain.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <functional>
#include <memory>
#include <optional>
#include <tuple>
#include <vector>

namespace mpix {

class FlowRanges {
public:
  struct Hooks {
    /// The values \p E can take where \p Known holds; none when \p E is not
    /// an integer.
    std::function<std::optional<Interval>(const clang::Expr *E,
                                          const Constraints &Known)>
        Evaluate;
    /// Narrows \p Known by what \p Cond evaluating to \p Truth implies.
    std::function<void(const clang::Expr *Cond, bool Truth, Constraints &Known)>
        Refine;
    /// Whether the pass may follow \p V: every store to it is in the body,
    /// where the pass sees it (no address or reference handed out).
    std::function<bool(const clang::VarDecl *V)> IsTracked;
    /// A call after which control never continues (MPI_Abort), beyond the
    /// noreturn functions the CFG already ends blocks at.
    std::function<bool(const clang::CallExpr *Call)> NeverReturns;
    /// The variables \p Call writes through their address while it runs,
    /// each with what it leaves there (an MPI output: MPI_Type_size).
    std::function<llvm::SmallVector<
        std::pair<const clang::VarDecl *, std::optional<Interval>>, 1>(
        const clang::CallExpr *Call)>
        Outputs;
  };

  /// \p Initial holds on entering the body: the ranges of the parameters
  /// at one call of the function (empty: whatever they are).
  FlowRanges(const clang::Decl *Function, const clang::Stmt *Body,
             clang::ASTContext &Ctx, Hooks H,
             Constraints Initial = Constraints());
  ~FlowRanges();

  /// What holds just before \p S; none when the pass could not follow the
  /// body (no CFG, or no fixpoint within its budget) or \p S is not one of
  /// the CFG's statements.
  std::optional<PointFacts> before(const clang::Stmt *S);

  /// What holds just before \p Use on the runs where the value \p Store
  /// gives \p V is still V's there: Unreachable when every path from the
  /// store to the use stores a new value into V first. The variables the
  /// store's expression read keep what they held at the store, refined by
  /// the branches taken since: `cnt = (int)n; if (n > INT_MAX) cnt =
  /// INT_MAX;` leaves n <= INT_MAX wherever the narrowed cnt reaches. A
  /// variable changed on the way is left out.
  std::optional<PointFacts> between(const clang::Stmt *Store,
                                    const clang::VarDecl *V,
                                    const clang::Stmt *Use);

  /// Whether what \p V holds when the function is entered can be read
  /// before a store replaces it: for a static local, what the call before
  /// left there.
  bool readsValueOnEntry(const clang::VarDecl *V);

private:
  struct State {
    bool Reachable = false;
    Constraints Known;
    /// Variables changed since the store a walk follows (see between()).
    llvm::SmallPtrSet<const clang::ValueDecl *, 2> Frozen;
  };
  /// How a walk treats stores: the plain pass, or one following the value
  /// a store gave Stored.
  struct Walk {
    const clang::VarDecl *Stored = nullptr;
    /// The blocks on entering which the stored value may still be read
    /// (liveOnEntry(Stored)): the walk goes no further. None: everywhere.
    const llvm::DenseSet<unsigned> *Live = nullptr;
  };

  /// Each block's entry state, by block ID; a block not listed is not
  /// reached. Sparse: a walk from one store reaches a few blocks of a long
  /// function, and a state per block for each walk made a function of N
  /// stores cost N^2.
  class BlockStates {
  public:
    const State &operator[](unsigned ID) const {
      auto It = States.find(ID);
      return It == States.end() ? Unreached : It->second;
    }
    /// The state of block \p ID, to be changed (unreached until then).
    State &slot(unsigned ID) { return States[ID]; }
    /// The IDs of the blocks reached, in no particular order.
    llvm::SmallVector<unsigned, 16> reached() const;

  private:
    llvm::DenseMap<unsigned, State> States;
    static const State Unreached;
  };

  /// Bounds that hold at a loop's condition block on every run, by block
  /// ID (see tripBounds()).
  using HeadBounds = llvm::DenseMap<unsigned, Constraints>;

  void solve();
  /// Runs the pass from element \p From of \p Start, in state \p In, to a
  /// fixpoint; \p Entry gets each block's entry state. False when the
  /// budget ran out.
  bool propagate(const clang::CFGBlock &Start, unsigned From, State In,
                 const Walk &W, BlockStates &Entry);
  /// Recomputes \p Entry from the predecessors a few times, without
  /// widening (see NarrowingRounds), meeting each block's new entry with
  /// what \p Bounds holds for it.
  void narrow(const clang::CFGBlock &Start, unsigned From, const State &Initial,
              const Walk &W, BlockStates &Entry,
              const HeadBounds *Bounds) const;
  /// From the sound states \p Entry of the plain pass: at the condition of
  /// each `while` or `for` loop that a halved variable bounds (at most T
  /// turns), the bound of each variable the loop only steps, its value on
  /// entering the loop plus T times the most one turn adds.
  HeadBounds tripBounds(const BlockStates &Entry) const;
  /// A loop of the body: the block its back edges enter, those edges'
  /// blocks, and the variables it may change.
  struct LoopHead {
    const clang::Stmt *Loop = nullptr;
    llvm::SmallVector<unsigned, 2> BackEdges;
    llvm::SmallPtrSet<const clang::VarDecl *, 8> Changed;
    /// A label or a case in it: control may enter it past the head.
    bool EnteredInside = false;
  };
  /// The loops by the ID of the block their back edges enter, found on
  /// first use.
  const llvm::DenseMap<unsigned, LoopHead> &loopHeads() const;
  /// The bounds at \p Head, the block the back edges of \p Loop enter, of
  /// the variables the loop steps, when a variable halved on every turn
  /// bounds its turns; \p Test is the block that enters the body. Empty
  /// when the loop has no such variable.
  Constraints boundsOfLoop(const clang::CFGBlock &Head,
                           const clang::CFGBlock &Test, const clang::Stmt *Loop,
                           const BlockStates &Entry) const;
  void step(const clang::CFGElement &E, State &S, const Walk &W) const;
  std::optional<PointFacts> stateBefore(const clang::Stmt *S,
                                        const BlockStates &Entries,
                                        const Walk &W,
                                        const State *Direct) const;
  void transfer(const clang::CFGElement &E, State &S) const;
  void assign(const clang::VarDecl *V, std::optional<Interval> Value,
              State &S) const;
  /// The state along the edge from \p From to its successor number \p Succ.
  State along(const clang::CFGBlock &From, const State &Out,
              unsigned Succ) const;
  static bool join(State &Into, const State &From);
  void widen(const State &Old, State &New) const;
  const clang::VarDecl *trackedVariable(const clang::Expr *E) const;

  clang::ASTContext &Ctx;
  Hooks H;
  std::unique_ptr<clang::CFG> Graph;
  std::vector<const clang::CFGBlock *> Blocks; ///< By block ID.
  /// Block IDs in reverse post-order from the entry (blocks no path
  /// reaches are left out).
  std::vector<unsigned> Order;
  /// Each block's place in Order, by block ID (none for those left out).
  std::vector<std::optional<unsigned>> PlaceInOrder;
  mutable std::optional<llvm::DenseMap<unsigned, LoopHead>> Heads;
  /// Entry state per block ID.
  BlockStates Entry;
  bool Solved = false;
  /// While solve() runs: the hooks it calls may judge a call whose
  /// arguments are this function's, and ask again; they get no answer
  /// then, not a half-built one.
  bool Solving = false;
  bool Failed = false;
  Constraints Initial;
  /// Where each statement the CFG lists sits: block ID and element index.
  NodeMap<clang::Stmt, std::pair<unsigned, unsigned>> Position;
  /// The walk from one store of one variable, as between() computes it
  /// for any use: the state just after the store (unset when the store is
  /// not reached), and each block's entry state past it (unless the
  /// budget ran out).
  struct StoreWalk {
    std::optional<State> AfterStore;
    BlockStates Entries;
    bool Finished = false;
  };
  /// The last walks between() made, kept so that the many uses of one
  /// store (`int n = 8;` read by every call of a long function) cost one
  /// walk, not one each: few, since one may hold a state for most blocks.
  /// Shared: a hook the walk calls may ask between() again, and evict.
  using WalkKey =
      std::tuple<const clang::Stmt *, const clang::VarDecl *, unsigned>;
  llvm::DenseMap<WalkKey, std::shared_ptr<const StoreWalk>> StoreWalks;
  static constexpr unsigned StoreWalksKept = 8;
  /// A walk stops where the stored value is dead (\p UpToReads), which
  /// answers exactly for a use that reads it: every path from there to
  /// the use replaces it first. The last store of a local before an `if`
  /// that may skip the next one otherwise walks all the rest of the body.
  std::shared_ptr<const StoreWalk> walkFrom(const clang::Stmt *Store,
                                            const clang::VarDecl *V,
                                            unsigned BlockID, unsigned Index,
                                            bool UpToReads);
  /// The IDs of the blocks from whose start a path reads \p V before a
  /// store replaces it (a backward pass, once per variable, over the blocks
  /// where it is live; a set of those only, as a long function has many).
  const llvm::DenseSet<unsigned> &liveOnEntry(const clang::VarDecl *V);
  llvm::DenseMap<const clang::VarDecl *, llvm::DenseSet<unsigned>> LiveOnEntry;
  /// Per variable, the blocks that read or replace it, each with whether a
  /// read comes first: listed for every variable in one pass over the body
  /// (a pass per variable made a body of N locals cost N^2).
  using FirstAccesses = llvm::SmallDenseMap<unsigned, bool, 4>;
  llvm::DenseMap<const clang::VarDecl *, FirstAccesses> FirstAccessOf;
  bool FirstAccessesListed = false;
  void listFirstAccesses();
};

} // namespace mpix

#endif
