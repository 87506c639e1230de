//===-- NodeKeys.h - Hashing AST nodes in large tables ----------*- C++ -*-===//
//
// LLVM's DenseMap hashes a pointer as (p >> 4) ^ (p >> 9). The AST's nodes
// come one after another from the same slabs, and in a table of every
// statement of a long function those hashes crowd into runs of buckets:
// filling FlowRanges' table of positions for a function of 80,000
// statements cost 3.8 times as many instructions as for one of 40,000
// (callgrind), and so did the lookups of parents. With all of the
// pointer's bits mixed, 2.0 times.
//
//===----------------------------------------------------------------------===//

#ifndef MPIX_TIDY_ANALYSIS_NODEKEYS_H
#define MPIX_TIDY_ANALYSIS_NODEKEYS_H

#include "llvm/ADT/DenseMap.h"
#include <cstdint>

namespace mpix {

/// DenseMapInfo for a pointer key, with a hash that mixes all its bits.
template <typename T> struct MixedPointerInfo : llvm::DenseMapInfo<T *> {
  static unsigned getHashValue(const T *P) {
    // The finalizer of MurmurHash3's 64-bit hash.
    uint64_t H = reinterpret_cast<uintptr_t>(P);
    H ^= H >> 33;
    H *= 0xff51afd7ed558ccdULL;
    H ^= H >> 33;
    return unsigned(H);
  }
};

/// A table keyed by AST node that may hold every node of a function.
template <typename Node, typename Value>
using NodeMap = llvm::DenseMap<const Node *, Value, MixedPointerInfo<const Node>>;

} // namespace mpix

#endif
