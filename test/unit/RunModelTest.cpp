//===-- RunModelTest.cpp - The model of a run, without clang-tidy ---------===//
//
// The model table (lib/MPIModel.def) and what the value analysis makes of it
// on small bodies parsed by clang alone: process counts, ranks, received
// counts, predefined datatype sizes, StrictTypes; and the transfer rules
// that round quotients back to their dividends.
//
//===----------------------------------------------------------------------===//

#include "MPIApi.h"
#include "analysis/IntervalAnalysis.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace clang::ast_matchers;

namespace mpix {
namespace {

TEST(ModelTable, Roles) {
  const ModelInfo *Size = lookupModel("MPI_Comm_size");
  ASSERT_NE(Size, nullptr);
  EXPECT_EQ(Size->Role, ModelRole::SIZE_OUT);
  EXPECT_EQ(Size->Out, 1);
  const ModelInfo *Rank = lookupModel("PMPI_Comm_rank");
  ASSERT_NE(Rank, nullptr);
  EXPECT_EQ(Rank->Role, ModelRole::RANK_OUT);
  const ModelInfo *Recv = lookupModel("MPI_Recv");
  ASSERT_NE(Recv, nullptr);
  EXPECT_EQ(Recv->Role, ModelRole::RECEIVE);
  EXPECT_EQ(Recv->Count, 1);
  EXPECT_EQ(Recv->Status, 6);
  EXPECT_EQ(lookupModel("MPI_Send"), nullptr);
  const ModelInfo *Init = lookupModel("MPI_Send_init");
  ASSERT_NE(Init, nullptr);
  EXPECT_EQ(Init->Role, ModelRole::PERSISTENT);
  EXPECT_EQ(Init->Request, 6);
  ASSERT_NE(lookupModel("MPI_Startall"), nullptr);
  EXPECT_EQ(lookupModel("MPI_Startall")->Role, ModelRole::START);
  EXPECT_EQ(lookupModel("MPI_Startall")->Request, 1);
  ASSERT_NE(lookupModel("MPI_Request_free"), nullptr);
  EXPECT_EQ(lookupModel("MPI_Request_free")->Role, ModelRole::FREE);
  EXPECT_EQ(spellingOf(ModelConstant::NULL_PROCESS), "MPI_PROC_NULL");
  for (const ModelInfo &M : allModelFunctions())
    for (int I : {M.Out, M.Status, M.Count, M.Type, M.Source, M.Request,
                  M.Flag})
      EXPECT_LT(I, int(M.Arity)) << M.Name.str();
}

// A miniature mpi.h: what the model needs is the names and arities.
const char *Header = R"(
extern "C" {
typedef int MPI_Comm;
typedef int MPI_Datatype;
typedef struct { int MPI_SOURCE, count; } MPI_Status;
int MPI_Comm_size(MPI_Comm, int *);
int MPI_Comm_rank(MPI_Comm, int *);
int MPI_Type_size(MPI_Datatype, int *);
int MPI_Recv(void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Status *);
int MPI_Get_count(const MPI_Status *, MPI_Datatype, int *);
int MPI_Probe(int, int, MPI_Comm, MPI_Status *);
int MPI_Send(const void *, int, MPI_Datatype, int, int, MPI_Comm);
int MPI_Type_contiguous(int, MPI_Datatype, MPI_Datatype *);
int MPI_Type_vector(int, int, int, MPI_Datatype, MPI_Datatype *);
int MPI_Type_commit(MPI_Datatype *);
typedef long MPI_Aint;
typedef int MPI_Request;
int MPI_Type_create_struct(int, const int[], const MPI_Aint[],
                           const MPI_Datatype[], MPI_Datatype *);
int MPI_Send_init(const void *, int, MPI_Datatype, int, int, MPI_Comm,
                  MPI_Request *);
int MPI_Start(MPI_Request *);
int MPI_Wait(MPI_Request *, MPI_Status *);
int MPI_Request_free(MPI_Request *);
int MPI_Dims_create(int, int, int[]);
int MPI_Cart_create(MPI_Comm, int, const int[], const int[], int, MPI_Comm *);
int MPI_Cart_get(MPI_Comm, int, int[], int[], int[]);
int MPI_Cart_coords(MPI_Comm, int, int, int[]);
int MPI_Status_set_elements(MPI_Status *, MPI_Datatype, int);
int MPI_Get_elements(const MPI_Status *, MPI_Datatype, int *);
int atoi(const char *);
}
#define MPI_INT ((MPI_Datatype)0x4c000405)
#define MPI_CHAR ((MPI_Datatype)0x4c000101)
)";

class Model : public UnitKnowledge {
public:
  RunModel M;
  const Expr *constantInitializer(const VarDecl *) override { return nullptr; }
  std::optional<Interval> argumentRange(const ParmVarDecl *) override {
    return std::nullopt;
  }
  bool argumentsIndexBelow(const ParmVarDecl *, const ParmVarDecl *) override {
    return false;
  }
  const RunModel *runModel() const override { return &M; }
  /// What the unit's sends bound a probed message to (none: unknown).
  std::optional<WideInt> ProbeBytes;
  std::optional<WideInt> probedMessageBytes() override { return ProbeBytes; }
  /// A helper's output, followed into its body as the checks' cache of
  /// per-function analyses follows it.
  std::optional<Interval>
  outputRange(const CallExpr *, const FunctionDecl *F, unsigned Index,
              llvm::ArrayRef<std::optional<Interval>> Args,
              const Expr *&OverflowSite) override {
    const FunctionDecl *Def = nullptr;
    if (!F->hasBody(Def))
      return std::nullopt;
    ASTContext &Ctx = const_cast<ASTContext &>(Def->getASTContext());
    FunctionFacts Facts(Def->getBody(), Ctx);
    RangeAnalysis Ranges(Ctx, &Facts, this, Def);
    return Ranges.outputRange(Def, Index, Args, OverflowSite);
  }
};

/// What the analysis makes of the initializer of local `probe` in function
/// `f` of \p Code: its range, and whether an int operation of it can
/// overflow. With \p InFunction, the analysis knows it analyses `f` (the
/// questions of order within it need that).
struct Probed {
  Interval Range;
  bool Overflows;
};
std::optional<Probed> probeAll(const std::string &Code, bool Strict = false,
                               std::optional<WideInt> ProbeBytes = std::nullopt,
                               bool InFunction = false,
                               llvm::StringRef Stated = "") {
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs(Header + Code, {"-std=c++17"});
  ASTContext &Ctx = AST->getASTContext();
  auto Found = match(
      functionDecl(hasName("f"), hasBody(stmt().bind("body")),
                   forEachDescendant(varDecl(hasName("probe")).bind("probe")))
          .bind("f"),
      Ctx);
  if (Found.size() != 1)
    return std::nullopt;
  const auto *Body = Found[0].getNodeAs<Stmt>("body");
  const auto *Probe = Found[0].getNodeAs<VarDecl>("probe");
  FunctionFacts Facts(Body, Ctx);
  Model Unit;
  Unit.M.StrictTypes = Strict;
  Unit.ProbeBytes = ProbeBytes;
  std::vector<std::string> Unread;
  Unit.M.Declared = DeclaredRanges::parse(Stated, Unread);
  EXPECT_TRUE(Unread.empty());
  RangeAnalysis Ranges(Ctx, &Facts, &Unit,
                       InFunction ? Found[0].getNodeAs<FunctionDecl>("f")
                                  : nullptr);
  std::optional<RangeAnalysis::Result> R =
      Ranges.evaluate(Probe->getInit(), Ranges.constraintsAt(Probe->getInit()));
  if (!R)
    return std::nullopt;
  return Probed{R->Range, R->OverflowSite != nullptr};
}

/// The range alone.
std::optional<Interval> probe(const std::string &Code, bool Strict = false,
                              std::optional<WideInt> ProbeBytes = std::nullopt,
                              bool InFunction = false) {
  std::optional<Probed> P = probeAll(Code, Strict, ProbeBytes, InFunction);
  return P ? std::optional<Interval>(P->Range) : std::nullopt;
}

const WideInt IntMax = 2147483647, MaxProcesses = WideInt(1) << 24;
/// Whether the initializer of `probe` in `f` of \p Code can overflow.
bool probeOverflows(const std::string &Code) {
  std::optional<Probed> P = probeAll(Code, false, std::nullopt, true);
  return !P || P->Overflows;
}

TEST(Transfer, RoundedQuotients) {
  // (X / Y) * Y lies between 0 and X: spelled, assigned, or held in a
  // local whose store reaches the product with its operands unchanged.
  EXPECT_FALSE(probeOverflows("void f(int k, int m) { int probe = (k / m) * m; }"));
  EXPECT_FALSE(probeOverflows(
      "void f(int k, int m) { int j; int probe = (j = k / m) * m; }"));
  EXPECT_FALSE(probeOverflows("void f(int n, int nb) { int t = (n - 1) / nb; "
                              "int probe = t * nb; t = nb; n = 0; }"));
  // X - (X / Y) * Y is X % Y: below m when m is positive.
  std::optional<Interval> R = probe(
      "void f(int k, int m) { if (m <= 0 || m > 100 || k < 0) return; "
      "int j; int probe = k - (j = k / m) * m; }",
      false, std::nullopt, true);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Lo, 0);
  EXPECT_EQ(R->Hi, 99);
  // A divisor or a dividend written in between, a second store that may
  // reach, a narrower holder: the product is not a rounding.
  EXPECT_TRUE(probeOverflows("void f(int n, int nb) { int t = n / nb; "
                             "nb = nb + 1; int probe = t * nb; }"));
  EXPECT_TRUE(probeOverflows("void f(int n, int nb, int w) { int t = n / nb; "
                             "if (w) t = w; int probe = t * nb; }"));
  EXPECT_TRUE(probeOverflows("void f(int n, int nb) { short t = n / nb; "
                             "int probe = t * nb; }"));
  EXPECT_TRUE(probeOverflows("void f(int *n, int nb) { int t = *n / nb; "
                             "int probe = t * nb; }"));
}

TEST(Transfer, PointerDifferences) {
  // A cursor moved only forward from the base: the end's offset less at
  // least 0.
  std::optional<Interval> R = probe(
      "void f(int *b, int n) { if (n < 0 || n > 100) return; int *c = b; "
      "for (int i = 0; i < 3; ++i) c += 2; long probe = b + n - c; }",
      false, std::nullopt, true);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Hi, 100);
  // Both ends from stores: `&b[k]` and a ternary of offsets.
  R = probe("void f(int *b, int k, int w) { if (k < 0 || k > 9) return; "
            "int *e = &b[k + 10]; int *c = w ? b + 1 : b + 2; "
            "long probe = e - c; }",
            false, std::nullopt, true);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Lo, 8);
  EXPECT_EQ(R->Hi, 18);
  // Moved back, counted in other elements, a base stored to, a call that
  // may change the member: no bound.
  const WideInt LongMax = (WideInt(1) << 63) - 1;
  for (const char *Code :
       {"void f(int *b, int n) { if (n < 0 || n > 100) return; int *c = b; "
        "c -= n; long probe = b + n - c; }",
        "void f(int *b, int n) { if (n < 0 || n > 100) return; "
        "long probe = (char *)(b + n) - (char *)b; }",
        "void f(int *b, int *o, int n) { if (n < 0 || n > 100) return; "
        "int *c = b; b = o; long probe = b + n - c; }",
        "struct S { int *p; }; void g(struct S *); "
        "void f(struct S *s, int n) { if (n < 0 || n > 100) return; "
        "int *c = s->p; g(s); long probe = s->p + n - c; }"}) {
    R = probe(Code, false, std::nullopt, true);
    ASSERT_TRUE(R) << Code;
    EXPECT_EQ(R->Hi, LongMax) << Code;
  }
}

TEST(Transfer, UnsignedDifferences) {
  // Judged where the minuend is at least the subtrahend: below the minuend.
  std::optional<Interval> R = probe(
      "void f(unsigned long a, int b) { if (b < 0) return; "
      "unsigned long probe = (unsigned long)b - a; }",
      false, std::nullopt, true);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Lo, 0);
  EXPECT_EQ(R->Hi, IntMax);
  // Below zero whatever the operands: it wraps, as C says.
  R = probe("void f(unsigned a) { if (a < 5 || a > 10) return; "
            "unsigned long probe = 2UL - a; }",
            false, std::nullopt, true);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Hi, (WideInt(1) << 64) - 1);
}

TEST(Transfer, StoresEndingEveryRun) {
  // The helper's last statement overwrites what the branches stored.
  const char *Clamped =
      "static void g(unsigned long n, unsigned long *o) { "
      "if (n > 7) *o = n * n; else *o = n + 1; *o = *o < n ? *o : n; } "
      "void f(int k) { if (k < 0) return; unsigned long v; g(k, &v); "
      "unsigned long probe = v; }";
  std::optional<Interval> R = probe(Clamped, false, std::nullopt, true);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Hi, IntMax);
  // A clamp some runs skip, or a return before it: what the branches
  // stored, up to k * k.
  for (std::string Skip : {"if (n) *o = *o < n ? *o : n;",
                           "if (!n) return; *o = *o < n ? *o : n;"}) {
    std::string Code = Clamped;
    Code.replace(Code.find("*o = *o < n ? *o : n;"), 21, Skip);
    R = probe(Code, false, std::nullopt, true);
    ASSERT_TRUE(R) << Code;
    EXPECT_EQ(R->Hi, IntMax * IntMax) << Code;
  }
}

TEST(Transfer, StoresJustBefore) {
  // A member element read right after a store to it holds what was stored;
  // a call between may change it.
  std::optional<Interval> R = probe(
      "struct S { int a[4]; }; void f(struct S *s, long k) { "
      "s->a[1] = (int)(k % 10); int t = 0; long probe = s->a[1]; }",
      false, std::nullopt, true);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Lo, -9);
  EXPECT_EQ(R->Hi, 9);
  R = probe("struct S { int a[4]; }; void g(struct S *); "
            "void f(struct S *s, long k) { s->a[1] = (int)(k % 10); g(s); "
            "long probe = s->a[1]; }",
            false, std::nullopt, true);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Hi, IntMax);
  // A model output stored there: a received count.
  R = probe("struct S { int got; }; void f(struct S *s, int *b) { "
            "MPI_Status st; MPI_Recv(b, 50, MPI_INT, 0, 0, 0, &st); "
            "MPI_Get_count(&st, MPI_INT, &s->got); long probe = s->got; }",
            false, std::nullopt, true);
  ASSERT_TRUE(R);
  EXPECT_LE(R->Hi, 50);
}

TEST(Transfer, Remainders) {
  // Smaller than the divisor in magnitude whatever its sign: dividing by
  // zero is undefined. The result takes the dividend's sign.
  std::optional<Interval> R = probe(
      "void f(int k, int m) { if (m < -100 || m > 100) return; "
      "int probe = k % m; }",
      false, std::nullopt, true);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Lo, -99);
  EXPECT_EQ(R->Hi, 99);
  R = probe("void f(int k, int m) { if (m < 0 || m > 100 || k < 0) return; "
            "int probe = k % m; }",
            false, std::nullopt, true);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Lo, 0);
  EXPECT_EQ(R->Hi, 99);
  R = probe("void f(int k) { int probe = k % 0; }");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Hi, IntMax);
  // Spelled out, the same: the division before it leaves 0 out.
  R = probe("void f(int k, int m) { if (m < -100 || m > 100) return; "
            "int probe = k - (k / m) * m; }",
            false, std::nullopt, true);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Lo, -99);
  EXPECT_EQ(R->Hi, 99);
  // The quotient held in a local, over a constant written as a shift.
  R = probe("void f(unsigned long n) { unsigned long w = n / (1UL << 30); "
            "unsigned long probe = n - w * (1UL << 30); }",
            false, std::nullopt, true);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Lo, 0);
  EXPECT_EQ(R->Hi, (WideInt(1) << 30) - 1);
}

TEST(Transfer, GuardsCuttingAnEnd) {
  // `x != v` removes v only at an end of x's range; two variables compared
  // bound each other whatever side each stands on, unsigned as signed.
  std::optional<Interval> R = probe(
      "void f(unsigned n) { if (n == 0) return; unsigned probe = n; }", false,
      std::nullopt, true);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Lo, 1);
  R = probe("void f(int n) { if (n == 5) return; int probe = n; }", false,
            std::nullopt, true);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Lo, -IntMax - 1);
  EXPECT_EQ(R->Hi, IntMax);
  R = probe("void f(unsigned long n) { unsigned long lim = 1UL << 30; "
            "if (lim < n) return; unsigned long probe = n; }",
            false, std::nullopt, true);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Hi, WideInt(1) << 30);
}

TEST(Transfer, GuardsLeavingThroughErrorMacros) {
  // An element read after a guard that leaves through `do { goto out; }
  // while (0)` is bounded by it; a `break` there ends only the do-while.
  const std::string Guarded =
      "struct e { unsigned long b; }; void f(struct e *d) { "
      "unsigned long lim = 1UL << 30; if (lim < d[0].b) do { LEAVE; } while (0); "
      "unsigned long probe = d[0].b; out:; }";
  auto With = [&](const std::string &Leave) {
    std::string Code = Guarded;
    Code.replace(Code.find("LEAVE"), 5, Leave);
    return probe(Code, false, std::nullopt, true);
  };
  std::optional<Interval> R = With("goto out;");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Hi, WideInt(1) << 30);
  R = With("break;");
  ASSERT_TRUE(R);
  EXPECT_GT(R->Hi, WideInt(1) << 32);
}

/// boundWhereKept for the first `a[i] = (int)x` of `f` in \p Code, on x.
std::optional<Interval> keptBound(const std::string &Code) {
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs(Header + Code, {"-std=c++17"});
  ASTContext &Ctx = AST->getASTContext();
  auto Found = match(
      functionDecl(
          hasName("f"), hasBody(stmt().bind("body")),
          hasDescendant(
              binaryOperator(isAssignmentOperator(),
                             hasLHS(arraySubscriptExpr()),
                             hasRHS(explicitCastExpr(hasSourceExpression(
                                 expr().bind("source")))))
                  .bind("store"))),
      Ctx);
  if (Found.empty())
    return std::nullopt;
  FunctionFacts Facts(Found[0].getNodeAs<Stmt>("body"), Ctx);
  Model Unit;
  RangeAnalysis Ranges(Ctx, &Facts, &Unit);
  const auto *Store = Found[0].getNodeAs<BinaryOperator>("store");
  return Ranges.boundWhereKept(Store, Found[0].getNodeAs<Expr>("source"),
                               Ranges.constraintsAt(Store));
}

TEST(Transfer, ElementsOverwrittenWhereLarge) {
  // The element keeps the narrowed value only where the later `if` does
  // not overwrite it: there, its condition bounds the value.
  std::optional<Interval> R = keptBound(
      "void f(int *a, const unsigned long *s, int n) { "
      "for (int i = 0; i < n; i++) { unsigned long x = s[i]; a[i] = (int)x; "
      "if (x > 4096) { a[i] = 1; } } }");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Hi, 4096);
  R = keptBound("void f(int *a, const unsigned long *s, int n) { "
                "for (int i = 0; i < n; i++) { unsigned long x = s[i]; "
                "a[i] = (int)x; if (x <= 100) {} else a[i] = 1; } }");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Hi, 100);
  // Another element overwritten, the index or the value changed first.
  EXPECT_FALSE(keptBound("void f(int *a, const unsigned long *s, int n) { "
                         "for (int i = 0; i < n; i++) { unsigned long x = s[i]; "
                         "a[i] = (int)x; if (x > 4096) a[0] = 1; } }"));
  EXPECT_FALSE(keptBound("void f(int *a, const unsigned long *s, int n) { "
                         "for (int i = 0; i < n; i++) { unsigned long x = s[i]; "
                         "a[i] = (int)x; x /= 2; if (x > 4096) a[i] = 1; } }"));
  EXPECT_FALSE(keptBound("void f(int *a, const unsigned long *s, int n) { "
                         "for (int i = 0; i < n; i++) { unsigned long x = s[i]; "
                         "a[i] = (int)x; if (x > 4096) { i++; a[i] = 1; } } }"));
}

/// How many element stores of `a` in `f` of \p Code reach the call `g(a)`.
size_t storesReachingCall(const std::string &Code) {
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      "void g(int *);\n" + Code, {"-std=c++17"});
  ASTContext &Ctx = AST->getASTContext();
  auto Found = match(
      functionDecl(hasName("f"), hasBody(stmt().bind("body")),
                   hasDescendant(varDecl(hasName("a")).bind("a")),
                   hasDescendant(callExpr(callee(functionDecl(hasName("g"))))
                                     .bind("call"))),
      Ctx);
  if (Found.size() != 1)
    return ~size_t(0);
  FunctionFacts Facts(Found[0].getNodeAs<Stmt>("body"), Ctx);
  return Facts
      .elementWritesReaching(Found[0].getNodeAs<VarDecl>("a"),
                             Found[0].getNodeAs<CallExpr>("call"))
      .size();
}

TEST(FunctionFacts, StoresOnTheOtherBranch) {
  // One run takes one branch of an if: a store in the other cannot reach.
  EXPECT_EQ(storesReachingCall("void f(int c, int n) { int a[4]; "
                               "if (c) { a[n] = n; } else { a[c] = 1; g(a); } }"),
            1u);
  // A loop around the if, or a label before its end, brings it back.
  EXPECT_EQ(storesReachingCall("void f(int c, int n) { int a[4]; "
                               "for (int k = 0; k < 2; k++) { "
                               "if (c) { a[n] = n; } else { a[c] = 1; g(a); } } }"),
            2u);
  EXPECT_EQ(storesReachingCall("void f(int c, int n) { int a[4]; again: "
                               "if (c) { a[n] = n; } else { a[c] = 1; g(a); "
                               "c = 1; goto again; } }"),
            2u);
  // A label after it does not.
  EXPECT_EQ(storesReachingCall("void f(int c, int n) { int a[4]; "
                               "if (c) { a[n] = n; goto done; } else { a[c] = 1; "
                               "g(a); } done: ; }"),
            1u);
}

TEST(RunModel, ProcessCounts) {
  // The size query replaces the -1 before the read; on a branch, it may not.
  std::optional<Interval> R =
      probe("void f() { int n = -1; MPI_Comm_size(0, &n); int probe = n; }");
  ASSERT_TRUE(R);
  EXPECT_GE(R->Lo, 0);
  EXPECT_EQ(R->Hi, MaxProcesses);
  R = probe("void f(int c) { int n = -1; if (c) MPI_Comm_size(0, &n); "
            "int probe = n; }");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Lo, -1);
  EXPECT_EQ(R->Hi, MaxProcesses);
  R = probe("void f() { int r; MPI_Comm_rank(0, &r); int probe = r * 2; }");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Lo, 0);
  EXPECT_EQ(R->Hi, 2 * (MaxProcesses - 1));
  R = probe("void f() { int n; MPI_Comm_size(0, &n); "
            "for (int i = 0; i < n; i++) { int probe = 2 * (n - (i + 1)); } }");
  ASSERT_TRUE(R);
  EXPECT_LE(R->Hi, 2 * MaxProcesses);
}

// The extents of one process grid multiply to its size, and a coordinate
// is below its extent: elements at distinct dimensions multiply to at most
// the number of processes. The same dimension twice, or two grids, do not.
TEST(RunModel, GridProducts) {
  std::string Made = "void f(int n) { int dims[2] = {0, 0}, per[2] = {0, 0};"
                     " int c[2]; MPI_Comm g; MPI_Dims_create(n, 2, dims);"
                     " MPI_Cart_create(0, 2, dims, per, 0, &g);"
                     " MPI_Cart_coords(g, 3, 2, c); ";
  std::optional<Probed> P = probeAll(Made + "int probe = c[1] * dims[0] * 8; }");
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Range.Lo, 0);
  EXPECT_EQ(P->Range.Hi, 8 * MaxProcesses);
  EXPECT_FALSE(P->Overflows);
  P = probeAll(Made + "int probe = c[1] * dims[1] * 8; }");
  ASSERT_TRUE(P);
  EXPECT_TRUE(P->Overflows);
  P = probeAll("void f(MPI_Comm a, MPI_Comm b) { int d[2], p[2], m[2], c[2];"
               " MPI_Cart_get(a, 2, d, p, m); MPI_Cart_coords(b, 0, 2, c);"
               " int probe = c[1] * d[0] * 8; }");
  ASSERT_TRUE(P);
  EXPECT_TRUE(P->Overflows);
}

// A status set in basic elements answers the elements asked in its own
// datatype, derived or not.
TEST(RunModel, StatusesSetInElements) {
  std::optional<Interval> R =
      probe("void f(MPI_Status st, MPI_Datatype t) { int e; "
            "MPI_Status_set_elements(&st, t, 100); "
            "MPI_Get_elements(&st, t, &e); int probe = e; }",
            false, std::nullopt, true);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Hi, 100);
}

TEST(DeclaredRanges, Entries) {
  std::vector<std::string> Unread;
  DeclaredRanges D = DeclaredRanges::parse(
      " nrhs : 1..2^10 ;panel.rows:4096; .rows:0..8192; level:-8..8; "
      "sizes():100; n:10; n:5..20; ; bare; x:; 3y:1; a.b.c:1; f(:1; "
      "z:9..1; w:2^200; pack::size:64; ::size:1; pack:::1",
      Unread);
  EXPECT_EQ(Unread, (std::vector<std::string>{"bare", "x:", "3y:1", "a.b.c:1",
                                              "f(:1", "z:9..1", "w:2^200",
                                              "::size:1", "pack:::1"}));
  ASSERT_TRUE(D.ofVariable("nrhs"));
  EXPECT_EQ(D.ofVariable("nrhs")->Lo, 1);
  EXPECT_EQ(D.ofVariable("nrhs")->Hi, 1024);
  // A bare bound is an upper one over the non-negative values.
  EXPECT_EQ(D.ofCall("sizes")->Lo, 0);
  EXPECT_EQ(D.ofCall("sizes")->Hi, 100);
  EXPECT_EQ(D.ofVariable("level")->Lo, -8);
  // Two statements of one target both hold.
  EXPECT_EQ(D.ofVariable("n")->Lo, 5);
  EXPECT_EQ(D.ofVariable("n")->Hi, 10);
  // A record's member meets what is stated of every record's.
  EXPECT_EQ(D.ofMember("panel", "rows")->Hi, 4096);
  EXPECT_EQ(D.ofMember("other", "rows")->Hi, 8192);
  EXPECT_FALSE(D.ofMember("panel", "cols"));
  EXPECT_FALSE(D.ofVariable("rows"));
  EXPECT_FALSE(D.ofCall("nrhs"));
  EXPECT_TRUE(DeclaredRanges::parse("", Unread).empty());
}

TEST(RunModel, DeclaredRanges) {
  const char *Product =
      "int cols(int); void f(int ncols, int nrhs) { "
      "int probe = cols(ncols) * nrhs; }";
  EXPECT_TRUE(probeOverflows(Product));
  std::optional<Probed> P =
      probeAll(Product, false, std::nullopt, true, "cols():4096; nrhs:1..512");
  ASSERT_TRUE(P);
  EXPECT_FALSE(P->Overflows);
  EXPECT_EQ(P->Range.Lo, 0);
  EXPECT_EQ(P->Range.Hi, 4096 * 512);
  // The statement bounds the value read, not the store that made it: a
  // known constant stays known.
  P = probeAll("void f() { int nrhs = 3; int probe = nrhs * 2; }", false,
               std::nullopt, true, "nrhs:1..512");
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Range.Lo, 6);
  EXPECT_EQ(P->Range.Hi, 6);
  // `function::name` is that function's variable only.
  const char *Scoped = "void f(int size, int n) { int probe = size * n; }";
  P = probeAll(Scoped, false, std::nullopt, true, "f::size:64; n:1000");
  ASSERT_TRUE(P);
  EXPECT_FALSE(P->Overflows);
  EXPECT_EQ(P->Range.Hi, 64000);
  EXPECT_TRUE(probeAll(Scoped, false, std::nullopt, true,
                       "g::size:64; n:1000")->Overflows);
}

TEST(RunModel, StrictTypesAndInputs) {
  std::optional<Interval> R = probe(
      "void f() { int n; MPI_Comm_size(0, &n); int probe = n; }", true);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Hi, IntMax);
  // Handed to something else too: unknown.
  R = probe("void g(int *); void f() { int n; MPI_Comm_size(0, &n); g(&n); "
            "int probe = n; }");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Hi, IntMax);
  R = probe("void f(char **argv) { int probe = atoi(argv[1]); }");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Hi, IntMax);
}

TEST(RunModel, Sizes) {
  std::optional<Interval> R =
      probe("void f() { int s; MPI_Type_size(MPI_INT, &s); int probe = s; }");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Hi, 64);
  R = probe("void f(MPI_Datatype t) { int s; MPI_Type_size(t, &s); "
            "int probe = s; }");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Hi, IntMax);
}

TEST(RunModel, ReceivedCounts) {
  std::optional<Interval> R =
      probe("void f(int *b) { MPI_Status st; int got; "
            "MPI_Recv(b, 100, MPI_INT, 0, 0, 0, &st); "
            "MPI_Get_count(&st, MPI_INT, &got); int probe = got; }");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Lo, 0);
  EXPECT_EQ(R->Hi, 100);
}

// Asked in another datatype: at most the bytes of the count received, with
// 64 bytes per predefined element.
TEST(RunModel, ReceivedCountsInAnotherDatatype) {
  std::optional<Interval> R =
      probe("void f(int *b) { MPI_Status st; int got; "
            "MPI_Recv(b, 100, MPI_INT, 0, 0, 0, &st); "
            "MPI_Get_count(&st, MPI_CHAR, &got); int probe = got; }");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Lo, 0);
  EXPECT_EQ(R->Hi, 100 * 64);
}

// Completing a persistent request that is not started gives an empty
// status; once started (and not waited for before), the model says nothing.
TEST(RunModel, InactivePersistentRequests) {
  std::optional<Interval> R =
      probe("void f(int *b) { MPI_Status st; MPI_Request r; int got; "
            "MPI_Send_init(b, 100, MPI_INT, 0, 0, 0, &r); "
            "MPI_Wait(&r, &st); MPI_Request_free(&r); "
            "MPI_Get_count(&st, MPI_INT, &got); int probe = got; }",
            false, std::nullopt, true);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Lo, 0);
  EXPECT_EQ(R->Hi, 0);
  R = probe("void f(int *b) { MPI_Status st; MPI_Request r; int got; "
            "MPI_Send_init(b, 100, MPI_INT, 0, 0, 0, &r); MPI_Start(&r); "
            "MPI_Wait(&r, &st); MPI_Request_free(&r); "
            "MPI_Get_count(&st, MPI_INT, &got); int probe = got; }",
            false, std::nullopt, true);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Hi, IntMax);
}

// A probe of a real process: the bytes the unit's sends can put in a
// message bound the count in any datatype (WholeProgram); unknown without.
TEST(RunModel, ProbedCounts) {
  const char *Code = "void f() { MPI_Status st; int got; "
                     "MPI_Probe(0, 0, 0, &st); "
                     "MPI_Get_count(&st, MPI_INT, &got); int probe = got; }";
  std::optional<Interval> R = probe(Code, false, WideInt(800));
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Lo, 0);
  EXPECT_EQ(R->Hi, 800);
  R = probe(Code);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Hi, IntMax);
}

/// sentBytes of the MPI_Send in function `f` of \p Code.
std::optional<WideInt> sent(const std::string &Code) {
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs(Header + Code, {"-std=c++17"});
  ASTContext &Ctx = AST->getASTContext();
  auto Found = match(
      functionDecl(hasName("f"), hasBody(stmt().bind("body")),
                   forEachDescendant(
                       callExpr(callee(functionDecl(hasName("MPI_Send"))))
                           .bind("send"))),
      Ctx);
  if (Found.size() != 1)
    return std::nullopt;
  FunctionFacts Facts(Found[0].getNodeAs<Stmt>("body"), Ctx);
  Model Unit;
  RangeAnalysis Ranges(Ctx, &Facts, &Unit);
  return Ranges.sentBytes(Found[0].getNodeAs<CallExpr>("send"), 1, 2);
}

// A send's bytes: its count times its datatype's size, 64 for a predefined
// datatype, the product of a constructor's counts for one built here.
TEST(RunModel, SentBytes) {
  EXPECT_EQ(sent("void f(int *b) { MPI_Send(b, 10, MPI_INT, 1, 0, 0); }"),
            WideInt(640));
  EXPECT_EQ(sent("void f(int *b) { MPI_Datatype t; "
                 "MPI_Type_vector(3, 2, 8, MPI_INT, &t); MPI_Type_commit(&t); "
                 "MPI_Send(b, 5, t, 1, 0, 0); }"),
            WideInt(5 * 3 * 2 * 64));
  // An unbounded count, or a datatype set by anything else, is unknown.
  std::optional<WideInt> Unbounded =
      sent("void f(int *b, const char *s) { MPI_Datatype t; "
           "MPI_Type_contiguous(atoi(s), MPI_INT, &t); "
           "MPI_Send(b, 1, t, 1, 0, 0); }");
  EXPECT_TRUE(!Unbounded || *Unbounded > IntMax);
  // A struct: its count times its largest block of its largest member.
  EXPECT_EQ(sent("void f(int *b) { int l[2] = {1, 256}; MPI_Aint d[2] = {0, 4}; "
                 "MPI_Datatype ts[2] = {MPI_INT, MPI_CHAR}; MPI_Datatype t; "
                 "MPI_Type_create_struct(2, l, d, ts, &t); "
                 "MPI_Send(b, 1, t, 1, 0, 0); }"),
            WideInt(2 * 256 * 64));
  EXPECT_FALSE(sent("void f(int *b, MPI_Datatype u) { int l[2] = {1, 1}; "
                    "MPI_Aint d[2] = {0, 4}; MPI_Datatype ts[2] = {MPI_INT, u}; "
                    "MPI_Datatype t; MPI_Type_create_struct(2, l, d, ts, &t); "
                    "MPI_Send(b, 1, t, 1, 0, 0); }"));
  EXPECT_FALSE(sent("void f(int *b, MPI_Datatype *p) { MPI_Datatype t; "
                    "p = &t; MPI_Send(b, 1, t, 1, 0, 0); }"));
}

} // namespace
} // namespace mpix
