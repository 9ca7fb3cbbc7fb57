! Euclidean norm and C-style max/min helpers shared by the MINPACK routines.
!
! Reference: J. J. More, B. S. Garbow, K. E. Hillstrom, "User Guide for
! MINPACK-1", Argonne National Laboratory report ANL-80-74 (1980), routine
! enorm.  The thresholds follow scipy's C MINPACK (scipy >= 1.15), which is
! the oracle this library is tested against.
module minpack_enorm
  use, intrinsic :: ieee_arithmetic, only: ieee_is_nan
  use scijit_kinds, only: dp, ip
  implicit none
  private
  public :: enorm, max_num, min_num

  ! Components above rgiant/n are summed scaled by their running maximum, so
  ! that the sum of squares cannot overflow; components below rdwarf likewise
  ! so that their squares do not underflow.  rgiant = 2**63.5 exactly rounded
  ! (the Fortran original writes the 4-digit values 1.304d19 and 3.834d-20).
  real(dp), parameter :: rgiant = 9223372036854775808.0_dp * sqrt(2.0_dp)
  real(dp), parameter :: rdwarf = 0.5_dp / rgiant

contains

  ! enorm: the Euclidean norm sqrt(sum x(i)**2) of x(1:n), computed with three
  ! partial sums (small, intermediate and large components) to avoid
  ! destructive underflow and overflow.  Returns 0 for n <= 0.
  pure function enorm(n, x) result(norm)
    integer(ip), intent(in) :: n
    real(dp), intent(in) :: x(n)
    real(dp) :: norm

    real(dp) :: s1, s2, s3, x1max, x3max, xabs, agiant
    integer(ip) :: i

    norm = 0.0_dp
    if (n <= 0) return

    s1 = 0.0_dp      ! large components, scaled by x1max
    s2 = 0.0_dp      ! intermediate components, unscaled
    s3 = 0.0_dp      ! small components, scaled by x3max
    x1max = 0.0_dp
    x3max = 0.0_dp
    agiant = rgiant / real(n, dp)

    do i = 1, n
      xabs = abs(x(i))
      if (xabs <= rdwarf .or. xabs >= agiant) then
        if (xabs > rdwarf) then
          if (xabs > x1max) then
            s1 = 1.0_dp + s1 * (x1max / xabs)**2
            x1max = xabs
          else
            s1 = s1 + (xabs / x1max)**2
          end if
        else
          if (xabs > x3max) then
            s3 = 1.0_dp + s3 * (x3max / xabs)**2
            x3max = xabs
          else if (xabs /= 0.0_dp) then
            s3 = s3 + (xabs / x3max)**2
          end if
        end if
      else
        s2 = s2 + xabs * xabs
      end if
    end do

    if (s1 /= 0.0_dp) then
      norm = x1max * sqrt(s1 + (s2 / x1max) / x1max)
    else if (s2 /= 0.0_dp) then
      if (s2 >= x3max) then
        norm = sqrt(s2 * (1.0_dp + (x3max / s2) * (x3max * s3)))
      else
        norm = sqrt(x3max * ((s2 / x3max) + (x3max * s3)))
      end if
    else
      norm = x3max * sqrt(s3)
    end if
  end function enorm

  ! max_num / min_num: the larger / smaller of a and b with C99 fmax / fmin
  ! semantics (IEEE 754-2008 maxNum/minNum): if exactly one argument is a NaN
  ! the other one is returned.  Fortran's MAX/MIN leave the NaN case to the
  ! processor; scipy's C MINPACK uses fmax/fmin, so we spell the rule out.
  elemental function max_num(a, b) result(c)
    real(dp), intent(in) :: a, b
    real(dp) :: c

    if (ieee_is_nan(a)) then
      c = b
    else if (ieee_is_nan(b)) then
      c = a
    else if (b > a) then
      c = b
    else
      c = a
    end if
  end function max_num

  elemental function min_num(a, b) result(c)
    real(dp), intent(in) :: a, b
    real(dp) :: c

    if (ieee_is_nan(a)) then
      c = b
    else if (ieee_is_nan(b)) then
      c = a
    else if (b < a) then
      c = b
    else
      c = a
    end if
  end function min_num

end module minpack_enorm
