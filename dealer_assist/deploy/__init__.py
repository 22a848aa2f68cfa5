"""The table PC as a product: program verification, the service manager's watchdog, health.

* :mod:`~dealer_assist.deploy.program`: the installed program's files, their SHA-256 manifest,
  its Ed25519 signature (``dealer-assist release sign``, ``dealer-assist verify``) and the
  regulator's seeded HMAC-SHA1 (``dealer-assist verify --seed HEX``).
* :mod:`~dealer_assist.deploy.watchdog`: sd_notify (``READY=1``, ``WATCHDOG=1``), fed only while
  the table's thread answers.
* :mod:`~dealer_assist.deploy.health`: the clock, the journal's disk, the watchdog's restarts.
* :mod:`~dealer_assist.deploy.service`: the checks wired to a running table.

The files that install it all (systemd units, the kiosk, archiving) are in ``deploy/``;
docs/operations.md is the guide.
"""
