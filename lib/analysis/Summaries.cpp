//===-- Summaries.cpp - Function summaries that cross translation units ---===//

#include "analysis/Summaries.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

namespace json = llvm::json;
using llvm::StringRef;

namespace mpix {

const ParameterSummary *FunctionSummary::param(unsigned Index) const {
  for (const ParameterSummary &P : Params)
    if (P.Index == Index)
      return &P;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

static json::Value toJSON(const SourcePoint &P) {
  return json::Array{P.File, P.Line, P.Column};
}

static json::Value toJSON(const TextEdit &E) {
  return json::Array{E.File, E.Offset, E.Length, E.Text};
}

static json::Value toJSON(const ParameterSummary &P) {
  json::Array Uses, Forwards, Fix;
  for (const CountUse &U : P.Uses) {
    json::Object Use{
        {"mpi", U.MPIFunction}, {"noun", U.Noun}, {"at", toJSON(U.At)}};
    if (U.Argument >= 0)
      Use["argument"] = U.Argument;
    Uses.push_back(std::move(Use));
  }
  for (const ForwardEdge &F : P.Forwards)
    Forwards.push_back(json::Object{
        {"usr", F.CalleeUSR}, {"index", F.Index}, {"at", toJSON(F.At)}});
  for (const TextEdit &E : P.Fix)
    Fix.push_back(toJSON(E));
  json::Object O{{"index", P.Index}, {"name", P.Name}, {"uses", std::move(Uses)},
                 {"forwards", std::move(Forwards)}, {"fix", std::move(Fix)}};
  if (!P.Blocker.empty()) {
    O["blocker"] = P.Blocker;
    O["blocker_at"] = toJSON(P.BlockerAt);
  }
  return O;
}

static json::Value toJSON(const ReturnSummary &R) {
  json::Array Fix;
  for (const TextEdit &E : R.Fix)
    Fix.push_back(toJSON(E));
  json::Object O{{"tree", R.Tree},
                 {"always_overflows", R.AlwaysOverflows},
                 {"overflow_at", toJSON(R.OverflowAt)},
                 {"overflow_text", R.OverflowText},
                 {"fix", std::move(Fix)}};
  if (!R.NarrowedFrom.empty())
    O["narrowed_from"] = R.NarrowedFrom;
  if (!R.Blocker.empty()) {
    O["blocker"] = R.Blocker;
    O["blocker_at"] = toJSON(R.BlockerAt);
  }
  return O;
}

static json::Value toJSON(const ArgumentRange &A) {
  json::Object O{{"usr", A.USR},
                 {"index", A.Index},
                 {"at", toJSON(A.WidestAt)},
                 {"caller", A.WidestCaller}};
  if (!A.CallerUSR.empty())
    O["caller_usr"] = A.CallerUSR;
  if (!A.Tree.empty())
    O["tree"] = A.Tree;
  if (A.Range) {
    O["lo"] = int64_t(A.Range->Lo);
    O["hi"] = int64_t(A.Range->Hi);
  }
  if (A.OverflowAt.valid()) {
    O["overflow_at"] = toJSON(A.OverflowAt);
    O["overflow_text"] = A.OverflowText;
  }
  if (!A.HandedTo.empty()) {
    json::Array Handed;
    for (const auto &[USR, Index] : A.HandedTo)
      Handed.push_back(json::Array{USR, Index});
    O["handed_to"] = std::move(Handed);
    O["handed_at"] = toJSON(A.HandedAt);
    if (A.OnlyHanded)
      O["only_handed"] = true;
  }
  return O;
}

static json::Value toJSON(const UnitSummary &U) {
  json::Array Inputs, Functions, CountArguments, Arguments;
  for (const auto &[Path, Hash] : U.Inputs)
    Inputs.push_back(json::Array{Path, Hash});
  for (const auto &[USR, Index] : U.CountArguments)
    CountArguments.push_back(json::Array{USR, Index});
  for (const FunctionSummary &F : U.Functions) {
    json::Array Params;
    for (const ParameterSummary &P : F.Params)
      Params.push_back(toJSON(P));
    json::Object O{{"usr", F.USR},
                   {"name", F.Name},
                   {"definition", toJSON(F.Definition)},
                   {"params", std::move(Params)}};
    if (F.Return.present())
      O["return"] = toJSON(F.Return);
    if (F.Sends.Known)
      O["sends"] = json::Object{{"bytes", int64_t(F.Sends.Bytes)},
                                {"calls", json::Array(F.Sends.Calls)}};
    if (F.NeverReturns)
      O["noreturn"] = true;
    if (F.OnlyReads)
      O["readsonly"] = true;
    if (F.PredefinedTypeTest)
      O["predefinedtest"] = int64_t(*F.PredefinedTypeTest);
    if (F.ReturnedSize)
      O["returnedsize"] = int64_t(*F.ReturnedSize);
    if (!F.KeptPointees.empty())
      O["keeps"] = json::Array(F.KeptPointees);
    if (!F.KeptPointeesIf.empty()) {
      json::Array KeptIf;
      for (const FunctionSummary::KeptIf &If : F.KeptPointeesIf)
        KeptIf.push_back(json::Array{If.Param, If.ThroughMember ? "m" : "f",
                                     If.USR, If.Arg});
      O["keeps_if"] = std::move(KeptIf);
    }
    if (!F.SummedArrays.empty()) {
      json::Array Summed;
      for (const SummedArray &A : F.SummedArrays)
        Summed.push_back(json::Array{int64_t(A.Index), toJSON(A.At)});
      O["summed"] = std::move(Summed);
    }
    if (!F.Outputs.empty()) {
      json::Array Outputs;
      for (const OutputSummary &Out : F.Outputs) {
        json::Array Entry{int64_t(Out.Index), Out.Tree};
        if (Out.OverflowAt.valid()) {
          Entry.push_back(toJSON(Out.OverflowAt));
          Entry.push_back(Out.OverflowText);
        }
        Outputs.push_back(std::move(Entry));
      }
      O["outputs"] = std::move(Outputs);
    }
    Functions.push_back(std::move(O));
  }
  for (const ArgumentRange &A : U.Arguments)
    Arguments.push_back(toJSON(A));
  json::Array MemberFunctions;
  for (const auto &[Member, Function] : U.MemberFunctions)
    MemberFunctions.push_back(json::Array{Member, Function});
  return json::Object{
      {"file", U.File},
      {"command", U.Command},
      {"inputs", std::move(Inputs)},
      {"functions", std::move(Functions)},
      {"external_calls", json::Array(U.ExternalCalls)},
      {"address_taken", json::Array(U.AddressTaken)},
      {"own_calls_followed", json::Array(U.OwnCallsFollowed)},
      {"count_arguments", std::move(CountArguments)},
      {"probes", U.Probes},
      {"arguments", std::move(Arguments)},
      {"asked_arguments", json::Array(U.AskedArguments)},
      {"defines_main", U.DefinesMain},
      {"compile_errors", U.CompileErrors},
      {"unrecorded", json::Array(U.Unrecorded)},
      {"member_functions", std::move(MemberFunctions)}};
}

namespace {
/// Reads JSON values into the structures; the first error is kept.
class Reader {
public:
  std::string Error;

  bool point(const json::Value *V, SourcePoint &P) {
    const json::Array *A = V ? V->getAsArray() : nullptr;
    if (!A || A->size() != 3 || !str((*A)[0], P.File) ||
        !num((*A)[1], P.Line) || !num((*A)[2], P.Column))
      return fail("a source point is not [file, line, column]");
    return true;
  }
  bool edit(const json::Value &V, TextEdit &E) {
    const json::Array *A = V.getAsArray();
    if (!A || A->size() != 4 || !str((*A)[0], E.File) ||
        !num((*A)[1], E.Offset) || !num((*A)[2], E.Length) ||
        !str((*A)[3], E.Text))
      return fail("an edit is not [file, offset, length, text]");
    return true;
  }
  bool param(const json::Value &V, ParameterSummary &P) {
    const json::Object *O = V.getAsObject();
    if (!O || !num(O->get("index"), P.Index) || !str(O->get("name"), P.Name))
      return fail("a parameter has no index or name");
    for (const json::Value &U : array(O->get("uses"))) {
      const json::Object *UO = U.getAsObject();
      CountUse Use;
      if (!UO || !str(UO->get("mpi"), Use.MPIFunction) ||
          !str(UO->get("noun"), Use.Noun) || !point(UO->get("at"), Use.At))
        return fail("a count use is malformed");
      if (std::optional<int64_t> Argument = UO->getInteger("argument")) {
        if (*Argument < 0 || *Argument > 64)
          return fail("a count use's argument is out of range");
        Use.Argument = int(*Argument);
      }
      P.Uses.push_back(std::move(Use));
    }
    for (const json::Value &F : array(O->get("forwards"))) {
      const json::Object *FO = F.getAsObject();
      ForwardEdge Edge;
      if (!FO || !str(FO->get("usr"), Edge.CalleeUSR) ||
          !num(FO->get("index"), Edge.Index) || !point(FO->get("at"), Edge.At))
        return fail("a forward is malformed");
      P.Forwards.push_back(std::move(Edge));
    }
    for (const json::Value &E : array(O->get("fix"))) {
      P.Fix.emplace_back();
      if (!edit(E, P.Fix.back()))
        return false;
    }
    if (O->get("blocker") && (!str(O->get("blocker"), P.Blocker) ||
                              !point(O->get("blocker_at"), P.BlockerAt)))
      return fail("a blocker is malformed");
    return true;
  }
  bool unit(const json::Value &V, UnitSummary &U) {
    const json::Object *O = V.getAsObject();
    if (!O || !str(O->get("file"), U.File) || !str(O->get("command"), U.Command))
      return fail("a unit has no file or command");
    for (const json::Value &I : array(O->get("inputs"))) {
      const json::Array *A = I.getAsArray();
      std::pair<std::string, std::string> In;
      if (!A || A->size() != 2 || !str((*A)[0], In.first) ||
          !str((*A)[1], In.second))
        return fail("an input is not [path, hash]");
      U.Inputs.push_back(std::move(In));
    }
    for (const json::Value &F : array(O->get("functions"))) {
      const json::Object *FO = F.getAsObject();
      FunctionSummary S;
      if (!FO || !str(FO->get("usr"), S.USR) || !str(FO->get("name"), S.Name) ||
          !point(FO->get("definition"), S.Definition))
        return fail("a function has no usr, name or definition");
      for (const json::Value &P : array(FO->get("params"))) {
        S.Params.emplace_back();
        if (!param(P, S.Params.back()))
          return false;
      }
      if (const json::Value *R = FO->get("return"))
        if (!returns(*R, S.Return))
          return false;
      if (const json::Value *Sends = FO->get("sends")) {
        const json::Object *SO = Sends->getAsObject();
        std::optional<int64_t> Bytes =
            SO ? SO->getInteger("bytes") : std::nullopt;
        if (!Bytes || *Bytes < 0 || !strings(SO->get("calls"), S.Sends.Calls))
          return fail("a send summary is malformed");
        S.Sends.Known = true;
        S.Sends.Bytes = uint64_t(*Bytes);
      }
      S.NeverReturns = FO->getBoolean("noreturn").value_or(false);
      S.OnlyReads = FO->getBoolean("readsonly").value_or(false);
      for (const json::Value &Entry : array(FO->get("summed"))) {
        const json::Array *Pair = Entry.getAsArray();
        SummedArray &A = S.SummedArrays.emplace_back();
        if (!Pair || Pair->size() != 2 || !num(&(*Pair)[0], A.Index) ||
            !point(&(*Pair)[1], A.At))
          return fail("a summed array is malformed");
      }
      if (std::optional<int64_t> Size = FO->getInteger("returnedsize")) {
        if (*Size < 0)
          return fail("a returned size is malformed");
        S.ReturnedSize = uint64_t(*Size);
      }
      for (const json::Value &Kept : array(FO->get("keeps")))
        if (!num(&Kept, S.KeptPointees.emplace_back()))
          return fail("a kept pointee is not a parameter index");
      for (const json::Value &Entry : array(FO->get("keeps_if"))) {
        const json::Array *A = Entry.getAsArray();
        FunctionSummary::KeptIf &If = S.KeptPointeesIf.emplace_back();
        std::string Kind;
        if (!A || A->size() != 4 || !num(&(*A)[0], If.Param) ||
            !str((*A)[1], Kind) || (Kind != "f" && Kind != "m") ||
            !str((*A)[2], If.USR) || !num(&(*A)[3], If.Arg))
          return fail("a kept pointee's condition is malformed");
        If.ThroughMember = Kind == "m";
      }
      if (std::optional<int64_t> Tested = FO->getInteger("predefinedtest")) {
        if (*Tested < 0)
          return fail("a predefined-datatype test is malformed");
        S.PredefinedTypeTest = unsigned(*Tested);
      }
      for (const json::Value &Out : array(FO->get("outputs"))) {
        const json::Array *Pair = Out.getAsArray();
        OutputSummary &O = S.Outputs.emplace_back();
        if (!Pair || (Pair->size() != 2 && Pair->size() != 4) ||
            !num(&(*Pair)[0], O.Index) || !str((*Pair)[1], O.Tree) ||
            (Pair->size() == 4 && (!point(&(*Pair)[2], O.OverflowAt) ||
                                   !str((*Pair)[3], O.OverflowText))))
          return fail("an output is not an index and a tree, and where it "
                      "overflows");
      }
      U.Functions.push_back(std::move(S));
    }
    if (!parameters(O->get("count_arguments"), U.CountArguments))
      return fail("a count argument is not a function and an index");
    for (const json::Value &A : array(O->get("arguments"))) {
      U.Arguments.emplace_back();
      if (!argument(A, U.Arguments.back()))
        return false;
    }
    for (const json::Value &M : array(O->get("member_functions"))) {
      const json::Array *Pair = M.getAsArray();
      auto &[Member, Function] = U.MemberFunctions.emplace_back();
      if (!Pair || Pair->size() != 2 || !str((*Pair)[0], Member) ||
          !str((*Pair)[1], Function))
        return fail("a member's function is not a member and a function");
    }
    U.Probes = O->getBoolean("probes").value_or(false);
    U.DefinesMain = O->getBoolean("defines_main").value_or(false);
    U.CompileErrors = O->getBoolean("compile_errors").value_or(false);
    return strings(O->get("external_calls"), U.ExternalCalls) &&
           strings(O->get("asked_arguments"), U.AskedArguments) &&
           strings(O->get("address_taken"), U.AddressTaken) &&
           strings(O->get("unrecorded"), U.Unrecorded) &&
           (!O->get("own_calls_followed") ||
            strings(O->get("own_calls_followed"), U.OwnCallsFollowed));
  }

  /// A list of [function USR, parameter index] pairs into \p Out.
  bool parameters(const json::Value *V,
                  std::vector<std::pair<std::string, unsigned>> &Out) {
    for (const json::Value &Entry : array(V)) {
      const json::Array *Pair = Entry.getAsArray();
      auto &[USR, Index] = Out.emplace_back();
      if (!Pair || Pair->size() != 2 || !str((*Pair)[0], USR) ||
          !num(&(*Pair)[1], Index))
        return false;
    }
    return true;
  }

  bool argument(const json::Value &V, ArgumentRange &A) {
    const json::Object *O = V.getAsObject();
    if (!O || !str(O->get("usr"), A.USR) || !num(O->get("index"), A.Index) ||
        !point(O->get("at"), A.WidestAt) || !str(O->get("caller"), A.WidestCaller))
      return fail("an argument range is malformed");
    std::optional<int64_t> Lo = O->getInteger("lo"), Hi = O->getInteger("hi");
    if (Lo && Hi && *Lo <= *Hi)
      A.Range = Interval{*Lo, *Hi};
    else if (Lo || Hi)
      return fail("an argument range is malformed");
    if ((O->get("caller_usr") && !str(O->get("caller_usr"), A.CallerUSR)) ||
        (O->get("tree") && !str(O->get("tree"), A.Tree)) ||
        (O->get("overflow_at") &&
         (!point(O->get("overflow_at"), A.OverflowAt) ||
          !str(O->get("overflow_text"), A.OverflowText))))
      return fail("an argument range is malformed");
    if (!parameters(O->get("handed_to"), A.HandedTo))
      return fail("a handed structure is not a function and an index");
    if (!A.HandedTo.empty() && !point(O->get("handed_at"), A.HandedAt))
      return false;
    A.OnlyHanded = O->getBoolean("only_handed").value_or(false);
    return true;
  }

  bool returns(const json::Value &V, ReturnSummary &R) {
    const json::Object *O = V.getAsObject();
    if (!O || !str(O->get("tree"), R.Tree) ||
        !point(O->get("overflow_at"), R.OverflowAt) ||
        !str(O->get("overflow_text"), R.OverflowText))
      return fail("a return summary is malformed");
    R.AlwaysOverflows = O->getBoolean("always_overflows").value_or(false);
    if (O->get("narrowed_from") && !str(O->get("narrowed_from"), R.NarrowedFrom))
      return fail("a return summary is malformed");
    for (const json::Value &E : array(O->get("fix"))) {
      R.Fix.emplace_back();
      if (!edit(E, R.Fix.back()))
        return false;
    }
    if (O->get("blocker") && (!str(O->get("blocker"), R.Blocker) ||
                              !point(O->get("blocker_at"), R.BlockerAt)))
      return fail("a blocker is malformed");
    return true;
  }

private:
  bool fail(StringRef Why) {
    if (Error.empty())
      Error = Why.str();
    return false;
  }
  static bool str(const json::Value *V, std::string &S) {
    if (!V || !V->getAsString())
      return false;
    S = V->getAsString()->str();
    return true;
  }
  static bool str(const json::Value &V, std::string &S) { return str(&V, S); }
  static bool num(const json::Value *V, unsigned &N) {
    std::optional<int64_t> I = V ? V->getAsInteger() : std::nullopt;
    if (!I || *I < 0 || *I > UINT32_MAX)
      return false;
    N = unsigned(*I);
    return true;
  }
  static bool num(const json::Value &V, unsigned &N) { return num(&V, N); }
  static llvm::ArrayRef<json::Value> array(const json::Value *V) {
    const json::Array *A = V ? V->getAsArray() : nullptr;
    return A ? llvm::ArrayRef<json::Value>(A->data(), A->size())
             : llvm::ArrayRef<json::Value>();
  }
  bool strings(const json::Value *V, std::vector<std::string> &Out) {
    for (const json::Value &S : array(V)) {
      Out.emplace_back();
      if (!str(S, Out.back()))
        return fail("a list of names holds something else");
    }
    return true;
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Return trees
//===----------------------------------------------------------------------===//
//
// A node is ["p", index] (a parameter), ["c", "decimal"] (a constant),
// ["i", "lo", "hi"] (a value the defining unit bounds, MPI_Comm_size's),
// ["f", USR] (a member), ["o", USR, index, arg...] (what function USR
// stores through its parameter index, called with the arguments' trees,
// null where one is not known; none given: any arguments),
// ["d", sub] (a value between zero and sub, on sub's side of it: sub
// divided by a count the tree does not hold, or `x / a * a`),
// [op, bits, signed, lhs, rhs] for op in + - *, computed in an integer type
// of that width and sign (an implicit widening is ["w", sub]), or
// ["j", sub, sub, ...], any of its parts (a function's several returns), or
// ["n", bits, signed, sub], sub converted to a narrower type, which loses
// what does not fit (`return n * sizeof(Msg);` in an int function), or
// ["min", a, b] or ["max", a, b], the smaller or larger of the two.

namespace {
/// The value of an output that a fixpoint has not reached yet (Kleene's
/// bottom): it joins as nothing, and anything computed from it is nothing.
/// It never leaves this file: an evaluation that ends with it knows nothing.
constexpr Interval NoValueYet{1, 0};
bool isNoValueYet(const std::optional<Interval> &I) {
  return I && I->Lo > I->Hi;
}

/// A bound of an ["i", lo, hi] leaf: any value of a 64-bit type, signed
/// or not (a size_t's top is past long long's).
std::optional<WideInt> wideOf(StringRef Decimal) {
  long long Signed;
  if (!Decimal.getAsInteger(10, Signed))
    return WideInt(Signed);
  unsigned long long Unsigned;
  if (!Decimal.getAsInteger(10, Unsigned))
    return WideInt(Unsigned);
  return std::nullopt;
}

struct TreeEvaluator {
  llvm::function_ref<std::optional<Interval>(unsigned)> Param;
  std::optional<MemberFn> Member;
  std::optional<OutputFn> Output;
  bool Overflows = false;

  /// \p Sub converted to an integer type of \p Bits and sign: what does
  /// not fit is lost as an overflowing product's value is.
  std::optional<Interval> narrowed(std::optional<int64_t> Bits,
                                   std::optional<bool> Signed,
                                   std::optional<Interval> Sub) {
    if (!Bits || !Signed || !Sub || *Bits < 1 || *Bits > 64)
      return std::nullopt;
    if (isNoValueYet(Sub))
      return Sub;
    WideInt Max = *Signed ? (WideInt(1) << (*Bits - 1)) - 1
                          : (WideInt(1) << *Bits) - 1;
    WideInt Min = *Signed ? -(WideInt(1) << (*Bits - 1)) : 0;
    if (Sub->Lo >= Min && Sub->Hi <= Max)
      return Sub;
    Overflows = true;
    return Interval{Min, Max};
  }

  std::optional<Interval> eval(const json::Value &V) {
    const json::Array *A = V.getAsArray();
    if (!A || A->empty() || !(*A)[0].getAsString())
      return std::nullopt;
    StringRef Op = *(*A)[0].getAsString();
    if (Op == "p" && A->size() == 2) {
      std::optional<int64_t> I = (*A)[1].getAsInteger();
      if (!I || *I < 0 || *I > UINT16_MAX)
        return std::nullopt;
      return Param(unsigned(*I));
    }
    if (Op == "f" && A->size() == 2 && (*A)[1].getAsString())
      return Member ? (*Member)(*(*A)[1].getAsString()) : std::nullopt;
    if (Op == "o" && A->size() >= 3 && (*A)[1].getAsString()) {
      std::optional<int64_t> I = (*A)[2].getAsInteger();
      if (!Output || !I || *I < 0 || *I > UINT16_MAX)
        return std::nullopt;
      llvm::SmallVector<std::optional<Interval>, 4> Args;
      for (const json::Value &Arg : llvm::drop_begin(*A, 3)) {
        // A call with an argument that has no value yet is not made yet.
        std::optional<Interval> R = eval(Arg);
        if (isNoValueYet(R))
          return R;
        Args.push_back(R);
      }
      return (*Output)(*(*A)[1].getAsString(), unsigned(*I), Args);
    }
    if (Op == "d" && A->size() == 2) {
      std::optional<Interval> Sub = eval((*A)[1]);
      if (!Sub || isNoValueYet(Sub))
        return Sub;
      return Interval{std::min<WideInt>(Sub->Lo, 0),
                      std::max<WideInt>(Sub->Hi, 0)};
    }
    if (Op == "c" && A->size() == 2 && (*A)[1].getAsString()) {
      long long C;
      if ((*A)[1].getAsString()->getAsInteger(10, C))
        return std::nullopt;
      return Interval::exact(C);
    }
    if (Op == "w" && A->size() == 2)
      return eval((*A)[1]);
    if (Op == "i" && A->size() == 3 && (*A)[1].getAsString() &&
        (*A)[2].getAsString()) {
      std::optional<WideInt> Lo = wideOf(*(*A)[1].getAsString()),
                             Hi = wideOf(*(*A)[2].getAsString());
      if (!Lo || !Hi || *Lo > *Hi)
        return std::nullopt;
      return Interval{*Lo, *Hi};
    }
    if (Op == "j") {
      std::optional<Interval> Joined;
      for (const json::Value &Sub : llvm::drop_begin(*A)) {
        std::optional<Interval> One = eval(Sub);
        if (!One)
          return std::nullopt;
        if (!isNoValueYet(One))
          Joined = Joined ? Joined->join(*One) : *One;
      }
      return Joined ? Joined : NoValueYet;
    }
    if ((Op == "min" || Op == "max") && A->size() == 3) {
      std::optional<Interval> L = eval((*A)[1]), R = eval((*A)[2]);
      if (!L || !R)
        return std::nullopt;
      if (isNoValueYet(L) || isNoValueYet(R))
        return NoValueYet;
      if (Op == "min")
        return Interval{std::min(L->Lo, R->Lo), std::min(L->Hi, R->Hi)};
      return Interval{std::max(L->Lo, R->Lo), std::max(L->Hi, R->Hi)};
    }
    if (Op == "n" && A->size() == 4)
      return narrowed((*A)[1].getAsInteger(), (*A)[2].getAsBoolean(),
                      eval((*A)[3]));
    if (A->size() != 5)
      return std::nullopt;
    std::optional<int64_t> Bits = (*A)[1].getAsInteger();
    std::optional<bool> Signed = (*A)[2].getAsBoolean();
    std::optional<Interval> L = eval((*A)[3]), R = eval((*A)[4]);
    if (!Bits || !Signed || !L || !R || *Bits < 1 || *Bits > 64)
      return std::nullopt;
    if (isNoValueYet(L) || isNoValueYet(R))
      return NoValueYet;
    Interval Out;
    if (Op == "+")
      Out = {L->Lo + R->Lo, L->Hi + R->Hi};
    else if (Op == "-")
      Out = unsignedDifference(!*Signed, {L->Lo - R->Hi, L->Hi - R->Lo});
    else if (Op == "*") {
      WideInt P[] = {L->Lo * R->Lo, L->Lo * R->Hi, L->Hi * R->Lo, L->Hi * R->Hi};
      Out = {*std::min_element(P, P + 4), *std::max_element(P, P + 4)};
    } else
      return std::nullopt;
    WideInt Max = *Signed ? (WideInt(1) << (*Bits - 1)) - 1
                          : (WideInt(1) << *Bits) - 1;
    WideInt Min = *Signed ? -(WideInt(1) << (*Bits - 1)) : 0;
    if (Out.Lo < Min || Out.Hi > Max) {
      // The operation wraps: the caller gets any value of the type. Only
      // an int (or narrower) operation is a hazard of its own, as in the
      // unit (RangeAnalysis::clampTo): a 64-bit product of counts is not.
      Overflows |= (*Signed || Out.Hi > Max) && *Bits <= 32;
      return Interval{Min, Max};
    }
    return Out;
  }
};
} // namespace

std::optional<Interval>
evaluateReturn(const ReturnSummary &R,
               llvm::ArrayRef<std::optional<Interval>> Args, bool &Overflows) {
  Overflows = false;
  if (R.Tree.empty()) {
    Overflows = R.AlwaysOverflows;
    return std::nullopt;
  }
  return evaluateTree(
      R.Tree,
      [&](unsigned I) {
        return I < Args.size() ? Args[I] : std::optional<Interval>();
      },
      Overflows);
}

const OutputSummary *
overflowingOutput(const FunctionSummary &F, unsigned Index,
                  llvm::ArrayRef<std::optional<Interval>> Args) {
  for (const OutputSummary &Out : F.Outputs) {
    if (Out.Index != Index || !Out.OverflowAt.valid())
      continue;
    if (Out.Tree.empty())
      return &Out;
    // A tree the arguments cannot settle keeps the defining unit's verdict.
    bool Overflows = false;
    std::optional<Interval> Stored = evaluateTree(
        Out.Tree,
        [&](unsigned I) {
          return I < Args.size() ? Args[I] : std::optional<Interval>();
        },
        Overflows);
    return !Stored || Overflows ? &Out : nullptr;
  }
  return nullptr;
}

/// evaluateTree, but a value a fixpoint has not reached yet is returned as
/// NoValueYet: only the fixpoint of SummaryIndex::outputOf may see it.
static std::optional<Interval>
evaluateInFixpoint(StringRef Tree,
                   llvm::function_ref<std::optional<Interval>(unsigned)> Param,
                   bool &Overflows, std::optional<MemberFn> Member,
                   std::optional<OutputFn> Output) {
  Overflows = false;
  llvm::Expected<json::Value> V = json::parse(Tree);
  if (!V) {
    llvm::consumeError(V.takeError());
    return std::nullopt;
  }
  TreeEvaluator E{Param, Member, Output};
  std::optional<Interval> Out = E.eval(*V);
  Overflows = E.Overflows;
  return Out;
}

std::optional<Interval>
evaluateTree(StringRef Tree,
             llvm::function_ref<std::optional<Interval>(unsigned)> Param,
             bool &Overflows, std::optional<MemberFn> Member,
             std::optional<OutputFn> Output) {
  std::optional<Interval> Out =
      evaluateInFixpoint(Tree, Param, Overflows, Member, Output);
  return isNoValueYet(Out) ? std::nullopt : Out;
}

/// The USRs of the leaves of kind \p Kind ("f", "o") under \p V.
static void collectLeaves(const json::Value &V, StringRef Kind,
                          std::vector<std::string> &Out) {
  const json::Array *A = V.getAsArray();
  if (!A || A->empty())
    return;
  std::optional<StringRef> Op = (*A)[0].getAsString();
  if (Op && *Op == Kind && A->size() >= 2)
    if (std::optional<StringRef> USR = (*A)[1].getAsString())
      Out.push_back(USR->str());
  // An output leaf's arguments are trees of their own.
  for (const json::Value &Sub : llvm::drop_begin(*A))
    collectLeaves(Sub, Kind, Out);
}

static void leavesOfTree(StringRef Tree, StringRef Kind,
                         std::vector<std::string> &Out) {
  if (Tree.empty() || !Tree.contains(("\"" + Kind + "\"").str()))
    return;
  llvm::Expected<json::Value> V = json::parse(Tree);
  if (!V) {
    llvm::consumeError(V.takeError());
    return;
  }
  collectLeaves(*V, Kind, Out);
}

std::string intervalLeaf(const Interval &R) {
  return "[\"i\",\"" + toString(R.Lo) + "\",\"" + toString(R.Hi) + "\"]";
}

void membersOfTree(StringRef Tree, std::vector<std::string> &Out) {
  leavesOfTree(Tree, "f", Out);
}

void outputsOfTree(StringRef Tree, std::vector<std::string> &Out) {
  leavesOfTree(Tree, "o", Out);
}

/// Appends to \p Into the elements of \p From it does not hold yet.
template <typename T>
static void addMissing(std::vector<T> &Into, const std::vector<T> &From) {
  for (const T &E : From)
    if (!llvm::is_contained(Into, E))
      Into.push_back(E);
}

void mergeVariant(UnitSummary &Into, const UnitSummary &From) {
  for (const FunctionSummary &F : From.Functions)
    if (llvm::none_of(Into.Functions, [&](const FunctionSummary &G) {
          return G.USR == F.USR;
        }))
      Into.Functions.push_back(F);
  addMissing(Into.Inputs, From.Inputs);
  addMissing(Into.ExternalCalls, From.ExternalCalls);
  addMissing(Into.AddressTaken, From.AddressTaken);
  addMissing(Into.OwnCallsFollowed, From.OwnCallsFollowed);
  addMissing(Into.CountArguments, From.CountArguments);
  addMissing(Into.AskedArguments, From.AskedArguments);
  addMissing(Into.Unrecorded, From.Unrecorded);
  addMissing(Into.MemberFunctions, From.MemberFunctions);
  // Each variant's calls pass what they pass: all of them are the unit's.
  Into.Arguments.insert(Into.Arguments.end(), From.Arguments.begin(),
                        From.Arguments.end());
  Into.Probes |= From.Probes;
  Into.DefinesMain |= From.DefinesMain;
  Into.CompileErrors |= From.CompileErrors;
}

std::string unitToJSON(const UnitSummary &U) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << toJSON(U);
  return Text;
}

bool unitFromJSON(StringRef Text, UnitSummary &U, std::string &Error) {
  llvm::Expected<json::Value> V = json::parse(Text);
  if (!V) {
    Error = llvm::toString(V.takeError());
    return false;
  }
  Reader R;
  if (!R.unit(*V, U)) {
    Error = R.Error;
    return false;
  }
  return true;
}

bool SummaryFile::load(StringRef Path, std::string &Error) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf) {
    Error = "cannot read '" + Path.str() + "': " + Buf.getError().message();
    return false;
  }
  llvm::Expected<json::Value> V = json::parse((*Buf)->getBuffer());
  if (!V) {
    Error = "'" + Path.str() + "' is not JSON: " + llvm::toString(V.takeError());
    return false;
  }
  const json::Object *O = V->getAsObject();
  if (!O || O->getString("format") != StringRef("mpix-tidy-summaries") ||
      O->getInteger("version") != Version) {
    Error = "'" + Path.str() + "' is not an mpix-tidy summary file of version " +
            std::to_string(Version);
    return false;
  }
  WholeProgram = O->getBoolean("whole_program").value_or(false);
  if (const json::Array *Of = O->getArray("arguments_of")) {
    ArgumentsOf.emplace();
    for (const json::Value &Name : *Of) {
      if (!Name.getAsString()) {
        Error = "'" + Path.str() + "': arguments_of holds something else";
        return false;
      }
      ArgumentsOf->push_back(Name.getAsString()->str());
    }
  }
  Reader R;
  if (const json::Array *Records = O->getArray("units"))
    for (const json::Value &UV : *Records) {
      UnitSummary U;
      if (!R.unit(UV, U)) {
        Error = "'" + Path.str() + "': " + R.Error;
        return false;
      }
      Units.push_back(std::move(U));
    }
  return true;
}

bool SummaryFile::save(StringRef Path, std::string &Error) const {
  json::Array All;
  for (const UnitSummary &U : Units)
    All.push_back(toJSON(U));
  json::Object O{{"format", "mpix-tidy-summaries"},
                 {"version", Version},
                 {"whole_program", WholeProgram},
                 {"units", std::move(All)}};
  if (ArgumentsOf)
    O["arguments_of"] = json::Array(*ArgumentsOf);
  // Written next to the target and renamed over it: a reader (a per-unit
  // run in another process) never sees half a file.
  llvm::SmallString<256> Temp;
  int FD;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(
          Path + ".tmp-%%%%%%", FD, Temp)) {
    Error = "cannot write next to '" + Path.str() + "': " + EC.message();
    return false;
  }
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << json::Value(std::move(O)) << "\n";
    if (OS.has_error()) {
      Error = "cannot write '" + Temp.str().str() + "'";
      OS.clear_error();
      llvm::sys::fs::remove(Temp);
      return false;
    }
  }
  if (std::error_code EC = llvm::sys::fs::rename(Temp, Path)) {
    Error = "cannot rename '" + Temp.str().str() + "' to '" + Path.str() +
            "': " + EC.message();
    llvm::sys::fs::remove(Temp);
    return false;
  }
  return true;
}

const UnitSummary *SummaryFile::unit(StringRef File) const {
  for (const UnitSummary &U : Units)
    if (U.File == File)
      return &U;
  return nullptr;
}

void SummaryFile::replace(UnitSummary U) {
  for (UnitSummary &Old : Units)
    if (Old.File == U.File) {
      Old = std::move(U);
      return;
    }
  Units.push_back(std::move(U));
}

//===----------------------------------------------------------------------===//
// Slices
//===----------------------------------------------------------------------===//

SummarySlicer::SummarySlicer(const SummaryFile &File) : File(File) {
  for (size_t R = 0; R < File.Units.size(); ++R) {
    const UnitSummary &U = File.Units[R];
    for (size_t F = 0; F < U.Functions.size(); ++F)
      if (!Definitions.try_emplace(U.Functions[F].USR, R, F).second)
        OtherDefinitions[U.Functions[F].USR].emplace_back(R, F);
    for (const std::string &USR : U.AddressTaken)
      TakenBy[USR].push_back(R);
    for (const std::string &USR : U.Unrecorded)
      UnrecordedBy[USR].push_back(R);
    for (const std::string &USR : U.ExternalCalls)
      CalledBy[USR].push_back(R);
    for (size_t A = 0; A < U.Arguments.size(); ++A)
      ArgumentsTo[U.Arguments[A].USR].emplace_back(R, A);
    for (size_t M = 0; M < U.MemberFunctions.size(); ++M)
      FunctionsOfMember[U.MemberFunctions[M].first].emplace_back(R, M);
  }
}

SummaryFile SummarySlicer::sliceFor(const UnitSummary &Unit) const {
  // Kept per record, in the file's order so that the first summary of a
  // function still stands.
  std::map<size_t, UnitSummary> Kept;
  auto keptOf = [&](size_t R) -> UnitSummary & {
    auto [It, New] = Kept.try_emplace(R);
    if (New) {
      const UnitSummary &From = File.Units[R];
      It->second.File = From.File;
      It->second.Command = From.Command;
      It->second.Inputs = From.Inputs;
    }
    return It->second;
  };
  std::vector<std::string> Work(Unit.ExternalCalls);
  for (const FunctionSummary &F : Unit.Functions)
    Work.push_back(F.USR);
  // A probing unit's main reaches the functions whose address it takes too.
  if (Unit.Probes)
    Work.insert(Work.end(), Unit.AddressTaken.begin(), Unit.AddressTaken.end());
  // The functions it took for its own: the units that call them anyway.
  for (const std::string &USR : Unit.OwnCallsFollowed) {
    if (auto Callers = CalledBy.find(USR); Callers != CalledBy.end())
      for (size_t R : Callers->second)
        if (File.Units[R].File != Unit.File)
          keptOf(R).ExternalCalls.push_back(USR);
    Work.push_back(USR);
  }
  // The functions whose arguments it asked for, or whose calls it
  // followed: what the other units pass, and whether they take the
  // address. The slice answers for those only.
  SummaryFile Slice;
  Slice.ArgumentsOf = Unit.AskedArguments;
  Slice.ArgumentsOf->insert(Slice.ArgumentsOf->end(),
                            Unit.OwnCallsFollowed.begin(),
                            Unit.OwnCallsFollowed.end());
  // With them, those of their callers the records follow, and of theirs:
  // whether those run, and what they pass on.
  llvm::StringSet<> WithArguments;
  size_t NextArgument = 0;
  auto takeArguments = [&] {
    for (; NextArgument < Slice.ArgumentsOf->size(); ++NextArgument) {
      std::string USR = (*Slice.ArgumentsOf)[NextArgument];
      if (!WithArguments.insert(USR).second)
        continue;
      if (auto To = ArgumentsTo.find(USR); To != ArgumentsTo.end())
        for (const auto &[R, A] : To->second) {
          // The unit's own calls too: one of its functions may be the only
          // caller of another unit's function that calls this one.
          const ArgumentRange &Entry = File.Units[R].Arguments[A];
          keptOf(R).Arguments.push_back(Entry);
          if (!Entry.CallerUSR.empty())
            Slice.ArgumentsOf->push_back(Entry.CallerUSR);
          membersOfTree(Entry.Tree, *Slice.ArgumentsOf);
          outputsOfTree(Entry.Tree, Work);
          for (const auto &Handed : Entry.HandedTo)
            Work.push_back(Handed.first);
        }
      Work.push_back(USR);
    }
  };
  takeArguments();
  // What a kept pointee's conditions need: the functions, and what every
  // unit stores into the members called through.
  llvm::StringSet<> WithMemberFunctions;
  auto takeKeptIf = [&](const FunctionSummary &F) {
    for (const FunctionSummary::KeptIf &If : F.KeptPointeesIf) {
      if (!If.ThroughMember) {
        Work.push_back(If.USR);
        continue;
      }
      if (!WithMemberFunctions.insert(If.USR).second)
        continue;
      if (auto Stores = FunctionsOfMember.find(If.USR);
          Stores != FunctionsOfMember.end())
        for (const auto &[R, M] : Stores->second) {
          const auto &Entry = File.Units[R].MemberFunctions[M];
          keptOf(R).MemberFunctions.push_back(Entry);
          Work.push_back(Entry.second);
        }
    }
  };
  llvm::StringSet<> Seen;
  // The outputs the trees read read members and outputs in turn.
  while (!Work.empty() || NextArgument < Slice.ArgumentsOf->size()) {
    if (Work.empty()) {
      takeArguments();
      continue;
    }
    std::string USR = std::move(Work.back());
    Work.pop_back();
    if (!Seen.insert(USR).second)
      continue;
    // The unit's own record is left out: the unit summarises its functions,
    // and sees its function pointers, as it is analysed.
    if (auto Taken = TakenBy.find(USR); Taken != TakenBy.end())
      for (size_t R : Taken->second)
        if (File.Units[R].File != Unit.File)
          keptOf(R).AddressTaken.push_back(USR);
    if (auto Broken = UnrecordedBy.find(USR); Broken != UnrecordedBy.end())
      for (size_t R : Broken->second) {
        keptOf(R).CompileErrors = true;
        keptOf(R).Unrecorded.push_back(USR);
      }
    auto Def = Definitions.find(USR);
    if (Def == Definitions.end())
      continue;
    const auto [R, I] = Def->second;
    const FunctionSummary &F = File.Units[R].Functions[I];
    if (File.Units[R].File != Unit.File)
      keptOf(R).Functions.push_back(F);
    for (const OutputSummary &Out : F.Outputs) {
      outputsOfTree(Out.Tree, Work);
      membersOfTree(Out.Tree, *Slice.ArgumentsOf);
    }
    for (const ParameterSummary &P : F.Params)
      for (const ForwardEdge &E : P.Forwards)
        Work.push_back(E.CalleeUSR);
    takeKeptIf(F);
    // Only a unit that probes reads the sends; other units' slices stay
    // small. But every slice keeps a definition of the function in another
    // file (an alternative linked into another program), whose existence
    // blocks a fix that edits only the first.
    if (Unit.Probes)
      Work.insert(Work.end(), F.Sends.Calls.begin(), F.Sends.Calls.end());
    auto Others = OtherDefinitions.find(USR);
    if (Others != OtherDefinitions.end())
      for (const auto &[R2, I2] : Others->second) {
        const FunctionSummary &G = File.Units[R2].Functions[I2];
        if (!Unit.Probes && G.Definition.File == F.Definition.File)
          continue;
        if (File.Units[R2].File != Unit.File)
          keptOf(R2).Functions.push_back(G);
        takeKeptIf(G);
        if (Unit.Probes)
          Work.insert(Work.end(), G.Sends.Calls.begin(), G.Sends.Calls.end());
      }
  }
  Slice.ArgumentsOf.emplace();
  for (const auto &USR : WithArguments)
    Slice.ArgumentsOf->push_back(USR.getKey().str());
  llvm::sort(*Slice.ArgumentsOf);
  Slice.WholeProgram = File.WholeProgram;
  for (auto &[R, U] : Kept)
    Slice.Units.push_back(std::move(U));
  return Slice;
}

//===----------------------------------------------------------------------===//
// Freshness
//===----------------------------------------------------------------------===//

std::string contentHash(StringRef Text) {
  return llvm::utohexstr(llvm::xxh3_64bits(Text), /*LowerCase=*/true);
}

const std::string &FileHashes::of(StringRef Path) {
  auto [It, Inserted] = Cache.try_emplace(Path);
  if (Inserted)
    if (auto Buf = llvm::MemoryBuffer::getFile(Path))
      It->second = contentHash((*Buf)->getBuffer());
  return It->second;
}

bool isFresh(const UnitSummary &U, FileHashes &Hashes, std::string *Changed) {
  for (const auto &[Path, Hash] : U.Inputs)
    if (Hashes.of(Path) != Hash) {
      if (Changed)
        *Changed = Path;
      return false;
    }
  return true;
}

//===----------------------------------------------------------------------===//
// The index
//===----------------------------------------------------------------------===//

void SummaryIndex::add(const SummaryFile &File, FileHashes &Hashes) {
  size_t StaleBefore = Stale.size();
  for (const UnitSummary &U : File.Units) {
    std::string Changed;
    if (isFresh(U, Hashes, &Changed))
      addRecord(U);
    else
      Stale.push_back({U.File, Changed});
  }
  // A stale record's calls are not the unit's calls any more.
  WholeProgram = File.WholeProgram && Stale.size() == StaleBefore;
  addArgumentsOf(File);
  Reaches.clear();
}

void SummaryIndex::addFresh(const SummaryFile &File) {
  for (const UnitSummary &U : File.Units)
    addRecord(U);
  WholeProgram = File.WholeProgram;
  addArgumentsOf(File);
  Reaches.clear();
}

void SummaryIndex::addArgumentsOf(const SummaryFile &File) {
  if (!File.ArgumentsOf)
    return;
  ArgumentsOf.emplace();
  for (const std::string &USR : *File.ArgumentsOf)
    ArgumentsOf->insert(USR);
}

void SummaryIndex::addRecord(const UnitSummary &U) {
  for (const std::string &USR : U.AddressTaken)
    AddressTaken.insert(USR);
  for (const std::string &USR : U.Unrecorded)
    Unrecorded.insert(USR);
  for (const std::string &USR : U.ExternalCalls)
    CalledWithoutDefinition.insert(USR);
  for (const ArgumentRange &A : U.Arguments)
    Arguments[{A.USR, A.Index}].push_back(&A);
  for (const auto &[Member, Function] : U.MemberFunctions) {
    std::vector<std::string> &Stored = MemberFunctions[Member];
    if (!llvm::is_contained(Stored, Function))
      Stored.push_back(Function);
  }
  Live.reset();
  // A function defined in a header has one summary per unit including it,
  // all alike: the first stands.
  for (const FunctionSummary &F : U.Functions)
    if (!Functions.try_emplace(F.USR, &F).second)
      OtherDefinitions[F.USR].push_back(&F);
}

void SummaryIndex::addLocal(const FunctionSummary &F) {
  Owned.push_back(std::make_unique<FunctionSummary>(F));
  Functions[F.USR] = Owned.back().get();
  Reaches.clear();
}

const FunctionSummary *SummaryIndex::function(StringRef USR) const {
  return Functions.lookup(USR);
}

bool SummaryIndex::keepsPointee(StringRef USR, unsigned Index) const {
  std::vector<std::pair<std::string, unsigned>> Path;
  return keepsPointee(USR, Index, Path);
}

bool SummaryIndex::keepsPointee(
    StringRef USR, unsigned Index,
    std::vector<std::pair<std::string, unsigned>> &Path) const {
  const FunctionSummary *F = function(USR);
  std::pair<std::string, unsigned> Key{USR.str(), Index};
  // A cycle, or a chain too long, keeps nothing.
  if (!F || llvm::is_contained(Path, Key) || Path.size() >= 16)
    return false;
  std::vector<const FunctionSummary *> Defs{F};
  if (auto Others = OtherDefinitions.find(USR); Others != OtherDefinitions.end())
    Defs.insert(Defs.end(), Others->second.begin(), Others->second.end());
  Path.push_back(Key);
  bool Kept = llvm::all_of(Defs, [&](const FunctionSummary *D) {
    if (llvm::is_contained(D->KeptPointees, Index))
      return true;
    bool Conditional = false;
    for (const FunctionSummary::KeptIf &If : D->KeptPointeesIf)
      if (If.Param == Index) {
        if (!conditionHolds(If, Path))
          return false;
        Conditional = true;
      }
    return Conditional;
  });
  Path.pop_back();
  return Kept;
}

bool SummaryIndex::conditionHolds(
    const FunctionSummary::KeptIf &If,
    std::vector<std::pair<std::string, unsigned>> &Path) const {
  if (!If.ThroughMember)
    return keepsPointee(If.USR, If.Arg, Path);
  // Every function the program stores into the member: known only when
  // the records are all of it, and no unit writes the member unseen.
  if (!WholeProgram || usedOutOfSight(If.USR))
    return false;
  auto Stored = MemberFunctions.find(If.USR);
  return Stored == MemberFunctions.end() ||
         llvm::all_of(Stored->second, [&](const std::string &Function) {
           return !Function.empty() && keepsPointee(Function, If.Arg, Path);
         });
}

bool SummaryIndex::runs(StringRef CallerUSR) const {
  if (CallerUSR.empty())
    return true;
  if (!Live) {
    // From the calls of callers that run whatever the records say (main, a
    // static function, a method, one whose address is taken), along the
    // calls of the functions reached.
    Live.emplace();
    llvm::StringMap<std::vector<StringRef>> Callees;
    std::vector<StringRef> Work;
    for (const auto &[Key, Entries] : Arguments)
      for (const ArgumentRange *A : Entries) {
        if (A->CallerUSR.empty() || usedOutOfSight(A->CallerUSR))
          Work.push_back(A->USR);
        else
          Callees[A->CallerUSR].push_back(A->USR);
      }
    while (!Work.empty()) {
      StringRef USR = Work.back();
      Work.pop_back();
      if (!Live->insert(USR).second)
        continue;
      if (auto It = Callees.find(USR); It != Callees.end())
        Work.insert(Work.end(), It->second.begin(), It->second.end());
    }
  }
  return Live->contains(CallerUSR) || usedOutOfSight(CallerUSR);
}

bool SummaryIndex::usedOutOfSight(StringRef USR) const {
  // A function whose address is taken runs through the pointer, whoever
  // calls it by name; a unit that did not compile may call what it names.
  return AddressTaken.contains(USR) || Unrecorded.contains(USR);
}

std::optional<ProgramArgument>
SummaryIndex::programArgument(StringRef USR, unsigned Index) const {
  std::vector<std::pair<std::string, unsigned>> Path;
  return resolveArgument(USR, Index, Path);
}

std::optional<Interval> SummaryIndex::evaluateInProgram(
    StringRef Tree, llvm::function_ref<std::optional<Interval>(unsigned)> Param,
    bool &Overflows, std::vector<std::pair<std::string, unsigned>> &Path) const {
  auto Member = [&](StringRef Field) -> std::optional<Interval> {
    std::optional<ProgramArgument> M = resolveArgument(Field, 0, Path);
    return M && M->Calls ? M->Range : std::nullopt;
  };
  auto Output = [&](StringRef Function, unsigned I,
                    llvm::ArrayRef<std::optional<Interval>> Args) {
    return outputOf(Function, I, Args, Path);
  };
  return evaluateInFixpoint(Tree, Param, Overflows, MemberFn(Member),
                            OutputFn(Output));
}

std::optional<Interval>
SummaryIndex::outputOf(StringRef USR, unsigned Index,
                       llvm::ArrayRef<std::optional<Interval>> Args) const {
  std::vector<std::pair<std::string, unsigned>> Path;
  std::optional<Interval> R = outputOf(USR, Index, Args, Path);
  return isNoValueYet(R) ? std::nullopt : R;
}

std::optional<Interval>
SummaryIndex::outputOf(StringRef USR, unsigned Index,
                       llvm::ArrayRef<std::optional<Interval>> Args,
                       std::vector<std::pair<std::string, unsigned>> &Path) const {
  const FunctionSummary *F = function(USR);
  if (!F)
    return std::nullopt;
  const OutputSummary *Out = nullptr;
  for (const OutputSummary &O : F->Outputs)
    if (O.Index == Index)
      Out = &O;
  if (!Out || Out->Tree.empty())
    return std::nullopt;
  std::string Key = USR.str() + "#" + std::to_string(Index);
  // Called again while its own value is being found: a recursion (a
  // datatype constructor that builds its child first). The fixpoint's
  // current value stands for every call of it.
  if (auto It = OutputsInProgress.find(Key); It != OutputsInProgress.end()) {
    It->second.Recursive = true;
    return It->second.Value;
  }
  // A tree of outputs within outputs can be deep; past this, unknown.
  if (OutputEvaluations >= 4096)
    return std::nullopt;
  auto evaluate = [&](llvm::ArrayRef<std::optional<Interval>> With) {
    ++OutputEvaluations;
    bool Overflows;
    return evaluateInProgram(
        Out->Tree,
        [&](unsigned I) {
          return I < With.size() ? With[I] : std::optional<Interval>();
        },
        Overflows, Path);
  };
  OutputsInProgress[Key] = {NoValueYet, false};
  std::optional<Interval> R = evaluate(Args);
  if (OutputsInProgress[Key].Recursive) {
    // Kleene's iteration from nothing, for any arguments: a value that the
    // recursion only divides settles in two rounds; one that grows never
    // does, and is unknown.
    std::optional<Interval> Value = NoValueYet;
    R.reset();
    for (int Round = 0; Round < 8; ++Round) {
      OutputsInProgress[Key].Value = Value;
      std::optional<Interval> Next = evaluate({});
      if (!Next)
        break;
      if (Next->Lo == Value->Lo && Next->Hi == Value->Hi) {
        R = Next;
        break;
      }
      Value = Next;
    }
  }
  OutputsInProgress.erase(Key);
  if (OutputsInProgress.empty())
    OutputEvaluations = 0;
  return R;
}

std::optional<ProgramArgument> SummaryIndex::resolveArgument(
    StringRef USR, unsigned Index,
    std::vector<std::pair<std::string, unsigned>> &Path) const {
  // A slice without the function's arguments would say it has no calls.
  if (!WholeProgram || usedOutOfSight(USR) ||
      (ArgumentsOf && !ArgumentsOf->contains(USR)))
    return std::nullopt;
  std::pair<std::string, unsigned> Key{USR.str(), Index};
  // A cycle of callers, or a chain too long, gives up.
  if (llvm::is_contained(Path, Key) || Path.size() >= 16)
    return std::nullopt;
  ProgramArgument Out;
  auto It = Arguments.find(Key);
  if (It == Arguments.end())
    return Out;
  Path.push_back(Key);
  for (const ArgumentRange *A : It->second) {
    if (!runs(A->CallerUSR))
      continue;
    // A structure handed as raw memory to functions that all keep it.
    bool HandedWrites = llvm::any_of(A->HandedTo, [&](const auto &H) {
      return !keepsPointee(H.first, H.second);
    });
    if (A->OnlyHanded && !HandedWrites)
      continue;
    ++Out.Calls;
    if (HandedWrites) {
      Out.WidestAt = A->HandedAt;
      Out.WidestCaller = A->WidestCaller;
      Out.Range.reset();
      break;
    }
    if (A->OverflowAt.valid() && !Out.OverflowAt.valid()) {
      Out.OverflowAt = A->OverflowAt;
      Out.OverflowText = A->OverflowText;
      Out.OverflowWriter = A->WidestCaller;
    }
    std::optional<Interval> R = A->Range;
    if (!A->Tree.empty()) {
      // Parameters of a caller the records follow hold what its callers
      // pass; members hold what the program's writes store.
      bool Overflows;
      std::optional<Interval> FromCallers = evaluateInProgram(
          A->Tree,
          [&](unsigned I) -> std::optional<Interval> {
            if (A->CallerUSR.empty())
              return std::nullopt;
            std::optional<ProgramArgument> P =
                resolveArgument(A->CallerUSR, I, Path);
            return P && P->Calls ? P->Range : std::nullopt;
          },
          Overflows, Path);
      // Nothing yet, inside a fixpoint of outputs: this entry says nothing.
      if (isNoValueYet(FromCallers))
        FromCallers.reset();
      if (FromCallers)
        R = R ? R->meet(*FromCallers) : FromCallers;
    }
    if (!R || !Out.Range || R->Hi > Out.Range->Hi) {
      Out.WidestAt = A->WidestAt;
      Out.WidestCaller = A->WidestCaller;
    }
    if (!R) {
      Out.Range.reset();
      break;
    }
    Out.Range = Out.Range ? Out.Range->join(*R) : *R;
  }
  Path.pop_back();
  return Out;
}

std::optional<WideInt> SummaryIndex::sends(StringRef USR) const {
  std::vector<StringRef> Work{USR};
  llvm::StringSet<> Seen;
  WideInt Most = 0;
  while (!Work.empty()) {
    StringRef Next = Work.back();
    Work.pop_back();
    if (!Seen.insert(Next).second)
      continue;
    const FunctionSummary *First = function(Next);
    if (!First)
      return std::nullopt;
    std::vector<const FunctionSummary *> Defs{First};
    if (auto Others = OtherDefinitions.find(Next);
        Others != OtherDefinitions.end())
      Defs.insert(Defs.end(), Others->second.begin(), Others->second.end());
    for (const FunctionSummary *F : Defs) {
      if (!F->Sends.Known)
        return std::nullopt;
      Most = std::max(Most, WideInt(F->Sends.Bytes));
      for (const std::string &C : F->Sends.Calls)
        Work.push_back(C);
    }
  }
  return Most;
}

/// The function's name in a clang USR (`c:@F@copy`, `c:file.c@F@copy`,
/// `c:@N@ns@F@copy#I#`): a helper that has no record of its own (no
/// parameter of it reaches MPI) is named so.
static std::string nameInUSR(StringRef USR) {
  size_t At = USR.rfind("@F@");
  StringRef Name = At == StringRef::npos ? USR : USR.substr(At + 3);
  return Name.take_until([](char C) { return C == '#'; }).str();
}

/// Follows the forwards of one parameter depth-first; a chain that comes
/// back to a parameter already on the path adds nothing.
bool SummaryIndex::close(const std::string &Key, Reach &R,
                         std::vector<std::string> &Path) {
  if (llvm::is_contained(Path, Key))
    return false;
  size_t Bar = Key.rfind('#');
  const FunctionSummary *F = function(StringRef(Key).take_front(Bar));
  unsigned Index = std::stoul(Key.substr(Bar + 1));
  const ParameterSummary *P = F ? F->param(Index) : nullptr;
  if (!P)
    return false;
  Path.push_back(Key);
  bool Reaches = !P->Uses.empty();
  R.Uses.insert(R.Uses.end(), P->Uses.begin(), P->Uses.end());
  R.Fix.insert(R.Fix.end(), P->Fix.begin(), P->Fix.end());
  if (R.Blocker.empty() && !P->Blocker.empty()) {
    R.Blocker = P->Blocker;
    R.BlockerAt = P->BlockerAt;
  }
  if (R.Blocker.empty() && AddressTaken.contains(F->USR)) {
    R.Blocker = "the address of '" + F->Name +
                "' is taken: a function pointer's type would have to change "
                "with it";
    R.BlockerAt = F->Definition;
  }
  // Alternative definitions of one function in several files (a weak
  // default and a profiling replacement): the edits are one file's.
  if (R.Blocker.empty() && !P->Fix.empty())
    if (auto Others = OtherDefinitions.find(F->USR);
        Others != OtherDefinitions.end())
      for (const FunctionSummary *Other : Others->second)
        if (Other->Definition.File != F->Definition.File) {
          R.Blocker = "'" + F->Name + "' is also defined in '" +
                      Other->Definition.File +
                      "': that definition would have to change with it";
          R.BlockerAt = F->Definition;
          break;
        }
  for (const ForwardEdge &E : P->Forwards) {
    bool Through = close(E.CalleeUSR + "#" + std::to_string(E.Index), R, Path);
    // A parameter that also goes to a helper whose parameter reaches no MPI
    // call (a local copy's size): widened, it would reach MPI whole and be
    // cut there.
    if (!Through && R.Blocker.empty() && !P->Fix.empty()) {
      const FunctionSummary *Helper = function(E.CalleeUSR);
      R.Blocker = "it is also passed to '" +
                  (Helper ? Helper->Name : nameInUSR(E.CalleeUSR)) +
                  "', whose parameter stays 'int'";
      R.BlockerAt = E.At;
    }
    Reaches |= Through;
  }
  Path.pop_back();
  return Reaches;
}

const Reach *SummaryIndex::reach(StringRef USR, unsigned Index) {
  std::string Key = USR.str() + "#" + std::to_string(Index);
  auto It = Reaches.find(Key);
  if (It == Reaches.end()) {
    auto R = std::make_unique<Reach>();
    std::vector<std::string> Path;
    if (close(Key, *R, Path)) {
      R->Function = function(USR);
      R->Param = R->Function->param(Index);
      std::sort(R->Fix.begin(), R->Fix.end());
      R->Fix.erase(std::unique(R->Fix.begin(), R->Fix.end()), R->Fix.end());
    } else {
      R.reset();
    }
    It = Reaches.emplace(Key, std::move(R)).first;
  }
  return It->second.get();
}

} // namespace mpix
