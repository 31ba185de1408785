"""The behaviours the JS and Python packages share (tests/behaviours/cases.json, also run by
js/test/behaviours.test.mjs): strict locators, the assertions, deadlines and settle windows,
each on a recording replayed on virtual time, so the revision an assertion passes at and the
clock when it passes or fails are exact, and must be the same in both packages."""
import json
import os
import re
from pathlib import Path

import pytest

from tessera_terminal import TerminalAssertionError, expect, open_recording

HERE = Path(__file__).resolve().parent


def cases_file():
    # $TESSERA_BEHAVIOURS, a copy beside this file (an installed package's test run), the checkout's
    for place in (os.environ.get("TESSERA_BEHAVIOURS"), HERE / "behaviours.json",
                  HERE.parent.parent / "tests" / "behaviours" / "cases.json"):
        if place and Path(place).is_file():
            return Path(place)
    raise FileNotFoundError("tests/behaviours/cases.json not found (set TESSERA_BEHAVIOURS)")


CASES = json.loads(cases_file().read_text())["cases"]
ASSERTIONS = {"toBePresent": "to_be_present", "toBeAbsent": "to_be_absent", "toBeStable": "to_be_stable",
              "toHaveShownText": "to_have_shown_text", "toHaveStyle": "to_have_style", "toSatisfy": "to_satisfy",
              "toHaveShown": "to_have_shown", "toMatchSnapshot": "to_match_snapshot"}
FAILURES = {"timeout": "timed out after", "ambiguous": "matches; a strict locator needs exactly one",
            "ended": "the program ended", "golden": "the screen differs from"}


def predicate_of(d):
    """A described predicate ({"rowEquals": [row, text]} or {"textIncludes": text})."""
    if "rowEquals" in d:
        row, text = d["rowEquals"]
        return lambda snap: snap.row_text(row) == text
    if "textIncludes" in d:
        return lambda snap: d["textIncludes"] in snap.text()
    raise ValueError(f"unknown predicate {d!r}")


def target_of(rec, step):
    if "text" not in step and "regex" not in step:
        return rec
    loc = rec.get_by_text(re.compile(step["regex"]) if "regex" in step else step["text"], exact=step.get("exact", False),
                          style=step.get("style"))
    if "nth" in step:
        loc = loc.nth(step["nth"])
    if "region" in step:
        loc = loc.region(**step["region"])
    return loc


def options_of(step):
    o = step.get("options", {})
    out = {}
    if "timeoutMs" in o:
        out["timeout"] = o["timeoutMs"] / 1000
    if "settleMs" in o:
        out["settle"] = o["settleMs"] / 1000
    if "since" in o:
        out["since"] = o["since"]
    return out


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_behaviour(case, tmp_path):
    cast = tmp_path / "case.cast"
    header = {"version": 2, "width": case["cols"], "height": case["rows"]}
    cast.write_text("\n".join([json.dumps(header)] + [json.dumps(e) for e in case["events"]]) + "\n")
    rec = open_recording(cast)
    for i, step in enumerate(case["steps"]):
        where = f"step {i} ({step['assert']})"
        negated = step["assert"].startswith("not.")
        e = expect(target_of(rec, step))
        if negated:
            e = e.not_
        run = getattr(e, ASSERTIONS[step["assert"].split(".")[-1]])
        args = ([predicate_of(step["predicate"])] if "predicate" in step else []) + step.get("args", [])
        options = options_of(step)
        if "golden" in step:
            (tmp_path / f"{step['args'][0]}.txt").write_text(step["golden"])
            options["directory"] = tmp_path
        if "pass" in step:
            revision = run(*args, **options)
            assert revision == step["pass"]["revision"], where
            assert rec.now_ns() == step["pass"]["atMs"] * 1_000_000, where
        else:
            with pytest.raises(TerminalAssertionError) as info:
                run(*args, **options)
            assert FAILURES[step["fail"]["as"]] in info.value.reason, f"{where}: {info.value.reason}"
            assert rec.now_ns() == step["fail"]["atMs"] * 1_000_000, where
            if "candidates" in step["fail"]:
                assert len(info.value.candidates) == step["fail"]["candidates"], where


LIVE = json.loads(cases_file().read_text()).get("live", [])


@pytest.mark.parametrize("case", LIVE, ids=[c["name"] for c in LIVE])
def test_live_behaviour(case, artifacts_dir):
    from tessera_terminal import launch

    with launch(case["command"], case["args"], rows=case["rows"], cols=case["cols"], timeout=20) as term:
        for i, step in enumerate(case["steps"]):
            where = f"step {i}"
            if "type" in step:
                term.keyboard.type(step["type"], now=step.get("now", False))
                continue
            e = expect(target_of(term, step))
            run = getattr(e, ASSERTIONS[step["assert"]])
            if "fail" not in step:
                run(*step.get("args", []), **options_of(step))
                continue
            with pytest.raises(TerminalAssertionError) as info:
                run(*step.get("args", []), **options_of(step))
            fail = step["fail"]
            assert FAILURES[fail["as"]] in info.value.reason, f"{where}: {info.value.reason}"
            folder = Path(info.value.artifacts)
            assert folder.parent == artifacts_dir, where
            assert sorted(os.listdir(folder)) == fail["files"], where
            assert (folder / "screen.txt").read_text() == fail["screen.txt"], where
