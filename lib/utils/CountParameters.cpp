//===-- CountParameters.cpp - Summaries of the unit's functions -----------===//

#include "utils/CountParameters.h"
#include "MPIApi.h"
#include "analysis/IntervalAnalysis.h"
#include "utils/FunctionAnalyses.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Index/USRGeneration.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <mutex>

using namespace clang;
using llvm::StringRef;

namespace mpix {

SummaryPaths &processSummaryPaths() {
  static SummaryPaths Paths;
  return Paths;
}

const SummaryFile &loadedSummaries(StringRef Path) {
  static std::mutex M;
  static llvm::StringMap<std::unique_ptr<SummaryFile>> Cache;
  std::lock_guard<std::mutex> Lock(M);
  auto [It, Inserted] = Cache.try_emplace(Path);
  if (Inserted) {
    It->second = std::make_unique<SummaryFile>();
    std::string Error;
    if (!It->second->load(Path, Error)) {
      llvm::errs() << "mpix-tidy: warning: the summaries are not used: "
                   << Error << "\n";
      It->second->Units.clear();
    }
  }
  return *It->second;
}

/// The stale units reported so far in this process.
static llvm::StringSet<> &reportedStale() {
  static llvm::StringSet<> Reported;
  return Reported;
}

namespace {
/// An int parameter of the function being summarised, read where a count
/// goes: as an argument, with nothing but implicit conversions around it,
/// or casts to its own type, which keep the value (`(hypre_int)count`,
/// both typedefs of int; the fix then stops at the cast), or through a
/// local of its type that only holds it (`int c = count;`, never written
/// again nor handed out), or as the arm of a conditional whose other arm
/// is a constant (`rank == root ? 0 : count`).
const ParmVarDecl *passedParameter(const Expr *Arg, const FunctionDecl *F,
                                   const FunctionFacts *Facts,
                                   bool ThroughLocal = true) {
  llvm::SmallVector<const ExplicitCastExpr *, 1> Casts;
  const Expr *E = Arg->IgnoreParenImpCasts();
  while (const auto *Cast = dyn_cast<ExplicitCastExpr>(E)) {
    Casts.push_back(Cast);
    E = Cast->getSubExpr()->IgnoreParenImpCasts();
  }
  const ASTContext &Ctx = F->getASTContext();
  const ParmVarDecl *P = nullptr;
  QualType Carrier;
  if (const auto *Choice = dyn_cast<ConditionalOperator>(E)) {
    // `rank == root ? 0 : n`: a constant arm carries no count, and the
    // parameter reaches MPI on the other.
    const Expr *Arms[] = {Choice->getTrueExpr(), Choice->getFalseExpr()};
    for (unsigned I = 0; I < 2 && !P; ++I)
      if (!Arms[1 - I]->isValueDependent() &&
          Arms[1 - I]->isIntegerConstantExpr(Ctx))
        P = passedParameter(Arms[I], F, Facts, ThroughLocal);
    Carrier = Choice->getType();
  } else {
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!V || V->getDeclContext() != F)
      return nullptr;
    P = dyn_cast<ParmVarDecl>(V);
    if (!P && ThroughLocal && Facts && V->hasLocalStorage() && V->getInit() &&
        Facts->writesOf(V).size() == 1 && !Facts->escapes(V))
      P = passedParameter(V->getInit(), F, Facts, /*ThroughLocal=*/false);
    Carrier = V->getType();
  }
  if (!P || !Ctx.hasSameUnqualifiedType(Carrier, P->getType()))
    return nullptr;
  for (const ExplicitCastExpr *Cast : Casts)
    if (!Ctx.hasSameUnqualifiedType(Cast->getType(), P->getType()))
      return nullptr;
  return P;
}

/// An integer type whose values all fit in int: a value above INT_MAX
/// cannot pass through it.
bool isNarrowInteger(QualType T, const ASTContext &Ctx) {
  std::optional<unsigned> Width = integerWidth(T, Ctx);
  return Width && *Width <= 32;
}

/// An integer type wider than int (MPI_Count, size_t): a parameter of it
/// carries a count whole, but not what a caller's int arithmetic lost.
static bool isWideInteger(QualType T, const ASTContext &Ctx) {
  std::optional<unsigned> Width = integerWidth(T, Ctx);
  return Width && *Width > 32;
}

/// Whether a parameter of type \p T can carry a count to MPI: an int one
/// narrows what callers pass, a wide one keeps what their int arithmetic
/// wrapped.
static bool carriesCounts(QualType T, const ASTContext &Ctx) {
  return integerWidth(T, Ctx).has_value();
}

/// A pointer to int elements: what MPI takes counts and displacements in.
static bool isArrayOfInts(QualType T, const ASTContext &Ctx) {
  return T->isPointerType() && isNarrowInteger(T->getPointeeType(), Ctx);
}

/// Every call in a body, in source order.
struct CallCollector : RecursiveASTVisitor<CallCollector> {
  std::vector<const CallExpr *> Calls;
  bool VisitCallExpr(CallExpr *C) {
    if (!isa<CXXOperatorCallExpr>(C))
      Calls.push_back(C);
    return true;
  }
};

/// Functions named other than by being called: their address is taken.
struct AddressCollector : RecursiveASTVisitor<AddressCollector> {
  llvm::DenseSet<const DeclRefExpr *> Callees;
  std::vector<const FunctionDecl *> Named;
  llvm::SetVector<const FunctionDecl *> Called;
  /// Per function called, its first call and how many calls name it
  /// (template instantiations included), by canonical declaration.
  llvm::DenseMap<const FunctionDecl *, const CallExpr *> FirstCall;
  llvm::DenseMap<const FunctionDecl *, unsigned> CallCount;
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCallExpr(CallExpr *C) {
    if (const auto *Ref =
            dyn_cast<DeclRefExpr>(C->getCallee()->IgnoreParenImpCasts()))
      Callees.insert(Ref);
    if (const FunctionDecl *F = C->getDirectCallee()) {
      Called.insert(F);
      FirstCall.try_emplace(F, C);
      ++CallCount[F->getCanonicalDecl()];
    }
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *F = dyn_cast<FunctionDecl>(Ref->getDecl()))
      if (!Callees.count(Ref))
        Named.push_back(F);
    return true;
  }
};
} // namespace

CountParameters::CountParameters(ASTContext &Ctx, const SummaryFile *Loaded,
                                 PlanFn Plan, ReturnPlanFn ReturnPlan)
    : Ctx(Ctx), Plan(std::move(Plan)), ReturnPlan(std::move(ReturnPlan)) {
  static FileHashes Hashes; // files do not change during one process
  static std::mutex M;
  std::lock_guard<std::mutex> Lock(M);
  if (Loaded)
    Index.add(*Loaded, Hashes);
}

std::vector<std::pair<std::string, std::string>>
CountParameters::takeNewStaleUnits() {
  std::vector<std::pair<std::string, std::string>> New;
  for (const auto &S : Index.Stale)
    if (reportedStale().insert(S.first).second)
      New.push_back(S);
  return New;
}

const std::string &CountParameters::usrOf(const Decl *D) {
  D = D->getCanonicalDecl();
  auto [It, Inserted] = USRs.try_emplace(D);
  if (Inserted) {
    llvm::SmallString<128> USR;
    if (!index::generateUSRForDecl(D, USR))
      It->second = USR.str().str();
  }
  return It->second;
}

/// A user function: declared outside system headers, not MPI's. Its name
/// may start with MPI (`MPIU_Gather`, `MPI_Alltoallv_smart`): a program's
/// helper is what its declarations say, not its prefix.
static bool isUserFunction(const FunctionDecl *F, const SourceManager &SM) {
  return F && F->getIdentifier() && !SM.isInSystemHeader(F->getLocation()) &&
         !lookupClassic(*F) && !lookupLarge(*F) && !isDeclaredByMPI(*F, SM);
}

/// The parameters that \p Arg multiplies, each with what by: a constant
/// (`2 * count`, complex values sent as reals, Elemental's wrappers; `n *
/// sizeof(T)`, elements sent as bytes), or 0 for another value (`size *
/// nmemb`, an fwrite-like wrapper's two wide parameters). A caller's value
/// reaches MPI so, scaled; one that wrapped reaches it wrapped.
static llvm::SmallVector<std::pair<const ParmVarDecl *, uint64_t>, 2>
scaledParameters(const Expr *Arg, const FunctionDecl *F,
                 const FunctionFacts *Facts) {
  llvm::SmallVector<std::pair<const ParmVarDecl *, uint64_t>, 2> Found;
  const auto *Times = dyn_cast<BinaryOperator>(Arg->IgnoreParenImpCasts());
  if (!Times || Times->getOpcode() != BO_Mul ||
      Times->HasSideEffects(F->getASTContext()))
    return Found;
  for (auto [Factor, Scaled] : {std::pair(Times->getLHS(), Times->getRHS()),
                                std::pair(Times->getRHS(), Times->getLHS())}) {
    const ParmVarDecl *P = passedParameter(Scaled, F, Facts);
    if (!P)
      continue;
    Expr::EvalResult K;
    // By another value: only a wide parameter (fwrite's size_t), whose
    // product the wrapper computes wide. An int one's product in int is
    // the wrapper's own report, with its callers' values.
    if (Factor->isValueDependent() ||
        !Factor->EvaluateAsInt(K, F->getASTContext())) {
      if (isWideInteger(P->getType(), F->getASTContext()))
        Found.push_back({P, 0});
    } else if (!K.Val.getInt().isNegative() &&
             K.Val.getInt().getActiveBits() <= 32 && K.Val.getInt() >= 2)
      Found.push_back({P, K.Val.getInt().getZExtValue()});
  }
  return Found;
}

/// The parameter \p Arg adds a small constant to: `sizeof(struct hdr) +
/// bytes`, a header sent before the payload (Global Arrays' ARMCI layer). A
/// caller's value reaches MPI so, a few bytes larger; a caller's product
/// that wrapped reaches it wrapped.
static const ParmVarDecl *offsetParameter(const Expr *Arg,
                                          const FunctionDecl *F,
                                          const FunctionFacts *Facts) {
  const auto *Plus = dyn_cast<BinaryOperator>(Arg->IgnoreParenImpCasts());
  if (!Plus || Plus->getOpcode() != BO_Add)
    return nullptr;
  for (auto [Constant, Offset] : {std::pair(Plus->getLHS(), Plus->getRHS()),
                                  std::pair(Plus->getRHS(), Plus->getLHS())}) {
    Expr::EvalResult K;
    if (Constant->isValueDependent() ||
        !Constant->EvaluateAsInt(K, F->getASTContext()) ||
        K.Val.getInt().isNegative() || K.Val.getInt().getActiveBits() > 16)
      continue;
    if (const ParmVarDecl *P = passedParameter(Offset, F, Facts))
      return P;
  }
  return nullptr;
}

void CountParameters::keptRawPointees(const FunctionDecl *F,
                                      FunctionSummary &Out) {
  PointeeUses &Pointees = FunctionAnalyses::of(Ctx)->pointeeUses();
  for (const ParmVarDecl *P : F->parameters()) {
    // Raw memory: what a caller's structure becomes on the way in.
    QualType T = P->getType();
    if (!T->isPointerType() || T->getPointeeType().isConstQualified() ||
        (!T->getPointeeType()->isVoidType() && !T->getPointeeType()->isCharType()))
      continue;
    PointeeUses::Answer A = Pointees.pointee(P);
    unsigned Index = P->getFunctionScopeIndex();
    if (!A.Kept)
      continue;
    if (A.Unless.empty()) {
      Out.KeptPointees.push_back(Index);
      continue;
    }
    // A condition with no name to meet it by, or on code outside the
    // program (`fread`): not kept.
    if (llvm::any_of(A.Unless, [&](const PointeeUses::Condition &C) {
          const auto *Callee = dyn_cast<FunctionDecl>(C.Target);
          return usrOf(C.Target).empty() ||
                 (Callee && !isUserFunction(Callee, Ctx.getSourceManager()));
        }))
      continue;
    for (const PointeeUses::Condition &C : A.Unless) {
      FunctionSummary::KeptIf If{Index, isa<clang::FieldDecl>(C.Target),
                                 usrOf(C.Target), C.Arg};
      if (!llvm::is_contained(Out.KeptPointeesIf, If))
        Out.KeptPointeesIf.push_back(std::move(If));
    }
  }
}

void CountParameters::addStoredStatics(UnitSummary &U) {
  for (const auto &[Field, Functions] :
       FunctionAnalyses::of(Ctx)->memberWrites().functionStores())
    for (const FunctionDecl *F : Functions) {
      const FunctionDecl *Def = nullptr;
      if (!F || F->isExternallyVisible() || !F->hasBody(Def) ||
          usrOf(Def).empty() ||
          llvm::any_of(U.Functions, [&](const FunctionSummary &S) {
            return S.USR == usrOf(Def);
          }))
        continue;
      FunctionSummary S;
      keptRawPointees(Def, S);
      if (S.KeptPointees.empty() && S.KeptPointeesIf.empty())
        continue;
      S.USR = usrOf(Def);
      S.Name = Def->getQualifiedNameAsString();
      S.Definition = pointOf(Def->getLocation());
      U.Functions.push_back(std::move(S));
    }
}

std::optional<FunctionSummary>
CountParameters::fullSummary(const FunctionDecl *F) {
  const SourceManager &SM = Ctx.getSourceManager();
  FunctionAnalyses &Analyses = *FunctionAnalyses::of(Ctx);
  const FunctionSummary *S = summarize(F);
  // What a call of it sends, for the probes of a main of another unit.
  SendSummary Sends;
  if (isUserFunction(F, SM) && !F->isDependentContext() &&
      !usrOf(F).empty()) {
    std::optional<WideInt> Bytes =
        Analyses.functionSends(F, [&](const FunctionDecl *G) {
          const std::string &USR = usrOf(G);
          if (!USR.empty())
            Sends.Calls.push_back(USR);
          return !USR.empty();
        });
    if (Bytes && *Bytes >= 0 && *Bytes <= INT64_MAX) {
      Sends.Known = true;
      Sends.Bytes = uint64_t(*Bytes);
      llvm::sort(Sends.Calls);
      Sends.Calls.erase(std::unique(Sends.Calls.begin(), Sends.Calls.end()),
                        Sends.Calls.end());
    } else {
      Sends = SendSummary();
    }
  }
  bool Recordable = isUserFunction(F, SM) && !usrOf(F).empty();
  bool NeverReturns = Recordable && Analyses.neverReturns(F);
  // Worth recording only for what callers can test: an integer result.
  bool OnlyReads = Recordable && F->getReturnType()->isIntegerType() &&
                   Analyses.onlyReads(F);
  std::optional<unsigned> PredefinedTest =
      Recordable ? Analyses.predefinedTypeTest(F) : std::nullopt;
  std::optional<uint64_t> ReturnedSize;
  if (std::optional<Interval> Size =
          Recordable ? Analyses.returnedSize(F) : std::nullopt;
      Size && Size->Lo >= 0 && Size->Hi <= INT64_MAX)
    ReturnedSize = uint64_t(Size->Hi);
  // Judged last, once the unit's findings are made: evaluating a body
  // for any arguments leaves the caches of its analysis as no finding
  // has seen them.
  // So is a return the unit bounds without arithmetic over the
  // parameters (a getter of a global its setter clamps).
  std::vector<OutputSummary> Outputs;
  std::vector<SummedArray> Summed;
  std::string BoundedReturn;
  if (Recordable && !F->isDependentContext()) {
    Outputs = summarizeOutputs(F);
    Summed = summarizeSummedArrays(F);
    if (!S || !S->Return.present())
      BoundedReturn = boundedReturnTree(F);
  }
  FunctionSummary Kept;
  if (Recordable && F->isExternallyVisible())
    keptRawPointees(F, Kept);
  if (!S && !Sends.Known && !NeverReturns && !OnlyReads && !PredefinedTest &&
      !ReturnedSize && Outputs.empty() && Summed.empty() &&
      BoundedReturn.empty() && Kept.KeptPointees.empty() &&
      Kept.KeptPointeesIf.empty())
    return std::nullopt;
  FunctionSummary Out;
  if (S) {
    Out = *S;
  } else {
    Out.USR = usrOf(F);
    Out.Name = F->getQualifiedNameAsString();
    Out.Definition = pointOf(F->getLocation());
  }
  Out.Sends = std::move(Sends);
  Out.NeverReturns = NeverReturns;
  Out.OnlyReads = OnlyReads;
  Out.PredefinedTypeTest = PredefinedTest;
  Out.ReturnedSize = ReturnedSize;
  Out.KeptPointees = std::move(Kept.KeptPointees);
  Out.KeptPointeesIf = std::move(Kept.KeptPointeesIf);
  Out.SummedArrays = std::move(Summed);
  Out.Outputs = std::move(Outputs);
  if (!BoundedReturn.empty())
    Out.Return.Tree = std::move(BoundedReturn);
  return Out;
}

void CountParameters::addForwardedStatics(
    llvm::ArrayRef<const FunctionDecl *> Defined, UnitSummary &U) {
  // An exported function may hand its count to a static one that calls
  // MPI (Global Arrays' msg_dgop to do_gop): the chain is closed in the
  // other units only if the static function's summary is there too.
  llvm::StringMap<const FunctionDecl *> Statics;
  for (const FunctionDecl *F : Defined)
    if (F && F->doesThisDeclarationHaveABody() && !F->isExternallyVisible() &&
        !usrOf(F).empty())
      Statics[usrOf(F)] = F;
  // Breadth first: an added summary's own forwards are looked at in turn.
  for (size_t I = 0; I < U.Functions.size(); ++I) {
    llvm::SmallVector<const FunctionDecl *, 2> Reached;
    for (const ParameterSummary &P : U.Functions[I].Params)
      for (const ForwardEdge &E : P.Forwards) {
        auto It = Statics.find(E.CalleeUSR);
        if (It == Statics.end() || !It->second)
          continue;
        Reached.push_back(It->second);
        It->second = nullptr; // once
      }
    for (const FunctionDecl *Callee : Reached)
      if (std::optional<FunctionSummary> S = fullSummary(Callee))
        U.Functions.push_back(std::move(*S));
  }
}

std::optional<FunctionSummary> CountParameters::build(const FunctionDecl *F) {
  const SourceManager &SM = Ctx.getSourceManager();
  const FunctionDecl *Def = nullptr;
  if (!F->hasBody(Def) || !Def || Def->isDependentContext() ||
      !isUserFunction(Def, SM))
    return std::nullopt;
  FunctionSummary S;
  S.USR = usrOf(Def);
  S.Name = Def->getQualifiedNameAsString();
  S.Definition = pointOf(Def->getLocation());
  if (S.USR.empty())
    return std::nullopt;

  CallCollector Calls;
  Calls.TraverseStmt(const_cast<Stmt *>(Def->getBody()));
  const FunctionFacts *Facts = FunctionAnalyses::of(Ctx)->facts(Def);
  std::map<unsigned, ParameterSummary> Params;
  llvm::DenseMap<unsigned, const CallExpr *> FirstMPIUse;
  // Parameters that reach MPI only multiplied: the wrapper computes the
  // product, and widening the parameter alone is not the whole fix.
  llvm::DenseMap<unsigned, const Expr *> Scaled;
  std::map<unsigned, Forwards> Passed;
  for (const CallExpr *Call : Calls.Calls) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      continue;
    // A large-count binding takes the count whole, but an int parameter
    // handed to it has already cut it: the wrapper is where it narrows.
    const FunctionInfo *Classic = lookupClassic(*Callee);
    const FunctionInfo *MPI = Classic ? Classic : lookupLarge(*Callee);
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      llvm::SmallVector<std::pair<const ParmVarDecl *, uint64_t>, 2> Reaching;
      if (const ParmVarDecl *P = passedParameter(Call->getArg(I), Def, Facts))
        Reaching.push_back({P, 1});
      else if (const ParmVarDecl *P =
                   offsetParameter(Call->getArg(I), Def, Facts))
        Reaching.push_back({P, 1});
      else if (MPI)
        Reaching = scaledParameters(Call->getArg(I), Def, Facts);
      for (auto [P, Factor] : Reaching) {
        // An array of counts or displacements handed to a classic call as
        // it came: the callers fill what MPI reads.
        if (Classic && I < Classic->Params.size() &&
            isArrayOfInts(P->getType(), Ctx) &&
            (Classic->Params[I].Kind == ParamKind::CountArray ||
             Classic->Params[I].Kind == ParamKind::DisplArray)) {
          unsigned PI = P->getFunctionScopeIndex();
          Params[PI].Uses.push_back(
              {Classic->classicName(),
               Classic->Params[I].Kind == ParamKind::DisplArray
                   ? "displacement array"
                   : "count array",
               pointOf(Call->getArg(I)->getBeginLoc()), int(I)});
          continue;
        }
        if (!carriesCounts(P->getType(), Ctx))
          continue;
        bool Wide = isWideInteger(P->getType(), Ctx);
        SourcePoint At = pointOf(Call->getArg(I)->getBeginLoc());
        unsigned PI = P->getFunctionScopeIndex();
        if (MPI) {
          if (I >= MPI->Params.size() ||
              MPI->Params[I].Kind != ParamKind::Count)
            continue;
          // The use's note points at the product. The words stay those of an
          // unchanged count: a template's instantiations that multiply (by
          // their own sizeof(T)) and those that do not give one warning.
          if (Factor != 1)
            Scaled.try_emplace(PI, Call->getArg(I));
          Params[PI].Uses.push_back(
              {Classic ? MPI->classicName() : Callee->getName().str(),
               MPI->Params[I].Name.contains("disp") ? "displacement" : "count",
               At});
          FirstMPIUse.try_emplace(PI, Call);
        } else if (isUserFunction(Callee, SM) && I < Callee->getNumParams() &&
                   carriesCounts(Callee->getParamDecl(I)->getType(), Ctx) &&
                   isWideInteger(Callee->getParamDecl(I)->getType(), Ctx) ==
                       Wide) {
          const std::string &USR = usrOf(Callee);
          if (USR.empty())
            continue;
          // A callee defined here is summarised now, so that the chain is
          // closed when this function's reach is asked for.
          summarize(Callee);
          Params[PI].Forwards.push_back({USR, I, At});
          Passed[PI].push_back({Callee, I});
        }
      }
    }
  }
  // A parameter that is assigned, or whose address is taken, is no longer
  // what the caller passed; unless only broadcasts take it, which give every
  // process the root's, a value some call passed (`MPI_Bcast(&size, 1,
  // MPI_INT, root, comm)` before the size is used).
  RangeAnalysis *Ranges = FunctionAnalyses::of(Ctx)->ranges(Def);
  for (auto &[PI, PS] : Params) {
    const ParmVarDecl *P = Def->getParamDecl(PI);
    bool Broadcast = Facts && Facts->escapes(P) && Ranges &&
                     Ranges->isHandedOnlyToBroadcasts(P);
    if (!Facts || !Facts->writesOf(P).empty() ||
        (Facts->escapes(P) && !Broadcast))
      continue;
    PS.Index = PI;
    PS.Name = P->getName().str();
    if (isArrayOfInts(P->getType(), Ctx)) {
      // Elements the function stores itself are not the callers'; and the
      // callers' arrays change type with the parameter, by hand.
      if (!Facts->elementWritesOf(P).empty())
        continue;
      FixPlan Fix;
      Fix.block(P->getLocation(), "'" + PS.Name + "' of '" + S.Name +
                                      "' is an array MPI reads: it changes "
                                      "type with the arrays passed to it, "
                                      "by hand");
      keepFix(Fix, PS.Fix, PS.Blocker, PS.BlockerAt);
      S.Params.push_back(std::move(PS));
      continue;
    }
    // Already wide, and given to MPI whole (a large-count call, another
    // wrapper): nothing here changes, a fix widens the callers' int
    // arithmetic. Narrowed into a classic call here, the call is renamed
    // as it is for an int parameter.
    const CallExpr *First = FirstMPIUse.lookup(PI);
    if (isWideInteger(P->getType(), Ctx) &&
        !(First && lookupClassic(*First->getDirectCallee()))) {
      S.Params.push_back(std::move(PS));
      continue;
    }
    FixPlan Fix;
    if (const Expr *Product = Scaled.lookup(PI))
      Fix.block(Product->getBeginLoc(),
                "'" + PS.Name + "' reaches MPI multiplied here: the product "
                "and the call change with it, by hand");
    else if (Broadcast)
      Fix.block(P->getLocation(), "'" + PS.Name + "' is broadcast through its "
                                  "address: the broadcast's datatype must "
                                  "change with its type");
    else if (const auto *M = dyn_cast<CXXMethodDecl>(Def); M && M->isVirtual())
      Fix.block(Def->getLocation(), "'" + S.Name +
                                        "' is virtual: its overrides would "
                                        "have to change with it");
    else if (Def->isTemplateInstantiation() || Def->getDescribedFunctionTemplate())
      Fix.block(Def->getLocation(), "'" + S.Name + "' is a template");
    else if (Def->getLocation().isMacroID())
      Fix.block(Def->getLocation(), "'" + S.Name + "' is defined by a macro");
    else if (Plan)
      Plan(P, FirstMPIUse.lookup(PI), Passed[PI], Fix);
    keepFix(Fix, PS.Fix, PS.Blocker, PS.BlockerAt);
    S.Params.push_back(std::move(PS));
  }
  S.Return = summarizeReturn(Def);
  if (S.Params.empty() && !S.Return.present())
    return std::nullopt;
  return S;
}

void CountParameters::keepFix(FixPlan &Fix, std::vector<TextEdit> &Edits,
                              std::string &Blocker, SourcePoint &BlockerAt) {
  for (const FixItHint &H : Fix.Hints) {
    std::optional<TextEdit> E = editOf(H);
    if (!E) {
      Fix.block(H.RemoveRange.getBegin(), "an edit falls in a macro");
      break;
    }
    Edits.push_back(std::move(*E));
  }
  if (!Fix.ok()) {
    Edits.clear();
    Blocker = Fix.Blocker;
    BlockerAt = pointOf(Fix.BlockerLoc);
  }
}

/// \p Text as a JSON string, quoted and escaped.
static std::string jsonString(StringRef Text) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << llvm::json::Value(Text.str());
  return Out;
}

/// The tree leaf of a value the defining unit bounds to \p R, narrower than
/// its type's \p Whole; empty when it is not.
static std::string boundedLeaf(const Interval &R, const Interval &Whole) {
  if (R.Lo <= Whole.Lo && R.Hi >= Whole.Hi)
    return "";
  return intervalLeaf(R);
}

/// The tree of a copy of a local being followed (variableTree).
static constexpr llvm::StringLiteral CopyOfFollowed = "~";

std::string CountParameters::treeOf(const Expr *E, const FunctionDecl *Def,
                                    bool WithMembers, LocalTrees *Locals) {
  E = E->IgnoreParens();
  if (WithMembers) {
    const FieldDecl *Field = nullptr;
    if (const auto *Read = dyn_cast<MemberExpr>(E))
      Field = dyn_cast<FieldDecl>(Read->getMemberDecl());
    else if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E))
      Field = accessorMember(Call->getMethodDecl());
    if (Field && FunctionAnalyses::recordsStoresOf(Field, Ctx) &&
        !usrOf(Field).empty())
      return "[\"f\"," + jsonString(usrOf(Field)) + "]";
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    if (Cast->getCastKind() != CK_IntegralCast &&
        Cast->getCastKind() != CK_LValueToRValue && Cast->getCastKind() != CK_NoOp)
      return "";
    std::string Sub = treeOf(Cast->getSubExpr(), Def, WithMembers, Locals);
    if (Sub.empty() || Cast->getCastKind() != CK_IntegralCast)
      return Sub;
    // A widening keeps the value; a narrowing keeps it only if it fits.
    QualType From = Cast->getSubExpr()->getType(), To = Cast->getType();
    std::optional<unsigned> FromBits = integerWidth(From, Ctx),
                            ToBits = integerWidth(To, Ctx);
    if (!FromBits || !ToBits)
      return "";
    bool Narrows = *ToBits < *FromBits ||
                   (*ToBits == *FromBits &&
                    From->isSignedIntegerType() != To->isSignedIntegerType());
    if (Sub == CopyOfFollowed)
      return Narrows ? "" : Sub;
    if (Narrows)
      return "[\"n\"," + std::to_string(*ToBits) + "," +
             (To->isSignedIntegerType() ? "true" : "false") + "," + Sub + "]";
    return "[\"w\"," + Sub + "]";
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (const auto *P = dyn_cast_or_null<ParmVarDecl>(V);
        P && P->getDeclContext() == Def) {
      const FunctionFacts *Facts = FunctionAnalyses::of(Ctx)->facts(Def);
      if (Facts && Facts->writesOf(P).empty() && !Facts->escapes(P))
        return "[\"p\"," + std::to_string(P->getFunctionScopeIndex()) + "]";
      return Locals ? variableTree(P, Def, *Locals) : "";
    }
    if (Locals && V && V->hasLocalStorage() && V->getDeclContext() == Def)
      return variableTree(V, Def, *Locals);
  }
  if (isa<ConditionalOperator, CallExpr>(E))
    if (std::string Extreme = extremeTree(E, Def, WithMembers, Locals);
        !Extreme.empty())
      return Extreme;
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    StringRef Op = B->getOpcode() == BO_Add   ? "+"
                   : B->getOpcode() == BO_Sub ? "-"
                   : B->getOpcode() == BO_Mul ? "*"
                                              : "";
    if (Op.empty() || !B->getType()->isIntegerType())
      return "";
    std::string L = treeOf(B->getLHS(), Def, WithMembers, Locals),
                R = treeOf(B->getRHS(), Def, WithMembers, Locals);
    if (L.empty() || R.empty() || L == CopyOfFollowed || R == CopyOfFollowed)
      return "";
    return "[\"" + Op.str() + "\"," + std::to_string(Ctx.getIntWidth(B->getType())) +
           "," + (B->getType()->isSignedIntegerType() ? "true" : "false") + "," +
           L + "," + R + "]";
  }
  Expr::EvalResult V;
  if (!E->isValueDependent() && E->getType()->isIntegerType() &&
      E->EvaluateAsInt(V, Ctx))
    return "[\"c\",\"" + std::to_string(V.Val.getInt().getExtValue()) + "\"]";
  return "";
}

/// The two values \p E chooses the smaller (\p Min) or larger of: `a < b ?
/// a : b` (the expansion of a `min` macro) or `std::min(a, b)`.
static std::optional<std::pair<const Expr *, const Expr *>>
extremeOperands(const Expr *E, bool &Min, const ASTContext &Ctx) {
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    std::optional<bool> IsMin = isStdMinOrMax(Call);
    if (!IsMin)
      return std::nullopt;
    Min = *IsMin;
    return std::pair(Call->getArg(0), Call->getArg(1));
  }
  const auto *Choice = dyn_cast<ConditionalOperator>(E);
  const auto *Compare =
      Choice ? dyn_cast<BinaryOperator>(Choice->getCond()->IgnoreParenImpCasts())
             : nullptr;
  if (!Compare || !Compare->isRelationalOp())
    return std::nullopt;
  const Expr *Chosen = Choice->getTrueExpr(), *Other = Choice->getFalseExpr();
  bool AsCompared = sameExpression(Compare->getLHS(), Chosen, Ctx) &&
                    sameExpression(Compare->getRHS(), Other, Ctx);
  bool Swapped = sameExpression(Compare->getLHS(), Other, Ctx) &&
                 sameExpression(Compare->getRHS(), Chosen, Ctx);
  if (!AsCompared && !Swapped)
    return std::nullopt;
  bool Less = Compare->getOpcode() == BO_LT || Compare->getOpcode() == BO_LE;
  Min = Less == AsCompared;
  return std::pair(Chosen, Other);
}

std::string CountParameters::extremeTree(const Expr *E, const FunctionDecl *Def,
                                         bool WithMembers, LocalTrees *Locals) {
  bool Min = true;
  auto Operands = extremeOperands(E, Min, Ctx);
  std::optional<Interval> Whole =
      Interval::ofType(E->getType().getNonReferenceType(), Ctx);
  if (!Operands || !Whole)
    return "";
  std::string A = treeOf(Operands->first, Def, WithMembers, Locals),
              B = treeOf(Operands->second, Def, WithMembers, Locals);
  if ((A.empty() && B.empty()) || A == CopyOfFollowed || B == CopyOfFollowed)
    return "";
  // An operand the tree cannot follow (`*pos2` in `*pos2 < size - 1 ?
  // *pos2 : size - 1`) is any value of the type: the other still bounds a
  // minimum from above and a maximum from below.
  for (std::string *Side : {&A, &B})
    if (Side->empty())
      *Side = intervalLeaf(*Whole);
  return std::string("[\"") + (Min ? "min" : "max") + "\"," + A + "," + B +
         "]";
}

/// The longest tree of a followed local or output a record keeps.
static constexpr size_t MaxFollowedTree = 16384;

/// Joins \p Parts into one tree (none: a copy of what is being followed).
static std::string joinedTree(llvm::ArrayRef<std::string> Parts) {
  if (Parts.empty())
    return CopyOfFollowed.str();
  return Parts.size() == 1 ? Parts.front()
                           : "[\"j\"," + llvm::join(Parts, ",") + "]";
}

std::string CountParameters::variableTree(const VarDecl *V,
                                          const FunctionDecl *Def,
                                          LocalTrees &Locals) {
  const FunctionFacts *Facts = FunctionAnalyses::of(Ctx)->facts(Def);
  if (!Facts || !V->getType()->isIntegerType() || V->isStaticLocal() ||
      Facts->isCaptured(V) || V->getType().isVolatileQualified())
    return "";
  // `tmp = count; ... count = tmp;`: the copy adds nothing to the values
  // count can hold.
  if (!Locals.Visiting.insert(V).second)
    return CopyOfFollowed.str();
  auto Done = llvm::make_scope_exit([&] { Locals.Visiting.erase(V); });
  llvm::SmallVector<std::string, 4> Parts;
  if (const auto *P = dyn_cast<ParmVarDecl>(V))
    Parts.push_back("[\"p\"," + std::to_string(P->getFunctionScopeIndex()) +
                    "]");
  bool Shrinks = false;
  for (const FunctionFacts::Write &W : Facts->writesOf(V)) {
    const auto *Update = dyn_cast_or_null<CompoundAssignOperator>(W.Site);
    if (Update) {
      // Quotients and remainders lie between zero and the value they cut.
      BinaryOperatorKind Op = Update->getOpcode();
      if (Op != BO_DivAssign && Op != BO_RemAssign &&
          !(Op == BO_MulAssign && Facts->undoesQuotient(Update)))
        return "";
      Shrinks = true;
      continue;
    }
    if (!W.Value || W.Accumulates || !W.Replaces)
      return "";
    std::string T = treeOf(W.Value, Def, /*WithMembers=*/true, &Locals);
    if (T.empty())
      return "";
    if (T != CopyOfFollowed)
      Parts.push_back(std::move(T));
  }
  // Its address only ever handed to functions that fill it.
  for (const Stmt *Site : Facts->escapeSitesOf(V)) {
    const auto *Address = dyn_cast<UnaryOperator>(Site);
    const Stmt *Up = Address ? Facts->parentOf(Address) : nullptr;
    while (isa_and_nonnull<ParenExpr, ImplicitCastExpr>(Up))
      Up = Facts->parentOf(Up);
    const auto *Call = dyn_cast_or_null<CallExpr>(Up);
    if (!Address || Address->getOpcode() != UO_AddrOf || !Call)
      return "";
    std::optional<unsigned> Arg;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (Call->getArg(I)->IgnoreParenImpCasts() == Address)
        Arg = I;
    std::string Leaf = Arg ? outputLeaf(Call, *Arg, Def, Locals) : "";
    if (Leaf.empty())
      return "";
    Parts.push_back(std::move(Leaf));
  }
  std::string Tree = joinedTree(Parts);
  // A web of locals, each naming the others, is not worth its record.
  if (Tree.size() > MaxFollowedTree)
    return "";
  return Shrinks && Tree != CopyOfFollowed ? "[\"d\"," + Tree + "]" : Tree;
}

std::string CountParameters::outputLeaf(const CallExpr *Call, unsigned Arg,
                                        const FunctionDecl *Def,
                                        LocalTrees &Locals) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || Arg >= Callee->getNumParams())
    return "";
  if (!isUserFunction(Callee, Ctx.getSourceManager())) {
    // `MPI_Comm_size(comm, &n)`: what the model bounds it to.
    RangeAnalysis *Ranges = FunctionAnalyses::of(Ctx)->ranges(Def);
    std::optional<Interval> Out =
        Ranges ? Ranges->modelOutput(Call, Arg) : std::nullopt;
    std::optional<Interval> Whole = Interval::ofType(
        Call->getArg(Arg)->getType()->getPointeeType(), Ctx);
    return Out && Whole ? boundedLeaf(*Out, *Whole) : "";
  }
  if (usrOf(Callee).empty())
    return "";
  std::string Leaf = "[\"o\"," + jsonString(usrOf(Callee)) + "," +
                     std::to_string(Arg);
  // Trailing arguments that are not integers say nothing.
  unsigned Known = 0;
  llvm::SmallVector<std::string, 4> Args;
  for (unsigned I = 0; I < Call->getNumArgs() && I < Callee->getNumParams();
       ++I) {
    std::string T;
    if (I != Arg && Call->getArg(I)->getType()->isIntegerType())
      T = treeOf(Call->getArg(I), Def, /*WithMembers=*/true, &Locals);
    if (T.empty() || T == CopyOfFollowed)
      T = "null";
    else
      Known = I + 1;
    Args.push_back(std::move(T));
  }
  for (unsigned I = 0; I < Known; ++I)
    Leaf += "," + Args[I];
  if (const FunctionDecl *Body = Callee->getDefinition())
    OutputCallees.insert(Body);
  return Leaf + "]";
}

std::string CountParameters::followedOutputTree(RangeAnalysis &Ranges,
                                                const ParmVarDecl *P,
                                                const FunctionDecl *Def) {
  auto Writes = Ranges.outputWrites(P);
  if (!Writes)
    return "";
  LocalTrees Locals;
  llvm::SmallVector<std::string, 2> Parts;
  for (const RangeAnalysis::OutputWrite &W : *Writes) {
    std::string T =
        W.Value ? treeOf(W.Value, Def, /*WithMembers=*/true, &Locals)
                : outputLeaf(W.Forward, W.Arg, Def, Locals);
    if (T.empty())
      return "";
    if (T != CopyOfFollowed)
      Parts.push_back(std::move(T));
  }
  std::string Tree = Parts.empty() ? "" : joinedTree(Parts);
  return Tree.size() > MaxFollowedTree ? "" : Tree;
}

/// The `s += x` of the int local s that every return returns, when s sums
/// values that are not constant steps (a counter `s += 1` stops at its
/// loop's bound).
static const Expr *
accumulationReturned(llvm::ArrayRef<const ReturnStmt *> Returns,
                     const FunctionFacts &Facts) {
  const VarDecl *Sum = nullptr;
  for (const ReturnStmt *R : Returns) {
    const VarDecl *V = R->getRetValue() ? referencedVariable(R->getRetValue())
                                        : nullptr;
    if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) || (Sum && V != Sum))
      return nullptr;
    Sum = V;
  }
  if (!Sum || Facts.escapes(Sum))
    return nullptr;
  for (const FunctionFacts::Write &W : Facts.writesOf(Sum))
    if (const auto *Add = dyn_cast<CompoundAssignOperator>(W.Site))
      if (Add->getOpcode() == BO_AddAssign &&
          !Add->getRHS()->isIntegerConstantExpr(Sum->getASTContext()))
        return Add;
  return nullptr;
}

ReturnSummary CountParameters::summarizeReturn(const FunctionDecl *Def) {
  ReturnSummary R;
  QualType Returned = Def->getReturnType();
  if (!Returned->isIntegerType() || Returned->isBooleanType() || Def->isMain())
    return R;
  llvm::SmallVector<const ReturnStmt *, 2> Returns;
  collectReturns(Def->getBody(), Returns);
  FunctionAnalyses &Analyses = *FunctionAnalyses::of(Ctx);
  // Several returns join: `if (!ddt) return n; return 1;` returns at most
  // max(n, 1).
  llvm::SmallVector<std::string, 2> Trees;
  for (const ReturnStmt *Ret : Returns) {
    std::string T = Ret->getRetValue() ? treeOf(Ret->getRetValue(), Def) : "";
    if (T.empty()) {
      Trees.clear();
      break;
    }
    Trees.push_back(std::move(T));
  }
  if (!Trees.empty()) {
    R.Tree = Trees.size() == 1 ? Trees.front()
                               : "[\"j\"," + llvm::join(Trees, ",") + "]";
    // Worth keeping only if some arguments make it overflow.
    llvm::SmallVector<std::optional<Interval>, 4> Any;
    for (const ParmVarDecl *P : Def->parameters())
      Any.push_back(Interval::ofType(P->getType(), Ctx));
    bool Overflows = false;
    evaluateReturn(R, Any, Overflows);
    // The tree alone bounds what callers get (a helper that already
    // returns MPI_Count, `(MPI_Count)nx * ny`); only an overflow needs
    // a fix.
    if (!Overflows)
      return R;
    // The fix and the notes name the first return that overflows.
    const Expr *Value = Returns.front()->getRetValue();
    for (size_t I = 0; I < Trees.size(); ++I) {
      ReturnSummary One;
      One.Tree = Trees[I];
      evaluateReturn(One, Any, Overflows);
      if (Overflows) {
        Value = Returns[I]->getRetValue();
        break;
      }
    }
    nameSite(Value, R.OverflowAt, R.OverflowText);
    const auto *Cast = dyn_cast<ImplicitCastExpr>(Value->IgnoreParens());
    if (Cast && Cast->getCastKind() == CK_IntegralCast &&
        Ctx.getIntWidth(Cast->getSubExpr()->getType()) >
            Ctx.getIntWidth(Cast->getType()))
      R.NarrowedFrom = Cast->getSubExpr()->getType().getUnqualifiedType()
                           .getAsString(Ctx.getPrintingPolicy());
  }
  if (R.Tree.empty() && isNarrowInteger(Returned, Ctx)) {
    // Not arithmetic over the parameters: kept only when it returns an int
    // local that sums values in a loop (`s += counts[i]`), which no
    // argument bounds.
    const FunctionFacts *Facts = Analyses.facts(Def);
    const Expr *Site = Facts ? accumulationReturned(Returns, *Facts) : nullptr;
    if (!Site)
      return ReturnSummary();
    R.AlwaysOverflows = true;
    nameSite(Site, R.OverflowAt, R.OverflowText);
  }
  if (!R.OverflowAt.valid())
    return R; // nothing overflows: no fix to plan
  FixPlan Fix;
  if (const auto *M = dyn_cast<CXXMethodDecl>(Def); M && M->isVirtual())
    Fix.block(Def->getLocation(), "'" + Def->getQualifiedNameAsString() +
                                      "' is virtual: its overrides would "
                                      "have to change with it");
  else if (Def->isTemplateInstantiation())
    Fix.block(Def->getLocation(),
              "'" + Def->getQualifiedNameAsString() + "' is a template");
  else if (ReturnPlan)
    ReturnPlan(Def, Fix);
  keepFix(Fix, R.Fix, R.Blocker, R.BlockerAt);
  return R;
}

void CountParameters::nameSite(const Expr *Site, SourcePoint &At,
                               std::string &Text) {
  At = pointOf(Site->getBeginLoc());
  Text = Lexer::getSourceText(
             CharSourceRange::getTokenRange(Site->getSourceRange()),
             Ctx.getSourceManager(), Ctx.getLangOpts())
             .str();
}

std::vector<SummedArray>
CountParameters::summarizeSummedArrays(const FunctionDecl *Def) {
  std::vector<SummedArray> Summed;
  std::shared_ptr<FunctionAnalyses> Analyses = FunctionAnalyses::of(Ctx);
  for (const ParmVarDecl *P : Def->parameters()) {
    QualType Element = elementTypeOfArrayParameter(P);
    if (Element.isNull() || P->getType()->getPointeeType().isConstQualified() ||
        !Element->isIntegerType() ||
        Ctx.getIntWidth(Element) >= 64)
      continue;
    unsigned Index = P->getFunctionScopeIndex();
    if (std::optional<FunctionAnalyses::ParameterSum> Sum =
            Analyses->summedParameter(Def, Index))
      Summed.push_back({Index, Sum->Store ? pointOf(Sum->Store->getBeginLoc())
                                          : Sum->Remote});
  }
  return Summed;
}

std::vector<OutputSummary>
CountParameters::summarizeOutputs(const FunctionDecl *Def) {
  std::vector<OutputSummary> Outputs;
  RangeAnalysis *Ranges = FunctionAnalyses::of(Ctx)->ranges(Def);
  if (!Ranges)
    return Outputs;
  for (const ParmVarDecl *P : Def->parameters()) {
    QualType Pointee = P->getType()->getPointeeType();
    if (Pointee.isNull() || Pointee.isConstQualified() ||
        !Pointee->isIntegerType() || Pointee->isBooleanType())
      continue;
    unsigned Index = P->getFunctionScopeIndex();
    // Whatever the arguments: the site of a product that can wrap the
    // output, and the range the unit bounds it to.
    const Expr *Site = nullptr;
    std::optional<Interval> R = Ranges->outputRange(Def, Index, {}, Site);
    OutputSummary Out{Index, storedTree(*Ranges, P, Def)};
    // Not arithmetic over the parameters: the bounded range, when there is
    // one (`*size = lsize` after MPI_Comm_size).
    std::optional<Interval> Whole = Interval::ofType(Pointee, Ctx);
    if (Out.Tree.empty() && R && Whole && !Site)
      Out.Tree = boundedLeaf(*R, *Whole);
    // Nor bounded here: what members, locals and the outputs of other
    // functions it is filled from hold, for the records to find.
    if (Out.Tree.empty())
      Out.Tree = followedOutputTree(*Ranges, P, Def);
    // A narrowing store is not kept: `*len = strlen(s)` is the rule more
    // often than a hazard, and the unit that defines it reports its own.
    if (isa_and_nonnull<BinaryOperator>(Site))
      nameSite(Site, Out.OverflowAt, Out.OverflowText);
    if (!Out.Tree.empty() || Out.OverflowAt.valid())
      Outputs.push_back(std::move(Out));
  }
  return Outputs;
}

std::string CountParameters::boundedReturnTree(const FunctionDecl *Def) {
  QualType Returned = Def->getReturnType();
  RangeAnalysis *Ranges = FunctionAnalyses::of(Ctx)->ranges(Def);
  if (!Ranges || !Returned->isIntegerType() || Returned->isBooleanType() ||
      Def->isMain())
    return "";
  const Expr *Site = nullptr;
  llvm::SmallVector<std::optional<Interval>, 4> Unknown(Def->getNumParams());
  std::optional<Interval> Range = Ranges->returnRange(Def, Unknown, Site);
  std::optional<Interval> Whole = Interval::ofType(Returned, Ctx);
  if (!Range || !Whole || Site || !Range->within(*Whole))
    return "";
  return boundedLeaf(*Range, *Whole);
}

std::string CountParameters::storedTree(RangeAnalysis &Ranges,
                                        const ParmVarDecl *P,
                                        const FunctionDecl *Def) {
  auto Values = Ranges.valuesStoredThrough(P);
  if (!Values)
    return "";
  llvm::SmallVector<std::string, 2> Trees;
  for (const Expr *V : *Values) {
    std::string T = treeOf(V, Def);
    if (T.empty())
      return "";
    Trees.push_back(std::move(T));
  }
  if (Trees.empty())
    return "";
  return Trees.size() == 1 ? Trees.front()
                           : "[\"j\"," + llvm::join(Trees, ",") + "]";
}

std::optional<Interval>
CountParameters::externalOutput(const FunctionDecl *F, unsigned Index,
                                llvm::ArrayRef<std::optional<Interval>> Args) {
  const FunctionDecl *Def = nullptr;
  if (F->hasBody(Def) || !isUserFunction(F, Ctx.getSourceManager()))
    return std::nullopt;
  const std::string &USR = usrOf(F);
  return USR.empty() ? std::nullopt : this->Index.outputOf(USR, Index, Args);
}

const OutputSummary *CountParameters::overflowingExternalOutput(
    const FunctionDecl *F, unsigned Index,
    llvm::ArrayRef<std::optional<Interval>> Args) {
  const FunctionDecl *Def = nullptr;
  if (F->hasBody(Def) || !isUserFunction(F, Ctx.getSourceManager()))
    return nullptr;
  const std::string &USR = usrOf(F);
  const FunctionSummary *S = USR.empty() ? nullptr : this->Index.function(USR);
  return S ? overflowingOutput(*S, Index, Args) : nullptr;
}

const FunctionSummary *CountParameters::returnSummary(const FunctionDecl *F) {
  const FunctionDecl *Def = nullptr;
  if (F->hasBody(Def) || !isUserFunction(F, Ctx.getSourceManager()))
    return nullptr;
  const std::string &USR = usrOf(F);
  const FunctionSummary *S = USR.empty() ? nullptr : Index.function(USR);
  return S && S->Return.present() ? S : nullptr;
}

std::optional<Interval>
CountParameters::externalReturn(const FunctionDecl *F,
                                llvm::ArrayRef<std::optional<Interval>> Args,
                                bool &Overflows) {
  Overflows = false;
  const FunctionSummary *S = returnSummary(F);
  if (!S)
    return std::nullopt;
  return evaluateReturn(S->Return, Args, Overflows);
}

std::optional<WideInt> CountParameters::externalSends(const FunctionDecl *F) {
  const FunctionDecl *Def = nullptr;
  if (F->hasBody(Def))
    return std::nullopt;
  const std::string &USR = usrOf(F);
  return USR.empty() ? std::nullopt : Index.sends(USR);
}

const FunctionSummary *
CountParameters::summaryOfExternal(const FunctionDecl *F) {
  const FunctionDecl *Def = nullptr;
  if (F->hasBody(Def))
    return nullptr;
  const std::string &USR = usrOf(F);
  return USR.empty() ? nullptr : Index.function(USR);
}

bool CountParameters::externalNeverReturns(const FunctionDecl *F) {
  const FunctionSummary *S = summaryOfExternal(F);
  return S && S->NeverReturns;
}

bool CountParameters::externalOnlyReads(const FunctionDecl *F) {
  const FunctionSummary *S = summaryOfExternal(F);
  return S && S->OnlyReads;
}

std::optional<unsigned>
CountParameters::externalPredefinedTest(const FunctionDecl *F) {
  const FunctionSummary *S = summaryOfExternal(F);
  return S ? S->PredefinedTypeTest : std::nullopt;
}

std::optional<uint64_t>
CountParameters::externalReturnedSize(const FunctionDecl *F) {
  const FunctionSummary *S = summaryOfExternal(F);
  return S ? S->ReturnedSize : std::nullopt;
}

const SummedArray *
CountParameters::externalSummedArray(const FunctionDecl *F, unsigned Param) {
  const FunctionSummary *S = summaryOfExternal(F);
  if (!S)
    return nullptr;
  auto Found = llvm::find_if(S->SummedArrays, [&](const SummedArray &A) {
    return A.Index == Param;
  });
  return Found == S->SummedArrays.end() ? nullptr : &*Found;
}

bool CountParameters::calledElsewhere(const FunctionDecl *F) {
  const std::string &USR = usrOf(F);
  return !USR.empty() && Index.calledElsewhere(USR);
}

void CountParameters::noteUnitAddresses(llvm::ArrayRef<Decl *> Decls) {
  if (HaveUnitAddresses)
    return;
  HaveUnitAddresses = true;
  AddressCollector Refs;
  for (Decl *D : Decls)
    Refs.TraverseDecl(D);
  for (const FunctionDecl *G : Refs.Named)
    if (!usrOf(G).empty())
      Index.addAddressTaken(usrOf(G));
}

std::optional<ProgramArgument>
CountParameters::programArgument(const FunctionDecl *F, unsigned Index) {
  const std::string &USR = usrOf(F);
  if (USR.empty())
    return std::nullopt;
  return this->Index.programArgument(USR, Index);
}

std::optional<ProgramArgument>
CountParameters::programMember(const FieldDecl *Field) {
  const std::string &USR = usrOf(Field);
  if (USR.empty())
    return std::nullopt;
  return Index.programArgument(USR, 0);
}

bool CountParameters::addressTaken(const FunctionDecl *F) {
  const std::string &USR = usrOf(F);
  return !USR.empty() && Index.addressTaken(USR);
}

const FunctionSummary *CountParameters::summarize(const FunctionDecl *F) {
  const FunctionDecl *Def = nullptr;
  if (!F->hasBody(Def) || !Def)
    return nullptr;
  auto [It, Inserted] = Summarised.try_emplace(Def->getCanonicalDecl(), false);
  if (!Inserted)
    return It->second ? Index.function(usrOf(Def)) : nullptr;
  std::optional<FunctionSummary> S = build(Def);
  if (!S)
    return nullptr;
  Summarised[Def->getCanonicalDecl()] = true;
  Index.addLocal(*S);
  return Index.function(S->USR);
}

const Reach *CountParameters::reach(const FunctionDecl *Callee, unsigned I) {
  if (!isUserFunction(Callee, Ctx.getSourceManager()))
    return nullptr;
  summarize(Callee);
  const std::string &USR = usrOf(Callee);
  return USR.empty() ? nullptr : Index.reach(USR, I);
}

bool CountParameters::reachesMPI(const FunctionDecl *Callee) {
  for (unsigned I = 0; I < Callee->getNumParams(); ++I)
    if ((carriesCounts(Callee->getParamDecl(I)->getType(), Ctx) ||
         isArrayOfInts(Callee->getParamDecl(I)->getType(), Ctx)) &&
        reach(Callee, I))
      return true;
  return false;
}

const CountUse *CountParameters::arrayUse(const FunctionDecl *Callee,
                                          unsigned I) {
  if (I >= Callee->getNumParams() ||
      !isArrayOfInts(Callee->getParamDecl(I)->getType(), Ctx))
    return nullptr;
  const Reach *R = reach(Callee, I);
  if (!R)
    return nullptr;
  for (const CountUse &U : R->Uses)
    if (U.Argument >= 0)
      return &U;
  return nullptr;
}

bool CountParameters::widensWithItsFix(const FunctionDecl *Callee, unsigned I) {
  if (I >= Callee->getNumParams() ||
      !isNarrowInteger(Callee->getParamDecl(I)->getType(), Ctx))
    return false;
  const Reach *R = reach(Callee, I);
  return R && R->Blocker.empty() && !R->Fix.empty();
}

bool CountParameters::mayTakeCounts(const FunctionDecl *Callee) {
  const FunctionDecl *Def = nullptr;
  if (!isUserFunction(Callee, Ctx.getSourceManager()) || Callee->hasBody(Def))
    return false;
  return llvm::any_of(Callee->parameters(), [&](const ParmVarDecl *P) {
    return carriesCounts(P->getType(), Ctx) || isArrayOfInts(P->getType(), Ctx);
  });
}

void CountParameters::noteCountArguments(const CallExpr *Call,
                                         const FunctionDecl *Callee) {
  const std::string &USR = usrOf(Callee);
  if (USR.empty())
    return;
  unsigned N = std::min(Call->getNumArgs(), Callee->getNumParams());
  for (unsigned I = 0; I < N; ++I) {
    QualType Param = Callee->getParamDecl(I)->getType();
    // An array the callee may hand to MPI: its elements are judged here.
    if (isArrayOfInts(Param, Ctx)) {
      if (!Call->getArg(I)->isNullPointerConstant(
              Ctx, Expr::NPC_ValueDependentIsNotNull))
        CountArguments.emplace_back(USR, I);
      continue;
    }
    if (!carriesCounts(Param, Ctx))
      continue;
    // A constant that fits is no hazard through any wrapper (a negative
    // one is left to the wrapper, as checkUserCall does).
    const Expr *Arg = Call->getArg(I)->IgnoreImpCasts();
    Expr::EvalResult R;
    if (!Arg->isValueDependent() && Arg->EvaluateAsInt(R, Ctx) &&
        R.Val.getInt().getSignificantBits() <= 32)
      continue;
    CountArguments.emplace_back(USR, I);
  }
}

/// A user function whose calls the records follow
/// (FunctionAnalyses::recordsCallsOf).
static bool takesProgramArguments(const FunctionDecl *F, const ASTContext &Ctx) {
  return isUserFunction(F, Ctx.getSourceManager()) &&
         FunctionAnalyses::recordsCallsOf(F, Ctx);
}

/// Adds what a call or a write of \p Caller passes or stores (\p Range,
/// unset: cannot be judged; \p Tree, empty: not arithmetic over its
/// caller's parameters and members) to \p A, the entry of its caller
/// (\p First: its first).
static void addCall(ArgumentRange &A, bool &HasTree, bool First,
                    const FunctionDecl *Caller, std::optional<Interval> Range,
                    const std::string &Tree, const SourcePoint &At) {
  // The file keeps 64-bit bounds; beyond them is no bound at all.
  if (Range && (Range->Lo < INT64_MIN || Range->Hi > INT64_MAX))
    Range.reset();
  bool Judged = First || A.Range.has_value();
  if (First || (Judged && (!Range || Range->Hi > A.Range->Hi))) {
    A.WidestAt = At;
    A.WidestCaller = Caller ? Caller->getQualifiedNameAsString() : "";
  }
  if (First)
    A.Range = Range;
  else if (A.Range)
    A.Range = Range ? std::optional<Interval>(A.Range->join(*Range))
                    : std::nullopt;
  HasTree = HasTree && !Tree.empty();
  A.Tree = First ? Tree : "[\"j\"," + A.Tree + "," + Tree + "]";
}

void CountParameters::recordArguments(
    llvm::ArrayRef<const FunctionDecl *> Called,
    const llvm::DenseMap<const FunctionDecl *, const CallExpr *> &FirstCall,
    const llvm::DenseMap<const FunctionDecl *, unsigned> &CallCount,
    UnitSummary &U) {
  FunctionAnalyses &Analyses = *FunctionAnalyses::of(Ctx);
  llvm::DenseSet<const FunctionDecl *> Done;
  for (const FunctionDecl *F : Called) {
    const FunctionDecl *Canonical = F->getCanonicalDecl();
    if (!Done.insert(Canonical).second || usrOf(F).empty())
      continue;
    const auto *Sites = Analyses.unitCallsOf(Canonical);
    // Called without a prototype (`void step();`, or declared implicitly):
    // the unit does not know the parameters its arguments go to, so each
    // argument position it passes is unknown. Recording nothing would say
    // that no call of this unit passes anything.
    if (!F->hasPrototype() && isUserFunction(F, Ctx.getSourceManager())) {
      unsigned Positions = 0;
      if (Sites)
        for (const CallSite &Site : *Sites)
          Positions = std::max(Positions, Site.Call->getNumArgs());
      if (const CallExpr *First = FirstCall.lookup(F))
        Positions = std::max(Positions, First->getNumArgs());
      const CallExpr *At = FirstCall.lookup(F);
      for (unsigned Index = 0; Index < Positions; ++Index) {
        ArgumentRange A;
        A.USR = usrOf(F);
        A.Index = Index;
        A.WidestAt = pointOf(At ? At->getBeginLoc() : F->getLocation());
        U.Arguments.push_back(std::move(A));
      }
      continue;
    }
    if (!takesProgramArguments(F, Ctx))
      continue;
    for (const ParmVarDecl *P : F->parameters()) {
      if (!FunctionAnalyses::hasRecordedArguments(P, Ctx))
        continue;
      unsigned Index = P->getFunctionScopeIndex();
      if (!Sites || Sites->size() != CallCount.lookup(Canonical)) {
        // Named here other than by calls from functions, or called in a
        // template's instantiation or a lambda: nothing is known of what
        // it is passed.
        ArgumentRange A;
        A.USR = usrOf(F);
        A.Index = Index;
        const CallExpr *At = FirstCall.lookup(F);
        A.WidestAt = pointOf(At ? At->getBeginLoc() : F->getLocation());
        U.Arguments.push_back(std::move(A));
        continue;
      }
      // One entry per calling function: whether it runs, and what its own
      // parameters hold, are its callers' to say.
      llvm::MapVector<const FunctionDecl *, std::pair<ArgumentRange, bool>>
          ByCaller;
      for (const CallSite &Site : *Sites) {
        auto [It, New] = ByCaller.try_emplace(Site.Caller);
        auto &[A, HasTree] = It->second;
        if (New) {
          A.USR = usrOf(F);
          A.Index = Index;
          HasTree = true;
          if (takesProgramArguments(Site.Caller, Ctx))
            A.CallerUSR = usrOf(Site.Caller);
        }
        std::optional<Interval> Range = Analyses.siteArgument(Site, Index);
        // A tree over a caller the records do not follow is of use for
        // its members only.
        std::string Tree;
        if (Index < Site.Call->getNumArgs())
          Tree = treeOf(Site.Call->getArg(Index), Site.Caller,
                        /*WithMembers=*/true);
        addCall(A, HasTree, New, Site.Caller, Range, Tree,
                pointOf(Site.Call->getBeginLoc()));
      }
      for (auto &[Caller, Entry] : ByCaller) {
        auto &[A, HasTree] = Entry;
        if (!HasTree)
          A.Tree.clear();
        U.Arguments.push_back(std::move(A));
      }
    }
  }
}

std::optional<Interval>
CountParameters::storedValue(const MemberWrite &W,
                             const std::optional<Interval> &Type,
                             const Expr *&Overflow) {
  Overflow = nullptr;
  // `MPI_Comm_size(comm, &c->np)`: what the model gives that output.
  if (!W.Value && W.OutputCall && W.Function && Type) {
    RangeAnalysis *Ranges = FunctionAnalyses::of(Ctx)->ranges(W.Function);
    std::optional<Interval> Out =
        Ranges ? Ranges->modelOutput(W.OutputCall, W.OutputIndex) : std::nullopt;
    return Out && Out->within(*Type) ? Out : std::nullopt;
  }
  if (!W.Value || !Type || W.Value->isValueDependent())
    return std::nullopt;
  std::optional<Interval> Stored;
  Expr::EvalResult Constant;
  if (W.Value->EvaluateAsInt(Constant, Ctx) &&
      Constant.Val.getInt().getActiveBits() < 64) {
    const llvm::APSInt &V = Constant.Val.getInt();
    Stored = Interval::exact(V.isSigned() ? WideInt(V.getExtValue())
                                          : WideInt(V.getZExtValue()));
  } else if (W.Function) {
    RangeAnalysis *Ranges = FunctionAnalyses::of(Ctx)->ranges(W.Function);
    Stored = Ranges ? Ranges->storedRange(W.Value, W.Site, /*WithFlow=*/false,
                                          &Overflow)
                    : std::nullopt;
    // A running total stored whole (`s->size = tot_size;` after a loop of
    // `tot_size += header[i]`) wraps where it is summed.
    const VarDecl *Local = referencedVariable(W.Value);
    if (Ranges && !Overflow && Local && W.Site)
      Overflow = Ranges->runningTotalAt(Local, W.Site);
  }
  // What does not fit is stored wrapped: anything of the member's type.
  if (Stored && !Stored->within(*Type))
    Stored = Type;
  return Stored;
}

std::string CountParameters::outputTree(const CallExpr *Call, unsigned Arg,
                                        const FunctionDecl *Caller) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !isUserFunction(Callee, Ctx.getSourceManager()))
    return "";
  LocalTrees Locals;
  return outputLeaf(Call, Arg, Caller, Locals);
}

void CountParameters::recordMembers(UnitSummary &U) {
  FunctionAnalyses &Analyses = *FunctionAnalyses::of(Ctx);
  for (const auto &[Field, Writes] : Analyses.memberWrites().byField()) {
    if (!FunctionAnalyses::recordsStoresOf(Field, Ctx) || usrOf(Field).empty())
      continue;
    std::optional<Interval> Type = Interval::ofType(Field->getType(), Ctx);
    // One entry per writing function, as for calls: whether it runs, and
    // what its parameters hold, are its callers' to say.
    llvm::MapVector<const FunctionDecl *, std::pair<ArgumentRange, bool>>
        ByWriter;
    // Writers with a write other than a structure handed away.
    llvm::DenseSet<const FunctionDecl *> Writing;
    for (const MemberWrite &W : Writes) {
      std::optional<HandedStructure> Handed = handedStructure(W);
      if (Handed && Handed->Kept)
        continue;
      auto [It, New] = ByWriter.try_emplace(W.Function);
      auto &[A, HasTree] = It->second;
      if (New) {
        A.USR = usrOf(Field);
        HasTree = true;
        if (W.Function && takesProgramArguments(W.Function, Ctx))
          A.CallerUSR = usrOf(W.Function);
      }
      // Judged with the callee's summary, where the program's records meet.
      if (Handed) {
        if (A.HandedTo.empty())
          A.HandedAt = pointOf(W.Site->getBeginLoc());
        if (!llvm::is_contained(A.HandedTo, Handed->To))
          A.HandedTo.push_back(Handed->To);
        if (New)
          A.WidestCaller = W.Function ? W.Function->getQualifiedNameAsString() : "";
        continue;
      }
      New = Writing.insert(W.Function).second;
      const Expr *Overflow = nullptr;
      std::optional<Interval> Range = storedValue(W, Type, Overflow);
      if (Overflow && !A.OverflowAt.valid())
        nameSite(Overflow, A.OverflowAt, A.OverflowText);
      std::string Tree =
          W.Value && W.Function ? treeOf(W.Value, W.Function, /*WithMembers=*/true)
          : W.OutputCall && W.Function
              ? outputTree(W.OutputCall, W.OutputIndex, W.Function)
                                : "";
      addCall(A, HasTree, New, W.Function, Range, Tree,
              pointOf(W.Site ? W.Site->getBeginLoc() : Field->getLocation()));
    }
    for (auto &[Writer, Entry] : ByWriter) {
      auto &[A, HasTree] = Entry;
      if (!HasTree)
        A.Tree.clear();
      A.OnlyHanded = !Writing.count(Writer);
      U.Arguments.push_back(std::move(A));
    }
  }
}

std::optional<CountParameters::HandedStructure>
CountParameters::handedStructure(const MemberWrite &W) {
  const FunctionDecl *Callee =
      W.BytesCall && W.Site ? W.BytesCall->getDirectCallee() : nullptr;
  if (!Callee || W.BytesIndex >= Callee->getNumParams())
    return std::nullopt;
  // A callee of this unit is judged here; one of another unit, by its
  // summary; code outside the program may write anything.
  const FunctionDecl *Def = nullptr;
  if (Callee->hasBody(Def)) {
    PointeeUses::Answer A = FunctionAnalyses::of(Ctx)->pointeeUses().pointee(
        Callee->getParamDecl(W.BytesIndex));
    if (!A.Kept)
      return std::nullopt;
    if (A.Unless.empty())
      return HandedStructure{true, {}};
    // Kept on conditions of other units: its summary carries them.
    if (!Callee->isExternallyVisible() || usrOf(Callee).empty())
      return std::nullopt;
  }
  if (!isUserFunction(Callee, Ctx.getSourceManager()) || usrOf(Callee).empty())
    return std::nullopt;
  return HandedStructure{false, {usrOf(Callee), W.BytesIndex}};
}

/// The functions \p Decls define, within namespaces and `extern "C"`
/// blocks too (`namespace El::mpi { void Send(...) {...} }`), with the
/// explicit instantiations of function templates (`template void
/// Send<double>(...);`, a wrapper layer compiled once for every type).
static void
collectDefinedFunctions(llvm::ArrayRef<Decl *> Decls,
                        llvm::SmallVectorImpl<const FunctionDecl *> &Out) {
  for (Decl *D : Decls) {
    if (auto *Context = dyn_cast<DeclContext>(D);
        Context && isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(D)) {
      llvm::SmallVector<Decl *, 16> Inner(Context->decls());
      collectDefinedFunctions(Inner, Out);
    } else if (const auto *F = dyn_cast<FunctionDecl>(D)) {
      Out.push_back(F);
    } else if (const auto *T = dyn_cast<FunctionTemplateDecl>(D)) {
      for (const FunctionDecl *S : T->specializations())
        if (S->getTemplateSpecializationKind() ==
            TSK_ExplicitInstantiationDefinition)
          Out.push_back(S);
    }
  }
}

std::vector<std::string> CountParameters::namedByUnit() {
  struct Names : RecursiveASTVisitor<Names> {
    CountParameters &Params;
    const SourceManager &SM;
    std::vector<std::string> USRs;
    llvm::StringSet<> Seen;
    explicit Names(CountParameters &Params)
        : Params(Params), SM(Params.Ctx.getSourceManager()) {}
    bool shouldVisitImplicitCode() const { return true; }
    bool VisitFunctionDecl(FunctionDecl *F) {
      if (isUserFunction(F, SM))
        add(Params.usrOf(F));
      return true;
    }
    bool VisitFieldDecl(FieldDecl *F) {
      if (!SM.isInSystemHeader(F->getLocation()))
        add(Params.usrOf(F));
      return true;
    }
    void add(const std::string &USR) {
      if (!USR.empty() && Seen.insert(USR).second)
        USRs.push_back(USR);
    }
  } Collect(*this);
  // Each declaration, not the unit: the unit's traversal keeps to the
  // check's scope, which leaves headers out.
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    Collect.TraverseDecl(D);
  return std::move(Collect.USRs);
}

UnitSummary CountParameters::unitSummary(llvm::ArrayRef<Decl *> Decls) {
  const SourceManager &SM = Ctx.getSourceManager();
  UnitSummary U;
  if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID()))
    U.File = pointOf(SM.getLocForStartOfFile(SM.getMainFileID())).File;
  // Every user file the unit read: a change in any of them changes what
  // the unit says.
  for (unsigned I = 0, N = SM.local_sloc_entry_size(); I < N; ++I) {
    const SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
    if (!E.isFile() || E.getFile().getFileCharacteristic() != SrcMgr::C_User)
      continue;
    const SrcMgr::ContentCache &C = E.getFile().getContentCache();
    if (!C.OrigEntry)
      continue;
    llvm::SmallString<256> Path(C.OrigEntry->getName());
    SM.getFileManager().makeAbsolutePath(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    if (llvm::any_of(U.Inputs, [&](const auto &In) { return In.first == Path; }))
      continue;
    std::optional<llvm::MemoryBufferRef> Buf =
        C.getBufferOrNone(SM.getDiagnostics(), SM.getFileManager());
    if (Buf)
      U.Inputs.push_back({Path.str().str(), contentHash(Buf->getBuffer())});
  }
  AddressCollector Refs;
  for (Decl *D : Decls)
    Refs.TraverseDecl(D);
  for (const FunctionDecl *F : Refs.Named)
    if (isUserFunction(F, SM) && !usrOf(F).empty())
      U.AddressTaken.push_back(usrOf(F));
  for (const FunctionDecl *F : Refs.Called) {
    if (!isUserFunction(F, SM) || usrOf(F).empty())
      continue;
    const FunctionDecl *Def = nullptr;
    if (!F->hasBody(Def))
      U.ExternalCalls.push_back(usrOf(F));
  }
  FunctionAnalyses &Analyses = *FunctionAnalyses::of(Ctx);
  // Asked by the analysis of the unit's findings, before recordArguments
  // judges its calls (which may ask more).
  for (const FunctionDecl *F : Analyses.askedProgramArguments())
    if (!usrOf(F).empty())
      U.AskedArguments.push_back(usrOf(F));
  for (const FieldDecl *F : Analyses.askedProgramMembers())
    if (!usrOf(F).empty())
      U.AskedArguments.push_back(usrOf(F));
  recordArguments(Refs.Called.getArrayRef(), Refs.FirstCall, Refs.CallCount, U);
  recordMembers(U);
  for (const auto &[Field, Functions] :
       Analyses.memberWrites().functionStores())
    if (!usrOf(Field).empty())
      for (const FunctionDecl *F : Functions)
        U.MemberFunctions.push_back({usrOf(Field), F ? usrOf(F) : ""});
  U.CompileErrors = Ctx.getDiagnostics().hasErrorOccurred();
  if (U.CompileErrors)
    U.Unrecorded = namedByUnit();
  llvm::SmallVector<const FunctionDecl *, 16> Defined;
  collectDefinedFunctions(Decls, Defined);
  for (const FunctionDecl *F : Defined) {
    if (F && F->isMain() && F->doesThisDeclarationHaveABody())
      U.DefinesMain = true;
    if (!F || !F->doesThisDeclarationHaveABody() || !F->isExternallyVisible())
      continue;
    if (Analyses.seesEveryCall(F) && !usrOf(F).empty())
      U.OwnCallsFollowed.push_back(usrOf(F));
    if (F->isMain()) {
      U.Probes = Analyses.askedProgramSends();
      if (const FunctionSummary *S = summarize(F))
        U.Functions.push_back(*S);
      continue;
    }
    if (std::optional<FunctionSummary> Out = fullSummary(F))
      U.Functions.push_back(std::move(*Out));
  }
  addForwardedStatics(Defined, U);
  addStoredStatics(U);
  recordCalleeOutputs(U);
  llvm::sort(U.ExternalCalls);
  U.ExternalCalls.erase(std::unique(U.ExternalCalls.begin(), U.ExternalCalls.end()),
                        U.ExternalCalls.end());
  U.CountArguments = CountArguments;
  llvm::sort(U.CountArguments);
  U.CountArguments.erase(
      std::unique(U.CountArguments.begin(), U.CountArguments.end()),
      U.CountArguments.end());
  llvm::sort(U.AddressTaken);
  U.AddressTaken.erase(std::unique(U.AddressTaken.begin(), U.AddressTaken.end()),
                       U.AddressTaken.end());
  return U;
}

void CountParameters::recordCalleeOutputs(UnitSummary &U) {
  llvm::StringSet<> Recorded;
  for (const FunctionSummary &F : U.Functions)
    Recorded.insert(F.USR);
  // Summarising one may name more (a dispatcher's constructors).
  for (size_t I = 0; I < OutputCallees.size(); ++I) {
    const FunctionDecl *F = OutputCallees[I];
    const std::string &USR = usrOf(F);
    if (USR.empty() || Recorded.contains(USR) || F->isDependentContext() ||
        !F->doesThisDeclarationHaveABody() ||
        !isUserFunction(F, Ctx.getSourceManager()))
      continue;
    Recorded.insert(USR);
    FunctionSummary Out;
    Out.USR = USR;
    Out.Name = F->getQualifiedNameAsString();
    Out.Definition = pointOf(F->getLocation());
    Out.Outputs = summarizeOutputs(F);
    if (!Out.Outputs.empty())
      U.Functions.push_back(std::move(Out));
  }
}

//===----------------------------------------------------------------------===//
// Places and edits
//===----------------------------------------------------------------------===//

SourcePoint CountParameters::pointOf(SourceLocation Loc) const {
  const SourceManager &SM = Ctx.getSourceManager();
  SourcePoint P;
  Loc = SM.getFileLoc(Loc);
  PresumedLoc PL = SM.getPresumedLoc(Loc, /*UseLineDirectives=*/false);
  if (PL.isInvalid())
    return P;
  llvm::SmallString<256> Path(PL.getFilename());
  SM.getFileManager().makeAbsolutePath(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  P.File = Path.str().str();
  P.Line = PL.getLine();
  P.Column = PL.getColumn();
  return P;
}

std::optional<TextEdit> CountParameters::editOf(const FixItHint &Hint) const {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = Hint.RemoveRange;
  if (Range.getBegin().isMacroID() || Range.getEnd().isMacroID())
    return std::nullopt;
  tooling::Replacement R(SM, Range, Hint.CodeToInsert, Ctx.getLangOpts());
  if (R.getFilePath().empty() || R.getFilePath() == "<invalid-loc>")
    return std::nullopt;
  llvm::SmallString<256> Path(R.getFilePath());
  SM.getFileManager().makeAbsolutePath(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return TextEdit{Path.str().str(), R.getOffset(), R.getLength(),
                  R.getReplacementText().str()};
}

std::optional<FileID> CountParameters::fileOf(StringRef Path) {
  auto [It, Inserted] = Files.try_emplace(Path);
  if (!Inserted)
    return It->second;
  SourceManager &SM = Ctx.getSourceManager();
  llvm::Expected<FileEntryRef> FE = SM.getFileManager().getFileRef(Path);
  if (!FE) {
    llvm::consumeError(FE.takeError());
    return std::nullopt;
  }
  FileID ID = SM.translateFile(*FE);
  // A file this unit never included (the wrapper's own source): opened so
  // that notes point into it and fixes edit it.
  if (ID.isInvalid())
    ID = SM.createFileID(*FE, SourceLocation(), SrcMgr::C_User);
  if (ID.isValid())
    It->second = ID;
  return It->second;
}

SourceLocation CountParameters::locationOf(const SourcePoint &P) {
  std::optional<FileID> ID = P.valid() ? fileOf(P.File) : std::nullopt;
  if (!ID)
    return SourceLocation();
  return Ctx.getSourceManager().translateLineCol(*ID, P.Line, P.Column);
}

std::optional<FixItHint> CountParameters::hintOf(const TextEdit &E) {
  std::optional<FileID> ID = fileOf(E.File);
  if (!ID)
    return std::nullopt;
  SourceManager &SM = Ctx.getSourceManager();
  std::optional<llvm::MemoryBufferRef> Buf = SM.getBufferOrNone(*ID);
  if (!Buf || E.Offset + E.Length > Buf->getBufferSize())
    return std::nullopt;
  SourceLocation Begin = SM.getLocForStartOfFile(*ID).getLocWithOffset(E.Offset);
  return FixItHint::CreateReplacement(
      CharSourceRange::getCharRange(Begin, Begin.getLocWithOffset(E.Length)),
      E.Text);
}

} // namespace mpix
