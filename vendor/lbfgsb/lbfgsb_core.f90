! L-BFGS-B: limited-memory BFGS for bound-constrained minimisation, the
! pieces of one iteration (generalised Cauchy point, subspace minimisation,
! the compact limited-memory matrices).  Written from
!   [1] R. H. Byrd, P. Lu, J. Nocedal, C. Zhu, "A limited memory algorithm
!       for bound constrained optimization", SIAM J. Sci. Comput. 16 (1995);
!   [2] C. Zhu, R. H. Byrd, P. Lu, J. Nocedal, "Algorithm 778: L-BFGS-B",
!       ACM TOMS 23 (1997);
!   [3] J. L. Morales, J. Nocedal, "Remark on Algorithm 778", ACM TOMS 38
!       (2011) (the projected subspace step of subspace_step);
! following the operation order of scipy 1.17's C port (scipy/optimize/
! __lbfgsb.c) so that, given the same BLAS/LAPACK, iterates agree to the bit.
!
! Index conventions: arrays are 1-based here, but every integer the caller
! can see (isave's head/itail/ileave, the index lists in iwa) holds scipy's
! 0-based value, so that the whole state matches scipy's.
module lbfgsb_core
  use scijit_kinds, only: dp, ip, eps_dp
  use lbfgsb_kernels, only: lbfgsb_blas, trtrs
  use lbfgsb_linesearch, only: c_fmax, c_fmin, set_task
  implicit none
  private
  public :: project_initial, projected_gradient_norm, check_input, middle_product, &
       cauchy_point, reduced_gradient, form_k, form_t, free_sets, heap_least, &
       update_memory, subspace_step

  integer(ip), parameter :: one = 1

contains

  ! project_initial: project x onto the box and classify the variables
  ! (iwhere = -1 unbounded, 3 fixed by l = u, else 0); prjctd: x moved,
  ! cnstnd: some bound exists, boxed: every variable has both ([2] "active").
  pure subroutine project_initial(n, l, u, nbd, x, iwhere, prjctd, cnstnd, boxed)
    integer(ip), intent(in) :: n, nbd(n)
    real(dp), intent(in) :: l(n), u(n)
    real(dp), intent(inout) :: x(n)
    integer(ip), intent(out) :: iwhere(n)
    logical, intent(out) :: prjctd, cnstnd, boxed
    integer(ip) :: i

    prjctd = .false.
    cnstnd = .false.
    boxed = .true.
    do i = 1, n
      if (nbd(i) <= 0) cycle
      if (nbd(i) <= 2 .and. x(i) <= l(i)) then
        if (x(i) < l(i)) then
          prjctd = .true.
          x(i) = l(i)
        end if
      else if (nbd(i) >= 2 .and. x(i) >= u(i)) then
        if (x(i) > u(i)) then
          prjctd = .true.
          x(i) = u(i)
        end if
      end if
    end do
    do i = 1, n
      if (nbd(i) /= 2) boxed = .false.
      if (nbd(i) == 0) then
        iwhere(i) = -1
      else
        cnstnd = .true.
        if (nbd(i) == 2 .and. u(i) - l(i) <= 0.0_dp) then
          iwhere(i) = 3
        else
          iwhere(i) = 0
        end if
      end if
    end do
  end subroutine project_initial

  ! projected_gradient_norm: the infinity norm of the projected gradient
  ! P(x - g) - x ([2] "projgr"); a NaN in g is returned as the norm.
  pure real(dp) function projected_gradient_norm(n, l, u, nbd, x, g) result(sbgnrm)
    integer(ip), intent(in) :: n, nbd(n)
    real(dp), intent(in) :: l(n), u(n), x(n), g(n)
    integer(ip) :: i
    real(dp) :: gi

    sbgnrm = 0.0_dp
    do i = 1, n
      gi = g(i)
      if (gi /= gi) then
        sbgnrm = gi
        return
      end if
      if (nbd(i) /= 0) then
        if (gi < 0.0_dp) then
          if (nbd(i) >= 2) gi = c_fmax(x(i) - u(i), gi)
        else
          if (nbd(i) <= 2) gi = c_fmin(x(i) - l(i), gi)
        end if
      end if
      sbgnrm = c_fmax(sbgnrm, abs(gi))
    end do
  end function projected_gradient_norm

  ! check_input: scipy's errclb.  Leaves task alone when all is well, else
  ! task = 7 (error) and msg the code of the last failed check; info and k
  ! (0-based) name a bad nbd or an infeasible box.
  pure subroutine check_input(n, m, factr, l, u, nbd, task, msg, info, k)
    integer(ip), intent(in) :: n, m, nbd(:)
    real(dp), intent(in) :: factr, l(:), u(:)
    integer(ip), intent(inout) :: task, msg, info, k
    integer(ip) :: i

    if (n <= 0) call set_task(task, msg, 7_ip, 712_ip)
    if (m <= 0) call set_task(task, msg, 7_ip, 711_ip)
    if (factr < 0.0_dp) call set_task(task, msg, 7_ip, 702_ip)
    do i = 1, n
      if (nbd(i) < 0 .or. nbd(i) > 3) then
        call set_task(task, msg, 7_ip, 713_ip)
        info = -6
        k = i - 1
      end if
      if (nbd(i) == 2) then
        if (l(i) > u(i)) then
          call set_task(task, msg, 7_ip, 701_ip)
          info = -7
          k = i - 1
        end if
      end if
    end do
  end subroutine check_input

  ! middle_product: p = M v for the 2col x 2col middle matrix M of the
  ! compact representation B = theta I - W M W' ([1] (3.3)-(3.4), "bmv"),
  ! M^-1 = [-D L'; L theta S'S] factored through D and wt = J' (form_t).
  ! info /= 0: a singular triangular system.
  subroutine middle_product(m, sy, wt, col, v, p, info, k)
    integer(ip), intent(in) :: m, col
    real(dp), intent(in) :: sy(m, m), wt(m, m), v(2*col)
    real(dp), intent(inout) :: p(2*col)
    integer(ip), intent(out) :: info
    type(lbfgsb_blas), intent(in) :: k
    integer(ip) :: i, j
    real(dp) :: acc

    info = 0
    if (col == 0) return
    ! [D^(1/2) 0; -L D^(-1/2) J] [p1; p2] = [v1; v2]: J p2 = v2 + L D^-1 v1
    p(col + 1) = v(col + 1)
    do i = 2, col
      acc = 0.0_dp
      do j = 1, i - 1
        acc = acc + sy(i, j) * v(j) / sy(j, j)
      end do
      p(col + i) = v(col + i) + acc
    end do
    call trtrs(k, 'U', 'T', 'N', col, one, wt, m, p(col + 1:), col, info)
    if (info /= 0) return
    do i = 1, col
      p(i) = v(i) / sqrt(sy(i, i))
    end do
    ! [-D^(1/2) D^(-1/2) L'; 0 J'] [p1; p2] = [p1; p2]
    call trtrs(k, 'U', 'N', 'N', col, one, wt, m, p(col + 1:), col, info)
    if (info /= 0) return
    do i = 1, col
      p(i) = -p(i) / sqrt(sy(i, i))
    end do
    do i = 1, col
      acc = 0.0_dp
      do j = i + 1, col
        acc = acc + sy(j, i) * p(col + j) / sy(i, i)
      end do
      p(i) = p(i) + acc
    end do
  end subroutine middle_product

  ! cauchy_point: the generalised Cauchy point xcp, the first local
  ! minimiser of the quadratic model along the projected steepest-descent
  ! path x(t) = P(x - t g) ([1] section 4, algorithm CP; "cauchy").  On
  ! exit iwhere holds each variable's status at xcp, iorder the breakpoints
  ! (0-based), c = W'(xcp - x) for reduced_gradient, nseg the segments
  ! explored.  scipy 1.17's port differs from the 3.0 Fortran in two ways
  ! kept here: nseg is set to 1 and never counted up (the C increments the
  ! pointer, fixed in scipy PR 24206, after 1.17), and the early exit when
  ! all n variables reached their breakpoints cannot trigger (it compares a
  ! 0-based index with n), so the general path is taken.
  subroutine cauchy_point(n, x, l, u, nbd, g, iorder, iwhere, t, d, xcp, m, wy, ws, sy, &
                          wt, theta, col, head, p, c, wbp, v, nseg, sbgnrm, info, k)
    integer(ip), intent(in) :: n, m, col, head, nbd(n)
    real(dp), intent(in) :: x(n), l(n), u(n), g(n), wy(n, m), ws(n, m), sy(m, m), wt(m, m)
    real(dp), intent(in) :: theta, sbgnrm
    integer(ip), intent(inout) :: iorder(n), iwhere(n), nseg
    real(dp), intent(inout) :: t(n), d(n), xcp(n), p(2*m), c(2*m), wbp(2*m), v(2*m)
    integer(ip), intent(out) :: info
    type(lbfgsb_blas), intent(in) :: k
    logical :: bnded, xlower, xupper
    integer(ip) :: i, j, col2, nfree, nbrk, nleft, ibkmin, ibp, iter, pointr
    real(dp) :: f1, f2, f2_org, dt, dtm, tsum, dibp, zibp, dibp2, bkmin, tl, tu
    real(dp) :: wmc, wmp, wmw, tj, tj0, neggi, step

    info = 0
    f1 = 0.0_dp
    tl = 0.0_dp
    tu = 0.0_dp
    if (sbgnrm <= 0.0_dp) then
      xcp = x
      return
    end if
    bnded = .true.
    nfree = n
    nbrk = 0            ! breakpoints found, in t(1:nbrk)
    ibkmin = 0
    bkmin = 0.0_dp
    col2 = 2 * col
    p(1:col2) = 0.0_dp

    ! status of each variable, its breakpoint, and p = W'd
    do i = 1, n
      neggi = -g(i)
      if (iwhere(i) /= 3 .and. iwhere(i) /= -1) then
        if (nbd(i) <= 2) tl = x(i) - l(i)
        if (nbd(i) >= 2) tu = u(i) - x(i)
        xlower = nbd(i) <= 2 .and. tl <= 0.0_dp
        xupper = nbd(i) >= 2 .and. tu <= 0.0_dp
        iwhere(i) = 0
        if (xlower) then
          if (neggi <= 0.0_dp) iwhere(i) = 1
        else if (xupper) then
          if (neggi >= 0.0_dp) iwhere(i) = 2
        else
          if (abs(neggi) <= 0.0_dp) iwhere(i) = -3
        end if
      end if
      if (iwhere(i) /= 0 .and. iwhere(i) /= -1) then
        d(i) = 0.0_dp
        cycle
      end if
      d(i) = neggi
      f1 = f1 - neggi * neggi
      pointr = head
      do j = 1, col
        p(j) = p(j) + wy(i, pointr + 1) * neggi
        p(col + j) = p(col + j) + ws(i, pointr + 1) * neggi
        pointr = mod(pointr + 1, m)
      end do
      if (nbd(i) <= 2 .and. nbd(i) /= 0 .and. neggi < 0.0_dp) then
        nbrk = nbrk + 1
        iorder(nbrk) = i - 1
        t(nbrk) = tl / (-neggi)
        if (nbrk == 1 .or. t(nbrk) < bkmin) then
          bkmin = t(nbrk)
          ibkmin = nbrk
        end if
      else if (nbd(i) >= 2 .and. neggi > 0.0_dp) then
        nbrk = nbrk + 1
        iorder(nbrk) = i - 1
        t(nbrk) = tu / neggi
        if (nbrk == 1 .or. t(nbrk) < bkmin) then
          bkmin = t(nbrk)
          ibkmin = nbrk
        end if
      else
        ! no breakpoint along d(i)
        iorder(nfree) = i - 1
        nfree = nfree - 1
        if (abs(neggi) > 0.0_dp) bnded = .false.
      end if
    end do

    if (theta /= 1.0_dp) p(col + 1:col2) = theta * p(col + 1:col2)
    xcp = x
    if (nbrk == 0 .and. nfree == n) return      ! d = 0: xcp = x
    c(1:col2) = 0.0_dp

    ! f1 = g'd, f2 = d'Bd: the slope and curvature on the first segment
    f2 = -theta * f1
    f2_org = f2
    if (col > 0) then
      call middle_product(m, sy, wt, col, p, v, info, k)
      if (info /= 0) return
      f2 = f2 - k%dot(col2, v, one, p, one)
    end if
    dtm = -f1 / f2
    tsum = 0.0_dp
    nseg = 1

    if (nbrk > 0) then
      nleft = nbrk
      iter = 0
      tj = 0.0_dp
      do
        ! the next breakpoint: the least already known at first, then from
        ! a heap of the rest
        tj0 = tj
        if (iter == 0) then
          tj = bkmin
          ibp = iorder(ibkmin) + 1
        else
          if (iter == 1 .and. ibkmin /= nbrk) then
            t(ibkmin) = t(nbrk)
            iorder(ibkmin) = iorder(nbrk)
          end if
          call heap_least(nleft, t, iorder, iter - 1)
          tj = t(nleft)
          ibp = iorder(nleft) + 1
        end if
        dt = tj - tj0
        if (dtm < dt) exit               ! the minimiser is on this segment
        ! fix variable ibp at its bound
        tsum = tsum + dt
        nleft = nleft - 1
        iter = iter + 1
        dibp = d(ibp)
        d(ibp) = 0.0_dp
        if (dibp > 0.0_dp) then
          zibp = u(ibp) - x(ibp)
          xcp(ibp) = u(ibp)
          iwhere(ibp) = 2
        else
          zibp = l(ibp) - x(ibp)
          xcp(ibp) = l(ibp)
          iwhere(ibp) = 1
        end if
        dibp2 = dibp**2
        f1 = f1 + dt * f2 + dibp2 - theta * dibp * zibp
        f2 = f2 - theta * dibp2
        if (col > 0) then
          call k%axpy(col2, dt, p, one, c, one)
          pointr = head
          do j = 1, col
            wbp(j) = wy(ibp, pointr + 1)
            wbp(col + j) = theta * ws(ibp, pointr + 1)
            pointr = mod(pointr + 1, m)
          end do
          call middle_product(m, sy, wt, col, wbp, v, info, k)
          if (info /= 0) return
          wmc = k%dot(col2, c, one, v, one)
          wmp = k%dot(col2, p, one, v, one)
          wmw = k%dot(col2, wbp, one, v, one)
          step = -dibp
          call k%axpy(col2, step, wbp, one, p, one)
          f1 = f1 + dibp * wmc
          f2 = f2 + dibp * 2.0_dp * wmp - dibp2 * wmw
        end if
        f2 = c_fmax(eps_dp * f2_org, f2)
        if (nleft > 0) then
          dtm = -f1 / f2
        else if (bnded) then
          f1 = 0.0_dp
          f2 = 0.0_dp
          dtm = 0.0_dp
          exit
        else
          dtm = -f1 / f2
          exit
        end if
      end do
    end if

    if (dtm <= 0.0_dp) dtm = 0.0_dp
    tsum = tsum + dtm
    ! move the free variables and those whose breakpoint was not reached
    call k%axpy(n, tsum, d, one, xcp, one)
    if (col > 0) call k%axpy(col2, dtm, p, one, c, one)
  end subroutine cauchy_point

  ! reduced_gradient: r = -Z'(B(xcp - x) + g) on the free variables at the
  ! Cauchy point ([1] (5.4), "cmprlb"), with wa(2m+1:) = W'(xcp - x) from
  ! cauchy_point; wa(1:2m) is overwritten.  info = -8: singular system.
  subroutine reduced_gradient(n, m, x, g, ws, wy, sy, wt, z, r, wa, index, theta, col, &
                              head, nfree, cnstnd, info, k)
    integer(ip), intent(in) :: n, m, col, head, nfree, index(n)
    real(dp), intent(in) :: x(n), g(n), ws(n, m), wy(n, m), sy(m, m), wt(m, m), z(n), theta
    logical, intent(in) :: cnstnd
    real(dp), intent(inout) :: r(n), wa(8*m)
    integer(ip), intent(out) :: info
    type(lbfgsb_blas), intent(in) :: k
    integer(ip) :: i, j, kk, pointr
    real(dp) :: a1, a2

    info = 0
    if (.not. cnstnd .and. col > 0) then
      r = -g
      return
    end if
    do i = 1, nfree
      kk = index(i) + 1
      r(i) = -theta * (z(kk) - x(kk)) - g(kk)
    end do
    call middle_product(m, sy, wt, col, wa(2*m + 1:2*m + 2*col), wa(1:2*col), info, k)
    if (info /= 0) then
      info = -8
      return
    end if
    pointr = head
    do j = 1, col
      a1 = wa(j)
      a2 = theta * wa(col + j)
      do i = 1, nfree
        kk = index(i) + 1
        r(i) = r(i) + wy(kk, pointr + 1) * a1 + ws(kk, pointr + 1) * a2
      end do
      pointr = mod(pointr + 1, m)
    end do
  end subroutine reduced_gradient

  ! form_k: the LEL' factorisation of the 2col x 2col indefinite matrix
  ! K = [-D - Y'ZZ'Y/theta, L_a' - R_z'; L_a - R_z, theta S'AA'S] of the
  ! subspace problem ([3]; "formk"), kept in the upper triangle of wn; wn1
  ! carries the inner products [Y'ZZ'Y, L_a' + R_z'; L_a + R_z, S'AA'S]
  ! from one iteration to the next, updated for the variables entering
  ! (indx2(1:nenter)) and leaving (indx2(ileave+1:n)) the free set.
  ! info = -1/-2: the first/second Cholesky factorisation failed.
  subroutine form_k(n, nsub, ind, nenter, ileave, indx2, iupdat, updatd, wn, wn1, m, ws, wy, &
                    sy, theta, col, head, info, k)
    integer(ip), intent(in) :: n, nsub, nenter, ileave, iupdat, m, col, head
    integer(ip), intent(in) :: ind(n), indx2(n)
    logical, intent(in) :: updatd
    real(dp), intent(inout) :: wn(2*m, 2*m), wn1(2*m, 2*m)
    real(dp), intent(in) :: ws(n, m), wy(n, m), sy(m, m), theta
    integer(ip), intent(out) :: info
    type(lbfgsb_blas), intent(in) :: k
    integer(ip) :: m2, ipntr, jpntr, iy, is, jy, js, is1, js1, i, kk, k1, upcl, col2
    real(dp) :: temp1, temp2, temp3, temp4

    info = 0
    m2 = 2 * m
    if (updatd) then
      if (iupdat > m) then
        ! drop the oldest row and column of each block
        do jy = 1, m - 1
          js = m + jy
          wn1(jy:m - 1, jy) = wn1(jy + 1:m, jy + 1)
          wn1(js:m2 - 1, js) = wn1(js + 1:m2, js + 1)
          wn1(m + 1:m2 - 1, jy) = wn1(m + 2:m2, jy + 1)
        end do
      end if
      ! the new row of blocks (1,1), (2,1) and (2,2)
      iy = col
      is = m + col
      ipntr = mod(head + col - 1, m)
      jpntr = head
      do jy = 1, col
        js = m + jy
        temp1 = 0.0_dp
        temp2 = 0.0_dp
        temp3 = 0.0_dp
        do kk = 1, nsub
          k1 = ind(kk) + 1
          temp1 = temp1 + wy(k1, ipntr + 1) * wy(k1, jpntr + 1)
        end do
        do kk = nsub + 1, n
          k1 = ind(kk) + 1
          temp2 = temp2 + ws(k1, ipntr + 1) * ws(k1, jpntr + 1)
          temp3 = temp3 + ws(k1, ipntr + 1) * wy(k1, jpntr + 1)
        end do
        wn1(iy, jy) = temp1
        wn1(is, js) = temp2
        wn1(is, jy) = temp3
        jpntr = mod(jpntr + 1, m)
      end do
      ! the new column of block (2,1)
      jy = col
      jpntr = mod(head + col - 1, m)
      ipntr = head
      do i = 1, col
        is = m + i
        temp3 = 0.0_dp
        do kk = 1, nsub
          k1 = ind(kk) + 1
          temp3 = temp3 + ws(k1, ipntr + 1) * wy(k1, jpntr + 1)
        end do
        ipntr = mod(ipntr + 1, m)
        wn1(is, jy) = temp3
      end do
      upcl = col - 1
    else
      upcl = col
    end if

    ! the old parts of blocks (1,1) and (2,2), for the free set's changes
    ipntr = head
    do iy = 1, upcl
      is = m + iy
      jpntr = head
      do jy = 1, iy
        js = m + jy
        temp1 = 0.0_dp
        temp2 = 0.0_dp
        temp3 = 0.0_dp
        temp4 = 0.0_dp
        do kk = 1, nenter
          k1 = indx2(kk) + 1
          temp1 = temp1 + wy(k1, ipntr + 1) * wy(k1, jpntr + 1)
          temp2 = temp2 + ws(k1, ipntr + 1) * ws(k1, jpntr + 1)
        end do
        do kk = ileave + 1, n
          k1 = indx2(kk) + 1
          temp3 = temp3 + wy(k1, ipntr + 1) * wy(k1, jpntr + 1)
          temp4 = temp4 + ws(k1, ipntr + 1) * ws(k1, jpntr + 1)
        end do
        wn1(iy, jy) = wn1(iy, jy) + temp1 - temp3
        wn1(is, js) = wn1(is, js) - temp2 + temp4
        jpntr = mod(jpntr + 1, m)
      end do
      ipntr = mod(ipntr + 1, m)
    end do
    ! the old part of block (2,1)
    ipntr = head
    do is = m + 1, m + upcl
      jpntr = head
      do jy = 1, upcl
        temp1 = 0.0_dp
        temp3 = 0.0_dp
        do kk = 1, nenter
          k1 = indx2(kk) + 1
          temp1 = temp1 + ws(k1, ipntr + 1) * wy(k1, jpntr + 1)
        end do
        do kk = ileave + 1, n
          k1 = indx2(kk) + 1
          temp3 = temp3 + ws(k1, ipntr + 1) * wy(k1, jpntr + 1)
        end do
        if (is <= jy + m) then
          wn1(is, jy) = wn1(is, jy) + temp1 - temp3
        else
          wn1(is, jy) = wn1(is, jy) - temp1 + temp3
        end if
        jpntr = mod(jpntr + 1, m)
      end do
      ipntr = mod(ipntr + 1, m)
    end do

    ! upper triangle of [D + Y'ZZ'Y/theta, -L_a' + R_z'; -L_a + R_z, theta S'AA'S]
    do iy = 1, col
      is = col + iy
      is1 = m + iy
      do jy = 1, iy
        js = col + jy
        js1 = m + jy
        wn(jy, iy) = wn1(iy, jy) / theta
        wn(js, is) = wn1(is1, js1) * theta
      end do
      do jy = 1, iy - 1
        wn(jy, is) = -wn1(is1, jy)
      end do
      do jy = iy, col
        wn(jy, is) = wn1(is1, jy)
      end do
      wn(iy, iy) = wn(iy, iy) + sy(iy, iy)
    end do

    ! LL' of block (1,1), then L^-1(-L_a' + R_z') in block (1,2), then the
    ! Cholesky factor of theta S'AA'S + (L^-1(...))'(L^-1(...)) in (2,2)
    call k%potrf('U', col, wn, m2, info)
    if (info /= 0) then
      info = -1
      return
    end if
    col2 = 2 * col
    call trtrs(k, 'U', 'T', 'N', col, col, wn, m2, wn(1, col + 1), m2, info)
    do is = col + 1, col2
      do js = is, col2
        wn(is, js) = wn(is, js) + k%dot(col, wn(1, is), one, wn(1, js), one)
      end do
    end do
    call k%potrf('U', col, wn(col + 1, col + 1), m2, info)
    if (info /= 0) info = -2
  end subroutine form_k

  ! form_t: T = theta S'S + L D^-1 L' in the upper triangle of wt and its
  ! Cholesky factor J J' (J' in the upper triangle) ([1] (3.10); "formt").
  ! info = -3: T is not positive definite.
  subroutine form_t(m, wt, sy, ss, col, theta, info, k)
    integer(ip), intent(in) :: m, col
    real(dp), intent(inout) :: wt(m, m)
    real(dp), intent(in) :: sy(m, m), ss(m, m), theta
    integer(ip), intent(out) :: info
    type(lbfgsb_blas), intent(in) :: k
    integer(ip) :: i, j, kk
    real(dp) :: acc

    do j = 1, col
      wt(1, j) = theta * ss(1, j)
    end do
    do i = 2, col
      do j = i, col
        acc = 0.0_dp
        do kk = 1, i - 1
          acc = acc + (sy(i, kk) * sy(j, kk)) / sy(kk, kk)
        end do
        wt(i, j) = acc + theta * ss(i, j)
      end do
    end do
    call k%potrf('U', col, wt, m, info)
    if (info /= 0) info = -3
  end subroutine form_t

  ! free_sets: the free (index(1:nfree)) and active (index(nfree+1:n))
  ! variables at the Cauchy point, all 0-based, and for iter > 0 those that
  ! entered the free set (indx2(1:nenter)) and left it (indx2(ileave+1:n));
  ! wrk: the matrix K must be formed anew ("freev").
  pure subroutine free_sets(n, nfree, index, nenter, ileave, indx2, iwhere, wrk, updatd, &
                            cnstnd, iter)
    integer(ip), intent(in) :: n, iter, iwhere(n)
    integer(ip), intent(inout) :: nfree, index(n), indx2(n)
    integer(ip), intent(out) :: nenter, ileave
    logical, intent(in) :: updatd, cnstnd
    logical, intent(out) :: wrk
    integer(ip) :: i, iact, kk

    nenter = 0
    ileave = n
    if (iter > 0 .and. cnstnd) then
      do i = 1, nfree
        kk = index(i)
        if (iwhere(kk + 1) > 0) then
          indx2(ileave) = kk
          ileave = ileave - 1
        end if
      end do
      do i = nfree + 1, n
        kk = index(i)
        if (iwhere(kk + 1) <= 0) then
          nenter = nenter + 1
          indx2(nenter) = kk
        end if
      end do
    end if
    wrk = ileave < n .or. nenter > 0 .or. updatd
    nfree = 0
    iact = n + 1
    do i = 1, n
      if (iwhere(i) <= 0) then
        nfree = nfree + 1
        index(nfree) = i - 1
      else
        iact = iact - 1
        index(iact) = i - 1
      end if
    end do
  end subroutine free_sets

  ! heap_least: move the least of t(1:cnt) to t(cnt) and keep the others a
  ! heap in t(1:cnt-1), iorder permuted alike; built = 0 builds the heap
  ! first (Williams' heapsort, CACM Algorithm 232; "hpsolb").
  pure subroutine heap_least(cnt, t, iorder, built)
    integer(ip), intent(in) :: cnt, built
    real(dp), intent(inout) :: t(:)
    integer(ip), intent(inout) :: iorder(:)
    integer(ip) :: i, j, kk, indxin, indxout
    real(dp) :: ddum, out

    if (built == 0) then
      do kk = 2, cnt
        ddum = t(kk)
        indxin = iorder(kk)
        i = kk
        do while (i > 1)
          j = i / 2
          if (.not. (ddum < t(j))) exit
          t(i) = t(j)
          iorder(i) = iorder(j)
          i = j
        end do
        t(i) = ddum
        iorder(i) = indxin
      end do
    end if
    if (cnt > 1) then
      i = 1
      out = t(1)
      indxout = iorder(1)
      ddum = t(cnt)
      indxin = iorder(cnt)
      do
        j = i + i
        if (j > cnt - 1) exit
        if (t(j + 1) < t(j)) j = j + 1
        if (.not. (t(j) < ddum)) exit
        t(i) = t(j)
        iorder(i) = iorder(j)
        i = j
      end do
      t(i) = ddum
      iorder(i) = indxin
      t(cnt) = out
      iorder(cnt) = indxout
    end if
  end subroutine heap_least

  ! update_memory: store the newest pair s = d, y = r in ws/wy (a ring of m
  ! columns, head the oldest, 0-based), theta = y'y/y's, and the new row of
  ! S'Y (lower triangle of sy) and column of S'S (upper triangle of ss)
  ! ([1] section 3; "matupd").
  subroutine update_memory(n, m, ws, wy, sy, ss, d, r, itail, iupdat, col, head, theta, &
                           rr, dr, stp, dtd, k)
    integer(ip), intent(in) :: n, m, iupdat
    real(dp), intent(inout) :: ws(n, m), wy(n, m), sy(m, m), ss(m, m)
    real(dp), intent(in) :: d(n), r(n), rr, dr, stp, dtd
    integer(ip), intent(inout) :: itail, col, head
    real(dp), intent(inout) :: theta
    type(lbfgsb_blas), intent(in) :: k
    integer(ip) :: j, pointr

    if (iupdat <= m) then
      col = iupdat
      itail = mod(head + iupdat - 1, m)
    else
      itail = mod(itail + 1, m)
      head = mod(head + 1, m)
    end if
    ws(:, itail + 1) = d
    wy(:, itail + 1) = r
    theta = rr / dr
    if (iupdat > m) then
      ! shift the old parts of ss and sy by one
      do j = 1, col - 1
        ss(1:j, j) = ss(2:j + 1, j + 1)
        sy(j:col - 1, j) = sy(j + 1:col, j + 1)
      end do
    end if
    pointr = head
    do j = 1, col - 1
      sy(col, j) = k%dot(n, d, one, wy(1, pointr + 1), one)
      ss(j, col) = k%dot(n, ws(1, pointr + 1), one, d, one)
      pointr = mod(pointr + 1, m)
    end do
    if (stp == 1.0_dp) then
      ss(col, col) = dtd
    else
      ss(col, col) = stp * stp * dtd
    end if
    sy(col, col) = dr
  end subroutine update_memory

  ! subspace_step: minimise the quadratic model over the free variables
  ! from the Cauchy point along the Newton direction
  ! d = (1/theta) r + (1/theta^2) Z'W K^-1 W'Z r, then project it onto the
  ! box, falling back on a backtracked step when the projection is not a
  ! descent direction (Morales and Nocedal [3]; "subsm").  x: xcp on entry,
  ! the subspace minimiser on exit; d: the reduced gradient r on entry;
  ! xx, gg: the iterate and its gradient; iword = 1 if a bound was met.
  subroutine subspace_step(n, m, nsub, ind, l, u, nbd, x, d, xp, ws, wy, theta, xx, gg, col, &
                           head, iword, wv, wn, info, k)
    integer(ip), intent(in) :: n, m, nsub, col, head, ind(n), nbd(n)
    real(dp), intent(in) :: l(n), u(n), ws(n, m), wy(n, m), theta, xx(n), gg(n), wn(2*m, 2*m)
    real(dp), intent(inout) :: x(n), d(n), xp(n), wv(2*m)
    integer(ip), intent(inout) :: iword
    integer(ip), intent(out) :: info
    type(lbfgsb_blas), intent(in) :: k
    integer(ip) :: pointr, m2, col2, ibd, jy, js, i, j, kk
    real(dp) :: alpha, xk, dk, temp1, temp2, dd_p

    info = 0
    if (nsub <= 0) return
    ! wv = W'Zd
    pointr = head
    do i = 1, col
      temp1 = 0.0_dp
      temp2 = 0.0_dp
      do j = 1, nsub
        kk = ind(j) + 1
        temp1 = temp1 + wy(kk, pointr + 1) * d(j)
        temp2 = temp2 + ws(kk, pointr + 1) * d(j)
      end do
      wv(i) = temp1
      wv(col + i) = theta * temp2
      pointr = mod(pointr + 1, m)
    end do
    ! wv = K^-1 wv
    m2 = 2 * m
    col2 = 2 * col
    call trtrs(k, 'U', 'T', 'N', col2, one, wn, m2, wv, m2, info)
    if (info /= 0) return
    wv(1:col) = -wv(1:col)
    call trtrs(k, 'U', 'N', 'N', col2, one, wn, m2, wv, m2, info)
    if (info /= 0) return
    ! d = (1/theta) d + (1/theta^2) Z'W wv
    pointr = head
    do jy = 1, col
      js = col + jy
      do i = 1, nsub
        kk = ind(i) + 1
        d(i) = d(i) + (wy(kk, pointr + 1) * wv(jy) / theta) + (ws(kk, pointr + 1) * wv(js))
      end do
      pointr = mod(pointr + 1, m)
    end do
    temp1 = 1.0_dp / theta
    d(1:nsub) = temp1 * d(1:nsub)

    ! the projected Newton step
    iword = 0
    xp = x
    do i = 1, nsub
      kk = ind(i) + 1
      dk = d(i)
      xk = x(kk)
      select case (nbd(kk))
      case (0)
        x(kk) = xk + dk
      case (1)
        x(kk) = c_fmax(l(kk), xk + dk)
        if (x(kk) == l(kk)) iword = 1
      case (2)
        xk = c_fmax(l(kk), xk + dk)
        x(kk) = c_fmin(u(kk), xk)
        if (x(kk) == l(kk) .or. x(kk) == u(kk)) iword = 1
      case (3)
        x(kk) = c_fmin(u(kk), xk + dk)
        if (x(kk) == u(kk)) iword = 1
      end select
    end do
    if (iword == 0) return
    ! keep it if it is a descent direction from xx
    dd_p = 0.0_dp
    do i = 1, n
      dd_p = dd_p + (x(i) - xx(i)) * gg(i)
    end do
    if (.not. (dd_p > 0.0_dp)) return
    x = xp
    ! else the longest feasible step along d, from xcp
    alpha = 1.0_dp
    temp1 = 1.0_dp
    ibd = 1
    do i = 1, nsub
      kk = ind(i) + 1
      dk = d(i)
      if (nbd(kk) == 0) cycle
      if (dk < 0.0_dp .and. nbd(kk) <= 2) then
        temp2 = l(kk) - x(kk)
        if (temp2 >= 0.0_dp) then
          temp1 = 0.0_dp
        else if (dk * alpha < temp2) then
          temp1 = temp2 / dk
        end if
      else if (dk > 0.0_dp .and. nbd(kk) >= 2) then
        temp2 = u(kk) - x(kk)
        if (temp2 <= 0.0_dp) then
          temp1 = 0.0_dp
        else if (dk * alpha > temp2) then
          temp1 = temp2 / dk
        end if
      end if
      if (temp1 < alpha) then
        alpha = temp1
        ibd = i
      end if
    end do
    if (alpha < 1.0_dp) then
      dk = d(ibd)
      kk = ind(ibd) + 1
      if (dk > 0.0_dp) then
        x(kk) = u(kk)
        d(ibd) = 0.0_dp
      else if (dk < 0.0_dp) then
        x(kk) = l(kk)
        d(ibd) = 0.0_dp
      end if
    end if
    do i = 1, nsub
      kk = ind(i) + 1
      x(kk) = x(kk) + alpha * d(i)
    end do
  end subroutine subspace_step
end module lbfgsb_core
