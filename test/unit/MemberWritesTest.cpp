//===-- MemberWritesTest.cpp - Writes into members, and their ranges -----===//
//
// What MemberWrites lists of a unit's writes into integer members (stores,
// initializers, and the writes whose value cannot be seen), and the range
// RangeAnalysis::storedRange gives a store: what holds at it, and what the
// products every run past it computes say.
//
//===----------------------------------------------------------------------===//

#include "analysis/IntervalAnalysis.h"
#include "analysis/MemberWrites.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace clang::ast_matchers;

namespace mpix {
namespace {

const char *Header = R"(
typedef unsigned long size_t;
extern "C" {
void *memcpy(void *, const void *, size_t);
void *memset(void *, int, size_t);
void free(void *);
int atoi(const char *);
}
)";

struct Unit {
  std::unique_ptr<ASTUnit> AST;
  std::unique_ptr<MemberWrites> Writes;

  explicit Unit(const std::string &Code)
      : AST(tooling::buildASTFromCodeWithArgs(Header + Code, {"-std=c++17"})) {
    ASTContext &Ctx = AST->getASTContext();
    Writes = std::make_unique<MemberWrites>(Ctx, llvm::ArrayRef<Decl *>());
  }
  const FieldDecl *field(StringRef Name) {
    auto Found = match(fieldDecl(hasName(Name)).bind("f"), AST->getASTContext());
    return Found.empty() ? nullptr
                         : Found[0].getNodeAs<FieldDecl>("f")->getCanonicalDecl();
  }
  /// The writes of member \p Name: "?" for one whose value is not seen,
  /// else the value's text as the constant evaluator folds it ("v" when it
  /// does not fold).
  std::vector<std::string> writes(StringRef Name) {
    std::vector<std::string> Out;
    auto It = Writes->byField().find(field(Name));
    if (It == Writes->byField().end())
      return Out;
    for (const MemberWrite &W : It->second) {
      Expr::EvalResult R;
      if (!W.Value)
        Out.push_back("?");
      else if (W.Value->EvaluateAsInt(R, AST->getASTContext()))
        Out.push_back(std::to_string(R.Val.getInt().getExtValue()));
      else
        Out.push_back("v");
    }
    return Out;
  }
};

using Texts = std::vector<std::string>;

TEST(MemberWrites, StoresInitializersAndUnseenWrites) {
  Unit U(R"(
struct S { int a, b, c, d, e = 7; long f; };
void g(S *p, int n) {
  p->a = n;
  p->b += 1;
  p->c++;
  int *q = &p->d;
  (void)q;
  int r = p->e + p->a;
  const int &k = p->f;
  (void)r; (void)k;
}
void h() { S t = {1, 2}; (void)t; }
)");
  EXPECT_EQ(U.writes("a"), (Texts{"v", "1"}));
  EXPECT_EQ(U.writes("b"), (Texts{"?", "2"}));
  EXPECT_EQ(U.writes("c"), (Texts{"?", "0"}));
  EXPECT_EQ(U.writes("d"), (Texts{"?", "0"}));
  // The default initializer, and the list's default for it.
  EXPECT_EQ(U.writes("e"), (Texts{"7", "7"}));
  EXPECT_EQ(U.writes("f"), (Texts{"0"}));
}

TEST(MemberWrites, RawCopiesAndTheirExceptions) {
  Unit U(R"(
struct In { int x; };
struct Out { int y; struct In in; };
struct Kept { int z; };
void g(Out *o, const Out *src, Kept *k) {
  memcpy(o, src, sizeof *o);
  memset(k, 0, sizeof *k);
  free(k);
}
)");
  // The copy's destination may get any bytes, nested structures too; its
  // source is only read, zeroing and freeing keep every value in bounds.
  EXPECT_EQ(U.writes("y"), (Texts{"?"}));
  EXPECT_EQ(U.writes("x"), (Texts{"?"}));
  EXPECT_EQ(U.writes("z"), Texts{});
}

/// Whether the function \p Function keeps what its parameter \p Index
/// points to (PointeeUses).
static bool keeps(Unit &U, StringRef Function, unsigned Index) {
  auto Found = match(functionDecl(hasName(Function), isDefinition()).bind("f"),
                     U.AST->getASTContext());
  PointeeUses Pointees;
  return !Found.empty() &&
         Pointees.keeps(
             Found[0].getNodeAs<FunctionDecl>("f")->getParamDecl(Index));
}

TEST(MemberWrites, StructuresHandedAsRawMemory) {
  Unit U(R"(
struct Ctx { int n; };
struct Lib { void *user; };
int keep(Lib *lib, void *user) { if (!user) return 1; lib->user = user; return 0; }
int check(void *p, int opt) {
  int *v;
  if (opt == 0 && p == nullptr) return 1;
  v = (int *)p;
  return *v < 0 ? 1 : 0;
}
int forward(void *p) { return check(p, 1); }
void set(void *p) { ((Ctx *)p)->n = 3; }
int view(const void *p);
int show(void *p) { return view(p); }
void fill(void *p) { memset(p, 1, 4); }
void poke(void *p) { char *b = (char *)p; b[0] = 1; }
int other(void *p);
int away(void *p) { return other(p); }
void *back(void *p) { return p; }
struct Ops { int (*take)(Lib *, void *); };
int dispatch(Ops *ops, Lib *l, void *p) { return ops->take(l, p); }
void use(Ctx *c, Lib *l) { c->n = 5; keep(l, c); check((void *)c, 0); }
)");
  // Tested, stored in a member, read through a copy, handed to a keeper or
  // to a pointer to const: kept.
  EXPECT_TRUE(keeps(U, "keep", 1));
  EXPECT_TRUE(keeps(U, "check", 0));
  EXPECT_TRUE(keeps(U, "forward", 0));
  EXPECT_TRUE(keeps(U, "show", 0));
  // A member stored by name is a member write of its own.
  EXPECT_TRUE(keeps(U, "set", 0));
  // Written, written through a copy, handed to code not in sight, or
  // handed back: not kept.
  EXPECT_FALSE(keeps(U, "fill", 0));
  EXPECT_FALSE(keeps(U, "poke", 0));
  EXPECT_FALSE(keeps(U, "away", 0));
  EXPECT_FALSE(keeps(U, "back", 0));
  EXPECT_FALSE(keeps(U, "other", 0));
  // Handed to a function of another unit, or through a member holding a
  // function pointer: kept if they keep it, which the summaries decide.
  auto conditions = [&](StringRef Function, unsigned Index) {
    auto Found = match(functionDecl(hasName(Function), isDefinition()).bind("f"),
                       U.AST->getASTContext());
    PointeeUses Pointees;
    PointeeUses::Answer A = Pointees.pointee(
        Found[0].getNodeAs<FunctionDecl>("f")->getParamDecl(Index));
    Texts Out;
    for (const PointeeUses::Condition &C : A.Unless)
      Out.push_back(C.Target->getNameAsString() + ":" + std::to_string(C.Arg));
    return A.Kept ? Out : Texts{"not kept"};
  };
  EXPECT_EQ(conditions("away", 0), (Texts{"other:0"}));
  EXPECT_EQ(conditions("dispatch", 2), (Texts{"take:1"}));
  EXPECT_EQ(conditions("keep", 1), Texts{});
  EXPECT_EQ(conditions("fill", 0), (Texts{"not kept"}));
  // Both calls hand the structure to a parameter: each raw write names
  // its call and argument.
  auto It = U.Writes->byField().find(U.field("n"));
  ASSERT_NE(It, U.Writes->byField().end());
  Texts Handed;
  for (const MemberWrite &W : It->second)
    if (W.BytesCall)
      Handed.push_back(W.BytesCall->getDirectCallee()->getNameAsString() + ":" +
                       std::to_string(W.BytesIndex));
  EXPECT_EQ(Handed, (Texts{"keep:1", "check:0"}));
}

TEST(MemberWrites, AccessorsAndConstructors) {
  Unit U(R"(
class M {
public:
  M(int e) : n(e), m(3) {}
  int &edge() { return n; }
  int cells() const { return m; }
  int n, m;
};
int g(M &a, M &b) {
  b.edge() = 4;
  return a.edge() + a.cells() + (a.n > 0 ? a.edge() : b.edge());
}
)");
  // The reference the accessor hands out is written once, through b.
  EXPECT_EQ(U.writes("n"), (Texts{"v", "4"}));
  EXPECT_EQ(U.writes("m"), (Texts{"3"}));
  ASSERT_NE(U.field("n"), nullptr);
}

TEST(MemberWrites, ListsOfTemplatesAreUnseenWrites) {
  // A list whose values are not yet matched to members, in a template,
  // may write any member of the structure.
  Unit U(R"(
struct P { int a, b; };
template <class T> void g(T v) { P p = {v, 1}; (void)p; }
void h() { P q = {4, 5}; P r[2] = {{6, 7}}; (void)q; (void)r; }
)");
  // The zeros of the element no list gives are not listed: a zero bounds
  // nothing from above.
  EXPECT_EQ(U.writes("a"), (Texts{"?", "4", "6"}));
  EXPECT_EQ(U.writes("b"), (Texts{"?", "5", "7"}));
}

TEST(MemberWrites, StructuredBindingsByReference) {
  // What is stored through `auto &[x, y]` is not seen; a copy is only read.
  Unit U(R"(
struct Q { int x, y; };
struct R { int z; };
void g(Q &q, R &r) {
  auto &[x, y] = q;
  x = 5;
  auto [z] = r;
  (void)y; (void)z;
}
)");
  EXPECT_EQ(U.writes("x"), (Texts{"?"}));
  EXPECT_EQ(U.writes("y"), (Texts{"?"}));
  EXPECT_EQ(U.writes("z"), Texts{});
}

/// The range storedRange gives the value of the first store into member
/// `x` in function `f` of \p Code.
std::optional<Interval> stored(const std::string &Code) {
  Unit U(Code);
  ASTContext &Ctx = U.AST->getASTContext();
  auto Found = match(functionDecl(hasName("f"), hasBody(stmt().bind("body")))
                         .bind("f"),
                     Ctx);
  if (Found.size() != 1)
    return std::nullopt;
  const auto *F = Found[0].getNodeAs<FunctionDecl>("f");
  auto It = U.Writes->byField().find(U.field("x"));
  if (It == U.Writes->byField().end() || !It->second.front().Value)
    return std::nullopt;
  FunctionFacts Facts(Found[0].getNodeAs<Stmt>("body"), Ctx);
  RangeAnalysis Ranges(Ctx, &Facts, nullptr, F);
  return Ranges.storedRange(It->second.front().Value, It->second.front().Site);
}

TEST(MemberWrites, StoredRangeAfterProducts) {
  // The cube computed after the store, in int, bounds the edge stored.
  std::optional<Interval> R = stored(R"(
struct D { int x; int cells; };
void f(D *d, int n) { d->x = n; d->cells = n * n * n; }
)");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Hi, 1290);
  EXPECT_EQ(R->Lo, -1290);
  // Not when the run may leave before it, nor when n changes in between.
  for (const char *Body :
       {"void f(D *d, int n) { d->x = n; if (n > 8) return; d->cells = n * n * n; }",
        "void f(D *d, int n) { d->x = n; n = n / 2; d->cells = n * n * n; }",
        "void f(D *d, int n) { for (;;) { d->x = n; break; } d->cells = n * n * n; }"}) {
    R = stored(std::string("struct D { int x; int cells; };\n") + Body);
    ASSERT_TRUE(R) << Body;
    EXPECT_EQ(R->Hi, 2147483647) << Body;
  }
  // A product of two: each factor below the other's bound.
  R = stored(R"(
struct D { int x; int cells; };
void f(D *d, int n) { d->x = n; d->cells = 1000 * n; }
)");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Hi, 2147483);
}

} // namespace
} // namespace mpix
