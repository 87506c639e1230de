//===-- MemberWrites.cpp - What a unit stores into structure members ------===//

#include "analysis/MemberWrites.h"
#include "utils/FastRecursiveASTVisitor.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Builtins.h"

using namespace clang;

namespace mpix {

std::string recordName(const RecordDecl *R) {
  if (!R->getName().empty())
    return R->getNameAsString();
  if (const TypedefNameDecl *Alias = R->getTypedefNameForAnonDecl())
    return Alias->getNameAsString();
  // `typedef struct {...} *UserData;`: the pointer's name is the one the
  // code uses.
  if (const auto *Alias =
          dyn_cast_or_null<TypedefNameDecl>(R->getNextDeclInContext());
      Alias && Alias->getUnderlyingType()->getPointeeOrArrayElementType()
                       ->getAsRecordDecl() == R)
    return Alias->getNameAsString();
  return "(anonymous)";
}

const FieldDecl *accessorMember(const CXXMethodDecl *M) {
  const FunctionDecl *Def = nullptr;
  if (!M || M->isVirtual() || M->getNumParams() != 0 || !M->hasBody(Def))
    return nullptr;
  const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
  const auto *Ret = Body && Body->size() == 1
                        ? dyn_cast<ReturnStmt>(Body->body_front())
                        : nullptr;
  const auto *Read =
      Ret && Ret->getRetValue()
          ? dyn_cast<MemberExpr>(Ret->getRetValue()->IgnoreParenImpCasts())
          : nullptr;
  const auto *Field = Read ? dyn_cast<FieldDecl>(Read->getMemberDecl()) : nullptr;
  const ASTContext &Ctx = M->getASTContext();
  if (!Field || !isa<CXXThisExpr>(Read->getBase()->IgnoreParenImpCasts()) ||
      Ctx.getCanonicalType(Field->getType()).getUnqualifiedType() !=
          Ctx.getCanonicalType(M->getReturnType().getNonReferenceType())
              .getUnqualifiedType())
    return nullptr;
  return Field;
}

/// A method that hands out a member for writing: `int &size() { return n; }`.
static const FieldDecl *referenceAccessorMember(const CXXMethodDecl *M) {
  QualType T = M ? M->getReturnType() : QualType();
  if (T.isNull() || !T->isLValueReferenceType() ||
      T->getPointeeType().isConstQualified())
    return nullptr;
  return accessorMember(M);
}

/// The integer member \p E names: `x.m`, `p->m`, or a call of an accessor
/// handing it out by reference (whose result is then the member itself).
static const FieldDecl *integerField(const Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreParens();
  const FieldDecl *F = nullptr;
  if (const auto *M = dyn_cast<MemberExpr>(E))
    F = dyn_cast<FieldDecl>(M->getMemberDecl());
  else if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E))
    F = referenceAccessorMember(Call->getMethodDecl());
  return F && F->getType()->isIntegerType() ? F : nullptr;
}

/// The member holding a function pointer \p E names (`ops->solve`).
static const FieldDecl *functionPointerField(const Expr *E) {
  const auto *M = dyn_cast<MemberExpr>(E->IgnoreParens());
  const auto *F = M ? dyn_cast<FieldDecl>(M->getMemberDecl()) : nullptr;
  return F && F->getType()->isFunctionPointerType() ? F : nullptr;
}

/// The structure \p T holds, looking through arrays; null for any other type.
static const RecordDecl *recordOf(QualType T, const ASTContext &Ctx) {
  while (const ArrayType *A = Ctx.getAsArrayType(T))
    T = A->getElementType();
  const auto *R = T->getAsRecordDecl();
  return R ? R->getDefinition() : nullptr;
}

/// Lists the writes. A use of an integer member is a read when its value is
/// loaded, or when it binds to a const reference; a plain store, or a
/// write whose value cannot be seen; every other use is taken for the
/// latter. The parent is always visited before the member, so the parent
/// marks the member it accounts for.
class MemberWriteCollector
    : public FunctionScopedVisitor<MemberWriteCollector> {
  using Base = FunctionScopedVisitor<MemberWriteCollector>;

public:
  MemberWriteCollector(ASTContext &Ctx, MemberWrites &Out)
      : Ctx(Ctx), Out(Out) {}

  // A template's store of a value that depends on its arguments
  // (`hdr_size = sizeof(hdr)` with hdr of a nested type) is known in each
  // instantiation, where it is a constant: the instantiations are walked
  // too, and the template's own such stores left to them.
  bool shouldVisitTemplateInstantiations() const { return true; }
  void addWrite(const FieldDecl *F, MemberWrite W) {
    if (!W.Value || !W.Value->isValueDependent())
      Out.addWrite(F, W);
  }

  bool TraverseConstructorInitializer(CXXCtorInitializer *Init) {
    if (Init->isMemberInitializer() && Init->getInit())
      if (const FieldDecl *F = Init->getMember();
          F && F->getType()->isIntegerType()) {
        const Expr *Value = Init->getInit()->IgnoreImplicit();
        // `m{v}` and `m(v)` of an integer member: v.
        if (const auto *List = dyn_cast<InitListExpr>(Value))
          Value = List->getNumInits() == 1 ? List->getInit(0) : nullptr;
        if (const auto *Parens = dyn_cast_or_null<ParenListExpr>(Value))
          Value = Parens->getNumExprs() == 1 ? Parens->getExpr(0) : nullptr;
        addWrite(F, {Value, Init->getInit(), Current});
      }
    return Base::TraverseConstructorInitializer(Init);
  }

  bool VisitFieldDecl(FieldDecl *F) {
    if (F->getType()->isIntegerType() && F->hasInClassInitializer())
      if (const Expr *Init = F->getInClassInitializer())
        addWrite(F, {Init, Init, nullptr});
    return true;
  }
  bool VisitRecordDecl(RecordDecl *R) {
    // A structure in a union is written through the union's other members.
    if (R->isUnion() && R->isThisDeclarationADefinition())
      for (const FieldDecl *F : R->fields())
        if (const RecordDecl *Inner = recordOf(F->getType(), Ctx)) {
          llvm::DenseSet<const RecordDecl *> Seen;
          Out.addRawWrite(Inner, Seen, {});
        }
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign)
      if (const FieldDecl *F = functionPointerField(B->getLHS()))
        Out.addFunctionStore(F, B->getRHS());
    if (const FieldDecl *F = integerField(B->getLHS())) {
      account(B->getLHS());
      if (B->getOpcode() == BO_Assign)
        addWrite(F, {B->getRHS(), B, Current});
      else if (B->isCompoundAssignmentOp())
        Out.addWrite(F, {nullptr, B, Current});
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (const FieldDecl *F = integerField(U->getSubExpr())) {
      account(U->getSubExpr());
      if (U->isIncrementDecrementOp() ||
          (U->getOpcode() == UO_AddrOf && !ReadOnlyAddresses.count(U))) {
        MemberWrite W{nullptr, U, Current};
        if (auto It = HandedToParameter.find(U); It != HandedToParameter.end())
          std::tie(W.OutputCall, W.OutputIndex) = It->second;
        Out.addWrite(F, W);
      }
    }
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    if (Cast->getCastKind() == CK_LValueToRValue)
      account(Cast->getSubExpr());
    return true;
  }
  bool VisitCastExpr(CastExpr *Cast) {
    // The structure's bytes handed to code that may write them.
    QualType From = Cast->getSubExpr()->getType(), To = Cast->getType();
    if (!From->isPointerType() && !From->isArrayType())
      return true;
    QualType Pointee = From->isPointerType()
                           ? From->getPointeeType()
                           : QualType(Ctx.getAsArrayType(From)->getElementType());
    const RecordDecl *R = recordOf(Pointee, Ctx);
    if (!R || Pointee.isConstQualified() || Harmless.count(Cast))
      return true;
    bool Raw = Cast->getCastKind() == CK_PointerToIntegral ||
               (Cast->getCastKind() == CK_BitCast && To->isPointerType() &&
                !To->getPointeeType().isConstQualified() &&
                recordOf(To->getPointeeType(), Ctx) != R);
    if (Raw) {
      MemberWrite W{nullptr, Cast, Current};
      if (auto It = HandedBytes.find(Cast); It != HandedBytes.end())
        std::tie(W.BytesCall, W.BytesIndex) = It->second;
      llvm::DenseSet<const RecordDecl *> Seen;
      Out.addRawWrite(R, Seen, W);
    }
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      return true;
    // Freeing or moving a block keeps its values; zeroing it stores zeros,
    // which bound nothing from above.
    unsigned Builtin = Callee->getBuiltinID();
    Expr::EvalResult Fill;
    if (Builtin == Builtin::BIfree || Builtin == Builtin::BIrealloc ||
        (Builtin == Builtin::BImemset && Call->getNumArgs() == 3 &&
         Call->getArg(1)->EvaluateAsInt(Fill, Ctx) &&
         Fill.Val.getInt().isZero()))
      if (Call->getNumArgs() > 0)
        if (const auto *Cast = dyn_cast<CastExpr>(Call->getArg(0)->IgnoreParens()))
          Harmless.insert(Cast);
    // A member method's object is not among the parameters.
    unsigned Shift = isa<CXXOperatorCallExpr>(Call) &&
                             isa<CXXMethodDecl>(Callee) ? 1 : 0;
    for (unsigned I = Shift; I < Call->getNumArgs(); ++I)
      if (I - Shift < Callee->getNumParams()) {
        QualType Param = Callee->getParamDecl(I - Shift)->getType();
        accountConstReference(Call->getArg(I), Param);
        // An operator's object shifts its arguments: not followed.
        if (!Shift) {
          noteHandedToParameter(Call->getArg(I), Param, Call, I);
          noteHandedBytes(Call->getArg(I), Call, I);
        }
      }
    return true;
  }
  /// The casts an argument is made of (`(void *)data`): a raw one hands
  /// the structure to the callee's parameter.
  void noteHandedBytes(const Expr *Arg, const CallExpr *Call, unsigned Index) {
    for (const Expr *E = Arg->IgnoreParens(); const auto *Cast = dyn_cast<CastExpr>(E);
         E = Cast->getSubExpr()->IgnoreParens())
      HandedBytes[Cast] = {Call, Index};
  }
  /// `&s->m` given as is to a pointer parameter of m's own type: the
  /// callee's output (a conversion on the way would store another type).
  /// Given to a pointer to const (`fwrite(&h.n, ...)`, `MPI_Send(&s->m,
  /// ...)`), it is only read.
  void noteHandedToParameter(const Expr *Arg, QualType Param,
                             const CallExpr *Call, unsigned Index) {
    if (const auto *Read = dyn_cast<UnaryOperator>(Arg->IgnoreParenCasts());
        Read && Read->getOpcode() == UO_AddrOf && Param->isPointerType() &&
        Param->getPointeeType().isConstQualified())
      ReadOnlyAddresses.insert(Read);
    const auto *Address = dyn_cast<UnaryOperator>(Arg->IgnoreParens());
    if (!Address || Address->getOpcode() != UO_AddrOf || !Param->isPointerType())
      return;
    const Expr *Member = Address->getSubExpr()->IgnoreParens();
    QualType Pointee = Param->getPointeeType();
    if (!Pointee.isConstQualified() &&
        Ctx.hasSameUnqualifiedType(Pointee, Member->getType()))
      HandedToParameter[Address] = {Call, Index};
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *Construct) {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    for (unsigned I = 0; I < Construct->getNumArgs(); ++I)
      if (Ctor && I < Ctor->getNumParams())
        accountConstReference(Construct->getArg(I),
                              Ctor->getParamDecl(I)->getType());
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    // `int tmp[s->n]` reads the member: the walk reaches the bound as
    // written, without the type's conversion around it.
    for (const Type *T = V->getType().getTypePtr();
         const auto *VLA = dyn_cast<VariableArrayType>(T);
         T = VLA->getElementType().getTypePtr())
      if (const Expr *Bound = VLA->getSizeExpr())
        account(Bound->IgnoreParenImpCasts());
    if (V->getInit()) {
      accountConstReference(V->getInit(), V->getType());
      unmatchedList(V->getInit(), V->getType());
    }
    return true;
  }
  // `auto &[n, m] = s;`: the names bound are the members, and what is
  // stored through them is not walked as member expressions.
  bool VisitDecompositionDecl(DecompositionDecl *D) {
    QualType T = D->getType();
    if (T->isReferenceType() && !T->getPointeeType().isConstQualified()) {
      llvm::DenseSet<const RecordDecl *> Seen;
      Out.addRawWrite(recordOf(T->getPointeeType(), Ctx), Seen,
                      {nullptr, nullptr, Current});
    }
    return true;
  }
  bool VisitCXXNewExpr(CXXNewExpr *New) {
    if (New->getInitializer())
      unmatchedList(New->getInitializer(), New->getAllocatedType());
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *R) {
    if (!R->getRetValue() || !Current)
      return true;
    accountConstReference(R->getRetValue(), Current->getReturnType());
    // An accessor's reference is a write only where its calls use it so.
    if (referenceAccessorMember(dyn_cast<CXXMethodDecl>(Current)))
      account(R->getRetValue());
    return true;
  }
  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    if (!E->isArgumentType())
      account(E->getArgumentExpr());
    return true;
  }
  // The semantic form only: its values carry their conversions, so a
  // member read there is seen loaded.
  bool TraverseInitListExpr(InitListExpr *List,
                            DataRecursionQueue *Queue = nullptr) {
    return TraverseSynOrSemInitListExpr(semanticFormOf(List), Queue);
  }
  bool VisitInitListExpr(InitListExpr *List) {
    const auto *R = List->getType()->getAsRecordDecl();
    if (!R || R->isUnion())
      return true;
    // A list not analysed into one value per member (a template's, one
    // with designators) cannot say which member each value goes to.
    if (List->getType()->isDependentType() || !List->isSemanticForm() ||
        llvm::any_of(List->inits(), [](const Expr *E) {
          return !E || isa<DesignatedInitExpr>(E);
        })) {
      llvm::DenseSet<const RecordDecl *> Seen;
      Out.addRawWrite(R, Seen, {nullptr, List, Current});
      for (const FieldDecl *F : R->fields())
        if (F->getType()->isFunctionPointerType())
          Out.addFunctionStore(F, nullptr);
      return true;
    }
    unsigned I = 0;
    if (const auto *CXX = dyn_cast<CXXRecordDecl>(R))
      I = CXX->getNumBases();
    for (const FieldDecl *F : R->fields()) {
      if (F->isUnnamedBitField())
        continue;
      if (I >= List->getNumInits())
        break;
      const Expr *Init = List->getInit(I++);
      if (F->getType()->isIntegerType())
        Out.addWrite(F, {Init, List, Current});
      else if (F->getType()->isFunctionPointerType())
        Out.addFunctionStore(F, Init);
    }
    return true;
  }
  // C++20's `S s(1, 2);` of an aggregate: values the lists above do not
  // show.
  bool VisitCXXParenListInitExpr(CXXParenListInitExpr *Init) {
    llvm::DenseSet<const RecordDecl *> Seen;
    Out.addRawWrite(Init->getType()->getAsRecordDecl(), Seen,
                    {nullptr, Init, Current});
    return true;
  }
  bool VisitMemberExpr(MemberExpr *M) { return checkAccounted(M); }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    return checkAccounted(Call);
  }

private:
  /// A list that initializes a structure, not yet matched to its members
  /// (a template's `P p = {v, 1};`): any member may get any of its values.
  void unmatchedList(const Expr *Init, QualType Target) {
    const auto *List = dyn_cast<InitListExpr>(Init->IgnoreImplicit());
    const RecordDecl *R = Target->getAsRecordDecl();
    if (!List || !R || List->getType()->getAsRecordDecl())
      return;
    llvm::DenseSet<const RecordDecl *> Seen;
    Out.addRawWrite(R, Seen, {nullptr, List, Current});
  }
  bool checkAccounted(const Expr *E) {
    const FieldDecl *F = integerField(E);
    if (F && !Accounted.erase(E))
      Out.addWrite(F, {nullptr, E, Current});
    return true;
  }
  void account(const Expr *E) {
    if (!E)
      return;
    E = E->IgnoreParens();
    // A read of `c ? a.n : b.n` reads the branch it takes.
    if (const auto *Choice = dyn_cast<AbstractConditionalOperator>(E)) {
      account(Choice->getTrueExpr());
      account(Choice->getFalseExpr());
    } else if (const auto *Comma = dyn_cast<BinaryOperator>(E);
               Comma && Comma->getOpcode() == BO_Comma) {
      account(Comma->getRHS());
    } else if (integerField(E)) {
      Accounted.insert(E);
    }
  }
  void accountConstReference(const Expr *E, QualType Bound) {
    if (Bound->isReferenceType() &&
        Bound->getPointeeType().isConstQualified())
      account(E);
  }
  ASTContext &Ctx;
  MemberWrites &Out;
  llvm::DenseSet<const Expr *> Accounted;
  llvm::DenseSet<const CastExpr *> Harmless;
  /// Addresses of members handed to a pointer parameter: the call and the
  /// argument (calls are visited before their arguments).
  llvm::DenseMap<const UnaryOperator *, std::pair<const CallExpr *, unsigned>>
      HandedToParameter;
  /// Casts an argument is made of: the call, and the argument.
  llvm::DenseMap<const CastExpr *, std::pair<const CallExpr *, unsigned>>
      HandedBytes;
  /// Addresses of members handed to a pointer-to-const parameter.
  llvm::DenseSet<const UnaryOperator *> ReadOnlyAddresses;
};

MemberWrites::MemberWrites(ASTContext &Ctx, llvm::ArrayRef<Decl *> Decls) {
  MemberWriteCollector Collector(Ctx, *this);
  if (Decls.empty())
    for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
      Collector.TraverseDecl(D);
  for (Decl *D : Decls)
    Collector.TraverseDecl(D);
}

void MemberWrites::addFunctionStore(const FieldDecl *Field, const Expr *Value) {
  Field = Field->getCanonicalDecl();
  ASTContext &Ctx = const_cast<ASTContext &>(Field->getASTContext());
  Value = Value ? Value->IgnoreParenImpCasts() : nullptr;
  // A null pointer stores no function; a copy of the same member of
  // another object (`v->ops->f = w->ops->f`), one already stored.
  if (Value && Value->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return;
  if (const auto *Copy = dyn_cast_or_null<MemberExpr>(Value);
      Copy && Copy->getMemberDecl()->getCanonicalDecl() == Field)
    return;
  if (const auto *Address = dyn_cast_or_null<UnaryOperator>(Value);
      Address && Address->getOpcode() == UO_AddrOf)
    Value = Address->getSubExpr()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast_or_null<DeclRefExpr>(Value);
  const auto *Function = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
  auto &Stored = FunctionStores[Field];
  if (!llvm::is_contained(Stored, Function))
    Stored.push_back(Function);
}

void MemberWrites::addWrite(const FieldDecl *Field, MemberWrite W) {
  Writes[Field->getCanonicalDecl()].push_back(W);
}

void MemberWrites::addRawWrite(const RecordDecl *Record,
                               llvm::DenseSet<const RecordDecl *> &Seen,
                               MemberWrite Where) {
  if (!Record || !Seen.insert(Record).second)
    return;
  const ASTContext &Ctx = Record->getASTContext();
  for (const FieldDecl *F : Record->fields()) {
    if (F->getType()->isIntegerType())
      addWrite(F, Where);
    else
      addRawWrite(recordOf(F->getType(), Ctx), Seen, Where);
  }
  if (const auto *CXX = dyn_cast<CXXRecordDecl>(Record))
    for (const CXXBaseSpecifier &B : CXX->bases())
      addRawWrite(recordOf(B.getType(), Ctx), Seen, Where);
}

//===----------------------------------------------------------------------===//
// What a function does with what a pointer parameter points to
//===----------------------------------------------------------------------===//

/// Every name of a pointer variable in a body, by variable.
static void
collectUses(const Stmt *Body,
            llvm::DenseMap<const VarDecl *,
                           llvm::SmallVector<const DeclRefExpr *, 4>> &Out) {
  struct Collector : RecursiveASTVisitor<Collector> {
    decltype(Out) &Uses;
    explicit Collector(decltype(Out) &Uses) : Uses(Uses) {}
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
          V && V->getType()->isPointerType())
        Uses[V].push_back(Ref);
      return true;
    }
  } Walk(Out);
  Walk.TraverseStmt(const_cast<Stmt *>(Body));
}

PointeeUses::Answer PointeeUses::pointee(const ParmVarDecl *P) {
  if (auto It = Known.find(P); It != Known.end())
    return It->second;
  Known[P] = {};
  const auto *F = dyn_cast<FunctionDecl>(P->getDeclContext());
  const FunctionDecl *Def = nullptr;
  if (!F || !F->hasBody(Def) || !Def || !P->getType()->isPointerType() ||
      P->getFunctionScopeIndex() >= Def->getNumParams())
    return {};
  // The definition's own parameter: a declaration's is another object.
  const ParmVarDecl *Own = Def->getParamDecl(P->getFunctionScopeIndex());
  Known[Own] = {};
  ParentMap Parents(Def->getBody());
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const DeclRefExpr *, 4>>
      Uses;
  collectUses(Def->getBody(), Uses);
  // The parameter, then each local it is copied to.
  llvm::SmallVector<const VarDecl *, 4> Work{Own};
  llvm::SmallPtrSet<const VarDecl *, 4> Seen{Own};
  Answer Result{true, {}};
  llvm::SmallVector<Condition, 1> *Outer = Unless;
  Unless = &Result.Unless;
  while (Result.Kept && !Work.empty()) {
    llvm::SmallVector<const VarDecl *, 2> Copies;
    Result.Kept = usesKept(Uses.lookup(Work.pop_back_val()), Parents, Copies);
    for (const VarDecl *Copy : Copies)
      if (Seen.insert(Copy).second)
        Work.push_back(Copy);
  }
  Unless = Outer;
  if (!Result.Kept)
    Result.Unless.clear();
  Known[P] = Result;
  Known[Own] = Result;
  return Result;
}

/// \p S's parent, past parentheses.
static const Stmt *parentPastParens(const Stmt *S, const ParentMap &Parents) {
  const Stmt *Up = Parents.getParent(S);
  while (isa_and_nonnull<ParenExpr>(Up))
    Up = Parents.getParent(Up);
  return Up;
}

bool PointeeUses::usesKept(llvm::ArrayRef<const DeclRefExpr *> Uses,
                           const ParentMap &Parents,
                           llvm::SmallVectorImpl<const VarDecl *> &Copies) {
  for (const DeclRefExpr *Use : Uses) {
    const Stmt *Up = parentPastParens(Use, Parents);
    if (const auto *Load = dyn_cast_or_null<ImplicitCastExpr>(Up);
        Load && Load->getCastKind() == CK_LValueToRValue) {
      if (!valueKept(Load, Parents, Copies))
        return false;
      continue;
    }
    // The variable itself given a new value, or its size asked: the old
    // pointer does not go anywhere.
    if (const auto *Assign = dyn_cast_or_null<BinaryOperator>(Up);
        Assign && Assign->getOpcode() == BO_Assign &&
        Assign->getLHS()->IgnoreParens() == Use)
      continue;
    if (isa_and_nonnull<UnaryExprOrTypeTraitExpr>(Up))
      continue;
    return false;
  }
  return true;
}

/// A local \p Value initializes, through the declaration \p Up.
static const VarDecl *initializedLocal(const Stmt *Up, const Expr *Value) {
  const auto *Decls = dyn_cast_or_null<DeclStmt>(Up);
  if (!Decls)
    return nullptr;
  for (const Decl *D : Decls->decls())
    if (const auto *V = dyn_cast<VarDecl>(D);
        V && V->getInit() && V->getInit()->IgnoreParens() == Value)
      return V->hasLocalStorage() && V->getType()->isPointerType() ? V
                                                                    : nullptr;
  return nullptr;
}

bool PointeeUses::valueKept(const Expr *Value, const ParentMap &Parents,
                            llvm::SmallVectorImpl<const VarDecl *> &Copies) {
  const Stmt *Up = parentPastParens(Value, Parents);
  if (!Up)
    return false;
  if (const auto *Cast = dyn_cast<CastExpr>(Up)) {
    if (Cast->getCastKind() == CK_PointerToBoolean)
      return true;
    // Another pointer type: the same memory, read or written as it.
    return Cast->getType()->isPointerType() &&
           valueKept(Cast, Parents, Copies);
  }
  if (const auto *B = dyn_cast<BinaryOperator>(Up)) {
    if (B->isComparisonOp() || B->isLogicalOp())
      return true;
    if (B->getOpcode() == BO_Comma)
      return B->getLHS()->IgnoreParens() == Value ||
             valueKept(B, Parents, Copies);
    if (B->getOpcode() != BO_Assign || B->getRHS()->IgnoreParens() != Value)
      return false;
    // The pointer kept in a member or a global; copied to a local, which
    // is followed.
    const Expr *Target = B->getLHS()->IgnoreParenImpCasts();
    if (isa<MemberExpr>(Target))
      return true;
    const auto *Ref = dyn_cast<DeclRefExpr>(Target);
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!V)
      return false;
    if (V->hasLocalStorage())
      Copies.push_back(V);
    return true;
  }
  if (const VarDecl *Local = initializedLocal(Up, Value)) {
    Copies.push_back(Local);
    return true;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(Up)) {
    if (U->getOpcode() == UO_LNot)
      return true;
    return U->getOpcode() == UO_Deref && onlyRead(U, Parents);
  }
  if (const auto *Element = dyn_cast<ArraySubscriptExpr>(Up))
    return Element->getBase()->IgnoreParens() == Value &&
           onlyRead(Element, Parents);
  // A member named through it: stores by name are the unit's own member
  // writes, which the records list.
  if (const auto *Member = dyn_cast<MemberExpr>(Up))
    return Member->isArrow() && isa<FieldDecl>(Member->getMemberDecl());
  if (const auto *Choice = dyn_cast<ConditionalOperator>(Up))
    return Choice->getCond()->IgnoreParens() == Value ||
           valueKept(Choice, Parents, Copies);
  if (const auto *Call = dyn_cast<CallExpr>(Up))
    return keptByCallee(Call, Value);
  return false;
}

/// Whether the place \p Place names (`*p`, `p[i]`, `p->m`) is only loaded.
bool PointeeUses::onlyRead(const Expr *Place, const ParentMap &Parents) {
  const Stmt *Up = parentPastParens(Place, Parents);
  if (const auto *Load = dyn_cast_or_null<ImplicitCastExpr>(Up))
    return Load->getCastKind() == CK_LValueToRValue;
  // A member of a member (`p->inner.n`), or its size.
  if (const auto *Member = dyn_cast_or_null<MemberExpr>(Up))
    return !Member->isArrow() && onlyRead(Member, Parents);
  return isa_and_nonnull<UnaryExprOrTypeTraitExpr>(Up);
}

/// The member holding a function pointer that \p Call calls through
/// (`mem->set_data(...)`), or null.
static const FieldDecl *calledMember(const CallExpr *Call) {
  const auto *Member =
      dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParenImpCasts());
  const auto *Field = Member ? dyn_cast<FieldDecl>(Member->getMemberDecl())
                             : nullptr;
  return Field && Field->getType()->isFunctionPointerType() ? Field : nullptr;
}

bool PointeeUses::keptByCallee(const CallExpr *Call, const Expr *Arg) {
  if (isa<CXXOperatorCallExpr>(Call) || !Unless)
    return false;
  unsigned I = 0;
  while (I < Call->getNumArgs() && Call->getArg(I)->IgnoreParens() != Arg)
    ++I;
  if (I == Call->getNumArgs())
    return false;
  if (const FieldDecl *Member = calledMember(Call)) {
    Unless->push_back({Member, I});
    return true;
  }
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || I >= Callee->getNumParams())
    return false;
  QualType Param = Callee->getParamDecl(I)->getType();
  if ((Param->isPointerType() && Param->getPointeeType().isConstQualified()) ||
      Callee->getBuiltinID() == Builtin::BIfree)
    return true;
  // Another unit's function: its summary decides. The C library's
  // (`memset`, `memcpy`) write.
  const FunctionDecl *Def = nullptr;
  if (Callee->getBuiltinID())
    return false;
  if (!Callee->hasBody(Def)) {
    Unless->push_back({Callee, I});
    return true;
  }
  llvm::SmallVector<Condition, 1> *Mine = Unless;
  Answer Inner = pointee(Callee->getParamDecl(I));
  Unless = Mine;
  Unless->append(Inner.Unless.begin(), Inner.Unless.end());
  return Inner.Kept;
}

} // namespace mpix
