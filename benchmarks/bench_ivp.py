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
4. floors: scipy's RK45 steps on the Lotka-Volterra problem written out in
   one @njit function (no driver, no output arrays; same nfev), with the
   right-hand side's arithmetic written out, and with the benchmark's own
   array and tuple right-hand sides called (inlined) where the stages need
   them; scijit / floor for each right-hand side;
5. the numba peers where they import (benchmark-only installs, not scijit
   dependencies): CyRK's ``nbsolve_ivp`` (numba) and ``nbsolve2_ivp`` (its
   C++ solver through a ``cfunc`` address) and numbalsoda's ``dop853``
   (``cfunc`` right-hand side), each inside an @njit loop on the same
   problem and tolerances, its final state checked against scipy's to
   1e-4 relative (their step-size controls differ from scipy's);
6. the first call of a small ``solve_ivp`` caller in a fresh process with
   an empty numba cache (scijit's solver and helpers compiled too), the
   first call of another caller in the next fresh process (scijit's cache
   warm: what a user meets after the first run), and a ``cache=True`` load.

Not measured: a DOP853 floor.
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
from scijit.integrate._rk_tableaux import TABLEAUX

ARGS = (1.5, 1.0, 3.0, 1.0)
Y0 = np.array([10.0, 5.0])
T_EVAL = np.linspace(0.0, 15.0, 100)


@njit
def lotka_volterra(t, z, a, b, c, d):
    x, y = z
    return np.array([a * x - b * x * y, -c * y + d * x * y])


@njit
def lotka_volterra_tuple(t, z, a, b, c, d):
    """The same right-hand side returning a tuple (scipy takes it too): no
    array allocated per evaluation."""
    x, y = z[0], z[1]
    return (a * x - b * x * y, -c * y + d * x * y)


@njit
def decay(t, y):
    return -0.5 * y


def _lv_loop(method, t_eval, rhs=lotka_volterra):
    """An @njit loop of ``n`` Lotka-Volterra integrations (constants: the method
    name, the t_eval points or None, the right-hand side)."""
    @njit
    def loop(n):
        s = 0.0
        for _ in range(n):
            s += solve_ivp(rhs, (0.0, 15.0), Y0, method=method, t_eval=t_eval,
                           args=ARGS, rtol=1e-6, atol=1e-8).y[0, -1]
        return s
    return loop


lv_rk45 = _lv_loop("RK45", None)
lv_dop853 = _lv_loop("DOP853", None)
lv_rk45_t_eval = _lv_loop("RK45", T_EVAL)
lv_rk45_tuple = _lv_loop("RK45", None, lotka_volterra_tuple)
lv_dop853_tuple = _lv_loop("DOP853", None, lotka_volterra_tuple)


@njit
def decay_default(n):
    s = 0.0
    y0 = np.array([1.0])
    for _ in range(n):
        s += solve_ivp(decay, (0.0, 1.0), y0).y[0, -1]
    return s


# ---------------------------------------------------------------- the floor
_RK45 = TABLEAUX["RK45"]
FLOOR_A, FLOOR_B, FLOOR_E = _RK45.A, _RK45.B, _RK45.E


def _floor(rhs):
    """scipy's RK45 steps on Lotka-Volterra from (10, 5) over [0, 15] (its
    initial step, step-size control and FSAL) in one @njit function: no
    driver, no transform stack, no output arrays.  ``rhs`` None: the
    right-hand side written out with every sum (the arithmetic floor);
    otherwise the user's own @njit ``rhs`` (array or tuple), called where the
    stages need it and inlined there by LLVM, with what it allocates (the
    floor of a solver calling that function)."""
    inline = rhs is None
    if inline:
        @njit(inline="always")
        def rhs(t, z, a, b, c, d):
            return (a * z[0] - b * z[0] * z[1], -c * z[1] + d * z[0] * z[1])

    @njit(error_model="numpy")
    def one(a, b, c, d, rtol, atol):
        A, B, E = FLOOR_A, FLOOR_B, FLOOR_E
        K = np.empty((7, 2))
        z = np.empty(2)
        t, tf = 0.0, 15.0
        x, y = 10.0, 5.0
        z[0], z[1] = x, y
        f = rhs(t, z, a, b, c, d)
        fx, fy = f[0], f[1]
        sx, sy = atol + abs(x) * rtol, atol + abs(y) * rtol
        d0 = np.sqrt(((x / sx) ** 2 + (y / sy) ** 2) / 2)
        d1 = np.sqrt(((fx / sx) ** 2 + (fy / sy) ** 2) / 2)
        h0 = 1e-6 if d0 < 1e-5 or d1 < 1e-5 else 0.01 * d0 / d1
        h0 = min(h0, tf - t)
        z[0], z[1] = x + h0 * fx, y + h0 * fy
        g = rhs(t + h0, z, a, b, c, d)
        gx, gy = g[0], g[1]
        d2 = np.sqrt((((gx - fx) / sx) ** 2 + ((gy - fy) / sy) ** 2) / 2) / h0
        h1 = max(1e-6, h0 * 1e-3) if d1 <= 1e-15 and d2 <= 1e-15 else \
            (0.01 / max(d1, d2)) ** (1 / 5)
        h_abs = min(100 * h0, h1, tf - t)
        nfev = 2
        xs = ys = 0.0
        while t < tf:
            min_step = 10 * abs(np.nextafter(t, np.inf) - t)
            if h_abs < min_step:
                h_abs = min_step
            rejected = False
            while True:
                t_new = min(t + h_abs, tf)
                h = t_new - t
                h_abs = abs(h)
                K[0, 0], K[0, 1] = fx, fy
                for s in range(1, 7):
                    ax = K[0, 0] * (A[s, 0] if s < 6 else B[0])
                    ay = K[0, 1] * (A[s, 0] if s < 6 else B[0])
                    for j in range(1, s):
                        w = A[s, j] if s < 6 else B[j]
                        ax += K[j, 0] * w
                        ay += K[j, 1] * w
                    xs, ys = x + ax * h, y + ay * h
                    z[0], z[1] = xs, ys
                    k = rhs(t, z, a, b, c, d)
                    K[s, 0], K[s, 1] = k[0], k[1]
                nfev += 6
                ex = ey = 0.0
                for j in range(7):
                    ex += K[j, 0] * E[j]
                    ey += K[j, 1] * E[j]
                sx = atol + max(abs(x), abs(xs)) * rtol
                sy = atol + max(abs(y), abs(ys)) * rtol
                err = np.sqrt(((ex * h / sx) ** 2 + (ey * h / sy) ** 2) / 2)
                if err < 1:
                    factor = 10.0 if err == 0 else min(10.0, 0.9 * err ** -0.2)
                    h_abs *= min(1.0, factor) if rejected else factor
                    break
                h_abs *= max(0.2, 0.9 * err ** -0.2)
                rejected = True
            t, x, y, fx, fy = t_new, xs, ys, K[6, 0], K[6, 1]
        return x, y, nfev

    @njit
    def loop(n):
        s = 0.0
        for _ in range(n):
            s += one(ARGS[0], ARGS[1], ARGS[2], ARGS[3], 1e-6, 1e-8)[0]
        return s
    return one, loop


lv_floor_one, lv_floor = _floor(None)
#: the floors of a solver calling the benchmark's own right-hand sides
lv_floor_array = _floor(lotka_volterra)[1]
lv_floor_tuple = _floor(lotka_volterra_tuple)[1]


# ---------------------------------------------------------------- the peers
def _peers():
    """{name: (@njit loop of n integrations, final state of one)} for the peers
    that import here (LV, RK45 or DOP853 at rtol 1e-6, atol 1e-8)."""
    peers = {}
    try:
        from CyRK import nb_diffeq_addr, nbsolve2_ivp, nbsolve_ivp
    except ImportError:
        print("  (CyRK not installed: pip install CyRK in the benchmark environment)")
    else:
        @njit
        def lv_cyrk(t, z, a, b, c, d):
            x, y = z
            return np.array([a * x - b * x * y, -c * y + d * x * y])

        def lv_cyrk_c(dy, t, z, p):
            dy[0] = p[0] * z[0] - p[1] * z[0] * z[1]
            dy[1] = -p[2] * z[1] + p[3] * z[0] * z[1]
        address = nb_diffeq_addr(lv_cyrk_c)
        params = np.array(ARGS)
        for method, code in (("RK45", 1), ("DOP853", 2)):
            def numba_loop(n, code=code):
                s = 0.0
                for _ in range(n):
                    r = nbsolve_ivp(lv_cyrk, (0.0, 15.0), Y0, args=ARGS, rtol=1e-6, atol=1e-8,
                                    rk_method=code, warnings=False)
                    s += r.y[0, -1]
                return s
            numba_loop = njit(numba_loop)

            def cpp_loop(n, method=method):
                s = 0.0
                for _ in range(n):
                    r = nbsolve2_ivp(address, (0.0, 15.0), Y0, method=method, args=params,
                                     rtol=1e-6, atol=1e-8)
                    s += r.y[0, -1]
                return s
            cpp_loop = njit(cpp_loop)
            peers["CyRK nbsolve_ivp %s" % method] = (numba_loop, method)
            peers["CyRK nbsolve2_ivp %s" % method] = (cpp_loop, method)
    try:
        from numba import cfunc
        from numbalsoda import dop853, lsoda_sig
    except ImportError:
        print("  (numbalsoda not installed: pip install numbalsoda in the benchmark environment)")
    else:
        @cfunc(lsoda_sig)
        def lv_c(t, z, dz, p):
            dz[0] = p[0] * z[0] - p[1] * z[0] * z[1]
            dz[1] = -p[2] * z[1] + p[3] * z[0] * z[1]
        pointer = lv_c.address
        params = np.array(ARGS)
        ends = np.array([0.0, 15.0])

        @njit
        def numbalsoda_loop(n):
            s = 0.0
            for _ in range(n):
                usol, success = dop853(pointer, Y0, ends, data=params, rtol=1e-6, atol=1e-8)
                s += usol[-1, 0]
            return s
        peers["numbalsoda dop853"] = (numbalsoda_loop, "DOP853")
    return peers


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
    "LV RK45 tuple rhs": (lv_rk45_tuple, dict(fun=lotka_volterra_tuple.py_func, t_span=(0, 15),
                                              y0=Y0, args=ARGS, rtol=1e-6, atol=1e-8)),
    "LV DOP853 tuple rhs": (lv_dop853_tuple, dict(fun=lotka_volterra_tuple.py_func,
                                                  t_span=(0, 15), y0=Y0, args=ARGS,
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
#: another user's caller (not the cached one): scijit's solver from its cache
OTHER_CALLER = FIRST_CALL.replace("-k * y", "k * y").replace("cache=True", "cache=False")


def main():
    quick = quick_mode(__doc__)
    rounds = 2 if quick else 5
    n_fast = 20 if quick else 200
    rows = []
    print("allocation in @njit code in this process: %.1f ns per small array" % allocation_cost())
    print("solve_ivp per integration, ns (thread CPU time, best of %d rounds)" % rounds)
    print("  %-22s %12s %12s %10s %6s" % ("problem", "scijit", "scipy", "scipy/x", "nfev"))
    for name, (loop, kw) in CASES.items():
        loop(1)                                  # compile
        want = scipy.integrate.solve_ivp(**kw)
        jitted = {"lotka_volterra": lotka_volterra, "lotka_volterra_tuple": lotka_volterra_tuple,
                  "decay": decay}[kw["fun"].__name__]
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
    floor_and_peers(rounds, n_fast, rows)
    with tempfile.TemporaryDirectory() as tmp:
        cache = os.path.join(tmp, "cache")
        first = fresh(tmp, FIRST_CALL, cache_dir=cache)[0]
        other = fresh(tmp, OTHER_CALLER, cache_dir=cache)[0]
        load = fresh(tmp, FIRST_CALL, cache_dir=cache)[0]
    print("\nfirst call of a small caller (fresh process, CPU s): %.2f with nothing cached, "
          "%.2f for another caller with scijit's cache warm; cache=True load: %.2f"
          % (first, other, load))
    rows.append(("first call, nothing cached (s)", first, "%.2f", "< 3", lambda v: v < 3))
    rows.append(("first call, scijit's cache warm (s)", other, "%.2f", "< 3",
                 lambda v: v < 3))
    summary(rows)
    return 0


@njit
def _allocations(n):
    s = 0.0
    for i in range(n):
        a = np.empty(2)
        a[0] = i
        s += a[0]
    return s


def allocation_cost():
    """ns per small array allocated and freed in @njit code in this process.
    (On the benchmark machine it is about 20 ns in some processes and 35-40
    ns in others, the same code: an array right-hand side allocates at every
    evaluation, so its figures move with it; printed to read them by.)"""
    _allocations(1)
    best = interleaved([lambda: {"a": _per_call(_allocations, 100000)()}], 10)
    return best["a"]


def floor_and_peers(rounds, n, rows):
    """scijit against the floor (RK45) and the peers, interleaved, ns per integration."""
    got = lv_floor_one(*ARGS, 1e-6, 1e-8)
    want = scipy.integrate.solve_ivp(lotka_volterra.py_func, (0, 15), Y0, args=ARGS,
                                     rtol=1e-6, atol=1e-8)
    assert got[2] == want.nfev and np.allclose(got[:2], want.y[:, -1], rtol=1e-8), got
    for loop in (lv_floor, lv_floor_array, lv_floor_tuple):
        loop(1)
    best = interleaved([lambda: {"x": _per_call(lv_rk45, n)()},
                        lambda: {"tuple": _per_call(lv_rk45_tuple, n)()},
                        lambda: {"floor": _per_call(lv_floor, n)()},
                        lambda: {"floor_array": _per_call(lv_floor_array, n)()},
                        lambda: {"floor_tuple": _per_call(lv_floor_tuple, n)()}], rounds)
    print("\nLV RK45, ns: scijit %.0f (tuple rhs %.0f); floor %.0f (arithmetic written out), "
          "%.0f (the array rhs inlined), %.0f (the tuple rhs inlined)"
          % (best["x"], best["tuple"], best["floor"], best["floor_array"], best["floor_tuple"]))
    for name, ours, floor in (("array rhs", "x", "floor_array"), ("tuple rhs", "tuple", "floor_tuple"),
                              ("tuple rhs / written-out floor", "tuple", "floor")):
        ratio = best[ours] / best[floor]
        print("  scijit / floor, %s: %.2f" % (name, ratio))
        rows.append(("LV RK45, %s: scijit / floor" % name, ratio, "%.2f", "<= 1.3",
                     lambda v: v <= 1.3))
    # (the peers' right-hand sides write into an array: compared with scijit's tuple
    # right-hand side, which allocates nothing either, and with the array one)
    ours = {"RK45": (lv_rk45, lv_rk45_tuple), "DOP853": (lv_dop853, lv_dop853_tuple)}
    print("peers, ns per integration (scijit: array rhs, tuple rhs)")
    for name, (loop, method) in _peers().items():
        loop(1)
        final = loop(1)
        want = scipy.integrate.solve_ivp(lotka_volterra.py_func, (0, 15), Y0, args=ARGS,
                                         method=method, rtol=1e-6, atol=1e-8).y[0, -1]
        assert abs(final - want) <= 1e-4 * abs(want), (name, final, want)
        array_loop, tuple_loop = ours[method]
        best = interleaved([lambda: {"x": _per_call(array_loop, n)()},
                            lambda: {"tuple": _per_call(tuple_loop, n)()},
                            lambda: {"peer": _per_call(loop, n)()}], rounds)
        print("  %-26s %10.0f; scijit %-6s %10.0f, %10.0f: peer / scijit %.2f, %.2f"
              % (name, best["peer"], method, best["x"], best["tuple"],
                 best["peer"] / best["x"], best["peer"] / best["tuple"]))
        rows.append(("LV: %s / scijit (tuple rhs)" % name, best["peer"] / best["tuple"],
                     "%.2f", "> 1", lambda v: v > 1))


if __name__ == "__main__":
    sys.exit(main())
