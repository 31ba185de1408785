"""What the pytest plugin tells the package about the test that is running: its name (the
node id) and file, for the artifacts' folder, and the options given on pytest's command line.
Outside pytest (or without the plugin) nothing is set and the defaults apply."""
import contextvars
from typing import NamedTuple, Optional


class Test(NamedTuple):
    name: str
    file: Optional[str]


_test = contextvars.ContextVar("tessera_test", default=None)
_artifacts = contextvars.ContextVar("tessera_artifacts", default=None)
_update = contextvars.ContextVar("tessera_update_snapshots", default=False)


def current_test():
    return _test.get()


def artifacts_root():
    return _artifacts.get()


def update_snapshots():
    return _update.get()


def set_test(test):
    return _test.set(test)


def reset_test(token):
    _test.reset(token)


def configure(artifacts=None, update=False):
    _artifacts.set(artifacts)
    _update.set(bool(update))
