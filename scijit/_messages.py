"""Status codes to scipy's messages, from one Python dict per routine.

A routine keeps scipy's messages for its status codes in a dict (the Python
entry reads it directly); :func:`status_table` turns the dict into a pair of
tuples that compiled code reads as constants, and :func:`status_message` is
the compiled lookup.  No if-chain repeats the dict, and no message string is
built at run time.

Examples
--------
>>> from numba import njit
>>> MESSAGES = {0: "converged", 2: "too many calls"}
>>> TABLE = status_table(MESSAGES)
>>> @njit
... def message(status):
...     return status_message(TABLE, status, "unknown")
>>> message(2), message(5)
('too many calls', 'unknown')
"""
from numba import njit

__all__ = ["status_table", "status_message"]


def status_table(messages):
    """(codes, texts): the dict ``messages`` (int code -> str) as two tuples."""
    codes = tuple(sorted(messages))
    return codes, tuple(messages[code] for code in codes)


@njit(cache=True)
def status_message(table, code, default):
    """The text of ``code`` in a :func:`status_table`, or ``default``."""
    codes, texts = table
    for i in range(len(codes)):
        if codes[i] == code:
            return texts[i]
    return default
