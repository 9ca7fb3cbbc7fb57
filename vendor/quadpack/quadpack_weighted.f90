! QUADPACK's integrators for special weight functions: qawce (Cauchy
! principal value), qawse (algebraico-logarithmic end-point singularities),
! qawoe (cos/sin(omega x) on a finite interval) and qawfe (Fourier
! integrals over (a,+inf)).
!
! Reference: R. Piessens, E. de Doncker-Kapenga, C. W. Ueberhuber,
! D. K. Kahaner, "QUADPACK", Springer 1983, section 4.
!
! Conventions as in quadpack_qag: iord holds 1-based indices, ier = -1
! when the integrand asked to stop, limit < 1 gives ier = 6 without
! touching any array.
module quadpack_weighted
  use, intrinsic :: iso_c_binding, only: c_ptr
  use scijit_kinds, only: dp, ip
  use quadpack_rules, only: quad_fcn, epmach, uflow, oflow, fmax, fmin
  use quadpack_extrapolation, only: qelg, qpsrt, limexp
  use quadpack_cheb, only: qc25c, qmomo, qc25s, qc25f
  use quadpack_qag, only: qagie, extrap_final
  implicit none
  private
  public :: qawce, qawse, qawoe, qawfe

contains

  ! Sum of rlist(1:n) in index order.
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

  ! Store the two halves [a1,b1], [a2,b2] of interval maxerr: the one with
  ! the larger error stays at maxerr, the other goes to position last.
  pure subroutine store_halves(maxerr, last, a1, b1, a2, b2, area1, area2, &
                               error1, error2, alist, blist, rlist, elist)
    integer(ip), intent(in) :: maxerr, last
    real(dp), intent(in) :: a1, b1, a2, b2, area1, area2, error1, error2
    real(dp), intent(inout) :: alist(*), blist(*), rlist(*), elist(*)
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
  end subroutine store_halves

  ! Cauchy principal value of the integral of f(x)/(x-c) over (a,b), c not
  ! an end point: globally adaptive bisection, never cutting at c, with
  ! qc25c on each subinterval (QUADPACK qawce; Piessens et al. 1983, p. 123).
  recursive subroutine qawce(f, udata, a, b, c, epsabs, epsrel, limit, result, abserr, &
                   neval, ier, alist, blist, rlist, elist, iord, last)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: a, b, c, epsabs, epsrel
    integer(ip), intent(in) :: limit
    real(dp), intent(out) :: result, abserr
    integer(ip), intent(out) :: neval, ier, last
    real(dp), intent(inout) :: alist(*), blist(*), rlist(*), elist(*)
    integer(ip), intent(inout) :: iord(*)
    real(dp) :: aa, bb, a1, a2, b1, b2, area, area1, area2, area12, errbnd
    real(dp) :: errmax, error1, error2, erro12, errsum
    integer(ip) :: iroff1, iroff2, krule, l, maxerr, nev, nrmax
    integer(ip) :: iflag

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
    if (c == a .or. c == b .or. (epsabs <= 0.0_dp .and. &
        epsrel < fmax(50.0_dp*epmach, 0.5e-28_dp))) return
    ier = 0

    ! first approximation to the integral
    aa = a
    bb = b
    if (a > b) then
      aa = b
      bb = a
    end if
    krule = 1
    call qc25c(f, udata, aa, bb, c, result, abserr, krule, nev, iflag)
    neval = nev
    if (iflag < 0) then
      ier = -1
      return
    end if
    last = 1
    rlist(1) = result
    elist(1) = abserr
    iord(1) = 1
    alist(1) = a
    blist(1) = b

    ! test on accuracy
    errbnd = fmax(epsabs, epsrel*abs(result))
    if (limit == 1) ier = 1
    if (abserr < fmin(0.01_dp*abs(result), errbnd) .or. ier == 1) then
      if (aa == b) result = -result
      return
    end if

    ! initialization
    alist(1) = aa
    blist(1) = bb
    rlist(1) = result
    errmax = abserr
    maxerr = 1
    area = result
    errsum = abserr
    nrmax = 1
    iroff1 = 0
    iroff2 = 0

    do l = 2, limit
      last = l
      ! bisect the subinterval with the nrmax-th largest error estimate,
      ! keeping c away from the cut
      a1 = alist(maxerr)
      b1 = 0.5_dp*(alist(maxerr) + blist(maxerr))
      b2 = blist(maxerr)
      if (c <= b1 .and. c > a1) b1 = 0.5_dp*(c + b2)
      if (c > b1 .and. c < b2) b1 = 0.5_dp*(a1 + c)
      a2 = b1
      krule = 2
      call qc25c(f, udata, a1, b1, c, area1, error1, krule, nev, iflag)
      neval = neval + nev
      if (iflag < 0) exit
      call qc25c(f, udata, a2, b2, c, area2, error2, krule, nev, iflag)
      neval = neval + nev
      if (iflag < 0) exit

      area12 = area1 + area2
      erro12 = error1 + error2
      errsum = errsum + erro12 - errmax
      area = area + area12 - rlist(maxerr)
      if (abs(rlist(maxerr) - area12) < 1.0e-5_dp*abs(area12) .and. &
          erro12 >= 0.99_dp*errmax .and. krule == 0) iroff1 = iroff1 + 1
      if (last > 10 .and. erro12 > errmax .and. krule == 0) iroff2 = iroff2 + 1
      rlist(maxerr) = area1
      rlist(last) = area2
      errbnd = fmax(epsabs, epsrel*abs(area))
      if (.not. (errsum <= errbnd)) then
        ! roundoff error, too many subdivisions, or a too small interval
        if (iroff1 >= 6 .and. iroff2 > 20) ier = 2
        if (last == limit) ier = 1
        if (fmax(abs(a1), abs(b2)) <= (1.0_dp + 100.0_dp*epmach) &
            *(abs(a2) + 1000.0_dp*uflow)) ier = 3
      end if
      call store_halves(maxerr, last, a1, b1, a2, b2, area1, area2, error1, &
                        error2, alist, blist, rlist, elist)
      call qpsrt(limit, last, maxerr, errmax, elist, iord, nrmax)
      if (ier /= 0 .or. errsum <= errbnd) exit
    end do
    if (iflag < 0) then
      ier = -1
      return
    end if

    ! compute the final result
    result = ordered_sum(last, rlist)
    abserr = errsum
    if (aa == b) result = -result
  end subroutine qawce

  ! Integral of (x-a)**alfa (b-x)**beta v(x) f(x) over (a,b), b > a,
  ! alfa, beta > -1, v = 1, log(x-a), log(b-x), log(x-a)log(b-x) for
  ! integr = 1..4: globally adaptive bisection with qc25s (modified
  ! Clenshaw-Curtis on the intervals touching a or b) (QUADPACK qawse;
  ! Piessens et al. 1983, p. 130).  limit must be >= 2.
  recursive subroutine qawse(f, udata, a, b, alfa, beta, integr, epsabs, epsrel, limit, &
                   result, abserr, neval, ier, alist, blist, rlist, elist, &
                   iord, last)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: a, b, alfa, beta, epsabs, epsrel
    integer(ip), intent(in) :: integr, limit
    real(dp), intent(out) :: result, abserr
    integer(ip), intent(out) :: neval, ier, last
    real(dp), intent(inout) :: alist(*), blist(*), rlist(*), elist(*)
    integer(ip), intent(inout) :: iord(*)
    real(dp) :: ri(25), rj(25), rg(25), rh(25)
    real(dp) :: a1, a2, b1, b2, area, area1, area2, area12, centre, errbnd
    real(dp) :: errmax, error1, error2, erro12, errsum, resas1, resas2
    integer(ip) :: iroff1, iroff2, l, maxerr, nev, nrmax
    integer(ip) :: iflag

    iflag = 0
    ier = 6
    neval = 0
    last = 0
    result = 0.0_dp
    abserr = 0.0_dp
    if (limit < 1) return
    rlist(1) = 0.0_dp
    elist(1) = 0.0_dp
    iord(1) = 0
    if (b <= a .or. (epsabs == 0.0_dp .and. epsrel < fmax(50.0_dp*epmach, &
        0.5e-28_dp)) .or. alfa <= -1.0_dp .or. beta <= -1.0_dp .or. &
        integr < 1 .or. integr > 4 .or. limit < 2) return
    ier = 0
    resas1 = 0.0_dp
    resas2 = 0.0_dp

    ! modified Chebyshev moments
    call qmomo(alfa, beta, ri, rj, rg, rh, integr)

    ! integrate over the two halves of (a,b)
    centre = 0.5_dp*(b + a)
    call qc25s(f, udata, a, b, a, centre, alfa, beta, ri, rj, rg, rh, area1, &
               error1, resas1, integr, nev, iflag)
    neval = nev
    if (iflag < 0) then
      ier = -1
      return
    end if
    call qc25s(f, udata, a, b, centre, b, alfa, beta, ri, rj, rg, rh, area2, &
               error2, resas2, integr, nev, iflag)
    neval = neval + nev
    if (iflag < 0) then
      ier = -1
      return
    end if
    last = 2
    result = area1 + area2
    abserr = error1 + error2

    ! test on accuracy
    errbnd = fmax(epsabs, epsrel*abs(result))
    if (.not. (error2 > error1)) then
      alist(1) = a
      alist(2) = centre
      blist(1) = centre
      blist(2) = b
      rlist(1) = area1
      rlist(2) = area2
      elist(1) = error1
      elist(2) = error2
    else
      alist(1) = centre
      alist(2) = a
      blist(1) = b
      blist(2) = centre
      rlist(1) = area2
      rlist(2) = area1
      elist(1) = error2
      elist(2) = error1
    end if
    iord(1) = 1
    iord(2) = 2
    if (limit == 2) ier = 1
    if (abserr <= errbnd .or. ier == 1) return

    errmax = elist(1)
    maxerr = 1
    nrmax = 1
    area = result
    errsum = abserr
    iroff1 = 0
    iroff2 = 0

    do l = 3, limit
      last = l
      ! bisect the subinterval with the nrmax-th largest error estimate
      a1 = alist(maxerr)
      b1 = 0.5_dp*(alist(maxerr) + blist(maxerr))
      a2 = b1
      b2 = blist(maxerr)
      call qc25s(f, udata, a, b, a1, b1, alfa, beta, ri, rj, rg, rh, area1, &
                 error1, resas1, integr, nev, iflag)
      neval = neval + nev
      if (iflag < 0) exit
      call qc25s(f, udata, a, b, a2, b2, alfa, beta, ri, rj, rg, rh, area2, &
                 error2, resas2, integr, nev, iflag)
      neval = neval + nev
      if (iflag < 0) exit

      area12 = area1 + area2
      erro12 = error1 + error2
      errsum = errsum + erro12 - errmax
      area = area + area12 - rlist(maxerr)
      ! roundoff counters, only for intervals away from a and b
      if (.not. (a == a1 .or. b == b2)) then
        if (resas1 /= error1 .and. resas2 /= error2) then
          if (abs(rlist(maxerr) - area12) < 1.0e-5_dp*abs(area12) .and. &
              erro12 >= 0.99_dp*errmax) iroff1 = iroff1 + 1
          if (last > 10 .and. erro12 > errmax) iroff2 = iroff2 + 1
        end if
      end if
      rlist(maxerr) = area1
      rlist(last) = area2
      errbnd = fmax(epsabs, epsrel*abs(area))
      if (.not. (errsum <= errbnd)) then
        if (last == limit) ier = 1
        if (iroff1 >= 6 .or. iroff2 >= 20) ier = 2
        if (fmax(abs(a1), abs(b2)) <= (1.0_dp + 100.0_dp*epmach) &
            *(abs(a2) + 1.0e3_dp*uflow)) ier = 3
      end if
      call store_halves(maxerr, last, a1, b1, a2, b2, area1, area2, error1, &
                        error2, alist, blist, rlist, elist)
      call qpsrt(limit, last, maxerr, errmax, elist, iord, nrmax)
      if (ier /= 0 .or. errsum <= errbnd) exit
    end do
    if (iflag < 0) then
      ier = -1
      return
    end if

    result = ordered_sum(last, rlist)
    abserr = errsum
  end subroutine qawse

  ! Integral of cos(omega x) f(x) (integr = 1) or sin(omega x) f(x)
  ! (integr = 2) over (a,b): adaptive bisection with qc25f and epsilon
  ! extrapolation (QUADPACK qawoe; Piessens et al. 1983, p. 110).
  ! nnlog(k) is the bisection level of interval k; chebmo(maxp1,25) and
  ! momcom carry the Chebyshev moments, reused when icall > 1.
  recursive subroutine qawoe(f, udata, a, b, omega, integr, epsabs, epsrel, limit, &
                   icall, maxp1, result, abserr, neval, ier, last, alist, &
                   blist, rlist, elist, iord, nnlog, momcom, chebmo)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: a, b, omega, epsabs, epsrel
    integer(ip), intent(in) :: integr, limit, icall, maxp1
    real(dp), intent(out) :: result, abserr
    integer(ip), intent(out) :: neval, ier, last
    real(dp), intent(inout) :: alist(*), blist(*), rlist(*), elist(*)
    integer(ip), intent(inout) :: iord(*), nnlog(*), momcom
    real(dp), intent(inout) :: chebmo(*)

    real(dp) :: rlist2(limexp + 2), res3la(3)
    real(dp) :: a1, a2, b1, b2, abseps, area, area1, area2, area12, correc
    real(dp) :: defab1, defab2, defabs, domega, dres, erlarg, erlast, errbnd
    real(dp) :: errmax, error1, error2, erro12, errsum, ertest, resabs, reseps
    real(dp) :: small, width
    integer(ip) :: ierro, iroff1, iroff2, iroff3, jupbnd, k, ksgn, ktmin, l
    integer(ip) :: maxerr, nev, nres, nrmax, nrmom, numrl2
    integer(ip) :: iflag
    logical :: extrap, extall, noext, use_sum, found

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
    nnlog(1) = 0
    if ((integr /= 1 .and. integr /= 2) .or. (epsabs <= 0.0_dp .and. &
        epsrel < fmax(50.0_dp*epmach, 0.5e-28_dp)) .or. icall < 1 .or. &
        maxp1 < 1) return
    ! (scijit check: moments said to be stored must fit in chebmo)
    if (icall >= 2 .and. (momcom < 0 .or. momcom > maxp1 - 1)) return
    ier = 0

    ! first approximation to the integral
    domega = abs(omega)
    nrmom = 0
    if (icall < 2) momcom = 0
    call qc25f(f, udata, a, b, domega, integr, nrmom, maxp1, 0_ip, result, &
               abserr, nev, defabs, resabs, momcom, chebmo, iflag)
    neval = nev
    if (iflag < 0) then
      ier = -1
      return
    end if

    ! test on accuracy
    ! (QUADPACK leaves last = 0 if this first approximation is accepted)
    dres = abs(result)
    errbnd = fmax(epsabs, epsrel*dres)
    rlist(1) = result
    elist(1) = abserr
    iord(1) = 1
    if (abserr <= 100.0_dp*epmach*defabs .and. abserr > errbnd) ier = 2
    if (limit == 1) ier = 1
    if (ier /= 0 .or. abserr <= errbnd) then
      if (integr == 2 .and. omega < 0.0_dp) result = -result
      return
    end if

    ! initializations
    errmax = abserr
    maxerr = 1
    area = result
    errsum = abserr
    abserr = oflow
    nrmax = 1
    extrap = .false.
    noext = .false.
    ierro = 0
    iroff1 = 0
    iroff2 = 0
    iroff3 = 0
    ktmin = 0
    small = abs(b - a)*0.75_dp
    nres = 0
    numrl2 = 0
    extall = .false.
    correc = 0.0_dp
    erlarg = 0.0_dp
    ertest = 0.0_dp
    if (0.5_dp*abs(b - a)*domega <= 2.0_dp) then
      numrl2 = 1
      extall = .true.
      rlist2(1) = result
    else if (0.25_dp*abs(b - a)*domega <= 2.0_dp) then
      extall = .true.
    end if
    ksgn = merge(1_ip, -1_ip, dres >= (1.0_dp - 50.0_dp*epmach)*defabs)

    use_sum = .false.
    main: do l = 2, limit
      last = l
      ! bisect the subinterval with the nrmax-th largest error estimate
      nrmom = nnlog(maxerr) + 1
      a1 = alist(maxerr)
      b1 = 0.5_dp*(alist(maxerr) + blist(maxerr))
      a2 = b1
      b2 = blist(maxerr)
      erlast = errmax
      call qc25f(f, udata, a1, b1, domega, integr, nrmom, maxp1, 0_ip, area1, &
                 error1, nev, resabs, defab1, momcom, chebmo, iflag)
      neval = neval + nev
      if (iflag < 0) exit main
      call qc25f(f, udata, a2, b2, domega, integr, nrmom, maxp1, 1_ip, area2, &
                 error2, nev, resabs, defab2, momcom, chebmo, iflag)
      neval = neval + nev
      if (iflag < 0) exit main

      ! improve previous approximations to integral and error and test
      ! for accuracy
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
      nnlog(maxerr) = nrmom
      nnlog(last) = nrmom
      errbnd = fmax(epsabs, epsrel*abs(area))

      if (iroff1 + iroff2 >= 10 .or. iroff3 >= 20) ier = 2
      if (iroff2 >= 5) ierro = 3
      if (last == limit) ier = 1
      ! (as scipy's QUADPACK: epmach, not uflow, in the last term)
      if (fmax(abs(a1), abs(b2)) <= (1.0_dp + 100.0_dp*epmach) &
          *(abs(a2) + 1.0e3_dp*epmach)) ier = 4

      call store_halves(maxerr, last, a1, b1, a2, b2, area1, area2, error1, &
                        error2, alist, blist, rlist, elist)
      call qpsrt(limit, last, maxerr, errmax, elist, iord, nrmax)

      if (errsum <= errbnd) then
        use_sum = .true.
        exit main
      end if
      if (ier /= 0) exit main
      if (last == 2 .and. extall) then
        small = small*0.5_dp
        numrl2 = numrl2 + 1
        rlist2(numrl2) = area
        ertest = errbnd
        erlarg = errsum
        cycle main
      end if
      if (noext) cycle main
      if (extall) then
        erlarg = erlarg - erlast
        if (abs(b1 - a1) > small) erlarg = erlarg + erro12
      end if
      if (.not. (extall .and. extrap)) then
        ! test whether the interval to be bisected next is the smallest
        width = abs(blist(maxerr) - alist(maxerr))
        if (width > small) cycle main
        if (.not. extall) then
          ! test whether we can start with the extrapolation procedure
          small = small*0.5_dp
          if (0.25_dp*width*domega > 2.0_dp) cycle main
          extall = .true.
          ertest = errbnd
          erlarg = errsum
          cycle main
        end if
        extrap = .true.
        nrmax = 2
      end if
      ! (negated as in scipy's C, so that a NaN erlarg goes the same way)
      if (.not. (ierro == 3 .or. erlarg <= ertest)) then
        ! the smallest interval has the largest error: bisect the larger
        ! intervals with large errors first
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
      if (numrl2 >= 3) then
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
        if (numrl2 == 1) noext = .true.
        if (ier == 5) exit main
      end if
      ! prepare bisection of the smallest interval
      maxerr = iord(1)
      errmax = elist(maxerr)
      nrmax = 1
      extrap = .false.
      small = small*0.5_dp
      erlarg = errsum
    end do main

    if (iflag < 0) then
      ier = -1
      return
    end if
    ! set the final result
    if (.not. use_sum) then
      if (nres == 0) then
        use_sum = .true.
      else
        call extrap_final(ier, ierro, result, abserr, area, errsum, correc, &
                          ksgn, defabs, .true., use_sum)
      end if
    end if
    if (use_sum) then
      result = ordered_sum(last, rlist)
      abserr = errsum
    end if
    if (ier > 2) ier = ier - 1
    if (integr == 2 .and. omega < 0.0_dp) result = -result
  end subroutine qawoe

  ! Fourier integral of f over (a,+inf): integral of cos(omega x) f(x)
  ! (integr = 1) or sin(omega x) f(x) (integr = 2).  qawoe is applied on
  ! successive intervals of length (2*int(|omega|)+1)*pi/|omega| and the
  ! series of their contributions is accelerated by the epsilon algorithm
  ! (QUADPACK qawfe; Piessens et al. 1983, p. 116).  For omega = 0 and
  ! integr = 1, qagie is used on (a,+inf).  rslst, erlst, ierlst(1:lst)
  ! give the contribution of each cycle.
  recursive subroutine qawfe(f, udata, a, omega, integr, epsabs, limlst, limit, maxp1, &
                   result, abserr, neval, ier, rslst, erlst, ierlst, lst, &
                   alist, blist, rlist, elist, iord, nnlog, chebmo)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: a, omega, epsabs
    integer(ip), intent(in) :: integr, limlst, limit, maxp1
    real(dp), intent(out) :: result, abserr
    integer(ip), intent(out) :: neval, ier, lst
    real(dp), intent(inout) :: rslst(*), erlst(*)
    integer(ip), intent(inout) :: ierlst(*)
    real(dp), intent(inout) :: alist(*), blist(*), rlist(*), elist(*)
    integer(ip), intent(inout) :: iord(*), nnlog(*)
    real(dp), intent(inout) :: chebmo(*)

    real(dp), parameter :: p = 0.9_dp
    real(dp), parameter :: pi = 3.14159265358979323846264338327950_dp
    real(dp) :: psum(limexp + 2), res3la(3)
    real(dp) :: abseps, correc, cycle, c1, c2, dl, drl, ep, eps, epsa, errsum
    real(dp) :: fact, p1, reseps
    integer(ip) :: ktmin, l, ll, nres, numrl2
    integer(ip) :: last, momcom, nev
    logical :: use_sum

    result = 0.0_dp
    abserr = 0.0_dp
    neval = 0
    lst = 0
    ier = 6
    if ((integr /= 1 .and. integr /= 2) .or. epsabs <= 0.0_dp .or. &
        limlst < 3 .or. limit < 1 .or. maxp1 < 1) return
    ier = 0
    last = 0
    momcom = 0
    res3la = 0.0_dp
    psum = 0.0_dp

    if (omega == 0.0_dp) then
      ! integration by qagie if omega is zero (the sine integral is zero)
      if (integr == 1) then
        call qagie(f, udata, a, 1_ip, epsabs, 0.0_dp, limit, result, abserr, &
                   neval, ier, alist, blist, rlist, elist, iord, last)
      end if
      rslst(1) = result
      erlst(1) = abserr
      ierlst(1) = ier
      lst = 1
      return
    end if

    ! initializations
    l = int(abs(omega), ip)
    dl = real(2*l, dp) + 1.0_dp
    cycle = dl*pi/abs(omega)
    ktmin = 0
    numrl2 = 0
    nres = 0
    c1 = a
    c2 = cycle + a
    p1 = 1.0_dp - p
    eps = epsabs
    if (epsabs > uflow/p1) eps = epsabs*p1
    ep = eps
    fact = 1.0_dp
    correc = 0.0_dp
    errsum = 0.0_dp
    drl = 0.0_dp
    ll = 0
    use_sum = .false.

    ! main loop over the cycles
    cycles: do lst = 1, limlst
      ! integrate over the current cycle
      epsa = eps*fact
      call qawoe(f, udata, c1, c2, omega, integr, epsa, 0.0_dp, limit, lst, &
                 maxp1, rslst(lst), erlst(lst), nev, ierlst(lst), last, &
                 alist, blist, rlist, elist, iord, nnlog, momcom, chebmo)
      neval = neval + nev
      if (ierlst(lst) == -1) then
        ier = -1
        return
      end if
      fact = fact*p
      errsum = errsum + erlst(lst)
      drl = 50.0_dp*abs(rslst(lst))
      ! test on accuracy with partial sum
      if (errsum + drl <= epsabs .and. lst >= 6) then
        use_sum = .true.
        exit cycles
      end if
      correc = fmax(correc, erlst(lst))
      if (ierlst(lst) /= 0) then
        eps = fmax(ep, correc*p1)
        ier = 7
      end if
      if (ier == 7 .and. errsum + drl <= correc*10.0_dp .and. lst > 5) then
        use_sum = .true.
        exit cycles
      end if
      numrl2 = numrl2 + 1
      if (lst > 1) then
        psum(numrl2) = psum(ll) + rslst(lst)
        if (lst > 2) then
          ! test whether the number of cycles is sufficient
          if (lst == limlst) ier = 1
          ! perform a new extrapolation
          call qelg(numrl2, psum, reseps, abseps, res3la, nres)
          ! test whether extrapolated result is influenced by roundoff
          ktmin = ktmin + 1
          if (ktmin >= 15 .and. abserr <= 1.0e-3_dp*(errsum + drl)) ier = 4
          if (.not. (abseps > abserr) .or. lst == 3) then
            abserr = abseps
            result = reseps
            ktmin = 0
            ! test whether the required accuracy has been reached
            if (abserr + 10.0_dp*correc <= epsabs .or. (abserr <= epsabs &
                .and. 10.0_dp*correc >= epsabs)) exit cycles
          end if
          if (ier /= 0 .and. ier /= 7) exit cycles
        end if
      else
        psum(1) = rslst(1)
      end if
      ll = numrl2
      c1 = c2
      c2 = c2 + cycle
    end do cycles
    if (lst > limlst) lst = limlst

    if (.not. use_sum) then
      ! set the final result and error estimate
      abserr = abserr + 10.0_dp*correc
      if (ier == 0) return
      if (.not. (result /= 0.0_dp .and. psum(numrl2) /= 0.0_dp)) then
        if (abserr > errsum) then
          use_sum = .true.
        else if (psum(numrl2) == 0.0_dp) then
          return
        end if
      end if
      if (.not. use_sum) then
        if (abserr/abs(result) > (errsum + drl)/abs(psum(numrl2))) then
          use_sum = .true.
        end if
      end if
      if (.not. use_sum) then
        if (ier >= 1 .and. ier /= 7) abserr = abserr + drl
        return
      end if
    end if
    result = psum(numrl2)
    abserr = errsum + drl
  end subroutine qawfe

end module quadpack_weighted
