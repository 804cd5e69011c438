/* twice() of extern_link.test's programs, written in C: GraphIt extern
 * functions have C++ linkage, so it takes the C++ name of `int twice(int)`
 * through an asm label. */
int twice(int v) __asm__("_Z5twicei");
int twice(int v) { return 2 * v; }
