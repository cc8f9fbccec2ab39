"""Loading what a process keeps for its life (a library of books, a search index) without the
cyclic garbage collector walking it again and again as it grows.

CPython runs a collection every few hundred new container objects; while hundreds of
thousands of long-lived ones are made in one go, each collection walks all made so far, for
nothing (none of them is garbage yet). Loading twelve copies of the corpus took 1.49 s for
the library and 2.2 s for the index that way, 0.78 s and 1.05 s without.
"""

from __future__ import annotations

import ctypes
import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def loading() -> Iterator[None]:
    """Pause the cyclic collector while the block loads long-lived data (process-wide: other
    threads' garbage waits for the block's end, as reference counting frees most of it).

    >>> with loading():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def give_back() -> bool:
    """Return to the OS the memory that loading used and freed (the parsed files a load
    reads, copied into what it keeps): with the C library's `malloc_trim` where it has one
    (GNU libc); elsewhere nothing is done. Each thread that loaded has an arena of its own,
    whose free pages the allocator keeps otherwise. Returns whether memory was given back.

    >>> released = give_back()  # e.g. once a server has read its index
    """
    try:
        trim = ctypes.CDLL(None).malloc_trim  # the C library the interpreter runs on
    except (AttributeError, OSError, TypeError):  # another C library, or no such loading
        return False
    return bool(trim(0))


def collect() -> bool:
    """Free what a swap of builds left behind now (the old library's and index's objects refer
    to each other, so reference counting alone never frees them: the cyclic collector would, at
    a moment of its own) and give the pages back to the OS (`give_back`). Returns whether
    memory was given back.

    >>> released = collect()  # e.g. once a rebuilt knowledge base replaced the old one
    """
    gc.collect()
    return give_back()


ARENAS = 2  # malloc arenas of a server: its threads share them (glibc's default: 8 per core)
M_ARENA_MAX = -8  # mallopt's parameter for it (glibc's malloc.h)


def limit_arenas(arenas: int = ARENAS) -> bool:
    """Let the C library's allocator keep at most `arenas` arenas, for every thread started
    after (`mallopt(M_ARENA_MAX)`, GNU libc; elsewhere nothing is done). A server's threads
    each got an arena of their own, whose freed pages stayed with it: ten rebuilds, each
    loaded by whichever thread met it first, took a server from 280 to 340 MB, against 275
    to 295 MB with two arenas. Returns whether the limit was set.

    >>> limited = limit_arenas()  # e.g. as a server starts
    """
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (AttributeError, OSError, TypeError):
        return False
    return bool(mallopt(M_ARENA_MAX, arenas))
