"""The ``dealer-assist`` command line: one module per command group.

- :mod:`~dealer_assist.cli.app`: the parser, :func:`main` (the console script's entry point,
  ``dealer_assist.cli:main``) and what ``dealer-assist`` alone runs;
- :mod:`~dealer_assist.cli.common`: exit codes, shared options, the display check and the one
  configuration loader (:func:`~dealer_assist.cli.common.table_config`);
- a module per command group: ``coup``, ``run``, ``demo``, ``odds``, ``journal`` (and ``pin``),
  ``shoe`` (``mockshoe``, ``shoe pair``), ``tags``, ``vision`` (and ``camera``), ``screens``
  (``touchscreen``, ``scoreboard``, ``screenshot``).

The command modules parse and check arguments and hand over to the library; they hold no
library code of their own.
"""

from __future__ import annotations

from dealer_assist.cli.app import build_parser, main

__all__ = ["build_parser", "main"]
