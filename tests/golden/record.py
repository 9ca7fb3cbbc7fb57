"""Golden results: record what a set of calls returns, to compare two builds bit for bit.

    python tests/golden/record.py OUT.pkl           # with the build under test installed
    python tests/golden/record.py --compare A.pkl B.pkl

Run it with the old build and the new one (a refactor promises identical results): every
value is compared exactly (arrays with array_equal, NaN equal to NaN), messages and exception
texts as strings.  Not part of the test suite (it compiles a few dozen callers).
"""
import math
import pickle
import sys
import warnings

import numpy as np


def _calls():
    from numba import njit
    import scijit.integrate as I
    import scijit.interpolate as P
    import scijit.optimize as O

    @njit
    def f2(x):
        return np.array([x[0] + 2 * x[1] - 2.0, x[0] ** 2 + 4 * x[1] ** 2 - 4.0])

    @njit
    def j2(x):
        return np.array([[1.0, 2.0], [2 * x[0], 8 * x[1]]])

    xd = np.linspace(0.0, 4.0, 30)
    yd = 2.5 * np.exp(-1.3 * xd) + 0.5 + 0.01 * np.sin(7 * xd)

    @njit
    def resid(p, x, y):
        return p[0] * np.exp(-p[1] * x) + p[2] - y

    @njit
    def model(x, a, b, c):
        return a * np.exp(-b * x) + c

    @njit
    def g(x):
        return math.exp(-x * x) * math.cos(3 * x)

    @njit
    def h(y, x):
        return x * y * y

    @njit
    def hn(x, y, z):
        return x * y + z

    @njit
    def in_njit():
        x, info, ier, mesg = O.fsolve(f2, np.array([1.0, 2.0]), full_output=True)
        y, e, d = I.quad(g, 0.0, 10.0, full_output=1)[:3]
        return x, info.nfev, ier, mesg, y, e

    x = np.linspace(0, 3, 9)
    y = np.sin(x) + x
    yy = np.c_[y, np.cos(x)]
    xs = np.linspace(-0.5, 3.5, 41)
    gx, gy = np.linspace(0, 1, 7), np.linspace(0, 2, 9)
    gz = np.sin(gx)[:, None] * np.cos(gy)[None, :]
    rng = np.random.default_rng(3)
    sx, sy = rng.uniform(0, 1, 60), rng.uniform(0, 1, 60)
    sz = np.sin(3 * sx) * np.cos(2 * sy)

    calls = {
        "fsolve": lambda: O.fsolve(f2, [1.0, 2.0], full_output=True),
        "fsolve_jac": lambda: O.fsolve(f2, [1.0, 2.0], fprime=j2, full_output=True),
        "leastsq": lambda: O.leastsq(resid, [1.0, 1.0, 0.0], args=(xd, yd), full_output=True),
        "root_hybr": lambda: dict(O.root(f2, [1.0, 2.0])),
        "root_lm": lambda: dict(O.root(f2, [1.0, 2.0], method="lm", options={"xtol": 1e-10})),
        "root_jac": lambda: dict(O.root(f2, [1.0, 2.0], jac=j2, tol=1e-9)),
        "least_squares": lambda: dict(O.least_squares(resid, [1.0, 1.0, 0.0], method="lm",
                                                      args=(xd, yd))),
        "curve_fit": lambda: O.curve_fit(model, xd, yd, p0=[1.0, 1.0, 0.0], full_output=True),
        "curve_fit_sigma": lambda: O.curve_fit(model, xd, yd, sigma=0.1 + xd / 10),
        "njit": in_njit,
        "quad": lambda: I.quad(g, 0.0, 10.0, full_output=1),
        "quad_inf": lambda: I.quad(g, 0.0, np.inf, full_output=1),
        "quad_points": lambda: I.quad(g, 0.0, 5.0, points=[1.0, 2.5]),
        "quad_limit": lambda: I.quad(g, 0.0, 100.0, limit=3, full_output=1),
        "quad_cos": lambda: I.quad(lambda t: math.exp(-t), 0.0, np.inf, weight="cos", wvar=2.0,
                                   full_output=1),
        "quad_alg": lambda: I.quad(lambda t: t, 0.0, 1.0, weight="alg", wvar=(0.5, -0.5)),
        "quad_cauchy": lambda: I.quad(lambda t: t * t, -1.0, 2.0, weight="cauchy", wvar=0.5),
        "dblquad": lambda: I.dblquad(h, 0.0, 1.0, 0.0, 2.0),
        "tplquad": lambda: I.tplquad(hn, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0),
        "nquad": lambda: I.nquad(hn, [[0, 1], [0, 2], [0, 1]], full_output=True),
        "fixed_quad": lambda: I.fixed_quad(lambda t: np.exp(-t * t) * np.cos(3 * t), 0.0, 2.0, n=7),
        "trapezoid": lambda: I.trapezoid(yy, x, axis=0),
        "simpson": lambda: I.simpson(y, x=x),
        "romb": lambda: I.romb(np.sin(np.linspace(0, 1, 17)), dx=1 / 16),
        "cumulative_simpson": lambda: I.cumulative_simpson(y, x=x, initial=0),
        "cubic": lambda: P.CubicSpline(x, y)(xs),
        "cubic_bc": lambda: P.CubicSpline(x, y, bc_type=((1, 0.5), "natural"))(xs, 1),
        "cubic_periodic": lambda: P.CubicSpline(x, np.r_[y[:-1], y[0]], bc_type="periodic")(xs),
        "cubic_clamped_c": lambda: P.CubicSpline(x, y, bc_type="clamped", extrapolate=False).c,
        "cubic_nd": lambda: P.CubicSpline(x, yy, bc_type=("clamped", (2, [0.5, -1.0])))(xs),
        "cubic_nd_axis": lambda: P.CubicSpline(x, yy.T, axis=1, bc_type="natural")(xs),
        "cubic_pairs": lambda: P.CubicSpline(x, y, bc_type=((2, 1.0), (1, -0.5))).c,
        "cubic_periodic_ext": lambda: P.CubicSpline(x, np.r_[y[:-1], y[0]], bc_type="periodic",
                                                    extrapolate="periodic")(xs + 5.0),
        "make_interp": lambda: P.make_interp_spline(x, y, k=3)(xs),
        "make_interp_bc": lambda: P.make_interp_spline(x, yy, k=3, bc_type="natural")(xs),
        "make_interp_pairs": lambda: P.make_interp_spline(x, y, k=3,
                                                          bc_type=([(1, 0.0)], [(2, 1.0)])).c,
        "pchip": lambda: P.PchipInterpolator(x, y)(xs),
        "akima": lambda: P.Akima1DInterpolator(x, y)(xs),
        "interp1d_linear": lambda: P.interp1d(x, y, bounds_error=False)(xs),
        "interp1d_cubic": lambda: P.interp1d(x, y, kind="cubic", fill_value="extrapolate")(xs),
        "interp1d_nearest": lambda: P.interp1d(x, yy, kind="nearest", axis=0,
                                               fill_value=(0.0, 1.0), bounds_error=False)(xs),
        "splrep": lambda: P.splrep(x, y, s=0.01, full_output=True),
        "splev": lambda: P.splev(xs, P.splrep(x, y), der=1),
        "splint_sproot": lambda: (P.splint(0.2, 2.7, P.splrep(x, y)),
                                  P.sproot(P.splrep(x, np.cos(x)))),
        "univariate": lambda: P.UnivariateSpline(x, y, s=0.1)(xs),
        "bisplrep": lambda: P.bisplrep(sx, sy, sz, s=0.5, full_output=1),
        "rect": lambda: P.RectBivariateSpline(gx, gy, gz)(np.linspace(0, 1, 5),
                                                          np.linspace(0, 2, 4)),
        "rgi": lambda: P.RegularGridInterpolator((gx, gy), gz)(np.c_[sx, 2 * sy]),
        "rgi_cubic": lambda: P.RegularGridInterpolator((gx, gy), gz, method="cubic")(
            np.c_[sx, 2 * sy]),
        "interpn": lambda: P.interpn((gx, gy), gz, np.c_[sx, 2 * sy], method="nearest"),
    }
    bad = {
        "quad_bad_weight": lambda: I.quad(g, 0.0, 1.0, weight="bogus", wvar=1.0),
        "cubic_bad_bc": lambda: P.CubicSpline(x, y, bc_type="bogus"),
        "cubic_bad_order": lambda: P.CubicSpline(x, y, bc_type=((3, 1.0), "natural")),
        "cubic_bad_shape": lambda: P.CubicSpline(x, yy, bc_type=((1, 0.5), "natural")),
        "cubic_bad_value_1d": lambda: P.CubicSpline(x, y, bc_type=((1, [0.5]), "natural")),
        "cubic_three_ends": lambda: P.CubicSpline(x, y, bc_type=("natural",) * 3),
        "cubic_mixed_periodic": lambda: P.CubicSpline(x, y, bc_type=("periodic", "natural")),
        "cubic_bad_xy_and_bc": lambda: P.CubicSpline(x[::-1], y, bc_type="bogus"),
        "cubic_bad_extrapolate": lambda: P.CubicSpline(x, y, extrapolate="sideways"),
        "make_interp_bad_bc": lambda: P.make_interp_spline(x, y, bc_type="bogus"),
        "rgi_bad_method": lambda: P.RegularGridInterpolator((gx, gy), gz, method="bogus"),
        "fsolve_bad_x0": lambda: O.fsolve(f2, [1.0, 2.0, 3.0]),
        "leastsq_few": lambda: O.leastsq(resid, [1.0] * 40, args=(xd, yd)),
        "root_bad_method": lambda: O.root(f2, [1.0, 2.0], method="bogus"),
        "splrep_bad": lambda: P.splrep(x[::-1], y),
        "bisplrep_bad": lambda: P.bisplrep(sx[:5], sy[:5], sz[:5]),
    }
    return calls, bad


def _plain(value):
    """Values as picklable plain data (scipy objects by their arrays)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return type(value)(_plain(v) for v in value)
    if isinstance(value, (np.ndarray, float, int, str, bool, type(None), np.generic)):
        return value
    return {"__class__": type(value).__name__,
            **{k: _plain(v) for k, v in vars(value).items() if not k.startswith("__")}}


def record(path):
    calls, bad = _calls()
    out = {}
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        for name, call in {**calls, **bad}.items():
            try:
                out[name] = _plain(call()) if name in calls else "no exception"
            except Exception as exc:                     # noqa: BLE001 - recorded, compared
                out[name] = "%s: %s" % (type(exc).__name__, exc)
                if name in calls:
                    print("%s raised %s" % (name, out[name][:200]))
    with open(path, "wb") as fh:
        pickle.dump(out, fh)
    print("recorded %d results in %s" % (len(out), path))


def _same(a, b):
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, (np.ndarray, np.generic, float)) or isinstance(b, (np.ndarray, float)):
        a, b = np.asarray(a), np.asarray(b)
        return a.shape == b.shape and a.dtype == b.dtype and np.array_equal(a, b, equal_nan=True)
    return a == b


def compare(path_a, path_b):
    with open(path_a, "rb") as fa, open(path_b, "rb") as fb:
        a, b = pickle.load(fa), pickle.load(fb)
    differ = sorted(k for k in a.keys() | b.keys() if k not in a or k not in b
                    or not _same(a[k], b[k]))
    for k in differ:
        print("DIFFERS %s:\n  %r\n  %r" % (k, a.get(k), b.get(k)))
    print("%d results, %d identical, %d differ" % (len(a), len(a) - len(differ), len(differ)))
    return 1 if differ else 0


if __name__ == "__main__":
    if sys.argv[1] == "--compare":
        sys.exit(compare(sys.argv[2], sys.argv[3]))
    record(sys.argv[1])
