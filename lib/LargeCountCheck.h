//===-- LargeCountCheck.h - mpix-large-count --------------------*- C++ -*-===//
//
// Finds MPI calls whose count, displacement or size arguments can exceed
// INT_MAX: wide values narrowed to int, int products that overflow, int
// locals that hold narrowed values, constants out of range, int running sums
// of v-collective displacements, and int outputs of count and size queries.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_LARGECOUNTCHECK_H
#define MPIX_TIDY_LARGECOUNTCHECK_H

#include "MPIApi.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "utils/BufferSizes.h"
#include "utils/ConditionalRegions.h"
#include "utils/FixDelivery.h"
#include "utils/MacroArguments.h"
#include "utils/CountParameters.h"
#include "utils/FunctionAnalyses.h"
#include "analysis/IntervalAnalysis.h"
#include "utils/TypeMigration.h"
#include "utils/UserCodeScope.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include <map>
#include <memory>

namespace mpix {

/// The uses of a local 'int' output that read it; none when another use
/// could read it unseen (its address kept, a reference bound to it).
using OutputReads =
    std::optional<llvm::SmallVector<const clang::DeclRefExpr *, 2>>;

class LargeCountCheck : public clang::tidy::ClangTidyCheck,
                        private CallAnalysis {
public:
  LargeCountCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

  void registerPPCallbacks(const clang::SourceManager &SM,
                           clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;

  /// Why a value can leave the int range.
  struct Hazard {
    enum KindType { Narrowed, Overflows, ConstantTooLarge, ConstantNegative };
    KindType Kind = Narrowed;
    const clang::Expr *Source = nullptr; ///< The wide value or the product.
    clang::QualType SourceType;
    Interval Range;
    /// The (int) or static_cast<int> that narrows, when it is spelled.
    const clang::Expr *ExplicitCast = nullptr;
    /// An int product or shift: widening its first operand fixes it.
    bool ComputedInInt = false;
  };

  /// One reason to warn about one argument of one call.
  struct Finding {
    enum WhatType {
      Argument,          ///< The argument expression itself.
      LocalVariable,     ///< An int local that was assigned a hazard.
      RunningSum,        ///< An int running sum of displacements.
      FilledArray,       ///< Elements assigned a hazard.
      ReceivedCount,     ///< int output of MPI_Get_count / MPI_Get_elements.
      SizeOutput,        ///< int output of a size query.
      MemberStore,       ///< An int member that a store of the unit narrowed
                         ///< or overflowed into.
      OutputStore,       ///< An int local that a helper of the unit narrowed or
                         ///< overflowed into through a pointer or reference.
      RemoteMemberStore, ///< A member that a store of another unit overflowed
                         ///< into (the program's records say where).
      RemoteOutputStore, ///< An int local that a helper of another unit
                         ///< overflowed into through a pointer (its summary
                         ///< says where).
      BufferOffset, ///< An int offset into a buffer (Index), whose count is
                    ///< not reported, that walks it in pieces of the
                    ///< message and can wrap: BufferSizes holds it.
      ElementRead,  ///< A count read from an element of a local int array
                    ///< (`counts[i]`, or a local given it) that a store of
                    ///< the function narrowed or overflowed into.
    };
    WhatType What;
    unsigned Index;
    Hazard H;
    const clang::VarDecl *Var = nullptr;
    const clang::Stmt *NoteSite = nullptr;
    /// The int that a running sum accumulates in (displs[i] = offset).
    const clang::VarDecl *Accumulator = nullptr;
    /// A LocalVariable the argument is computed from, not the argument
    /// itself (`size / tsize`); Carrier is the local passed when Var
    /// reached it through one of its stores (`n = size / tsize`).
    bool Carried = false;
    /// A LocalVariable that a loop adds values the analysis cannot bound
    /// into (`total += counts[i]`); NoteSite is the addition.
    bool RunningTotal = false;
    /// A RunningTotal stepped by one (`++cnt`, the NoteSite) in this loop,
    /// which counts with a wider counter past INT_MAX.
    const clang::ForStmt *CountingLoop = nullptr;
    const clang::VarDecl *Carrier = nullptr;
    /// What Carrier is assigned, where NoteSite is taken (an OutputStore's
    /// helper call): `n = bytes` after `part(&bytes)`.
    const clang::Expr *CarrierValue = nullptr;
    /// A FilledArray's element stores carry this truncated local; or, when
    /// Gathered, a collective gathers it into the array (NoteSite: its
    /// send buffer).
    const clang::VarDecl *CarriedFrom = nullptr;
    bool Gathered = false;
    /// An ElementRead's array.
    const clang::VarDecl *ReadArray = nullptr;
    /// A MemberStore's member, and the function whose store is the hazard
    /// (for an OutputStore, the helper; NoteSite is then the call of it;
    /// for a FilledArray, the member array another function fills).
    const clang::FieldDecl *Member = nullptr;
    const clang::FunctionDecl *StoredIn = nullptr;
    /// A RunningSum a helper stores (StoredIn): the call that hands it the
    /// array; NoteSite is the sum, or RemoteAt in another unit.
    const clang::CallExpr *FillingCall = nullptr;
    /// A RemoteMemberStore's or RemoteOutputStore's store: where, what it
    /// computes, the writer.
    SourcePoint RemoteAt;
    std::string RemoteText, RemoteWriter;
    /// The narrow arithmetic the fix must widen with the count: the
    /// allocations and offsets of the buffer it describes, and the int
    /// terms of the count itself, each able to overflow.
    llvm::SmallVector<NarrowSize, 1> BufferSizes;
    /// The arithmetic the call's fix widens or a note of its own covers:
    /// the BufferSizes of every finding of the call, and what the plan
    /// computes wide.
    llvm::SmallVector<const clang::Expr *, 2> SizesOfCall;
    /// An Argument's int local operand that holds a narrowed or overflowed
    /// value itself (`msgsize` of `replycnt * msgsize`): widening the
    /// arithmetic alone would carry it to the call truncated.
    std::optional<std::pair<const clang::VarDecl *, Hazard>> HazardousOperand;
  };

private:
  // The call pass (FunctionAnalyses::joinCallPass).
  void analyzeCall(const CallSite &Site) override;
  void finishFunction(const clang::FunctionDecl *F) override;

  struct FunctionState {
    /// Owned by Analyses; null for code outside a function body.
    const FunctionFacts *Facts = nullptr;
    RangeAnalysis *Ranges = nullptr;
    /// Datatypes built here from a count that can exceed INT_MAX, with the
    /// constructor call that built them.
    llvm::DenseMap<const clang::VarDecl *, const clang::CallExpr *> LargeTypes;
    /// Per local, stored type and sign: the local's writes that are
    /// hazards, by position in writesOf().
    llvm::DenseMap<std::tuple<const clang::VarDecl *, void *, unsigned>,
                   llvm::SmallVector<std::pair<unsigned, Hazard>, 1>>
        HazardousWrites;
    /// Per local retyped by an emitted plan of a call that depends on
    /// nothing else (soleRetypedLocal), the calls that plan renamed and its
    /// edits.
    struct CoveringPlan {
      llvm::DenseSet<const clang::CallExpr *> Renamed;
      std::shared_ptr<const std::vector<clang::FixItHint>> Hints;
    };
    llvm::DenseMap<const clang::VarDecl *, CoveringPlan> CoveredCalls;
    /// Per 'int' output of a count query, outputReads(): classified once,
    /// not once per query.
    llvm::DenseMap<const clang::VarDecl *, OutputReads> OutputReadsOf;
    /// Per variable a fix retypes, TypeMigration::sumHoldersOf: every plan
    /// retyping it asks, and each answer reads all its uses.
    llvm::DenseMap<const clang::VarDecl *,
                   llvm::SmallVector<const clang::VarDecl *, 1>>
        SumHolders;
    /// Grouped declarations split by an emitted fix, with the variables it
    /// retyped there.
    DeclSplits EmittedSplits;
    /// Per buffer variable, what the stores into it allocate (storesInto).
    llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<NarrowSize, 1>>
        StoresInto;
  };
  void checkCall(const clang::CallExpr *Call, const FunctionInfo *F,
                 const clang::FunctionDecl *Caller);
  /// Where \p Caller, a template instantiation, was instantiated.
  void noteInstantiation(const clang::FunctionDecl *Caller);
  FunctionState &stateFor(const clang::FunctionDecl *F,
                          clang::ASTContext &Ctx);

  /// What can go wrong when \p Value, evaluated at \p Site, is converted
  /// to \p Target.
  std::optional<Hazard> hazardOf(const clang::Expr *Value,
                                 clang::QualType Target, bool MayBeNegative,
                                 const clang::Stmt *Site, FunctionState &FS);
  /// Whether the value the hazardous store \p W gives \p Var reaches
  /// \p Use, still hazardous under what holds on the way.
  bool reachesHazardous(const FunctionFacts::Write &W, const clang::VarDecl *Var,
                        const clang::Stmt *Use, clang::QualType Stored,
                        bool MayBeNegative, FunctionState &FS);
  /// The same, where the bounds \p C hold.
  std::optional<Hazard> hazardUnder(const clang::Expr *Value,
                                    clang::QualType Target, bool MayBeNegative,
                                    const Constraints &C, FunctionState &FS);
  /// The first value in \p Writes that can leave the range of \p Stored
  /// (null: the type each write stores into). With \p Var and \p Use, the
  /// writes of the local Var that are overwritten before Use are skipped.
  std::optional<Hazard> firstHazard(llvm::ArrayRef<FunctionFacts::Write> Writes,
                                    clang::QualType Stored, bool MayBeNegative,
                                    FunctionState &FS,
                                    const clang::VarDecl *Var = nullptr,
                                    const clang::Stmt *Use = nullptr);
  /// The first of \p Writes, the element stores of a count or (with
  /// \p IsDispl) displacement array, that can leave \p Element's range.
  std::optional<Hazard> elementHazard(llvm::ArrayRef<FunctionFacts::Write> Writes,
                                      clang::QualType Element, bool IsDispl,
                                      FunctionState &FS);
  const clang::VarDecl *soleRetypedLocal(
      const clang::CallExpr *Call, const FunctionInfo &F,
      llvm::ArrayRef<Finding> Findings,
      llvm::ArrayRef<std::pair<const clang::VarDecl *, llvm::StringRef>>
          Followers);
  /// The writes of \p Writes that are hazards for \p Stored, with their
  /// positions (the first only, if \p FirstOnly).
  llvm::SmallVector<std::pair<unsigned, Hazard>, 1>
  hazardousWrites(llvm::ArrayRef<FunctionFacts::Write> Writes,
                  clang::QualType Stored, bool MayBeNegative,
                  FunctionState &FS, bool FirstOnly = false);
  std::optional<Finding> findScalar(const clang::CallExpr *Call,
                                    const FunctionInfo &F, unsigned Index,
                                    FunctionState &FS);
  /// What findScalar finds of argument \p Index of \p Call passed where
  /// \p Target is taken; \p FollowLocals: an int local passed there is
  /// judged by the values stored into it.
  std::optional<Finding> findValue(const clang::CallExpr *Call, unsigned Index,
                                   clang::QualType Target, bool MayBeNegative,
                                   bool FollowLocals, FunctionState &FS);
  /// \p V, an int local passed as a count, when a loop adds into it values
  /// of which two can overflow it (`size += 1 + packed(i)`), and nothing
  /// bounds it where the call reads it.
  std::optional<Finding> findRunningTotal(const clang::CallExpr *Call,
                                          unsigned Index,
                                          const clang::VarDecl *V,
                                          FunctionState &FS);
  /// An int member passed as argument \p Index that a store elsewhere in
  /// the unit narrowed or overflowed into (UnitUses::storesInto).
  std::optional<Finding> findMemberStore(const clang::CallExpr *Call,
                                         unsigned Index, bool MayBeNegative);
  /// A member the unit reads but never writes, which a store of another
  /// unit overflows into (ProgramArgument::OverflowAt).
  std::optional<Finding> findRemoteMemberStore(const clang::CallExpr *Call,
                                               unsigned Index,
                                               const clang::FieldDecl *Field);
  /// An int local passed as argument \p Index that a helper of the unit,
  /// handed `&local` earlier, narrowed or overflowed into for the
  /// arguments of that call (RangeAnalysis::helperOutputRange).
  /// Whether the stores into local \p V, whose address is taken, are all
  /// that can leave a large value in it: the address goes only to MPI
  /// calls that copy the root's value, or fill it before any store.
  bool storesAreAllValues(const clang::VarDecl *V,
                          const FunctionState &FS) const;
  /// The hazard of the stores of local \p V that reach \p Use (a
  /// parameter's, a static local's, or none for one handed out).
  std::optional<Hazard> localHazard(const clang::VarDecl *V,
                                    const clang::Stmt *Use, bool Negative,
                                    FunctionState &FS);
  /// A local other than \p Except whose truncated or overflowed value
  /// \p Value, at \p Use, is computed from (carriedVariables in the .cpp).
  std::optional<std::pair<const clang::VarDecl *, Hazard>>
  carriedHazard(const clang::Expr *Value, const clang::Stmt *Use,
                const clang::VarDecl *Except, FunctionState &FS);
  /// \p Value, an int local stored whole where \p Use stores it, and
  /// the hazard of a write of it that reaches there, spelled casts
  /// included; or of a write of the local it was copied from (`offset =
  /// length;`), a few copies deep.
  std::optional<std::pair<const clang::VarDecl *, Hazard>>
  heldHazard(const clang::Expr *Value, const clang::Stmt *Use,
             FunctionState &FS, unsigned Copies = 0);
  /// The int product of this function that \p Found's count overflows
  /// in, if it is one.
  const clang::BinaryOperator *overflowingProduct(const Finding &Found,
                                                  FunctionState &FS);
  /// The same int product as \p Found's count, computed before the call
  /// into a 64-bit or pointer value (a buffer's address), which the call's
  /// fix widens too; null when there is none.
  const clang::BinaryOperator *sameProductToWiden(const Finding &Found,
                                                  FunctionState &FS);
  /// The same int product as \p Found's count added, by a `+=`, to the
  /// 64-bit offset of the call's buffer (`buf + offset`): it moves the
  /// buffer on for the next message, and the call's fix widens it too.
  const clang::BinaryOperator *productAdvancingBuffer(
      const clang::CallExpr *Call, const FunctionInfo &F, const Finding &Found,
      FunctionState &FS);
  /// Whether \p H, a store into an unsigned local of type \p Local, can
  /// lose only negative values.
  bool losesOnlyNegatives(const Hazard &H, clang::QualType Local) const;
  /// A FilledArray whose element stores carry such a local.
  std::optional<Finding>
  findCarriedElement(llvm::ArrayRef<FunctionFacts::Write> Writes,
                     unsigned Index, FunctionState &FS);
  /// A FilledArray that a collective gathers, for \p Call, from such a
  /// local of each process (`MPI_Allgather(&n, 1, MPI_INT, counts, ...)`
  /// after `int n = bytes`).
  std::optional<Finding> findGatheredElement(const clang::VarDecl *Array,
                                             const clang::CallExpr *Call,
                                             unsigned Index, FunctionState &FS);
  /// Where another unit's store overflowed into a member (RemoteMemberStore).
  void noteRemoteStore(const Finding &Found);
  /// "'v' is written by 'helper' here", at the call that hands v out.
  void noteHelperWrite(const Finding &Found);
  /// A MemberStore's or OutputStore's store, judged and explained in the
  /// function that makes it.
  void noteStoreElsewhere(const Finding &Found);
  /// Where a RunningTotal's loop adds into it, and what it adds.
  void noteRunningTotal(const Finding &Found);
  /// Notes the store through which a carried local reaches the local
  /// passed (Finding::Carrier).
  /// The call that hands a helper the array it fills (Finding::FillingCall).
  void noteFillingCall(const Finding &Found);
  void noteCarrier(const Finding &Found);
  /// Whether the user states (the Ranges option) that the variable or
  /// member \p Found holds its value in fits \p Target.
  bool statedToFit(const Finding &Found, clang::QualType Target) const;
  std::optional<Finding> findOutputStore(const clang::CallExpr *Call,
                                         unsigned Index, FunctionState &FS);
  /// An ElementRead finding for the count \p Index of \p Call.
  std::optional<Finding> findElementRead(const clang::CallExpr *Call,
                                         unsigned Index, FunctionState &FS);
  /// An OutputStore finding for \p V, a local a helper writes through its
  /// address, whose value is read at \p Read.
  std::optional<Finding> outputStoreOf(const clang::VarDecl *V,
                                       const clang::Stmt *Read,
                                       const clang::CallExpr *Call,
                                       unsigned Index, FunctionState &FS);
  /// What the helper of \p Out makes the local passed to it hold at
  /// \p Call's argument \p Index: a product on the way that can overflow.
  std::optional<Finding>
  helperOutputFinding(const clang::CallExpr *Call, unsigned Index,
                      const RangeAnalysis::HelperOutput &Out,
                      FunctionState &FS);
  /// Values that can exceed INT_MAX, which a function of this unit stores
  /// into \p Array, handed to it before \p Call (fillingCall), judged in it
  /// as the array's own stores are: `fill_counts(np, sizes)`.
  std::optional<Finding> findFillingHelper(const clang::VarDecl *Array,
                                           const clang::CallExpr *Call,
                                           unsigned Index, bool IsDispl,
                                           FunctionState &FS);
  /// A running sum that a helper of this unit stores into \p Array, handed
  /// to it before \p Call (arrayHandedTo): `make_offsets(sizes, offsets)`.
  std::optional<Finding> findSummingHelper(const clang::VarDecl *Array,
                                           const clang::CallExpr *Call,
                                           unsigned Index, FunctionState &FS);
  /// The facts and ranges of \p F, for judging a store there while the
  /// call pass is in another function (States may not grow meanwhile).
  FunctionState stateOfOther(const clang::FunctionDecl *F);

  // Counts that reach MPI through the parameters of user functions, in
  // this unit or in others (analysis/Summaries.h).
  /// Judges the integer arguments of \p Call to another unit's function
  /// for what they ask of the caller's parameters (the first phase).
  void askParametersPassed(const clang::CallExpr *Call,
                           const clang::FunctionDecl *Callee,
                           const clang::FunctionDecl *Caller);
  void checkUserCall(const clang::CallExpr *Call,
                     const clang::FunctionDecl *Callee,
                     const clang::FunctionDecl *Caller);
  /// Argument \p I of \p Call, an array the callee hands to MPI as \p Use
  /// says (a wrapper of MPI_Allgatherv): judged as that call's array.
  void checkUserArray(const clang::CallExpr *Call,
                      const clang::FunctionDecl *Callee, unsigned I,
                      const CountUse &Use, const clang::FunctionDecl *Caller,
                      FunctionState &FS);
  /// The fix of a finding at a call of a user function: the caller's side
  /// here, and the edits that widen the parameters on the way to MPI.
  FixPlan planUserCallFix(const clang::CallExpr *Call,
                          const clang::FunctionDecl *Caller,
                          const Finding &Found, const Reach &R,
                          FunctionState &FS);
  /// Plans widening \p P of its function (CountParameters::PlanFn).
  void planParameterFix(const clang::ParmVarDecl *P,
                        const clang::CallExpr *FirstUse,
                        const CountParameters::Forwards &Passed,
                        FixPlan &Plan);
  /// Plans making \p F return MPI_Count (CountParameters::ReturnPlanFn).
  void planReturnFix(const clang::FunctionDecl *F, FixPlan &Plan);
  /// When \p H is an int computation in a helper (its product, or a call of
  /// a helper of another unit that overflows), adds the edits that make the
  /// helper return MPI_Count, or blocks; false when it is not.
  bool planHelperReturnFix(const Hazard &H, const clang::FunctionDecl *Caller,
                           FixPlan &Plan);
  /// The helper of another unit whose call \p Source is, if its summary
  /// says it overflows.
  const FunctionSummary *externalHelper(const clang::Expr *Source);
  /// " by a helper", " by 'cells'" or "": who computes \p Source, the
  /// overflowing part of argument \p Arg.
  std::string helperPhrase(const clang::Expr *Source, const clang::Expr *Arg);
  /// Why \p H's value can be large: what bounds a product's operands, and
  /// where an unbounded value comes from.
  RangeAnalysis::Explanation explain(const Hazard &H, FunctionState &FS);
  /// For elements std::transform stored: the range its lambda reads.
  void noteTransformedElements(const Finding &Found, FunctionState &FS);
  void noteOrigin(const RangeAnalysis::Explanation &Why);
  /// Notes what explain() says of \p H, at the argument.
  void noteWhyLarge(const Finding &Found, FunctionState &FS);
  /// A note where a helper's int computation overflows, in whichever file.
  void noteHelperOverflow(const Hazard &H, const clang::Expr *Arg);
  /// Whether \p H is an int computation of a helper, here or elsewhere.
  bool isHelperOverflow(const Hazard &H, const clang::FunctionDecl *Caller);
  void emitUserCall(const clang::CallExpr *Call,
                    const clang::FunctionDecl *Callee, const Finding &Found,
                    const Reach &R, const FixPlan &Plan);
  /// Writes this unit's summary record (SummaryOutput).
  void writeSummary();
  /// The note at the store that gave an int local its hazardous value.
  /// \p Why: what bounds the operands of a product stored.
  void noteLocalStore(const Finding &Found, llvm::StringRef Why = "");
  /// Notes a helper's return that narrows a wide value, where \p H is one;
  /// false otherwise.
  /// Points at an identical int product the run computed earlier (an
  /// allocation's size): the fix of the MPI call does not reach it.
  void noteSameProductBefore(const Finding &Found, RangeAnalysis *Ranges);
  /// Fills \p Found's BufferSizes: the allocations and offsets of the
  /// buffers its count describes, and the int terms of the count, whose
  /// narrow arithmetic can overflow.
  void findBufferSizes(const clang::CallExpr *Call, const FunctionInfo &F,
                       const clang::FunctionDecl *Caller, Finding &Found,
                       FunctionState &FS);
  void noteBufferSizes(const Finding &Found, FunctionState &FS);
  /// The sizes and offsets computed narrow by the unit's callers of
  /// \p Caller for its buffer parameter that \p BufferArg passes on: their
  /// allocations are what the widened call reads or writes.
  llvm::SmallVector<NarrowSize, 1> callerSizes(const clang::Expr *BufferArg,
                                               const clang::FunctionDecl *Caller);
  /// Where a SizeVariable gets the value that wraps.
  void noteWrappingSize(const NarrowSize &Size, FunctionState &FS);
  /// The narrow arithmetic of \p BufferArg that can wrap at \p Call: the
  /// offsets in the argument, and what the stores into its local object
  /// allocate or offset on a path to the call.
  llvm::SmallVector<NarrowSize, 1>
  wrappingLocalSizes(const clang::CallExpr *Call, const clang::Expr *BufferArg,
                     const clang::FunctionDecl *Caller, FunctionState &FS);
  /// Whether \p Size's arithmetic can overflow where it is computed (at
  /// \p At for an offset in the call's argument), or, handed to an
  /// allocator's int parameter, can leave its range.
  bool sizeOverflows(RangeAnalysis *Ranges, const NarrowSize &Size,
                     const clang::Stmt *At);
  /// An int offset into a buffer of the count \p CountIndex, which is not
  /// reported, that walks the buffer in pieces of the message and can wrap:
  /// `&buf[i * INT_MAX]` in a chunk loop sends the right count from the
  /// wrong address.
  std::optional<Finding> findBufferOffset(const clang::CallExpr *Call,
                                          const FunctionInfo &F,
                                          unsigned CountIndex,
                                          const clang::FunctionDecl *Caller,
                                          FunctionState &FS);
  void noteBufferOffset(const Finding &Found, FunctionState &FS);
  /// What lets the int offset or size variable of a NarrowSize hold a
  /// wrapped value at a point: a running sum there, or arithmetic it is
  /// given that can overflow; neither, when it cannot.
  struct WrapSource {
    const clang::CompoundAssignOperator *Sum = nullptr;
    std::optional<Hazard> Given;
    explicit operator bool() const { return Sum || Given; }
  };
  WrapSource wrapSource(const NarrowSize &Size, const clang::Stmt *At,
                        FunctionState &FS);
  /// Whether an int offset or size variable can hold a wrapped value at
  /// the call.
  bool wrapsAt(const NarrowSize &Size, const clang::CallExpr *Call,
               FunctionState &FS);
  /// The stores into a buffer's object in \p Caller (kept per local).
  llvm::SmallVector<NarrowSize, 1> storesInto(const clang::Expr *BufferArg,
                                              const clang::FunctionDecl *Caller,
                                              FunctionState &FS);
  /// Where and why \p Other, renamed by another call's fix, cannot take a
  /// widened count: its buffer comes from an allocator taking an int.
  std::optional<std::pair<clang::SourceLocation, std::string>>
  allocatorBlock(const clang::CallExpr *Other, const clang::FunctionDecl *Caller,
                 FunctionState &FS);
  std::string narrowAllocatorReason(const NarrowSize &Size);
  /// Why an int local of another function that sizes or offsets the
  /// buffer blocks this call's fix.
  std::string foreignLocalReason(const NarrowSize &Size);
  /// The narrow allocations of a global or member buffer in the unit's
  /// other functions, with the function of each (found once per buffer).
  llvm::ArrayRef<std::pair<NarrowSize, const clang::FunctionDecl *>>
  sharedBufferSizes(const clang::ValueDecl *Shared);
  /// Widens a buffer's size with the count that describes the buffer.
  void planSizeFix(const NarrowSize &Size, TypeMigration &M, FixPlan &Plan);
  /// How the fix spells the type a buffer's size is widened to.
  std::string sizeTypeFor(const NarrowSize &Size);
  std::string overflowPhrase(const Hazard &H) const;
  /// The type of \p Call's parameter \p Index as spelled, when it is an
  /// integer of 64 bits or more; empty otherwise.
  std::string wideParameterType(const clang::CallExpr *Call,
                                unsigned Index) const;
  bool noteNarrowingReturn(const Hazard &H);
  /// Whether \p Sum is a value within \p Target plus a small constant
  /// (`(uint64_t)n + 1` of an int n), under \p C.
  bool addsSmallConstantToFitting(const clang::Expr *Sum,
                                  const Interval &Target, const Constraints &C,
                                  FunctionState &FS);
  std::optional<Finding> findArray(const clang::CallExpr *Call,
                                   const FunctionInfo &F, unsigned Index,
                                   FunctionState &FS);
  /// The stores to the elements of the array \p Arg passes to \p Call that
  /// can reach it: a local array's, or those this function makes to a
  /// member array.
  llvm::SmallVector<FunctionFacts::Write, 4>
  elementWritesOf(const clang::Expr *Arg, const clang::CallExpr *Call,
                  FunctionState &FS);
  /// Leaves out of \p Writes the stores that a later fill loop, before
  /// \p Call, overwrites in every element the call reads.
  void dropRefilled(llvm::SmallVectorImpl<FunctionFacts::Write> &Writes,
                    const clang::CallExpr *Call, const FunctionInfo &F,
                    FunctionState &FS);
  /// Whether the running sum that element store \p W of \p Array makes
  /// (through \p Accumulator, if it sums in one) stays within \p Element
  /// at \p Call: a total of the same terms summed beside it is bounded
  /// there (`tot += counts[i]` then `if (tot > INT_MAX) abort()`), or its
  /// terms are so small that the turns of its loop cannot add up past it.
  bool runningSumFits(const FunctionFacts::Write &W,
                      const clang::VarDecl *Array,
                      const clang::VarDecl *Accumulator,
                      clang::QualType Element, const clang::CallExpr *Call,
                      FunctionState &FS);
  /// How many items the counts \p Counts holds at \p Call add up to, at
  /// most, when they are a histogram: zeroed, then stepped by one per turn
  /// of a counted loop.
  std::optional<WideInt> histogramItems(const clang::VarDecl *Counts,
                                        const clang::CallExpr *Call,
                                        FunctionState &FS);
  /// A std::partial_sum / inclusive_scan / exclusive_scan that stores its
  /// running sums into \p Array, if one does.
  const clang::CallExpr *scanInto(const clang::VarDecl *Array,
                                  FunctionState &FS);
  std::optional<Finding> findMemberArray(const clang::CallExpr *Call,
                                         const FunctionInfo &F, unsigned Index,
                                         FunctionState &FS);
  /// The first of \p Stores, the unit's stores into the member \p Field
  /// (or its elements), that loses a wide value's bits into \p Stored,
  /// each judged in its own function; those of the function whose facts
  /// are \p Judged (already followed to the call) are left out.
  std::optional<Finding>
  findStoreElsewhere(llvm::ArrayRef<PlainStore> Stores,
                     const clang::FieldDecl *Field, clang::QualType Stored,
                     bool MayBeNegative, Finding::WhatType What,
                     unsigned Index, const FunctionFacts *Judged);
  /// The first of \p Stores, the unit's element stores into the member
  /// array \p Field, that stores an int running total of its function (a
  /// displacement array set up in a constructor); those of \p Judged left
  /// out as for findStoreElsewhere.
  std::optional<Finding>
  findRunningSumElsewhere(llvm::ArrayRef<PlainStore> Stores,
                          const clang::FieldDecl *Field, unsigned Index,
                          const FunctionFacts *Judged);
  /// An int running total that element store \p W computes with, widened
  /// only as it is stored into a wide displacement array.
  std::optional<Finding> findWrappedTotal(const FunctionFacts::Write &W,
                                          unsigned Index, FunctionState &FS);
  /// M.sumHoldersOf(V), asked once per variable of the function.
  llvm::ArrayRef<const clang::VarDecl *>
  sumHoldersOf(const clang::VarDecl *V, const TypeMigration &M,
               FunctionState &FS);
  const OutputReads &outputReads(const clang::VarDecl *Out, FunctionState &FS);
  std::optional<Finding> findOutput(const clang::CallExpr *Call,
                                    const FunctionInfo &F, unsigned Index,
                                    FunctionState &FS);
  void rememberLargeType(const clang::CallExpr *Call, const FunctionInfo &F,
                         FunctionState &FS);

  FixPlan planFix(const clang::CallExpr *Call, const FunctionInfo &F,
                  const clang::FunctionDecl *Caller,
                  llvm::ArrayRef<Finding> Findings, FunctionState &FS,
                  std::optional<unsigned> &BlockingFinding);
  void planArgumentFix(const ParamInfo &P, const clang::Expr *Arg,
                       const Hazard &H, TypeMigration &M, FixPlan &Plan);
  void includeMPIX(const clang::CallExpr *Call, FixPlan &Plan);
  /// The parameters of user functions that a fix retyping a variable passed
  /// there widens too (TypeMigration::widensReachingParameters).
  TypeMigration::WidenedByFix reachingParameters();
  /// Blocks \p Plan when it writes MPI's types or names outside the #if
  /// branches that hold \p Call (a build without MPI would not compile).
  void blockEditsOutsideBranches(const clang::CallExpr *Call, FixPlan &Plan);
  /// Blocks a fix editing a macro argument the macro pastes with `##`.
  void blockEditsOfPastedArguments(FixPlan &Plan);
  /// The branches around \p Inside, not around \p Outside, whose condition
  /// decides whether the unit has MPI.
  llvm::SmallVector<const ConditionalRegions::Branch *, 2>
  mpiBranchesOnly(clang::SourceLocation Inside, clang::SourceLocation Outside);
  const llvm::StringSet<> &mpiConditions();
  /// Whether a build that leaves MPI out still compiles \p At: a condition
  /// the unit includes <mpi.h> under does not hold around it.
  bool compiledWithoutMPI(clang::SourceLocation At);
  /// Adds #include <mpi.h> before \p D (a declaration of a function whose
  /// parameter or return becomes MPI_Count) unless its file includes it.
  void includeMPIFor(const clang::FunctionDecl *D, FixPlan &Plan);
  bool declaresLargeForm(const FunctionInfo &F);
  /// The names of the functions the unit declares at file scope (or in an
  /// extern "C" block there), listed by one scan on the first question: a
  /// lookup would build the unit's name table, thousands of header
  /// declarations, for a few names.
  llvm::DenseSet<const clang::IdentifierInfo *> DeclaredFunctions;
  const clang::ASTContext *DeclaredIn = nullptr;
  bool useMPIX() const;
  std::string largeName(const FunctionInfo &F) const;

  void emit(const clang::CallExpr *Call, const FunctionInfo &F,
            const Finding &Found, const FixPlan *Plan, FunctionState &FS);
  /// A note of the warning being emitted (FixDelivery.h).
  clang::DiagnosticBuilder note(clang::SourceLocation Loc,
                                llvm::StringRef Message);
  clang::DiagnosticBuilder describe(const clang::CallExpr *Call,
                                    const FunctionInfo &F,
                                    const Finding &Found);

  const bool WarnOnAllSizeQueries;
  /// StrictTypes, MaxProcesses, WholeProgram and ExternalSends: the model
  /// of a run the ranges assume.
  RunModel Model;
  /// The ExternalSends option as written.
  std::string ExternalSends;
  /// The Ranges option as written (RunModel::Declared).
  std::string Ranges;
  /// In a whole program's two-phase run, a function other files can call
  /// takes what the database's calls pass (docs: "Callers in the database").
  bool CallersInDatabase = true;
  /// And an integer member holds what the database's writes store into it
  /// (docs: "Members in the database").
  bool MembersInDatabase = true;
  void parseExternalSends();
  std::string Target;
  /// The summaries read (Summaries; empty: the driver's, if any).
  std::string SummariesPath;
  std::unique_ptr<CountParameters> Params;
  /// This run writes a summary of its unit (a worker of the first phase).
  bool Summarising = false;
  clang::ASTContext *Context = nullptr;
  bool TUHasMPI4 = false;
  UserCodeScope Scope;
  std::shared_ptr<FunctionAnalyses> Analyses;
  llvm::DenseMap<const clang::FunctionDecl *, FunctionState> States;
  llvm::DenseMap<const clang::FunctionDecl *, const FunctionInfo *>
      ClassicCallees;
  /// A call already in its large-count form (MPI_Send_c, MPIX_Send_x) takes
  /// MPI_Count: only int arithmetic that overflows before the conversion
  /// hurts its counts, as an MPI_Aint displacement's. The row seen so, per
  /// row, built on first use.
  struct LargeFormView {
    FunctionInfo Info;
    llvm::SmallVector<ParamInfo, 8> Params;
  };
  const FunctionInfo &largeFormView(const FunctionInfo &Row);
  llvm::DenseMap<const FunctionInfo *, std::unique_ptr<LargeFormView>>
      LargeViews;
  llvm::DenseMap<const clang::FunctionDecl *, const FunctionInfo *>
      LargeCallees;
  FunctionState NoFunction;
  /// Ranges of expressions outside any function (global initializers).
  std::unique_ptr<RangeAnalysis> FileScopeRanges;
  /// Per member read as a count (and whether negative values matter):
  /// the finding its stores give, or none.
  std::map<std::pair<const clang::FieldDecl *, bool>, std::optional<Finding>>
      MemberVerdicts;
  llvm::DenseMap<const clang::ValueDecl *,
                 llvm::SmallVector<std::pair<NarrowSize, const clang::FunctionDecl *>, 1>>
      SharedSizes;
  llvm::DenseMap<clang::FileID, clang::SourceLocation> MPIIncludes;
  /// Where each #include of a file ends, in order.
  llvm::DenseMap<clang::FileID, llvm::SmallVector<clang::SourceLocation, 4>>
      IncludeEnds;
  llvm::DenseSet<clang::FileID> HasMPIXInclude;
  /// The #if branches the unit was compiled in, and the conditions of those
  /// that hold an #include <mpi.h> (known once a fix asks).
  ConditionalRegions Conditionals;
  MacroArguments Arguments;
  std::optional<llvm::StringSet<>> MPIConditions;
  /// A project file includes <mpi.h> under no condition: every build of
  /// the unit has MPI.
  bool MPIAlways = false;
  /// Each edit shared by several warnings goes with one clang-tidy keeps.
  FixDelivery Delivery;
};

} // namespace mpix

#endif
