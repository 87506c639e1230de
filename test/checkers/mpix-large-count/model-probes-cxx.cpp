// Probes in a whole C++ program (option WholeProgram; model-probes.c has
// the C cases): sends made by methods that run without being named (a
// virtual override, a destructor), by lambdas and by constructors of
// globals count too.
//
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- -std=c++17 %mpi_cflags
// RUN: %check_mpix_tidy --no-fix --check-suffix=OFF %s mpix-large-count %t-off \
// RUN:   --config="{CheckOptions: {mpix-large-count.WholeProgram: false}}" -- -std=c++17 %mpi_cflags
// RUN: %check_mpix_tidy --no-fix --check-suffix=OFF %s mpix-large-count %t-virtual -- -std=c++17 %mpi_cflags -DBIG_OVERRIDE
// RUN: %check_mpix_tidy --no-fix --check-suffix=OFF %s mpix-large-count %t-dtor -- -std=c++17 %mpi_cflags -DBIG_DESTRUCTOR
// RUN: %check_mpix_tidy --no-fix --check-suffix=OFF %s mpix-large-count %t-lambda -- -std=c++17 %mpi_cflags -DBIG_LAMBDA
// RUN: %check_mpix_tidy --no-fix --check-suffix=OFF %s mpix-large-count %t-generic -- -std=c++17 %mpi_cflags -DBIG_GENERIC_LAMBDA
// RUN: %check_mpix_tidy --no-fix --check-suffix=OFF %s mpix-large-count %t-global -- -std=c++17 %mpi_cflags -DBIG_GLOBAL
// RUN: %check_mpix_tidy --no-fix --check-suffix=OFF %s mpix-large-count %t-elsewhere -- -std=c++17 %mpi_cflags -DVIRTUAL_ELSEWHERE

#include <mpi.h>
#include <vector>

int g_size; // set by main from its arguments: unbounded

struct Channel {
  virtual ~Channel() {}
  virtual void post(int to) = 0;
};

struct Small : Channel {
  void post(int to) override {
    int v[2] = {1, 2};
    MPI_Send(v, 2, MPI_INT, to, 0, MPI_COMM_WORLD);
  }
};

// Never constructed by name: only a virtual call could reach it.
struct Big : Channel {
  std::vector<char> data;
  void post(int to) override {
#ifdef BIG_OVERRIDE
    MPI_Send(data.data(), g_size, MPI_CHAR, to, 0, MPI_COMM_WORLD);
#endif
  }
#ifdef VIRTUAL_ELSEWHERE
  virtual void flush(); // defined in another file
#endif
};

struct Closer {
  int n = 1;
  ~Closer() {
#ifdef BIG_DESTRUCTOR
    MPI_Send(nullptr, n, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
#endif
  }
};

struct Announcer {
  Announcer() {
#ifdef BIG_GLOBAL
    MPI_Send(nullptr, g_size, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
#endif
  }
};
static Announcer announce;

static void post_all(Channel &c, int to) { c.post(to); }
// Copies a status from elsewhere over *s. (A function that only stored
// s->MPI_TAG would leave the count as it is: model-status-params.c.)
static void reset(MPI_Status *s, const MPI_Status *from) { *s = *from; }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  g_size = argc * 1000;
  int rank = 0, n = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    Small s;
    Closer c;
    post_all(s, 1);
    auto bye = [](int to) {
#ifdef BIG_LAMBDA
      MPI_Send(nullptr, g_size, MPI_BYTE, to, 2, MPI_COMM_WORLD);
#else
      MPI_Send(nullptr, 0, MPI_BYTE, to, 2, MPI_COMM_WORLD);
#endif
    };
    bye(1);
    auto again = [](auto to) {
#ifdef BIG_GENERIC_LAMBDA
      MPI_Send(nullptr, g_size, MPI_BYTE, to, 3, MPI_COMM_WORLD);
#else
      MPI_Send(nullptr, 1, MPI_BYTE, to, 3, MPI_COMM_WORLD);
#endif
    };
    again(1);
  } else if (rank == 1) {
    MPI_Status st;
    MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_INT, &n);
    // CHECK-MESSAGES-OFF: :[[@LINE-1]]:33: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
    std::vector<int> in(n > 0 ? n : 0);
    MPI_Recv(in.data(), n, MPI_INT, 0, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    // A status handed to a function that may write it: still unknown.
    MPI_Status other;
    MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &other);
    reset(&other, &st);
    MPI_Get_count(&other, MPI_INT, &n);
    // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
    // CHECK-MESSAGES-OFF: :[[@LINE-2]]:36: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  }
  MPI_Finalize();
  return 0;
}
