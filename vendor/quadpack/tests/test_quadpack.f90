! Unit tests of the scijit QUADPACK library through its C entry points.
!
! Reference values (result, abserr, neval, ier, last) were computed with
! scipy 1.17.1, scipy.integrate.quad(..., full_output=1) with the same
! options, the same integrand and the same QUADPACK routine.  result and
! abserr must agree to 1e-12 relative, neval, ier and last exactly.
module test_quadpack_integrands
  use, intrinsic :: iso_c_binding, only: c_double, c_int, c_ptr, c_f_pointer, &
                                         c_associated, c_funptr, c_funloc, c_loc
  implicit none
  integer, parameter :: dp = c_double

  ! the library's qagse, for the integrand that integrates (f_outer)
  interface
    subroutine qagse_c(f, a, b, epsabs, epsrel, limit, result, abserr, neval, &
        ier, alist, blist, rlist, elist, iord, last, udata) &
        bind(C, name='scijit_quadpack_qagse')
      import :: c_double, c_int, c_ptr, c_funptr
      type(c_funptr), value :: f
      real(c_double), value :: a, b, epsabs, epsrel
      integer(c_int), value :: limit
      real(c_double) :: result, abserr, alist(limit), blist(limit), rlist(limit), elist(limit)
      integer(c_int) :: neval, ier, iord(limit), last
      type(c_ptr), value :: udata
    end subroutine qagse_c
  end interface

  ! state for the integrand that asks to stop (passed through udata)
  type, bind(C) :: counter_t
    integer(c_int) :: ncalls = 0
    integer(c_int) :: stop_at = 0
  end type counter_t

contains

  real(c_double) function f_sqrtlog(x, iflag, udata) bind(C)
    real(c_double), value :: x
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    f_sqrtlog = 0.0_dp
    if (x > 0.0_dp) f_sqrtlog = sqrt(x)*log(x)
  end function f_sqrtlog

  real(c_double) function f_invsqrt(x, iflag, udata) bind(C)
    real(c_double), value :: x
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    f_invsqrt = 0.0_dp
    if (x > 0.0_dp) f_invsqrt = 1.0_dp/sqrt(x)
  end function f_invsqrt

  real(c_double) function f_cos100sin(x, iflag, udata) bind(C)
    real(c_double), value :: x
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    f_cos100sin = cos(100.0_dp*sin(x))
  end function f_cos100sin

  real(c_double) function f_inv(x, iflag, udata) bind(C)
    real(c_double), value :: x
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    f_inv = 0.0_dp
    if (x > 0.0_dp) f_inv = 1.0_dp/x
  end function f_inv

  real(c_double) function f_noisy(x, iflag, udata) bind(C)
    real(c_double), value :: x
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    f_noisy = sin(1.0e4_dp*x) + 1.0e-9_dp*modulo(x*1.0e9_dp, 1.0_dp)
  end function f_noisy

  real(c_double) function f_logrational(x, iflag, udata) bind(C)
    real(c_double), value :: x
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    f_logrational = 0.0_dp
    if (x > 0.0_dp) f_logrational = log(x)/(1.0_dp + 100.0_dp*x*x)
  end function f_logrational

  real(c_double) function f_gauss(x, iflag, udata) bind(C)
    real(c_double), value :: x
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    f_gauss = exp(-x*x)
  end function f_gauss

  real(c_double) function f_lorentz(x, iflag, udata) bind(C)
    real(c_double), value :: x
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    f_lorentz = 1.0_dp/(1.0_dp + x*x)
  end function f_lorentz

  real(c_double) function f_twopeaks(x, iflag, udata) bind(C)
    real(c_double), value :: x
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    f_twopeaks = 1.0_dp/((x - 0.3_dp)*(x - 0.3_dp) + 1.0e-4_dp) &
                 + 1.0_dp/((x - 0.7_dp)*(x - 0.7_dp) + 1.0e-3_dp)
  end function f_twopeaks

  real(c_double) function f_x3log(x, iflag, udata) bind(C)
    real(c_double), value :: x
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    real(dp) :: d
    d = (x*x - 1.0_dp)*(x*x - 2.0_dp)
    f_x3log = 0.0_dp
    if (d /= 0.0_dp) f_x3log = x*x*x*log(abs(d))
  end function f_x3log

  real(c_double) function f_exp(x, iflag, udata) bind(C)
    real(c_double), value :: x
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    f_exp = exp(x)
  end function f_exp

  real(c_double) function f_inv1px(x, iflag, udata) bind(C)
    real(c_double), value :: x
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    f_inv1px = 1.0_dp/(1.0_dp + x)
  end function f_inv1px

  real(c_double) function f_sin10(x, iflag, udata) bind(C)
    real(c_double), value :: x
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    f_sin10 = sin(10.0_dp*x)
  end function f_sin10

  real(c_double) function f_log(x, iflag, udata) bind(C)
    real(c_double), value :: x
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    f_log = 0.0_dp
    if (x > 0.0_dp) f_log = log(x)
  end function f_log

  real(c_double) function f_expm(x, iflag, udata) bind(C)
    real(c_double), value :: x
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    f_expm = exp(-x)
  end function f_expm

  ! 1/sqrt(x) that counts its calls in udata and sets iflag = -1 on call
  ! number stop_at (then keeps returning values if called again)
  real(c_double) function f_stopper(x, iflag, udata) bind(C)
    real(c_double), value :: x
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    type(counter_t), pointer :: cnt
    f_stopper = 0.0_dp
    if (x > 0.0_dp) f_stopper = 1.0_dp/sqrt(x)
    if (.not. c_associated(udata)) return
    call c_f_pointer(udata, cnt)
    cnt%ncalls = cnt%ncalls + 1
    if (cnt%ncalls == cnt%stop_at) iflag = -1
  end function f_stopper

  ! exp(-x*y) for the x that udata points to
  real(c_double) function f_inner(y, iflag, udata) bind(C)
    real(c_double), value :: y
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    real(c_double), pointer :: x
    call c_f_pointer(udata, x)
    f_inner = exp(-x*y)
  end function f_inner

  ! integral of exp(-x*y) over y in [0,1], by qagse called from inside the
  ! outer qagse's integrand (the library re-entered, with its own workspace)
  recursive real(c_double) function f_outer(x, iflag, udata) bind(C)
    real(c_double), value :: x
    integer(c_int), intent(inout) :: iflag
    type(c_ptr), value :: udata
    real(c_double), target :: xv
    real(c_double) :: abserr, alist(50), blist(50), rlist(50), elist(50)
    integer(c_int) :: neval, ier, last, iord(50)
    xv = x
    call qagse_c(c_funloc(f_inner), 0.0_dp, 1.0_dp, 1.49e-8_dp, 1.49e-8_dp, 50, &
                 f_outer, abserr, neval, ier, alist, blist, rlist, elist, iord, last, &
                 c_loc(xv))
    if (ier /= 0) iflag = -1
  end function f_outer

end module test_quadpack_integrands

program test_quadpack
  use, intrinsic :: iso_c_binding, only: c_double, c_int, c_ptr, c_funptr, &
                                         c_funloc, c_loc, c_null_ptr
  use test_quadpack_integrands
  implicit none

  interface
    subroutine qagse(f, a, b, epsabs, epsrel, limit, result, abserr, neval, &
        ier, alist, blist, rlist, elist, iord, last, udata) &
        bind(C, name='scijit_quadpack_qagse')
      import :: c_double, c_int, c_ptr, c_funptr
      type(c_funptr), value :: f
      real(c_double), value :: a, b, epsabs, epsrel
      integer(c_int), value :: limit
      real(c_double) :: result, abserr, alist(*), blist(*), rlist(*), elist(*)
      integer(c_int) :: neval, ier, iord(*), last
      type(c_ptr), value :: udata
    end subroutine qagse
    subroutine qagie(f, bound, inf, epsabs, epsrel, limit, result, abserr, &
        neval, ier, alist, blist, rlist, elist, iord, last, udata) &
        bind(C, name='scijit_quadpack_qagie')
      import :: c_double, c_int, c_ptr, c_funptr
      type(c_funptr), value :: f
      real(c_double), value :: bound, epsabs, epsrel
      integer(c_int), value :: inf, limit
      real(c_double) :: result, abserr, alist(*), blist(*), rlist(*), elist(*)
      integer(c_int) :: neval, ier, iord(*), last
      type(c_ptr), value :: udata
    end subroutine qagie
    subroutine qagpe(f, a, b, npts2, points, epsabs, epsrel, limit, result, &
        abserr, neval, ier, alist, blist, rlist, elist, pts, iord, level, &
        ndin, last, udata) bind(C, name='scijit_quadpack_qagpe')
      import :: c_double, c_int, c_ptr, c_funptr
      type(c_funptr), value :: f
      real(c_double), value :: a, b, epsabs, epsrel
      integer(c_int), value :: npts2, limit
      real(c_double) :: points(*), result, abserr, alist(*), blist(*)
      real(c_double) :: rlist(*), elist(*), pts(*)
      integer(c_int) :: neval, ier, iord(*), level(*), ndin(*), last
      type(c_ptr), value :: udata
    end subroutine qagpe
    subroutine qawce(f, a, b, c, epsabs, epsrel, limit, result, abserr, &
        neval, ier, alist, blist, rlist, elist, iord, last, udata) &
        bind(C, name='scijit_quadpack_qawce')
      import :: c_double, c_int, c_ptr, c_funptr
      type(c_funptr), value :: f
      real(c_double), value :: a, b, c, epsabs, epsrel
      integer(c_int), value :: limit
      real(c_double) :: result, abserr, alist(*), blist(*), rlist(*), elist(*)
      integer(c_int) :: neval, ier, iord(*), last
      type(c_ptr), value :: udata
    end subroutine qawce
    subroutine qawse(f, a, b, alfa, beta, integr, epsabs, epsrel, limit, &
        result, abserr, neval, ier, alist, blist, rlist, elist, iord, last, &
        udata) bind(C, name='scijit_quadpack_qawse')
      import :: c_double, c_int, c_ptr, c_funptr
      type(c_funptr), value :: f
      real(c_double), value :: a, b, alfa, beta, epsabs, epsrel
      integer(c_int), value :: integr, limit
      real(c_double) :: result, abserr, alist(*), blist(*), rlist(*), elist(*)
      integer(c_int) :: neval, ier, iord(*), last
      type(c_ptr), value :: udata
    end subroutine qawse
    subroutine qawoe(f, a, b, omega, integr, epsabs, epsrel, limit, icall, &
        maxp1, result, abserr, neval, ier, last, alist, blist, rlist, elist, &
        iord, nnlog, momcom, chebmo, udata) bind(C, name='scijit_quadpack_qawoe')
      import :: c_double, c_int, c_ptr, c_funptr
      type(c_funptr), value :: f
      real(c_double), value :: a, b, omega, epsabs, epsrel
      integer(c_int), value :: integr, limit, icall, maxp1
      real(c_double) :: result, abserr, alist(*), blist(*), rlist(*), elist(*)
      real(c_double) :: chebmo(*)
      integer(c_int) :: neval, ier, last, iord(*), nnlog(*), momcom
      type(c_ptr), value :: udata
    end subroutine qawoe
    subroutine qawfe(f, a, omega, integr, epsabs, limlst, limit, maxp1, &
        result, abserr, neval, ier, rslst, erlst, ierlst, lst, alist, blist, &
        rlist, elist, iord, nnlog, chebmo, udata) &
        bind(C, name='scijit_quadpack_qawfe')
      import :: c_double, c_int, c_ptr, c_funptr
      type(c_funptr), value :: f
      real(c_double), value :: a, omega, epsabs
      integer(c_int), value :: integr, limlst, limit, maxp1
      real(c_double) :: result, abserr, rslst(*), erlst(*), alist(*)
      real(c_double) :: blist(*), rlist(*), elist(*), chebmo(*)
      integer(c_int) :: neval, ier, ierlst(*), lst, iord(*), nnlog(*)
      type(c_ptr), value :: udata
    end subroutine qawfe
    subroutine qk(f, npoints, a, b, result, abserr, resabs, resasc, udata) &
        bind(C, name='scijit_quadpack_qk')
      import :: c_double, c_int, c_ptr, c_funptr
      type(c_funptr), value :: f
      integer(c_int), value :: npoints
      real(c_double), value :: a, b
      real(c_double) :: result, abserr, resabs, resasc
      type(c_ptr), value :: udata
    end subroutine qk
  end interface

  integer, parameter :: lim = 600, maxp1max = 50, limlstmax = 50
  real(dp) :: alist(lim), blist(lim), rlist(lim), elist(lim)
  real(dp) :: chebmo(maxp1max*25), rslst(limlstmax), erlst(limlstmax)
  real(dp) :: pts(16)
  integer(c_int) :: iord(lim), level(lim), nnlog(lim), ndin(16)
  integer(c_int) :: ierlst(limlstmax)
  integer :: npass = 0, nfail = 0

  ! --- comparisons with scipy 1.17.1 ------------------------------------
    call t_qagse('qagse sqrt(x)log(x) on [0,1]', c_funloc(f_sqrtlog), &
       0.0_dp, 1.0_dp, 1.49e-08_dp, 1.49e-08_dp, 50, &
       -0.44444444444444475_dp, 1.1102230246251565e-15_dp, 315, 0, 8)
    call t_qagse('qagse 1/sqrt(x) on [0,1]', c_funloc(f_invsqrt), &
       0.0_dp, 1.0_dp, 1.49e-08_dp, 1.49e-08_dp, 50, &
       1.9999999999999984_dp, 5.773159728050814e-15_dp, 231, 0, 6)
    call t_qagse('qagse cos(100 sin x) on [0,pi]', c_funloc(f_cos100sin), &
       0.0_dp, 3.141592653589793_dp, 1.49e-08_dp, 1.49e-08_dp, 50, &
       0.06278740049149145_dp, 1.1009011485664521e-08_dp, 945, 0, 23)
    call t_qagse('qagse 1/x on [0,1] (ier=1)', c_funloc(f_inv), &
       0.0_dp, 1.0_dp, 1.49e-08_dp, 1.49e-08_dp, 50, &
       41.67684067538809_dp, 9.35056037314051_dp, 2079, 1, 50)
    call t_qagse('qagse exp(x) on [1,0] (reversed)', c_funloc(f_exp), &
       1.0_dp, 0.0_dp, 1.49e-08_dp, 1.49e-08_dp, 50, &
       -1.7182818284590453_dp, 1.9076760487502457e-14_dp, 21, 0, 1)
    call t_qagse('qagse noisy, epsrel=1e-12 (ier=5)', c_funloc(f_noisy), &
       0.0_dp, 1.0_dp, 0.0_dp, 1e-12_dp, 500, &
       -0.008283650848858001_dp, 0.010251690756773651_dp, 20979, 5, 500)
    call t_qagie('qagie log(x)/(1+100x^2) on [0,inf)', c_funloc(f_logrational), &
       0.0_dp, 1, 1.49e-08_dp, 1.49e-08_dp, 50, &
       -0.3616892206208058_dp, 2.0371015430065142e-09_dp, 465, 0, 16)
    call t_qagie('qagie exp(-x^2) on (-inf,inf)', c_funloc(f_gauss), &
       0.0_dp, 2, 1.49e-08_dp, 1.49e-08_dp, 50, &
       1.7724538509055159_dp, 1.4202636780944923e-08_dp, 270, 0, 5)
    call t_qagie('qagie 1/(1+x^2) on (-inf,0]', c_funloc(f_lorentz), &
       0.0_dp, -1, 1.49e-08_dp, 1.49e-08_dp, 50, &
       1.5707963267948966_dp, 2.5777915205519274e-10_dp, 45, 0, 2)
    call t_qagpe('qagpe two peaks, points .3 .7', c_funloc(f_twopeaks), &
       0.0_dp, 1.0_dp, [0.3_dp, 0.7_dp], 1.49e-08_dp, 1.49e-08_dp, 50, &
       403.9959040596232_dp, 8.072133818276094e-07_dp, 525, 0, 14)
    call t_qagpe('qagpe x^3 log|(x^2-1)(x^2-2)|', c_funloc(f_x3log), &
       0.0_dp, 3.0_dp, [1.0_dp, 1.4142135623730951_dp], 1.49e-08_dp, 1.49e-08_dp, 50, &
       52.740748383471434_dp, 2.6247632689546663e-07_dp, 1029, 0, 26)
    call t_qawce('qawce 1/((1+x^2)(x-2)) on [-1,5]', c_funloc(f_lorentz), &
       -1.0_dp, 5.0_dp, 2.0_dp, 1.49e-08_dp, 1.49e-08_dp, 50, &
       -1.1200145078831394_dp, 3.030957399148049e-10_dp, 215, 0, 6)
    call t_qawce('qawce exp(x)/(x-1) on [2,0]', c_funloc(f_exp), &
       2.0_dp, 0.0_dp, 1.0_dp, 1.49e-08_dp, 1.49e-08_dp, 50, &
       -5.747811685312524_dp, 6.812328479099961e-13_dp, 25, 0, 1)
    call t_qawse('qawse alg 1/(1+x) (-.5,-.5)', c_funloc(f_inv1px), &
       0.0_dp, 1.0_dp, -0.5_dp, -0.5_dp, 1, 1.49e-08_dp, 1.49e-08_dp, 50, &
       2.2214414690791835_dp, 7.66053886991358e-14_dp, 50, 0, 2)
    call t_qawse('qawse alg-loga sin(10x)', c_funloc(f_sin10), &
       0.0_dp, 1.0_dp, 0.0_dp, 0.0_dp, 2, 1.49e-08_dp, 1.49e-08_dp, 50, &
       -0.29252571909000336_dp, 1.0182448867568545e-11_dp, 40, 0, 2)
    call t_qawse('qawse alg-logb exp(x) on [0,2]', c_funloc(f_exp), &
       0.0_dp, 2.0_dp, 0.5_dp, -0.3_dp, 3, 1.49e-08_dp, 1.49e-08_dp, 50, &
       -17.356750946451314_dp, 8.791620945967572e-13_dp, 50, 0, 2)
    call t_qawse('qawse alg-log 1/(1+x^2) on [-1,1]', c_funloc(f_lorentz), &
       -1.0_dp, 1.0_dp, 0.2_dp, 0.7_dp, 4, 1.49e-08_dp, 1.49e-08_dp, 50, &
       -0.4581527142913705_dp, 9.312828476164168e-12_dp, 50, 0, 2)
    call t_qawoe('qawoe log(x) cos(10 pi x)', c_funloc(f_log), &
       0.0_dp, 1.0_dp, 31.41592653589793_dp, 1, 1.49e-08_dp, 1.49e-08_dp, 50, 50, &
       -0.04898881711538923_dp, 4.79829842525703e-10_dp, 305, 0, 9)
    call t_qawoe('qawoe x^-1/2 sin(-20x)', c_funloc(f_invsqrt), &
       0.0_dp, 1.0_dp, -20.0_dp, 2, 1.49e-08_dp, 1.49e-08_dp, 50, 50, &
       -0.25875205353506253_dp, 1.6325829577112927e-11_dp, 305, 0, 9)
    call t_qawoe('qawoe exp(-x) sin(50x) (last=0)', c_funloc(f_expm), &
       0.0_dp, 2.0_dp, 50.0_dp, 2, 1.49e-08_dp, 1.49e-08_dp, 50, 50, &
       0.017686293761053327_dp, 6.475098435887927e-16_dp, 25, 0, 0)
    call t_qawoe('qawoe log(x) cos(30x) limit 5', c_funloc(f_log), &
       0.0_dp, 1.0_dp, 30.0_dp, 1, 1.49e-08_dp, 1.49e-08_dp, 5, 50, &
       -0.052119426018154086_dp, 0.10643974049958368_dp, 185, 1, 5)
    call t_qawfe('qawfe exp(-x) cos(x)', c_funloc(f_expm), &
       0.0_dp, 1.0_dp, 1, 1.49e-08_dp, 50, 50, 50, &
       0.49999999999999967_dp, 2.19026633171533e-12_dp, 200, 0, 6)
    call t_qawfe('qawfe x^-1/2 sin(x)', c_funloc(f_invsqrt), &
       0.0_dp, 1.0_dp, 2, 1.49e-08_dp, 50, 50, 50, &
       1.2533141372757353_dp, 8.961808628527024e-09_dp, 580, 0, 14)
    call t_qawfe('qawfe 1/x sin(3x) on [1,inf)', c_funloc(f_inv), &
       1.0_dp, 3.0_dp, 2, 1.49e-08_dp, 50, 50, 50, &
       -0.2778562012365765_dp, 9.496447154434602e-09_dp, 425, 0, 13)
    call t_qk21('qk 21-point exp(x) on [0,1]', 1.7182818284590453_dp, 1.9076760487502457e-14_dp)

  ! --- behaviour not covered by scipy --------------------------------------
  call test_stop_request()
  call test_stop_request_qawfe()
  call test_limit_zero()
  call test_qagpe_point_outside()
  call test_bad_tolerances()
  call test_qk_rules()
  call test_c_max_min()
  call test_reentry()

  write (*, '(i0, a, i0, a)') npass, ' passed, ', nfail, ' failed'
  if (nfail > 0) error stop 1

contains

  ! fmax/fmin ignore a NaN as C's do (scipy's QUADPACK is C); gfortran's
  ! MAX(inf, NaN) is NaN
  subroutine test_c_max_min()
    use, intrinsic :: ieee_arithmetic, only: ieee_value, ieee_quiet_nan, &
                                             ieee_positive_inf, ieee_is_nan
    use quadpack_rules, only: fmax, fmin
    real(dp) :: nan, inf
    nan = ieee_value(nan, ieee_quiet_nan)
    inf = ieee_value(inf, ieee_positive_inf)
    call report('fmax ignores a NaN', fmax(inf, nan) == inf .and. &
                fmax(nan, 2.0_dp) == 2.0_dp .and. fmax(1.0_dp, 2.0_dp) == 2.0_dp &
                .and. ieee_is_nan(fmax(nan, nan)))
    call report('fmin ignores a NaN', fmin(1.0_dp, nan) == 1.0_dp .and. &
                fmin(nan, -inf) == -inf .and. fmin(1.0_dp, 2.0_dp) == 1.0_dp)
  end subroutine test_c_max_min

  subroutine report(name, ok, detail)
    character(*), intent(in) :: name
    logical, intent(in) :: ok
    character(*), intent(in), optional :: detail
    if (ok) then
      npass = npass + 1
      write (*, '(a, a)') 'PASS  ', name
    else
      nfail = nfail + 1
      if (present(detail)) then
        write (*, '(a, a, a, a)') 'FAIL  ', name, '  ', detail
      else
        write (*, '(a, a)') 'FAIL  ', name
      end if
    end if
  end subroutine report

  logical function close_to(x, ref, rtol)
    real(dp), intent(in) :: x, ref, rtol
    close_to = abs(x - ref) <= rtol*abs(ref) .or. x == ref
  end function close_to

  subroutine compare(name, result, abserr, neval, ier, last, rres, rerr, &
                     rneval, rier, rlast)
    character(*), intent(in) :: name
    real(dp), intent(in) :: result, abserr, rres, rerr
    integer(c_int), intent(in) :: neval, ier, last
    integer, intent(in) :: rneval, rier, rlast
    character(len=200) :: detail
    logical :: ok
    ok = close_to(result, rres, 1.0e-12_dp) .and. close_to(abserr, rerr, 1.0e-12_dp) &
         .and. neval == rneval .and. ier == rier .and. last == rlast
    write (detail, '(2es24.16, 3(1x, i0))') result, abserr, neval, ier, last
    call report(name, ok, trim(detail))
  end subroutine compare

  subroutine t_qagse(name, f, a, b, epsabs, epsrel, limit, rres, rerr, rneval, &
                     rier, rlast)
    character(*), intent(in) :: name
    type(c_funptr), value :: f
    real(dp), intent(in) :: a, b, epsabs, epsrel, rres, rerr
    integer, intent(in) :: limit, rneval, rier, rlast
    real(dp) :: result, abserr
    integer(c_int) :: neval, ier, last
    call qagse(f, a, b, epsabs, epsrel, limit, result, abserr, neval, ier, &
               alist, blist, rlist, elist, iord, last, c_null_ptr)
    call compare(name, result, abserr, neval, ier, last, rres, rerr, rneval, &
                 rier, rlast)
  end subroutine t_qagse

  subroutine t_qagie(name, f, bound, inf, epsabs, epsrel, limit, rres, rerr, &
                     rneval, rier, rlast)
    character(*), intent(in) :: name
    type(c_funptr), value :: f
    real(dp), intent(in) :: bound, epsabs, epsrel, rres, rerr
    integer, intent(in) :: inf, limit, rneval, rier, rlast
    real(dp) :: result, abserr
    integer(c_int) :: neval, ier, last
    call qagie(f, bound, inf, epsabs, epsrel, limit, result, abserr, neval, &
               ier, alist, blist, rlist, elist, iord, last, c_null_ptr)
    call compare(name, result, abserr, neval, ier, last, rres, rerr, rneval, &
                 rier, rlast)
  end subroutine t_qagie

  ! points as scipy passes them: the break points followed by two zeros
  subroutine t_qagpe(name, f, a, b, points, epsabs, epsrel, limit, rres, rerr, &
                     rneval, rier, rlast)
    character(*), intent(in) :: name
    type(c_funptr), value :: f
    real(dp), intent(in) :: a, b, points(:), epsabs, epsrel, rres, rerr
    integer, intent(in) :: limit, rneval, rier, rlast
    real(dp) :: result, abserr, p(size(points) + 2)
    integer(c_int) :: neval, ier, last
    p = 0.0_dp
    p(1:size(points)) = points
    call qagpe(f, a, b, size(p), p, epsabs, epsrel, limit, result, abserr, &
               neval, ier, alist, blist, rlist, elist, pts, iord, level, ndin, &
               last, c_null_ptr)
    call compare(name, result, abserr, neval, ier, last, rres, rerr, rneval, &
                 rier, rlast)
  end subroutine t_qagpe

  subroutine t_qawce(name, f, a, b, c, epsabs, epsrel, limit, rres, rerr, &
                     rneval, rier, rlast)
    character(*), intent(in) :: name
    type(c_funptr), value :: f
    real(dp), intent(in) :: a, b, c, epsabs, epsrel, rres, rerr
    integer, intent(in) :: limit, rneval, rier, rlast
    real(dp) :: result, abserr
    integer(c_int) :: neval, ier, last
    call qawce(f, a, b, c, epsabs, epsrel, limit, result, abserr, neval, ier, &
               alist, blist, rlist, elist, iord, last, c_null_ptr)
    call compare(name, result, abserr, neval, ier, last, rres, rerr, rneval, &
                 rier, rlast)
  end subroutine t_qawce

  subroutine t_qawse(name, f, a, b, alfa, beta, integr, epsabs, epsrel, limit, &
                     rres, rerr, rneval, rier, rlast)
    character(*), intent(in) :: name
    type(c_funptr), value :: f
    real(dp), intent(in) :: a, b, alfa, beta, epsabs, epsrel, rres, rerr
    integer, intent(in) :: integr, limit, rneval, rier, rlast
    real(dp) :: result, abserr
    integer(c_int) :: neval, ier, last
    call qawse(f, a, b, alfa, beta, integr, epsabs, epsrel, limit, result, &
               abserr, neval, ier, alist, blist, rlist, elist, iord, last, &
               c_null_ptr)
    call compare(name, result, abserr, neval, ier, last, rres, rerr, rneval, &
                 rier, rlast)
  end subroutine t_qawse

  subroutine t_qawoe(name, f, a, b, omega, integr, epsabs, epsrel, limit, &
                     maxp1, rres, rerr, rneval, rier, rlast)
    character(*), intent(in) :: name
    type(c_funptr), value :: f
    real(dp), intent(in) :: a, b, omega, epsabs, epsrel, rres, rerr
    integer, intent(in) :: integr, limit, maxp1, rneval, rier, rlast
    real(dp) :: result, abserr
    integer(c_int) :: neval, ier, last, momcom
    momcom = 0
    call qawoe(f, a, b, omega, integr, epsabs, epsrel, limit, 1, maxp1, &
               result, abserr, neval, ier, last, alist, blist, rlist, elist, &
               iord, nnlog, momcom, chebmo, c_null_ptr)
    call compare(name, result, abserr, neval, ier, last, rres, rerr, rneval, &
                 rier, rlast)
  end subroutine t_qawoe

  subroutine t_qawfe(name, f, a, omega, integr, epsabs, limlst, limit, maxp1, &
                     rres, rerr, rneval, rier, rlast)
    character(*), intent(in) :: name
    type(c_funptr), value :: f
    real(dp), intent(in) :: a, omega, epsabs, rres, rerr
    integer, intent(in) :: integr, limlst, limit, maxp1, rneval, rier, rlast
    real(dp) :: result, abserr
    integer(c_int) :: neval, ier, lst
    call qawfe(f, a, omega, integr, epsabs, limlst, limit, maxp1, result, &
               abserr, neval, ier, rslst, erlst, ierlst, lst, alist, blist, &
               rlist, elist, iord, nnlog, chebmo, c_null_ptr)
    call compare(name, result, abserr, neval, ier, lst, rres, rerr, rneval, &
                 rier, rlast)
  end subroutine t_qawfe

  ! the 21-point rule alone equals quad(..., limit=1)
  subroutine t_qk21(name, rres, rerr)
    character(*), intent(in) :: name
    real(dp), intent(in) :: rres, rerr
    real(dp) :: result, abserr, resabs, resasc
    call qk(c_funloc(f_exp), 21, 0.0_dp, 1.0_dp, result, abserr, resabs, &
            resasc, c_null_ptr)
    call report(name, close_to(result, rres, 1.0e-12_dp) .and. &
                close_to(abserr, rerr, 1.0e-12_dp))
  end subroutine t_qk21

  ! The integrand sets iflag = -1 on its 50th call: ier = -1 and no further
  ! evaluation (udata is passed back on every call).
  subroutine test_stop_request()
    type(counter_t), target :: cnt
    real(dp) :: result, abserr
    integer(c_int) :: neval, ier, last
    cnt = counter_t(0, 50)
    call qagse(c_funloc(f_stopper), 0.0_dp, 1.0_dp, 1.49e-8_dp, 1.49e-8_dp, &
               50, result, abserr, neval, ier, alist, blist, rlist, elist, &
               iord, last, c_loc(cnt))
    call report('stop request in qagse (iflag=-1 on call 50)', &
                ier == -1 .and. cnt%ncalls == 50)
  end subroutine test_stop_request

  ! The stop request propagates from qawoe through qawfe.
  subroutine test_stop_request_qawfe()
    type(counter_t), target :: cnt
    real(dp) :: result, abserr
    integer(c_int) :: neval, ier, lst
    cnt = counter_t(0, 100)
    call qawfe(c_funloc(f_stopper), 0.0_dp, 1.0_dp, 2, 1.49e-8_dp, 50, 50, &
               50, result, abserr, neval, ier, rslst, erlst, ierlst, lst, &
               alist, blist, rlist, elist, iord, nnlog, chebmo, c_loc(cnt))
    call report('stop request in qawfe (iflag=-1 on call 100)', &
                ier == -1 .and. cnt%ncalls == 100)
  end subroutine test_stop_request_qawfe

  ! limit < 1: ier = 6, no evaluation, arrays untouched
  subroutine test_limit_zero()
    type(counter_t), target :: cnt
    real(dp) :: result, abserr
    integer(c_int) :: neval, ier, last, momcom
    logical :: ok
    cnt = counter_t(0, -1)
    alist(1) = -7.0_dp
    iord(1) = -7
    ok = .true.
    call qagse(c_funloc(f_stopper), 0.0_dp, 1.0_dp, 1.49e-8_dp, 1.49e-8_dp, &
               0, result, abserr, neval, ier, alist, blist, rlist, elist, iord, &
               last, c_loc(cnt))
    ok = ok .and. ier == 6 .and. neval == 0 .and. last == 0
    call qagie(c_funloc(f_stopper), 0.0_dp, 1, 1.49e-8_dp, 1.49e-8_dp, &
               0, result, abserr, neval, ier, alist, blist, rlist, elist, iord, &
               last, c_loc(cnt))
    ok = ok .and. ier == 6
    call qawce(c_funloc(f_stopper), 0.0_dp, 1.0_dp, 0.5_dp, 1.49e-8_dp, &
               1.49e-8_dp, -3, result, abserr, neval, ier, alist, blist, rlist, &
               elist, iord, last, c_loc(cnt))
    ok = ok .and. ier == 6
    call qawse(c_funloc(f_stopper), 0.0_dp, 1.0_dp, 0.0_dp, 0.0_dp, 1, &
               1.49e-8_dp, 1.49e-8_dp, 0, result, abserr, neval, ier, alist, &
               blist, rlist, elist, iord, last, c_loc(cnt))
    ok = ok .and. ier == 6
    call qawoe(c_funloc(f_stopper), 0.0_dp, 1.0_dp, 10.0_dp, 1, 1.49e-8_dp, &
               1.49e-8_dp, 0, 1, 50, result, abserr, neval, ier, last, alist, &
               blist, rlist, elist, iord, nnlog, momcom, chebmo, c_loc(cnt))
    ok = ok .and. ier == 6
    call qawfe(c_funloc(f_stopper), 0.0_dp, 1.0_dp, 1, 1.49e-8_dp, 50, 0, 50, &
               result, abserr, neval, ier, rslst, erlst, ierlst, last, alist, &
               blist, rlist, elist, iord, nnlog, chebmo, c_loc(cnt))
    ok = ok .and. ier == 6
    ok = ok .and. cnt%ncalls == 0 .and. alist(1) == -7.0_dp .and. iord(1) == -7
    call report('limit < 1 gives ier=6, arrays untouched', ok)
  end subroutine test_limit_zero

  ! break point outside (a,b): ier = 6 (scipy filters such points itself)
  subroutine test_qagpe_point_outside()
    real(dp) :: result, abserr, p(3)
    integer(c_int) :: neval, ier, last
    p = [0.5_dp, 1.5_dp, 0.0_dp]
    call qagpe(c_funloc(f_exp), 0.0_dp, 1.0_dp, 4, [p, 0.0_dp], 1.49e-8_dp, &
               1.49e-8_dp, 50, result, abserr, neval, ier, alist, blist, rlist, &
               elist, pts, iord, level, ndin, last, c_null_ptr)
    call report('qagpe with a point outside (a,b) gives ier=6', &
                ier == 6 .and. neval == 0 .and. result == 0.0_dp)
  end subroutine test_qagpe_point_outside

  ! epsabs <= 0 and epsrel < 50 eps: ier = 6; bad qawse/qawoe parameters too
  subroutine test_bad_tolerances()
    real(dp) :: result, abserr
    integer(c_int) :: neval, ier, last, momcom
    logical :: ok
    call qagse(c_funloc(f_exp), 0.0_dp, 1.0_dp, 0.0_dp, 1.0e-16_dp, 50, &
               result, abserr, neval, ier, alist, blist, rlist, elist, iord, &
               last, c_null_ptr)
    ok = ier == 6 .and. neval == 0
    call qawse(c_funloc(f_exp), 0.0_dp, 1.0_dp, -1.0_dp, 0.0_dp, 1, &
               1.49e-8_dp, 1.49e-8_dp, 50, result, abserr, neval, ier, alist, &
               blist, rlist, elist, iord, last, c_null_ptr)
    ok = ok .and. ier == 6
    call qawoe(c_funloc(f_exp), 0.0_dp, 1.0_dp, 10.0_dp, 3, 1.49e-8_dp, &
               1.49e-8_dp, 50, 1, 50, result, abserr, neval, ier, last, alist, &
               blist, rlist, elist, iord, nnlog, momcom, chebmo, c_null_ptr)
    ok = ok .and. ier == 6
    call report('invalid tolerances / parameters give ier=6', ok)
  end subroutine test_bad_tolerances

  ! every Gauss-Kronrod rule integrates exp(x) on [0,1] to 1e-14; an
  ! unknown npoints gives NaN outputs
  subroutine test_qk_rules()
    integer, parameter :: np(6) = [15, 21, 31, 41, 51, 61]
    real(dp) :: result, abserr, resabs, resasc, exact
    integer :: k
    logical :: ok
    exact = exp(1.0_dp) - 1.0_dp
    ok = .true.
    do k = 1, size(np)
      call qk(c_funloc(f_exp), np(k), 0.0_dp, 1.0_dp, result, abserr, resabs, &
              resasc, c_null_ptr)
      ok = ok .and. abs(result - exact) < 1.0e-14_dp .and. abserr < 1.0e-12_dp &
           .and. abs(resabs - exact) < 1.0e-14_dp
    end do
    call qk(c_funloc(f_exp), 17, 0.0_dp, 1.0_dp, result, abserr, resabs, &
            resasc, c_null_ptr)
    ok = ok .and. result /= result
    call report('qk 15..61-point rules on exp(x), invalid npoints', ok)
  end subroutine test_qk_rules

  ! qagse inside qagse's integrand: Ein(1) = int_0^1 (1 - exp(-x))/x dx,
  ! the outer call's state and workspace untouched by the inner calls
  ! (scipy 1.17.1's nested quad: 0.7965995992970532, neval 21, last 1)
  subroutine test_reentry()
    real(dp) :: result, abserr
    integer(c_int) :: neval, ier, last
    call qagse(c_funloc(f_outer), 0.0_dp, 1.0_dp, 1.49e-8_dp, 1.49e-8_dp, &
               50, result, abserr, neval, ier, alist, blist, rlist, elist, &
               iord, last, c_null_ptr)
    call report('qagse re-entered from its integrand (nested integral)', &
                close_to(result, 0.7965995992970532_dp, 1.0e-14_dp) .and. ier == 0 &
                .and. neval == 21 .and. last == 1)
  end subroutine test_reentry

end program test_quadpack
