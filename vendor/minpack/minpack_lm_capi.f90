! C-facing entry points for Levenberg-Marquardt least squares (minpack_lm).
!
! C prototypes (int32_t integers, arrays column-major; vendor/include/scijit.h
! is generated from lowering's table, which declares the same):
!
!   typedef void (*scijit_lmdif_fcn)(int32_t m, int32_t n, double *x, double *fvec,
!                                    int32_t *iflag, void *udata);
!   typedef void (*scijit_lmder_fcn)(int32_t m, int32_t n, double *x, double *fvec,
!                                    double *fjac, int32_t ldfjac, int32_t *iflag,
!                                    void *udata);
!
!   void scijit_minpack_lmdif(scijit_lmdif_fcn fcn, int32_t m, int32_t n, double *x,
!        double *fvec, double ftol, double xtol, double gtol, int32_t maxfev,
!        double epsfcn, double *diag, int32_t mode, double factor, double *fjac,
!        int32_t ldfjac, int32_t *ipvt, double *qtf, double *wa, int32_t lwa,
!        int32_t *info, int32_t *nfev, void *udata);
!   void scijit_minpack_lmder(scijit_lmder_fcn fcn, int32_t m, int32_t n, double *x,
!        double *fvec, double *fjac, int32_t ldfjac, double ftol, double xtol,
!        double gtol, int32_t maxfev, double *diag, int32_t mode, double factor,
!        int32_t *ipvt, double *qtf, double *wa, int32_t lwa, int32_t *info,
!        int32_t *nfev, int32_t *njev, void *udata);
!   void scijit_minpack_lm_covariance(int32_t n, const double *fjac, int32_t ldfjac,
!        const int32_t *ipvt, double *cov, double *wa, int32_t lwa, int32_t *status);
!
! Array lengths: x, diag, ipvt, qtf: n; fvec: m; fjac: ldfjac*n; wa: lwa;
! cov: n*n.  The lengths are checked first: ldfjac >= max(m, 0) and
! lwa >= 3*n + m (lm_covariance: ldfjac >= n, lwa >= n*n), else
! info/status = scijit_size_error and nothing is touched.  Then MINPACK's
! improper input (n <= 0, m < n, a tolerance < 0, maxfev <= 0, factor <= 0,
! mode = 2 with some diag(j) <= 0) gives info = 0, nfev = 0 (and njev = 0)
! without calling fcn.
!
! Callback protocol (MINPACK):
!   lmdif: fcn is called with *iflag = 1 at trial points and *iflag = 2
!     while the forward-difference Jacobian is formed; both mean "fill
!     fvec(1:m)".  lmder: *iflag = 1 fill fvec(1:m) only, *iflag = 2 fill
!     fjac(1:m, 1:n) only (fjac is the solver's array, leading dim ldfjac).
!   Setting *iflag < 0 stops the solver: info = that value; x is then the
!   last accepted iterate.  fcn is never called with *iflag = 0 (no nprint).
! Outputs as MINPACK: fjac(1:n,1:n) upper triangle = R with J P = Q R,
! ipvt 1-based (scipy >= 1.15 reports infodict['ipvt'] 0-based: subtract 1),
! qtf = first n components of Q^T fvec.  With ldfjac = m, scipy's
! infodict['fjac'] (shape (n, m)) is this fjac's memory read row-major.
module minpack_lm_capi
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_ptr
  use, intrinsic :: iso_fortran_env, only: int64
  use scijit_kinds, only: scijit_size_error
  use minpack_lm, only: lmdif_fcn_iface, lmder_fcn_iface, lmdif, lmder, lm_covariance
  implicit none
  private
  public :: scijit_minpack_lmdif, scijit_minpack_lmder, scijit_minpack_lm_covariance

contains

  ! sizes_ok: the lengths under which lmdif/lmder stay inside fjac and wa.
  pure logical function sizes_ok(m, n, ldfjac, lwa)
    integer(c_int), intent(in) :: m, n, ldfjac, lwa
    sizes_ok = ldfjac >= max(m, 0) &
         .and. int(lwa, int64) >= 3 * int(max(n, 0), int64) + max(m, 0)
  end function sizes_ok

  ! ------------------------------------------------------------------------
  ! scijit_minpack_lmdif: lmdif (forward-difference Jacobian) for C callers;
  ! wa is split into wa1, wa2, wa3 (n each) and wa4 (m).
  ! ------------------------------------------------------------------------
  recursive subroutine scijit_minpack_lmdif(fcn, m, n, x, fvec, ftol, xtol, gtol, maxfev, &
                                            epsfcn, diag, mode, factor, fjac, ldfjac, ipvt, &
                                            qtf, wa, lwa, info, nfev, udata) &
      bind(C, name='scijit_minpack_lmdif')
    procedure(lmdif_fcn_iface) :: fcn
    integer(c_int), value :: m, n, maxfev, mode, ldfjac, lwa
    real(c_double), value :: ftol, xtol, gtol, epsfcn, factor
    real(c_double), intent(inout) :: x(n), fvec(m), diag(n), fjac(ldfjac, n), qtf(n), wa(lwa)
    integer(c_int), intent(inout) :: ipvt(n)
    integer(c_int), intent(out) :: info, nfev
    type(c_ptr), value :: udata

    info = 0
    nfev = 0
    if (.not. sizes_ok(m, n, ldfjac, lwa)) then
      info = scijit_size_error
      return
    end if
    if (n <= 0 .or. m < n) return
    call lmdif(fcn, m, n, x, fvec, ftol, xtol, gtol, maxfev, epsfcn, diag, mode, factor, &
               info, nfev, fjac, ldfjac, ipvt, qtf, wa(1:n), wa(n+1:2*n), wa(2*n+1:3*n), &
               wa(3*n+1:3*n+m), udata)
  end subroutine scijit_minpack_lmdif

  ! ------------------------------------------------------------------------
  ! scijit_minpack_lmder: lmder (user Jacobian) for C callers; wa as above.
  ! ------------------------------------------------------------------------
  recursive subroutine scijit_minpack_lmder(fcn, m, n, x, fvec, fjac, ldfjac, ftol, xtol, &
                                            gtol, maxfev, diag, mode, factor, ipvt, qtf, wa, &
                                            lwa, info, nfev, njev, udata) &
      bind(C, name='scijit_minpack_lmder')
    procedure(lmder_fcn_iface) :: fcn
    integer(c_int), value :: m, n, ldfjac, maxfev, mode, lwa
    real(c_double), value :: ftol, xtol, gtol, factor
    real(c_double), intent(inout) :: x(n), fvec(m), fjac(ldfjac, n), diag(n), qtf(n), wa(lwa)
    integer(c_int), intent(inout) :: ipvt(n)
    integer(c_int), intent(out) :: info, nfev, njev
    type(c_ptr), value :: udata

    info = 0
    nfev = 0
    njev = 0
    if (.not. sizes_ok(m, n, ldfjac, lwa)) then
      info = scijit_size_error
      return
    end if
    if (n <= 0 .or. m < n) return
    call lmder(fcn, m, n, x, fvec, fjac, ldfjac, ftol, xtol, gtol, maxfev, diag, mode, &
               factor, info, nfev, njev, ipvt, qtf, wa(1:n), wa(n+1:2*n), wa(2*n+1:3*n), &
               wa(3*n+1:3*n+m), udata)
  end subroutine scijit_minpack_lmder

  ! ------------------------------------------------------------------------
  ! scijit_minpack_lm_covariance: scipy.optimize.leastsq's cov_x from the
  ! fjac (R in its upper n x n part) and 1-based ipvt returned above.
  ! status 0 on success, k > 0 if R(k,k) == 0 (scipy: cov_x = None), -1 if
  ! n <= 0 or ipvt is not a permutation of 1..n, scijit_size_error if
  ! ldfjac < n or lwa < n*n.
  ! ------------------------------------------------------------------------
  subroutine scijit_minpack_lm_covariance(n, fjac, ldfjac, ipvt, cov, wa, lwa, status) &
      bind(C, name='scijit_minpack_lm_covariance')
    integer(c_int), value :: n, ldfjac, lwa
    real(c_double), intent(in) :: fjac(ldfjac, n)
    integer(c_int), intent(in) :: ipvt(n)
    real(c_double), intent(inout) :: cov(n, n), wa(lwa)
    integer(c_int), intent(out) :: status

    status = scijit_size_error
    if (ldfjac < max(n, 0) .or. int(lwa, int64) < int(max(n, 0), int64)**2) return
    status = -1
    if (n <= 0) return
    call lm_covariance(n, fjac, ldfjac, ipvt, cov, wa, status)
  end subroutine scijit_minpack_lm_covariance

end module minpack_lm_capi
