"""Atelier rule parameters: every name of spec §6.2 with its default (spec §6.1, §6.1b) and allowed values, plus the
per-file data replacements (`paintings_file`, `powers_file`, `patrons_file`, like Canvas's `art_cards_file`).

The spec defines no named rulesets: the printed rules are the defaults, and a house rule is a change of these values
or a replacement data file (spec §6.2).
"""

from __future__ import annotations

from typing import Any, Callable

from simkit.core.params import Param

MIN_PLAYERS, MAX_PLAYERS = 2, 4
MAX_DICE = 6
MAX_STUDENTS = 30
MAX_ROW = 12
MAX_PATRON_DEAL = 4
MAX_ROUNDS = 500
MAX_COST = 20  # Inspiration costs
TIE_BREAKS = ("paint", "first_master")  # spec §4.3, in the printed order
STUDENT_RETURN_CHOICES = ("player", "random")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _optional_int(low: int, high: int) -> Callable[[Any], str | None]:
    """null (no limit; leave the key out of a TOML file) or an integer in [low, high]."""
    def check(value: Any) -> str | None:
        if value is None or (_is_int(value) and low <= value <= high):
            return None
        return f"expected an integer in [{low}, {high}] or no value (no limit), got {value!r}"
    return check


def _player_counts(value: Any) -> str | None:
    if (isinstance(value, list) and all(_is_int(v) and MIN_PLAYERS <= v <= MAX_PLAYERS for v in value)
            and len(set(value)) == len(value)):
        return None
    return f"expected a list of distinct player counts in [{MIN_PLAYERS}, {MAX_PLAYERS}], got {value!r}"


def _tie_break(value: Any) -> str | None:
    if isinstance(value, list) and all(v in TIE_BREAKS for v in value) and len(set(value)) == len(value):
        return None
    return f"expected a list of distinct tie-breaks from {', '.join(TIE_BREAKS)} (empty: ties share), got {value!r}"


PARAMS = (
    Param("n_players", 4, "number of players", low=MIN_PLAYERS, high=MAX_PLAYERS),
    Param("paint_supply_limited", True, "paint is limited to the piles; false: piles never run out (§6.1 #1)"),
    Param("paint_per_colour", 15, "paint cylinders per pile at setup (§6.1 #1)", low=1, high=60),
    Param("inspiration_supply_limited", True, "Inspiration tokens are limited to inspiration_tokens (§6.1 #2)"),
    Param("inspiration_tokens", 20, "Inspiration tokens in the box (§6.1 #2)", low=0, high=99),
    Param("start_inspiration", 1, "Inspiration tokens per player at setup (§2.3)", low=0, high=20),
    Param("dice_per_player", 4, "dice per player (§2.1)", low=1, high=MAX_DICE),
    Param("students_per_player", 12, "students per player (§2.1)", low=1, high=MAX_STUDENTS),
    Param("row_size", 7, "face-up paintings in the row (§6.1 #10)", low=1, high=MAX_ROW),
    Param("patron_deal", 2, "patrons dealt to each player at setup (§6.1 #11)", low=1, high=MAX_PATRON_DEAL),
    Param("patron_keep", 1, "patrons each player keeps of those dealt (§6.1 #11)", low=1, high=MAX_PATRON_DEAL),
    Param("collect_ties_player_counts", [4], "player counts in which a tie for most students collects (§6.1 #12): "
          f"a list of distinct counts in [{MIN_PLAYERS}, {MAX_PLAYERS}]", check=_player_counts, kind=object),
    Param("allow_null_die_actions", False, "a die may be spent on an action with no effect (§6.1 #3)"),
    Param("student_return_choice", "player", "who picks the students returned when painting (§6.1 #4)",
          choices=STUDENT_RETURN_CHOICES),
    Param("max_rerolls_per_turn", None, "rerolls per turn: an integer in [0, 99], or unset for no limit (§6.1 #5)",
          check=_optional_int(0, 99), kind=object),
    Param("reroll_cost", 1, "Inspiration tokens per reroll (§6.1 #8)", low=0, high=MAX_COST),
    Param("inspiration_paint_cost", 2, "Inspiration tokens to paint without a die (§6.1 #8)", low=0, high=MAX_COST),
    Param("patron_draw_cost", 3, "Inspiration tokens to draw a patron (§6.1 #8)", low=0, high=MAX_COST),
    Param("inspiration_paint_is_main_action", False, "painting with Inspiration counts as the main action (§6.1 #6)"),
    Param("max_inspiration_paints_per_turn", None, "Inspiration paintings per turn: an integer in [0, 99], or unset "
          "for no limit (§6.1 #7)", check=_optional_int(0, 99), kind=object),
    Param("paint_hand_limit", None, "paint a player may hold: an integer in [1, 99], or unset for no limit "
          "(§6.1 #18)", check=_optional_int(1, 99), kind=object),
    Param("masterpieces_to_trigger", 3, "masterpieces that take the First Master token (§4.1)", low=1, high=20),
    Param("final_rounds_after_trigger", 1, "full rounds played after the trigger round (§4.1)", low=0, high=10),
    Param("first_master_vp", 4, "VP of the First Master token (§4.2)", low=0, high=99),
    Param("tie_break", list(TIE_BREAKS), "tie-breaks after the score, in order (§4.3): a list of distinct values "
          f"from {', '.join(TIE_BREAKS)}", check=_tie_break, kind=object),
    Param("max_rounds", 50, "safety bound: the game ends after this round, truncated (§4.4)", low=1, high=MAX_ROUNDS),
    Param("free_actions_after_b", False, "free actions stay legal after main action B (§6.1b #21)"),
    Param("data", "", "data folder with paintings.csv, powers.csv, patrons.csv and meta.toml ('' = the shipped "
          "reconstructed-v1 data; a path under the shipped folder such as 'alternatives/fewer-masterpieces' works)"),
    Param("paintings_file", "", "replacement paintings.csv ('' = the one in `data`)"),
    Param("powers_file", "", "replacement powers.csv ('' = the one in `data`)"),
    Param("patrons_file", "", "replacement patrons.csv ('' = the one in `data`)"),
)
PARAM_NAMES = tuple(p.name for p in PARAMS)


# Named rule overrides the conformance suite (tests/conformance) plays:
# every player count, and the notable rule options (spec §6.1, §6.1b) and alternative data (spec §7.2)
CONFORMANCE_CONFIGS = {
    "2p": {"n_players": 2},
    "3p": {"n_players": 3},
    "4p": {"n_players": 4},
    "3p-random-return-ties-null-actions": {"n_players": 3, "student_return_choice": "random",
                                           "collect_ties_player_counts": [2, 3, 4],
                                           "allow_null_die_actions": True},
    "4p-unlimited-supplies-limits-inspiration-main": {
        "n_players": 4, "paint_supply_limited": False, "inspiration_supply_limited": False,
        "max_rerolls_per_turn": 1, "max_inspiration_paints_per_turn": 1, "paint_hand_limit": 8,
        "inspiration_paint_is_main_action": True, "free_actions_after_b": True},
    "2p-stronger-powers-keep-2-of-3": {"n_players": 2, "data": "alternatives/stronger-powers",
                                       "patron_deal": 3, "patron_keep": 2, "tie_break": ["first_master"]},
    "3p-fewer-masterpieces-short": {"n_players": 3, "data": "alternatives/fewer-masterpieces",
                                    "max_rounds": 6, "final_rounds_after_trigger": 0, "row_size": 5},
}
