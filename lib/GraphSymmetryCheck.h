//===-- GraphSymmetryCheck.h - mpix-graph-symmetry --------------*- C++ -*-===//
//
// Neighborhood collectives on an MPI_Graph_create communicator require the
// number of edges between any two processes to be the same on both sides
// (MPI-3.1 §7.6). Neither MPICH nor Open MPI checks it; an asymmetric graph
// hangs or corrupts. This check computes the adjacency when nnodes, index and
// edges are known, reports inconsistent arguments at MPI_Graph_create, and
// reports neighborhood collectives on graphs that are (or, with
// WarnWhenUnprovable, may be) asymmetric.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_GRAPHSYMMETRYCHECK_H
#define MPIX_TIDY_GRAPHSYMMETRYCHECK_H

#include "TopologyCheckBase.h"
#include "llvm/ADT/DenseMap.h"

namespace mpix {

class GraphSymmetryCheck : public TopologyCheckBase {
public:
  GraphSymmetryCheck(llvm::StringRef Name,
                     clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void onEndOfTranslationUnit() override;

  /// What an MPI_Graph_create call says about its graph.
  struct Adjacency {
    bool Known = false;      ///< nnodes, index and edges are all constants.
    bool Consistent = false; ///< And they describe a graph.
    /// The first pair (I, J) whose edge counts differ, when Consistent.
    std::optional<std::pair<int64_t, int64_t>> Unmatched;
    int64_t CountIJ = 0, CountJI = 0;
  };

private:
  void analyze(const MPICall &C) override;
  const Adjacency &adjacencyOf(const CommOrigin &O);
  Adjacency computeAdjacency(const CommOrigin &O, bool Report);
  void checkNeighborhoodCollective(const MPICall &C);

  const bool WarnWhenUnprovable;
  llvm::DenseMap<const clang::CallExpr *, Adjacency> Adjacencies;
};

} // namespace mpix

#endif
