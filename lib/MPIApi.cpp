//===-- MPIApi.cpp - Typed access to the MPI function table ---------------===//

#include "MPIApi.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

namespace mpix {
namespace {

#define STR(...) #__VA_ARGS__

struct RoleInfo {
  ParamKind Kind;
  llvm::StringRef ClassicType;
  llvm::StringRef LargeType;
};

constexpr RoleInfo roleInfo(ParamRole Role) {
  switch (Role) {
#define MPIX_ROLE(Role, ClassicType, LargeType, Kind)                          \
  case ParamRole::Role:                                                        \
    return {ParamKind::Kind, STR(ClassicType), STR(LargeType)};
#include "MPIParamRoles.def"
  }
  return {ParamKind::Other, "", ""};
}

#define P(Role, Name)                                                          \
  ParamInfo{ParamRole::Role, roleInfo(ParamRole::Role).Kind, #Name,            \
            roleInfo(ParamRole::Role).ClassicType,                             \
            roleInfo(ParamRole::Role).LargeType}
#define MPIX_FUNCTION(Name, Fam, Since, ...)                                   \
  const ParamInfo Params##Name[] = {__VA_ARGS__};
#include "MPIFunctions.def"
#undef P

const FunctionInfo Functions[] = {
#define MPIX_FUNCTION(Name, Fam, Since, ...)                                   \
  {#Name, Family::Fam, llvm::StringRef(#Since) == "MPI4", Params##Name},
#include "MPIFunctions.def"
};

struct Index {
  llvm::StringMap<const FunctionInfo *> Classic, Large;
  Index() {
    for (const FunctionInfo &F : Functions) {
      Classic[F.classicName()] = &F;
      Large[F.mpi4Name()] = &F;
      Large[F.mpixName()] = &F;
    }
  }
};

const Index &index() {
  static const Index I;
  return I;
}

const ModelInfo ModelFunctions[] = {
#define MPIX_MODEL(Name, Arity, Role, Out, Status, Count, Type, Source,        \
                   Request, Flag)                                              \
  {#Name, Arity, ModelRole::Role, Out, Status, Count, Type, Source, Request,   \
   Flag},
#include "MPIModel.def"
};

/// The rows of a model table by their MPI_ name.
template <typename Row>
llvm::StringMap<const Row *> indexByName(llvm::ArrayRef<Row> Rows) {
  llvm::StringMap<const Row *> I;
  for (const Row &R : Rows)
    I[(llvm::Twine("MPI_") + R.Name).str()] = &R;
  return I;
}

const llvm::StringMap<const ModelInfo *> &modelIndex() {
  static const auto Index = indexByName(llvm::ArrayRef(ModelFunctions));
  return Index;
}

const PeerInfo PeerFunctions[] = {
#define MPIX_MODEL_PEER(Name, Arity, Role, Count, Type)                        \
  {#Name, Arity, PeerRole::Role, Count, Type},
#include "MPIModel.def"
};

const llvm::StringMap<const PeerInfo *> &peerIndex() {
  static const llvm::StringMap<const PeerInfo *> Index = [] {
    llvm::StringMap<const PeerInfo *> I;
    for (const PeerInfo &P : PeerFunctions) {
      I[(llvm::Twine("MPI_") + P.Name).str()] = &P;
      // The large-count form sends the same message, counted in MPI_Count.
      if (P.Role == PeerRole::SEND)
        I[(llvm::Twine("MPI_") + P.Name + "_c").str()] = &P;
    }
    return I;
  }();
  return Index;
}

const TypeModelInfo TypeModelFunctions[] = {
#define MPIX_MODEL_TYPE(Name, Arity, Role, Count, Block, Old, Out)             \
  {#Name, Arity, TypeRole::Role, Count, Block, Old, Out},
#include "MPIModel.def"
};

const llvm::StringMap<const TypeModelInfo *> &typeModelIndex() {
  static const auto Index = indexByName(llvm::ArrayRef(TypeModelFunctions));
  return Index;
}

const FillInfo FillFunctions[] = {
#define MPIX_MODEL_FILL(Name, Arity, Buffer, Count, Root, Comm)                \
  {#Name, Arity, Buffer, Count, Root, Comm},
#include "MPIModel.def"
};

const llvm::StringMap<const FillInfo *> &fillIndex() {
  static const auto Index = indexByName(llvm::ArrayRef(FillFunctions));
  return Index;
}

const ReduceInfo ReduceFunctions[] = {
#define MPIX_MODEL_REDUCE(Name, Arity, In, Out, Count, Type, Op)               \
  {#Name, Arity, In, Out, Count, Type, Op},
#include "MPIModel.def"
};

const llvm::StringMap<const ReduceInfo *> &reduceIndex() {
  static const auto Index = indexByName(llvm::ArrayRef(ReduceFunctions));
  return Index;
}

} // namespace

llvm::ArrayRef<ModelInfo> allModelFunctions() { return ModelFunctions; }

const ModelInfo *lookupModel(llvm::StringRef CalleeName) {
  CalleeName.consume_front("P");
  return modelIndex().lookup(CalleeName);
}

const ModelInfo *lookupModel(const clang::FunctionDecl &Callee) {
  const clang::IdentifierInfo *Id = Callee.getIdentifier();
  if (!Id || !Callee.isExternC())
    return nullptr;
  const ModelInfo *M = lookupModel(Id->getName());
  if (!M || Callee.getNumParams() != M->Arity)
    return nullptr;
  return M;
}

/// The row of \p Index for \p Callee, under its MPI_ or PMPI_ name, when
/// its arity is the row's (another function of the same name is not MPI's).
template <typename Row>
static const Row *lookupRow(const llvm::StringMap<const Row *> &Index,
                            const clang::FunctionDecl &Callee) {
  const clang::IdentifierInfo *Id = Callee.getIdentifier();
  if (!Id || !Callee.isExternC())
    return nullptr;
  llvm::StringRef Name = Id->getName();
  Name.consume_front("P");
  const Row *R = Index.lookup(Name);
  if (!R || Callee.getNumParams() != R->Arity)
    return nullptr;
  return R;
}

const PeerInfo *lookupPeer(const clang::FunctionDecl &Callee) {
  return lookupRow(peerIndex(), Callee);
}

const TypeModelInfo *lookupTypeModel(const clang::FunctionDecl &Callee) {
  return lookupRow(typeModelIndex(), Callee);
}

const ReduceInfo *lookupReduce(const clang::FunctionDecl &Callee) {
  return lookupRow(reduceIndex(), Callee);
}

const FillInfo *lookupFill(const clang::FunctionDecl &Callee) {
  return lookupRow(fillIndex(), Callee);
}

llvm::StringRef spellingOf(ModelConstant C) {
  switch (C) {
#define MPIX_MODEL_CONSTANT(Name, Spelling)                                    \
  case ModelConstant::Name:                                                    \
    return #Spelling;
#include "MPIModel.def"
  }
  return "";
}

bool isPublicStatusField(llvm::StringRef Field) {
  return llvm::StringSwitch<bool>(Field)
#define MPIX_MODEL_STATUS_FIELD(Spelling) .Case(#Spelling, true)
#include "MPIModel.def"
      .Default(false);
}

std::optional<unsigned> FunctionInfo::datatypeFor(unsigned CountIndex) const {
  for (unsigned I = CountIndex + 1; I < Params.size(); ++I) {
    if (Params[I].Role == ParamRole::DTYPE ||
        Params[I].Role == ParamRole::DTYPE_ARRAY)
      return I;
    if (Params[I].Kind == ParamKind::Count ||
        Params[I].Kind == ParamKind::CountArray)
      continue; // Block lengths and strides precede their old type.
  }
  return std::nullopt;
}

llvm::SmallVector<unsigned, 2>
FunctionInfo::buffersFor(unsigned CountIndex) const {
  llvm::SmallVector<unsigned, 2> Buffers;
  for (unsigned I = CountIndex; I-- > 0 && Params[I].Kind == ParamKind::Other;)
    if (Params[I].Role == ParamRole::BUF || Params[I].Role == ParamRole::CBUF)
      Buffers.insert(Buffers.begin(), I);
  return Buffers;
}

bool FunctionInfo::hasLargeCountParams() const {
  for (const ParamInfo &P : Params)
    if (P.Kind != ParamKind::Other && P.Kind != ParamKind::Wide &&
        P.Kind != ParamKind::WideArray)
      return true;
  return false;
}

std::optional<unsigned> FunctionInfo::requestReceiveCount() const {
  if (llvm::none_of(Params, [](const ParamInfo &P) {
        return P.Role == ParamRole::REQUEST_OUT;
      }))
    return std::nullopt;
  auto Buffer = llvm::find_if(
      Params, [](const ParamInfo &P) { return P.Role == ParamRole::BUF; });
  for (auto It = Buffer; It != Params.end(); ++It)
    if (It->Kind == ParamKind::Count)
      return unsigned(It - Params.begin());
  return std::nullopt;
}

llvm::ArrayRef<FunctionInfo> allFunctions() { return Functions; }

/// The prefix of MPI's profiling entry points (PMPI_Send).
static constexpr llvm::StringLiteral ProfilingPrefix = "P";

bool isProfilingEntry(llvm::StringRef CalleeName) {
  return CalleeName.starts_with(ProfilingPrefix) &&
         CalleeName.drop_front(ProfilingPrefix.size()).starts_with("MPI_");
}

std::optional<std::string> profilingFormOf(llvm::StringRef LargeName) {
  if (!LargeName.starts_with("MPI_"))
    return std::nullopt;
  return (ProfilingPrefix + LargeName).str();
}

const FunctionInfo *lookupClassic(llvm::StringRef CalleeName) {
  CalleeName.consume_front(ProfilingPrefix); // PMPI_ profiling entry points.
  return index().Classic.lookup(CalleeName);
}

const FunctionInfo *lookupLarge(llvm::StringRef CalleeName) {
  CalleeName.consume_front(ProfilingPrefix);
  return index().Large.lookup(CalleeName);
}

/// The row \p Lookup finds for \p Callee's name, if Callee is that
/// function: a user function that shadows an MPI name has a different arity.
static const FunctionInfo *
lookupDeclared(const clang::FunctionDecl &Callee,
               const FunctionInfo *(*Lookup)(llvm::StringRef)) {
  const clang::IdentifierInfo *Id = Callee.getIdentifier();
  if (!Id || !Callee.isExternC())
    return nullptr;
  const FunctionInfo *F = Lookup(Id->getName());
  if (!F || Callee.getNumParams() != F->Params.size())
    return nullptr;
  return F;
}

const FunctionInfo *lookupClassic(const clang::FunctionDecl &Callee) {
  return lookupDeclared(Callee, lookupClassic);
}

const FunctionInfo *lookupLarge(const clang::FunctionDecl &Callee) {
  return lookupDeclared(Callee, lookupLarge);
}

bool isDeclaredByMPI(const clang::FunctionDecl &F,
                     const clang::SourceManager &SM) {
  return llvm::any_of(F.redecls(), [&](const clang::FunctionDecl *D) {
    clang::SourceLocation Loc = SM.getExpansionLoc(D->getLocation());
    if (SM.isInSystemHeader(Loc))
      return true;
    llvm::StringRef File = llvm::sys::path::filename(SM.getFilename(Loc));
    return llvm::StringSwitch<bool>(File)
        .Cases("mpi.h", "mpio.h", "mpi_proto.h", "mpicxx.h", "mpi-ext.h",
               "mpix.h", true)
        .Default(false);
  });
}

} // namespace mpix
