! Kinds and machine constants shared by every scijit Fortran library.
!
! All real arithmetic is IEEE double precision (c_double) and all integers
! crossing the C boundary are 32-bit (c_int), so the bind(C) layer and the
! numerical kernels agree on one set of kinds.
module scijit_kinds
  use, intrinsic :: iso_c_binding, only: c_double, c_int
  implicit none
  private
  public :: dp, ip, eps_dp, tiny_dp, huge_dp

  integer, parameter :: dp = c_double   ! working precision
  integer, parameter :: ip = c_int      ! integer kind on the C boundary

  ! Machine constants (MINPACK's dpmpar(1..3)): relative precision, smallest
  ! and largest magnitudes.
  real(dp), parameter :: eps_dp = epsilon(1.0_dp)
  real(dp), parameter :: tiny_dp = tiny(1.0_dp)
  real(dp), parameter :: huge_dp = huge(1.0_dp)
end module scijit_kinds
