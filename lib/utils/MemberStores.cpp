//===-- MemberStores.cpp - Stores into structure members, unit-wide -------===//

#include "utils/MemberStores.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace mpix {

namespace {
class StoreCollector : public RecursiveASTVisitor<StoreCollector> {
public:
  StoreCollector(
      const SourceManager &SM,
      llvm::DenseMap<const FieldDecl *, llvm::SmallVector<MemberStore, 2>> &Out)
      : SM(SM), Out(Out) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  // System headers store into their own structures only.
  bool TraverseDecl(Decl *D) {
    if (!D || SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    const auto *F = dyn_cast<FunctionDecl>(D);
    if (!F || !F->doesThisDeclarationHaveABody())
      return RecursiveASTVisitor::TraverseDecl(D);
    const FunctionDecl *Outer = Current;
    Current = F;
    bool Continue = RecursiveASTVisitor::TraverseDecl(D);
    Current = Outer;
    return Continue;
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() != BO_Assign || !Current)
      return true;
    const auto *Member = dyn_cast<MemberExpr>(B->getLHS()->IgnoreParenImpCasts());
    const auto *Field =
        Member ? dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
    if (Field && Field->getType()->isIntegerType())
      Out[Field->getCanonicalDecl()].push_back({B, Current});
    return true;
  }

private:
  const SourceManager &SM;
  llvm::DenseMap<const FieldDecl *, llvm::SmallVector<MemberStore, 2>> &Out;
  const FunctionDecl *Current = nullptr;
};
} // namespace

llvm::ArrayRef<MemberStore> MemberStores::of(const FieldDecl *Field) {
  if (!Collected)
    collect();
  auto It = Stores.find(Field->getCanonicalDecl());
  return It == Stores.end() ? llvm::ArrayRef<MemberStore>() : It->second;
}

void MemberStores::collect() {
  Collected = true;
  StoreCollector Collector(Ctx.getSourceManager(), Stores);
  for (clang::Decl *D : Declarations)
    Collector.TraverseDecl(D);
}

} // namespace mpix
