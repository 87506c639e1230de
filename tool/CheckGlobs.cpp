//===-- CheckGlobs.cpp - clang-tidy's check globs, matched without regex --===//
//
// clang-tidy turns every glob of --checks (and of WarningsAsErrors, and of
// each .clang-tidy) into an llvm::Regex and matches it against the name of
// every check it knows, about 700 of them, at start-up and again for each
// file. LLVM's regex engine is slow to start a match: on a typical file
// those matches cost 16 M instructions, 6% of parsing it, and most of what
// mpix-tidy adds to parsing. A glob has a single metacharacter, '*', which
// a plain wildcard match handles in a few dozen instructions.
//
// This file defines clang::tidy::GlobList's out-of-line members, so the
// linker takes these instead of libclangTidy.a's GlobList.cpp.o (an archive
// member is only pulled in for a symbol nothing else defines; a duplicate
// would fail the link, not pass silently). The list is parsed as
// clang-tidy 19 parses it, and each item keeps its Regex, since clang-tidy
// reads the items (--verify-config); only contains() changes. It matches
// the items' text, which stock GlobList only keeps a reference to, so the
// text is copied first: a caller may build a list from a temporary. And
// globs.test checks that both binaries enable the same checks for the same
// globs. The plugin, loaded into stock clang-tidy-19, uses stock GlobList.
//
//===----------------------------------------------------------------------===//

#include "clang-tidy/GlobList.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/StringSaver.h"
#include <mutex>

namespace clang::tidy {

/// Removes a leading '-' (after blanks) from \p Globs; true if there was one.
static bool takeNegation(StringRef &Globs) {
  Globs = Globs.trim();
  return Globs.consume_front("-");
}

/// Removes the first glob of \p Globs and the ',' or newline after it.
static StringRef takeGlob(StringRef &Globs) {
  StringRef Untrimmed = Globs.substr(0, Globs.find_first_of(",\n"));
  Globs = Globs.substr(Untrimmed.size() + 1);
  return Untrimmed.trim();
}

/// "^glob$" with every regex metacharacter but '*' escaped, '*' as ".*".
static llvm::Regex regexOf(StringRef Glob) {
  SmallString<128> Pattern("^");
  for (char C : Glob) {
    if (C == '*')
      Pattern += ".*";
    else if (StringRef("()^$|+?.[]\\{}").contains(C))
      Pattern.append({'\\', C});
    else
      Pattern.push_back(C);
  }
  Pattern.push_back('$');
  return llvm::Regex(Pattern);
}

/// Whether \p Glob, whose only metacharacter is '*' (any run of characters),
/// matches all of \p S. On a mismatch only the last '*' is retried one
/// character further: earlier stars can never need to match more.
static bool globMatches(StringRef Glob, StringRef S) {
  size_t G = 0, I = 0;
  size_t StarAt = StringRef::npos, ResumeAt = 0;
  while (I < S.size()) {
    if (G < Glob.size() && Glob[G] == '*') {
      StarAt = G++;
      ResumeAt = I;
    } else if (G < Glob.size() && Glob[G] == S[I]) {
      ++G;
      ++I;
    } else if (StarAt != StringRef::npos) {
      G = StarAt + 1;
      I = ++ResumeAt;
    } else {
      return false;
    }
  }
  while (G < Glob.size() && Glob[G] == '*')
    ++G;
  return G == Glob.size();
}

/// \p Text, copied where it lives as long as the process: a few lists of
/// a few hundred bytes per file.
static StringRef keptCopy(StringRef Text) {
  static std::mutex Lock;
  static llvm::BumpPtrAllocator Storage;
  static llvm::StringSaver Saver(Storage);
  std::lock_guard<std::mutex> Guard(Lock);
  return Saver.save(Text);
}

GlobList::GlobList(StringRef GlobsText, bool KeepNegativeGlobs) {
  StringRef Globs = keptCopy(GlobsText);
  Items.reserve(Globs.count(',') + Globs.count('\n') + 1);
  do {
    bool Positive = !takeNegation(Globs);
    StringRef Text = takeGlob(Globs);
    if (Positive || KeepNegativeGlobs)
      Items.push_back({Positive, regexOf(Text), Text});
  } while (!Globs.empty());
}

bool GlobList::contains(StringRef S) const {
  // The last glob that matches decides.
  for (const GlobListItem &Item : llvm::reverse(Items))
    if (globMatches(Item.Text, S))
      return Item.IsPositive;
  return false;
}

bool CachedGlobList::contains(StringRef S) const {
  auto [It, Inserted] = Cache.try_emplace(S);
  if (Inserted)
    It->second = GlobList::contains(S);
  return It->second;
}

} // namespace clang::tidy
