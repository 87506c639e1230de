//===-- FixDelivery.h - Shared edits with a warning clang-tidy keeps -*- C++ -*-===//
//
// One fix can be needed by several warnings: `#include <mpix.h>` by every
// renamed call of a file, the retype of a local by every call reading it.
// clang-tidy cannot take the same edit twice: two copies of an insertion are
// both applied (the include is written twice), and two copies of a
// replacement overlap, so one warning loses all of its fixes. Each shared
// edit therefore goes out once, with one warning.
//
// That warning must be one clang-tidy keeps. A warning dropped by
// `// NOLINT`, by `--line-filter` (as clang-tidy-diff.py runs it on the
// changed lines) or by the header filter takes its fixes with it, and the
// others would rename calls without the include or the retype they need. So
// an edit counts as delivered only once the warning carrying it has passed
// those filters; until then, the next warning needing it carries it again.
//
// NOLINT is known from clang-tidy's own count as soon as the warning is
// emitted. The line and header filters are decided by clang-tidy when the
// next warning arrives, too late for that warning's fixes, so they are
// evaluated here as clang-tidy does: a warning is kept when it or one of
// its notes is in a line the filter lets through and in user code.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_UTILS_FIXDELIVERY_H
#define MPIX_TIDY_UTILS_FIXDELIVERY_H

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Regex.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy {
class ClangTidyContext;
}

namespace mpix {

class FixDelivery {
public:
  explicit FixDelivery(clang::tidy::ClangTidyContext &Context);

  /// Forgets the edits delivered in the previous translation unit.
  void reset();

  /// Adds to the warning \p D those of \p Edits no kept warning has carried.
  /// Call while \p D is being built; then warningEmitted() once it is out.
  /// Edits that several warnings share whole name their \p Group: once a
  /// kept warning carried it, the others skip it without reading it.
  void attach(clang::DiagnosticBuilder &D,
              llvm::ArrayRef<clang::FixItHint> Edits,
              std::shared_ptr<const void> Group = nullptr);

  /// The warning given attach() was emitted at \p Loc.
  void warningEmitted(clang::SourceLocation Loc,
                      const clang::SourceManager &SM);

  /// A note of that warning is at \p Loc.
  void noteEmitted(clang::SourceLocation Loc, const clang::SourceManager &SM);

private:
  /// Whether clang-tidy keeps the last warning, and with it its edits.
  void settle();
  static std::string keyOf(const clang::FixItHint &Edit);
  /// clang-tidy's line and header filters for one location of the warning.
  bool passesLineFilter(clang::SourceLocation Loc,
                        const clang::SourceManager &SM) const;
  bool inUserCode(clang::SourceLocation Loc,
                  const clang::SourceManager &SM) const;

  clang::tidy::ClangTidyContext &Context;
  llvm::StringSet<> Delivered;
  /// Held, so that no later group is allocated where a delivered one was.
  std::vector<std::shared_ptr<const void>> DeliveredGroupsHeld;
  llvm::DenseSet<const void *> DeliveredGroups;
  /// The edits of the last warning, and what is known of its fate.
  llvm::SmallVector<std::string, 8> Pending;
  std::shared_ptr<const void> PendingGroup;
  unsigned NoLintBefore = 0;
  bool Suppressed = false;
  bool PassesLineFilter = false;
  bool RelatesToUserCode = false;
  mutable std::optional<llvm::Regex> HeaderFilter, ExcludeHeaderFilter;
};

} // namespace mpix

#endif
