//===-- Phases.h - mpix-tidy -j in two phases over the summaries -*- C++ -*-===//
//
// A count narrowed in one file can reach MPI in another, so a -j run over a
// compile database goes in two phases (docs/tool.md, "Two phases"):
//  1. every unit without a fresh summary record is analysed and summarised
//     (analysis/Summaries.h); its findings stand unless step 2 redoes it;
//  2. every selected unit not analysed yet, and every unit of step 1 whose
//     findings could change with what step 1 summarised in other units, is
//     analysed with the summaries at hand: the slice of them it can
//     consult, so that no worker reads every unit's records.
// The records live in one summary file in the build tree; a unit whose
// compile command and input files are unchanged keeps its record, so a
// second run summarises only what changed and analyses each unit once.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TOOL_PHASES_H
#define MPIX_TOOL_PHASES_H

#include "Driver.h"
#include "analysis/Summaries.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include <memory>
#include <string>
#include <vector>

namespace mpix {
namespace tool {

struct SummaryPlan {
  std::string Path;  ///< the summary file
  SummaryFile Records;
  bool HaveFile = false;
  /// Per unit (the driver's Units), a hash of its compile command.
  std::vector<std::string> Commands;
  /// Units without a fresh record, analysed and summarised first.
  std::vector<size_t> Summarise;
  std::vector<char> InPhase1;
  /// Units[0, Selected) are the files the run reports on.
  size_t Selected = 0;

  /// A worker's arguments in each phase. Each worker reads the slice of
  /// the records its unit can consult (SummarySlicer), written next to its
  /// other files: in phase 1 the slice for what the unit called when last
  /// summarised, in phase 2 for what it calls now. Safe to call from several
  /// threads for different units.
  std::vector<std::string> phase1Args(size_t Unit, llvm::StringRef TempDir) const;
  std::vector<std::string> phase2Args(size_t Unit, llvm::StringRef TempDir) const;
  /// Takes the records phase 1 wrote, saves the summary file, and returns
  /// the units phase 2 analyses. \p Error: the file could not be saved.
  std::vector<size_t> merge(llvm::StringRef TempDir, std::string &Error);
  std::string report(size_t Again) const;

private:
  friend bool planSummaries(const char *, const DriverOptions &, const Database &,
                            const std::vector<std::string> &,
                            std::vector<std::string> &, SummaryPlan &,
                            std::string &);
  /// Whether unit \p I of phase 1 ran with summaries that phase 1 changed:
  /// \p Summarised and \p Taken map the functions summarised anew and the
  /// addresses newly taken to the unit that did it; \p Sliced: the calls
  /// its slice answered for.
  bool sawOldSummaries(size_t I, const llvm::StringMap<size_t> &Summarised,
                       const llvm::StringMap<size_t> &Taken,
                       const llvm::StringSet<> &Sliced);

  /// Whether every unit of the database has a record, and one of them
  /// defines main (SummaryFile::WholeProgram).
  bool isWholeProgram() const;
  /// Adds to \p Answered the functions of unit \p I whose summary answers
  /// a caller's ranges otherwise in \p New than in \p Old.
  static void noteChangedAnswers(const UnitSummary *Old, const UnitSummary &New,
                                 size_t I, llvm::StringMap<size_t> &Answered);
  /// Makes unknown the arguments of the records whose unit may have read a
  /// summary that now answers otherwise (\p Answered, by unit; \p
  /// NewlyCalled: functions a unit calls now and did not).
  void forgetArgumentsOnOldSummaries(const llvm::StringMap<size_t> &Answered,
                                     const llvm::StringSet<> &NewlyCalled);
  /// Whether unit \p I of phase 1 asked for the arguments of a function
  /// other units can call, in a whole program.
  bool asksOthersArguments(size_t I) const;

  std::vector<std::string> Units;
  /// Over Records: the old ones in phase 1, the merged ones in phase 2.
  std::unique_ptr<SummarySlicer> Slicer;
  /// The merged records, for the questions of sawOldSummaries.
  std::unique_ptr<SummaryIndex> Merged;
};

/// Plans the phases: \p Units becomes \p Files followed by the database's
/// other files (their summaries count too). \p Self: this binary, whose
/// identity is part of every record's key.
bool planSummaries(const char *Self, const DriverOptions &Opts,
                   const Database &DB,
                   const std::vector<std::string> &Files,
                   std::vector<std::string> &Units, SummaryPlan &Plan,
                   std::string &Error);

} // namespace tool
} // namespace mpix

#endif
