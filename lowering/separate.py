"""Solvers compiled once and called by symbol, not compiled into every caller.

numba compiles a call of an @njit function by linking the callee's LLVM
code into the caller's module (``linkonce_odr``), optimising it again with
the caller and generating its machine code again: every caller of a solver
(a minimiser, an ODE integrator: ten thousand lines of LLVM) pays for the
solver's optimisation once per library on the way (the core, then the
caller), seconds per caller, although the solver itself is compiled once
and cached.  A call through :func:`separate` instead declares the solver by
a symbol name and calls it: the solver's machine code, compiled (or loaded
from numba's cache) once per process, is shared by every caller.

The symbol is a name of ours, ``scijit.separate.<origin>.<hash of the
argument types>``, registered with ``llvmlite.binding.add_symbol`` for the
solver's compiled code of this process: numba's own names of compiled code
carry a per-process counter, so a caller cached in one process would not
find the solver loaded in another by numba's name.  A caller loaded from
numba's cache registers the name again first (numba's ``reload_init``,
:func:`~._numba_internals.reload_with_caller`: the solver is loaded from
its own cache entry, or compiled, then its address registered), so nothing
is baked into compiled code and callers stay cacheable.

``separate(bfgs)`` takes a module-level @njit function (also as a
decorator, above ``@njit``: the module's name is then the separate function);
``separate(rk_solver, "RK45", 0, False)`` a module-level factory and its
(hashable, picklable) arguments, the factory returning the same @njit
function for the same arguments (``functools.lru_cache``): another process
finds the solver by importing the module and calling the factory again.
The result is called inside @njit as the solver itself would be.
"""
import functools
import hashlib
import importlib
from dataclasses import dataclass

import llvmlite.binding as llvm
from numba import types
from numba.core.errors import TypingError

from . import _numba_internals as internals

__all__ = ["separate", "SeparateFunction"]


def _find(module, qualname, key):
    """The @njit function the origin names, in this process."""
    obj = importlib.import_module(module)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    if key is not None:
        obj = obj(*key)
    return obj.dispatcher if isinstance(obj, SeparateFunction) else obj


@dataclass(frozen=True)
class _Binding:
    """``symbol`` -> the solver's code for ``argtypes`` in this process
    (run when a caller is compiled, and by numba before a cached caller is
    loaded)."""
    module: str
    qualname: str
    key: tuple
    argtypes: tuple
    symbol: str

    def __call__(self):
        dispatcher = _find(self.module, self.qualname, self.key)
        dispatcher.compile(self.argtypes)
        cres = internals.compiled_overload(dispatcher, self.argtypes)
        llvm.add_symbol(self.symbol, internals.compiled_address(cres))


class SeparateFunction:
    """An @njit function called by symbol from compiled code (:func:`separate`)."""

    def __init__(self, dispatcher, module, qualname, key):
        self.dispatcher = dispatcher
        self.origin = (module, qualname, key)
        self.__name__ = dispatcher.__name__
        self.__doc__ = dispatcher.__doc__
        internals.register_call(self, self._type_call, self._lower_call)

    def __call__(self, *args, **kwargs):
        return self.dispatcher(*args, **kwargs)

    def __repr__(self):
        return "separate(%s)" % ":".join(map(str, self.origin))

    def _type_call(self, context, args, kws):
        if kws:
            raise TypingError("%r takes positional arguments only" % self)
        sig = context.resolve_function_type(types.Dispatcher(self.dispatcher), args, {})
        return None if sig is None else sig.replace(pysig=None)

    def _binding(self, argtypes):
        module, qualname, key = self.origin
        digest = hashlib.sha256(repr((self.origin, tuple(str(t) for t in argtypes)))
                                .encode()).hexdigest()[:20]
        return _Binding(module, qualname, key, tuple(argtypes),
                        "scijit.separate.%s.%s.%s" % (module, qualname, digest))

    def _lower_call(self, context, builder, sig, args):
        if _find(*self.origin) is not self.dispatcher:
            raise TypeError("separate: %s.%s%s does not give the same function again, so a "
                            "cached caller could not find it in another process"
                            % (self.origin[0], self.origin[1],
                               "" if self.origin[2] is None else repr(self.origin[2])))
        binding = self._binding(sig.args)
        binding()
        internals.reload_with_caller(context, binding)
        return internals.call_symbol(context, builder, binding.symbol, sig, args)


@functools.lru_cache(maxsize=None)
def separate(fn, *key):
    """``fn`` (a module-level @njit function), or the @njit function the
    module-level factory ``fn`` returns for ``key``, as a
    :class:`SeparateFunction`: called inside @njit by symbol, its code
    compiled once per process and not into the caller.

    Examples
    --------
    >>> import numpy as np
    >>> from numba import njit
    >>> from scijit.optimize._gradient_methods import identity
    >>> eye = separate(identity)
    >>> @njit
    ... def trace(n):
    ...     return eye(n).sum()
    >>> trace(3)
    3.0
    """
    module, qualname = fn.__module__, fn.__qualname__
    if "<locals>" in qualname:
        raise TypeError("separate: %s is not a module-level function" % qualname)
    dispatcher = fn(*key) if key else fn
    if not hasattr(dispatcher, "overloads"):
        raise TypeError("separate: %r is not an @njit function" % (dispatcher,))
    # (that the origin gives it back is checked when a call is compiled: as
    # a decorator, separate runs before the module has the name)
    return SeparateFunction(dispatcher, module, qualname, key or None)
