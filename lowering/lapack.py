"""The LAPACK routines scipy.linalg calls, called by symbol name from @njit.

scipy's ``cholesky`` and ``solve_triangular`` call LAPACK ``dpotrf`` and
``dtrtrs``, and its ``PPoly.roots`` calls ``dgeev``, from the OpenBLAS scipy
is built with; calling the very same
routines (exported by ``scipy.linalg.cython_lapack``, registered under
``scijit_lapack_<name>`` by :mod:`.libraries`) gives scipy's results bit for
bit, which a loop of our own would not (the library blocks and orders its
operations its own way).  Every LAPACK argument is passed by reference;
characters are given as their codes (``ord('L')``).

Importing this module registers the symbols (it imports ``scipy.linalg``):
code cached by ``cache=True`` that calls them is loaded in a new process
only after the module that uses them -- and so this one -- is imported.
"""
from .libraries import load
from .native import NativeFunction, native_intrinsic

load("lapack")

#: dpotrf(uplo, n, a, lda) -> (info,): Cholesky factor of a (Fortran order, in place).
dpotrf = native_intrinsic(NativeFunction(
    "scijit_lapack_dpotrf", "lapack", ("ref_char", "ref_i32", "f64*", "ref_i32", "out_i32")))

#: dtrtrs(uplo, trans, diag, n, nrhs, a, lda, b, ldb) -> (info,): solve a triangular
#: system with nrhs right-hand sides, b (Fortran order) overwritten by the solution.
dtrtrs = native_intrinsic(NativeFunction(
    "scijit_lapack_dtrtrs", "lapack",
    ("ref_char", "ref_char", "ref_char", "ref_i32", "ref_i32", "const f64*", "ref_i32", "f64*",
     "ref_i32", "out_i32")))

#: dgeev(jobvl, jobvr, n, a, lda, wr, wi, vl, ldvl, vr, ldvr, work, lwork) -> (info,):
#: eigenvalues wr + i*wi of the general matrix a (Fortran order, overwritten).  With
#: jobvl = jobvr = ord('N') LAPACK never touches vl and vr (any 1-element array will do)
#: and needs lwork >= 3n; the caller allocates work once for many calls.
dgeev = native_intrinsic(NativeFunction(
    "scijit_lapack_dgeev", "lapack",
    ("ref_char", "ref_char", "ref_i32", "f64*", "ref_i32", "f64*", "f64*", "f64*", "ref_i32",
     "f64*", "ref_i32", "f64*", "ref_i32", "out_i32")))
