! QUADPACK bookkeeping shared by the adaptive integrators: the epsilon
! algorithm (qelg) and the maintenance of the descending error order (qpsrt).
!
! Reference: R. Piessens, E. de Doncker-Kapenga, C. W. Ueberhuber,
! D. K. Kahaner, "QUADPACK", Springer 1983, sections 2.3 and 4.
!
! Both routines keep no state between calls: the epsilon table, its length
! and the last three results (res3la, nres) belong to the caller.
module quadpack_extrapolation
  use scijit_kinds, only: dp, ip
  use quadpack_rules, only: epmach, oflow, fmax
  implicit none
  private
  public :: qelg, qpsrt, limexp

  ! Size of the epsilon table is limexp + 2 (QUADPACK keeps at most 50
  ! elements of a diagonal plus two for the lower diagonals).
  integer(ip), parameter :: limexp = 50

contains

  ! Wynn's epsilon algorithm (QUADPACK qelg, Piessens et al. 1983, p. 81).
  ! epstab(1:n) holds the latest diagonal of the table, epstab(n) the newest
  ! partial sum.  On return result is the extrapolated limit and abserr its
  ! error estimate (the distance to the three previous results); n may be
  ! reduced and epstab shifted.  res3la(3) and nres carry the last three
  ! results between calls.
  pure subroutine qelg(n, epstab, result, abserr, res3la, nres)
    integer(ip), intent(inout) :: n
    real(dp), intent(inout) :: epstab(limexp + 2)
    real(dp), intent(out) :: result, abserr
    real(dp), intent(inout) :: res3la(3)
    integer(ip), intent(inout) :: nres
    real(dp) :: delta1, delta2, delta3, e0, e1, e1abs, e2, e3, epsinf
    real(dp) :: err1, err2, err3, error, res, ss, tol1, tol2, tol3
    integer(ip) :: i, ib, indx, k1, k2, k3, newelm, num

    nres = nres + 1
    abserr = oflow
    result = epstab(n)
    if (n < 3) then
      abserr = fmax(abserr, 5.0_dp*epmach*abs(result))
      return
    end if
    epstab(n + 2) = epstab(n)
    newelm = (n - 1)/2
    epstab(n) = oflow
    num = n
    k1 = n
    do i = 1, newelm
      k2 = k1 - 1
      k3 = k1 - 2
      res = epstab(k1 + 2)
      e0 = epstab(k3)
      e1 = epstab(k2)
      e2 = res
      e1abs = abs(e1)
      delta2 = e2 - e1
      err2 = abs(delta2)
      tol2 = fmax(abs(e2), e1abs)*epmach
      delta3 = e1 - e0
      err3 = abs(delta3)
      tol3 = fmax(e1abs, abs(e0))*epmach
      if (.not. (err2 > tol2 .or. err3 > tol3)) then
        ! e0, e1 and e2 agree to machine accuracy: convergence
        result = res
        abserr = err2 + err3
        abserr = fmax(abserr, 5.0_dp*epmach*abs(result))
        return
      end if
      e3 = epstab(k1)
      epstab(k1) = e1
      delta1 = e1 - e3
      err1 = abs(delta1)
      tol1 = fmax(e1abs, abs(e3))*epmach
      ! two elements very close: omit a part of the table
      if (err1 <= tol1 .or. err2 <= tol2 .or. err3 <= tol3) then
        n = i + i - 1
        exit
      end if
      ss = 1.0_dp/delta1 + 1.0_dp/delta2 - 1.0_dp/delta3
      epsinf = abs(ss*e1)
      ! irregular behaviour in the table: omit a part of it
      if (.not. (epsinf > 1.0e-4_dp)) then
        n = i + i - 1
        exit
      end if
      res = e1 + 1.0_dp/ss
      epstab(k1) = res
      k1 = k1 - 2
      error = err2 + abs(res - e2) + err3
      if (.not. (error > abserr)) then
        abserr = error
        result = res
      end if
    end do

    ! shift the table
    if (n == limexp) n = 2*(limexp/2) - 1
    if (mod(num, 2) == 0) then
      ib = 2
    else
      ib = 1
    end if
    do i = 1, newelm + 1
      epstab(ib) = epstab(ib + 2)
      ib = ib + 2
    end do
    if (num /= n) then
      indx = num - n + 1
      do i = 1, n
        epstab(i) = epstab(indx)
        indx = indx + 1
      end do
    end if
    if (nres < 4) then
      res3la(nres) = result
      abserr = oflow
    else
      abserr = abs(result - res3la(3)) + abs(result - res3la(2)) &
               + abs(result - res3la(1))
      res3la(1) = res3la(2)
      res3la(2) = res3la(3)
      res3la(3) = result
    end if
    abserr = fmax(abserr, 5.0_dp*epmach*abs(result))
  end subroutine qelg

  ! Maintain the descending ordering of the error estimates elist(1:last)
  ! after a bisection (QUADPACK qpsrt, Piessens et al. 1983, p. 83).
  ! iord(1:k) lists the intervals by decreasing error, where k = last or,
  ! once last > limit/2 + 2, only k = limit + 3 - last entries are kept
  ! sorted.  maxerr (the interval to bisect next) and ermax are returned
  ! for position nrmax of the list.
  pure subroutine qpsrt(limit, last, maxerr, ermax, elist, iord, nrmax)
    integer(ip), intent(in) :: limit
    integer(ip), intent(in) :: last
    integer(ip), intent(inout) :: maxerr, nrmax
    real(dp), intent(out) :: ermax
    real(dp), intent(in) :: elist(*)
    integer(ip), intent(inout) :: iord(*)
    real(dp) :: errmax, errmin
    integer(ip) :: i, ibeg, isucc, j, jbnd, jupbn, k
    logical :: placed

    if (last <= 2) then
      iord(1) = 1
      iord(2) = 2
      maxerr = iord(nrmax)
      ermax = elist(maxerr)
      return
    end if
    ! A subdivision of the interval with the nrmax-th largest error may have
    ! increased its error (possible only after extrapolation): move it up.
    ! (Written "not greater" as scipy's C: with a NaN error, "<=" differs.)
    errmax = elist(maxerr)
    do while (nrmax > 1)
      isucc = iord(nrmax - 1)
      if (.not. (errmax > elist(isucc))) exit
      iord(nrmax) = isucc
      nrmax = nrmax - 1
    end do
    ! number of elements to keep in descending order
    if (last > limit/2 + 2) then
      jupbn = limit + 3 - last
    else
      jupbn = last
    end if
    errmin = elist(last)
    ! insert errmax by traversing the list top-down
    jbnd = jupbn - 1
    ibeg = nrmax + 1
    placed = .false.
    do i = ibeg, jbnd
      isucc = iord(i)
      if (errmax >= elist(isucc)) then
        placed = .true.
        exit
      end if
      iord(i - 1) = isucc
    end do
    if (.not. placed) then
      iord(jbnd) = maxerr
      iord(jupbn) = last
    else
      ! insert errmin by traversing the list bottom-up
      iord(i - 1) = maxerr
      k = jbnd
      placed = .false.
      do j = i, jbnd
        isucc = iord(k)
        if (errmin < elist(isucc)) then
          placed = .true.
          exit
        end if
        iord(k + 1) = isucc
        k = k - 1
      end do
      if (placed) then
        iord(k + 1) = last
      else
        iord(i) = last
      end if
    end if
    maxerr = iord(nrmax)
    ermax = elist(maxerr)
  end subroutine qpsrt

end module quadpack_extrapolation
