//===-- TypeMigration.cpp - Widening int locals for large counts ----------===//

#include "TypeMigration.h"
#include "analysis/IntervalAnalysis.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace mpix {

StringRef largeElementType(const ParamInfo &P) {
  StringRef T = P.LargeType;
  T.consume_front("const ");
  T.consume_back(" *");
  return T;
}

const VarDecl *outputVariable(const Expr *Arg) {
  if (const auto *U = dyn_cast<UnaryOperator>(Arg->IgnoreParenImpCasts()))
    if (U->getOpcode() == UO_AddrOf)
      return referencedVariable(U->getSubExpr());
  return nullptr;
}

SmallVector<LargeFormArgument, 4>
largeFormArguments(const CallExpr *Call, const FunctionInfo &F, ASTContext &Ctx) {
  SmallVector<LargeFormArgument, 4> Found;
  for (unsigned I = 0; I < F.Params.size(); ++I) {
    const ParamInfo &P = F.Params[I];
    if (P.ClassicType == P.LargeType || !StringRef(P.ClassicType).ends_with("*"))
      continue;
    const Expr *Arg = Call->getArg(I);
    if (Arg->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
      continue;
    bool Output = P.Kind == ParamKind::CountOut ||
                  P.Role == ParamRole::AINT_COUNT_OUT;
    Found.push_back({Arg, Output ? outputVariable(Arg) : viewedArray(Arg),
                     largeElementType(P)});
  }
  return Found;
}

StringRef datatypeFor(StringRef ElementType) {
  return ElementType == "MPI_Aint" ? "MPI_AINT" : "MPI_COUNT";
}

namespace {

/// A range of the file the user wrote, or an invalid one inside a macro body.
CharSourceRange fileRange(SourceRange R, const ASTContext &Ctx) {
  return Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R),
                                  Ctx.getSourceManager(), Ctx.getLangOpts());
}

StringRef textOf(CharSourceRange R, const ASTContext &Ctx) {
  return Lexer::getSourceText(R, Ctx.getSourceManager(), Ctx.getLangOpts());
}

/// The `int` an int, int[N], int * or std::vector<int> is spelled with.
TypeLoc intSpelling(TypeLoc TL) {
  TL = TL.getUnqualifiedLoc();
  if (auto Elaborated = TL.getAs<ElaboratedTypeLoc>())
    return intSpelling(Elaborated.getNamedTypeLoc());
  if (auto Array = TL.getAs<ArrayTypeLoc>())
    return intSpelling(Array.getElementLoc());
  if (auto Pointer = TL.getAs<PointerTypeLoc>())
    return intSpelling(Pointer.getPointeeLoc());
  if (auto Specialization = TL.getAs<TemplateSpecializationTypeLoc>()) {
    const TemplateDecl *Template =
        Specialization.getTypePtr()->getTemplateName().getAsTemplateDecl();
    if (Template && Template->getQualifiedNameAsString() == "std::vector" &&
        Specialization.getNumArgs() >= 1 &&
        Specialization.getArgLoc(0).getArgument().getKind() ==
            TemplateArgument::Type)
      return intSpelling(
          Specialization.getArgLoc(0).getTypeSourceInfo()->getTypeLoc());
  }
  if (auto Builtin = TL.getAs<BuiltinTypeLoc>())
    if (Builtin.getTypePtr()->getKind() == BuiltinType::Int)
      return TL;
  return TypeLoc();
}

bool replaceIntSpelling(TypeLoc TL, StringRef NewType, const ASTContext &Ctx,
                        FixPlan &Plan, SourceLocation Where) {
  TypeLoc Int = intSpelling(TL);
  CharSourceRange Range = Int ? fileRange(Int.getSourceRange(), Ctx)
                              : CharSourceRange();
  if (!Range.isValid() || textOf(Range, Ctx) != "int") {
    Plan.block(Where, "its type is not spelled as a plain 'int'");
    return false;
  }
  Plan.Hints.push_back(FixItHint::CreateReplacement(Range, NewType));
  return true;
}

/// sizeof(int) inside an allocation size.
const UnaryExprOrTypeTraitExpr *sizeofInt(const Stmt *S) {
  if (const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(S))
    if (U->getKind() == UETT_SizeOf && U->isArgumentType() &&
        U->getArgumentType()->isSpecificBuiltinType(BuiltinType::Int))
      return U;
  for (const Stmt *Child : S->children())
    if (Child)
      if (const auto *Found = sizeofInt(Child))
        return Found;
  return nullptr;
}

/// sizeof *V or sizeof V[0] inside an allocation size.
bool sizeofElementOf(const Stmt *S, const VarDecl *V) {
  if (const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(S))
    if (U->getKind() == UETT_SizeOf && !U->isArgumentType()) {
      const Expr *Arg = U->getArgumentExpr()->IgnoreParens();
      if (const auto *Deref = dyn_cast<UnaryOperator>(Arg))
        if (Deref->getOpcode() == UO_Deref &&
            referencedVariable(Deref->getSubExpr()) == V)
          return true;
      return indexedVariable(Arg) == V;
    }
  for (const Stmt *Child : S->children())
    if (Child && sizeofElementOf(Child, V))
      return true;
  return false;
}

bool isAllocator(const CallExpr *Call) {
  const FunctionDecl *F = Call->getDirectCallee();
  if (!F || !F->getIdentifier())
    return false;
  return llvm::is_contained({"malloc", "calloc", "realloc"}, F->getName());
}

} // namespace

bool TypeMigration::isWideInteger(QualType T) const {
  std::optional<unsigned> Width = integerWidth(T, Ctx);
  return Width && *Width >= 64;
}

bool TypeMigration::holdsWideValue(QualType T) const {
  return isWideInteger(T) || T.getNonReferenceType()->isRealFloatingType();
}

std::string TypeMigration::typeName(QualType T) const {
  return T.getNonReferenceType().getUnqualifiedType().getAsString(
      Ctx.getPrintingPolicy());
}

bool TypeMigration::namesRetypedVariable(const Expr *E) const {
  const VarDecl *V = indexedVariable(E);
  if (!V)
    V = referencedVariable(E);
  return V && Retyping.count(V);
}

bool TypeMigration::acceptsWideValue(const Expr *LHS) const {
  return holdsWideValue(LHS->getType()) || namesRetypedVariable(LHS);
}

/// printf-family calls whose format is the last named parameter.
static bool isPrintfLike(const FunctionDecl *F) {
  return F->isVariadic() && F->getIdentifier() &&
         llvm::is_contained({"printf", "fprintf", "sprintf", "snprintf"},
                            F->getName());
}

/// Byte offsets of the conversion characters in a printf format, in order
/// of the arguments they consume (a `*` width or precision consumes one too
/// and is recorded as npos).
static std::vector<size_t> conversionOffsets(StringRef Format) {
  std::vector<size_t> Offsets;
  for (size_t I = 0; I < Format.size(); ++I) {
    if (Format[I] != '%')
      continue;
    if (++I < Format.size() && Format[I] == '%')
      continue;
    while (I < Format.size() && StringRef("-+ #0").contains(Format[I]))
      ++I;
    for (bool Precision = false;; Precision = true) {
      if (I < Format.size() && Format[I] == '*') {
        Offsets.push_back(StringRef::npos);
        ++I;
      }
      while (I < Format.size() && isdigit(Format[I]))
        ++I;
      if (Precision || I >= Format.size() || Format[I] != '.')
        break;
      ++I;
    }
    size_t Start = I;
    while (I < Format.size() && StringRef("hljztL").contains(Format[I]))
      ++I;
    // The offset of the conversion, or npos when a length modifier is there.
    Offsets.push_back(I == Start ? I : StringRef::npos);
  }
  return Offsets;
}

void TypeMigration::updatePrintfFormat(const CallExpr *Call, unsigned Index,
                                       FixPlan &Plan) {
  const FunctionDecl *F = Call->getDirectCallee();
  unsigned FormatIndex = F->getNumParams() - 1;
  const auto *Format =
      dyn_cast<StringLiteral>(Call->getArg(FormatIndex)->IgnoreParenImpCasts());
  const Expr *Arg = Call->getArg(Index);
  if (!Format || Format->getNumConcatenated() != 1 || !Format->isOrdinary()) {
    Plan.block(Arg->getBeginLoc(), "it is printed with a format this fix cannot read");
    return;
  }
  std::vector<size_t> Offsets = conversionOffsets(Format->getString());
  unsigned Position = Index - FormatIndex - 1;
  size_t Offset = Position < Offsets.size() ? Offsets[Position] : StringRef::npos;
  if (Offset == StringRef::npos ||
      !StringRef("di").contains(Format->getString()[Offset])) {
    Plan.block(Arg->getBeginLoc(), "it is printed with a conversion other than %d");
    return;
  }
  SourceLocation Conversion = Format->getLocationOfByte(
      Offset, Ctx.getSourceManager(), Ctx.getLangOpts(), Ctx.getTargetInfo());
  CharSourceRange ArgRange = fileRange(Arg->getSourceRange(), Ctx);
  if (Conversion.isMacroID() || !ArgRange.isValid()) {
    Plan.block(Arg->getBeginLoc(), "the format is inside a macro");
    return;
  }
  // %lld with a cast reads the same on every MPI, whatever MPI_Count is.
  Plan.Hints.push_back(FixItHint::CreateInsertion(Conversion, "ll"));
  Plan.Hints.push_back(
      FixItHint::CreateInsertion(ArgRange.getBegin(), "(long long)"));
}

/// The counts are exchanged as MPI_INT in a collective (an MPI_Allgather of
/// each rank's count, an MPI_Alltoall of send counts); they now travel as
/// MPI_COUNT. Every process runs the same call, so the type signatures stay
/// matched when every MPI_INT buffer of the call is widened with it.
void TypeMigration::exchangeAsWide(const CallExpr *Call, const FunctionInfo &F,
                                   unsigned Index, StringRef NewType,
                                   FixPlan &Plan) {
  std::optional<unsigned> Type = F.datatypeFor(Index);
  CharSourceRange Range = Type ? fileRange(Call->getArg(*Type)->getSourceRange(), Ctx)
                               : CharSourceRange();
  if (!Range.isValid() || textOf(Range, Ctx) != "MPI_INT") {
    Plan.block(Call->getArg(Index)->getBeginLoc(),
               "it is exchanged with a datatype other than MPI_INT");
    return;
  }
  Plan.Hints.push_back(FixItHint::CreateReplacement(Range, datatypeFor(NewType)));
  for (unsigned Other = 0; Other < F.Params.size(); ++Other) {
    ParamRole Role = F.Params[Other].Role;
    if (Other == Index || (Role != ParamRole::BUF && Role != ParamRole::CBUF))
      continue;
    const Expr *Buffer = Call->getArg(Other)->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(Buffer))
      if (U->getOpcode() == UO_AddrOf && referencedVariable(U->getSubExpr()))
        Buffer = U->getSubExpr();
    const VarDecl *Peer = arrayVariable(Buffer);
    if (textOf(fileRange(Call->getArg(Other)->getSourceRange(), Ctx), Ctx) ==
        "MPI_IN_PLACE")
      continue;
    if (!Peer) {
      Plan.block(Call->getArg(Other)->getBeginLoc(),
                 "the other buffer of this exchange must become " +
                     NewType.str() + " by hand");
      return;
    }
    retypeOnce(Peer, NewType, Call->getArg(Other)->getBeginLoc(), Plan);
  }
}

void TypeMigration::retypeOnce(const VarDecl *V, StringRef NewType,
                               SourceLocation Where, FixPlan &Plan) {
  auto [It, New] = RetypedTo.try_emplace(V, NewType.str());
  if (!New) {
    if (It->second != NewType)
      Plan.block(Where, "'" + V->getName().str() + "' would have to be both " +
                            It->second + " and " + NewType.str());
    return;
  }
  Retyping.insert(V);
  retype(V, NewType, Plan);
}

void TypeMigration::followCall(const CallExpr *Call, const FunctionInfo &F,
                               FixPlan &Plan) {
  if (Plan.Renamed.count(Call))
    return;
  if (FollowedCallBlocker)
    if (auto Blocked = FollowedCallBlocker(Call)) {
      Plan.block(Blocked->first, Blocked->second);
      return;
    }
  rename(Call, F, Plan);
  for (const LargeFormArgument &A : largeFormArguments(Call, F, Ctx)) {
    if (!Plan.ok())
      return;
    if (!A.Var) {
      Plan.block(A.Arg->getBeginLoc(),
                 "'" + textOf(fileRange(A.Arg->getSourceRange(), Ctx), Ctx).str() +
                     "' of " + F.classicName() + " must become " +
                     A.NewType.str() + " by hand");
      return;
    }
    retypeOnce(A.Var, A.NewType, A.Arg->getBeginLoc(), Plan);
  }
}

const Stmt *TypeMigration::parentSkippingCasts(const Stmt *S,
                                               const Stmt *&Child) const {
  Child = S;
  const Stmt *P = Facts.parentOf(S);
  while (P && isa<ParenExpr, ImplicitCastExpr, ExprWithCleanups>(P)) {
    Child = P;
    P = Facts.parentOf(P);
  }
  return P;
}

void TypeMigration::rename(const CallExpr *Call, const FunctionInfo &F,
                           FixPlan &Plan) {
  if (!Plan.Renamed.insert(Call).second)
    return;
  const auto *Callee = dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreImpCasts());
  CharSourceRange Range =
      Callee ? fileRange(Callee->getLocation(), Ctx) : CharSourceRange();
  if (!Range.isValid()) {
    Plan.block(Call->getBeginLoc(), "the call is spelled inside a macro");
    return;
  }
  // `sc_MPI_Send(...)` with `#define sc_MPI_Send MPI_Send`: a portability
  // layer, which another build defines otherwise (without MPI, for one);
  // the large-count name in its place would build only with MPI.
  StringRef Spelled =
      Lexer::getSourceText(Range, Ctx.getSourceManager(), Ctx.getLangOpts());
  if (Spelled != Callee->getDecl()->getName()) {
    Plan.block(Range.getBegin(),
               "the call is spelled '" + Spelled.str() +
                   "', a macro that other builds may define otherwise: give "
                   "it a large-count form");
    return;
  }
  std::string Large = LargeName(F);
  // A profiling layer calls PMPI_ to bypass its own wrappers; MPI_Send_c
  // in its place would call them again.
  if (isProfilingEntry(Spelled)) {
    std::optional<std::string> Profiling = profilingFormOf(Large);
    if (!Profiling) {
      Plan.block(Range.getBegin(),
                 "'" + Spelled.str() + "' is a profiling entry point, and " +
                     Large + " calls the ones a profiling layer wraps: use "
                     "mpix-large-count.Target=mpi4 with an MPI-4 library");
      return;
    }
    Large = std::move(*Profiling);
  }
  Plan.Hints.push_back(FixItHint::CreateReplacement(Range, Large));
}

/// The container a std::vector local is initialized as a copy of (`counts(
/// other)`, `= other`, `= make_counts()`): a vector of the new element type
/// cannot be constructed from one of ints.
static const Expr *copiedContainer(const VarDecl *V, const ASTContext &Ctx) {
  const Expr *Init = V->getInit();
  if (!Init || !V->getType()->isRecordType())
    return nullptr;
  auto SameType = [&](const Expr *E) {
    return Ctx.hasSameUnqualifiedType(E->getType().getNonReferenceType(),
                                      V->getType());
  };
  Init = Init->IgnoreImplicit();
  const auto *Construct = dyn_cast<CXXConstructExpr>(Init);
  if (!Construct)
    return SameType(Init) ? Init : nullptr;
  for (const Expr *Arg : Construct->arguments())
    if (SameType(Arg))
      return Arg;
  return nullptr;
}

void TypeMigration::retype(const VarDecl *V, StringRef NewType, FixPlan &Plan) {
  if (!V->hasLocalStorage() || isa<ParmVarDecl>(V)) {
    Plan.block(V->getLocation(),
               "'" + V->getName().str() +
                   (V->isStaticLocal()
                        ? "' is static; only automatic locals are retyped"
                        : "' is not a local of this function"));
    return;
  }
  if (Facts.isCaptured(V)) {
    Plan.block(V->getLocation(),
               "'" + V->getName().str() + "' is captured by a lambda");
    return;
  }
  if (!retypeDeclaration(V, NewType, Plan))
    return;
  bool Indirect = V->getType()->isArrayType() || V->getType()->isPointerType() ||
                  V->getType()->isRecordType(); // std::vector
  if (V->getType()->isPointerType())
    retypeAllocations(V, NewType, Plan);
  if (const Expr *Source = copiedContainer(V, Ctx))
    Plan.block(Source->getBeginLoc(),
               "'" + V->getName().str() + "' is a copy of a '" +
                   typeName(Source->getType()) + "' here");
  for (const DeclRefExpr *Use : Facts.usesOf(V)) {
    // Only the first reason is reported; the uses after it would cost a
    // walk of the function for each call that names V.
    if (!Plan.ok())
      return;
    if (Indirect)
      checkPointerUse(Use, V, NewType, Plan);
    else
      checkValueUse(Use, NewType, Plan);
  }
  widenStores(Indirect ? Facts.elementWritesOf(V) : Facts.writesOf(V), NewType,
              Plan);
}

void TypeMigration::retypeParameter(const ParmVarDecl *P, StringRef NewType,
                                    FixPlan &Plan) {
  const auto *F = dyn_cast<FunctionDecl>(P->getDeclContext());
  if (!F || Facts.isCaptured(P)) {
    Plan.block(P->getLocation(), "'" + P->getName().str() +
                                     "' is captured by a lambda");
    return;
  }
  unsigned Index = P->getFunctionScopeIndex();
  Retyping.insert(P);
  RetypedTo[P] = NewType.str();
  for (const FunctionDecl *D : F->redecls()) {
    const ParmVarDecl *Q = Index < D->getNumParams() ? D->getParamDecl(Index)
                                                     : nullptr;
    // A declaration without a prototype, or one written by a macro, cannot
    // be edited the same way as the others.
    if (!Q || !Q->getTypeSourceInfo() ||
        !replaceIntSpelling(Q->getTypeSourceInfo()->getTypeLoc(), NewType, Ctx,
                            Plan, Q->getBeginLoc().isValid() ? Q->getBeginLoc()
                                                             : D->getLocation()))
      return Plan.block(D->getLocation(),
                        "a declaration of '" + F->getNameAsString() +
                            "' does not spell parameter '" + P->getName().str() +
                            "' as a plain 'int'");
  }
  followUses(P, NewType, Plan);
}

void TypeMigration::followWideParameter(const ParmVarDecl *P, StringRef NewType,
                                        FixPlan &Plan) {
  if (Facts.isCaptured(P)) {
    Plan.block(P->getLocation(), "'" + P->getName().str() +
                                     "' is captured by a lambda");
    return;
  }
  Retyping.insert(P);
  RetypedTo[P] = NewType.str();
  followUses(P, NewType, Plan);
}

void TypeMigration::followUses(const VarDecl *V, StringRef NewType,
                               FixPlan &Plan) {
  for (const DeclRefExpr *Use : Facts.usesOf(V)) {
    if (!Plan.ok())
      return;
    checkValueUse(Use, NewType, Plan);
  }
}

void TypeMigration::retypeReturn(const FunctionDecl *F, StringRef NewType,
                                 FixPlan &Plan) {
  ReturnsWide = true;
  for (const FunctionDecl *D : F->redecls()) {
    FunctionTypeLoc FTL = D->getFunctionTypeLoc();
    if (!FTL) {
      Plan.block(D->getLocation(), "a declaration of '" + F->getNameAsString() +
                                       "' has no written return type");
      return;
    }
    if (!replaceIntSpelling(FTL.getReturnLoc(), NewType, Ctx, Plan,
                            D->getLocation()))
      return;
  }
  llvm::SmallVector<const ReturnStmt *, 2> Returns;
  collectReturns(F->getBody(), Returns);
  for (const ReturnStmt *R : Returns) {
    const Expr *Value = R->getRetValue();
    if (!Value || !Plan.ok())
      continue;
    // `return s;` of a local sum: the local is summed as wide.
    const VarDecl *Local = referencedVariable(Value);
    if (Local && Local->hasLocalStorage() && !isa<ParmVarDecl>(Local) &&
        !Local->getType()->isPointerType()) {
      if (!Retyping.count(Local)) {
        willRetype(Local, NewType);
        retype(Local, NewType, Plan);
      }
      continue;
    }
    widenExpression(Value, NewType, Plan);
  }
}

void TypeMigration::widenExpression(const Expr *E, StringRef NewType,
                                    FixPlan &Plan) {
  if (isNarrowArithmetic(E)) {
    widenArithmetic(E, NewType, Plan);
    return;
  }
  // std::accumulate(b, e, 0) and std::exclusive_scan(..., 0) sum in the
  // type of their initial value: (MPI_Count)0 makes the sum wide.
  if (const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenImpCasts()))
    if (std::optional<StandardSum> Sum = standardSum(Call))
      if (Sum->Init && Sum->Init->getType()->isIntegerType() &&
          !isWideInteger(Sum->Init->getType()))
        widenArithmetic(Sum->Init, NewType, Plan);
}

void TypeMigration::widenStores(ArrayRef<FunctionFacts::Write> Writes,
                                StringRef NewType, FixPlan &Plan) {
  for (const FunctionFacts::Write &W : Writes) {
    if (!Plan.ok())
      return;
    // `n += rows * cols` adds a product computed before the sum: it is
    // widened as a store of its own would be.
    const auto *Update = dyn_cast_or_null<CompoundAssignOperator>(W.Site);
    if (!widensChain(W, Plan))
      return;
    if (const Expr *Value = W.Value ? W.Value
                            : Update ? Update->getRHS()
                                     : nullptr)
      widenStoredValue(Value, NewType, Plan);
  }
}

bool TypeMigration::widensChain(const FunctionFacts::Write &W,
                                FixPlan &Plan) {
  // `m = n = rows * cols` stores into m what n holds: n must be retyped by
  // the same fix, or m would carry its truncated value. The store itself
  // (`m = ...`) names m, which is retyped.
  llvm::SmallVector<const BinaryOperator *, 2> Chain;
  const auto *Site = dyn_cast<Expr>(W.Site);
  const Expr *Stored = Site ? Site->IgnoreParenImpCasts() : nullptr;
  while (const auto *Inner = dyn_cast_or_null<BinaryOperator>(Stored)) {
    if (Inner->getOpcode() != BO_Assign)
      break;
    Chain.push_back(Inner);
    Stored = Inner->getRHS()->IgnoreParenImpCasts();
  }
  // A constant (`a = b = 0`) is what it is in any of them.
  if (Stored && !Stored->isValueDependent() &&
      Stored->isIntegerConstantExpr(Ctx))
    return true;
  for (const BinaryOperator *Inner : Chain)
    if (!acceptsWideValue(Inner->getLHS())) {
      Plan.block(Inner->getOperatorLoc(),
                 "the value is also stored into '" +
                     spelledText(Inner->getLHS(), Ctx) +
                     "' here, which this fix does not widen");
      return false;
    }
  return true;
}

void TypeMigration::widenStoredValue(const Expr *Value, StringRef NewType,
                                     FixPlan &Plan) {
  Value = Value->IgnoreParenImpCasts();
  if (const auto *Cond = dyn_cast<ConditionalOperator>(Value)) {
    widenStoredValue(Cond->getTrueExpr(), NewType, Plan);
    widenStoredValue(Cond->getFalseExpr(), NewType, Plan);
    return;
  }
  // (int)(n * 2) into an MPI_Count would still truncate: the cast takes the
  // new type, and what it casts is widened in turn.
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Value)) {
    QualType To = Cast->getType();
    if (!To->isIntegerType() || To->isBooleanType() || isWideInteger(To))
      return;
    if (!replaceIntSpelling(Cast->getTypeInfoAsWritten()->getTypeLoc(), NewType,
                            Ctx, Plan, Cast->getBeginLoc()))
      return;
    Value = Cast->getSubExpr()->IgnoreParenImpCasts();
  }
  widenExpression(Value, NewType, Plan);
}

bool TypeMigration::isWideAfterFix(const Expr *E) const {
  E = E->IgnoreParenImpCasts();
  return isWideInteger(E->getType()) || namesRetypedVariable(E);
}

/// Products, shifts and sums of two variables: the arithmetic that reaches
/// past INT_MAX with realistic operands (n + 1 needs n at INT_MAX already).
static bool canOverflow(const BinaryOperator *B) {
  if (B->getOpcode() == BO_Mul || B->getOpcode() == BO_Shl)
    return true;
  if (!B->isAdditiveOp())
    return false;
  auto IsLiteral = [](const Expr *E) {
    return isa<IntegerLiteral, CharacterLiteral>(E->IgnoreParenImpCasts());
  };
  return !IsLiteral(B->getLHS()) && !IsLiteral(B->getRHS());
}

/// \p E as integer arithmetic (* / % + - << >>), or null.
static const BinaryOperator *arithmetic(const Expr *E) {
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!B || !B->getType()->isIntegerType() ||
      !(B->isMultiplicativeOp() || B->isAdditiveOp() || B->isShiftOp()))
    return nullptr;
  return B;
}

/// A constant that fits its type (`1 << 30` of a CHUNK macro): the same
/// value wide, an operand like any other. One that does not fit is a
/// finding of its own.
static bool isFittingConstant(const BinaryOperator *B, const ASTContext &Ctx) {
  if (B->isValueDependent())
    return false;
  Expr::EvalResult Folded;
  return B->EvaluateAsInt(Folded, Ctx) && !Folded.HasSideEffects &&
         !Folded.HasUndefinedBehavior;
}

bool TypeMigration::isNarrowArithmetic(const Expr *E) const {
  const BinaryOperator *B = arithmetic(E);
  if (!B || isWideInteger(B->getType()))
    return false;
  if (isFittingConstant(B, Ctx))
    return false;
  // An operand is narrow when it stays so after the fix; a shift has the
  // type of its left operand alone.
  auto Narrow = [this](const Expr *Operand) {
    const BinaryOperator *Inner = arithmetic(Operand);
    if (Inner && isFittingConstant(Inner, Ctx))
      Inner = nullptr;
    return Inner ? isNarrowArithmetic(Inner) ||
                       (!canOverflow(Inner) && !isWideInteger(Inner->getType()) &&
                        !isWideAfterFix(Inner->getLHS()))
                 : !isWideAfterFix(Operand);
  };
  if (!Narrow(B->getLHS()) || (!B->isShiftOp() && !Narrow(B->getRHS())))
    return false;
  return canOverflow(B) || isNarrowArithmetic(B->getLHS()) ||
         isNarrowArithmetic(B->getRHS());
}

/// Whether \p Cast converts a wider integer to a narrower one.
static bool narrowsWider(const ExplicitCastExpr *Cast, const ASTContext &Ctx) {
  QualType To = Cast->getType();
  QualType From = Cast->getSubExpr()->IgnoreParenImpCasts()->getType();
  return To->isIntegerType() && From->isIntegerType() &&
         Ctx.getIntWidth(From) > Ctx.getIntWidth(To);
}

void TypeMigration::widenArithmetic(const Expr *E, StringRef NewType,
                                    FixPlan &Plan) {
  const BinaryOperator *B = arithmetic(E);
  // A constant is cast whole: `(MPI_Count)CHUNK * k` for a macro's `1 << 20`.
  if (B && isFittingConstant(B, Ctx))
    B = nullptr;
  // `(int)ns * my` with a 64-bit ns: a wide cast before the narrowing one
  // would carry the cut value; the cast itself becomes the wide one.
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E->IgnoreParens());
      !B && Cast && Cast->getTypeInfoAsWritten() && narrowsWider(Cast, Ctx)) {
    replaceIntSpelling(Cast->getTypeInfoAsWritten()->getTypeLoc(), NewType,
                       Ctx, Plan, Cast->getBeginLoc());
    return;
  }
  if (!B) {
    CharSourceRange Range = fileRange(E->getSourceRange(), Ctx);
    if (!Range.isValid()) {
      Plan.block(E->getBeginLoc(), "the arithmetic to widen is spelled inside "
                                   "a macro; widen it by hand");
      return;
    }
    Plan.Hints.push_back(FixItHint::CreateInsertion(
        Range.getBegin(), ("(" + NewType + ")").str()));
    return;
  }
  // (MPI_Count)a * b + c * d: the left chain follows its first operand, a
  // right operand computed on its own is widened on its own.
  Plan.Widened.insert(B);
  widenArithmetic(B->getLHS(), NewType, Plan);
  if (!B->isShiftOp() && isNarrowArithmetic(B->getRHS()))
    widenArithmetic(B->getRHS(), NewType, Plan);
}

bool TypeMigration::retypeDeclaration(const VarDecl *V, StringRef NewType,
                                      FixPlan &Plan) {
  const DeclStmt *DS = Facts.declarationOf(V);
  const TypeSourceInfo *TSI = V->getTypeSourceInfo();
  if (!DS || !TSI) {
    Plan.block(V->getLocation(), "'" + V->getName().str() +
                                     "' is not declared in a statement");
    return false;
  }
  if (!DS->isSingleDecl()) {
    GroupedRetypes[DS][V] = NewType.str();
    return true;
  }
  return replaceIntSpelling(TSI->getTypeLoc(), NewType, Ctx, Plan,
                            V->getLocation());
}

/// The type specifier a grouped declaration shares: `int` of `int *a, b`,
/// `std::vector<int>` of `std::vector<int> a(n), b(n)`.
static SourceRange sharedSpecifier(const VarDecl *V) {
  TypeLoc TL = V->getTypeSourceInfo()->getTypeLoc().getUnqualifiedLoc();
  if (auto Elaborated = TL.getAs<ElaboratedTypeLoc>())
    return Elaborated.getSourceRange();
  if (auto Specialization = TL.getAs<TemplateSpecializationTypeLoc>())
    return Specialization.getSourceRange();
  TypeLoc Int = intSpelling(TL);
  return Int ? Int.getSourceRange() : SourceRange();
}

/// `std::vector<int> counts(p), displs(p);` becomes one declaration per
/// variable, each with its own element type; declarators are kept as written.
void TypeMigration::finish(FixPlan &Plan, const DeclSplits *EarlierSplits) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  auto Text = [&](SourceLocation B, SourceLocation E) {
    return Lexer::getSourceText(CharSourceRange::getCharRange(B, E), SM, LO);
  };
  for (const auto &[DS, NewTypes] : GroupedRetypes) {
    const auto *First = cast<VarDecl>(*DS->decl_begin());
    TypeLoc Int = intSpelling(First->getTypeSourceInfo()->getTypeLoc());
    CharSourceRange Whole = fileRange(DS->getSourceRange(), Ctx);
    CharSourceRange IntRange = Int ? fileRange(Int.getSourceRange(), Ctx)
                                   : CharSourceRange();
    CharSourceRange Spec = fileRange(sharedSpecifier(First), Ctx);
    // Other edits inside the declaration (an initializer's sizeof(int))
    // would overlap the split; such a declaration is left to the user.
    bool Overlaps = llvm::any_of(Plan.Hints, [&](const FixItHint &H) {
      return Whole.isValid() &&
             !SM.isBeforeInTranslationUnit(H.RemoveRange.getBegin(), Whole.getBegin()) &&
             SM.isBeforeInTranslationUnit(H.RemoveRange.getBegin(), Whole.getEnd());
    });
    // Another fix split this declaration for other variables: both edits
    // replace it whole, and clang-tidy would drop one fix entirely.
    llvm::SmallVector<const VarDecl *, 4> Vars;
    for (const Decl *D : DS->decls())
      if (NewTypes.count(cast<VarDecl>(D)))
        Vars.push_back(cast<VarDecl>(D));
    if (EarlierSplits) {
      auto Earlier = EarlierSplits->find(DS);
      if (Earlier != EarlierSplits->end() && Earlier->second != Vars) {
        Plan.block(DS->getBeginLoc(),
                   "'" + Vars.front()->getName().str() +
                       "' is declared together with a variable another fix "
                       "retypes; apply that fix and run again, or split the "
                       "declaration");
        continue;
      }
    }
    Plan.Splits[DS] = Vars;
    if (!Whole.isValid() || !IntRange.isValid() || !Spec.isValid() ||
        textOf(IntRange, Ctx) != "int" || Overlaps) {
      // The first in the declaration: a map's order would vary run to run.
      Plan.block(DS->getBeginLoc(), "'" + Vars.front()->getName().str() +
                                        "' is declared together with other "
                                        "variables; split the declaration");
      continue;
    }
    // The shared type around its `int`: "std::vector<" int ">".
    StringRef Prefix = Text(Whole.getBegin(), IntRange.getBegin());
    StringRef Suffix = Text(IntRange.getEnd(), Spec.getEnd());
    std::string Indent = Lexer::getIndentationForLine(DS->getBeginLoc(), SM).str();
    std::string Split;
    SourceLocation From = Spec.getEnd();
    for (const Decl *D : DS->decls()) {
      const auto *V = cast<VarDecl>(D);
      CharSourceRange Own = fileRange(V->getSourceRange(), Ctx);
      StringRef Declarator = Text(From, Own.getEnd()).ltrim(" \t\n,").rtrim();
      auto It = NewTypes.find(V);
      if (!Split.empty())
        Split += "\n" + Indent;
      Split += (Prefix + (It != NewTypes.end() ? It->second : "int") + Suffix +
                " " + Declarator + ";")
                   .str();
      From = Own.getEnd();
    }
    Plan.Hints.push_back(FixItHint::CreateReplacement(Whole, Split));
  }
  GroupedRetypes.clear();
}

void TypeMigration::retypeAllocations(const VarDecl *V, StringRef NewType,
                                      FixPlan &Plan) {
  for (const FunctionFacts::Write &W : Facts.writesOf(V)) {
    if (!W.Value) {
      Plan.block(W.Site->getBeginLoc(), "the pointer is changed here");
      return;
    }
    const Expr *Value = W.Value->IgnoreParenImpCasts();
    if (Value->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
      continue;
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Value)) {
      if (!replaceIntSpelling(Cast->getTypeInfoAsWritten()->getTypeLoc(),
                              NewType, Ctx, Plan, Cast->getBeginLoc()))
        return;
      Value = Cast->getSubExpr()->IgnoreParenImpCasts();
    }
    if (const auto *New = dyn_cast<CXXNewExpr>(Value)) {
      if (!replaceIntSpelling(New->getAllocatedTypeSourceInfo()->getTypeLoc(),
                              NewType, Ctx, Plan, New->getBeginLoc()))
        return;
      continue;
    }
    const auto *Call = dyn_cast<CallExpr>(Value);
    if (!Call || !isAllocator(Call)) {
      Plan.block(Value->getBeginLoc(),
                 "the pointer is set to memory this fix cannot resize");
      return;
    }
    // malloc(n * sizeof *counts) follows the new element type by itself.
    if (sizeofElementOf(Call, V))
      continue;
    const UnaryExprOrTypeTraitExpr *Size = sizeofInt(Call);
    if (!Size) {
      Plan.block(Call->getBeginLoc(),
                 "the allocation is not sized with sizeof(int)");
      return;
    }
    if (!replaceIntSpelling(Size->getArgumentTypeInfo()->getTypeLoc(), NewType,
                            Ctx, Plan, Size->getBeginLoc()))
      return;
  }
}

/// std::vector members that neither expose nor narrow the elements.
static bool isHarmlessVectorMember(StringRef Name) {
  return llvm::is_contained({"size", "resize", "reserve", "clear", "empty",
                             "push_back", "emplace_back"},
                            Name);
}

const CallExpr *TypeMigration::standardSumFedBy(const Expr *Iterator) const {
  const Stmt *S = Iterator;
  for (unsigned Depth = 0; S && Depth < 8; ++Depth) {
    S = Facts.parentOf(S);
    if (const auto *Call = dyn_cast_or_null<CallExpr>(S)) {
      if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
          Op && (Op->getOperator() == OO_Plus || Op->getOperator() == OO_Minus))
        continue; // v.begin() + 1
      return standardSum(Call) ? Call : nullptr;
    }
    if (!isa_and_nonnull<ImplicitCastExpr, MaterializeTemporaryExpr,
                         CXXConstructExpr, CXXBindTemporaryExpr, ParenExpr>(S))
      return nullptr;
  }
  return nullptr;
}

/// Whether \p Call is `v.begin()` or `v.end()`.
static bool isIteratorCall(const CXXMemberCallExpr *Call) {
  const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
  return Method && Method->getIdentifier() &&
         (Method->getName() == "begin" || Method->getName() == "end");
}

llvm::SmallVector<const VarDecl *, 1>
TypeMigration::sumHoldersOf(const VarDecl *V) const {
  llvm::SmallVector<const VarDecl *, 1> Holders;
  for (const DeclRefExpr *Use : Facts.usesOf(V)) {
    const Stmt *Child;
    const auto *Member = dyn_cast_or_null<MemberExpr>(parentSkippingCasts(Use, Child));
    const auto *Iterator = Member ? dyn_cast_or_null<CXXMemberCallExpr>(
                                        parentSkippingCasts(Member, Child))
                                  : nullptr;
    const CallExpr *Sum =
        isIteratorCall(Iterator) ? standardSumFedBy(Iterator) : nullptr;
    if (!Sum || standardSum(Sum)->Output)
      continue;
    const Stmt *Holder = parentSkippingCasts(Sum, Child);
    const VarDecl *Local = nullptr;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(Holder)) {
      for (const Decl *D : DS->decls())
        if (const auto *Declared = dyn_cast<VarDecl>(D);
            Declared && Declared->getInit() == Child)
          Local = Declared;
    } else if (const auto *Assign = dyn_cast_or_null<BinaryOperator>(Holder);
               Assign && Assign->getOpcode() == BO_Assign &&
               Assign->getRHS() == Child) {
      if (const auto *Ref = dyn_cast<DeclRefExpr>(
              Assign->getLHS()->IgnoreParenImpCasts()))
        Local = dyn_cast<VarDecl>(Ref->getDecl());
    }
    if (Local && Local->hasLocalStorage() && !isa<ParmVarDecl>(Local) &&
        Local->getType()->isIntegerType() && !isWideInteger(Local->getType()) &&
        !llvm::is_contained(Holders, Local))
      Holders.push_back(Local);
  }
  return Holders;
}

/// The container whose begin() or data() \p E is, or null.
static const VarDecl *iteratedContainer(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E);
      Construct && Construct->getNumArgs() == 1)
    E = Construct->getArg(0)->IgnoreParenImpCasts();
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E))
    if (const auto *Ref = dyn_cast<DeclRefExpr>(
            Call->getImplicitObjectArgument()->IgnoreParenImpCasts()))
      return dyn_cast<VarDecl>(Ref->getDecl());
  return nullptr;
}

void TypeMigration::followStandardSum(const CallExpr *Sum, StringRef NewType,
                                      FixPlan &Plan) {
  std::optional<StandardSum> Parts = standardSum(Sum);
  // `std::accumulate(b, e, 0)` adds in int whatever it adds: (MPI_Count)0.
  if (!Parts->Output) {
    widenExpression(Sum, NewType, Plan);
    checkValueUse(Sum, NewType, Plan);
    return;
  }
  // A scan adds in the type of its output's elements when it has no
  // initial value, else in the initial value's: both must be the new one.
  const VarDecl *Out = iteratedContainer(Parts->Output);
  auto Retyped = Out ? RetypedTo.find(Out) : RetypedTo.end();
  if (Retyped == RetypedTo.end()) {
    Plan.block(Parts->Output->getBeginLoc(),
               "the sums are written here, into 'int' elements");
    return;
  }
  widenExpression(Sum, Retyped->second, Plan);
}

void TypeMigration::checkPointerUse(const Expr *Use, const VarDecl *V,
                                    StringRef NewType, FixPlan &Plan) {
  const Stmt *Child;
  const Stmt *P = parentSkippingCasts(Use, Child);
  if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(P)) {
    if (Op->getOperator() == OO_Subscript && Op->getArg(0) == Child)
      return checkValueUse(Op, NewType, Plan);
  } else if (const auto *Member = dyn_cast_or_null<MemberExpr>(P)) {
    const Stmt *MemberChild;
    const auto *Call =
        dyn_cast_or_null<CXXMemberCallExpr>(parentSkippingCasts(Member, MemberChild));
    const auto *Method = Call ? Call->getMethodDecl() : nullptr;
    if (Method && Method->getIdentifier()) {
      if (isDataAccessor(Method))
        return checkPointerUse(Call, V, NewType, Plan);
      if (isHarmlessVectorMember(Method->getName()))
        return;
      if (isIteratorCall(Call))
        if (const CallExpr *Sum = standardSumFedBy(Call))
          return followStandardSum(Sum, NewType, Plan);
    }
  } else if (const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(P)) {
    if (ASE->getBase()->IgnoreParenImpCasts() == Use->IgnoreParenImpCasts())
      return checkValueUse(ASE, NewType, Plan);
  } else if (const auto *U = dyn_cast_or_null<UnaryOperator>(P)) {
    if (U->getOpcode() == UO_Deref)
      return checkValueUse(U, NewType, Plan);
    // !counts: a pointer's truth does not depend on what it points to.
    if (U->getOpcode() == UO_LNot)
      return;
  } else if (const auto *B = dyn_cast_or_null<BinaryOperator>(P)) {
    // counts + k points into the same elements: follow it.
    if (B->isAdditiveOp() && B->getType()->isPointerType())
      return checkPointerUse(B, V, NewType, Plan);
    // Assignments of the pointer itself are the allocations checked above.
    if ((B->getOpcode() == BO_Assign &&
         B->getLHS()->IgnoreParenImpCasts() == Use->IgnoreParenImpCasts()) ||
        B->isEqualityOp() || B->isLogicalOp())
      return;
  } else if (isTruthTestOf(P, Child)) {
    return;
  } else if (const auto *Call = dyn_cast_or_null<CallExpr>(P)) {
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (Call->getArg(I) == Child)
        return checkCallArgument(Call, I, /*IsElementBuffer=*/true, NewType,
                                 Plan);
  } else if (isa_and_nonnull<CXXDeleteExpr>(P)) {
    return;
  }
  Plan.block(Use->getBeginLoc(), "'" + V->getName().str() +
                                     "' is used here in a way that needs "
                                     "'int' elements");
}

void TypeMigration::checkValueUse(const Expr *Use, StringRef NewType,
                                  FixPlan &Plan) {
  const Stmt *Cur = Use;
  while (true) {
    const Stmt *Child;
    const Stmt *P = parentSkippingCasts(Cur, Child);
    // Conditions, and sizeof (which follows the new type by itself). An
    // OpenMP region's capture, and its clauses (shared(n), reduction(+:n)),
    // name the variable itself, whose uses in the region are checked one
    // by one.
    if (!P || isa<IfStmt, WhileStmt, DoStmt, ForStmt, SwitchStmt,
                  UnaryExprOrTypeTraitExpr, CapturedStmt,
                  OMPExecutableDirective>(P))
      return;
    if (isa<ReturnStmt>(P)) {
      QualType Returned = Function ? Function->getReturnType() : QualType();
      if (!ReturnsWide && (Returned.isNull() || !holdsWideValue(Returned)))
        Plan.block(Use->getBeginLoc(),
                   "it is returned as '" +
                       (Returned.isNull() ? std::string("int") : typeName(Returned)) +
                       "'");
      return;
    }
    // Arithmetic that is floating from here on takes any integer.
    if (isa<BinaryOperator, UnaryOperator, ConditionalOperator>(P) &&
        cast<Expr>(P)->getType()->isRealFloatingType())
      return;
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(P)) {
      // (int)n would truncate the widened value where the code read it whole.
      QualType To = Cast->getType();
      if (To->isIntegerType() && !To->isBooleanType() && !isWideInteger(To))
        Plan.block(Cast->getBeginLoc(),
                   "it is cast to '" + typeName(To) +
                       "' here, which would truncate the widened value");
      return;
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(P)) {
      if (ASE->getIdx() == Child)
        return;
    } else if (const auto *U = dyn_cast<UnaryOperator>(P)) {
      if (U->isIncrementDecrementOp() || U->getOpcode() == UO_LNot)
        return;
      if (U->getOpcode() == UO_AddrOf) {
        const Stmt *AddrChild;
        if (const auto *Call = dyn_cast_or_null<CallExpr>(
                parentSkippingCasts(U, AddrChild)))
          for (unsigned I = 0; I < Call->getNumArgs(); ++I)
            if (Call->getArg(I) == AddrChild)
              return checkCallArgument(Call, I, /*IsElementBuffer=*/true,
                                       NewType, Plan);
      } else if (U->isArithmeticOp()) {
        Cur = P;
        continue;
      }
    } else if (const auto *B = dyn_cast<BinaryOperator>(P)) {
      // `if (cnt * m > nsend)` guarding a widened nsend: left int, the
      // product wraps and the guard is false for the values that need it.
      if (B->isComparisonOp())
        widenExpression(B->getLHS() == Child ? B->getRHS() : B->getLHS(),
                        NewType, Plan);
      if (B->isComparisonOp() || B->isLogicalOp() ||
          (B->getOpcode() == BO_Comma && B->getLHS() == Child))
        return;
      if (B->isAssignmentOp()) {
        if (B->getLHS() == Child)
          return;
        if (acceptsWideValue(B->getLHS()))
          return;
        // `p += n`: pointer arithmetic takes an offset of any width.
        if ((B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign) &&
            B->getLHS()->getType()->isPointerType())
          return;
        Plan.block(B->getOperatorLoc(), "the value is stored into '" +
                                            typeName(B->getLHS()->getType()) +
                                            "' here");
        return;
      }
      // `buf + off`: pointer arithmetic takes an offset of any width.
      if (B->isAdditiveOp() && B->getType()->isPointerType())
        return;
      if (B->isMultiplicativeOp() || B->isAdditiveOp() || B->isShiftOp() ||
          B->isBitwiseOp() || B->getOpcode() == BO_Comma) {
        Cur = P;
        continue;
      }
    } else if (const auto *CO = dyn_cast<ConditionalOperator>(P)) {
      if (CO->getCond() == Child)
        return;
      Cur = P;
      continue;
    } else if (const auto *Call = dyn_cast<CallExpr>(P)) {
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        if (Call->getArg(I) == Child)
          return checkCallArgument(Call, I, /*IsElementBuffer=*/false, NewType,
                                   Plan);
    } else if (const auto *Construct = dyn_cast<CXXConstructExpr>(P)) {
      // std::vector<char> all(total): a size_t parameter takes it whole.
      const CXXConstructorDecl *Ctor = Construct->getConstructor();
      for (unsigned I = 0; I < Construct->getNumArgs(); ++I)
        if (Construct->getArg(I) == Child && Ctor && I < Ctor->getNumParams() &&
            isWideInteger(Ctor->getParamDecl(I)->getType()))
          return;
    } else if (const auto *New = dyn_cast<CXXNewExpr>(P)) {
      // `new double[n]`: an array's size takes any integer type.
      if (New->isArray() && New->getArraySize() &&
          *New->getArraySize() == Child)
        return;
    } else if (const auto *DS = dyn_cast<DeclStmt>(P)) {
      for (const Decl *D : DS->decls())
        if (const auto *Other = dyn_cast<VarDecl>(D))
          if (Other->getInit() == Child) {
            if (!holdsWideValue(Other->getType()) && !RetypedTo.count(Other))
              Plan.block(Use->getBeginLoc(),
                         "the value initializes '" + Other->getName().str() +
                             "' of type '" + typeName(Other->getType()) +
                             "' here");
            return;
          }
      // Not an initializer: the bound of a variable-length array.
      return;
    }
    Plan.block(Use->getBeginLoc(), "this use needs an 'int'");
    return;
  }
}

/// A parameter whose type the call deduces from the argument (`template
/// <class T> void f(T &)`, `Ts &&...`): it takes the argument's new type.
static bool deducesParameter(const FunctionDecl *Callee, unsigned Index) {
  const FunctionTemplateDecl *Template = Callee->getPrimaryTemplate();
  if (!Template)
    return false;
  unsigned I = 0;
  for (const ParmVarDecl *P : Template->getTemplatedDecl()->parameters()) {
    if (P->isParameterPack() || I == Index)
      return P->getType()->isDependentType();
    ++I;
  }
  return false;
}

/// Whether \p Callee is a std::basic_ostream's operator<<: it has an
/// overload for every integer type, and prints a widened value whole.
static bool isStreamInsertion(const FunctionDecl *Callee) {
  const auto *M = dyn_cast<CXXMethodDecl>(Callee);
  const CXXRecordDecl *Stream = M ? M->getParent() : nullptr;
  return Stream && M->getOverloadedOperator() == OO_LessLess &&
         Stream->isInStdNamespace() && Stream->getIdentifier() &&
         Stream->getName() == "basic_ostream";
}

void TypeMigration::checkCallArgument(const CallExpr *Call, unsigned Index,
                                      bool IsElementBuffer, StringRef NewType,
                                      FixPlan &Plan) {
  const Expr *Arg = Call->getArg(Index);
  if (Call == FixedCall) {
    const ParamInfo &P = Fixed.Params[Index];
    bool Scalar = P.Kind == ParamKind::Count || P.Kind == ParamKind::Wide;
    if (IsElementBuffer ? !Scalar && largeElementType(P) == NewType : Scalar)
      return;
    Plan.block(Arg->getBeginLoc(), "it is also passed as '" + P.Name.str() +
                                       "', which has another type");
    return;
  }
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee) {
    Plan.block(Arg->getBeginLoc(), "it is passed to an unknown function");
    return;
  }
  if (!IsElementBuffer &&
      (WidenedParameters.count({Callee->getCanonicalDecl(), Index}) ||
       (ReachWidens && ReachWidens(Callee, Index))))
    return;
  // An MPI_Offset or MPI_Aint parameter, of MPI's or the user's, takes it
  // whole; so does a floating one.
  if (!IsElementBuffer && Index < Callee->getNumParams() &&
      holdsWideValue(Callee->getParamDecl(Index)->getType()))
    return;
  if (IsElementBuffer && Callee->getIdentifier() && Callee->getName() == "free")
    return;
  if (const FunctionInfo *F = lookupClassic(*Callee)) {
    const ParamInfo &P = F->Params[Index];
    if (IsElementBuffer && F->Fam == Family::COLL &&
        (P.Role == ParamRole::BUF || P.Role == ParamRole::CBUF))
      return exchangeAsWide(Call, *F, Index, NewType, Plan);
    // Another call that takes the value as a count, or the array or output
    // as counts or displacements of the new type, follows it to _c / _x.
    bool TakesIt = IsElementBuffer
                       ? P.ClassicType != P.LargeType &&
                             StringRef(P.ClassicType).ends_with("*") &&
                             largeElementType(P) == NewType
                       : P.Kind == ParamKind::Count;
    if (TakesIt)
      return followCall(Call, *F, Plan);
    if (IsElementBuffer && (P.Role == ParamRole::BUF || P.Role == ParamRole::CBUF)) {
      Plan.block(Arg->getBeginLoc(),
                 "it is a message buffer of '" + F->classicName() +
                     "': its datatype, and what the peer receives, must "
                     "change by hand");
      return;
    }
    if (IsElementBuffer && P.ClassicType != P.LargeType) {
      Plan.block(Arg->getBeginLoc(), "it is also passed as '" + P.Name.str() +
                                         "' of " + F->classicName() +
                                         ", which takes " +
                                         largeElementType(P).str());
      return;
    }
  } else if (!IsElementBuffer && isPrintfLike(Callee) &&
             Index >= Callee->getNumParams()) {
    return updatePrintfFormat(Call, Index, Plan);
  }
  if (IsElementBuffer) {
    const auto *AddrOf = dyn_cast<UnaryOperator>(Arg->IgnoreParenImpCasts());
    Plan.block(Arg->getBeginLoc(),
               AddrOf && AddrOf->getOpcode() == UO_AddrOf
                   ? "its address is passed to '" + Callee->getNameAsString() +
                         "', which may write an 'int' there"
                   : "its elements are passed to '" + Callee->getNameAsString() +
                         "', which may assume they are 'int'");
    return;
  }
  if (deducesParameter(Callee, Index) || isStreamInsertion(Callee))
    return;
  std::string Expected = Index < Callee->getNumParams()
                             ? typeName(Callee->getParamDecl(Index)->getType())
                             : "int";
  Plan.block(Arg->getBeginLoc(), "it is passed to '" +
                                     Callee->getNameAsString() +
                                     "', which expects '" + Expected + "'");
}

} // namespace mpix
