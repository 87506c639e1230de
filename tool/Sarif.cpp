//===-- Sarif.cpp - SARIF 2.1.0 output ------------------------------------===//
//
// One run, one tool component "mpix-tidy". Its rules are the mpix checks
// (always, with help text and the MPI standard reference) followed by every
// other check that produced a result. A clang-tidy diagnostic becomes a result:
// its notes become relatedLocations, its fix (and any note's fix) becomes a
// fix whose replacements carry both line/column and character offsets.
//
// Columns are Unicode code points (columnKind "unicodeCodePoints"): clang's
// byte offsets are converted from each file's UTF-8 text. Files under the
// current directory are given relative to the %SRCROOT% base URI (the name
// CodeQL and other SARIF producers use), which is what
// GitHub code scanning matches against the repository.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <map>

using namespace llvm;
using clang::tooling::Diagnostic;
using clang::tooling::DiagnosticMessage;

namespace mpix {
namespace tool {

static const RuleInfo Rules[] = {
#define MPIX_RULE(Id, Short, Full, Standard, Doc) {Id, Short, Full, Standard, Doc},
#include "CheckRules.def"
};

ArrayRef<RuleInfo> mpixRules() { return Rules; }

namespace {

/// Converts byte offsets of a file to SARIF line/column (1-based, columns in
/// code points) and character offsets.
class TextPositions {
public:
  struct Pos {
    unsigned Line, Column, CharOffset;
  };

  std::optional<Pos> at(StringRef File, unsigned Offset) {
    const std::string *Text = text(File);
    if (!Text || Offset > Text->size())
      return std::nullopt;
    Pos P{1, 1, 0};
    for (unsigned I = 0; I < Offset; ++I) {
      unsigned char C = (*Text)[I];
      if ((C & 0xC0) == 0x80)
        continue; // a UTF-8 continuation byte: same code point
      ++P.CharOffset;
      if (C == '\n') {
        ++P.Line;
        P.Column = 1;
      } else {
        ++P.Column;
      }
    }
    return P;
  }

private:
  const std::string *text(StringRef File) {
    auto It = Cache.find(File);
    if (It != Cache.end())
      return It->second ? &*It->second : nullptr;
    auto Buf = MemoryBuffer::getFile(File);
    auto &Slot = Cache[File];
    if (Buf)
      Slot = (*Buf)->getBuffer().str();
    return Slot ? &*Slot : nullptr;
  }
  StringMap<std::optional<std::string>> Cache;
};

class SarifBuilder {
public:
  SarifBuilder() {
    SmallString<256> Cwd;
    if (!sys::fs::current_path(Cwd)) {
      Root = std::string(Cwd);
      if (!StringRef(Root).ends_with("/"))
        Root += "/";
    }
  }

  json::Value build(const std::vector<Diagnostic> &Diags) {
    for (const RuleInfo &R : mpixRules())
      ruleIndex(R.Id);
    json::Array Results;
    for (const Diagnostic &D : Diags)
      Results.push_back(result(D));

    json::Object Driver{
        {"name", "mpix-tidy"},
        {"version", "0.1.0"},
        {"semanticVersion", "0.1.0"},
        {"informationUri", "https://clang.llvm.org/extra/clang-tidy/"},
        {"rules", std::move(RulesJSON)}};
    json::Object Run{{"tool", json::Object{{"driver", std::move(Driver)}}},
                     {"columnKind", "unicodeCodePoints"},
                     {"results", std::move(Results)}};
    if (!Root.empty())
      Run["originalUriBaseIds"] = json::Object{
          {"%SRCROOT%", json::Object{{"uri", fileURI(Root)}}}};
    return json::Object{
        {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
        {"version", "2.1.0"},
        {"runs", json::Array{std::move(Run)}}};
  }

private:
  static std::string percentEncode(StringRef Path) {
    std::string Out;
    for (unsigned char C : Path) {
      if (isAlnum(C) || StringRef("/-._~").contains(C))
        Out += C;
      else
        Out += formatv("%{0:X-2}", C).str();
    }
    return Out;
  }
  static std::string fileURI(StringRef AbsPath) {
    return "file://" + percentEncode(AbsPath);
  }

  json::Object artifactLocation(StringRef File) {
    if (!Root.empty() && File.starts_with(Root))
      return json::Object{{"uri", percentEncode(File.drop_front(Root.size()))},
                          {"uriBaseId", "%SRCROOT%"}};
    return json::Object{{"uri", fileURI(File)}};
  }

  std::optional<json::Object> physicalLocation(const DiagnosticMessage &M,
                                               StringRef BuildDir) {
    if (M.FilePath.empty())
      return std::nullopt;
    std::string File = absolutePath(M.FilePath, BuildDir);
    json::Object Loc{{"artifactLocation", artifactLocation(File)}};
    if (auto P = Positions.at(File, M.FileOffset)) {
      json::Object Region{{"startLine", P->Line}, {"startColumn", P->Column}};
      // The first range starting at the diagnostic gives its extent.
      for (const clang::tooling::FileByteRange &R : M.Ranges) {
        if (R.FileOffset != M.FileOffset || R.Length == 0)
          continue;
        if (auto E = Positions.at(File, R.FileOffset + R.Length)) {
          Region["endLine"] = E->Line;
          Region["endColumn"] = E->Column;
        }
        break;
      }
      Loc["region"] = std::move(Region);
    }
    return Loc;
  }

  std::optional<json::Object> fix(const StringMap<clang::tooling::Replacements> &Fix,
                                  StringRef Description, StringRef BuildDir) {
    // Sorted by file so that the output does not depend on hashing.
    std::map<std::string, const clang::tooling::Replacements *> Files;
    for (const auto &Entry : Fix)
      if (!Entry.second.empty())
        Files[absolutePath(Entry.first(), BuildDir)] = &Entry.second;
    if (Files.empty())
      return std::nullopt;
    json::Array Changes;
    for (const auto &[File, Reps] : Files) {
      json::Array Replacements;
      for (const clang::tooling::Replacement &R : *Reps) {
        auto B = Positions.at(File, R.getOffset());
        auto E = Positions.at(File, R.getOffset() + R.getLength());
        if (!B || !E)
          continue;
        json::Object Deleted{{"startLine", B->Line},
                             {"startColumn", B->Column},
                             {"endLine", E->Line},
                             {"endColumn", E->Column},
                             {"charOffset", B->CharOffset},
                             {"charLength", E->CharOffset - B->CharOffset}};
        json::Object Rep{{"deletedRegion", std::move(Deleted)}};
        if (!R.getReplacementText().empty())
          Rep["insertedContent"] =
              json::Object{{"text", R.getReplacementText().str()}};
        Replacements.push_back(std::move(Rep));
      }
      if (Replacements.empty())
        continue;
      Changes.push_back(json::Object{{"artifactLocation", artifactLocation(File)},
                                     {"replacements", std::move(Replacements)}});
    }
    if (Changes.empty())
      return std::nullopt;
    return json::Object{{"description", json::Object{{"text", Description.str()}}},
                        {"artifactChanges", std::move(Changes)}};
  }

  static const char *level(Diagnostic::Level L) {
    switch (L) {
    case Diagnostic::Error:
      return "error";
    case Diagnostic::Warning:
      return "warning";
    default:
      return "note";
    }
  }

  json::Value result(const Diagnostic &D) {
    StringRef BuildDir = D.BuildDirectory;
    json::Object R{{"ruleId", D.DiagnosticName},
                   {"ruleIndex", ruleIndex(D.DiagnosticName)},
                   {"level", level(D.DiagLevel)},
                   {"message", json::Object{{"text", D.Message.Message}}}};
    if (auto Loc = physicalLocation(D.Message, BuildDir))
      R["locations"] =
          json::Array{json::Object{{"physicalLocation", std::move(*Loc)}}};
    json::Array Related;
    json::Array Fixes;
    if (auto F = fix(D.Message.Fix, D.Message.Message, BuildDir))
      Fixes.push_back(std::move(*F));
    int Id = 0;
    for (const DiagnosticMessage &N : D.Notes) {
      json::Object L{{"id", ++Id}, {"message", json::Object{{"text", N.Message}}}};
      if (auto P = physicalLocation(N, BuildDir))
        L["physicalLocation"] = std::move(*P);
      Related.push_back(std::move(L));
      if (auto F = fix(N.Fix, N.Message, BuildDir))
        Fixes.push_back(std::move(*F));
    }
    if (!Related.empty())
      R["relatedLocations"] = std::move(Related);
    if (!Fixes.empty())
      R["fixes"] = std::move(Fixes);
    return R;
  }

  unsigned ruleIndex(StringRef Id) {
    auto It = RuleIndices.find(Id);
    if (It != RuleIndices.end())
      return It->second;
    unsigned Index = RulesJSON.size();
    RuleIndices[Id] = Index;
    RulesJSON.push_back(rule(Id));
    return Index;
  }

  static json::Object rule(StringRef Id) {
    for (const RuleInfo &R : mpixRules()) {
      if (Id != R.Id)
        continue;
      std::string Markdown = formatv("{0}\n\n**MPI standard:** {1}\n\nSee "
                                     "[docs/{2}](docs/{2}).",
                                     R.Full, R.MPIStandard, R.Doc);
      return json::Object{
          {"id", R.Id},
          {"shortDescription", json::Object{{"text", R.Short}}},
          {"fullDescription", json::Object{{"text", R.Full}}},
          {"help", json::Object{{"text", formatv("{0} MPI standard: {1}.",
                                                 R.Full, R.MPIStandard)
                                             .str()},
                                {"markdown", Markdown}}},
          {"helpUri", ("docs/" + StringRef(R.Doc)).str()},
          {"defaultConfiguration", json::Object{{"level", "warning"}}},
          {"properties", json::Object{{"mpiStandard", R.MPIStandard},
                                      {"tags", json::Array{"mpi", "correctness"}}}}};
    }
    if (Id.starts_with("clang-diagnostic-")) {
      std::string Text = ("Clang compiler diagnostic " + Id).str();
      return json::Object{{"id", Id},
                          {"shortDescription", json::Object{{"text", Text}}},
                          {"help", json::Object{{"text", Text + "."}}}};
    }
    // A clang-tidy check: "module-name" is documented at checks/module/name.
    auto [Module, Name] = Id.split('-');
    std::string Text = ("clang-tidy check " + Id).str();
    json::Object Rule{{"id", Id},
                      {"shortDescription", json::Object{{"text", Text}}},
                      {"help", json::Object{{"text", Text + "."}}}};
    if (!Name.empty())
      Rule["helpUri"] = ("https://clang.llvm.org/extra/clang-tidy/checks/" +
                         Module + "/" + Name + ".html")
                            .str();
    return Rule;
  }

  std::string Root;
  TextPositions Positions;
  json::Array RulesJSON;
  StringMap<unsigned> RuleIndices;
};

} // namespace

bool writeSarif(StringRef Path, const std::vector<Diagnostic> &Diags,
                std::string &Error) {
  SarifBuilder Builder;
  json::Value Log = Builder.build(Diags);
  std::string Text;
  raw_string_ostream OS(Text);
  OS << formatv("{0:2}", Log) << "\n";
  OS.flush();
  if (!writeFileAtomically(Path, Text, Error)) {
    Error = "cannot write SARIF file: " + Error;
    return false;
  }
  return true;
}

} // namespace tool
} // namespace mpix
