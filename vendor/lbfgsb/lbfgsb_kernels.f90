! The dense kernels L-BFGS-B calls, reached through procedure pointers.
!
! scipy's setulb calls BLAS (ddot, dnrm2, daxpy) and LAPACK (dpotrf, dtrtrs)
! from the OpenBLAS scipy ships; those kernels fuse multiplies and adds and
! accumulate dnrm2 in extended precision, and which kernel runs depends on the
! processor.  To give scipy's iterates bit for bit the caller hands us the very
! same routines (scipy.linalg.cython_blas / cython_lapack), as C function
! pointers with the reference BLAS/LAPACK calling convention (every argument
! by reference).  dscal and dcopy are exact, so they are plain loops here.
!
! dtrtrs is a singularity check followed by a triangular solve, so that is
! what trtrs below does, with the kernels OpenBLAS's dtrtrs itself runs (the
! same bits): dtrsv for one right-hand side, dtrsm for more.  OpenBLAS's
! dtrtrs hands every call with several right-hand sides to its thread pool,
! whatever the size (its dtrsm keeps small ones on the calling thread): on a
! busy machine, or inside numba's prange, that made each L-BFGS-B iteration
! wait for OpenBLAS's threads (10x slower on 2 cores).
module lbfgsb_kernels
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_char
  implicit none
  private
  public :: lbfgsb_blas, dot_iface, nrm2_iface, axpy_iface, potrf_iface, trsv_iface, &
       trsm_iface, trtrs

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
    ! dtrsv(uplo, trans, diag, n, a, lda, x, incx): x := op(a)^-1 x.
    subroutine trsv_iface(uplo, trans, diag, n, a, lda, x, incx) bind(C)
      import :: c_int, c_double, c_char
      character(kind=c_char), intent(in) :: uplo, trans, diag
      integer(c_int), intent(in) :: n, lda, incx
      real(c_double), intent(in) :: a(lda, *)
      real(c_double), intent(inout) :: x(*)
    end subroutine trsv_iface
    ! dtrsm(side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb):
    ! b := alpha op(a)^-1 b (side 'L'), a triangular, b overwritten.
    subroutine trsm_iface(side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb) bind(C)
      import :: c_int, c_double, c_char
      character(kind=c_char), intent(in) :: side, uplo, transa, diag
      integer(c_int), intent(in) :: m, n, lda, ldb
      real(c_double), intent(in) :: alpha, a(lda, *)
      real(c_double), intent(inout) :: b(ldb, *)
    end subroutine trsm_iface
  end interface

  ! The kernels of one call, passed down the call tree (no module state).
  type :: lbfgsb_blas
    procedure(dot_iface), pointer, nopass :: dot => null()
    procedure(nrm2_iface), pointer, nopass :: nrm2 => null()
    procedure(axpy_iface), pointer, nopass :: axpy => null()
    procedure(potrf_iface), pointer, nopass :: potrf => null()
    procedure(trsv_iface), pointer, nopass :: trsv => null()
    procedure(trsm_iface), pointer, nopass :: trsm => null()
  end type lbfgsb_blas

contains

  ! trtrs: LAPACK's dtrtrs(uplo, trans, diag, n, nrhs, a, lda, b, ldb, info)
  ! with the kernels k: info = i > 0 when a's i-th diagonal element is zero
  ! (diag 'N'), b untouched then; else b := op(a)^-1 b and info = 0.
  subroutine trtrs(k, uplo, trans, diag, n, nrhs, a, lda, b, ldb, info)
    type(lbfgsb_blas), intent(in) :: k
    character(kind=c_char), intent(in) :: uplo, trans, diag
    integer(c_int), intent(in) :: n, nrhs, lda, ldb
    real(c_double), intent(in) :: a(lda, *)
    real(c_double), intent(inout) :: b(ldb, *)
    integer(c_int), intent(out) :: info
    integer(c_int) :: i
    info = 0
    if (n == 0) return
    if (diag == 'N') then
      do i = 1, n
        if (a(i, i) == 0.0_c_double) then
          info = i
          return
        end if
      end do
    end if
    if (nrhs == 1) then
      call k%trsv(uplo, trans, diag, n, a(1, 1), lda, b(1, 1), 1)
    else
      call k%trsm('L', uplo, trans, diag, n, nrhs, 1.0_c_double, a(1, 1), lda, b(1, 1), ldb)
    end if
  end subroutine trtrs
end module lbfgsb_kernels
