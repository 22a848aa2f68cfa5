"""``dealer-assist pit certs``: a CA, the broker's certificate, the pit's, one per table.

Made with the ``cryptography`` package (no shell scripts, no openssl command). Each client
certificate's common name is the identity Mosquitto uses as the user name
(``use_identity_as_username``): a table's CN is its table id, the pit's is ``pit``. Private keys
are written readable by their owner only.
"""

from __future__ import annotations

import datetime
import ipaddress
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from dealer_assist.pit.mqtt import PitError
from dealer_assist.pit.settings import valid_table_id

PIT_IDENTITY = "pit"


def _crypto() -> Any:
    try:
        from cryptography import x509
    except ModuleNotFoundError:
        raise PitError(
            "pit certs needs the cryptography package: pip install 'dealer-assist[pit]'"
        ) from None
    return x509


def _write(path: Path, data: bytes, *, secret: bool) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
    handle = os.open(path, flags, 0o600 if secret else 0o644)
    with os.fdopen(handle, "wb") as out:
        out.write(data)
    if secret:
        os.chmod(path, 0o600)
    return path


def _key() -> Any:
    from cryptography.hazmat.primitives.asymmetric import ec

    return ec.generate_private_key(ec.SECP256R1())


def _key_pem(key: Any) -> bytes:
    from cryptography.hazmat.primitives import serialization

    data: bytes = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    return data


def _cert_pem(cert: Any) -> bytes:
    from cryptography.hazmat.primitives import serialization

    data: bytes = cert.public_bytes(serialization.Encoding.PEM)
    return data


def _name(common_name: str) -> Any:
    x509 = _crypto()
    from cryptography.x509.oid import NameOID

    return x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "dealer-assist pit"),
            x509.NameAttribute(NameOID.COMMON_NAME, common_name),
        ]
    )


def _issue(
    subject: str,
    key: Any,
    *,
    issuer: tuple[Any, Any] | None,
    days: int,
    ca: bool = False,
    server_names: Sequence[str] = (),
) -> Any:
    x509 = _crypto()
    from cryptography.hazmat.primitives import hashes
    from cryptography.x509.oid import ExtendedKeyUsageOID

    now = datetime.datetime.now(datetime.UTC)
    issuer_cert, issuer_key = issuer if issuer is not None else (None, key)
    builder = (
        x509.CertificateBuilder()
        .subject_name(_name(subject))
        .issuer_name(issuer_cert.subject if issuer_cert is not None else _name(subject))
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=days))
        .add_extension(x509.BasicConstraints(ca=ca, path_length=0 if ca else None), True)
    )
    if ca:
        builder = builder.add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            True,
        )
    else:
        usage = ExtendedKeyUsageOID.SERVER_AUTH if server_names else ExtendedKeyUsageOID.CLIENT_AUTH
        builder = builder.add_extension(x509.ExtendedKeyUsage([usage]), False)
    if server_names:
        alternatives: list[Any] = []
        for name in server_names:
            try:
                alternatives.append(x509.IPAddress(ipaddress.ip_address(name)))
            except ValueError:
                alternatives.append(x509.DNSName(name))
        builder = builder.add_extension(x509.SubjectAlternativeName(alternatives), False)
    return builder.sign(issuer_key, hashes.SHA256())


def make_certificates(
    out: Path,
    *,
    tables: Sequence[str],
    broker_hosts: Sequence[str] = ("localhost", "127.0.0.1"),
    days: int = 825,
) -> list[Path]:
    """Write ``ca.pem`` (and ``ca.key``), ``broker.pem``/``.key``, ``pit.pem``/``.key`` and
    ``<table>.pem``/``.key`` for each table into ``out``; the paths written, in that order."""
    for table in tables:
        if not valid_table_id(table) or table == PIT_IDENTITY:
            raise PitError(
                f"{table!r} is not a table id: letters, digits, - and _ (and not {PIT_IDENTITY!r})"
            )
    written: list[Path] = []
    ca_key = _key()
    ca_cert = _issue("dealer-assist pit CA", ca_key, issuer=None, days=days, ca=True)
    written.append(_write(out / "ca.pem", _cert_pem(ca_cert), secret=False))
    written.append(_write(out / "ca.key", _key_pem(ca_key), secret=True))
    subjects = [("broker", broker_hosts)] + [(name, ()) for name in (PIT_IDENTITY, *tables)]
    for subject, hosts in subjects:
        key = _key()
        cert = _issue(
            subject if subject != "broker" else (hosts[0] if hosts else "broker"),
            key,
            issuer=(ca_cert, ca_key),
            days=days,
            server_names=hosts,
        )
        written.append(_write(out / f"{subject}.pem", _cert_pem(cert), secret=False))
        written.append(_write(out / f"{subject}.key", _key_pem(key), secret=True))
    return written
