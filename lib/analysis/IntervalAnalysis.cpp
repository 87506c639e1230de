//===-- IntervalAnalysis.cpp - Value ranges of integer expressions --------===//

#include "analysis/IntervalAnalysis.h"
#include "analysis/Summaries.h"
#include "utils/ConstantArrays.h"
#include "MPIApi.h"
#include "analysis/FlowRanges.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "analysis/MemberWrites.h"
#include "utils/FastRecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"
#include <cmath>
#include <numeric>

using namespace clang;

namespace mpix {

std::optional<llvm::StringRef> fileTextOf(const Stmt *S,
                                          const SourceManager &SM) {
  SourceLocation Begin = SM.getExpansionLoc(S->getBeginLoc());
  SourceLocation End = SM.getExpansionLoc(S->getEndLoc());
  if (Begin.isInvalid() || End.isInvalid() ||
      SM.getFileID(Begin) != SM.getFileID(End))
    return std::nullopt;
  bool Invalid = false;
  const char *Text = SM.getCharacterData(Begin, &Invalid);
  unsigned From = SM.getFileOffset(Begin), To = SM.getFileOffset(End);
  if (Invalid || To < From)
    return std::nullopt;
  return llvm::StringRef(Text, To - From);
}

const Expr *chainedStoreValue(const Expr *Value, QualType Target) {
  for (;;) {
    const auto *Inner =
        Value ? dyn_cast<BinaryOperator>(Value->IgnoreParenImpCasts())
              : nullptr;
    if (!Inner || Inner->getOpcode() != BO_Assign ||
        Inner->getLHS()->getType().getCanonicalType().getUnqualifiedType() !=
            Target.getCanonicalType().getUnqualifiedType())
      return Value;
    Value = Inner->getRHS();
  }
}

const VarDecl *referencedVariable(const Expr *E) {
  if (!E)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

unsigned executionPolicyArguments(const CallExpr *Call) {
  if (Call->getNumArgs() == 0)
    return 0;
  const auto *R = Call->getArg(0)->getType()->getAsCXXRecordDecl();
  return R && R->getIdentifier() && R->getName().contains("policy");
}

std::optional<StandardSum> standardSum(const CallExpr *Call) {
  const FunctionDecl *F = Call->getDirectCallee();
  if (!F || !F->isInStdNamespace() || !F->getIdentifier())
    return std::nullopt;
  unsigned Policy = executionPolicyArguments(Call);
  StringRef Name = F->getName();
  StandardSum Sum;
  if (Name == "accumulate" || Name == "reduce") {
    if (Call->getNumArgs() < Policy + 3)
      return std::nullopt;
    Sum.Init = Call->getArg(Policy + 2);
    return Sum;
  }
  if (Name == "partial_sum" || Name == "inclusive_scan" ||
      Name == "exclusive_scan") {
    if (Call->getNumArgs() < Policy + 3)
      return std::nullopt;
    Sum.Output = Call->getArg(Policy + 2);
    if (Name == "exclusive_scan" && Call->getNumArgs() > Policy + 3)
      Sum.Init = Call->getArg(Policy + 3);
    return Sum;
  }
  return std::nullopt;
}

static bool isDataAccessor(const CXXMethodDecl *M, unsigned Depth) {
  if (!M || !M->getIdentifier())
    return false;
  if (M->getName() == "data")
    return true;
  const FunctionDecl *Def = nullptr;
  if (Depth == 0 || M->getNumParams() != 0 || !M->hasBody(Def))
    return false;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  const auto *Return =
      Body && Body->size() == 1 ? dyn_cast<ReturnStmt>(Body->body_front())
                                : nullptr;
  const auto *Inner =
      Return && Return->getRetValue()
          ? dyn_cast<CXXMemberCallExpr>(Return->getRetValue()->IgnoreParenCasts())
          : nullptr;
  return Inner &&
         isa<CXXThisExpr>(Inner->getImplicitObjectArgument()->IgnoreParenCasts()) &&
         isDataAccessor(Inner->getMethodDecl(), Depth - 1);
}

bool isDataAccessor(const CXXMethodDecl *M) { return isDataAccessor(M, 3); }

/// Whether \p F, a function of one parameter, returns where that parameter's
/// elements start, or null: `c_data(v)` of a code that predates data(),
/// `return v.empty() ? 0 : &v[0];`.
static bool returnsElementsOfParameter(const FunctionDecl *F) {
  const FunctionDecl *Def = F->getDefinition();
  const auto *Body = Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  const auto *Return =
      Body && Body->size() == 1 && Def->getNumParams() == 1
          ? dyn_cast<ReturnStmt>(Body->body_front())
          : nullptr;
  const Expr *Value = Return && Return->getRetValue()
                          ? Return->getRetValue()->IgnoreParenCasts()
                          : nullptr;
  if (const auto *Choice = dyn_cast_or_null<ConditionalOperator>(Value)) {
    ASTContext &Ctx = Def->getASTContext();
    auto IsNull = [&](const Expr *Arm) {
      return Arm->IgnoreParenCasts()->isNullPointerConstant(
                 Ctx, Expr::NPC_ValueDependentIsNotNull) != Expr::NPCK_NotNull;
    };
    Value = IsNull(Choice->getTrueExpr())    ? Choice->getFalseExpr()
            : IsNull(Choice->getFalseExpr()) ? Choice->getTrueExpr()
                                             : nullptr;
  }
  // Not through another function's call: that one could come back here.
  return Value && !(isa<CallExpr>(Value) && !isa<CXXMemberCallExpr>(Value)) &&
         arrayVariable(Value) == Def->getParamDecl(0);
}

const VarDecl *arrayVariable(const Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreParenCasts();
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(E))
    if (isDataAccessor(Member->getMethodDecl()))
      return referencedVariable(Member->getImplicitObjectArgument());
  if (const auto *Call = dyn_cast<CallExpr>(E);
      Call && !isa<CXXMemberCallExpr, CXXOperatorCallExpr>(Call) &&
      Call->getNumArgs() == 1 && Call->getDirectCallee() &&
      returnsElementsOfParameter(Call->getDirectCallee()))
    return arrayVariable(Call->getArg(0));
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_AddrOf)
      if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(
              U->getSubExpr()->IgnoreParenImpCasts()))
        return indexedVariable(Op);
  return referencedVariable(E);
}

const VarDecl *viewedArray(const Expr *E) {
  if (const VarDecl *Whole = arrayVariable(E))
    return Whole;
  if (!E)
    return nullptr;
  E = E->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_AddrOf)
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(
              U->getSubExpr()->IgnoreParenImpCasts()))
        return referencedVariable(ASE->getBase());
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    if (B->getOpcode() == BO_Add && B->getLHS()->getType()->isPointerType())
      return referencedVariable(B->getLHS());
  return nullptr;
}

/// The element type of container \p R, its first template argument
/// (`std::vector<int>`); a null type for any other class.
QualType elementTypeOfContainer(const CXXRecordDecl *R) {
  const auto *Container = dyn_cast_or_null<ClassTemplateSpecializationDecl>(R);
  if (!Container || Container->getTemplateArgs().size() == 0 ||
      Container->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return QualType();
  return Container->getTemplateArgs()[0].getAsType();
}

QualType elementTypeOfArrayParameter(const ParmVarDecl *P) {
  QualType Pointee = P->getType()->getPointeeType();
  if (Pointee.isNull() || !Pointee->isRecordType())
    return Pointee;
  return elementTypeOfContainer(Pointee->getAsCXXRecordDecl());
}

/// `i++`, `--i`, `i += 1`: a counter, which stops at its loop's int bound
/// before it can wrap; `displs[i] = i` is no running sum of sizes.
bool isUnitStep(const Stmt *Write) {
  if (const auto *U = dyn_cast<UnaryOperator>(Write))
    return U->isIncrementDecrementOp();
  const auto *B = dyn_cast<BinaryOperator>(Write);
  const auto *Step =
      B ? dyn_cast<IntegerLiteral>(B->getRHS()->IgnoreParenImpCasts()) : nullptr;
  return Step && Step->getValue() == 1;
}

/// Whether \p E reads an element of \p Array (displs[i - 1]).
bool readsElementOf(const Stmt *S, const VarDecl *Array) {
  if (const auto *E = dyn_cast<Expr>(S))
    if (indexedVariable(E) == Array)
      return true;
  return llvm::any_of(S->children(), [Array](const Stmt *Child) {
    return Child && readsElementOf(Child, Array);
  });
}

/// Whether \p W stores into an element of \p Array a running sum:
/// displs[i] = displs[i-1] + counts[i-1], displs[i] += ..., or
/// displs[i] = offset with offset += counts[i] elsewhere.
bool storesRunningSum(const FunctionFacts::Write &W, const VarDecl *Array,
                      const FunctionFacts &Facts) {
  if (!W.Value)
    return false;
  const VarDecl *Accumulator = referencedVariable(W.Value);
  return W.Accumulates || readsElementOf(W.Value, Array) ||
         (Accumulator && llvm::any_of(Facts.writesOf(Accumulator),
                                      [](const FunctionFacts::Write &AW) {
                                        return AW.Accumulates &&
                                               !isUnitStep(AW.Site);
                                      }));
}

void callsTakingArray(
    const VarDecl *Array, const FunctionFacts &Facts,
    llvm::SmallVectorImpl<std::pair<const CallExpr *, unsigned>> &Out) {
  for (const DeclRefExpr *Use : Facts.usesOf(Array)) {
    // Past the accessors that give the elements' start.
    const Stmt *P = Facts.parentOf(Use);
    while (P && (isa<ImplicitCastExpr, ParenExpr, MaterializeTemporaryExpr,
                     MemberExpr>(P) ||
                 (isa<CallExpr>(P) && arrayVariable(cast<Expr>(P)) == Array)))
      P = Facts.parentOf(P);
    const auto *Call = dyn_cast_or_null<CallExpr>(P);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee || isa<CXXOperatorCallExpr, CXXMemberCallExpr>(Call) ||
        lookupClassic(*Callee))
      continue;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (arrayVariable(Call->getArg(I)) == Array &&
          llvm::none_of(Out, [&](const auto &Seen) {
            return Seen.first == Call && Seen.second == I;
          }))
        Out.push_back({Call, I});
  }
}

//===----------------------------------------------------------------------===//
// FunctionFacts
//===----------------------------------------------------------------------===//

bool callNeverReturns(const CallExpr *Call) {
  const FunctionDecl *F = Call->getDirectCallee();
  if (!F)
    return false;
  if (F->isNoReturn())
    return true;
  const ModelInfo *M = lookupModel(*F);
  return M && M->Role == ModelRole::NORETURN;
}

namespace {
/// Finds what lets a body come back to its caller other than by falling off
/// its end: a return, or a label a jump could reach past the call that
/// does not return.
class ReturnFinder : public FastRecursiveASTVisitor<ReturnFinder> {
public:
  bool Found = false;
  bool VisitReturnStmt(ReturnStmt *) { return !(Found = true); }
  bool VisitLabelStmt(LabelStmt *) { return !(Found = true); }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) { return !(Found = true); }
  bool VisitCoreturnStmt(CoreturnStmt *) { return !(Found = true); }
};
} // namespace

bool bodyNeverReturns(const FunctionDecl *Def,
                      llvm::function_ref<bool(const CallExpr *)> CallNeverReturns) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def ? Def->getBody() : nullptr);
  if (!Body)
    return false;
  ReturnFinder Finder;
  Finder.TraverseStmt(const_cast<CompoundStmt *>(Body));
  if (Finder.Found)
    return false;
  return llvm::any_of(Body->body(), [&](const Stmt *S) {
    const auto *E = dyn_cast<Expr>(S);
    if (!E)
      return false;
    E = E->IgnoreParenCasts();
    if (isa<CXXThrowExpr>(E))
      return true;
    const auto *Call = dyn_cast<CallExpr>(E);
    return Call && CallNeverReturns(Call);
  });
}

namespace {
/// Finds what lets a body change state its caller sees: a store into
/// anything but the function's own automatic locals, a call of a function
/// not known to only read, and what the walk cannot judge (asm,
/// construction, new and delete, lambdas, calls through pointers).
class SideEffectFinder : public FastRecursiveASTVisitor<SideEffectFinder> {
public:
  SideEffectFinder(const FunctionDecl *Def,
                   llvm::function_ref<bool(const FunctionDecl *)> CalleeOnlyReads)
      : Def(Def), CalleeOnlyReads(CalleeOnlyReads) {}
  bool Found = false;

  bool VisitBinaryOperator(BinaryOperator *B) {
    return !B->isAssignmentOp() || storesToOwnLocal(B->getLHS()) ||
           !(Found = true);
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    return !U->isIncrementDecrementOp() || storesToOwnLocal(U->getSubExpr()) ||
           !(Found = true);
  }
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    bool Reads = Callee && (Callee->getCanonicalDecl() == Def->getCanonicalDecl() ||
                            Callee->hasAttr<PureAttr>() ||
                            Callee->hasAttr<ConstAttr>() || CalleeOnlyReads(Callee));
    return Reads || !(Found = true);
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *) { return !(Found = true); }
  bool VisitCXXNewExpr(CXXNewExpr *) { return !(Found = true); }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *) { return !(Found = true); }
  bool VisitAsmStmt(AsmStmt *) { return !(Found = true); }
  bool VisitLambdaExpr(LambdaExpr *) { return !(Found = true); }
  bool VisitVarDecl(VarDecl *V) {
    // A static local keeps what one call leaves for the next.
    return V->hasLocalStorage() || isa<ParmVarDecl>(V) || !(Found = true);
  }

private:
  bool storesToOwnLocal(const Expr *Target) const {
    const auto *Ref = dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts());
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    return V && V->hasLocalStorage() && !V->getType()->isReferenceType();
  }
  const FunctionDecl *Def;
  llvm::function_ref<bool(const FunctionDecl *)> CalleeOnlyReads;
};
} // namespace

bool bodyOnlyReads(
    const FunctionDecl *Def,
    llvm::function_ref<bool(const FunctionDecl *)> CalleeOnlyReads) {
  const Stmt *Body = Def ? Def->getBody() : nullptr;
  // A virtual call may run an override that writes.
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Def);
  if (!Body || (Method && Method->isVirtual()))
    return false;
  SideEffectFinder Finder(Def, CalleeOnlyReads);
  Finder.TraverseStmt(const_cast<Stmt *>(Body));
  return !Finder.Found;
}

/// A parameter of this type only reads what it is given the address of.
static bool pointsToConst(QualType T) {
  return T->isPointerType() && T->getPointeeType().isConstQualified();
}

bool UnitKnowledge::callEndsRun(const CallExpr *Call) {
  if (callNeverReturns(Call))
    return true;
  const FunctionDecl *Callee = Call->getDirectCallee();
  return Callee && neverReturns(Callee);
}

/// `do { ... } while (0)`: the statement an error macro expands to.
static bool runsOnce(const DoStmt *Do) {
  const auto *Cond = dyn_cast<IntegerLiteral>(Do->getCond()->IgnoreParenImpCasts());
  return Cond && Cond->getValue().isZero();
}

/// Whether control never falls through \p S: a return, throw, break, continue
/// or a call that does not return (abort, exit, MPI_Abort), also from inside
/// the `do { ...; goto done; } while (0)` of an error macro (HDF5's
/// HGOTO_ERROR), where a break or continue only ends that statement.
static bool leaves(const Stmt *S, bool InOnceLoop = false) {
  if (!S)
    return false;
  if (isa<BreakStmt, ContinueStmt>(S))
    return !InOnceLoop;
  if (isa<ReturnStmt, GotoStmt, CXXThrowExpr>(S))
    return true;
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return llvm::any_of(C->body(), [&](const Stmt *Child) {
      return leaves(Child, InOnceLoop);
    });
  if (const auto *Do = dyn_cast<DoStmt>(S))
    return runsOnce(Do) && leaves(Do->getBody(), /*InOnceLoop=*/true);
  if (const auto *E = dyn_cast<Expr>(S)) {
    if (const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenCasts()))
      return callNeverReturns(Call);
    if (isa<CXXThrowExpr>(E->IgnoreParenCasts()))
      return true;
  }
  return false;
}

std::pair<const VarDecl *, const FieldDecl *>
memberOfVariable(const Expr *E) {
  const auto *ME = E ? dyn_cast<MemberExpr>(E->IgnoreParenImpCasts()) : nullptr;
  const auto *Field = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  const VarDecl *Base = Field ? referencedVariable(ME->getBase()) : nullptr;
  if (!Base)
    return {nullptr, nullptr};
  return {Base, Field};
}

/// For `b->f[i]` or `b.f[i]`, b and f.
static std::pair<const VarDecl *, const FieldDecl *>
indexedMember(const Expr *E) {
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E->IgnoreParenImpCasts()))
    return memberOfVariable(ASE->getBase());
  return {nullptr, nullptr};
}

std::string spelledText(const Stmt *S, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(S->getSourceRange()), SM,
      Ctx.getLangOpts());
  if (Range.isInvalid())
    Range = CharSourceRange::getTokenRange(
        SM.getExpansionRange(S->getSourceRange()).getAsRange());
  return Lexer::getSourceText(Range, SM, Ctx.getLangOpts()).str();
}

/// Whether \p Call is to a function of the MPI table, classic or large.
static bool callsMPI(const CallExpr *Call) {
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  return Callee && (lookupClassic(*Callee) ||
                    (Callee->getIdentifier() && lookupLarge(Callee->getName())));
}

const VarDecl *indexedVariable(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return referencedVariable(ASE->getBase());
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E))
    if (Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2)
      return referencedVariable(Op->getArg(0));
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_Deref) {
      const Expr *Ptr = U->getSubExpr()->IgnoreParenImpCasts();
      if (const auto *B = dyn_cast<BinaryOperator>(Ptr))
        if (B->isAdditiveOp())
          Ptr = B->getLHS();
      return referencedVariable(Ptr);
    }
  return nullptr;
}

/// The condition an assert() statement establishes: glibc's
/// `((void) sizeof ((c) ? 1 : 0), __extension__ ({ if (c) ; else
/// __assert_fail (...); }))`, its C++ and non-GNU form `(c) ? (void) 0 :
/// __assert_fail (...)`, and any `if (c) ; else abort();`.
static const Expr *assertedCondition(const Stmt *S) {
  if (const auto *If = dyn_cast_or_null<IfStmt>(S)) {
    const auto *Then = dyn_cast_or_null<CompoundStmt>(If->getThen());
    bool EmptyThen = isa_and_nonnull<NullStmt>(If->getThen()) ||
                     (Then && Then->body_empty());
    if (EmptyThen && !If->hasInitStorage() && leaves(If->getElse()))
      return If->getCond();
    return nullptr;
  }
  const auto *E = dyn_cast_or_null<Expr>(S);
  if (!E)
    return nullptr;
  E = E->IgnoreParenCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return B->getOpcode() == BO_Comma ? assertedCondition(B->getRHS()) : nullptr;
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->getOpcode() == UO_Extension ? assertedCondition(U->getSubExpr())
                                          : nullptr;
  if (const auto *SE = dyn_cast<StmtExpr>(E)) {
    const CompoundStmt *Body = SE->getSubStmt();
    return Body->size() == 1 ? assertedCondition(Body->body_front()) : nullptr;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    if (leaves(CO->getFalseExpr()))
      return CO->getCond();
  return nullptr;
}

/// Whether an analysis may ask for the parent of \p S (a child of \p Parent)
/// without having come up from a node below it: any statement, a whole
/// expression or initializer, a reference to a variable, a call, a store.
/// What is left are the constants inside an expression (literals, the
/// callee's name, MPI_DOUBLE, `0 % 7`): half of the nodes of a unit of MPI
/// calls. Leaving them out halves the parent table.
static bool mayBeAskedAbout(const Stmt *S, const Stmt *Parent) {
  if (!isa<Expr>(S) || !isa<Expr>(Parent) || isa<InitListExpr>(Parent))
    return true;
  switch (S->getStmtClass()) {
  case Stmt::IntegerLiteralClass:
  case Stmt::FloatingLiteralClass:
  case Stmt::CharacterLiteralClass:
  case Stmt::StringLiteralClass:
  case Stmt::ParenExprClass:
  case Stmt::ImplicitCastExprClass:
  case Stmt::CStyleCastExprClass:
  case Stmt::UnaryExprOrTypeTraitExprClass:
    return false;
  case Stmt::BinaryOperatorClass:
    return cast<BinaryOperator>(S)->isAssignmentOp();
  case Stmt::DeclRefExprClass:
    return !isa<FunctionDecl, EnumConstantDecl>(
        cast<DeclRefExpr>(S)->getDecl());
  default:
    return true;
  }
}

/// \p E without what the compiler wraps a passed or returned object in:
/// copies and moves, temporaries, conversions and parentheses.
static const Expr *withoutCopies(const Expr *E) {
  for (;;) {
    E = E->IgnoreImplicit()->IgnoreParens();
    const auto *Copy = dyn_cast<CXXConstructExpr>(E);
    if (!Copy || Copy->getNumArgs() != 1 || !Copy->getConstructor() ||
        !Copy->getConstructor()->isCopyOrMoveConstructor())
      return E;
    E = Copy->getArg(0);
  }
}

class FactsCollector : public FastRecursiveASTVisitor<FactsCollector> {
  using Base = FastRecursiveASTVisitor<FactsCollector>;

public:
  FactsCollector(FunctionFacts &F, ArrayFacts *Arrays, CallListing *Listing)
      : Facts(F), Arrays(Arrays), Listing(Listing) {}

  bool shouldVisitLambdaBody() const { return false; }

  // What the call walk visits and this walk does not (it visits implicit
  // code): implicit declarations, the semantic form of an initializer list
  // that differs from the written one (its calls are found twice there),
  // and, to be safe, the bodies clang builds around OpenMP directives and
  // blocks.
  bool TraverseDecl(Decl *D) {
    if (Listing && D && D->isImplicit())
      Listing->Complete = false;
    return Base::TraverseDecl(D);
  }
  /// Whether \p S is an initializer list whose semantic form differs from
  /// the written one. Whichever of the two the walk enters, it leaves the
  /// same node, so the count of those around the current node stays right.
  static bool hasTwoForms(const Stmt *S) {
    const auto *L = dyn_cast<InitListExpr>(S);
    return L && !(L->isSemanticForm() && L->isSyntacticForm());
  }
  bool VisitCapturedStmt(CapturedStmt *) { return listsIncompletely(); }
  bool VisitOMPExecutableDirective(OMPExecutableDirective *) {
    return listsIncompletely();
  }
  bool VisitBlockExpr(BlockExpr *) { return listsIncompletely(); }

  // Parents are recorded during this walk: clang's ParentMap would walk the
  // body a second time, and that walk cost as much as this one. They are
  // recorded on the way back up, so that the constants inside expressions
  // can be left out (see mayBeAskedAbout).
  bool dataTraverseStmtPre(Stmt *S) {
    Ancestors.push_back({S, false});
    if (Listing && hasTwoForms(S))
      ++TwoFormListsAround;
    return true;
  }
  bool dataTraverseStmtPost(Stmt *S) {
    if (Listing && hasTwoForms(S))
      --TwoFormListsAround;
    bool Recorded = Ancestors.pop_back_val().HasRecordedChild;
    if (Ancestors.empty())
      return true;
    Ancestor &Parent = Ancestors.back();
    if (Recorded || mayBeAskedAbout(S, Parent.Node)) {
      Facts.Parents[S] = Parent.Node;
      Parent.HasRecordedChild = true;
    }
    return true;
  }

  bool VisitVarDecl(VarDecl *V) {
    if (Arrays)
      Arrays->recordDeclaration(V);
    // `int counts[n]` only reads n. The walk reaches the bound as written,
    // through the declaration's type location, without the conversion to
    // an rvalue that the type's own bound has around it.
    for (const Type *T = V->getType().getTypePtr();
         const auto *VLA = dyn_cast<VariableArrayType>(T);
         T = VLA->getElementType().getTypePtr())
      if (const auto *Bound = dyn_cast_or_null<DeclRefExpr>(
              VLA->getSizeExpr() ? VLA->getSizeExpr()->IgnoreParenImpCasts()
                                 : nullptr))
        Facts.ArrayBounds.insert(Bound);
    if (const Expr *Init = V->getInit()) {
      Facts.Writes[V].push_back(
          {chainedStoreValue(Init, V->getType()), V->getInit(), false});
      // Initializer lists fill arrays element by element.
      if (const auto *List = dyn_cast<InitListExpr>(Init->IgnoreImplicit())) {
        for (const Expr *Element : List->inits())
          Facts.ElementWrites[V].push_back({Element, Element, false});
        // Elements the list does not name are zero.
        if (List->hasArrayFiller())
          Facts.ElementWrites[V].push_back(
              {List->getArrayFiller(), List, false});
      }
    }
    // A non-const reference can write through the alias.
    if (V->getType()->isReferenceType() &&
        !V->getType().getNonReferenceType().isConstQualified())
      Facts.Escaping[referencedVariable(V->getInit())].push_back(V->getInit());
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (!B->isAssignmentOp())
      return true;
    bool Plain = B->getOpcode() == BO_Assign;
    bool Accumulates =
        B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign;
    const Expr *Value = Plain ? B->getRHS() : nullptr;
    if (const VarDecl *V = referencedVariable(B->getLHS()))
      Facts.Writes[V].push_back(
          {chainedStoreValue(Value, V->getType()), B, Accumulates});
    else if (const VarDecl *A = indexedVariable(B->getLHS()))
      Facts.ElementWrites[A].push_back({Plain ? Value : B->getRHS(), B,
                                        Accumulates, Plain});
    else if (auto Member = indexedMember(B->getLHS()); Member.first)
      Facts.MemberElementWrites[Member].push_back(
          {Plain ? Value : B->getRHS(), B, Accumulates, Plain});
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp()) {
      if (const VarDecl *V = referencedVariable(U->getSubExpr()))
        Facts.Writes[V].push_back({nullptr, U, true});
      else if (const VarDecl *A = indexedVariable(U->getSubExpr()))
        Facts.ElementWrites[A].push_back({nullptr, U, true});
    } else if (U->getOpcode() == UO_AddrOf) {
      if (const VarDecl *V = referencedVariable(U->getSubExpr())) {
        if (!ReadOnlyAddresses.contains(U))
          Facts.Escaping[V].push_back(U);
      }
      // &a[i] hands out the array; its elements may then be written.
      else if (const VarDecl *A = indexedVariable(U->getSubExpr()))
        Facts.ElementWrites[A].push_back({nullptr, U, false});
    }
    return true;
  }

  /// `sizes.push_back(v)` (or emplace_back) on a local container stores v
  /// into an element, converted to the element type as `sizes[i] = v` is.
  void recordAppendedElement(const CallExpr *Call, const FunctionDecl *F) {
    const auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
    if (!Member || Call->getNumArgs() != 1 || !F->getIdentifier() ||
        (F->getName() != "push_back" && F->getName() != "emplace_back"))
      return;
    // The conversion to the element type is kept: it is the store's.
    const Expr *Value = Call->getArg(0);
    if (const auto *Temporary = dyn_cast<MaterializeTemporaryExpr>(Value))
      Value = Temporary->getSubExpr();
    if (const VarDecl *V =
            referencedVariable(Member->getImplicitObjectArgument()))
      Facts.ElementWrites[V].push_back({Value, Call, false});
  }

  /// The container an output iterator writes into: `v` of
  /// `std::back_inserter(v)`, `v.begin()`, `v.data()`, or an array `v`.
  static const VarDecl *writtenContainer(const Expr *Out) {
    Out = withoutCopies(Out);
    if (const auto *Call = dyn_cast<CallExpr>(Out)) {
      const FunctionDecl *F = Call->getDirectCallee();
      if (F && F->isInStdNamespace() && F->getIdentifier() &&
          F->getName() == "back_inserter" && Call->getNumArgs() == 1)
        return referencedVariable(Call->getArg(0));
    }
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Out)) {
      const CXXMethodDecl *M = Member->getMethodDecl();
      if (M && M->getIdentifier() && M->getName() == "begin")
        return referencedVariable(Member->getImplicitObjectArgument());
    }
    return arrayVariable(Out);
  }

  /// The lambda \p Functor is, written in place or held in a local.
  static const LambdaExpr *lambdaOf(const Expr *Functor) {
    Functor = withoutCopies(Functor);
    if (const VarDecl *Held = referencedVariable(Functor))
      Functor = Held->getInit() ? withoutCopies(Held->getInit()) : nullptr;
    return dyn_cast_or_null<LambdaExpr>(Functor);
  }

  /// `std::transform(first, last, out, f)` (and its binary form) stores
  /// what f returns into out's elements: each return statement of a
  /// lambda f is an element store, converted to the element type as
  /// `out[i] = v` is. (`[](size_t n) { return int(n); }` narrows each
  /// count of an array it converts: ADIOS2's MPI layer, held-out audit.)
  void recordTransformedElements(const CallExpr *Call, const FunctionDecl *F) {
    unsigned N = Call->getNumArgs();
    if (!F->isInStdNamespace() || !F->getIdentifier() ||
        F->getName() != "transform" || N < 4)
      return;
    const VarDecl *Out = writtenContainer(Call->getArg(N - 2));
    const LambdaExpr *Op = lambdaOf(Call->getArg(N - 1));
    if (!Out || !Op)
      return;
    llvm::SmallVector<const ReturnStmt *, 2> Returns;
    collectReturns(Op->getBody(), Returns);
    for (const ReturnStmt *R : Returns)
      if (const Expr *Value = R->getRetValue())
        Facts.ElementWrites[Out].push_back({Value, Call, false});
  }

  // Arguments bound to non-const reference parameters (std::cin >> n, swap).
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (F && Listing && Listing->Wanted(F)) {
      Listing->Out.push_back({Call, F, Listing->Caller});
      if (TwoFormListsAround)
        Listing->Complete = false;
    }
    if (!F)
      return true;
    recordAppendedElement(Call, F);
    recordTransformedElements(Call, F);
    unsigned Offset = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(F);
    noteReadOnlyAddresses(Call, F, Offset);
    if (!hasWritableReferenceParameter(F))
      return true;
    for (unsigned I = Offset; I < Call->getNumArgs(); ++I) {
      const VarDecl *V = referencedVariable(Call->getArg(I));
      if (!V || I - Offset >= F->getNumParams())
        continue;
      const ParmVarDecl *P = F->getParamDecl(I - Offset);
      QualType PT = P->getType();
      // An accessor of the elements (`c_data(v)`) lets them go as v.data()
      // does, not the container.
      if (PT->isReferenceType() &&
          !PT.getNonReferenceType().isConstQualified() && !leavesAlone(F, P) &&
          !returnsElementsOfParameter(F))
        Facts.Escaping[V].push_back(Call);
    }
    return true;
  }

  /// A small callee whose body does not write \p P or let it go: a
  /// logging macro compiled out (`ignore_unused(Ts &&...) {}`), a getter
  /// taking a reference. Larger bodies are not worth the walk.
  bool leavesAlone(const FunctionDecl *F, const ParmVarDecl *P) {
    const FunctionDecl *Def = F->getDefinition();
    const auto *Body = Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody())
                           : nullptr;
    if (!Body || Body->size() > 4 || Def != P->getDeclContext())
      return false;
    auto [It, Inserted] = ParameterLeftAlone.try_emplace(P, false);
    if (Inserted)
      It->second = Body->body_empty() ||
                   !ExprMutationAnalyzer(*Body, P->getASTContext()).isMutated(P);
    return It->second;
  }

  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      Facts.Uses[V].push_back(DRE);
    else if (const auto *B = dyn_cast<BindingDecl>(DRE->getDecl()))
      Facts.BindingUses[B].push_back(DRE);
    return true;
  }

  bool VisitDeclStmt(DeclStmt *DS) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        Facts.Declarations[V] = DS;
    return true;
  }

  // Lambda bodies are not walked, so what they capture may change unseen.
  bool VisitLambdaExpr(LambdaExpr *L) {
    for (const LambdaCapture &Capture : L->captures())
      if (Capture.capturesVariable())
        if (const auto *V = dyn_cast<VarDecl>(Capture.getCapturedVar())) {
          Facts.Escaping[V].push_back(L);
          Facts.Captured.insert(V);
        }
    return true;
  }

  bool VisitLabelStmt(LabelStmt *L) {
    Facts.HasJumpTargets = true;
    Facts.LabelStmts.push_back(L);
    return true;
  }
  bool VisitSwitchCase(SwitchCase *Case) {
    Facts.HasJumpTargets = true;
    Facts.Cases.push_back(Case);
    return true;
  }

  bool VisitCompoundStmt(CompoundStmt *C) {
    unsigned Index = 0;
    for (const Stmt *Child : C->body()) {
      Facts.CompoundIndex[Child] = Index;
      if (const auto *If = dyn_cast<IfStmt>(Child))
        if (!If->getElse() && !If->hasInitStorage() && leaves(If->getThen()))
          Facts.Guards[C].push_back({Index, If->getCond()});
      // assert(c): later statements run only where c held.
      if (const Expr *Asserted = assertedCondition(Child))
        Facts.Guards[C].push_back({Index, Asserted, /*HoldsAfter=*/true});
      collectProducts(Child, Index, C);
      ++Index;
    }
    return true;
  }

private:
  /// The signed products \p S evaluates whenever it runs: not those under a
  /// condition, a short circuit, a nested statement or an unevaluated
  /// operand. The condition of an if, a switch or a loop (and the
  /// statement before it) runs once at least
  /// (`if ((send = malloc(3 * nprocs * sizeof(int))) == NULL)`).
  void collectProducts(const Stmt *S, unsigned Index, const CompoundStmt *C) {
    if (const auto *If = dyn_cast_or_null<IfStmt>(S)) {
      collectProducts(If->getInit(), Index, C);
      collectProducts(If->getCond(), Index, C);
      return;
    }
    if (const auto *Switch = dyn_cast_or_null<SwitchStmt>(S)) {
      collectProducts(Switch->getInit(), Index, C);
      collectProducts(Switch->getCond(), Index, C);
      return;
    }
    if (const auto *While = dyn_cast_or_null<WhileStmt>(S)) {
      collectProducts(While->getCond(), Index, C);
      return;
    }
    if (const auto *For = dyn_cast_or_null<ForStmt>(S)) {
      collectProducts(For->getInit(), Index, C);
      collectProducts(For->getCond(), Index, C);
      return;
    }
    if (const auto *Decls = dyn_cast_or_null<DeclStmt>(S)) {
      for (const Decl *D : Decls->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          collectProducts(V->getInit(), Index, C);
      return;
    }
    const auto *E = dyn_cast_or_null<Expr>(S);
    if (!E || isa<LambdaExpr, BlockExpr, StmtExpr, UnaryExprOrTypeTraitExpr,
                  CXXTypeidExpr, CXXNoexceptExpr, GenericSelectionExpr>(E))
      return;
    if (const auto *Choice = dyn_cast<AbstractConditionalOperator>(E)) {
      collectProducts(Choice->getCond(), Index, C);
      return;
    }
    // An MPI call's arguments are what mpix-large-count fixes: a product
    // there is widened by the fix and bounds nothing after it, so it must
    // not bound anything now either (the fixed code would be reported).
    if (callsMPI(dyn_cast<CallExpr>(E)))
      return;
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (B->isLogicalOp()) {
        collectProducts(B->getLHS(), Index, C);
        return;
      }
      if (B->getOpcode() == BO_Mul && B->getType()->isSignedIntegerType())
        Facts.Products[C].push_back({Index, B});
    }
    for (const Stmt *Child : E->children())
      collectProducts(Child, Index, C);
  }

  bool listsIncompletely() {
    if (Listing)
      Listing->Complete = false;
    return true;
  }
  /// C functions, MPI's among them, have none: their arguments need no look.
  bool hasWritableReferenceParameter(const FunctionDecl *F) {
    auto [It, Inserted] = WritesThroughReference.try_emplace(F, false);
    if (Inserted)
      It->second = llvm::any_of(F->parameters(), [](const ParmVarDecl *P) {
        QualType T = P->getType();
        return T->isReferenceType() &&
               !T.getNonReferenceType().isConstQualified();
      });
    return It->second;
  }

  /// `&v` given to a pointer-to-const parameter (a send buffer): the
  /// callee only reads v, which does not escape by it. Calls are visited
  /// before their arguments.
  void noteReadOnlyAddresses(const CallExpr *Call, const FunctionDecl *F,
                             unsigned Offset) {
    for (unsigned I = Offset; I < Call->getNumArgs(); ++I) {
      const auto *Addr =
          dyn_cast<UnaryOperator>(Call->getArg(I)->IgnoreParenImpCasts());
      if (!Addr || Addr->getOpcode() != UO_AddrOf ||
          I - Offset >= F->getNumParams())
        continue;
      if (pointsToConst(F->getParamDecl(I - Offset)->getType()))
        ReadOnlyAddresses.insert(Addr);
    }
  }

  FunctionFacts &Facts;
  ArrayFacts *Arrays;
  CallListing *Listing;
  llvm::DenseSet<const UnaryOperator *> ReadOnlyAddresses;
  /// Initializer lists with two forms around the node being walked: the call
  /// walk finds a call in them twice, once in each form.
  unsigned TwoFormListsAround = 0;
  llvm::DenseMap<const FunctionDecl *, bool> WritesThroughReference;
  llvm::DenseMap<const ParmVarDecl *, bool> ParameterLeftAlone;
  struct Ancestor {
    const Stmt *Node;
    bool HasRecordedChild;
  };
  llvm::SmallVector<Ancestor, 32> Ancestors;
};

/// Walks a body as FactsCollector does and records every parent: what
/// FunctionFacts::parentOf() falls back to when asked about a node that the
/// facts walk left out.
class ParentsCollector : public FastRecursiveASTVisitor<ParentsCollector> {
public:
  explicit ParentsCollector(ParentTable &Parents) : Parents(Parents) {}
  bool shouldVisitLambdaBody() const { return false; }
  bool dataTraverseStmtPre(Stmt *S) {
    if (!Ancestors.empty())
      Parents[S] = Ancestors.back();
    Ancestors.push_back(S);
    return true;
  }
  bool dataTraverseStmtPost(Stmt *) {
    Ancestors.pop_back();
    return true;
  }

private:
  ParentTable &Parents;
  llvm::SmallVector<const Stmt *, 32> Ancestors;
};

/// About as many parents as the facts walk will record in \p Body: one per
/// few characters of source. Sizing the parent map up front saves rehashing
/// it as it grows, which cost as much as filling it.
static unsigned expectedNodes(const Stmt *Body, const SourceManager &SM) {
  std::optional<llvm::StringRef> Text = fileTextOf(Body, SM);
  return Text ? std::min<size_t>(Text->size() / 6, 1u << 22) : 0;
}

FunctionFacts::FunctionFacts(const Stmt *Body, ASTContext &Ctx,
                             ArrayFacts *Arrays, CallListing *Listing)
    : Body(Body), Ctx(Ctx) {
  Parents.reserve(expectedNodes(Body, Ctx.getSourceManager()));
  FactsCollector(*this, Arrays, Listing)
      .TraverseStmt(const_cast<Stmt *>(Body));
  Escaping.erase(nullptr);
  if (Arrays)
    Arrays->attach(*this);
}

FunctionFacts::~FunctionFacts() = default;

llvm::ArrayRef<FunctionFacts::Write>
FunctionFacts::writesOf(const VarDecl *V) const {
  auto It = Writes.find(V);
  return It == Writes.end() ? llvm::ArrayRef<Write>() : It->second;
}

llvm::ArrayRef<FunctionFacts::Write>
FunctionFacts::elementWritesOf(const VarDecl *V) const {
  auto It = ElementWrites.find(V);
  return It == ElementWrites.end() ? llvm::ArrayRef<Write>() : It->second;
}

llvm::ArrayRef<FunctionFacts::Write>
FunctionFacts::memberElementWritesOf(const VarDecl *B,
                                     const FieldDecl *F) const {
  auto It = MemberElementWrites.find({B, F});
  return It == MemberElementWrites.end() ? llvm::ArrayRef<Write>()
                                         : It->second;
}

const Stmt *FunctionFacts::parentOf(const Stmt *S) const {
  auto It = Parents.find(S);
  if (It != Parents.end())
    return It->second;
  if (S == Body || AllParentsRecorded)
    return nullptr;
  // A node the facts walk left out: record them all, once.
  ParentsCollector(Parents).TraverseStmt(const_cast<Stmt *>(Body));
  AllParentsRecorded = true;
  return Parents.lookup(S);
}

const Stmt *FunctionFacts::readerOf(const Stmt *S) const {
  const Stmt *P = parentOf(S);
  while (isa_and_nonnull<ImplicitCastExpr, ParenExpr>(P))
    P = parentOf(P);
  return P;
}

bool FunctionFacts::escapesBefore(const VarDecl *V, const Stmt *At) const {
  auto Sites = Escaping.find(V);
  return Sites != Escaping.end() &&
         llvm::any_of(Sites->second,
                      [&](const Stmt *Site) { return !runsOnlyAfter(Site, At); });
}

bool FunctionFacts::runsOnlyAfter(const Stmt *S, const Stmt *At) const {
  // A jump back could run a later statement first.
  if (!LabelStmts.empty())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  if (!SM.isBeforeInTranslationUnit(SM.getExpansionLoc(At->getEndLoc()),
                                    SM.getExpansionLoc(S->getBeginLoc())))
    return false;
  // Any loop around both holds S in the outermost one around At.
  return !isWithin(S, outermostLoopAround(At));
}

bool FunctionFacts::inOtherBranch(const Stmt *S, const Stmt *At) const {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Stmt *Child = At, *P = parentOf(At); P;
       Child = P, P = parentOf(P)) {
    const auto *If = dyn_cast<IfStmt>(P);
    if (!If || !If->getElse())
      continue;
    const Stmt *Other = Child == If->getThen()   ? If->getElse()
                        : Child == If->getElse() ? If->getThen()
                                                 : nullptr;
    if (!Other || !isWithin(S, Other))
      continue;
    // A goto to a label before the if's end could run it again.
    return !outermostLoopAround(If) &&
           llvm::none_of(LabelStmts, [&](const LabelStmt *L) {
             return !SM.isBeforeInTranslationUnit(
                 SM.getExpansionLoc(If->getEndLoc()),
                 SM.getExpansionLoc(L->getBeginLoc()));
           });
  }
  return false;
}

const Stmt *FunctionFacts::outermostLoopAround(const Stmt *S) const {
  const Stmt *Loop = nullptr;
  for (const Stmt *P = parentOf(S); P; P = parentOf(P))
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(P))
      Loop = P;
  return Loop;
}

bool FunctionFacts::isWithin(const Stmt *S, const Stmt *Outer) const {
  if (!Outer)
    return false;
  for (; S; S = parentOf(S))
    if (S == Outer)
      return true;
  return false;
}

llvm::ArrayRef<const DeclRefExpr *>
FunctionFacts::usesOf(const VarDecl *V) const {
  auto It = Uses.find(V);
  return It == Uses.end() ? llvm::ArrayRef<const DeclRefExpr *>() : It->second;
}

llvm::ArrayRef<unsigned>
FunctionFacts::writingStatementsIn(const CompoundStmt *Block,
                                   const VarDecl *V) const {
  auto Listed = WritingStatements.try_emplace(V);
  auto &PerBlock = Listed.first->second;
  if (Listed.second) {
    for (const Write &W : writesOf(V)) {
      if (!W.Site || W.Site == V->getInit())
        continue;
      for (const Stmt *Child = W.Site, *Up = parentOf(Child); Up;
           Child = Up, Up = parentOf(Up))
        if (const auto *Around = dyn_cast<CompoundStmt>(Up))
          if (std::optional<unsigned> Index = indexInCompound(Child))
            PerBlock[Around].push_back(*Index);
    }
    for (auto &[Around, Indices] : PerBlock) {
      llvm::sort(Indices);
      Indices.erase(std::unique(Indices.begin(), Indices.end()), Indices.end());
    }
  }
  auto It = PerBlock.find(Block);
  return It == PerBlock.end() ? llvm::ArrayRef<unsigned>()
                              : llvm::ArrayRef(It->second);
}

const DeclRefExpr *FunctionFacts::firstUseAfter(const VarDecl *V,
                                                SourceLocation Loc) const {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Place = [&SM](const DeclRefExpr *Use) {
    return SM.getFileLoc(Use->getBeginLoc());
  };
  auto Listed = UsesInTextOrder.try_emplace(V);
  llvm::SmallVector<const DeclRefExpr *, 4> &Sorted = Listed.first->second;
  if (Listed.second) {
    llvm::ArrayRef<const DeclRefExpr *> All = usesOf(V);
    llvm::SmallVector<unsigned, 4> Order(All.size());
    std::iota(Order.begin(), Order.end(), 0u);
    sortInTextOrder(
        Order, [&](unsigned I) { return Place(All[I]); }, SM);
    for (unsigned I : Order)
      Sorted.push_back(All[I]);
  }
  const auto *After = llvm::partition_point(Sorted, [&](const DeclRefExpr *U) {
    return !SM.isBeforeInTranslationUnit(Loc, Place(U));
  });
  return After == Sorted.end() ? nullptr : *After;
}

/// The allocation a store into a pointer makes it point to: malloc's or
/// calloc's block, or new[]'s.
static const Expr *allocationStored(const Expr *Value) {
  Value = Value->IgnoreParenCasts();
  if (const auto *New = dyn_cast<CXXNewExpr>(Value)) {
    // new T[n]{1, 2} stores elements the element writes do not list.
    const Expr *Init = New->getInitializer();
    const auto *List = dyn_cast_or_null<InitListExpr>(Init);
    bool Zeroes = !Init || isa<ImplicitValueInitExpr>(Init) ||
                  (List && List->getNumInits() == 0);
    return New->isArray() && Zeroes ? Value : nullptr;
  }
  const auto *Call = dyn_cast<CallExpr>(Value);
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  unsigned Builtin = F ? F->getBuiltinID() : 0;
  return Builtin == Builtin::BImalloc || Builtin == Builtin::BIcalloc ? Value
                                                                       : nullptr;
}

bool FunctionFacts::holdsOwnAllocation(const VarDecl *Pointer) const {
  if (!Pointer->hasLocalStorage() || isa<ParmVarDecl>(Pointer) ||
      !Pointer->getType()->isPointerType() ||
      !Pointer->getType()->getPointeeType()->isIntegerType())
    return false;
  ASTContext &Ctx = Pointer->getASTContext();
  llvm::ArrayRef<Write> All = writesOf(Pointer);
  return !All.empty() && llvm::all_of(All, [&](const Write &W) {
    return W.Replaces && W.Value &&
           (allocationStored(W.Value) ||
            W.Value->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull));
  });
}

/// Whether \p Child is the condition \p P tests: if (counts), p ? a : b.
bool isTruthTestOf(const Stmt *P, const Stmt *Child) {
  if (!P)
    return false;
  if (const auto *If = dyn_cast<IfStmt>(P))
    return If->getCond() == Child;
  if (const auto *While = dyn_cast<WhileStmt>(P))
    return While->getCond() == Child;
  if (const auto *Do = dyn_cast<DoStmt>(P))
    return Do->getCond() == Child;
  if (const auto *For = dyn_cast<ForStmt>(P))
    return For->getCond() == Child;
  if (const auto *Cond = dyn_cast<ConditionalOperator>(P))
    return Cond->getCond() == Child;
  return false;
}

/// Uses of a pointer to its own allocation that neither write its elements
/// nor hand them out: the pointer's own stores, null tests, and free().
static bool isHeapArrayBookkeeping(const Stmt *Child, const Stmt *P) {
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(P))
    return (B->getOpcode() == BO_Assign && B->getLHS() == Child) ||
           B->isEqualityOp() || B->isLogicalOp();
  // C tests a pointer without converting it to bool.
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(P))
    return U->getOpcode() == UO_LNot;
  if (isTruthTestOf(P, Child))
    return true;
  if (const auto *Call = dyn_cast_or_null<CallExpr>(P))
    if (const FunctionDecl *F = Call->getDirectCallee())
      return F->getBuiltinID() == Builtin::BIfree;
  return isa_and_nonnull<CXXDeleteExpr>(P);
}

bool FunctionFacts::isOnlyIndexed(const VarDecl *Array) const {
  bool Heap = !Array->getType()->isConstantArrayType() && holdsOwnAllocation(Array);
  if ((!Array->getType()->isConstantArrayType() && !Heap) || Escaping.count(Array))
    return false;
  for (const DeclRefExpr *Use : usesOf(Array)) {
    const Stmt *Child = Use, *P = parentOf(Use);
    bool Tested = false; // `if (!p)`, `assert(p)`
    while (P && isa<ImplicitCastExpr, ParenExpr>(P)) {
      if (const auto *Cast = dyn_cast<ImplicitCastExpr>(P))
        Tested |= Cast->getCastKind() == CK_PointerToBoolean;
      Child = P;
      P = parentOf(P);
    }
    const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(P);
    if (ASE && ASE->getBase() == Child)
      continue;
    if (Heap && (Tested || isHeapArrayBookkeeping(Child, P)))
      continue;
    // Passed to a `const int[]` parameter (MPI_Type_create_darray's sizes):
    // the callee reads the elements and cannot change them.
    if (const auto *Call = dyn_cast_or_null<CallExpr>(P))
      if (const FunctionDecl *F = Call->getDirectCallee()) {
        unsigned Offset = isa<CXXOperatorCallExpr>(Call) ? 1 : 0;
        bool ReadOnly = false;
        for (unsigned I = Offset; I < Call->getNumArgs(); ++I)
          if (Call->getArg(I) == Child && I - Offset < F->getNumParams()) {
            QualType PT = F->getParamDecl(I - Offset)->getType();
            ReadOnly = PT->isPointerType() &&
                       PT->getPointeeType().isConstQualified();
          }
        if (ReadOnly)
          continue;
      }
    return false;
  }
  return true;
}

/// K of `a[K]`, K an integer literal.
static std::optional<uint64_t> literalIndexIn(const Expr *Element) {
  const auto *ASE = dyn_cast<ArraySubscriptExpr>(Element->IgnoreParens());
  if (!ASE)
    return std::nullopt;
  if (const auto *K = dyn_cast<IntegerLiteral>(ASE->getIdx()->IgnoreParenImpCasts()))
    return K->getValue().getZExtValue();
  return std::nullopt;
}

/// The literal index of a plain store `a[K] = ...`, if it is one.
static std::optional<uint64_t> literalIndexOf(const FunctionFacts::Write &W) {
  const auto *Assign = dyn_cast_or_null<BinaryOperator>(W.Site);
  if (!Assign || Assign->getOpcode() != BO_Assign)
    return std::nullopt;
  return literalIndexIn(Assign->getLHS());
}

std::optional<uint64_t> FunctionFacts::literalElementOf(const Write &W) {
  const Expr *Element = nullptr;
  if (const auto *Assign = dyn_cast_or_null<BinaryOperator>(W.Site);
      Assign && Assign->isAssignmentOp())
    Element = Assign->getLHS();
  else if (const auto *U = dyn_cast_or_null<UnaryOperator>(W.Site);
           U && (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf))
    Element = U->getSubExpr();
  return Element ? literalIndexIn(Element) : std::nullopt;
}

std::optional<uint64_t> FunctionFacts::literalElementRead(const Expr *Read) {
  return literalIndexIn(Read->IgnoreParenImpCasts());
}

/// `p = malloc(...)` or `int *p = malloc(...)` (or calloc, new[]): p
/// points to a block no earlier store went to.
static bool isFreshBlockStore(const FunctionFacts::Write &W,
                              const VarDecl *V) {
  return W.Replaces && W.Value &&
         (isa_and_nonnull<BinaryOperator>(W.Site) || W.Site == V->getInit()) &&
         allocationStored(W.Value);
}

/// The argument of \p At's call that its table row names \p Role, or named
/// \p Name when given (`root`); null when At is not such a call.
static const Expr *argumentOfRole(const Stmt *At, ParamRole Role,
                                  llvm::StringRef Name = "") {
  const auto *Call = dyn_cast_or_null<CallExpr>(At);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  const FunctionInfo *Row = Callee ? lookupClassic(*Callee) : nullptr;
  if (!Row && Callee)
    Row = lookupLarge(*Callee);
  if (!Row)
    return nullptr;
  for (unsigned I = 0; I < Row->Params.size() && I < Call->getNumArgs(); ++I)
    if (Row->Params[I].Role == Role &&
        (Name.empty() || Row->Params[I].Name == Name))
      return Call->getArg(I);
  return nullptr;
}

/// \p S with the parentheses and casts around it: what its parent reads.
static const Stmt *withCasts(const Stmt *S, const FunctionFacts &F) {
  while (isa_and_nonnull<ParenExpr, ImplicitCastExpr, CStyleCastExpr>(
      F.parentOf(S)))
    S = F.parentOf(S);
  return S;
}

llvm::SmallVector<const Stmt *, 2>
FunctionFacts::fillsOf(const VarDecl *V, const Stmt *At) const {
  llvm::SmallVector<const Stmt *, 2> Fills;
  const Expr *Comm = argumentOfRole(At, ParamRole::COMM);
  if (!Comm)
    return Fills;
  for (const FillCall &Fill : fillCallsOf(V)) {
    // A block a process at least, on the communicator At reads V for (and
    // at its root, for a rooted fill).
    const Expr *Root = Fill.Row->Root < 0
                           ? nullptr
                           : argumentOfRole(At, ParamRole::INT, "root");
    if (!sameExpression(Fill.Call->getArg(Fill.Row->Comm), Comm, Ctx) ||
        (Fill.Row->Root >= 0 &&
         (!Root ||
          !sameExpression(Fill.Call->getArg(Fill.Row->Root), Root, Ctx))))
      continue;
    Fills.push_back(Fill.Statement);
  }
  return Fills;
}

llvm::ArrayRef<FunctionFacts::FillCall>
FunctionFacts::fillCallsOf(const VarDecl *V) const {
  auto [It, New] = FillCalls.try_emplace(V);
  if (!New)
    return It->second;
  for (const DeclRefExpr *Use : usesOf(V)) {
    // V itself, or `&V[0]`, handed to the buffer of a fill.
    const Stmt *Arg = withCasts(Use, *this);
    if (const auto *Element =
            dyn_cast_or_null<ArraySubscriptExpr>(parentOf(Arg))) {
      Expr::EvalResult Index;
      const auto *Address = dyn_cast_or_null<UnaryOperator>(parentOf(Element));
      if (!Address || Address->getOpcode() != UO_AddrOf ||
          !Element->getIdx()->EvaluateAsInt(Index, Ctx) ||
          !Index.Val.getInt().isZero())
        continue;
      Arg = withCasts(Address, *this);
    }
    const auto *Call = dyn_cast_or_null<CallExpr>(parentOf(Arg));
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    const FillInfo *Row = Callee ? lookupFill(*Callee) : nullptr;
    Expr::EvalResult Count;
    if (!Row || unsigned(Row->Buffer) >= Call->getNumArgs() ||
        Call->getArg(Row->Buffer) != Arg ||
        !Call->getArg(Row->Count)->EvaluateAsInt(Count, Ctx) ||
        Count.Val.getInt().slt(1))
      continue;
    // The statement that makes the call whenever it runs (`MPI_Gather(...);`
    // or `err = MPI_Gather(...);`).
    const Stmt *Statement = withCasts(Call, *this);
    const auto *Store = dyn_cast_or_null<BinaryOperator>(parentOf(Statement));
    if (Store && Store->getOpcode() == BO_Assign &&
        Store->getRHS() == Statement)
      Statement = Store;
    It->second.push_back({Call, Row, Statement});
  }
  return It->second;
}

llvm::ArrayRef<std::pair<const CallExpr *, unsigned>>
FunctionFacts::callsTaking(const VarDecl *Array) const {
  auto [It, New] = CallsTaking.try_emplace(Array);
  if (New)
    callsTakingArray(Array, *this, It->second);
  return It->second;
}

llvm::BitVector FunctionFacts::storesNotOnlyAfter(const VarDecl *V,
                                                  const Stmt *At) const {
  llvm::ArrayRef<Write> Stores = elementWritesOf(V);
  llvm::BitVector Before(Stores.size(), true);
  if (!At)
    return Before;
  llvm::ArrayRef<unsigned> Order = sitesInTextOrder(Stores);
  for (const unsigned *I = firstRunningOnlyAfter(Order, Stores, At);
       I != Order.end(); ++I)
    Before.reset(*I);
  return Before;
}

void sortInTextOrder(llvm::MutableArrayRef<unsigned> Indices,
                     llvm::function_ref<SourceLocation(unsigned)> PlaceOf,
                     const SourceManager &SM) {
  llvm::sort(Indices, [&](unsigned A, unsigned B) {
    SourceLocation PA = PlaceOf(A), PB = PlaceOf(B);
    return PA == PB ? A < B : SM.isBeforeInTranslationUnit(PA, PB);
  });
}

/// Where \p S begins, outside any macro: the place text order compares.
static SourceLocation beginning(const Stmt *S, const SourceManager &SM) {
  return SM.getExpansionLoc(S->getBeginLoc());
}

llvm::ArrayRef<unsigned>
FunctionFacts::sitesInTextOrder(llvm::ArrayRef<Write> Stores) const {
  if (Stores.empty())
    return {};
  auto [It, New] = SitesInTextOrder.try_emplace(Stores.data());
  llvm::SmallVector<unsigned, 4> &Order = It->second;
  if (New) {
    for (unsigned I = 0; I < Stores.size(); ++I)
      if (Stores[I].Site)
        Order.push_back(I);
    const SourceManager &SM = Ctx.getSourceManager();
    sortInTextOrder(
        Order, [&](unsigned I) { return beginning(Stores[I].Site, SM); }, SM);
  }
  return Order;
}

const unsigned *
FunctionFacts::firstRunningOnlyAfter(llvm::ArrayRef<unsigned> Order,
                                     llvm::ArrayRef<Write> Stores,
                                     const Stmt *At) const {
  // A jump back could run a later statement first.
  if (!LabelStmts.empty())
    return Order.end();
  // A store past At can still run before it on a later turn of a loop
  // around both, and any such loop lies in the outermost one around At.
  const SourceManager &SM = Ctx.getSourceManager();
  const Stmt *Loop = outermostLoopAround(At);
  SourceLocation End = SM.getExpansionLoc((Loop ? Loop : At)->getEndLoc());
  return llvm::partition_point(Order, [&](unsigned I) {
    return !SM.isBeforeInTranslationUnit(End, beginning(Stores[I].Site, SM));
  });
}

llvm::SmallVector<unsigned, 4>
FunctionFacts::writesMayReach(const VarDecl *V, const Stmt *Use) const {
  llvm::ArrayRef<Write> All = writesOf(V);
  llvm::SmallVector<unsigned, 4> Reaching;
  if (!Use) {
    Reaching.resize(All.size());
    std::iota(Reaching.begin(), Reaching.end(), 0u);
    return Reaching;
  }
  llvm::ArrayRef<unsigned> Order = sitesInTextOrder(All);
  // A write with no site is never overwritten in the text's terms.
  if (Order.size() != All.size())
    for (unsigned I = 0; I < All.size(); ++I)
      if (!All[I].Site)
        Reaching.push_back(I);
  const SourceManager &SM = Ctx.getSourceManager();
  // A static's value outlives the call: what a later store leaves, the
  // next call of the function reads.
  const unsigned *End = V->hasLocalStorage()
                            ? firstRunningOnlyAfter(Order, All, Use)
                            : Order.end();
  for (const unsigned *I = Order.begin(); I != End;) {
    unsigned Killer = 0;
    if (!overwrittenBefore(All[*I], V, Use, &Killer)) {
      Reaching.push_back(*I++);
      continue;
    }
    // The statement that overwrites it runs after every write of V between
    // the two as well, on every path to Use.
    SourceLocation Overwriting = beginning(All[Killer].Site, SM);
    I = std::partition_point(I + 1, End, [&](unsigned J) {
      return SM.isBeforeInTranslationUnit(beginning(All[J].Site, SM),
                                          Overwriting);
    });
  }
  llvm::sort(Reaching);
  return Reaching;
}

llvm::SmallVector<FunctionFacts::Write, 4>
FunctionFacts::elementWritesReaching(const VarDecl *V, const Stmt *At) const {
  // A store that only runs after At (a table recomputed for a later call),
  // or only on the other branch of an if (HDF5's span trees fill a leaf's
  // block lengths with element counts and an inner node's with 1), cannot
  // be what At reads.
  // The branch taken by another run counts only for memory of this run: a
  // local array, or a pointer to this run's own allocation (SuperLU_DIST
  // fills row_disp on one branch, keeps it in a structure, and loads it
  // from there on the other in a later call).
  bool RunsOwnMemory = (V->hasLocalStorage() && V->getType()->isArrayType()) ||
                       holdsOwnAllocation(V);
  llvm::ArrayRef<Write> Stores = elementWritesOf(V);
  llvm::BitVector Before = storesNotOnlyAfter(V, At);
  llvm::SmallVector<Write, 4> Earlier;
  for (unsigned I = 0; I < Stores.size(); ++I)
    if (Before[I] && !(At && Stores[I].Site && RunsOwnMemory &&
                       inOtherBranch(Stores[I].Site, At)))
      Earlier.push_back(Stores[I]);
  llvm::ArrayRef<Write> All = Earlier;
  // Only a store to a literal index can replace an earlier one, and only a
  // fresh block stored into the pointer leaves the earlier ones in other
  // memory; without either every store reaches, and asking costs nothing
  // per call.
  auto [Known, Inserted] = HasLiteralElementStores.try_emplace(V, false);
  if (Inserted)
    Known->second =
        llvm::any_of(All,
                     [](const Write &W) { return literalIndexOf(W).has_value(); }) ||
        llvm::any_of(writesOf(V),
                     [V](const Write &W) { return isFreshBlockStore(W, V); });
  llvm::SmallVector<const Stmt *, 2> Fills;
  if (!All.empty() && At)
    Fills = fillsOf(V, At);
  if (!Known->second && Fills.empty())
    return {All.begin(), All.end()};
  // The compound statements enclosing At, with the index of the statement
  // that holds At in each.
  llvm::DenseMap<const Stmt *, unsigned> AtIndex;
  for (const Stmt *S = At, *P = parentOf(At); P; S = P, P = parentOf(P))
    if (isa<CompoundStmt>(P))
      if (std::optional<unsigned> I = indexInCompound(S))
        AtIndex[P] = *I;
  // The index of a write's statement in a compound enclosing At, and that
  // compound; none when the write is not a statement of one, before At's.
  auto StatementBeforeAt =
      [&](const Stmt *Site) -> std::optional<std::pair<const Stmt *, unsigned>> {
    const Stmt *Statement = Site;
    const Stmt *Parent = parentOf(Statement);
    while (isa_and_nonnull<ExprWithCleanups>(Parent)) {
      Statement = Parent;
      Parent = parentOf(Parent);
    }
    auto It = Parent ? AtIndex.find(Parent) : AtIndex.end();
    std::optional<unsigned> I = indexInCompound(Statement);
    if (It == AtIndex.end() || !I || *I >= It->second)
      return std::nullopt;
    return std::make_pair(Parent, *I);
  };
  // For each literal index K and enclosing compound C, the last plain
  // `V[K] = ...;` statement of C before At's statement: it runs on every
  // path into At, since control enters C at its start, unless a goto label
  // or a case lies between it and At (checked once the last is known).
  struct Killer {
    unsigned Index;
    const Write *W;
  };
  llvm::DenseMap<std::pair<uint64_t, const Stmt *>, Killer> Killers;
  for (const Write &Other : All) {
    std::optional<uint64_t> K = literalIndexOf(Other);
    if (!K)
      continue;
    auto Place = StatementBeforeAt(Other.Site);
    if (!Place)
      continue;
    Killer &Last = Killers.try_emplace({*K, Place->first},
                                       Killer{Place->second, &Other})
                       .first->second;
    if (Place->second > Last.Index)
      Last = {Place->second, &Other};
  }
  llvm::SmallVector<std::pair<uint64_t, const Stmt *>, 4> Bypassed;
  for (const auto &[Key, Last] : Killers)
    if (!entersOnlyThrough(cast<CompoundStmt>(Key.second), Last.Index,
                           AtIndex.lookup(Key.second)))
      Bypassed.push_back(Key);
  for (const auto &Key : Bypassed)
    Killers.erase(Key);
  // Likewise the last `V = malloc(...);` of each enclosing compound before
  // At's statement (the per-iteration buffers of a test harness's loop):
  // what was stored through V before it went to another block, whatever
  // the index.
  llvm::DenseMap<const Stmt *, unsigned> FreshBlocks;
  for (const Write &PW : writesOf(V)) {
    if (!isFreshBlockStore(PW, V))
      continue;
    const Stmt *Site =
        PW.Site == V->getInit() ? declarationOf(V) : PW.Site;
    if (auto Place = Site ? StatementBeforeAt(Site) : std::nullopt) {
      unsigned &Last = FreshBlocks.try_emplace(Place->first, Place->second)
                           .first->second;
      Last = std::max(Last, Place->second);
    }
  }
  // And the last collective of each that fills V one block per process of
  // the communicator At reads it for (MPIX_MODEL_FILL), at its root for a
  // rooted one: an MPI_Allgather of the counts an MPI_Allgatherv reads.
  for (const Stmt *Fill : Fills)
    if (auto Place = StatementBeforeAt(Fill)) {
      unsigned &Last = FreshBlocks.try_emplace(Place->first, Place->second)
                           .first->second;
      Last = std::max(Last, Place->second);
    }
  for (auto It = FreshBlocks.begin(); It != FreshBlocks.end();) {
    auto Current = It++;
    if (!entersOnlyThrough(cast<CompoundStmt>(Current->first), Current->second,
                           AtIndex.lookup(Current->first)))
      FreshBlocks.erase(Current);
  }
  llvm::SmallVector<Write, 4> Live;
  for (const Write &W : All) {
    std::optional<uint64_t> K = literalIndexOf(W);
    bool Killed = false;
    if ((K && !Killers.empty()) || !FreshBlocks.empty()) {
      // Where W sits in each enclosing compound of At.
      llvm::DenseMap<const Stmt *, unsigned> WIndex;
      for (const Stmt *S = W.Site, *P = parentOf(S); P; S = P, P = parentOf(P))
        if (AtIndex.count(P))
          if (std::optional<unsigned> I = indexInCompound(S))
            WIndex.try_emplace(P, *I);
      for (const auto &[C, Index] : AtIndex) {
        auto WI = WIndex.find(C);
        // W runs before the killer, or outside C (so before C is entered
        // again), or after At's statement (so before the next entry).
        auto RunsBefore = [&, Index = Index](unsigned KillerIndex) {
          return WI == WIndex.end() || WI->second < KillerIndex ||
                 WI->second > Index;
        };
        auto Fresh = FreshBlocks.find(C);
        if (Fresh != FreshBlocks.end() && RunsBefore(Fresh->second)) {
          Killed = true;
          break;
        }
        auto It = K ? Killers.find({*K, C}) : Killers.end();
        if (It == Killers.end() || It->second.W == &W)
          continue;
        if (RunsBefore(It->second.Index) || WI->second == It->second.Index) {
          Killed = true;
          break;
        }
      }
    }
    if (!Killed)
      Live.push_back(W);
  }
  return Live;
}

const DeclStmt *FunctionFacts::declarationOf(const VarDecl *V) const {
  return Declarations.lookup(V);
}

llvm::ArrayRef<FunctionFacts::Guard>
FunctionFacts::guardsIn(const CompoundStmt *C) const {
  auto It = Guards.find(C);
  return It == Guards.end() ? llvm::ArrayRef<Guard>() : It->second;
}

llvm::ArrayRef<FunctionFacts::ExecutedProduct>
FunctionFacts::productsIn(const CompoundStmt *C) const {
  auto It = Products.find(C);
  return It == Products.end() ? llvm::ArrayRef<ExecutedProduct>()
                              : It->second;
}

bool mentionsVariable(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    if (Ref->getDecl() == V)
      return true;
  for (const Stmt *Child : S->children())
    if (mentionsVariable(Child, V))
      return true;
  return false;
}

/// `V = e` (or a comma list containing it) as a whole statement, where e
/// does not read V: the old value is gone (n = n * 2 keeps it).
static bool assignsWhole(const Stmt *S, const VarDecl *V) {
  const auto *B = dyn_cast_or_null<BinaryOperator>(S);
  if (!B)
    return false;
  if (B->getOpcode() == BO_Comma)
    return assignsWhole(B->getLHS()->IgnoreParens(), V) ||
           assignsWhole(B->getRHS()->IgnoreParens(), V);
  return B->getOpcode() == BO_Assign && referencedVariable(B->getLHS()) == V &&
         !mentionsVariable(B->getRHS(), V);
}

bool FunctionFacts::hasJumpTargetIn(const Stmt *S) const {
  if (!HasJumpTargets || !S)
    return false;
  // Marked once from the targets up, not asked of each subtree: nested
  // blocks would walk the same statements again at every level.
  if (!HoldingJumpTarget) {
    HoldingJumpTarget.emplace();
    for (const LabelStmt *L : LabelStmts)
      for (const Stmt *P = L; P; P = parentOf(P))
        HoldingJumpTarget->insert(P);
    // A case is a target only for the statements within its own switch
    // (and the switch itself): from outside, the switch is entered at top.
    for (const SwitchCase *Case : Cases)
      for (const Stmt *P = Case; P; P = parentOf(P)) {
        HoldingJumpTarget->insert(P);
        if (isa<SwitchStmt>(P))
          break;
      }
  }
  return HoldingJumpTarget->contains(S);
}

/// The declaration an lvalue names at its end: `v` of `v`, `n` of
/// `a->u.n`; null for anything else.
static const ValueDecl *namedAtEnd(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return Ref->getDecl();
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return Member->getMemberDecl();
  return nullptr;
}

/// Whether \p S may change what an expression naming \p Names reads: it
/// assigns, updates or takes the address of an lvalue ending in one, or
/// hands a call one of them by pointer or reference (the pointer itself,
/// the address of one, or a structure that mentions one).
static bool mayChangeAny(const Stmt *S,
                         const llvm::SmallPtrSetImpl<const ValueDecl *> &Names) {
  if (!S)
    return false;
  auto named = [&](const Expr *Target) {
    const ValueDecl *D = namedAtEnd(Target);
    return D && Names.contains(D);
  };
  auto mentioned = [&](const Expr *E) {
    for (const Expr *Part = E->IgnoreParenImpCasts(); Part;) {
      if (named(Part))
        return true;
      const auto *Member = dyn_cast<MemberExpr>(Part);
      Part = Member ? Member->getBase()->IgnoreParenImpCasts() : nullptr;
    }
    return false;
  };
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
    if (named(B->getLHS()))
      return true;
  if (const auto *U = dyn_cast<UnaryOperator>(S))
    if ((U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) &&
        named(U->getSubExpr()))
      return true;
  if (const auto *Call = dyn_cast<CallExpr>(S))
    for (const Expr *Arg : Call->arguments()) {
      const Expr *Handed = Arg->IgnoreParenImpCasts();
      if (const auto *Address = dyn_cast<UnaryOperator>(Handed);
          Address && Address->getOpcode() == UO_AddrOf)
        Handed = Address->getSubExpr();
      else if (!Arg->getType()->isPointerType() && !Arg->isGLValue())
        continue;
      if (named(Handed) ||
          (Handed->getType()->isRecordType() && mentioned(Handed)))
        return true;
    }
  for (const Stmt *Child : S->children())
    if (mayChangeAny(Child, Names))
      return true;
  return false;
}

bool FunctionFacts::undoesQuotient(const CompoundAssignOperator *Mul) const {
  if (!Mul || Mul->getOpcode() != BO_MulAssign)
    return false;
  const VarDecl *V = referencedVariable(Mul->getLHS());
  const auto *Block = V ? dyn_cast_or_null<CompoundStmt>(parentOf(Mul)) : nullptr;
  std::optional<unsigned> To = Block ? indexInCompound(Mul) : std::nullopt;
  const Expr *Factor = Mul->getRHS()->IgnoreParenImpCasts();
  if (!To || Factor->HasSideEffects(V->getASTContext()))
    return false;
  // The statement before it that last wrote V must be `V /= Factor`.
  const Stmt *const *Body = Block->body_begin();
  for (unsigned Via = *To; Via-- > 0;) {
    bool Writes = llvm::any_of(writesOf(V), [&](const Write &W) {
      return isWithin(W.Site, Body[Via]);
    });
    if (!Writes)
      continue;
    const auto *Div = dyn_cast<CompoundAssignOperator>(Body[Via]);
    if (!Div || Div->getOpcode() != BO_DivAssign ||
        referencedVariable(Div->getLHS()) != V ||
        !Expr::isSameComparisonOperand(Div->getRHS(), Mul->getRHS()) ||
        !entersOnlyThrough(Block, Via, *To))
      return false;
    // Nor may the factor change in between, or x through its address.
    llvm::SmallPtrSet<const ValueDecl *, 4> Names{V};
    for (const Expr *Part = Factor; Part;) {
      if (const ValueDecl *D = namedAtEnd(Part))
        Names.insert(D);
      const auto *Member = dyn_cast<MemberExpr>(Part);
      Part = Member ? Member->getBase()->IgnoreParenImpCasts() : nullptr;
    }
    for (unsigned I = Via + 1; I < *To; ++I)
      if (mayChangeAny(Body[I], Names))
        return false;
    return true;
  }
  return false;
}

bool FunctionFacts::entersOnlyThrough(const CompoundStmt *Block, unsigned Via,
                                      unsigned To) const {
  // A switch body is entered at its cases, wherever they are.
  if (isa_and_nonnull<SwitchStmt>(parentOf(Block)))
    return false;
  if (!HasJumpTargets)
    return true;
  // How many of the block's first I statements hold a jump target, so that
  // each question costs the same however far apart Via and To are.
  auto [It, Inserted] = JumpTargetsBefore.try_emplace(Block);
  llvm::SmallVector<unsigned, 0> &Before = It->second;
  if (Inserted) {
    Before.push_back(0);
    for (const Stmt *S : Block->body())
      Before.push_back(Before.back() + (hasJumpTargetIn(S) ? 1 : 0));
  }
  return To < Before.size() - 1 && Before[To + 1] == Before[Via + 1];
}

/// The statement of \p Block that holds \p S, or null.
static const Stmt *childOf(const CompoundStmt *Block, const Stmt *S,
                           const FunctionFacts &Facts) {
  for (const Stmt *P = Facts.parentOf(S); P; S = P, P = Facts.parentOf(P))
    if (P == Block)
      return S;
  return nullptr;
}

llvm::ArrayRef<FunctionFacts::KillingStatement>
FunctionFacts::killersIn(const CompoundStmt *Block, const VarDecl *V) const {
  if (KillersListed.insert(V).second) {
    // Every block around each of V's writes at once: block by block would
    // read all of V's writes again for each block asked about.
    llvm::DenseSet<std::pair<const CompoundStmt *, unsigned>> Seen;
    llvm::SmallPtrSet<const CompoundStmt *, 8> Touched;
    llvm::ArrayRef<Write> All = writesOf(V);
    for (unsigned P = 0; P < All.size(); ++P) {
      const Stmt *S = All[P].Site;
      for (const Stmt *Up = S ? parentOf(S) : nullptr; Up;
           S = Up, Up = parentOf(Up)) {
        const auto *B = dyn_cast<CompoundStmt>(Up);
        std::optional<unsigned> K = B ? indexInCompound(S) : std::nullopt;
        // Whether a statement kills depends on the statement only, so each
        // is judged at the first of V's writes inside it.
        if (!K || !Seen.insert({B, *K}).second)
          continue;
        const auto *For = dyn_cast<ForStmt>(S);
        if (For ? assignsWhole(For->getInit(), V) : assignsWhole(S, V)) {
          Killers[{V, B}].push_back({*K, P, S});
          Touched.insert(B);
        }
      }
    }
    for (const CompoundStmt *B : Touched)
      llvm::sort(Killers[{V, B}],
                 [](const KillingStatement &A, const KillingStatement &B) {
                   return A.Index < B.Index;
                 });
  }
  auto It = Killers.find({V, Block});
  return It == Killers.end() ? llvm::ArrayRef<KillingStatement>()
                             : llvm::ArrayRef<KillingStatement>(It->second);
}

bool FunctionFacts::overwrittenBefore(const Write &W, const VarDecl *V,
                                      const Stmt *Use,
                                      unsigned *KillerWrite) const {
  if (!W.Site || !Use)
    return false;
  // The statements enclosing Use, each with its child on the way to Use.
  llvm::DenseMap<const Stmt *, const Stmt *> UseChild;
  for (const Stmt *Child = Use, *P = parentOf(Use); P;
       Child = P, P = parentOf(P))
    UseChild[P] = Child;
  // The innermost statement enclosing both.
  const Stmt *WChild = W.Site, *Common = parentOf(W.Site);
  while (Common && !UseChild.count(Common)) {
    WChild = Common;
    Common = parentOf(Common);
  }
  // A block around Use, but not around W, entered only at its start: a
  // whole assignment of V before Use's statement there runs after W on
  // every path to Use (`cnt = f(); if (cnt <= 0) { cnt = 1; use(cnt); }`).
  for (const Stmt *Child = Use, *Around = parentOf(Use); Around && Around != Common;
       Child = Around, Around = parentOf(Around)) {
    const auto *Inner = dyn_cast<CompoundStmt>(Around);
    if (!Inner)
      continue;
    std::optional<unsigned> UseIndex = indexInCompound(Child);
    if (!UseIndex)
      continue;
    llvm::ArrayRef<KillingStatement> Candidates = killersIn(Inner, V);
    auto It = llvm::lower_bound(Candidates, *UseIndex,
                                [](const KillingStatement &K, unsigned To) {
                                  return K.Index < To;
                                });
    if (It == Candidates.begin())
      continue;
    --It;
    if (!killsOnTheWay(Inner, *It, *UseIndex))
      continue;
    if (KillerWrite)
      *KillerWrite = It->FirstWrite;
    return true;
  }
  const auto *Block = dyn_cast_or_null<CompoundStmt>(Common);
  if (!Block)
    return false;
  std::optional<unsigned> From = indexInCompound(WChild);
  std::optional<unsigned> To = indexInCompound(UseChild.lookup(Block));
  if (!From || !To || *From >= *To)
    return false;
  // The last statement of Block after W, up to Use's, that assigns V whole:
  // a statement before Use's, or Use's own for-loop whose init assigns it
  // (Use not in the init). Looked up among the block's killing statements,
  // listed once per variable and block: reading V's writes for every
  // question made a function of N such stores and uses cubic.
  llvm::ArrayRef<KillingStatement> Candidates = killersIn(Block, V);
  auto It = llvm::upper_bound(Candidates, *To,
                              [](unsigned To, const KillingStatement &K) {
                                return To < K.Index;
                              });
  const KillingStatement *Killer = nullptr;
  while (It != Candidates.begin() && !Killer) {
    --It;
    const auto *For = dyn_cast<ForStmt>(It->S);
    if (It->Index < *To || (For && !UseChild.count(For->getInit())))
      Killer = &*It;
  }
  if (!Killer || Killer->Index <= *From ||
      !killsOnTheWay(Block, *Killer, *To))
    return false;
  if (KillerWrite)
    *KillerWrite = Killer->FirstWrite;
  return true;
}

bool FunctionFacts::killsOnTheWay(const CompoundStmt *Block,
                                  const KillingStatement &Killer,
                                  unsigned To) const {
  if (!entersOnlyThrough(Block, Killer.Index, To))
    return false;
  // No jump may land between the assignment and Use: for a loop whose init
  // assigns, not in the rest of the loop either.
  if (const auto *For = dyn_cast<ForStmt>(Killer.S))
    return !hasJumpTargetIn(For->getCond()) && !hasJumpTargetIn(For->getInc()) &&
           !hasJumpTargetIn(For->getBody());
  return true;
}

std::optional<unsigned>
FunctionFacts::indexInCompound(const Stmt *Child) const {
  auto It = CompoundIndex.find(Child);
  if (It == CompoundIndex.end())
    return std::nullopt;
  return It->second;
}

//===----------------------------------------------------------------------===//
// UnitUses
//===----------------------------------------------------------------------===//

/// A variable declared at namespace or file scope (not a class member).
static bool isGlobalVariable(const VarDecl *V) {
  return V && !V->isStaticDataMember() &&
         V->getDeclContext()->getRedeclContext()->isFileContext();
}

/// Sorts, per global, its uses: reads of its value (loads, sizeof, an
/// address a pointer-to-const parameter takes), plain stores in functions,
/// and the others (an update, an address or a reference handed out), which
/// the analysis does not follow. And, per function, the uses of its name
/// and the calls through them, each with the function it is in.
class UnitUseCollector : public FunctionScopedVisitor<UnitUseCollector> {
public:
  // Parents are visited before their children: a use is sorted by the
  // expression around it before its DeclRefExpr is seen.
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const VarDecl *V = global(DRE)) {
      if (Reading.count(DRE))
        return true;
      Written.insert(V);
      if (!Storing.count(DRE))
        Unfollowed.try_emplace(V, UnfollowedWrite{DRE, Current});
    } else if (const auto *F = dyn_cast<FunctionDecl>(DRE->getDecl())) {
      ++Named[F->getCanonicalDecl()];
    }
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    if (Cast->getCastKind() == CK_LValueToRValue)
      markRead(Cast->getSubExpr());
    return true;
  }
  // A global read in a braced list (`return {CHUNK, n / CHUNK};`) is read
  // in the semantic form; walked first, the written form had it written.
  bool TraverseInitListExpr(InitListExpr *List,
                            DataRecursionQueue *Queue = nullptr) {
    return TraverseSynOrSemInitListExpr(semanticFormOf(List), Queue);
  }
  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    if (!E->isArgumentType())
      markRead(E->getArgumentExpr());
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    const auto *DRE =
        dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts());
    const auto *F = DRE ? dyn_cast<FunctionDecl>(DRE->getDecl()) : nullptr;
    if (!F)
      return true;
    Calls[F->getCanonicalDecl()].push_back({Call, F, Current});
    // MPI_Comm_size(comm, &nprocs): a store the model bounds.
    if (const ModelInfo *M = lookupModel(*F);
        M && Current && M->Out >= 0 && unsigned(M->Out) < Call->getNumArgs())
      if (const auto *Address = dyn_cast<UnaryOperator>(
              Call->getArg(M->Out)->IgnoreParenCasts());
          Address && Address->getOpcode() == UO_AddrOf)
        if (const auto *Ref =
                dyn_cast<DeclRefExpr>(Address->getSubExpr()->IgnoreParens()))
          if (const VarDecl *V = global(Ref)) {
            Storing.insert(Ref);
            ModelStores[V].push_back({Call, M, Current});
          }
    const FunctionInfo *Classic = lookupClassic(*F);
    const FunctionInfo *Info = Classic ? Classic : lookupLarge(*F);
    if (Info && Info->requestReceiveCount()) {
      if (Classic)
        RequestReceives.push_back(Call);
      else
        LargeRequestReceive = true;
    }
    for (unsigned I = 0; I < Call->getNumArgs() && I < F->getNumParams(); ++I) {
      QualType Param = F->getParamDecl(I)->getType();
      const auto *Address =
          dyn_cast<UnaryOperator>(Call->getArg(I)->IgnoreParenCasts());
      if (Address && Address->getOpcode() == UO_AddrOf &&
          Param->isPointerType() && Param->getPointeeType().isConstQualified())
        markRead(Address->getSubExpr());
    }
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() != BO_Assign || !Current)
      return true;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParens()))
      if (const VarDecl *V = global(Ref)) {
        Storing.insert(Ref);
        GlobalStores[V].push_back({B, Current});
      }
    const auto *Member = dyn_cast<MemberExpr>(B->getLHS()->IgnoreParenImpCasts());
    const auto *Field =
        Member ? dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
    if (Field && Field->getType()->isIntegerType())
      Stores[Field->getCanonicalDecl()].push_back({B, Current});
    if (const FieldDecl *Array = indexedField(B->getLHS()))
      ElementStores[Array->getCanonicalDecl()].push_back({B, Current});
    return true;
  }

  /// Globals with a use that is not a read, and per global the first use
  /// that is neither a read nor a plain store.
  llvm::DenseSet<const VarDecl *> Written;
  llvm::DenseMap<const VarDecl *, UnfollowedWrite> Unfollowed;
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<ModelStore, 1>> ModelStores;
  llvm::DenseMap<const FunctionDecl *, unsigned> Named;
  llvm::DenseMap<const FieldDecl *, llvm::SmallVector<PlainStore, 2>> Stores,
      ElementStores;
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<PlainStore, 2>>
      GlobalStores;
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<CallSite, 2>>
      Calls;
  llvm::SmallVector<const CallExpr *, 4> RequestReceives;
  bool LargeRequestReceive = false;

private:
  /// The member array \p E indexes (`x.counts[i]`, `p->counts[i]`) when
  /// its elements are integers.
  static const FieldDecl *indexedField(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (!E->getType()->isIntegerType())
      return nullptr;
    // `m->counts[i]`, or `counts[i]` of a std::vector member.
    const Expr *Base = nullptr;
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      Base = ASE->getBase();
    else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
             Op && Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2)
      Base = Op->getArg(0);
    const auto *Member =
        Base ? dyn_cast<MemberExpr>(Base->IgnoreParenImpCasts()) : nullptr;
    return Member ? dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
  }
  static const VarDecl *global(const DeclRefExpr *DRE) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    return isGlobalVariable(V) ? V->getCanonicalDecl() : nullptr;
  }
  void markRead(const Expr *E) {
    E = E->IgnoreParens();
    // Reading `table[k]` reads the array, not its address.
    if (const auto *Element = dyn_cast<ArraySubscriptExpr>(E))
      if (const auto *Decay = dyn_cast<ImplicitCastExpr>(Element->getBase());
          Decay && Decay->getCastKind() == CK_ArrayToPointerDecay)
        E = Decay->getSubExpr()->IgnoreParens();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      Reading.insert(DRE);
  }
  llvm::DenseSet<const DeclRefExpr *> Reading, Storing;
};

void UnitUses::collect() const {
  UnitUseCollector Collector;
  // Declaration by declaration: the unit's own traversal may have been cut
  // short (UserCodeScope). Missing a use would make a written global look
  // constant, so without a selection the whole unit is walked.
  // (The unit's declarations one by one: its traversal scope is empty then.)
  if (Decls.empty())
    for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
      Collector.TraverseDecl(D);
  for (Decl *D : Decls)
    Collector.TraverseDecl(D);
  Written = std::move(Collector.Written);
  Unfollowed = std::move(Collector.Unfollowed);
  for (auto &[V, Stores] : Collector.GlobalStores)
    if (!Unfollowed.count(V))
      GlobalStores[V] = std::move(Stores);
  for (auto &[V, Stores] : Collector.ModelStores)
    if (!Unfollowed.count(V)) {
      GlobalStores.try_emplace(V);
      GlobalModelStores[V] = std::move(Stores);
    }
  for (const auto &Named : Collector.Named)
    NamedFunctions.insert(Named.first);
  for (auto &[F, Sites] : Collector.Calls)
    if (Collector.Named.lookup(F) == Sites.size() &&
        llvm::all_of(Sites, [](const CallSite &S) { return S.Caller; }))
      Calls[F] = std::move(Sites);
  MemberStores = std::move(Collector.Stores);
  MemberElementStores = std::move(Collector.ElementStores);
  RequestReceives = std::move(Collector.RequestReceives);
  LargeRequestReceive = Collector.LargeRequestReceive;
  Collected = true;
}

std::optional<llvm::ArrayRef<const CallExpr *>>
UnitUses::requestReceives() const {
  if (!Collected)
    collect();
  if (LargeRequestReceive)
    return std::nullopt;
  return llvm::ArrayRef<const CallExpr *>(RequestReceives);
}

static llvm::ArrayRef<PlainStore> storesOf(
    const llvm::DenseMap<const FieldDecl *, llvm::SmallVector<PlainStore, 2>>
        &Stores,
    const FieldDecl *Field) {
  auto It = Stores.find(Field->getCanonicalDecl());
  return It == Stores.end() ? llvm::ArrayRef<PlainStore>() : It->second;
}

llvm::ArrayRef<PlainStore> UnitUses::storesInto(const FieldDecl *Field) const {
  if (!Collected)
    collect();
  return storesOf(MemberStores, Field);
}

llvm::ArrayRef<PlainStore>
UnitUses::elementStoresInto(const FieldDecl *Field) const {
  if (!Collected)
    collect();
  return storesOf(MemberElementStores, Field);
}

const llvm::SmallVector<CallSite, 2> *
UnitUses::callsOf(const FunctionDecl *F) const {
  // Another unit could call it with anything. A function other units can
  // see is this file's own when, as for globals, it is declared nowhere
  // but here: no header gives another unit its prototype.
  if (F->isExternallyVisible() && !isOwnedByMainFile(F))
    return nullptr;
  const llvm::SmallVector<CallSite, 2> *Sites = directCallsOf(F);
  return Sites && !Sites->empty() ? Sites : nullptr;
}

const llvm::SmallVector<CallSite, 2> *
UnitUses::directCallsOf(const FunctionDecl *F) const {
  // A function pointer, asm (`used`), the loader (constructors), a virtual
  // call or a template's other instantiations could call it with anything.
  if (F->isMain() || isa<CXXMethodDecl>(F) ||
      F->getTemplatedKind() != FunctionDecl::TK_NonTemplate ||
      F->hasAttr<UsedAttr>() || F->hasAttr<ConstructorAttr>() ||
      F->hasAttr<DestructorAttr>())
    return nullptr;
  if (!Collected)
    collect();
  static const llvm::SmallVector<CallSite, 2> None;
  auto It = Calls.find(F->getCanonicalDecl());
  if (It != Calls.end())
    return &It->second;
  return NamedFunctions.contains(F->getCanonicalDecl()) ? nullptr : &None;
}

template <typename DeclT>
static bool declaredOnlyInMainFile(const DeclT *D, const SourceManager &SM) {
  return llvm::all_of(D->redecls(), [&SM](const DeclT *R) {
    return SM.isInMainFile(SM.getExpansionLoc(R->getLocation()));
  });
}

bool UnitUses::isOwnedByMainFile(const FunctionDecl *F) const {
  return declaredOnlyInMainFile(F, Ctx.getSourceManager());
}

bool UnitUses::isOwnedByMainFile(const VarDecl *V) const {
  // `extern int stride;` in a header is how another unit would share, and
  // write, the variable; one spelled only in this file is this file's own.
  const Type *Held = V->getType()->isConstantArrayType()
                         ? V->getType()->getArrayElementTypeNoTypeQual()
                         : V->getType().getTypePtr();
  return isGlobalVariable(V) && !V->getType().isVolatileQualified() &&
         Held->isIntegralOrEnumerationType() &&
         (!V->isExternallyVisible() ||
          declaredOnlyInMainFile(V, Ctx.getSourceManager()));
}

const Expr *UnitUses::constantInitializer(const VarDecl *V) const {
  const VarDecl *Definition = nullptr;
  const Expr *Init = V->getAnyInitializer(Definition);
  if (!Init || !isOwnedByMainFile(V))
    return nullptr;
  if (!Collected)
    collect();
  return Written.count(V->getCanonicalDecl()) ? nullptr : Init;
}

llvm::ArrayRef<ModelStore> UnitUses::modelStoresInto(const VarDecl *V) const {
  if (!globalStores(V))
    return {};
  auto It = GlobalModelStores.find(V->getCanonicalDecl());
  return It == GlobalModelStores.end() ? llvm::ArrayRef<ModelStore>()
                                       : llvm::ArrayRef<ModelStore>(It->second);
}

const UnfollowedWrite *UnitUses::unfollowedWrite(const VarDecl *V) const {
  if (!isOwnedByMainFile(V))
    return nullptr;
  if (!Collected)
    collect();
  auto It = Unfollowed.find(V->getCanonicalDecl());
  return It == Unfollowed.end() ? nullptr : &It->second;
}

std::optional<llvm::ArrayRef<PlainStore>>
UnitUses::globalStores(const VarDecl *V) const {
  if (!isOwnedByMainFile(V))
    return std::nullopt;
  if (!Collected)
    collect();
  auto It = GlobalStores.find(V->getCanonicalDecl());
  if (It == GlobalStores.end())
    return std::nullopt;
  return llvm::ArrayRef<PlainStore>(It->second);
}

//===----------------------------------------------------------------------===//
// RangeAnalysis
//===----------------------------------------------------------------------===//

RangeAnalysis::RangeAnalysis(ASTContext &Ctx, const FunctionFacts *Facts,
                             UnitKnowledge *Unit, const FunctionDecl *Function)
    : Ctx(Ctx), Facts(Facts), Unit(Unit), Function(Function) {
  if (const RunModel *M = Unit ? Unit->runModel() : nullptr)
    if (!M->Declared.empty())
      Declared = &M->Declared;
}

RangeAnalysis::~RangeAnalysis() = default;

FlowRanges *RangeAnalysis::flow() {
  if (!Function || !Facts || !Function->getBody())
    return nullptr;
  if (!Flow)
    Flow = makeFlow(Constraints());
  return Flow.get();
}

/// Whether two sets of bounds say the same.
static bool sameBounds(const Constraints &A, const Constraints &B) {
  if (A.size() != B.size())
    return false;
  for (const auto &[V, I] : A) {
    auto It = B.find(V);
    if (It == B.end() || It->second.Lo != I.Lo || It->second.Hi != I.Hi)
      return false;
  }
  return true;
}

FlowRanges *RangeAnalysis::flowFrom(const Constraints &Initial) {
  // Each pass costs as much as the function's own: a few distinct calls'
  // worth, then no more.
  constexpr size_t MostPasses = 4;
  if (!Function || !Facts || !Function->getBody())
    return nullptr;
  for (auto &[From, Pass] : CallFlows)
    if (sameBounds(From, Initial))
      return Pass.get();
  if (CallFlows.size() >= MostPasses)
    return nullptr;
  CallFlows.emplace_back(Initial, makeFlow(Initial));
  return CallFlows.back().second.get();
}

std::unique_ptr<FlowRanges> RangeAnalysis::makeFlow(Constraints Initial) {
  FlowRanges::Hooks H;
  H.Evaluate = [this](const Expr *E, const Constraints &Known) {
    std::optional<Result> R = evaluate(E, Known);
    return R ? std::optional<Interval>(R->Range) : std::nullopt;
  };
  H.Refine = [this](const Expr *Cond, bool Truth, Constraints &Known) {
    addConstraints(Cond, Truth, Known);
  };
  H.IsTracked = [this](const VarDecl *V) { return isFlowTracked(V); };
  H.Outputs = [this](const CallExpr *Call) { return modelOutputs(Call); };
  // A user's die() or assertion handler, here or in another file.
  H.NeverReturns = [this](const CallExpr *Call) {
    return Unit ? Unit->callEndsRun(Call) : callNeverReturns(Call);
  };
  return std::make_unique<FlowRanges>(Function, Function->getBody(), Ctx,
                                      std::move(H), std::move(Initial));
}

static const VarDecl *namedVariable(const Expr *E);

bool RangeAnalysis::isFlowTracked(const VarDecl *V) const {
  if (!V->hasLocalStorage() || V->getType()->isReferenceType() ||
      V->getType().isVolatileQualified() || Facts->isCaptured(V))
    return false;
  if (!Facts->escapes(V))
    return true;
  // Handed only to MPI calls that fill it before its stores: each such
  // call is a store the pass sees (modelOutputs).
  auto [It, New] = FilledFirst.try_emplace(V, false);
  if (New)
    It->second = isFilledOnlyByMPIFirst(V, /*Broadcasts=*/false);
  return It->second;
}

llvm::SmallVector<std::pair<const VarDecl *, std::optional<Interval>>, 1>
RangeAnalysis::modelOutputs(const CallExpr *Call) {
  llvm::SmallVector<std::pair<const VarDecl *, std::optional<Interval>>, 1>
      Written;
  const FunctionDecl *Callee = Call->getDirectCallee();
  const ModelInfo *M = Callee ? lookupModel(*Callee) : nullptr;
  if (!M || M->Out < 0 || unsigned(M->Out) >= Call->getNumArgs() ||
      M->Role == ModelRole::REPLICATE)
    return Written;
  const auto *Address =
      dyn_cast<UnaryOperator>(Call->getArg(M->Out)->IgnoreParenImpCasts());
  if (!Address || Address->getOpcode() != UO_AddrOf)
    return Written;
  if (const VarDecl *V = referencedVariable(Address->getSubExpr()))
    Written.push_back({V, outputRange(Call, *M)});
  return Written;
}

bool RangeAnalysis::holdsOnEachStore(
    const Expr *Value, const Stmt *Use,
    llvm::function_ref<bool(const Constraints &)> Holds) {
  // A few stores of one local, each a plain assignment: their paths to the
  // use are walked one by one.
  constexpr size_t MostStores = 8;
  const VarDecl *V = namedVariable(Value->IgnoreParenCasts());
  // A parameter's value on entry is one more store, made by each caller;
  // so is what an MPI call leaves in a local it is handed.
  if (!V || isa<ParmVarDecl>(V) || !Facts || Facts->escapes(V) ||
      !isFlowTracked(V))
    return false;
  llvm::ArrayRef<FunctionFacts::Write> Writes = Facts->writesOf(V);
  if (Writes.empty() || Writes.size() > MostStores)
    return false;
  for (const FunctionFacts::Write &W : Writes) {
    if (!W.Replaces || W.Accumulates || !W.Value)
      return false;
    // The control flow lists an initializer as its declaration.
    const Stmt *Store =
        W.Site == V->getInit() ? Facts->declarationOf(V) : W.Site;
    std::optional<PointFacts> Between = flowBetween(Store, V, Use);
    if (!Between)
      return false;
    if (Between->Unreachable)
      continue;
    std::optional<Interval> Stored = storedRange(W.Value, W.Site, true);
    if (!Stored)
      return false;
    Constraints Known = Between->Known;
    constrain(Known, V, *Stored);
    if (!Holds(Known))
      return false;
  }
  return true;
}

std::optional<PointFacts> RangeAnalysis::flowBetween(const Stmt *Store,
                                                     const VarDecl *V,
                                                     const Stmt *Use) {
  FlowRanges *F = flow();
  return F ? F->between(Store, V, Use) : std::nullopt;
}

bool RangeAnalysis::flowReadsValueOnEntry(const VarDecl *V) {
  FlowRanges *F = flow();
  return F && F->readsValueOnEntry(V);
}

std::optional<PointFacts> RangeAnalysis::flowFactsAt(const Stmt *S,
                                                     const Constraints &C) {
  return factsOf(flow(), S, C);
}

std::optional<PointFacts> RangeAnalysis::factsOf(FlowRanges *Pass,
                                                 const Stmt *S,
                                                 const Constraints &C) {
  std::optional<PointFacts> At = Pass ? Pass->before(S) : std::nullopt;
  if (!At || At->Unreachable)
    return At;
  for (const auto &[V, Bound] : C) {
    auto [It, New] = At->Known.try_emplace(V, Bound);
    if (!New)
      It->second = It->second.meet(Bound);
  }
  return At;
}

std::optional<RangeAnalysis::Result>
RangeAnalysis::evaluate(const Expr *E, const Constraints &C) {
  State S;
  std::optional<Interval> R = eval(E, C, S);
  if (!R)
    return std::nullopt;
  return Result{*R, S.OverflowSite};
}

std::optional<RangeAnalysis::Result>
RangeAnalysis::evaluateAt(const Expr *E, const Stmt *Site,
                          const Constraints &C) {
  std::optional<Result> R = evaluate(E, C);
  if (!R || R->Range.isExact())
    return R;
  std::optional<PointFacts> At = flowFactsAt(Site, C);
  if (!At || At->Unreachable)
    return R;
  std::optional<Result> Flowed = evaluate(E, At->Known);
  return Flowed ? Flowed : R;
}

/// Fits \p I into \p T. A value that cannot fit wraps to anything; when the
/// operation is one that must not overflow, the site is remembered.
std::optional<Interval> RangeAnalysis::clampTo(QualType T, Interval I,
                                               const Expr *Site,
                                               bool Overflows, State &S) {
  std::optional<Interval> TypeRange = Interval::ofType(T, Ctx);
  if (!TypeRange)
    return std::nullopt;
  if (I.within(*TypeRange))
    return I;
  // Post-order evaluation: the outermost overflowing product is seen last and
  // is the one to show (nx * ny * nz rather than nx * ny).
  if (Overflows && Ctx.getIntWidth(T) <= 32)
    S.OverflowSite = Site;
  // Signed overflow is undefined: a run that goes on computed the value in
  // range (the product, reported above, is the hazard). So `n * 2 + 1` of a
  // positive n stays positive, where wrapping would have made it anything.
  if (T->isSignedIntegerType() && !Ctx.getLangOpts().isSignedOverflowDefined() &&
      I.Hi >= TypeRange->Lo && I.Lo <= TypeRange->Hi)
    return I.meet(*TypeRange);
  return TypeRange;
}

static WideInt minOf(std::initializer_list<WideInt> L) {
  return *std::min_element(L.begin(), L.end());
}
static WideInt maxOf(std::initializer_list<WideInt> L) {
  return *std::max_element(L.begin(), L.end());
}

// Bounds of 2^63-sized operands multiply past 128 bits; such products are
// unknowable here anyway, so they saturate.
static WideInt saturatingMul(WideInt A, WideInt B) {
  const WideInt Limit = WideInt(1) << 125;
  auto Abs = [](WideInt X) { return X < 0 ? -X : X; };
  if (A != 0 && Abs(B) > Limit / Abs(A))
    return (A < 0) != (B < 0) ? -Limit : Limit;
  return A * B;
}

/// `A op B` for the operators whose interval rules lose exactness (the
/// others stay exact through them); none when C leaves it undefined.
static std::optional<WideInt> exactly(BinaryOperatorKind Op, WideInt A,
                                      WideInt B) {
  switch (Op) {
  case BO_Div: return B ? std::optional<WideInt>(A / B) : std::nullopt;
  case BO_Rem: return B ? std::optional<WideInt>(A % B) : std::nullopt;
  case BO_Shr: return B >= 0 && B < 64 ? std::optional<WideInt>(A >> int(B)) : std::nullopt;
  case BO_And: return A & B;
  case BO_Or: return A | B;
  case BO_Xor: return A ^ B;
  case BO_LT: return WideInt(A < B);
  case BO_GT: return WideInt(A > B);
  case BO_LE: return WideInt(A <= B);
  case BO_GE: return WideInt(A >= B);
  case BO_EQ: return WideInt(A == B);
  case BO_NE: return WideInt(A != B);
  default: return std::nullopt;
  }
}

/// The value of `l Op r` for every l in \p L and r in \p R, when the
/// ranges decide it (`n > INT_MAX` with n above INT_MAX); none otherwise.
static std::optional<bool> comparisonOf(BinaryOperatorKind Op,
                                        const Interval &L, const Interval &R) {
  switch (Op) {
  case BO_LT: return L.Hi < R.Lo ? std::optional(true)
                   : L.Lo >= R.Hi ? std::optional(false) : std::nullopt;
  case BO_LE: return L.Hi <= R.Lo ? std::optional(true)
                   : L.Lo > R.Hi ? std::optional(false) : std::nullopt;
  case BO_GT: return comparisonOf(BO_LT, R, L);
  case BO_GE: return comparisonOf(BO_LE, R, L);
  case BO_EQ:
  case BO_NE:
    if (L.Hi < R.Lo || R.Hi < L.Lo)
      return Op == BO_NE;
    return std::nullopt;
  default: return std::nullopt;
  }
}

/// The variables \p E reads, when it reads nothing else (no member,
/// element or call): false otherwise.
static bool variablesRead(const Expr *E,
                          llvm::SmallVectorImpl<const VarDecl *> &Out) {
  E = E->IgnoreParenCasts();
  if (isa<IntegerLiteral, CharacterLiteral, UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(Ref->getDecl()))
      return true;
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V || !V->hasLocalStorage())
      return false;
    Out.push_back(V);
    return true;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus) &&
           variablesRead(U->getSubExpr(), Out);
  // `n / ((uint64_t)1 << 30)`: a shift or mask of what is read reads no
  // more.
  if (const auto *Op = dyn_cast<BinaryOperator>(E))
    return (Op->isAdditiveOp() || Op->isMultiplicativeOp() ||
            Op->isShiftOp() || Op->isBitwiseOp()) &&
           variablesRead(Op->getLHS(), Out) && variablesRead(Op->getRHS(), Out);
  return false;
}

bool RangeAnalysis::writtenBetween(const VarDecl *V, SourceLocation Begin,
                                   SourceLocation End,
                                   const FunctionFacts::Write *Except) const {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Before = [&SM](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A),
                                        SM.getExpansionLoc(B));
  };
  return llvm::any_of(Facts->writesOf(V), [&](const FunctionFacts::Write &W) {
    return &W != Except && W.Site && W.Site != V->getInit() &&
           !Before(W.Site->getBeginLoc(), Begin) &&
           !Before(End, W.Site->getBeginLoc());
  });
}

const FunctionFacts::Write *
RangeAnalysis::storeReaching(const VarDecl *Local, const Stmt *At,
                             llvm::ArrayRef<const VarDecl *> Kept) const {
  if (!Facts || !At || !Local->hasLocalStorage() || Facts->escapes(Local))
    return nullptr;
  for (const VarDecl *V : Kept)
    if (Facts->escapes(V))
      return nullptr;
  for (const FunctionFacts::Write &W : Facts->writesOf(Local)) {
    if (!W.Replaces || W.Accumulates || !W.Value)
      continue;
    // W must be a statement of its own (or the declaration it initializes),
    // so that every pass through that statement runs it.
    const Stmt *Statement =
        W.Site == Local->getInit() ? Facts->declarationOf(Local) : W.Site;
    const auto *Block = dyn_cast_or_null<CompoundStmt>(
        Statement ? Facts->parentOf(Statement) : nullptr);
    std::optional<unsigned> From =
        Block ? Facts->indexInCompound(Statement) : std::nullopt;
    if (!From)
      continue;
    // At's statement in the same block, after W's.
    const Stmt *Holding = At;
    while (Holding && Facts->parentOf(Holding) != Block)
      Holding = Facts->parentOf(Holding);
    std::optional<unsigned> To =
        Holding ? Facts->indexInCompound(Holding) : std::nullopt;
    if (!To || *To <= *From || !Facts->entersOnlyThrough(Block, *From, *To))
      continue;
    // Control runs from W to At through the statements between, which no
    // jump enters: nothing there (or in At's statement, which a loop may
    // run again) may write the local or what its value was computed from.
    SourceLocation Begin = Statement->getBeginLoc(), End = Holding->getEndLoc();
    auto WrittenBetween = [&](const VarDecl *V) {
      return writtenBetween(V, Begin, End, &W);
    };
    if (WrittenBetween(Local) || llvm::any_of(Kept, WrittenBetween))
      continue;
    return &W;
  }
  return nullptr;
}

const Expr *RangeAnalysis::clampReaching(const VarDecl *Local,
                                         const Stmt *At) const {
  if (!Facts || !Local->hasLocalStorage() || Facts->escapes(Local))
    return nullptr;
  // `if (Local > M) Local = M;` (or `M < Local`, or `>=`).
  auto LimitOf = [&](const Stmt *S) -> const Expr * {
    const auto *If = dyn_cast<IfStmt>(S);
    const auto *Test =
        If && !If->getElse() && !If->getInit() && !If->getConditionVariable()
            ? dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts())
            : nullptr;
    if (!Test)
      return nullptr;
    const Expr *Limit = nullptr;
    if ((Test->getOpcode() == BO_GT || Test->getOpcode() == BO_GE) &&
        namedVariable(Test->getLHS()) == Local)
      Limit = Test->getRHS();
    else if ((Test->getOpcode() == BO_LT || Test->getOpcode() == BO_LE) &&
             namedVariable(Test->getRHS()) == Local)
      Limit = Test->getLHS();
    const Stmt *Then = If->getThen();
    if (const auto *Block = dyn_cast<CompoundStmt>(Then))
      Then = Block->size() == 1 ? Block->body_front() : nullptr;
    const auto *Store = dyn_cast_or_null<BinaryOperator>(Then);
    const VarDecl *Bound = Limit ? namedVariable(Limit) : nullptr;
    if (!Bound || !Store || Store->getOpcode() != BO_Assign ||
        namedVariable(Store->getLHS()) != Local ||
        namedVariable(Store->getRHS()) != Bound || Facts->escapes(Bound))
      return nullptr;
    return Limit;
  };
  // The nearest statement before At's that writes Local, in each block
  // around it: the clamp must be the last word on Local there (it writes
  // Local itself).
  for (const Stmt *Child = At, *Up = Facts->parentOf(At); Up;
       Child = Up, Up = Facts->parentOf(Up)) {
    if (isa<LambdaExpr, BlockExpr>(Up))
      return nullptr;
    const auto *Block = dyn_cast<CompoundStmt>(Up);
    std::optional<unsigned> To =
        Block ? Facts->indexInCompound(Child) : std::nullopt;
    if (!To)
      continue;
    llvm::ArrayRef<unsigned> Writing = Facts->writingStatementsIn(Block, Local);
    const unsigned *Next = llvm::lower_bound(Writing, *To);
    if (Next == Writing.begin())
      continue;
    unsigned From = *std::prev(Next);
    const Stmt *Before = Block->body_begin()[From];
    const Expr *Limit = LimitOf(Before);
    // Between the clamp and At (At's statement included: a loop may run
    // it again), neither is written, and nothing jumps in.
    bool WrittenByAt = Next != Writing.end() && *Next == *To;
    if (!Limit || WrittenByAt || !Facts->entersOnlyThrough(Block, From, *To) ||
        writtenBetween(namedVariable(Limit), Before->getEndLoc(),
                       Child->getEndLoc()))
      return nullptr;
    return Limit;
  }
  return nullptr;
}

std::optional<Interval> RangeAnalysis::clampedProduct(const BinaryOperator *P,
                                                      const Interval &L,
                                                      const Interval &R,
                                                      const Constraints &C) {
  // A chunk clamped to what a buffer of K bytes holds, times the bytes per
  // element: `maxlen = BUF / size; if (n > maxlen) n = maxlen;` then `size
  // * n` fills at most the buffer, whatever size is. Only the size must
  // not be negative (it is then at least 1, as it divided BUF): a chunk
  // below zero (a count received, which the pass does not follow) makes
  // the product negative, not large.
  std::optional<Interval> Type = Interval::ofType(P->getType(), Ctx);
  if (!Type)
    return std::nullopt;
  for (auto [Clamped, Factor, Size] :
       {std::tuple(P->getLHS(), P->getRHS(), R),
        std::tuple(P->getRHS(), P->getLHS(), L)}) {
    if (Size.Lo < 0)
      continue;
    const VarDecl *Local = namedVariable(Clamped);
    const Expr *Limit = Local ? clampReaching(Local, P) : nullptr;
    const Expr *Whole = Limit ? dividendOver(Limit, Factor, P) : nullptr;
    if (!Whole)
      continue;
    State Unrecorded;
    std::optional<Interval> Held = eval(Whole, C, Unrecorded);
    if (!Held || Held->Hi < 0)
      continue;
    WideInt Lowest = minOf({saturatingMul(L.Lo, R.Lo), saturatingMul(L.Lo, R.Hi),
                            saturatingMul(L.Hi, R.Lo), saturatingMul(L.Hi, R.Hi)});
    return Interval{maxOf({Lowest, Type->Lo}), minOf({Held->Hi, Type->Hi})};
  }
  return std::nullopt;
}

const Expr *RangeAnalysis::dividendOver(const Expr *Quotient, const Expr *Y,
                                        const Stmt *At) const {
  // The same variable, or the same constant (`chunks = size / INT_MAX`).
  const VarDecl *Variable = referencedVariable(Y);
  std::optional<llvm::APSInt> Constant =
      Variable || Y->isValueDependent() ? std::nullopt
                                        : Y->getIntegerConstantExpr(Ctx);
  if (!Variable && !Constant)
    return nullptr;
  auto IsDivisor = [&](const Expr *D) {
    if (Variable)
      return referencedVariable(D) == Variable;
    std::optional<llvm::APSInt> Value =
        D->isValueDependent() ? std::nullopt : D->getIntegerConstantExpr(Ctx);
    return Value && llvm::APSInt::isSameValue(*Value, *Constant);
  };
  // Every quotient of X fits in T: X's type does, or X is a constant T
  // holds (a quotient is no larger than its dividend).
  auto QuotientsFit = [&](const BinaryOperator *Div, QualType T) {
    std::optional<Interval> Quotients = Interval::ofType(Div->getType(), Ctx);
    std::optional<Interval> Holds = Interval::ofType(T, Ctx);
    std::optional<llvm::APSInt> X =
        Div->getLHS()->isValueDependent()
            ? std::nullopt
            : Div->getLHS()->getIntegerConstantExpr(Ctx);
    return Quotients && Holds &&
           (Quotients->within(*Holds) ||
            (X && X->isNonNegative() && X->getActiveBits() < 63 &&
             Interval::exact(X->getExtValue()).within(*Holds)));
  };
  auto DivisionBy = [&](const Expr *E) -> const BinaryOperator * {
    E = E->IgnoreParenImpCasts();
    // `(int)(BUF / size)` keeps each quotient when the cast holds them all.
    const auto *Cast = dyn_cast<ExplicitCastExpr>(E);
    if (Cast && Cast->getType()->isIntegerType())
      E = Cast->getSubExpr()->IgnoreParenImpCasts();
    const auto *Div = dyn_cast<BinaryOperator>(E);
    return Div && Div->getOpcode() == BO_Div &&
                   Div->getType()->isIntegerType() &&
                   IsDivisor(Div->getRHS()) &&
                   (!Cast || QuotientsFit(Div, Cast->getType()))
               ? Div
               : nullptr;
  };
  const Expr *Held = Quotient->IgnoreParenImpCasts();
  // What holds the quotient must hold any value of its type.
  QualType Holder;
  const BinaryOperator *Div = nullptr;
  if (const auto *Store = dyn_cast<BinaryOperator>(Held);
      Store && Store->getOpcode() == BO_Assign) {
    Holder = Store->getType();
    Div = DivisionBy(Store->getRHS());
  } else if (const VarDecl *Local = referencedVariable(Held)) {
    // A local whose store reaches At alone, from operands unchanged since:
    // the quotient read there is the one computed then.
    Holder = Local->getType();
    llvm::ArrayRef<FunctionFacts::Write> Writes;
    if (Facts)
      Writes = Facts->writesOf(Local);
    for (const FunctionFacts::Write &W : Writes) {
      const BinaryOperator *Candidate = W.Value ? DivisionBy(W.Value) : nullptr;
      llvm::SmallVector<const VarDecl *, 4> Operands;
      if (Candidate && variablesRead(Candidate, Operands) &&
          storeReaching(Local, At, Operands) == &W) {
        Div = Candidate;
        break;
      }
    }
  } else {
    Div = DivisionBy(Held);
  }
  if (!Div)
    return nullptr;
  if (!Holder.isNull() && !QuotientsFit(Div, Holder))
    return nullptr;
  return Div->getLHS();
}

/// `L % R`: it takes the dividend's sign and is smaller than the divisor in
/// magnitude, whatever the divisor's sign, since a run that divides by zero
/// is undefined (`(i + offset) % nproc` stays below nproc); none for a
/// divisor that can only be 0.
static std::optional<Interval> remainderRange(const Interval &L,
                                              const Interval &R) {
  WideInt M = maxOf({R.Lo < 0 ? -R.Lo : R.Lo, R.Hi < 0 ? -R.Hi : R.Hi}) - 1;
  if (M < 0)
    return std::nullopt;
  return Interval{L.Lo >= 0 ? 0 : maxOf({-M, L.Lo}),
                  L.Hi <= 0 ? 0 : minOf({M, L.Hi})};
}

/// `X - (X / Y) * Y` is X % Y, spelled out: it keeps X's sign, below Y in
/// size when Y is positive, and never larger than X.
std::optional<Interval> RangeAnalysis::remainderOf(const BinaryOperator *B,
                                                   const Constraints &C,
                                                   State &S) {
  const auto *Rounded =
      dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
  const VarDecl *X = referencedVariable(B->getLHS());
  if (!Rounded || Rounded->getOpcode() != BO_Mul || !X)
    return std::nullopt;
  for (auto [Quotient, Factor] :
       {std::pair(Rounded->getLHS(), Rounded->getRHS()),
        std::pair(Rounded->getRHS(), Rounded->getLHS())}) {
    const Expr *Dividend = dividendOver(Quotient, Factor, B);
    if (!Dividend || referencedVariable(Dividend) != X)
      continue;
    std::optional<Interval> Held = eval(B->getLHS(), C, S);
    std::optional<Interval> By = eval(Factor, C, S);
    if (!Held || !By)
      return std::nullopt;
    // Below the divisor in size whatever its sign, as `%` is: the
    // division before it leaves 0 out.
    if (std::optional<Interval> Rest = remainderRange(*Held, *By))
      return Rest;
    return Interval{minOf({Held->Lo, 0}), maxOf({Held->Hi, 0})};
  }
  return std::nullopt;
}

std::optional<Interval> RangeAnalysis::evalBinary(const BinaryOperator *B,
                                                  const Constraints &C,
                                                  State &S) {
  QualType T = B->getType();
  BinaryOperatorKind Op = B->getOpcode();
  if (B->isLogicalOp())
    return Interval{0, 1};
  if (Op == BO_Comma)
    return eval(B->getRHS(), C, S);
  if (B->isAssignmentOp())
    return Op == BO_Assign
               ? eval(B->getRHS(), C, S)
               : evalCompound(cast<CompoundAssignOperator>(B), C, S);
  if (std::optional<Interval> Gap = pointerDifference(B, C, S))
    return Gap;

  // A product compared is not a count: its overflow is not this value's.
  State Compared;
  State &Operands = B->isComparisonOp() ? Compared : S;
  std::optional<Interval> L = eval(B->getLHS(), C, Operands);
  std::optional<Interval> R = eval(B->getRHS(), C, Operands);
  std::optional<Interval> Full = Interval::ofType(T, Ctx);
  // An element filled at a known index (`edges[i] = (i + 1) % 3`) is asked
  // for with the index exact: give the exact value where C would.
  if (L && R && L->isExact() && R->isExact())
    if (std::optional<WideInt> V = exactly(Op, L->Lo, R->Lo))
      return Full && !B->isComparisonOp() ? clampTo(T, Interval::exact(*V), B,
                                                    false, S)
                                          : Interval::exact(*V);
  if (B->isComparisonOp()) {
    if (L && R)
      if (std::optional<bool> Decided = comparisonOf(Op, *L, *R))
        return Interval::exact(*Decided);
    return Interval{0, 1};
  }
  if (!L || !R || !Full)
    return Full;
  if (Op == BO_Sub)
    if (std::optional<Interval> Rest = remainderOf(B, C, S))
      return clampTo(T, *Rest, B, false, S);
  if (Op == BO_Mul) {
    // (X / Y) * Y rounds X towards zero to a multiple of Y: it lies between
    // 0 and X whatever Y is ((5000 / np) * np).
    for (auto [Quotient, Factor] : {std::pair(B->getLHS(), B->getRHS()),
                                    std::pair(B->getRHS(), B->getLHS())})
      if (const Expr *X = dividendOver(Quotient, Factor, B))
        if (std::optional<Interval> Held = eval(X, C, S))
          return clampTo(T, {minOf({Held->Lo, 0}), maxOf({Held->Hi, 0})}, B,
                         true, S);
    if (std::optional<Interval> Share = evalShare(B, C, S))
      return *Share;
    if (std::optional<Interval> Guarded = guardedProduct(B, C))
      return *Guarded;
    if (std::optional<Interval> Grid = gridProduct(B, C, S))
      return *Grid;
    if (std::optional<Interval> Clamped = clampedProduct(B, *L, *R, C))
      return *Clamped;
    State Alone;
    std::optional<Interval> Product = arithmetic(Op, *L, *R, T, B, Alone);
    if (Alone.OverflowSite == B && isBoundedByProductRunBefore(B))
      return Product;
  }
  return arithmetic(Op, *L, *R, T, B, S);
}

std::optional<Interval>
RangeAnalysis::evalCompound(const CompoundAssignOperator *B,
                            const Constraints &C, State &S) {
  std::optional<Interval> Full = Interval::ofType(B->getType(), Ctx);
  if (!Full)
    return Full;
  std::optional<Interval> V = evalUpdate(B, C, S);
  if (!V)
    return Full;
  return V->within(*Full) ? *V : *Full;
}

std::optional<Interval>
RangeAnalysis::evalUpdate(const CompoundAssignOperator *B,
                          const Constraints &C, State &S) {
  // `x op= y` is `x = x op y` computed in the operator's computation type
  // and converted back to x's. A product or shift that can overflow is an
  // overflow site as `x = x * y`'s is (`size *= count[i]`: widening x
  // fixes both); what else overflows on the way only makes the value
  // unknown.
  QualType T = B->getComputationResultType();
  if (!Interval::ofType(T, Ctx))
    return std::nullopt;
  State Unrecorded;
  std::optional<Interval> L = eval(B->getLHS(), C, Unrecorded);
  std::optional<Interval> R = eval(B->getRHS(), C, Unrecorded);
  if (!L || !R)
    return std::nullopt;
  // Memory updated after a guard on it (`if (*size > 4096) return;` then
  // `*size *= k`): the guard bounds what is read.
  const Expr *Place = B->getLHS()->IgnoreParens();
  if (isa<MemberExpr, ArraySubscriptExpr, UnaryOperator>(Place))
    if (std::optional<Interval> Guarded = guardedAccessBound(Place, C))
      L = L->meet(*Guarded);
  BinaryOperatorKind Op =
      BinaryOperator::getOpForCompoundAssignment(B->getOpcode());
  if (L->isExact() && R->isExact())
    if (std::optional<WideInt> X = exactly(Op, L->Lo, R->Lo))
      return Interval::exact(*X);
  return arithmetic(Op, *L, *R, T, B,
                    Op == BO_Mul || Op == BO_Shl ? S : Unrecorded);
}

std::optional<RangeAnalysis::Result>
RangeAnalysis::evaluateUpdate(const CompoundAssignOperator *B,
                              const Constraints &C) {
  State S;
  std::optional<Interval> R = evalUpdate(B, C, S);
  if (!R)
    return std::nullopt;
  return Result{*R, S.OverflowSite};
}

std::optional<Interval> RangeAnalysis::arithmetic(BinaryOperatorKind Op,
                                                  const Interval &L,
                                                  const Interval &R,
                                                  QualType T, const Expr *B,
                                                  State &S) {
  std::optional<Interval> Full = Interval::ofType(T, Ctx);
  if (!Full)
    return Full;
  switch (Op) {
  case BO_Add:
    return clampTo(T, {L.Lo + R.Lo, L.Hi + R.Hi}, B, false, S);
  case BO_Sub:
    return clampTo(T,
                   unsignedDifference(T->isUnsignedIntegerType(),
                                      {L.Lo - R.Hi, L.Hi - R.Lo}),
                   B,
                   false, S);
  case BO_Mul: {
    WideInt P[] = {saturatingMul(L.Lo, R.Lo), saturatingMul(L.Lo, R.Hi),
                   saturatingMul(L.Hi, R.Lo), saturatingMul(L.Hi, R.Hi)};
    return clampTo(T, {minOf({P[0], P[1], P[2], P[3]}),
                       maxOf({P[0], P[1], P[2], P[3]})},
                   B, true, S);
  }
  case BO_Shl: {
    if (R.Lo < 0 || R.Hi >= 64 || L.Lo < 0)
      return clampTo(T, {Full->Lo, Full->Hi * 2}, B, true, S);
    return clampTo(T, {L.Lo << int(R.Lo), L.Hi << int(R.Hi)}, B, true, S);
  }
  case BO_Div: {
    if (R.Lo >= 1)
      return Interval{minOf({L.Lo / R.Lo, L.Lo / R.Hi}),
                      maxOf({L.Hi / R.Lo, L.Hi / R.Hi})};
    // A divisor that cannot be negative is at least 1 where it divides
    // (`count / stride` in size_t, whatever int stride converted to).
    if (R.Lo >= 0 && L.Lo >= 0)
      return Interval{0, L.Hi};
    // Whatever the (non-zero) divisor, the quotient is no larger than the
    // dividend: 10 / np stays within [-10, 10].
    WideInt M = maxOf({L.Lo < 0 ? -L.Lo : L.Lo, L.Hi < 0 ? -L.Hi : L.Hi});
    return clampTo(T, {-M, M}, B, false, S);
  }
  case BO_Rem: {
    if (std::optional<Interval> Rest = remainderRange(L, R))
      return Rest;
    return Full;
  }
  case BO_Shr:
    if (L.Lo < 0)
      return Full;
    // Shifted by a known count, a nonnegative value is divided by a known
    // power of two: `mask >> 1` halves mask's bounds.
    if (R.Lo >= 0 && R.Hi < 64)
      return Interval{L.Lo >> int(R.Hi), L.Hi >> int(R.Lo)};
    return Interval{0, L.Hi};
  case BO_And:
    if (L.Lo >= 0 || R.Lo >= 0)
      return Interval{0, L.Lo >= 0 && R.Lo >= 0 ? minOf({L.Hi, R.Hi})
                                                  : (L.Lo >= 0 ? L.Hi : R.Hi)};
    return Full;
  default:
    return Full;
  }
}

std::optional<bool> isStdMinOrMax(const CallExpr *Call) {
  const FunctionDecl *F = Call->getDirectCallee();
  if (!F || !F->getIdentifier() || !F->isInStdNamespace() ||
      Call->getNumArgs() != 2)
    return std::nullopt;
  if (F->getName() == "min")
    return true;
  if (F->getName() == "max")
    return false;
  return std::nullopt;
}

std::optional<Interval> RangeAnalysis::evalCall(const CallExpr *Call,
                                                const Constraints &C,
                                                State &S) {
  const FunctionDecl *F = Call->getDirectCallee();
  std::optional<Interval> Full = Interval::ofType(Call->getType(), Ctx);
  if (std::optional<bool> IsMin = isStdMinOrMax(Call)) {
    std::optional<Interval> A = eval(Call->getArg(0), C, S);
    std::optional<Interval> B = eval(Call->getArg(1), C, S);
    if (!A || !B)
      return Full;
    if (*IsMin)
      return Interval{minOf({A->Lo, B->Lo}), minOf({A->Hi, B->Hi})};
    return Interval{maxOf({A->Lo, B->Lo}), maxOf({A->Hi, B->Hi})};
  }
  Expr::EvalResult Value;
  if (!Call->isValueDependent() && Call->EvaluateAsInt(Value, Ctx))
    return Interval::exact(Value.Val.getInt().getExtValue());
  // `v.size()` of a local vector: what it was sized to.
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
      Member && F && F->getIdentifier() && F->getName() == "size" && Full)
    if (const VarDecl *V =
            referencedVariable(Member->getImplicitObjectArgument()))
      if (std::optional<Interval> Size = sizeOfLocalVector(V, Call))
        return Full->meet(*Size);
  // std::accumulate(b, e, 0) sums in the type of its initial value: a sum
  // of any number of elements, which an 'int' cannot be trusted to hold.
  if (std::optional<StandardSum> Sum = standardSum(Call))
    if (Sum->Init && Full && Ctx.getIntWidth(Call->getType()) < 64)
      return clampTo(Call->getType(), {Full->Lo * 2, Full->Hi * 2}, Call, true,
                     S);
  // A helper of this unit: what its returns give for these arguments, and
  // an int product in it that can overflow (`return nx * ny * nz;`).
  if (F && Unit && Full && !F->isVariadic() &&
      Call->getNumArgs() == F->getNumParams()) {
    llvm::SmallVector<std::optional<Interval>, 4> Args;
    for (const Expr *Arg : Call->arguments())
      Args.push_back(eval(Arg, C, S));
    const Expr *Site = nullptr;
    if (std::optional<Interval> R = Unit->returnRange(Call, F, Args, Site)) {
      if (Site && !S.OverflowSite)
        S.OverflowSite = Site;
      return R->within(*Full) ? *R : *Full;
    }
  }
  // strlen of a char array of N elements is below N (the terminator is in
  // the array, or reading past it is a bug of its own).
  if (Call->getBuiltinCallee() == Builtin::BIstrlen && Call->getNumArgs() == 1) {
    if (const ConstantArrayType *A = Ctx.getAsConstantArrayType(
            Call->getArg(0)->IgnoreParenImpCasts()->getType()))
      if (A->getSize().getZExtValue() > 0)
        return Interval{0, WideInt(A->getSize().getZExtValue()) - 1};
    // Of a string literal or its copy, at most the literal's length: a
    // longer string would be written past the end (`name =
    // strdup("testfile"); len = strlen(name);`).
    if (const StringLiteral *Text = literalHeldBy(Call->getArg(0)))
      return Interval{0, WideInt(Text->getLength())};
    // Any other string: a name, a path, a key (the model's longest).
    if (const RunModel *M = model(); M && Full)
      return Full->meet(Interval{0, M->MaxStringLength});
  }
  return Full;
}

/// What a use of a vector does to its size.
enum class SizeEffect { None, Empties, Sets, Unknown };

/// \p Use of a local vector: \p Size gets the count of a `resize(n)` or an
/// `assign(n, x)`.
static SizeEffect sizeEffectOf(const DeclRefExpr *Use, const FunctionFacts &F,
                               const Expr *&Size) {
  const Stmt *Up = F.readerOf(Use);
  // Read or copied whole, or bound to the hidden reference of a range-for.
  if (isa_and_nonnull<CXXConstructExpr>(Up))
    return cast<CXXConstructExpr>(Up)->getConstructor()->isCopyConstructor()
               ? SizeEffect::None
               : SizeEffect::Unknown;
  if (const auto *Loop = dyn_cast_or_null<CXXForRangeStmt>(Up);
      Loop && Loop->getRangeInit()->IgnoreParenImpCasts() == Use)
    return SizeEffect::None;
  if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(Up))
    return Op->getOperator() == OO_Subscript ? SizeEffect::None
                                             : SizeEffect::Unknown;
  // Handed to a function that takes it by const reference, or to an
  // accessor of its elements (`c_data(v)`).
  if (const auto *Call = dyn_cast_or_null<CallExpr>(Up);
      Call && !isa<CXXMemberCallExpr>(Call)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (Callee && returnsElementsOfParameter(Callee))
      return SizeEffect::None;
    for (unsigned I = 0; Callee && I < Call->getNumArgs() &&
                         I < Callee->getNumParams();
         ++I) {
      QualType P = Callee->getParamDecl(I)->getType();
      if (Call->getArg(I)->IgnoreParenImpCasts() == Use)
        return P->isReferenceType() && P->getPointeeType().isConstQualified()
                   ? SizeEffect::None
                   : SizeEffect::Unknown;
    }
    return SizeEffect::Unknown;
  }
  const auto *Member = dyn_cast_or_null<MemberExpr>(Up);
  const auto *Method =
      Member ? dyn_cast<CXXMethodDecl>(Member->getMemberDecl()) : nullptr;
  const auto *Call =
      Member ? dyn_cast_or_null<CXXMemberCallExpr>(F.parentOf(Member)) : nullptr;
  if (!Method || !Method->getIdentifier() || !Call)
    return SizeEffect::Unknown;
  StringRef Name = Method->getName();
  if (llvm::is_contained({"size", "empty", "data", "begin", "end", "cbegin",
                          "cend", "rbegin", "rend", "front", "back", "at",
                          "capacity", "reserve", "shrink_to_fit", "max_size"},
                         Name))
    return SizeEffect::None;
  if (llvm::is_contained({"clear", "pop_back", "erase"}, Name))
    return SizeEffect::Empties;
  bool Counted = Call->getNumArgs() >= 1 &&
                 Call->getArg(0)->getType()->isIntegerType();
  if ((Name == "resize" && Counted) ||
      (Name == "assign" && Counted && Call->getNumArgs() == 2)) {
    Size = Call->getArg(0);
    return SizeEffect::Sets;
  }
  return SizeEffect::Unknown;
}

/// The call whose returned vector initializes the local vector \p V (`auto
/// v = f();`, `std::vector<int> v(c.coords(p))`), or null.
static const CallExpr *vectorReturnedInto(const VarDecl *V,
                                          const CXXConstructExpr *Construct) {
  const auto *Record = V->getType()->getAsCXXRecordDecl();
  if (!V->getInit() || !Record || !Record->isInStdNamespace() ||
      !Record->getIdentifier() || Record->getName() != "vector")
    return nullptr;
  const Expr *E = V->getInit()->IgnoreImplicit();
  if (Construct) {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    if (!Ctor || !Ctor->isCopyOrMoveConstructor() ||
        Construct->getNumArgs() != 1)
      return nullptr;
    E = Construct->getArg(0)->IgnoreImplicit();
  }
  const auto *Call = dyn_cast<CallExpr>(E);
  return Call && Call->getDirectCallee() &&
                 Call->getType()->getAsCXXRecordDecl() ==
                     V->getType()->getAsCXXRecordDecl()
             ? Call
             : nullptr;
}

std::optional<Interval> RangeAnalysis::returnedVectorSize() {
  if (!Function || !Facts || !Function->getBody())
    return std::nullopt;
  llvm::SmallVector<const ReturnStmt *, 4> Returns;
  collectReturns(Function->getBody(), Returns);
  std::optional<Interval> Sizes;
  for (const ReturnStmt *R : Returns) {
    // `return v;`: the local itself, moved or copied out.
    const Expr *E = R->getRetValue() ? R->getRetValue()->IgnoreImplicit()
                                     : nullptr;
    if (const auto *Copy = dyn_cast_or_null<CXXConstructExpr>(E);
        Copy && Copy->getNumArgs() == 1 && Copy->getConstructor() &&
        Copy->getConstructor()->isCopyOrMoveConstructor())
      E = Copy->getArg(0)->IgnoreImplicit();
    const auto *Ref = dyn_cast_or_null<DeclRefExpr>(E);
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    std::optional<Interval> Size =
        V && !isa<ParmVarDecl>(V) ? sizeOfLocalVector(V, R) : std::nullopt;
    // `return coords_of(comm, rank);`: what that function returns.
    if (const auto *Call = dyn_cast_or_null<CallExpr>(E);
        !Size && Call && Call->getDirectCallee() && Unit &&
        Call->getType()->getAsCXXRecordDecl() ==
            Function->getReturnType()->getAsCXXRecordDecl())
      Size = Unit->returnedSize(Call->getDirectCallee());
    if (!Size)
      return std::nullopt;
    Sizes = Sizes ? Sizes->join(*Size) : *Size;
  }
  return Sizes;
}

std::optional<Interval> RangeAnalysis::sizeOfLocalVector(const VarDecl *V,
                                                         const Stmt *At) {
  const CXXConstructExpr *Construct =
      isa<ParmVarDecl>(V) ? nullptr : vectorConstruction(V);
  const CallExpr *Returned =
      isa<ParmVarDecl>(V) || !V->hasLocalStorage()
          ? nullptr
          : vectorReturnedInto(V, Construct);
  if (!Facts || (!Construct && !Returned) || Facts->escapesBefore(V, At) ||
      Facts->isCaptured(V))
    return std::nullopt;
  auto Key = std::make_pair(V, At);
  if (auto It = VectorSizes.find(Key); It != VectorSizes.end())
    return It->second;
  VectorSizes[Key] = std::nullopt; // `v.resize(v.size() * 2)` says nothing
  std::optional<Interval> Sizes;
  auto add = [&](Interval I) { Sizes = Sizes ? Sizes->join(I) : I; };
  // A count converted to the size type: what is negative as an int is
  // more than max_size() there, and the vector throws.
  auto addCount = [&](const Expr *N, const Stmt *At) {
    State Ignored;
    std::optional<Interval> R =
        eval(N->IgnoreImpCasts(), constraintsAt(At), Ignored);
    if (!R || R->Hi < 0)
      return false;
    add({std::max<WideInt>(R->Lo, 0), R->Hi});
    return true;
  };
  if (Returned) {
    std::optional<Interval> Made =
        Unit ? Unit->returnedSize(Returned->getDirectCallee()) : std::nullopt;
    if (!Made)
      return std::nullopt;
    add(*Made);
  } else {
    unsigned Args = Construct->getNumArgs();
    while (Args > 0 && isa<CXXDefaultArgExpr>(Construct->getArg(Args - 1)))
      --Args;
    if (Args == 0)
      add(Interval::exact(0));
    else if (const InitListExpr *List = vectorList(Construct))
      add(Interval::exact(List->getNumInits()));
    else if (!Construct->getArg(0)->getType()->isIntegerType() ||
             !addCount(Construct->getArg(0), Construct))
      return std::nullopt;
  }
  for (const DeclRefExpr *Use : Facts->usesOf(V)) {
    const Expr *Size = nullptr;
    // What only runs after the read, or the return that reads it.
    if (Facts->runsOnlyAfter(Use, At) ||
        (isa<ReturnStmt>(At) && Facts->isWithin(Use, At)))
      continue;
    switch (sizeEffectOf(Use, *Facts, Size)) {
    case SizeEffect::None:
      break;
    case SizeEffect::Empties:
      add(Interval::exact(0));
      break;
    case SizeEffect::Sets:
      if (!addCount(Size, Use))
        return std::nullopt;
      break;
    case SizeEffect::Unknown:
      return std::nullopt;
    }
  }
  VectorSizes[Key] = Sizes;
  return Sizes;
}

static bool entersInside(const Stmt *S, unsigned &Budget);

/// The string literal \p E is, or `strdup` copied.
static const StringLiteral *literalOrCopy(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Text = dyn_cast<StringLiteral>(E))
    return Text;
  const auto *Copy = dyn_cast<CallExpr>(E);
  const FunctionDecl *Callee = Copy ? Copy->getDirectCallee() : nullptr;
  if (!Callee || Copy->getNumArgs() != 1 ||
      !(Copy->getBuiltinCallee() == Builtin::BIstrdup ||
        (Callee->getIdentifier() && Callee->getName() == "strdup" &&
         Callee->isExternC())))
    return nullptr;
  return dyn_cast<StringLiteral>(Copy->getArg(0)->IgnoreParenImpCasts());
}

const StringLiteral *RangeAnalysis::literalHeldBy(const Expr *Pointer) {
  if (const StringLiteral *Text = literalOrCopy(Pointer))
    return Text;
  const auto *Use = dyn_cast<DeclRefExpr>(Pointer->IgnoreParenImpCasts());
  const auto *V = Use ? dyn_cast<VarDecl>(Use->getDecl()) : nullptr;
  if (!Facts || !V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) ||
      Facts->escapes(V) || Facts->isCaptured(V))
    return nullptr;
  // The statement before, in the enclosing blocks, that last sets V: climbs
  // through compounds and ifs only (a loop could bring a later store round).
  unsigned Budget = 4096;
  const Stmt *S = Use;
  for (const Stmt *P = Facts->parentOf(S); P; S = P, P = Facts->parentOf(P)) {
    if (!isa<CompoundStmt, IfStmt, Expr, DeclStmt, ReturnStmt>(P))
      return nullptr;
    const auto *C = dyn_cast<CompoundStmt>(P);
    // A store in the condition of an if around the use, or beside it in
    // the same expression, comes later than those before.
    if (!C) {
      if (llvm::any_of(Facts->writesOf(V), [&](const FunctionFacts::Write &W) {
            return Facts->isWithin(W.Site, P) && !Facts->isWithin(W.Site, S);
          }))
        return nullptr;
      continue;
    }
    for (auto I = llvm::find(C->body(), S); I != C->body_begin();) {
      const Stmt *Before = *--I;
      if (entersInside(Before, Budget))
        return nullptr;
      for (const FunctionFacts::Write &W : Facts->writesOf(V))
        if (Facts->isWithin(W.Site, Before)) {
          bool Whole = W.Site == Before || (isa<DeclStmt>(Before) &&
                                            W.Site == V->getInit());
          return Whole && W.Value && W.Replaces ? literalOrCopy(W.Value)
                                                : nullptr;
        }
    }
  }
  return nullptr;
}

std::optional<Interval>
RangeAnalysis::withStores(std::optional<Interval> Outputs, const VarDecl *V,
                          llvm::ArrayRef<FunctionFacts::Write> Writes) {
  if (!Outputs || Writes.empty())
    return Outputs;
  return rangeOfWrites(V, Writes, Outputs);
}

/// The join of every value stored by \p Writes and of \p Sources, or none
/// if one is unknown.
std::optional<Interval>
RangeAnalysis::rangeOfWrites(const VarDecl *V,
                             llvm::ArrayRef<FunctionFacts::Write> Writes,
                             std::optional<Interval> Sources) {
  if (Writes.empty() || InProgress.count(V))
    return std::nullopt; // n = n * 2: a cycle says nothing.
  // Stores that read V itself (`n = n / 4` after MPI_Type_size(t, &n))
  // are judged apart: if each keeps V within what the other sources give,
  // that is V's range.
  llvm::SmallVector<const FunctionFacts::Write *, 2> Updates;
  InProgress.insert(V);
  std::optional<Interval> Range = Sources;
  bool Known = true;
  for (const FunctionFacts::Write &W : Writes) {
    if (W.Value && W.Replaces && mentionsVariable(W.Value, V)) {
      Updates.push_back(&W);
      continue;
    }
    State Ignored;
    std::optional<Interval> R =
        W.Value && W.Replaces ? eval(W.Value, constraintsAt(W.Site), Ignored)
                              : std::nullopt;
    if (!R) {
      Known = false;
      break;
    }
    Range = Range ? Range->join(*R) : *R;
  }
  InProgress.erase(V);
  if (!Known)
    return std::nullopt;
  if (Updates.empty())
    return Range;
  if (Range && updatesStayWithin(V, *Range, Updates))
    return Range;
  // Else each update is judged with V unknown, as any other store.
  InProgress.insert(V);
  for (const FunctionFacts::Write *W : Updates) {
    State Ignored;
    std::optional<Interval> R = eval(W->Value, constraintsAt(W->Site), Ignored);
    if (!R) {
      Range.reset();
      break;
    }
    Range = Range ? Range->join(*R) : *R;
  }
  InProgress.erase(V);
  return Range;
}

bool RangeAnalysis::updatesStayWithin(
    const VarDecl *V, Interval Candidate,
    llvm::ArrayRef<const FunctionFacts::Write *> Updates) {
  // Induction: with V anywhere in Candidate, no update leaves it, so no run
  // does. What is derived meanwhile assumed Candidate, and is dropped.
  auto SavedVariables = VarRanges;
  auto SavedElements = ElementRanges;
  VarRanges[V] = Candidate;
  bool Within = llvm::all_of(Updates, [&](const FunctionFacts::Write *W) {
    State Ignored;
    std::optional<Interval> R = eval(W->Value, constraintsAt(W->Site), Ignored);
    return R && R->within(Candidate);
  });
  VarRanges = std::move(SavedVariables);
  ElementRanges = std::move(SavedElements);
  return Within;
}

std::optional<Interval> RangeAnalysis::rangeOfVariable(const VarDecl *V) {
  std::optional<Interval> Full = Interval::ofType(V->getType(), Ctx);
  if (!Full)
    return std::nullopt;
  auto Cached = VarRanges.find(V);
  if (Cached != VarRanges.end())
    return Cached->second;
  if (InProgress.count(V))
    return Full;

  std::optional<Interval> Range;
  // A global constant, or a global that nothing writes: its initializer is
  // all there is.
  const Expr *Fixed = nullptr;
  if (V->getType().isConstQualified() && !V->hasLocalStorage())
    Fixed = V->getInit();
  else if (Unit)
    Fixed = Unit->constantInitializer(V);
  if (Fixed) {
    InProgress.insert(V);
    State Ignored;
    Range = eval(Fixed, Constraints(), Ignored);
    InProgress.erase(V);
  } else if (!V->hasLocalStorage()) {
    // A global this file owns holds what its stores here put there.
    if (Unit)
      Range = Unit->globalRange(V);
  } else if (Facts && V->hasLocalStorage() && !isa<ParmVarDecl>(V) &&
             !Facts->escapes(V)) {
    Range = rangeOfWrites(V, Facts->writesOf(V));
  } else if (Facts && V->hasLocalStorage() && !isa<ParmVarDecl>(V)) {
    // Handed out, but perhaps only to MPI calls that the model bounds.
    Range = rangeOfModelOutputs(V);
  } else if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
    // A parameter the body never changes holds what the callers pass.
    if (Unit && Facts && Facts->writesOf(P).empty() && !Facts->escapes(P))
      Range = Unit->argumentRange(P);
  }
  std::optional<Interval> Result = Range ? Range->meet(*Full) : Full;
  VarRanges[V] = Result;
  return Result;
}

/// Zero when \p Pointer's elements may be read as calloc or new[]() left
/// them: before its first element store, they are zero.
static std::optional<Interval> startsZeroed(const VarDecl *Pointer,
                                            const FunctionFacts &Facts) {
  if (!Pointer->getType()->isPointerType())
    return std::nullopt;
  for (const FunctionFacts::Write &W : Facts.writesOf(Pointer)) {
    const Expr *Block = W.Value ? allocationStored(W.Value) : nullptr;
    const auto *New = dyn_cast_or_null<CXXNewExpr>(Block);
    const auto *Call = dyn_cast_or_null<CallExpr>(Block);
    if ((New && New->hasInitializer()) ||
        (Call && Call->getDirectCallee()->getBuiltinID() == Builtin::BIcalloc))
      return Interval::exact(0);
  }
  return std::nullopt;
}

/// A global table whose elements are only read (`static int counts[] =
/// {5, 1000};`) holds what its initializer lists, and zero where it lists
/// nothing.
std::optional<Interval> RangeAnalysis::rangeOfFixedTable(const VarDecl *Table) {
  const auto *Type = Ctx.getAsConstantArrayType(Table->getType());
  if (!Type || !Type->getElementType()->isIntegerType())
    return std::nullopt;
  const Expr *Init = nullptr;
  if (Table->getType().isConstQualified()) {
    const VarDecl *Definition = nullptr;
    Init = Table->getAnyInitializer(Definition);
  } else if (Unit) {
    Init = Unit->constantInitializer(Table);
  }
  const auto *List = dyn_cast_or_null<InitListExpr>(Init ? Init->IgnoreImplicit()
                                                         : nullptr);
  if (!List)
    return std::nullopt;
  std::optional<Interval> Range;
  if (List->getNumInits() < Type->getSize().getZExtValue() ||
      List->hasArrayFiller())
    Range = Interval::exact(0);
  for (const Expr *Element : List->inits()) {
    if (isa<ImplicitValueInitExpr>(Element))
      continue;
    State Ignored;
    std::optional<Interval> Value = eval(Element, Constraints(), Ignored);
    if (!Value)
      return std::nullopt;
    Range = Range ? Range->join(*Value) : *Value;
  }
  return Range;
}

/// A local array that is only indexed holds what its element writes store.
std::optional<Interval> RangeAnalysis::rangeOfElements(const VarDecl *Array) {
  auto Cached = ElementRanges.find(Array);
  if (Cached != ElementRanges.end())
    return Cached->second;
  // Unknown while it is judged: MPI_Dims_create(dims[0], 2, dims) reads
  // the elements it bounds.
  ElementRanges[Array] = std::nullopt;
  std::optional<Interval> Range;
  if (!Array->hasLocalStorage())
    Range = rangeOfFixedTable(Array);
  else if (Facts && Array->hasLocalStorage() && Facts->isOnlyIndexed(Array))
    Range = rangeOfWrites(Array, Facts->elementWritesOf(Array),
                          startsZeroed(Array, *Facts));
  else if (Facts && Array->hasLocalStorage())
    Range = rangeOfOutputElements(Array);
  ElementRanges[Array] = Range;
  return Range;
}

std::optional<Interval> RangeAnalysis::eval(const Expr *E, const Constraints &C,
                                            State &S) {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  // A sum of 30,000 terms is a tree as deep: evaluating it by recursion
  // overflowed the stack. Past this depth the value is simply unknown.
  if (EvalDepth >= MaxEvalDepth)
    return std::nullopt;
  ++EvalDepth;
  // The stated path has a frame of its own: eval's must stay small, as a
  // sum of thousands of terms recurses through it (deep-expression.test).
  std::optional<Interval> R = Declared && declaredRange(E)
                                  ? evalStated(E, C)
                                  : evalNode(E, C, S);
  --EvalDepth;
  return R;
}

std::optional<Interval> RangeAnalysis::evalStated(const Expr *E,
                                                  const Constraints &C) {
  // The statement says how E's value came out: an overflow on the way to
  // it (`nb = xsup[k + 1] - xsup[k]` under a declared `SuperSize()`) is
  // one the user rules out, so its site is not kept.
  State Inner;
  std::optional<Interval> R = evalNode(E, C, Inner);
  if (!R)
    R = Interval::ofType(E->getType(), Ctx);
  std::optional<Interval> Stated = declaredRange(E);
  return R && Stated ? R->meet(*Stated) : R;
}

/// The name of the macro whose expansion \p E is, whole: `SuperSize(k)`
/// written in the code (not inside another macro's body, where E would be
/// only part of what the outer expansion gives).
static std::optional<StringRef> expandedMacro(const Expr *E,
                                              const SourceManager &SM,
                                              const LangOptions &LO) {
  SourceLocation Begin = E->getBeginLoc(), End = E->getEndLoc();
  if (!Begin.isMacroID() || !End.isMacroID())
    return std::nullopt;
  SourceLocation MacroBegin, MacroEnd;
  if (!Lexer::isAtStartOfMacroExpansion(Begin, SM, LO, &MacroBegin) ||
      !Lexer::isAtEndOfMacroExpansion(End, SM, LO, &MacroEnd) ||
      SM.getExpansionRange(Begin).getAsRange() !=
          SM.getExpansionRange(End).getAsRange())
    return std::nullopt;
  Token Name;
  if (Lexer::getRawToken(MacroBegin, Name, SM, LO) ||
      !Name.is(tok::raw_identifier))
    return std::nullopt;
  return Name.getRawIdentifier();
}

/// The names a structure's member is declared under: its record's, and the
/// typedef the access goes through (`SuperMatrix` for an anonymous struct,
/// or a typedef of a tagged one).
static void recordNames(const MemberExpr *ME, const FieldDecl *Field,
                        llvm::SmallVectorImpl<StringRef> &Names) {
  const RecordDecl *Record = Field->getParent();
  if (!Record->getName().empty())
    Names.push_back(Record->getName());
  else if (const TypedefNameDecl *T = Record->getTypedefNameForAnonDecl())
    Names.push_back(T->getName());
  QualType Base = ME->getBase()->getType();
  if (ME->isArrow())
    if (const auto *P = Base->getAs<PointerType>())
      Base = P->getPointeeType();
  if (const auto *T = Base->getAs<TypedefType>())
    if (llvm::find(Names, T->getDecl()->getName()) == Names.end())
      Names.push_back(T->getDecl()->getName());
}

std::optional<Interval> RangeAnalysis::declaredRange(const Expr *E) const {
  if (!E->getType()->isIntegerType())
    return std::nullopt;
  if (Declared->declaresCalls())
    if (std::optional<StringRef> Macro =
            expandedMacro(E, Ctx.getSourceManager(), Ctx.getLangOpts()))
      if (std::optional<Interval> R = Declared->ofCall(*Macro))
        return R;
  // Not through casts: a conversion may wrap what the target holds.
  const Expr *Named = E->IgnoreParens();
  // An element takes what its array or pointer is declared with.
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Named))
    Named = ASE->getBase()->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Named)) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      return Declared->ofDeclaration(V);
    return std::nullopt;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(Named)) {
    const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!Field || !Field->getIdentifier())
      return std::nullopt;
    llvm::SmallVector<StringRef, 2> Records;
    recordNames(ME, Field, Records);
    std::optional<Interval> R = Declared->ofMember("", Field->getName());
    for (StringRef Record : Records)
      if (std::optional<Interval> Own =
              Declared->ofMember(Record, Field->getName()))
        R = R ? R->meet(*Own) : Own;
    return R;
  }
  if (const auto *Call = dyn_cast<CallExpr>(Named))
    if (const FunctionDecl *F = Call->getDirectCallee())
      if (F->getIdentifier())
        return Declared->ofCall(F->getName());
  return std::nullopt;
}

std::optional<Interval> RangeAnalysis::evalNode(const Expr *E,
                                                const Constraints &C,
                                                State &S) {
  E = E->IgnoreParens();
  QualType T = E->getType();

  if (const auto *IL = dyn_cast<IntegerLiteral>(E)) {
    const llvm::APInt &V = IL->getValue();
    return Interval::exact(T->isUnsignedIntegerType() ? WideInt(V.getZExtValue())
                                                      : WideInt(V.getSExtValue()));
  }
  if (const auto *CL = dyn_cast<CharacterLiteral>(E))
    return Interval::exact(CL->getValue());
  if (const auto *BL = dyn_cast<CXXBoolLiteralExpr>(E))
    return Interval::exact(BL->getValue());
  if (const auto *CE = dyn_cast<ConstantExpr>(E))
    return eval(CE->getSubExpr(), C, S);
  if (const auto *FE = dyn_cast<FullExpr>(E))
    return eval(FE->getSubExpr(), C, S);
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return eval(MT->getSubExpr(), C, S);

  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    std::optional<Interval> Full = Interval::ofType(T, Ctx);
    switch (Cast->getCastKind()) {
    case CK_IntegralCast:
    case CK_NoOp:
    case CK_LValueToRValue:
    case CK_IntegralToBoolean: {
      std::optional<Interval> Sub = eval(Cast->getSubExpr(), C, S);
      if (!Sub || !Full)
        return Full;
      // A signed size converted to a wider unsigned type (tsize /
      // sizeof(int)) is taken to be non-negative: a negative size is a bug
      // of its own, and wrapping it to 2^64 would flag every such division.
      if (Sub->Lo < 0 && Full->Lo == 0 && Sub->Hi >= 0 &&
          Sub->Hi <= Full->Hi && Cast->getSubExpr()->getType()->isSignedIntegerType())
        return Interval{0, Sub->Hi};
      return Sub->within(*Full) ? *Sub : *Full;
    }
    case CK_FloatingToIntegral: {
      // The conversion truncates; a value it cannot hold is undefined, so
      // what a run holds is the part that fits.
      auto Real = evalReal(Cast->getSubExpr(), C, S);
      if (!Real || !Full)
        return Full;
      long double Lo = std::trunc(Real->first), Hi = std::trunc(Real->second);
      if (Lo > static_cast<long double>(Full->Hi) ||
          Hi < static_cast<long double>(Full->Lo))
        return Full;
      return Interval{Lo < static_cast<long double>(Full->Lo) ? Full->Lo
                                                              : WideInt(Lo),
                      Hi > static_cast<long double>(Full->Hi) ? Full->Hi
                                                              : WideInt(Hi)};
    }
    default:
      return Full;
    }
  }

  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
      return Interval::exact(EC->getInitVal().getSExtValue());
    if (const auto *B = dyn_cast<BindingDecl>(DRE->getDecl())) {
      if (std::optional<Interval> Part = rangeOfBinding(B))
        return Part;
      return Interval::ofType(T, Ctx);
    }
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V)
      return Interval::ofType(T, Ctx);
    std::optional<Interval> R = lastStoreBefore(DRE, V);
    if (!R)
      R = rangeOfVariable(V);
    if (R)
      if (std::optional<Interval> Exit = loopExitValue(DRE, V))
        R = R->meet(*Exit);
    // Disjoint from the guard, no run reads V here (`if (n > INT_MAX)
    // return;` before `(int)n` in a function whose every call passes
    // more): there is no value to judge, as for code that does not run.
    auto Bound = C.find(V);
    if (R && Bound != C.end())
      R = R->intersection(Bound->second);
    return R;
  }

  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    switch (U->getOpcode()) {
    case UO_Minus: {
      std::optional<Interval> Sub = eval(U->getSubExpr(), C, S);
      if (!Sub)
        return std::nullopt;
      return clampTo(T, {-Sub->Hi, -Sub->Lo}, U, false, S);
    }
    case UO_Plus:
      return eval(U->getSubExpr(), C, S);
    case UO_LNot: {
      // Decided when the operand is known zero, or known not to be.
      std::optional<Interval> Sub = eval(U->getSubExpr(), C, S);
      if (Sub && Sub->isExact() && Sub->Lo == 0)
        return Interval::exact(1);
      if (Sub && (Sub->Lo > 0 || Sub->Hi < 0))
        return Interval::exact(0);
      return Interval{0, 1};
    }
    default:
      return Interval::ofType(T, Ctx);
    }
  }

  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    std::optional<Interval> R = evalBinary(B, C, S);
    // Only a value that does not fit is worth the walk to its guards.
    std::optional<Interval> Int = Interval::ofType(Ctx.IntTy, Ctx);
    if (R && (B->isAdditiveOp() || B->getOpcode() == BO_Mul) &&
        !R->within(*Int)) {
      // An if around it, or a guard before it that leaves the block
      // (`if (p - buf > cap) return 1;`, `if (9 * nent > INT_MAX) goto
      // done;` before `(int)(9 * nent)`).
      std::optional<Interval> Guarded = enclosingGuardBound(B, C);
      if (!Guarded)
        Guarded = guardedAccessBound(B, C);
      if (Guarded)
        R = R->meet(*Guarded);
      // `if (off + n > total) n = total - off;`: below n.
      if (std::optional<Interval> Piece = guardedDifference(B, C))
        R = R->meet(*Piece);
    } else if (R && R->Lo < 0 && B->getOpcode() == BO_Sub &&
               B->getType()->isSignedIntegerType()) {
      // What is left of a total, `total - i` under `i < total`: positive.
      if (std::optional<Interval> Left = guardedDifference(B, C))
        R = R->meet(*Left);
    }
    return R;
  }

  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    Constraints WhenTrue = C, WhenFalse = C;
    addConstraints(CO->getCond(), true, WhenTrue);
    addConstraints(CO->getCond(), false, WhenFalse);
    std::optional<Interval> A = eval(CO->getTrueExpr(), WhenTrue, S);
    std::optional<Interval> B = eval(CO->getFalseExpr(), WhenFalse, S);
    if (A)
      if (std::optional<Interval> Bound =
              comparedBound(CO->getCond(), true, CO->getTrueExpr(), C))
        A = A->meet(*Bound);
    if (B)
      if (std::optional<Interval> Bound =
              comparedBound(CO->getCond(), false, CO->getFalseExpr(), C))
        B = B->meet(*Bound);
    if (A && B)
      return A->join(*B);
    return Interval::ofType(T, Ctx);
  }

  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    std::optional<Interval> R = evalCall(Call, C, S);
    // Only a value that does not fit is worth the walk to its guards.
    std::optional<Interval> Int = Interval::ofType(Ctx.IntTy, Ctx);
    if (R && Int && !R->within(*Int))
      if (std::optional<Interval> Guarded = guardedCallBound(Call, C))
        R = R->meet(*Guarded);
    return R;
  }

  if (isa<MemberExpr, ArraySubscriptExpr>(E) && T->isIntegerType()) {
    std::optional<Interval> R = evalAccess(E, C, S);
    // Only a value that does not fit is worth the walk to its guards.
    std::optional<Interval> Int = Interval::ofType(Ctx.IntTy, Ctx);
    if (R && Int && !R->within(*Int))
      if (std::optional<Interval> Guarded = guardedAccessBound(E, C))
        R = R->meet(*Guarded);
    return R;
  }
  return evalAccess(E, C, S);
}

std::optional<std::pair<long double, long double>>
RangeAnalysis::evalReal(const Expr *E, const Constraints &C, State &S) {
  using Reals = std::pair<long double, long double>;
  E = E->IgnoreParens();
  if (const auto *Literal = dyn_cast<FloatingLiteral>(E)) {
    long double V = Literal->getValueAsApproximateDouble();
    return Reals{V, V};
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    if (Cast->getCastKind() == CK_FloatingCast ||
        Cast->getCastKind() == CK_NoOp ||
        Cast->getCastKind() == CK_LValueToRValue)
      return evalReal(Cast->getSubExpr(), C, S);
    if (Cast->getCastKind() != CK_IntegralToFloating)
      return std::nullopt;
    std::optional<Interval> I = eval(Cast->getSubExpr(), C, S);
    if (!I)
      return std::nullopt;
    return Reals{static_cast<long double>(I->Lo),
                 static_cast<long double>(I->Hi)};
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    auto L = evalReal(B->getLHS(), C, S);
    auto R = L ? evalReal(B->getRHS(), C, S) : std::nullopt;
    if (!R)
      return std::nullopt;
    auto hull = [](std::initializer_list<long double> Vs) {
      return Reals{std::min(Vs), std::max(Vs)};
    };
    switch (B->getOpcode()) {
    case BO_Add:
      return Reals{L->first + R->first, L->second + R->second};
    case BO_Sub:
      return Reals{L->first - R->second, L->second - R->first};
    case BO_Mul:
      return hull({L->first * R->first, L->first * R->second,
                   L->second * R->first, L->second * R->second});
    case BO_Div:
      if (R->first <= 0 && R->second >= 0)
        return std::nullopt;
      return hull({L->first / R->first, L->first / R->second,
                   L->second / R->first, L->second / R->second});
    default:
      return std::nullopt;
    }
  }
  if (const auto *Choice = dyn_cast<ConditionalOperator>(E)) {
    auto A = evalReal(Choice->getTrueExpr(), C, S);
    auto B = A ? evalReal(Choice->getFalseExpr(), C, S) : std::nullopt;
    if (!B)
      return std::nullopt;
    return Reals{std::min(A->first, B->first), std::max(A->second, B->second)};
  }
  // The rounding functions of <math.h> and <cmath>: monotone, so the ends
  // go to the ends.
  if (const auto *Call = dyn_cast<CallExpr>(E))
    if (const FunctionDecl *F = Call->getDirectCallee();
        F && Call->getNumArgs() == 1 && F->getIdentifier()) {
      long double (*Round)(long double) =
          llvm::StringSwitch<long double (*)(long double)>(F->getName())
              .Cases("ceil", "ceilf", "ceill",
                     [](long double V) { return std::ceil(V); })
              .Cases("floor", "floorf", "floorl",
                     [](long double V) { return std::floor(V); })
              .Cases("trunc", "truncf", "truncl",
                     [](long double V) { return std::trunc(V); })
              .Cases("round", "roundf", "roundl",
                     [](long double V) { return std::round(V); })
              .Default(nullptr);
      if (!Round)
        return std::nullopt;
      auto A = evalReal(Call->getArg(0), C, S);
      if (!A)
        return std::nullopt;
      return Reals{Round(A->first), Round(A->second)};
    }
  return std::nullopt;
}

std::optional<Interval> RangeAnalysis::evalAccess(const Expr *E,
                                                  const Constraints &C,
                                                  State &S) {
  QualType T = E->getType();
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    if (const VarDecl *Array = referencedVariable(ASE->getBase()))
      if (std::optional<Interval> R = rangeOfElements(Array))
        return R;
  // `c->sizes[0] = n;` just before: what was stored.
  if (std::optional<Interval> Stored = accessStoredBefore(E))
    return Stored;

  // sizeof a variable-length array: its length times its element's size.
  if (const auto *Size = dyn_cast<UnaryExprOrTypeTraitExpr>(E))
    if (Size->getKind() == UETT_SizeOf)
      if (const auto *VLA = Ctx.getAsVariableArrayType(Size->getTypeOfArgument()))
        if (!VLA->getElementType()->isVariablyModifiedType())
          if (std::optional<Interval> Length = eval(VLA->getSizeExpr(), C, S)) {
            WideInt Element =
                Ctx.getTypeSizeInChars(VLA->getElementType()).getQuantity();
            return clampTo(T, {Length->Lo * Element, Length->Hi * Element}, E,
                           false, S);
          }

  // A bit-field holds no more than its width.
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl()))
      if (Field->isBitField() && !Field->getBitWidth()->isValueDependent()) {
        unsigned Width = Field->getBitWidthValue(Ctx);
        if (Width == 0 || Width >= 64)
          return Interval::ofType(T, Ctx);
        if (T->isUnsignedIntegerType())
          return Interval{0, (WideInt(1) << Width) - 1};
        WideInt Half = WideInt(1) << (Width - 1);
        return Interval{-Half, Half - 1};
      }

  // In a whole program a member holds what the program's writes put in it
  // (UnitKnowledge::memberRange).
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl()))
      if (Unit && !Field->isBitField())
        if (std::optional<Interval> Held = Unit->memberRange(Field))
          if (std::optional<Interval> Full = Interval::ofType(T, Ctx))
            return Held->within(*Full) ? *Held : *Full;

  // sizeof, alignof, constexpr members and whatever else the constant
  // evaluator can fold.
  Expr::EvalResult Value;
  if (T->isIntegerType() && E->EvaluateAsInt(Value, Ctx))
    return Interval::exact(T->isUnsignedIntegerType()
                               ? WideInt(Value.Val.getInt().getZExtValue())
                               : WideInt(Value.Val.getInt().getSExtValue()));
  return Interval::ofType(T, Ctx);
}

/// The values of type range \p Full that can stand left of `Op Bound`
/// (x < [lo, hi] leaves x at most hi - 1); none for != but of an end.
static std::optional<Interval> valuesWhere(BinaryOperatorKind Op,
                                           Interval Bound, Interval Full) {
  switch (Op) {
  case BO_LT: Full.Hi = Bound.Hi - 1; return Full;
  case BO_LE: Full.Hi = Bound.Hi; return Full;
  case BO_GT: Full.Lo = Bound.Lo + 1; return Full;
  case BO_GE: Full.Lo = Bound.Lo; return Full;
  case BO_EQ: return Bound;
  // Only an end of the range can be cut off: `n != 0` for a size.
  case BO_NE:
    if (Bound.isExact() && Bound.Lo == Full.Lo)
      return Interval{Full.Lo + 1, Full.Hi};
    if (Bound.isExact() && Bound.Lo == Full.Hi)
      return Interval{Full.Lo, Full.Hi - 1};
    return std::nullopt;
  default: return std::nullopt;
  }
}

/// Whether \p A and \p B spell the same computation.
bool sameExpression(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  llvm::FoldingSetNodeID IdA, IdB;
  A->IgnoreParenImpCasts()->Profile(IdA, Ctx, /*Canonical=*/true);
  B->IgnoreParenImpCasts()->Profile(IdB, Ctx, /*Canonical=*/true);
  return IdA == IdB;
}

std::optional<Interval> RangeAnalysis::valuesAllowedBy(
    const BinaryOperator *B, bool Truth,
    llvm::function_ref<bool(const Expr *)> IsSubject, QualType SubjectType,
    const Constraints &C) {
  BinaryOperatorKind Op = Truth ? B->getOpcode()
                                : BinaryOperator::negateComparisonOp(B->getOpcode());
  const Expr *Other = B->getRHS();
  if (!IsSubject(B->getLHS())) {
    if (!IsSubject(B->getRHS()))
      return std::nullopt;
    Other = B->getLHS();
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  State Ignored;
  std::optional<Interval> Bound = eval(Other, C, Ignored);
  std::optional<Interval> Full = Interval::ofType(SubjectType, Ctx);
  if (!Bound || !Full)
    return std::nullopt;
  return valuesWhere(Op, *Bound, *Full);
}

std::optional<Interval> RangeAnalysis::comparedBound(const Expr *Cond,
                                                     bool Truth, const Expr *E,
                                                     const Constraints &C) {
  const auto *B = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!B || !B->isComparisonOp() || changesState(E))
    return std::nullopt;
  return valuesAllowedBy(
      B, Truth, [&](const Expr *Side) { return sameExpression(Side, E, Ctx); },
      E->getType(), C);
}

/// Whether every variable \p E reads is a local or a parameter the facts
/// follow (not handed out) for which \p Holds is true.
static bool everyVariableRead(const Expr *E, const FunctionFacts &Facts,
                              llvm::function_ref<bool(const VarDecl *)> Holds) {
  llvm::SmallVector<const Expr *, 8> Work{E};
  while (!Work.empty()) {
    const Expr *X = Work.pop_back_val()->IgnoreParenImpCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(X)) {
      // A function's name reads nothing; whether calling it changes what E
      // reads is the callers' question (HasSideEffects, changesState).
      if (isa<FunctionDecl>(Ref->getDecl()))
        continue;
      const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
      if (!V || Facts.escapes(V) || !V->hasLocalStorage() || !Holds(V))
        return false;
      continue;
    }
    for (const Stmt *Child : X->children())
      if (const auto *Sub = dyn_cast_or_null<Expr>(Child))
        Work.push_back(Sub);
  }
  return true;
}

/// Whether a variable \p E reads may change between entering \p Branch and
/// evaluating E: a write inside the branch (after E too, as a loop in the
/// branch may run it first), or one the analysis cannot see.
static bool changesInBranch(const Expr *E, const Stmt *Branch,
                            const FunctionFacts &Facts) {
  return !everyVariableRead(E, Facts, [&](const VarDecl *V) {
    return llvm::none_of(Facts.writesOf(V), [&](const FunctionFacts::Write &W) {
      return Facts.isWithin(W.Site, Branch);
    });
  });
}

std::optional<Interval> RangeAnalysis::enclosingGuardBound(const Expr *E,
                                                           const Constraints &C) {
  if (!Facts || E->HasSideEffects(Ctx))
    return std::nullopt;
  const Stmt *Child = E;
  for (const Stmt *P = Facts->parentOf(E); P; Child = P, P = Facts->parentOf(P)) {
    if (isa<LambdaExpr, BlockExpr>(P))
      return std::nullopt;
    const auto *If = dyn_cast<IfStmt>(P);
    if (!If || Child == If->getCond() || If->hasInitStorage() ||
        If->hasVarStorage())
      continue;
    bool Truth = Child == If->getThen();
    if (changesInBranch(E, Child, *Facts))
      return std::nullopt;
    if (std::optional<Interval> Bound = comparedBound(If->getCond(), Truth, E, C))
      return Bound;
  }
  return std::nullopt;
}

/// The variable \p E reads whole, through conversions that keep its value
/// (`(uint64_t)n` of a size_t n); null for anything else.
static const VarDecl *valueOfVariable(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  while (const auto *Cast = dyn_cast<ExplicitCastExpr>(E)) {
    std::optional<Interval> To = Interval::ofType(Cast->getType(), Ctx);
    std::optional<Interval> From =
        Interval::ofType(Cast->getSubExpr()->getType(), Ctx);
    if (!To || !From || !From->within(*To))
      return nullptr;
    E = Cast->getSubExpr()->IgnoreParenImpCasts();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

/// Where the values a guard read must still be there when a guarded
/// difference is computed: a branch or a loop body (Whole), or the
/// statements From..To of a block, from the one after an early exit or a
/// declaration to the one that holds the difference.
struct RangeAnalysis::GuardedRegion {
  const Stmt *Whole = nullptr;
  const CompoundStmt *Block = nullptr;
  unsigned From = 0, To = 0;

  llvm::SmallVector<const Stmt *, 4> statements() const {
    if (Whole)
      return {Whole};
    llvm::SmallVector<const Stmt *, 4> Out;
    for (unsigned I = From; I <= To && I < Block->size(); ++I)
      Out.push_back(Block->body_begin()[I]);
    return Out;
  }
  bool holds(const Stmt *S, const FunctionFacts &Facts) const {
    return llvm::any_of(statements(), [&](const Stmt *Top) {
      return Facts.isWithin(S, Top);
    });
  }
};

bool RangeAnalysis::runsAfter(const Stmt *W, const BinaryOperator *D,
                              const GuardedRegion &R) const {
  // After D in the text, it runs after D unless a loop of the region holds
  // both, or a jump takes control back.
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Facts->labels().empty() ||
      !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(D->getEndLoc()),
                                    SM.getExpansionLoc(W->getBeginLoc())))
    return false;
  for (const Stmt *P = Facts->parentOf(D); P && R.holds(P, *Facts);
       P = Facts->parentOf(P))
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(P) &&
        Facts->isWithin(W, P))
      return false;
  return true;
}

bool RangeAnalysis::keepsValue(const VarDecl *V, const GuardedRegion &R,
                               const BinaryOperator *D) const {
  if (!V->hasLocalStorage() || V->getType()->isReferenceType())
    return false;
  // Handed out before (`inquire(g, &n)`), it can change only through a
  // call or a store through memory between the guard and D.
  if (Facts->escapes(V) && !unseenWritesMissD(R, D))
    return false;
  return llvm::all_of(Facts->writesOf(V), [&](const FunctionFacts::Write &W) {
    // The store of D's own result comes after D is computed.
    return !W.Site || Facts->isWithin(D, W.Site) || !R.holds(W.Site, *Facts) ||
           runsAfter(W.Site, D, R);
  });
}

bool RangeAnalysis::unseenWritesMissD(const GuardedRegion &R,
                                      const BinaryOperator *D) const {
  llvm::SmallVector<const Stmt *, 8> Work(R.statements());
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S || isa<LambdaExpr, BlockExpr>(S))
      continue;
    bool Writes = isa<CallExpr>(S);
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
      Writes = !isa<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts());
    if (const auto *U = dyn_cast<UnaryOperator>(S);
        U && U->isIncrementDecrementOp())
      Writes = !isa<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts());
    // Everything walked is in the region.
    if (Writes && !Facts->isWithin(D, S) && !runsAfter(S, D, R))
      return false;
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return true;
}

bool RangeAnalysis::keepsValues(const Expr *E, const GuardedRegion &R,
                                const BinaryOperator *D) const {
  llvm::SmallVector<const Stmt *, 8> Work{E};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (isa<CallExpr, MemberExpr, ArraySubscriptExpr>(S))
      return false;
    if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_Deref)
      return false;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
        if (!keepsValue(V, R, D))
          return false;
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back(Child);
  }
  return true;
}

/// The region from the statement after \p Decl's declaration to the one
/// that holds \p D, when both are statements of one block.
std::optional<RangeAnalysis::GuardedRegion>
RangeAnalysis::regionFromDeclaration(const VarDecl *Decl,
                                     const BinaryOperator *D) const {
  const DeclStmt *Declaration = Facts->declarationOf(Decl);
  const auto *Block = Declaration ? dyn_cast_or_null<CompoundStmt>(
                                        Facts->parentOf(Declaration))
                                  : nullptr;
  std::optional<unsigned> From =
      Block ? Facts->indexInCompound(Declaration) : std::nullopt;
  if (!From)
    return std::nullopt;
  for (const Stmt *Child = D, *P = Facts->parentOf(D); P;
       Child = P, P = Facts->parentOf(P))
    if (P == Block) {
      std::optional<unsigned> To = Facts->indexInCompound(Child);
      if (!To || *To <= *From)
        return std::nullopt;
      return GuardedRegion{nullptr, Block, *From + 1, *To};
    }
  return std::nullopt;
}

void RangeAnalysis::boundDifference(const Expr *Cond, bool Truth,
                                    const GuardedRegion &R,
                                    const BinaryOperator *D, const VarDecl *X,
                                    const VarDecl *Y, const Constraints &C,
                                    DifferenceBounds &Out) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *Not = dyn_cast<UnaryOperator>(Cond);
      Not && Not->getOpcode() == UO_LNot)
    return boundDifference(Not->getSubExpr(), !Truth, R, D, X, Y, C, Out);
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  if (!B)
    return;
  if ((Truth && B->getOpcode() == BO_LAnd) ||
      (!Truth && B->getOpcode() == BO_LOr)) {
    boundDifference(B->getLHS(), Truth, R, D, X, Y, C, Out);
    boundDifference(B->getRHS(), Truth, R, D, X, Y, C, Out);
    return;
  }
  if (!B->isRelationalOp())
    return;
  // As `Big > Small` or `Big >= Small`.
  BinaryOperatorKind Op =
      Truth ? B->getOpcode() : BinaryOperator::negateComparisonOp(B->getOpcode());
  const Expr *Big = B->getLHS(), *Small = B->getRHS();
  if (Op == BO_LT || Op == BO_LE) {
    std::swap(Big, Small);
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  WideInt Strict = Op == BO_GT ? 1 : 0;
  if (valueOfVariable(Small, Ctx) == Y && valueOfVariable(Big, Ctx) == X) {
    if (keepsValue(X, R, D) && keepsValue(Y, R, D))
      Out.Lo = std::max(Out.Lo.value_or(Strict), Strict);
    return;
  }
  if (valueOfVariable(Small, Ctx) != X || !keepsValue(X, R, D))
    return;
  // Big is Y + N, or a local that holds it from its declaration on.
  GuardedRegion SumRegion = R;
  const Expr *Sum = Big->IgnoreParenImpCasts();
  if (const VarDecl *Held = valueOfVariable(Sum, Ctx);
      Held && Held != Y && Held->getInit() && !Facts->escapes(Held) &&
      Facts->writesOf(Held).size() == 1) {
    std::optional<GuardedRegion> Since = regionFromDeclaration(Held, D);
    if (!Since)
      return;
    SumRegion = *Since;
    Sum = Held->getInit()->IgnoreParenImpCasts();
  }
  const auto *Add = dyn_cast<BinaryOperator>(Sum);
  if (!Add || Add->getOpcode() != BO_Add)
    return;
  const Expr *N = valueOfVariable(Add->getLHS(), Ctx) == Y   ? Add->getRHS()
                  : valueOfVariable(Add->getRHS(), Ctx) == Y ? Add->getLHS()
                                                             : nullptr;
  if (!N || !keepsValue(Y, SumRegion, D) || !keepsValues(N, SumRegion, D))
    return;
  State Ignored;
  if (std::optional<Interval> Addend = eval(N, C, Ignored))
    Out.Hi = std::min(Out.Hi.value_or(Addend->Hi - Strict), Addend->Hi - Strict);
}

std::optional<Interval>
RangeAnalysis::guardedDifference(const BinaryOperator *D, const Constraints &C) {
  std::optional<Interval> Full = Interval::ofType(D->getType(), Ctx);
  const VarDecl *X = valueOfVariable(D->getLHS(), Ctx);
  const VarDecl *Y = valueOfVariable(D->getRHS(), Ctx);
  if (!Facts || !Full || D->getOpcode() != BO_Sub || !X || !Y || X == Y)
    return std::nullopt;
  DifferenceBounds Bounds;
  auto Bound = [&](const Expr *Cond, bool Truth, const GuardedRegion &R) {
    boundDifference(Cond, Truth, R, D, X, Y, C, Bounds);
  };
  const Stmt *Child = D;
  for (const Stmt *P = Facts->parentOf(D); P; Child = P, P = Facts->parentOf(P)) {
    if (isa<LambdaExpr, BlockExpr>(P))
      break;
    if (const auto *If = dyn_cast<IfStmt>(P)) {
      if (Child != If->getCond() && !If->hasInitStorage() && !If->hasVarStorage())
        Bound(If->getCond(), Child == If->getThen(), GuardedRegion{Child});
    } else if (const auto *CO = dyn_cast<ConditionalOperator>(P)) {
      if (Child != CO->getCond())
        Bound(CO->getCond(), Child == CO->getTrueExpr(), GuardedRegion{Child});
    } else if (const auto *While = dyn_cast<WhileStmt>(P)) {
      if (Child == While->getBody() && !While->hasVarStorage())
        Bound(While->getCond(), true, GuardedRegion{Child});
    } else if (const auto *For = dyn_cast<ForStmt>(P)) {
      // The increment runs after the body, before the condition again.
      if (Child == For->getBody() && For->getCond() &&
          !For->getConditionVariable())
        Bound(For->getCond(), true, GuardedRegion{Child});
    } else if (const auto *Block = dyn_cast<CompoundStmt>(P)) {
      std::optional<unsigned> Index = Facts->indexInCompound(Child);
      if (!Index)
        continue;
      for (const FunctionFacts::Guard &G : Facts->guardsIn(Block))
        if (G.Index < *Index)
          Bound(G.Cond, G.HoldsAfter,
                GuardedRegion{nullptr, Block, G.Index + 1, *Index});
    }
  }
  // Without X >= Y an unsigned difference wraps past any bound from above.
  if ((!Bounds.Hi && !Bounds.Lo) || (!Bounds.Lo && Full->Lo >= 0))
    return std::nullopt;
  WideInt Lo = Bounds.Lo.value_or(Full->Lo);
  return Interval{Lo, std::max(Lo, Bounds.Hi.value_or(Full->Hi))};
}

bool RangeAnalysis::mayChangeAccess(const Stmt *S, const Expr *Keep) {
  if (!S || isa<LambdaExpr, BlockExpr>(S) || S == Keep)
    return false;
  const FunctionFacts &Facts = *this->Facts;
  auto InChildren = [&](const Stmt *Of) {
    return llvm::any_of(Of->children(), [&](const Stmt *Child) {
      return mayChangeAccess(Child, Keep);
    });
  };
  if (Facts.isWithin(Keep, S))
    return InChildren(S);
  auto StoresToMemory = [&](const Expr *Target) {
    const auto *Ref = dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts());
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!V || !V->hasLocalStorage() || V->getType()->isArrayType() ||
        V->getType()->isRecordType())
      return true;
    // A local scalar: harmless unless Keep reads it.
    return !everyVariableRead(Keep, Facts, [&](const VarDecl *Read) {
      return Read != V;
    });
  };
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
    if (StoresToMemory(B->getLHS()))
      return true;
  if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementDecrementOp())
    if (StoresToMemory(U->getSubExpr()))
      return true;
  if (const auto *Call = dyn_cast<CallExpr>(S); Call && changesState(Call))
    return true;
  if (isa<CXXConstructExpr, CXXNewExpr, CXXDeleteExpr>(S))
    return true;
  return InChildren(S);
}

bool RangeAnalysis::changesState(const Expr *E) {
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!F || !Unit || !Unit->onlyReads(F))
    return E->HasSideEffects(Ctx);
  // The object of a method call is an argument too (`next().size()`).
  if (const auto *Method = dyn_cast<CXXMemberCallExpr>(Call))
    if (Method->getImplicitObjectArgument()->HasSideEffects(Ctx))
      return true;
  return llvm::any_of(Call->arguments(),
                      [&](const Expr *Arg) { return Arg->HasSideEffects(Ctx); });
}

std::optional<Interval> RangeAnalysis::guardedCallBound(const CallExpr *Call,
                                                        const Constraints &C) {
  const FunctionDecl *F = Call->getDirectCallee();
  if (!F || !Unit || !Unit->onlyReads(F))
    return std::nullopt;
  return guardedAccessBound(Call, C);
}

std::optional<Interval> RangeAnalysis::guardedAccessBound(const Expr *E,
                                                          const Constraints &C) {
  if (!Facts || changesState(E) ||
      !everyVariableRead(E, *Facts, [](const VarDecl *) { return true; }))
    return std::nullopt;
  auto Changes = [&](const Stmt *St) {
    return changesInBranch(E, St, *Facts) || mayChangeAccess(St, E);
  };
  // What runs of statement \p S, which holds E, before E: only the
  // condition (and its C++17 init) of an `if` whose condition holds E, as
  // `if (MPI_SUCCESS != MPI_Bcast(b, (int)n, ...)) HGOTO_ERROR(...)`
  // reports after the call; all of any other statement.
  auto RunBefore = [&](const Stmt *S, llvm::SmallVectorImpl<const Stmt *> &Run) {
    const auto *If = dyn_cast<IfStmt>(S);
    if (!If || !Facts->isWithin(E, If->getCond())) {
      Run.push_back(S);
      return;
    }
    for (const Stmt *Part :
         {If->getInit(), static_cast<const Stmt *>(If->getConditionVariableDeclStmt()),
          static_cast<const Stmt *>(If->getCond())})
      if (Part)
        Run.push_back(Part);
  };
  // Whether what runs of \p Region before E keeps it: a block's statements
  // before the one holding E, and what runs of that one.
  auto Keeps = [&](const Stmt *Region, const Stmt *Holding) {
    llvm::SmallVector<const Stmt *, 8> Run;
    const auto *Block = dyn_cast<CompoundStmt>(Region);
    std::optional<unsigned> At =
        Block ? Facts->indexInCompound(Holding) : std::nullopt;
    if (At) {
      Run.append(Block->body_begin(), Block->body_begin() + *At);
      RunBefore(Holding, Run);
    } else {
      RunBefore(Region, Run);
    }
    return llvm::none_of(Run, Changes);
  };
  const Stmt *Child = E, *Holding = E;
  for (const Stmt *Up = Facts->parentOf(E); Up;
       Holding = Child, Child = Up, Up = Facts->parentOf(Up)) {
    if (isa<LambdaExpr, BlockExpr>(Up))
      return std::nullopt;
    if (const auto *If = dyn_cast<IfStmt>(Up)) {
      if (Child == If->getCond() || If->hasInitStorage() || If->hasVarStorage())
        continue;
      if (!Keeps(Child, Holding))
        return std::nullopt;
      if (auto Bound = conditionBound(If->getCond(), Child == If->getThen(), E, C))
        return Bound;
      continue;
    }
    const auto *Compound = dyn_cast<CompoundStmt>(Up);
    std::optional<unsigned> Index =
        Compound ? Facts->indexInCompound(Child) : std::nullopt;
    if (!Index)
      continue;
    // The nearest guard first; what runs from it to E must keep E. A loop
    // around the block runs the guard again before E.
    llvm::ArrayRef<FunctionFacts::Guard> Guards = Facts->guardsIn(Compound);
    for (const FunctionFacts::Guard &G : llvm::reverse(Guards)) {
      if (G.Index >= *Index)
        continue;
      llvm::SmallVector<const Stmt *, 8> After(
          Compound->body_begin() + G.Index + 1, Compound->body_begin() + *Index);
      RunBefore(Child, After);
      if (llvm::any_of(After, Changes))
        return std::nullopt;
      if (auto Bound = conditionBound(G.Cond, G.HoldsAfter, E, C))
        return Bound;
    }
  }
  return std::nullopt;
}

/// Whether \p Branch stores into \p Target as one of its own statements.
static bool overwrites(const Stmt *Branch, const Expr *Target,
                       const ASTContext &Ctx) {
  auto IsStore = [&](const Stmt *S) {
    const auto *Assign = dyn_cast_or_null<BinaryOperator>(S);
    return Assign && Assign->getOpcode() == BO_Assign &&
           sameExpression(Assign->getLHS(), Target, Ctx);
  };
  if (const auto *Block = dyn_cast_or_null<CompoundStmt>(Branch))
    return llvm::any_of(Block->body(), IsStore);
  return IsStore(Branch);
}

std::optional<Interval>
RangeAnalysis::boundWhereKept(const BinaryOperator *Store, const Expr *E,
                              const Constraints &C) {
  if (!Facts || Store->getOpcode() != BO_Assign ||
      isa<DeclRefExpr>(Store->getLHS()->IgnoreParenImpCasts()))
    return std::nullopt;
  const auto *Block = dyn_cast_or_null<CompoundStmt>(Facts->parentOf(Store));
  std::optional<unsigned> At = Block ? Facts->indexInCompound(Store) : std::nullopt;
  if (!At)
    return std::nullopt;
  const Expr *Element = Store->getLHS();
  // What names the element: the array and the index, or the vector and the
  // index its operator[] is called with.
  llvm::SmallVector<const Expr *, 2> Naming{Element};
  if (const auto *Subscript =
          dyn_cast<CXXOperatorCallExpr>(Element->IgnoreParenImpCasts());
      Subscript && Subscript->getOperator() == OO_Subscript &&
      Subscript->getNumArgs() == 2)
    Naming.assign({Subscript->getArg(0), Subscript->getArg(1)});
  auto Renames = [&](const Stmt *S) {
    return llvm::any_of(Naming, [&](const Expr *Part) {
      return changesInBranch(Part, S, *Facts);
    });
  };
  // A value read from memory (`(int)sizes[i]`) may also change through a
  // store or a call; a local's only through its writes.
  bool ReadsMemory = !isa<DeclRefExpr>(E->IgnoreParenImpCasts());
  auto Changes = [&](const Stmt *S) {
    return changesInBranch(E, S, *Facts) || Renames(S) ||
           (ReadsMemory && mayChangeAccess(S, E));
  };
  for (const Stmt *Later : llvm::drop_begin(Block->body(), *At + 1)) {
    const auto *If = dyn_cast<IfStmt>(Later);
    if (If && !If->hasInitStorage() && !If->hasVarStorage() &&
        !Changes(If->getCond())) {
      // The branch that overwrites the element must still name the one
      // stored; where it is kept, the condition bounds E as it was stored.
      bool ThenOverwrites = overwrites(If->getThen(), Element, Ctx);
      const Stmt *Overwriting = ThenOverwrites ? If->getThen() : If->getElse();
      if ((ThenOverwrites ||
           (Overwriting && overwrites(Overwriting, Element, Ctx))) &&
          !Renames(Overwriting))
        if (std::optional<Interval> Bound =
                conditionBound(If->getCond(), !ThenOverwrites, E, C))
          return Bound;
    }
    if (Changes(Later))
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<Interval> RangeAnalysis::conditionBound(const Expr *Cond,
                                                      bool Truth, const Expr *E,
                                                      const Constraints &C) {
  // `a > MAX || n[k] > MAX` false, or `a <= MAX && n[k] <= MAX` true: each
  // part holds, and any of them may bound E.
  const auto *B = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (B && ((B->getOpcode() == BO_LOr && !Truth) ||
            (B->getOpcode() == BO_LAnd && Truth))) {
    std::optional<Interval> L = conditionBound(B->getLHS(), Truth, E, C);
    std::optional<Interval> R = conditionBound(B->getRHS(), Truth, E, C);
    return L && R ? L->meet(*R) : L ? L : R;
  }
  return comparedBound(Cond, Truth, E, C);
}

/// The same product as \p P, computed in a type at least as wide with its
/// operands only widened (`(long long)n * m` for `n * m`).
static bool isWidenedProduct(const Expr *Q, const BinaryOperator *P,
                             const ASTContext &Ctx) {
  const auto *W = dyn_cast<BinaryOperator>(Q->IgnoreParens());
  std::optional<unsigned> WideBits = W ? integerWidth(W->getType(), Ctx)
                                       : std::nullopt;
  std::optional<unsigned> Bits = integerWidth(P->getType(), Ctx);
  if (!W || W->getOpcode() != BO_Mul || !WideBits || !Bits || *WideBits <= *Bits)
    return false;
  auto operand = [&](const Expr *E) {
    E = E->IgnoreParens();
    while (const auto *Cast = dyn_cast<CastExpr>(E)) {
      if (Cast->getCastKind() != CK_IntegralCast &&
          Cast->getCastKind() != CK_LValueToRValue &&
          Cast->getCastKind() != CK_NoOp)
        break;
      E = Cast->getSubExpr()->IgnoreParens();
    }
    return E;
  };
  const Expr *A = operand(W->getLHS()), *B = operand(W->getRHS());
  const Expr *X = operand(P->getLHS()), *Y = operand(P->getRHS());
  return (sameExpression(A, X, Ctx) && sameExpression(B, Y, Ctx)) ||
         (sameExpression(A, Y, Ctx) && sameExpression(B, X, Ctx));
}

std::optional<Interval>
RangeAnalysis::wideProductBound(const Expr *Cond, bool Truth,
                                const BinaryOperator *P, const Constraints &C) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *Not = dyn_cast<UnaryOperator>(Cond);
      Not && Not->getOpcode() == UO_LNot)
    return wideProductBound(Not->getSubExpr(), !Truth, P, C);
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  if (!B)
    return std::nullopt;
  // `a && b` true, or `a || b` false: both parts hold.
  if ((Truth && B->getOpcode() == BO_LAnd) || (!Truth && B->getOpcode() == BO_LOr)) {
    std::optional<Interval> L = wideProductBound(B->getLHS(), Truth, P, C);
    return L ? L : wideProductBound(B->getRHS(), Truth, P, C);
  }
  if (!B->isComparisonOp())
    return std::nullopt;
  // The operands of a comparison have one type, the wide product's.
  std::optional<Interval> Allowed = valuesAllowedBy(
      B, Truth,
      [&](const Expr *Side) { return isWidenedProduct(Side, P, Ctx); },
      B->getLHS()->getType(), C);
  std::optional<Interval> Full = Interval::ofType(P->getType(), Ctx);
  // Only a bound from above is what such a guard is for: the product is
  // then the int it fits in (a negative one is a negative count, judged as
  // such).
  if (!Allowed || !Full || Allowed->Hi > Full->Hi)
    return std::nullopt;
  return Interval{std::max(Allowed->Lo, Full->Lo), Allowed->Hi};
}

std::optional<Interval> RangeAnalysis::guardedProduct(const BinaryOperator *P,
                                                      const Constraints &C) {
  // Operands that no statement changes after their initializer hold at P
  // what they held at the guard, which reads them after it.
  if (!Facts || P->HasSideEffects(Ctx) ||
      !everyVariableRead(P, *Facts, [&](const VarDecl *V) {
        return llvm::all_of(Facts->writesOf(V), [&](const FunctionFacts::Write &W) {
          return W.Site == V->getInit();
        });
      }))
    return std::nullopt;
  const Stmt *Child = P;
  for (const Stmt *Up = Facts->parentOf(P); Up;
       Child = Up, Up = Facts->parentOf(Up)) {
    if (isa<LambdaExpr, BlockExpr>(Up))
      return std::nullopt;
    if (const auto *If = dyn_cast<IfStmt>(Up)) {
      if (Child != If->getCond())
        if (auto R = wideProductBound(If->getCond(), Child == If->getThen(), P, C))
          return R;
    } else if (const auto *Compound = dyn_cast<CompoundStmt>(Up)) {
      std::optional<unsigned> Index = Facts->indexInCompound(Child);
      if (!Index)
        continue;
      for (const FunctionFacts::Guard &G : Facts->guardsIn(Compound))
        if (G.Index < *Index)
          if (auto R = wideProductBound(G.Cond, G.HoldsAfter, P, C))
            return R;
    }
  }
  return std::nullopt;
}

/// The call \p V holds: its only store, with nothing else able to change
/// it (`const int kind = pick(n);`).
static const CallExpr *callHeldBy(const VarDecl *V, const FunctionFacts *F) {
  if (!F || !V->hasLocalStorage() || F->escapes(V) || F->writesOf(V).size() != 1)
    return nullptr;
  const FunctionFacts::Write &W = F->writesOf(V).front();
  return W.Value && W.Replaces && !W.Accumulates
             ? dyn_cast<CallExpr>(W.Value->IgnoreParenImpCasts())
             : nullptr;
}

/// The conditions that hold where \p S runs in \p Body: those of the ifs
/// around it, with the branch it is in.
static void conditionsAround(
    const Stmt *S, const Stmt *Body, const ParentMap &Parents,
    llvm::SmallVectorImpl<std::pair<const Expr *, bool>> &Out) {
  for (const Stmt *Child = S, *Up = Parents.getParent(S); Up && Child != Body;
       Child = Up, Up = Parents.getParent(Up))
    if (const auto *If = dyn_cast<IfStmt>(Up)) {
      if (If->getThen() == Child)
        Out.push_back({If->getCond(), true});
      else if (If->getElse() == Child)
        Out.push_back({If->getCond(), false});
    }
}

const RangeAnalysis::Conditions &
RangeAnalysis::conditionsOfResult(const FunctionDecl *Def,
                                  std::optional<WideInt> Code, bool Equal) {
  // Asked at every point whose constraints pass the test: once per test.
  auto [It, New] = ResultConditions.try_emplace(
      {Def, Code ? int64_t(*Code) : int64_t(0), bool(Code), Equal});
  Conditions &Holding = It->second;
  if (!New)
    return Holding;
  // Whether a result K is the one tested for.
  auto wanted = [&](const llvm::APSInt &K) {
    return Code ? (K.getExtValue() == *Code) == Equal : K != 0;
  };
  // Tested for being zero or not, a comparison returned gives itself.
  std::optional<bool> WantsTrue;
  if (!Code)
    WantsTrue = true;
  else if (*Code == 0)
    WantsTrue = !Equal;
  llvm::SmallVector<const ReturnStmt *, 4> Returns;
  collectReturns(Def->getBody(), Returns);
  // The one return that can give the result tested for.
  const ReturnStmt *Giving = nullptr;
  std::optional<bool> Compared;
  for (const ReturnStmt *R : Returns) {
    const Expr *Value = R->getRetValue();
    Expr::EvalResult K;
    if (!Value || Value->isValueDependent())
      return Holding;
    if (Value->EvaluateAsInt(K, Ctx)) {
      if (!wanted(K.Val.getInt()))
        continue;
    } else if (WantsTrue &&
               isa<BinaryOperator>(Value->IgnoreParenImpCasts()) &&
               cast<BinaryOperator>(Value->IgnoreParenImpCasts())
                   ->isComparisonOp()) {
      Compared = *WantsTrue;
    } else {
      return Holding;
    }
    if (Giving)
      return Holding;
    Giving = R;
  }
  if (!Giving)
    return Holding;
  ParentMap Parents(const_cast<Stmt *>(Def->getBody()));
  conditionsAround(Giving, Def->getBody(), Parents, Holding);
  if (Compared)
    Holding.push_back({Giving->getRetValue(), *Compared});
  return Holding;
}

void RangeAnalysis::addResultConstraints(const CallExpr *Call,
                                         std::optional<WideInt> Code,
                                         bool Equal, Constraints &C) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  if (!Callee || !Callee->hasBody(Def) || !Def->getBody() ||
      Def->getNumParams() != Call->getNumArgs())
    return;
  for (const auto &[Cond, Truth] : conditionsOfResult(Def, Code, Equal))
    addCalleeConstraints(Cond, Truth, Call, C);
}

/// The parameter of \p G that \p G rounds up to a multiple of another,
/// when its one statement is `return ((s + (a - 1)) / a) * a;` (an
/// alignment helper, AMReX's aligned_size): the result is at least s, for
/// any s a size can be (within a of SIZE_MAX, s + (a - 1) wraps).
static const ParmVarDecl *roundedUpParameter(const FunctionDecl *G) {
  const FunctionDecl *Def = nullptr;
  if (!G || !G->hasBody(Def))
    return nullptr;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  const auto *Return = Body && Body->size() == 1
                           ? dyn_cast<ReturnStmt>(Body->body_front())
                           : nullptr;
  auto binary = [](const Expr *E, BinaryOperatorKind Op) {
    const auto *B = E ? dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts())
                      : nullptr;
    return B && B->getOpcode() == Op ? B : nullptr;
  };
  const BinaryOperator *Times =
      binary(Return ? Return->getRetValue() : nullptr, BO_Mul);
  const BinaryOperator *Over = Times ? binary(Times->getLHS(), BO_Div) : nullptr;
  const BinaryOperator *Plus = Over ? binary(Over->getLHS(), BO_Add) : nullptr;
  const BinaryOperator *Less = Plus ? binary(Plus->getRHS(), BO_Sub) : nullptr;
  const auto *Size =
      Plus ? dyn_cast_or_null<ParmVarDecl>(referencedVariable(Plus->getLHS()))
           : nullptr;
  const VarDecl *Align = Over ? referencedVariable(Over->getRHS()) : nullptr;
  Expr::EvalResult One;
  if (!Size || !Align || !Size->getType()->isUnsignedIntegerType() ||
      referencedVariable(Times->getRHS()) != Align ||
      referencedVariable(Less->getLHS()) != Align ||
      !Less->getRHS()->EvaluateAsInt(One, G->getASTContext()) ||
      One.Val.getInt() != 1)
    return nullptr;
  return Size;
}

void RangeAnalysis::addCalleeConstraints(const Expr *Cond, bool Truth,
                                         const CallExpr *Call, Constraints &C) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Cond);
      U && U->getOpcode() == UO_LNot)
    return addCalleeConstraints(U->getSubExpr(), !Truth, Call, C);
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  if (!B)
    return;
  BinaryOperatorKind Op = B->getOpcode();
  if ((Op == BO_LAnd && Truth) || (Op == BO_LOr && !Truth)) {
    addCalleeConstraints(B->getLHS(), Truth, Call, C);
    addCalleeConstraints(B->getRHS(), Truth, Call, C);
    return;
  }
  if (!B->isComparisonOp())
    return;
  if (!Truth)
    Op = BinaryOperator::negateComparisonOp(Op);
  const Expr *Side = B->getLHS(), *Other = B->getRHS();
  auto compared = [&](const Expr *E) -> const ParmVarDecl * {
    if (const auto *P = dyn_cast_or_null<ParmVarDecl>(referencedVariable(E)))
      return P;
    // `aligned_size(8, nbytes) <= K`: nbytes is no more than its rounding.
    const auto *Rounding = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
    const ParmVarDecl *Rounded =
        Rounding ? roundedUpParameter(Rounding->getDirectCallee()) : nullptr;
    if (!Rounded || (Op != BO_LE && Op != BO_LT) ||
        Rounded->getFunctionScopeIndex() >= Rounding->getNumArgs())
      return nullptr;
    return dyn_cast_or_null<ParmVarDecl>(referencedVariable(
        Rounding->getArg(Rounded->getFunctionScopeIndex())));
  };
  const ParmVarDecl *P = compared(Side);
  if (!P) {
    std::swap(Side, Other);
    Op = BinaryOperator::reverseComparisonOp(Op);
    P = compared(Side);
  }
  Expr::EvalResult K;
  const auto *Callee = P ? dyn_cast<FunctionDecl>(P->getDeclContext()) : nullptr;
  if (!Callee || Other->isValueDependent() || !Other->EvaluateAsInt(K, Ctx) ||
      P->getFunctionScopeIndex() >= Call->getNumArgs())
    return;
  // The parameter as the comparison reads it, never changed in the callee.
  auto [Kept, New] = UnchangedParameters.try_emplace(P);
  if (New) {
    llvm::SmallPtrSet<const ValueDecl *, 1> Names{P};
    Kept->second = !mayChangeAny(Callee->getBody(), Names);
  }
  if (!Kept->second)
    return;
  // The caller's variable, converted to the parameter's type without a
  // change of value (the same type, or a widening of the same sign), and
  // the same wherever the result is tested: a parameter never written, or
  // a local written only where it is declared.
  const Expr *Arg = Call->getArg(P->getFunctionScopeIndex())->IgnoreParenImpCasts();
  const VarDecl *X = referencedVariable(Arg);
  QualType From = Arg->getType(), To = P->getType();
  if (!X || !Facts || !From->isIntegerType() || !To->isIntegerType() ||
      From->isSignedIntegerType() != To->isSignedIntegerType() ||
      Ctx.getIntWidth(From) > Ctx.getIntWidth(To) || Facts->escapes(X) ||
      llvm::any_of(Facts->writesOf(X), [&](const FunctionFacts::Write &W) {
        return W.Site != X->getInit();
      }))
    return;
  std::optional<Interval> Full = Interval::ofType(X->getType(), Ctx);
  const llvm::APSInt &Bound = K.Val.getInt();
  std::optional<Interval> Where =
      Full ? valuesWhere(Op,
                         Interval::exact(Bound.isSigned()
                                             ? WideInt(Bound.getExtValue())
                                             : WideInt(Bound.getZExtValue())),
                         *Full)
           : std::nullopt;
  if (!Where)
    return;
  auto It = C.find(X);
  C[X] = It == C.end() ? Where->meet(*Full) : It->second.meet(*Where);
}

bool RangeAnalysis::constrainCompared(const VarDecl *V, BinaryOperatorKind Op,
                                      const Interval &Bound,
                                      Constraints &C) const {
  std::optional<Interval> Full = Interval::ofType(V->getType(), Ctx);
  if (!Full)
    return false;
  auto It = C.find(V);
  // `!=` cuts off an end of what V holds already: a flag set to 0 or 1
  // that is not 0 is 1.
  Interval Held = It == C.end() ? *Full : It->second.meet(*Full);
  std::optional<Interval> Where =
      valuesWhere(Op, Bound, Op == BO_NE ? Held : *Full);
  if (!Where)
    return false;
  C[V] = Held.meet(*Where);
  return true;
}

void RangeAnalysis::addConstraints(const Expr *Cond, bool Truth,
                                   Constraints &C) {
  if (!Cond)
    return;
  Cond = Cond->IgnoreParenImpCasts();
  // likely(x) / unlikely(x) are __builtin_expect(!!(x), 1 or 0): the value
  // of the condition is its first argument.
  if (const auto *Call = dyn_cast<CallExpr>(Cond)) {
    unsigned Builtin = Call->getBuiltinCallee();
    if ((Builtin == Builtin::BI__builtin_expect ||
         Builtin == Builtin::BI__builtin_expect_with_probability) &&
        Call->getNumArgs() >= 1)
      addConstraints(Call->getArg(0), Truth, C);
    else
      addResultConstraints(Call, Truth ? std::nullopt : std::optional<WideInt>(0),
                           true, C);
    return;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(Cond)) {
    if (U->getOpcode() == UO_LNot)
      addConstraints(U->getSubExpr(), !Truth, C);
    return;
  }
  // `if (flag)`: flag != 0 (an end of its range cut off), or flag == 0.
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Cond))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
        V && V->getType()->isIntegerType()) {
      constrainCompared(V, Truth ? BO_NE : BO_EQ, Interval::exact(0), C);
      return;
    }
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  if (!B)
    return;
  BinaryOperatorKind Op = B->getOpcode();
  // A && B true, or A || B false, make both parts hold.
  if ((Op == BO_LAnd && Truth) || (Op == BO_LOr && !Truth)) {
    addConstraints(B->getLHS(), Truth, C);
    addConstraints(B->getRHS(), Truth, C);
    return;
  }
  if (!B->isComparisonOp())
    return;
  if (!Truth)
    Op = BinaryOperator::negateComparisonOp(Op);

  const VarDecl *V = referencedVariable(B->getLHS());
  const Expr *Other = B->getRHS();
  if (!V) {
    V = referencedVariable(B->getRHS());
    Other = B->getLHS();
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  // A helper's result compared with a code, held or called in place.
  if (Op == BO_EQ || Op == BO_NE) {
    const Expr *Tested = V ? nullptr : B->getLHS()->IgnoreParenImpCasts();
    const auto *Call = V ? callHeldBy(V, Facts) : dyn_cast<CallExpr>(Tested);
    Expr::EvalResult Code;
    const Expr *CodeExpr = V ? Other : B->getRHS();
    if (Call && !CodeExpr->isValueDependent() &&
        CodeExpr->EvaluateAsInt(Code, Ctx))
      addResultConstraints(Call, WideInt(Code.Val.getInt().getExtValue()),
                           Op == BO_EQ, C);
  }
  if (!V)
    return;
  State Ignored;
  std::optional<Interval> Bound = eval(Other, C, Ignored);
  if (!Bound || !constrainCompared(V, Op, *Bound, C))
    return;
  // Two variables bound each other: `grp >= n` with an int grp leaves n at
  // most INT_MAX. Only where the comparison sees both values as they are:
  // all three types signed, or all unsigned (`bigio >= n` of two sizes).
  const VarDecl *W = referencedVariable(Other);
  QualType Compared = B->getLHS()->getType();
  auto SameSign = [&](QualType T) {
    return T->isSignedIntegerType() == Compared->isSignedIntegerType() &&
           T->isIntegerType();
  };
  if (!W || W == V || !Compared->isIntegerType() || !SameSign(V->getType()) ||
      !SameSign(W->getType()))
    return;
  std::optional<Interval> Mine = eval(
      Other == B->getRHS() ? B->getLHS() : B->getRHS(), Constraints(), Ignored);
  std::optional<Interval> Theirs = Interval::ofType(W->getType(), Ctx);
  std::optional<Interval> Across =
      Mine && Theirs
          ? valuesWhere(BinaryOperator::reverseComparisonOp(Op), *Mine, *Theirs)
          : std::nullopt;
  if (!Across)
    return;
  auto Known = C.find(W);
  C[W] = Known == C.end() ? Across->meet(*Theirs) : Known->second.meet(*Across);
}

static bool onlyReads(const DeclRefExpr *Use, const FunctionFacts &F);
static const Stmt *parentPastParens(const Stmt *S, const FunctionFacts &F);
static bool isReadOnlyArgument(const CallExpr *Call, unsigned Index);
static bool isBoundToConstReference(const Stmt *Place, const FunctionFacts &F);
/// Whether \p Use is `&v` handed to a pointer-to-const parameter: the
/// callee only reads v.
static bool isHandedToReader(const DeclRefExpr *Use, const FunctionFacts &F);
static const Stmt *statementRunning(const CallExpr *Call,
                                    const FunctionFacts &F);
static const CallExpr *outputCallOf(const DeclRefExpr *Use,
                                    const FunctionFacts &F,
                                    const ModelInfo *&Model);

/// Whether \p Use is `&v` given as the buffer of a blocking MPI call (not
/// one-sided, no request): MPI writes v while the call runs, as a store at
/// the call would (`MPI_Bcast(&n, 1, MPI_INT, 0, comm)`).
static bool isBlockingBufferOf(const DeclRefExpr *Use, const FunctionFacts &F) {
  const auto *Address = dyn_cast_or_null<UnaryOperator>(parentPastParens(Use, F));
  if (!Address || Address->getOpcode() != UO_AddrOf)
    return false;
  const Stmt *Up = parentPastParens(Address, F);
  while (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Up))
    Up = parentPastParens(Cast, F);
  const auto *Call = dyn_cast_or_null<CallExpr>(Up);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  const FunctionInfo *Row = Callee ? lookupClassic(*Callee) : nullptr;
  if (!Row || Row->Fam == Family::RMA ||
      Call->getNumArgs() != Row->Params.size() ||
      llvm::any_of(Row->Params, [](const ParamInfo &P) {
        return P.Role == ParamRole::REQUEST_OUT;
      }))
    return false;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I)
    if (Call->getArg(I)->IgnoreParenImpCasts() == Address)
      return Row->Params[I].Role == ParamRole::BUF;
  return false;
}

bool RangeAnalysis::keepsValueFrom(const VarDecl *V, const Stmt *Product) {
  // Asked for each earlier product at every product that may overflow: kept.
  auto [Kept, New] = KeepsValue.try_emplace({V, Product}, false);
  if (New)
    Kept->second = computeKeepsValueFrom(V, Product);
  return Kept->second;
}

bool RangeAnalysis::computeKeepsValueFrom(const VarDecl *V,
                                          const Stmt *Product) {
  // Set only by stores, model outputs and blocking receives into it, all of
  // them before the product.
  for (const DeclRefExpr *Use : Facts->usesOf(V)) {
    // An OpenMP region's capture of v: what the region does with v are
    // uses of their own.
    if (onlyReads(Use, *Facts) ||
        isa_and_nonnull<CapturedStmt>(parentPastParens(Use, *Facts)))
      continue;
    const ModelInfo *M = nullptr;
    bool Stored =
        llvm::any_of(Facts->writesOf(V), [&](const FunctionFacts::Write &W) {
          return Facts->isWithin(Use, W.Site);
        });
    if ((!Stored && !outputCallOf(Use, *Facts, M) &&
         !isBlockingBufferOf(Use, *Facts)) ||
        !beginsAfter(Product, Use))
      return false;
  }
  return true;
}

const VarDecl *RangeAnalysis::exactFactor(const Expr *Factor,
                                          const BinaryOperator *Product) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Factor->IgnoreParenImpCasts());
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  std::optional<Interval> Own =
      V ? Interval::ofType(V->getType(), Ctx) : std::nullopt;
  std::optional<Interval> Type = Interval::ofType(Product->getType(), Ctx);
  // The variable's own value must be the factor: no narrowing on the way.
  if (!Own || !Type || !Own->within(*Type) || !V->hasLocalStorage() ||
      Facts->isCaptured(V) || V->getType().isVolatileQualified())
    return nullptr;
  return V;
}

static std::optional<WideInt> positiveLiteral(const Expr *E) {
  if (const auto *K = dyn_cast<IntegerLiteral>(E->IgnoreParenImpCasts()))
    if (K->getValue().isStrictlyPositive())
      return WideInt(K->getValue().getZExtValue());
  return std::nullopt;
}

void RangeAnalysis::constrain(Constraints &C, const VarDecl *V,
                              const Interval &Within) const {
  auto It = C.find(V);
  C[V] = It == C.end() ? Within.meet(*Interval::ofType(V->getType(), Ctx))
                       : It->second.meet(Within);
}

void RangeAnalysis::addExecutedProduct(const BinaryOperator *Product,
                                       Constraints &C, const Stmt *KeptFrom) {
  if (!KeptFrom)
    KeptFrom = Product;
  // Signed overflow is undefined, so a run that went past `k * v` had
  // |v| <= max / k; unless the unit asked for wrapping arithmetic.
  if (Ctx.getLangOpts().isSignedOverflowDefined())
    return;
  std::optional<Interval> Type = Interval::ofType(Product->getType(), Ctx);
  if (!Type)
    return;
  auto Bound = [&](const Expr *Var, const Expr *Factor) {
    const VarDecl *V = exactFactor(Var, Product);
    if (!V || !keepsValueFrom(V, KeptFrom))
      return;
    State Ignored;
    std::optional<Interval> K = eval(Factor, Constraints(), Ignored);
    if (!K || K->Lo < 1)
      return;
    constrain(C, V, {-(-Type->Lo / K->Lo), Type->Hi / K->Lo});
  };
  Bound(Product->getLHS(), Product->getRHS());
  Bound(Product->getRHS(), Product->getLHS());
  addExecutedPower(Product, *Type, C, KeptFrom);
}

/// The largest B with B^K <= Max (K >= 2, Max >= 1).
static WideInt integerRoot(WideInt Max, unsigned K) {
  auto PowerFits = [&](WideInt B) {
    WideInt P = 1;
    for (unsigned I = 0; I < K; ++I)
      if ((P *= B) > Max)
        return false;
    return true;
  };
  WideInt Lo = 1, Hi = 1;
  while (PowerFits(Hi * 2))
    Hi *= 2;
  Hi *= 2; // does not fit
  while (Hi - Lo > 1) {
    WideInt Mid = Lo + (Hi - Lo) / 2;
    (PowerFits(Mid) ? Lo : Hi) = Mid;
  }
  return Lo;
}

void RangeAnalysis::addExecutedPower(const BinaryOperator *Product,
                                     const Interval &Type, Constraints &C,
                                     const Stmt *KeptFrom) {
  // n * n * n (times constants of at least 1): |n|^3 fits, so |n| is at
  // most the cube root (a mesh's cell count computed in int bounds its
  // edge).
  const VarDecl *Base = nullptr;
  unsigned Power = 0;
  WideInt Constant = 1;
  llvm::SmallVector<const Expr *, 4> Work{Product};
  while (!Work.empty()) {
    const Expr *E = Work.pop_back_val()->IgnoreParens();
    const auto *B = dyn_cast<BinaryOperator>(E);
    if (B && B->getOpcode() == BO_Mul &&
        B->getType().getCanonicalType() ==
            Product->getType().getCanonicalType()) {
      Work.push_back(B->getLHS());
      Work.push_back(B->getRHS());
      continue;
    }
    if (std::optional<WideInt> K = positiveLiteral(E)) {
      Constant *= *K;
      if (Constant > Type.Hi)
        return;
      continue;
    }
    const VarDecl *V = exactFactor(E, Product);
    if (!V || (Base && V != Base))
      return;
    Base = V;
    ++Power;
  }
  if (!Base || Power < 2 || !keepsValueFrom(Base, KeptFrom))
    return;
  WideInt Root = integerRoot(Type.Hi / Constant, Power);
  constrain(C, Base, {-Root, Root});
}

/// Whether the value of \p Product is stored into a local that an MPI call
/// is handed (`int n = nx * ny; MPI_Send(b, n, ...)`): mpix-large-count's
/// fix computes it wide then, so it bounds nothing after it, as a product
/// among an MPI call's arguments does not (FunctionFacts::productsIn).
static bool feedsMPICall(const BinaryOperator *Product, const FunctionFacts &F) {
  const Stmt *Child = Product, *Up = F.parentOf(Product);
  while (isa_and_nonnull<ParenExpr, ImplicitCastExpr, CStyleCastExpr,
                         BinaryOperator, UnaryOperator>(Up)) {
    const auto *B = dyn_cast<BinaryOperator>(Up);
    if (B && B->isAssignmentOp())
      break;
    Child = Up;
    Up = F.parentOf(Up);
  }
  const VarDecl *Stored = nullptr;
  if (const auto *Assign = dyn_cast_or_null<BinaryOperator>(Up)) {
    if (F.isWithin(Product, Assign->getRHS()))
      Stored = referencedVariable(Assign->getLHS());
  } else if (const auto *Decls = dyn_cast_or_null<DeclStmt>(Up))
    for (const Decl *D : Decls->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        if (V->getInit() && F.isWithin(Product, V->getInit()))
          Stored = V;
  // A pointer moved by it (`p -= n * k` before `MPI_Send(p, ...)`) is a
  // buffer, not a count.
  if (!Stored || !Stored->getType()->isIntegerType())
    return false;
  return llvm::any_of(F.usesOf(Stored), [&](const DeclRefExpr *Use) {
    const Stmt *P = F.parentOf(Use);
    while (isa_and_nonnull<ParenExpr, ImplicitCastExpr>(P))
      P = F.parentOf(P);
    return callsMPI(dyn_cast_or_null<CallExpr>(P));
  });
}

void RangeAnalysis::forEachProductRunBefore(
    const Stmt *S, llvm::function_ref<void(const BinaryOperator *)> Visit) {
  for (const Stmt *Child = S, *Parent = Facts->parentOf(S); Parent;
       Child = Parent, Parent = Facts->parentOf(Parent)) {
    const auto *Compound = dyn_cast<CompoundStmt>(Parent);
    std::optional<unsigned> Index =
        Compound ? Facts->indexInCompound(Child) : std::nullopt;
    if (!Index)
      continue;
    for (const FunctionFacts::ExecutedProduct &P : Facts->productsIn(Compound))
      if (P.Index < *Index &&
          Facts->entersOnlyThrough(Compound, P.Index, *Index) &&
          !feedsMPICall(P.Product, *Facts))
        Visit(P.Product);
  }
}

/// Whether running \p S always goes on to the statement after it: no
/// return, goto or throw, no break or continue leaving it, no call that ends
/// the run.
static bool fallsThrough(const Stmt *S, UnitKnowledge *Unit,
                         bool InLoop = false, bool InSwitch = false) {
  if (!S || isa<LambdaExpr, BlockExpr>(S))
    return true;
  if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt, CXXThrowExpr>(S))
    return false;
  if (isa<BreakStmt>(S) && !InLoop && !InSwitch)
    return false;
  if (isa<ContinueStmt>(S) && !InLoop)
    return false;
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (Unit && Unit->callEndsRun(Call))
      return false;
  bool Loop = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
  bool Switch = isa<SwitchStmt>(S);
  for (const Stmt *Child : S->children())
    if (!fallsThrough(Child, Unit, InLoop || Loop, InSwitch || Switch))
      return false;
  return true;
}

bool RangeAnalysis::statementFallsThrough(const Stmt *S) {
  // Every store of a block walks the statements after it: each is walked
  // once, so a constructor of many stores stays linear.
  auto [It, New] = FallsThrough.try_emplace(S, true);
  if (New)
    It->second = fallsThrough(S, Unit);
  return It->second;
}

void RangeAnalysis::forEachProductRunAfter(
    const Stmt *S, llvm::function_ref<void(const BinaryOperator *)> Visit) {
  // Up through blocks and branches, as long as every statement after the
  // one holding S in its block falls through to the next: a loop or a
  // switch around S may leave before its later statements.
  for (const Stmt *Child = S, *Parent = Facts->parentOf(S); Parent;
       Child = Parent, Parent = Facts->parentOf(Parent)) {
    if (isa<IfStmt>(Parent)) {
      if (Child == cast<IfStmt>(Parent)->getCond())
        return;
      continue;
    }
    if (isa<Expr>(Parent) || isa<DeclStmt>(Parent))
      continue;
    const auto *Compound = dyn_cast<CompoundStmt>(Parent);
    std::optional<unsigned> Index =
        Compound ? Facts->indexInCompound(Child) : std::nullopt;
    if (!Index)
      return;
    llvm::ArrayRef<FunctionFacts::ExecutedProduct> Products =
        Facts->productsIn(Compound);
    unsigned Next = *Index + 1;
    for (const FunctionFacts::ExecutedProduct &P : Products) {
      if (P.Index <= *Index)
        continue;
      for (; Next < P.Index; ++Next)
        if (!statementFallsThrough(Compound->body_begin()[Next]))
          return;
      if (!feedsMPICall(P.Product, *Facts))
        Visit(P.Product);
    }
    for (; Next < Compound->size(); ++Next)
      if (!statementFallsThrough(Compound->body_begin()[Next]))
        return;
  }
}

std::optional<Interval> RangeAnalysis::storedRange(const Expr *Value,
                                                   const Stmt *Site,
                                                   bool WithFlow,
                                                   const Expr **OverflowSite) {
  if (!Facts || Value->isValueDependent() || Value->isTypeDependent())
    return std::nullopt;
  Constraints C = constraintsAt(Site);
  // A run that went on past the store computed the products after it: a
  // mesh's edge stored, then its cube computed in int, is at most the cube
  // root, for whoever reads the member later.
  if (isInFunction(Site) && !Ctx.getLangOpts().isSignedOverflowDefined())
    forEachProductRunAfter(
        Site, [&](const BinaryOperator *P) { addExecutedProduct(P, C, Site); });
  std::optional<Result> R =
      WithFlow ? evaluateAt(Value, Site, C) : evaluate(Value, C);
  if (R && OverflowSite)
    *OverflowSite = R->OverflowSite;
  return R ? std::optional<Interval>(R->Range) : std::nullopt;
}

/// Whether \p A and \p B are the same variable or the same constant.
static bool isSameOperand(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  if (isa<DeclRefExpr, IntegerLiteral>(A->IgnoreParenImpCasts()))
    return sameExpression(A, B, Ctx);
  // A constant spelled as arithmetic (`FACES` for `(2 * DIM)`) is its value.
  if (A->isValueDependent() || B->isValueDependent())
    return false;
  std::optional<llvm::APSInt> KA = A->getIntegerConstantExpr(Ctx);
  std::optional<llvm::APSInt> KB =
      KA ? B->getIntegerConstantExpr(Ctx) : std::nullopt;
  return KB && llvm::APSInt::isSameValue(*KA, *KB);
}

/// A member read through `this` or a variable (`p->entries`, `num_entries`
/// in a method): no call or store in it.
static bool isPlainMember(const Expr *E) {
  const auto *M = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  if (!M)
    return false;
  const Expr *Base = M->getBase()->IgnoreParenImpCasts();
  return isa<CXXThisExpr, DeclRefExpr>(Base) || isPlainMember(Base);
}

/// Which operands two products may share to count as the same.
enum class SharedOperands {
  Variables, ///< variables and literals: the same values where unchanged
  Members,   ///< plain members too: spelled alike
  Anything,  ///< any expressions spelled alike (`size[i]`)
};

static bool isSameOperand(const Expr *A, const Expr *B, const ASTContext &Ctx,
                          SharedOperands Kind) {
  switch (Kind) {
  case SharedOperands::Variables:
    return isSameOperand(A, B, Ctx);
  case SharedOperands::Members:
    return (isSameOperand(A, B, Ctx) || isPlainMember(A)) &&
           sameExpression(A, B, Ctx);
  case SharedOperands::Anything:
    return sameExpression(A, B, Ctx);
  }
  return false;
}

/// Whether \p P and \p B multiply the same two operands in the same type,
/// in either order: one overflows exactly when the other does. Operands
/// other than variables are not followed between the two: such products
/// are only spelled alike, which is enough for what a fix widens.
static bool isSameProduct(const BinaryOperator *P, const BinaryOperator *B,
                          const ASTContext &Ctx,
                          SharedOperands Kind = SharedOperands::Variables) {
  if (P->getOpcode() != BO_Mul || B->getOpcode() != BO_Mul ||
      P->getType().getCanonicalType() != B->getType().getCanonicalType())
    return false;
  auto Same = [&](const Expr *X, const Expr *Y) {
    return isSameOperand(X, Y, Ctx, Kind);
  };
  return (Same(P->getLHS(), B->getLHS()) && Same(P->getRHS(), B->getRHS())) ||
         (Same(P->getLHS(), B->getRHS()) && Same(P->getRHS(), B->getLHS()));
}

/// Whether \p S computes \p P again: then P is its hazard, not its bound.
static bool computesAgain(const Stmt *S, const BinaryOperator *P,
                          const ASTContext &Ctx) {
  if (!S || isa<LambdaExpr, BlockExpr>(S))
    return false;
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && isSameProduct(P, B, Ctx))
    return true;
  return llvm::any_of(S->children(), [&](const Stmt *Child) {
    return computesAgain(Child, P, Ctx);
  });
}

bool RangeAnalysis::isBoundedByProductRunBefore(const BinaryOperator *B) {
  if (!Facts || Ctx.getLangOpts().isSignedOverflowDefined() ||
      !B->getType()->isSignedIntegerType())
    return false;
  // |F| <= |X| when F is X, or an index counting from 0 below it, or such
  // an index plus one (`i * (i + 1)` after `size * size`, i below size).
  auto Within = [&](const Expr *F, const VarDecl *X) {
    if (const VarDecl *V = exactFactor(F, B))
      return V == X || isIndexBelow(V, X, B);
    const auto *Sum = dyn_cast<BinaryOperator>(F->IgnoreParenImpCasts());
    if (!Sum || Sum->getOpcode() != BO_Add)
      return false;
    auto IndexPlusOne = [&](const Expr *Index, const Expr *One) {
      std::optional<WideInt> K = positiveLiteral(One);
      const VarDecl *I = K && *K == 1 ? exactFactor(Index, B) : nullptr;
      return I && isIndexBelow(I, X, B);
    };
    return IndexPlusOne(Sum->getLHS(), Sum->getRHS()) ||
           IndexPlusOne(Sum->getRHS(), Sum->getLHS());
  };
  const Expr *A = B->getLHS(), *Z = B->getRHS();
  QualType T = B->getType().getCanonicalType();
  bool Bounded = false;
  forEachProductRunBefore(B, [&](const BinaryOperator *P) {
    // The same product again overflows exactly when the earlier one did:
    // that is the hazard itself (`alloc(n * m)` then `MPI_Send(b, n * m)`),
    // not a bound on it.
    if (Bounded || P->getType().getCanonicalType() != T ||
        isSameProduct(P, B, Ctx))
      return;
    const VarDecl *X = exactFactor(P->getLHS(), P);
    const VarDecl *Y = exactFactor(P->getRHS(), P);
    if (!X || !Y || !keepsValueFrom(X, P) || !keepsValueFrom(Y, P))
      return;
    Bounded = (Within(A, X) && Within(Z, Y)) || (Within(A, Y) && Within(Z, X));
  });
  return Bounded;
}

const BinaryOperator *
RangeAnalysis::sameProductRunBefore(const BinaryOperator *B) {
  if (!Facts || B->getOpcode() != BO_Mul || !B->getType()->isSignedIntegerType())
    return nullptr;
  const BinaryOperator *Same = nullptr;
  // Spelled alike is enough: what is asked is what a fix must widen with
  // B, and a product widened needlessly is still right.
  forEachProductRunBefore(B, [&](const BinaryOperator *P) {
    if (!Same && isSameProduct(P, B, Ctx, SharedOperands::Members))
      Same = P;
  });
  return Same;
}

const BinaryOperator *
RangeAnalysis::sameProductAdvancing(const BinaryOperator *B,
                                    const VarDecl *Offset) const {
  if (!Facts || B->getOpcode() != BO_Mul)
    return nullptr;
  for (const FunctionFacts::Write &W : Facts->writesOf(Offset)) {
    const auto *Advance = dyn_cast_or_null<CompoundAssignOperator>(W.Site);
    const auto *Step =
        Advance && Advance->getOpcode() == BO_AddAssign
            ? dyn_cast<BinaryOperator>(Advance->getRHS()->IgnoreParenImpCasts())
            : nullptr;
    // Any operands spelled alike (`size[i]` too): the step is widened, not
    // judged.
    if (Step && isSameProduct(Step, B, Ctx, SharedOperands::Anything))
      return Step;
  }
  return nullptr;
}

/// The variable a loop counts upwards with: ++i, i += K, i = i + K (K > 0),
/// or, from a non-negative start, i *= K, i = i * K, i <<= K.
struct Counter {
  const VarDecl *Var = nullptr;
  bool Multiplies = false;
};

static Counter upwardCounter(const Expr *Inc) {
  if (!Inc)
    return {};
  Inc = Inc->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Inc))
    return {U->isIncrementOp() ? referencedVariable(U->getSubExpr()) : nullptr};
  const auto *B = dyn_cast<BinaryOperator>(Inc);
  if (!B)
    return {};
  const VarDecl *V = referencedVariable(B->getLHS());
  switch (B->getOpcode()) {
  case BO_AddAssign:
    return {positiveLiteral(B->getRHS()) ? V : nullptr};
  case BO_MulAssign:
  case BO_ShlAssign:
    return {positiveLiteral(B->getRHS()) ? V : nullptr, true};
  case BO_Assign: {
    // i = i + K, i = i * K, i = K * i
    const auto *Step = dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
    if (!Step || !(Step->getOpcode() == BO_Add || Step->getOpcode() == BO_Mul))
      return {};
    const Expr *Other = referencedVariable(Step->getLHS()) == V ? Step->getRHS()
                        : referencedVariable(Step->getRHS()) == V ? Step->getLHS()
                                                                  : nullptr;
    if (!Other || !positiveLiteral(Other))
      return {};
    return {V, Step->getOpcode() == BO_Mul};
  }
  default:
    return {};
  }
}

const VarDecl *addingCounterOf(const ForStmt *For) {
  Counter C = upwardCounter(For->getInc());
  return C.Multiplies ? nullptr : C.Var;
}

/// The value `for (int i = A; ...)` or `for (i = A; ...)` starts \p Counter at.
static const Expr *loopStart(const ForStmt *For, const VarDecl *Counter) {
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit())) {
    if (DS->isSingleDecl() && DS->getSingleDecl() == Counter)
      return Counter->getInit();
  } else if (const auto *B = dyn_cast_or_null<BinaryOperator>(For->getInit())) {
    if (B->getOpcode() == BO_Assign && referencedVariable(B->getLHS()) == Counter)
      return B->getRHS();
  }
  return nullptr;
}

/// Inside `for (i = A; i < B; ++i)` the counter lies in [A, B - 1] (unless the
/// body itself assigns it, which we accept as a limit of the analysis).
void RangeAnalysis::addLoopConstraints(const ForStmt *For, Constraints &C) {
  addConstraints(For->getCond(), true, C);
  auto [Counter, Multiplies] = upwardCounter(For->getInc());
  if (!Counter)
    return;
  const Expr *Start = loopStart(For, Counter);
  State Ignored;
  std::optional<Interval> From = Start ? eval(Start, Constraints(), Ignored)
                                       : std::nullopt;
  std::optional<Interval> Full = Interval::ofType(Counter->getType(), Ctx);
  // Multiplying keeps a counter at or above its start only when it starts
  // non-negative.
  if (!From || !Full || (Multiplies && From->Lo < 0))
    return;
  Interval Bound{From->Lo, Full->Hi};
  auto It = C.find(Counter);
  C[Counter] = It == C.end() ? Bound : It->second.meet(Bound);
}

//===----------------------------------------------------------------------===//
// Relations: an index below a divisor
//===----------------------------------------------------------------------===//

/// \p E without parentheses and implicit casts, if it names a variable.
static const VarDecl *namedVariable(const Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

/// A loop condition `i < B`, `i <= B` or `i != B` (or the same with i on
/// the right), with the operator as if i were on the left.
struct CounterTest {
  BinaryOperatorKind Op;
  const Expr *Bound;
  QualType ComparedIn; ///< The type both sides are converted to.
};

static std::optional<CounterTest> counterTest(const Expr *Cond,
                                              const VarDecl *Counter) {
  const auto *B =
      Cond ? dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts()) : nullptr;
  if (!B || !B->isComparisonOp())
    return std::nullopt;
  BinaryOperatorKind Op = B->getOpcode();
  const Expr *Bound = B->getRHS();
  if (namedVariable(B->getRHS()) == Counter) {
    Op = BinaryOperator::reverseComparisonOp(Op);
    Bound = B->getLHS();
  } else if (namedVariable(B->getLHS()) != Counter) {
    return std::nullopt;
  }
  if (Op != BO_LT && Op != BO_LE && Op != BO_NE)
    return std::nullopt;
  return CounterTest{Op, Bound, B->getLHS()->getType()};
}

/// The nearest enclosing statement of \p S that is not a parenthesis.
static const Stmt *parentPastParens(const Stmt *S, const FunctionFacts &F) {
  const Stmt *P = F.parentOf(S);
  while (isa_and_nonnull<ParenExpr>(P))
    P = F.parentOf(P);
  return P;
}

/// Whether this use of a variable only reads its value.
static bool onlyReads(const DeclRefExpr *Use, const FunctionFacts &F) {
  if (F.isArrayBound(Use))
    return true;
  const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(parentPastParens(Use, F));
  return Cast && Cast->getCastKind() == CK_LValueToRValue;
}

/// The call of a model function (MPIModel.def) that \p Use is handed to as
/// `&V` for its output, if it is; with \p Model set to the function's row.
static const CallExpr *outputCallOf(const DeclRefExpr *Use,
                                    const FunctionFacts &F,
                                    const ModelInfo *&Model) {
  const auto *Addr = dyn_cast_or_null<UnaryOperator>(parentPastParens(Use, F));
  if (!Addr || Addr->getOpcode() != UO_AddrOf)
    return nullptr;
  const Stmt *Arg = Addr, *P = F.parentOf(Addr);
  while (isa_and_nonnull<ParenExpr, ImplicitCastExpr>(P)) {
    Arg = P;
    P = F.parentOf(P);
  }
  const auto *Call = dyn_cast_or_null<CallExpr>(P);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  Model = Callee ? lookupModel(*Callee) : nullptr;
  if (!Model || Model->Out < 0 || unsigned(Model->Out) >= Call->getNumArgs() ||
      Call->getArg(Model->Out) != Arg)
    return nullptr;
  return Call;
}

/// The call that \p Use is handed to as `&V` for the output of role \p Role
/// (MPI_Comm_rank, MPI_Comm_size), if it is.
static const CallExpr *addressPassedTo(const DeclRefExpr *Use, ModelRole Role,
                                       const FunctionFacts &F) {
  const ModelInfo *M = nullptr;
  const CallExpr *Call = outputCallOf(Use, F, M);
  return Call && M->Role == Role ? Call : nullptr;
}

/// The one call of role \p Setter (MPI_Comm_rank, MPI_Comm_size) that gives
/// \p V its value, when nothing else in the function can: every other use of
/// V reads it. MPI writes such an output before returning and keeps no
/// pointer to it.
static const CallExpr *soleSetter(const VarDecl *V, ModelRole Setter,
                                  const FunctionFacts &F) {
  if (!V->hasLocalStorage() || isa<ParmVarDecl>(V) || !F.writesOf(V).empty() ||
      F.isCaptured(V))
    return nullptr;
  const CallExpr *Found = nullptr;
  for (const DeclRefExpr *Use : F.usesOf(V)) {
    if (onlyReads(Use, F))
      continue;
    const CallExpr *Call = addressPassedTo(Use, Setter, F);
    if (!Call || Found)
      return nullptr;
    Found = Call;
  }
  return Found;
}

bool holdsOneValue(const VarDecl *V, const FunctionFacts &F) {
  if (!V->hasLocalStorage() || F.escapes(V))
    return false;
  return llvm::all_of(F.writesOf(V), [V](const FunctionFacts::Write &W) {
    return W.Site == V->getInit();
  });
}

/// Whether \p Comm denotes one communicator all through the function: each
/// variable in it is only addressed (&ompi_mpi_comm_world) or holds one
/// value.
static bool isStableHandle(const Stmt *Comm, const FunctionFacts &F) {
  if (const auto *U = dyn_cast<UnaryOperator>(Comm))
    if (U->getOpcode() == UO_AddrOf && isa<DeclRefExpr>(U->getSubExpr()->IgnoreParens()))
      return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Comm)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    return !V || holdsOneValue(V, F);
  }
  return llvm::all_of(Comm->children(), [&F](const Stmt *Child) {
    return !Child || isStableHandle(Child, F);
  });
}

/// The statement of a compound statement that \p S is part of, and that
/// compound statement.
static std::pair<const Stmt *, const CompoundStmt *>
enclosingStatement(const Stmt *S, const FunctionFacts &F) {
  for (const Stmt *P = F.parentOf(S); P; S = P, P = F.parentOf(P))
    if (const auto *Block = dyn_cast<CompoundStmt>(P))
      return {S, Block};
  return {nullptr, nullptr};
}

/// The two calls are statements one right after the other in a block, the
/// second no jump target: whenever one runs the other does, with the same
/// value of a handle that the first does not assign.
static bool runTogether(const CallExpr *First, const CallExpr *Second,
                        const FunctionFacts &F) {
  auto [A, BlockA] = enclosingStatement(First, F);
  auto [B, BlockB] = enclosingStatement(Second, F);
  if (!A || !B || BlockA != BlockB || isa<LabelStmt, SwitchCase>(A) ||
      isa<LabelStmt, SwitchCase>(B))
    return false;
  std::optional<unsigned> IA = F.indexInCompound(A), IB = F.indexInCompound(B);
  return IA && IB && (*IA + 1 == *IB || *IB + 1 == *IA);
}

/// `MPI_Comm_rank(comm, &Rank)` and `MPI_Comm_size(comm, &Size)` of one
/// communicator are the only sources of the two: 0 <= Rank < Size. The
/// communicator is one all through the function, or, when it changes (a
/// loop over the communicators a harness hands out, `&comm`), a variable
/// that the two calls, one right after the other, read together: every
/// rank then comes with the size of its own communicator.
static bool isRankOfSize(const VarDecl *Rank, const VarDecl *Size,
                         const FunctionFacts &F, const ASTContext &Ctx) {
  const CallExpr *RankCall = soleSetter(Rank, ModelRole::RANK_OUT, F);
  const CallExpr *SizeCall = soleSetter(Size, ModelRole::SIZE_OUT, F);
  if (!RankCall || !SizeCall)
    return false;
  const Expr *A = RankCall->getArg(0), *B = SizeCall->getArg(0);
  llvm::FoldingSetNodeID IdA, IdB;
  A->Profile(IdA, Ctx, /*Canonical=*/true);
  B->Profile(IdB, Ctx, /*Canonical=*/true);
  if (IdA != IdB)
    return false;
  if (isStableHandle(A, F) && isStableHandle(B, F))
    return true;
  return isa<DeclRefExpr>(A->IgnoreParenImpCasts()) &&
         runTogether(RankCall, SizeCall, F);
}

/// Whether each of \p WritingUses (uses of a variable inside \p Loop that
/// do more than read it) is in the loop's increment or init, when the
/// variable is \p CounterOfLoop; none may be otherwise.
static bool onlyReadIn(llvm::ArrayRef<const DeclRefExpr *> WritingUses,
                       const ForStmt *Loop, bool CounterOfLoop,
                       const FunctionFacts &F) {
  return llvm::all_of(WritingUses, [&](const DeclRefExpr *Use) {
    return CounterOfLoop && (F.isWithin(Use, Loop->getInc()) ||
                             F.isWithin(Use, Loop->getInit()));
  });
}

llvm::ArrayRef<const DeclRefExpr *>
RangeAnalysis::writingUsesIn(const ForStmt *Loop, const VarDecl *V) {
  // Indexed once per variable under every loop around each use: reading all
  // of V's uses for each loop made a function of many loops quadratic.
  if (WritingUsesIndexed.insert(V).second)
    for (const DeclRefExpr *Use : Facts->usesOf(V))
      if (!onlyReads(Use, *Facts))
        for (const Stmt *P = Facts->parentOf(Use); P; P = Facts->parentOf(P))
          if (const auto *For = dyn_cast<ForStmt>(P))
            WritingUses[{For, V}].push_back(Use);
  auto It = WritingUses.find({Loop, V});
  return It == WritingUses.end() ? llvm::ArrayRef<const DeclRefExpr *>()
                                 : It->second;
}

bool RangeAnalysis::isSetBySizeOnly(const VarDecl *V) {
  auto [It, New] = SetBySizeOnly.try_emplace(V, false);
  if (New)
    It->second = soleSetter(V, ModelRole::SIZE_OUT, *Facts) != nullptr;
  return It->second;
}

bool RangeAnalysis::countsBelowIn(const ForStmt *Loop, const VarDecl *Index,
                                  Divisor Bound) {
  if (upwardCounter(Loop->getInc()).Var != Index)
    return false;
  std::optional<CounterTest> Test = counterTest(Loop->getCond(), Index);
  bool Below = Test && Test->Op == BO_LT && divisorOf(Test->Bound) == Bound;
  const Expr *Start = loopStart(Loop, Index);
  if (!Below || !Start || Facts->hasJumpTargetIn(Loop->getBody()))
    return false;
  State Ignored;
  std::optional<Interval> From = eval(Start, Constraints(), Ignored);
  if (!From || From->Lo < 0)
    return false;
  // Only the increment moves the index, and nothing in the loop the bound
  // (a member bound is read only, all through: isStableMember); a bound
  // handed out before the loop must have gone to MPI_Comm_size.
  if (Facts->escapes(Index) ||
      !onlyReadIn(writingUsesIn(Loop, Index), Loop, true, *Facts))
    return false;
  return Bound.Field ||
         (onlyReadIn(writingUsesIn(Loop, Bound.Var), Loop, false, *Facts) &&
          (!Facts->escapes(Bound.Var) || isSetBySizeOnly(Bound.Var)));
}

RangeAnalysis::Divisor RangeAnalysis::divisorOf(const Expr *E) {
  if (const VarDecl *V = namedVariable(E))
    return {V, nullptr};
  auto [Base, Field] = memberOfVariable(E);
  if (Base && Field->getType()->isIntegerType())
    return {Base, Field};
  return {};
}

bool RangeAnalysis::isStableMember(Divisor D) const {
  if (!Facts || !D.Field || !holdsOneValue(D.Var, *Facts))
    return false;
  // Used only to reach its fields, and this one only read: handed whole to
  // a callee, any field of it could change.
  for (const DeclRefExpr *Use : Facts->usesOf(D.Var)) {
    const Stmt *P = Facts->parentOf(Use);
    while (isa_and_nonnull<ParenExpr, ImplicitCastExpr>(P))
      P = Facts->parentOf(P);
    const auto *ME = dyn_cast_or_null<MemberExpr>(P);
    if (!ME)
      return false;
    if (ME->getMemberDecl() != D.Field)
      continue;
    const auto *Read = dyn_cast_or_null<ImplicitCastExpr>(parentPastParens(ME, *Facts));
    if (!Read || Read->getCastKind() != CK_LValueToRValue)
      return false;
  }
  return true;
}

/// Whether `index < bound` compares the values as they are: both signed,
/// the bound no wider than the index (`long i` below an `int n`), so that
/// neither conversion changes a value.
static bool comparesAsIs(QualType Index, QualType Bound, const ASTContext &Ctx) {
  return Index->isSignedIntegerType() && Bound->isSignedIntegerType() &&
         Ctx.getIntWidth(Bound) <= Ctx.getIntWidth(Index);
}

bool RangeAnalysis::isIndexBelow(const VarDecl *Index, Divisor Bound,
                                 const Stmt *At) {
  if (!Bound.Field)
    return isIndexBelow(Index, Bound.Var, At);
  if (!Facts || !Index->hasLocalStorage() || !isStableMember(Bound))
    return false;
  return comparesAsIs(Index->getType(), Bound.Field->getType(), Ctx) &&
         isCountedBelowAt(Index, Bound, At);
}

bool RangeAnalysis::isCountedBelowAt(const VarDecl *Index, Divisor Bound,
                                     const Stmt *At) {
  for (const Stmt *Child = At, *P = Facts->parentOf(At); P;
       Child = P, P = Facts->parentOf(P))
    if (const auto *Loop = dyn_cast<ForStmt>(P))
      if (Child == Loop->getBody() || Child == Loop->getInc()) {
        auto [Below, New] = CountsBelow.try_emplace(
            {Loop, Index, Bound.Var, Bound.Field}, false);
        if (New)
          Below->second = countsBelowIn(Loop, Index, Bound);
        if (Below->second)
          return true;
      }
  return false;
}

/// Two parameters that the body never changes, passed at every call as an
/// index and a bound known there (`test_file(..., rank, size)` after
/// MPI_Comm_rank and MPI_Comm_size): passed apart, their ranges alone would
/// lose the relation.
bool RangeAnalysis::areIndexBelowArguments(const VarDecl *Index,
                                           const VarDecl *Bound) {
  const auto *I = dyn_cast<ParmVarDecl>(Index);
  const auto *B = dyn_cast<ParmVarDecl>(Bound);
  return Unit && I && B && holdsOneValue(I, *Facts) &&
         holdsOneValue(B, *Facts) && Unit->argumentsIndexBelow(I, B);
}

bool RangeAnalysis::isIndexBelow(const VarDecl *Index, const VarDecl *Bound,
                                 const Stmt *At) {
  // A global could change in any callee.
  if (!Facts || Index == Bound || !Index->hasLocalStorage() ||
      !Bound->hasLocalStorage())
    return false;
  if (!comparesAsIs(Index->getType(), Bound->getType(), Ctx))
    return false;
  // Each answer below reads every use of the two variables, so it is kept:
  // asked again at every product, it would make the analysis quadratic.
  auto [Rank, New] = RankOfSize.try_emplace({Index, Bound}, false);
  if (New)
    Rank->second = isRankOfSize(Index, Bound, *Facts, Ctx) ||
                   areIndexBelowArguments(Index, Bound);
  return Rank->second || isCountedBelowAt(Index, {Bound, nullptr}, At);
}

/// The stores that give \p Share its value, when nothing else can: a local
/// that is not handed out, or an element a[K] (K a literal) of a local array
/// that is only indexed, and only ever at literal indices.
static std::optional<llvm::SmallVector<FunctionFacts::Write, 2>>
storesOf(const Expr *Share, const FunctionFacts &F) {
  Share = Share->IgnoreParenImpCasts();
  if (const VarDecl *V = namedVariable(Share)) {
    if (!V->hasLocalStorage() || isa<ParmVarDecl>(V) || F.escapes(V))
      return std::nullopt;
    llvm::ArrayRef<FunctionFacts::Write> W = F.writesOf(V);
    return llvm::SmallVector<FunctionFacts::Write, 2>(W.begin(), W.end());
  }
  const auto *ASE = dyn_cast<ArraySubscriptExpr>(Share);
  const auto *K = ASE ? dyn_cast<IntegerLiteral>(ASE->getIdx()->IgnoreParenImpCasts())
                      : nullptr;
  const VarDecl *Array = ASE ? referencedVariable(ASE->getBase()) : nullptr;
  if (!K || !Array || !Array->hasLocalStorage() || !F.isOnlyIndexed(Array))
    return std::nullopt;
  llvm::SmallVector<FunctionFacts::Write, 2> Stores;
  for (const FunctionFacts::Write &W : F.elementWritesOf(Array)) {
    std::optional<uint64_t> Index = literalIndexOf(W);
    if (!Index)
      return std::nullopt;
    if (*Index == K->getValue().getZExtValue())
      Stores.push_back(W);
  }
  return Stores;
}

/// The divisions that \p Share holds, `X / n` with one n for all, and n. A
/// quotient kept in a variable is one only while n keeps the value it was
/// divided by, so n must hold one value all through.
RangeAnalysis::Shares RangeAnalysis::quotientsIn(const Expr *Share) {
  if (const auto *Div = dyn_cast<BinaryOperator>(Share->IgnoreParenImpCasts())) {
    Shares Spelled;
    if (Div->getOpcode() == BO_Div)
      Spelled.By = shareDivisorOf(Div->getRHS());
    if (Spelled.By)
      Spelled.Quotients.push_back(Div);
    return Spelled;
  }
  // A stored quotient is the same wherever it is read: judged once per
  // local or element, not at every product that reads it.
  const Expr *Held = Share->IgnoreParenImpCasts();
  const VarDecl *Holder = namedVariable(Held);
  uint64_t Element = ~uint64_t(0);
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Held))
    if (const auto *K =
            dyn_cast<IntegerLiteral>(ASE->getIdx()->IgnoreParenImpCasts())) {
      Holder = referencedVariable(ASE->getBase());
      Element = K->getValue().getZExtValue();
    }
  if (!Holder || !Facts)
    return {};
  auto [It, New] = StoredShares.try_emplace({Holder, Element});
  if (New)
    It->second = storedQuotients(Held);
  return It->second;
}

/// \p E without the casts around it that keep every value (`(int)(n / p)`
/// with an int quotient, a widening).
static const Expr *withoutValueCasts(const Expr *E, const ASTContext &Ctx) {
  while (const auto *Cast = dyn_cast<CastExpr>(E->IgnoreParens())) {
    const Expr *Sub = Cast->getSubExpr();
    std::optional<Interval> From = Interval::ofType(Sub->getType(), Ctx);
    std::optional<Interval> To = Interval::ofType(Cast->getType(), Ctx);
    if (!From || !To || !From->within(*To))
      break;
    E = Sub;
  }
  return E->IgnoreParens();
}

/// A quotient of a constant converted to a type that holds the constant,
/// and so every quotient of it (`long share = BUDGET / (n * sizeof(T))`,
/// an unsigned quotient kept signed); else \p E.
static const Expr *keptQuotient(const Expr *E, const ASTContext &Ctx) {
  const auto *Cast = dyn_cast<CastExpr>(E->IgnoreParens());
  const auto *Div = Cast ? dyn_cast<BinaryOperator>(
                               Cast->getSubExpr()->IgnoreParenImpCasts())
                         : nullptr;
  if (!Div || Div->getOpcode() != BO_Div || !Cast->getType()->isIntegerType() ||
      Div->getLHS()->isValueDependent())
    return E;
  std::optional<llvm::APSInt> X = Div->getLHS()->getIntegerConstantExpr(Ctx);
  std::optional<Interval> Holds = Interval::ofType(Cast->getType(), Ctx);
  return X && X->isNonNegative() && X->getActiveBits() < 63 && Holds &&
                 Interval::exact(X->getExtValue()).within(*Holds)
             ? Div
             : E;
}

RangeAnalysis::Divisor RangeAnalysis::shareDivisorOf(const Expr *E) {
  // X / (n * K) with a constant K >= 1 is at most X / n.
  if (const auto *Product =
          dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
      Product && Product->getOpcode() == BO_Mul)
    for (auto [N, K] : {std::pair(Product->getLHS(), Product->getRHS()),
                        std::pair(Product->getRHS(), Product->getLHS())}) {
      std::optional<llvm::APSInt> Factor =
          K->isValueDependent() ? std::nullopt : K->getIntegerConstantExpr(Ctx);
      if (Factor && Factor->isStrictlyPositive())
        return divisorOf(N);
    }
  return divisorOf(E);
}

RangeAnalysis::Shares RangeAnalysis::storedQuotients(const Expr *Share) {
  std::optional<llvm::SmallVector<FunctionFacts::Write, 2>> Stores =
      storesOf(Share, *Facts);
  if (!Stores || Stores->empty())
    return {};
  Shares Found;
  llvm::SmallVector<const CompoundAssignOperator *, 1> CutsByAny;
  for (const FunctionFacts::Write &W : *Stores) {
    // `share /= k` keeps the share when k >= 1: its sign stays, and it
    // gets no larger (a budget split again, per neighbour). So does k = n,
    // the n the share is of: the products are made only for 0 <= i < n,
    // where n >= 1.
    if (const auto *Cut = dyn_cast_or_null<CompoundAssignOperator>(W.Site);
        Cut && Cut->getOpcode() == BO_DivAssign) {
      CutsByAny.push_back(Cut);
      continue;
    }
    // Stored as computed: a conversion on the way that can change the
    // value would break the share.
    const Expr *Value = W.Value && W.Replaces && !W.Accumulates
                            ? keptQuotient(withoutValueCasts(W.Value, Ctx), Ctx)
                            : nullptr;
    // A floor for a share that rounds to 0 (`if (chunk == 0) chunk = 1;`).
    if (const auto *K = dyn_cast_or_null<IntegerLiteral>(
            Value ? Value->IgnoreParenImpCasts() : nullptr)) {
      Found.Constants.push_back(K);
      continue;
    }
    const auto *Div = dyn_cast_or_null<BinaryOperator>(Value);
    Divisor N = Div && Div->getOpcode() == BO_Div
                    ? shareDivisorOf(Div->getRHS())
                    : Divisor();
    if (!N || (Found.By && N != Found.By))
      return {};
    Found.By = N;
    Found.Quotients.push_back(Div);
  }
  if (Found.Quotients.empty())
    return {};
  for (const CompoundAssignOperator *Cut : CutsByAny) {
    if (shareDivisorOf(Cut->getRHS()) == Found.By)
      continue;
    std::optional<Result> By = evaluate(Cut->getRHS(), constraintsAt(Cut));
    if (!By || By->Range.Lo < 1)
      return {};
  }
  bool Stable = Found.By.Field ? isStableMember(Found.By)
                               : holdsOneValue(Found.By.Var, *Facts) ||
                                     isSetBySizeOnly(Found.By.Var);
  return Stable ? Found : Shares();
}

/// i * (X / n) with 0 <= i < n: at most n - 1 shares of X / n, so between 0
/// and X (j * (N / p) in a loop over p ranks, rank * (SIZE / nprocs)). The
/// quotient may be spelled there or kept in a local or an array element,
/// and n may be a member read through an unchanged pointer (`i <
/// p->nranks`, `chunk = p->count / p->nranks`).
std::optional<Interval> RangeAnalysis::evalShare(const BinaryOperator *B,
                                                 const Constraints &C,
                                                 State &S) {
  for (auto [Index, Share] : {std::pair(B->getLHS(), B->getRHS()),
                              std::pair(B->getRHS(), B->getLHS())}) {
    const VarDecl *I = namedVariable(Index);
    Shares Held = I ? quotientsIn(Share) : Shares();
    if (Held.Quotients.empty() || !isIndexBelow(I, Held.By, B))
      continue;
    // A spelled quotient is judged here; a stored one where it was stored.
    bool Spelled = Held.Quotients.front() == Share->IgnoreParenImpCasts();
    std::optional<Interval> X;
    for (const BinaryOperator *Div : Held.Quotients) {
      State Ignored;
      std::optional<Interval> R =
          Spelled ? eval(Div->getLHS(), C, S)
                  : eval(Div->getLHS(), constraintsAt(Div), Ignored);
      if (!R) {
        X.reset();
        break;
      }
      X = X ? X->join(*R) : *R;
    }
    if (!X)
      continue;
    Interval Product{minOf({X->Lo, 0}), maxOf({X->Hi, 0})};
    // The index times a constant the share may hold instead.
    if (!Held.Constants.empty()) {
      State Ignored;
      std::optional<Interval> Counted = eval(Index, C, Ignored);
      if (!Counted)
        continue;
      for (const Expr *K : Held.Constants) {
        std::optional<Interval> Value = eval(K, C, Ignored);
        if (!Value)
          return std::nullopt;
        WideInt Corners[] = {Counted->Lo * Value->Lo, Counted->Lo * Value->Hi,
                             Counted->Hi * Value->Lo, Counted->Hi * Value->Hi};
        Product = Product.join({*llvm::min_element(Corners),
                                *llvm::max_element(Corners)});
      }
    }
    return clampTo(B->getType(), Product, B, true, S);
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// The value a counting loop leaves in its counter
//===----------------------------------------------------------------------===//

/// The variable \p Inc adds exactly one to, doing nothing else: ++i, i++,
/// i += 1, i = i + 1 or i = 1 + i. A larger step could overshoot the bound.
static const VarDecl *unitStepCounter(const Expr *Inc) {
  if (!Inc)
    return nullptr;
  Inc = Inc->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Inc))
    return U->isIncrementOp() ? namedVariable(U->getSubExpr()) : nullptr;
  const auto *B = dyn_cast<BinaryOperator>(Inc);
  const VarDecl *V = B ? namedVariable(B->getLHS()) : nullptr;
  if (!V)
    return nullptr;
  auto IsOne = [](const Expr *E) {
    std::optional<WideInt> K = positiveLiteral(E);
    return K && *K == 1;
  };
  if (B->getOpcode() == BO_AddAssign)
    return IsOne(B->getRHS()) ? V : nullptr;
  const auto *Sum =
      B->getOpcode() == BO_Assign
          ? dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts())
          : nullptr;
  if (!Sum || Sum->getOpcode() != BO_Add)
    return nullptr;
  bool AddsOne = (namedVariable(Sum->getLHS()) == V && IsOne(Sum->getRHS())) ||
                 (namedVariable(Sum->getRHS()) == V && IsOne(Sum->getLHS()));
  return AddsOne ? V : nullptr;
}

/// Collects the variables \p E reads when E is made of nothing but them,
/// constants and arithmetic: no call, store or increment, so that its value
/// changes only when one of those variables does.
static bool collectOperands(const Expr *E,
                            llvm::SmallVectorImpl<const VarDecl *> &Vars) {
  E = E->IgnoreParens();
  if (isa<IntegerLiteral, CharacterLiteral>(E))
    return true;
  // sizeof(int[n]) reads n when it runs.
  if (const auto *Size = dyn_cast<UnaryExprOrTypeTraitExpr>(E))
    return !Size->getTypeOfArgument()->isVariablyModifiedType();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(DRE->getDecl()))
      return true;
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (V)
      Vars.push_back(V);
    return V != nullptr;
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return collectOperands(Cast->getSubExpr(), Vars);
  if (const auto *CE = dyn_cast<ConstantExpr>(E))
    return collectOperands(CE->getSubExpr(), Vars);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus ||
            U->getOpcode() == UO_Not) &&
           collectOperands(U->getSubExpr(), Vars);
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && B->getOpcode() != BO_Comma &&
           collectOperands(B->getLHS(), Vars) &&
           collectOperands(B->getRHS(), Vars);
  return false;
}

/// Whether control can leave \p S for somewhere after it other than by
/// finishing it: a break out of it (when \p BreakLeaves) or any goto. A
/// return, a throw or a call that does not return never reach a statement
/// after the loop, so they do not count.
static bool mayJumpOut(const Stmt *S, bool BreakLeaves) {
  if (!S || isa<LambdaExpr>(S))
    return false;
  if (isa<BreakStmt>(S))
    return BreakLeaves;
  if (isa<GotoStmt, IndirectGotoStmt>(S))
    return true;
  // A break inside a nested loop or switch ends that one.
  bool Nested = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(S);
  return llvm::any_of(S->children(), [&](const Stmt *Child) {
    return mayJumpOut(Child, BreakLeaves && !Nested);
  });
}

/// Whether \p Loop is entered only at its start (no label or case inside)
/// and left for what follows it only when its condition fails.
static bool runsToItsCondition(const ForStmt *Loop, const FunctionFacts &F) {
  if (F.hasJumpTargetIn(Loop))
    return false;
  return llvm::none_of(
      std::initializer_list<const Stmt *>{Loop->getInit(), Loop->getCond(),
                                          Loop->getInc(), Loop->getBody()},
      [](const Stmt *Part) { return mayJumpOut(Part, true); });
}

/// Where `for (i = A; i op B; ++i)` leaves i once the condition fails, with A
/// and B (already known to fit i's type \p Counted) as intervals: the first
/// value from A on that fails `i op B`.
static std::optional<Interval> exitInterval(BinaryOperatorKind Op, Interval A,
                                            Interval B, Interval Counted) {
  switch (Op) {
  case BO_LT:
    // Stops at B, or stays at A when it starts at or above B: max(A, B).
    return Interval{maxOf({A.Lo, B.Lo}), maxOf({A.Hi, B.Hi})};
  case BO_LE:
    // max(A, B + 1); B + 1 itself must fit, or the counter overflows.
    if (B.Hi >= Counted.Hi)
      return std::nullopt;
    return Interval{maxOf({A.Lo, B.Lo + 1}), maxOf({A.Hi, B.Hi + 1})};
  case BO_NE:
    // Stops at B only when it starts at or below it; from above it would
    // run through the top of its type.
    if (A.Hi > B.Lo)
      return std::nullopt;
    return B;
  default:
    return std::nullopt;
  }
}

bool RangeAnalysis::isCountedByLoop(const VarDecl *V) {
  auto [It, New] = CountedByLoop.try_emplace(V, false);
  if (New)
    It->second =
        llvm::any_of(Facts->writesOf(V), [&](const FunctionFacts::Write &W) {
          const auto *For = dyn_cast_or_null<ForStmt>(
              W.Site ? parentPastParens(W.Site, *Facts) : nullptr);
          return For && For->getInc() &&
                 For->getInc()->IgnoreParens() == W.Site;
        });
  return It->second;
}

std::optional<unsigned> RangeAnalysis::lastChangeIn(const VarDecl *V,
                                                    const CompoundStmt *Block,
                                                    unsigned At) {
  auto [It, New] = ChangingStatements.try_emplace(V);
  if (New) {
    // Indexed once per variable, by every compound statement around each
    // change: the questions below then cost a lookup, however many loops
    // and uses a long function has.
    auto &ByBlock = It->second;
    auto Record = [&](const Stmt *Site) {
      for (const Stmt *S = Site, *P = Facts->parentOf(Site); P;
           S = P, P = Facts->parentOf(P))
        if (const auto *C = dyn_cast<CompoundStmt>(P))
          if (std::optional<unsigned> I = Facts->indexInCompound(S))
            ByBlock[C].push_back(*I);
    };
    // Every use that does more than read V may change it (a store, ++, a
    // reference; even sizeof, which costs nothing to miss).
    for (const DeclRefExpr *Use : Facts->usesOf(V))
      if (!onlyReads(Use, *Facts))
        Record(Use);
    if (const Expr *Init = V->getInit())
      Record(Init);
    for (auto &Entry : ByBlock) {
      llvm::sort(Entry.second);
      Entry.second.erase(llvm::unique(Entry.second), Entry.second.end());
    }
  }
  auto Found = It->second.find(Block);
  if (Found == It->second.end())
    return std::nullopt;
  const llvm::SmallVector<unsigned, 2> &Indices = Found->second;
  auto After = llvm::upper_bound(Indices, At);
  if (After == Indices.begin())
    return std::nullopt;
  return *std::prev(After);
}

bool RangeAnalysis::changedIn(const VarDecl *V, const CompoundStmt *Block,
                              unsigned From, unsigned To) {
  std::optional<unsigned> Last = lastChangeIn(V, Block, To);
  return From <= To && Last && *Last >= From;
}

const Expr *RangeAnalysis::counterStart(const ForStmt *Loop,
                                        const VarDecl *Counter,
                                        const CompoundStmt *Block,
                                        unsigned Index, const Stmt *&Site) {
  if (const Expr *Start = loopStart(Loop, Counter)) {
    Site = Loop->getInit();
    return Start;
  }
  // `i = A;` or `int i = A;` as the last statement to change i before the
  // loop, with no label or case between that a jump could bypass it by.
  std::optional<unsigned> Last =
      Index > 0 ? lastChangeIn(Counter, Block, Index - 1) : std::nullopt;
  if (!Last || !Facts->entersOnlyThrough(Block, *Last, Index))
    return nullptr;
  Site = Block->body_begin()[*Last];
  if (const auto *DS = dyn_cast<DeclStmt>(Site))
    return llvm::any_of(DS->decls(),
                        [Counter](const Decl *D) { return D == Counter; })
               ? Counter->getInit()
               : nullptr;
  const auto *Assign = dyn_cast<BinaryOperator>(Site);
  if (Assign && Assign->getOpcode() == BO_Assign &&
      namedVariable(Assign->getLHS()) == Counter)
    return Assign->getRHS();
  return nullptr;
}

/// A variable of a loop's bound keeps its value through the loop: a local
/// not handed out and only read in the loop, or a global that cannot change.
bool RangeAnalysis::isStableBound(const VarDecl *V, const ForStmt *Loop) {
  if (V->getType().isVolatileQualified() || V->hasAttr<BlocksAttr>())
    return false;
  if (!V->hasLocalStorage())
    return V->getType().isConstQualified() ||
           (Unit && Unit->constantInitializer(V));
  return !Facts->escapes(V) && writingUsesIn(Loop, V).empty();
}

RangeAnalysis::LoopExit
RangeAnalysis::computeLoopExit(const ForStmt *Loop, const CompoundStmt *Block,
                               unsigned Index) {
  LoopExit Exit;
  const VarDecl *Counter = unitStepCounter(Loop->getInc());
  std::optional<CounterTest> Test =
      Counter ? counterTest(Loop->getCond(), Counter) : std::nullopt;
  if (!Test)
    return Exit;
  QualType T = Counter->getType().getCanonicalType();
  if (!T->isIntegerType() || T->isBooleanType() || T->isEnumeralType())
    return Exit;
  if (!runsToItsCondition(Loop, *Facts))
    return Exit;
  const Stmt *StartSite = nullptr;
  const Expr *Start = counterStart(Loop, Counter, Block, Index, StartSite);
  if (!Start)
    return Exit;
  // Inside the loop only the increment, and an init that gives the start,
  // may change the counter.
  for (const DeclRefExpr *Use : writingUsesIn(Loop, Counter))
    if (!Facts->isWithin(Use, Loop->getInc()) &&
        !(StartSite == Loop->getInit() && Facts->isWithin(Use, StartSite)))
      return Exit;
  llvm::SmallVector<const VarDecl *, 2> BoundVariables;
  if (!collectOperands(Test->Bound, BoundVariables) ||
      llvm::any_of(BoundVariables, [&](const VarDecl *V) {
        return V == Counter || !isStableBound(V, Loop);
      }))
    return Exit;
  // The bound is taken before its conversion to the compared type: when it
  // fits the counter's type, which fits the compared type, converting
  // changes nothing and the comparison is the mathematical one.
  State Ignored;
  std::optional<Interval> From = eval(Start, constraintsAt(StartSite), Ignored);
  std::optional<Interval> Bound =
      eval(Test->Bound->IgnoreImpCasts(), constraintsAt(Loop), Ignored);
  std::optional<Interval> Counted = Interval::ofType(T, Ctx);
  std::optional<Interval> Compared = Interval::ofType(Test->ComparedIn, Ctx);
  if (!From || !Bound || !Counted || !Compared || !Counted->within(*Compared) ||
      !From->within(*Counted) || !Bound->within(*Counted))
    return Exit;
  Exit.Value = exitInterval(Test->Op, *From, *Bound, *Counted);
  Exit.Counter = Counter;
  Exit.BoundVariables = std::move(BoundVariables);
  return Exit;
}

RangeAnalysis::LoopExit RangeAnalysis::loopExit(const ForStmt *Loop,
                                                const CompoundStmt *Block,
                                                unsigned Index) {
  auto Known = LoopExits.find(Loop);
  if (Known != LoopExits.end())
    return Known->second;
  // A bound that reads what is still being worked out says nothing.
  LoopExits[Loop] = LoopExit();
  LoopExit Exit = computeLoopExit(Loop, Block, Index);
  LoopExits[Loop] = Exit;
  return Exit;
}

std::optional<Interval> RangeAnalysis::loopExitValue(const DeclRefExpr *Use,
                                                     const VarDecl *V) {
  // A __block variable may be written by a block, whose body the facts do
  // not see.
  if (!Facts || !V->hasLocalStorage() || Facts->escapes(V) ||
      V->getType().isVolatileQualified() || V->hasAttr<BlocksAttr>() ||
      !isCountedByLoop(V))
    return std::nullopt;
  auto Known = ExitValues.find(Use);
  if (Known != ExitValues.end())
    return Known->second;
  ExitValues[Use] = std::nullopt;
  std::optional<Interval> Value;
  // The innermost compound statement around Use in which an earlier
  // statement, or Use's own, changes V: that must be the loop, and Use
  // reachable only through it, with the loop's bound unchanged since.
  for (const Stmt *Child = Use, *P = Facts->parentOf(Use); P;
       Child = P, P = Facts->parentOf(P)) {
    const auto *Block = dyn_cast<CompoundStmt>(P);
    std::optional<unsigned> To =
        Block ? Facts->indexInCompound(Child) : std::nullopt;
    std::optional<unsigned> Last =
        To ? lastChangeIn(V, Block, *To) : std::nullopt;
    if (!Last)
      continue;
    const auto *Loop = dyn_cast<ForStmt>(Block->body_begin()[*Last]);
    if (Loop && *Last < *To && Facts->entersOnlyThrough(Block, *Last, *To)) {
      LoopExit Exit = loopExit(Loop, Block, *Last);
      if (Exit.Counter == V &&
          llvm::none_of(Exit.BoundVariables, [&](const VarDecl *B) {
            return changedIn(B, Block, *Last + 1, *To);
          }))
        Value = Exit.Value;
    }
    break;
  }
  ExitValues[Use] = Value;
  return Value;
}

Constraints RangeAnalysis::constraintsAt(const Stmt *S) {
  Constraints C;
  if (!Facts)
    return C;
  for (const Stmt *Child = S, *Parent = Facts->parentOf(S); Parent;
       Child = Parent, Parent = Facts->parentOf(Parent)) {
    if (const auto *If = dyn_cast<IfStmt>(Parent)) {
      if (Child == If->getThen())
        addConstraints(If->getCond(), true, C);
      else if (Child == If->getElse())
        addConstraints(If->getCond(), false, C);
    } else if (const auto *For = dyn_cast<ForStmt>(Parent)) {
      // The body and the increment run only after the condition held.
      if (Child == For->getBody() || Child == For->getInc())
        addLoopConstraints(For, C);
    } else if (const auto *Compound = dyn_cast<CompoundStmt>(Parent)) {
      std::optional<unsigned> Index = Facts->indexInCompound(Child);
      if (!Index)
        continue;
      for (const FunctionFacts::Guard &G : Facts->guardsIn(Compound))
        if (G.Index < *Index)
          addConstraints(G.Cond, G.HoldsAfter, C);
    }
  }
  // An earlier `n * n` bounds n for what S computes, unless S computes
  // `n * n` again: that would overflow where the first did.
  forEachProductRunBefore(S, [&](const BinaryOperator *P) {
    if (!computesAgain(S, P, Ctx))
      addExecutedProduct(P, C);
  });
  return C;
}

void collectReturns(const Stmt *S,
                           llvm::SmallVectorImpl<const ReturnStmt *> &Out) {
  if (!S || isa<LambdaExpr, BlockExpr>(S))
    return;
  if (const auto *R = dyn_cast<ReturnStmt>(S))
    Out.push_back(R);
  for (const Stmt *Child : S->children())
    collectReturns(Child, Out);
}

const Expr *RangeAnalysis::narrowingConversion(const Expr *Value,
                                           const Constraints &C) {
  const auto *Cast = dyn_cast<ImplicitCastExpr>(Value->IgnoreParens());
  if (!Cast || Cast->getCastKind() != CK_IntegralCast)
    return nullptr;
  std::optional<unsigned> FromBits =
                              integerWidth(Cast->getSubExpr()->getType(), Ctx),
                          ToBits = integerWidth(Cast->getType(), Ctx);
  if (!FromBits || !ToBits || *ToBits > 32 || *FromBits <= *ToBits)
    return nullptr;
  State Ignored;
  std::optional<Interval> Sub = eval(Cast->getSubExpr(), C, Ignored);
  std::optional<Interval> Fits = Interval::ofType(Cast->getType(), Ctx);
  return Fits && (!Sub || !Sub->within(*Fits)) ? Cast : nullptr;
}

std::optional<Interval> RangeAnalysis::rangeOfBinding(const BindingDecl *B) {
  // `auto [size, count] = divide(n);` with divide of this unit returning
  // braced lists: size is what the first parts hold for n. The names must
  // only be read (a store through one changes the object taken apart).
  const auto *D = dyn_cast_or_null<DecompositionDecl>(B->getDecomposedDecl());
  if (!D || !D->getInit() || !Unit || !Facts || !B->getType()->isIntegerType())
    return std::nullopt;
  // Asked again while it is worked out (an argument that reads another
  // binding of the same call), it is unknown: the entry stands for that.
  auto [Cached, New] = BindingRanges.try_emplace(B);
  if (!New)
    return Cached->second;
  for (const BindingDecl *Each : D->bindings())
    for (const DeclRefExpr *Use : Facts->usesOf(Each))
      if (!onlyReads(Use, *Facts))
        return std::nullopt;
  const auto *Call = dyn_cast<CallExpr>(withoutCopies(D->getInit()));
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  unsigned Part = llvm::find(D->bindings(), B) - D->bindings().begin();
  if (!F || F->isVariadic() || Call->getNumArgs() != F->getNumParams())
    return std::nullopt;
  // The arguments as they are where the declaration runs.
  Constraints C = constraintsAt(Call);
  llvm::SmallVector<std::optional<Interval>, 4> Args;
  for (const Expr *Arg : Call->arguments()) {
    State Ignored;
    Args.push_back(eval(Arg, C, Ignored));
  }
  const Expr *Site = nullptr;
  std::optional<Interval> Range =
      Unit->returnPartRange(Call, F, Part, Args, Site);
  // Looked up again: the evaluations above may have grown the map.
  BindingRanges[B] = Range;
  return Range;
}

/// Element \p Part of a braced list that builds a structure or a
/// std::array (`{size, count}`; a std::array's one member array is the
/// list within); null for any other value.
static const Expr *partOfList(const Expr *Value, unsigned Part) {
  const auto *List = dyn_cast<InitListExpr>(withoutCopies(Value));
  if (!List)
    return nullptr;
  if (List->isSyntacticForm() && List->getSemanticForm())
    List = List->getSemanticForm();
  const RecordDecl *Record = List->getType()->getAsRecordDecl();
  if (!Record || Record->isUnion())
    return nullptr;
  // std::array<T, N>: one member, an array, brace-elided.
  if (List->getNumInits() == 1)
    if (const auto *Inner = dyn_cast<InitListExpr>(List->getInit(0)->IgnoreImplicit());
        Inner && Inner->getType()->isArrayType())
      List = Inner;
  return Part < List->getNumInits() && !isa<ImplicitValueInitExpr>(List->getInit(Part))
             ? List->getInit(Part)
             : nullptr;
}

std::optional<Interval>
RangeAnalysis::returnRange(const FunctionDecl *Self,
                           llvm::ArrayRef<std::optional<Interval>> Args,
                           const Expr *&OverflowSite,
                           std::optional<unsigned> Part) {
  if (!Facts || !Self->getBody())
    return std::nullopt;
  llvm::SmallVector<const ReturnStmt *, 2> Returns;
  collectReturns(Self->getBody(), Returns);
  llvm::SmallVector<std::pair<const Expr *, const Stmt *>, 2> Values;
  for (const ReturnStmt *Ret : Returns) {
    const Expr *Value = Ret->getRetValue();
    if (Value && Part)
      Value = partOfList(Value, *Part);
    if (!Value)
      return std::nullopt;
    Values.push_back({Value, Ret});
  }
  return joinAt(Self, Values, Args, OverflowSite);
}

/// What one use of a pointer parameter \p P to an integer does with it.
struct OutputUse {
  enum KindType {
    Tested,  ///< `if (out)`, `out != NULL`
    Read,    ///< `*out` or `out[0]` read
    Stored,  ///< `*out = e`
    Updated, ///< `*out op= e`
    Forwarded, ///< `fill(..., out, ...)`: another function's output
    Other    ///< handed on otherwise, moved, indexed, incremented, ...
  } Kind;
  /// The assignment, for Stored and Updated.
  const BinaryOperator *Write = nullptr;
  /// The call and its argument, for Forwarded.
  const CallExpr *Call = nullptr;
  unsigned Arg = 0;
};

/// The call \p Child is an argument of, as the parameter it is of a
/// function whose output that parameter is: a pointer to a modifiable
/// integer of the same type as \p P's (a dispatcher handing its output on).
static std::optional<std::pair<const CallExpr *, unsigned>>
forwardedOutput(const Stmt *Child, const Stmt *Up, const ParmVarDecl *P) {
  const auto *Call = dyn_cast_or_null<CallExpr>(Up);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || isa<CXXOperatorCallExpr>(Call))
    return std::nullopt;
  for (unsigned I = 0; I < Call->getNumArgs() && I < Callee->getNumParams();
       ++I) {
    if (Call->getArg(I) != Child)
      continue;
    QualType Param = Callee->getParamDecl(I)->getType();
    ASTContext &Ctx = P->getASTContext();
    if (!Param->isPointerType() ||
        !Ctx.hasSameType(Param, P->getType().getUnqualifiedType()))
      return std::nullopt;
    return std::make_pair(Call, I);
  }
  return std::nullopt;
}

static OutputUse classifyOutputUse(const DeclRefExpr *Use,
                                   const ParmVarDecl *P,
                                   const FunctionFacts &F) {
  const Stmt *Child = Use, *Up = F.parentOf(Use);
  bool Tested = false;
  while (isa_and_nonnull<ImplicitCastExpr, ParenExpr>(Up)) {
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Up))
      Tested |= Cast->getCastKind() == CK_PointerToBoolean;
    Child = Up;
    Up = F.parentOf(Up);
  }
  if (Tested)
    return {OutputUse::Tested};
  if (auto Forward = forwardedOutput(Child, Up, P))
    return {OutputUse::Forwarded, nullptr, Forward->first, Forward->second};
  if (const auto *Compare = dyn_cast_or_null<BinaryOperator>(Up);
      Compare && Compare->isEqualityOp()) {
    const Expr *Other = Compare->getLHS() == Child ? Compare->getRHS()
                                                   : Compare->getLHS();
    return {Other->isNullPointerConstant(P->getASTContext(),
                                         Expr::NPC_ValueDependentIsNotNull)
                ? OutputUse::Tested
                : OutputUse::Other};
  }
  const auto *Deref = dyn_cast_or_null<UnaryOperator>(Up);
  const auto *Element = dyn_cast_or_null<ArraySubscriptExpr>(Up);
  std::optional<llvm::APSInt> Index =
      Element && Element->getBase() == Child
          ? Element->getIdx()->getIntegerConstantExpr(P->getASTContext())
          : std::nullopt;
  if (!(Deref && Deref->getOpcode() == UO_Deref) && !(Index && *Index == 0))
    return {OutputUse::Other};
  const Stmt *Place = parentPastParens(cast<Expr>(Up), F);
  // A branch of a C++ choice between lvalues (`*o < n ? *o : n`) is read
  // when the choice is.
  const Stmt *Chosen = Up;
  while (const auto *Choice = dyn_cast_or_null<ConditionalOperator>(Place)) {
    if (Choice->getCond()->IgnoreParens() == Chosen || !Choice->isGLValue())
      break;
    Chosen = Choice;
    Place = parentPastParens(Choice, F);
  }
  if (const auto *Read = dyn_cast_or_null<ImplicitCastExpr>(Place);
      Read && Read->getCastKind() == CK_LValueToRValue)
    return {OutputUse::Read};
  if (isBoundToConstReference(Chosen, F))
    return {OutputUse::Read};
  const auto *Write = dyn_cast_or_null<BinaryOperator>(Place);
  if (!Write || !Write->isAssignmentOp() ||
      Write->getLHS()->IgnoreParens() != Up)
    return {OutputUse::Other};
  return {Write->getOpcode() == BO_Assign ? OutputUse::Stored
                                          : OutputUse::Updated,
          Write};
}

/// The index of the statement of \p Body that holds \p S.
static std::optional<unsigned> statementOfBody(const Stmt *S,
                                               const CompoundStmt *Body,
                                               const FunctionFacts &F) {
  for (const Stmt *Up = F.parentOf(S); S && Up; S = Up, Up = F.parentOf(Up))
    if (Up == Body)
      return F.indexInCompound(S);
  return std::nullopt;
}

/// The one of \p Stores that every run of the function ends with, when
/// there is one: a store that is a statement of the body itself, after the
/// statements holding every other store, with no return before it and no
/// label a jump could bypass it by. The caller sees what it stores
/// (`*pos2 = min(*pos2, size - 1);` at the end of a helper), whatever the
/// stores before it were; they reach it only as its operands.
static const BinaryOperator *
storeEndingEveryRun(llvm::ArrayRef<const BinaryOperator *> Stores,
                    const FunctionDecl *Def, const FunctionFacts &F) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Stores.size() < 2 || !F.labels().empty())
    return nullptr;
  // The latest store that is a statement of the body on its own (in C++,
  // inside the cleanups of the temporaries it binds).
  const BinaryOperator *Last = nullptr;
  std::optional<unsigned> LastIndex;
  for (const BinaryOperator *Store : Stores) {
    std::optional<unsigned> Index = statementOfBody(Store, Body, F);
    const auto *Whole =
        Index ? dyn_cast<Expr>(Body->body_begin()[*Index]) : nullptr;
    if (Whole && Whole->IgnoreImplicit()->IgnoreParens() == Store &&
        (!LastIndex || *Index > *LastIndex)) {
      Last = Store;
      LastIndex = Index;
    }
  }
  if (!Last)
    return nullptr;
  for (const BinaryOperator *Store : Stores) {
    std::optional<unsigned> Index = statementOfBody(Store, Body, F);
    if (Store != Last && (!Index || *Index >= *LastIndex))
      return nullptr;
  }
  llvm::SmallVector<const ReturnStmt *, 2> Returns;
  for (const Stmt *Before : llvm::ArrayRef(Body->body_begin(), *LastIndex))
    collectReturns(Before, Returns);
  return Returns.empty() ? Last : nullptr;
}

/// Every store of storesThrough, overwritten or not.
static std::optional<llvm::SmallVector<const BinaryOperator *, 2>>
allStoresThrough(const ParmVarDecl *P, const FunctionFacts &F) {
  QualType T = P->getType();
  if (F.escapes(P))
    return std::nullopt;
  llvm::SmallVector<const BinaryOperator *, 2> Stores;
  if (T->isLValueReferenceType()) {
    for (const FunctionFacts::Write &W : F.writesOf(P)) {
      const auto *Store = dyn_cast<BinaryOperator>(W.Site);
      if (!W.Value || !Store || Store->getOpcode() != BO_Assign)
        return std::nullopt;
      Stores.push_back(Store);
    }
    return Stores;
  }
  if (!T->isPointerType() || !F.writesOf(P).empty())
    return std::nullopt;
  for (const DeclRefExpr *Use : F.usesOf(P)) {
    OutputUse U = classifyOutputUse(Use, P, F);
    if (U.Kind == OutputUse::Stored)
      Stores.push_back(U.Write);
    else if (U.Kind != OutputUse::Tested && U.Kind != OutputUse::Read)
      return std::nullopt;
  }
  return Stores;
}

/// The stores \p F makes through its parameter \p P, a pointer or a
/// reference to an integer: `*out = e`, `out[0] = e`, or `out = e` for a
/// reference, less those a store that ends every run overwrites. None
/// when it does anything else with P than read through it and test it for
/// null: hands it on, moves it, or updates through it.
static std::optional<llvm::SmallVector<const BinaryOperator *, 2>>
storesThrough(const ParmVarDecl *P, const FunctionFacts &F) {
  auto Stores = allStoresThrough(P, F);
  if (const auto *Def = dyn_cast<FunctionDecl>(P->getDeclContext()); Stores && Def)
    if (const BinaryOperator *Last = storeEndingEveryRun(*Stores, Def, F))
      return llvm::SmallVector<const BinaryOperator *, 2>{Last};
  return Stores;
}

/// Every store and update \p F makes through \p P, whatever else it does
/// with P (a callback filling `*size` before `*size *= 1 + rank`). Empty
/// when P itself is reassigned: what it then points to is not known.
static llvm::SmallVector<const BinaryOperator *, 2>
writesThrough(const ParmVarDecl *P, const FunctionFacts &F) {
  llvm::SmallVector<const BinaryOperator *, 2> Writes;
  if (P->getType()->isLValueReferenceType()) {
    for (const FunctionFacts::Write &W : F.writesOf(P))
      if (const auto *Write = dyn_cast<BinaryOperator>(W.Site))
        Writes.push_back(Write);
    return Writes;
  }
  if (!P->getType()->isPointerType() || !F.writesOf(P).empty())
    return Writes;
  for (const DeclRefExpr *Use : F.usesOf(P)) {
    OutputUse U = classifyOutputUse(Use, P, F);
    if (U.Write)
      Writes.push_back(U.Write);
  }
  return Writes;
}

std::optional<Interval>
RangeAnalysis::outputRange(const FunctionDecl *Self, unsigned Out,
                           llvm::ArrayRef<std::optional<Interval>> Args,
                           const Expr *&OverflowSite) {
  if (!Facts || !Self->getBody() || Out >= Self->getNumParams())
    return std::nullopt;
  const ParmVarDecl *P = Self->getParamDecl(Out);
  auto Stores = storesThrough(P, *Facts);
  if (!Stores || Stores->empty()) {
    // The value is not known, but a product on the way may still wrap it.
    OverflowSite = overflowThrough(Self, P, Args);
    return std::nullopt;
  }
  llvm::SmallVector<std::pair<const Expr *, const Stmt *>, 2> Values;
  for (const BinaryOperator *Store : *Stores)
    Values.push_back({Store->getRHS(), Store});
  return joinAt(Self, Values, Args, OverflowSite);
}

const Expr *
RangeAnalysis::overflowThrough(const FunctionDecl *Self, const ParmVarDecl *P,
                               llvm::ArrayRef<std::optional<Interval>> Args) {
  for (const BinaryOperator *Write : writesThrough(P, *Facts)) {
    Constraints C = constraintsWithArguments(Self, Write, Args);
    State S;
    if (const auto *Update = dyn_cast<CompoundAssignOperator>(Write))
      evalUpdate(Update, C, S);
    else
      eval(Write->getRHS(), C, S);
    if (S.OverflowSite)
      return S.OverflowSite;
  }
  return nullptr;
}

Constraints RangeAnalysis::constraintsWithArguments(
    const FunctionDecl *Self, const Stmt *Site,
    llvm::ArrayRef<std::optional<Interval>> Args) {
  Constraints C = constraintsAt(Site);
  for (unsigned I = 0; I < Args.size() && I < Self->getNumParams(); ++I) {
    const ParmVarDecl *P = Self->getParamDecl(I);
    if (!Args[I] || !Facts->writesOf(P).empty() || Facts->escapes(P))
      continue;
    auto [It, New] = C.try_emplace(P, *Args[I]);
    if (!New)
      It->second = It->second.meet(*Args[I]);
  }
  return C;
}

std::optional<Interval> RangeAnalysis::modelOutput(const CallExpr *Call,
                                                   unsigned Arg) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  const ModelInfo *M = Callee ? lookupModel(*Callee) : nullptr;
  if (!M || M->Out < 0 || unsigned(M->Out) != Arg)
    return std::nullopt;
  return outputRange(Call, *M);
}

std::optional<llvm::SmallVector<const Expr *, 2>>
RangeAnalysis::valuesStoredThrough(const ParmVarDecl *Out) const {
  auto Stores = Facts ? storesThrough(Out, *Facts) : std::nullopt;
  if (!Stores || Stores->empty())
    return std::nullopt;
  llvm::SmallVector<const Expr *, 2> Values;
  for (const BinaryOperator *Store : *Stores)
    Values.push_back(Store->getRHS());
  return Values;
}

std::optional<llvm::SmallVector<RangeAnalysis::OutputWrite, 2>>
RangeAnalysis::outputWrites(const ParmVarDecl *Out) const {
  if (!Facts || !Out->getType()->isPointerType() || Facts->escapes(Out) ||
      !Facts->writesOf(Out).empty())
    return std::nullopt;
  llvm::SmallVector<OutputWrite, 2> Writes;
  for (const DeclRefExpr *Use : Facts->usesOf(Out)) {
    OutputUse U = classifyOutputUse(Use, Out, *Facts);
    if (U.Kind == OutputUse::Stored)
      Writes.push_back({U.Write->getRHS(), U.Write, nullptr, 0});
    else if (U.Kind == OutputUse::Forwarded)
      Writes.push_back({nullptr, U.Call, U.Call, U.Arg});
    else if (U.Kind != OutputUse::Tested && U.Kind != OutputUse::Read)
      return std::nullopt;
  }
  return Writes;
}

std::optional<Interval> RangeAnalysis::joinAt(
    const FunctionDecl *Self,
    llvm::ArrayRef<std::pair<const Expr *, const Stmt *>> Values,
    llvm::ArrayRef<std::optional<Interval>> Args, const Expr *&OverflowSite) {
  std::optional<Interval> Joined;
  const Expr *FirstSite = nullptr;
  std::optional<Interval> Int = Interval::ofType(Ctx.IntTy, Ctx);
  for (const auto &Returned : Values) {
    const Expr *Value = Returned.first;
    const Stmt *Site = Returned.second;
    Constraints C = constraintsWithArguments(Self, Site, Args);
    State S;
    std::optional<Interval> R = eval(Value, C, S);
    if (!R)
      return std::nullopt;
    // A value that may not fit, or that nothing bounds below its type, is
    // worth the pass over the control flow: `p = n % 32; if (p < 7) p +=
    // 32; return p;` is at most 38 there, and a count of the ranks that
    // pass a test below their number, as either would be at an MPI call.
    std::optional<Interval> Full = Interval::ofType(Value->getType(), Ctx);
    // Reaching an end of its type, it is bounded on that side by nothing.
    auto unbounded = [&] {
      return (Int && !R->within(*Int)) ||
             (Full && (R->Hi >= Full->Hi ||
                       (Full->Lo < 0 && R->Lo <= Full->Lo)));
    };
    auto tryFlow = [&](FlowRanges *Pass) {
      std::optional<PointFacts> At = factsOf(Pass, Site, C);
      if (!At || At->Unreachable)
        return;
      State Flowed;
      if (std::optional<Interval> F = eval(Value, At->Known, Flowed);
          F && F->within(*R)) {
        R = F;
        S = Flowed;
      }
    };
    if (unbounded())
      tryFlow(flow());
    // Still unbounded: a pass that starts from this call's arguments (a
    // loop over the `n` it is given bounds what the loop counts).
    if (unbounded()) {
      // Only arguments narrower than what the joined pass assumed can
      // change its answer (a pass costs as much as the function's own).
      Constraints Given;
      for (unsigned I = 0; I < Args.size() && I < Self->getNumParams(); ++I) {
        const ParmVarDecl *P = Self->getParamDecl(I);
        if (!Args[I] || !Facts->writesOf(P).empty() || Facts->escapes(P))
          continue;
        std::optional<Interval> Assumed = rangeOfVariable(P);
        if (!Assumed || (Args[I]->within(*Assumed) &&
                         (Args[I]->Lo != Assumed->Lo ||
                          Args[I]->Hi != Assumed->Hi)))
          Given.try_emplace(P, *Args[I]);
      }
      if (!Given.empty() && Self == Function)
        tryFlow(flowFrom(Given));

    }
    if (!S.OverflowSite)
      S.OverflowSite = narrowingConversion(Value, C);
    if (!FirstSite)
      FirstSite = S.OverflowSite;
    Joined = Joined ? Joined->join(*R) : *R;
  }
  if (Joined)
    OverflowSite = FirstSite;
  return Joined;
}

std::optional<RangeAnalysis::HelperOutput>
RangeAnalysis::helperOutputOf(const DeclRefExpr *Use) const {
  const auto *V = dyn_cast<VarDecl>(Use->getDecl());
  if (!Facts || !V)
    return std::nullopt;
  // `&v` for a pointer parameter, `v` itself for a reference one.
  const Expr *Arg = Use;
  const Stmt *Up = parentPastParens(Use, *Facts);
  const auto *Address = dyn_cast_or_null<UnaryOperator>(Up);
  if (Address && Address->getOpcode() == UO_AddrOf) {
    Arg = Address;
    Up = parentPastParens(Address, *Facts);
  }
  while (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Up)) {
    if (Cast->getCastKind() != CK_NoOp)
      return std::nullopt;
    Arg = Cast;
    Up = parentPastParens(Cast, *Facts);
  }
  const auto *Call = dyn_cast_or_null<CallExpr>(Up);
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!F || isa<CXXOperatorCallExpr>(Call) || F->isVariadic() ||
      Call->getNumArgs() != F->getNumParams())
    return std::nullopt;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    if (Call->getArg(I)->IgnoreParens() != Arg->IgnoreParens())
      continue;
    QualType P = F->getParamDecl(I)->getType();
    QualType Pointee = Address ? (P->isPointerType() ? P->getPointeeType()
                                                     : QualType())
                               : (P->isLValueReferenceType()
                                      ? P.getNonReferenceType()
                                      : QualType());
    // The helper must write V's own type: nothing converts on the way.
    if (Pointee.isNull() || Pointee.isConstQualified() ||
        Ctx.getCanonicalType(Pointee.getUnqualifiedType()) !=
            Ctx.getCanonicalType(V->getType().getUnqualifiedType()))
      return std::nullopt;
    return HelperOutput{Call, F, I};
  }
  return std::nullopt;
}

std::optional<Interval>
RangeAnalysis::helperOutputRange(const HelperOutput &Out,
                                 const Expr *&OverflowSite) {
  if (!Unit)
    return std::nullopt;
  return Unit->outputRange(Out.Call, Out.Callee, Out.Index,
                           argumentsOf(Out.Call), OverflowSite);
}

llvm::SmallVector<std::optional<Interval>, 4>
RangeAnalysis::argumentsOf(const CallExpr *Call) {
  Constraints C = constraintsAt(Call);
  State S;
  llvm::SmallVector<std::optional<Interval>, 4> Args;
  for (const Expr *Arg : Call->arguments())
    Args.push_back(eval(Arg, C, S));
  return Args;
}

//===----------------------------------------------------------------------===//
// The model of a run (MPIModel.def)
//===----------------------------------------------------------------------===//

bool isPredefinedHandle(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreParenCasts();
  if (isa<IntegerLiteral>(E))
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_AddrOf)
      if (const auto *DRE = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParens()))
        if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
          return V->hasGlobalStorage() && !V->isStaticLocal();
  return !E->isValueDependent() && E->getType()->isIntegerType() &&
         E->isIntegerConstantExpr(Ctx);
}

bool RangeAnalysis::isPredefinedParameter(const Expr *E) const {
  const auto *P = dyn_cast_or_null<ParmVarDecl>(namedVariable(E));
  return P && Unit && Facts && Facts->writesOf(P).empty() &&
         !Facts->escapes(P) && Unit->argumentsPredefined(P);
}

/// Whether \p E is the whole expansion of a macro named \p Name, maybe
/// written as an argument of another macro (`check(n == MPI_UNDEFINED)`),
/// where its text cannot be read back from the file.
static bool expandsMacroNamed(const Expr *E, StringRef Name,
                              const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (SourceLocation Begin = E->getBeginLoc(), End = E->getEndLoc();
       Begin.isMacroID() && End.isMacroID();
       Begin = SM.getImmediateMacroCallerLoc(Begin),
                      End = SM.getImmediateMacroCallerLoc(End)) {
    if (SM.isMacroArgExpansion(Begin))
      continue;
    return Lexer::getImmediateMacroName(Begin, SM, Ctx.getLangOpts()) == Name &&
           SM.getImmediateExpansionRange(Begin).getBegin() ==
               SM.getImmediateExpansionRange(End).getBegin();
  }
  return false;
}

bool isSpelledAs(const Expr *E, ModelConstant C, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  // MPICH and Open MPI declare some constants as enumerators.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E);
      DRE && isa<EnumConstantDecl>(DRE->getDecl()))
    return DRE->getDecl()->getName() == spellingOf(C);
  return E->getBeginLoc().isMacroID() &&
         (spelledText(E, Ctx) == spellingOf(C) ||
          expandsMacroNamed(E, spellingOf(C), Ctx));
}

const Expr *RangeAnalysis::predefinedTypeTested(const Expr *Cond,
                                                unsigned Depth) {
  if (!Facts || Depth > 4)
    return nullptr;
  const Expr *E = Cond->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_LAnd) {
      if (const Expr *T = predefinedTypeTested(B->getLHS(), Depth + 1))
        return T;
      return predefinedTypeTested(B->getRHS(), Depth + 1);
    }
    if (B->getOpcode() != BO_EQ)
      return nullptr;
    const Expr *Combiner =
        isSpelledAs(B->getRHS(), ModelConstant::COMBINER_NAMED, Ctx)   ? B->getLHS()
        : isSpelledAs(B->getLHS(), ModelConstant::COMBINER_NAMED, Ctx) ? B->getRHS()
                                                                        : nullptr;
    const VarDecl *V =
        Combiner ? namedVariable(Combiner->IgnoreParenImpCasts()) : nullptr;
    const CallExpr *Envelope =
        V ? soleSetter(V, ModelRole::COMBINER_OUT, *Facts) : nullptr;
    const ModelInfo *M =
        Envelope ? lookupModel(*Envelope->getDirectCallee()) : nullptr;
    return M && M->Type >= 0 && unsigned(M->Type) < Envelope->getNumArgs()
               ? Envelope->getArg(M->Type)->IgnoreParenImpCasts()
               : nullptr;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    std::optional<unsigned> Tested =
        Callee && Unit ? Unit->predefinedTypeTest(Callee) : std::nullopt;
    return Tested && *Tested < Call->getNumArgs()
               ? Call->getArg(*Tested)->IgnoreParenImpCasts()
               : nullptr;
  }
  // `int is_basic = (combiner == MPI_COMBINER_NAMED);`
  if (const VarDecl *V = namedVariable(E);
      V && V->getInit() && holdsOneValue(V, *Facts))
    return predefinedTypeTested(V->getInit(), Depth + 1);
  return nullptr;
}

/// The local or parameter \p E reads, through `.` members only: what
/// nothing but a statement naming it can change.
static const VarDecl *readLocal(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (const auto *Member = dyn_cast<MemberExpr>(E)) {
    if (Member->isArrow())
      return nullptr;
    E = Member->getBase()->IgnoreParenImpCasts();
  }
  const VarDecl *V = namedVariable(E);
  return V && V->hasLocalStorage() ? V : nullptr;
}

bool RangeAnalysis::guardedAsPredefined(const Expr *Type, const Stmt *At) {
  const VarDecl *Read = readLocal(Type);
  if (!Facts || !Read || Facts->isCaptured(Read))
    return false;
  for (const Stmt *S = At, *P = Facts->parentOf(At); P;
       S = P, P = Facts->parentOf(P)) {
    if (const auto *Block = dyn_cast<CompoundStmt>(P)) {
      for (const Stmt *Before : Block->body()) {
        if (Before == S)
          break;
        if (mentionsVariable(Before, Read))
          return false;
      }
      continue;
    }
    const auto *If = dyn_cast<IfStmt>(P);
    if (!If || If->getThen() != S)
      continue;
    if (const Expr *Tested = predefinedTypeTested(If->getCond()))
      return sameExpression(Tested, Type->IgnoreParenImpCasts(), Ctx);
  }
  return false;
}

std::optional<unsigned> RangeAnalysis::returnsPredefinedTest() {
  if (!Function || !Facts || !Function->getReturnType()->isIntegerType())
    return std::nullopt;
  llvm::SmallVector<const ReturnStmt *, 4> Returns;
  collectReturns(Function->getBody(), Returns);
  std::optional<unsigned> Index;
  for (const ReturnStmt *R : Returns) {
    const Expr *Value = R->getRetValue();
    if (!Value)
      return std::nullopt;
    Expr::EvalResult Constant;
    if (!Value->isValueDependent() && Value->EvaluateAsInt(Constant, Ctx) &&
        Constant.Val.getInt().isZero())
      continue;
    const Expr *Tested = predefinedTypeTested(Value);
    const auto *P =
        Tested ? dyn_cast_or_null<ParmVarDecl>(namedVariable(Tested)) : nullptr;
    if (!P || !holdsOneValue(P, *Facts) ||
        (Index && *Index != P->getFunctionScopeIndex()))
      return std::nullopt;
    Index = P->getFunctionScopeIndex();
  }
  return Index;
}

/// Whether \p E is spelled as the model's null process (MPI_PROC_NULL).
static bool isNullProcess(const Expr *E, const ASTContext &Ctx) {
  return isSpelledAs(E, ModelConstant::NULL_PROCESS, Ctx);
}

std::optional<Interval> RangeAnalysis::outputRange(const CallExpr *Call,
                                                   const ModelInfo &M) {
  const RunModel *Model = model();
  if (!Model)
    return std::nullopt;
  switch (M.Role) {
  case ModelRole::SIZE_OUT:
  case ModelRole::REMOTE_SIZE_OUT:
    return Interval{1, Model->MaxProcesses};
  case ModelRole::GROUP_SIZE_OUT:
    return Interval{0, Model->MaxProcesses};
  case ModelRole::RANK_OUT:
  case ModelRole::RANK_OF_OUT:
    return Interval{0, Model->MaxProcesses - 1};
  case ModelRole::TYPE_SIZE_OUT:
  case ModelRole::TYPE_EXTENT_OUT: {
    // The largest predefined datatypes (long double complex, MPI_LONG_DOUBLE_INT
    // with its padding) are 32 bytes; 64 leaves room.
    if (M.Type < 0 || unsigned(M.Type) >= Call->getNumArgs())
      return std::nullopt;
    const Expr *Type = Call->getArg(M.Type);
    if (isPredefinedHandle(Type, Ctx) || isPredefinedParameter(Type) ||
        guardedAsPredefined(Type, Call))
      return Interval{0, 64};
    // The size of a datatype built here is what its constructors make; its
    // extent is not (a stride spreads the same bytes).
    if (M.Role == ModelRole::TYPE_SIZE_OUT)
      if (std::optional<WideInt> Bytes = typeBytes(Type))
        return Interval{0, *Bytes};
    return std::nullopt;
  }
  case ModelRole::GRID_OUT: {
    // Each extent divides the number of grid points, Count; with Count not
    // bounded, the grid is one of processes.
    WideInt Hi = Model->MaxProcesses;
    if (M.Count >= 0 && unsigned(M.Count) < Call->getNumArgs()) {
      State Ignored;
      if (std::optional<Interval> N =
              eval(Call->getArg(M.Count), constraintsAt(Call), Ignored))
        Hi = std::max<WideInt>(N->Hi, 0);
    }
    return Interval{0, Hi};
  }
  case ModelRole::GRID_INDEX_OUT:
    return Interval{0, Model->MaxProcesses - 1};
  case ModelRole::STATUS_COUNT:
  case ModelRole::STATUS_ELEMENTS:
    return statusCount(Call, M);
  case ModelRole::REDUCE_OUT:
    return reducedRange(Call);
  default:
    return std::nullopt;
  }
}

/// Whether what \p Call leaves in its output is a value the output held
/// before, on one of the processes: the root's for MPI_Bcast, the largest
/// or smallest for a maximum or minimum in place.
static bool keepsOneOfItsValues(const CallExpr *Call, const ModelInfo &M,
                                const ASTContext &Ctx) {
  if (M.Role == ModelRole::REPLICATE)
    return true;
  const FunctionDecl *Callee = Call->getDirectCallee();
  const ReduceInfo *R = Callee ? lookupReduce(*Callee) : nullptr;
  if (M.Role != ModelRole::REDUCE_OUT || !R ||
      unsigned(R->Op) >= Call->getNumArgs())
    return false;
  const Expr *Op = Call->getArg(R->Op);
  return isSpelledAs(Call->getArg(R->In), ModelConstant::IN_PLACE, Ctx) &&
         (isSpelledAs(Op, ModelConstant::MAX_OP, Ctx) ||
          isSpelledAs(Op, ModelConstant::MIN_OP, Ctx));
}

std::optional<Interval> RangeAnalysis::reducedRange(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  const ReduceInfo *R = Callee ? lookupReduce(*Callee) : nullptr;
  const RunModel *Model = model();
  if (!R || !Model || unsigned(R->Op) >= Call->getNumArgs() ||
      !isPredefinedHandle(Call->getArg(R->Type), Ctx))
    return std::nullopt;
  const Expr *Op = Call->getArg(R->Op);
  bool Extreme = isSpelledAs(Op, ModelConstant::MAX_OP, Ctx) ||
                 isSpelledAs(Op, ModelConstant::MIN_OP, Ctx);
  bool Sum = isSpelledAs(Op, ModelConstant::SUM_OP, Ctx);
  const Expr *In = Call->getArg(R->In);
  if ((!Extreme && !Sum) || isSpelledAs(In, ModelConstant::IN_PLACE, Ctx))
    return std::nullopt;
  // `&x` (read where the call is) or an array whose elements are known.
  std::optional<Interval> Values;
  In = In->IgnoreParenCasts();
  if (const auto *Address = dyn_cast<UnaryOperator>(In);
      Address && Address->getOpcode() == UO_AddrOf &&
      Address->getSubExpr()->getType()->isIntegerType()) {
    State Ignored;
    Values = eval(Address->getSubExpr(), constraintsAt(Call), Ignored);
  } else if (const VarDecl *Array = referencedVariable(In);
             Array && Array->getType()->isArrayType()) {
    Values = rangeOfElements(Array);
  }
  if (!Values || Extreme)
    return Values;
  WideInt Most = Model->MaxProcesses;
  return Interval{std::min(Values->Lo, Values->Lo * Most),
                  std::max(Values->Hi, Values->Hi * Most)};
}

/// Whether \p Use stores into its variable (`v = ...`, `v += ...`, `++v`).
static bool isStoredTo(const DeclRefExpr *Use, const FunctionFacts &F) {
  const Stmt *P = parentPastParens(Use, F);
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(P))
    return B->isAssignmentOp() && B->getLHS()->IgnoreParens() == Use;
  const auto *U = dyn_cast_or_null<UnaryOperator>(P);
  return U && U->isIncrementDecrementOp();
}

bool RangeAnalysis::onlyOutputsTake(
    const VarDecl *V,
    llvm::function_ref<bool(const CallExpr *, const ModelInfo &)> Judge) const {
  if (!Facts || !model() || !V->hasLocalStorage() ||
      Facts->isCaptured(V) || V->getType().isVolatileQualified())
    return false;
  bool Taken = false;
  for (const DeclRefExpr *Use : Facts->usesOf(V)) {
    if (onlyReads(Use, *Facts) || isStoredTo(Use, *Facts))
      continue;
    const ModelInfo *M = nullptr;
    const CallExpr *Call = outputCallOf(Use, *Facts, M);
    if (!Call || !Judge(Call, *M))
      return false;
    Taken = true;
  }
  return Taken;
}

bool RangeAnalysis::isHandedOnlyToBroadcasts(const VarDecl *V) const {
  return onlyOutputsTake(V, [](const CallExpr *, const ModelInfo &M) {
    return M.Role == ModelRole::REPLICATE;
  });
}

bool RangeAnalysis::isFilledOnlyByMPIFirst(const VarDecl *V,
                                           bool Broadcasts) const {
  // A broadcast copies the root's stores; any other output gives a value
  // of its own, which a later store replaces.
  return !isa<ParmVarDecl>(V) &&
         onlyOutputsTake(V, [&](const CallExpr *Call, const ModelInfo &M) {
           if (M.Role == ModelRole::REPLICATE)
             return Broadcasts;
           return llvm::all_of(
               Facts->writesOf(V), [&](const FunctionFacts::Write &W) {
                 return Facts->runsOnlyAfter(W.Site, Call);
               });
         });
}

/// Whether \p S holds a goto label or a switch case: control can enter
/// it other than from its start. Counts the nodes it visits in \p Budget.
static bool entersInside(const Stmt *S, unsigned &Budget) {
  if (!S)
    return false;
  if (Budget == 0)
    return true;
  --Budget;
  if (isa<LabelStmt, SwitchCase>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (entersInside(Child, Budget))
      return true;
  return false;
}

std::optional<Interval> RangeAnalysis::storeFoundBefore(
    const Stmt *Use, QualType Holder,
    llvm::function_ref<bool(const Stmt *)> ChangesIn, unsigned Reach,
    llvm::function_ref<std::optional<Interval>(const Stmt *, bool &)> StoredBy) {
  std::optional<Interval> Found =
      searchBackForStore(Use, ChangesIn, Reach, StoredBy);
  if (Found)
    if (std::optional<Interval> Full = Interval::ofType(Holder, Ctx))
      Found = Found->meet(*Full);
  return Found;
}

std::optional<Interval> RangeAnalysis::searchBackForStore(
    const Stmt *Use, llvm::function_ref<bool(const Stmt *)> ChangesIn,
    unsigned Reach,
    llvm::function_ref<std::optional<Interval>(const Stmt *, bool &)> StoredBy) {
  // Climb from the use through compounds and the branches of ifs; in each
  // compound, the statements before are searched backwards for the first
  // that changes the value, with nothing between that lets control in. A
  // loop, a switch or a label around ends the search.
  unsigned Budget = 4096;
  const Stmt *S = Use;
  for (const Stmt *P = Facts->parentOf(S); P; S = P, P = Facts->parentOf(P)) {
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt,
            SwitchCase, LabelStmt, CapturedStmt, LambdaExpr, BlockExpr>(P))
      return std::nullopt;
    if (const auto *If = dyn_cast<IfStmt>(P)) {
      if (S != If->getCond() && (ChangesIn(If->getCond()) ||
                                 (If->getInit() && ChangesIn(If->getInit()))))
        return std::nullopt;
      continue;
    }
    const auto *C = dyn_cast<CompoundStmt>(P);
    if (!C)
      continue;
    for (auto I = llvm::find(C->body(), S); I != C->body_begin();) {
      const Stmt *Before = *--I;
      if (Reach-- == 0 || entersInside(Before, Budget))
        return std::nullopt;
      if (!ChangesIn(Before))
        continue;
      bool Further = false;
      std::optional<Interval> Found = StoredBy(Before, Further);
      if (Found || !Further)
        return Found;
    }
  }
  return std::nullopt;
}

std::optional<Interval> RangeAnalysis::accessStoredBefore(const Expr *Access) {
  if (!Facts || !isa<MemberExpr, ArraySubscriptExpr>(Access) ||
      !Access->getType()->isIntegerType())
    return std::nullopt;
  const auto *Read =
      dyn_cast_or_null<ImplicitCastExpr>(parentPastParens(Access, *Facts));
  if (!Read || Read->getCastKind() != CK_LValueToRValue)
    return std::nullopt;
  auto [Cached, New] = AccessStoredBefore.try_emplace(Access, std::nullopt);
  if (!New)
    return Cached->second;
  auto ChangesIn = [&](const Stmt *S) { return mayChangeAccess(S, Access); };
  auto Same = [&](const Expr *Other) {
    return sameExpression(Other, Access, Ctx);
  };
  // Stores further back than a few statements are left to the other rules:
  // each read searches anew, and a long body must stay linear.
  const unsigned Reach = 4;
  std::optional<Interval> Found = storeFoundBefore(
      Access, Access->getType(), ChangesIn, Reach,
      [&](const Stmt *Before, bool &) -> std::optional<Interval> {
        if (const auto *Store = dyn_cast<BinaryOperator>(Before);
            Store && Store->getOpcode() == BO_Assign &&
            Same(Store->getLHS()) && !ChangesIn(Store->getRHS())) {
          State Ignored;
          return eval(Store->getRHS(), constraintsAt(Store), Ignored);
        }
        // `MPI_Get_count(&st, t, &c->got);`: the model's output.
        const auto *Call = dyn_cast<CallExpr>(Before);
        const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
        const ModelInfo *M = Callee ? lookupModel(*Callee) : nullptr;
        if (!M || M->Out < 0 || unsigned(M->Out) >= Call->getNumArgs() ||
            keepsOneOfItsValues(Call, *M, Ctx))
          return std::nullopt;
        const auto *Address = dyn_cast<UnaryOperator>(
            Call->getArg(M->Out)->IgnoreParenImpCasts());
        if (!Address || Address->getOpcode() != UO_AddrOf ||
            !Same(Address->getSubExpr()))
          return std::nullopt;
        return outputRange(Call, *M);
      });
  AccessStoredBefore[Access] = Found;
  return Found;
}

const RangeAnalysis::LocalChanges &
RangeAnalysis::changesOf(const VarDecl *V) {
  auto [It, New] = ChangesOfLocal.try_emplace(V);
  LocalChanges &Changes = It->second;
  if (!New)
    return Changes;
  // A pointer kept by a call (MPI_Irecv(&n, ...)) writes V later, where no
  // statement mentions it: V must be handed only to model outputs, which
  // are set when the call returns.
  for (const DeclRefExpr *Other : Facts->usesOf(V)) {
    if (onlyReads(Other, *Facts))
      continue;
    const ModelInfo *M = nullptr;
    if (!isStoredTo(Other, *Facts) && !outputCallOf(Other, *Facts, M)) {
      Changes.Within.clear();
      return Changes;
    }
    for (const Stmt *S = Other; S; S = Facts->parentOf(S)) {
      auto [Held, First] = Changes.Within.try_emplace(S, Other);
      if (!First)
        Held->second = nullptr;
    }
  }
  Changes.OnlyStoresAndOutputs = true;
  return Changes;
}

std::optional<Interval> RangeAnalysis::lastStoreBefore(const DeclRefExpr *Use,
                                                       const VarDecl *V) {
  // Only for a local whose address is handed out (to MPI calls that set
  // it): the pass over the control flow follows the others.
  if (!model() || !Facts || !V->hasLocalStorage() || isa<ParmVarDecl>(V) ||
      !Facts->escapes(V) || Facts->isCaptured(V) ||
      V->getType().isVolatileQualified() || !V->getType()->isIntegerType() ||
      !onlyReads(Use, *Facts))
    return std::nullopt;
  auto Cached = StoredBefore.find(Use);
  if (Cached != StoredBefore.end())
    return Cached->second;
  StoredBefore[Use] = std::nullopt; // Unknown while it is judged.
  // The uses that may change V: each either is the store found, or ends
  // the search.
  const LocalChanges &Changes = changesOf(V);
  if (!Changes.OnlyStoresAndOutputs)
    return std::nullopt;
  auto ChangesIn = [&](const Stmt *S) { return Changes.Within.count(S) != 0; };
  std::optional<Interval> Found = storeFoundBefore(
      Use, V->getType(), ChangesIn, ~0u,
      [&](const Stmt *Before, bool &Further) -> std::optional<Interval> {
        // `V = e;` or a statement that always runs a model call setting V.
        const auto *Store = dyn_cast<BinaryOperator>(Before);
        if (Store && Store->getOpcode() == BO_Assign &&
            namedVariable(Store->getLHS()->IgnoreParens()) == V &&
            !ChangesIn(Store->getRHS())) {
          State Ignored;
          return eval(Store->getRHS(), constraintsAt(Store), Ignored);
        }
        const DeclRefExpr *Only = Changes.Within.lookup(Before);
        const ModelInfo *M = nullptr;
        const CallExpr *Call = Only ? outputCallOf(Only, *Facts, M) : nullptr;
        if (!Call || statementRunning(Call, *Facts) != Before)
          return std::nullopt;
        // What the root held before MPI_Bcast: searched further back.
        if (keepsOneOfItsValues(Call, *M, Ctx)) {
          Further = true;
          return std::nullopt;
        }
        return outputRange(Call, *M);
      });
  StoredBefore[Use] = Found;
  return Found;
}

std::optional<Interval> RangeAnalysis::rangeOfModelOutputs(const VarDecl *V) {
  if (!model() || !Facts || !V->hasLocalStorage() || isa<ParmVarDecl>(V) ||
      Facts->isCaptured(V) || V->getType().isVolatileQualified() ||
      V->hasAttr<BlocksAttr>())
    return std::nullopt;
  std::optional<Interval> Outputs;
  bool AllSizes = true, AllRanks = true, Replicated = false, Modelled = false;
  for (const DeclRefExpr *Use : Facts->usesOf(V)) {
    if (onlyReads(Use, *Facts))
      continue;
    // A store or an increment: among V's writes, joined below.
    const Stmt *P = parentPastParens(Use, *Facts);
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(P))
      if (B->isAssignmentOp() && B->getLHS()->IgnoreParens() == Use)
        continue;
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(P))
      if (U->isIncrementDecrementOp())
        continue;
    const ModelInfo *M = nullptr;
    const CallExpr *Call = outputCallOf(Use, *Facts, M);
    // &v handed to a `const` parameter (a reduction's input) is only read.
    if (!Call && isHandedToReader(Use, *Facts))
      continue;
    if (!Call) {
      // Handed to a helper of the unit that stores into it.
      std::optional<HelperOutput> Out = helperOutputOf(Use);
      const Expr *Ignored = nullptr;
      std::optional<Interval> Stored;
      if (Out && InProgress.insert(V).second) {
        Stored = helperOutputRange(*Out, Ignored);
        InProgress.erase(V);
      }
      if (!Stored)
        return std::nullopt;
      AllSizes = AllRanks = false;
      Outputs = Outputs ? Outputs->join(*Stored) : *Stored;
      continue;
    }
    // MPI_Bcast(&n, ...): the root's n, one of the values judged here.
    if (keepsOneOfItsValues(Call, *M, Ctx)) {
      Replicated = true;
      continue;
    }
    std::optional<Interval> R = outputRange(Call, *M);
    if (!R)
      return std::nullopt;
    Modelled = true;
    AllSizes &= M->Role == ModelRole::SIZE_OUT ||
                M->Role == ModelRole::GROUP_SIZE_OUT ||
                M->Role == ModelRole::REMOTE_SIZE_OUT;
    AllRanks &= M->Role == ModelRole::RANK_OUT ||
                M->Role == ModelRole::RANK_OF_OUT;
    Outputs = Outputs ? Outputs->join(*R) : *R;
  }
  if (!Outputs && Replicated)
    Outputs = rangeOfWrites(V, Facts->writesOf(V));
  else
    Outputs = withStores(Outputs, V, Facts->writesOf(V));
  if (Outputs && Modelled && (AllSizes || AllRanks))
    ModelledAsSize[V] = AllSizes;
  return Outputs;
}

/// The node above \p S past implicit conversions and parentheses;
/// \p Child is set to the node just below it.
static const Stmt *parentPastCasts(const Stmt *S, const FunctionFacts &F,
                                   const Stmt *&Child) {
  Child = S;
  const Stmt *P = F.parentOf(S);
  while (isa_and_nonnull<ImplicitCastExpr, ParenExpr>(P)) {
    Child = P;
    P = F.parentOf(P);
  }
  return P;
}

/// The call that \p Arg (a use with its `&`, subscript or decay) is an
/// argument of, with its index there.
static const CallExpr *argumentOf(const Stmt *Arg, const FunctionFacts &F,
                                  unsigned &Index) {
  const Stmt *Child = Arg;
  const auto *Call = dyn_cast_or_null<CallExpr>(parentPastCasts(Arg, F, Child));
  if (!Call)
    return nullptr;
  for (Index = 0; Index < Call->getNumArgs(); ++Index)
    if (Call->getArg(Index) == Child)
      return Call;
  return nullptr;
}

/// The element `a[i]` whose array \p Use names, or null.
static const ArraySubscriptExpr *elementAt(const DeclRefExpr *Use,
                                           const FunctionFacts &F) {
  const Stmt *Child = Use;
  const auto *ASE =
      dyn_cast_or_null<ArraySubscriptExpr>(parentPastCasts(Use, F, Child));
  return ASE && ASE->getBase() == Child ? ASE : nullptr;
}

/// Whether \p Up, the node above an lvalue, reads its value.
static bool isRead(const Stmt *Up) {
  const auto *Read = dyn_cast_or_null<ImplicitCastExpr>(Up);
  return Read && Read->getCastKind() == CK_LValueToRValue;
}

std::optional<Interval>
RangeAnalysis::rangeOfOutputElements(const VarDecl *Array) {
  if (!model() || !Array->getType()->isConstantArrayType() ||
      !Array->getType()->castAsArrayTypeUnsafe()->getElementType()
           ->isIntegerType() ||
      Facts->isCaptured(Array) || Array->getType().isVolatileQualified())
    return std::nullopt;
  std::optional<Interval> Outputs;
  for (const DeclRefExpr *Use : Facts->usesOf(Array)) {
    // dims[i] read or stored.
    if (const ArraySubscriptExpr *ASE = elementAt(Use, *Facts)) {
      const Stmt *Up = parentPastParens(ASE, *Facts);
      if (isRead(Up))
        continue;
      if (const auto *Store = dyn_cast_or_null<BinaryOperator>(Up);
          Store && Store->isAssignmentOp() &&
          Store->getLHS()->IgnoreParens() == ASE)
        continue;
      if (const auto *Step = dyn_cast_or_null<UnaryOperator>(Up);
          Step && Step->isIncrementDecrementOp())
        continue;
      return std::nullopt;
    }
    unsigned Index = 0;
    const CallExpr *Call = argumentOf(Use, *Facts, Index);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee)
      return std::nullopt;
    if (isReadOnlyArgument(Call, Index))
      continue;
    const ModelInfo *M = lookupModel(*Callee);
    if (!M || M->Out != int(Index) ||
        (M->Role != ModelRole::GRID_OUT &&
         M->Role != ModelRole::GRID_INDEX_OUT &&
         M->Role != ModelRole::REDUCE_OUT))
      return std::nullopt;
    // A maximum in place: one of the values the elements held.
    if (keepsOneOfItsValues(Call, *M, Ctx))
      continue;
    std::optional<Interval> R = outputRange(Call, *M);
    if (!R)
      return std::nullopt;
    Outputs = Outputs ? Outputs->join(*R) : *R;
  }
  return withStores(Outputs, Array, Facts->elementWritesOf(Array));
}

static const VarDecl *handleVariable(const Expr *E);

/// The local, parameter or member of this object that \p E names (`comm`,
/// `&comm`, `cart_`): what identifies a communicator in one function.
static const ValueDecl *handleIdentity(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_AddrOf)
    E = U->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts())
               ? M->getMemberDecl()
               : nullptr;
  return namedVariable(E);
}

/// What the one address argument of \p Call names, the handle the call
/// makes (the communicator MPI_Cart_create makes); null unless there is
/// exactly one.
static const ValueDecl *onlyAddressArgument(const CallExpr *Call) {
  const ValueDecl *Only = nullptr;
  for (const Expr *Arg : Call->arguments()) {
    const auto *Addr = dyn_cast<UnaryOperator>(Arg->IgnoreParenImpCasts());
    if (!Addr || Addr->getOpcode() != UO_AddrOf)
      continue;
    const ValueDecl *V = handleIdentity(Addr);
    if (!V || (Only && Only != V))
      return nullptr;
    Only = V;
  }
  return Only;
}

const ValueDecl *RangeAnalysis::gridOfArray(const VarDecl *Array) {
  if (auto Known = GridComms.find(Array); Known != GridComms.end())
    return Known->second;
  const ValueDecl *&Grid = GridComms[Array];
  if (!model() || !Facts || !Array->getType()->isConstantArrayType() ||
      Facts->isCaptured(Array) || Array->getType().isVolatileQualified())
    return Grid = nullptr;
  // Extents a call computes for a number of processes (MPI_Dims_create)
  // are the grid of the communicator a call made of them creates.
  const ValueDecl *Described = nullptr, *Created = nullptr;
  bool Computed = false, Ambiguous = false;
  for (const DeclRefExpr *Use : Facts->usesOf(Array)) {
    // Elements read, or set to 0: a dimension MPI_Dims_create chooses.
    if (const ArraySubscriptExpr *ASE = elementAt(Use, *Facts)) {
      const Stmt *Up = parentPastParens(ASE, *Facts);
      if (isRead(Up))
        continue;
      Expr::EvalResult Stored;
      if (const auto *Store = dyn_cast_or_null<BinaryOperator>(Up);
          Store && Store->getOpcode() == BO_Assign &&
          Store->getLHS()->IgnoreParens() == ASE &&
          !Store->getRHS()->isValueDependent() &&
          Store->getRHS()->EvaluateAsInt(Stored, Ctx) &&
          Stored.Val.getInt().isZero())
        continue;
      return Grid = nullptr;
    }
    unsigned Index = 0;
    const CallExpr *Call = argumentOf(Use, *Facts, Index);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee)
      return Grid = nullptr;
    const ModelInfo *M = lookupModel(*Callee);
    bool Describes = M && M->Out == int(Index) &&
                     (M->Role == ModelRole::GRID_OUT ||
                      M->Role == ModelRole::GRID_INDEX_OUT);
    if (!Describes) {
      if (!isReadOnlyArgument(Call, Index))
        return Grid = nullptr;
      if (const ValueDecl *Made = onlyAddressArgument(Call)) {
        Ambiguous |= Created && Created != Made;
        Created = Made;
      }
      continue;
    }
    // A row with a count computes extents; the others ask a communicator.
    if (M->Count >= 0) {
      Computed = true;
      continue;
    }
    const ValueDecl *Comm = handleIdentity(Call->getArg(0));
    if (!Comm || (Described && Described != Comm))
      return Grid = nullptr;
    Described = Comm;
  }
  if (Computed && (Ambiguous || (Described && Described != Created)))
    return Grid = nullptr;
  // Extents no communicator was made of are a grid of their own.
  if (Described)
    return Grid = Described;
  return Grid = Computed ? (Created ? Created : Array) : nullptr;
}

void factorsOf(const Expr *E, llvm::SmallVectorImpl<const Expr *> &Out) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Product = dyn_cast<BinaryOperator>(E);
      Product && Product->getOpcode() == BO_Mul) {
    factorsOf(Product->getLHS(), Out);
    factorsOf(Product->getRHS(), Out);
    return;
  }
  Out.push_back(E);
}

std::optional<Interval> RangeAnalysis::gridProduct(const BinaryOperator *B,
                                                   const Constraints &C,
                                                   State &S) {
  const RunModel *Model = model();
  if (!Model)
    return std::nullopt;
  llvm::SmallVector<const Expr *, 4> Factors;
  factorsOf(B, Factors);
  const ValueDecl *Grid = nullptr;
  llvm::SmallVector<WideInt, 4> Dimensions;
  Interval Product = Interval::exact(1);
  for (const Expr *F : Factors) {
    const auto *ASE = dyn_cast<ArraySubscriptExpr>(F);
    const VarDecl *Array = ASE ? namedVariable(ASE->getBase()) : nullptr;
    Expr::EvalResult Index;
    const ValueDecl *Comm = Array ? gridOfArray(Array) : nullptr;
    if (Comm && !ASE->getIdx()->isValueDependent() &&
        ASE->getIdx()->EvaluateAsInt(Index, Ctx)) {
      // Extent k, or a coordinate below it, once per dimension.
      WideInt K = Index.Val.getInt().getExtValue();
      if ((Grid && Grid != Comm) || llvm::is_contained(Dimensions, K))
        return std::nullopt;
      Grid = Comm;
      Dimensions.push_back(K);
      continue;
    }
    State Ignored;
    std::optional<Interval> V = eval(F, C, Ignored);
    if (!V)
      return std::nullopt;
    WideInt P[] = {saturatingMul(Product.Lo, V->Lo),
                   saturatingMul(Product.Lo, V->Hi),
                   saturatingMul(Product.Hi, V->Lo),
                   saturatingMul(Product.Hi, V->Hi)};
    Product = {minOf({P[0], P[1], P[2], P[3]}), maxOf({P[0], P[1], P[2], P[3]})};
  }
  if (Dimensions.size() < 2)
    return std::nullopt;
  return arithmetic(BO_Mul, Interval{0, Model->MaxProcesses}, Product,
                    B->getType(), B, S);
}

std::optional<Interval> RangeAnalysis::statusCount(const CallExpr *Query,
                                                   const ModelInfo &M) {
  if (!model() || !Facts || M.Status < 0 || M.Type < 0 ||
      unsigned(std::max(M.Status, M.Type)) >= Query->getNumArgs())
    return std::nullopt;
  return statusArgumentCount(Query->getArg(M.Status), statusTypeId(Query, M),
                             Query);
}

/// The call \p S is, as a statement: `f(...)`, `r = f(...)`, or the
/// initializer of the one variable it declares (`int r = f(...)`).
static const CallExpr *callStatement(const Stmt *S) {
  const Expr *E = dyn_cast<Expr>(S);
  if (const auto *Decl = dyn_cast<DeclStmt>(S);
      Decl && Decl->isSingleDecl())
    if (const auto *V = dyn_cast<VarDecl>(Decl->getSingleDecl()))
      E = V->getInit();
  if (!E)
    return nullptr;
  E = E->IgnoreParenImpCasts();
  if (const auto *Assign = dyn_cast<BinaryOperator>(E);
      Assign && Assign->isAssignmentOp())
    E = Assign->getRHS()->IgnoreParenImpCasts();
  return dyn_cast<CallExpr>(E);
}

/// The receive that statement \p S makes (callStatement) into the status
/// \p Status names (`&st`, or a pointer to one), and its model row.
static const CallExpr *receiveInto(const Stmt *S, const VarDecl *Status,
                                   const ModelInfo *&Filler) {
  const CallExpr *Call = S ? callStatement(S) : nullptr;
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  Filler = Callee ? lookupModel(*Callee) : nullptr;
  if (!Filler ||
      (Filler->Role != ModelRole::RECEIVE &&
       Filler->Role != ModelRole::SET_ELEMENTS) ||
      Filler->Status < 0 ||
      unsigned(Filler->Status) >= Call->getNumArgs() ||
      handleVariable(Call->getArg(Filler->Status)) != Status)
    return nullptr;
  return Call;
}

/// The statement right before \p Query receives into the status the query
/// reads, posting the datatype expression the query asks in (`types[j]`),
/// and hands none of that expression's variables to be written: the two
/// calls read the handle together, whatever it holds elsewhere.
static bool postedJustBefore(const CallExpr *Query, const ModelInfo &M,
                             const FunctionFacts &F, const ASTContext &Ctx) {
  const Expr *Type = Query->getArg(M.Type)->IgnoreParenImpCasts();
  const VarDecl *Status = handleVariable(Query->getArg(M.Status));
  auto [S, Block] = enclosingStatement(Query, F);
  std::optional<unsigned> I = S ? F.indexInCompound(S) : std::nullopt;
  if (!Status || !I || *I == 0 || isa<LabelStmt, SwitchCase>(S) ||
      Type->HasSideEffects(Ctx))
    return false;
  const ModelInfo *Filler = nullptr;
  const CallExpr *Receive =
      receiveInto(Block->body_begin()[*I - 1], Status, Filler);
  if (!Receive || Filler->Type < 0)
    return false;
  llvm::FoldingSetNodeID Posted, Asked;
  Receive->getArg(Filler->Type)->IgnoreParenImpCasts()->Profile(Posted, Ctx,
                                                                true);
  Type->Profile(Asked, Ctx, /*Canonical=*/true);
  if (Posted != Asked)
    return false;
  for (unsigned A = 0; A < Receive->getNumArgs(); ++A)
    if (const VarDecl *V = handleVariable(Receive->getArg(A));
        V && int(A) != Filler->Type && mentionsVariable(Type, V))
      return false;
  return true;
}

/// The receive into the status that parameter \p Status points to, made
/// last before the query \p At on every path to it: a statement before At,
/// or before a statement around it, in the same block; \p Filler gets its
/// model row.
static const CallExpr *receiveJustBefore(const VarDecl *Status,
                                         const Stmt *At,
                                         const FunctionFacts &F,
                                         const ModelInfo *&Filler) {
  // The pointer itself never changes, and the statements between the
  // receive and the query, on the way out of the blocks around the query,
  // do not name it: nothing else writes the status there.
  if (!holdsOneValue(Status, F))
    return nullptr;
  // In a loop, what follows the query in the loop runs before it again.
  bool NamedAfter = false;
  for (const Stmt *S = At, *P = F.parentOf(At); P; S = P, P = F.parentOf(P)) {
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(P) &&
        (NamedAfter || llvm::any_of(P->children(), [&](const Stmt *Part) {
           return Part && Part != S && mentionsVariable(Part, Status);
         })))
      return nullptr;
    const auto *Block = dyn_cast<CompoundStmt>(P);
    if (!Block)
      continue;
    std::optional<unsigned> I = F.indexInCompound(S);
    if (!I)
      return nullptr;
    for (unsigned K = *I + 1; K < Block->size(); ++K)
      NamedAfter |= mentionsVariable(Block->body_begin()[K], Status);
    for (unsigned K = *I; K-- > 0;) {
      const Stmt *Before = Block->body_begin()[K];
      if (!mentionsVariable(Before, Status))
        continue;
      return isa<LabelStmt, SwitchCase>(Before)
                 ? nullptr
                 : receiveInto(Before, Status, Filler);
    }
    // A label in the block lets control in past the statements read.
    if (llvm::any_of(Block->body(), [](const Stmt *B) {
          return isa<LabelStmt, SwitchCase>(B);
        }))
      return nullptr;
  }
  return nullptr;
}

llvm::FoldingSetNodeID RangeAnalysis::statusTypeId(const CallExpr *Query,
                                                   const ModelInfo &M) {
  const Expr *Type = Query->getArg(M.Type);
  // A receive bounds the count in its own datatype only, and a handle that
  // changes may name another datatype: such a query matches no receive (an
  // id no expression has); a probe's bound, in bytes, holds in any datatype.
  llvm::FoldingSetNodeID TypeId;
  if (!(isStableHandle(Type->IgnoreParenImpCasts(), *Facts) ||
        namesOneBuiltDatatype(Type) ||
        postedJustBefore(Query, M, *Facts, Ctx))) {
    TypeId.AddInteger(~0u);
    return TypeId;
  }
  // The basic elements of a derived datatype outnumber its count: only a
  // status set in elements of that datatype answers them as posted.
  if (M.Role == ModelRole::STATUS_ELEMENTS && !isPredefinedHandle(Type, Ctx))
    return elementsTypeId(Type);
  Type->IgnoreParenImpCasts()->Profile(TypeId, Ctx, /*Canonical=*/true);
  return TypeId;
}

llvm::FoldingSetNodeID RangeAnalysis::elementsTypeId(const Expr *Type) {
  llvm::FoldingSetNodeID TypeId;
  TypeId.AddInteger(~1u);
  Type->IgnoreParenImpCasts()->Profile(TypeId, Ctx, /*Canonical=*/true);
  return TypeId;
}

std::optional<Interval>
RangeAnalysis::statusArgumentCount(const Expr *Arg,
                                   const llvm::FoldingSetNodeID &TypeId,
                                   const Stmt *At) {
  if (!model() || !Facts)
    return std::nullopt;
  // `&st` for a status st, `st` for one passed by value, or `s` for a
  // parameter that points to one.
  const Expr *E = Arg->IgnoreParenImpCasts();
  bool Address = false;
  if (const auto *Addr = dyn_cast<UnaryOperator>(E);
      Addr && Addr->getOpcode() == UO_AddrOf) {
    E = Addr->getSubExpr()->IgnoreParenImpCasts();
    Address = true;
  }
  const VarDecl *Status = namedVariable(E);
  if (!Status && Address)
    if (const VarDecl *Array = statusArrayOf(E))
      return statusArrayCount(Array, TypeId);
  if (!Status || Facts->isCaptured(Status))
    return std::nullopt;
  if (const auto *P = dyn_cast<ParmVarDecl>(Status)) {
    bool Pointer = P->getType()->isPointerType() &&
                   P->getType()->getPointeeType()->isRecordType();
    if (Address ? !P->getType()->isRecordType() : !Pointer &&
                                                      !P->getType()->isRecordType())
      return std::nullopt;
    // A wrapper that receives into its caller's status, then asks it.
    const ModelInfo *Filler = nullptr;
    if (Pointer && At)
      if (const CallExpr *Fill = receiveJustBefore(P, At, *Facts, Filler))
        return receivedCount(Fill, *Filler, TypeId);
    // A status passed by value is the function's own copy: once a fill
    // replaces it, the caller's count is gone.
    if (!Pointer && refilledBefore(P, TypeId, At))
      return statusCountIn(P, TypeId, statusQueryPoint(P, At));
    return parameterStatusCount(P, TypeId);
  }
  if (!Status->hasLocalStorage() || !Status->getType()->isRecordType())
    return std::nullopt;
  // A status reused by several fills (a probe, then the receive) holds at
  // a query what the fills before it left: the uses after it are left out
  // when nothing after it can run before it again. Judged once per query,
  // for a status of a few hundred uses at most (a status reused by N
  // receives, each followed by a query, costs N^2); else once per status and
  // datatype, from all of its uses.
  const Stmt *Where = statusQueryPoint(Status, At);
  auto &Known = StatusCounts[Status];
  for (const auto &[Id, Point, Bound] : Known)
    if (Id == TypeId && Point == Where)
      return Bound;
  std::optional<Interval> Count = statusCountIn(Status, TypeId, Where);
  StatusCounts[Status].push_back({TypeId, Where, Count});
  return Count;
}

const VarDecl *RangeAnalysis::statusArrayOf(const Expr *Element) const {
  const auto *ASE = dyn_cast<ArraySubscriptExpr>(Element);
  const VarDecl *Array =
      ASE ? namedVariable(ASE->getBase()->IgnoreParenImpCasts()) : nullptr;
  const ConstantArrayType *T =
      Array ? Ctx.getAsConstantArrayType(Array->getType()) : nullptr;
  if (!T || !T->getElementType()->isRecordType() || isa<ParmVarDecl>(Array) ||
      !Array->hasLocalStorage() || Facts->isCaptured(Array) ||
      Array->getType().isVolatileQualified())
    return nullptr;
  return Array;
}

std::optional<Interval>
RangeAnalysis::statusArrayCount(const VarDecl *Array,
                                const llvm::FoldingSetNodeID &TypeId) {
  auto &Known = StatusCounts[Array];
  for (const auto &[Id, Point, Bound] : Known)
    if (Id == TypeId)
      return Bound;
  // Which element each fill and query names is not followed: every element
  // holds one of the counts any fill leaves, wherever the query is.
  std::optional<Interval> Count = statusCountIn(Array, TypeId, nullptr);
  StatusCounts[Array].push_back({TypeId, nullptr, Count});
  return Count;
}

const Stmt *RangeAnalysis::statusQueryPoint(const VarDecl *Status,
                                            const Stmt *At) {
  constexpr size_t MaxUsesPerQuery = 512;
  return Facts->usesOf(Status).size() <= MaxUsesPerQuery && runsOnceInOrder(At)
             ? At
             : nullptr;
}

RangeAnalysis::Explanation RangeAnalysis::explainStatus(const CallExpr *Query,
                                                        const ModelInfo &M) {
  Explanation X;
  if (!model() || !Facts || M.Status < 0 || M.Type < 0 ||
      unsigned(std::max(M.Status, M.Type)) >= Query->getNumArgs())
    return X;
  const Expr *E = Query->getArg(M.Status)->IgnoreParenImpCasts();
  if (const auto *Addr = dyn_cast<UnaryOperator>(E);
      Addr && Addr->getOpcode() == UO_AddrOf)
    E = Addr->getSubExpr()->IgnoreParenImpCasts();
  const VarDecl *Status = namedVariable(E);
  if (!Status) {
    if (const VarDecl *Array = statusArrayOf(E))
      statusCountIn(Array, statusTypeId(Query, M), nullptr, &X);
    return X;
  }
  if (Facts->isCaptured(Status))
    return X;
  llvm::FoldingSetNodeID TypeId = statusTypeId(Query, M);
  if (isa<ParmVarDecl>(Status) &&
      !(Status->getType()->isRecordType() &&
        refilledBefore(Status, TypeId, Query))) {
    X.OriginLoc = Status->getLocation();
    X.OriginNote = "'" + Status->getNameAsString() +
                   "' is a parameter: its callers may pass any status";
    return X;
  }
  if (!Status->hasLocalStorage() || !Status->getType()->isRecordType())
    return X;
  // Judged again, uncached, to find what leaves it unknown.
  statusCountIn(Status, TypeId, statusQueryPoint(Status, Query), &X);
  return X;
}

using ParameterReads = llvm::function_ref<bool(const ParmVarDecl *)>;

/// Whether argument \p Index of \p Call goes to a status pointer parameter
/// of a function of this unit that only reads it (\p Reads).
static bool readingParameter(const CallExpr *Call, unsigned Index,
                             ParameterReads Reads) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  const FunctionDecl *Definition = Callee ? Callee->getDefinition() : nullptr;
  if (!Definition || isa<CXXOperatorCallExpr>(Call) ||
      Index >= Definition->getNumParams())
    return false;
  const ParmVarDecl *P = Definition->getParamDecl(Index);
  return P->getType()->isPointerType() && Reads(P);
}

/// Whether the use \p Use of the status parameter \p P, with \p Up its
/// ancestors (the innermost first), only reads the status: reads or stores
/// a public field (the count is elsewhere), or hands the status (`&st`, or
/// the pointer `s`) to a pointer-to-const parameter, or copies it.
/// With \p Writes, the use may also store into any field, or hand the
/// status to the status argument of an MPI call of the model's table
/// (MPI_Status_set_elements) or to a parameter that \p Reads accepts: it
/// writes the status, but the pointer does not outlive the call.
static bool onlyReadsStatus(const DeclRefExpr *Use,
                            llvm::ArrayRef<const Stmt *> Up, bool Pointer,
                            ParameterReads Reads, bool Writes) {
  const Stmt *Child = Use;
  size_t I = 0;
  auto Parent = [&]() -> const Stmt * {
    return I < Up.size() ? Up[I] : nullptr;
  };
  auto Climb = [&] {
    Child = Parent();
    ++I;
  };
  auto SkipParens = [&] {
    while (isa_and_nonnull<ParenExpr>(Parent()))
      Climb();
  };
  SkipParens();
  if (isa_and_nonnull<UnaryExprOrTypeTraitExpr>(Parent()))
    return true;
  const auto *Read = dyn_cast_or_null<ImplicitCastExpr>(Parent());
  bool Loaded = Read && Read->getCastKind() == CK_LValueToRValue;
  if (Pointer) {
    // The pointer itself is only ever read.
    if (!Loaded)
      return false;
    Climb();
  } else if (Loaded) {
    return true; // A copy of the status.
  } else if (const auto *Addr = dyn_cast_or_null<UnaryOperator>(Parent());
             Addr && Addr->getOpcode() == UO_AddrOf) {
    Climb();
  } else if (!isa_and_nonnull<MemberExpr>(Parent())) {
    return false;
  }
  // Here Child is the pointer `s` or `&st`, or st under a `.`.
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(Parent());
      ME && ME->getBase()->IgnoreParenImpCasts() ==
                dyn_cast<Expr>(Child)->IgnoreParenImpCasts()) {
    Climb();
    SkipParens();
    if (const auto *Load = dyn_cast_or_null<ImplicitCastExpr>(Parent());
        Load && Load->getCastKind() == CK_LValueToRValue)
      return true;
    const auto *Store = dyn_cast_or_null<BinaryOperator>(Parent());
    const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
    return Store && Store->isAssignmentOp() &&
           Store->getLHS()->IgnoreParens() == ME && Field &&
           (Writes ||
            (Field->getIdentifier() && isPublicStatusField(Field->getName())));
  }
  while (isa_and_nonnull<ParenExpr, ImplicitCastExpr>(Parent()))
    Climb();
  const auto *Call = dyn_cast_or_null<CallExpr>(Parent());
  if (!Call)
    return false;
  for (unsigned Index = 0; Index < Call->getNumArgs(); ++Index)
    if (Call->getArg(Index) == Child) {
      if (isReadOnlyArgument(Call, Index) ||
          readingParameter(Call, Index, Reads))
        return true;
      const FunctionDecl *Callee = Call->getDirectCallee();
      const ModelInfo *M = Callee ? lookupModel(*Callee) : nullptr;
      return Writes && M && M->Status == int(Index);
    }
  return false;
}

/// Walks \p S for the uses of \p P, keeping the ancestors in \p Up.
static bool onlyReadsStatusIn(const Stmt *S, const ParmVarDecl *P,
                              bool Pointer,
                              llvm::SmallVectorImpl<const Stmt *> &Up,
                              ParameterReads Reads, bool Writes) {
  if (!S)
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == P) {
    llvm::SmallVector<const Stmt *, 8> Inner(Up.rbegin(), Up.rend());
    return onlyReadsStatus(DRE, Inner, Pointer, Reads, Writes);
  }
  Up.push_back(S);
  bool All = llvm::all_of(S->children(), [&](const Stmt *Child) {
    return onlyReadsStatusIn(Child, P, Pointer, Up, Reads, Writes);
  });
  Up.pop_back();
  return All;
}

bool RangeAnalysis::onlyReadsStatusParameter(const ParmVarDecl *P,
                                             bool Writes) {
  auto &Known = Writes ? StatusWriters : StatusParameters;
  auto [It, New] = Known.try_emplace(P, false);
  if (!New)
    return It->second;
  const auto *F = dyn_cast<FunctionDecl>(P->getDeclContext());
  const FunctionDecl *Definition = nullptr;
  const Stmt *Body = F ? F->getBody(Definition) : nullptr;
  bool Pointer = P->getType()->isPointerType();
  if (!Body || Definition != F || P->getType().isVolatileQualified() ||
      P->hasAttr<BlocksAttr>())
    return false;
  // A parameter it forwards the status to must only read it too; one
  // being judged (a cycle of calls) does not.
  llvm::SmallVector<const Stmt *, 16> Up;
  if (Writes && !Pointer)
    return false;
  bool Reads = onlyReadsStatusIn(
      Body, P, Pointer, Up,
      [this, Writes](const ParmVarDecl *Next) {
        return onlyReadsStatusParameter(Next) ||
               (Writes && onlyReadsStatusParameter(Next, true));
      },
      Writes);
  Known[P] = Reads;
  return Reads;
}

std::optional<Interval>
RangeAnalysis::parameterStatusCount(const ParmVarDecl *P,
                                    const llvm::FoldingSetNodeID &TypeId) {
  // The function must only read the status: then it holds at any query
  // what the caller passed, the join over the callers (all of them known).
  if (!Unit || !onlyReadsStatusParameter(P))
    return std::nullopt;
  auto &Known = StatusCounts[P];
  for (const auto &[Id, Point, Bound] : Known)
    if (Id == TypeId && !Point)
      return Bound;
  std::optional<Interval> Count = Unit->statusParameterCount(P, TypeId);
  StatusCounts[P].push_back({TypeId, nullptr, Count});
  return Count;
}

/// Whether argument \p Index of \p Call goes to a pointer to const: the
/// callee only reads through it.
/// Whether \p Place is an argument bound to a reference-to-const parameter
/// (`std::min(*to, last)`): the callee only reads it.
static bool isBoundToConstReference(const Stmt *Place, const FunctionFacts &F) {
  unsigned Index = 0;
  const CallExpr *Call = argumentOf(Place, F, Index);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || isa<CXXOperatorCallExpr>(Call) ||
      Index >= Callee->getNumParams())
    return false;
  QualType T = Callee->getParamDecl(Index)->getType();
  return T->isLValueReferenceType() && T.getNonReferenceType().isConstQualified();
}

static bool isReadOnlyArgument(const CallExpr *Call, unsigned Index) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || Index >= Callee->getNumParams())
    return false;
  return pointsToConst(Callee->getParamDecl(Index)->getType());
}

static bool isHandedToReader(const DeclRefExpr *Use, const FunctionFacts &F) {
  const Stmt *Addr = parentPastParens(Use, F);
  unsigned Index = 0;
  const CallExpr *Reader = isa_and_nonnull<UnaryOperator>(Addr)
                               ? argumentOf(Addr, F, Index)
                               : nullptr;
  return Reader && isReadOnlyArgument(Reader, Index);
}

/// The variable a handle argument names: `&v`, `v`, `&v[i]` or `v[i]`.
static const VarDecl *handleVariable(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_AddrOf)
      E = U->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    E = ASE->getBase();
  return namedVariable(E);
}

/// Whether \p Callee is memset (or its fortified builtin).
static bool isMemset(const FunctionDecl *Callee) {
  switch (Callee->getBuiltinID()) {
  case Builtin::BImemset:
  case Builtin::BI__builtin_memset:
  case Builtin::BI__builtin___memset_chk:
    return true;
  default:
    return false;
  }
}

std::optional<Interval>
RangeAnalysis::receivedCount(const CallExpr *Call, const ModelInfo &Filler,
                             const llvm::FoldingSetNodeID &TypeId) {
  if (Filler.Source >= 0 && isNullProcess(Call->getArg(Filler.Source), Ctx))
    return Interval::exact(0);
  if (Filler.Count < 0 || Filler.Type < 0)
    return std::nullopt;
  // At most the count posted, in the receive's datatype. Asked in another
  // datatype (or in basic elements of a derived one), at most the bytes the
  // posted count of that datatype can hold: a count or a number of basic
  // elements is at most the bytes it spans (a datatype of size 0 counts 0).
  // A status set in basic elements answers its elements as set, and at
  // most as many items of the datatype.
  const Expr *Posted = Call->getArg(Filler.Type);
  std::optional<WideInt> Bytes =
      Filler.Role == ModelRole::SET_ELEMENTS &&
              elementsTypeId(Posted) == TypeId
          ? std::optional<WideInt>(1)
          : askedPerPosted(Posted, TypeId);
  // Past 2^62 bytes the product below could leave 128 bits.
  if (!Bytes || *Bytes > (WideInt(1) << 62))
    return std::nullopt;
  // The count as the program computes it, before any narrowing to the int
  // parameter: a narrowed count is itself a finding, and once its fix
  // widens the receive, the status can hold all of it.
  const Expr *Count = Call->getArg(Filler.Count)->IgnoreParenImpCasts();
  // static_cast<int>(v.size()) is a NoOp around an implicit conversion.
  while (const auto *Cast = dyn_cast<ExplicitCastExpr>(Count)) {
    if (Cast->getCastKind() != CK_IntegralCast &&
        Cast->getCastKind() != CK_NoOp)
      break;
    Count = Cast->getSubExpr()->IgnoreParenImpCasts();
  }
  State Computed;
  std::optional<Interval> N = eval(Count, constraintsAt(Call), Computed);
  // int arithmetic that can overflow is a finding too; its fix computes the
  // count wide.
  if (!N || Computed.OverflowSite)
    return std::nullopt;
  return Interval{0, std::max<WideInt>(N->Hi, 0) * *Bytes};
}

std::optional<WideInt>
RangeAnalysis::askedPerPosted(const Expr *Posted,
                              const llvm::FoldingSetNodeID &TypeId) {
  return isAskedAsPosted(Posted, TypeId) ? std::optional<WideInt>(1)
                                         : typeBytes(Posted);
}

bool RangeAnalysis::isAskedAsPosted(const Expr *Posted,
                                    const llvm::FoldingSetNodeID &TypeId) {
  llvm::FoldingSetNodeID PostedId;
  Posted->IgnoreParenImpCasts()->Profile(PostedId, Ctx, /*Canonical=*/true);
  return PostedId == TypeId;
}

/// What \p Known, the answers kept for a variable per datatype asked,
/// holds for datatype \p TypeId; null when it was not asked yet.
template <typename T>
static T *answerFor(
    llvm::SmallVectorImpl<std::pair<llvm::FoldingSetNodeID, T>> &Known,
    const llvm::FoldingSetNodeID &TypeId) {
  for (auto &[Id, Answer] : Known)
    if (Id == TypeId)
      return &Answer;
  return nullptr;
}

std::optional<Interval>
RangeAnalysis::requestCount(const VarDecl *Request,
                            const llvm::FoldingSetNodeID &TypeId) {
  if (std::optional<Interval> *Bound =
          answerFor(RequestCounts[Request], TypeId))
    return *Bound;
  // Unknown while it is judged: a request whose receive's count depends on
  // its own completion says nothing.
  RequestCounts[Request].push_back({TypeId, std::nullopt});
  std::optional<Interval> Count = requestCountIn(Request, TypeId);
  *answerFor(RequestCounts[Request], TypeId) = Count;
  return Count;
}

bool RangeAnalysis::keptBelowTypeAt(const VarDecl *V, const Stmt *At,
                                    const Interval &Type) {
  std::optional<PointFacts> Known = flowFactsAt(At, Constraints());
  if (!Known)
    return false;
  auto Held = Known->Known.find(V);
  return Known->Unreachable ||
         (Held != Known->Known.end() && Held->second.Hi < Type.Hi);
}

bool RangeAnalysis::isSeenIntLocal(const VarDecl *V, const Stmt *At) const {
  return Facts && V->hasLocalStorage() && !isa<ParmVarDecl>(V) &&
         V->getType()->isIntegerType() && Ctx.getIntWidth(V->getType()) <= 32 &&
         !Facts->escapesBefore(V, At);
}

const CompoundAssignOperator *RangeAnalysis::runningTotalAt(const VarDecl *V,
                                                            const Stmt *At) {
  std::optional<Interval> Type = Interval::ofType(V->getType(), Ctx);
  if (!Type || !isSeenIntLocal(V, At))
    return nullptr;
  llvm::ArrayRef<FunctionFacts::Write> Writes = Facts->writesOf(V);
  for (unsigned Reaching : Facts->writesMayReach(V, At)) {
    const auto *Sum = dyn_cast<CompoundAssignOperator>(Writes[Reaching].Site);
    if (!Sum || Sum->getOpcode() != BO_AddAssign ||
        !Facts->outermostLoopAround(Sum))
      continue;
    // Each value small, the sum needs many turns (`n += 8`, a count of
    // things): only values of which two can already overflow it.
    auto Large = [&](const std::optional<Result> &Step) {
      return Step && Step->Range.Hi > Type->Hi / 2;
    };
    Constraints C = constraintsAt(Sum);
    if (!Large(evaluate(Sum->getRHS(), C)) ||
        !Large(evaluateAt(Sum->getRHS(), Sum, C)))
      continue;
    // The pass over the control flow, asked last: the sum must reach At,
    // where no guard or loop of bounded turns keeps it in range.
    std::optional<PointFacts> Between = flowBetween(Sum, V, At);
    if (Between && Between->Unreachable)
      continue;
    if (keptBelowTypeAt(V, At, *Type))
      return nullptr;
    return Sum;
  }
  return nullptr;
}

/// Whether the write at \p Site steps \p V by one (unitStepCounter).
static bool isUnitIncrementOf(const Stmt *Site, const VarDecl *V) {
  return unitStepCounter(dyn_cast_or_null<Expr>(Site)) == V;
}

const Expr *RangeAnalysis::counterStepPastTypeAt(const VarDecl *V,
                                                 const Stmt *At,
                                                 const ForStmt *&Loop) {
  std::optional<Interval> Type = Interval::ofType(V->getType(), Ctx);
  if (!Type || !isSeenIntLocal(V, At))
    return nullptr;
  llvm::ArrayRef<FunctionFacts::Write> Writes = Facts->writesOf(V);
  for (unsigned Reaching : Facts->writesMayReach(V, At)) {
    const FunctionFacts::Write &W = Writes[Reaching];
    if (!isUnitIncrementOf(W.Site, V))
      continue;
    // Counting one by one, V passes its type only in a loop of more turns
    // than it holds: one that counts with a wider counter up to a bound
    // beyond V's (`for (long long i = 0; i < n; i++) if (...) cnt++;`).
    for (const Stmt *P = Facts->parentOf(W.Site); P; P = Facts->parentOf(P)) {
      const auto *For = dyn_cast<ForStmt>(P);
      if (!For || !For->getInc() || !Facts->isWithin(W.Site, For->getBody()))
        continue;
      // A store that restarts V in the loop bounds it by an inner loop's
      // turns instead.
      bool Restarted = llvm::any_of(Writes, [&](const FunctionFacts::Write &O) {
        return !isUnitIncrementOf(O.Site, V) && Facts->isWithin(O.Site, For);
      });
      if (Restarted)
        break;
      Counter I = upwardCounter(For->getInc());
      std::optional<CounterTest> Test =
          I.Var && !I.Multiplies ? counterTest(For->getCond(), I.Var)
                                 : std::nullopt;
      if (!Test || Ctx.getIntWidth(I.Var->getType()) <= Ctx.getIntWidth(V->getType()))
        continue;
      std::optional<Result> Bound = evaluate(Test->Bound, constraintsAt(For));
      if (!Bound || Bound->Range.Hi <= Type->Hi)
        continue;
      if (keptBelowTypeAt(V, At, *Type))
        return nullptr;
      Loop = For;
      return cast<Expr>(W.Site);
    }
  }
  return nullptr;
}

std::optional<Interval>
RangeAnalysis::unitRequestCount(const llvm::FoldingSetNodeID &TypeId) {
  std::optional<llvm::ArrayRef<const CallExpr *>> Receives =
      Unit ? Unit->requestReceives() : std::nullopt;
  if (!Receives || Receives->empty())
    return std::nullopt;
  // The count and datatype arguments of each receive.
  llvm::SmallVector<std::pair<const Expr *, const Expr *>, 8> Posted;
  for (const CallExpr *Call : *Receives) {
    const FunctionInfo *F = lookupClassic(*Call->getDirectCallee());
    std::optional<unsigned> Count = F ? F->requestReceiveCount() : std::nullopt;
    std::optional<unsigned> Type = Count ? F->datatypeFor(*Count) : std::nullopt;
    if (!Type || *Type >= Call->getNumArgs())
      return std::nullopt;
    Posted.push_back({Call->getArg(*Count), Call->getArg(*Type)});
  }
  // MPI_Get_count's datatype "should match" the one of the receive that
  // set the status (MPI-4.0 3.2.5): asked in the datatype of some of the
  // receives, the status came from one of those. Asked in none of theirs,
  // the program mixes datatypes, and any receive may have set it.
  bool AskedAsPosted = llvm::any_of(Posted, [&](const auto &CountAndType) {
    return isAskedAsPosted(CountAndType.second, TypeId);
  });
  WideInt Most = 0;
  for (const auto &[CountArg, TypeArg] : Posted) {
    if (AskedAsPosted && !isAskedAsPosted(TypeArg, TypeId))
      continue;
    // A count computed wider and narrowed into the int parameter is a
    // finding of its own, whose fix widens the receive: then the status
    // can hold all of it (as receivedCount judges a receive it follows).
    const Expr *Posts = CountArg->IgnoreParenImpCasts();
    while (const auto *Cast = dyn_cast<ExplicitCastExpr>(Posts))
      Posts = Cast->getSubExpr()->IgnoreParenImpCasts();
    if (!Posts->getType()->isIntegerType() ||
        Ctx.getIntWidth(Posts->getType()) > 32)
      return std::nullopt;
    // An int count of its datatype; asked in another, the bytes it spans.
    std::optional<WideInt> Bytes = askedPerPosted(TypeArg, TypeId);
    if (!Bytes || *Bytes > (WideInt(1) << 30))
      return std::nullopt;
    Most = maxOf({Most, WideInt(INT32_MAX) * *Bytes});
  }
  return Interval{0, Most};
}

std::optional<Interval>
RangeAnalysis::requestCountIn(const VarDecl *Request,
                              const llvm::FoldingSetNodeID &TypeId) {
  if (!Request->hasLocalStorage() || isa<ParmVarDecl>(Request) ||
      Facts->isCaptured(Request) || Request->getType().isVolatileQualified())
    return std::nullopt;
  // The null request completes with an empty status.
  std::optional<Interval> Count;
  if (const Expr *Init = Request->getInit()) {
    if (!isSpelledAs(Init, ModelConstant::NULL_REQUEST, Ctx))
      return std::nullopt;
    Count = Interval::exact(0);
  }
  for (const DeclRefExpr *Use : Facts->usesOf(Request)) {
    if (onlyReads(Use, *Facts))
      continue;
    const Stmt *Node = Use;
    const Stmt *P = parentPastParens(Use, *Facts);
    if (const auto *Decay = dyn_cast_or_null<ImplicitCastExpr>(P);
        Decay && Decay->getCastKind() == CK_ArrayToPointerDecay) {
      Node = Decay;
      P = parentPastParens(Decay, *Facts);
    }
    // An element of an array of requests.
    if (const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(P);
        ASE && ASE->getBase()->IgnoreParenImpCasts() == Use) {
      Node = ASE;
      P = parentPastParens(ASE, *Facts);
      if (const auto *Read = dyn_cast_or_null<ImplicitCastExpr>(P);
          Read && Read->getCastKind() == CK_LValueToRValue)
        continue;
    }
    if (const auto *Store = dyn_cast_or_null<BinaryOperator>(P);
        Store && Store->getOpcode() == BO_Assign &&
        Store->getLHS()->IgnoreParens() == Node) {
      if (!isSpelledAs(Store->getRHS(), ModelConstant::NULL_REQUEST, Ctx))
        return std::nullopt;
      Count = Count ? Count->join(Interval::exact(0)) : Interval::exact(0);
      continue;
    }
    if (const auto *Addr = dyn_cast_or_null<UnaryOperator>(P);
        Addr && Addr->getOpcode() == UO_AddrOf)
      Node = Addr;
    unsigned Index = 0;
    const CallExpr *Call = argumentOf(Node, *Facts, Index);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee)
      return std::nullopt;
    const ModelInfo *M = lookupModel(*Callee);
    if (M && M->Request == int(Index) && M->Role == ModelRole::COMPLETE)
      continue; // Completed (or freed): it becomes the null request.
    if (M && M->Request == int(Index) && M->Role == ModelRole::IRECEIVE) {
      std::optional<Interval> Posted = receivedCount(Call, *M, TypeId);
      if (!Posted)
        return std::nullopt;
      Count = Count ? Count->join(*Posted) : *Posted;
      continue;
    }
    if (isReadOnlyArgument(Call, Index))
      continue;
    return std::nullopt;
  }
  return Count;
}

/// Whether \p S can leave the statement list it is in other than by running
/// to its end or returning (a break, continue or goto that leaves it), or
/// mentions \p V. Counts the nodes it visits in \p Budget.
static bool leavesOrMentions(const Stmt *S, const VarDecl *V, bool InLoop,
                             bool InSwitch, unsigned &Budget) {
  if (!S)
    return false;
  if (Budget == 0)
    return true;
  --Budget;
  if (isa<GotoStmt, IndirectGotoStmt>(S))
    return true;
  if (isa<BreakStmt>(S))
    return !InLoop && !InSwitch;
  if (isa<ContinueStmt>(S))
    return !InLoop;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return DRE->getDecl() == V;
  // st.MPI_SOURCE read or st.MPI_ERROR = e: the count is elsewhere.
  if (const auto *ME = dyn_cast<MemberExpr>(S))
    if (const auto *Base = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
        Base && Base->getDecl() == V && !ME->isArrow())
      if (const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
          Field && Field->getIdentifier() && isPublicStatusField(Field->getName()))
        return false;
  if (isa<UnaryExprOrTypeTraitExpr, LambdaExpr, BlockExpr>(S))
    return false;
  bool Loop = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
  bool Switch = isa<SwitchStmt>(S);
  for (const Stmt *Child : S->children())
    if (leavesOrMentions(Child, V, InLoop || Loop, InSwitch || Switch, Budget))
      return true;
  return false;
}

/// The statement of a compound that runs \p Call whenever it runs: Call is
/// in it outside any conditional operand, or in the condition of an if,
/// switch or while or the init of a for.
static const Stmt *statementRunning(const CallExpr *Call,
                                    const FunctionFacts &F) {
  const Stmt *S = Call;
  for (const Stmt *P = F.parentOf(S); P; S = P, P = F.parentOf(P)) {
    if (isa<CompoundStmt>(P))
      return S;
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(P)) {
      if (S != CO->getCond())
        return nullptr;
    } else if (const auto *B = dyn_cast<BinaryOperator>(P)) {
      if (B->isLogicalOp() && S != B->getLHS())
        return nullptr;
    } else if (const auto *If = dyn_cast<IfStmt>(P)) {
      if (S != If->getCond() && S != If->getInit() &&
          S != If->getConditionVariableDeclStmt())
        return nullptr;
    } else if (const auto *Sw = dyn_cast<SwitchStmt>(P)) {
      if (S != Sw->getCond() && S != Sw->getInit())
        return nullptr;
    } else if (const auto *W = dyn_cast<WhileStmt>(P)) {
      if (S != W->getCond())
        return nullptr;
    } else if (const auto *For = dyn_cast<ForStmt>(P)) {
      if (S != For->getInit())
        return nullptr;
    } else if (!isa<Expr, DeclStmt, ReturnStmt>(P)) {
      return nullptr;
    }
  }
  return nullptr;
}

/// Whether every path from \p Write runs one of \p Fills (each the statement
/// of a compound that runs a call filling \p Status) before it reads
/// \p Status or leaves the statements around: then what Write stored is
/// replaced before anything can read it. Climbs out of compounds and ifs
/// only; a loop would bring control back before the write.
/// Whether a statement is one of the fills a question is about.
using IsFill = llvm::function_ref<bool(const Stmt *)>;

static bool filledAfter(const Stmt *Write, const VarDecl *Status, IsFill Fills,
                        const FunctionFacts &F, unsigned &Budget) {
  const Stmt *S = Write;
  for (const Stmt *P = F.parentOf(S); P; S = P, P = F.parentOf(P)) {
    if (const auto *C = dyn_cast<CompoundStmt>(P)) {
      bool After = false;
      for (const Stmt *Child : C->body()) {
        if (!After) {
          After = Child == S;
          continue;
        }
        if (Fills(Child))
          return true;
        if (leavesOrMentions(Child, Status, false, false, Budget))
          return false;
      }
      continue;
    }
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt,
            CapturedStmt, LambdaExpr, BlockExpr>(P) ||
        !isa<Expr, IfStmt, DeclStmt, LabelStmt, AttributedStmt>(P))
      return false;
  }
  return false;
}

/// The `do { ...; Call; ... } while (!flag);` around \p Call, whose
/// argument \p FlagArg is `&flag`: the loop ends only once the last run of
/// Call set flag, and so filled its status. Null unless Call runs on every
/// pass through the body, nothing else in the loop changes flag, and the
/// body cannot leave the pass early (break, continue, goto).
static const DoStmt *loopUntilFlag(const CallExpr *Call, int FlagArg,
                                   const FunctionFacts &F) {
  if (FlagArg < 0 || unsigned(FlagArg) >= Call->getNumArgs())
    return nullptr;
  const auto *Addr =
      dyn_cast<UnaryOperator>(Call->getArg(FlagArg)->IgnoreParenImpCasts());
  const VarDecl *Flag = Addr && Addr->getOpcode() == UO_AddrOf
                            ? namedVariable(Addr->getSubExpr())
                            : nullptr;
  const Stmt *Runs = statementRunning(Call, F);
  const auto *Body = Runs ? dyn_cast_or_null<CompoundStmt>(F.parentOf(Runs))
                          : nullptr;
  const auto *Loop =
      Body ? dyn_cast_or_null<DoStmt>(F.parentOf(Body)) : nullptr;
  if (!Flag || !Loop || Loop->getBody() != Body)
    return nullptr;
  const auto *Not = dyn_cast<UnaryOperator>(Loop->getCond()->IgnoreParenImpCasts());
  if (!Not || Not->getOpcode() != UO_LNot ||
      namedVariable(Not->getSubExpr()->IgnoreParenImpCasts()) != Flag)
    return nullptr;
  for (const DeclRefExpr *Use : F.usesOf(Flag))
    if (F.isWithin(Use, Loop) && !onlyReads(Use, F) &&
        F.parentOf(Use) != Addr && parentPastParens(Use, F) != Addr)
      return nullptr;
  unsigned Budget = 4096;
  for (const Stmt *Child : Body->body())
    if (leavesOrMentions(Child, nullptr, false, false, Budget))
      return nullptr;
  return Loop;
}

bool RangeAnalysis::beginsAfter(const Stmt *S, const Stmt *Query) const {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation End = SM.getExpansionRange(Query->getEndLoc()).getEnd();
  SourceLocation Begin = SM.getExpansionLoc(S->getBeginLoc());
  return End != Begin && SM.isBeforeInTranslationUnit(End, Begin);
}

bool RangeAnalysis::beginsBefore(const Stmt *S, const Stmt *Other) const {
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.isBeforeInTranslationUnit(beginning(S, SM), beginning(Other, SM));
}

bool RangeAnalysis::runsOnceInOrder(const Stmt *Query) {
  if (!Function || !Facts || !Function->getBody())
    return false;
  for (const Stmt *P = Facts->parentOf(Query); P; P = Facts->parentOf(P))
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, CapturedStmt,
            OMPExecutableDirective, LambdaExpr, BlockExpr>(P))
      return false;
  return llvm::all_of(Facts->labels(), [&](const LabelStmt *L) {
    return beginsAfter(L, Query);
  });
}

bool RangeAnalysis::isInactiveAt(const VarDecl *Request,
                                 const CallExpr *Completion) {
  // `&req` for a local request, in a function that runs Completion once in
  // order: what begins after it in the source cannot run before it.
  if (!Request->hasLocalStorage() || isa<ParmVarDecl>(Request) ||
      Facts->isCaptured(Request) || Request->getType().isVolatileQualified() ||
      Request->getType()->isArrayType() || !runsOnceInOrder(Completion))
    return false;
  if (const Expr *Init = Request->getInit();
      Init && !isSpelledAs(Init, ModelConstant::NULL_REQUEST, Ctx))
    return false;
  // Every use makes it null or inactive persistent, completes, frees or
  // reads it, or starts it; each start before Completion is completed after
  // by a blocking completion (MPI_Wait) on every path, before anything else
  // touches the request. A persistent request is inactive again once
  // complete.
  llvm::SmallVector<const Stmt *, 2> Starts;
  llvm::SmallPtrSet<const Stmt *, 4> Waits;
  for (const DeclRefExpr *Use : Facts->usesOf(Request)) {
    if (onlyReads(Use, *Facts))
      continue;
    const Stmt *P = parentPastParens(Use, *Facts);
    if (const auto *Store = dyn_cast_or_null<BinaryOperator>(P);
        Store && Store->getOpcode() == BO_Assign &&
        Store->getLHS()->IgnoreParens() == Use) {
      if (!isSpelledAs(Store->getRHS(), ModelConstant::NULL_REQUEST, Ctx))
        return false;
      continue;
    }
    const auto *Addr = dyn_cast_or_null<UnaryOperator>(P);
    unsigned Index = 0;
    const CallExpr *Call = Addr && Addr->getOpcode() == UO_AddrOf
                               ? argumentOf(Addr, *Facts, Index)
                               : nullptr;
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    const ModelInfo *M = Callee ? lookupModel(*Callee) : nullptr;
    if (!M || M->Request != int(Index))
      return false;
    switch (M->Role) {
    case ModelRole::PERSISTENT:
    case ModelRole::FREE:
      break;
    case ModelRole::COMPLETE:
      // A wait before Completion (not Completion's own statement).
      if (M->Flag < 0 && !beginsAfter(Call, Completion))
        if (const Stmt *Runs = statementRunning(Call, *Facts);
            Runs && !Facts->isWithin(Completion, Runs))
          Waits.insert(Runs);
      break;
    case ModelRole::START:
      if (!beginsAfter(Call, Completion))
        Starts.push_back(Call);
      break;
    default:
      return false;
    }
  }
  unsigned Budget = 4096;
  return llvm::all_of(Starts, [&](const Stmt *Start) {
    return filledAfter(
        Start, Request, [&](const Stmt *S) { return Waits.contains(S); },
        *Facts, Budget);
  });
}

/// The statement of \p Fills that every path to \p At runs last among
/// them: the nearest one before At in the compounds around it. None inside
/// a switch, whose case labels let control reach At past it. Meant for a
/// query that runs once in order (runsOnceInOrder), which no loop brings
/// back before a fill.
static const Stmt *lastFillBefore(const Stmt *At, IsFill Fills,
                                  const FunctionFacts &F) {
  const Stmt *Switch = nullptr;
  for (const Stmt *P = F.parentOf(At); P; P = F.parentOf(P))
    if (isa<SwitchStmt>(P))
      Switch = P;
  const Stmt *S = At;
  for (const Stmt *P = F.parentOf(S); P; S = P, P = F.parentOf(P)) {
    if (isa<CapturedStmt, LambdaExpr, BlockExpr>(P))
      return nullptr;
    if (Switch) {
      Switch = P == Switch ? nullptr : Switch;
      continue;
    }
    const auto *C = dyn_cast<CompoundStmt>(P);
    std::optional<unsigned> Here = C ? F.indexInCompound(S) : std::nullopt;
    if (!Here)
      continue;
    for (unsigned I = *Here; I-- > 0;)
      if (Fills(C->body_begin()[I]))
        return C->body_begin()[I];
  }
  return nullptr;
}

bool RangeAnalysis::refilledBefore(const VarDecl *Status,
                                   const llvm::FoldingSetNodeID &TypeId,
                                   const Stmt *At) {
  const Stmt *Where = At ? statusQueryPoint(Status, At) : nullptr;
  if (!Where)
    return false;
  std::shared_ptr<const StatusUses> Uses = statusUses(Status, TypeId);
  size_t End = usesBefore(Uses->List, Where);
  auto Fills = [&](const Stmt *S) { return Uses->fillsAmongFirst(S, End); };
  return lastFillBefore(Where, Fills, *Facts) != nullptr;
}

std::shared_ptr<const RangeAnalysis::StatusUses>
RangeAnalysis::statusUses(const VarDecl *Status,
                          const llvm::FoldingSetNodeID &TypeId) {
  // The same for every query of the status: kept, not redone per query (a
  // status reused by thirty probes and queries).
  if (auto *Kept = answerFor(StatusUsesOf[Status], TypeId))
    return *Kept;
  auto Uses = std::make_shared<StatusUses>();
  std::vector<StatusUse> Walked;
  for (const DeclRefExpr *Use : Facts->usesOf(Status)) {
    if (onlyReads(Use, *Facts))
      continue;
    StatusUse U = classifyStatusUse(Use, statusNamedBy(Use, Status), TypeId);
    if (U.Verdict != StatusUse::Skip)
      Walked.push_back(std::move(U));
  }
  llvm::SmallVector<unsigned, 8> Order(Walked.size());
  std::iota(Order.begin(), Order.end(), 0u);
  const SourceManager &SM = Ctx.getSourceManager();
  sortInTextOrder(
      Order, [&](unsigned I) { return beginning(Walked[I].W.Use, SM); }, SM);
  std::vector<StatusUse> &List = Uses->List;
  for (unsigned I : Order)
    List.push_back(std::move(Walked[I]));
  Uses->FirstUnknown = List.size();
  for (size_t I = 0; I < List.size(); ++I) {
    if (List[I].Verdict == StatusUse::Unknown)
      Uses->FirstUnknown = std::min(Uses->FirstUnknown, I);
    if (List[I].Verdict == StatusUse::WrittenUnlessQueried)
      Uses->UnlessQueried.push_back(I);
    if (List[I].Fill)
      Uses->FirstOfFill.try_emplace(List[I].Fill, I);
  }
  StatusUsesOf[Status].push_back({TypeId, Uses});
  return Uses;
}

size_t RangeAnalysis::usesBefore(llvm::ArrayRef<StatusUse> List,
                                 const Stmt *At) const {
  if (!At)
    return List.size();
  return llvm::partition_point(List, [&](const StatusUse &U) {
           return !beginsAfter(U.W.Use, At);
         }) -
         List.begin();
}

const Expr *RangeAnalysis::statusNamedBy(const DeclRefExpr *Use,
                                         const VarDecl *Status) const {
  if (!Status->getType()->isArrayType())
    return Use;
  const Stmt *P = parentPastParens(Use, *Facts);
  const auto *Decay = dyn_cast_or_null<ImplicitCastExpr>(P);
  if (!Decay || Decay->getCastKind() != CK_ArrayToPointerDecay)
    return Use;
  // `st[i]`: the element; `st` handed whole to a call: the pointer to it.
  if (const auto *Element =
          dyn_cast_or_null<ArraySubscriptExpr>(parentPastParens(Decay, *Facts));
      Element && Element->getBase()->IgnoreParens() == Decay)
    return Element;
  return Decay;
}

RangeAnalysis::StatusUse
RangeAnalysis::classifyStatusUse(const DeclRefExpr *Use, const Expr *Named,
                                 const llvm::FoldingSetNodeID &TypeId) {
  const char *HandedOut =
      " is handed out here: what is written through it is not known";
  const StatusUse Skip;
  auto unknown = [&](const Stmt *Where, std::string Note) {
    StatusUse U;
    U.Verdict = StatusUse::Unknown;
    U.W.Use = Use;
    U.Where = Where;
    U.Note = std::move(Note);
    return U;
  };
  auto written = [](StatusWrite W) {
    StatusUse U;
    U.Verdict = StatusUse::Written;
    U.W = W;
    return U;
  };
    const Stmt *P = parentPastParens(Named, *Facts);
    // sizeof st
    if (isa_and_nonnull<UnaryExprOrTypeTraitExpr>(P))
      return Skip;
    // An element read whole (`other = st[0]`).
    if (const auto *Read = dyn_cast_or_null<ImplicitCastExpr>(P);
        Read && Read->getCastKind() == CK_LValueToRValue)
      return Skip;
    if (const auto *ME = dyn_cast_or_null<MemberExpr>(P)) {
      const Stmt *Up = parentPastParens(ME, *Facts);
      // status.MPI_SOURCE read.
      if (const auto *Read = dyn_cast_or_null<ImplicitCastExpr>(Up);
          Read && Read->getCastKind() == CK_LValueToRValue)
        return Skip;
      const auto *Store = dyn_cast_or_null<BinaryOperator>(Up);
      const auto *Step = dyn_cast_or_null<UnaryOperator>(Up);
      bool Stored = (Store && Store->isAssignmentOp() &&
                     Store->getLHS()->IgnoreParens() == ME) ||
                    (Step && Step->isIncrementDecrementOp());
      if (!Stored)
        return unknown(ME, HandedOut);
      // status.MPI_ERROR = ...: the count is elsewhere.
      if (const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
          Field && Field->getIdentifier() &&
          isPublicStatusField(Field->getName()))
        return Skip;
      return written({Use, Up, {}});
    }
    if (const auto *Store = dyn_cast_or_null<BinaryOperator>(P);
        Store && Store->getOpcode() == BO_Assign &&
        Store->getLHS()->IgnoreParens() == Named)
      return written({Use, Store, {}});
    // `&st`, `&st[i]`, or an array of statuses handed whole.
    const Expr *Address = isa<ImplicitCastExpr>(Named) ? Named : nullptr;
    if (const auto *Taken = dyn_cast_or_null<UnaryOperator>(P);
        Taken && Taken->getOpcode() == UO_AddrOf)
      Address = Taken;
    if (!Address)
      return unknown(Use, HandedOut);
    unsigned Index = 0;
    const CallExpr *Call = argumentOf(Address, *Facts, Index);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee)
      return unknown(Use, HandedOut);
    // Handed to a `const MPI_Status *` (MPI_Get_count itself): read only.
    if (isReadOnlyArgument(Call, Index))
      return Skip;
    // Handed to a function of this unit that only reads it.
    if (readingParameter(Call, Index, [this](const ParmVarDecl *P) {
          return onlyReadsStatusParameter(P);
        }))
      return Skip;
    // memset(&st, 0, sizeof st)
    if (Index == 0 && isMemset(Callee))
      return written({Use, Call, {}});
    // Handed to a function of this unit that writes it only while it runs
    // (an init_status(&st) that stores fields, MPI_Status_set_elements):
    // a store like a preset.
    if (readingParameter(Call, Index, [this](const ParmVarDecl *P) {
          return onlyReadsStatusParameter(P, true);
        })) {
      StatusUse U = written({Use, Call, {}});
      U.Verdict = StatusUse::WrittenUnlessQueried;
      U.Where = Call;
      return U;
    }
    const ModelInfo *Filler = lookupModel(*Callee);
    if (!Filler || Filler->Status != int(Index))
      return unknown(Call, " is handed to " + Callee->getNameAsString() +
                               " here, which may write any count in it");
    if (Filler->Role == ModelRole::STATUS_MARK)
      return Skip;
    std::optional<Interval> Filled;
    bool NullSource = Filler->Source >= 0 &&
                      isNullProcess(Call->getArg(Filler->Source), Ctx);
    // Completing a null or inactive request always sets the flag.
    bool Empty = false;
    switch (Filler->Role) {
    case ModelRole::RECEIVE:
    case ModelRole::SET_ELEMENTS:
      Filled = receivedCount(Call, *Filler, TypeId);
      break;
    case ModelRole::PROBE:
      // A probe of a real process: the sender decides, and in a whole
      // program every sender is in view. Any datatype's elements are at
      // least a byte each (or none), so the message's bytes bound the count.
      if (NullSource)
        Filled = Interval::exact(0);
      else if (std::optional<WideInt> Bytes =
                   Unit ? Unit->probedMessageBytes() : std::nullopt)
        Filled = Interval{0, *Bytes};
      break;
    case ModelRole::COMPLETE:
      if (Filler->Request < 0 ||
          unsigned(Filler->Request) >= Call->getNumArgs())
        break;
      // MPI_Request_get_status(MPI_REQUEST_NULL, ...): an empty status.
      if (isSpelledAs(Call->getArg(Filler->Request),
                      ModelConstant::NULL_REQUEST, Ctx)) {
        Filled = Interval::exact(0);
        Empty = true;
      } else if (const VarDecl *Request =
                     handleVariable(Call->getArg(Filler->Request))) {
        Empty = isInactiveAt(Request, Call);
        Filled = Empty ? std::optional<Interval>(Interval::exact(0))
                       : requestCount(Request, TypeId);
      }
      if (!Filled && !Empty)
        Filled = unitRequestCount(TypeId);
      break;
    default:
      break;
    }
    // A call with a flag may leave the status as it was; a probe of the
    // null process always sets it, and so does a loop that repeats the
    // call until its flag is set.
    // A fill the analysis cannot bound is harmless when another replaces
    // it before anything reads it, as a preset is.
    StatusUse U = Filled ? written({Use, nullptr, *Filled})
                         : written({Use, Call, {}, Callee,
                                    Filler->Role == ModelRole::PROBE});
    if (Filler->Flag < 0 || NullSource || Empty)
      U.Fill = statementRunning(Call, *Facts);
    else
      U.Fill = loopUntilFlag(Call, Filler->Flag, *Facts);
    return U;
  }

std::optional<Interval>
RangeAnalysis::statusCountIn(const VarDecl *Status,
                             const llvm::FoldingSetNodeID &TypeId,
                             const Stmt *At, Explanation *Why) {
  std::string Name = "'" + Status->getNameAsString() + "'";
  // Unknown because of \p Where: says so in Why.
  auto Unknown = [&](const Stmt *Where, const std::string &Note) {
    if (Why) {
      Why->OriginLoc = Where->getBeginLoc();
      Why->OriginNote = Name + Note;
    }
    return std::nullopt;
  };
  // What each use before At writes: a fill's count, or a store of the whole
  // status (memset, `st = other`) or of a hidden field, harmless when a fill
  // replaces it on every path. Those uses are the first End of the list.
  std::shared_ptr<const StatusUses> Uses = statusUses(Status, TypeId);
  llvm::ArrayRef<StatusUse> List = Uses->List;
  size_t End = usesBefore(List, At);
  // A use that leaves the count unknown; or the call judged, which may read
  // the status through another parameter while it writes it.
  size_t Spoiler = Uses->FirstUnknown;
  if (At)
    for (size_t I : Uses->UnlessQueried)
      if (I < Spoiler && Facts->isWithin(List[I].Where, At))
        Spoiler = I;
  if (Spoiler < End)
    return Unknown(List[Spoiler].Where,
                   List[Spoiler].Verdict == StatusUse::Unknown
                       ? List[Spoiler].Note
                       : " is written here while it is read");
  // Only what the last fill that every path to At runs, and the writes
  // after it, can leave: a status reused by several probes is judged by the
  // one before the query.
  auto Fills = [&](const Stmt *S) { return Uses->fillsAmongFirst(S, End); };
  const Stmt *Last = At ? lastFillBefore(At, Fills, *Facts) : nullptr;
  size_t Start =
      Last ? llvm::partition_point(List.take_front(End),
                                   [&](const StatusUse &U) {
                                     return beginsBefore(U.W.Use, Last);
                                   }) -
                 List.begin()
           : 0;
  std::optional<Interval> Count;
  // Linear: each preset scans the statements up to the next fill, within a
  // budget for the whole status.
  unsigned Budget = 4096;
  for (const StatusUse &U : List.slice(Start, End - Start)) {
    const StatusWrite &W = U.W;
    if (W.Preset) {
      // A fill after a store to an array of statuses may fill another
      // element.
      if (!Status->getType()->isArrayType() &&
          filledAfter(W.Preset, Status, Fills, *Facts, Budget))
        continue;
      if (W.UnboundedFill)
        return Unknown(W.Preset,
                       " is filled here by " +
                           W.UnboundedFill->getNameAsString() +
                           (W.Probe ? ", with the size of a message whose "
                                      "send the analysis does not see"
                                    : ", with a count the analysis cannot "
                                      "bound"));
      return Unknown(W.Preset,
                     Status->getType()->isArrayType()
                         ? " is written here, and which of its elements a "
                           "later fill replaces is not followed"
                         : " is written here, and no call that fills it "
                           "replaces that on every path to the query");
    }
    Count = Count ? Count->join(W.Filled) : W.Filled;
  }
  return Count;
}

std::optional<WideInt> RangeAnalysis::sentBytes(const CallExpr *Call,
                                                int CountArg, int TypeArg) {
  if (CountArg < 0 || TypeArg < 0 ||
      unsigned(std::max(CountArg, TypeArg)) >= Call->getNumArgs())
    return std::nullopt;
  std::optional<WideInt> Size = typeBytes(Call->getArg(TypeArg));
  State Ignored;
  std::optional<Interval> N =
      Size ? eval(Call->getArg(CountArg)->IgnoreParenImpCasts(),
                  constraintsAt(Call), Ignored)
           : std::nullopt;
  if (!N)
    return std::nullopt;
  return std::max<WideInt>(N->Hi, 0) * *Size;
}

/// The call that \p Use is handed to as `&V`, argument number \p Index.
static const CallExpr *addressPassedAsArgument(const DeclRefExpr *Use,
                                               const FunctionFacts &F,
                                               unsigned &Index) {
  const auto *Addr = dyn_cast_or_null<UnaryOperator>(parentPastParens(Use, F));
  return Addr && Addr->getOpcode() == UO_AddrOf ? argumentOf(Addr, F, Index)
                                                : nullptr;
}

const VarDecl *RangeAnalysis::datatypeLocal(const Expr *Type) const {
  const VarDecl *V = namedVariable(Type->IgnoreParenImpCasts());
  if (!V || !Facts || !V->hasLocalStorage() || isa<ParmVarDecl>(V) ||
      Facts->isCaptured(V) || V->getInit() ||
      V->getType().isVolatileQualified())
    return nullptr;
  return V;
}

bool RangeAnalysis::namesOneBuiltDatatype(const Expr *Type) {
  // A datatype's handle is given to MPI by address to be made, committed
  // and freed, so it is never a local of one value (holdsOneValue). Made by
  // one call that nothing runs again, it names that datatype wherever it is
  // read after; a commit keeps the datatype it is given.
  const VarDecl *V = datatypeLocal(Type);
  if (!V)
    return false;
  const CallExpr *Maker = nullptr;
  for (const DeclRefExpr *Use : Facts->usesOf(V)) {
    if (onlyReads(Use, *Facts))
      continue;
    unsigned Index = 0;
    const CallExpr *Call = addressPassedAsArgument(Use, *Facts, Index);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee)
      return false;
    if (const TypeModelInfo *Row = lookupTypeModel(*Callee);
        Row && Row->Role == TypeRole::KEEP && Row->Out == int(Index))
      continue;
    const FunctionInfo *Made = lookupClassic(*Callee);
    if (!Made || Index >= Made->Params.size() ||
        Made->Params[Index].Role != ParamRole::DTYPE_OUT || Maker)
      return false;
    Maker = Call;
  }
  return Maker && runsOnceInOrder(Maker);
}

std::optional<WideInt> RangeAnalysis::typeBytes(const Expr *Type,
                                                unsigned Depth) {
  // The model's bound on a predefined datatype (TYPE_SIZE_OUT above).
  if (isPredefinedHandle(Type, Ctx))
    return 64;
  // A datatype built in this function: a local that only its constructors
  // (MPIX_MODEL_TYPE rows) set, each bounded. Types of types are followed a
  // few levels deep.
  const VarDecl *V = Depth < 4 ? datatypeLocal(Type) : nullptr;
  if (!V)
    return std::nullopt;
  std::optional<WideInt> Most;
  for (const DeclRefExpr *Use : Facts->usesOf(V)) {
    if (onlyReads(Use, *Facts))
      continue;
    unsigned Index = 0;
    const CallExpr *Call = addressPassedAsArgument(Use, *Facts, Index);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    const TypeModelInfo *Row = Callee ? lookupTypeModel(*Callee) : nullptr;
    if (!Row || Row->Out != int(Index))
      return std::nullopt;
    if (Row->Role == TypeRole::KEEP)
      continue;
    std::optional<WideInt> Size = builtBytes(Call, *Row, Depth);
    if (!Size)
      return std::nullopt;
    Most = std::max(Most.value_or(0), *Size);
  }
  return Most;
}

std::optional<WideInt> RangeAnalysis::builtBytes(const CallExpr *Call,
                                                 const TypeModelInfo &Row,
                                                 unsigned Depth) {
  auto Argument = [&](int Index) -> const Expr * {
    return Index >= 0 && unsigned(Index) < Call->getNumArgs()
               ? Call->getArg(Index)->IgnoreParenImpCasts()
               : nullptr;
  };
  // A negative count or length is an error: the call makes no datatype.
  auto Most = [&](const Expr *E) -> std::optional<WideInt> {
    State Ignored;
    std::optional<Interval> N = E ? eval(E, constraintsAt(Call), Ignored)
                                  : std::nullopt;
    return N ? std::optional<WideInt>(std::max<WideInt>(N->Hi, 0))
             : std::nullopt;
  };
  // The block lengths or extents of an array argument: a local array of
  // ints, or a pointer to the function's own allocation of them, that only
  // its element stores (or initializer) set, and read-only arguments read.
  auto MostElement = [&](const Expr *E) -> std::optional<WideInt> {
    const VarDecl *Array = E ? namedVariable(E) : nullptr;
    std::optional<Interval> R =
        Array && (Array->getType()->isConstantArrayType() ||
                  (Facts && Facts->holdsOwnAllocation(Array)))
            ? rangeOfElements(Array)
            : std::nullopt;
    return R ? std::optional<WideInt>(std::max<WideInt>(R->Hi, 0))
             : std::nullopt;
  };
  const Expr *Old = Argument(Row.Old);
  std::optional<WideInt> Size =
      !Old ? std::nullopt
      : Row.Role == TypeRole::BUILD_STRUCT ? largestElementBytes(Old, Depth)
                                           : typeBytes(Old, Depth + 1);
  if (!Size)
    return std::nullopt;
  // Past this a product of several factors is no bound worth keeping (and
  // could leave WideInt): 2^62 bytes.
  constexpr WideInt Huge = WideInt(1) << 62;
  auto Times = [&](std::optional<WideInt> Factor) {
    if (Size && Factor)
      Size = std::min<WideInt>(*Size * *Factor, Huge);
    else
      Size = std::nullopt;
  };
  switch (Row.Role) {
  case TypeRole::KEEP:
    return std::nullopt;
  case TypeRole::BUILD:
    for (int Factor : {Row.Count, Row.Block})
      if (Factor >= 0)
        Times(Most(Argument(Factor)));
    break;
  case TypeRole::BUILD_BLOCKS:
  case TypeRole::BUILD_STRUCT:
    Times(Most(Argument(Row.Count)));
    Times(MostElement(Argument(Row.Block)));
    break;
  case TypeRole::BUILD_GRID: {
    std::optional<WideInt> Dimensions = Most(Argument(Row.Count));
    std::optional<WideInt> Extent = MostElement(Argument(Row.Block));
    // MPI's arrays of dimensions are small; more than this is no bound.
    constexpr WideInt MostDimensions = 16;
    if (!Dimensions || *Dimensions > MostDimensions)
      return std::nullopt;
    for (WideInt D = 0; D < *Dimensions && Size; ++D)
      Times(Extent);
    break;
  }
  }
  // A size at the cap is no bound.
  if (Size && *Size >= Huge)
    return std::nullopt;
  return Size;
}

std::optional<WideInt> RangeAnalysis::largestElementBytes(const Expr *Types,
                                                          unsigned Depth) {
  // A local array of datatypes that only its element stores set, each a
  // datatype typeBytes bounds; read-only arguments (MPI_Type_create_struct's
  // own) read it.
  const VarDecl *Array = namedVariable(Types->IgnoreParenImpCasts());
  if (!Array || !Facts || !Array->hasLocalStorage() ||
      !Array->getType()->isConstantArrayType() || Facts->isCaptured(Array) ||
      Array->getType().isVolatileQualified() || !Facts->isOnlyIndexed(Array))
    return std::nullopt;
  std::optional<WideInt> Most;
  for (const FunctionFacts::Write &W : Facts->elementWritesOf(Array)) {
    std::optional<WideInt> Size =
        W.Value && W.Replaces && !W.Accumulates
            ? typeBytes(W.Value, Depth + 1)
            : std::nullopt;
    if (!Size)
      return std::nullopt;
    Most = std::max(Most.value_or(0), *Size);
  }
  return Most;
}

/// Whether a store of values in \p R cannot be why a variable whose type
/// holds \p Full is large: a store bounded within the type (`int n = 0`), or
/// one that fits in 'int' (`size_t n = 0`, where n = v.size() is the cause).
static bool cannotMakeLarge(const Interval &R, const Interval &Full) {
  const Interval Int{-(WideInt(1) << 31), (WideInt(1) << 31) - 1};
  return (R.Lo > Full.Lo && R.Hi < Full.Hi) ||
         (R.within(Int) && !Full.within(Int));
}

bool RangeAnalysis::noteUnboundedOutput(const DeclRefExpr *Use,
                                        const std::string &Text,
                                        Explanation &X) {
  // An output of a call the model bounds only for what it can see (the
  // extent of a datatype read from memory).
  const ModelInfo *M = nullptr;
  const CallExpr *Call = outputCallOf(Use, *Facts, M);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || keepsOneOfItsValues(Call, *M, Ctx))
    return false;
  // Bounded only by its type (the maximum of an unbounded input) is not
  // bounded either.
  std::optional<Interval> Out = outputRange(Call, *M);
  std::optional<Interval> Full = Interval::ofType(Use->getType(), Ctx);
  if (Out && !(Full && Full->within(*Out)))
    return false;
  X.OriginLoc = Call->getBeginLoc();
  X.OriginNote = "'" + Text + "' is an output of " + Callee->getNameAsString() +
                 " here, which the analysis cannot bound";
  return true;
}

bool RangeAnalysis::noteHandedOut(const VarDecl *V, const std::string &Text,
                                  Explanation &X) {
  for (const DeclRefExpr *Use : Facts->usesOf(V)) {
    if (onlyReads(Use, *Facts) || isStoredTo(Use, *Facts))
      continue;
    if (noteUnboundedOutput(Use, Text, X))
      return true;
    const ModelInfo *M = nullptr;
    if (outputCallOf(Use, *Facts, M))
      continue;
    // An OpenMP region's capture or clause: the region's own uses are
    // listed too.
    const Stmt *Addr = parentPastParens(Use, *Facts);
    if (isa_and_nonnull<CapturedStmt, OMPExecutableDirective>(Addr))
      continue;
    // &v handed to a `const` parameter (a send buffer) is only read.
    if (isHandedToReader(Use, *Facts))
      continue;
    X.OriginLoc = Use->getBeginLoc();
    X.OriginNote = "'" + Text + "' is handed out here: what is written "
                                "through it is not known";
    return true;
  }
  return false;
}

/// A place of another file in a note's text: " (file:line:col)".
static std::string inParentheses(const SourcePoint &P) {
  return " (" + P.File + ":" + std::to_string(P.Line) + ":" +
         std::to_string(P.Column) + ")";
}

void RangeAnalysis::noteMemberOrigin(const MemberExpr *M,
                                     const std::string &Text, Explanation &X) {
  const auto *Field = dyn_cast<FieldDecl>(M->getMemberDecl());
  if (!Field)
    return;
  // In a whole program: the write of the program that stores the most.
  if (const ProgramArgument *Writes =
          Unit ? Unit->programMemberOf(Field) : nullptr;
      Writes && Writes->WidestAt.valid()) {
    std::string Writer = Writes->WidestCaller.empty()
                             ? "a declaration"
                             : "'" + Writes->WidestCaller + "'";
    X.OriginLoc = M->getBeginLoc();
    X.OriginNote =
        "'" + Text + "' is a member of '" + recordName(Field->getParent()) +
        "', which " + Writer +
        (Writes->Range ? " sets to values up to " + toString(Writes->Range->Hi)
                       : " writes with a value the analysis cannot bound") +
        inParentheses(Writes->WidestAt);
    return;
  }
  // A store of this unit from something other than a constant is the
  // likeliest source: `options.size = value;` in the option parser.
  if (Unit && noteVariableStore(Unit->memberStores(Field), Text, X))
    return;
  const Expr *Base = M->getBase()->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(Base)) {
    X.OriginLoc = M->getBeginLoc();
    X.OriginNote = "'" + Text + "' is a member of '" +
                   Field->getParent()->getNameAsString() +
                   "' that other functions set";
    return;
  }
  const VarDecl *Holder = referencedVariable(Base);
  if (const auto *P = dyn_cast_or_null<ParmVarDecl>(Holder)) {
    X.OriginLoc = M->getBeginLoc();
    X.OriginNote = "'" + Text + "' is read through the parameter '" +
                   P->getNameAsString() + "': its callers may set it to any value";
  } else if (Holder && isGlobalVariable(Holder)) {
    X.OriginLoc = M->getBeginLoc();
    X.OriginNote = "'" + Text + "' is a member of the global '" +
                   Holder->getNameAsString() + "', which other files may set";
  }
}

bool RangeAnalysis::noteVariableStore(llvm::ArrayRef<PlainStore> Stores,
                                      const std::string &Text,
                                      Explanation &X) {
  for (const PlainStore &Store : Stores) {
    const Expr *Value = Store.Assign->getRHS();
    if (Value->isValueDependent() || Value->isIntegerConstantExpr(Ctx))
      continue;
    X.OriginLoc = Store.Assign->getBeginLoc();
    X.OriginNote = "'" + Text + "' is assigned '" + spelledText(Value, Ctx) +
                   "' here, in '" + Store.Function->getNameAsString() + "'";
    return true;
  }
  return false;
}

void RangeAnalysis::noteGlobalOrigin(const VarDecl *V, const std::string &Text,
                                     Explanation &X) {
  // A global this file owns: the first store of something not constant.
  std::optional<llvm::ArrayRef<PlainStore>> Stores =
      Unit ? Unit->globalStores(V) : std::nullopt;
  if (Stores && noteVariableStore(*Stores, Text, X))
    return;
  // One this file owns is changed here in a way the analysis does not
  // follow; any other, perhaps by other files.
  const UnfollowedWrite *Unfollowed = Unit ? Unit->unfollowedWrite(V) : nullptr;
  if (Unfollowed && Unfollowed->Function) {
    X.OriginLoc = Unfollowed->Use->getBeginLoc();
    X.OriginNote = "'" + Text + "' is changed here, in '" +
                   Unfollowed->Function->getNameAsString() +
                   "', in a way the analysis does not follow";
    return;
  }
  X.OriginLoc = V->getLocation();
  X.OriginNote = "'" + Text + "' is a global that may be written elsewhere";
}

void RangeAnalysis::noteLargeStore(const VarDecl *V, const std::string &Text,
                                   const Interval &Full, const Stmt *At,
                                   Explanation &X) {
  // The last such store before At in the text: the nearest the reader can
  // follow to the use (an earlier one may sit in another branch).
  const FunctionFacts::Write *Chosen = nullptr;
  std::optional<Interval> ChosenRange;
  const SourceManager &SM = Ctx.getSourceManager();
  const Interval Int{-(WideInt(1) << 31), (WideInt(1) << 31) - 1};
  for (const FunctionFacts::Write &W : Facts->writesOf(V)) {
    State Unused;
    std::optional<Interval> WR;
    if (W.Value && W.Replaces) {
      WR = eval(W.Value, constraintsAt(W.Site), Unused);
      if (WR && cannotMakeLarge(*WR, Full))
        continue;
    } else if (std::optional<Result> Update = updateResult(W.Site)) {
      // An update is judged by what it computes there, bounded or not: one
      // that neither wraps nor leaves 'int' cannot be the reason.
      if (!Update->OverflowSite && Update->Range.within(Int))
        continue;
      WR = Update->Range;
    }
    bool Before = !At || SM.isBeforeInTranslationUnit(W.Site->getBeginLoc(),
                                                      At->getBeginLoc());
    if (!Chosen || Before) {
      Chosen = &W;
      ChosenRange = W.Value ? std::nullopt : WR;
    }
    if (!Before)
      break;
  }
  if (!Chosen)
    return;
  X.OriginLoc = Chosen->Site->getBeginLoc();
  if (Chosen->Value) {
    X.OriginNote = "'" + Text + "' is assigned '" +
                   spelledText(Chosen->Value, Ctx) +
                   "' here, which the analysis cannot bound";
    return;
  }
  // An update (`m *= 2`) is bounded as often as not: say by how much it
  // makes the variable grow rather than that nothing is known.
  const auto *Update = dyn_cast<CompoundAssignOperator>(Chosen->Site);
  // Bounded: narrower than what the update computes in (`disp +=
  // num_elements` with a size_t is any size_t).
  auto boundedIn = [&](QualType T) {
    std::optional<Interval> Whole = Interval::ofType(T, Ctx);
    return Whole && (ChosenRange->Lo > Whole->Lo || ChosenRange->Hi < Whole->Hi);
  };
  if (Update && ChosenRange && boundedIn(V->getType()) &&
      boundedIn(Update->getComputationResultType())) {
    X.OriginNote = "'" + spelledText(Update, Ctx) + "' can make '" + Text +
                   "' exceed INT_MAX here: " + Text + " in [" +
                   toString(ChosenRange->Lo) + ", " +
                   toString(ChosenRange->Hi) + "]";
    return;
  }
  X.OriginNote = Update ? "'" + Text + "' is changed by '" +
                              spelledText(Update, Ctx) +
                              "' here, which the analysis cannot bound"
                        : "'" + Text + "' is changed here by a value the "
                                       "analysis cannot bound";
}

std::optional<RangeAnalysis::Result>
RangeAnalysis::updateResult(const Stmt *Site) {
  const auto *Update = dyn_cast<CompoundAssignOperator>(Site);
  if (!Update)
    return std::nullopt;
  // What the variables hold where the update runs, its flow facts
  // included: `m *= 2` after `m = n` doubles an int, not an unknown.
  Constraints C = constraintsAt(Update);
  if (std::optional<PointFacts> At = flowFactsAt(Update, C);
      At && !At->Unreachable)
    C = At->Known;
  return evaluateUpdate(Update, C);
}

std::string RangeAnalysis::describeOperand(const Expr *E, const Stmt *At,
                                           const Constraints &C,
                                           Explanation &X) {
  // Evaluated with its parentheses: a macro's expansion, `(a - b)`, is
  // what a stated `SuperSize()` bounds.
  const Expr *Whole = E->IgnoreImpCasts();
  E = E->IgnoreParenImpCasts();
  std::string Text = spelledText(E, Ctx);
  // It recurses into the operands of a sum as deep as the sum is (3,000
  // terms), as eval does: past the depth eval follows, no origin is looked
  // for.
  if (EvalDepth >= MaxEvalDepth)
    return Text + " unbounded";
  ++EvalDepth;
  std::string Described = describeOperandNode(E, Whole, Text, At, C, X);
  --EvalDepth;
  return Described;
}

std::string RangeAnalysis::describeOperandNode(const Expr *E,
                                               const Expr *Whole,
                                               const std::string &Text,
                                               const Stmt *At,
                                               const Constraints &C,
                                               Explanation &X) {
  State Ignored;
  std::optional<Interval> R = eval(Whole, C, Ignored);
  std::optional<Interval> Full = Interval::ofType(E->getType(), Ctx);
  if (R && R->isExact())
    return Text == toString(R->Lo) ? Text : Text + " = " + toString(R->Lo);
  const VarDecl *V = namedVariable(E);
  if (V) {
    // Judged whole (eval may have read only the last store): whether every
    // value is a communicator's size or a rank.
    rangeOfVariable(V);
    auto Modelled = ModelledAsSize.find(V);
    if (Modelled != ModelledAsSize.end())
      return Text + (Modelled->second ? " up to the communicator size"
                                      : " below the communicator size");
    // The counter of a loop around At: what bounds it is the loop's bound.
    if (Facts)
      for (const Stmt *Child = At, *P = Facts->parentOf(At); P;
           Child = P, P = Facts->parentOf(P))
        if (const auto *Loop = dyn_cast<ForStmt>(P))
          if (Child == Loop->getBody() || Child == Loop->getInc())
            if (std::optional<CounterTest> Test =
                    counterTest(Loop->getCond(), V))
              if (Test->Op == BO_LT || Test->Op == BO_LE) {
                const VarDecl *B = namedVariable(Test->Bound);
                if (B) {
                  rangeOfVariable(B);
                  auto Size = ModelledAsSize.find(B);
                  if (Size != ModelledAsSize.end() && Size->second)
                    return Text + " below the communicator size";
                }
                if (!X.CounterBound)
                  X.CounterBound = Test->Bound;
                return Text + " below " + spelledText(Test->Bound, Ctx);
              }
  }
  // A wide parameter that a whole program's calls give values beyond
  // 'int': the call that passes the most is where they come from.
  if (const auto *P = dyn_cast_or_null<ParmVarDecl>(V);
      P && R && (R->Lo < INT32_MIN || R->Hi > INT32_MAX) &&
      X.OriginLoc.isInvalid() && Unit && Unit->programArgumentOf(P)) {
    X.OriginLoc = P->getLocation();
    X.OriginNote = parameterOrigin(P, Text);
  }
  if (R && Full && R->Lo > Full->Lo && R->Hi < Full->Hi)
    return Text + (R->Lo >= 0 ? " up to " + toString(R->Hi)
                              : " in [" + toString(R->Lo) + ", " +
                                    toString(R->Hi) + "]");
  // Unbounded: say where the first such operand comes from.
  if (X.OriginLoc.isInvalid()) {
    if (const auto *P = dyn_cast_or_null<ParmVarDecl>(V)) {
      noteParameterOrigin(P, Text, X);
    } else if (V && V->hasLocalStorage() && Facts) {
      // A use that writes it unseen (handed out by address to a function
      // that may write it) is the reason; else, as for a local that is not
      // handed out, the first store that can make it large.
      // An address that goes only to model outputs is no escape: one that
      // the model leaves unbounded is the origin all the same.
      auto OutputNoted = [&](const DeclRefExpr *U) {
        return noteUnboundedOutput(U, Text, X);
      };
      bool Noted = Facts->escapes(V)
                       ? noteHandedOut(V, Text, X)
                       : llvm::any_of(Facts->usesOf(V), OutputNoted);
      if (!Noted && Full)
        noteLargeStore(V, Text, *Full, At, X);
    } else if (V) {
      noteGlobalOrigin(V, Text, X);
    } else if (const auto *Sub = dyn_cast<BinaryOperator>(E);
               Sub && (Sub->isMultiplicativeOp() || Sub->isAdditiveOp() ||
                       Sub->isShiftOp() || Sub->isCompoundAssignmentOp())) {
      // gx * gy, or bytes *= sizeof(T): the origin is that of its first
      // unbounded operand.
      describeOperand(Sub->getLHS(), At, C, X);
      describeOperand(Sub->getRHS(), At, C, X);
    } else if (const auto *Choice = dyn_cast<AbstractConditionalOperator>(E)) {
      // `empty ? 0 : n`: the origin is that of the branch that is large.
      describeOperand(Choice->getTrueExpr(), At, C, X);
      describeOperand(Choice->getFalseExpr(), At, C, X);
    } else if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E);
               Cast && Cast->getSubExpr()->getType()->isIntegerType()) {
      // `(int)nrhs`: the origin is the converted value's.
      describeOperand(Cast->getSubExpr(), At, C, X);
    }
    if (const auto *M = dyn_cast<MemberExpr>(E); M && X.OriginLoc.isInvalid())
      noteMemberOrigin(M, Text, X);
    // Arithmetic whose operands said nothing has no origin of its own.
    if (!V && X.OriginLoc.isInvalid() &&
        !isa<BinaryOperator, AbstractConditionalOperator>(E)) {
      X.OriginLoc = E->getBeginLoc();
      // A container's `v[i]` is memory read, as an array's is.
      const auto *Call = dyn_cast<CallExpr>(E->IgnoreCasts());
      const auto *Operator = dyn_cast_or_null<CXXOperatorCallExpr>(Call);
      bool Subscript = Operator && Operator->getOperator() == OO_Subscript;
      X.OriginNote = "'" + Text +
                     (Call && !Subscript
                          ? "' is returned by a call the analysis cannot bound"
                          : "' is read from memory the analysis cannot see");
    }
  }
  return Text + " unbounded";
}

void RangeAnalysis::noteParameterOrigin(const ParmVarDecl *P,
                                        const std::string &Text,
                                        Explanation &X) {
  // A header's function has other callers in each unit that includes it:
  // its report would differ from one unit to the next.
  const SourceManager &SM = Ctx.getSourceManager();
  const FunctionDecl *Caller = nullptr;
  std::optional<Interval> Passed;
  const CallExpr *Call =
      Unit && SM.isInMainFile(SM.getExpansionLoc(P->getLocation()))
          ? Unit->widestCallOf(P, Caller, Passed)
          : nullptr;
  if (!Call || !Caller) {
    X.OriginLoc = P->getLocation();
    X.OriginNote = parameterOrigin(P, Text);
    return;
  }
  const auto *F = cast<FunctionDecl>(P->getDeclContext());
  std::optional<Interval> Type = Interval::ofType(P->getType(), Ctx);
  bool Bounded = Passed && Type && Passed->Hi < Type->Hi;
  X.OriginLoc = Call->getBeginLoc();
  X.OriginNote = "'" + Text + "' is a parameter of '" + F->getNameAsString() +
                 "', which '" + Caller->getNameAsString() + "' calls here " +
                 (Bounded ? "with values up to " + toString(Passed->Hi)
                          : std::string("with a value the analysis cannot "
                                        "bound"));
}

std::string RangeAnalysis::parameterOrigin(const ParmVarDecl *P,
                                           const std::string &Text) {
  const ProgramArgument *Calls = Unit ? Unit->programArgumentOf(P) : nullptr;
  if (!Calls || !Calls->WidestAt.valid())
    return "'" + Text + "' is a parameter: its callers may pass any value";
  // In a whole program: the call of another file that passes the most.
  const auto *F = cast<FunctionDecl>(P->getDeclContext());
  std::string Passes =
      Calls->Range ? "with values up to " + toString(Calls->Range->Hi)
                   : "with a value the analysis cannot bound";
  std::string At = inParentheses(Calls->WidestAt);
  std::string Of = "'" + Text + "' is a parameter of '" + F->getNameAsString() + "'";
  // A call in a template, a lambda or an initializer is not followed.
  if (Calls->WidestCaller.empty())
    return Of + ", which another file calls where the analysis does not "
                "follow its arguments" + At;
  return Of + ", which '" + Calls->WidestCaller + "' calls " + Passes + At;
}

RangeAnalysis::Explanation RangeAnalysis::explainOverflow(const Expr *Site,
                                                          const Stmt *At) {
  Explanation X;
  const auto *B = dyn_cast<BinaryOperator>(Site->IgnoreParenImpCasts());
  if (!B)
    return X;
  Constraints C = constraintsAt(At);
  std::string L = describeOperand(B->getLHS(), At, C, X);
  std::string R = describeOperand(B->getRHS(), At, C, X);
  X.Why = L + ", " + R;
  noteCounterBound(At, C, X);
  return X;
}

RangeAnalysis::Explanation RangeAnalysis::explainValue(const Expr *E,
                                                       const Stmt *At) {
  Explanation X;
  Constraints C = constraintsAt(At);
  X.Why = describeOperand(E, At, C, X);
  noteCounterBound(At, C, X);
  return X;
}

void RangeAnalysis::noteCounterBound(const Stmt *At, const Constraints &C,
                                     Explanation &X) {
  // `i + 2` with i below a parameter: the parameter is why it is large.
  if (X.OriginLoc.isInvalid() && X.CounterBound) {
    const Expr *Bound = X.CounterBound;
    X.CounterBound = nullptr;
    describeOperand(Bound, At, C, X);
  }
}

} // namespace mpix
