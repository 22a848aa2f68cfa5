"""Writing a calibration into a TOML file: a layout file, or the ``[camera]`` section of the
table's configuration with everything else in it kept byte for byte (``camera calibrate``)."""

from __future__ import annotations

import re
import tomllib

# A table header line: [name], [[name]], [name.sub] (names as TOML writes them, no commas).
_HEADER = re.compile(r"""^\s*\[\[?\s*([A-Za-z0-9_\-."' ]+?)\s*\]\]?\s*(#.*)?$""")


def with_camera_section(text: str, camera_toml: str, *, where: str) -> str:
    """``text`` (a TOML document) with its ``[camera]`` tables replaced by ``camera_toml``.

    Everything else is kept byte for byte; the result is checked by reading it back, so a file
    this cannot edit safely is refused (``ValueError``) rather than damaged.
    """
    kept: list[str] = []
    in_camera = False
    first = camera_toml.splitlines()[0] if camera_toml.startswith("#") else None
    for line in text.splitlines(keepends=True):
        header = _HEADER.match(line)
        if header:
            name = header.group(1).replace('"', "").replace("'", "").replace(" ", "")
            in_camera = name == "camera" or name.startswith("camera.")
        if not in_camera and line.rstrip("\n") != first:  # the last calibration's heading
            kept.append(line)
    body = "".join(kept).rstrip()
    result = (body + "\n\n" if body else "") + camera_toml
    before = tomllib.loads(text)
    try:
        after = tomllib.loads(result)
    except tomllib.TOMLDecodeError:
        after = {}
    before.pop("camera", None)
    camera = after.pop("camera", None)
    if before != after or camera != tomllib.loads(camera_toml)["camera"]:
        raise ValueError(
            f"{where}: cannot replace its [camera] section safely (it is spread out or split "
            "oddly); write --out to a file of its own and point layout= at it"
        )
    return result
