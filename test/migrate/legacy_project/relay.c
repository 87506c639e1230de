#include "comm.h"

/* One more layer, as legacy codes have: the count is passed on as is. */
void relay(double *buf, int n, int peer) {
  exchange(buf, n, peer);
}
