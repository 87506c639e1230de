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
    open(Loc);
    branch(Loc, [&] { return condition(Condition); }, Value == CVK_True,
           Value == CVK_NotEvaluated);
  }
  void Ifdef(SourceLocation Loc, const Token &Name,
             const MacroDefinition &MD) override {
    open(Loc);
    branch(Loc, [&] { return "defined(" + name(Name) + ")"; }, bool(MD), false);
  }
  void Ifndef(SourceLocation Loc, const Token &Name,
              const MacroDefinition &MD) override {
    open(Loc);
    branch(Loc, [&] { return "!defined(" + name(Name) + ")"; }, !MD, false);
  }
  void Elif(SourceLocation Loc, SourceRange Condition, ConditionValueKind Value,
            SourceLocation) override {
    close(Loc);
    branch(Loc, [&] { return condition(Condition); }, Value == CVK_True,
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

  static std::string name(const Token &Name) {
    return Name.getIdentifierInfo()->getName().str();
  }

  /// A conditional of a system header is not followed: no fix edits one.
  void open(SourceLocation Loc) {
    Open.push_back({});
    Open.back().Unknown = SM.isInSystemHeader(Loc);
  }

  /// The condition of an #if or #elif: `defined(X)` as #ifdef spells it,
  /// so that `#if defined X` and `#ifdef X` name one condition.
  std::string condition(SourceRange R) const {
    StringRef Text =
        Lexer::getSourceText(CharSourceRange::getTokenRange(R), SM, LangOpts)
            .trim();
    StringRef Rest = Text;
    bool Negated = Rest.consume_front("!");
    Rest = Rest.ltrim();
    if (Rest.consume_front("defined")) {
      Rest = Rest.trim();
      bool Parens = Rest.consume_front("(");
      if (Parens && !Rest.consume_back(")"))
        return "(" + Text.str() + ")";
      Rest = Rest.trim();
      if (!Rest.empty() &&
          llvm::all_of(Rest, [](char C) { return isalnum(C) || C == '_'; }))
        return (Negated ? "!defined(" : "defined(") + Rest.str() + ")";
    }
    return "(" + Text.str() + ")";
  }

  void branch(SourceLocation Loc, llvm::function_ref<std::string()> Spelled,
              bool Taken, bool Skipped) {
    if (Open.empty() || Open.back().Unknown)
      return;
    Conditional &C = Open.back();
    if (Skipped)
      C.AnyTaken = true;
    std::string Condition = Spelled();
    if (Taken && !C.AnyTaken)
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
    auto [File, BeginOffset] = SM.getDecomposedLoc(Begin);
    auto [EndFile, EndOffset] = SM.getDecomposedLoc(Loc);
    if (File == EndFile)
      Out.Branches[File].push_back({BeginOffset, EndOffset, "#if " + Condition,
                                    definesNext(File, BeginOffset, Condition)});
    Open.back().Taken.reset();
  }

  /// Whether \p Condition is `!defined(X)` and the directive after the
  /// one at \p Offset of \p File defines X: an include guard.
  bool definesNext(FileID File, unsigned Offset, StringRef Condition) const {
    StringRef Guarded = Condition;
    if (!Guarded.consume_front("!defined(") || !Guarded.consume_back(")"))
      return false;
    bool Invalid = false;
    StringRef Text = SM.getBufferData(File, &Invalid);
    if (Invalid || Offset >= Text.size())
      return false;
    // The rest of the #ifndef line, then blank lines.
    StringRef Rest = Text.substr(Offset);
    Rest = Rest.substr(std::min(Rest.find('\n'), Rest.size())).ltrim();
    if (!Rest.consume_front("#"))
      return false;
    Rest = Rest.ltrim(" \t");
    if (!Rest.consume_front("define"))
      return false;
    Rest = Rest.ltrim(" \t");
    return Rest.starts_with(Guarded) &&
           (Rest.size() == Guarded.size() ||
            !(isalnum(Rest[Guarded.size()]) || Rest[Guarded.size()] == '_'));
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
ConditionalRegions::holding(SourceLocation At, const SourceManager &SM) const {
  llvm::SmallVector<const Branch *, 2> Around;
  if (At.isInvalid())
    return Around;
  auto [File, Offset] = SM.getDecomposedLoc(At);
  auto It = Branches.find(File);
  if (It == Branches.end())
    return Around;
  for (const Branch &B : It->second)
    if (B.Begin < Offset && Offset < B.End)
      Around.push_back(&B);
  llvm::sort(Around, [](const Branch *A, const Branch *B) {
    return A->Begin < B->Begin;
  });
  return Around;
}

llvm::SmallVector<const ConditionalRegions::Branch *, 2>
ConditionalRegions::holdingOnly(SourceLocation Inside, SourceLocation Outside,
                                const SourceManager &SM) const {
  llvm::SmallVector<const Branch *, 2> Only = holding(Inside, SM);
  llvm::SmallVector<const Branch *, 2> Covering = holding(Outside, SM);
  llvm::erase_if(Only, [&](const Branch *B) {
    return llvm::any_of(Covering, [B](const Branch *C) {
      return C->Condition == B->Condition;
    });
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
