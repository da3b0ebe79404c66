"""Files on disk: autosaves, the history database, ratings and settings (platformdirs folders).

Storage is the I/O layer above the pure core: ``cardsuite.core`` never imports it. Every damaged file
it meets is moved aside with a timestamp and reported in one line (see ``paths.take_notices``); the
program carries on with what is left.
"""
