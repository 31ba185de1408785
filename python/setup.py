"""The wheel is a platform wheel: it carries the static `tessera` binary and libtessera.so,
which no Python ABI touches (ctypes loads the library), so it is tagged py3-none-PLATFORM.
PLATFORM comes from TESSERA_WHEEL_PLATFORM (scripts/release.sh works it out from the glibc
symbols libtessera.so needs), else the build machine's own tag. Everything else is in
pyproject.toml."""
import os

from setuptools import Distribution, setup
from wheel.bdist_wheel import bdist_wheel


class NativeDistribution(Distribution):
    """Native files inside: installed as platform files (platlib), not pure Python."""

    def has_ext_modules(self):
        return True


class PlatformWheel(bdist_wheel):
    def finalize_options(self):
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self):
        _, _, platform = super().get_tag()
        return "py3", "none", os.environ.get("TESSERA_WHEEL_PLATFORM") or platform


setup(distclass=NativeDistribution, cmdclass={"bdist_wheel": PlatformWheel})
