"""rosen*, approx_fprime and check_grad against scipy 1.17, from both entries."""
import numpy as np
import pytest
import scipy.optimize
from numba import njit
from numba.core.errors import TypingError

from scijit.optimize import (approx_fprime, check_grad, rosen, rosen_der, rosen_hess,
                             rosen_hess_prod)

EPS = np.sqrt(np.finfo(float).eps)
RNG = np.random.default_rng(7)
# n = 1 (rosen only), 2, 10, and past numpy's pairwise block sizes (8, 128)
POINTS = [RNG.uniform(-2, 2, n) for n in (2, 3, 9, 10, 129, 1000)]


# the users' functions: arithmetic numba and numpy do alike (numba multiplies
# for x**3, numpy calls pow)
@njit
def cubic(x, a):
    return a * np.sum(x * x * x) + x[0] * x[1]


@njit
def cubic_grad(x, a):
    g = 3.0 * a * (x * x)
    g[0] += x[1]
    g[1] += x[0]
    return g


@njit
def wrong_grad(x, a):
    return cubic_grad(x, a) + 1e-3


@njit
def vector(x, a):
    return np.array([a * x[0] * x[0], x[0] * x[1], np.sin(x[1])])


@njit
def vector_jac(x, a):
    return np.array([[2.0 * a * x[0], 0.0], [x[1], x[0]], [0.0, np.cos(x[1])]])


@njit
def rosen_all(x, p):
    return rosen(x), rosen_der(x), rosen_hess(x), rosen_hess_prod(x, p)


@njit
def by_scipy_names(x, p):
    return (scipy.optimize.rosen(x), scipy.optimize.rosen_der(x), scipy.optimize.rosen_hess(x),
            scipy.optimize.rosen_hess_prod(x, p))


@njit
def fprimes(x, eps, a):
    return approx_fprime(x, cubic, eps, a), approx_fprime(x, vector, eps, a)


@njit
def fprime_default(x, a):
    return scipy.optimize.approx_fprime(x, cubic, EPS, a)


@njit
def grads(x, a):
    return (check_grad(cubic, cubic_grad, x, a), check_grad(cubic, wrong_grad, x, a),
            scipy.optimize.check_grad(vector, vector_jac, x, a))


def py_cubic(x, a):
    return a * np.sum(x * x * x) + x[0] * x[1]


def py_cubic_grad(x, a):
    return cubic_grad(x, a)


@pytest.mark.parametrize("x", POINTS, ids=lambda x: "n%d" % x.size)
def test_rosen_family_equals_scipy_both_entries(x):
    p = RNG.standard_normal(x.size)
    want = (scipy.optimize.rosen(x), scipy.optimize.rosen_der(x), scipy.optimize.rosen_hess(x),
            scipy.optimize.rosen_hess_prod(x, p))
    for got in ((rosen(x), rosen_der(x), rosen_hess(x), rosen_hess_prod(x, p)),
                rosen_all(x, p), by_scipy_names(x, p)):
        assert got[0] == want[0]
        for a, b in zip(got[1:], want[1:]):
            np.testing.assert_array_equal(a, b, strict=True)
            assert (np.signbit(a) == np.signbit(b)).all()     # scipy's zeros' signs


def test_rosen_short_and_list_inputs():
    assert rosen([0.5]) == scipy.optimize.rosen([0.5]) == 0.0
    assert rosen_all.py_func is not None and rosen([1.0, 2.0, 3.0]) == scipy.optimize.rosen(
        [1.0, 2.0, 3.0])
    zero = np.zeros(3)
    np.testing.assert_array_equal(np.signbit(rosen_hess(zero)),
                                  np.signbit(scipy.optimize.rosen_hess(zero)))


@pytest.mark.parametrize("fn", [rosen_der, rosen_hess])
def test_rosen_one_value_index_error_like_scipy(fn):
    with pytest.raises(IndexError) as want:
        getattr(scipy.optimize, fn.__name__)(np.array([0.5]))
    with pytest.raises(IndexError, match=str(want.value)):
        fn(np.array([0.5]))

    @njit
    def inside(x):
        return fn(x)
    with pytest.raises(IndexError, match=str(want.value)):
        inside(np.array([0.5]))


def test_bad_input_both_entries():
    with pytest.raises(ValueError, match="'x' must be a 1-D"):
        rosen(np.ones((2, 2)))
    with pytest.raises(TypeError, match="'x' must be real"):
        rosen(["a", "b"])
    with pytest.raises(ValueError, match="'p'"):
        rosen_hess_prod(np.ones(3), np.ones(2))
    with pytest.raises(ValueError, match="'epsilon'"):
        approx_fprime(np.ones(3), py_cubic, np.ones(2), 2.0)
    with pytest.raises(ValueError, match="not a valid string for ``direction``"):
        check_grad(py_cubic, py_cubic_grad, np.ones(3), 2.0, direction="some")
    with pytest.raises(ValueError, match="'random' can only be used with scalar"):
        check_grad(vector, vector_jac, np.ones(2), 2.0, direction="random", rng=1)
    with pytest.raises(TypeError, match="multiple values"):
        check_grad(py_cubic, py_cubic_grad, np.ones(3), 2.0, rng=1, seed=1)
    with pytest.raises(ValueError, match="'p'"):
        rosen_all(np.ones(3), np.ones(2))
    with pytest.raises(TypingError, match="'x' must be a 1-D array"):
        njit(lambda x: rosen(x))(np.ones((2, 2)))
    with pytest.raises(TypingError, match="'f' must be an @njit function"):
        njit(lambda x: approx_fprime(x, 1.0))(np.ones(2))


@pytest.mark.parametrize("eps", [1e-6, np.array([1e-3, 2e-7, 1e-5, 1e-8])], ids=["scalar", "array"])
def test_approx_fprime_equals_scipy(eps):
    x = np.array([1.0, 1e20, -3.0, 0.0])       # 1e20 + eps == 1e20: scipy's fallback step
    want_g = scipy.optimize.approx_fprime(x, py_cubic, eps, 2.0)
    want_j = scipy.optimize.approx_fprime(x[:2], vector.py_func, eps if np.isscalar(eps)
                                          else eps[:2], 2.0)
    np.testing.assert_array_equal(approx_fprime(x, py_cubic, eps, 2.0), want_g, strict=True)
    np.testing.assert_array_equal(approx_fprime(x, cubic, eps, 2.0), want_g, strict=True)
    e2 = eps if np.isscalar(eps) else eps[:2]
    np.testing.assert_array_equal(approx_fprime(x[:2], vector, e2, 2.0), want_j, strict=True)
    g, j = fprimes(x[:2], e2, 2.0)
    np.testing.assert_array_equal(g, scipy.optimize.approx_fprime(x[:2], py_cubic, e2, 2.0))
    np.testing.assert_array_equal(j, want_j)
    np.testing.assert_array_equal(fprime_default(x, 2.0),
                                  scipy.optimize.approx_fprime(x, py_cubic, EPS, 2.0))


def test_approx_fprime_one_output_raveled_from_python():
    one = njit(lambda x: np.array([x[0] * x[1]]))
    want = scipy.optimize.approx_fprime(np.ones(2), one.py_func)
    np.testing.assert_array_equal(approx_fprime(np.ones(2), one), want, strict=True)


def test_check_grad_equals_scipy():
    x = np.array([1.5, -1.5, 0.3])
    right = scipy.optimize.check_grad(py_cubic, py_cubic_grad, x, 2.0)
    wrong = scipy.optimize.check_grad(py_cubic, wrong_grad.py_func, x, 2.0)
    vec = scipy.optimize.check_grad(vector.py_func, vector_jac.py_func, x[:2], 2.0)
    assert wrong > 1e-3 > right
    assert check_grad(py_cubic, py_cubic_grad, x, 2.0) == right
    assert check_grad(cubic, wrong_grad, x, 2.0) == wrong
    assert check_grad(vector, vector_jac, x[:2], 2.0) == vec
    assert check_grad(cubic, cubic_grad, x, 2.0, epsilon=1e-5) == scipy.optimize.check_grad(
        py_cubic, py_cubic_grad, x, 2.0, epsilon=1e-5)
    x2 = x[:2]
    assert grads(x2, 2.0) == (scipy.optimize.check_grad(py_cubic, py_cubic_grad, x2, 2.0),
                              scipy.optimize.check_grad(py_cubic, wrong_grad.py_func, x2, 2.0),
                              vec)


def test_check_grad_random_direction_like_scipy():
    x = np.array([1.5, -1.5, 0.3])
    for kw in ({"rng": 3}, {"seed": 3}, {"rng": np.random.default_rng(4)}):
        kw2 = {k: (np.random.default_rng(4) if hasattr(v, "bit_generator") else v)
               for k, v in kw.items()}
        assert check_grad(cubic, wrong_grad, x, 2.0, direction="random", **kw) == \
            scipy.optimize.check_grad(py_cubic, wrong_grad.py_func, x, 2.0, direction="random",
                                      **kw2)


CACHED = """
import numpy as np
from numba import njit
from scipy.optimize import rosen, rosen_der
from scijit.optimize import approx_fprime, check_grad

@njit(cache=True)
def f(x):
    return x[0] * x[0] + 3.0 * x[1]

@njit(cache=True)
def g(x):
    return np.array([2.0 * x[0], 3.0])

@njit(cache=True)
def h(x, a):
    return a * x[0] * x[1]

@njit(cache=True)
def run(x):
    return {call}

print(repr(run(np.array([0.5, 1.5]))))
print("HITS", len(run.stats.cache_hits), len(run.stats.cache_misses))
"""


def test_cache_in_a_second_process(run_python, tmp_path):
    from checks import run_cached_twice
    source = CACHED.format(call="rosen(x), rosen_der(x)[0]")
    got = eval(run_cached_twice(run_python, source, tmp_path, own_cache_dir=False))
    x = np.array([0.5, 1.5])
    assert got == (scipy.optimize.rosen(x), scipy.optimize.rosen_der(x)[0])


def test_cache_approx_fprime_and_check_grad_in_a_second_process(run_python, tmp_path):
    # (their *args go through the forwarding chooser: the user's functions are
    # the core's constants, so the caller caches)
    from checks import run_cached_twice
    source = CACHED.format(call="approx_fprime(x, f, 1e-6)[0], check_grad(f, g, x), "
                                "approx_fprime(x, h, 1e-6, 2.0)[1]")
    got = eval(run_cached_twice(run_python, source, tmp_path, own_cache_dir=False))
    x = np.array([0.5, 1.5])
    f = lambda x: x[0] * x[0] + 3.0 * x[1]                          # noqa: E731
    assert got == (scipy.optimize.approx_fprime(x, f, 1e-6)[0],
                   scipy.optimize.check_grad(f, lambda x: np.array([2.0 * x[0], 3.0]), x),
                   scipy.optimize.approx_fprime(x, lambda x, a: a * x[0] * x[1], 1e-6, 2.0)[1])
