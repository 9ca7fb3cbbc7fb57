/* Native floor for benchmarks/bench_leastsq.py: our vendored MINPACK lmdif
 * called from C with a C callback, i.e. what scijit.optimize.leastsq and
 * curve_fit would cost with zero overhead of their own.
 *
 * The fit is y = a exp(-b t) + c; the data come on the command line (from
 * the benchmark, so both fit bit-identical numbers and take the same path).
 *
 * usage: leastsq_floor ITERATIONS REPEATS M t_1 .. t_M y_1 .. y_M
 * prints: "<ns per bare solve> <ns per solve + 2 evaluations at x0>
 *          <ns per solve + 2 evaluations + covariance> <ns per evaluation> <nfev>"
 * (each the minimum over REPEATS timing loops of ITERATIONS solves, or of
 * 20 ITERATIONS evaluations; the thread's CPU time, as the benchmark measures).
 */
#define _POSIX_C_SOURCE 199309L   /* clock_gettime */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "scijit.h"   /* generated from lowering's native table */

#define N 3
#define MMAX 1000

typedef struct { const double *t, *y; } data_t;

/* The residual a exp(-b t_i) + c - y_i; the data come through udata, as
 * scijit passes `args`. */
static void f(int32_t m, int32_t n, double *x, double *fvec, int32_t *iflag, void *udata)
{
    const data_t *d = udata;
    (void)n; (void)iflag;
    for (int32_t i = 0; i < m; i++)
        fvec[i] = x[0] * exp(-x[1] * d->t[i]) + x[2] - d->y[i];
}

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);   /* CPU time: a shared machine */
    return 1e9 * (double)t.tv_sec + (double)t.tv_nsec;
}

/* One timing loop of `iters` solves with scipy's defaults; `prechecks`
 * extra evaluations at x0 first (scijit, as scipy, makes 2), then the
 * covariance if `cov` (curve_fit returns it). */
static double loop_ns(long iters, int32_t m, data_t *d, int prechecks, int cov, double *acc,
                      int32_t *nfev)
{
    static double fvec[MMAX], fjac[MMAX * N], wa[3 * N + MMAX];
    double x[N], diag[N], qtf[N], c[N * N], cwa[N * N];
    int32_t ipvt[N], iflag = 1, info, status;
    /* Called through a volatile pointer, as scijit calls f, so the compiler
     * cannot inline it and drop the dead evaluations at x0. */
    scijit_lmdif_fcn volatile fcn = f;
    double t0 = now_ns();
    for (long i = 0; i < iters; i++) {
        x[0] = 1.0;
        x[1] = 1.0;
        x[2] = 1.0 + 1e-9 * (double)(i % 7);   /* vary the start: nothing to hoist */
        for (int k = 0; k < prechecks; k++)
            fcn(m, N, x, fvec, &iflag, d);
        scijit_minpack_lmdif(f, m, N, x, fvec, 1.49012e-08, 1.49012e-08, 0.0, 200 * (N + 1),
                             DBL_EPSILON, diag, 1, 100.0, fjac, m, ipvt, qtf, wa, 3 * N + m, &info,
                             nfev, d);
        *acc += x[0] + x[1] + x[2];
        if (cov) {
            scijit_minpack_lm_covariance(N, fjac, m, ipvt, c, cwa, N * N, &status);
            if (status == 0)
                *acc += c[0];
        }
    }
    return (now_ns() - t0) / (double)iters;
}

/* One timing loop of `iters` evaluations of f alone, x varying. */
static double eval_ns(long iters, int32_t m, data_t *d, double *acc)
{
    static double fvec[MMAX];
    double x[N] = {1.0, 1.0, 1.0};
    int32_t iflag = 1;
    scijit_lmdif_fcn volatile fcn = f;
    double t0 = now_ns();
    for (long i = 0; i < iters; i++) {
        x[2] = 1.0 + 1e-9 * (double)(i % 7);
        fcn(m, N, x, fvec, &iflag, d);
        *acc += fvec[i % m];
    }
    return (now_ns() - t0) / (double)iters;
}

int main(int argc, char **argv)
{
    long iters = argc > 1 ? atol(argv[1]) : 10000;
    int repeats = argc > 2 ? atoi(argv[2]) : 5;
    int32_t m = argc > 3 ? atoi(argv[3]) : 0;
    static double t[MMAX], y[MMAX];
    if (m < N || m > MMAX || argc != 4 + 2 * m) {
        fprintf(stderr, "usage: leastsq_floor ITERATIONS REPEATS M t_1 .. t_M y_1 .. y_M\n");
        return 2;
    }
    for (int32_t i = 0; i < m; i++) {
        t[i] = strtod(argv[4 + i], NULL);
        y[i] = strtod(argv[4 + m + i], NULL);
    }
    data_t d = {t, y};
    double best[4] = {1e300, 1e300, 1e300, 1e300}, acc = 0.0;
    int32_t nfev = 0;
    loop_ns(iters / 10 + 1, m, &d, 2, 1, &acc, &nfev);   /* untimed warm-up */
    for (int rep = 0; rep < repeats; rep++)
        for (int v = 0; v < 4; v++) {       /* interleave the variants */
            double ns = v < 3 ? loop_ns(iters, m, &d, v ? 2 : 0, v == 2, &acc, &nfev)
                              : eval_ns(20 * iters, m, &d, &acc);
            if (ns < best[v])
                best[v] = ns;
        }
    printf("%.1f %.1f %.1f %.1f %d\n", best[0], best[1], best[2], best[3], (int)nfev);
    fprintf(stderr, "checksum %.17g\n", acc);   /* keeps the results live */
    return 0;
}
