"""The base of scijit's exceptions that compiled code raises.

Compiled code raises ``SomeError(template, *values)``: numba passes the
constant template and the run-time values back to Python, and the message is
formatted here, in Python, so no @njit function builds strings (which would
cost numba seconds of compilation per caller).
"""


class FormattedError(Exception):
    """An exception whose message is ``template % values``, formatted in Python.

    Mix it in before the built-in class scipy raises, so that ``except
    ValueError`` (or ``TypeError``, ...) catches it as it catches scipy's.

    Examples
    --------
    >>> class SizeError(FormattedError, ValueError):
    ...     pass
    >>> str(SizeError("n = %d is too small", 3))
    'n = 3 is too small'
    >>> isinstance(SizeError("x"), ValueError)
    True
    """

    def __init__(self, template, *values):
        super().__init__(template % values if values else template)
