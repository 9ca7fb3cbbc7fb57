! QUADPACK's general-purpose adaptive integrators with extrapolation:
! qagse (finite range), qagie (infinite range) and qagpe (finite range with
! user-supplied break points).
!
! Reference: R. Piessens, E. de Doncker-Kapenga, C. W. Ueberhuber,
! D. K. Kahaner, "QUADPACK", Springer 1983, section 4 (qagse, qagie, qagpe).
!
! Conventions (as QUADPACK's): alist, blist, rlist, elist(1:last) hold the
! subintervals, their integrals and error estimates; iord holds 1-based
! interval indices sorted by decreasing error.  ier = -1 means the integrand
! asked to stop (iflag < 0); the other codes are QUADPACK's.  limit < 1
! gives ier = 6 without touching any array.
module quadpack_qag
  use, intrinsic :: iso_c_binding, only: c_ptr
  use scijit_kinds, only: dp, ip
  use quadpack_rules, only: quad_fcn, epmach, uflow, oflow, qk21, qk15i, fmax, fmin
  use quadpack_extrapolation, only: qelg, qpsrt, limexp
  implicit none
  private
  public :: qagse, qagie, qagpe, extrap_final

  integer(ip), parameter :: mode_finite = 1, mode_infinite = 2

contains

  ! Final decision of the extrapolating integrators (labels 100-115 of
  ! QUADPACK's qagse): choose between the extrapolated result and the sum
  ! of the subinterval results (use_sum = .true.), and flag divergence
  ! (ier = 6 before the final decrement).  strict selects qawoe's
  ! "errsum >= |area|" test instead of "errsum > |area|".
  pure subroutine extrap_final(ier, ierro, result, abserr, area, errsum, &
                               correc, ksgn, defabs, strict, use_sum)
    integer(ip), intent(inout) :: ier
    integer(ip), intent(in) :: ierro, ksgn
    real(dp), intent(in) :: result, area, errsum, correc, defabs
    real(dp), intent(inout) :: abserr
    logical, intent(in) :: strict
    logical, intent(out) :: use_sum
    logical :: diverge

    use_sum = .false.
    if (abserr == oflow) then
      use_sum = .true.
      return
    end if
    if (ier + ierro /= 0) then
      if (ierro == 3) abserr = abserr + correc
      if (ier == 0) ier = 3
      if (result /= 0.0_dp .and. area /= 0.0_dp) then
        if (abserr/abs(result) > errsum/abs(area)) then
          use_sum = .true.
          return
        end if
      else if (abserr > errsum) then
        use_sum = .true.
        return
      else if (area == 0.0_dp) then
        return
      end if
    end if
    ! test on divergence
    if (ksgn == -1 .and. fmax(abs(result), abs(area)) <= defabs*0.01_dp) return
    if (strict) then
      diverge = errsum >= abs(area)
    else
      diverge = errsum > abs(area)
    end if
    if (0.01_dp > result/area .or. result/area > 100.0_dp .or. diverge) ier = 6
  end subroutine extrap_final

  ! Sum of rlist(1:n) in index order (QUADPACK's final summation).
  pure function ordered_sum(n, rlist) result(s)
    integer(ip), intent(in) :: n
    real(dp), intent(in) :: rlist(*)
    real(dp) :: s
    integer(ip) :: k
    s = 0.0_dp
    do k = 1, n
      s = s + rlist(k)
    end do
  end function ordered_sum

  ! Integral of f over [a,b] by globally adaptive bisection with the 21-point
  ! Gauss-Kronrod rule and epsilon-algorithm extrapolation
  ! (QUADPACK qagse; de Doncker 1978; Piessens et al. 1983, p. 83).
  recursive subroutine qagse(f, udata, a, b, epsabs, epsrel, limit, result, abserr, &
                   neval, ier, alist, blist, rlist, elist, iord, last)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: a, b, epsabs, epsrel
    integer(ip), intent(in) :: limit
    real(dp), intent(out) :: result, abserr
    integer(ip), intent(out) :: neval, ier, last
    real(dp), intent(inout) :: alist(*), blist(*), rlist(*), elist(*)
    integer(ip), intent(inout) :: iord(*)
    call qags_engine(mode_finite, f, udata, a, b, 0_ip, epsabs, epsrel, limit, &
                     result, abserr, neval, ier, alist, blist, rlist, elist, &
                     iord, last)
  end subroutine qagse

  ! Integral of f over (bound,+inf) (inf = 1), (-inf,bound) (inf = -1) or
  ! (-inf,+inf) (inf = 2): the range is mapped onto (0,1] and integrated as
  ! in qagse with the 15-point transformed rule qk15i
  ! (QUADPACK qagie; Piessens et al. 1983, p. 90).  inf outside {-1,1,2}
  ! gives ier = 6 (a scijit check; QUADPACK does not test it).
  recursive subroutine qagie(f, udata, bound, inf, epsabs, epsrel, limit, result, &
                   abserr, neval, ier, alist, blist, rlist, elist, iord, last)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: bound, epsabs, epsrel
    integer(ip), intent(in) :: inf, limit
    real(dp), intent(out) :: result, abserr
    integer(ip), intent(out) :: neval, ier, last
    real(dp), intent(inout) :: alist(*), blist(*), rlist(*), elist(*)
    integer(ip), intent(inout) :: iord(*)
    call qags_engine(mode_infinite, f, udata, bound, 0.0_dp, inf, epsabs, &
                     epsrel, limit, result, abserr, neval, ier, alist, blist, &
                     rlist, elist, iord, last)
  end subroutine qagie

  ! The common body of qagse (mode_finite: qk21 on [a,b]) and qagie
  ! (mode_infinite: qk15i on the transformed range (0,1], a = bound).
  ! The two published routines differ only in the rule, the neval count and
  ! the sign test (qagie: dres > ..., qagse: dres >= ...).
  recursive subroutine qags_engine(mode, f, udata, a, b, inf, epsabs, epsrel, limit, &
                         result, abserr, neval, ier, alist, blist, rlist, &
                         elist, iord, last)
    integer(ip), intent(in) :: mode
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: a, b, epsabs, epsrel
    integer(ip), intent(in) :: inf, limit
    real(dp), intent(out) :: result, abserr
    integer(ip), intent(out) :: neval, ier, last
    real(dp), intent(inout) :: alist(*), blist(*), rlist(*), elist(*)
    integer(ip), intent(inout) :: iord(*)

    real(dp) :: rlist2(limexp + 2), res3la(3)
    real(dp) :: a1, a2, b1, b2, lo, hi, boun, area, area1, area2, area12
    real(dp) :: defabs, defab1, defab2, dres, erlarg, erlast, errbnd, errmax
    real(dp) :: error1, error2, erro12, errsum, ertest, small, correc
    real(dp) :: resabs, reseps, abseps
    integer(ip) :: ierro, iroff1, iroff2, iroff3, jupbnd, k, ksgn, ktmin, l
    integer(ip) :: maxerr, nres, nrmax, numrl2
    integer(ip) :: iflag
    logical :: extrap, noext, use_sum, found

    iflag = 0
    ier = 0
    neval = 0
    last = 0
    result = 0.0_dp
    abserr = 0.0_dp
    if (limit < 1) then
      ier = 6
      return
    end if
    if (mode == mode_finite) then
      lo = a
      hi = b
      boun = 0.0_dp
    else
      lo = 0.0_dp
      hi = 1.0_dp
      boun = a
      if (inf == 2) boun = 0.0_dp
    end if
    alist(1) = lo
    blist(1) = hi
    rlist(1) = 0.0_dp
    elist(1) = 0.0_dp
    iord(1) = 0
    if (epsabs <= 0.0_dp .and. epsrel < fmax(50.0_dp*epmach, 0.5e-28_dp)) then
      ier = 6
      return
    end if
    if (mode == mode_infinite .and. inf /= 1 .and. inf /= -1 .and. inf /= 2) then
      ier = 6
      return
    end if
    ierro = 0
    erlarg = 0.0_dp
    ertest = 0.0_dp
    correc = 0.0_dp
    small = 0.0_dp

    ! first approximation to the integral
    call apply_rule(lo, hi, result, abserr, defabs, resabs)
    if (iflag < 0) then
      ier = -1
      call count_evals()
      return
    end if
    dres = abs(result)
    errbnd = fmax(epsabs, epsrel*dres)
    last = 1
    rlist(1) = result
    elist(1) = abserr
    iord(1) = 1
    if (abserr <= 100.0_dp*epmach*defabs .and. abserr > errbnd) ier = 2
    if (limit == 1) ier = 1
    if (ier /= 0 .or. (abserr <= errbnd .and. abserr /= resabs) &
        .or. abserr == 0.0_dp) then
      call count_evals()
      return
    end if

    ! initialization
    rlist2(1) = result
    errmax = abserr
    maxerr = 1
    area = result
    errsum = abserr
    abserr = oflow
    nrmax = 1
    nres = 0
    numrl2 = 2
    ktmin = 0
    extrap = .false.
    noext = .false.
    iroff1 = 0
    iroff2 = 0
    iroff3 = 0
    if (mode == mode_finite) then
      ksgn = merge(1_ip, -1_ip, dres >= (1.0_dp - 50.0_dp*epmach)*defabs)
    else
      ksgn = merge(1_ip, -1_ip, dres > (1.0_dp - 50.0_dp*epmach)*defabs)
    end if

    use_sum = .false.
    main: do l = 2, limit
      last = l
      ! bisect the subinterval with the nrmax-th largest error estimate
      a1 = alist(maxerr)
      b1 = 0.5_dp*(alist(maxerr) + blist(maxerr))
      a2 = b1
      b2 = blist(maxerr)
      erlast = errmax
      call apply_rule(a1, b1, area1, error1, resabs, defab1)
      if (iflag < 0) exit main
      call apply_rule(a2, b2, area2, error2, resabs, defab2)
      if (iflag < 0) exit main

      ! improve the previous approximations to integral and error and
      ! test for accuracy
      area12 = area1 + area2
      erro12 = error1 + error2
      errsum = errsum + erro12 - errmax
      area = area + area12 - rlist(maxerr)
      if (defab1 /= error1 .and. defab2 /= error2) then
        if (.not. (abs(rlist(maxerr) - area12) > 1.0e-5_dp*abs(area12) &
                   .or. erro12 < 0.99_dp*errmax)) then
          if (extrap) then
            iroff2 = iroff2 + 1
          else
            iroff1 = iroff1 + 1
          end if
        end if
        if (last > 10 .and. erro12 > errmax) iroff3 = iroff3 + 1
      end if
      rlist(maxerr) = area1
      rlist(last) = area2
      errbnd = fmax(epsabs, epsrel*abs(area))

      ! roundoff error, too many subdivisions, or a too small interval
      if (iroff1 + iroff2 >= 10 .or. iroff3 >= 20) ier = 2
      if (iroff2 >= 5) ierro = 3
      if (last == limit) ier = 1
      if (fmax(abs(a1), abs(b2)) <= (1.0_dp + 100.0_dp*epmach) &
          *(abs(a2) + 1000.0_dp*uflow)) ier = 4

      ! append the newly-created intervals to the list
      if (.not. (error2 > error1)) then
        alist(last) = a2
        blist(maxerr) = b1
        blist(last) = b2
        elist(maxerr) = error1
        elist(last) = error2
      else
        alist(maxerr) = a2
        alist(last) = a1
        blist(last) = b1
        rlist(maxerr) = area2
        rlist(last) = area1
        elist(maxerr) = error2
        elist(last) = error1
      end if
      call qpsrt(limit, last, maxerr, errmax, elist, iord, nrmax)

      if (errsum <= errbnd) then
        use_sum = .true.
        exit main
      end if
      if (ier /= 0) exit main
      if (last == 2) then
        small = abs(hi - lo)*0.375_dp
        erlarg = errsum
        ertest = errbnd
        rlist2(2) = area
        cycle main
      end if
      if (noext) cycle main
      erlarg = erlarg - erlast
      if (abs(b1 - a1) > small) erlarg = erlarg + erro12
      if (.not. extrap) then
        ! test whether the interval to be bisected next is the smallest
        if (abs(blist(maxerr) - alist(maxerr)) > small) cycle main
        extrap = .true.
        nrmax = 2
      end if
      ! (negated as in scipy's C, so that a NaN erlarg goes the same way)
      if (.not. (ierro == 3 .or. erlarg <= ertest)) then
        ! bisect the largest intervals first while they have large errors
        if (last > 2 + limit/2) then
          jupbnd = limit + 3 - last
        else
          jupbnd = last
        end if
        found = .false.
        do k = nrmax, jupbnd
          maxerr = iord(nrmax)
          errmax = elist(maxerr)
          if (abs(blist(maxerr) - alist(maxerr)) > small) then
            found = .true.
            exit
          end if
          nrmax = nrmax + 1
        end do
        if (found) cycle main
      end if

      ! perform extrapolation
      numrl2 = numrl2 + 1
      rlist2(numrl2) = area
      call qelg(numrl2, rlist2, reseps, abseps, res3la, nres)
      ktmin = ktmin + 1
      if (ktmin > 5 .and. abserr < 1.0e-3_dp*errsum) ier = 5
      ! (negated as in scipy's C, so that a NaN goes the same way)
      if (.not. (abseps >= abserr)) then
        ktmin = 0
        abserr = abseps
        result = reseps
        correc = erlarg
        ertest = fmax(epsabs, epsrel*abs(reseps))
        if (abserr <= ertest) exit main
      end if
      ! prepare bisection of the smallest interval
      if (numrl2 == 1) noext = .true.
      if (ier == 5) exit main
      maxerr = iord(1)
      errmax = elist(maxerr)
      nrmax = 1
      extrap = .false.
      small = small*0.5_dp
      erlarg = errsum
    end do main

    if (iflag < 0) then
      ier = -1
      call count_evals()
      return
    end if
    ! set the final result
    if (.not. use_sum) then
      call extrap_final(ier, ierro, result, abserr, area, errsum, correc, &
                        ksgn, defabs, .false., use_sum)
    end if
    if (use_sum) then
      result = ordered_sum(last, rlist)
      abserr = errsum
    end if
    if (ier > 2) ier = ier - 1
    call count_evals()

  contains

    recursive subroutine apply_rule(x1, x2, res, err, rabs, rasc)
      real(dp), intent(in) :: x1, x2
      real(dp), intent(out) :: res, err, rabs, rasc
      if (mode == mode_finite) then
        call qk21(f, udata, x1, x2, res, err, rabs, rasc, iflag)
      else
        call qk15i(f, udata, boun, inf, x1, x2, res, err, rabs, rasc, iflag)
      end if
    end subroutine apply_rule

    subroutine count_evals()
      if (mode == mode_finite) then
        neval = 42*last - 21
      else
        neval = 30*last - 15
        if (inf == 2) neval = 2*neval
      end if
    end subroutine count_evals

  end subroutine qags_engine

  ! Integral of f over [a,b] where the user gives the abscissae of interior
  ! difficulties (break points): adaptive bisection with qk21 and
  ! extrapolation, using the bisection level instead of the interval size
  ! to decide when to extrapolate (QUADPACK qagpe; Piessens et al. 1983,
  ! p. 95).  points(1:npts2-2) are the break points; pts, level and ndin
  ! are workspaces of sizes npts2, limit and npts2.
  recursive subroutine qagpe(f, udata, a, b, npts2, points, epsabs, epsrel, limit, &
                   result, abserr, neval, ier, alist, blist, rlist, elist, &
                   pts, iord, level, ndin, last)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: a, b, epsabs, epsrel
    integer(ip), intent(in) :: npts2, limit
    real(dp), intent(in) :: points(*)
    real(dp), intent(out) :: result, abserr
    integer(ip), intent(out) :: neval, ier, last
    real(dp), intent(inout) :: alist(*), blist(*), rlist(*), elist(*), pts(*)
    integer(ip), intent(inout) :: iord(*), level(*), ndin(*)

    real(dp) :: rlist2(limexp + 2), res3la(3)
    real(dp) :: a1, a2, b1, b2, area, area1, area2, area12, abseps, correc
    real(dp) :: defabs, defab1, defab2, dres, erlarg, erlast, errbnd, errmax
    real(dp) :: error1, error2, erro12, errsum, ertest, resa, resabs, reseps
    real(dp) :: sgn, temp
    integer(ip) :: i, ierro, ind1, ind2, iroff1, iroff2, iroff3, j, jupbnd, k
    integer(ip) :: ksgn, ktmin, l, levcur, levmax, maxerr, nint, npts, nres
    integer(ip) :: nrmax, numrl2
    integer(ip) :: iflag
    logical :: extrap, noext, use_sum, found

    iflag = 0
    ier = 6
    neval = 0
    last = 0
    result = 0.0_dp
    abserr = 0.0_dp
    if (limit < 1) return
    alist(1) = a
    blist(1) = b
    rlist(1) = 0.0_dp
    elist(1) = 0.0_dp
    iord(1) = 0
    level(1) = 0
    npts = npts2 - 2
    if (npts2 < 2 .or. limit <= npts .or. (epsabs <= 0.0_dp .and. &
        epsrel < fmax(50.0_dp*epmach, 0.5e-28_dp))) return
    ier = 0
    correc = 0.0_dp
    k = 0

    ! if any break points are provided, sort them into ascending sequence
    sgn = 1.0_dp
    if (a > b) sgn = -1.0_dp
    pts(1) = fmin(a, b)
    do i = 1, npts
      pts(i + 1) = points(i)
    end do
    pts(npts + 2) = fmax(a, b)
    nint = npts + 1
    a1 = pts(1)
    if (npts /= 0) then
      do i = 1, nint
        do j = i + 1, nint + 1
          if (pts(i) > pts(j)) then
            temp = pts(i)
            pts(i) = pts(j)
            pts(j) = temp
          end if
        end do
      end do
      if (pts(1) /= fmin(a, b) .or. pts(nint + 1) /= fmax(a, b)) then
        ier = 6
        return
      end if
    end if

    ! compute first integral and error approximations
    resabs = 0.0_dp
    do i = 1, nint
      b1 = pts(i + 1)
      call qk21(f, udata, a1, b1, area1, error1, defabs, resa, iflag)
      if (iflag < 0) then
        ier = -1
        neval = 21*(i - 1)
        return
      end if
      abserr = abserr + error1
      result = result + area1
      ndin(i) = 0
      if (error1 == resa .and. error1 /= 0.0_dp) ndin(i) = 1
      resabs = resabs + defabs
      level(i) = 0
      elist(i) = error1
      alist(i) = a1
      blist(i) = b1
      rlist(i) = area1
      iord(i) = i
      a1 = b1
    end do
    errsum = 0.0_dp
    do i = 1, nint
      if (ndin(i) == 1) elist(i) = abserr
      errsum = errsum + elist(i)
    end do

    ! test on accuracy
    last = nint
    neval = 21*nint
    dres = abs(result)
    errbnd = fmax(epsabs, epsrel*dres)
    if (abserr <= 100.0_dp*epmach*resabs .and. abserr > errbnd) ier = 2
    if (nint /= 1) then
      ! sort iord by decreasing error estimates
      do i = 1, npts
        ind1 = iord(i)
        do j = i + 1, nint
          ind2 = iord(j)
          ! (negated as in scipy's C, so that a NaN error goes the same way)
          if (.not. (elist(ind1) > elist(ind2))) then
            ind1 = ind2
            k = j
          end if
        end do
        if (ind1 /= iord(i)) then
          iord(k) = iord(i)
          iord(i) = ind1
        end if
      end do
      if (limit < npts2) ier = 1
    end if
    if (ier /= 0 .or. abserr <= errbnd) then
      call finish()
      return
    end if

    ! initialization
    rlist2(1) = result
    maxerr = iord(1)
    errmax = elist(maxerr)
    area = result
    nrmax = 1
    nres = 0
    numrl2 = 1
    ktmin = 0
    extrap = .false.
    noext = .false.
    erlarg = errsum
    ertest = errbnd
    levmax = 1
    iroff1 = 0
    iroff2 = 0
    iroff3 = 0
    ierro = 0
    abserr = oflow
    ksgn = merge(1_ip, -1_ip, dres >= (1.0_dp - 50.0_dp*epmach)*resabs)

    use_sum = .false.
    main: do l = npts2, limit
      last = l
      ! bisect the subinterval with the nrmax-th largest error estimate
      levcur = level(maxerr) + 1
      a1 = alist(maxerr)
      b1 = 0.5_dp*(alist(maxerr) + blist(maxerr))
      a2 = b1
      b2 = blist(maxerr)
      erlast = errmax
      call qk21(f, udata, a1, b1, area1, error1, resa, defab1, iflag)
      if (iflag < 0) exit main
      call qk21(f, udata, a2, b2, area2, error2, resa, defab2, iflag)
      if (iflag < 0) exit main

      neval = neval + 42
      area12 = area1 + area2
      erro12 = error1 + error2
      errsum = errsum + erro12 - errmax
      area = area + area12 - rlist(maxerr)
      if (defab1 /= error1 .and. defab2 /= error2) then
        if (.not. (abs(rlist(maxerr) - area12) > 1.0e-5_dp*abs(area12) &
                   .or. erro12 < 0.99_dp*errmax)) then
          if (extrap) then
            iroff2 = iroff2 + 1
          else
            iroff1 = iroff1 + 1
          end if
        end if
        if (last > 10 .and. erro12 > errmax) iroff3 = iroff3 + 1
      end if
      level(maxerr) = levcur
      level(last) = levcur
      rlist(maxerr) = area1
      rlist(last) = area2
      errbnd = fmax(epsabs, epsrel*abs(area))

      if (iroff1 + iroff2 >= 10 .or. iroff3 >= 20) ier = 2
      if (iroff2 >= 5) ierro = 3
      if (last == limit) ier = 1
      if (fmax(abs(a1), abs(b2)) <= (1.0_dp + 100.0_dp*epmach) &
          *(abs(a2) + 1000.0_dp*uflow)) ier = 4

      if (.not. (error2 > error1)) then
        alist(last) = a2
        blist(maxerr) = b1
        blist(last) = b2
        elist(maxerr) = error1
        elist(last) = error2
      else
        alist(maxerr) = a2
        alist(last) = a1
        blist(last) = b1
        rlist(maxerr) = area2
        rlist(last) = area1
        elist(maxerr) = error2
        elist(last) = error1
      end if
      call qpsrt(limit, last, maxerr, errmax, elist, iord, nrmax)

      if (errsum <= errbnd) then
        use_sum = .true.
        exit main
      end if
      if (ier /= 0) exit main
      if (noext) cycle main
      erlarg = erlarg - erlast
      if (levcur + 1 <= levmax) erlarg = erlarg + erro12
      if (.not. extrap) then
        ! test whether the interval to be bisected next is the smallest
        if (level(maxerr) + 1 <= levmax) cycle main
        extrap = .true.
        nrmax = 2
      end if
      ! (negated as in scipy's C, so that a NaN erlarg goes the same way)
      if (.not. (ierro == 3 .or. erlarg <= ertest)) then
        if (last > 2 + limit/2) then
          jupbnd = limit + 3 - last
        else
          jupbnd = last
        end if
        found = .false.
        do k = nrmax, jupbnd
          maxerr = iord(nrmax)
          errmax = elist(maxerr)
          if (level(maxerr) + 1 <= levmax) then
            found = .true.
            exit
          end if
          nrmax = nrmax + 1
        end do
        if (found) cycle main
      end if

      ! perform extrapolation
      numrl2 = numrl2 + 1
      rlist2(numrl2) = area
      if (numrl2 > 2) then
        call qelg(numrl2, rlist2, reseps, abseps, res3la, nres)
        ktmin = ktmin + 1
        if (ktmin > 5 .and. abserr < 1.0e-3_dp*errsum) ier = 5
        ! (negated as in scipy's C, so that a NaN goes the same way)
        if (.not. (abseps >= abserr)) then
          ktmin = 0
          abserr = abseps
          result = reseps
          correc = erlarg
          ertest = fmax(epsabs, epsrel*abs(reseps))
          if (abserr < ertest) exit main
        end if
        if (numrl2 == 1) noext = .true.
        if (ier >= 5) exit main
      end if
      maxerr = iord(1)
      errmax = elist(maxerr)
      nrmax = 1
      extrap = .false.
      levmax = levmax + 1
      erlarg = errsum
    end do main

    if (iflag < 0) then
      ier = -1
      return
    end if
    ! set the final result
    if (.not. use_sum) then
      call extrap_final(ier, ierro, result, abserr, area, errsum, correc, &
                        ksgn, resabs, .false., use_sum)
    end if
    if (use_sum) then
      result = ordered_sum(last, rlist)
      abserr = errsum
    end if
    call finish()

  contains

    subroutine finish()
      if (ier > 2) ier = ier - 1
      result = result*sgn
    end subroutine finish

  end subroutine qagpe

end module quadpack_qag
