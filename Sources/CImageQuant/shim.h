#include <libimagequant.h>
// libimagequant runs its loops under OpenMP (Debian links it with libgomp), and a parallel
// reduction's order depends on the thread count: the quantiser sets one thread for the calling
// thread's parallel regions so the same input always gives the same palette. Declared here
// because omp.h lives in the compiler's private include folder.
extern void omp_set_num_threads(int);
