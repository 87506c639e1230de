//===-- ProgramSends.cpp - The sends of a whole program -------------------===//

#include "ProgramSends.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace mpix {
namespace {

/// Whether \p F is an MPI function (MPI_ or PMPI_, extern "C"). MPIX_
/// extensions are not: what they send is not in the table.
bool isMPIFunction(const FunctionDecl *F) {
  const IdentifierInfo *Id = F->getIdentifier();
  if (!Id || !F->isExternC())
    return false;
  StringRef Name = Id->getName();
  Name.consume_front("P");
  return Name.starts_with("MPI_");
}

/// Whether \p D sits in namespace MPI: MPI-2's C++ bindings, whose inline
/// methods forward to the C functions. They run when the program calls
/// them, and are followed then like any function.
bool isInMPINamespace(const Decl *D) {
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(C))
      if (NS->getIdentifier() && NS->getName() == "MPI")
        return true;
  return false;
}

class SendFinder : public RecursiveASTVisitor<SendFinder> {
public:
  SendFinder(ASTContext &Ctx, ExternalSendFn External)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), External(External) {}

  bool shouldVisitImplicitCode() const { return true; }

  std::optional<ProgramSends> run();

  bool VisitCallExpr(CallExpr *Call);
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (auto *F = dyn_cast<FunctionDecl>(E->getDecl()))
      reach(F);
    return !Unknown;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    if (auto *F = dyn_cast<FunctionDecl>(E->getMemberDecl()))
      reach(F);
    return !Unknown;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    reach(E->getConstructor());
    reachDestructor(E->getType());
    return !Unknown;
  }
  bool VisitCXXNewExpr(CXXNewExpr *E) {
    if (E->getOperatorNew())
      reach(E->getOperatorNew());
    return !Unknown;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *E) {
    if (E->getOperatorDelete())
      reach(E->getOperatorDelete());
    reachDestructor(E->getDestroyedType());
    return !Unknown;
  }
  bool VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *E) {
    if (const CXXDestructorDecl *D = E->getTemporary()->getDestructor())
      reach(const_cast<CXXDestructorDecl *>(D));
    return !Unknown;
  }
  bool VisitVarDecl(VarDecl *V) {
    reachDestructor(V->getType());
    return !Unknown;
  }
  // Default arguments and member initializers run where they are used.
  bool VisitCXXDefaultArgExpr(CXXDefaultArgExpr *E) {
    return TraverseStmt(E->getExpr());
  }
  bool VisitCXXDefaultInitExpr(CXXDefaultInitExpr *E) {
    return TraverseStmt(E->getExpr());
  }
  // A lambda's body runs as its call operator: followed as a function of
  // its own, so that its sends are judged with its own locals.
  bool TraverseLambdaExpr(LambdaExpr *L) {
    for (Expr *Init : L->capture_inits())
      if (Init && !TraverseStmt(Init))
        return false;
    // A generic lambda's bodies are its instantiations.
    if (FunctionTemplateDecl *T = L->getDependentCallOperator()) {
      for (FunctionDecl *S : T->specializations())
        reach(S);
      return !Unknown;
    }
    reach(L->getCallOperator());
    return !Unknown;
  }
  bool TraverseBlockExpr(BlockExpr *) {
    Unknown = true;
    return false;
  }

private:
  void reach(FunctionDecl *F);
  void reachDestructor(QualType T);
  void reachMethod(CXXMethodDecl *M);
  void addRoots(DeclContext *DC);

  ASTContext &Ctx;
  const SourceManager &SM;
  ExternalSendFn External;
  ProgramSends Found;
  bool Unknown = false;
  const FunctionDecl *Caller = nullptr;
  llvm::DenseSet<const FunctionDecl *> Reached;
  llvm::DenseSet<const CXXRecordDecl *> Destroyed;
  llvm::SmallVector<FunctionDecl *, 16> Work;
  llvm::SmallVector<VarDecl *, 8> Globals;
};

bool SendFinder::VisitCallExpr(CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  // A pointer may lead anywhere, even into another file; a virtual call
  // goes to a method of a class of the unit (all are followed), or of
  // another file's, which only that file's code can make.
  if (!Callee) {
    if (!isa<CXXMemberCallExpr>(Call) ||
        !isa<MemberExpr>(Call->getCallee()->IgnoreParens())) {
      Unknown = true;
      return false;
    }
    return true;
  }
  if (const PeerInfo *Row = lookupPeer(*Callee)) {
    if (Row->Role == PeerRole::FOREIGN || !Caller) {
      Unknown = true;
      return false;
    }
    Found.Sites.push_back({Call, Caller, Row});
  }
  return true;
}

void SendFinder::reach(FunctionDecl *F) {
  if (Unknown || F->getBuiltinID())
    return;
  const FunctionDecl *Def = nullptr;
  if (F->hasBody(Def)) {
    // A template's pattern is not code that runs; its instantiations are.
    if (Def->isDependentContext())
      return;
    // The system's code calls back into the program only through what the
    // program hands it (taken addresses, lambdas, objects of its classes),
    // all followed where they are made.
    if (SM.isInSystemHeader(Def->getLocation()))
      return;
    if (Reached.insert(Def).second)
      Work.push_back(const_cast<FunctionDecl *>(Def));
    return;
  }
  // A call of a pure virtual method runs an override: every method of the
  // unit's classes is followed (addRoots), and another file's classes are
  // made by that file's code, which makes the sends unknown already.
  if (const auto *M = dyn_cast<CXXMethodDecl>(F); M && M->isPureVirtual())
    return;
  if (isMPIFunction(F)) {
    if (const PeerInfo *Row = lookupPeer(*F); Row && Row->Role == PeerRole::FOREIGN)
      Unknown = true;
    return; // Its sends are judged at each call.
  }
  // The compiler's own declarations (the global operator new) and the
  // system's are libraries.
  SourceLocation Declared = F->getCanonicalDecl()->getLocation();
  if (F->isImplicit() || Declared.isInvalid() || SM.isInSystemHeader(Declared))
    return;

  // A function of another file of the program.
  if (std::optional<WideInt> Bytes = External(F))
    Found.ExternalBytes = std::max(Found.ExternalBytes, *Bytes);
  else
    Unknown = true;
}

void SendFinder::reachDestructor(QualType T) {
  T = Ctx.getBaseElementType(T.getNonReferenceType());
  const CXXRecordDecl *R = T->getAsCXXRecordDecl();
  if (!R || !R->hasDefinition() || !Destroyed.insert(R).second)
    return;
  R = R->getDefinition();
  if (CXXDestructorDecl *D = R->getDestructor())
    reach(D);
  // The members and bases are destroyed with it.
  for (const CXXBaseSpecifier &B : R->bases())
    reachDestructor(B.getType());
  for (const FieldDecl *Field : R->fields())
    reachDestructor(Field->getType());
}

/// A method of a class of the unit, which may run without being named: one
/// defined here is followed; a virtual one defined in another file makes
/// the sends unknown; any other is followed where it is named.
void SendFinder::reachMethod(CXXMethodDecl *M) {
  if (M->hasBody()) {
    reach(M);
    return;
  }
  if (M->isVirtual() && !M->isPureVirtual() && !M->isImplicit() &&
      !M->isDefaulted() && !M->isDeleted())
    Unknown = true;
}

/// Roots besides main: every method of every class of the unit (virtual
/// calls and the system's templates call them without naming them here),
/// and the initializers of globals, which run before main.
void SendFinder::addRoots(DeclContext *DC) {
  for (Decl *D : DC->decls()) {
    if (SM.isInSystemHeader(D->getLocation()) || isInMPINamespace(D))
      continue;
    if (auto *V = dyn_cast<VarDecl>(D)) {
      if (V->hasGlobalStorage() && V->hasInit())
        Globals.push_back(V);
    } else if (auto *M = dyn_cast<CXXMethodDecl>(D)) {
      reachMethod(M);
    } else if (auto *FT = dyn_cast<FunctionTemplateDecl>(D)) {
      if (isa<CXXRecordDecl>(DC))
        for (FunctionDecl *S : FT->specializations())
          if (auto *M = dyn_cast<CXXMethodDecl>(S))
            reachMethod(M);
    } else if (auto *CT = dyn_cast<ClassTemplateDecl>(D)) {
      for (ClassTemplateSpecializationDecl *S : CT->specializations())
        addRoots(S);
    }
    if (isa<NamespaceDecl, LinkageSpecDecl, ExternCContextDecl>(D) ||
        (isa<CXXRecordDecl>(D) && !cast<CXXRecordDecl>(D)->isDependentContext()))
      addRoots(cast<DeclContext>(D));
  }
}

std::optional<ProgramSends> SendFinder::run() {
  TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
  FunctionDecl *Main = nullptr;
  for (Decl *D : TU->decls())
    if (auto *F = dyn_cast<FunctionDecl>(D); F && F->isMain() && F->hasBody())
      Main = F;
  if (!Main)
    return std::nullopt;
  reach(Main);
  addRoots(TU);
  for (VarDecl *V : Globals) {
    Caller = nullptr;
    TraverseDecl(V);
  }
  while (!Work.empty() && !Unknown) {
    FunctionDecl *F = Work.pop_back_val();
    Caller = F;
    TraverseDecl(F);
  }
  if (Unknown)
    return std::nullopt;
  return std::move(Found);
}

} // namespace

std::optional<ProgramSends> findProgramSends(ASTContext &Ctx,
                                             ExternalSendFn External) {
  return SendFinder(Ctx, External).run();
}

} // namespace mpix
