//===-- BufferSizesTest.cpp - Where a count's buffer gets its size --------===//
//
// Which allocations and offsets BufferSizes finds for the buffer argument of
// a call: through offsets, data() and members, in the calling function and,
// for globals and members, in the unit's other functions; and which it
// leaves (sizes computed wide, constants, other buffers).
//
//===----------------------------------------------------------------------===//

#include "utils/BufferSizes.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace clang::ast_matchers;

namespace mpix {
namespace {

const char *Header = R"(
typedef unsigned long size_t;
extern "C" void *malloc(size_t);
extern "C" void *calloc(size_t, size_t);
namespace std {
template <class T> struct vector {
  vector();
  explicit vector(size_t);
  void resize(size_t);
  T *data();
  T &operator[](size_t);
  const T &operator[](size_t) const;
};
}
void use(const void *buffer);
)";

/// The arithmetic BufferSizes finds for the argument of `use(...)` in
/// function `f`, as written; offsets marked with a leading '@', int offset
/// variables with '$', arguments of an allocator's int parameter with '!',
/// int size variables with '%'.
std::vector<std::string> sizesAtUse(const std::string &Code,
                                    bool Shared = false) {
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs(Header + Code, {"-std=c++17"});
  ASTContext &Ctx = AST->getASTContext();
  auto Matches = match(
      callExpr(callee(functionDecl(hasName("use"))),
               hasAncestor(functionDecl(hasName("f")).bind("f")))
          .bind("call"),
      Ctx);
  EXPECT_EQ(Matches.size(), 1u);
  const auto *Call = Matches[0].getNodeAs<CallExpr>("call");
  const auto *F = Matches[0].getNodeAs<FunctionDecl>("f");
  llvm::SmallVector<NarrowSize, 1> Found;
  if (!Shared) {
    Found = narrowSizesOf(Call->getArg(0), F->getBody(), Ctx);
  } else if (const ValueDecl *Buffer = sharedBufferOf(Call->getArg(0))) {
    for (const auto &Other :
         match(functionDecl(isDefinition(), unless(hasName("f"))).bind("g"),
               Ctx))
      for (const NarrowSize &S : narrowSizesOfShared(
               Buffer, Other.getNodeAs<FunctionDecl>("g")->getBody(), Ctx))
        Found.push_back(S);
  }
  std::vector<std::string> Text;
  for (const NarrowSize &S : Found) {
    CharSourceRange R =
        CharSourceRange::getTokenRange(S.Arithmetic->getSourceRange());
    Text.push_back((S.Kind == NarrowSize::Offset            ? "@"
                    : S.Kind == NarrowSize::OffsetVariable  ? "$"
                    : S.Kind == NarrowSize::NarrowParameter ? "!"
                    : S.Kind == NarrowSize::SizeVariable    ? "%"
                                                            : "") +
                   Lexer::getSourceText(R, Ctx.getSourceManager(),
                                        Ctx.getLangOpts())
                       .str());
  }
  return Text;
}

using Sizes = std::vector<std::string>;

TEST(BufferSizesTest, AllocationsOfTheBuffer) {
  EXPECT_EQ(sizesAtUse(R"(
    void f(int n, int m) {
      int *b = (int *)malloc(4 * n * sizeof(int));
      int *other = (int *)malloc(2 * n * sizeof(int));
      use(b);
    })"),
            Sizes{"4 * n"});
  // An offset pointer, a cast after the product, calloc's count.
  EXPECT_EQ(sizesAtUse(R"(
    void f(int n, int m) {
      double *b;
      b = (double *)malloc(sizeof(double) * (size_t)(n * m));
      use(b + 1);
      b = (double *)calloc(n + m, sizeof(double));
    })"),
            (Sizes{"n * m", "n + m"}));
}

TEST(BufferSizesTest, SizesHeldInIntLocals) {
  // An int local converted to the size; a parameter or a 64-bit local is
  // not one (a parameter's callers decide it, a long cannot wrap here).
  EXPECT_EQ(sizesAtUse(R"(
    void f(int n, int m) {
      int nbytes = n * m;
      char *a = (char *)malloc(nbytes * sizeof(char));
      use(a);
    })"),
            Sizes{"%nbytes"});
  EXPECT_EQ(sizesAtUse(R"(
    void f(int given) {
      char *b = (char *)malloc(given);
      use(b);
    })"),
            Sizes{});
  EXPECT_EQ(sizesAtUse(R"(
    void f(int n) {
      long wide = n;
      char *c = (char *)calloc(wide, 1);
      use(c);
    })"),
            Sizes{});
}

TEST(BufferSizesTest, PointersIntoAnotherBuffer) {
  // A pointer stored into the buffer is followed to the buffer it points
  // into, one step; an array of buffers indexed by a variable is one
  // object (`to[p]` stored in one loop, sent in another).
  EXPECT_EQ(sizesAtUse(R"(
    void f(int n, int procs, const int *cnt) {
      double *pool = (double *)malloc(2 * n * sizeof(double));
      double **to = (double **)malloc(procs * sizeof(double *));
      int off = 0;
      for (int p = 0; p < procs; ++p) {
        to[p] = &pool[off];
        off += cnt[p];
      }
      for (int q = 0; q < procs; ++q)
        use(to[q]);
    })"),
            (Sizes{"$off", "2 * n"}));
  EXPECT_EQ(sizesAtUse(R"(
    void f(int n, int m) {
      double *grid = (double *)malloc(n * m * sizeof(double));
      double *other = (double *)malloc(2 * n * sizeof(double));
      double *p = grid;
      use(p);
    })"),
            Sizes{"n * m"});
}

TEST(BufferSizesTest, AllocatorsTakingAnInt) {
  EXPECT_EQ(sizesAtUse(R"(
    int *ialloc(int n, const char *file, int line);
    void f(int n, int m) {
      int *b = ialloc(2 * n + m, "f.c", 3);
      use(b);
    })"),
            Sizes{"!2 * n + m"});
  // Its argument is narrowed whole: the product inside is not widened.
  EXPECT_EQ(sizesAtUse(R"(
    double *dalloc(int n);
    void f(int n, int m) {
      double *b = dalloc(n * m + 2 * sizeof(double));
      use(b);
    })"),
            Sizes{"!n * m + 2 * sizeof(double)"});
}

TEST(BufferSizesTest, WideOrConstantSizesAreLeft) {
  EXPECT_EQ(sizesAtUse(R"(
    void f(int n, int m) {
      double *b = (double *)malloc(n * sizeof(double) * m);
      use(b);
    })"),
            Sizes{});
  EXPECT_EQ(sizesAtUse(R"(
    void f() {
      double *c = (double *)malloc(4 * 1024 * sizeof(double));
      use(c);
    })"),
            Sizes{});
}

TEST(BufferSizesTest, ContainersMembersAndArraysOfBuffers) {
  EXPECT_EQ(sizesAtUse(R"(
    void f(int n, int m) {
      std::vector<double> v(n * m);
      v.resize(2 * n * m);
      use(v.data());
    })"),
            (Sizes{"n * m", "2 * n * m"}));
  EXPECT_EQ(sizesAtUse(R"(
    struct plan { int n; int *recv; };
    void f(plan *p) {
      p->recv = (int *)malloc(2 * p->n * sizeof(int));
      use(&p->recv[1]);
    })"),
            Sizes{"2 * p->n"});
  EXPECT_EQ(sizesAtUse(R"(
    void f(int n) {
      int *pins[2];
      pins[0] = new int[2 * n];
      pins[1] = new int[3 * n];
      use(pins[0]);
    })"),
            Sizes{"2 * n"});
  // A vector of buffers: its elements, set up alike, one per peer.
  EXPECT_EQ(sizesAtUse(R"(
    void f(const std::vector<int> &n, std::vector<float *> &patch, int k) {
      for (int p = 0; p < k; p++)
        patch[p] = new float[n[p] * n[p]];
      for (int p = 0; p < k; p++)
        use(patch[p]);
    })"),
            Sizes{"n[p] * n[p]"});
}

TEST(BufferSizesTest, Offsets) {
  EXPECT_EQ(sizesAtUse(R"(
    void f(double *grid, int nx, int ny, int k) {
      double *top = grid + 3 * nx;
      use(top);
    })"),
            Sizes{"@3 * nx"});
  EXPECT_EQ(sizesAtUse(R"(
    void f(double *grid, int nx, int ny, int k) {
      use(&grid[nx * ny + k]);
    })"),
            Sizes{"@nx * ny + k"});
  // An int variable is the check's to judge (a running total?); a wide
  // one is no hazard.
  EXPECT_EQ(sizesAtUse(R"(
    void f(double *grid, int k) {
      use(grid + k);
    })"),
            Sizes{"$k"});
  EXPECT_EQ(sizesAtUse(R"(
    void f(double *grid, long k) {
      use(&grid[k]);
    })"),
            Sizes{});
}

/// Whether the offset `f` returns under its `if` is a whole number of
/// messages of the count it returns otherwise.
static bool wholeMessages(const std::string &Offset, const std::string &Count) {
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      std::string(Header) + "long f(int i, int n, int m, int k) { if (k) return " +
          Offset + "; return " + Count + "; }",
      {"-std=c++17"});
  ASTContext &Ctx = AST->getASTContext();
  auto OffsetReturn = match(returnStmt(hasParent(ifStmt())).bind("r"), Ctx);
  auto CountReturn = match(returnStmt(unless(hasParent(ifStmt()))).bind("r"), Ctx);
  EXPECT_EQ(OffsetReturn.size(), 1u);
  EXPECT_EQ(CountReturn.size(), 1u);
  return isWholeMessages(OffsetReturn[0].getNodeAs<ReturnStmt>("r")->getRetValue(),
                         CountReturn[0].getNodeAs<ReturnStmt>("r")->getRetValue(),
                         Ctx);
}

TEST(BufferSizesTest, OffsetsInWholeMessages) {
  EXPECT_TRUE(wholeMessages("i * n", "n"));
  EXPECT_TRUE(wholeMessages("n * i", "n"));
  EXPECT_TRUE(wholeMessages("i * n * 2", "n * 2"));
  EXPECT_TRUE(wholeMessages("(i * m) * n", "m * n"));
  EXPECT_TRUE(wholeMessages("i * 2147483647", "2147483647"));
  // The count itself is no piece of it, nor a fixed multiple; another size
  // is not the message.
  EXPECT_FALSE(wholeMessages("n", "n"));
  EXPECT_FALSE(wholeMessages("i * m", "n"));
  EXPECT_FALSE(wholeMessages("i * n", "n * m"));
  EXPECT_FALSE(wholeMessages("i + n", "n"));
  EXPECT_FALSE(wholeMessages("3 * n", "n"));
  EXPECT_FALSE(wholeMessages("2 * 3 * n", "n * 3"));
}

TEST(BufferSizesTest, PiecesOfAConstantStride) {
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      std::string(Header) + R"(
    #define CHUNK (1 << 20)
    long offset(int i, int n) { return i * CHUNK; }
    long fixed(int i, int n) { return 3 * CHUNK; }
    long two(int i, int n) { return i * 2 * CHUNK; }
    long count(int i, int n) { return i == n ? 17 : CHUNK; }
    long other(int i, int n) { return i == n ? 17 : 1 << 21; }
  )",
      {"-std=c++17"});
  ASTContext &Ctx = AST->getASTContext();
  auto Returned = [&](const char *F) {
    auto M = match(returnStmt(hasAncestor(functionDecl(hasName(F)))).bind("r"), Ctx);
    EXPECT_EQ(M.size(), 1u);
    return M[0].getNodeAs<ReturnStmt>("r")->getRetValue();
  };
  std::optional<llvm::APSInt> Stride = pieceStride(Returned("offset"), Ctx);
  ASSERT_TRUE(Stride);
  EXPECT_EQ(Stride->getExtValue(), 1 << 20);
  // A fixed multiple walks nothing; two constants are no spelled stride.
  EXPECT_FALSE(pieceStride(Returned("fixed"), Ctx));
  EXPECT_FALSE(pieceStride(Returned("two"), Ctx));
  EXPECT_TRUE(mentionsConstant(Returned("count"), *Stride, Ctx));
  EXPECT_FALSE(mentionsConstant(Returned("other"), *Stride, Ctx));
}

TEST(BufferSizesTest, IntTermsOfAWideCount) {
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      std::string(Header) + R"(
    long f(long bytes, int pieces, int piece) {
      return bytes - pieces * piece + 2 * 3;
    })",
      {"-std=c++17"});
  ASTContext &Ctx = AST->getASTContext();
  auto Returned = match(returnStmt().bind("r"), Ctx);
  ASSERT_EQ(Returned.size(), 1u);
  const auto *Count =
      Returned[0].getNodeAs<ReturnStmt>("r")->getRetValue();
  llvm::SmallVector<NarrowSize, 1> Terms = narrowTermsOf(Count, Ctx);
  ASSERT_EQ(Terms.size(), 1u);
  EXPECT_EQ(Terms[0].Kind, NarrowSize::CountTerm);
  EXPECT_EQ(Lexer::getSourceText(CharSourceRange::getTokenRange(
                                     Terms[0].Arithmetic->getSourceRange()),
                                 Ctx.getSourceManager(), Ctx.getLangOpts()),
            "pieces * piece");
}

TEST(BufferSizesTest, GlobalsAndMembersAllocatedElsewhere) {
  EXPECT_EQ(sizesAtUse(R"(
    double *halo;
    struct field { int n, k; double *values; };
    field state;
    void setup(field *s, int rows, int cols) {
      halo = (double *)malloc(2 * rows * cols * sizeof(double));
      s->values = (double *)malloc(s->n * s->k * sizeof(double));
    }
    void f() { use(state.values); }
  )",
                       /*Shared=*/true),
            Sizes{"s->n * s->k"});
  EXPECT_EQ(sizesAtUse(R"(
    double *halo;
    void setup(int rows, int cols) {
      halo = (double *)malloc(2 * rows * cols * sizeof(double));
    }
    void f() { use(halo); }
  )",
                       /*Shared=*/true),
            Sizes{"2 * rows * cols"});
  // A local is no shared buffer.
  EXPECT_EQ(sizesAtUse(R"(
    void setup(int n) { double *b = (double *)malloc(2 * n * sizeof(double)); }
    void f() { double *b = 0; use(b); }
  )",
                       /*Shared=*/true),
            Sizes{});
}

} // namespace
} // namespace mpix
