"""The online client's screens: the lobby, the home screen's Online dialog, and the remote table session.

They are protocol clients of ``cardsuite serve`` (``cardsuite.net.client``); the server never imports them.
"""
