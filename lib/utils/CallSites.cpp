//===-- CallSites.cpp - The calls the mpix checks look at -----------------===//

#include "CallSites.h"
#include "FastRecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace mpix {

namespace {
class CallSiteCollector : public FastRecursiveASTVisitor<CallSiteCollector> {
  using Base = FastRecursiveASTVisitor<CallSiteCollector>;

public:
  CallSiteCollector(
      CallList &Sites,
      llvm::function_ref<bool(const FunctionDecl *)> Wanted)
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
    if (Callee && isWanted(Callee))
      Sites.push_back({Call, Callee, caller(),
                       Callers.empty() || Callers.back().InTemplate});
    return true;
  }

private:
  bool isWanted(const FunctionDecl *Callee) {
    auto [It, Inserted] = WantedCallees.try_emplace(Callee, false);
    if (Inserted)
      It->second = Wanted(Callee);
    return It->second;
  }
  const FunctionDecl *caller() const {
    return Callers.empty() ? nullptr : Callers.back().Function;
  }

  CallList &Sites;
  llvm::function_ref<bool(const FunctionDecl *)> Wanted;
  llvm::DenseMap<const FunctionDecl *, bool> WantedCallees;
  struct Caller {
    const FunctionDecl *Function;
    bool InTemplate;
  };
  llvm::SmallVector<Caller, 8> Callers;
};
} // namespace

CallList findCallSites(llvm::ArrayRef<Decl *> Decls,
                       llvm::function_ref<bool(const FunctionDecl *)> Wanted) {
  CallList Sites;
  CallSiteCollector Collector(Sites, Wanted);
  for (Decl *D : Decls)
    Collector.TraverseDecl(D);
  return Sites;
}

} // namespace mpix
