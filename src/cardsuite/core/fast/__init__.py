"""The speed seam: what makes the built-in games fast, kept out of the contract a plugin author reads.

``views`` (views built on demand from immutable parts), ``facts`` (the public facts they share),
``intern`` (events and parsed actions made once) and ``native`` (what lets mypyc compile the hot modules).
A plugin needs none of it; ``docs/fast.md`` says what is fast, why, and how a plugin may opt in.
"""
