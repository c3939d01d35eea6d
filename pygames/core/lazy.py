"""Lazy bot worlds: a determinization deferred until the bot reads what it would resample.

:func:`pygames.core.bots.decide` hands a bot a world: ``state.quiet_world(seat, rng)``, a state
with everything the seat cannot know resampled from ``rng``. Most bots read only what their seat
knows, so a game may hand out instead a *lazy* world (:meth:`GameState.lazy_world`): a quiet
clone of the state from which every attribute the determinization would resample is REMOVED
(so nothing hidden is there to read), made by :func:`defer`. The first time anyone reads a
removed attribute (or the instance's ``__dict__``, or copies or pickles the world), or draws
from ``rng`` in any way, the deferred determinization runs in full: ``quiet_world(seat, rng)``
on the untouched state, from the stream as it was, and the lazy world takes over the result's
attributes. So the world and every later draw are exactly what the eager path gives; and if
nobody reads them, the resampling never happens (:func:`drop`, called by ``decide`` once the
bot has chosen, forgets the pending work).

A game whose bot draws from its stream but seldom reads what is resampled may instead move the
stream on past the determinization's draws at once (:meth:`Rng.skip`: their number and bounds
are public) and defer the world alone (:func:`defer_moved`): the bot then draws from the stream
where the eager path would have left it, and the world, which keeps its class, holds an
:class:`Unseen` in place of each resampled attribute and is determinized, from a copy of the
stream as it was, only if one of those is used.

The deferred work is found in a module-level table keyed by the ``id`` of the world and of the
stream (an entry holds both, so neither id can be reused while it is there), never on the world
itself. While the work is pending the world's class is a subclass of its game's class (same
layout) whose ``__getattr__`` (called only for missing attributes) runs it, and the stream's
class is :class:`_PendingRng`, whose every attribute access runs it first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from operator import attrgetter
from types import GetSetDescriptorType
from typing import TYPE_CHECKING, Any, TypeVar

from pygames.core.rng import Rng

if TYPE_CHECKING:
    from pygames.core.protocol import GameState

W = TypeVar("W", bound="GameState")


class _Pending:
    """One deferred determinization: of ``state`` for ``seat`` from ``source`` (``rng``, the
    decision's stream, or a copy of it as it was, :func:`defer_moved`), into ``world`` (whose
    own class is ``cls``)."""

    __slots__ = ("cls", "hidden", "rng", "seat", "source", "state", "world")

    def __init__(
        self, state: GameState, seat: int, rng: Rng, world: GameState, source: Rng
    ) -> None:
        self.state, self.seat, self.rng, self.world = state, seat, rng, world
        self.source = source
        self.cls = type(world)
        #: the attributes an :class:`Unseen` stands in for (:func:`defer_moved`)
        self.hidden: tuple[str, ...] = ()


#: the readers of the attributes :func:`defer_moved` hides, by name
_FINDERS: dict[str, Callable[[Any], Any]] = {}
#: the pending determinizations, by the id of their world and by the id of their stream
_PENDING: dict[int, _Pending] = {}


def can_defer(rng: Rng) -> bool:
    """Whether a world may be deferred on ``rng``: only a plain generator (a subclass that
    scripts its draws keeps its class and gets an eager world)."""
    return type(rng) is Rng


def defer(state: GameState, seat: int, rng: Rng, world: W, hidden: Iterable[str]) -> W:
    """Make ``world`` (a quiet clone of ``state``, its own, equal in every attribute but
    ``hidden`` to ``state.quiet_world(seat, rng)``) lazy: remove the ``hidden`` attributes
    (none may have a class-level default, which would be read in their place) and defer the
    determinization until one of them is read or ``rng`` is drawn from. ``state`` must not
    change while the work is pending (``decide`` drops it once the bot has chosen)."""
    assert can_defer(rng) and id(rng) not in _PENDING
    _hide(_Pending(state, seat, rng, world, rng), hidden)
    rng.__class__ = _PendingRng
    return world


def defer_moved(
    state: GameState, seat: int, origin: Rng, rng: Rng, world: W, hidden: Iterable[str]
) -> W:
    """:func:`defer` for a stream already moved on past every draw of the determinization
    (:meth:`Rng.skip`; ``origin``: a copy of it as it was, which nobody else holds): ``rng``
    stays a plain stream the bot may draw from at once, and ``world`` keeps its class (its
    attributes are read at full speed) with each ``hidden`` attribute an :class:`Unseen` in
    place of its value (its length, if a list, is public): any other use of one
    determinizes the world, from ``origin``; so does :meth:`GameState.to_json` or ``clone``,
    which read the stream first. :func:`drop` on ``rng`` forgets the work."""
    assert can_defer(rng) and can_defer(origin) and id(rng) not in _PENDING
    pending = _Pending(state, seat, rng, world, origin)
    pending.hidden = hidden = tuple(hidden)
    attributes = _instance_dict(world)
    for name in hidden:
        value = attributes[name]
        size = len(value) if isinstance(value, list) else 0
        find = _FINDERS.get(name)
        if find is None:
            find = _FINDERS[name] = attrgetter(name)
        attributes[name] = Unseen(world, size, find)
    _PENDING[id(rng)] = _PENDING[id(world)] = pending
    return world


def _hide(pending: _Pending, hidden: Iterable[str]) -> None:
    """Remove the ``hidden`` attributes of the pending world, file the work under the ids of
    the world and of its stream, and make the world lazy."""
    world, cls = pending.world, pending.cls
    for name in hidden:
        assert (cls, name) in _PLAIN or _plain(cls, name), f"{name} has a class-level default"
        delattr(world, name)  # (not through ``__dict__``: CPython keeps the compact layout)
    _PENDING[id(pending.rng)] = _PENDING[id(world)] = pending
    world.__class__ = _lazy_class(cls)


#: the (class, attribute) pairs found to have no class-level default
_PLAIN: set[tuple[type, str]] = set()


def _plain(cls: type, name: str) -> bool:
    """Whether ``cls`` has no class-level ``name`` (remembered when so)."""
    if hasattr(cls, name):
        return False
    _PLAIN.add((cls, name))
    return True


def materialize(obj: object) -> None:
    """Run the determinization pending on ``obj`` (a lazy world or its stream), if any."""
    pending = _PENDING.get(id(obj))
    if pending is None:
        return
    _release(pending)
    eager = pending.state.quiet_world(pending.seat, pending.source)
    attributes = _instance_dict(pending.world)
    attributes.clear()
    attributes.update(_instance_dict(eager))


def drop(rng: Rng) -> None:
    """Forget the determinization pending on ``rng``, if any: its world keeps only what it had
    (reading a removed attribute then fails) and the stream stays where it was."""
    pending = _PENDING.get(id(rng))
    if pending is not None:
        _release(pending)
        if pending.hidden:  # (a world of :func:`defer_moved`): no cycle left
            attributes = _instance_dict(pending.world)
            for name in pending.hidden:
                value = attributes.get(name)
                if type(value) is Unseen and value._world is pending.world:
                    value._world = None


def is_pending(obj: object) -> bool:
    """Whether a determinization is pending on ``obj`` (a world or a stream)."""
    return id(obj) in _PENDING


def _release(pending: _Pending) -> None:
    del _PENDING[id(pending.rng)], _PENDING[id(pending.world)]
    if type(pending.rng) is _PendingRng:
        object.__setattr__(pending.rng, "__class__", Rng)
    if type(pending.world) is not pending.cls:
        pending.world.__class__ = pending.cls


class _PendingRng(Rng):
    """A stream with a determinization pending on it: any attribute read or write (a draw, a
    copy, its state) runs that first, which also makes it a plain :class:`Rng` again."""

    __slots__ = ()

    def __getattribute__(self, name: str) -> Any:
        materialize(self)
        return object.__getattribute__(self, name)

    def __setattr__(self, name: str, value: Any) -> None:
        materialize(self)
        object.__setattr__(self, name, value)


#: the lazy subclass of each game's class (see :func:`_lazy_class`)
_LAZY: dict[type, type] = {}
#: the instance ``__dict__`` descriptor of each game's class
_DICTS: dict[type, Any] = {}


def _instance_dict(obj: object) -> dict[str, Any]:
    """The instance's own attribute dict, read without running any pending work."""
    cls = type(obj)
    attributes: dict[str, Any] = _dict_getter(cls).__get__(obj, cls)
    return attributes


def _dict_getter(cls: type) -> Any:
    """The descriptor of the instances' ``__dict__`` of ``cls`` (from the class that adds it)."""
    getter = _DICTS.get(cls)
    if getter is None:
        getter = next(
            k.__dict__["__dict__"]
            for k in cls.__mro__
            if isinstance(k.__dict__.get("__dict__"), GetSetDescriptorType)  # (not a lazy one)
        )
        _DICTS[cls] = getter
    return getter


def _lazy_class(cls: type) -> type:
    """The lazy subclass of ``cls``: reading a missing attribute, the ``__dict__``, or copying
    or pickling an instance runs its pending determinization first."""
    lazy = _LAZY.get(cls)
    if lazy is None:
        getter = _dict_getter(cls)

        def __getattr__(self: Any, name: str) -> Any:
            if id(self) not in _PENDING:
                raise AttributeError(name)
            materialize(self)
            return getattr(self, name)

        def whole(self: Any) -> dict[str, Any]:
            materialize(self)
            attributes: dict[str, Any] = getter.__get__(self, cls)
            return attributes

        def __reduce_ex__(self: Any, protocol: Any) -> Any:
            materialize(self)
            return self.__reduce_ex__(protocol)

        def to_json(self: Any) -> Any:
            materialize(self)
            return self.to_json()

        def clone(self: Any) -> Any:
            materialize(self)
            return self.clone()

        namespace = {
            "__slots__": (),
            "__getattr__": __getattr__,
            "__dict__": property(whole),
            "__reduce_ex__": __reduce_ex__,
            "to_json": to_json,
            "clone": clone,
            "__doc__": f"A lazy world of {cls.__name__} (see pygames.core.lazy).",
        }
        lazy = _LAZY[cls] = type(f"Lazy{cls.__name__}", (cls,), namespace)
    return lazy


class Unseen:
    """A hidden list of a lazy world (a hand among the hands) left in place of the list: its
    length is public; any other use runs the pending determinization and is then that of the
    list the world holds after it (``find(world)``)."""

    __slots__ = ("_find", "_size", "_world")
    _world: object  # (None once its world was dropped, when :func:`defer_moved` made it)

    def __init__(self, world: object, size: int, find: Callable[[Any], list[Any]]) -> None:
        self._world, self._size, self._find = world, size, find

    def __len__(self) -> int:
        return self._size

    def real(self) -> list[Any]:
        """The list in its place once the world is determinized."""
        materialize(self._world)
        found = None if self._world is None else self._find(self._world)
        if found is None or id(found) == id(self):  # (still this placeholder: not resampled)
            raise LookupError("the determinization of this world was dropped")
        return found

    def __iter__(self) -> Iterator[Any]:
        return iter(self.real())

    def __getitem__(self, index: Any) -> Any:
        return self.real()[index]

    def __contains__(self, item: object) -> bool:
        return item in self.real()

    def __eq__(self, other: object) -> bool:
        return self.real() == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self.real())

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real(), name)
