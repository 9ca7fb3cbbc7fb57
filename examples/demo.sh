#!/usr/bin/env bash
# The README's demo command: set up (gfortran, .venv, scijit), then run the demo.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$ROOT/.ci/setup"
exec "$ROOT/.venv/bin/python" "$ROOT/examples/demo.py"
