//===-- MemberWrites.h - What a unit stores into structure members -*- C++ -*-===//
//
// A count is often kept in a structure or a class: `m_sizeX = edgeElems;`
// in a constructor of one file, `domain.sizeX() + 1` handed to a wrapper of
// another. In a whole program, a member holds only what some unit stores
// into it, so the summaries record, per unit, every way its code gives an
// integer member a value: a plain store, a constructor's initializer, an
// initializer list, a default member initializer, and, as values nobody can
// judge, updates (`+=`, `++`), an address or a non-const reference handed
// out, and raw copies of the whole structure (`memcpy`, `fread`).
//
// This layer only lists the writes; judging them is the ranges' business
// (RangeAnalysis::storedRange), and deciding which members the records
// follow is the summaries' (FunctionAnalyses::recordsStoresOf).
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_ANALYSIS_MEMBERWRITES_H
#define MPIX_TIDY_ANALYSIS_MEMBERWRITES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <string>

namespace mpix {

/// The member \p M returns when it is an accessor: a method of no
/// parameters, not virtual, whose body is `return m;` of a member of its
/// own object, by value or by reference, of the member's own type.
const clang::FieldDecl *accessorMember(const clang::CXXMethodDecl *M);

/// A structure's name as the code spells it: `Halo` for `typedef struct {
/// ... } Halo;`.
std::string recordName(const clang::RecordDecl *R);

/// One write of an integer member.
struct MemberWrite {
  /// The value stored; null when the write's value cannot be seen (an
  /// update, an address or reference handed out, a raw copy).
  const clang::Expr *Value = nullptr;
  /// Where it happens: the assignment, the initializer, the use that hands
  /// it out, the cast of the structure's address. Null for a structure in
  /// a union or bound by reference (`auto &[n, m] = s`).
  const clang::Stmt *Site = nullptr;
  /// The function it is in; null at file scope, in a default member
  /// initializer, a lambda or a block.
  const clang::FunctionDecl *Function = nullptr;
  /// An address handed straight to a parameter of a function that takes
  /// a pointer to the member's own type (`my_comm_size(comm, &c->np)`,
  /// `MPI_Comm_size(comm, &c->np)`): the call, and the argument. What the
  /// callee stores there is its summary's, or the model's.
  const clang::CallExpr *OutputCall = nullptr;
  unsigned OutputIndex = 0;
  /// A raw write that is the structure's address handed straight to a
  /// parameter of another type (`CVodeSetUserData(mem, data)`, whose
  /// parameter is `void *`): the call and the argument. It writes only if
  /// the callee writes through that parameter (PointeeUses).
  const clang::CallExpr *BytesCall = nullptr;
  unsigned BytesIndex = 0;
};

class MemberWrites {
public:
  /// Walks \p Decls, the unit's own top-level declarations (UserCodeScope).
  MemberWrites(clang::ASTContext &Ctx, llvm::ArrayRef<clang::Decl *> Decls);

  /// Every integer member (canonical declaration) the unit writes, with its
  /// writes in source order.
  const llvm::MapVector<const clang::FieldDecl *,
                        llvm::SmallVector<MemberWrite, 2>> &
  byField() const {
    return Writes;
  }

  /// Every member holding a function pointer that the unit stores into
  /// (`mem->set_data = arkSetData;`, or an initializer list), with the
  /// functions stored; null for a store of anything else than a function's
  /// name (a null pointer is no function, a copy of the same member of
  /// another object adds none; raw copies are not followed: the bytes they
  /// copy hold functions stored by name somewhere).
  const llvm::MapVector<const clang::FieldDecl *,
                        llvm::SmallVector<const clang::FunctionDecl *, 1>> &
  functionStores() const {
    return FunctionStores;
  }

private:
  friend class MemberWriteCollector;
  void addWrite(const clang::FieldDecl *Field, MemberWrite W);
  void addFunctionStore(const clang::FieldDecl *Field, const clang::Expr *Value);
  /// A structure whose bytes the unit hands to code that may write them
  /// (a cast of its address to `void *` or `char *`), or a union member:
  /// every integer member in it, nested structures' too, gets the unknown
  /// write \p Where (the cast, in its function).
  void addRawWrite(const clang::RecordDecl *Record,
                   llvm::DenseSet<const clang::RecordDecl *> &Seen,
                   MemberWrite Where);

  llvm::MapVector<const clang::FieldDecl *, llvm::SmallVector<MemberWrite, 2>>
      Writes;
  llvm::MapVector<const clang::FieldDecl *,
                  llvm::SmallVector<const clang::FunctionDecl *, 1>>
      FunctionStores;
};

/// What functions do with the memory a pointer parameter points to. A
/// library that takes a program's structure as `void *user_data` usually
/// keeps the pointer for the program's callbacks, which write the
/// structure by member (writes the records see), and never writes its
/// bytes. A parameter is kept when every use of it, and of the locals it
/// is copied to, compares the pointer, tests it, reads through it, names a
/// member through it (a store by name is a member write the records list
/// where it is made), stores the pointer itself into a member or a global,
/// or hands it to a parameter that is only read (`const void *`), freed,
/// or kept in turn by a function with a body in the unit. Anything else
/// may write: a store through it, `memcpy` into it, a call of code not in
/// sight, pointer arithmetic, returning it.
class PointeeUses {
public:
  /// A condition of a kept parameter: that another function keeps what it
  /// is handed as its argument \p Arg. Target is that function, when its
  /// body is not in the unit (its summary decides), or a member holding a
  /// function pointer (`mem->set_data(mem, p)`: every function the
  /// program stores there must keep it).
  struct Condition {
    const clang::NamedDecl *Target;
    unsigned Arg;
  };
  struct Answer {
    bool Kept = false;
    llvm::SmallVector<Condition, 1> Unless;
  };
  /// Whether \p P is kept, and on what conditions; not kept for a function
  /// without a body here.
  Answer pointee(const clang::ParmVarDecl *P);
  /// Whether \p P is kept on no condition.
  bool keeps(const clang::ParmVarDecl *P) {
    Answer A = pointee(P);
    return A.Kept && A.Unless.empty();
  }

private:
  /// Whether every use of \p V keeps what it points to; the locals it is
  /// copied to are added to \p Copies.
  bool usesKept(llvm::ArrayRef<const clang::DeclRefExpr *> Uses,
                const clang::ParentMap &Parents,
                llvm::SmallVectorImpl<const clang::VarDecl *> &Copies);
  /// Whether the pointer value \p Value (a load of a kept variable, or a
  /// cast of one) goes only where it is kept.
  bool valueKept(const clang::Expr *Value, const clang::ParentMap &Parents,
                 llvm::SmallVectorImpl<const clang::VarDecl *> &Copies);
  bool onlyRead(const clang::Expr *Place, const clang::ParentMap &Parents);
  bool keptByCallee(const clang::CallExpr *Call, const clang::Expr *Arg);
  /// Known answers; not kept while a parameter is being decided
  /// (recursion).
  llvm::DenseMap<const clang::ParmVarDecl *, Answer> Known;
  /// The conditions of the parameter being decided.
  llvm::SmallVector<Condition, 1> *Unless = nullptr;
};

} // namespace mpix

#endif
