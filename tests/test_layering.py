"""The layering contract, checked on the source (ast, no import of the code).

scijit is three packages, one way: ``scijit -> lowering -> scijit_types -> numba``.

* **Imports** (:func:`test_import_contract`): no module of ``scijit_types``
  imports ``lowering`` or ``scijit``; no module of ``lowering`` imports
  ``scijit``; only ``lowering`` imports llvmlite.  Every import statement
  counts, at module level or inside a function.
* **numba's private API** (:func:`test_numba_private_api_only_in_numba_internals`)
  is used by ``lowering/_numba_internals.py`` only.  Private API means:
  a name starting with ``_`` imported from numba or llvmlite, or a module of
  theirs with such a component in its path; numba's internal modules
  (:data:`NUMBA_INTERNAL_MODULES`: the calling convention, code libraries
  and code generation, the base target context, caching, the runtime, the
  dispatcher, array internals); numba's internal attributes
  (:data:`NUMBA_INTERNAL_ATTRIBUTES`: the calling convention, code
  libraries, a dispatcher's compiled overloads); and an attribute starting
  with ``_`` read on numba's objects: on a name imported from numba or
  llvmlite, or on the objects numba hands to lowering code
  (:data:`NUMBA_OBJECTS`: ``context``, ``builder``, ``c`` of box/unbox, ...).
  ``_getvalue`` of numba's struct proxies is the one exception: numba's
  extension API documents it (its "interval" example).
* **No lowering in the public layer** (:func:`test_no_lowering_code_in_scijit`):
  a module of ``scijit/`` imports none of numba's code generation tools
  (:data:`LOWERING_MODULES`, :data:`LOWERING_NAMES`: cgutils, imputils,
  numba.core.typing, ``lower_builtin``, ``intrinsic``, box/unbox, data
  models, ...), defines no function taking ``(context, builder)``, and calls
  no method of the objects of :data:`NUMBA_OBJECTS` (``context.compile_internal``,
  ``builder.call``, ...).  It names what it needs from ``lowering``.
* **Private names stay private** (:func:`test_no_private_names_across_modules`):
  no module imports another module's ``_name`` (a function, class or
  constant), or reads it as ``module._name``; a private *module*
  (``scijit._arguments``) may be imported within its own top-level package,
  not from another.

* **Cached closures close over data** (:func:`test_no_cached_closures`):
  no ``cache=True`` function is defined inside another function (its cache
  entry would miss in every new process if it closed over a compiled
  function, see :func:`cached_closure_violations`); such a function is made
  with ``lowering.cached.cached_closure``, which checks what it closes over.

:data:`ALLOWED` lists, file by file, the few uses left in files another
engineer is changing in the same release; they are to be removed, not added to.
"""
import ast
import pathlib

import pytest
from numba import njit

REPO = pathlib.Path(__file__).resolve().parents[1]
PACKAGES = ("scijit", "lowering", "scijit_types")
NUMBA_INTERNALS = "lowering/_numba_internals.py"

#: numba modules that are its internals, not its extension API.
NUMBA_INTERNAL_MODULES = (
    "numba.core.base", "numba.core.callconv", "numba.core.codegen", "numba.core.caching",
    "numba.core.utils", "numba.core.runtime", "numba.core.dispatcher", "numba.core.registry",
    "numba.core.compiler", "numba.core.compiler_machinery", "numba.core.cpu",
    "numba.np.arrayobj", "llvmlite.binding.ffi")
#: attributes of numba's objects that are its internals (calling convention,
#: code libraries, a dispatcher's compiled overloads).
NUMBA_INTERNAL_ATTRIBUTES = frozenset((
    "call_conv", "active_code_library", "add_linking_library", "add_linking_libs",
    "overloads", "codegen", "_get_return_status"))
#: the names lowering code conventionally gives numba's objects.
NUMBA_OBJECTS = frozenset((
    "context", "builder", "c", "pyapi", "typingctx", "tctx", "typing_context", "cres",
    "dispatcher", "disp", "fndesc", "library", "nrt"))
#: numba's documented private-looking name (struct proxies' value).
DOCUMENTED_PRIVATE = frozenset(("_getvalue",))

#: numba/llvmlite modules that generate code: not for scijit/.
LOWERING_MODULES = ("llvmlite", "numba.core.cgutils", "numba.core.imputils", "numba.core.typing",
                    "numba.core.base", "numba.core.callconv", "numba.core.codegen",
                    "numba.core.datamodel", "numba.np.arrayobj")
#: numba.extending's (and numba.core's) lowering and data-model tools: not for scijit/.
LOWERING_NAMES = frozenset((
    "cgutils", "imputils", "lower_builtin", "lower_cast", "lower_getattr",
    "lower_getattr_generic", "lower_setattr", "lower_setattr_generic", "lower_constant",
    "intrinsic", "box", "unbox", "NativeValue", "make_attribute_wrapper", "models",
    "register_model", "type_callable", "typeof_impl", "datamodel", "signature"))

#: (file, what) pairs allowed for now: none (the list only shrinks; an entry
#: is a known violation waiting for its fix, removed with the fix).
ALLOWED = frozenset()


# ---------------------------------------------------------------- the source, parsed
class Module:
    """One source file of the three packages: its dotted name and its tree."""

    def __init__(self, path, root=REPO):
        self.path = path
        self.rel = path.relative_to(root).as_posix()
        parts = list(path.relative_to(root).with_suffix("").parts)
        self.is_package = parts[-1] == "__init__"
        if self.is_package:
            parts = parts[:-1]
        self.name = ".".join(parts)
        self.package = self.name if self.is_package else self.name.rpartition(".")[0]
        self.top = parts[0]
        self.tree = ast.parse(path.read_text(), str(path))

    def resolve(self, node):
        """The absolute module name of an ImportFrom."""
        if node.level == 0:
            return node.module
        base = self.package.split(".")
        base = base[:len(base) - node.level + 1]
        return ".".join(base + ([node.module] if node.module else []))

    def imports(self):
        """(absolute module, imported name or None, node) for every import."""
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield alias.name, None, node
            elif isinstance(node, ast.ImportFrom):
                module = self.resolve(node)
                for alias in node.names:
                    yield module, alias.name, node


def modules(root=REPO):
    return [Module(path, root) for package in PACKAGES
            for path in sorted((root / package).rglob("*.py"))]


def _within(module, prefixes):
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def _is_private(name):
    return name.startswith("_") and not name.startswith("__")


def _is_our_module(dotted, root=REPO):
    path = root.joinpath(*dotted.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def _attribute_root(node):
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _numba_bound_names(module):
    """Names bound by importing from numba or llvmlite."""
    names = set()
    for dotted, name, node in module.imports():
        if dotted.split(".")[0] in ("numba", "llvmlite"):
            alias = next(a for a in node.names if a.name == (name or dotted))
            names.add(alias.asname or (name or dotted).split(".")[0])
    return names


# ---------------------------------------------------------------- the checks
def import_violations(mods):
    found = []
    for m in mods:
        for dotted, _, node in m.imports():
            top = dotted.split(".")[0]
            if m.top == "scijit_types" and top in ("lowering", "scijit"):
                found.append((m.rel, "imports %s (line %d)" % (dotted, node.lineno)))
            if m.top == "lowering" and top == "scijit":
                found.append((m.rel, "imports %s (line %d)" % (dotted, node.lineno)))
            if m.top != "lowering" and top == "llvmlite":
                found.append((m.rel, "imports %s (line %d)" % (dotted, node.lineno)))
    return found


def private_api_violations(mods):
    found = []
    for m in mods:
        if m.rel == NUMBA_INTERNALS:
            continue
        for dotted, name, node in m.imports():
            if dotted.split(".")[0] not in ("numba", "llvmlite"):
                continue
            full = dotted if name is None else dotted + "." + name
            if any(_is_private(part) for part in full.split(".")):
                found.append((m.rel, "numba private name %s (line %d)" % (full, node.lineno)))
            elif _within(full, NUMBA_INTERNAL_MODULES) or _within(dotted, NUMBA_INTERNAL_MODULES):
                found.append((m.rel, "numba internal module %s (line %d)" % (full, node.lineno)))
        bound = _numba_bound_names(m) | NUMBA_OBJECTS
        for node in ast.walk(m.tree):
            if not isinstance(node, ast.Attribute):
                continue
            if node.attr in NUMBA_INTERNAL_ATTRIBUTES and _attribute_root(node) in bound:
                found.append((m.rel, "numba internal attribute .%s (line %d)"
                              % (node.attr, node.lineno)))
            elif (_is_private(node.attr) and node.attr not in DOCUMENTED_PRIVATE
                  and _attribute_root(node) in bound):
                found.append((m.rel, "numba private attribute .%s (line %d)"
                              % (node.attr, node.lineno)))
    return found


def lowering_in_scijit_violations(mods):
    found = []
    for m in mods:
        if m.top != "scijit":
            continue
        for dotted, name, node in m.imports():
            full = dotted if name is None else dotted + "." + name
            if _within(dotted, LOWERING_MODULES) or _within(full, LOWERING_MODULES):
                found.append((m.rel, "lowering tool %s (line %d)" % (full, node.lineno)))
            elif dotted.split(".")[0] == "numba" and name in LOWERING_NAMES:
                found.append((m.rel, "lowering tool %s (line %d)" % (full, node.lineno)))
        for node in ast.walk(m.tree):
            if isinstance(node, (ast.FunctionDef, ast.Lambda)):
                params = {a.arg for a in node.args.args}
                if {"context", "builder"} <= params:
                    found.append((m.rel, "codegen function (context, builder) (line %d)"
                                  % node.lineno))
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                root = _attribute_root(node.func)
                if root in NUMBA_OBJECTS - {"c"}:
                    found.append((m.rel, "IR or context call %s.%s (line %d)"
                                  % (root, node.func.attr, node.lineno)))
    return found


def private_name_violations(mods, root=REPO):
    found = []
    for m in mods:
        bound_modules = {}          # local name -> our module it is bound to
        for dotted, name, node in m.imports():
            if dotted.split(".")[0] not in PACKAGES:
                continue
            alias = next(a for a in node.names if a.name == (name or dotted))
            if name is None:
                target = dotted
                if alias.asname:
                    bound_modules[alias.asname] = dotted
            else:
                target = dotted + "." + name
                if _is_our_module(target, root):
                    bound_modules[alias.asname or name] = target
            parts = target.split(".")
            for i, part in enumerate(parts):
                if not _is_private(part):
                    continue
                owner = ".".join(parts[:i])
                if _is_our_module(".".join(parts[:i + 1]), root):
                    if parts[0] != m.top:       # a private module of another package
                        found.append((m.rel, "private module %s of %s"
                                      % (".".join(parts[:i + 1]), parts[0])))
                elif owner != m.name:
                    found.append((m.rel, "private name %s of %s" % (part, owner)))
        for node in ast.walk(m.tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in bound_modules and _is_private(node.attr)):
                owner = bound_modules[node.value.id]
                if not (_is_our_module(owner + "." + node.attr, root)
                        and owner.split(".")[0] == m.top):
                    found.append((m.rel, "private name %s of %s" % (node.attr, owner)))
    return found


def cached_closure_violations(mods):
    """A function compiled with ``cache=True`` defined inside another
    function: numba's cache key holds its closure's values pickled, and a
    compiled function among them pickles with a per-process id, so the
    entry misses in every new process (and the index grows by one each)."""
    found = []
    for m in mods:
        for outer in ast.walk(m.tree):
            if not isinstance(outer, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(outer):
                if node is outer or not isinstance(node, ast.FunctionDef):
                    continue
                for dec in node.decorator_list:
                    if isinstance(dec, ast.Call) and any(
                            k.arg == "cache" and isinstance(k.value, ast.Constant)
                            and k.value.value is True for k in dec.keywords):
                        found.append((m.rel, "cached closure %s in %s" % (node.name, outer.name)))
    return found


def _report(found):
    new = sorted(set(found) - ALLOWED)
    return "\n".join("%s: %s" % item for item in new)


@pytest.fixture(scope="module")
def mods():
    return modules()


def test_import_contract(mods):
    """scijit -> lowering -> scijit_types, never backwards; llvmlite only in lowering."""
    assert not _report(import_violations(mods)), _report(import_violations(mods))


def test_numba_private_api_only_in_numba_internals(mods):
    found = private_api_violations(mods)
    assert not _report(found), _report(found)


def test_no_lowering_code_in_scijit(mods):
    found = lowering_in_scijit_violations(mods)
    assert not _report(found), _report(found)


def test_no_private_names_across_modules(mods):
    found = private_name_violations(mods)
    assert not _report(found), _report(found)


def test_no_cached_closures(mods):
    found = cached_closure_violations(mods)
    assert not _report(found), _report(found)


@njit
def _helper(x):
    return x


def test_cached_closure_refuses_a_compiled_function():
    from lowering.cached import cached_closure

    def make(scale):
        @cached_closure()
        def f(x):
            return _helper(x) * scale       # a global: fine
        return f

    def make_bad():
        h = _helper

        @cached_closure()
        def f(x):
            return h(x)
        return f
    assert make(2.0)(1.5) == 3.0
    with pytest.raises(TypeError, match="closes over h = .* not data"):
        make_bad()


def test_allowed_entries_are_still_needed(mods):
    """An allow-list entry no longer found is removed (the list only shrinks)."""
    found = set(import_violations(mods) + private_api_violations(mods)
                + lowering_in_scijit_violations(mods) + private_name_violations(mods))
    assert ALLOWED <= found, sorted(ALLOWED - found)


# ---------------------------------------------------------------- the checks can fail
BROKEN = {
    "import": ("scijit_types/_probe.py", "from lowering import native\n", import_violations),
    "import_lowering_scijit": ("lowering/_probe.py", "import scijit.optimize\n",
                               import_violations),
    "private_api": ("lowering/_probe.py",
                    "def f(context, builder):\n    return context.call_conv.x\n",
                    private_api_violations),
    "private_attribute": ("scijit_types/_probe.py",
                          "from numba.core.typing.templates import Registry\n"
                          "x = Registry._functions\n", private_api_violations),
    "internal_module": ("lowering/_probe.py", "from numba.core.callconv import BaseCallConv\n",
                        private_api_violations),
    "lowering_in_scijit": ("scijit/_probe.py", "from numba.core import cgutils\n",
                           lowering_in_scijit_violations),
    "codegen_in_scijit": ("scijit/_probe.py",
                          "def lower(context, builder, sig, args):\n"
                          "    return context.compile_internal(builder, f, sig, args)\n",
                          lowering_in_scijit_violations),
    "private_name": ("scijit/_probe.py", "from scijit_types.spline import _kind_of\n",
                     private_name_violations),
    "private_module": ("lowering/_probe.py", "from scijit_types._struct import box_struct\n",
                       private_name_violations),
    "cached_closure": ("scijit/_probe.py",
                       "from numba import njit\n\ndef make(g):\n    @njit(cache=True)\n"
                       "    def f(x):\n        return g(x)\n    return f\n",
                       cached_closure_violations),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_each_check_fails_on_a_violation(case, tmp_path):
    """Each check finds a violation planted in a copy of the tree."""
    rel, source, check = BROKEN[case]
    for package in PACKAGES:
        for path in (REPO / package).rglob("*.py"):
            dest = tmp_path / path.relative_to(REPO)
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_text(path.read_text())
    clean = set(check(modules(tmp_path), tmp_path)) if check is private_name_violations else \
        set(check(modules(tmp_path)))
    (tmp_path / rel).write_text(source)
    mods = modules(tmp_path)
    found = set(check(mods, tmp_path) if check is private_name_violations else check(mods))
    assert [f for f in found - clean if f[0] == rel], (case, found - clean)


# ---------------------------------------------------------------- our layers, not the user's
def _root():
    """The directory our three packages are installed in."""
    import importlib.util
    return str(pathlib.Path(importlib.util.find_spec("scijit").origin).resolve().parents[1])


#: Puts the interpreter in a plain install's situation: an editable
#: install's finder (first on sys.meta_path) would find our packages before
#: sys.path and hide the shadowing; without it the script's directory, first
#: on sys.path, shadows our packages as it does for an installed wheel.
_PLAIN_INSTALL = """
    import importlib.util, sys
    sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in type(f).__module__]
    if {root!r} not in sys.path:
        sys.path.append({root!r})
    assert importlib.util.find_spec("lowering").origin == {shadow!r}, "the shadow is not first"
"""

_SHADOW = 'raise RuntimeError("the user\'s own %s was imported")\n'


def _shadowing(tmp_path, names=("lowering", "scijit_types"), module_text=_SHADOW):
    for name in names:
        (tmp_path / (name + ".py")).write_text(module_text % name)
    return _PLAIN_INSTALL.format(root=_root(), shadow=str(tmp_path / "lowering.py"))


def test_a_users_lowering_py_does_not_shadow_ours_in_njit(run_python, tmp_path):
    """scipy's fsolve inside @njit, scijit reached through numba's entry point only."""
    out = run_python(_shadowing(tmp_path) + """
    import warnings
    import numpy as np
    from numba import njit
    from scipy.optimize import fsolve

    @njit
    def f(x):
        return x - 2.0

    @njit
    def solve():
        return fsolve(f, np.array([0.0]))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        x = solve()
    assert not [w for w in caught if "scijit" in str(w.message)], [str(w.message) for w in caught]
    print(x[0], sys.modules["lowering"].__file__ == {ours!r})
    """.format(ours=str(pathlib.Path(_root()) / "lowering" / "__init__.py"))).stdout.split()
    assert out == ["2.0", "True"]


def test_a_users_lowering_py_does_not_shadow_ours_in_python(run_python, tmp_path):
    out = run_python(_shadowing(tmp_path) + """
    import numpy as np
    from scijit.optimize import fsolve
    from scijit.interpolate import CubicSpline
    print(fsolve(lambda x: x - 2.0, np.array([0.0]))[0],
          CubicSpline(np.arange(4.0), np.arange(4.0))(1.5))
    """).stdout.split()
    assert out == ["2.0", "1.5"]


def test_a_foreign_module_imported_under_our_name_is_an_import_error(run_python, tmp_path):
    code = _shadowing(tmp_path, module_text="NAME = %r\n") + """
    import lowering                      # the user's, imported before scijit
    try:
        import scijit
    except ImportError as e:
        print(e)
    """
    out = run_python(code).stdout
    ours = str(pathlib.Path(_root()) / "lowering" / "__init__.py")
    assert "scijit needs its own module 'lowering'" in out, out
    assert ours in out and str(tmp_path / "lowering.py") in out, out


def test_a_foreign_module_under_our_name_is_named_by_the_entry_point(run_python, tmp_path):
    """numba turns an exception in an extension's init into a warning: the
    warning carries our ImportError, naming both files."""
    code = _shadowing(tmp_path, module_text="NAME = %r\n") + """
    import warnings
    import lowering                      # the user's, imported before numba compiles
    from numba import njit
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        njit(lambda: 1)()
    print("\\n".join(str(w.message) for w in caught))
    """
    out = run_python(code).stdout
    ours = str(pathlib.Path(_root()) / "lowering" / "__init__.py")
    assert "ImportError" in out and "scijit needs its own module 'lowering'" in out, out
    assert ours in out and str(tmp_path / "lowering.py") in out, out
