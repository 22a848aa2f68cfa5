"""Fuzz every configuration key: a file is a configuration or a ConfigError naming the key.

A few thousand cases here (derandomized, so CI sees the same ones); ``python
benchmarks/bench_fuzz_config.py`` runs many more with fresh seeds.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from tests.table.config_fuzz import check_file, files

CI = settings(
    max_examples=2000,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def test_every_file_is_a_configuration_or_names_the_key(tmp_path_factory) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path_factory.mktemp("fuzz") / "table.toml"

    @CI
    @given(files())
    def load(data: bytes) -> None:
        check_file(path, data)

    load()
