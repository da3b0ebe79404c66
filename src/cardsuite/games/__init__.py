"""The built-in games. Each registers itself under the ``cardsuite.games`` entry-point group."""
