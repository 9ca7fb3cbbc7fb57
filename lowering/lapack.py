"""The LAPACK routines scipy.linalg calls, called by symbol name from @njit.

scipy's ``cholesky`` and ``solve_triangular`` call LAPACK ``dpotrf`` and
``dtrtrs``, and its ``PPoly.roots`` calls ``dgeev``, from the OpenBLAS scipy
is built with; calling the very same routines (exported by
``scipy.linalg.cython_lapack``, registered under ``scijit_lapack_<name>`` by
:mod:`.libraries`) gives scipy's results bit for bit, which a loop of our own
would not (the library blocks and orders its operations its own way).  Every
LAPACK argument is passed by reference; characters are given as their codes
(``ord('L')``).  They are declared in the native table like our own entry
points (sizes checked before the call), but they are not ours: their status
``info`` is LAPACK's, and there is no C layer of ours to check lengths again.

Importing this module registers the symbols (it imports ``scipy.linalg``):
code cached by ``cache=True`` that calls them is loaded in a new process
only after the module that uses them -- and so this one -- is imported.
"""
from .libraries import load
from .native import F64s, Len, NativeFunction, OutI32, RefChar, RefI32, native_intrinsic

load("lapack")

DPOTRF = NativeFunction("scijit_lapack_dpotrf", "lapack", (
    RefChar("uplo"), RefI32("n"), F64s("a", "lda*n"), RefI32("lda", min="max(1, n)"),
    OutI32("info")))

DTRTRS = NativeFunction("scijit_lapack_dtrtrs", "lapack", (
    RefChar("uplo"), RefChar("trans"), RefChar("diag"), RefI32("n"), RefI32("nrhs"),
    F64s("a", "lda*n", const=True), RefI32("lda", min="max(1, n)"), F64s("b", "ldb*nrhs"),
    RefI32("ldb", min="max(1, n)"), OutI32("info")))

#: dgeev for eigenvalues only (jobvl = jobvr = 'N', fixed here): LAPACK then
#: never references vl and vr (one element each will do, ld >= 1).
DGEEV = NativeFunction("scijit_lapack_dgeev", "lapack", (
    RefChar("jobvl", fixed="N"), RefChar("jobvr", fixed="N"), RefI32("n"),
    F64s("a", "lda*n"), RefI32("lda", min="max(1, n)"), F64s("wr", "n"), F64s("wi", "n"),
    F64s("vl", "1", work=True), RefI32("ldvl", min="1"), F64s("vr", "1", work=True),
    RefI32("ldvr", min="1"), F64s("work", "max(1, 3*n)"), Len("lwork", "work", by_ref=True),
    OutI32("info")))

#: dpotrf(uplo, n, a, lda) -> (info,): Cholesky factor of a (Fortran order, in place).
dpotrf = native_intrinsic(DPOTRF)

#: dtrtrs(uplo, trans, diag, n, nrhs, a, lda, b, ldb) -> (info,): solve a triangular
#: system with nrhs right-hand sides, b (Fortran order) overwritten by the solution.
dtrtrs = native_intrinsic(DTRTRS)

#: dgeev(n, a, lda, wr, wi, ldvl, ldvr, work) -> (info,): eigenvalues wr + i*wi of the
#: general matrix a (Fortran order, overwritten); lwork is work's size (scipy gives
#: 1 + 8 kk for kk polynomial coefficients; the caller allocates work once for many
#: calls, since LAPACK's blocking, and so its result, depends on lwork).
dgeev = native_intrinsic(DGEEV)
