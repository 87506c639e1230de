//===-- FunctionAnalyses.cpp - Per-function facts shared by the checks ----===//

#include "FunctionAnalyses.h"
#include "CommProvenance.h"
#include "FastRecursiveASTVisitor.h"
#include "ProgramSends.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace mpix {

std::shared_ptr<FunctionAnalyses> FunctionAnalyses::of(ASTContext &Ctx) {
  // clang-tidy analyses one translation unit at a time in a process.
  static std::weak_ptr<FunctionAnalyses> Current;
  std::shared_ptr<FunctionAnalyses> Shared = Current.lock();
  if (!Shared || &Shared->Ctx != &Ctx) {
    Shared = std::make_shared<FunctionAnalyses>(Ctx);
    Current = Shared;
  }
  return Shared;
}

FunctionAnalyses::Entry *FunctionAnalyses::entry(const FunctionDecl *F,
                                                 CallListing *Listing) {
  if (!F || !F->getBody())
    return nullptr;
  // Collecting F's facts lists its calls, and judging whether a callee is
  // wanted may summarise it, which analyses other functions: entries are
  // added meanwhile. F's own entry is a placeholder until its facts are
  // whole (none for it before: a half-walked body would answer for all of
  // it), and is looked up again after the walk, as the map may have grown.
  if (auto It = Entries.find(F); It != Entries.end())
    return It->second.Facts ? &It->second : nullptr;
  Entries[F];
  auto Arrays = std::make_unique<ArrayFacts>();
  auto Facts =
      std::make_unique<FunctionFacts>(F->getBody(), Ctx, Arrays.get(), Listing);
  Entry &E = Entries[F];
  E.Arrays = std::move(Arrays);
  E.Facts = std::move(Facts);
  E.Ranges = std::make_unique<RangeAnalysis>(Ctx, E.Facts.get(), this, F);
  return &E;
}

std::optional<Interval>
FunctionAnalyses::returnRange(const CallExpr *Call, const FunctionDecl *F,
                              llvm::ArrayRef<std::optional<Interval>> Args,
                              const Expr *&OverflowSite) {
  const FunctionDecl *Definition = nullptr;
  if (!F->hasBody(Definition) && ExternalReturns) {
    bool Overflows = false;
    std::optional<Interval> R = ExternalReturns(F, Args, Overflows);
    if (Overflows)
      OverflowSite = Call;
    return Overflows && !R ? Interval::ofType(F->getReturnType(), Ctx) : R;
  }
  return followHelper(
      F,
      [&](RangeAnalysis &Ranges, const FunctionDecl *Definition,
          const Expr *&Site) {
        return Ranges.returnRange(Definition, Args, Site);
      },
      OverflowSite);
}

std::optional<Interval>
FunctionAnalyses::returnPartRange(const CallExpr *Call, const FunctionDecl *F,
                                  unsigned Part,
                                  llvm::ArrayRef<std::optional<Interval>> Args,
                                  const Expr *&OverflowSite) {
  return followHelper(
      F,
      [&](RangeAnalysis &Ranges, const FunctionDecl *Definition,
          const Expr *&Site) {
        return Ranges.returnRange(Definition, Args, Site, Part);
      },
      OverflowSite);
}

std::optional<Interval>
FunctionAnalyses::outputRange(const CallExpr *Call, const FunctionDecl *F,
                              unsigned Index,
                              llvm::ArrayRef<std::optional<Interval>> Args,
                              const Expr *&OverflowSite) {
  const FunctionDecl *Definition = nullptr;
  if (!F->hasBody(Definition) && ExternalOutputs)
    return ExternalOutputs(F, Index, Args);
  return followHelper(
      F,
      [&](RangeAnalysis &Ranges, const FunctionDecl *Definition,
          const Expr *&Site) {
        return Ranges.outputRange(Definition, Index, Args, Site);
      },
      OverflowSite);
}

std::optional<Interval> FunctionAnalyses::followHelper(
    const FunctionDecl *F,
    llvm::function_ref<std::optional<Interval>(
        RangeAnalysis &, const FunctionDecl *, const Expr *&)>
        Judge,
    const Expr *&OverflowSite) {
  const FunctionDecl *Definition = nullptr;
  // Deeper chains of helpers are rare, and each level costs an evaluation
  // of the callee's returns at every call.
  constexpr unsigned MaxDepth = 2;
  if (!F->hasBody(Definition) || Definition->isDependentContext())
    return std::nullopt;
  // A recursive helper returns what it returns: nothing is learnt, and its
  // `2 * depth(k - 1)` would look like an overflow of an unknown value.
  if (llvm::is_contained(FollowedReturns, Definition)) {
    MetRecursion = true;
    return std::nullopt;
  }
  RangeAnalysis *Ranges = FollowedReturns.size() < MaxDepth
                              ? ranges(Definition)
                              : nullptr;
  if (!Ranges)
    return std::nullopt;
  FollowedReturns.push_back(Definition);
  const Expr *Site = nullptr;
  std::optional<Interval> R = Judge(*Ranges, Definition, Site);
  FollowedReturns.pop_back();
  if (MetRecursion) {
    MetRecursion = !FollowedReturns.empty();
    return std::nullopt;
  }
  // A site is kept even with the value unknown: an output updated through
  // its pointer still wraps there.
  if (Site)
    OverflowSite = Site;
  return R;
}

const FunctionFacts *FunctionAnalyses::facts(const FunctionDecl *F) {
  Entry *E = entry(F);
  return E ? E->Facts.get() : nullptr;
}

RangeAnalysis *FunctionAnalyses::ranges(const FunctionDecl *F) {
  Entry *E = entry(F);
  return E ? E->Ranges.get() : nullptr;
}

/// The calls of an MPI function, and of a function whose communicator
/// parameter the topology checks may follow back to its callers.
bool FunctionAnalyses::isWantedCallee(const FunctionDecl *Callee) {
  auto [It, Inserted] = WantedCallees.try_emplace(Callee, false);
  if (Inserted)
    It->second = !mpiName(Callee).empty() ||
                 (Callee->hasBody() && hasCommParameter(Callee)) ||
                 (ExtraCallees && ExtraCallees(Callee));
  return It->second;
}

const CallList &FunctionAnalyses::unitCalls() {
  if (!Calls)
    Calls = findCallSites(Declarations, [this](const FunctionDecl *Callee) {
      return isWantedCallee(Callee);
    });
  return *Calls;
}

void FunctionAnalyses::joinCallPass(CallAnalysis &Check) {
  assert(!CallPassDone && "a check joined after the call pass ran");
  CallPassChecks.push_back(&Check);
}

void FunctionAnalyses::finishCallPass(const UserCodeScope &Scope) {
  if (!CallPassChecks.empty())
    runCallPass(Scope);
}

void FunctionAnalyses::runCallPass(const UserCodeScope &Scope) {
  if (CallPassDone)
    return;
  CallPassDone = true;
  Declarations = Scope.declarations(Ctx);
  const LangOptions &Lang = Ctx.getLangOpts();
  if (Lang.CPlusPlus || Lang.ObjC) {
    analyzeCalls(unitCalls());
  } else {
    CallList Sites;
    for (Decl *D : Declarations) {
      listCalls(D, Sites);
      analyzeCalls(Sites);
      Sites.clear();
      // Its facts, built to list its calls, are not needed any more.
      if (const auto *F = dyn_cast<FunctionDecl>(D))
        Entries.erase(F);
    }
  }
  for (CallAnalysis *Check : CallPassChecks)
    Check->finishUnit();
}

/// Whether the call walk of \p F finds nothing outside its body: no
/// attribute, and no type in its signature that can hold an expression
/// (an array bound, typeof).
static bool hasPlainSignature(const FunctionDecl *F) {
  return !F->isImplicit() && !F->hasAttrs() &&
         isPlainWrittenType(F->getReturnType()) &&
         llvm::all_of(F->parameters(), [](const ParmVarDecl *P) {
           return !P->hasAttrs() && isPlainWrittenType(P->getOriginalType());
         });
}

void FunctionAnalyses::listCalls(Decl *D, CallList &Sites) {
  auto Wanted = [this](const FunctionDecl *Callee) {
    return isWantedCallee(Callee);
  };
  const auto *F = dyn_cast<FunctionDecl>(D);
  // Only a body that names MPI can call it (a macro that does is spelled
  // in its expansion): the others are not worth a facts walk.
  std::optional<StringRef> Text =
      F && F->doesThisDeclarationHaveABody()
          ? fileTextOf(F->getBody(), Ctx.getSourceManager())
          : std::nullopt;
  if (Text && Text->contains("MPI") && !Entries.count(F) &&
      hasPlainSignature(F)) {
    size_t Before = Sites.size();
    CallListing Listing{Sites, Wanted, F};
    entry(F, &Listing);
    if (Listing.Complete)
      return;
    Sites.resize(Before);
  }
  appendCallSites(D, Sites, Wanted);
}

void FunctionAnalyses::analyzeCalls(const CallList &Sites) {
  // Usually one function's calls, one after the other: then the last call
  // of each is the one before the next function's first.
  llvm::DenseMap<const FunctionDecl *, size_t> LastCallOf;
  llvm::DenseSet<const FunctionDecl *> Seen;
  bool Consecutive = true;
  for (size_t I = 0; I < Sites.size() && Consecutive; ++I)
    if (I == 0 || Sites[I].Caller != Sites[I - 1].Caller)
      Consecutive = Seen.insert(Sites[I].Caller).second;
  if (!Consecutive)
    for (size_t I = 0; I < Sites.size(); ++I)
      LastCallOf[Sites[I].Caller] = I;
  for (size_t I = 0; I < Sites.size(); ++I) {
    for (CallAnalysis *Check : CallPassChecks)
      Check->analyzeCall(Sites[I]);
    const FunctionDecl *Caller = Sites[I].Caller;
    bool Last = Consecutive ? I + 1 == Sites.size() ||
                                  Sites[I + 1].Caller != Caller
                            : LastCallOf[Caller] == I;
    if (!Last)
      continue;
    for (CallAnalysis *Check : CallPassChecks)
      Check->finishFunction(Caller);
    // Asked for again (another function's parameter follows its calls),
    // the analyses are built again, the same.
    Entries.erase(Caller);
  }
}

LocalKnowledge FunctionAnalyses::knowledge(const FunctionDecl *F) {
  Entry *E = entry(F);
  if (!E)
    return {};
  return {E->Facts.get(), E->Arrays.get(), E->Ranges.get()};
}

bool FunctionAnalyses::followsEveryCall(const FunctionDecl *F) const {
  return seesEveryCall(F) &&
         !(F->isExternallyVisible() && CalledElsewhere && CalledElsewhere(F));
}

bool FunctionAnalyses::forEveryCall(
    const FunctionDecl *F,
    llvm::function_ref<bool(const CallSite &, RangeAnalysis &)> Judge) {
  const auto *Sites = F && followsEveryCall(F) ? Uses.callsOf(F) : nullptr;
  return Sites && !Sites->empty() && forEachSite(F, *Sites, Judge);
}

bool FunctionAnalyses::forEachSite(
    const FunctionDecl *F, llvm::ArrayRef<CallSite> Sites,
    llvm::function_ref<bool(const CallSite &, RangeAnalysis &)> Judge) {
  // A function following its own parameters into itself learns nothing.
  if (!Following.insert(F).second)
    return false;
  bool All = llvm::all_of(Sites, [&](const CallSite &Site) {
    RangeAnalysis *Ranges = ranges(Site.Caller);
    return Ranges && Judge(Site, *Ranges);
  });
  Following.erase(F);
  return All;
}

std::optional<Interval>
FunctionAnalyses::joinArguments(const FunctionDecl *F,
                                llvm::ArrayRef<CallSite> Sites,
                                unsigned Index) {
  std::optional<Interval> Range;
  bool Known = forEachSite(F, Sites, [&](const CallSite &Site, RangeAnalysis &) {
    std::optional<Interval> R = siteArgument(Site, Index);
    if (R)
      Range = Range ? Range->join(*R) : *R;
    return R.has_value();
  });
  return Known ? Range : std::nullopt;
}

bool FunctionAnalyses::argumentsPredefined(const ParmVarDecl *P) {
  const auto *F = dyn_cast<FunctionDecl>(P->getDeclContext());
  unsigned Index = P->getFunctionScopeIndex();
  return F && forEveryCall(F, [&](const CallSite &Site, RangeAnalysis &) {
           return Index < Site.Call->getNumArgs() &&
                  isPredefinedHandle(Site.Call->getArg(Index), Ctx);
         });
}

std::optional<Interval>
FunctionAnalyses::argumentRange(const ParmVarDecl *P) {
  const auto *F = dyn_cast<FunctionDecl>(P->getDeclContext());
  if (!F)
    return std::nullopt;
  if (!followsEveryCall(F))
    return programArgumentRange(P);
  const auto *Sites = Uses.callsOf(F);
  return Sites && !Sites->empty()
             ? joinArguments(F, *Sites, P->getFunctionScopeIndex())
             : std::nullopt;
}

const CallExpr *
FunctionAnalyses::widestCallOf(const ParmVarDecl *P, const FunctionDecl *&Caller,
                               std::optional<Interval> &Passed) {
  const auto *F = dyn_cast<FunctionDecl>(P->getDeclContext());
  const auto *Sites = F && followsEveryCall(F) ? Uses.callsOf(F) : nullptr;
  const CallSite *Widest = nullptr;
  for (const CallSite &Site : Sites ? *Sites : llvm::ArrayRef<CallSite>()) {
    std::optional<Interval> R = siteArgument(Site, P->getFunctionScopeIndex());
    if (Widest && R && (!Passed || R->Hi <= Passed->Hi))
      continue;
    Widest = &Site;
    Passed = R;
    if (!R)
      break;
  }
  if (!Widest)
    return nullptr;
  Caller = Widest->Caller;
  return Widest->Call;
}

std::optional<Interval>
FunctionAnalyses::programArgumentRange(const ParmVarDecl *P) {
  // A parameter of a function other units can call is an input of the
  // model, unless the program's records show every call: then it holds
  // what they pass (calls here judged here, with what this phase knows).
  const auto *F = cast<FunctionDecl>(P->getDeclContext());
  // With CallersInDatabase off, no answer depends on the records: nothing
  // is asked.
  if (!ProgramArguments || !recordsCallsOf(F, Ctx) ||
      !hasRecordedArguments(P, Ctx))
    return std::nullopt;
  const auto *Local = Uses.directCallsOf(F);
  if (!Local)
    return std::nullopt;
  AskedProgramArguments.insert(F->getCanonicalDecl());
  unsigned Index = P->getFunctionScopeIndex();
  std::optional<ProgramArgument> Remote =
      ProgramArguments ? ProgramArguments(F, Index) : std::nullopt;
  if (!Remote)
    return std::nullopt;
  if (Remote->Calls)
    RemoteArguments[P] = *Remote;
  if (Remote->Calls && !Remote->Range)
    return std::nullopt;
  if (Local->empty())
    return Remote->Range;
  std::optional<Interval> Here = joinArguments(F, *Local, Index);
  if (!Here)
    return std::nullopt;
  return Remote->Range ? Remote->Range->join(*Here) : Here;
}

bool FunctionAnalyses::hasRecordedArguments(const ParmVarDecl *P,
                                            const ASTContext &Ctx) {
  std::optional<unsigned> Width = integerWidth(P->getType(), Ctx);
  return Width && *Width <= 64;
}

bool FunctionAnalyses::recordsCallsOf(const FunctionDecl *F,
                                      const ASTContext &Ctx) {
  return F->isExternallyVisible() && !F->isMain() && !isa<CXXMethodDecl>(F) &&
         F->getTemplatedKind() == FunctionDecl::TK_NonTemplate &&
         llvm::any_of(F->parameters(), [&](const ParmVarDecl *P) {
           return hasRecordedArguments(P, Ctx);
         });
}

bool FunctionAnalyses::recordsStoresOf(const FieldDecl *Field,
                                       const ASTContext &Ctx) {
  std::optional<unsigned> Width = integerWidth(Field->getType(), Ctx);
  const RecordDecl *Record = Field->getParent();
  // A structure with no name of its own is keyed by where it is defined
  // (`typedef struct {...} *UserData;`); one that stands alone in a
  // declaration has no key that sets it apart from another.
  bool Keyed = !Record->getName().empty() ||
               Record->getTypedefNameForAnonDecl() ||
               (Record->isEmbeddedInDeclarator() && !Record->isFreeStanding());
  if (!Width || *Width > 64 || !Keyed ||
      Field->isBitField() || Record->isUnion() || Record->isLambda())
    return false;
  // A template's members are one per instantiation; a library's are
  // written by code the database does not hold.
  for (const DeclContext *DC = Record; DC; DC = DC->getParent())
    if (DC->isDependentContext() || isa<ClassTemplateSpecializationDecl>(DC))
      return false;
  return !isLibraryCode(Ctx.getSourceManager(), Record->getLocation());
}

const MemberWrites &FunctionAnalyses::memberWrites() {
  if (!Writes)
    Writes = std::make_unique<MemberWrites>(Ctx, Declarations);
  return *Writes;
}

std::optional<Interval> FunctionAnalyses::memberRange(const FieldDecl *Field) {
  if (!ProgramMembers)
    return std::nullopt;
  Field = Field->getCanonicalDecl();
  auto [It, New] = MemberRanges.try_emplace(Field);
  if (!New || !recordsStoresOf(Field, Ctx))
    return It->second;
  AskedProgramMembers.insert(Field);
  // A member no unit writes holds what its allocation left: not judged.
  std::optional<ProgramArgument> Held = ProgramMembers(Field);
  if (Held && Held->Calls) {
    RemoteMembers[Field] = *Held;
    It->second = Held->Range;
  }
  return It->second;
}

/// \p E's value when it is an integer constant expression.
static std::optional<Interval> constantValue(const Expr *E,
                                             const ASTContext &Ctx) {
  Expr::EvalResult Constant;
  if (E->isValueDependent() || !E->EvaluateAsInt(Constant, Ctx) ||
      Constant.Val.getInt().getActiveBits() >= 64)
    return std::nullopt;
  const llvm::APSInt &V = Constant.Val.getInt();
  return Interval::exact(V.isSigned() ? WideInt(V.getExtValue())
                                      : WideInt(V.getZExtValue()));
}

std::optional<Interval> FunctionAnalyses::globalRange(const VarDecl *V) {
  V = V->getCanonicalDecl();
  if (auto Known = GlobalRanges.find(V); Known != GlobalRanges.end())
    return Known->second;
  std::optional<llvm::ArrayRef<PlainStore>> Stores = Uses.globalStores(V);
  if (!Stores)
    return std::nullopt;
  std::optional<Interval> Type = Interval::ofType(V->getType(), Ctx);
  if (!Type)
    return std::nullopt;
  GlobalRanges[V] = std::nullopt;
  // Before any store it holds its initializer, or the zero of static
  // storage.
  const VarDecl *Definition = nullptr;
  const Expr *Init = V->getAnyInitializer(Definition);
  std::optional<Interval> Held =
      Init ? constantValue(Init, Ctx) : Interval::exact(0);
  for (const PlainStore &Store : *Stores) {
    if (!Held)
      break;
    RangeAnalysis *Ranges = ranges(Store.Function);
    std::optional<Interval> Stored =
        Ranges ? Ranges->storedRange(Store.Assign->getRHS(), Store.Assign,
                                     judgesCallersFlow())
               : std::nullopt;
    // A value that does not fit is truncated: the type's range, unjudged.
    Held = Stored && Stored->within(*Type)
               ? std::optional<Interval>(Held->join(*Stored))
               : std::nullopt;
  }
  for (const ModelStore &Store : Uses.modelStoresInto(V)) {
    if (!Held)
      break;
    RangeAnalysis *Ranges = ranges(Store.Function);
    std::optional<Interval> Stored =
        Ranges ? Ranges->outputRange(Store.Call, *Store.Model) : std::nullopt;
    Held = Stored && Stored->within(*Type)
               ? std::optional<Interval>(Held->join(*Stored))
               : std::nullopt;
  }
  GlobalRanges[V] = Held;
  return Held;
}

bool FunctionAnalyses::neverCalledInProgram(const FunctionDecl *F) {
  if (!F || !ProgramArguments || !recordsCallsOf(F, Ctx))
    return false;
  auto [It, New] = NeverCalled.try_emplace(F->getCanonicalDecl(), false);
  if (!New)
    return It->second;
  const auto *Local = Uses.directCallsOf(F);
  if (!Local || !Local->empty())
    return false;
  // Any recorded parameter's entries say whether some unit calls it.
  const auto *P = llvm::find_if(F->parameters(), [&](const ParmVarDecl *P) {
    return hasRecordedArguments(P, Ctx);
  });
  AskedProgramArguments.insert(F->getCanonicalDecl());
  std::optional<ProgramArgument> Remote =
      ProgramArguments(F, (*P)->getFunctionScopeIndex());
  It->second = Remote && Remote->Calls == 0;
  return It->second;
}

std::optional<Interval> FunctionAnalyses::siteArgument(const CallSite &Site,
                                                      unsigned Index) {
  if (!Site.Caller || Index >= Site.Call->getNumArgs())
    return std::nullopt;
  // Most arguments are constants: no need to analyse the caller for them.
  const Expr *Arg = Site.Call->getArg(Index);
  if (std::optional<Interval> Constant = constantValue(Arg, Ctx))
    return Constant;
  RangeAnalysis *Ranges = ranges(Site.Caller);
  if (!Ranges)
    return std::nullopt;
  Constraints C = Ranges->constraintsAt(Site.Call);
  std::optional<RangeAnalysis::Result> R =
      judgesCallersFlow() ? Ranges->evaluateAt(Arg, Site.Call, C)
                          : Ranges->evaluate(Arg, C);
  return R ? std::optional<Interval>(R->Range) : std::nullopt;
}

bool FunctionAnalyses::judgesCallersFlow() const {
  // Solving a caller's control flow judges every call it makes, and would
  // meet the helper being followed, or the function whose arguments are
  // being joined, again: what it cached then would be less than it knows.
  return FollowedReturns.empty() && Following.size() <= 1;
}

std::optional<Interval>
FunctionAnalyses::statusParameterCount(const ParmVarDecl *P,
                                       const llvm::FoldingSetNodeID &TypeId) {
  unsigned Index = P->getFunctionScopeIndex();
  std::optional<Interval> Count;
  bool Known = forEveryCall(
      dyn_cast<FunctionDecl>(P->getDeclContext()),
      [&](const CallSite &Site, RangeAnalysis &Ranges) {
        if (Index >= Site.Call->getNumArgs())
          return false;
        std::optional<Interval> C = Ranges.statusArgumentCount(
            Site.Call->getArg(Index), TypeId, Site.Call);
        if (C)
          Count = Count ? Count->join(*C) : *C;
        return C.has_value();
      });
  return Known ? Count : std::nullopt;
}

bool FunctionAnalyses::argumentsIndexBelow(const ParmVarDecl *Index,
                                           const ParmVarDecl *Bound) {
  if (Index->getDeclContext() != Bound->getDeclContext())
    return false;
  unsigned I = Index->getFunctionScopeIndex();
  unsigned B = Bound->getFunctionScopeIndex();
  return forEveryCall(
      dyn_cast<FunctionDecl>(Index->getDeclContext()),
      [&](const CallSite &Site, RangeAnalysis &Ranges) {
        if (I >= Site.Call->getNumArgs() || B >= Site.Call->getNumArgs())
          return false;
        const VarDecl *A = referencedVariable(Site.Call->getArg(I));
        const VarDecl *N = referencedVariable(Site.Call->getArg(B));
        return A && N && Ranges.isIndexBelow(A, N, Site.Call);
      });
}

std::optional<WideInt> FunctionAnalyses::probedMessageBytes() {
  if (!Model.WholeProgram || Model.StrictTypes || JudgingSends)
    return std::nullopt;
  AskedProgramSends = true;
  if (!ProbedBytes)
    ProbedBytes = largestProgramSend();
  return *ProbedBytes;
}

/// What \p JudgeBody says of \p F's body when it is here, else what
/// \p External (another unit's summary) says; cached in \p Known, and
/// false while F is being judged, which cuts recursion.
static bool judgedOnce(
    llvm::DenseMap<const FunctionDecl *, bool> &Known, const FunctionDecl *F,
    llvm::function_ref<bool(const FunctionDecl *Def)> JudgeBody,
    const std::function<bool(const FunctionDecl *)> &External) {
  F = F->getCanonicalDecl();
  auto [It, New] = Known.try_emplace(F, false);
  if (!New)
    return It->second;
  bool Result;
  if (const FunctionDecl *Def = F->getDefinition(); Def && Def->hasBody())
    Result = JudgeBody(Def);
  else
    Result = External && External(F);
  Known[F] = Result;
  return Result;
}

bool FunctionAnalyses::neverReturns(const FunctionDecl *F) {
  return judgedOnce(
      NeverReturning, F,
      [this](const FunctionDecl *Def) {
        return bodyNeverReturns(
            Def, [this](const CallExpr *Call) { return callEndsRun(Call); });
      },
      ExternalNeverReturns);
}

bool FunctionAnalyses::onlyReads(const FunctionDecl *F) {
  return judgedOnce(
      OnlyReading, F,
      [this](const FunctionDecl *Def) {
        return bodyOnlyReads(Def, [this](const FunctionDecl *Callee) {
          return onlyReads(Callee);
        });
      },
      ExternalOnlyReads);
}

/// What \p Ask, the analysis of F's body, says of \p F when its body is
/// here, else what \p External (another unit's summary) says; cached in
/// \p Known, and none while F is being judged (it may ask of itself).
template <typename T>
std::optional<T> FunctionAnalyses::answerFor(
    llvm::DenseMap<const FunctionDecl *, std::optional<T>> &Known,
    const FunctionDecl *F, std::optional<T> (RangeAnalysis::*Ask)(),
    const std::function<std::optional<T>(const FunctionDecl *)> &External) {
  F = F->getCanonicalDecl();
  if (auto It = Known.find(F); It != Known.end())
    return It->second;
  Known[F] = std::nullopt;
  std::optional<T> Result;
  if (const FunctionDecl *Def = F->getDefinition(); Def && Def->hasBody()) {
    if (RangeAnalysis *R = ranges(Def))
      Result = (R->*Ask)();
  } else if (External) {
    Result = External(F);
  }
  Known[F] = Result;
  return Result;
}

std::optional<unsigned>
FunctionAnalyses::predefinedTypeTest(const FunctionDecl *F) {
  return answerFor(PredefinedTests, F, &RangeAnalysis::returnsPredefinedTest,
                   ExternalPredefinedTests);
}

std::optional<Interval>
FunctionAnalyses::returnedSize(const FunctionDecl *F) {
  return answerFor(ReturnedSizes, F, &RangeAnalysis::returnedVectorSize,
                   ExternalReturnedSizes);
}

std::optional<FunctionAnalyses::ParameterSum>
FunctionAnalyses::summedParameter(const FunctionDecl *F, unsigned Index) {
  auto Key = std::make_pair(F->getCanonicalDecl(), Index);
  if (auto It = SummedParameters.find(Key); It != SummedParameters.end())
    return It->second;
  SummedParameters[Key] = std::nullopt;
  std::optional<ParameterSum> Result;
  const FunctionDecl *Def = F->getDefinition();
  const FunctionFacts *Facts =
      Def && Def->hasBody() && Index < Def->getNumParams() ? facts(Def)
                                                           : nullptr;
  if (Facts) {
    const ParmVarDecl *P = Def->getParamDecl(Index);
    for (const FunctionFacts::Write &W : Facts->elementWritesOf(P))
      if (storesRunningSum(W, P, *Facts)) {
        Result = ParameterSum{W.Site, {}};
        break;
      }
    llvm::SmallVector<std::pair<const CallExpr *, unsigned>, 2> Calls;
    if (!Result)
      callsTakingArray(P, *Facts, Calls);
    for (const auto &[Call, Arg] : Calls)
      if ((Result = summedParameter(Call->getDirectCallee(), Arg)))
        break;
  } else if (!(Def && Def->hasBody()) && ExternalSummedArrays) {
    if (std::optional<SourcePoint> At = ExternalSummedArrays(F, Index))
      Result = ParameterSum{nullptr, *At};
  }
  SummedParameters[Key] = Result;
  return Result;
}

std::optional<WideInt>
FunctionAnalyses::externalSendBytes(const FunctionDecl *F) {
  if (F->getIdentifier())
    if (std::optional<WideInt> Bytes = Model.externalSendBytes(F->getName()))
      return Bytes;
  return ExternalSends ? ExternalSends(F) : std::nullopt;
}

std::optional<WideInt> FunctionAnalyses::judgeSends(const ProgramSends &Found) {
  // Judged with analyses of their own, kept apart: what they cache while
  // probes are unknown (a status, a flow fact) must not reach the others,
  // or a later question would get the unknown.
  std::swap(Entries, JudgeEntries);
  JudgingSends = true;
  std::optional<WideInt> Most = Found.ExternalBytes;
  for (const SendSite &Site : Found.Sites) {
    auto [It, New] = SentBytes.try_emplace(Site.Call);
    if (New) {
      RangeAnalysis *Ranges = ranges(Site.Caller);
      It->second = Ranges ? Ranges->sentBytes(Site.Call, Site.Row->Count,
                                              Site.Row->Type)
                          : std::nullopt;
    }
    if (!It->second) {
      Most.reset();
      break;
    }
    Most = std::max(*Most, *It->second);
  }
  JudgingSends = false;
  std::swap(Entries, JudgeEntries);
  return Most;
}

std::optional<WideInt> FunctionAnalyses::largestProgramSend() {
  if (!Sends)
    Sends = std::make_unique<SendGraph>(Ctx);
  std::optional<ProgramSends> Found = Sends->program(
      [this](const FunctionDecl *F) { return externalSendBytes(F); });
  return Found ? judgeSends(*Found) : std::nullopt;
}

std::optional<WideInt> FunctionAnalyses::functionSends(
    const FunctionDecl *F,
    llvm::function_ref<bool(const FunctionDecl *)> Other) {
  if (!Model.WholeProgram || Model.StrictTypes)
    return std::nullopt;
  if (!Sends)
    Sends = std::make_unique<SendGraph>(Ctx);
  std::optional<ProgramSends> Found =
      Sends->function(F, [&](const FunctionDecl *G) -> std::optional<WideInt> {
        if (G->getIdentifier())
          if (std::optional<WideInt> Bytes = Model.externalSendBytes(G->getName()))
            return Bytes;
        return Other(G) ? std::optional<WideInt>(0) : std::nullopt;
      });
  return Found ? judgeSends(*Found) : std::nullopt;
}

} // namespace mpix
