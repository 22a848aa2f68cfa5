"""The training report's Qt application is the widgets' kind: a report written before a screen
is shown in the same process (the CLI's `train report`, then the UI) must not leave a bare
QGuiApplication that the screens cannot use (found by a test order: test_training_config's
report before test_ui_scoreboard)."""

from PySide6.QtWidgets import QApplication

from dealer_assist.ui.training_report import _application


def test_the_report_makes_or_reuses_a_widgets_application() -> None:
    app = _application()
    assert isinstance(app, QApplication)
    assert _application() is app
