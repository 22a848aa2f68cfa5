"""The table's one configuration file (TOML), read into typed, frozen settings.

Every key is documented in ``docs/configuration.md``. An invalid file raises
:class:`~dealer_assist.errors.ConfigError` naming the key, what was given and what is allowed.
Nothing is read from the environment or from home folders: what a table does is in its file.

One module per section, each with its dataclass (the defaults are written there once) and its
reader: ``table`` (:class:`TableConfig`, ``[table]``), ``rules`` (the variant, ``[rules]``),
``shoe``, ``settlement`` (``[commission]``, ``[limits]``), ``seats``, ``misdeal``, ``sources``,
``camera`` (into the camera's :mod:`dealer_assist.vision.settings`), ``journal``, ``odds``,
``bank``; ``reader`` checks every value (one reader for money and rates), ``loader`` reads the
file and puts the sections together.
"""

from __future__ import annotations

from dealer_assist.config.bank import BankConfig
from dealer_assist.config.camera import parse_camera_settings
from dealer_assist.config.journal import JournalSettings
from dealer_assist.config.loader import (
    default_config,
    load_config,
    parse_config,
    read_toml_file,
    warn_if_readable_by_others,
)
from dealer_assist.config.misdeal import MisdealRules
from dealer_assist.config.sources import SOURCE_ROLES, source_role
from dealer_assist.config.table import TableConfig
from dealer_assist.vision.settings import CameraMarker, CameraSettings, CameraZone

__all__ = [
    "SOURCE_ROLES",
    "BankConfig",
    "CameraMarker",
    "CameraSettings",
    "CameraZone",
    "JournalSettings",
    "MisdealRules",
    "TableConfig",
    "default_config",
    "load_config",
    "parse_camera_settings",
    "parse_config",
    "read_toml_file",
    "source_role",
    "warn_if_readable_by_others",
]
