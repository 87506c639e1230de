//===-- Driver.h - mpix-tidy's driver layer over clangTidyMain ------------===//
//
// clangTidyMain analyses what it is given, one process, one database. The
// driver adds what CI pipelines of MPI codes need around it:
//  - compile databases naming MPI compiler wrappers (mpicc, mpicxx, ...) are
//    rewritten, in a temporary copy, to the wrapper's real compiler and flags;
//  - -j N runs the database's translation units in N worker processes (this
//    same binary), merges their diagnostics and fixes, applies --fix once;
//  - --sarif=FILE writes the merged diagnostics as SARIF 2.1.0.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TOOL_DRIVER_H
#define MPIX_TOOL_DRIVER_H

#include "clang/Tooling/Core/Diagnostic.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mpix {
namespace tool {

/// The command line, split into what the driver handles itself and what is
/// forwarded to clangTidyMain (in this process or in the workers).
struct DriverOptions {
  // Driver-only options, removed before forwarding.
  unsigned Jobs = 0;       ///< -j N / --jobs=N; 0: not given.
  std::string SarifFile;   ///< --sarif=FILE
  std::optional<bool> Progress; ///< --progress / --no-progress (default: TTY)
  /// --summaries=FILE: with -j, where the summaries are kept (default: in
  /// the build directory); alone, the summaries a per-unit run reads.
  std::string SummariesFile;
  bool NoSummaries = false; ///< --no-summaries: -j in one phase

  // clang-tidy options the driver must understand.
  std::string BuildPath;   ///< -p DIR
  bool HasBuildPath = false;
  std::string ExportFixes; ///< --export-fixes=FILE
  bool Fix = false, FixErrors = false, FixNotes = false, Quiet = false;
  bool HasChecks = false, HasUseColor = false;
  bool InfoOnly = false;   ///< --help, --version, --list-checks, --dump-config...

  /// Options kept for the workers (neither positional nor driver options).
  std::vector<std::string> Forwarded;
  /// Positional arguments before "--": source files or, with -j, filters.
  std::vector<std::string> Positional;
  /// Options neither the driver nor clang-tidy 19 knows (also forwarded).
  std::vector<std::string> Unknown;
  /// Everything after "--" (a fixed compile command), if "--" was given.
  std::optional<std::vector<std::string>> FixedArgs;
};

/// Parses argv (without argv[0]). Returns false and sets Error on bad driver
/// options; options clang-tidy does not know either are listed in Unknown.
bool parseDriverOptions(llvm::ArrayRef<const char *> Args, DriverOptions &Opts,
                        std::string &Error);

/// What the wrapper-aware layer found for one compile command.
struct WrapperInfo {
  std::string Compiler;            ///< the underlying compiler, e.g. gcc
  std::vector<std::string> Flags;  ///< include/define flags it adds
};

/// Recognises MPI compiler wrappers by name and asks them (once per run) for
/// their compiler and compile flags. Errors name the wrapper and the query.
class WrapperResolver {
public:
  /// True if the program named Arg0 (a name or a path) is an MPI wrapper.
  static bool isWrapperName(llvm::StringRef Arg0);
  /// The wrapper's compiler and flags, or std::nullopt and Error set.
  const WrapperInfo *resolve(llvm::StringRef Arg0, std::string &Error);

private:
  std::map<std::string, WrapperInfo> Cache;
};

/// Rewrites a compile command (argv[0] = the compiler) whose compiler is an
/// MPI wrapper as the wrapper would run it. Returns false on a wrapper error;
/// leaves non-wrapper commands alone (Changed = false).
bool adjustWrapperCommand(std::vector<std::string> &Command,
                          WrapperResolver &Resolver, bool &Changed,
                          std::string &Error);

/// Drops from \p Command, from its argument \p First on (1 when argv[0] is
/// the compiler), the arguments clang does not know: other compilers' flags
/// and warning options. Returns them.
std::vector<std::string> dropUnknownFlags(std::vector<std::string> &Command,
                                          size_t First = 1);

/// The flags dropped from a run's compile commands, reported once each with
/// the first command that had it and how many others did.
class DroppedFlags {
public:
  /// \p Where names the command: "the compile command of 'a.c'".
  void add(const std::vector<std::string> &Flags, llvm::StringRef Where);
  void report() const;

private:
  std::vector<std::string> Order;
  std::map<std::string, std::pair<std::string, unsigned>> Files;
};

/// The compile database the run uses: where it is, its files, and (when it
/// names wrappers) the directory of a rewritten copy.
struct Database {
  std::string JsonPath;                ///< the original compile_commands.json
  std::vector<std::string> Files;      ///< absolute, in database order, unique
  std::string AdjustedDir;             ///< non-empty if rewritten
  unsigned WrapperCommands = 0;
  /// Commands rewritten: wrappers resolved or unknown flags dropped.
  unsigned AdjustedCommands = 0;
  DroppedFlags Dropped;
};

/// Finds compile_commands.json in Dir or a parent (as clang tooling does),
/// loads it and, if it names MPI wrappers, writes an adjusted copy into a
/// fresh temporary directory. Returns false with Error set on failure; sets
/// Found = false (no error) if there is no JSON database at all.
bool loadDatabase(llvm::StringRef Dir, WrapperResolver &Resolver, Database &DB,
                  bool &Found, std::string &Error);

/// One worker's result, as merged by the driver.
struct TUResult {
  std::string File;
  int ExitCode = 0;
  bool Crashed = false;
  std::string Stdout, Stderr;
  clang::tooling::TranslationUnitDiagnostics Diags;
};

/// The mpix checks' SARIF rule metadata (see CheckRules.def).
struct RuleInfo {
  const char *Id, *Short, *Full, *MPIStandard, *Doc;
};
llvm::ArrayRef<RuleInfo> mpixRules();

/// Writes Diags (already deduplicated) as a SARIF 2.1.0 log to Path.
bool writeSarif(llvm::StringRef Path,
                const std::vector<clang::tooling::Diagnostic> &Diags,
                std::string &Error);

/// Path, made absolute against BuildDir if relative, without "." and "..".
std::string absolutePath(llvm::StringRef Path, llvm::StringRef BuildDir);

/// Writes Contents to a temporary file next to Path and renames it over
/// Path, keeping Path's permissions: readers never see a half-written file.
bool writeFileAtomically(llvm::StringRef Path, llvm::StringRef Contents,
                         std::string &Error);

/// Runs the selected files (all of DB's without positional filters) in
/// Opts.Jobs workers of Self; DatabaseDir is passed to them as -p. Returns
/// the process exit status.
int runParallel(const char *Self, DriverOptions &Opts, const Database *DB,
                llvm::StringRef DatabaseDir);

} // namespace tool
} // namespace mpix

#endif
