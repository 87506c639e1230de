//===-- MPIXTidyMain.cpp - The standalone mpix-tidy -----------------------===//
//
// clang-tidy's own driver with the mpix module linked in, so that every
// clang-tidy option, .clang-tidy file and NOLINT comment works as users know
// it. Two defaults differ, both because this binary is not installed next to
// clang's headers and has one job:
//  - clang's builtin headers are taken from clang-19's resource directory;
//  - without --checks, the mpix checks are enabled: on top of the checks a
//    configuration names (a Checks key in --config, --config-file or a
//    .clang-tidy file), or alone when none names any (stock clang-tidy's own
//    default would add every clang-analyzer check, which costs more than
//    parsing and says nothing about MPI).
//
// Around clangTidyMain sits the driver (Driver.h): MPI-wrapper-aware compile
// databases, -j N, --sarif. A run without -j and --sarif is one clangTidyMain
// call, on a rewritten copy of the database if it names MPI wrappers.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "utils/CountParameters.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang-tidy/tool/ClangTidyMain.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

extern volatile int MPIXTidyModuleAnchorSource;
static int MPIXTidyModuleAnchorDestination = MPIXTidyModuleAnchorSource;

using namespace llvm;
using namespace mpix::tool;

// Printed at the end of --help (the driver's options are not llvm::cl ones).
static cl::extrahelp DriverHelp(R"(
mpix-tidy driver options (docs/tool.md):
  -j N, --jobs=N       analyse the compile database's files (or those the
                       positional arguments name or match as regular
                       expressions) in N worker processes; one merged report,
                       --fix and --export-fixes applied across all of them
  --sarif=FILE         also write the diagnostics as SARIF 2.1.0 to FILE
  --summaries=FILE     with -j: where the function summaries of the
                       database's units are kept (default: next to
                       compile_commands.json); without -j: the summaries a
                       run of single files reads
  --no-summaries       -j in one phase: no summaries, each unit alone
  --progress, --no-progress
                       "[k/N] file" lines on stderr (default: when it is a
                       terminal)
  Compile databases naming MPI wrappers (mpicc, mpicxx, mpicc.mpich, ...) are
  analysed with the flags the wrapper reports (-show, --showme:compile).
)");

/// Where option \p Name ("-name", "--name", "--name=V") stands before
/// "--", if it is given.
static std::optional<size_t> findOption(ArrayRef<std::string> Args,
                                        StringRef Name) {
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    if (Arg == "--")
      break;
    Arg.consume_front("-");
    Arg.consume_front("-");
    if (Arg.consume_front(Name) && (Arg.empty() || Arg.starts_with("=")))
      return I;
  }
  return std::nullopt;
}

static bool hasOption(ArrayRef<std::string> Args, StringRef Name) {
  return findOption(Args, Name).has_value();
}

/// The value of option \p Name ("--config=V" or "--config V"), if given.
static std::optional<std::string> optionValue(ArrayRef<std::string> Args,
                                              StringRef Name) {
  std::optional<size_t> I = findOption(Args, Name);
  if (!I)
    return std::nullopt;
  StringRef Arg = Args[*I];
  size_t Equals = Arg.find('=');
  if (Equals != StringRef::npos)
    return Arg.drop_front(Equals + 1).str();
  if (*I + 1 < Args.size())
    return Args[*I + 1];
  return std::nullopt;
}

/// The configuration \p Text (YAML) as clang-tidy reads it; none when it
/// does not parse (clang-tidy reports that itself).
static std::optional<clang::tidy::ClangTidyOptions>
parseConfig(MemoryBufferRef Text) {
  llvm::ErrorOr<clang::tidy::ClangTidyOptions> Parsed =
      clang::tidy::parseConfiguration(Text);
  if (!Parsed)
    return std::nullopt;
  return std::move(*Parsed);
}

static std::optional<clang::tidy::ClangTidyOptions>
parseConfigFile(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return std::nullopt;
  return parseConfig((*Buf)->getMemBufferRef());
}

/// Whether the .clang-tidy files that apply in \p Dir (the nearest, and its
/// parents' while each says InheritParentConfig) set Checks.
static bool configFilesSetChecks(StringRef Dir) {
  SmallString<256> Path(Dir);
  sys::fs::make_absolute(Path);
  for (StringRef D = Path; !D.empty(); D = sys::path::parent_path(D)) {
    SmallString<256> Config(D);
    sys::path::append(Config, ".clang-tidy");
    if (!sys::fs::exists(Config))
      continue;
    std::optional<clang::tidy::ClangTidyOptions> Options = parseConfigFile(Config);
    if (!Options)
      return false;
    if (Options->Checks)
      return true;
    if (!Options->InheritParentConfig.value_or(false))
      return false;
  }
  return false;
}

/// Whether a configuration names the checks: --config or --config-file with
/// a Checks key, or a .clang-tidy file with one that applies to the working
/// directory or a named source. A configuration without Checks (only
/// CheckOptions, say) must not bring back clang-tidy's default checks.
static bool configSetsChecks(ArrayRef<std::string> Args) {
  std::optional<clang::tidy::ClangTidyOptions> Options;
  if (std::optional<std::string> Config = optionValue(Args, "config"))
    Options = parseConfig(MemoryBufferRef(*Config, "--config"));
  else if (std::optional<std::string> File = optionValue(Args, "config-file"))
    Options = parseConfigFile(*File);
  if (Options)
    return Options->Checks.has_value();
  if (configFilesSetChecks("."))
    return true;
  for (StringRef Arg : Args) {
    if (Arg == "--")
      break;
    if (!Arg.starts_with("-") && sys::fs::is_regular_file(Arg) &&
        configFilesSetChecks(sys::path::parent_path(Arg)))
      return true;
  }
  return false;
}

/// clangTidyMain on Args (without argv[0]), with mpix-tidy's two defaults.
static int runClangTidy(const char *Argv0, std::vector<std::string> Args) {
  (void)MPIXTidyModuleAnchorDestination;
  // First, so that a user's own -resource-dir, which comes later on the
  // compile command line, still wins.
  Args.insert(Args.begin(), std::string("--extra-arg-before=-resource-dir=") +
                                MPIX_CLANG_RESOURCE_DIR);
  if (!hasOption(Args, "checks"))
    Args.insert(Args.begin(), configSetsChecks(Args) ? "--checks=mpix-*"
                                                     : "--checks=-*,mpix-*");
  SmallVector<const char *, 32> Argv{Argv0};
  for (const std::string &A : Args)
    Argv.push_back(A.c_str());
  return clang::tidy::clangTidyMain(static_cast<int>(Argv.size()), Argv.data());
}

static int fail(const Twine &Message) {
  errs() << "mpix-tidy: error: " << Message << "\n";
  return 1;
}

int main(int Argc, const char **Argv) {
  // A worker of a -j run: plain clang-tidy on what the driver prepared,
  // reading and writing the summaries it names (tool/Phases.h).
  if (Argc > 1 && StringRef(Argv[1]) == "--mpix-tidy-worker") {
    int First = 2;
    for (; First < Argc; ++First) {
      StringRef Arg(Argv[First]);
      if (Arg.consume_front("--mpix-summaries="))
        mpix::processSummaryPaths().Read = Arg.str();
      else if (Arg.consume_front("--mpix-summary-out="))
        mpix::processSummaryPaths().Write = Arg.str();
      else
        break;
    }
    return runClangTidy(Argv[0],
                        std::vector<std::string>(Argv + First, Argv + Argc));
  }

  DriverOptions Opts;
  std::string Error;
  if (!parseDriverOptions(ArrayRef<const char *>(Argv + 1, Argv + Argc), Opts,
                          Error))
    return fail(Error);
  bool Parallel = Opts.Jobs != 0 || !Opts.SarifFile.empty();
  if (Opts.InfoOnly)
    Parallel = false;

  // The compile database, and a rewritten copy of it if it names wrappers.
  WrapperResolver Resolver;
  Database DB;
  bool HaveDB = false;
  std::string DatabaseDir;
  if (Opts.FixedArgs) {
    // The command after "--" is what clang-tidy uses; -p only passes through.
    bool Changed;
    if (!adjustWrapperCommand(*Opts.FixedArgs, Resolver, Changed, Error))
      return fail(Error);
    DB.Dropped.add(dropUnknownFlags(*Opts.FixedArgs, /*First=*/0),
                   "the command line after '--'");
    if (Opts.HasBuildPath)
      DatabaseDir = Opts.BuildPath;
  } else if (Opts.HasBuildPath) {
    if (!sys::fs::exists(Opts.BuildPath))
      return fail("-p: '" + Opts.BuildPath + "' does not exist");
    bool Found;
    if (!loadDatabase(Opts.BuildPath, Resolver, DB, Found, Error))
      return fail(Error);
    if (!Found)
      return fail("no compile_commands.json in '" + Opts.BuildPath +
                  "' or its parent directories (configure with "
                  "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON or capture the build "
                  "with bear)");
    HaveDB = true;
    DatabaseDir = DB.AdjustedDir.empty() ? Opts.BuildPath : DB.AdjustedDir;
  } else if (!Opts.Positional.empty() && !Opts.InfoOnly) {
    // As clang-tidy: the database next to (or above) the first source file.
    SmallString<256> First(Opts.Positional.front());
    sys::fs::make_absolute(First);
    bool Found = false;
    if (sys::fs::exists(First) &&
        !loadDatabase(sys::path::parent_path(First), Resolver, DB, Found, Error))
      return fail(Error);
    if (Found) {
      HaveDB = true;
      if (!DB.AdjustedDir.empty())
        DatabaseDir = DB.AdjustedDir;
    }
  }

  DB.Dropped.report();

  // Without -j, the summaries of an earlier -j run are read, not written.
  if (!Opts.SummariesFile.empty() && !Parallel) {
    if (!sys::fs::is_regular_file(Opts.SummariesFile))
      return fail("--summaries: '" + Opts.SummariesFile +
                  "' does not exist (a -j run over the compile database "
                  "writes it)");
    mpix::processSummaryPaths().Read = Opts.SummariesFile;
  }

  int Status;
  if (Parallel) {
    if (!Opts.Unknown.empty())
      return fail("unknown option '" + Opts.Unknown.front() + "' (see --help)");
    SmallString<256> Self(
        sys::fs::getMainExecutable(Argv[0], (void *)(intptr_t)&main));
    Status = runParallel(Self.c_str(), Opts, HaveDB ? &DB : nullptr, DatabaseDir);
  } else {
    std::vector<std::string> Args = Opts.Forwarded;
    if (!DatabaseDir.empty())
      Args.push_back("-p=" + DatabaseDir);
    if (!Opts.ExportFixes.empty())
      Args.push_back("--export-fixes=" + Opts.ExportFixes);
    if (Opts.Fix)
      Args.push_back("--fix");
    if (Opts.FixErrors)
      Args.push_back("--fix-errors");
    if (Opts.FixNotes)
      Args.push_back("--fix-notes");
    Args.insert(Args.end(), Opts.Positional.begin(), Opts.Positional.end());
    if (Opts.FixedArgs) {
      Args.push_back("--");
      Args.insert(Args.end(), Opts.FixedArgs->begin(), Opts.FixedArgs->end());
    }
    Status = runClangTidy(Argv[0], std::move(Args));
  }
  if (!DB.AdjustedDir.empty())
    sys::fs::remove_directories(DB.AdjustedDir);
  return Status;
}
