"""format_f: Python's '%f' inside @njit, for every double."""
import math
import random

import numpy as np

from scijit._format import format_f


def test_format_f_is_pythons_percent_f():
    rng = random.Random(12)
    values = [0.0, -0.0, 1.0, -1.0, 1.49012e-08, 9.2e12, 9.3e18, 1e300, -1e300, 5e-7, 2.5e-6,
              1.5e-6, 0.5, 1e-320, 5e-324, 1.7976931348623157e308, 0.9999995, 99.9999995,
              float(np.nextafter(5e-7, 0)), -1e-9, math.inf, -math.inf, math.nan]
    values += [k * 2.0 ** -21 for k in range(-300, 300)]          # exact halves
    for _ in range(2000):
        values.append(rng.uniform(-1, 1) * 10 ** rng.uniform(-12, 30))
        values.append(rng.randint(-10 ** 7, 10 ** 7) / 10 ** rng.randint(0, 9)
                      + rng.choice([0.0, 5e-7, -5e-7]))
    wrong = [(v, format_f(v), "%f" % v) for v in values if format_f(v) != "%f" % v]
    assert not wrong, wrong[:5]


def test_format_repr_is_pythons_repr():
    from scijit._format import format_repr
    rng = random.Random(5)
    values = [0.0, -0.0, 1.0, 0.1, 1e22, 1e16, 1e15, 1e-4, 1e-5, 1.48e-8, math.sqrt(2.2e-16),
              5e-324, 1e-320, 2.2250738585072014e-308, 1.7976931348623157e308, 123456.789,
              -2.5, 100.0, 9007199254740993.0, 2.0 ** 52, 2.0 ** -1022, 0.3, 2 / 3, 1e23,
              8.41e21, math.inf, -math.inf, math.nan]
    for _ in range(3000):
        values.append(rng.uniform(-1, 1) * 10 ** rng.uniform(-320, 308))
        values.append(float(np.frombuffer(rng.getrandbits(64).to_bytes(8, "little"),
                                          np.float64)[0]))
        values.append(rng.randint(1, 10 ** 6) / 10 ** rng.randint(0, 12))
        values.append(2.0 ** rng.randint(-1074, 1023))
    wrong = [(v, format_repr(v), repr(v)) for v in values if format_repr(v) != repr(v)]
    assert not wrong, wrong[:5]
