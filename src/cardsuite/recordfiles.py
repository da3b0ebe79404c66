"""A record file (``cardsuite-record/1``) read through the bounded reader and written by the atomic writer."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping

from .core.errors import RecordError, message_of
from .core.record import as_record
from .files import RECORD_LIMIT, FileRefused, read_json
from .filewrites import write_atomically


def load_record(path: str | os.PathLike[str]) -> dict[str, object]:
    """Read a record file through the bounded reader (``cardsuite.files``); ``RecordError`` in one line.

    A FIFO, a device, a file over ``RECORD_LIMIT``, text that is not UTF-8, JSON nested too deep or holding
    huge numbers: each is refused without blocking, reading gigabytes or a traceback.
    """
    try:
        data = read_json(path, RECORD_LIMIT)
    except FileRefused as exc:
        raise RecordError(message_of(exc)) from None
    return as_record(data)


def save_record(path: str | os.PathLike[str], record: Mapping[str, object], *, exclusive: bool = False,
                make_folder: bool = True) -> None:
    """Write a record as indented JSON, atomically (``exclusive``: never over an existing file; without
    ``make_folder`` the folder must exist)."""
    write_atomically(path, json.dumps(record, indent=2, ensure_ascii=False) + "\n", exclusive=exclusive,
                     make_folder=make_folder)
