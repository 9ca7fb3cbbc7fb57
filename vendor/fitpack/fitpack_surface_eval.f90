! Evaluation of tensor-product splines s(x,y) of degrees kx, ky
! (Dierckx 1993, ch. 2 and 8): values on a grid (bispev) and at points
! (bispeu), partial derivatives on a grid (parder) and at points (pardeu),
! and the integral over a rectangle (dblint).
!
! The coefficient of B-spline i in x and j in y is c((i-1)*(ny-ky-1)+j).
! Arguments outside the domain [tx(kx+1), tx(nx-kx)] x [ty(ky+1), ty(ny-ky)]
! are moved to its boundary (the spline is constant-extended, FITPACK's
! behaviour).  Workspace layouts are FITPACK's.
module fitpack_surface_eval
  use scijit_kinds, only: dp, ip
  use fitpack_basis, only: fpbspl
  implicit none
  private
  public :: surf_grid_values, bispev, bispeu, parder, pardeu, dblint, surf_intb
  public :: point_derivative, valid_grid_args

contains

  ! surf_grid_values: s(x(i), y(j)) into z((i-1)*my+j) for non-decreasing
  ! x(1:mx), y(1:my) (FITPACK's fpbisp).  wx(mx,kx+1), wy(my,ky+1), lx(mx),
  ! ly(my) receive the B-spline values and interval numbers.
  pure subroutine surf_grid_values(tx, nx, ty, ny, c, kx, ky, x, mx, y, my, &
                                   z, wx, wy, lx, ly)
    integer(ip), intent(in) :: nx, ny, kx, ky, mx, my
    real(dp), intent(in) :: tx(nx), ty(ny), c(*), x(mx), y(my)
    real(dp), intent(out) :: z(*)
    real(dp), intent(inout) :: wx(mx, kx+1), wy(my, ky+1)
    integer(ip), intent(inout) :: lx(mx), ly(my)
    real(dp) :: h(6), sp
    integer(ip) :: i, i1, j, j1, l1, l2, m, nky1, kx1, ky1

    kx1 = kx + 1
    ky1 = ky + 1
    call basis_on_axis(tx, nx, kx, x, mx, wx, lx)
    call basis_on_axis(ty, ny, ky, y, my, wy, ly)
    nky1 = ny - ky1
    m = 0
    do i = 1, mx
      h(1:kx1) = wx(i, 1:kx1)
      do j = 1, my
        l1 = lx(i)*nky1 + ly(j)
        sp = 0.0_dp
        do i1 = 1, kx1
          l2 = l1
          do j1 = 1, ky1
            l2 = l2 + 1
            sp = sp + c(l2)*h(i1)*wy(j, j1)
          end do
          l1 = l1 + nky1
        end do
        m = m + 1
        z(m) = sp
      end do
    end do
  end subroutine surf_grid_values

  ! basis_on_axis: for each (non-decreasing) u(i), clamped to the domain,
  ! the interval number lu(i) (0-based) and the k+1 B-spline values.
  pure subroutine basis_on_axis(t, n, k, u, mu, w, lu)
    integer(ip), intent(in) :: n, k, mu
    real(dp), intent(in) :: t(n), u(mu)
    real(dp), intent(inout) :: w(mu, k+1)
    integer(ip), intent(inout) :: lu(mu)
    real(dp) :: h(6), arg, tb, te
    integer(ip) :: i, l, k1, nk1
    k1 = k + 1
    nk1 = n - k1
    tb = t(k1)
    te = t(nk1+1)
    l = k1
    do i = 1, mu
      arg = u(i)
      if (arg < tb) arg = tb
      if (arg > te) arg = te
      do while (.not. (arg < t(l+1) .or. l == nk1))
        l = l + 1
      end do
      call fpbspl(t, k, arg, l, h)
      lu(i) = l - k1
      w(i, 1:k1) = h(1:k1)
    end do
  end subroutine basis_on_axis

  ! bispev: s(x(i), y(j)) on the grid x(1:mx) x y(1:my), both
  ! non-decreasing.  lwrk >= mx*(kx+1)+my*(ky+1), kwrk >= mx+my.
  ! ier = 0, or 10 for invalid input (nothing computed).
  pure subroutine bispev(tx, nx, ty, ny, c, kx, ky, x, mx, y, my, z, wrk, lwrk, &
                         iwrk, kwrk, ier)
    integer(ip), intent(in) :: nx, ny, kx, ky, mx, my, lwrk, kwrk
    real(dp), intent(in) :: tx(nx), ty(ny), c(*), x(*), y(*)
    real(dp), intent(inout) :: z(*), wrk(*)
    integer(ip), intent(inout) :: iwrk(*)
    integer(ip), intent(out) :: ier
    integer(ip) :: iw
    ier = 10
    if (.not. valid_grid_args(nx, ny, kx, ky, mx, my)) return
    if (lwrk < (kx+1)*mx + (ky+1)*my .or. kwrk < mx + my) return
    if (.not. (sorted(x, mx) .and. sorted(y, my))) return
    ier = 0
    iw = mx*(kx+1) + 1
    call surf_grid_values(tx, nx, ty, ny, c, kx, ky, x(1:mx), mx, y(1:my), my, z, &
                          wrk(1:iw-1), wrk(iw:iw-1+my*(ky+1)), iwrk(1:mx), &
                          iwrk(mx+1:mx+my))
  end subroutine bispev

  ! bispeu: s(x(i), y(i)), i = 1..m, at arbitrary points; lwrk >= kx+ky+2.
  pure subroutine bispeu(tx, nx, ty, ny, c, kx, ky, x, y, z, m, wrk, lwrk, ier)
    integer(ip), intent(in) :: nx, ny, kx, ky, m, lwrk
    real(dp), intent(in) :: tx(nx), ty(ny), c(*), x(*), y(*)
    real(dp), intent(inout) :: z(*), wrk(*)
    integer(ip), intent(out) :: ier
    integer(ip) :: i, lxy(2)
    ier = 10
    if (.not. valid_grid_args(nx, ny, kx, ky, m, 1)) return
    if (lwrk < kx + ky + 2) return
    ier = 0
    do i = 1, m
      call point_value(tx, nx, ty, ny, c, kx, ky, x(i), y(i), wrk(1:kx+1), &
                       wrk(kx+2:kx+ky+2), lxy, z(i))
    end do
  end subroutine bispeu

  ! point_value: sp = s(x, y) at one point, as FITPACK's fpbisp computes it
  ! for a one-point grid (hx, hy receive the B-spline values, lxy the knot
  ! intervals); the intervals are found by bisection (the same intervals as
  ! fpbisp's linear search, so the same value).
  pure subroutine point_value(tx, nx, ty, ny, c, kx, ky, x, y, hx, hy, lxy, sp)
    integer(ip), intent(in) :: nx, ny, kx, ky
    real(dp), intent(in) :: tx(nx), ty(ny), c(*), x, y
    real(dp), intent(inout) :: hx(kx+1), hy(ky+1)
    integer(ip), intent(inout) :: lxy(2)
    real(dp), intent(out) :: sp
    real(dp) :: arg
    integer(ip) :: i1, j1, lx, ly, l1, l2, nky1
    arg = x
    if (arg < tx(kx+1)) arg = tx(kx+1)
    if (arg > tx(nx-kx)) arg = tx(nx-kx)
    lx = knot_interval(tx, nx, kx, arg)
    call fpbspl(tx, kx, arg, lx, hx)
    arg = y
    if (arg < ty(ky+1)) arg = ty(ky+1)
    if (arg > ty(ny-ky)) arg = ty(ny-ky)
    ly = knot_interval(ty, ny, ky, arg)
    call fpbspl(ty, ky, arg, ly, hy)
    lxy(1) = lx - kx - 1
    lxy(2) = ly - ky - 1
    nky1 = ny - ky - 1
    l1 = lxy(1)*nky1 + lxy(2)
    sp = 0.0_dp
    do i1 = 1, kx + 1
      l2 = l1
      do j1 = 1, ky + 1
        l2 = l2 + 1
        sp = sp + c(l2)*hx(i1)*hy(j1)
      end do
      l1 = l1 + nky1
    end do
  end subroutine point_value

  ! knot_interval: the l, k+1 <= l <= n-k-1, that FITPACK's search
  ! "l = k+1; while (arg >= t(l+1) and l /= n-k-1) l = l+1" finds: the
  ! first l with arg < t(l+1), or n-k-1 (also for a NaN arg).
  pure integer(ip) function knot_interval(t, n, k, arg) result(l)
    integer(ip), intent(in) :: n, k
    real(dp), intent(in) :: t(n), arg
    integer(ip) :: lo, hi, mid
    lo = k + 1
    hi = n - k - 1
    if (.not. (arg < t(hi))) then
      ! t(hi+1) >= t(hi) > arg fails: the answer is hi unless an earlier
      ! interval qualifies, which needs arg < t(l+1) <= t(hi)
      l = hi
      return
    end if
    ! invariant: the answer is in [lo, hi]; arg < t(hi) <= t(hi+1)
    do while (lo < hi)
      mid = (lo + hi)/2
      if (arg < t(mid+1)) then
        hi = mid
      else
        lo = mid + 1
      end if
    end do
    l = lo
  end function knot_interval

  ! derivative_coefficients: the B-spline coefficients of the (nux,nuy)-th
  ! partial derivative, a spline of degrees (kx-nux, ky-nuy) on the knots
  ! tx(nux+1:nx-nux), ty(nuy+1:ny-nuy), into d(1:nxx*nyy) (FITPACK's parder
  ! steps, including its in-place layout).
  pure subroutine derivative_coefficients(tx, nx, ty, ny, c, kx, ky, nux, nuy, d, &
                                          nxx, nyy)
    integer(ip), intent(in) :: nx, ny, kx, ky, nux, nuy
    real(dp), intent(in) :: tx(nx), ty(ny), c(*)
    real(dp), intent(inout) :: d(*)
    integer(ip), intent(out) :: nxx, nyy
    real(dp) :: ak, fac
    integer(ip) :: i, j, kk, l1, l2, m, m0, m1, nc, nkx1, nky1

    nkx1 = nx - kx - 1
    nky1 = ny - ky - 1
    nc = nkx1*nky1
    nxx = nkx1
    nyy = nky1
    d(1:nc) = c(1:nc)
    kk = kx
    do j = 1, nux
      ak = real(kk, dp)
      nxx = nxx - 1
      l1 = j
      m0 = 1
      do i = 1, nxx
        l1 = l1 + 1
        l2 = l1 + kk
        fac = tx(l2) - tx(l1)
        if (fac <= 0.0_dp) cycle
        do m = 1, nyy
          m1 = m0 + nyy
          d(m0) = (d(m1) - d(m0))*ak/fac
          m0 = m0 + 1
        end do
      end do
      kk = kk - 1
    end do
    if (nuy == 0) return
    kk = ky
    do j = 1, nuy
      ak = real(kk, dp)
      nyy = nyy - 1
      l1 = j
      do i = 1, nyy
        l1 = l1 + 1
        l2 = l1 + kk
        fac = ty(l2) - ty(l1)
        if (fac <= 0.0_dp) cycle
        m0 = i
        do m = 1, nxx
          m1 = m0 + 1
          d(m0) = (d(m1) - d(m0))*ak/fac
          m0 = m0 + nky1
        end do
      end do
      kk = kk - 1
    end do
    ! compact the rows of length nyy (stored with stride nky1)
    m0 = nyy
    m1 = nky1
    do m = 2, nxx
      do i = 1, nyy
        m0 = m0 + 1
        m1 = m1 + 1
        d(m0) = d(m1)
      end do
      m1 = m1 + nuy
    end do
  end subroutine derivative_coefficients

  ! parder: the partial derivative of order (nux, nuy), 0 <= nux < kx,
  ! 0 <= nuy < ky, on the grid x(1:mx) x y(1:my).
  ! lwrk >= nc+(kx+1-nux)*mx+(ky+1-nuy)*my with nc = (nx-kx-1)*(ny-ky-1),
  ! kwrk >= mx+my.  ier = 0, or 10 for invalid input.
  pure subroutine parder(tx, nx, ty, ny, c, kx, ky, nux, nuy, x, mx, y, my, z, &
                         wrk, lwrk, iwrk, kwrk, ier)
    integer(ip), intent(in) :: nx, ny, kx, ky, nux, nuy, mx, my, lwrk, kwrk
    real(dp), intent(in) :: tx(nx), ty(ny), c(*), x(*), y(*)
    real(dp), intent(inout) :: z(*), wrk(*)
    integer(ip), intent(inout) :: iwrk(*)
    integer(ip), intent(out) :: ier
    integer(ip) :: nc, nxx, nyy, iwx, iwy, kx1, ky1
    ier = 10
    if (.not. valid_grid_args(nx, ny, kx, ky, mx, my)) return
    kx1 = kx + 1
    ky1 = ky + 1
    nc = (nx - kx1)*(ny - ky1)
    if (nux < 0 .or. nux >= kx .or. nuy < 0 .or. nuy >= ky) return
    if (lwrk < nc + (kx1-nux)*mx + (ky1-nuy)*my .or. kwrk < mx + my) return
    if (.not. (sorted(x, mx) .and. sorted(y, my))) return
    ier = 0
    call derivative_coefficients(tx, nx, ty, ny, c, kx, ky, nux, nuy, wrk, nxx, nyy)
    iwx = 1 + nxx*nyy
    iwy = iwx + mx*(kx1-nux)
    call surf_grid_values(tx(nux+1:nx-nux), nx-2*nux, ty(nuy+1:ny-nuy), ny-2*nuy, &
                          wrk(1:nxx*nyy), kx-nux, ky-nuy, x(1:mx), mx, y(1:my), my, z, &
                          wrk(iwx:iwy-1), wrk(iwy:iwy-1+my*(ky1-nuy)), &
                          iwrk(1:mx), iwrk(mx+1:mx+my))
  end subroutine parder

  ! pardeu: the partial derivative of order (nux, nuy) at the points
  ! (x(i), y(i)), i = 1..m.  lwrk >= nc+(kx+1-nux)*m+(ky+1-nuy)*m,
  ! kwrk >= 2*m.
  pure subroutine pardeu(tx, nx, ty, ny, c, kx, ky, nux, nuy, x, y, z, m, wrk, &
                         lwrk, iwrk, kwrk, ier)
    integer(ip), intent(in) :: nx, ny, kx, ky, nux, nuy, m, lwrk, kwrk
    real(dp), intent(in) :: tx(nx), ty(ny), c(*), x(*), y(*)
    real(dp), intent(inout) :: z(*), wrk(*)
    integer(ip), intent(inout) :: iwrk(*)
    integer(ip), intent(out) :: ier
    integer(ip) :: i, nc, nxx, nyy, iwx, iwy, kx1, ky1
    ier = 10
    if (.not. valid_grid_args(nx, ny, kx, ky, m, 1)) return
    kx1 = kx + 1
    ky1 = ky + 1
    nc = (nx - kx1)*(ny - ky1)
    if (nux < 0 .or. nux >= kx .or. nuy < 0 .or. nuy >= ky) return
    if (lwrk < nc + (kx1-nux)*m + (ky1-nuy)*m .or. kwrk < m + m) return
    ier = 0
    call derivative_coefficients(tx, nx, ty, ny, c, kx, ky, nux, nuy, wrk, nxx, nyy)
    iwx = 1 + nxx*nyy
    iwy = iwx + m*(kx1-nux)
    do i = 1, m
      call point_value(tx(nux+1:nx-nux), nx-2*nux, ty(nuy+1:ny-nuy), ny-2*nuy, &
                       wrk(1:nxx*nyy), kx-nux, ky-nuy, x(i), y(i), wrk(iwx:iwx+kx-nux), &
                       wrk(iwy:iwy+ky-nuy), iwrk(1:2), z(i))
    end do
  end subroutine pardeu

  ! point_derivative: the (nux, nuy) partial derivative at one point (x, y),
  ! equal to pardeu's (bispeu's for nux = nuy = 0) but without workspace:
  ! only the (kx+1-nux) x (ky+1-nuy) derivative coefficients the point needs
  ! are formed, from the (kx+1) x (ky+1) block of c below them, by the same
  ! differences in the same order as derivative_coefficients.
  ! ier = 0, or 10 for invalid input (res = 0).
  pure subroutine point_derivative(tx, nx, ty, ny, c, kx, ky, nux, nuy, x, y, res, ier)
    integer(ip), intent(in) :: nx, ny, kx, ky, nux, nuy
    real(dp), intent(in) :: tx(nx), ty(ny), c(*), x, y
    real(dp), intent(out) :: res
    integer(ip), intent(out) :: ier
    real(dp) :: blk(6, 6), hx(6), hy(6), arg, ak, fac
    integer(ip) :: i, j, m, kkx, kky, lx, ly, r0, s0, nky1, gi, l1, l2
    res = 0.0_dp
    ier = 10
    if (.not. valid_grid_args(nx, ny, kx, ky, 1, 1)) return
    if (nux < 0 .or. nuy < 0 .or. (nux > 0 .and. nux >= kx) .or. &
        (nuy > 0 .and. nuy >= ky)) return
    ier = 0
    kkx = kx - nux
    kky = ky - nuy
    ! knot intervals and B-splines of the derivative spline
    arg = x
    if (arg < tx(kx+1)) arg = tx(kx+1)
    if (arg > tx(nx-kx)) arg = tx(nx-kx)
    lx = knot_interval(tx(nux+1:nx-nux), nx-2*nux, kkx, arg)
    call fpbspl(tx(nux+1:nx-nux), kkx, arg, lx, hx)
    arg = y
    if (arg < ty(ky+1)) arg = ty(ky+1)
    if (arg > ty(ny-ky)) arg = ty(ny-ky)
    ly = knot_interval(ty(nuy+1:ny-nuy), ny-2*nuy, kky, arg)
    call fpbspl(ty(nuy+1:ny-nuy), kky, arg, ly, hy)
    ! the block of c: rows r0+1..r0+kx+1, columns s0+1..s0+ky+1
    r0 = lx - kkx - 1
    s0 = ly - kky - 1
    nky1 = ny - ky - 1
    do i = 1, kx + 1
      do j = 1, ky + 1
        blk(i, j) = c((r0 + i - 1)*nky1 + s0 + j)
      end do
    end do
    ! differences in x, then in y (FITPACK's parder steps)
    do j = 1, nux
      ak = real(kx - j + 1, dp)
      do i = 1, kx + 1 - j
        gi = r0 + i
        l1 = j + gi
        l2 = l1 + kx - j + 1
        fac = tx(l2) - tx(l1)
        if (fac <= 0.0_dp) cycle
        do m = 1, ky + 1
          blk(i, m) = (blk(i+1, m) - blk(i, m))*ak/fac
        end do
      end do
    end do
    do j = 1, nuy
      ak = real(ky - j + 1, dp)
      do i = 1, ky + 1 - j
        gi = s0 + i
        l1 = j + gi
        l2 = l1 + ky - j + 1
        fac = ty(l2) - ty(l1)
        if (fac <= 0.0_dp) cycle
        do m = 1, kkx + 1
          blk(m, i) = (blk(m, i+1) - blk(m, i))*ak/fac
        end do
      end do
    end do
    res = 0.0_dp
    do i = 1, kkx + 1
      do j = 1, kky + 1
        res = res + blk(i, j)*hx(i)*hy(j)
      end do
    end do
  end subroutine point_derivative

  ! dblint: the integral of s(x,y) over [xb,xe] x [yb,ye] (clipped to the
  ! domain); wrk(nx+ny-kx-ky-2) receives the integrals of the B-splines.
  function dblint(tx, nx, ty, ny, c, kx, ky, xb, xe, yb, ye, wrk) result(res)
    integer(ip), intent(in) :: nx, ny, kx, ky
    real(dp), intent(in) :: tx(nx), ty(ny), c(*), xb, xe, yb, ye
    real(dp), intent(inout) :: wrk(*)
    real(dp) :: res, bi
    integer(ip) :: i, j, l, m, nkx1, nky1
    nkx1 = nx - kx - 1
    nky1 = ny - ky - 1
    call surf_intb(tx, nx, wrk(1:nkx1), nkx1, xb, xe)
    call surf_intb(ty, ny, wrk(nkx1+1:nkx1+nky1), nky1, yb, ye)
    res = 0.0_dp
    do i = 1, nkx1
      bi = wrk(i)
      if (bi == 0.0_dp) cycle
      m = (i-1)*nky1
      l = nkx1
      do j = 1, nky1
        m = m + 1
        l = l + 1
        res = res + bi*wrk(l)*c(m)
      end do
    end do
  end function dblint

  ! surf_intb: bint(i) = integral from x to y of the i-th normalized
  ! B-spline on the knots t(1:n), nk1 = n-k-1 of them (FITPACK's fpintb:
  ! the integral follows from the B-splines of one degree higher).
  pure subroutine surf_intb(t, n, bint, nk1, x, y)
    integer(ip), intent(in) :: n, nk1
    real(dp), intent(in) :: t(n), x, y
    real(dp), intent(out) :: bint(nk1)
    real(dp) :: a, b, arg, f, aint(6), h(6), h1(6)
    integer(ip) :: i, ia, ib, it, j, j1, k, k1, l, li, lj, lk
    logical :: reversed
    k1 = n - nk1
    k = k1 - 1
    bint = 0.0_dp
    if (x == y) return
    if (x < y) then
      a = x
      b = y
      reversed = .false.
    else
      a = y
      b = x
      reversed = .true.
    end if
    if (a < t(k1)) a = t(k1)
    if (b > t(nk1+1)) b = t(nk1+1)
    if (a > b) return
    l = k1
    arg = a
    ia = 0
    h = 0.0_dp
    do it = 1, 2
      do while (.not. (arg < t(l+1) .or. l == nk1))
        l = l + 1
      end do
      aint(1:k1) = 0.0_dp
      aint(1) = (arg - t(l))/(t(l+1) - t(l))
      h1(1) = 1.0_dp
      do j = 1, k
        h(1) = 0.0_dp
        do i = 1, j
          li = l + i
          lj = li - j
          f = h1(i)/(t(li) - t(lj))
          h(i) = h(i) + f*(t(li) - arg)
          h(i+1) = f*(arg - t(lj))
        end do
        j1 = j + 1
        do i = 1, j1
          li = l + i
          lj = li - j1
          aint(i) = aint(i) + h(i)*(arg - t(lj))/(t(li) - t(lj))
          h1(i) = h(i)
        end do
      end do
      if (it == 2) exit
      lk = l - k
      ia = lk
      do i = 1, k1
        bint(lk) = -aint(i)
        lk = lk + 1
      end do
      arg = b
    end do
    lk = l - k
    ib = lk - 1
    do i = 1, k1
      bint(lk) = bint(lk) + aint(i)
      lk = lk + 1
    end do
    do i = ia, ib
      bint(i) = bint(i) + 1.0_dp
    end do
    f = 1.0_dp/real(k1, dp)
    do i = 1, nk1
      j = i + k1
      bint(i) = bint(i)*(t(j) - t(i))*f
    end do
    if (reversed) bint = -bint
  end subroutine surf_intb

  ! valid_grid_args: degrees 0..5, at least 2*(k+1) knots and one point
  ! in each direction.
  pure logical function valid_grid_args(nx, ny, kx, ky, mx, my)
    integer(ip), intent(in) :: nx, ny, kx, ky, mx, my
    valid_grid_args = kx >= 0 .and. kx <= 5 .and. ky >= 0 .and. ky <= 5 .and. &
                      nx >= 2*(kx+1) .and. ny >= 2*(ky+1) .and. mx >= 1 .and. my >= 1
  end function valid_grid_args

  pure logical function sorted(u, m)
    integer(ip), intent(in) :: m
    real(dp), intent(in) :: u(*)
    integer(ip) :: i
    sorted = .true.
    do i = 2, m
      if (u(i) < u(i-1)) then
        sorted = .false.
        return
      end if
    end do
  end function sorted

end module fitpack_surface_eval
