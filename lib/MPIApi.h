//===-- MPIApi.h - Typed access to the MPI function table -------*- C++ -*-===//
//
// The checks never name MPI functions themselves: they ask this table what a
// callee is and what each of its parameters means.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_MPIAPI_H
#define MPIX_TIDY_MPIAPI_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include <optional>
#include <string>

namespace clang {
class FunctionDecl;
class SourceManager;
} // namespace clang

namespace mpix {

enum class ParamRole {
#define MPIX_ROLE(Role, ClassicType, LargeType, Kind) Role,
#include "MPIParamRoles.def"
};

enum class ParamKind {
  Count,
  CountArray,
  DisplArray,
  CountOut,
  Wide,
  WideArray,
  Other
};

/// Where libmpix implements a function: runtime/src/<family>.c, or generated
/// (MPIFunctions.def says which).
enum class Family { PT2PT, COLL, VCOLL, NEIGHBOR, REDUCE, DATATYPE, PACK, QUERY, RMA, IO, MISC };

struct ParamInfo {
  ParamRole Role;
  ParamKind Kind;
  llvm::StringRef Name;
  llvm::StringRef ClassicType;
  llvm::StringRef LargeType;
};

struct FunctionInfo {
  llvm::StringRef Name; ///< Without the MPI_ prefix, e.g. "Send".
  Family Fam;
  bool NewInMPI4;       ///< No classic binding in MPI-3.1.
  llvm::ArrayRef<ParamInfo> Params;

  std::string classicName() const { return (llvm::Twine("MPI_") + Name).str(); }
  std::string mpi4Name() const { return (llvm::Twine("MPI_") + Name + "_c").str(); }
  std::string mpixName() const { return (llvm::Twine("MPIX_") + Name + "_x").str(); }

  /// Index of the datatype that describes the elements counted by parameter
  /// \p CountIndex (the next datatype parameter), if any.
  std::optional<unsigned> datatypeFor(unsigned CountIndex) const;
  /// Indices of the buffers whose elements parameter \p CountIndex counts:
  /// those before it with no other count in between (MPI_Reduce's two; none
  /// for a window's target count, or a datatype constructor's).
  llvm::SmallVector<unsigned, 2> buffersFor(unsigned CountIndex) const;
  bool hasLargeCountParams() const;
  /// For a call that receives into a buffer and hands back a request
  /// (MPI_Irecv, MPI_Recv_init, MPI_File_iread): the index of the count
  /// of that buffer, the first count after it; none for any other.
  std::optional<unsigned> requestReceiveCount() const;
};

llvm::ArrayRef<FunctionInfo> allFunctions();

/// Whether \p CalleeName is a profiling entry point (PMPI_Send): a
/// profiling layer calls it to bypass its own wrappers.
bool isProfilingEntry(llvm::StringRef CalleeName);

/// The profiling entry point of the MPI function \p LargeName
/// (MPI_Send_c: PMPI_Send_c); none for a name MPI does not define
/// (libmpix's MPIX_Send_x has no profiling form).
std::optional<std::string> profilingFormOf(llvm::StringRef LargeName);

/// The table row for a classic binding (MPI_Send, or PMPI_Send).
const FunctionInfo *lookupClassic(llvm::StringRef CalleeName);

/// The row whose large-count form is \p CalleeName (MPI_Send_c, MPIX_Send_x).
const FunctionInfo *lookupLarge(llvm::StringRef CalleeName);

/// True for the classic binding of a table function declared by an MPI header
/// (not a user function that happens to share the name).
const FunctionInfo *lookupClassic(const clang::FunctionDecl &Callee);

/// The same for a large-count binding (MPI_Send_c, or MPIX_Send_x).
const FunctionInfo *lookupLarge(const clang::FunctionDecl &Callee);

/// Whether a declaration of \p F is in a header of an MPI library (mpi.h,
/// mpio.h, mpi_proto.h, mpicxx.h, mpi-ext.h) or of libmpix (mpix.h): an MPI
/// function, table row or not, whatever the include path calls the header.
/// A user function named `MPIU_Gather` or `MPI_Alltoallv_smart` is not.
bool isDeclaredByMPI(const clang::FunctionDecl &F,
                     const clang::SourceManager &SM);

/// What a call tells of a run's values (MPIModel.def).
enum class ModelRole {
  SIZE_OUT,
  GROUP_SIZE_OUT,
  REMOTE_SIZE_OUT,
  RANK_OUT,
  RANK_OF_OUT,
  GRID_OUT,
  GRID_INDEX_OUT,
  TYPE_SIZE_OUT,
  TYPE_EXTENT_OUT,
  COMBINER_OUT,
  STATUS_COUNT,
  STATUS_ELEMENTS,
  RECEIVE,
  SET_ELEMENTS,
  IRECEIVE,
  COMPLETE,
  PROBE,
  PERSISTENT,
  START,
  FREE,
  STATUS_MARK,
  NORETURN,
  REDUCE_OUT,
  REPLICATE,
};

/// One row of MPIModel.def; argument indices are -1 when unused.
struct ModelInfo {
  llvm::StringRef Name; ///< Without the MPI_ prefix.
  unsigned Arity;
  ModelRole Role;
  int Out, Status, Count, Type, Source, Request;
  /// The int output that says whether Status was filled; -1 when it always is.
  int Flag;
};

llvm::ArrayRef<ModelInfo> allModelFunctions();

/// The model row of an MPI function declared by an MPI header (extern "C",
/// the table's arity), for MPI_<Name> or PMPI_<Name>; null otherwise.
const ModelInfo *lookupModel(const clang::FunctionDecl &Callee);
const ModelInfo *lookupModel(llvm::StringRef CalleeName);

/// What a call tells of the messages a probe can see (MPIX_MODEL_PEER rows).
enum class PeerRole { SEND, FOREIGN };

struct PeerInfo {
  llvm::StringRef Name; ///< Without the MPI_ prefix.
  unsigned Arity;
  PeerRole Role;
  int Count, Type; ///< Of the message sent; -1 for FOREIGN rows.
};

/// The peer row of \p Callee, an MPI function declared by an MPI header
/// (extern "C", the table's arity): MPI_<Name>, PMPI_<Name> or the
/// large-count MPI_<Name>_c. Null otherwise.
const PeerInfo *lookupPeer(const clang::FunctionDecl &Callee);

/// What a call makes of a datatype's size (MPIX_MODEL_TYPE rows).
enum class TypeRole { BUILD, BUILD_BLOCKS, BUILD_STRUCT, BUILD_GRID, KEEP };

struct TypeModelInfo {
  llvm::StringRef Name; ///< Without the MPI_ prefix.
  unsigned Arity;
  TypeRole Role;
  int Count, Block, Old, Out; ///< Argument indices, -1 when unused.
};

/// The datatype row of \p Callee, an MPI function declared by an MPI header
/// (MPI_<Name> or PMPI_<Name>, extern "C", the table's arity).
const TypeModelInfo *lookupTypeModel(const clang::FunctionDecl &Callee);

/// A collective that fills a buffer one block per process (MPIX_MODEL_FILL
/// rows).
struct FillInfo {
  llvm::StringRef Name; ///< Without the MPI_ prefix.
  unsigned Arity;
  int Buffer, Count, Root, Comm; ///< Argument indices; Root -1: every process.
};

/// The fill row of \p Callee, an MPI function declared by an MPI header
/// (MPI_<Name> or PMPI_<Name>, extern "C", the table's arity).
const FillInfo *lookupFill(const clang::FunctionDecl &Callee);

/// A reduction over the processes (MPIX_MODEL_REDUCE rows).
struct ReduceInfo {
  llvm::StringRef Name; ///< Without the MPI_ prefix.
  unsigned Arity;
  int In, Out, Count, Type, Op; ///< Argument indices.
};

/// The reduction row of \p Callee, an MPI function declared by an MPI
/// header (MPI_<Name> or PMPI_<Name>, extern "C", the table's arity).
const ReduceInfo *lookupReduce(const clang::FunctionDecl &Callee);

enum class ModelConstant {
#define MPIX_MODEL_CONSTANT(Name, Spelling) Name,
#include "MPIModel.def"
};
/// How a constant the model reads is spelled (MPI_PROC_NULL).
llvm::StringRef spellingOf(ModelConstant C);

/// Whether \p Field names a public field of MPI_Status (MPI_SOURCE, ...): a
/// store to it leaves the status's count as it is.
bool isPublicStatusField(llvm::StringRef Field);

} // namespace mpix

#endif
