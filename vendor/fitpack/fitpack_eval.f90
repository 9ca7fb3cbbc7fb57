! Evaluation, differentiation, integration, roots and knot insertion of a
! spline s(x) = sum c(i) N(i,k+1)(x) in FITPACK's B-spline representation.
!
! P. Dierckx, Curve and Surface Fitting with Splines, Oxford 1993
! (chapter 1: de Boor's recurrences, Gaffney's integrals, Boehm's knot
! insertion; chapter 7: zeros of a cubic spline).  Knots t(1:n), degree k
! (k <= fitpack_kmax), coefficients c(1:n-k-1).  Every routine is pure and
! works in the caller's arrays only.
module fitpack_eval
  use scijit_kinds, only: dp, ip
  use fitpack_basis, only: fpbspl, fitpack_kmax, knot_interval
  implicit none
  private
  public :: splev, splder, spleval, splint, fpintb, sproot, fpcuro, spalde, fpader, insert, fpinst

  real(dp), parameter :: pi = 3.14159265358979323846_dp
  integer(ip), parameter :: kwork = fitpack_kmax + 1

contains

  ! splev: y(i) = s(x(i)), i = 1..m.  Outside [t(k+1), t(n-k)] the value is
  ! extrapolated (e = 0), zero (e = 1), an error ier = 1 (e = 2) or the
  ! value at the nearest end (e = 3).  ier = 10: m < 1 or k out of range.
  pure subroutine splev(t, n, c, k, x, y, m, e, ier)
    integer(ip), intent(in) :: n, k, m, e
    real(dp), intent(in) :: t(n), c(*), x(m)
    real(dp), intent(out) :: y(m)
    integer(ip), intent(out) :: ier
    real(dp) :: arg, sp, tb, te, h(kwork)
    integer(ip) :: i, j, k1, l, ll, nk1

    ier = 10
    if (m < 1 .or. k < 0 .or. k > fitpack_kmax) return
    ier = 0
    k1 = k + 1
    nk1 = n - k1
    tb = t(k1)
    te = t(nk1 + 1)
    l = k1
    do i = 1, m
      arg = x(i)
      if (arg < tb .or. arg > te) then
        select case (e)
        case (1)
          y(i) = 0.0_dp
          cycle
        case (2)
          ier = 1
          return
        case (3)
          if (arg < tb) then
            arg = tb
          else
            arg = te
          end if
        end select
      end if
      ! FITPACK's knot interval t(l) <= arg < t(l+1), tried from the last
      l = knot_interval(t, k1, nk1, arg, l)
      call fpbspl(t, k, arg, l, h)
      sp = 0.0_dp
      ll = l - k1
      do j = 1, k1
        ll = ll + 1
        sp = sp + c(ll) * h(j)
      end do
      y(i) = sp
    end do
  end subroutine splev

  ! splder: y(i) = the nu-th derivative of s at x(i), 0 <= nu <= k, with
  ! the extrapolation modes of splev, except that e = 3 extrapolates like
  ! e = 0 (FITPACK's and scipy's behaviour for derivatives).  wrk(n): the
  ! derivative's B-spline coefficients (de Boor's difference recurrence).
  ! ier = 10 on bad input.
  pure subroutine splder(t, n, c, k, nu, x, y, m, e, wrk, ier)
    integer(ip), intent(in) :: n, k, nu, m, e
    real(dp), intent(in) :: t(n), c(*), x(m)
    real(dp), intent(out) :: y(m)
    real(dp), intent(inout) :: wrk(n)
    integer(ip), intent(out) :: ier
    real(dp) :: ak, arg, fac, sp, tb, te, h(kwork)
    integer(ip) :: i, j, k1, k2, kk, l, l1, l2, ll, nk1, nk2

    ier = 10
    if (nu < 0 .or. nu > k .or. k > fitpack_kmax .or. m < 1) return
    ier = 0
    k1 = k + 1
    nk1 = n - k1
    tb = t(k1)
    te = t(nk1 + 1)
    l = 1
    kk = k
    wrk(1:nk1) = c(1:nk1)
    if (nu /= 0) then
      nk2 = nk1
      do j = 1, nu
        ak = real(kk, dp)
        nk2 = nk2 - 1
        l1 = l
        do i = 1, nk2
          l1 = l1 + 1
          l2 = l1 + kk
          fac = t(l2) - t(l1)
          if (fac <= 0.0_dp) cycle
          wrk(i) = ak * (wrk(i + 1) - wrk(i)) / fac
        end do
        l = l + 1
        kk = kk - 1
      end do
      if (kk == 0) then
        ! nu = k: a piecewise constant function
        do i = 1, m
          arg = x(i)
          if (arg < tb .or. arg > te) then
            select case (e)
            case (1)
              y(i) = 0.0_dp
              cycle
            case (2)
              ier = 1
              return
            end select
          end if
          l = knot_interval(t, k1, nk1, arg, l)
          y(i) = wrk(l - k)
        end do
        return
      end if
    end if
    l = k1
    k2 = k1 - nu
    do i = 1, m
      arg = x(i)
      if (arg < tb .or. arg > te) then
        select case (e)
        case (1)
          y(i) = 0.0_dp
          cycle
        case (2)
          ier = 1
          return
        end select
      end if
      l = knot_interval(t, k1, nk1, arg, l)
      call fpbspl(t, kk, arg, l, h)
      sp = 0.0_dp
      ll = l - k1
      do j = 1, k2
        ll = ll + 1
        sp = sp + wrk(ll) * h(j)
      end do
      y(i) = sp
    end do
  end subroutine splder

  ! spleval: the nu-th derivative (0 <= nu <= k) of s at one point x, with
  ! splev's extrapolation modes (e = 3 clamps for nu = 0 only, as splder).
  ! scijit's addition for scalar calls: the same operations on the same
  ! values as splev / splder, but the knot interval is found by bisection
  ! and only the k+1 derivative coefficients in use are formed, so a call
  ! costs O(k**2 + log n) instead of O(n).  ier as splev.
  pure subroutine spleval(t, n, c, k, nu, x, e, y, ier)
    integer(ip), intent(in) :: n, k, nu, e
    real(dp), intent(in) :: t(n), c(*), x
    real(dp), intent(out) :: y
    integer(ip), intent(out) :: ier
    real(dp) :: ak, arg, fac, sp, tb, te, d(kwork), h(kwork)
    integer(ip) :: i, j, k1, kk, l, l0, nk1, p

    y = 0.0_dp
    ier = 10
    if (nu < 0 .or. nu > k .or. k > fitpack_kmax) return
    ier = 0
    k1 = k + 1
    nk1 = n - k1
    tb = t(k1)
    te = t(nk1 + 1)
    arg = x
    if (arg < tb .or. arg > te) then
      select case (e)
      case (1)
        return
      case (2)
        ier = 1
        return
      case (3)
        if (nu == 0) then
          if (arg < tb) then
            arg = tb
          else
            arg = te
          end if
        end if
      end select
    end if
    l = knot_interval(t, k1, nk1, arg, k1)
    ! the coefficients c(l-k..l), differenced nu times as splder does
    l0 = l - k1
    d(1:k1) = c(l0 + 1:l)
    kk = k
    do j = 1, nu
      ak = real(kk, dp)
      do p = 1, k1 - j
        i = l0 + p
        fac = t(i + k1) - t(i + j)
        if (fac <= 0.0_dp) cycle
        d(p) = ak * (d(p + 1) - d(p)) / fac
      end do
      kk = kk - 1
    end do
    if (kk == 0) then
      y = d(1)
      return
    end if
    call fpbspl(t, kk, arg, l, h)
    sp = 0.0_dp
    do j = 1, k1 - nu
      sp = sp + d(j) * h(j)
    end do
    y = sp
  end subroutine spleval

  ! splint: the integral of s over [a, b] (zero outside [t(k+1), t(n-k)]);
  ! wrk(n-k-1) receives the integrals of the B-splines (fpintb).  Not pure
  ! only because a function may not write its workspace argument.
  function splint(t, n, c, k, a, b, wrk) result(res)
    integer(ip), intent(in) :: n, k
    real(dp), intent(in) :: t(n), c(*), a, b
    real(dp), intent(inout) :: wrk(*)
    real(dp) :: res
    integer(ip) :: i, nk1

    nk1 = n - k - 1
    call fpintb(t, n, wrk, nk1, a, b)
    res = 0.0_dp
    do i = 1, nk1
      res = res + c(i) * wrk(i)
    end do
  end function splint

  ! fpintb: bint(j) = the integral over [x, y] of the normalised B-spline
  ! N(j,k+1), j = 1..nk1, k = n-nk1-1 (Gaffney's formula, Dierckx 1.3).
  pure subroutine fpintb(t, n, bint, nk1, x, y)
    integer(ip), intent(in) :: n, nk1
    real(dp), intent(in) :: t(n), x, y
    real(dp), intent(out) :: bint(nk1)
    real(dp) :: a, ak, arg, b, f, aint(kwork), h(kwork + 1), h1(kwork + 1)
    integer(ip) :: i, ia, ib, it, j, j1, k, k1, l, li, lj, lk, l0
    logical :: swapped

    k1 = n - nk1
    ak = real(k1, dp)
    k = k1 - 1
    bint = 0.0_dp
    a = x
    b = y
    swapped = .false.
    if (a >= b) then
      if (a == b) return
      a = y
      b = x
      swapped = .true.
    end if
    if (a < t(k1)) a = t(k1)
    if (b > t(nk1 + 1)) b = t(nk1 + 1)
    if (a > b) return
    l = k1
    l0 = l + 1
    arg = a
    ia = 0
    do it = 1, 2
      do while (.not. (arg < t(l0) .or. l == nk1))
        l = l0
        l0 = l + 1
      end do
      aint(1:k1) = 0.0_dp
      aint(1) = (arg - t(l)) / (t(l + 1) - t(l))
      h1(1) = 1.0_dp
      do j = 1, k
        h(1) = 0.0_dp
        do i = 1, j
          li = l + i
          lj = li - j
          f = h1(i) / (t(li) - t(lj))
          h(i) = h(i) + f * (t(li) - arg)
          h(i + 1) = f * (arg - t(lj))
        end do
        j1 = j + 1
        do i = 1, j1
          li = l + i
          lj = li - j1
          aint(i) = aint(i) + h(i) * (arg - t(lj)) / (t(li) - t(lj))
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
    f = 1.0_dp / ak
    do i = 1, nk1
      j = i + k1
      bint(i) = bint(i) * (t(j) - t(i)) * f
    end do
    if (swapped) bint = -bint
  end subroutine fpintb

  ! sproot: the zeros of a cubic spline (n >= 8 knots) in increasing order,
  ! zero(1:m), m <= mest (ier = 1 if there are more); ier = 10 if the knots
  ! are not t1<=..<=t4<t5<..<tn-3<=..<=tn.  Each knot interval's cubic is
  ! built from s and s' at its ends and solved by fpcuro (Dierckx 7.1).
  pure subroutine sproot(t, n, c, zero, mest, m, ier)
    integer(ip), intent(in) :: n, mest
    real(dp), intent(in) :: t(n), c(*)
    real(dp), intent(inout) :: zero(*)
    integer(ip), intent(out) :: m, ier
    real(dp) :: ah, a0, a1, a2, a3, bh, b0, b1, c1, c2, c3, c4, c5, d4, d5
    real(dp) :: h1, h2, t1, t2, t3, t4, t5, zz, y(3)
    logical :: z0, z1, z2, z3, z4, nz0, nz1, nz2, nz3, nz4, candidate
    integer(ip) :: i, j, l, nroot

    m = 0
    ier = 10
    if (n < 8) return
    j = n
    do i = 1, 3
      if (t(i) > t(i + 1)) return
      if (t(j) < t(j - 1)) return
      j = j - 1
    end do
    do i = 4, n - 4
      if (t(i) >= t(i + 1)) return
    end do
    ier = 0
    h1 = t(4) - t(3)
    h2 = t(5) - t(4)
    t1 = t(4) - t(2)
    t2 = t(5) - t(3)
    t3 = t(6) - t(4)
    t4 = t(5) - t(2)
    t5 = t(6) - t(3)
    ! a0 = s(t(4)), ah = s'(t(4))
    c1 = c(1)
    c2 = c(2)
    c3 = c(3)
    c4 = (c2 - c1) / t4
    c5 = (c3 - c2) / t5
    d4 = (h2 * c1 + t1 * c2) / t4
    d5 = (t3 * c2 + h1 * c3) / t5
    a0 = (h2 * d4 + h1 * d5) / t2
    ah = 3.0_dp * (h2 * c4 + h1 * c5) / t2
    z1 = ah >= 0.0_dp
    nz1 = .not. z1
    do l = 4, n - 4
      h1 = h2
      h2 = t(l + 2) - t(l + 1)
      t1 = t2
      t2 = t3
      t3 = t(l + 3) - t(l + 1)
      t4 = t5
      t5 = t(l + 3) - t(l)
      ! b0 = s(t(l+1)), bh = s'(t(l+1))
      c1 = c2
      c2 = c3
      c3 = c(l)
      c4 = c5
      c5 = (c3 - c2) / t5
      d4 = (h2 * c1 + t1 * c2) / t4
      d5 = (h1 * c3 + t3 * c2) / t5
      b0 = (h2 * d4 + h1 * d5) / t2
      bh = 3.0_dp * (h2 * c4 + h1 * c5) / t2
      ! q(y) = a0 + a1*y + a2*y**2 + a3*y**3, y = (x-t(l))/(t(l+1)-t(l))
      a1 = ah * h1
      b1 = bh * h1
      a2 = 3.0_dp * (b0 - a0) - b1 - 2.0_dp * a1
      a3 = 2.0_dp * (a0 - b0) + b1 + a1
      z3 = b1 >= 0.0_dp
      nz3 = .not. z3
      if (a0 * b0 <= 0.0_dp) then
        candidate = .true.
      else
        ! no sign change: a zero is possible only if the cubic turns
        z0 = a0 >= 0.0_dp
        nz0 = .not. z0
        z2 = a2 >= 0.0_dp
        nz2 = .not. z2
        z4 = 3.0_dp * a3 + a2 >= 0.0_dp
        nz4 = .not. z4
        candidate = (z0 .and. ((nz1 .and. (z3 .or. (z2 .and. nz4))) .or. (nz2 .and. z3 .and. z4))) &
             .or. (nz0 .and. ((z1 .and. (nz3 .or. (nz2 .and. z4))) .or. (z2 .and. nz3 .and. nz4)))
      end if
      if (candidate) then
        call fpcuro(a3, a2, a1, a0, y, nroot)
        do i = 1, nroot
          if (y(i) < 0.0_dp .or. y(i) > 1.0_dp) cycle
          if (m >= mest) then
            ier = 1
            return
          end if
          m = m + 1
          zero(m) = t(l) + h1 * y(i)
        end do
      end if
      a0 = b0
      ah = bh
      z1 = z3
      nz1 = nz3
    end do
    ! sort, then drop duplicates
    if (m < 2) return
    do i = 2, m
      j = i
      do while (j > 1)
        if (zero(j) >= zero(j - 1)) exit
        zz = zero(j)
        zero(j) = zero(j - 1)
        zero(j - 1) = zz
        j = j - 1
      end do
    end do
    j = m
    m = 1
    do i = 2, j
      if (zero(i) == zero(m)) cycle
      m = m + 1
      zero(m) = zero(i)
    end do
  end subroutine sproot

  ! fpcuro: the real zeros x(1:n) of a*x**3 + b*x**2 + c*x + d (Cardano /
  ! trigonometric form, lower degree when the leading coefficients are
  ! negligible), each polished by one Newton step.
  pure subroutine fpcuro(a, b, c, d, x, n)
    real(dp), intent(in) :: a, b, c, d
    real(dp), intent(out) :: x(3)
    integer(ip), intent(out) :: n
    real(dp) :: a1, b1, c1, df, disc, d1, e3, f, pi3, p3, q, r, step, u, u1, u2, y
    integer(ip) :: i

    e3 = 0.1_dp / 0.3_dp
    pi3 = pi / 3.0_dp
    a1 = abs(a)
    b1 = abs(b)
    c1 = abs(c)
    d1 = abs(d)
    x = 0.0_dp
    if (max(b1, c1, d1) < a1 * 1.0e4_dp) then
      ! a cubic
      b1 = b / a * e3
      c1 = c / a
      d1 = d / a
      q = c1 * e3 - b1 * b1
      r = b1 * b1 * b1 + (d1 - b1 * c1) * 0.5_dp
      disc = q * q * q + r * r
      if (disc > 0.0_dp) then
        u = sqrt(disc)
        u1 = -r + u
        u2 = -r - u
        n = 1
        x(1) = sign(abs(u1)**e3, u1) + sign(abs(u2)**e3, u2) - b1
      else
        u = sqrt(abs(q))
        if (r < 0.0_dp) u = -u
        p3 = atan2(sqrt(-disc), abs(r)) * e3
        u2 = u + u
        n = 3
        x(1) = -u2 * cos(p3) - b1
        x(2) = u2 * cos(pi3 - p3) - b1
        x(3) = u2 * cos(pi3 + p3) - b1
      end if
    else if (max(c1, d1) < b1 * 1.0e4_dp) then
      ! a quadratic
      disc = c * c - 4.0_dp * b * d
      n = 0
      if (disc < 0.0_dp) return
      n = 2
      u = sqrt(disc)
      b1 = b + b
      x(1) = (-c + u) / b1
      x(2) = (-c - u) / b1
    else if (d1 < c1 * 1.0e4_dp) then
      n = 1
      x(1) = -d / c
    else
      n = 0
      return
    end if
    do i = 1, n
      y = x(i)
      f = ((a * y + b) * y + c) * y + d
      df = (3.0_dp * a * y + 2.0_dp * b) * y + c
      step = 0.0_dp
      if (abs(f) < abs(df) * 0.1_dp) step = f / df
      x(i) = y - step
    end do
  end subroutine fpcuro

  ! spalde: d(j) = the (j-1)-th derivative of s at x, j = 1..k1 (k1 = k+1),
  ! for t(k1) <= x <= t(n-k); ier = 10 otherwise.
  pure subroutine spalde(t, n, c, k1, x, d, ier)
    integer(ip), intent(in) :: n, k1
    real(dp), intent(in) :: t(n), c(*), x
    real(dp), intent(out) :: d(k1)
    integer(ip), intent(out) :: ier
    integer(ip) :: l, nk1

    ier = 10
    d = 0.0_dp
    if (k1 < 1 .or. k1 > kwork) return
    nk1 = n - k1
    if (x < t(k1) .or. x > t(nk1 + 1)) return
    l = k1
    do while (.not. (x < t(l + 1) .or. l == nk1))
      l = l + 1
    end do
    if (t(l) >= t(l + 1)) return
    ier = 0
    call fpader(t, n, c, k1, x, l, d)
  end subroutine spalde

  ! fpader: all derivatives d(j) = s^(j-1)(x), j = 1..k1, at
  ! t(l) <= x < t(l+1), by de Boor's stable recurrence.
  pure subroutine fpader(t, n, c, k1, x, l, d)
    integer(ip), intent(in) :: n, k1, l
    real(dp), intent(in) :: t(n), c(*), x
    real(dp), intent(out) :: d(k1)
    real(dp) :: fac, h(kwork)
    integer(ip) :: i, ik, j, jj, j1, j2, ki, kj, li, lj, lk

    lk = l - k1
    do i = 1, k1
      ik = i + lk
      h(i) = c(ik)
    end do
    kj = k1
    fac = 1.0_dp
    do j = 1, k1
      ki = kj
      j1 = j + 1
      if (j /= 1) then
        i = k1
        do jj = j, k1
          li = i + lk
          lj = li + kj
          h(i) = (h(i) - h(i - 1)) / (t(lj) - t(li))
          i = i - 1
        end do
      end if
      d(j:k1) = h(j:k1)
      if (j /= k1) then
        do jj = j1, k1
          ki = ki - 1
          i = k1
          do j2 = jj, k1
            li = i + lk
            lj = li + ki
            d(i) = ((x - t(li)) * d(i) + (t(lj) - x) * d(i - 1)) / (t(lj) - t(li))
            i = i - 1
          end do
        end do
      end if
      d(j) = d(k1) * fac
      fac = fac * real(k1 - j, dp)
      kj = kj - 1
    end do
  end subroutine fpader

  ! insert: insert the knot x once into the spline (t, c, k) of n knots,
  ! giving (tt, cc) with nn = n+1 knots (Boehm's algorithm, fpinst).
  ! iopt /= 0: the spline is periodic.  ier = 10 if nest <= n, x is outside
  ! [t(k+1), t(n-k)], or (periodic) the knot cannot be inserted.
  pure subroutine insert(iopt, t, n, c, k, x, tt, nn, cc, nest, ier)
    integer(ip), intent(in) :: iopt, n, k, nest
    real(dp), intent(in) :: t(n), c(*), x
    real(dp), intent(inout) :: tt(nest), cc(nest)
    integer(ip), intent(out) :: nn, ier
    integer(ip) :: k1, kk, l, nk

    ier = 10
    nn = n
    if (nest <= n) return
    k1 = k + 1
    nk = n - k
    if (.not. (x >= t(k1) .and. x <= t(nk))) return     ! NaN refused too
    l = k1
    do while (x >= t(l + 1))
      l = l + 1
      if (l == nk) then
        ! none found: search backwards for t(l) < x <= t(l+1)
        l = nk - 1
        do while (x <= t(l))
          l = l - 1
          if (l == k) return
        end do
        exit
      end if
    end do
    if (t(l) >= t(l + 1)) return
    if (iopt /= 0) then
      kk = 2 * k
      if (l <= kk .and. l >= n - kk) return
    end if
    ier = 0
    call fpinst(iopt, t, n, c, k, x, l, tt, nn, cc, nest)
  end subroutine insert

  ! fpinst: Boehm's insertion of x into t(l) <= x < t(l+1); the periodic
  ! case (iopt /= 0) also updates the k knots and coefficients that wrap.
  pure subroutine fpinst(iopt, t, n, c, k, x, l, tt, nn, cc, nest)
    integer(ip), intent(in) :: iopt, n, k, l, nest
    real(dp), intent(in) :: t(n), c(*), x
    real(dp), intent(inout) :: tt(nest), cc(nest)
    integer(ip), intent(out) :: nn
    real(dp) :: fac, per
    integer(ip) :: i, i1, j, k1, ll, mk, m, nk, nk1, nl

    k1 = k + 1
    nk1 = n - k1
    ll = l + 1
    i = n
    do j = ll, n
      tt(i + 1) = t(i)
      i = i - 1
    end do
    tt(ll) = x
    tt(1:l) = t(1:l)
    i = nk1
    do j = l, nk1
      cc(i + 1) = c(i)
      i = i - 1
    end do
    i = l
    do j = 1, k
      m = i + k1
      fac = (x - tt(i)) / (tt(m) - tt(i))
      i1 = i - 1
      cc(i) = fac * c(i) + (1.0_dp - fac) * c(i1)
      i = i - 1
    end do
    cc(1:i) = c(1:i)
    nn = n + 1
    if (iopt == 0) return
    ! periodic boundary conditions
    nk = nn - k
    nl = nk - k1
    per = tt(nk) - tt(k1)
    i = k1
    j = nk
    if (ll > nl) then
      do m = 1, k
        mk = m + nl
        cc(m) = cc(mk)
        i = i - 1
        j = j - 1
        tt(i) = tt(j) - per
      end do
      return
    end if
    if (ll > k1 + k) return
    do m = 1, k
      mk = m + nl
      cc(mk) = cc(m)
      i = i + 1
      j = j + 1
      tt(j) = tt(i) + per
    end do
  end subroutine fpinst

end module fitpack_eval
