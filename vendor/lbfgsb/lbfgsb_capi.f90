! C entry point of the L-BFGS-B library (see DESIGN.md, "The Fortran side").
!
!   void scijit_lbfgsb_setulb(int32_t n, int32_t m, double *x, const double *l,
!        const double *u, const int32_t *nbd, double f, double *g, double factr,
!        double pgtol, double *wa, int32_t lwa, int32_t *iwa, int32_t liwa,
!        int32_t *task, int32_t ltask, int32_t *lsave, int32_t llsave,
!        int32_t *isave, int32_t lisave, double *dsave, int32_t ldsave,
!        int32_t maxls, int32_t *ln_task, int32_t lln_task, void *ddot,
!        void *dnrm2, void *daxpy, void *dpotrf, void *dtrsv, void *dtrsm,
!        int32_t *status);
!
! The reverse-communication contract of scipy 1.17's
! scipy.optimize._lbfgsb.setulb(m, x, l, u, nbd, f, g, factr, pgtol, wa, iwa,
! task, lsave, isave, dsave, maxls, ln_task): the same integer task codes
! (task(1): 0 START, 1 NEW_X, 2 RESTART, 3 FG, 4 CONVERGENCE, 5 STOP,
! 6 WARNING, 7 ERROR, 8 ABNORMAL; task(2): scipy's message codes), the same
! workspace layout (wa = [S (m x n, row j the j-th s), Y (m x n), S'Y, S'S,
! wt, wn, snd, z, r, d, t, xp, wa8m]; iwa = [index, iwhere, indx2]) and the
! same lsave/isave/dsave contents (isave(31): BFGS updates so far), so a
! driver written after scipy's _minimize_lbfgsb reads ours unchanged.
! f is passed by value, as scipy's wrapper parses it ("d"): the kernel's
! own writes to f (f = f at the last iterate when a line search fails or
! the run is stopped) are lost there too, so after an ABNORMAL end scipy
! returns x and g of the last iterate with f of the failed trial point.
!
! ddot, dnrm2, daxpy, dtrsv, dtrsm (BLAS) and dpotrf (LAPACK) are the kernels to
! call, reference calling convention (all arguments by reference): scipy's
! own (scipy.linalg.cython_blas/cython_lapack) for scipy's bits.
!
! Lengths: x, l, u, nbd, g: n; wa: lwa >= 2*m*n + 5*n + 11*m*m + 8*m;
! iwa: liwa >= 3*n; task, ln_task: >= 2; lsave >= 4; isave >= 44;
! dsave >= 29.  They are checked before anything is read or written: a
! length too small is status = scijit_size_error; a null kernel pointer is
! status = -1; else status = 0 and the outcome is in task.
module lbfgsb_capi
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_funptr, c_associated, &
       c_f_procpointer
  use, intrinsic :: iso_fortran_env, only: int64
  use scijit_kinds, only: scijit_size_error
  use lbfgsb_kernels, only: lbfgsb_blas, dot_iface, nrm2_iface, axpy_iface, potrf_iface, &
       trsv_iface, trsm_iface
  use lbfgsb_driver, only: lbfgsb_iterate
  use lbfgsb_core, only: check_input
  implicit none
  private
  public :: scijit_lbfgsb_setulb

contains

  ! lbfgsb_wa_size: the length of wa for n variables and m corrections
  ! (0 when negative: the routine then only reports the bad n or m).
  pure integer(int64) function lbfgsb_wa_size(n, m)
    integer(c_int), intent(in) :: n, m
    integer(int64) :: n_, m_
    n_ = n
    m_ = m
    lbfgsb_wa_size = max(2 * m_ * n_ + 5 * n_ + 11 * m_ * m_ + 8 * m_, 0_int64)
  end function lbfgsb_wa_size

  ! scijit_lbfgsb_setulb: one reverse-communication step of L-BFGS-B (the
  ! partition of wa and iwa into named arrays, then the iteration).
  subroutine scijit_lbfgsb_setulb(n, m, x, l, u, nbd, f, g, factr, pgtol, wa, lwa, iwa, liwa, &
                                  task, ltask, lsave, llsave, isave, lisave, dsave, ldsave, &
                                  maxls, ln_task, lln_task, ddot, dnrm2, daxpy, dpotrf, &
                                  dtrsv, dtrsm, status) bind(C, name='scijit_lbfgsb_setulb')
    integer(c_int), value :: n, m, lwa, liwa, ltask, llsave, lisave, ldsave, maxls, lln_task
    real(c_double), value :: f, factr, pgtol
    real(c_double), intent(inout) :: x(n), g(n), wa(lwa), dsave(ldsave)
    real(c_double), intent(in) :: l(n), u(n)
    integer(c_int), intent(in) :: nbd(n)
    integer(c_int), intent(inout) :: iwa(liwa), task(ltask), lsave(llsave), isave(lisave), &
         ln_task(lln_task)
    type(c_funptr), value :: ddot, dnrm2, daxpy, dpotrf, dtrsv, dtrsm
    integer(c_int), intent(out) :: status
    type(lbfgsb_blas) :: k
    procedure(dot_iface), pointer :: p_dot
    procedure(nrm2_iface), pointer :: p_nrm2
    procedure(axpy_iface), pointer :: p_axpy
    procedure(potrf_iface), pointer :: p_potrf
    procedure(trsv_iface), pointer :: p_trsv
    procedure(trsm_iface), pointer :: p_trsm
    integer(c_int) :: info, kbad
    integer(c_int) :: lws, lwy, lsy, lss, lwt, lwn, lsnd, lz, lr, ld, lt, lxp, lwa8, mn, mm

    status = 0
    if (int(lwa, int64) < lbfgsb_wa_size(n, m) .or. int(liwa, int64) < 3 * int(max(n, 0), int64) &
        .or. ltask < 2 .or. llsave < 4 .or. lisave < 44 .or. ldsave < 29 .or. lln_task < 2) then
      status = scijit_size_error
      return
    end if
    if (.not. (c_associated(ddot) .and. c_associated(dnrm2) .and. c_associated(daxpy) .and. &
               c_associated(dpotrf) .and. c_associated(dtrsv) .and. &
               c_associated(dtrsm))) then
      status = -1
      return
    end if
    call c_f_procpointer(ddot, p_dot)
    call c_f_procpointer(dnrm2, p_nrm2)
    call c_f_procpointer(daxpy, p_axpy)
    call c_f_procpointer(dpotrf, p_potrf)
    call c_f_procpointer(dtrsv, p_trsv)
    call c_f_procpointer(dtrsm, p_trsm)
    k%dot => p_dot
    k%nrm2 => p_nrm2
    k%axpy => p_axpy
    k%potrf => p_potrf
    k%trsv => p_trsv
    k%trsm => p_trsm

    ! offsets (0-based) of the named arrays in wa, recorded in isave(1:16)
    ! at the start as scipy does
    mn = m * n
    mm = m * m
    lws = 0
    lwy = lws + mn
    lsy = lwy + mn
    lss = lsy + mm
    lwt = lss + mm
    lwn = lwt + mm
    lsnd = lwn + 4 * mm
    lz = lsnd + 4 * mm
    lr = lz + n
    ld = lr + n
    lt = ld + n
    lxp = lt + n
    lwa8 = lxp + n
    if (task(1) == 0) isave(1:16) = [mn, mm, 4 * mm, lws, lwy, lsy, lss, lwt, lwn, lsnd, lz, &
                                     lr, ld, lt, lxp, lwa8]
    if (n <= 0 .or. m <= 0) then
      ! nothing to partition: the input check reports the bad n or m (at
      ! any task; scipy would run on with garbage after the start)
      info = 0
      kbad = 0
      call check_input(n, m, factr, l, u, nbd, task(1), task(2), info, kbad)
      return
    end if
    call lbfgsb_iterate(n, m, x, l, u, nbd, f, g, factr, pgtol, &
                        wa(lws + 1:lwy), wa(lwy + 1:lsy), wa(lsy + 1:lss), wa(lss + 1:lwt), &
                        wa(lwt + 1:lwn), wa(lwn + 1:lsnd), wa(lsnd + 1:lz), wa(lz + 1:lr), &
                        wa(lr + 1:ld), wa(ld + 1:lt), wa(lt + 1:lxp), wa(lxp + 1:lwa8), &
                        wa(lwa8 + 1:lwa8 + 8 * m), iwa(1:n), iwa(n + 1:2 * n), &
                        iwa(2 * n + 1:3 * n), task(1), task(2), lsave, isave(22:44), dsave, &
                        maxls, ln_task(1), ln_task(2), k)
  end subroutine scijit_lbfgsb_setulb
end module lbfgsb_capi
