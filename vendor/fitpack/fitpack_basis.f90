! B-spline basis and knot bookkeeping shared by the FITPACK fitting routines.
!
! P. Dierckx, Curve and Surface Fitting with Splines, Oxford 1993
! (chapters 1, 4 and 5).  Knots t(1:n), degree k, order k1 = k+1; the
! spline's interval is t(k1) <= x <= t(n-k).  All routines are pure and keep
! no state; arrays are supplied by the caller.
module fitpack_basis
  use, intrinsic :: ieee_arithmetic, only: ieee_is_nan
  use scijit_kinds, only: dp, ip
  implicit none
  private
  public :: fpbspl, fpdisc, fpknot, fpchec, fpchep, interior_knots, knot_interval
  public :: continuable

  !> largest degree the evaluation routines accept (de Boor's work arrays)
  integer(ip), parameter, public :: fitpack_kmax = 19

contains

  ! fpbspl: the k+1 B-splines of degree k that do not vanish at x, for
  ! t(l) <= x < t(l+1), by the de Boor-Cox recurrence (Dierckx 1.2).  A
  ! zero-length knot interval contributes zero weight (repeated knots).
  ! The cubic case repeats the loops with constant bounds (the same
  ! operations, unrolled by the compiler: about twice as fast).
  pure subroutine fpbspl(t, k, x, l, h)
    real(dp), intent(in) :: t(*)
    integer(ip), intent(in) :: k, l
    real(dp), intent(in) :: x
    real(dp), intent(out) :: h(*)
    real(dp) :: hh(fitpack_kmax), f
    integer(ip) :: i, j, li, lj

    h(1) = 1.0_dp
    if (k == 3) then
      do j = 1, 3
        hh(1:j) = h(1:j)
        h(1) = 0.0_dp
        do i = 1, j
          li = l + i
          lj = li - j
          if (t(li) /= t(lj)) then
            f = hh(i) / (t(li) - t(lj))
            h(i) = h(i) + f * (t(li) - x)
            h(i + 1) = f * (x - t(lj))
          else
            h(i + 1) = 0.0_dp
          end if
        end do
      end do
      return
    end if
    do j = 1, k
      hh(1:j) = h(1:j)
      h(1) = 0.0_dp
      do i = 1, j
        li = l + i
        lj = li - j
        if (t(li) /= t(lj)) then
          f = hh(i) / (t(li) - t(lj))
          h(i) = h(i) + f * (t(li) - x)
          h(i + 1) = f * (x - t(lj))
        else
          h(i + 1) = 0.0_dp
        end if
      end do
    end do
  end subroutine fpbspl

  ! knot_interval: the knot interval l, k1 <= l <= nk1, that FITPACK's
  ! linear searches (splev, splder, ...) find for x from any starting
  ! interval: t(l) <= x < t(l+1), l = k1 below t(k1+1), l = nk1 from t(nk1)
  ! on and for NaN.  l0 is tried first (and its successor, for increasing
  ! points); otherwise bisection, so a search costs O(log n) instead of O(n).
  pure integer(ip) function knot_interval(t, k1, nk1, x, l0) result(l)
    real(dp), intent(in) :: t(*), x
    integer(ip), intent(in) :: k1, nk1, l0
    integer(ip) :: half, len

    if (ieee_is_nan(x)) then
      l = nk1
      return
    end if
    l = min(max(l0, k1), nk1)
    if (t(l) <= x) then
      if (l == nk1) return
      if (x < t(l + 1)) return
      if (l + 1 == nk1) then
        l = nk1
        return
      end if
      if (x < t(l + 2)) then
        l = l + 1
        return
      end if
    end if
    if (x < t(k1 + 1)) then
      l = k1
      return
    end if
    if (x >= t(nk1)) then
      l = nk1
      return
    end if
    ! bisection without branches to mispredict: t(l) <= x < t(l+len)
    l = k1 + 1
    len = nk1 - l
    do while (len > 1)
      half = len / 2
      l = merge(l + half, l, t(l + half) <= x)
      len = len - half
    end do
  end function knot_interval

  ! fpdisc: the jumps of the k-th derivative of the B-splines of degree k
  ! at the interior knots t(l), l = k+2..n-k-1, scaled by the mean knot
  ! spacing (Dierckx 5.2.2); b(l-k-1, 1:k2) for each knot, k2 = k+2.
  pure subroutine fpdisc(t, n, k2, b, nest)
    integer(ip), intent(in) :: n, k2, nest
    real(dp), intent(in) :: t(n)
    real(dp), intent(inout) :: b(nest, k2)
    real(dp) :: an, fac, prod, h(2*fitpack_kmax)
    integer(ip) :: i, ik, j, jk, k, k1, l, lj, lk, lmk, lp, nk1, nrint

    k1 = k2 - 1
    k = k1 - 1
    nk1 = n - k1
    nrint = nk1 - k
    an = real(nrint, dp)
    fac = an / (t(nk1 + 1) - t(k1))
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
          prod = prod * h(jk) * fac
        end do
        lk = lp + k1
        b(lmk, j) = (t(lk) - t(lp)) / prod
        lp = lp + 1
      end do
    end do
  end subroutine fpdisc

  ! fpknot: add one knot to t(1:n) inside the knot interval with the largest
  ! residual sum fpint(j) that still holds data points, at the data point in
  ! its middle (Dierckx 5.2.1).  nrdata(j) counts the data points strictly
  ! inside interval j; istart is the index of the first data point.  If no
  ! interval can take a knot, only n and nrint are incremented.
  pure subroutine fpknot(x, t, n, fpint, nrdata, nrint, istart)
    real(dp), intent(in) :: x(*)
    real(dp), intent(inout) :: t(*), fpint(*)
    integer(ip), intent(inout) :: n, nrint, nrdata(*)
    integer(ip), intent(in) :: istart
    real(dp) :: an, am, fpmax
    integer(ip) :: ihalf, j, jbegin, jj, jk, jpoint, k, maxbeg, maxpt, next, nrx, number
    logical :: found

    k = (n - nrint - 1) / 2
    fpmax = 0.0_dp
    jbegin = istart
    found = .false.
    maxbeg = 0
    maxpt = 0
    number = 0
    do j = 1, nrint
      jpoint = nrdata(j)
      ! Dierckx's test, kept for NaN (a NaN residual sum is chosen)
      if (.not. (fpmax >= fpint(j)) .and. jpoint /= 0) then
        found = .true.
        fpmax = fpint(j)
        number = j
        maxpt = jpoint
        maxbeg = jbegin
      end if
      jbegin = jbegin + jpoint + 1
    end do
    if (found) then
      ihalf = maxpt / 2 + 1
      nrx = maxbeg + ihalf
      next = number + 1
      do j = next, nrint
        jj = next + nrint - j
        fpint(jj + 1) = fpint(jj)
        nrdata(jj + 1) = nrdata(jj)
        jk = jj + k
        t(jk + 1) = t(jk)
      end do
      nrdata(number) = ihalf - 1
      nrdata(next) = maxpt - ihalf
      am = real(maxpt, dp)
      an = real(nrdata(number), dp)
      fpint(number) = fpmax * an / am
      an = real(nrdata(next), dp)
      fpint(next) = fpmax * an / am
      jk = next + k
      t(jk) = x(nrx)
    end if
    n = n + 1
    nrint = nrint + 1
  end subroutine fpknot

  ! continuable: whether the state a fit leaves for a call with iopt = 1
  ! (curfit, percur, fpcurf: n knots; fpint(n-1), fpint(n), nrdata(n); the
  ! data counts nrdata(1:nrint) of the nrint = n-nmin+1 knot intervals) can
  ! be continued without indexing out of bounds: nmin <= n <= min(nest,
  ! nmax), and for n < nmax (fpknot may then be called) each count >= 0 and
  ! the counts, with the nrint-1 data points that became knots, make up the
  ! m-2 interior data points (fpknot keeps this so; it then indexes x only
  ! inside 2..m-1).  A fit from scratch always leaves such a state.
  pure logical function continuable(n, nmin, nmax, nest, m, nrdata)
    integer(ip), intent(in) :: n, nmin, nmax, nest, m
    integer(ip), intent(in) :: nrdata(*)
    integer(ip) :: j, nrint, total
    continuable = .false.
    if (n < nmin .or. n > nest .or. n > nmax) return
    if (n > nmin .and. n < nmax) then
      nrint = n - nmin + 1
      total = nrint - 1
      do j = 1, nrint
        if (nrdata(j) < 0 .or. nrdata(j) > m) return
        total = total + nrdata(j)
      end do
      if (total /= m - 2) return
    end if
    continuable = .true.
  end function continuable

  ! interior_knots: the interior knots t(k+2:m) of curfit's interpolating
  ! spline (n = m+k+1): at the data points x(k/2+2:...) for odd k, half-way
  ! between consecutive data points for even k (Dierckx 5.2.1).
  pure subroutine interior_knots(x, m, k, t)
    integer(ip), intent(in) :: m, k
    real(dp), intent(in) :: x(m)
    real(dp), intent(inout) :: t(*)
    integer(ip) :: i, j, l

    i = k + 2
    j = k / 2 + 2
    if (mod(k, 2) == 0) then
      do l = 1, m - k - 1
        t(i) = (x(j) + x(j - 1)) * 0.5_dp
        i = i + 1
        j = j + 1
      end do
    else
      do l = 1, m - k - 1
        t(i) = x(j)
        i = i + 1
        j = j + 1
      end do
    end if
  end subroutine interior_knots

  ! fpchec: ier = 0 if the knots t(1:n) of a spline of degree k satisfy the
  ! Schoenberg-Whitney conditions for the data x(1:m) (Dierckx 4.1), else
  ! the number of the condition that fails times 10 (scipy's codes): 10 the
  ! number of knots, 20 the boundary knots' order, 30 the interior knots not
  ! strictly increasing, 40 data outside [t(k+1), t(n-k)], 50 no subset of
  ! the data interlaces the knots.
  pure subroutine fpchec(x, m, t, n, k, ier)
    integer(ip), intent(in) :: m, n, k
    real(dp), intent(in) :: x(m), t(n)
    integer(ip), intent(out) :: ier
    integer(ip) :: i, j, k1, k2, l, nk1, nk2, nk3
    real(dp) :: tj, tl

    k1 = k + 1
    k2 = k1 + 1
    nk1 = n - k1
    nk2 = nk1 + 1
    ier = 10
    if (nk1 < k1 .or. nk1 > m) return
    j = n
    ier = 20
    do i = 1, k
      if (t(i) > t(i + 1)) return
      if (t(j) < t(j - 1)) return
      j = j - 1
    end do
    ier = 30
    do i = k2, nk2
      if (t(i) <= t(i - 1)) return
    end do
    ier = 40
    if (x(1) < t(k1) .or. x(m) > t(nk2)) return
    ier = 50
    if (x(1) >= t(k2) .or. x(m) <= t(nk1)) return
    i = 1
    l = k2
    nk3 = nk1 - 1
    do j = 2, nk3
      tj = t(j)
      l = l + 1
      tl = t(l)
      do
        i = i + 1
        if (i >= m) return    ! ier = 50
        if (x(i) > tj) exit
      end do
      if (x(i) >= tl) return
    end do
    ier = 0
  end subroutine fpchec

  ! fpchep: fpchec for a periodic spline with period x(m)-x(1): the data
  ! are extended periodically and some cyclic shift must satisfy the
  ! Schoenberg-Whitney conditions (Dierckx 4.1, percur).
  pure subroutine fpchep(x, m, t, n, k, ier)
    integer(ip), intent(in) :: m, n, k
    real(dp), intent(in) :: x(m), t(n)
    integer(ip), intent(out) :: ier
    integer(ip) :: i, i1, i2, j, j1, k1, k2, l, l1, l2, m1, mm, nk1, nk2
    real(dp) :: per, tj, tl, xi
    logical :: fail

    k1 = k + 1
    k2 = k1 + 1
    nk1 = n - k1
    nk2 = nk1 + 1
    m1 = m - 1
    ier = 10
    if (nk1 < k1 .or. n > m + 2 * k) return
    j = n
    do i = 1, k
      if (t(i) > t(i + 1)) return
      if (t(j) < t(j - 1)) return
      j = j - 1
    end do
    do i = k2, nk2
      if (t(i) <= t(i - 1)) return
    end do
    if (x(1) < t(k1) .or. x(m) > t(nk2)) return
    ! l: the number of cyclic shifts to try
    l1 = k1
    l2 = 1
    l = 1
    outer: do while (l <= m)
      xi = x(l)
      do while (.not. (xi < t(l1 + 1) .or. l == nk1))
        l1 = l1 + 1
        l2 = l2 + 1
        if (l2 > k1) exit outer
      end do
      if (l == m) exit outer
      l = l + 1
    end do outer
    per = t(nk2) - t(k1)
    do i1 = 2, l
      i = i1 - 1
      mm = i + m1
      fail = .false.
      do j = k1, nk1
        tj = t(j)
        j1 = j + k1
        tl = t(j1)
        do
          i = i + 1
          if (i > mm) then
            fail = .true.
            exit
          end if
          i2 = i - m1
          if (i2 <= 0) then
            xi = x(i)
          else
            xi = x(i2) + per
          end if
          if (xi > tj) exit
        end do
        if (fail) exit
        if (xi >= tl) then
          fail = .true.
          exit
        end if
      end do
      if (.not. fail) then
        ier = 0
        return
      end if
    end do
  end subroutine fpchep

end module fitpack_basis
