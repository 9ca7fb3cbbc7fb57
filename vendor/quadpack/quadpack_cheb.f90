! QUADPACK's modified Clenshaw-Curtis rules for weighted integrands:
! qcheb (Chebyshev series of f), qc25c (Cauchy principal value), qmomo and
! qc25s (algebraico-logarithmic end-point singularities), qc25f
! (Fourier weights cos/sin(omega x), with Chebyshev moments).
!
! Reference: R. Piessens, E. de Doncker-Kapenga, C. W. Ueberhuber,
! D. K. Kahaner, "QUADPACK", Springer 1983, sections 2.2.3 and 3.
! Piessens & Branders, "Computation of oscillating integrals", J. Comput.
! Appl. Math. 1 (1975) 153-164 (moments of qc25f).
module quadpack_cheb
  use, intrinsic :: iso_c_binding, only: c_ptr
  use scijit_kinds, only: dp, ip
  use quadpack_rules, only: quad_fcn, oflow, qk15w, wgt_cauchy, wgt_fourier, &
                            wgt_alglog
  implicit none
  private
  public :: qcheb, qc25c, qmomo, qc25s, qc25f

  ! cos(k*pi/24), k = 1..11: the interior Clenshaw-Curtis nodes on [0,1]
  real(dp), parameter :: xcc(11) = [ &
       0.991444861373810411144557526928563_dp, 0.965925826289068286749743199728897_dp, &
       0.923879532511286756128183189396788_dp, 0.866025403784438646763723170752936_dp, &
       0.793353340291235164579776961501299_dp, 0.707106781186547524400844362104849_dp, &
       0.608761429008720639416097542898164_dp, 0.500000000000000000000000000000000_dp, &
       0.382683432365089771728459984030399_dp, 0.258819045102520762348898837624048_dp, &
       0.130526192220051591548406227895489_dp]

contains

  ! Chebyshev series coefficients of degree 12 and 24 of the function whose
  ! values at the 25 points cos(k*pi/24), k = 0..24 (times 1/2 at the ends)
  ! are in fval (QUADPACK qcheb, Piessens et al. 1983, p. 231).  fval is
  ! overwritten.
  pure subroutine qcheb(x, fval, cheb12, cheb24)
    real(dp), intent(in) :: x(11)
    real(dp), intent(inout) :: fval(25)
    real(dp), intent(out) :: cheb12(13), cheb24(25)
    real(dp) :: v(12), alam, alam1, alam2, part1, part2, part3
    integer(ip) :: i

    do i = 1, 12
      v(i) = fval(i) - fval(26 - i)
      fval(i) = fval(i) + fval(26 - i)
    end do
    alam1 = v(1) - v(9)
    alam2 = x(6)*(v(3) - v(7) - v(11))
    cheb12(4) = alam1 + alam2
    cheb12(10) = alam1 - alam2
    alam1 = v(2) - v(8) - v(10)
    alam2 = v(4) - v(6) - v(12)
    alam = x(3)*alam1 + x(9)*alam2
    cheb24(4) = cheb12(4) + alam
    cheb24(22) = cheb12(4) - alam
    alam = x(9)*alam1 - x(3)*alam2
    cheb24(10) = cheb12(10) + alam
    cheb24(16) = cheb12(10) - alam
    part1 = x(4)*v(5)
    part2 = x(8)*v(9)
    part3 = x(6)*v(7)
    alam1 = v(1) + part1 + part2
    alam2 = x(2)*v(3) + part3 + x(10)*v(11)
    cheb12(2) = alam1 + alam2
    cheb12(12) = alam1 - alam2
    alam = x(1)*v(2) + x(3)*v(4) + x(5)*v(6) + x(7)*v(8) + x(9)*v(10) &
           + x(11)*v(12)
    cheb24(2) = cheb12(2) + alam
    cheb24(24) = cheb12(2) - alam
    alam = x(11)*v(2) - x(9)*v(4) + x(7)*v(6) - x(5)*v(8) + x(3)*v(10) &
           - x(1)*v(12)
    cheb24(12) = cheb12(12) + alam
    cheb24(14) = cheb12(12) - alam
    alam1 = v(1) - part1 + part2
    alam2 = x(10)*v(3) - part3 + x(2)*v(11)
    cheb12(6) = alam1 + alam2
    cheb12(8) = alam1 - alam2
    alam = x(5)*v(2) - x(9)*v(4) - x(1)*v(6) - x(11)*v(8) + x(3)*v(10) &
           + x(7)*v(12)
    cheb24(6) = cheb12(6) + alam
    cheb24(20) = cheb12(6) - alam
    alam = x(7)*v(2) - x(3)*v(4) - x(11)*v(6) + x(1)*v(8) - x(9)*v(10) &
           - x(5)*v(12)
    cheb24(8) = cheb12(8) + alam
    cheb24(18) = cheb12(8) - alam
    do i = 1, 6
      v(i) = fval(i) - fval(14 - i)
      fval(i) = fval(i) + fval(14 - i)
    end do
    alam1 = v(1) + x(8)*v(5)
    alam2 = x(4)*v(3)
    cheb12(3) = alam1 + alam2
    cheb12(11) = alam1 - alam2
    cheb12(7) = v(1) - v(5)
    alam = x(2)*v(2) + x(6)*v(4) + x(10)*v(6)
    cheb24(3) = cheb12(3) + alam
    cheb24(23) = cheb12(3) - alam
    alam = x(6)*(v(2) - v(4) - v(6))
    cheb24(7) = cheb12(7) + alam
    cheb24(19) = cheb12(7) - alam
    alam = x(10)*v(2) - x(6)*v(4) + x(2)*v(6)
    cheb24(11) = cheb12(11) + alam
    cheb24(15) = cheb12(11) - alam
    do i = 1, 3
      v(i) = fval(i) - fval(8 - i)
      fval(i) = fval(i) + fval(8 - i)
    end do
    cheb12(5) = v(1) + x(8)*v(3)
    cheb12(9) = fval(1) - x(8)*fval(3)
    alam = x(4)*v(2)
    cheb24(5) = cheb12(5) + alam
    cheb24(21) = cheb12(5) - alam
    alam = x(8)*fval(2) - fval(4)
    cheb24(9) = cheb12(9) + alam
    cheb24(17) = cheb12(9) - alam
    cheb12(1) = fval(1) + fval(3)
    alam = fval(2) + fval(4)
    cheb24(1) = cheb12(1) + alam
    cheb24(25) = cheb12(1) - alam
    cheb12(13) = v(1) - v(3)
    cheb24(13) = cheb12(13)
    alam = 1.0_dp/6.0_dp
    do i = 2, 12
      cheb12(i) = cheb12(i)*alam
    end do
    alam = 0.5_dp*alam
    cheb12(1) = cheb12(1)*alam
    cheb12(13) = cheb12(13)*alam
    do i = 2, 24
      cheb24(i) = cheb24(i)*alam
    end do
    cheb24(1) = 0.5_dp*alam*cheb24(1)
    cheb24(25) = 0.5_dp*alam*cheb24(25)
  end subroutine qcheb

  ! Sum of u(i)*w(i), i = 1..n, accumulated in index order.
  pure function ordered_dot(n, u, w) result(s)
    integer(ip), intent(in) :: n
    real(dp), intent(in) :: u(*), w(*)
    real(dp) :: s
    integer(ip) :: i
    s = 0.0_dp
    do i = 1, n
      s = s + u(i)*w(i)
    end do
  end function ordered_dot

  ! Evaluate f at the 25 Clenshaw-Curtis points of [centr-hlgth,
  ! centr+hlgth] into fval (end values halved), in QUADPACK's call order.
  recursive subroutine cc_values(f, udata, centr, hlgth, fval, iflag)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: centr, hlgth
    real(dp), intent(out) :: fval(25)
    integer(ip), intent(inout) :: iflag
    real(dp) :: u
    integer(ip) :: i
    fval = 0.0_dp
    fval(1) = 0.5_dp*f(centr + hlgth, iflag, udata)
    if (iflag < 0) return
    fval(13) = f(centr, iflag, udata)
    if (iflag < 0) return
    fval(25) = 0.5_dp*f(centr - hlgth, iflag, udata)
    if (iflag < 0) return
    do i = 2, 12
      u = hlgth*xcc(i - 1)
      fval(i) = f(centr + u, iflag, udata)
      if (iflag < 0) return
      fval(26 - i) = f(centr - u, iflag, udata)
      if (iflag < 0) return
    end do
  end subroutine cc_values

  ! As cc_values, for qc25s: each value f(x) is multiplied, in the same loop
  ! (so that the compiler cannot vectorize pow/log into a less accurate
  ! SIMD math library), by w**expo and, if uselog, by log(w), where
  ! w = fix - (x - centr) (left = .true.) or w = fix + (x - centr).
  recursive subroutine cc_values_weighted(f, udata, centr, hlgth, fix, expo, left, &
                                uselog, fval, iflag)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: centr, hlgth, fix, expo
    logical, intent(in) :: left, uselog
    real(dp), intent(out) :: fval(25)
    integer(ip), intent(inout) :: iflag
    real(dp) :: u, wp, wm
    integer(ip) :: i
    fval = 0.0_dp
    if (left) then
      wp = fix - hlgth
      wm = fix + hlgth
    else
      wp = fix + hlgth
      wm = fix - hlgth
    end if
    fval(1) = 0.5_dp*f(centr + hlgth, iflag, udata)*wp**expo
    if (iflag < 0) return
    fval(13) = f(centr, iflag, udata)*fix**expo
    if (iflag < 0) return
    fval(25) = 0.5_dp*f(centr - hlgth, iflag, udata)*wm**expo
    if (iflag < 0) return
    if (uselog) then
      fval(1) = fval(1)*log(wp)
      fval(13) = fval(13)*log(fix)
      fval(25) = fval(25)*log(wm)
    end if
    do i = 2, 12
      u = hlgth*xcc(i - 1)
      if (left) then
        wp = fix - u
        wm = fix + u
      else
        wp = fix + u
        wm = fix - u
      end if
      fval(i) = f(centr + u, iflag, udata)*wp**expo
      if (iflag < 0) return
      fval(26 - i) = f(centr - u, iflag, udata)*wm**expo
      if (iflag < 0) return
      if (uselog) then
        fval(i) = fval(i)*log(wp)
        fval(26 - i) = fval(26 - i)*log(wm)
      end if
    end do
  end subroutine cc_values_weighted

  ! Cauchy principal value of f(x)/(x-c) over [a,b]: the generalized
  ! Clenshaw-Curtis method when c is close to [a,b] (|cc| < 1.1), else the
  ! 15-point Kronrod rule with weight 1/(x-c) (QUADPACK qc25c, p. 236).
  ! krul counts the applications of the 15-point rule; neval = 15 or 25.
  recursive subroutine qc25c(f, udata, a, b, c, result, abserr, krul, neval, iflag)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: a, b, c
    real(dp), intent(out) :: result, abserr
    integer(ip), intent(inout) :: krul
    integer(ip), intent(out) :: neval
    integer(ip), intent(inout) :: iflag
    real(dp) :: fval(25), cheb12(13), cheb24(25)
    real(dp) :: cc, hlgth, centr, amom0, amom1, amom2, ak22, res12, res24
    real(dp) :: resabs, resasc
    integer(ip) :: k

    result = 0.0_dp
    abserr = 0.0_dp
    cc = (2.0_dp*c - b - a)/(b - a)
    if (abs(cc) >= 1.1_dp) then
      ! apply the 15-point Gauss-Kronrod scheme
      krul = krul - 1
      call qk15w(f, udata, wgt_cauchy, c, 0.0_dp, 0.0_dp, 0.0_dp, 0_ip, a, b, &
                 result, abserr, resabs, resasc, iflag)
      neval = 15
      if (resasc == abserr) krul = krul + 1
      return
    end if
    ! generalized Clenshaw-Curtis method
    hlgth = 0.5_dp*(b - a)
    centr = 0.5_dp*(b + a)
    neval = 25
    call cc_values(f, udata, centr, hlgth, fval, iflag)
    if (iflag < 0) return
    call qcheb(xcc, fval, cheb12, cheb24)
    ! modified Chebyshev moments and the two integral approximations
    amom0 = log(abs((1.0_dp - cc)/(1.0_dp + cc)))
    amom1 = 2.0_dp + cc*amom0
    res12 = cheb12(1)*amom0 + cheb12(2)*amom1
    res24 = cheb24(1)*amom0 + cheb24(2)*amom1
    do k = 3, 13
      amom2 = 2.0_dp*cc*amom1 - amom0
      ak22 = real((k - 2)*(k - 2), dp)
      if (mod(k, 2) == 0) amom2 = amom2 - 4.0_dp/(ak22 - 1.0_dp)
      res12 = res12 + cheb12(k)*amom2
      res24 = res24 + cheb24(k)*amom2
      amom0 = amom1
      amom1 = amom2
    end do
    do k = 14, 25
      amom2 = 2.0_dp*cc*amom1 - amom0
      ak22 = real((k - 2)*(k - 2), dp)
      if (mod(k, 2) == 0) amom2 = amom2 - 4.0_dp/(ak22 - 1.0_dp)
      res24 = res24 + cheb24(k)*amom2
      amom0 = amom1
      amom1 = amom2
    end do
    result = res24
    abserr = abs(res24 - res12)
  end subroutine qc25c

  ! Modified Chebyshev moments of the weight (1+x)**alfa (1-x)**beta v(x)
  ! on [-1,1]: ri, rj (algebraic), rg (with log((1+x)/2)), rh (with
  ! log((1-x)/2)); rg only for integr = 2, 4 and rh only for integr = 3, 4
  ! (QUADPACK qmomo, Piessens et al. 1983, p. 256).
  pure subroutine qmomo(alfa, beta, ri, rj, rg, rh, integr)
    real(dp), intent(in) :: alfa, beta
    real(dp), intent(out) :: ri(25), rj(25), rg(25), rh(25)
    integer(ip), intent(in) :: integr
    real(dp) :: alfp1, alfp2, betp1, betp2, ralf, rbet, an
    integer(ip) :: i

    rg = 0.0_dp
    rh = 0.0_dp
    alfp1 = alfa + 1.0_dp
    betp1 = beta + 1.0_dp
    alfp2 = alfa + 2.0_dp
    betp2 = beta + 2.0_dp
    ralf = 2.0_dp**alfp1
    rbet = 2.0_dp**betp1
    ! ri, rj by forward recursion
    ri(1) = ralf/alfp1
    rj(1) = rbet/betp1
    ri(2) = ri(1)*alfa/alfp2
    rj(2) = rj(1)*beta/betp2
    an = 2.0_dp
    do i = 3, 25
      ri(i) = -(ralf + an*(an - alfp2)*ri(i - 1))/((an - 1.0_dp)*(an + alfp1))
      rj(i) = -(rbet + an*(an - betp2)*rj(i - 1))/((an - 1.0_dp)*(an + betp1))
      an = an + 1.0_dp
    end do
    if (integr /= 1) then
      if (integr /= 3) then
        ! rg
        rg(1) = -ri(1)/alfp1
        rg(2) = -(ralf + ralf)/(alfp2*alfp2) - rg(1)
        an = 2.0_dp
        do i = 3, 25
          rg(i) = -(an*(an - alfp2)*rg(i - 1) - an*ri(i - 1) &
                    + (an - 1.0_dp)*ri(i))/((an - 1.0_dp)*(an + alfp1))
          an = an + 1.0_dp
        end do
      end if
      if (integr /= 2) then
        ! rh
        rh(1) = -rj(1)/betp1
        rh(2) = -(rbet + rbet)/(betp2*betp2) - rh(1)
        an = 2.0_dp
        do i = 3, 25
          rh(i) = -(an*(an - betp2)*rh(i - 1) - an*rj(i - 1) &
                    + (an - 1.0_dp)*rj(i))/((an - 1.0_dp)*(an + betp1))
          an = an + 1.0_dp
        end do
        do i = 2, 25, 2
          rh(i) = -rh(i)
        end do
      end if
    end if
    do i = 2, 25, 2
      rj(i) = -rj(i)
    end do
  end subroutine qmomo

  ! Integral of (x-a)**alfa (b-x)**beta v(x) f(x) over [bl,br] within
  ! [a,b]: generalized Clenshaw-Curtis with the moments of qmomo when the
  ! subinterval touches a singular end point (bl = a or br = b), else qk15w
  ! (QUADPACK qc25s, p. 251).  resasc is set only by the qk15w branch; nev
  ! = 25 or 15.
  recursive subroutine qc25s(f, udata, a, b, bl, br, alfa, beta, ri, rj, rg, rh, result, &
                   abserr, resasc, integr, nev, iflag)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: a, b, bl, br, alfa, beta
    real(dp), intent(in) :: ri(25), rj(25), rg(25), rh(25)
    real(dp), intent(out) :: result, abserr
    real(dp), intent(inout) :: resasc
    integer(ip), intent(in) :: integr
    integer(ip), intent(out) :: nev
    integer(ip), intent(inout) :: iflag
    real(dp) :: fval(25), cheb12(13), cheb24(25)
    real(dp) :: hlgth, centr, fix, factor, dc, res12, res24, resabs

    nev = 25
    result = 0.0_dp
    abserr = 0.0_dp
    if (bl == a .and. (alfa /= 0.0_dp .or. integr == 2 .or. integr == 4)) then
      ! singularity at the left end point: f(x)*(b-x)**beta is expanded
      hlgth = 0.5_dp*(br - bl)
      centr = 0.5_dp*(br + bl)
      fix = b - centr
      ! v(x) may contain log(b-x): multiplied in with (b-x)**beta
      call cc_values_weighted(f, udata, centr, hlgth, fix, beta, .true., &
                              integr > 2, fval, iflag)
      if (iflag < 0) return
      factor = hlgth**(alfa + 1.0_dp)
      call qcheb(xcc, fval, cheb12, cheb24)
      res12 = ordered_dot(13_ip, cheb12, ri)
      res24 = ordered_dot(25_ip, cheb24, ri)
      if (integr == 2 .or. integr == 4) then
        ! v(x) contains log(x-a)
        dc = log(br - bl)
        result = res24*dc
        abserr = abs((res24 - res12)*dc)
        res12 = ordered_dot(13_ip, cheb12, rg)
        res24 = ordered_dot(25_ip, cheb24, rg)
      end if
      result = (result + res24)*factor
      abserr = (abserr + abs(res24 - res12))*factor
    else if (br == b .and. (beta /= 0.0_dp .or. integr == 3 .or. integr == 4)) then
      ! singularity at the right end point: f(x)*(x-a)**alfa is expanded
      hlgth = 0.5_dp*(b - bl)
      centr = 0.5_dp*(br + bl)
      fix = centr - a
      ! v(x) may contain log(x-a): multiplied in with (x-a)**alfa
      call cc_values_weighted(f, udata, centr, hlgth, fix, alfa, .false., &
                              integr == 2 .or. integr == 4, fval, iflag)
      if (iflag < 0) return
      factor = hlgth**(beta + 1.0_dp)
      call qcheb(xcc, fval, cheb12, cheb24)
      res12 = ordered_dot(13_ip, cheb12, rj)
      res24 = ordered_dot(25_ip, cheb24, rj)
      if (integr == 3 .or. integr == 4) then
        ! v(x) contains log(b-x)
        dc = log(br - bl)
        result = res24*dc
        abserr = abs((res24 - res12)*dc)
        res12 = ordered_dot(13_ip, cheb12, rh)
        res24 = ordered_dot(25_ip, cheb24, rh)
      end if
      result = (result + res24)*factor
      abserr = (abserr + abs(res24 - res12))*factor
    else
      ! no singular end point: 15-point Gauss-Kronrod with the full weight
      call qk15w(f, udata, wgt_alglog, a, b, alfa, beta, integr, bl, br, &
                 result, abserr, resabs, resasc, iflag)
      nev = 15
    end if
  end subroutine qc25s

  ! Solve the tridiagonal system with sub-diagonal sub(2:n), diagonal
  ! diag(1:n), super-diagonal sup(1:n-1) and right-hand side rhs(1:n) by
  ! Gaussian elimination with partial pivoting (the method of LINPACK's
  ! dgtsl, as used by QUADPACK's qc25f).  rhs is overwritten by the
  ! solution; sub, diag, sup are destroyed.
  pure subroutine tridiag_solve(n, sub, diag, sup, rhs)
    integer(ip), intent(in) :: n
    real(dp), intent(inout) :: sub(n), diag(n), sup(n), rhs(n)
    real(dp) :: fact, temp
    integer(ip) :: i
    ! after step i, sub(i+1) holds the fill-in of row i on column i+2
    do i = 1, n - 1
      if (abs(diag(i)) >= abs(sub(i + 1))) then
        fact = sub(i + 1)/diag(i)
        diag(i + 1) = diag(i + 1) - fact*sup(i)
        rhs(i + 1) = rhs(i + 1) - fact*rhs(i)
        sub(i + 1) = 0.0_dp
      else
        ! interchange rows i and i+1
        fact = diag(i)/sub(i + 1)
        diag(i) = sub(i + 1)
        temp = diag(i + 1)
        diag(i + 1) = sup(i) - fact*temp
        if (i < n - 1) then
          sub(i + 1) = sup(i + 1)
          sup(i + 1) = -fact*sub(i + 1)
        else
          sub(i + 1) = 0.0_dp
        end if
        sup(i) = temp
        temp = rhs(i)
        rhs(i) = rhs(i + 1)
        rhs(i + 1) = temp - fact*rhs(i + 1)
      end if
    end do
    rhs(n) = rhs(n)/diag(n)
    rhs(n - 1) = (rhs(n - 1) - sup(n - 1)*rhs(n))/diag(n - 1)
    do i = n - 2, 1, -1
      rhs(i) = (rhs(i) - sup(i)*rhs(i + 1) - sub(i + 1)*rhs(i + 2))/diag(i)
    end do
  end subroutine tridiag_solve

  ! Chebyshev moments of cos (v(1:13)) or sin (v(1:12)) used by qc25f for
  ! the parameter parint = omega*hlgth: for |parint| <= 24 as the solution
  ! of a boundary value problem (one initial value, one asymptotic end
  ! value), else by forward recursion (Piessens & Branders 1975).
  pure subroutine fourier_moments(parint, vcos, vsin)
    real(dp), intent(in) :: parint
    real(dp), intent(out) :: vcos(13), vsin(12)
    integer(ip), parameter :: noequ = 25
    real(dp) :: v(28), d(noequ), d1(noequ), d2(noequ)
    real(dp) :: par2, par22, sinpar, cospar, ac, as, an, an2, ass, asap
    integer(ip) :: i, k

    par2 = parint*parint
    par22 = par2 + 2.0_dp
    sinpar = sin(parint)
    cospar = cos(parint)
    v = 0.0_dp
    d = 0.0_dp
    d1 = 0.0_dp
    d2 = 0.0_dp

    ! moments of cos
    v(1) = 2.0_dp*sinpar/parint
    v(2) = (8.0_dp*cospar + (par2 + par2 - 8.0_dp)*sinpar/parint)/par2
    v(3) = (32.0_dp*(par2 - 12.0_dp)*cospar + (2.0_dp*((par2 - 80.0_dp) &
            *par2 + 192.0_dp)*sinpar)/parint)/(par2*par2)
    ac = 8.0_dp*cospar
    as = 24.0_dp*parint*sinpar
    if (abs(parint) <= 24.0_dp) then
      an = 6.0_dp
      do k = 1, noequ - 1
        an2 = an*an
        d(k) = -2.0_dp*(an2 - 4.0_dp)*(par22 - an2 - an2)
        d2(k) = (an - 1.0_dp)*(an - 2.0_dp)*par2
        d1(k + 1) = (an + 3.0_dp)*(an + 4.0_dp)*par2
        v(k + 3) = as - (an2 - 4.0_dp)*ac
        an = an + 2.0_dp
      end do
      an2 = an*an
      d(noequ) = -2.0_dp*(an2 - 4.0_dp)*(par22 - an2 - an2)
      v(noequ + 3) = as - (an2 - 4.0_dp)*ac
      v(4) = v(4) - 56.0_dp*par2*v(3)
      ass = parint*sinpar
      asap = (((((210.0_dp*par2 - 1.0_dp)*cospar - (105.0_dp*par2 - 63.0_dp) &
             *ass)/an2 - (1.0_dp - 15.0_dp*par2)*cospar + 15.0_dp*ass)/an2 &
             - cospar + 3.0_dp*ass)/an2 - cospar)/an2
      v(noequ + 3) = v(noequ + 3) - 2.0_dp*asap*par2*(an - 1.0_dp)*(an - 2.0_dp)
      call tridiag_solve(noequ, d1, d, d2, v(4:noequ + 3))
    else
      an = 4.0_dp
      do i = 4, 13
        an2 = an*an
        v(i) = ((an2 - 4.0_dp)*(2.0_dp*(par22 - an2 - an2)*v(i - 1) - ac) &
               + as - par2*(an + 1.0_dp)*(an + 2.0_dp)*v(i - 2)) &
               /(par2*(an - 1.0_dp)*(an - 2.0_dp))
        an = an + 2.0_dp
      end do
    end if
    vcos = v(1:13)

    ! moments of sin
    v = 0.0_dp
    d = 0.0_dp
    d1 = 0.0_dp
    d2 = 0.0_dp
    v(1) = 2.0_dp*(sinpar - parint*cospar)/par2
    v(2) = (18.0_dp - 48.0_dp/par2)*sinpar/par2 + (-2.0_dp + 48.0_dp/par2) &
           *cospar/parint
    ac = -24.0_dp*parint*cospar
    as = -8.0_dp*sinpar
    if (abs(parint) <= 24.0_dp) then
      an = 5.0_dp
      do k = 1, noequ - 1
        an2 = an*an
        d(k) = -2.0_dp*(an2 - 4.0_dp)*(par22 - an2 - an2)
        d2(k) = (an - 1.0_dp)*(an - 2.0_dp)*par2
        d1(k + 1) = (an + 3.0_dp)*(an + 4.0_dp)*par2
        v(k + 2) = ac + (an2 - 4.0_dp)*as
        an = an + 2.0_dp
      end do
      an2 = an*an
      d(noequ) = -2.0_dp*(an2 - 4.0_dp)*(par22 - an2 - an2)
      v(noequ + 2) = ac + (an2 - 4.0_dp)*as
      v(3) = v(3) - 42.0_dp*par2*v(2)
      ass = parint*cospar
      asap = (((((105.0_dp*par2 - 63.0_dp)*ass + (210.0_dp*par2 - 1.0_dp) &
             *sinpar)/an2 + (15.0_dp*par2 - 1.0_dp)*sinpar - 15.0_dp*ass)/an2 &
             - 3.0_dp*ass - sinpar)/an2 - sinpar)/an2
      v(noequ + 2) = v(noequ + 2) - 2.0_dp*asap*par2*(an - 1.0_dp)*(an - 2.0_dp)
      call tridiag_solve(noequ, d1, d, d2, v(3:noequ + 2))
    else
      an = 3.0_dp
      do i = 3, 12
        an2 = an*an
        v(i) = ((an2 - 4.0_dp)*(2.0_dp*(par22 - an2 - an2)*v(i - 1) + as) &
               + ac - par2*(an + 1.0_dp)*(an + 2.0_dp)*v(i - 2)) &
               /(par2*(an - 1.0_dp)*(an - 2.0_dp))
        an = an + 2.0_dp
      end do
    end if
    vsin = v(1:12)
  end subroutine fourier_moments

  ! Integral of cos(omega x) f(x) (integr = 1) or sin(omega x) f(x)
  ! (integr = 2) over [a,b]: 15-point Kronrod rule with the weight when
  ! |omega*(b-a)/2| <= 2, else the modified Clenshaw-Curtis method with
  ! Chebyshev moments (QUADPACK qc25f, p. 244).  The moments for the level
  ! nrmom of bisection are kept in row nrmom+1 of chebmo(maxp1,25) and
  ! reused; momcom is the number of levels already stored.  ksave = 1
  ! signals that the moments were computed by the preceding call (the
  ! left half of the same bisection).
  recursive subroutine qc25f(f, udata, a, b, omega, integr, nrmom, maxp1, ksave, result, &
                   abserr, neval, resabs, resasc, momcom, chebmo, iflag)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: a, b, omega
    integer(ip), intent(in) :: integr, maxp1
    integer(ip), intent(in) :: nrmom, ksave
    real(dp), intent(out) :: result, abserr, resabs, resasc
    integer(ip), intent(out) :: neval
    integer(ip), intent(inout) :: momcom
    real(dp), intent(inout) :: chebmo(maxp1, 25)
    integer(ip), intent(inout) :: iflag
    real(dp) :: fval(25), cheb12(13), cheb24(25), vcos(13), vsin(12)
    real(dp) :: centr, hlgth, parint, conc, cons, resc12, resc24, ress12
    real(dp) :: ress24, estc, ests
    integer(ip) :: j, k, m

    result = 0.0_dp
    abserr = 0.0_dp
    resabs = 0.0_dp
    resasc = 0.0_dp
    centr = 0.5_dp*(b + a)
    hlgth = 0.5_dp*(b - a)
    parint = omega*hlgth
    if (abs(parint) <= 2.0_dp) then
      call qk15w(f, udata, wgt_fourier, omega, 0.0_dp, 0.0_dp, 0.0_dp, integr, &
                 a, b, result, abserr, resabs, resasc, iflag)
      neval = 15
      return
    end if

    conc = hlgth*cos(centr*omega)
    cons = hlgth*sin(centr*omega)
    resasc = oflow
    neval = 25
    ! row of chebmo holding the moments for this level: computed now
    ! (first half of a bisection), or earlier
    m = momcom + 1
    if (nrmom >= momcom .and. ksave /= 1) then
      call fourier_moments(parint, vcos, vsin)
      do j = 1, 13
        chebmo(m, 2*j - 1) = vcos(j)
      end do
      do j = 1, 12
        chebmo(m, 2*j) = vsin(j)
      end do
    end if
    if (nrmom < momcom) m = nrmom + 1
    if (momcom < maxp1 - 1 .and. nrmom >= momcom) momcom = momcom + 1

    ! Chebyshev series of f and the two approximations of the integrals
    call cc_values(f, udata, centr, hlgth, fval, iflag)
    if (iflag < 0) return
    call qcheb(xcc, fval, cheb12, cheb24)
    resc12 = cheb12(13)*chebmo(m, 13)
    ress12 = 0.0_dp
    do k = 11, 1, -2
      resc12 = resc12 + cheb12(k)*chebmo(m, k)
      ress12 = ress12 + cheb12(k + 1)*chebmo(m, k + 1)
    end do
    resc24 = cheb24(25)*chebmo(m, 25)
    ress24 = 0.0_dp
    resabs = abs(cheb24(25))
    do k = 23, 1, -2
      resc24 = resc24 + cheb24(k)*chebmo(m, k)
      ress24 = ress24 + cheb24(k + 1)*chebmo(m, k + 1)
      resabs = resabs + abs(cheb24(k)) + abs(cheb24(k + 1))
    end do
    estc = abs(resc24 - resc12)
    ests = abs(ress24 - ress12)
    resabs = resabs*abs(hlgth)
    if (integr == 2) then
      result = conc*ress24 + cons*resc24
      abserr = abs(conc*ests) + abs(cons*estc)
    else
      result = conc*resc24 - cons*ress24
      abserr = abs(conc*estc) + abs(cons*ests)
    end if
  end subroutine qc25f

end module quadpack_cheb
