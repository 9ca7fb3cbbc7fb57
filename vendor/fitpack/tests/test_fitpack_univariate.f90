! Unit tests of the scijit FITPACK library's UnivariateSpline and
! partial-derivative entry points (scijit_fitpack_fpcurf, _fpchec, _pardtc).
!
! Data: x(i) = (i-1)/2, i = 1..21, y = sin(x) + cos(3x)/10.  Reference
! values were computed with scipy 1.17.1's f2py wrappers (fpcurf0, fpcurf1,
! fpcurfm1, fpchec, pardtc) on the same data; knot counts and ier must
! agree exactly, reals to 1e-12 relative.
program test_fitpack_univariate
  use, intrinsic :: iso_c_binding, only: c_double, c_int
  use fitpack_univariate_capi
  use scijit_kinds, only: scijit_size_error
  use fitpack_surface_pardtc, only: scijit_fitpack_pardtc
  implicit none
  integer, parameter :: dp = c_double
  integer, parameter :: m = 21, k = 3, room = m + k + 1
  integer, parameter :: lwrk = room * 3 * (k + 2) + m * (k + 1)
  real(dp) :: x(m), y(m), w(m), t(room), c(room), fpint(room), wrk(lwrk), fp
  real(dp) :: tl(11), cl(11), fpl(11), cxy(24), newc(24), tx(10), ty(7)
  integer(c_int) :: nrdata(room), nrl(11), n, ier, ier0, i
  integer :: nfail = 0, ntest = 0

  do i = 1, m
    x(i) = real(i - 1, dp) * 0.5_dp
    y(i) = sin(x(i)) + 0.1_dp * cos(3.0_dp * x(i))
  end do
  w = 1.0_dp
  t = 0.0_dp
  c = 0.0_dp
  fpint = 0.0_dp
  nrdata = 0

  ! fpcurf0: s = 0.05 with scipy's nest = max(m/2, 2k+2) = 10 runs out of knots
  n = 0
  call scijit_fitpack_fpcurf(0, m, x, y, w, x(1), x(m), k, 0.05_dp, 10, n, t, c, fp, &
                             fpint, nrdata, wrk, lwrk, 0, ier)
  call check_int('fpcurf0 n', n, 10)
  call check_int('fpcurf0 ier', ier, 1)
  call check('fpcurf0 t', t(1:10), [ &
      0.00000000000000000e+00_dp, 0.00000000000000000e+00_dp, 0.00000000000000000e+00_dp, &
      0.00000000000000000e+00_dp, 5.00000000000000000e+00_dp, 7.50000000000000000e+00_dp, &
      1.00000000000000000e+01_dp, 1.00000000000000000e+01_dp, 1.00000000000000000e+01_dp, &
      1.00000000000000000e+01_dp])
  call check('fpcurf0 c', c(1:6), [ &
      -7.71989827638278614e-02_dp, 2.98381378165012912e+00_dp, -3.51727772537477268e+00_dp, &
      2.05793047885049596e+00_dp, 3.30979040493228405e-01_dp, -5.89708266830104577e-01_dp])
  call check('fpcurf0 fp', [fp], [2.36583998250351313e-01_dp])

  ! scipy's retry: the state np.resize'd to nest = m+k+1, continued (iopt = 1,
  ! ier = 1 passed back), then set_smoothing_factor(0.01)
  do i = 11, room
    t(i) = t(i - 10)
    c(i) = c(i - 10)
    fpint(i) = fpint(i - 10)
    nrdata(i) = nrdata(i - 10)
  end do
  ier0 = ier
  call scijit_fitpack_fpcurf(1, m, x, y, w, x(1), x(m), k, 0.05_dp, room, n, t, c, fp, &
                             fpint, nrdata, wrk, lwrk, ier0, ier)
  ier0 = ier
  call scijit_fitpack_fpcurf(1, m, x, y, w, x(1), x(m), k, 0.01_dp, room, n, t, c, fp, &
                             fpint, nrdata, wrk, lwrk, ier0, ier)
  call check_int('fpcurf1 n', n, 18)
  call check_int('fpcurf1 ier', ier, 0)
  call check('fpcurf1 t', t(1:18), [ &
      0.00000000000000000e+00_dp, 0.00000000000000000e+00_dp, 0.00000000000000000e+00_dp, &
      0.00000000000000000e+00_dp, 1.50000000000000000e+00_dp, 2.00000000000000000e+00_dp, &
      2.50000000000000000e+00_dp, 3.50000000000000000e+00_dp, 4.00000000000000000e+00_dp, &
      5.00000000000000000e+00_dp, 6.50000000000000000e+00_dp, 7.50000000000000000e+00_dp, &
      8.50000000000000000e+00_dp, 9.00000000000000000e+00_dp, 1.00000000000000000e+01_dp, &
      1.00000000000000000e+01_dp, 1.00000000000000000e+01_dp, 1.00000000000000000e+01_dp])
  call check('fpcurf1 c', c(1:14), [ &
      1.07670605915241857e-01_dp, 4.49850054442549829e-01_dp, 9.86963073225055609e-01_dp, &
      1.05307036941419807e+00_dp, 5.11854444949170428e-01_dp, -3.62429739533695949e-01_dp, &
      -7.52016365488415217e-01_dp, -1.41911563494484816e+00_dp, 3.21244493365084649e-01_dp, &
      8.99396986194496706e-01_dp, 1.14452326353803180e+00_dp, 2.40899996754786877e-01_dp, &
      -4.56084372545473016e-01_dp, -5.27222131994478316e-01_dp])
  call check('fpcurf1 fp', [fp], [1.00072446204364732e-02_dp])

  ! a saved state whose data counts do not add up is refused (ier = 10)
  nrdata(2) = nrdata(2) + 5
  call scijit_fitpack_fpcurf(1, m, x, y, w, x(1), x(m), k, 0.001_dp, room, n, t, c, fp, &
                             fpint, nrdata, wrk, lwrk, ier0, ier)
  call check_int('fpcurf1 damaged state', ier, 10)
  nrdata(2) = nrdata(2) - 5

  ! a workspace one element short is a size error, before anything else
  call scijit_fitpack_fpcurf(0, m, x, y, w, x(1), x(m), k, 0.05_dp, room, n, t, c, fp, &
                             fpint, nrdata, wrk, int(scijit_fitpack_fpcurf_lwrk(m, k, room)) - 1, &
                             0, ier)
  call check_int('fpcurf short wrk', ier, scijit_size_error)
  call check_int('fpcurf_lwrk', int(scijit_fitpack_fpcurf_lwrk(m, k, room), c_int), lwrk)

  ! fpcurfm1: least squares on given knots
  tl = [0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, 2.5_dp, 5.0_dp, 7.5_dp, 10.0_dp, 10.0_dp, &
        10.0_dp, 10.0_dp]
  n = 11
  call scijit_fitpack_fpcurf(-1, m, x, y, w, x(1), x(m), k, -1.0_dp, 11, n, tl, cl, fp, &
                             fpl, nrl, wrk, lwrk, 0, ier)
  call check_int('fpcurfm1 ier', ier, 0)
  call check('fpcurfm1 c', cl(1:7), [ &
      4.74386036660764121e-02_dp, 1.08446297768005606e+00_dp, 1.19559325070582267e+00_dp, &
      -2.37847434424171400e+00_dp, 2.26518355648011704e+00_dp, 2.16509526611608022e-01_dp, &
      -5.69136932096241499e-01_dp])
  call check('fpcurfm1 fp', [fp], [1.49227177913647813e-01_dp])

  ! fpchec: scipy's condition codes
  call check_int('fpchec ok', scijit_fitpack_fpchec(x, m, tl, 11, k), 0)
  call check_int('fpchec order', scijit_fitpack_fpchec(x, m, &
      [0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, 5.0_dp, 2.5_dp, 10.0_dp, 10.0_dp, 10.0_dp, 10.0_dp], &
      10, k), 30)
  call check_int('fpchec outside', scijit_fitpack_fpchec(x, m, &
      [0.5_dp, 0.5_dp, 0.5_dp, 0.5_dp, 2.5_dp, 10.0_dp, 10.0_dp, 10.0_dp, 10.0_dp], 9, k), 40)
  call check_int('fpchec schoenberg-whitney', scijit_fitpack_fpchec(x, m, &
      [0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, 0.1_dp, 0.2_dp, 0.3_dp, 10.0_dp, 10.0_dp, 10.0_dp, &
       10.0_dp], 11, k), 50)

  ! pardtc: kx = 3, ky = 2 on tx(10), ty(7)
  tx = [0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, 1.0_dp, 2.0_dp, 3.0_dp, 3.0_dp, 3.0_dp, 3.0_dp]
  ty = [0.0_dp, 0.0_dp, 0.0_dp, 0.5_dp, 1.0_dp, 1.0_dp, 1.0_dp]
  cxy = [ &
        3.45584192064786022e-01_dp, 8.21618143501158360e-01_dp, 3.30437076183387135e-01_dp, &
        -1.30315723160436092e+00_dp, 9.05355866673117737e-01_dp, 4.46374572364011291e-01_dp, &
        -5.36953235360285164e-01_dp, 5.81118104196353125e-01_dp, 3.64572396186075731e-01_dp, &
        2.94132496655525988e-01_dp, 2.84222413157967889e-02_dp, 5.46712986612446938e-01_dp, &
        -7.36454087001666924e-01_dp, -1.62909947993052778e-01_dp, -4.82119312679978262e-01_dp, &
        5.98846212634627562e-01_dp, 3.97221074816589900e-02_dp, -2.92456750965088608e-01_dp, &
        -7.81908462356842082e-01_dp, -2.57192240618870693e-01_dp, 8.14218051834350760e-03_dp, &
        -2.75602905299370426e-01_dp, 1.29406381439820728e+00_dp, 1.00672431530579432e+00_dp]
  call scijit_fitpack_pardtc(tx, 10, ty, 7, cxy, 24, 3, 2, 1, 0, newc, 24, ier)
  call check_int('pardtc 1,0 ier', ier, 0)
  call check('pardtc 1,0', newc(1:20), [ &
      1.67931502382499498e+00_dp, -1.12573071341144115e+00_dp, -2.60217093463101712e+00_dp, &
      5.65282600740214214e+00_dp, -8.11175205730563009e-01_dp, -2.28363113562727954e-01_dp, &
      8.48063215014122851e-01_dp, -5.16076763758592794e-02_dp, -1.10102648318774277e+00_dp, &
      -4.57042444648578794e-01_dp, -5.10541553995775055e-01_dp, 5.21332260221806232e-02_dp, &
      1.16426429172498880e+00_dp, -1.94320204458053758e-01_dp, -4.49683724515295702e-01_dp, &
      -1.28405767988024744e+00_dp, -9.47397808899464455e-02_dp, 5.05615369971545436e-02_dp, &
      6.22791683026514775e+00_dp, 3.79174966777399503e+00_dp])
  call scijit_fitpack_pardtc(tx, 10, ty, 7, cxy, 24, 3, 2, 0, 1, newc, 24, ier)
  call check_int('pardtc 0,1 ier', ier, 0)
  call check('pardtc 0,1', newc(1:18), [ &
      1.90413580574548935e+00_dp, -9.82362134635542450e-01_dp, -6.53437723115099267e+00_dp, &
      -1.83592517723642579e+00_dp, -1.96665561544859280e+00_dp, 4.47228535822655360e+00_dp, &
      -2.81759598122198973e-01_dp, -5.31420510679458391e-01_dp, 2.07316298118660081e+00_dp, &
      2.29417655603445647e+00_dp, -6.38418729373851024e-01_dp, 4.32386210125842307e+00_dp, &
      -1.32871543378699042e+00_dp, -9.78903422783506949e-01_dp, 2.09886488695188556e+00_dp, &
      -1.13498034327085584e+00_dp, 3.13933343939515552e+00_dp, -1.14935799636965186e+00_dp])
  call scijit_fitpack_pardtc(tx, 10, ty, 7, cxy, 24, 3, 2, 1, 1, newc, 24, ier)
  call check_int('pardtc 1,1 ier', ier, 0)
  call check('pardtc 1,1', newc(1:15), [ &
      -1.12201829489457445e+01_dp, -2.95288044243915193e+00_dp, 3.30199877681326370e+01_dp, &
      2.33124836867134011e+00_dp, 2.15285265715370144e+00_dp, -3.59868356555992852e+00_dp, &
      2.57593615415665589e+00_dp, -1.06998218694392522e-01_dp, 2.25069912007182271e+00_dp, &
      -5.43433798473217067e+00_dp, -5.10727040114483888e-01_dp, -3.33749582145980694e+00_dp, &
      5.81205271548403957e-01_dp, 1.23547105865359867e+01_dp, -9.74466864996461091e+00_dp])
  call scijit_fitpack_pardtc(tx, 10, ty, 7, cxy, 24, 3, 2, 0, 2, newc, 24, ier)
  call check_int('pardtc nuy = ky', ier, 10)

  print '(i0, a, i0, a)', ntest, ' checks, ', nfail, ' failed'
  if (nfail /= 0) error stop 1

contains

  subroutine check(name, got, want)
    character(*), intent(in) :: name
    real(dp), intent(in) :: got(:), want(:)
    integer :: j
    ntest = ntest + 1
    do j = 1, size(want)
      if (abs(got(j) - want(j)) > 1.0e-12_dp * max(abs(want(j)), 1.0e-300_dp)) then
        nfail = nfail + 1
        print '(a, a, i0, 2es25.16)', 'FAIL ', name, j, got(j), want(j)
        return
      end if
    end do
  end subroutine check

  subroutine check_int(name, got, want)
    character(*), intent(in) :: name
    integer(c_int), intent(in) :: got
    integer, intent(in) :: want
    ntest = ntest + 1
    if (got /= want) then
      nfail = nfail + 1
      print '(a, a, 2i8)', 'FAIL ', name, got, want
    end if
  end subroutine check_int

end program test_fitpack_univariate
