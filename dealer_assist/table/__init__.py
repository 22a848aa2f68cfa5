"""The table runtime: the controller that owns the game, its events, snapshots and threads.

No Qt here: the same controller runs the headless table and, through a thin adapter, the screens.
"""
