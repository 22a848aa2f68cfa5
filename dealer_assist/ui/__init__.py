"""The croupier's touchscreen and the players' scoreboard (PySide6).

Only this package imports Qt. Its pure modules (:mod:`~dealer_assist.ui.presentation`,
:mod:`~dealer_assist.ui.auth`, :mod:`~dealer_assist.ui.simulation`)
import nothing heavy, so ``dealer-assist --help`` and the headless table never load Qt. Screens
render :class:`~dealer_assist.table.snapshot.Snapshot` objects and send commands; they hold no
game logic.
"""
