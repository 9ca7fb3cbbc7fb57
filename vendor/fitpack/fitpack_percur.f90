! percur: periodic smoothing / interpolating spline of degree k (1..5)
! through (x(i), y(i)), i = 1..m, with period x(m)-x(1) (y(m), w(m) unused).
!
! P. Dierckx, Curve and Surface Fitting with Splines, Oxford 1993
! (chapter 6), and Dierckx, "Algorithms for smoothing data with periodic
! and parametric splines", Computer Graphics and Image Processing 20 (1982)
! 171-184.  The last k B-spline coefficients equal the first k, so the
! observation matrix is a band matrix plus k full columns ([a1 a2]).
module fitpack_percur
  use, intrinsic :: iso_fortran_env, only: int64
  use scijit_kinds, only: dp, ip
  use fitpack_basis, only: fpbspl, fpdisc, fpknot, fpchep
  use fitpack_givens, only: fpgivs, fprota, fpbacp_inplace, fprati
  implicit none
  private
  public :: percur, fpperi, percur_lwrk

contains

  !> percur's workspace length for m points, degree k and nest knots,
  !> m*(k+1) + nest*(8+5k), computed in 64-bit, with curfit_lwrk's
  !> conventions for arguments out of range (k counts as 1..5).
  pure integer(int64) function percur_lwrk(m, k, nest)
    integer(ip), intent(in) :: m, k, nest
    integer(int64) :: m_, k_, nest_
    m_ = max(m, 0_ip)
    k_ = min(max(k, 1_ip), 5_ip)
    nest_ = max(nest, 0_ip)
    percur_lwrk = m_ * (k_ + 1) + nest_ * (8 + 5 * k_)
  end function percur_lwrk

  ! percur: FITPACK's driver (argument meanings as in Dierckx's percur.f;
  ! iopt, s, n, t, c, fp, ier as in curfit).  x strictly increasing, w > 0;
  ! wrk(lwrk), lwrk >= m*(k+1)+nest*(8+5k); iwrk(nest).
  pure subroutine percur(iopt, m, x, y, w, k, s, nest, n, t, c, fp, wrk, lwrk, iwrk, ier)
    integer(ip), intent(in) :: iopt, m, k, nest, lwrk
    real(dp), intent(in) :: x(m), y(m), w(m), s
    integer(ip), intent(inout) :: n
    real(dp), intent(inout) :: t(nest), c(nest), wrk(lwrk)
    real(dp), intent(out) :: fp
    integer(ip), intent(inout) :: iwrk(nest)
    integer(ip), intent(out) :: ier
    ! Dierckx's percur.f sets tol from a default-real literal; keeping its
    ! value (0.001 rounded to single precision) keeps scipy's answers.
    real(dp), parameter :: tol = real(1.0e-3, dp)
    integer(ip), parameter :: maxit = 20
    real(dp) :: per
    integer(ip) :: i, ia1, ia2, ib, ifp, ig1, ig2, iq, iz, i1, i2, j1, j2, k1, k2, nmin

    ier = 10
    fp = 0.0_dp
    if (k <= 0 .or. k > 5) return
    k1 = k + 1
    k2 = k1 + 1
    if (iopt < -1 .or. iopt > 1) return
    nmin = 2 * k1
    if (m < 2 .or. nest < nmin) return
    if (lwrk < percur_lwrk(m, k, nest)) return
    do i = 1, m - 1
      if (x(i) >= x(i + 1) .or. w(i) <= 0.0_dp) return
    end do
    if (iopt >= 0) then
      if (s < 0.0_dp) return
      if (s == 0.0_dp .and. nest < m + 2 * k) return
      ier = 0
    else
      ! at least one interior knot: n = 2k + 2 is refused, as Dierckx's percur does
      if (n <= nmin .or. n > nest) return
      per = x(m) - x(1)
      j1 = k1
      t(j1) = x(1)
      i1 = n - k
      t(i1) = x(m)
      j2 = j1
      i2 = i1
      do i = 1, k
        i1 = i1 + 1
        i2 = i2 - 1
        j1 = j1 + 1
        j2 = j2 - 1
        t(j2) = t(i2) - per
        t(i1) = t(j1) + per
      end do
      call fpchep(x, m, t, n, k, ier)
      if (ier /= 0) return
    end if
    ifp = 1
    iz = ifp + nest
    ia1 = iz + nest
    ia2 = ia1 + nest * k1
    ib = ia2 + nest * k
    ig1 = ib + nest * k2
    ig2 = ig1 + nest * k2
    iq = ig2 + nest * k1
    call fpperi(iopt, x, y, w, m, k, s, nest, tol, maxit, k1, k2, n, t, c, fp, wrk(ifp), &
                wrk(iz), wrk(ia1), wrk(ia2), wrk(ib), wrk(ig1), wrk(ig2), wrk(iq), iwrk, ier)
  end subroutine percur

  ! periodic_interior_knots: t(i+k) for i = 2..m-1 at the data points (k
  ! odd) or half-way between them (k even).
  pure subroutine periodic_interior_knots(x, m, k, t)
    integer(ip), intent(in) :: m, k
    real(dp), intent(in) :: x(m)
    real(dp), intent(inout) :: t(*)
    integer(ip) :: i
    if (mod(k, 2) == 0) then
      do i = 2, m - 1
        t(i + k) = (x(i) + x(i - 1)) * 0.5_dp
      end do
    else
      do i = 2, m - 1
        t(i + k) = x(i)
      end do
    end if
  end subroutine periodic_interior_knots

  ! linear_periodic: percur's k = 1 interpolation: the knots are the data,
  ! the coefficients the ordinates (no system to solve), ier = -1.
  pure subroutine linear_periodic(x, y, m, per, t, c, n, fp, fp0, fpint, nrdata, ier)
    integer(ip), intent(in) :: m, n
    real(dp), intent(in) :: x(m), y(m), per
    real(dp), intent(inout) :: t(*), c(*), fpint(*)
    real(dp), intent(out) :: fp, fp0
    integer(ip), intent(inout) :: nrdata(*)
    integer(ip), intent(out) :: ier
    t(1) = t(m) - per
    t(2) = x(1)
    t(m + 1) = x(m)
    t(m + 2) = t(3) + per
    c(1:m - 1) = y(1:m - 1)
    c(m) = c(1)
    fp = 0.0_dp
    fp0 = 0.0_dp
    fpint(n) = fp0
    fpint(n - 1) = 0.0_dp
    nrdata(n) = 0
    ier = -1
  end subroutine linear_periodic

  ! fpperi: percur's algorithm.  Workspaces as in fpcurf, with the periodic
  ! observation matrix in a1(nest,k1) (band) and a2(nest,k) (last columns),
  ! and its smoothing extension in g1(nest,k2), g2(nest,k1).
  pure subroutine fpperi(iopt, x, y, w, m, k, s, nest, tol, maxit, k1, k2, n, t, c, fp, &
                         fpint, z, a1, a2, b, g1, g2, q, nrdata, ier)
    integer(ip), intent(in) :: iopt, m, k, nest, maxit, k1, k2
    real(dp), intent(in) :: x(m), y(m), w(m), s, tol
    integer(ip), intent(inout) :: n, nrdata(nest), ier
    real(dp), intent(inout) :: t(nest), c(nest), fpint(nest), z(nest)
    real(dp), intent(inout) :: a1(nest, k1), a2(nest, k), b(nest, k2), g1(nest, k2)
    real(dp), intent(inout) :: g2(nest, k1), q(m, k1)
    real(dp), intent(out) :: fp
    ! fpperi.f's step factors are default-real literals; their single
    ! precision values are kept so that p follows scipy's iteration exactly.
    real(dp), parameter :: con1 = real(0.1, dp), con9 = real(0.9, dp), con4 = real(0.04, dp)
    real(dp), parameter :: half = 0.5_dp
    real(dp) :: acc, cos, c1, d1, fpart, fpms, fpold, fp0, f1, f2, f3, p, per, pinv, piv
    real(dp) :: p1, p2, p3, sin, store, term, wi, xi, yi, rn, val
    real(dp) :: h(7), h1(8), h2(8)
    integer(ip) :: i, ich1, ich3, ij, ik, it, iter, i1, i2, i3, j, jk, jper, j1, j2, kk, kk1
    integer(ip) :: l, l0, l1, l5, ll, mm, m1, nk1, nk2, nmax, nmin, nplus, npl1
    integer(ip) :: nrint, n10, n11, n7, n8
    logical :: new, keep, skip

    acc = 0.0_dp
    fpold = 0.0_dp
    fp0 = 0.0_dp
    fpms = 0.0_dp
    nmax = 0
    nplus = 0
    n7 = 0
    n10 = 0
    fp = 0.0_dp
    m1 = m - 1
    kk = k
    kk1 = k1
    nmin = 2 * k1
    per = x(m) - x(1)
    ! ---- part 1: the number of knots and their position
    if (iopt >= 0) then
      acc = tol * s
      nmax = m + 2 * k
      if (s > 0.0_dp .or. nmax == nmin) then
        keep = .false.
        if (iopt /= 0 .and. n /= nmin) then
          fp0 = fpint(n)
          fpold = fpint(n - 1)
          nplus = nrdata(n)
          keep = fp0 > s
        end if
        if (.not. keep) then
          ! the least-squares constant c1 (a periodic polynomial is constant)
          fp0 = 0.0_dp
          d1 = 0.0_dp
          c1 = 0.0_dp
          do it = 1, m1
            wi = w(it)
            yi = y(it) * wi
            call fpgivs(wi, d1, cos, sin)
            call fprota(cos, sin, yi, c1)
            fp0 = fp0 + yi * yi
          end do
          c1 = c1 / d1
          fpms = fp0 - s
          if (fpms < acc .or. nmax == nmin) then
            ier = -2
            do i = 1, k1
              rn = real(k1 - i, dp)
              t(i) = x(1) - rn * per
              c(i) = c1
              j = i + k1
              rn = real(i - 1, dp)
              t(j) = x(m) + rn * per
            end do
            n = nmin
            fp = fp0
            fpint(n) = fp0
            fpint(n - 1) = 0.0_dp
            nrdata(n) = 0
            return
          end if
          fpold = fp0
          if (nmin >= nest) then
            ier = 1
            return
          end if
          ! start with one interior knot
          nplus = 1
          n = nmin + 1
          mm = (m + 1) / 2
          t(k2) = x(mm)
          nrdata(1) = mm - 2
          nrdata(2) = m1 - mm
        end if
      else
        ! s = 0: the interpolating periodic spline
        n = nmax
        if (n > nest) then
          ier = 1
          return
        end if
        call periodic_interior_knots(x, m, k, t)
        if (mod(k, 2) /= 0) then
          ! odd k: the knots are data points and the band narrows by one
          kk = k - 1
          kk1 = k
          if (kk <= 0) then
            call linear_periodic(x, y, m, per, t, c, n, fp, fp0, fpint, nrdata, ier)
            return
          end if
        end if
      end if
    end if

    knots: do
      do iter = 1, m
        nrint = n - nmin + 1
        ! the knots outside [x(1), x(m)] continue the interior ones periodically
        t(k1) = x(1)
        nk1 = n - k1
        nk2 = nk1 + 1
        t(nk2) = x(m)
        do j = 1, k
          i1 = nk2 + j
          i2 = nk2 - j
          j1 = k1 + j
          j2 = k1 - j
          t(i1) = t(j1) + per
          t(j2) = t(i2) - per
        end do
        ! least-squares periodic spline: c(n7+j) = c(j), j = 1..k
        z(1:nk1) = 0.0_dp
        a1(1:nk1, 1:kk1) = 0.0_dp
        n7 = nk1 - k
        n10 = n7 - kk
        jper = 0
        fp = 0.0_dp
        l = k1
        do it = 1, m1
          xi = x(it)
          wi = w(it)
          yi = y(it) * wi
          do while (xi >= t(l + 1))
            l = l + 1
          end do
          call fpbspl(t, k, xi, l, h)
          do i = 1, k1
            q(it, i) = h(i)
            h(i) = h(i) * wi
          end do
          l5 = l - k1
          if (l5 < n10) then
            ! the row touches the band part only
            j = l5
            do i = 1, kk1
              j = j + 1
              piv = h(i)
              if (piv == 0.0_dp) cycle
              call fpgivs(piv, a1(j, 1), cos, sin)
              call fprota(cos, sin, yi, z(j))
              if (i == kk1) exit
              i2 = 1
              i3 = i + 1
              do i1 = i3, kk1
                i2 = i2 + 1
                call fprota(cos, sin, h(i1), a1(j, i2))
              end do
            end do
            fp = fp + yi * yi
          else
            if (jper == 0) then
              ! start the full columns a2 from the band's last rows
              a2(1:n7, 1:kk) = 0.0_dp
              jk = n10 + 1
              do i = 1, kk
                ik = jk
                do j = 1, kk1
                  if (ik <= 0) exit
                  a2(ik, i) = a1(ik, j)
                  ik = ik - 1
                end do
                jk = jk + 1
              end do
              jper = 1
            end if
            ! fold the row with c(n7+j) = c(j): h1 band part, h2 full part
            h1(1:kk) = 0.0_dp
            h2(1:kk) = 0.0_dp
            h1(kk1) = 0.0_dp
            j = l5 - n10
            do i = 1, kk1
              j = j + 1
              l0 = j
              do
                l1 = l0 - kk
                if (l1 <= 0) then
                  h2(l0) = h2(l0) + h(i)
                  exit
                end if
                if (l1 <= n10) then
                  h1(l1) = h(i)
                  exit
                end if
                l0 = l1 - n10
              end do
            end do
            if (n10 > 0) then
              do j = 1, n10
                piv = h1(1)
                if (piv == 0.0_dp) then
                  do i = 1, kk
                    h1(i) = h1(i + 1)
                  end do
                  h1(kk1) = 0.0_dp
                  cycle
                end if
                call fpgivs(piv, a1(j, 1), cos, sin)
                call fprota(cos, sin, yi, z(j))
                do i = 1, kk
                  call fprota(cos, sin, h2(i), a2(j, i))
                end do
                if (j == n10) exit
                i2 = min(n10 - j, kk)
                do i = 1, i2
                  i1 = i + 1
                  call fprota(cos, sin, h1(i1), a1(j, i1))
                  h1(i) = h1(i1)
                end do
                h1(i2 + 1) = 0.0_dp
              end do
            end if
            do j = 1, kk
              ij = n10 + j
              if (ij <= 0) cycle
              piv = h2(j)
              if (piv == 0.0_dp) cycle
              call fpgivs(piv, a2(ij, j), cos, sin)
              call fprota(cos, sin, yi, z(ij))
              if (j == kk) exit
              j1 = j + 1
              do i = j1, kk
                call fprota(cos, sin, h2(i), a2(ij, i))
              end do
            end do
            fp = fp + yi * yi
          end if
        end do
        fpint(n) = fp0
        fpint(n - 1) = fpold
        nrdata(n) = nplus
        c(1:n7) = z(1:n7)
        call fpbacp_inplace(a1, a2, n7, kk, c, kk1, nest)
        do i = 1, k
          c(i + n7) = c(i)
        end do
        if (iopt < 0) return
        fpms = fp - s
        if (abs(fpms) < acc) return
        if (fpms < 0.0_dp) exit knots
        if (n == nmax) then
          ier = -1
          return
        end if
        if (n == nest) then
          ier = 1
          return
        end if
        npl1 = nplus * 2
        rn = real(nplus, dp)
        if (fpold - fp > acc) then
          val = rn * fpms / (fpold - fp)
          if (val > real(huge(npl1), dp)) then
            npl1 = huge(npl1)
          else
            npl1 = int(val)
          end if
        end if
        nplus = min(nplus * 2, max(npl1, nplus / 2, 1))
        fpold = fp
        ! residual sum per knot interval; the first and last wrap around
        fpart = 0.0_dp
        i = 1
        l = k1
        new = .false.
        do it = 1, m1
          if (x(it) >= t(l)) then
            new = .true.
            l = l + 1
          end if
          term = 0.0_dp
          l0 = l - k2
          do j = 1, k1
            l0 = l0 + 1
            term = term + c(l0) * q(it, j)
          end do
          term = (w(it) * (term - y(it)))**2
          fpart = fpart + term
          if (.not. new) cycle
          if (l <= k2) then
            fpint(nrint) = term
            new = .false.
            cycle
          end if
          store = term * half
          fpint(i) = fpart - store
          i = i + 1
          fpart = store
          new = .false.
        end do
        fpint(nrint) = fpint(nrint) + fpart
        do ll = 1, nplus
          call fpknot(x, t, n, fpint, nrdata, nrint, 1)
          if (n == nmax) then
            call periodic_interior_knots(x, m, k, t)
            if (mod(k, 2) /= 0 .and. s <= 0.0_dp) then
              kk = k - 1
              kk1 = k
              if (kk <= 0) then
                call linear_periodic(x, y, m, per, t, c, n, fp, fp0, fpint, nrdata, ier)
                return
              end if
            end if
            cycle knots
          end if
          if (n == nest) exit
        end do
      end do
      exit knots
    end do knots

    ! ---- part 2: the smoothing periodic spline, p the root of f(p) = s
    call fpdisc(t, n, k2, b, nest)
    p1 = 0.0_dp
    f1 = fp0 - s
    p3 = -1.0_dp
    f3 = fpms
    n11 = n10 - 1
    n8 = n7 - 1
    p = 0.0_dp
    l = n7
    skip = .false.
    do i = 1, k
      j = k + 1 - i
      p = p + a2(l, j)
      l = l - 1
      if (l == 0) then
        skip = .true.
        exit
      end if
    end do
    if (.not. skip) then
      do i = 1, n10
        p = p + a1(i, 1)
      end do
    end if
    rn = real(n7, dp)
    p = rn / p
    ich1 = 0
    ich3 = 0
    do iter = 1, maxit
      pinv = 1.0_dp / p
      do i = 1, n7
        c(i) = z(i)
        g1(i, k1) = a1(i, k1)
        g1(i, k2) = 0.0_dp
        g2(i, 1) = 0.0_dp
        do j = 1, k
          g1(i, j) = a1(i, j)
          g2(i, j + 1) = a2(i, j)
        end do
      end do
      l = n10
      do j = 1, k1
        if (l <= 0) exit
        g2(l, 1) = a1(l, j)
        l = l - 1
      end do
      do it = 1, n8
        ! row it of b/p, folded into h1 (band part) and h2 (full part)
        yi = 0.0_dp
        h1(1:k1) = 0.0_dp
        h2(1:k1) = 0.0_dp
        h1(k2) = 0.0_dp
        if (it <= n11) then
          l = it
          l0 = it
          do j = 1, k2
            if (l0 == n10) then
              l0 = 1
              do l1 = j, k2
                h2(l0) = b(it, l1) * pinv
                l0 = l0 + 1
              end do
              exit
            end if
            h1(j) = b(it, j) * pinv
            l0 = l0 + 1
          end do
        else
          l = 1
          i = it - n10
          do j = 1, k2
            i = i + 1
            l0 = i
            do
              l1 = l0 - k1
              if (l1 <= 0) then
                h2(l0) = h2(l0) + b(it, j) * pinv
                exit
              end if
              if (l1 <= n11) then
                h1(l1) = b(it, j) * pinv
                exit
              end if
              l0 = l1 - n11
            end do
          end do
        end if
        if (n11 > 0) then
          do j = l, n11
            piv = h1(1)
            call fpgivs(piv, g1(j, 1), cos, sin)
            call fprota(cos, sin, yi, c(j))
            do i = 1, k1
              call fprota(cos, sin, h2(i), g2(j, i))
            end do
            if (j == n11) exit
            i2 = min(n11 - j, k1)
            do i = 1, i2
              i1 = i + 1
              call fprota(cos, sin, h1(i1), g1(j, i1))
              h1(i) = h1(i1)
            end do
            h1(i2 + 1) = 0.0_dp
          end do
        end if
        do j = 1, k1
          ij = n11 + j
          if (ij <= 0) cycle
          piv = h2(j)
          call fpgivs(piv, g2(ij, j), cos, sin)
          call fprota(cos, sin, yi, c(ij))
          if (j == k1) exit
          j1 = j + 1
          do i = j1, k1
            call fprota(cos, sin, h2(i), g2(ij, i))
          end do
        end do
      end do
      call fpbacp_inplace(g1, g2, n7, k1, c, k2, nest)
      do i = 1, k
        c(i + n7) = c(i)
      end do
      fp = 0.0_dp
      l = k1
      do it = 1, m1
        if (x(it) >= t(l)) l = l + 1
        l0 = l - k2
        term = 0.0_dp
        do j = 1, k1
          l0 = l0 + 1
          term = term + c(l0) * q(it, j)
        end do
        fp = fp + (w(it) * (term - y(it)))**2
      end do
      fpms = fp - s
      if (abs(fpms) < acc) return
      if (iter == maxit) then
        ier = 3
        return
      end if
      p2 = p
      f2 = fpms
      if (ich3 == 0) then
        if (f2 - f3 > acc) then
          if (f2 < 0.0_dp) ich3 = 1
        else
          p3 = p2
          f3 = f2
          p = p * con4
          if (p <= p1) p = p1 * con9 + p2 * con1
          cycle
        end if
      end if
      if (ich1 == 0) then
        if (f1 - f2 > acc) then
          if (f2 > 0.0_dp) ich1 = 1
        else
          p1 = p2
          f1 = f2
          p = p / con4
          if (p3 >= 0.0_dp) then
            if (p >= p3) p = p2 * con1 + p3 * con9
          end if
          cycle
        end if
      end if
      if (f2 >= f1 .or. f2 <= f3) then
        ier = 2
        return
      end if
      call fprati(p1, f1, p2, f2, p3, f3, p)
    end do

  end subroutine fpperi

end module fitpack_percur
