//===-- ConditionalRegions.cpp - The #if branches code was compiled in ----===//

#include "utils/ConditionalRegions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace mpix {

/// Follows each conditional from its #if to its #endif: the branch taken
/// is recorded with what selects it, the conditions of the branches before
/// it negated.
class BranchRecorder : public PPCallbacks {
public:
  BranchRecorder(ConditionalRegions &Out, const Preprocessor &PP)
      : Out(Out), SM(PP.getSourceManager()), LangOpts(PP.getLangOpts()) {}

  void If(SourceLocation Loc, SourceRange Condition,
          ConditionValueKind Value) override {
    Open.push_back({});
    branch(Loc, "(" + text(Condition) + ")", Value == CVK_True,
           Value == CVK_NotEvaluated);
  }
  void Ifdef(SourceLocation Loc, const Token &Name,
             const MacroDefinition &MD) override {
    Open.push_back({});
    branch(Loc, "defined(" + Name.getIdentifierInfo()->getName().str() + ")",
           bool(MD), false);
  }
  void Ifndef(SourceLocation Loc, const Token &Name,
              const MacroDefinition &MD) override {
    Open.push_back({});
    branch(Loc, "!defined(" + Name.getIdentifierInfo()->getName().str() + ")",
           !MD, false);
  }
  void Elif(SourceLocation Loc, SourceRange Condition, ConditionValueKind Value,
            SourceLocation) override {
    close(Loc);
    branch(Loc, "(" + text(Condition) + ")", Value == CVK_True,
           Value == CVK_NotEvaluated);
  }
  // #elifdef and #elifndef (C23): a condition not spelled here; the branch
  // is not recorded, and the ones after it are not either.
  void Elifdef(SourceLocation Loc, const Token &, const MacroDefinition &) override {
    close(Loc);
    giveUp();
  }
  void Elifndef(SourceLocation Loc, const Token &, const MacroDefinition &) override {
    close(Loc);
    giveUp();
  }
  void Else(SourceLocation Loc, SourceLocation) override {
    close(Loc);
    if (Open.empty() || Open.back().Unknown)
      return;
    Conditional &C = Open.back();
    if (!C.AnyTaken)
      C.Taken = {Loc, C.Before.empty() ? "1" : C.Before};
    C.AnyTaken = true;
  }
  void Endif(SourceLocation Loc, SourceLocation) override {
    close(Loc);
    if (!Open.empty())
      Open.pop_back();
  }

private:
  struct Conditional {
    /// The conditions of the branches before, negated and joined.
    std::string Before;
    /// The branch taken, while it is open.
    std::optional<std::pair<SourceLocation, std::string>> Taken;
    bool AnyTaken = false;
    bool Unknown = false;
  };

  std::string text(SourceRange R) const {
    return Lexer::getSourceText(CharSourceRange::getTokenRange(R), SM, LangOpts)
        .str();
  }

  void branch(SourceLocation Loc, const std::string &Condition, bool Taken,
              bool Skipped) {
    if (Open.empty())
      return;
    Conditional &C = Open.back();
    if (Skipped)
      C.AnyTaken = true;
    if (Taken && !C.AnyTaken && !C.Unknown)
      C.Taken = {Loc, C.Before.empty() ? Condition : C.Before + " && " + Condition};
    C.AnyTaken |= Taken;
    C.Before += (C.Before.empty() ? "!" : " && !") + Condition;
  }

  void giveUp() {
    if (!Open.empty())
      Open.back().Unknown = true;
  }

  void close(SourceLocation Loc) {
    if (Open.empty() || !Open.back().Taken)
      return;
    auto &[Begin, Condition] = *Open.back().Taken;
    Out.Branches.push_back({Begin, Loc, "#if " + Condition});
    Open.back().Taken.reset();
  }

  ConditionalRegions &Out;
  const SourceManager &SM;
  const LangOptions &LangOpts;
  std::vector<Conditional> Open;
};

std::unique_ptr<PPCallbacks>
ConditionalRegions::recorder(const Preprocessor &PP) {
  return std::make_unique<BranchRecorder>(*this, PP);
}

llvm::SmallVector<const ConditionalRegions::Branch *, 2>
ConditionalRegions::holdingOnly(SourceLocation Inside, SourceLocation Outside,
                                const SourceManager &SM) const {
  auto Holds = [&SM](const Branch &B, SourceLocation L) {
    return L.isValid() && SM.getFileID(B.Begin) == SM.getFileID(L) &&
           SM.isBeforeInTranslationUnit(B.Begin, L) &&
           SM.isBeforeInTranslationUnit(L, B.End);
  };
  llvm::SmallVector<const Branch *, 2> Only;
  for (const Branch &B : Branches)
    if (Holds(B, Inside) && !Holds(B, Outside))
      Only.push_back(&B);
  llvm::sort(Only, [&SM](const Branch *A, const Branch *B) {
    return SM.isBeforeInTranslationUnit(A->Begin, B->Begin);
  });
  return Only;
}

std::string ConditionalRegions::guarded(llvm::ArrayRef<const Branch *> Branches,
                                        llvm::StringRef Text) {
  std::string Out;
  for (const Branch *B : Branches)
    Out += "\n" + B->Condition;
  Out += Text.str();
  for (size_t I = 0; I < Branches.size(); ++I)
    Out += "\n#endif";
  return Out;
}

} // namespace mpix
