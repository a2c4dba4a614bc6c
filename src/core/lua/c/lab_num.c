/*
 * Rate Limit Lab: number <-> text for the Lua build, exactly as glibc's strtod and printf
 * ("%.14g" for tostring, "%.17g" for redis.call arguments) but fast in WebAssembly.
 *
 * musl's strtod and printf use long double, which is a 128-bit software float in wasm32 and
 * cost more than the rest of a limiter script together. The common cases are done here with
 * exact integer arithmetic (Clinger's fast path for parsing; 128-bit integers for printing),
 * and everything else still goes to the C library, so results are the same bytes either way
 * (checked against glibc by scripts/build-lua.sh --test-num on millions of values).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab_x86.h"

static const double pow10_exact[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                       1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                       1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

typedef unsigned __int128 u128;

static const uint64_t pow5[23] = {1ull,
                                  5ull,
                                  25ull,
                                  125ull,
                                  625ull,
                                  3125ull,
                                  15625ull,
                                  78125ull,
                                  390625ull,
                                  1953125ull,
                                  9765625ull,
                                  48828125ull,
                                  244140625ull,
                                  1220703125ull,
                                  6103515625ull,
                                  30517578125ull,
                                  152587890625ull,
                                  762939453125ull,
                                  3814697265625ull,
                                  19073486328125ull,
                                  95367431640625ull,
                                  476837158203125ull,
                                  2384185791015625ull};

/* q * 2^b rounded to a double, half to even; `sticky`: nonzero bits below q were dropped. */
static double round_to_double(u128 q, int b, int sticky) {
  uint64_t hi = (uint64_t)(q >> 64), lo = (uint64_t)q;
  int top = hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll(lo);
  int shift = top - 52;
  uint64_t mant;
  if (shift <= 0) return ldexp((double)lo, b); /* fits in 53 bits: exact */
  {
    u128 rem = q & (((u128)1 << shift) - 1), half = (u128)1 << (shift - 1);
    mant = (uint64_t)(q >> shift);
    if (rem > half || (rem == half && (sticky || (mant & 1)))) {
      mant++;
      if (mant == (1ull << 53)) {
        mant >>= 1;
        shift++;
      }
    }
  }
  return ldexp((double)mant, b + shift);
}

/* m * 10^e exactly rounded, for m < 2^64 and |e| <= 22 (no long double needed). */
static double exact_scale(uint64_t m, int e) {
  if (e >= 0) return round_to_double((u128)m * pow5[e], e, 0); /* m * 5^e * 2^e */
  {
    /* m / (5^k 2^k): 128 bits of m / 5^k are more than enough for 53, plus a sticky bit */
    u128 n = (u128)m << 64;
    u128 q = n / pow5[-e], r = n % pow5[-e];
    return round_to_double(q, -64 + e, r != 0);
  }
}

static int is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static int is_digit(char c) { return c >= '0' && c <= '9'; }
static int is_hex(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

double lab_strtod(const char *s, char **end) {
  const char *p = s;
  int neg = 0, exp10 = 0, digits = 0, any = 0;
  uint64_t m = 0;
  while (is_space(*p)) p++;
  if (*p == '-' || *p == '+') neg = *p++ == '-';
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
    /* glibc reads "0x" with no hex digit after it as the number 0 followed by "x" (so
       tonumber('0x') is nil); musl would take the "0x" as a complete 0. */
    if (is_hex(p[2]) || (p[2] == '.' && is_hex(p[3]))) return strtod(s, end);
    if (end) *end = (char *)(p + 1);
    return neg ? -0.0 : 0.0;
  }
  while (is_digit(*p)) {
    any = 1;
    if (m == 0 && *p == '0') {
      p++;
      continue;
    }
    if (++digits > 19) return strtod(s, end);
    m = m * 10 + (uint64_t)(*p++ - '0');
  }
  if (*p == '.') {
    p++;
    while (is_digit(*p)) {
      any = 1;
      if (m == 0 && *p == '0') {
        exp10--;
        p++;
        continue;
      }
      if (++digits > 19) return strtod(s, end);
      m = m * 10 + (uint64_t)(*p++ - '0');
      exp10--;
    }
  }
  if (!any) return strtod(s, end); /* inf, nan, or no number at all */
  if (*p == 'e' || *p == 'E') {
    const char *q = p + 1;
    int eneg = 0, e = 0;
    if (*q == '-' || *q == '+') eneg = *q++ == '-';
    if (is_digit(*q)) {
      while (is_digit(*q)) {
        if (e > 10000) return strtod(s, end);
        e = e * 10 + (*q++ - '0');
      }
      exp10 += eneg ? -e : e;
      p = q;
    }
  }
  if (exp10 < -22 || exp10 > 22) return strtod(s, end);
  if (end) *end = (char *)p;
  if (m <= ((uint64_t)1 << 53)) {
    /* Clinger: both operands exact, so the one rounding of * or / is the right one */
    double v = (double)m;
    v = exp10 >= 0 ? v * pow10_exact[exp10] : v / pow10_exact[-exp10];
    return neg ? -v : v;
  }
  {
    double v = exact_scale(m, exp10);
    return neg ? -v : v;
  }
}

/* ------------------------------------------------------------------------------------- */

static const uint64_t pow10_u64[20] = {1ull,
                                       10ull,
                                       100ull,
                                       1000ull,
                                       10000ull,
                                       100000ull,
                                       1000000ull,
                                       10000000ull,
                                       100000000ull,
                                       1000000000ull,
                                       10000000000ull,
                                       100000000000ull,
                                       1000000000000ull,
                                       10000000000000ull,
                                       100000000000000ull,
                                       1000000000000000ull,
                                       10000000000000000ull,
                                       100000000000000000ull,
                                       1000000000000000000ull,
                                       10000000000000000000ull};

/* round(m * 2^e2 * 10^k) to an integer, half to even; 0 when out of this method's range. */
static int scaled(uint64_t m, int e2, int k, uint64_t *out) {
  u128 n;
  if (k >= 0) {
    if (k > 22) return 0;
    n = (u128)m;
    /* 10^k, at most 10^22 < 2^74: as two factors that each fit in 64 bits */
    n *= pow10_u64[k > 19 ? 19 : k];
    if (k > 19) n *= pow10_u64[k - 19];
    if (e2 >= 0) {
      if (e2 > 10 || (n >> (127 - e2)) != 0) return 0;
      n <<= e2;
    } else {
      int sh = -e2;
      u128 rem, half;
      if (sh > 126) return 0;
      rem = n & (((u128)1 << sh) - 1);
      half = (u128)1 << (sh - 1);
      n >>= sh;
      if (rem > half || (rem == half && (n & 1))) n++;
    }
  } else {
    uint64_t d;
    u128 rem;
    if (-k > 19 || e2 < 0 || e2 > 74) return 0;
    n = (u128)m << e2;
    d = pow10_u64[-k];
    rem = n % d;
    n /= d;
    if (rem * 2 > d || (rem * 2 == d && (n & 1))) n++;
  }
  if (n >> 64) return 0;
  *out = (uint64_t)n;
  return 1;
}

/* printf("%.{prec}g", x) for 1 <= prec <= 17; returns the length written into buf. */
int lab_fmt_g(char *buf, double x, int prec) {
  uint64_t bits, m, digits = 0;
  int e2, E, k, tries, n = 0, i;
  char d[20];
  memcpy(&bits, &x, 8);
  if ((bits & ~(1ull << 63)) == 0) { /* zeros keep their sign */
    if (bits >> 63) buf[n++] = '-';
    buf[n++] = '0';
    buf[n] = 0;
    return n;
  }
  if (((bits >> 52) & 0x7ff) == 0 || ((bits >> 52) & 0x7ff) == 0x7ff || prec < 1 || prec > 17)
    return snprintf(buf, 32, "%.*g", prec, x); /* subnormals, inf, nan */
  m = (bits & ((1ull << 52) - 1)) | (1ull << 52);
  e2 = (int)((bits >> 52) & 0x7ff) - 1075;
  /* log10(2) = 0.30103: a first guess at the decimal exponent, corrected below. */
  {
    double g = (e2 + 52) * 0.30102999566398119521;
    E = (int)g;
    if (g < E) E--;
  }
  for (tries = 0;; tries++) {
    if (tries > 4) return snprintf(buf, 32, "%.*g", prec, x);
    k = prec - 1 - E;
    if (!scaled(m, e2, k, &digits)) return snprintf(buf, 32, "%.*g", prec, x);
    if (digits >= pow10_u64[prec]) {
      /* one digit too many: E is too small, or the rounding carried into a new digit (then
       * the next exponent rounds to exactly 10^(prec-1), as printf does) */
      E++;
      continue;
    }
    if (digits < pow10_u64[prec - 1]) {
      E--;
      continue;
    }
    break;
  }
  for (i = prec - 1; i >= 0; i--) {
    d[i] = (char)('0' + digits % 10);
    digits /= 10;
  }
  if (bits >> 63) buf[n++] = '-';
  {
    int last = prec - 1; /* %g drops trailing zeros */
    while (last > 0 && d[last] == '0') last--;
    if (E < -4 || E >= prec) {
      buf[n++] = d[0];
      if (last > 0) {
        buf[n++] = '.';
        for (i = 1; i <= last; i++) buf[n++] = d[i];
      }
      n += snprintf(buf + n, 8, "e%c%02d", E < 0 ? '-' : '+', E < 0 ? -E : E);
    } else if (E >= 0) {
      for (i = 0; i <= E; i++) buf[n++] = d[i];
      if (last > E) {
        buf[n++] = '.';
        for (i = E + 1; i <= last; i++) buf[n++] = d[i];
      }
    } else {
      buf[n++] = '0';
      buf[n++] = '.';
      for (i = 0; i < -E - 1; i++) buf[n++] = '0';
      for (i = 0; i <= last; i++) buf[n++] = d[i];
    }
  }
  buf[n] = 0;
  return n;
}

/* glibc's strtoull takes only the "0" of a "0x" that no hex digit follows; musl would take
   the "0x" too, and Lua's luaO_str2d would then accept tonumber('0x') as 0. */
#undef strtoull
unsigned long long strtoull(const char *s, char **end, int base);
unsigned long long lab_strtoull(const char *s, char **end, int base) {
  const char *p = s;
  while (is_space(*p)) p++;
  if (*p == '-' || *p == '+') p++;
  if ((base == 16 || base == 0) && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && !is_hex(p[2])) {
    if (end) *end = (char *)(p + 1);
    return 0;
  }
  return strtoull(s, end, base);
}
