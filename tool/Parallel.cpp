//===-- Parallel.cpp - mpix-tidy -j: many translation units, one report ---===//
//
// Each translation unit is analysed by a worker: this binary re-executed in
// plain clang-tidy mode on one file, with --export-fixes to a temporary YAML
// file (clang-tidy writes every diagnostic there, with its notes and fixes,
// not only the fixable ones). The driver then
//  - prints each worker's diagnostics in database order, a diagnostic that
//    several translation units report (one in a shared header) only once;
//  - merges the YAML diagnostics, without repeats, for --export-fixes,
//    --sarif and --fix;
//  - applies the fixes itself, once, file by file: a diagnostic's fix goes in
//    whole or not at all (when it overlaps another fix), and each file is
//    written to a temporary and renamed over the original.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "Phases.h"
#include "UnboundedValues.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <map>
#include <mutex>
#include <numeric>
#include <set>
#include <thread>
#include <tuple>

using namespace llvm;
using clang::tooling::Diagnostic;

namespace mpix {
namespace tool {

bool writeFileAtomically(StringRef Path, StringRef Contents,
                         std::string &Error) {
  SmallString<256> Model(Path);
  Model += ".mpix-tmp-%%%%%%";
  SmallString<256> Temp;
  int FD;
  if (std::error_code EC = sys::fs::createUniqueFile(Model, FD, Temp)) {
    Error = "'" + Path.str() + "': " + EC.message();
    return false;
  }
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Contents;
    OS.close();
    if (OS.has_error()) {
      Error = "'" + Path.str() + "': " + OS.error().message();
      OS.clear_error();
      sys::fs::remove(Temp);
      return false;
    }
  }
  // Keep the original's permissions (a new file gets the usual 0644).
  auto Perms = sys::fs::getPermissions(Path);
  sys::fs::setPermissions(Temp, Perms ? *Perms
                                      : sys::fs::perms(0644));
  if (std::error_code EC = sys::fs::rename(Temp, Path)) {
    Error = "'" + Path.str() + "': " + EC.message();
    sys::fs::remove(Temp);
    return false;
  }
  return true;
}

std::string absolutePath(StringRef Path, StringRef BuildDir) {
  SmallString<256> P(Path);
  if (!sys::path::is_absolute(P) && !BuildDir.empty()) {
    P = BuildDir;
    sys::path::append(P, Path);
  }
  sys::path::remove_dots(P, true);
  return std::string(P);
}

namespace {

std::string readFile(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path);
  return Buf ? (*Buf)->getBuffer().str() : std::string();
}

std::string stripColors(StringRef S) {
  static const Regex Escape("\x1b\\[[0-9;]*[mK]");
  std::string Out = S.str();
  std::string Prev;
  do {
    Prev = Out;
    Out = Escape.sub("", Out);
  } while (Out != Prev);
  return Out;
}

/// A worker's stdout cut into diagnostics: a warning or error with the notes
/// and source excerpts that follow it.
std::vector<std::string> splitDiagnostics(StringRef Text) {
  static const Regex Head(
      "^[^ ].*:[0-9]+:[0-9]+: (warning|error|fatal error|remark): ");
  static const Regex Any("^[^ ].*:[0-9]+:[0-9]+: [a-z ]+: ");
  std::vector<std::string> Units;
  SmallVector<StringRef, 64> Lines;
  Text.split(Lines, '\n');
  for (StringRef Line : Lines) {
    std::string Plain = stripColors(Line);
    if (StringRef(Plain).trim().empty())
      continue; // clang-tidy ends each file with one; units stay comparable
    bool Starts = Head.match(Plain) || (Units.empty() && Any.match(Plain));
    if (Starts || Units.empty())
      Units.emplace_back();
    Units.back() += Line;
    Units.back() += '\n';
  }
  return Units;
}

/// clang-tidy's per-TU statistics on stderr; the driver reports its own.
bool isStatisticsLine(StringRef Line) {
  static const Regex Stats(
      "^([0-9]+ (warning|error)s? (and [0-9]+ (warning|error)s? )?generated\\.|"
      "Suppressed [0-9]+ warnings? |Use -header-filter=|Use -system-headers )");
  return Stats.match(stripColors(Line));
}

using EditKey = std::tuple<std::string, unsigned, unsigned, std::string>;

struct FixStats {
  unsigned Suggested = 0, Applied = 0, Conflicting = 0, Files = 0;
  /// Warnings (not compiler errors) in all, and those an applied fix edits
  /// the line of: their own fix, or a sibling's that carries their edits
  /// (a local widened for three calls is one fix, three warnings).
  unsigned Warnings = 0, WarningsFixed = 0;
  bool Failed = false;
};

/// Line numbers of offsets in one text, by binary search over its line
/// starts: a file with thousands of warnings is scanned once.
class LineTable {
public:
  explicit LineTable(StringRef Text) {
    for (size_t I = Text.find('\n'); I != StringRef::npos; I = Text.find('\n', I + 1))
      Starts.push_back(I + 1);
  }
  /// The 1-based line of \p Offset.
  unsigned lineOf(unsigned Offset) const {
    return 1 + (std::upper_bound(Starts.begin(), Starts.end(), Offset) -
                Starts.begin());
  }

private:
  std::vector<size_t> Starts;
};

/// Applies the fixes of Diags (the merged, deduplicated diagnostics).
FixStats applyFixes(const std::vector<Diagnostic> &Diags,
                    const std::set<std::string> &SkippedTUs,
                    const std::vector<std::string> &DiagTU,
                    const DriverOptions &Opts) {
  FixStats Stats;
  std::map<std::string, clang::tooling::Replacements> PerFile;
  std::set<EditKey> Done;
  std::set<size_t> AppliedDiags;
  for (size_t I = 0; I < Diags.size(); ++I) {
    const Diagnostic &D = Diags[I];
    const StringMap<clang::tooling::Replacements> *Fix = &D.Message.Fix;
    if (Fix->empty() && Opts.FixNotes) {
      // As clang-tidy: a note's fix when exactly one note has one.
      const StringMap<clang::tooling::Replacements> *NoteFix = nullptr;
      unsigned WithFix = 0;
      for (const auto &N : D.Notes)
        if (!N.Fix.empty() && !WithFix++)
          NoteFix = &N.Fix;
      if (WithFix == 1)
        Fix = NoteFix;
    }
    if (Fix->empty())
      continue;
    ++Stats.Suggested;
    bool IsCompilerError = D.DiagLevel == Diagnostic::Error &&
                           StringRef(D.DiagnosticName).starts_with("clang-diagnostic-");
    if ((IsCompilerError || SkippedTUs.count(DiagTU[I])) && !Opts.FixErrors)
      continue;
    // All of this diagnostic's edits, or none.
    std::map<std::string, clang::tooling::Replacements> Trial;
    std::vector<EditKey> New;
    bool Conflict = false;
    for (const auto &Entry : *Fix) {
      for (const clang::tooling::Replacement &R : Entry.second) {
        std::string File = absolutePath(R.getFilePath(), D.BuildDirectory);
        EditKey Key{File, R.getOffset(), R.getLength(),
                    R.getReplacementText().str()};
        if (Done.count(Key))
          continue; // the same edit, reported by another translation unit
        auto It = Trial.find(File);
        if (It == Trial.end())
          It = Trial.emplace(File, PerFile[File]).first;
        clang::tooling::Replacement Abs(File, R.getOffset(), R.getLength(),
                                        R.getReplacementText());
        if (auto Err = It->second.add(Abs)) {
          consumeError(std::move(Err));
          Conflict = true;
          break;
        }
        New.push_back(Key);
      }
      if (Conflict)
        break;
    }
    if (Conflict) {
      ++Stats.Conflicting;
      errs() << "mpix-tidy: note: the fix of '" << D.Message.Message
             << "' [" << D.DiagnosticName
             << "] overlaps another fix and is not applied\n";
      continue;
    }
    for (auto &Entry : Trial)
      PerFile[Entry.first] = std::move(Entry.second);
    Done.insert(New.begin(), New.end());
    ++Stats.Applied;
    AppliedDiags.insert(I);
  }
  // Where each warning stands, per file, to tell which lines the edits touch.
  std::map<std::string, std::vector<unsigned>> WarningOffsets;
  // A warning whose own fix went in is fixed wherever the edits are (a
  // call narrowing into a wrapper is fixed in the wrapper's file).
  // A warning whose fix is blocked is left, whatever other fixes edit on
  // its line (a wrapper's call renamed beside an argument that stays int).
  auto Blocked = [](const clang::tooling::Diagnostic &D) {
    return llvm::any_of(D.Notes, [](const clang::tooling::DiagnosticMessage &N) {
      return StringRef(N.Message).starts_with("no automatic fix");
    });
  };
  for (size_t I = 0; I < Diags.size(); ++I)
    if (Diags[I].DiagLevel == Diagnostic::Warning) {
      ++Stats.Warnings;
      if (AppliedDiags.count(I))
        ++Stats.WarningsFixed;
      else if (!Blocked(Diags[I]))
        WarningOffsets[absolutePath(Diags[I].Message.FilePath,
                                    Diags[I].BuildDirectory)]
            .push_back(Diags[I].Message.FileOffset);
    }
  for (const auto &[File, Reps] : PerFile) {
    if (Reps.empty())
      continue;
    auto Buf = MemoryBuffer::getFile(File);
    if (!Buf) {
      errs() << "mpix-tidy: error: cannot read '" << File
             << "' to apply fixes: " << Buf.getError().message() << "\n";
      Stats.Failed = true;
      continue;
    }
    std::set<unsigned> EditedLines;
    LineTable Lines((*Buf)->getBuffer());
    for (const clang::tooling::Replacement &R : Reps)
      for (unsigned L = Lines.lineOf(R.getOffset()),
                    End = Lines.lineOf(R.getOffset() + R.getLength());
           L <= End; ++L)
        EditedLines.insert(L);
    for (unsigned Offset : WarningOffsets[File])
      Stats.WarningsFixed += EditedLines.count(Lines.lineOf(Offset));
    auto Fixed = clang::tooling::applyAllReplacements((*Buf)->getBuffer(), Reps);
    if (!Fixed) {
      errs() << "mpix-tidy: error: cannot apply fixes to '" << File
             << "': " << toString(Fixed.takeError()) << "\n";
      Stats.Failed = true;
      continue;
    }
    std::string Error;
    if (!writeFileAtomically(File, *Fixed, Error)) {
      errs() << "mpix-tidy: error: cannot write fixes to " << Error << "\n";
      Stats.Failed = true;
      continue;
    }
    ++Stats.Files;
  }
  return Stats;
}

/// The diagnostics with each edit kept in the first fix that has it only:
/// units sharing a header, or calling one wrapper, plan the same edits, and
/// clang-apply-replacements applies each copy of an insertion.
std::vector<Diagnostic> withoutRepeatedEdits(std::vector<Diagnostic> Diags) {
  std::set<EditKey> Seen;
  for (Diagnostic &D : Diags)
    for (auto &Entry : D.Message.Fix) {
      clang::tooling::Replacements Kept;
      for (const clang::tooling::Replacement &R : Entry.second) {
        EditKey Key{absolutePath(R.getFilePath(), D.BuildDirectory),
                    R.getOffset(), R.getLength(), R.getReplacementText().str()};
        if (Seen.insert(Key).second)
          consumeError(Kept.add(R));
      }
      Entry.second = std::move(Kept);
    }
  return Diags;
}

/// Runs one worker and reads what it left: its output, its diagnostics.
TUResult runWorker(const char *Self, const std::vector<std::string> &Args,
                   StringRef File, StringRef Out, StringRef Err,
                   StringRef Yaml) {
  std::vector<StringRef> Argv(Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {StringRef(""), Out, Err};
  std::string ExecError;
  bool ExecFailed = false;
  int RC = sys::ExecuteAndWait(Self, Argv, std::nullopt, Redirects, 0, 0,
                               &ExecError, &ExecFailed);
  TUResult R;
  R.File = File.str();
  R.ExitCode = RC;
  R.Crashed = RC < 0 || ExecFailed;
  R.Stdout = readFile(Out);
  R.Stderr = readFile(Err);
  if (R.Crashed)
    R.Stderr += "mpix-tidy: error: the worker analysing '" + R.File + "' " +
                (ExecFailed ? "could not start" : "crashed") +
                (ExecError.empty() ? "" : ": " + ExecError) + "\n";
  std::string YamlText = readFile(Yaml);
  if (!YamlText.empty()) {
    yaml::Input YIn(YamlText);
    YIn >> R.Diags;
    if (YIn.error()) {
      R.Stderr += "mpix-tidy: error: cannot read the diagnostics of '" +
                  R.File + "'\n";
      R.ExitCode = 1; // they are missing from the merged report
    }
  }
  return R;
}

/// Selects the files to analyse: all of the database's, or those a
/// positional argument names (an existing file) or matches (a regular
/// expression searched in the absolute path).
bool selectFiles(const DriverOptions &Opts, const Database *DB,
                 std::vector<std::string> &Files, std::string &Error) {
  if (Opts.Positional.empty()) {
    if (!DB) {
      Error = "-j and --sarif need a compile database (-p DIR) or source files";
      return false;
    }
    Files = DB->Files;
    return true;
  }
  std::set<std::string> Chosen;
  auto add = [&](const std::string &F) {
    if (Chosen.insert(F).second)
      Files.push_back(F);
  };
  for (const std::string &P : Opts.Positional) {
    if (sys::fs::is_regular_file(P)) {
      SmallString<256> A(P);
      sys::fs::make_absolute(A);
      sys::path::remove_dots(A, true);
      add(std::string(A));
      continue;
    }
    if (!DB) {
      Error = "no such file: '" + P + "'";
      return false;
    }
    Regex Filter(P);
    std::string RegexError;
    if (!Filter.isValid(RegexError)) {
      Error = "'" + P + "' is neither a file nor a valid regular expression (" +
              RegexError + ")";
      return false;
    }
    bool Matched = false;
    for (const std::string &F : DB->Files)
      if (Filter.match(F)) {
        Matched = true;
        add(F);
      }
    if (!Matched) {
      Error = "no file of the compile database '" + DB->JsonPath +
              "' matches '" + P + "'";
      return false;
    }
  }
  return true;
}

} // namespace

int runParallel(const char *Self, DriverOptions &Opts, const Database *DB,
                StringRef DatabaseDir) {
  std::vector<std::string> Files;
  std::string Error;
  if (!selectFiles(Opts, DB, Files, Error)) {
    errs() << "mpix-tidy: error: " << Error << "\n";
    return 1;
  }
  if (Files.empty()) {
    errs() << "mpix-tidy: error: the compile database '"
           << (DB ? DB->JsonPath : "") << "' has no files\n";
    return 1;
  }
  SmallString<256> TempDir;
  if (std::error_code EC = sys::fs::createUniqueDirectory("mpix-tidy-run", TempDir)) {
    errs() << "mpix-tidy: error: cannot create a temporary directory: "
           << EC.message() << "\n";
    return 1;
  }

  unsigned Jobs = std::max(1u, Opts.Jobs);
  bool Progress = Opts.Progress.value_or(sys::Process::StandardErrIsDisplayed());
  bool Color = !Opts.HasUseColor && sys::Process::StandardOutIsDisplayed();

  // One worker per file of Batch (indices into Units), Jobs at a time, each
  // with Extra(I) added to its command line.
  std::vector<std::string> Units = Files;
  SummaryPlan Plan;
  bool TwoPhases = DB && !Opts.NoSummaries;
  if (TwoPhases && !planSummaries(Self, Opts, *DB, Files, Units, Plan, Error)) {
    errs() << "mpix-tidy: error: " << Error << "\n";
    sys::fs::remove_directories(TempDir);
    return 1;
  }
  auto runBatch = [&](const std::vector<size_t> &Batch, StringRef Phase,
                      llvm::function_ref<std::vector<std::string>(size_t)> Extra,
                      std::vector<TUResult> &Results) {
    std::mutex M;
    std::atomic<size_t> Next{0};
    unsigned Completed = 0;
    auto work = [&] {
      for (size_t K; (K = Next++) < Batch.size();) {
        size_t I = Batch[K];
        std::string Base = (TempDir + "/" + Phase + Twine(I)).str();
        std::string Yaml = Base + ".yaml", Out = Base + ".out", Err = Base + ".err";
        std::vector<std::string> Args{Self, "--mpix-tidy-worker"};
        for (std::string &A : Extra(I))
          Args.push_back(std::move(A));
        Args.insert(Args.end(), Opts.Forwarded.begin(), Opts.Forwarded.end());
        if (!DatabaseDir.empty())
          Args.push_back(("-p=" + DatabaseDir).str());
        Args.push_back("--export-fixes=" + Yaml);
        if (Color)
          Args.push_back("--use-color");
        Args.push_back(Units[I]);
        if (Opts.FixedArgs) {
          Args.push_back("--");
          Args.insert(Args.end(), Opts.FixedArgs->begin(), Opts.FixedArgs->end());
        }
        Results[I] = runWorker(Self, Args, Units[I], Out, Err, Yaml);
        std::lock_guard<std::mutex> Lock(M);
        ++Completed;
        if (Progress)
          errs() << "[" << Completed << "/" << Batch.size() << "] " << Phase
                 << (Phase.empty() ? "" : " ") << Units[I] << "\n";
      }
    };
    std::vector<std::thread> Pool;
    for (unsigned J = 0; J < std::min<size_t>(Jobs, Batch.size()); ++J)
      Pool.emplace_back(work);
    for (std::thread &T : Pool)
      T.join();
  };

  std::vector<TUResult> Results(Units.size());
  if (TwoPhases) {
    // Phase 1: the units whose record is missing or stale are analysed and
    // summarised; their findings stand unless phase 2 analyses them again.
    std::vector<TUResult> First(Units.size());
    runBatch(Plan.Summarise, "summarising",
             [&](size_t I) { return Plan.phase1Args(I, TempDir); }, First);
    std::vector<size_t> Again = Plan.merge(TempDir, Error);
    if (!Error.empty())
      errs() << "mpix-tidy: warning: " << Error << "\n";
    for (size_t I : Plan.Summarise)
      Results[I] = std::move(First[I]);
    // Phase 2: every selected unit that has not been analysed yet, and
    // those whose findings what phase 1 summarised can change, each with
    // the slice of the summaries it can consult.
    runBatch(Again, "", [&](size_t I) { return Plan.phase2Args(I, TempDir); },
             Results);
    if (!Opts.Quiet)
      errs() << Plan.report(Again.size()) << "\n";
  } else {
    std::vector<size_t> All(Units.size());
    std::iota(All.begin(), All.end(), 0);
    runBatch(All, "", [](size_t) { return std::vector<std::string>(); }, Results);
  }
  // Only the selected files' results are reported (phase 1 may have
  // summarised others).
  Results.resize(Files.size());

  // Print in database order.
  StringSet<> Printed;
  unsigned Repeated = 0;
  int Status = 0;
  for (TUResult &R : Results) {
    for (const std::string &Unit : splitDiagnostics(R.Stdout)) {
      // A header's warning once, with the notes of the first unit that
      // gave it: the one whose fix is applied (the merge below keeps the
      // first). Other units may reach it with other notes (a static
      // function of a header, called differently).
      std::string Plain = stripColors(Unit);
      if (!Printed.insert(StringRef(Plain).split('\n').first).second) {
        ++Repeated;
        continue;
      }
      outs() << Unit;
    }
    outs().flush();
    SmallVector<StringRef, 8> Lines;
    StringRef(R.Stderr).split(Lines, '\n', -1, /*KeepEmpty=*/false);
    for (StringRef Line : Lines)
      if (!isStatisticsLine(Line))
        errs() << Line << "\n";
    std::string().swap(R.Stdout);
    std::string().swap(R.Stderr);
    if (R.ExitCode != 0)
      Status = 1;
  }

  // Merge the diagnostics; a header's come once.
  std::vector<Diagnostic> Merged;
  std::vector<std::string> MergedTU;
  std::set<std::string> TUsWithErrors;
  std::set<std::tuple<std::string, std::string, std::string, unsigned>> Seen;
  unsigned Warnings = 0, Errors = 0;
  // A unit that did not compile, or whose worker crashed, was not analysed:
  // the summary counts it apart from the files analysed.
  unsigned Crashed = 0;
  for (const TUResult &R : Results) {
    Crashed += R.Crashed;
    for (const Diagnostic &D : R.Diags.Diagnostics) {
      if (D.DiagLevel == Diagnostic::Error &&
          StringRef(D.DiagnosticName).starts_with("clang-diagnostic-"))
        TUsWithErrors.insert(R.File);
      auto Key = std::make_tuple(D.DiagnosticName, D.Message.Message,
                                 absolutePath(D.Message.FilePath, D.BuildDirectory),
                                 D.Message.FileOffset);
      if (!Seen.insert(Key).second)
        continue;
      Merged.push_back(D);
      MergedTU.push_back(R.File);
      (D.DiagLevel == Diagnostic::Error ? Errors : Warnings)++;
    }
  }

  if (!Opts.ExportFixes.empty()) {
    clang::tooling::TranslationUnitDiagnostics All;
    All.MainSourceFile = Files.size() == 1 ? Files.front() : "";
    All.Diagnostics = withoutRepeatedEdits(Merged);
    std::string Text;
    raw_string_ostream OS(Text);
    yaml::Output YOut(OS);
    YOut << All;
    OS.flush();
    if (!writeFileAtomically(Opts.ExportFixes, Text, Error)) {
      errs() << "mpix-tidy: error: cannot write --export-fixes file " << Error
             << "\n";
      Status = 1;
    }
  }
  if (!Opts.SarifFile.empty() && !writeSarif(Opts.SarifFile, Merged, Error)) {
    errs() << "mpix-tidy: error: " << Error << "\n";
    Status = 1;
  }
  if (Opts.Fix || Opts.FixErrors || Opts.FixNotes) {
    for (const std::string &F : TUsWithErrors)
      if (!Opts.FixErrors)
        errs() << "mpix-tidy: '" << F
               << "' has compiler errors: its fixes are not applied (use "
                  "--fix-errors to apply them anyway)\n";
    FixStats S = applyFixes(Merged, TUsWithErrors, MergedTU, Opts);
    if (S.Failed)
      Status = 1;
    if (!Opts.Quiet || S.Failed)
      errs() << "mpix-tidy: applied " << S.Applied << " of " << S.Suggested
             << " suggested fixes to " << S.Files << " file"
             << (S.Files == 1 ? "" : "s") << "; " << S.WarningsFixed << " of "
             << S.Warnings << " warning" << (S.Warnings == 1 ? "" : "s")
             << " fixed, " << S.Warnings - S.WarningsFixed << " left\n";
  }
  size_t NotAnalysed = TUsWithErrors.size() + Crashed;
  if (NotAnalysed)
    Status = 1;
  if (NotAnalysed == Files.size())
    errs() << "mpix-tidy: error: no file could be analysed"
           << (Crashed ? "" : ": none compiles with the flags given") << "\n";
  if (!Opts.Quiet || NotAnalysed)
    errs() << "mpix-tidy: "
           << (NotAnalysed ? formatv("{0} of ", Files.size() - NotAnalysed).str()
                           : std::string())
           << Files.size() << " file" << (Files.size() == 1 ? "" : "s")
           << " analysed, "
           << (TUsWithErrors.empty()
                   ? std::string()
                   : formatv("{0} failed to compile, ", TUsWithErrors.size()).str())
           << (Crashed ? formatv("{0} crashed, ", Crashed).str() : std::string())
           << Warnings
           << " warning" << (Warnings == 1 ? "" : "s") << ", " << Errors
           << " error" << (Errors == 1 ? "" : "s")
           << (Repeated ? formatv(" ({0} repeated in other translation units "
                                  "shown once)", Repeated).str()
                        : std::string())
           << "\n";
  if (!Opts.Quiet && !Merged.empty()) {
    // Per check, most frequent first: what the run found, at a glance.
    std::map<std::string, unsigned> ByCheck;
    for (const Diagnostic &D : Merged)
      ++ByCheck[D.DiagnosticName];
    std::vector<std::pair<std::string, unsigned>> Sorted(ByCheck.begin(),
                                                         ByCheck.end());
    std::sort(Sorted.begin(), Sorted.end(), [](const auto &A, const auto &B) {
      return A.second != B.second ? A.second > B.second : A.first < B.first;
    });
    errs() << "mpix-tidy: by check:";
    for (size_t I = 0; I < Sorted.size(); ++I)
      errs() << (I ? ", " : " ") << Sorted[I].first << " " << Sorted[I].second;
    errs() << "\n";
    reportUnboundedValues(Merged, errs());
  }
  sys::fs::remove_directories(TempDir);
  return Status;
}

} // namespace tool
} // namespace mpix
