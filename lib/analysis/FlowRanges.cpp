//===-- FlowRanges.cpp - Ranges of locals at each point of a body ---------===//

#include "analysis/FlowRanges.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/BitVector.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include <algorithm>
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
/// Rounds of finding the bounds of loops of bounded trips (tripBounds())
/// and narrowing with them.
static constexpr unsigned TripPasses = 2;

FlowRanges::FlowRanges(const Decl *Function, const Stmt *Body, ASTContext &Ctx,
                       Hooks Hooks, Constraints Initial)
    : Ctx(Ctx), H(std::move(Hooks)), Initial(std::move(Initial)) {
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
  // Reverse post-order from the entry, by an explicit depth-first walk.
  {
    llvm::BitVector Seen(Graph->getNumBlockIDs());
    std::vector<std::pair<const CFGBlock *, CFGBlock::const_succ_iterator>>
        Stack;
    const CFGBlock *Entry = &Graph->getEntry();
    Seen.set(Entry->getBlockID());
    Stack.push_back({Entry, Entry->succ_begin()});
    while (!Stack.empty()) {
      auto &[B, Next] = Stack.back();
      if (Next == B->succ_end()) {
        Order.push_back(B->getBlockID());
        Stack.pop_back();
        continue;
      }
      const CFGBlock *Succ = (Next++)->getReachableBlock();
      if (Succ && !Seen.test(Succ->getBlockID())) {
        Seen.set(Succ->getBlockID());
        Stack.push_back({Succ, Succ->succ_begin()});
      }
    }
    std::reverse(Order.begin(), Order.end());
    PlaceInOrder.resize(Graph->getNumBlockIDs());
    for (unsigned Place = 0; Place < Order.size(); ++Place)
      PlaceInOrder[Order[Place]] = Place;
  }
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
    // `x op= y` is evaluated as `x = x op y` (the evaluator's rules for
    // op, the result converted to x's type).
    assign(V,
           H.Evaluate(B->getOpcode() == BO_Assign ? B->getRHS() : B, S.Known),
           S);
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
  if (const auto *Call = dyn_cast<CallExpr>(St)) {
    if (H.NeverReturns && H.NeverReturns(Call))
      S.Reachable = false;
    if (H.Outputs)
      for (const auto &[V, Value] : H.Outputs(Call))
        if (Interval::ofType(V->getType(), Ctx) && H.IsTracked(V))
          assign(V, Value, S);
  }
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
    // A condition the ranges decide never takes the other edge: `if (n >
    // INT_MAX) return;` where every call passes more.
    if (std::optional<Interval> Value = H.Evaluate(E, Edge.Known);
        Value && Value->isExact() && (Value->Lo != 0) != (Succ == 0)) {
      Edge.Reachable = false;
      return Edge;
    }
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
  // A static's initializer runs once, not each time its declaration does.
  if (const auto *D = dyn_cast<DeclStmt>(S))
    return llvm::is_contained(D->decls(), V) && V->hasLocalStorage();
  return false;
}

/// The name on the left of \p E when it is an assignment that replaces
/// a variable (replaces()).
static const DeclRefExpr *replacedName(const CFGElement &E) {
  std::optional<CFGStmt> S = E.getAs<CFGStmt>();
  const auto *Assign = S ? dyn_cast<BinaryOperator>(S->getStmt()) : nullptr;
  if (!Assign || Assign->getOpcode() != BO_Assign)
    return nullptr;
  const auto *Name = dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParens());
  const auto *V = Name ? dyn_cast<VarDecl>(Name->getDecl()) : nullptr;
  return V && replaces(E, V) ? Name : nullptr;
}

/// Whether \p S reads \p V: names it other than as what an assignment in
/// it replaces.
static bool readsStored(const Stmt *S, const VarDecl *V) {
  if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(S))
    return Ref->getDecl() == V;
  if (const auto *Assign = dyn_cast_or_null<BinaryOperator>(S);
      Assign && replaces(CFGStmt(Assign), V))
    return false;
  return S && llvm::any_of(S->children(),
                           [V](const Stmt *C) { return readsStored(C, V); });
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

const FlowRanges::State FlowRanges::BlockStates::Unreached;

llvm::SmallVector<unsigned, 16> FlowRanges::BlockStates::reached() const {
  llvm::SmallVector<unsigned, 16> IDs;
  for (const auto &[ID, S] : States)
    if (S.Reachable)
      IDs.push_back(ID);
  return IDs;
}

bool FlowRanges::propagate(const CFGBlock &Start, unsigned From, State In,
                           const Walk &W, BlockStates &Entry) {
  llvm::DenseMap<unsigned, unsigned> Visits;
  const State Initial = In;
  std::deque<std::pair<const CFGBlock *, unsigned>> Work{{&Start, From}};
  llvm::DenseSet<unsigned> Queued;
  unsigned Budget = VisitBudgetPerBlock * Graph->getNumBlockIDs();
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
      Queued.erase(B->getBlockID());
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
      if (W.Live && !W.Live->contains(Next->getBlockID()))
        continue;
      State Edge = along(*B, Out, I);
      State &Old = Entry.slot(Next->getBlockID());
      State Joined = Old;
      if (!join(Joined, Edge))
        continue;
      if (isLoopHead(*Next) &&
          ++Visits[Next->getBlockID()] > VisitsBeforeWidening)
        widen(Old, Joined);
      Old = std::move(Joined);
      if (Queued.insert(Next->getBlockID()).second)
        Work.push_back({Next, 0});
    }
  }
  narrow(Start, From, Initial, W, Entry, nullptr);
  // Loops that run a bounded number of times bound what they step. Found
  // from the plain pass's states, which hold on every run (a walk from one
  // store sees only some runs).
  // Twice: the first bounds the halved variables, with which the second
  // finds the steps' bounds where they depend on them (`idx += mask * 2`).
  if (!W.Stored) {
    HeadBounds Bounds;
    for (unsigned Pass = 0; Pass < TripPasses; ++Pass) {
      HeadBounds More = tripBounds(Entry);
      if (More.empty())
        break;
      for (const auto &[ID, Held] : More)
        for (const auto &[V, Bound] : Held) {
          auto [It, New] = Bounds[ID].try_emplace(V, Bound);
          if (!New)
            It->second = It->second.meet(Bound);
        }
      narrow(Start, From, Initial, W, Entry, &Bounds);
    }
  }
  return true;
}

void FlowRanges::narrow(const CFGBlock &Start, unsigned From,
                        const State &Initial, const Walk &W,
                        BlockStates &Entry,
                        const HeadBounds *Bounds) const {
  auto OutOf = [&](const CFGBlock &B) {
    State O = Entry[B.getBlockID()];
    for (unsigned I = 0; I < B.size() && O.Reachable; ++I)
      step(B[I], O, W);
    if (&B == &Start) {
      State Started = Initial;
      for (unsigned I = From; I < B.size() && Started.Reachable; ++I)
        step(B[I], Started, W);
      join(O, Started);
    }
    return O;
  };
  // What each block gives its successors, from its entry as it stands;
  // computed when first asked for (a block before its predecessors in
  // Order: a loop's head), then after each new entry.
  llvm::DenseMap<unsigned, State> Out;
  auto OutFor = [&](const CFGBlock &B) -> const State & {
    auto [It, New] = Out.try_emplace(B.getBlockID());
    if (New)
      It->second = OutOf(B);
    return It->second;
  };
  // Each block's entry is recomputed from what its predecessors give now,
  // those already recomputed in this round included: every state stays
  // above the least fixpoint, and what a loop's exit gains reaches the
  // blocks after it at once.
  // Narrowing only lowers entries: a block the widened pass never reached
  // stays unreached, and a walk from one store, which reaches few, skips
  // the rest of the function.
  llvm::SmallVector<unsigned, 16> Reached = Entry.reached();
  llvm::erase_if(Reached, [&](unsigned ID) { return !PlaceInOrder[ID]; });
  llvm::sort(Reached, [&](unsigned A, unsigned B) {
    return *PlaceInOrder[A] < *PlaceInOrder[B];
  });
  for (unsigned Round = 0; Round < NarrowingRounds; ++Round)
    for (unsigned ID : Reached) {
      const CFGBlock &B = *Blocks[ID];
      // At a loop's head, what comes in from outside apart from what
      // comes back around the loop.
      const LoopHead *Loop = nullptr;
      if (!W.Stored) {
        auto It = loopHeads().find(ID);
        if (It != loopHeads().end() && !It->second.EnteredInside)
          Loop = &It->second;
      }
      State In, Entering;
      for (const CFGBlock::AdjacentBlock &P : B.preds()) {
        const CFGBlock *Pred = P.getReachableBlock();
        if (!Pred || !OutFor(*Pred).Reachable)
          continue;
        bool Back = Loop && llvm::is_contained(Loop->BackEdges,
                                               Pred->getBlockID());
        unsigned Index = 0;
        for (const CFGBlock::AdjacentBlock &Succ : Pred->succs()) {
          unsigned I = Index++;
          if (Succ.getReachableBlock() != &B)
            continue;
          State Edge = along(*Pred, Out.find(Pred->getBlockID())->second, I);
          if (!Back)
            join(Entering, Edge);
          join(In, Edge);
        }
      }
      // A variable the loop never changes holds at its head what it held
      // on entering: what widening left on the back edge is stale (a bound
      // a loop before this one regained while narrowing).
      if (Loop && Entering.Reachable)
        for (auto &[V, Range] : In.Known)
          if (const auto *Var = dyn_cast<VarDecl>(V);
              Var && !Loop->Changed.count(Var)) {
            auto Before = Entering.Known.find(V);
            if (Before != Entering.Known.end())
              Range = Before->second;
          }
      if (Bounds && In.Reachable) {
        auto Held = Bounds->find(ID);
        if (Held != Bounds->end())
          for (const auto &[V, Bound] : Held->second) {
            auto [It, New] = In.Known.try_emplace(V, Bound);
            if (!New)
              It->second = It->second.meet(Bound);
          }
      }
      Entry.slot(ID) = std::move(In);
      Out[ID] = OutOf(B);
    }
}

//===----------------------------------------------------------------------===//
// Loops of bounded trips
//===----------------------------------------------------------------------===//

static const VarDecl *namedVariable(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

namespace {
/// `V >>= k`, `V /= c`, `V = V >> k` or `V = V / c`.
struct Halving {
  const VarDecl *V = nullptr;
  const Expr *By = nullptr; ///< k or c
  bool Shift = false;
};

/// `V += e`, `V -= e`, `V = V + e`, `V = e + V`, `V = V - e`, `++V`, `V--`.
struct Stepping {
  const VarDecl *V = nullptr;
  const Expr *By = nullptr; ///< e; null for an increment or decrement
  int Sign = 1;
};

/// A store to a named variable inside a loop.
struct LoopWrite {
  const Expr *E;
  bool InCondition;
  bool InInnerLoop;
};

/// What a loop's body, increment and condition do, for tripBounds(): the
/// stores to each variable, and whether control can enter the loop's body
/// other than from the top or start a turn skipping a body statement.
struct LoopScan {
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<LoopWrite, 2>> Writes;
  llvm::SmallPtrSet<const VarDecl *, 4> Declared;
  bool EnteredInside = false; ///< a label, or a case of an outer switch
  bool Continues = false;     ///< a `continue` of the loop itself
};
} // namespace

static Halving halvingOf(const Expr *E) {
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParens());
  if (!B)
    return {};
  const VarDecl *V = namedVariable(B->getLHS());
  if (!V)
    return {};
  switch (B->getOpcode()) {
  case BO_ShrAssign:
    return {V, B->getRHS(), true};
  case BO_DivAssign:
    return {V, B->getRHS(), false};
  case BO_Assign:
    if (const auto *R =
            dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts()))
      if ((R->getOpcode() == BO_Shr || R->getOpcode() == BO_Div) &&
          namedVariable(R->getLHS()) == V)
        return {V, R->getRHS(), R->getOpcode() == BO_Shr};
    return {};
  default:
    return {};
  }
}

static Stepping steppingOf(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (!U->isIncrementDecrementOp())
      return {};
    return {namedVariable(U->getSubExpr()), nullptr,
            U->isIncrementOp() ? 1 : -1};
  }
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return {};
  const VarDecl *V = namedVariable(B->getLHS());
  if (!V)
    return {};
  switch (B->getOpcode()) {
  case BO_AddAssign:
    return {V, B->getRHS(), 1};
  case BO_SubAssign:
    return {V, B->getRHS(), -1};
  case BO_Assign: {
    const auto *R = dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
    if (!R)
      return {};
    if (R->getOpcode() == BO_Add && namedVariable(R->getLHS()) == V)
      return {V, R->getRHS(), 1};
    if (R->getOpcode() == BO_Add && namedVariable(R->getRHS()) == V)
      return {V, R->getLHS(), 1};
    if (R->getOpcode() == BO_Sub && namedVariable(R->getLHS()) == V)
      return {V, R->getRHS(), -1};
    return {};
  }
  default:
    return {};
  }
}

/// The expressions a statement of a loop's body or increment runs whole:
/// itself, or the operands of a comma expression.
static void wholeExpressions(const Stmt *S,
                             llvm::SmallVectorImpl<const Expr *> &Out) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  if (!E)
    return;
  E = E->IgnoreParens();
  if (const auto *Comma = dyn_cast<BinaryOperator>(E);
      Comma && Comma->getOpcode() == BO_Comma) {
    wholeExpressions(Comma->getLHS(), Out);
    wholeExpressions(Comma->getRHS(), Out);
    return;
  }
  Out.push_back(E);
}

/// Whether \p S steps up a variable other than \p Counter (`n++`,
/// `n += k`), outside any lambda or block.
static bool stepsAnother(const Stmt *S, const VarDecl *Counter) {
  if (!S || isa<LambdaExpr, BlockExpr>(S))
    return false;
  if (const auto *E = dyn_cast<Expr>(S))
    if (Stepping Step = steppingOf(E); Step.V && Step.V != Counter)
      return true;
  return llvm::any_of(S->children(), [&](const Stmt *Child) {
    return stepsAnother(Child, Counter);
  });
}

/// The expressions of \p Loop's increment (\p Inc) and the body's own
/// statements (\p InBody); false when none halves a variable and the loop
/// is not counted up while its body steps another.
static bool turnStatements(const Stmt *Loop,
                           llvm::SmallVectorImpl<const Expr *> &Inc,
                           llvm::SmallVectorImpl<const Expr *> &InBody) {
  const Stmt *Body = nullptr;
  if (const auto *While = dyn_cast<WhileStmt>(Loop)) {
    Body = While->getBody();
  } else if (const auto *For = dyn_cast<ForStmt>(Loop)) {
    Body = For->getBody();
    wholeExpressions(For->getInc(), Inc);
  }
  if (const auto *Block = dyn_cast_or_null<CompoundStmt>(Body))
    for (const Stmt *S : Block->body())
      wholeExpressions(S, InBody);
  else
    wholeExpressions(Body, InBody);
  auto Halves = [](const Expr *E) { return halvingOf(E).V != nullptr; };
  if (llvm::any_of(Inc, Halves) || llvm::any_of(InBody, Halves))
    return true;
  // A counted loop (`for (...; ...; i++)`) that steps another variable: its
  // turns bound that one.
  for (const Expr *E : Inc)
    if (Stepping Counter = steppingOf(E); Counter.V && Counter.Sign > 0)
      return stepsAnother(Body, Counter.V);
  return false;
}

static void scanLoop(const Stmt *S, LoopScan &Scan, bool InCondition,
                     unsigned Loops, unsigned Switches) {
  if (!S)
    return;
  if (isa<LambdaExpr, BlockExpr>(S))
    return; // runs elsewhere; what it captures is not tracked
  // An asm statement's outputs: stores of their own kind.
  if (const auto *Asm = dyn_cast<GCCAsmStmt>(S))
    for (const Expr *Output : Asm->outputs())
      if (const VarDecl *V = namedVariable(Output))
        Scan.Writes[V].push_back({Output, InCondition, Loops > 0});
  if (isa<LabelStmt>(S) || (isa<SwitchCase>(S) && Switches == 0))
    Scan.EnteredInside = true;
  if (isa<ContinueStmt>(S) && Loops == 0)
    Scan.Continues = true;
  const Expr *Target = nullptr;
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
    Target = B->getLHS();
  else if (const auto *U = dyn_cast<UnaryOperator>(S);
           U && U->isIncrementDecrementOp())
    Target = U->getSubExpr();
  if (Target)
    if (const VarDecl *V = namedVariable(Target))
      Scan.Writes[V].push_back({cast<Expr>(S), InCondition, Loops > 0});
  if (const auto *D = dyn_cast<DeclStmt>(S))
    for (const Decl *Declared : D->decls())
      if (const auto *V = dyn_cast<VarDecl>(Declared))
        Scan.Declared.insert(V);
  bool Loop = isa<WhileStmt, ForStmt, DoStmt, CXXForRangeStmt>(S);
  bool Switch = isa<SwitchStmt>(S);
  for (const Stmt *Child : S->children())
    scanLoop(Child, Scan, InCondition, Loops + Loop, Switches + Switch);
}

const llvm::DenseMap<unsigned, FlowRanges::LoopHead> &
FlowRanges::loopHeads() const {
  if (Heads)
    return *Heads;
  Heads.emplace();
  llvm::DenseMap<const Stmt *, unsigned> HeadOf;
  llvm::SmallPtrSet<const Stmt *, 4> Unclear;
  for (const CFGBlock *Back : Blocks) {
    const Stmt *Loop = Back ? Back->getLoopTarget() : nullptr;
    if (!Loop)
      continue;
    for (const CFGBlock::AdjacentBlock &Succ : Back->succs()) {
      const CFGBlock *To = Succ.getReachableBlock();
      if (!To)
        continue;
      auto [It, New] = HeadOf.try_emplace(Loop, To->getBlockID());
      if (!New && It->second != To->getBlockID())
        Unclear.insert(Loop);
      LoopHead &H = (*Heads)[To->getBlockID()];
      if (H.Loop && H.Loop != Loop)
        Unclear.insert(Loop);
      H.Loop = Loop;
      H.BackEdges.push_back(Back->getBlockID());
    }
  }
  for (auto &[ID, H] : *Heads) {
    if (Unclear.count(H.Loop)) {
      H.EnteredInside = true; // treated as an ordinary join
      continue;
    }
    LoopScan Scan;
    scanLoop(H.Loop, Scan, false, 0, 0);
    H.EnteredInside = Scan.EnteredInside;
    for (const auto &[V, Writes] : Scan.Writes)
      H.Changed.insert(V);
    for (const VarDecl *V : Scan.Declared)
      H.Changed.insert(V);
  }
  return *Heads;
}

FlowRanges::HeadBounds
FlowRanges::tripBounds(const BlockStates &Entry) const {
  HeadBounds Bounds;
  for (const CFGBlock *B : Blocks) {
    if (!B || !Entry[B->getBlockID()].Reachable)
      continue;
    const Stmt *Loop = B->getTerminatorStmt();
    llvm::SmallVector<const Expr *, 4> Inc, InBody;
    // Cheap first: most loops halve nothing.
    if (!isa_and_nonnull<WhileStmt, ForStmt>(Loop) ||
        !turnStatements(Loop, Inc, InBody))
      continue;
    // The block the loop's back edges enter: the first block of its
    // condition (`a && b` spreads over several).
    const CFGBlock *Head = nullptr;
    for (const auto &[ID, L] : loopHeads())
      if (L.Loop == Loop)
        Head = Blocks[ID];
    if (!Head)
      continue;
    Constraints Held = boundsOfLoop(*Head, *B, Loop, Entry);
    if (!Held.empty())
      Bounds[Head->getBlockID()] = std::move(Held);
  }
  return Bounds;
}

/// Whether \p E reads only constants and locals the loop \p Scan saw does
/// not write, with no call or store: it holds one value through the loop.
static bool unchangedInLoop(const Expr *E, const LoopScan &Scan) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    return isa<EnumConstantDecl>(Ref->getDecl()) ||
           (V && V->hasLocalStorage() && !Scan.Writes.count(V) &&
            !Scan.Declared.count(V));
  }
  if (isa<IntegerLiteral>(E))
    return true;
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && !B->isCommaOp() &&
           unchangedInLoop(B->getLHS(), Scan) &&
           unchangedInLoop(B->getRHS(), Scan);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus) &&
           unchangedInLoop(U->getSubExpr(), Scan);
  return false;
}

/// The most turns a loop whose condition is \p Cond makes, counted by a
/// variable that steps up to an unchanging bound; none when it is not such
/// a loop. \p Inevitable are the statements every turn runs, \p Entering
/// what holds on entering the loop, \p ValueAt what an expression of the
/// loop takes where it runs (none: it never runs).
static std::optional<WideInt> countedTrips(
    const Expr *Cond, llvm::ArrayRef<const Expr *> Inevitable,
    const LoopScan &Scan, const Constraints &Entering,
    const FlowRanges::Hooks &H,
    llvm::function_ref<std::optional<std::optional<Interval>>(const Expr *,
                                                              const Expr *)>
        ValueAt) {
  // `i < B` or `i <= B` (or `B > i`, `B >= i`) while the loop runs.
  const auto *Test = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!Test)
    return std::nullopt;
  BinaryOperatorKind Op = Test->getOpcode();
  const Expr *Counter = Test->getLHS(), *Bound = Test->getRHS();
  if (Op == BO_GT || Op == BO_GE) {
    std::swap(Counter, Bound);
    Op = Op == BO_GT ? BO_LT : BO_LE;
  }
  const VarDecl *I = namedVariable(Counter);
  if ((Op != BO_LT && Op != BO_LE) || !I || !H.IsTracked(I) ||
      Scan.Declared.count(I) || !unchangedInLoop(Bound, Scan))
    return std::nullopt;
  // Every store to i adds at least 1, and one every turn runs.
  bool EveryTurn = false;
  for (const LoopWrite &W : Scan.Writes.lookup(I)) {
    Stepping S = steppingOf(W.E);
    if (W.InCondition || S.V != I || S.Sign < 0)
      return std::nullopt;
    if (S.By) {
      std::optional<std::optional<Interval>> By = ValueAt(W.E, S.By);
      if (!By)
        continue; // never runs
      if (!*By || (*By)->Lo < 1)
        return std::nullopt;
    }
    EveryTurn |= llvm::is_contained(Inevitable, W.E);
  }
  auto Start = Entering.find(I);
  std::optional<Interval> Limit = H.Evaluate(Bound, Entering);
  if (!EveryTurn || Start == Entering.end() || !Limit)
    return std::nullopt;
  WideInt Turns = Limit->Hi - Start->second.Lo + (Op == BO_LE ? 1 : 0);
  return std::max<WideInt>(Turns, 0);
}

Constraints FlowRanges::boundsOfLoop(const CFGBlock &Head,
                                     const CFGBlock &Test, const Stmt *Loop,
                                     const BlockStates &Entry) const {
  const Expr *Cond = nullptr;
  const Stmt *Body = nullptr, *Inc = nullptr;
  if (const auto *While = dyn_cast<WhileStmt>(Loop)) {
    if (While->getConditionVariable())
      return Constraints();
    Cond = While->getCond();
    Body = While->getBody();
  } else {
    const auto *For = cast<ForStmt>(Loop);
    if (For->getConditionVariable())
      return Constraints();
    Cond = For->getCond();
    Body = For->getBody();
    Inc = For->getInc();
  }
  if (!Cond || !Body || Test.succ_size() != 2)
    return Constraints();

  // The statements every turn runs whole: the increment, and the body's
  // own statements when no `continue` can skip them.
  llvm::SmallVector<const Expr *, 4> Inevitable, InBody;
  if (!turnStatements(Loop, Inevitable, InBody))
    return Constraints();

  LoopScan Scan;
  scanLoop(Cond, Scan, /*InCondition=*/true, 0, 0);
  scanLoop(Inc, Scan, false, 0, 0);
  scanLoop(Body, Scan, false, 0, 0);
  if (Scan.EnteredInside)
    return Constraints();
  if (!Scan.Continues)
    Inevitable.append(InBody.begin(), InBody.end());

  // The state on the edge into the body: where the whole condition holds.
  State Out = Entry[Test.getBlockID()];
  for (unsigned I = 0; I < Test.size() && Out.Reachable; ++I)
    step(Test[I], Out, Walk());
  if (!Out.Reachable)
    return Constraints();
  State Inside = along(Test, Out, 0);

  // The value an expression of the loop can take where it runs.
  auto ValueAt = [&](const Expr *Site,
                     const Expr *E) -> std::optional<std::optional<Interval>> {
    std::optional<PointFacts> At = stateBefore(Site, Entry, Walk(), nullptr);
    if (!At)
      return std::optional<std::optional<Interval>>(std::in_place,
                                                    std::nullopt);
    if (At->Unreachable)
      return std::nullopt; // never runs
    return std::optional<std::optional<Interval>>(std::in_place,
                                                  H.Evaluate(E, At->Known));
  };

  // What comes into the loop from outside: every edge into the head but
  // the loop's own back edges.
  State Entering;
  bool BackEdge = false;
  for (const CFGBlock::AdjacentBlock &P : Head.preds()) {
    const CFGBlock *Pred = P.getReachableBlock();
    if (!Pred)
      continue;
    if (Pred->getLoopTarget() == Loop) {
      BackEdge = true;
      continue;
    }
    State PredOut = Entry[Pred->getBlockID()];
    for (unsigned I = 0; I < Pred->size() && PredOut.Reachable; ++I)
      step((*Pred)[I], PredOut, Walk());
    if (!PredOut.Reachable)
      continue;
    unsigned Index = 0;
    for (const CFGBlock::AdjacentBlock &Succ : Pred->succs()) {
      unsigned I = Index++;
      if (Succ.getReachableBlock() == &Head)
        join(Entering, along(*Pred, PredOut, I));
    }
  }
  if (!BackEdge || !Entering.Reachable)
    return Constraints();

  // A halved variable: the condition keeps it at 1 or more, every store to
  // it in the loop keeps it at 0 or more and makes it no larger, and one
  // every turn runs at least halves it. So it never exceeds what it held on
  // entering (M), and the k-th test that holds sees at most M / 2^(k-1) >=
  // 1: the body runs at most (bits of M) times.
  Constraints Bounds;
  std::optional<WideInt> Trips;
  for (const Expr *E : Inevitable) {
    Halving Half = halvingOf(E);
    if (!Half.V || !Interval::ofType(Half.V->getType(), Ctx) ||
        !H.IsTracked(Half.V) || Scan.Declared.count(Half.V))
      continue;
    auto Known = Inside.Known.find(Half.V);
    auto Start = Entering.Known.find(Half.V);
    if (Known == Inside.Known.end() || Known->second.Lo < 1 ||
        Start == Entering.Known.end())
      continue;
    bool Shrinks = true;
    for (const LoopWrite &W : Scan.Writes.lookup(Half.V)) {
      Halving Other = halvingOf(W.E);
      if (W.InCondition || Other.V != Half.V) {
        Shrinks = false;
        break;
      }
      std::optional<std::optional<Interval>> By = ValueAt(W.E, Other.By);
      if (!By)
        continue;
      // This store divides by at least 2 if it is the one every turn runs,
      // by at least 1 otherwise.
      WideInt Least = (W.E == E ? 1 : 0) + (Other.Shift ? 0 : 1);
      if (!*By || (*By)->Lo < Least || (Other.Shift && (*By)->Hi >= 64)) {
        Shrinks = false;
        break;
      }
    }
    if (!Shrinks)
      continue;
    // (What the first narrowing rounds left inside the loop may still be
    // above what comes in: each round halves it only once.)
    WideInt Most = std::min(Known->second.Hi, Start->second.Hi);
    Bounds[Half.V] = {std::min<WideInt>(Start->second.Lo, 0),
                      Start->second.Hi};
    WideInt Bits = 0;
    for (WideInt M = Most; M > 0; M >>= 1)
      ++Bits;
    if (!Trips || Bits < *Trips)
      Trips = Bits;
  }
  // A counted loop runs its body at most as many times as its counter can
  // step up to the bound: a count of the ranks that pass a test, one at a
  // turn of `for (i = 0; i < np; i++)`, stays below np.
  if (std::optional<WideInt> Counted =
          countedTrips(Cond, Inevitable, Scan, Entering.Known, H, ValueAt))
    if (!Trips || *Counted < *Trips)
      Trips = Counted;
  if (!Trips)
    return Bounds;

  // A stepped variable: every store to it in the loop adds a bounded step,
  // at most once a turn (not in an inner loop, not in the condition).
  for (const auto &[V, Writes] : Scan.Writes) {
    std::optional<Interval> Type = Interval::ofType(V->getType(), Ctx);
    auto Start = Entering.Known.find(V);
    if (!Type || Start == Entering.Known.end() || !H.IsTracked(V) ||
        Scan.Declared.count(V))
      continue;
    WideInt Down = 0, Up = 0;
    bool Steps = true;
    for (const LoopWrite &W : Writes) {
      Stepping S = steppingOf(W.E);
      if (W.InCondition || W.InInnerLoop || S.V != V ||
          (S.By && S.By->HasSideEffects(Ctx))) {
        Steps = false;
        break;
      }
      if (!S.By) {
        (S.Sign > 0 ? Up : Down) += S.Sign;
        continue;
      }
      std::optional<std::optional<Interval>> By = ValueAt(W.E, S.By);
      if (!By)
        continue;
      if (!*By) {
        Steps = false;
        break;
      }
      Interval D = S.Sign > 0 ? **By : Interval{-(*By)->Hi, -(*By)->Lo};
      // Steps beyond any 64-bit type bound nothing; summing them could
      // leave 128 bits.
      const WideInt Huge = WideInt(1) << 80;
      if (D.Lo < -Huge || D.Hi > Huge) {
        Steps = false;
        break;
      }
      Down += std::min<WideInt>(D.Lo, 0);
      Up += std::max<WideInt>(D.Hi, 0);
    }
    if (!Steps)
      continue;
    Interval Bound{Start->second.Lo + *Trips * Down,
                   Start->second.Hi + *Trips * Up};
    // Every value on the way lies within Bound: none wraps.
    if (Bound.within(*Type))
      Bounds[V] = Bound;
  }
  return Bounds;
}


void FlowRanges::listFirstAccesses() {
  FirstAccessesListed = true;
  for (const CFGBlock *B : Blocks) {
    if (!B)
      continue;
    // The CFG lists an assignment's left side before the assignment: a
    // name replaced there is no read.
    llvm::SmallPtrSet<const DeclRefExpr *, 4> Replaced;
    for (const CFGElement &E : *B)
      if (const DeclRefExpr *Name = replacedName(E))
        Replaced.insert(Name);
    auto Access = [&](const VarDecl *V, bool Read) {
      FirstAccessOf[V].try_emplace(B->getBlockID(), Read);
    };
    for (const CFGElement &E : *B) {
      std::optional<CFGStmt> S = E.getAs<CFGStmt>();
      if (!S)
        continue;
      if (const auto *Ref = dyn_cast<DeclRefExpr>(S->getStmt())) {
        if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
            V && !Replaced.count(Ref))
          Access(V, /*Read=*/true);
      } else if (const DeclRefExpr *Name = replacedName(E)) {
        Access(cast<VarDecl>(Name->getDecl()), /*Read=*/false);
      } else if (const auto *D = dyn_cast<DeclStmt>(S->getStmt())) {
        for (const Decl *Declared : D->decls())
          if (const auto *V = dyn_cast<VarDecl>(Declared);
              V && V->hasLocalStorage())
            Access(V, /*Read=*/false);
      }
    }
  }
}

const llvm::DenseSet<unsigned> &FlowRanges::liveOnEntry(const VarDecl *V) {
  auto [It, New] = LiveOnEntry.try_emplace(V);
  llvm::DenseSet<unsigned> &Live = It->second;
  if (!New)
    return Live;
  if (!FirstAccessesListed)
    listFirstAccesses();
  const FirstAccesses &First = FirstAccessOf[V];
  std::deque<const CFGBlock *> Work;
  for (const auto &[ID, Read] : First)
    if (Read && Live.insert(ID).second)
      Work.push_back(Blocks[ID]);
  while (!Work.empty()) {
    const CFGBlock *B = Work.front();
    Work.pop_front();
    for (const CFGBlock::AdjacentBlock &P : B->preds()) {
      const CFGBlock *Pred = P.getReachableBlock();
      if (!Pred || Live.contains(Pred->getBlockID()))
        continue;
      // A block that replaces V first passes on nothing of what it held.
      auto Access = First.find(Pred->getBlockID());
      if (Access != First.end() && !Access->second)
        continue;
      Live.insert(Pred->getBlockID());
      Work.push_back(Pred);
    }
  }
  return Live;
}

bool FlowRanges::readsValueOnEntry(const VarDecl *V) {
  return !Failed && liveOnEntry(V).contains(Graph->getEntry().getBlockID());
}

void FlowRanges::solve() {
  Solved = true;
  if (Failed)
    return;
  State In;
  In.Reachable = true;
  In.Known = Initial;
  const CFGBlock &Start = Graph->getEntry();
  Solving = true;
  Failed = !propagate(Start, 0, std::move(In), Walk(), Entry);
  Solving = false;
  // The entry block's own state is the one the walk started with.
  Entry.slot(Start.getBlockID()).Reachable = true;
}

std::optional<PointFacts>
FlowRanges::stateBefore(const Stmt *S, const BlockStates &Entries,
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
  if (Failed || Solving)
    return std::nullopt;
  return stateBefore(S, Entry, Walk(), nullptr);
}

/// Whether \p Store (an assignment, or an initializer) stores a constant.
static bool isConstantStore(const Stmt *Store, const ASTContext &Ctx) {
  const auto *Value = dyn_cast<Expr>(Store);
  if (const auto *Assign = dyn_cast<BinaryOperator>(Store))
    Value = Assign->getOpcode() == BO_Assign ? Assign->getRHS() : nullptr;
  Expr::EvalResult K;
  return Value && !Value->isValueDependent() && Value->EvaluateAsInt(K, Ctx);
}

std::optional<PointFacts> FlowRanges::between(const Stmt *Store,
                                              const VarDecl *V,
                                              const Stmt *Use) {
  if (!Solved)
    solve();
  auto From = Position.find(Store);
  auto To = Position.find(Use);
  if (Failed || Solving || From == Position.end() || To == Position.end())
    return std::nullopt;
  auto [BlockID, Index] = From->second;
  std::shared_ptr<const StoreWalk> Past =
      walkFrom(Store, V, BlockID, Index, readsStored(Use, V));
  if (!Past->AfterStore)
    return PointFacts{true, Constraints()};
  if (!Past->Finished)
    return std::nullopt;
  Walk W;
  W.Stored = V;
  // A use later in the store's own block is reached straight on; Entries
  // holds only what comes back to the block through a loop.
  std::optional<State> Direct;
  if (To->second.first == BlockID && To->second.second > Index) {
    const CFGBlock *B = Blocks[BlockID];
    Direct = *Past->AfterStore;
    for (unsigned I = Index + 1; I < To->second.second && Direct->Reachable;
         ++I)
      step((*B)[I], *Direct, W);
  }
  return stateBefore(Use, Past->Entries, W, Direct ? &*Direct : nullptr);
}

std::shared_ptr<const FlowRanges::StoreWalk>
FlowRanges::walkFrom(const Stmt *Store, const VarDecl *V, unsigned BlockID,
                     unsigned Index, bool UpToReads) {
  WalkKey Key{Store, V, unsigned(UpToReads)};
  if (auto It = StoreWalks.find(Key); It != StoreWalks.end())
    return It->second;
  auto Past = std::make_shared<StoreWalk>();
  const CFGBlock *B = Blocks[BlockID];
  // The state just after the store.
  State In = Entry[BlockID];
  for (unsigned I = 0; I <= Index && In.Reachable; ++I)
    transfer((*B)[I], In);
  if (In.Reachable) {
    // What V holds now is the stored value, not what the value read from
    // V (`n = n * 2`). A constant stored is known, until the first branch:
    // `n = -1; ... if (n == -1) return;` never gets past the test.
    if (!isConstantStore(Store, Ctx))
      In.Known.erase(V);
    In.Frozen.insert(V);
    Past->AfterStore = In;
    Walk W;
    W.Stored = V;
    if (UpToReads)
      W.Live = &liveOnEntry(V);
    // Past the store, through the rest of its block and on.
    Past->Finished = propagate(*B, Index + 1, std::move(In), W, Past->Entries);
  }
  if (StoreWalks.size() >= StoreWalksKept)
    StoreWalks.clear();
  StoreWalks[Key] = Past;
  return Past;
}

} // namespace mpix
