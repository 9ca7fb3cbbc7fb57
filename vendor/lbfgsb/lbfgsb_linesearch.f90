! The More'-Thuente line search (MINPACK-2's dcsrch and dcstep) as scipy's
! L-BFGS-B drives it: by reverse communication, its state in two caller-owned
! arrays, its task codes those of lbfgsb_codes.
!
! Reference: J. J. More' and D. J. Thuente, "Line search algorithms with
! guaranteed sufficient decrease", ACM TOMS 20 (1994) 286-307; the
! MINPACK-2 routines dcsrch/dcstep (Averick, Carter, More', 1993).
module lbfgsb_linesearch
  use scijit_kinds, only: dp, ip
  use lbfgsb_codes
  implicit none
  private
  public :: wolfe_search, step_update, c_fmax, c_fmin, set_task

  real(dp), parameter :: xtrapl = 1.1_dp, xtrapu = 4.0_dp

contains

  ! c_fmax, c_fmin: C's fmax/fmin (a NaN argument gives the other one), so
  ! that NaN travels as it does through scipy's C.
  pure elemental real(dp) function c_fmax(a, b)
    real(dp), intent(in) :: a, b
    if (a /= a) then
      c_fmax = b
    else if (b /= b) then
      c_fmax = a
    else if (a >= b) then
      c_fmax = a
    else
      c_fmax = b
    end if
  end function c_fmax

  pure elemental real(dp) function c_fmin(a, b)
    real(dp), intent(in) :: a, b
    if (a /= a) then
      c_fmin = b
    else if (b /= b) then
      c_fmin = a
    else if (a <= b) then
      c_fmin = a
    else
      c_fmin = b
    end if
  end function c_fmin

  ! wolfe_search: one step of the search for stp satisfying the sufficient
  ! decrease f(stp) <= f(0) + ftol*stp*f'(0) and the curvature condition
  ! |f'(stp)| <= gtol*|f'(0)| (More' and Thuente, section 2; dcsrch).  Called
  ! first with task = task_start (f, g: the value and slope at 0, stp > 0 the
  ! first trial), then with the value and slope at stp while it answers
  ! task_fg.  It ends with task_convergence, task_warning (msg: why) or
  ! task_error (msg: which argument).  State: isv(2) = (bracketed, stage),
  ! dsv(13) = (ginit, gtest, gx, gy, finit, fx, fy, stx, sty, stmin, stmax,
  ! width, width1), as scipy keeps them.
  pure subroutine wolfe_search(f, g, stp, ftol, gtol, xtol, stpmin, stpmax, task, msg, isv, dsv)
    real(dp), intent(in) :: f, g, ftol, gtol, xtol, stpmin, stpmax
    real(dp), intent(inout) :: stp
    integer(ip), intent(inout) :: task, msg
    integer(ip), intent(inout) :: isv(2)
    real(dp), intent(inout) :: dsv(13)
    logical :: brackt
    integer(ip) :: stage
    real(dp) :: ginit, gtest, gx, gy, finit, fx, fy, stx, sty, stmin, stmax, width, width1
    real(dp) :: ftest, fm, fxm, fym, gm, gxm, gym

    if (task == task_start) then
      ! argument checks: the last failing one names the error, as dcsrch
      if (stp < stpmin) call set_task(task, msg, task_error, msg_err_stp1)
      if (stp > stpmax) call set_task(task, msg, task_error, msg_err_stp2)
      if (g >= 0.0_dp) call set_task(task, msg, task_error, msg_err_initg)
      if (ftol < 0.0_dp) call set_task(task, msg, task_error, msg_err_ftol)
      if (gtol < 0.0_dp) call set_task(task, msg, task_error, msg_err_gtol)
      if (xtol < 0.0_dp) call set_task(task, msg, task_error, msg_err_xtol)
      if (stpmin < 0.0_dp) call set_task(task, msg, task_error, msg_err_stpmin)
      if (stpmax < stpmin) call set_task(task, msg, task_error, msg_err_stpmax)
      if (task == task_error) return
      brackt = .false.
      stage = 1
      finit = f
      ginit = g
      gtest = ftol * ginit
      width = stpmax - stpmin
      width1 = width / 0.5_dp
      stx = 0.0_dp
      fx = finit
      gx = ginit
      sty = 0.0_dp
      fy = finit
      gy = ginit
      stmin = 0.0_dp
      stmax = stp + xtrapu * stp
      task = task_fg
      msg = msg_none
      call keep_state(brackt, stage, [ginit, gtest, gx, gy, finit, fx, fy, stx, sty, stmin, &
           stmax, width, width1], isv, dsv)
      return
    end if

    brackt = isv(1) == 1
    stage = isv(2)
    ginit = dsv(1); gtest = dsv(2); gx = dsv(3); gy = dsv(4); finit = dsv(5)
    fx = dsv(6); fy = dsv(7); stx = dsv(8); sty = dsv(9); stmin = dsv(10)
    stmax = dsv(11); width = dsv(12); width1 = dsv(13)

    ! stage 2 once psi(stp) <= 0 and f'(stp) >= 0
    ftest = finit + stp * gtest
    if (stage == 1 .and. f <= ftest .and. g >= 0.0_dp) stage = 2

    ! warnings, then convergence, the last test that holds deciding
    if (brackt .and. (stp <= stmin .or. stp >= stmax)) call set_task(task, msg, task_warning, msg_warn_round)
    if (brackt .and. stmax - stmin <= xtol * stmax) call set_task(task, msg, task_warning, msg_warn_xtol)
    if (stp == stpmax .and. f <= ftest .and. g <= gtest) call set_task(task, msg, task_warning, msg_warn_stpmax)
    if (stp == stpmin .and. (f > ftest .or. g >= gtest)) call set_task(task, msg, task_warning, msg_warn_stpmin)
    if (f <= ftest .and. abs(g) <= gtol * (-ginit)) task = task_convergence
    if (task == task_warning .or. task == task_convergence) then
      call keep_state(brackt, stage, [ginit, gtest, gx, gy, finit, fx, fy, stx, sty, stmin, &
           stmax, width, width1], isv, dsv)
      return
    end if

    if (stage == 1 .and. f <= fx .and. f > ftest) then
      ! a lower value but not a sufficient decrease: step on the modified
      ! function psi
      fm = f - stp * gtest
      fxm = fx - stx * gtest
      fym = fy - sty * gtest
      gm = g - gtest
      gxm = gx - gtest
      gym = gy - gtest
      call step_update(stx, fxm, gxm, sty, fym, gym, stp, fm, gm, brackt, stmin, stmax)
      fx = fxm + stx * gtest
      fy = fym + sty * gtest
      gx = gxm + gtest
      gy = gym + gtest
    else
      call step_update(stx, fx, gx, sty, fy, gy, stp, f, g, brackt, stmin, stmax)
    end if

    if (brackt) then
      ! bisect when the interval did not shrink enough
      if (abs(sty - stx) >= 0.66_dp * width1) stp = stx + 0.5_dp * (sty - stx)
      width1 = width
      width = abs(sty - stx)
      stmin = c_fmin(stx, sty)
      stmax = c_fmax(stx, sty)
    else
      stmin = stp + xtrapl * (stp - stx)
      stmax = stp + xtrapu * (stp - stx)
    end if
    stp = c_fmax(stp, stpmin)
    stp = c_fmin(stp, stpmax)
    ! no progress possible: fall back on the best step so far
    if (brackt .and. (stp <= stmin .or. stp >= stmax .or. stmax - stmin <= xtol * stmax)) &
         stp = stx
    task = task_fg
    msg = msg_none
    call keep_state(brackt, stage, [ginit, gtest, gx, gy, finit, fx, fy, stx, sty, stmin, &
           stmax, width, width1], isv, dsv)

  end subroutine wolfe_search

  ! set_task: task = t with message c.
  pure subroutine set_task(task, msg, t, c)
    integer(ip), intent(inout) :: task, msg
    integer(ip), intent(in) :: t, c
    task = t
    msg = c
  end subroutine set_task

  ! keep_state: the search's state into its caller-owned arrays.
  pure subroutine keep_state(brackt, stage, values, isv, dsv)
    logical, intent(in) :: brackt
    integer(ip), intent(in) :: stage
    real(dp), intent(in) :: values(13)
    integer(ip), intent(inout) :: isv(2)
    real(dp), intent(inout) :: dsv(13)
    isv(1) = merge(1_ip, 0_ip, brackt)
    isv(2) = stage
    dsv = values
  end subroutine keep_state

  ! step_update: the safeguarded trial step of More' and Thuente (section 4,
  ! dcstep) from the best step stx, the interval's other end sty and the
  ! current step stp (values fx, fy, fp and slopes dx, dy, dp); updates the
  ! interval and returns the new trial step in stp.
  pure subroutine step_update(stx, fx, dx, sty, fy, dy, stp, fp, dpp, brackt, stpmin, stpmax)
    real(dp), intent(inout) :: stx, fx, dx, sty, fy, dy, stp
    real(dp), intent(in) :: fp, dpp, stpmin, stpmax
    logical, intent(inout) :: brackt
    real(dp) :: sgnd, theta, s, gamma, p, q, r, stpc, stpq, stpf

    sgnd = dpp * (dx / abs(dx))
    if (fp > fx) then
      ! higher value: bracketed; cubic step if nearer stx, else the mean
      ! of cubic and quadratic
      theta = 3.0_dp * (fx - fp) / (stp - stx) + dx + dpp
      s = c_fmax(abs(theta), c_fmax(abs(dx), abs(dpp)))
      gamma = s * sqrt((theta / s)**2 - (dx / s) * (dpp / s))
      if (stp < stx) gamma = -gamma
      p = (gamma - dx) + theta
      q = ((gamma - dx) + gamma) + dpp
      r = p / q
      stpc = stx + r * (stp - stx)
      stpq = stx + ((dx / ((fx - fp) / (stp - stx) + dx)) / 2.0_dp) * (stp - stx)
      if (abs(stpc - stx) < abs(stpq - stx)) then
        stpf = stpc
      else
        stpf = stpc + (stpq - stpc) / 2.0_dp
      end if
      brackt = .true.
    else if (sgnd < 0.0_dp) then
      ! lower value, slopes of opposite sign: bracketed; the cubic step if
      ! farther from stp than the secant step
      theta = 3.0_dp * (fx - fp) / (stp - stx) + dx + dpp
      s = c_fmax(abs(theta), c_fmax(abs(dx), abs(dpp)))
      gamma = s * sqrt((theta / s)**2 - (dx / s) * (dpp / s))
      if (stp > stx) gamma = -gamma
      p = (gamma - dpp) + theta
      q = ((gamma - dpp) + gamma) + dx
      r = p / q
      stpc = stp + r * (stx - stp)
      stpq = stp + (dpp / (dpp - dx)) * (stx - stp)
      if (abs(stpc - stp) > abs(stpq - stp)) then
        stpf = stpc
      else
        stpf = stpq
      end if
      brackt = .true.
    else if (abs(dpp) < abs(dx)) then
      ! lower value, same sign, slope decreasing in magnitude
      theta = 3.0_dp * (fx - fp) / (stp - stx) + dx + dpp
      s = c_fmax(abs(theta), c_fmax(abs(dx), abs(dpp)))
      gamma = s * sqrt(c_fmax(0.0_dp, (theta / s)**2 - (dx / s) * (dpp / s)))
      if (stp > stx) gamma = -gamma
      p = (gamma - dpp) + theta
      q = (gamma + (dx - dpp)) + gamma
      r = p / q
      if (r < 0.0_dp .and. gamma /= 0.0_dp) then
        stpc = stp + r * (stx - stp)
      else if (stp > stx) then
        stpc = stpmax
      else
        stpc = stpmin
      end if
      stpq = stp + (dpp / (dpp - dx)) * (stx - stp)
      if (brackt) then
        if (abs(stpc - stp) < abs(stpq - stp)) then
          stpf = stpc
        else
          stpf = stpq
        end if
        if (stp > stx) then
          stpf = c_fmin(stp + 0.66_dp * (sty - stp), stpf)
        else
          stpf = c_fmax(stp + 0.66_dp * (sty - stp), stpf)
        end if
      else
        if (abs(stpc - stp) > abs(stpq - stp)) then
          stpf = stpc
        else
          stpf = stpq
        end if
        stpf = c_fmin(stpmax, stpf)
        stpf = c_fmax(stpmin, stpf)
      end if
    else
      ! lower value, same sign, slope not decreasing: the cubic step if
      ! bracketed, else a bound
      if (brackt) then
        theta = 3.0_dp * (fp - fy) / (sty - stp) + dy + dpp
        s = c_fmax(abs(theta), c_fmax(abs(dy), abs(dpp)))
        gamma = s * sqrt((theta / s)**2 - (dy / s) * (dpp / s))
        if (stp > sty) gamma = -gamma
        p = (gamma - dpp) + theta
        q = ((gamma - dpp) + gamma) + dy
        r = p / q
        stpc = stp + r * (sty - stp)
        stpf = stpc
      else if (stp > stx) then
        stpf = stpmax
      else
        stpf = stpmin
      end if
    end if

    if (fp > fx) then
      sty = stp
      fy = fp
      dy = dpp
    else
      if (sgnd < 0.0_dp) then
        sty = stx
        fy = fx
        dy = dx
      end if
      stx = stp
      fx = fp
      dx = dpp
    end if
    stp = stpf
  end subroutine step_update
end module lbfgsb_linesearch
