! Smoothing and interpolating tensor-product splines for data on a
! rectangular grid (Dierckx 1993, ch. 10; Dierckx, "A fast algorithm for
! smoothing data on a rectangular grid while using spline functions",
! SIAM J. Numer. Anal. 19 (1982) 1286-1304): regrid and its parts.
!
! The data are z((i-1)*my+j) at (x(i), y(j)).  The least-squares problem
! separates into one banded problem per direction (the observation matrix
! is a Kronecker product), each reduced by Givens rotations; with p > 0 the
! smoothing rows (discontinuity jumps / p) are rotated in too.  Knots are
! added where the residual sum is largest until fp <= s, then p is found by
! rational interpolation so that fp = s.  Arithmetic follows FITPACK's order
! of operations so that knots and coefficients equal scipy's.
module fitpack_surface_regrid
  use, intrinsic :: iso_fortran_env, only: int64
  use scijit_kinds, only: dp, ip
  use fitpack_basis, only: fpbspl, fpdisc, fpknot, fpchec, interior_knots
  use fitpack_givens, only: fpgivs, fprota, fpback_inplace, fprati
  implicit none
  private
  public :: regrid, regrid_lwrk, regrid_kwrk

  ! FITPACK writes these constants as single-precision literals; their
  ! double values are what scipy's answers depend on.
  real(dp), parameter :: tol_fp = real(0.1e-02, dp)
  real(dp), parameter :: con1 = real(0.1e0, dp), con9 = real(0.9e0, dp), &
                         con4 = real(0.4e-01, dp)

  ! The per-fit state FITPACK keeps across iopt=1 calls in wrk/iwrk.
  type :: grid_state
    integer(ip) :: ifsx = 0, ifsy = 0, ifbx = 0, ifby = 0
  end type grid_state

contains

  ! Workspace sizes (FITPACK's: lwrk >= regrid_lwrk, kwrk >= regrid_kwrk),
  ! computed in 64 bits so that a size beyond int32 is seen, not wrapped.
  pure integer(int64) function regrid_lwrk(mx, my, kx, ky, nxest, nyest)
    integer(ip), intent(in) :: mx, my, kx, ky, nxest, nyest
    integer(int64) :: mx_, my_, kx_, ky_, nxest_, nyest_
    mx_ = mx
    my_ = my
    kx_ = kx
    ky_ = ky
    nxest_ = nxest
    nyest_ = nyest
    regrid_lwrk = 4 + nxest_*(my_ + 2*kx_ + 5) + nyest_*(2*ky_ + 5) + mx_*(kx_ + 1) + &
                  my_*(ky_ + 1) + max(nxest_, my_)
  end function regrid_lwrk

  pure integer(int64) function regrid_kwrk(mx, my, nxest, nyest)
    integer(ip), intent(in) :: mx, my, nxest, nyest
    regrid_kwrk = 3_int64 + mx + my + nxest + nyest
  end function regrid_kwrk

  ! regrid: spline s(x,y) of degrees kx, ky on [xb,xe] x [yb,ye] fitted to
  ! the grid data z; iopt = -1 least squares on given interior knots, 0 a
  ! new smoothing fit (s = 0 interpolates), 1 continue a previous fit with
  ! a smaller s.  FITPACK's argument list, workspace layout and ier codes.
  subroutine regrid(iopt, mx, x, my, y, z, xb, xe, yb, ye, kx, ky, s, nxest, nyest, &
                    maxit, nx, tx, ny, ty, c, fp, wrk, lwrk, iwrk, kwrk, ier)
    integer(ip), intent(in) :: iopt, mx, my, kx, ky, nxest, nyest, maxit, lwrk, kwrk
    real(dp), intent(in) :: x(mx), y(my), z(mx*my), xb, xe, yb, ye, s
    integer(ip), intent(inout) :: nx, ny
    real(dp), intent(inout) :: tx(nxest), ty(nyest), c(*), wrk(lwrk)
    integer(ip), intent(inout) :: iwrk(kwrk)
    real(dp), intent(out) :: fp
    integer(ip), intent(out) :: ier
    integer(ip) :: i, j, nc, lfpx, lfpy, lww, knrx, knry, kndx, kndy

    ier = 10
    fp = 0.0_dp
    if (kx <= 0 .or. kx > 5 .or. ky <= 0 .or. ky > 5) return
    if (iopt < -1 .or. iopt > 1) return
    if (mx < kx+1 .or. nxest < 2*(kx+1)) return
    if (my < ky+1 .or. nyest < 2*(ky+1)) return
    if (int(lwrk, int64) < regrid_lwrk(mx, my, kx, ky, nxest, nyest)) return
    if (int(kwrk, int64) < regrid_kwrk(mx, my, nxest, nyest)) return
    if (xb > x(1) .or. xe < x(mx)) return
    do i = 2, mx
      if (x(i-1) >= x(i)) return
    end do
    if (yb > y(1) .or. ye < y(my)) return
    do i = 2, my
      if (y(i-1) >= y(i)) return
    end do
    if (iopt < 0) then
      if (nx < 2*(kx+1) .or. nx > nxest) return
      j = nx
      do i = 1, kx+1
        tx(i) = xb
        tx(j) = xe
        j = j - 1
      end do
      call fpchec(x, mx, tx, nx, kx, ier)
      if (ier /= 0) then
        ier = 10
        return
      end if
      ier = 10
      if (ny < 2*(ky+1) .or. ny > nyest) return
      j = ny
      do i = 1, ky+1
        ty(i) = yb
        ty(j) = ye
        j = j - 1
      end do
      call fpchec(y, my, ty, ny, ky, ier)
      if (ier /= 0) then
        ier = 10
        return
      end if
    else
      if (.not. (s >= 0.0_dp)) return
      if (s == 0.0_dp .and. (nxest < mx+kx+1 .or. nyest < my+ky+1)) return
      ier = 0
    end if
    nc = (nxest - kx - 1)*(nyest - ky - 1)
    lfpx = 5
    lfpy = lfpx + nxest
    lww = lfpy + nyest
    knrx = 4
    knry = knrx + mx
    kndx = knry + my
    kndy = kndx + nxest
    call fit_grid(iopt, x, mx, y, my, z, xb, xe, yb, ye, kx, ky, s, nxest, nyest, &
                  maxit, nc, nx, tx, ny, ty, c, fp, wrk(1), wrk(2), wrk(3), wrk(4), &
                  wrk(lfpx:lfpy-1), wrk(lfpy:lww-1), iwrk(1), iwrk(2), iwrk(3), &
                  iwrk(knrx:knry-1), iwrk(knry:kndx-1), iwrk(kndx:kndy-1), &
                  iwrk(kndy:kndy+nyest-1), wrk(lww:lwrk), ier)
  end subroutine regrid

  ! count_data: nrdata(j) = number of data points strictly inside the j-th
  ! knot interval (interior points u(2:m-1) only), for continuing a fit.
  pure subroutine count_data(u, m, t, k, nrdata)
    integer(ip), intent(in) :: m, k
    real(dp), intent(in) :: u(m), t(*)
    integer(ip), intent(inout) :: nrdata(*)
    integer(ip) :: i, j, l
    l = k + 2
    j = 1
    nrdata(1) = 0
    do i = 2, m - 1
      nrdata(j) = nrdata(j) + 1
      if (u(i) < t(l)) cycle
      nrdata(j) = nrdata(j) - 1
      l = l + 1
      j = j + 1
      nrdata(j) = 0
    end do
  end subroutine count_data

  ! fit_grid: the knot-placement and smoothing-parameter iterations of
  ! regrid (FITPACK's fpregr).
  subroutine fit_grid(iopt, x, mx, y, my, z, xb, xe, yb, ye, kx, ky, s, nxest, nyest, &
                      maxit, nc, nx, tx, ny, ty, c, fp, fp0, fpold, reducx, reducy, &
                      fpintx, fpinty, lastdi, nplusx, nplusy, nrx, nry, nrdatx, nrdaty, &
                      wrk, ier)
    integer(ip), intent(in) :: iopt, mx, my, kx, ky, nxest, nyest, maxit, nc
    real(dp), intent(in) :: x(mx), y(my), z(mx*my), xb, xe, yb, ye, s
    integer(ip), intent(inout) :: nx, ny, lastdi, nplusx, nplusy, ier
    integer(ip), intent(inout) :: nrx(mx), nry(my), nrdatx(nxest), nrdaty(nyest)
    real(dp), intent(inout) :: tx(nxest), ty(nyest), c(nc), fp, fp0, fpold, reducx, &
                               reducy, fpintx(nxest), fpinty(nyest), wrk(*)
    real(dp) :: acc, fpms, f1, f2, f3, p, p1, p2, p3
    integer(ip) :: i, ich1, ich3, iter, kx1, ky1, lsx, lsy, lri, lq, lax, lbx, lay, lby
    integer(ip) :: mm, mynx, nminx, nminy, nmaxx, nmaxy, nxe, nye, nplx, nply, npl1
    integer(ip) :: nrintx, nrinty, l
    type(grid_state) :: st
    logical :: restart, xfirst

    kx1 = kx + 1
    ky1 = ky + 1
    lsx = 1
    lsy = lsx + mx*kx1
    lri = lsy + my*ky1
    mm = max(nxest, my)
    lq = lri + mm
    mynx = nxest*my
    lax = lq + mynx
    lbx = lax + nxest*(kx1+1)
    lay = lbx + nxest*(kx1+1)
    lby = lay + nyest*(ky1+1)
    nminx = 2*kx1
    nminy = 2*ky1
    nmaxx = mx + kx1
    nmaxy = my + ky1
    nxe = min(nmaxx, nxest)
    nye = min(nmaxy, nyest)
    acc = 0.0_dp
    fpms = 0.0_dp

    if (iopt >= 0) then
      acc = tol_fp*s
      if (s > 0.0_dp) then
        if (iopt /= 0 .and. fp0 > s) then
          call count_data(x, mx, tx, kx, nrdatx)
          call count_data(y, my, ty, ky, nrdaty)
        else
          nx = nminx
          ny = nminy
          nrdatx(1) = mx - 2
          nrdaty(1) = my - 2
          lastdi = 0
          nplusx = 0
          nplusy = 0
          fp0 = 0.0_dp
          fpold = 0.0_dp
          reducx = 0.0_dp
          reducy = 0.0_dp
        end if
      else
        nx = nmaxx
        ny = nmaxy
        if (ny > nyest .or. nx > nxest) then
          ier = 1
          return
        end if
        call interior_knots(x, mx, kx, tx)
        call interior_knots(y, my, ky, ty)
      end if
    end if

    ! knot placement: least-squares fits (p = -1) on growing knot sets
    restart = .true.
    do while (restart)
      restart = .false.
      st = grid_state()
      p = -1.0_dp
      do iter = 1, mx + my
        if (nx == nminx .and. ny == nminy) ier = -2
        nrintx = nx - nminx + 1
        nrinty = ny - nminy + 1
        do i = 1, kx1
          tx(i) = xb
          tx(nx+1-i) = xe
        end do
        do i = 1, ky1
          ty(i) = yb
          ty(ny+1-i) = ye
        end do
        call grid_lsq(st, x, mx, y, my, z, kx, ky, tx, nx, ty, ny, p, c, nc, fp, &
                      fpintx, fpinty, mm, mynx, wrk(lsx), wrk(lsy), wrk(lri), wrk(lq), &
                      wrk(lax), wrk(lay), wrk(lbx), wrk(lby), nrx, nry)
        if (ier == -2) fp0 = fp
        if (iopt < 0) return
        fpms = fp - s
        if (abs(fpms) < acc) return
        if (fpms < 0.0_dp) exit
        if (nx == nmaxx .and. ny == nmaxy) then
          ier = -1
          fp = 0.0_dp
          return
        end if
        if (nx == nxe .and. ny == nye) then
          ier = 1
          return
        end if
        ier = 0
        if (lastdi < 0) then
          reducx = fpold - fp
        else if (lastdi > 0) then
          reducy = fpold - fp
        end if
        fpold = fp
        nplx = 1
        if (nx /= nminx) then
          npl1 = nplusx*2
          if (reducx > acc) npl1 = int(real(nplusx, dp)*fpms/reducx)
          nplx = min(nplusx*2, max(npl1, nplusx/2, 1))
        end if
        nply = 1
        if (ny /= nminy) then
          npl1 = nplusy*2
          if (reducy > acc) npl1 = int(real(nplusy, dp)*fpms/reducy)
          nply = min(nplusy*2, max(npl1, nplusy/2, 1))
        end if
        ! which direction gets knots (FITPACK's labels 190-240)
        if (nplx < nply) then
          xfirst = .true.
        else if (nplx == nply) then
          xfirst = lastdi >= 0
        else
          xfirst = .false.
        end if
        if (xfirst .and. nx == nxe) xfirst = .false.
        if (.not. xfirst .and. ny == nye) xfirst = .true.
        if (xfirst) then
          lastdi = -1
          nplusx = nplx
          st%ifsx = 0
          do l = 1, nplusx
            call fpknot(x, tx, nx, fpintx, nrdatx, nrintx, 1)
            if (nx == nmaxx) then
              ! interpolation in x: FITPACK resets the x knots (and, for odd
              ! kx, also the y knots) and restarts the iteration
              call interior_knots(x, mx, kx, tx)
              if (mod(kx, 2) == 1) call interior_knots(y, my, ky, ty)
              restart = .true.
              exit
            end if
            if (nx == nxe) exit
          end do
        else
          lastdi = 1
          nplusy = nply
          st%ifsy = 0
          do l = 1, nplusy
            call fpknot(y, ty, ny, fpinty, nrdaty, nrinty, 1)
            if (ny == nmaxy) then
              call interior_knots(y, my, ky, ty)
              restart = .true.
              exit
            end if
            if (ny == nye) exit
          end do
        end if
        if (restart) exit
      end do
    end do

    if (ier == -2) return
    ! smoothing: find p with fp(p) = s
    p1 = 0.0_dp
    f1 = fp0 - s
    p3 = -1.0_dp
    f3 = fpms
    p = 1.0_dp
    ich1 = 0
    ich3 = 0
    do iter = 1, maxit
      call grid_lsq(st, x, mx, y, my, z, kx, ky, tx, nx, ty, ny, p, c, nc, fp, &
                    fpintx, fpinty, mm, mynx, wrk(lsx), wrk(lsy), wrk(lri), wrk(lq), &
                    wrk(lax), wrk(lay), wrk(lbx), wrk(lby), nrx, nry)
      fpms = fp - s
      if (abs(fpms) < acc) return
      if (iter == maxit) exit
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
        return
      end if
      call fprati(p1, f1, p2, f2, p3, f3, p)
    end do
    ier = 3
  end subroutine fit_grid

  ! grid_lsq: the (smoothing, p > 0) least-squares spline on fixed knots
  ! for the grid data, its residual sum fp and the residual sums per knot
  ! interval fpx, fpy (FITPACK's fpgrre).  ax, bx are (nx, kx+2) and
  ! ay, by (ny, ky+2) with the current nx, ny as leading dimension.
  subroutine grid_lsq(st, x, mx, y, my, z, kx, ky, tx, nx, ty, ny, p, c, nc, fp, &
                      fpx, fpy, mm, mynx, spx, spy, right, q, ax, ay, bx, by, nrx, nry)
    type(grid_state), intent(inout) :: st
    integer(ip), intent(in) :: mx, my, kx, ky, nx, ny, nc, mm, mynx
    real(dp), intent(in) :: x(mx), y(my), z(mx*my), tx(nx), ty(ny), p
    real(dp), intent(inout) :: c(nc), fp, fpx(nx), fpy(ny)
    real(dp), intent(inout) :: spx(mx, kx+1), spy(my, ky+1), right(mm), q(mynx)
    real(dp), intent(inout) :: ax(nx, kx+2), bx(nx, kx+2), ay(ny, ky+2), by(ny, ky+2)
    integer(ip), intent(inout) :: nrx(mx), nry(my)
    real(dp) :: pinv, term, fac
    integer(ip) :: i, i1, i2, iz, j, k, k1, k2, l, l1, l2, ibandx, ibandy, kx1, ky1
    integer(ip) :: nk1x, nk1y, numx, numx1, numy, numy1, nroldx, nroldy

    kx1 = kx + 1
    ky1 = ky + 1
    nk1x = nx - kx1
    nk1y = ny - ky1
    pinv = 0.0_dp
    if (p > 0.0_dp) pinv = 1.0_dp/p
    if (st%ifsx == 0) then
      call axis_basis(tx, nx, kx, x, mx, spx, nrx)
      st%ifsx = 1
    end if
    if (st%ifsy == 0) then
      call axis_basis(ty, ny, ky, y, my, spy, nry)
      st%ifsy = 1
    end if
    if (p > 0.0_dp) then
      if (st%ifbx == 0 .and. nx /= 2*kx1) then
        call fpdisc(tx, nx, kx1+1, bx, nx)
        st%ifbx = 1
      end if
      if (st%ifby == 0 .and. ny /= 2*ky1) then
        call fpdisc(ty, ny, ky1+1, by, ny)
        st%ifby = 1
      end if
    end if

    ! x direction: reduce the observation matrix (kron with the identity
    ! in y) to upper-triangular ax, transforming the my columns of z into q
    q(1:my*nk1x) = 0.0_dp
    ax(1:nk1x, 1:kx1+1) = 0.0_dp
    call reduce_axis(nrx, mx, kx, my, p, pinv, spx, bx, nx, ax, z, q, my, &
                     right, mm, ibandx, .true.)
    ! y direction: the same on the rows of q (transposed), into c
    c(1:nk1x*nk1y) = 0.0_dp
    ay(1:nk1y, 1:ky1+1) = 0.0_dp
    call reduce_axis(nry, my, ky, nk1x, p, pinv, spy, by, ny, ay, q, c, nk1y, &
                     right, mm, ibandy, .false.)
    ! back substitutions: first in y for each x row, then in x
    k = 1
    do i = 1, nk1x
      call fpback_inplace(ay, nk1y, ibandy, c(k:k+nk1y-1), ny)
      k = k + nk1y
    end do
    k = 0
    do j = 1, nk1y
      k = k + 1
      l = k
      do i = 1, nk1x
        right(i) = c(l)
        l = l + nk1y
      end do
      call fpback_inplace(ax, nk1x, ibandx, right(1:nk1x), nx)
      l = k
      do i = 1, nk1x
        c(l) = right(i)
        l = l + nk1y
      end do
    end do

    ! residual sums, shared half-and-half by neighbouring intervals when a
    ! data line lies on a knot
    fp = 0.0_dp
    fpx(1:nx) = 0.0_dp
    fpy(1:ny) = 0.0_dp
    iz = 0
    nroldx = 0
    do i1 = 1, mx
      numx = nrx(i1)
      numx1 = numx + 1
      nroldy = 0
      do i2 = 1, my
        numy = nry(i2)
        numy1 = numy + 1
        iz = iz + 1
        term = 0.0_dp
        k1 = numx*nk1y + numy
        do l1 = 1, kx1
          k2 = k1
          fac = spx(i1, l1)
          do l2 = 1, ky1
            k2 = k2 + 1
            term = term + fac*spy(i2, l2)*c(k2)
          end do
          k1 = k1 + nk1y
        end do
        term = (z(iz) - term)**2
        fp = fp + term
        fpx(numx1) = fpx(numx1) + term
        fpy(numy1) = fpy(numy1) + term
        fac = term*0.5_dp
        if (numy /= nroldy) then
          fpy(numy1) = fpy(numy1) - fac
          fpy(numy) = fpy(numy) + fac
        end if
        nroldy = numy
        if (numx /= nroldx) then
          fpx(numx1) = fpx(numx1) - fac
          fpx(numx) = fpx(numx) + fac
        end if
      end do
      nroldx = numx
    end do
  end subroutine grid_lsq

  ! axis_basis: B-spline values sp(i,:) at the increasing data u(i) and the
  ! number nr(i) of the knot interval holding it.
  pure subroutine axis_basis(t, n, k, u, m, sp, nr)
    integer(ip), intent(in) :: n, k, m
    real(dp), intent(in) :: t(n), u(m)
    real(dp), intent(inout) :: sp(m, k+1)
    integer(ip), intent(inout) :: nr(m)
    real(dp) :: h(6)
    integer(ip) :: it, l, number, nk1
    nk1 = n - k - 1
    l = k + 1
    number = 0
    do it = 1, m
      do while (.not. (u(it) < t(l+1) .or. l == nk1))
        l = l + 1
        number = number + 1
      end do
      call fpbspl(t, k, u(it), l, h)
      sp(it, 1:k+1) = h(1:k+1)
      nr(it) = number
    end do
  end subroutine axis_basis

  ! reduce_axis: Givens reduction along one axis of the grid problem.  The
  ! observation rows (spline values sp(it,:) at interval nr(it)) and, for
  ! p > 0, the smoothing rows b(n1,:)/p enter in interval order; each row's
  ! right-hand side is a vector of length nrhs: from the data
  ! (first = .true.: z((it-1)*nrhs+j) into rows of q, stored (row-1)*nrhs+j)
  ! or from the first reduction (first = .false.: src(it + (j-1)*m) into
  ! dst((j-1)*ldd + row)).  a(n, k+2) receives the triangular band.
  subroutine reduce_axis(nr, m, k, nrhs, p, pinv, sp, b, n, a, src, dst, ldd, &
                         right, mm, iband, first)
    integer(ip), intent(in) :: m, k, nrhs, n, ldd, mm
    integer(ip), intent(in) :: nr(m)
    real(dp), intent(in) :: p, pinv, sp(m, k+1), b(n, k+2), src(*)
    real(dp), intent(inout) :: a(n, k+2), dst(*), right(mm)
    integer(ip), intent(out) :: iband
    logical, intent(in) :: first
    real(dp) :: h(7), piv, co, si
    integer(ip) :: it, number, nrold, irot, i, j, i2, iq, l, k1
    logical :: data_row

    k1 = k + 1
    nrold = 0
    iband = k1
    l = 0
    do it = 1, m
      number = nr(it)
      do
        if (nrold == number) then
          data_row = .true.
          h(iband) = 0.0_dp
          h(1:k1) = sp(it, 1:k1)
          if (first) then
            do j = 1, nrhs
              l = l + 1
              right(j) = src(l)
            end do
          else
            l = it
            do j = 1, nrhs
              right(j) = src(l)
              l = l + m
            end do
          end if
          irot = number
        else
          if (.not. (p > 0.0_dp)) then
            nrold = nrold + 1
            cycle
          end if
          data_row = .false.
          iband = k1 + 1
          h(1:k1+1) = b(nrold+1, 1:k1+1)*pinv
          right(1:nrhs) = 0.0_dp
          irot = nrold
        end if
        do i = 1, iband
          irot = irot + 1
          piv = h(i)
          if (piv == 0.0_dp) cycle
          call fpgivs(piv, a(irot, 1), co, si)
          if (first) then
            iq = (irot-1)*nrhs
            do j = 1, nrhs
              iq = iq + 1
              call fprota(co, si, right(j), dst(iq))
            end do
          else
            iq = irot
            do j = 1, nrhs
              call fprota(co, si, right(j), dst(iq))
              iq = iq + ldd
            end do
          end if
          if (i == iband) exit
          i2 = 1
          do j = i + 1, iband
            i2 = i2 + 1
            call fprota(co, si, h(j), a(irot, i2))
          end do
        end do
        if (data_row) exit
        nrold = nrold + 1
      end do
    end do
  end subroutine reduce_axis

end module fitpack_surface_regrid
