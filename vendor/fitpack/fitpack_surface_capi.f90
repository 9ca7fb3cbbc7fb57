! C-facing layer of scijit's 2-D FITPACK routines (see DESIGN.md, "The
! native table").
!
! One bind(C) entry point per FITPACK routine, scijit_fitpack_<name>, with
! FITPACK's argument names and order (dblint gains lwrk and ier), and the
! workspace sizes as bind(C) size functions.  lowering/fitpack_surface.py
! declares the same, every argument named and sized; vendor/include/scijit.h
! is generated from it.  Input scalars are passed by value; in/out and
! output scalars (nx, ny, fp, ier) by pointer; arrays by pointer, with
! explicit shapes (nc = max(nx-kx-1, 0)*max(ny-ky-1, 0) coefficients,
! c((i-1)*(ny-ky-1)+j)):
!   every routine   tx(nx), ty(ny), c(nc)
!   bispev  x(mx), y(my), z(mx*my), wrk(lwrk >= mx*(kx+1)+my*(ky+1)),
!           iwrk(kwrk >= mx+my)
!   bispeu  x(m), y(m), z(m), wrk(lwrk >= kx+ky+2)
!   parder  x(mx), y(my), z(mx*my), wrk(lwrk >= nc+(kx+1-nux)*mx+(ky+1-nuy)*my),
!           iwrk(kwrk >= mx+my)
!   pardeu  x(m), y(m), z(m), wrk(lwrk >= nc+(kx+1-nux)*m+(ky+1-nuy)*m),
!           iwrk(kwrk >= 2*m)
!   dblint  wrk(lwrk >= nx+ny-kx-ky-2)
!   regrid  x(mx), y(my), z(mx*my), tx(nxest), ty(nyest),
!           c(max(nxest-kx-1, 0)*max(nyest-ky-1, 0)),
!           wrk(lwrk >= regrid_lwrk), iwrk(kwrk >= regrid_kwrk)
!   surfit  x(m), y(m), z(m), w(m), tx(nmax), ty(nmax),
!           c(max(nxest-kx-1, 0)*max(nyest-ky-1, 0)), wrk1(lwrk1 >= surfit_lwrk1),
!           wrk2(lwrk2 >= surfit_lwrk2), iwrk(kwrk >= surfit_kwrk)
! Every entry point checks the lengths it is given first, in 64 bits: one
! too small is answered with ier = scijit_size_error (a caller's bug, not
! the user's invalid input) and nothing is touched.  Then FITPACK's own
! checks: ier = 10 for invalid input.  surfit keeps FITPACK's protocol for
! a rank-deficient system: ier > 10 is the lwrk2 it needs (call again with
! that much).  Nothing is kept between calls: every routine is safe to call
! from many threads at once, each with its own workspaces.
module fitpack_surface_capi
  use, intrinsic :: iso_c_binding, only: c_int64_t
  use, intrinsic :: iso_fortran_env, only: int64
  use scijit_kinds, only: dp, ip, scijit_size_error
  use fitpack_surface_eval, only: bispev, bispeu, parder, pardeu, dblint, point_derivative, &
                                  valid_grid_args
  use fitpack_surface_regrid, only: regrid, regrid_lwrk, regrid_kwrk
  use fitpack_surface_surfit, only: surfit, surfit_lwrk1, surfit_lwrk2, surfit_kwrk
  implicit none
  private
  public :: scijit_fitpack_bispev, scijit_fitpack_bispeu, scijit_fitpack_parder
  public :: scijit_fitpack_pardeu, scijit_fitpack_dblint, scijit_fitpack_regrid
  public :: scijit_fitpack_surfit, scijit_fitpack_surface_point
  public :: scijit_fitpack_regrid_lwrk, scijit_fitpack_regrid_kwrk
  public :: scijit_fitpack_surfit_lwrk1, scijit_fitpack_surfit_lwrk2, scijit_fitpack_surfit_kwrk

contains

  ! ---------------------------------------------------------------- helpers
  ! i8: n as a 64-bit integer (the size arithmetic below never wraps).
  elemental integer(int64) function i8(n)
    integer(ip), intent(in) :: n
    i8 = n
  end function i8

  ! too_short: a length given is below the length needed.
  elemental logical function too_short(given, need)
    integer(ip), intent(in) :: given
    integer(int64), intent(in) :: need
    too_short = i8(given) < need
  end function too_short

  ! ncoef: the number of B-spline coefficients (nx-kx-1)*(ny-ky-1), 0 for
  ! too few knots.
  elemental integer(int64) function ncoef(nx, kx, ny, ky)
    integer(ip), intent(in) :: nx, kx, ny, ky
    ncoef = max(i8(nx) - kx - 1, 0_int64) * max(i8(ny) - ky - 1, 0_int64)
  end function ncoef

  ! ---------------------------------------------------------------- evaluation
  ! bispev: s(x(i),y(j)) on a grid into z((i-1)*my+j); ier = 0 or 10.
  recursive subroutine scijit_fitpack_bispev(tx, nx, ty, ny, c, kx, ky, x, mx, y, my, z, &
      wrk, lwrk, iwrk, kwrk, ier) bind(C, name='scijit_fitpack_bispev')
    integer(ip), value :: nx, ny, kx, ky, mx, my, lwrk, kwrk
    real(dp), intent(in) :: tx(nx), ty(ny), c(max(nx-kx-1, 0)*max(ny-ky-1, 0)), x(mx), y(my)
    real(dp), intent(inout) :: z(mx*my), wrk(lwrk)
    integer(ip), intent(inout) :: iwrk(kwrk)
    integer(ip), intent(out) :: ier
    ier = scijit_size_error
    if (too_short(lwrk, i8(mx)*(i8(kx) + 1) + i8(my)*(i8(ky) + 1)) .or. &
        too_short(kwrk, i8(mx) + my)) return
    call bispev(tx, nx, ty, ny, c, kx, ky, x, mx, y, my, z, wrk, lwrk, iwrk, kwrk, ier)
  end subroutine scijit_fitpack_bispev

  ! bispeu: s(x(i),y(i)) at m points; ier = 0 or 10.
  recursive subroutine scijit_fitpack_bispeu(tx, nx, ty, ny, c, kx, ky, x, y, z, m, wrk, &
      lwrk, ier) bind(C, name='scijit_fitpack_bispeu')
    integer(ip), value :: nx, ny, kx, ky, m, lwrk
    real(dp), intent(in) :: tx(nx), ty(ny), c(max(nx-kx-1, 0)*max(ny-ky-1, 0)), x(m), y(m)
    real(dp), intent(inout) :: z(m), wrk(lwrk)
    integer(ip), intent(out) :: ier
    ier = scijit_size_error
    if (too_short(lwrk, i8(kx) + ky + 2)) return
    call bispeu(tx, nx, ty, ny, c, kx, ky, x, y, z, m, wrk, lwrk, ier)
  end subroutine scijit_fitpack_bispeu

  ! parder: d^(nux+nuy) s / dx^nux dy^nuy on a grid; ier = 0 or 10.
  recursive subroutine scijit_fitpack_parder(tx, nx, ty, ny, c, kx, ky, nux, nuy, x, mx, y, &
      my, z, wrk, lwrk, iwrk, kwrk, ier) bind(C, name='scijit_fitpack_parder')
    integer(ip), value :: nx, ny, kx, ky, nux, nuy, mx, my, lwrk, kwrk
    real(dp), intent(in) :: tx(nx), ty(ny), c(max(nx-kx-1, 0)*max(ny-ky-1, 0)), x(mx), y(my)
    real(dp), intent(inout) :: z(mx*my), wrk(lwrk)
    integer(ip), intent(inout) :: iwrk(kwrk)
    integer(ip), intent(out) :: ier
    ier = scijit_size_error
    if (too_short(lwrk, ncoef(nx, kx, ny, ky) + (i8(kx) + 1 - nux)*mx + (i8(ky) + 1 - nuy)*my) &
        .or. too_short(kwrk, i8(mx) + my)) return
    call parder(tx, nx, ty, ny, c, kx, ky, nux, nuy, x, mx, y, my, z, wrk, lwrk, &
                iwrk, kwrk, ier)
  end subroutine scijit_fitpack_parder

  ! pardeu: the partial derivative at m points; ier = 0 or 10.
  recursive subroutine scijit_fitpack_pardeu(tx, nx, ty, ny, c, kx, ky, nux, nuy, x, y, z, &
      m, wrk, lwrk, iwrk, kwrk, ier) bind(C, name='scijit_fitpack_pardeu')
    integer(ip), value :: nx, ny, kx, ky, nux, nuy, m, lwrk, kwrk
    real(dp), intent(in) :: tx(nx), ty(ny), c(max(nx-kx-1, 0)*max(ny-ky-1, 0)), x(m), y(m)
    real(dp), intent(inout) :: z(m), wrk(lwrk)
    integer(ip), intent(inout) :: iwrk(kwrk)
    integer(ip), intent(out) :: ier
    ier = scijit_size_error
    if (too_short(lwrk, ncoef(nx, kx, ny, ky) + (i8(kx) + 1 - nux)*m + (i8(ky) + 1 - nuy)*m) &
        .or. too_short(kwrk, 2*i8(m))) return
    call pardeu(tx, nx, ty, ny, c, kx, ky, nux, nuy, x, y, z, m, wrk, lwrk, iwrk, &
                kwrk, ier)
  end subroutine scijit_fitpack_pardeu

  ! surface_point: the (nux, nuy) partial derivative at one point (x, y),
  ! the value pardeu (bispeu for nux = nuy = 0) gives there, with no
  ! workspace (scijit's addition for evaluation in loops); ier = 0 or 10.
  recursive function scijit_fitpack_surface_point(tx, nx, ty, ny, c, kx, ky, nux, nuy, x, y, &
      ier) result(res) bind(C, name='scijit_fitpack_surface_point')
    integer(ip), value :: nx, ny, kx, ky, nux, nuy
    real(dp), value :: x, y
    real(dp), intent(in) :: tx(nx), ty(ny), c(max(nx-kx-1, 0)*max(ny-ky-1, 0))
    integer(ip), intent(out) :: ier
    real(dp) :: res
    call point_derivative(tx, nx, ty, ny, c, kx, ky, nux, nuy, x, y, res, ier)
  end function scijit_fitpack_surface_point

  ! dblint: the integral over [xb,xe] x [yb,ye] (clipped to the domain);
  ! wrk receives the integrals of the B-splines.  ier = 0, or 10 (res = 0)
  ! for degrees outside 0..5 or too few knots.
  recursive function scijit_fitpack_dblint(tx, nx, ty, ny, c, kx, ky, xb, xe, yb, ye, wrk, &
      lwrk, ier) result(res) bind(C, name='scijit_fitpack_dblint')
    integer(ip), value :: nx, ny, kx, ky, lwrk
    real(dp), value :: xb, xe, yb, ye
    real(dp), intent(in) :: tx(nx), ty(ny), c(max(nx-kx-1, 0)*max(ny-ky-1, 0))
    real(dp), intent(inout) :: wrk(lwrk)
    integer(ip), intent(out) :: ier
    real(dp) :: res
    res = 0.0_dp
    ier = scijit_size_error
    if (too_short(lwrk, i8(nx) + ny - kx - ky - 2)) return
    ier = 10
    if (.not. valid_grid_args(nx, ny, kx, ky, 1, 1)) return
    ier = 0
    res = dblint(tx, nx, ty, ny, c, kx, ky, xb, xe, yb, ye, wrk)
  end function scijit_fitpack_dblint

  ! ---------------------------------------------------------------- fitting
  ! regrid: smoothing/interpolating spline on a rectangular grid.
  ! nx, ny: in for iopt = -1, out otherwise.
  recursive subroutine scijit_fitpack_regrid(iopt, mx, x, my, y, z, xb, xe, yb, ye, kx, ky, &
      s, nxest, nyest, maxit, nx, tx, ny, ty, c, fp, wrk, lwrk, iwrk, kwrk, ier) &
      bind(C, name='scijit_fitpack_regrid')
    integer(ip), value :: iopt, mx, my, kx, ky, nxest, nyest, maxit, lwrk, kwrk
    real(dp), value :: xb, xe, yb, ye, s
    real(dp), intent(in) :: x(mx), y(my), z(mx*my)
    integer(ip), intent(inout) :: nx, ny
    real(dp), intent(inout) :: tx(nxest), ty(nyest), &
                               c(max(nxest-kx-1, 0)*max(nyest-ky-1, 0)), wrk(lwrk)
    integer(ip), intent(inout) :: iwrk(kwrk)
    real(dp), intent(out) :: fp
    integer(ip), intent(out) :: ier
    fp = 0.0_dp
    ier = scijit_size_error
    if (too_short(lwrk, regrid_lwrk(mx, my, kx, ky, nxest, nyest)) .or. &
        too_short(kwrk, regrid_kwrk(mx, my, nxest, nyest))) return
    call regrid(iopt, mx, x, my, y, z, xb, xe, yb, ye, kx, ky, s, nxest, nyest, maxit, &
                nx, tx, ny, ty, c, fp, wrk, lwrk, iwrk, kwrk, ier)
  end subroutine scijit_fitpack_regrid

  ! surfit: smoothing spline surface for scattered data (bisplrep).  x, y,
  ! z, w are only read (FITPACK exchanges x and y in place; we do not).
  ! nx, ny: in for iopt = -1, out otherwise.
  recursive subroutine scijit_fitpack_surfit(iopt, m, x, y, z, w, xb, xe, yb, ye, kx, ky, s, &
      nxest, nyest, nmax, eps, nx, tx, ny, ty, c, fp, wrk1, lwrk1, wrk2, lwrk2, &
      iwrk, kwrk, ier) bind(C, name='scijit_fitpack_surfit')
    integer(ip), value :: iopt, m, kx, ky, nxest, nyest, nmax, lwrk1, lwrk2, kwrk
    real(dp), value :: xb, xe, yb, ye, s, eps
    real(dp), intent(in) :: x(m), y(m), z(m), w(m)
    integer(ip), intent(inout) :: nx, ny
    real(dp), intent(inout) :: tx(nmax), ty(nmax), &
                               c(max(nxest-kx-1, 0)*max(nyest-ky-1, 0)), wrk1(lwrk1), &
                               wrk2(lwrk2)
    integer(ip), intent(inout) :: iwrk(kwrk)
    real(dp), intent(out) :: fp
    integer(ip), intent(out) :: ier
    fp = 0.0_dp
    ier = scijit_size_error
    if (too_short(lwrk1, surfit_lwrk1(m, kx, ky, nxest, nyest)) .or. &
        too_short(lwrk2, surfit_lwrk2(kx, ky, nxest, nyest)) .or. &
        too_short(kwrk, surfit_kwrk(m, kx, ky, nxest, nyest))) return
    call surfit(iopt, m, x, y, z, w, xb, xe, yb, ye, kx, ky, s, nxest, nyest, nmax, eps, &
                nx, tx, ny, ty, c, fp, wrk1, lwrk1, wrk2, lwrk2, iwrk, kwrk, ier)
  end subroutine scijit_fitpack_surfit

  ! ---------------------------------------------------------------- sizes
  ! The workspace sizes regrid and surfit need (FITPACK's formulas, in 64
  ! bits): the native table's size functions regrid_lwrk, regrid_kwrk,
  ! surfit_lwrk1, surfit_lwrk2, surfit_kwrk.
  pure function scijit_fitpack_regrid_lwrk(mx, my, kx, ky, nxest, nyest) result(n) &
      bind(C, name='scijit_fitpack_regrid_lwrk')
    integer(ip), value :: mx, my, kx, ky, nxest, nyest
    integer(c_int64_t) :: n
    n = regrid_lwrk(mx, my, kx, ky, nxest, nyest)
  end function scijit_fitpack_regrid_lwrk

  pure function scijit_fitpack_regrid_kwrk(mx, my, nxest, nyest) result(n) &
      bind(C, name='scijit_fitpack_regrid_kwrk')
    integer(ip), value :: mx, my, nxest, nyest
    integer(c_int64_t) :: n
    n = regrid_kwrk(mx, my, nxest, nyest)
  end function scijit_fitpack_regrid_kwrk

  pure function scijit_fitpack_surfit_lwrk1(m, kx, ky, nxest, nyest) result(n) &
      bind(C, name='scijit_fitpack_surfit_lwrk1')
    integer(ip), value :: m, kx, ky, nxest, nyest
    integer(c_int64_t) :: n
    n = surfit_lwrk1(m, kx, ky, nxest, nyest)
  end function scijit_fitpack_surfit_lwrk1

  pure function scijit_fitpack_surfit_lwrk2(kx, ky, nxest, nyest) result(n) &
      bind(C, name='scijit_fitpack_surfit_lwrk2')
    integer(ip), value :: kx, ky, nxest, nyest
    integer(c_int64_t) :: n
    n = surfit_lwrk2(kx, ky, nxest, nyest)
  end function scijit_fitpack_surfit_lwrk2

  pure function scijit_fitpack_surfit_kwrk(m, kx, ky, nxest, nyest) result(n) &
      bind(C, name='scijit_fitpack_surfit_kwrk')
    integer(ip), value :: m, kx, ky, nxest, nyest
    integer(c_int64_t) :: n
    n = surfit_kwrk(m, kx, ky, nxest, nyest)
  end function scijit_fitpack_surfit_kwrk

end module fitpack_surface_capi
