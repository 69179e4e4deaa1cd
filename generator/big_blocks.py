"""Big buffers go back to the system when they are freed (glibc), so a long command does not keep its peak.

glibc serves a request of 128 KiB or more from a mapping of its own, unmapped when freed, but it
raises that threshold to the size of the last such buffer freed (up to 32 MiB). After the first
card sheet's pixels (16 MiB blocks) were freed, every later sheet came from the heap and stayed
there: rasterising a 5,000-card deck's Tabletop Simulator sheets grew from 90 to 290 MB. A fixed
threshold keeps big buffers mapped; small objects are untouched.
"""

from __future__ import annotations

import sys

M_MMAP_THRESHOLD = -3  # mallopt's parameter (malloc.h); fixing it also stops the dynamic raise
THRESHOLD_BYTES = 1 << 20


def return_big_blocks() -> bool:
    """Fix glibc's mapping threshold at 1 MiB; False where the C library is not glibc (nothing changes)."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes  # here: `pnp --version` need not load it

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # musl has no mallopt
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    return bool(mallopt(M_MMAP_THRESHOLD, THRESHOLD_BYTES))
