"""Our TNC kernel against scipy's, every evaluation compared.

Ours (``lowering.tnc.minimize``, the native-table intrinsic, called from
@njit through the callback adapter) and scipy's
(``scipy.optimize._moduleTNC.tnc_minimize``, what ``_minimize_tnc`` calls)
minimize the same f and g (one @njit function, so both sides get the same
bits) from the same inputs.  Each side records every point its callback is
called at; the whole sequence must be equal to the bit, and so must the
outcome: x, f, g, nfeval, niter and the return code.  Both kernels are plain
loops (no BLAS) and the Fortran is built without FMA contraction
(``-ffp-contract=off``), which is what makes bit equality possible.

The last tests pin down how scipy's ``minimize(method='TNC')`` counts
``nfev`` from the kernel's calls (for the driver to come).  The other forms
of the objective the callback adapter offers are in
``test_tnc_objective_forms.py``.
"""
import numpy as np
import pytest
from numba import njit
from scipy.optimize import _moduleTNC, minimize

from lowering.callback import callback_intrinsic
from lowering.held import error_slot, held
from lowering.tnc import TNC_MINIMIZE, fun_and_grad_steps, minimize as _minimize

INF = np.inf
ROSEN, BOXQ, QUARTIC, KINKED = 0, 1, 2, 3


class Stop(Exception):
    """Raised by the objective to stop the solver."""


@njit
def objective(x, kind):
    """(f, g) of problem ``kind``, in plain loops."""
    n = x.size
    g = np.zeros(n)
    f = 0.0
    if kind == ROSEN:                 # extended Rosenbrock
        for i in range(n - 1):
            t = x[i + 1] - x[i] * x[i]
            f += 100.0 * t * t + (1.0 - x[i]) * (1.0 - x[i])
            g[i + 1] += 200.0 * t
            g[i] += -400.0 * x[i] * t - 2.0 * (1.0 - x[i])
    elif kind == BOXQ:                # sum i (x_i - c_i)^2 + x_1 x_2, c_i = (-1)^i i/2
        for i in range(n):
            c = (-1.0) ** (i + 1) * (i + 1) / 2.0
            f += (i + 1) * (x[i] - c) * (x[i] - c)
            g[i] = 2.0 * (i + 1) * (x[i] - c)
        if n > 1:
            f += x[0] * x[1]
            g[0] += x[1]
            g[1] += x[0]
    elif kind == KINKED:              # sum |x_i - 0.3| + x.x / 100: not smooth at the minimum
        for i in range(n):
            d = x[i] - 0.3
            f += abs(d) + 0.01 * x[i] * x[i]
            g[i] = (1.0 if d > 0.0 else (-1.0 if d < 0.0 else 0.0)) + 0.02 * x[i]
    else:                             # chained quartic with a linear term
        for i in range(n):
            c = 1.0 + i / 4.0
            d = x[i] - 1.5
            f += c * d * d * d * d + x[i]
            g[i] += 4.0 * c * d * d * d + 1.0
        for i in range(n - 1):
            t = x[i + 1] - x[i] * x[i]
            f += t * t
            g[i + 1] += 2.0 * t
            g[i] -= 4.0 * x[i] * t
    return f, g


@njit
def _recorded(x, kind, log, count, stop_at):
    k = count[0]
    if k < log.shape[0]:
        log[k, :] = x
    count[0] = k + 1
    if k + 1 == stop_at:
        raise Stop("stop")
    return objective(x, kind)


@njit
def _ours(x, low, up, scale, offset, maxcgit, maxfun, eta, stepmx, accuracy, fmin, ftol, xtol,
          pgtol, rescale, kind, log, count, stop_at):
    g = np.zeros(x.size)
    data = ((kind, log, count, stop_at), (x.size,), False, (), ())
    f, nfeval, niter, rc, ncalls = _minimize(
        _recorded, data, x.size, x, low, up, scale.size, scale, offset.size, offset, maxcgit,
        maxfun, eta, stepmx, accuracy, fmin, ftol, xtol, pgtol, rescale, g)
    return f, g, nfeval, niter, rc, ncalls


_held_minimize = callback_intrinsic(TNC_MINIMIZE, fun_and_grad_steps(), held=True)


@njit
def _ours_held(x, low, up, maxfun, kind, log, count, stop_at):
    g = np.zeros(x.size)
    slot = error_slot()
    data = ((kind, log, count, stop_at), (x.size,), False, (), ())
    none = np.zeros(0)
    out = _held_minimize(slot, _recorded, data, x.size, x, low, up, 0, none, 0, none, -1,
                         maxfun, -1.0, 0.0, 0.0, 0.0, -1.0, -1.0, -1.0, -1.0, g)
    return held(slot), out


DEFAULTS = dict(scale=None, offset=None, maxCGit=-1, maxfun=100, eta=-1.0, stepmx=0.0,
                accuracy=0.0, fmin=0.0, ftol=-1.0, xtol=-1.0, pgtol=-1.0, rescale=-1.0)


def _arrays(x0, low, up, o):
    n = len(x0)
    low = np.full(n, -INF) if low is None else np.asarray(low, np.float64)
    up = np.full(n, INF) if up is None else np.asarray(up, np.float64)
    scale = np.zeros(0) if o["scale"] is None else np.asarray(o["scale"], np.float64)
    offset = np.zeros(0) if o["offset"] is None else np.asarray(o["offset"], np.float64)
    return np.array(x0, np.float64), low, up, scale, offset


def run_ours(kind, x0, low=None, up=None, stop_at=-1, **options):
    o = dict(DEFAULTS, **options)
    x, low, up, scale, offset = _arrays(x0, low, up, o)
    log = np.zeros((max(o["maxfun"], 0) + 2, x.size))
    count = np.zeros(1, np.int64)
    f, g, nfeval, niter, rc, ncalls = _ours(
        x, low, up, scale, offset, o["maxCGit"], o["maxfun"], o["eta"], o["stepmx"],
        o["accuracy"], o["fmin"], o["ftol"], o["xtol"], o["pgtol"], o["rescale"], kind, log,
        count, stop_at)
    assert ncalls == count[0] == nfeval
    return dict(rc=rc, nfeval=nfeval, niter=niter, x=x, f=f, g=g, calls=list(log[:count[0]]))


def run_scipy(kind, x0, low=None, up=None, stop_at=-1, **options):
    o = dict(DEFAULTS, **options)
    x, low, up, scale, offset = _arrays(x0, low, up, o)
    calls = []

    def fg(x):
        calls.append(x.copy())
        if len(calls) == stop_at:
            raise Stop("stop")
        return objective(x, kind)
    rc, nfeval, niter, x, f, g = _moduleTNC.tnc_minimize(
        fg, x, low, up, scale, offset, 0, o["maxCGit"], o["maxfun"], o["eta"], o["stepmx"],
        o["accuracy"], o["fmin"], o["ftol"], o["xtol"], o["pgtol"], o["rescale"], None)
    return dict(rc=rc, nfeval=nfeval, niter=niter, x=x, f=f, g=g, calls=calls)


def assert_same(ours, theirs):
    a, b = ours["calls"], theirs["calls"]
    for k, (u, v) in enumerate(zip(a, b)):
        assert np.array_equal(u, v, equal_nan=True), "call %d: ours %r, scipy %r" % (k, u, v)
    assert len(a) == len(b), "ours made %d calls, scipy %d" % (len(a), len(b))
    for key in ("rc", "nfeval", "niter"):
        assert ours[key] == theirs[key], (key, ours[key], theirs[key])
    for key in ("x", "g"):
        assert np.array_equal(ours[key], theirs[key], equal_nan=True), (key, ours[key],
                                                                        theirs[key])
    assert np.array_equal(ours["f"], theirs["f"], equal_nan=True), (ours["f"], theirs["f"])


def side_by_side(kind, x0, low=None, up=None, **options):
    ours = run_ours(kind, x0, low, up, **options)
    assert_same(ours, run_scipy(kind, x0, low, up, **options))
    return ours


X10 = np.linspace(-1.0, 1.5, 10)
MIXED_LOW = [-INF, -1.0, -INF, -1.0, -1.0, -INF]
MIXED_UP = [INF, INF, 1.5, 1.5, 1.5, 1.5]


def test_rosenbrock_2_unbounded():
    r = side_by_side(ROSEN, [-1.2, 1.0])
    assert r["rc"] == 1 and r["nfeval"] == 83 and np.allclose(r["x"], 1.0, atol=1e-3)


def test_rosenbrock_10_unbounded():
    r = side_by_side(ROSEN, X10, maxfun=1000)
    assert r["rc"] in (0, 1, 2) and np.allclose(r["x"], 1.0, atol=1e-3)


def test_rosenbrock_2_bounded_active_at_solution():
    r = side_by_side(ROSEN, [-1.2, 1.0], [-2.0, -2.0], [0.5, 2.0])
    assert r["x"][0] == 0.5 and r["g"][0] < 0


def test_rosenbrock_10_bounded():
    r = side_by_side(ROSEN, X10, np.full(10, -2.0), np.full(10, 0.8), maxfun=400)
    assert r["x"][0] == pytest.approx(0.8, abs=1e-15)    # (unscaled: not exactly 0.8)


def test_mixed_bounds_active_at_solution():
    # free, lower, upper and both bounds; five bounds active at the end
    r = side_by_side(BOXQ, np.zeros(6), MIXED_LOW, MIXED_UP, maxfun=300)
    assert r["rc"] in (0, 1, 2) and r["x"][3] == 1.5 and r["x"][4] == -1.0


def test_start_outside_the_bounds_is_clamped():
    r = side_by_side(QUARTIC, [3.0, -3.0, 0.2, 9.0], [-0.5, -0.5, -INF, -INF],
                     [1.25, 1.25, INF, 1.0])
    assert np.array_equal(r["calls"][0], [1.25, -0.5, 0.2, 1.0])


def test_scale_and_offset_given():
    side_by_side(QUARTIC, np.linspace(-0.4, 1.2, 7), [-0.5] * 7, [1.25] * 7,
                 scale=0.5 + np.arange(7) % 3, offset=np.linspace(-0.25, 0.25, 7))


def test_scale_given_without_offset():
    # scipy 1.17 leaves these offsets uninitialised (malloc'd memory); ours
    # are x0 clamped, what scipy's fix of that bug sets: equal to scipy given
    # those offsets.
    x0, low, up = np.array([-1.2, 1.0, 0.3]), np.array([-2.0, -INF, 0.0]), np.full(3, INF)
    ours = run_ours(ROSEN, x0, low, up, scale=[2.0, 0.5, 1.5])
    assert_same(ours, run_scipy(ROSEN, x0, low, up, scale=[2.0, 0.5, 1.5],
                                offset=np.clip(x0, low, up)))


def test_zero_scale_fixes_a_variable():
    r = side_by_side(QUARTIC, [0.3, -0.2, 0.9, 0.1], scale=[1.0, 0.0, 2.0, 1.0],
                     offset=[0.0, -0.2, 0.5, 0.0])
    assert all(c[1] == -0.2 for c in r["calls"])


def test_maxfun_hit():
    r = side_by_side(ROSEN, X10, maxfun=37)
    assert r["rc"] == 3 and r["nfeval"] == 37


@pytest.mark.parametrize("maxcgit", [0, -1, 1, 5, 50])
def test_maxcgit(maxcgit):
    side_by_side(ROSEN, X10, maxCGit=maxcgit, maxfun=300)


@pytest.mark.parametrize("rescale", [0.0, 1e30])
def test_rescale(rescale):
    side_by_side(QUARTIC, np.linspace(-0.4, 1.2, 5), rescale=rescale, maxfun=200)


@pytest.mark.parametrize("kind, x0, options, rc", [
    (ROSEN, [-1.2, 1.0], dict(xtol=0.1, ftol=0.0), 2),                     # XCONVERGED
    (KINKED, [-1.0, 0.5, 2.0], dict(pgtol=0.0, ftol=0.0), 2),             # nonsmooth
    (ROSEN, [-1.2, 1.0], dict(pgtol=0.0, ftol=0.0, xtol=0.0, maxfun=400), 4),  # LSFAIL
    (BOXQ, [0.5, -0.5, -1.0], dict(xtol=1e-3, ftol=0.0), 0),              # LOCALMINIMUM
])
def test_stopping_tests(kind, x0, options, rc):
    assert side_by_side(kind, x0, **options)["rc"] == rc


def test_fmin_and_every_tolerance_given():
    side_by_side(ROSEN, [-1.2, 1.0, 0.5], fmin=-2.0, eta=0.5, stepmx=0.25, accuracy=1e-10,
                 ftol=1e-12, xtol=1e-9, pgtol=1e-7, maxfun=400)


def test_out_of_range_parameters_take_the_defaults():
    side_by_side(ROSEN, [-1.2, 1.0], eta=1.5, stepmx=-3.0, accuracy=1e-300, maxCGit=99)


def test_infeasible_bounds():
    r = side_by_side(ROSEN, [0.0, 0.0], [1.0, 0.0], [0.0, 1.0])
    assert r["rc"] == -1 and r["nfeval"] == 0 and r["f"] == INF


def test_no_evaluation_allowed():
    r = side_by_side(ROSEN, [5.0, -5.0], [-1.0, -1.0], [1.0, 1.0], maxfun=0)
    assert r["rc"] == 3 and list(r["x"]) == [1.0, -1.0]


def test_every_variable_fixed():
    r = side_by_side(ROSEN, [5.0, -5.0], [1.0, 2.0], [1.0, 2.0])
    assert r["rc"] == 5 and r["nfeval"] == 1


@pytest.mark.parametrize("maxcgit", [-1, 0])
def test_nan_start_does_not_hang(maxcgit):
    r = side_by_side(ROSEN, [-1.2, np.nan, 0.3], maxCGit=maxcgit)
    assert r["rc"] == 6       # NOPROGRESS


def test_no_variables():
    r = side_by_side(ROSEN, np.zeros(0))
    assert r["rc"] == 5 and r["nfeval"] == 0


@pytest.mark.parametrize("stop_at", [1, 2, 9])
def test_callback_exception_stops_at_once(stop_at):
    x0 = np.linspace(-0.4, 1.2, 5)
    low, up, none = np.full(5, -INF), np.full(5, INF), np.zeros(0)
    calls = []

    def fg(x):
        calls.append(x.copy())
        if len(calls) == stop_at:
            raise Stop("stop")
        return objective(x, QUARTIC)
    with pytest.raises(Stop):
        _moduleTNC.tnc_minimize(fg, x0.copy(), low, up, none, none, 0, -1, 100, -1.0, 0.0, 0.0,
                                0.0, -1.0, -1.0, -1.0, -1.0, None)
    # ours: the same calls, then the exception raised after the Fortran returns
    log, count = np.zeros((10, 5)), np.zeros(1, np.int64)
    with pytest.raises(Stop):
        _ours(x0.copy(), low, up, none, none, -1, 100, -1.0, 0.0, 0.0, 0.0, -1.0, -1.0, -1.0,
              -1.0, QUARTIC, log, count, stop_at)
    assert count[0] == len(calls) == stop_at
    assert np.array_equal(log[:stop_at], np.array(calls))
    # the held form: the solver returns at once (USERABORT), the exception is
    # in the slot and the outputs are zero
    log[:], count[0] = 0.0, 0
    is_held, out = _ours_held(x0.copy(), low, up, 100, QUARTIC, log, count, stop_at)
    assert is_held and tuple(out) == (0.0, 0, 0, 0, 0) and count[0] == stop_at
    assert np.array_equal(log[:stop_at], np.array(calls))


# ---------------------------------------------------------------- scipy's nfev
def scipy_nfev(x0, calls, x):
    """What minimize(method='TNC') reports as nfev (analytic gradient): its
    ScalarFunction evaluates x0 first, then every kernel call at a point
    other than the last one evaluated (a one-point memo), then the final x
    (``_minimize_tnc`` re-evaluates it) unless it is the last one."""
    last, n = np.asarray(x0, np.float64), 1
    for c in list(calls) + [x]:
        if not np.array_equal(c, last):
            last, n = c, n + 1
    return n


@pytest.mark.parametrize("x0, bounds", [
    ([-1.2, 1.0], None),
    ([-1.2, 1.0], [(-2.0, 0.5), (-2.0, 2.0)]),
    ([3.0, 1.0], [(-2.0, 0.5), (-2.0, 2.0)]),      # x0 outside: evaluated as given
])
def test_minimize_counts_from_the_kernel_calls(x0, bounds):
    low = None if bounds is None else [b[0] for b in bounds]
    up = None if bounds is None else [b[1] for b in bounds]
    ours = run_ours(ROSEN, x0, low, up)
    seen = []

    def fg(x):
        seen.append(x.copy())
        return objective(x, ROSEN)
    res = minimize(fg, x0, jac=True, method="TNC", bounds=bounds)
    assert res.nfev == len(seen) == scipy_nfev(x0, ours["calls"], ours["x"])
    assert res.nit == ours["niter"] and res.status == ours["rc"]
    assert np.array_equal(res.x, ours["x"])
