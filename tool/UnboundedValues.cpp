//===-- UnboundedValues.cpp - what mpix-large-count's warnings rest on ----===//
//
// The notes are read as mpix-large-count words them (lib/LargeCountCheck.cpp
// and the explanations of lib/analysis/IntervalAnalysis.cpp): the operands
// an overflow note lists as "X unbounded", and the origin notes that say a
// value is one the analysis cannot bound. tool/unbounded-values.test runs
// the check and holds the two to the same wording.
//
//===----------------------------------------------------------------------===//

#include "UnboundedValues.h"
#include "analysis/Domain.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Regex.h"
#include <algorithm>

using namespace llvm;
using clang::tooling::Diagnostic;

namespace mpix {
namespace tool {

/// The position of the bracket that opens the one S ends with, or npos.
static size_t openingOfLast(StringRef S) {
  char Close = S.back(), Open = Close == ')' ? '(' : '[';
  int Depth = 0;
  for (size_t I = S.size(); I-- > 0;) {
    if (S[I] == Close)
      ++Depth;
    else if (S[I] == Open && --Depth == 0)
      return I;
  }
  return StringRef::npos;
}

/// S without the parentheses around it and the C casts before it.
static StringRef withoutParensAndCasts(StringRef S) {
  static const Regex Cast("^\\(([A-Za-z_][A-Za-z0-9_ ]*\\**)\\)");
  for (;;) {
    S = S.trim();
    SmallVector<StringRef, 2> Match;
    if (S.starts_with("(") && S.ends_with(")") && openingOfLast(S) == 0)
      S = S.drop_front().drop_back();
    else if (Cast.match(S, &Match))
      S = S.drop_front(Match[0].size());
    else
      return S;
  }
}

std::optional<std::string> rangesTargetOf(StringRef Spelled) {
  StringRef S = withoutParensAndCasts(Spelled);
  if (S.consume_front("*"))
    return rangesTargetOf(S);
  if (isTargetName(S))
    return S.str();
  if (S.empty())
    return std::nullopt;
  // An element is bounded with its array; a call or a macro's expansion by
  // its name.
  if (S.back() == ']' || S.back() == ')') {
    size_t Open = openingOfLast(S);
    if (Open == StringRef::npos || Open == 0)
      return std::nullopt;
    StringRef Base = S.take_front(Open).rtrim();
    if (S.back() == ']')
      return rangesTargetOf(Base);
    size_t Member = Base.find_last_of(".>");
    StringRef Callee = Member == StringRef::npos ? Base : Base.drop_front(Member + 1);
    if (!isTargetName(Callee))
      return std::nullopt;
    return Callee.str() + "()";
  }
  // A member of any record (the note does not say which).
  size_t Member = S.find_last_of(".>");
  if (Member != StringRef::npos && Member > 0 &&
      (S[Member] == '.' || S[Member - 1] == '-') &&
      isTargetName(S.drop_front(Member + 1)))
    return "." + S.drop_front(Member + 1).str();
  return std::nullopt;
}

/// The items of an explanation, "A unbounded, 2, f(x, y) unbounded", split
/// at the commas outside brackets.
static SmallVector<StringRef, 4> itemsOf(StringRef Why) {
  SmallVector<StringRef, 4> Items;
  int Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I < Why.size(); ++I) {
    char C = Why[I];
    if (C == '(' || C == '[')
      ++Depth;
    else if ((C == ')' || C == ']') && Depth > 0)
      --Depth;
    else if (C == ',' && Depth == 0) {
      Items.push_back(Why.slice(Start, I).trim());
      Start = I + 1;
    }
  }
  Items.push_back(Why.drop_front(Start).trim());
  return Items;
}

/// The value a note says the analysis cannot bound, as spelled there.
static void unboundedIn(StringRef Note, SmallVectorImpl<StringRef> &Values) {
  // "'a * b' can overflow 'int' here (in 'f'): a unbounded, b up to 3"
  static const Regex Overflow("can overflow '[^']*' here( \\(in '[^']*'\\))?: ");
  SmallVector<StringRef, 2> Match;
  if (Overflow.match(Note, &Match)) {
    StringRef Why = Note.drop_front(Match[0].data() - Note.data() + Match[0].size());
    for (StringRef Item : itemsOf(Why))
      if (Item.consume_back(" unbounded"))
        Values.push_back(Item);
    return;
  }
  // "the running sum is computed here, in a loop; 'n' can be any value of
  // its type"
  static const Regex AnyOfType("'([^']+)' can be any value of its type");
  if (AnyOfType.match(Note, &Match)) {
    Values.push_back(Match[1]);
    return;
  }
  // The origin notes: "'n' is a parameter: its callers may pass any value",
  // "'x' is read from memory the analysis cannot see", ...
  if (!Note.starts_with("'"))
    return;
  size_t End = Note.find("' is ");
  if (End == StringRef::npos)
    return;
  StringRef Rest = Note.drop_front(End);
  static const char *const Unbounded[] = {
      "cannot bound",      "cannot see",         "any value",
      "may set",           "written elsewhere",  "is not known",
      "does not follow",   "other functions set"};
  // A member or global stored from something not constant in another
  // function: "'o.size' is assigned 'value' here, in 'parse'".
  static const Regex StoredElsewhere("^' is assigned '.*' here, in '[^']*'$");
  if (StoredElsewhere.match(Rest) ||
      any_of(Unbounded, [&](const char *P) { return Rest.contains(P); }))
    Values.push_back(Note.slice(1, End));
}

/// "'size' is a member of 'Writer', which ...": a member read through
/// `this` is spelled as a variable would be; its record makes it one.
static void recordMembers(StringRef Note, StringMap<std::string> &Members) {
  static const Regex MemberOf("^'([^']+)' is a member of '([^']+)'");
  SmallVector<StringRef, 3> Match;
  if (!MemberOf.match(Note, &Match))
    return;
  std::optional<std::string> Target = rangesTargetOf(Match[1]);
  if (!Target)
    return;
  StringRef Field = StringRef(*Target).drop_while([](char C) { return C == '.'; });
  if (isTargetName(Field) && isTargetName(Match[2]))
    Members[Match[1]] = (Match[2] + "." + Field).str();
}

std::vector<std::string> unboundedTargetsOf(const Diagnostic &D) {
  SmallVector<StringRef, 4> Spelled;
  StringMap<std::string> Members;
  for (const clang::tooling::DiagnosticMessage &N : D.Notes) {
    unboundedIn(N.Message, Spelled);
    recordMembers(N.Message, Members);
  }
  std::vector<std::string> Targets;
  for (StringRef S : Spelled) {
    auto Member = Members.find(S);
    std::optional<std::string> T = Member != Members.end()
                                       ? std::optional(Member->second)
                                       : rangesTargetOf(S);
    if (T && !is_contained(Targets, *T))
      Targets.push_back(*T);
  }
  return Targets;
}

static bool isLargeCountWarning(const Diagnostic &D) {
  return D.DiagLevel == Diagnostic::Warning &&
         D.DiagnosticName == "mpix-large-count";
}

std::vector<UnboundedValue> unboundedValues(ArrayRef<Diagnostic> Diags,
                                            unsigned &Resting) {
  StringMap<unsigned> Counts;
  Resting = 0;
  for (const Diagnostic &D : Diags) {
    if (!isLargeCountWarning(D))
      continue;
    std::vector<std::string> Targets = unboundedTargetsOf(D);
    Resting += !Targets.empty();
    for (const std::string &T : Targets)
      ++Counts[T];
  }
  std::vector<UnboundedValue> Values;
  for (const auto &Entry : Counts)
    Values.push_back({Entry.getKey().str(), Entry.getValue()});
  llvm::sort(Values, [](const UnboundedValue &A, const UnboundedValue &B) {
    return A.Warnings != B.Warnings ? A.Warnings > B.Warnings
                                    : A.Target < B.Target;
  });
  return Values;
}

void reportUnboundedValues(ArrayRef<Diagnostic> Diags, raw_ostream &OS) {
  // Eight are enough to see which few carry most of a run.
  constexpr size_t Listed = 8;
  unsigned Resting = 0;
  std::vector<UnboundedValue> Values = unboundedValues(Diags, Resting);
  if (Values.empty())
    return;
  unsigned Warnings = count_if(Diags, isLargeCountWarning);
  OS << "mpix-tidy: mpix-large-count: " << Resting << " of " << Warnings
     << " warning" << (Warnings == 1 ? "" : "s")
     << (Resting == 1 ? " rests" : " rest")
     << " on values the analysis cannot bound, most often:";
  for (size_t I = 0; I < Values.size() && I < Listed; ++I)
    OS << (I ? ", " : " ") << Values[I].Target << " " << Values[I].Warnings;
  OS << "\nmpix-tidy: mpix-large-count: a bound the code guarantees on one "
        "of them can be stated once, with mpix-large-count.Ranges (e.g. '"
     << Values.front().Target
     << ":MAX'); a bound it does not guarantee hides real hazards\n";
}

} // namespace tool
} // namespace mpix
