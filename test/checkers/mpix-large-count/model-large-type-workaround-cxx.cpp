// model-large-type-workaround.c in C++: block lengths in an array and in a
// std::vector, overwritten with 1 where a block gets a derived type, and
// lengths filled in the other branch of an if.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <cstddef>
#include <mpi.h>
#include <vector>

MPI_Datatype large_block_type(std::size_t bytes);

struct Piece {
  std::size_t bytes;
  MPI_Aint where;
};

MPI_Datatype pieces_type(const std::vector<Piece> &pieces) {
  constexpr std::size_t limit = std::size_t(1) << 30;
  const std::size_t count = pieces.size();
  const int n = count < 64 ? static_cast<int>(count) : 64;
  int lens[64];
  MPI_Aint disp[64];
  MPI_Datatype types[64];
  for (int i = 0; i < n; ++i) {
    const std::size_t bytes = pieces[i].bytes;
    lens[i] = static_cast<int>(bytes);
    disp[i] = pieces[i].where;
    types[i] = MPI_BYTE;
    if (bytes > limit) {
      types[i] = large_block_type(bytes);
      lens[i] = 1;
    }
  }
  MPI_Datatype t;
  MPI_Type_create_struct(n, lens, disp, types, &t);
  return t;
}

// A std::vector's element is named by the vector and the index its
// operator[] is called with.
MPI_Datatype pieces_type_vector(const std::vector<Piece> &pieces) {
  constexpr std::size_t limit = std::size_t(1) << 30;
  const std::size_t count = pieces.size();
  const int n = count < 64 ? static_cast<int>(count) : 64;
  std::vector<int> lens(n);
  std::vector<MPI_Aint> disp(n);
  std::vector<MPI_Datatype> types(n, MPI_BYTE);
  for (int i = 0; i < n; ++i) {
    const std::size_t bytes = pieces[i].bytes;
    lens[i] = static_cast<int>(bytes);
    disp[i] = pieces[i].where;
    if (bytes > limit) {
      types[i] = large_block_type(bytes);
      lens[i] = 1;
    }
  }
  MPI_Datatype t;
  MPI_Type_create_struct(n, lens.data(), disp.data(), types.data(), &t);
  return t;
}

// An inner node's lengths, all 1, in the other branch from a leaf's.
MPI_Datatype node_type(bool leaf, int n, const std::size_t *counts,
                       const MPI_Aint *disp, const MPI_Datatype *inner) {
  int lens[16];
  MPI_Datatype t;
  if (leaf) {
    for (int i = 0; i < n && i < 16; ++i)
      lens[i] = static_cast<int>(counts[i]);
    MPI_Type_create_hindexed(n, lens, disp, MPI_BYTE, &t);
    // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: block length array 'lens' of MPI_Type_create_hindexed is filled with values that can exceed INT_MAX
  } else {
    for (int i = 0; i < n && i < 16; ++i)
      lens[i] = 1;
    MPI_Type_create_struct(n, lens, disp, inner, &t);
  }
  return t;
}

// The overwrite names another element: the index moved first.
MPI_Datatype pieces_type_vector_moved(const std::vector<Piece> &pieces) {
  constexpr std::size_t limit = std::size_t(1) << 30;
  const std::size_t count = pieces.size();
  const int n = count < 64 ? static_cast<int>(count) : 64;
  std::vector<int> lens(n + 1);
  std::vector<MPI_Aint> disp(n + 1);
  for (int i = 0, k = 0; i < n; ++i, ++k) {
    const std::size_t bytes = pieces[i].bytes;
    lens[k] = static_cast<int>(bytes);
    disp[k] = pieces[i].where;
    if (bytes > limit) {
      ++k;
      lens[k] = 1;
    }
  }
  MPI_Datatype t;
  MPI_Type_create_hindexed(n, lens.data(), disp.data(), MPI_BYTE, &t);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: block length array 'lens' of MPI_Type_create_hindexed is filled with values that can exceed INT_MAX
  return t;
}
