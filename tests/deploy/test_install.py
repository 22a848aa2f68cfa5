"""deploy/install.sh into a throwaway root: files, owners, modes; verify; upgrade; uninstall;
and every systemd unit through ``systemd-analyze verify``.

The root is a folder with a minimal /etc (passwd, group, shadow): the script adds its user
there (``useradd --prefix``) and starts nothing. The package comes from a wheel built from this
checkout (pip wheel), installed with ``--no-index`` and no extras. The wheel is built offline
with the build backend of the environment running the tests (the dev extra has it: setuptools
and wheel); only an environment without it falls back to pip's isolated build, which fetches the
backend from the package index or pip's cache.

install.sh runs from a copy of deploy/ (with docs/operations.md beside it) in which
deploy/mosquitto/ holds a broker configuration, as a release with the pit's broker has.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from dealer_assist.cli import main
from dealer_assist.deploy import program

REPO = Path(__file__).resolve().parents[2]
INSTALL = REPO / "deploy" / "install.sh"
UNITS = sorted((REPO / "deploy" / "systemd").iterdir())


def offline_build() -> bool:
    """Whether this environment has the build backend pyproject.toml asks for (setuptools 68 or
    later, and its bdist_wheel: from ``wheel``, or setuptools' own from 70.1)."""
    try:
        setuptools = tuple(int(part) for part in metadata.version("setuptools").split(".")[:2])
    except metadata.PackageNotFoundError:
        return False
    if setuptools >= (70, 1):
        return True
    try:
        metadata.version("wheel")
    except metadata.PackageNotFoundError:
        return False
    return setuptools >= (68, 0)


@pytest.fixture(scope="module")
def wheelhouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("wheels")
    offline = ["--no-build-isolation", "--no-index"] if offline_build() else []
    build = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", *offline]
    subprocess.run(
        [*build, "-w", str(folder), str(REPO)],
        check=True,
        timeout=600,
    )
    return folder


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What a release folder holds beside the wheels: deploy/ and the guide, and the pit's
    broker configuration in deploy/mosquitto/ (a fixture file added to any the pit ships)."""
    folder = tmp_path_factory.mktemp("release")
    shutil.copytree(REPO / "deploy", folder / "deploy")
    (folder / "docs").mkdir()
    shutil.copy2(REPO / "docs" / "operations.md", folder / "docs")
    (folder / "deploy" / "mosquitto").mkdir(exist_ok=True)
    (folder / "deploy" / "mosquitto" / "zz-test-fixture.conf").write_text("listener 1883\n")
    return folder


def make_root(root: Path) -> None:
    etc = root / "etc"
    etc.mkdir(parents=True)
    (etc / "passwd").write_text("root:x:0:0:root:/root:/bin/bash\n")
    (etc / "group").write_text("root:x:0:\ndialout:x:20:\n")
    (etc / "shadow").write_text("root:*:19000:0:99999:7:::\n")
    (etc / "gshadow").write_text("root:*::\ndialout:*::\n")
    for secret in ("shadow", "gshadow"):
        (etc / secret).chmod(0o600)


def install(root: Path, *args: str, script: Path = INSTALL) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(script), "--root", str(root), *args],
        capture_output=True,
        text=True,
        timeout=600,
        stdin=subprocess.DEVNULL,
        check=False,
    )


def mode_owner(path: Path) -> tuple[str, int, int]:
    info = path.stat()
    return oct(stat.S_IMODE(info.st_mode)), info.st_uid, info.st_gid


@pytest.fixture(scope="module")
def installed(
    wheelhouse: Path, source: Path, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("install")
    root = base / "root"
    make_root(root)
    private, public = base / "release.key", base / "release.pub"
    assert main(["release", "keygen", "--private", str(private), "--public", str(public)]) == 0
    (base / "shoe.key").write_text("shoe secret\n")
    (base / "journal.key").write_text("journal secret\n")
    (base / "shoe.hex").write_text(":00000001FF\n")
    done = install(
        root,
        "--wheelhouse", str(wheelhouse),
        "--extras", "",
        "--release-key", str(public),
        "--shoe-key", str(base / "shoe.key"),
        "--journal-key", str(base / "journal.key"),
        "--firmware", str(base / "shoe.hex"),
        script=source / "deploy" / "install.sh",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "no journal key yet" not in done.stderr
    return {
        "root": root,
        "private": private,
        "public": public,
        "wheels": wheelhouse,
        "source": source,
    }


def ids(root: Path) -> tuple[int, int]:
    for line in (root / "etc" / "passwd").read_text().splitlines():
        name, _, uid, gid, *_ = line.split(":")
        if name == "dealer-assist":
            return int(uid), int(gid)
    raise AssertionError("no dealer-assist user in the root's /etc/passwd")


def test_files_owners_and_modes(installed: dict[str, Path]) -> None:
    root = installed["root"]
    uid, gid = ids(root)
    assert uid != 0 and "/usr/sbin/nologin" in (root / "etc/passwd").read_text()
    assert "dialout:x:20:dealer-assist" in (root / "etc/group").read_text()
    expected = {
        "etc/dealer-assist": ("0o750", 0, gid),
        "etc/dealer-assist/shoe.key": ("0o600", uid, gid),
        "etc/dealer-assist/journal.key": ("0o600", uid, gid),
        "etc/dealer-assist/table.toml": ("0o640", 0, gid),
        "etc/dealer-assist/release.pub": ("0o644", 0, 0),
        "etc/dealer-assist/archive.conf": ("0o644", 0, 0),
        "var/lib/dealer-assist": ("0o750", uid, gid),
        "opt/dealer-assist": ("0o755", 0, 0),
        "opt/dealer-assist/venv/bin/dealer-assist": ("0o755", 0, 0),
        "opt/dealer-assist/firmware/shoe.hex": ("0o644", 0, 0),
        "opt/dealer-assist/bin/dealer-assist-archive": ("0o755", 0, 0),
        "etc/udev/rules.d/99-dealer-assist-shoe.rules": ("0o644", 0, 0),
    }
    for unit in UNITS:
        expected[f"etc/systemd/system/{unit.name}"] = ("0o644", 0, 0)
    broker = sorted((installed["source"] / "deploy" / "mosquitto").glob("*.conf"))
    assert "zz-test-fixture.conf" in [conf.name for conf in broker]
    for conf in broker:
        expected[f"etc/mosquitto/conf.d/{conf.name}"] = ("0o644", 0, 0)
    assert {name: mode_owner(root / name) for name in expected} == expected
    assert (root / "etc/mosquitto/conf.d/zz-test-fixture.conf").read_text() == "listener 1883\n"
    # The configuration reads the journal key from the file the install placed.
    table = (root / "etc/dealer-assist/table.toml").read_text()
    assert 'key_file = "/etc/dealer-assist/journal.key"' in table
    assert "\nkey = " not in table
    assert not list((root / "opt/dealer-assist/venv").rglob("__pycache__"))
    site = program.site_dirs(root / "opt/dealer-assist/venv")[0]
    assert (site / "dealer_assist" / "cards.py").is_file()
    assert (site / "dealer_assist" / "rules" / "data" / "paytables.toml").is_file()


def test_verify_passes_on_the_fresh_install_and_names_a_changed_byte(
    installed: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    prefix = installed["root"] / "opt/dealer-assist"
    key = installed["root"] / "etc/dealer-assist/release.pub"
    assert (
        main(["release", "sign", "--prefix", str(prefix), "--key", str(installed["private"])]) == 0
    )
    capsys.readouterr()
    assert main(["verify", "--prefix", str(prefix), "--public-key", str(key)]) == 0
    assert capsys.readouterr().out.startswith("program verified: release 0.1.0, ")
    cards = program.site_dirs(prefix / "venv")[0] / "dealer_assist" / "cards.py"
    original = cards.read_bytes()
    cards.write_bytes(original[:100] + bytes([original[100] ^ 1]) + original[101:])
    try:
        assert main(["verify", "--prefix", str(prefix), "--public-key", str(key)]) == 1
        assert "changed: site/dealer_assist/cards.py" in capsys.readouterr().out.splitlines()
    finally:
        cards.write_bytes(original)


def test_upgrade_keeps_configuration_and_journals_uninstall_keeps_journals(
    installed: dict[str, Path],
) -> None:
    root = installed["root"]
    config = root / "etc/dealer-assist/table.toml"
    config.write_text(config.read_text() + "# the casino's own settings\n")
    journal = root / "var/lib/dealer-assist/journal.db"
    journal.write_bytes(b"the journal")
    again = install(
        root,
        "--wheelhouse", str(installed["wheels"]),
        "--extras", "",
        script=installed["source"] / "deploy" / "install.sh",
    )  # fmt: skip
    assert again.returncode == 0, again.stderr
    assert config.read_text().endswith("# the casino's own settings\n")
    assert journal.read_bytes() == b"the journal"
    assert (root / "etc/dealer-assist/shoe.key").read_text() == "shoe secret\n"
    users = [line.split(":")[0] for line in (root / "etc/passwd").read_text().splitlines()]
    assert users == ["root", "dealer-assist"]
    gone = install(root, "--uninstall", script=installed["source"] / "deploy" / "install.sh")
    assert gone.returncode == 0, gone.stderr
    assert not (root / "opt/dealer-assist").exists()
    assert not list((root / "etc/mosquitto/conf.d").iterdir())
    assert not list((root / "etc/systemd/system").glob("dealer-assist*"))
    assert not (root / "etc/udev/rules.d/99-dealer-assist-shoe.rules").exists()
    assert journal.read_bytes() == b"the journal"


def test_every_unit_passes_systemd_analyze_verify(
    tmp_path: Path, installed: dict[str, Path]
) -> None:
    """The units as installed, with /opt/dealer-assist pointing into the throwaway root so that
    every command they run exists (systemd-analyze checks that too)."""
    if not (installed["root"] / "opt/dealer-assist").exists():
        done = install(installed["root"], "--wheelhouse", str(installed["wheels"]), "--extras", "")
        assert done.returncode == 0, done.stderr
    prefix = installed["root"] / "opt/dealer-assist"
    for unit in UNITS:
        text = unit.read_text().replace("/opt/dealer-assist", str(prefix))
        (tmp_path / unit.name).write_text(text)
    table = (tmp_path / "dealer-assist-table.service").read_text()
    for setting in (
        "Type=notify",
        "WatchdogSec=",
        "Restart=always",
        "ProtectSystem=strict",
        "ReadWritePaths=/var/lib/dealer-assist",
        "NoNewPrivileges=yes",
        "PrivateTmp=yes",
        "DevicePolicy=closed",
    ):
        assert setting in table
    checked = subprocess.run(
        ["systemd-analyze", "verify", *sorted(str(p) for p in tmp_path.iterdir())],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "SYSTEMD_LOG_LEVEL": "notice"},
        check=False,
    )
    assert checked.returncode == 0, checked.stderr
    assert checked.stderr == ""
    assert shutil.which("cage")
