//===-- FlowRanges.cpp - Ranges of locals at each point of a body ---------===//

#include "analysis/FlowRanges.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/BitVector.h"
#include <deque>

using namespace clang;

namespace mpix {

/// Visits of a block after which its entry is widened: two rounds let a
/// loop's first iteration refine what comes in before the hull is given up.
static constexpr unsigned VisitsBeforeWidening = 2;
/// Block visits per block before the pass gives up on a body. Widening
/// bounds the rounds by the number of tracked locals; this only guards
/// against a pathological graph.
static constexpr unsigned VisitBudgetPerBlock = 64;
/// Rounds of recomputing every block's entry from its predecessors once the
/// widened fixpoint is reached. Each round keeps the states sound (the
/// fixpoint is above the least one) and gives back what widening lost
/// where a loop's own condition bounds it: `while (p < np) p *= 2;` leaves
/// p below 2 * np, not at INT_MAX.
static constexpr unsigned NarrowingRounds = 2;

FlowRanges::FlowRanges(const Decl *Function, const Stmt *Body, ASTContext &Ctx,
                       Hooks Hooks)
    : Ctx(Ctx), H(std::move(Hooks)) {
  CFG::BuildOptions Options;
  // Every subexpression is an element, so that a point inside an expression
  // (a call's argument, a store in a condition) can be asked about.
  Options.setAllAlwaysAdd();
  Options.AddImplicitDtors = false;
  Options.AddTemporaryDtors = false;
  Options.AddInitializers = false;
  Graph = CFG::buildCFG(Function, const_cast<Stmt *>(Body), &Ctx, Options);
  if (!Graph) {
    Failed = true;
    return;
  }
  Blocks.assign(Graph->getNumBlockIDs(), nullptr);
  for (const CFGBlock *B : *Graph)
    Blocks[B->getBlockID()] = B;
  for (const CFGBlock *B : *Graph)
    for (unsigned I = 0; I < B->size(); ++I)
      if (std::optional<CFGStmt> S = (*B)[I].getAs<CFGStmt>()) {
        Position.try_emplace(S->getStmt(), B->getBlockID(), I);
        // An initializer stores when its declaration runs, after it.
        if (const auto *D = dyn_cast<DeclStmt>(S->getStmt()))
          if (const auto *V = dyn_cast_or_null<VarDecl>(
                  D->isSingleDecl() ? D->getSingleDecl() : nullptr))
            if (const Expr *Init = V->getInit())
              Position[Init] = {B->getBlockID(), I};
      }
  // The CFG splits `int a = x, b = y;` into a declaration per variable; the
  // original statement stands where its first variable is declared.
  for (auto [Synthetic, Original] : Graph->synthetic_stmts())
    if (Synthetic->isSingleDecl() &&
        Synthetic->getSingleDecl() == *Original->decl_begin()) {
      auto It = Position.find(Synthetic);
      if (It != Position.end())
        Position.try_emplace(Original, It->second);
    }
}

FlowRanges::~FlowRanges() = default;

const VarDecl *FlowRanges::trackedVariable(const Expr *E) const {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V || !Interval::ofType(V->getType(), Ctx) || !H.IsTracked(V))
    return nullptr;
  return V;
}

void FlowRanges::assign(const VarDecl *V, std::optional<Interval> Value,
                        State &S) const {
  std::optional<Interval> Full = Interval::ofType(V->getType(), Ctx);
  if (!Value || !Full) {
    S.Known.erase(V);
    return;
  }
  // A value its type cannot hold wraps to anything the type holds.
  S.Known[V] = Value->within(*Full) ? *Value : *Full;
}

/// The hull of `L op R` for the compound assignments a loop counts with;
/// none for the others, or when the bounds are too large to multiply.
static std::optional<Interval> compound(BinaryOperatorKind Op, Interval L,
                                        Interval R) {
  switch (Op) {
  case BO_AddAssign:
    return Interval{L.Lo + R.Lo, L.Hi + R.Hi};
  case BO_SubAssign:
    return Interval{L.Lo - R.Hi, L.Hi - R.Lo};
  case BO_MulAssign: {
    const WideInt Limit = WideInt(1) << 62;
    for (WideInt X : {L.Lo, L.Hi, R.Lo, R.Hi})
      if (X > Limit || X < -Limit)
        return std::nullopt;
    WideInt P[] = {L.Lo * R.Lo, L.Lo * R.Hi, L.Hi * R.Lo, L.Hi * R.Hi};
    return Interval{*std::min_element(std::begin(P), std::end(P)),
                    *std::max_element(std::begin(P), std::end(P))};
  }
  default:
    return std::nullopt;
  }
}

void FlowRanges::transfer(const CFGElement &E, State &S) const {
  std::optional<CFGStmt> Element = E.getAs<CFGStmt>();
  if (!Element)
    return;
  const Stmt *St = Element->getStmt();
  if (const auto *B = dyn_cast<BinaryOperator>(St)) {
    if (!B->isAssignmentOp())
      return;
    const VarDecl *V = trackedVariable(B->getLHS());
    if (!V)
      return;
    std::optional<Interval> R = H.Evaluate(B->getRHS(), S.Known);
    if (B->getOpcode() == BO_Assign) {
      assign(V, R, S);
      return;
    }
    std::optional<Interval> L = H.Evaluate(B->getLHS(), S.Known);
    assign(V, L && R ? compound(B->getOpcode(), *L, *R) : std::nullopt, S);
    return;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(St)) {
    if (!U->isIncrementDecrementOp())
      return;
    if (const VarDecl *V = trackedVariable(U->getSubExpr())) {
      std::optional<Interval> Old = H.Evaluate(U->getSubExpr(), S.Known);
      WideInt Step = U->isIncrementOp() ? 1 : -1;
      assign(V,
             Old ? std::optional<Interval>({Old->Lo + Step, Old->Hi + Step})
                 : std::nullopt,
             S);
    }
    return;
  }
  if (const auto *D = dyn_cast<DeclStmt>(St)) {
    for (const Decl *Declared : D->decls())
      if (const auto *V = dyn_cast<VarDecl>(Declared))
        if (Interval::ofType(V->getType(), Ctx) && H.IsTracked(V))
          assign(V, V->getInit() ? H.Evaluate(V->getInit(), S.Known)
                                 : std::nullopt,
                 S);
    return;
  }
  if (const auto *Call = dyn_cast<CallExpr>(St))
    if (H.NeverReturns && H.NeverReturns(Call))
      S.Reachable = false;
}

FlowRanges::State FlowRanges::along(const CFGBlock &From, const State &Out,
                                    unsigned Succ) const {
  State Edge = Out;
  const Stmt *Terminator = From.getTerminatorStmt();
  if (From.succ_size() != 2 || !Terminator ||
      isa<SwitchStmt, IndirectGotoStmt, CXXTryStmt>(Terminator))
    return Edge;
  const Stmt *Cond = From.getTerminatorCondition(/*StripParens=*/false);
  if (const auto *E = dyn_cast_or_null<Expr>(Cond)) {
    H.Refine(E, Succ == 0, Edge.Known);
    // A bound on what the pass does not follow (a global, a variable
    // handed out) may not hold by the time a use is reached.
    for (auto It = Edge.Known.begin(); It != Edge.Known.end();) {
      auto Next = std::next(It);
      const auto *V = dyn_cast<VarDecl>(It->first);
      if (!V || !H.IsTracked(V) || Edge.Frozen.count(V))
        Edge.Known.erase(It);
      It = Next;
    }
  }
  return Edge;
}

bool FlowRanges::join(State &Into, const State &From) {
  if (!From.Reachable)
    return false;
  if (!Into.Reachable) {
    Into = From;
    return true;
  }
  bool Changed = false;
  for (const clang::ValueDecl *V : From.Frozen)
    Changed |= Into.Frozen.insert(V).second;
  for (auto It = Into.Known.begin(); It != Into.Known.end();) {
    auto Next = std::next(It);
    auto Other = From.Known.find(It->first);
    if (Other == From.Known.end()) {
      Into.Known.erase(It);
      Changed = true;
    } else {
      Interval Hull = It->second.join(Other->second);
      Changed |= Hull.Lo != It->second.Lo || Hull.Hi != It->second.Hi;
      It->second = Hull;
    }
    It = Next;
  }
  return Changed;
}

void FlowRanges::widen(const State &Old, State &New) const {
  if (!Old.Reachable)
    return;
  for (auto &[D, Range] : New.Known) {
    auto Before = Old.Known.find(D);
    std::optional<Interval> Full = Interval::ofType(D->getType(), Ctx);
    if (Before == Old.Known.end() || !Full)
      continue;
    if (Range.Lo < Before->second.Lo)
      Range.Lo = Full->Lo;
    if (Range.Hi > Before->second.Hi)
      Range.Hi = Full->Hi;
  }
}

/// A block every turn of a loop passes through: a loop's condition, or
/// the block a loop's back edge enters (`for (;;)` has no condition).
/// Widening elsewhere would undo what a loop condition has just refined.
static bool isLoopHead(const CFGBlock &B) {
  if (isa_and_nonnull<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(
          B.getTerminatorStmt()))
    return true;
  for (const CFGBlock *Pred : B.preds())
    if (Pred && Pred->getLoopTarget())
      return true;
  return false;
}

static bool mentions(const Stmt *S, const VarDecl *V) {
  if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(S))
    return Ref->getDecl() == V;
  return S && llvm::any_of(S->children(),
                           [V](const Stmt *C) { return mentions(C, V); });
}

/// Whether \p E stores into \p V a value that owes nothing to the old one:
/// an assignment whose value does not read V (`n = n * 2` carries it on),
/// or V's declaration met again on a loop's next turn.
static bool replaces(const CFGElement &E, const VarDecl *V) {
  std::optional<CFGStmt> Element = E.getAs<CFGStmt>();
  if (!Element)
    return false;
  const Stmt *S = Element->getStmt();
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    if (B->getOpcode() == BO_Assign)
      if (const auto *Ref = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParens()))
        return Ref->getDecl() == V && !mentions(B->getRHS(), V);
  if (const auto *D = dyn_cast<DeclStmt>(S))
    return llvm::is_contained(D->decls(), V);
  return false;
}

/// The variable \p E changes, if it changes one by name.
static const VarDecl *changedVariable(const CFGElement &E) {
  std::optional<CFGStmt> Element = E.getAs<CFGStmt>();
  if (!Element)
    return nullptr;
  const Expr *Target = nullptr;
  const Stmt *S = Element->getStmt();
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
    Target = B->getLHS();
  else if (const auto *U = dyn_cast<UnaryOperator>(S);
           U && U->isIncrementDecrementOp())
    Target = U->getSubExpr();
  else if (const auto *D = dyn_cast<DeclStmt>(S))
    return D->isSingleDecl() ? dyn_cast<VarDecl>(D->getSingleDecl()) : nullptr;
  const auto *Ref =
      Target ? dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()) : nullptr;
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

void FlowRanges::step(const CFGElement &E, State &S, const Walk &W) const {
  if (W.Stored) {
    if (replaces(E, W.Stored)) {
      S.Reachable = false;
      return;
    }
    // What the stored expression read is what it was at the store: a
    // variable changed since is not known, and no later branch tells.
    if (const VarDecl *V = changedVariable(E); V && V != W.Stored) {
      S.Known.erase(V);
      S.Frozen.insert(V);
      return;
    }
  }
  transfer(E, S);
}

bool FlowRanges::propagate(const CFGBlock &Start, unsigned From, State In,
                           const Walk &W, std::vector<State> &Entry) {
  unsigned Count = Graph->getNumBlockIDs();
  Entry.assign(Count, State());
  std::vector<unsigned> Visits(Count, 0);
  const State Initial = In;
  std::deque<std::pair<const CFGBlock *, unsigned>> Work{{&Start, From}};
  llvm::BitVector Queued(Count);
  unsigned Budget = VisitBudgetPerBlock * Count;
  bool First = true;
  while (!Work.empty()) {
    auto [B, Index] = Work.front();
    Work.pop_front();
    if (Budget-- == 0)
      return false;
    // The walk starts inside Start with In; a later visit of Start comes
    // in through an edge, at its first element.
    State Out = First ? std::move(In) : Entry[B->getBlockID()];
    if (!First)
      Queued.reset(B->getBlockID());
    First = false;
    for (unsigned I = Index; I < B->size() && Out.Reachable; ++I)
      step((*B)[I], Out, W);
    if (!Out.Reachable)
      continue;
    unsigned SuccIndex = 0;
    for (const CFGBlock::AdjacentBlock &Succ : B->succs()) {
      unsigned I = SuccIndex++;
      const CFGBlock *Next = Succ.getReachableBlock();
      if (!Next)
        continue;
      State Edge = along(*B, Out, I);
      State &Old = Entry[Next->getBlockID()];
      State Joined = Old;
      if (!join(Joined, Edge))
        continue;
      if (isLoopHead(*Next) &&
          ++Visits[Next->getBlockID()] > VisitsBeforeWidening)
        widen(Old, Joined);
      Old = std::move(Joined);
      if (!Queued.test(Next->getBlockID())) {
        Queued.set(Next->getBlockID());
        Work.push_back({Next, 0});
      }
    }
  }
  narrow(Start, From, Initial, W, Entry);
  return true;
}

void FlowRanges::narrow(const CFGBlock &Start, unsigned From,
                        const State &Initial, const Walk &W,
                        std::vector<State> &Entry) const {
  unsigned Count = Graph->getNumBlockIDs();
  for (unsigned Round = 0; Round < NarrowingRounds; ++Round) {
    std::vector<State> Out(Count);
    for (const CFGBlock *B : *Graph) {
      State O = Entry[B->getBlockID()];
      for (unsigned I = 0; I < B->size() && O.Reachable; ++I)
        step((*B)[I], O, W);
      if (B == &Start) {
        State Started = Initial;
        for (unsigned I = From; I < B->size() && Started.Reachable; ++I)
          step((*B)[I], Started, W);
        join(O, Started);
      }
      Out[B->getBlockID()] = std::move(O);
    }
    std::vector<State> Next(Count);
    for (const CFGBlock *B : *Graph) {
      const State &O = Out[B->getBlockID()];
      if (!O.Reachable)
        continue;
      unsigned Index = 0;
      for (const CFGBlock::AdjacentBlock &Succ : B->succs()) {
        unsigned I = Index++;
        if (const CFGBlock *To = Succ.getReachableBlock())
          join(Next[To->getBlockID()], along(*B, O, I));
      }
    }
    Entry = std::move(Next);
  }
}

void FlowRanges::solve() {
  Solved = true;
  if (Failed)
    return;
  State In;
  In.Reachable = true;
  const CFGBlock &Start = Graph->getEntry();
  Failed = !propagate(Start, 0, std::move(In), Walk(), Entry);
  // The entry block's own state is the one the walk started with.
  Entry[Start.getBlockID()].Reachable = true;
}

std::optional<PointFacts>
FlowRanges::stateBefore(const Stmt *S, const std::vector<State> &Entries,
                        const Walk &W, const State *Direct) const {
  auto It = Position.find(S);
  if (It == Position.end())
    return std::nullopt;
  auto [BlockID, Index] = It->second;
  const CFGBlock *B = Blocks[BlockID];
  State St = Entries[BlockID];
  for (unsigned I = 0; I < Index && St.Reachable; ++I)
    step((*B)[I], St, W);
  if (Direct)
    join(St, *Direct);
  if (!St.Reachable)
    return PointFacts{true, Constraints()};
  return PointFacts{false, std::move(St.Known)};
}

std::optional<PointFacts> FlowRanges::before(const Stmt *S) {
  if (!Solved)
    solve();
  if (Failed)
    return std::nullopt;
  return stateBefore(S, Entry, Walk(), nullptr);
}

std::optional<PointFacts> FlowRanges::between(const Stmt *Store,
                                              const VarDecl *V,
                                              const Stmt *Use) {
  if (!Solved)
    solve();
  auto From = Position.find(Store);
  auto To = Position.find(Use);
  if (Failed || From == Position.end() || To == Position.end())
    return std::nullopt;
  auto [BlockID, Index] = From->second;
  const CFGBlock *B = Blocks[BlockID];
  // The state just after the store.
  State In = Entry[BlockID];
  for (unsigned I = 0; I <= Index && In.Reachable; ++I)
    transfer((*B)[I], In);
  if (!In.Reachable)
    return PointFacts{true, Constraints()};
  // What V holds now is the stored value, not what the value read from V
  // (`n = n * 2`).
  In.Known.erase(V);
  In.Frozen.insert(V);
  Walk W;
  W.Stored = V;
  // A use later in the store's own block is reached straight on; Entries
  // holds only what comes back to the block through a loop.
  std::optional<State> Direct;
  if (To->second.first == BlockID && To->second.second > Index) {
    Direct = In;
    for (unsigned I = Index + 1; I < To->second.second && Direct->Reachable;
         ++I)
      step((*B)[I], *Direct, W);
  }
  // Past the store, through the rest of its block and on.
  std::vector<State> Entries;
  if (!propagate(*B, Index + 1, std::move(In), W, Entries))
    return std::nullopt;
  return stateBefore(Use, Entries, W, Direct ? &*Direct : nullptr);
}

} // namespace mpix
