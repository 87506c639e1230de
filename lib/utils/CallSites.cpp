//===-- CallSites.cpp - The calls the mpix checks look at -----------------===//

#include "CallSites.h"
#include "FastRecursiveASTVisitor.h"

using namespace clang;

namespace mpix {

namespace {
class CallSiteCollector : public FastRecursiveASTVisitor<CallSiteCollector> {
  using Base = FastRecursiveASTVisitor<CallSiteCollector>;

public:
  CallSiteCollector(CallList &Sites, CalleeFilter Wanted)
      : Sites(Sites), Wanted(Wanted) {}

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
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (Callee && Wanted(Callee))
      Sites.push_back({Call, Callee, caller(),
                       Callers.empty() || Callers.back().InTemplate});
    return true;
  }

private:
  const FunctionDecl *caller() const {
    return Callers.empty() ? nullptr : Callers.back().Function;
  }

  CallList &Sites;
  CalleeFilter Wanted;
  struct Caller {
    const FunctionDecl *Function;
    bool InTemplate;
  };
  llvm::SmallVector<Caller, 8> Callers;
};
} // namespace

bool hasDependentArgument(const CallSite &Site) {
  return Site.InTemplate &&
         llvm::any_of(Site.Call->arguments(), [](const Expr *A) {
           return A->isTypeDependent() || A->isValueDependent();
         });
}

void appendCallSites(Decl *D, CallList &Sites, CalleeFilter Wanted) {
  CallSiteCollector(Sites, Wanted).TraverseDecl(D);
}

CallList findCallSites(llvm::ArrayRef<Decl *> Decls, CalleeFilter Wanted) {
  CallList Sites;
  CallSiteCollector Collector(Sites, Wanted);
  for (Decl *D : Decls)
    Collector.TraverseDecl(D);
  return Sites;
}

} // namespace mpix
