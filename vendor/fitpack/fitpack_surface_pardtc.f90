! pardtc: the B-spline coefficients of a partial derivative of a bivariate
! (tensor-product) spline, as scipy's RectBivariateSpline.partial_derivative
! computes them.
!
! A spline of degrees (kx, ky) on knots tx(nx), ty(ny) with coefficients
! c((nx-kx-1)*(ny-ky-1)) (row-major: the y index runs fastest) has as its
! (nux, nuy) partial derivative a spline of degrees (kx-nux, ky-nuy) on the
! knots tx(nux+1:nx-nux), ty(nuy+1:ny-nuy).  Each differentiation in x
! replaces the rows by k*(c(i+1,:)-c(i,:))/(t(i+k+1)-t(i+1)) (de Boor,
! J. Approx. Theory 6 (1972) 50-62; Dierckx, Curve and Surface Fitting with
! Splines, 1993, eq. 1.28), one row fewer each time; then each
! differentiation in y does the same to the columns.  The result is packed
! into newc(1:(nx-nux-kx-1)*(ny-nuy-ky-1)), row-major.
!
! Operation order as in the routine scipy ships (C. Ma, 2019): the
! difference times k, divided by the knot span; a span that is not
! positive skips its row (x) or column (y) without moving the output.
module fitpack_surface_pardtc
  use, intrinsic :: iso_fortran_env, only: int64
  use scijit_kinds, only: dp, ip, scijit_size_error
  implicit none
  private
  public :: pardtc, scijit_fitpack_pardtc

contains

  pure subroutine pardtc(tx, nx, ty, ny, c, kx, ky, nux, nuy, newc, ier)
    integer(ip), intent(in) :: nx, ny, kx, ky, nux, nuy
    real(dp), intent(in) :: tx(nx), ty(ny), c(*)
    real(dp), intent(inout) :: newc(*)
    integer(ip), intent(out) :: ier
    integer(ip) :: ncol, nrow, rows, cols, pass, deg, i, m, out, col, dst, src
    real(dp) :: ak, span

    ier = 10
    if (nux < 0 .or. nux >= kx .or. nuy < 0 .or. nuy >= ky) return
    ier = 0
    nrow = nx - kx - 1          ! coefficient rows (x)
    ncol = ny - ky - 1          ! coefficient columns (y): the row length
    newc(1:nrow * ncol) = c(1:nrow * ncol)
    rows = nrow
    cols = ncol

    ! differentiate in x: row r <- (row r+1 - row r) * deg / span
    deg = kx
    do pass = 1, nux
      ak = real(deg, dp)
      rows = rows - 1
      out = 0                   ! rows written so far
      do i = 1, rows
        span = tx(pass + i + deg) - tx(pass + i)
        if (span <= 0.0_dp) cycle
        do m = 1, cols
          dst = out * cols + m
          newc(dst) = (newc(dst + cols) - newc(dst)) * ak / span
        end do
        out = out + 1
      end do
      deg = deg - 1
    end do
    if (nuy == 0) return

    ! differentiate in y: column j <- (column j+1 - column j) * deg / span
    deg = ky
    do pass = 1, nuy
      ak = real(deg, dp)
      cols = cols - 1
      do col = 1, cols
        span = ty(pass + col + deg) - ty(pass + col)
        if (span <= 0.0_dp) cycle
        do m = 1, rows
          dst = (m - 1) * ncol + col
          newc(dst) = (newc(dst + 1) - newc(dst)) * ak / span
        end do
      end do
      deg = deg - 1
    end do

    ! pack the rows (cols values each, stride ncol) together
    do m = 2, rows
      do col = 1, cols
        dst = (m - 1) * cols + col
        src = (m - 1) * ncol + col
        newc(dst) = newc(src)
      end do
    end do
  end subroutine pardtc

  ! C entry (lowering/fitpack_pardtc.py declares it): c(nc_in) the
  ! coefficients, newc(nc) receives the derivative's.  The lengths are
  ! checked first: nc_in and nc at least max(nx-kx-1, 0)*max(ny-ky-1, 0),
  ! else ier = scijit_size_error and nothing is touched; then ier = 10 for
  ! kx, ky < 0, too few knots or orders outside 0 <= nu < k.
  recursive subroutine scijit_fitpack_pardtc(tx, nx, ty, ny, c, nc_in, kx, ky, nux, nuy, &
                                             newc, nc, ier) bind(C, name='scijit_fitpack_pardtc')
    integer(ip), value :: nx, ny, nc_in, kx, ky, nux, nuy, nc
    real(dp), intent(in) :: tx(nx), ty(ny), c(nc_in)
    real(dp), intent(inout) :: newc(nc)
    integer(ip), intent(out) :: ier
    integer(int64) :: need
    need = max(int(nx, int64) - kx - 1, 0_int64) * max(int(ny, int64) - ky - 1, 0_int64)
    ier = scijit_size_error
    if (int(nc_in, int64) < need .or. int(nc, int64) < need) return
    ier = 10
    if (kx < 0 .or. ky < 0 .or. nx < 2 * (kx + 1) .or. ny < 2 * (ky + 1)) return
    call pardtc(tx, nx, ty, ny, c, kx, ky, nux, nuy, newc, ier)
  end subroutine scijit_fitpack_pardtc

end module fitpack_surface_pardtc
