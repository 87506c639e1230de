//===-- BufferSizes.h - Where a count's buffer gets its size ----*- C++ -*-===//
//
// A count widened for MPI is only half of a large message: the buffer it
// describes was allocated with a size computed from the same quantities, and
// `malloc(4 * n * sizeof(int))` computes `4 * n` in 'int' before the
// conversion to 'size_t'. Once the count no longer wraps, MPI writes the
// whole message into the wrapped allocation, a heap overflow where there was
// MPI's "negative count" error. The same holds for an offset into the
// buffer (`&buf[nx * ny]`, `out = base + rows * cols`): wrapped, it points
// before the buffer. This finds that arithmetic, in the function that makes
// the call, so that the fix widens it with the count; and the int terms of
// a count computed wide (`size - chunk * INT_MAX`), which wrap before it.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_UTILS_BUFFERSIZES_H
#define MPIX_TIDY_UTILS_BUFFERSIZES_H

#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace clang {
class ASTContext;
class Expr;
class ParmVarDecl;
class Stmt;
class ValueDecl;
class VarDecl;
} // namespace clang

namespace mpix {

struct NarrowSize {
  enum KindType {
    /// `4 * n` of `malloc(4 * n * sizeof(int))`: converted to a wider size.
    Size,
    /// `nx * ny` of `&buf[nx * ny]` or `p = buf + nx * ny`.
    Offset,
    /// `off` of `buf + off`, an int local: it may be a running total, or
    /// hold a product, that wraps as the count does.
    OffsetVariable,
    /// `2 * n` of `ialloc(2 * n)` whose parameter is an `int`: the
    /// allocator cannot be asked for more, whatever the caller computes.
    NarrowParameter,
    /// `chunk * INT_MAX` of a wide count `size - chunk * INT_MAX`: computed
    /// in int before the count is (no buffer; Allocation is the count).
    CountTerm,
    /// `nsend` of `realloc(buf, nsend * sizeof(char))`, an int local
    /// converted to the wider size: it may hold a product or a running sum
    /// that wraps as the count does (`nsend = cnt * m` before).
    SizeVariable,
  };
  KindType Kind;
  /// Integer arithmetic computed in a type narrower than the size it becomes
  /// or than a pointer offset; for a NarrowParameter, the argument.
  const clang::Expr *Arithmetic;
  /// A Size's conversion to the wider integer (whose type is the size's).
  const clang::Expr *Conversion;
  /// What allocates the buffer with it: a call (malloc, a project's
  /// allocator), `new T[...]`, a std::vector's constructor or resize(); for
  /// an offset, the pointer arithmetic or subscript.
  const clang::Expr *Allocation;
  /// The buffer as the allocation names it (`buf`, `plan->recv`).
  const clang::Expr *Buffer;
  /// The statement that stores the allocation or offset pointer (an
  /// assignment, a declaration, a resize()); null for an offset in the
  /// call's own argument.
  const clang::Stmt *Store;
  /// A NarrowParameter's parameter.
  const clang::ParmVarDecl *Parameter = nullptr;

  /// An OffsetVariable's or SizeVariable's int local (its Arithmetic names
  /// it).
  const clang::VarDecl *variable() const;
  bool isVariable() const {
    return Kind == OffsetVariable || Kind == SizeVariable;
  }
};

/// The sizes of \p BufferArg computed narrow in \p Body: each allocation
/// stored into the object the argument points into (`buf`, `buf + off`,
/// `&buf[i]`, `v.data()`, `s->buf`, `bufs[0]` of an array of pointers),
/// with its arithmetic converted to a wider integer, implicitly or by a
/// cast; the offsets computed narrow in the argument (`&buf[nx * ny]`) or
/// in the pointer stored into it (`p = base + rows * cols`); and arithmetic
/// handed to an allocator's parameter narrower than 64 bits. Arithmetic of
/// constants alone is left out.
llvm::SmallVector<NarrowSize, 1> narrowSizesOf(const clang::Expr *BufferArg,
                                               const clang::Stmt *Body,
                                               const clang::ASTContext &Ctx);
/// The two halves of narrowSizesOf: the offsets in the argument itself, and
/// what the stores into its object in \p Body allocate or offset (the same
/// for every call passing a local buffer, so a caller may keep them).
llvm::SmallVector<NarrowSize, 1> narrowOffsetsIn(const clang::Expr *BufferArg,
                                                 const clang::ASTContext &Ctx);
llvm::SmallVector<NarrowSize, 1> narrowStoresOf(const clang::Expr *BufferArg,
                                                const clang::Stmt *Body,
                                                const clang::ASTContext &Ctx);
/// The local variable \p BufferArg points into, if it is one.
const clang::VarDecl *localBufferOf(const clang::Expr *BufferArg);
/// The variable, local or not, \p BufferArg points into when it names one
/// (`buf`, `&buf[k]`, `buf + off`): what narrowStoresOf finds depends on it
/// alone.
const clang::VarDecl *bufferVariableOf(const clang::Expr *BufferArg);

/// The int arithmetic converted to a wider integer inside \p Count, a count
/// argument computed wide: it wraps before the count is computed.
llvm::SmallVector<NarrowSize, 1> narrowTermsOf(const clang::Expr *Count,
                                               const clang::ASTContext &Ctx);

/// Whether \p Offset is a varying whole number of messages of \p Count
/// elements (`i * n` for a count `n`, `owner * size * 2` for `size * 2`):
/// each of the count's factors is one of the offset's, and some factor
/// left is not a constant (`3 * n` splits a buffer in fixed parts). A
/// buffer addressed so is sent in pieces of the message.
bool isWholeMessages(const clang::Expr *Offset, const clang::Expr *Count,
                     const clang::ASTContext &Ctx);
/// The constant stride of \p Offset when it is a varying multiple of one
/// (`i * CHUNK`: CHUNK), the pieces of a message cut in constant lengths.
std::optional<llvm::APSInt> pieceStride(const clang::Expr *Offset,
                                        const clang::ASTContext &Ctx);
/// Whether \p E spells the constant \p K somewhere (`i < last ? CHUNK :
/// rest`, `min(CHUNK, left)`): a count chosen against the stride.
bool mentionsConstant(const clang::Expr *E, const llvm::APSInt &K,
                      const clang::ASTContext &Ctx);

/// The global or the structure member \p BufferArg points into (`g_buf`,
/// `plan->recv`, `&tab.data[i]`): a buffer another function may allocate.
const clang::ValueDecl *sharedBufferOf(const clang::Expr *BufferArg);

/// The sizes computed narrow in \p Body of the allocations stored into
/// \p Shared: the global, or the member of any object.
llvm::SmallVector<NarrowSize, 1>
narrowSizesOfShared(const clang::ValueDecl *Shared, const clang::Stmt *Body,
                    const clang::ASTContext &Ctx);

} // namespace mpix

#endif
