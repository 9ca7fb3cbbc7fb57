! Plain-loop BLAS/LAPACK kernels for the Fortran unit tests (no BLAS is
! linked there): ddot, dnrm2, daxpy as written-out loops (dnrm2 summing
! squares in extended precision when the compiler has it, as OpenBLAS's x87
! kernel does), dpotrf as the unblocked upper Cholesky (LAPACK dpotf2) and
! dtrsv and dtrsm as column-oriented triangular solves.  Not scipy's bits for
! n >= 16 (OpenBLAS's FMA kernels); the Python tests pass scipy's own.
module lbfgsb_refkernels
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_char, c_long_double
  implicit none
  private
  public :: ref_ddot, ref_dnrm2, ref_daxpy, ref_dpotrf, ref_dtrsv, ref_dtrsm

  integer, parameter :: xp = merge(c_long_double, c_double, c_long_double > 0)

contains

  function ref_ddot(n, x, incx, y, incy) result(s) bind(C)
    integer(c_int), intent(in) :: n, incx, incy
    real(c_double), intent(in) :: x(*), y(*)
    real(c_double) :: s
    integer :: i
    s = 0.0_c_double
    if (incx /= 1 .or. incy /= 1) error stop 'ref_ddot: unit strides only'
    do i = 1, n
      s = s + x(i) * y(i)
    end do
  end function ref_ddot

  function ref_dnrm2(n, x, incx) result(s) bind(C)
    integer(c_int), intent(in) :: n, incx
    real(c_double), intent(in) :: x(*)
    real(c_double) :: s
    real(xp) :: acc
    integer :: i
    if (incx /= 1) error stop 'ref_dnrm2: unit stride only'
    acc = 0.0_xp
    do i = 1, n
      acc = acc + real(x(i), xp) * real(x(i), xp)
    end do
    s = real(sqrt(acc), c_double)
  end function ref_dnrm2

  subroutine ref_daxpy(n, a, x, incx, y, incy) bind(C)
    integer(c_int), intent(in) :: n, incx, incy
    real(c_double), intent(in) :: a, x(*)
    real(c_double), intent(inout) :: y(*)
    integer :: i
    if (incx /= 1 .or. incy /= 1) error stop 'ref_daxpy: unit strides only'
    do i = 1, n
      y(i) = y(i) + a * x(i)
    end do
  end subroutine ref_daxpy

  subroutine ref_dpotrf(uplo, n, a, lda, info) bind(C)
    character(kind=c_char), intent(in) :: uplo
    integer(c_int), intent(in) :: n, lda
    real(c_double), intent(inout) :: a(lda, *)
    integer(c_int), intent(out) :: info
    integer :: i, j, k
    real(c_double) :: ajj, s
    if (uplo /= 'U') error stop 'ref_dpotrf: uplo = U only'
    info = 0
    do j = 1, n
      s = 0.0_c_double
      do k = 1, j - 1
        s = s + a(k, j) * a(k, j)
      end do
      ajj = a(j, j) - s
      if (ajj <= 0.0_c_double .or. ajj /= ajj) then
        a(j, j) = ajj
        info = j
        return
      end if
      ajj = sqrt(ajj)
      a(j, j) = ajj
      do i = j + 1, n
        s = 0.0_c_double
        do k = 1, j - 1
          s = s + a(k, j) * a(k, i)
        end do
        a(j, i) = (a(j, i) - s) / ajj
      end do
    end do
  end subroutine ref_dpotrf

  subroutine ref_dtrsv(uplo, trans, diag, n, a, lda, x, incx) bind(C)
    character(kind=c_char), intent(in) :: uplo, trans, diag
    integer(c_int), intent(in) :: n, lda, incx
    real(c_double), intent(in) :: a(lda, *)
    real(c_double), intent(inout) :: x(*)
    if (incx /= 1) error stop 'ref_dtrsv: incx = 1 only'
    call upper_solve(uplo, trans, diag, n, a, lda, x)
  end subroutine ref_dtrsv

  subroutine ref_dtrsm(side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb) bind(C)
    character(kind=c_char), intent(in) :: side, uplo, transa, diag
    integer(c_int), intent(in) :: m, n, lda, ldb
    real(c_double), intent(in) :: alpha, a(lda, *)
    real(c_double), intent(inout) :: b(ldb, *)
    integer :: r
    if (side /= 'L' .or. alpha /= 1.0_c_double) error stop 'ref_dtrsm: L, alpha = 1 only'
    do r = 1, n
      call upper_solve(uplo, transa, diag, m, a, lda, b(1, r))
    end do
  end subroutine ref_dtrsm

  ! x := op(U)^-1 x for an upper triangular U with a nonzero diagonal.
  subroutine upper_solve(uplo, trans, diag, n, a, lda, x)
    character(kind=c_char), intent(in) :: uplo, trans, diag
    integer(c_int), intent(in) :: n, lda
    real(c_double), intent(in) :: a(lda, *)
    real(c_double), intent(inout) :: x(*)
    integer :: i, j
    real(c_double) :: s
    if (uplo /= 'U' .or. diag /= 'N') error stop 'upper_solve: U, N only'
    if (trans == 'N') then
      do j = n, 1, -1              ! U x = b
        s = x(j)
        do i = j + 1, n
          s = s - a(j, i) * x(i)
        end do
        x(j) = s / a(j, j)
      end do
    else
      do j = 1, n                  ! U' x = b
        s = x(j)
        do i = 1, j - 1
          s = s - a(i, j) * x(i)
        end do
        x(j) = s / a(j, j)
      end do
    end if
  end subroutine upper_solve
end module lbfgsb_refkernels

! Unit tests of scijit_lbfgsb_setulb: the L-BFGS-B 3.0 distribution's
! driver1 problem (extended Rosenbrock-like, n = 25, m = 5, every variable
! boxed), an unconstrained Rosenbrock, the input errors scipy reports and
! the C layer's length checks.  Kernels: the plain loops above.
program test_lbfgsb
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_funptr, c_funloc, c_null_funptr
  use lbfgsb_refkernels
  use lbfgsb_capi, only: scijit_lbfgsb_setulb
  implicit none
  integer :: failed = 0, checks = 0
  type(c_funptr) :: kp(6)

  kp = [c_funloc(ref_ddot), c_funloc(ref_dnrm2), c_funloc(ref_daxpy), c_funloc(ref_dpotrf), &
        c_funloc(ref_dtrsv), c_funloc(ref_dtrsm)]
  call test_driver1()
  call test_rosenbrock()
  call test_errors()
  call test_sizes()
  print '(i0, a, i0, a)', checks, ' checks, ', failed, ' failed'
  if (failed > 0) error stop 1

contains

  subroutine check(ok, what)
    logical, intent(in) :: ok
    character(*), intent(in) :: what
    checks = checks + 1
    if (.not. ok) then
      failed = failed + 1
      print '(2a)', 'FAILED: ', what
    end if
  end subroutine check

  ! driver1's function: 4 (0.25 (x1 - 1)^2 + sum (x_i - x_{i-1}^2)^2).
  subroutine driver1_fg(n, x, f, g)
    integer, intent(in) :: n
    real(c_double), intent(in) :: x(n)
    real(c_double), intent(out) :: f, g(n)
    integer :: i
    real(c_double) :: t1, t2
    f = 0.25_c_double * (x(1) - 1)**2
    do i = 2, n
      f = f + (x(i) - x(i - 1)**2)**2
    end do
    f = 4 * f
    t1 = x(2) - x(1)**2
    g(1) = 2 * (x(1) - 1) - 16 * x(1) * t1
    do i = 2, n - 1
      t2 = t1
      t1 = x(i + 1) - x(i)**2
      g(i) = 8 * t2 - 16 * x(i) * t1
    end do
    g(n) = 8 * t1
  end subroutine driver1_fg

  subroutine rosen_fg(n, x, f, g)
    integer, intent(in) :: n
    real(c_double), intent(in) :: x(n)
    real(c_double), intent(out) :: f, g(n)
    integer :: i
    f = 0
    g = 0
    do i = 1, n - 1
      f = f + 100 * (x(i + 1) - x(i)**2)**2 + (1 - x(i))**2
      g(i) = g(i) - 400 * x(i) * (x(i + 1) - x(i)**2) - 2 * (1 - x(i))
      g(i + 1) = g(i + 1) + 200 * (x(i + 1) - x(i)**2)
    end do
  end subroutine rosen_fg

  ! drive: scipy's _minimize_lbfgsb loop around setulb; which = 1 driver1, 2 Rosenbrock.
  subroutine drive(which, n, m, x, l, u, nbd, factr, pgtol, maxls, maxiter, f, g, task, isave, &
                   nfev, nit, status)
    integer, intent(in) :: which, n, m, maxls, maxiter
    real(c_double), intent(inout) :: x(n)
    real(c_double), intent(in) :: l(n), u(n), factr, pgtol
    integer(c_int), intent(in) :: nbd(n)
    real(c_double), intent(out) :: f, g(n)
    integer(c_int), intent(out) :: task(2), isave(44), status
    integer, intent(out) :: nfev, nit
    real(c_double) :: wa(2*m*n + 5*n + 11*m*m + 8*m), dsave(29)
    integer(c_int) :: iwa(3*n), lsave(4), ln_task(2)

    task = 0; ln_task = 0; lsave = 0; isave = 0; dsave = 0; wa = 0; iwa = 0
    f = 0; g = 0; nfev = 0; nit = 0
    do
      call scijit_lbfgsb_setulb(n, m, x, l, u, nbd, f, g, factr, pgtol, wa, size(wa), iwa, &
                                size(iwa), task, 2, lsave, 4, isave, 44, dsave, 29, maxls, &
                                ln_task, 2, kp(1), kp(2), kp(3), kp(4), kp(5), kp(6), &
                                status)
      if (status /= 0) return
      if (task(1) == 3) then
        if (which == 1) then
          call driver1_fg(n, x, f, g)
        else
          call rosen_fg(n, x, f, g)
        end if
        nfev = nfev + 1
      else if (task(1) == 1) then
        nit = nit + 1
        if (nit >= maxiter) task = [5, 504]
      else
        exit
      end if
    end do
  end subroutine drive

  subroutine test_driver1()
    integer, parameter :: n = 25, m = 5
    real(c_double) :: x(n), l(n), u(n), f, g(n)
    integer(c_int) :: nbd(n), task(2), isave(44), status
    integer :: i, nfev, nit
    do i = 1, n, 2
      l(i) = 1
      u(i) = 100
    end do
    do i = 2, n, 2
      l(i) = -100
      u(i) = 100
    end do
    nbd = 2
    x = 3
    call drive(1, n, m, x, l, u, nbd, 1.0e7_c_double, 1.0e-5_c_double, 20, 1000, f, g, task, &
               isave, nfev, nit, status)
    call check(status == 0, 'driver1: status 0')
    call check(task(1) == 4, 'driver1: converged')
    call check(f < 1.0e-7_c_double, 'driver1: f near 0')
    call check(abs(x(1) - 1) < 1.0e-3_c_double, 'driver1: x(1) = 1 (its lower bound)')
    call check(all(x >= l .and. x <= u), 'driver1: x inside the box')
    call check(nfev >= nit .and. nit > 5 .and. nfev < 100, 'driver1: plausible counts')
    call check(isave(31) > 0 .and. isave(31) <= nit, 'driver1: isave(31) counts BFGS updates')
    call check(isave(34) == nfev, 'driver1: isave(34) counts f and g evaluations')
    call check(isave(30) == nit, 'driver1: isave(30) counts iterations')
  end subroutine test_driver1

  subroutine test_rosenbrock()
    integer, parameter :: n = 10
    real(c_double) :: x(n), l(n), u(n), f, g(n)
    integer(c_int) :: nbd(n), task(2), isave(44), status
    integer :: nfev, nit
    l = 0; u = 0; nbd = 0
    x = -1.2_c_double
    call drive(2, n, 10, x, l, u, nbd, 1.0e1_c_double, 1.0e-10_c_double, 20, 1000, f, g, &
               task, isave, nfev, nit, status)
    call check(status == 0 .and. task(1) == 4, 'rosenbrock: converged')
    call check(maxval(abs(x - 1)) < 1.0e-5_c_double, 'rosenbrock: x = 1')
    ! a bound active at the solution: x(1) <= 0.5
    x = -1.2_c_double
    nbd(1) = 3
    u(1) = 0.5_c_double
    call drive(2, n, 5, x, l, u, nbd, 1.0e7_c_double, 1.0e-5_c_double, 20, 1000, f, g, &
               task, isave, nfev, nit, status)
    call check(task(1) == 4 .and. x(1) == 0.5_c_double, 'rosenbrock: x(1) at its upper bound')
    call check(g(1) < 0, 'rosenbrock: the bound holds x(1) back')
    ! maxiter: stopped by the driver
    x = -1.2_c_double
    nbd = 0
    call drive(2, n, 5, x, l, u, nbd, 1.0e7_c_double, 1.0e-5_c_double, 20, 3, f, g, &
               task, isave, nfev, nit, status)
    call check(task(1) == 5 .and. task(2) == 504 .and. nit == 3, 'rosenbrock: stopped at maxiter')
  end subroutine test_rosenbrock

  subroutine test_errors()
    real(c_double) :: x(3), l(3), u(3)
    integer(c_int) :: nbd(3), task(2), status
    x = 0.5_c_double
    l = 0; u = 1; nbd = 2
    l(2) = 2                                   ! l > u
    call one_call(3, 2, 1.0e7_c_double, x, l, u, nbd, task, status)
    call check(status == 0 .and. task(1) == 7 .and. task(2) == 701, 'infeasible box: 701')
    call check(all(x == 0.5_c_double), 'infeasible box: x untouched')
    l(2) = 0
    nbd(3) = 4
    call one_call(3, 2, 1.0e7_c_double, x, l, u, nbd, task, status)
    call check(task(1) == 7 .and. task(2) == 713, 'bad nbd: 713')
    nbd(3) = 2
    call one_call(3, 2, -1.0_c_double, x, l, u, nbd, task, status)
    call check(task(1) == 7 .and. task(2) == 702, 'factr < 0: 702')
    call one_call(3, 0, 1.0e7_c_double, x, l, u, nbd, task, status)
    call check(task(1) == 7 .and. task(2) == 711, 'm = 0: 711')
    call one_call(0, 2, 1.0e7_c_double, x, l, u, nbd, task, status)
    call check(task(1) == 7 .and. task(2) == 712, 'n = 0: 712')
    call one_call(3, 2, 1.0e7_c_double, x, l, u, nbd, task, status)
    call check(task(1) == 3 .and. task(2) == 301, 'good input: asks for f and g')
  end subroutine test_errors

  ! one_call: the first call of a run (task = START) on n <= 3, m <= 2.
  subroutine one_call(nn, mm, factr, x, l, u, nbd, task, status)
    integer, intent(in) :: nn, mm
    real(c_double), intent(in) :: factr, l(3), u(3)
    real(c_double), intent(inout) :: x(3)
    integer(c_int), intent(in) :: nbd(3)
    integer(c_int), intent(out) :: task(2), status
    real(c_double) :: f, g(3), wa(2*3*2 + 5*3 + 11*4 + 8*2), dsave(29)
    integer(c_int) :: isave(44), iwa(9), lsave(4), ln_task(2)
    task = 0; ln_task = 0; lsave = 0; isave = 0; dsave = 0; wa = 0; iwa = 0; f = 0; g = 0
    call scijit_lbfgsb_setulb(nn, mm, x, l, u, nbd, f, g, factr, 0.0_c_double, wa, size(wa), &
                              iwa, size(iwa), task, 2, lsave, 4, isave, 44, dsave, 29, 20, &
                              ln_task, 2, kp(1), kp(2), kp(3), kp(4), kp(5), kp(6), &
                                status)
  end subroutine one_call

  subroutine test_sizes()
    integer, parameter :: n = 4, m = 3
    integer, parameter :: lwa = 2*m*n + 5*n + 11*m*m + 8*m
    real(c_double) :: x(n), l(n), u(n), f, g(n), wa(lwa), dsave(29)
    integer(c_int) :: nbd(n), task(2), isave(44), status, iwa(3*n), lsave(4), ln_task(2)
    integer :: which
    l = 0; u = 0; nbd = 0; x = 1; f = 0; g = 0
    do which = 1, 8
      task = 0; isave = -5; wa = -5; iwa = -5
      call scijit_lbfgsb_setulb(n, m, x, l, u, nbd, f, g, 1.0e7_c_double, 0.0_c_double, wa, &
                                lwa - merge(1, 0, which == 1), iwa, 3*n - merge(1, 0, which == 2), &
                                task, 2 - merge(1, 0, which == 3), lsave, 4 - merge(1, 0, which == 4), &
                                isave, 44 - merge(1, 0, which == 5), dsave, 29 - merge(1, 0, which == 6), &
                                20, ln_task, 2 - merge(1, 0, which == 7), kp(1), kp(2), kp(3), kp(4), &
                                kp(5), merge(c_null_funptr, kp(6), which == 8), status)
      if (which <= 7) then
        call check(status == -1000, 'one length short: scijit_size_error')
      else
        call check(status == -1, 'a null kernel: status -1')
      end if
      call check(task(1) == 0 .and. all(isave == -5) .and. all(wa == -5) .and. all(iwa == -5), &
                 'refused before touching anything')
    end do
  end subroutine test_sizes
end program test_lbfgsb
