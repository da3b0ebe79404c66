"""What lets the rules engines be compiled by mypyc (``make compiled``) and still run as plain Python.

The rules engines run as plain Python. ``make compiled`` can also compile the hot modules with mypyc,
which turns their classes into fixed-layout C types; a few classes need a word about that (a view's facts
class extends a slotted Python class and must stay a Python class; a state's ``clone`` makes it
without ``__init__``). mypyc reads the decorator from the type checker's view, where it is mypy's own
``mypy_extensions.mypyc_attr``; at run time it is a decorator that returns the class unchanged, so the
package needs neither mypy nor a compiler.

``shallow_copy`` makes a state's ``clone`` the same way in both forms.

>>> @mypyc_attr(native_class=False)
... class Plain:
...     pass
>>> Plain.__name__
'Plain'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*flags, **settings):
        """No effect when interpreted: mypyc reads the flags when it compiles a module."""
        return lambda cls: cls

T = TypeVar("T")


def shallow_copy(obj: T) -> T:
    """A new ``type(obj)`` with the same attribute values, made without ``__init__`` (a state's ``clone``).

    Interpreted, every attribute is in ``__dict__``. A class compiled by mypyc keeps its own attributes in
    fixed fields, listed in its ``__mypyc_attrs__``, and those an interpreted base class declares
    (``TurnState._seat_logs``, unless the class declares them again) in ``__dict__``, which a compiled
    object makes only when the first of those is set: both are copied. (``copy.copy`` would hand a compiled copy the
    very same ``__dict__`` object, so a clone would move its original's turn.) The class must let
    ``__new__`` make an instance without ``__init__``: ``mypyc_attr(serializable=True)`` says so to mypyc.
    """
    cls = type(obj)
    other = cls.__new__(cls)
    try:
        attributes = obj.__dict__
    except AttributeError:  # compiled, and nothing set outside the fixed fields: mypyc makes the dict when needed
        pass
    else:
        other.__dict__ = dict(attributes)
    for name in getattr(cls, "__mypyc_attrs__", ()):  # only when compiled
        if name != "__dict__" and hasattr(obj, name):
            setattr(other, name, getattr(obj, name))
    return other


__all__ = ["mypyc_attr", "shallow_copy"]
