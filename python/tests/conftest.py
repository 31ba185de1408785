"""The package's tests run against real programs, through the `tessera` binary and
libtessera.so of the checkout's build (or TESSERA_BUILD_DIR, TESSERA_BIN, TESSERA_LIB);
nothing sleeps to synchronise, deadlines only bound a hang, and every test checks that no
process it started is left."""
import os

import pytest

T = 20.0  # every wait's deadline: generous, it only bounds a hang


def children():
    """Processes whose parent is this test process (hosts not yet reaped)."""
    me, out = os.getpid(), []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                fields = f.read().rsplit(") ", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == me and fields[0] != "Z":
            out.append(int(d))
    return out


@pytest.fixture(autouse=True)
def no_process_left():
    yield
    assert children() == [], "every host was ended"


@pytest.fixture(autouse=True)
def artifacts_dir(tmp_path, monkeypatch):
    """Failures these tests provoke write their artifacts here, never into the checkout."""
    root = tmp_path / "artifacts"
    monkeypatch.setenv("TESSERA_ARTIFACTS", str(root))
    return root
