/* Communication wrappers of a legacy code: int counts. */
#ifndef LEGACY_COMM_H
#define LEGACY_COMM_H

void exchange(double *buf, int n, int peer);
void share(double *buf, int n);
void relay(double *buf, int n, int peer);

#endif
