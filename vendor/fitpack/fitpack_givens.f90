! Givens rotations, banded back substitution and the rational root finder
! shared by the FITPACK fitting routines.
!
! P. Dierckx, Curve and Surface Fitting with Splines, Oxford 1993
! (chapter 4: least-squares by Givens rotations without storing Q;
! chapter 5: the smoothing parameter p as the root of f(p) = s).
! Banded matrices are stored by rows: a(i,1) is the diagonal element of
! row i and a(i,j) the element j-1 places to its right.
module fitpack_givens
  use scijit_kinds, only: dp, ip
  implicit none
  private
  public :: fpgivs, fprota, fpback, fpback_inplace, fpbacp, fpbacp_inplace, fprati

contains

  ! fpgivs: the Givens rotation (cos, sin) that zeroes piv against the
  ! diagonal element ww; ww becomes sqrt(ww**2 + piv**2), computed without
  ! overflow.
  pure subroutine fpgivs(piv, ww, cos, sin)
    real(dp), intent(in) :: piv
    real(dp), intent(inout) :: ww
    real(dp), intent(out) :: cos, sin
    real(dp) :: dd, store

    store = abs(piv)
    if (store >= ww) then
      dd = store * sqrt(1.0_dp + (ww / piv) * (ww / piv))
    else
      dd = ww * sqrt(1.0_dp + (piv / ww) * (piv / ww))
    end if
    cos = ww / dd
    sin = piv / dd
    ww = dd
  end subroutine fpgivs

  ! fprota: apply the rotation (cos, sin) to the pair (a, b).
  pure subroutine fprota(cos, sin, a, b)
    real(dp), intent(in) :: cos, sin
    real(dp), intent(inout) :: a, b
    real(dp) :: stor1, stor2

    stor1 = a
    stor2 = b
    b = cos * stor2 + sin * stor1
    a = cos * stor1 - sin * stor2
  end subroutine fprota

  ! fpback: solve a*c = z for an n x n upper triangular band matrix a of
  ! bandwidth k (a(i,1) the diagonal).
  pure subroutine fpback(a, z, n, k, c, nest)
    integer(ip), intent(in) :: n, k, nest
    real(dp), intent(in) :: a(nest, k), z(n)
    real(dp), intent(out) :: c(n)

    c = z
    call fpback_inplace(a, n, k, c, nest)
  end subroutine fpback

  ! fpback_inplace: fpback with the right-hand side given in c.
  pure subroutine fpback_inplace(a, n, k, c, nest)
    integer(ip), intent(in) :: n, k, nest
    real(dp), intent(in) :: a(nest, k)
    real(dp), intent(inout) :: c(n)
    real(dp) :: store
    integer(ip) :: i, i1, j, l, m

    c(n) = c(n) / a(n, 1)
    i = n - 1
    do j = 2, n
      store = c(i)
      i1 = k - 1
      if (j <= k - 1) i1 = j - 1
      m = i
      do l = 1, i1
        m = m + 1
        store = store - c(m) * a(i, l + 1)
      end do
      c(i) = store / a(i, 1)
      i = i - 1
    end do
  end subroutine fpback_inplace

  ! fpbacp: solve g*c = z for the triangularised periodic observation
  ! matrix g = [a b] (Dierckx 6.1): a an (n-k) x (n-k) upper triangular band
  ! matrix of bandwidth k1, b an n x k matrix for the last k unknowns.
  pure subroutine fpbacp(a, b, z, n, k, c, k1, nest)
    integer(ip), intent(in) :: n, k, k1, nest
    real(dp), intent(in) :: a(nest, k1), b(nest, k), z(n)
    real(dp), intent(out) :: c(n)

    c = z
    call fpbacp_inplace(a, b, n, k, c, k1, nest)
  end subroutine fpbacp

  ! fpbacp_inplace: fpbacp with the right-hand side given in c.
  pure subroutine fpbacp_inplace(a, b, n, k, c, k1, nest)
    integer(ip), intent(in) :: n, k, k1, nest
    real(dp), intent(in) :: a(nest, k1), b(nest, k)
    real(dp), intent(inout) :: c(n)
    real(dp) :: store
    integer(ip) :: i, i1, j, l, l0, l1, n2

    n2 = n - k
    l = n
    do i = 1, k
      store = c(l)
      j = k + 2 - i
      if (i /= 1) then
        l0 = l
        do l1 = j, k
          l0 = l0 + 1
          store = store - c(l0) * b(l, l1)
        end do
      end if
      c(l) = store / b(l, j - 1)
      l = l - 1
      if (l == 0) return
    end do
    do i = 1, n2
      store = c(i)
      l = n2
      do j = 1, k
        l = l + 1
        store = store - c(l) * b(i, j)
      end do
      c(i) = store
    end do
    i = n2
    c(i) = c(i) / a(i, 1)
    if (i == 1) return
    do j = 2, n2
      i = i - 1
      store = c(i)
      i1 = k
      if (j <= k) i1 = j - 1
      l = i
      do l0 = 1, i1
        l = l + 1
        store = store - c(l) * a(i, l0 + 1)
      end do
      c(i) = store / a(i, 1)
    end do
  end subroutine fpbacp_inplace

  ! fprati: the zero p of the rational function r(p) = (u*p+v)/(p+w) through
  ! (p1,f1), (p2,f2), (p3,f3) (p3 < 0 stands for p3 = infinity); then
  ! (p1,f1) or (p3,f3) is replaced by (p2,f2) so that f1 > 0 > f3 again.
  pure subroutine fprati(p1, f1, p2, f2, p3, f3, p)
    real(dp), intent(inout) :: p1, f1, p3, f3
    real(dp), intent(in) :: p2, f2
    real(dp), intent(out) :: p
    real(dp) :: h1, h2, h3

    if (p3 > 0.0_dp) then
      h1 = f1 * (f2 - f3)
      h2 = f2 * (f3 - f1)
      h3 = f3 * (f1 - f2)
      p = -(p1 * p2 * h3 + p2 * p3 * h1 + p3 * p1 * h2) / (p1 * h1 + p2 * h2 + p3 * h3)
    else
      p = (p1 * (f1 - f3) * f2 - p2 * (f2 - f3) * f1) / ((f1 - f2) * f3)
    end if
    if (f2 < 0.0_dp) then
      p3 = p2
      f3 = f2
    else
      p1 = p2
      f1 = f2
    end if
  end subroutine fprati

end module fitpack_givens
