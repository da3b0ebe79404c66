"""Screens: the home form, the table (the mediator), the hand-off cover and small modal choices."""
