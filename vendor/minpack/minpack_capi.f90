! C entry points of the MINPACK library (see DESIGN.md, "The Fortran side").
!
! C prototypes (int32_t integers, arrays column-major; vendor/include/scijit.h
! is generated from lowering's table, which declares the same):
!
!   typedef void (*scijit_hybrd_fcn)(int32_t n, double *x, double *fvec,
!                                    int32_t *iflag, void *udata);
!   typedef void (*scijit_hybrj_fcn)(int32_t n, double *x, double *fvec,
!                                    double *fjac, int32_t ldfjac,
!                                    int32_t *iflag, void *udata);
!
!   void scijit_minpack_hybrd(scijit_hybrd_fcn fcn, int32_t n, double *x,
!        double *fvec, double xtol, int32_t maxfev, int32_t ml, int32_t mu,
!        double epsfcn, double *diag, int32_t mode, double factor,
!        double *fjac, int32_t ldfjac, double *r, int32_t lr, double *qtf,
!        double *wa, int32_t lwa, int32_t *info, int32_t *nfev, void *udata);
!   void scijit_minpack_hybrj(scijit_hybrj_fcn fcn, int32_t n, double *x,
!        double *fvec, double *fjac, int32_t ldfjac, double xtol,
!        int32_t maxfev, double *diag, int32_t mode, double factor, double *r,
!        int32_t lr, double *qtf, double *wa, int32_t lwa, int32_t *info,
!        int32_t *nfev, int32_t *njev, void *udata);
!
! Array lengths: x, fvec, diag, qtf: n;  fjac: ldfjac*n;  r: lr;  wa: lwa.
! The lengths are checked before anything is read or written: ldfjac >= n,
! lr >= n*(n+1)/2 and lwa >= 4*n, else info = scijit_size_error (a caller's
! bug, not the user's improper input); then MINPACK's own checks (n >= 1,
! ...: info = 0).  On either failure nfev = njev = 0 and fcn is not called.
module minpack_capi
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_ptr
  use, intrinsic :: iso_fortran_env, only: int64
  use scijit_kinds, only: scijit_size_error
  use minpack_hybrid, only: hybrd, hybrj, hybrd_fcn_iface, hybrj_fcn_iface
  implicit none
  private
  public :: scijit_minpack_hybrd, scijit_minpack_hybrj

contains

  ! sizes_ok: the lengths under which hybrd/hybrj stay inside fjac, r and wa.
  pure logical function sizes_ok(n, ldfjac, lr, lwa)
    integer(c_int), intent(in) :: n, ldfjac, lr, lwa
    integer(int64) :: n_
    n_ = max(n, 0)
    sizes_ok = ldfjac >= n_ .and. int(lr, int64) >= n_ * (n_ + 1) / 2 &
         .and. int(lwa, int64) >= 4 * n_
  end function sizes_ok

  ! scijit_minpack_hybrd: MINPACK hybrd (Powell hybrid method, finite
  ! difference Jacobian, banded if ml + mu + 1 < n) for C callers.
  recursive subroutine scijit_minpack_hybrd(fcn, n, x, fvec, xtol, maxfev, ml, mu, epsfcn, &
                                            diag, mode, factor, fjac, ldfjac, r, lr, qtf, &
                                            wa, lwa, info, nfev, udata) &
      bind(C, name='scijit_minpack_hybrd')
    procedure(hybrd_fcn_iface) :: fcn
    integer(c_int), value :: n, maxfev, ml, mu, mode, ldfjac, lr, lwa
    real(c_double), value :: xtol, epsfcn, factor
    real(c_double), intent(inout) :: x(n), diag(n)
    real(c_double), intent(out) :: fvec(n), fjac(ldfjac, n), r(lr), qtf(n), wa(lwa)
    integer(c_int), intent(out) :: info, nfev
    type(c_ptr), value :: udata

    info = 0
    nfev = 0
    if (.not. sizes_ok(n, ldfjac, lr, lwa)) then
      info = scijit_size_error
      return
    end if
    if (n < 1) return
    call hybrd(fcn, n, x, fvec, xtol, maxfev, ml, mu, epsfcn, diag, mode, factor, &
               info, nfev, fjac, ldfjac, r, lr, qtf, &
               wa(1:n), wa(n+1:2*n), wa(2*n+1:3*n), wa(3*n+1:4*n), udata)
  end subroutine scijit_minpack_hybrd

  ! scijit_minpack_hybrj: MINPACK hybrj (Powell hybrid method, Jacobian from
  ! the callback with iflag = 2) for C callers.
  recursive subroutine scijit_minpack_hybrj(fcn, n, x, fvec, fjac, ldfjac, xtol, maxfev, &
                                            diag, mode, factor, r, lr, qtf, wa, lwa, &
                                            info, nfev, njev, udata) &
      bind(C, name='scijit_minpack_hybrj')
    procedure(hybrj_fcn_iface) :: fcn
    integer(c_int), value :: n, ldfjac, maxfev, mode, lr, lwa
    real(c_double), value :: xtol, factor
    real(c_double), intent(inout) :: x(n), diag(n), fjac(ldfjac, n)
    real(c_double), intent(out) :: fvec(n), r(lr), qtf(n), wa(lwa)
    integer(c_int), intent(out) :: info, nfev, njev
    type(c_ptr), value :: udata

    info = 0
    nfev = 0
    njev = 0
    if (.not. sizes_ok(n, ldfjac, lr, lwa)) then
      info = scijit_size_error
      return
    end if
    if (n < 1) return
    call hybrj(fcn, n, x, fvec, fjac, ldfjac, xtol, maxfev, diag, mode, factor, &
               info, nfev, njev, r, lr, qtf, &
               wa(1:n), wa(n+1:2*n), wa(2*n+1:3*n), wa(3*n+1:4*n), udata)
  end subroutine scijit_minpack_hybrj

end module minpack_capi
