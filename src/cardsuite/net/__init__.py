"""Tables across machines: the server (``cardsuite serve``), its protocol, persistence and clients.

The server is the only authority: it holds every match, validates every action with the rules core and
sends each connection only what its seat may know (a watcher: only what is public). See
``docs/protocol.md`` for the messages and ``docs/deploy.md`` for running it.
"""
