"""The journal's keys: one secret in the configuration, separate keys derived for each use.

``[journal] key`` (text, at least 16 characters) never appears in a journal. From it come:

* the **chain key**, which keys the HMAC-SHA256 that links each record to the one before, so
  whoever edits, deletes or reorders records cannot compute the links again;
* the **seal key**, which hides a face-down card's value inside the journal until it is
  replayed (XOR with an HMAC-SHA256 keystream, unique per journal file and record), and the
  table's state in a checkpoint (the same, under a fresh nonce per checkpoint);
* the **fingerprint**, stored in each file, so a wrong key is reported as a wrong key and not
  as a tampered record;
* the **PIN key**, which authenticates the PIN file and is mixed into each PIN's hash
  (:mod:`.auth`), so the file can be neither edited nor searched without the key.

>>> key = JournalKey.from_text("correct horse battery staple")
>>> sealed = key.seal(b"AS", journal_id="j1", seq=7)
>>> sealed != "4153" and key.unseal(sealed, journal_id="j1", seq=7)
b'AS'
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from dealer_assist.errors import ConfigError

MIN_KEY_LENGTH = 16


def _derive(secret: bytes, purpose: str) -> bytes:
    return hmac.new(secret, f"dealer-assist journal {purpose} v1".encode(), hashlib.sha256).digest()


@dataclass(frozen=True, slots=True)
class JournalKey:
    chain: bytes
    seal_key: bytes
    fingerprint: str
    pin_key: bytes

    @classmethod
    def from_text(cls, text: str) -> JournalKey:
        """The keys for ``[journal] key``; a key shorter than 16 characters is refused."""
        if len(text.strip()) < MIN_KEY_LENGTH:
            raise ConfigError(
                "[journal] key",
                "key",
                f"the journal needs a key of at least {MIN_KEY_LENGTH} characters "
                "(e.g. 32 hex digits from `python -c 'import secrets; print(secrets.token_hex())'`)"
                ": without it anyone could rewrite the journal and its chain",
            )
        secret = text.strip().encode("utf-8")
        return cls(
            chain=_derive(secret, "chain"),
            seal_key=_derive(secret, "seal"),
            fingerprint=_derive(secret, "fingerprint").hex()[:16],
            pin_key=_derive(secret, "pins"),
        )

    def mac(self, data: bytes) -> str:
        return hmac.new(self.chain, data, hashlib.sha256).hexdigest()

    def _keystream(self, length: int, journal_id: str, seq: int) -> bytes:
        blocks = []
        for index in range((length + 31) // 32):
            label = f"{journal_id}:{seq}:{index}".encode()
            blocks.append(hmac.new(self.seal_key, label, hashlib.sha256).digest())
        return b"".join(blocks)[:length]

    def seal(self, plain: bytes, *, journal_id: str, seq: int) -> str:
        """``plain`` hidden, as hex; the chain's HMAC authenticates it."""
        stream = self._keystream(len(plain), journal_id, seq)
        return bytes(a ^ b for a, b in zip(plain, stream, strict=True)).hex()

    def unseal(self, sealed: str, *, journal_id: str, seq: int) -> bytes:
        data = bytes.fromhex(sealed)
        stream = self._keystream(len(data), journal_id, seq)
        return bytes(a ^ b for a, b in zip(data, stream, strict=True))

    def seal_bytes(self, plain: bytes, *, label: str) -> bytes:
        """``plain`` XORed with the seal key's keystream for ``label`` (a label is used once:
        a checkpoint's holds a fresh random nonce). Its own inverse; the caller MACs the result.

        >>> key = JournalKey.from_text("correct horse battery staple")
        >>> sealed = key.seal_bytes(b"face down: 9H", label="checkpoint:j1:00ff")
        >>> b"9H" in sealed, key.unseal_bytes(sealed, label="checkpoint:j1:00ff")
        (False, b'face down: 9H')
        """
        if not plain:
            return b""
        prefix = f"{label}:".encode()
        stream = b"".join(
            hmac.digest(self.seal_key, prefix + str(index).encode(), "sha256")
            for index in range((len(plain) + 31) // 32)
        )[: len(plain)]
        mixed = int.from_bytes(plain, "big") ^ int.from_bytes(stream, "big")
        return mixed.to_bytes(len(plain), "big")

    unseal_bytes = seal_bytes
