! Vector helpers of the truncated-Newton solver: plain loops in a fixed
! order (no BLAS), so that every sum is the one scipy's tnc.c computes.
module tnc_vectors
  use scijit_kinds, only: dp, huge_dp
  implicit none
  private
  public :: seq_dot, scaled_norm, zero_pinned, zero_fixed, to_internal, to_user, &
       clamp, scale_gradient, is_minus_inf, is_plus_inf

contains

  ! seq_dot: sum over i = 1..n of a(i)*b(i), accumulated in index order.
  pure real(dp) function seq_dot(n, a, b) result(s)
    integer, intent(in) :: n
    real(dp), intent(in) :: a(n), b(n)
    integer :: i
    s = 0.0_dp
    do i = 1, n
      s = s + b(i) * a(i)
    end do
  end function seq_dot

  ! scaled_norm: the Euclidean norm of v by the scaled sum of squares (the
  ! running scale is the largest |v(i)| so far, as the reference BLAS
  ! dnrm2 of LINPACK/LAPACK 3.0 does), which neither overflows nor
  ! underflows.
  pure real(dp) function scaled_norm(n, v) result(s)
    integer, intent(in) :: n
    real(dp), intent(in) :: v(n)
    real(dp) :: ssq, big, mag, ratio
    integer :: i
    ssq = 1.0_dp
    big = 0.0_dp
    do i = 1, n
      if (v(i) /= 0.0_dp) then
        mag = abs(v(i))
        if (big < mag) then
          ratio = big / mag
          ssq = 1.0_dp + ssq * ratio * ratio
          big = mag
        else
          ratio = mag / big
          ssq = ssq + ratio * ratio
        end if
      end if
    end do
    s = big * sqrt(ssq)
  end function scaled_norm

  ! zero_pinned: v(i) = 0 for every variable held at a bound or fixed
  ! (pivot(i) /= 0): the projection onto the free subspace.
  pure subroutine zero_pinned(n, v, pivot)
    integer, intent(in) :: n
    real(dp), intent(inout) :: v(n)
    integer, intent(in) :: pivot(n)
    where (pivot /= 0) v = 0.0_dp
  end subroutine zero_pinned

  ! zero_fixed: v(i) = 0 for every variable with a zero scale (a constant).
  pure subroutine zero_fixed(n, v, xscale)
    integer, intent(in) :: n
    real(dp), intent(inout) :: v(n)
    real(dp), intent(in) :: xscale(n)
    where (xscale == 0.0_dp) v = 0.0_dp
  end subroutine zero_fixed

  ! to_internal: x <- (x - xoffset) / xscale where xscale > 0 (the solver's
  ! variables; a constant variable keeps its value).
  pure subroutine to_internal(n, x, xscale, xoffset)
    integer, intent(in) :: n
    real(dp), intent(inout) :: x(n)
    real(dp), intent(in) :: xscale(n), xoffset(n)
    integer :: i
    do i = 1, n
      if (xscale(i) > 0.0_dp) x(i) = (x(i) - xoffset(i)) / xscale(i)
    end do
  end subroutine to_internal

  ! to_user: x <- x*xscale + xoffset (back to the user's variables).
  pure subroutine to_user(n, x, xscale, xoffset)
    integer, intent(in) :: n
    real(dp), intent(inout) :: x(n)
    real(dp), intent(in) :: xscale(n), xoffset(n)
    integer :: i
    do i = 1, n
      x(i) = x(i) * xscale(i) + xoffset(i)
    end do
  end subroutine to_user

  ! clamp: x <- the nearest point of the box [lo, hi] (NaN stays NaN).
  pure subroutine clamp(n, x, lo, hi)
    integer, intent(in) :: n
    real(dp), intent(inout) :: x(n)
    real(dp), intent(in) :: lo(n), hi(n)
    integer :: i
    do i = 1, n
      if (x(i) < lo(i)) then
        x(i) = lo(i)
      else if (x(i) > hi(i)) then
        x(i) = hi(i)
      end if
    end do
  end subroutine clamp

  ! scale_gradient: g <- g * (xscale * fscale), the user's gradient in the
  ! solver's variables and scaled objective.
  pure subroutine scale_gradient(n, g, xscale, fscale)
    integer, intent(in) :: n
    real(dp), intent(inout) :: g(n)
    real(dp), intent(in) :: xscale(n), fscale
    integer :: i
    do i = 1, n
      g(i) = g(i) * (xscale(i) * fscale)
    end do
  end subroutine scale_gradient

  ! is_minus_inf / is_plus_inf: v is -Inf / +Inf (a missing bound).  False
  ! for NaN, as C's `v == -HUGE_VAL` is.
  elemental logical function is_minus_inf(v)
    real(dp), intent(in) :: v
    is_minus_inf = v < -huge_dp
  end function is_minus_inf

  elemental logical function is_plus_inf(v)
    real(dp), intent(in) :: v
    is_plus_inf = v > huge_dp
  end function is_plus_inf

end module tnc_vectors
