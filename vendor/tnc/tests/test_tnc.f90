! Unit tests of scijit_tnc_minimize on classic problems: Rosenbrock's
! function (n = 2 and 10) without and with bounds, a quadratic whose
! minimum is cut by the box (several bounds active at the solution), and
! the early exits (infeasible bounds, no evaluations allowed, every variable
! fixed, a callback that stops, bad scale length, a length too small).
module tnc_test_problems
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_ptr, c_f_pointer, c_associated
  implicit none
  private
  public :: rosenbrock, box_quadratic, counting_rosenbrock

contains

  ! Extended Rosenbrock function.
  function rosenbrock(n, x, g, iflag, udata) result(f) bind(C)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double), intent(inout) :: g(n)
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    real(c_double) :: f, t
    integer :: i
    if (c_associated(udata) .and. iflag < 0) g = 0   ! (both unused)
    f = 0
    g = 0
    do i = 1, n - 1
      t = x(i + 1) - x(i)**2
      f = f + 100 * t**2 + (1 - x(i))**2
      g(i + 1) = g(i + 1) + 200 * t
      g(i) = g(i) - 400 * x(i) * t - 2 * (1 - x(i))
    end do
  end function rosenbrock

  ! sum_i i (x_i - c_i)^2 + x_1 x_2 with c_i = (-1)^i * i / 2.
  function box_quadratic(n, x, g, iflag, udata) result(f) bind(C)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double), intent(inout) :: g(n)
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    real(c_double) :: f, c
    integer :: i
    if (c_associated(udata) .and. iflag < 0) g = 0   ! (both unused)
    f = x(1) * x(2)
    do i = 1, n
      c = (-1)**i * i / 2.0d0
      f = f + i * (x(i) - c)**2
      g(i) = 2 * i * (x(i) - c)
    end do
    g(1) = g(1) + x(2)
    g(2) = g(2) + x(1)
  end function box_quadratic

  ! Rosenbrock, counting calls in the integer udata points to, and asking
  ! to stop (iflag = -1) on the call numbered by its negative.
  function counting_rosenbrock(n, x, g, iflag, udata) result(f) bind(C)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double), intent(inout) :: g(n)
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    real(c_double) :: f
    integer(c_int), pointer :: count(:)
    call c_f_pointer(udata, count, [2])
    count(1) = count(1) + 1
    f = rosenbrock(n, x, g, iflag, udata)
    if (count(1) == count(2)) iflag = -1
  end function counting_rosenbrock

end module tnc_test_problems

program test_tnc
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_ptr, c_null_ptr, c_loc
  use, intrinsic :: ieee_arithmetic, only: ieee_value, ieee_positive_inf
  use tnc_capi, only: scijit_tnc_minimize
  use tnc_test_problems
  implicit none
  integer :: failures = 0, checks = 0
  real(c_double) :: inf

  inf = ieee_value(inf, ieee_positive_inf)
  call rosenbrock_free()
  call rosenbrock_bounded()
  call active_bounds()
  call early_exits()
  print '(i0, " checks, ", i0, " failed")', checks, failures
  if (failures > 0) error stop 1

contains

  subroutine check(ok, what)
    logical, intent(in) :: ok
    character(*), intent(in) :: what
    checks = checks + 1
    if (.not. ok) then
      failures = failures + 1
      print '("FAILED: ", a)', what
    end if
  end subroutine check

  ! One call with scipy's defaults (maxfun as given) on n variables.
  subroutine run(fg, n, x, low, up, maxfun, f, g, nfeval, niter, rc, udata, maxcgit, scale)
    interface
      function fg(n, x, g, iflag, udata) result(f) bind(C)
        import :: c_int, c_double, c_ptr
        integer(c_int), value :: n
        real(c_double), intent(in) :: x(n)
        real(c_double), intent(inout) :: g(n)
        integer(c_int), intent(inout) :: iflag
        type(c_ptr), value :: udata
        real(c_double) :: f
      end function fg
    end interface
    integer, intent(in) :: n, maxfun
    real(c_double), intent(inout) :: x(n)
    real(c_double), intent(in) :: low(n), up(n)
    real(c_double), intent(out) :: f, g(n)
    integer(c_int), intent(out) :: nfeval, niter, rc
    type(c_ptr), intent(in), optional :: udata
    integer, intent(in), optional :: maxcgit
    real(c_double), intent(in), optional :: scale(:)
    real(c_double) :: wa(21 * n), none(1), sc(n)
    integer(c_int) :: iwa(n), cg, nsc
    type(c_ptr) :: ud
    ud = c_null_ptr
    if (present(udata)) ud = udata
    cg = -1
    if (present(maxcgit)) cg = maxcgit
    nsc = 0
    if (present(scale)) then
      nsc = n
      sc = scale
    end if
    call scijit_tnc_minimize(fg, n, x, n, low, n, up, n, nsc, sc, nsc, 0, none, 0, cg, maxfun, &
         -1d0, 0d0, 0d0, 0d0, -1d0, -1d0, -1d0, -1d0, f, g, n, wa, size(wa), iwa, n, nfeval, &
         niter, rc, ud)
  end subroutine run

  subroutine rosenbrock_free()
    real(c_double) :: x(2), g(2), f, x10(10), g10(10), lo10(10), up10(10)
    integer(c_int) :: nfeval, niter, rc
    integer :: i
    x = [-1.2d0, 1d0]
    call run(rosenbrock, 2, x, [-inf, -inf], [inf, inf], 200, f, g, nfeval, niter, rc)
    call check(rc >= 0 .and. rc <= 2, 'rosenbrock n=2 converges')
    call check(maxval(abs(x - 1)) < 1d-3, 'rosenbrock n=2 reaches (1, 1)')
    call check(f < 1d-8 .and. nfeval <= 200 .and. niter > 0, 'rosenbrock n=2 f, counts')
    do i = 1, 10
      x10(i) = -1 + 2.5d0 * (i - 1) / 9
    end do
    lo10 = -inf
    up10 = inf
    call run(rosenbrock, 10, x10, lo10, up10, 1000, f, g10, nfeval, niter, rc)
    call check(rc >= 0 .and. rc <= 2 .and. maxval(abs(x10 - 1)) < 1d-3, &
         'rosenbrock n=10 reaches (1, ..., 1)')
    ! maxCGit = 0 (steepest descent) runs out of evaluations
    x = [-1.2d0, 1d0]
    call run(rosenbrock, 2, x, [-inf, -inf], [inf, inf], 30, f, g, nfeval, niter, rc, maxcgit=0)
    call check(rc == 3 .and. nfeval == 30, 'maxCGit 0: MAXFUN after maxfun evaluations')
  end subroutine rosenbrock_free

  subroutine rosenbrock_bounded()
    real(c_double) :: x(2), g(2), f
    integer(c_int) :: nfeval, niter, rc
    ! x1 <= 0.5: the minimum is (0.5, 0.25) on the bound
    x = [-1.2d0, 1d0]
    call run(rosenbrock, 2, x, [-2d0, -2d0], [0.5d0, 2d0], 300, f, g, nfeval, niter, rc)
    call check(rc >= 0 .and. rc <= 2, 'bounded rosenbrock converges')
    call check(abs(x(1) - 0.5d0) == 0 .and. abs(x(2) - 0.25d0) < 1d-5, &
         'bounded rosenbrock: x1 at its bound, x2 = x1**2')
    call check(g(1) < 0, 'bounded rosenbrock: the multiplier has the right sign')
    ! with scales given
    x = [-1.2d0, 1d0]
    call run(rosenbrock, 2, x, [-2d0, -2d0], [0.5d0, 2d0], 300, f, g, nfeval, niter, rc, &
         scale=[3d0, 0.5d0])
    call check(rc >= 0 .and. rc <= 2 .and. abs(x(1) - 0.5d0) == 0 &
         .and. abs(x(2) - 0.25d0) < 1d-4, 'bounded rosenbrock with scales')
  end subroutine rosenbrock_bounded

  subroutine active_bounds()
    integer, parameter :: n = 6
    real(c_double) :: x(n), g(n), f, lo(n), up(n)
    integer(c_int) :: nfeval, niter, rc
    integer :: i
    ! unconstrained minimum near c = (-0.5, 1, -1.5, 2, -2.5, 3); the box
    ! [-1, 1.5] cuts variables 3 to 6, and the coupling x1 x2 pushes x1 to
    ! its lower bound too (scipy: x = (-1, 1.25, -1, 1.5, -1, 1.5))
    lo = -1
    up = 1.5d0
    x = 0
    call run(box_quadratic, n, x, lo, up, 500, f, g, nfeval, niter, rc)
    call check(rc >= 0 .and. rc <= 2, 'box quadratic converges')
    call check(x(1) == -1 .and. x(3) == -1 .and. x(4) == 1.5d0 .and. x(5) == -1 &
         .and. x(6) == 1.5d0, 'box quadratic: variables 1, 3..6 at their bounds')
    call check(g(1) > 0 .and. g(3) > 0 .and. g(4) < 0 .and. g(5) > 0 .and. g(6) < 0, &
         'box quadratic: multipliers of the active bounds')
    call check(abs(x(2) - 1.25d0) < 1d-6 .and. abs(g(2)) < 1d-5, &
         'box quadratic: x2 free at its minimum 1.25')
    do i = 1, n
      call check(x(i) >= lo(i) .and. x(i) <= up(i), 'box quadratic: x in the box')
    end do
  end subroutine active_bounds

  subroutine early_exits()
    real(c_double), target :: x(2), g(2), f, wa(42), none(1)
    integer(c_int), target :: count(2)
    integer(c_int) :: nfeval, niter, rc, iwa(2)
    ! infeasible bounds: nothing evaluated
    x = [0d0, 0d0]
    call run(rosenbrock, 2, x, [1d0, 0d0], [0d0, 1d0], 100, f, g, nfeval, niter, rc)
    call check(rc == -1 .and. nfeval == 0 .and. f == inf, 'low > up: INFEASIBLE')
    ! maxfun 0: MAXFUN, x clamped into the bounds, nothing evaluated
    x = [5d0, -5d0]
    call run(rosenbrock, 2, x, [-1d0, -1d0], [1d0, 1d0], 0, f, g, nfeval, niter, rc)
    call check(rc == 3 .and. nfeval == 0 .and. x(1) == 1 .and. x(2) == -1, 'maxfun 0: MAXFUN')
    ! every variable fixed: one evaluation, CONSTANT
    x = [5d0, -5d0]
    call run(rosenbrock, 2, x, [1d0, 2d0], [1d0, 2d0], 100, f, g, nfeval, niter, rc)
    call check(rc == 5 .and. nfeval == 1 .and. f == 100, 'equal bounds: CONSTANT')
    ! the callback stops on its 7th call: USERABORT at once
    count = [0, 7]
    x = [-1.2d0, 1d0]
    call run(counting_rosenbrock, 2, x, [-inf, -inf], [inf, inf], 100, f, g, nfeval, niter, rc, &
         udata=c_loc(count))
    call check(rc == 7 .and. nfeval == 7 .and. count(1) == 7, 'iflag < 0: USERABORT')
    ! a scale of the wrong length: EINVAL
    call scijit_tnc_minimize(rosenbrock, 2, x, 2, [-inf, -inf], 2, [inf, inf], 2, 1, none, 1, &
         0, none, 0, -1, 100, -1d0, 0d0, 0d0, 0d0, -1d0, -1d0, -1d0, -1d0, f, g, 2, wa, 42, iwa, &
         2, nfeval, niter, rc, c_null_ptr)
    call check(rc == -2 .and. nfeval == 0, 'nscale /= n: EINVAL')
    ! a workspace one short: SIZE_ERROR, x untouched
    x = [-1.2d0, 1d0]
    call scijit_tnc_minimize(rosenbrock, 2, x, 2, [-inf, -inf], 2, [inf, inf], 2, 0, none, 0, &
         0, none, 0, -1, 100, -1d0, 0d0, 0d0, 0d0, -1d0, -1d0, -1d0, -1d0, f, g, 2, wa, 41, iwa, &
         2, nfeval, niter, rc, c_null_ptr)
    call check(rc == -1000 .and. x(1) == -1.2d0 .and. x(2) == 1, 'lwa short: SIZE_ERROR')
  end subroutine early_exits

end program test_tnc
