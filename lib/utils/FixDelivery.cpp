//===-- FixDelivery.cpp - Shared edits with a warning clang-tidy keeps ----===//

#include "utils/FixDelivery.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace mpix {

FixDelivery::FixDelivery(tidy::ClangTidyContext &Context) : Context(Context) {}

void FixDelivery::reset() {
  Delivered.clear();
  DeliveredGroups.clear();
  DeliveredGroupsHeld.clear();
  Pending.clear();
  PendingGroup = nullptr;
  Suppressed = PassesLineFilter = RelatesToUserCode = false;
  HeaderFilter.reset();
  ExcludeHeaderFilter.reset();
}

std::string FixDelivery::keyOf(const FixItHint &Edit) {
  return std::to_string(Edit.RemoveRange.getBegin().getRawEncoding()) + ":" +
         std::to_string(Edit.RemoveRange.getEnd().getRawEncoding()) + ":" +
         Edit.CodeToInsert;
}

void FixDelivery::attach(DiagnosticBuilder &D, llvm::ArrayRef<FixItHint> Edits,
                         std::shared_ptr<const void> Group) {
  settle();
  NoLintBefore = Context.getStats().ErrorsIgnoredNOLINT;
  if (Group && DeliveredGroups.contains(Group.get()))
    return;
  PendingGroup = std::move(Group);
  llvm::StringSet<> Attached;
  for (const FixItHint &Edit : Edits) {
    std::string Key = keyOf(Edit);
    if (!Attached.insert(Key).second || Delivered.count(Key))
      continue;
    D << Edit;
    Pending.push_back(std::move(Key));
  }
}

void FixDelivery::warningEmitted(SourceLocation Loc, const SourceManager &SM) {
  Suppressed = Context.getStats().ErrorsIgnoredNOLINT != NoLintBefore;
  PassesLineFilter = RelatesToUserCode = false;
  noteEmitted(Loc, SM);
}

void FixDelivery::noteEmitted(SourceLocation Loc, const SourceManager &SM) {
  PassesLineFilter = PassesLineFilter || passesLineFilter(Loc, SM);
  RelatesToUserCode = RelatesToUserCode || inUserCode(Loc, SM);
}

void FixDelivery::settle() {
  if (!Suppressed && PassesLineFilter && RelatesToUserCode) {
    for (const std::string &Key : Pending)
      Delivered.insert(Key);
    if (PendingGroup && DeliveredGroups.insert(PendingGroup.get()).second)
      DeliveredGroupsHeld.push_back(PendingGroup);
  }
  Pending.clear();
  PendingGroup = nullptr;
}

/// As clang-tidy's ClangTidyDiagnosticConsumer::passesLineFilter: a file
/// the filter names passes in the listed lines (or all of them, with no
/// list); a file it does not name does not pass.
bool FixDelivery::passesLineFilter(SourceLocation Loc,
                                   const SourceManager &SM) const {
  const auto &Filters = Context.getGlobalOptions().LineFilter;
  if (Filters.empty() || Loc.isInvalid())
    return true;
  OptionalFileEntryRef File =
      SM.getFileEntryRefForID(SM.getDecomposedExpansionLoc(Loc).first);
  if (!File)
    return true;
  StringRef Name = File->getName();
  unsigned Line = SM.getExpansionLineNumber(Loc);
  for (const tidy::FileFilter &Filter : Filters) {
    if (!Name.ends_with(Filter.Name))
      continue;
    if (Filter.LineRanges.empty())
      return true;
    for (const auto &[First, Last] : Filter.LineRanges)
      if (First <= Line && Line <= Last)
        return true;
    return false;
  }
  return false;
}

/// As clang-tidy's header filter: the main file, or a header that
/// HeaderFilterRegex matches and ExcludeHeaderFilterRegex does not.
bool FixDelivery::inUserCode(SourceLocation Loc, const SourceManager &SM) const {
  if (Loc.isInvalid())
    return true;
  const tidy::ClangTidyOptions &Options = Context.getOptions();
  if (!Options.SystemHeaders.value_or(false) &&
      (SM.isInSystemHeader(Loc) || SM.isInSystemMacro(Loc)))
    return false;
  OptionalFileEntryRef File =
      SM.getFileEntryRefForID(SM.getDecomposedExpansionLoc(Loc).first);
  if (!File || SM.isInMainFile(Loc))
    return true;
  auto Compiled = [](std::optional<llvm::Regex> &Regex,
                     const std::optional<std::string> &Pattern) {
    if (!Regex)
      Regex.emplace(Pattern.value_or(""));
    return &*Regex;
  };
  // An empty pattern does not compile, and so matches nothing, as in
  // clang-tidy.
  StringRef Name = File->getName();
  return Compiled(HeaderFilter, Options.HeaderFilterRegex)->match(Name) &&
         !Compiled(ExcludeHeaderFilter, Options.ExcludeHeaderFilterRegex)
              ->match(Name);
}

} // namespace mpix
