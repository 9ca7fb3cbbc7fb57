! Smoothing tensor-product splines for scattered data (Dierckx 1993,
! ch. 9; Dierckx, "An algorithm for surface fitting with spline functions",
! IMA J. Numer. Anal. 1 (1981) 267-283): surfit and its parts.
!
! The observation matrix of the points sorted by knot panel (fporde) is
! reduced to a banded upper-triangular matrix by Givens rotations; a
! (numerically) rank-deficient system gets the minimum-norm solution
! (fprank).  Knots are added, one at a time, at the weighted centre of the
! residuals of the worst panel row/column until fp <= s; then the smoothing
! parameter p is found by rational interpolation so that fp = s.  When it
! gives a narrower band the roles of x and y are exchanged during the
! iterations.  Arithmetic follows FITPACK's order of operations.
module fitpack_surface_surfit
  use, intrinsic :: iso_fortran_env, only: int64
  use scijit_kinds, only: dp, ip
  use fitpack_basis, only: fpbspl, fpdisc
  use fitpack_givens, only: fpgivs, fprota, fpback, fprati
  implicit none
  private
  public :: surfit, surfit_lwrk1, surfit_lwrk2, surfit_kwrk

  real(dp), parameter :: tol_fp = real(0.1e-02, dp)
  real(dp), parameter :: con1 = real(0.1e0, dp), con9 = real(0.9e0, dp), &
                         con4 = real(0.4e-01, dp)

contains

  ! Workspace sizes (the rank-deficient lwrk2 and kwest are FITPACK's),
  ! computed in 64 bits so that a size beyond int32 is seen, not wrapped.
  ! surfit_lwrk1 is the lwrk1 FITPACK documents (and scipy's bisplrep
  ! passes), one more than the lwest FITPACK checks: the layout below
  ! (wrk1(1) holds fp0, the arrays start at wrk1(2)) ends at element
  ! lwest + 1, so lwrk1 = lwest would be overrun by one element.
  pure integer(int64) function surfit_lwrk1(m, kx, ky, nxest, nyest)
    integer(ip), intent(in) :: m, kx, ky, nxest, nyest
    integer(int64) :: nxk, nyk, ib1, ib3, km2
    call bands(kx, ky, nxest, nyest, nxk, nyk, ib1, ib3)
    km2 = max(kx, ky) + 2_int64
    surfit_lwrk1 = 1 + nxk*nyk*(2 + ib1 + ib3) + 2*((nxest - 2*int(kx, int64) - 1) + &
                   (nyest - 2*int(ky, int64) - 1) + max(nxest, nyest)*km2 + m*(km2 - 1)) + ib3
  end function surfit_lwrk1

  pure integer(int64) function surfit_lwrk2(kx, ky, nxest, nyest)
    integer(ip), intent(in) :: kx, ky, nxest, nyest
    integer(int64) :: nxk, nyk, ib1, ib3
    call bands(kx, ky, nxest, nyest, nxk, nyk, ib1, ib3)
    surfit_lwrk2 = nxk*nyk*(ib3 + 1) + ib3
  end function surfit_lwrk2

  pure integer(int64) function surfit_kwrk(m, kx, ky, nxest, nyest)
    integer(ip), intent(in) :: m, kx, ky, nxest, nyest
    surfit_kwrk = m + (nxest - 2*int(kx, int64) - 1)*(nyest - 2*int(ky, int64) - 1)
  end function surfit_kwrk

  ! bands: the coefficient counts nxk, nyk in x and y and the band widths
  ! ib1 (observation matrix) and ib3 (with the smoothing rows), for the
  ! narrower orientation, in 64 bits.
  pure subroutine bands(kx, ky, nxest, nyest, nxk, nyk, ib1, ib3)
    integer(ip), intent(in) :: kx, ky, nxest, nyest
    integer(int64), intent(out) :: nxk, nyk, ib1, ib3
    integer(int64) :: jb1
    nxk = nxest - int(kx, int64) - 1
    nyk = nyest - int(ky, int64) - 1
    ib1 = kx*nyk + ky + 1
    jb1 = ky*nxk + kx + 1
    ib3 = (kx + 1_int64)*nyk + 1
    if (ib1 > jb1) then
      ib1 = jb1
      ib3 = (ky + 1_int64)*nxk + 1
    end if
  end subroutine bands

  ! surfit: spline s(x,y) of degrees kx, ky on [xb,xe] x [yb,ye] fitted to
  ! the weighted scattered data (x(i), y(i), z(i), w(i)); iopt = -1 least
  ! squares on given interior knots, 0 a new smoothing fit, 1 continue with
  ! a smaller s.  eps bounds the rank decision.  FITPACK's argument list,
  ! workspace layout and ier codes (ier = -rank for a rank-deficient
  ! system, ier > 10 the lwrk2 that would have been needed).
  subroutine surfit(iopt, m, x, y, z, w, xb, xe, yb, ye, kx, ky, s, nxest, nyest, &
                    nmax, eps, nx, tx, ny, ty, c, fp, wrk1, lwrk1, wrk2, lwrk2, iwrk, &
                    kwrk, ier)
    integer(ip), intent(in) :: iopt, m, kx, ky, nxest, nyest, nmax, lwrk1, lwrk2, kwrk
    real(dp), intent(in), target :: x(m), y(m)
    real(dp), intent(in) :: z(m), w(m), xb, xe, yb, ye, s, eps
    integer(ip), intent(inout) :: nx, ny
    real(dp), intent(inout) :: tx(nmax), ty(nmax), c(*), wrk1(lwrk1), wrk2(*)
    integer(ip), intent(inout) :: iwrk(kwrk)
    real(dp), intent(out) :: fp
    integer(ip), intent(out) :: ier
    integer(ip) :: i, ib1, ib3, kx1, ky1, km1, km2, nest, nxk, nyk, ncest, nmx, nmy
    integer(ip) :: nrint, nreg, lq, la, lf, lff, lfp, lco, lh, lbx, lby, lsx, lsy, nek
    integer(ip) :: kn, ki
    integer(int64) :: nxk64, nyk64, ib164, ib364

    ier = 10
    fp = 0.0_dp
    if (.not. (eps > 0.0_dp .and. eps < 1.0_dp)) return
    if (kx <= 0 .or. kx > 5 .or. ky <= 0 .or. ky > 5) return
    kx1 = kx + 1
    ky1 = ky + 1
    km1 = max(kx, ky) + 1
    km2 = km1 + 1
    if (iopt < -1 .or. iopt > 1) return
    if (m < kx1*ky1) return
    if (nxest < 2*kx1 .or. nxest > nmax) return
    if (nyest < 2*ky1 .or. nyest > nmax) return
    ! the workspace sizes first: then every count below fits 32 bits
    if (int(lwrk1, int64) < surfit_lwrk1(m, kx, ky, nxest, nyest)) return
    if (int(kwrk, int64) < surfit_kwrk(m, kx, ky, nxest, nyest)) return
    nest = max(nxest, nyest)
    call bands(kx, ky, nxest, nyest, nxk64, nyk64, ib164, ib364)
    nxk = int(nxk64, ip)
    nyk = int(nyk64, ip)
    ib1 = int(ib164, ip)
    ib3 = int(ib364, ip)
    ncest = nxk*nyk
    nmx = nxest - 2*kx1 + 1
    nmy = nyest - 2*ky1 + 1
    nrint = nmx + nmy
    nreg = nmx*nmy
    if (.not. (xb < xe .and. yb < ye)) return
    do i = 1, m
      if (.not. (w(i) > 0.0_dp)) return
      if (x(i) < xb .or. x(i) > xe) return
      if (y(i) < yb .or. y(i) > ye) return
    end do
    if (iopt < 0) then
      if (nx < 2*kx1 .or. nx > nxest) return
      tx(kx1) = xb
      tx(nx-kx) = xe
      do i = kx1, nx - kx1
        if (tx(i+1) <= tx(i)) return
      end do
      if (ny < 2*ky1 .or. ny > nyest) return
      ty(ky1) = yb
      ty(ny-ky) = ye
      do i = ky1, ny - ky1
        if (ty(i+1) <= ty(i)) return
      end do
    else
      if (.not. (s >= 0.0_dp)) return
    end if
    ier = 0
    kn = 1
    ki = kn + m
    lq = 2
    la = lq + ncest*ib3
    lf = la + ncest*ib1
    lff = lf + ncest
    lfp = lff + ncest
    lco = lfp + nrint
    lh = lco + nrint
    lbx = lh + ib3
    nek = nest*km2
    lby = lbx + nek
    lsx = lby + nek
    lsy = lsx + m*km1
    call fit_scattered(iopt, m, x, y, z, w, xb, xe, yb, ye, kx, ky, s, nxest, nyest, &
                       eps, maxit=20, nest=nest, km1=km1, km2=km2, ib1=ib1, ib3=ib3, &
                       nc=ncest, intest=nrint, nrest=nreg, nx0=nx, tx=tx, ny0=ny, ty=ty, &
                       c=c, fp=fp, fp0=wrk1(1), fpint=wrk1(lfp:lco-1), &
                       coord=wrk1(lco:lh-1), f=wrk1(lf:lff-1), ff=wrk1(lff:lfp-1), &
                       a=wrk1(la:lf-1), q=wrk1(lq:la-1), bx=wrk1(lbx:lby-1), &
                       by=wrk1(lby:lsx-1), spx=wrk1(lsx:lsy-1), &
                       spy=wrk1(lsy:lsy+m*km1-1), h=wrk1(lh:lbx-1), &
                       index=iwrk(ki:ki+nreg-1), nummer=iwrk(kn:ki-1), wrk=wrk2, &
                       lwrk=lwrk2, ier=ier)
  end subroutine surfit

  ! fit_scattered: the knot-placement and smoothing iterations of surfit
  ! (FITPACK's fpsurf); nest plays the role of FITPACK's nmax here.
  subroutine fit_scattered(iopt, m, xin, yin, z, w, xb, xe, yb, ye, kxx, kyy, s, nxest, &
                           nyest, eta, maxit, nest, km1, km2, ib1, ib3, nc, intest, &
                           nrest, nx0, tx, ny0, ty, c, fp, fp0, fpint, coord, f, ff, a, &
                           q, bx, by, spx, spy, h, index, nummer, wrk, lwrk, ier)
    integer(ip), intent(in) :: iopt, m, kxx, kyy, nxest, nyest, maxit, nest, km1, km2
    integer(ip), intent(in) :: ib1, ib3, nc, intest, nrest, lwrk
    real(dp), intent(in), target :: xin(m), yin(m)
    real(dp), intent(in) :: z(m), w(m), xb, xe, yb, ye, s, eta
    integer(ip), intent(inout) :: nx0, ny0, ier
    real(dp), intent(inout) :: tx(nest), ty(nest), c(nc), fp, fp0
    real(dp), intent(inout) :: fpint(intest), coord(intest), f(nc), ff(nc)
    real(dp), intent(inout) :: a(nc, ib1), q(nc, ib3), bx(nest, km2), by(nest, km2)
    real(dp), intent(inout) :: spx(m, km1), spy(m, km1), h(ib3), wrk(*)
    integer(ip), intent(inout) :: index(nrest), nummer(m)
    real(dp), pointer :: x(:), y(:), tmp(:)
    real(dp) :: acc, arg, co, si, dmax, fac1, fac2, fpmax, fpms, f1, f2, f3, hxi, p
    real(dp) :: pinv, piv, p1, p2, p3, sq, store, wi, x0, x1, y0, y1, zi, eps
    real(dp) :: hx(6), hy(6)
    integer(ip) :: i, iband, iband1, iband3, iband4, ichang, ich1, ich3, ii, in, irot, iter
    integer(ip) :: i1, i2, j, jrot, jxy, j1, kx, kx1, kx2, ky, ky1, ky2, l, lwest, lx, ly
    integer(ip) :: l1, l2, ncof, nk1x, nk1y, nminx, nminy, nreg, nrint, num, num1
    integer(ip) :: nx, nxe, nxx, ny, nye, nyy, rank
    logical :: knot_added

    x => xin
    y => yin
    ichang = -1
    x0 = xb
    x1 = xe
    y0 = yb
    y1 = ye
    kx = kxx
    ky = kyy
    kx1 = kx + 1
    ky1 = ky + 1
    nxe = nxest
    nye = nyest
    eps = sqrt(eta)
    acc = 0.0_dp
    fpms = 0.0_dp
    rank = 0
    ncof = 0
    nk1x = 0
    nk1y = 0
    nxx = 0
    nyy = 0
    nreg = 0
    iband1 = 0
    iband = 0
    lwest = 0
    if (iopt >= 0) acc = tol_fp*s
    if (iopt >= 0 .and. (iopt == 0 .or. .not. (fp0 > s))) then
      nminx = 2*kx1
      nminy = 2*ky1
      nx = nminx
      ny = nminy
      ier = -2
    else
      nx = nx0
      ny = ny0
    end if

    ! --- knot placement: least-squares splines on growing knot sets -----
    do iter = 1, m
      l = nx
      do i = 1, kx1
        tx(i) = x0
        tx(l) = x1
        l = l - 1
      end do
      l = ny
      do i = 1, ky1
        ty(i) = y0
        ty(l) = y1
        l = l - 1
      end do
      nxx = nx - 2*kx1 + 1
      nyy = ny - 2*ky1 + 1
      nrint = nxx + nyy
      nreg = nxx*nyy
      iband1 = kx*(ny-ky1) + ky
      l = ky*(nx-kx1) + kx
      if (iband1 > l) then
        ! exchange the roles of x and y (narrower band)
        iband1 = l
        ichang = -ichang
        tmp => x
        x => y
        y => tmp
        store = x0
        x0 = y0
        y0 = store
        store = x1
        x1 = y1
        y1 = store
        call swap_knots(tx, nx, ty, ny)
        l = nx
        nx = ny
        ny = l
        l = nxe
        nxe = nye
        nye = l
        l = nxx
        nxx = nyy
        nyy = l
        l = kx
        kx = ky
        ky = l
        kx1 = kx + 1
        ky1 = ky + 1
      end if
      iband = iband1 + 1
      call order_points(x, y, m, kx, ky, tx, nx, ty, ny, nummer, index, nreg)
      nk1x = nx - kx1
      nk1y = ny - ky1
      ncof = nk1x*nk1y
      f(1:ncof) = 0.0_dp
      a(1:ncof, 1:iband) = 0.0_dp
      fp = 0.0_dp
      ! observation rows, panel by panel, rotated into the band matrix a
      do num = 1, nreg
        num1 = num - 1
        lx = num1/nyy
        l1 = lx + kx1
        ly = num1 - lx*nyy
        l2 = ly + ky1
        jrot = lx*nk1y + ly
        in = index(num)
        do while (in /= 0)
          wi = w(in)
          zi = z(in)*wi
          call fpbspl(tx, kx, x(in), l1, hx)
          call fpbspl(ty, ky, y(in), l2, hy)
          spx(in, 1:kx1) = hx(1:kx1)
          spy(in, 1:ky1) = hy(1:ky1)
          h(1:iband) = 0.0_dp
          i1 = 0
          do i = 1, kx1
            hxi = hx(i)
            j1 = i1
            do j = 1, ky1
              j1 = j1 + 1
              h(j1) = hxi*hy(j)*wi
            end do
            i1 = i1 + nk1y
          end do
          irot = jrot
          do i = 1, iband
            irot = irot + 1
            piv = h(i)
            if (piv == 0.0_dp) cycle
            call fpgivs(piv, a(irot, 1), co, si)
            call fprota(co, si, zi, f(irot))
            if (i == iband) exit
            i2 = 1
            do j = i + 1, iband
              i2 = i2 + 1
              call fprota(co, si, h(j), a(irot, i2))
            end do
          end do
          fp = fp + zi**2
          in = nummer(in)
        end do
      end do
      ! solve, with the minimum-norm solution if rank deficient
      call solve_band(a, f, ncof, iband, nc, eps, c, rank, sq, dmax, q, ff, wrk, lwrk, &
                      lwest)
      if (lwest > 0) then
        ier = lwest
        call finish()
        return
      end if
      fp = fp + sq
      if (ier == -2) fp0 = fp
      if (iopt < 0) then
        if (ncof /= rank) ier = -rank
        call finish()
        return
      end if
      fpms = fp - s
      if (abs(fpms) <= acc) then
        if (fp <= 0.0_dp) then
          ier = -1
          fp = 0.0_dp
        end if
        if (ncof /= rank) ier = -rank
        call finish()
        return
      end if
      if (fpms < 0.0_dp) exit
      if (ncof > m) then
        ier = 4
        call finish()
        return
      end if
      ier = 0
      ! residual sums and their centres per panel row and column
      fpint(1:nrint) = 0.0_dp
      coord(1:nrint) = 0.0_dp
      do num = 1, nreg
        num1 = num - 1
        lx = num1/nyy
        l1 = lx + 1
        ly = num1 - lx*nyy
        l2 = ly + 1 + nxx
        jrot = lx*nk1y + ly
        in = index(num)
        do while (in /= 0)
          store = residual_fit(spx, spy, m, in, kx1, ky1, c, jrot, nk1y)
          store = (w(in)*(z(in) - store))**2
          fpint(l1) = fpint(l1) + store
          coord(l1) = coord(l1) + store*x(in)
          fpint(l2) = fpint(l2) + store
          coord(l2) = coord(l2) + store*y(in)
          in = nummer(in)
        end do
      end do
      ! a new knot where the residual sum is largest (and not too close)
      knot_added = .false.
      do while (.not. knot_added)
        l = 0
        fpmax = 0.0_dp
        l1 = 1
        l2 = nrint
        if (nx == nxe) l1 = nxx + 1
        if (ny == nye) l2 = nxx
        if (l1 > l2) then
          ier = 1
          call finish()
          return
        end if
        do i = l1, l2
          if (fpmax >= fpint(i)) cycle
          l = i
          fpmax = fpint(i)
        end do
        if (l == 0) then
          ier = 5
          call finish()
          return
        end if
        arg = coord(l)/fpint(l)
        fpint(l) = 0.0_dp
        if (l <= nxx) then
          jxy = l + kx1
          fac1 = tx(jxy) - arg
          fac2 = arg - tx(jxy-1)
          if (fac1 > (10.0_dp*fac2) .or. fac2 > (10.0_dp*fac1)) cycle
          tx(jxy+1:nx+1) = tx(jxy:nx)
          tx(jxy) = arg
          nx = nx + 1
        else
          jxy = l + ky1 - nxx
          fac1 = ty(jxy) - arg
          fac2 = arg - ty(jxy-1)
          if (fac1 > (10.0_dp*fac2) .or. fac2 > (10.0_dp*fac1)) cycle
          ty(jxy+1:ny+1) = ty(jxy:ny)
          ty(jxy) = arg
          ny = ny + 1
        end if
        knot_added = .true.
      end do
    end do

    ! --- smoothing: find p with fp(p) = s ----------------------------------
    if (ier == -2) then
      call finish()
      return
    end if
    kx2 = kx1 + 1
    if (nk1x /= kx1) call fpdisc(tx, nx, kx2, bx, nest)
    ky2 = ky1 + 1
    if (nk1y /= ky1) call fpdisc(ty, ny, ky2, by, nest)
    p1 = 0.0_dp
    f1 = fp0 - s
    p3 = -1.0_dp
    f3 = fpms
    p = 0.0_dp
    do i = 1, ncof
      p = p + a(i, 1)
    end do
    p = real(ncof, dp)/p
    iband3 = kx1*nk1y
    iband4 = iband3 + 1
    ich1 = 0
    ich3 = 0
    do iter = 1, maxit
      pinv = 1.0_dp/p
      do i = 1, ncof
        ff(i) = f(i)
        q(i, 1:iband) = a(i, 1:iband)
        q(i, iband+1:iband4) = 0.0_dp
      end do
      ! smoothing rows of the y direction
      if (nk1y /= ky1) then
        do i = ky2, nk1y
          ii = i - ky1
          do j = 1, nk1x
            h(1:iband) = 0.0_dp
            h(1:ky2) = by(ii, 1:ky2)*pinv
            jrot = (j-1)*nk1y + ii
            call rotate_row(q, ff, nc, ncof, h, jrot, iband1)
          end do
        end do
      end if
      ! smoothing rows of the x direction
      if (nk1x /= kx1) then
        do i = kx2, nk1x
          ii = i - kx1
          do j = 1, nk1y
            h(1:iband4) = 0.0_dp
            j1 = 1
            do l = 1, kx2
              h(j1) = bx(ii, l)*pinv
              j1 = j1 + nk1y
            end do
            jrot = (i-kx2)*nk1y + j
            call rotate_row(q, ff, nc, ncof, h, jrot, iband3)
          end do
        end do
      end if
      call solve_band_inplace(q, ff, ncof, iband4, nc, eps, c, rank, sq, wrk, lwrk, lwest)
      if (lwest > 0) then
        ier = lwest
        call finish()
        return
      end if
      fp = 0.0_dp
      do num = 1, nreg
        num1 = num - 1
        lx = num1/nyy
        ly = num1 - lx*nyy
        jrot = lx*nk1y + ly
        in = index(num)
        do while (in /= 0)
          store = residual_fit(spx, spy, m, in, kx1, ky1, c, jrot, nk1y)
          fp = fp + (w(in)*(z(in) - store))**2
          in = nummer(in)
        end do
      end do
      fpms = fp - s
      if (abs(fpms) <= acc) then
        if (ncof /= rank) ier = -rank
        call finish()
        return
      end if
      if (iter == maxit) then
        ier = 3
        call finish()
        return
      end if
      p2 = p
      f2 = fpms
      if (ich3 == 0) then
        if (.not. ((f2 - f3) > acc)) then
          p3 = p2
          f3 = f2
          p = p*con4
          if (p <= p1) p = p1*con9 + p2*con1
          cycle
        end if
        if (f2 < 0.0_dp) ich3 = 1
      end if
      if (ich1 == 0) then
        if (.not. ((f1 - f2) > acc)) then
          p1 = p2
          f1 = f2
          p = p/con4
          if (p3 < 0.0_dp) cycle
          if (p >= p3) p = p2*con1 + p3*con9
          cycle
        end if
        if (f2 > 0.0_dp) ich1 = 1
      end if
      if (f2 >= f1 .or. f2 <= f3) then
        ier = 2
        call finish()
        return
      end if
      call fprati(p1, f1, p2, f2, p3, f3, p)
    end do
    ier = lwest
    call finish()

  contains

    ! finish: undo an exchange of x and y (transposing c), and record the
    ! number of knots for a later iopt = 1 call.
    subroutine finish()
      integer(ip) :: ia, ja, lc
      if (ichang >= 0) then
        lc = 1
        do ia = 1, nk1x
          l2 = ia
          do ja = 1, nk1y
            f(l2) = c(lc)
            lc = lc + 1
            l2 = l2 + nk1x
          end do
        end do
        c(1:ncof) = f(1:ncof)
        call swap_knots(tx, nx, ty, ny)
        l = nx
        nx = ny
        ny = l
      end if
      if (iopt >= 0) then
        nx0 = nx
        ny0 = ny
      end if
    end subroutine finish

  end subroutine fit_scattered

  ! swap_knots: exchange tx(1:nx) and ty(1:ny) (FITPACK's element order).
  pure subroutine swap_knots(tx, nx, ty, ny)
    integer(ip), intent(in) :: nx, ny
    real(dp), intent(inout) :: tx(*), ty(*)
    real(dp) :: store
    integer(ip) :: i, n
    n = min(nx, ny)
    do i = 1, n
      store = tx(i)
      tx(i) = ty(i)
      ty(i) = store
    end do
    if (nx < ny) then
      tx(n+1:ny) = ty(n+1:ny)
    else if (nx > ny) then
      ty(n+1:nx) = tx(n+1:nx)
    end if
  end subroutine swap_knots

  ! residual_fit: the spline value at data point `in` from the stored
  ! B-spline values (FITPACK's summation order).
  pure real(dp) function residual_fit(spx, spy, m, in, kx1, ky1, c, jrot, nk1y) result(v)
    integer(ip), intent(in) :: m, in, kx1, ky1, jrot, nk1y
    real(dp), intent(in) :: spx(m, *), spy(m, *), c(*)
    real(dp) :: hxi
    integer(ip) :: i, j, i1, j1
    v = 0.0_dp
    i1 = jrot
    do i = 1, kx1
      hxi = spx(in, i)
      j1 = i1
      do j = 1, ky1
        j1 = j1 + 1
        v = v + hxi*spy(in, j)*c(j1)
      end do
      i1 = i1 + nk1y
    end do
  end function residual_fit

  ! rotate_row: rotate one smoothing row h (right-hand side 0) into the
  ! band matrix q / right-hand side ff, starting at row jrot; ib is the
  ! number of off-diagonals the row can reach.
  pure subroutine rotate_row(q, ff, nc, ncof, h, jrot, ib)
    integer(ip), intent(in) :: nc, ncof, jrot, ib
    real(dp), intent(inout) :: q(nc, *), ff(nc), h(*)
    real(dp) :: zi, piv, co, si
    integer(ip) :: irot, i2, l
    zi = 0.0_dp
    do irot = jrot, ncof
      piv = h(1)
      i2 = min(ib, ncof - irot)
      if (piv == 0.0_dp) then
        if (i2 <= 0) return
      else
        call fpgivs(piv, q(irot, 1), co, si)
        call fprota(co, si, zi, ff(irot))
        if (i2 == 0) return
        do l = 1, i2
          call fprota(co, si, h(l+1), q(irot, l+1))
        end do
      end if
      do l = 1, i2
        h(l) = h(l+1)
      end do
      h(i2+1) = 0.0_dp
    end do
  end subroutine rotate_row

  ! solve_band: solve the least-squares system in a (band width iband)
  ! and f; full rank by back substitution, else fprank on copies q, ff.
  ! Scales q(:,1) = a(:,1)/dmax as FITPACK does.  lwest > 0 when wrk is
  ! too small for fprank.
  subroutine solve_band(a, f, ncof, iband, nc, eps, c, rank, sq, dmax, q, ff, wrk, &
                        lwrk, lwest)
    integer(ip), intent(in) :: ncof, iband, nc, lwrk
    real(dp), intent(in) :: a(nc, *), f(nc), eps
    real(dp), intent(inout) :: c(nc), q(nc, *), ff(nc), wrk(*)
    integer(ip), intent(out) :: rank, lwest
    real(dp), intent(out) :: sq, dmax
    real(dp) :: sigma
    integer(ip) :: i, lf, lh, la
    lwest = 0
    sq = 0.0_dp
    dmax = 0.0_dp
    do i = 1, ncof
      if (a(i, 1) > dmax) dmax = a(i, 1)
    end do
    sigma = eps*dmax
    if (.not. any(a(1:ncof, 1) <= sigma)) then
      call fpback(a, f, ncof, iband, c, nc)
      rank = ncof
      do i = 1, ncof
        q(i, 1) = a(i, 1)/dmax
      end do
      return
    end if
    rank = 0
    if (lwrk < ncof*iband + ncof + iband) then
      lwest = ncof*iband + ncof + iband
      return
    end if
    ff(1:ncof) = f(1:ncof)
    q(1:ncof, 1:iband) = a(1:ncof, 1:iband)
    lf = 1
    lh = lf + ncof
    la = lh + iband
    call min_norm_solve(q, ff, ncof, iband, nc, sigma, c, sq, rank, wrk(la), wrk(lf), &
                        wrk(lh))
    do i = 1, ncof
      q(i, 1) = q(i, 1)/dmax
    end do
  end subroutine solve_band

  ! solve_band_inplace: as solve_band for the smoothing system already in
  ! q, ff (band width iband).
  subroutine solve_band_inplace(q, ff, ncof, iband, nc, eps, c, rank, sq, wrk, lwrk, &
                                lwest)
    integer(ip), intent(in) :: ncof, iband, nc, lwrk
    real(dp), intent(in) :: eps
    real(dp), intent(inout) :: q(nc, *), ff(nc), c(nc), wrk(*)
    integer(ip), intent(out) :: rank, lwest
    real(dp), intent(out) :: sq
    real(dp) :: sigma, dmax
    integer(ip) :: i, lf, lh, la
    lwest = 0
    sq = 0.0_dp
    dmax = 0.0_dp
    do i = 1, ncof
      if (q(i, 1) > dmax) dmax = q(i, 1)
    end do
    sigma = eps*dmax
    if (.not. any(q(1:ncof, 1) <= sigma)) then
      call fpback(q, ff, ncof, iband, c, nc)
      rank = ncof
    else
      rank = 0
      if (lwrk < ncof*iband + ncof + iband) then
        lwest = ncof*iband + ncof + iband
        return
      end if
      lf = 1
      lh = lf + ncof
      la = lh + iband
      call min_norm_solve(q, ff, ncof, iband, nc, sigma, c, sq, rank, wrk(la), wrk(lf), &
                          wrk(lh))
    end if
    do i = 1, ncof
      q(i, 1) = q(i, 1)/dmax
    end do
  end subroutine solve_band_inplace

  ! min_norm_solve: the minimum-norm least-squares solution c of the
  ! banded upper-triangular system a(n, m) c = f whose diagonal elements
  ! <= tol are treated as zero; sq adds the resulting residual (fprank).
  ! aa(n,m), ff(n), h(m) are work arrays.
  subroutine min_norm_solve(a, f, n, m, na, tol, c, sq, rank, aa, ff, h)
    integer(ip), intent(in) :: n, m, na
    real(dp), intent(inout) :: a(na, m), f(n)
    real(dp), intent(in) :: tol
    real(dp), intent(out) :: c(n), sq
    integer(ip), intent(out) :: rank
    real(dp), intent(inout) :: aa(n, m), ff(n), h(m)
    real(dp) :: co, si, piv, yi, store, stor1, stor3
    integer(ip) :: i, ii, ij, i1, i2, j, jj, j1, j2, j3, k, kk, m1, nl

    m1 = m - 1
    ! rotate each row with a negligible diagonal into the rows below it
    nl = 0
    sq = 0.0_dp
    do i = 1, n
      if (a(i, 1) > tol) cycle
      nl = nl + 1
      if (i == n) cycle
      yi = f(i)
      h(1:m1) = a(i, 2:m)
      h(m) = 0.0_dp
      do ii = i + 1, n
        i2 = min(n - ii, m1)
        piv = h(1)
        if (piv == 0.0_dp) then
          if (i2 == 0) exit
          do j = 1, i2
            h(j) = h(j+1)
          end do
        else
          call fpgivs(piv, a(ii, 1), co, si)
          call fprota(co, si, yi, f(ii))
          if (i2 == 0) exit
          do j = 1, i2
            call fprota(co, si, h(j+1), a(ii, j+1))
            h(j) = h(j+1)
          end do
        end if
        h(i2+1) = 0.0_dp
      end do
      sq = sq + yi**2
    end do
    rank = n - nl
    if (rank == 0) then
      c(1:n) = 0.0_dp
      return
    end if
    ! the rank x n system of the remaining rows, as the band matrix aa of
    ! its transpose's triangular factor
    aa(1:rank, 1:m) = 0.0_dp
    ii = 0
    do i = 1, n
      if (a(i, 1) <= tol) cycle
      ii = ii + 1
      ff(ii) = f(i)
      aa(ii, 1) = a(i, 1)
      jj = ii
      kk = 1
      j = i
      j1 = min(j - 1, m1)
      do k = 1, j1
        j = j - 1
        if (a(j, 1) <= tol) cycle
        kk = kk + 1
        jj = jj - 1
        aa(jj, kk) = a(j, k+1)
      end do
    end do
    ii = 0
    do i = 1, n
      ii = ii + 1
      if (a(i, 1) > tol) cycle
      ii = ii - 1
      if (ii == 0) cycle
      jj = 1
      j = i
      j1 = min(j - 1, m1)
      do k = 1, j1
        j = j - 1
        if (a(j, 1) <= tol) cycle
        h(jj) = a(j, k+1)
        jj = jj + 1
      end do
      h(jj:m) = 0.0_dp
      jj = ii
      do i1 = 1, ii
        j1 = min(jj - 1, m1)
        piv = h(1)
        if (piv == 0.0_dp) then
          if (j1 == 0) exit
          do j2 = 1, j1
            h(j2) = h(j2+1)
          end do
        else
          call fpgivs(piv, aa(jj, 1), co, si)
          if (j1 == 0) exit
          kk = jj
          do j2 = 1, j1
            j3 = j2 + 1
            kk = kk - 1
            call fprota(co, si, h(j3), aa(kk, j3))
            h(j2) = h(j3)
          end do
        end if
        jj = jj - 1
        h(j1+1) = 0.0_dp
      end do
    end do
    ! solve aa^T aa g = ff: back substitution, then forward substitution
    ff(rank) = ff(rank)/aa(rank, 1)
    i = rank - 1
    do j = 2, rank
      store = ff(i)
      i1 = min(j - 1, m1)
      k = i
      do ii = 1, i1
        k = k + 1
        store = store - ff(k)*aa(i, ii+1)
      end do
      ff(i) = store/aa(i, 1)
      i = i - 1
    end do
    ff(1) = ff(1)/aa(1, 1)
    do j = 2, rank
      store = ff(j)
      i1 = min(j - 1, m1)
      k = j
      do ii = 1, i1
        k = k - 1
        store = store - ff(k)*aa(k, ii+1)
      end do
      ff(j) = store/aa(j, 1)
    end do
    ! c = (rows of a)^T g
    k = 0
    do i = 1, n
      store = 0.0_dp
      if (a(i, 1) > tol) k = k + 1
      j1 = min(i, m)
      kk = k
      ij = i + 1
      do j = 1, j1
        ij = ij - 1
        if (a(ij, 1) <= tol) cycle
        store = store + a(ij, j)*ff(kk)
        kk = kk - 1
      end do
      c(i) = store
    end do
    ! the residual added by the neglected rows
    stor3 = 0.0_dp
    do i = 1, n
      if (a(i, 1) > tol) cycle
      store = f(i)
      i1 = min(n - i, m1)
      do j = 1, i1
        ij = i + j
        store = store - c(ij)*a(i, j+1)
      end do
      stor1 = a(i, 1)*c(i)
      stor3 = stor3 + stor1*(stor1 - store - store)
    end do
    sq = sq + stor3
  end subroutine min_norm_solve

  ! order_points: sort the data into knot panels: index(num) is the first
  ! point of panel num, nummer(i) the next point of the same panel (0 ends)
  ! (FITPACK's fporde).
  pure subroutine order_points(x, y, m, kx, ky, tx, nx, ty, ny, nummer, index, nreg)
    integer(ip), intent(in) :: m, kx, ky, nx, ny, nreg
    real(dp), intent(in) :: x(m), y(m), tx(nx), ty(ny)
    integer(ip), intent(inout) :: nummer(m), index(nreg)
    real(dp) :: xi, yi
    integer(ip) :: im, k, kx1, ky1, l, nk1x, nk1y, num, nyy
    kx1 = kx + 1
    ky1 = ky + 1
    nk1x = nx - kx1
    nk1y = ny - ky1
    nyy = nk1y - ky
    index(1:nreg) = 0
    do im = 1, m
      xi = x(im)
      yi = y(im)
      l = kx1
      do while (.not. (xi < tx(l+1) .or. l == nk1x))
        l = l + 1
      end do
      k = ky1
      do while (.not. (yi < ty(k+1) .or. k == nk1y))
        k = k + 1
      end do
      num = (l - kx1)*nyy + k - ky
      nummer(im) = index(num)
      index(num) = im
    end do
  end subroutine order_points

end module fitpack_surface_surfit
