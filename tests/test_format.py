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
