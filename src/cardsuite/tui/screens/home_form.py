"""What a person has put into the home form, kept while the form is rebuilt (another game, player count or
language, or back from a table), so that nothing typed is lost without a word.

Each field is what its widget held: a seat's name and kind by seat number, the options of one game by key
(kept only while that game stays chosen), the seed's text, the speed and the three switches. ``None``
means "the form's default".
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..config import TableConfig


@dataclass
class FormState:
    """The home form's values, as its widgets held them."""

    game: str = ""
    names: dict[int, str] = field(default_factory=dict)
    kinds: dict[int, str] = field(default_factory=dict)
    """Each seat's list value: ``human`` or ``cpu:<level>``."""
    options: dict[str, object] = field(default_factory=dict)
    """The options of ``game``, by key."""
    seed: str = ""
    speed: str | None = None
    four_colour: bool | None = None
    ascii: bool | None = None
    auto_play: bool | None = None

    @classmethod
    def of_table(cls, config: TableConfig) -> FormState:
        """The form that would open ``config``'s table again (its seed left random)."""
        return cls(
            game=config.game,
            names={n: seat.name for n, seat in enumerate(config.seats)},
            kinds={n: "human" if seat.kind == "human" else f"cpu:{seat.level}" for n, seat in enumerate(config.seats)},
            options=dict(config.options),
            four_colour=config.four_colour,
            auto_play=config.auto_play,
        )

    def options_for(self, game: str) -> dict[str, object]:
        """The kept options when ``game`` is the game they were chosen for; none otherwise."""
        return self.options if game == self.game else {}
