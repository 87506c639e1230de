//===-- MPIWrappers.cpp - Compile databases that name MPI wrappers --------===//
//
// A build that compiles with mpicc records "mpicc -c foo.c" in its database;
// clang's driver does not know that mpicc adds -I<mpi include dir>, and every
// translation unit then fails on <mpi.h>. Each wrapper is asked, once per run,
// what it would do:
//   MPICH (and MPICH derivatives):  mpicc -show              -> "gcc -I... -L... -lmpich"
//   Open MPI:                       mpicc --showme:command   -> "gcc"
//                                   mpicc --showme:compile   -> "-I... -pthread"
// and the command is rewritten to that compiler with the wrapper's compile
// flags appended (wrappers put their include directories after the user's, so
// a user's -I still wins). Link flags are dropped: nothing is linked.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"
#include <set>

using namespace llvm;

namespace mpix {
namespace tool {

namespace {

enum class Flavour { MPICH, OpenMPI, Unknown };

Flavour flavourFromName(StringRef Name) {
  if (Name.contains("openmpi") || Name.contains("ompi"))
    return Flavour::OpenMPI;
  if (Name.contains("mpich") || Name.contains("mvapich") ||
      Name.contains("intel"))
    return Flavour::MPICH;
  return Flavour::Unknown;
}

/// Runs Program with Args; returns its stdout, or std::nullopt on failure.
std::optional<std::string> capture(StringRef Program,
                                   ArrayRef<StringRef> Args) {
  SmallString<128> Out, Err;
  if (sys::fs::createTemporaryFile("mpix-wrapper", "out", Out) ||
      sys::fs::createTemporaryFile("mpix-wrapper", "err", Err))
    return std::nullopt;
  std::optional<StringRef> Redirects[] = {StringRef(""), Out.str(), Err.str()};
  std::vector<StringRef> Argv{Program};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  int RC = sys::ExecuteAndWait(Program, Argv, std::nullopt, Redirects,
                               /*SecondsToWait=*/60);
  auto Buf = MemoryBuffer::getFile(Out);
  sys::fs::remove(Out);
  sys::fs::remove(Err);
  if (RC != 0 || !Buf)
    return std::nullopt;
  return (*Buf)->getBuffer().trim().str();
}

std::vector<std::string> tokenize(StringRef Line) {
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 16> Tokens;
  cl::TokenizeGNUCommandLine(Line, Saver, Tokens);
  return std::vector<std::string>(Tokens.begin(), Tokens.end());
}

/// Keeps what changes how a file is preprocessed and parsed.
std::vector<std::string> compileFlags(ArrayRef<std::string> Tokens) {
  std::vector<std::string> Flags;
  for (size_t I = 0; I < Tokens.size(); ++I) {
    StringRef T = Tokens[I];
    bool Separate = T == "-isystem" || T == "-idirafter" || T == "-iquote" ||
                    T == "-include" || T == "-imacros" || T == "-I" ||
                    T == "-D" || T == "-U";
    if (Separate) {
      if (I + 1 < Tokens.size()) {
        Flags.push_back(T.str());
        Flags.push_back(Tokens[++I]);
      }
      continue;
    }
    if (T.starts_with("-I") || T.starts_with("-D") || T.starts_with("-U") ||
        T.starts_with("-isystem") || T.starts_with("-idirafter") ||
        T.starts_with("-iquote") || T == "-pthread" || T.starts_with("-std="))
      Flags.push_back(T.str());
  }
  return Flags;
}

} // namespace

bool WrapperResolver::isWrapperName(StringRef Arg0) {
  StringRef Name = sys::path::filename(Arg0);
  // mpicc mpicxx mpic++ mpiCC mpiicc mpiicpc mpiicx mpiicpx mpigcc mpigxx,
  // optionally with a flavour or version suffix: mpicc.mpich, mpicxx-4.1.
  static const Regex Wrapper(
      "^mpi(cc|cxx|c\\+\\+|CC|icc|icpc|icx|icpx|gcc|gxx)([.-][A-Za-z0-9_.+-]*)?$");
  return Wrapper.match(Name);
}

const WrapperInfo *WrapperResolver::resolve(StringRef Arg0,
                                            std::string &Error) {
  auto It = Cache.find(Arg0.str());
  if (It != Cache.end())
    return &It->second;

  std::string Program = Arg0.str();
  if (!Arg0.contains('/')) {
    auto Found = sys::findProgramByName(Arg0);
    if (!Found) {
      Error = "MPI compiler wrapper '" + Arg0.str() +
              "' from the compile database is not on PATH";
      return nullptr;
    }
    Program = *Found;
  } else if (!sys::fs::can_execute(Arg0)) {
    Error = "MPI compiler wrapper '" + Arg0.str() +
            "' from the compile database is not an executable";
    return nullptr;
  }
  // /usr/bin/mpicc is an alternatives link to mpicc.openmpi or mpicc.mpich.
  SmallString<256> Real;
  Flavour F = flavourFromName(sys::path::filename(Program));
  if (F == Flavour::Unknown && !sys::fs::real_path(Program, Real))
    F = flavourFromName(sys::path::filename(Real));

  WrapperInfo Info;
  auto tryOpenMPI = [&]() -> bool {
    auto Command = capture(Program, {"--showme:command"});
    auto Compile = capture(Program, {"--showme:compile"});
    if (!Command || !Compile || Command->empty())
      return false;
    std::vector<std::string> Cmd = tokenize(*Command);
    Info.Compiler = Cmd.front();
    std::vector<std::string> Tokens(Cmd.begin() + 1, Cmd.end());
    std::vector<std::string> More = tokenize(*Compile);
    Tokens.insert(Tokens.end(), More.begin(), More.end());
    Info.Flags = compileFlags(Tokens);
    return true;
  };
  auto tryMPICH = [&]() -> bool {
    auto Show = capture(Program, {"-show"});
    if (!Show || Show->empty())
      return false;
    std::vector<std::string> Tokens = tokenize(*Show);
    Info.Compiler = Tokens.front();
    Info.Flags = compileFlags(ArrayRef<std::string>(Tokens).drop_front());
    return true;
  };
  bool OK = F == Flavour::OpenMPI ? tryOpenMPI()
            : F == Flavour::MPICH ? tryMPICH()
                                  : (tryOpenMPI() || tryMPICH());
  if (!OK) {
    Error = "cannot ask MPI compiler wrapper '" + Program +
            "' for its flags (tried " +
            (F == Flavour::OpenMPI ? "--showme:command/--showme:compile"
             : F == Flavour::MPICH ? "-show"
                                   : "--showme:compile and -show") +
            ")";
    return nullptr;
  }
  return &Cache.emplace(Arg0.str(), std::move(Info)).first->second;
}

bool adjustWrapperCommand(std::vector<std::string> &Command,
                          WrapperResolver &Resolver, bool &Changed,
                          std::string &Error) {
  Changed = false;
  if (Command.empty())
    return true;
  // "ccache mpicc ..." compiles as "mpicc ...".
  StringRef Launcher = sys::path::filename(Command[0]);
  if ((Launcher == "ccache" || Launcher == "sccache") && Command.size() > 1 &&
      WrapperResolver::isWrapperName(Command[1]))
    Command.erase(Command.begin());
  if (!WrapperResolver::isWrapperName(Command[0]))
    return true;
  const WrapperInfo *Info = Resolver.resolve(Command[0], Error);
  if (!Info)
    return false;
  Command[0] = Info->Compiler;
  Command.insert(Command.end(), Info->Flags.begin(), Info->Flags.end());
  Changed = true;
  return true;
}

/// Names the source file of \p CommandLine by its absolute path. Clang names
/// the headers a file includes from the file's own name: `main.cpp` makes
/// them `./comm.hpp`, which a --header-filter written for the project's
/// absolute paths does not match, and their findings vanish silently.
static bool nameSourceAbsolutely(std::vector<std::string> &CommandLine,
                                 StringRef File, StringRef Directory) {
  bool Changed = false;
  for (size_t I = 1; I < CommandLine.size(); ++I) {
    StringRef Arg = CommandLine[I];
    StringRef Previous = CommandLine[I - 1];
    if (Arg.starts_with("-") || sys::path::is_absolute(Arg) ||
        llvm::is_contained({"-o", "-MF", "-MT", "-MQ"}, Previous))
      continue;
    if (absolutePath(Arg, Directory) == File) {
      CommandLine[I] = File.str();
      Changed = true;
    }
  }
  return Changed;
}

bool loadDatabase(StringRef Dir, WrapperResolver &Resolver, Database &DB,
                  bool &Found, std::string &Error) {
  Found = false;
  SmallString<256> Abs(Dir);
  if (sys::fs::make_absolute(Abs)) {
    Error = "cannot resolve '" + Dir.str() + "'";
    return false;
  }
  sys::path::remove_dots(Abs, true);
  // As clang tooling's autoDetectFromDirectory: the directory or a parent.
  StringRef Search = Abs;
  while (!Search.empty()) {
    SmallString<256> Candidate(Search);
    sys::path::append(Candidate, "compile_commands.json");
    if (sys::fs::exists(Candidate)) {
      DB.JsonPath = std::string(Candidate);
      break;
    }
    Search = sys::path::parent_path(Search);
  }
  if (DB.JsonPath.empty())
    return true;
  Found = true;

  std::string LoadError;
  auto JSON = clang::tooling::JSONCompilationDatabase::loadFromFile(
      DB.JsonPath, LoadError, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!JSON) {
    Error = "cannot read compile database '" + DB.JsonPath + "': " + LoadError;
    return false;
  }
  std::vector<clang::tooling::CompileCommand> Commands =
      JSON->getAllCompileCommands();
  std::set<std::string> Seen;
  json::Array Adjusted;
  for (clang::tooling::CompileCommand &C : Commands) {
    std::string File = absolutePath(C.Filename, C.Directory);
    if (Seen.insert(File).second)
      DB.Files.push_back(File);
    bool SourceNamed = nameSourceAbsolutely(C.CommandLine, File, C.Directory);

    // A relative compiler path ("../tools/mpicc") is relative to the entry.
    if (!C.CommandLine.empty() && StringRef(C.CommandLine[0]).contains('/') &&
        !sys::path::is_absolute(C.CommandLine[0]) &&
        WrapperResolver::isWrapperName(C.CommandLine[0]))
      C.CommandLine[0] = absolutePath(C.CommandLine[0], C.Directory);
    bool Changed = false;
    if (!adjustWrapperCommand(C.CommandLine, Resolver, Changed, Error)) {
      Error += " (compile command of " + C.Filename + " in " + DB.JsonPath + ")";
      return false;
    }
    DB.WrapperCommands += Changed;
    std::vector<std::string> Dropped = dropUnknownFlags(C.CommandLine);
    DB.Dropped.add(Dropped, "the compile command of '" + C.Filename + "'");
    DB.AdjustedCommands += Changed || !Dropped.empty() || SourceNamed;
    json::Array Arguments;
    for (const std::string &A : C.CommandLine)
      Arguments.push_back(A);
    json::Object Entry{{"directory", C.Directory},
                       {"file", C.Filename},
                       {"arguments", std::move(Arguments)}};
    if (!C.Output.empty())
      Entry["output"] = C.Output;
    Adjusted.push_back(std::move(Entry));
  }
  if (DB.AdjustedCommands == 0)
    return true;

  SmallString<256> TempDir;
  if (std::error_code EC = sys::fs::createUniqueDirectory("mpix-tidy-db", TempDir)) {
    Error = "cannot create a temporary directory: " + EC.message();
    return false;
  }
  SmallString<256> Out(TempDir);
  sys::path::append(Out, "compile_commands.json");
  std::error_code EC;
  raw_fd_ostream OS(Out, EC, sys::fs::OF_Text);
  if (EC) {
    Error = "cannot write '" + std::string(Out) + "': " + EC.message();
    return false;
  }
  OS << formatv("{0:2}", json::Value(std::move(Adjusted))) << "\n";
  DB.AdjustedDir = std::string(TempDir);
  return true;
}

} // namespace tool
} // namespace mpix
