"""Run scipy's own test modules against scijit's Python entries and report by cause.

    python .ci/scipy_suite/run.py [--modules NAME ...] [--out DIR]

Runs each module of MODULES twice with pytest from the installed scipy wheel: once as it is
(the baseline: what passes with scipy itself here) and once with scijit's entries
substituted (``plugin.py``).  Every test that passes in the baseline is then one of

- passed: passed with scijit's entries, scijit's code doing the work;
- passed via scipy: passed, but a scijit entry handed the call to scipy's own code;
- not exercised: the test passed without calling a scijit entry (it tests a name scijit
  lacks);
- failed, missing feature: scijit refused the call (TypeError, TypingError, an argument
  or method it does not support yet, a class API it does not have);
- failed, scipy internals: the test inspects scipy's private attributes or modules;
- failed, documented difference: scijit's answer differs from scipy's in a way its docs
  state (e.g. an exact spline solve where scipy's default solver is iterative), each
  listed in ``reviewed.py`` with the size of the difference;
- failed, wrong answer: scijit returned a different value, or accepted input scipy refuses
  (an assertion failed, or pytest.raises saw nothing).

Classification is by the failure's exception (``classify``) and, where that is not enough,
by ``reviewed.py``: tests examined by hand, each with its cause and the reason.  The exit
status is 1 if any test is a wrong answer, else 0: CI runs this as an informational step
that fails only on wrong answers.
"""
import argparse
import collections
import json
import os
import pathlib
import re
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from reviewed import REVIEWED  # noqa: E402

# scipy test modules for the names scijit implements, with a -k filter where a module
# mostly tests names scijit does not have (test_optimize.py: minimize).
MODULES = {
    "scipy.interpolate.tests.test_bsplines": None,
    "scipy.interpolate.tests.test_fitpack": None,
    "scipy.interpolate.tests.test_fitpack2": None,
    "scipy.interpolate.tests.test_interpolate": None,
    "scipy.interpolate.tests.test_polyint": None,
    "scipy.interpolate.tests.test_rgi": None,
    "scipy.integrate.tests.test_quadpack": None,
    "scipy.integrate.tests.test_quadrature": None,
    "scipy.integrate._ivp.tests.test_ivp": None,
    "scipy.optimize.tests.test_minpack": None,
    "scipy.optimize.tests.test_least_squares": None,
    "scipy.optimize.tests.test__root": None,
    "scipy.optimize.tests.test_zeros": None,
    "scipy.optimize.tests.test_optimize": "scalar or Scalar or brent or golden or fminbound or bracket",
}

CAUSES = ("passed", "passed via scipy", "not exercised", "missing feature", "scipy internals",
          "documented difference", "wrong answer")

# A failure's exception, read from pytest's crash line ("module.Type: message").
MISSING = re.compile(
    r"^(?:numba\.[\w.]*(?:TypingError|NumbaTypeError|UnsupportedError|LoweringError|"
    r"NumbaValueError|NumbaNotImplementedError|NumbaError)|TypeError|NotImplementedError|"
    r"pickle\.PicklingError|_pickle\.PicklingError)\b")
WRONG = re.compile(r"^(?:AssertionError|Failed: DID NOT RAISE|Failed: DID NOT WARN)")


def classify(module, record):
    """The cause of one failed test of ``module`` (run.py's short name, e.g.
    ``interpolate/test_rgi``) from its crash line; ``REVIEWED`` overrides it."""
    name = module + "::" + record["nodeid"].split("::", 1)[1]
    if name in REVIEWED:
        return REVIEWED[name][0]
    crash = record["crash"]
    # (a failure before any scijit entry ran is still scijit's: e.g. isinstance or a
    # classmethod on one of scijit's class entries, which are functions)
    if re.match(r"^AttributeError: .*'_\w+'", crash) or "scipy.interpolate._" in crash:
        return "scipy internals"
    if re.match(r"^AttributeError", crash) or MISSING.match(crash):
        return "missing feature"
    # an exception inside numba's compiler (e.g. its AssertionError on a list mixing ints and
    # floats): numba could not compile the test's Python callback
    if re.search(r"[/\\]site-packages[/\\]numba[/\\]", record.get("crash_path", "")):
        return "missing feature"
    if re.search(r"not (?:yet )?supported|is not implemented|scijit", crash, re.I):
        return "missing feature"
    if WRONG.match(crash):
        return "wrong answer"
    return "wrong answer"       # an unexpected exception on input scipy takes: ours to explain


def run_pytest(module, keyword, log, substitute, rerun=True):
    """The module's records (nodeid -> record), from a pytest run writing ``log``, or with
    ``rerun`` False from the ``log`` an earlier run left."""
    if rerun:
        _pytest(module, keyword, log, substitute)
    return {r["nodeid"]: r for r in map(json.loads, log.read_text().splitlines())
            if r["when"] == "call" or r["outcome"] != "passed"} if log.exists() else {}


def _pytest(module, keyword, log, substitute):
    log.unlink(missing_ok=True)
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "plugin", "-p", "no:cacheprovider",
           "--scijit-log", str(log), "-n", "2", "--dist", "loadfile", "--pyargs", module]
    if keyword:
        cmd += ["-k", keyword]
    if substitute:
        cmd.append("--scijit-substitute")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(HERE)] + ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else [])))
    # from a directory without a conftest or a scijit source tree (the installed scijit)
    subprocess.run(cmd, cwd=log.parent, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)


def outcome(record):
    if record is None:
        return "missing"
    if record["outcome"] == "skipped" or record["wasxfail"]:
        return "skipped"
    return record["outcome"]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modules", nargs="*", default=list(MODULES))
    parser.add_argument("--out", default="scipy-suite-report")
    parser.add_argument("--list", action="store_true", help="list every failed test and cause")
    parser.add_argument("--no-run", action="store_true",
                        help="classify the logs an earlier run left in --out, without running")
    args = parser.parse_args(argv)
    out = pathlib.Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)

    table, failures = {}, []
    for module in args.modules:
        short = module.replace("scipy.", "").replace(".tests.", "/")
        stem = out / short.replace("/", "-")
        base = run_pytest(module, MODULES.get(module), stem.with_suffix(".base.jsonl"), False,
                          not args.no_run)
        ours = run_pytest(module, MODULES.get(module), stem.with_suffix(".jsonl"), True,
                          not args.no_run)
        counts = collections.Counter()
        for nodeid, theirs in base.items():
            if outcome(theirs) != "passed":
                counts["not run (fails or skips with scipy here)"] += 1
                continue
            record = ours.get(nodeid)
            if outcome(record) == "passed":
                cause = ("not exercised" if not record["called"]
                         else "passed via scipy" if record["handed"] else "passed")
            elif outcome(record) in ("missing", "skipped"):
                cause = "missing feature"   # e.g. the module failed to collect with scijit
                record = record or {"nodeid": nodeid, "crash": "not run with scijit's entries",
                                    "called": []}
            else:
                cause = classify(short, record)
            counts[cause] += 1
            if cause not in ("passed", "passed via scipy", "not exercised"):
                failures.append((short, cause, nodeid.split("::", 1)[1], record["crash"]))
        table[short] = counts

    columns = ("tests",) + CAUSES + ("not run (fails or skips with scipy here)",)
    print("| module | " + " | ".join(columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    total = collections.Counter()
    for short, counts in table.items():
        counts["tests"] = sum(counts.values())
        total.update(counts)
        print(f"| {short} | " + " | ".join(str(counts[c]) for c in columns) + " |")
    print("| **all** | " + " | ".join(str(total[c]) for c in columns) + " |")
    wrong = [f for f in failures if f[1] == "wrong answer"]
    shown = failures if args.list else wrong
    if shown:
        print()
    for short, cause, name, crash in shown:
        first = crash.strip().splitlines()[0][:200] if crash.strip() else ""
        print(f"{cause}: {short}::{name}\n    {first}")
    (out / "summary.json").write_text(json.dumps(
        {"table": table, "failures": failures}, indent=1, default=dict))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
