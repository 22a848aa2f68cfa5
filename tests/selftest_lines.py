"""Reading ``dealer-assist shoe selftest``'s report: one line per part, its verdict after the
part's name (tests/hardware against the firmware, tests/serial against the mock shoe)."""

from __future__ import annotations

from dealer_assist.drivers.shoe.selftest import PART_NAMES


def verdicts(output: str) -> dict[str, str]:
    """Each part's name and the first word of its verdict (``pass``, ``FAILED``, ``not``)."""
    found = {}
    for name, _hint in PART_NAMES.values():
        line = next((ln for ln in output.splitlines() if ln.strip().startswith(name)), None)
        assert line is not None, f"no line for {name} in:\n{output}"
        found[name] = line[len("  ") + 40 :].split()[0]
    return found
