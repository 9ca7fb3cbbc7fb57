"""Canary scenarios for the LAPACK routines scipy exports (see
tests/native_canary.py): the table's sizes must be enough for LAPACK too."""
import numpy as np

from native_canary import Scenario


def _spd(n, ld):
    rng = np.random.default_rng(n)
    b = rng.standard_normal((n, n))
    a = np.zeros((ld, n), order="F")
    a[:n, :] = b @ b.T + n * np.eye(n)
    return a.reshape(-1, order="F")


def _ok(outputs, arrays):
    assert outputs["info"] == 0, outputs


def dpotrf(k):
    n = k
    return Scenario(scalars=dict(uplo=ord("L"), n=n, lda=n + 2), arrays=dict(a=_spd(n, n + 2)),
                    check=_ok)


def dtrtrs(k):
    n, nrhs = k, 2
    a = np.zeros((n + 1, n), order="F")
    for j in range(n):
        a[j:n, j] = 0.25
        a[j, j] = 1.0 + j
    b = np.ones((n + 3, nrhs), order="F")
    return Scenario(scalars=dict(uplo=ord("L"), trans=ord("N"), diag=ord("N"), n=n, nrhs=nrhs,
                                 lda=n + 1, ldb=n + 3),
                    arrays=dict(a=a.reshape(-1, order="F"), b=b.reshape(-1, order="F")),
                    check=_ok)


def dgeev(k):
    n = k
    rng = np.random.default_rng(k)
    return Scenario(scalars=dict(n=n, lda=n, ldvl=1, ldvr=1),
                    arrays=dict(a=rng.standard_normal(n * n)), check=_ok)


SCENARIOS = {
    "scijit_lapack_dpotrf": dpotrf,
    "scijit_lapack_dtrtrs": dtrtrs,
    "scijit_lapack_dgeev": dgeev,
}
