//===-- Summaries.h - Function summaries that cross translation units -*- C++ -*-===//
//
// A count is often narrowed in one file and handed to MPI in another: a
// `void exchange(double *b, int n)` wrapper defined in comm.c and called
// with v.size() from solver.cpp. Each translation unit is analysed alone, so
// what a unit learns of its functions is written down as summaries, keyed by
// the functions' USRs, and read by the analysis of every other unit.
//
// A summary says, per parameter of an integer type narrower than MPI_Count,
//  - where it reaches an MPI count unchanged (the MPI call, and its role);
//  - to which parameters of other functions it is passed unchanged, so that
//    chains of wrappers across files are closed when the summaries meet;
//  - the edits that widen it (its type in the definition and each
//    declaration the defining unit sees, the MPI calls renamed to their
//    large-count forms), or why no edit can.
//
// One record per translation unit, with the content hash of every file it
// read: a record whose inputs changed is stale, and is ignored, never
// trusted. This layer knows nothing of clang's AST: the records are built by
// lib/utils/CountParameters and read here, and are plain JSON on disk.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_ANALYSIS_SUMMARIES_H
#define MPIX_TIDY_ANALYSIS_SUMMARIES_H

#include "analysis/Domain.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace mpix {

/// A place in a file on disk (1-based line and column).
struct SourcePoint {
  std::string File;
  unsigned Line = 0, Column = 0;
  bool valid() const { return !File.empty() && Line != 0; }
};

/// One replacement in a file on disk, by byte offset.
struct TextEdit {
  std::string File;
  unsigned Offset = 0, Length = 0;
  std::string Text;
  bool operator<(const TextEdit &O) const {
    return std::tie(File, Offset, Length, Text) <
           std::tie(O.File, O.Offset, O.Length, O.Text);
  }
  bool operator==(const TextEdit &O) const {
    return File == O.File && Offset == O.Offset && Length == O.Length &&
           Text == O.Text;
  }
};

/// Where a parameter's value is handed to MPI as a count.
struct CountUse {
  std::string MPIFunction; ///< as called: "MPI_Send", "MPI_Send_c"
  std::string Noun;        ///< what MPI takes it as: "count", "displacement"
  SourcePoint At;          ///< the argument in the MPI call
  /// For an array of counts or displacements (a pointer parameter handed
  /// to MPI as it is), the MPI argument it is: its callers' elements are
  /// what MPI reads. -1 for a count.
  int Argument = -1;
};

/// A parameter passed on, unchanged, to a parameter of another function.
struct ForwardEdge {
  std::string CalleeUSR;
  unsigned Index = 0;
  SourcePoint At; ///< the argument in that call
};

struct ParameterSummary {
  unsigned Index = 0;
  std::string Name;
  std::vector<CountUse> Uses;
  std::vector<ForwardEdge> Forwards;
  /// What widening this parameter edits in the defining unit's files.
  std::vector<TextEdit> Fix;
  /// Why it cannot be widened automatically (empty: Fix is whole).
  std::string Blocker;
  SourcePoint BlockerAt;
};

/// What an int helper returns, for callers in other units: the value in
/// terms of the parameters when its returns are arithmetic over them
/// (`return nx * ny * nz;`), and where it can overflow or be narrowed.
struct ReturnSummary {
  /// The returned expression as a tree (JSON text, see evaluateReturn);
  /// empty when it is not plain arithmetic over the parameters.
  std::string Tree;
  /// With no tree: the returns overflow 'int' whatever the arguments (a
  /// loop summing counts).
  bool AlwaysOverflows = false;
  /// The operation that overflows, and its text.
  SourcePoint OverflowAt;
  std::string OverflowText;
  /// When that is a return converting a wider value to the helper's type:
  /// the wider type's name (the note says "narrowed", not "overflow").
  std::string NarrowedFrom;
  /// What returning MPI_Count instead edits, or why it cannot be done.
  std::vector<TextEdit> Fix;
  std::string Blocker;
  SourcePoint BlockerAt;
  bool present() const { return !Tree.empty() || AlwaysOverflows; }
};

/// What a function stores through an integer pointer parameter (its
/// output), for callers in other units: `int my_size(MPI_Comm, long *n)`.
struct OutputSummary {
  unsigned Index = 0;
  /// The stored values as a tree (see evaluateReturn): arithmetic over the
  /// parameters, or the range the defining unit bounds them to; empty when
  /// the values are not known (a callback fills the output, then
  /// `*size *= 1 + rank`).
  std::string Tree;
  /// The first int product or shift of a store or update through the
  /// output that can overflow with the parameters unknown, and its text:
  /// the caller's local then holds a wrapped value.
  SourcePoint OverflowAt;
  std::string OverflowText;
};

/// An array parameter (a pointer, or a container by reference) whose
/// elements the function fills with an 'int' running sum (`offsets[i] =
/// offsets[i-1] + sizes[i-1]`): a caller that hands what it filled to MPI
/// as displacements gets a sum that wraps.
struct SummedArray {
  unsigned Index = 0;
  SourcePoint At; ///< the store of the sum
};

/// What a call of the function sends point to point, for the probes of a
/// program whose main is in another unit (ProgramSends.h).
struct SendSummary {
  /// Unset: unknown (a call through a pointer, a virtual call, a send whose
  /// bytes are not bounded, ...).
  bool Known = false;
  /// The most bytes of one message it sends through what it reaches in its
  /// own unit.
  uint64_t Bytes = 0;
  /// The functions of other units it reaches (USRs, sorted): their sends
  /// are its sends too.
  std::vector<std::string> Calls;
};

/// What one function's calls in a unit pass for an integer parameter of a
/// function other units can call: a count parameter of an exported wrapper
/// is an input of the model, unless the database is the whole program and
/// every call of it is in a record (SummaryFile::WholeProgram).
///
/// The writes into an integer member of the program's structures are kept
/// the same way (FunctionAnalyses::recordsStoresOf): USR is the member's,
/// Index 0, the caller is the function that writes, and one write whose
/// value cannot be seen (an update, an address handed out, a raw copy of
/// the structure) leaves the range unset. A member holds the join of the
/// writes of the functions that run.
struct ArgumentRange {
  std::string USR;
  unsigned Index = 0;
  /// The calling function, when the records follow its own calls (a
  /// function other units can call, with an integer parameter): its calls
  /// decide whether it runs at all, and what its parameters hold. Empty
  /// for any other caller (main, a static function, a method), which runs.
  std::string CallerUSR;
  /// The join over the calls; unset when one passes a value the analysis
  /// cannot judge (or sits where no function's ranges reach).
  std::optional<Interval> Range;
  /// Each call's argument as arithmetic over the caller's unchanged
  /// parameters and members (a return tree, see evaluateReturn; several
  /// join), when every call's is: the caller's own callers, and the
  /// program's writes into the members, then bound it.
  std::string Tree;
  /// The call that passes the largest value (or the one that cannot be
  /// judged), and the function it is in: where a note points.
  SourcePoint WidestAt;
  std::string WidestCaller;
  /// For a member: the first of the writer's stores whose int arithmetic
  /// can overflow on the way (`p->len = mp * jb + 1`), and its text. The
  /// member then holds a wrapped value, which its readers in other units
  /// pass on as they read it.
  SourcePoint OverflowAt;
  std::string OverflowText;
  /// For a member: the writer hands the whole structure to these
  /// parameters of functions of other units (USR, index) as raw memory
  /// (`CVodeSetUserData(mem, data)`, a `void *`). Each writes the member
  /// unless its summary says it keeps the pointee
  /// (FunctionSummary::KeptPointees); HandedAt is the first such call.
  std::vector<std::pair<std::string, unsigned>> HandedTo;
  SourcePoint HandedAt;
  /// Nothing but such calls: when their callees keep, the writer writes
  /// nothing.
  bool OnlyHanded = false;
};

/// The same, over every record of a whole program (SummaryIndex).
struct ProgramArgument {
  unsigned Calls = 0; ///< entries of callers that can run
  std::optional<Interval> Range;
  SourcePoint WidestAt;
  std::string WidestCaller;
  /// A member: the first overflowing store of a writer that runs, and the
  /// writer (ArgumentRange::OverflowAt).
  SourcePoint OverflowAt;
  std::string OverflowText, OverflowWriter;
};

struct FunctionSummary {
  std::string USR, Name;
  SourcePoint Definition;
  std::vector<ParameterSummary> Params;
  ReturnSummary Return;
  /// By parameter index; only outputs whose values are bounded or can
  /// overflow.
  std::vector<OutputSummary> Outputs;
  SendSummary Sends;
  /// A call of it never comes back (bodyNeverReturns): an error handler
  /// that ends in MPI_Abort, whose failed checks bound values in callers.
  bool NeverReturns = false;
  /// It changes nothing its callers see (bodyOnlyReads): two calls with
  /// the same arguments return the same value.
  bool OnlyReads = false;
  /// A nonzero result says the datatype passed as this parameter is
  /// predefined (RangeAnalysis::returnsPredefinedTest): `is_basic(type)`,
  /// whose callers' branches then know its size.
  std::optional<unsigned> PredefinedTypeTest;
  std::vector<SummedArray> SummedArrays;
  /// The most elements the std::vector it returns holds
  /// (RangeAnalysis::returnedVectorSize): `std::vector<int> v(nd); ...
  /// return v;` with an int nd, for callers that send its size().
  std::optional<uint64_t> ReturnedSize;
  /// Parameters of type `void *` or `char *` whose pointee the function
  /// never writes nor hands to code that may (PointeeUses::keeps).
  std::vector<unsigned> KeptPointees;
  /// Such parameters kept on conditions: each that a function of another
  /// unit (USR), or every function the program stores into a member
  /// holding a function pointer (ThroughMember: the member's USR), keeps
  /// what the call hands it as argument Arg (PointeeUses::Condition).
  struct KeptIf {
    unsigned Param = 0;
    bool ThroughMember = false;
    std::string USR;
    unsigned Arg = 0;
    bool operator==(const KeptIf &O) const {
      return Param == O.Param && ThroughMember == O.ThroughMember &&
             USR == O.USR && Arg == O.Arg;
    }
  };
  std::vector<KeptIf> KeptPointeesIf;
  const ParameterSummary *param(unsigned Index) const;
};

/// What one translation unit contributes.
struct UnitSummary {
  std::string File;    ///< the main file, absolute
  std::string Command; ///< a hash of the compile command (the driver's)
  /// Every user file the unit read, with its content hash.
  std::vector<std::pair<std::string, std::string>> Inputs;
  std::vector<FunctionSummary> Functions;
  /// Functions the unit calls without defining them: a unit must be
  /// analysed again when one of these gets a summary.
  std::vector<std::string> ExternalCalls;
  /// Functions whose address the unit takes: their signature is part of a
  /// function pointer's type and cannot change alone.
  std::vector<std::string> AddressTaken;
  /// Functions of other units can see that the unit took for its own (no
  /// header declares them) and bounded parameters of by their calls here:
  /// a unit that calls one anyway (with a prototype of its own) makes the
  /// unit analyse them again, with its callers unknown.
  std::vector<std::string> OwnCallsFollowed;
  /// Arguments of calls to functions the unit does not define that are not
  /// constants fitting 'int': (USR, parameter index). Only if such a
  /// parameter reaches an MPI count can its summary change what the unit
  /// reports, so the driver analyses the unit again only then.
  std::vector<std::pair<std::string, unsigned>> CountArguments;
  /// The unit defines main and bounds a probe by the program's sends: its
  /// findings depend on the sends of every function of another unit that
  /// main reaches.
  bool Probes = false;
  /// What the unit's calls pass for the integer parameters of functions
  /// other units can call (its own included), judged with the unit's
  /// ranges alone.
  std::vector<ArgumentRange> Arguments;
  /// Functions other units can call whose parameters' ranges the unit's
  /// analysis asked for, and members whose writes it asked for: what the
  /// records give them matters to what it reports.
  std::vector<std::string> AskedArguments;
  /// The unit defines main.
  bool DefinesMain = false;
  /// The unit did not compile: its calls are not all known.
  bool CompileErrors = false;
  /// The functions the unit stores into members that hold function
  /// pointers (`mem->set_data = arkSetData;`): (member USR, function USR),
  /// the function empty for a store of anything else.
  std::vector<std::pair<std::string, std::string>> MemberFunctions;
  /// Only when it did not compile: the functions the unit declares and the
  /// members of the structures it sees. The parser may have dropped some
  /// of its calls and stores, but it can call or write nothing else, so
  /// the rest of the program keeps callers the records know.
  std::vector<std::string> Unrecorded;
};

/// The summary file: every unit's record.
struct SummaryFile {
  static constexpr int Version = 14;
  std::vector<UnitSummary> Units;
  /// Set by the driver: the file (or slice) comes from a database that is
  /// a whole program. Every unit of it has a record, one defines main, and
  /// each record's arguments were judged with summaries that still hold.
  /// So a function that no unit takes the address of, and that no unit
  /// with compile errors can name, is called only where the records say.
  bool WholeProgram = false;
  /// A slice (SummarySlicer) holds the arguments of some functions only:
  /// these. Unset in the whole file, which holds every record's.
  std::optional<std::vector<std::string>> ArgumentsOf;

  /// Reads \p Path; false with \p Error set when it cannot be read or is
  /// not a summary file of this version.
  bool load(llvm::StringRef Path, std::string &Error);
  bool save(llvm::StringRef Path, std::string &Error) const;
  /// The record of unit \p File, or null.
  const UnitSummary *unit(llvm::StringRef File) const;
  /// Puts \p U in place of the record of the same unit, or adds it.
  void replace(UnitSummary U);
};

/// Cuts a summary file down to what the analysis of one unit can consult.
/// A worker that reads the whole file pays for every unit's records, so over
/// a large database the second phase would grow with the square of its
/// size; the driver, which reads the file once, hands each worker a slice:
///  - the summaries of the functions the unit calls without defining them,
///    and of the functions those forward parameters to, through any number
///    of units;
///  - which of those, and of the unit's own functions, other units take the
///    address of (that blocks their fixes);
///  - which of the functions it took for its own (OwnCallsFollowed) other
///    units call;
///  - for a unit that probes (UnitSummary::Probes), the summaries of every
///    function of another unit its calls and taken addresses reach, through
///    the sends' calls;
///  - what other units' calls pass to the functions whose arguments it
///    asked for (UnitSummary::AskedArguments) and to those it took for its
///    own (OwnCallsFollowed), and what their writes store into the members
///    it asked for or those entries' trees read: the slice answers for
///    those only.
/// Each record in the slice keeps its inputs, so the worker still refuses one
/// whose files changed after the driver looked.
class SummarySlicer {
public:
  explicit SummarySlicer(const SummaryFile &File);
  SummaryFile sliceFor(const UnitSummary &Unit) const;

private:
  const SummaryFile &File;
  /// Per USR, the record and the function of its first summary: the one
  /// SummaryIndex::add keeps.
  llvm::StringMap<std::pair<size_t, size_t>> Definitions;
  /// Per USR, the other records that define it too (alternatives linked
  /// into different programs, mtest_single.c or mtest_thread.c): a probing
  /// unit gets them all, as any may be the one its program runs.
  llvm::StringMap<std::vector<std::pair<size_t, size_t>>> OtherDefinitions;
  /// Per member holding a function pointer: (record, entry) of the units'
  /// stores into it (UnitSummary::MemberFunctions).
  llvm::StringMap<std::vector<std::pair<size_t, size_t>>> FunctionsOfMember;
  /// Per USR, the records of the units that take its address.
  llvm::StringMap<std::vector<size_t>> TakenBy;
  /// Per function or member, the records with compile errors that name it.
  llvm::StringMap<std::vector<size_t>> UnrecordedBy;
  /// Per USR, the records of the units that call it without defining it.
  llvm::StringMap<std::vector<size_t>> CalledBy;
  /// Per USR, the records and entries of what their calls pass to it.
  llvm::StringMap<std::vector<std::pair<size_t, size_t>>> ArgumentsTo;
};

/// The range of a summarised return for arguments in \p Args (none:
/// unknown); \p Overflows is set when an 'int' operation of the tree can
/// leave its type for some of them. None when the tree cannot be read.
std::optional<Interval>
evaluateReturn(const ReturnSummary &R,
               llvm::ArrayRef<std::optional<Interval>> Args, bool &Overflows);
/// The output of \p F through its parameter \p Index when a store or update
/// of it can overflow for arguments in \p Args (a tree over the parameters
/// is judged with them, when they settle it; an output of unknown values
/// overflows whatever they are); null otherwise.
const OutputSummary *
overflowingOutput(const FunctionSummary &F, unsigned Index,
                  llvm::ArrayRef<std::optional<Interval>> Args);
/// What a member leaf `["f", USR]` of a tree holds; none: unknown.
using MemberFn = llvm::function_ref<std::optional<Interval>(llvm::StringRef)>;

/// What an output leaf `["o", USR, index, arg...]` of a tree holds: what
/// function USR stores through its parameter index for arguments in the
/// ranges given (none: unknown, and none at all: any); none: unknown.
using OutputFn = llvm::function_ref<std::optional<Interval>(
    llvm::StringRef, unsigned, llvm::ArrayRef<std::optional<Interval>>)>;

/// A return tree's range, parameter i being \p Param(i), member USR
/// \p Member(USR) and output leaves \p Output's (unknown without them).
std::optional<Interval>
evaluateTree(llvm::StringRef Tree,
             llvm::function_ref<std::optional<Interval>(unsigned)> Param,
             bool &Overflows, std::optional<MemberFn> Member = std::nullopt,
             std::optional<OutputFn> Output = std::nullopt);
/// The leaf `["i", lo, hi]` of a tree: any value in \p R.
std::string intervalLeaf(const Interval &R);
/// Appends the USRs of the member leaves of \p Tree to \p Out.
void membersOfTree(llvm::StringRef Tree, std::vector<std::string> &Out);
/// Appends the USRs of the functions of the output leaves of \p Tree.
void outputsOfTree(llvm::StringRef Tree, std::vector<std::string> &Out);

/// Adds to \p Into what \p From, the record of another compile command of
/// the same file (other -D flags), has that Into lacks: the functions only
/// that variant defines, and what it calls, takes and passes. A database
/// may list a file once per target that builds it.
void mergeVariant(UnitSummary &Into, const UnitSummary &From);

/// One unit's record as JSON text, and back.
std::string unitToJSON(const UnitSummary &U);
bool unitFromJSON(llvm::StringRef Text, UnitSummary &U, std::string &Error);

/// The content hash of a file's text (hex of xxh3-64).
std::string contentHash(llvm::StringRef Text);

/// Content hashes of files on disk, each read once.
class FileHashes {
public:
  /// The hash, or "" when the file cannot be read.
  const std::string &of(llvm::StringRef Path);

private:
  llvm::StringMap<std::string> Cache;
};

/// Whether every input of \p U has the content it had when summarised; the
/// first that changed is named in \p Changed.
bool isFresh(const UnitSummary &U, FileHashes &Hashes, std::string *Changed);

/// What a parameter leads to once chains of wrappers are followed through
/// every unit's summaries.
struct Reach {
  const FunctionSummary *Function = nullptr;
  const ParameterSummary *Param = nullptr;
  /// The MPI uses at the ends of the chains (at least one).
  std::vector<CountUse> Uses;
  /// The edits of every parameter on the way, sorted, without repeats.
  std::vector<TextEdit> Fix;
  std::string Blocker;
  SourcePoint BlockerAt;
};

/// The fresh records of a summary file, indexed by USR, with wrapper chains
/// closed.
class SummaryIndex {
public:
  /// Indexes \p File's fresh records; stale ones are listed in Stale.
  void add(const SummaryFile &File, FileHashes &Hashes);
  /// Indexes every record of \p File, whose freshness the caller has
  /// checked (the driver, once its first phase has replaced the stale ones).
  void addFresh(const SummaryFile &File);
  /// Adds summaries of the unit being analysed (fresh by definition); they
  /// replace the file's for the same USRs.
  void addLocal(const FunctionSummary &F);
  void addAddressTaken(llvm::StringRef USR) {
    if (AddressTaken.insert(USR).second)
      Reaches.clear(); // their blockers may change
  }
  bool addressTaken(llvm::StringRef USR) const { return AddressTaken.contains(USR); }
  /// Whether a record calls \p USR without defining it, or takes its
  /// address: the function has callers outside the unit that defines it.
  bool calledElsewhere(llvm::StringRef USR) const {
    return AddressTaken.contains(USR) || CalledWithoutDefinition.contains(USR);
  }

  const FunctionSummary *function(llvm::StringRef USR) const;
  /// Whether every summarised definition of \p USR keeps the pointee of
  /// its parameter \p Index (FunctionSummary::KeptPointees), or keeps it
  /// on conditions that hold (KeptPointeesIf): a member's functions are
  /// known in a whole program only.
  bool keepsPointee(llvm::StringRef USR, unsigned Index) const;
  /// Where parameter \p Index of \p USR reaches MPI, following its
  /// forwards; null when it reaches no MPI count.
  const Reach *reach(llvm::StringRef USR, unsigned Index);
  bool empty() const { return Functions.empty(); }
  /// What the records' calls pass for parameter \p Index of \p USR, when
  /// the records are a whole program's and no unit takes its address;
  /// none otherwise. Calls from functions that never run (no record calls
  /// them, through any number of such functions) do not count; an argument
  /// that is arithmetic over its caller's parameters is bounded by what the
  /// caller's own callers pass, through any number of callers (a cycle
  /// gives up).
  std::optional<ProgramArgument> programArgument(llvm::StringRef USR,
                                                 unsigned Index) const;
  /// What function \p USR stores through its parameter \p Index when its
  /// arguments are in \p Args (none: unknown), by its summary: the members
  /// its tree reads hold what the program stores (programArgument), and
  /// the outputs of the functions it calls are found the same way. A
  /// recursion through outputs is solved as a fixpoint, for any arguments.
  std::optional<Interval>
  outputOf(llvm::StringRef USR, unsigned Index,
           llvm::ArrayRef<std::optional<Interval>> Args) const;
  /// The most bytes one point-to-point message of a call of \p USR sends,
  /// closing the functions of other units it reaches; none when a record
  /// on the way is missing, stale or unknown. A function several units
  /// define sends what any of them does.
  std::optional<WideInt> sends(llvm::StringRef USR) const;

  /// Stale records skipped by add(): the unit, and the file that changed.
  std::vector<std::pair<std::string, std::string>> Stale;

private:
  void addRecord(const UnitSummary &U);
  void addArgumentsOf(const SummaryFile &File);
  bool close(const std::string &Key, Reach &R, std::vector<std::string> &Path);
  bool keepsPointee(llvm::StringRef USR, unsigned Index,
                    std::vector<std::pair<std::string, unsigned>> &Path) const;
  bool conditionHolds(const FunctionSummary::KeptIf &If,
                      std::vector<std::pair<std::string, unsigned>> &Path) const;
  /// Per member holding a function pointer, the functions stored into it
  /// (UnitSummary::MemberFunctions; empty: something else).
  llvm::StringMap<std::vector<std::string>> MemberFunctions;
  llvm::StringMap<const FunctionSummary *> Functions;
  /// Every definition of other units beyond the first, for sends().
  llvm::StringMap<std::vector<const FunctionSummary *>> OtherDefinitions;
  std::vector<std::unique_ptr<FunctionSummary>> Owned;
  llvm::StringSet<> AddressTaken;
  llvm::StringSet<> CalledWithoutDefinition;
  /// What units with compile errors can name (UnitSummary::Unrecorded):
  /// their calls and stores of these may be missing from the records.
  llvm::StringSet<> Unrecorded;
  /// Per USR and parameter, the records' arguments.
  std::map<std::pair<std::string, unsigned>, std::vector<const ArgumentRange *>>
      Arguments;
  /// The functions whose calls run (liveCallers), once computed.
  mutable std::optional<llvm::StringSet<>> Live;
  bool runs(llvm::StringRef CallerUSR) const;
  /// A function called, or a member written, where no record shows it:
  /// through a pointer, or by a unit that did not compile.
  bool usedOutOfSight(llvm::StringRef USR) const;
  std::optional<Interval>
  outputOf(llvm::StringRef USR, unsigned Index,
           llvm::ArrayRef<std::optional<Interval>> Args,
           std::vector<std::pair<std::string, unsigned>> &Path) const;
  /// \p Tree's range with parameter i \p Param(i), members holding what
  /// the program's writes store and output leaves what their functions
  /// store; a value a fixpoint has not reached yet stays so.
  std::optional<Interval> evaluateInProgram(
      llvm::StringRef Tree,
      llvm::function_ref<std::optional<Interval>(unsigned)> Param,
      bool &Overflows,
      std::vector<std::pair<std::string, unsigned>> &Path) const;
  /// The outputs whose value a fixpoint is finding (see outputOf), with
  /// the value of its current round and whether it was asked for again.
  struct OutputInProgress {
    std::optional<Interval> Value;
    bool Recursive = false;
  };
  mutable std::map<std::string, OutputInProgress> OutputsInProgress;
  mutable unsigned OutputEvaluations = 0;
  std::optional<ProgramArgument>
  resolveArgument(llvm::StringRef USR, unsigned Index,
                  std::vector<std::pair<std::string, unsigned>> &Path) const;
  bool WholeProgram = false;
  /// The functions whose arguments the records added hold (unset: all).
  std::optional<llvm::StringSet<>> ArgumentsOf;
  std::map<std::string, std::unique_ptr<Reach>> Reaches;
};

} // namespace mpix

#endif
