! The step-length search of the truncated-Newton solver: Gill and Murray's
! safeguarded cubic interpolation for a step alpha along a descent
! direction p that gives a sufficient decrease of f (|f'(alpha)| <= eta
! |f'(0)| with f(alpha) < f(0)), inside (0, xbnd].  Reverse communication:
! search_start and search_next return SEARCH_EVAL with the next trial step
! u (relative to the best point xmin so far), until SEARCH_OK (xmin is the
! step) or SEARCH_FAIL / SEARCH_BAD_INPUT.
!
! References: P. E. Gill, W. Murray, "Safeguarded steplength algorithms for
! optimization using descent methods", NPL Report NAC 37 (1974) (the
! routine GETPTC of Nash's TN/TNBC codes); S. G. Nash, "Newton-type
! minimization via the Lanczos method", SIAM J. Numer. Anal. 21 (1984)
! 770-778.  The arithmetic follows scipy 1.17's tnc.c (getptcInit,
! getptcIter) operation by operation, so that the trial points are scipy's
! bits.
module tnc_linesearch
  use scijit_kinds, only: dp
  implicit none
  private
  public :: step_search, search_start, search_next
  public :: SEARCH_OK, SEARCH_EVAL, SEARCH_BAD_INPUT, SEARCH_FAIL

  integer, parameter :: SEARCH_OK = 0          ! xmin is an acceptable step
  integer, parameter :: SEARCH_EVAL = 1        ! evaluate f, f' at xmin + u
  integer, parameter :: SEARCH_BAD_INPUT = 2   ! u <= 0, xbnd too small or f'(0) > 0
  integer, parameter :: SEARCH_FAIL = 3        ! no lower point can be found

  ! The state of one search (the caller's local variable).  Steps are
  ! measured from the origin of the search; a, b, xw are relative to xmin.
  type :: step_search
    real(dp) :: reltol = 0, abstol = 0, tnytol = 0   ! tolerances on the step
    real(dp) :: fpresn = 0                  ! estimated precision of f
    real(dp) :: xbnd = 0                    ! largest step allowed
    real(dp) :: big = 0, rtsmll = 0         ! overflow / underflow guards
    real(dp) :: u = 0, fu = 0, gu = 0       ! trial step and f, f' there
    real(dp) :: xmin = 0, fmin = 0, gmin = 0 ! best step so far and f, f' there
    real(dp) :: xw = 0, fw = 0, gw = 0      ! second best (relative to xmin)
    real(dp) :: a = 0, b = 0                ! interval of uncertainty
    real(dp) :: oldf = 0                    ! f at the origin
    real(dp) :: b1 = 0, scxbnd = 0, e = 0, step = 0, factor = 0
    real(dp) :: gtest1 = 0, gtest2 = 0, tol = 0
    logical :: braktd = .false.             ! a minimum is bracketed
  end type step_search

contains

  ! search_start: set up a search from f(0) = s%fu, f'(0) = s%gu with the
  ! first trial step s%u (given), bound xbnd, sufficient-decrease
  ! parameter rmu and curvature parameter eta; s%reltol, s%abstol,
  ! s%tnytol given.  Returns SEARCH_EVAL (evaluate at s%xmin + s%u) or
  ! SEARCH_BAD_INPUT.
  pure subroutine search_start(s, eta, rmu, xbnd, status)
    type(step_search), intent(inout) :: s
    real(dp), intent(in) :: eta, rmu, xbnd
    integer, intent(out) :: status

    if (s%u <= 0.0_dp .or. xbnd <= s%tnytol .or. s%gu > 0.0_dp) then
      status = SEARCH_BAD_INPUT
      return
    end if
    s%xbnd = xbnd
    if (xbnd < s%abstol) s%abstol = xbnd
    s%tol = s%abstol
    ! the origin is the best and the second best point so far
    s%a = 0.0_dp
    s%xw = 0.0_dp
    s%xmin = 0.0_dp
    s%oldf = s%fu
    s%fmin = s%fu
    s%fw = s%fu
    s%gw = s%gu
    s%gmin = s%gu
    s%step = s%u
    s%factor = 5.0_dp
    s%braktd = .false.
    ! the interval of uncertainty reaches just past the bound
    s%scxbnd = xbnd
    s%b = s%scxbnd + s%reltol * abs(s%scxbnd) + s%abstol
    s%e = s%b + s%b
    s%b1 = s%b
    s%gtest1 = -rmu * s%gu
    s%gtest2 = -eta * s%gu
    call next_trial(s)
    status = SEARCH_EVAL
  end subroutine search_start

  ! search_next: take f, f' at the last trial step (s%fu, s%gu), update the
  ! interval of uncertainty, test convergence, and compute the next trial
  ! step by safeguarded cubic interpolation (or extrapolation, or
  ! bisection).  Returns SEARCH_OK, SEARCH_EVAL or SEARCH_FAIL.
  pure subroutine search_next(s, status)
    type(step_search), intent(inout) :: s
    integer, intent(out) :: status
    real(dp) :: chordu, chordm, denom, twotol, xmidpt, r, q, p, sq, absr, abgw, abgmin, &
         sumsq, scl, ratio, a1, d1, d2
    logical :: moved, convrg

    ! Update the interval and the best points.
    moved = .false.
    if (s%fu <= s%fmin) then
      chordu = s%oldf - (s%xmin + s%u) * s%gtest1
      if (s%fu > chordu) then
        ! Not a sufficient decrease: treat the trial point as higher than
        ! xmin, with f and f' replaced so that the next step bisects or
        ! takes the root of f(alpha) = chord(alpha).
        chordm = s%oldf - s%xmin * s%gtest1
        s%gu = -s%gmin
        denom = chordm - s%fmin
        if (abs(denom) < 1.0e-15_dp) then
          denom = 1.0e-15_dp
          if (chordm - s%fmin < 0.0_dp) denom = -denom
        end if
        if (s%xmin /= 0.0_dp) s%gu = s%gmin * (chordu - s%fu) / denom
        s%fu = 0.5_dp * s%u * (s%gmin + s%gu) + s%fmin
        if (s%fu < s%fmin) s%fu = s%fmin
      else
        ! A lower point: it becomes the origin of the relative steps.
        s%fw = s%fmin
        s%fmin = s%fu
        s%gw = s%gmin
        s%gmin = s%gu
        s%xmin = s%xmin + s%u
        s%a = s%a - s%u
        s%b = s%b - s%u
        s%xw = -s%u
        s%scxbnd = s%scxbnd - s%u
        if (s%gu <= 0.0_dp) then
          s%a = 0.0_dp
        else
          s%b = 0.0_dp
          s%braktd = .true.
        end if
        s%tol = abs(s%xmin) * s%reltol + s%abstol
        moved = .true.
      end if
    end if
    if (.not. moved) then
      ! xmin stays; the trial point bounds the interval and becomes w.
      if (s%u < 0.0_dp) then
        s%a = s%u
      else
        s%b = s%u
        s%braktd = .true.
      end if
      s%xw = s%u
      s%fw = s%fu
      s%gw = s%gu
    end if

    ! Convergence.
    twotol = s%tol + s%tol
    xmidpt = 0.5_dp * (s%a + s%b)
    convrg = abs(xmidpt) <= twotol - 0.5_dp * (s%b - s%a)
    if (.not. convrg) convrg = abs(s%gmin) <= s%gtest2 .and. s%fmin < s%oldf &
         .and. (abs(s%xmin - s%xbnd) > s%tol .or. .not. s%braktd)
    if (convrg) then
      if (s%xmin /= 0.0_dp) then
        status = SEARCH_OK
        return
      end if
      ! No decrease yet: if f changed more than its precision allows,
      ! shrink the tolerances and go on, else give up.
      if (abs(s%oldf - s%fw) <= s%fpresn) then
        status = SEARCH_FAIL
        return
      end if
      s%tol = 0.1_dp * s%tol
      if (s%tol < s%tnytol) then
        status = SEARCH_FAIL
        return
      end if
      s%reltol = 0.1_dp * s%reltol
      s%abstol = 0.1_dp * s%abstol
      twotol = 0.1_dp * twotol
    end if

    ! The minimum of the cubic through xmin and xw: s/q, with r the step
    ! before the last (q, r, sq zero when no fit is made).
    r = 0.0_dp
    q = 0.0_dp
    sq = 0.0_dp
    if (abs(s%e) > s%tol) then
      fit: block
        r = 3.0_dp * (s%fmin - s%fw) / s%xw + s%gmin + s%gw
        absr = abs(r)
        q = absr
        if (s%gw /= 0.0_dp .and. s%gmin /= 0.0_dp) then
          abgw = abs(s%gw)
          abgmin = abs(s%gmin)
          sq = sqrt(abgmin) * sqrt(abgw)
          if (s%gw / abgw * s%gmin > 0.0_dp) then
            ! q = sqrt(r*r - sq*sq); no real root: no fit
            if (r >= sq .or. r <= -sq) then
              q = sqrt(abs(r + sq)) * sqrt(abs(r - sq))
            else
              r = 0.0_dp
              q = 0.0_dp
              exit fit
            end if
          else
            ! q = sqrt(r*r + sq*sq) without overflow or underflow
            sumsq = 1.0_dp
            p = 0.0_dp
            if (absr >= sq) then
              if (absr > s%rtsmll) p = absr * s%rtsmll
              if (sq >= p) then
                ratio = sq / absr
                sumsq = 1.0_dp + ratio * ratio
              end if
              scl = absr
            else
              if (sq > s%rtsmll) p = sq * s%rtsmll
              if (absr >= p) then
                ratio = absr / sq
                sumsq = 1.0_dp + ratio * ratio
              end if
              scl = sq
            end if
            sumsq = sqrt(sumsq)
            q = s%big
            if (scl < s%big / sumsq) q = scl * sumsq
          end if
        end if
        if (s%xw < 0.0_dp) q = -q
        sq = s%xw * (s%gmin - r - q)
        q = s%gw - s%gmin + q + q
        if (q > 0.0_dp) sq = -sq
        if (q <= 0.0_dp) q = -q
        r = s%e
        if (s%b1 /= s%step .or. s%braktd) s%e = s%step
      end block fit
    end if

    ! An artificial bound (a1, b1) on the step: the bisection point when
    ! bracketed by 0 and xw, else extrapolation by a growing factor.
    a1 = s%a
    s%b1 = s%b
    s%step = xmidpt
    if (.not. s%braktd .or. (s%a == 0.0_dp .and. s%xw < 0.0_dp) &
         .or. (s%b == 0.0_dp .and. s%xw > 0.0_dp)) then
      if (s%braktd) then
        d1 = s%xw
        d2 = s%a
        if (s%a == 0.0_dp) d2 = s%b
        s%u = -d1 / d2
        s%step = 5.0_dp * d2 * (0.1_dp + 1.0_dp / s%u) / 11.0_dp
        if (s%u < 1.0_dp) s%step = 0.5_dp * d2 * sqrt(s%u)
      else
        s%step = -s%factor * s%xw
        if (s%step > s%scxbnd) s%step = s%scxbnd
        if (s%step /= s%scxbnd) s%factor = 5.0_dp * s%factor
      end if
      if (s%step <= 0.0_dp) a1 = s%step
      if (s%step > 0.0_dp) s%b1 = s%step
    end if

    ! The cubic step unless it leaves (a1, b1) or exceeds half the step
    ! before last; never closer than twotol to a or b.
    if (abs(sq) <= abs(0.5_dp * q * r) .or. sq <= q * a1 .or. sq >= q * s%b1) then
      s%e = s%b - s%a
    else
      s%step = sq / q
      if (s%step - s%a < twotol .or. s%b - s%step < twotol) then
        if (xmidpt <= 0.0_dp) then
          s%step = -s%tol
        else
          s%step = s%tol
        end if
      end if
    end if
    call next_trial(s)
    status = SEARCH_EVAL
  end subroutine search_next

  ! next_trial: the trial step u from s%step: cut back to just inside the
  ! scaled bound, and at least tol in magnitude.
  pure subroutine next_trial(s)
    type(step_search), intent(inout) :: s
    if (s%step >= s%scxbnd) then
      s%step = s%scxbnd
      s%scxbnd = s%scxbnd - (s%reltol * abs(s%xbnd) + s%abstol) / (1.0_dp + s%reltol)
    end if
    s%u = s%step
    if (abs(s%step) < s%tol .and. s%step < 0.0_dp) s%u = -s%tol
    if (abs(s%step) < s%tol .and. s%step >= 0.0_dp) s%u = s%tol
  end subroutine next_trial

end module tnc_linesearch
