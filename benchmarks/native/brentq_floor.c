/* Native floor for benchmarks/bench_scalar.py: Brent's method (brentq) in
 * plain C with the function a static C function, i.e. what
 * scijit.optimize.brentq would cost with zero overhead of its own.
 *
 * There is no vendored kernel here: the solver is a transcription of
 * scijit's own `_brent` solver (scijit/optimize/_zeros.py, inverse quadratic
 * extrapolation), the same tests in the same order on the same doubles, so
 * it returns the same root and function_calls.  It is inlined into the
 * timing loop with the function, as numba inlines the user's @njit function
 * into scijit's solver loop.
 *
 * usage: brentq_floor REPEATS N_F1 N_F2
 * prints one line per function, "<name> <ns per solve> <function_calls>
 * <root>" (the minimum over REPEATS timing loops of N_<name> solves; the
 * calls and root of the solve with d = 0), with scipy's defaults
 * xtol = 2e-12, rtol = 4 eps, maxiter = 100.
 */
#define _POSIX_C_SOURCE 199309L   /* clock_gettime */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define XTOL 2e-12
#define RTOL (4.0 * DBL_EPSILON)
#define MAXITER 100

/* scijit's solver states (CONVERGED, SIGNERR, CONVERR, NANVALUE) */
enum { CONVERGED = 0, SIGNERR = -1, CONVERR = -2, NANVALUE = -3 };

/* f1(x) = x^3 - 2 x - 5 over [2, 3 + d] */
static double f1(double x)
{
    return x * x * x - 2.0 * x - 5.0;
}

/* f2(x) = cos(x) - x over [0, 1 + d] */
static double f2(double x)
{
    return cos(x) - x;
}

typedef double (*scalar_fn)(double);

/* Python's min(a, b) as numba compiles it: a unless b < a (no libm fmin call) */
static inline double min2(double a, double b)
{
    return b < a ? b : a;
}

/* One solve: `_brent(False)`'s `solve`, step for step.  Returns the root;
 * *calls and *status as the Python solver's function_calls and status.
 * always_inline, so that f, a constant at every call site, is inlined too. */
static inline __attribute__((always_inline)) double
brentq(scalar_fn f, double xa, double xb, double xtol, double rtol, int maxiter, int *calls,
       int *status)
{
    double xpre = xa, xcur = xb, xblk = 0.0, fblk = 0.0, spre = 0.0, scur = 0.0;
    double fpre = f(xpre);
    if (fpre != fpre) {
        *calls = 1; *status = NANVALUE;
        return xpre;
    }
    double fcur = f(xcur);
    *calls = 2;
    if (fcur != fcur) {
        *status = NANVALUE;
        return xcur;
    }
    if (fpre == 0.0) {
        *status = CONVERGED;
        return xpre;
    }
    if (fcur == 0.0) {
        *status = CONVERGED;
        return xcur;
    }
    if (signbit(fpre) == signbit(fcur)) {
        *status = SIGNERR;
        return 0.0;
    }
    int n = 2;
    for (int i = 0; i < maxiter; i++) {
        if (fpre != 0.0 && fcur != 0.0 && signbit(fpre) != signbit(fcur)) {
            xblk = xpre;
            fblk = fpre;
            spre = xcur - xpre;
            scur = spre;
        }
        if (fabs(fblk) < fabs(fcur)) {
            xpre = xcur;
            xcur = xblk;
            xblk = xpre;
            fpre = fcur;
            fcur = fblk;
            fblk = fpre;
        }
        double delta = (xtol + rtol * fabs(xcur)) / 2.0;   /* the tolerance is 2 delta */
        double sbis = (xblk - xcur) / 2.0;
        if (fcur == 0.0 || fabs(sbis) < delta) {
            *calls = n; *status = CONVERGED;
            return xcur;
        }
        int bisect = 1;
        if (fabs(spre) > delta && fabs(fcur) < fabs(fpre)) {
            double stry;
            if (xpre == xblk) {                                /* interpolate */
                stry = -fcur * (xcur - xpre) / (fcur - fpre);
            } else {                                           /* extrapolate */
                double dpre = (fpre - fcur) / (xpre - xcur);
                double dblk = (fblk - fcur) / (xblk - xcur);
                stry = -fcur * (fblk * dblk - fpre * dpre) / (dblk * dpre * (fblk - fpre));
            }
            if (2.0 * fabs(stry) < min2(fabs(spre), 3.0 * fabs(sbis) - delta)) {
                spre = scur;                                   /* a good short step */
                scur = stry;
                bisect = 0;
            }
        }
        if (bisect) {
            spre = sbis;
            scur = sbis;
        }
        xpre = xcur;
        fpre = fcur;
        if (fabs(scur) > delta)
            xcur += scur;
        else if (sbis > 0.0)
            xcur += delta;
        else
            xcur -= delta;
        fcur = f(xcur);
        n += 1;
        if (fcur != fcur) {
            *calls = n; *status = NANVALUE;
            return xcur;
        }
    }
    *calls = n; *status = CONVERR;
    return xcur;
}

/* The functions, as bench_scalar.py solves them: over [a, b + d],
 * d = 1e-9 (i mod 7) varying per solve. */
enum { F1, F2, NCASES };
static const char *const NAMES[NCASES] = {"f1", "f2"};

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return 1e9 * (double)t.tv_sec + (double)t.tv_nsec;
}

/* One solve of case c over [a, b + d]; a switch on a constant once inlined. */
static inline __attribute__((always_inline)) double
solve(int c, double d, int *calls, int *status)
{
    if (c == F1)
        return brentq(f1, 2.0, 3.0 + d, XTOL, RTOL, MAXITER, calls, status);
    return brentq(f2, 0.0, 1.0 + d, XTOL, RTOL, MAXITER, calls, status);
}

/* One timing loop of `iters` solves of case `c`, results summed. */
static double loop_ns(int c, long iters, double *acc)
{
    int calls, status;
    double t0 = now_ns();
    if (c == F1)
        for (long i = 0; i < iters; i++)
            *acc += solve(F1, 1e-9 * (double)(i % 7), &calls, &status);
    else
        for (long i = 0; i < iters; i++)
            *acc += solve(F2, 1e-9 * (double)(i % 7), &calls, &status);
    return (now_ns() - t0) / (double)iters;
}

int main(int argc, char **argv)
{
    if (argc != 2 + NCASES) {
        fprintf(stderr, "usage: %s REPEATS N_F1 N_F2\n", argv[0]);
        return 2;
    }
    int repeats = atoi(argv[1]);
    long iters[NCASES];
    double best[NCASES], root[NCASES], acc = 0.0;
    int calls[NCASES] = {0}, status;
    for (int c = 0; c < NCASES; c++) {
        iters[c] = atol(argv[2 + c]);
        best[c] = 1e300;
        root[c] = solve(c, 0.0, &calls[c], &status);     /* function_calls at d = 0 */
        loop_ns(c, iters[c] / 10 + 1, &acc);             /* untimed warm-up */
    }
    for (int rep = 0; rep < repeats; rep++)
        for (int c = 0; c < NCASES; c++) {                /* interleave the cases */
            double t = loop_ns(c, iters[c], &acc);
            if (t < best[c])
                best[c] = t;
        }
    for (int c = 0; c < NCASES; c++)
        printf("%s %.1f %d %.17g\n", NAMES[c], best[c], calls[c], root[c]);
    fprintf(stderr, "checksum %.17g\n", acc);   /* keeps the results live */
    return 0;
}
