//===-- FlowRangesTest.cpp - The pass over the control flow ---------------===//
//
// The lattice and the transfer functions of analysis/FlowRanges on small C
// bodies parsed by clang alone: stores, branches, loops (widening, then
// narrowing), calls that never return, and the walk from one store to a use;
// and the indexes of FunctionFacts that questions asked at every call read.
// No MPI here: the pass knows none.
//
//===----------------------------------------------------------------------===//

#include "analysis/FlowRanges.h"
#include "analysis/IntervalAnalysis.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include <functional>
#include <gtest/gtest.h>

using namespace clang;
using namespace clang::ast_matchers;

namespace mpix {
namespace {

const char *Prelude = "void use(int); void abort(void) __attribute__((noreturn));\n";

/// A body of function `f`, with the analyses the check builds for it.
struct Parsed {
  std::unique_ptr<ASTUnit> AST;
  const FunctionDecl *F = nullptr;
  std::unique_ptr<FunctionFacts> Facts;
  std::unique_ptr<RangeAnalysis> Ranges;

  explicit Parsed(const std::string &Code) {
    AST = tooling::buildASTFromCodeWithArgs(Prelude + Code, {"-xc"});
    auto Found = match(functionDecl(hasName("f"), isDefinition()).bind("f"),
                       AST->getASTContext());
    if (Found.size() != 1)
      return;
    F = Found[0].getNodeAs<FunctionDecl>("f");
    Facts = std::make_unique<FunctionFacts>(F->getBody(), AST->getASTContext());
    Ranges = std::make_unique<RangeAnalysis>(AST->getASTContext(), Facts.get(),
                                             nullptr, F);
  }

  /// The \p N-th call of use() in f.
  const CallExpr *use(unsigned N = 0) {
    auto Found = match(
        functionDecl(hasName("f"),
                     forEachDescendant(callExpr(callee(functionDecl(
                                                    hasName("use"))))
                                           .bind("use"))),
        AST->getASTContext());
    return N < Found.size() ? Found[N].getNodeAs<CallExpr>("use") : nullptr;
  }

  /// The call `use(K)`, found by its argument: matches do not come in the
  /// text's order.
  const CallExpr *useOf(uint64_t K) {
    for (unsigned N = 0; const CallExpr *Call = use(N); ++N)
      if (const auto *Arg = dyn_cast<IntegerLiteral>(Call->getArg(0)))
        if (Arg->getValue() == K)
          return Call;
    return nullptr;
  }

  const VarDecl *var(StringRef Name) {
    auto Found = match(functionDecl(hasName("f"),
                                    forEachDescendant(varDecl(hasName(Name))
                                                          .bind("v"))),
                       AST->getASTContext());
    if (Found.empty()) // a parameter
      Found = match(functionDecl(hasName("f"),
                                 hasAnyParameter(parmVarDecl(hasName(Name))
                                                     .bind("v"))),
                    AST->getASTContext());
    return Found.empty() ? nullptr : Found[0].getNodeAs<VarDecl>("v");
  }

  /// What the pass knows of \p Name just before the \p N-th use().
  std::optional<Interval> before(StringRef Name, unsigned N = 0) {
    std::optional<PointFacts> At = Ranges->flowFactsAt(use(N), Constraints());
    if (!At || At->Unreachable)
      return std::nullopt;
    auto It = At->Known.find(var(Name));
    if (It == At->Known.end())
      return std::nullopt;
    return It->second;
  }

  bool unreachable(unsigned N = 0) {
    std::optional<PointFacts> At = Ranges->flowFactsAt(use(N), Constraints());
    return At && At->Unreachable;
  }
};

const WideInt IntMin = -2147483648LL, IntMax = 2147483647;

/// The interval is known and is [Lo, Hi].
::testing::AssertionResult is(std::optional<Interval> R, WideInt Lo, WideInt Hi) {
  if (!R)
    return ::testing::AssertionFailure() << "not known";
  if (R->Lo != Lo || R->Hi != Hi)
    return ::testing::AssertionFailure()
           << "[" << toString(R->Lo) << ", " << toString(R->Hi) << "]";
  return ::testing::AssertionSuccess();
}

TEST(FlowRanges, StoresReachingAUse) {
  Parsed P("void f(int n) { int x = n; x = 5; use(x); x = x + 1; use(x); }");
  ASSERT_TRUE(P.F);
  EXPECT_TRUE(is(P.before("x"), 5, 5));
  EXPECT_TRUE(is(P.before("x", 1), 6, 6));
}

TEST(FlowRanges, PassesFromACallsArguments) {
  // A count of the elements that pass a test is below the number the loop
  // is given: from a call's arguments, the pass bounds what the loop steps.
  Parsed P("int f(const int *m, int n) { int k = 0;"
           " for (int j = 0; j < n; ++j) if (m[j]) ++k; return k; }");
  ASSERT_TRUE(P.F);
  const Expr *Site = nullptr;
  std::optional<Interval> Given =
      P.Ranges->returnRange(P.F, {std::nullopt, Interval{0, 100}}, Site);
  EXPECT_TRUE(is(Given, 0, 100));
  std::optional<Interval> Any =
      P.Ranges->returnRange(P.F, {std::nullopt, std::nullopt}, Site);
  ASSERT_TRUE(Any);
  EXPECT_EQ(Any->Hi, IntMax);
}

TEST(FlowRanges, BranchesJoin) {
  Parsed P("void f(int n, int c) { int x = n; if (x > 100) x = 100; use(x);"
           " int y = 1; if (c) y = 7; use(y); }");
  ASSERT_TRUE(P.F);
  EXPECT_TRUE(is(P.before("x"), IntMin, 100));
  EXPECT_TRUE(is(P.before("y", 1), 1, 7));
}

TEST(FlowRanges, LoopsWidenThenNarrow) {
  // Widened at the loop head, the bound comes back from the condition.
  Parsed P("void f(void) { int p = 1; while (p < 1000) p *= 2; use(p);"
           " for (int i = 0; i < 10; i++) use(i); }");
  ASSERT_TRUE(P.F);
  std::optional<Interval> Pw = P.before("p");
  ASSERT_TRUE(Pw);
  EXPECT_GE(Pw->Lo, 1000);
  EXPECT_LE(Pw->Hi, 1998);
  EXPECT_TRUE(is(P.before("i", 1), 0, 9));
}

TEST(FlowRanges, LoopsWithoutBoundGrowToTheType) {
  Parsed P("void f(int k) { int c = 1; for (int i = 0; i < k; i++) c = c + 1;"
           " use(c); }");
  ASSERT_TRUE(P.F);
  std::optional<Interval> C = P.before("c");
  // Unknown to the pass, or known only as the whole type above 1.
  if (C) {
    EXPECT_EQ(C->Hi, IntMax);
  }
}

TEST(FlowRanges, CallsThatNeverReturn) {
  Parsed P("void f(int n) { if (n > 10) abort(); use(n); return; use(n); }");
  ASSERT_TRUE(P.F);
  std::optional<Interval> N = P.before("n");
  ASSERT_TRUE(N);
  EXPECT_EQ(N->Hi, 10);
  EXPECT_TRUE(P.unreachable(1));
}

TEST(FlowRanges, ValueOfOneStoreAtAUse) {
  // c = n reaches the use only where n <= 100.
  Parsed P("void f(int n) { int c = n; if (n > 100) c = 100; use(c); }");
  ASSERT_TRUE(P.F);
  const VarDecl *C = P.var("c");
  ASSERT_TRUE(C);
  std::optional<PointFacts> At =
      P.Ranges->flowBetween(C->getInit(), C, P.use());
  ASSERT_TRUE(At);
  ASSERT_FALSE(At->Unreachable);
  auto It = At->Known.find(P.var("n"));
  ASSERT_NE(It, At->Known.end());
  EXPECT_EQ(It->second.Hi, 100);

  // Overwritten on every path: the store does not reach the use.
  Parsed Q("void f(int n) { int c = n; c = 3; use(c); }");
  const VarDecl *QC = Q.var("c");
  At = Q.Ranges->flowBetween(QC->getInit(), QC, Q.use());
  ASSERT_TRUE(At);
  EXPECT_TRUE(At->Unreachable);

  // An input changed after the store is no longer known at the use.
  Parsed R("void f(int n) { int c = n; n = 5; use(c); }");
  const VarDecl *RC = R.var("c");
  At = R.Ranges->flowBetween(RC->getInit(), RC, R.use());
  ASSERT_TRUE(At);
  ASSERT_FALSE(At->Unreachable);
  EXPECT_EQ(At->Known.count(R.var("n")), 0u);
}

TEST(FlowRanges, WalksFromAStoreStopWhereTheValueIsDead) {
  Parsed P("void f(int a) { int x = a; use(x);"
           " if (a > 3) { x = 1; use(x + 1); } use(a); }");
  ASSERT_TRUE(P.F);
  const VarDecl *X = P.var("x");
  // The calls in the order of the text (matches come in no fixed order).
  llvm::SmallVector<const CallExpr *, 3> Calls;
  for (unsigned N = 0; const CallExpr *Call = P.use(N); ++N)
    Calls.push_back(Call);
  ASSERT_EQ(Calls.size(), 3u);
  const SourceManager &SM = P.AST->getSourceManager();
  llvm::sort(Calls, [&](const CallExpr *A, const CallExpr *B) {
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
  auto Between = [&](const CallExpr *Use) {
    return P.Ranges->flowBetween(X->getInit(), X, Use);
  };
  std::optional<PointFacts> At = Between(Calls[0]);
  ASSERT_TRUE(At);
  EXPECT_FALSE(At->Unreachable);
  At = Between(Calls[1]);
  ASSERT_TRUE(At);
  EXPECT_TRUE(At->Unreachable);
  // x is read nowhere after the if, but a use that does not read it still
  // sees the runs that kept the initializer's value: those that skipped
  // the branch.
  At = Between(Calls[2]);
  ASSERT_TRUE(At);
  ASSERT_FALSE(At->Unreachable);
  auto A = At->Known.find(P.var("a"));
  ASSERT_NE(A, At->Known.end());
  EXPECT_EQ(A->second.Hi, 3);
}

TEST(FlowRanges, CompoundAssignmentsAsTheirPlainForms) {
  Parsed P("void f(void) { int x = 5; x <<= 2; use(x); x >>= 1; use(x);"
           " x /= 3; use(x); x *= 7; use(x); x %= 4; use(x); x -= 9; use(x);"
           " unsigned u = 1; u -= 2; use(u); }");
  ASSERT_TRUE(P.F);
  EXPECT_TRUE(is(P.before("x"), 20, 20));
  EXPECT_TRUE(is(P.before("x", 1), 10, 10));
  EXPECT_TRUE(is(P.before("x", 2), 3, 3));
  EXPECT_TRUE(is(P.before("x", 3), 21, 21));
  EXPECT_TRUE(is(P.before("x", 4), 1, 1));
  EXPECT_TRUE(is(P.before("x", 5), -8, -8));
  // Wrapped: anything the type holds.
  EXPECT_TRUE(is(P.before("u", 6), 0, 4294967295LL));
}

TEST(FlowRanges, CompoundShiftsOfRanges) {
  // Doubled while below n <= 1000: below 2000; halved once: below 1000.
  // (A condition's other side is bounded by its own range, not by what
  // the pass knows there: n is a local set once.)
  Parsed P("void f(int c) { int n = c ? 1000 : 10; int p = 1;"
           " while (p < n) p <<= 1; use(p); p >>= 1; use(p);"
           " int q = p; q <<= 40; use(q); }");
  ASSERT_TRUE(P.F);
  EXPECT_TRUE(is(P.before("p"), 10, 1998));
  EXPECT_TRUE(is(P.before("p", 1), 5, 999));
  // Shifted past the type: unknown, or the whole type.
  std::optional<Interval> Q = P.before("q", 2);
  if (Q) {
    EXPECT_TRUE(is(Q, IntMin, IntMax));
  }
}

TEST(FlowRanges, NarrowingReachesBlocksAfterTheLoop) {
  // The loop's bound reaches a use several branches after its exit, and
  // past a later loop that does not change p (whose back edge still held
  // the widened p).
  Parsed P("void f(int a, int b, int c) { int n = a ? 1000 : 10;"
           " int p = 1; while (p < n) p *= 2; int x = 0;"
           " if (a) x = 1; if (b) x = 2; if (c) x = 3; for (int i = 0;"
           " i < p; i++) x++; if (a) x = 4; use(p); }");
  ASSERT_TRUE(P.F);
  EXPECT_TRUE(is(P.before("p"), 10, 1998));
}

TEST(FlowRanges, HalvingLoopsBoundWhatTheyStep) {
  // m <= 1000 has 10 bits: at most 10 turns, each adding to idx at most
  // 2000 + 1 (the two branches' steps are added up) and 1 to lvl.
  Parsed P("void f(int n, int c) { if (n < 0 || n > 1000) return; int m = n,"
           " idx = 0, lvl = 0; while (m >= 1) { use(idx); if (c) idx = idx"
           " + m * 2; else idx += 1; lvl++; m >>= 1; } use(idx); use(lvl); }");
  ASSERT_TRUE(P.F);
  EXPECT_TRUE(is(P.before("idx"), 0, 20010));
  EXPECT_TRUE(is(P.before("idx", 1), 0, 20010));
  EXPECT_TRUE(is(P.before("lvl", 2), 0, 10));

  // In a for loop's increment, divided, under a condition of two parts.
  Parsed F("void f(int n, int k) { if (n < 1 || n > 255) return; int s = 0;"
           " for (int w = n; w >= 1 && k; w /= 2) s += w; use(s); }");
  ASSERT_TRUE(F.F);
  EXPECT_TRUE(is(F.before("s"), 0, 2040));
}

TEST(FlowRanges, LoopsThatMayNotHalveStayUnbounded) {
  auto Unbounded = [](const std::string &Loop) {
    Parsed P("void f(int n, int c) { if (n < 0 || n > 1000) return; int m = n,"
             " s = 0; " + Loop + " use(s); }");
    std::optional<Interval> S = P.before("s");
    return !S || S->Hi == IntMax;
  };
  // A `continue` skips the halving.
  EXPECT_TRUE(Unbounded("while (m >= 1) { s += 2; if (c) continue; m >>= 1; }"));
  // Halved on some turns only.
  EXPECT_TRUE(Unbounded("while (m >= 1) { s += 2; if (c) m >>= 1; }"));
  // Not halved: counted down.
  EXPECT_TRUE(Unbounded("while (m >= 1) { s += 2; m -= 1; }"));
  // Halved, but also set to something else.
  EXPECT_TRUE(Unbounded("while (m >= 1) { s += 2; m >>= 1; if (c) m = n; }"));
  // Shifted by nothing: not halved.
  EXPECT_TRUE(Unbounded("while (m >= 1) { s += 2; m >>= c & 0; }"));
  // The condition does not keep m above 0: it may stay at 0.
  EXPECT_TRUE(Unbounded("while (m >= 0) { s += 2; m >>= 1; }"));
  // s stepped in an inner loop: more than once a turn.
  EXPECT_TRUE(Unbounded(
      "while (m >= 1) { for (int j = 0; j < c; j++) s += 2; m >>= 1; }"));
  // s stepped by what the analysis cannot bound.
  EXPECT_TRUE(Unbounded("while (m >= 1) { s += c; m >>= 1; }"));
  // s reset in the loop: not a step.
  EXPECT_TRUE(Unbounded("while (m >= 1) { s += 2; if (c) s = c; m >>= 1; }"));
  // A label in the loop: a goto may enter it anywhere.
  EXPECT_TRUE(Unbounded(
      "while (m >= 1) { again: s += 2; m >>= 1; if (c) goto again; }"));
}

TEST(FlowRanges, VariablesHandedOutAreNotFollowed) {
  Parsed P("void g(int *); void f(void) { int x = 1; g(&x); use(x); }");
  ASSERT_TRUE(P.F);
  EXPECT_FALSE(P.before("x"));
}

/// What \p Judge says of the definition of h in C \p Code (false when
/// there is none).
static bool judgeH(const std::string &Code,
                   llvm::function_ref<bool(const FunctionDecl *H)> Judge) {
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs(Prelude + Code, {"-xc"});
  auto Found = match(functionDecl(hasName("h"), isDefinition()).bind("h"),
                     AST->getASTContext());
  return Found.size() == 1 && Judge(Found[0].getNodeAs<FunctionDecl>("h"));
}

/// Whether h's body never returns, by bodyNeverReturns with abort() and the
/// functions of the unit judged alike (two levels deep).
static bool HandlerNeverReturns(const std::string &Code) {
  std::function<bool(const CallExpr *, unsigned)> Stops =
      [&](const CallExpr *Call, unsigned Depth) {
        if (callNeverReturns(Call))
          return true;
        const FunctionDecl *Callee = Call->getDirectCallee();
        const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
        return Depth < 2 && Def &&
               bodyNeverReturns(Def, [&](const CallExpr *Inner) {
                 return Stops(Inner, Depth + 1);
               });
      };
  return judgeH(Code, [&](const FunctionDecl *H) {
    return bodyNeverReturns(H, [&](const CallExpr *Call) { return Stops(Call, 0); });
  });
}

TEST(FlowRanges, HandlersThatNeverReturn) {
  EXPECT_TRUE(HandlerNeverReturns("void h(int c) { use(c); abort(); }"));
  // Through another function of the unit.
  EXPECT_TRUE(HandlerNeverReturns(
      "static void stop(void) { abort(); } void h(void) { use(1); stop(); }"));
  // An early return, or the call only on one branch.
  EXPECT_FALSE(HandlerNeverReturns(
      "void h(int c) { if (c) return; abort(); }"));
  EXPECT_FALSE(HandlerNeverReturns("void h(int c) { if (c) abort(); }"));
  // A label a jump could reach after the call.
  EXPECT_FALSE(HandlerNeverReturns(
      "void h(int c) { if (c) goto out; abort(); out: use(c); }"));
  // A declaration alone says nothing.
  EXPECT_FALSE(HandlerNeverReturns(
      "void stop(void); void h(void) { stop(); }"));
}

/// Whether h's body only reads, by bodyOnlyReads with the functions of the
/// unit judged alike (two levels deep).
static bool GetterOnlyReads(const std::string &Code) {
  std::function<bool(const FunctionDecl *, unsigned)> Reads =
      [&](const FunctionDecl *Callee, unsigned Depth) {
        const FunctionDecl *Def = Callee->getDefinition();
        return Depth < 2 && Def &&
               bodyOnlyReads(Def, [&](const FunctionDecl *Inner) {
                 return Reads(Inner, Depth + 1);
               });
      };
  return judgeH(Code, [&](const FunctionDecl *H) {
    return bodyOnlyReads(H, [&](const FunctionDecl *F) { return Reads(F, 0); });
  });
}

TEST(FlowRanges, GettersThatOnlyRead) {
  const std::string Table = "struct t { long cap; long *slots; };";
  EXPECT_TRUE(GetterOnlyReads(Table + "long h(const struct t *p) { return p->cap; }"));
  // Locals of its own, and a reader of the unit.
  EXPECT_TRUE(GetterOnlyReads(
      Table + "static long cap(const struct t *p) { return p->cap; }"
              "long h(const struct t *p) { long c = cap(p); c += 1; return c; }"));
  // A store through a parameter, into a global, or into a static local.
  EXPECT_FALSE(GetterOnlyReads(Table + "long h(struct t *p) { p->cap = 0; return 0; }"));
  EXPECT_FALSE(GetterOnlyReads(Table + "long n; long h(const struct t *p) { ++n; return p->cap; }"));
  EXPECT_FALSE(GetterOnlyReads(
      Table + "long h(const struct t *p) { static long seen; seen = p->cap; return seen; }"));
  // A store through a local pointer.
  EXPECT_FALSE(GetterOnlyReads(
      Table + "long h(const struct t *p) { long *s = p->slots; *s = 1; return 0; }"));
  // A call of a function that writes, or of one only declared.
  EXPECT_FALSE(GetterOnlyReads(
      Table + "long n; static void bump(void) { ++n; } long h(const struct t *p) { bump(); return p->cap; }"));
  EXPECT_FALSE(GetterOnlyReads(
      Table + "long look(const struct t *p); long h(const struct t *p) { return look(p); }"));
}

// The indexes a question asked at every MPI call of a long function reads
// instead of the whole body: each must answer as the walk it replaces.

TEST(FunctionFacts, FirstUseAfterAPlace) {
  Parsed P("void f(int a) { int x = 0; use(x); x = a; use(1); use(x); }");
  ASSERT_TRUE(P.F);
  const VarDecl *X = P.var("x");
  llvm::ArrayRef<const DeclRefExpr *> Uses = P.Facts->usesOf(X);
  ASSERT_EQ(Uses.size(), 3u);
  EXPECT_EQ(P.Facts->firstUseAfter(X, P.use(0)->getEndLoc()), Uses[1]);
  EXPECT_EQ(P.Facts->firstUseAfter(X, P.use(1)->getEndLoc()), Uses[2]);
  EXPECT_EQ(P.Facts->firstUseAfter(X, P.use(2)->getEndLoc()), nullptr);
  EXPECT_EQ(P.Facts->firstUseAfter(X, P.F->getBeginLoc()), Uses[0]);
}

TEST(FunctionFacts, StatementsWritingAVariablePerBlock) {
  Parsed P("void f(int a) { int x = a; use(x); if (a) { use(a); x = 2; }"
           " use(x); x++; use(x); }");
  ASSERT_TRUE(P.F);
  const auto *Body = cast<CompoundStmt>(P.F->getBody());
  const auto *Then =
      cast<CompoundStmt>(cast<IfStmt>(Body->body_begin()[2])->getThen());
  // The initializer is no store of a statement; the if holds one.
  EXPECT_EQ(P.Facts->writingStatementsIn(Body, P.var("x")),
            llvm::ArrayRef<unsigned>({2u, 4u}));
  EXPECT_EQ(P.Facts->writingStatementsIn(Then, P.var("x")),
            llvm::ArrayRef<unsigned>({1u}));
  EXPECT_TRUE(P.Facts->writingStatementsIn(Body, P.var("a")).empty());
}

TEST(FunctionFacts, StoresAForInitOverwritesInAnInnerBlock) {
  Parsed P("void f(int a) { int x = a; use(x); if (a) {"
           " for (x = 0; x < 4; x++) use(1); use(x); } }");
  ASSERT_TRUE(P.F);
  const VarDecl *X = P.var("x");
  llvm::ArrayRef<FunctionFacts::Write> Writes = P.Facts->writesOf(X);
  ASSERT_FALSE(Writes.empty());
  // The initializer reaches the first use; the loop's init assigns x
  // whole before the last, inside the if.
  const FunctionFacts::Write &Init = Writes.front();
  auto UseOfX = [&](unsigned N) { return P.Facts->usesOf(X)[N]; };
  EXPECT_FALSE(P.Facts->overwrittenBefore(Init, X, UseOfX(0)));
  EXPECT_TRUE(P.Facts->overwrittenBefore(Init, X, P.Facts->usesOf(X).back()));
}

TEST(FunctionFacts, WritesThatMayReachAStatement) {
  Parsed P("void f(int a) { int x = a; use(0); x = 1; if (a) x = 2; use(1);"
           " for (int i = 0; i < a; i++) { use(2); x = 3; }"
           " x = 4; use(3); }");
  ASSERT_TRUE(P.F);
  const VarDecl *X = P.var("x");
  ASSERT_EQ(P.Facts->writesOf(X).size(), 5u);
  auto Reaching = [&](uint64_t K) {
    llvm::SmallVector<unsigned, 4> R = P.Facts->writesMayReach(X, P.useOf(K));
    return std::vector<unsigned>(R.begin(), R.end());
  };
  // Later stores run only after; x = 1 overwrites the initializer; a later
  // turn of the loop runs its own store first; x = 4 overwrites them all.
  EXPECT_EQ(Reaching(0), (std::vector<unsigned>{0}));
  EXPECT_EQ(Reaching(1), (std::vector<unsigned>{1, 2}));
  EXPECT_EQ(Reaching(2), (std::vector<unsigned>{1, 2, 3}));
  EXPECT_EQ(Reaching(3), (std::vector<unsigned>{4}));
}

TEST(FunctionFacts, ElementStoresThatCanRunBeforeAStatement) {
  Parsed P("int g[4];"
           "void f(int n) { g[0] = 1; use(0);"
           "  for (int i = 0; i < n; i++) { use(1); g[i] = i; }"
           "  g[1] = 2; use(2); }");
  ASSERT_TRUE(P.F);
  const VarDecl *G = P.var("g");
  if (!G) { // a global
    auto Found = match(varDecl(hasName("g")).bind("v"), P.AST->getASTContext());
    ASSERT_EQ(Found.size(), 1u);
    G = Found[0].getNodeAs<VarDecl>("v");
  }
  ASSERT_EQ(P.Facts->elementWritesOf(G).size(), 3u);
  auto Before = [&](uint64_t K) {
    llvm::BitVector B = P.Facts->storesNotOnlyAfter(G, P.useOf(K));
    return std::vector<bool>{B[0], B[1], B[2]};
  };
  // Later stores run only after, but a loop's later turn runs its own first.
  EXPECT_EQ(Before(0), (std::vector<bool>{true, false, false}));
  EXPECT_EQ(Before(1), (std::vector<bool>{true, true, false}));
  EXPECT_EQ(Before(2), (std::vector<bool>{true, true, true}));
}

} // namespace
} // namespace mpix
