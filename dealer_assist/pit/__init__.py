"""The pit: tables publish to an MQTT broker, the pit boss follows them all (docs/pit.md).

- :mod:`.settings`: the ``[publish]`` section and broker URLs (no MQTT library needed);
- :mod:`.topics`: the topic names, exactly as documented, and the event messages' JSON;
- :mod:`.outbox`: the journal as the outbox (what the broker has not acknowledged is resent);
- :mod:`.publisher`: the table's side (paho-mqtt, MQTT v5, retained status with a last will);
- :mod:`.model`: the pit's view of many tables (dedupe by table, journal and seq; gaps);
- :mod:`.client`: the pit's side (a persistent session; asks tables to resend gaps);
- :mod:`.broker`: a Mosquitto child process with a generated configuration;
- :mod:`.certs`: the CA and the certificates (``dealer-assist pit certs``);
- :mod:`.simulate`: ``dealer-assist pit simulate``: a broker, mock tables and the pit.

Only :mod:`.settings`, :mod:`.topics` and :mod:`.model` are imported by the core; paho-mqtt and
cryptography (the ``pit`` extra) are imported by the modules that need them.
"""
