! The integer task codes of scipy's setulb (scipy >= 1.15, the C port of
! L-BFGS-B 3.0): task(1) is a status, task(2) a message.  The values are
! scipy's, so its driver (_lbfgsb_py._minimize_lbfgsb) and its message tables
! read ours unchanged.
module lbfgsb_codes
  use scijit_kinds, only: ip
  implicit none
  public

  ! task(1): what the caller is asked to do, or why the run ended
  integer(ip), parameter :: task_start = 0, task_new_x = 1, task_restart = 2, task_fg = 3, &
       task_convergence = 4, task_stop = 5, task_warning = 6, task_error = 7, &
       task_abnormal = 8
  ! task(2): the message
  integer(ip), parameter :: msg_none = 0
  integer(ip), parameter :: msg_fg_start = 301, msg_fg_lnsrch = 302
  integer(ip), parameter :: msg_conv_grad = 401, msg_conv_f = 402
  integer(ip), parameter :: msg_stop_cpu = 501, msg_stop_iter = 502, msg_stop_grad = 503, &
       msg_stop_iterc = 504, msg_stop_callb = 505
  integer(ip), parameter :: msg_warn_round = 601, msg_warn_stpmax = 602, &
       msg_warn_stpmin = 603, msg_warn_xtol = 604
  integer(ip), parameter :: msg_err_nofeas = 701, msg_err_factr = 702, msg_err_ftol = 703, &
       msg_err_gtol = 704, msg_err_xtol = 705, msg_err_stp1 = 706, msg_err_stp2 = 707, &
       msg_err_stpmin = 708, msg_err_stpmax = 709, msg_err_initg = 710, msg_err_m = 711, &
       msg_err_n = 712, msg_err_nbd = 713
end module lbfgsb_codes
