"""The registration tables and the status-message tables.

Each subpackage's ``_scipy_names.CHOOSERS`` is the one list of scipy names
scijit implements inside @njit; each routine's messages live in one dict,
read in compiled code through scijit._messages.
"""
import importlib

import numpy as np
import pytest
from numba import njit

SUBPACKAGES = ["optimize", "integrate", "interpolate"]


def _table(sub):
    return importlib.import_module("scijit.%s._scipy_names" % sub)


@pytest.mark.parametrize("sub", SUBPACKAGES)
def test_table_lists_every_public_name_once(sub):
    """Every public routine of the subpackage is in the table, and no name
    is declared by two modules (a merged dict would silently keep one)."""
    table = _table(sub)
    scijit_sub = importlib.import_module("scijit.%s" % sub)
    assert sorted(table.CHOOSERS) == sorted(scijit_sub.__all__)
    modules = {importlib.import_module(c.function.__module__) for c in table.CHOOSERS.values()}
    declared = [name for module in modules for name in module.CHOOSERS]
    assert len(declared) == len(set(declared)) == len(table.CHOOSERS)


@pytest.mark.parametrize("sub", SUBPACKAGES)
def test_every_name_is_scipys(sub):
    scipy_sub = importlib.import_module("scipy.%s" % sub)
    missing = [name for name in _table(sub).CHOOSERS if not hasattr(scipy_sub, name)]
    assert missing == []


def test_register_choosers_registers_the_table():
    from scijit._registration import Chooser, register_choosers

    def halve(x):
        raise AssertionError("the Python body is never called inside @njit")

    def halve_chooser(x):
        return lambda x: x / 2

    register_choosers({"halve": Chooser(halve_chooser)}, {"halve": halve})
    assert njit(lambda x: halve(x))(3.0) == 1.5


# ---------------------------------------------------------------- messages
def test_quad_messages_inside_njit_are_the_dicts():
    from scijit.integrate import _quadpack as Q
    for ier in range(0, 9):
        for fourier in (False, True):
            want = "" if ier == 0 else Q.quad_message(ier, 50, fourier)
            if ier == 6:
                continue               # ier 6 raises before any message is read
            assert Q.njit_message(ier, 50, fourier) == want, (ier, fourier)


def test_fitpack_messages_inside_njit_are_the_dicts():
    from scijit.interpolate import _fitpack_core as C
    from scijit.interpolate import _fitpack_surface as S
    for ier in range(-4, 13):
        assert C.iermess(ier) == C.IERMESS.get(ier, C.UNKNOWN)
        ierm = min(11, max(-3, ier))
        assert S.bisplrep_message(ier) == S.IERMESS2.get(ierm, "An error occurred")


def test_least_squares_messages_inside_njit_are_the_dict():
    from scipy.optimize._lsq.least_squares import TERMINATION_MESSAGES as SCIPY
    from scijit.optimize import _least_squares as L
    assert L.TERMINATION_MESSAGES == SCIPY
    for status in range(-2, 5):
        assert L.ls_message(status) == SCIPY[status]


def test_status_message_default():
    from scijit._messages import status_message, status_table
    table = status_table({3: "three", -1: "minus one"})

    @njit
    def lookup(code):
        return status_message(table, code, "other")
    assert [lookup(c) for c in (-1, 0, 3)] == ["minus one", "other", "three"]
    assert np.array_equal(table[0], (-1, 3))
