//===-- FlowRangesTest.cpp - The pass over the control flow ---------------===//
//
// The lattice and the transfer functions of analysis/FlowRanges on small C
// bodies parsed by clang alone: stores, branches, loops (widening, then
// narrowing), calls that never return, and the walk from one store to a use.
// No MPI here: the pass knows none.
//
//===----------------------------------------------------------------------===//

#include "analysis/FlowRanges.h"
#include "utils/IntervalAnalysis.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
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

TEST(FlowRanges, StoresReachingAUse) {
  Parsed P("void f(int n) { int x = n; x = 5; use(x); x = x + 1; use(x); }");
  ASSERT_TRUE(P.F);
  std::optional<Interval> X = P.before("x");
  ASSERT_TRUE(X);
  EXPECT_EQ(X->Lo, 5);
  EXPECT_EQ(X->Hi, 5);
  X = P.before("x", 1);
  ASSERT_TRUE(X);
  EXPECT_EQ(X->Lo, 6);
  EXPECT_EQ(X->Hi, 6);
}

TEST(FlowRanges, BranchesJoin) {
  Parsed P("void f(int n, int c) { int x = n; if (x > 100) x = 100; use(x);"
           " int y = 1; if (c) y = 7; use(y); }");
  ASSERT_TRUE(P.F);
  std::optional<Interval> X = P.before("x");
  ASSERT_TRUE(X);
  EXPECT_EQ(X->Lo, IntMin);
  EXPECT_EQ(X->Hi, 100);
  std::optional<Interval> Y = P.before("y", 1);
  ASSERT_TRUE(Y);
  EXPECT_EQ(Y->Lo, 1);
  EXPECT_EQ(Y->Hi, 7);
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
  std::optional<Interval> I = P.before("i", 1);
  ASSERT_TRUE(I);
  EXPECT_EQ(I->Lo, 0);
  EXPECT_EQ(I->Hi, 9);
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

TEST(FlowRanges, VariablesHandedOutAreNotFollowed) {
  Parsed P("void g(int *); void f(void) { int x = 1; g(&x); use(x); }");
  ASSERT_TRUE(P.F);
  EXPECT_FALSE(P.before("x"));
}

} // namespace
} // namespace mpix
