"""NFC card tags through PC/SC: :mod:`.reader` (one reader, its tags read and written) and
:mod:`.source` (the ``pcsc://`` card source built on it)."""
