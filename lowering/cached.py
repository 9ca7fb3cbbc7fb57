"""Compiled closures that numba's on-disk cache can find again.

numba keys a cached function on its bytecode and, for a closure, on the
values it closes over, pickled.  Numbers, strings, None and numpy arrays
pickle to the same bytes in every process; a compiled function or an
intrinsic pickles with an id made anew in each process, so a closure over
one misses the cache in every new process (and adds an entry to the cache
index each time).  :func:`cached_closure` compiles a closure with
``cache=True`` after checking that it closes over data only: a solver made
per method by a factory (its coefficients as compile-time constants) calls
its helpers as module globals and takes what varies per user as arguments.
"""
import numbers

import numpy as np
from numba import njit

__all__ = ["cached_closure"]

_DATA = (numbers.Number, str, bytes, type(None), np.ndarray, np.generic)


def _is_data(value):
    if isinstance(value, (tuple, list)):
        return all(_is_data(v) for v in value)
    return isinstance(value, _DATA)


def cached_closure(**options):
    """``@njit(cache=True, **options)`` for a function defined inside another:
    a TypeError at definition if a value it closes over is not data
    (numbers, strings, None, numpy arrays, tuples of them).

    Examples
    --------
    >>> import numpy as np
    >>> def scaler(factor):
    ...     weights = np.array([1.0, 2.0]) * factor
    ...     @cached_closure()
    ...     def scale(x):
    ...         return weights * x
    ...     return scale
    >>> scaler(2.0)(1.5)
    array([3., 6.])
    """
    def decorate(fn):
        names = fn.__code__.co_freevars
        for name, cell in zip(names, fn.__closure__ or ()):
            if not _is_data(cell.cell_contents):
                raise TypeError(
                    "%s closes over %s = %r, which is not data: a cached closure may close over "
                    "numbers, strings, None and arrays only (call functions as module globals)"
                    % (fn.__qualname__, name, cell.cell_contents))
        return njit(cache=True, **options)(fn)
    return decorate
