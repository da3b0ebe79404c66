"""``python -m cardsuite``: the same as the ``cardsuite`` command."""

from cardsuite.cli import main

main()
