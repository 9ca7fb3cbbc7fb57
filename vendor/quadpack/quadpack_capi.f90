! C-facing layer of the scijit QUADPACK library (see DESIGN.md, "The native
! table"; vendor/include/scijit.h is generated from lowering/quadpack.py,
! which declares the same parameters, names and sizes).
!
! One bind(C) entry point per QUADPACK driver, named scijit_quadpack_<name>,
! with QUADPACK's argument names and meanings.  Scalars are passed by value,
! outputs and arrays by pointer; every array is supplied by the caller and
! declared here with its true size, an expression of the scalar arguments:
!
!   alist, blist, rlist, elist, iord, nnlog, level:  limit
!   qagpe:  points: npts2 - 2 (the break points; scipy passes npts2, the
!           last two unused), pts, ndin: npts2
!   qawoe, qawfe:  chebmo: maxp1 x 25 (column-major)
!   qawfe:  rslst, erlst, ierlst: limlst
!
! Every length is one of the arguments, so there is no separate length to
! check (no scijit_size_error here): the routines stay inside these sizes
! for every value of the arguments (limit < 1 gives ier = 6 without touching
! any array; qagpe also refuses limit <= npts2 - 2, qawse limit < 2, qawfe
! limlst < 3; qawoe keeps momcom <= maxp1 - 1).
!
! The integrand is   double f(double x, int32_t *iflag, void *udata)
! and udata is passed back on every call; f sets *iflag < 0 to stop, in
! which case the routine returns promptly with ier = -1.  The integrand may
! itself call these entry points (a quad inside a quad's integrand): every
! procedure on the call stack while f runs is recursive, with its state on
! the stack and in the caller's arrays only.
!
! Index-valued outputs (iord) are 1-based, as in QUADPACK's Fortran.
module quadpack_capi
  use, intrinsic :: iso_c_binding, only: c_double, c_int, c_ptr
  use, intrinsic :: ieee_arithmetic, only: ieee_value, ieee_quiet_nan
  use scijit_kinds, only: dp, ip
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
  recursive subroutine scijit_quadpack_qagse(f, a, b, epsabs, epsrel, limit, result, &
      abserr, neval, ier, alist, blist, rlist, elist, iord, last, udata) &
      bind(C, name='scijit_quadpack_qagse')
    procedure(quad_fcn) :: f
    real(c_double), value :: a, b, epsabs, epsrel
    integer(c_int), value :: limit
    real(c_double), intent(out) :: result, abserr
    integer(c_int), intent(out) :: neval, ier, last
    real(c_double), intent(inout) :: alist(limit), blist(limit), rlist(limit), elist(limit)
    integer(c_int), intent(inout) :: iord(limit)
    type(c_ptr), value :: udata
    call qagse(f, udata, a, b, epsabs, epsrel, limit, result, abserr, neval, &
               ier, alist, blist, rlist, elist, iord, last)
  end subroutine scijit_quadpack_qagse

  ! qagie: adaptive integration over an infinite range (inf = 1, -1, 2).
  recursive subroutine scijit_quadpack_qagie(f, bound, inf, epsabs, epsrel, limit, &
      result, abserr, neval, ier, alist, blist, rlist, elist, iord, last, &
      udata) bind(C, name='scijit_quadpack_qagie')
    procedure(quad_fcn) :: f
    real(c_double), value :: bound, epsabs, epsrel
    integer(c_int), value :: inf, limit
    real(c_double), intent(out) :: result, abserr
    integer(c_int), intent(out) :: neval, ier, last
    real(c_double), intent(inout) :: alist(limit), blist(limit), rlist(limit), elist(limit)
    integer(c_int), intent(inout) :: iord(limit)
    type(c_ptr), value :: udata
    call qagie(f, udata, bound, inf, epsabs, epsrel, limit, result, abserr, &
               neval, ier, alist, blist, rlist, elist, iord, last)
  end subroutine scijit_quadpack_qagie

  ! qagpe: adaptive integration over [a,b] with break points
  ! points(1:npts2-2); pts and ndin have npts2 elements, level limit.
  recursive subroutine scijit_quadpack_qagpe(f, a, b, npts2, points, epsabs, epsrel, &
      limit, result, abserr, neval, ier, alist, blist, rlist, elist, pts, &
      iord, level, ndin, last, udata) bind(C, name='scijit_quadpack_qagpe')
    procedure(quad_fcn) :: f
    real(c_double), value :: a, b, epsabs, epsrel
    integer(c_int), value :: npts2, limit
    real(c_double), intent(in) :: points(npts2 - 2)
    real(c_double), intent(out) :: result, abserr
    integer(c_int), intent(out) :: neval, ier, last
    real(c_double), intent(inout) :: alist(limit), blist(limit), rlist(limit), elist(limit)
    real(c_double), intent(inout) :: pts(npts2)
    integer(c_int), intent(inout) :: iord(limit), level(limit), ndin(npts2)
    type(c_ptr), value :: udata
    call qagpe(f, udata, a, b, npts2, points, epsabs, epsrel, limit, result, &
               abserr, neval, ier, alist, blist, rlist, elist, pts, iord, &
               level, ndin, last)
  end subroutine scijit_quadpack_qagpe

  ! qawce: Cauchy principal value of f(x)/(x-c) over (a,b).
  recursive subroutine scijit_quadpack_qawce(f, a, b, c, epsabs, epsrel, limit, result, &
      abserr, neval, ier, alist, blist, rlist, elist, iord, last, udata) &
      bind(C, name='scijit_quadpack_qawce')
    procedure(quad_fcn) :: f
    real(c_double), value :: a, b, c, epsabs, epsrel
    integer(c_int), value :: limit
    real(c_double), intent(out) :: result, abserr
    integer(c_int), intent(out) :: neval, ier, last
    real(c_double), intent(inout) :: alist(limit), blist(limit), rlist(limit), elist(limit)
    integer(c_int), intent(inout) :: iord(limit)
    type(c_ptr), value :: udata
    call qawce(f, udata, a, b, c, epsabs, epsrel, limit, result, abserr, &
               neval, ier, alist, blist, rlist, elist, iord, last)
  end subroutine scijit_quadpack_qawce

  ! qawse: integral of (x-a)**alfa (b-x)**beta v(x) f(x) over (a,b).
  recursive subroutine scijit_quadpack_qawse(f, a, b, alfa, beta, integr, epsabs, &
      epsrel, limit, result, abserr, neval, ier, alist, blist, rlist, elist, &
      iord, last, udata) bind(C, name='scijit_quadpack_qawse')
    procedure(quad_fcn) :: f
    real(c_double), value :: a, b, alfa, beta, epsabs, epsrel
    integer(c_int), value :: integr, limit
    real(c_double), intent(out) :: result, abserr
    integer(c_int), intent(out) :: neval, ier, last
    real(c_double), intent(inout) :: alist(limit), blist(limit), rlist(limit), elist(limit)
    integer(c_int), intent(inout) :: iord(limit)
    type(c_ptr), value :: udata
    call qawse(f, udata, a, b, alfa, beta, integr, epsabs, epsrel, limit, &
               result, abserr, neval, ier, alist, blist, rlist, elist, iord, &
               last)
  end subroutine scijit_quadpack_qawse

  ! qawoe: integral of cos(omega x) f(x) (integr = 1) or sin(omega x) f(x)
  ! (integr = 2) over (a,b); chebmo is maxp1 x 25 (column-major), momcom
  ! the number of its rows (levels of moments) already computed: given
  ! with icall >= 2, returned.
  recursive subroutine scijit_quadpack_qawoe(f, a, b, omega, integr, epsabs, epsrel, &
      limit, icall, maxp1, result, abserr, neval, ier, last, alist, blist, &
      rlist, elist, iord, nnlog, momcom, chebmo, udata) &
      bind(C, name='scijit_quadpack_qawoe')
    procedure(quad_fcn) :: f
    real(c_double), value :: a, b, omega, epsabs, epsrel
    integer(c_int), value :: integr, limit, icall, maxp1
    real(c_double), intent(out) :: result, abserr
    integer(c_int), intent(out) :: neval, ier, last
    real(c_double), intent(inout) :: alist(limit), blist(limit), rlist(limit), elist(limit)
    integer(c_int), intent(inout) :: iord(limit), nnlog(limit)
    integer(c_int), intent(inout) :: momcom
    real(c_double), intent(inout) :: chebmo(maxp1, 25)
    type(c_ptr), value :: udata
    call qawoe(f, udata, a, b, omega, integr, epsabs, epsrel, limit, icall, &
               maxp1, result, abserr, neval, ier, last, alist, blist, rlist, &
               elist, iord, nnlog, momcom, chebmo)
  end subroutine scijit_quadpack_qawoe

  ! qawfe: Fourier integral of f over (a,+inf); rslst, erlst, ierlst hold
  ! the contribution of each of at most limlst cycles.
  recursive subroutine scijit_quadpack_qawfe(f, a, omega, integr, epsabs, limlst, limit, &
      maxp1, result, abserr, neval, ier, rslst, erlst, ierlst, lst, alist, &
      blist, rlist, elist, iord, nnlog, chebmo, udata) &
      bind(C, name='scijit_quadpack_qawfe')
    procedure(quad_fcn) :: f
    real(c_double), value :: a, omega, epsabs
    integer(c_int), value :: integr, limlst, limit, maxp1
    real(c_double), intent(out) :: result, abserr
    integer(c_int), intent(out) :: neval, ier, lst
    real(c_double), intent(inout) :: rslst(limlst), erlst(limlst)
    integer(c_int), intent(inout) :: ierlst(limlst)
    real(c_double), intent(inout) :: alist(limit), blist(limit), rlist(limit), elist(limit)
    integer(c_int), intent(inout) :: iord(limit), nnlog(limit)
    real(c_double), intent(inout) :: chebmo(maxp1, 25)
    type(c_ptr), value :: udata
    call qawfe(f, udata, a, omega, integr, epsabs, limlst, limit, maxp1, &
               result, abserr, neval, ier, rslst, erlst, ierlst, lst, alist, &
               blist, rlist, elist, iord, nnlog, chebmo)
  end subroutine scijit_quadpack_qawfe

  ! A single Gauss-Kronrod rule (npoints = 15, 21, 31, 41, 51 or 61) on
  ! [a,b].  Any other npoints sets all four outputs to NaN without calling f.
  recursive subroutine scijit_quadpack_qk(f, npoints, a, b, result, abserr, resabs, &
      resasc, udata) bind(C, name='scijit_quadpack_qk')
    procedure(quad_fcn) :: f
    integer(c_int), value :: npoints
    real(c_double), value :: a, b
    real(c_double), intent(out) :: result, abserr, resabs, resasc
    type(c_ptr), value :: udata
    integer(ip) :: iflag
    logical :: ok
    iflag = 0
    call qk_rule(f, udata, npoints, a, b, result, abserr, resabs, resasc, &
                 iflag, ok)
    if (.not. ok) then
      result = ieee_value(1.0_dp, ieee_quiet_nan)
      abserr = result
      resabs = result
      resasc = result
    end if
  end subroutine scijit_quadpack_qk

end module quadpack_capi
