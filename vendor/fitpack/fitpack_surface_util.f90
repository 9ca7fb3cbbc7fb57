! Low-level building blocks of the scijit 2-D FITPACK routines.
!
! P. Dierckx, Curve and Surface Fitting with Splines, Oxford 1993:
! B-spline values by the de Boor-Cox recurrence (ch. 1), Givens rotations
! and banded back substitution (ch. 4), the discontinuity-jump matrix of
! the smoothing criterion (ch. 5), knot placement for smoothing fits and
! the rational interpolation of the smoothing parameter (ch. 5).
!
! Private to the surface modules (names surf_*) so that they never clash
! with the 1-D library's modules; the arithmetic follows FITPACK's order of
! operations so that results agree with scipy's to the last bits.
module fitpack_surface_util
  use scijit_kinds, only: dp
  implicit none
  private
  public :: surf_bspl, surf_givens, surf_rotate, surf_back, surf_back_inplace
  public :: surf_disc, surf_knot, surf_rati, surf_chec

contains

  ! surf_bspl: the k+1 non-zero B-splines of degree k at t(l) <= x < t(l+1)
  ! (FITPACK's fpbspl), h(1:k+1), by the stable de Boor-Cox recurrence.
  pure subroutine surf_bspl(t, k, x, l, h)
    real(dp), intent(in) :: t(*)
    integer, intent(in) :: k, l
    real(dp), intent(in) :: x
    real(dp), intent(inout) :: h(*)
    real(dp) :: prev(6), f
    integer :: i, j, li, lj
    h(1) = 1.0_dp
    do j = 1, k
      prev(1:j) = h(1:j)
      h(1) = 0.0_dp
      do i = 1, j
        li = l + i
        lj = li - j
        if (t(li) == t(lj)) then
          h(i+1) = 0.0_dp
        else
          f = prev(i)/(t(li) - t(lj))
          h(i) = h(i) + f*(t(li) - x)
          h(i+1) = f*(x - t(lj))
        end if
      end do
    end do
  end subroutine surf_bspl

  ! surf_givens: the Givens rotation (c, s) that zeroes piv against ww;
  ! ww becomes the rotated diagonal element (FITPACK's fpgivs).
  pure subroutine surf_givens(piv, ww, c, s)
    real(dp), intent(in) :: piv
    real(dp), intent(inout) :: ww
    real(dp), intent(out) :: c, s
    real(dp) :: dd, apiv
    apiv = abs(piv)
    if (apiv >= ww) then
      dd = apiv*sqrt(1.0_dp + (ww/piv)**2)
    else
      dd = ww*sqrt(1.0_dp + (piv/ww)**2)
    end if
    c = ww/dd
    s = piv/dd
    ww = dd
  end subroutine surf_givens

  ! surf_rotate: apply the rotation (c, s) to the pair (a, b) (fprota).
  pure elemental subroutine surf_rotate(c, s, a, b)
    real(dp), intent(in) :: c, s
    real(dp), intent(inout) :: a, b
    real(dp) :: a0, b0
    a0 = a
    b0 = b
    b = c*b0 + s*a0
    a = c*a0 - s*b0
  end subroutine surf_rotate

  ! surf_back: solve a*c = z, a(n,n) upper triangular with bandwidth k
  ! stored as a(nest,k) (diagonal in column 1) (fpback).
  pure subroutine surf_back(a, nest, z, n, k, c)
    integer, intent(in) :: nest, n, k
    real(dp), intent(in) :: a(nest, k), z(n)
    real(dp), intent(out) :: c(n)
    real(dp) :: acc
    integer :: i, j, l, m, nb
    c(n) = z(n)/a(n, 1)
    i = n - 1
    do j = 2, n
      acc = z(i)
      nb = min(j - 1, k - 1)
      m = i
      do l = 1, nb
        m = m + 1
        acc = acc - c(m)*a(i, l+1)
      end do
      c(i) = acc/a(i, 1)
      i = i - 1
    end do
  end subroutine surf_back

  ! surf_back_inplace: as surf_back with the right-hand side overwritten
  ! by the solution (FITPACK calls fpback with z and c the same array).
  pure subroutine surf_back_inplace(a, nest, n, k, c)
    integer, intent(in) :: nest, n, k
    real(dp), intent(in) :: a(nest, k)
    real(dp), intent(inout) :: c(n)
    real(dp) :: acc
    integer :: i, j, l, m, nb
    c(n) = c(n)/a(n, 1)
    i = n - 1
    do j = 2, n
      acc = c(i)
      nb = min(j - 1, k - 1)
      m = i
      do l = 1, nb
        m = m + 1
        acc = acc - c(m)*a(i, l+1)
      end do
      c(i) = acc/a(i, 1)
      i = i - 1
    end do
  end subroutine surf_back_inplace

  ! surf_disc: the discontinuity jumps of the k-th derivative of the
  ! B-splines of degree k = k2-2 at the interior knots, b(nest,k2) (fpdisc).
  pure subroutine surf_disc(t, n, k2, b, nest)
    integer, intent(in) :: n, k2, nest
    real(dp), intent(in) :: t(n)
    real(dp), intent(inout) :: b(nest, k2)
    real(dp) :: h(12), fac, prod
    integer :: i, ik, j, jk, k, k1, l, lj, lk, lmk, lp, nk1
    k1 = k2 - 1
    k = k1 - 1
    nk1 = n - k1
    fac = real(nk1 - k, dp)/(t(nk1+1) - t(k1))
    do l = k2, nk1
      lmk = l - k1
      do j = 1, k1
        ik = j + k1
        lj = l + j
        lk = lj - k2
        h(j) = t(l) - t(lk)
        h(ik) = t(l) - t(lj)
      end do
      lp = lmk
      do j = 1, k2
        jk = j
        prod = h(j)
        do i = 1, k
          jk = jk + 1
          prod = prod*h(jk)*fac
        end do
        lk = lp + k1
        b(lmk, j) = (t(lk) - t(lp))/prod
        lp = lp + 1
      end do
    end do
  end subroutine surf_disc

  ! surf_knot: add one knot to t(1:n) in the knot interval with the
  ! largest residual sum fpint that still holds data points, at the middle
  ! data point of that interval (fpknot, with scipy's guard for the case
  ! where no interval holds a data point: then only the counters advance).
  pure subroutine surf_knot(x, m, t, n, fpint, nrdata, nrint, nest, istart)
    integer, intent(in) :: m, nest, istart
    real(dp), intent(in) :: x(m)
    real(dp), intent(inout) :: t(nest), fpint(nest)
    integer, intent(inout) :: n, nrint, nrdata(nest)
    real(dp) :: fpmax, am
    integer :: ihalf, j, jbegin, jj, jk, jpoint, k, maxbeg, maxpt, nxt, nrx, number
    logical :: found
    k = (n - nrint - 1)/2
    fpmax = 0.0_dp
    jbegin = istart
    found = .false.
    number = 0
    maxpt = 0
    maxbeg = 0
    do j = 1, nrint
      jpoint = nrdata(j)
      if (fpmax < fpint(j) .and. jpoint /= 0) then
        found = .true.
        fpmax = fpint(j)
        number = j
        maxpt = jpoint
        maxbeg = jbegin
      end if
      jbegin = jbegin + jpoint + 1
    end do
    if (found) then
      ihalf = maxpt/2 + 1
      nrx = maxbeg + ihalf
      nxt = number + 1
      do j = nxt, nrint
        jj = nxt + nrint - j
        fpint(jj+1) = fpint(jj)
        nrdata(jj+1) = nrdata(jj)
        jk = jj + k
        t(jk+1) = t(jk)
      end do
      nrdata(number) = ihalf - 1
      nrdata(nxt) = maxpt - ihalf
      am = real(maxpt, dp)
      fpint(number) = fpmax*real(nrdata(number), dp)/am
      fpint(nxt) = fpmax*real(nrdata(nxt), dp)/am
      t(nxt + k) = x(nrx)
    end if
    n = n + 1
    nrint = nrint + 1
  end subroutine surf_knot

  ! surf_rati: the zero of the rational function through (p1,f1), (p2,f2),
  ! (p3,f3) (p3 < 0 means infinity); updates the bracket (fprati).
  function surf_rati(p1, f1, p2, f2, p3, f3) result(p)
    real(dp), intent(inout) :: p1, f1, p3, f3
    real(dp), intent(in) :: p2, f2
    real(dp) :: p, h1, h2, h3
    if (p3 > 0.0_dp) then
      h1 = f1*(f2 - f3)
      h2 = f2*(f3 - f1)
      h3 = f3*(f1 - f2)
      p = -(p1*p2*h3 + p2*p3*h1 + p3*p1*h2)/(p1*h1 + p2*h2 + p3*h3)
    else
      p = (p1*(f1 - f3)*f2 - p2*(f2 - f3)*f1)/((f1 - f2)*f3)
    end if
    if (f2 < 0.0_dp) then
      p3 = p2
      f3 = f2
    else
      p1 = p2
      f1 = f2
    end if
  end function surf_rati

  ! surf_chec: the Schoenberg-Whitney conditions for knots t(1:n) of
  ! degree k and data x(1:m) (fpchec); ier = 0 when they hold, else 10.
  pure subroutine surf_chec(x, m, t, n, k, ier)
    integer, intent(in) :: m, n, k
    real(dp), intent(in) :: x(m), t(n)
    integer, intent(out) :: ier
    integer :: i, j, k1, k2, l, nk1, nk2, nk3
    k1 = k + 1
    k2 = k1 + 1
    nk1 = n - k1
    nk2 = nk1 + 1
    ier = 10
    if (nk1 < k1 .or. nk1 > m) return
    j = n
    do i = 1, k
      if (t(i) > t(i+1)) return
      if (t(j) < t(j-1)) return
      j = j - 1
    end do
    do i = k2, nk2
      if (t(i) <= t(i-1)) return
    end do
    if (x(1) < t(k1) .or. x(m) > t(nk2)) return
    if (x(1) >= t(k2) .or. x(m) <= t(nk1)) return
    i = 1
    l = k2
    nk3 = nk1 - 1
    do j = 2, nk3
      l = l + 1
      do
        i = i + 1
        if (i >= m) return
        if (x(i) > t(j)) exit
      end do
      if (x(i) >= t(l)) return
    end do
    ier = 0
  end subroutine surf_chec

end module fitpack_surface_util
