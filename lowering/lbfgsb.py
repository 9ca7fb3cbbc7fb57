"""L-BFGS-B's reverse-communication step, called by symbol name from @njit.

``scijit_lbfgsb_setulb`` (vendor/lbfgsb) has the contract of scipy 1.17's
``scipy.optimize._lbfgsb.setulb(m, x, l, u, nbd, f, g, factr, pgtol, wa, iwa,
task, lsave, isave, dsave, maxls, ln_task)``: the same task codes in
``task = (status, message)`` (0 START, 1 NEW_X, 2 RESTART, 3 FG, 4
CONVERGENCE, 5 STOP, 6 WARNING, 7 ERROR, 8 ABNORMAL; messages 301.., 401,
402, 501.., 601.., 701..), the same workspace layout and state arrays, so a
driver following scipy's ``_minimize_lbfgsb`` reads ours unchanged:
``s = wa[:m*n].reshape(m, n)``, ``y = wa[m*n:2*m*n].reshape(m, n)``,
``isave[30]`` the number of BFGS updates (hess_inv keeps the first
``min(isave[30], m)`` rows).  ``f`` goes in by value, as scipy's wrapper
takes it: the kernel's own writes to f are not seen by the caller (after an
ABNORMAL end scipy has x and g of the last iterate, f of the failed trial).

The Fortran is handed scipy's own ddot, dnrm2, daxpy, dtrsv, dtrsm (BLAS)
and dpotrf (LAPACK) as function pointers (``Routine``: the symbols
``scijit_blas_*``/``scijit_lapack_*`` registered by :mod:`.libraries`), so
the iterates are scipy's to the bit; plain loops were not (OpenBLAS's FMA
kernels for n >= 16, dnrm2 in x87 extended precision, dpotf2's reciprocal
scaling).  scipy's setulb calls dtrtrs; ours does what OpenBLAS's dtrtrs
does, a singularity check and dtrsv or dtrsm (the same bits), because
OpenBLAS's dtrtrs wakes its thread pool on every call with several
right-hand sides (vendor/lbfgsb/lbfgsb_kernels.f90).  Importing this module registers those symbols (it imports
``scipy.linalg``).
"""
from .libraries import load
from .native import F64, I32, I32s, F64s, Len, NativeFunction, OutI32, Routine, native_intrinsic

load("blas")
load("lapack")

#: The length of ``wa`` for n variables and m corrections (scipy's formula).
WA_SIZE = "2*m*n + 5*n + 11*m*m + 8*m"

SETULB = NativeFunction("scijit_lbfgsb_setulb", "lbfgsb", (
    I32("n"), I32("m"), F64s("x", "n"), F64s("l", "n", const=True), F64s("u", "n", const=True),
    I32s("nbd", "n", const=True), F64("f"), F64s("g", "n"), F64("factr"), F64("pgtol"),
    F64s("wa", WA_SIZE), Len("lwa", "wa"), I32s("iwa", "3*n"), Len("liwa", "iwa"),
    I32s("task", "2"), Len("ltask", "task"), I32s("lsave", "4"), Len("llsave", "lsave"),
    I32s("isave", "44"), Len("lisave", "isave"), F64s("dsave", "29"), Len("ldsave", "dsave"),
    I32("maxls"), I32s("ln_task", "2"), Len("lln_task", "ln_task"),
    Routine("ddot", "blas"), Routine("dnrm2", "blas"), Routine("daxpy", "blas"),
    Routine("dpotrf", "lapack"), Routine("dtrsv", "blas"), Routine("dtrsm", "blas"),
    OutI32("status", status=True)))

#: setulb(n, m, x, l, u, nbd, f, g, factr, pgtol, wa, iwa, task, lsave, isave,
#: dsave, maxls, ln_task) -> (status,): one reverse-communication step; x, g,
#: wa, iwa, task, lsave, isave, dsave, ln_task updated in place.  status is 0
#: (the outcome is in task); a length too small raises NativeSizeError.
setulb = native_intrinsic(SETULB)
