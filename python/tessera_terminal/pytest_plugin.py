"""The pytest plugin (entry point pytest11 "tessera"): the launch_terminal fixture, the
artifacts' folder named after each test's node id, and the command-line options.

    def test_bc(launch_terminal):
        term = launch_terminal("bc", ["-q"])
        term.keyboard.type("6*7\\n")
        expect(term.get_by_text("42", exact=True)).to_be_present()

Every terminal the fixture launched is closed at the test's teardown. No program outlives an
interrupted run: Ctrl-C and SIGTERM close every live terminal before pytest goes, and a host
whose pytest died anyway (SIGKILL, a timeout's os._exit) sees its stdin close and ends its
program itself."""
import signal

import pytest

from . import _context
from .terminal import close_all, launch


def pytest_addoption(parser):
    group = parser.getgroup("tessera", "tessera terminal tests")
    group.addoption("--tessera-artifacts", metavar="DIR", default=None,
                    help="where failed tests write their artifacts (default: $TESSERA_ARTIFACTS, else "
                         "tessera-artifacts/ beside the test file)")
    group.addoption("--tessera-update-snapshots", action="store_true", default=False,
                    help="write every to_match_snapshot() golden file from the settled screen instead of comparing")


def pytest_configure(config):
    _context.configure(config.getoption("tessera_artifacts"), config.getoption("tessera_update_snapshots"))
    previous = signal.getsignal(signal.SIGTERM)

    def on_sigterm(signum, frame):
        close_all()
        signal.signal(signal.SIGTERM, previous if callable(previous) else signal.SIG_DFL)
        raise KeyboardInterrupt("SIGTERM")  # pytest stops as for Ctrl-C, tearing down what it set up

    try:
        signal.signal(signal.SIGTERM, on_sigterm)
    except ValueError:
        pass  # not the main thread: the hosts still end their programs when pytest goes


def pytest_unconfigure(config):
    close_all()


def pytest_keyboard_interrupt(excinfo):
    close_all()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    token = _context.set_test(_context.Test(item.nodeid, str(item.path) if hasattr(item, "path") else None))
    try:
        yield
    finally:
        _context.reset_test(token)


@pytest.fixture
def launch_terminal():
    """launch() whose terminals are all closed at the test's teardown."""
    launched = []

    def launch_terminal(command, args=None, **options):
        term = launch(command, args, **options)
        launched.append(term)
        return term

    yield launch_terminal
    errors = []
    for term in launched:
        try:
            term.close()
        except Exception as e:  # every terminal is closed before the first error is raised
            errors.append(e)
    if errors:
        raise errors[0]
