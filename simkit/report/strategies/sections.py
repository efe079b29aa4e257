"""The sections every strategy report writes the same way: the quick-run note, the head (answer, set-up, data
sets), the families' win shares, ratings and seats, sensitivity and precision; and the set-up lines on seeds and
intervals."""

from __future__ import annotations

from typing import Sequence

from simkit.report.document import Document
from simkit.report.endings import cap_warning
from simkit.report.strategies import display as D
from simkit.report.strategies import figures as SF
from simkit.report.strategies.headlines import Headline
from simkit.report.strategies.tables import TARGET_HALFWIDTH

INTERVALS_LINE = ("Intervals: 95%. Games that share a deal are dependent, so every interval is over deals (the "
                  "cluster `lineup|deal`): win shares and rates are means per deal with a t interval over deals; "
                  "Plackett–Luce intervals are cluster-robust (sandwich) over deals; the seat test is Hotelling's T² "
                  "over deals.")


QUICK_GAMES = ". QUICK run: small samples, wide intervals, the precision target is not met."


def run_lines(res, common: str, speed: str = "") -> list[str]:
    """The set-up's last lines: the seeds (`common`: what the data sets share on a seed), the intervals, and the run
    time (`speed`: more about the play, inside its parentheses)."""
    return [f"Seeds: lineup i at n players has master seed {res.settings.seed} + 1000 n + i, the same on every data "
            f"set (common random numbers: {common}).",
            INTERVALS_LINE,
            f"Run time: {res.seconds.get('total', 0):.0f} s with {res.jobs} job(s) (playing "
            f"{res.seconds.get('play', 0):.0f} s{speed})."]


def opening(res, cap_reason: str | None, intro: str) -> Document:
    """The document with its title, the quick-run note, a warning per part (shipped data, alternative data sets)
    where games reached the safety bound `cap_reason`, and the introduction."""
    doc = Document(f"{res.game_title}: which strategy wins?" + (" (QUICK run)" if res.settings.quick else ""))
    if res.settings.quick:
        quick_note(doc)
    found = [cap_warning(res.main, ["n_players"], cap_reason),
             cap_warning(res.sensitivity, ["data_set", "n_players"], cap_reason)]
    for part, warning in zip(("Shipped data", "Alternative data sets"), found):
        if warning:
            doc.text(f"{part}: {warning}")
    doc.text(intro)
    return doc


def quick_note(doc: Document) -> None:
    doc.text("QUICK run: small samples for a smoke test. The intervals are wide and the precision target "
             f"(95% half-width <= {TARGET_HALFWIDTH * 100:.0f} points per win share) is not met; do not read "
             "the verdicts.")


def head(doc: Document, answer: list[str], setup: list[str], data_sets: list[str]) -> None:
    for title, items in (("Answer", answer), ("Set-up", setup), ("Data sets", data_sets)):
        doc.heading(title)
        doc.bullets(items)


def family_sections(doc: Document, t, ranks: str) -> None:
    """Which family wins, the Plackett–Luce ratings (`ranks` says what orders a game's players) and the seats."""
    doc.heading("Which family wins")
    doc.figure(SF.WIN_SHARE, "Win share per seat of each family (ties split), mean per deal, 95% t intervals over "
                             "deals; dotted: the fair share 1/n.")
    doc.table(D.win_share_display(t["win_share"]))
    doc.heading("Plackett–Luce ratings")
    doc.text(f"Log-strengths from the whole finishing order of every game ({ranks}; a shared rank splits the "
             "choice), centred to mean 0: a difference of 1 multiplies the odds of finishing ahead by e ≈ 2.7. "
             "Intervals are cluster-robust over deals.")
    doc.figure(SF.RATINGS, "Plackett–Luce log-strengths with 95% cluster-robust intervals.")
    doc.table(D.ratings_display(t["ratings"]))
    doc.heading("Seat advantage")
    doc.figure(SF.SEATS, "Win share by position in turn order (1 = first player), 95% intervals over deals; p: "
                         "Hotelling's T² over deals that every position wins equally often.")
    doc.table(D.seat_display(t["seats"]))


def sensitivity_section(doc: Document, t, verdicts: str, best: str, headlines: Sequence[Headline],
                        counts: Sequence[int]) -> None:
    """The headlines on every data set (`verdicts` lists the qualitative ones, `best` how the best family holds),
    the sensitivity figure, and the precision reached."""
    doc.heading("Sensitivity to the reconstructed data")
    doc.text(f"Each headline is stated the same way on every data set. A verdict ({verdicts}) holds when it is the "
             f"same as on the shipped data; {best} (95% intervals overlap). A quantity holds when within a tolerance "
             "of the shipped value: "
             + "; ".join(f"{h.key}: {h.tolerance_text}" for h in headlines if h.tolerance is not None)
             + ". Cells marked '(differs)' do not hold.")
    met = "all within" if t["precision"]["target_met"].all() else "not all within"
    doc.figure(SF.SENSITIVITY, "Each family's win share (%) on each data set, coloured by its distance from the "
                               f"fair share (intervals: win_share.parquet, {met} ±{TARGET_HALFWIDTH * 100:.0f} "
                               "points); right: headlines that hold on that data set.")
    for n in counts:
        doc.text("Solo:" if n == 1 else f"{n} players:")
        doc.table(D.headlines_display(t["headlines"], n))
    doc.heading("Precision")
    doc.text(f"Largest 95% half-width of a family win share per data set and player count (target <= "
             f"{TARGET_HALFWIDTH:.2f}).")
    doc.table(t["precision"])

