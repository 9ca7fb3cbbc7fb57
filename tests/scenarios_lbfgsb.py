"""Canary scenario for L-BFGS-B's setulb (see tests/native_canary.py).

One call from the middle of a run: scipy's own setulb is driven on a bounded
problem of n = k variables (m = 3 corrections) for up to a dozen
iterations, past the point where the limited memory is full and shifts, and
the state it last asked for f and g in becomes the call's arrays.  That one
call then does a whole step (Cauchy point, formk, subspace step, line
search) over every part of the workspace; the check compares its outcome
with scipy's setulb continuing from the same state, to the bit.
"""
import numpy as np

from minimize_problems import chained_quartic
from native_canary import Scenario

M = 3


def _state(n):
    """scipy's state at its last FG request within 12 iterations."""
    from scipy.optimize import _lbfgsb
    rng = np.random.default_rng(n)
    nbd = np.array([(0, 1, 2, 3)[i % 4] for i in range(n)], dtype=np.int32)
    low = np.full(n, -0.5)
    up = np.full(n, 1.25)
    x = rng.uniform(-0.4, 1.2, n)
    g = np.zeros(n)
    wa = np.zeros(2 * M * n + 5 * n + 11 * M * M + 8 * M)
    iwa = np.zeros(3 * n, np.int32)
    task = np.zeros(2, np.int32)
    ln_task = np.zeros(2, np.int32)
    lsave = np.zeros(4, np.int32)
    isave = np.zeros(44, np.int32)
    dsave = np.zeros(29)
    f = 0.0
    saved, nit = None, 0
    while True:
        _lbfgsb.setulb(M, x, low, up, nbd, f, g, 0.0, 0.0, wa, iwa, task, lsave, isave, dsave,
                       20, ln_task)
        if task[0] == 3:
            f, gx = chained_quartic(x)
            g[:] = gx
            saved = dict(x=x.copy(), l=low, u=up, nbd=nbd, g=g.copy(), wa=wa.copy(),
                         iwa=iwa.copy(), task=task.copy(), lsave=lsave.copy(),
                         isave=isave.copy(), dsave=dsave.copy(), ln_task=ln_task.copy(), f=f)
        elif task[0] == 1 and nit < 12:
            nit += 1
        else:
            return saved


def _continued(state):
    """scipy's setulb one call on from ``state``."""
    from scipy.optimize import _lbfgsb
    s = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in state.items()}
    _lbfgsb.setulb(M, s["x"], s["l"], s["u"], s["nbd"], s["f"], s["g"], 0.0, 0.0, s["wa"],
                   s["iwa"], s["task"], s["lsave"], s["isave"], s["dsave"], 20, s["ln_task"])
    return s


def setulb(k):
    n = k
    state = _state(n)
    want = _continued(state)

    def check(outputs, arrays):
        assert outputs["status"] == 0, outputs
        for name in ("x", "g", "wa", "iwa", "task", "lsave", "isave", "dsave", "ln_task"):
            assert np.array_equal(arrays[name], want[name]), name
    arrays = {k: v for k, v in state.items() if k != "f"}
    return Scenario(scalars=dict(n=n, m=M, f=state["f"], factr=0.0, pgtol=0.0, maxls=20),
                    arrays=arrays, check=check)


SCENARIOS = {"scijit_lbfgsb_setulb": setulb}
