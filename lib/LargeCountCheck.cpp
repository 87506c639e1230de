//===-- LargeCountCheck.cpp - mpix-large-count ----------------------------===//

#include "LargeCountCheck.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace mpix {
namespace {

AST_MATCHER(FunctionDecl, isClassicMPIFunction) {
  return lookupClassic(Node) != nullptr;
}

/// How the diagnostic names a parameter: "count", "block length", ...
std::string nounFor(const ParamInfo &P) {
  StringRef N = P.Name;
  if (N.contains("displ") || N == "disp_unit")
    return "displacement";
  if (N.contains("stride"))
    return "stride";
  if (N.contains("blocklength"))
    return "block length";
  if (N.contains("size") && !N.contains("sizes"))
    return "size";
  if (N.contains("sizes"))
    return "size";
  return "count";
}

/// Strides, displacements and bounds are legitimately negative.
bool mayBeNegative(const ParamInfo &P) {
  StringRef N = P.Name;
  return N.contains("stride") || N.contains("displ") || N == "lb";
}

StringRef consequenceFor(const FunctionInfo &F) {
  switch (F.Fam) {
  case Family::DATATYPE:
    return "datatypes over 2^31-1 elements are truncated";
  case Family::QUERY:
  case Family::MISC:
    return "values over 2^31-1 are truncated";
  default:
    return "messages over 2^31-1 elements are truncated";
  }
}

std::string textOf(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM,
      Ctx.getLangOpts());
  StringRef Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts());
  if (!Text.empty())
    return std::string(Text);
  std::string Printed;
  llvm::raw_string_ostream OS(Printed);
  E->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
  return OS.str();
}

std::string typeName(QualType T, const ASTContext &Ctx) {
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

/// Whether \p E reads an element of \p Array (displs[i - 1]).
bool readsElementOf(const Stmt *S, const VarDecl *Array) {
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(S))
    if (referencedVariable(ASE->getBase()) == Array)
      return true;
  return llvm::any_of(S->children(), [Array](const Stmt *Child) {
    return Child && readsElementOf(Child, Array);
  });
}

/// The variable whose address an output argument passes (&n).
const VarDecl *outputVariable(const Expr *Arg) {
  if (const auto *U = dyn_cast<UnaryOperator>(Arg->IgnoreParenImpCasts()))
    if (U->getOpcode() == UO_AddrOf)
      return referencedVariable(U->getSubExpr());
  return nullptr;
}

} // namespace

LargeCountCheck::LargeCountCheck(StringRef Name,
                                 tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      WarnOnAllSizeQueries(Options.get("WarnOnAllSizeQueries", false)) {}

void LargeCountCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "WarnOnAllSizeQueries", WarnOnAllSizeQueries);
}

void LargeCountCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(
      callExpr(callee(functionDecl(isClassicMPIFunction()).bind("callee")),
               optionally(forCallable(functionDecl().bind("function"))))
          .bind("call"),
      this);
}

void LargeCountCheck::onEndOfTranslationUnit() { States.clear(); }

LargeCountCheck::FunctionState &
LargeCountCheck::stateFor(const FunctionDecl *F, ASTContext &Ctx) {
  if (!F || !F->getBody()) {
    if (!NoFunction.Ranges)
      NoFunction.Ranges = std::make_unique<RangeAnalysis>(Ctx, nullptr);
    return NoFunction;
  }
  FunctionState &FS = States[F];
  if (!FS.Facts) {
    FS.Facts = std::make_unique<FunctionFacts>(F->getBody(), Ctx);
    FS.Ranges = std::make_unique<RangeAnalysis>(Ctx, FS.Facts.get());
  }
  return FS;
}

void LargeCountCheck::check(const MatchFinder::MatchResult &Result) {
  Context = Result.Context;
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  const auto *Callee = Result.Nodes.getNodeAs<FunctionDecl>("callee");
  const FunctionInfo *F = lookupClassic(*Callee);
  if (!F || Call->getNumArgs() != F->Params.size())
    return;
  FunctionState &FS =
      stateFor(Result.Nodes.getNodeAs<FunctionDecl>("function"), *Result.Context);

  bool Reported = false;
  for (unsigned I = 0; I < F->Params.size(); ++I) {
    if (Call->getArg(I)->isTypeDependent() || Call->getArg(I)->isValueDependent())
      continue;
    switch (F->Params[I].Kind) {
    case ParamKind::Count:
    case ParamKind::Wide:
      Reported |= checkScalar(Call, *F, I, FS);
      break;
    case ParamKind::CountArray:
    case ParamKind::DisplArray:
      Reported |= checkArray(Call, *F, I, FS);
      break;
    case ParamKind::CountOut:
      checkOutput(Call, *F, I, FS);
      break;
    case ParamKind::Other:
      break;
    }
  }
  if (Reported && F->Fam == Family::DATATYPE)
    rememberLargeType(Call, *F, FS);
}

std::optional<LargeCountCheck::Hazard>
LargeCountCheck::hazardOf(const Expr *Value, QualType Target,
                          bool MayBeNegative, const Stmt *Site,
                          FunctionState &FS) {
  ASTContext &Ctx = *Context;
  std::optional<Interval> TargetRange = Interval::ofType(Target, Ctx);
  if (!TargetRange)
    return std::nullopt;
  Constraints C = FS.Ranges->constraintsAt(Site);

  // A conversion, implicit or spelled, from a type whose values do not all
  // fit: the value is narrowed unless its range proves otherwise.
  for (const Expr *E = Value->IgnoreParens();;) {
    const auto *Cast = dyn_cast<CastExpr>(E);
    if (!Cast || !isIntegralConversion(Cast))
      break;
    const Expr *Sub = Cast->getSubExpr()->IgnoreParens();
    std::optional<Interval> SubType = Interval::ofType(Sub->getType(), Ctx);
    if (!SubType)
      break;
    if (!SubType->within(*TargetRange)) {
      std::optional<RangeAnalysis::Result> R = FS.Ranges->evaluate(Sub, C);
      if (!R || R->Range.within(*TargetRange))
        return std::nullopt;
      if (R->Range.isExact())
        return Hazard{R->Range.Lo < 0 ? Hazard::ConstantNegative
                                      : Hazard::ConstantTooLarge,
                      Sub, Sub->getType(), R->Range};
      return Hazard{Hazard::Narrowed, Sub, Sub->getType(), R->Range};
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
                      R->OverflowSite->getType(), Interval::exact(*V)};
    return Hazard{Hazard::Overflows, R->OverflowSite,
                  R->OverflowSite->getType(), R->Range};
  }
  if (R->Range.isExact() && R->Range.Lo < 0 && !MayBeNegative)
    return Hazard{Hazard::ConstantNegative, Value, Value->getType(), R->Range};
  return std::nullopt;
}

bool LargeCountCheck::checkScalar(const CallExpr *Call, const FunctionInfo &F,
                                  unsigned Index, FunctionState &FS) {
  const ParamInfo &P = F.Params[Index];
  const Expr *Arg = Call->getArg(Index);
  QualType Target = Call->getDirectCallee()->getParamDecl(Index)->getType();
  if (std::optional<Hazard> H =
          hazardOf(Arg, Target, mayBeNegative(P), Call, FS)) {
    report(Arg, F, Index, *H);
    return true;
  }
  if (P.Kind == ParamKind::Wide)
    return false;

  // An int local that was given a narrowed or overflowing value earlier in
  // the function: the call is where it hurts, the assignment is the cause.
  // Parameters are passed through unchanged and are the caller's business.
  const VarDecl *V = referencedVariable(Arg);
  if (!V || !FS.Facts || !V->hasLocalStorage() || isa<ParmVarDecl>(V) ||
      FS.Facts->escapes(V))
    return false;
  for (const FunctionFacts::Write &W : FS.Facts->writesOf(V)) {
    if (!W.Value)
      continue;
    std::optional<Hazard> H =
        hazardOf(W.Value, V->getType(), mayBeNegative(P), W.Site, FS);
    if (!H)
      continue;
    std::string Why = H->Kind == Hazard::Narrowed
                          ? "a value narrowed from '" +
                                typeName(H->SourceType, *Context) + "'"
                          : "a value computed in 'int' that can overflow";
    diag(Arg->getBeginLoc(), "%0 '%1' holds %2; %3")
        << nounFor(P) << V->getName() << Why << consequenceFor(F)
        << Arg->getSourceRange();
    diag(H->Source->getBeginLoc(), H->Kind == Hazard::Narrowed
                                       ? "'%0' of type '%1' is narrowed to '%2' here"
                                       : "'%0' can overflow '%2' here",
         DiagnosticIDs::Note)
        << textOf(H->Source, *Context) << typeName(H->SourceType, *Context)
        << typeName(V->getType(), *Context) << H->Source->getSourceRange();
    return true;
  }
  return false;
}

bool LargeCountCheck::checkArray(const CallExpr *Call, const FunctionInfo &F,
                                 unsigned Index, FunctionState &FS) {
  const ParamInfo &P = F.Params[Index];
  const VarDecl *Array = referencedVariable(Call->getArg(Index));
  if (!Array || !FS.Facts)
    return false;
  bool IsDispl = P.Kind == ParamKind::DisplArray;
  for (const FunctionFacts::Write &W : FS.Facts->elementWritesOf(Array)) {
    if (!W.Value)
      continue;
    const Expr *Value = W.Value;
    // displs[i] = displs[i-1] + counts[i-1], displs[i] += ..., or
    // displs[i] = offset with offset += counts[i] elsewhere.
    const VarDecl *Accumulator = referencedVariable(Value);
    bool RunningSum =
        IsDispl &&
        (W.Accumulates || readsElementOf(Value, Array) ||
         (Accumulator && FS.Facts &&
          llvm::any_of(FS.Facts->writesOf(Accumulator),
                       [](const FunctionFacts::Write &AW) {
                         return AW.Accumulates;
                       })));
    if (RunningSum) {
      diag(Call->getArg(Index)->getBeginLoc(),
           "displacement array '%0' of %1 is an 'int' running sum; it wraps "
           "once the data before a rank exceeds 2^31-1 elements")
          << Array->getName() << F.classicName()
          << Call->getArg(Index)->getSourceRange();
      diag(W.Site->getBeginLoc(), "the running sum is computed here",
           DiagnosticIDs::Note)
          << W.Site->getSourceRange();
      return true;
    }
    QualType Element = Array->getType()->isArrayType()
                           ? Context->getAsArrayType(Array->getType())
                                 ->getElementType()
                           : Array->getType()->getPointeeType();
    if (Element.isNull())
      continue;
    if (std::optional<Hazard> H =
            hazardOf(Value, Element, IsDispl, W.Site, FS)) {
      diag(Call->getArg(Index)->getBeginLoc(),
           "%0 array '%1' of %2 is filled with values that can exceed "
           "INT_MAX; %3")
          << (IsDispl ? "displacement" : "count") << Array->getName()
          << F.classicName() << consequenceFor(F)
          << Call->getArg(Index)->getSourceRange();
      diag(H->Source->getBeginLoc(),
           H->Kind == Hazard::Narrowed
               ? "'%0' of type '%1' is narrowed to 'int' here"
               : "'%0' does not fit in 'int' here",
           DiagnosticIDs::Note)
          << textOf(H->Source, *Context) << typeName(H->SourceType, *Context)
          << H->Source->getSourceRange();
      return true;
    }
  }
  return false;
}

void LargeCountCheck::checkOutput(const CallExpr *Call, const FunctionInfo &F,
                                  unsigned Index, FunctionState &FS) {
  const Expr *Arg = Call->getArg(Index);
  bool ReceivedCount = llvm::any_of(F.Params, [](const ParamInfo &P) {
    return P.Role == ParamRole::STATUS;
  });
  const VarDecl *Output = outputVariable(Arg);
  std::string Name = Output ? Output->getName().str() : textOf(Arg, *Context);
  if (ReceivedCount) {
    diag(Arg->getBeginLoc(),
         "'int' output '%0' of %1 cannot represent counts over 2^31-1; "
         "MPI_UNDEFINED is returned then, and the sender decides the size")
        << Name << F.classicName() << Arg->getSourceRange();
    return;
  }
  // Type and pack sizes: a problem when the datatype is known to be large.
  const CallExpr *Constructor = nullptr;
  for (unsigned I = 0; I < F.Params.size(); ++I)
    if (F.Params[I].Role == ParamRole::DTYPE)
      if (const VarDecl *T = referencedVariable(Call->getArg(I)))
        Constructor = FS.LargeTypes.lookup(T);
  if (!Constructor && !WarnOnAllSizeQueries)
    return;
  diag(Arg->getBeginLoc(), "'int' output '%0' of %1 cannot represent sizes "
                           "over 2^31-1%select{|; the datatype is built from "
                           "a count that can exceed INT_MAX}2")
      << Name << F.classicName() << (Constructor != nullptr)
      << Arg->getSourceRange();
  if (Constructor)
    diag(Constructor->getBeginLoc(), "the datatype is built here",
         DiagnosticIDs::Note);
}

void LargeCountCheck::rememberLargeType(const CallExpr *Call,
                                        const FunctionInfo &F,
                                        FunctionState &FS) {
  for (unsigned I = 0; I < F.Params.size(); ++I)
    if (F.Params[I].Role == ParamRole::DTYPE_OUT)
      if (const VarDecl *T = outputVariable(Call->getArg(I)))
        FS.LargeTypes[T] = Call;
}

void LargeCountCheck::report(const Expr *Arg, const FunctionInfo &F,
                             unsigned Index, const Hazard &H) {
  const ParamInfo &P = F.Params[Index];
  std::string Noun = nounFor(P);
  switch (H.Kind) {
  case Hazard::Narrowed:
    diag(Arg->getBeginLoc(), "%0 '%1' of type '%2' is narrowed to 'int'; %3")
        << Noun << textOf(H.Source, *Context)
        << typeName(H.SourceType, *Context) << consequenceFor(F)
        << Arg->getSourceRange();
    return;
  case Hazard::Overflows:
    diag(Arg->getBeginLoc(),
         "%0 '%1' is computed in '%2' and can overflow before %select{MPI "
         "sees it|it is converted to 'MPI_Aint'}3")
        << Noun << textOf(H.Source, *Context)
        << typeName(H.SourceType, *Context) << (P.Kind == ParamKind::Wide)
        << Arg->getSourceRange();
    return;
  case Hazard::ConstantTooLarge:
    diag(Arg->getBeginLoc(), "constant %0 '%1' is %2, which does not fit in "
                             "'int' (INT_MAX is 2147483647)")
        << Noun << textOf(H.Source, *Context) << toString(H.Range.Lo)
        << Arg->getSourceRange();
    return;
  case Hazard::ConstantNegative:
    diag(Arg->getBeginLoc(),
         "constant %0 '%1' is negative (%2); MPI rejects it with MPI_ERR_COUNT")
        << Noun << textOf(H.Source, *Context) << toString(H.Range.Lo)
        << Arg->getSourceRange();
    return;
  }
}

} // namespace mpix
