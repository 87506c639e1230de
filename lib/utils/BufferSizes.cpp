//===-- BufferSizes.cpp - Where a count's buffer gets its size ------------===//

#include "BufferSizes.h"
#include "analysis/IntervalAnalysis.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace mpix {

const VarDecl *NarrowSize::variable() const {
  assert(isVariable() && "only an offset or size variable names a local");
  return cast<VarDecl>(cast<DeclRefExpr>(Arithmetic)->getDecl());
}

static const Expr *stripped(const Expr *E) {
  return E->IgnoreImplicit()->IgnoreParenCasts();
}

/// The array and the index of `a[i]`, a built-in's or a container's.
static std::optional<std::pair<const Expr *, const Expr *>>
subscriptOf(const Expr *E) {
  if (const auto *Element = dyn_cast<ArraySubscriptExpr>(E))
    return std::pair(Element->getBase(), Element->getIdx());
  if (const auto *Element = dyn_cast<CXXOperatorCallExpr>(E);
      Element && Element->getOperator() == OO_Subscript &&
      Element->getNumArgs() == 2)
    return std::pair(Element->getArg(0), Element->getArg(1));
  return std::nullopt;
}

/// The variable or member a buffer argument points into, or null.
static const Expr *objectOf(const Expr *Arg) {
  const Expr *E = stripped(Arg);
  if (const auto *Addr = dyn_cast<UnaryOperator>(E);
      Addr && Addr->getOpcode() == UO_AddrOf)
    E = stripped(Addr->getSubExpr());
  // `bufs[0]` of an array (or a vector) of pointers is a buffer of its own.
  if (auto Element = subscriptOf(E))
    return E->getType()->isPointerType() ? E : objectOf(Element->first);
  if (const auto *Offset = dyn_cast<BinaryOperator>(E);
      Offset && Offset->isAdditiveOp())
    return objectOf(Offset->getLHS()->getType()->isPointerType()
                        ? Offset->getLHS()
                        : Offset->getRHS());
  if (const auto *Data = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *M = Data->getMethodDecl();
    return isDataAccessor(M) ? objectOf(Data->getImplicitObjectArgument())
               : nullptr;
  }
  return isa<DeclRefExpr, MemberExpr>(E) ? E : nullptr;
}

/// Whether \p A and \p B name the same variable, or the same member of the
/// same variable's object (`plan->recv`, spelled the same way).
static bool sameObject(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  A = stripped(A);
  B = stripped(B);
  if (auto EA = subscriptOf(A)) {
    auto EB = subscriptOf(B);
    if (!EB || !sameObject(EA->first, EB->first, Ctx))
      return false;
    std::optional<llvm::APSInt> IA = EA->second->getIntegerConstantExpr(Ctx);
    std::optional<llvm::APSInt> IB = EB->second->getIntegerConstantExpr(Ctx);
    // `bufs[p]` stored in one loop and sent in another: the array's
    // buffers are set up alike, one per peer.
    if (!IA && !IB)
      return true;
    return IA && IB && llvm::APSInt::isSameValue(*IA, *IB);
  }
  if (const auto *RA = dyn_cast<DeclRefExpr>(A)) {
    const auto *RB = dyn_cast<DeclRefExpr>(B);
    return RB && RA->getDecl()->getCanonicalDecl() ==
                     RB->getDecl()->getCanonicalDecl();
  }
  if (const auto *MA = dyn_cast<MemberExpr>(A)) {
    const auto *MB = dyn_cast<MemberExpr>(B);
    return MB && MA->getMemberDecl() == MB->getMemberDecl() &&
           sameObject(MA->getBase(), MB->getBase(), Ctx);
  }
  return isa<CXXThisExpr>(A) && isa<CXXThisExpr>(B);
}

static bool isArithmetic(const BinaryOperator *B) {
  return B->getType()->isIntegerType() &&
         (B->getOpcode() == BO_Mul || B->getOpcode() == BO_Shl ||
          B->isAdditiveOp());
}

/// \p E as arithmetic that is not a constant, or null.
static const BinaryOperator *variableArithmetic(const Expr *E,
                                                const ASTContext &Ctx) {
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  return B && isArithmetic(B) && !B->isValueDependent() &&
                 !B->isIntegerConstantExpr(Ctx)
             ? B
             : nullptr;
}

/// A local of the function of an integer type narrower than 64 bits that
/// \p E reads (a parameter too, with \p Parameters), or null.
static const DeclRefExpr *narrowLocalRead(const Expr *E, const ASTContext &Ctx,
                                          bool Parameters) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return V && V->hasLocalStorage() && (Parameters || !isa<ParmVarDecl>(V)) &&
                 V->getType()->isIntegerType() &&
                 Ctx.getIntWidth(V->getType()) < 64
             ? Ref
             : nullptr;
}

/// The narrow integer arithmetic that offsets a pointer in \p E:
/// `&buf[nx * ny]`, `base + rows * cols`, `(char *)buf + i * n`.
static void collectOffsets(const Expr *E, const Expr *Buffer, const Stmt *Store,
                           const ASTContext &Ctx,
                           llvm::SmallVectorImpl<NarrowSize> &Out) {
  E = stripped(E);
  // A buffer the analysis cannot name (`((char *)*p)[i * n]`) is named by
  // the pointer the offset moves.
  auto Offset = [&](const Expr *Index, const Expr *At, const Expr *Base) {
    const Expr *Named = Buffer ? Buffer : Base;
    if (const BinaryOperator *B = variableArithmetic(Index, Ctx);
        B && Ctx.getIntWidth(B->getType()) < 64)
      Out.push_back({NarrowSize::Offset, B, nullptr, At, Named, Store});
    if (const DeclRefExpr *Ref =
            narrowLocalRead(Index, Ctx, /*Parameters=*/true))
      Out.push_back(
          {NarrowSize::OffsetVariable, Ref, nullptr, At, Named, Store});
  };
  // `n ? &buf[i * n] : NULL`: either branch may be the buffer.
  if (const auto *Choice = dyn_cast<ConditionalOperator>(E)) {
    collectOffsets(Choice->getTrueExpr(), Buffer, Store, Ctx, Out);
    collectOffsets(Choice->getFalseExpr(), Buffer, Store, Ctx, Out);
    return;
  }
  if (const auto *Addr = dyn_cast<UnaryOperator>(E);
      Addr && Addr->getOpcode() == UO_AddrOf)
    E = stripped(Addr->getSubExpr());
  if (const auto *Element = dyn_cast<ArraySubscriptExpr>(E)) {
    // `bufs[k]` of an array of pointers selects a buffer, it does not move
    // into one.
    if (E->getType()->isPointerType())
      return;
    Offset(Element->getIdx(), Element, Element->getBase());
    collectOffsets(Element->getBase(), Buffer, Store, Ctx, Out);
  } else if (const auto *Element = dyn_cast<CXXOperatorCallExpr>(E);
             Element && Element->getOperator() == OO_Subscript &&
             Element->getNumArgs() == 2) {
    // A container's element: its index is converted to size_type after it
    // is computed. A vector of buffers' selects one, as an array's does.
    if (!E->getType()->isPointerType())
      Offset(Element->getArg(1), Element, Element->getArg(0));
  } else if (const auto *Sum = dyn_cast<BinaryOperator>(E);
             Sum && Sum->isAdditiveOp() && Sum->getType()->isPointerType()) {
    bool PointerLeft = Sum->getLHS()->getType()->isPointerType();
    Offset(PointerLeft ? Sum->getRHS() : Sum->getLHS(), Sum,
           PointerLeft ? Sum->getLHS() : Sum->getRHS());
    collectOffsets(PointerLeft ? Sum->getLHS() : Sum->getRHS(), Buffer, Store,
                   Ctx, Out);
  }
}

/// Arithmetic in \p Size computed narrower than the integer it is converted
/// to, and int locals so converted (they may hold such arithmetic); nested
/// calls compute sizes of their own.
static void collectNarrow(const Expr *Size, const Expr *Allocation,
                          const Expr *Buffer, const Stmt *Store,
                          const ASTContext &Ctx,
                          llvm::SmallVectorImpl<NarrowSize> &Out) {
  // `(size_t)(n * m)` converts as late as the implicit conversion does.
  if (const auto *Cast = dyn_cast<CastExpr>(Size);
      Cast && Cast->getCastKind() == CK_IntegralCast &&
      Cast->getType()->isIntegerType() &&
      Cast->getSubExpr()->getType()->isIntegerType() &&
      Ctx.getIntWidth(Cast->getSubExpr()->getType()) <
          Ctx.getIntWidth(Cast->getType())) {
    const Expr *Converted = Cast->getSubExpr()->IgnoreParens();
    if (const BinaryOperator *B = variableArithmetic(Converted, Ctx)) {
      Out.push_back({NarrowSize::Size, B, Cast, Allocation, Buffer, Store});
      return;
    }
    // A parameter's callers decide its value: only a local holds what the
    // function computed.
    if (const DeclRefExpr *Local =
            narrowLocalRead(Converted, Ctx, /*Parameters=*/false)) {
      Out.push_back(
          {NarrowSize::SizeVariable, Local, Cast, Allocation, Buffer, Store});
      return;
    }
  }
  for (const Stmt *Child : Size->children())
    if (const auto *E = dyn_cast_or_null<Expr>(Child);
        E && !isa<CallExpr, LambdaExpr>(E))
      collectNarrow(E, Allocation, Buffer, Store, Ctx, Out);
}

/// The sizes an allocation stored into the buffer is computed from: a call's
/// arguments (malloc, calloc, a project's allocator), `new T[n]`'s, a
/// container's constructor's.
static void collectAllocation(const Expr *Stored, const Expr *Buffer,
                              const Stmt *Store, const ASTContext &Ctx,
                              llvm::SmallVectorImpl<NarrowSize> &Out) {
  const Expr *E = stripped(Stored);
  if (E->getType()->isPointerType())
    collectOffsets(E, Buffer, Store, Ctx, Out);
  auto Sizes = [&](auto Args) {
    for (const Expr *Arg : Args)
      collectNarrow(Arg, E, Buffer, Store, Ctx, Out);
  };
  if (const auto *New = dyn_cast<CXXNewExpr>(E)) {
    if (std::optional<const Expr *> N = New->getArraySize(); N && *N)
      collectNarrow(*N, E, Buffer, Store, Ctx, Out);
  } else if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    Sizes(Construct->arguments());
  } else if (const auto *Call = dyn_cast<CallExpr>(E);
             Call && !isa<CXXMemberCallExpr, CXXOperatorCallExpr>(Call)) {
    const FunctionDecl *Allocator = Call->getDirectCallee();
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      // An allocator that takes its size as an int narrows whatever is
      // computed for it: nothing widened here would reach the allocation.
      const ParmVarDecl *P =
          Allocator && I < Allocator->getNumParams() ? Allocator->getParamDecl(I)
                                                     : nullptr;
      if (P && P->getType()->isIntegerType() &&
          Ctx.getIntWidth(P->getType()) < 64) {
        if (const BinaryOperator *B = variableArithmetic(Call->getArg(I), Ctx))
          Out.push_back({NarrowSize::NarrowParameter, B, nullptr, E, Buffer,
                         Store, P});
        continue;
      }
      collectNarrow(Call->getArg(I), E, Buffer, Store, Ctx, Out);
    }
  }
}

static bool isResize(const CXXMemberCallExpr *Call) {
  const CXXMethodDecl *M = Call->getMethodDecl();
  return M && M->getIdentifier() &&
         (M->getName() == "resize" || M->getName() == "assign" ||
          M->getName() == "reserve");
}

/// What a store must write for its allocation to be the buffer's.
struct BufferTarget {
  /// Whether an assigned expression names the buffer.
  llvm::function_ref<bool(const Expr *)> Names;
  /// A local buffer, whose declaration may allocate it, and the call's
  /// reference to it (what the notes name).
  const VarDecl *Local = nullptr;
  const Expr *LocalRef = nullptr;
  /// The body whose stores are searched, to follow a pointer stored into
  /// the buffer back to another local buffer; null: not followed.
  const Stmt *Body = nullptr;
};

/// An initializer in a template's pattern that its instantiations judge:
/// one that depends on the template's arguments, or a parenthesized list
/// (`std::vector<T> v(5)`), which has no type until instantiated.
static bool isDependentInit(const Expr *Init) {
  return isa<ParenListExpr>(Init) || Init->isTypeDependent();
}

static void collectStores(const Stmt *S, const BufferTarget &Target,
                          const ASTContext &Ctx,
                          llvm::SmallVectorImpl<NarrowSize> &Out);

/// A pointer into another local buffer stored into the target
/// (`ia_send[p] = &index[i]`, `double *p = buf`): that buffer's allocations
/// are the target's. One step: the buffer pointed into is not followed in
/// turn.
static void followAlias(const Expr *Stored, const BufferTarget &Target,
                        const ASTContext &Ctx,
                        llvm::SmallVectorImpl<NarrowSize> &Out) {
  if (!Target.Body || !stripped(Stored)->getType()->isPointerType())
    return;
  const Expr *Object = objectOf(Stored);
  const auto *Ref = Object ? dyn_cast<DeclRefExpr>(stripped(Object)) : nullptr;
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V || !V->hasLocalStorage() || V == Target.Local)
    return;
  auto Names = [&](const Expr *E) { return sameObject(E, Ref, Ctx); };
  collectStores(Target.Body, BufferTarget{Names, V, Ref}, Ctx, Out);
}

static void collectStores(const Stmt *S, const BufferTarget &Target,
                          const ASTContext &Ctx,
                          llvm::SmallVectorImpl<NarrowSize> &Out) {
  if (!S || isa<LambdaExpr>(S))
    return;
  if (const auto *Assign = dyn_cast<BinaryOperator>(S);
      Assign && Assign->getOpcode() == BO_Assign &&
      Target.Names(Assign->getLHS())) {
    collectAllocation(Assign->getRHS(), Assign->getLHS(), Assign, Ctx, Out);
    followAlias(Assign->getRHS(), Target, Ctx, Out);
  }
  if (const auto *Assign = dyn_cast<CXXOperatorCallExpr>(S);
      Assign && Assign->getOperator() == OO_Equal &&
      Target.Names(Assign->getArg(0)))
    collectAllocation(Assign->getArg(1), Assign->getArg(0), Assign, Ctx, Out);
  if (const auto *Resize = dyn_cast<CXXMemberCallExpr>(S);
      Resize && isResize(Resize) &&
      Target.Names(Resize->getImplicitObjectArgument()))
    for (const Expr *Arg : Resize->arguments())
      collectNarrow(Arg, Resize, Resize->getImplicitObjectArgument(), Resize,
                    Ctx, Out);
  if (const auto *Decls = dyn_cast<DeclStmt>(S); Decls && Target.Local)
    for (const Decl *D : Decls->decls())
      if (const auto *V = dyn_cast<VarDecl>(D);
          V && V->getInit() && !isDependentInit(V->getInit()) &&
          V->getCanonicalDecl() == Target.Local->getCanonicalDecl()) {
        collectAllocation(V->getInit(), Target.LocalRef, Decls, Ctx, Out);
        followAlias(V->getInit(), Target, Ctx, Out);
      }
  for (const Stmt *Child : S->children())
    collectStores(Child, Target, Ctx, Out);
}

llvm::SmallVector<NarrowSize, 1> narrowSizesOf(const Expr *BufferArg,
                                               const Stmt *Body,
                                               const ASTContext &Ctx) {
  llvm::SmallVector<NarrowSize, 1> Found = narrowOffsetsIn(BufferArg, Ctx);
  Found.append(narrowStoresOf(BufferArg, Body, Ctx));
  return Found;
}

llvm::SmallVector<NarrowSize, 1> narrowOffsetsIn(const Expr *BufferArg,
                                                 const ASTContext &Ctx) {
  llvm::SmallVector<NarrowSize, 1> Found;
  collectOffsets(BufferArg, objectOf(BufferArg), nullptr, Ctx, Found);
  return Found;
}

const VarDecl *bufferVariableOf(const Expr *BufferArg) {
  const Expr *Object = objectOf(BufferArg);
  const auto *Ref = Object ? dyn_cast<DeclRefExpr>(stripped(Object)) : nullptr;
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

const VarDecl *localBufferOf(const Expr *BufferArg) {
  const VarDecl *V = bufferVariableOf(BufferArg);
  return V && V->hasLocalStorage() ? V : nullptr;
}

llvm::SmallVector<NarrowSize, 1> narrowStoresOf(const Expr *BufferArg,
                                                const Stmt *Body,
                                                const ASTContext &Ctx) {
  llvm::SmallVector<NarrowSize, 1> Found;
  const Expr *Object = objectOf(BufferArg);
  if (!Object)
    return Found;
  auto Names = [&](const Expr *E) { return sameObject(E, Object, Ctx); };
  BufferTarget Target{Names};
  if (const auto *Ref = dyn_cast<DeclRefExpr>(stripped(Object))) {
    Target.Local = dyn_cast<VarDecl>(Ref->getDecl());
    Target.LocalRef = Ref;
  }
  Target.Body = Body;
  collectStores(Body, Target, Ctx, Found);
  return Found;
}

llvm::SmallVector<NarrowSize, 1> narrowTermsOf(const Expr *Count,
                                               const ASTContext &Ctx) {
  llvm::SmallVector<NarrowSize, 1> Found;
  collectNarrow(Count, Count, nullptr, nullptr, Ctx, Found);
  for (NarrowSize &Term : Found)
    Term.Kind = NarrowSize::CountTerm;
  return Found;
}

bool isWholeMessages(const Expr *Offset, const Expr *Count,
                     const ASTContext &Ctx) {
  llvm::SmallVector<const Expr *, 4> Left, Message;
  factorsOf(Offset, Left);
  factorsOf(Count, Message);
  for (const Expr *Factor : Message) {
    const auto *Match = llvm::find_if(Left, [&](const Expr *E) {
      return sameExpression(E, Factor, Ctx);
    });
    if (Match == Left.end())
      return false;
    Left.erase(Match);
  }
  // `3 * n` splits one buffer in fixed parts; a piece index varies.
  return llvm::any_of(Left, [&](const Expr *E) {
    return !E->isValueDependent() && !E->isIntegerConstantExpr(Ctx);
  });
}

std::optional<llvm::APSInt> pieceStride(const Expr *Offset,
                                        const ASTContext &Ctx) {
  llvm::SmallVector<const Expr *, 4> Factors;
  factorsOf(Offset, Factors);
  std::optional<llvm::APSInt> Stride;
  bool Varies = false;
  for (const Expr *Factor : Factors) {
    if (Factor->isValueDependent())
      return std::nullopt;
    std::optional<llvm::APSInt> K = Factor->getIntegerConstantExpr(Ctx);
    if (!K) {
      Varies = true;
      continue;
    }
    // One constant factor: a product of several is spelled as such nowhere.
    if (Stride)
      return std::nullopt;
    Stride = K;
  }
  if (!Varies || !Stride || Stride->getSignificantBits() > 63 ||
      Stride->getExtValue() < 2)
    return std::nullopt;
  return Stride;
}

bool mentionsConstant(const Expr *E, const llvm::APSInt &K,
                      const ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return false;
  if (std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx))
    return llvm::APSInt::isSameValue(*V, K);
  return llvm::any_of(E->children(), [&](const Stmt *Child) {
    const auto *Sub = dyn_cast_or_null<Expr>(Child);
    return Sub && mentionsConstant(Sub, K, Ctx);
  });
}

const ValueDecl *sharedBufferOf(const Expr *BufferArg) {
  const Expr *Object = objectOf(BufferArg);
  if (!Object)
    return nullptr;
  Object = stripped(Object);
  if (const auto *Member = dyn_cast<MemberExpr>(Object))
    return dyn_cast<FieldDecl>(Member->getMemberDecl());
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Object))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
        V && V->hasGlobalStorage() && !V->isStaticLocal())
      return V;
  return nullptr;
}

llvm::SmallVector<NarrowSize, 1> narrowSizesOfShared(const ValueDecl *Shared,
                                                     const Stmt *Body,
                                                     const ASTContext &Ctx) {
  llvm::SmallVector<NarrowSize, 1> Found;
  const Decl *Canonical = Shared->getCanonicalDecl();
  auto Names = [&](const Expr *E) {
    E = stripped(E);
    if (const auto *Member = dyn_cast<MemberExpr>(E))
      return Member->getMemberDecl()->getCanonicalDecl() == Canonical;
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    return Ref && Ref->getDecl()->getCanonicalDecl() == Canonical;
  };
  BufferTarget Target{Names};
  collectStores(Body, Target, Ctx, Found);
  return Found;
}

} // namespace mpix
