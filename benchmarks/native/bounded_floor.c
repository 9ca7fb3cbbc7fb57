/* Native floor for benchmarks/bench_minimize_scalar.py: the bounded method
 * of minimize_scalar (Brent's fmin on [x1, x2]) in plain C with the
 * function a static C function, i.e. what scijit's
 * minimize_scalar(method='bounded') would cost with zero overhead of its own.
 *
 * There is no vendored kernel here: the solver is a transcription of
 * scijit's own `_bounded` (scijit/optimize/_scalar_minimizers.py), the same
 * tests in the same order on the same doubles, so it returns the same x and
 * nfev.  It is inlined into the timing loop with the function, as numba
 * inlines the user's @njit function into scijit's solver loop.
 *
 * usage: bounded_floor REPEATS N
 * prints "bounded <ns per solve> <nfev> <x>" (the minimum over REPEATS
 * timing loops of N solves of f(x, c) = (x - c) x (x + 2)^2 on [-3, -1],
 * c = 2 + 1e-9 (i mod 7); nfev and x of the solve with c = 2), with scipy's
 * defaults xatol = 1e-5, maxiter = 500.
 */
#define _POSIX_C_SOURCE 199309L   /* clock_gettime */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double f(double x, double c)
{
    return (x - c) * x * ((x + 2.0) * (x + 2.0));
}

/* np.sign of a double */
static inline double sign(double v)
{
    return v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : v);
}

/* One solve: `_bounded`, step for step; returns x, *nfev the calls. */
static inline __attribute__((always_inline)) double
bounded(double c, double x1, double x2, double xatol, int maxfun, int *nfev)
{
    const double sqrt_eps = sqrt(2.2e-16);
    const double golden_mean = 0.5 * (3.0 - sqrt(5.0));
    double a = x1, b = x2;
    double fulc = a + golden_mean * (b - a);
    double nfc = fulc, xf = fulc;
    double rat = 0.0, e = 0.0;
    double x = xf;
    double fx = f(x, c);
    int num = 1;
    double ffulc = fx, fnfc = fx;
    double xm = 0.5 * (a + b);
    double tol1 = sqrt_eps * fabs(xf) + xatol / 3.0;
    double tol2 = 2.0 * tol1;
    while (fabs(xf - xm) > (tol2 - 0.5 * (b - a))) {
        int golden = 1;
        if (fabs(e) > tol1) {
            golden = 0;
            double r = (xf - nfc) * (fx - ffulc);
            double q = (xf - fulc) * (fx - fnfc);
            double p = (xf - fulc) * q - (xf - nfc) * r;
            q = 2.0 * (q - r);
            if (q > 0.0)
                p = -p;
            q = fabs(q);
            r = e;
            e = rat;
            if (fabs(p) < fabs(0.5 * q * r) && p > q * (a - xf) && p < q * (b - xf)) {
                rat = (p + 0.0) / q;
                x = xf + rat;
                if ((x - a) < tol2 || (b - x) < tol2)
                    rat = tol1 * (sign(xm - xf) + ((xm - xf) == 0));
            } else {
                golden = 1;
            }
        }
        if (golden) {
            e = xf >= xm ? a - xf : b - xf;
            rat = golden_mean * e;
        }
        double si = sign(rat) + (rat == 0);
        double step = fabs(rat);
        if (!(step >= tol1))
            step = step == step ? tol1 : step;
        x = xf + si * step;
        double fu = f(x, c);
        num += 1;
        if (fu <= fx) {
            if (x >= xf)
                a = xf;
            else
                b = xf;
            fulc = nfc; ffulc = fnfc;
            nfc = xf; fnfc = fx;
            xf = x; fx = fu;
        } else {
            if (x < xf)
                a = x;
            else
                b = x;
            if (fu <= fnfc || nfc == xf) {
                fulc = nfc; ffulc = fnfc;
                nfc = x; fnfc = fu;
            } else if (fu <= ffulc || fulc == xf || fulc == nfc) {
                fulc = x; ffulc = fu;
            }
        }
        xm = 0.5 * (a + b);
        tol1 = sqrt_eps * fabs(xf) + xatol / 3.0;
        tol2 = 2.0 * tol1;
        if (num >= maxfun)
            break;
    }
    *nfev = num;
    return xf;
}

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s REPEATS N\n", argv[0]);
        return 2;
    }
    int repeats = atoi(argv[1]);
    long n = atol(argv[2]);
    double best = INFINITY, acc = 0.0;
    int nfev = 0;
    for (int r = 0; r < repeats; r++) {
        double t0 = now_ns();
        for (long i = 0; i < n; i++)
            acc += bounded(2.0 + 1e-9 * (double)(i % 7), -3.0, -1.0, 1e-5, 500, &nfev);
        double per = (now_ns() - t0) / (double)n;
        if (per < best)
            best = per;
    }
    double x = bounded(2.0, -3.0, -1.0, 1e-5, 500, &nfev);
    printf("bounded %.3f %d %.17g\n", best, nfev, x);
    if (acc == 1234.5)            /* keep the sum alive */
        printf("%f\n", acc);
    return 0;
}
