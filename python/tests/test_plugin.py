"""The pytest plugin, run as users run it: pytest in a child process on a test file of its
own, against real programs. Failures name their artifacts (folder named after the node id);
Ctrl-C and SIGTERM in the middle of a test leave no program behind."""
import os
import signal
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

import pytest

PACKAGE_ROOT = Path(__file__).resolve().parent.parent


def entry_point_installed():
    return any(e.name == "tessera" for e in metadata.entry_points().select(group="pytest11"))


def pytest_command(test_file, *args):
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(test_file), *args]
    if not entry_point_installed():  # from a checkout: name the plugin; an installed wheel registers it
        cmd[3:3] = ["-p", "tessera_terminal.pytest_plugin"]
    return cmd


def child_env():
    env = dict(os.environ)
    env.pop("TESSERA_ARTIFACTS", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(PACKAGE_ROOT), env.get("PYTHONPATH")]))
    return env


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(") ", 1)[1][0] != "Z"
    except OSError:
        return False


def test_failures_name_their_artifacts_after_the_node_id(tmp_path):
    test_file = tmp_path / "test_inner.py"
    test_file.write_text('''
from tessera_terminal import expect

def test_bc(launch_terminal):
    term = launch_terminal("bc", ["-q"], rows=6, cols=30, timeout=20)
    term.keyboard.type("6*7\\n")
    expect(term.get_by_text("42", exact=True)).to_be_present()

def test_bc_wrong(launch_terminal):
    term = launch_terminal("bc", ["-q"], rows=6, cols=30, timeout=20)
    term.keyboard.type("6*7\\n")
    expect(term.get_by_text("41", exact=True)).to_be_present(timeout=0.3)
''')
    artifacts = tmp_path / "out"
    r = subprocess.run(pytest_command(test_file, "--tessera-artifacts", str(artifacts)), cwd=tmp_path, env=child_env(),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "1 failed, 1 passed" in r.stdout
    assert 'expect(get_by_text("41", exact=True)).to_be_present() failed: timed out after 0.3 s' in r.stdout
    assert "  0 | 6*7" in r.stdout and "  1 | 42" in r.stdout
    folders = os.listdir(artifacts)
    assert len(folders) == 1 and "test_bc_wrong" in folders[0], folders
    assert f"artifacts: {artifacts / folders[0]}" in r.stdout
    assert (artifacts / folders[0] / "report.html").is_file()


def test_update_snapshots_writes_the_golden_file(tmp_path):
    test_file = tmp_path / "test_golden.py"
    test_file.write_text('''
from tessera_terminal import expect

def test_golden(launch_terminal):
    term = launch_terminal("sh", ["-c", "echo golden; read x"], rows=3, cols=12, timeout=20)
    expect(term.get_by_text("golden")).to_be_present()
    expect(term).to_match_snapshot("sh-golden")
''')
    r = subprocess.run(pytest_command(test_file), cwd=tmp_path, env=child_env(), capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 1 and "cannot read the golden file" in r.stdout, r.stdout
    r = subprocess.run(pytest_command(test_file, "--tessera-update-snapshots"), cwd=tmp_path, env=child_env(),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    golden = tmp_path / "__snapshots__" / "sh-golden.txt"
    assert golden.read_text() == "golden      \n            \n            \n"
    r = subprocess.run(pytest_command(test_file), cwd=tmp_path, env=child_env(), capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


# SIGKILL stands for every way pytest can die without running a line more (a timeout plugin's
# os._exit too): the host sees its stdin close and ends the program itself.
@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL], ids=["ctrl-c", "sigterm", "sigkill"])
def test_an_interrupted_run_leaves_no_program(tmp_path, how):
    pidfile = tmp_path / "program.pid"
    test_file = tmp_path / "test_waits.py"
    test_file.write_text(f'''
from tessera_terminal import expect

def test_waits(launch_terminal):
    term = launch_terminal("sh", ["-c", "echo $$ > {pidfile}; echo started; exec sleep 1000"], timeout=120)
    expect(term.get_by_text("started")).to_be_present()
    expect(term.get_by_text("never")).to_be_present()
''')
    proc = subprocess.Popen(pytest_command(test_file), cwd=tmp_path, env=child_env(), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        while not (pidfile.exists() and pidfile.read_text().strip()):
            assert time.monotonic() < deadline and proc.poll() is None, "the inner test never started its program"
            time.sleep(0.02)
        program = int(pidfile.read_text())
        assert alive(program)
        time.sleep(0.2)  # inside the assertion's wait (earlier is fine too: then it is before it)
        proc.send_signal(how)
        out, _ = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    deadline = time.monotonic() + 10
    while alive(program) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not alive(program), f"the program outlived pytest ({how.name}):\n{out}"
    assert proc.returncode != 0


@pytest.mark.parametrize("method", ["signal", "thread"])
def test_a_test_that_times_out_leaves_no_program(tmp_path, method):
    # pytest-timeout (Debian's python3-pytest-timeout): "signal" fails the test, and the
    # fixture's teardown closes its terminal; "thread" ends pytest with os._exit, and the host
    # ends the program when its stdin closes.
    pidfile = tmp_path / "program.pid"
    test_file = tmp_path / "test_hangs.py"
    test_file.write_text(f'''
import pytest
from tessera_terminal import expect

@pytest.mark.timeout(1, method="{method}")
def test_hangs(launch_terminal):
    term = launch_terminal("sh", ["-c", "echo $$ > {pidfile}; echo started; exec sleep 1000"], timeout=120)
    expect(term.get_by_text("started")).to_be_present()
    expect(term.get_by_text("never")).to_be_present()
''')
    r = subprocess.run(pytest_command(test_file), cwd=tmp_path, env=child_env(), capture_output=True, text=True,
                       timeout=120)
    assert r.returncode != 0 and "Timeout" in r.stdout + r.stderr, r.stdout + r.stderr
    program = int(pidfile.read_text())
    deadline = time.monotonic() + 10
    while alive(program) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not alive(program), f"the program outlived a timed-out test ({method})"
