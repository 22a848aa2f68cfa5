"""``dealer-assist verify`` and ``dealer-assist release sign|keygen``: program verification.

``verify`` checks the installed program against the release's signed manifest (exit 0: every
file matches; 1: a file differs, is missing or was added, or the manifest cannot be checked),
or with ``--seed HEX`` prints the HMAC-SHA1 a regulator's tool compares
(:mod:`dealer_assist.deploy.program` documents the files and their order).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from dealer_assist.deploy.program import (
    DEFAULT_PREFIX,
    DEFAULT_PUBLIC_KEY,
    MANIFEST_NAME,
    VerificationError,
    generate_key_pair,
    installed_program,
    parse_seed,
    release_manifest,
    seeded_hmac,
    sign_manifest,
    verify_installation,
)

EXIT_OK = 0
EXIT_FAILED = 1


def add_parser(commands: Any) -> None:
    verify = commands.add_parser(
        "verify",
        help="check the installed program against its signed manifest (or --seed: HMAC-SHA1)",
        description="Check every program file of the installation (the package, its "
        "dependencies, the shoe's firmware) against the release's Ed25519-signed SHA-256 "
        "manifest. Exit 0 when all match, 1 naming each file that does not.",
    )
    verify.add_argument(
        "--prefix",
        type=Path,
        default=DEFAULT_PREFIX,
        help="the installation (default %(default)s)",
    )
    verify.add_argument(
        "--public-key",
        type=Path,
        default=DEFAULT_PUBLIC_KEY,
        help="the release's public key, installed apart (default %(default)s)",
    )
    verify.add_argument(
        "--manifest", type=Path, help=f"the signed manifest (default PREFIX/{MANIFEST_NAME})"
    )
    verify.add_argument(
        "--seed",
        metavar="HEX",
        help="print the HMAC-SHA1 keyed with this seed over the program files, and nothing else",
    )
    verify.set_defaults(handler=cmd_verify)

    release = commands.add_parser(
        "release", help="make a release's signing key and signed program manifest"
    )
    actions = release.add_subparsers(dest="release_command", metavar="ACTION", required=True)
    sign = actions.add_parser(
        "sign",
        help="write the signed manifest of an installation built for release",
        description="Hash every program file of the installation at --prefix and sign the "
        "manifest with the release's Ed25519 private key.",
    )
    sign.add_argument("--prefix", type=Path, default=DEFAULT_PREFIX, help="default %(default)s")
    sign.add_argument("--key", type=Path, required=True, help="the release's private key (PEM)")
    sign.add_argument("--out", type=Path, help=f"default PREFIX/{MANIFEST_NAME}")
    sign.add_argument("--release", help="the release's name (default: the package's version)")
    sign.set_defaults(handler=cmd_release_sign)
    keygen = actions.add_parser(
        "keygen",
        help="make a new Ed25519 release key pair",
        description="Write a new private key (0600; keep it off the tables) and its public key "
        "(install it on every table as /etc/dealer-assist/release.pub).",
    )
    keygen.add_argument("--private", type=Path, required=True, help="the private key to write")
    keygen.add_argument("--public", type=Path, required=True, help="the public key to write")
    keygen.set_defaults(handler=cmd_release_keygen)


def cmd_verify(args: argparse.Namespace) -> int:
    if args.seed is not None:
        seed = parse_seed(args.seed)
        sys.stdout.write(seeded_hmac(installed_program(args.prefix), seed) + "\n")
        return EXIT_OK
    result = verify_installation(args.prefix, public_key=args.public_key, manifest=args.manifest)
    sys.stdout.write(result.summary() + "\n")
    for what, names in (
        ("changed", result.changed),
        ("missing", result.missing),
        ("unexpected", result.unexpected),
    ):
        for name in names:
            sys.stdout.write(f"{what}: {name}\n")
    return EXIT_OK if result.ok else EXIT_FAILED


def _installed_version(prefix: Path) -> str:
    from dealer_assist import __version__

    for info in sorted((prefix / "venv").glob("lib*/python3*/site-packages/dealer_assist-*")):
        if info.suffix == ".dist-info":
            return info.name.removeprefix("dealer_assist-").removesuffix(".dist-info")
    return __version__


def cmd_release_sign(args: argparse.Namespace) -> int:
    try:
        private = args.key.read_bytes()
    except OSError as error:
        raise VerificationError(f"{args.key}: {error.strerror}: give the release's key") from None
    manifest = release_manifest(
        args.prefix, release=args.release or _installed_version(args.prefix)
    )
    out: Path = args.out or args.prefix / MANIFEST_NAME
    out.write_text(sign_manifest(manifest, private), encoding="utf-8")
    sys.stdout.write(
        f"{out}: release {manifest.release}, {len(manifest.files)} program files signed\n"
    )
    return EXIT_OK


def _write_new(path: Path, data: bytes, mode: int) -> None:
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    except FileExistsError:
        raise VerificationError(
            f"{path} exists: a release key is never overwritten; choose another name"
        ) from None
    with os.fdopen(descriptor, "wb") as stream:
        stream.write(data)


def cmd_release_keygen(args: argparse.Namespace) -> int:
    private, public = generate_key_pair()
    _write_new(args.private, private, 0o600)
    _write_new(args.public, public, 0o644)
    sys.stdout.write(f"{args.private}: private key (keep it off the tables)\n")
    sys.stdout.write(f"{args.public}: public key (install as {DEFAULT_PUBLIC_KEY})\n")
    return EXIT_OK
