! C-facing layer of scijit's 2-D FITPACK routines.
!
! One bind(C) entry point per FITPACK routine, scijit_fitpack_<name>, with
! FITPACK's argument names and order.  Input scalars are passed by value;
! in/out and output scalars (nx, ny, fp, ier) by pointer; arrays by pointer
! and supplied by the caller, workspaces included, with FITPACK's sizes:
!   bispev  lwrk >= mx*(kx+1)+my*(ky+1), kwrk >= mx+my
!   bispeu  lwrk >= kx+ky+2
!   parder  lwrk >= nc+(kx+1-nux)*mx+(ky+1-nuy)*my, kwrk >= mx+my
!   pardeu  lwrk >= nc+(kx+1-nux)*m+(ky+1-nuy)*m, kwrk >= 2*m
!   dblint  wrk(nx+ny-kx-ky-2)
!   regrid  lwrk >= 4+nxest*(my+2*kx+5)+nyest*(2*ky+5)+mx*(kx+1)+my*(ky+1)
!                   +max(nxest,my), kwrk >= 3+mx+my+nxest+nyest
!   surfit  see fitpack_surface_surfit (lwrk1, lwrk2, kwrk as in FITPACK)
! with nc = (nx-kx-1)*(ny-ky-1).  Coefficients are c((i-1)*(ny-ky-1)+j).
! Nothing is kept between calls: every routine is safe to call from many
! threads at once, each with its own workspaces.
module fitpack_surface_capi
  use, intrinsic :: iso_c_binding, only: c_double, c_int
  use fitpack_surface_eval, only: bispev, bispeu, parder, pardeu, dblint, point_derivative
  use fitpack_surface_regrid, only: regrid
  use fitpack_surface_surfit, only: surfit
  implicit none
  private
  public :: scijit_fitpack_bispev, scijit_fitpack_bispeu, scijit_fitpack_parder
  public :: scijit_fitpack_pardeu, scijit_fitpack_dblint, scijit_fitpack_regrid
  public :: scijit_fitpack_surfit, scijit_fitpack_surface_point

contains

  ! bispev: s(x(i),y(j)) on a grid into z((i-1)*my+j); ier = 0 or 10.
  subroutine scijit_fitpack_bispev(tx, nx, ty, ny, c, kx, ky, x, mx, y, my, z, &
      wrk, lwrk, iwrk, kwrk, ier) bind(C, name='scijit_fitpack_bispev')
    integer(c_int), value :: nx, ny, kx, ky, mx, my, lwrk, kwrk
    real(c_double), intent(in) :: tx(*), ty(*), c(*), x(*), y(*)
    real(c_double), intent(inout) :: z(*), wrk(*)
    integer(c_int), intent(inout) :: iwrk(*)
    integer(c_int), intent(out) :: ier
    call bispev(tx, nx, ty, ny, c, kx, ky, x, mx, y, my, z, wrk, lwrk, iwrk, kwrk, ier)
  end subroutine scijit_fitpack_bispev

  ! bispeu: s(x(i),y(i)) at m points; ier = 0 or 10.
  subroutine scijit_fitpack_bispeu(tx, nx, ty, ny, c, kx, ky, x, y, z, m, wrk, &
      lwrk, ier) bind(C, name='scijit_fitpack_bispeu')
    integer(c_int), value :: nx, ny, kx, ky, m, lwrk
    real(c_double), intent(in) :: tx(*), ty(*), c(*), x(*), y(*)
    real(c_double), intent(inout) :: z(*), wrk(*)
    integer(c_int), intent(out) :: ier
    call bispeu(tx, nx, ty, ny, c, kx, ky, x, y, z, m, wrk, lwrk, ier)
  end subroutine scijit_fitpack_bispeu

  ! parder: d^(nux+nuy) s / dx^nux dy^nuy on a grid; ier = 0 or 10.
  subroutine scijit_fitpack_parder(tx, nx, ty, ny, c, kx, ky, nux, nuy, x, mx, y, &
      my, z, wrk, lwrk, iwrk, kwrk, ier) bind(C, name='scijit_fitpack_parder')
    integer(c_int), value :: nx, ny, kx, ky, nux, nuy, mx, my, lwrk, kwrk
    real(c_double), intent(in) :: tx(*), ty(*), c(*), x(*), y(*)
    real(c_double), intent(inout) :: z(*), wrk(*)
    integer(c_int), intent(inout) :: iwrk(*)
    integer(c_int), intent(out) :: ier
    call parder(tx, nx, ty, ny, c, kx, ky, nux, nuy, x, mx, y, my, z, wrk, lwrk, &
                iwrk, kwrk, ier)
  end subroutine scijit_fitpack_parder

  ! pardeu: the partial derivative at m points; ier = 0 or 10.
  subroutine scijit_fitpack_pardeu(tx, nx, ty, ny, c, kx, ky, nux, nuy, x, y, z, &
      m, wrk, lwrk, iwrk, kwrk, ier) bind(C, name='scijit_fitpack_pardeu')
    integer(c_int), value :: nx, ny, kx, ky, nux, nuy, m, lwrk, kwrk
    real(c_double), intent(in) :: tx(*), ty(*), c(*), x(*), y(*)
    real(c_double), intent(inout) :: z(*), wrk(*)
    integer(c_int), intent(inout) :: iwrk(*)
    integer(c_int), intent(out) :: ier
    call pardeu(tx, nx, ty, ny, c, kx, ky, nux, nuy, x, y, z, m, wrk, lwrk, iwrk, &
                kwrk, ier)
  end subroutine scijit_fitpack_pardeu

  ! surface_point: the (nux, nuy) partial derivative at one point (x, y),
  ! the value pardeu (bispeu for nux = nuy = 0) gives there, with no
  ! workspace (scijit's addition for evaluation in loops); ier = 0 or 10.
  function scijit_fitpack_surface_point(tx, nx, ty, ny, c, kx, ky, nux, nuy, x, y, ier) &
      result(res) bind(C, name='scijit_fitpack_surface_point')
    integer(c_int), value :: nx, ny, kx, ky, nux, nuy
    real(c_double), value :: x, y
    real(c_double), intent(in) :: tx(*), ty(*), c(*)
    integer(c_int), intent(out) :: ier
    real(c_double) :: res
    res = 0.0_c_double
    ier = 10
    if (nx < 1 .or. ny < 1) return
    call point_derivative(tx(1:nx), nx, ty(1:ny), ny, c, kx, ky, nux, nuy, x, y, res, ier)
  end function scijit_fitpack_surface_point

  ! dblint: the integral over [xb,xe] x [yb,ye].
  function scijit_fitpack_dblint(tx, nx, ty, ny, c, kx, ky, xb, xe, yb, ye, wrk) &
      result(res) bind(C, name='scijit_fitpack_dblint')
    integer(c_int), value :: nx, ny, kx, ky
    real(c_double), value :: xb, xe, yb, ye
    real(c_double), intent(in) :: tx(*), ty(*), c(*)
    real(c_double), intent(inout) :: wrk(*)
    real(c_double) :: res
    res = dblint(tx(1:nx), nx, ty(1:ny), ny, c, kx, ky, xb, xe, yb, ye, wrk)
  end function scijit_fitpack_dblint

  ! regrid: smoothing/interpolating spline on a rectangular grid.
  ! nx, ny (in for iopt=-1, out otherwise), fp and ier by pointer.
  subroutine scijit_fitpack_regrid(iopt, mx, x, my, y, z, xb, xe, yb, ye, kx, ky, &
      s, nxest, nyest, maxit, nx, tx, ny, ty, c, fp, wrk, lwrk, iwrk, kwrk, ier) &
      bind(C, name='scijit_fitpack_regrid')
    integer(c_int), value :: iopt, mx, my, kx, ky, nxest, nyest, maxit, lwrk, kwrk
    real(c_double), value :: xb, xe, yb, ye, s
    real(c_double), intent(in) :: x(*), y(*), z(*)
    integer(c_int), intent(inout) :: nx, ny
    real(c_double), intent(inout) :: tx(*), ty(*), c(*), wrk(*)
    integer(c_int), intent(inout) :: iwrk(*)
    real(c_double), intent(out) :: fp
    integer(c_int), intent(out) :: ier
    ier = 10
    fp = 0.0_c_double
    if (mx < 1 .or. my < 1 .or. nxest < 1 .or. nyest < 1 .or. lwrk < 1 .or. kwrk < 1) return
    call regrid(iopt, mx, x(1:mx), my, y(1:my), z(1:mx*my), xb, xe, yb, ye, kx, ky, s, &
                nxest, nyest, maxit, nx, tx(1:nxest), ny, ty(1:nyest), c, fp, &
                wrk(1:lwrk), lwrk, iwrk(1:kwrk), kwrk, ier)
  end subroutine scijit_fitpack_regrid

  ! surfit: smoothing spline surface for scattered data (bisplrep).  x, y,
  ! z, w are only read (FITPACK exchanges x and y in place; we do not).
  subroutine scijit_fitpack_surfit(iopt, m, x, y, z, w, xb, xe, yb, ye, kx, ky, s, &
      nxest, nyest, nmax, eps, nx, tx, ny, ty, c, fp, wrk1, lwrk1, wrk2, lwrk2, &
      iwrk, kwrk, ier) bind(C, name='scijit_fitpack_surfit')
    integer(c_int), value :: iopt, m, kx, ky, nxest, nyest, nmax, lwrk1, lwrk2, kwrk
    real(c_double), value :: xb, xe, yb, ye, s, eps
    real(c_double), intent(in) :: x(*), y(*), z(*), w(*)
    integer(c_int), intent(inout) :: nx, ny
    real(c_double), intent(inout) :: tx(*), ty(*), c(*), wrk1(*), wrk2(*)
    integer(c_int), intent(inout) :: iwrk(*)
    real(c_double), intent(out) :: fp
    integer(c_int), intent(out) :: ier
    ier = 10
    fp = 0.0_c_double
    if (m < 1 .or. nmax < 1 .or. lwrk1 < 1 .or. kwrk < 1) return
    call surfit(iopt, m, x(1:m), y(1:m), z(1:m), w(1:m), xb, xe, yb, ye, kx, ky, s, &
                nxest, nyest, nmax, eps, nx, tx(1:nmax), ny, ty(1:nmax), c, fp, &
                wrk1(1:lwrk1), lwrk1, wrk2, max(lwrk2, 0), iwrk(1:kwrk), kwrk, ier)
  end subroutine scijit_fitpack_surfit

end module fitpack_surface_capi
