! The dense kernels L-BFGS-B calls, reached through procedure pointers.
!
! scipy's setulb calls BLAS (ddot, dnrm2, daxpy) and LAPACK (dpotrf, dtrtrs)
! from the OpenBLAS scipy ships; those kernels fuse multiplies and adds and
! accumulate dnrm2 in extended precision, and which kernel runs depends on the
! processor.  To give scipy's iterates bit for bit the caller hands us the very
! same routines (scipy.linalg.cython_blas / cython_lapack), as C function
! pointers with the reference BLAS/LAPACK calling convention (every argument
! by reference).  dscal and dcopy are exact, so they are plain loops here.
module lbfgsb_kernels
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_char
  implicit none
  private
  public :: lbfgsb_blas, dot_iface, nrm2_iface, axpy_iface, potrf_iface, trtrs_iface

  abstract interface
    ! ddot(n, x, incx, y, incy): sum of x(i)*y(i).
    function dot_iface(n, x, incx, y, incy) result(s) bind(C)
      import :: c_int, c_double
      integer(c_int), intent(in) :: n, incx, incy
      real(c_double), intent(in) :: x(*), y(*)
      real(c_double) :: s
    end function dot_iface
    ! dnrm2(n, x, incx): the Euclidean norm of x.
    function nrm2_iface(n, x, incx) result(s) bind(C)
      import :: c_int, c_double
      integer(c_int), intent(in) :: n, incx
      real(c_double), intent(in) :: x(*)
      real(c_double) :: s
    end function nrm2_iface
    ! daxpy(n, a, x, incx, y, incy): y := a*x + y.
    subroutine axpy_iface(n, a, x, incx, y, incy) bind(C)
      import :: c_int, c_double
      integer(c_int), intent(in) :: n, incx, incy
      real(c_double), intent(in) :: a, x(*)
      real(c_double), intent(inout) :: y(*)
    end subroutine axpy_iface
    ! dpotrf(uplo, n, a, lda, info): Cholesky factor of a, in place.
    subroutine potrf_iface(uplo, n, a, lda, info) bind(C)
      import :: c_int, c_double, c_char
      character(kind=c_char), intent(in) :: uplo
      integer(c_int), intent(in) :: n, lda
      real(c_double), intent(inout) :: a(lda, *)
      integer(c_int), intent(out) :: info
    end subroutine potrf_iface
    ! dtrtrs(uplo, trans, diag, n, nrhs, a, lda, b, ldb, info): solve a
    ! triangular system with nrhs right-hand sides, b overwritten.
    subroutine trtrs_iface(uplo, trans, diag, n, nrhs, a, lda, b, ldb, info) bind(C)
      import :: c_int, c_double, c_char
      character(kind=c_char), intent(in) :: uplo, trans, diag
      integer(c_int), intent(in) :: n, nrhs, lda, ldb
      real(c_double), intent(in) :: a(lda, *)
      real(c_double), intent(inout) :: b(ldb, *)
      integer(c_int), intent(out) :: info
    end subroutine trtrs_iface
  end interface

  ! The kernels of one call, passed down the call tree (no module state).
  type :: lbfgsb_blas
    procedure(dot_iface), pointer, nopass :: dot => null()
    procedure(nrm2_iface), pointer, nopass :: nrm2 => null()
    procedure(axpy_iface), pointer, nopass :: axpy => null()
    procedure(potrf_iface), pointer, nopass :: potrf => null()
    procedure(trtrs_iface), pointer, nopass :: trtrs => null()
  end type lbfgsb_blas
end module lbfgsb_kernels
