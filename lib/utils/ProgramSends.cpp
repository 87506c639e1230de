//===-- ProgramSends.cpp - The sends of a whole program -------------------===//

#include "ProgramSends.h"
#include "FastRecursiveASTVisitor.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
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

/// What one body does for the sends, its calls not followed: the sends it
/// makes, the functions of the unit and of other files it reaches.
struct BodySends {
  std::vector<SendSite> Sites;
  std::vector<const FunctionDecl *> Reached;
  std::vector<const FunctionDecl *> External;
  /// A call through a pointer or a block, or an MPI call that joins other
  /// programs.
  bool Unknown = false;
  /// A virtual call: an override runs, which only a whole unit with main
  /// follows (every method of its classes is a root).
  bool Virtual = false;
};

/// Walks one body (or the initializers of the globals) into a BodySends.
class BodyWalker : public FastRecursiveASTVisitor<BodyWalker> {
public:
  BodyWalker(const SourceManager &SM, ASTContext &Ctx, BodySends &Out,
             const FunctionDecl *Caller)
      : SM(SM), Ctx(Ctx), Out(Out), Caller(Caller) {}

  bool shouldVisitImplicitCode() const { return true; }

  bool VisitCallExpr(CallExpr *Call);
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (auto *F = dyn_cast<FunctionDecl>(E->getDecl()))
      reach(F);
    return !Out.Unknown;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    if (auto *F = dyn_cast<FunctionDecl>(E->getMemberDecl()))
      reach(F);
    return !Out.Unknown;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    reach(E->getConstructor());
    reachDestructor(E->getType());
    return !Out.Unknown;
  }
  bool VisitCXXNewExpr(CXXNewExpr *E) {
    if (E->getOperatorNew())
      reach(E->getOperatorNew());
    return !Out.Unknown;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *E) {
    if (E->getOperatorDelete())
      reach(E->getOperatorDelete());
    reachDestructor(E->getDestroyedType());
    return !Out.Unknown;
  }
  bool VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *E) {
    if (const CXXDestructorDecl *D = E->getTemporary()->getDestructor())
      reach(const_cast<CXXDestructorDecl *>(D));
    return !Out.Unknown;
  }
  bool VisitVarDecl(VarDecl *V) {
    reachDestructor(V->getType());
    return !Out.Unknown;
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
      return !Out.Unknown;
    }
    reach(L->getCallOperator());
    return !Out.Unknown;
  }
  bool TraverseBlockExpr(BlockExpr *) {
    Out.Unknown = true;
    return false;
  }

  void reach(FunctionDecl *F);
  void reachDestructor(QualType T);

private:
  const SourceManager &SM;
  ASTContext &Ctx;
  BodySends &Out;
  const FunctionDecl *Caller;
  llvm::DenseSet<const CXXRecordDecl *> Destroyed;
};

bool BodyWalker::VisitCallExpr(CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  // A pointer may lead anywhere, even into another file; a virtual call
  // goes to a method of a class of the unit (all are followed when main is
  // the root), or of another file's, which only that file's code can make.
  if (!Callee) {
    if (!isa<CXXMemberCallExpr>(Call) ||
        !isa<MemberExpr>(Call->getCallee()->IgnoreParens())) {
      Out.Unknown = true;
      return false;
    }
    Out.Virtual = true;
    return true;
  }
  if (const PeerInfo *Row = lookupPeer(*Callee)) {
    if (Row->Role == PeerRole::FOREIGN || !Caller) {
      Out.Unknown = true;
      return false;
    }
    Out.Sites.push_back({Call, Caller, Row});
  }
  return true;
}

void BodyWalker::reach(FunctionDecl *F) {
  if (Out.Unknown || F->getBuiltinID())
    return;
  if (const auto *M = dyn_cast<CXXMethodDecl>(F); M && M->isVirtual())
    Out.Virtual = true;
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
    Out.Reached.push_back(Def);
    return;
  }
  // A call of a pure virtual method runs an override: every method of the
  // unit's classes is followed when main is the root (addRoots), and
  // another file's classes are made by that file's code, which makes the
  // sends unknown already.
  if (const auto *M = dyn_cast<CXXMethodDecl>(F); M && M->isPureVirtual())
    return;
  if (isMPIFunction(F)) {
    if (const PeerInfo *Row = lookupPeer(*F); Row && Row->Role == PeerRole::FOREIGN)
      Out.Unknown = true;
    return; // Its sends are judged at each call.
  }
  // The compiler's own declarations (the global operator new) and the
  // system's are libraries.
  SourceLocation Declared = F->getCanonicalDecl()->getLocation();
  if (F->isImplicit() || Declared.isInvalid() || SM.isInSystemHeader(Declared))
    return;
  // A function of another file of the program.
  Out.External.push_back(F);
}

void BodyWalker::reachDestructor(QualType T) {
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

} // namespace

class SendGraph::Impl {
public:
  explicit Impl(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  std::optional<ProgramSends> program(ExternalSendFn External);
  std::optional<ProgramSends> function(const FunctionDecl *F,
                                       ExternalSendFn External);

private:
  const BodySends &body(const FunctionDecl *Def);
  void prepareRoots();
  void reachMethod(CXXMethodDecl *M, BodyWalker &Roots);
  void addRoots(DeclContext *DC, BodyWalker &Roots);
  std::optional<ProgramSends> close(llvm::ArrayRef<const BodySends *> Start,
                                    bool VirtualKnown, ExternalSendFn External);

  ASTContext &Ctx;
  const SourceManager &SM;
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<BodySends>> Bodies;
  bool RootsReady = false;
  /// main and every method of the unit's classes, which virtual calls and
  /// the system's templates run without naming them here.
  BodySends MainRoots;
  bool HaveMain = false;
  /// The initializers of the unit's globals, which run before main.
  BodySends Globals;
  std::vector<VarDecl *> GlobalVars;
};

const BodySends &SendGraph::Impl::body(const FunctionDecl *Def) {
  std::unique_ptr<BodySends> &B = Bodies[Def];
  if (!B) {
    B = std::make_unique<BodySends>();
    BodyWalker(SM, Ctx, *B, Def).TraverseDecl(const_cast<FunctionDecl *>(Def));
  }
  return *B;
}

/// A method of a class of the unit, which may run without being named: one
/// defined here is followed; a virtual one defined in another file makes
/// the sends unknown; any other is followed where it is named.
void SendGraph::Impl::reachMethod(CXXMethodDecl *M, BodyWalker &Roots) {
  if (M->hasBody()) {
    Roots.reach(M);
    return;
  }
  if (M->isVirtual() && !M->isPureVirtual() && !M->isImplicit() &&
      !M->isDefaulted() && !M->isDeleted())
    MainRoots.Unknown = true;
}

void SendGraph::Impl::addRoots(DeclContext *DC, BodyWalker &Roots) {
  for (Decl *D : DC->decls()) {
    if (SM.isInSystemHeader(D->getLocation()) || isInMPINamespace(D))
      continue;
    if (auto *V = dyn_cast<VarDecl>(D)) {
      if (V->hasGlobalStorage() && V->hasInit())
        GlobalVars.push_back(V);
    } else if (auto *M = dyn_cast<CXXMethodDecl>(D)) {
      reachMethod(M, Roots);
    } else if (auto *FT = dyn_cast<FunctionTemplateDecl>(D)) {
      if (isa<CXXRecordDecl>(DC))
        for (FunctionDecl *S : FT->specializations())
          if (auto *M = dyn_cast<CXXMethodDecl>(S))
            reachMethod(M, Roots);
    } else if (auto *CT = dyn_cast<ClassTemplateDecl>(D)) {
      for (ClassTemplateSpecializationDecl *S : CT->specializations())
        addRoots(S, Roots);
    }
    if (isa<NamespaceDecl, LinkageSpecDecl, ExternCContextDecl>(D) ||
        (isa<CXXRecordDecl>(D) && !cast<CXXRecordDecl>(D)->isDependentContext()))
      addRoots(cast<DeclContext>(D), Roots);
  }
}

void SendGraph::Impl::prepareRoots() {
  if (RootsReady)
    return;
  RootsReady = true;
  TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
  BodyWalker Roots(SM, Ctx, MainRoots, nullptr);
  for (Decl *D : TU->decls())
    if (auto *F = dyn_cast<FunctionDecl>(D); F && F->isMain() && F->hasBody()) {
      HaveMain = true;
      Roots.reach(F);
    }
  addRoots(TU, Roots);
  for (VarDecl *V : GlobalVars) {
    if (Globals.Unknown)
      break;
    BodyWalker(SM, Ctx, Globals, nullptr).TraverseDecl(V);
  }
}

std::optional<ProgramSends>
SendGraph::Impl::close(llvm::ArrayRef<const BodySends *> Start,
                       bool VirtualKnown, ExternalSendFn External) {
  ProgramSends Found;
  llvm::DenseSet<const FunctionDecl *> Seen, SeenExternal;
  llvm::SmallVector<const BodySends *, 16> Work(Start.begin(), Start.end());
  while (!Work.empty()) {
    const BodySends &B = *Work.pop_back_val();
    if (B.Unknown || (B.Virtual && !VirtualKnown))
      return std::nullopt;
    Found.Sites.insert(Found.Sites.end(), B.Sites.begin(), B.Sites.end());
    for (const FunctionDecl *F : B.External) {
      if (!SeenExternal.insert(F->getCanonicalDecl()).second)
        continue;
      std::optional<WideInt> Bytes = External(F);
      if (!Bytes)
        return std::nullopt;
      Found.ExternalBytes = std::max(Found.ExternalBytes, *Bytes);
    }
    for (const FunctionDecl *F : B.Reached)
      if (Seen.insert(F).second)
        Work.push_back(&body(F));
  }
  return Found;
}

std::optional<ProgramSends> SendGraph::Impl::program(ExternalSendFn External) {
  prepareRoots();
  if (!HaveMain)
    return std::nullopt;
  const BodySends *Start[] = {&MainRoots, &Globals};
  return close(Start, /*VirtualKnown=*/true, External);
}

std::optional<ProgramSends>
SendGraph::Impl::function(const FunctionDecl *F, ExternalSendFn External) {
  const FunctionDecl *Def = nullptr;
  if (!F->hasBody(Def) || Def->isDependentContext())
    return std::nullopt;
  prepareRoots();
  BodySends Root;
  Root.Reached.push_back(Def);
  const BodySends *Start[] = {&Root, &Globals};
  return close(Start, /*VirtualKnown=*/false, External);
}

SendGraph::SendGraph(ASTContext &Ctx) : P(std::make_unique<Impl>(Ctx)) {}
SendGraph::~SendGraph() = default;

std::optional<ProgramSends> SendGraph::program(ExternalSendFn External) {
  return P->program(External);
}

std::optional<ProgramSends> SendGraph::function(const FunctionDecl *F,
                                                ExternalSendFn External) {
  return P->function(F, External);
}

std::optional<ProgramSends> findProgramSends(ASTContext &Ctx,
                                             ExternalSendFn External) {
  return SendGraph(Ctx).program(External);
}

} // namespace mpix
