"""The trainer for trainee dealers: items, the scheduler, drills, the exam, trainee records.

No Qt here (the screens are in ``dealer_assist/ui/training*.py``); docs/training.md describes
the items, the drill protocol and the exam.
"""
