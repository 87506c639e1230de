//===-- Domain.h - The value domain of the analysis -------------*- C++ -*-===//
//
// The lattice every layer of the value analysis shares: an interval of
// mathematical integers, computed exactly in 128-bit arithmetic so that the
// value of an `int` product can be compared with the range it is computed
// in; the bounds known of variables at a point; and the model of a run
// those bounds assume.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_ANALYSIS_DOMAIN_H
#define MPIX_TIDY_ANALYSIS_DOMAIN_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mpix {

using WideInt = __int128;

struct Interval {
  WideInt Lo = 0, Hi = 0;

  static Interval exact(WideInt V) { return {V, V}; }
  /// Every value of an integer (or enumeration, or bool) type.
  static std::optional<Interval> ofType(clang::QualType T,
                                        const clang::ASTContext &Ctx);

  bool isExact() const { return Lo == Hi; }
  bool within(const Interval &O) const { return Lo >= O.Lo && Hi <= O.Hi; }
  Interval join(const Interval &O) const {
    return {Lo < O.Lo ? Lo : O.Lo, Hi > O.Hi ? Hi : O.Hi};
  }
  /// The intersection; none when it is empty.
  std::optional<Interval> intersection(const Interval &O) const;
  /// The intersection; an empty one (contradictory guards) keeps *this.
  Interval meet(const Interval &O) const {
    return intersection(O).value_or(*this);
  }
};

std::string toString(WideInt V);

/// The values an unsigned difference \p D (computed without wrapping) is
/// judged by: those of a minuend at least the subtrahend. A difference
/// that goes below zero (`end - begin` with begin past end) is a defect of
/// its own, which no count width mends, not a large count; signed
/// differences, and differences below zero whatever the operands, keep
/// their values.
Interval unsignedDifference(bool Unsigned, Interval D);

/// The width of integer type \p T (not bool), an enum's by its underlying
/// type; none for any other type, and for an enum declared in a template,
/// whose underlying type the uninstantiated pattern does not have.
std::optional<unsigned> integerWidth(clang::QualType T,
                                     const clang::ASTContext &Ctx);

/// Ranges the user states for what no code shows: the scale of a domain (a
/// supernode has at most 512 columns, a solve at most 1024 right-hand
/// sides), which no interval fact of the program bounds. Each is a target
/// and the values it takes:
///   `name`           every variable so named (parameter, local, global),
///                    or, for an array or pointer, its elements;
///   `function::name` the parameter or local so named of that function
///                    only;
///   `Record.field`   that member of that structure, class or typedef'd
///                    struct (`.field`: of any), or its elements;
///   `name()`         what a call of that function returns, or what an
///                    expansion of that macro evaluates to.
/// The analysis takes each read of a target to be in its range: a product
/// of bounded reads that fits is no hazard, even where the code computing
/// a target's value could overflow (the statement says it does not).
/// Whether \p Name can be spelled in a target: a C identifier.
bool isTargetName(llvm::StringRef Name);

class DeclaredRanges {
public:
  /// Reads `target:lo..hi` and `target:hi` (for `0..hi`) entries separated
  /// by ';', bounds in decimal or as `2^k`, either signed. Each entry it
  /// cannot read is added to \p Errors and left out.
  static DeclaredRanges parse(llvm::StringRef Text,
                              std::vector<std::string> &Errors);

  bool empty() const {
    return Variables.empty() && Members.empty() && Calls.empty();
  }
  bool declaresCalls() const { return !Calls.empty(); }
  std::optional<Interval> ofVariable(llvm::StringRef Name) const;
  /// The range of \p Field of \p Record, met with that of `.Field`.
  std::optional<Interval> ofMember(llvm::StringRef Record,
                                   llvm::StringRef Field) const;
  /// A function's returns or a macro's expansions.
  std::optional<Interval> ofCall(llvm::StringRef Name) const;
  /// What is stated of variable or member \p D (a member by its record's
  /// name, or the typedef of an anonymous one).
  std::optional<Interval> ofDeclaration(const clang::ValueDecl *D) const;

private:
  static std::optional<Interval> find(const llvm::StringMap<Interval> &Map,
                                      llvm::StringRef Key);
  llvm::StringMap<Interval> Variables;
  /// Keyed `Record.field`, and `.field` for any record's.
  llvm::StringMap<Interval> Members;
  llvm::StringMap<Interval> Calls;
};

/// The model of real runs the ranges assume (mpix-large-count's options;
/// docs/checks/mpix-large-count.md, "The model of a run").
struct RunModel {
  /// No model: every value MPI gives takes any value of its type.
  bool StrictTypes = false;
  /// The most processes a communicator or group has.
  WideInt MaxProcesses = WideInt(1) << 24;
  /// The longest C string (what strlen returns): names, paths, keys and
  /// messages, never gigabytes.
  WideInt MaxStringLength = WideInt(1) << 30;
  /// A unit that defines main is the whole program and every process runs
  /// it: a probe of a real process sees a message one of its sends made.
  bool WholeProgram = true;
  /// Functions of other files that the program may call, each with the most
  /// bytes it sends in one point-to-point message (0: none): a name, or a
  /// prefix ending in '*'. Any other function of another file may send
  /// anything.
  std::vector<std::pair<std::string, WideInt>> ExternalSends;
  /// The user's statements of a domain's scale. They hold under StrictTypes
  /// too: that option drops what the analysis assumes of MPI, not what the
  /// user says of the program.
  DeclaredRanges Declared;

  /// What ExternalSends says of function \p Name.
  std::optional<WideInt> externalSendBytes(llvm::StringRef Name) const;
};

/// Known bounds of variables at a program point (from guards and branches).
using Constraints = llvm::DenseMap<const clang::ValueDecl *, Interval>;

/// What holds just before a statement runs, from a pass over the control
/// flow (analysis/FlowRanges.h).
struct PointFacts {
  /// No run reaches the statement (it follows a call that never returns,
  /// or sits in a branch that cannot be taken).
  bool Unreachable = false;
  Constraints Known;
};

} // namespace mpix

#endif
