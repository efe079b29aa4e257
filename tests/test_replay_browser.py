"""The HTML replay in a real headless browser (Debian's Chromium driven by Playwright): the page loads from a file
with no network, steps forward and back by keys, buttons and slider, shows the policies' candidates, and logs no
console error."""

from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from simkit.core.provenance import RunRecord
from simkit.replay.html import write_html
from simkit.replay.play import replay_game

CHROMIUM = Path("/usr/bin/chromium")  # Debian's package (.ci/run installs it); Playwright downloads no browser
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run"]


@pytest.fixture
def page_file(tmp_path, experiment):
    """The page of a Canvas game (conftest's experiment: greedy, planner, random), explained."""
    replay = replay_game(RunRecord.from_experiment(experiment, experiment.seed), "baseline", 3, 2, explain=True)
    path = write_html(replay, tmp_path / "game.html")
    return path, replay


def test_the_replay_page_steps_both_ways_without_errors(page_file):
    path, replay = page_file
    n = len(replay.decisions)
    assert CHROMIUM.exists(), f"{CHROMIUM} is missing: apt-get install chromium (.ci/run does)"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page()
        errors, requests = [], []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("request", lambda r: requests.append(r.url))
        page.goto(path.as_uri())

        def counter():
            return page.text_content("#counter")

        def decision():
            return page.text_content("#decision")

        assert counter() == f"step 0 / {n}" and decision().startswith("The deal")
        assert page.is_disabled("#prev") and not page.is_disabled("#next")
        page.keyboard.press("ArrowRight")
        first = replay.decisions[0]
        assert counter() == f"step 1 / {n}" and first.text in decision()
        page.click("#next")
        page.keyboard.press("ArrowRight")
        assert counter() == f"step 3 / {n}" and replay.decisions[2].text in decision()
        page.keyboard.press("ArrowLeft")
        assert counter() == f"step 2 / {n}" and replay.decisions[1].text in decision()
        page.click("#prev")
        assert counter() == f"step 1 / {n}"
        # the changed fields and the scores follow the step
        changed = page.text_content("#changed")
        assert all(key in changed for key in first.changed)
        page.keyboard.press("End")
        assert counter() == f"step {n} / {n}" and page.is_disabled("#next")
        scores = page.locator("#scores td.num").all_text_contents()
        assert scores == [str(s) for s in replay.decisions[-1].scores]
        page.keyboard.press("Home")
        assert counter() == f"step 0 / {n}"
        # an explained decision of the greedy: its candidates, the chosen one marked
        step = next(d.step for d in replay.decisions if d.policy == "greedy" and len(d.candidates) > 1)
        page.fill("#slider", str(step))
        assert counter() == f"step {step} / {n}"
        rows = page.locator("#candidates tr").all_text_contents()
        assert len(rows) == 1 + len(replay.decisions[step - 1].candidates)
        assert page.locator("#candidates tr.chosen").count() == 1
        # the final score sheet
        sheet = page.locator("#sheet tr").all_text_contents()
        assert len(sheet) == 1 + replay.n_players
        browser.close()
    assert errors == []
    assert requests == [path.as_uri()]  # the page fetched nothing
