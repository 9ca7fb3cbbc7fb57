! Unit tests for minpack_lm (lmdif, lmder, covariance) through the bind(C)
! entry points of minpack_lm_capi.
!
! Problems: the More-Garbow-Hillstrom least-squares test set (J. J. More,
! B. S. Garbow, K. E. Hillstrom, "Testing unconstrained optimization
! software", ACM TOMS 7 (1981) 17-41), written here from their definitions,
! from the standard starting points.  Expected x, info, nfev and njev come
! from scipy 1.17.1 scipy.optimize.leastsq(full_output=True) with default
! options (ftol = xtol = 1.49012e-8, gtol = 0, maxfev = 200*(n+1) without
! Dfun and 100*(n+1) with Dfun, epsfcn = machine eps, factor = 100,
! mode 1); the residuals and Jacobians were evaluated there in the same
! floating-point operation order as below.
module test_lmdif_problems
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_ptr, c_f_pointer
  use scijit_kinds, only: dp
  implicit none
  private
  public :: prob_t, ssq_fcn, ssq_jac, cb_dif, cb_der, problem_name

  !> User data passed through udata: problem number, call counter and an
  !> optional stop request (iflag = stop_flag on call number stop_at).
  type, bind(C) :: prob_t
    integer(c_int) :: nprob = 0
    integer(c_int) :: ncalls = 0
    integer(c_int) :: stop_at = 0
    integer(c_int) :: stop_flag = 0
  end type prob_t

  real(dp), parameter :: y_bard(15) = [1.4e-1_dp, 1.8e-1_dp, 2.2e-1_dp, 2.5e-1_dp, &
      2.9e-1_dp, 3.2e-1_dp, 3.5e-1_dp, 3.9e-1_dp, 3.7e-1_dp, 5.8e-1_dp, 7.3e-1_dp, &
      9.6e-1_dp, 1.34_dp, 2.1_dp, 4.39_dp]
  real(dp), parameter :: v_ko(11) = [4.0_dp, 2.0_dp, 1.0_dp, 5.0e-1_dp, 2.5e-1_dp, &
      1.67e-1_dp, 1.25e-1_dp, 1.0e-1_dp, 8.33e-2_dp, 7.14e-2_dp, 6.25e-2_dp]
  real(dp), parameter :: y_ko(11) = [1.957e-1_dp, 1.947e-1_dp, 1.735e-1_dp, 1.6e-1_dp, &
      8.44e-2_dp, 6.27e-2_dp, 4.56e-2_dp, 3.42e-2_dp, 3.23e-2_dp, 2.35e-2_dp, 2.46e-2_dp]
  real(dp), parameter :: y_meyer(16) = [3.478e4_dp, 2.861e4_dp, 2.365e4_dp, 1.963e4_dp, &
      1.637e4_dp, 1.372e4_dp, 1.154e4_dp, 9.744e3_dp, 8.261e3_dp, 7.03e3_dp, 6.005e3_dp, &
      5.147e3_dp, 4.427e3_dp, 3.82e3_dp, 3.307e3_dp, 2.872e3_dp]
  real(dp), parameter :: y_osb1(33) = [8.44e-1_dp, 9.08e-1_dp, 9.32e-1_dp, 9.36e-1_dp, &
      9.25e-1_dp, 9.08e-1_dp, 8.81e-1_dp, 8.5e-1_dp, 8.18e-1_dp, 7.84e-1_dp, 7.51e-1_dp, &
      7.18e-1_dp, 6.85e-1_dp, 6.58e-1_dp, 6.28e-1_dp, 6.03e-1_dp, 5.8e-1_dp, 5.58e-1_dp, &
      5.38e-1_dp, 5.22e-1_dp, 5.06e-1_dp, 4.9e-1_dp, 4.78e-1_dp, 4.67e-1_dp, 4.57e-1_dp, &
      4.48e-1_dp, 4.38e-1_dp, 4.31e-1_dp, 4.24e-1_dp, 4.2e-1_dp, 4.14e-1_dp, 4.11e-1_dp, &
      4.06e-1_dp]
  real(dp), parameter :: y_osb2(65) = [1.366_dp, 1.191_dp, 1.112_dp, 1.013_dp, 9.91e-1_dp, &
      8.85e-1_dp, 8.31e-1_dp, 8.47e-1_dp, 7.86e-1_dp, 7.25e-1_dp, 7.46e-1_dp, 6.79e-1_dp, &
      6.08e-1_dp, 6.55e-1_dp, 6.16e-1_dp, 6.06e-1_dp, 6.02e-1_dp, 6.26e-1_dp, 6.51e-1_dp, &
      7.24e-1_dp, 6.49e-1_dp, 6.49e-1_dp, 6.94e-1_dp, 6.44e-1_dp, 6.24e-1_dp, 6.61e-1_dp, &
      6.12e-1_dp, 5.58e-1_dp, 5.33e-1_dp, 4.95e-1_dp, 5.0e-1_dp, 4.23e-1_dp, 3.95e-1_dp, &
      3.75e-1_dp, 3.72e-1_dp, 3.91e-1_dp, 3.96e-1_dp, 4.05e-1_dp, 4.28e-1_dp, 4.29e-1_dp, &
      5.23e-1_dp, 5.62e-1_dp, 6.07e-1_dp, 6.53e-1_dp, 6.72e-1_dp, 7.08e-1_dp, 6.33e-1_dp, &
      6.68e-1_dp, 6.45e-1_dp, 6.32e-1_dp, 5.91e-1_dp, 5.59e-1_dp, 5.97e-1_dp, 6.25e-1_dp, &
      7.39e-1_dp, 7.1e-1_dp, 7.29e-1_dp, 7.2e-1_dp, 6.36e-1_dp, 5.81e-1_dp, 4.28e-1_dp, &
      2.92e-1_dp, 1.62e-1_dp, 9.8e-2_dp, 5.4e-2_dp]

  ! The residuals call libm's scalar exp/sin/cos/atan directly (as Python's
  ! math module does), so the compiler cannot replace them by vectorised
  ! variants (libmvec) whose results differ in the last bits.
  interface
    pure function libm_exp(x) result(y) bind(C, name='exp')
      import :: c_double
      real(c_double), value :: x
      real(c_double) :: y
    end function libm_exp
    pure function libm_sin(x) result(y) bind(C, name='sin')
      import :: c_double
      real(c_double), value :: x
      real(c_double) :: y
    end function libm_sin
    pure function libm_cos(x) result(y) bind(C, name='cos')
      import :: c_double
      real(c_double), value :: x
      real(c_double) :: y
    end function libm_cos
    pure function libm_atan(x) result(y) bind(C, name='atan')
      import :: c_double
      real(c_double), value :: x
      real(c_double) :: y
    end function libm_atan
  end interface

contains

  function problem_name(nprob) result(name)
    integer, intent(in) :: nprob
    character(len=24) :: name
    select case (nprob)
    case (1); name = 'linear full rank'
    case (2); name = 'linear rank 1'
    case (3); name = 'linear rank 1 zero c/r'
    case (4); name = 'Rosenbrock'
    case (5); name = 'helical valley'
    case (6); name = 'Powell singular'
    case (7); name = 'Freudenstein-Roth'
    case (8); name = 'Bard'
    case (9); name = 'Kowalik-Osborne'
    case (10); name = 'Meyer'
    case (11); name = 'Watson'
    case (12); name = 'Box 3-D'
    case (13); name = 'Jennrich-Sampson'
    case (14); name = 'Brown-Dennis'
    case (15); name = 'Brown almost-linear'
    case (16); name = 'Osborne 1'
    case (17); name = 'Osborne 2'
    case default; name = '?'
    end select
  end function problem_name

  !> Residuals f(x) of problem nprob.
  subroutine ssq_fcn(nprob, m, n, x, f)
    integer, intent(in) :: nprob, m, n
    real(dp), intent(in) :: x(n)
    real(dp), intent(out) :: f(m)
    integer :: i, j
    real(dp) :: s, t, u, v, w, tpi, th, r, t1, t2, d, div, s1, s2, dx, ti, pr
    real(dp) :: d9, d10, d11, e1, e2, e3, e4

    f = 0.0_dp
    select case (nprob)
    case (1)  ! linear function, full rank
      s = 0.0_dp
      do j = 1, n
        s = s + x(j)
      end do
      t = 2.0_dp*s/real(m, dp) + 1.0_dp
      do i = 1, m
        f(i) = -t
        if (i <= n) f(i) = f(i) + x(i)
      end do
    case (2)  ! linear function, rank 1
      s = 0.0_dp
      do j = 1, n
        s = s + real(j, dp)*x(j)
      end do
      do i = 1, m
        f(i) = real(i, dp)*s - 1.0_dp
      end do
    case (3)  ! linear function, rank 1 with zero columns and rows
      s = 0.0_dp
      do j = 2, n - 1
        s = s + real(j, dp)*x(j)
      end do
      do i = 1, m - 1
        f(i) = real(i - 1, dp)*s - 1.0_dp
      end do
      f(m) = -1.0_dp
    case (4)  ! Rosenbrock
      f(1) = 10.0_dp*(x(2) - x(1)*x(1))
      f(2) = 1.0_dp - x(1)
    case (5)  ! helical valley
      tpi = 8.0_dp*libm_atan(1.0_dp)
      th = sign(0.25_dp, x(2))
      if (x(1) > 0.0_dp) th = libm_atan(x(2)/x(1))/tpi
      if (x(1) < 0.0_dp) th = libm_atan(x(2)/x(1))/tpi + 0.5_dp
      r = sqrt(x(1)*x(1) + x(2)*x(2))
      f(1) = 10.0_dp*(x(3) - 10.0_dp*th)
      f(2) = 10.0_dp*(r - 1.0_dp)
      f(3) = x(3)
    case (6)  ! Powell singular
      t = x(2) - 2.0_dp*x(3)
      u = x(1) - x(4)
      f(1) = x(1) + 10.0_dp*x(2)
      f(2) = sqrt(5.0_dp)*(x(3) - x(4))
      f(3) = t*t
      f(4) = sqrt(10.0_dp)*(u*u)
    case (7)  ! Freudenstein-Roth
      f(1) = -13.0_dp + x(1) + ((5.0_dp - x(2))*x(2) - 2.0_dp)*x(2)
      f(2) = -29.0_dp + x(1) + ((1.0_dp + x(2))*x(2) - 14.0_dp)*x(2)
    case (8)  ! Bard
      do i = 1, 15
        u = real(i, dp)
        v = real(16 - i, dp)
        w = u
        if (i > 8) w = v
        f(i) = y_bard(i) - (x(1) + u/(x(2)*v + x(3)*w))
      end do
    case (9)  ! Kowalik-Osborne
      do i = 1, 11
        t1 = v_ko(i)*(v_ko(i) + x(2))
        t2 = v_ko(i)*(v_ko(i) + x(3)) + x(4)
        f(i) = y_ko(i) - x(1)*t1/t2
      end do
    case (10)  ! Meyer
      do i = 1, 16
        d = 5.0_dp*real(i, dp) + 45.0_dp + x(3)
        f(i) = x(1)*libm_exp(x(2)/d) - y_meyer(i)
      end do
    case (11)  ! Watson
      do i = 1, 29
        div = real(i, dp)/29.0_dp
        s1 = 0.0_dp
        dx = 1.0_dp
        do j = 2, n
          s1 = s1 + real(j - 1, dp)*dx*x(j)
          dx = div*dx
        end do
        s2 = 0.0_dp
        dx = 1.0_dp
        do j = 1, n
          s2 = s2 + dx*x(j)
          dx = div*dx
        end do
        f(i) = s1 - s2*s2 - 1.0_dp
      end do
      f(30) = x(1)
      f(31) = x(2) - x(1)*x(1) - 1.0_dp
    case (12)  ! Box 3-D
      do i = 1, m
        ti = real(i, dp)
        t = ti/10.0_dp
        f(i) = libm_exp(-t*x(1)) - libm_exp(-t*x(2)) + (libm_exp(-ti) - libm_exp(-t))*x(3)
      end do
    case (13)  ! Jennrich-Sampson
      do i = 1, m
        ti = real(i, dp)
        f(i) = 2.0_dp + 2.0_dp*ti - libm_exp(ti*x(1)) - libm_exp(ti*x(2))
      end do
    case (14)  ! Brown-Dennis
      do i = 1, m
        t = real(i, dp)/5.0_dp
        t1 = x(1) + t*x(2) - libm_exp(t)
        t2 = x(3) + libm_sin(t)*x(4) - libm_cos(t)
        f(i) = t1*t1 + t2*t2
      end do
    case (15)  ! Brown almost-linear
      s = -real(n + 1, dp)
      pr = 1.0_dp
      do j = 1, n
        s = s + x(j)
        pr = x(j)*pr
      end do
      do i = 1, n - 1
        f(i) = x(i) + s
      end do
      f(n) = pr - 1.0_dp
    case (16)  ! Osborne 1
      do i = 1, 33
        t = 10.0_dp*real(i - 1, dp)
        f(i) = y_osb1(i) - (x(1) + x(2)*libm_exp(-x(4)*t) + x(3)*libm_exp(-x(5)*t))
      end do
    case (17)  ! Osborne 2
      do i = 1, 65
        t = real(i - 1, dp)/10.0_dp
        d9 = t - x(9)
        d10 = t - x(10)
        d11 = t - x(11)
        e1 = libm_exp(-x(5)*t)
        e2 = libm_exp(-x(6)*(d9*d9))
        e3 = libm_exp(-x(7)*(d10*d10))
        e4 = libm_exp(-x(8)*(d11*d11))
        f(i) = y_osb2(i) - (x(1)*e1 + x(2)*e2 + x(3)*e3 + x(4)*e4)
      end do
    end select
  end subroutine ssq_fcn

  !> Jacobian fjac(i,j) = d f_i / d x_j of problem nprob (rows 1..m).
  subroutine ssq_jac(nprob, m, n, x, fjac, ldfjac)
    integer, intent(in) :: nprob, m, n, ldfjac
    real(dp), intent(in) :: x(n)
    real(dp), intent(inout) :: fjac(ldfjac, n)
    integer :: i, j, k
    real(dp) :: t, u, v, w, tpi, r2, tr, r, s5, s10, d, d2, t1, t2, t22, e, div, s2, dx
    real(dp) :: pjm, pj, ti, st, pr, d9, d10, d11, e1, e2, e3, e4

    fjac(1:m, 1:n) = 0.0_dp
    select case (nprob)
    case (1)
      t = 2.0_dp/real(m, dp)
      do j = 1, n
        do i = 1, m
          fjac(i, j) = -t
          if (i == j) fjac(i, j) = 1.0_dp - t
        end do
      end do
    case (2)
      do j = 1, n
        do i = 1, m
          fjac(i, j) = real(i*j, dp)
        end do
      end do
    case (3)
      do j = 2, n - 1
        do i = 2, m - 1
          fjac(i, j) = real((i - 1)*j, dp)
        end do
      end do
    case (4)
      fjac(1, 1) = -20.0_dp*x(1)
      fjac(1, 2) = 10.0_dp
      fjac(2, 1) = -1.0_dp
    case (5)
      tpi = 8.0_dp*libm_atan(1.0_dp)
      r2 = x(1)*x(1) + x(2)*x(2)
      tr = tpi*r2
      r = sqrt(r2)
      fjac(1, 1) = 100.0_dp*x(2)/tr
      fjac(1, 2) = -100.0_dp*x(1)/tr
      fjac(1, 3) = 10.0_dp
      fjac(2, 1) = 10.0_dp*x(1)/r
      fjac(2, 2) = 10.0_dp*x(2)/r
      fjac(3, 3) = 1.0_dp
    case (6)
      t = x(2) - 2.0_dp*x(3)
      u = x(1) - x(4)
      s5 = sqrt(5.0_dp)
      s10 = sqrt(10.0_dp)
      fjac(1, 1) = 1.0_dp
      fjac(1, 2) = 10.0_dp
      fjac(2, 3) = s5
      fjac(2, 4) = -s5
      fjac(3, 2) = 2.0_dp*t
      fjac(3, 3) = -4.0_dp*t
      fjac(4, 1) = 2.0_dp*s10*u
      fjac(4, 4) = -2.0_dp*s10*u
    case (7)
      fjac(1, 1) = 1.0_dp
      fjac(1, 2) = (10.0_dp - 3.0_dp*x(2))*x(2) - 2.0_dp
      fjac(2, 1) = 1.0_dp
      fjac(2, 2) = (2.0_dp + 3.0_dp*x(2))*x(2) - 14.0_dp
    case (8)
      do i = 1, 15
        u = real(i, dp)
        v = real(16 - i, dp)
        w = u
        if (i > 8) w = v
        d = x(2)*v + x(3)*w
        d2 = d*d
        fjac(i, 1) = -1.0_dp
        fjac(i, 2) = u*v/d2
        fjac(i, 3) = u*w/d2
      end do
    case (9)
      do i = 1, 11
        v = v_ko(i)
        t1 = v*(v + x(2))
        t2 = v*(v + x(3)) + x(4)
        t22 = t2*t2
        fjac(i, 1) = -t1/t2
        fjac(i, 2) = -v*x(1)/t2
        fjac(i, 3) = x(1)*t1*v/t22
        fjac(i, 4) = x(1)*t1/t22
      end do
    case (10)
      do i = 1, 16
        d = 5.0_dp*real(i, dp) + 45.0_dp + x(3)
        e = libm_exp(x(2)/d)
        fjac(i, 1) = e
        fjac(i, 2) = x(1)*e/d
        fjac(i, 3) = -x(1)*e*x(2)/(d*d)
      end do
    case (11)
      do i = 1, 29
        div = real(i, dp)/29.0_dp
        s2 = 0.0_dp
        dx = 1.0_dp
        do j = 1, n
          s2 = s2 + dx*x(j)
          dx = div*dx
        end do
        pjm = 0.0_dp
        pj = 1.0_dp
        do j = 1, n
          fjac(i, j) = real(j - 1, dp)*pjm - 2.0_dp*s2*pj
          pjm = pj
          pj = div*pj
        end do
      end do
      fjac(30, 1) = 1.0_dp
      fjac(31, 1) = -2.0_dp*x(1)
      fjac(31, 2) = 1.0_dp
    case (12)
      do i = 1, m
        ti = real(i, dp)
        t = ti/10.0_dp
        fjac(i, 1) = -t*libm_exp(-t*x(1))
        fjac(i, 2) = t*libm_exp(-t*x(2))
        fjac(i, 3) = libm_exp(-ti) - libm_exp(-t)
      end do
    case (13)
      do i = 1, m
        ti = real(i, dp)
        fjac(i, 1) = -ti*libm_exp(ti*x(1))
        fjac(i, 2) = -ti*libm_exp(ti*x(2))
      end do
    case (14)
      do i = 1, m
        t = real(i, dp)/5.0_dp
        st = libm_sin(t)
        t1 = x(1) + t*x(2) - libm_exp(t)
        t2 = x(3) + st*x(4) - libm_cos(t)
        fjac(i, 1) = 2.0_dp*t1
        fjac(i, 2) = 2.0_dp*t1*t
        fjac(i, 3) = 2.0_dp*t2
        fjac(i, 4) = 2.0_dp*t2*st
      end do
    case (15)
      do i = 1, n - 1
        do j = 1, n
          fjac(i, j) = 1.0_dp
        end do
        fjac(i, i) = 2.0_dp
      end do
      do j = 1, n
        pr = 1.0_dp
        do k = 1, n
          if (k /= j) pr = x(k)*pr
        end do
        fjac(n, j) = pr
      end do
    case (16)
      do i = 1, 33
        t = 10.0_dp*real(i - 1, dp)
        e1 = libm_exp(-x(4)*t)
        e2 = libm_exp(-x(5)*t)
        fjac(i, 1) = -1.0_dp
        fjac(i, 2) = -e1
        fjac(i, 3) = -e2
        fjac(i, 4) = t*x(2)*e1
        fjac(i, 5) = t*x(3)*e2
      end do
    case (17)
      do i = 1, 65
        t = real(i - 1, dp)/10.0_dp
        d9 = t - x(9)
        d10 = t - x(10)
        d11 = t - x(11)
        e1 = libm_exp(-x(5)*t)
        e2 = libm_exp(-x(6)*(d9*d9))
        e3 = libm_exp(-x(7)*(d10*d10))
        e4 = libm_exp(-x(8)*(d11*d11))
        fjac(i, 1) = -e1
        fjac(i, 2) = -e2
        fjac(i, 3) = -e3
        fjac(i, 4) = -e4
        fjac(i, 5) = t*x(1)*e1
        fjac(i, 6) = (d9*d9)*x(2)*e2
        fjac(i, 7) = (d10*d10)*x(3)*e3
        fjac(i, 8) = (d11*d11)*x(4)*e4
        fjac(i, 9) = -2.0_dp*x(6)*d9*x(2)*e2
        fjac(i, 10) = -2.0_dp*x(7)*d10*x(3)*e3
        fjac(i, 11) = -2.0_dp*x(8)*d11*x(4)*e4
      end do
    end select
  end subroutine ssq_jac

  !> lmdif callback: udata points to a prob_t.
  subroutine cb_dif(m, n, x, fvec, iflag, udata) bind(C)
    integer(c_int), value :: m, n
    real(c_double), intent(in) :: x(n)
    real(c_double), intent(inout) :: fvec(m)
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    type(prob_t), pointer :: p

    call c_f_pointer(udata, p)
    p%ncalls = p%ncalls + 1
    if (p%ncalls == p%stop_at) then
      iflag = p%stop_flag
      return
    end if
    call ssq_fcn(p%nprob, m, n, x, fvec)
  end subroutine cb_dif

  !> lmder callback: iflag = 1 residuals, iflag = 2 Jacobian.
  subroutine cb_der(m, n, x, fvec, fjac, ldfjac, iflag, udata) bind(C)
    integer(c_int), value :: m, n, ldfjac
    real(c_double), intent(in) :: x(n)
    real(c_double), intent(inout) :: fvec(m)
    real(c_double), intent(inout) :: fjac(ldfjac, n)
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    type(prob_t), pointer :: p

    call c_f_pointer(udata, p)
    p%ncalls = p%ncalls + 1
    if (p%ncalls == p%stop_at) then
      iflag = p%stop_flag
      return
    end if
    if (iflag == 1) then
      call ssq_fcn(p%nprob, m, n, x, fvec)
    else if (iflag == 2) then
      call ssq_jac(p%nprob, m, n, x, fjac, ldfjac)
    end if
  end subroutine cb_der

end module test_lmdif_problems

program test_lmdif
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_loc
  use, intrinsic :: ieee_arithmetic, only: ieee_value, ieee_quiet_nan, ieee_is_finite
  use scijit_kinds, only: dp, scijit_size_error
  use minpack_lm_capi, only: scijit_minpack_lmdif, scijit_minpack_lmder, &
                             scijit_minpack_lm_covariance
  use test_lmdif_problems, only: prob_t, cb_dif, cb_der, problem_name
  implicit none

  integer, parameter :: mmax = 65, nmax = 11, ldmax = mmax + 2
  ! scipy.optimize.leastsq defaults
  real(dp), parameter :: def_ftol = 1.49012e-8_dp, def_xtol = 1.49012e-8_dp
  real(dp), parameter :: def_gtol = 0.0_dp, def_factor = 100.0_dp
  real(dp), parameter :: def_epsfcn = epsilon(1.0_dp)
  real(dp), parameter :: x_rtol = 1.0e-10_dp, cov_rtol = 1.0e-12_dp

  integer :: npass = 0, nfail = 0
  real(dp) :: nan

  nan = ieee_value(1.0_dp, ieee_quiet_nan)

  ! ---------------- MGH problems, lmdif and lmder, scipy defaults ----------
    ! --- generated from scipy 1.17.1 (scipy.optimize.leastsq, defaults) ---
    call check_case(1, 0, 10, 5, &
        [1.0_dp, 1.0_dp, 1.0_dp, 1.0_dp, 1.0_dp], &
        [-1.0000000298023195_dp, -1.0000000298023204_dp, &
        -1.0000000298023202_dp, -1.0000000298023204_dp, -0.99999995529652_dp], &
        1, 13, 0)
    call check_case(1, 1, 10, 5, &
        [1.0_dp, 1.0_dp, 1.0_dp, 1.0_dp, 1.0_dp], &
        [-1.0_dp, -1.0000000000000004_dp, -1.0_dp, -1.0000000000000004_dp, &
        -1.0_dp], &
        3, 3, 2)
    call check_case(2, 0, 10, 5, &
        [1.0_dp, 1.0_dp, 1.0_dp, 1.0_dp, 1.0_dp], &
        [-167.79681802396928_dp, -83.39840901198468_dp, 221.11004307957813_dp, &
        -41.19920450599233_dp, -32.759363604793855_dp], &
        1, 13, 0)
    call check_case(2, 1, 10, 5, &
        [1.0_dp, 1.0_dp, 1.0_dp, 1.0_dp, 1.0_dp], &
        [-167.79681802396928_dp, -83.39840901198468_dp, 221.11004307957813_dp, &
        -41.19920450599233_dp, -32.759363604793855_dp], &
        1, 3, 2)
    call check_case(3, 0, 10, 5, &
        [1.0_dp, 1.0_dp, 1.0_dp, 1.0_dp, 1.0_dp], &
        [1.0_dp, -210.3615324224772_dp, 32.120420811321296_dp, &
        81.13456824980642_dp, 1.0_dp], &
        1, 13, 0)
    call check_case(3, 1, 10, 5, &
        [1.0_dp, 1.0_dp, 1.0_dp, 1.0_dp, 1.0_dp], &
        [1.0_dp, -210.3615324224772_dp, 32.120420811321296_dp, &
        81.13456824980642_dp, 1.0_dp], &
        1, 3, 2)
    call check_case(4, 0, 2, 2, &
        [-1.2_dp, 1.0_dp], &
        [1.0_dp, 1.0_dp], &
        2, 54, 0)
    call check_case(4, 1, 2, 2, &
        [-1.2_dp, 1.0_dp], &
        [1.0_dp, 1.0_dp], &
        4, 21, 16)
    call check_case(5, 0, 3, 3, &
        [-1.0_dp, 0.0_dp, 0.0_dp], &
        [1.0_dp, -5.4423463319671024e-18_dp, 0.0_dp], &
        2, 35, 0)
    call check_case(5, 1, 3, 3, &
        [-1.0_dp, 0.0_dp, 0.0_dp], &
        [1.0_dp, -6.243301596789443e-18_dp, 0.0_dp], &
        2, 11, 8)
    call check_case(6, 0, 4, 4, &
        [3.0_dp, -1.0_dp, 0.0_dp, 1.0_dp], &
        [5.263054387860989e-11_dp, -5.263054387860989e-12_dp, &
        2.4659816305822314e-11_dp, 2.4659816305822314e-11_dp], &
        5, 1001, 0)
    call check_case(6, 1, 4, 4, &
        [3.0_dp, -1.0_dp, 0.0_dp, 1.0_dp], &
        [1.6521175961683935e-17_dp, -1.6521175961683934e-18_dp, &
        2.6433881538694683e-18_dp, 2.6433881538694683e-18_dp], &
        8, 59, 58)
    call check_case(7, 0, 2, 2, &
        [0.5_dp, -2.0_dp], &
        [11.412484458440325_dp, -0.8968279141291072_dp], &
        1, 30, 0)
    call check_case(7, 1, 2, 2, &
        [0.5_dp, -2.0_dp], &
        [11.412484465499368_dp, -0.8968279137315035_dp], &
        1, 14, 8)
    call check_case(8, 0, 15, 3, &
        [1.0_dp, 1.0_dp, 1.0_dp], &
        [0.0824105772024122_dp, 1.1330366770627258_dp, 2.3436946161193224_dp], &
        1, 21, 0)
    call check_case(8, 1, 15, 3, &
        [1.0_dp, 1.0_dp, 1.0_dp], &
        [0.0824105765758334_dp, 1.1330366534715044_dp, 2.343694638941154_dp], &
        1, 6, 5)
    call check_case(9, 0, 11, 4, &
        [0.25_dp, 0.39_dp, 0.415_dp, 0.39_dp], &
        [0.19280780515883233_dp, 0.19126276450455576_dp, &
        0.12305281913116596_dp, 0.13605327252119123_dp], &
        1, 82, 0)
    call check_case(9, 1, 11, 4, &
        [0.25_dp, 0.39_dp, 0.415_dp, 0.39_dp], &
        [0.19280781047624931_dp, 0.19126265335407047_dp, &
        0.12305280104693071_dp, 0.13605322115051652_dp], &
        1, 18, 16)
    call check_case(10, 0, 16, 3, &
        [0.02_dp, 4000.0_dp, 250.0_dp], &
        [0.005609635889221809_dp, 6181.346432789038_dp, 345.22363753714944_dp], &
        2, 474, 0)
    call check_case(10, 1, 16, 3, &
        [0.02_dp, 4000.0_dp, 250.0_dp], &
        [0.005609636476948012_dp, 6181.346345409383_dp, 345.2236345945465_dp], &
        3, 126, 116)
    call check_case(11, 0, 31, 6, &
        [0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp], &
        [-1.389015072214595e-24_dp, 1.0136384169715786_dp, &
        -0.24430337706789995_dp, 1.3737707377646537_dp, &
        -1.6856393426111844_dp, 1.0980969814573043_dp], &
        1, 50, 0)
    call check_case(11, 1, 31, 6, &
        [0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp], &
        [-0.01572496150837796_dp, 1.0124348823296543_dp, &
        -0.23299172238767055_dp, 1.2604310110281751_dp, &
        -1.5137303139441944_dp, 0.9929972729184157_dp], &
        1, 8, 7)
    call check_case(12, 0, 10, 3, &
        [0.0_dp, 10.0_dp, 20.0_dp], &
        [1.0000000000000002_dp, 9.999999999999996_dp, 0.9999999999999999_dp], &
        2, 25, 0)
    call check_case(12, 1, 10, 3, &
        [0.0_dp, 10.0_dp, 20.0_dp], &
        [0.9999999999999999_dp, 10.000000000000002_dp, 1.0000000000000002_dp], &
        2, 7, 6)
    call check_case(13, 0, 10, 2, &
        [0.3_dp, 0.4_dp], &
        [0.2578199268103105_dp, 0.25782997619265285_dp], &
        1, 45, 0)
    call check_case(13, 1, 10, 2, &
        [0.3_dp, 0.4_dp], &
        [0.2578199266367936_dp, 0.2578299767645596_dp], &
        1, 21, 12)
    call check_case(14, 0, 20, 4, &
        [25.0_dp, 5.0_dp, -5.0_dp, -1.0_dp], &
        [-11.57378624212621_dp, 13.196252268271921_dp, -0.4070916485534307_dp, &
        0.23391777389460175_dp], &
        5, 1001, 0)
    call check_case(14, 1, 20, 4, &
        [25.0_dp, 5.0_dp, -5.0_dp, -1.0_dp], &
        [-11.591255158221143_dp, 13.202489740589076_dp, &
        -0.4035744937784635_dp, 0.23673631121950858_dp], &
        1, 254, 236)
    call check_case(15, 0, 10, 10, &
        [0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, &
        0.5_dp, 0.5_dp], &
        [-0.054691279900815126_dp, -0.054691279900814245_dp, &
        -0.05469127990081792_dp, -0.05469127990081825_dp, &
        -0.05469127990081792_dp, -0.05469127990081825_dp, &
        -0.05469127990081792_dp, -0.05469127990081792_dp, &
        -0.05469127990081391_dp, 11.546912799007323_dp], &
        1, 57, 0)
    call check_case(15, 1, 10, 10, &
        [0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, &
        0.5_dp, 0.5_dp], &
        [0.9794303033498593_dp, 0.9794303033498593_dp, 0.9794303033498593_dp, &
        0.9794303033498593_dp, 0.9794303033498593_dp, 0.9794303033498593_dp, &
        0.9794303033498593_dp, 0.9794303033498593_dp, 0.9794303033498593_dp, &
        1.2056969665014101_dp], &
        2, 14, 12)
    call check_case(16, 0, 33, 5, &
        [0.5_dp, 1.5_dp, -1.0_dp, 0.01_dp, 0.02_dp], &
        [0.37541005496259133_dp, 1.9358472083435716_dp, -1.464687434731325_dp, &
        0.012867535256502914_dp, 0.02212269850019181_dp], &
        1, 93, 0)
    call check_case(16, 1, 33, 5, &
        [0.5_dp, 1.5_dp, -1.0_dp, 0.01_dp, 0.02_dp], &
        [0.3754100492440255_dp, 1.9358465454311276_dp, -1.464686767487207_dp, &
        0.01286753391104401_dp, 0.022122701181307367_dp], &
        1, 18, 15)
    call check_case(17, 0, 65, 11, &
        [1.3_dp, 0.65_dp, 0.65_dp, 0.7_dp, 0.6_dp, 3.0_dp, 5.0_dp, 7.0_dp, &
        2.0_dp, 4.5_dp, 5.5_dp], &
        [1.3099766391930405_dp, 0.431552484247564_dp, 0.6336612631664494_dp, &
        0.5994285685065119_dp, 0.7541797786973211_dp, 0.904300039946184_dp, &
        1.3657995419871665_dp, 4.823731910081161_dp, 2.3986847532026165_dp, &
        4.568875545554703_dp, 5.675342060275103_dp], &
        1, 148, 0)
    call check_case(17, 1, 65, 11, &
        [1.3_dp, 0.65_dp, 0.65_dp, 0.7_dp, 0.6_dp, 3.0_dp, 5.0_dp, 7.0_dp, &
        2.0_dp, 4.5_dp, 5.5_dp], &
        [1.3099766381009625_dp, 0.4315524807599997_dp, 0.6336612616028594_dp, &
        0.5994285609916951_dp, 0.7541797682724488_dp, 0.9043000823785183_dp, &
        1.365799495210074_dp, 4.823731997481072_dp, 2.3986847510487106_dp, &
        4.568875547914517_dp, 5.67534206273052_dp], &
        1, 16, 12)

  ! ---------------- non-default options (diag/mode 2, epsfcn, factor, tolerances)
    call check_case(8, 0, 15, 3, &
        [1.0_dp, 1.0_dp, 1.0_dp], &
        [0.0824105772024122_dp, 1.1330366770627258_dp, 2.3436946161193224_dp], &
        1, 21, 0, diag=[1.0_dp, 0.5_dp, 2.0_dp])
    call check_case(12, 0, 10, 3, &
        [0.0_dp, 10.0_dp, 20.0_dp], &
        [1.000000000000003_dp, 9.999999999999988_dp, 0.9999999999999993_dp], &
        2, 25, 0, epsfcn=1.0e-10_dp)
    call check_case(9, 1, 11, 4, &
        [0.25_dp, 0.39_dp, 0.415_dp, 0.39_dp], &
        [0.19280694295663378_dp, 0.19128214056681433_dp, &
        0.12305647149139456_dp, 0.1360622435605633_dp], &
        1, 28, 26, factor=1.0_dp, ftol=1.0e-12_dp, xtol=1.0e-12_dp)
    call check_case(4, 1, 2, 2, &
        [-1.2_dp, 1.0_dp], &
        [1.0_dp, 1.0_dp], &
        4, 21, 16, gtol=1.0e-06_dp)
    call check_case(16, 1, 33, 5, &
        [0.5_dp, 1.5_dp, -1.0_dp, 0.01_dp, 0.02_dp], &
        [0.3754100521644784_dp, 1.9358469200105644_dp, -1.4646871439493965_dp, &
        0.012867534654579696_dp, 0.02212269963153613_dp], &
        1, 7, 6, diag=[1.0_dp, 1.0_dp, 1.0_dp, 100.0_dp, 100.0_dp], factor=0.1_dp)

  ! ---------------- user stop, NaN start, improper input ----------------
  call check_stop(0, 1, -1)     ! stop at the first call
  call check_stop(0, 5, -3)     ! stop inside the iteration
  call check_stop(1, 2, -7)     ! lmder: stop at the first Jacobian call
  call check_stop(1, 9, -2)
  call check_nan_start(0, 4, 3, 0)  ! scipy: info 4, nfev 3
  call check_nan_start(1, 4, 1, 1)  ! scipy: info 4, nfev 1, njev 1
  call check_improper()

  ! ---------------- covariance (scipy's cov_x) ----------------
    call check_cov(4, 0, 2, 2, &
        [-1.2_dp, 1.0_dp], &
        [0.9999999999999996_dp, 2.0000000149371404_dp, 2.0000000149371404_dp, &
        4.010000059748925_dp])
    call check_cov(8, 0, 15, 3, &
        [1.0_dp, 1.0_dp, 1.0_dp], &
        [0.22367256136755798_dp, 4.192307871719448_dp, -3.880756616681485_dp, &
        4.192307871719448_dp, 138.49412261921373_dp, -132.9148766464235_dp, &
        -3.880756616681485_dp, -132.9148766464235_dp, 128.23652466998382_dp])
    call check_cov(9, 1, 11, 4, &
        [0.25_dp, 0.39_dp, 0.415_dp, 0.39_dp], &
        [2.97697816594509_dp, -38.044679832929674_dp, 1.8630226890107255_dp, &
        -17.89859740195702_dp, -38.044679832929674_dp, 877.6839508862982_dp, &
        189.71583660304816_dp, 397.99334564708863_dp, 1.8630226890107255_dp, &
        189.71583660304816_dp, 148.7986679793019_dp, 72.98057909905579_dp, &
        -17.89859740195702_dp, 397.99334564708863_dp, 72.98057909905579_dp, &
        184.53020413176213_dp])
    call check_cov_singular(3, 1, 10, 5, &
        [1.0_dp, 1.0_dp, 1.0_dp, 1.0_dp, 1.0_dp], 4)
    call check_cov_singular(2, 1, 10, 5, &
        [1.0_dp, 1.0_dp, 1.0_dp, 1.0_dp, 1.0_dp], 3)
  call check_cov_bad_input()

  write (*, '(i0, a, i0, a)') npass, ' passed, ', nfail, ' failed'
  if (nfail > 0) error stop 1

contains

  subroutine report(ok, line)
    logical, intent(in) :: ok
    character(len=*), intent(in) :: line
    if (ok) then
      npass = npass + 1
      write (*, '(a)') 'PASS  ' // line
    else
      nfail = nfail + 1
      write (*, '(a)') 'FAIL  ' // line
    end if
  end subroutine report

  !> Run lmdif (der = 0) or lmder (der = 1) through the C entry points.
  !> lmder uses ldfjac = m + 2 to exercise the leading dimension.
  subroutine run_lm(nprob, der, m, n, x0, x, fjac, ldfjac, ipvt, info, nfev, njev, p, &
                    diag_in, epsfcn, factor, ftol, xtol, gtol, maxfev_in)
    integer, intent(in) :: nprob, der, m, n
    real(dp), intent(in) :: x0(n)
    real(dp), intent(out) :: x(nmax), fjac(ldmax*nmax)
    integer(c_int), intent(out) :: ldfjac, ipvt(nmax), info, nfev, njev
    type(prob_t), intent(inout), target :: p
    real(dp), intent(in), optional :: diag_in(n), epsfcn, factor, ftol, xtol, gtol
    integer, intent(in), optional :: maxfev_in
    real(dp) :: fvec(mmax), diag(nmax), qtf(nmax), wa(3*nmax + mmax)
    real(dp) :: eps, fac, ft, xt, gt
    integer(c_int) :: mode, maxfev

    eps = def_epsfcn; fac = def_factor; ft = def_ftol; xt = def_xtol; gt = def_gtol
    if (present(epsfcn)) eps = epsfcn
    if (present(factor)) fac = factor
    if (present(ftol)) ft = ftol
    if (present(xtol)) xt = xtol
    if (present(gtol)) gt = gtol
    mode = 1
    diag = 0.0_dp
    if (present(diag_in)) then
      mode = 2
      diag(1:n) = diag_in
    end if
    x = 0.0_dp
    x(1:n) = x0
    fjac = 0.0_dp
    p%nprob = nprob
    p%ncalls = 0
    njev = 0
    if (der == 0) then
      maxfev = 200*(n + 1)
      if (present(maxfev_in)) maxfev = maxfev_in
      ldfjac = m
      call scijit_minpack_lmdif(cb_dif, m, n, x, fvec, ft, xt, gt, maxfev, eps, diag, &
                                mode, fac, fjac, ldfjac, ipvt, qtf, wa, size(wa), info, nfev, c_loc(p))
    else
      maxfev = 100*(n + 1)
      if (present(maxfev_in)) maxfev = maxfev_in
      ldfjac = m + 2
      call scijit_minpack_lmder(cb_der, m, n, x, fvec, fjac, ldfjac, ft, xt, gt, maxfev, &
                                diag, mode, fac, ipvt, qtf, wa, size(wa), info, nfev, njev, c_loc(p))
    end if
  end subroutine run_lm

  character(len=5) function method(der)
    integer, intent(in) :: der
    method = 'lmdif'
    if (der == 1) method = 'lmder'
  end function method

  !> One MGH case against scipy: x to x_rtol (relative, per component),
  !> info, nfev and njev exactly.
  subroutine check_case(nprob, der, m, n, x0, xref, inforef, nfevref, njevref, &
                        diag, epsfcn, factor, ftol, xtol, gtol)
    integer, intent(in) :: nprob, der, m, n, inforef, nfevref, njevref
    real(dp), intent(in) :: x0(:), xref(:)
    real(dp), intent(in), optional :: diag(:), epsfcn, factor, ftol, xtol, gtol
    real(dp) :: x(nmax), fjac(ldmax*nmax), err, ulps
    integer(c_int) :: ldfjac, ipvt(nmax), info, nfev, njev
    type(prob_t), target :: p
    character(len=200) :: line
    integer :: j
    logical :: ok

    call run_lm(nprob, der, m, n, x0, x, fjac, ldfjac, ipvt, info, nfev, njev, p, &
                diag, epsfcn, factor, ftol, xtol, gtol)
    err = 0.0_dp
    ulps = 0.0_dp
    ok = .true.
    do j = 1, n
      if (abs(x(j) - xref(j)) > x_rtol*abs(xref(j))) ok = .false.
      if (xref(j) /= 0.0_dp) err = max(err, abs(x(j) - xref(j))/abs(xref(j)))
      ulps = max(ulps, abs(x(j) - xref(j))/spacing(xref(j)))
    end do
    ok = ok .and. info == inforef .and. nfev == nfevref .and. njev == njevref
    write (line, '(a, 1x, a, " m=", i0, " n=", i0, "  info=", i0, " (", i0, ")  nfev=", i0, &
          & " (", i0, ")  njev=", i0, " (", i0, ")  x rel.err ", es8.1, " = ", f0.0, " ulp")') &
        method(der), trim(problem_name(nprob)), m, n, info, inforef, nfev, nfevref, njev, &
        njevref, err, ulps
    if (present(diag) .or. present(epsfcn) .or. present(factor) .or. present(ftol) .or. &
        present(xtol) .or. present(gtol)) line = trim(line) // '  [options]'
    call report(ok, trim(line))
  end subroutine check_case

  !> fcn sets iflag = flag on its k-th call: info must be flag, and fcn
  !> must not be called again.  Rosenbrock.
  subroutine check_stop(der, k, flag)
    integer, intent(in) :: der, k, flag
    real(dp) :: x(nmax), fjac(ldmax*nmax)
    integer(c_int) :: ldfjac, ipvt(nmax), info, nfev, njev
    type(prob_t), target :: p
    character(len=200) :: line
    logical :: ok

    p%stop_at = k
    p%stop_flag = flag
    call run_lm(4, der, 2, 2, [-1.2_dp, 1.0_dp], x, fjac, ldfjac, ipvt, info, nfev, njev, p)
    ok = info == flag .and. p%ncalls == k .and. all(ieee_is_finite(x(1:2)))
    write (line, '(a, " user stop: iflag=", i0, " on call ", i0, "  info=", i0, "  calls=", i0)') &
        method(der), flag, k, info, p%ncalls
    call report(ok, trim(line))
  end subroutine check_stop

  !> NaN starting point: must terminate; scipy gives info 4 (the NaN
  !> gradient norm is ignored by fmax) after nfev/njev as given.
  subroutine check_nan_start(der, inforef, nfevref, njevref)
    integer, intent(in) :: der, inforef, nfevref, njevref
    real(dp) :: x(nmax), fjac(ldmax*nmax)
    integer(c_int) :: ldfjac, ipvt(nmax), info, nfev, njev
    type(prob_t), target :: p
    character(len=200) :: line
    logical :: ok

    call run_lm(4, der, 2, 2, [nan, 1.0_dp], x, fjac, ldfjac, ipvt, info, nfev, njev, p)
    ok = info == inforef .and. nfev == nfevref .and. njev == njevref
    write (line, '(a, " NaN start: info=", i0, " (", i0, ")  nfev=", i0, " (", i0, ")  njev=", &
          & i0, " (", i0, ")")') method(der), info, inforef, nfev, nfevref, njev, njevref
    call report(ok, trim(line))
  end subroutine check_nan_start

  !> Improper input: info = 0 (ldfjac < m: scijit_size_error), nfev = njev = 0,
  !> fcn never called.
  subroutine check_improper()
    call improper('n <= 0', 0, 2, 0, 2)
    call improper('m < n', 0, 1, 2, 1)
    call improper('ldfjac < m', 0, 2, 2, 1)
    call improper('ftol < 0', 0, 2, 2, 2, ftol=-1.0_dp)
    call improper('xtol < 0', 0, 2, 2, 2, xtol=-1.0e-8_dp)
    call improper('gtol < 0', 0, 2, 2, 2, gtol=-1.0_dp)
    call improper('maxfev <= 0', 0, 2, 2, 2, maxfev=0)
    call improper('factor <= 0', 0, 2, 2, 2, factor=0.0_dp)
    call improper('mode=2, diag <= 0', 0, 2, 2, 2, diag=[1.0_dp, 0.0_dp])
    call improper('n <= 0', 1, 2, -1, 2)
    call improper('ldfjac < m', 1, 3, 2, 2)
    call improper('maxfev <= 0', 1, 2, 2, 2, maxfev=-5)
    call improper('factor <= 0', 1, 2, 2, 2, factor=-1.0_dp)
    call improper('mode=2, diag <= 0', 1, 2, 2, 2, diag=[-1.0_dp, 1.0_dp])
  end subroutine check_improper

  subroutine improper(what, der, m, n, ldfjac, ftol, xtol, gtol, maxfev, factor, diag)
    character(len=*), intent(in) :: what
    integer, intent(in) :: der, m, n, ldfjac
    real(dp), intent(in), optional :: ftol, xtol, gtol, factor, diag(2)
    integer, intent(in), optional :: maxfev
    real(dp) :: x(nmax), fvec(mmax), dg(nmax), fjac(ldmax*nmax), qtf(nmax)
    real(dp) :: wa(3*nmax + mmax), ft, xt, gt, fac
    integer(c_int) :: ipvt(nmax), info, nfev, njev, mode, mf
    type(prob_t), target :: p
    character(len=200) :: line

    ft = def_ftol; xt = def_xtol; gt = def_gtol; fac = def_factor; mf = 600
    if (present(ftol)) ft = ftol
    if (present(xtol)) xt = xtol
    if (present(gtol)) gt = gtol
    if (present(factor)) fac = factor
    if (present(maxfev)) mf = maxfev
    mode = 1
    dg = 1.0_dp
    if (present(diag)) then
      mode = 2
      dg(1:2) = diag
    end if
    x = 0.5_dp
    p%nprob = 4
    info = 99; nfev = 99; njev = 0
    if (der == 0) then
      call scijit_minpack_lmdif(cb_dif, m, n, x, fvec, ft, xt, gt, mf, def_epsfcn, dg, mode, &
                                fac, fjac, ldfjac, ipvt, qtf, wa, size(wa), info, nfev, c_loc(p))
    else
      njev = 99
      call scijit_minpack_lmder(cb_der, m, n, x, fvec, fjac, ldfjac, ft, xt, gt, mf, dg, &
                                mode, fac, ipvt, qtf, wa, size(wa), info, nfev, njev, c_loc(p))
    end if
    write (line, '(a, " improper input (", a, "): info=", i0, " nfev=", i0, " njev=", i0, &
          & " calls=", i0)') method(der), what, info, nfev, njev, p%ncalls
    ! a leading dimension too small is a caller's size error, not improper input
    call report(info == merge(scijit_size_error, 0, ldfjac < m) .and. nfev == 0 .and. njev == 0 &
                .and. p%ncalls == 0, trim(line))
  end subroutine improper

  !> Covariance from our final fjac/ipvt against scipy's cov_x.  Entry
  !> (i,j) is compared relative to sqrt(|covref(i,i) covref(j,j)|).
  subroutine check_cov(nprob, der, m, n, x0, covref)
    integer, intent(in) :: nprob, der, m, n
    real(dp), intent(in) :: x0(:), covref(:)
    real(dp) :: x(nmax), fjac(ldmax*nmax), cov(nmax*nmax), wa(nmax*nmax), err, scale
    integer(c_int) :: ldfjac, ipvt(nmax), info, nfev, njev, status
    type(prob_t), target :: p
    character(len=200) :: line
    integer :: i, j

    call run_lm(nprob, der, m, n, x0, x, fjac, ldfjac, ipvt, info, nfev, njev, p)
    call scijit_minpack_lm_covariance(n, fjac, ldfjac, ipvt, cov, wa, size(wa), status)
    err = 0.0_dp
    if (status == 0) then
      do j = 1, n
        do i = 1, n
          scale = sqrt(abs(covref(i + (i-1)*n)*covref(j + (j-1)*n)))
          err = max(err, abs(cov(i + (j-1)*n) - covref(i + (j-1)*n))/scale)
        end do
      end do
    end if
    write (line, '("covariance ", a, 1x, a, " n=", i0, ": status=", i0, "  rel.err ", es8.1)') &
        method(der), trim(problem_name(nprob)), n, status, err
    call report(status == 0 .and. err <= cov_rtol, trim(line))
  end subroutine check_cov

  !> Singular R: status must be the first k with R(k,k) = 0, as LAPACK's
  !> trtri reports it (scipy then returns cov_x = None).
  subroutine check_cov_singular(nprob, der, m, n, x0, statusref)
    integer, intent(in) :: nprob, der, m, n, statusref
    real(dp), intent(in) :: x0(:)
    real(dp) :: x(nmax), fjac(ldmax*nmax), cov(nmax*nmax), wa(nmax*nmax)
    integer(c_int) :: ldfjac, ipvt(nmax), info, nfev, njev, status
    type(prob_t), target :: p
    character(len=200) :: line

    call run_lm(nprob, der, m, n, x0, x, fjac, ldfjac, ipvt, info, nfev, njev, p)
    call scijit_minpack_lm_covariance(n, fjac, ldfjac, ipvt, cov, wa, size(wa), status)
    write (line, '("covariance ", a, 1x, a, " singular R: status=", i0, " (", i0, ")")') &
        method(der), trim(problem_name(nprob)), status, statusref
    call report(status == statusref, trim(line))
  end subroutine check_cov_singular

  !> Improper covariance input: status -1 (ldfjac < n: the size error)
  !> without writing out of bounds.
  subroutine check_cov_bad_input()
    real(dp) :: r(3, 3), cov(9), wa(9)
    integer(c_int) :: status(4)
    character(len=200) :: line

    r = reshape([2.0_dp, 0.0_dp, 0.0_dp, 1.0_dp, 3.0_dp, 0.0_dp, 0.5_dp, 0.25_dp, 4.0_dp], [3, 3])
    call scijit_minpack_lm_covariance(0, r, 3, [1, 2, 3], cov, wa, size(wa), status(1))
    call scijit_minpack_lm_covariance(3, r, 2, [1, 2, 3], cov, wa, size(wa), status(2))
    call scijit_minpack_lm_covariance(3, r, 3, [1, 4, 3], cov, wa, size(wa), status(3))
    call scijit_minpack_lm_covariance(3, r, 3, [2, 2, 3], cov, wa, size(wa), status(4))
    write (line, '("covariance improper input (n=0, ldfjac<n, ipvt out of range, ipvt repeated):", &
          & 4(1x, i0))') status
    call report(all(status([1, 3, 4]) == -1) .and. status(2) == scijit_size_error, trim(line))
  end subroutine check_cov_bad_input

end program test_lmdif
