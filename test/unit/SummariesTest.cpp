//===-- SummariesTest.cpp - Function summaries across units ----------------===//
//
// The summaries layer alone (analysis/Summaries.h): records written and read
// back, staleness by content hash, wrapper chains closed across units, and
// return trees evaluated for given arguments.
//
//===----------------------------------------------------------------------===//

#include "analysis/Summaries.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"
#include <algorithm>

using namespace mpix;

namespace {

/// A scratch directory, removed at the end of the test.
struct ScratchDir {
  llvm::SmallString<128> Path;
  ScratchDir() { llvm::sys::fs::createUniqueDirectory("mpix-summaries", Path); }
  ~ScratchDir() { llvm::sys::fs::remove_directories(Path); }
  std::string file(llvm::StringRef Name, llvm::StringRef Text) const {
    llvm::SmallString<128> F(Path);
    llvm::sys::path::append(F, Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(F, EC);
    OS << Text;
    return std::string(F);
  }
};

ParameterSummary countParam(unsigned Index, llvm::StringRef MPI) {
  ParameterSummary P;
  P.Index = Index;
  P.Name = "n";
  P.Uses.push_back({MPI.str(), "count", {"/src/comm.c", 5, 29}});
  P.Fix.push_back({"/src/comm.c", 40, 3, "MPI_Count"});
  return P;
}

FunctionSummary function(llvm::StringRef USR, llvm::StringRef Name) {
  FunctionSummary F;
  F.USR = USR.str();
  F.Name = Name.str();
  F.Definition = {"/src/" + Name.str() + ".c", 1, 6};
  return F;
}

TEST(Summaries, RecordsRoundTripThroughTheFile) {
  ScratchDir Dir;
  UnitSummary U;
  U.File = "/src/comm.c";
  U.Command = "abc";
  U.Inputs = {{"/src/comm.c", "0123"}};
  FunctionSummary F = function("c:@F@exchange", "exchange");
  F.Params.push_back(countParam(1, "MPI_Send"));
  F.Params.back().Forwards.push_back({"c:@F@post", 0, {"/src/comm.c", 6, 9}});
  F.Return.Tree = R"(["*",32,true,["p",0],["c","8"]])";
  F.Return.OverflowAt = {"/src/comm.c", 9, 10};
  F.Return.OverflowText = "n * 8";
  F.Return.NarrowedFrom = "unsigned long";
  F.Return.Blocker = "'exchange' is virtual";
  F.Return.BlockerAt = {"/src/comm.c", 1, 1};
  U.Functions.push_back(F);
  U.ExternalCalls = {"c:@F@post"};
  U.AddressTaken = {"c:@F@cb"};
  U.CountArguments = {{"c:@F@post", 1}};
  U.Probes = true;
  FunctionSummary Sender = function("c:@F@init", "init");
  Sender.Sends.Known = true;
  Sender.Sends.Bytes = 4000000000u; // more than 32 bits
  Sender.Sends.Calls = {"c:@F@log"};
  U.Functions.push_back(Sender);

  SummaryFile Out;
  Out.Units.push_back(U);
  std::string Error, Path = Dir.file("s.json", "");
  ASSERT_TRUE(Out.save(Path, Error)) << Error;
  SummaryFile In;
  ASSERT_TRUE(In.load(Path, Error)) << Error;
  ASSERT_EQ(In.Units.size(), 1u);
  EXPECT_EQ(unitToJSON(In.Units[0]), unitToJSON(U));
  const FunctionSummary &G = In.Units[0].Functions[0];
  EXPECT_EQ(G.Params[0].Uses[0].MPIFunction, "MPI_Send");
  EXPECT_EQ(G.Params[0].Forwards[0].CalleeUSR, "c:@F@post");
  EXPECT_EQ(G.Return.Blocker, "'exchange' is virtual");
  EXPECT_EQ(G.Return.NarrowedFrom, "unsigned long");
  EXPECT_EQ(In.Units[0].AddressTaken, std::vector<std::string>{"c:@F@cb"});
  ASSERT_EQ(In.Units[0].CountArguments.size(), 1u);
  EXPECT_EQ(In.Units[0].CountArguments[0].first, "c:@F@post");
  EXPECT_EQ(In.Units[0].CountArguments[0].second, 1u);
  EXPECT_TRUE(In.Units[0].Probes);
  EXPECT_FALSE(G.Sends.Known); // unknown: no "sends" written
  const FunctionSummary &H = In.Units[0].Functions[1];
  EXPECT_TRUE(H.Sends.Known);
  EXPECT_EQ(H.Sends.Bytes, 4000000000u);
  EXPECT_EQ(H.Sends.Calls, std::vector<std::string>{"c:@F@log"});
}

TEST(Summaries, SendsAreClosedOverTheFunctionsOfOtherUnits) {
  // init sends 8 bytes and reaches log (16) and trace; trace reaches log
  // back. bad's sends are unknown; lost reaches a function with no record.
  auto sends = [](llvm::StringRef USR, uint64_t Bytes,
                  std::vector<std::string> Calls) {
    FunctionSummary F = function(USR, USR.drop_front(4));
    F.Sends.Known = true;
    F.Sends.Bytes = Bytes;
    F.Sends.Calls = std::move(Calls);
    return F;
  };
  UnitSummary U;
  U.File = "/src/lib.c";
  U.Functions = {sends("c:@F@init", 8, {"c:@F@log", "c:@F@trace"}),
                 sends("c:@F@log", 16, {}),
                 sends("c:@F@trace", 0, {"c:@F@log", "c:@F@trace"}),
                 function("c:@F@bad", "bad"),
                 sends("c:@F@calls_bad", 0, {"c:@F@bad"}),
                 sends("c:@F@lost", 0, {"c:@F@nowhere"})};
  SummaryFile File;
  File.Units.push_back(U);
  SummaryIndex Index;
  Index.addFresh(File);
  EXPECT_EQ(Index.sends("c:@F@init"), std::optional<WideInt>(16));
  EXPECT_EQ(Index.sends("c:@F@trace"), std::optional<WideInt>(16));
  EXPECT_EQ(Index.sends("c:@F@bad"), std::nullopt);
  EXPECT_EQ(Index.sends("c:@F@calls_bad"), std::nullopt);
  EXPECT_EQ(Index.sends("c:@F@lost"), std::nullopt);
  EXPECT_EQ(Index.sends("c:@F@nowhere"), std::nullopt);

  // A unit that probes gets every record its calls' sends reach; another
  // unit calling init gets init's alone.
  UnitSummary Main;
  Main.File = "/src/main.c";
  Main.ExternalCalls = {"c:@F@init"};
  Main.Probes = true;
  File.Units.push_back(Main);
  SummarySlicer Slicer(File);
  SummaryFile Slice = Slicer.sliceFor(File.Units.back());
  ASSERT_EQ(Slice.Units.size(), 1u);
  std::vector<std::string> USRs;
  for (const FunctionSummary &F : Slice.Units[0].Functions)
    USRs.push_back(F.USR);
  std::sort(USRs.begin(), USRs.end());
  EXPECT_EQ(USRs, (std::vector<std::string>{"c:@F@init", "c:@F@log",
                                            "c:@F@trace"}));

  // Another unit defines log too (an alternative linked into some
  // programs): it sends what either does, and a probing unit gets both.
  UnitSummary Alt;
  Alt.File = "/src/alt.c";
  Alt.Functions = {sends("c:@F@log", 32, {})};
  File.Units.insert(File.Units.begin() + 1, Alt);
  SummaryIndex Both;
  Both.addFresh(File);
  EXPECT_EQ(Both.sends("c:@F@init"), std::optional<WideInt>(32));
  Alt.Functions[0].Sends.Known = false;
  File.Units[1] = Alt;
  SummaryIndex Unknown;
  Unknown.addFresh(File);
  EXPECT_EQ(Unknown.sends("c:@F@init"), std::nullopt);
  SummarySlicer WithAlt(File);
  Slice = WithAlt.sliceFor(File.Units.back());
  ASSERT_EQ(Slice.Units.size(), 2u);
  EXPECT_EQ(Slice.Units[1].File, "/src/alt.c");
  File.Units.erase(File.Units.begin() + 1);

  File.Units.back().Probes = false;
  SummarySlicer Plain(File);
  Slice = Plain.sliceFor(File.Units.back());
  ASSERT_EQ(Slice.Units.size(), 1u);
  ASSERT_EQ(Slice.Units[0].Functions.size(), 1u);
  EXPECT_EQ(Slice.Units[0].Functions[0].USR, "c:@F@init");
}

TEST(Summaries, OtherFilesAreRejectedWithAReason) {
  ScratchDir Dir;
  std::string Error;
  SummaryFile F;
  EXPECT_FALSE(F.load(Dir.file("a.json", "{\"format\": \"other\"}"), Error));
  EXPECT_NE(Error.find("not an mpix-tidy summary file"), std::string::npos);
  EXPECT_FALSE(F.load(Dir.file("b.json", "not json"), Error));
  EXPECT_NE(Error.find("is not JSON"), std::string::npos);
  EXPECT_FALSE(F.load(Dir.file("c.json",
                               R"({"format": "mpix-tidy-summaries", "version": )" +
                                   std::to_string(SummaryFile::Version) +
                                   R"(, "units": [{"file": "a.c"}]})"),
                      Error));
  EXPECT_NE(Error.find("no file or command"), std::string::npos);
  EXPECT_FALSE(F.load(Dir.file("missing/d.json", ""), Error));
}

TEST(Summaries, VariantsOfOneFileKeepEveryFunction) {
  // One file, two commands (-DWITH_CELLS, -DWITH_HALO): each defines a
  // function the other lacks, and both define `shared`.
  UnitSummary Cells, Halo;
  Cells.Functions = {function("c:@F@cells", "cells"),
                     function("c:@F@shared", "shared")};
  Cells.ExternalCalls = {"c:@F@log"};
  Halo.Functions = {function("c:@F@halo", "halo"),
                    function("c:@F@shared", "shared")};
  Halo.ExternalCalls = {"c:@F@log", "c:@F@exchange"};
  Halo.DefinesMain = true;
  mergeVariant(Cells, Halo);
  std::vector<std::string> USRs;
  for (const FunctionSummary &F : Cells.Functions)
    USRs.push_back(F.USR);
  EXPECT_EQ(USRs, (std::vector<std::string>{"c:@F@cells", "c:@F@shared",
                                            "c:@F@halo"}));
  EXPECT_EQ(Cells.ExternalCalls,
            (std::vector<std::string>{"c:@F@log", "c:@F@exchange"}));
  EXPECT_TRUE(Cells.DefinesMain);
}

TEST(Summaries, ARecordIsStaleOnceAnInputChanges) {
  ScratchDir Dir;
  std::string Src = Dir.file("comm.c", "int x;\n");
  UnitSummary U;
  U.File = Src;
  U.Inputs = {{Src, contentHash("int x;\n")}};
  FileHashes Before;
  EXPECT_TRUE(isFresh(U, Before, nullptr));
  Dir.file("comm.c", "int y;\n");
  FileHashes After; // a new process reads the file again
  std::string Changed;
  EXPECT_FALSE(isFresh(U, After, &Changed));
  EXPECT_EQ(Changed, Src);

  // The index skips it and says so.
  SummaryFile File;
  U.Functions.push_back(function("c:@F@f", "f"));
  File.Units.push_back(U);
  SummaryIndex Index;
  Index.add(File, After);
  EXPECT_EQ(Index.function("c:@F@f"), nullptr);
  ASSERT_EQ(Index.Stale.size(), 1u);
  EXPECT_EQ(Index.Stale[0].second, Src);
}

TEST(Summaries, ChainsOfWrappersAreClosedAcrossUnits) {
  // relay(n) -> exchange(n) -> MPI_Send, each in its own unit; loop(n)
  // calls itself and relay.
  FunctionSummary Exchange = function("c:@F@exchange", "exchange");
  Exchange.Params.push_back(countParam(0, "MPI_Send"));
  FunctionSummary Relay = function("c:@F@relay", "relay");
  ParameterSummary R;
  R.Index = 1;
  R.Name = "n";
  R.Forwards.push_back({"c:@F@exchange", 0, {"/src/relay.c", 2, 3}});
  R.Fix.push_back({"/src/relay.c", 10, 3, "MPI_Count"});
  Relay.Params.push_back(R);
  FunctionSummary Loop = function("c:@F@loop", "loop");
  ParameterSummary L;
  L.Index = 0;
  L.Forwards = {{"c:@F@loop", 0, {}}, {"c:@F@relay", 1, {}}};
  Loop.Params.push_back(L);
  FunctionSummary Nowhere = function("c:@F@nowhere", "nowhere");
  ParameterSummary N;
  N.Forwards = {{"c:@F@undefined", 0, {}}};
  Nowhere.Params.push_back(N);

  SummaryIndex Index;
  for (const FunctionSummary &F : {Exchange, Relay, Loop, Nowhere})
    Index.addLocal(F);
  const Reach *Through = Index.reach("c:@F@relay", 1);
  ASSERT_NE(Through, nullptr);
  ASSERT_EQ(Through->Uses.size(), 1u);
  EXPECT_EQ(Through->Uses[0].MPIFunction, "MPI_Send");
  // Both parameters' edits, in file order.
  ASSERT_EQ(Through->Fix.size(), 2u);
  EXPECT_EQ(Through->Fix[0].File, "/src/comm.c");
  EXPECT_EQ(Through->Fix[1].File, "/src/relay.c");
  EXPECT_TRUE(Through->Blocker.empty());
  // Recursion adds nothing and ends.
  const Reach *Looping = Index.reach("c:@F@loop", 0);
  ASSERT_NE(Looping, nullptr);
  EXPECT_EQ(Looping->Uses.size(), 1u);
  // A chain into a function no unit summarised reaches nothing.
  EXPECT_EQ(Index.reach("c:@F@nowhere", 0), nullptr);
  EXPECT_EQ(Index.reach("c:@F@relay", 0), nullptr);

  // A function pointer to any function on the way blocks the fix.
  Index.addAddressTaken("c:@F@exchange");
  const Reach *Blocked = Index.reach("c:@F@relay", 1);
  ASSERT_NE(Blocked, nullptr);
  EXPECT_NE(Blocked->Blocker.find("the address of 'exchange' is taken"),
            std::string::npos);
}

TEST(Summaries, ReturnTreesAreEvaluatedForTheArguments) {
  ReturnSummary Cells;
  Cells.Tree = R"(["*",32,true,["*",32,true,["p",0],["p",1]],["p",2]])";
  bool Overflows = false;
  std::optional<Interval> Small = evaluateReturn(
      Cells, {Interval::exact(2), Interval::exact(3), Interval::exact(4)},
      Overflows);
  ASSERT_TRUE(Small);
  EXPECT_EQ(Small->Lo, 24);
  EXPECT_FALSE(Overflows);
  evaluateReturn(Cells,
                 {Interval{0, 2000}, Interval{0, 2000}, Interval{0, 2000}},
                 Overflows);
  EXPECT_TRUE(Overflows);
  // An unknown argument: the range is unknown, and nothing is claimed.
  EXPECT_FALSE(evaluateReturn(Cells, {std::nullopt, Interval::exact(1),
                                      Interval::exact(1)},
                              Overflows));
  EXPECT_FALSE(Overflows);

  // Widened first: computed in 64 bits, no overflow.
  ReturnSummary Wide;
  Wide.Tree = R"(["*",64,true,["*",64,true,["w",["p",0]],["w",["p",1]]],["w",["p",2]]])";
  evaluateReturn(Wide, {Interval{0, 2000}, Interval{0, 2000}, Interval{0, 2000}},
                 Overflows);
  EXPECT_FALSE(Overflows);

  // The smaller of any size_t and `n - 1`; the larger of the two is any.
  ReturnSummary End;
  End.Tree = R"(["min",["i","0","18446744073709551615"],)"
             R"(["-",64,false,["p",0],["c","1"]]])";
  std::optional<Interval> Ends = evaluateReturn(End, {Interval{1, 100}}, Overflows);
  ASSERT_TRUE(Ends);
  EXPECT_EQ(Ends->Lo, 0);
  EXPECT_EQ(Ends->Hi, 99);
  End.Tree.replace(2, 3, "max");
  Ends = evaluateReturn(End, {Interval{1, 100}}, Overflows);
  ASSERT_TRUE(Ends);
  EXPECT_EQ(Ends->Hi, (WideInt(1) << 64) - 1);
  // An unsigned difference below zero for some arguments is judged by the
  // others; below zero for all, it wraps.
  ReturnSummary Rest;
  Rest.Tree = R"(["-",64,false,["p",0],["p",1]])";
  Ends = evaluateReturn(Rest, {Interval{0, 100}, Interval{0, 1000}}, Overflows);
  ASSERT_TRUE(Ends);
  EXPECT_EQ(Ends->Lo, 0);
  EXPECT_EQ(Ends->Hi, 100);
  Ends = evaluateReturn(Rest, {Interval{0, 100}, Interval{200, 1000}}, Overflows);
  ASSERT_TRUE(Ends);
  EXPECT_EQ(Ends->Hi, (WideInt(1) << 64) - 1);

  // A sum over a loop overflows whatever the arguments; a bad tree is none.
  ReturnSummary Sum;
  Sum.AlwaysOverflows = true;
  EXPECT_FALSE(evaluateReturn(Sum, {}, Overflows));
  EXPECT_TRUE(Overflows);
  ReturnSummary Bad;
  Bad.Tree = R"(["/",32,true,["p",0],["c","2"]])";
  EXPECT_FALSE(evaluateReturn(Bad, {Interval::exact(4)}, Overflows));
}


TEST(Summaries, AWorkerGetsOnlyTheRecordsItsUnitCanConsult) {
  // main.c calls relay (relay.c), which forwards to exchange (comm.c);
  // other.c holds an unrelated function and takes the address of main.c's
  // own `local` and of exchange.
  FunctionSummary Exchange = function("c:@F@exchange", "exchange");
  Exchange.Params.push_back(countParam(0, "MPI_Send"));
  FunctionSummary Relay = function("c:@F@relay", "relay");
  ParameterSummary R;
  R.Index = 0;
  R.Forwards.push_back({"c:@F@exchange", 0, {}});
  Relay.Params.push_back(R);
  FunctionSummary Local = function("c:@F@local", "local");
  FunctionSummary Unrelated = function("c:@F@unrelated", "unrelated");
  Unrelated.Params.push_back(countParam(0, "MPI_Recv"));

  auto unit = [](llvm::StringRef File, std::vector<FunctionSummary> Fs) {
    UnitSummary U;
    U.File = File.str();
    U.Command = "cmd";
    U.Inputs = {{File.str(), "hash-of-" + File.str()}};
    U.Functions = std::move(Fs);
    return U;
  };
  SummaryFile File;
  File.Units.push_back(unit("/src/comm.c", {Exchange}));
  File.Units.push_back(unit("/src/other.c", {Unrelated}));
  File.Units.back().AddressTaken = {"c:@F@local", "c:@F@exchange", "c:@F@cb"};
  File.Units.push_back(unit("/src/relay.c", {Relay}));
  File.Units.push_back(unit("/src/main.c", {Local}));
  File.Units.back().ExternalCalls = {"c:@F@relay", "c:@F@printf"};

  // The driver asks its questions of the records as they are, without
  // hashing their inputs again: chains are followed there too.
  SummaryIndex Trusted;
  Trusted.addFresh(File);
  EXPECT_TRUE(Trusted.reach("c:@F@relay", 0));
  EXPECT_FALSE(Trusted.reach("c:@F@relay", 1));
  EXPECT_FALSE(Trusted.reach("c:@F@local", 0));
  EXPECT_FALSE(Trusted.reach("c:@F@printf", 0));
  EXPECT_TRUE(Trusted.Stale.empty());

  SummarySlicer Slicer(File);
  SummaryFile Slice = Slicer.sliceFor(File.Units.back());
  // In the file's order; main.c's own record is not in it.
  ASSERT_EQ(Slice.Units.size(), 3u);
  EXPECT_EQ(Slice.Units[0].File, "/src/comm.c");
  EXPECT_EQ(Slice.Units[1].File, "/src/other.c");
  EXPECT_EQ(Slice.Units[2].File, "/src/relay.c");
  ASSERT_EQ(Slice.Units[0].Functions.size(), 1u);
  EXPECT_EQ(Slice.Units[0].Functions[0].USR, "c:@F@exchange");
  // other.c contributes the addresses it takes that matter, not its
  // function.
  EXPECT_TRUE(Slice.Units[1].Functions.empty());
  std::vector<std::string> Taken = Slice.Units[1].AddressTaken;
  std::sort(Taken.begin(), Taken.end());
  EXPECT_EQ(Taken, (std::vector<std::string>{"c:@F@exchange", "c:@F@local"}));
  // Inputs stay, so a worker still checks freshness.
  EXPECT_EQ(Slice.Units[2].Inputs, File.Units[2].Inputs);

  // The chain is closed in the slice as in the whole file, blocker included.
  SummaryIndex Whole, Sliced;
  FileHashes Hashes;
  Whole.add(File, Hashes);
  Sliced.add(Slice, Hashes);
  ASSERT_EQ(Whole.Stale.size(), 4u); // the inputs are not on disk
  EXPECT_EQ(Sliced.Stale.size(), 3u);
  for (UnitSummary &U : File.Units)
    U.Inputs.clear();
  for (UnitSummary &U : Slice.Units)
    U.Inputs.clear();
  SummaryIndex FreshWhole, FreshSliced;
  FreshWhole.add(File, Hashes);
  FreshSliced.add(Slice, Hashes);
  const Reach *A = FreshWhole.reach("c:@F@relay", 0);
  const Reach *B = FreshSliced.reach("c:@F@relay", 0);
  ASSERT_NE(A, nullptr);
  ASSERT_NE(B, nullptr);
  EXPECT_EQ(A->Uses.size(), B->Uses.size());
  EXPECT_EQ(A->Blocker, B->Blocker);
  EXPECT_NE(B->Blocker.find("the address of 'exchange' is taken"),
            std::string::npos);
  EXPECT_TRUE(FreshSliced.addressTaken("c:@F@local"));
  EXPECT_FALSE(FreshSliced.addressTaken("c:@F@cb"));
  EXPECT_EQ(FreshSliced.function("c:@F@unrelated"), nullptr);
}

} // namespace

/// A record of unit \p File whose calls pass \p Range (unset: a value that
/// cannot be judged) for parameter 1 of send_count.
static UnitSummary callerPassing(llvm::StringRef File,
                                 std::optional<Interval> Range) {
  UnitSummary U;
  U.File = File.str();
  U.Command = "c";
  ArgumentRange A;
  A.USR = "c:@F@send_count";
  A.Index = 1;
  A.Range = Range;
  A.WidestAt = {File.str(), 12, 3};
  A.WidestCaller = "main";
  U.Arguments.push_back(A);
  return U;
}

TEST(Summaries, AWholeProgramsCallsBoundAnExportedParameter) {
  SummaryFile File;
  File.Units.push_back(callerPassing("/src/main.c", Interval{1, 100}));
  File.Units.push_back(callerPassing("/src/tool.c", Interval{-4, 512}));
  File.Units.back().Arguments[0].WidestCaller = "run";

  // Not a whole program (a library, a unit missing): the records say
  // nothing.
  SummaryIndex NotWhole;
  NotWhole.addFresh(File);
  EXPECT_FALSE(NotWhole.programArgument("c:@F@send_count", 1));

  File.WholeProgram = true;
  SummaryIndex Whole;
  Whole.addFresh(File);
  std::optional<ProgramArgument> A = Whole.programArgument("c:@F@send_count", 1);
  ASSERT_TRUE(A && A->Range);
  EXPECT_EQ(A->Calls, 2u);
  EXPECT_TRUE(A->Range->Lo == -4 && A->Range->Hi == 512);
  EXPECT_EQ(A->WidestCaller, "run");
  // A parameter no record passes anything to: no call in another unit.
  std::optional<ProgramArgument> None = Whole.programArgument("c:@F@send_count", 0);
  ASSERT_TRUE(None);
  EXPECT_EQ(None->Calls, 0u);

  // One call that cannot be judged makes it unbounded, and is named.
  File.Units.push_back(callerPassing("/src/io.c", std::nullopt));
  SummaryIndex Unjudged;
  Unjudged.addFresh(File);
  A = Unjudged.programArgument("c:@F@send_count", 1);
  ASSERT_TRUE(A);
  EXPECT_FALSE(A->Range);
  EXPECT_EQ(A->WidestAt.File, "/src/io.c");

  // A unit that takes its address: any call through the pointer.
  File.Units.pop_back();
  File.Units.back().AddressTaken.push_back("c:@F@send_count");
  SummaryIndex Taken;
  Taken.addFresh(File);
  EXPECT_FALSE(Taken.programArgument("c:@F@send_count", 1));
}

TEST(Summaries, ASliceAnswersOnlyForTheArgumentsItHolds) {
  SummaryFile File;
  File.WholeProgram = true;
  File.Units.push_back(callerPassing("/src/main.c", Interval{1, 100}));
  UnitSummary Wrap;
  Wrap.File = "/src/wrap.c";
  Wrap.Command = "w";
  File.Units.push_back(Wrap);
  SummarySlicer Slicer(File);

  // wrap.c asked nothing when summarised: its slice cannot say that
  // send_count has no callers.
  SummaryFile Slice = Slicer.sliceFor(Wrap);
  SummaryIndex Without;
  Without.addFresh(Slice);
  EXPECT_FALSE(Without.programArgument("c:@F@send_count", 1));

  // Asked (or followed as its own): main.c's calls are in the slice, which
  // survives the file.
  Wrap.AskedArguments.push_back("c:@F@send_count");
  Slice = Slicer.sliceFor(Wrap);
  ScratchDir Dir;
  std::string Path = Dir.file("slice.json", ""), Error;
  ASSERT_TRUE(Slice.save(Path, Error)) << Error;
  SummaryFile Read;
  ASSERT_TRUE(Read.load(Path, Error)) << Error;
  ASSERT_TRUE(Read.ArgumentsOf && Read.WholeProgram);
  ASSERT_EQ(Read.Units.size(), 1u);
  ASSERT_EQ(Read.Units[0].Arguments.size(), 1u);
  EXPECT_EQ(Read.Units[0].Arguments[0].WidestAt.Line, 12u);
  SummaryIndex With;
  With.addFresh(Read);
  std::optional<ProgramArgument> A = With.programArgument("c:@F@send_count", 1);
  ASSERT_TRUE(A && A->Range);
  EXPECT_TRUE(A->Range->Lo == 1 && A->Range->Hi == 100);
}

TEST(Summaries, CallersBoundThroughChainsAndDeadCallersDoNotCount) {
  // main passes 1000 to solve's parameter 0; solve passes 2 * it to
  // send_count; old_driver, which no one calls, passes anything.
  SummaryFile File;
  File.WholeProgram = true;
  UnitSummary Main = callerPassing("/src/main.c", Interval{1000, 1000});
  Main.Arguments[0].USR = "c:@F@solve";
  Main.Arguments[0].Index = 0;
  File.Units.push_back(Main);
  UnitSummary Solver;
  Solver.File = "/src/solver.c";
  ArgumentRange FromSolve;
  FromSolve.USR = "c:@F@send_count";
  FromSolve.Index = 1;
  FromSolve.CallerUSR = "c:@F@solve";
  FromSolve.Range = Interval{INT32_MIN * 2LL, INT32_MAX * 2LL};
  FromSolve.Tree = R"(["*",64,true,["c","2"],["p",0]])";
  FromSolve.WidestCaller = "solve";
  ArgumentRange FromOld = FromSolve;
  FromOld.CallerUSR = "c:@F@old_driver";
  FromOld.Range.reset();
  FromOld.Tree.clear();
  Solver.Arguments = {FromSolve, FromOld};
  File.Units.push_back(Solver);

  SummaryIndex Index;
  Index.addFresh(File);
  std::optional<ProgramArgument> A = Index.programArgument("c:@F@send_count", 1);
  ASSERT_TRUE(A && A->Range);
  EXPECT_EQ(A->Calls, 1u);
  EXPECT_TRUE(A->Range->Lo == 2000 && A->Range->Hi == 2000);

  // Once old_driver is called (from main), its unbounded value counts.
  ArgumentRange CallsOld = Main.Arguments[0];
  CallsOld.USR = "c:@F@old_driver";
  File.Units[0].Arguments.push_back(CallsOld);
  SummaryIndex WithOld;
  WithOld.addFresh(File);
  A = WithOld.programArgument("c:@F@send_count", 1);
  ASSERT_TRUE(A);
  EXPECT_EQ(A->Calls, 2u);
  EXPECT_FALSE(A->Range);

  // Or once a unit takes its address: it runs through the pointer, which
  // no record's call shows.
  File.Units[0].Arguments.pop_back();
  File.Units[0].AddressTaken.push_back("c:@F@old_driver");
  SummaryIndex ThroughPointer;
  ThroughPointer.addFresh(File);
  A = ThroughPointer.programArgument("c:@F@send_count", 1);
  ASSERT_TRUE(A);
  EXPECT_EQ(A->Calls, 2u);
  EXPECT_FALSE(A->Range);
}

TEST(Summaries, MembersHoldWhatTheProgramsWritesStore) {
  // setup (called by main) stores at most 1290 into grid.nx; main passes
  // `g.nx + 1` to send_count, a tree over the member.
  const char *NX = "c:@S@grid@FI@nx";
  SummaryFile File;
  File.WholeProgram = true;
  UnitSummary Main = callerPassing("/src/main.c", Interval{INT32_MIN, INT32_MAX});
  Main.Arguments[0].Tree = R"(["+",32,true,["f","c:@S@grid@FI@nx"],["c","1"]])";
  ArgumentRange CallsSetup = Main.Arguments[0];
  CallsSetup.USR = "c:@F@setup";
  CallsSetup.Index = 0;
  CallsSetup.Tree.clear();
  Main.Arguments.push_back(CallsSetup);
  File.Units.push_back(Main);
  UnitSummary Setup;
  Setup.File = "/src/setup.c";
  ArgumentRange Store;
  Store.USR = NX;
  Store.CallerUSR = "c:@F@setup";
  Store.Range = Interval{-1290, 1290};
  Store.WidestAt = {"/src/setup.c", 4, 3};
  Store.WidestCaller = "setup";
  Setup.Arguments.push_back(Store);
  File.Units.push_back(Setup);

  std::vector<std::string> Members;
  membersOfTree(Main.Arguments[0].Tree, Members);
  EXPECT_EQ(Members, std::vector<std::string>{NX});

  SummaryIndex Index;
  Index.addFresh(File);
  std::optional<ProgramArgument> M = Index.programArgument(NX, 0);
  ASSERT_TRUE(M && M->Range);
  EXPECT_EQ(M->Calls, 1u);
  EXPECT_EQ(M->Range->Hi, 1290);
  std::optional<ProgramArgument> A = Index.programArgument("c:@F@send_count", 1);
  ASSERT_TRUE(A && A->Range);
  EXPECT_TRUE(A->Range->Lo == -1289 && A->Range->Hi == 1291);

  // The slice of the unit that asks for send_count keeps the member's
  // writes, which the tree reads.
  UnitSummary Asker;
  Asker.File = "/src/comm.c";
  Asker.AskedArguments = {"c:@F@send_count"};
  SummaryFile Slice = SummarySlicer(File).sliceFor(Asker);
  SummaryIndex Sliced;
  Sliced.addFresh(Slice);
  A = Sliced.programArgument("c:@F@send_count", 1);
  ASSERT_TRUE(A && A->Range);
  EXPECT_EQ(A->Range->Hi, 1291);

  // A write whose value cannot be seen, in a function that runs, makes the
  // member any value; one in a function nothing calls does not count.
  ArgumentRange Update = Store;
  Update.CallerUSR = "c:@F@never_called";
  Update.Range.reset();
  File.Units[1].Arguments.push_back(Update);
  SummaryIndex Dead;
  Dead.addFresh(File);
  M = Dead.programArgument(NX, 0);
  ASSERT_TRUE(M && M->Range);
  EXPECT_EQ(M->Range->Hi, 1290);
  File.Units[1].Arguments.back().CallerUSR.clear();
  SummaryIndex Unseen;
  Unseen.addFresh(File);
  M = Unseen.programArgument(NX, 0);
  ASSERT_TRUE(M);
  EXPECT_FALSE(M->Range);
  A = Unseen.programArgument("c:@F@send_count", 1);
  ASSERT_TRUE(A && A->Range);
  EXPECT_EQ(A->Range->Hi, INT32_MAX);
}

TEST(Summaries, OutputsBoundTheLocalsAndMembersHandedToThem) {
  // comm.c's comm_size stores MPI_Comm_size's value through its parameter
  // 1; main hands it `&c.np`, and asks nothing else of it.
  const char *NP = "c:@S@ctx@FI@np";
  SummaryFile File;
  File.WholeProgram = true;
  UnitSummary Comm;
  Comm.File = "/src/comm.c";
  FunctionSummary Size = function("c:@F@comm_size", "comm_size");
  Size.Outputs.push_back({1, R"(["i","1","16777216"])"});
  Comm.Functions.push_back(Size);
  File.Units.push_back(Comm);
  UnitSummary Main;
  Main.File = "/src/main.c";
  Main.DefinesMain = true;
  ArgumentRange Handed;
  Handed.USR = NP;
  Handed.Tree = R"(["o","c:@F@comm_size",1])";
  Handed.WidestAt = {"/src/main.c", 9, 23};
  Handed.WidestCaller = "main";
  Main.Arguments.push_back(Handed);
  File.Units.push_back(Main);

  // The outputs go through the file, and the range node reads back.
  std::string Error;
  UnitSummary Back;
  ASSERT_TRUE(unitFromJSON(unitToJSON(Comm), Back, Error)) << Error;
  ASSERT_EQ(Back.Functions[0].Outputs.size(), 1u);
  EXPECT_EQ(Back.Functions[0].Outputs[0].Index, 1u);
  bool Overflows = false;
  std::optional<Interval> R = evaluateTree(
      Back.Functions[0].Outputs[0].Tree,
      [](unsigned) { return std::optional<Interval>(); }, Overflows);
  ASSERT_TRUE(R);
  EXPECT_TRUE(R->Lo == 1 && R->Hi == 16777216);

  std::vector<std::string> Outputs;
  outputsOfTree(Handed.Tree, Outputs);
  EXPECT_EQ(Outputs, std::vector<std::string>{"c:@F@comm_size"});

  SummaryIndex Index;
  Index.addFresh(File);
  std::optional<ProgramArgument> M = Index.programArgument(NP, 0);
  ASSERT_TRUE(M && M->Range);
  EXPECT_EQ(M->Range->Hi, 16777216);

  // The slice of a unit that asks for the member holds the function whose
  // output the member's write reads.
  UnitSummary Asker;
  Asker.File = "/src/use.c";
  Asker.AskedArguments = {NP};
  SummaryFile Slice = SummarySlicer(File).sliceFor(Asker);
  SummaryIndex Sliced;
  Sliced.addFresh(Slice);
  M = Sliced.programArgument(NP, 0);
  ASSERT_TRUE(M && M->Range);
  EXPECT_EQ(M->Range->Hi, 16777216);

  // Without a bounded output, the member is any value.
  File.Units[0].Functions[0].Outputs.clear();
  SummaryIndex Unbounded;
  Unbounded.addFresh(File);
  M = Unbounded.programArgument(NP, 0);
  ASSERT_TRUE(M);
  EXPECT_FALSE(M->Range);
}

TEST(Summaries, RecursiveOutputsSettleAsAFixpoint) {
  // pool.c's build stores the pool's count, or hands its output to
  // build_vector, which divides what build (recursively) gives it; obj.c
  // hands `&o->count` to build. The pool's count holds what main passes.
  const char *Base = "c:@S@pool@FI@base";
  const char *Count = "c:@S@obj@FI@count";
  SummaryFile File;
  File.WholeProgram = true;
  UnitSummary Pool;
  Pool.File = "/src/pool.c";
  FunctionSummary Build = function("c:@F@build", "build");
  Build.Outputs.push_back(
      {1, R"(["j",["f","c:@S@pool@FI@base"],["o","c:pool.c@F@build_vector",1,["p",0]]])"});
  FunctionSummary Vector = function("c:pool.c@F@build_vector", "build_vector");
  Vector.Outputs.push_back(
      {1, R"(["d",["j",["c","0"],["o","c:@F@build",1,["-",32,true,["p",0],["c","1"]]]]])"});
  Pool.Functions = {Build, Vector};
  ArgumentRange Stored;
  Stored.USR = Base;
  Stored.Tree = R"(["w",["p",0]])";
  Stored.CallerUSR = "c:@F@pool_set";
  Pool.Arguments.push_back(Stored);
  ArgumentRange Handed;
  Handed.USR = Count;
  Handed.Tree = R"(["o","c:@F@build",1])";
  Pool.Arguments.push_back(Handed);
  File.Units.push_back(Pool);
  UnitSummary Main;
  Main.File = "/src/main.c";
  Main.DefinesMain = true;
  ArgumentRange Passed;
  Passed.USR = "c:@F@pool_set";
  Passed.Range = Interval{-2147483648LL, 2147483647LL};
  Main.Arguments.push_back(Passed);
  File.Units.push_back(Main);

  // A quotient keeps the side of zero its dividend is on.
  bool Overflows = false;
  std::optional<Interval> Q = evaluateTree(
      R"(["d",["p",0]])",
      [](unsigned) { return std::optional<Interval>(Interval{-5, 7}); },
      Overflows);
  ASSERT_TRUE(Q);
  EXPECT_TRUE(Q->Lo == -5 && Q->Hi == 7);
  Q = evaluateTree(
      R"(["d",["p",0]])",
      [](unsigned) { return std::optional<Interval>(Interval{3, 7}); },
      Overflows);
  ASSERT_TRUE(Q);
  EXPECT_TRUE(Q->Lo == 0 && Q->Hi == 7);

  // The recursion only divides: the member holds the pool's count.
  SummaryIndex Index;
  Index.addFresh(File);
  std::optional<ProgramArgument> M = Index.programArgument(Count, 0);
  ASSERT_TRUE(M && M->Range);
  EXPECT_TRUE(M->Range->Lo == -2147483648LL && M->Range->Hi == 2147483647LL);
  std::optional<Interval> Out = Index.outputOf("c:@F@build", 1, {});
  ASSERT_TRUE(Out);
  EXPECT_EQ(Out->Hi, 2147483647LL);

  // So does the slice of a unit that asks for the member: the outputs the
  // trees read, the static one too, and the members those read.
  UnitSummary Asker;
  Asker.File = "/src/use.c";
  Asker.AskedArguments = {Count};
  SummaryFile Slice = SummarySlicer(File).sliceFor(Asker);
  SummaryIndex Sliced;
  Sliced.addFresh(Slice);
  M = Sliced.programArgument(Count, 0);
  ASSERT_TRUE(M && M->Range);
  EXPECT_EQ(M->Range->Hi, 2147483647LL);

  // A recursion that doubles never settles: any value.
  File.Units[0].Functions[1].Outputs[0].Tree =
      R"(["*",64,true,["c","2"],["o","c:@F@build",1,["p",0]]])";
  SummaryIndex Growing;
  Growing.addFresh(File);
  M = Growing.programArgument(Count, 0);
  ASSERT_TRUE(M);
  EXPECT_FALSE(M->Range);
}

TEST(Summaries, OutputsNameTheProductThatWrapsThem) {
  // size.c's buffer_size updates `*size *= 1 + vectors` after a callback
  // filled it: no value, but an overflow. doubles_of stores `n * 8`.
  FunctionSummary Size = function("c:@F@buffer_size", "buffer_size");
  OutputSummary Scaled{1, ""};
  Scaled.OverflowAt = {"/src/size.c", 6, 3};
  Scaled.OverflowText = "*size *= 1 + vectors";
  Size.Outputs.push_back(Scaled);
  FunctionSummary Doubles = function("c:@F@doubles_of", "doubles_of");
  OutputSummary Product{1, R"(["*",32,true,["p",0],["c","8"]])"};
  Product.OverflowAt = {"/src/size.c", 9, 47};
  Product.OverflowText = "n * 8";
  Doubles.Outputs.push_back(Product);
  UnitSummary Unit;
  Unit.File = "/src/size.c";
  Unit.Functions = {Size, Doubles};

  std::string Error;
  UnitSummary Back;
  ASSERT_TRUE(unitFromJSON(unitToJSON(Unit), Back, Error)) << Error;
  ASSERT_EQ(Back.Functions[0].Outputs.size(), 1u);
  const OutputSummary &Read = Back.Functions[0].Outputs[0];
  EXPECT_TRUE(Read.Tree.empty());
  EXPECT_EQ(Read.OverflowAt.Line, 6u);
  EXPECT_EQ(Read.OverflowText, "*size *= 1 + vectors");

  // Unknown values overflow whatever the arguments; the product only for
  // arguments that make it, and nothing is known of another output.
  EXPECT_EQ(overflowingOutput(Back.Functions[0], 1, {}),
            &Back.Functions[0].Outputs[0]);
  EXPECT_EQ(overflowingOutput(Back.Functions[0], 0, {}), nullptr);
  std::optional<Interval> Ten = Interval::exact(10);
  std::optional<Interval> Any = Interval{INT32_MIN, INT32_MAX};
  EXPECT_EQ(overflowingOutput(Back.Functions[1], 1, {Ten}), nullptr);
  EXPECT_NE(overflowingOutput(Back.Functions[1], 1, {Any}), nullptr);
  EXPECT_NE(overflowingOutput(Back.Functions[1], 1, {}), nullptr);
  // Still no value for the updated output; the product's, for the
  // arguments given.
  SummaryIndex Index;
  SummaryFile File;
  File.Units.push_back(Back);
  Index.addFresh(File);
  EXPECT_FALSE(Index.outputOf("c:@F@buffer_size", 1, {}));
  std::optional<Interval> Eighty = Index.outputOf("c:@F@doubles_of", 1, {Ten});
  ASSERT_TRUE(Eighty);
  EXPECT_TRUE(Eighty->Lo == 80 && Eighty->Hi == 80);
}
