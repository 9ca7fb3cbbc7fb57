"""Size expressions of the native table: how many elements an array needs.

Every array parameter of a native entry point (see :mod:`.native`) declares
its size as a small arithmetic expression over the entry point's integer
parameters, written as Python source, e.g. ``"3*n + m"``,
``"n*(n + 1)//2"``, ``"max(nxest, my)"`` or ``"curfit_lwrk(m, k, nest)"``.
One parsed expression serves three readers:

* :meth:`SizeExpr.emit` computes it in LLVM (int64) for the checks and the
  workspace allocation of a compiled call;
* :meth:`SizeExpr.evaluate` computes it in Python (the canary tests, the C
  header's comments);
* :meth:`SizeExpr.names` lists the parameters it reads.

The grammar is deliberately tiny: integer constants, parameter names,
``+ - * //``, unary minus, parentheses, ``max(...)``, ``min(...)`` and calls
of *size functions*.  A size function is a pure ``bind(C)`` function of ours
returning an ``int64_t`` (FITPACK's workspace formulas, ``curfit_lwrk``, ...),
declared in the table like every entry point and registered here by name
with :func:`register_size_function`, so a formula the Fortran already states
is not written a second time in Python.

``//`` is floor division by a positive constant, as in Python, in both
evaluators.
"""
import ast
from dataclasses import dataclass, field

from llvmlite import ir

_i64 = ir.IntType(64)

#: size function name -> NativeFunction (returns 'i64', all parameters I32)
_SIZE_FUNCTIONS = {}

_BINOPS = (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv)


class SizeExpressionError(ValueError):
    """A size expression uses something outside the grammar."""


def register_size_function(name, function):
    """Make ``name(...)`` in size expressions call the native ``function``."""
    existing = _SIZE_FUNCTIONS.get(name)
    if existing is not None and existing.symbol != function.symbol:
        raise SizeExpressionError("size function %r is already %s" % (name, existing.symbol))
    _SIZE_FUNCTIONS[name] = function


def size_function(name):
    """The NativeFunction registered as size function ``name``."""
    try:
        return _SIZE_FUNCTIONS[name]
    except KeyError:
        raise SizeExpressionError("unknown size function %r" % name) from None


def size_functions():
    """Every registered size function, by name."""
    return dict(_SIZE_FUNCTIONS)


def _validate(node, text):
    if isinstance(node, ast.Expression):
        return _validate(node.body, text)
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return
    if isinstance(node, ast.Name):
        return
    if isinstance(node, ast.BinOp) and isinstance(node.op, _BINOPS):
        if isinstance(node.op, ast.FloorDiv) and not (
                isinstance(node.right, ast.Constant) and type(node.right.value) is int
                and node.right.value > 0):
            raise SizeExpressionError("size expression %r: divide by positive constants only"
                                      % text)
        _validate(node.left, text)
        _validate(node.right, text)
        return
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        _validate(node.operand, text)
        return
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords
            and node.args):
        for a in node.args:
            _validate(a, text)
        return
    raise SizeExpressionError("size expression %r: %s is not allowed"
                              % (text, ast.dump(node)))


@dataclass(frozen=True)
class SizeExpr:
    """A parsed size expression (see the module docstring)."""
    text: str
    tree: object = field(compare=False, hash=False, repr=False)

    @classmethod
    def parse(cls, text):
        if isinstance(text, int):
            text = str(text)
        tree = ast.parse(text.strip(), mode="eval")
        _validate(tree, text)
        return cls(text.strip(), tree.body)

    def names(self):
        """The parameter names the expression reads, in order of appearance."""
        out = []

        def walk(node):
            if isinstance(node, ast.Name):
                if node.id not in out:
                    out.append(node.id)
            elif isinstance(node, ast.BinOp):
                walk(node.left)
                walk(node.right)
            elif isinstance(node, ast.UnaryOp):
                walk(node.operand)
            elif isinstance(node, ast.Call):
                for a in node.args:
                    walk(a)
        walk(self.tree)
        return tuple(out)

    def functions(self):
        """Names of the functions (max, min, size functions) it calls."""
        return tuple(sorted({n.func.id for n in ast.walk(self.tree) if isinstance(n, ast.Call)}))

    # ------------------------------------------------------------ Python
    def evaluate(self, env, call=None):
        """The value for ``env`` (name -> int).  ``call(name, args)`` computes
        a size function (the tests call the native one); without it a size
        function is an error."""
        def ev(node):
            if isinstance(node, ast.Constant):
                return node.value
            if isinstance(node, ast.Name):
                try:
                    return int(env[node.id])
                except KeyError:
                    raise SizeExpressionError("size expression %r needs %r"
                                              % (self.text, node.id)) from None
            if isinstance(node, ast.UnaryOp):
                return -ev(node.operand)
            if isinstance(node, ast.BinOp):
                a, b = ev(node.left), ev(node.right)
                if isinstance(node.op, ast.Add):
                    return a + b
                if isinstance(node.op, ast.Sub):
                    return a - b
                if isinstance(node.op, ast.Mult):
                    return a * b
                return a // b
            args = [ev(a) for a in node.args]
            name = node.func.id
            if name == "max":
                return max(args)
            if name == "min":
                return min(args)
            size_function(name)
            if call is None:
                raise SizeExpressionError("size expression %r calls %s: give `call`"
                                          % (self.text, name))
            return int(call(name, args))
        return ev(self.tree)

    # ------------------------------------------------------------ LLVM
    def emit(self, builder, env, declare):
        """The value as an LLVM i64.  ``env`` maps names to i64 values;
        ``declare(function)`` returns the LLVM function of a size function
        (declared by symbol in the current module)."""
        def ev(node):
            if isinstance(node, ast.Constant):
                return _i64(node.value)
            if isinstance(node, ast.Name):
                try:
                    return env[node.id]
                except KeyError:
                    raise SizeExpressionError("size expression %r needs %r"
                                              % (self.text, node.id)) from None
            if isinstance(node, ast.UnaryOp):
                return builder.neg(ev(node.operand))
            if isinstance(node, ast.BinOp):
                a, b = ev(node.left), ev(node.right)
                if isinstance(node.op, ast.Add):
                    return builder.add(a, b)
                if isinstance(node.op, ast.Sub):
                    return builder.sub(a, b)
                if isinstance(node.op, ast.Mult):
                    return builder.mul(a, b)
                return _emit_floordiv(builder, a, b)
            args = [ev(a) for a in node.args]
            name = node.func.id
            if name in ("max", "min"):
                out = args[0]
                for v in args[1:]:
                    pick = builder.icmp_signed(">" if name == "max" else "<", v, out)
                    out = builder.select(pick, v, out)
                return out
            fn = size_function(name)
            callee = declare(fn)
            lltys = callee.function_type.args
            return builder.call(callee, [builder.trunc(v, t) if t.width < 64 else v
                                         for v, t in zip(args, lltys)])
        return ev(self.tree)

    def __str__(self):
        return self.text


def _emit_floordiv(builder, a, b):
    """Python's a // b for int64 and a positive constant b (rounds toward
    -inf; LLVM's sdiv rounds toward 0)."""
    q = builder.sdiv(a, b)
    negative_remainder = builder.icmp_signed("<", builder.srem(a, b), _i64(0))
    return builder.sub(q, builder.zext(negative_remainder, _i64))
