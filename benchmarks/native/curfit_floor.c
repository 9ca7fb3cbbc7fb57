/* Native floor for benchmarks/bench_fitpack.py: our vendored FITPACK curfit
 * called from C, i.e. what scijit.interpolate.splrep would cost with zero
 * overhead of its own (workspace allocated once, no checks, no copies).
 *
 * usage: curfit_floor REPEATS NFIT S... < data
 * data: m, then m lines "x y" (hex floats, "%a", so the values are exact).
 * prints one line per smoothing factor S, "<s> <ns per fit> <n> <ier>" (the
 * minimum over REPEATS timing loops of NFIT fits; NFIT is divided by 8 for
 * s > 0, whose fits are ~10x slower), k = 3, unit weights, iopt = 0.  As in
 * the Python loops, y[0] changes by 1e-9 (i mod 7) per fit.
 */
#define _POSIX_C_SOURCE 199309L   /* clock_gettime */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void scijit_fitpack_curfit(int32_t iopt, int32_t m, const double *x, const double *y,
                           const double *w, double xb, double xe, int32_t k, double s,
                           int32_t nest, int32_t *n, double *t, double *c, double *fp,
                           double *wrk, int32_t lwrk, int32_t *iwrk, int32_t *ier);

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return 1e9 * (double)t.tv_sec + (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s REPEATS NFIT S... < data\n", argv[0]);
        return 2;
    }
    int repeats = atoi(argv[1]), nfit0 = atoi(argv[2]);
    int m;
    if (scanf("%d", &m) != 1 || m < 4)
        return 2;
    double *x = malloc(m * sizeof *x), *y = malloc(m * sizeof *y), *w = malloc(m * sizeof *w);
    for (int i = 0; i < m; i++) {
        if (scanf("%la %la", &x[i], &y[i]) != 2)
            return 2;
        w[i] = 1.0;
    }
    const int32_t k = 3;
    int32_t nest = m + k + 1, lwrk = m * (k + 1) + nest * (7 + 3 * k);
    double *t = malloc(nest * sizeof *t), *c = malloc(nest * sizeof *c);
    double *wrk = malloc(lwrk * sizeof *wrk);
    int32_t *iwrk = malloc(nest * sizeof *iwrk);
    double y0 = y[0];
    for (int a = 3; a < argc; a++) {
        double s = atof(argv[a]), best = 1e300, fp;
        int nfit = s > 0 ? (nfit0 + 7) / 8 : nfit0;
        int32_t n = 0, ier = 0;
        for (int r = 0; r < repeats; r++) {
            double start = now_ns();
            for (int i = 0; i < nfit; i++) {
                y[0] = y0 + 1e-9 * (i % 7);
                n = 0;
                scijit_fitpack_curfit(0, m, x, y, w, x[0], x[m - 1], k, s, nest, &n, t, c, &fp,
                                      wrk, lwrk, iwrk, &ier);
            }
            double ns = (now_ns() - start) / nfit;
            if (ns < best)
                best = ns;
        }
        y[0] = y0;
        printf("%g %.1f %d %d\n", s, best, (int)n, (int)ier);
    }
    return 0;
}
