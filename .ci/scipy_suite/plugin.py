"""pytest plugin: run scipy's own test modules with scijit's Python entries in place of scipy's.

Loaded by ``.ci/scipy_suite/run.py`` (``-p plugin``).  With ``--scijit-substitute`` it
replaces, in every collected test module's globals, each scipy function or class that
scijit implements (``scijit.interpolate.__all__``, ...) by scijit's entry, and each
``scipy.interpolate``/``integrate``/``optimize`` module object by a proxy module that
answers scijit's entries for those names and scipy's for the rest.  Without the option
it only records (the baseline run: which tests pass with scipy itself on this machine).

Per test it records, in the JSON-lines file given by ``--scijit-log``:

- ``outcome`` and the crash line (exception type and message) of a failure;
- ``called``: the scijit entries the test called (a test that called none does not
  exercise scijit and is reported apart);
- ``handed``: the scijit entries that handed the call to scipy's own code (they built
  scipy's class or called scipy's function themselves, e.g. interp1d with N-D ``y``).
  Detected by wrapping those scipy classes' ``__init__`` and functions: a call whose
  caller is a ``scijit.*`` module, made while a scijit entry runs, is a hand-off.
  Objects that scijit's compiled code built and boxed are scipy's classes too, and their
  methods (``spl(x)``, ``spl.derivative()``) are scipy's code: that is the design, not a
  hand-off, and is not counted.
"""
import functools
import importlib
import json
import sys
import threading
import types

import pytest

SUBPACKAGES = {
    "scipy.interpolate": "scijit.interpolate",
    "scipy.integrate": "scijit.integrate",
    "scipy.optimize": "scijit.optimize",
    "scipy.optimize.elementwise": "scijit.optimize.elementwise",
}

_state = threading.local()


def _record():
    if not hasattr(_state, "called"):
        _reset()
    return _state


def _reset():
    _state.called, _state.handed, _state.depth, _state.current = set(), set(), 0, []


def _our_entry(name, ours):
    """scijit's entry ``ours`` wrapped to record that the test called it."""
    @functools.wraps(ours)
    def entry(*args, **kwargs):
        state = _record()
        state.called.add(name)
        state.depth += 1
        state.current.append(name)
        try:
            return ours(*args, **kwargs)
        finally:
            state.depth -= 1
            state.current.pop()
    entry.__scijit_entry__ = ours
    return entry


def _called_from_scijit(frames_up):
    caller = sys._getframe(frames_up).f_globals.get("__name__", "")
    return caller == "scijit" or caller.startswith("scijit.")


def _note_handoff():
    state = _record()
    if state.depth and _called_from_scijit(3):
        state.handed.add(state.current[-1])


def _watch_scipy(module, name):
    """Wrap scipy's ``module.name`` so that a call from scijit's code is a recorded hand-off."""
    target = getattr(module, name)
    if isinstance(target, type):
        init = target.__init__
        if getattr(init, "__scijit_watch__", False) or "__init__" not in vars(target):
            return

        @functools.wraps(init)
        def watched_init(self, *args, **kwargs):
            if type(self) is target:
                _note_handoff()
            return init(self, *args, **kwargs)
        watched_init.__scijit_watch__ = True
        target.__init__ = watched_init
    elif callable(target) and not getattr(target, "__scijit_watch__", False):
        @functools.wraps(target)
        def watched(*args, **kwargs):
            _note_handoff()
            return target(*args, **kwargs)
        watched.__scijit_watch__ = True
        setattr(module, name, watched)


class _Proxy(types.ModuleType):
    """A scipy subpackage whose names scijit implements answer scijit's entries."""

    def __init__(self, scipy_module, entries):
        super().__init__(scipy_module.__name__)
        self.__dict__["_scipy"] = scipy_module
        self.__dict__.update(entries)

    def __getattr__(self, name):
        return getattr(self.__dict__["_scipy"], name)


def pytest_addoption(parser):
    parser.addoption("--scijit-substitute", action="store_true")
    parser.addoption("--scijit-log", default=None)


class _Substitution:
    def __init__(self):
        self.entries = {}       # scipy module name -> {name: wrapped scijit entry}
        self.by_object = {}     # id(scipy object) -> wrapped scijit entry
        self.proxies = {}       # id(scipy module) -> proxy
        for scipy_name, ours_name in SUBPACKAGES.items():
            theirs, ours = importlib.import_module(scipy_name), importlib.import_module(ours_name)
            wrapped = {}
            for name in ours.__all__:
                if not hasattr(theirs, name):
                    continue
                wrapped[name] = _our_entry(name, getattr(ours, name))
                self.by_object[id(getattr(theirs, name))] = wrapped[name]
            self.entries[scipy_name] = wrapped
            self.proxies[id(theirs)] = _Proxy(theirs, wrapped)
        self.patched = set()

    def watch(self):
        """Watch scipy's objects for hand-offs, once the test modules hold theirs: replacing a
        scipy function in its module earlier would give the tests a different object (scipy's
        array-API marks look functions up by identity)."""
        for scipy_name, wrapped in self.entries.items():
            for name in wrapped:
                _watch_scipy(importlib.import_module(scipy_name), name)

    def patch(self, module):
        if module is None or id(module) in self.patched:
            return
        self.patched.add(id(module))
        for name, value in list(vars(module).items()):
            replacement = self.by_object.get(id(value)) or self.proxies.get(id(value))
            if replacement is not None:
                setattr(module, name, replacement)


def pytest_configure(config):
    config._scijit_sub = _Substitution() if config.getoption("--scijit-substitute") else None
    path = config.getoption("--scijit-log")
    # only the controlling process writes the log (xdist workers send their reports to it)
    config._scijit_log = open(path, "a") if path and not hasattr(config, "workerinput") else None


def pytest_collection_modifyitems(session, config, items):
    if config._scijit_sub is None:
        return
    for item in items:
        module = item.getparent(pytest.Module)
        config._scijit_sub.patch(module.obj if module is not None else None)
    config._scijit_sub.watch()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    _reset()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    state = _record()
    report.user_properties.append(("scijit_called", sorted(state.called)))
    report.user_properties.append(("scijit_handed", sorted(state.handed)))


def pytest_runtest_logreport(report):
    log = getattr(pytest_runtest_logreport, "log", None)
    if log is None:
        return
    if report.when != "call" and not (report.failed or report.skipped):
        return
    props = dict(report.user_properties)
    crash = getattr(getattr(report, "longrepr", None), "reprcrash", None)
    message = crash.message if crash is not None else (
        str(report.longrepr[2]) if report.skipped and isinstance(report.longrepr, tuple) else "")
    log.write(json.dumps({
        "nodeid": report.nodeid, "when": report.when, "outcome": report.outcome,
        "wasxfail": hasattr(report, "wasxfail"), "crash": message[:2000],
        "crash_path": getattr(crash, "path", "") if crash is not None else "",
        "called": props.get("scijit_called", []), "handed": props.get("scijit_handed", []),
    }) + "\n")
    log.flush()


@pytest.hookimpl(trylast=True)
def pytest_sessionstart(session):
    pytest_runtest_logreport.log = session.config._scijit_log
