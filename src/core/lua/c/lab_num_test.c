/*
 * Rate Limit Lab: lab_num.c against the C library it stands in for. Built natively (glibc)
 * by scripts/build-lua.sh before the wasm build: every value must parse and print to the same
 * bytes as glibc's strtod and printf("%.14g" / "%.17g").
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double lab_strtod(const char *s, char **end);
int lab_fmt_g(char *buf, double x, int prec);

static uint64_t state = 0x9E3779B97F4A7C15ull;
static uint64_t next(void) { /* xorshift64* */
  state ^= state >> 12;
  state ^= state << 25;
  state ^= state >> 27;
  return state * 0x2545F4914F6CDD1Dull;
}

static long failures = 0;

static void check_fmt(double x) {
  static const int precs[] = {14, 17, 1, 6};
  for (int i = 0; i < 4; i++) {
    char a[64], b[64];
    lab_fmt_g(a, x, precs[i]);
    snprintf(b, sizeof b, "%.*g", precs[i], x);
    if (strcmp(a, b) != 0 && failures++ < 20)
      fprintf(stderr, "fmt %.*g: lab '%s' libc '%s' (%a)\n", precs[i], precs[i], x, a, b, x);
  }
}

static void check_parse(const char *s) {
  char *e1, *e2;
  double a = lab_strtod(s, &e1), b = strtod(s, &e2);
  if ((memcmp(&a, &b, 8) != 0 && !(isnan(a) && isnan(b))) || e1 != e2) {
    if (failures++ < 20) fprintf(stderr, "parse '%s': lab %a (+%d) libc %a (+%d)\n", s, a,
                                 (int)(e1 - s), b, (int)(e2 - s));
  }
}

int main(void) {
  char buf[64];
  long n = 0;
  /* doubles of every magnitude, and decimal-looking ones */
  for (long i = 0; i < 400000; i++) {
    uint64_t r = next();
    double x;
    switch (i % 4) {
      case 0: memcpy(&x, &r, 8); break;
      case 1: x = (double)(int64_t)(r >> (r % 64)) / pow(10, (double)(r % 23)); break;
      case 2: x = (double)(r % 100000000) / 1000000.0 + 1700000000.0; break;
      default: x = (double)(r % 2000001) - 1000000.0 + (double)(r % 7) / 8; break;
    }
    check_fmt(x);
    check_fmt(-x);
    snprintf(buf, sizeof buf, "%.17g", x);
    check_parse(buf);
    snprintf(buf, sizeof buf, "%.*g", (int)(r % 17) + 1, x);
    check_parse(buf);
    snprintf(buf, sizeof buf, "%.*f", (int)(r % 9), x);
    check_parse(buf);
    n += 3;
  }
  static const char *specials[] = {"0", "-0", ".5", "5.", ".", "-", "+1", " 12 ", "1e", "1e+",
                                   "1.5e-3x", "0x10", "-0x1p4", "0x", "-0x", "0xg", "0x.", "0x.8", "0X1p",
                                   " 0x ", "inf", "-Infinity", "nan",
                                   "1e400", "1e-400", "00000000000000000000000012",
                                   "12345678901234567890123", "9007199254740993",
                                   "4.9e-324", "1e22", "1e23", "123456789e-22", "0.1e-21",
                                   "", "  ", "e5", "1_0", "1..2", "١", "2.2250738585072011e-308"};
  for (size_t i = 0; i < sizeof specials / sizeof *specials; i++) check_parse(specials[i]);
  static const double fspecials[] = {0.1, 1.0 / 3, 1e15, 1e16, 1e17, 1e21, 1e22, 1e-5, 1e-7,
                                     123456789012345678.0, 9.999999999999999e22, 0.5, 2.5,
                                     1000000000000.03125, 5e-324, 1.7976931348623157e308,
                                     9007199254740993.0, 0.000099999999999999991};
  for (size_t i = 0; i < sizeof fspecials / sizeof *fspecials; i++) {
    check_fmt(fspecials[i]);
    check_fmt(-fspecials[i]);
  }
  if (failures) {
    fprintf(stderr, "lab_num: %ld differences from the C library\n", failures);
    return 1;
  }
  printf("lab_num: %ld values parse and print exactly as glibc does\n", n);
  return 0;
}
