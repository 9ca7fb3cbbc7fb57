"""Calling native entry points straight from their table declarations.

The canary tests (tests/test_native_table.py) call every entry point of the
native table through ctypes, with each array exactly its declared size and
followed by guard values that must be intact afterwards, and with each
declared length one element short, which the C layer must refuse with
SIZE_ERROR before touching anything.  Nothing here knows a routine: the
argument list, the sizes, the callback's C type all come from the table.
What a routine needs to run sensibly (its scalars, the contents of its
input arrays, the user's callback) is a *scenario*, written next to the
routine's family in ``tests/scenarios_<family>.py``.

This module also reads the Fortran side: :func:`fortran_entry_points`
parses every ``bind(C, name='scijit_...')`` procedure of ``vendor/`` into
its dummy arguments (name, kind, dimensions), for the test that compares
them with the table.
"""
import ctypes
import pathlib
import re
from dataclasses import dataclass, field

import numpy as np

from lowering import libraries
from lowering import native as N
from lowering.callback import IFlag, Int, Matrix, Real, Vector
from lowering.callback import UserData as CallbackUserData
from lowering.sizes import size_function

REPO = pathlib.Path(__file__).resolve().parents[1]

#: Guard elements after every array, and their values.
GUARD = 8
F64_GUARD = -7.25e301
I32_GUARD = -123456789


@dataclass
class Scenario:
    """What one call of an entry point needs besides the table.

    ``scalars``: a value for every scalar input (I32, F64, RefI32, RefChar,
    InOutI32).  ``arrays``: initial contents for arrays that are read (the
    rest start as zeros), each at least the array's declared size (only that
    many elements are used).  ``callback``: a Python function called with
    the callback's arguments by name (numpy views for vectors and matrices,
    numbers for the rest, ``iflag`` its value); it fills the outputs in place
    and, for an ABI returning a double, returns it.  ``check``: optional,
    called with the outputs and the arrays after a successful call, to
    assert the call did real work.
    """
    scalars: dict
    arrays: dict = field(default_factory=dict)
    callback: object = None
    check: object = None


# ---------------------------------------------------------------- ctypes view of the table
_CT = {"i32": ctypes.c_int32, "i64": ctypes.c_int64, "f64": ctypes.c_double}
_CB_CT = {Int: ctypes.c_int32, Real: ctypes.c_double, Vector: ctypes.POINTER(ctypes.c_double),
          Matrix: ctypes.POINTER(ctypes.c_double), IFlag: ctypes.POINTER(ctypes.c_int32),
          CallbackUserData: ctypes.c_void_p}

_libs = {}


def _library(name):
    if name not in _libs:
        _libs[name] = ctypes.CDLL(libraries.library_path(name))
    return _libs[name]


def _cfunction(fn, argtypes, restype):
    """The ctypes function of ``fn`` (a scijit library's export, or a routine
    scipy exports through Cython, found by its capsule)."""
    if fn.library in libraries.CYTHON_LIBRARIES:
        from numba.extending import get_cython_function_address
        module = libraries.CYTHON_LIBRARIES[fn.library][0]
        address = get_cython_function_address(module, fn.symbol.rsplit("_", 1)[-1])
        return ctypes.CFUNCTYPE(restype, *argtypes)(address)
    c = getattr(_library(fn.library), fn.symbol)
    c.argtypes = argtypes
    c.restype = restype
    return c


def routine_address(p):
    """The address of the routine a ``Routine`` parameter names (scipy's
    BLAS/LAPACK, through its Cython capsule)."""
    from numba.extending import get_cython_function_address
    module = libraries.CYTHON_LIBRARIES[p.library][0]
    return get_cython_function_address(module, p.routine or p.name)


def native_size(name, args):
    """A size function of the table, called through ctypes."""
    fn = size_function(name)
    c = getattr(_library(fn.library), fn.symbol)
    c.restype = ctypes.c_int64
    c.argtypes = [ctypes.c_int32] * len(args)
    return c(*args)


def evaluate(expr, env):
    """A size expression's value, size functions called natively."""
    return expr.evaluate(env, call=native_size)


def _callback_type(abi):
    ret = ctypes.c_double if abi.returns_double else None
    return ctypes.CFUNCTYPE(ret, *[_CB_CT[type(p)] for p in abi.params])


def _wrap_callback(abi, user):
    """A ctypes callback calling ``user`` with named numpy views."""
    def adapter(*raw):
        values = {p.name: v for p, v in zip(abi.params, raw)}
        kwargs = {}
        for p in abi.params:
            v = values[p.name]
            if isinstance(p, Vector):
                kwargs[p.name] = np.ctypeslib.as_array(v, shape=(max(values[p.length], 0),))
            elif isinstance(p, Matrix):
                rows, cols, ld = values[p.rows], values[p.cols], values[p.ld]
                flat = np.ctypeslib.as_array(v, shape=(max(ld * cols, 0),))
                kwargs[p.name] = flat.reshape((cols, ld)).T[:rows, :]
            elif isinstance(p, IFlag):
                kwargs["iflag"] = v[0]
            elif isinstance(p, (Int, Real)):
                kwargs[p.name] = v
        out = user(**kwargs)
        return float(out) if abi.returns_double else None
    return _callback_type(abi)(adapter)


@dataclass
class Outcome:
    """What a canary call left behind."""
    outputs: dict          # output name -> value (and "return")
    arrays: dict           # array name -> the declared part, after the call
    guards_intact: dict    # array name -> bool
    sizes: dict            # array name -> declared size used


def call(fn, scenario, short=None):
    """Call ``fn`` through ctypes with every array exactly its declared size.

    ``short`` names a Len parameter given one less than its array's size
    (the array itself keeps its declared size and guards).
    """
    env = {}
    for p in fn.params:
        if isinstance(p, (N.I32, N.RefI32, N.InOutI32)):
            env[p.name] = int(scenario.scalars[p.name])
    sizes = {name: max(evaluate(expr, env), 0) for name, expr in fn.sizes.items()}
    for p in fn.params:
        if isinstance(p, N.Len):
            env[p.name] = sizes[p.array] - (1 if p.name == short else 0)
    buffers, views = {}, {}
    for p in fn.params:
        if not isinstance(p, N.ARRAY_KINDS):
            continue
        n = sizes[p.name]
        dtype = np.float64 if isinstance(p, N.F64s) else np.int32
        buf = np.zeros(n + GUARD, dtype=dtype)
        buf[n:] = F64_GUARD if dtype == np.float64 else I32_GUARD
        if p.name in scenario.arrays:
            buf[:n] = np.asarray(scenario.arrays[p.name], dtype=dtype).reshape(-1)[:n]
        buffers[p.name] = buf
        views[p.name] = buf[:n]
    argtypes, args, slots, keep = [], [], {}, []
    for p in fn.params:
        if isinstance(p, N.Callback):
            cb = _wrap_callback(p.abi, scenario.callback)
            keep.append(cb)
            argtypes.append(_callback_type(p.abi))
            args.append(cb)
        elif isinstance(p, CallbackUserData):
            argtypes.append(ctypes.c_void_p)
            args.append(None)
        elif isinstance(p, N.Routine):
            argtypes.append(ctypes.c_void_p)
            args.append(routine_address(p))
        elif isinstance(p, N.ARRAY_KINDS):
            ctype = ctypes.c_double if isinstance(p, N.F64s) else ctypes.c_int32
            argtypes.append(ctypes.POINTER(ctype))
            args.append(buffers[p.name].ctypes.data_as(ctypes.POINTER(ctype)))
        elif isinstance(p, N.I32):
            argtypes.append(ctypes.c_int32)
            args.append(env[p.name])
        elif isinstance(p, N.Len):
            if p.by_ref:
                slot = slots[p.name] = ctypes.c_int32(env[p.name])
                argtypes.append(ctypes.POINTER(ctypes.c_int32))
                args.append(ctypes.byref(slot))
            else:
                argtypes.append(ctypes.c_int32)
                args.append(env[p.name])
        elif isinstance(p, N.F64):
            argtypes.append(ctypes.c_double)
            args.append(float(scenario.scalars[p.name]))
        elif isinstance(p, (N.RefI32, N.InOutI32)):
            slot = slots[p.name] = ctypes.c_int32(env[p.name])
            argtypes.append(ctypes.POINTER(ctypes.c_int32))
            args.append(ctypes.byref(slot))
        elif isinstance(p, N.RefChar):
            code = p.fixed if p.fixed is not None else chr(scenario.scalars[p.name])
            slot = slots[p.name] = ctypes.c_char(code.encode())
            argtypes.append(ctypes.POINTER(ctypes.c_char))
            args.append(ctypes.byref(slot))
        elif isinstance(p, N.OutI32):
            slot = slots[p.name] = ctypes.c_int32(0)
            argtypes.append(ctypes.POINTER(ctypes.c_int32))
            args.append(ctypes.byref(slot))
        elif isinstance(p, N.OutF64):
            slot = slots[p.name] = ctypes.c_double(0.0)
            argtypes.append(ctypes.POINTER(ctypes.c_double))
            args.append(ctypes.byref(slot))
        else:
            raise TypeError("no ctypes form for %r" % (p,))
    ret = _cfunction(fn, argtypes, _CT.get(fn.returns))(*args)
    outputs = {p.name: slots[p.name].value for p in fn.outputs}
    if fn.returns != "void":
        outputs["return"] = ret
    guards = {}
    for name, buf in buffers.items():
        n = sizes[name]
        want = F64_GUARD if buf.dtype == np.float64 else I32_GUARD
        guards[name] = bool(np.all(buf[n:] == want))
    return Outcome(outputs, {k: v.copy() for k, v in views.items()}, guards, sizes)


def contents_before(fn, scenario):
    """The arrays' declared parts as :func:`call` fills them, before the call."""
    env = {p.name: int(scenario.scalars[p.name]) for p in fn.params
           if isinstance(p, (N.I32, N.RefI32, N.InOutI32))}
    out = {}
    for p in fn.params:
        if isinstance(p, N.ARRAY_KINDS):
            n = max(evaluate(fn.sizes[p.name], env), 0)
            dtype = np.float64 if isinstance(p, N.F64s) else np.int32
            a = np.zeros(n, dtype=dtype)
            if p.name in scenario.arrays:
                a[:] = np.asarray(scenario.arrays[p.name], dtype=dtype).reshape(-1)[:n]
            out[p.name] = a
    return out


# ---------------------------------------------------------------- the Fortran side
@dataclass
class Dummy:
    """One dummy argument of a bind(C) procedure as the Fortran declares it."""
    name: str
    kind: str            # the table's kind class name it corresponds to
    dims: tuple = ()     # dimension expressions ("*" for assumed size)
    intent: str = None


@dataclass
class FortranEntry:
    symbol: str
    path: pathlib.Path
    dummies: list
    returns: str = "void"


_BIND = re.compile(
    r"^\s*(?:recursive\s+|pure\s+|impure\s+)*(subroutine|(?:(?:integer|real)\([\w]+\)\s+)?function)"
    r"\s+(\w+)\s*\(([^)]*)\)\s*(?:result\s*\(\s*(\w+)\s*\))?\s*"
    r"bind\s*\(\s*C\s*,\s*name\s*=\s*['\"](scijit_\w+)['\"]\s*\)",
    re.IGNORECASE)


def _logical_lines(text):
    """Fortran source as statements: comments dropped, & continuations joined."""
    out, cur = [], ""
    for raw in text.splitlines():
        line = raw.split("!", 1)[0].rstrip()
        if not line.strip():
            continue
        stripped = line.strip()
        if stripped.startswith("&"):
            stripped = stripped[1:]
        if cur:
            cur += " " + stripped
        else:
            cur = stripped
        if cur.endswith("&"):
            cur = cur[:-1]
            continue
        out.append(cur)
        cur = ""
    return out


def _split_top(s):
    parts, depth, cur = [], 0, ""
    for ch in s:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def _declarations(lines, names):
    """name -> (type spec, attributes, dims) for the dummies ``names``."""
    found = {}
    for line in lines:
        if "::" not in line:
            continue
        spec, entities = line.split("::", 1)
        attrs = [a.strip().lower() for a in _split_top(spec)]
        for ent in _split_top(entities):
            m = re.match(r"(\w+)\s*(?:\((.*)\))?\s*$", ent)
            if not m or m.group(1).lower() not in names:
                continue
            dims = tuple(d.strip() for d in _split_top(m.group(2))) if m.group(2) else ()
            found[m.group(1).lower()] = (attrs, dims)
    return found


def _kind(attrs, dims, is_len):
    base = attrs[0]
    intent = next((a.split("(")[1].rstrip(")").strip() for a in attrs if a.startswith("intent")),
                  None)
    value = "value" in attrs
    if base.startswith("procedure"):
        return "Callback", intent
    if base.startswith("type(c_funptr)") and value:
        return "Routine", intent
    if base.startswith("type(c_ptr)"):
        return "UserData", intent
    if base.startswith("integer"):
        if dims:
            return "I32s", intent
        if value:
            return ("Len" if is_len else "I32"), intent
        return {"out": "OutI32", "inout": "InOutI32", "in": "RefI32"}[intent or "inout"], intent
    if base.startswith("real"):
        if dims:
            return "F64s", intent
        if value:
            return "F64", intent
        return "OutF64", intent
    raise ValueError("unknown declaration %s" % attrs)


def fortran_entry_points(len_names):
    """symbol -> FortranEntry for every bind(C, name='scijit_...') in vendor/.

    ``len_names`` maps a symbol to the names the table declares as Len (an
    integer by value is a Len or an I32; only the table can tell).
    """
    entries = {}
    for path in sorted((REPO / "vendor").rglob("*.f90")):
        if "tests" in path.parts:
            continue
        lines = _logical_lines(path.read_text())
        for i, line in enumerate(lines):
            m = _BIND.match(line)
            if not m:
                continue
            kind_kw, _, arglist, result, symbol = m.groups()
            args = [a.strip().lower() for a in arglist.split(",") if a.strip()]
            end = next(j for j in range(i + 1, len(lines))
                       if re.match(r"^\s*end\s+(subroutine|function)\b", lines[j], re.I))
            body = lines[i + 1:end]
            decls = _declarations(body, set(args) | ({result.lower()} if result else set()))
            dummies = []
            for a in args:
                if a not in decls:
                    raise ValueError("%s: no declaration for %s" % (symbol, a))
                attrs, dims = decls[a]
                kind, intent = _kind(attrs, dims, a in len_names.get(symbol, ()))
                dummies.append(Dummy(a, kind, dims, intent))
            returns = "void"
            if kind_kw.lower().endswith("function"):
                rname = (result or m.group(2)).lower()
                rattrs = decls.get(rname, ([kind_kw.split()[0]], ()))[0]
                base = rattrs[0]
                returns = ("f64" if base.startswith("real") else
                           "i64" if "int64" in base else "i32")
            entries[symbol] = FortranEntry(symbol, path, dummies, returns)
    return entries


def fortran_dims_value(dims, env):
    """The number of elements of explicit-shape ``dims`` under ``env``
    (Fortran's integer ``/`` as floor division of non-negative values)."""
    total = 1
    for d in dims:
        if d == "*" or ":" in d:
            raise ValueError("assumed-size or assumed-shape dimension %r" % d)
        expr = re.sub(r"(?<![/])/(?![/])", "//", d)
        expr = re.sub(r"\bint\s*\(([^(),]+),\s*int64\)", r"(\1)", expr)
        total *= max(eval(expr, {"__builtins__": {}, "max": max, "min": min}, dict(env)), 0)
    return total
