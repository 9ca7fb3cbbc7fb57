/* Native floor for benchmarks/bench_quad.py: our vendored QUADPACK qagse and
 * qagie called from C with C integrands, i.e. what scijit.integrate.quad
 * would cost with zero overhead of its own.
 *
 * usage: quad_floor REPEATS N_SQUARE N_PEAK N_EXPCOS2
 * prints one line per integrand, "<name> <ns per integral> <neval>" (the
 * minimum over REPEATS timing loops of N_<name> integrals), with scipy's
 * defaults epsabs = epsrel = 1.49e-8, limit = 50.
 */
#define _POSIX_C_SOURCE 199309L   /* clock_gettime */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* the prototypes generated from the native table (python -m lowering.header) */
#include "../../vendor/include/scijit.h"

#define LIMIT 50
#define EPS 1.49e-8

static double square(double x, int32_t *iflag, void *udata)
{
    (void)iflag; (void)udata;
    return x * x;
}

static double peak(double x, int32_t *iflag, void *udata)
{
    (void)iflag; (void)udata;
    return 1.0 / ((x - 0.3) * (x - 0.3) + 0.01);
}

static double expcos2(double x, int32_t *iflag, void *udata)
{
    (void)iflag; (void)udata;
    double c = cos(x);
    return exp(-x) * c * c;
}

/* The integrands, as bench_quad.py integrates them: over [0, 1 + d] (qagse)
 * or [d, inf) (qagie), d = 1e-9 (i mod 7) varying per integral. */
static const struct { const char *name; scijit_quad_fcn f; int infinite; } CASES[] = {
    {"square", square, 0}, {"peak", peak, 0}, {"expcos2", expcos2, 1}};
#define NCASES (int)(sizeof CASES / sizeof CASES[0])

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return 1e9 * (double)t.tv_sec + (double)t.tv_nsec;
}

/* One timing loop of `iters` integrals of case `c`; the workspace is
 * allocated once, outside the loop: the floor is the routine alone. */
static double loop_ns(int c, long iters, double *acc, int32_t *neval)
{
    double alist[LIMIT], blist[LIMIT], rlist[LIMIT], elist[LIMIT], result, abserr;
    int32_t iord[LIMIT], ier, last;
    double t0 = now_ns();
    for (long i = 0; i < iters; i++) {
        double d = 1e-9 * (double)(i % 7);   /* vary the limit: nothing to hoist */
        if (CASES[c].infinite)
            scijit_quadpack_qagie(CASES[c].f, d, 1, EPS, EPS, LIMIT, &result, &abserr, neval,
                                  &ier, alist, blist, rlist, elist, iord, &last, NULL);
        else
            scijit_quadpack_qagse(CASES[c].f, 0.0, 1.0 + d, EPS, EPS, LIMIT, &result, &abserr,
                                  neval, &ier, alist, blist, rlist, elist, iord, &last, NULL);
        *acc += result + abserr;
    }
    return (now_ns() - t0) / (double)iters;
}

int main(int argc, char **argv)
{
    if (argc != 2 + NCASES) {
        fprintf(stderr, "usage: %s REPEATS N_SQUARE N_PEAK N_EXPCOS2\n", argv[0]);
        return 2;
    }
    int repeats = atoi(argv[1]);
    long iters[NCASES];
    double best[NCASES], acc = 0.0;
    int32_t neval[NCASES];
    for (int c = 0; c < NCASES; c++) {
        iters[c] = atol(argv[2 + c]);
        best[c] = 1e300;
        loop_ns(c, iters[c] / 10 + 1, &acc, &neval[c]);   /* untimed warm-up */
    }
    for (int rep = 0; rep < repeats; rep++)
        for (int c = 0; c < NCASES; c++) {                /* interleave the cases */
            double t = loop_ns(c, iters[c], &acc, &neval[c]);
            if (t < best[c])
                best[c] = t;
        }
    for (int c = 0; c < NCASES; c++)
        printf("%s %.1f %d\n", CASES[c].name, best[c], (int)neval[c]);
    fprintf(stderr, "checksum %.17g\n", acc);   /* keeps the results live */
    return 0;
}
