// A global shared between units through a header: any unit that includes
// this may write it.
extern int shared_stride;
