//===-- MemberStores.h - Stores into structure members, unit-wide -*- C++ -*-===//
//
// A count is often kept in a structure: `h->cap = face * 64 * sizeof(Msg);`
// in the function that sets a halo up, `MPI_Sendrecv(..., h->cap, ...)` in
// the one that exchanges it. The call sees only an 'int' member; the store
// that narrowed a wide value into it is elsewhere in the unit. This index
// lists every plain store into an integer member in user code, with the
// function it is in, built by one walk of the unit the first time a count
// is read from a member.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_UTILS_MEMBERSTORES_H
#define MPIX_TIDY_UTILS_MEMBERSTORES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <vector>

namespace clang {
class ASTContext;
class Decl;
class BinaryOperator;
class FieldDecl;
class FunctionDecl;
} // namespace clang

namespace mpix {

struct MemberStore {
  /// `x.m = value` or `p->m = value`.
  const clang::BinaryOperator *Assign;
  /// The function definition it is in.
  const clang::FunctionDecl *Function;
};

class MemberStores {
public:
  /// \p Declarations: the top-level declarations of user code
  /// (UserCodeScope::declarations).
  MemberStores(clang::ASTContext &Ctx, std::vector<clang::Decl *> Declarations)
      : Ctx(Ctx), Declarations(std::move(Declarations)) {}
  /// The stores into \p Field in the unit's user code, in source order.
  llvm::ArrayRef<MemberStore> of(const clang::FieldDecl *Field);

private:
  void collect();
  clang::ASTContext &Ctx;
  std::vector<clang::Decl *> Declarations;
  bool Collected = false;
  llvm::DenseMap<const clang::FieldDecl *, llvm::SmallVector<MemberStore, 2>>
      Stores;
};

} // namespace mpix

#endif
