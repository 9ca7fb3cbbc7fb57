! Kinds and machine constants shared by every scijit Fortran library.
!
! All real arithmetic is IEEE double precision (c_double) and all integers
! crossing the C boundary are 32-bit (c_int), so the bind(C) layer and the
! numerical kernels agree on one set of kinds.
module scijit_kinds
  use, intrinsic :: iso_c_binding, only: c_double, c_int
  implicit none
  private
  public :: dp, ip, eps_dp, tiny_dp, huge_dp, scijit_size_error

  integer, parameter :: dp = c_double   ! working precision
  integer, parameter :: ip = c_int      ! integer kind on the C boundary

  ! Machine constants (MINPACK's dpmpar(1..3)): relative precision, smallest
  ! and largest magnitudes.
  real(dp), parameter :: eps_dp = epsilon(1.0_dp)
  real(dp), parameter :: tiny_dp = tiny(1.0_dp)
  real(dp), parameter :: huge_dp = huge(1.0_dp)

  ! The status every bind(C) entry point answers a size failure with: an
  ! array length it was given (lwa, lr, lwrk, ...) is smaller than the
  ! routine needs.  Distinct from every routine's own codes (MINPACK's info,
  ! QUADPACK's and FITPACK's ier), so a bug in the caller's sizes can never
  ! pass for a user's improper input.  lowering.native.SIZE_ERROR.
  integer(ip), parameter :: scijit_size_error = -1000
end module scijit_kinds
