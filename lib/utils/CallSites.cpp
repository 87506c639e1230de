//===-- CallSites.cpp - The calls the mpix checks look at -----------------===//

#include "CallSites.h"
#include "FastRecursiveASTVisitor.h"

using namespace clang;

namespace mpix {

namespace {
class CallSiteCollector : public FastRecursiveASTVisitor<CallSiteCollector> {
  using Base = FastRecursiveASTVisitor<CallSiteCollector>;

public:
  CallSiteCollector(std::vector<CallSite> &Sites, BodyItemsFn ItemsOf)
      : Sites(Sites), ItemsOf(ItemsOf) {}

  // What clang-tidy's matcher visits, so that moving off it changes nothing.
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseDecl(Decl *D) {
    auto *F = dyn_cast_or_null<FunctionDecl>(D);
    if (!F || !F->doesThisDeclarationHaveABody())
      return Base::TraverseDecl(D);
    Callers.push_back({F, F->getBody()});
    bool Continue = Base::TraverseDecl(D);
    Callers.pop_back();
    return Continue;
  }

  bool TraverseStmt(Stmt *S, DataRecursionQueue *Queue = nullptr) {
    if (S && !Callers.empty() && S == Callers.back().Body)
      if (std::optional<ArrayRef<BodyItem>> Items = ItemsOf(caller()))
        return replay(*Items);
    return Base::TraverseStmt(S, Queue);
  }

  bool VisitCallExpr(CallExpr *Call) {
    if (const FunctionDecl *Callee = Call->getDirectCallee())
      Sites.push_back({Call, Callee, caller()});
    return true;
  }

private:
  const FunctionDecl *caller() const {
    return Callers.empty() ? nullptr : Callers.back().Function;
  }

  bool replay(ArrayRef<BodyItem> Items) {
    for (BodyItem Item : Items) {
      bool Continue = true;
      if (const auto *Call = Item.dyn_cast<const CallExpr *>())
        Sites.push_back({Call, Call->getDirectCallee(), caller()});
      else if (const auto *D = Item.dyn_cast<const Decl *>())
        Continue = TraverseDecl(const_cast<Decl *>(D));
      else
        Continue = Base::TraverseStmt(
            const_cast<Expr *>(Item.get<const Expr *>()));
      if (!Continue)
        return false;
    }
    return true;
  }

  std::vector<CallSite> &Sites;
  BodyItemsFn ItemsOf;
  struct Caller {
    const FunctionDecl *Function;
    const Stmt *Body;
  };
  llvm::SmallVector<Caller, 8> Callers;
};
} // namespace

std::vector<CallSite> findCallSites(llvm::ArrayRef<Decl *> Decls,
                                    BodyItemsFn ItemsOf) {
  std::vector<CallSite> Sites;
  CallSiteCollector Collector(Sites, ItemsOf);
  for (Decl *D : Decls)
    Collector.TraverseDecl(D);
  return Sites;
}

} // namespace mpix
