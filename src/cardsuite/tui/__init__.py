"""The Textual table: play any registered game at the keyboard, hot-seat or against CPUs.

The TUI holds no rules. It shows ``state.view(seat)`` for the person at the screen and sends actions
through ``Match.act``; everything game-specific comes from the contract (``game.describe_action``,
``view.table``, ``view.seats``) or from a small optional panel in ``panels.py``.
"""
