//===-- MPIXTidyModule.cpp - The mpix clang-tidy module -------------------===//
//
// Linked into the standalone mpix-tidy and built as MPIXTidyModule.so for
// `clang-tidy-19 --load`; the static registrar below serves both.
//
//===----------------------------------------------------------------------===//

#include "CartTopologyCheck.h"
#include "GraphSymmetryCheck.h"
#include "LargeCountCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"

namespace mpix {
namespace {

class MPIXTidyModule : public clang::tidy::ClangTidyModule {
public:
  void addCheckFactories(
      clang::tidy::ClangTidyCheckFactories &CheckFactories) override {
    CheckFactories.registerCheck<LargeCountCheck>("mpix-large-count");
    CheckFactories.registerCheck<CartTopologyCheck>("mpix-cart-topology");
    CheckFactories.registerCheck<GraphSymmetryCheck>("mpix-graph-symmetry");
  }
};

} // namespace
} // namespace mpix

static clang::tidy::ClangTidyModuleRegistry::Add<mpix::MPIXTidyModule>
    RegisterMPIXModule("mpix-module",
                       "Large-count and topology checks for MPI codes.");

// The standalone tool references this so that the linker keeps the module.
volatile int MPIXTidyModuleAnchorSource = 0;
