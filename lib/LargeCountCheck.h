//===-- LargeCountCheck.h - mpix-large-count --------------------*- C++ -*-===//
//
// Finds MPI calls whose count, displacement or size arguments can exceed
// INT_MAX: wide values narrowed to int, int products that overflow, int
// locals that hold narrowed values, constants out of range, int running sums
// of v-collective displacements, and int outputs of count and size queries.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_LARGECOUNTCHECK_H
#define MPIX_TIDY_LARGECOUNTCHECK_H

#include "MPIApi.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "utils/IntervalAnalysis.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <memory>

namespace mpix {

class LargeCountCheck : public clang::tidy::ClangTidyCheck {
public:
  LargeCountCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

  /// Why a value can leave the int range.
  struct Hazard {
    enum KindType { Narrowed, Overflows, ConstantTooLarge, ConstantNegative };
    KindType Kind;
    const clang::Expr *Source; ///< The wide value, or the overflowing product.
    clang::QualType SourceType;
    Interval Range;
  };

private:
  struct FunctionState {
    std::unique_ptr<FunctionFacts> Facts;
    std::unique_ptr<RangeAnalysis> Ranges;
    /// Datatypes built here from a count that can exceed INT_MAX, with the
    /// constructor call that built them.
    llvm::DenseMap<const clang::VarDecl *, const clang::CallExpr *> LargeTypes;
  };
  FunctionState &stateFor(const clang::FunctionDecl *F,
                          clang::ASTContext &Ctx);

  std::optional<Hazard> hazardOf(const clang::Expr *Value,
                                 clang::QualType Target, bool MayBeNegative,
                                 const clang::Stmt *Site, FunctionState &FS);

  bool checkScalar(const clang::CallExpr *Call, const FunctionInfo &F,
                   unsigned Index, FunctionState &FS);
  bool checkArray(const clang::CallExpr *Call, const FunctionInfo &F,
                  unsigned Index, FunctionState &FS);
  void checkOutput(const clang::CallExpr *Call, const FunctionInfo &F,
                   unsigned Index, FunctionState &FS);
  void rememberLargeType(const clang::CallExpr *Call, const FunctionInfo &F,
                         FunctionState &FS);

  void report(const clang::Expr *Arg, const FunctionInfo &F, unsigned Index,
              const Hazard &H);

  const bool WarnOnAllSizeQueries;
  clang::ASTContext *Context = nullptr;
  llvm::DenseMap<const clang::FunctionDecl *, FunctionState> States;
  FunctionState NoFunction;
};

} // namespace mpix

#endif
