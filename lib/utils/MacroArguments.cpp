//===-- MacroArguments.cpp - Macro arguments a fix must not edit ---------===//

#include "utils/MacroArguments.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace mpix {

class MacroArgumentsRecorder : public PPCallbacks {
public:
  MacroArgumentsRecorder(MacroArguments &Record, const SourceManager &SM)
      : Record(Record), SM(SM) {}

  void MacroExpands(const Token &Name, const MacroDefinition &Definition,
                    SourceRange Range, const MacroArgs *) override {
    // Only invocations written in a user's file: one inside another
    // macro's body, or in a system header, is never edited. Most
    // expansions are in system headers, and come file after file.
    const MacroInfo *Macro = Definition.getMacroInfo();
    if (!Macro || !Macro->isFunctionLike() || Macro->getNumParams() == 0 ||
        !Range.getBegin().isFileID() || !Range.getEnd().isFileID())
      return;
    // A file's locations are consecutive: the last file's span answers
    // without a lookup.
    SourceLocation::UIntTy At = Range.getBegin().getRawEncoding();
    if (At < LastBegin || At >= LastEnd) {
      FileID File = SM.getFileID(Range.getBegin());
      LastBegin = SM.getLocForStartOfFile(File).getRawEncoding();
      LastEnd = SM.getLocForEndOfFile(File).getRawEncoding();
      LastFileIsUsers = !SM.isInSystemHeader(Range.getBegin());
    }
    if (LastFileIsUsers)
      Record.Invocations.push_back(
          {Range.getBegin(), Range.getEnd(), Name.getIdentifierInfo(), Macro});
  }

  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    if (Range.getBegin().isFileID())
      Record.Skipped[SM.getFileID(Range.getBegin())].push_back(Range);
  }

private:
  MacroArguments &Record;
  const SourceManager &SM;
  SourceLocation::UIntTy LastBegin = 0, LastEnd = 0;
  bool LastFileIsUsers = false;
};

std::unique_ptr<PPCallbacks>
MacroArguments::recorder(const Preprocessor &PP) {
  return std::make_unique<MacroArgumentsRecorder>(*this, PP.getSourceManager());
}

void MacroArguments::clear() {
  Invocations.clear();
  SortedByBegin = false;
  Skipped.clear();
}

namespace {

/// The index of the argument at \p Offset of the invocation \p Text (from
/// the macro's name to its closing parenthesis): top-level commas before it.
std::optional<unsigned> argumentIndex(StringRef Text, unsigned Offset) {
  size_t Open = Text.find('(');
  if (Open == StringRef::npos || Offset <= Open)
    return std::nullopt;
  unsigned Depth = 0, Index = 0;
  char Quote = 0;
  for (size_t I = Open + 1; I < Offset && I < Text.size(); ++I) {
    char C = Text[I];
    if (Quote) {
      if (C == '\\')
        ++I;
      else if (C == Quote)
        Quote = 0;
    } else if (C == '"' || C == '\'') {
      Quote = C;
    } else if (C == '(' || C == '[' || C == '{') {
      ++Depth;
    } else if (C == ')' || C == ']' || C == '}') {
      if (Depth == 0)
        return std::nullopt;
      --Depth;
    } else if (C == ',' && Depth == 0) {
      ++Index;
    }
  }
  return Index;
}

/// Whether the replacement list \p Body pastes \p Param: `Param ##` or
/// `## Param`.
bool pastes(StringRef Body, StringRef Param) {
  auto IsIdentChar = [](char C) { return isAsciiIdentifierContinue(C); };
  for (size_t At = Body.find("##"); At != StringRef::npos;
       At = Body.find("##", At + 2)) {
    StringRef Before = Body.take_front(At).rtrim();
    size_t Start = Before.size();
    while (Start > 0 && IsIdentChar(Before[Start - 1]))
      --Start;
    StringRef After = Body.drop_front(At + 2).ltrim().take_while(IsIdentChar);
    if (Before.drop_front(Start) == Param || After == Param)
      return true;
  }
  return false;
}

/// The definitions of function-like macro \p Name in \p Text (a skipped
/// #if branch): its parameters and its replacement list, per definition.
struct SkippedDefinition {
  // Copies: the logical line they are read from is rebuilt for each line.
  llvm::SmallVector<std::string, 4> Params;
  std::string Body;
  unsigned Offset;
};
llvm::SmallVector<SkippedDefinition, 1> definitionsIn(StringRef Text,
                                                      StringRef Name) {
  llvm::SmallVector<SkippedDefinition, 1> Found;
  size_t LineStart = 0;
  while (LineStart < Text.size()) {
    // A logical line: physical lines joined at a trailing backslash.
    std::string Line;
    size_t At = LineStart;
    while (At < Text.size()) {
      size_t End = Text.find('\n', At);
      StringRef Physical = Text.slice(At, End == StringRef::npos ? Text.size() : End);
      At = End == StringRef::npos ? Text.size() : End + 1;
      StringRef Trimmed = Physical.rtrim(" \t\r");
      if (!Trimmed.ends_with("\\")) {
        Line += Physical.str();
        break;
      }
      Line += Trimmed.drop_back().str() + " ";
    }
    StringRef L = StringRef(Line).ltrim();
    unsigned Offset = LineStart;
    LineStart = At;
    if (!L.consume_front("#"))
      continue;
    L = L.ltrim();
    if (!L.consume_front("define"))
      continue;
    L = L.ltrim();
    if (!L.consume_front(Name) || !L.consume_front("("))
      continue;
    size_t Close = L.find(')');
    if (Close == StringRef::npos)
      continue;
    SkippedDefinition D;
    llvm::SmallVector<StringRef, 4> Params;
    L.take_front(Close).split(Params, ',');
    for (StringRef P : Params)
      D.Params.push_back(P.trim().str());
    D.Body = L.drop_front(Close + 1).str();
    D.Offset = Offset;
    Found.push_back(std::move(D));
  }
  return Found;
}

} // namespace

std::optional<std::string>
MacroArguments::pastingDefinition(const Invocation &I, unsigned Index,
                                  const SourceManager &SM) const {
  const MacroInfo *Macro = I.Macro;
  SourceLocation Defined = Macro->getDefinitionLoc();
  auto Where = [&](SourceLocation Loc) {
    PresumedLoc P = SM.getPresumedLoc(Loc);
    return P.isValid() ? llvm::sys::path::filename(P.getFilename()).str() + ":" +
                             std::to_string(P.getLine())
                       : std::string("its definition");
  };
  // This build's definition.
  if (Index < Macro->getNumParams()) {
    const IdentifierInfo *Param = Macro->params()[Index];
    llvm::ArrayRef<Token> Body = Macro->tokens();
    for (size_t T = 0; T < Body.size(); ++T)
      if (Body[T].is(tok::hashhash) &&
          ((T > 0 && Body[T - 1].getIdentifierInfo() == Param) ||
           (T + 1 < Body.size() && Body[T + 1].getIdentifierInfo() == Param)))
        return Where(Defined);
  }
  // The others, in the branches this build skipped of the same file.
  if (Defined.isInvalid() || !Defined.isFileID())
    return std::nullopt;
  FileID File = SM.getFileID(Defined);
  auto Ranges = Skipped.find(File);
  if (Ranges == Skipped.end())
    return std::nullopt;
  StringRef Buffer = SM.getBufferData(File);
  for (SourceRange R : Ranges->second) {
    unsigned Begin = SM.getFileOffset(R.getBegin());
    unsigned End = std::min<unsigned>(SM.getFileOffset(R.getEnd()), Buffer.size());
    if (Begin >= End)
      continue;
    for (const SkippedDefinition &D :
         definitionsIn(Buffer.slice(Begin, End), I.Name->getName()))
      if (Index < D.Params.size() && pastes(D.Body, D.Params[Index]))
        return Where(SM.getComposedLoc(File, Begin + D.Offset));
  }
  return std::nullopt;
}

std::optional<std::string>
MacroArguments::pastedArgument(SourceLocation At, const SourceManager &SM) const {
  if (At.isInvalid() || Invocations.empty())
    return std::nullopt;
  At = SM.getFileLoc(At);
  auto [File, Offset] = SM.getDecomposedLoc(At);
  if (!SortedByBegin) {
    llvm::sort(Invocations, [](const Invocation &A, const Invocation &B) {
      return A.Begin.getRawEncoding() < B.Begin.getRawEncoding();
    });
    SortedByBegin = true;
  }
  // A file's locations are consecutive: the invocations that can hold At
  // begin in its file before it. Walked back from At, nested ones too.
  SourceLocation::UIntTy FileStart =
      SM.getLocForStartOfFile(File).getRawEncoding();
  auto After = llvm::partition_point(Invocations, [&](const Invocation &I) {
    return I.Begin.getRawEncoding() < At.getRawEncoding();
  });
  for (auto It = std::make_reverse_iterator(After);
       It != Invocations.rend() && It->Begin.getRawEncoding() >= FileStart;
       ++It) {
    const Invocation &I = *It;
    if (I.End.getRawEncoding() <= At.getRawEncoding())
      continue;
    unsigned Begin = SM.getFileOffset(I.Begin);
    StringRef Text =
        SM.getBufferData(File).slice(Begin, SM.getFileOffset(I.End) + 1);
    std::optional<unsigned> Index = argumentIndex(Text, Offset - Begin);
    if (!Index)
      continue;
    if (std::optional<std::string> Where = pastingDefinition(I, *Index, SM)) {
      StringRef Param = *Index < I.Macro->getNumParams()
                            ? I.Macro->params()[*Index]->getName()
                            : StringRef("...");
      return "'" + I.Name->getName().str() + "' pastes its argument '" +
             Param.str() + "' into another name (" + *Where +
             "): edited, it would name something else";
    }
  }
  return std::nullopt;
}

} // namespace mpix
