"""Regenerate the reference data of test_fitpack_2d.f90 with scipy.

    python vendor/fitpack/tests/make_test_fitpack_2d.py

rewrites the module between the "BEGIN GENERATED" / "END GENERATED" lines of
test_fitpack_2d.f90.  The oracle is scipy's FITPACK (RectBivariateSpline,
its __call__/ev/integral, bisplrep).  Each regrid reference is computed in a
fresh process: scipy's regrid_smth has been seen to crash when called again
in the same process for some smoothing fits.
"""
import json
import pathlib
import subprocess
import sys
import warnings

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
TEST = HERE / "test_fitpack_2d.f90"

# --- inputs (rounded decimals so that Fortran reads the same doubles) -------
GX = np.round(np.linspace(0, 3, 9) + 0.05*np.sin(np.arange(9)), 3)
GX[0], GX[-1] = 0.0, 3.0
GY = np.round(np.linspace(-1, 2, 10) + 0.04*np.cos(np.arange(10)), 3)
_X, _Y = np.meshgrid(GX, GY, indexing="ij")
GZ = np.round(np.sin(1.3*_X)*np.cos(_Y) + 0.1*np.sin(7*_X*_Y + 1), 4)
REGRID_CASES = [(kx, ky, s) for kx in (1, 3, 5) for ky in (1, 3, 5) for s in (0.0, 0.1)]
EX = np.array([-0.2, 0.7, 1.5, 2.2, 3.4])          # evaluation grid (outside points too)
EY = np.array([-1.3, 0.1, 1.2, 2.5])
PX = np.array([0.05, 2.9, 1.1, -0.5, 1.7, 3.2])    # evaluation points
PY = np.array([1.9, -0.9, 0.3, 0.8, 2.4, -1.5])
EVAL_SPLINES = [(1, 1, 0.1), (3, 3, 0.1), (5, 5, 0.0), (3, 5, 0.1)]
RECTS = [(0.3, 2.1, -0.5, 1.5), (2.5, 0.1, 1.7, -1.0), (-1.0, 4.0, -2.0, 3.0),
         (1.0, 1.0, 0.0, 1.0), (0.2, 0.9, 1.8, 1.9)]

_rng = np.random.default_rng(7)
SM = 150
SX = np.round(_rng.uniform(0, 2, SM), 4)
SY = np.round(_rng.uniform(-1, 1, SM), 4)
SZ = np.round(np.exp(-SX)*np.cos(2*SY) + 0.02*_rng.standard_normal(SM), 4)
SW = np.round(_rng.uniform(0.5, 1.5, SM), 3)
# (kx, ky, s, weighted): smoothing fits with knots added (and, for ky > kx,
# the x/y exchange inside fpsurf), ier = 1 and 4, and an interpolation whose
# system is rank deficient (ier = -rank, the minimum-norm solution)
SURFIT_CASES = [(3, 3, 0.06, False), (1, 4, 0.05, True), (2, 3, 0.02, False),
                (5, 2, 0.1, True), (3, 3, 0.0, False), (2, 2, 0.0, False)]

WORKER = r"""
import json, sys, warnings
import numpy as np
from scipy.interpolate import RectBivariateSpline
warnings.simplefilter("ignore")
d = json.loads(sys.stdin.read())
x, y, z = (np.array(d[k]) for k in ("x", "y", "z"))
kx, ky, s = d["kx"], d["ky"], d["s"]
r = RectBivariateSpline(x, y, z.reshape(len(x), len(y)), kx=kx, ky=ky, s=s)
tx, ty = r.get_knots()
out = {"tx": tx.tolist(), "ty": ty.tolist(), "c": r.get_coeffs().tolist(), "fp": r.fp}
try:
    from scipy.interpolate import _dfitpack
    out["ier"] = int(_dfitpack.regrid_smth(x, y, z, kx=kx, ky=ky, s=s)[-1])
except Exception:
    out["ier"] = None
if d.get("eval"):
    ex, ey, px, py = (np.array(d[k]) for k in ("ex", "ey", "px", "py"))
    ev = []
    for dx in range(kx):
        for dy in range(ky):
            ev.append({"dx": dx, "dy": dy, "grid": r(ex, ey, dx=dx, dy=dy).ravel().tolist(),
                       "pts": r.ev(px, py, dx=dx, dy=dy).tolist()})
    out["eval"] = ev
    out["dblint"] = [float(r.integral(*rect)) for rect in d["rects"]]
print(json.dumps(out))
"""


def scipy_regrid(kx, ky, s, evaluate=False):
    d = {"x": GX.tolist(), "y": GY.tolist(), "z": GZ.ravel().tolist(), "kx": kx, "ky": ky,
         "s": s, "eval": evaluate, "ex": EX.tolist(), "ey": EY.tolist(), "px": PX.tolist(),
         "py": PY.tolist(), "rects": RECTS}
    proc = subprocess.run([sys.executable, "-c", WORKER], input=json.dumps(d),
                          capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)


def default_ier(kx, ky, s, nx, ny):
    if s == 0:
        return -1
    return -2 if (nx == 2*kx + 2 and ny == 2*ky + 2) else 0


def f(v):
    """A double as a Fortran literal that reads back to the same value."""
    r = repr(float(v))
    if "e" not in r and "." not in r:
        r += ".0"
    return r + "_dp"


def farray(name, values, kind="real(dp)", per_line=4, chunk=600):
    """A parameter array; long ones are concatenated from chunks so that no
    statement needs more than 255 continuation lines (Fortran 2008)."""
    values = list(values)
    if not values:
        values = [0]
    fmt = f if kind.startswith("real") else (lambda v: str(int(v)))
    items = [fmt(v) for v in values]

    def constructor(part):
        lines = [", ".join(part[i:i + per_line]) for i in range(0, len(part), per_line)]
        return "[ &\n      " + ", &\n      ".join(lines) + "]"

    if len(items) <= chunk:
        return "  %s, parameter :: %s(%d) = %s\n" % (kind, name, len(items), constructor(items))
    out, parts = [], []
    for j, i in enumerate(range(0, len(items), chunk)):
        part = items[i:i + chunk]
        pname = "%s_%d" % (name, j + 1)
        parts.append(pname)
        out.append("  %s, parameter :: %s(%d) = %s\n" % (kind, pname, len(part),
                                                         constructor(part)))
    out.append("  %s, parameter :: %s(%d) = [%s]\n" % (kind, name, len(items), ", ".join(parts)))
    return "".join(out)


def main():
    from scipy.interpolate import bisplrep
    warnings.simplefilter("ignore")
    out = ["module test_fitpack_2d_data\n", "  use, intrinsic :: iso_c_binding, only: dp => c_double\n",
           "  implicit none\n", "  public\n"]
    out.append(farray("gx", GX))
    out.append(farray("gy", GY))
    out.append(farray("gz", GZ.ravel()))
    # regrid
    kxs, kys, ss, nxs, nys, iers, fps, toff, coff, ts, cs = [], [], [], [], [], [], [], [1], [1], [], []
    for kx, ky, s in REGRID_CASES:
        r = scipy_regrid(kx, ky, s)
        nx, ny = len(r["tx"]), len(r["ty"])
        ier = r["ier"] if r["ier"] is not None else default_ier(kx, ky, s, nx, ny)
        kxs.append(kx); kys.append(ky); ss.append(s); nxs.append(nx); nys.append(ny)
        iers.append(ier); fps.append(r["fp"])
        ts += r["tx"] + r["ty"]; cs += r["c"]
        toff.append(len(ts) + 1); coff.append(len(cs) + 1)
    out.append("  integer, parameter :: nregrid = %d\n" % len(REGRID_CASES))
    for name, vals in (("reg_kx", kxs), ("reg_ky", kys), ("reg_nx", nxs), ("reg_ny", nys),
                       ("reg_ier", iers), ("reg_toff", toff), ("reg_coff", coff)):
        out.append(farray(name, vals, "integer", 10))
    out.append(farray("reg_s", ss))
    out.append(farray("reg_fp", fps))
    out.append(farray("reg_t", ts))
    out.append(farray("reg_c", cs))
    # evaluation
    out.append(farray("ex", EX)); out.append(farray("ey", EY))
    out.append(farray("px", PX)); out.append(farray("py", PY))
    out.append(farray("rects", np.ravel(RECTS)))
    cases, gref, pref, dref = [], [], [], []
    for kx, ky, s in EVAL_SPLINES:
        ireg = REGRID_CASES.index((kx, ky, s)) + 1
        r = scipy_regrid(kx, ky, s, evaluate=True)
        for e in r["eval"]:
            cases += [ireg, e["dx"], e["dy"]]
            gref += e["grid"]; pref += e["pts"]
        dref += r["dblint"]
    out.append("  integer, parameter :: nevspl = %d, nevcase = %d\n" % (len(EVAL_SPLINES), len(cases)//3))
    out.append(farray("ev_splines", [REGRID_CASES.index(c) + 1 for c in EVAL_SPLINES], "integer", 10))
    out.append(farray("ev_case", cases, "integer", 12))
    out.append(farray("ev_grid", gref))
    out.append(farray("ev_pts", pref))
    out.append(farray("dbl_ref", dref))
    # surfit
    out.append("  integer, parameter :: sm = %d, nsurfit = %d\n" % (SM, len(SURFIT_CASES)))
    out.append(farray("sx", SX)); out.append(farray("sy", SY))
    out.append(farray("sz", SZ)); out.append(farray("sw", SW))
    kxs, kys, ss, wts, nxs, nys, iers, fps, toff, coff, ts, cs = ([] for _ in range(12))
    toff, coff = [1], [1]
    for kx, ky, s, weighted in SURFIT_CASES:
        tck, fp, ier, _ = bisplrep(SX, SY, SZ, w=SW if weighted else None, kx=kx, ky=ky, s=s,
                                   full_output=1, quiet=1)
        tx, ty, c = tck[0], tck[1], tck[2]
        nc = (len(tx) - kx - 1)*(len(ty) - ky - 1)
        kxs.append(kx); kys.append(ky); ss.append(s); wts.append(int(weighted))
        nxs.append(len(tx)); nys.append(len(ty)); iers.append(ier); fps.append(fp)
        ts += list(tx) + list(ty); cs += list(c[:nc])
        toff.append(len(ts) + 1); coff.append(len(cs) + 1)
    for name, vals in (("srf_kx", kxs), ("srf_ky", kys), ("srf_w", wts), ("srf_nx", nxs),
                       ("srf_ny", nys), ("srf_ier", iers), ("srf_toff", toff), ("srf_coff", coff)):
        out.append(farray(name, vals, "integer", 10))
    out.append(farray("srf_s", ss))
    out.append(farray("srf_fp", fps))
    out.append(farray("srf_t", ts))
    out.append(farray("srf_c", cs))
    out.append("end module test_fitpack_2d_data\n")

    text = TEST.read_text()
    begin = text.index("! BEGIN GENERATED")
    begin = text.index("\n", begin) + 1
    end = text.index("! END GENERATED")
    TEST.write_text(text[:begin] + "".join(out) + text[end:])
    print("surfit cases:", list(zip(SURFIT_CASES, iers, nxs, nys)))


if __name__ == "__main__":
    main()
