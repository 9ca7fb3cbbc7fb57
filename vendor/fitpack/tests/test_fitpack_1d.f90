! Unit tests of the scijit FITPACK library (1-D routines) through its C
! entry points.
!
! Data: x(i) = (i-1)/2, i = 1..21, y = sin(x) + cos(3x)/10 (y(21) = y(1)
! for percur).  Reference values were computed with scipy 1.17.1
! (splrep, splev, splint, sproot, spalde, insert on the same data); knot
! counts and ier must agree exactly, reals to 1e-10 relative.
program test_fitpack_1d
  use, intrinsic :: iso_c_binding, only: c_double, c_int
  use, intrinsic :: iso_fortran_env, only: int64
  use, intrinsic :: ieee_arithmetic, only: ieee_is_nan
  use fitpack_capi
  use scijit_kinds, only: scijit_size_error
  implicit none
  integer, parameter :: dp = c_double
  integer, parameter :: m = 21, nest = 40, lwrk = m * 6 + nest * 40
  real(dp) :: x(m), y(m), yp(m), w(m), t(nest), c(nest), wrk(lwrk), fp
  real(dp) :: xe(5), ye(5), tt(nest), cc(nest), zero(10), d(4)
  integer(c_int) :: iwrk(nest), n, ier, i, nroot, nn
  integer :: nfail = 0, ntest = 0

  do i = 1, m
    x(i) = real(i - 1, dp) * 0.5_dp
    y(i) = sin(x(i)) + 0.1_dp * cos(3.0_dp * x(i))
  end do
  yp = y
  yp(m) = yp(1)
  w = 1.0_dp
  xe = [ &
      -5.00000000000000000e-01_dp, 2.99999999999999989e-01_dp, 4.09999999999999964e+00_dp, &
      9.99000000000000021e+00_dp, 1.05000000000000000e+01_dp]

  ! interpolating cubic
  call scijit_fitpack_curfit(0, m, x, y, w, x(1), x(m), 3, 0.0_dp, nest, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call check_int('curfit s=0 n', n, 25)
  call check_int('curfit s=0 ier', ier, -1)
  call check('curfit s=0 t', t(1:25), [ &
      0.00000000000000000e+00_dp, 0.00000000000000000e+00_dp, 0.00000000000000000e+00_dp, &
      0.00000000000000000e+00_dp, 1.00000000000000000e+00_dp, 1.50000000000000000e+00_dp, &
      2.00000000000000000e+00_dp, 2.50000000000000000e+00_dp, 3.00000000000000000e+00_dp, &
      3.50000000000000000e+00_dp, 4.00000000000000000e+00_dp, 4.50000000000000000e+00_dp, &
      5.00000000000000000e+00_dp, 5.50000000000000000e+00_dp, 6.00000000000000000e+00_dp, &
      6.50000000000000000e+00_dp, 7.00000000000000000e+00_dp, 7.50000000000000000e+00_dp, &
      8.00000000000000000e+00_dp, 8.50000000000000000e+00_dp, 9.00000000000000000e+00_dp, &
      1.00000000000000000e+01_dp, 1.00000000000000000e+01_dp, 1.00000000000000000e+01_dp, &
      1.00000000000000000e+01_dp])
  call check('curfit s=0 c', c(1:21), [ &
      1.00000000000000019e-01_dp, 4.41038000036034439e-01_dp, 6.42685167437898275e-01_dp, &
      1.00926059303504778e+00_dp, 1.08712104398848219e+00_dp, 6.74141963955332879e-01_dp, &
      1.51251555149405376e-02_dp, -4.34600694786698272e-01_dp, -6.66743899303461007e-01_dp, &
      -9.32926304607533008e-01_dp, -1.10977919027105298e+00_dp, -8.37315330002379232e-01_dp, &
      -1.95639677643410947e-01_dp, 3.39571076328916088e-01_dp, 6.05564282743006110e-01_dp, &
      8.51453828877232755e-01_dp, 1.09263747834038760e+00_dp, 9.68653141903706771e-01_dp, &
      1.88664548730872961e-01_dp, -4.03140730050127127e-01_dp, -5.28595965900611420e-01_dp])

  ! smoothing cubic and quintic: knots placed as scipy's
  call scijit_fitpack_curfit(0, m, x, y, w, x(1), x(m), 5, 0.05_dp, nest, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call check_int('curfit k=5 n', n, 19)
  call check_int('curfit k=5 ier', ier, 0)
  call check('curfit k=5 t', t(1:19), [ &
      0.00000000000000000e+00_dp, 0.00000000000000000e+00_dp, 0.00000000000000000e+00_dp, &
      0.00000000000000000e+00_dp, 0.00000000000000000e+00_dp, 0.00000000000000000e+00_dp, &
      1.50000000000000000e+00_dp, 2.50000000000000000e+00_dp, 3.50000000000000000e+00_dp, &
      4.00000000000000000e+00_dp, 5.00000000000000000e+00_dp, 6.50000000000000000e+00_dp, &
      7.50000000000000000e+00_dp, 1.00000000000000000e+01_dp, 1.00000000000000000e+01_dp, &
      1.00000000000000000e+01_dp, 1.00000000000000000e+01_dp, 1.00000000000000000e+01_dp, &
      1.00000000000000000e+01_dp])
  call check('curfit k=5 c', c(1:13), [ &
      1.09640726906841887e-01_dp, 2.89173973682859242e-01_dp, 6.35316213525978113e-01_dp, &
      1.38980965548714464e+00_dp, 9.38970025060936520e-01_dp, -2.38363419668537357e-01_dp, &
      -1.06120047675799123e+00_dp, -1.26104671672566093e+00_dp, 6.94074401944924757e-01_dp, &
      1.18506864820675983e+00_dp, 1.26998194610528703e+00_dp, -5.54997277619388107e-01_dp, &
      -5.27668740641381695e-01_dp])
  call check('curfit k=5 fp', [fp], [4.99925068009857004e-02_dp])
  call scijit_fitpack_curfit(0, m, x, y, w, x(1), x(m), 3, 0.05_dp, nest, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call check_int('curfit k=3 n', n, 17)
  call check_int('curfit k=3 ier', ier, 0)
  call check('curfit k=3 t', t(1:17), [ &
      0.00000000000000000e+00_dp, 0.00000000000000000e+00_dp, 0.00000000000000000e+00_dp, &
      0.00000000000000000e+00_dp, 1.50000000000000000e+00_dp, 2.00000000000000000e+00_dp, &
      2.50000000000000000e+00_dp, 3.50000000000000000e+00_dp, 4.00000000000000000e+00_dp, &
      5.00000000000000000e+00_dp, 6.50000000000000000e+00_dp, 7.50000000000000000e+00_dp, &
      9.00000000000000000e+00_dp, 1.00000000000000000e+01_dp, 1.00000000000000000e+01_dp, &
      1.00000000000000000e+01_dp, 1.00000000000000000e+01_dp])
  call check('curfit k=3 c', c(1:13), [ &
      1.08355688854167714e-01_dp, 4.05514317730510221e-01_dp, 1.06560298206350579e+00_dp, &
      9.99419648437092523e-01_dp, 5.12616167824489599e-01_dp, -2.75571406909833672e-01_dp, &
      -8.65956752494745130e-01_dp, -1.27155726714273776e+00_dp, 1.72468059508995714e-01_dp, &
      1.18733786603520453e+00_dp, 8.42897005872139449e-01_dp, -4.19041450561939532e-01_dp, &
      -5.50102110565300229e-01_dp])
  call check('curfit k=3 fp', [fp], [4.99639196043051848e-02_dp])

  ! evaluation with each extrapolation mode, derivatives, integrals
  call scijit_fitpack_splev(t, n, c, 3, xe, ye, 5, 0, ier)
  call check('splev ext=0', ye, [ &
      -1.00648826409091938e-01_dp, 3.05607888559240926e-01_dp, -7.89633978841624007e-01_dp, &
      -5.46058712608634256e-01_dp, -3.99374532909287705e-01_dp])
  call scijit_fitpack_splev(t, n, c, 3, xe, ye, 5, 1, ier)
  call check('splev ext=1', ye, [ &
      0.00000000000000000e+00_dp, 3.05607888559240926e-01_dp, -7.89633978841624007e-01_dp, &
      -5.46058712608634256e-01_dp, 0.00000000000000000e+00_dp])
  call scijit_fitpack_splev(t, n, c, 3, xe, ye, 5, 3, ier)
  call check('splev ext=3', ye, [ &
      1.08355688854167714e-01_dp, 3.05607888559240926e-01_dp, -7.89633978841624007e-01_dp, &
      -5.46058712608634256e-01_dp, -5.50102110565300229e-01_dp])
  call scijit_fitpack_splev(t, n, c, 3, xe, ye, 5, 2, ier)
  call check_int('splev ext=2 ier', ier, 1)
  call scijit_fitpack_splder(t, n, c, 3, 1, xe, ye, 5, 0, wrk, ier)
  call check('splder nu=1', ye, [ &
      1.97331155656457147e-01_dp, 7.04724333796000191e-01_dp, -5.62572594641415846e-01_dp, &
      -4.15443985302537844e-01_dp, 1.13015734210083196e+00_dp])
  call scijit_fitpack_splder(t, n, c, 3, 3, xe, ye, 5, 0, wrk, ier)
  call check('splder nu=3', ye, [ &
      -1.06487154345351143e+00_dp, -1.06487154345351143e+00_dp, 9.10853340398190880e-01_dp, &
      3.21756123520081161e+00_dp, 3.21756123520081161e+00_dp])
  do i = 1, 5
    call scijit_fitpack_spleval(t, n, c, 3, 0, xe(i), 3, ye(i), ier)
  end do
  call check('spleval nu=0 ext=3', ye, [ &
      1.08355688854167714e-01_dp, 3.05607888559240926e-01_dp, -7.89633978841624007e-01_dp, &
      -5.46058712608634256e-01_dp, -5.50102110565300229e-01_dp])
  do i = 1, 5
    call scijit_fitpack_spleval(t, n, c, 3, 1, xe(i), 0, ye(i), ier)
  end do
  call check('spleval nu=1', ye, [ &
      1.97331155656457147e-01_dp, 7.04724333796000191e-01_dp, -5.62572594641415846e-01_dp, &
      -4.15443985302537844e-01_dp, 1.13015734210083196e+00_dp])
  do i = 1, 5
    call scijit_fitpack_spleval(t, n, c, 3, 3, xe(i), 0, ye(i), ier)
  end do
  call check('spleval nu=3', ye, [ &
      -1.06487154345351143e+00_dp, -1.06487154345351143e+00_dp, 9.10853340398190880e-01_dp, &
      3.21756123520081161e+00_dp, 3.21756123520081161e+00_dp])
  call scijit_fitpack_spleval(t, n, c, 3, 0, 11.0_dp, 2, ye(1), ier)
  call check_int('spleval ext=2 ier', ier, 1)
  call check('splint', [scijit_fitpack_splint(t, n, c, 3, 1.2_dp, 8.7_dp, wrk, n - 4, ier)], &
             [1.12365009176489083e+00_dp])
  call check_int('splint ier', ier, 0)
  call check('splint reversed', [scijit_fitpack_splint(t, n, c, 3, 12.0_dp, -3.0_dp, wrk, lwrk, &
             ier)], [-1.79794298125399798e+00_dp])
  call check_nan('splint short wrk', scijit_fitpack_splint(t, n, c, 3, 1.2_dp, 8.7_dp, wrk, &
                 n - 5, ier))
  call check_int('splint short wrk ier', ier, scijit_size_error)
  call check_nan('splint few knots', scijit_fitpack_splint(t, 7, c, 3, 1.2_dp, 8.7_dp, wrk, &
                 lwrk, ier))
  call check_int('splint few knots ier', ier, 10)
  call scijit_fitpack_spalde(t, n, c, 4, 4.1_dp, d, ier)
  call check('spalde', d, [ &
      -7.89633978841623896e-01_dp, -5.62572594641415735e-01_dp, 4.94901200778353700e-01_dp, &
      9.10853340398190658e-01_dp])
  call scijit_fitpack_spalde(t, n, c, 4, 11.0_dp, d, ier)
  call check_int('spalde outside ier', ier, 10)

  ! roots of s - 0.2
  cc(1:13) = c(1:13) - 0.2_dp
  call scijit_fitpack_sproot(t, n, cc, zero, 10, nroot, ier)
  call check_int('sproot m', nroot, 4)
  call check('sproot', zero(1:4), [ &
      1.45699261622681098e-01_dp, 2.92127252365055678e+00_dp, 6.46267384869323713e+00_dp, &
      9.20639702096102930e+00_dp])
  call scijit_fitpack_sproot(t, n, cc, zero, 1, nroot, ier)
  call check_int('sproot mest ier', ier, 1)

  ! knot insertion
  call scijit_fitpack_insert(0, t, n, c, 3, 4.1_dp, tt, nn, cc, nest, ier)
  call check_int('insert nn', nn, 18)
  call check('insert t', tt(1:nn), [ &
      0.00000000000000000e+00_dp, 0.00000000000000000e+00_dp, 0.00000000000000000e+00_dp, &
      0.00000000000000000e+00_dp, 1.50000000000000000e+00_dp, 2.00000000000000000e+00_dp, &
      2.50000000000000000e+00_dp, 3.50000000000000000e+00_dp, 4.00000000000000000e+00_dp, &
      4.09999999999999964e+00_dp, 5.00000000000000000e+00_dp, 6.50000000000000000e+00_dp, &
      7.50000000000000000e+00_dp, 9.00000000000000000e+00_dp, 1.00000000000000000e+01_dp, &
      1.00000000000000000e+01_dp, 1.00000000000000000e+01_dp, 1.00000000000000000e+01_dp])
  call check('insert c', cc(1:nn - 4), [ &
      1.08355688854167714e-01_dp, 4.05514317730510221e-01_dp, 1.06560298206350579e+00_dp, &
      9.99419648437092523e-01_dp, 5.12616167824489599e-01_dp, -2.75571406909833672e-01_dp, &
      -6.53418028084176927e-01_dp, -9.47076855424343611e-01_dp, -1.23029940066697407e+00_dp, &
      1.72468059508995714e-01_dp, 1.18733786603520453e+00_dp, 8.42897005872139449e-01_dp, &
      -4.19041450561939532e-01_dp, -5.50102110565300229e-01_dp])
  call scijit_fitpack_insert(0, t, n, c, 3, 11.0_dp, tt, nn, cc, nest, ier)
  call check_int('insert outside ier', ier, 10)
  call scijit_fitpack_insert(0, t, n, c, 3, 4.1_dp, tt, nn, cc, n, ier)
  call check_int('insert nest = n ier', ier, scijit_size_error)

  ! least squares on given interior knots
  n = 11
  t(5:7) = [2.0_dp, 4.5_dp, 7.0_dp]
  call scijit_fitpack_curfit(-1, m, x, y, w, x(1), x(m), 3, 0.0_dp, nest, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call check_int('curfit lsq ier', ier, 0)
  call check('curfit lsq c', c(1:7), [ &
      1.05276778268145882e-01_dp, 5.67083432248785102e-01_dp, 1.91817777410094448e+00_dp, &
      -2.47579925175785398e+00_dp, 1.69468814918384947e+00_dp, 7.77333196202958598e-01_dp, &
      -6.31728478869386434e-01_dp])
  call check('curfit lsq fp', [fp], [1.52471001516977067e-01_dp])

  ! periodic smoothing
  call scijit_fitpack_percur(0, m, x, yp, w, 3, 0.1_dp, nest, n, t, c, fp, wrk, lwrk, iwrk, ier)
  call check_int('percur n', n, 14)
  call check_int('percur ier', ier, 0)
  call check('percur t', t(1:14), [ &
      -2.50000000000000000e+00_dp, -1.00000000000000000e+00_dp, -5.00000000000000000e-01_dp, &
      0.00000000000000000e+00_dp, 1.50000000000000000e+00_dp, 2.50000000000000000e+00_dp, &
      5.00000000000000000e+00_dp, 7.50000000000000000e+00_dp, 9.00000000000000000e+00_dp, &
      9.50000000000000000e+00_dp, 1.00000000000000000e+01_dp, 1.15000000000000000e+01_dp, &
      1.25000000000000000e+01_dp, 1.50000000000000000e+01_dp])
  call check('percur c', c(1:10), [ &
      -1.88840530282617269e-01_dp, 1.28688380060506369e-01_dp, 1.40486174459304847e+00_dp, &
      2.85679577394827300e-01_dp, -2.21575401023493468e+00_dp, 1.52624764368924826e+00_dp, &
      8.18992753618437597e-01_dp, -1.88840530282617269e-01_dp, 1.28688380060506369e-01_dp, &
      1.40486174459304847e+00_dp])

  ! continued (iopt = 1) from the state percur left in wrk and iwrk
  call scijit_fitpack_percur(1, m, x, yp, w, 3, 0.05_dp, nest, n, t, c, fp, wrk, lwrk, iwrk, ier)
  call check_int('percur iopt=1 ier', ier, 0)
  call check('percur iopt=1 fp', [(fp - 0.05_dp) / 0.05_dp], [0.0_dp], 1.0e-3_dp)
  ! a state that cannot be continued is refused: data counts that do not
  ! add up, more knots than m+2k
  iwrk(1) = iwrk(1) + 5
  call scijit_fitpack_percur(1, m, x, yp, w, 3, 0.01_dp, nest, n, t, c, fp, wrk, lwrk, iwrk, ier)
  call check_int('percur damaged counts ier', ier, 10)
  iwrk(1) = iwrk(1) - 5
  n = m + 7
  call scijit_fitpack_percur(1, m, x, yp, w, 3, 0.01_dp, nest, n, t, c, fp, wrk, lwrk, iwrk, ier)
  call check_int('percur n > nmax ier', ier, 10)

  ! curfit continued (iopt = 1) from the state of a smoothing fit
  call scijit_fitpack_curfit(0, m, x, y, w, x(1), x(m), 3, 0.05_dp, nest, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call scijit_fitpack_curfit(1, m, x, y, w, x(1), x(m), 3, 0.01_dp, nest, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call check_int('curfit iopt=1 n', n, 18)
  call check_int('curfit iopt=1 ier', ier, 0)
  call check('curfit iopt=1 t', t(1:18), [ &
      0.00000000000000000e+00_dp, 0.00000000000000000e+00_dp, 0.00000000000000000e+00_dp, &
      0.00000000000000000e+00_dp, 1.50000000000000000e+00_dp, 2.00000000000000000e+00_dp, &
      2.50000000000000000e+00_dp, 3.50000000000000000e+00_dp, 4.00000000000000000e+00_dp, &
      5.00000000000000000e+00_dp, 6.50000000000000000e+00_dp, 7.50000000000000000e+00_dp, &
      8.50000000000000000e+00_dp, 9.00000000000000000e+00_dp, 1.00000000000000000e+01_dp, &
      1.00000000000000000e+01_dp, 1.00000000000000000e+01_dp, 1.00000000000000000e+01_dp])
  call check('curfit iopt=1 c', c(1:14), [ &
      1.07670605915241857e-01_dp, 4.49850054442549829e-01_dp, 9.86963073225055609e-01_dp, &
      1.05307036941419807e+00_dp, 5.11854444949170428e-01_dp, -3.62429739533695949e-01_dp, &
      -7.52016365488415217e-01_dp, -1.41911563494484816e+00_dp, 3.21244493365084649e-01_dp, &
      8.99396986194496706e-01_dp, 1.14452326353803180e+00_dp, 2.40899996754786877e-01_dp, &
      -4.56084372545473016e-01_dp, -5.27222131994478316e-01_dp])
  call check('curfit iopt=1 fp', [fp], [1.00072446204364732e-02_dp])
  iwrk(2) = iwrk(2) + 5
  call scijit_fitpack_curfit(1, m, x, y, w, x(1), x(m), 3, 0.001_dp, nest, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call check_int('curfit damaged counts ier', ier, 10)
  iwrk(2) = iwrk(2) - 5
  n = m + 5
  call scijit_fitpack_curfit(1, m, x, y, w, x(1), x(m), 3, 0.001_dp, nest, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call check_int('curfit n > nmax ier', ier, 10)

  ! invalid input
  call scijit_fitpack_curfit(0, m, x, y, w, x(1), x(m), 6, 0.0_dp, nest, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call check_int('curfit k=6 ier', ier, 10)
  call scijit_fitpack_curfit(0, m, x, y, w, x(1), x(m), 3, 0.0_dp, nest, n, t, c, fp, &
                             wrk, 10, iwrk, ier)
  call check_int('curfit small lwrk ier', ier, scijit_size_error)
  call scijit_fitpack_curfit(0, m, x, y, w, x(1), x(m), 3, 0.0_dp, nest, n, t, c, fp, &
                             wrk, m * 4 + nest * 16 - 1, iwrk, ier)
  call check_int('curfit lwrk one short ier', ier, scijit_size_error)
  call scijit_fitpack_percur(0, m, x, yp, w, 3, 0.1_dp, nest, n, t, c, fp, wrk, &
                             m * 4 + nest * 23 - 1, iwrk, ier)
  call check_int('percur lwrk one short ier', ier, scijit_size_error)
  call scijit_fitpack_curfit(0, m, x, y, w, x(1), x(m), 3, 0.0_dp, 20, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call check_int('curfit small nest ier', ier, 10)
  call scijit_fitpack_curfit(0, m, x, y, w, x(1), x(m), 3, 1.0e-9_dp, 12, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call check_int('curfit nest reached ier', ier, 1)

  ! the workspace lengths (size functions), out-of-range degrees counted as 1..5
  call check_int('curfit_lwrk', int(scijit_fitpack_curfit_lwrk(m, 3, nest), c_int), m * 4 + nest * 16)
  call check_int('curfit_lwrk k=9', int(scijit_fitpack_curfit_lwrk(m, 9, nest), c_int), &
                 m * 6 + nest * 22)
  call check_int('percur_lwrk', int(scijit_fitpack_percur_lwrk(m, 3, nest), c_int), m * 4 + nest * 23)
  call check_int('percur_lwrk m<0', int(scijit_fitpack_percur_lwrk(-m, 0, nest), c_int), nest * 13)
  if (scijit_fitpack_curfit_lwrk(huge(m), 5, huge(m)) /= 28 * int(huge(m), int64)) then
    nfail = nfail + 1
    print '(a)', 'FAIL curfit_lwrk in 64-bit'
  end if
  ntest = ntest + 1

  print '(i0, a, i0, a)', ntest, ' checks, ', nfail, ' failed'
  if (nfail /= 0) error stop 1

contains

  subroutine check(name, got, want, tol)
    character(*), intent(in) :: name
    real(dp), intent(in) :: got(:), want(:)
    real(dp), intent(in), optional :: tol
    real(dp) :: rtol
    rtol = 1.0e-10_dp
    if (present(tol)) rtol = tol
    ntest = ntest + 1
    if (size(got) /= size(want)) then
      nfail = nfail + 1
      print '(a, a)', 'FAIL size ', name
    else if (any(abs(got - want) > rtol * max(1.0_dp, maxval(abs(want))))) then
      nfail = nfail + 1
      print '(a, a, es12.4)', 'FAIL ', name, maxval(abs(got - want))
    end if
  end subroutine check

  subroutine check_nan(name, got)
    character(*), intent(in) :: name
    real(dp), intent(in) :: got
    ntest = ntest + 1
    if (.not. ieee_is_nan(got)) then
      nfail = nfail + 1
      print '(a, a, es12.4)', 'FAIL not NaN ', name, got
    end if
  end subroutine check_nan

  subroutine check_int(name, got, want)
    character(*), intent(in) :: name
    integer(c_int), intent(in) :: got
    integer, intent(in) :: want
    ntest = ntest + 1
    if (got /= want) then
      nfail = nfail + 1
      print '(a, a, 2i6)', 'FAIL ', name, got, want
    end if
  end subroutine check_int

end program test_fitpack_1d
