"""How a public routine becomes the implementation of a name inside @njit.

Each module of a routine family declares a table ``CHOOSERS``: the routine's
name (scijit's and scipy's: they are the same) -> :class:`Chooser`, its
``@overload`` chooser with numba's options.  :func:`register_choosers`
registers a table for the functions of a namespace: the module itself at its
import (scijit's own names), and scipy's subpackage through the subpackage's
``_scipy_names`` module (one table, merged from its modules'), when numba
loads the extension entry point.
"""
from dataclasses import dataclass
from typing import Callable

from numba.extending import overload

from lowering import register_forwarding

__all__ = ["Chooser", "register_choosers"]


@dataclass(frozen=True)
class Chooser:
    """An ``@overload`` chooser and the options numba registers it with.

    ``inline="always"`` for the routines whose chooser settles compile-time
    choices and inlines a core (a caller's constants reach the core);
    ``inline="forward"`` for a chooser that returns ``(core, names)``: the
    call becomes a call of ``core`` (an @njit function) on the arguments
    named, compiled once and not inlined
    (:func:`lowering._numba_internals.register_forwarding`: the user's
    functions reach ``core`` as the chooser's constants, not as arguments);
    ``prefer_literal`` so string and flag arguments arrive as literals.
    """

    function: Callable
    inline: str = "never"
    prefer_literal: bool = True


def register_choosers(table, namespace):
    """Register each chooser of ``table`` for the function of the same name
    in ``namespace`` (a module, or a dict such as a module's ``globals()``).

    Examples
    --------
    >>> def twice(x):
    ...     return 2 * x
    >>> def twice_chooser(x):
    ...     return lambda x: 2 * x
    >>> register_choosers({"twice": Chooser(twice_chooser)}, {"twice": twice})
    """
    lookup = namespace.__getitem__ if isinstance(namespace, dict) else (
        lambda name: getattr(namespace, name))
    for name, chooser in table.items():
        if chooser.inline == "forward":
            register_forwarding(lookup(name), chooser.function, chooser.prefer_literal)
        else:
            overload(lookup(name), inline=chooser.inline,
                     prefer_literal=chooser.prefer_literal)(chooser.function)
