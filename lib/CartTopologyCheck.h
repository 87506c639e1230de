//===-- CartTopologyCheck.h - mpix-cart-topology ----------------*- C++ -*-===//
//
// Finds misuses of Cartesian topologies that MPICH and Open MPI accept
// silently or answer differently: negative ndims, MPI_Cart_shift on a
// zero-dimensional communicator or with a direction outside [0, ndims),
// inquiries with maxdims below ndims or whose unchanged outputs are read,
// zero-dimensional communicators used where they may be MPI_COMM_NULL, and
// MPI_Dims_create with ndims == 0 and nnodes != 1.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_CARTTOPOLOGYCHECK_H
#define MPIX_TIDY_CARTTOPOLOGYCHECK_H

#include "TopologyCheckBase.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace mpix {

class CartTopologyCheck : public TopologyCheckBase {
public:
  using TopologyCheckBase::TopologyCheckBase;
  void onEndOfTranslationUnit() override;

private:
  /// What is known of a Cartesian communicator.
  struct Shape {
    enum Cause { Created, AllRemainFalse, SubOfZeroDim };
    std::optional<int64_t> Ndims;
    const clang::CallExpr *Creator;
    Cause Why;
    /// Only one process gets it; the others get MPI_COMM_NULL.
    bool MayBeNull;
  };

  void analyze(const MPICall &C) override;
  bool usesCreators();
  void finishAnalysis() override;
  std::optional<Shape> shapeOf(const CommOrigin &O);
  std::optional<Shape> shapeOfSub(const CommOrigin &O);
  std::optional<Shape> shapeOfArg(const MPICall &C, unsigned Index);

  void checkCreate(const MPICall &C);
  void checkShift(const MPICall &C);
  void checkInquiry(const MPICall &C, unsigned MaxdimsIndex,
                    llvm::ArrayRef<unsigned> Outputs);
  void checkDimsCreate(const MPICall &C);
  void checkNullUse(const MPICall &C);
  void noteCreator(const Shape &S);

  llvm::DenseMap<const clang::CallExpr *, std::optional<Shape>> Shapes;
  llvm::DenseSet<const clang::CallExpr *> NullReported;
  /// Some creator's communicator may be MPI_COMM_NULL on some process.
  bool SomeMayBeNull = false;
  std::optional<bool> CreatorsUsed;
};

} // namespace mpix

#endif
