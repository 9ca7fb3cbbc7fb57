"""Benchmark of ``scijit.integrate.solve_ivp`` (explicit Runge-Kutta) against scipy.

Run ``python benchmarks/bench_ivp.py [--quick]``.  It prints, in one run,
per integration inside an ``@njit`` loop (thread CPU time, interleaved
rounds, minimum over rounds):

1. Lotka-Volterra (1.5, 1, 3, 1) from (10, 5) on [0, 15], rtol 1e-6, atol
   1e-8, with RK45 and DOP853; the same with 100 ``t_eval`` points;
2. a 1-equation decay y' = -0.5 y on [0, 1] with the defaults (the fixed
   cost of a call);
3. scipy's ``solve_ivp`` on the same problems from Python (after checking
   that both give the same ``nfev`` and the same final state to 1e-8);
4. the first call of a small ``solve_ivp`` caller in a fresh process with
   an empty numba cache (scijit's helpers compiled too), and its
   ``cache=True`` load in the next process.

Not yet measured here (issue 17, item 7): the numba peers (numbalsoda's
``dop853``, CyRK) and a native floor.
"""
import os
import sys
import tempfile
import time

import numpy as np
import scipy.integrate
from numba import njit

from _harness import fresh, interleaved, quick_mode, summary
from scijit.integrate import solve_ivp

ARGS = (1.5, 1.0, 3.0, 1.0)
Y0 = np.array([10.0, 5.0])
T_EVAL = np.linspace(0.0, 15.0, 100)


@njit
def lotka_volterra(t, z, a, b, c, d):
    x, y = z
    return np.array([a * x - b * x * y, -c * y + d * x * y])


@njit
def decay(t, y):
    return -0.5 * y


def _lv_loop(method, t_eval):
    """An @njit loop of ``n`` Lotka-Volterra integrations (constants: the method
    name and the t_eval points or None)."""
    @njit
    def loop(n):
        s = 0.0
        for _ in range(n):
            s += solve_ivp(lotka_volterra, (0.0, 15.0), Y0, method=method, t_eval=t_eval,
                           args=ARGS, rtol=1e-6, atol=1e-8).y[0, -1]
        return s
    return loop


lv_rk45 = _lv_loop("RK45", None)
lv_dop853 = _lv_loop("DOP853", None)
lv_rk45_t_eval = _lv_loop("RK45", T_EVAL)


@njit
def decay_default(n):
    s = 0.0
    y0 = np.array([1.0])
    for _ in range(n):
        s += solve_ivp(decay, (0.0, 1.0), y0).y[0, -1]
    return s


def _per_call(loop, n):
    def run():
        t = time.thread_time_ns()
        loop(n)
        return (time.thread_time_ns() - t) / n
    return run


def _scipy_per_call(kw, n):
    def run():
        t = time.thread_time_ns()
        for _ in range(n):
            scipy.integrate.solve_ivp(**kw)
        return (time.thread_time_ns() - t) / n
    return run


CASES = {
    "LV RK45": (lv_rk45, dict(fun=lotka_volterra.py_func, t_span=(0, 15), y0=Y0, args=ARGS,
                             rtol=1e-6, atol=1e-8)),
    "LV DOP853": (lv_dop853, dict(fun=lotka_volterra.py_func, t_span=(0, 15), y0=Y0, args=ARGS,
                                 method="DOP853", rtol=1e-6, atol=1e-8)),
    "LV RK45 t_eval": (lv_rk45_t_eval, dict(fun=lotka_volterra.py_func, t_span=(0, 15), y0=Y0,
                                           args=ARGS, t_eval=T_EVAL, rtol=1e-6, atol=1e-8)),
    "decay (fixed cost)": (decay_default, dict(fun=decay.py_func, t_span=(0, 1),
                                               y0=np.array([1.0]))),
}

FIRST_CALL = """
import time, numpy as np
t = time.process_time()
from numba import njit
from scijit.integrate import solve_ivp

@njit
def rhs(t, y, k):
    return -k * y

@njit(cache=True)
def final(k):
    return solve_ivp(rhs, (0.0, 1.0), np.array([1.0, 2.0]), args=(k,)).y[0, -1]

final(0.5)
print(time.process_time() - t)
"""


def main():
    quick = quick_mode(__doc__)
    rounds = 2 if quick else 5
    n_fast = 20 if quick else 200
    rows = []
    print("solve_ivp per integration, ns (thread CPU time, best of %d rounds)" % rounds)
    print("  %-22s %12s %12s %10s %6s" % ("problem", "scijit", "scipy", "scipy/x", "nfev"))
    for name, (loop, kw) in CASES.items():
        loop(1)                                  # compile
        want = scipy.integrate.solve_ivp(**kw)
        jitted = {"lotka_volterra": lotka_volterra, "decay": decay}[kw["fun"].__name__]
        got = solve_ivp(jitted, **{k: v for k, v in kw.items() if k != "fun"})
        assert got.nfev == want.nfev, (name, got.nfev, want.nfev)
        assert np.allclose(got.y[:, -1], want.y[:, -1], rtol=1e-8, atol=0), name
        n = n_fast * (50 if name.startswith("decay") else 1)
        best = interleaved([lambda: {"x": _per_call(loop, n)()},
                            lambda: {"scipy": _scipy_per_call(kw, max(2, n // 50))()}], rounds)
        ratio = best["scipy"] / best["x"]
        print("  %-22s %12.0f %12.0f %10.1f %6d" % (name, best["x"], best["scipy"], ratio,
                                                    got.nfev))
        rows.append(("%s: scipy / scijit" % name, ratio, "%.0fx", ">= 100x",
                     lambda v: v >= 100))
        if name.startswith("decay"):
            rows.append(("decay: fixed cost (us)", best["x"] / 1e3, "%.2f", "< 2",
                         lambda v: v < 2))
    with tempfile.TemporaryDirectory() as tmp:
        cache = os.path.join(tmp, "cache")
        first = fresh(tmp, FIRST_CALL, cache_dir=cache)[0]
        load = fresh(tmp, FIRST_CALL, cache_dir=cache)[0]
    print("\nfirst call of a small caller (fresh process, nothing cached, CPU s): %.2f; "
          "cache=True load: %.2f" % (first, load))
    rows.append(("first call, small caller (s)", first, "%.2f", "< 3", lambda v: v < 3))
    summary(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
