//===-- CallSites.cpp - The calls the mpix checks look at -----------------===//

#include "CallSites.h"
#include "FastRecursiveASTVisitor.h"

using namespace clang;

namespace mpix {

namespace {
class CallSiteCollector : public FastRecursiveASTVisitor<CallSiteCollector> {
  using Base = FastRecursiveASTVisitor<CallSiteCollector>;

public:
  explicit CallSiteCollector(std::vector<CallSite> &Sites) : Sites(Sites) {}

  // What clang-tidy's matcher visits, so that moving off it changes nothing.
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseDecl(Decl *D) {
    auto *F = dyn_cast_or_null<FunctionDecl>(D);
    if (!F || !F->doesThisDeclarationHaveABody())
      return Base::TraverseDecl(D);
    Callers.push_back({F, F->isDependentContext()});
    bool Continue = Base::TraverseDecl(D);
    Callers.pop_back();
    return Continue;
  }

  bool VisitCallExpr(CallExpr *Call) {
    if (const FunctionDecl *Callee = Call->getDirectCallee())
      Sites.push_back({Call, Callee, caller(),
                       Callers.empty() || Callers.back().InTemplate});
    return true;
  }

private:
  const FunctionDecl *caller() const {
    return Callers.empty() ? nullptr : Callers.back().Function;
  }

  std::vector<CallSite> &Sites;
  struct Caller {
    const FunctionDecl *Function;
    bool InTemplate;
  };
  llvm::SmallVector<Caller, 8> Callers;
};
} // namespace

std::vector<CallSite> findCallSites(llvm::ArrayRef<Decl *> Decls) {
  std::vector<CallSite> Sites;
  CallSiteCollector Collector(Sites);
  for (Decl *D : Decls)
    Collector.TraverseDecl(D);
  return Sites;
}

} // namespace mpix
