"""Program verification: the files the table runs, their manifest, its signature, the seeded HMAC.

An installation (``deploy/install.sh``) is a folder, ``/opt/dealer-assist`` by default::

    venv/                    the Python environment: the package and every dependency
    firmware/                the shoe's firmware image(s) shipped with this release
    program-manifest.json    the release's signed manifest

**The program files** are every file under the environment's ``site-packages`` (the package, the
rule data, every dependency, compiled libraries, bytecode caches if any) and every file under
``firmware/``, each named by its path below that folder with ``site/`` or ``firmware/`` before it
(``site/dealer_assist/cards.py``, ``firmware/shoe.hex``). Left out are only pip's records of this
one installation, which differ from machine to machine and run nothing: a distribution's
``RECORD``, ``INSTALLER``, ``REQUESTED`` and ``direct_url.json``. A file that is not in the
signed manifest (an added ``.pth`` file, a bytecode cache the release did not have) fails the
check like a changed one: the installer removes the caches and the service runs with
``PYTHONDONTWRITEBYTECODE=1`` on a read-only ``/opt``.

**The manifest** is JSON: ``{"format": 1, "release": "...", "files": {name: sha256 hex}}``; the
signature is Ed25519 over its canonical form (keys sorted, no spaces, ASCII), stored beside it
as ``"signature"`` (base64). The public key is installed apart, in ``/etc/dealer-assist``.

**The seeded HMAC** (``dealer-assist verify --seed HEX``): HMAC-SHA1 keyed with the seed's bytes,
over the contents of every program file concatenated, in the order of their names sorted by
their UTF-8 bytes (file names are not hashed, only contents).

>>> from pathlib import Path
>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "a.bin").write_bytes(b"abc")
>>> files = [ProgramFile(name="firmware/a.bin", path=folder / "a.bin")]
>>> seeded_hmac(files, bytes.fromhex("00"))
'9b4a918f398d74d3e367970aba3cbe54e4d2b5d9'
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from dealer_assist.errors import DealerAssistError

MANIFEST_FORMAT = 1
DEFAULT_PREFIX = Path("/opt/dealer-assist")
MANIFEST_NAME = "program-manifest.json"
DEFAULT_PUBLIC_KEY = Path("/etc/dealer-assist/release.pub")
#: pip's records of one installation: they differ between machines and run nothing.
INSTALL_RECORDS = frozenset({"RECORD", "INSTALLER", "REQUESTED", "direct_url.json"})
_CHUNK = 1 << 20


class VerificationError(DealerAssistError):
    """The program cannot be checked: no installation, no manifest, a bad key or signature."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ProgramFile:
    """One program file: ``name`` in the manifest, ``path`` on this machine."""

    name: str
    path: Path


@dataclass(frozen=True, slots=True, kw_only=True)
class Manifest:
    release: str
    files: Mapping[str, str]  # name -> SHA-256, hex

    def payload(self) -> bytes:
        """The canonical bytes the signature covers."""
        document = {"format": MANIFEST_FORMAT, "release": self.release, "files": self.files}
        return json.dumps(document, sort_keys=True, separators=(",", ":")).encode("ascii")


@dataclass(frozen=True, slots=True, kw_only=True)
class Verification:
    """The installed files against the signed manifest."""

    release: str
    files: int
    changed: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()
    unexpected: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        return not (self.changed or self.missing or self.unexpected)

    def summary(self) -> str:
        if self.ok:
            return f"program verified: release {self.release}, {self.files} files match"
        parts = []
        for what, names in (
            ("differs from the signed manifest", self.changed),
            ("is missing", self.missing),
            ("is not in the signed manifest", self.unexpected),
        ):
            if names:
                shown = ", ".join(names[:5]) + (
                    f" and {len(names) - 5} more" if len(names) > 5 else ""
                )
                parts.append(f"{shown} {what}")
        return f"program verification failed (release {self.release}): " + "; ".join(parts)


# --- the program files ---------------------------------------------------------------------


def site_dirs(environment: Path) -> list[Path]:
    """The ``site-packages`` folders of a virtual environment (``lib64`` is often a link)."""
    found: dict[Path, Path] = {}
    for lib in ("lib", "lib64"):
        for site in sorted((environment / lib).glob("python3*/site-packages")):
            found.setdefault(site.resolve(), site)
    return sorted(found.values())


def _walk(root: Path, prefix: str) -> Iterable[ProgramFile]:
    for folder, dirnames, filenames in os.walk(root):
        dirnames.sort()
        here = Path(folder)
        relative = here.relative_to(root)
        in_dist_info = here.name.endswith(".dist-info")
        for filename in sorted(filenames):
            if in_dist_info and filename in INSTALL_RECORDS:
                continue
            name = (relative / filename).as_posix()
            yield ProgramFile(name=f"{prefix}/{name}", path=here / filename)


def installed_program(prefix: Path) -> list[ProgramFile]:
    """Every program file of the installation at ``prefix``, sorted by name."""
    environment = prefix / "venv"
    sites = site_dirs(environment)
    if not sites:
        raise VerificationError(
            f"no installation at {prefix}: {environment} has no lib/python3*/site-packages; "
            "give the installation's folder with --prefix (deploy/install.sh makes it)"
        )
    files: dict[str, ProgramFile] = {}
    for site in sites:
        for program_file in _walk(site, "site"):
            files.setdefault(program_file.name, program_file)
    firmware = prefix / "firmware"
    if firmware.is_dir():
        for program_file in _walk(firmware, "firmware"):
            files[program_file.name] = program_file
    return [files[name] for name in sorted(files, key=lambda name: name.encode("utf-8"))]


def file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        while chunk := stream.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def digests(files: Sequence[ProgramFile]) -> dict[str, str]:
    return {program_file.name: file_digest(program_file.path) for program_file in files}


def seeded_hmac(files: Sequence[ProgramFile], seed: bytes) -> str:
    """HMAC-SHA1 keyed with ``seed`` over the files' contents, in the order of their names'
    UTF-8 bytes (the order is the function's, not the caller's)."""
    mac = hmac.new(seed, digestmod=hashlib.sha1)
    for program_file in sorted(files, key=lambda each: each.name.encode("utf-8")):
        with program_file.path.open("rb") as stream:
            while chunk := stream.read(_CHUNK):
                mac.update(chunk)
    return mac.hexdigest()


def parse_seed(text: str) -> bytes:
    """The regulator's seed, hex (spaces allowed); at least one byte."""
    cleaned = "".join(text.split())
    try:
        seed = bytes.fromhex(cleaned)
    except ValueError:
        raise VerificationError(
            f"seed {text!r} is not hexadecimal: write pairs of 0-9, a-f, e.g. 0123abcd"
        ) from None
    if not seed:
        raise VerificationError("the seed is empty: give at least one byte, e.g. --seed 00")
    return seed


# --- signing and checking ------------------------------------------------------------------


def generate_key_pair() -> tuple[bytes, bytes]:
    """A new release key: (private key PEM, public key PEM)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    private = Ed25519PrivateKey.generate()
    private_pem = private.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    public_pem = private.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    return private_pem, public_pem


def sign_manifest(manifest: Manifest, private_key_pem: bytes) -> str:
    """The signed manifest file's text."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    try:
        key = serialization.load_pem_private_key(private_key_pem, password=None)
    except (ValueError, TypeError) as error:
        raise VerificationError(
            f"the release key cannot be read ({error}): give the private key PEM that "
            "`dealer-assist release keygen` wrote"
        ) from None
    if not isinstance(key, Ed25519PrivateKey):
        raise VerificationError("the release key is not an Ed25519 key: make one with keygen")
    signature = base64.b64encode(key.sign(manifest.payload())).decode("ascii")
    document = {
        "format": MANIFEST_FORMAT,
        "release": manifest.release,
        "files": dict(sorted(manifest.files.items())),
        "signature": signature,
    }
    return json.dumps(document, indent=1, sort_keys=True) + "\n"


def load_signed_manifest(text: str, public_key_pem: bytes, *, source: str) -> Manifest:
    """The manifest in ``text`` if its signature is good under the public key."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        document = json.loads(text)
        if document.get("format") != MANIFEST_FORMAT:
            raise ValueError(f"format {document.get('format')!r}, expected {MANIFEST_FORMAT}")
        files = document["files"]
        if not isinstance(files, dict) or not all(
            isinstance(name, str) and isinstance(value, str) for name, value in files.items()
        ):
            raise ValueError("files is not a table of names and SHA-256 digests")
        manifest = Manifest(release=str(document["release"]), files=files)
        signature = base64.b64decode(document["signature"], validate=True)
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise VerificationError(
            f"{source} is not a signed program manifest ({error}): reinstall the release's "
            "program-manifest.json"
        ) from None
    try:
        key = serialization.load_pem_public_key(public_key_pem)
    except (ValueError, TypeError) as error:
        raise VerificationError(
            f"the release's public key cannot be read ({error}): install the key the "
            "release was signed with"
        ) from None
    if not isinstance(key, Ed25519PublicKey):
        raise VerificationError("the release's public key is not an Ed25519 key")
    try:
        key.verify(signature, manifest.payload())
    except InvalidSignature:
        raise VerificationError(
            f"program verification failed: the signature of {source} does not match the "
            "release's public key (the manifest was changed, or signed with another key)"
        ) from None
    return manifest


def compare(manifest: Manifest, actual: Mapping[str, str]) -> Verification:
    expected = manifest.files
    return Verification(
        release=manifest.release,
        files=len(actual),
        changed=tuple(
            name for name in sorted(expected) if name in actual and actual[name] != expected[name]
        ),
        missing=tuple(name for name in sorted(expected) if name not in actual),
        unexpected=tuple(name for name in sorted(actual) if name not in expected),
    )


def _read(path: Path, what: str) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise VerificationError(
            f"{what} {path} cannot be read ({error.strerror}): install it (deploy/install.sh)"
        ) from None


def verify_installation(
    prefix: Path = DEFAULT_PREFIX,
    *,
    public_key: Path = DEFAULT_PUBLIC_KEY,
    manifest: Path | None = None,
) -> Verification:
    """Check the installation at ``prefix`` against its signed manifest."""
    manifest_path = manifest if manifest is not None else prefix / MANIFEST_NAME
    key = _read(public_key, "the release's public key")
    text = _read(manifest_path, "the signed manifest").decode("utf-8", "replace")
    signed = load_signed_manifest(text, key, source=str(manifest_path))
    return compare(signed, digests(installed_program(prefix)))


def release_manifest(prefix: Path, *, release: str) -> Manifest:
    return Manifest(release=release, files=digests(installed_program(prefix)))
