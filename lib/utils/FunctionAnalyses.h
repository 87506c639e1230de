//===-- FunctionAnalyses.h - Per-function facts shared by the checks -*- C++ -*-===//
//
// Every check starts from the same calls and asks the same questions of the
// functions it looks into (what is written to a variable, which arrays hold
// constants, what range a value has), and each answer starts with a walk of
// the whole body. Three checks building their own copies walked every body
// three times: on a generated unit of 12,000 MPI calls that was a fifth of
// the time of parsing. The analyses of one translation unit are therefore
// built once, on first use, and shared by all mpix checks running on it.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_UTILS_FUNCTIONANALYSES_H
#define MPIX_TIDY_UTILS_FUNCTIONANALYSES_H

#include "CallSites.h"
#include "ConstantArrays.h"
#include "analysis/IntervalAnalysis.h"
#include "analysis/MemberWrites.h"
#include "UserCodeScope.h"
#include "ProgramSends.h"
#include "analysis/Summaries.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace mpix {

/// A check's part in the pass over the unit's calls that the mpix checks
/// share (FunctionAnalyses::joinCallPass).
class CallAnalysis {
public:
  virtual ~CallAnalysis() = default;
  virtual void analyzeCall(const CallSite &Site) = 0;
  /// After the last call made in \p F, whose analyses are freed next.
  virtual void finishFunction(const clang::FunctionDecl *F) {}
  /// After the last call of the unit.
  virtual void finishUnit() {}
};

class FunctionAnalyses : public UnitKnowledge {
public:
  /// The analyses of the translation unit of \p Ctx. Every check holds the
  /// pointer until its end of translation unit; the last to let go frees
  /// them, so a new unit (even at the same address) starts afresh.
  static std::shared_ptr<FunctionAnalyses> of(clang::ASTContext &Ctx);

  explicit FunctionAnalyses(clang::ASTContext &Ctx)
      : Ctx(Ctx), Uses(Ctx, Declarations) {}

  /// The unit's declarations of user code (UserCodeScope), once the call
  /// pass has listed them.
  llvm::ArrayRef<clang::Decl *> declarations() const { return Declarations; }
  /// Null for a function without a body.
  const FunctionFacts *facts(const clang::FunctionDecl *F);
  RangeAnalysis *ranges(const clang::FunctionDecl *F);
  /// Facts, arrays and ranges together; all null for a function without a
  /// body.
  LocalKnowledge knowledge(const clang::FunctionDecl *F);

  /// Every call of the unit a check can look at, in order, found by one
  /// walk on first use: calls of MPI functions, and of functions with a body
  /// that take a communicator (whose parameters the topology checks follow
  /// back to these calls). Only valid once the call pass has started.
  const CallList &unitCalls();

  /// Calls of functions \p Wanted accepts are listed too (user functions
  /// whose parameters reach MPI counts, for mpix-large-count). Set before
  /// the call pass.
  void alsoWantCallees(std::function<bool(const clang::FunctionDecl *)> Wanted) {
    ExtraCallees = std::move(Wanted);
  }

  /// The mpix checks analyse the unit in one pass over its calls, in order,
  /// every check at each call: a function's facts are built once, used by
  /// all of them while they are still in the caches, and freed after the
  /// function's last call. Three passes, one per check, each needed every
  /// function's facts; holding them all cost more in page faults and cache
  /// misses than building them. Each check joins when it is matched on the
  /// unit; the pass runs at the first end of the unit a check sees, when
  /// every check that runs on the unit has joined (clang-tidy ends the unit
  /// for its checks only after matching all of them). No check needs to
  /// know which others are enabled.
  ///
  /// In C the pass goes function by function, and a function whose body
  /// names MPI has its calls listed by the walk that gathers its facts: a
  /// walk of the whole unit for its calls first cost a fifth of the checks'
  /// time on a unit of MPI calls. In C++ the calls of one function can sit
  /// in several top-level declarations (templates and their instantiations),
  /// so the unit's calls are listed first (unitCalls()).
  void joinCallPass(CallAnalysis &Check);
  /// Runs the pass if it has not run yet. Called by each check at the end of
  /// the unit, before it uses what the pass found.
  void finishCallPass(const UserCodeScope &Scope);

  clang::ASTContext &context() const { return Ctx; }
  /// The unit's plain stores into an integer member (UnitUses::storesInto).
  llvm::ArrayRef<PlainStore>
  memberStores(const clang::FieldDecl *Field) const override {
    return Uses.storesInto(Field);
  }
  /// The unit's plain stores into elements of a member array
  /// (UnitUses::elementStoresInto).
  llvm::ArrayRef<PlainStore>
  memberElementStores(const clang::FieldDecl *Field) const {
    return Uses.elementStoresInto(Field);
  }

  const clang::Expr *constantInitializer(const clang::VarDecl *V) override {
    return Uses.constantInitializer(V);
  }
  /// Each store judged in its function; a store that needs the global's
  /// own range (`g = g * 2`) gives up.
  std::optional<Interval> globalRange(const clang::VarDecl *V) override;
  std::optional<llvm::ArrayRef<PlainStore>>
  globalStores(const clang::VarDecl *V) const override {
    return Uses.globalStores(V);
  }
  const UnfollowedWrite *
  unfollowedWrite(const clang::VarDecl *V) const override {
    return Uses.unfollowedWrite(V);
  }
  /// A parameter of an internal function takes what its callers pass, each
  /// call judged in its caller; a cycle of calls gives up.
  std::optional<Interval> argumentRange(const clang::ParmVarDecl *P) override;
  bool argumentsPredefined(const clang::ParmVarDecl *P) override;
  std::optional<llvm::ArrayRef<const clang::CallExpr *>>
  requestReceives() override {
    return Uses.requestReceives();
  }
  const clang::CallExpr *
  widestCallOf(const clang::ParmVarDecl *P, const clang::FunctionDecl *&Caller,
               std::optional<Interval> &Passed) override;
  bool argumentsIndexBelow(const clang::ParmVarDecl *Index,
                           const clang::ParmVarDecl *Bound) override;
  /// A status parameter of an internal function holds what its callers
  /// pass, each call judged in its caller; a cycle of calls gives up.
  std::optional<Interval>
  statusParameterCount(const clang::ParmVarDecl *P,
                       const llvm::FoldingSetNodeID &TypeId) override;
  /// A helper with its body in this unit, followed two calls deep at most;
  /// a recursive one is not followed into itself.
  /// A helper of another unit is judged by its summary (ExternalReturns):
  /// an overflow in it is reported at \p Call.
  std::optional<Interval>
  returnRange(const clang::CallExpr *Call, const clang::FunctionDecl *F,
              llvm::ArrayRef<std::optional<Interval>> Args,
              const clang::Expr *&OverflowSite) override;
  /// What a helper with its body in this unit stores through an output
  /// parameter, followed as returnRange follows its returns; one of
  /// another unit by its summary (ExternalOutputs).
  std::optional<Interval>
  outputRange(const clang::CallExpr *Call, const clang::FunctionDecl *F,
              unsigned Index, llvm::ArrayRef<std::optional<Interval>> Args,
              const clang::Expr *&OverflowSite) override;
  /// The same for a part of what F returns, from F's body in this unit
  /// only (summaries of other units hold whole values).
  std::optional<Interval>
  returnPartRange(const clang::CallExpr *Call, const clang::FunctionDecl *F,
                  unsigned Part, llvm::ArrayRef<std::optional<Interval>> Args,
                  const clang::Expr *&OverflowSite) override;

  /// What a function without a body here returns, and whether it can
  /// overflow doing so (mpix-large-count answers from the summaries).
  using ReturnFn = std::function<std::optional<Interval>(
      const clang::FunctionDecl *, llvm::ArrayRef<std::optional<Interval>>,
      bool &Overflows)>;
  void setExternalReturns(ReturnFn F) { ExternalReturns = std::move(F); }
  /// What a function without a body here stores through its output
  /// parameter Index (`my_comm_size(comm, &n)`), from the summaries.
  using OutputFn = std::function<std::optional<Interval>(
      const clang::FunctionDecl *, unsigned Index,
      llvm::ArrayRef<std::optional<Interval>>)>;
  void setExternalOutputs(OutputFn F) { ExternalOutputs = std::move(F); }

  /// A function of this unit whose body never returns (bodyNeverReturns,
  /// through the user functions it calls), or one of another unit whose
  /// summary says so (ExternalNeverReturns).
  bool neverReturns(const clang::FunctionDecl *F) override;
  /// A function of this unit whose body only reads (bodyOnlyReads), or of
  /// another unit whose summary says so (ExternalOnlyReads).
  bool onlyReads(const clang::FunctionDecl *F) override;
  void setExternalOnlyReads(std::function<bool(const clang::FunctionDecl *)> F) {
    ExternalOnlyReads = std::move(F);
  }
  void setExternalNeverReturns(std::function<bool(const clang::FunctionDecl *)> F) {
    ExternalNeverReturns = std::move(F);
  }
  /// A function of this unit whose nonzero result says a parameter is a
  /// predefined datatype (RangeAnalysis::returnsPredefinedTest), or one of
  /// another unit whose summary says so (ExternalPredefinedTests).
  std::optional<unsigned>
  predefinedTypeTest(const clang::FunctionDecl *F) override;
  /// Where \p F fills the elements of its array parameter \p Index with an
  /// 'int' running sum, itself or through a function it hands them to
  /// (storesRunningSum): the store in this unit, or where another unit's
  /// summary puts it.
  struct ParameterSum {
    const clang::Stmt *Store = nullptr;
    SourcePoint Remote;
  };
  std::optional<ParameterSum> summedParameter(const clang::FunctionDecl *F,
                                              unsigned Index);
  using SummedArrayFn = std::function<std::optional<SourcePoint>(
      const clang::FunctionDecl *, unsigned)>;
  void setExternalSummedArrays(SummedArrayFn F) {
    ExternalSummedArrays = std::move(F);
  }
  using PredefinedTestFn =
      std::function<std::optional<unsigned>(const clang::FunctionDecl *)>;
  void setExternalPredefinedTests(PredefinedTestFn F) {
    ExternalPredefinedTests = std::move(F);
  }
  /// The sizes of the std::vector a function of this unit returns
  /// (RangeAnalysis::returnedVectorSize), or one of another unit whose
  /// summary bounds them (ExternalReturnedSizes).
  std::optional<Interval> returnedSize(const clang::FunctionDecl *F) override;
  using ReturnedSizeFn =
      std::function<std::optional<Interval>(const clang::FunctionDecl *)>;
  void setExternalReturnedSizes(ReturnedSizeFn F) {
    ExternalReturnedSizes = std::move(F);
  }
  /// Functions other units call (the summaries say so): their calls here
  /// are not all there are, whatever the unit's own declarations suggest.
  void setCalledElsewhere(std::function<bool(const clang::FunctionDecl *)> F) {
    CalledElsewhere = std::move(F);
  }
  /// Whether the unit sees every call of \p F by its own declarations
  /// (UnitUses::callsOf), and so bounds F's parameters by them unless the
  /// summaries say other units call it (followsEveryCall).
  /// What the calls of other units pass for a parameter of a function they
  /// can call (mpix-large-count answers from the summaries of a whole
  /// program); none: the records cannot say.
  using ProgramArgumentsFn = std::function<std::optional<ProgramArgument>(
      const clang::FunctionDecl *, unsigned)>;
  void setProgramArguments(ProgramArgumentsFn F) {
    ProgramArguments = std::move(F);
  }
  /// The functions other units can call whose parameters the unit's ranges
  /// asked about (UnitSummary::AskedArguments).
  llvm::ArrayRef<const clang::FunctionDecl *> askedProgramArguments() const {
    return AskedProgramArguments.getArrayRef();
  }
  /// What the records of other units say their calls pass \p P, when its
  /// function is one they can call and they were asked: a note names the
  /// call passing the largest value.
  const ProgramArgument *
  programArgumentOf(const clang::ParmVarDecl *P) const override {
    auto It = RemoteArguments.find(P);
    return It == RemoteArguments.end() ? nullptr : &It->second;
  }
  /// What the writes of every unit store into an integer member, from the
  /// records of a whole program (mpix-large-count answers from the
  /// summaries); none: the records cannot say.
  using ProgramMembersFn =
      std::function<std::optional<ProgramArgument>(const clang::FieldDecl *)>;
  void setProgramMembers(ProgramMembersFn F) { ProgramMembers = std::move(F); }
  /// The members whose ranges the unit's analysis asked for: the records'
  /// writes into them matter to what it reports (UnitSummary::AskedArguments).
  llvm::ArrayRef<const clang::FieldDecl *> askedProgramMembers() const {
    return AskedProgramMembers.getArrayRef();
  }
  /// In a whole program, the join of what the records' writes into
  /// \p Field store (recordsStoresOf); none when one cannot be judged, no
  /// unit writes it, or the records are not those of a whole program.
  std::optional<Interval> memberRange(const clang::FieldDecl *Field) override;
  /// What the records say the program's writes store into \p Field, when
  /// memberRange asked: a note names the write storing the most.
  const ProgramArgument *
  programMemberOf(const clang::FieldDecl *Field) const override {
    auto It = RemoteMembers.find(Field->getCanonicalDecl());
    return It == RemoteMembers.end() ? nullptr : &It->second;
  }
  /// Whether the summaries record the writes into \p Field: an integer of
  /// 64 bits at most, not a bit-field, of a named structure or class that
  /// is the program's (not a library's), not a union's nor a template's.
  /// The unit that records and the one that asks decide it alike.
  static bool recordsStoresOf(const clang::FieldDecl *Field,
                              const clang::ASTContext &Ctx);
  /// Every write of the unit into integer members (walked once, on the
  /// first question).
  const MemberWrites &memberWrites();
  /// What the unit's functions do with the memory their pointer parameters
  /// point to.
  PointeeUses &pointeeUses() { return Pointees; }

  /// Whether \p F, a function other files can call, is called by no unit
  /// of a whole program (nor named here other than to call it): no run
  /// reaches its body. Known by the records of a parameter the records
  /// carry (hasRecordedArguments); asked once per function, and the asking
  /// is noted as for a parameter's range (UnitSummary::AskedArguments).
  bool neverCalledInProgram(const clang::FunctionDecl *F);
  /// Whether the summaries record the calls of \p F (UnitSummary::Arguments):
  /// a function other units can call, not main, a method or a template,
  /// with a parameter hasRecordedArguments accepts. The unit that records
  /// and the one that asks decide it alike.
  static bool recordsCallsOf(const clang::FunctionDecl *F,
                             const clang::ASTContext &Ctx);
  /// Whether the records carry what calls pass for \p P: an integer of 64
  /// bits at most.
  static bool hasRecordedArguments(const clang::ParmVarDecl *P,
                                   const clang::ASTContext &Ctx);
  /// The unit's calls of \p F when its name is used here only to call it
  /// from functions (UnitUses::directCallsOf); null otherwise.
  const llvm::SmallVector<CallSite, 2> *
  unitCallsOf(const clang::FunctionDecl *F) const {
    return Uses.directCallsOf(F);
  }
  /// What \p Site passes for parameter \p Index, judged in its caller.
  std::optional<Interval> siteArgument(const CallSite &Site, unsigned Index);
  bool seesEveryCall(const clang::FunctionDecl *F) const {
    return Uses.callsOf(F) != nullptr;
  }
  bool followsEveryCall(const clang::FunctionDecl *F) const;

  /// The model of a run every function's ranges assume: mpix-large-count
  /// sets it from its options before the call pass; the other checks share
  /// it (the default model when mpix-large-count is not enabled).
  void setRunModel(const RunModel &M) { Model = M; }
  const RunModel *runModel() const override { return &Model; }
  /// The largest send of the program, when this unit is all of it
  /// (ProgramSends.h): found once, on the first probe asked about.
  std::optional<WideInt> probedMessageBytes() override;
  /// Whether a probe asked for the program's sends (the unit's findings
  /// depend on the sends of the functions of other files it calls).
  bool askedProgramSends() const { return AskedProgramSends; }

  /// The most bytes one point-to-point message of a function of another
  /// file sends, after the option ExternalSends (mpix-large-count answers
  /// from the summaries); none: unknown.
  using SendsFn =
      std::function<std::optional<WideInt>(const clang::FunctionDecl *)>;
  void setExternalSends(SendsFn F) { ExternalSends = std::move(F); }

  /// What a call of \p F, defined in this unit, sends: the most bytes of
  /// one point-to-point message through what it reaches here, judged with
  /// the ranges; each function of another file it reaches that the option
  /// ExternalSends does not name is handed to \p Other (false: unknown).
  /// None when unknown, or when the model never bounds a probe.
  std::optional<WideInt>
  functionSends(const clang::FunctionDecl *F,
                llvm::function_ref<bool(const clang::FunctionDecl *)> Other);

private:
  /// \p Judge applied to the analysis of helper \p F, when its body is in
  /// this unit, two helpers deep at most, and not in a recursion.
  std::optional<Interval> followHelper(
      const clang::FunctionDecl *F,
      llvm::function_ref<std::optional<Interval>(
          RangeAnalysis &, const clang::FunctionDecl *, const clang::Expr *&)>
          Judge,
      const clang::Expr *&OverflowSite);
  /// The helpers whose returns or outputs are being evaluated, innermost
  /// last.
  llvm::SmallVector<const clang::FunctionDecl *, 2> FollowedReturns;
  /// Whether an argument or a store may be judged with its function's
  /// control flow (RangeAnalysis::evaluateAt): not while a helper's returns
  /// or a function's calls are being followed.
  bool judgesCallersFlow() const;
  /// One of them called itself, directly or through the others.
  bool MetRecursion = false;
  struct Entry {
    std::unique_ptr<FunctionFacts> Facts;
    std::unique_ptr<RangeAnalysis> Ranges;
    std::unique_ptr<ArrayFacts> Arrays;
  };
  /// Whether \p F's calls are all known and \p Judge accepts each, given
  /// its caller's ranges; false too while F's parameters are already being
  /// followed (recursion).
  bool forEveryCall(
      const clang::FunctionDecl *F,
      llvm::function_ref<bool(const CallSite &, RangeAnalysis &)> Judge);
  /// forEveryCall over \p Sites, calls of \p F.
  bool forEachSite(
      const clang::FunctionDecl *F, llvm::ArrayRef<CallSite> Sites,
      llvm::function_ref<bool(const CallSite &, RangeAnalysis &)> Judge);
  /// The join of what \p Sites pass for parameter \p Index of \p F.
  std::optional<Interval> joinArguments(const clang::FunctionDecl *F,
                                        llvm::ArrayRef<CallSite> Sites,
                                        unsigned Index);
  /// argumentRange for a function other units can call: its calls here
  /// and, in a whole program, those the records of the others give.
  std::optional<Interval> programArgumentRange(const clang::ParmVarDecl *P);
  /// The entry of \p F with its facts and ranges built (its calls listed
  /// into \p Listing by the same walk); null without a body.
  Entry *entry(const clang::FunctionDecl *F, CallListing *Listing = nullptr);
  /// Appends the calls of the top-level declaration \p D to \p Sites.
  void listCalls(clang::Decl *D, CallList &Sites);
  /// Runs every check on \p Sites, and finishes each function after its
  /// last call there.
  void analyzeCalls(const CallList &Sites);
  bool isWantedCallee(const clang::FunctionDecl *Callee);

  clang::ASTContext &Ctx;
  RunModel Model;
  /// What the call pass looks into (UserCodeScope), and UnitUses walks
  /// when asked.
  std::vector<clang::Decl *> Declarations;
  /// Shared by every function's ranges: one walk of the unit at most.
  UnitUses Uses;
  /// Functions whose parameters are being followed into their callers.
  llvm::DenseSet<const clang::FunctionDecl *> Following;
  llvm::DenseMap<const clang::FunctionDecl *, Entry> Entries;
  std::optional<CallList> Calls;
  llvm::DenseMap<const clang::FunctionDecl *, bool> WantedCallees;
  std::function<bool(const clang::FunctionDecl *)> ExtraCallees;
  ReturnFn ExternalReturns;
  OutputFn ExternalOutputs;
  std::function<bool(const clang::FunctionDecl *)> ExternalNeverReturns;
  std::function<bool(const clang::FunctionDecl *)> ExternalOnlyReads;
  PredefinedTestFn ExternalPredefinedTests;
  ReturnedSizeFn ExternalReturnedSizes;
  template <typename T>
  std::optional<T> answerFor(
      llvm::DenseMap<const clang::FunctionDecl *, std::optional<T>> &Known,
      const clang::FunctionDecl *F, std::optional<T> (RangeAnalysis::*Ask)(),
      const std::function<std::optional<T>(const clang::FunctionDecl *)>
          &External);
  SummedArrayFn ExternalSummedArrays;
  /// summedParameter's answers; none while a function is being judged.
  std::map<std::pair<const clang::FunctionDecl *, unsigned>,
           std::optional<ParameterSum>>
      SummedParameters;
  std::function<bool(const clang::FunctionDecl *)> CalledElsewhere;
  ProgramArgumentsFn ProgramArguments;
  llvm::SetVector<const clang::FunctionDecl *> AskedProgramArguments;
  llvm::DenseMap<const clang::ParmVarDecl *, ProgramArgument> RemoteArguments;
  ProgramMembersFn ProgramMembers;
  llvm::SetVector<const clang::FieldDecl *> AskedProgramMembers;
  llvm::DenseMap<const clang::FieldDecl *, std::optional<Interval>> MemberRanges;
  /// globalRange's answers; none while a global is being judged.
  llvm::DenseMap<const clang::VarDecl *, std::optional<Interval>> GlobalRanges;
  llvm::DenseMap<const clang::FieldDecl *, ProgramArgument> RemoteMembers;
  std::unique_ptr<MemberWrites> Writes;
  PointeeUses Pointees;
  llvm::DenseMap<const clang::FunctionDecl *, bool> NeverCalled;
  /// neverReturns' answers; false while a function is being judged, which
  /// cuts recursion.
  llvm::DenseMap<const clang::FunctionDecl *, bool> NeverReturning;
  /// onlyReads' answers; false while a function is being judged, which
  /// cuts recursion.
  llvm::DenseMap<const clang::FunctionDecl *, bool> OnlyReading;
  /// predefinedTypeTest's answers; none while a function is being judged.
  llvm::DenseMap<const clang::FunctionDecl *, std::optional<unsigned>>
      PredefinedTests;
  /// returnedSize's answers; none while a function is being judged.
  llvm::DenseMap<const clang::FunctionDecl *, std::optional<Interval>>
      ReturnedSizes;
  /// What probedMessageBytes found, once found.
  std::optional<std::optional<WideInt>> ProbedBytes;
  /// The sends are being judged: a count that depends on a probe says
  /// nothing then.
  bool JudgingSends = false;
  std::optional<WideInt> largestProgramSend();
  /// The largest of \p Sends, each judged with ranges of its own that
  /// outlive no judging (see probedMessageBytes).
  std::optional<WideInt> judgeSends(const ProgramSends &Sends);
  /// The option, then ExternalSends.
  std::optional<WideInt> externalSendBytes(const clang::FunctionDecl *F);
  SendsFn ExternalSends;
  bool AskedProgramSends = false;
  std::unique_ptr<SendGraph> Sends;
  /// The analyses the judging of sends builds, kept apart from the others.
  llvm::DenseMap<const clang::FunctionDecl *, Entry> JudgeEntries;
  llvm::DenseMap<const clang::CallExpr *, std::optional<WideInt>> SentBytes;
  llvm::SmallVector<CallAnalysis *, 3> CallPassChecks;
  bool CallPassDone = false;
  void runCallPass(const UserCodeScope &Scope);
};

} // namespace mpix

#endif
