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
    // Only merge() knows whether the database is still a whole program:
    // phase 1 judges without the other units' arguments.
    if (Plan.Records.load(Plan.Path, LoadError)) {
      Plan.HaveFile = true;
      Plan.Records.WholeProgram = false;
    } else {
      errs() << "mpix-tidy: warning: " << LoadError
             << "; every unit is summarised again\n";
    }
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
  Plan.Units = Units;
  Plan.Slicer = std::make_unique<SummarySlicer>(Plan.Records);
  return true;
}

/// Writes \p Slice for a worker; false when it cannot be written.
static bool writeSlice(const SummaryFile &Slice, StringRef TempDir, size_t Unit,
                       std::string &SlicePath) {
  SlicePath = (TempDir + "/slice-" + Twine(Unit) + ".json").str();
  std::string Error;
  return Slice.save(SlicePath, Error);
}

std::vector<std::string> SummaryPlan::phase1Args(size_t Unit,
                                                 StringRef TempDir) const {
  std::vector<std::string> Args{"--mpix-summary-out=" + recordPath(TempDir, Unit)};
  // What the unit called when it was last summarised: merge() analyses it
  // again if it now calls anything else whose summary matters to it.
  const UnitSummary *Old = HaveFile ? Records.unit(Units[Unit]) : nullptr;
  std::string SlicePath;
  if (Old && Slicer && writeSlice(Slicer->sliceFor(*Old), TempDir, Unit, SlicePath))
    Args.push_back("--mpix-summaries=" + SlicePath);
  return Args;
}

std::vector<std::string> SummaryPlan::phase2Args(size_t Unit,
                                                 StringRef TempDir) const {
  const UnitSummary *Record = Records.unit(Units[Unit]);
  std::string SlicePath;
  if (Record && Slicer &&
      writeSlice(Slicer->sliceFor(*Record), TempDir, Unit, SlicePath))
    return {"--mpix-summaries=" + SlicePath};
  return {"--mpix-summaries=" + Path};
}

std::vector<size_t> SummaryPlan::merge(StringRef TempDir, std::string &Error) {
  // What phase 1 changed: the functions it summarised and the addresses
  // it saw taken, by unit. Its workers saw the old records of the others.
  StringMap<size_t> Summarised, Taken;
  // Per unit of phase 1, the calls its slice answered for.
  std::vector<StringSet<>> Sliced(Units.size());
  // Units of phase 1 that probe now but did not when last summarised: their
  // slice lacked the records their calls' sends reach.
  std::vector<char> NewlyProbing(Units.size(), 0);
  // Functions that phase 1 found called by a unit that did not call them
  // before.
  StringSet<> NewlyCalled;
  // Functions whose summary now answers a caller's ranges otherwise (what
  // they return, whether they return, what they send), by unit.
  StringMap<size_t> Answered;
  bool HadSlices = HaveFile;
  for (size_t I : Summarise) {
    const UnitSummary *Old = Records.unit(Units[I]);
    if (Old && HaveFile)
      for (const std::string &C : Old->ExternalCalls)
        Sliced[I].insert(C);
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
    NewlyProbing[I] = U.Probes && Old && !Old->Probes;
    for (const FunctionSummary &F : U.Functions)
      Summarised.try_emplace(F.USR, I);
    noteChangedAnswers(Old, U, I, Answered);
    for (const std::string &USR : U.AddressTaken)
      if (!Old || !llvm::is_contained(Old->AddressTaken, USR))
        Taken.try_emplace(USR, I);
    for (const std::string &USR : U.ExternalCalls)
      if (!Old || !llvm::is_contained(Old->ExternalCalls, USR))
        NewlyCalled.insert(USR);
    Records.replace(std::move(U));
  }
  if (HadSlices)
    forgetArgumentsOnOldSummaries(Answered, NewlyCalled);
  Records.WholeProgram = isWholeProgram();
  if (!Summarise.empty()) {
    if (Records.save(Path, Error))
      HaveFile = true;
    else
      Error = "the summaries are not saved: " + Error;
  }
  Slicer = std::make_unique<SummarySlicer>(Records);
  Merged = std::make_unique<SummaryIndex>();
  Merged->addFresh(Records);
  std::vector<size_t> Again;
  for (size_t I = 0; I < Selected; ++I)
    if (HaveFile && (!InPhase1[I] || NewlyProbing[I] ||
                     sawOldSummaries(I, Summarised, Taken, Sliced[I]) ||
                     asksOthersArguments(I)))
      Again.push_back(I);
  return Again;
}

bool SummaryPlan::isWholeProgram() const {
  // A unit without a record may call anything with anything; one that did
  // not compile, what it names (UnitSummary::Unrecorded).
  bool Complete = llvm::all_of(
      Units, [&](const std::string &File) { return Records.unit(File); });
  return Complete && llvm::any_of(Records.Units, [](const UnitSummary &U) {
           return U.DefinesMain;
         });
}

/// What a caller's ranges read of a summary.
static std::string answersOf(const FunctionSummary *F) {
  if (!F)
    return "";
  std::string Outputs;
  for (const OutputSummary &Out : F->Outputs)
    Outputs += formatv("{0}:{1};", Out.Index, Out.Tree).str();
  return formatv("{0}|{1}|{2}|{3}|{4}|{5}|{6}|{7}|{8}", F->Return.Tree,
                 F->Return.AlwaysOverflows, F->NeverReturns, F->Sends.Known,
                 F->Sends.Bytes, join(F->Sends.Calls, ","), Outputs,
                 F->ReturnedSize ? std::to_string(*F->ReturnedSize) : "",
                 F->OnlyReads)
      .str();
}

void SummaryPlan::noteChangedAnswers(const UnitSummary *Old,
                                     const UnitSummary &New, size_t I,
                                     StringMap<size_t> &Answered) {
  StringMap<const FunctionSummary *> Before;
  if (Old)
    for (const FunctionSummary &F : Old->Functions)
      Before[F.USR] = &F;
  for (const FunctionSummary &F : New.Functions) {
    if (answersOf(Before.lookup(F.USR)) != answersOf(&F))
      Answered.try_emplace(F.USR, I);
    Before.erase(F.USR);
  }
  for (const auto &Gone : Before)
    Answered.try_emplace(Gone.getKey(), I);
}

void SummaryPlan::forgetArgumentsOnOldSummaries(
    const StringMap<size_t> &Answered, const StringSet<> &NewlyCalled) {
  // A record's arguments were judged with the summaries its unit read then
  // (a helper's return, an error handler that never returns, its own
  // functions' callers). When phase 1 summarised one of those again in
  // another unit, they may no longer hold: they count as unknown now, and
  // the next run summarises the unit again.
  for (UnitSummary &U : Records.Units) {
    if (U.Arguments.empty())
      continue;
    auto changedElsewhere = [&](StringRef USR) {
      auto It = Answered.find(USR);
      return It != Answered.end() && Units[It->second] != U.File;
    };
    bool Old = llvm::any_of(U.ExternalCalls, changedElsewhere) ||
               (U.Probes && llvm::any_of(Answered.keys(), changedElsewhere)) ||
               llvm::any_of(U.OwnCallsFollowed, [&](StringRef USR) {
                 return NewlyCalled.contains(USR);
               });
    if (!Old)
      continue;
    for (ArgumentRange &A : U.Arguments)
      A.Range.reset();
    U.Command.clear();
  }
}

bool SummaryPlan::asksOthersArguments(size_t I) const {
  // Phase 1 judged without the other units' arguments, or their absence
  // (a function no unit calls).
  const UnitSummary *U = Records.unit(Units[I]);
  return U && Records.WholeProgram && InPhase1[I] && !U->AskedArguments.empty();
}

bool SummaryPlan::sawOldSummaries(size_t I, const StringMap<size_t> &Summarised,
                                  const StringMap<size_t> &Taken,
                                  const StringSet<> &Sliced) {
  const UnitSummary *U = Records.unit(Units[I]);
  if (!U)
    return false;
  auto elsewhere = [&](const StringMap<size_t> &Changed, StringRef USR) {
    auto It = Changed.find(USR);
    return It != Changed.end() && It->second != I;
  };
  // What the unit reports changes with a callee's summary only through its
  // return, a parameter given something other than a small constant, or
  // its never returning (the checks that call it bound values), or its
  // only reading (a test of one call bounds the next).
  auto matters = [&](StringRef USR) {
    const FunctionSummary *F = Merged->function(USR);
    return F && (F->Return.present() || F->NeverReturns || F->OnlyReads ||
                 F->PredefinedTypeTest || F->ReturnedSize ||
                 !F->SummedArrays.empty() ||
                 !F->Outputs.empty() ||
                 llvm::any_of(U->CountArguments, [&](const auto &A) {
                   return A.first == USR && Merged->reach(USR, A.second);
                 }));
  };
  // Such a callee summarised anew or newly pointed to, or one its slice
  // did not cover (a new call).
  for (const std::string &C : U->ExternalCalls)
    if ((elsewhere(Summarised, C) || elsewhere(Taken, C) || !Sliced.contains(C)) &&
        matters(C))
      return true;
  // A unit that bounds its probes by the program's sends: a function of
  // another unit its main reaches, directly or through the others' sends,
  // summarised anew (or newly called).
  if (U->Probes) {
    for (const std::string &C : U->ExternalCalls)
      if (!Sliced.contains(C) && Merged->function(C))
        return true;
    std::vector<StringRef> Work(U->ExternalCalls.begin(), U->ExternalCalls.end());
    Work.insert(Work.end(), U->AddressTaken.begin(), U->AddressTaken.end());
    StringSet<> Seen;
    while (!Work.empty()) {
      StringRef C = Work.back();
      Work.pop_back();
      if (!Seen.insert(C).second)
        continue;
      const FunctionSummary *F = Merged->function(C);
      if (!F)
        continue;
      if (elsewhere(Summarised, C))
        return true;
      Work.insert(Work.end(), F->Sends.Calls.begin(), F->Sends.Calls.end());
    }
  }
  // A function it took for its own that another unit calls anyway: its
  // parameters are not bounded by the unit's calls.
  if (llvm::any_of(U->OwnCallsFollowed,
                   [&](StringRef USR) { return Merged->calledElsewhere(USR); }))
    return true;
  // A new function pointer to one of its own functions blocks their fixes.
  return llvm::any_of(U->Functions, [&](const FunctionSummary &F) {
    return elsewhere(Taken, F.USR);
  });
}

std::string SummaryPlan::report(size_t Again) const {
  size_t Reused = InPhase1.size() - Summarise.size();
  std::string Line =
      formatv("mpix-tidy: summaries: {0} unit{1} summarised, {2} reused, {3} "
              "analysed with them ({4})",
              Summarise.size(), Summarise.size() == 1 ? "" : "s", Reused,
              Again, Path)
          .str();
  // Several programs (a library with its tests and examples) are taken as
  // one whose calls are all there is: a library's own users are not in the
  // database, and the values its tests pass would hide what they can pass.
  // Said only where the records' values were asked for: with the option
  // off, no unit asks.
  size_t Mains = llvm::count_if(Records.Units, [](const UnitSummary &U) {
    return U.DefinesMain;
  });
  // (A member's USR, asked for its writes, names a field: "@FI@".)
  bool Asked = llvm::any_of(Records.Units, [](const UnitSummary &U) {
    return llvm::any_of(U.AskedArguments, [](StringRef USR) {
      return !USR.contains("@FI@");
    });
  });
  if (Records.WholeProgram && Mains > 1 && Asked)
    Line += formatv("\nmpix-tidy: summaries: {0} units define 'main': their "
                    "calls bound the parameters of the functions they share; "
                    "for a library that other programs call, set "
                    "mpix-large-count.CallersInDatabase: false",
                    Mains)
                .str();
  return Line;
}

} // namespace tool
} // namespace mpix
