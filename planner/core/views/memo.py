"""Memoised views: several panels ask for the same figures, and an edit changes little.

Every panel on screen redraws after each edit, and several of them ask for the same build's
headroom rows; the variant comparison asks again for every variant, although an edit changes
only the one shown. Builds are immutable values, so a view of a build can be kept and handed
out again while its inputs are equal. The catalog is too large to hash on every call; it is
matched by identity instead (:class:`Same`), which is exact because a catalog is never changed
in place, only replaced.

:func:`clear` forgets everything, for benchmarks that time the cold path.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, Generic, TypeVar

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])

_CACHES: list[Any] = []


class Same(Generic[T]):
    """A key equal to another only when both hold the very same object.

    It keeps the object alive, so its ``id`` cannot be reused while the key is cached.
    """

    __slots__ = ("value",)

    def __init__(self, value: T) -> None:
        self.value = value

    def __hash__(self) -> int:
        return id(self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.value is self.value


def memoised(maxsize: int) -> Callable[[F], F]:
    """``functools.lru_cache``, registered so that :func:`clear` can empty it."""

    def wrap(func: F) -> F:
        cached = lru_cache(maxsize=maxsize)(func)
        _CACHES.append(cached)
        return cached  # type: ignore[return-value]

    return wrap


def clear() -> None:
    """Forget every memoised view."""
    for cache in _CACHES:
        cache.cache_clear()
