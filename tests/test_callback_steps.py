"""The transform stack of callbacks (lowering.callback, lowering.transforms).

Every routine builds its callback by naming steps: one glue factory,
memoised by the steps, and no public module writes a glue, lowering code or
generated source of its own.  Nothing here compiles, so it runs in a second.
"""
import pathlib
import re

import pytest

from lowering import callback as C
from lowering import minpack, quadpack
from lowering.transforms import InPlace, PassState, Reflect, Reshape, Returned, UserJacobian

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: The public modules whose callbacks go through the stack.
PUBLIC = [ROOT / "scijit" / "optimize" / name for name in
          ("_fsolve.py", "_leastsq.py", "_root.py", "_curve_fit.py", "_least_squares.py")] + [
    ROOT / "scijit" / "integrate" / "_quadpack.py"]
#: What writing lowering code, or source code, looks like.
LOWERING_WORDS = re.compile(r"\b(cgutils|compile_internal|lower_builtin|numba\.core\.typing|"
                            r"native_intrinsic|exec\()")


def test_memoised_by_steps():
    steps = (Reshape(), InPlace(), UserJacobian())
    assert C.callback(steps) is C.callback(list(steps))
    assert C.callback_intrinsic(minpack.HYBRJ, steps) is C.callback_intrinsic(
        minpack.HYBRJ, tuple(steps))
    assert C.callback_intrinsic(minpack.HYBRD, minpack.RESIDUAL) is minpack.hybrd
    assert C.callback((Reshape(), Returned())) is not C.callback((Reshape(), InPlace()))


def test_inplace_is_a_step_not_a_second_set_of_intrinsics():
    for name in ("hybrd_inplace", "hybrj_inplace", "lmdif_inplace", "lmder_inplace",
                 "residual_glue", "inplace_residual_glue"):
        assert not hasattr(minpack, name), name
    for name in ("integrand_glue", "reflected_glue", "native_quad"):
        assert not hasattr(quadpack, name), name
    assert minpack.residual_steps(True) == (Reshape(), InPlace())
    assert quadpack.integrand_steps(True, True) == (Reflect(), PassState(), Returned())


def test_steps_are_checked():
    with pytest.raises(TypeError, match="one of Returned, InPlace"):
        C.callback((Returned(), InPlace()))
    with pytest.raises(TypeError, match="unknown callback steps"):
        C.callback((object(),))
    with pytest.raises(TypeError, match="needs a Jacobian step"):
        C.callback((Returned(),)).glue(minpack.LMDER_CALLBACK, 1)


@pytest.mark.parametrize("path", PUBLIC + [ROOT / "scijit" / "integrate" / "_multiple.py"],
                         ids=lambda p: p.name)
def test_public_modules_write_no_glue(path):
    text = path.read_text()
    found = LOWERING_WORDS.findall(text)
    if path.name in ("_multiple.py", "_root.py"):
        # their options readers still generate source (not callback glue)
        found = [w for w in found if w != "exec("]
    assert not found, "%s writes lowering code or source: %s" % (path.name, found)
    assert not re.search(r"^def \w*glue\w*\(", text, re.M), path.name
