//===-- ConditionalRegionsTest.cpp - The #if branches code was compiled in ===//
//
// Which branches ConditionalRegions records for a unit, with what condition,
// and which of them hold one place and not another: what a fix asks before
// it adds an include or edits code outside a call's branch.
//
//===----------------------------------------------------------------------===//

#include "utils/ConditionalRegions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>

using namespace clang;

namespace mpix {
namespace {

/// Preprocesses Code with Args, then asks, for each marker `@name` (an
/// identifier `at_name` in the code), the conditions of the branches that
/// hold it and not the marker `at_outside`.
class Branches : public PreprocessOnlyAction {
public:
  /// Filled at the end: the tool deletes the action when it has run.
  explicit Branches(std::map<std::string, std::vector<std::string>> &Conditions)
      : Conditions(Conditions) {}

protected:
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getPreprocessor().addPPCallbacks(Regions.recorder(CI.getPreprocessor()));
    return true;
  }
  void EndSourceFileAction() override {
    const SourceManager &SM = getCompilerInstance().getSourceManager();
    FileID Main = SM.getMainFileID();
    StringRef Text = SM.getBufferData(Main);
    auto At = [&](StringRef Marker) {
      size_t Offset = Text.find(Marker);
      return Offset == StringRef::npos
                 ? SourceLocation()
                 : SM.getLocForStartOfFile(Main).getLocWithOffset(Offset);
    };
    SourceLocation Outside = At("at_outside");
    for (size_t Pos = Text.find("at_"); Pos != StringRef::npos;
         Pos = Text.find("at_", Pos + 1)) {
      StringRef Name = Text.substr(Pos).take_while(
          [](char C) { return isalnum(C) || C == '_'; });
      if (Name == "at_outside")
        continue;
      std::vector<std::string> &Out = Conditions[Name.str()];
      for (const ConditionalRegions::Branch *B :
           Regions.holdingOnly(At(Name), Outside, SM))
        Out.push_back(B->Condition);
    }
  }

private:
  std::map<std::string, std::vector<std::string>> &Conditions;
  ConditionalRegions Regions;
};

std::map<std::string, std::vector<std::string>>
branchesOf(StringRef Code, std::vector<std::string> Args = {}) {
  std::map<std::string, std::vector<std::string>> Conditions;
  Args.push_back("-xc");
  EXPECT_TRUE(tooling::runToolOnCodeWithArgs(
      std::make_unique<Branches>(Conditions), Code, Args));
  return Conditions;
}

using Conditions = std::vector<std::string>;

TEST(ConditionalRegions, TakenIfdefAndElse) {
  const char *Code = "int at_outside;\n"
                     "#ifdef USE_MPI\n"
                     "int at_mpi;\n"
                     "#else\n"
                     "int at_serial;\n"
                     "#endif\n";
  auto With = branchesOf(Code, {"-DUSE_MPI"});
  EXPECT_EQ(With["at_mpi"], Conditions{"#if defined(USE_MPI)"});
  auto Without = branchesOf(Code);
  EXPECT_EQ(Without["at_serial"], Conditions{"#if !defined(USE_MPI)"});
}

TEST(ConditionalRegions, ElifNegatesTheBranchesBefore) {
  const char *Code = "int at_outside;\n"
                     "#if LEVEL > 1\n"
                     "int at_high;\n"
                     "#elif defined(B)\n"
                     "int at_b;\n"
                     "#else\n"
                     "int at_none;\n"
                     "#endif\n";
  EXPECT_EQ(branchesOf(Code, {"-DLEVEL=0", "-DB"})["at_b"],
            Conditions{"#if !(LEVEL > 1) && defined(B)"});
  EXPECT_EQ(branchesOf(Code, {"-DLEVEL=0"})["at_none"],
            Conditions{"#if !(LEVEL > 1) && !defined(B)"});
  EXPECT_EQ(branchesOf(Code, {"-DLEVEL=2", "-DB"})["at_high"],
            Conditions{"#if (LEVEL > 1)"});
}

TEST(ConditionalRegions, DefinedIsSpelledAsIfdefSpellsIt) {
  // So that `#if defined X` around a call and `#ifdef X` around an include
  // name one condition.
  const char *Code = "int at_outside;\n"
                     "#if defined USE_MPI\n"
                     "int at_a;\n"
                     "#endif\n"
                     "#if !defined( SERIAL )\n"
                     "int at_b;\n"
                     "#endif\n"
                     "#if defined(A) && defined(B)\n"
                     "int at_c;\n"
                     "#endif\n";
  auto Found = branchesOf(Code, {"-DUSE_MPI", "-DA", "-DB"});
  EXPECT_EQ(Found["at_a"], Conditions{"#if defined(USE_MPI)"});
  EXPECT_EQ(Found["at_b"], Conditions{"#if !defined(SERIAL)"});
  EXPECT_EQ(Found["at_c"], Conditions{"#if (defined(A) && defined(B))"});
}

TEST(ConditionalRegions, OnlyTheBranchesTheOtherPlaceIsNotIn) {
  // An include guard holds both places; the inner #ifndef holds only one.
  const char *Code = "#ifndef GUARD_H\n"
                     "#define GUARD_H\n"
                     "int at_outside;\n"
                     "#ifdef USE_MPI\n"
                     "#ifndef SERIAL_SEND\n"
                     "int at_call;\n"
                     "#endif\n"
                     "#endif\n"
                     "#endif\n";
  EXPECT_EQ(branchesOf(Code, {"-DUSE_MPI"})["at_call"],
            (Conditions{"#if defined(USE_MPI)", "#if !defined(SERIAL_SEND)"}));
}

TEST(ConditionalRegions, SkippedConditionalsRecordNothing) {
  // A conditional inside a branch not taken never has a branch taken.
  const char *Code = "int at_outside;\n"
                     "#ifdef NEVER\n"
                     "#ifndef ALSO\n"
                     "int x;\n"
                     "#else\n"
                     "int at_y;\n"
                     "#endif\n"
                     "#endif\n"
                     "int at_after;\n";
  auto Found = branchesOf(Code);
  EXPECT_TRUE(Found["at_y"].empty());
  EXPECT_TRUE(Found["at_after"].empty());
}

TEST(ConditionalRegions, GuardedText) {
  ConditionalRegions::Branch A{0, 0, "#if defined(USE_MPI)"};
  ConditionalRegions::Branch B{0, 0, "#if !defined(SERIAL)"};
  EXPECT_EQ(ConditionalRegions::guarded({}, "\n#include <mpix.h>"),
            "\n#include <mpix.h>");
  EXPECT_EQ(ConditionalRegions::guarded({&A, &B}, "\n#include <mpix.h>"),
            "\n#if defined(USE_MPI)\n#if !defined(SERIAL)\n#include "
            "<mpix.h>\n#endif\n#endif");
}

} // namespace
} // namespace mpix
