"""The table's journal: every event, durable before it is applied, chained against tampering.

Modules, in the order the data flows:

* :mod:`~dealer_assist.journal.keys`: the keys derived from ``[journal] key`` (chain, seal,
  PINs).
* :mod:`~dealer_assist.journal.rows`: a record as a row (JSON, sealing, hashes), reading files.
* :mod:`~dealer_assist.journal.store`: the writer: appending, transactions, rotation.
* :mod:`~dealer_assist.journal.verify`: checking the hash chain and the checkpoints
  (``journal verify``).
* :mod:`~dealer_assist.journal.checkpoint`: the table's state as sealed, MAC'd data.
* :mod:`~dealer_assist.journal.recovery`: a table rebuilt from its journal after a restart.
* :mod:`~dealer_assist.journal.clock`: the one UTC clock, and its steps as events.
* :mod:`~dealer_assist.journal.auth`: roles and PINs in an authenticated file, every attempt
  journaled.
* :mod:`~dealer_assist.journal.export` and :mod:`~dealer_assist.journal.replay`: audit tools.

Nothing here imports Qt or a device library; the package is imported only by the commands
that use a journal.
"""
