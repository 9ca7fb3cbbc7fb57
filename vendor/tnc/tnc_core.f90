! The truncated-Newton method with bounds (TNBC): minimize f(x) subject to
! low <= x <= up, from f and its gradient, which the caller's fg returns.
! Each outer iteration solves the Newton equations on the free variables
! approximately by preconditioned conjugate gradients (Hessian-vector
! products by differences of gradients), then searches along that
! direction (tnc_linesearch); bounds are handled by an active set (a
! variable is pinned when a step reaches its bound and freed when its
! Lagrange multiplier has the wrong sign).  The variables are scaled and
! shifted, f is rescaled when its gradient's norm drifts far from 1.
!
! References: S. G. Nash, "Newton-type minimization via the Lanczos
! method", SIAM J. Numer. Anal. 21 (1984) 770-778; S. G. Nash, "A survey
! of truncated-Newton methods", J. Comput. Appl. Math. 124 (2000) 45-59;
! P. E. Gill, W. Murray, M. H. Wright, "Practical Optimization" (1981),
! p. 308, for the multiplier tests.  The control flow, the defaults and
! the arithmetic are those of scipy 1.17's tnc.c (J.-S. Roy's TNC 1.3 in
! C), so that every point the callback sees is scipy's; scipy's known
! quirks are followed and noted where they occur.
module tnc_core
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_ptr
  use scijit_kinds, only: dp, eps_dp
  use tnc_vectors, only: seq_dot, scaled_norm, zero_pinned, zero_fixed, to_internal, to_user, &
       clamp, scale_gradient, is_minus_inf, is_plus_inf
  use tnc_precond, only: apply_preconditioner, start_preconditioner, update_diagonal
  use tnc_linesearch, only: step_search, search_start, search_next, SEARCH_OK, SEARCH_EVAL
  implicit none
  private
  public :: tnc_fg_iface, tnc_solve, tnc_wa_size
  public :: TNC_EINVAL, TNC_INFEASIBLE, TNC_LOCALMINIMUM, TNC_FCONVERGED, TNC_XCONVERGED, &
       TNC_MAXFUN, TNC_LSFAIL, TNC_CONSTANT, TNC_NOPROGRESS, TNC_USERABORT

  ! scipy's tnc_rc values (TNC_ENOMEM = -3 cannot happen: no allocation).
  integer, parameter :: TNC_EINVAL = -2, TNC_INFEASIBLE = -1, TNC_LOCALMINIMUM = 0, &
       TNC_FCONVERGED = 1, TNC_XCONVERGED = 2, TNC_MAXFUN = 3, TNC_LSFAIL = 4, &
       TNC_CONSTANT = 5, TNC_NOPROGRESS = 6, TNC_USERABORT = 7

  ! Outcomes of a line search.
  integer, parameter :: LS_OK = 0, LS_MAXFUN = 1, LS_FAIL = 2, LS_USERABORT = 3
  ! Trial points per line search.
  integer, parameter :: MAX_LS_TRIALS = 64

  abstract interface
    ! Return f(x) and set g = grad f(x).  iflag is 1 on entry; set
    ! iflag < 0 to stop the minimization (TNC_USERABORT).
    function tnc_fg_iface(n, x, g, iflag, udata) result(f) bind(C)
      import :: c_int, c_double, c_ptr
      integer(c_int), value :: n
      real(c_double), intent(in) :: x(n)
      real(c_double), intent(inout) :: g(n)
      integer(c_int), intent(inout) :: iflag
      type(c_ptr), value :: udata
      real(c_double) :: f
    end function tnc_fg_iface
  end interface

contains

  ! tnc_wa_size: the length of the real workspace for n variables: the
  ! bounds, scales and offsets (4n), the outer iteration's vectors (9n)
  ! and the inner iteration's or the line search's (8n).
  pure integer function tnc_wa_size(n)
    integer, intent(in) :: n
    tnc_wa_size = 21 * max(n, 0)
  end function tnc_wa_size

  ! evaluate: f and g at x through the callback; false if it asked to stop.
  recursive logical function evaluate(fg, udata, n, x, f, g) result(ok)
    procedure(tnc_fg_iface) :: fg
    type(c_ptr), intent(in) :: udata
    integer, intent(in) :: n
    real(dp), intent(in) :: x(n)
    real(dp), intent(out) :: f
    real(dp), intent(inout) :: g(n)
    integer(c_int) :: iflag
    iflag = 1
    f = fg(int(n, c_int), x, g, iflag, udata)
    ok = iflag >= 0
  end function evaluate

  ! tnc_solve: the whole minimization (scipy's tnc()): input checks, the
  ! first evaluation, the default parameters, the scaling, the iteration.
  ! x: in the starting point, out the solution (in the bounds); f, gfull:
  ! f and its gradient at the last point accepted (as scipy's, f and g may
  ! be slightly out of step with x because of the scaling).  lo, hi: the
  ! bounds (a copy: pinned to x where scale is 0).  scale, offset: used
  ! when has_scale / has_offset.  wa: work, n by 19 (tnc_wa_size(n) counts
  ! the bounds' copies too); pivot: work, n.
  recursive subroutine tnc_solve(fg, udata, n, x, lo, hi, has_scale, scale, has_offset, offset, &
                                 maxcgit_in, maxnfeval, eta_in, stepmx_in, accuracy_in, fmin, &
                                 ftol_in, xtol_in, pgtol_in, rescale_in, f, gfull, nfeval, &
                                 niter, rc, wa, pivot)
    procedure(tnc_fg_iface) :: fg
    type(c_ptr), intent(in) :: udata
    integer, intent(in) :: n, maxcgit_in, maxnfeval
    real(dp), intent(inout) :: x(n), lo(n), hi(n)
    logical, intent(in) :: has_scale, has_offset
    real(dp), intent(in) :: scale(*), offset(*)
    real(dp), intent(in) :: eta_in, stepmx_in, accuracy_in, fmin, ftol_in, xtol_in, pgtol_in, &
         rescale_in
    real(dp), intent(inout) :: f, gfull(n)
    integer, intent(inout) :: nfeval, niter
    integer, intent(out) :: rc
    real(dp), intent(inout) :: wa(n, 19)
    integer, intent(inout) :: pivot(n)
    real(dp) :: eta, stepmx, accuracy, ftol, xtol, pgtol, rescale, rteps
    integer :: maxcgit, i, nconst

    nfeval = 0
    if (n == 0) then
      rc = TNC_CONSTANT
      return
    end if
    if (n < 0) then
      rc = TNC_EINVAL
      return
    end if
    do i = 1, n
      if (lo(i) > hi(i)) then
        rc = TNC_INFEASIBLE
        return
      end if
    end do
    call clamp(n, x, lo, hi)
    if (maxnfeval < 1) then
      rc = TNC_MAXFUN
      return
    end if
    nfeval = nfeval + 1
    if (.not. evaluate(fg, udata, n, x, f, gfull)) then
      rc = TNC_USERABORT
      return
    end if
    ! Every variable fixed (equal bounds or a zero scale): nothing to do.
    nconst = 0
    do i = 1, n
      if (lo(i) == hi(i)) then
        nconst = nconst + 1
      else if (has_scale) then
        if (scale(i) == 0.0_dp) nconst = nconst + 1
      end if
    end do
    if (nconst == n) then
      rc = TNC_CONSTANT
      return
    end if

    ! Scales and offsets (wa(:, 1), wa(:, 2)): the interval's width and
    ! centre for a doubly bounded variable, else 1 + |x0| and x0; |scale|
    ! given; a zero scale fixes the variable at x0.  (scipy 1.17 leaves the
    ! offset of a variable with a nonzero scale given and no offset given
    ! uninitialised, malloc'd memory; it is x0 here, as in scipy's later
    ! fix of that bug.)
    do i = 1, n
      if (has_scale) then
        wa(i, 1) = abs(scale(i))
        wa(i, 2) = x(i)
        if (wa(i, 1) == 0.0_dp) then
          lo(i) = x(i)
          hi(i) = x(i)
        end if
      else if (.not. is_minus_inf(lo(i)) .and. .not. is_plus_inf(hi(i))) then
        wa(i, 1) = hi(i) - lo(i)
        wa(i, 2) = (hi(i) + lo(i)) * 0.5_dp
      else
        wa(i, 1) = 1.0_dp + abs(x(i))
        wa(i, 2) = x(i)
      end if
      if (has_offset) wa(i, 2) = offset(i)
    end do

    ! scipy's defaults, from machine epsilon.  (scipy documents ftol < 0 as
    ! 0; its C sets it to accuracy, as here.)
    rteps = sqrt(eps_dp)
    stepmx = stepmx_in
    if (stepmx < rteps * 10.0_dp) stepmx = 1.0e1_dp
    eta = eta_in
    if (eta < 0.0_dp .or. eta >= 1.0_dp) eta = 0.25_dp
    rescale = rescale_in
    if (rescale < 0.0_dp) rescale = 1.3_dp
    maxcgit = maxcgit_in
    if (maxcgit < 0) maxcgit = min(max(n / 2, 1), 50)   ! 0 is valid: steepest descent
    if (maxcgit > n) maxcgit = n
    accuracy = accuracy_in
    if (accuracy <= eps_dp) accuracy = rteps
    ftol = ftol_in
    if (ftol < 0.0_dp) ftol = accuracy
    pgtol = pgtol_in
    if (pgtol < 0.0_dp) pgtol = 1.0e-2_dp * sqrt(accuracy)
    xtol = xtol_in
    if (xtol < 0.0_dp) xtol = rteps

    call iterate(fg, udata, n, x, f, gfull, wa(:, 1), wa(:, 2), lo, hi, maxcgit, maxnfeval, &
                 nfeval, niter, eta, stepmx, accuracy, fmin, ftol, xtol, pgtol, rescale, rc, &
                 wa(:, 3:19), pivot)
  end subroutine tnc_solve

  ! iterate: the outer iteration in the scaled variables (scipy's
  ! tnc_minimize), from x with f, gfull at x; on return x is back in the
  ! user's variables (clamped to the bounds) and f unscaled.  w: 17 work
  ! vectors of n.
  recursive subroutine iterate(fg, udata, n, x, f, gfull, xscale, xoffset, lo, hi, maxcgit, &
                               maxnfeval, nfeval, niter, eta, stepmx_in, accuracy, fmin, ftol, &
                               xtol, pgtol, rescale, rc, w, pivot)
    procedure(tnc_fg_iface) :: fg
    type(c_ptr), intent(in) :: udata
    integer, intent(in) :: n, maxcgit, maxnfeval
    real(dp), intent(inout) :: x(n), f, gfull(n)
    real(dp), intent(in) :: xscale(n), xoffset(n), lo(n), hi(n)
    integer, intent(inout) :: nfeval, niter
    real(dp), intent(in) :: eta, stepmx_in, accuracy, fmin, ftol, xtol, pgtol, rescale
    integer, intent(out) :: rc
    real(dp), intent(inout), target :: w(n, 17)
    integer, intent(inout) :: pivot(n)
    real(dp), pointer, contiguous :: g(:), oldg(:), temp(:), diagb(:), pk(:), sk(:), yk(:), &
         sr(:), yr(:), scratch(:, :)
    real(dp) :: fscale, difnew, difold, epsred, oldf, oldgtp, xnorm, gnorm, newscale, ustpmax, &
         spe, alpha, yksk, yrsr, f_at_constraint, f_at_reset, stepmx
    integer :: icycle, nfeval_before, lsrc
    logical :: first, newcon, reset, remcon, added

    g => w(:, 1)         ! the scaled gradient (projected on the free variables)
    oldg => w(:, 2)
    temp => w(:, 3)
    diagb => w(:, 4)     ! the diagonal preconditioner
    pk => w(:, 5)        ! the search direction
    sk => w(:, 6)        ! the last step and its change of gradient
    yk => w(:, 7)
    sr => w(:, 8)        ! the steps and changes accumulated since a reset
    yr => w(:, 9)
    scratch => w(:, 10:17)

    niter = 0
    stepmx = stepmx_in
    fscale = 1.0_dp
    difnew = 0.0_dp
    epsred = 0.05_dp
    first = .true.
    icycle = n - 1
    newcon = .true.
    reset = .false.
    yrsr = 0.0_dp
    yksk = 0.0_dp
    alpha = 0.0_dp

    call to_internal(n, x, xscale, xoffset)
    f = f * fscale
    call set_pivots(n, x, pivot, xscale, xoffset, lo, hi)
    g = gfull
    call scale_gradient(n, g, xscale, fscale)
    ! Free a variable at a bound whose multiplier has the wrong sign.
    ! (Quirk followed: a fixed variable, pivot 2, with g > 0 is freed too.)
    where (-real(pivot, dp) * g < 0.0_dp) pivot = 0
    call zero_pinned(n, g, pivot)
    gnorm = scaled_norm(n, g)
    f_at_constraint = f
    f_at_reset = f
    diagb = 1.0_dp

    do
      if (scaled_norm(n, g) <= pgtol * fscale) then
        rc = TNC_LOCALMINIMUM
        exit
      end if
      if (nfeval >= maxnfeval) then
        rc = TNC_MAXFUN
        exit
      end if
      ! Rescale f when the projected gradient's norm is far from 1.
      newscale = scaled_norm(n, g)
      if (newscale > eps_dp .and. abs(log10(newscale)) > rescale) then
        newscale = 1.0_dp / newscale
        f = f * newscale
        fscale = fscale * newscale
        gnorm = gnorm * newscale
        f_at_constraint = f_at_constraint * newscale
        f_at_reset = f_at_reset * newscale
        difnew = difnew * newscale
        g = g * newscale
        diagb = 1.0_dp
        first = .true.
        icycle = n - 1
        newcon = .true.
      end if

      temp = x
      call zero_pinned(n, temp, pivot)
      xnorm = scaled_norm(n, temp)
      nfeval_before = nfeval
      if (.not. newton_direction(fg, udata, n, pk, diagb, x, g, maxcgit, maxnfeval, nfeval, &
                                 first, yksk, yrsr, sk, yk, sr, yr, reset, xscale, xoffset, &
                                 fscale, pivot, accuracy, gnorm, xnorm, lo, hi, scratch)) then
        rc = TNC_USERABORT
        exit
      end if

      if (.not. newcon) then
        if (.not. reset) then
          sr = sr + sk
          yr = yr + yk
          icycle = icycle + 1
        else
          sr = sk
          yr = yk
          f_at_reset = f
          icycle = 1
        end if
      end if

      oldg = g
      oldf = f
      oldgtp = seq_dot(n, pk, g)
      ustpmax = stepmx / (scaled_norm(n, pk) + eps_dp)
      spe = step_to_bound(ustpmax, n, x, pk, pivot, lo, hi, xscale, xoffset)

      if (spe > 0.0_dp) then
        alpha = initial_step(f, fmin / fscale, oldgtp, spe)
        call line_search(fg, udata, n, lo, hi, xscale, xoffset, fscale, pivot, eta, ftol, spe, &
                         pk, x, f, alpha, gfull, maxnfeval, nfeval, lsrc, scratch)
        if (lsrc == LS_USERABORT) then
          rc = TNC_USERABORT
          exit
        end if
        if (lsrc == LS_FAIL) then
          rc = TNC_LSFAIL
          exit
        end if
        ! The step reached the largest unconstrained step: allow more.
        if (alpha >= 0.9_dp * ustpmax) stepmx = stepmx * 1.0e2_dp
        if (alpha - spe >= -eps_dp * 10.0_dp) then
          ! The step reached a bound.  (Quirk followed: also after a search
          ! that ran out of evaluations, x then unchanged.)
          newcon = .true.
        else
          if (lsrc /= LS_OK) then
            rc = TNC_MAXFUN
            exit
          end if
          newcon = .false.
        end if
      else
        newcon = .true.
      end if

      if (newcon) then
        call pin_reached(n, x, pk, pivot, lo, hi, xscale, xoffset, added)
        if (.not. added) then
          if (nfeval == nfeval_before) then
            rc = TNC_NOPROGRESS
            exit
          end if
        end if
        f_at_constraint = f
      end if

      niter = niter + 1

      difold = difnew
      difnew = oldf - f
      ! First iteration of a cycle: adapt the reduction factor of the
      ! resetting test.
      if (icycle == 1) then
        if (difnew > difold * 2.0_dp) epsred = epsred + epsred
        if (difnew < difold * 0.5_dp) epsred = epsred * 0.5_dp
      end if

      g = gfull
      call scale_gradient(n, g, xscale, fscale)
      temp = g
      call zero_pinned(n, temp, pivot)
      gnorm = scaled_norm(n, temp)

      call free_one(oldgtp, gnorm, pgtol * fscale, f, f_at_constraint, g, pivot, n, remcon)
      if (remcon) then
        temp = g
        call zero_pinned(n, temp, pivot)
        gnorm = scaled_norm(n, temp)
        f_at_constraint = f
      end if

      if (.not. remcon .and. .not. newcon) then
        if (abs(difnew) <= ftol * fscale) then
          rc = TNC_FCONVERGED
          exit
        end if
        if (alpha * scaled_norm(n, pk) <= xtol) then
          rc = TNC_XCONVERGED
          exit
        end if
      end if

      call zero_pinned(n, g, pivot)

      ! The step and the change of gradient, for the preconditioner.
      if (.not. newcon) then
        yk = g - oldg
        sk = alpha * pk
        yksk = seq_dot(n, yk, sk)
        if (icycle == n - 1 .or. difnew < epsred * (f_at_reset - f)) then
          reset = .true.
        else
          yrsr = seq_dot(n, yr, sr)
          reset = yrsr <= 0.0_dp
        end if
        first = .false.
      end if
    end do

    call to_user(n, x, xscale, xoffset)
    call clamp(n, x, lo, hi)
    f = f / fscale
  end subroutine iterate

  ! set_pivots: the initial active set: -1 at the lower bound (within
  ! 10 eps (|low| + 1)), 2 for a fixed variable, else 0.  (Quirk followed:
  ! the upper-bound test asks x - up >= tol, which a point inside the
  ! bounds never meets, so no variable starts pinned at its upper bound.)
  pure subroutine set_pivots(n, x, pivot, xscale, xoffset, lo, hi)
    integer, intent(in) :: n
    real(dp), intent(in) :: x(n), xscale(n), xoffset(n), lo(n), hi(n)
    integer, intent(out) :: pivot(n)
    integer :: i
    do i = 1, n
      if (xscale(i) == 0.0_dp) then
        pivot(i) = 2
      else if (.not. is_minus_inf(lo(i)) .and. &
               x(i) * xscale(i) + xoffset(i) - lo(i) <= eps_dp * 10.0_dp * (abs(lo(i)) + 1.0_dp)) &
               then
        pivot(i) = -1
      else if (.not. is_plus_inf(hi(i)) .and. &
               x(i) * xscale(i) + xoffset(i) - hi(i) >= eps_dp * 10.0_dp * (abs(hi(i)) + 1.0_dp)) &
               then
        pivot(i) = 1
      else
        pivot(i) = 0
      end if
    end do
  end subroutine set_pivots

  ! step_to_bound: the largest step <= step along dir from x that keeps
  ! the free variables in their bounds (in the scaled variables).
  pure real(dp) function step_to_bound(step_in, n, x, dir, pivot, lo, hi, xscale, xoffset) &
       result(step)
    real(dp), intent(in) :: step_in
    integer, intent(in) :: n
    real(dp), intent(in) :: x(n), dir(n), lo(n), hi(n), xscale(n), xoffset(n)
    integer, intent(in) :: pivot(n)
    real(dp) :: t
    integer :: i
    step = step_in
    do i = 1, n
      if (pivot(i) == 0 .and. dir(i) /= 0.0_dp) then
        if (dir(i) < 0.0_dp) then
          t = (lo(i) - xoffset(i)) / xscale(i) - x(i)
          if (t > step * dir(i)) step = t / dir(i)
        else
          t = (hi(i) - xoffset(i)) / xscale(i) - x(i)
          if (t < step * dir(i)) step = t / dir(i)
        end if
      end if
    end do
  end function step_to_bound

  ! pin_reached: pin (and put exactly on it) each free variable moving
  ! along p that lies within 10 eps (|bound| + 1) of the bound it moves
  ! to; true if one was pinned.  (Quirk followed: a variable moving down
  ! with no lower bound is tested against its upper bound.)
  pure subroutine pin_reached(n, x, p, pivot, lo, hi, xscale, xoffset, added)
    integer, intent(in) :: n
    logical, intent(out) :: added
    real(dp), intent(inout) :: x(n)
    real(dp), intent(in) :: p(n), lo(n), hi(n), xscale(n), xoffset(n)
    integer, intent(inout) :: pivot(n)
    real(dp) :: tol
    integer :: i
    added = .false.
    do i = 1, n
      if (pivot(i) /= 0 .or. p(i) == 0.0_dp) cycle
      if (p(i) < 0.0_dp .and. .not. is_minus_inf(lo(i))) then
        tol = eps_dp * 10.0_dp * (abs(lo(i)) + 1.0_dp)
        if (x(i) * xscale(i) + xoffset(i) - lo(i) <= tol) then
          pivot(i) = -1
          x(i) = (lo(i) - xoffset(i)) / xscale(i)
          added = .true.
        end if
      else if (.not. is_plus_inf(hi(i))) then
        tol = eps_dp * 10.0_dp * (abs(hi(i)) + 1.0_dp)
        if (hi(i) - (x(i) * xscale(i) + xoffset(i)) <= tol) then
          pivot(i) = 1
          x(i) = (hi(i) - xoffset(i)) / xscale(i)
          added = .true.
        end if
      end if
    end do
  end subroutine pin_reached

  ! free_one: unless the last step decreased f enough since the last
  ! change of the active set (by half the predicted decrease) while the
  ! projected gradient is still large, free the pinned variable whose
  ! multiplier -pivot*g is the most negative; true if one was freed.
  ! (Gill, Murray and Wright 1981, p. 308.)
  pure subroutine free_one(gtpnew, gnorm, pgtolfs, f, f_at_constraint, g, pivot, n, freed)
    logical, intent(out) :: freed
    real(dp), intent(in) :: gtpnew, gnorm, pgtolfs, f, f_at_constraint
    integer, intent(in) :: n
    real(dp), intent(in) :: g(n)
    integer, intent(inout) :: pivot(n)
    real(dp) :: cmax, t
    integer :: i, imax
    freed = .false.
    if (f_at_constraint - f <= gtpnew * (-0.5_dp) .and. gnorm > pgtolfs) return
    imax = 0
    cmax = 0.0_dp
    do i = 1, n
      if (pivot(i) == 2) cycle
      t = -real(pivot(i), dp) * g(i)
      if (t < cmax) then
        cmax = t
        imax = i
      end if
    end do
    if (imax /= 0) then
      pivot(imax) = 0
      freed = .true.
    end if
  end subroutine free_one

  ! initial_step: the first trial step of a line search, 2 |f - fmin| /
  ! (-g'p) when that estimate is below 1 (and the gap not negligible),
  ! else 1; at most smax.
  pure real(dp) function initial_step(fnew, fmin, gtp, smax) result(alpha)
    real(dp), intent(in) :: fnew, fmin, gtp, smax
    real(dp) :: d
    d = abs(fnew - fmin)
    alpha = 1.0_dp
    if (d * 2.0_dp <= -gtp .and. d >= eps_dp) alpha = d * (-2.0_dp) / gtp
    if (alpha >= smax) alpha = smax
  end function initial_step

  ! hessian_times: gv ~ H v, the forward difference (grad f(x + delta v) -
  ! g) / delta in the scaled variables, delta = accuracy (|x_free| + 1),
  ! the trial point clamped to the bounds; zero for fixed variables.
  ! false if the callback asked to stop.  xv: work, n.
  recursive logical function hessian_times(fg, udata, n, v, gv, x, g, xscale, xoffset, fscale, &
                                           accuracy, xnorm, lo, hi, xv) result(ok)
    procedure(tnc_fg_iface) :: fg
    type(c_ptr), intent(in) :: udata
    integer, intent(in) :: n
    real(dp), intent(in) :: v(n), x(n), g(n), xscale(n), xoffset(n), fscale, accuracy, xnorm, &
         lo(n), hi(n)
    real(dp), intent(inout) :: gv(n), xv(n)
    real(dp) :: delta, dinv, fv
    integer :: i
    delta = accuracy * (xnorm + 1.0_dp)
    do i = 1, n
      xv(i) = x(i) + delta * v(i)
    end do
    call to_user(n, xv, xscale, xoffset)
    call clamp(n, xv, lo, hi)
    ok = evaluate(fg, udata, n, xv, fv, gv)
    if (.not. ok) return
    call scale_gradient(n, gv, xscale, fscale)
    dinv = 1.0_dp / delta
    do i = 1, n
      gv(i) = (gv(i) - g(i)) * dinv
    end do
    call zero_fixed(n, gv, xscale)
  end function hessian_times

  ! newton_direction: zsol, an approximate solution of H z = -g on the free
  ! variables by preconditioned conjugate gradients (at most maxcgit
  ! products H v, stopped when the quadratic model's relative decrease per
  ! iteration falls below 1/2, on negative curvature, or when the
  ! evaluations run out; -g when maxcgit is 0).  The diagonal
  ! preconditioner diagb is updated from the products.  false if the
  ! callback asked to stop.  w: work, n by 8.
  recursive logical function newton_direction(fg, udata, n, zsol, diagb, x, g, maxcgit, &
       maxnfeval, nfeval, first, yksk, yrsr, sk, yk, sr, yr, reset, xscale, xoffset, fscale, &
       pivot, accuracy, gnorm, xnorm, lo, hi, w) result(ok)
    procedure(tnc_fg_iface) :: fg
    type(c_ptr), intent(in) :: udata
    integer, intent(in) :: n, maxcgit, maxnfeval
    real(dp), intent(out) :: zsol(n)
    real(dp), intent(inout) :: diagb(n)
    real(dp), intent(in) :: x(n), g(n), yksk, yrsr, sk(n), yk(n), sr(n), yr(n), xscale(n), &
         xoffset(n), fscale, accuracy, gnorm, xnorm, lo(n), hi(n)
    integer, intent(inout) :: nfeval
    logical, intent(in) :: first, reset
    integer, intent(in) :: pivot(n)
    real(dp), intent(inout), target :: w(n, 8)
    real(dp), pointer, contiguous :: r(:), v(:), zk(:), emat(:), gv(:)
    real(dp) :: rhsnrm, tol, qold, qnew, rz, rzold, beta, vgv, alpha, gtp, pr, qtest
    integer :: k

    ok = .true.
    if (maxcgit == 0) then
      zsol = -g
      call zero_pinned(n, zsol, pivot)
      return
    end if
    r => w(:, 1)         ! the residual -g - H z
    v => w(:, 2)         ! the conjugate direction
    zk => w(:, 3)        ! the preconditioned residual
    emat => w(:, 4)      ! the diagonal preconditioner being updated
    gv => w(:, 5)        ! H v

    rhsnrm = gnorm
    tol = 1.0e-12_dp
    qold = 0.0_dp
    rzold = 0.0_dp
    call start_preconditioner(n, diagb, emat, reset, yksk, yrsr, sk, yk, sr, yr, first, w(:, 6))
    r = -g
    v = 0.0_dp
    zsol = 0.0_dp

    do k = 0, maxcgit - 1
      call zero_pinned(n, r, pivot)
      call apply_preconditioner(n, r, zk, sk, yk, diagb, sr, yr, first, yksk, yrsr, reset, &
                                w(:, 6), w(:, 7), w(:, 8))
      call zero_pinned(n, zk, pivot)
      rz = seq_dot(n, r, zk)
      if (rz / rhsnrm < tol .or. nfeval >= maxnfeval - 1) then
        ! Stop: too small a residual, or no evaluation left for a product.
        if (k == 0) then
          zsol = -g
          call zero_pinned(n, zsol, pivot)
        end if
        exit
      end if
      if (k == 0) then
        beta = 0.0_dp
      else
        beta = rz / rzold
      end if
      v = zk + beta * v
      call zero_pinned(n, v, pivot)
      ok = hessian_times(fg, udata, n, v, gv, x, g, xscale, xoffset, fscale, accuracy, xnorm, &
                         lo, hi, w(:, 6))
      nfeval = nfeval + 1
      ! (scipy leaves diagb as it was when the callback stops.)
      if (.not. ok) return
      call zero_pinned(n, gv, pivot)
      vgv = seq_dot(n, v, gv)
      if (vgv / rhsnrm < tol) then
        ! Negative or tiny curvature: the preconditioned steepest descent
        ! direction if this is the first product.
        if (k == 0) then
          call apply_preconditioner(n, g, zsol, sk, yk, diagb, sr, yr, first, yksk, yrsr, &
                                    reset, w(:, 6), w(:, 7), w(:, 8))
          zsol = -zsol
          call zero_pinned(n, zsol, pivot)
        end if
        exit
      end if
      call update_diagonal(n, emat, v, gv, r)
      alpha = rz / vgv
      zsol = zsol + alpha * v
      r = r + (-alpha) * gv
      ! The quadratic model's value and its relative decrease.
      gtp = seq_dot(n, zsol, g)
      pr = seq_dot(n, r, zsol)
      qnew = (gtp + pr) * 0.5_dp
      qtest = real(k + 1, dp) * (1.0_dp - qold / qnew)
      if (qtest <= 0.5_dp) exit
      if (gtp > 0.0_dp) then
        ! Not a descent direction any more: undo the last step.
        zsol = zsol + (-alpha) * v
        exit
      end if
      qold = qnew
      rzold = rz
    end do
    diagb = emat
  end function newton_direction

  ! line_search: x <- x + alpha p with f, gfull there, alpha from the
  ! safeguarded cubic search (tnc_linesearch) in (0, xbnd], starting from
  ! alpha; trial points clamped to the bounds.  lsrc: LS_OK, LS_MAXFUN,
  ! LS_FAIL or LS_USERABORT (then x, f, gfull unchanged; alpha the best
  ! step found).  w: work, n by 3 (at least).
  recursive subroutine line_search(fg, udata, n, lo, hi, xscale, xoffset, fscale, pivot, eta, &
                                   ftol, xbnd, p, x, f, alpha, gfull, maxnfeval, nfeval, lsrc, w)
    procedure(tnc_fg_iface) :: fg
    type(c_ptr), intent(in) :: udata
    integer, intent(in) :: n, maxnfeval
    real(dp), intent(in) :: lo(n), hi(n), xscale(n), xoffset(n), fscale, eta, ftol, xbnd, p(n)
    integer, intent(in) :: pivot(n)
    real(dp), intent(inout) :: x(n), f, alpha, gfull(n)
    integer, intent(inout) :: nfeval
    integer, intent(out) :: lsrc
    real(dp), intent(inout), target :: w(n, *)
    real(dp), pointer, contiguous :: temp(:), gtrial(:), gbest(:)
    type(step_search) :: s
    real(dp) :: xnorm, pe, rteps, ualpha
    integer :: itcnt, itest, i

    temp => w(:, 1)
    gtrial => w(:, 2)
    gbest => w(:, 3)
    temp = gfull
    call scale_gradient(n, temp, xscale, fscale)
    s%gu = seq_dot(n, temp, p)
    temp = x
    call zero_pinned(n, temp, pivot)
    xnorm = scaled_norm(n, temp)

    rteps = sqrt(eps_dp)
    pe = scaled_norm(n, p) + eps_dp
    s%reltol = rteps * (xnorm + 1.0_dp) / pe
    s%abstol = -eps_dp * (1.0_dp + abs(f)) / (s%gu - eps_dp)
    s%tnytol = eps_dp * (xnorm + 1.0_dp) / pe
    s%rtsmll = eps_dp
    s%big = 1.0_dp / (eps_dp * eps_dp)
    s%fpresn = ftol
    s%u = alpha
    s%fu = f
    s%fmin = f
    itcnt = 0

    call search_start(s, eta, 1.0e-4_dp, xbnd, itest)
    if (itest == SEARCH_EVAL) alpha = s%xmin
    do while (itest == SEARCH_EVAL)
      itcnt = itcnt + 1
      if (itcnt > MAX_LS_TRIALS .or. nfeval >= maxnfeval) exit
      ualpha = alpha + s%u
      do i = 1, n
        temp(i) = x(i) + ualpha * p(i)
      end do
      call to_user(n, temp, xscale, xoffset)
      call clamp(n, temp, lo, hi)
      nfeval = nfeval + 1
      if (.not. evaluate(fg, udata, n, temp, s%fu, gtrial)) then
        lsrc = LS_USERABORT
        return
      end if
      s%fu = s%fu * fscale
      temp = gtrial
      call scale_gradient(n, temp, xscale, fscale)
      s%gu = seq_dot(n, temp, p)
      call search_next(s, itest)
      alpha = s%xmin
      if (alpha == ualpha) gbest = gtrial     ! the new best point
    end do

    if (itest == SEARCH_OK) then
      f = s%fmin
      do i = 1, n
        x(i) = x(i) + alpha * p(i)
      end do
      gfull = gbest
      lsrc = LS_OK
    else if (itcnt > MAX_LS_TRIALS) then
      lsrc = LS_FAIL
    else if (itest /= SEARCH_EVAL) then
      lsrc = LS_FAIL
    else
      lsrc = LS_MAXFUN
    end if
  end subroutine line_search

end module tnc_core
