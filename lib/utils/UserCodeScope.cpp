//===-- UserCodeScope.cpp - What the mpix checks walk ---------------------===//

#include "UserCodeScope.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace mpix {

static const char TranslationUnitID[] = "mpix-translation-unit";

/// A glob that no check name outside ours can match.
static bool onlyMatchesOurs(StringRef Glob) {
  return Glob.starts_with("mpix-") || Glob.starts_with("clang-diagnostic-");
}

bool enablesOnlyMPIXChecks(StringRef Checks) {
  llvm::SmallVector<StringRef, 8> Globs;
  for (StringRef Line : llvm::split(Checks, '\n'))
    Line.split(Globs, ',');
  // clang-tidy lets the last glob that matches a name decide; read from the
  // end until a negative `*` has disabled everything before it.
  for (StringRef Glob : llvm::reverse(Globs)) {
    Glob = Glob.trim();
    bool Positive = !Glob.consume_front("-");
    Glob = Glob.trim();
    if (Glob.empty())
      continue;
    if (!Positive && Glob == "*")
      return true;
    if (Positive && !onlyMatchesOurs(Glob))
      return false;
  }
  return true;
}

UserCodeScope::UserCodeScope(const tidy::ClangTidyContext &Context) {
  const tidy::ClangTidyOptions &Options = Context.getOptions();
  UserCodeOnly = !Options.SystemHeaders.value_or(false);
  CancelMatcherWalk =
      UserCodeOnly && enablesOnlyMPIXChecks(Options.Checks.value_or(""));
}

void UserCodeScope::registerMatcher(MatchFinder *Finder,
                                    MatchFinder::MatchCallback *Check) {
  Finder->addMatcher(translationUnitDecl().bind(TranslationUnitID), Check);
}

/// The interface headers of MPI libraries and of libmpix. They are found
/// with -I, not as system headers, yet hold thousands of declarations
/// (MPICH's mpi_proto.h alone has 5,800 lines) and nothing to check.
static bool isMPIInterfaceHeader(StringRef Path) {
  StringRef Name = llvm::sys::path::filename(Path);
  return Name == "mpi.h" || Name == "mpio.h" || Name == "mpi_proto.h" ||
         Name == "mpicxx.h" || Name == "mpi-ext.h" ||
         Name == "mpi_portable_platform.h" || Name == "mpix.h" ||
         Name == "mpix_gen.h";
}

namespace {
/// Which files are library code: system headers, MPI interface headers and
/// whatever those include.
class LibraryFiles {
public:
  explicit LibraryFiles(const SourceManager &SM) : SM(SM) {}

  bool contains(SourceLocation Loc) {
    Loc = SM.getExpansionLoc(Loc);
    if (Loc.isInvalid())
      return false;
    if (SM.isInSystemHeader(Loc))
      return true;
    return isLibrary(SM.getFileID(Loc));
  }

private:
  bool isLibrary(FileID File) {
    if (File.isInvalid() || File == SM.getMainFileID())
      return false;
    auto [It, Inserted] = Verdicts.try_emplace(File, false);
    if (!Inserted)
      return It->second;
    OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
    bool Library = (Entry && isMPIInterfaceHeader(Entry->getName())) ||
                   isLibrary(SM.getFileID(SM.getIncludeLoc(File)));
    Verdicts[File] = Library;
    return Library;
  }

  const SourceManager &SM;
  llvm::DenseMap<FileID, bool> Verdicts;
};
} // namespace

bool isLibraryCode(const SourceManager &SM, SourceLocation Loc) {
  return LibraryFiles(SM).contains(Loc);
}

const TranslationUnitDecl *
UserCodeScope::consume(const MatchFinder::MatchResult &Result) {
  const auto *TU = Result.Nodes.getNodeAs<TranslationUnitDecl>(TranslationUnitID);
  if (TU && CancelMatcherWalk)
    Result.Context->setTraversalScope({});
  return TU;
}

std::vector<Decl *> UserCodeScope::declarations(const ASTContext &Ctx) const {
  const TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
  if (!UserCodeOnly)
    return {TU->decls_begin(), TU->decls_end()};
  LibraryFiles Library(Ctx.getSourceManager());
  std::vector<Decl *> UserDecls;
  for (Decl *D : TU->decls())
    if (!Library.contains(D->getLocation()))
      UserDecls.push_back(D);
  return UserDecls;
}

} // namespace mpix
