//===-- Phases.cpp - mpix-tidy -j in two phases over the summaries --------===//

#include "Phases.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <set>

using namespace llvm;

namespace mpix {
namespace tool {

static std::string recordPath(StringRef TempDir, size_t Unit) {
  return (TempDir + "/summary-" + Twine(Unit) + ".json").str();
}

bool planSummaries(const char *Self, const DriverOptions &Opts,
                   const Database &DB,
                   const std::vector<std::string> &Files,
                   std::vector<std::string> &Units, SummaryPlan &Plan,
                   std::string &Error) {
  Plan.Selected = Files.size();
  Units = Files;
  StringSet<> Selected;
  for (const std::string &F : Files)
    Selected.insert(F);
  for (const std::string &F : DB.Files)
    if (!Selected.contains(F))
      Units.push_back(F);

  Plan.Path = Opts.SummariesFile;
  if (Plan.Path.empty()) {
    SmallString<256> P(sys::path::parent_path(DB.JsonPath));
    sys::path::append(P, "mpix-tidy-summaries.json");
    Plan.Path = std::string(P);
  }
  if (sys::fs::exists(Plan.Path)) {
    std::string LoadError;
    if (Plan.Records.load(Plan.Path, LoadError))
      Plan.HaveFile = true;
    else
      errs() << "mpix-tidy: warning: " << LoadError
             << "; every unit is summarised again\n";
  }

  // A record holds while the unit is compiled the same way from the same
  // files.
  std::string DBError;
  std::unique_ptr<clang::tooling::JSONCompilationDatabase> Commands =
      clang::tooling::JSONCompilationDatabase::loadFromFile(
          DB.JsonPath, DBError, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!Commands) {
    Error = "cannot read '" + DB.JsonPath + "': " + DBError;
    return false;
  }
  // A record also holds only for the binary that wrote it and the options
  // it ran with (the fixes it planned depend on them).
  std::string Tool;
  sys::fs::file_status Status;
  if (!sys::fs::status(Self, Status))
    Tool = formatv("{0}:{1}\n", Status.getSize(),
                   Status.getLastModificationTime().time_since_epoch().count())
               .str();
  Tool += join(Opts.Forwarded, "\n") + "\n";
  FileHashes Hashes;
  Plan.InPhase1.assign(Units.size(), 0);
  for (size_t I = 0; I < Units.size(); ++I) {
    std::string Command = Tool;
    for (const clang::tooling::CompileCommand &C :
         Commands->getCompileCommands(Units[I]))
      Command += C.Directory + "\n" + join(C.CommandLine, "\n") + "\n";
    Plan.Commands.push_back(contentHash(Command));
    const UnitSummary *Old = Plan.Records.unit(Units[I]);
    if (!Old || Old->Command != Plan.Commands.back() ||
        !isFresh(*Old, Hashes, nullptr)) {
      Plan.Summarise.push_back(I);
      Plan.InPhase1[I] = 1;
    }
  }
  return true;
}

std::vector<std::string> SummaryPlan::phase1Args(size_t Unit,
                                                 StringRef TempDir) const {
  std::vector<std::string> Args{"--mpix-summary-out=" + recordPath(TempDir, Unit)};
  if (HaveFile)
    Args.push_back("--mpix-summaries=" + Path);
  return Args;
}

std::vector<std::string> SummaryPlan::phase2Args() const {
  return {"--mpix-summaries=" + Path};
}

std::vector<size_t> SummaryPlan::merge(StringRef TempDir,
                                       const std::vector<std::string> &Units,
                                       std::string &Error) {
  // The functions phase 1 summarised: the units of phase 1 did not see
  // what the others said of them.
  StringSet<> New;
  for (size_t I : Summarise) {
    UnitSummary U;
    std::string ReadError;
    auto Buf = MemoryBuffer::getFile(recordPath(TempDir, I));
    if (!Buf || !unitFromJSON((*Buf)->getBuffer(), U, ReadError)) {
      // The worker failed before the end of its unit: no record, so the
      // next run summarises it again.
      llvm::erase_if(Records.Units,
                     [&](const UnitSummary &R) { return R.File == Units[I]; });
      continue;
    }
    U.File = Units[I];
    U.Command = Commands[I];
    for (const FunctionSummary &F : U.Functions)
      New.insert(F.USR);
    Records.replace(std::move(U));
  }
  if (!Summarise.empty()) {
    if (Records.save(Path, Error))
      HaveFile = true;
    else
      Error = "the summaries are not saved: " + Error;
  }
  std::vector<size_t> Again;
  for (size_t I = 0; I < Selected; ++I) {
    const UnitSummary *U = Records.unit(Units[I]);
    bool Affected = !InPhase1[I] ||
                    (U && llvm::any_of(U->ExternalCalls, [&](const std::string &C) {
                       return New.contains(C);
                     }));
    if (Affected && HaveFile)
      Again.push_back(I);
  }
  return Again;
}

std::string SummaryPlan::report(size_t Again) const {
  size_t Reused = InPhase1.size() - Summarise.size();
  return formatv("mpix-tidy: summaries: {0} unit{1} summarised, {2} reused, {3} "
                 "analysed with them ({4})",
                 Summarise.size(), Summarise.size() == 1 ? "" : "s", Reused,
                 Again, Path)
      .str();
}

} // namespace tool
} // namespace mpix
