! C entry point of the TNC library (see DESIGN.md, "The Fortran side").
!
!   typedef double (*scijit_tnc_fg)(int32_t n, double *x, double *g,
!                                   int32_t *iflag, void *udata);
!
!   void scijit_tnc_minimize(scijit_tnc_fg fg, int32_t n, double *x,
!        int32_t lx, const double *low, int32_t llow, const double *up,
!        int32_t lup, int32_t nscale, const double *scale, int32_t lscale,
!        int32_t noffset, const double *offset, int32_t loffset,
!        int32_t maxcgit, int32_t maxnfeval, double eta, double stepmx,
!        double accuracy, double fmin, double ftol, double xtol,
!        double pgtol, double rescale, double *f, double *g, int32_t lg,
!        double *wa, int32_t lwa, int32_t *iwa, int32_t liwa,
!        int32_t *nfeval, int32_t *niter, int32_t *rc, void *udata);
!
! The contract of scipy 1.17's tnc() (scipy/optimize/tnc/tnc.c) as its
! wrapper moduleTNC.tnc_minimize calls it, without messages and the
! per-iteration callback: x in/out; low, up the bounds (-Inf/+Inf for
! none); scale and offset are absent when nscale / noffset is 0 (scipy's
! NULL: the defaults, up - low and (up + low)/2 for a doubly bounded
! variable, else 1 + |x0| and x0), else nscale / noffset must be n
! (rc = -2 otherwise: scipy's wrapper raises "vector sizes must be
! equal"); the numbers are scipy's, their defaults computed here as tnc.c
! does (maxcgit < 0: max(1, min(50, n/2)), 0 steepest descent; eta
! outside [0, 1): 0.25; stepmx < 10 sqrt(eps): 10; accuracy <= eps:
! sqrt(eps); ftol < 0: accuracy; xtol < 0: sqrt(eps); pgtol < 0:
! 1e-2 sqrt(accuracy); rescale < 0: 1.3).  Out: f and g (+Inf and 0
! unless set, as scipy's wrapper starts them), nfeval (every call of fg),
! niter, rc: scipy's tnc_rc, -2 EINVAL, -1 INFEASIBLE, 0 LOCALMINIMUM,
! 1 FCONVERGED, 2 XCONVERGED, 3 MAXFUN, 4 LSFAIL, 5 CONSTANT, 6 NOPROGRESS,
! 7 USERABORT (fg set iflag < 0: the solver returned at once, x the last
! iterate).
!
! fg returns f(x) and fills g(1:n); iflag is 1 on entry.  The x it gets is
! the solver's work array: it must not be changed.
!
! Lengths: x, low, up, g: n; scale: nscale; offset: noffset; wa: lwa >=
! 21*n; iwa: liwa >= n.  They are checked before anything is read or
! written: a length too small is rc = scijit_size_error (-1000).
module tnc_capi
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_ptr
  use, intrinsic :: ieee_arithmetic, only: ieee_value, ieee_positive_inf
  use, intrinsic :: iso_fortran_env, only: int64
  use scijit_kinds, only: scijit_size_error
  use tnc_core, only: tnc_fg_iface, tnc_solve, tnc_wa_size, TNC_EINVAL
  implicit none
  private
  public :: scijit_tnc_minimize

contains

  ! sizes_ok: every length at least what the call reads or writes.
  pure logical function sizes_ok(n, lx, llow, lup, nscale, lscale, noffset, loffset, lg, lwa, &
                                 liwa)
    integer(c_int), intent(in) :: n, lx, llow, lup, nscale, lscale, noffset, loffset, lg, lwa, &
         liwa
    integer(c_int) :: m
    m = max(n, 0_c_int)
    sizes_ok = lx >= m .and. llow >= m .and. lup >= m .and. lg >= m .and. liwa >= m &
         .and. lscale >= max(nscale, 0_c_int) .and. loffset >= max(noffset, 0_c_int) &
         .and. int(lwa, int64) >= 21_int64 * m
  end function sizes_ok

  ! scijit_tnc_minimize: truncated-Newton minimization with bounds (scipy
  ! 1.17's tnc()) for C callers.
  recursive subroutine scijit_tnc_minimize(fg, n, x, lx, low, llow, up, lup, nscale, scale, &
       lscale, noffset, offset, loffset, maxcgit, maxnfeval, eta, stepmx, accuracy, fmin, ftol, &
       xtol, pgtol, rescale, f, g, lg, wa, lwa, iwa, liwa, nfeval, niter, rc, udata) &
       bind(C, name='scijit_tnc_minimize')
    procedure(tnc_fg_iface) :: fg
    integer(c_int), value :: n, lx, llow, lup, nscale, lscale, noffset, loffset, maxcgit, &
         maxnfeval, lg, lwa, liwa
    real(c_double), value :: eta, stepmx, accuracy, fmin, ftol, xtol, pgtol, rescale
    real(c_double), intent(inout) :: x(lx)
    real(c_double), intent(in) :: low(llow), up(lup), scale(lscale), offset(loffset)
    real(c_double), intent(out) :: f
    real(c_double), intent(inout) :: g(lg), wa(lwa)
    integer(c_int), intent(inout) :: iwa(liwa)
    integer(c_int), intent(out) :: nfeval, niter, rc
    type(c_ptr), value :: udata
    integer :: m

    nfeval = 0
    niter = 0
    f = 0.0_c_double
    if (.not. sizes_ok(n, lx, llow, lup, nscale, lscale, noffset, loffset, lg, lwa, liwa)) then
      rc = scijit_size_error
      return
    end if
    f = ieee_value(f, ieee_positive_inf)
    m = max(n, 0)
    g(1:m) = 0.0_c_double
    if ((nscale /= 0 .and. nscale /= n) .or. (noffset /= 0 .and. noffset /= n)) then
      rc = TNC_EINVAL
      return
    end if
    ! The bounds are copied: a zero scale pins them to x0.
    wa(1:m) = low(1:m)
    wa(m+1:2*m) = up(1:m)
    call tnc_solve(fg, udata, n, x, wa(1:m), wa(m+1:2*m), nscale /= 0, scale, noffset /= 0, &
                   offset, maxcgit, maxnfeval, eta, stepmx, accuracy, fmin, ftol, xtol, pgtol, &
                   rescale, f, g, nfeval, niter, rc, wa(2*m+1:tnc_wa_size(m)), iwa)
  end subroutine scijit_tnc_minimize

end module tnc_capi
