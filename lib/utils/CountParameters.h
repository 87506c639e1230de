//===-- CountParameters.h - Summaries of the unit's functions --*- C++ -*-===//
//
// The AST side of analysis/Summaries.h. In the unit being analysed it
//  - finds, for each function with a body, the int parameters that reach an
//    MPI count unchanged or are passed on unchanged to another function;
//  - answers, for any callee (defined here, or summarised by another unit),
//    where each of its parameters ends up, chains of wrappers followed;
//  - moves places and edits between this unit's SourceManager and the
//    files-on-disk form of the summaries (a note or a fix in a file this
//    unit never included is still shown and applied).
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_UTILS_COUNTPARAMETERS_H
#define MPIX_TIDY_UTILS_COUNTPARAMETERS_H

#include "analysis/MemberWrites.h"
#include "analysis/Summaries.h"
#include "utils/TypeMigration.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <functional>
#include <optional>
#include <unordered_map>

namespace mpix {

class RangeAnalysis;

/// Where the driver asks a process to read and write summaries, for the
/// checks whose options do not say (mpix-large-count.Summaries and
/// .SummaryOutput do).
struct SummaryPaths {
  std::string Read, Write;
};
SummaryPaths &processSummaryPaths();

/// The summary file a process reads, loaded once per path; an unreadable
/// file is reported once and read as empty.
const SummaryFile &loadedSummaries(llvm::StringRef Path);

class CountParameters {
public:
  /// Parameters of other functions a parameter is passed to unchanged.
  using Forwards =
      llvm::SmallVector<std::pair<const clang::FunctionDecl *, unsigned>, 2>;
  /// Plans widening parameter \p P of its function, whose value reaches the
  /// MPI call \p FirstUse (null when it only reaches \p Passed); the check
  /// renames MPI calls and adds includes.
  using PlanFn = std::function<void(const clang::ParmVarDecl *P,
                                    const clang::CallExpr *FirstUse,
                                    const Forwards &Passed, FixPlan &Plan)>;

  /// Plans making the int function \p F return MPI_Count.
  using ReturnPlanFn =
      std::function<void(const clang::FunctionDecl *F, FixPlan &Plan)>;

  /// \p Loaded: the summaries of the program (may be null).
  CountParameters(clang::ASTContext &Ctx, const SummaryFile *Loaded,
                  PlanFn Plan, ReturnPlanFn ReturnPlan);

  /// The summary of \p F, a function with no body in this unit, when
  /// another unit's says something of its returns; null otherwise.
  const FunctionSummary *returnSummary(const clang::FunctionDecl *F);
  /// What \p F, a function with no body in this unit, stores through its
  /// output parameter \p Index for \p Args, by its summary.
  std::optional<Interval>
  externalOutput(const clang::FunctionDecl *F, unsigned Index,
                 llvm::ArrayRef<std::optional<Interval>> Args);
  /// The summary of that output when a store or update of it in the other
  /// unit can overflow for \p Args (overflowingOutput); null otherwise.
  const OutputSummary *
  overflowingExternalOutput(const clang::FunctionDecl *F, unsigned Index,
                            llvm::ArrayRef<std::optional<Interval>> Args);
  /// What such a function returns for \p Args (RangeAnalysis's hook).
  std::optional<Interval>
  externalReturn(const clang::FunctionDecl *F,
                 llvm::ArrayRef<std::optional<Interval>> Args, bool &Overflows);
  /// The most bytes one point-to-point message of a call of \p F, a
  /// function with no body in this unit, sends: from the summaries, closing
  /// the functions of other units it reaches; none when one has no fresh
  /// record or its sends are unknown.
  std::optional<WideInt> externalSends(const clang::FunctionDecl *F);
  /// Whether \p F, a function with no body in this unit, never returns by
  /// the summary of the unit that defines it.
  bool externalNeverReturns(const clang::FunctionDecl *F);
  bool externalOnlyReads(const clang::FunctionDecl *F);
  /// The summary of \p F, a function with no body in this unit, by the
  /// unit that defines it; null when there is none.
  const FunctionSummary *summaryOfExternal(const clang::FunctionDecl *F);
  /// The parameter of \p F, a function with no body in this unit, that a
  /// nonzero result says is a predefined datatype, by the summary of the
  /// unit that defines it.
  std::optional<unsigned> externalPredefinedTest(const clang::FunctionDecl *F);
  /// The most elements the std::vector \p F returns, when another unit's
  /// summary says.
  std::optional<uint64_t> externalReturnedSize(const clang::FunctionDecl *F);
  /// Where \p F, a function with no body in this unit, stores an 'int'
  /// running sum into the elements of its parameter \p Param, by the
  /// summary of the unit that defines it; null when it does not.
  const SummedArray *externalSummedArray(const clang::FunctionDecl *F,
                                         unsigned Param);
  /// Whether another unit calls \p F, or takes its address, by the
  /// summaries.
  bool calledElsewhere(const clang::FunctionDecl *F);
  /// What the calls of the other units of a whole program pass for
  /// parameter \p Index of \p F (SummaryIndex::programArgument).
  std::optional<ProgramArgument> programArgument(const clang::FunctionDecl *F,
                                                 unsigned Index);
  /// What the writes of the units of a whole program store into \p Field.
  std::optional<ProgramArgument> programMember(const clang::FieldDecl *Field);
  /// Learns which functions this unit (whose top-level declarations are
  /// \p Decls) takes the address of, once: asked only when a fix is
  /// planned, as it walks the unit. Reaches asked for before are stale.
  void noteUnitAddresses(llvm::ArrayRef<clang::Decl *> Decls);
  /// Whether \p F's address is taken in another unit, or in this one once
  /// noteUnitAddresses() was called.
  bool addressTaken(const clang::FunctionDecl *F);

  /// Where parameter \p Index of \p Callee reaches MPI counts; null when it
  /// reaches none (or \p Callee is not a user function).
  const Reach *reach(const clang::FunctionDecl *Callee, unsigned Index);
  /// Whether some parameter of \p Callee reaches an MPI count, or an
  /// array of them.
  bool reachesMPI(const clang::FunctionDecl *Callee);
  /// The MPI call's array that pointer parameter \p I of \p Callee is
  /// handed to as it came (a wrapper of MPI_Allgatherv taking `int
  /// *displs`); null when it is none.
  const CountUse *arrayUse(const clang::FunctionDecl *Callee, unsigned I);

  /// Whether int parameter \p I of \p Callee reaches MPI with a fix of
  /// its own, which goes with the finding any hazardous argument makes
  /// there: a local retyped for another call may be passed to it.
  bool widensWithItsFix(const clang::FunctionDecl *Callee, unsigned I);
  /// Whether \p Callee is a user function of another unit with a parameter
  /// that could take a count (what noteCountArguments looks at).
  bool mayTakeCounts(const clang::FunctionDecl *Callee);
  /// Records the arguments of \p Call, a call of such a function, that are
  /// not constants fitting 'int': if the parameter turns out to reach MPI,
  /// they may be hazards (UnitSummary::CountArguments).
  void noteCountArguments(const clang::CallExpr *Call,
                          const clang::FunctionDecl *Callee);

  /// This unit's record: the summaries of its externally visible functions
  /// with a body in \p Decls (with what they send), the files it read, its
  /// calls and the functions whose address it takes.
  UnitSummary unitSummary(llvm::ArrayRef<clang::Decl *> Decls);

  /// The place or edit of this unit in the files-on-disk form, and back
  /// (a file not in the unit is opened for it). std::nullopt / invalid when
  /// it is in no file (a macro's scratch space) or the file cannot be read.
  SourcePoint pointOf(clang::SourceLocation Loc) const;
  clang::SourceLocation locationOf(const SourcePoint &P);
  std::optional<TextEdit> editOf(const clang::FixItHint &Hint) const;
  std::optional<clang::FixItHint> hintOf(const TextEdit &E);

  /// The files with unread summaries whose inputs changed, once per process.
  std::vector<std::pair<std::string, std::string>> takeNewStaleUnits();

private:
  /// The USR of a function (by its canonical declaration) or a member.
  const std::string &usrOf(const clang::Decl *D);
  /// For a unit that did not compile: the functions it declares
  /// (implicitly too) and the members of the structures it sees, all that
  /// its calls and stores can reach (UnitSummary::Unrecorded).
  std::vector<std::string> namedByUnit();
  /// This unit's summary of \p F (with its fix), added to the index; null
  /// when none of its parameters reaches anything.
  const FunctionSummary *summarize(const clang::FunctionDecl *F);
  std::optional<FunctionSummary> build(const clang::FunctionDecl *F);
  /// What the summary file says of \p F: its parameters' reach, what a
  /// call of it sends, its outputs and bounded return; none when nothing.
  std::optional<FunctionSummary> fullSummary(const clang::FunctionDecl *F);
  /// Adds to \p U the summaries of the unit's static functions that its
  /// summarised functions hand a count to, and theirs in turn.
  void addForwardedStatics(llvm::ArrayRef<const clang::FunctionDecl *> Defined,
                           UnitSummary &U);
  /// What \p Def returns, for callers in other units.
  ReturnSummary summarizeReturn(const clang::FunctionDecl *Def);
  std::vector<OutputSummary> summarizeOutputs(const clang::FunctionDecl *Def);
  /// The array parameters of \p Def whose elements it fills with an 'int'
  /// running sum (SummedArray).
  std::vector<SummedArray> summarizeSummedArrays(const clang::FunctionDecl *Def);
  /// Where \p Site is and its text, as a record names an overflow for the
  /// notes of other units.
  void nameSite(const clang::Expr *Site, SourcePoint &At, std::string &Text);
  /// What \p Def stores through \p P as a tree over its parameters: the
  /// join of its plain stores, or "" when one is not such arithmetic.
  /// The range the unit bounds \p Def's returns to, as a tree, when that
  /// is narrower than its type and no arithmetic on the way overflows; empty
  /// otherwise. Asked at the end of the unit, as outputs are.
  std::string boundedReturnTree(const clang::FunctionDecl *Def);
  std::string storedTree(RangeAnalysis &Ranges, const clang::ParmVarDecl *P,
                         const clang::FunctionDecl *Def);
  /// The tree of what the callee of \p Call, a function of the program,
  /// stores through its argument \p Arg; empty for any other function.
  std::string outputTree(const clang::CallExpr *Call, unsigned Arg,
                         const clang::FunctionDecl *Caller);
  /// The locals of one function being followed to their stores (see
  /// variableTree), to cut a cycle of copies.
  struct LocalTrees {
    llvm::SmallPtrSet<const clang::VarDecl *, 4> Visiting;
  };
  /// \p E as a return tree over \p Def's unchanged parameters, or "".
  /// \p WithMembers: members the records follow are leaves too, and so is
  /// an accessor's call (`d.size()` returning a member) (SummaryIndex
  /// resolves them; a unit's own evaluation of returns does not).
  /// With \p Locals (and members), a local or a changed parameter is the
  /// tree of what it can hold (variableTree); "~" is a copy of a local
  /// being followed.
  std::string treeOf(const clang::Expr *E, const clang::FunctionDecl *Def,
                     bool WithMembers = false, LocalTrees *Locals = nullptr);
  /// The smaller or larger of two values (`a < b ? a : b`, the expansion
  /// of a `min` macro, or `std::min(a, b)`) as ["min", a, b] or ["max", a,
  /// b]; "" for any other choice or call.
  std::string extremeTree(const clang::Expr *E, const clang::FunctionDecl *Def,
                          bool WithMembers, LocalTrees *Locals);
  /// Every value the integer local or parameter \p V of \p Def can hold,
  /// as the join of its entry value, its stores and the outputs it is
  /// handed to as `&v`, made ["d", ...] by updates that only shrink it
  /// (`v /= a`, `v %= a`, `v *= a` undoing a `v /= a`): "" when another
  /// update or use can change it, "~" when it only copies locals being
  /// followed.
  std::string variableTree(const clang::VarDecl *V,
                           const clang::FunctionDecl *Def, LocalTrees &Locals);
  /// The leaf of what \p Call's callee stores through its argument \p Arg,
  /// with the call's integer arguments as trees; the model's range for an
  /// MPI output it bounds; "" for any other function.
  std::string outputLeaf(const clang::CallExpr *Call, unsigned Arg,
                         const clang::FunctionDecl *Def, LocalTrees &Locals);
  /// The tree of every way \p Def gives its output \p P a value (stores and
  /// outputs it hands \p P on to), for functions whose output is read
  /// through members or other outputs; "" when one cannot be followed.
  std::string followedOutputTree(RangeAnalysis &Ranges,
                                 const clang::ParmVarDecl *P,
                                 const clang::FunctionDecl *Def);
  /// Functions of this unit that output leaves name: each needs a record
  /// of its outputs, static ones too.
  llvm::SetVector<const clang::FunctionDecl *> OutputCallees;
  /// Records the outputs of the unit's functions that output leaves name
  /// and no record has yet: static ones, read through other functions.
  void recordCalleeOutputs(UnitSummary &U);
  /// What the unit's writes store into the members the records follow
  /// (UnitSummary::Arguments, one entry per writing function).
  void recordMembers(UnitSummary &U);
  /// A raw write that hands the structure to a parameter of a user
  /// function (MemberWrite::BytesCall): kept by a function of this unit
  /// (no write at all), or a parameter of another unit's, which its
  /// summary judges. None: a write like any other.
  struct HandedStructure {
    bool Kept;
    std::pair<std::string, unsigned> To;
  };
  std::optional<HandedStructure> handedStructure(const MemberWrite &W);
  /// The `void *` and `char *` parameters of \p F whose pointee it keeps,
  /// on no condition or on conditions (FunctionSummary::KeptPointees and
  /// KeptPointeesIf), into \p Out.
  void keptRawPointees(const clang::FunctionDecl *F, FunctionSummary &Out);
  /// The summaries of the unit's static functions stored into members that
  /// hold function pointers, for what they keep: other units call them
  /// through those members.
  void addStoredStatics(UnitSummary &U);
  /// What write \p W stores into a member of type range \p Type, judged
  /// in its function; none when it cannot be seen or judged. \p Overflow
  /// gets the int product or shift of the value that can overflow, or null.
  std::optional<Interval> storedValue(const MemberWrite &W,
                                      const std::optional<Interval> &Type,
                                      const clang::Expr *&Overflow);
  /// A fix plan's edits in the files-on-disk form, or its blocker.
  void keepFix(FixPlan &Fix, std::vector<TextEdit> &Edits, std::string &Blocker,
               SourcePoint &BlockerAt);
  std::optional<clang::FileID> fileOf(llvm::StringRef Path);
  /// What the unit's calls of \p Called (each with its first call and
  /// the number of calls, by canonical declaration) pass for the integer
  /// parameters of those other units can call (UnitSummary::Arguments).
  void recordArguments(
      llvm::ArrayRef<const clang::FunctionDecl *> Called,
      const llvm::DenseMap<const clang::FunctionDecl *, const clang::CallExpr *>
          &FirstCall,
      const llvm::DenseMap<const clang::FunctionDecl *, unsigned> &CallCount,
      UnitSummary &U);

  clang::ASTContext &Ctx;
  PlanFn Plan;
  ReturnPlanFn ReturnPlan;
  SummaryIndex Index;
  /// Node-based: usrOf hands out references that must outlive the entries
  /// later summaries add (a DenseMap moves its strings when it grows).
  std::unordered_map<const clang::Decl *, std::string> USRs;
  /// Definitions summarised (null entry: in progress or nothing to say).
  llvm::DenseMap<const clang::FunctionDecl *, bool> Summarised;
  llvm::StringMap<std::optional<clang::FileID>> Files;
  bool HaveUnitAddresses = false;
  std::vector<std::pair<std::string, unsigned>> CountArguments;
};

} // namespace mpix

#endif
