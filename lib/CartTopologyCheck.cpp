//===-- CartTopologyCheck.cpp - mpix-cart-topology ------------------------===//

#include "CartTopologyCheck.h"
#include "clang/AST/ASTContext.h"

using namespace clang;

namespace mpix {

void CartTopologyCheck::onEndOfTranslationUnit() {
  TopologyCheckBase::onEndOfTranslationUnit();
  CreatorsUsed.reset();
  Shapes.clear();
  NullReported.clear();
  SomeMayBeNull = false;
}

/// Every rule but MPI_Dims_create's is about a communicator made by one of
/// these.
bool CartTopologyCheck::usesCreators() {
  if (!CreatorsUsed)
    CreatorsUsed =
        translationUnitUses("Cart_create") || translationUnitUses("Cart_sub");
  return *CreatorsUsed;
}

void CartTopologyCheck::analyze(const MPICall &C) {
  if (C.Name == "Dims_create")
    checkDimsCreate(C);
  if (!usesCreators())
    return;
  if (C.Name == "Cart_create")
    checkCreate(C);
  else if (C.Name == "Cart_shift")
    checkShift(C);
  else if (C.Name == "Cart_get")
    checkInquiry(C, 1, {2, 3, 4});
  else if (C.Name == "Cart_coords")
    checkInquiry(C, 2, {3});
  // Whether a communicator may be MPI_COMM_NULL is known once every
  // creator's shape is: this one's is worked out now, while the facts of
  // its function are at hand, and the uses are judged at the end.
  if (C.Name == "Cart_create" || C.Name == "Cart_sub") {
    std::optional<Shape> S = shapeOf({C.Call, C.Function});
    SomeMayBeNull |= S && S->MayBeNull;
  }
}

/// Tracing every communicator argument to its creator costs more than the
/// other rules together; it can find something only if some creator may give
/// MPI_COMM_NULL. The unit's calls are gone through again for it rather than
/// kept from the pass: in a unit of thousands of MPI calls the copy cost more
/// in fresh pages than the rule, which is rarely needed.
void CartTopologyCheck::finishAnalysis() {
  if (!usesCreators())
    return;
  // Arguments not known until instantiation: assume the worst.
  if (SomeMayBeNull || calledDependently("Cart_create") ||
      calledDependently("Cart_sub"))
    forEachMPICall([&](const MPICall &C) { checkNullUse(C); });
}


//===----------------------------------------------------------------------===//
// What a communicator is
//===----------------------------------------------------------------------===//

std::optional<CartTopologyCheck::Shape>
CartTopologyCheck::shapeOf(const CommOrigin &O) {
  auto [It, Inserted] = Shapes.try_emplace(O.Creator);
  if (!Inserted)
    return It->second; // Computed, or in progress (MPI_Cart_sub(c, r, &c)).
  const CallExpr *Call = O.Creator;
  std::optional<Shape> Result;
  StringRef Name = mpiName(Call->getDirectCallee());
  if (Name == "Cart_create" && Call->getNumArgs() == 6) {
    std::optional<int64_t> Ndims =
        knownInt(Call->getArg(1), knowledgeOf(O.Function), context());
    // A zero-dimensional grid has one process; on MPI_COMM_SELF that is the
    // only process there is.
    bool MayBeNull = Ndims == 0 &&
                     !isMacro(Call->getArg(0), "MPI_COMM_SELF", context());
    Result = Shape{Ndims, Call, Shape::Created, MayBeNull};
  } else if (Name == "Cart_sub" && Call->getNumArgs() == 3) {
    Result = shapeOfSub(O);
  }
  Shapes[O.Creator] = Result;
  return Result;
}

/// MPI_Cart_sub keeps the dimensions whose remain_dims entry is true; with
/// none, or from a zero-dimensional parent, the result is zero-dimensional
/// (MPI-3.1 §7.5.7).
std::optional<CartTopologyCheck::Shape>
CartTopologyCheck::shapeOfSub(const CommOrigin &O) {
  const CallExpr *Call = O.Creator;
  std::optional<Shape> Parent;
  if (std::optional<CommOrigin> P =
          provenance().originOf(Call->getArg(0), O.Function))
    Parent = shapeOf(*P);
  if (Parent && Parent->Ndims == 0)
    return Shape{0, Call, Shape::SubOfZeroDim, false};
  std::optional<uint64_t> Count;
  if (Parent && Parent->Ndims && *Parent->Ndims > 0)
    Count = uint64_t(*Parent->Ndims);
  std::optional<llvm::SmallVector<int64_t, 8>> Remain = knownElements(
      Call->getArg(1), Count, Call, knowledgeOf(O.Function), context());
  if (!Remain)
    return Shape{std::nullopt, Call, Shape::Created, false};
  int64_t Kept = llvm::count_if(*Remain, [](int64_t R) { return R != 0; });
  if (Kept == 0)
    return Shape{0, Call, Shape::AllRemainFalse, true};
  return Shape{Kept, Call, Shape::Created, false};
}

std::optional<CartTopologyCheck::Shape>
CartTopologyCheck::shapeOfArg(const MPICall &C, unsigned Index) {
  if (Index >= C.Call->getNumArgs())
    return std::nullopt;
  std::optional<CommOrigin> O =
      provenance().originOf(C.Call->getArg(Index), C.Function);
  if (!O)
    return std::nullopt;
  return shapeOf(*O);
}

void CartTopologyCheck::noteCreator(const Shape &S) {
  const char *Why = nullptr;
  switch (S.Why) {
  case Shape::Created:
    if (S.Ndims == 0)
      Why = "zero-dimensional communicator created here (ndims = 0)";
    else
      Why = "%0-dimensional communicator created here";
    break;
  case Shape::AllRemainFalse:
    Why = "zero-dimensional communicator created here: every remain_dims "
          "entry is false";
    break;
  case Shape::SubOfZeroDim:
    Why = "zero-dimensional communicator created here from a "
          "zero-dimensional one";
    break;
  }
  auto D = diag(S.Creator->getBeginLoc(), Why, DiagnosticIDs::Note);
  if (S.Ndims && *S.Ndims != 0)
    D << int(*S.Ndims);
}

//===----------------------------------------------------------------------===//
// The rules
//===----------------------------------------------------------------------===//

/// The variable an output argument writes: `c` for both `c` and `&c`.
static std::string outputName(const Expr *Out) {
  const Expr *E = Out->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_AddrOf)
      E = U->getSubExpr();
  const VarDecl *V = referencedVariable(E);
  return V ? V->getName().str() : std::string("the output");
}

void CartTopologyCheck::checkCreate(const MPICall &C) {
  if (C.Call->getNumArgs() != 6)
    return;
  std::optional<int64_t> Ndims = knownArg(C, 1);
  if (Ndims && *Ndims < 0)
    diag(C.Call->getArg(1)->getBeginLoc(),
         "MPI_Cart_create with ndims = %0 is erroneous: the number of "
         "dimensions must not be negative (MPI-3.1 §7.5.1, MPI-4.1 §8.5.1)")
        << int(*Ndims) << C.Call->getArg(1)->getSourceRange();
}

void CartTopologyCheck::checkShift(const MPICall &C) {
  if (C.Call->getNumArgs() != 5)
    return;
  std::optional<Shape> S = shapeOfArg(C, 0);
  if (S && S->Ndims == 0) {
    diag(C.Call->getBeginLoc(),
         "MPI_Cart_shift on a zero-dimensional Cartesian communicator is "
         "erroneous (MPI-3.1 §7.5.6, MPI-4.1 §8.5.6): MPICH returns "
         "MPI_ERR_TOPOLOGY, Open MPI returns MPI_SUCCESS and MPI_PROC_NULL "
         "for both neighbours");
    noteCreator(*S);
    return;
  }
  const Expr *Direction = C.Call->getArg(1);
  std::optional<int64_t> Dir = knownArg(C, 1);
  if (!Dir)
    return;
  if (*Dir < 0) {
    diag(Direction->getBeginLoc(),
         "MPI_Cart_shift with direction %0 is erroneous: the direction must "
         "be in [0, ndims) (MPI-3.1 §7.5.6, MPI-4.1 §8.5.6); MPICH returns "
         "MPI_ERR_ARG, Open MPI MPI_ERR_DIMS")
        << int(*Dir) << Direction->getSourceRange();
    return;
  }
  if (S && S->Ndims && *Dir >= *S->Ndims) {
    diag(Direction->getBeginLoc(),
         "MPI_Cart_shift with direction %0 on a %1-dimensional communicator "
         "is erroneous: the direction must be in [0, ndims) (MPI-3.1 §7.5.6, "
         "MPI-4.1 §8.5.6); MPICH returns MPI_ERR_ARG, Open MPI does not "
         "detect it and returns MPI_SUCCESS with meaningless ranks")
        << int(*Dir) << int(*S->Ndims) << Direction->getSourceRange();
    noteCreator(*S);
  }
}

void CartTopologyCheck::checkInquiry(const MPICall &C, unsigned MaxdimsIndex,
                                     llvm::ArrayRef<unsigned> Outputs) {
  if (C.Call->getNumArgs() <= Outputs.back())
    return;
  std::optional<Shape> S = shapeOfArg(C, 0);
  if (!S || !S->Ndims)
    return;
  std::string Callee = "MPI_" + C.Name.str();
  if (*S->Ndims == 0) {
    const LocalKnowledge &K = knowledgeOf(C.Function);
    for (unsigned I : Outputs) {
      const Expr *Out = C.Call->getArg(I);
      const Expr *Read = readOfUnwrittenOutput(Out, C.Call, K, context());
      if (!Read)
        continue;
      diag(Out->getBeginLoc(),
           "%0 on a zero-dimensional Cartesian communicator leaves '%1' "
           "unchanged (MPI-3.1 §7.5.5, MPI-4.1 §8.5.5), and it is read "
           "afterwards without having been initialized")
          << Callee << outputName(Out) << Out->getSourceRange();
      diag(Read->getBeginLoc(), "read here", DiagnosticIDs::Note);
      noteCreator(*S);
    }
    return;
  }
  const Expr *Maxdims = C.Call->getArg(MaxdimsIndex);
  std::optional<int64_t> Max = knownArg(C, MaxdimsIndex);
  if (!Max || *Max >= *S->Ndims)
    return;
  diag(Maxdims->getBeginLoc(),
       "%0 with maxdims = %1 below the communicator's %2 dimensions is "
       "unspecified (MPI-4.1 §8.5.5): %3")
      << Callee << int(*Max) << int(*S->Ndims)
      << (C.Name == "Cart_get"
              ? "MPICH writes ndims entries into each array, past their "
                "end; Open MPI fills only the first maxdims"
              : "MPICH returns MPI_ERR_ARG, Open MPI returns MPI_SUCCESS and "
                "only the first maxdims coordinates")
      << Maxdims->getSourceRange();
  noteCreator(*S);
}

void CartTopologyCheck::checkDimsCreate(const MPICall &C) {
  if (C.Call->getNumArgs() != 3 || knownArg(C, 1) != 0)
    return;
  std::optional<int64_t> Nnodes = knownArg(C, 0);
  if (Nnodes == 1)
    return;
  diag(C.Call->getBeginLoc(),
       "MPI_Dims_create with ndims = 0 is defined only for nnodes = 1 "
       "(MPI-4.0 §8.5.2, MPI-4.1 §8.5.2) and nnodes is %0: unspecified; Open "
       "MPI returns MPI_ERR_DIMS, MPICH returns MPI_SUCCESS")
      << (Nnodes ? std::to_string(*Nnodes) : "not known to be 1");
}

/// A zero-dimensional communicator reaches one process only: using it without
/// comparing it with MPI_COMM_NULL is erroneous on all the others.
void CartTopologyCheck::checkNullUse(const MPICall &C) {
  const FunctionDecl *Callee = C.Call->getDirectCallee();
  for (unsigned I = 0; I < C.Call->getNumArgs() && I < Callee->getNumParams();
       ++I) {
    const Expr *Arg = C.Call->getArg(I);
    const VarDecl *V = referencedVariable(Arg);
    if (!V || !isMPICommType(Callee->getParamDecl(I)->getType()))
      continue;
    std::optional<CommOrigin> O = provenance().originOf(Arg, C.Function);
    if (!O || O->NullChecked || O->Creator == C.Call)
      continue;
    std::optional<Shape> S = shapeOf(*O);
    // The parent's rank 0 gets an all-false MPI_Cart_sub's result on every
    // MPI (MPICH gives it to no one else). MPI_Cart_create may reorder.
    if (!S || !S->MayBeNull ||
        provenance().isNullChecked(Arg, V, C.Function) ||
        (S->Why == Shape::AllRemainFalse && O->Function == C.Function &&
         provenance().isRankZeroOf(O->Creator->getArg(0), Arg, C.Function)) ||
        !NullReported.insert(O->Creator).second)
      continue;
    diag(Arg->getBeginLoc(),
         S->Why == Shape::AllRemainFalse
             ? "'%0' may be MPI_COMM_NULL here: MPICH (up to 5.0.1) gives the "
               "result of an all-false MPI_Cart_sub only to the parent's rank "
               "0 and MPI_COMM_NULL to the others, Open MPI gives every "
               "process a size-1 communicator (MPI-3.1 §7.5.7, MPI-4.1 "
               "§8.5.7); compare it with MPI_COMM_NULL before using it"
             : "'%0' may be MPI_COMM_NULL here: MPI_Cart_create with ndims = "
               "0 gives the communicator to one process and MPI_COMM_NULL to "
               "the others (MPI-3.1 §7.5.1, MPI-4.1 §8.5.1); compare it with "
               "MPI_COMM_NULL before using it")
        << textOf(Arg) << Arg->getSourceRange();
    noteCreator(*S);
  }
}

} // namespace mpix
