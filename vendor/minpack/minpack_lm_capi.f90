! C-facing entry points for Levenberg-Marquardt least squares (minpack_lm).
!
! C prototypes (int = int32_t, arrays column-major):
!
!   typedef void (*lmdif_fcn)(int32_t m, int32_t n, const double *x, double *fvec,
!                             int32_t *iflag, void *udata);
!   typedef void (*lmder_fcn)(int32_t m, int32_t n, const double *x, double *fvec,
!                             double *fjac, int32_t ldfjac, int32_t *iflag, void *udata);
!
!   void scijit_minpack_lmdif(lmdif_fcn fcn, int32_t m, int32_t n, double *x, double *fvec,
!        double ftol, double xtol, double gtol, int32_t maxfev, double epsfcn, double *diag,
!        int32_t mode, double factor, double *fjac, int32_t ldfjac, int32_t *ipvt,
!        double *qtf, double *wa /* 3*n + m */, int32_t *info, int32_t *nfev, void *udata);
!   void scijit_minpack_lmder(lmder_fcn fcn, int32_t m, int32_t n, double *x, double *fvec,
!        double *fjac, int32_t ldfjac, double ftol, double xtol, double gtol, int32_t maxfev,
!        double *diag, int32_t mode, double factor, int32_t *ipvt, double *qtf,
!        double *wa /* 3*n + m */, int32_t *info, int32_t *nfev, int32_t *njev, void *udata);
!   int32_t scijit_minpack_lm_covariance(int32_t n, const double *fjac, int32_t ldfjac,
!        const int32_t *ipvt, double *cov /* n*n */, double *wa /* n*n */);
!
! Array lengths the caller must provide: x, diag, ipvt, qtf: n; fvec: m;
! fjac: ldfjac*n; wa: 3*n + m; cov, wa of the covariance: n*n.
! Improper input (n <= 0, m < n, ldfjac < m, a tolerance < 0, maxfev <= 0,
! factor <= 0, mode = 2 with some diag(j) <= 0) gives info = 0, nfev = 0
! (and njev = 0) without calling fcn; for bad sizes no array is touched.
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
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_ptr, c_int64_t
  use minpack_lm, only: lmdif_fcn_iface, lmder_fcn_iface, lmdif, lmder, lm_covariance
  implicit none
  private
  public :: scijit_minpack_lmdif, scijit_minpack_lmder, scijit_minpack_lm_covariance

contains

  ! ------------------------------------------------------------------------
  ! scijit_minpack_lmdif: lmdif (forward-difference Jacobian) for C callers;
  ! wa is split into wa1, wa2, wa3 (n each) and wa4 (m).
  ! ------------------------------------------------------------------------
  subroutine scijit_minpack_lmdif(fcn, m, n, x, fvec, ftol, xtol, gtol, maxfev, epsfcn, &
                                  diag, mode, factor, fjac, ldfjac, ipvt, qtf, wa, info, &
                                  nfev, udata) bind(C, name='scijit_minpack_lmdif')
    procedure(lmdif_fcn_iface) :: fcn
    integer(c_int), value :: m, n, maxfev, mode, ldfjac
    real(c_double), value :: ftol, xtol, gtol, epsfcn, factor
    real(c_double), intent(inout) :: x(*), fvec(*), diag(*), fjac(*), qtf(*), wa(*)
    integer(c_int), intent(inout) :: ipvt(*)
    integer(c_int), intent(out) :: info, nfev
    type(c_ptr), value :: udata

    integer(c_int64_t) :: n1, n2, n3, n4

    info = 0
    nfev = 0
    if (n <= 0 .or. m < n .or. ldfjac < m) return
    n1 = n
    n2 = 2_c_int64_t*n
    n3 = 3_c_int64_t*n
    n4 = n3 + m
    call lmdif(fcn, m, n, x, fvec, ftol, xtol, gtol, maxfev, epsfcn, diag, mode, factor, &
               info, nfev, fjac, ldfjac, ipvt, qtf, wa(1:n1), wa(n1+1:n2), wa(n2+1:n3), &
               wa(n3+1:n4), udata)
  end subroutine scijit_minpack_lmdif

  ! ------------------------------------------------------------------------
  ! scijit_minpack_lmder: lmder (user Jacobian) for C callers; wa as above.
  ! ------------------------------------------------------------------------
  subroutine scijit_minpack_lmder(fcn, m, n, x, fvec, fjac, ldfjac, ftol, xtol, gtol, &
                                  maxfev, diag, mode, factor, ipvt, qtf, wa, info, nfev, &
                                  njev, udata) bind(C, name='scijit_minpack_lmder')
    procedure(lmder_fcn_iface) :: fcn
    integer(c_int), value :: m, n, ldfjac, maxfev, mode
    real(c_double), value :: ftol, xtol, gtol, factor
    real(c_double), intent(inout) :: x(*), fvec(*), fjac(*), diag(*), qtf(*), wa(*)
    integer(c_int), intent(inout) :: ipvt(*)
    integer(c_int), intent(out) :: info, nfev, njev
    type(c_ptr), value :: udata

    integer(c_int64_t) :: n1, n2, n3, n4

    info = 0
    nfev = 0
    njev = 0
    if (n <= 0 .or. m < n .or. ldfjac < m) return
    n1 = n
    n2 = 2_c_int64_t*n
    n3 = 3_c_int64_t*n
    n4 = n3 + m
    call lmder(fcn, m, n, x, fvec, fjac, ldfjac, ftol, xtol, gtol, maxfev, diag, mode, &
               factor, info, nfev, njev, ipvt, qtf, wa(1:n1), wa(n1+1:n2), wa(n2+1:n3), &
               wa(n3+1:n4), udata)
  end subroutine scijit_minpack_lmder

  ! ------------------------------------------------------------------------
  ! scijit_minpack_lm_covariance: scipy.optimize.leastsq's cov_x from the
  ! fjac (R in its upper n x n part) and 1-based ipvt returned above.
  ! Returns 0 on success, k > 0 if R(k,k) == 0 (scipy: cov_x = None),
  ! -1 if n <= 0, ldfjac < n or ipvt is not a permutation of 1..n.
  ! ------------------------------------------------------------------------
  function scijit_minpack_lm_covariance(n, fjac, ldfjac, ipvt, cov, wa) result(status) &
      bind(C, name='scijit_minpack_lm_covariance')
    integer(c_int), value :: n, ldfjac
    real(c_double), intent(in) :: fjac(*)
    integer(c_int), intent(in) :: ipvt(*)
    real(c_double), intent(inout) :: cov(*), wa(*)
    integer(c_int) :: status

    status = -1
    if (n <= 0 .or. ldfjac < n) return
    call lm_covariance(n, fjac, ldfjac, ipvt, cov, wa, status)
  end function scijit_minpack_lm_covariance

end module minpack_lm_capi
