//===-- GraphSymmetryCheck.cpp - mpix-graph-symmetry ----------------------===//

#include "GraphSymmetryCheck.h"
#include "clang/AST/ASTContext.h"

using namespace clang;

namespace mpix {
namespace {

/// MPI_Neighbor_*, MPI_Ineighbor_*, their _init, _c and MPIX _x forms.
bool isNeighborhoodCollective(StringRef Name) {
  return Name.starts_with("Neighbor_") || Name.starts_with("Ineighbor_");
}

std::string timesWord(int64_t N) {
  if (N == 1)
    return "once";
  if (N == 2)
    return "twice";
  return std::to_string(N) + " times";
}

/// "rank 2 lists 3 once" / "rank 1 does not list 0".
std::string lists(int64_t From, int64_t To, int64_t Count) {
  std::string Who = "rank " + std::to_string(From);
  if (Count == 0)
    return Who + " does not list " + std::to_string(To);
  return Who + " lists " + std::to_string(To) + " " + timesWord(Count);
}

} // namespace

GraphSymmetryCheck::GraphSymmetryCheck(StringRef Name,
                                       tidy::ClangTidyContext *Context)
    : TopologyCheckBase(Name, Context),
      WarnWhenUnprovable(Options.get("WarnWhenUnprovable", false)) {}

void GraphSymmetryCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "WarnWhenUnprovable", WarnWhenUnprovable);
}

void GraphSymmetryCheck::onEndOfTranslationUnit() {
  TopologyCheckBase::onEndOfTranslationUnit();
  Adjacencies.clear();
}

void GraphSymmetryCheck::analyze(const MPICall &C) {
  if (C.Name == "Graph_create" && C.Call->getNumArgs() == 6)
    computeAdjacency({C.Call, C.Function, false}, /*Report=*/true);
  else if (isNeighborhoodCollective(C.Name))
    checkNeighborhoodCollective(C);
}

const GraphSymmetryCheck::Adjacency &
GraphSymmetryCheck::adjacencyOf(const CommOrigin &O) {
  auto It = Adjacencies.find(O.Creator);
  if (It == Adjacencies.end())
    It = Adjacencies.try_emplace(O.Creator, computeAdjacency(O, false)).first;
  return It->second;
}

/// Reads MPI_Graph_create(comm_old, nnodes, index, edges, reorder, comm_graph):
/// node i's neighbours are edges[index[i-1]] .. edges[index[i]-1] (MPI-3.1
/// §7.5.3). Inconsistencies are reported when \p Report.
GraphSymmetryCheck::Adjacency
GraphSymmetryCheck::computeAdjacency(const CommOrigin &O, bool Report) {
  const CallExpr *Call = O.Creator;
  const LocalKnowledge &K = knowledgeOf(O.Function);
  Adjacency A;
  auto Inconsistent = [&](const Expr *At, const std::string &What) {
    if (Report)
      diag(At->getBeginLoc(),
           "MPI_Graph_create: %0 (MPI-3.1 §7.5.3, MPI-4.1 §8.5.3)")
          << What << At->getSourceRange();
    A.Known = true;
    return A;
  };

  const Expr *NnodesArg = Call->getArg(1), *IndexArg = Call->getArg(2),
             *EdgesArg = Call->getArg(3);
  std::optional<int64_t> Nnodes = knownInt(NnodesArg, K, context());
  if (!Nnodes)
    return A;
  if (*Nnodes < 0)
    return Inconsistent(NnodesArg, "nnodes = " + std::to_string(*Nnodes) +
                                       " is erroneous: it must not be negative");
  std::optional<uint64_t> IndexLength = declaredLength(IndexArg);
  if (IndexLength && *IndexLength < uint64_t(*Nnodes))
    return Inconsistent(IndexArg, "'" + textOf(IndexArg) + "' has " +
                                      std::to_string(*IndexLength) +
                                      " elements but nnodes is " +
                                      std::to_string(*Nnodes));
  std::optional<llvm::SmallVector<int64_t, 8>> Index =
      knownElements(IndexArg, uint64_t(*Nnodes), Call, K, context());
  if (!Index)
    return A;
  for (int64_t I = 0; I < *Nnodes; ++I) {
    int64_t Previous = I ? (*Index)[I - 1] : 0;
    if ((*Index)[I] < Previous)
      return Inconsistent(
          IndexArg, "index[" + std::to_string(I) + "] = " +
                        std::to_string((*Index)[I]) + " is less than " +
                        (I ? "index[" + std::to_string(I - 1) + "] = "
                           : std::string()) +
                        std::to_string(Previous) +
                        "; index holds running totals of the degrees");
  }
  int64_t Nedges = *Nnodes ? Index->back() : 0;
  std::optional<uint64_t> EdgesLength = declaredLength(EdgesArg);
  if (EdgesLength && *EdgesLength != uint64_t(Nedges)) {
    Inconsistent(EdgesArg, "index[nnodes-1] = " + std::to_string(Nedges) +
                               " edges, but '" + textOf(EdgesArg) + "' has " +
                               std::to_string(*EdgesLength) + " elements");
    if (*EdgesLength < uint64_t(Nedges))
      return A;
  }
  std::optional<llvm::SmallVector<int64_t, 8>> Edges =
      knownElements(EdgesArg, uint64_t(Nedges), Call, K, context());
  if (!Edges)
    return Adjacency();
  for (int64_t E = 0; E < Nedges; ++E)
    if ((*Edges)[E] < 0 || (*Edges)[E] >= *Nnodes)
      return Inconsistent(EdgesArg, "edges[" + std::to_string(E) + "] = " +
                                        std::to_string((*Edges)[E]) +
                                        " names no node: nnodes is " +
                                        std::to_string(*Nnodes));

  // How many times each node lists each other node; self loops need no
  // partner.
  llvm::DenseMap<std::pair<int64_t, int64_t>, int64_t> Count;
  auto ForEachEdge = [&](auto Visit) {
    for (int64_t I = 0, E = 0; I < *Nnodes; ++I)
      for (; E < (*Index)[I]; ++E)
        if ((*Edges)[E] != I)
          if (!Visit(I, (*Edges)[E]))
            return;
  };
  ForEachEdge([&](int64_t I, int64_t J) {
    ++Count[{I, J}];
    return true;
  });
  A.Known = A.Consistent = true;
  ForEachEdge([&](int64_t I, int64_t J) {
    int64_t IJ = Count.lookup({I, J}), JI = Count.lookup({J, I});
    if (IJ == JI)
      return true;
    A.Unmatched = {I, J};
    A.CountIJ = IJ;
    A.CountJI = JI;
    return false;
  });
  return A;
}

void GraphSymmetryCheck::checkNeighborhoodCollective(const MPICall &C) {
  const FunctionDecl *Callee = C.Call->getDirectCallee();
  const Expr *Comm = nullptr;
  for (unsigned I = 0; I < Callee->getNumParams() && I < C.Call->getNumArgs();
       ++I)
    if (isMPICommType(Callee->getParamDecl(I)->getType()))
      Comm = C.Call->getArg(I);
  if (!Comm)
    return;
  std::optional<CommOrigin> O = provenance().originOf(Comm, C.Function);
  if (!O || mpiName(O->Creator->getDirectCallee()) != "Graph_create" ||
      O->Creator->getNumArgs() != 6)
    return;
  const Adjacency &A = adjacencyOf(*O);
  std::string Name = Callee->getNameAsString();
  if (A.Known && A.Consistent && A.Unmatched) {
    diag(C.Call->getBeginLoc(),
         "%0 on a graph communicator whose adjacency is not symmetric: the "
         "result is undefined (MPI-3.1 §7.6, MPI-4.1 §8.6); neither MPICH nor "
         "Open MPI detects it, and a process may wait forever")
        << Name;
    auto [I, J] = *A.Unmatched;
    diag(O->Creator->getBeginLoc(), "graph created here; %0, %1",
         DiagnosticIDs::Note)
        << lists(I, J, A.CountIJ) << lists(J, I, A.CountJI);
    return;
  }
  if (A.Known || !WarnWhenUnprovable)
    return;
  diag(C.Call->getBeginLoc(),
       "%0 on a graph communicator whose adjacency cannot be shown symmetric: "
       "neighborhood collectives on an asymmetric MPI_Graph_create graph are "
       "undefined (MPI-3.1 §7.6, MPI-4.1 §8.6); use "
       "MPI_Dist_graph_create_adjacent, or check the graph at run time with "
       "MPIX_Graph_check_symmetric")
      << Name;
  diag(O->Creator->getBeginLoc(), "graph created here", DiagnosticIDs::Note);
}

} // namespace mpix
