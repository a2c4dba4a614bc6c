/*
 * Rate Limit Lab: x86-64 conversion semantics for the Lua build.
 *
 * Redis runs its Lua on x86-64 Linux, where C's double -> integer casts compile to
 * cvttsd2si: a value out of range (or NaN) becomes the "integer indefinite" value
 * (INT_MIN / LLONG_MIN) instead of trapping or saturating as WebAssembly would. Lua and
 * its libraries use such casts where scripts can reach them (string.format('%d', 1e300),
 * string.rep, cmsgpack's integer test), so the patched sources call these helpers to
 * behave as the real server does. Force-included into every file of the build.
 */
#ifndef LAB_X86_H
#define LAB_X86_H

/* (int)d on x86-64. */
static inline int lab_d2i(double d) {
  return (d > -2147483649.0 && d < 2147483648.0) ? (int)d : (int)0x80000000u;
}

/* (long long)d on x86-64. */
static inline long long lab_d2ll(double d) {
  return (d >= -9223372036854775808.0 && d < 9223372036854775808.0)
             ? (long long)d
             : (long long)0x8000000000000000ull;
}

/* (unsigned long long)d as gcc compiles it for x86-64. */
static inline unsigned long long lab_d2ull(double d) {
  if (!(d >= 9223372036854775808.0)) return (unsigned long long)lab_d2ll(d);
  return (unsigned long long)lab_d2ll(d - 9223372036854775808.0) ^ 0x8000000000000000ull;
}

/* Number <-> text as glibc does it, without long double (lab_num.c). */
double lab_strtod(const char *s, char **end);
int lab_fmt_g(char *buf, double x, int prec);
/* strtoull as glibc reads "0x" without a hex digit after it (tonumber('0x') is nil). */
unsigned long long lab_strtoull(const char *s, char **end, int base);
#define strtoull lab_strtoull

/* Step accounting for C-level loops (defined in lab.c). lab_charge only counts;
 * lab_charge_check counts and raises the lab's kill error once the budget is spent. */
struct lua_State;
void lab_charge(unsigned long n);
void lab_charge_check(struct lua_State *L, unsigned long n);

#endif
