//===-- FastRecursiveASTVisitor.h - Cheaper walks of bodies ---*- C++ -*-===//
//
// A RecursiveASTVisitor pays about 250 instructions a node inside a function
// body: the dispatch through Traverse*, WalkUpFrom* and its queue, and the
// type locations, qualifiers and template arguments it looks into even where
// there are none. Clang's parser spends about 3,000 a node, so on a unit that
// is mostly MPI calls each walk of the mpix checks cost several percent of
// parsing.
//
// Nearly every node of real code is one of a dozen plain kinds (references,
// literals, casts, operators, calls, compound and control statements) whose
// traversal by RecursiveASTVisitor is exactly "WalkUpFrom, then children()".
// This visitor walks those itself, with an explicit stack as deep as the
// tree (so a left-deep sum of 100,000 terms does not overflow the C stack),
// and hands every other node, with its declarations, types and implicit
// code, to RecursiveASTVisitor unchanged. The Visit*, dataTraverseStmtPre/
// Post and TraverseDecl hooks of the derived class see the same nodes in the
// same order as before; plain nodes are chosen so that RecursiveASTVisitor
// would find nothing in them but their children. A derived class must
// therefore not override Traverse* of a plain kind, nor traverse post-order.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_UTILS_FASTRECURSIVEASTVISITOR_H
#define MPIX_TIDY_UTILS_FASTRECURSIVEASTVISITOR_H

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace mpix {

/// Whether a written type is one whose type location holds no expression
/// (no array bound, typeof, decltype or template argument): builtins,
/// typedef names, tags without a qualifier, and pointers to them.
inline bool isPlainWrittenType(clang::QualType T) {
  while (const auto *P = llvm::dyn_cast<clang::PointerType>(T.getTypePtr()))
    T = P->getPointeeType();
  const clang::Type *Ty = T.getTypePtr();
  if (const auto *E = llvm::dyn_cast<clang::ElaboratedType>(Ty)) {
    if (E->getQualifier())
      return false;
    Ty = E->getNamedType().getTypePtr();
  }
  return llvm::isa<clang::BuiltinType, clang::TypedefType, clang::RecordType,
                   clang::EnumType>(Ty);
}

/// The form of a braced list whose values carry their conversions (a read
/// shows as a conversion to an rvalue there, not in the written form).
inline clang::InitListExpr *semanticFormOf(clang::InitListExpr *List) {
  clang::InitListExpr *Semantic =
      List->isSemanticForm() ? List : List->getSemanticForm();
  return Semantic ? Semantic : List;
}

template <typename Derived>
class FastRecursiveASTVisitor : public clang::RecursiveASTVisitor<Derived> {
  using Base = clang::RecursiveASTVisitor<Derived>;

public:
  bool TraverseStmt(clang::Stmt *S,
                    typename Base::DataRecursionQueue * = nullptr) {
    if (!S)
      return true;
    llvm::SmallVector<Frame, 32> Stack;
    if (!enter(S, Stack))
      return false;
    while (!Stack.empty()) {
      Frame &Top = Stack.back();
      if (Top.Next == Top.End) {
        clang::Stmt *Done = Top.Node;
        Stack.pop_back();
        if (!derived().dataTraverseStmtPost(Done))
          return false;
        continue;
      }
      clang::Stmt *Child = *Top.Next++;
      if (Child && !enter(Child, Stack))
        return false;
    }
    return true;
  }

private:
  /// A plain node whose children are being walked.
  struct Frame {
    clang::Stmt *Node;
    clang::Stmt::child_iterator Next, End;
  };
  using FrameStack = llvm::SmallVectorImpl<Frame>;

  Derived &derived() { return *static_cast<Derived *>(this); }

// The kinds whose RecursiveASTVisitor traversal is WalkUpFrom and children()
// (see DEF_TRAVERSE_STMT in RecursiveASTVisitor.h), common enough to matter.
#define MPIX_PLAIN_NODES(PLAIN)                                                \
  PLAIN(ArraySubscriptExpr)                                                    \
  PLAIN(BinaryOperator)                                                        \
  PLAIN(BreakStmt)                                                             \
  PLAIN(CallExpr)                                                              \
  PLAIN(CaseStmt)                                                              \
  PLAIN(CharacterLiteral)                                                      \
  PLAIN(CompoundAssignOperator)                                                \
  PLAIN(CompoundStmt)                                                          \
  PLAIN(ConditionalOperator)                                                   \
  PLAIN(ContinueStmt)                                                          \
  PLAIN(DefaultStmt)                                                           \
  PLAIN(DoStmt)                                                                \
  PLAIN(FloatingLiteral)                                                       \
  PLAIN(ForStmt)                                                               \
  PLAIN(GotoStmt)                                                              \
  PLAIN(IfStmt)                                                                \
  PLAIN(ImplicitCastExpr)                                                      \
  PLAIN(IntegerLiteral)                                                        \
  PLAIN(LabelStmt)                                                             \
  PLAIN(NullStmt)                                                              \
  PLAIN(ParenExpr)                                                             \
  PLAIN(ReturnStmt)                                                            \
  PLAIN(StringLiteral)                                                         \
  PLAIN(SwitchStmt)                                                            \
  PLAIN(UnaryOperator)                                                         \
  PLAIN(WhileStmt)
// Plain only when what RecursiveASTVisitor reads beyond children() is empty
// (tested in enter()).
#define MPIX_CONDITIONAL_NODES(CONDITIONAL)                                    \
  CONDITIONAL(DeclRefExpr)                                                     \
  CONDITIONAL(MemberExpr)                                                      \
  CONDITIONAL(CStyleCastExpr)                                                  \
  CONDITIONAL(UnaryExprOrTypeTraitExpr)

  /// Visits \p S, and pushes it when its children are to be walked here.
  /// One switch both sorts the node and visits it: the node's own class
  /// then gives its children inline, without Stmt::children()'s dispatch.
  bool enter(clang::Stmt *S, FrameStack &Stack) {
    using namespace clang;
    switch (S->getStmtClass()) {
#define CASE(CLASS)                                                            \
  case Stmt::CLASS##Class:                                                     \
    return enterPlain(static_cast<CLASS *>(S), Stack);
      MPIX_PLAIN_NODES(CASE)
#undef CASE
    case Stmt::DeclRefExprClass: {
      auto *D = static_cast<DeclRefExpr *>(S);
      if (!D->hasQualifier() && !D->hasExplicitTemplateArgs() &&
          D->getNameInfo().getName().isIdentifier())
        return enterPlain(D, Stack);
      break;
    }
    case Stmt::MemberExprClass: {
      auto *M = static_cast<MemberExpr *>(S);
      if (!M->hasQualifier() && !M->hasExplicitTemplateArgs() &&
          M->getMemberNameInfo().getName().isIdentifier())
        return enterPlain(M, Stack);
      break;
    }
    case Stmt::CStyleCastExprClass: {
      auto *C = static_cast<CStyleCastExpr *>(S);
      if (isPlainWrittenType(C->getTypeAsWritten()))
        return enterPlain(C, Stack);
      break;
    }
    case Stmt::UnaryExprOrTypeTraitExprClass: {
      auto *U = static_cast<UnaryExprOrTypeTraitExpr *>(S);
      if (!U->isArgumentType() || isPlainWrittenType(U->getArgumentType()))
        return enterPlain(U, Stack);
      break;
    }
    default:
      break;
    }
    return Base::TraverseStmt(S);
  }

  template <typename Node> bool enterPlain(Node *N, FrameStack &Stack) {
    if (!derived().dataTraverseStmtPre(N))
      return true;
    if (!walkUpFrom(N))
      return false;
    clang::Stmt::child_range Children = N->children();
    if (Children.begin() == Children.end())
      return derived().dataTraverseStmtPost(N);
    Stack.push_back({N, Children.begin(), Children.end()});
    return true;
  }

#define WALK_UP(CLASS)                                                         \
  bool walkUpFrom(clang::CLASS *N) { return derived().WalkUpFrom##CLASS(N); }
  MPIX_PLAIN_NODES(WALK_UP)
  MPIX_CONDITIONAL_NODES(WALK_UP)
#undef WALK_UP
#undef MPIX_PLAIN_NODES
#undef MPIX_CONDITIONAL_NODES
};

/// A walk of a unit that knows the function each node is in (`Current`):
/// null at file scope, and in lambdas and blocks, whose bodies are not part
/// of the enclosing function's facts.
template <typename Derived>
class FunctionScopedVisitor : public FastRecursiveASTVisitor<Derived> {
  using Base = FastRecursiveASTVisitor<Derived>;

public:
  bool TraverseDecl(clang::Decl *D) {
    auto *F = llvm::dyn_cast_or_null<clang::FunctionDecl>(D);
    return F ? within(F, [&] { return Base::TraverseDecl(D); })
             : Base::TraverseDecl(D);
  }
  bool TraverseLambdaExpr(clang::LambdaExpr *L) {
    return within(nullptr, [&] { return Base::TraverseLambdaExpr(L); });
  }
  bool TraverseBlockExpr(clang::BlockExpr *B) {
    return within(nullptr, [&] { return Base::TraverseBlockExpr(B); });
  }

protected:
  const clang::FunctionDecl *Current = nullptr;

private:
  bool within(const clang::FunctionDecl *F,
              llvm::function_ref<bool()> Traverse) {
    const clang::FunctionDecl *Outer = Current;
    Current = F;
    bool Result = Traverse();
    Current = Outer;
    return Result;
  }
};

} // namespace mpix

#endif
