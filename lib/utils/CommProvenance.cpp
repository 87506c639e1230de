//===-- CommProvenance.cpp - Where a communicator comes from --------------===//

#include "CommProvenance.h"
#include "MPIApi.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace mpix {

/// Calls into callees are followed this deep; deeper chains are unknown.
static constexpr unsigned MaxCallDepth = 4;

StringRef mpiName(const FunctionDecl *F) {
  const IdentifierInfo *Id = F ? F->getIdentifier() : nullptr;
  if (!Id)
    return {};
  StringRef Name = Id->getName();
  Name.consume_front("P");
  if (!Name.consume_front("MPIX_") && !Name.consume_front("MPI_"))
    return {};
  return Name;
}

bool hasCommParameter(const FunctionDecl *F) {
  return llvm::any_of(F->parameters(), [](const ParmVarDecl *P) {
    return isMPICommType(P->getType());
  });
}

bool isMPICommType(QualType T) {
  while (!T.isNull()) {
    if (const auto *E = dyn_cast<ElaboratedType>(T.getTypePtr())) {
      T = E->getNamedType();
      continue;
    }
    const auto *TT = dyn_cast<TypedefType>(T.getTypePtr());
    if (!TT)
      return false;
    if (TT->getDecl()->getName() == "MPI_Comm")
      return true;
    T = TT->desugar();
  }
  return false;
}

bool isMacro(const Expr *E, StringRef Name, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (SourceLocation Loc = E->IgnoreParenImpCasts()->getBeginLoc();
       Loc.isMacroID(); Loc = SM.getImmediateMacroCallerLoc(Loc))
    if (Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts()) == Name)
      return true;
  return false;
}

CommProvenance::~CommProvenance() = default;

void CommProvenance::listCallSites() {
  CallSitesListed = true;
  for (const mpix::CallSite &Site : Analyses->unitCalls())
    if (mpiName(Site.Callee).empty() && !hasDependentArgument(Site) &&
        Site.Callee->hasBody() && hasCommParameter(Site.Callee))
      CallSites[Site.Callee->getCanonicalDecl()].push_back(
          {Site.Call, Site.Caller});
}

std::optional<CommOrigin> CommProvenance::originOf(const Expr *Comm,
                                                   const FunctionDecl *F) {
  return originAt(Comm, F, 0);
}

std::optional<CommOrigin> CommProvenance::originAt(const Expr *Comm,
                                                   const FunctionDecl *F,
                                                   unsigned Depth) {
  const VarDecl *V = referencedVariable(Comm);
  if (!V || !F || !V->hasLocalStorage() || !isMPICommType(V->getType()))
    return std::nullopt;
  return originOfVariable(V, F, Depth);
}

/// Both origins name the same creating call; the merge is checked only if
/// every path checked.
static bool merge(std::optional<CommOrigin> &Into, const CommOrigin &O) {
  if (!Into) {
    Into = O;
    return true;
  }
  if (Into->Creator != O.Creator)
    return false;
  Into->NullChecked &= O.NullChecked;
  return true;
}

std::optional<CommOrigin>
CommProvenance::originOfVariable(const VarDecl *V, const FunctionDecl *F,
                                 unsigned Depth) {
  auto Cached = Origins.find(V);
  if (Cached != Origins.end())
    return Cached->second;
  if (!InProgress.insert(V).second)
    return std::nullopt; // c = d; d = c: a cycle says nothing.

  const LocalKnowledge &K = knowledgeOf(F);
  std::optional<CommOrigin> Result;
  bool Known = K.Facts && !K.Arrays->aliased(V);
  if (Known)
    if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
      std::optional<CommOrigin> In = originOfParameter(P, F, Depth);
      Known = In && merge(Result, *In);
    }
  Known = Known && mergeAssignments(V, F, Depth, Result) &&
          mergeCallOutputs(V, F, Depth, Result);
  InProgress.erase(V);
  if (!Known)
    Result.reset();
  Origins[V] = Result;
  return Result;
}

bool CommProvenance::mergeAssignments(const VarDecl *V, const FunctionDecl *F,
                                      unsigned Depth,
                                      std::optional<CommOrigin> &Result) {
  for (const FunctionFacts::Write &W : knowledgeOf(F).Facts->writesOf(V)) {
    // `MPI_Comm c = MPI_COMM_NULL;` before the creating call says nothing
    // about the communicator that is later used.
    if (W.Value && isMacro(W.Value, "MPI_COMM_NULL", Ctx))
      continue;
    std::optional<CommOrigin> O =
        W.Value ? originAt(W.Value, F, Depth) : std::nullopt;
    if (!O || !merge(Result, *O))
      return false;
  }
  return true;
}

bool CommProvenance::mergeCallOutputs(const VarDecl *V, const FunctionDecl *F,
                                      unsigned Depth,
                                      std::optional<CommOrigin> &Result) {
  for (const CallExpr *Call : knowledgeOf(F).Arrays->mutatingCallsOf(V)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const auto *U =
          dyn_cast<UnaryOperator>(Call->getArg(I)->IgnoreParenImpCasts());
      if (U && U->getOpcode() == UO_AddrOf &&
          referencedVariable(U->getSubExpr()) == V) {
        bool Ignore = false;
        std::optional<CommOrigin> O = originOfOutput(Call, I, F, Depth, Ignore);
        if (!Ignore && (!O || !merge(Result, *O)))
          return false;
        continue;
      }
      // Passed by value (an Open MPI handle is a pointer) is not a write;
      // bound to a non-const reference it may be.
      if (referencedVariable(Call->getArg(I)) == V && Callee &&
          I < Callee->getNumParams() &&
          Callee->getParamDecl(I)->getType()->isReferenceType())
        return false;
    }
  }
  return true;
}

/// The argument index of the new communicator of each creating call.
static std::optional<unsigned> newCommIndex(StringRef Name) {
  return llvm::StringSwitch<std::optional<unsigned>>(Name)
      .Case("Cart_create", 5)
      .Case("Cart_sub", 2)
      .Case("Graph_create", 5)
      .Case("Dist_graph_create", 8)
      .Case("Dist_graph_create_adjacent", 9)
      .Default(std::nullopt);
}

std::optional<CommOrigin>
CommProvenance::originOfOutput(const CallExpr *Call, unsigned Index,
                               const FunctionDecl *F, unsigned Depth,
                               bool &Ignore) {
  StringRef Name = mpiName(Call->getDirectCallee());
  // MPI_Comm_free sets the handle to MPI_COMM_NULL: any later use is
  // erroneous whatever the communicator was.
  if (Name == "Comm_free") {
    Ignore = true;
    return std::nullopt;
  }
  // A duplicate keeps the topology of the original (MPI-3.1 §6.4.2).
  if (Name == "Comm_dup" && Index == 1)
    return originAt(Call->getArg(0), F, Depth);
  if (newCommIndex(Name) == Index)
    return CommOrigin{Call, F, false};
  return std::nullopt;
}

/// Functions whose every caller we can see: internal linkage, or defined in
/// the file being analysed.
static bool callersAreVisible(const FunctionDecl *F, const ASTContext &Ctx) {
  return !F->isExternallyVisible() ||
         Ctx.getSourceManager().isInMainFile(F->getLocation());
}

std::optional<CommOrigin>
CommProvenance::originOfParameter(const ParmVarDecl *P, const FunctionDecl *F,
                                  unsigned Depth) {
  if (Depth >= MaxCallDepth || !callersAreVisible(F, Ctx))
    return std::nullopt;
  if (!CallSitesListed)
    listCallSites();
  auto Sites = CallSites.find(F->getCanonicalDecl());
  if (Sites == CallSites.end())
    return std::nullopt;
  unsigned Index = P->getFunctionScopeIndex();
  std::optional<CommOrigin> Result;
  for (const CallSite &Site : Sites->second) {
    if (Index >= Site.Call->getNumArgs())
      return std::nullopt;
    const Expr *Arg = Site.Call->getArg(Index);
    // A recursive call passing the parameter on adds no origin of its own:
    // P's other definitions are merged by originOfVariable.
    if (Site.Caller == F && referencedVariable(Arg) == P)
      continue;
    std::optional<CommOrigin> O = originAt(Arg, Site.Caller, Depth + 1);
    if (!O)
      return std::nullopt;
    O->NullChecked |= isNullChecked(Arg, referencedVariable(Arg), Site.Caller);
    if (!merge(Result, *O))
      return std::nullopt;
  }
  return Result;
}

//===----------------------------------------------------------------------===//
// MPI_COMM_NULL checks
//===----------------------------------------------------------------------===//

/// Whether \p Cond evaluating to \p Truth implies V != MPI_COMM_NULL.
static bool impliesNotNull(const Expr *Cond, bool Truth, const VarDecl *V,
                           const ASTContext &Ctx) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Cond))
    if (U->getOpcode() == UO_LNot)
      return impliesNotNull(U->getSubExpr(), !Truth, V, Ctx);
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  if (!B)
    return false;
  if (B->getOpcode() == BO_LAnd && Truth)
    return impliesNotNull(B->getLHS(), true, V, Ctx) ||
           impliesNotNull(B->getRHS(), true, V, Ctx);
  if (B->getOpcode() == BO_LOr && !Truth)
    return impliesNotNull(B->getLHS(), false, V, Ctx) ||
           impliesNotNull(B->getRHS(), false, V, Ctx);
  if (!B->isEqualityOp())
    return false;
  bool ComparesV = (referencedVariable(B->getLHS()) == V &&
                    isMacro(B->getRHS(), "MPI_COMM_NULL", Ctx)) ||
                   (referencedVariable(B->getRHS()) == V &&
                    isMacro(B->getLHS(), "MPI_COMM_NULL", Ctx));
  return ComparesV && (B->getOpcode() == BO_NE) == Truth;
}

bool CommProvenance::isNullChecked(const Expr *Use, const VarDecl *V,
                                   const FunctionDecl *F) {
  const LocalKnowledge &K = knowledgeOf(F);
  if (!V || !K.Facts)
    return false;
  const Stmt *Child = Use;
  for (const Stmt *P = K.Facts->parentOf(Use); P;
       Child = P, P = K.Facts->parentOf(P)) {
    const Expr *Cond = nullptr;
    bool Truth = true;
    if (const auto *If = dyn_cast<IfStmt>(P)) {
      Cond = Child == If->getCond() ? nullptr : If->getCond();
      Truth = Child == If->getThen();
    } else if (const auto *CO = dyn_cast<ConditionalOperator>(P)) {
      Cond = Child == CO->getCond() ? nullptr : CO->getCond();
      Truth = Child == CO->getTrueExpr();
    } else if (const auto *B = dyn_cast<BinaryOperator>(P)) {
      if (B->isLogicalOp() && Child == B->getRHS()) {
        Cond = B->getLHS();
        Truth = B->getOpcode() == BO_LAnd;
      }
    } else if (const auto *W = dyn_cast<WhileStmt>(P)) {
      Cond = Child == W->getBody() ? W->getCond() : nullptr;
    } else if (const auto *C = dyn_cast<CompoundStmt>(P)) {
      std::optional<unsigned> At = K.Facts->indexInCompound(Child);
      for (const FunctionFacts::Guard &G : K.Facts->guardsIn(C))
        if (At && G.Index < *At && impliesNotNull(G.Cond, false, V, Ctx))
          return true;
    }
    if (Cond && impliesNotNull(Cond, Truth, V, Ctx))
      return true;
  }
  return false;
}

/// The same communicator: the same variable, or the same predefined handle.
static bool sameComm(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  const VarDecl *VA = referencedVariable(A), *VB = referencedVariable(B);
  if (VA || VB)
    return VA == VB;
  for (StringRef Name : {"MPI_COMM_WORLD", "MPI_COMM_SELF"})
    if (isMacro(A, Name, Ctx) && isMacro(B, Name, Ctx))
      return true;
  return false;
}

/// Whether \p R is set by MPI_Comm_rank(Parent, &R) in the function.
static bool isRankIn(const VarDecl *R, const Expr *Parent,
                     const FunctionFacts &Facts, const ASTContext &Ctx) {
  for (const DeclRefExpr *Use : Facts.usesOf(R)) {
    const Stmt *P = Facts.parentOf(Use);
    while (P && isa<ParenExpr, ImplicitCastExpr>(P))
      P = Facts.parentOf(P);
    const auto *AddrOf = dyn_cast_or_null<UnaryOperator>(P);
    if (!AddrOf || AddrOf->getOpcode() != UO_AddrOf)
      continue;
    const Stmt *C = Facts.parentOf(AddrOf);
    while (C && isa<ParenExpr, ImplicitCastExpr>(C))
      C = Facts.parentOf(C);
    const auto *Call = dyn_cast_or_null<CallExpr>(C);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    const ModelInfo *Model = Callee ? lookupModel(*Callee) : nullptr;
    // The caller's own rank in Parent (MPI_Comm_rank).
    if (Model && Model->Role == ModelRole::RANK_OUT &&
        Call->getArg(Model->Out)->IgnoreParenImpCasts() == AddrOf &&
        sameComm(Call->getArg(0), Parent, Ctx))
      return true;
  }
  return false;
}

/// Whether \p Cond evaluating to \p Truth implies that a rank of \p Parent
/// is 0.
static bool impliesRankZero(const Expr *Cond, bool Truth, const Expr *Parent,
                            const FunctionFacts &Facts, const ASTContext &Ctx) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Cond))
    if (U->getOpcode() == UO_LNot)
      return impliesRankZero(U->getSubExpr(), !Truth, Parent, Facts, Ctx);
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  if (!B)
    return false;
  if (B->getOpcode() == BO_LAnd && Truth)
    return impliesRankZero(B->getLHS(), true, Parent, Facts, Ctx) ||
           impliesRankZero(B->getRHS(), true, Parent, Facts, Ctx);
  if (!B->isEqualityOp() || (B->getOpcode() == BO_EQ) != Truth)
    return false;
  auto IsZero = [](const Expr *E) {
    const auto *L = dyn_cast<IntegerLiteral>(E->IgnoreParenImpCasts());
    return L && L->getValue() == 0;
  };
  const VarDecl *R = IsZero(B->getRHS()) ? referencedVariable(B->getLHS())
                     : IsZero(B->getLHS()) ? referencedVariable(B->getRHS())
                                           : nullptr;
  return R && isRankIn(R, Parent, Facts, Ctx);
}

bool CommProvenance::isRankZeroOf(const Expr *Parent, const Expr *Use,
                                  const FunctionDecl *F) {
  const LocalKnowledge &K = knowledgeOf(F);
  if (!Parent || !K.Facts)
    return false;
  const Stmt *Child = Use;
  for (const Stmt *P = K.Facts->parentOf(Use); P;
       Child = P, P = K.Facts->parentOf(P))
    if (const auto *If = dyn_cast<IfStmt>(P))
      if (Child == If->getThen() &&
          impliesRankZero(If->getCond(), true, Parent, *K.Facts, Ctx))
        return true;
  return false;
}

} // namespace mpix
