//===-- ProgramSends.h - The sends of a whole program -----------*- C++ -*-===//
//
// A probe of a real process gives the count of a message another process
// sent. When the translation unit holds main and every process runs it (the
// model's WholeProgram option), the messages a probe can see are those of
// the sends this unit can make: the point-to-point sends (MPIX_MODEL_PEER
// rows SEND of MPIModel.def) in the functions main reaches, through calls,
// taken addresses and C++'s implicit calls. This finds them, or says that
// the unit does not show them all.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_UTILS_PROGRAMSENDS_H
#define MPIX_TIDY_UTILS_PROGRAMSENDS_H

#include "MPIApi.h"
#include "analysis/Domain.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <memory>
#include <optional>
#include <vector>

namespace mpix {

struct SendSite {
  const clang::CallExpr *Call;
  /// The function whose body holds the call.
  const clang::FunctionDecl *Caller;
  const PeerInfo *Row;
};

struct ProgramSends {
  std::vector<SendSite> Sites;
  /// The largest message, in bytes, that a function of another file the
  /// program calls sends (the option ExternalSends); 0 when none is called.
  WideInt ExternalBytes = 0;
};

/// The most bytes a function without a body in this unit sends in one
/// point-to-point message; none when that is not known.
using ExternalSendFn =
    llvm::function_ref<std::optional<WideInt>(const clang::FunctionDecl *)>;

/// Every send main can reach, when the unit shows them all: none when the
/// unit has no main, or main reaches a call the unit cannot follow (through
/// a pointer, a virtual call, a block, a function of another file that
/// \p External does not bound) or an MPI call that joins the program to
/// other programs (FOREIGN rows). Functions declared in system headers are
/// libraries: they send nothing a probe of the program matches (MPI's advice
/// that libraries communicate on communicators of their own), and MPI
/// functions send only what their SEND rows say.
std::optional<ProgramSends> findProgramSends(clang::ASTContext &Ctx,
                                             ExternalSendFn External);

/// The sends of the program's functions, each body walked once however
/// many roots reach it.
class SendGraph {
public:
  explicit SendGraph(clang::ASTContext &Ctx);
  ~SendGraph();
  /// What findProgramSends finds.
  std::optional<ProgramSends> program(ExternalSendFn External);
  /// Every send a call of \p F can make, through what it reaches in this
  /// unit and the initializers of the unit's globals (a C++ unit's run
  /// before main): the same rules as for main, except that a virtual call
  /// is unknown (an override of another file may run). None when unknown.
  std::optional<ProgramSends> function(const clang::FunctionDecl *F,
                                       ExternalSendFn External);

private:
  class Impl;
  std::unique_ptr<Impl> P;
};

} // namespace mpix

#endif
