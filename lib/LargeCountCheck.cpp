//===-- LargeCountCheck.cpp - mpix-large-count ----------------------------===//

#include "LargeCountCheck.h"
#include "utils/ConstantArrays.h"
#include "utils/TypeMigration.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include <cstring>

using namespace clang;
using namespace clang::ast_matchers;

namespace mpix {
namespace {

std::string textOf(const Expr *E, const ASTContext &Ctx);

/// How the diagnostic names a parameter: "count", "block length", ...
std::string nounFor(const ParamInfo &P) {
  StringRef N = P.Name;
  if (N == "disp_unit")
    return "displacement unit";
  if (N.contains("disp"))
    return "displacement";
  if (N.contains("offset"))
    return "offset";
  if (N.contains("stride"))
    return "stride";
  if (N.contains("blocklength"))
    return "block length";
  if (N.contains("size"))
    return "size";
  if (N == "extent")
    return "extent";
  if (N == "lb")
    return "lower bound";
  if (N.contains("start"))
    return "start";
  return "count";
}

/// Whether \p Inner is spelled inside \p Outer.
bool isWithin(const Stmt *Inner, const Stmt *Outer, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.isPointWithin(SM.getExpansionLoc(Inner->getBeginLoc()),
                          SM.getExpansionLoc(Outer->getBeginLoc()),
                          SM.getExpansionLoc(Outer->getEndLoc()));
}

/// Whether \p E is written in the body of \p F.
bool isWithinBody(const Expr *E, const FunctionDecl *F) {
  const Stmt *Body = F ? F->getBody() : nullptr;
  return Body && isWithin(E, Body, F->getASTContext());
}

/// The top-level function whose body holds \p E, if there is one. Asked
/// only for a fix that is blocked, so a scan of the unit is cheap enough.
const FunctionDecl *enclosingFunctionOf(const Expr *E, ASTContext &Ctx) {
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      if (isWithinBody(E, F))
        return F;
  return nullptr;
}

/// Strides, displacements, bounds and offsets are legitimately negative (or
/// not ours to judge); so are array elements past the count MPI reads.
bool mayBeNegative(const ParamInfo &P) {
  StringRef N = P.Name;
  return P.Kind != ParamKind::Count || N.contains("stride") ||
         N.contains("disp") || N == "lb";
}

/// Whether \p E is spelled \p Constant, a macro in every MPI library. Most
/// arguments are not macros, or start with another name (MPI_INT), which is
/// quick to see and saves getting their text.
bool isSpelled(const Expr *E, StringRef Constant, const ASTContext &Ctx) {
  SourceLocation Begin = E->getBeginLoc();
  if (!Begin.isMacroID())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  bool Invalid = false;
  const char *Start = SM.getCharacterData(SM.getExpansionLoc(Begin), &Invalid);
  // The buffer ends in a NUL, so strncmp stops in time.
  return !Invalid &&
         std::strncmp(Start, Constant.data(), Constant.size()) == 0 &&
         textOf(E, Ctx) == Constant;
}

/// Whether MPI ignores this count: the send side of an MPI_IN_PLACE
/// collective, or a count described by MPI_DATATYPE_NULL.
bool isIgnoredCount(const CallExpr *Call, const FunctionInfo &F,
                    unsigned Index, const ASTContext &Ctx) {
  std::optional<unsigned> Type = F.datatypeFor(Index);
  if (Type && isSpelled(Call->getArg(*Type), "MPI_DATATYPE_NULL", Ctx))
    return true;
  for (unsigned I = Index; I-- > 0;) {
    ParamRole Role = F.Params[I].Role;
    if (Role == ParamRole::BUF || Role == ParamRole::CBUF)
      return isSpelled(Call->getArg(I), "MPI_IN_PLACE", Ctx);
  }
  return false;
}

StringRef consequenceFor(const FunctionInfo &F) {
  switch (F.Fam) {
  case Family::DATATYPE:
  case Family::PACK: // MPI_Pack and co. count elements of a datatype too.
    return "datatypes over 2^31-1 elements are truncated";
  case Family::QUERY:
  case Family::MISC:
    return "values over 2^31-1 are truncated";
  default:
    return "messages over 2^31-1 elements are truncated";
  }
}

/// What truncating the value of \p P means: a count's message, a
/// displacement unit's or a window size's value.
StringRef consequenceFor(const FunctionInfo &F, const ParamInfo &P) {
  if (nounFor(P) == "count" || F.Fam == Family::DATATYPE ||
      F.Fam == Family::PACK)
    return consequenceFor(F);
  return "values over 2^31-1 are truncated";
}

/// \p Text on one line: an expression split over lines (`n *\n    m`) is
/// quoted in a message as `n * m`.
std::string joinedLines(StringRef Text) {
  std::string Joined;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] != '\n' && Text[I] != '\r') {
      Joined += Text[I];
      continue;
    }
    while (!Joined.empty() && isspace(static_cast<unsigned char>(Joined.back())))
      Joined.pop_back();
    while (I + 1 < Text.size() && isspace(static_cast<unsigned char>(Text[I + 1])))
      ++I;
    Joined += ' ';
  }
  return Joined;
}

/// \p E as written in the file, or empty (a macro body).
StringRef sourceTextOf(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM,
      Ctx.getLangOpts());
  return Lexer::getSourceText(Range, SM, Ctx.getLangOpts());
}

/// \p E for a message: as written, on one line, or as clang prints it.
std::string textOf(const Expr *E, const ASTContext &Ctx) {
  StringRef Text = sourceTextOf(E, Ctx);
  if (!Text.empty())
    return joinedLines(Text);
  std::string Printed;
  llvm::raw_string_ostream OS(Printed);
  E->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
  return OS.str();
}

std::string typeName(QualType T, const ASTContext &Ctx) {
  // A container's member typedef says nothing of the width: "computed in
  // 'value_type'" is std::vector<int>'s int, 'size_type' its size_t.
  while (const auto *Typedef = T->getAs<TypedefType>()) {
    if (!isa<RecordDecl>(Typedef->getDecl()->getDeclContext()))
      break;
    T = Typedef->desugar();
  }
  return T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
}

bool isIntegralConversion(const CastExpr *Cast) {
  switch (Cast->getCastKind()) {
  case CK_IntegralCast:
  case CK_NoOp:
  case CK_LValueToRValue:
    return true;
  default:
    return false;
  }
}

/// Whether \p E mentions no variable and calls nothing: a constant spelled
/// with literals, enumerators and sizeof.
bool isLiteralArithmetic(const Stmt *S) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return isa<EnumConstantDecl>(DRE->getDecl());
  if (isa<CallExpr>(S))
    return false;
  if (isa<UnaryExprOrTypeTraitExpr>(S))
    return true;
  return llvm::all_of(S->children(), [](const Stmt *Child) {
    return !Child || isLiteralArithmetic(Child);
  });
}

/// The mathematical value of literal arithmetic, evaluated without wrapping.
std::optional<WideInt> exactValue(const Expr *E, ASTContext &Ctx) {
  E = E->IgnoreParenCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    std::optional<WideInt> L = exactValue(B->getLHS(), Ctx);
    std::optional<WideInt> R = exactValue(B->getRHS(), Ctx);
    if (!L || !R)
      return std::nullopt;
    switch (B->getOpcode()) {
    case BO_Mul: return *L * *R;
    case BO_Add: return *L + *R;
    case BO_Sub: return *L - *R;
    case BO_Shl: return *R >= 0 && *R < 64 ? std::optional<WideInt>(*L << int(*R)) : std::nullopt;
    case BO_Div: return *R != 0 ? std::optional<WideInt>(*L / *R) : std::nullopt;
    default: return std::nullopt;
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_Minus)
      if (std::optional<WideInt> V = exactValue(U->getSubExpr(), Ctx))
        return -*V;
  Expr::EvalResult Value;
  if (!E->isValueDependent() && E->EvaluateAsInt(Value, Ctx))
    return WideInt(Value.Val.getInt().getSExtValue());
  return std::nullopt;
}

/// Records, per file, where `#include <mpi.h>` ends and whether <mpix.h>
/// is included already, for the mpix target's include insertion.
class IncludeRecorder : public PPCallbacks {
public:
  IncludeRecorder(const SourceManager &SM,
                  llvm::DenseMap<FileID, SourceLocation> &MPIIncludes,
                  llvm::DenseMap<FileID, llvm::SmallVector<SourceLocation, 4>>
                      &IncludeEnds,
                  llvm::DenseSet<FileID> &HasMPIX)
      : SM(SM), MPIIncludes(MPIIncludes), IncludeEnds(IncludeEnds),
        HasMPIX(HasMPIX) {}

  void InclusionDirective(SourceLocation HashLoc, const Token &,
                          StringRef FileName, bool, CharSourceRange Range,
                          OptionalFileEntryRef Included, StringRef, StringRef,
                          const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    FileID File = SM.getFileID(HashLoc);
    if (FileName == "mpi.h" && !MPIIncludes.count(File) &&
        !isMPIsOwnHeader(File, Included))
      MPIIncludes[File] = Range.getEnd();
    else if (FileName == "mpix.h")
      HasMPIX.insert(File);
    IncludeEnds[File].push_back(Range.getEnd());
  }

private:
  /// A header of the MPI installation that includes mpi.h (MPICH's mpio.h):
  /// it sits in mpi.h's directory. mpicc passes that directory with -I, so
  /// it is no system header.
  bool isMPIsOwnHeader(FileID File, OptionalFileEntryRef Included) const {
    OptionalFileEntryRef Including = SM.getFileEntryRefForID(File);
    return Included && Including &&
           &Included->getDir().getDirEntry() ==
               &Including->getDir().getDirEntry();
  }

  const SourceManager &SM;
  llvm::DenseMap<FileID, SourceLocation> &MPIIncludes;
  llvm::DenseMap<FileID, llvm::SmallVector<SourceLocation, 4>> &IncludeEnds;
  llvm::DenseSet<FileID> &HasMPIX;
};

} // namespace

LargeCountCheck::LargeCountCheck(StringRef Name,
                                 tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), Scope(*Context),
      WarnOnAllSizeQueries(Options.get("WarnOnAllSizeQueries", false)),
      Target(Options.get("Target", "auto")), Delivery(*Context) {
  if (Target != "auto" && Target != "mpi4" && Target != "mpix") {
    configurationDiag("invalid value '%0' for mpix-large-count.Target; "
                      "expected 'auto', 'mpi4' or 'mpix'")
        << Target;
    Target = "auto";
  }
  Model.StrictTypes = Options.get("StrictTypes", false);
  int64_t MaxProcesses = Options.get("MaxProcesses", int64_t(1) << 24);
  if (MaxProcesses < 1 || MaxProcesses > 2147483647) {
    configurationDiag("invalid value '%0' for mpix-large-count.MaxProcesses; "
                      "expected 1 to 2147483647")
        << std::to_string(MaxProcesses);
    MaxProcesses = int64_t(1) << 24;
  }
  Model.MaxProcesses = MaxProcesses;
  int64_t MaxStringLength = Options.get("MaxStringLength", int64_t(1) << 30);
  if (MaxStringLength < 0 || MaxStringLength > (int64_t(1) << 62)) {
    configurationDiag("invalid value '%0' for mpix-large-count.MaxStringLength; "
                      "expected 0 to 4611686018427387904")
        << std::to_string(MaxStringLength);
    MaxStringLength = int64_t(1) << 30;
  }
  Model.MaxStringLength = MaxStringLength;
  Model.WholeProgram = Options.get("WholeProgram", true);
  CallersInDatabase = Options.get("CallersInDatabase", true);
  MembersInDatabase = Options.get("MembersInDatabase", true);
  ExternalSends = Options.get("ExternalSends", "").str();
  parseExternalSends();
  Ranges = Options.get("Ranges", "").str();
  std::vector<std::string> Unread;
  Model.Declared = DeclaredRanges::parse(Ranges, Unread);
  for (const std::string &Entry : Unread)
    configurationDiag("invalid entry '%0' in mpix-large-count.Ranges; expected "
                      "'name:hi', 'Record.field:lo..hi' or 'function():hi'")
        << Entry;
  SummariesPath = Options.get("Summaries", "").str();
}

/// ExternalSends: `name:bytes` entries separated by ';', a name ending in
/// '*' standing for every name it begins.
void LargeCountCheck::parseExternalSends() {
  llvm::SmallVector<StringRef, 4> Entries;
  StringRef(ExternalSends).split(Entries, ';', -1, /*KeepEmpty=*/false);
  for (StringRef Entry : Entries) {
    auto [Name, Bytes] = Entry.trim().split(':');
    unsigned long long N = 0;
    if (Name.trim().empty() || Bytes.trim().getAsInteger(10, N)) {
      configurationDiag("invalid entry '%0' in mpix-large-count.ExternalSends; "
                        "expected 'name:bytes'")
          << Entry;
      continue;
    }
    Model.ExternalSends.push_back({Name.trim().str(), WideInt(N)});
  }
}

void LargeCountCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "WarnOnAllSizeQueries", WarnOnAllSizeQueries);
  Options.store(Opts, "Target", Target);
  Options.store(Opts, "StrictTypes", Model.StrictTypes);
  Options.store(Opts, "MaxProcesses", int64_t(Model.MaxProcesses));
  Options.store(Opts, "MaxStringLength", int64_t(Model.MaxStringLength));
  Options.store(Opts, "WholeProgram", Model.WholeProgram);
  Options.store(Opts, "CallersInDatabase", CallersInDatabase);
  Options.store(Opts, "MembersInDatabase", MembersInDatabase);
  Options.store(Opts, "ExternalSends", ExternalSends);
  Options.store(Opts, "Ranges", Ranges);
  Options.store(Opts, "Summaries", SummariesPath);
}

void LargeCountCheck::registerMatchers(MatchFinder *Finder) {
  Scope.registerMatcher(Finder, this);
}

void LargeCountCheck::registerPPCallbacks(const SourceManager &SM,
                                          Preprocessor *PP, Preprocessor *) {
  PP->addPPCallbacks(
      std::make_unique<IncludeRecorder>(SM, MPIIncludes, IncludeEnds,
                                        HasMPIXInclude));
  PP->addPPCallbacks(Conditionals.recorder(*PP));
  PP->addPPCallbacks(Arguments.recorder(*PP));
}

void LargeCountCheck::onEndOfTranslationUnit() {
  if (Analyses)
    Analyses->finishCallPass(Scope);
  if (Params) {
    writeSummary();
    // A worker of the driver's first phase reads the summaries it is
    // refreshing: their staleness is expected there.
    if (processSummaryPaths().Write.empty())
      for (const auto &[Unit, Changed] : Params->takeNewStaleUnits())
      llvm::errs() << "mpix-tidy: note: the summary of '" << Unit
                   << "' is ignored: '" << Changed
                   << "' changed since it was summarised (run mpix-tidy -p "
                      "<build> -j N to refresh it)\n";
  }
  Params.reset();
  States.clear();
  ClassicCallees.clear();
  LargeCallees.clear();
  DeclaredFunctions.clear();
  DeclaredIn = nullptr;
  NoFunction = FunctionState();
  FileScopeRanges.reset();
  Analyses.reset();
  MPIIncludes.clear();
  IncludeEnds.clear();
  HasMPIXInclude.clear();
  Conditionals.clear();
  Arguments.clear();
  MPIConditions.reset();
  MPIAlways = false;
  Delivery.reset();
  MemberVerdicts.clear();
  SharedSizes.clear();
}

LargeCountCheck::FunctionState &
LargeCountCheck::stateFor(const FunctionDecl *F, ASTContext &Ctx) {
  if (!F || !F->getBody()) {
    if (!FileScopeRanges)
      FileScopeRanges = std::make_unique<RangeAnalysis>(Ctx, nullptr);
    NoFunction.Ranges = FileScopeRanges.get();
    return NoFunction;
  }
  FunctionState &FS = States[F];
  if (!FS.Facts) {
    FS.Facts = Analyses->facts(F);
    FS.Ranges = Analyses->ranges(F);
  }
  return FS;
}

void LargeCountCheck::check(const MatchFinder::MatchResult &Result) {
  if (!Scope.consume(Result))
    return;
  Context = Result.Context;
  Analyses = FunctionAnalyses::of(*Context);
  Analyses->setRunModel(Model);
  if (!Params) {
    StringRef Read =
        SummariesPath.empty() ? processSummaryPaths().Read : SummariesPath;
    Params = std::make_unique<CountParameters>(
        *Context, Read.empty() ? nullptr : &loadedSummaries(Read),
        [this](const ParmVarDecl *P, const CallExpr *FirstUse,
               const CountParameters::Forwards &Passed, FixPlan &Plan) {
          planParameterFix(P, FirstUse, Passed, Plan);
        },
        [this](const FunctionDecl *F, FixPlan &Plan) { planReturnFix(F, Plan); });
    Analyses->setExternalReturns(
        [this](const FunctionDecl *F, llvm::ArrayRef<std::optional<Interval>> Args,
               bool &Overflows) {
          return Params->externalReturn(F, Args, Overflows);
        });
    Analyses->setExternalOutputs(
        [this](const FunctionDecl *F, unsigned Index,
               llvm::ArrayRef<std::optional<Interval>> Args) {
          return Params->externalOutput(F, Index, Args);
        });
    // A probe of a whole program whose main calls functions of other units
    // is bounded by their summarised sends.
    Analyses->setExternalSends([this](const FunctionDecl *F) {
      return Params ? Params->externalSends(F) : std::nullopt;
    });
    // An error handler of another file that ends in MPI_Abort bounds what
    // the checks before it test.
    Analyses->setExternalNeverReturns([this](const FunctionDecl *F) {
      return Params && Params->externalNeverReturns(F);
    });
    // A getter of another file, tested and then called again with the same
    // arguments, returns what was tested.
    Analyses->setExternalOnlyReads([this](const FunctionDecl *F) {
      return Params && Params->externalOnlyReads(F);
    });
    // A helper of another file that fills the array it is handed with a
    // running sum.
    Analyses->setExternalSummedArrays(
        [this](const FunctionDecl *F,
               unsigned Index) -> std::optional<SourcePoint> {
          const SummedArray *A =
              Params ? Params->externalSummedArray(F, Index) : nullptr;
          return A ? std::optional(A->At) : std::nullopt;
        });
    // A helper of another file that tests a datatype's envelope bounds the
    // sizes its callers query in the branch it guards.
    Analyses->setExternalPredefinedTests([this](const FunctionDecl *F) {
      return Params ? Params->externalPredefinedTest(F) : std::nullopt;
    });
    // A vector another file's function returns has the sizes it gave it.
    Analyses->setExternalReturnedSizes(
        [this](const FunctionDecl *F) -> std::optional<Interval> {
          std::optional<uint64_t> Most =
              Params ? Params->externalReturnedSize(F) : std::nullopt;
          return Most ? std::optional(Interval{0, WideInt(*Most)})
                      : std::nullopt;
        });
    // A function the unit declares alone, which another unit calls with a
    // prototype of its own: its calls here are not all its calls.
    Analyses->setCalledElsewhere([this](const FunctionDecl *F) {
      return Params && Params->calledElsewhere(F);
    });
    // In a whole program, a function other units can call takes what the
    // calls in every unit's record pass.
    if (CallersInDatabase)
      Analyses->setProgramArguments([this](const FunctionDecl *F, unsigned I) {
        return Params ? Params->programArgument(F, I) : std::nullopt;
      });
    // And an integer member holds what the writes of every unit's record
    // store into it.
    if (MembersInDatabase)
      Analyses->setProgramMembers([this](const FieldDecl *F) {
        return Params ? Params->programMember(F) : std::nullopt;
      });
    // A unit being summarised also notes what it passes to other units'
    // functions, so that the driver knows whether their summaries matter.
    Summarising = !processSummaryPaths().Write.empty();
    Analyses->alsoWantCallees([this](const FunctionDecl *Callee) {
      return Params->reachesMPI(Callee) ||
             (Summarising && Params->mayTakeCounts(Callee));
    });
  }
  Analyses->joinCallPass(*this);
}

void LargeCountCheck::analyzeCall(const CallSite &Site) {
  // A few callees are called many times: each is looked up once.
  auto [It, Inserted] = ClassicCallees.try_emplace(Site.Callee);
  if (Inserted)
    It->second = lookupClassic(*Site.Callee);
  if (It->second) {
    checkCall(Site.Call, It->second, Site.Caller);
    return;
  }
  auto [Large, New] = LargeCallees.try_emplace(Site.Callee);
  if (New && Site.Callee->getIdentifier())
    if (const FunctionInfo *Row = lookupLarge(Site.Callee->getName()))
      Large->second = &largeFormView(*Row);
  if (Large->second)
    checkCall(Site.Call, Large->second, Site.Caller);
  else if (Params) {
    if (Params->reachesMPI(Site.Callee))
      checkUserCall(Site.Call, Site.Callee, Site.Caller);
    if (Summarising && Params->mayTakeCounts(Site.Callee)) {
      Params->noteCountArguments(Site.Call, Site.Callee);
      if (!Site.Callee->isDefined())
        askParametersPassed(Site.Call, Site.Callee, Site.Caller);
    }
  }
}

void LargeCountCheck::askParametersPassed(const CallExpr *Call,
                                          const FunctionDecl *Callee,
                                          const FunctionDecl *Caller) {
  // Another unit's function, not summarised yet: judging its arguments
  // asks what the callers of this function pass for the parameters they
  // read, so that the next phase has those values should the callee reach
  // MPI (a wrapper's `2 * n`, with n what main passes).
  FunctionState &FS = stateFor(Caller, *Context);
  unsigned N = std::min(Call->getNumArgs(), Callee->getNumParams());
  for (unsigned I = 0; I < N; ++I) {
    const Expr *Arg = Call->getArg(I);
    if (!Arg->isTypeDependent() && !Arg->isValueDependent() &&
        Arg->getType()->isIntegerType())
      (void)findValue(Call, I, Callee->getParamDecl(I)->getType(),
                      /*MayBeNegative=*/true, /*FollowLocals=*/false, FS);
  }
}

/// A count of a call in its large-count form (largeFormView): an int
/// local passed there still carries what its int arithmetic did.
static bool isLargeFormCount(const ParamInfo &P) {
  return P.Kind == ParamKind::Wide &&
         (P.Role == ParamRole::COUNT || P.Role == ParamRole::INT_AINT);
}

/// `MPI_Aint` of `const MPI_Aint *`: what an array parameter holds.
static llvm::StringRef elementTypeOf(llvm::StringRef PointerType) {
  PointerType.consume_front("const ");
  PointerType.consume_back("*");
  return PointerType.trim();
}

const FunctionInfo &LargeCountCheck::largeFormView(const FunctionInfo &Row) {
  std::unique_ptr<LargeFormView> &View = LargeViews[&Row];
  if (View)
    return View->Info;
  View = std::make_unique<LargeFormView>();
  View->Info = Row;
  for (ParamInfo P : Row.Params) {
    // Counts are MPI_Count there and their arrays wide arrays, whose int
    // elements wrap before they are stored; outputs are left alone.
    if (P.Kind == ParamKind::Count) {
      P.Kind = ParamKind::Wide;
      P.ClassicType = P.LargeType;
    } else if (P.Kind == ParamKind::CountArray ||
               P.Kind == ParamKind::DisplArray ||
               P.Kind == ParamKind::WideArray) {
      P.Kind = ParamKind::WideArray;
      P.ClassicType = P.LargeType;
    } else if (P.Kind != ParamKind::Wide) {
      P.Kind = ParamKind::Other;
    }
    View->Params.push_back(P);
  }
  View->Info.Params = View->Params;
  return View->Info;
}

void LargeCountCheck::finishFunction(const FunctionDecl *F) {
  States.erase(F);
}

void LargeCountCheck::checkCall(const CallExpr *Call, const FunctionInfo *F,
                                const FunctionDecl *Caller) {
  // An MPIX_*_x called without mpix.h is declared implicitly, without
  // parameters: its arguments are not converted to the table's types.
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (Call->getNumArgs() != F->Params.size() || !Callee ||
      Callee->getNumParams() != F->Params.size())
    return;
  FunctionState &FS = stateFor(Caller, *Context);

  llvm::SmallVector<Finding, 2> Findings;
  for (unsigned I = 0; I < F->Params.size(); ++I) {
    const Expr *Arg = Call->getArg(I);
    if (Arg->isTypeDependent() || Arg->isValueDependent())
      continue;
    std::optional<Finding> Found;
    switch (F->Params[I].Kind) {
    case ParamKind::Count:
    case ParamKind::Wide:
      // Asked last: reading an argument's spelling costs more than most
      // counts' analysis, and only a hazardous count needs it.
      Found = findScalar(Call, *F, I, FS);
      if (Found && isIgnoredCount(Call, *F, I, *Context))
        Found.reset();
      break;
    case ParamKind::CountArray:
    case ParamKind::DisplArray:
    case ParamKind::WideArray:
      Found = findArray(Call, *F, I, FS);
      break;
    case ParamKind::CountOut:
      Found = findOutput(Call, *F, I, FS);
      break;
    case ParamKind::Other:
      break;
    }
    if (Found)
      Findings.push_back(*Found);
  }
  // `counts[0]` beside `counts` itself (MPI_Scatterv's recvcount): the
  // array's warning, and its fix, cover both.
  llvm::erase_if(Findings, [&](const Finding &Read) {
    return Read.What == Finding::ElementRead &&
           llvm::any_of(Findings, [&](const Finding &Other) {
             return Other.What != Finding::ElementRead &&
                    Other.Var == Read.ReadArray;
           });
  });
  // A count that fits can still be sent from a wrapped address.
  for (unsigned I = 0; I < F->Params.size(); ++I)
    if (F->Params[I].Kind == ParamKind::Count &&
        llvm::none_of(Findings,
                      [I](const Finding &Found) { return Found.Index == I; }))
      if (std::optional<Finding> Found =
              findBufferOffset(Call, *F, I, Caller, FS))
        Findings.push_back(*Found);
  if (Findings.empty() || Analyses->neverCalledInProgram(Caller))
    return;
  llvm::SmallVector<const Expr *, 2> SizesOfCall;
  for (Finding &Found : Findings) {
    findBufferSizes(Call, *F, Caller, Found, FS);
    for (const NarrowSize &Size : Found.BufferSizes)
      SizesOfCall.push_back(Size.Arithmetic);
  }
  for (Finding &Found : Findings)
    Found.SizesOfCall = SizesOfCall;
  if (F->Fam == Family::DATATYPE)
    rememberLargeType(Call, *F, FS);

  // The plan goes with the first warning, or when a finding's own fix
  // blocked it, with that finding's: the blocker note explains that one.
  std::optional<unsigned> BlockingFinding;
  FixPlan Plan = planFix(Call, *F, Caller, Findings, FS, BlockingFinding);
  if (Plan.ok())
    for (Finding &Found : Findings)
      Found.SizesOfCall.append(Plan.Widened.begin(), Plan.Widened.end());
  unsigned Carrier = Plan.ok() ? 0 : BlockingFinding.value_or(0);
  for (unsigned I = 0; I < Findings.size(); ++I) {
    emit(Call, *F, Findings[I], I == Carrier ? &Plan : nullptr, FS);
    noteInstantiation(Caller);
  }
  if (Plan.ok())
    for (const auto &[DS, Vars] : Plan.Splits)
      FS.EmittedSplits.try_emplace(DS, Vars);
}

void LargeCountCheck::noteInstantiation(const FunctionDecl *Caller) {
  // The values in the notes (`type_size = 8`) are this instantiation's;
  // clang-tidy shows one warning for all of them.
  if (!Caller || !Caller->isTemplateInstantiation() ||
      Caller->getPointOfInstantiation().isInvalid())
    return;
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  Caller->getNameForDiagnostic(OS, Context->getPrintingPolicy(),
                               /*Qualified=*/true);
  note(Caller->getPointOfInstantiation(),
       "in the instantiation '%0' used here; others may give other values")
      << OS.str();
}

std::optional<LargeCountCheck::Hazard>
LargeCountCheck::hazardOf(const Expr *Value, QualType Target,
                          bool MayBeNegative, const Stmt *Site,
                          FunctionState &FS) {
  Constraints C = FS.Ranges->constraintsAt(Site);
  std::optional<Hazard> H = hazardUnder(Value, Target, MayBeNegative, C, FS);
  if (!H)
    return H;
  // An element stored narrowed and overwritten where the value is large.
  if (const auto *Store = dyn_cast_or_null<BinaryOperator>(Site);
      Store && H->Kind == Hazard::Narrowed)
    if (std::optional<Interval> Kept =
            FS.Ranges->boundWhereKept(Store, H->Source, C))
      if (std::optional<Interval> Fits = Interval::ofType(Target, *Context);
          Fits && Kept->within(*Fits))
        return std::nullopt;
  // Confirmed against the control flow, which the guards above are only the
  // syntactic part of: a store before the site (`n = n < INT_MAX ? n :
  // INT_MAX`), a clamp in a branch, the condition of the loop the site is
  // in, or a call that never returns on the way.
  if (std::optional<PointFacts> At = FS.Ranges->flowFactsAt(Site, C))
    if (At->Unreachable ||
        !hazardUnder(Value, Target, MayBeNegative, At->Known, FS))
      return std::nullopt;
  // Each store of a local on its own: branches on one flag that both set
  // the value and guard its use.
  if (FS.Ranges->holdsOnEachStore(Value, Site, [&](const Constraints &K) {
        return !hazardUnder(Value, Target, MayBeNegative, K, FS);
      }))
    return std::nullopt;
  return H;
}

/// Whether `x op= y` computes in a type with values \p Target cannot hold:
/// its result is converted back, a narrowing no cast in the tree shows.
static bool computedWiderThan(const CompoundAssignOperator *Update,
                              const Interval &Target, const ASTContext &Ctx) {
  std::optional<Interval> Computed =
      Interval::ofType(Update->getComputationResultType(), Ctx);
  return Computed && !Computed->within(Target);
}

bool LargeCountCheck::addsSmallConstantToFitting(const Expr *Sum,
                                                 const Interval &Target,
                                                 const Constraints &C,
                                                 FunctionState &FS) {
  // `(uint64_t)n + 1` of an int n passes INT_MAX only at n == INT_MAX, as
  // `n + 1` computed in int does, which is no report either: a count one
  // past the largest int is not a large count (a terminator, a header).
  const auto *Add = dyn_cast<BinaryOperator>(Sum->IgnoreParenImpCasts());
  if (!Add || Add->getOpcode() != BO_Add)
    return false;
  for (auto [Term, Constant] : {std::pair(Add->getLHS(), Add->getRHS()),
                                std::pair(Add->getRHS(), Add->getLHS())}) {
    std::optional<WideInt> K = exactValue(Constant, *Context);
    if (!K || *K < 0 || *K >= (WideInt(1) << 16))
      continue;
    std::optional<RangeAnalysis::Result> R = FS.Ranges->evaluate(Term, C);
    if (R && R->Range.within(Target))
      return true;
  }
  return false;
}

std::optional<LargeCountCheck::Hazard>
LargeCountCheck::hazardUnder(const Expr *Value, QualType Target,
                             bool MayBeNegative, const Constraints &C,
                             FunctionState &FS) {
  ASTContext &Ctx = *Context;
  std::optional<Interval> TargetRange = Interval::ofType(Target, Ctx);
  if (!TargetRange)
    return std::nullopt;

  // A conversion, implicit or spelled, from a type whose values do not all
  // fit: the value is narrowed unless its range proves otherwise.
  // static_cast<int>(n) narrows in an implicit cast under the spelled one.
  // A 64-bit target (MPI_Aint, MPI_Offset) holds any size there is: only int
  // arithmetic that overflows before the conversion can hurt it.
  const ExplicitCastExpr *Spelled = nullptr;
  bool WideTarget = Ctx.getIntWidth(Target) >= 64;
  // `bytes *= sizeof(T)` on an int: the size_t product is narrowed back
  // into bytes with no cast in the tree to show it.
  if (const auto *Update = dyn_cast<CompoundAssignOperator>(Value->IgnoreParens());
      Update && !WideTarget) {
    if (computedWiderThan(Update, *TargetRange, Ctx)) {
      std::optional<RangeAnalysis::Result> R =
          FS.Ranges->evaluateUpdate(Update, C);
      if (!R || R->Range.within(*TargetRange) ||
          (!MayBeNegative && R->Range.Hi <= TargetRange->Hi))
        return std::nullopt;
      return Hazard{Hazard::Narrowed, Update,
                    Update->getComputationResultType(), R->Range};
    }
  }
  // `MPI_Send_c(b, (int)n, ...)`: a spelled cast cuts a wide value before
  // the wide parameter takes it.
  if (WideTarget)
    if (const auto *Cast =
            dyn_cast<ExplicitCastExpr>(Value->IgnoreParenImpCasts());
        Cast && isIntegralConversion(Cast) &&
        Ctx.getIntWidth(Cast->getType()) < 64) {
      const Expr *Sub = Cast->getSubExpr()->IgnoreParenImpCasts();
      std::optional<Interval> CastType = Interval::ofType(Cast->getType(), Ctx);
      std::optional<Interval> SubType = Interval::ofType(Sub->getType(), Ctx);
      if (CastType && SubType && !SubType->within(*CastType)) {
        std::optional<RangeAnalysis::Result> R = FS.Ranges->evaluate(Sub, C);
        if (R && !R->Range.within(*CastType) &&
            (MayBeNegative || R->Range.Hi > CastType->Hi))
          return Hazard{Hazard::Narrowed, Sub, Sub->getType(), R->Range, Cast};
      }
    }
  for (const Expr *E = Value->IgnoreParens(); !WideTarget;) {
    const auto *Cast = dyn_cast<CastExpr>(E);
    if (!Cast || !isIntegralConversion(Cast))
      break;
    if (const auto *Explicit = dyn_cast<ExplicitCastExpr>(Cast))
      Spelled = Explicit;
    else if (!cast<ImplicitCastExpr>(Cast)->isPartOfExplicitCast())
      Spelled = nullptr;
    const Expr *Sub = Cast->getSubExpr()->IgnoreParens();
    std::optional<Interval> SubType = Interval::ofType(Sub->getType(), Ctx);
    if (!SubType)
      break;
    if (!SubType->within(*TargetRange)) {
      std::optional<RangeAnalysis::Result> R = FS.Ranges->evaluate(Sub, C);
      if (!R || R->Range.within(*TargetRange))
        return std::nullopt;
      // A count that cannot be negative is at risk only above INT_MAX: one
      // below INT_MIN is a negative count, erroneous before any narrowing.
      // So `if (n <= INT_MAX) MPI_Send(b, (int)n, ...)` is safe; a constant
      // out of range is still reported below.
      if (!MayBeNegative && !R->Range.isExact() &&
          R->Range.Hi <= TargetRange->Hi)
        return std::nullopt;
      if (!R->Range.isExact() &&
          addsSmallConstantToFitting(Sub, *TargetRange, C, FS))
        return std::nullopt;
      Hazard H{Hazard::Narrowed, Sub, Sub->getType(), R->Range, Spelled};
      if (R->Range.isExact())
        H.Kind = R->Range.Lo < 0 ? Hazard::ConstantNegative
                                 : Hazard::ConstantTooLarge;
      return H;
    }
    E = Sub;
  }

  std::optional<RangeAnalysis::Result> R = FS.Ranges->evaluate(Value, C);
  if (!R)
    return std::nullopt;
  if (R->OverflowSite) {
    if (isLiteralArithmetic(R->OverflowSite))
      if (std::optional<WideInt> V = exactValue(R->OverflowSite, Ctx))
        return Hazard{Hazard::ConstantTooLarge, R->OverflowSite,
                      R->OverflowSite->getType(), Interval::exact(*V),
                      nullptr, true};
    return Hazard{Hazard::Overflows, R->OverflowSite,
                  R->OverflowSite->getType(), R->Range, nullptr, true};
  }
  if (R->Range.isExact() && R->Range.Lo < 0 && !MayBeNegative)
    return Hazard{Hazard::ConstantNegative, Value, Value->getType(), R->Range};
  return std::nullopt;
}

/// Whether \p Field is the last member of its structure, or one of a
/// union's: an array there may be the start of a longer block
/// (`double data[1];` allocated larger).
static bool isLastMember(const FieldDecl *Field) {
  const RecordDecl *Record = Field->getParent();
  if (Record->isUnion())
    return true;
  const FieldDecl *Last = nullptr;
  for (const FieldDecl *Each : Record->fields())
    Last = Each;
  return Last == Field;
}

/// The bytes of the array object that \p E points into: an array variable
/// (`double sums[6]`), a member array that is not its structure's last, or
/// a place in either (`&sums[k]`, `sums + k`, `&grid[i][0]`); none for
/// anything else. Pointer arithmetic that leaves the array is undefined, so
/// what a call reads from there lies within it.
static std::optional<uint64_t> arrayObjectBytes(const Expr *E,
                                                const ASTContext &Ctx) {
  E = E->IgnoreParenCasts();
  // `&a[k]` is a place in a; `a[k]` alone is one only when it is itself an
  // array (`grid[i]` of `double grid[8][8]`): `bufs[0]` of `char *bufs[4]`
  // is a pointer read from the array, pointing anywhere, and so is the
  // base of `&bufs[0][k]`.
  bool Place = false;
  if (const auto *Address = dyn_cast<UnaryOperator>(E);
      Address && Address->getOpcode() == UO_AddrOf) {
    E = Address->getSubExpr()->IgnoreParens();
    Place = true;
  }
  while (true) {
    const auto *Element = dyn_cast<ArraySubscriptExpr>(E);
    const Expr *Base =
        Element ? Element->getBase()->IgnoreParenImpCasts() : nullptr;
    if (Element && (Place || Element->getType()->isArrayType()) &&
        Base->getType()->isArrayType()) {
      E = Base;
      Place = false;
    } else if (const auto *Offset = dyn_cast<BinaryOperator>(E);
             Offset && Offset->isAdditiveOp() &&
             Offset->getType()->isPointerType())
      E = (Offset->getLHS()->getType()->isPointerType() ? Offset->getLHS()
                                                         : Offset->getRHS())
              ->IgnoreParenImpCasts();
    else
      break;
  }
  const ValueDecl *Object = nullptr;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    Object = dyn_cast<VarDecl>(Ref->getDecl());
  else if (const auto *Member = dyn_cast<MemberExpr>(E))
    if (const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
        Field && !isLastMember(Field))
      Object = Field;
  if (!Object || Object->getType()->isDependentType())
    return std::nullopt;
  const ConstantArrayType *Array =
      Ctx.getAsConstantArrayType(Object->getType());
  if (!Array)
    return std::nullopt;
  return Ctx.getTypeSizeInChars(Array).getQuantity();
}

/// Whether the count at \p Index describes a buffer that an array of fewer
/// than 2^31 bytes holds (arrayObjectBytes): a buffer parameter just before
/// it (the two of a reduction, `sendbuf, recvbuf, count`), a predefined
/// datatype just after it, whose elements take a byte at least. A run that
/// asks for more overruns the array; a correct one never reaches INT_MAX
/// (`MPI_Allreduce(mine, all, 2 * ndim, MPI_INT, ...)` with `int mine[6]`).
static bool countHeldByArray(const CallExpr *Call, const FunctionInfo &F,
                             unsigned Index, const ASTContext &Ctx) {
  if (Index + 1 >= F.Params.size() || Index + 1 >= Call->getNumArgs() ||
      F.Params[Index + 1].Role != ParamRole::DTYPE ||
      !isPredefinedHandle(Call->getArg(Index + 1), Ctx))
    return false;
  for (unsigned B = Index; B-- > 0;) {
    ParamRole Role = F.Params[B].Role;
    if (Role != ParamRole::BUF && Role != ParamRole::CBUF)
      return false;
    std::optional<uint64_t> Bytes = arrayObjectBytes(Call->getArg(B), Ctx);
    if (Bytes && *Bytes <= uint64_t(INT32_MAX))
      return true;
  }
  return false;
}

bool LargeCountCheck::statedToFit(const Finding &Found, QualType Target) const {
  const DeclaredRanges &Stated = Model.Declared;
  std::optional<Interval> Fits = Interval::ofType(Target, *Context);
  if (Stated.empty() || !Fits || Found.H.Kind == Hazard::ConstantNegative ||
      Found.H.Kind == Hazard::ConstantTooLarge)
    return false;
  // The local, member or accumulator a stored value reaches the call
  // through, or the local that carries it there: what the user states of
  // it is what every run holds, so a store into it lost nothing.
  for (const ValueDecl *Held :
       {static_cast<const ValueDecl *>(Found.Var),
        static_cast<const ValueDecl *>(Found.Carrier),
        static_cast<const ValueDecl *>(Found.Member)})
    if (std::optional<Interval> R = Stated.ofDeclaration(Held);
        R && R->within(*Fits))
      return true;
  return false;
}

std::optional<LargeCountCheck::Finding>
LargeCountCheck::findScalar(const CallExpr *Call, const FunctionInfo &F,
                            unsigned Index, FunctionState &FS) {
  const ParamInfo &P = F.Params[Index];
  QualType Target = Call->getDirectCallee()->getParamDecl(Index)->getType();
  std::optional<Finding> Found =
      findValue(Call, Index, Target, mayBeNegative(P),
                /*FollowLocals=*/P.Kind != ParamKind::Wide ||
                    isLargeFormCount(P),
                FS);
  if (!Found && P.Kind == ParamKind::Count)
    Found = findMemberStore(Call, Index, mayBeNegative(P));
  if (!Found && P.Kind == ParamKind::Count)
    Found = findOutputStore(Call, Index, FS);
  if (!Found && P.Kind == ParamKind::Count)
    Found = findElementRead(Call, Index, FS);
  if (Found && statedToFit(*Found, Target))
    return std::nullopt;
  // An array buffer bounds the count from above only: a negative one is
  // still an error.
  if (Found && Found->H.Kind != Hazard::ConstantNegative &&
      P.Kind == ParamKind::Count && countHeldByArray(Call, F, Index, *Context))
    return std::nullopt;
  return Found;
}

/// Widening a member changes the structure's layout, which other units and
/// files (and MPI datatypes built from it) may rely on; widening a helper's
/// output changes its signature for every caller: both are left to the
/// user.
static bool blocksStoreFix(const LargeCountCheck::Finding &Found,
                           FixPlan &Plan) {
  if (Found.What == LargeCountCheck::Finding::OutputStore ||
      Found.What == LargeCountCheck::Finding::RemoteOutputStore) {
    Plan.block(Found.NoteSite->getBeginLoc(),
               "'" + Found.Var->getNameAsString() + "' is written through a "
               "parameter of '" + Found.StoredIn->getNameAsString() +
                   "', whose type must change by hand");
    return true;
  }
  if ((Found.What == LargeCountCheck::Finding::FilledArray ||
       Found.What == LargeCountCheck::Finding::RunningSum) &&
      Found.StoredIn && Found.Member) {
    Plan.block(Found.NoteSite->getBeginLoc(),
               "'" + Found.Member->getNameAsString() + "' is a member of '" +
                   recordName(Found.Member->getParent()) + "' filled in '" +
                   Found.StoredIn->getNameAsString() +
                   "': its type and its stores must change by hand");
    return true;
  }
  if (Found.What != LargeCountCheck::Finding::MemberStore &&
      Found.What != LargeCountCheck::Finding::RemoteMemberStore)
    return false;
  Plan.block(Found.Member->getLocation(),
             "'" + Found.Member->getNameAsString() + "' is a member of '" +
                 recordName(Found.Member->getParent()) +
                 "': changing its type changes the structure's layout");
  return true;
}

/// `cnt[2]` read where the array's other stores are to other literal
/// elements (`cnt[0] = lsub[1] * w;` beside `cnt[2] = usub[2];`): only the
/// stores to cnt[2], or to an index that is not a literal, can be read.
/// Not for a pointer that moves along itself (`cnt += 4`), whose elements
/// shift.
static void
keepStoresOfElementRead(const Expr *Read, const VarDecl *Array,
                        const FunctionFacts &Facts,
                        llvm::SmallVectorImpl<FunctionFacts::Write> &Writes) {
  std::optional<uint64_t> K = FunctionFacts::literalElementRead(Read);
  auto MovesAlong = [&](const FunctionFacts::Write &W) {
    return !W.Replaces || W.Accumulates || !W.Value ||
           mentionsVariable(W.Value, Array);
  };
  if (!K || llvm::any_of(Facts.writesOf(Array), MovesAlong))
    return;
  llvm::erase_if(Writes, [&](const FunctionFacts::Write &W) {
    std::optional<uint64_t> Other = FunctionFacts::literalElementOf(W);
    return Other && *Other != *K;
  });
}

std::optional<LargeCountCheck::Finding>
LargeCountCheck::findElementRead(const CallExpr *Call, unsigned Index,
                                 FunctionState &FS) {
  if (!FS.Facts || !FS.Ranges)
    return std::nullopt;
  // `counts[i]` itself, or a local every store of which reads an element of
  // the same array (`int c = counts[i];`).
  const Expr *Arg = Call->getArg(Index);
  const VarDecl *Array = indexedVariable(Arg);
  if (!Array) {
    const VarDecl *Local = referencedVariable(Arg);
    if (!Local || !Local->hasLocalStorage() || isa<ParmVarDecl>(Local) ||
        FS.Facts->escapesBefore(Local, Call))
      return std::nullopt;
    for (const FunctionFacts::Write &W : FS.Facts->writesOf(Local)) {
      const VarDecl *Read = W.Value && !W.Accumulates && W.Replaces
                                ? indexedVariable(W.Value)
                                : nullptr;
      if (!Read || (Array && Read != Array))
        return std::nullopt;
      Array = Read;
    }
  }
  // The function's own array: one handed in or out is filled elsewhere too.
  if (!Array || !Array->hasLocalStorage() || isa<ParmVarDecl>(Array) ||
      FS.Facts->escapesBefore(Array, Call))
    return std::nullopt;
  QualType Element =
      Array->getType()->isArrayType()
          ? Context->getAsArrayType(Array->getType())->getElementType()
          : Array->getType()->getPointeeType();
  if (Element.isNull() || !Element->isIntegerType())
    return std::nullopt;
  llvm::SmallVector<FunctionFacts::Write, 4> Writes =
      FS.Facts->elementWritesReaching(Array, Call);
  keepStoresOfElementRead(Arg, Array, *FS.Facts, Writes);
  std::optional<Hazard> H =
      elementHazard(Writes, Element, /*IsDispl=*/false, FS);
  if (!H)
    return std::nullopt;
  Finding Found{Finding::ElementRead, Index, *H};
  Found.ReadArray = Array;
  return Found;
}

LargeCountCheck::FunctionState
LargeCountCheck::stateOfOther(const FunctionDecl *F) {
  FunctionState Other;
  Other.Facts = Analyses->facts(F);
  Other.Ranges = Analyses->ranges(F);
  return Other;
}

std::optional<LargeCountCheck::Finding>
LargeCountCheck::findMemberStore(const CallExpr *Call, unsigned Index,
                                 bool MayBeNegative) {
  const auto *Read =
      dyn_cast<MemberExpr>(Call->getArg(Index)->IgnoreParenImpCasts());
  const auto *Field = Read ? dyn_cast<FieldDecl>(Read->getMemberDecl()) : nullptr;
  if (!Field || !Field->getType()->isIntegerType())
    return std::nullopt;
  // A member read by many calls is judged once.
  auto [Cached, New] = MemberVerdicts.try_emplace({Field, MayBeNegative});
  if (!New) {
    if (!Cached->second)
      return std::nullopt;
    Finding Found = *Cached->second;
    Found.Index = Index;
    return Found;
  }
  std::optional<Finding> Found =
      findStoreElsewhere(Analyses->memberStores(Field), Field, Field->getType(),
                         MayBeNegative, Finding::MemberStore, Index, nullptr);
  if (!Found)
    Found = findRemoteMemberStore(Call, Index, Field);
  Cached->second = Found;
  return Found;
}

std::optional<LargeCountCheck::Finding>
LargeCountCheck::findRemoteMemberStore(const CallExpr *Call, unsigned Index,
                                       const FieldDecl *Field) {
  // A unit that writes the member itself judges its own writes: the
  // records would only say the same less precisely.
  if (!Params || !MembersInDatabase ||
      Analyses->memberWrites().byField().count(Field->getCanonicalDecl()))
    return std::nullopt;
  std::optional<ProgramArgument> Held = Params->programMember(Field);
  if (!Held || !Held->Calls || !Held->OverflowAt.valid())
    return std::nullopt;
  const Expr *Read = Call->getArg(Index);
  std::optional<Interval> Type = Interval::ofType(Field->getType(), *Context);
  if (!Type)
    return std::nullopt;
  Finding Found{Finding::RemoteMemberStore, Index,
                Hazard{Hazard::Overflows, Read, Field->getType(), *Type,
                       nullptr, true}};
  Found.Member = Field;
  Found.RemoteAt = Held->OverflowAt;
  Found.RemoteText = Held->OverflowText;
  Found.RemoteWriter = Held->OverflowWriter;
  return Found;
}

std::optional<LargeCountCheck::Finding> LargeCountCheck::findStoreElsewhere(
    llvm::ArrayRef<PlainStore> Stores, const FieldDecl *Field, QualType Stored,
    bool MayBeNegative, Finding::WhatType What, unsigned Index,
    const FunctionFacts *Judged) {
  for (const PlainStore &Store : Stores) {
    FunctionState Where = stateOfOther(Store.Function);
    if (!Where.Ranges || (Judged && Where.Facts == Judged))
      continue;
    std::optional<Hazard> H = hazardOf(Store.Assign->getRHS(), Stored,
                                       MayBeNegative, Store.Assign, Where);
    // `b->n = total;` stores what the local holds (`total = m * n`), as
    // `b->n = m * n` would; so does the last of a chain of stores
    // (`bp->N = bp2->N = N`).
    const VarDecl *Held = nullptr;
    if (!H && Where.Facts) {
      const Expr *Value =
          chainedStoreValue(Store.Assign->getRHS(), Store.Assign->getType())
              ->IgnoreParenImpCasts();
      // A spelled cast (`(int) total`) is the author's, as above.
      if (auto Carried = isa<DeclRefExpr>(Value)
                             ? heldHazard(Value, Store.Assign, Where)
                             : std::nullopt)
        std::tie(Held, H) = *Carried;
    }
    // Only what loses a wide value's bits unasked: a spelled (int) after a
    // check (DTPools' `(int) stride`) is the author's, and an unsigned int
    // of the same width (a helper's return) is rarely above INT_MAX.
    if (!H || H->ExplicitCast ||
        (H->Kind == Hazard::Narrowed &&
         Context->getIntWidth(H->SourceType) <= Context->getIntWidth(Stored)))
      continue;
    Finding Found{What, Index, *H};
    Found.Member = Field;
    Found.StoredIn = Store.Function;
    Found.NoteSite = Store.Assign;
    Found.Var = Held;
    return Found;
  }
  return std::nullopt;
}

static void carriedVariables(const Expr *E,
                             llvm::SmallVectorImpl<const VarDecl *> &Out);

std::optional<LargeCountCheck::Finding> LargeCountCheck::findRunningSumElsewhere(
    llvm::ArrayRef<PlainStore> Stores, const FieldDecl *Field, unsigned Index,
    const FunctionFacts *Judged) {
  // `displs[i] = offset; offset += sizes[i];` where the member is set up.
  for (const PlainStore &Store : Stores) {
    FunctionState Where = stateOfOther(Store.Function);
    if (!Where.Ranges || (Judged && Where.Facts == Judged))
      continue;
    std::optional<Finding> Found = findWrappedTotal(
        {Store.Assign->getRHS(), Store.Assign, false}, Index, Where);
    const Expr *Stored = Store.Assign->getLHS()->IgnoreParenImpCasts();
    if (!Found || !Stored->getType()->isIntegerType() ||
        Context->getIntWidth(Stored->getType()) > 32)
      continue;
    Found->Member = Field;
    Found->StoredIn = Store.Function;
    return Found;
  }
  return std::nullopt;
}

std::optional<LargeCountCheck::Finding>
LargeCountCheck::findOutputStore(const CallExpr *Call, unsigned Index,
                                 FunctionState &FS) {
  const VarDecl *V = referencedVariable(Call->getArg(Index));
  if (!V || !FS.Facts || !FS.Ranges || !V->hasLocalStorage() ||
      isa<ParmVarDecl>(V))
    return std::nullopt;
  if (FS.Facts->escapes(V))
    return outputStoreOf(V, Call, Call, Index, FS);
  // A copy of such a local (`n = bytes;` or `n = flag ? 1 : bytes;` after
  // `part(&bytes)`) carries what the helper stored.
  llvm::ArrayRef<FunctionFacts::Write> Writes = FS.Facts->writesOf(V);
  for (unsigned Reaching : FS.Facts->writesMayReach(V, Call)) {
    const FunctionFacts::Write &W = Writes[Reaching];
    if (!W.Value)
      continue;
    std::optional<PointFacts> At = FS.Ranges->flowBetween(W.Site, V, Call);
    if (At && At->Unreachable)
      continue;
    llvm::SmallVector<const VarDecl *, 4> Carried;
    carriedVariables(W.Value, Carried);
    for (const VarDecl *Copied : Carried) {
      if (Copied == V || !Copied->hasLocalStorage() ||
          isa<ParmVarDecl>(Copied) || !FS.Facts->escapes(Copied))
        continue;
      if (std::optional<Finding> Found =
              outputStoreOf(Copied, W.Site, Call, Index, FS)) {
        Found->Carried = true;
        Found->Carrier = V;
        Found->CarrierValue = W.Value;
        return Found;
      }
    }
  }
  return std::nullopt;
}

std::optional<LargeCountCheck::Finding>
LargeCountCheck::outputStoreOf(const VarDecl *V, const Stmt *Read,
                               const CallExpr *Call, unsigned Index,
                               FunctionState &FS) {
  for (const DeclRefExpr *Use : FS.Facts->usesOf(V)) {
    std::optional<RangeAnalysis::HelperOutput> Out =
        FS.Ranges->helperOutputOf(Use);
    if (!Out)
      continue;
    std::optional<Finding> Found = helperOutputFinding(Call, Index, *Out, FS);
    if (!Found)
      continue;
    // What the helper stored may be overwritten before it is read.
    std::optional<PointFacts> At = FS.Ranges->flowBetween(Out->Call, V, Read);
    if (At && At->Unreachable)
      continue;
    Found->Var = V;
    Found->StoredIn = Out->Callee;
    Found->NoteSite = Out->Call;
    return Found;
  }
  return std::nullopt;
}

std::optional<LargeCountCheck::Finding> LargeCountCheck::helperOutputFinding(
    const CallExpr *Call, unsigned Index,
    const RangeAnalysis::HelperOutput &Out, FunctionState &FS) {
  QualType Param = Out.Callee->getParamDecl(Out.Index)->getType();
  QualType Stored = (Param->isPointerType() ? Param->getPointeeType()
                                            : Param.getNonReferenceType())
                        .getUnqualifiedType();
  std::optional<Interval> Type = Interval::ofType(Stored, *Context);
  if (!Type)
    return std::nullopt;
  // A helper of this unit: judged in its own body, the value unknown when
  // it only updates through the pointer.
  const Expr *Site = nullptr;
  std::optional<Interval> Range = FS.Ranges->helperOutputRange(Out, Site);
  if (Site)
    return Finding{Finding::OutputStore, Index,
                   Hazard{Hazard::Overflows, Site, Site->getType(),
                          Range.value_or(*Type), nullptr, true}};
  // A helper of another unit: its summary says where it wraps.
  const OutputSummary *Remote =
      Params ? Params->overflowingExternalOutput(
                   Out.Callee, Out.Index, FS.Ranges->argumentsOf(Out.Call))
             : nullptr;
  if (!Remote)
    return std::nullopt;
  const Expr *Read = Call->getArg(Index);
  Finding Found{Finding::RemoteOutputStore, Index,
                Hazard{Hazard::Overflows, Read, Stored, *Type, nullptr, true}};
  Found.RemoteAt = Remote->OverflowAt;
  Found.RemoteText = Remote->OverflowText;
  Found.RemoteWriter = Out.Callee->getNameAsString();
  return Found;
}

/// The variables whose values \p E carries into its own: the operands of
/// sums, differences and products, the dividend of a quotient or shift,
/// casts and the branches of `?:`; not what a call, an index, a comparison
/// or a mask reads. `size / tsize` carries a truncated `size`.
static void carriedVariables(const Expr *E,
                             llvm::SmallVectorImpl<const VarDecl *> &Out) {
  E = E->IgnoreParens();
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    if (isIntegralConversion(Cast))
      carriedVariables(Cast->getSubExpr(), Out);
    return;
  }
  if (const VarDecl *V = referencedVariable(E)) {
    if (V->getType()->isIntegerType() && !llvm::is_contained(Out, V))
      Out.push_back(V);
    return;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus)
      carriedVariables(U->getSubExpr(), Out);
    return;
  }
  if (const auto *Choice = dyn_cast<ConditionalOperator>(E)) {
    carriedVariables(Choice->getTrueExpr(), Out);
    carriedVariables(Choice->getFalseExpr(), Out);
    return;
  }
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return;
  switch (B->getOpcode()) {
  case BO_Assign: // `m = n = e` stores what n then holds
    carriedVariables(B->getLHS(), Out);
    return;
  case BO_Add:
  case BO_Sub:
  case BO_Mul:
    carriedVariables(B->getRHS(), Out);
    [[fallthrough]];
  case BO_Div:
  case BO_Shl:
  case BO_Shr:
    carriedVariables(B->getLHS(), Out);
    return;
  default:
    return;
  }
}

bool LargeCountCheck::storesAreAllValues(const VarDecl *V,
                                         const FunctionState &FS) const {
  return FS.Ranges && (FS.Ranges->isHandedOnlyToBroadcasts(V) ||
                       FS.Ranges->isFilledOnlyByMPIFirst(V));
}

std::optional<LargeCountCheck::Hazard>
LargeCountCheck::localHazard(const VarDecl *V, const Stmt *Use, bool Negative,
                             FunctionState &FS) {
  // What a parameter brings is the caller's business, but what the body
  // stores into it is the function's own. A static local is written only
  // by its own function too.
  if (!(V->hasLocalStorage() || V->isStaticLocal()) ||
      (FS.Facts->escapesBefore(V, Use) && !storesAreAllValues(V, FS)))
    return std::nullopt;
  return firstHazard(FS.Facts->writesOf(V), V->getType(), Negative, FS, V,
                     Use);
}

std::optional<std::pair<const VarDecl *, LargeCountCheck::Hazard>>
LargeCountCheck::carriedHazard(const Expr *Value, const Stmt *Use,
                               const VarDecl *Except, FunctionState &FS) {
  // A value computed from a truncated local carries what it lost; a
  // negative constant stored into the local is no hazard of the result,
  // and a spelled cast (`cols = static_cast<int>(n)`) is the author's, as
  // for a member's stores: the local passed itself is still reported.
  llvm::SmallVector<const VarDecl *, 4> Carried;
  carriedVariables(Value, Carried);
  for (const VarDecl *C : Carried) {
    if (C == Except)
      continue;
    std::optional<Hazard> H = localHazard(C, Use, /*Negative=*/true, FS);
    if (H && H->Kind != Hazard::ConstantNegative && !H->ExplicitCast &&
        !losesOnlyNegatives(*H, C->getType()))
      return std::pair(C, *H);
  }
  return std::nullopt;
}

std::optional<std::pair<const VarDecl *, LargeCountCheck::Hazard>>
LargeCountCheck::heldHazard(const Expr *Value, const Stmt *Use,
                            FunctionState &FS, unsigned Copies) {
  // `counts[i] = c` stores what c holds, as passing c itself would: a cast
  // the author spelled into c (`int c = (int)bytes[i]`) narrows it too.
  const VarDecl *Held = referencedVariable(Value);
  if (!Held || !Held->getType()->isIntegerType())
    return std::nullopt;
  std::optional<Hazard> H = localHazard(Held, Use, /*Negative=*/true, FS);
  // `int offset = length;`: what the copy reaching Use holds.
  constexpr unsigned MostCopies = 3;
  if (!H && Copies < MostCopies && FS.Facts && Held->hasLocalStorage() &&
      !FS.Facts->escapesBefore(Held, Use))
    for (unsigned Reaching : FS.Facts->writesMayReach(Held, Use)) {
      const FunctionFacts::Write &W = FS.Facts->writesOf(Held)[Reaching];
      if (W.Value && W.Replaces && !W.Accumulates &&
          Context->hasSameUnqualifiedType(W.Value->IgnoreParenImpCasts()->getType(),
                                          Held->getType()))
        if (auto Copied = heldHazard(W.Value, W.Site, FS, Copies + 1)) {
          H = Copied->second;
          break;
        }
    }
  if (!H || H->Kind == Hazard::ConstantNegative ||
      losesOnlyNegatives(*H, Held->getType()))
    return std::nullopt;
  return std::pair(Held, *H);
}

bool LargeCountCheck::losesOnlyNegatives(const Hazard &H, QualType Local) const {
  // `unsigned size = element_size(f)`: every value the call can return
  // above zero fits; a negative size is a bug of its own, not a large count
  // that what is computed from the local would carry.
  std::optional<Interval> Holds = Interval::ofType(Local, *Context);
  return H.Kind == Hazard::Narrowed && Local->isUnsignedIntegerType() &&
         Holds && H.Range.Hi <= Holds->Hi;
}

std::optional<LargeCountCheck::Finding>
LargeCountCheck::findValue(const CallExpr *Call, unsigned Index,
                           QualType Target, bool Negative, bool FollowLocals,
                           FunctionState &FS) {
  const Expr *Arg = Call->getArg(Index);
  if (std::optional<Hazard> H = hazardOf(Arg, Target, Negative, Call, FS)) {
    Finding Found{Finding::Argument, Index, *H};
    // A product's operand, or an int local a wide count is computed from
    // (`size - chunk * INT_MAX` with `int chunk = size / INT_MAX`), that
    // holds a truncated value itself: the widened call would carry it. So
    // would a size_t local given an int product (`size_t n = a * b`): the
    // product wrapped before it was widened.
    if ((H->ComputedInInt || H->Kind == Hazard::Narrowed) && FollowLocals &&
        FS.Facts)
      if (auto Operand = carriedHazard(Arg, Call, nullptr, FS);
          Operand && (H->ComputedInInt || Operand->second.ComputedInInt ||
                      Context->getIntWidth(Operand->first->getType()) < 64))
        Found.HazardousOperand = Operand;
    return Found;
  }
  if (!FollowLocals || !FS.Facts)
    return std::nullopt;

  // An int local that was given a narrowed or overflowing value earlier in
  // the function: the call is where it hurts, the assignment is the cause.
  const VarDecl *V = referencedVariable(Arg);
  if (V)
    if (std::optional<Hazard> H = localHazard(V, Call, Negative, FS)) {
      Finding Found{Finding::LocalVariable, Index, *H};
      Found.Var = V;
      return Found;
    }
  // A count (never negative) held in an int as wide as MPI's parameter.
  if (V && !Negative && Context->getIntWidth(Target) <= 32)
    if (std::optional<Finding> Found = findRunningTotal(Call, Index, V, FS))
      return Found;
  // `size / tsize` after `size = opts.min_size` (a size_t into an int)
  // sends a truncated count; so does a local passed whose store computes
  // it so (`n = size / tsize`), when that store can reach the call.
  auto carried = [&](const Expr *Value, const Stmt *Use,
                     const Expr *Store) -> std::optional<Finding> {
    auto Found = carriedHazard(Value, Use, V, FS);
    if (!Found)
      return std::nullopt;
    Finding F{Finding::LocalVariable, Index, Found->second};
    F.Var = Found->first;
    F.Carried = true;
    if (Store) {
      F.Carrier = V;
      F.NoteSite = Store;
    }
    return F;
  };
  if (!V)
    return carried(Arg, Call, nullptr);
  if (FS.Facts->escapesBefore(V, Call) && !storesAreAllValues(V, FS))
    return std::nullopt;
  llvm::ArrayRef<FunctionFacts::Write> Writes = FS.Facts->writesOf(V);
  for (unsigned Reaching : FS.Facts->writesMayReach(V, Call)) {
    const FunctionFacts::Write &W = Writes[Reaching];
    if (!W.Value)
      continue;
    std::optional<PointFacts> At =
        FS.Ranges ? FS.Ranges->flowBetween(W.Site, V, Call) : std::nullopt;
    if (At && At->Unreachable)
      continue;
    if (std::optional<Finding> Found = carried(W.Value, W.Site, W.Value))
      return Found;
  }
  return std::nullopt;
}

std::optional<LargeCountCheck::Finding>
LargeCountCheck::findRunningTotal(const CallExpr *Call, unsigned Index,
                                  const VarDecl *V, FunctionState &FS) {
  if (!FS.Ranges)
    return std::nullopt;
  const ForStmt *Loop = nullptr;
  const Expr *Sum = FS.Ranges->runningTotalAt(V, Call);
  if (!Sum)
    Sum = FS.Ranges->counterStepPastTypeAt(V, Call, Loop);
  std::optional<Interval> Type = Interval::ofType(V->getType(), *Context);
  if (!Sum || !Type)
    return std::nullopt;
  Finding Found{Finding::LocalVariable, Index,
                Hazard{Hazard::Overflows, Sum, V->getType(), *Type, nullptr,
                       true}};
  Found.Var = V;
  Found.NoteSite = Sum;
  Found.RunningTotal = true;
  Found.CountingLoop = Loop;
  return Found;
}

std::optional<LargeCountCheck::Finding>
LargeCountCheck::findCarriedElement(llvm::ArrayRef<FunctionFacts::Write> Writes,
                                    unsigned Index, FunctionState &FS) {
  // `sizes[1] = n` after `n = total / chunk` narrowed a long long.
  for (const FunctionFacts::Write &W : Writes) {
    if (!W.Value)
      continue;
    auto Carried = heldHazard(W.Value, W.Site, FS);
    if (!Carried)
      Carried = carriedHazard(W.Value, W.Site, nullptr, FS);
    if (Carried) {
      Finding Found{Finding::FilledArray, Index, Carried->second};
      Found.Carried = true;
      Found.CarriedFrom = Carried->first;
      Found.NoteSite = W.Value;
      return Found;
    }
  }
  return std::nullopt;
}

std::optional<LargeCountCheck::Finding>
LargeCountCheck::findGatheredElement(const VarDecl *Array, const CallExpr *Call,
                                     unsigned Index, FunctionState &FS) {
  // Each element is some process's `n`: what n lost, the array holds.
  for (const Stmt *Fill : FS.Facts->fillsOf(Array, Call)) {
    const auto *Gather = dyn_cast<CallExpr>(Fill);
    if (const auto *Store = dyn_cast<BinaryOperator>(Fill))
      Gather = dyn_cast<CallExpr>(Store->getRHS()->IgnoreParenCasts());
    const FunctionInfo *Row =
        Gather && Gather->getDirectCallee()
            ? lookupClassic(*Gather->getDirectCallee())
            : nullptr;
    if (!Row)
      continue;
    for (unsigned I = 0; I < Row->Params.size() && I < Gather->getNumArgs(); ++I) {
      if (Row->Params[I].Role != ParamRole::CBUF)
        continue;
      const auto *Address =
          dyn_cast<UnaryOperator>(Gather->getArg(I)->IgnoreParenImpCasts());
      const VarDecl *Sent = Address && Address->getOpcode() == UO_AddrOf
                                ? referencedVariable(Address->getSubExpr())
                                : nullptr;
      std::optional<Hazard> H =
          Sent ? localHazard(Sent, Gather, /*Negative=*/true, FS) : std::nullopt;
      if (!H || H->Kind == Hazard::ConstantNegative || H->ExplicitCast)
        break;
      Finding Found{Finding::FilledArray, Index, *H};
      Found.Carried = true;
      Found.Gathered = true;
      Found.CarriedFrom = Sent;
      Found.NoteSite = Gather->getArg(I);
      return Found;
    }
  }
  return std::nullopt;
}

/// The expression that judges write \p W: the value it stores, or the
/// update itself for `x *= y` and `x <<= y` (whose product can overflow as
/// `x = x * y`'s can) and for an update computed in a type wider than x's
/// (whose result is narrowed back into x), or for another update the value
/// it adds (`x += y`).
static const Expr *judgedValue(const FunctionFacts::Write &W,
                               const ASTContext &Ctx) {
  const auto *Update = dyn_cast_or_null<CompoundAssignOperator>(W.Site);
  if (!Update)
    return W.Value;
  if (Update->getOpcode() == BO_MulAssign ||
      Update->getOpcode() == BO_ShlAssign)
    return Update;
  // Any update computed in a type x's cannot hold (`n += total` with a long
  // total) converts back: the update is judged, as a narrowing.
  std::optional<Interval> Stored = Interval::ofType(Update->getType(), Ctx);
  if (Stored && computedWiderThan(Update, *Stored, Ctx))
    return Update;
  // `n += a * b` stores a sum, which wraps silently (a running sum is
  // another finding), of a product that overflows as `n = n + a * b`'s
  // does: what is added is judged as a store of its own.
  return Update->getRHS();
}

/// The element type of the container \p Append appends to.
static QualType appendedElementType(const CXXMemberCallExpr *Append) {
  const CXXMethodDecl *M = Append->getMethodDecl();
  return M ? elementTypeOfContainer(M->getParent()) : QualType();
}

llvm::SmallVector<std::pair<unsigned, LargeCountCheck::Hazard>, 1>
LargeCountCheck::hazardousWrites(llvm::ArrayRef<FunctionFacts::Write> Writes,
                                 QualType Stored, bool MayBeNegative,
                                 FunctionState &FS, bool FirstOnly) {
  llvm::SmallVector<std::pair<unsigned, Hazard>, 1> Found;
  for (unsigned I = 0; I < Writes.size(); ++I) {
    const FunctionFacts::Write &W = Writes[I];
    // A std::vector's elements have the type its operator[] returns, or
    // the one its push_back appends.
    QualType Type = Stored;
    if (Type.isNull()) {
      if (const auto *Assign = dyn_cast<BinaryOperator>(W.Site))
        Type = Assign->getLHS()->getType();
      else if (const auto *Append = dyn_cast<CXXMemberCallExpr>(W.Site))
        Type = appendedElementType(Append);
    }
    const Expr *Value = judgedValue(W, *Context);
    if (!Value || Type.isNull())
      continue;
    if (std::optional<Hazard> H =
            hazardOf(Value, Type, MayBeNegative, W.Site, FS)) {
      Found.push_back({I, *H});
      if (FirstOnly)
        break;
    }
  }
  return Found;
}

std::optional<LargeCountCheck::Hazard>
LargeCountCheck::firstHazard(llvm::ArrayRef<FunctionFacts::Write> Writes,
                             QualType Stored, bool MayBeNegative,
                             FunctionState &FS, const VarDecl *Var,
                             const Stmt *Use) {
  if (!Var) {
    auto First = hazardousWrites(Writes, Stored, MayBeNegative, FS,
                                 /*FirstOnly=*/true);
    return First.empty() ? std::nullopt : std::optional(First[0].second);
  }
  // A local's writes are judged once, not at every use: a function of N
  // stores and N uses of one variable would otherwise judge N^2 writes.
  auto Key =
      std::make_tuple(Var, Stored.getAsOpaquePtr(), unsigned(MayBeNegative));
  auto Cached = FS.HazardousWrites.find(Key);
  if (Cached == FS.HazardousWrites.end())
    Cached = FS.HazardousWrites
                 .try_emplace(Key, hazardousWrites(Writes, Stored,
                                                   MayBeNegative, FS))
                 .first;
  llvm::ArrayRef<std::pair<unsigned, Hazard>> Hazards = Cached->second;
  if (Hazards.empty())
    return std::nullopt;
  // Of those, the writes whose value may reach Use: `int n = -1;` as a
  // placeholder, then `for (n = 0; ...)` or `n = k;` before the call, never
  // reaches MPI, nor does a store after it.
  for (unsigned Reaching : FS.Facts->writesMayReach(Var, Use)) {
    const auto *It = llvm::partition_point(
        Hazards, [&](const std::pair<unsigned, Hazard> &H) {
          return H.first < Reaching;
        });
    if (It != Hazards.end() && It->first == Reaching &&
        reachesHazardous(Writes[Reaching], Var, Use, Stored, MayBeNegative,
                         FS))
      return It->second;
  }
  return std::nullopt;
}

std::optional<LargeCountCheck::Hazard>
LargeCountCheck::elementHazard(llvm::ArrayRef<FunctionFacts::Write> Writes,
                               QualType Element, bool IsDispl,
                               FunctionState &FS) {
  // Displacements may be negative: a narrowed one needs both bounds.
  if (IsDispl)
    return firstHazard(Writes, Element, /*MayBeNegative=*/true, FS);
  // A count needs only the upper one, as a scalar count does (`if (s >
  // INT_MAX) throw ...; counts[i] = (int)s;`: below INT_MIN it would be a
  // negative count, an error of its own). A negative constant is no
  // finding here: elements past the count MPI reads may hold anything.
  for (const auto &[Position, H] :
       hazardousWrites(Writes, Element, /*MayBeNegative=*/false, FS))
    if (H.Kind != Hazard::ConstantNegative)
      return H;
  return std::nullopt;
}

bool LargeCountCheck::reachesHazardous(const FunctionFacts::Write &W,
                                       const VarDecl *Var, const Stmt *Use,
                                       QualType Stored, bool MayBeNegative,
                                       FunctionState &FS) {
  // The runs on which the store's value is still Var's at Use, with what
  // the branches taken since say of what the store read: `cnt = (int)n;
  // if (n > INT_MAX) cnt = INT_MAX;` narrows on none of them.
  std::optional<PointFacts> At = FS.Ranges->flowBetween(W.Site, Var, Use);
  if (!At)
    return true;
  // A static's value outlives the call: a store after Use leaves it to the
  // next call, if that one can read it before storing anew.
  if (At->Unreachable)
    return !Var->hasLocalStorage() && FS.Facts->runsOnlyAfter(W.Site, Use) &&
           FS.Ranges->flowReadsValueOnEntry(Var);
  return hazardUnder(judgedValue(W, *Context), Stored, MayBeNegative,
                     At->Known, FS)
      .has_value();
}

void LargeCountCheck::dropRefilled(
    llvm::SmallVectorImpl<FunctionFacts::Write> &Writes, const CallExpr *Call,
    const FunctionInfo &F, FunctionState &FS) {
  // How many elements the call reads: its block count (datatype
  // constructors); other arrays have one element per process.
  std::optional<int64_t> Read;
  LocalKnowledge K{FS.Facts, nullptr, FS.Ranges};
  for (unsigned I = 0; I < F.Params.size(); ++I)
    if (F.Params[I].Role == ParamRole::COUNT && F.Params[I].Name == "count")
      Read = knownInt(Call->getArg(I), K, *Context);
  if (!Read)
    return;
  const SourceManager &SM = Context->getSourceManager();
  auto Before = [&SM](const Stmt *A, const Stmt *B) {
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  };
  llvm::SmallVector<const ForStmt *, 2> Refills;
  for (const FunctionFacts::Write &W : Writes)
    if (const auto *Store = dyn_cast<BinaryOperator>(W.Site))
      if (std::optional<FillLoop> L = fillLoopOf(Store, K, *Context))
        if (L->From == 0 && L->To >= *Read && Before(L->Loop, Call))
          Refills.push_back(L->Loop);
  // A refill on the straight line between a store and the call overwrites
  // every element the call reads.
  llvm::erase_if(Writes, [&](const FunctionFacts::Write &W) {
    return llvm::any_of(Refills, [&](const ForStmt *Loop) {
      return Before(W.Site, Loop) && !FS.Facts->isWithin(W.Site, Loop);
    });
  });
}

const CallExpr *LargeCountCheck::scanInto(const VarDecl *Array,
                                          FunctionState &FS) {
  const SourceManager &SM = Context->getSourceManager();
  for (const DeclRefExpr *Use : FS.Facts->usesOf(Array)) {
    // displs.begin(), displs.data() + 1, &displs[1]: a few steps up at most.
    const Stmt *P = FS.Facts->parentOf(Use);
    for (unsigned Depth = 0; P && Depth < 8; ++Depth, P = FS.Facts->parentOf(P)) {
      const auto *Call = dyn_cast<CallExpr>(P);
      std::optional<StandardSum> Sum = Call ? standardSum(Call) : std::nullopt;
      if (!Sum)
        continue;
      if (Sum->Output &&
          SM.isPointWithin(Use->getBeginLoc(), Sum->Output->getBeginLoc(),
                           Sum->Output->getEndLoc()))
        return Call;
      break;
    }
  }
  return nullptr;
}

/// The one call before \p Call that hands \p Array whole to a user
/// function, and the argument; a null call when there is none, or several.
static std::pair<const CallExpr *, unsigned>
fillingCall(const VarDecl *Array, const CallExpr *Call,
            const FunctionFacts &Facts, const SourceManager &SM) {
  llvm::SmallVector<std::pair<const CallExpr *, unsigned>, 2> Calls(
      Facts.callsTaking(Array));
  llvm::erase_if(Calls, [&](const auto &Taken) {
    return !SM.isBeforeInTranslationUnit(Taken.first->getEndLoc(),
                                         Call->getBeginLoc());
  });
  return Calls.size() == 1 ? Calls.front()
                           : std::pair<const CallExpr *, unsigned>{};
}

std::optional<LargeCountCheck::Finding>
LargeCountCheck::findFillingHelper(const VarDecl *Array, const CallExpr *Call,
                                   unsigned Index, bool IsDispl,
                                   FunctionState &FS) {
  auto [Helper, Arg] =
      fillingCall(Array, Call, *FS.Facts, Context->getSourceManager());
  const FunctionDecl *Def =
      Helper ? Helper->getDirectCallee()->getDefinition() : nullptr;
  if (!Def || !Def->hasBody() || Arg >= Def->getNumParams())
    return std::nullopt;
  FunctionState Filler = stateOfOther(Def);
  const ParmVarDecl *Param = Def->getParamDecl(Arg);
  QualType Element = elementTypeOfArrayParameter(Param);
  if (!Filler.Facts || Element.isNull())
    return std::nullopt;
  llvm::ArrayRef<FunctionFacts::Write> Writes =
      Filler.Facts->elementWritesOf(Param);
  std::optional<Finding> Found;
  if (std::optional<Hazard> H = elementHazard(Writes, Element, IsDispl, Filler))
    Found = Finding{Finding::FilledArray, Index, *H};
  else
    Found = findCarriedElement(Writes, Index, Filler);
  if (Found) {
    Found->Var = Array;
    Found->StoredIn = Def;
    Found->FillingCall = Helper;
  }
  return Found;
}

std::optional<LargeCountCheck::Finding>
LargeCountCheck::findSummingHelper(const VarDecl *Array, const CallExpr *Call,
                                   unsigned Index, FunctionState &FS) {
  auto [Helper, Arg] =
      fillingCall(Array, Call, *FS.Facts, Context->getSourceManager());
  if (!Helper)
    return std::nullopt;
  std::optional<FunctionAnalyses::ParameterSum> Sum =
      Analyses->summedParameter(Helper->getDirectCallee(), Arg);
  if (!Sum)
    return std::nullopt;
  Finding Found{Finding::RunningSum, Index, {}};
  Found.Var = Array;
  Found.StoredIn = Helper->getDirectCallee();
  Found.FillingCall = Helper;
  Found.NoteSite = Sum->Store;
  Found.RemoteAt = Sum->Remote;
  return Found;
}

std::optional<LargeCountCheck::Finding>
LargeCountCheck::findArray(const CallExpr *Call, const FunctionInfo &F,
                           unsigned Index, FunctionState &FS) {
  const ParamInfo &P = F.Params[Index];
  const VarDecl *Array = viewedArray(Call->getArg(Index));
  if (!Array && FS.Facts)
    return findMemberArray(Call, F, Index, FS);
  if (!Array || !FS.Facts)
    return std::nullopt;
  bool IsDispl = P.Kind == ParamKind::DisplArray;
  QualType Element =
      Array->getType()->isArrayType()
          ? Context->getAsArrayType(Array->getType())->getElementType()
      : Array->getType()->isPointerType()
          ? Array->getType()->getPointeeType()
          : elementTypeOfContainer(Array->getType()->getAsCXXRecordDecl());
  // Only the stores that can still be there at the call: an array refilled
  // with new constants before a second call is judged by those.
  llvm::SmallVector<FunctionFacts::Write, 4> Writes =
      FS.Facts->elementWritesReaching(Array, Call);
  dropRefilled(Writes, Call, F, FS);
  // The last sum before the call is the one the note names: an array
  // refilled by a second loop for a second call wraps there.
  for (const FunctionFacts::Write &W : llvm::reverse(Writes)) {
    if (!IsDispl || !W.Value)
      continue;
    const VarDecl *Accumulator = referencedVariable(W.Value);
    bool RunningSum = storesRunningSum(W, Array, *FS.Facts);
    if (RunningSum && runningSumFits(W, Array, Accumulator, Element, Call, FS))
      continue;
    if (RunningSum) {
      Finding Found{Finding::RunningSum, Index, {}};
      Found.Var = Array;
      Found.NoteSite = W.Site;
      if (Accumulator && !Accumulator->getType()->isPointerType())
        Found.Accumulator = Accumulator;
      return Found;
    }
  }
  // MPI_Aint displacements filled from an int running total (`dsp[i] =
  // (MPI_Aint)off * tsize; off += n;`): widened as it is stored, the total
  // has wrapped already.
  if (P.Kind == ParamKind::WideArray && P.Name.contains("disp"))
    for (const FunctionFacts::Write &W : Writes)
      if (std::optional<Finding> Found = findWrappedTotal(W, Index, FS)) {
        Found->Var = Array;
        return Found;
      }
  // std::partial_sum / exclusive_scan of int counts into it, or a helper
  // of this unit that sums into the array it is handed.
  // (What MPI reads: a std::vector's elements through its data().)
  QualType Read = Call->getArg(Index)->getType()->getPointeeType();
  if (IsDispl && !Read.isNull() && Read->isIntegerType() &&
      Context->getIntWidth(Read) < 64) {
    if (const CallExpr *Scan = scanInto(Array, FS)) {
      Finding Found{Finding::RunningSum, Index, {}};
      Found.Var = Array;
      Found.NoteSite = Scan;
      return Found;
    }
    if (std::optional<Finding> Found = findSummingHelper(Array, Call, Index, FS))
      return Found;
  }
  std::optional<Finding> Found;
  if (std::optional<Hazard> H = elementHazard(
          Writes, Element, IsDispl || P.Name.contains("disp"), FS))
    Found = Finding{Finding::FilledArray, Index, *H};
  else
    Found = findCarriedElement(Writes, Index, FS);
  if (!Found)
    Found = findGatheredElement(Array, Call, Index, FS);
  if (Found)
    Found->Var = Array;
  else
    Found = findFillingHelper(Array, Call, Index,
                              IsDispl || P.Name.contains("disp"), FS);
  return Found;
}

/// The term a running sum of \p Array adds per element: `counts[i-1]` of
/// `displs[i] = displs[i-1] + counts[i-1]`, `n` of `displs[i] = off;` with
/// `off += n` on \p Accumulator. Null for any other shape.
static const Expr *runningSumTerm(const FunctionFacts::Write &W,
                                  const VarDecl *Array,
                                  const VarDecl *Accumulator,
                                  const FunctionFacts &Facts) {
  if (Accumulator) {
    // The sum that runs with the store: that of its loop.
    const Stmt *Loop = Facts.outermostLoopAround(W.Site);
    const Expr *Term = nullptr;
    for (const FunctionFacts::Write &AW : Facts.writesOf(Accumulator))
      if (const auto *Add = dyn_cast<CompoundAssignOperator>(AW.Site);
          Add && AW.Accumulates && Loop && Facts.isWithin(Add, Loop)) {
        if (Term || Add->getOpcode() != BO_AddAssign)
          return nullptr;
        Term = Add->getRHS();
      }
    return Term;
  }
  const auto *Sum = dyn_cast_or_null<BinaryOperator>(
      W.Value ? W.Value->IgnoreParenImpCasts() : nullptr);
  if (!Sum || Sum->getOpcode() != BO_Add)
    return nullptr;
  if (indexedVariable(Sum->getLHS()) == Array)
    return Sum->getRHS();
  if (indexedVariable(Sum->getRHS()) == Array)
    return Sum->getLHS();
  return nullptr;
}

/// The locals that `+=` the elements of \p Summed inside \p Loop.
static void totalsOf(const Stmt *S, const VarDecl *Summed,
                     llvm::SmallVectorImpl<const VarDecl *> &Out) {
  if (const auto *Add = dyn_cast<CompoundAssignOperator>(S);
      Add && Add->getOpcode() == BO_AddAssign &&
      indexedVariable(Add->getRHS()) == Summed)
    if (const VarDecl *Total = referencedVariable(Add->getLHS()))
      Out.push_back(Total);
  for (const Stmt *Child : S->children())
    if (Child && !isa<LambdaExpr>(Child))
      totalsOf(Child, Summed, Out);
}

/// What write \p W stores, where it stores it.
static std::optional<Interval> storedValue(const FunctionFacts::Write &W,
                                           RangeAnalysis &Ranges) {
  if (!W.Value)
    return std::nullopt;
  std::optional<RangeAnalysis::Result> R =
      Ranges.evaluateAt(W.Value, W.Site, Ranges.constraintsAt(W.Site));
  return R ? std::optional(R->Range) : std::nullopt;
}

/// How many times \p S runs, at most, when the only loop around it counts
/// upwards by additions: the values its counter takes there.
static std::optional<WideInt>
turnsAround(const Stmt *S, const FunctionFacts &Facts, RangeAnalysis &Ranges) {
  const auto *For = dyn_cast_or_null<ForStmt>(Facts.outermostLoopAround(S));
  const VarDecl *Counter = For ? addingCounterOf(For) : nullptr;
  if (!Counter)
    return std::nullopt;
  for (const Stmt *P = Facts.parentOf(S); P && P != For; P = Facts.parentOf(P))
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(P))
      return std::nullopt;
  Constraints At = Ranges.constraintsAt(S);
  auto Values = At.find(Counter);
  if (Values == At.end() || Values->second.Lo > Values->second.Hi)
    return std::nullopt;
  return Values->second.Hi - Values->second.Lo + 1;
}

std::optional<WideInt> LargeCountCheck::histogramItems(const VarDecl *Counts,
                                                       const CallExpr *Call,
                                                       FunctionState &FS) {
  // Zeroed, then stepped by one per turn of a counted loop (`++counts[
  // owner(t)]` for each item t): the counts add up to the turns.
  // Filled by anything else (a gather, memset), they count something else.
  for (const DeclRefExpr *Use : FS.Facts->usesOf(Counts)) {
    const Stmt *P = FS.Facts->parentOf(Use);
    while (P && isa<ImplicitCastExpr, ParenExpr, CStyleCastExpr>(P))
      P = FS.Facts->parentOf(P);
    if (isa_and_nonnull<CallExpr>(P) && P != Call &&
        !FS.Facts->runsOnlyAfter(P, Call))
      return std::nullopt;
  }
  WideInt Items = 0;
  bool Stepped = false;
  for (const FunctionFacts::Write &W :
       FS.Facts->elementWritesReaching(Counts, Call)) {
    if (!W.Accumulates) {
      std::optional<Interval> Value = storedValue(W, *FS.Ranges);
      if (!Value || Value->Lo != 0 || Value->Hi != 0)
        return std::nullopt;
      continue;
    }
    std::optional<WideInt> Turns =
        isUnitStep(W.Site) ? turnsAround(W.Site, *FS.Facts, *FS.Ranges)
                           : std::nullopt;
    if (!Turns)
      return std::nullopt;
    Items += *Turns;
    Stepped = true;
  }
  return Stepped ? std::optional(Items) : std::nullopt;
}

bool LargeCountCheck::runningSumFits(const FunctionFacts::Write &W,
                                     const VarDecl *Array,
                                     const VarDecl *Accumulator,
                                     QualType Element, const CallExpr *Call,
                                     FunctionState &FS) {
  std::optional<Interval> Type = Interval::ofType(Element, *Context);
  const Expr *Term = runningSumTerm(W, Array, Accumulator, *FS.Facts);
  if (!Type || !Term || !FS.Ranges)
    return false;
  if (const VarDecl *Summed = indexedVariable(Term)) {
    // The partial sums of counts are at most their whole: a total of the
    // same elements, checked before the call, bounds every displacement.
    if (const Stmt *Loop = FS.Facts->outermostLoopAround(W.Site)) {
      llvm::SmallVector<const VarDecl *, 2> Totals;
      totalsOf(Loop, Summed, Totals);
      Constraints AtCall = FS.Ranges->constraintsAt(Call);
      for (const VarDecl *Total : Totals) {
        auto Bound = AtCall.find(Total);
        if (Total != Accumulator && Bound != AtCall.end() &&
            Bound->second.Hi <= Type->Hi)
          return true;
      }
    }
    // Counts of a histogram sum to the items counted, at most: every
    // partial sum of them is within that.
    if (std::optional<WideInt> Items = histogramItems(Summed, Call, FS);
        Items && *Items <= Type->Hi)
      return true;
  }
  // Each turn of the loop adds at most the largest term, to a start that
  // is one more term at most (`displs[0] = 0`, `off = 0`).
  std::optional<WideInt> Turns = turnsAround(W.Site, *FS.Facts, *FS.Ranges);
  Constraints C = FS.Ranges->constraintsAt(W.Site);
  std::optional<RangeAnalysis::Result> Each =
      FS.Ranges->evaluateAt(Term, W.Site, C);
  if (!Turns || !Each || Each->Range.Lo < 0)
    return false;
  const Stmt *Loop = FS.Facts->outermostLoopAround(W.Site);
  auto WithinOneTerm = [&](const FunctionFacts::Write &Start) {
    if (Start.Site == W.Site)
      return true;
    if (Start.Accumulates) // the sum's own step
      return FS.Facts->isWithin(Start.Site, Loop);
    std::optional<Interval> Value = storedValue(Start, *FS.Ranges);
    return Value && Value->Lo >= 0 && Value->Hi <= Each->Range.Hi;
  };
  if (!llvm::all_of(Accumulator ? FS.Facts->writesOf(Accumulator)
                                : FS.Facts->elementWritesOf(Array),
                    WithinOneTerm))
    return false;
  return (*Turns + 1) * Each->Range.Hi <= Type->Hi;
}

std::optional<LargeCountCheck::Finding>
LargeCountCheck::findWrappedTotal(const FunctionFacts::Write &W,
                                  unsigned Index, FunctionState &FS) {
  if (!W.Value || !FS.Ranges)
    return std::nullopt;
  llvm::SmallVector<const VarDecl *, 4> Carried;
  carriedVariables(W.Value, Carried);
  for (const VarDecl *V : Carried)
    if (const CompoundAssignOperator *Sum = FS.Ranges->runningTotalAt(V, W.Site)) {
      Finding Found{Finding::RunningSum, Index, {}};
      Found.NoteSite = Sum;
      Found.Accumulator = V;
      return Found;
    }
  return std::nullopt;
}

/// Whether the first read of the local \p Out after \p Query compares it
/// with MPI_UNDEFINED: the program handles a count its 'int' cannot hold.
static bool checksForUndefined(const VarDecl *Out, const CallExpr *Query,
                               const FunctionFacts &Facts,
                               const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const DeclRefExpr *First =
      Facts.firstUseAfter(Out, SM.getFileLoc(Query->getEndLoc()));
  const auto *Compare =
      dyn_cast_or_null<BinaryOperator>(First ? Facts.readerOf(First) : nullptr);
  return Compare && Compare->isEqualityOp() &&
         (isSpelledAs(Compare->getLHS(), ModelConstant::UNDEFINED, Ctx) ||
          isSpelledAs(Compare->getRHS(), ModelConstant::UNDEFINED, Ctx));
}

/// Whether \p S lies in the condition of a loop (`for (i = 0; i != n; ...)`):
/// there an equality test bounds the loop, as a relational one would.
static bool isInLoopCondition(const Stmt *S, const FunctionFacts &Facts) {
  for (const Stmt *Child = S, *P = Facts.parentOf(S); P;
       Child = P, P = Facts.parentOf(P)) {
    if (const auto *For = dyn_cast<ForStmt>(P))
      return Child == For->getCond();
    if (const auto *While = dyn_cast<WhileStmt>(P))
      return Child == While->getCond();
    if (const auto *Do = dyn_cast<DoStmt>(P))
      return Child == Do->getCond();
    if (isa<CompoundStmt>(P))
      return false;
  }
  return false;
}

/// How the function names a local 'int' output: a plain read, a whole
/// assignment to it, or its address handed to an MPI query that writes it.
/// Any other use (an address kept, a reference bound) could read it later
/// without naming it.
enum class OutputUse { Read, Assigned, HandedToMPI, Other };

static OutputUse classifyOutputUse(const DeclRefExpr *Use,
                                   const FunctionFacts &Facts) {
  const Stmt *P = Facts.parentOf(Use);
  while (isa_and_nonnull<ParenExpr>(P))
    P = Facts.parentOf(P);
  if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(P))
    return Cast->getCastKind() == CK_LValueToRValue ? OutputUse::Read
                                                    : OutputUse::Other;
  if (const auto *Assign = dyn_cast_or_null<BinaryOperator>(P))
    return Assign->getOpcode() == BO_Assign &&
                   Assign->getLHS()->IgnoreParens() == Use
               ? OutputUse::Assigned
               : OutputUse::Other;
  const auto *Address = dyn_cast_or_null<UnaryOperator>(P);
  if (!Address || Address->getOpcode() != UO_AddrOf)
    return OutputUse::Other;
  const auto *Call = dyn_cast_or_null<CallExpr>(Facts.readerOf(Address));
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  const FunctionInfo *F = Callee ? lookupClassic(*Callee) : nullptr;
  if (!F)
    return OutputUse::Other;
  for (unsigned I = 0; I < Call->getNumArgs() && I < F->Params.size(); ++I)
    if (Call->getArg(I)->IgnoreParenImpCasts() == Address)
      return F->Params[I].Kind == ParamKind::CountOut ? OutputUse::HandedToMPI
                                                      : OutputUse::Other;
  return OutputUse::Other;
}

const OutputReads &LargeCountCheck::outputReads(const VarDecl *Out,
                                                FunctionState &FS) {
  auto Listed = FS.OutputReadsOf.try_emplace(Out);
  OutputReads &Reads = Listed.first->second;
  if (!Listed.second)
    return Reads;
  // A lambda's reads are not listed.
  if (FS.Facts->isCaptured(Out))
    return Reads;
  Reads.emplace();
  for (const DeclRefExpr *Use : FS.Facts->usesOf(Out)) {
    OutputUse Kind = classifyOutputUse(Use, *FS.Facts);
    if (Kind == OutputUse::Other) {
      Reads.reset();
      break;
    }
    if (Kind == OutputUse::Read)
      Reads->push_back(Use);
  }
  return Reads;
}

/// Whether every read of the local \p Out that the value \p Query stores
/// can reach tests it for equality or prints it. For a count over 2^31-1
/// the query stores MPI_UNDEFINED, which is unequal to every count an 'int'
/// can hold, as the count itself is: `check(count == 1)` and `if (n !=
/// expected[i])` answer as they would with the exact count, and a printed
/// MPI_UNDEFINED sizes nothing.
static bool onlyTestsClippedCount(const VarDecl *Out, const CallExpr *Query,
                                  const OutputReads &Reads,
                                  const FunctionFacts &Facts,
                                  const ASTContext &Ctx) {
  if (!Reads)
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation After = SM.getFileLoc(Query->getEndLoc());
  // A later turn of a loop around the query reads it before the query too.
  const Stmt *Loop = Facts.outermostLoopAround(Query);
  const FunctionFacts::Write Stored{nullptr, Query, false};
  bool Tested = false; // an output nobody reads is left to the other rules
  for (const DeclRefExpr *Use : *Reads) {
    bool Reached =
        (SM.isBeforeInTranslationUnit(After, SM.getFileLoc(Use->getBeginLoc())) ||
         (Loop && Facts.isWithin(Use, Loop))) &&
        !Facts.overwrittenBefore(Stored, Out, Use);
    if (!Reached)
      continue;
    const Stmt *Reader = Facts.readerOf(Use);
    if (const auto *Compare = dyn_cast_or_null<BinaryOperator>(Reader))
      if (Compare->isEqualityOp() && !isInLoopCondition(Compare, Facts)) {
        Tested = true;
        continue;
      }
    if (const auto *Print = dyn_cast_or_null<CallExpr>(Reader))
      if (const FunctionDecl *Callee = Print->getDirectCallee())
        if (Callee->hasAttr<FormatAttr>() && Callee->isVariadic())
          continue;
    return false;
  }
  return Tested;
}

std::optional<LargeCountCheck::Finding>
LargeCountCheck::findOutput(const CallExpr *Call, const FunctionInfo &F,
                            unsigned Index, FunctionState &FS) {
  bool ReceivedCount = llvm::any_of(F.Params, [](const ParamInfo &P) {
    return P.Role == ParamRole::STATUS;
  });
  Finding Found{ReceivedCount ? Finding::ReceivedCount : Finding::SizeOutput,
                Index, {}};
  Found.Var = outputVariable(Call->getArg(Index));
  if (ReceivedCount) {
    // The model bounds it by the count of the receive that filled the status.
    const ModelInfo *M = lookupModel(*Call->getDirectCallee());
    QualType Out = Call->getArg(Index)->getType();
    std::optional<Interval> OutRange =
        Out->isPointerType() ? Interval::ofType(Out->getPointeeType(), *Context)
                             : std::nullopt;
    if (M && OutRange && FS.Ranges)
      if (std::optional<Interval> R = FS.Ranges->statusCount(Call, *M))
        if (R->within(*OutRange))
          return std::nullopt;
    if (Found.Var && Found.Var->hasLocalStorage() && FS.Facts &&
        (checksForUndefined(Found.Var, Call, *FS.Facts, *Context) ||
         onlyTestsClippedCount(Found.Var, Call, outputReads(Found.Var, FS),
                               *FS.Facts, *Context)))
      return std::nullopt;
    return Found;
  }
  // Type and pack sizes: a problem when the datatype is known to be large.
  for (unsigned I = 0; I < F.Params.size(); ++I)
    if (F.Params[I].Role == ParamRole::DTYPE)
      if (const VarDecl *T = referencedVariable(Call->getArg(I)))
        if (const CallExpr *Constructor = FS.LargeTypes.lookup(T))
          Found.NoteSite = Constructor;
  if (!Found.NoteSite && !WarnOnAllSizeQueries)
    return std::nullopt;
  return Found;
}

llvm::SmallVector<FunctionFacts::Write, 4>
LargeCountCheck::elementWritesOf(const Expr *Arg, const CallExpr *Call,
                                 FunctionState &FS) {
  if (const VarDecl *Array = viewedArray(Arg))
    return FS.Facts->elementWritesReaching(Array, Call);
  auto [Base, Field] = memberOfVariable(Arg);
  if (!Base)
    return {};
  llvm::ArrayRef<FunctionFacts::Write> W =
      FS.Facts->memberElementWritesOf(Base, Field);
  return {W.begin(), W.end()};
}

/// The member \p Arg hands to MPI: `s->displs`, or `s.displs.data()` of a
/// std::vector member; with the type of its elements.
static std::pair<const MemberExpr *, QualType>
memberArrayOf(const Expr *Arg, const ASTContext &Ctx) {
  Arg = Arg->IgnoreParenImpCasts();
  if (const auto *Data = dyn_cast<CXXMemberCallExpr>(Arg)) {
    const CXXMethodDecl *M = Data->getMethodDecl();
    const auto *Read = isDataAccessor(M)
                           ? dyn_cast<MemberExpr>(
                                 Data->getImplicitObjectArgument()->IgnoreParenImpCasts())
                           : nullptr;
    QualType Element =
        Read ? elementTypeOfContainer(Read->getType()->getAsCXXRecordDecl())
             : QualType();
    return {Element.isNull() ? nullptr : Read, Element};
  }
  const auto *Read = dyn_cast<MemberExpr>(Arg);
  if (!Read)
    return {nullptr, QualType()};
  QualType T = Read->getMemberDecl()->getType();
  return {Read, T->isArrayType() ? Ctx.getAsArrayType(T)->getElementType()
                                 : T->getPointeeType()};
}

/// The member of the template \p Field's record was instantiated from
/// (the unit's stores are recorded in the template's own functions), or
/// Field itself.
static const FieldDecl *templateMember(const FieldDecl *Field) {
  const auto *Record = dyn_cast<CXXRecordDecl>(Field->getParent());
  const CXXRecordDecl *Pattern =
      Record ? Record->getTemplateInstantiationPattern() : nullptr;
  if (!Pattern || Pattern == Record)
    return Field;
  for (const FieldDecl *Own : Pattern->fields())
    if (Own->getDeclName() == Field->getDeclName())
      return Own;
  return Field;
}

std::optional<LargeCountCheck::Finding>
LargeCountCheck::findMemberArray(const CallExpr *Call, const FunctionInfo &F,
                                 unsigned Index, FunctionState &FS) {
  auto [Read, Element] = memberArrayOf(Call->getArg(Index), *Context);
  const auto *Field = Read ? dyn_cast<FieldDecl>(Read->getMemberDecl()) : nullptr;
  if (!Field || Element.isNull() || !Element->isIntegerType())
    return std::nullopt;
  // c_info->rdispl[i] = r_num * i: the stores this function makes through
  // the variable passed here, followed to the call.
  const VarDecl *Base = memberOfVariable(Read).first;
  if (Base) {
    llvm::ArrayRef<FunctionFacts::Write> Writes =
        FS.Facts->memberElementWritesOf(Base, Field);
    if (std::optional<Hazard> H = elementHazard(
            Writes, Element, F.Params[Index].Name.contains("disp"), FS))
      return Finding{Finding::FilledArray, Index, *H};
    if (std::optional<Finding> Found = findCarriedElement(Writes, Index, FS))
      return Found;
  }
  // Then every other store of the unit (through `this`, another variable,
  // another function): a halo's counts are often filled where it is set up
  // and handed to MPI where it is exchanged; its displacements, as a
  // running sum there.
  llvm::ArrayRef<PlainStore> Stores =
      Analyses->memberElementStores(templateMember(Field));
  if (F.Params[Index].Kind == ParamKind::DisplArray)
    if (std::optional<Finding> Found = findRunningSumElsewhere(
            Stores, Field, Index, Base ? FS.Facts : nullptr))
      return Found;
  return findStoreElsewhere(Stores, Field,
                            Element, /*MayBeNegative=*/false,
                            Finding::FilledArray, Index,
                            Base ? FS.Facts : nullptr);
}

void LargeCountCheck::rememberLargeType(const CallExpr *Call,
                                        const FunctionInfo &F,
                                        FunctionState &FS) {
  for (unsigned I = 0; I < F.Params.size(); ++I)
    if (F.Params[I].Role == ParamRole::DTYPE_OUT)
      if (const VarDecl *T = outputVariable(Call->getArg(I)))
        FS.LargeTypes[T] = Call;
}

//===----------------------------------------------------------------------===//
// Fixes
//===----------------------------------------------------------------------===//

/// Adds the names of the functions \p Scope declares, and those of its
/// extern "C" blocks, to \p Names.
static void listFunctions(const DeclContext *Scope,
                          llvm::DenseSet<const IdentifierInfo *> &Names) {
  for (const Decl *D : Scope->decls()) {
    if (const auto *Linkage = dyn_cast<LinkageSpecDecl>(D))
      listFunctions(Linkage, Names);
    else if (const auto *F = dyn_cast<FunctionDecl>(D))
      if (const IdentifierInfo *Id = F->getIdentifier())
        Names.insert(Id);
  }
}

bool LargeCountCheck::declaresLargeForm(const FunctionInfo &F) {
  auto Id = Context->Idents.find(F.mpi4Name());
  if (Id == Context->Idents.end())
    return false;
  if (DeclaredIn != Context) {
    DeclaredFunctions.clear();
    listFunctions(Context->getTranslationUnitDecl(), DeclaredFunctions);
    DeclaredIn = Context;
  }
  return DeclaredFunctions.contains(Id->getValue());
}

std::string LargeCountCheck::largeName(const FunctionInfo &F) const {
  return useMPIX() ? F.mpixName() : F.mpi4Name();
}

bool LargeCountCheck::useMPIX() const {
  if (Target == "auto")
    return !TUHasMPI4;
  return Target == "mpix";
}

/// Makes an argument's own expression wide; variables that must change type
/// are planned by planFix.
void LargeCountCheck::planArgumentFix(const ParamInfo &P, const Expr *Arg,
                                      const Hazard &H, TypeMigration &M,
                                      FixPlan &Plan) {
  if (H.Kind == Hazard::ConstantNegative) {
    Plan.block(H.Source->getBeginLoc(),
               "a negative count is a bug, not a large count");
  } else if (H.ComputedInInt) {
    // The whole argument is computed wide: the first operand of the product
    // and of every product or sum in it computed on its own.
    StringRef Type = P.Kind == ParamKind::Wide ? P.ClassicType : "MPI_Count";
    M.widenExpression(Arg, Type, Plan);
  } else if (H.ExplicitCast) {
    // (int)v.size() becomes v.size(): the _c parameter takes it whole.
    CharSourceRange Cast = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(H.ExplicitCast->getSourceRange()),
        Context->getSourceManager(), Context->getLangOpts());
    // Kept as written where it can be: a line comment inside must stay on
    // its line.
    std::string Inner = sourceTextOf(H.Source, *Context).str();
    if (Inner.empty())
      Inner = textOf(H.Source, *Context);
    if (!Cast.isValid() || Inner.empty())
      Plan.block(H.ExplicitCast->getBeginLoc(), "the cast is inside a macro");
    else
      Plan.Hints.push_back(FixItHint::CreateReplacement(
          Cast, H.Source->getType()->isIntegerType() &&
                        !isa<DeclRefExpr, CallExpr, MemberExpr,
                             CXXMemberCallExpr, ArraySubscriptExpr>(
                            H.Source->IgnoreImpCasts())
                    ? "(" + Inner + ")"
                    : Inner));
  }
}

FixPlan LargeCountCheck::planFix(const CallExpr *Call, const FunctionInfo &F,
                                 const FunctionDecl *Caller,
                                 llvm::ArrayRef<Finding> Findings,
                                 FunctionState &FS,
                                 std::optional<unsigned> &BlockingFinding) {
  FixPlan Plan;
  TUHasMPI4 = declaresLargeForm(F);
  if (!FS.Facts) {
    Plan.block(Call->getBeginLoc(), "the call is outside a function");
    return Plan;
  }
  // A wide offset alone needs no new function; anything else does.
  bool NeedsRename = llvm::any_of(Findings, [&F](const Finding &Found) {
    ParamKind Kind = F.Params[Found.Index].Kind;
    return Found.What != Finding::BufferOffset && Kind != ParamKind::Wide &&
           Kind != ParamKind::WideArray;
  });
  if (NeedsRename && Target == "mpi4" && !TUHasMPI4) {
    Plan.block(Call->getBeginLoc(),
               F.mpi4Name() + " is not declared by this mpi.h (an MPI-3 "
                              "library); use mpix-large-count.Target=mpix");
    return Plan;
  }
  if (NeedsRename && useMPIX() && F.NewInMPI4 && !TUHasMPI4) {
    Plan.block(Call->getBeginLoc(), F.mpixName() +
                                        " needs an MPI-4 library: MPI-3 has "
                                        "no " + F.classicName());
    return Plan;
  }
  TypeMigration M(*Context, *FS.Facts, Caller, Call, F,
                  [this](const FunctionInfo &G) { return largeName(G); });
  M.widensReachingParameters(reachingParameters());
  // Another call the retyped locals rename must be able to take the count.
  M.blocksFollowedCalls([this, Caller, &FS](const CallExpr *Other) {
    return allocatorBlock(Other, Caller, FS);
  });
  // The large-count form takes MPI_Count / MPI_Aint arrays and outputs, so
  // every variable passed there changes type with the call. They are all
  // known before any use is checked, so that values may flow between them.
  llvm::SmallVector<std::pair<const VarDecl *, StringRef>, 4> Followers;
  llvm::SmallVector<std::pair<const VarDecl *, StringRef>, 1> WidenStoresOf;
  if (NeedsRename)
    for (const LargeFormArgument &A : largeFormArguments(Call, F, *Context)) {
      if (!A.Var) {
        Plan.block(A.Arg->getBeginLoc(), "'" + textOf(A.Arg, *Context) +
                                             "' must become " +
                                             A.NewType.str() + " by hand");
        continue;
      }
      Followers.push_back({A.Var, A.NewType});
    }
  // Plans one finding's part; true: the plan is over (blocked, or done).
  auto PlanFinding = [&](const Finding &Found) -> bool {
    if (blocksStoreFix(Found, Plan))
      return true;
    // `return nx * ny * nz;` in a helper: widening the call here would
    // carry its wrapped value to the _c call, and hide it from the next
    // run; the helper returns MPI_Count instead.
    if (planHelperReturnFix(Found.H, Caller, Plan) && !Plan.ok())
      return true;
    // The array's element type is the count's: retyping an array (and
    // what allocates it) is left to the user.
    if (Found.What == Finding::ElementRead) {
      Plan.block(Found.H.Source->getBeginLoc(),
                 "the count is read from '" +
                     Found.ReadArray->getNameAsString() +
                     "', whose elements must become MPI_Count by hand");
      return true;
    }
    // MPI_Count would carry a negative count to the _c call just the same.
    if (Found.What == Finding::LocalVariable &&
        Found.H.Kind == Hazard::ConstantNegative) {
      Plan.block(Found.H.Source->getBeginLoc(),
                 "a negative count is a bug, not a large count");
      return true;
    }
    // A local already 64 bits wide (MPI_Count n = nx * ny) keeps its type:
    // what it is given is computed as wide instead.
    if (Found.What == Finding::LocalVariable &&
        Context->getIntWidth(Found.Var->getType()) >= 64)
      WidenStoresOf.push_back({Found.Var, "MPI_Count"});
    else if (Found.What == Finding::LocalVariable)
      Followers.push_back({Found.Var, "MPI_Count"});
    // `nrows = size2 / np` carries size2 to the call: widened alone, size2
    // would be narrowed into nrows instead.
    if (Found.Carrier && Context->getIntWidth(Found.Carrier->getType()) < 64)
      Followers.push_back({Found.Carrier, "MPI_Count"});
    // The array widened alone would hold the truncated value (gathered,
    // the collective's datatypes follow the two).
    if (Found.CarriedFrom)
      Followers.push_back({Found.CarriedFrom, "MPI_Count"});
    // Retyped, the operand carries its whole value into the widened
    // arithmetic; a 64-bit one gets its stores computed wide instead.
    if (const auto &Operand = Found.HazardousOperand) {
      if (Context->getIntWidth(Operand->first->getType()) >= 64)
        WidenStoresOf.push_back({Operand->first, "MPI_Count"});
      else
        Followers.push_back({Operand->first, "MPI_Count"});
    }
    // An int offset into the buffer, or an int local the buffer is
    // allocated with, widened as the count is.
    for (const NarrowSize &Size : Found.BufferSizes)
      if (Size.isVariable()) {
        const VarDecl *V = Size.variable();
        // A caller's local, or that of the function allocating a global:
        // this function's migration cannot retype it.
        if (V->getParentFunctionOrMethod() != Caller) {
          Plan.block(Size.Arithmetic->getBeginLoc(), foreignLocalReason(Size));
          return true;
        }
        const char *Type =
            Size.Kind == NarrowSize::OffsetVariable ? "MPI_Aint" : "MPI_Count";
        Followers.push_back({V, Type});
        WidenStoresOf.push_back({V, Type});
      }
    // The sum must be computed as wide as the displacements it fills.
    if (Found.Accumulator)
      Followers.push_back({Found.Accumulator, "MPI_Aint"});
    if (const auto *Scan = dyn_cast_or_null<CallExpr>(Found.NoteSite))
      if (std::optional<StandardSum> Sum = standardSum(Scan)) {
        if (!Sum->Init) {
          Plan.block(Scan->getBeginLoc(),
                     "'" + Scan->getDirectCallee()->getQualifiedNameAsString() +
                         "' sums in the type of its input: use "
                         "std::exclusive_scan with an MPI_Aint initial value");
          return true;
        }
        M.widenExpression(Scan, "MPI_Aint", Plan);
      }
    return false;
  };
  for (unsigned I = 0; I < Findings.size(); ++I) {
    bool Over = PlanFinding(Findings[I]);
    if (!Plan.ok() && !BlockingFinding)
      BlockingFinding = I;
    if (Over)
      return Plan;
  }
  // A local retyped by an earlier plan of this function that renamed this
  // call too: that plan's edits are all of this one's. Planning again cost
  // every use of the local for every call passing it. They go with this
  // warning too, in case clang-tidy drops the earlier one (FixDelivery.h).
  const VarDecl *Sole = soleRetypedLocal(Call, F, Findings, Followers);
  if (Sole && NeedsRename && Plan.ok()) {
    auto Covered = FS.CoveredCalls.find(Sole);
    if (Covered != FS.CoveredCalls.end() &&
        Covered->second.Renamed.count(Call)) {
      Plan.SharedHints = Covered->second.Hints;
      return Plan;
    }
  }
  // `int total = std::accumulate(v.begin(), v.end(), 0)` over a widened v.
  for (size_t I = 0; I < Followers.size(); ++I)
    for (const VarDecl *Holder : sumHoldersOf(Followers[I].first, M, FS))
      if (llvm::none_of(Followers, [&](const auto &F) { return F.first == Holder; }))
        Followers.push_back({Holder, "MPI_Count"});
  llvm::DenseSet<const VarDecl *> Retyped;
  for (const auto &[V, Type] : Followers)
    M.willRetype(V, Type);
  for (const auto &[V, Type] : Followers)
    if (Plan.ok() && Retyped.insert(V).second)
      M.retype(V, Type, Plan);
  M.finish(Plan, &FS.EmittedSplits);
  for (const auto &[V, Type] : WidenStoresOf)
    M.widenStores(FS.Facts->writesOf(V), Type, Plan);
  for (unsigned I = 0; I < Findings.size(); ++I) {
    const Finding &Found = Findings[I];
    if (Found.What == Finding::Argument && !isHelperOverflow(Found.H, Caller))
      planArgumentFix(F.Params[Found.Index], Call->getArg(Found.Index),
                      Found.H, M, Plan);
    // Left narrow, the allocation would be overrun by the message the
    // widened count now describes whole.
    for (const NarrowSize &Size : Found.BufferSizes)
      if (Plan.ok())
        planSizeFix(Size, M, Plan);
    // The same product computed first where a wider value is made of it
    // (the buffer's address, `work + batch * n * parts`) wraps as the
    // count did, and the widened call would hide it: widened with it.
    if (const BinaryOperator *Before = sameProductToWiden(Found, FS);
        Before && Plan.ok() && !Plan.Widened.count(Before))
      M.widenExpression(Before, "MPI_Aint", Plan);
    // And the same product that moves the buffer on for the next call
    // (`offset += batch * size[i]` after sending from `buf + offset`).
    if (const BinaryOperator *Step = productAdvancingBuffer(Call, F, Found, FS);
        Step && Plan.ok() && !Plan.Widened.count(Step))
      M.widenExpression(Step, "MPI_Aint", Plan);
    if (!Plan.ok() && !BlockingFinding)
      BlockingFinding = I;
    // A wide array (MPI_Aint, or MPI_Count in a large-count call) keeps
    // its type: what it is filled with is computed as wide as it.
    if (Found.What == Finding::FilledArray &&
        F.Params[Found.Index].Kind == ParamKind::WideArray)
      M.widenStores(elementWritesOf(Call->getArg(Found.Index), Call, FS),
                    elementTypeOf(F.Params[Found.Index].ClassicType), Plan);
  }
  blockEditsOutsideBranches(Call, Plan);
  if (NeedsRename) {
    M.rename(Call, F, Plan);
    if (useMPIX())
      includeMPIX(Call, Plan);
  }
  blockEditsOfPastedArguments(Plan);
  if (!NeedsRename)
    return Plan;
  if (Sole && Plan.ok()) {
    Plan.SharedHints =
        std::make_shared<const std::vector<FixItHint>>(std::move(Plan.Hints));
    Plan.Hints.clear();
    FS.CoveredCalls[Sole] = {Plan.Renamed, Plan.SharedHints};
  }
  return Plan;
}

llvm::ArrayRef<const VarDecl *>
LargeCountCheck::sumHoldersOf(const VarDecl *V, const TypeMigration &M,
                              FunctionState &FS) {
  auto Found = FS.SumHolders.try_emplace(V);
  if (Found.second)
    Found.first->second = M.sumHoldersOf(V);
  return Found.first->second;
}

/// The one local a plan for \p Call retypes, when nothing else about the
/// plan depends on the call: every finding is that local, passed as a count
/// or as the count output of a query, and \p F takes no arrays, so the call
/// is renamed the same way whether it is the call being fixed or another
/// use of the local.
const VarDecl *LargeCountCheck::soleRetypedLocal(
    const CallExpr *Call, const FunctionInfo &F, llvm::ArrayRef<Finding> Findings,
    llvm::ArrayRef<std::pair<const VarDecl *, StringRef>> Followers) {
  if (Followers.size() != 1 || Findings.empty())
    return nullptr;
  const VarDecl *V = Followers.front().first;
  for (const Finding &Found : Findings)
    if (Found.Var != V || Found.Accumulator ||
        (Found.What != Finding::LocalVariable &&
         Found.What != Finding::ReceivedCount &&
         Found.What != Finding::SizeOutput))
      return nullptr;
  for (unsigned I = 0; I < F.Params.size(); ++I) {
    ParamKind Kind = F.Params[I].Kind;
    if (Kind == ParamKind::CountArray || Kind == ParamKind::DisplArray)
      return nullptr;
    if (Kind == ParamKind::CountOut) {
      if (outputVariable(Call->getArg(I)) != V)
        return nullptr;
    } else if (Kind != ParamKind::Count &&
               referencedVariable(Call->getArg(I)) == V) {
      return nullptr;
    }
  }
  return V;
}

TypeMigration::WidenedByFix LargeCountCheck::reachingParameters() {
  return [this](const FunctionDecl *Callee, unsigned Index) {
    return Params && Params->widensWithItsFix(Callee, Index);
  };
}

void LargeCountCheck::includeMPIX(const CallExpr *Call, FixPlan &Plan) {
  const SourceManager &SM = Context->getSourceManager();
  SourceLocation At = SM.getFileLoc(Call->getBeginLoc());
  FileID File = SM.getFileID(At);
  if (HasMPIXInclude.count(File))
    return;
  // After <mpi.h>; or, when it comes in through a project header, after the
  // last of the file's own includes before the call: <mpix.h> includes
  // <mpi.h> itself.
  SourceLocation After = MPIIncludes.lookup(File);
  auto Ends = IncludeEnds.find(File);
  if (After.isInvalid() && Ends != IncludeEnds.end())
    for (SourceLocation End : Ends->second)
      if (SM.isBeforeInTranslationUnit(End, Call->getBeginLoc()))
        After = End;
  if (After.isInvalid()) {
    Plan.block(Call->getBeginLoc(),
               "this file has no #include before the call to add <mpix.h> "
               "after");
    return;
  }
  if (!Plan.ok())
    return;
  // A call compiled only under `#ifdef USE_MPI` gets the include under the
  // same condition: the build without MPI has no <mpix.h>.
  std::string Include = ConditionalRegions::guarded(
      mpiBranchesOnly(At, After), "\n#include <mpix.h>");
  Plan.Hints.push_back(FixItHint::CreateInsertion(After, Include));
}

llvm::SmallVector<const ConditionalRegions::Branch *, 2>
LargeCountCheck::mpiBranchesOnly(SourceLocation Inside, SourceLocation Outside) {
  const SourceManager &SM = Context->getSourceManager();
  auto Only = Conditionals.holdingOnly(Inside, Outside, SM);
  llvm::erase_if(Only, [this](const ConditionalRegions::Branch *B) {
    return !mpiConditions().contains(B->Condition);
  });
  return Only;
}

const llvm::StringSet<> &LargeCountCheck::mpiConditions() {
  // The conditions under which the unit includes <mpi.h>: the only ones a
  // build without MPI turns off. An `#ifdef USE_RMA_REQUESTS` around a
  // call in a file that always has MPI is no such condition. (MPI's own
  // headers, which include each other under conditions of their own, are
  // not in MPIIncludes.)
  const SourceManager &SM = Context->getSourceManager();
  if (!MPIConditions) {
    MPIConditions.emplace();
    for (const auto &[File, End] : MPIIncludes) {
      if (SM.isInSystemHeader(End))
        continue;
      // The conditions of every file on the way from the main file, a
      // header's include guard aside: mpix.h includes mpi.h under its guard
      // only, and is itself included under `#ifdef USE_MPI`.
      bool Conditional = false;
      for (SourceLocation At = End; At.isValid();
           At = SM.getIncludeLoc(SM.getFileID(At)))
        for (const ConditionalRegions::Branch *B : Conditionals.holding(At, SM))
          if (!B->IncludeGuard) {
            MPIConditions->insert(B->Condition);
            Conditional = true;
          }
      MPIAlways |= !Conditional;
    }
  }
  return *MPIConditions;
}

bool LargeCountCheck::compiledWithoutMPI(SourceLocation At) {
  if (mpiConditions().empty() || MPIAlways)
    return false;
  auto Around = Conditionals.holding(At, Context->getSourceManager());
  return llvm::any_of(mpiConditions().keys(), [&](StringRef Condition) {
    return llvm::none_of(Around, [&](const ConditionalRegions::Branch *B) {
      return B->Condition == Condition;
    });
  });
}

void LargeCountCheck::blockEditsOutsideBranches(const CallExpr *Call,
                                                FixPlan &Plan) {
  const SourceManager &SM = Context->getSourceManager();
  SourceLocation At = SM.getFileLoc(Call->getBeginLoc());
  for (const FixItHint &Hint : Plan.Hints) {
    // Only MPI's types and names are unknown to a build without MPI.
    if (Hint.CodeToInsert.find("MPI") == std::string::npos)
      continue;
    SourceLocation Edit = SM.getFileLoc(Hint.RemoveRange.getBegin());
    auto Only = mpiBranchesOnly(At, Edit);
    if (Only.empty())
      continue;
    StringRef Condition = Only.back()->Condition;
    Condition.consume_front("#if ");
    Plan.block(Edit, "the call is compiled only when '" + Condition.str() +
                         "' holds, and this edit would be made for every "
                         "build");
    return;
  }
}

void LargeCountCheck::blockEditsOfPastedArguments(FixPlan &Plan) {
  const SourceManager &SM = Context->getSourceManager();
  for (const FixItHint &Hint : Plan.Hints) {
    if (!Plan.ok())
      return;
    SourceLocation Edit = Hint.RemoveRange.getBegin();
    if (std::optional<std::string> Why = Arguments.pastedArgument(Edit, SM))
      Plan.block(Edit, *Why);
  }
}

void LargeCountCheck::includeMPIFor(const FunctionDecl *D, FixPlan &Plan) {
  const SourceManager &SM = Context->getSourceManager();
  SourceLocation Before = SM.getFileLoc(D->getBeginLoc());
  FileID File = SM.getFileID(Before);
  if (File.isInvalid() || MPIIncludes.count(File) || HasMPIXInclude.count(File))
    return;
  // The main file may know MPI through a header of its own; a header must
  // know it by itself.
  if (File == SM.getMainFileID() &&
      !Context->getTranslationUnitDecl()
           ->lookup(&Context->Idents.get("MPI_Count"))
           .empty())
    return;
  // After the file's last include before the declaration.
  SourceLocation After;
  auto Ends = IncludeEnds.find(File);
  if (Ends != IncludeEnds.end())
    for (SourceLocation End : Ends->second)
      if (SM.isBeforeInTranslationUnit(End, Before))
        After = End;
  if (After.isValid()) {
    Plan.Hints.push_back(FixItHint::CreateInsertion(After, "\n#include <mpi.h>"));
    return;
  }
  // Or on a line of its own before the file's first declaration, at file
  // scope (inside an include guard, outside extern "C" blocks): one place
  // for every fix that needs it, so that they share one edit.
  SourceLocation First = Before;
  for (const Decl *TopLevel : Context->getTranslationUnitDecl()->decls()) {
    SourceLocation At = SM.getExpansionLoc(TopLevel->getBeginLoc());
    if (At.isValid() && SM.getFileID(At) == File) {
      First = At;
      break;
    }
  }
  auto [ID, Offset] = SM.getDecomposedLoc(First);
  unsigned Line = SM.getLineNumber(ID, Offset);
  SourceLocation LineStart = SM.translateLineCol(ID, Line, 1);
  if (Line > 1) {
    Plan.Hints.push_back(FixItHint::CreateInsertion(
        LineStart.getLocWithOffset(-1), "\n#include <mpi.h>"));
    return;
  }
  // The file starts with the declaration: the include goes with the edit
  // of its type there, if there is one, not as a second edit at offset 0.
  for (FixItHint &Hint : Plan.Hints)
    if (Hint.RemoveRange.getBegin() == LineStart) {
      Hint.CodeToInsert = "#include <mpi.h>\n" + Hint.CodeToInsert;
      return;
    }
  Plan.Hints.push_back(FixItHint::CreateInsertion(LineStart, "#include <mpi.h>\n"));
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

void LargeCountCheck::emit(const CallExpr *Call, const FunctionInfo &F,
                           const Finding &Found, const FixPlan *Plan,
                           FunctionState &FS) {
  {
    DiagnosticBuilder D = describe(Call, F, Found);
    Delivery.attach(D, Plan ? Plan->edits() : llvm::ArrayRef<FixItHint>(),
                    Plan ? Plan->SharedHints : nullptr);
  }
  Delivery.warningEmitted(Call->getArg(Found.Index)->getBeginLoc(),
                          Context->getSourceManager());
  const Hazard &H = Found.H;
  switch (Found.What) {
  case Finding::LocalVariable: {
    if (Found.RunningTotal) {
      noteRunningTotal(Found);
      break;
    }
    RangeAnalysis::Explanation Why = explain(H, FS);
    noteLocalStore(Found, H.Kind == Hazard::Overflows ? Why.Why : "");
    noteOrigin(Why);
    noteSameProductBefore(Found, FS.Ranges);
    if (Found.Carrier)
      noteCarrier(Found);
    break;
  }
  case Finding::RunningSum:
    if (Found.FillingCall) {
      noteFillingCall(Found);
      SourceLocation Sum = Found.NoteSite ? Found.NoteSite->getBeginLoc()
                           : Params   ? Params->locationOf(Found.RemoteAt)
                                      : SourceLocation();
      if (Sum.isValid())
        note(Sum, "the running sum is computed here, in 'int'");
      break;
    }
    note(Found.NoteSite->getBeginLoc(), "the running sum is computed here")
        << Found.NoteSite->getSourceRange();
    break;
  case Finding::ElementRead:
  case Finding::FilledArray: {
    // Only a constant is known not to fit; a product's range merely reaches
    // past INT_MAX: say what bounds its operands, and where an unbounded
    // one comes from. A member array filled by another function is
    // explained in that function.
    FunctionState Filler =
        Found.StoredIn ? stateOfOther(Found.StoredIn) : FunctionState();
    RangeAnalysis *Ranges = Found.StoredIn ? Filler.Ranges : FS.Ranges;
    if (Found.FillingCall)
      noteFillingCall(Found);
    RangeAnalysis::Explanation Why;
    if (H.Kind == Hazard::Overflows && Ranges)
      Why = Ranges->explainOverflow(H.Source, H.Source);
    note(H.Source->getBeginLoc(),
         H.Kind == Hazard::Narrowed ? "'%0' of type '%1' is narrowed to 'int' here%3"
         : H.Kind == Hazard::Overflows ? "'%0' can overflow 'int' here%3%2"
                                       : "'%0' does not fit in 'int' here%3")
        << textOf(H.Source, *Context) << typeName(H.SourceType, *Context)
        << (Why.Why.empty() ? std::string() : ": " + Why.Why)
        << (Found.StoredIn ? " (in '" + Found.StoredIn->getNameAsString() + "')"
                           : std::string())
        << H.Source->getSourceRange();
    noteOrigin(Why);
    noteTransformedElements(Found, FS);
    noteSameProductBefore(Found, Ranges);
    if (Found.CarriedFrom)
      note(Found.NoteSite->getBeginLoc(),
           "'%0' is %select{stored|gathered}1 into the array here")
          << Found.CarriedFrom->getName() << Found.Gathered
          << Found.NoteSite->getSourceRange();
    break;
  }
  case Finding::ReceivedCount:
    if (FS.Ranges)
      if (const ModelInfo *M = lookupModel(*Call->getDirectCallee()))
        noteOrigin(FS.Ranges->explainStatus(Call, *M));
    break;
  case Finding::SizeOutput:
    if (Found.NoteSite)
      note(Found.NoteSite->getBeginLoc(), "the datatype is built here");
    break;
  case Finding::RemoteMemberStore:
    noteRemoteStore(Found);
    break;
  case Finding::RemoteOutputStore:
    noteHelperWrite(Found);
    noteRemoteStore(Found);
    if (Found.Carrier)
      noteCarrier(Found);
    break;
  case Finding::OutputStore:
    noteHelperWrite(Found);
    noteStoreElsewhere(Found);
    if (Found.Carrier)
      noteCarrier(Found);
    break;
  case Finding::MemberStore:
    if (Found.Var) {
      const auto *Store = cast<BinaryOperator>(Found.NoteSite);
      note(Store->getBeginLoc(), "'%0' is stored into '%1' here, in '%2'")
          << Found.Var->getName() << textOf(Store->getLHS(), *Context)
          << Found.StoredIn->getName() << Store->getSourceRange();
    }
    noteStoreElsewhere(Found);
    break;
  case Finding::Argument: {
    // A product in a helper: where it is; else why the argument is large.
    const Expr *Arg = Call->getArg(Found.Index);
    if (H.Kind == Hazard::Overflows &&
        (!isWithin(H.Source, Arg, *Context) || externalHelper(H.Source)))
      noteHelperOverflow(H, Arg);
    else
      noteWhyLarge(Found, FS);
    if (const auto &Operand = Found.HazardousOperand) {
      Finding Store{Finding::LocalVariable, Found.Index, Operand->second};
      Store.Var = Operand->first;
      noteLocalStore(Store, "");
    }
    break;
  }
  case Finding::BufferOffset:
    noteBufferOffset(Found, FS);
    break;
  default:
    break;
  }
  if (Found.What != Finding::BufferOffset)
    noteBufferSizes(Found, FS);
  if (Plan && !Plan->ok())
    note(Plan->BlockerLoc, "no automatic fix: %0")
        << Plan->Blocker;
}

RangeAnalysis::Explanation LargeCountCheck::explain(const Hazard &H,
                                                    FunctionState &FS) {
  // A helper's product is judged in the helper, not with the caller's facts.
  if (!FS.Ranges || !FS.Ranges->isInFunction(H.Source))
    return {};
  // A product: what bounds each operand. A wide value: where it comes from.
  if (H.Kind == Hazard::Overflows)
    return FS.Ranges->explainOverflow(H.Source, H.Source);
  if (H.Kind == Hazard::Narrowed)
    return FS.Ranges->explainValue(H.Source, H.Source);
  return {};
}

void LargeCountCheck::noteTransformedElements(const Finding &Found,
                                              FunctionState &FS) {
  if (!Found.Var || !FS.Facts || !Found.H.Source)
    return;
  const SourceManager &SM = Context->getSourceManager();
  SourceLocation Source = Found.H.Source->getBeginLoc();
  for (const FunctionFacts::Write &W : FS.Facts->elementWritesOf(Found.Var)) {
    // std::transform's lambda returns: what it narrows is an element of
    // the range the algorithm reads, and that range is where it is large.
    const auto *Transform = dyn_cast<CallExpr>(W.Site);
    if (!Transform || isa<CXXMemberCallExpr>(Transform) || !W.Value ||
        !SM.isPointWithin(Source, W.Value->getBeginLoc(), W.Value->getEndLoc()))
      continue;
    const Expr *First = Transform->getArg(executionPolicyArguments(Transform));
    // `counts.begin()` reads the container `counts`.
    if (const auto *Begin = dyn_cast<CXXMemberCallExpr>(First->IgnoreImplicit()))
      if (const CXXMethodDecl *M = Begin->getMethodDecl();
          M && M->getIdentifier() &&
          (M->getName() == "begin" || M->getName() == "cbegin"))
        First = Begin->getImplicitObjectArgument();
    note(Transform->getBeginLoc(),
         "the lambda is given each element of '%0' and its return is "
         "stored into '%1' here")
        << textOf(First, *Context) << Found.Var->getName()
        << Transform->getSourceRange();
    return;
  }
}

void LargeCountCheck::noteOrigin(const RangeAnalysis::Explanation &Why) {
  if (Why.OriginLoc.isValid())
    note(Why.OriginLoc, "%0") << Why.OriginNote;
}

void LargeCountCheck::noteWhyLarge(const Finding &Found, FunctionState &FS) {
  const Hazard &H = Found.H;
  RangeAnalysis::Explanation Why = explain(H, FS);
  if (H.Kind == Hazard::Overflows && !Why.Why.empty())
    note(H.Source->getBeginLoc(), "'%0' can overflow '%1' here: %2")
        << textOf(H.Source, *Context) << typeName(H.SourceType, *Context)
        << Why.Why << H.Source->getSourceRange();
  // A wide value bounded, but past INT_MAX: the bound is the reason.
  else if (H.Kind == Hazard::Narrowed && Why.OriginLoc.isInvalid() &&
           !Why.Why.empty())
    note(H.Source->getBeginLoc(), "'%0' can exceed INT_MAX here: %1")
        << textOf(H.Source, *Context) << Why.Why << H.Source->getSourceRange();
  noteOrigin(Why);
  noteSameProductBefore(Found, FS.Ranges);
}

const BinaryOperator *
LargeCountCheck::overflowingProduct(const Finding &Found, FunctionState &FS) {
  if (Found.What != Finding::Argument || Found.H.Kind != Hazard::Overflows ||
      !Found.H.Source)
    return nullptr;
  const auto *Product =
      dyn_cast<BinaryOperator>(Found.H.Source->IgnoreParenImpCasts());
  return Product && FS.Ranges && FS.Ranges->isInFunction(Product) ? Product
                                                                  : nullptr;
}

const BinaryOperator *
LargeCountCheck::sameProductToWiden(const Finding &Found, FunctionState &FS) {
  const BinaryOperator *Product = overflowingProduct(Found, FS);
  if (!Product)
    return nullptr;
  const BinaryOperator *Before = FS.Ranges->sameProductRunBefore(Product);
  if (!Before || llvm::is_contained(Found.SizesOfCall, Before))
    return nullptr;
  // Only where its value goes on in a wider computation: stored into an
  // int, the widened product would be cut again there.
  const Stmt *Up = FS.Facts->parentOf(Before);
  while (isa_and_nonnull<ParenExpr, ImplicitCastExpr>(Up))
    Up = FS.Facts->parentOf(Up);
  const auto *Wider = dyn_cast_or_null<BinaryOperator>(Up);
  if (!Wider || !(Wider->isAdditiveOp() || Wider->isMultiplicativeOp()))
    return nullptr;
  QualType T = Wider->getType();
  bool Wide = T->isPointerType() ||
              (T->isIntegerType() && Context->getIntWidth(T) >= 64);
  return Wide ? Before : nullptr;
}

const BinaryOperator *
LargeCountCheck::productAdvancingBuffer(const CallExpr *Call,
                                        const FunctionInfo &F,
                                        const Finding &Found,
                                        FunctionState &FS) {
  const BinaryOperator *Product = overflowingProduct(Found, FS);
  if (!Product)
    return nullptr;
  for (unsigned Buffer : F.buffersFor(Found.Index)) {
    // `buf + offset` with a 64-bit offset: an int one is a finding of its
    // own (row 13) and is retyped with the call.
    const auto *Address =
        dyn_cast<BinaryOperator>(Call->getArg(Buffer)->IgnoreParenImpCasts());
    if (!Address || Address->getOpcode() != BO_Add ||
        !Address->getType()->isPointerType())
      continue;
    for (const Expr *Side : {Address->getLHS(), Address->getRHS()}) {
      const VarDecl *Offset = referencedVariable(Side);
      if (Offset && Offset->getType()->isIntegerType() &&
          Context->getIntWidth(Offset->getType()) >= 64)
        if (const BinaryOperator *Step =
                FS.Ranges->sameProductAdvancing(Product, Offset))
          return Step;
    }
  }
  return nullptr;
}

void LargeCountCheck::noteSameProductBefore(const Finding &Found,
                                            RangeAnalysis *Ranges) {
  const Hazard &H = Found.H;
  const auto *Product =
      dyn_cast<BinaryOperator>(H.Source->IgnoreParenImpCasts());
  if (H.Kind != Hazard::Overflows || !Product || !Ranges ||
      !Ranges->isInFunction(Product))
    return;
  const BinaryOperator *Before = Ranges->sameProductRunBefore(Product);
  // A buffer's size has a note of its own; the call's fix may widen it.
  if (Before && !llvm::is_contained(Found.SizesOfCall, Before))
    note(Before->getBeginLoc(),
         "the same product is computed in '%0' here first: it overflows "
         "with it, and widening the MPI call does not widen it")
        << typeName(Before->getType(), *Context) << Before->getSourceRange();
}

void LargeCountCheck::findBufferSizes(const CallExpr *Call,
                                      const FunctionInfo &F,
                                      const FunctionDecl *Caller,
                                      Finding &Found, FunctionState &FS) {
  if (F.Params[Found.Index].Kind != ParamKind::Count || !FS.Ranges ||
      !Caller || !Caller->getBody() ||
      Found.H.Kind == Hazard::ConstantNegative)
    return;
  // A count computed wide, then narrowed: its int terms wrap before it is.
  if (Found.What == Finding::Argument && !Found.H.ComputedInInt)
    for (const NarrowSize &Term :
         narrowTermsOf(Call->getArg(Found.Index), *Context))
      if (sizeOverflows(FS.Ranges, Term, Call))
        Found.BufferSizes.push_back(Term);
  for (unsigned Buffer : F.buffersFor(Found.Index)) {
    // A global or member buffer allocated by another function (at
    // start-up, by a constructor) is just as overrun.
    if (const ValueDecl *Shared = sharedBufferOf(Call->getArg(Buffer)))
      for (const auto &[Size, Where] : sharedBufferSizes(Shared)) {
        // The caller's own are judged below, with its control flow.
        if (Where == Caller)
          continue;
        FunctionState Other = stateOfOther(Where);
        if (Other.Ranges && (Size.isVariable()
                                 ? wrapsAt(Size, Call, Other)
                                 : sizeOverflows(Other.Ranges, Size,
                                                 Size.Allocation)))
          Found.BufferSizes.push_back(Size);
      }
    // A size variable the count reads is retyped as the count's own.
    for (const NarrowSize &Size :
         wrappingLocalSizes(Call, Call->getArg(Buffer), Caller, FS))
      if (Size.Kind != NarrowSize::SizeVariable ||
          !mentionsVariable(Call->getArg(Found.Index), Size.variable()))
        Found.BufferSizes.push_back(Size);
    Found.BufferSizes.append(callerSizes(Call->getArg(Buffer), Caller));
  }
}

llvm::SmallVector<NarrowSize, 1>
LargeCountCheck::callerSizes(const Expr *BufferArg, const FunctionDecl *Caller) {
  llvm::SmallVector<NarrowSize, 1> Found;
  const auto *P = dyn_cast_or_null<ParmVarDecl>(localBufferOf(BufferArg));
  const llvm::SmallVector<CallSite, 2> *Sites =
      P ? Analyses->unitCallsOf(Caller) : nullptr;
  if (!Sites)
    return Found;
  unsigned Index = P->getFunctionScopeIndex();
  for (const CallSite &Site : *Sites) {
    if (!Site.Caller || Site.Caller == Caller ||
        Index >= Site.Call->getNumArgs())
      continue;
    FunctionState Other = stateOfOther(Site.Caller);
    if (!Other.Ranges || !Other.Facts)
      continue;
    Found.append(wrappingLocalSizes(Site.Call, Site.Call->getArg(Index),
                                    Site.Caller, Other));
  }
  return Found;
}

bool LargeCountCheck::sizeOverflows(RangeAnalysis *Ranges,
                                    const NarrowSize &Size, const Stmt *At) {
  std::optional<Interval> Taken =
      Size.Kind == NarrowSize::NarrowParameter
          ? Interval::ofType(Size.Parameter->getType(), *Context)
          : std::nullopt;
  auto OverflowsUnder = [&](const Constraints &C) {
    std::optional<RangeAnalysis::Result> R =
        Ranges->evaluate(Size.Arithmetic, C);
    return R && (R->OverflowSite || (Taken && !R->Range.within(*Taken)));
  };
  Constraints C = Ranges->constraintsAt(At);
  if (!OverflowsUnder(C))
    return false;
  // Confirmed against the control flow, as a count is (hazardOf): `k = 0`
  // before `&buf[k * n]` leaves nothing to overflow.
  if (std::optional<PointFacts> Facts = Ranges->flowFactsAt(At, C))
    return !Facts->Unreachable && OverflowsUnder(Facts->Known);
  return true;
}

llvm::SmallVector<NarrowSize, 1>
LargeCountCheck::wrappingLocalSizes(const CallExpr *Call, const Expr *BufferArg,
                                    const FunctionDecl *Caller,
                                    FunctionState &FS) {
  llvm::SmallVector<NarrowSize, 1> Local =
      narrowOffsetsIn(BufferArg, *Context);
  for (const NarrowSize &Size : storesInto(BufferArg, Caller, FS))
    Local.push_back(Size);
  llvm::SmallVector<NarrowSize, 1> Wrapping;
  for (const NarrowSize &Size : Local) {
    // An allocation in the other branch, or one replaced before the call,
    // is not what the call reads or writes.
    const auto *Ref = dyn_cast<DeclRefExpr>(Size.Buffer->IgnoreParenImpCasts());
    std::optional<PointFacts> Reaching =
        Size.Store ? FS.Ranges->flowBetween(
                         Size.Store,
                         Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr,
                         Call)
                   : std::nullopt;
    if (Reaching && Reaching->Unreachable)
      continue;
    if (Size.isVariable()
            ? wrapsAt(Size, Call, FS)
            : sizeOverflows(FS.Ranges, Size,
                            Size.Store ? Size.Allocation : Call))
      Wrapping.push_back(Size);
  }
  return Wrapping;
}

/// Whether a local that \p Offset reads is changed by a loop around
/// \p Call: the offset moves from one call to the next.
static bool variesAround(const Expr *Offset, const CallExpr *Call,
                         const FunctionFacts &Facts) {
  llvm::SmallVector<const VarDecl *, 4> Read;
  llvm::SmallVector<const Stmt *, 8> Work{Offset};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
          V && V->hasLocalStorage())
        Read.push_back(V);
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back(Child);
  }
  // The outermost loop holds every other loop around the call.
  const Stmt *Loop = Facts.outermostLoopAround(Call);
  return Loop && llvm::any_of(Read, [&](const VarDecl *V) {
           return llvm::any_of(Facts.writesOf(V),
                               [&](const FunctionFacts::Write &W) {
                                 return Facts.isWithin(W.Site, Loop);
                               });
         });
}

/// Whether \p Offset cuts the buffer in pieces of the message \p Count
/// describes: whole messages (`i * n`), or a constant stride the count is
/// chosen against, there or where the local passed is given its value
/// (`n = i < last ? CHUNK : rest` for `i * CHUNK`).
static bool isPieceOffset(const Expr *Offset, const Expr *Count,
                          const FunctionFacts &Facts, const ASTContext &Ctx) {
  if (isWholeMessages(Offset, Count, Ctx))
    return true;
  std::optional<llvm::APSInt> Stride = pieceStride(Offset, Ctx);
  if (!Stride)
    return false;
  if (mentionsConstant(Count, *Stride, Ctx))
    return true;
  const VarDecl *Local = referencedVariable(Count);
  return Local && Local->hasLocalStorage() &&
         llvm::any_of(Facts.writesOf(Local), [&](const FunctionFacts::Write &W) {
           return W.Value && mentionsConstant(W.Value, *Stride, Ctx);
         });
}

std::optional<LargeCountCheck::Finding>
LargeCountCheck::findBufferOffset(const CallExpr *Call, const FunctionInfo &F,
                                  unsigned CountIndex,
                                  const FunctionDecl *Caller,
                                  FunctionState &FS) {
  if (!FS.Ranges || !FS.Facts || !Caller || !Caller->getBody())
    return std::nullopt;
  const Expr *Count = Call->getArg(CountIndex);
  for (unsigned Buffer : F.buffersFor(CountIndex)) {
    // Only a buffer walked in pieces of the message is judged: `&buf[i *
    // n]` (or `i * CHUNK` with n chosen against CHUNK) with i changed by a
    // loop around the call, or `buf + off` after `off += n`, for the count
    // n. The data before the piece is what wraps the offset, the large
    // message the pieces carry. A one-off offset (`recv = send + nprocs`,
    // `rrows = &srows[Pr * Pc * nrows]`, a slab at `nx * ny`) wraps only
    // in a buffer of more than 2^31 elements, which a count of its own
    // would say; and an offset variable that merely holds a product is the
    // product's hazard, not the call's.
    llvm::SmallVector<NarrowSize, 1> Offsets;
    const CompoundAssignOperator *Walk = nullptr;
    for (const NarrowSize &Size :
         wrappingLocalSizes(Call, Call->getArg(Buffer), Caller, FS)) {
      if (Size.Kind == NarrowSize::Offset &&
          isPieceOffset(Size.Arithmetic, Count, *FS.Facts, *Context) &&
          variesAround(Size.Arithmetic, Call, *FS.Facts)) {
        Offsets.push_back(Size);
      } else if (Size.Kind == NarrowSize::OffsetVariable) {
        const VarDecl *V = Size.variable();
        const CompoundAssignOperator *Sum =
            FS.Ranges->runningTotalAt(V, Size.Store ? Size.Store : Call);
        if (Sum && sameExpression(Sum->getRHS(), Count, *Context)) {
          Offsets.push_back(Size);
          Walk = Walk ? Walk : Sum;
        }
      }
    }
    if (Offsets.empty())
      continue;
    const NarrowSize &First = Offsets.front();
    Finding Found{Finding::BufferOffset, Buffer,
                  Hazard{Hazard::Overflows, First.Arithmetic,
                         First.Arithmetic->getType()}};
    Found.H.ComputedInInt = true;
    if (First.Kind == NarrowSize::OffsetVariable) {
      Found.Var = First.variable();
      Found.RunningTotal = true;
      Found.NoteSite = Walk;
    }
    Found.BufferSizes = std::move(Offsets);
    return Found;
  }
  return std::nullopt;
}

/// What the stores into \p BufferArg's object in \p Caller allocate: one
/// walk of the body per local buffer, however many calls pass it.
llvm::SmallVector<NarrowSize, 1>
LargeCountCheck::storesInto(const Expr *BufferArg, const FunctionDecl *Caller,
                            FunctionState &FS) {
  // Asked for every call on the buffer: one walk of the body per variable.
  const VarDecl *Named = bufferVariableOf(BufferArg);
  if (!Named)
    return narrowStoresOf(BufferArg, Caller->getBody(), *Context);
  auto [It, New] = FS.StoresInto.try_emplace(Named);
  if (New)
    It->second = narrowStoresOf(BufferArg, Caller->getBody(), *Context);
  return It->second;
}

/// The function definitions in \p D, a declaration of the unit.
static void listDefinitions(const Decl *D,
                            llvm::SmallVectorImpl<const FunctionDecl *> &Out) {
  if (const auto *F = dyn_cast<FunctionDecl>(D)) {
    if (F->doesThisDeclarationHaveABody() && !F->isDependentContext())
      Out.push_back(F);
    return;
  }
  if (isa<NamespaceDecl, LinkageSpecDecl, CXXRecordDecl>(D))
    for (const Decl *Inner : cast<DeclContext>(D)->decls())
      listDefinitions(Inner, Out);
}

llvm::ArrayRef<std::pair<NarrowSize, const FunctionDecl *>>
LargeCountCheck::sharedBufferSizes(const ValueDecl *Shared) {
  auto [It, New] = SharedSizes.try_emplace(Shared);
  if (New) {
    llvm::SmallVector<const FunctionDecl *, 16> Functions;
    for (const Decl *D : Analyses->declarations())
      listDefinitions(D, Functions);
    for (const FunctionDecl *F : Functions)
      for (const NarrowSize &Size :
           narrowSizesOfShared(Shared, F->getBody(), *Context))
        It->second.push_back({Size, F});
  }
  return It->second;
}

/// Whether the int offset or size variable of \p Size can hold a wrapped
/// value at \p Call: a running total there, or a local given arithmetic that
/// can overflow.
LargeCountCheck::WrapSource
LargeCountCheck::wrapSource(const NarrowSize &Size, const Stmt *At,
                            FunctionState &FS) {
  const VarDecl *V = Size.variable();
  WrapSource Source;
  Source.Sum = FS.Ranges->runningTotalAt(V, At);
  if (Source.Sum)
    return Source;
  std::optional<Hazard> H = localHazard(V, At, /*Negative=*/true, FS);
  if (H && H->Kind == Hazard::Overflows)
    Source.Given = H;
  return Source;
}

bool LargeCountCheck::wrapsAt(const NarrowSize &Size, const CallExpr *Call,
                              FunctionState &FS) {
  return bool(wrapSource(Size, Size.Store ? Size.Store : Call, FS));
}

/// The allocator whose int parameter sizes a buffer of \p Other, an MPI call
/// in \p Caller, too small for a widened count: where, and why.
std::optional<std::pair<SourceLocation, std::string>>
LargeCountCheck::allocatorBlock(const CallExpr *Other, const FunctionDecl *Caller,
                                FunctionState &FS) {
  const FunctionDecl *Callee = Other->getDirectCallee();
  const FunctionInfo *F = Callee ? lookupClassic(*Callee) : nullptr;
  if (!F || Other->getNumArgs() != F->Params.size())
    return std::nullopt;
  for (unsigned I = 0; I < F->Params.size(); ++I) {
    if (F->Params[I].Kind != ParamKind::Count)
      continue;
    Finding Count{Finding::Argument, I, Hazard{}};
    findBufferSizes(Other, *F, Caller, Count, FS);
    for (const NarrowSize &Size : Count.BufferSizes)
      if (Size.Kind == NarrowSize::NarrowParameter)
        return std::pair(Size.Arithmetic->getBeginLoc(),
                         narrowAllocatorReason(Size));
  }
  return std::nullopt;
}

/// The allocator whose parameter a NarrowParameter size is handed to.
static std::string allocatorOf(const NarrowSize &Size) {
  return cast<FunctionDecl>(Size.Parameter->getDeclContext())
      ->getNameAsString();
}

std::string LargeCountCheck::narrowAllocatorReason(const NarrowSize &Size) {
  return "'" + allocatorOf(Size) + "' takes the size as '" +
         typeName(Size.Parameter->getType(), *Context) +
         "': widen its parameter first";
}

std::string LargeCountCheck::foreignLocalReason(const NarrowSize &Size) {
  const VarDecl *V = Size.variable();
  const auto *Owner =
      dyn_cast_or_null<NamedDecl>(V->getParentFunctionOrMethod());
  return "'" + V->getName().str() + "' is an '" +
         typeName(V->getType(), *Context) + "' local of " +
         (Owner ? "'" + Owner->getNameAsString() + "'"
                : std::string("another function")) +
         ", which " +
         (Size.Kind == NarrowSize::SizeVariable ? "allocates" : "offsets") +
         " the buffer: widen it there";
}

void LargeCountCheck::planSizeFix(const NarrowSize &Size, TypeMigration &M,
                                  FixPlan &Plan) {
  if (Size.isVariable())
    return; // Retyped with the call's other followers.
  if (Size.Kind == NarrowSize::NarrowParameter) {
    Plan.block(Size.Arithmetic->getBeginLoc(), narrowAllocatorReason(Size));
    return;
  }
  // `(size_t)(n * m)` becomes `((size_t)n * m)`, not a cast of a cast.
  if (const auto *Cast = dyn_cast_or_null<CStyleCastExpr>(Size.Conversion)) {
    CharSourceRange Spelled = Lexer::makeFileCharRange(
        CharSourceRange::getCharRange(Cast->getLParenLoc(),
                                      Cast->getRParenLoc().getLocWithOffset(1)),
        Context->getSourceManager(), Context->getLangOpts());
    if (Spelled.isValid() && isa<ParenExpr>(Cast->getSubExpr()))
      Plan.Hints.push_back(FixItHint::CreateRemoval(Spelled));
  }
  M.widenExpression(Size.Arithmetic, sizeTypeFor(Size), Plan);
}

/// What a note says of each kind of buffer arithmetic: %0 the buffer, %1
/// the arithmetic, %2 its type (the allocator's parameter's), %3 the
/// allocator.
static const char *bufferNoteFormat(NarrowSize::KindType Kind) {
  switch (Kind) {
  case NarrowSize::Size:
    return "'%0' is allocated with '%1', computed in '%2': it wraps as the "
           "count does, and a widened count would overrun it";
  case NarrowSize::Offset:
    return "'%0' is offset by '%1', computed in '%2': it wraps as the count "
           "does, and would point the widened call outside the buffer";
  case NarrowSize::OffsetVariable:
    return "'%0' is offset by '%1', an '%2' that can wrap as the count does: "
           "it would point the widened call outside the buffer";
  case NarrowSize::NarrowParameter:
    return "'%0' is allocated by '%3' with '%1', which it takes as '%2': it "
           "wraps as the count does, and a widened count would overrun it";
  case NarrowSize::CountTerm:
    return "'%1' is computed in '%2' before the count is: it wraps even in "
           "the widened count";
  case NarrowSize::SizeVariable:
    return "'%0' is allocated with '%1', an '%2' that can wrap as the count "
           "does: a widened count would overrun it";
  }
  llvm_unreachable("every kind has a note");
}

void LargeCountCheck::noteBufferOffset(const Finding &Found,
                                       FunctionState &FS) {
  const NarrowSize &Offset = Found.BufferSizes.front();
  if (Offset.Store)
    note(Offset.Allocation->getBeginLoc(), "'%0' is computed here, offset by '%1'")
        << textOf(Offset.Buffer, *Context)
        << textOf(Offset.Arithmetic, *Context)
        << Offset.Allocation->getSourceRange();
  if (Found.RunningTotal)
    note(Found.NoteSite->getBeginLoc(),
         "'%0' advances by the count here, in a loop: nothing bounds the "
         "number of pieces")
        << Found.Var->getName() << Found.NoteSite->getSourceRange();
  else
    noteWhyLarge(Found, FS);
}

void LargeCountCheck::noteBufferSizes(const Finding &Found,
                                      FunctionState &FS) {
  for (const NarrowSize &Size : Found.BufferSizes) {
    bool ByAllocator = Size.Kind == NarrowSize::NarrowParameter;
    note(Size.Arithmetic->getBeginLoc(), bufferNoteFormat(Size.Kind))
        << (Size.Buffer ? textOf(Size.Buffer, *Context) : std::string())
        << textOf(Size.Arithmetic, *Context)
        << typeName(ByAllocator ? Size.Parameter->getType()
                                : Size.Arithmetic->getType(),
                    *Context)
        << (ByAllocator ? allocatorOf(Size) : std::string())
        << Size.Arithmetic->getSourceRange();
    if (Size.Kind == NarrowSize::SizeVariable)
      noteWrappingSize(Size, FS);
  }
}

void LargeCountCheck::noteWrappingSize(const NarrowSize &Size,
                                       FunctionState &Here) {
  const VarDecl *V = Size.variable();
  // Judged with the facts of the function it is a local of: a caller's,
  // for a buffer handed in (this function's own state keeps its caches).
  const auto *Owner =
      dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  FunctionState Other = Owner ? stateOfOther(Owner) : FunctionState();
  FunctionState &FS =
      Other.Ranges && Other.Facts != Here.Facts ? Other : Here;
  WrapSource Source =
      wrapSource(Size, Size.Store ? Size.Store : Size.Allocation, FS);
  if (Source.Sum)
    note(Source.Sum->getBeginLoc(), "'%0' is an '%1' running sum here")
        << V->getName() << typeName(V->getType(), *Context)
        << Source.Sum->getSourceRange();
  else if (const std::optional<Hazard> &H = Source.Given)
    note(H->Source->getBeginLoc(), "'%0' is given '%1' here, which can "
                                   "overflow '%2'")
        << V->getName() << textOf(H->Source, *Context)
        << typeName(H->SourceType, *Context) << H->Source->getSourceRange();
}

/// "a value computed in 'unsigned int' that can overflow": the type the
/// arithmetic is done in, which is not always int.
std::string LargeCountCheck::overflowPhrase(const Hazard &H) const {
  // The arithmetic's own type where this unit has it; a store of another
  // function's result has only the type it is stored in.
  const auto *Arithmetic = dyn_cast_or_null<BinaryOperator>(
      H.Source ? H.Source->IgnoreParenImpCasts() : nullptr);
  return "a value computed in '" +
         (H.ComputedInInt && Arithmetic &&
                  Arithmetic->getType()->isIntegerType() &&
                  Context->getIntWidth(Arithmetic->getType()) < 64
              ? typeName(Arithmetic->getType(), *Context)
              : std::string("int")) +
         "' that can overflow";
}

/// For a size, size_t where the unit declares it (MPICH's mpi.h does not);
/// else the type the allocation converts the size to, as clang prints it.
std::string LargeCountCheck::sizeTypeFor(const NarrowSize &Size) {
  // Signed, as an offset may be, and declared wherever mpi.h is; in code
  // that builds without MPI too, the C library's own.
  if (Size.Kind == NarrowSize::Offset) {
    IdentifierInfo &PtrDiff = Context->Idents.get("ptrdiff_t");
    if (compiledWithoutMPI(Size.Arithmetic->getBeginLoc()) &&
        !Context->getTranslationUnitDecl()->lookup(&PtrDiff).empty())
      return "ptrdiff_t";
    return "MPI_Aint";
  }
  if (Size.Kind == NarrowSize::CountTerm)
    return "MPI_Count";
  IdentifierInfo &SizeT = Context->Idents.get("size_t");
  if (!Context->getTranslationUnitDecl()->lookup(&SizeT).empty())
    return "size_t";
  return typeName(Size.Conversion->getType(), *Context);
}

bool LargeCountCheck::noteNarrowingReturn(const Hazard &H) {
  // The overflow site RangeAnalysis::narrowingReturn gives is the
  // conversion itself; an int product's is the product.
  const auto *Cast = dyn_cast<ImplicitCastExpr>(H.Source);
  if (H.Kind != Hazard::Overflows || !Cast ||
      Cast->getCastKind() != CK_IntegralCast)
    return false;
  note(H.Source->getBeginLoc(), "'%0' of type '%1' is narrowed to '%2' here")
      << textOf(H.Source, *Context)
      << typeName(Cast->getSubExpr()->getType(), *Context)
      << typeName(H.SourceType, *Context) << H.Source->getSourceRange();
  return true;
}

void LargeCountCheck::noteLocalStore(const Finding &Found,
                                     llvm::StringRef Why) {
  const Hazard &H = Found.H;
  if (noteNarrowingReturn(H))
    return;
  note(H.Source->getBeginLoc(),
       H.Kind == Hazard::Narrowed    ? "'%0' of type '%1' is narrowed to '%2' here"
       : H.Kind == Hazard::Overflows ? "'%0' can overflow '%1' here%3"
                                     : "'%0' is assigned here")
      << textOf(H.Source, *Context) << typeName(H.SourceType, *Context)
      << typeName(Found.Var ? Found.Var->getType() : Found.Member->getType(),
                  *Context)
      << (Why.empty() ? std::string() : ": " + Why.str())
      << H.Source->getSourceRange();
}

void LargeCountCheck::noteRemoteStore(const Finding &Found) {
  SourceLocation At = Params->locationOf(Found.RemoteAt);
  if (At.isValid())
    note(At, "'%0' can overflow here, in '%1', and is stored into '%2'")
        << Found.RemoteText << Found.RemoteWriter
        << (Found.Member ? Found.Member->getName() : Found.Var->getName());
}

void LargeCountCheck::noteStoreElsewhere(const Finding &Found) {
  // The store is judged, and explained, in its own function.
  FunctionState Where = stateOfOther(Found.StoredIn);
  RangeAnalysis::Explanation Why = explain(Found.H, Where);
  noteLocalStore(Found, Found.H.Kind == Hazard::Overflows ? Why.Why : "");
  noteOrigin(Why);
}

void LargeCountCheck::noteRunningTotal(const Finding &Found) {
  if (const ForStmt *Loop = Found.CountingLoop) {
    const auto *Test = dyn_cast<BinaryOperator>(Loop->getCond()->IgnoreParenImpCasts());
    note(Found.NoteSite->getBeginLoc(),
         "'%0' counts up here, in a loop while '%1', whose bound can exceed "
         "2^31-1")
        << Found.Var->getName() << (Test ? textOf(Test, *Context) : "")
        << Found.NoteSite->getSourceRange();
    return;
  }
  const auto *Sum = cast<CompoundAssignOperator>(Found.NoteSite);
  note(Sum->getBeginLoc(), "the running sum is computed here, in a loop; "
                           "'%0' can be any value of its type")
      << textOf(Sum->getRHS(), *Context) << Sum->getSourceRange();
}

void LargeCountCheck::noteHelperWrite(const Finding &Found) {
  note(Found.NoteSite->getBeginLoc(), "'%0' is written by '%1' here")
      << Found.Var->getName() << Found.StoredIn->getName()
      << Found.NoteSite->getSourceRange();
}

void LargeCountCheck::noteFillingCall(const Finding &Found) {
  note(Found.FillingCall->getBeginLoc(), "'%0' is filled by '%1' here")
      << Found.Var->getName() << Found.StoredIn->getNameAsString()
      << Found.FillingCall->getSourceRange();
}

void LargeCountCheck::noteCarrier(const Finding &Found) {
  const auto *Value =
      Found.CarrierValue ? Found.CarrierValue : cast<Expr>(Found.NoteSite);
  note(Value->getBeginLoc(), "'%0' is assigned '%1' here")
      << Found.Carrier->getName() << textOf(Value, *Context)
      << Value->getSourceRange();
}

DiagnosticBuilder LargeCountCheck::note(SourceLocation Loc, StringRef Message) {
  Delivery.noteEmitted(Loc, Context->getSourceManager());
  return diag(Loc, Message, DiagnosticIDs::Note);
}

DiagnosticBuilder LargeCountCheck::describe(const CallExpr *Call,
                                            const FunctionInfo &F,
                                            const Finding &Found) {
  const Expr *Arg = Call->getArg(Found.Index);
  const ParamInfo &P = F.Params[Found.Index];
  const Hazard &H = Found.H;
  std::string Noun = nounFor(P);
  SourceLocation Loc = Arg->getBeginLoc();
  // A member stored from a local is named as read; the note names the local.
  std::string Name = Found.Var && Found.What != Finding::MemberStore
                         ? Found.Var->getName().str()
                         : textOf(Arg, *Context);
  // A call in its large-count form is named as written (MPIX_Alltoallv_x).
  auto Large = LargeCallees.find(Call->getDirectCallee());
  std::string Called = Large != LargeCallees.end() && Large->second == &F
                           ? Large->first->getName().str()
                           : F.classicName();
  switch (Found.What) {
  case Finding::ElementRead:
  case Finding::LocalVariable:
  case Finding::MemberStore:
  case Finding::RemoteMemberStore:
  case Finding::OutputStore:
  case Finding::RemoteOutputStore:
    if (Found.CountingLoop)
      return diag(Loc, "%0 '%1' is an 'int' counter of a loop that can turn "
                       "more than 2^31-1 times; it wraps there")
             << Noun << Name << Arg->getSourceRange();
    if (Found.RunningTotal)
      return diag(Loc, "%0 '%1' is an 'int' running sum; it wraps once the "
                       "values added up exceed 2^31-1")
             << Noun << Name << Arg->getSourceRange();
    // A constant stored into the local: say what it is, not "can overflow".
    if (H.Kind == Hazard::ConstantNegative)
      return diag(Loc, "%0 '%1' can be negative: it is assigned %2; MPI "
                       "rejects a negative count with MPI_ERR_COUNT")
             << Noun << Name << toString(H.Range.Lo) << Arg->getSourceRange();
    if (Found.Carried)
      return diag(Loc, "%0 '%1' is computed from '%2', which %select{holds a "
                       "value narrowed from '%4'|holds a value computed in "
                       "'int' that can overflow|is assigned %5, which does "
                       "not fit in 'int'}3; %6")
             << Noun << textOf(Arg, *Context) << Name
             << (H.Kind == Hazard::Narrowed    ? 0
                 : H.Kind == Hazard::Overflows ? 1
                                               : 2)
             << typeName(H.SourceType, *Context) << toString(H.Range.Lo)
             << consequenceFor(F, P) << Arg->getSourceRange();
    if (H.Kind == Hazard::ConstantTooLarge)
      return diag(Loc, "%0 '%1' is assigned %2, which does not fit in 'int' "
                       "(INT_MAX is 2147483647)")
             << Noun << Name << toString(H.Range.Lo) << Arg->getSourceRange();
    return diag(Loc, "%0 '%1' holds %2; %3")
           << Noun << Name
           << (H.Kind == Hazard::Narrowed
                   ? "a value narrowed from '" +
                         typeName(H.SourceType, *Context) + "'"
                   : overflowPhrase(H))
           << consequenceFor(F, P) << Arg->getSourceRange();
  case Finding::RunningSum:
    if (P.Kind == ParamKind::WideArray && Found.Accumulator)
      return diag(Loc, "displacement array '%0' of %1 is filled from '%2', "
                       "an 'int' running sum; it wraps once the values added "
                       "up exceed 2^31-1")
             << Name << Called << Found.Accumulator->getName()
             << Arg->getSourceRange();
    return diag(Loc, "displacement array '%0' of %1 is an 'int' running sum; "
                     "it wraps once the data before a rank exceeds 2^31-1 "
                     "elements")
           << Name << Called << Arg->getSourceRange();
  case Finding::FilledArray:
    if (P.Kind == ParamKind::WideArray)
      return diag(Loc, "%0 array '%1' of %2 is filled with values computed "
                       "in '%3' that can overflow before they are stored as "
                       "'%4'")
             << Noun << Name << Called
             << typeName(H.SourceType, *Context)
             << elementTypeOf(P.ClassicType) << Arg->getSourceRange();
    return diag(Loc, "%0 array '%1' of %2 is filled with values that can "
                     "exceed INT_MAX; %3")
           << Noun
           << Name << Called << consequenceFor(F)
           << Arg->getSourceRange();
  case Finding::ReceivedCount:
    return diag(Loc, "'int' output '%0' of %1 cannot represent counts over "
                     "2^31-1; MPI_UNDEFINED is returned then, and the sender "
                     "decides the size")
           << Name << Called << Arg->getSourceRange();
  case Finding::SizeOutput:
    return diag(Loc, "'int' output '%0' of %1 cannot represent sizes over "
                     "2^31-1%select{|; the datatype is built from a count "
                     "that can exceed INT_MAX}2")
           << Name << Called << (Found.NoteSite != nullptr)
           << Arg->getSourceRange();
  case Finding::BufferOffset: {
    const NarrowSize &Offset = Found.BufferSizes.front();
    return diag(Loc, "buffer of %0 is offset by '%1', %select{computed in "
                     "'%2' and able to overflow|an '%2' running sum}3; the "
                     "address wraps once the offset exceeds 2^31-1 elements")
           << Called << textOf(Offset.Arithmetic, *Context)
           << typeName(Offset.Arithmetic->getType(), *Context)
           << (Offset.Kind == NarrowSize::Offset ? 0 : 1)
           << Arg->getSourceRange();
  }
  case Finding::Argument:
    break;
  }
  switch (H.Kind) {
  case Hazard::Narrowed:
    return diag(Loc, "%0 '%1' of type '%2' is narrowed to 'int'; %3")
           << Noun << textOf(H.Source, *Context)
           << typeName(H.SourceType, *Context) << consequenceFor(F, P)
           << Arg->getSourceRange();
  case Hazard::Overflows:
    // A product inside a helper: name the call, the note shows the product.
    return diag(Loc, "%0 '%1' is computed in '%2'%5 and can overflow before "
                     "%select{MPI sees it|it is converted to '%4'}3")
           << Noun
           << textOf(isWithin(H.Source, Arg, *Context) ? H.Source : Arg, *Context)
           << typeName(H.SourceType, *Context) << (P.Kind == ParamKind::Wide)
           << P.ClassicType
           << helperPhrase(H.Source, Arg) << Arg->getSourceRange();
  case Hazard::ConstantTooLarge:
    return diag(Loc, "constant %0 '%1' is %2, which does not fit in 'int' "
                     "(INT_MAX is 2147483647)")
           << Noun << textOf(H.Source, *Context) << toString(H.Range.Lo)
           << Arg->getSourceRange();
  case Hazard::ConstantNegative:
    break;
  }
  return diag(Loc, "constant %0 '%1' is negative (%2); MPI rejects it with "
                   "MPI_ERR_COUNT")
         << Noun << textOf(H.Source, *Context) << toString(H.Range.Lo)
         << Arg->getSourceRange();
}

//===----------------------------------------------------------------------===//
// Counts through user functions
//===----------------------------------------------------------------------===//

/// How a count parameter of a user function is fixed at its callers: as an
/// MPI count would be.
static const ParamInfo UserCountParam{ParamRole::COUNT, ParamKind::Count,
                                      "count", "int", "MPI_Count"};

void LargeCountCheck::checkUserCall(const CallExpr *Call,
                                    const FunctionDecl *Callee,
                                    const FunctionDecl *Caller) {
  FunctionState &FS = stateFor(Caller, *Context);
  unsigned N = std::min(Call->getNumArgs(), Callee->getNumParams());
  for (unsigned I = 0; I < N; ++I) {
    const Expr *Arg = Call->getArg(I);
    if (Arg->isTypeDependent() || Arg->isValueDependent())
      continue;
    if (const CountUse *Use = Params->arrayUse(Callee, I)) {
      checkUserArray(Call, Callee, I, *Use, Caller, FS);
      continue;
    }
    const Reach *R = Params->reach(Callee, I);
    if (!R)
      continue;
    // A wrapper may check its count itself: negative values are not judged
    // through it.
    std::optional<Finding> Found =
        findValue(Call, I, Callee->getParamDecl(I)->getType(),
                  /*MayBeNegative=*/true, /*FollowLocals=*/true, FS);
    if (!Found)
      Found = findMemberStore(Call, I, /*MayBeNegative=*/true);
    if (const VarDecl *V = referencedVariable(Arg); !Found && V)
      Found = findRunningTotal(Call, I, V, FS);
    if (!Found)
      Found = findOutputStore(Call, I, FS);
    if (Found && statedToFit(*Found, Callee->getParamDecl(I)->getType()))
      continue;
    if (!Found || Found->H.Kind == Hazard::ConstantNegative ||
        Analyses->neverCalledInProgram(Caller))
      continue;
    // A function pointer of this unit blocks the fix as one of another's.
    Params->noteUnitAddresses(Scope.declarations(*Context));
    // A copy: planning the fix may summarise other functions, and the
    // index drops the reaches it computed when it grows.
    R = Params->reach(Callee, I);
    if (!R)
      continue;
    const Reach Reached = *R;
    FixPlan Plan = planUserCallFix(Call, Caller, *Found, Reached, FS);
    emitUserCall(Call, Callee, *Found, Reached, Plan);
  }
}

void LargeCountCheck::checkUserArray(const CallExpr *Call,
                                     const FunctionDecl *Callee, unsigned I,
                                     const CountUse &Use,
                                     const FunctionDecl *Caller,
                                     FunctionState &FS) {
  const FunctionInfo *MPI = lookupClassic(StringRef(Use.MPIFunction));
  if (!MPI || unsigned(Use.Argument) >= MPI->Params.size())
    return;
  // The wrapper's call as the MPI call it makes, with the array its
  // argument I: the elements the caller stores are what MPI reads.
  static const ParamInfo Unread{ParamRole::INT, ParamKind::Other, "", "int",
                                "int"};
  llvm::SmallVector<ParamInfo, 8> Seen(Call->getNumArgs(), Unread);
  Seen[I] = MPI->Params[Use.Argument];
  FunctionInfo Through = *MPI;
  Through.Params = Seen;
  std::optional<Finding> Found = findArray(Call, Through, I, FS);
  if (!Found || Analyses->neverCalledInProgram(Caller))
    return;
  // The wrapper's parameter changes type with the caller's array: that is
  // left to the user (its summary's blocker says so).
  FixPlan Plan;
  const Reach *R = Params->reach(Callee, I);
  SourceLocation BlockerAt =
      R ? Params->locationOf(R->BlockerAt) : SourceLocation();
  Plan.block(BlockerAt.isValid() ? BlockerAt : Call->getBeginLoc(),
             R && !R->Blocker.empty() ? R->Blocker
                                      : "the array reaches MPI through '" +
                                            Callee->getNameAsString() + "'");
  emit(Call, Through, *Found, &Plan, FS);
  if (SourceLocation At = Params->locationOf(Use.At); At.isValid())
    note(At, "'%0' hands it to %1 as its %2 here")
        << Callee->getName() << Use.MPIFunction << Use.Noun;
}

FixPlan LargeCountCheck::planUserCallFix(const CallExpr *Call,
                                         const FunctionDecl *Caller,
                                         const Finding &Found, const Reach &R,
                                         FunctionState &FS) {
  FixPlan Plan;
  if (!R.Blocker.empty()) {
    SourceLocation At = Params->locationOf(R.BlockerAt);
    Plan.block(At.isValid() ? At : Call->getBeginLoc(), R.Blocker);
    return Plan;
  }
  if (!FS.Facts) {
    Plan.block(Call->getBeginLoc(), "the call is outside a function");
    return Plan;
  }
  if (blocksStoreFix(Found, Plan))
    return Plan;
  bool InHelper = planHelperReturnFix(Found.H, Caller, Plan);
  if (!Plan.ok())
    return Plan;
  // No MPI call of this function is renamed: the parameters on the way
  // take the value once widened, as the summary's edits make them.
  TypeMigration M(*Context, *FS.Facts, Caller, /*FixedCall=*/nullptr,
                  allFunctions().front(),
                  [this](const FunctionInfo &G) { return largeName(G); });
  M.widensReachingParameters(reachingParameters());
  M.willWidenParameter(Call->getDirectCallee(), Found.Index);
  // A parameter already 64 bits wide keeps its type, and what it is given
  // is computed in it: every build of the caller knows that type (a library
  // that also builds without MPI has no MPI_Count there).
  std::string CountType = wideParameterType(Call, Found.Index);
  if (CountType.empty())
    CountType = "MPI_Count";
  // The local that holds the value, and the operand whose value wrapped
  // before the argument's arithmetic (`unit * n1` with `unit = vn * elem`):
  // retyped, or, already 64 bits wide, given their values computed wide.
  llvm::SmallVector<const VarDecl *, 2> Retyped, WidenedStores;
  auto Carry = [&](const VarDecl *V) {
    (Context->getIntWidth(V->getType()) >= 64 ? WidenedStores : Retyped)
        .push_back(V);
  };
  if (Found.What == Finding::LocalVariable)
    Carry(Found.Var);
  if (Found.HazardousOperand)
    Carry(Found.HazardousOperand->first);
  for (const VarDecl *V : Retyped)
    M.willRetype(V, CountType);
  for (const VarDecl *V : Retyped)
    if (Plan.ok())
      M.retype(V, CountType, Plan);
  M.finish(Plan, &FS.EmittedSplits);
  for (const VarDecl *V : WidenedStores)
    M.widenStores(FS.Facts->writesOf(V), typeName(V->getType(), *Context),
                  Plan);
  if (Found.What == Finding::Argument && !InHelper) {
    ParamInfo Target = UserCountParam;
    if (CountType != "MPI_Count") {
      Target.Kind = ParamKind::Wide;
      Target.ClassicType = CountType;
    }
    planArgumentFix(Target, Call->getArg(Found.Index), Found.H, M, Plan);
  }
  // The caller may build without MPI while the callee's MPI code is under
  // a condition (gslib's comm.h).
  for (const FixItHint &Hint : Plan.Hints)
    if (Plan.ok() && Hint.CodeToInsert.find("MPI") != std::string::npos &&
        compiledWithoutMPI(Hint.RemoveRange.getBegin()))
      Plan.block(Hint.RemoveRange.getBegin(),
                 "the edit would name MPI's types in code that also builds "
                 "without MPI");
  for (const TextEdit &E : R.Fix) {
    std::optional<FixItHint> Hint = Params->hintOf(E);
    if (!Hint) {
      Plan.block(Call->getBeginLoc(),
                 "'" + E.File + "' cannot be read to edit it");
      break;
    }
    Plan.Hints.push_back(std::move(*Hint));
  }
  return Plan;
}

std::string LargeCountCheck::wideParameterType(const CallExpr *Call,
                                               unsigned Index) const {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || Index >= Callee->getNumParams())
    return std::string();
  QualType T = Callee->getParamDecl(Index)->getType();
  return T->isIntegerType() && Context->getIntWidth(T) >= 64
             ? typeName(T, *Context)
             : std::string();
}

void LargeCountCheck::planParameterFix(const ParmVarDecl *P,
                                       const CallExpr *FirstUse,
                                       const CountParameters::Forwards &Passed,
                                       FixPlan &Plan) {
  const auto *F = cast<FunctionDecl>(P->getDeclContext());
  const FunctionFacts *Facts = Analyses->facts(F);
  const FunctionInfo *Info =
      FirstUse ? lookupClassic(*FirstUse->getDirectCallee()) : nullptr;
  if (!Facts) {
    Plan.block(P->getLocation(), "'" + F->getNameAsString() + "' has no body here");
    return;
  }
  if (Info) {
    TUHasMPI4 = declaresLargeForm(*Info);
    if (Target == "mpi4" && !TUHasMPI4)
      return Plan.block(FirstUse->getBeginLoc(),
                        Info->mpi4Name() + " is not declared by this mpi.h (an "
                                           "MPI-3 library); use "
                                           "mpix-large-count.Target=mpix");
    if (useMPIX() && Info->NewInMPI4 && !TUHasMPI4)
      return Plan.block(FirstUse->getBeginLoc(),
                        Info->mpixName() + " needs an MPI-4 library");
    if (!largeFormArguments(FirstUse, *Info, *Context).empty())
      return Plan.block(FirstUse->getBeginLoc(),
                        "other arguments of " + Info->classicName() +
                            " must change type with it, by hand");
  }
  // Without an MPI call of its own (only passed on), no call is the fixed
  // one: the table's first row stands in, never consulted.
  TypeMigration M(*Context, *Facts, F, FirstUse,
                  Info ? *Info : allFunctions().front(),
                  [this](const FunctionInfo &G) { return largeName(G); });
  M.widensReachingParameters(reachingParameters());
  // The parameters it is passed to are widened with it; one that reaches
  // no MPI call (a local copy's size) blocks the chain where it is closed
  // (SummaryIndex::close).
  for (const auto &[Callee, Index] : Passed)
    M.willWidenParameter(Callee, Index);
  // A parameter already 64 bits wide keeps its type: only the calls it
  // feeds change.
  bool Retyped = Context->getIntWidth(P->getType()) < 64;
  if (Retyped)
    M.retypeParameter(P, "MPI_Count", Plan);
  else
    M.followWideParameter(P, "MPI_Count", Plan);
  M.finish(Plan);
  if (FirstUse)
    blockEditsOutsideBranches(FirstUse, Plan);
  // A header declaring the function must know MPI_Count by itself.
  const SourceManager &SM = Context->getSourceManager();
  for (const FunctionDecl *D : F->redecls())
    if (Retyped)
      includeMPIFor(D, Plan);
  if (!Info)
    return;
  M.rename(FirstUse, *Info, Plan);
  // The include goes with these edits, wherever they are emitted.
  if (useMPIX())
    includeMPIX(FirstUse, Plan);
  blockEditsOfPastedArguments(Plan);
}

void LargeCountCheck::emitUserCall(const CallExpr *Call,
                                   const FunctionDecl *Callee,
                                   const Finding &Found, const Reach &R,
                                   const FixPlan &Plan) {
  const CountUse &Use = R.Uses.front();
  const FunctionInfo *MPI = lookupClassic(StringRef(Use.MPIFunction));
  std::string Via = "parameter '" + R.Param->Name + "' of '" +
                    R.Function->Name + "'";
  const Expr *Arg = Call->getArg(Found.Index);
  const Hazard &H = Found.H;
  {
    DiagnosticBuilder D = [&] {
      SourceLocation Loc = Arg->getBeginLoc();
      if (Found.RunningTotal)
        return diag(Loc, "'%0' is an 'int' %select{running sum|counter of a "
                         "loop that can turn more than 2^31-1 times}4; %1 "
                         "passes it to %2 as its %3")
               << Found.Var->getName() << Via << Use.MPIFunction << Use.Noun
               << (Found.CountingLoop != nullptr) << Arg->getSourceRange();
      if (Found.What == Finding::LocalVariable ||
          Found.What == Finding::MemberStore ||
          Found.What == Finding::RemoteMemberStore ||
          Found.What == Finding::OutputStore ||
          Found.What == Finding::RemoteOutputStore)
        return diag(Loc, "'%0' %select{holds|is computed from '%6', which "
                         "holds}5 %1; %2 passes it to %3 as its %4")
               << (Found.Var && !Found.Carried ? Found.Var->getName().str()
                                               : textOf(Arg, *Context))
               << (H.Kind == Hazard::Narrowed
                       ? "a value narrowed from '" +
                             typeName(H.SourceType, *Context) + "'"
                       : overflowPhrase(H))
               << Via << Use.MPIFunction << Use.Noun << Found.Carried
               << (Found.Var ? Found.Var->getName() : StringRef())
               << Arg->getSourceRange();
      if (H.Kind == Hazard::Narrowed)
        return diag(Loc, "'%0' of type '%1' is narrowed to 'int' by %2, which "
                         "reaches %3 as its %4; %5")
               << textOf(H.Source, *Context) << typeName(H.SourceType, *Context)
               << Via << Use.MPIFunction << Use.Noun
               << (MPI ? consequenceFor(*MPI) : StringRef("values over 2^31-1 "
                                                          "are truncated"))
               << Arg->getSourceRange();
      if (H.Kind == Hazard::ConstantTooLarge)
        return diag(Loc, "constant '%0' is %1, which does not fit in 'int' %2, "
                         "the %4 of %3")
               << textOf(H.Source, *Context) << toString(H.Range.Lo) << Via
               << Use.MPIFunction << Use.Noun << Arg->getSourceRange();
      return diag(Loc, "'%0' is computed in '%1'%5 and can overflow before %2 "
                       "passes it to %3 as its %4")
             << textOf(isWithin(H.Source, Arg, *Context) ? H.Source : Arg,
                       *Context)
             << typeName(H.SourceType, *Context) << Via << Use.MPIFunction
             << Use.Noun << helperPhrase(H.Source, Arg) << Arg->getSourceRange();
    }();
    Delivery.attach(D, Plan.edits());
  }
  Delivery.warningEmitted(Arg->getBeginLoc(), Context->getSourceManager());
  if (Found.RunningTotal) {
    noteRunningTotal(Found);
  } else if (Found.What == Finding::OutputStore) {
    noteHelperWrite(Found);
    noteStoreElsewhere(Found);
    if (Found.Carrier)
      noteCarrier(Found);
  } else if (Found.What == Finding::RemoteOutputStore) {
    noteHelperWrite(Found);
    noteRemoteStore(Found);
    if (Found.Carrier)
      noteCarrier(Found);
  } else if (Found.What == Finding::LocalVariable ||
             Found.What == Finding::MemberStore) {
    noteLocalStore(Found);
  } else if (Found.What == Finding::RemoteMemberStore) {
    noteRemoteStore(Found);
  } else {
    noteHelperOverflow(H, Arg);
  }
  // Where the value meets MPI, in whichever file that is.
  for (const CountUse &U : llvm::ArrayRef(R.Uses).take_front(3)) {
    SourceLocation At = Params->locationOf(U.At);
    if (At.isValid())
      note(At, "it reaches %0 as its %1 here")
          << U.MPIFunction << U.Noun;
  }
  if (!Plan.ok())
    note(Plan.BlockerLoc.isValid() ? Plan.BlockerLoc : Call->getBeginLoc(),
         "no automatic fix: %0")
        << Plan.Blocker;
}

std::string LargeCountCheck::helperPhrase(const Expr *Source, const Expr *Arg) {
  if (!isWithin(Source, Arg, *Context))
    return " by a helper";
  if (const FunctionSummary *S = externalHelper(Source))
    return " by '" + S->Name + "'";
  return "";
}

void LargeCountCheck::noteHelperOverflow(const Hazard &H, const Expr *Arg) {
  if (H.Kind != Hazard::Overflows)
    return;
  if (!isWithin(H.Source, Arg, *Context)) {
    if (!noteNarrowingReturn(H))
      note(H.Source->getBeginLoc(), "'%0' can overflow '%1' here")
          << textOf(H.Source, *Context) << typeName(H.SourceType, *Context)
          << H.Source->getSourceRange();
    return;
  }
  // The helper's product is in another file: the summary says where.
  if (const FunctionSummary *S = externalHelper(H.Source)) {
    SourceLocation At = Params->locationOf(S->Return.OverflowAt);
    if (At.isInvalid())
      return;
    if (S->Return.NarrowedFrom.empty())
      note(At, "'%0' can overflow 'int' here")
          << S->Return.OverflowText;
    else
      note(At, "'%0' of type '%1' is narrowed to '%2' here")
          << S->Return.OverflowText << S->Return.NarrowedFrom
          << typeName(H.Source->getType(), *Context);
  }
}

bool LargeCountCheck::isHelperOverflow(const Hazard &H,
                                       const FunctionDecl *Caller) {
  return H.ComputedInInt &&
         (!isWithinBody(H.Source, Caller) || externalHelper(H.Source));
}

const FunctionSummary *LargeCountCheck::externalHelper(const Expr *Source) {
  const auto *Call = dyn_cast<CallExpr>(Source->IgnoreParenImpCasts());
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  return Callee && Params ? Params->returnSummary(Callee) : nullptr;
}

bool LargeCountCheck::planHelperReturnFix(const Hazard &H,
                                          const FunctionDecl *Caller,
                                          FixPlan &Plan) {
  if (!isHelperOverflow(H, Caller))
    return false;
  const FunctionDecl *Helper = nullptr;
  if (const FunctionSummary *S = externalHelper(H.Source)) {
    Helper = cast<CallExpr>(H.Source->IgnoreParenImpCasts())->getDirectCallee();
    if (!S->Return.Blocker.empty()) {
      SourceLocation At = Params->locationOf(S->Return.BlockerAt);
      Plan.block(At.isValid() ? At : H.Source->getBeginLoc(), S->Return.Blocker);
      return true;
    }
    Params->noteUnitAddresses(Scope.declarations(*Context));
    if (Params->addressTaken(Helper)) {
      Plan.block(H.Source->getBeginLoc(),
                 "the address of '" + Helper->getNameAsString() +
                     "' is taken: a function pointer's type would have to "
                     "change with it");
      return true;
    }
    for (const TextEdit &E : S->Return.Fix) {
      std::optional<FixItHint> Hint = Params->hintOf(E);
      if (!Hint) {
        Plan.block(H.Source->getBeginLoc(),
                   "'" + E.File + "' cannot be read to edit it");
        return true;
      }
      Plan.Hints.push_back(std::move(*Hint));
    }
    return true;
  }
  Helper = enclosingFunctionOf(H.Source, *Context);
  Params->noteUnitAddresses(Scope.declarations(*Context));
  if (!Helper || !Helper->getBody() || Helper->isTemplateInstantiation() ||
      Params->addressTaken(Helper)) {
    Plan.block(H.Source->getBeginLoc(),
               "'" + textOf(H.Source, *Context) + "' is computed in '" +
                   typeName(H.Source->getType(), *Context) + "' in " +
                   (Helper ? "'" + Helper->getNameAsString() + "'"
                           : std::string("another function")) +
                   ": its return type must change by hand");
    return true;
  }
  planReturnFix(Helper, Plan);
  return true;
}

void LargeCountCheck::planReturnFix(const FunctionDecl *F, FixPlan &Plan) {
  const FunctionFacts *Facts = Analyses->facts(F);
  if (!Facts) {
    Plan.block(F->getLocation(), "'" + F->getNameAsString() + "' has no body here");
    return;
  }
  TypeMigration M(*Context, *Facts, F, /*FixedCall=*/nullptr,
                  allFunctions().front(),
                  [this](const FunctionInfo &G) { return largeName(G); });
  M.widensReachingParameters(reachingParameters());
  M.retypeReturn(F, "MPI_Count", Plan);
  M.finish(Plan);
  const SourceManager &SM = Context->getSourceManager();
  for (const FunctionDecl *D : F->redecls())
    includeMPIFor(D, Plan);
}

void LargeCountCheck::writeSummary() {
  StringRef Out = processSummaryPaths().Write;
  if (Out.empty() || !Context)
    return;
  UnitSummary U = Params->unitSummary(Scope.declarations(*Context));
  // A file the database lists once per variant (other -D flags) runs here
  // once per command: the record holds what every variant defines.
  static llvm::StringSet<> WrittenHere;
  if (!WrittenHere.insert(Out).second)
    if (auto Earlier = llvm::MemoryBuffer::getFile(Out)) {
      UnitSummary First;
      std::string Ignored;
      if (unitFromJSON((*Earlier)->getBuffer(), First, Ignored)) {
        mergeVariant(First, U);
        U = std::move(First);
      }
    }
  std::error_code EC;
  llvm::raw_fd_ostream OS(Out, EC);
  if (!EC)
    OS << unitToJSON(U) << "\n";
  if (EC || OS.has_error()) {
    llvm::errs() << "mpix-tidy: error: cannot write the summary '" << Out
                 << "'\n";
    OS.clear_error();
  }
}

} // namespace mpix
