"""``LbfgsInvHessProductType``: scipy's ``LbfgsInvHessProduct`` (L-BFGS-B's ``hess_inv``) as a numba value.

scipy's ``minimize(method='L-BFGS-B')`` returns its approximate inverse
Hessian as a linear operator built from the last corrections: ``sk`` and
``yk``, (n_corrs, n) arrays of the steps and gradient changes, in the
order L-BFGS-B stores them.  Here a struct of the two (C-contiguous
float64) arrays; ``sk``, ``yk`` and ``n_corrs`` read inside @njit, and its
products (``matvec``, ``dot``, ``todense``) are ``scijit.optimize``'s.

Python boundary: returned to Python it becomes scipy's own
``LbfgsInvHessProduct(sk, yk)``; one of scipy's passes into @njit (its
``sk`` and ``yk`` copied).
"""
import numpy as np
from numba import types
from numba.core.errors import TypingError
from numba.extending import (box, intrinsic, make_attribute_wrapper, models, overload_attribute,
                             register_model, typeof_impl, unbox)

from ._struct import box_struct, members_codegen, unbox_struct

FIELDS = ("sk", "yk")
_MATRIX = types.Array(types.float64, 2, "C")


class LbfgsInvHessProductType(types.Type):
    """scipy's LbfgsInvHessProduct: the corrections ``sk`` and ``yk``."""

    def __init__(self):
        super().__init__(name="LbfgsInvHessProduct")

    def field_type(self, name):
        return _MATRIX


lbfgs_inv_hess_product_type = LbfgsInvHessProductType()


@register_model(LbfgsInvHessProductType)
class LbfgsInvHessProductModel(models.StructModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, [(n, _MATRIX) for n in FIELDS])


for _name in FIELDS:
    make_attribute_wrapper(LbfgsInvHessProductType, _name, _name)


@overload_attribute(LbfgsInvHessProductType, "n_corrs")
def _n_corrs(op):
    return lambda op: op.sk.shape[0]


@intrinsic
def lbfgs_inv_hess_product(typingctx, sk, yk):
    """``LbfgsInvHessProduct(sk, yk)`` inside @njit (new references to both)."""
    for name, ty in (("sk", sk), ("yk", yk)):
        if ty != _MATRIX:
            raise TypingError("LbfgsInvHessProduct: %s must be %s, got %s" % (name, _MATRIX, ty))
    return lbfgs_inv_hess_product_type(sk, yk), members_codegen(FIELDS)


# ---------------------------------------------------------------- Python boundary
def _scipy_class():
    from scipy.optimize import LbfgsInvHessProduct
    return LbfgsInvHessProduct


def _box_lbfgs(sk, yk):
    return _scipy_class()(sk, yk)


def _scipy_fields(obj):
    return tuple(np.ascontiguousarray(getattr(obj, name), dtype=np.float64) for name in FIELDS)


def register_scipy_class():
    """typeof for scipy's LbfgsInvHessProduct."""
    typeof_impl.register(_scipy_class())(lambda val, c: lbfgs_inv_hess_product_type)


@box(LbfgsInvHessProductType)
def _box(typ, val, c):
    return box_struct(c, typ, val, FIELDS, typ.field_type, _box_lbfgs)


@unbox(LbfgsInvHessProductType)
def _unbox(typ, obj, c):
    return unbox_struct(c, typ, obj, FIELDS, typ.field_type, _scipy_fields)
