"""Our L-BFGS-B kernel against scipy's, one reverse-communication step at a time.

scipy's ``scipy.optimize._lbfgsb.setulb`` and ours (``lowering.lbfgsb.setulb``,
the native-table intrinsic, called from @njit) are driven side by side, as
scipy's ``_minimize_lbfgsb`` drives its own, from the same f and g: after
every call the whole state must be equal to the bit -- x, g, task, the line
search's task, lsave, isave, dsave, the workspaces wa (so the s and y blocks
hess_inv is built from) and iwa.  Our Fortran is handed scipy's own BLAS and
LAPACK (see lowering/lbfgsb.py), which is what makes bit equality possible.
"""
import numpy as np
import pytest
from numba import njit
from scipy.optimize import _lbfgsb

from lowering.lbfgsb import setulb as _setulb
from minimize_problems import chained_quartic

STATE = ("x", "g", "task", "ln_task", "lsave", "isave", "dsave", "wa", "iwa")


@njit
def _ours(m, x, l, u, nbd, f, g, factr, pgtol, wa, iwa, task, lsave, isave, dsave, maxls,
          ln_task):
    return _setulb(x.size, m, x, l, u, nbd, f, g, factr, pgtol, wa, iwa, task, lsave, isave,
                   dsave, maxls, ln_task)[0]


class _State:
    def __init__(self, x0, m):
        n = x0.size
        self.x = x0.copy()
        self.f = 0.0
        self.g = np.zeros(n)
        self.wa = np.zeros(2 * m * n + 5 * n + 11 * m * m + 8 * m)
        self.iwa = np.zeros(3 * n, np.int32)
        self.task = np.zeros(2, np.int32)
        self.ln_task = np.zeros(2, np.int32)
        self.lsave = np.zeros(4, np.int32)
        self.isave = np.zeros(44, np.int32)
        self.dsave = np.zeros(29)

    def args(self, m, l, u, nbd, factr, pgtol, maxls):
        return (m, self.x, l, u, nbd, self.f, self.g, factr, pgtol, self.wa, self.iwa, self.task,
                self.lsave, self.isave, self.dsave, maxls, self.ln_task)


def side_by_side(fg, x0, l=None, u=None, nbd=None, m=10, factr=1e7, pgtol=1e-5, maxls=20,
                 maxiter=15000):
    """Drive both kernels as _minimize_lbfgsb does; every step's state equal.
    Returns (task, nit, nfev, tasks seen, ours' final state)."""
    x0 = np.asarray(x0, dtype=np.float64)
    n = x0.size
    l = np.zeros(n) if l is None else np.asarray(l, np.float64)
    u = np.zeros(n) if u is None else np.asarray(u, np.float64)
    nbd = np.zeros(n, np.int32) if nbd is None else np.asarray(nbd, np.int32)
    ours, theirs = _State(x0, m), _State(x0, m)
    nit = nfev = step = 0
    seen = set()
    while True:
        assert _ours(*ours.args(m, l, u, nbd, factr, pgtol, maxls)) == 0
        _lbfgsb.setulb(*theirs.args(m, l, u, nbd, factr, pgtol, maxls))
        step += 1
        for name in STATE:
            a, b = getattr(ours, name), getattr(theirs, name)
            assert np.array_equal(a, b, equal_nan=True), (
                "step %d: %s differs (task %s, scipy %s)" % (step, name, ours.task, theirs.task))
        seen.add((int(theirs.task[0]), int(theirs.task[1])))
        if theirs.task[0] == 3:
            f, g = fg(theirs.x)
            nfev += 1
            for s in (ours, theirs):
                s.f = float(f)
                s.g[:] = g
        elif theirs.task[0] == 1:
            nit += 1
            if nit >= maxiter:
                ours.task[:] = theirs.task[:] = (5, 504)
        else:
            return (int(theirs.task[0]), int(theirs.task[1])), nit, nfev, seen, ours


# ---------------------------------------------------------------- problems
def rosen(x):
    f = float(np.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1.0 - x[:-1]) ** 2))
    g = np.zeros_like(x)
    g[:-1] = -400.0 * x[:-1] * (x[1:] - x[:-1] ** 2) - 2.0 * (1.0 - x[:-1])
    g[1:] += 200.0 * (x[1:] - x[:-1] ** 2)
    return f, g


def driver1(x):
    """The L-BFGS-B 3.0 distribution's driver1 function."""
    f = 4.0 * (0.25 * (x[0] - 1.0) ** 2 + float(np.sum((x[1:] - x[:-1] ** 2) ** 2)))
    t = x[1:] - x[:-1] ** 2
    g = np.zeros_like(x)
    g[0] = 2.0 * (x[0] - 1.0)
    g[:-1] -= 16.0 * x[:-1] * t
    g[1:] += 8.0 * t
    return f, g


def test_rosenbrock_2_unbounded():
    task, nit, nfev, seen, st = side_by_side(rosen, [-1.2, 1.0])
    assert task == (4, 402)
    np.testing.assert_allclose(st.x, 1.0, atol=1e-4)


def test_rosenbrock_10_unbounded_and_hess_inv_blocks():
    m = 10
    task, nit, nfev, seen, st = side_by_side(rosen, np.linspace(-1.2, 1.0, 10), m=m)
    assert task[0] == 4 and nit > m          # the memory was full and shifted
    # what _minimize_lbfgsb builds hess_inv from, equal since wa is
    n = 10
    s = st.wa[:m * n].reshape(m, n)
    y = st.wa[m * n:2 * m * n].reshape(m, n)
    # isave(31): the updates before the last iterate (each NEW_X but the
    # last, less the skipped ones, isave(26))
    assert st.isave[30] == nit - 1 - st.isave[25] and np.all(np.sum(s * y, axis=1) > 0)


def test_rosenbrock_10_bounded_active_at_solution():
    n = 10
    task, nit, nfev, seen, st = side_by_side(rosen, np.full(n, -1.2), l=np.full(n, -2.0),
                                             u=np.full(n, 0.8), nbd=np.full(n, 2), m=5)
    assert task[0] == 4
    assert st.x[0] == 0.8 and np.sum(st.x == 0.8) >= 1


def test_driver1_n25_m5():
    n = 25
    low = np.where(np.arange(n) % 2 == 0, 1.0, -100.0)
    task, nit, nfev, seen, st = side_by_side(driver1, np.full(n, 3.0), l=low,
                                             u=np.full(n, 100.0), nbd=np.full(n, 2), m=5)
    assert task == (4, 402) and abs(st.x[0] - 1.0) < 1e-5 and np.all(st.x >= low)


def test_mixed_bound_kinds_m3():
    n = 12
    nbd = np.arange(n) % 4                     # 0 none, 1 lower, 2 both, 3 upper
    rng = np.random.default_rng(3)
    task, nit, nfev, seen, st = side_by_side(chained_quartic, rng.uniform(-0.4, 1.2, n),
                                             l=np.full(n, -0.5), u=np.full(n, 1.25), nbd=nbd,
                                             m=3, factr=10.0, pgtol=1e-10)
    assert task[0] == 4 and nit > 3


def test_maxls_hit():
    # one trial step per search: every search that needs a second one fails,
    # restarting the memory (RESTART is internal) or ending ABNORMAL
    task, nit, nfev, seen, st = side_by_side(rosen, np.linspace(-1.2, 1.0, 6), maxls=1, m=4)
    assert task == (8, 0)


@pytest.mark.parametrize("factr, pgtol, want", [(1e12, 1e-5, (4, 402)), (1e7, 1e-2, (4, 401)),
                                                (10.0, 0.0, None)])
def test_tolerances(factr, pgtol, want):
    task, nit, nfev, seen, st = side_by_side(chained_quartic, np.linspace(-0.3, 1.0, 7),
                                             l=np.full(7, -0.5), u=np.full(7, 1.25),
                                             nbd=np.full(7, 2), factr=factr, pgtol=pgtol)
    if want is not None:
        assert task == want
    else:
        assert task[0] in (4, 8)


def test_maxiter_stop():
    task, nit, nfev, seen, st = side_by_side(rosen, [-1.2, 1.0], maxiter=5)
    assert task == (5, 504) and nit == 5


def test_infeasible_bounds():
    x0 = np.array([0.5, 0.5, 0.5])
    task, nit, nfev, seen, st = side_by_side(rosen, x0, l=[0.0, 2.0, 0.0], u=[1.0, 1.0, 1.0],
                                             nbd=[2, 2, 2])
    assert task == (7, 701) and nfev == 0 and np.array_equal(st.x, x0)
