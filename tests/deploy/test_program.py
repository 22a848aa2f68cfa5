"""Program verification: the signed manifest, a changed byte named, the seeded HMAC.

The installation here is laid out as deploy/install.sh lays it out (``venv/lib/python3.X/
site-packages`` and ``firmware/``), holding a copy of this package and a firmware image;
tests/deploy/test_install.py checks the same on a real installation made by the script.
"""

from __future__ import annotations

import hashlib
import hmac
import shutil
from pathlib import Path

import pytest

from dealer_assist.cli import main
from dealer_assist.deploy import program

PACKAGE = Path(program.__file__).resolve().parents[1]


def make_installation(prefix: Path) -> Path:
    site = prefix / "venv" / "lib" / "python3.11" / "site-packages"
    shutil.copytree(PACKAGE, site / "dealer_assist", ignore=shutil.ignore_patterns("__pycache__"))
    info = site / "dealer_assist-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Name: dealer-assist\nVersion: 0.1.0\n")
    (info / "RECORD").write_text("dealer_assist/__init__.py,,\n")
    (prefix / "firmware").mkdir()
    (prefix / "firmware" / "shoe.hex").write_text(":100000000C9434000C9446000C9446000C944600A2\n")
    return site


@pytest.fixture()
def signed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, Path]:
    """An installation, its release key pair and its signed manifest."""
    prefix = tmp_path / "opt"
    make_installation(prefix)
    private, public = tmp_path / "release.key", tmp_path / "release.pub"
    assert main(["release", "keygen", "--private", str(private), "--public", str(public)]) == 0
    assert private.stat().st_mode & 0o777 == 0o600
    assert main(["release", "sign", "--prefix", str(prefix), "--key", str(private)]) == 0
    out = capsys.readouterr().out
    assert "release 0.1.0" in out
    return prefix, public


def verify(prefix: Path, public: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["verify", "--prefix", str(prefix), "--public-key", str(public)])
    return status, capsys.readouterr().out


def test_a_fresh_installation_verifies(
    signed: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    prefix, public = signed
    status, out = verify(prefix, public, capsys)
    assert status == 0, out
    files = program.installed_program(prefix)
    assert out == f"program verified: release 0.1.0, {len(files)} files match\n"
    names = {each.name for each in files}
    assert "site/dealer_assist/cards.py" in names
    assert "site/dealer_assist/rules/data/paytables.toml" in names  # rule data is program
    assert "firmware/shoe.hex" in names
    assert "site/dealer_assist-0.1.0.dist-info/METADATA" in names
    assert "site/dealer_assist-0.1.0.dist-info/RECORD" not in names  # this machine's record


@pytest.mark.parametrize(
    "name", ["site/dealer_assist/rules/coup.py", "firmware/shoe.hex", "site/dealer_assist/py.typed"]
)
def test_one_changed_byte_fails_naming_the_file(
    signed: tuple[Path, Path], capsys: pytest.CaptureFixture[str], name: str
) -> None:
    prefix, public = signed
    target = {each.name: each.path for each in program.installed_program(prefix)}[name]
    data = bytearray(target.read_bytes() or b"\0")
    data[len(data) // 2] ^= 0x01
    target.write_bytes(bytes(data))
    status, out = verify(prefix, public, capsys)
    assert status == 1
    assert out.splitlines() == [
        f"program verification failed (release 0.1.0): {name} differs from the signed manifest",
        f"changed: {name}",
    ]


def test_added_and_removed_files_fail(
    signed: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    prefix, public = signed
    site = program.site_dirs(prefix / "venv")[0]
    (site / "dealer_assist" / "__pycache__").mkdir()
    (site / "dealer_assist" / "__pycache__" / "cards.cpython-311.pyc").write_bytes(b"\x00" * 16)
    (site / "dealer_assist" / "odds" / "__init__.py").unlink()
    (site / "dealer_assist-0.1.0.dist-info" / "RECORD").write_text("changed on this machine\n")
    status, out = verify(prefix, public, capsys)
    assert status == 1
    assert "missing: site/dealer_assist/odds/__init__.py" in out.splitlines()
    assert "unexpected: site/dealer_assist/__pycache__/cards.cpython-311.pyc" in out.splitlines()
    assert "RECORD" not in out


def test_a_manifest_edited_to_match_fails_its_signature(
    signed: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    prefix, public = signed
    manifest = prefix / program.MANIFEST_NAME
    cards = prefix / "venv/lib/python3.11/site-packages/dealer_assist/cards.py"
    old = program.file_digest(cards)
    cards.write_text(cards.read_text() + "\n# changed\n")
    manifest.write_text(manifest.read_text().replace(old, program.file_digest(cards)))
    status = main(["verify", "--prefix", str(prefix), "--public-key", str(public)])
    assert status == 1
    assert "does not match the release's public key" in capsys.readouterr().err


def test_another_release_key_fails(
    signed: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    prefix, _ = signed
    other = tmp_path / "other.pub"
    other.write_bytes(program.generate_key_pair()[1])
    assert main(["verify", "--prefix", str(prefix), "--public-key", str(other)]) == 1
    assert "signature" in capsys.readouterr().err


def test_no_key_or_no_installation_says_what_to_do(
    signed: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    prefix, _ = signed
    assert main(["verify", "--prefix", str(prefix), "--public-key", str(tmp_path / "no")]) == 1
    assert "public key" in capsys.readouterr().err
    assert main(["verify", "--prefix", str(tmp_path / "none"), "--seed", "00"]) == 1
    assert "no installation at" in capsys.readouterr().err


# --- the seeded HMAC -----------------------------------------------------------------------

FIXED_FILES = {
    "venv/lib/python3.11/site-packages/b.py": b"print('b')\n",
    "venv/lib/python3.11/site-packages/a/z.py": b"Z = 26\n",
    "venv/lib/python3.11/site-packages/a-1.0.dist-info/RECORD": b"not program\n",
    "firmware/shoe.hex": b":00000001FF\n",
}
# HMAC-SHA1, seed 0123456789abcdef, over the contents of firmware/shoe.hex, site/a/z.py,
# site/b.py (names sorted); computed once with openssl:
#   printf ':00000001FF\nZ = 26\nprint('"'"'b'"'"')\n' | openssl dgst -sha1 -mac HMAC \
#     -macopt hexkey:0123456789abcdef
KNOWN_HMAC = "381ce583d75633cba6d5406715f43a278dba6507"


def test_seed_gives_the_known_hmac_for_a_fixed_file_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, data in FIXED_FILES.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    assert main(["verify", "--prefix", str(tmp_path), "--seed", "01 23 45 67 89 ab cd ef"]) == 0
    assert capsys.readouterr().out == KNOWN_HMAC + "\n"
    contents = b":00000001FF\n" + b"Z = 26\n" + b"print('b')\n"
    seed = bytes.fromhex("0123456789abcdef")
    assert hmac.new(seed, contents, hashlib.sha1).hexdigest() == KNOWN_HMAC
    # Another seed, another HMAC; a changed byte, another HMAC.
    assert main(["verify", "--prefix", str(tmp_path), "--seed", "00"]) == 0
    assert capsys.readouterr().out != KNOWN_HMAC + "\n"
    (tmp_path / "firmware/shoe.hex").write_bytes(b":00000001FE\n")
    assert main(["verify", "--prefix", str(tmp_path), "--seed", "0123456789abcdef"]) == 0
    assert capsys.readouterr().out != KNOWN_HMAC + "\n"


def test_a_bad_seed_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    make_installation(tmp_path)
    assert main(["verify", "--prefix", str(tmp_path), "--seed", "xyz"]) == 1
    assert "not hexadecimal" in capsys.readouterr().err
