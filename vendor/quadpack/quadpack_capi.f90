! C-facing layer of the scijit QUADPACK library.
!
! One bind(C) entry point per QUADPACK driver, named scijit_quadpack_<name>,
! with QUADPACK's argument names and meanings.  Scalars are passed by value,
! outputs and workspaces by pointer; all arrays are supplied by the caller
! (sizes implied by limit, npts2, limlst, maxp1).  The integrand is
!     double f(double x, int32_t *iflag, void *udata)
! and udata is passed back on every call; f sets *iflag < 0 to stop, in
! which case the routine returns promptly with ier = -1.
!
! Index-valued outputs (iord) are 1-based, as in QUADPACK's Fortran.
module quadpack_capi
  use, intrinsic :: iso_c_binding, only: c_double, c_int, c_ptr, c_funptr, &
                                         c_f_procpointer
  use, intrinsic :: ieee_arithmetic, only: ieee_value, ieee_quiet_nan
  use scijit_kinds, only: dp
  use quadpack_rules, only: quad_fcn, qk_rule
  use quadpack_qag, only: qagse, qagie, qagpe
  use quadpack_weighted, only: qawce, qawse, qawoe, qawfe
  implicit none
  private
  public :: scijit_quadpack_qagse, scijit_quadpack_qagie, scijit_quadpack_qagpe
  public :: scijit_quadpack_qawce, scijit_quadpack_qawse, scijit_quadpack_qawoe
  public :: scijit_quadpack_qawfe, scijit_quadpack_qk

contains

  ! qagse: adaptive integration over a finite interval with extrapolation.
  subroutine scijit_quadpack_qagse(f, a, b, epsabs, epsrel, limit, result, &
      abserr, neval, ier, alist, blist, rlist, elist, iord, last, udata) &
      bind(C, name='scijit_quadpack_qagse')
    type(c_funptr), value :: f
    real(c_double), value :: a, b, epsabs, epsrel
    integer(c_int), value :: limit
    real(c_double), intent(out) :: result, abserr
    integer(c_int), intent(out) :: neval, ier, last
    real(c_double), intent(inout) :: alist(*), blist(*), rlist(*), elist(*)
    integer(c_int), intent(inout) :: iord(*)
    type(c_ptr), value :: udata
    procedure(quad_fcn), pointer :: fp
    call c_f_procpointer(f, fp)
    call qagse(fp, udata, a, b, epsabs, epsrel, limit, result, abserr, neval, &
               ier, alist, blist, rlist, elist, iord, last)
  end subroutine scijit_quadpack_qagse

  ! qagie: adaptive integration over an infinite range (inf = 1, -1, 2).
  subroutine scijit_quadpack_qagie(f, bound, inf, epsabs, epsrel, limit, &
      result, abserr, neval, ier, alist, blist, rlist, elist, iord, last, &
      udata) bind(C, name='scijit_quadpack_qagie')
    type(c_funptr), value :: f
    real(c_double), value :: bound, epsabs, epsrel
    integer(c_int), value :: inf, limit
    real(c_double), intent(out) :: result, abserr
    integer(c_int), intent(out) :: neval, ier, last
    real(c_double), intent(inout) :: alist(*), blist(*), rlist(*), elist(*)
    integer(c_int), intent(inout) :: iord(*)
    type(c_ptr), value :: udata
    procedure(quad_fcn), pointer :: fp
    call c_f_procpointer(f, fp)
    call qagie(fp, udata, bound, inf, epsabs, epsrel, limit, result, abserr, &
               neval, ier, alist, blist, rlist, elist, iord, last)
  end subroutine scijit_quadpack_qagie

  ! qagpe: adaptive integration over [a,b] with break points
  ! points(1:npts2-2); pts and ndin have npts2 elements, level limit.
  subroutine scijit_quadpack_qagpe(f, a, b, npts2, points, epsabs, epsrel, &
      limit, result, abserr, neval, ier, alist, blist, rlist, elist, pts, &
      iord, level, ndin, last, udata) bind(C, name='scijit_quadpack_qagpe')
    type(c_funptr), value :: f
    real(c_double), value :: a, b, epsabs, epsrel
    integer(c_int), value :: npts2, limit
    real(c_double), intent(in) :: points(*)
    real(c_double), intent(out) :: result, abserr
    integer(c_int), intent(out) :: neval, ier, last
    real(c_double), intent(inout) :: alist(*), blist(*), rlist(*), elist(*)
    real(c_double), intent(inout) :: pts(*)
    integer(c_int), intent(inout) :: iord(*), level(*), ndin(*)
    type(c_ptr), value :: udata
    procedure(quad_fcn), pointer :: fp
    call c_f_procpointer(f, fp)
    call qagpe(fp, udata, a, b, npts2, points, epsabs, epsrel, limit, result, &
               abserr, neval, ier, alist, blist, rlist, elist, pts, iord, &
               level, ndin, last)
  end subroutine scijit_quadpack_qagpe

  ! qawce: Cauchy principal value of f(x)/(x-c) over (a,b).
  subroutine scijit_quadpack_qawce(f, a, b, c, epsabs, epsrel, limit, result, &
      abserr, neval, ier, alist, blist, rlist, elist, iord, last, udata) &
      bind(C, name='scijit_quadpack_qawce')
    type(c_funptr), value :: f
    real(c_double), value :: a, b, c, epsabs, epsrel
    integer(c_int), value :: limit
    real(c_double), intent(out) :: result, abserr
    integer(c_int), intent(out) :: neval, ier, last
    real(c_double), intent(inout) :: alist(*), blist(*), rlist(*), elist(*)
    integer(c_int), intent(inout) :: iord(*)
    type(c_ptr), value :: udata
    procedure(quad_fcn), pointer :: fp
    call c_f_procpointer(f, fp)
    call qawce(fp, udata, a, b, c, epsabs, epsrel, limit, result, abserr, &
               neval, ier, alist, blist, rlist, elist, iord, last)
  end subroutine scijit_quadpack_qawce

  ! qawse: integral of (x-a)**alfa (b-x)**beta v(x) f(x) over (a,b).
  subroutine scijit_quadpack_qawse(f, a, b, alfa, beta, integr, epsabs, &
      epsrel, limit, result, abserr, neval, ier, alist, blist, rlist, elist, &
      iord, last, udata) bind(C, name='scijit_quadpack_qawse')
    type(c_funptr), value :: f
    real(c_double), value :: a, b, alfa, beta, epsabs, epsrel
    integer(c_int), value :: integr, limit
    real(c_double), intent(out) :: result, abserr
    integer(c_int), intent(out) :: neval, ier, last
    real(c_double), intent(inout) :: alist(*), blist(*), rlist(*), elist(*)
    integer(c_int), intent(inout) :: iord(*)
    type(c_ptr), value :: udata
    procedure(quad_fcn), pointer :: fp
    call c_f_procpointer(f, fp)
    call qawse(fp, udata, a, b, alfa, beta, integr, epsabs, epsrel, limit, &
               result, abserr, neval, ier, alist, blist, rlist, elist, iord, &
               last)
  end subroutine scijit_quadpack_qawse

  ! qawoe: integral of cos(omega x) f(x) (integr = 1) or sin(omega x) f(x)
  ! (integr = 2) over (a,b); chebmo is maxp1 x 25 (column-major).
  subroutine scijit_quadpack_qawoe(f, a, b, omega, integr, epsabs, epsrel, &
      limit, icall, maxp1, result, abserr, neval, ier, last, alist, blist, &
      rlist, elist, iord, nnlog, momcom, chebmo, udata) &
      bind(C, name='scijit_quadpack_qawoe')
    type(c_funptr), value :: f
    real(c_double), value :: a, b, omega, epsabs, epsrel
    integer(c_int), value :: integr, limit, icall, maxp1
    real(c_double), intent(out) :: result, abserr
    integer(c_int), intent(out) :: neval, ier, last
    real(c_double), intent(inout) :: alist(*), blist(*), rlist(*), elist(*)
    integer(c_int), intent(inout) :: iord(*), nnlog(*), momcom
    real(c_double), intent(inout) :: chebmo(*)
    type(c_ptr), value :: udata
    procedure(quad_fcn), pointer :: fp
    call c_f_procpointer(f, fp)
    call qawoe(fp, udata, a, b, omega, integr, epsabs, epsrel, limit, icall, &
               maxp1, result, abserr, neval, ier, last, alist, blist, rlist, &
               elist, iord, nnlog, momcom, chebmo)
  end subroutine scijit_quadpack_qawoe

  ! qawfe: Fourier integral of f over (a,+inf).
  subroutine scijit_quadpack_qawfe(f, a, omega, integr, epsabs, limlst, limit, &
      maxp1, result, abserr, neval, ier, rslst, erlst, ierlst, lst, alist, &
      blist, rlist, elist, iord, nnlog, chebmo, udata) &
      bind(C, name='scijit_quadpack_qawfe')
    type(c_funptr), value :: f
    real(c_double), value :: a, omega, epsabs
    integer(c_int), value :: integr, limlst, limit, maxp1
    real(c_double), intent(out) :: result, abserr
    integer(c_int), intent(out) :: neval, ier, lst
    real(c_double), intent(inout) :: rslst(*), erlst(*)
    integer(c_int), intent(inout) :: ierlst(*)
    real(c_double), intent(inout) :: alist(*), blist(*), rlist(*), elist(*)
    integer(c_int), intent(inout) :: iord(*), nnlog(*)
    real(c_double), intent(inout) :: chebmo(*)
    type(c_ptr), value :: udata
    procedure(quad_fcn), pointer :: fp
    call c_f_procpointer(f, fp)
    call qawfe(fp, udata, a, omega, integr, epsabs, limlst, limit, maxp1, &
               result, abserr, neval, ier, rslst, erlst, ierlst, lst, alist, &
               blist, rlist, elist, iord, nnlog, chebmo)
  end subroutine scijit_quadpack_qawfe

  ! A single Gauss-Kronrod rule (npoints = 15, 21, 31, 41, 51 or 61) on
  ! [a,b].  Any other npoints sets all four outputs to NaN without calling f.
  subroutine scijit_quadpack_qk(f, npoints, a, b, result, abserr, resabs, &
      resasc, udata) bind(C, name='scijit_quadpack_qk')
    type(c_funptr), value :: f
    integer(c_int), value :: npoints
    real(c_double), value :: a, b
    real(c_double), intent(out) :: result, abserr, resabs, resasc
    type(c_ptr), value :: udata
    procedure(quad_fcn), pointer :: fp
    integer(c_int) :: iflag
    logical :: ok
    call c_f_procpointer(f, fp)
    iflag = 0
    call qk_rule(fp, udata, npoints, a, b, result, abserr, resabs, resasc, &
                 iflag, ok)
    if (.not. ok) then
      result = ieee_value(1.0_dp, ieee_quiet_nan)
      abserr = result
      resabs = result
      resasc = result
    end if
  end subroutine scijit_quadpack_qk

end module quadpack_capi
