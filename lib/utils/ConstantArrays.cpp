//===-- ConstantArrays.cpp - Known contents of small int arrays -----------===//

#include "ConstantArrays.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include <cstdint>

using namespace clang;

namespace mpix {

//===----------------------------------------------------------------------===//
// ArrayFacts
//===----------------------------------------------------------------------===//

/// Whether passing an array to a parameter of type \p T lets the callee write
/// it. A missing parameter (variadic, unprototyped) may.
static bool mayWriteThrough(const FunctionDecl *F, unsigned Index) {
  if (!F || Index >= F->getNumParams())
    return true;
  QualType T = F->getParamDecl(Index)->getType();
  if (const auto *P = T->getAs<PointerType>())
    return !P->getPointeeType().isConstQualified();
  if (T->isReferenceType())
    return !T.getNonReferenceType().isConstQualified();
  return false;
}

llvm::ArrayRef<uint8_t>
ArrayFacts::parameterTraits(const FunctionDecl *F) const {
  auto [It, Inserted] = CalleeTraits.try_emplace(F);
  if (Inserted && F)
    for (unsigned I = 0; I < F->getNumParams(); ++I)
      It->second.push_back(
          (F->getParamDecl(I)->getType()->isReferenceType() ? ByReference : 0) |
          (mayWriteThrough(F, I) ? WritableThrough : 0));
  return It->second;
}

void ArrayFacts::recordDeclaration(const VarDecl *V) {
  if (V->getType()->isReferenceType())
    if (const VarDecl *Target = referencedVariable(V->getInit()))
      ReferenceBound.insert(Target);
}

const ArrayFacts::Summary &ArrayFacts::summaryOf(const VarDecl *V) const {
  auto [It, Inserted] = Summaries.try_emplace(V);
  if (Inserted && Facts) {
    Summary S;
    for (const DeclRefExpr *Use : Facts->usesOf(V))
      summarizeUse(Use, V, S);
    // summarizeUse does not touch Summaries, so It is still valid.
    It->second = std::move(S);
  }
  return It->second;
}

/// The outermost of the parentheses and casts around \p E (E itself when
/// there are none); with \p ImplicitOnly, explicit casts stop the climb.
static const Expr *wrapped(const Expr *E, const FunctionFacts &Facts,
                           bool ImplicitOnly = false) {
  for (const Stmt *P = Facts.parentOf(E); P; P = Facts.parentOf(P)) {
    if (!isa<ParenExpr, ImplicitCastExpr>(P) &&
        (ImplicitOnly || !isa<CastExpr>(P)))
      break;
    E = cast<Expr>(P);
  }
  return E;
}

static bool isLoad(const Stmt *S) {
  const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(S);
  return Cast && Cast->getCastKind() == CK_LValueToRValue;
}

// The walk used to record, at each load, call and `&`, the variable its
// operand names through parentheses and casts; here each use climbs the
// same parentheses and casts to find them.
void ArrayFacts::summarizeUse(const DeclRefExpr *Use, const VarDecl *V,
                              Summary &S) const {
  // V, (V), (long)V ... read as a value, and V[i] read through its base;
  // outermost first, as the walk met them.
  llvm::SmallVector<const Expr *, 2> Loads;
  for (const Stmt *P = Facts->parentOf(Use); P && isa<ParenExpr, CastExpr>(P);
       P = Facts->parentOf(P))
    if (isLoad(P))
      Loads.push_back(cast<Expr>(P));
  const Expr *Top = wrapped(Use, *Facts);
  const Stmt *Parent = Facts->parentOf(Top);
  if (const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(Parent)) {
    if (ASE->getBase() == Top) {
      const Stmt *Above = Facts->parentOf(ASE);
      while (isa_and_nonnull<ParenExpr>(Above))
        Above = Facts->parentOf(Above);
      if (isLoad(Above))
        Loads.push_back(cast<Expr>(Above));
    }
  }
  S.Reads.append(Loads.rbegin(), Loads.rend());
  if (isa_and_nonnull<ArraySubscriptExpr>(Parent))
    return;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Parent)) {
    if (U->getOpcode() != UO_AddrOf)
      return;
    ++S.AddressTaken;
    const Expr *Arg = wrapped(U, *Facts, /*ImplicitOnly=*/true);
    if (const auto *Call = dyn_cast_or_null<CallExpr>(Facts->parentOf(Arg)))
      recordArgument(Call, Arg, V, /*AddressOf=*/true, S);
    return;
  }
  if (const auto *Call = dyn_cast_or_null<CallExpr>(Parent))
    recordArgument(Call, Top, V, /*AddressOf=*/false, S);
}

void ArrayFacts::recordArgument(const CallExpr *Call, const Expr *Arg,
                                const VarDecl *V, bool AddressOf,
                                Summary &S) const {
  // The callee is a child of the call too (a function pointer).
  unsigned I = 0;
  while (I < Call->getNumArgs() && Call->getArg(I) != Arg)
    ++I;
  if (I == Call->getNumArgs())
    return;
  if (AddressOf)
    ++S.AddressPassed;
  llvm::ArrayRef<uint8_t> Traits = parameterTraits(Call->getDirectCallee());
  // A missing parameter (variadic, unprototyped) may write.
  uint8_t Param = I < Traits.size() ? Traits[I] : uint8_t(WritableThrough);
  if ((AddressOf || (Param & ByReference) || V->getType()->isArrayType() ||
       V->getType()->isPointerType()) &&
      (Param & WritableThrough))
    S.MutatingCalls.push_back(Call);
}

//===----------------------------------------------------------------------===//
// Known values
//===----------------------------------------------------------------------===//

std::optional<int64_t> knownInt(const Expr *E, const LocalKnowledge &K,
                                ASTContext &Ctx) {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (E->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().tryExtValue();
  if (!K.Ranges)
    return std::nullopt;
  std::optional<RangeAnalysis::Result> Range =
      K.Ranges->evaluate(E, Constraints());
  if (!Range || !Range->Range.isExact() || Range->Range.Lo < INT64_MIN ||
      Range->Range.Lo > INT64_MAX)
    return std::nullopt;
  return int64_t(Range->Range.Lo);
}

static bool isBefore(const Stmt *A, const Stmt *B, ASTContext &Ctx) {
  return Ctx.getSourceManager().isBeforeInTranslationUnit(A->getBeginLoc(),
                                                          B->getBeginLoc());
}

/// Whether \p S runs every time its function does up to that point: no
/// branch or loop encloses it, only blocks.
static bool isStraightLine(const Stmt *S, const FunctionFacts &Facts) {
  for (const Stmt *P = Facts.parentOf(S); P; S = P, P = Facts.parentOf(P)) {
    if (isa<CompoundStmt>(P))
      continue;
    if (isa<ParenExpr, ExprWithCleanups, ImplicitCastExpr>(P))
      continue;
    return false;
  }
  return true;
}

using Elements = llvm::SmallVector<std::optional<int64_t>, 8>;

static const InitListExpr *initializerList(const VarDecl *V) {
  const Expr *Init = V->getInit();
  return Init ? dyn_cast<InitListExpr>(Init->IgnoreImplicit()) : nullptr;
}

/// Elements an initializer gives; the ones it leaves out are zero.
static void applyInitializer(const InitListExpr *List, Elements &Values,
                             const LocalKnowledge &K, ASTContext &Ctx) {
  if (!List)
    return;
  for (unsigned I = 0; I < Values.size(); ++I)
    Values[I] = I < List->getNumInits() ? knownInt(List->getInit(I), K, Ctx)
                                        : std::optional<int64_t>(0);
}

/// The index of `a[i]` or of a std::vector's `v[i]`.
static const Expr *subscriptOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return ASE->getIdx();
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E))
    if (Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2)
      return Op->getArg(1);
  return nullptr;
}

/// Most elements a loop fill is followed for.
static constexpr int64_t MaxFilledElements = 1 << 16;

std::optional<FillLoop> fillLoopOf(const BinaryOperator *Store,
                                   const LocalKnowledge &K, ASTContext &Ctx) {
  const Expr *IndexExpr = subscriptOf(Store->getLHS());
  if (!IndexExpr || !K.Facts)
    return std::nullopt;
  const Stmt *Child = Store;
  const Stmt *P = K.Facts->parentOf(Store);
  while (P && isa<CompoundStmt, ExprWithCleanups, ParenExpr>(P))
    Child = P, P = K.Facts->parentOf(P);
  const auto *For = dyn_cast_or_null<ForStmt>(P);
  if (!For || Child != For->getBody() || !isStraightLine(For, *K.Facts))
    return std::nullopt;
  const auto *Counter = dyn_cast_or_null<VarDecl>(
      referencedVariable(IndexExpr));
  if (!Counter)
    return std::nullopt;
  // Started at a constant by the init, counted up by one, below a constant.
  const Expr *Start = nullptr;
  if (const auto *D = dyn_cast_or_null<DeclStmt>(For->getInit()))
    Start = D->isSingleDecl() && D->getSingleDecl() == Counter
                ? Counter->getInit()
                : nullptr;
  else if (const auto *A = dyn_cast_or_null<BinaryOperator>(For->getInit()))
    Start = A->getOpcode() == BO_Assign &&
                    referencedVariable(A->getLHS()) == Counter
                ? A->getRHS()
                : nullptr;
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  const Expr *Inc = For->getInc() ? For->getInc()->IgnoreParenImpCasts()
                                  : nullptr;
  const auto *Step = dyn_cast_or_null<UnaryOperator>(Inc);
  if (!Start || !Cond || !Step || !Step->isIncrementOp() ||
      referencedVariable(Step->getSubExpr()) != Counter ||
      referencedVariable(Cond->getLHS()) != Counter ||
      (Cond->getOpcode() != BO_LT && Cond->getOpcode() != BO_LE))
    return std::nullopt;
  // The init sets the counter; inside the loop only the step changes it.
  for (const FunctionFacts::Write &CW : K.Facts->writesOf(Counter))
    if (CW.Site != Step && CW.Site != For->getInit() &&
        CW.Site != Counter->getInit() && K.Facts->isWithin(CW.Site, For))
      return std::nullopt;
  std::optional<int64_t> From = knownInt(Start, K, Ctx);
  std::optional<int64_t> To = knownInt(Cond->getRHS(), K, Ctx);
  if (!From || !To)
    return std::nullopt;
  if (Cond->getOpcode() == BO_LE)
    ++*To;
  if (*From < 0 || *To - *From > MaxFilledElements)
    return std::nullopt;
  return FillLoop{For, Counter, *From, *To};
}

/// Sets V[A..B) from the fill loop around \p Store to the stored value at
/// each index (evaluated by the value analysis with the counter exact).
/// False for any other store in a loop.
static bool applyLoopStore(const BinaryOperator *Store, Elements &Values,
                           const LocalKnowledge &K, ASTContext &Ctx) {
  std::optional<FillLoop> Loop = fillLoopOf(Store, K, Ctx);
  if (!Loop || !K.Ranges)
    return false;
  for (int64_t I = Loop->From; I < Loop->To; ++I) {
    if (uint64_t(I) >= Values.size())
      break;
    Constraints AtI;
    AtI[Loop->Counter] = Interval::exact(I);
    std::optional<RangeAnalysis::Result> R =
        K.Ranges->evaluate(Store->getRHS(), AtI);
    Values[I] = R && R->Range.isExact() ? std::optional<int64_t>(R->Range.Lo)
                                        : std::nullopt;
  }
  return true;
}

/// Applies `V[c] = value` stores before \p Call; false when a store that can
/// reach the call is not one we can follow. In a loop, a store after the
/// call reaches it on the next iteration.
static bool applyStores(const VarDecl *V, Elements &Values,
                        const CallExpr *Call, const LocalKnowledge &K,
                        ASTContext &Ctx) {
  llvm::DenseSet<const Stmt *> InInitializer;
  if (const InitListExpr *List = initializerList(V))
    for (const Expr *E : List->inits())
      InInitializer.insert(E);
  const Stmt *Loop = K.Facts->outermostLoopAround(Call);
  for (const FunctionFacts::Write &W : K.Facts->elementWritesOf(V)) {
    if (InInitializer.count(W.Site))
      continue;
    if (!isBefore(W.Site, Call, Ctx)) {
      if (K.Facts->isWithin(W.Site, Loop))
        return false;
      continue;
    }
    const auto *Store = dyn_cast<BinaryOperator>(W.Site);
    if (!Store || Store->getOpcode() != BO_Assign)
      return false;
    const Expr *IndexExpr = subscriptOf(Store->getLHS());
    if (!IndexExpr)
      return false;
    if (!isStraightLine(Store, *K.Facts)) {
      if (!applyLoopStore(Store, Values, K, Ctx))
        return false;
      continue;
    }
    std::optional<int64_t> Index = knownInt(IndexExpr, K, Ctx);
    if (!Index || *Index < 0)
      return false;
    if (uint64_t(*Index) < Values.size())
      Values[*Index] = knownInt(W.Value, K, Ctx);
  }
  return true;
}

/// `(int[]){0, 0}`: an array spelled in place.
static const CompoundLiteralExpr *compoundLiteral(const Expr *Arg) {
  return dyn_cast<CompoundLiteralExpr>(Arg->IgnoreParenImpCasts());
}

std::optional<uint64_t> declaredLength(const Expr *Arg) {
  QualType T;
  if (const CompoundLiteralExpr *CL = compoundLiteral(Arg))
    T = CL->getType();
  else if (const VarDecl *V = referencedVariable(Arg))
    T = V->getType();
  else
    return std::nullopt;
  if (const auto *CAT =
          dyn_cast<ConstantArrayType>(T.getCanonicalType().getTypePtr()))
    return CAT->getSize().getZExtValue();
  return std::nullopt;
}

const CXXConstructExpr *vectorConstruction(const VarDecl *V) {
  const auto *Record = V->getType()->getAsCXXRecordDecl();
  if (!V->hasLocalStorage() || !Record || !Record->isInStdNamespace() ||
      !Record->getIdentifier() || Record->getName() != "vector" ||
      !V->getInit())
    return nullptr;
  return dyn_cast<CXXConstructExpr>(V->getInit()->IgnoreImplicit());
}

const InitListExpr *vectorList(const CXXConstructExpr *C) {
  if (C->getNumArgs() == 0)
    return nullptr;
  const auto *List = dyn_cast<CXXStdInitializerListExpr>(
      C->getArg(0)->IgnoreImplicit());
  return List ? dyn_cast<InitListExpr>(List->getSubExpr()->IgnoreImplicit())
              : nullptr;
}

static std::optional<uint64_t> vectorLength(const VarDecl *V,
                                            const LocalKnowledge &K,
                                            ASTContext &Ctx) {
  const CXXConstructExpr *C = vectorConstruction(V);
  if (!C || C->getNumArgs() == 0)
    return std::nullopt;
  if (const InitListExpr *List = vectorList(C))
    return List->getNumInits();
  if (!C->getArg(0)->getType()->isIntegerType())
    return std::nullopt;
  std::optional<int64_t> N = knownInt(C->getArg(0), K, Ctx);
  return N && *N >= 0 ? std::optional<uint64_t>(*N) : std::nullopt;
}

static void applyVectorConstruction(const CXXConstructExpr *C, Elements &Values,
                                    const LocalKnowledge &K, ASTContext &Ctx) {
  if (const InitListExpr *List = vectorList(C))
    return applyInitializer(List, Values, K, Ctx);
  // v(n) holds zeros, v(n, c) copies of c.
  std::optional<int64_t> Fill = 0;
  if (C->getNumArgs() >= 2 && C->getArg(1)->getType()->isIntegerType() &&
      !isa<CXXDefaultArgExpr>(C->getArg(1)))
    Fill = knownInt(C->getArg(1), K, Ctx);
  for (std::optional<int64_t> &E : Values)
    E = Fill;
}

/// Whether every use of the vector \p V reads or stores an element, asks
/// its size, or hands its data to \p Call: nothing else can resize or
/// write it.
static bool usedOnlyByIndexOrBy(const VarDecl *V, const CallExpr *Call,
                                const FunctionFacts &Facts) {
  for (const DeclRefExpr *Use : Facts.usesOf(V)) {
    const Stmt *P = Facts.parentOf(Use);
    if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(P);
        Op && Op->getOperator() == OO_Subscript) {
      // &v[0] hands the data out too.
      const Stmt *Up = Facts.parentOf(Op);
      const auto *Addr = dyn_cast_or_null<UnaryOperator>(Up);
      if (!Addr || Addr->getOpcode() != UO_AddrOf)
        continue;
      P = Addr;
    } else {
      const auto *Member = dyn_cast_or_null<MemberExpr>(P);
      const auto *Method = Member ? dyn_cast<CXXMethodDecl>(
                                        Member->getMemberDecl())
                                  : nullptr;
      if (!Method || !Method->getIdentifier())
        return false;
      if (Method->getName() == "size")
        continue;
      if (!isDataAccessor(Method))
        return false;
      P = Facts.parentOf(Member);
    }
    while (P && isa<ImplicitCastExpr, ParenExpr>(P))
      P = Facts.parentOf(P);
    const Stmt *Holder = P ? Facts.parentOf(P) : nullptr;
    while (Holder && isa<ImplicitCastExpr, ParenExpr>(Holder))
      Holder = Facts.parentOf(Holder);
    if (Holder != Call)
      return false;
  }
  return true;
}

/// Fills \p Values from where \p Arg's elements come from; false when some
/// store to them cannot be followed.
static bool collectElements(const Expr *Arg, Elements &Values,
                            const CallExpr *Call, const LocalKnowledge &K,
                            ASTContext &Ctx) {
  if (const CompoundLiteralExpr *CL = compoundLiteral(Arg)) {
    applyInitializer(dyn_cast<InitListExpr>(CL->getInitializer()), Values, K,
                     Ctx);
    return true;
  }
  const VarDecl *V = arrayVariable(Arg);
  if (!V)
    return false;
  if (const CXXConstructExpr *Vector = vectorConstruction(V)) {
    if (!K.Facts || !usedOnlyByIndexOrBy(V, Call, *K.Facts))
      return false;
    applyVectorConstruction(Vector, Values, K, Ctx);
    return applyStores(V, Values, Call, K, Ctx);
  }
  if (!V->hasLocalStorage()) {
    // A global is known only if nothing can store to it.
    if (!V->getType().isConstQualified())
      return false;
    applyInitializer(initializerList(V), Values, K, Ctx);
    return true;
  }
  if (isa<ParmVarDecl>(V) || !K.Facts || !K.Arrays || K.Facts->escapes(V))
    return false;
  for (const CallExpr *Other : K.Arrays->mutatingCallsOf(V))
    if (Other != Call)
      return false;
  applyInitializer(initializerList(V), Values, K, Ctx);
  return applyStores(V, Values, Call, K, Ctx);
}

std::optional<llvm::SmallVector<int64_t, 8>>
knownElements(const Expr *Arg, std::optional<uint64_t> Count,
              const CallExpr *Call, const LocalKnowledge &K, ASTContext &Ctx) {
  std::optional<uint64_t> Length = declaredLength(Arg);
  if (!Length)
    if (const VarDecl *V = arrayVariable(Arg))
      Length = vectorLength(V, K, Ctx);
  if (!Count)
    Count = Length;
  // Reading past the declared array is a different bug; do not guess.
  if (!Count || (Length && *Count > *Length) || *Count > (1u << 16))
    return std::nullopt;
  Elements Values(*Count);
  if (!collectElements(Arg, Values, Call, K, Ctx))
    return std::nullopt;
  llvm::SmallVector<int64_t, 8> Result;
  for (const std::optional<int64_t> &E : Values) {
    if (!E)
      return std::nullopt;
    Result.push_back(*E);
  }
  return Result;
}

const Expr *readOfUnwrittenOutput(const Expr *Arg, const CallExpr *Call,
                                  const LocalKnowledge &K, ASTContext &Ctx) {
  const Expr *E = Arg->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_AddrOf)
      E = U->getSubExpr();
  const VarDecl *V = referencedVariable(E);
  if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) || V->hasInit() ||
      !K.Facts || !K.Arrays)
    return nullptr;
  const Expr *FirstRead = nullptr;
  for (const Expr *Read : K.Arrays->readsOf(V))
    if (isBefore(Call, Read, Ctx)) {
      FirstRead = Read;
      break;
    }
  if (!FirstRead)
    return nullptr;
  // Anything that stores to V first, before the call or between it and the
  // read, gives the read a value.
  auto StoresFirst = [&](llvm::ArrayRef<FunctionFacts::Write> Writes) {
    return llvm::any_of(Writes, [&](const FunctionFacts::Write &W) {
      return isBefore(W.Site, FirstRead, Ctx);
    });
  };
  if (StoresFirst(K.Facts->writesOf(V)) ||
      StoresFirst(K.Facts->elementWritesOf(V)))
    return nullptr;
  for (const CallExpr *Other : K.Arrays->mutatingCallsOf(V))
    if (Other != Call && isBefore(Other, FirstRead, Ctx))
      return nullptr;
  return FirstRead;
}

} // namespace mpix
