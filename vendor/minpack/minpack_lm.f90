! Levenberg-Marquardt least squares (MINPACK lmdif / lmder and helpers).
!
! Minimises sum_i f_i(x)**2 for m functions of n <= m variables with the
! trust-region Levenberg-Marquardt method of
!   J. J. More, "The Levenberg-Marquardt algorithm: implementation and
!   theory", Numerical Analysis (G. A. Watson, ed.), Lecture Notes in
!   Mathematics 630, Springer, 1978, pp. 105-116,
! as specified in the MINPACK-1 user guide (J. J. More, B. S. Garbow,
! K. E. Hillstrom, Argonne report ANL-80-74, 1980).
!
! The floating-point operations are carried out in MINPACK's order so that
! iterates, termination codes and evaluation counts agree with
! scipy.optimize.leastsq.  Comparisons that decide control flow keep their
! original sense (a NaN makes them false exactly as in MINPACK), and the
! max/min of the reference are the C99 fmax/fmin (a NaN operand is ignored:
! max_num/min_num of minpack_enorm).
!
! Differences from MINPACK, all invisible when fcn never sets iflag < 0:
!   * no nprint argument: fcn is never called with iflag = 0;
!   * the user data pointer udata is passed back on every call of fcn;
!   * if fcn stops during the finite-difference Jacobian of lmdif, the
!     perturbed component of x is restored before returning.
!
! No module variables, no SAVE, no allocation: all workspace is supplied
! by the caller.
module minpack_lm
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_ptr
  use scijit_kinds, only: dp, ip, eps_dp, tiny_dp
  use minpack_enorm, only: enorm, max_num, min_num
  use minpack_qr, only: qrfac
  implicit none
  private

  public :: lmdif_fcn_iface, lmder_fcn_iface
  public :: lmdif, lmder, lmpar, qrsolv, fdjac2, lm_covariance

  real(dp), parameter :: zero = 0.0_dp, one = 1.0_dp
  real(dp), parameter :: p1 = 0.1_dp, p5 = 0.5_dp, p25 = 0.25_dp, p75 = 0.75_dp
  real(dp), parameter :: p001 = 1.0e-3_dp, p0001 = 1.0e-4_dp
  !> lmpar stops its iteration on the parameter after this many steps.
  integer(ip), parameter :: lmpar_maxit = 10

  abstract interface
    !> Residuals for lmdif: fvec = f(x).  Set iflag < 0 to stop.
    !> lmdif calls it with iflag = 1 at trial points and iflag = 2 while
    !> forming the finite-difference Jacobian; both mean "evaluate f".
    subroutine lmdif_fcn_iface(m, n, x, fvec, iflag, udata) bind(C)
      import :: c_int, c_double, c_ptr
      integer(c_int), value :: m, n
      real(c_double), intent(in) :: x(n)
      real(c_double), intent(inout) :: fvec(m)
      integer(c_int), intent(inout) :: iflag
      type(c_ptr), value :: udata
    end subroutine lmdif_fcn_iface

    !> Residuals and Jacobian for lmder.  iflag = 1: set fvec = f(x) and
    !> leave fjac alone; iflag = 2: set fjac(i,j) = d f_i / d x_j and leave
    !> fvec alone.  Set iflag < 0 to stop.
    subroutine lmder_fcn_iface(m, n, x, fvec, fjac, ldfjac, iflag, udata) bind(C)
      import :: c_int, c_double, c_ptr
      integer(c_int), value :: m, n, ldfjac
      real(c_double), intent(in) :: x(n)
      real(c_double), intent(inout) :: fvec(m)
      real(c_double), intent(inout) :: fjac(ldfjac, n)
      integer(c_int), intent(inout) :: iflag
      type(c_ptr), value :: udata
    end subroutine lmder_fcn_iface
  end interface

contains

  ! ------------------------------------------------------------------------
  ! improper_input: the argument checks shared by lmdif and lmder (MINPACK
  ! user guide, "info = 0 improper input parameters").
  ! ------------------------------------------------------------------------
  pure function improper_input(m, n, ldfjac, ftol, xtol, gtol, maxfev, &
                               diag, mode, factor) result(bad)
    integer(ip), intent(in) :: m, n, ldfjac, maxfev, mode
    real(dp), intent(in) :: ftol, xtol, gtol, factor
    real(dp), intent(in) :: diag(*)
    logical :: bad
    integer(ip) :: j

    bad = n <= 0 .or. m < n .or. ldfjac < m .or. ftol < zero .or. &
          xtol < zero .or. gtol < zero .or. maxfev <= 0 .or. factor <= zero
    if (bad) return
    if (mode == 2) then
      do j = 1, n
        if (diag(j) <= zero) then
          bad = .true.
          return
        end if
      end do
    end if
  end function improper_input

  ! ------------------------------------------------------------------------
  ! qrsolv: given the QR factorisation with column pivoting A*P = Q*R, a
  ! diagonal D and b, solve the least-squares problem
  !     min || [A; D] x - [b; 0] ||
  ! using Q^T b (qtb).  The lower triangle of r is overwritten by the
  ! transposed upper triangular factor S of P^T (A^T A + D D) P = S^T S
  ! (its diagonal in sdiag); the upper triangle and diagonal of r are kept.
  ! Each row of D is eliminated by Givens rotations.
  ! Reference: More (1978), section 3; MINPACK user guide, qrsolv.
  ! ------------------------------------------------------------------------
  pure subroutine qrsolv(n, r, ldr, ipvt, diag, qtb, x, sdiag, wa)
    integer(ip), intent(in) :: n, ldr
    real(dp), intent(inout) :: r(ldr, n)
    integer(ip), intent(in) :: ipvt(n)
    real(dp), intent(in) :: diag(n), qtb(n)
    real(dp), intent(out) :: x(n), sdiag(n)
    real(dp), intent(out) :: wa(n)

    integer(ip) :: i, j, k, l, nsing
    real(dp) :: cs, sn, cotan, tn, qtbpj, temp, s

    ! Copy R and Q^T b, keep the diagonal of R in x.
    do j = 1, n
      do i = j, n
        r(i, j) = r(j, i)
      end do
      x(j) = r(j, j)
      wa(j) = qtb(j)
    end do

    ! Eliminate the diagonal matrix D with Givens rotations.
    do j = 1, n
      l = ipvt(j)
      if (diag(l) /= zero) then
        sdiag(j:n) = zero
        sdiag(j) = diag(l)
        ! The rotations eliminating row j of D change only one element of
        ! (Q^T b, 0) beyond the first n, initially zero.
        qtbpj = zero
        do k = j, n
          if (sdiag(k) == zero) cycle
          if (abs(r(k, k)) < abs(sdiag(k))) then
            cotan = r(k, k)/sdiag(k)
            sn = p5/sqrt(p25 + p25*(cotan*cotan))
            cs = sn*cotan
          else
            tn = sdiag(k)/r(k, k)
            cs = p5/sqrt(p25 + p25*(tn*tn))
            sn = cs*tn
          end if
          r(k, k) = cs*r(k, k) + sn*sdiag(k)
          temp = cs*wa(k) + sn*qtbpj
          qtbpj = -sn*wa(k) + cs*qtbpj
          wa(k) = temp
          do i = k + 1, n
            temp = cs*r(i, k) + sn*sdiag(i)
            sdiag(i) = -sn*r(i, k) + cs*sdiag(i)
            r(i, k) = temp
          end do
        end do
      end if
      ! Keep the diagonal of S, restore that of R.
      sdiag(j) = r(j, j)
      r(j, j) = x(j)
    end do

    ! Solve S z = Q^T b; if S is singular take a least-squares solution.
    nsing = n
    do j = 1, n
      if (sdiag(j) == zero .and. nsing == n) nsing = j - 1
      if (nsing < n) wa(j) = zero
    end do
    do j = nsing, 1, -1
      s = zero
      do i = j + 1, nsing
        s = s + r(i, j)*wa(i)
      end do
      wa(j) = (wa(j) - s)/sdiag(j)
    end do

    ! Undo the column permutation.
    do j = 1, n
      x(ipvt(j)) = wa(j)
    end do
  end subroutine qrsolv

  ! ------------------------------------------------------------------------
  ! lmpar: given A*P = Q*R (R in the upper triangle of r), D = diag, Q^T b
  ! and delta > 0, find par >= 0 such that the solution x of
  !     (A^T A + par D D) x = A^T b   (in the least-squares sense)
  ! either has par = 0 and ||D x|| <= 1.1 delta, or par > 0 and
  ! | ||D x|| - delta | <= 0.1 delta.  par on input is the initial estimate.
  ! Safeguarded Newton iteration on phi(par) = ||D x(par)|| - delta between
  ! the bounds parl, paru, at most 10 steps.  On output the lower triangle
  ! of r holds S (see qrsolv) and sdiag its diagonal.
  ! Reference: More (1978), sections 4-5; MINPACK user guide, lmpar.
  ! ------------------------------------------------------------------------
  pure subroutine lmpar(n, r, ldr, ipvt, diag, qtb, delta, par, x, sdiag, wa1, wa2)
    integer(ip), intent(in) :: n, ldr
    real(dp), intent(inout) :: r(ldr, n)
    integer(ip), intent(in) :: ipvt(n)
    real(dp), intent(in) :: diag(n), qtb(n), delta
    real(dp), intent(inout) :: par
    real(dp), intent(out) :: x(n), sdiag(n)
    real(dp), intent(out) :: wa1(n), wa2(n)

    real(dp), parameter :: dwarf = tiny_dp
    integer(ip) :: i, j, l, iter, nsing
    real(dp) :: dxnorm, fp, fp_old, gnorm, parc, parl, paru, s, temp

    ! Gauss-Newton direction; least-squares solution if R is singular.
    nsing = n
    do j = 1, n
      wa1(j) = qtb(j)
      if (r(j, j) == zero .and. nsing == n) nsing = j - 1
      if (nsing < n) wa1(j) = zero
    end do
    do j = nsing, 1, -1
      wa1(j) = wa1(j)/r(j, j)
      temp = wa1(j)
      do i = 1, j - 1
        wa1(i) = wa1(i) - r(i, j)*temp
      end do
    end do
    do j = 1, n
      x(ipvt(j)) = wa1(j)
    end do

    ! Accept the Gauss-Newton direction if it is short enough.
    iter = 0
    do j = 1, n
      wa2(j) = diag(j)*x(j)
    end do
    dxnorm = enorm(n, wa2)
    fp = dxnorm - delta
    if (fp <= p1*delta) then
      par = zero
      return
    end if

    ! Lower bound parl for the zero of phi (Newton step at par = 0); only
    ! available when the Jacobian has full rank.
    parl = zero
    if (nsing == n) then
      do j = 1, n
        l = ipvt(j)
        wa1(j) = diag(l)*(wa2(l)/dxnorm)
      end do
      do j = 1, n
        s = zero
        do i = 1, j - 1
          s = s + r(i, j)*wa1(i)
        end do
        wa1(j) = (wa1(j) - s)/r(j, j)
      end do
      temp = enorm(n, wa1)
      parl = ((fp/delta)/temp)/temp
    end if

    ! Upper bound paru: ||D^-1 A^T b|| / delta.
    do j = 1, n
      s = zero
      do i = 1, j
        s = s + r(i, j)*qtb(i)
      end do
      wa1(j) = s/diag(ipvt(j))
    end do
    gnorm = enorm(n, wa1)
    paru = gnorm/delta
    if (paru == zero) paru = dwarf/min_num(delta, p1)

    ! Move par into [parl, paru]; if zero, use the gradient estimate.
    par = min_num(max_num(par, parl), paru)
    if (par == zero) par = gnorm/dxnorm

    do
      iter = iter + 1
      if (par == zero) par = max_num(dwarf, p001*paru)

      ! phi at the current par.
      temp = sqrt(par)
      do j = 1, n
        wa1(j) = temp*diag(j)
      end do
      call qrsolv(n, r, ldr, ipvt, wa1, qtb, x, sdiag, wa2)
      do j = 1, n
        wa2(j) = diag(j)*x(j)
      end do
      dxnorm = enorm(n, wa2)
      fp_old = fp
      fp = dxnorm - delta

      ! Accept par if phi is small, or if parl = 0 and phi is negative and
      ! not increasing, or after the last allowed iteration.
      if (abs(fp) <= p1*delta .or. &
          (parl == zero .and. fp <= fp_old .and. fp_old < zero) .or. &
          iter == lmpar_maxit) exit

      ! Newton correction parc = -phi/phi'.
      do j = 1, n
        l = ipvt(j)
        wa1(j) = diag(l)*(wa2(l)/dxnorm)
      end do
      do j = 1, n
        wa1(j) = wa1(j)/sdiag(j)
        temp = wa1(j)
        do i = j + 1, n
          wa1(i) = wa1(i) - r(i, j)*temp
        end do
      end do
      temp = enorm(n, wa1)
      parc = ((fp/delta)/temp)/temp

      ! Update the bracket and the estimate.
      if (fp > zero) parl = max_num(parl, par)
      if (fp < zero) paru = min_num(paru, par)
      par = max_num(parl, par + parc)
    end do
  end subroutine lmpar

  ! ------------------------------------------------------------------------
  ! fdjac2: forward-difference approximation of the m x n Jacobian of fcn
  ! at x:  fjac(:,j) = (f(x + h_j e_j) - fvec) / h_j,
  ! h_j = sqrt(max(epsfcn, epsmch)) * |x_j| (or that root if x_j = 0).
  ! fcn is called with the caller's iflag; if it returns iflag < 0 the
  ! routine stops at once (x is restored).  wa: workspace of length m.
  ! Reference: MINPACK user guide, fdjac2.
  ! ------------------------------------------------------------------------
  subroutine fdjac2(fcn, m, n, x, fvec, fjac, ldfjac, iflag, epsfcn, wa, udata)
    procedure(lmdif_fcn_iface) :: fcn
    integer(ip), intent(in) :: m, n, ldfjac
    real(dp), intent(inout) :: x(n)
    real(dp), intent(in) :: fvec(m)
    real(dp), intent(inout) :: fjac(ldfjac, n)
    integer(ip), intent(inout) :: iflag
    real(dp), intent(in) :: epsfcn
    real(dp), intent(out) :: wa(m)
    type(c_ptr), intent(in) :: udata

    integer(ip) :: i, j
    real(dp) :: eps, h, temp

    eps = sqrt(max_num(epsfcn, eps_dp))
    do j = 1, n
      temp = x(j)
      h = eps*abs(temp)
      if (h == zero) h = eps
      x(j) = temp + h
      call fcn(m, n, x, wa, iflag, udata)
      x(j) = temp
      if (iflag < 0) return
      do i = 1, m
        fjac(i, j) = (wa(i) - fvec(i))/h
      end do
    end do
  end subroutine fdjac2

  ! ------------------------------------------------------------------------
  ! lm_prepare: the part of an outer Levenberg-Marquardt iteration that
  ! follows the evaluation of the Jacobian (held in fjac):
  !   * QR factorisation with column pivoting (R in fjac's upper triangle,
  !     R's diagonal restored into fjac, column norms in wa2);
  !   * on the first iteration, the scaling diag (mode /= 2: column norms,
  !     1 for zero columns), xnorm = ||diag*x|| and delta = factor*xnorm
  !     (factor if that is zero);
  !   * qtf = first n components of Q^T fvec;
  !   * gnorm = max_j |cos(angle(fvec, J(:,j)))|; info = 4 if gnorm <= gtol,
  !     otherwise (mode /= 2) diag = max(diag, column norms).
  ! Reference: More (1978), section 6 (scaling); MINPACK lmdif/lmder.
  ! ------------------------------------------------------------------------
  pure subroutine lm_prepare(m, n, x, fvec, fjac, ldfjac, ipvt, qtf, diag, mode, &
                             factor, gtol, iter, fnorm, xnorm, delta, gnorm, info, &
                             wa1, wa2, wa3, wa4)
    integer(ip), intent(in) :: m, n, ldfjac, mode, iter
    real(dp), intent(in) :: x(n), fvec(m), factor, gtol, fnorm
    real(dp), intent(inout) :: fjac(ldfjac, n), diag(n)
    integer(ip), intent(out) :: ipvt(n)
    real(dp), intent(out) :: qtf(n)
    real(dp), intent(inout) :: xnorm, delta
    real(dp), intent(out) :: gnorm
    integer(ip), intent(inout) :: info
    real(dp), intent(out) :: wa1(n), wa2(n), wa3(n), wa4(m)

    integer(ip) :: i, j, l
    real(dp) :: s, temp

    call qrfac(m, n, fjac, ldfjac, .true., ipvt, n, wa1, wa2, wa3)

    if (iter == 1) then
      if (mode /= 2) then
        do j = 1, n
          diag(j) = wa2(j)
          if (wa2(j) == zero) diag(j) = one
        end do
      end if
      do j = 1, n
        wa3(j) = diag(j)*x(j)
      end do
      xnorm = enorm(n, wa3)
      delta = factor*xnorm
      if (delta == zero) delta = factor
    end if

    ! Q^T fvec, applying the Householder vectors stored below the diagonal.
    do i = 1, m
      wa4(i) = fvec(i)
    end do
    do j = 1, n
      if (fjac(j, j) /= zero) then
        s = zero
        do i = j, m
          s = s + fjac(i, j)*wa4(i)
        end do
        temp = -s/fjac(j, j)
        do i = j, m
          wa4(i) = wa4(i) + fjac(i, j)*temp
        end do
      end if
      fjac(j, j) = wa1(j)
      qtf(j) = wa4(j)
    end do

    ! Norm of the scaled gradient.
    gnorm = zero
    if (fnorm /= zero) then
      do j = 1, n
        l = ipvt(j)
        if (wa2(l) /= zero) then
          s = zero
          do i = 1, j
            s = s + fjac(i, j)*(qtf(i)/fnorm)
          end do
          gnorm = max_num(gnorm, abs(s/wa2(l)))
        end if
      end do
    end if

    if (gnorm <= gtol) info = 4
    if (info /= 0) return

    if (mode /= 2) then
      do j = 1, n
        diag(j) = max_num(diag(j), wa2(j))
      end do
    end if
  end subroutine lm_prepare

  ! ------------------------------------------------------------------------
  ! lm_trial_step: direction p from lmpar (returned in wa1 as p, x + p in
  ! wa2), pnorm = ||diag*p||; on the first iteration delta = min(delta,
  ! pnorm).  On return the caller evaluates f(x + p) into wa4.
  ! Reference: MINPACK lmdif/lmder inner loop.
  ! ------------------------------------------------------------------------
  pure subroutine lm_trial_step(n, x, fjac, ldfjac, ipvt, diag, qtf, iter, delta, &
                                par, pnorm, wa1, wa2, wa3, wa4)
    integer(ip), intent(in) :: n, ldfjac, iter
    real(dp), intent(in) :: x(n), diag(n), qtf(n)
    real(dp), intent(inout) :: fjac(ldfjac, n)
    integer(ip), intent(in) :: ipvt(n)
    real(dp), intent(inout) :: delta, par
    real(dp), intent(out) :: pnorm
    real(dp), intent(out) :: wa1(n), wa2(n), wa3(n), wa4(n)

    integer(ip) :: j

    call lmpar(n, fjac, ldfjac, ipvt, diag, qtf, delta, par, wa1, wa2, wa3, wa4)
    do j = 1, n
      wa1(j) = -wa1(j)
      wa2(j) = x(j) + wa1(j)
      wa3(j) = diag(j)*wa1(j)
    end do
    pnorm = enorm(n, wa3)
    if (iter == 1) delta = min_num(delta, pnorm)
  end subroutine lm_trial_step

  ! ------------------------------------------------------------------------
  ! lm_assess_step: given the trial point wa2 = x + p (p in wa1) and
  ! wa4 = f(x + p) with norm fnorm1, compute the actual and predicted
  ! relative reductions and their ratio, update the trust radius delta and
  ! par, accept the step if ratio >= 1e-4 (then x, fvec, xnorm, fnorm,
  ! iter are updated), and apply the termination tests (info 1..3 by ftol
  ! and xtol, 5 by maxfev, 6..8 at machine precision).
  ! Reference: More (1978), sections 2 and 6-7; MINPACK lmdif/lmder.
  ! ------------------------------------------------------------------------
  pure subroutine lm_assess_step(m, n, x, fvec, fjac, ldfjac, ipvt, diag, ftol, xtol, &
                                 maxfev, nfev, gnorm, pnorm, fnorm1, par, delta, &
                                 fnorm, xnorm, iter, ratio, info, wa1, wa2, wa3, wa4)
    integer(ip), intent(in) :: m, n, ldfjac, maxfev, nfev
    real(dp), intent(inout) :: x(n), fvec(m)
    real(dp), intent(in) :: fjac(ldfjac, n), diag(n)
    integer(ip), intent(in) :: ipvt(n)
    real(dp), intent(in) :: ftol, xtol, gnorm, pnorm, fnorm1
    real(dp), intent(inout) :: par, delta, fnorm, xnorm
    integer(ip), intent(inout) :: iter, info
    real(dp), intent(out) :: ratio
    real(dp), intent(in) :: wa1(n), wa4(m)
    real(dp), intent(inout) :: wa2(n), wa3(n)

    integer(ip) :: i, j
    real(dp) :: actred, prered, dirder, temp, temp1, temp2
    logical :: ftol_met

    ! Scaled actual reduction 1 - (fnorm1/fnorm)**2.
    if (p1*fnorm1 < fnorm) then
      actred = one - (fnorm1/fnorm)**2
    else
      actred = -one
    end if

    ! Scaled predicted reduction and directional derivative, from R P^T p.
    do j = 1, n
      wa3(j) = zero
      temp = wa1(ipvt(j))
      do i = 1, j
        wa3(i) = wa3(i) + fjac(i, j)*temp
      end do
    end do
    temp1 = enorm(n, wa3)/fnorm
    temp2 = (sqrt(par)*pnorm)/fnorm
    prered = temp1**2 + temp2**2/p5
    dirder = -(temp1**2 + temp2**2)

    ratio = zero
    if (prered /= zero) ratio = actred/prered

    ! Update the trust-region radius.
    if (ratio <= p25) then
      if (actred < zero) then
        temp = p5*dirder/(dirder + p5*actred)
      else
        temp = p5
      end if
      if (p1*fnorm1 >= fnorm .or. temp < p1) temp = p1
      delta = temp*min_num(delta, pnorm/p1)
      par = par/temp
    else if (par == zero .or. ratio >= p75) then
      delta = pnorm/p5
      par = p5*par
    end if

    ! Successful step: move to x + p.
    if (ratio >= p0001) then
      do j = 1, n
        x(j) = wa2(j)
        wa2(j) = diag(j)*x(j)
      end do
      do i = 1, m
        fvec(i) = wa4(i)
      end do
      xnorm = enorm(n, wa2)
      fnorm = fnorm1
      iter = iter + 1
    end if

    ! Convergence.
    ftol_met = abs(actred) <= ftol .and. prered <= ftol .and. p5*ratio <= one
    if (ftol_met) info = 1
    if (delta <= xtol*xnorm) info = 2
    if (ftol_met .and. info == 2) info = 3
    if (info /= 0) return

    ! Termination with too stringent tolerances.
    if (nfev >= maxfev) info = 5
    if (abs(actred) <= eps_dp .and. prered <= eps_dp .and. p5*ratio <= one) info = 6
    if (delta <= eps_dp*xnorm) info = 7
    if (gnorm <= eps_dp) info = 8
  end subroutine lm_assess_step

  ! ------------------------------------------------------------------------
  ! lmdif: minimise the sum of squares of m functions of n variables by the
  ! Levenberg-Marquardt method with a forward-difference Jacobian.
  !   fcn      residual routine (lmdif_fcn_iface), udata passed back to it
  !   x(n)     in: starting point; out: final estimate
  !   fvec(m)  out: f at the final x
  !   ftol, xtol, gtol >= 0, maxfev > 0, epsfcn: MINPACK meanings
  !   diag(n)  mode = 2: positive scale factors (in); else set internally
  !   factor > 0: initial step bound factor
  !   info     0 improper input, 1..8 MINPACK termination, < 0: fcn's iflag
  !   nfev     number of calls of fcn
  !   fjac(ldfjac,n), ipvt(n), qtf(n): R, P and Q^T f of the final Jacobian
  !   wa1..wa3(n), wa4(m): workspace
  ! Reference: MINPACK user guide, lmdif; More (1978).
  ! ------------------------------------------------------------------------
  subroutine lmdif(fcn, m, n, x, fvec, ftol, xtol, gtol, maxfev, epsfcn, diag, mode, &
                   factor, info, nfev, fjac, ldfjac, ipvt, qtf, wa1, wa2, wa3, wa4, udata)
    procedure(lmdif_fcn_iface) :: fcn
    integer(ip), intent(in) :: m, n, maxfev, mode, ldfjac
    real(dp), intent(inout) :: x(n)
    real(dp), intent(inout) :: fvec(m)
    real(dp), intent(in) :: ftol, xtol, gtol, epsfcn, factor
    real(dp), intent(inout) :: diag(n)
    integer(ip), intent(out) :: info, nfev
    real(dp), intent(inout) :: fjac(ldfjac, n)
    integer(ip), intent(out) :: ipvt(n)
    real(dp), intent(out) :: qtf(n)
    real(dp), intent(inout) :: wa1(n), wa2(n), wa3(n), wa4(m)
    type(c_ptr), intent(in) :: udata

    integer(ip) :: iflag, iter
    real(dp) :: delta, fnorm, fnorm1, gnorm, par, pnorm, ratio, xnorm

    info = 0
    nfev = 0
    if (improper_input(m, n, ldfjac, ftol, xtol, gtol, maxfev, diag, mode, factor)) return

    delta = zero
    xnorm = zero

    iflag = 1
    call fcn(m, n, x, fvec, iflag, udata)
    nfev = 1
    if (iflag < 0) then
      info = iflag
      return
    end if
    fnorm = enorm(m, fvec)

    par = zero
    iter = 1
    outer: do
      ! Forward-difference Jacobian (fcn sees iflag = 2).
      iflag = 2
      call fdjac2(fcn, m, n, x, fvec, fjac, ldfjac, iflag, epsfcn, wa4, udata)
      nfev = nfev + n
      if (iflag < 0) exit outer

      call lm_prepare(m, n, x, fvec, fjac, ldfjac, ipvt, qtf, diag, mode, factor, gtol, &
                      iter, fnorm, xnorm, delta, gnorm, info, wa1, wa2, wa3, wa4)
      if (info /= 0) exit outer

      inner: do
        call lm_trial_step(n, x, fjac, ldfjac, ipvt, diag, qtf, iter, delta, par, &
                           pnorm, wa1, wa2, wa3, wa4)
        iflag = 1
        call fcn(m, n, wa2, wa4, iflag, udata)
        nfev = nfev + 1
        if (iflag < 0) exit outer
        fnorm1 = enorm(m, wa4)
        call lm_assess_step(m, n, x, fvec, fjac, ldfjac, ipvt, diag, ftol, xtol, maxfev, &
                            nfev, gnorm, pnorm, fnorm1, par, delta, fnorm, xnorm, iter, &
                            ratio, info, wa1, wa2, wa3, wa4)
        if (info /= 0) exit outer
        ! Repeat the inner loop while the step is unsuccessful (a NaN ratio
        ! leaves it, as in MINPACK).
        if (.not. (ratio < p0001)) exit inner
      end do inner
    end do outer

    if (iflag < 0) info = iflag
  end subroutine lmdif

  ! ------------------------------------------------------------------------
  ! lmder: as lmdif, with the Jacobian supplied by fcn (iflag = 2).
  ! njev counts the Jacobian evaluations, nfev the function evaluations.
  ! Reference: MINPACK user guide, lmder; More (1978).
  ! ------------------------------------------------------------------------
  subroutine lmder(fcn, m, n, x, fvec, fjac, ldfjac, ftol, xtol, gtol, maxfev, diag, &
                   mode, factor, info, nfev, njev, ipvt, qtf, wa1, wa2, wa3, wa4, udata)
    procedure(lmder_fcn_iface) :: fcn
    integer(ip), intent(in) :: m, n, ldfjac, maxfev, mode
    real(dp), intent(inout) :: x(n)
    real(dp), intent(inout) :: fvec(m)
    real(dp), intent(inout) :: fjac(ldfjac, n)
    real(dp), intent(in) :: ftol, xtol, gtol, factor
    real(dp), intent(inout) :: diag(n)
    integer(ip), intent(out) :: info, nfev, njev
    integer(ip), intent(out) :: ipvt(n)
    real(dp), intent(out) :: qtf(n)
    real(dp), intent(inout) :: wa1(n), wa2(n), wa3(n), wa4(m)
    type(c_ptr), intent(in) :: udata

    integer(ip) :: iflag, iter
    real(dp) :: delta, fnorm, fnorm1, gnorm, par, pnorm, ratio, xnorm

    info = 0
    nfev = 0
    njev = 0
    if (improper_input(m, n, ldfjac, ftol, xtol, gtol, maxfev, diag, mode, factor)) return

    delta = zero
    xnorm = zero

    iflag = 1
    call fcn(m, n, x, fvec, fjac, ldfjac, iflag, udata)
    nfev = 1
    if (iflag < 0) then
      info = iflag
      return
    end if
    fnorm = enorm(m, fvec)

    par = zero
    iter = 1
    outer: do
      iflag = 2
      call fcn(m, n, x, fvec, fjac, ldfjac, iflag, udata)
      njev = njev + 1
      if (iflag < 0) exit outer

      call lm_prepare(m, n, x, fvec, fjac, ldfjac, ipvt, qtf, diag, mode, factor, gtol, &
                      iter, fnorm, xnorm, delta, gnorm, info, wa1, wa2, wa3, wa4)
      if (info /= 0) exit outer

      inner: do
        call lm_trial_step(n, x, fjac, ldfjac, ipvt, diag, qtf, iter, delta, par, &
                           pnorm, wa1, wa2, wa3, wa4)
        iflag = 1
        call fcn(m, n, wa2, wa4, fjac, ldfjac, iflag, udata)
        nfev = nfev + 1
        if (iflag < 0) exit outer
        fnorm1 = enorm(m, wa4)
        call lm_assess_step(m, n, x, fvec, fjac, ldfjac, ipvt, diag, ftol, xtol, maxfev, &
                            nfev, gnorm, pnorm, fnorm1, par, delta, fnorm, xnorm, iter, &
                            ratio, info, wa1, wa2, wa3, wa4)
        if (info /= 0) exit outer
        if (.not. (ratio < p0001)) exit inner
      end do inner
    end do outer

    if (iflag < 0) info = iflag
  end subroutine lmder

  ! ------------------------------------------------------------------------
  ! lm_covariance: the covariance estimate cov_x of scipy.optimize.leastsq,
  !     cov = P inv(R) inv(R)^T P^T  (= inv(J^T J) for full rank J),
  ! from R = upper triangle of r(1:n,1:n) and the 1-based pivots ipvt
  ! returned by lmdif/lmder (J P = Q R).  inv(R) is formed column by column
  ! as LAPACK's dtrti2 (upper, non-unit) does.
  !   status = 0 success; k > 0 if R(k,k) = 0 (first such k);
  !   status = -1 if n <= 0, ldr < n or ipvt is not a permutation of 1..n.
  !   wa(n,n): workspace (holds inv(R) on return when status = 0); cov and
  !   wa are undefined when status /= 0.
  ! Reference: scipy.optimize.leastsq; LAPACK dtrtri/dtrti2.
  ! ------------------------------------------------------------------------
  pure subroutine lm_covariance(n, r, ldr, ipvt, cov, wa, status)
    integer(ip), intent(in) :: n, ldr
    real(dp), intent(in) :: r(ldr, *)
    integer(ip), intent(in) :: ipvt(*)
    real(dp), intent(out) :: cov(n, *), wa(n, *)
    integer(ip), intent(out) :: status

    integer(ip) :: i, j, k, l
    real(dp) :: ajj, s, temp

    status = -1
    if (n <= 0 .or. ldr < n) return
    ! ipvt must be a permutation of 1..n (column 1 of cov marks the hits).
    cov(1:n, 1) = zero
    do j = 1, n
      k = ipvt(j)
      if (k < 1 .or. k > n) return
      if (cov(k, 1) /= zero) return
      cov(k, 1) = one
    end do

    ! Singular R: the first zero diagonal element, as dtrtri reports it.
    do j = 1, n
      if (r(j, j) == zero) then
        status = j
        return
      end if
    end do

    ! wa = triu(R), then inv(R) in place: for each column j,
    ! wa(j,j) = 1/R(j,j) and wa(1:j-1,j) = -wa(j,j) * inv(R)(1:j-1,1:j-1) R(1:j-1,j).
    do j = 1, n
      do i = 1, j
        wa(i, j) = r(i, j)
      end do
      do i = j + 1, n
        wa(i, j) = zero
      end do
    end do
    do j = 1, n
      wa(j, j) = one/wa(j, j)
      ajj = -wa(j, j)
      ! wa(1:j-1, j) := U * wa(1:j-1, j), U = wa(1:j-1, 1:j-1) (upper).
      do k = 1, j - 1
        if (wa(k, j) /= zero) then
          temp = wa(k, j)
          do i = 1, k - 1
            wa(i, j) = wa(i, j) + temp*wa(i, k)
          end do
          wa(k, j) = temp*wa(k, k)
        end if
      end do
      do i = 1, j - 1
        wa(i, j) = ajj*wa(i, j)
      end do
    end do

    ! cov(ipvt(i), ipvt(k)) = sum_l inv(R)(i,l) inv(R)(k,l).
    do k = 1, n
      do i = 1, n
        s = zero
        do l = max(i, k), n
          s = s + wa(i, l)*wa(k, l)
        end do
        cov(ipvt(i), ipvt(k)) = s
      end do
    end do
    status = 0
  end subroutine lm_covariance

end module minpack_lm
