! L-BFGS-B's outer iteration by reverse communication (scipy's mainlb and
! lnsrlb): each call resumes where the last one asked the caller for f and
! g (task 3) or reported a new iterate (task 1), and returns at the next
! such point or at the end.  All state lives in the caller's lsave(4),
! isave(23) (scipy's isave(22:44)) and dsave(29), with scipy's meanings:
!   isave(1) nintol  isave(4) iback  isave(5) nskip  isave(6) head (0-based)
!   isave(7) col  isave(8) itail  isave(9) iter  isave(10) iupdat
!   isave(12) nseg  isave(13) nfgv  isave(14) info  isave(15) ifun
!   isave(16) iword  isave(17) nfree  isave(18) nact  isave(19) ileave
!   isave(20) nenter  isave(22:23) the line search's;
!   dsave(1) theta  dsave(2) fold  dsave(3) factr*eps  dsave(4) |d|
!   dsave(11) gd  dsave(12) stpmx  dsave(13) |proj g|_inf  dsave(14) stp
!   dsave(15) gdold  dsave(16) |d|^2  dsave(17:29) the line search's;
!   lsave = (prjctd, cnstnd, boxed, updatd) as 0/1.
! References: Byrd, Lu, Nocedal, Zhu (1995) section 6 and Zhu et al.,
! TOMS 778 (1997), the driver of the 3.0 code (Morales and Nocedal 2011),
! in the control flow of scipy 1.17's C port.
module lbfgsb_driver
  use scijit_kinds, only: dp, ip, eps_dp
  use lbfgsb_codes
  use lbfgsb_kernels, only: lbfgsb_blas
  use lbfgsb_linesearch, only: wolfe_search, c_fmax, c_fmin
  use lbfgsb_core
  implicit none
  private
  public :: lbfgsb_iterate

  ! where a call resumes
  integer, parameter :: at_first_fg = 1, at_loop = 2, at_subspace = 3, at_direction = 4, &
       at_search = 5, at_new_x = 6, at_save = 7

contains

  subroutine lbfgsb_iterate(n, m, x, l, u, nbd, f, g, factr, pgtol, ws, wy, sy, ss, wt, wn, &
                            snd, z, r, d, t, xp, wa, index, iwhere, indx2, task, msg, lsave, &
                            isave, dsave, maxls, ln_task, ln_msg, k)
    integer(ip), intent(in) :: n, m, maxls, nbd(n)
    real(dp), intent(inout) :: x(n), f, g(n)
    real(dp), intent(in) :: l(n), u(n), factr, pgtol
    real(dp), intent(inout) :: ws(n, m), wy(n, m), sy(m, m), ss(m, m), wt(m, m)
    real(dp), intent(inout) :: wn(2*m, 2*m), snd(2*m, 2*m)
    real(dp), intent(inout) :: z(n), r(n), d(n), t(n), xp(n), wa(8*m)
    integer(ip), intent(inout) :: index(n), iwhere(n), indx2(n)
    integer(ip), intent(inout) :: task, msg, lsave(4), isave(23), ln_task, ln_msg
    real(dp), intent(inout) :: dsave(29)
    type(lbfgsb_blas), intent(in) :: k

    logical :: prjctd, cnstnd, boxed, updatd, wrk
    integer(ip) :: nintol, iback, nskip, head, col, itail, iter, iupdat, nseg, nfgv, info
    integer(ip) :: ifun, iword, nfree, nact, ileave, nenter, kbad
    real(dp) :: theta, fold, tol, dnorm, gd, stpmx, sbgnrm, stp, gdold, dtd
    real(dp) :: rr, dr, ddum
    integer :: phase

    stpmx = 0.0_dp
    if (task == task_start) then
      col = 0
      head = 0
      theta = 1.0_dp
      iupdat = 0
      updatd = .false.
      iback = 0
      itail = 0
      iword = 0
      nact = 0
      ileave = 0
      nenter = 0
      fold = 0.0_dp
      dnorm = 0.0_dp
      gd = 0.0_dp
      sbgnrm = 0.0_dp
      stp = 0.0_dp
      gdold = 0.0_dp
      dtd = 0.0_dp
      iter = 0
      nfgv = 0
      nseg = 0
      nintol = 0
      nskip = 0
      nfree = n
      ifun = 0
      tol = factr * eps_dp
      info = 0
      kbad = 0
      call check_input(n, m, factr, l, u, nbd, task, msg, info, kbad)
      if (task == task_error) return          ! nothing saved, as scipy
      call project_initial(n, l, u, nbd, x, iwhere, prjctd, cnstnd, boxed)
      phase = at_first_fg - 1                 ! ask for f0, g0
    else
      prjctd = lsave(1) /= 0
      cnstnd = lsave(2) /= 0
      boxed = lsave(3) /= 0
      updatd = lsave(4) /= 0
      nintol = isave(1)
      iback = isave(4)
      nskip = isave(5)
      head = isave(6)
      col = isave(7)
      itail = isave(8)
      iter = isave(9)
      iupdat = isave(10)
      nseg = isave(12)
      nfgv = isave(13)
      info = isave(14)
      ifun = isave(15)
      iword = isave(16)
      nfree = isave(17)
      nact = isave(18)
      ileave = isave(19)
      nenter = isave(20)
      theta = dsave(1)
      fold = dsave(2)
      tol = dsave(3)
      dnorm = dsave(4)
      gd = dsave(11)
      stpmx = dsave(12)
      sbgnrm = dsave(13)
      stp = dsave(14)
      gdold = dsave(15)
      dtd = dsave(16)
      if (task == task_fg .and. msg == msg_fg_lnsrch) then
        phase = at_search
      else if (task == task_new_x) then
        phase = at_new_x
      else if (task == task_fg .and. msg == msg_fg_start) then
        phase = at_first_fg
      else if (task == task_stop) then
        if (msg == msg_stop_cpu) then
          x = t
          g = r
          f = fold
        end if
        phase = at_save
      else
        phase = at_first_fg - 1               ! any other task starts over
      end if
    end if

    if (phase == at_first_fg - 1) then
      task = task_fg
      msg = msg_fg_start
      phase = at_save
    end if

    do
      select case (phase)

      case (at_first_fg)
        ! f0 and g0 are in: converged already?
        nfgv = 1
        sbgnrm = projected_gradient_norm(n, l, u, nbd, x, g)
        if (sbgnrm <= pgtol) then
          task = task_convergence
          msg = msg_conv_grad
          phase = at_save
        else
          phase = at_loop
        end if

      case (at_loop)
        ! one iteration: the Cauchy point, unless unconstrained with memory
        iword = -1
        if (.not. cnstnd .and. col > 0) then
          z = x
          wrk = updatd
          nseg = 0
          phase = at_subspace
          cycle
        end if
        call cauchy_point(n, x, l, u, nbd, g, indx2, iwhere, t, d, z, m, wy, ws, sy, wt, &
                          theta, col, head, wa(1:2*m), wa(2*m + 1:4*m), wa(4*m + 1:6*m), &
                          wa(6*m + 1:8*m), nseg, sbgnrm, info, k)
        if (info /= 0) then
          call refresh()
          cycle
        end if
        nintol = nintol + nseg
        call free_sets(n, nfree, index, nenter, ileave, indx2, iwhere, wrk, updatd, &
                       cnstnd, iter)
        nact = n - nfree
        phase = at_subspace

      case (at_subspace)
        ! subspace minimisation, unless nothing is free or B = theta I
        phase = at_direction
        if (nfree == 0 .or. col == 0) cycle
        if (wrk) call form_k(n, nfree, index, nenter, ileave, indx2, iupdat, updatd, wn, &
                             snd, m, ws, wy, sy, theta, col, head, info, k)
        if (info /= 0) then
          call refresh()
          cycle
        end if
        call reduced_gradient(n, m, x, g, ws, wy, sy, wt, z, r, wa, index, theta, col, &
                              head, nfree, cnstnd, info, k)
        if (info == 0) call subspace_step(n, m, nfree, index, l, u, nbd, z, r, xp, ws, wy, &
                                          theta, x, g, col, head, iword, wa, wn, info, k)
        if (info /= 0) then
          call refresh()
          cycle
        end if

      case (at_direction)
        ! the search direction, then a new line search
        d = z - x
        call search_step(.true.)
        if (phase /= at_search) cycle
        exit

      case (at_search)
        ! f and g at the trial point are in
        call search_step(.false.)
        if (phase /= at_search) cycle
        exit

      case (at_new_x)
        ! the caller has seen the new iterate: tests, then the BFGS update
        if (sbgnrm <= pgtol) then
          task = task_convergence
          msg = msg_conv_grad
          phase = at_save
          cycle
        end if
        ddum = c_fmax(c_fmax(abs(fold), abs(f)), 1.0_dp)
        if (fold - f <= tol * ddum) then
          task = task_convergence
          msg = msg_conv_f
          if (iback >= 10) info = -5
          phase = at_save
          cycle
        end if
        r = g - r
        rr = k%nrm2(n, r, 1_ip)**2
        if (stp == 1.0_dp) then
          dr = gd - gdold
          ddum = -gdold
        else
          dr = (gd - gdold) * stp
          d = stp * d
          ddum = -gdold * stp
        end if
        phase = at_loop
        if (dr <= eps_dp * ddum) then
          ! skip the update: y's is not safely positive
          nskip = nskip + 1
          updatd = .false.
          cycle
        end if
        updatd = .true.
        iupdat = iupdat + 1
        call update_memory(n, m, ws, wy, sy, ss, d, r, itail, iupdat, col, head, theta, rr, &
                           dr, stp, dtd, k)
        call form_t(m, wt, sy, ss, col, theta, info, k)
        if (info /= 0) call refresh()

      case default    ! at_save
        exit
      end select
    end do

    ! save the state
    lsave = [merge(1_ip, 0_ip, prjctd), merge(1_ip, 0_ip, cnstnd), merge(1_ip, 0_ip, boxed), &
             merge(1_ip, 0_ip, updatd)]
    isave(1) = nintol
    isave(4) = iback
    isave(5) = nskip
    isave(6) = head
    isave(7) = col
    isave(8) = itail
    isave(9) = iter
    isave(10) = iupdat
    isave(12) = nseg
    isave(13) = nfgv
    isave(14) = info
    isave(15) = ifun
    isave(16) = iword
    isave(17) = nfree
    isave(18) = nact
    isave(19) = ileave
    isave(20) = nenter
    dsave(1) = theta
    dsave(2) = fold
    dsave(3) = tol
    dsave(4) = dnorm
    dsave(11) = gd
    dsave(12) = stpmx
    dsave(13) = sbgnrm
    dsave(14) = stp
    dsave(15) = gdold
    dsave(16) = dtd

  contains

    ! refresh: forget the limited memory and restart the iteration.
    subroutine refresh()
      info = 0
      col = 0
      head = 0
      theta = 1.0_dp
      iupdat = 0
      updatd = .false.
      phase = at_loop
    end subroutine refresh

    ! search_step: the line search along d (scipy's lnsrlb and what mainlb
    ! does with its answer).  first: a new search.  Sets phase: at_search
    ! (return for f, g), at_save (the end), at_loop (restart), or returns
    ! with task = NEW_X (phase at_save).
    subroutine search_step(first)
      logical, intent(in) :: first
      integer(ip) :: i
      real(dp) :: a1, a2

      if (first) then
        dnorm = k%nrm2(n, d, 1_ip)
        dtd = dnorm**2
        ! the largest step keeping x feasible
        stpmx = 1.0e10_dp
        if (cnstnd) then
          if (iter == 0) then
            stpmx = 1.0_dp
          else
            do i = 1, n
              a1 = d(i)
              if (nbd(i) == 0) cycle
              if (a1 < 0.0_dp .and. nbd(i) <= 2) then
                a2 = l(i) - x(i)
                if (a2 >= 0.0_dp) then
                  stpmx = 0.0_dp
                else if (a1 * stpmx < a2) then
                  stpmx = a2 / a1
                end if
              else if (a1 > 0.0_dp .and. nbd(i) >= 2) then
                a2 = u(i) - x(i)
                if (a2 <= 0.0_dp) then
                  stpmx = 0.0_dp
                else if (a1 * stpmx > a2) then
                  stpmx = a2 / a1
                end if
              end if
            end do
          end if
        end if
        if (iter == 0 .and. .not. boxed) then
          stp = c_fmin(1.0_dp / dnorm, stpmx)
        else
          stp = 1.0_dp
        end if
        t = x
        r = g
        fold = f
        ifun = 0
        iback = 0
        ln_task = task_start
        ln_msg = msg_none
      end if

      gd = k%dot(n, g, 1_ip, d, 1_ip)
      if (ifun == 0) then
        gdold = gd
        if (gd >= 0.0_dp) info = -4          ! not a descent direction
      end if
      if (info == 0) then
        call wolfe_search(f, gd, stp, 1.0e-3_dp, 0.9_dp, 0.1_dp, 0.0_dp, stpmx, ln_task, &
                          ln_msg, isave(22:23), dsave(17:29))
        if (ln_task /= task_convergence .and. ln_task /= task_warning) then
          task = task_fg
          msg = msg_fg_lnsrch
          ifun = ifun + 1
          nfgv = nfgv + 1
          iback = ifun - 1
          if (stp == 1.0_dp) then
            x = z
          else
            do i = 1, n
              x(i) = stp * d(i) + t(i)
              if (nbd(i) == 1 .or. nbd(i) == 2) x(i) = c_fmax(x(i), l(i))
              if (nbd(i) == 2 .or. nbd(i) == 3) x(i) = c_fmin(x(i), u(i))
            end do
          end if
        else
          task = task_new_x
          msg = msg_none
        end if
      end if

      if (info /= 0 .or. iback >= maxls) then
        ! the search failed: back to the last iterate
        x = t
        g = r
        f = fold
        if (col == 0) then
          if (info == 0) then
            info = -9
            nfgv = nfgv - 1
            ifun = ifun - 1
            iback = iback - 1
          end if
          task = task_abnormal
          msg = msg_none
          iter = iter + 1
          phase = at_save
        else
          if (info == 0) nfgv = nfgv - 1
          call refresh()
          task = task_restart
          msg = msg_none
        end if
      else if (task == task_fg .and. msg == msg_fg_lnsrch) then
        phase = at_search
      else
        iter = iter + 1
        sbgnrm = projected_gradient_norm(n, l, u, nbd, x, g)
        phase = at_save
      end if
    end subroutine search_step
  end subroutine lbfgsb_iterate
end module lbfgsb_driver
