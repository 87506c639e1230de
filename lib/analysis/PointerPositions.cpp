//===-- PointerPositions.cpp - Differences of pointers into one block -----===//
//
// `base + n - cursor`, with cursor moved forward from base, counts what is
// left of n elements: at most n. The analysis sees it once both pointers
// are known as offsets from one base that stays put while they are formed
// and subtracted. An offset is a range of elements, from the integer
// arithmetic that formed the pointer; a local pointer's offset joins its
// stores', and a step it is moved by (`p += k`, `++p`) leaves the side the
// step cannot move it to where it was.
//
//===----------------------------------------------------------------------===//

#include "analysis/IntervalAnalysis.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace mpix {

struct RangeAnalysis::PointerPosition {
  /// `v`, `v->f`, `v.f.g`: a variable or members reached from one.
  const Expr *Base;
  Interval Offset;
  /// The stores of local pointers the position was read through: the base
  /// must stay put from each of them to the difference.
  llvm::SmallVector<const Stmt *, 4> Sites;
};

/// The variable \p E names, or the one at the root of its members (`v` of
/// `v->f.g`), with the members on the way; null for anything else.
static const VarDecl *
rootOfBase(const Expr *E, llvm::SmallVectorImpl<const FieldDecl *> &Fields) {
  E = E->IgnoreParenImpCasts();
  while (const auto *Member = dyn_cast<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
    if (!Field)
      return nullptr;
    Fields.push_back(Field);
    E = Member->getBase()->IgnoreParenImpCasts();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

/// Whether \p S stores to one of \p Fields of any object, or takes the
/// address of one, after which a store through that address could.
static bool touchesFields(const Stmt *S,
                          llvm::ArrayRef<const FieldDecl *> Fields) {
  if (!S)
    return false;
  const Expr *Target = nullptr;
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
    Target = B->getLHS();
  else if (const auto *U = dyn_cast<UnaryOperator>(S);
           U && (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf))
    Target = U->getSubExpr();
  if (const auto *Member =
          dyn_cast_or_null<MemberExpr>(Target ? Target->IgnoreParenImpCasts()
                                              : nullptr);
      Member && llvm::is_contained(Fields, Member->getMemberDecl()))
    return true;
  return llvm::any_of(S->children(), [&](const Stmt *Child) {
    return touchesFields(Child, Fields);
  });
}

/// Whether a call in \p S could change the members of \p Root's object: an
/// argument names Root and can reach a pointer there, or a method that is
/// not const is called on it. An argument of an arithmetic type, or a
/// pointer to one (`&c->counts[i]`), writes only numbers, and a number is
/// not a pointer member.
static bool callMayChangeObject(const Stmt *S, const VarDecl *Root) {
  if (!S)
    return false;
  auto Harmless = [&](const Expr *Arg) {
    QualType T = Arg->IgnoreParenImpCasts()->getType();
    if (T->isPointerType())
      T = T->getPointeeType();
    return T->isArithmeticType() || !mentionsVariable(Arg, Root);
  };
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(S)) {
    const CXXMethodDecl *Method = Member->getMethodDecl();
    if ((!Method || !Method->isConst()) &&
        mentionsVariable(Member->getImplicitObjectArgument(), Root))
      return true;
  }
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (!llvm::all_of(Call->arguments(), Harmless))
      return true;
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(S))
    if (!llvm::all_of(Construct->arguments(), Harmless))
      return true;
  return llvm::any_of(S->children(), [&](const Stmt *Child) {
    return callMayChangeObject(Child, Root);
  });
}

const Stmt *RangeAnalysis::regionHolding(llvm::ArrayRef<const Stmt *> Sites,
                                         const Stmt *Use) const {
  llvm::SmallPtrSet<const Stmt *, 16> AroundUse;
  for (const Stmt *S = Use; S; S = Facts->parentOf(S))
    AroundUse.insert(S);
  const Stmt *Region = Use;
  for (const Stmt *Site : Sites) {
    const Stmt *Common = Site;
    while (Common && !AroundUse.contains(Common))
      Common = Facts->parentOf(Common);
    if (!Common)
      return nullptr;
    if (Facts->isWithin(Region, Common))
      Region = Common;
  }
  // A loop runs its body again after the use: all of it lies between.
  if (const Stmt *Loop = Facts->outermostLoopAround(Region))
    Region = Loop;
  return Region;
}

bool RangeAnalysis::isSetOnce(const VarDecl *V) const {
  return Facts && holdsOneValue(V, *Facts) && !Facts->isCaptured(V) &&
         !V->getType().isVolatileQualified();
}

bool RangeAnalysis::baseStaysPut(const Expr *Base,
                                 llvm::ArrayRef<const Stmt *> Sites,
                                 const Expr *Use) {
  llvm::SmallVector<const FieldDecl *, 2> Fields;
  const VarDecl *Root = rootOfBase(Base, Fields);
  if (!Root || !isSetOnce(Root))
    return false;
  if (Fields.empty())
    return true;
  // Members may be stored to anywhere the function runs; a jump may come
  // back from anywhere too.
  const Stmt *Body = Facts->parentOf(Use);
  while (Body && Facts->parentOf(Body))
    Body = Facts->parentOf(Body);
  if (!Body || touchesFields(Body, Fields))
    return false;
  const Stmt *Region = Facts->labels().empty() ? regionHolding(Sites, Use)
                                               : Body;
  return Region && !callMayChangeObject(Region, Root);
}

std::optional<RangeAnalysis::PointerPosition>
RangeAnalysis::positionOf(const Expr *P, const Constraints &C, State &S) {
  P = P->IgnoreParens();
  if (const auto *Cast = dyn_cast<CastExpr>(P)) {
    switch (Cast->getCastKind()) {
    case CK_NoOp:
      return positionOf(Cast->getSubExpr(), C, S);
    case CK_ArrayToPointerDecay:
    case CK_LValueToRValue: {
      const Expr *Held = Cast->getSubExpr()->IgnoreParens();
      if (const VarDecl *Local = referencedVariable(Held);
          Local && Local->hasLocalStorage() && !isa<ParmVarDecl>(Local) &&
          Local->getType()->isPointerType())
        if (std::optional<PointerPosition> Derived = positionOfLocal(Local);
            Derived || !isSetOnce(Local))
          return Derived;
      llvm::SmallVector<const FieldDecl *, 2> Fields;
      if (!rootOfBase(Held, Fields))
        return std::nullopt;
      return PointerPosition{Held, Interval::exact(0), {}};
    }
    default:
      return std::nullopt; // `(char *)p` counts in other elements.
    }
  }
  if (const auto *Choice = dyn_cast<ConditionalOperator>(P)) {
    std::optional<PointerPosition> Then = positionOf(Choice->getTrueExpr(), C, S);
    std::optional<PointerPosition> Else =
        Then ? positionOf(Choice->getFalseExpr(), C, S) : std::nullopt;
    if (!Else || !sameExpression(Then->Base, Else->Base, Ctx))
      return std::nullopt;
    Then->Offset = Then->Offset.join(Else->Offset);
    Then->Sites.append(Else->Sites.begin(), Else->Sites.end());
    return Then;
  }
  const Expr *Pointer = nullptr, *Index = nullptr;
  bool Backwards = false;
  if (const auto *B = dyn_cast<BinaryOperator>(P);
      B && B->isAdditiveOp() && P->getType()->isPointerType()) {
    bool LeftIsPointer = B->getLHS()->getType()->isPointerType();
    Pointer = LeftIsPointer ? B->getLHS() : B->getRHS();
    Index = LeftIsPointer ? B->getRHS() : B->getLHS();
    Backwards = B->getOpcode() == BO_Sub;
  } else if (const auto *U = dyn_cast<UnaryOperator>(P);
             U && U->getOpcode() == UO_AddrOf) {
    const auto *Element =
        dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParens());
    if (!Element)
      return std::nullopt;
    Pointer = Element->getBase();
    Index = Element->getIdx();
  } else {
    return std::nullopt;
  }
  std::optional<PointerPosition> At = positionOf(Pointer, C, S);
  std::optional<Interval> By = At ? eval(Index, C, S) : std::nullopt;
  if (!By)
    return std::nullopt;
  At->Offset = Backwards ? Interval{At->Offset.Lo - By->Hi, At->Offset.Hi - By->Lo}
                         : Interval{At->Offset.Lo + By->Lo, At->Offset.Hi + By->Hi};
  return At;
}

/// How far a store that moves \p V from where it was moves it, in
/// elements (`p += k`, `p = p - 1`, `++p`); none for any other store.
std::optional<Interval>
RangeAnalysis::stepOf(const VarDecl *V, const FunctionFacts::Write &W) {
  State Ignored;
  if (const auto *U = dyn_cast<UnaryOperator>(W.Site);
      U && U->isIncrementDecrementOp())
    return Interval::exact(U->isIncrementOp() ? 1 : -1);
  const auto *B = dyn_cast<BinaryOperator>(W.Site);
  if (!B)
    return std::nullopt;
  const Expr *Index = nullptr;
  bool Backwards = false;
  if (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign) {
    Index = B->getRHS();
    Backwards = B->getOpcode() == BO_SubAssign;
  } else if (const auto *Sum =
                 dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParens());
             B->getOpcode() == BO_Assign && Sum && Sum->isAdditiveOp() &&
             referencedVariable(Sum->getLHS()) == V) {
    Index = Sum->getRHS();
    Backwards = Sum->getOpcode() == BO_Sub;
  }
  std::optional<Interval> By =
      Index ? eval(Index, constraintsAt(W.Site), Ignored) : std::nullopt;
  if (!By)
    return std::nullopt;
  return Backwards ? Interval{-By->Hi, -By->Lo} : *By;
}

std::optional<RangeAnalysis::PointerPosition>
RangeAnalysis::positionOfLocal(const VarDecl *V) {
  if (!Facts || Facts->escapes(V) || Facts->isCaptured(V) ||
      !PositionsInProgress.insert(V).second)
    return std::nullopt;
  std::optional<PointerPosition> Position;
  bool MovesBack = false, MovesOn = false, Known = true;
  llvm::SmallVector<const Stmt *, 4> Steps;
  for (const FunctionFacts::Write &W : Facts->writesOf(V)) {
    if (std::optional<Interval> Step = stepOf(V, W)) {
      MovesBack |= Step->Lo < 0;
      MovesOn |= Step->Hi > 0;
      Steps.push_back(W.Site);
      continue;
    }
    State Ignored;
    std::optional<PointerPosition> Stored =
        W.Value && W.Replaces
            ? positionOf(W.Value, constraintsAt(W.Site), Ignored)
            : std::nullopt;
    if (!Stored ||
        (Position && !sameExpression(Position->Base, Stored->Base, Ctx))) {
      Known = false;
      break;
    }
    Stored->Sites.push_back(W.Site);
    if (!Position) {
      Position = std::move(*Stored);
      continue;
    }
    Position->Offset = Position->Offset.join(Stored->Offset);
    Position->Sites.append(Stored->Sites.begin(), Stored->Sites.end());
  }
  PositionsInProgress.erase(V);
  if (!Position || !Known)
    return std::nullopt;
  Position->Sites.append(Steps.begin(), Steps.end());
  // Steps add up over the runs of a loop: only their sign is kept.
  std::optional<Interval> Anywhere =
      Interval::ofType(Ctx.getPointerDiffType(), Ctx);
  if (MovesBack)
    Position->Offset.Lo = Anywhere->Lo;
  if (MovesOn)
    Position->Offset.Hi = Anywhere->Hi;
  return Position;
}

std::optional<Interval>
RangeAnalysis::pointerDifference(const BinaryOperator *D, const Constraints &C,
                                 State &S) {
  if (D->getOpcode() != BO_Sub || !D->getLHS()->getType()->isPointerType() ||
      !D->getRHS()->getType()->isPointerType())
    return std::nullopt;
  std::optional<PointerPosition> To = positionOf(D->getLHS(), C, S);
  std::optional<PointerPosition> From =
      To ? positionOf(D->getRHS(), C, S) : std::nullopt;
  if (!From || !sameExpression(To->Base, From->Base, Ctx))
    return std::nullopt;
  llvm::SmallVector<const Stmt *, 8> Sites(To->Sites.begin(), To->Sites.end());
  Sites.append(From->Sites.begin(), From->Sites.end());
  if (!baseStaysPut(To->Base, Sites, D))
    return std::nullopt;
  return clampTo(D->getType(),
                 {To->Offset.Lo - From->Offset.Hi, To->Offset.Hi - From->Offset.Lo},
                 D, false, S);
}

} // namespace mpix
