"""The browser seat's page: textual-serve's terminal script on a page of cardsuite's own, loading nothing
from another site.

The page asks this server for everything it loads: textual-serve's script, style and font (Roboto Mono,
the terminal's own look, from the files textual-serve ships) from ``/static/``, and its terminal socket, so
no visitor's address reaches a third party. Its few words (the cover while the table starts, and when the
session has ended) are in the visitor's language. textual-serve's script wants an element of class
``textual-terminal`` with the socket's address and the font size in its data, and a ``#start`` button for a
link with ``delay``; the page's one inline script makes the buttons start the session again.
"""

from __future__ import annotations

from html import escape

from ..core.message import N_
from ..i18n import translations

STATIC = "/static/"
FONT = "Roboto Mono"
"""The terminal's font (the name textual-serve's script asks for), served from ``FONT_FILES``."""
FONT_FILES = {"normal": "fonts/RobotoMono-VariableFont_wght.ttf",
              "italic": "fonts/RobotoMono-Italic-VariableFont_wght.ttf"}
"""The font's files under ``/static/`` by style: textual-serve ships them (variable weights 100-700). The
upright one is preloaded, so it is there when the terminal measures its cells on the page's load."""
FONT_STACK = f'"{FONT}", ui-monospace, Menlo, Consolas, "DejaVu Sans Mono", monospace'
"""The cover's font: the terminal's, else whichever monospace the visitor's machine has."""

LOADING = N_("Loading…")
ENDED = N_("The session has ended.")
START = N_("Start")
AGAIN = N_("Open again")

_SCRIPT = """
document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll("button")) {
    button.addEventListener("click", () => {
      const url = new URL(window.location.href);
      url.searchParams.delete("delay");
      window.location.href = url.pathname + url.search;
    });
  }
});
"""

_FONT_FACES = "".join(
    f'@font-face {{ font-family: "{FONT}"; font-style: {style}; font-weight: 100 700; font-display: swap; '
    f'src: url("{STATIC}{path}") format("truetype"); }}\n' for style, path in FONT_FILES.items())

_PRELOAD = FONT_FILES["normal"]

_STYLE = _FONT_FACES + """
html, body { margin: 0; height: 100%; background: #0c181f; }
.cover { position: absolute; inset: 0; z-index: 10; display: flex; flex-direction: column; align-items: center;
         justify-content: center; gap: 16px; background: #0c181f; color: rgba(255, 255, 255, 0.95);
         font: 16px FONT_STACK; }
.cover button { padding: 12px 28px; border: none; background: #5e0ba7; color: inherit; font: inherit;
                cursor: pointer; }
.cover button:hover { background: #ac5af4; }
body.-first-byte .intro { display: none; }
.closed, #start { display: none; }
body.-closed .closed, #start.-delay { display: flex; }
.textual-terminal { position: absolute; inset: 0; opacity: 0; transition: opacity 0.3s ease-out; }
body.-first-byte .textual-terminal { opacity: 1; }
""".replace("FONT_STACK", FONT_STACK)


def page_html(socket: str, font_size: int, language: str) -> str:
    """The page whose terminal opens ``socket`` at ``font_size`` pixels, its words in ``language``."""
    words = translations(language)

    def say(message: str) -> str:
        return escape(words.gettext(message))

    return f"""<!DOCTYPE html>
<html lang="{escape(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cardsuite</title>
<link rel="preload" href="{STATIC}{_PRELOAD}" as="font" type="font/ttf" crossorigin>
<link rel="stylesheet" href="{STATIC}css/xterm.css">
<script src="{STATIC}js/textual.js"></script>
<style>{_STYLE}</style>
<script>{_SCRIPT}</script>
</head>
<body>
<div class="cover intro"><p>cardsuite</p><p>{say(LOADING)}</p>
<button type="button" id="start">{say(START)}</button></div>
<div class="cover closed"><p>{say(ENDED)}</p><button type="button">{say(AGAIN)}</button></div>
<div id="terminal" class="textual-terminal" data-session-websocket-url="{escape(socket)}"
     data-font-size="{int(font_size)}"></div>
</body>
</html>
"""
