! C entry points of the MINPACK library (see DESIGN.md, "The Fortran side").
!
! C prototypes (int = int32_t, arrays column-major):
!
!   typedef void (*hybrd_fcn)(int n, const double *x, double *fvec, int *iflag,
!                             void *udata);
!   typedef void (*hybrj_fcn)(int n, const double *x, double *fvec, double *fjac,
!                             int ldfjac, int *iflag, void *udata);
!
!   void scijit_minpack_hybrd(hybrd_fcn fcn, int n, double *x, double *fvec,
!        double xtol, int maxfev, int ml, int mu, double epsfcn, double *diag,
!        int mode, double factor, double *fjac, int ldfjac, double *r, int lr,
!        double *qtf, double *wa, int *info, int *nfev, void *udata);
!   void scijit_minpack_hybrj(hybrj_fcn fcn, int n, double *x, double *fvec,
!        double *fjac, int ldfjac, double xtol, int maxfev, double *diag,
!        int mode, double factor, double *r, int lr, double *qtf, double *wa,
!        int *info, int *nfev, int *njev, void *udata);
!
! Array lengths: x, fvec, diag, qtf: n;  fjac: ldfjac*n;  r: lr;  wa: 4*n.
! Sizes are checked (n >= 1, ldfjac >= n, lr >= n*(n+1)/2) before anything is
! read; on failure info = 0 and nfev = njev = 0 and fcn is not called.
module minpack_capi
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_ptr
  use, intrinsic :: iso_fortran_env, only: int64
  use minpack_hybrid, only: hybrd, hybrj, hybrd_fcn_iface, hybrj_fcn_iface
  implicit none
  private
  public :: scijit_minpack_hybrd, scijit_minpack_hybrj

contains

  ! sizes_ok: the array-size conditions under which hybrd/hybrj stay in
  ! bounds (they repeat these checks; here they guard the dummy shapes).
  pure logical function sizes_ok(n, ldfjac, lr)
    integer(c_int), intent(in) :: n, ldfjac, lr
    sizes_ok = n >= 1 .and. ldfjac >= n .and. int(lr, int64) >= int(n, int64) * (int(n, int64) + 1) / 2
  end function sizes_ok

  ! scijit_minpack_hybrd: MINPACK hybrd (Powell hybrid method, finite
  ! difference Jacobian, banded if ml + mu + 1 < n) for C callers.
  recursive subroutine scijit_minpack_hybrd(fcn, n, x, fvec, xtol, maxfev, ml, mu, epsfcn, &
                                            diag, mode, factor, fjac, ldfjac, r, lr, qtf, &
                                            wa, info, nfev, udata) &
      bind(C, name='scijit_minpack_hybrd')
    procedure(hybrd_fcn_iface) :: fcn
    integer(c_int), value :: n, maxfev, ml, mu, mode, ldfjac, lr
    real(c_double), value :: xtol, epsfcn, factor
    real(c_double), intent(inout) :: x(n), diag(n)
    real(c_double), intent(out) :: fvec(n), fjac(ldfjac, n), r(lr), qtf(n), wa(n, 4)
    integer(c_int), intent(out) :: info, nfev
    type(c_ptr), value :: udata

    info = 0
    nfev = 0
    if (.not. sizes_ok(n, ldfjac, lr)) return
    call hybrd(fcn, n, x, fvec, xtol, maxfev, ml, mu, epsfcn, diag, mode, factor, &
               info, nfev, fjac, ldfjac, r, lr, qtf, &
               wa(:, 1), wa(:, 2), wa(:, 3), wa(:, 4), udata)
  end subroutine scijit_minpack_hybrd

  ! scijit_minpack_hybrj: MINPACK hybrj (Powell hybrid method, Jacobian from
  ! the callback with iflag = 2) for C callers.
  recursive subroutine scijit_minpack_hybrj(fcn, n, x, fvec, fjac, ldfjac, xtol, maxfev, &
                                            diag, mode, factor, r, lr, qtf, wa, &
                                            info, nfev, njev, udata) &
      bind(C, name='scijit_minpack_hybrj')
    procedure(hybrj_fcn_iface) :: fcn
    integer(c_int), value :: n, ldfjac, maxfev, mode, lr
    real(c_double), value :: xtol, factor
    real(c_double), intent(inout) :: x(n), diag(n), fjac(ldfjac, n)
    real(c_double), intent(out) :: fvec(n), r(lr), qtf(n), wa(n, 4)
    integer(c_int), intent(out) :: info, nfev, njev
    type(c_ptr), value :: udata

    info = 0
    nfev = 0
    njev = 0
    if (.not. sizes_ok(n, ldfjac, lr)) return
    call hybrj(fcn, n, x, fvec, fjac, ldfjac, xtol, maxfev, diag, mode, factor, &
               info, nfev, njev, r, lr, qtf, &
               wa(:, 1), wa(:, 2), wa(:, 3), wa(:, 4), udata)
  end subroutine scijit_minpack_hybrj

end module minpack_capi
