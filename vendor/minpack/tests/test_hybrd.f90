! Unit tests of MINPACK's hybrd / hybrj through the C entry points
! scijit_minpack_hybrd / scijit_minpack_hybrj (declared here from the C ABI).
!
! The systems are the nonlinear-equation problems of the MINPACK test set
! (J. J. More, B. S. Garbow, K. E. Hillstrom, "Testing unconstrained
! optimization software", ACM TOMS 7 (1981) 17-41, and the MINPACK-1 user
! guide), written from their definitions.  Expected x, info, nfev and njev are
! those of scipy 1.17.1 on the same problems and options (function values
! computed in the same operation order).  nfev is MINPACK's own count; note
! that scipy.optimize.fsolve / root report 2 more (their Python wrapper also
! counts a shape check and the first call made outside MINPACK).
module hybrd_test_problems
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_ptr, c_f_pointer
  implicit none
  private
  public :: dp, context, problem_f, problem_j, hybrd_cb, hybrj_cb

  integer, parameter :: dp = c_double

  ! Per-run state of the callbacks, reached through udata.
  type :: context
    integer :: pid = 0          ! problem number (1..14)
    integer :: ncalls = 0       ! calls of the callback so far
    integer :: stop_at = 0      ! call on which to request a stop (0: never)
    integer :: stop_flag = -1   ! iflag value used to stop
  end type context

  integer, parameter :: bband_ml = 5, bband_mu = 1

contains

  ! f(x) of problem pid.
  subroutine problem_f(pid, n, x, f)
    integer, intent(in) :: pid, n
    real(dp), intent(in) :: x(n)
    real(dp), intent(out) :: f(n)

    real(dp) :: t, t1, t2, t3, t4, th, r, s, s1, s2, p, g, ti, h, tk, tj, xm, xp, dx, y2, tn
    real(dp) :: xe(0:n + 1)   ! x with zero boundary values x(0) = x(n+1) = 0
    integer :: i, j, k

    xe(0) = 0.0_dp
    xe(1:n) = x
    xe(n + 1) = 0.0_dp

    select case (pid)
    case (1)  ! Rosenbrock
      f(1) = 1.0_dp - x(1)
      f(2) = 10.0_dp * (x(2) - x(1) * x(1))
    case (2)  ! Powell singular
      t3 = x(2) - 2.0_dp * x(3)
      t4 = x(1) - x(4)
      f(1) = x(1) + 10.0_dp * x(2)
      f(2) = sqrt(5.0_dp) * (x(3) - x(4))
      f(3) = t3 * t3
      f(4) = sqrt(10.0_dp) * (t4 * t4)
    case (3)  ! Powell badly scaled
      f(1) = 1.0e4_dp * x(1) * x(2) - 1.0_dp
      f(2) = exp(-x(1)) + exp(-x(2)) - 1.0001_dp
    case (4)  ! Wood
      t1 = x(2) - x(1) * x(1)
      t2 = x(4) - x(3) * x(3)
      f(1) = -200.0_dp * x(1) * t1 - (1.0_dp - x(1))
      f(2) = 200.0_dp * t1 + 20.2_dp * (x(2) - 1.0_dp) + 19.8_dp * (x(4) - 1.0_dp)
      f(3) = -180.0_dp * x(3) * t2 - (1.0_dp - x(3))
      f(4) = 180.0_dp * t2 + 20.2_dp * (x(4) - 1.0_dp) + 19.8_dp * (x(2) - 1.0_dp)
    case (5)  ! helical valley
      if (x(1) > 0.0_dp) then
        th = atan(x(2) / x(1)) / tpi()
      else if (x(1) < 0.0_dp) then
        th = atan(x(2) / x(1)) / tpi() + 0.5_dp
      else
        th = sign(0.25_dp, x(2))
      end if
      r = sqrt(x(1) * x(1) + x(2) * x(2))
      f(1) = 10.0_dp * (x(3) - 10.0_dp * th)
      f(2) = 10.0_dp * (r - 1.0_dp)
      f(3) = x(3)
    case (6)  ! Watson: gradient of half the sum of squares of its 31 residuals
      f = 0.0_dp
      do i = 1, 29
        ti = real(i, dp) / 29.0_dp
        s1 = 0.0_dp
        p = 1.0_dp
        do j = 2, n
          s1 = s1 + real(j - 1, dp) * p * x(j)
          p = ti * p
        end do
        s2 = 0.0_dp
        p = 1.0_dp
        do j = 1, n
          s2 = s2 + p * x(j)
          p = ti * p
        end do
        r = s1 - s2 * s2 - 1.0_dp
        g = 2.0_dp * ti * s2
        p = 1.0_dp / ti
        do k = 1, n
          f(k) = f(k) + p * (real(k - 1, dp) - g) * r
          p = ti * p
        end do
      end do
      t = x(2) - x(1) * x(1) - 1.0_dp
      f(1) = f(1) + x(1) * (1.0_dp - 2.0_dp * t)
      f(2) = f(2) + t
    case (7)  ! Chebyquad
      f = 0.0_dp
      do j = 1, n
        t1 = 1.0_dp
        t2 = 2.0_dp * x(j) - 1.0_dp
        y2 = 2.0_dp * t2
        do i = 1, n
          f(i) = f(i) + t2
          tn = y2 * t2 - t1
          t1 = t2
          t2 = tn
        end do
      end do
      dx = 1.0_dp / real(n, dp)
      do k = 1, n
        f(k) = dx * f(k)
        if (mod(k, 2) == 0) f(k) = f(k) + 1.0_dp / (real(k * k, dp) - 1.0_dp)
      end do
    case (8)  ! Brown almost-linear
      s = -(real(n, dp) + 1.0_dp)
      p = 1.0_dp
      do j = 1, n
        s = s + x(j)
        p = x(j) * p
      end do
      f = x + s
      f(n) = p - 1.0_dp
    case (9)  ! discrete boundary value
      h = 1.0_dp / real(n + 1, dp)
      do k = 1, n
        t = x(k) + real(k, dp) * h + 1.0_dp
        xm = xe(k - 1)
        xp = xe(k + 1)
        f(k) = 2.0_dp * x(k) - xm - xp + h * h * (t * t * t) / 2.0_dp
      end do
    case (10)  ! discrete integral equation
      h = 1.0_dp / real(n + 1, dp)
      do k = 1, n
        tk = real(k, dp) * h
        s1 = 0.0_dp
        do j = 1, k
          tj = real(j, dp) * h
          t = x(j) + tj + 1.0_dp
          s1 = s1 + tj * (t * t * t)
        end do
        s2 = 0.0_dp
        do j = k + 1, n
          tj = real(j, dp) * h
          t = x(j) + tj + 1.0_dp
          s2 = s2 + (1.0_dp - tj) * (t * t * t)
        end do
        f(k) = x(k) + h * ((1.0_dp - tk) * s1 + tk * s2) / 2.0_dp
      end do
    case (11)  ! trigonometric
      s = real(n, dp)
      do j = 1, n
        s = s - scalar_cos(x(j))
      end do
      do k = 1, n
        f(k) = s + real(k, dp) * (1.0_dp - scalar_cos(x(k))) - scalar_sin(x(k))
      end do
    case (12)  ! variably dimensioned
      s = 0.0_dp
      do j = 1, n
        s = s + real(j, dp) * (x(j) - 1.0_dp)
      end do
      t = s * (1.0_dp + 2.0_dp * (s * s))
      do k = 1, n
        f(k) = x(k) - 1.0_dp + real(k, dp) * t
      end do
    case (13)  ! Broyden tridiagonal
      do k = 1, n
        xm = xe(k - 1)
        xp = xe(k + 1)
        f(k) = (3.0_dp - 2.0_dp * x(k)) * x(k) - xm - 2.0_dp * xp + 1.0_dp
      end do
    case (14)  ! Broyden banded (ml = 5, mu = 1)
      do k = 1, n
        s = 0.0_dp
        do j = max(1, k - bband_ml), min(n, k + bband_mu)
          if (j /= k) s = s + x(j) * (1.0_dp + x(j))
        end do
        f(k) = x(k) * (2.0_dp + 5.0_dp * (x(k) * x(k))) + 1.0_dp - s
      end do
    case default
      f = 0.0_dp
    end select
  end subroutine problem_f

  ! Jacobian fjac(i, j) = d f_i / d x_j of problem pid.
  subroutine problem_j(pid, n, x, fjac, ldfjac)
    integer, intent(in) :: pid, n, ldfjac
    real(dp), intent(in) :: x(n)
    real(dp), intent(out) :: fjac(ldfjac, n)

    real(dp) :: t, t1, t2, t3, t4, r, r2, s, s1, s2, p, g, ti, h, tk, tj, w, dx, y2, tn, &
                d0, d1, dn
    real(dp) :: a(n), b(n)
    integer :: i, j, k, l

    fjac(1:n, 1:n) = 0.0_dp
    select case (pid)
    case (1)
      fjac(1, 1) = -1.0_dp
      fjac(2, 1) = -20.0_dp * x(1)
      fjac(2, 2) = 10.0_dp
    case (2)
      t3 = x(2) - 2.0_dp * x(3)
      t4 = x(1) - x(4)
      fjac(1, 1) = 1.0_dp
      fjac(1, 2) = 10.0_dp
      fjac(2, 3) = sqrt(5.0_dp)
      fjac(2, 4) = -sqrt(5.0_dp)
      fjac(3, 2) = 2.0_dp * t3
      fjac(3, 3) = -4.0_dp * t3
      fjac(4, 1) = 2.0_dp * sqrt(10.0_dp) * t4
      fjac(4, 4) = -2.0_dp * sqrt(10.0_dp) * t4
    case (3)
      fjac(1, 1) = 1.0e4_dp * x(2)
      fjac(1, 2) = 1.0e4_dp * x(1)
      fjac(2, 1) = -exp(-x(1))
      fjac(2, 2) = -exp(-x(2))
    case (4)
      fjac(1, 1) = -200.0_dp * (x(2) - 3.0_dp * x(1) * x(1)) + 1.0_dp
      fjac(1, 2) = -200.0_dp * x(1)
      fjac(2, 1) = -400.0_dp * x(1)
      fjac(2, 2) = 220.2_dp
      fjac(2, 4) = 19.8_dp
      fjac(3, 3) = -180.0_dp * (x(4) - 3.0_dp * x(3) * x(3)) + 1.0_dp
      fjac(3, 4) = -180.0_dp * x(3)
      fjac(4, 2) = 19.8_dp
      fjac(4, 3) = -360.0_dp * x(3)
      fjac(4, 4) = 200.2_dp
    case (5)
      r2 = x(1) * x(1) + x(2) * x(2)
      r = sqrt(r2)
      t = 100.0_dp / (tpi() * r2)
      fjac(1, 1) = t * x(2)
      fjac(1, 2) = -t * x(1)
      fjac(1, 3) = 10.0_dp
      fjac(2, 1) = 10.0_dp * x(1) / r
      fjac(2, 2) = 10.0_dp * x(2) / r
      fjac(3, 3) = 1.0_dp
    case (6)
      do i = 1, 29
        ti = real(i, dp) / 29.0_dp
        s1 = 0.0_dp
        p = 1.0_dp
        do j = 2, n
          s1 = s1 + real(j - 1, dp) * p * x(j)
          p = ti * p
        end do
        s2 = 0.0_dp
        p = 1.0_dp
        do j = 1, n
          s2 = s2 + p * x(j)
          p = ti * p
        end do
        r = s1 - s2 * s2 - 1.0_dp
        g = 2.0_dp * ti * s2
        p = 1.0_dp / ti
        do k = 1, n
          a(k) = p * (real(k - 1, dp) - g)
          b(k) = ti * p
          p = ti * p
        end do
        do k = 1, n
          do l = 1, n
            fjac(k, l) = fjac(k, l) + (a(k) * a(l) - 2.0_dp * b(k) * b(l) * r)
          end do
        end do
      end do
      t = x(2) - x(1) * x(1) - 1.0_dp
      fjac(1, 1) = fjac(1, 1) + (1.0_dp - 2.0_dp * t + 4.0_dp * x(1) * x(1))
      fjac(1, 2) = fjac(1, 2) - 2.0_dp * x(1)
      fjac(2, 1) = fjac(2, 1) - 2.0_dp * x(1)
      fjac(2, 2) = fjac(2, 2) + 1.0_dp
    case (7)
      dx = 1.0_dp / real(n, dp)
      do j = 1, n
        t1 = 1.0_dp
        t2 = 2.0_dp * x(j) - 1.0_dp
        y2 = 2.0_dp * t2
        d0 = 0.0_dp
        d1 = 2.0_dp
        do i = 1, n
          fjac(i, j) = dx * d1
          dn = 4.0_dp * t2 + y2 * d1 - d0
          d0 = d1
          d1 = dn
          tn = y2 * t2 - t1
          t1 = t2
          t2 = tn
        end do
      end do
    case (8)
      fjac(1:n, 1:n) = 1.0_dp
      do j = 1, n
        fjac(j, j) = 2.0_dp
      end do
      do j = 1, n
        p = 1.0_dp
        do k = 1, n
          if (k /= j) p = x(k) * p
        end do
        fjac(n, j) = p
      end do
    case (9)
      h = 1.0_dp / real(n + 1, dp)
      do k = 1, n
        t = x(k) + real(k, dp) * h + 1.0_dp
        fjac(k, k) = 2.0_dp + 1.5_dp * h * h * (t * t)
      end do
      do k = 1, n - 1
        fjac(k + 1, k) = -1.0_dp
        fjac(k, k + 1) = -1.0_dp
      end do
    case (10)
      h = 1.0_dp / real(n + 1, dp)
      do k = 1, n
        tk = real(k, dp) * h
        do j = 1, n
          tj = real(j, dp) * h
          t = x(j) + tj + 1.0_dp
          if (j <= k) then
            w = (1.0_dp - tk) * tj
          else
            w = tk * (1.0_dp - tj)
          end if
          fjac(k, j) = 1.5_dp * h * w * (t * t)
        end do
        fjac(k, k) = fjac(k, k) + 1.0_dp
      end do
    case (11)
      do j = 1, n
        fjac(1:n, j) = scalar_sin(x(j))
      end do
      do k = 1, n
        fjac(k, k) = fjac(k, k) + (real(k, dp) * scalar_sin(x(k)) - scalar_cos(x(k)))
      end do
    case (12)
      s = 0.0_dp
      do j = 1, n
        s = s + real(j, dp) * (x(j) - 1.0_dp)
      end do
      t = 1.0_dp + 6.0_dp * (s * s)
      do j = 1, n
        do k = 1, n
          fjac(k, j) = real(k * j, dp) * t
        end do
      end do
      do k = 1, n
        fjac(k, k) = fjac(k, k) + 1.0_dp
      end do
    case (13)
      do k = 1, n
        fjac(k, k) = 3.0_dp - 4.0_dp * x(k)
      end do
      do k = 1, n - 1
        fjac(k + 1, k) = -1.0_dp
        fjac(k, k + 1) = -2.0_dp
      end do
    case (14)
      do k = 1, n
        do j = max(1, k - bband_ml), min(n, k + bband_mu)
          if (j /= k) fjac(k, j) = -(1.0_dp + 2.0_dp * x(j))
        end do
        fjac(k, k) = 2.0_dp + 15.0_dp * (x(k) * x(k))
      end do
    end select
  end subroutine problem_j

  pure real(dp) function tpi()
    tpi = 8.0_dp * atan(1.0_dp)
  end function tpi

  ! sin and cos through a VOLATILE temporary, so that gfortran -O3 cannot
  ! vectorize the loops that call them with glibc's vector math (libmvec),
  ! whose last bits differ from the scalar libm behind Python's math module.
  real(dp) function scalar_sin(x) result(y)
    real(dp), intent(in) :: x
    real(dp), volatile :: v
    v = sin(x)
    y = v
  end function scalar_sin

  real(dp) function scalar_cos(x) result(y)
    real(dp), intent(in) :: x
    real(dp), volatile :: v
    v = cos(x)
    y = v
  end function scalar_cos

  ! Callback for hybrd: counts calls and stops on call ctx%stop_at.
  subroutine hybrd_cb(n, x, fvec, iflag, udata) bind(C)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double), intent(inout) :: fvec(n)
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata

    type(context), pointer :: ctx

    call c_f_pointer(udata, ctx)
    ctx%ncalls = ctx%ncalls + 1
    if (iflag /= 1) then       ! the ABI promises iflag = 1 on entry
      iflag = -99
      return
    end if
    if (ctx%ncalls == ctx%stop_at) then
      iflag = ctx%stop_flag
      return
    end if
    call problem_f(ctx%pid, n, x, fvec)
  end subroutine hybrd_cb

  ! Callback for hybrj: iflag 1 -> fvec, iflag 2 -> fjac.
  subroutine hybrj_cb(n, x, fvec, fjac, ldfjac, iflag, udata) bind(C)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double), intent(inout) :: fvec(n)
    integer(c_int), value :: ldfjac
    real(c_double), intent(inout) :: fjac(ldfjac, n)
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata

    type(context), pointer :: ctx

    call c_f_pointer(udata, ctx)
    ctx%ncalls = ctx%ncalls + 1
    if (ctx%ncalls == ctx%stop_at) then
      iflag = ctx%stop_flag
      return
    end if
    select case (iflag)
    case (1)
      call problem_f(ctx%pid, n, x, fvec)
    case (2)
      call problem_j(ctx%pid, n, x, fjac, ldfjac)
    case default
      iflag = -99
    end select
  end subroutine hybrj_cb

end module hybrd_test_problems


! The C entry points, declared from the C prototypes (not from the library's
! modules), so that the test exercises the C ABI.
module hybrd_c_api
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_ptr
  implicit none
  private
  public :: c_hybrd, c_hybrj

  abstract interface
    subroutine hybrd_fcn(n, x, fvec, iflag, udata) bind(C)
      import :: c_int, c_double, c_ptr
      integer(c_int), value :: n
      real(c_double), intent(in) :: x(n)
      real(c_double), intent(inout) :: fvec(n)
      integer(c_int), intent(inout) :: iflag
      type(c_ptr), value :: udata
    end subroutine hybrd_fcn
    subroutine hybrj_fcn(n, x, fvec, fjac, ldfjac, iflag, udata) bind(C)
      import :: c_int, c_double, c_ptr
      integer(c_int), value :: n
      real(c_double), intent(in) :: x(n)
      real(c_double), intent(inout) :: fvec(n)
      integer(c_int), value :: ldfjac
      real(c_double), intent(inout) :: fjac(ldfjac, n)
      integer(c_int), intent(inout) :: iflag
      type(c_ptr), value :: udata
    end subroutine hybrj_fcn
  end interface

  interface
    subroutine c_hybrd(fcn, n, x, fvec, xtol, maxfev, ml, mu, epsfcn, diag, mode, factor, &
                       fjac, ldfjac, r, lr, qtf, wa, lwa, info, nfev, udata) &
        bind(C, name='scijit_minpack_hybrd')
      import :: c_int, c_double, c_ptr, hybrd_fcn
      procedure(hybrd_fcn) :: fcn
      integer(c_int), value :: n, maxfev, ml, mu, mode, ldfjac, lr, lwa
      real(c_double), value :: xtol, epsfcn, factor
      real(c_double), intent(inout) :: x(*), fvec(*), diag(*), fjac(*), r(*), qtf(*), wa(*)
      integer(c_int), intent(out) :: info, nfev
      type(c_ptr), value :: udata
    end subroutine c_hybrd

    subroutine c_hybrj(fcn, n, x, fvec, fjac, ldfjac, xtol, maxfev, diag, mode, factor, &
                       r, lr, qtf, wa, lwa, info, nfev, njev, udata) &
        bind(C, name='scijit_minpack_hybrj')
      import :: c_int, c_double, c_ptr, hybrj_fcn
      procedure(hybrj_fcn) :: fcn
      integer(c_int), value :: n, ldfjac, maxfev, mode, lr, lwa
      real(c_double), value :: xtol, factor
      real(c_double), intent(inout) :: x(*), fvec(*), fjac(*), diag(*), r(*), qtf(*), wa(*)
      integer(c_int), intent(out) :: info, nfev, njev
      type(c_ptr), value :: udata
    end subroutine c_hybrj
  end interface
end module hybrd_c_api


program test_hybrd
  use, intrinsic :: iso_c_binding, only: c_int, c_loc
  use, intrinsic :: iso_fortran_env, only: int64
  use, intrinsic :: ieee_arithmetic, only: ieee_value, ieee_quiet_nan, ieee_is_nan
  use hybrd_test_problems, only: dp, context, problem_f, hybrd_cb, hybrj_cb
  use hybrd_c_api, only: c_hybrd, c_hybrj
  use scijit_kinds, only: scijit_size_error
  implicit none

  integer, parameter :: HYBRD = 1, HYBRJ = 2

  type :: tally
    integer :: passed = 0, failed = 0
  end type tally

  type(tally) :: t

  call scipy_cases(t)
  call stop_cases(t)
  call improper_input_cases(t)

  print '(i0, " passed, ", i0, " failed")', t%passed, t%failed
  if (t%failed > 0) error stop 1

contains

  subroutine record(t, ok, label, detail)
    type(tally), intent(inout) :: t
    logical, intent(in) :: ok
    character(*), intent(in) :: label, detail

    if (ok) then
      t%passed = t%passed + 1
      print '("PASS  ", a, "  ", a)', label, trim(detail)
    else
      t%failed = t%failed + 1
      print '("FAIL  ", a, "  ", a)', label, trim(detail)
    end if
  end subroutine record

  ! Run one solver call through the C API; allocates the workspaces.
  subroutine solve(driver, ctx, n, x, xtol, maxfev, ml, mu, epsfcn, factor, mode, diag, &
                   info, nfev, njev, ldfjac_in, lr_in)
    integer, intent(in) :: driver, n, maxfev, ml, mu, mode
    type(context), intent(inout), target :: ctx
    real(dp), intent(inout) :: x(:), diag(:)
    real(dp), intent(in) :: xtol, epsfcn, factor
    integer, intent(out) :: info, nfev, njev
    integer, intent(in), optional :: ldfjac_in, lr_in

    real(dp), allocatable :: fvec(:), fjac(:), r(:), qtf(:), wa(:)
    integer(c_int) :: cinfo, cnfev, cnjev
    integer :: ldfjac, lr, m

    m = max(n, 1)
    ldfjac = m
    if (present(ldfjac_in)) ldfjac = ldfjac_in
    lr = m * (m + 1) / 2
    if (present(lr_in)) lr = lr_in
    ! (capped: the improper-input cases may claim sizes they do not have; the
    ! library must reject them before touching any array)
    allocate(fvec(m), qtf(m), wa(4 * m), r(max(lr, 1)))
    allocate(fjac(int(max(1_int64, min(int(max(ldfjac, 1), int64) * m, 1000000_int64)))))
    cnjev = 0
    if (driver == HYBRD) then
      call c_hybrd(hybrd_cb, n, x, fvec, xtol, maxfev, ml, mu, epsfcn, diag, mode, factor, &
                   fjac, ldfjac, r, lr, qtf, wa, size(wa), cinfo, cnfev, c_loc(ctx))
    else
      call c_hybrj(hybrj_cb, n, x, fvec, fjac, ldfjac, xtol, maxfev, diag, mode, factor, &
                   r, lr, qtf, wa, size(wa), cinfo, cnfev, cnjev, c_loc(ctx))
    end if
    info = cinfo
    nfev = cnfev
    njev = cnjev
  end subroutine solve

  ! One problem solved as scipy.optimize.fsolve did; x, info, nfev, njev
  ! must agree (x to 1e-10 relative: in practice it is bit for bit).
  subroutine scipy_case(t, label, driver, pid, n, x0, xtol, maxfev, ml, mu, epsfcn, factor, &
                        info, nfev, njev, x, diag)
    type(tally), intent(inout) :: t
    character(*), intent(in) :: label
    integer, intent(in) :: driver, pid, n, maxfev, ml, mu, info, nfev, njev
    real(dp), intent(in) :: x0(:), xtol, epsfcn, factor, x(:)
    real(dp), intent(in), optional :: diag(:)

    type(context), target :: ctx
    real(dp) :: xs(n), d(n)
    integer :: mode, got_info, got_nfev, got_njev, i
    logical :: ok, xok
    character(200) :: detail

    xs = x0
    mode = 1
    d = 1.0_dp
    if (present(diag)) then
      mode = 2
      d = diag
    end if
    ctx%pid = pid
    call solve(driver, ctx, n, xs, xtol, maxfev, ml, mu, epsfcn, factor, mode, d, &
               got_info, got_nfev, got_njev)
    xok = .true.
    do i = 1, n
      if (ieee_is_nan(x(i))) then
        xok = xok .and. ieee_is_nan(xs(i))
      else
        xok = xok .and. (xs(i) == x(i) .or. abs(xs(i) - x(i)) <= 1.0e-10_dp * abs(x(i)))
      end if
    end do
    ok = xok .and. got_info == info .and. got_nfev == nfev .and. got_njev == njev &
         .and. ctx%ncalls == got_nfev + got_njev
    write (detail, '(a, " info=", i0, " nfev=", i0, " njev=", i0, " (expected ", i0, 1x, i0, 1x, i0, &
                    & ")", a)') trim(merge('hybrd', 'hybrj', driver == HYBRD)), got_info, got_nfev, &
                    got_njev, info, nfev, njev, trim(merge('          ', ' x differs', xok))
    call record(t, ok, label, detail)
  end subroutine scipy_case

  ! The callback asks to stop on its k-th call: info = that iflag, the count
  ! of calls = k, and x is still the last iterate.
  subroutine stop_case(t, label, driver, pid, x0, ml, mu, stop_at, stop_flag, nfev_exp, njev_exp, &
                       x_exp)
    type(tally), intent(inout) :: t
    character(*), intent(in) :: label
    integer, intent(in) :: driver, pid, ml, mu, stop_at, stop_flag, nfev_exp, njev_exp
    real(dp), intent(in) :: x0(:)
    real(dp), intent(in), optional :: x_exp(:)

    type(context), target :: ctx
    real(dp) :: xs(size(x0)), d(size(x0))
    integer :: n, info, nfev, njev
    logical :: ok
    character(200) :: detail

    n = size(x0)
    xs = x0
    d = 1.0_dp
    ctx%pid = pid
    ctx%stop_at = stop_at
    ctx%stop_flag = stop_flag
    call solve(driver, ctx, n, xs, 1.49012e-8_dp, 200 * (n + 1), ml, mu, epsilon(1.0_dp), &
               100.0_dp, 1, d, info, nfev, njev)
    ok = info == stop_flag .and. nfev == nfev_exp .and. njev == njev_exp &
         .and. ctx%ncalls == stop_at
    if (present(x_exp)) ok = ok .and. all(xs == x_exp)
    write (detail, '("info=", i0, " nfev=", i0, " njev=", i0, " calls=", i0)') &
      info, nfev, njev, ctx%ncalls
    call record(t, ok, label, detail)
  end subroutine stop_case

  subroutine stop_cases(t)
    type(tally), intent(inout) :: t

    real(dp), parameter :: wood0(4) = [-3.0_dp, -1.0_dp, -3.0_dp, -1.0_dp]
    real(dp), parameter :: rosen0(2) = [-1.2_dp, 1.0_dp]
    real(dp) :: dbv0(10)
    integer :: j

    do j = 1, 10
      dbv0(j) = real(j, dp) / 11.0_dp * (real(j, dp) / 11.0_dp - 1.0_dp)
    end do
    ! first call
    call stop_case(t, 'stop: hybrd 1st call', HYBRD, 4, wood0, 3, 3, 1, -1, 1, 0, wood0)
    ! inside the first finite-difference Jacobian: x restored
    call stop_case(t, 'stop: hybrd in fdjac1', HYBRD, 4, wood0, 3, 3, 3, -1, 3, 0, wood0)
    ! inside a banded finite-difference Jacobian
    call stop_case(t, 'stop: hybrd in banded fdjac1', HYBRD, 9, dbv0, 1, 1, 3, -2, 3, 0, dbv0)
    ! in the iteration, after the first Jacobian (1 + 4 calls), iflag = -7
    call stop_case(t, 'stop: hybrd in iteration', HYBRD, 4, wood0, 3, 3, 9, -7, 9, 0)
    ! hybrj: on the first Jacobian evaluation, then during the iteration
    call stop_case(t, 'stop: hybrj in jacobian', HYBRJ, 1, rosen0, 0, 0, 2, -1, 1, 1, rosen0)
    call stop_case(t, 'stop: hybrj in iteration', HYBRJ, 4, wood0, 0, 0, 6, -3, 5, 1)
  end subroutine stop_cases

  ! Improper input: info = 0 (a length too small: info = scijit_size_error),
  ! nfev = njev = 0 and the callback never called.
  subroutine bad_case(t, label, driver, n, xtol, maxfev, ml, mu, factor, mode, diag1, ldfjac, lr, &
                      info_expected)
    type(tally), intent(inout) :: t
    character(*), intent(in) :: label
    integer, intent(in) :: driver, n, maxfev, ml, mu, mode, ldfjac, lr
    real(dp), intent(in) :: xtol, factor, diag1
    integer, intent(in), optional :: info_expected

    type(context), target :: ctx
    real(dp) :: xs(max(n, 1)), d(max(n, 1))
    integer :: info, nfev, njev
    logical :: ok
    character(200) :: detail

    xs = -1.0_dp
    d = 1.0_dp
    d(1) = diag1
    ctx%pid = 13
    call solve(driver, ctx, n, xs, xtol, maxfev, ml, mu, epsilon(1.0_dp), factor, mode, d, &
               info, nfev, njev, ldfjac, lr)
    ok = nfev == 0 .and. njev == 0 .and. ctx%ncalls == 0 .and. all(xs == -1.0_dp)
    if (present(info_expected)) then
      ok = ok .and. info == info_expected
    else
      ok = ok .and. info == 0
    end if
    write (detail, '("info=", i0, " nfev=", i0, " njev=", i0, " calls=", i0)') &
      info, nfev, njev, ctx%ncalls
    call record(t, ok, label, detail)
  end subroutine bad_case

  subroutine improper_input_cases(t)
    type(tally), intent(inout) :: t

    real(dp), parameter :: xt = 1.49012e-8_dp
    integer :: drv
    character(5) :: nm

    do drv = HYBRD, HYBRJ
      nm = merge('hybrd', 'hybrj', drv == HYBRD)
      call bad_case(t, 'improper: ' // nm // ' n = 0', drv, 0, xt, 100, 0, 0, 100.0_dp, 1, 1.0_dp, 1, 1)
      call bad_case(t, 'improper: ' // nm // ' n < 0', drv, -3, xt, 100, 0, 0, 100.0_dp, 1, 1.0_dp, 1, 1)
      call bad_case(t, 'improper: ' // nm // ' xtol < 0', drv, 3, -1.0_dp, 100, 2, 2, 100.0_dp, 1, &
                    1.0_dp, 3, 6)
      call bad_case(t, 'improper: ' // nm // ' maxfev = 0', drv, 3, xt, 0, 2, 2, 100.0_dp, 1, &
                    1.0_dp, 3, 6)
      call bad_case(t, 'improper: ' // nm // ' factor = 0', drv, 3, xt, 100, 2, 2, 0.0_dp, 1, &
                    1.0_dp, 3, 6)
      call bad_case(t, 'improper: ' // nm // ' factor < 0', drv, 3, xt, 100, 2, 2, -1.0_dp, 1, &
                    1.0_dp, 3, 6)
      call bad_case(t, 'size: ' // nm // ' ldfjac < n', drv, 3, xt, 100, 2, 2, 100.0_dp, 1, &
                    1.0_dp, 2, 6, scijit_size_error)
      call bad_case(t, 'size: ' // nm // ' lr < n(n+1)/2', drv, 3, xt, 100, 2, 2, 100.0_dp, 1, &
                    1.0_dp, 3, 5, scijit_size_error)
      call bad_case(t, 'improper: ' // nm // ' mode 2, diag = 0', drv, 3, xt, 100, 2, 2, 100.0_dp, 2, &
                    0.0_dp, 3, 6)
      call bad_case(t, 'improper: ' // nm // ' mode 2, diag < 0', drv, 3, xt, 100, 2, 2, 100.0_dp, 2, &
                    -2.0_dp, 3, 6)
    end do
    call bad_case(t, 'improper: hybrd ml < 0', HYBRD, 3, xt, 100, -1, 2, 100.0_dp, 1, 1.0_dp, 3, 6)
    call bad_case(t, 'improper: hybrd mu < 0', HYBRD, 3, xt, 100, 2, -1, 100.0_dp, 1, 1.0_dp, 3, 6)
    ! n(n+1)/2 overflows 32 bits: must be rejected, not wrap around
    call bad_case(t, 'size: hybrd huge n, small lr', HYBRD, 70000, xt, 100, 2, 2, 100.0_dp, 1, &
                  1.0_dp, 70000, 1000, scijit_size_error)
  end subroutine improper_input_cases

  ! Expected values: scipy 1.17.1, scipy.optimize.fsolve(full_output=True)
  ! with the same options (maxfev given explicitly: scipy's defaults
  ! 200*(n+1) without and 100*(n+1) with fprime; ml = mu = n-1 when no band;
  ! epsfcn = machine epsilon when scipy's epsfcn is None; mode 2 when diag is
  ! given).  nfev is MINPACK's count, i.e. fsolve's infodict['nfev'] - 2.
  subroutine scipy_cases(t)
    type(tally), intent(inout) :: t

    real(dp) :: nan_dp

    nan_dp = ieee_value(0.0_dp, ieee_quiet_nan)
    call scipy_case(t, 'rosenbrock', HYBRD, 1, 2, &
        x0=[-1.2_dp, 1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=600, ml=1, mu=1, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=26, njev=0, &
        x=[1.0_dp, 1.0_dp])
    call scipy_case(t, 'powell singular', HYBRD, 2, 4, &
        x0=[3.0_dp, -1.0_dp, 0.0_dp, 1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=1000, ml=3, mu=3, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=5, nfev=104, njev=0, &
        x=[-6.1590545653228935e-18_dp, 6.159054565322894e-19_dp, 3.42382942338725e-17_dp,  &
           3.42382942338725e-17_dp])
    call scipy_case(t, 'powell badly scaled', HYBRD, 3, 2, &
        x0=[0.0_dp, 1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=600, ml=1, mu=1, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=177, njev=0, &
        x=[1.098159329265396e-05_dp, 9.106146741255518_dp])
    call scipy_case(t, 'wood', HYBRD, 4, 4, &
        x0=[-3.0_dp, -1.0_dp, -3.0_dp, -1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=1000, ml=3, mu=3, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=91, njev=0, &
        x=[-0.9679740249446945_dp, 0.9471391408316433_dp, -0.9695163103243802_dp,  &
           0.951247665778323_dp])
    call scipy_case(t, 'helical valley', HYBRD, 5, 3, &
        x0=[-1.0_dp, 0.0_dp, 0.0_dp], &
        xtol=1.49012e-08_dp, maxfev=800, ml=2, mu=2, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=21, njev=0, &
        x=[0.9999999999999934_dp, 1.6592591937646183e-14_dp, -1.9670566023226332e-22_dp])
    call scipy_case(t, 'watson', HYBRD, 6, 6, &
        x0=[0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp], &
        xtol=1.49012e-08_dp, maxfev=1400, ml=5, mu=5, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=92, njev=0, &
        x=[-0.015725086399886994_dp, 1.0124348693692136_dp, -0.2329916259575_dp,  &
           1.2604300878096106_dp, -1.5137289227376298_dp, 0.9929964324406726_dp])
    call scipy_case(t, 'chebyquad', HYBRD, 7, 5, &
        x0=[0.16666666666666666_dp, 0.3333333333333333_dp, 0.5_dp, 0.6666666666666666_dp,  &
            0.8333333333333334_dp], &
        xtol=1.49012e-08_dp, maxfev=1200, ml=4, mu=4, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=17, njev=0, &
        x=[0.08375125649965977_dp, 0.31272929522285614_dp, 0.5000000000004052_dp,  &
           0.6872707047764346_dp, 0.9162487435006444_dp])
    call scipy_case(t, 'brown almost-linear', HYBRD, 8, 10, &
        x0=[0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp], &
        xtol=1.49012e-08_dp, maxfev=2200, ml=9, mu=9, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=34, njev=0, &
        x=[1.0000000000000018_dp, 1.0000000000000018_dp, 1.0000000000000018_dp,  &
           1.0000000000000018_dp, 1.0000000000000018_dp, 1.0000000000000018_dp,  &
           1.0000000000000018_dp, 1.0000000000000018_dp, 1.0000000000000018_dp,  &
           0.999999999999985_dp])
    call scipy_case(t, 'discrete boundary value', HYBRD, 9, 10, &
        x0=[-0.08264462809917356_dp, -0.1487603305785124_dp, -0.1983471074380165_dp,  &
            -0.23140495867768596_dp, -0.24793388429752067_dp, -0.24793388429752067_dp,  &
            -0.23140495867768596_dp, -0.1983471074380165_dp, -0.14876033057851237_dp,  &
            -0.08264462809917349_dp], &
        xtol=1.49012e-08_dp, maxfev=2200, ml=9, mu=9, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=16, njev=0, &
        x=[-0.04316498251876528_dp, -0.08157715653538804_dp, -0.11448571438053178_dp,  &
           -0.14097357686259998_dp, -0.15990869618198544_dp, -0.16987720231277503_dp,  &
           -0.16908998378120682_dp, -0.15524953522182997_dp, -0.1253558916789336_dp,  &
           -0.07541653368589138_dp])
    call scipy_case(t, 'discrete integral eq', HYBRD, 10, 10, &
        x0=[-0.08264462809917356_dp, -0.1487603305785124_dp, -0.1983471074380165_dp,  &
            -0.23140495867768596_dp, -0.24793388429752067_dp, -0.24793388429752067_dp,  &
            -0.23140495867768596_dp, -0.1983471074380165_dp, -0.14876033057851237_dp,  &
            -0.08264462809917349_dp], &
        xtol=1.49012e-08_dp, maxfev=2200, ml=9, mu=9, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=16, njev=0, &
        x=[-0.04316498251876629_dp, -0.08157715653538987_dp, -0.11448571438053379_dp,  &
           -0.14097357686260134_dp, -0.15990869618198544_dp, -0.16987720231277362_dp,  &
           -0.1690899837812046_dp, -0.15524953522182774_dp, -0.1253558916789319_dp,  &
           -0.07541653368589049_dp])
    call scipy_case(t, 'trigonometric', HYBRD, 11, 10, &
        x0=[0.1_dp, 0.1_dp, 0.1_dp, 0.1_dp, 0.1_dp, 0.1_dp, 0.1_dp, 0.1_dp, 0.1_dp, 0.1_dp], &
        xtol=1.49012e-08_dp, maxfev=2200, ml=9, mu=9, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=4, nfev=170, njev=0, &
        x=[0.05520785367259331_dp, 0.056901451259954675_dp, 0.05882963575362016_dp,  &
           0.061062340721102094_dp, 0.0637058720003548_dp, 0.06693335300075252_dp,  &
           0.2080862703711755_dp, 0.16426395932287344_dp, 0.08552216209332336_dp,  &
           0.09146194252386462_dp])
    call scipy_case(t, 'variably dimensioned', HYBRD, 12, 10, &
        x0=[0.9_dp, 0.8_dp, 0.7_dp, 0.6_dp, 0.5_dp, 0.4_dp, 0.30000000000000004_dp,  &
            0.19999999999999996_dp, 0.09999999999999998_dp, 0.0_dp], &
        xtol=1.49012e-08_dp, maxfev=2200, ml=9, mu=9, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=32, njev=0, &
        x=[0.9999999999999933_dp, 0.9999999999999868_dp, 0.9999999999999801_dp,  &
           0.9999999999999736_dp, 0.9999999999999669_dp, 0.9999999999999604_dp,  &
           0.9999999999999537_dp, 0.9999999999999472_dp, 0.9999999999999405_dp,  &
           0.9999999999999338_dp])
    call scipy_case(t, 'broyden tridiagonal', HYBRD, 13, 10, &
        x0=[-1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp,  &
            -1.0_dp, -1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=2200, ml=9, mu=9, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=21, njev=0, &
        x=[-0.5707221306203709_dp, -0.681806950841152_dp, -0.7022100775313597_dp,  &
           -0.7055106309717029_dp, -0.7049061557455064_dp, -0.7014966060079615_dp,  &
           -0.6918893211497278_dp, -0.6657965142077689_dp, -0.5960351099728436_dp,  &
           -0.4164122574494101_dp])
    call scipy_case(t, 'broyden banded', HYBRD, 14, 10, &
        x0=[-1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp,  &
            -1.0_dp, -1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=2200, ml=9, mu=9, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=30, njev=0, &
        x=[-0.4283028636054441_dp, -0.47659642429694055_dp, -0.5196524638117501_dp,  &
           -0.5580993246179582_dp, -0.5925061569480207_dp, -0.6245036821453208_dp,  &
           -0.6232394714479025_dp, -0.6213938418367054_dp, -0.6204535966131208_dp,  &
           -0.5864692707485044_dp])
    call scipy_case(t, 'rosenbrock', HYBRJ, 1, 2, &
        x0=[-1.2_dp, 1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=300, ml=1, mu=1, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=21, njev=2, &
        x=[1.0_dp, 1.0_dp])
    call scipy_case(t, 'powell singular', HYBRJ, 2, 4, &
        x0=[3.0_dp, -1.0_dp, 0.0_dp, 1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=500, ml=3, mu=3, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=4, nfev=119, njev=9, &
        x=[9.197466870158493e-18_dp, -9.197466870158494e-19_dp, 5.180905990354943e-18_dp,  &
           5.180905990354943e-18_dp])
    call scipy_case(t, 'powell badly scaled', HYBRJ, 3, 2, &
        x0=[0.0_dp, 1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=300, ml=1, mu=1, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=167, njev=5, &
        x=[1.0981593292653738e-05_dp, 9.106146741255362_dp])
    call scipy_case(t, 'wood', HYBRJ, 4, 4, &
        x0=[-3.0_dp, -1.0_dp, -3.0_dp, -1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=500, ml=3, mu=3, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=83, njev=2, &
        x=[-0.9679740249446946_dp, 0.9471391408316434_dp, -0.9695163103243801_dp,  &
           0.951247665778323_dp])
    call scipy_case(t, 'helical valley', HYBRJ, 5, 3, &
        x0=[-1.0_dp, 0.0_dp, 0.0_dp], &
        xtol=1.49012e-08_dp, maxfev=400, ml=2, mu=2, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=15, njev=2, &
        x=[0.9999999999999934_dp, 1.6592170526760805e-14_dp, 0.0_dp])
    call scipy_case(t, 'watson', HYBRJ, 6, 6, &
        x0=[0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp], &
        xtol=1.49012e-08_dp, maxfev=700, ml=5, mu=5, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=56, njev=6, &
        x=[-0.015725086399832125_dp, 1.0124348693692173_dp, -0.23299162595752934_dp,  &
           1.2604300878099708_dp, -1.5137289227381814_dp, 0.9929964324410133_dp])
    call scipy_case(t, 'chebyquad', HYBRJ, 7, 5, &
        x0=[0.16666666666666666_dp, 0.3333333333333333_dp, 0.5_dp, 0.6666666666666666_dp,  &
            0.8333333333333334_dp], &
        xtol=1.49012e-08_dp, maxfev=600, ml=4, mu=4, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=10, njev=1, &
        x=[0.08375125649955413_dp, 0.31272929522316506_dp, 0.49999999999999833_dp,  &
           0.6872707047768374_dp, 0.916248743500445_dp])
    call scipy_case(t, 'brown almost-linear', HYBRJ, 8, 10, &
        x0=[0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp], &
        xtol=1.49012e-08_dp, maxfev=1100, ml=9, mu=9, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=14, njev=2, &
        x=[0.9999999999999973_dp, 0.9999999999999973_dp, 0.9999999999999973_dp,  &
           0.9999999999999973_dp, 0.9999999999999973_dp, 0.9999999999999973_dp,  &
           0.9999999999999973_dp, 0.9999999999999973_dp, 0.9999999999999973_dp,  &
           1.000000000000024_dp])
    call scipy_case(t, 'discrete boundary value', HYBRJ, 9, 10, &
        x0=[-0.08264462809917356_dp, -0.1487603305785124_dp, -0.1983471074380165_dp,  &
            -0.23140495867768596_dp, -0.24793388429752067_dp, -0.24793388429752067_dp,  &
            -0.23140495867768596_dp, -0.1983471074380165_dp, -0.14876033057851237_dp,  &
            -0.08264462809917349_dp], &
        xtol=1.49012e-08_dp, maxfev=1100, ml=9, mu=9, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=6, njev=1, &
        x=[-0.04316498251876527_dp, -0.08157715653538801_dp, -0.11448571438053175_dp,  &
           -0.14097357686259998_dp, -0.15990869618198544_dp, -0.16987720231277503_dp,  &
           -0.16908998378120682_dp, -0.15524953522182994_dp, -0.12535589167893357_dp,  &
           -0.07541653368589138_dp])
    call scipy_case(t, 'discrete integral eq', HYBRJ, 10, 10, &
        x0=[-0.08264462809917356_dp, -0.1487603305785124_dp, -0.1983471074380165_dp,  &
            -0.23140495867768596_dp, -0.24793388429752067_dp, -0.24793388429752067_dp,  &
            -0.23140495867768596_dp, -0.1983471074380165_dp, -0.14876033057851237_dp,  &
            -0.08264462809917349_dp], &
        xtol=1.49012e-08_dp, maxfev=1100, ml=9, mu=9, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=6, njev=1, &
        x=[-0.0431649825187663_dp, -0.08157715653538988_dp, -0.11448571438053379_dp,  &
           -0.1409735768626014_dp, -0.15990869618198547_dp, -0.16987720231277365_dp,  &
           -0.16908998378120463_dp, -0.15524953522182774_dp, -0.12535589167893194_dp,  &
           -0.07541653368589052_dp])
    call scipy_case(t, 'trigonometric', HYBRJ, 11, 10, &
        x0=[0.1_dp, 0.1_dp, 0.1_dp, 0.1_dp, 0.1_dp, 0.1_dp, 0.1_dp, 0.1_dp, 0.1_dp, 0.1_dp], &
        xtol=1.49012e-08_dp, maxfev=1100, ml=9, mu=9, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=4, nfev=51, njev=12, &
        x=[0.055179245620378015_dp, 0.05687194004853165_dp, 0.05879921335480479_dp,  &
           0.061031130420948994_dp, 0.06367466939911302_dp, 0.06690505363651487_dp,  &
           0.20814949176506178_dp, 0.16434709548325194_dp, 0.08536536852000128_dp,  &
           0.09138762372753272_dp])
    call scipy_case(t, 'variably dimensioned', HYBRJ, 12, 10, &
        x0=[0.9_dp, 0.8_dp, 0.7_dp, 0.6_dp, 0.5_dp, 0.4_dp, 0.30000000000000004_dp,  &
            0.19999999999999996_dp, 0.09999999999999998_dp, 0.0_dp], &
        xtol=1.49012e-08_dp, maxfev=1100, ml=9, mu=9, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=22, njev=1, &
        x=[1.0000000000000016_dp, 1.000000000000003_dp, 1.0000000000000047_dp,  &
           1.0000000000000062_dp, 1.000000000000008_dp, 1.0000000000000095_dp,  &
           1.000000000000011_dp, 1.0000000000000127_dp, 1.0000000000000142_dp,  &
           1.0000000000000158_dp])
    call scipy_case(t, 'broyden tridiagonal', HYBRJ, 13, 10, &
        x0=[-1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp,  &
            -1.0_dp, -1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=1100, ml=9, mu=9, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=11, njev=1, &
        x=[-0.5707221306203709_dp, -0.681806950841152_dp, -0.7022100775313597_dp,  &
           -0.7055106309717029_dp, -0.7049061557455064_dp, -0.7014966060079615_dp,  &
           -0.6918893211497278_dp, -0.6657965142077689_dp, -0.5960351099728436_dp,  &
           -0.4164122574494101_dp])
    call scipy_case(t, 'broyden banded', HYBRJ, 14, 10, &
        x0=[-1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp,  &
            -1.0_dp, -1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=1100, ml=9, mu=9, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=20, njev=1, &
        x=[-0.42830286360544356_dp, -0.47659642429694027_dp, -0.5196524638117501_dp,  &
           -0.5580993246179583_dp, -0.5925061569480206_dp, -0.6245036821453208_dp,  &
           -0.6232394714479025_dp, -0.6213938418367053_dp, -0.6204535966131209_dp,  &
           -0.5864692707485044_dp])
    call scipy_case(t, 'dbv banded 1,1', HYBRD, 9, 10, &
        x0=[-0.08264462809917356_dp, -0.1487603305785124_dp, -0.1983471074380165_dp,  &
            -0.23140495867768596_dp, -0.24793388429752067_dp, -0.24793388429752067_dp,  &
            -0.23140495867768596_dp, -0.1983471074380165_dp, -0.14876033057851237_dp,  &
            -0.08264462809917349_dp], &
        xtol=1.49012e-08_dp, maxfev=2200, ml=1, mu=1, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=9, njev=0, &
        x=[-0.04316498251876528_dp, -0.08157715653538804_dp, -0.11448571438053178_dp,  &
           -0.14097357686259998_dp, -0.15990869618198544_dp, -0.16987720231277503_dp,  &
           -0.16908998378120682_dp, -0.15524953522182997_dp, -0.1253558916789336_dp,  &
           -0.07541653368589138_dp])
    call scipy_case(t, 'broyden banded 5,1', HYBRD, 14, 10, &
        x0=[-1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp,  &
            -1.0_dp, -1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=2200, ml=5, mu=1, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=27, njev=0, &
        x=[-0.4283028636054441_dp, -0.47659642429694055_dp, -0.5196524638117501_dp,  &
           -0.5580993246179582_dp, -0.5925061569480207_dp, -0.6245036821453208_dp,  &
           -0.6232394714479025_dp, -0.6213938418367054_dp, -0.6204535966131208_dp,  &
           -0.5864692707485044_dp])
    call scipy_case(t, 'broyden tridiag banded 1,1', HYBRD, 13, 10, &
        x0=[-1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp,  &
            -1.0_dp, -1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=2200, ml=1, mu=1, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=14, njev=0, &
        x=[-0.5707221306203709_dp, -0.681806950841152_dp, -0.7022100775313597_dp,  &
           -0.7055106309717029_dp, -0.7049061557455064_dp, -0.7014966060079615_dp,  &
           -0.6918893211497278_dp, -0.6657965142077689_dp, -0.5960351099728436_dp,  &
           -0.4164122574494101_dp])
    call scipy_case(t, 'broyden tridiag band 0,2', HYBRD, 13, 10, &
        x0=[-1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp,  &
            -1.0_dp, -1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=2200, ml=0, mu=2, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=17, njev=0, &
        x=[-0.570722132422211_dp, -0.6818069506502147_dp, -0.7022100763929899_dp,  &
           -0.7055106296502414_dp, -0.7049061553864814_dp, -0.7014966070823814_dp,  &
           -0.6918893224597057_dp, -0.6657965141139736_dp, -0.596035108656944_dp,  &
           -0.416412257471541_dp])
    call scipy_case(t, 'rosenbrock 10x0 factor 1', HYBRD, 1, 2, &
        x0=[-12.0_dp, 10.0_dp], &
        xtol=1.49012e-08_dp, maxfev=600, ml=1, mu=1, epsfcn=2.220446049250313e-16_dp, factor=1.0_dp, &
        info=1, nfev=8, njev=0, &
        x=[1.0_dp, 0.9999999999999956_dp])
    call scipy_case(t, 'helical factor 0.1', HYBRJ, 5, 3, &
        x0=[-1.0_dp, 0.0_dp, 0.0_dp], &
        xtol=1.49012e-08_dp, maxfev=400, ml=2, mu=2, epsfcn=2.220446049250313e-16_dp, factor=0.1_dp, &
        info=1, nfev=33, njev=3, &
        x=[0.9999999999999937_dp, 4.482984749991308e-16_dp, 0.0_dp])
    call scipy_case(t, 'wood diag mode 2', HYBRD, 4, 4, &
        x0=[-3.0_dp, -1.0_dp, -3.0_dp, -1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=1000, ml=3, mu=3, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        diag=[1.0_dp, 2.0_dp, 3.0_dp, 4.0_dp], &
        info=1, nfev=103, njev=0, &
        x=[-0.9679740249304469_dp, 0.9471391408039888_dp, -0.9695163103387509_dp,  &
           0.9512476658061927_dp])
    call scipy_case(t, 'rosenbrock diag mode 2', HYBRJ, 1, 2, &
        x0=[-1.2_dp, 1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=300, ml=1, mu=1, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        diag=[1.0_dp, 10.0_dp], &
        info=1, nfev=24, njev=5, &
        x=[1.0_dp, 1.0_dp])
    call scipy_case(t, 'badly scaled epsfcn 1e-10', HYBRD, 3, 2, &
        x0=[0.0_dp, 1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=600, ml=1, mu=1, epsfcn=1e-10_dp, factor=100.0_dp, &
        info=1, nfev=177, njev=0, &
        x=[1.0981593292822933e-05_dp, 9.10614674120011_dp])
    call scipy_case(t, 'watson maxfev 20', HYBRD, 6, 6, &
        x0=[0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp], &
        xtol=1.49012e-08_dp, maxfev=20, ml=5, mu=5, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=2, nfev=20, njev=0, &
        x=[-0.3122087374033082_dp, 1.0871903838299677_dp, -0.37711035979437824_dp,  &
           0.5962671231685333_dp, -0.4064308797203937_dp, 0.23213569421035202_dp])
    call scipy_case(t, 'helical xtol 0', HYBRD, 5, 3, &
        x0=[-1.0_dp, 0.0_dp, 0.0_dp], &
        xtol=0.0_dp, maxfev=800, ml=2, mu=2, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=3, nfev=23, njev=0, &
        x=[1.0_dp, -9.514241758948275e-21_dp, 1.1020275866279309e-28_dp])
    call scipy_case(t, 'wood xtol 0', HYBRJ, 4, 4, &
        x0=[-3.0_dp, -1.0_dp, -3.0_dp, -1.0_dp], &
        xtol=0.0_dp, maxfev=500, ml=3, mu=3, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=3, nfev=88, njev=2, &
        x=[-0.9679740249375968_dp, 0.947139140817849_dp, -0.9695163103315874_dp,  &
           0.951247665792318_dp])
    call scipy_case(t, 'discrete integral eq n=30', HYBRJ, 10, 30, &
        x0=[-0.031217481789802288_dp, -0.060353798126951096_dp, -0.0874089490114464_dp,  &
            -0.11238293444328824_dp, -0.13527575442247658_dp, -0.15608740894901144_dp,  &
            -0.1748178980228928_dp, -0.1914672216441207_dp, -0.2060353798126951_dp,  &
            -0.21852237252861603_dp, -0.22892819979188345_dp, -0.2372528616024974_dp,  &
            -0.24349635796045785_dp, -0.2476586888657648_dp, -0.2497398543184183_dp,  &
            -0.2497398543184183_dp, -0.24765868886576484_dp, -0.24349635796045788_dp,  &
            -0.2372528616024974_dp, -0.22892819979188345_dp, -0.21852237252861603_dp,  &
            -0.2060353798126951_dp, -0.1914672216441207_dp, -0.17481789802289283_dp,  &
            -0.15608740894901146_dp, -0.13527575442247664_dp, -0.11238293444328824_dp,  &
            -0.08740894901144643_dp, -0.06035379812695114_dp, -0.031217481789802264_dp], &
        xtol=1.49012e-08_dp, maxfev=3100, ml=29, mu=29, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=6, njev=1, &
        x=[-0.01585887476087054_dp, -0.03117143902234986_dp, -0.045909910281752814_dp,  &
           -0.060044590713604_dp, -0.07354369922574838_dp, -0.08637318553067039_dp,  &
           -0.09849652394449075_dp, -0.10987448428747298_dp, -0.12046487686378017_dp,  &
           -0.1302222680336422_dp, -0.13909766234460508_dp, -0.14703814654377817_dp,  &
           -0.15398649002993883_dp, -0.15988069539838004_dp, -0.16465349165212828_dp,  &
           -0.16823176136299486_dp, -0.17053589151804785_dp, -0.17147903592302396_dp,  &
           -0.17096627478051543_dp, -0.168893654324846_dp, -0.16514708605997966_dp,  &
           -0.15960108106192938_dp, -0.15211728978118172_dp, -0.14254281156646237_dp,  &
           -0.13070823040825086_dp, -0.11642532375063704_dp, -0.09948437909412469_dp,  &
           -0.07965103778332479_dp, -0.05666256587415122_dp, -0.030223427005401572_dp])
    call scipy_case(t, 'broyden banded n=40 band 5,1', HYBRD, 14, 40, &
        x0=[-1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp,  &
            -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp,  &
            -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp,  &
            -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp,  &
            -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp, -1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=8200, ml=5, mu=1, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=26, njev=0, &
        x=[-0.42830286330405226_dp, -0.47659642204293645_dp, -0.5196524659186963_dp,  &
           -0.5580993252711458_dp, -0.5925061562471367_dp, -0.6245037072344026_dp,  &
           -0.6232386690529077_dp, -0.6214196772653513_dp, -0.619615843151046_dp,  &
           -0.6182260183718247_dp, -0.6175180251845122_dp, -0.6177318306292449_dp,  &
           -0.6179003163559755_dp, -0.6180077983442449_dp, -0.6180570605155655_dp,  &
           -0.6180627230298283_dp, -0.618046411505963_dp, -0.6180369424567655_dp,  &
           -0.6180327962159495_dp, -0.6180320105551488_dp, -0.6180327483330399_dp,  &
           -0.6180336522923043_dp, -0.6180340393911421_dp, -0.6180341293056808_dp,  &
           -0.618034090497687_dp, -0.6180340281208684_dp, -0.6180339892979811_dp,  &
           -0.6180339789049183_dp, -0.618033980585151_dp, -0.618033985016607_dp,  &
           -0.6180339882007428_dp, -0.6180339894264937_dp, -0.6180339894410858_dp,  &
           -0.6180339891105631_dp, -0.6180339896137472_dp, -0.6180339647082632_dp,  &
           -0.6180347757770862_dp, -0.6180082404791294_dp, -0.6188732807882118_dp,  &
           -0.586279122442831_dp])
    call scipy_case(t, 'powell singular 100x0', HYBRD, 2, 4, &
        x0=[300.0_dp, -100.0_dp, 0.0_dp, 100.0_dp], &
        xtol=1.49012e-08_dp, maxfev=1000, ml=3, mu=3, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=5, nfev=150, njev=0, &
        x=[8.953867988617064e-18_dp, -8.953867988617065e-19_dp, 9.237498510242057e-18_dp,  &
           9.237498510242057e-18_dp])
    call scipy_case(t, 'wood 10x0', HYBRD, 4, 4, &
        x0=[-30.0_dp, -10.0_dp, -30.0_dp, -10.0_dp], &
        xtol=1.49012e-08_dp, maxfev=1000, ml=3, mu=3, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=286, njev=0, &
        x=[-0.9679740249177321_dp, 0.9471391407794607_dp, -0.9695163103503701_dp,  &
           0.9512476658290506_dp])
    call scipy_case(t, 'helical 100x0', HYBRD, 5, 3, &
        x0=[-100.0_dp, 0.0_dp, 0.0_dp], &
        xtol=1.49012e-08_dp, maxfev=800, ml=2, mu=2, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=4, nfev=38, njev=0, &
        x=[-92.35059301895829_dp, -14.89434946183868_dp, 0.36138627784848276_dp])
    call scipy_case(t, 'watson 10x0 hybrj', HYBRJ, 6, 6, &
        x0=[10.0_dp, 10.0_dp, 10.0_dp, 10.0_dp, 10.0_dp, 10.0_dp], &
        xtol=1.49012e-08_dp, maxfev=700, ml=5, mu=5, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=145, njev=6, &
        x=[-0.01572508640114312_dp, 1.0124348693691323_dp, -0.2329916259568993_dp,  &
           1.2604300878016512_dp, -1.5137289227254123_dp, 0.9929964324330784_dp])
    call scipy_case(t, 'chebyquad n=7', HYBRD, 7, 7, &
        x0=[0.125_dp, 0.25_dp, 0.375_dp, 0.5_dp, 0.625_dp, 0.75_dp, 0.875_dp], &
        xtol=1.49012e-08_dp, maxfev=1600, ml=6, mu=6, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=22, njev=0, &
        x=[0.05806914964412581_dp, 0.23517161226898906_dp, 0.33804409485328546_dp,  &
           0.4999999999025452_dp, 0.6619559053751856_dp, 0.7648283875513314_dp,  &
           0.9419308504045375_dp])
    call scipy_case(t, 'brown 10x0', HYBRJ, 8, 10, &
        x0=[5.0_dp, 5.0_dp, 5.0_dp, 5.0_dp, 5.0_dp, 5.0_dp, 5.0_dp, 5.0_dp, 5.0_dp, 5.0_dp], &
        xtol=1.49012e-08_dp, maxfev=1100, ml=9, mu=9, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=11, njev=2, &
        x=[0.9999999999999987_dp, 0.9999999999999987_dp, 0.9999999999999987_dp,  &
           0.9999999999999987_dp, 0.9999999999999987_dp, 0.9999999999999987_dp,  &
           0.9999999999999987_dp, 0.9999999999999987_dp, 0.9999999999999987_dp,  &
           1.000000000000011_dp])
    call scipy_case(t, 'trig 100x0', HYBRD, 11, 10, &
        x0=[10.0_dp, 10.0_dp, 10.0_dp, 10.0_dp, 10.0_dp, 10.0_dp, 10.0_dp, 10.0_dp,  &
            10.0_dp, 10.0_dp], &
        xtol=1.49012e-08_dp, maxfev=2200, ml=9, mu=9, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=1, nfev=87, njev=0, &
        x=[18.897467868635825_dp, 18.89874043949863_dp, 12.616979317065915_dp,  &
           12.61859366358353_dp, 12.620453705448847_dp, 12.62264391936687_dp,  &
           12.625302751023426_dp, 12.752767616573465_dp, 12.720712575272634_dp,  &
           12.69099598854154_dp])
    call scipy_case(t, 'badly scaled x0=(nan,1)', HYBRD, 3, 2, &
        x0=[nan_dp, 1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=600, ml=1, mu=1, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=5, nfev=15, njev=0, &
        x=[nan_dp, 1.0_dp])
    call scipy_case(t, 'rosenbrock x0=(nan,1)', HYBRJ, 1, 2, &
        x0=[nan_dp, 1.0_dp], &
        xtol=1.49012e-08_dp, maxfev=300, ml=1, mu=1, epsfcn=2.220446049250313e-16_dp, factor=100.0_dp, &
        info=5, nfev=11, njev=2, &
        x=[nan_dp, 1.0_dp])
  end subroutine scipy_cases

end program test_hybrd
